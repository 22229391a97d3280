// SPDX-License-Identifier: GPL-2.0-only
/*
 * A register-level model of an Itanium 9300 thread's PMU.
 *
 * What it implements, from chapter 3: PMC/PMD4-15 count the event their
 * es and umask select (PMD5/8 and PMD7/9 take an L2D event's unit mask
 * from PMC4 and PMC6, 4.8.4), by the threshold rule, while the monitor is
 * enabled: PMC0.fr clear, plm[PSR.cpl] set, ism '10 and PSR.pp (pm = 1)
 * or PSR.up (pm = 0) (3.3.1). Counters are 47 bits wide; a carry out of
 * bit 46 sets the counter's PMC0 bit and, with oi, PMC0.fr and the
 * interrupt (3.3.4, 3.4.1); reads sign-extend bit 46 (Table 3-6). The
 * four tag channels apply the instruction ranges of IBRP0-3 (fine ranges
 * 0 and 1 included) and the opcode matchers OpCM0/1 as PMC32-36 and PMC38
 * say, channel 0 to the events the catalogue marks qualifiable and
 * channel n to IA64_TAGGED_INST_RETIRED with unit mask n; DBRP0 qualifies
 * memory events as PMC41 says. The data and
 * instruction EARs latch a qualifying miss only while their valid bits
 * are clear; the ETB is a ring of 16 with the index register PMD38, which
 * PMC42.mode = 100 turns into the IP-EAR: every retired IP with its
 * elapsed cycles, and one more entry when the freeze delay ends (3.3.10.2).
 * PMD32-39 and 48-63 read as garbage unless PMC0.fr is set.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/math.h>
#include <linux/ptrace.h>
#include <pmu-suite-test/model.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-model.h"
#include "ia64-catalogue.h"
#include "ia64-event.h"

#define WRAP		BIT_ULL(IA64_COUNTER_WIDTH)
#define UNDEFINED	0xdeadbeefdeadbeefULL

/* Exported for the live guest's module (tools/testing/live/). */
struct ia64_model ia64_model;
EXPORT_SYMBOL_IF_KUNIT(ia64_model);

void ia64_model_reset(void)
{
	ia64_model = (struct ia64_model) {
		.psr_pp = true,
	};
	/* PAL's reset values (3.4.2, Table 3-10). */
	ia64_model.pmc[IA64_PMC_OPCM0_MASK] = IA64_OPCM_RESET;
	ia64_model.pmc[IA64_PMC_OPCM0_MATCH] = IA64_OPCM_BITS;
	ia64_model.pmc[IA64_PMC_OPCM1_MASK] = IA64_OPCM_RESET;
	ia64_model.pmc[IA64_PMC_OPCM1_MATCH] = IA64_OPCM_BITS;
	ia64_model.pmc[IA64_PMC_IAR] = IA64_IAR_RESET;
	ia64_model.pmc[IA64_PMC_DAR] = IA64_DAR_RESET;
	ia64_model.pmc[IA64_PMC_OPC_CFG] = IA64_OPC_CFG_IG_ALL;
	ia64_model.itype = IA64_OPCM_M;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_reset);

static bool frozen(void)
{
	return ia64_model.pmc[0] & IA64_PMC0_FR;
}

static bool monitor_on(unsigned int plm, bool pm)
{
	if (frozen() || !(plm & BIT(ia64_model.cpl)))
		return false;
	return pm ? ia64_model.psr_pp : ia64_model.psr_up;
}

/* Address match of a breakpoint pair: mask bits 55:0, 63:56 always. */
static bool pair_match(u64 addr, u64 base, u64 mask)
{
	u64 diff = addr ^ base;

	return !(diff & ~IA64_BR_MASK) && !(diff & mask & IA64_BR_MASK);
}

/* PMC38's ig_ibrp bit of each pair (Table 3-9). */
static const u64 ig_ibrp[] = {
	IA64_IAR_IG_IBRP0, IA64_IAR_IG_IBRP1, IA64_IAR_IG_IBRP2,
	IA64_IAR_IG_IBRP3,
};

