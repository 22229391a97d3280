// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of Itanium 9300 event placement: the scheduler accepts
 * exactly the groups that a brute-force search over every assignment of
 * counters accepts, for every group of up to four events drawn from a
 * sample of the catalogue covering each kind of restriction; then each
 * rule on its own, with the manual's own examples.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite/kunit.h>
#include <pmu-suite/sched-check.h>

#include "ia64-event.h"
#include <pmu-suite/ia64-regs.h>
#include "ia64-sched.h"

#define GROUP_MAX	4

static struct ia64_event ev_of(struct kunit *test, u64 config)
{
	struct ia64_event ev;
	const char *why;

	KUNIT_EXPECT_EQ_MSG(test, ia64_event_decode(config, 0, 0, &ev, &why), 0,
			    "0x%llx: %s", config, why);
	ev.plm = IA64_PLM_USER | IA64_PLM_KERNEL;
	return ev;
}

#define CFG(code, umask)	IA64_CONFIG(code, umask)
#define ALL			IA64_CFG_ALL

/*
 * The rules restated for the brute force, independently of the
 * scheduler's search: one event per counter; PMD4-9 for ER/SI/L2D,
 * duplicated-counter and .all events; PMD5 holds an L1D event when there
 * is one, and all L1D events are of one set; an L2D set event on PMD5 or
 * 8 (7 or 9) needs an L2D event of its set, unit mask and .all on PMD4
 * (PMD6).
 */
static const struct ia64_event *bf_at(const struct ia64_event *evs,
				      const u8 *pmd, unsigned int n,
				      unsigned int counter)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (pmd[i] == counter)
			return &evs[i];
	return NULL;
}

static bool bf_valid(const void *group, const u8 *pmd, unsigned int n)
{
	const struct ia64_event *evs = group;
	int l1d_set = -1;
	bool l1d_on_5 = false;
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		const struct ia64_event *ev = &evs[i];
		bool dup_only = ev->all ||
				(ev->flags & (IA64_EV_PMD4_9 | IA64_EV_DUPLICATED));

		if (pmd[i] < 4 || pmd[i] > 15 || (dup_only && pmd[i] > 9))
			return false;
		for (j = 0; j < i; j++)
			if (pmd[j] == pmd[i])
				return false;
		if (ev->flags & IA64_EV_L1D_SET) {
			if (l1d_set >= 0 && l1d_set != ev->set)
				return false;
			l1d_set = ev->set;
			if (pmd[i] == 5)
				l1d_on_5 = true;
		}
		if (ev->flags & IA64_EV_L2D_SET) {
			const struct ia64_event *head = NULL;

			if (pmd[i] == 5 || pmd[i] == 8)
				head = bf_at(evs, pmd, n, 4);
			else if (pmd[i] == 7 || pmd[i] == 9)
				head = bf_at(evs, pmd, n, 6);
			else
				continue;
			if (!head || !(head->flags & IA64_EV_L2D_SET) ||
			    head->set != ev->set || head->umask != ev->umask ||
			    head->all != ev->all)
				return false;
		}
	}
	return l1d_set < 0 || l1d_on_5;
}

/* One or two events of each kind of restriction. */
static const u64 sample_configs[] = {
	CFG(0x08, 0),		/* IA64_INST_RETIRED: any counter */
	CFG(0x13, 0xf),		/* CPU_CPL_CHANGES: any counter */
	CFG(0x18, 0),		/* CPU_OP_CYCLES_HALTED: causal */
	CFG(0x80, 1),		/* ER_READS: PMD4-9 */
	CFG(0x11, 0),		/* ETB_EVENT: any counter */
	CFG(0xc2, 0),		/* L1D set 0 */
	CFG(0xc3, 0),		/* L1D set 0 */
	CFG(0xc7, 1),		/* L1D set 1 */
	CFG(0xe0, 1),		/* L2D set 0 */
	CFG(0xe2, 1),		/* L2D set 0, same unit mask */
	CFG(0xe2, 2),		/* L2D set 0, another unit mask */
	CFG(0xe4, 1),		/* L2D set 1 */
	CFG(0xe0, 1) | ALL,	/* L2D set 0 with .all */
	CFG(0xcb, 0),		/* L2D_MISSES: not set restricted */
};

PMU_SCHED_CHECK_SCHEDULE(ia64, pmd)

static void ia64_sched_matches_brute_force(struct kunit *test)
{
	unsigned int n = ARRAY_SIZE(sample_configs), i;
	struct ia64_event *sample;

	sample = kunit_kcalloc(test, n, sizeof(*sample), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sample);
	for (i = 0; i < n; i++)
		sample[i] = ev_of(test, sample_configs[i]);
	pmu_sched_check_all(test, &(struct pmu_sched_check) {
		.sample		= sample,
		.elem_size	= sizeof(*sample),
		.n		= n,
		.max_group	= GROUP_MAX,
		.first_counter	= IA64_FIRST_COUNTER,
		.nr_counters	= IA64_NUM_COUNTERS,
		.schedule	= ia64_schedule_counters,
		.valid		= bf_valid,
	});
}

