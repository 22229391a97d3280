// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: turning the sampling registers into a perf sample.
 *
 * SIER (A.7) says whether SIAR and SDAR belong to the sampled instruction;
 * in continuous sampling they never do (2.3), and the interrupted PC
 * stands in for the instruction address. SIER's architected LDST and
 * TYPE fields, with the implementation-dependent DATA_SRC (Table A-6),
 * give the data source; the threshold counter in MMCRA (3.1) gives the
 * weight.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/export.h>
#include <linux/perf_event.h>

#include <pmu-suite/power9/regs.h>
#include <pmu-suite/power9/sample.h>

/* SIER[LDST] values (A.7). */
enum {
	P9_LDST_L1_HIT = 1,
	P9_LDST_L2_HIT,
	P9_LDST_L3_HIT,
	P9_LDST_MEMORY,
	P9_LDST_ON_CHIP_CACHE,
	P9_LDST_OFF_CHIP_CACHE,
	P9_LDST_STORE_MISS,
};

#define P9_MEM(a, s)	PERF_MEM_S(a, s)

/* Table A-6, memory: DATA_SRC 000-101 (L4 or memory, by distance). */
static u64 p9_mem_source(unsigned int src)
{
	u64 v = (src & 1) ? P9_MEM(LVLNUM, RAM) : P9_MEM(LVLNUM, L4);

	if (src >= 2)
		v |= P9_MEM(REMOTE, REMOTE) |
		     (src >= 4 ? P9_MEM(HOPS, 3) : P9_MEM(HOPS, 2));
	return v | P9_MEM(LVL, HIT);
}

/* Inlined into p9_decode_sample(), which then calls nothing. */
static __always_inline u64 p9_data_src_of(u64 sier)
{
	unsigned int type = FIELD_GET(P9_SIER_TYPE, sier);
	unsigned int ldst = FIELD_GET(P9_SIER_LDST, sier);
	unsigned int src = FIELD_GET(P9_SIER_DATA_SRC, sier);
	u64 snoop = (src & 1) ? P9_MEM(SNOOP, HITM) : P9_MEM(SNOOP, HIT);
	u64 op;

	if (type == P9_SIER_TYPE_LOAD)
		op = P9_MEM(OP, LOAD);
	else if (type == P9_SIER_TYPE_STORE)
		op = P9_MEM(OP, STORE);
	else
		return 0;

	switch (ldst) {
	case P9_LDST_L1_HIT:
		return op | P9_MEM(LVL, HIT) | P9_MEM(LVL, L1) | P9_MEM(LVLNUM, L1);
	case P9_LDST_L2_HIT:
		return op | P9_MEM(LVL, HIT) | P9_MEM(LVL, L2) | P9_MEM(LVLNUM, L2);
	case P9_LDST_L3_HIT:
		return op | P9_MEM(LVL, HIT) | P9_MEM(LVL, L3) | P9_MEM(LVLNUM, L3);
	case P9_LDST_MEMORY:
		return op | p9_mem_source(src);
	case P9_LDST_ON_CHIP_CACHE:
		/* Another core's L2 (DATA_SRC 00x) or L3 (01x, 10x). */
		return op | P9_MEM(LVL, HIT) | snoop | P9_MEM(REMOTE, REMOTE) |
		       P9_MEM(HOPS, 0) |
		       (src < 2 ? P9_MEM(LVLNUM, L2) : P9_MEM(LVLNUM, L3));
	case P9_LDST_OFF_CHIP_CACHE:
		/* Another chip's L2 or L3, within (00x) or beyond (01x) six chips. */
		return op | P9_MEM(LVL, HIT) | snoop | P9_MEM(REMOTE, REMOTE) |
		       P9_MEM(LVLNUM, ANY_CACHE) |
		       (src < 2 ? P9_MEM(HOPS, 2) : P9_MEM(HOPS, 3));
	case P9_LDST_STORE_MISS:
		return op | P9_MEM(LVL, MISS) | P9_MEM(LVL, L1) | P9_MEM(LVLNUM, L1);
	default:
		return 0;
	}
}

/**
 * p9_sier_data_src() - perf_mem_data_src for a sampled load or store
 * @sier: SIER captured with the sample
 *
 * Return: the value, or 0 when the sampled instruction was no load or
 * store, or SIER names no source.
 */