/*
 * PMC38.fine (3.3.5.1, 3.3.5.4): range 0 is IBRP0 and IBRP2, range 1
 * IBRP1 and IBRP3; bits 63:16 match the lower pair under its mask, bits
 * 15:0 lie strictly between the two limits. The upper pair must be
 * enabled too. Ranges 2 and 3 are not defined in fine mode: they match
 * nothing here.
 */
static bool fine_match(unsigned int n)
{
	struct ia64_model *m = &ia64_model;
	u64 low = IA64_FINE_WINDOW - 1;

	if (n >= 2 || (m->pmc[IA64_PMC_IAR] & ig_ibrp[n + 2]))
		return false;
	return pair_match(m->ip & ~low, m->ibr[2 * n] & ~low,
			  m->ibr[2 * n + 1] & ~low) &&
	       (m->ip & low) > (m->ibr[2 * n] & low) &&
	       (m->ip & low) < (m->ibr[2 * n + 4] & low);
}

/*
 * The instruction range tag of IBRP @n (3.3.5.1-3): every instruction
 * while PMC38.ig_ibrp<n> (or, for IBRP0, PMC32.ig_ad) is set, else a
 * match of the pair and of its plm; PMC32.inv inverts IBRP0's.
 */
static bool range_tag(unsigned int n)
{
	struct ia64_model *m = &ia64_model;
	u64 opcm = m->pmc[IA64_PMC_OPCM0_MASK];
	bool ibr;

	if ((n == 0 && (opcm & IA64_OPCM_IG_AD)) ||
	    (m->pmc[IA64_PMC_IAR] & ig_ibrp[n]))
		return true;
	ibr = (m->pmc[IA64_PMC_IAR] & IA64_IAR_FINE ? fine_match(n) :
	       pair_match(m->ip, m->ibr[2 * n], m->ibr[2 * n + 1])) &&
	      (FIELD_GET(IA64_IBR_PLM, m->ibr[2 * n + 1]) & BIT(m->cpl));
	return n == 0 && (opcm & IA64_OPCM_INV) ? !ibr : ibr;
}

/*
 * The opcode tag of channel @c (3.3.6.2): OpCM0 (PMC32/33) for channels
 * 0 and 2, OpCM1 (PMC34/35) for 1 and 3, unless PMC36 leaves the channel
 * unconstrained.
 */
static bool opc_tag(unsigned int c)
{
	struct ia64_model *m = &ia64_model;
	u64 mask = m->pmc[c & 1 ? IA64_PMC_OPCM1_MASK : IA64_PMC_OPCM0_MASK];
	u64 match = m->pmc[c & 1 ? IA64_PMC_OPCM1_MATCH : IA64_PMC_OPCM0_MATCH];

	if (m->pmc[IA64_PMC_OPC_CFG] & BIT_ULL(c))
		return true;
	return (mask & m->itype) &&
	       !((m->opcode ^ match) & ~mask & IA64_OPCM_BITS);
}

/* Tag channel @c: Tag(IBRPc_OpCM(c mod 2)) of 3.3.6.2. */
static bool channel_tag(unsigned int c)
{
	return range_tag(c) && opc_tag(c);
}

static bool dar_ok(void)
{
	struct ia64_model *m = &ia64_model;
	u64 dar = m->pmc[IA64_PMC_DAR];
	bool dbr = pair_match(m->daddr, m->dbr[0], m->dbr[1]);

	if (!(dar & IA64_DAR_EN_DBRP0))
		return true;
	switch (FIELD_GET(IA64_DAR_CFGDTAG0, dar)) {
	case IA64_DTAG_IBR_OPC_DBR:
		return channel_tag(0) && dbr;
	case IA64_DTAG_IBR_OPC:
		return channel_tag(0);
	case IA64_DTAG_DBR:
		return dbr;
	default:
		return true;
	}
}

/*
 * IA64_TAGGED_INST_RETIRED counts its unit mask's channel. IBRP1 events
 * take their instruction range from IBRP1, matched against the
 * prefetch's target (3.3.5.2), which the model takes to be @ip; so do the
 * IBRP0/IBRP1 events for a line that was prefetched (@prefetched). Other
 * events see channel 0: its range if they occur before dispersal (the I A
 * R column alone), the opcode match too after it (3.3.5.1), and the data
 * range under PMC41 if they are memory events.
 */
