// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the generic perf events of the POWER9 PMU: each maps to
 * a catalogue event whose code is valid, and the generic configs POWER9
 * has no event for are refused. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/string.h>
#include <pmu-suite-test/kunit.h>
#include <uapi/linux/perf_event.h>

#include "p9-catalogue.h"
#include "p9-event.h"
#include "p9-sched.h"

#define L1D_READ_MISS	(PERF_COUNT_HW_CACHE_L1D |			\
			 PERF_COUNT_HW_CACHE_OP_READ << 8 |		\
			 PERF_COUNT_HW_CACHE_RESULT_MISS << 16)
#define LL_PREFETCH_ACCESS (PERF_COUNT_HW_CACHE_LL |			\
			    PERF_COUNT_HW_CACHE_OP_PREFETCH << 8 |	\
			    PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16)
#define L1I_WRITE_ACCESS (PERF_COUNT_HW_CACHE_L1I |			\
			  PERF_COUNT_HW_CACHE_OP_WRITE << 8 |		\
			  PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16)
#define L1D_WRITE_ACCESS (PERF_COUNT_HW_CACHE_L1D |			\
			  PERF_COUNT_HW_CACHE_OP_WRITE << 8 |		\
			  PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16)

static int p9_generic_code(u32 type, u64 config, u64 *raw)
{
	return pmu_generic_config(&p9_generic, type, config, raw);
}

/* PMC, read here as the extractor reads it: bits 19:16 (Figure 5-2). */
#define P9_CODE_PMC_SHIFT	16
#define P9_CODE_PMC		((u64)0xf << P9_CODE_PMC_SHIFT)

static bool p9_catalogue_has(const char *name, u64 code)
{
	unsigned int i;

	for (i = 0; i < P9_CATALOGUE_NR; i++)
		if (p9_catalogue[i].code == code &&
		    !strcmp(p9_catalogue[i].name, name))
			return true;
	return false;
}

/*
 * The code to program for a catalogue event name, by the rule of the
 * generated P9_PM_* defines, from the catalogue itself: the "any PMC"
 * code of an event listed with one selector on each of PMC1-4, else its
 * lowest code; 0 for an unknown name.
 */
static u64 p9_code_by_name(const char *name)
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
					      (u64)pmc << P9_CODE_PMC_SHIFT))
				break;
		if (pmc > 4)
			return any;
	}
	return first;
}

static void p9_generic_all_resolve(struct kunit *test)
{
	struct pmu_kunit_generic_event g;
	unsigned int pos = 0;

	while (pmu_kunit_generic_next(&p9_generic, &pos, &g)) {
		struct p9_event ev;
		struct p9_schedule s;
		const char *why = NULL;
		u64 code = 0;

		KUNIT_EXPECT_EQ_MSG(test, p9_generic_code(g.type, g.config, &code),
				    0, "%u/0x%llx", g.type, g.config);
		KUNIT_EXPECT_EQ_MSG(test, code, g.raw, "%u/0x%llx", g.type,
				    g.config);
		KUNIT_EXPECT_EQ_MSG(test, p9_event_decode(code, &ev, &why), 0,
				    "%u/0x%llx (0x%llx): %s", g.type, g.config, code, why);
		KUNIT_EXPECT_EQ_MSG(test, p9_schedule(&ev, 1, &s), 0,
				    "%u/0x%llx (0x%llx)", g.type, g.config, code);
	}
}

/*
 * The generic events POWER9 counts: a map entry of 0 would silently
 * refuse one (PM_SUSPENDED's code 0 turns a counter off, no generic
 * event's).
 */
