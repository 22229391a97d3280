// SPDX-License-Identifier: GPL-2.0-only
/*
 * Intel Itanium 9300 core PMU: perf's generic hardware and cache events.
 *
 * Each maps onto an event of chapter 4. The 9300 has no bus clock as perf
 * means it (its sockets talk QuickPath), no reference cycles, no single
 * count of back-end stall cycles or of all branch mispredictions (wrong
 * direction and wrong target are two unit masks of BR_MISPRED_DETAIL),
 * and no count of TLB or L1I accesses; those generic events are refused.
 */
#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <uapi/linux/perf_event.h>
#include <pmu-suite/generic.h>

#include "ia64-catalogue.h"
#include "ia64-event.h"

const struct pmu_generic_by_name ia64_generic_events[] = {
	/* CPU_OP_CYCLES.ALL: every cycle, whatever PMC.plm lets through. */
	{ PMU_GENERIC_HW("cycles", CPU_CYCLES), "cpu_op_cycles.all" },
	{ PMU_GENERIC_HW("instructions", INSTRUCTIONS), "ia64_inst_retired.this" },
	/* The last level: the L3 of the core. */
	{ PMU_GENERIC_HW("cache-references", CACHE_REFERENCES), "l3_references" },
	{ PMU_GENERIC_HW("cache-misses", CACHE_MISSES), "l3_misses" },
	{ PMU_GENERIC_HW("branch-instructions", BRANCH_INSTRUCTIONS),
	  "br_mispred_detail.all.all_pred" },
	/* Mispredicted direction; a wrong target is ALL.WRONG_TARGET. */
	{ PMU_GENERIC_HW("branch-misses", BRANCH_MISSES),
	  "br_mispred_detail.all.wrong_path" },
	/* Cycles the back end starved because the front end had nothing. */
	{ PMU_GENERIC_HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	  "back_end_bubble.fe" },
	{ PMU_GENERIC_CACHE("l1-dcache-loads", L1D, READ, ACCESS), "l1d_reads_set0" },
	{ PMU_GENERIC_CACHE("l1-dcache-load-misses", L1D, READ, MISS),
	  "l1d_read_misses.all" },
	/* The L1D is write-through: every retired store writes through it. */
	{ PMU_GENERIC_CACHE("l1-dcache-stores", L1D, WRITE, ACCESS), "stores_retired" },
	{ PMU_GENERIC_CACHE("l1-icache-loads", L1I, READ, ACCESS), "l1i_reads" },
	/* L1I and ISB misses, which go to the L2I. */
	{ PMU_GENERIC_CACHE("l1-icache-load-misses", L1I, READ, MISS), "l2i_demand_reads" },
	{ PMU_GENERIC_CACHE("l1-icache-prefetches", L1I, PREFETCH, ACCESS),
	  "l1i_prefetches" },
	{ PMU_GENERIC_CACHE("llc-loads", LL, READ, ACCESS), "l3_reads.all.all" },
	{ PMU_GENERIC_CACHE("llc-load-misses", LL, READ, MISS), "l3_reads.all.miss" },
	{ PMU_GENERIC_CACHE("llc-stores", LL, WRITE, ACCESS), "l3_writes.all.all" },
	{ PMU_GENERIC_CACHE("llc-store-misses", LL, WRITE, MISS), "l3_writes.all.miss" },
	/* Misses of the second-level TLBs, which the page walker serves. */
	{ PMU_GENERIC_CACHE("dtlb-load-misses", DTLB, READ, MISS), "l2dtlb_misses" },
	{ PMU_GENERIC_CACHE("itlb-load-misses", ITLB, READ, MISS),
	  "itlb_misses_fetch.l2itlb" },
	{ PMU_GENERIC_CACHE("branch-loads", BPU, READ, ACCESS),
	  "br_mispred_detail.all.all_pred" },
	{ PMU_GENERIC_CACHE("branch-load-misses", BPU, READ, MISS),
	  "br_mispred_detail.all.wrong_path" },
};
EXPORT_SYMBOL_IF_KUNIT(ia64_generic_events);

/**
 * ia64_catalogue_index() - the catalogue row of a sysfs event name
 * @alias: the name
 *
 * Return: its index, or -ENOENT.
 */
int ia64_catalogue_index(const char *alias)
{
	unsigned int i;

	for (i = 0; i < IA64_CATALOGUE_NR; i++)
		if (!strcmp(ia64_catalogue[i].entry.alias, alias))
			return i;
	return -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_catalogue_index);

static bool ia64_generic_raw_of(const void *entry, u64 *raw)
{
	const struct pmu_generic_by_name *g = entry;
	int i = ia64_catalogue_index(g->event);

	if (i < 0)
		return false;
	*raw = IA64_CONFIG(ia64_catalogue[i].code, ia64_catalogue[i].umask);
	return true;
}

const struct pmu_generic_table ia64_generic =
	PMU_GENERIC_TABLE(ia64_generic_events, ia64_generic_raw_of);
EXPORT_SYMBOL_IF_KUNIT(ia64_generic);
