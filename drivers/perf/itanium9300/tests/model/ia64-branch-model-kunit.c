// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 perf glue against the register-level
 * model (ia64-model.c): branch stacks from the trace buffer in its ETB
 * and IP-EAR modes.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "ia64k.h"

/* Count a period of IA64_INST_RETIRED and check its sample's branches. */
static void ia64k_expect_branches(struct kunit *test, int samples_now,
				  unsigned int nr)
{
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&ia64k_nr_samples), samples_now);
	KUNIT_ASSERT_EQ(test, ia64k_last.nr_branches, nr);
}

static void ia64k_expect_branch(struct kunit *test, unsigned int i, u64 from,
				u64 to, bool mispred)
{
	KUNIT_EXPECT_EQ(test, ia64k_last.branches[i].from, from);
	KUNIT_EXPECT_EQ(test, ia64k_last.branches[i].to, to);
	KUNIT_EXPECT_EQ(test, (bool)ia64k_last.branches[i].mispred, mispred);
}

static void ia64k_branch_stack(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_ETB_TM, ia64_model.pmc[IA64_PMC_ETB]),
			2ULL);
	ia64_model_branch(0x4000000000001001ULL, 0x4000000000002000ULL, false);
	ia64_model_branch(0x4000000000002012ULL, 0x4000000000001000ULL, true);
	ia64k_expect_branches(test, 1, 2);
	/* Most recent first. */
	ia64k_expect_branch(test, 0, 0x4000000000002012ULL,
			    0x4000000000001000ULL, true);
	ia64k_expect_branch(test, 1, 0x4000000000001001ULL,
			    0x4000000000002000ULL, false);
	/* The buffer restarts empty after each sample. */
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_last.nr_branches, 0U);
	perf_event_release_kernel(ev);
}

/*
 * config's ETB fields reach PMC39: with taken and not taken IP-relative
 * branches whose path was predicted, the buffer keeps those alone.
 */
static void ia64k_etb_filter(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0) | FIELD_PREP(IA64_CFG_ETB_TM, 3) |
			  FIELD_PREP(IA64_CFG_ETB_PPM, 2) | IA64_CFG_ETB_IPREL,
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model_branch_kind(0x4000000000001001ULL, 0x4000000000002000ULL,
			       IA64_BRT_IPREL, 0);
	ia64_model_branch_kind(0x4000000000002010ULL, 0x4000000000003000ULL,
			       IA64_BRT_RETURN, 0);
	ia64_model_branch_kind(0x4000000000002022ULL, 0x4000000000002030ULL,
			       IA64_BRT_IPREL, IA64_MODEL_BR_NOT_TAKEN);
	ia64_model_branch_kind(0x4000000000002032ULL, 0x4000000000004000ULL,
			       IA64_BRT_IPREL, IA64_MODEL_BR_PATH_MISP);
	ia64_model_branch_kind(0x4000000000002042ULL, 0x4000000000005000ULL,
			       IA64_BRT_INDIRECT, 0);
	ia64k_expect_branches(test, 1, 2);
	/* Not taken: slot 3 in the buffer, the bundle address in perf. */
	ia64k_expect_branch(test, 0, 0x4000000000002020ULL,
			    0x4000000000002030ULL, false);
	ia64k_expect_branch(test, 1, 0x4000000000001001ULL,
			    0x4000000000002000ULL, false);
	perf_event_release_kernel(ev);

	/* Target mispredictions alone, of every type, taken only. */
	attr.config = CFG(0x08, 0) | FIELD_PREP(IA64_CFG_ETB_PTM, 1);
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model_branch_kind(0x4000000000001001ULL, 0x4000000000002000ULL,
			       IA64_BRT_INDIRECT, IA64_MODEL_BR_TARGET_MISP);
	ia64_model_branch_kind(0x4000000000002010ULL, 0x4000000000003000ULL,
			       IA64_BRT_RETURN, 0);
	ia64_model_branch_kind(0x4000000000002020ULL, 0x4000000000002030ULL,
			       IA64_BRT_INDIRECT, IA64_MODEL_BR_NOT_TAKEN |
			       IA64_MODEL_BR_TARGET_MISP);
	ia64_model_branch_kind(0x4000000000002032ULL, 0x4000000000004000ULL,
			       IA64_BRT_IPREL, IA64_MODEL_BR_PATH_MISP);
	ia64k_expect_branches(test, 2, 1);
	ia64k_expect_branch(test, 0, 0x4000000000001001ULL,
			    0x4000000000002000ULL, true);
	perf_event_release_kernel(ev);

	/* Without a branch stack the fields have nothing to filter. */
	attr.sample_type = PERF_SAMPLE_IP;
	attr.branch_sample_type = 0;
	ev = ia64k_open_attr(&attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ev), -EINVAL);
	if (!IS_ERR(ev))
		perf_event_release_kernel(ev);
}

