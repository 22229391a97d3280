// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: perf's generic hardware and cache events.
 *
 * The map names catalogue events, not codes: the P9_PM_* codes are
 * generated from the manual (p9-catalogue.h). Generic events the
 * manual has no event for (L1 data cache store accesses, L3 stores, TLB
 * accesses), and those with no meaning here (L1 instruction cache
 * writes), are absent (0) and refused with -ENOENT.
 */
#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <uapi/linux/perf_event.h>
#include <pmu-suite/generic.h>

#include "p9-catalogue.h"
#include "p9-event.h"

#define C(x)	PERF_COUNT_HW_CACHE_##x

const struct pmu_generic_map p9_generic = {
	.hw = {
		[PERF_COUNT_HW_CPU_CYCLES]		= P9_PM_CYC,
		[PERF_COUNT_HW_INSTRUCTIONS]		= P9_PM_INST_CMPL,
		[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= P9_PM_ICT_NOSLOT_CYC,
		[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= P9_PM_CMPLU_STALL,
		[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= P9_PM_BR_CMPL,
		[PERF_COUNT_HW_BRANCH_MISSES]		= P9_PM_BR_MPRED_CMPL,
		[PERF_COUNT_HW_CACHE_REFERENCES]	= P9_PM_LD_REF_L1,
		[PERF_COUNT_HW_CACHE_MISSES]		= P9_PM_LD_MISS_L1_FIN,
	},
	.cache = {
		[C(L1D)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= P9_PM_LD_REF_L1,
				[C(RESULT_MISS)]	= P9_PM_LD_MISS_L1_FIN,
			},
			[C(OP_WRITE)] = {
				[C(RESULT_MISS)]	= P9_PM_ST_MISS_L1,
			},
			[C(OP_PREFETCH)] = {
				[C(RESULT_ACCESS)]	= P9_PM_L1_PREF,
			},
		},
		[C(L1I)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= P9_PM_INST_FROM_L1,
				[C(RESULT_MISS)]	= P9_PM_L1_ICACHE_MISS,
			},
			[C(OP_PREFETCH)] = {
				[C(RESULT_ACCESS)]	= P9_PM_IC_PREF_WRITE,
			},
		},
		[C(LL)] = {
			/* The L3 is the last level: loads it served, and loads it missed. */
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= P9_PM_DATA_FROM_L3,
				[C(RESULT_MISS)]	= P9_PM_DATA_FROM_L3MISS,
			},
			/* Prefetches the L3 sends to the nest, and L3 prefetches it missed. */
			[C(OP_PREFETCH)] = {
				[C(RESULT_ACCESS)]	= P9_PM_L3_LD_PREF,
				[C(RESULT_MISS)]	= P9_PM_L3_PF_MISS_L3,
			},
		},
		[C(DTLB)] = {
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= P9_PM_DTLB_MISS,
			},
		},
		[C(ITLB)] = {
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= P9_PM_ITLB_MISS,
			},
		},
		[C(BPU)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= P9_PM_BR_CMPL,
				[C(RESULT_MISS)]	= P9_PM_BR_MPRED_CMPL,
			},
		},
	},
};
EXPORT_SYMBOL_IF_KUNIT(p9_generic);

#undef C

/**
 * p9_mem_events() - the raw configs of mem-loads and mem-stores
 * @loads: set to mem-loads'
 * @stores: set to mem-stores'
 *
 * Return: true: both are the non-zero code of PM_MRK_INST_CMPL with
 * its sampling and threshold fields.
 */
bool p9_mem_events(u64 *loads, u64 *stores)
{
	*loads = P9_MEM_LOADS;
	*stores = P9_MEM_STORES;
	return *loads && *stores;
}
EXPORT_SYMBOL_IF_KUNIT(p9_mem_events);