static bool qualifies(u8 es, u8 umask)
{
	const struct ia64_catalogue_event *c = ia64_catalogue_find(es, umask);

	if (!c)
		return true;
	if (es == IA64_CODE_INST_RETIRED)
		return channel_tag(umask);
	if ((c->flags & IA64_EV_IBRP1) ||
	    ((c->flags & IA64_EV_IBRP0_1) && ia64_model.prefetched))
		return range_tag(1);
	if ((c->flags & IA64_EV_IAR) && !range_tag(0))
		return false;
	if ((c->flags & IA64_EV_OPC) && !opc_tag(0))
		return false;
	return !(c->flags & IA64_EV_DAR) || dar_ok();
}

/* The unit mask counter @i applies: PMC4's or PMC6's for L2D events. */
static u8 effective_umask(unsigned int i, u8 es)
{
	const struct ia64_catalogue_event *c;
	u64 pmc = ia64_model.pmc[i];

	c = ia64_catalogue_find(es, FIELD_GET(IA64_PMC_UMASK, pmc));
	if (c && (c->flags & IA64_EV_L2D_SET)) {
		if (i == 5 || i == 8)
			pmc = ia64_model.pmc[4];
		else if (i == 7 || i == 9)
			pmc = ia64_model.pmc[6];
	}
	return FIELD_GET(IA64_PMC_UMASK, pmc);
}

static void etb_push(u64 entry);

static bool ipear_mode(void)
{
	return FIELD_GET(IA64_IPEAR_MODE, ia64_model.pmc[IA64_PMC_IPEAR]) ==
	       IA64_IPEAR_MODE_IPEAR;
}

/* Set entry @idx's nibble of PMD39, in the order of Table 3-32. */
static void ipear_set_ext(unsigned int idx, unsigned int ext)
{
	unsigned int shift = ia64_etb_ext_shift(idx);
	u64 *pmd39 = &ia64_model.pmd[IA64_PMD_ETB_EXT];

	*pmd39 = (*pmd39 & ~(0xfULL << shift)) | (u64)ext << shift;
}

static void ipear_push(u64 ip, unsigned int cycles, unsigned int flags)
{
	unsigned int idx = FIELD_GET(IA64_PMD38_EBI,
				     ia64_model.pmd[IA64_PMD_ETB_INDEX]);

	cycles = min_t(unsigned int, cycles, IA64_IPEAR_CYCLES_MAX);
	etb_push(FIELD_PREP(IA64_IPEAR_CYCL_LO, cycles & 0xf) |
		 FIELD_PREP(IA64_IPEAR_IP, ip >> 12) |
		 FIELD_PREP(IA64_IPEAR_IP_LO, (ip >> 4) & 0xff));
	ipear_set_ext(idx, FIELD_PREP(IA64_IPEAR_EXT_CYCL_HI, cycles >> 4) | flags);
}

/*
 * The PMU froze: the IP-EAR runs on for its delay and then captures one
 * last entry, whose IP need not be a retired one (3.3.10.2.1).
 */
static void ipear_freeze(void)
{
	u64 pmc = ia64_model.pmc[IA64_PMC_IPEAR];

	if (ipear_mode() && (FIELD_GET(IA64_IPEAR_PLM, pmc) & BIT(ia64_model.cpl)))
		ipear_push(UNDEFINED, FIELD_GET(IA64_IPEAR_DELAY, pmc), 0);
}

/* What counter @i adds per cycle in which the event occurs @v times. */
static unsigned int increment(unsigned int i, u8 es, u8 umask, unsigned int v)
{
	u64 pmc = ia64_model.pmc[i];
	unsigned int thr = FIELD_GET(IA64_PMC_THRESHOLD, pmc);

	if (FIELD_GET(IA64_PMC_ES, pmc) != es || effective_umask(i, es) != umask)
		return 0;
	if (FIELD_GET(IA64_PMC_ISM, pmc) != IA64_ISM_IA64 ||
	    !monitor_on(FIELD_GET(IA64_PMC_PLM, pmc), pmc & IA64_PMC_PM))
		return 0;
	if (!qualifies(es, umask))
		return 0;
	return thr ? v > thr : v;
}