static void ia64k_ipear_branch_stack(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0) | IA64_CFG_IPEAR |
			  FIELD_PREP(IA64_CFG_IPEAR_DELAY, 4),
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
		.exclude_kernel = 1,
	};
	struct perf_event *ev;
	u64 pmc42;

	ia64_model.cpl = 3;
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	pmc42 = ia64_model.pmc[IA64_PMC_IPEAR];
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IPEAR_MODE, pmc42), 4ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IPEAR_DELAY, pmc42), 4ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IPEAR_PLM, pmc42), (u64)IA64_PLM_USER);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_ETB_TM, ia64_model.pmc[IA64_PMC_ETB]),
			0ULL);
	ia64_model_retire(0x4000000000001000ULL, 2, false);
	ia64_model_retire(0x4000000000001010ULL, 7, false);
	/* Kernel code is not captured for an event that excludes it. */
	ia64_model.cpl = 0;
	ia64_model_retire(0xa000000100001000ULL, 1, false);
	ia64_model.cpl = 3;
	ia64_model_retire(0x4000000000004560ULL, 200, true);
	/* The overflow freezes; the delay's last capture is dropped. */
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_ASSERT_EQ(test, ia64k_last.nr_branches, 2U);
	KUNIT_EXPECT_EQ(test, ia64k_last.branches[0].from, 0x4000000000001010ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.branches[0].to, 0x4000000000004560ULL);
	KUNIT_EXPECT_EQ(test, (unsigned int)ia64k_last.branches[0].cycles, 63U);
	KUNIT_EXPECT_EQ(test, ia64k_last.branches[1].from, 0x4000000000001000ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.branches[1].to, 0x4000000000001010ULL);
	KUNIT_EXPECT_EQ(test, (unsigned int)ia64k_last.branches[1].cycles, 7U);
	/* The buffer restarts empty after each sample. */
	ia64_model_retire(0x4000000000001000ULL, 2, false);
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_last.nr_branches, 0U);
	perf_event_release_kernel(ev);

	/* The IP-EAR fills a branch stack and cannot filter it. */
	attr.sample_type = PERF_SAMPLE_IP;
	attr.branch_sample_type = 0;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EINVAL);
	attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY_RETURN;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
}

static struct kunit_case itanium9300_branch_model_cases[] = {
	KUNIT_CASE(ia64k_branch_stack),
	KUNIT_CASE(ia64k_etb_filter),
	KUNIT_CASE(ia64k_ipear_branch_stack),
	{}
};

static struct kunit_suite itanium9300_branch_model_suite = {
	.name = "itanium9300_branch_model",
	.init = ia64k_init,
	.exit = ia64k_exit,
	.suite_init = ia64k_suite_init,
	.suite_exit = ia64k_suite_exit,
	.test_cases = itanium9300_branch_model_cases,
};

kunit_test_suite(itanium9300_branch_model_suite);
