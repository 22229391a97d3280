// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of Itanium 9300 event placement: the scheduler accepts
 * exactly the groups that a brute-force search over every assignment of
 * counters accepts, for every group of up to four events drawn from a
 * sample of the catalogue covering each kind of restriction; then each
 * rule on its own, with the manual's own examples; then random groups of
 * up to thirteen events against the exhaustive search the scheduler
 * replaced, and the scheduler's steps on the largest groups, which must
 * stay few since it runs with interrupts off. Likewise for the
 * qualification registers: a group's qualifications are accepted exactly
 * when some programming of the tag channels, searched by brute force and
 * evaluated by the equations of 3.3.5-3.3.7, counts every event as it
 * asked, and the driver's own programming then does.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/sched-check.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-event.h"
#include "ia64-pmc.h"
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
	const unsigned int n = IA64_NUM_COUNTERS + 1;
	struct ia64_event *g;
	struct ia64_schedule s;
	unsigned int i;

	/* Off the stack: thirteen events and a schedule exceed ia64's frame. */
	g = kunit_kcalloc(test, n, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	for (i = 0; i < n; i++)
		g[i] = ev_of(test, CFG(0x08, 0));
	KUNIT_ASSERT_EQ(test, ia64_schedule(g, IA64_NUM_COUNTERS, &s), 0);
	KUNIT_EXPECT_EQ(test, s.used, (u16)IA64_COUNTERS_ALL);
	KUNIT_EXPECT_EQ(test, ia64_schedule(g, n, &s), -ENOSPC);
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
	KUNIT_EXPECT_EQ(test, ia64_channel_kinds(&s.chan[0]), BIT(IA64_QUAL_IAR));
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

/*
 * The scheduler runs with interrupts off at every commit, enable and
 * overflow interrupt: its search must stay short. The search it replaced
 * tried every occupant of PMD4, 5 and 6, and examined some 71,700
 * counters for twelve any-counter events, 249,060 for six any-counter
 * events followed by six PMD4-9-only ones.
 */
#define SCHED_STEPS_MAX	1000

static const u64 worst_any[] = {
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0),
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0),
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0),
};

static const u64 worst_any_dup[] = {
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0),
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x80, 1), CFG(0x80, 1),
	CFG(0x80, 1), CFG(0x80, 1), CFG(0x80, 1), CFG(0x80, 1),
};

/* PMD5 L1D, PMD4 and 8 L2D set 0, PMD6 and 9 set 1, PMD7 ER. */
static const u64 worst_mixed[] = {
	CFG(0x08, 0), CFG(0x13, 0xf), CFG(0x11, 0), CFG(0xc3, 0),
	CFG(0x08, 0), CFG(0x13, 0xf), CFG(0x80, 1), CFG(0xe4, 1),
	CFG(0xe2, 1), CFG(0xe4, 1), CFG(0xe0, 1), CFG(0xc2, 0),
};

/* Fails only in the matching: PMD4-9 hold five of the seven. */
static const u64 worst_l1d_l2d_er[] = {
	CFG(0x80, 1), CFG(0x80, 1), CFG(0x80, 1), CFG(0x80, 1),
	CFG(0xc2, 0), CFG(0xe0, 1), CFG(0xe0, 1),
};

/*
 * Passes the screening, but with the L1D event on PMD5 one set has PMD4
 * and 8 for its three events under either choice of PMC4 and PMC6.
 */
static const u64 worst_two_sets[] = {
	CFG(0xe0, 1), CFG(0xe2, 1), CFG(0xe0, 1), CFG(0xe4, 1),
	CFG(0xe4, 1), CFG(0xe4, 1), CFG(0xc2, 0), CFG(0x08, 0),
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0), CFG(0x08, 0),
};

static const struct {
	const char *name;
	const u64 *configs;
	unsigned int n;
	int want;
} worst_groups[] = {
	{ "12 any-counter", worst_any, ARRAY_SIZE(worst_any), 0 },
	{ "6 any-counter, 6 PMD4-9", worst_any_dup, ARRAY_SIZE(worst_any_dup), 0 },
	{ "L1D, L2D, ER, any-counter", worst_mixed, ARRAY_SIZE(worst_mixed), 0 },
	{ "4 ER, L1D, 2 L2D", worst_l1d_l2d_er, ARRAY_SIZE(worst_l1d_l2d_er),
	  -ENOSPC },
	{ "two L2D sets, L1D", worst_two_sets, ARRAY_SIZE(worst_two_sets),
	  -ENOSPC },
};