/**
 * ia64_model_cycles() - the event occurs @per_cycle times in each of @cycles
 * @es: event code
 * @umask: unit mask
 * @per_cycle: occurrences per cycle
 * @cycles: how many cycles
 *
 * Counting stops when an overflow with oi freezes the PMU.
 *
 * Return: the cycles left when it stopped.
 */
u64 ia64_model_cycles(u8 es, u8 umask, unsigned int per_cycle, u64 cycles)
{
	struct ia64_model *m = &ia64_model;
	unsigned int inc[IA64_LAST_COUNTER + 1], i;

	while (cycles && !frozen()) {
		u64 step = cycles;

		for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++) {
			inc[i] = increment(i, es, umask, per_cycle);
			if (inc[i] && (m->pmc[i] & IA64_PMC_OI))
				step = min(step, DIV_ROUND_UP(WRAP - m->pmd[i], inc[i]));
		}
		for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++) {
			u64 v = m->pmd[i] + inc[i] * step;

			if (!inc[i])
				continue;
			if (v >= WRAP) {
				m->pmc[0] |= BIT_ULL(i);
				if (m->pmc[i] & IA64_PMC_OI) {
					m->pmc[0] |= IA64_PMC0_FR;
					m->irq_pending = true;
					ipear_freeze();
				}
			}
			m->pmd[i] = v & IA64_PMD_COUNT;
		}
		cycles -= step;
	}
	return cycles;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_cycles);

/**
 * ia64_model_count_selected() - every event a counter selects occurs @n times
 * @n: occurrences, once per cycle
 * @interrupt: takes the interrupt when an overflow froze the PMU, after
 *	which counting goes on
 *
 * Each (event, unit mask) pair once, however many counters select it. The
 * EAR events count captures, not cycles, and are left out.
 */
void ia64_model_count_selected(u64 n, void (*interrupt)(void))
{
	u16 seen[IA64_LAST_COUNTER + 1];
	unsigned int i, j, nseen = 0;

	for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++) {
		u8 es = FIELD_GET(IA64_PMC_ES, ia64_model.pmc[i]);
		unsigned int guard = 64;
		u64 left = n;
		u16 key;

		/* A counter no level enables selects nothing. */
		if (!FIELD_GET(IA64_PMC_PLM, ia64_model.pmc[i]) ||
		    es == IA64_CODE_DATA_EAR || es == IA64_CODE_L1I_EAR)
			continue;
		key = es << 8 | effective_umask(i, es);
		for (j = 0; j < nseen && seen[j] != key; j++)
			;
		if (j < nseen)
			continue;
		seen[nseen++] = key;
		while ((left = ia64_model_cycles(es, key & 0xff, 1, left)) &&
		       ia64_model.irq_pending && guard--)
			interrupt();
	}
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_count_selected);

/**
 * ia64_model_count() - the event occurs @n times, once per cycle
 * @es: event code
 * @umask: unit mask
 * @n: occurrences
 */
void ia64_model_count(u8 es, u8 umask, u64 n)
{
	ia64_model_cycles(es, umask, 1, n);
}

/*
 * The QEAR takes a request when enabled and not stopped by the freeze of
 * the thread ot names; the model is that thread's PMU, so a measurement
 * on behalf of the other thread's ot is never stopped. A measurement
 * counts CPE_CPP_MISC.CEAR when its latency reaches thresh (Table 5-5).
 */
static bool qear_takes(void)
{
	u64 ctl = ia64_model.qear_ctl;

	return (ctl & IA64_QEAR_CTL_EN) &&
	       !(FIELD_GET(IA64_QEAR_CTL_OT, ctl) == ia64_model.thread && frozen());
}

/**
 * ia64_model_qear_start() - the QEAR takes an outbound request (5.3)
 * @pa: its physical address (bits 49:6 are logged)
 * @mc: its message class, as DAT1.mc
 * @op: its QPI opcode
 * @hnid: the node ID of its home agent
 *
 * The address, class, opcode and home node are logged at once, the
 * counter restarts, and DAT0.inprog is set until ia64_model_qear_done().
 */
