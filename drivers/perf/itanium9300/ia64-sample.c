// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: decoding the EARs and the execution trace buffer.
 *
 * The caller reads the registers while PMC0.fr is set: PMD32-39 and
 * PMD48-63 are undefined otherwise (3.3.1).
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>

#include "ia64-event.h"
#include "ia64-sample.h"

/* PMD33.stat / PMD34.stat in TLB mode: where the miss was resolved. */
static u64 ia64_tlb_src(unsigned int stat)
{
	switch (stat) {
	case 1:		/* L1 TLB miss, L2 TLB hit */
		return PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, HIT);
	case 2:		/* found by the hardware walker in the VHPT */
		return PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT);
	default:	/* TLB miss fault: the OS resolves it */
		return PERF_MEM_S(TLB, OS) | PERF_MEM_S(TLB, MISS);
	}
}

static u64 ia64_pmd36_ip(u64 pmd36)
{
	u64 ip = pmd36 & IA64_PMD36_IP;

	/* bn: the second bundle of the dispersal window (Table 3-21). */
	if (pmd36 & IA64_PMD36_BN)
		ip += 16;
	return ip | FIELD_GET(IA64_PMD36_SLOT, pmd36);
}

/**
 * ia64_decode_dear() - decode a data EAR capture (Tables 3-21, 3-23, 3-24)
 * @mode: PMC40.mode the EAR ran in
 * @pmd32: data address
 * @pmd33: latency and status
 * @pmd36: instruction address and its valid bit
 * @s: filled with the capture
 */
void ia64_decode_dear(unsigned int mode, u64 pmd32, u64 pmd33, u64 pmd36,
		      struct ia64_ear_sample *s)
{
	unsigned int stat = FIELD_GET(IA64_PMD33_STAT, pmd33);

	*s = (struct ia64_ear_sample) {};
	s->data_src = PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
	if (!stat)
		return;
	s->valid = true;
	if (pmd36 & IA64_PMD36_VL) {
		s->ip_valid = true;
		s->ip = ia64_pmd36_ip(pmd36);
	}
	switch (mode) {
	case IA64_DEAR_MODE_CACHE:
		s->addr_valid = true;
		s->addr = pmd32;
		s->latency = pmd33 & IA64_PMD33_OV ? IA64_DEAR_LATENCY_OVF :
			     FIELD_GET(IA64_PMD33_LATENCY, pmd33);
		s->data_src = PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, L1) |
			      PERF_MEM_S(LVL, MISS);
		break;
	case IA64_DEAR_MODE_TLB:
		/* Loads and stores alike; the latency is undefined. */
		s->addr_valid = true;
		s->addr = pmd32;
		s->data_src = PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
			      ia64_tlb_src(stat);
		break;
	default:
		/* ALAT: only the failing chk.a or ld.c is known. */
		s->data_src = PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, NA);
		break;
	}
}
EXPORT_SYMBOL_IF_KUNIT(ia64_decode_dear);

/**
 * ia64_decode_qear() - decode a QEAR measurement (Tables 5-5 to 5-7)
 * @dat0: CPE_CSR_QEAR_DAT0
 * @dat1: CPE_CSR_QEAR_DAT1
 * @ctl: CPE_CSR_QEAR_CTL, whose cnt holds the latency
 * @s: filled with the measurement; not valid while DAT0.inprog is set,
 *	since the latency may then belong to another request (5.3, step 5)
 *
 * The data source says only what DAT1.data_cmp says: set, the data came
 * from the home agent (memory); clear, nothing is known, since a home
 * agent may send DataC* and Cmp apart (the note in 5.3) and
 * DataC*_FrcAckCnflct leaves the bit clear.
 */
void ia64_decode_qear(u64 dat0, u64 dat1, u64 ctl, struct ia64_qear_sample *s)
{
	*s = (struct ia64_qear_sample) {};
	s->data_src = PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
	if (dat0 & IA64_QEAR_DAT0_INPROG)
		return;
	s->valid = true;
	s->phys_addr = (dat0 & IA64_QEAR_DAT0_PA_LO) |
		       (FIELD_GET(IA64_QEAR_DAT1_PA_HI, dat1) << 32);
	s->latency = dat0 & IA64_QEAR_DAT0_OV ? IA64_QEAR_LATENCY_OVF :
		     FIELD_GET(IA64_QEAR_CTL_CNT, ctl);
	s->mc = FIELD_GET(IA64_QEAR_DAT1_MC, dat1);
	s->opcode = FIELD_GET(IA64_QEAR_DAT0_OP, dat0);
	s->hnid = FIELD_GET(IA64_QEAR_DAT1_HNID, dat1);
	s->data_cmp = dat1 & IA64_QEAR_DAT1_DATA_CMP;
	if (s->data_cmp)
		s->data_src |= PERF_MEM_S(LVLNUM, RAM);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_decode_qear);