static void ia64_sched_bounded(struct kunit *test)
{
	struct ia64_event *g;
	struct ia64_schedule s;
	unsigned int k, i, steps;
	bool ok;
	int ret;

	g = kunit_kcalloc(test, IA64_NUM_COUNTERS, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	for (k = 0; k < ARRAY_SIZE(worst_groups); k++) {
		const char *name = worst_groups[k].name;
		unsigned int n = worst_groups[k].n;

		for (i = 0; i < n; i++)
			g[i] = ev_of(test, worst_groups[k].configs[i]);
		ret = ia64_schedule_counted(g, n, &s, &steps);
		kunit_info(test, "%s: %d after %u steps\n", name, ret, steps);
		KUNIT_EXPECT_EQ_MSG(test, ret, worst_groups[k].want, "%s", name);
		KUNIT_EXPECT_LT_MSG(test, steps, SCHED_STEPS_MAX, "%s", name);
		if (!ret) {
			ok = bf_valid(g, s.pmd, n);
			KUNIT_EXPECT_TRUE_MSG(test, ok, "%s", name);
		}
	}
}

/*
 * The exhaustive search the scheduler replaced, restated from the rules
 * as bf_valid() reads them, as the reference for groups too large for
 * the brute force: each choice of occupants of PMD4, 5 and 6 that obeys
 * their rules, then a matching of the other events on PMD7-15.
 */
struct ref_search {
	const struct ia64_event *evs;
	unsigned int n;
	const struct ia64_event *head[3];
	u16 allowed[IA64_NUM_COUNTERS];
	int owner[IA64_LAST_COUNTER + 1];
};

static u16 ref_counters(const struct ia64_event *ev)
{
	if (ev->all || (ev->flags & (IA64_EV_PMD4_9 | IA64_EV_DUPLICATED)))
		return GENMASK(9, 4);
	return GENMASK(15, 4);
}

/* Whether L2D event @ev may follow @head's PMC4 or PMC6. */
static bool ref_follows(const struct ia64_event *head,
			const struct ia64_event *ev)
{
	return head && (head->flags & IA64_EV_L2D_SET) &&
	       head->set == ev->set && head->umask == ev->umask &&
	       head->all == ev->all;
}

static bool ref_augment(struct ref_search *r, unsigned int i, u16 *seen)
{
	unsigned int c;

	for (c = 7; c <= IA64_LAST_COUNTER; c++) {
		if (!(r->allowed[i] & BIT(c)) || (*seen & BIT(c)))
			continue;
		*seen |= BIT(c);
		if (r->owner[c] < 0 || ref_augment(r, r->owner[c], seen)) {
			r->owner[c] = i;
			return true;
		}
	}
	return false;
}

static bool ref_rest_fits(struct ref_search *r)
{
	unsigned int i, c;
	u16 seen;

	for (c = 0; c <= IA64_LAST_COUNTER; c++)
		r->owner[c] = -1;
	for (i = 0; i < r->n; i++) {
		const struct ia64_event *ev = &r->evs[i];

		if (ev == r->head[0] || ev == r->head[1] || ev == r->head[2])
			continue;
		r->allowed[i] = ref_counters(ev) & GENMASK(15, 7);
		if (ev->flags & IA64_EV_L2D_SET) {
			if (!ref_follows(r->head[0], ev))
				r->allowed[i] &= ~BIT(8);
			if (!ref_follows(r->head[2], ev))
				r->allowed[i] &= ~(BIT(7) | BIT(9));
		}
		seen = 0;
		if (!ref_augment(r, i, &seen))
			return false;
	}
	return true;
}

static bool ref_heads_fit(const struct ref_search *r, bool l1d)
{
	const struct ia64_event *h5 = r->head[1];

	if (l1d && (!h5 || !(h5->flags & IA64_EV_L1D_SET)))
		return false;
	return !h5 || !(h5->flags & IA64_EV_L2D_SET) ||
	       ref_follows(r->head[0], h5);
}

static bool ref_fits(struct ref_search *r)
{
	unsigned int i, h[3];
	int l1d_set = -1;

	if (r->n > IA64_NUM_COUNTERS)
		return false;
	for (i = 0; i < r->n; i++) {
		if (!(r->evs[i].flags & IA64_EV_L1D_SET))
			continue;
		if (l1d_set >= 0 && l1d_set != r->evs[i].set)
			return false;
		l1d_set = r->evs[i].set;
	}
	/* Index n stands for an empty counter. */
	for (h[0] = 0; h[0] <= r->n; h[0]++)
		for (h[1] = 0; h[1] <= r->n; h[1]++)
			for (h[2] = 0; h[2] <= r->n; h[2]++) {
				bool heads = true;

				for (i = 0; i < 3; i++) {
					r->head[i] = h[i] < r->n ? &r->evs[h[i]] : NULL;
					if (h[i] < r->n &&
					    (h[i] == h[(i + 1) % 3] ||
					     !(ref_counters(r->head[i]) & BIT(4 + i))))
						heads = false;
				}
				if (heads && ref_heads_fit(r, l1d_set >= 0) &&
				    ref_rest_fits(r))
					return true;
			}
	return false;
}

/* Each kind of restriction, weighted towards groups that may fit. */
static const u64 random_configs[] = {
	CFG(0x08, 0), CFG(0x08, 0), CFG(0x13, 0xf), CFG(0x11, 0),
	CFG(0x08, 0) | ALL, CFG(0x18, 0), CFG(0x80, 1), CFG(0x80, 1),
	CFG(0xc2, 0), CFG(0xc3, 0), CFG(0xc2, 0) | ALL, CFG(0xc7, 1),
	CFG(0xe0, 1), CFG(0xe2, 1), CFG(0xe2, 2), CFG(0xe4, 1),
	CFG(0xe0, 1) | ALL, CFG(0xf2, 0), CFG(0xcb, 0), CFG(0xe4, 1),
};

#define RANDOM_GROUPS	10000

/* Deterministic, so that a failure names the same groups every run. */
static u32 ref_random(u32 *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

static void ia64_sched_matches_reference(struct kunit *test)
{
	unsigned int nsample = ARRAY_SIZE(random_configs), i, k, n, steps;
	unsigned int max_steps = 0, placed = 0;
	struct ia64_event *sample;
	struct ref_search r = {};
	struct ia64_event *g;
	struct ia64_schedule s;
	u32 state = 0x1a64;
	bool want, ok;
	int ret;

	sample = kunit_kcalloc(test, nsample, sizeof(*sample), GFP_KERNEL);
	g = kunit_kcalloc(test, IA64_NUM_COUNTERS + 1, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sample);
	KUNIT_ASSERT_NOT_NULL(test, g);
	for (i = 0; i < nsample; i++)
		sample[i] = ev_of(test, random_configs[i]);
	for (k = 0; k < RANDOM_GROUPS; k++) {
		n = 5 + ref_random(&state) % (IA64_NUM_COUNTERS - 3);
		for (i = 0; i < n; i++)
			g[i] = sample[ref_random(&state) % nsample];
		r.evs = g;
		r.n = n;
		want = ref_fits(&r);
		ret = ia64_schedule_counted(g, n, &s, &steps);
		KUNIT_EXPECT_EQ_MSG(test, ret == 0, want, "group %u", k);
		if (ret) {
			KUNIT_EXPECT_EQ(test, ret, -ENOSPC);
		} else {
			ok = bf_valid(g, s.pmd, n);
			KUNIT_EXPECT_TRUE_MSG(test, ok, "group %u", k);
		}
		placed += !ret;
		max_steps = max(max_steps, steps);
	}
	kunit_info(test, "%u groups of 5-13 events, %u placeable, at most %u steps\n",
		   RANDOM_GROUPS, placed, max_steps);
	KUNIT_EXPECT_GT(test, placed, 0U);
	KUNIT_EXPECT_LT(test, placed, RANDOM_GROUPS);
	KUNIT_EXPECT_LT(test, max_steps, SCHED_STEPS_MAX);
}

/*
 * The hardware's side, from the registers alone: IBR pair matches and
 * fine ranges (3.3.5.1, Table 3-9), the opcode matchers (3.3.6.2), the
 * tag channels (PMC32.ig_ad/inv, PMC36, PMC38) and DBRP0 under PMC41.
 * *undef is set where the manual leaves the result undefined.
 */
struct qpoint {
	u64 ip;		/* instruction, or a prefetch's target */
	u64 daddr;
	u64 op;
	u64 itype;	/* one of IA64_OPCM_{M,I,F,B} */
	bool prefetched;
};

static bool hw_pair(u64 addr, u64 base, u64 mask)
{
	u64 diff = addr ^ base;

	return !(diff & ~IA64_BR_MASK) && !(diff & mask & IA64_BR_MASK);
}

static const u64 hw_ig_ibrp[] = { BIT_ULL(1), BIT_ULL(4), BIT_ULL(7),
				  BIT_ULL(10) };

static bool hw_range(const struct ia64_pmcs *p, unsigned int n, u64 ip,
		     bool *undef)
{
	const u64 lo = 0xffff;
	bool m;

	if ((n == 0 && (p->opcm0_mask & IA64_OPCM_IG_AD)) ||
	    (p->iar & hw_ig_ibrp[n]))
		return true;
	if (p->iar & IA64_IAR_FINE) {
		/* Only ranges 0 and 1 exist, each with its upper pair on. */
		if (n >= 2 || (p->iar & hw_ig_ibrp[n + 2])) {
			*undef = true;
			return false;
		}
		m = hw_pair(ip & ~lo, p->ibr[2 * n] & ~lo, p->ibr[2 * n + 1] & ~lo) &&
		    (ip & lo) > (p->ibr[2 * n] & lo) &&
		    (ip & lo) < (p->ibr[2 * n + 4] & lo);
	} else {
		m = hw_pair(ip, p->ibr[2 * n], p->ibr[2 * n + 1]);
	}
	/* The pair's plm: user code. */
	m = m && (FIELD_GET(IA64_IBR_PLM, p->ibr[2 * n + 1]) & IA64_PLM_USER);
	return n == 0 && (p->opcm0_mask & IA64_OPCM_INV) ? !m : m;
}

static bool hw_opc(const struct ia64_pmcs *p, unsigned int c,
		   const struct qpoint *pt)
{
	u64 mask = c & 1 ? p->opcm1_mask : p->opcm0_mask;
	u64 match = c & 1 ? p->opcm1_match : p->opcm0_match;

	if (p->opc_cfg & BIT_ULL(c))
		return true;
	return (mask & pt->itype) &&
	       !((pt->op ^ match) & ~mask & IA64_OPCM_BITS);
}

static bool hw_counts(const struct ia64_event *ev, const struct ia64_pmcs *p,
		      const struct qpoint *pt, bool *undef)
{
	bool dbr = hw_pair(pt->daddr, p->dbr[0], p->dbr[1]);
	bool tag0, t = true;

	if (ev->code == IA64_CODE_INST_RETIRED)
		return hw_range(p, ev->chan, pt->ip, undef) &&
		       hw_opc(p, ev->chan, pt);
	if ((ev->flags & IA64_EV_IBRP1) ||
	    ((ev->flags & IA64_EV_IBRP0_1) && pt->prefetched))
		return hw_range(p, 1, pt->ip, undef);
	/* Before dispersal the range alone, after it the opcode too. */
	tag0 = hw_range(p, 0, pt->ip, undef) && hw_opc(p, 0, pt);
	if (ev->flags & IA64_EV_IAR)
		t = hw_range(p, 0, pt->ip, undef);
	if (ev->flags & IA64_EV_OPC)
		t = t && hw_opc(p, 0, pt);
	if (!(ev->flags & IA64_EV_DAR) || !(p->dar & IA64_DAR_EN_DBRP0))
		return t;
	switch (FIELD_GET(IA64_DAR_CFGDTAG0, p->dar)) {
	case IA64_DTAG_IBR_OPC_DBR:
		return t && tag0 && dbr;
	case IA64_DTAG_IBR_OPC:
		return t && tag0;
	case IA64_DTAG_DBR:
		return t && dbr;
	default:
		return t;
	}
}

/* The user's side: what a qualification asks for, from its fields alone. */
static bool q_holds(const struct ia64_qualifier *q, const struct qpoint *pt)
{
	bool in;

	switch (q->kind) {
	case IA64_QUAL_OPC:
		return (FIELD_PREP(IA64_OPCM_MIFB, q->mifb) & pt->itype) &&
		       !((pt->op ^ q->opc_match) & ~q->opc_mask & IA64_OPCM_BITS);
	case IA64_QUAL_IAR:
		if (q->fine)
			in = pt->ip >= q->base && pt->ip < q->base + q->len;
		else
			in = !((pt->ip ^ q->base) >> q->range_lg);
		return in != q->inv;
	case IA64_QUAL_DAR:
		return !((pt->daddr ^ q->base) >> q->range_lg);
	default:
		return true;
	}
}

/* An event whose range is IBRP1's alone, or also IBRP1's. */
static bool q_on_pair1(const struct ia64_event *ev)
{
	return ev->flags & (IA64_EV_IBRP1 | IA64_EV_IBRP0_1);
}

/*
 * Event @i asks for its own qualification, or with combine for those of
 * every event of its channel and perf group; IBRP1 being channel 1's
 * range, the prefetch events' ranges are channel 1's too.
 */
static bool q_wants(const struct ia64_event *evs, unsigned int n,
		    unsigned int i, const struct qpoint *pt)
{
	const struct ia64_event *ev = &evs[i];
	unsigned int j;

	if (!ev->combine || ev->qual.ibrp1)
		return q_holds(&ev->qual, pt);
	for (j = 0; j < n; j++) {
		const struct ia64_event *o = &evs[j];
		bool same = o->chan == ev->chan && !o->qual.ibrp1;

		/* Only the event's own perf group. */
		if (o->group != ev->group)
			continue;

		if (ev->chan == 1 && q_on_pair1(o))
			same = true;
		if (same && !q_holds(&o->qual, pt))
			return false;
	}
	return true;
}

static const u64 q_ips[] = {
	0x4000000000001000ULL, 0x4000000000003000ULL, 0x4000000000003200ULL,
	0x4000000000003f00ULL, 0x4000000000005000ULL,
};

static const u64 q_daddrs[] = { 0x600000000000a040ULL, 0x600000000000b000ULL };

static const struct {
	u64 op, itype;
} q_ops[] = {
	{ 0x5, IA64_OPCM_I }, { 0x5, IA64_OPCM_M }, { 0x7, IA64_OPCM_I },
};

/* Whether registers @p count every event of the group as it asked. */
static bool q_programming_works(const struct ia64_event *evs, unsigned int n,
				const struct ia64_pmcs *p)
{
	const unsigned int na = ARRAY_SIZE(q_ips), nb = ARRAY_SIZE(q_daddrs);
	const unsigned int nc = ARRAY_SIZE(q_ops);
	unsigned int x, i;
	bool undef = false;

	/* Every point: each address, data address, opcode, fetch kind. */
	for (x = 0; x < na * nb * nc * 2; x++) {
		unsigned int c = x / (na * nb * 2);
		struct qpoint pt = {
			.ip = q_ips[x % na],
			.daddr = q_daddrs[x / na % nb],
			.prefetched = x / (na * nb) % 2,
			.op = q_ops[c].op,
			.itype = q_ops[c].itype,
		};

		for (i = 0; i < n; i++)
			if (hw_counts(&evs[i], p, &pt, &undef) !=
			    q_wants(evs, n, i, &pt) || undef)
				return false;
	}
	return true;
}

/*
 * The brute force: every programming of the tag channel registers built
 * from the reset values and the group's own qualifications. Each IBR pair
 * takes nothing or a range some event could want there; each opcode
 * matcher nothing or an opcode qualification of its channels; PMC36 any
 * set of channels; DBRP0 nothing or a data range, under any cfgdtag0.
 */
#define Q_CAND	(GROUP_QUAL + 1)
#define GROUP_QUAL	3

struct q_search {
	const struct ia64_event *evs;
	unsigned int n;
	const struct ia64_qualifier *pair[IA64_IBR_PAIRS][Q_CAND];
	unsigned int npair[IA64_IBR_PAIRS];
	const struct ia64_qualifier *opcm[2][Q_CAND];
	unsigned int nopcm[2];
	const struct ia64_qualifier *dbr[Q_CAND];
	unsigned int ndbr;
};

static void q_add(const struct ia64_qualifier **list, unsigned int *nr,
		  const struct ia64_qualifier *q)
{
	list[(*nr)++] = q;
}

/* Program IBR pair @n with @q (fine: @n and @n + 2); false on a clash. */
static bool q_set_pair(struct ia64_pmcs *p, unsigned int n,
		       const struct ia64_qualifier *q)
{
	u64 plm = FIELD_PREP(IA64_IBR_PLM, 0xf);
	u64 window = ~(BIT_ULL(16) - 1);

	if (!q)
		return true;
	if (q->fine) {
		if (n >= 2 || (p->ibrp_used & (BIT(n) | BIT(n + 2))))
			return false;
		p->iar |= IA64_IAR_FINE;
		p->iar &= ~(hw_ig_ibrp[n] | hw_ig_ibrp[n + 2]);
		p->ibr[2 * n] = q->base - 1;
		p->ibr[2 * n + 1] = (window & IA64_BR_MASK) | plm;
		p->ibr[2 * n + 4] = (q->base & window) |
				    min_t(u64, (q->base & ~window) + q->len, 0xffff);
		p->ibr[2 * n + 5] = (window & IA64_BR_MASK) | plm;
		p->ibrp_used |= BIT(n) | BIT(n + 2);
		return true;
	}
	if (p->ibrp_used & BIT(n))
		return false;
	p->iar &= ~hw_ig_ibrp[n];
	p->ibr[2 * n] = q->base;
	p->ibr[2 * n + 1] = (~(BIT_ULL(q->range_lg) - 1) & IA64_BR_MASK) | plm;
	p->ibrp_used |= BIT(n);
	return true;
}

static void q_set_opcm(u64 *mask, u64 *match, const struct ia64_qualifier *q)
{
	if (!q)
		return;
	*mask = (*mask & ~(IA64_OPCM_BITS | IA64_OPCM_MIFB)) |
		(q->opc_mask & IA64_OPCM_BITS) |
		FIELD_PREP(IA64_OPCM_MIFB, q->mifb);
	*match = q->opc_match;
}

static bool q_search_works(const struct q_search *st)
{
	/* Choices: 4 pairs, 2 matchers, PMC36, DBRP0, cfgdtag0. */
	unsigned int radix[IA64_IBR_PAIRS + 5], pick[IA64_IBR_PAIRS + 5];
	unsigned int r[IA64_IBR_PAIRS], o0, o1, cfg, db, dtag, k;
	unsigned long x, total = 1;

	for (k = 0; k < IA64_IBR_PAIRS; k++)
		radix[k] = st->npair[k] + 1;
	radix[k++] = st->nopcm[0] + 1;
	radix[k++] = st->nopcm[1] + 1;
	radix[k++] = 16;
	radix[k++] = st->ndbr + 1;
	radix[k++] = 4;
	for (k = 0; k < ARRAY_SIZE(radix); k++)
		total *= radix[k];
	for (x = 0; x < total; x++) {
		unsigned long rest = x;
		struct ia64_pmcs p;
		const struct ia64_qualifier *r0;
		bool ok = true;

		for (k = 0; k < ARRAY_SIZE(radix); k++) {
			pick[k] = rest % radix[k];
			rest /= radix[k];
		}
		memcpy(r, pick, sizeof(r));
		o0 = pick[IA64_IBR_PAIRS];
		o1 = pick[IA64_IBR_PAIRS + 1];
		cfg = pick[IA64_IBR_PAIRS + 2];
		db = pick[IA64_IBR_PAIRS + 3];
		dtag = pick[IA64_IBR_PAIRS + 4];
		p = (struct ia64_pmcs) {
			.opcm0_mask = IA64_OPCM_RESET,
			.opcm0_match = IA64_OPCM_BITS,
			.opcm1_mask = IA64_OPCM_RESET,
			.opcm1_match = IA64_OPCM_BITS,
			.opc_cfg = cfg,
			.iar = IA64_IAR_RESET,
			.dar = IA64_DAR_RESET,
		};
		r0 = r[0] ? st->pair[0][r[0] - 1] : NULL;

		/* An unprogrammed DBRP0 under a mode that reads it: skip. */
		if (!db && (dtag == IA64_DTAG_IBR_OPC_DBR || dtag == IA64_DTAG_DBR))
			continue;
		for (k = 0; k < IA64_IBR_PAIRS; k++)
			ok = ok && q_set_pair(&p, k, r[k] ? st->pair[k][r[k] - 1] : NULL);
		if (!ok)
			continue;
		if (r0)
			p.opcm0_mask &= ~(IA64_OPCM_IG_AD |
					  (r0->inv ? 0 : IA64_OPCM_INV));
		q_set_opcm(&p.opcm0_mask, &p.opcm0_match,
			   o0 ? st->opcm[0][o0 - 1] : NULL);
		q_set_opcm(&p.opcm1_mask, &p.opcm1_match,
			   o1 ? st->opcm[1][o1 - 1] : NULL);
		p.dar = (p.dar & ~IA64_DAR_CFGDTAG0) |
			FIELD_PREP(IA64_DAR_CFGDTAG0, dtag);
		if (db) {
			p.dbr[0] = st->dbr[db - 1]->base;
			p.dbr[1] = ~(BIT_ULL(st->dbr[db - 1]->range_lg) - 1) &
				   IA64_BR_MASK;
		}
		if (q_programming_works(st->evs, st->n, &p))
			return true;
	}
	return false;
}

/*
 * The interface gives a channel one setting of each kind: two events that
 * give one kind different settings on a channel ask for two ranges (or
 * matchers) where there is one, even if one range holds the other.
 */
static bool q_one_per_kind(const struct ia64_event *evs, unsigned int n)
{
	unsigned int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (evs[i].qual.kind && evs[i].qual.kind == evs[j].qual.kind &&
			    evs[i].chan == evs[j].chan &&
			    evs[i].qual.ibrp1 == evs[j].qual.ibrp1 &&
			    !ia64_qualifier_equal(&evs[i].qual, &evs[j].qual))
				return false;
	return true;
}

static bool q_feasible(const struct ia64_event *evs, unsigned int n)
{
	struct q_search st = { .evs = evs, .n = n };
	unsigned int i;

	if (!q_one_per_kind(evs, n))
		return false;
	for (i = 0; i < n; i++) {
		const struct ia64_qualifier *q = &evs[i].qual;
		unsigned int c = evs[i].chan;

		if (q->kind == IA64_QUAL_OPC)
			q_add(st.opcm[c & 1], &st.nopcm[c & 1], q);
		if (q->kind == IA64_QUAL_DAR)
			q_add(st.dbr, &st.ndbr, q);
		if (q->kind != IA64_QUAL_IAR)
			continue;
		if (!q->ibrp1)
			q_add(st.pair[c], &st.npair[c], q);
		if (q_on_pair1(&evs[i]) && c != 1)
			q_add(st.pair[1], &st.npair[1], q);
	}
	return q_search_works(&st);
}

/* A group being checked, off the stack: ia64's frames are small. */
struct q_work {
	struct ia64_event g[GROUP_QUAL];
	struct ia64_event h[GROUP_QUAL];
	struct ia64_schedule s;
	struct ia64_pmcs p;
};

#define OPC(mifb, match)	(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_OPC) | \
				 FIELD_PREP(IA64_CFG1_OPC_MIFB, mifb) | (match))
#define IAR(lg)			(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) | \
				 FIELD_PREP(IA64_CFG1_RANGE_LG, lg))
