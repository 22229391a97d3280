// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: perf's generic hardware and cache events.
 *
 * The table names catalogue events, not codes: the codes come from the
 * catalogue generated from the manual. Generic events the manual has no
 * event for (L1 data cache store accesses, L3 stores, TLB accesses), and
 * those with no meaning here (L1 instruction cache writes), are absent and
 * refused with -ENOENT.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <uapi/linux/perf_event.h>
#include <pmu-suite/generic.h>

#include "p9-catalogue.h"
#include "p9-event.h"

const struct pmu_generic_by_name p9_generic_events[] = {
	{ PMU_GENERIC_HW("cycles", CPU_CYCLES), "PM_CYC" },
	{ PMU_GENERIC_HW("instructions", INSTRUCTIONS), "PM_INST_CMPL" },
	{ PMU_GENERIC_HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND), "PM_ICT_NOSLOT_CYC" },
	{ PMU_GENERIC_HW("stalled-cycles-backend", STALLED_CYCLES_BACKEND), "PM_CMPLU_STALL" },
	{ PMU_GENERIC_HW("branch-instructions", BRANCH_INSTRUCTIONS), "PM_BR_CMPL" },
	{ PMU_GENERIC_HW("branch-misses", BRANCH_MISSES), "PM_BR_MPRED_CMPL" },
	{ PMU_GENERIC_HW("cache-references", CACHE_REFERENCES), "PM_LD_REF_L1" },
	{ PMU_GENERIC_HW("cache-misses", CACHE_MISSES), "PM_LD_MISS_L1_FIN" },
	{ PMU_GENERIC_CACHE("l1-dcache-loads", L1D, READ, ACCESS), "PM_LD_REF_L1" },
	{ PMU_GENERIC_CACHE("l1-dcache-load-misses", L1D, READ, MISS), "PM_LD_MISS_L1_FIN" },
	{ PMU_GENERIC_CACHE("l1-dcache-store-misses", L1D, WRITE, MISS), "PM_ST_MISS_L1" },
	{ PMU_GENERIC_CACHE("l1-dcache-prefetches", L1D, PREFETCH, ACCESS), "PM_L1_PREF" },
	{ PMU_GENERIC_CACHE("l1-icache-loads", L1I, READ, ACCESS), "PM_INST_FROM_L1" },
	{ PMU_GENERIC_CACHE("l1-icache-load-misses", L1I, READ, MISS), "PM_L1_ICACHE_MISS" },
	{ PMU_GENERIC_CACHE("l1-icache-prefetches", L1I, PREFETCH, ACCESS), "PM_IC_PREF_WRITE" },
	/* The L3 is the last level: loads it served, and loads it missed. */
	{ PMU_GENERIC_CACHE("llc-loads", LL, READ, ACCESS), "PM_DATA_FROM_L3" },
	{ PMU_GENERIC_CACHE("llc-load-misses", LL, READ, MISS), "PM_DATA_FROM_L3MISS" },
	/* Prefetches the L3 sends to the nest, and L3 prefetches it missed. */
	{ PMU_GENERIC_CACHE("llc-prefetches", LL, PREFETCH, ACCESS), "PM_L3_LD_PREF" },
	{ PMU_GENERIC_CACHE("llc-prefetch-misses", LL, PREFETCH, MISS), "PM_L3_PF_MISS_L3" },
	{ PMU_GENERIC_CACHE("dtlb-load-misses", DTLB, READ, MISS), "PM_DTLB_MISS" },
	{ PMU_GENERIC_CACHE("itlb-load-misses", ITLB, READ, MISS), "PM_ITLB_MISS" },
	{ PMU_GENERIC_CACHE("branch-loads", BPU, READ, ACCESS), "PM_BR_CMPL" },
	{ PMU_GENERIC_CACHE("branch-load-misses", BPU, READ, MISS), "PM_BR_MPRED_CMPL" },
};
EXPORT_SYMBOL_IF_KUNIT(p9_generic_events);

#define P9_CODE_PMC	P9_RAW_PMC