static void p9_generic_counted(struct kunit *test)
{
	static const struct pmu_kunit_generic_event counted[] = {
		PMU_KUNIT_HW(CPU_CYCLES),
		PMU_KUNIT_HW(INSTRUCTIONS),
		PMU_KUNIT_HW(STALLED_CYCLES_FRONTEND),
		PMU_KUNIT_HW(STALLED_CYCLES_BACKEND),
		PMU_KUNIT_HW(BRANCH_INSTRUCTIONS),
		PMU_KUNIT_HW(BRANCH_MISSES),
		PMU_KUNIT_HW(CACHE_REFERENCES),
		PMU_KUNIT_HW(CACHE_MISSES),
		PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(L1D, OP_WRITE, RESULT_MISS),
		PMU_KUNIT_CACHE(L1D, OP_PREFETCH, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1I, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1I, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(L1I, OP_PREFETCH, RESULT_ACCESS),
		PMU_KUNIT_CACHE(LL, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(LL, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(LL, OP_PREFETCH, RESULT_ACCESS),
		PMU_KUNIT_CACHE(LL, OP_PREFETCH, RESULT_MISS),
		PMU_KUNIT_CACHE(DTLB, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(ITLB, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(BPU, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(BPU, OP_READ, RESULT_MISS),
	};

	pmu_kunit_expect_generic_counted(test, &p9_generic, counted,
					 ARRAY_SIZE(counted));
}

/* The generated codes the map and mem-loads use follow the catalogue. */
static void p9_generic_codes_by_name(struct kunit *test)
{
	static const struct {
		const char *name;
		u64 code;
	} used[] = {
		{ "PM_CYC", P9_PM_CYC },
		{ "PM_INST_CMPL", P9_PM_INST_CMPL },
		{ "PM_ICT_NOSLOT_CYC", P9_PM_ICT_NOSLOT_CYC },
		{ "PM_CMPLU_STALL", P9_PM_CMPLU_STALL },
		{ "PM_BR_CMPL", P9_PM_BR_CMPL },
		{ "PM_BR_MPRED_CMPL", P9_PM_BR_MPRED_CMPL },
		{ "PM_LD_REF_L1", P9_PM_LD_REF_L1 },
		{ "PM_LD_MISS_L1_FIN", P9_PM_LD_MISS_L1_FIN },
		{ "PM_ST_MISS_L1", P9_PM_ST_MISS_L1 },
		{ "PM_L1_PREF", P9_PM_L1_PREF },
		{ "PM_INST_FROM_L1", P9_PM_INST_FROM_L1 },
		{ "PM_L1_ICACHE_MISS", P9_PM_L1_ICACHE_MISS },
		{ "PM_IC_PREF_WRITE", P9_PM_IC_PREF_WRITE },
		{ "PM_DATA_FROM_L3", P9_PM_DATA_FROM_L3 },
		{ "PM_DATA_FROM_L3MISS", P9_PM_DATA_FROM_L3MISS },
		{ "PM_L3_LD_PREF", P9_PM_L3_LD_PREF },
		{ "PM_L3_PF_MISS_L3", P9_PM_L3_PF_MISS_L3 },
		{ "PM_DTLB_MISS", P9_PM_DTLB_MISS },
		{ "PM_ITLB_MISS", P9_PM_ITLB_MISS },
		{ "PM_MRK_INST_CMPL", P9_PM_MRK_INST_CMPL },
		{ "PM_RUN_CYC", P9_PM_RUN_CYC },
		{ "PM_SUSPENDED", P9_PM_SUSPENDED },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(used); i++)
		KUNIT_EXPECT_EQ_MSG(test, used[i].code,
				    p9_code_by_name(used[i].name), "%s",
				    used[i].name);
	KUNIT_EXPECT_EQ(test, p9_code_by_name("PM_NO_SUCH_EVENT"), 0ULL);
	/* Selector 0 on each of PMC1-4: the counter off, code 0. */
	KUNIT_EXPECT_EQ(test, P9_PM_SUSPENDED, 0);
}

static void p9_generic_any_pmc(struct kunit *test)
{
	static const struct pmu_kunit_generic rows[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, 0x1e },
		{ PERF_TYPE_HW_CACHE, L1D_READ_MISS, 0, P9_PM_LD_MISS_L1_FIN },
		/* PM_L3_LD_PREF */
		{ PERF_TYPE_HW_CACHE, LL_PREFETCH_ACCESS, 0, 0xf0b0 },
	};

	/* PM_CYC and PM_INST_CMPL are listed on each of PMC1-4. */
	KUNIT_EXPECT_EQ(test, P9_PM_CYC, 0x1e);
	KUNIT_EXPECT_EQ(test, P9_PM_INST_CMPL, 0x2);
	/* Events of one PMC keep it. */
	KUNIT_EXPECT_EQ(test, P9_PM_BR_MPRED_CMPL, 0x400f6);
	KUNIT_EXPECT_EQ(test, P9_PM_RUN_CYC, 0x200f4);

	pmu_kunit_expect_generic(test, &p9_generic, rows, ARRAY_SIZE(rows));
}

/* Generic events POWER9 has no event for, and configs perf does not define. */
static void p9_generic_refusals(struct kunit *test)
{
	static const struct pmu_kunit_generic rows[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES, -ENOENT },
		{ PERF_TYPE_HW_CACHE, L1D_WRITE_ACCESS, -ENOENT },
		{ PERF_TYPE_HW_CACHE, L1I_WRITE_ACCESS, -ENOENT },
		/* pmu_common_kunit tests them all */
		{ PERF_TYPE_HW_CACHE, L1D_READ_MISS | 1ULL << 24, -EINVAL },
	};

	pmu_kunit_expect_generic(test, &p9_generic, rows, ARRAY_SIZE(rows));
}

/*
 * mem-loads and mem-stores: the marked instruction completed, sampling
 * only loads or only stores (Table A-5), thresholded from issue to finish
 * (Table 3-2), and valid raw codes.
 */
static void p9_generic_mem_events(struct kunit *test)
{
	const char *why = "";
	struct p9_event ev;
	u64 loads, stores;

	KUNIT_ASSERT_TRUE(test, p9_mem_events(&loads, &stores));
	KUNIT_ASSERT_EQ_MSG(test, p9_event_decode(loads, &ev, &why), 0, "%s", why);
	KUNIT_EXPECT_EQ(test, ev.pmc, 4);
	KUNIT_EXPECT_EQ(test, ev.pmcxsel, 0xe0);
	KUNIT_EXPECT_TRUE(test, ev.mark);
	KUNIT_EXPECT_EQ(test, ev.sample_mode, P9_SAMPLE_MODE_RIS);
	KUNIT_EXPECT_EQ(test, ev.sample_elig, 5);
	KUNIT_EXPECT_EQ(test, ev.thresh_start, 3);
	KUNIT_EXPECT_EQ(test, ev.thresh_stop, 4);
	/* Run cycles (A.6): 000 would disable thresholding. */
	KUNIT_EXPECT_EQ(test, ev.thresh_sel, 1);
	/* The built-in PMU's MEM_LOADS and MEM_STORES */
	KUNIT_EXPECT_EQ(test, loads, 0x34340401e0ULL);
	KUNIT_EXPECT_EQ(test, stores, 0x343c0401e0ULL);
	KUNIT_ASSERT_EQ_MSG(test, p9_event_decode(stores, &ev, &why), 0, "%s", why);
	KUNIT_EXPECT_EQ(test, ev.sample_elig, 7);
	KUNIT_EXPECT_EQ(test, loads ^ stores, FIELD_PREP(P9_RAW_SAMPLE_ELIG, 5 ^ 7));
}

static struct kunit_case p9_generic_cases[] = {
	KUNIT_CASE(p9_generic_mem_events),
	KUNIT_CASE(p9_generic_all_resolve),
	KUNIT_CASE(p9_generic_counted),
	KUNIT_CASE(p9_generic_codes_by_name),
	KUNIT_CASE(p9_generic_any_pmc),
	KUNIT_CASE(p9_generic_refusals),
	{}
};

PMU_KUNIT_SUITE(p9_generic, "power9_generic");
