// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 core PMU: perf's generic hardware and cache events.
 *
 * Each maps onto an event of TABLE 10-2, by its PCR.sl and PCR.mask
 * (T4_CONFIG()): sl 0 disables counting, so no event has config 0, the
 * map's "not counted". The T4 has no count of bus cycles, reference
 * cycles, front-end or back-end stall cycles as perf defines them, L1
 * instruction cache accesses, last-level cache accesses, store misses of
 * the write-through L1 data cache, or TLB accesses; those generic events
 * are refused.
 */
#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <uapi/linux/perf_event.h>
#include <pmu-suite/generic.h>

#include "t4-catalogue.h"
#include "t4-event.h"

#define C(x)	PERF_COUNT_HW_CACHE_##x

const struct pmu_generic_map t4_generic = {
	.hw = {
		/* sl 26 counts cycles in the modes PCR.ut/st/ht select. */
		[PERF_COUNT_HW_CPU_CYCLES]		= T4_CONFIG(26, 0x00),
		/* sl 3: the six instruction classes together are all instructions. */
		[PERF_COUNT_HW_INSTRUCTIONS]		= T4_CONFIG(3, 0x3f),
		[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= T4_CONFIG(4, 0x01),
		[PERF_COUNT_HW_BRANCH_MISSES]		= T4_CONFIG(25, 0x0f),
		[PERF_COUNT_HW_CACHE_REFERENCES]	= T4_CONFIG(3, 0x04),
		[PERF_COUNT_HW_CACHE_MISSES]		= T4_CONFIG(16, 0x07),
	},
	.cache = {
		[C(L1D)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= T4_CONFIG(3, 0x04),
				[C(RESULT_MISS)]	= T4_CONFIG(16, 0x07),
			},
			[C(OP_WRITE)] = {
				[C(RESULT_ACCESS)]	= T4_CONFIG(3, 0x08),
			},
			[C(OP_PREFETCH)] = {
				[C(RESULT_ACCESS)]	= T4_CONFIG(4, 0x10),
			},
		},
		[C(L1I)] = {
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= T4_CONFIG(5, 0x07),
			},
		},
		[C(LL)] = {
			/* Misses of the local L3: served by local memory or remotely. */
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= T4_CONFIG(16, 0x06),
			},
		},
		[C(DTLB)] = {
			/* A DTLB fill, by hardware tablewalk of any page size or by trap. */
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= T4_CONFIG(17, 0x3f),
			},
		},
		[C(ITLB)] = {
			[C(OP_READ)] = {
				[C(RESULT_MISS)]	= T4_CONFIG(5, 0x10),
			},
		},
		[C(BPU)] = {
			[C(OP_READ)] = {
				[C(RESULT_ACCESS)]	= T4_CONFIG(4, 0x01),
				[C(RESULT_MISS)]	= T4_CONFIG(25, 0x0f),
			},
		},
	},
};
EXPORT_SYMBOL_IF_KUNIT(t4_generic);

#undef C
