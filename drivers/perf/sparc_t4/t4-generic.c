// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 core PMU: perf's generic hardware and cache events.
 *
 * Each maps onto an event of TABLE 10-2. The T4 has no count of bus
 * cycles, reference cycles, front-end or back-end stall cycles as perf
 * defines them, L1 instruction cache accesses, last-level cache accesses,
 * store misses of the write-through L1 data cache, or TLB accesses; those
 * generic events are refused.
 */
#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <uapi/linux/perf_event.h>
#include <pmu-suite/generic.h>

#include "t4-catalogue.h"
#include "t4-event.h"

const struct t4_generic_event t4_generic_events[] = {
	/* sl 26 counts cycles in the modes PCR.ut/st/ht select. */
	{ PMU_GENERIC_HW("cycles", CPU_CYCLES), 26, 0x00 },
	/* sl 3: the six instruction classes together are all instructions. */
	{ PMU_GENERIC_HW("instructions", INSTRUCTIONS), 3, 0x3f },
	{ PMU_GENERIC_HW("branch-instructions", BRANCH_INSTRUCTIONS), 4, 0x01 },
	{ PMU_GENERIC_HW("branch-misses", BRANCH_MISSES), 25, 0x0f },
	{ PMU_GENERIC_HW("cache-references", CACHE_REFERENCES), 3, 0x04 },
	{ PMU_GENERIC_HW("cache-misses", CACHE_MISSES), 16, 0x07 },
	{ PMU_GENERIC_CACHE("l1-dcache-loads", L1D, READ, ACCESS), 3, 0x04 },
	{ PMU_GENERIC_CACHE("l1-dcache-load-misses", L1D, READ, MISS), 16, 0x07 },
	{ PMU_GENERIC_CACHE("l1-dcache-stores", L1D, WRITE, ACCESS), 3, 0x08 },
	{ PMU_GENERIC_CACHE("l1-dcache-prefetches", L1D, PREFETCH, ACCESS), 4, 0x10 },
	{ PMU_GENERIC_CACHE("l1-icache-load-misses", L1I, READ, MISS), 5, 0x07 },
	/* Misses of the local L3: served by local memory or remotely. */
	{ PMU_GENERIC_CACHE("llc-load-misses", LL, READ, MISS), 16, 0x06 },
	/* A DTLB fill, by hardware tablewalk of any page size or by trap. */
	{ PMU_GENERIC_CACHE("dtlb-load-misses", DTLB, READ, MISS), 17, 0x3f },
	{ PMU_GENERIC_CACHE("itlb-load-misses", ITLB, READ, MISS), 5, 0x10 },
	{ PMU_GENERIC_CACHE("branch-loads", BPU, READ, ACCESS), 4, 0x01 },
	{ PMU_GENERIC_CACHE("branch-load-misses", BPU, READ, MISS), 25, 0x0f },
};
EXPORT_SYMBOL_IF_KUNIT(t4_generic_events);

static bool t4_generic_raw_of(const void *entry, u64 *raw)
{
	const struct t4_generic_event *g = entry;

	*raw = T4_CONFIG(g->sl, g->mask);
	return true;
}

const struct pmu_generic_table t4_generic =
	PMU_GENERIC_TABLE(t4_generic_events, t4_generic_raw_of);
EXPORT_SYMBOL_IF_KUNIT(t4_generic);
