// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 perf glue on the real perf core, against the
 * register-level model (p9-model.c): branch stacks from the BHRB: entries,
 * filters, privilege, and the task that owns them.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "p9k.h"

/* Branches of every kind, in the thread's user code */
static const struct {
	u64 from;
	u32 insn;
	u64 to;
	bool call, ret, ind, cond;
} p9k_branches[] = {
	{ 0x10001000, 0x48000201, 0x10001200, true, false, false, false },
	{ 0x10001010, 0x41820009, 0x10001018, true, false, false, true },
	{ 0x10001020, 0x4e800421, 0x10003000, true, false, true, false },
	{ 0x10001030, 0x4d820421, 0x10003100, true, false, true, true },
	{ 0x10001040, 0x4e800020, 0x10004000, false, true, true, false },
	{ 0x10001050, 0x4d820020, 0x10004100, false, true, true, true },
	{ 0x10001060, 0x48000100, 0x10001160, false, false, false, false },
	{ 0x10001070, 0x41820008, 0x10001078, false, false, false, true },
	{ 0x10001080, 0x4e800420, 0x10005000, false, false, true, false },
	{ 0x10001090, 0x4d820420, 0x10005100, false, false, true, true },
};

static u64 p9k_branch_type;

static void p9k_branch_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_BRANCH_STACK;
	attr->branch_sample_type = p9k_branch_type;
}

static void p9k_branch_user_attr(struct perf_event_attr *attr)
{
	p9k_branch_attr(attr);
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
}

/* Whether perf's branch types @t take p9k_branches[@i] */
static bool p9k_branch_wanted(u64 t, unsigned int i)
{
	bool call = p9k_branches[i].call, ind = p9k_branches[i].ind;
	bool jump = !call && !p9k_branches[i].ret;

	return (t & PERF_SAMPLE_BRANCH_ANY) ||
	       ((t & PERF_SAMPLE_BRANCH_ANY_CALL) && call) ||
	       ((t & PERF_SAMPLE_BRANCH_CALL) && call && !ind) ||
	       ((t & PERF_SAMPLE_BRANCH_IND_CALL) && call && ind) ||
	       ((t & PERF_SAMPLE_BRANCH_ANY_RETURN) && p9k_branches[i].ret) ||
	       ((t & PERF_SAMPLE_BRANCH_IND_JUMP) && jump && ind) ||
	       ((t & PERF_SAMPLE_BRANCH_COND) && p9k_branches[i].cond);
}

static void p9k_take_branches(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(p9k_branches); i++)
		p9_model_branch(p9k_branches[i].from, p9k_branches[i].insn,
				p9k_branches[i].to, i == 2);
}

/*
 * perf record -b: the sample carries the BHRB, newest first, each entry
 * with its target (from the instruction, or the T entry of an XL-form
 * branch) and prediction.
 */
static void p9k_branch_stack(struct kunit *test)
{
	struct perf_event *ev;
	unsigned int i, n = ARRAY_SIZE(p9k_branches);

	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER |
			  PERF_SAMPLE_BRANCH_KERNEL;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, p9_model.mmcra & P9_MMCRA_BHRB_BITS, 0ULL);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_BHRBA);
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9k_take_branches();
	p9k_count(0x10002, 150, 50);
	KUNIT_ASSERT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_ASSERT_EQ(test, p9k_last_nr, (int)n);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, p9k_last_br[i].from, p9k_branches[n - 1 - i].from);
		KUNIT_EXPECT_EQ(test, p9k_last_br[i].to, p9k_branches[n - 1 - i].to);
		KUNIT_EXPECT_EQ(test, (u64)p9k_last_br[i].mispred,
				n - 1 - i == 2 ? 1ULL : 0ULL);
	}
	KUNIT_EXPECT_EQ(test, (u64)p9k_last_br[n - 1].type, (u64)PERF_BR_CALL);
	KUNIT_EXPECT_EQ(test, (u64)p9k_last_br[0].type, (u64)PERF_BR_IND);
	KUNIT_EXPECT_FALSE(test, p9_model.bhrb_bad_ifm);
	perf_event_release_kernel(ev);
}

/*
 * Every set of perf's seven branch types, through the driver's MMCRA bits
 * and the model's filters: a set is taken exactly when its samples carry
 * exactly its branches, else refused with EOPNOTSUPP.
 */