#define DAR(lg)			(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_DAR) | \
				 FIELD_PREP(IA64_CFG1_RANGE_LG, lg))
#define FINE(len)		(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) | \
				 IA64_CFG1_RANGE_FINE | (len))
#define COMB			IA64_CFG1_COMBINE
#define RA			0x4000000000003000ULL	/* 4 KiB */
#define RB			0x4000000000005000ULL
#define RF			0x4000000000003100ULL	/* fine, 0x200 */
#define DA			0x600000000000a040ULL	/* 64 bytes */

static void ia64_qual_matches_hardware(struct kunit *test)
{
	/* Each kind, channel, pair and sharing rule, with and without combine. */
	const u64 cfgs[][3] = {
		{ CFG(0x08, 0), 0, 0 },
		{ CFG(0x08, 0), IAR(12), RA },
		{ CFG(0x08, 0), IAR(12) | COMB, RA },
		{ CFG(0x08, 0), IAR(12) | IA64_CFG1_RANGE_INV | COMB, RA },
		{ CFG(0x08, 0), FINE(0x200) | COMB, RF },
		{ CFG(0x08, 0), OPC(0x4, 0x5), 0 },
		{ CFG(0x08, 0), OPC(0x4, 0x5) | COMB, 0 },
		{ CFG(0xc2, 0), 0, 0 },
		{ CFG(0xc2, 0), DAR(6), DA },
		{ CFG(0xc2, 0), DAR(6) | COMB, DA },
		{ CFG(0xc2, 0), OPC(0xf, 0x7) | COMB, 0 },
		{ CFG(0x08, 1), 0, 0 },
		{ CFG(0x08, 1), IAR(12) | COMB, RB },
		{ CFG(0x08, 1), OPC(0xf, 0x7) | COMB, 0 },
		{ CFG(0x08, 1), FINE(0x200), RF },
		{ CFG(0x08, 2), 0, 0 },
		{ CFG(0x08, 2), IAR(12), RA },
		{ CFG(0x08, 2), OPC(0x4, 0x5), 0 },
		{ CFG(0x08, 3), OPC(0xf, 0x7) | COMB, 0 },
		{ CFG(0x44, 0), IAR(12), RB },
		{ CFG(0x41, 0), IAR(12) | COMB, RA },
		{ CFG(0x41, 0), 0, 0 },
		{ CFG(0xc2, 0), IAR(12) | COMB, RA },
		{ CFG(0x08, 3), IAR(12), RB },
		{ CFG(0x08, 1), IAR(12), RB },
		{ CFG(0x44, 0), FINE(0x200), RF },
	};
	unsigned int n = ARRAY_SIZE(cfgs), i, j, k, m, x, groups = 0, accepted = 0;
	struct ia64_event *sample, *g;
	struct q_work *w;

	sample = kunit_kcalloc(test, n, sizeof(*sample), GFP_KERNEL);
	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sample);
	KUNIT_ASSERT_NOT_NULL(test, w);
	g = w->g;
	for (i = 0; i < n; i++) {
		const char *why;

		KUNIT_ASSERT_EQ_MSG(test, ia64_event_decode(cfgs[i][0], cfgs[i][1],
							    cfgs[i][2], &sample[i],
							    &why), 0,
				    "sample %u: %s", i, why);
		sample[i].plm = IA64_PLM_USER | IA64_PLM_KERNEL;
	}
	/* Every multiset of one to three sample events (n: no event). */
	for (x = 0; x < n * (n + 1) * (n + 1); x++) {
		bool ok, feasible;

		i = x % n;
		j = x / n % (n + 1);
		k = x / n / (n + 1);
		if (j < i || k < j || (j == n && k != n))
			continue;
		m = 0;
		g[m++] = sample[i];
		if (j < n)
			g[m++] = sample[j];
		if (k < n)
			g[m++] = sample[k];
		ok = !ia64_schedule_shared(g, m, &w->s);
		feasible = q_feasible(g, m);
		groups++;
		KUNIT_EXPECT_EQ_MSG(test, ok, feasible, "group %u %u %u", i, j, k);
		if (!ok)
			continue;
		accepted++;
		KUNIT_ASSERT_EQ(test, ia64_schedule(g, m, &w->s), 0);
		ia64_compute_pmcs(g, m, &w->s, &w->p);
		KUNIT_EXPECT_TRUE_MSG(test, q_programming_works(g, m, &w->p),
				      "group %u %u %u", i, j, k);
	}
	kunit_info(test, "%u groups, %u accepted\n", groups, accepted);
}