/**
 * ia64_qear_ctl() - CPE_CSR_QEAR_CTL for a QEAR sampled on @thread
 * @ev: the cpe_cpp_misc.cear event: its message classes (mc) and latency
 *	threshold (thresh)
 * @thread: the core's thread (0 or 1) whose PMD counts the measurements
 *	and whose freeze stops the QEAR (ot)
 *
 * Every request of the classes is eligible: lfsr_msk bypasses the LFSR,
 * whose start 5.3 leaves to PAL; opmsk masks every opcode bit, so that
 * the match holds whatever op means (Table 5-5's formula reads as
 * matching the complement of op); regular, not v64, measurements.
 *
 * Return: the register value.
 */
u64 ia64_qear_ctl(const struct ia64_event *ev, unsigned int thread)
{
	return IA64_QEAR_CTL_EN | IA64_QEAR_CTL_LFSR_MSK |
	       FIELD_PREP(IA64_QEAR_CTL_OT, thread & 1) |
	       FIELD_PREP(IA64_QEAR_CTL_MC, ev->qear_mc) |
	       FIELD_PREP(IA64_QEAR_CTL_THRESH, ev->qear_thresh) |
	       IA64_QEAR_CTL_OPMSK;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_qear_ctl);

/**
 * ia64_decode_iear() - decode an instruction EAR capture (3.3.8)
 * @mode: IA64_IEAR_MODE_CACHE or IA64_IEAR_MODE_TLB
 * @pmd34: instruction cache line address and status
 * @pmd35: latency
 * @s: filled with the capture; the line address is also the sample's IP
 */
void ia64_decode_iear(unsigned int mode, u64 pmd34, u64 pmd35,
		      struct ia64_ear_sample *s)
{
	unsigned int stat = FIELD_GET(IA64_PMD34_STAT, pmd34);

	*s = (struct ia64_ear_sample) {};
	s->data_src = PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
	/* Cache mode: stat x1 is valid; TLB mode: any nonzero status. */
	if (mode == IA64_IEAR_MODE_CACHE ? !(stat & 1) : !stat)
		return;
	s->valid = true;
	s->addr_valid = true;
	s->ip_valid = true;
	s->addr = pmd34 & IA64_PMD34_ADDR;
	s->ip = s->addr;
	if (mode == IA64_IEAR_MODE_CACHE) {
		s->latency = pmd35 & IA64_PMD35_OV ? IA64_IEAR_LATENCY_OVF :
			     FIELD_GET(IA64_PMD35_LATENCY, pmd35);
		s->data_src = PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, L1) |
			      PERF_MEM_S(LVL, MISS);
	} else {
		s->data_src = PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
			      ia64_tlb_src(stat);
	}
}
EXPORT_SYMBOL_IF_KUNIT(ia64_decode_iear);

static unsigned int ia64_etb_ext(u64 pmd39, unsigned int entry)
{
	return (pmd39 >> ia64_etb_ext_shift(entry)) & 0xf;
}

static u64 ia64_etb_source(u64 e, unsigned int ext)
{
	u64 addr = e & IA64_ETB_ADDR;
	unsigned int slot = FIELD_GET(IA64_ETB_SLOT, e);

	if (ext & IA64_ETB_EXT_B1)
		addr += 16;
	return slot == IA64_ETB_SLOT_NOT_TAKEN ? addr : addr | slot;
}

/*
 * The filled part of the ring, from PMD38: the number of entries, and in
 * @start the oldest one's index (ebi once the buffer has wrapped).
 */
static unsigned int ia64_etb_span(u64 pmd38, unsigned int *start)
{
	unsigned int ebi = FIELD_GET(IA64_PMD38_EBI, pmd38);

	if (pmd38 & IA64_PMD38_FULL) {
		*start = ebi;
		return IA64_ETB_ENTRIES;
	}
	*start = 0;
	return ebi;
}