static void ia64_sched_twelve_counters(struct kunit *test)
{
	struct ia64_event g[IA64_NUM_COUNTERS + 1];
	struct ia64_schedule s;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g); i++)
		g[i] = ev_of(test, CFG(0x08, 0));
	KUNIT_ASSERT_EQ(test, ia64_schedule(g, IA64_NUM_COUNTERS, &s), 0);
	KUNIT_EXPECT_EQ(test, s.used, (u16)IA64_COUNTERS_ALL);
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, ARRAY_SIZE(g), &s), -ENOSPC);
}

static void ia64_sched_pmd4_9_events(struct kunit *test)
{
	/* Seven ER events for six duplicated counters. */
	struct ia64_event g[7];
	struct ia64_schedule s;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g); i++)
		g[i] = ev_of(test, CFG(0x80, 1));
	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 6, &s), 0);
	KUNIT_EXPECT_EQ(test, s.used, (u16)IA64_COUNTERS_DUP);
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 7, &s), -ENOSPC);
}

static void ia64_sched_all_on_duplicated(struct kunit *test)
{
	/* .all exists only on PMC4-9 (Table 3-5). */
	struct ia64_event ev = ev_of(test, CFG(0x13, 0xf) | ALL);

	KUNIT_EXPECT_EQ(test, ia64_event_allowed(&ev), (u16)IA64_COUNTERS_DUP);
	ev = ev_of(test, CFG(0x13, 0xf));
	KUNIT_EXPECT_EQ(test, ia64_event_allowed(&ev), (u16)IA64_COUNTERS_ALL);
}

static void ia64_sched_cycles_halted(struct kunit *test)
{
	/* Causal: duplicated counters, not PMD10 only (see ia64-sched.c). */
	struct ia64_event ev = ev_of(test, CFG(0x18, 0));

	KUNIT_EXPECT_EQ(test, ia64_event_allowed(&ev), (u16)IA64_COUNTERS_DUP);
}

static void ia64_sched_l1d_needs_pmd5(struct kunit *test)
{
	struct ia64_event g[] = {
		ev_of(test, CFG(0xc2, 0)), ev_of(test, CFG(0xc3, 0)),
		ev_of(test, CFG(0xc7, 1)),
	};
	struct ia64_schedule s;

	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_TRUE(test, s.pmd[0] == 5 || s.pmd[1] == 5);
	/* Sets 0 and 1 never count together (4.8.2). */
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 3, &s), -ENOSPC);
}

static void ia64_sched_l1d_pmd5_taken(struct kunit *test)
{
	/* Six duplicated-only events fill PMD4-9, PMD5 among them. */
	struct ia64_event g[7];
	struct ia64_schedule s;
	unsigned int i;

	for (i = 0; i < 6; i++)
		g[i] = ev_of(test, CFG(0x80, 1));
	g[6] = ev_of(test, CFG(0xc2, 0));
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 7, &s), -ENOSPC);
	KUNIT_ASSERT_EQ(test, ia64_schedule(g + 1, 6, &s), 0);
	KUNIT_EXPECT_EQ(test, s.pmd[5], 5);
}

static void ia64_sched_l2d_sets(struct kunit *test)
{
	/* Set 0 on PMD4, 5, 8; set 1 on PMD6, 7, 9: the largest L2D group. */
	struct ia64_event g[] = {
		ev_of(test, CFG(0xe0, 1)), ev_of(test, CFG(0xe2, 1)),
		ev_of(test, CFG(0xe0, 1)), ev_of(test, CFG(0xe4, 1)),
		ev_of(test, CFG(0xe4, 1)), ev_of(test, CFG(0xe4, 1)),
		ev_of(test, CFG(0xe4, 1)),
	};
	struct ia64_schedule s;

	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 6, &s), 0);
	KUNIT_EXPECT_EQ(test, s.used, (u16)IA64_COUNTERS_DUP);
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 7, &s), -ENOSPC);
}

static void ia64_sched_l2d_three_sets(struct kunit *test)
{
	/* Sets 0, 1 and 8: only two can be selected by PMC4 and PMC6. */
	struct ia64_event g[] = {
		ev_of(test, CFG(0xe0, 1)), ev_of(test, CFG(0xe4, 1)),
		ev_of(test, CFG(0xf2, 0)),
	};
	struct ia64_schedule s;

	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 3, &s), -ENOSPC);
}