void ia64_model_qear_start(u64 pa, u8 mc, u8 op, u16 hnid)
{
	if (!qear_takes())
		return;
	ia64_model.qear_dat0 = (pa & IA64_QEAR_DAT0_PA_LO) |
			       FIELD_PREP(IA64_QEAR_DAT0_OP, op) |
			       IA64_QEAR_DAT0_INPROG;
	ia64_model.qear_dat1 = FIELD_PREP(IA64_QEAR_DAT1_PA_HI, pa >> 32) |
			       FIELD_PREP(IA64_QEAR_DAT1_MC, mc) |
			       FIELD_PREP(IA64_QEAR_DAT1_HNID, hnid);
	ia64_model.qear_ctl &= ~IA64_QEAR_CTL_CNT;
}

/**
 * ia64_model_qear_done() - the data or Cmp of the measured request returns
 * @latency: core cycles since it was sent (above 32767: overflow)
 * @data_cmp: the data came as DataC*_Cmp
 *
 * The measurement completes and counts CPE_CPP_MISC.CEAR once if its
 * latency reaches the threshold (64 << thresh cycles, any for thresh 0).
 */
void ia64_model_qear_done(unsigned int latency, bool data_cmp)
{
	unsigned int thresh = FIELD_GET(IA64_QEAR_CTL_THRESH,
					 ia64_model.qear_ctl);

	if (!(ia64_model.qear_dat0 & IA64_QEAR_DAT0_INPROG) || !qear_takes())
		return;
	ia64_model.qear_dat0 &= ~IA64_QEAR_DAT0_INPROG;
	if (latency > FIELD_MAX(IA64_QEAR_CTL_CNT))
		ia64_model.qear_dat0 |= IA64_QEAR_DAT0_OV;
	ia64_model.qear_ctl &= ~IA64_QEAR_CTL_CNT;
	ia64_model.qear_ctl |= FIELD_PREP(IA64_QEAR_CTL_CNT,
					  min_t(unsigned int, latency,
						FIELD_MAX(IA64_QEAR_CTL_CNT)));
	if (data_cmp)
		ia64_model.qear_dat1 |= IA64_QEAR_DAT1_DATA_CMP;
	if (thresh && latency < (64U << thresh))
		return;
	ia64_model_count(0xa0, 0x1, 1);
}

static bool dear_on(unsigned int mode)
{
	u64 pmc = ia64_model.pmc[IA64_PMC_DEAR];

	return FIELD_GET(IA64_DEAR_MODE, pmc) == mode &&
	       FIELD_GET(IA64_DEAR_ISM, pmc) == IA64_ISM_IA64 &&
	       monitor_on(FIELD_GET(IA64_DEAR_PLM, pmc), pmc & IA64_DEAR_PM);
}

static bool dear_free(void)
{
	return !FIELD_GET(IA64_PMD33_STAT, ia64_model.pmd[IA64_PMD_DEAR_LAT]) &&
	       !(ia64_model.pmd[IA64_PMD_DEAR_IP] & IA64_PMD36_VL);
}

static void dear_latch(u64 daddr, u64 ip, u64 pmd33)
{
	ia64_model.pmd[IA64_PMD_DEAR_ADDR] = daddr;
	ia64_model.pmd[IA64_PMD_DEAR_LAT] = pmd33;
	ia64_model.pmd[IA64_PMD_DEAR_IP] = (ip & IA64_PMD36_IP) | IA64_PMD36_VL |
					   (ip & IA64_PMD36_SLOT);
	ia64_model_count(IA64_CODE_DATA_EAR, 0, 1);
}

/**
 * ia64_model_dear_miss() - a load misses L1D after @latency cycles
 * @daddr: its data address
 * @ip: its instruction (bundle | slot)
 * @latency: cycles until the data returned
 *
 * Latched when the data EAR is in cache mode, the latency reaches the
 * threshold of Table 3-20 and the EAR is free.
 */