static void p9k_branch_filters(struct kunit *test)
{
	static const u64 types[] = {
		PERF_SAMPLE_BRANCH_ANY, PERF_SAMPLE_BRANCH_ANY_CALL,
		PERF_SAMPLE_BRANCH_CALL, PERF_SAMPLE_BRANCH_IND_CALL,
		PERF_SAMPLE_BRANCH_ANY_RETURN, PERF_SAMPLE_BRANCH_IND_JUMP,
		PERF_SAMPLE_BRANCH_COND,
	};
	unsigned int set, i, taken = 0;

	p9_model.pr = true;
	p9_model.pc = USER_IP;
	for (set = 1; set < BIT(ARRAY_SIZE(types)); set++) {
		struct perf_event *ev;
		unsigned int want = 0;

		p9k_branch_type = PERF_SAMPLE_BRANCH_USER;
		for (i = 0; i < ARRAY_SIZE(types); i++)
			if (set & BIT(i))
				p9k_branch_type |= types[i];
		ev = p9k_open(0x10002, 100, p9k_branch_attr);
		if (IS_ERR(ev)) {
			KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(ev), -EOPNOTSUPP,
					    "types %#llx", p9k_branch_type);
			continue;
		}
		taken++;
		atomic_set(&p9k_nr_samples, 0);
		p9k_take_branches();
		p9k_count(0x10002, 100, 100);
		KUNIT_ASSERT_EQ(test, atomic_read(&p9k_nr_samples), 1);
		for (i = 0; i < ARRAY_SIZE(p9k_branches); i++)
			if (p9k_branch_wanted(p9k_branch_type, i))
				want |= BIT(i);
		for (i = 0; i < p9k_last_nr; i++) {
			unsigned int k;

			for (k = 0; k < ARRAY_SIZE(p9k_branches); k++)
				if (p9k_branches[k].from == p9k_last_br[i].from)
					want ^= BIT(k);
		}
		KUNIT_EXPECT_EQ_MSG(test, want, 0U, "types %#llx mmcra %#llx",
				    p9k_branch_type, p9_model.mmcra);
		KUNIT_EXPECT_FALSE(test, p9_model.bhrb_bad_ifm);
		perf_event_release_kernel(ev);
	}
	/* 64 sets with ANY, and the ones p9_bhrb_filter_exhaustive finds */
	KUNIT_EXPECT_GT(test, taken, 64U);
}

/*
 * A user-only branch stack: MMCR0 freezes the BHRB in the kernel, an
 * event counted with it must exclude the same states, and a kernel entry
 * that got in anyway never reaches the sample.
 */
static void p9k_branch_stack_user_only(struct kunit *test)
{
	struct perf_event *ev, *kernel;

	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER;
	ev = p9k_open(0x10002, 100, p9k_branch_user_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_FCS);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_FCP);
	/* A kernel branch: frozen out. */
	p9_model.pr = false;
	p9_model_branch(KERNEL_IP, 0x4e800020, KERNEL_IP + 0x100, false);
	KUNIT_EXPECT_EQ(test, p9_model.bhrb[0], 0ULL);
	/* One that came in before the freeze (as the model writes it). */
	p9_model.bhrb[0] = KERNEL_IP;
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9k_take_branches();
	p9k_count(0x10002, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, p9k_last_nr, (int)ARRAY_SIZE(p9k_branches));
	KUNIT_EXPECT_LT(test, p9k_last_br[p9k_last_nr - 1].from, KERNEL_IP);

	/* MMCR0's freeze holds for every PMC: a kernel counter waits. */
	kernel = p9k_open(0x20002, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kernel));
	KUNIT_EXPECT_TRUE(test, kernel->state != PERF_EVENT_STATE_ACTIVE ||
			  ev->state != PERF_EVENT_STATE_ACTIVE);
	perf_event_release_kernel(kernel);
	perf_event_release_kernel(ev);
}

/* Refusals of branch stack requests the BHRB cannot serve. */
static void p9k_branch_refusals(struct kunit *test)
{
	struct perf_event *ev;

	p9k_branch_type = PERF_SAMPLE_BRANCH_CALL | PERF_SAMPLE_BRANCH_USER;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_IN_TX |
			  PERF_SAMPLE_BRANCH_USER;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	KUNIT_EXPECT_FALSE(test, p9_model.reserved);
}

/* Another task on the test's CPU takes branches. */
static void p9k_other_branches(void)
{
	p9_model_branch(0x20002000, 0x48000100, 0x20002100, false);
}

/*
 * The BHRB records whatever runs: a task's branch stack must not show the
 * branches another task took while it was switched out.
 */
static void p9k_branch_stack_own_task(struct kunit *test)
{
	struct perf_event *ev;
	unsigned int clears, i;

	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER |
			  PERF_SAMPLE_BRANCH_KERNEL;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9k_take_branches();
	clears = p9_model.bhrb_clears;
	p9k_run_other(test, p9k_other_branches);
	KUNIT_EXPECT_GT(test, p9_model.bhrb_clears, clears);
	p9_model_branch(0x10006000, 0x48000100, 0x10006100, false);
	p9k_count(0x10002, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_GE(test, p9k_last_nr, 1);
	for (i = 0; i < p9k_last_nr; i++)
		KUNIT_EXPECT_NE(test, p9k_last_br[i].from, 0x20002000ULL);
	KUNIT_EXPECT_EQ(test, p9k_last_br[0].from, 0x10006000ULL);
	perf_event_release_kernel(ev);
}

static struct kunit_case power9_branch_model_cases[] = {
	KUNIT_CASE(p9k_branch_stack),
	KUNIT_CASE(p9k_branch_filters),
	KUNIT_CASE(p9k_branch_stack_user_only),
	KUNIT_CASE(p9k_branch_refusals),
	KUNIT_CASE(p9k_branch_stack_own_task),
	{}
};

static struct kunit_suite power9_branch_model_suite = {
	.name = "power9_branch_model",
	.init = p9k_init,
	.suite_init = p9k_suite_init,
	.suite_exit = p9k_suite_exit,
	.test_cases = power9_branch_model_cases,
};

kunit_test_suite(power9_branch_model_suite);
