// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the generic perf events of the POWER9 PMU: each names a
 * catalogue event whose code is valid, and the generic configs POWER9 has
 * no event for are refused. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
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

static void p9_generic_all_resolve(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < p9_generic.n; i++) {
		const struct pmu_generic_by_name *g = &p9_generic_events[i];
		struct p9_event ev;
		struct p9_schedule s;
		const char *why = NULL;
		u64 code = 0;

		KUNIT_EXPECT_EQ_MSG(test, p9_generic_code(g->gen.type, g->gen.config,
							  &code), 0,
				    "%s", g->gen.alias);
		KUNIT_EXPECT_NE_MSG(test, code, 0ULL, "%s", g->gen.alias);
		KUNIT_EXPECT_EQ_MSG(test, p9_event_decode(code, &ev, &why), 0,
				    "%s (0x%llx): %s", g->gen.alias, code, why);
		KUNIT_EXPECT_EQ_MSG(test, p9_schedule(&ev, 1, &s), 0,
				    "%s (0x%llx)", g->gen.alias, code);
	}
}

static void p9_generic_any_pmc(struct kunit *test)
{
	const struct pmu_kunit_generic rows[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, 0x1e },
		{ PERF_TYPE_HW_CACHE, L1D_READ_MISS, 0,
		  p9_catalogue_code("PM_LD_MISS_L1_FIN") },
		/* PM_L3_LD_PREF */
		{ PERF_TYPE_HW_CACHE, LL_PREFETCH_ACCESS, 0, 0xf0b0 },
	};

	/* PM_CYC and PM_INST_CMPL are listed on each of PMC1-4. */
	KUNIT_EXPECT_EQ(test, p9_catalogue_code("PM_CYC"), 0x1eULL);
	KUNIT_EXPECT_EQ(test, p9_catalogue_code("PM_INST_CMPL"), 0x2ULL);
	/* Events of one PMC keep it. */
	KUNIT_EXPECT_EQ(test, p9_catalogue_code("PM_BR_MPRED_CMPL"), 0x400f6ULL);
	KUNIT_EXPECT_EQ(test, p9_catalogue_code("PM_RUN_CYC"), 0x200f4ULL);
	KUNIT_EXPECT_EQ(test, p9_catalogue_code("PM_NO_SUCH_EVENT"), 0ULL);

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
	KUNIT_CASE(p9_generic_any_pmc),
	KUNIT_CASE(p9_generic_refusals),
	{}
};

PMU_KUNIT_SUITE(p9_generic, "power9_generic");