u64 p9_sier_data_src(u64 sier)
{
	return p9_data_src_of(sier);
}
EXPORT_SYMBOL_IF_KUNIT(p9_sier_data_src);

/**
 * p9_thresh_counter() - the threshold counter's value in events
 * @mmcra: MMCRA read at the interrupt
 *
 * Section 3.1: the counter is a base-4 floating-point number; its value
 * is the mantissa shifted left two bits once per unit of exponent.
 */
u64 p9_thresh_counter(u64 mmcra)
{
	u64 mant = FIELD_GET(P9_MMCRA_THRESH_CTR_MANT, mmcra);
	unsigned int exp = FIELD_GET(P9_MMCRA_THRESH_CTR_EXP, mmcra);

	return mant << (2 * exp);
}
EXPORT_SYMBOL_IF_KUNIT(p9_thresh_counter);

/**
 * p9_decode_sample() - what a sample reports
 * @r: the registers captured at the interrupt
 * @thresholding: the event programs a threshold start and stop
 * @exclude_kernel: the event excludes the kernel
 * @kernel_base: lowest kernel address
 * @out: filled with the sample's fields
 *
 * An event that excludes the kernel never reports a kernel address: a
 * sample whose instruction ran privileged, or whose instruction address
 * is the kernel's, is dropped, and a kernel data address is not reported.
 */
void p9_decode_sample(const struct p9_sample_regs *r, bool thresholding,
		      bool exclude_kernel, u64 kernel_base,
		      struct p9_sample *out)
{
	bool siar = r->sier & P9_SIER_SIAR_VALID;

	/* Every field set, none zeroed first: this runs at every sample. */
	out->sier = r->sier;
	out->mmcra = r->mmcra;
	out->ip_from_siar = siar;
	out->ip = siar ? r->siar : r->pc;
	out->user = siar ? r->sier & P9_SIER_MSR_PR : r->pc_user;
	out->hv = siar && (r->sier & P9_SIER_MSR_HV);
	/*
	 * SDAR is the sampled instruction's data address when SIER says so;
	 * in continuous sampling (2.3: MMCRA[SAMPLE_ENABLE] = 0), where
	 * SIER[SDAR_VALID] is tied to 0, MMCRA[SDAR_MODE] keeps it loaded
	 * with the last address of a TLB miss, a data-cache miss or a store.
	 */
	out->addr_valid = (r->sier & P9_SIER_SDAR_VALID) ||
			  (!(r->mmcra & P9_MMCRA_SAMPLE_ENABLE) &&
			   (r->mmcra & P9_MMCRA_SDAR_MODE) && r->sdar);
	out->addr = out->addr_valid ? r->sdar : 0;
	out->data_src = siar ? p9_data_src_of(r->sier) : 0;
	out->weight = thresholding ? p9_thresh_counter(r->mmcra) : 0;
	out->drop = false;

	if (exclude_kernel) {
		if (!out->user || out->ip >= kernel_base)
			out->drop = true;
		if (out->addr_valid && out->addr >= kernel_base) {
			out->addr = 0;
			out->addr_valid = false;
		}
	}
}
EXPORT_SYMBOL_IF_KUNIT(p9_decode_sample);

/**
 * p9_regs_intr_check() - whether PERF_SAMPLE_REGS_INTR asks what it can get
 * @sample_type: the event's sample_type
 * @regs_intr: its sample_regs_intr
 * @why: set to the reason of a refusal
 *
 * SIER and MMCRA are the sample's own; MMCR0-2, SIAR and SDAR are read
 * live in the interrupt. PMC1-6 are not this PMU's (P9_PERF_REG_PMCS).
 *
 * Return: 0, or -EOPNOTSUPP.
 */
int p9_regs_intr_check(u64 sample_type, u64 regs_intr, const char **why)
{
	if (!(sample_type & PERF_SAMPLE_REGS_INTR) ||
	    !(regs_intr & P9_PERF_REG_PMCS))
		return 0;
	*why = "PMC1-6 in the interrupt registers are the built-in PMU's";
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_IF_KUNIT(p9_regs_intr_check);