static void ia64_sched_l2d_shared_umask_all(struct kunit *test)
{
	/* Three set 0 events with different unit masks need PMD4, 6 and ... */
	struct ia64_event g[] = {
		ev_of(test, CFG(0xe0, 1)), ev_of(test, CFG(0xe2, 2)),
		ev_of(test, CFG(0xe0, 3)),
	};
	struct ia64_event h[] = {
		ev_of(test, CFG(0xe0, 1)), ev_of(test, CFG(0xe0, 1) | ALL),
		ev_of(test, CFG(0xe2, 1)),
	};
	struct ia64_schedule s;

	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.used, (u16)(BIT(4) | BIT(6)));
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 3, &s), -ENOSPC);
	/* PMC4's .all applies to PMD5 and 8: .all and not cannot share. */
	KUNIT_ASSERT_EQ(test, ia64_schedule(h, 3, &s), 0);
	KUNIT_EXPECT_TRUE(test, s.pmd[1] == 4 || s.pmd[1] == 6);
}

static void ia64_sched_l2d_not_set_restricted(struct kunit *test)
{
	/* L2D_MISSES is an L2D event without a set: any of PMD4-9. */
	struct ia64_event g[6];
	struct ia64_schedule s;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g); i++)
		g[i] = ev_of(test, CFG(0xcb, 0));
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 6, &s), 0);
}

static void ia64_sched_shared_registers(struct kunit *test)
{
	struct ia64_event a = ev_of(test, CFG(0x08, 0));
	struct ia64_event b = ev_of(test, CFG(0x13, 0xf));
	struct ia64_event g[2];
	struct ia64_schedule s;
	const char *why;

	/* IA64_INST_RETIRED in a 64 KB range, with CPU_CPL_CHANGES. */
	KUNIT_ASSERT_EQ(test, ia64_event_decode(CFG(0x08, 0),
						FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
						FIELD_PREP(IA64_CFG1_RANGE_LG, 16),
						0x4000000000010000ULL, &a, &why), 0);
	g[0] = a;
	g[1] = b;
	/* CPU_CPL_CHANGES cannot be qualified, so the range leaves it alone. */
	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.qual.kind, IA64_QUAL_IAR);
	/* An unqualified IA64_INST_RETIRED would be constrained as well. */
	g[1] = ev_of(test, CFG(0x08, 0));
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 2, &s), -EINVAL);
	/* Channel 1 of IA64_TAGGED_INST_RETIRED is not. */
	g[1] = ev_of(test, CFG(0x08, 1));
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 2, &s), 0);
	/* Two different ranges. */
	g[1] = a;
	g[1].qual.base = 0x4000000000020000ULL;
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 2, &s), -EINVAL);
	g[1] = a;
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 2, &s), 0);
}

static void ia64_sched_one_dear(struct kunit *test)
{
	u64 dear = CFG(0xc8, 0);
	struct ia64_event g[] = {
		ev_of(test, dear | FIELD_PREP(IA64_CFG_EAR_UMASK, 3)),
		ev_of(test, dear | FIELD_PREP(IA64_CFG_EAR_UMASK, 3)),
		ev_of(test, dear | FIELD_PREP(IA64_CFG_EAR_UMASK, 4)),
	};
	struct ia64_schedule s;

	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_GE(test, s.dear, 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 3, &s), -EINVAL);
	g[1].plm = IA64_PLM_USER;
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 2, &s), -EINVAL);
}

static void ia64_sched_one_etb(struct kunit *test)
{
	struct ia64_event g[] = {
		ev_of(test, CFG(0x08, 0)), ev_of(test, CFG(0x13, 0xf)),
	};
	struct ia64_schedule s;

	g[0].etb = 0x3f4f;
	g[1].etb = 0xbf4f;
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, 2, &s), -EINVAL);
	g[1].etb = 0;
	KUNIT_ASSERT_EQ(test, ia64_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.etb, 0);
}

static struct kunit_case ia64_sched_cases[] = {
	KUNIT_CASE(ia64_sched_matches_brute_force),
	KUNIT_CASE(ia64_sched_twelve_counters),
	KUNIT_CASE(ia64_sched_pmd4_9_events),
	KUNIT_CASE(ia64_sched_all_on_duplicated),
	KUNIT_CASE(ia64_sched_cycles_halted),
	KUNIT_CASE(ia64_sched_l1d_needs_pmd5),
	KUNIT_CASE(ia64_sched_l1d_pmd5_taken),
	KUNIT_CASE(ia64_sched_l2d_sets),
	KUNIT_CASE(ia64_sched_l2d_three_sets),
	KUNIT_CASE(ia64_sched_l2d_shared_umask_all),
	KUNIT_CASE(ia64_sched_l2d_not_set_restricted),
	KUNIT_CASE(ia64_sched_shared_registers),
	KUNIT_CASE(ia64_sched_one_dear),
	KUNIT_CASE(ia64_sched_one_etb),
	{}
};

PMU_KUNIT_SUITE(ia64_sched, "itanium9300_sched");
