// SPDX-License-Identifier: GPL-2.0-only
/*
 * Intel Itanium 9300 core PMU: perf's generic hardware and cache events.
 *
 * Each maps onto an event of chapter 4. The 9300 has no bus clock as perf
 * means it (its sockets talk QuickPath), no reference cycles, no single
 * count of back-end stall cycles or of all branch mispredictions (wrong
 * direction and wrong target are two unit masks of BR_MISPRED_DETAIL),
 * and no count of TLB or L1I accesses; those generic events are refused.
 *
 * The IA64_EVENT_* configs are generated from the catalogue
 * (ia64-catalogue.h). Config 0 is BACK_END_BUBBLE.ALL, which no generic
 * event maps to: it is the map's "not counted".
 */
#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <uapi/linux/perf_event.h>
#include <pmu-suite/generic.h>

#include "ia64-catalogue.h"
#include "ia64-event.h"

#define C(x)	PERF_COUNT_HW_CACHE_##x

const struct pmu_generic_map ia64_generic = {
	.hw = {
		/* CPU_OP_CYCLES.ALL: every cycle, whatever PMC.plm lets through. */
		[PERF_COUNT_HW_CPU_CYCLES]	= IA64_EVENT_CPU_OP_CYCLES_ALL,
		[PERF_COUNT_HW_INSTRUCTIONS]	= IA64_EVENT_IA64_INST_RETIRED_THIS,
		/* The last level: the L3 of the core. */
		[PERF_COUNT_HW_CACHE_REFERENCES] = IA64_EVENT_L3_REFERENCES,
		[PERF_COUNT_HW_CACHE_MISSES]	= IA64_EVENT_L3_MISSES,
		[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] =
			IA64_EVENT_BR_MISPRED_DETAIL_ALL_ALL_PRED,
		/* Mispredicted direction; a wrong target is ALL.WRONG_TARGET. */
		[PERF_COUNT_HW_BRANCH_MISSES] =
			IA64_EVENT_BR_MISPRED_DETAIL_ALL_WRONG_PATH,
		/* Cycles the back end starved because the front end had nothing. */
		[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND] = IA64_EVENT_BACK_END_BUBBLE_FE,
	},
	.cache = {
		[C(L1D)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= IA64_EVENT_L1D_READS_SET0,
				[C(RESULT_MISS)]	= IA64_EVENT_L1D_READ_MISSES_ALL,
			},
			/* The L1D is write-through: every retired store writes through it. */
			[C(OP_WRITE)] = {
				[C(RESULT_ACCESS)]	= IA64_EVENT_STORES_RETIRED,
			},
		},
		[C(L1I)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= IA64_EVENT_L1I_READS,
				/* L1I and ISB misses, which go to the L2I. */
				[C(RESULT_MISS)]	= IA64_EVENT_L2I_DEMAND_READS,
			},
			[C(OP_PREFETCH)] = {
				[C(RESULT_ACCESS)]	= IA64_EVENT_L1I_PREFETCHES,
			},
		},
		[C(LL)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= IA64_EVENT_L3_READS_ALL_ALL,
				[C(RESULT_MISS)]	= IA64_EVENT_L3_READS_ALL_MISS,
			},
			[C(OP_WRITE)] = {
				[C(RESULT_ACCESS)]	= IA64_EVENT_L3_WRITES_ALL_ALL,
				[C(RESULT_MISS)]	= IA64_EVENT_L3_WRITES_ALL_MISS,
			},
		},
		/* Misses of the second-level TLBs, which the page walker serves. */
		[C(DTLB)] = {
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= IA64_EVENT_L2DTLB_MISSES,
			},
		},
		[C(ITLB)] = {
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= IA64_EVENT_ITLB_MISSES_FETCH_L2ITLB,
			},
		},
		[C(BPU)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)] =
					IA64_EVENT_BR_MISPRED_DETAIL_ALL_ALL_PRED,
				[C(RESULT_MISS)] =
					IA64_EVENT_BR_MISPRED_DETAIL_ALL_WRONG_PATH,
			},
		},
	},
};
EXPORT_SYMBOL_IF_KUNIT(ia64_generic);

#undef C