void ia64_model_dear_miss(u64 daddr, u64 ip, unsigned int latency)
{
	unsigned int umask = FIELD_GET(IA64_DEAR_UMASK,
				       ia64_model.pmc[IA64_PMC_DEAR]);
	u64 pmd33 = FIELD_PREP(IA64_PMD33_STAT, 1);

	if (!dear_on(IA64_DEAR_MODE_CACHE) || umask > 10 ||
	    latency < (4U << umask) || !dear_free())
		return;
	if (latency > IA64_PMD33_LATENCY)
		pmd33 |= IA64_PMD33_OV | (latency & IA64_PMD33_LATENCY);
	else
		pmd33 |= latency;
	dear_latch(daddr, ip, pmd33);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_dear_miss);

/**
 * ia64_model_dtlb_miss() - an access misses the L1 DTLB
 * @daddr: its data address
 * @ip: its instruction
 * @stat: where it was resolved (Table 3-23: 1 L2 DTLB, 2 VHPT, 3 fault)
 */
void ia64_model_dtlb_miss(u64 daddr, u64 ip, unsigned int stat)
{
	unsigned int umask = FIELD_GET(IA64_DEAR_UMASK,
				       ia64_model.pmc[IA64_PMC_DEAR]);

	if (!dear_on(IA64_DEAR_MODE_TLB) || !(umask & BIT(stat)) || !dear_free())
		return;
	dear_latch(daddr, ip, FIELD_PREP(IA64_PMD33_STAT, stat));
}

/**
 * ia64_model_iear_miss() - an instruction fetch misses L1I
 * @line: the cache line address
 * @latency: cycles until the line returned
 *
 * Latched in cache mode when the latency reaches the threshold: 01xxxxxx
 * takes every miss, a run of k ones from bit 7 takes 4 << (8 - k).
 */
void ia64_model_iear_miss(u64 line, unsigned int latency)
{
	u64 pmc = ia64_model.pmc[IA64_PMC_IEAR];
	unsigned int umask = FIELD_GET(IA64_IEAR_UMASK_CACHE, pmc);
	unsigned int ones = hweight8(umask);

	if (!(pmc & BIT_ULL(13)) ||
	    !monitor_on(FIELD_GET(IA64_IEAR_PLM, pmc), pmc & IA64_IEAR_PM) ||
	    (ia64_model.pmd[IA64_PMD_IEAR_ADDR] & 1))
		return;
	if ((umask & 0xc0) != 0x40 && latency < (4U << (8 - ones)))
		return;
	ia64_model.pmd[IA64_PMD_IEAR_ADDR] = (line & IA64_PMD34_ADDR) | 1;
	ia64_model.pmd[IA64_PMD_IEAR_LAT] = latency & IA64_PMD35_LATENCY;
	ia64_model_count(IA64_CODE_L1I_EAR, 0, 1);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_iear_miss);

static void etb_push(u64 entry)
{
	u64 *idx = &ia64_model.pmd[IA64_PMD_ETB_INDEX];
	unsigned int ebi = FIELD_GET(IA64_PMD38_EBI, *idx);

	ia64_model.pmd[IA64_PMD_ETB_FIRST + ebi] = entry;
	ebi = (ebi + 1) % IA64_ETB_ENTRIES;
	*idx = (*idx & IA64_PMD38_FULL) | ebi;
	if (!ebi)
		*idx |= IA64_PMD38_FULL;
}

/**
 * ia64_model_branch_kind() - a branch retires
 * @from: its address (bundle | slot)
 * @to: its target, or the next bundle when not taken
 * @brt: its type as PMC39.brt names it: IA64_BRT_IPREL, _RETURN, _INDIRECT
 * @flags: IA64_MODEL_BR_* outcome
 *
 * Captured, source then target, when PMC39's masks and brt accept it
 * (Table 3-25 and the capture equation of 3.3.10.1.1). A not taken branch
 * records slot 3.
 */