/*
 * Events of several perf groups on one CPU: each still counts what its
 * own group asked for, and what fits keeps fitting when some events stop
 * (ia64_program() relies on it).
 */
static void q_check_split(struct kunit *test, struct q_work *w,
			  unsigned int m, unsigned int *accepted)
{
	struct ia64_event *g = w->g;
	unsigned int labels, sub, e;

	for (labels = 0; labels < BIT(m); labels++) {
		for (e = 0; e < m; e++)
			g[e].group = labels >> e & 1;
		if (ia64_schedule_shared(g, m, &w->s))
			continue;
		(*accepted)++;
		KUNIT_ASSERT_EQ(test, ia64_schedule(g, m, &w->s), 0);
		ia64_compute_pmcs(g, m, &w->s, &w->p);
		KUNIT_EXPECT_TRUE(test, q_programming_works(g, m, &w->p));
		for (sub = 1; sub < BIT(m) - 1; sub++) {
			unsigned int nh = 0;

			for (e = 0; e < m; e++)
				if (sub & BIT(e))
					w->h[nh++] = g[e];
			KUNIT_EXPECT_EQ(test, ia64_schedule(w->h, nh, &w->s), 0);
		}
	}
}

static void ia64_qual_groups_apart(struct kunit *test)
{
	const u64 cfgs[][3] = {
		{ CFG(0x08, 0), 0, 0 },
		{ CFG(0x08, 0), IAR(12) | COMB, RA },
		{ CFG(0x08, 0), OPC(0x4, 0x5), 0 },
		{ CFG(0x08, 0), OPC(0x4, 0x5) | COMB, 0 },
		{ CFG(0xc2, 0), DAR(6) | COMB, DA },
		{ CFG(0xc2, 0), DAR(6), DA },
		{ CFG(0xc2, 0), IAR(12) | COMB, RA },
		{ CFG(0x08, 1), OPC(0xf, 0x7) | COMB, 0 },
		{ CFG(0x08, 1), IAR(12), RB },
		{ CFG(0x44, 0), IAR(12), RB },
		{ CFG(0x41, 0), IAR(12) | COMB, RA },
	};
	unsigned int n = ARRAY_SIZE(cfgs), i, j, k, accepted = 0;
	struct ia64_event *sample;
	struct q_work *w;
	const char *why;

	sample = kunit_kcalloc(test, n, sizeof(*sample), GFP_KERNEL);
	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sample);
	KUNIT_ASSERT_NOT_NULL(test, w);
	for (i = 0; i < n; i++) {
		KUNIT_ASSERT_EQ(test, ia64_event_decode(cfgs[i][0], cfgs[i][1],
							cfgs[i][2], &sample[i],
							&why), 0);
		sample[i].plm = IA64_PLM_USER | IA64_PLM_KERNEL;
	}
	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
			for (k = j; k < n; k++) {
				w->g[0] = sample[i];
				w->g[1] = sample[j];
				w->g[2] = sample[k];
				q_check_split(test, w, 2, &accepted);
				q_check_split(test, w, 3, &accepted);
			}
	kunit_info(test, "%u accepted splits\n", accepted);
	/* A combining event takes its own group's kinds, never another's. */
	w->g[0] = sample[1];
	w->g[1] = sample[3];
	w->g[0].group = 0;
	w->g[1].group = 0;
	KUNIT_EXPECT_EQ(test, ia64_schedule(w->g, 2, &w->s), 0);
	w->g[1].group = 1;
	KUNIT_EXPECT_EQ(test, ia64_schedule(w->g, 2, &w->s), -EINVAL);
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
	KUNIT_CASE(ia64_sched_bounded),
	KUNIT_CASE(ia64_sched_matches_reference),
	KUNIT_CASE(ia64_qual_matches_hardware),
	KUNIT_CASE(ia64_qual_groups_apart),
	{}
};

PMU_KUNIT_SUITE(ia64_sched, "itanium9300_sched");