static bool p9_catalogue_has(const char *name, u64 code)
{
	unsigned int i;

	for (i = 0; i < P9_CATALOGUE_NR; i++)
		if (p9_catalogue[i].code == code &&
		    !strcmp(p9_catalogue[i].name, name))
			return true;
	return false;
}

/**
 * p9_catalogue_code() - the code to program for a catalogue event name
 * @name: the event's name in the manual (PM_...)
 *
 * An event the tables list with one selector on each of PMC1-4 counts the
 * same on any of them: it gets the PMC field 0 of "Any PMC" events, which
 * leaves the choice to the scheduler. Otherwise the event's lowest code.
 *
 * Return: the code, or 0 (no valid event has code 0) if @name is unknown.
 */
u64 p9_catalogue_code(const char *name)
{
	u64 first = 0;
	unsigned int i, pmc;

	for (i = 0; i < P9_CATALOGUE_NR; i++) {
		u64 code = p9_catalogue[i].code;
		u64 any = code & ~P9_CODE_PMC;

		if (strcmp(p9_catalogue[i].name, name))
			continue;
		if (!first)
			first = code;
		for (pmc = 1; pmc <= 4; pmc++)
			if (!p9_catalogue_has(name, any |
					      FIELD_PREP(P9_RAW_PMC, pmc)))
				break;
		if (pmc > 4)
			return any;
	}
	return first;
}
EXPORT_SYMBOL_IF_KUNIT(p9_catalogue_code);

/* The table names the catalogue event: its code, 0 if none. */
static bool p9_generic_raw_of(const void *entry, u64 *code)
{
	const struct pmu_generic_by_name *g = entry;

	*code = p9_catalogue_code(g->event);
	return *code;
}

const struct pmu_generic_table p9_generic =
	PMU_GENERIC_TABLE(p9_generic_events, p9_generic_raw_of);
EXPORT_SYMBOL_IF_KUNIT(p9_generic);

/*
 * perf mem's events on powerpc, by the names it opens ("<pmu>/mem-loads/",
 * tools/perf/arch/powerpc/util/mem-events.c): the marked instruction
 * completed, under random instruction sampling of loads or of stores
 * (Table A-5, eligibility 101 and 111), with a threshold from issue to
 * finish (Table 3-2, 0011 and 0100) in run cycles (A.6, threshold event
 * select 001; 000 would disable thresholding) for the sample's weight; as
 * the built-in PMU's.
 */
#define P9_MEM_EVENT		"PM_MRK_INST_CMPL"
#define P9_ELIG_LOADS		5
#define P9_ELIG_STORES		7
#define P9_THRESH_ISSUED	3
#define P9_THRESH_FINISHED	4
#define P9_THRESH_SEL_RUN_CYC	1

static u64 p9_mem_config(u8 elig)
{
	u64 code = p9_catalogue_code(P9_MEM_EVENT);

	if (!code)
		return 0;
	return code | P9_RAW_MARK |
	       FIELD_PREP(P9_RAW_SAMPLE_MODE, P9_SAMPLE_MODE_RIS) |
	       FIELD_PREP(P9_RAW_SAMPLE_ELIG, elig) |
	       FIELD_PREP(P9_RAW_THRESH_SEL, P9_THRESH_SEL_RUN_CYC) |
	       FIELD_PREP(P9_RAW_THRESH_START, P9_THRESH_ISSUED) |
	       FIELD_PREP(P9_RAW_THRESH_STOP, P9_THRESH_FINISHED);
}

/**
 * p9_mem_events() - the raw configs of mem-loads and mem-stores
 * @loads: set to mem-loads'
 * @stores: set to mem-stores'
 *
 * Return: false if the catalogue lacks the event (both are then 0).
 */
bool p9_mem_events(u64 *loads, u64 *stores)
{
	*loads = p9_mem_config(P9_ELIG_LOADS);
	*stores = p9_mem_config(P9_ELIG_STORES);
	return *loads && *stores;
}
EXPORT_SYMBOL_IF_KUNIT(p9_mem_events);