void ia64_model_branch_kind(u64 from, u64 to, unsigned int brt,
			    unsigned int flags)
{
	u64 pmc = ia64_model.pmc[IA64_PMC_ETB];
	unsigned int tm = FIELD_GET(IA64_ETB_TM, pmc);
	unsigned int ptm = FIELD_GET(IA64_ETB_PTM, pmc);
	unsigned int ppm = FIELD_GET(IA64_ETB_PPM, pmc);
	bool taken = !(flags & IA64_MODEL_BR_NOT_TAKEN);
	bool path = flags & IA64_MODEL_BR_PATH_MISP;
	bool target = flags & IA64_MODEL_BR_TARGET_MISP;

	if (FIELD_GET(IA64_IPEAR_MODE, ia64_model.pmc[IA64_PMC_IPEAR]) ||
	    !monitor_on(FIELD_GET(IA64_ETB_PLM, pmc), pmc & IA64_ETB_PM) ||
	    !(tm & (taken ? 2 : 1)) || !(ptm & (target ? 1 : 2)) ||
	    !(ppm & (path ? 1 : 2)) || (ptm == 1 && ppm == 1) ||
	    (pmc & IA64_ETB_DS))
		return;
	if (FIELD_GET(IA64_ETB_BRT, pmc) != IA64_BRT_ALL &&
	    FIELD_GET(IA64_ETB_BRT, pmc) != brt)
		return;
	etb_push((from & IA64_ETB_ADDR) | IA64_ETB_S |
		 (path || target ? IA64_ETB_MP : 0) |
		 FIELD_PREP(IA64_ETB_SLOT, taken ? from & 3 :
			    IA64_ETB_SLOT_NOT_TAKEN));
	etb_push((to & IA64_ETB_ADDR) | IA64_ETB_MP);
}

/**
 * ia64_model_branch() - a taken IP-relative branch retires
 * @from: its address (bundle | slot)
 * @to: its target
 * @mispredicted: its path was mispredicted
 */
void ia64_model_branch(u64 from, u64 to, bool mispredicted)
{
	ia64_model_branch_kind(from, to, IA64_BRT_IPREL,
			       mispredicted ? IA64_MODEL_BR_PATH_MISP : 0);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_branch);

/**
 * ia64_model_retire() - a bundle retires
 * @ip: its address
 * @cycles: cycles since the previous retirement
 * @flush: the pipeline was flushed since the previous retirement
 *
 * Captured by the IP-EAR (PMC42.mode = 100) at the levels of its plm.
 */
void ia64_model_retire(u64 ip, unsigned int cycles, bool flush)
{
	u64 pmc = ia64_model.pmc[IA64_PMC_IPEAR];

	if (!ipear_mode() ||
	    !monitor_on(FIELD_GET(IA64_IPEAR_PLM, pmc), pmc & IA64_IPEAR_PM))
		return;
	ipear_push(ip, cycles, flush ? IA64_IPEAR_EXT_FLUSH : 0);
}

/**
 * ia64_model_take_interrupt() - deliver a pending interrupt to the driver
 *
 * Return: whether one was pending.
 */
bool ia64_model_take_interrupt(void)
{
	struct pt_regs regs = {};
	struct pt_regs *r = &regs;
	unsigned long flags;

	if (!ia64_model.irq_pending)
		return false;
	instruction_pointer_set(r, ia64_model.ip);
	pmu_model_set_mode(r, ia64_model.cpl == 3);
	local_irq_save(flags);
	ia64_model_interrupt(r);
	local_irq_restore(flags);
	return true;
}

/**
 * ia64_model_interrupt() - the pending interrupt, taken with @regs
 * @regs: the interrupted registers
 *
 * Return: whether the driver claimed it.
 */
bool ia64_model_interrupt(struct pt_regs *regs)
{
	if (!ia64_model.irq_pending)
		return false;
	ia64_model.irq_pending = false;
	ia64_model.interrupts++;
	return ia64_pmu_interrupt(regs);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_model_interrupt);

/* Every register access may be the one an interrupt comes after. */
static void ia64_model_access(void)
{
	ia64_model.accesses++;
	pmu_model_nmi_access(&ia64_model.nmi);
}

static u64 ia64_model_read_pmc(unsigned int pmc)
{
	u64 value = ia64_model.pmc[pmc];

	ia64_model_access();
	return value;
}