/**
 * ia64_decode_etb() - branch entries from the execution trace buffer
 * @pmd38: index register: next entry to write (ebi) and the full bit
 * @pmd39: extension register
 * @etb: PMD48-63
 * @out: filled with the branches, most recent first
 * @max: room in @out
 *
 * The buffer holds sources (s = 1) each followed by its target (s = 0,
 * mp = 1), or by the next source when the target bundle held a captured
 * branch itself (3.3.10). Entries with s = 0 and mp = 0 are empty; a
 * target whose source was overwritten is dropped.
 *
 * Return: the number of entries written to @out.
 */
unsigned int ia64_decode_etb(u64 pmd38, u64 pmd39,
			     const u64 etb[IA64_ETB_ENTRIES],
			     struct perf_branch_entry *out, unsigned int max)
{
	unsigned int start, count = ia64_etb_span(pmd38, &start);
	unsigned int k, n = 0, i;

	for (k = 0; k < count && n < max; k++) {
		unsigned int idx = (start + k) % IA64_ETB_ENTRIES;
		u64 e = etb[idx];
		struct perf_branch_entry *b;

		if (!(e & IA64_ETB_S))
			continue;
		b = &out[n++];
		*b = (struct perf_branch_entry) {};
		b->from = ia64_etb_source(e, ia64_etb_ext(pmd39, idx));
		b->mispred = !!(e & IA64_ETB_MP);
		b->predicted = !b->mispred;
		if (k + 1 < count) {
			u64 next = etb[(idx + 1) % IA64_ETB_ENTRIES];

			if (next & (IA64_ETB_S | IA64_ETB_MP))
				b->to = next & IA64_ETB_ADDR;
			if (!(next & IA64_ETB_S))
				k++;
		}
	}
	/* Oldest first so far; perf wants the most recent first. */
	for (i = 0; i < n / 2; i++)
		swap(out[i], out[n - 1 - i]);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_decode_etb);

/* One IP-EAR entry: the retired IP and the cycles since the one before. */
static u64 ia64_ipear_ip(u64 e)
{
	return FIELD_GET(IA64_IPEAR_IP, e) << 12 |
	       FIELD_GET(IA64_IPEAR_IP_LO, e) << 4;
}

static unsigned int ia64_ipear_cycles(u64 e, unsigned int ext)
{
	return FIELD_GET(IA64_IPEAR_EXT_CYCL_HI, ext) << 4 |
	       FIELD_GET(IA64_IPEAR_CYCL_LO, e);
}

/**
 * ia64_decode_ipear() - retired-IP pairs from the trace buffer in IP-EAR mode
 * @pmd38: index register: next entry to write (ebi) and the full bit
 * @pmd39: extension register: per entry the cycle count's high bits,
 *	   the flush bit and the early-freeze bit
 * @etb: PMD48-63
 * @out: filled with the pairs, most recent first
 * @max: room in @out
 *
 * Each branch entry is a pair of successive captured IPs: @from the older,
 * @to the younger, and @cycles the elapsed cycles between their
 * retirements (saturating at 63, Table 3-30). The youngest entry is never
 * used: at a normal freeze it is the extra capture whose IP may be wrong
 * (3.3.10.2.1), and an early-freeze entry (ef = 1) holds the remaining
 * delay where the low IP bits would be.
 *
 * Return: the number of entries written to @out.
 */
unsigned int ia64_decode_ipear(u64 pmd38, u64 pmd39,
			       const u64 etb[IA64_ETB_ENTRIES],
			       struct perf_branch_entry *out, unsigned int max)
{
	unsigned int start, count = ia64_etb_span(pmd38, &start);
	unsigned int k, n = 0;

	if (count < 3)
		return 0;
	/* Pairs k, k + 1 from the youngest usable one back, oldest is 0. */
	for (k = count - 2; k-- > 0 && n < max;) {
		unsigned int from = (start + k) % IA64_ETB_ENTRIES;
		unsigned int to = (from + 1) % IA64_ETB_ENTRIES;
		unsigned int to_ext = ia64_etb_ext(pmd39, to);
		struct perf_branch_entry *b;

		if ((ia64_etb_ext(pmd39, from) | to_ext) & IA64_IPEAR_EXT_EF)
			continue;
		b = &out[n++];
		*b = (struct perf_branch_entry) {};
		b->from = ia64_ipear_ip(etb[from]);
		b->to = ia64_ipear_ip(etb[to]);
		b->cycles = ia64_ipear_cycles(etb[to], to_ext);
	}
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_decode_ipear);