static void ia64_model_write_pmc(unsigned int pmc, u64 value)
{
	if (pmc == 0)
		value &= IA64_PMC0_FR | IA64_PMC0_OVF;
	ia64_model.pmc[pmc] = value;
	ia64_model_access();
}

static u64 ia64_model_read_pmd_now(unsigned int pmd)
{
	u64 v = ia64_model.pmd[pmd];

	if (ia64_pmd_needs_freeze(pmd) && !frozen()) {
		ia64_model.undefined_reads++;
		return UNDEFINED;
	}
	if (pmd >= IA64_FIRST_COUNTER && pmd <= IA64_LAST_COUNTER &&
	    (v & BIT_ULL(IA64_COUNTER_WIDTH - 1)))
		v |= ~IA64_PMD_COUNT;
	return v;
}

static u64 ia64_model_read_pmd(unsigned int pmd)
{
	u64 v = ia64_model_read_pmd_now(pmd);

	ia64_model_access();
	return v;
}

static void ia64_model_write_pmd(unsigned int pmd, u64 value)
{
	if (pmd >= IA64_FIRST_COUNTER && pmd <= IA64_LAST_COUNTER) {
		if (value & BIT_ULL(IA64_COUNTER_WIDTH))
			ia64_model.bit47_writes++;
		value &= IA64_PMD_COUNT;
	}
	ia64_model.pmd[pmd] = value;
	ia64_model_access();
}

/* The running task's breakpoints, which the next switch away would save. */
static void ia64_model_check_debugger(void)
{
	if (ia64_model.debugged && ia64_model.debugged == current)
		ia64_model.debugger_clobbers++;
}

static void ia64_model_write_ibr(unsigned int ibr, u64 value)
{
	ia64_model_check_debugger();
	ia64_model.ibr[ibr] = value;
	ia64_model_access();
}

static void ia64_model_write_dbr(unsigned int dbr, u64 value)
{
	ia64_model_check_debugger();
	ia64_model.dbr[dbr] = value;
	ia64_model_access();
}

static bool ia64_model_debug_regs_in_use(struct task_struct *task)
{
	return task == ia64_model.debugged;
}

static u64 ia64_model_read_qear(unsigned int offset)
{
	u64 v = offset == IA64_CPE_QEAR_DAT0 ? ia64_model.qear_dat0 :
		offset == IA64_CPE_QEAR_DAT1 ? ia64_model.qear_dat1 :
		ia64_model.qear_ctl;

	ia64_model_access();
	return v;
}

/* A write of CTL clears cnt and DAT0.inprog (note to Table 5-5). */
static void ia64_model_write_qear(unsigned int offset, u64 value)
{
	if (offset == IA64_CPE_QEAR_CTL) {
		ia64_model.qear_ctl = value & ~IA64_QEAR_CTL_CNT;
		ia64_model.qear_dat0 &= ~IA64_QEAR_DAT0_INPROG;
		ia64_model.qear_ctl_writes++;
	}
	ia64_model_access();
}

static unsigned int ia64_model_core_thread(void)
{
	return ia64_model.thread;
}

static int ia64_model_reserve(void)
{
	if (ia64_model.busy)
		return -EBUSY;
	ia64_model.reserved = true;
	return 0;
}

static void ia64_model_release(void)
{
	ia64_model.reserved = false;
}

const struct ia64_pmu_ops ia64_model_ops = {
	.hw = {
		.owner = THIS_MODULE,
		.builtin_pmu = true,
		.read_counter = ia64_model_read_pmd,
		.write_counter = ia64_model_write_pmd,
		.reserve = ia64_model_reserve,
		.release = ia64_model_release,
	},
	.read_pmc = ia64_model_read_pmc,
	.write_pmc = ia64_model_write_pmc,
	.read_pmd = ia64_model_read_pmd,
	.write_pmd = ia64_model_write_pmd,
	.write_ibr = ia64_model_write_ibr,
	.write_dbr = ia64_model_write_dbr,
	.debug_regs_in_use = ia64_model_debug_regs_in_use,
	.read_qear = ia64_model_read_qear,
	.write_qear = ia64_model_write_qear,
	.core_thread = ia64_model_core_thread,
};
EXPORT_SYMBOL_IF_KUNIT(ia64_model_ops);
