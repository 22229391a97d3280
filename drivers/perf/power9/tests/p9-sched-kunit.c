// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of POWER9 event placement: the scheduler accepts exactly
 * the groups an independent brute-force search can place, over every
 * group of up to four events drawn from a sample of the catalogue that
 * covers each kind of constraint; every group of Table 5-24 is accepted.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/sched-check.h>

#include "p9-catalogue.h"
#include "p9-event.h"
#include "p9-sched.h"

#define SAMPLE_MAX	32
#define GROUP_MAX	4

static struct p9_event ev_of(struct kunit *test, u64 code)
{
	struct p9_event ev;
	const char *why;

	KUNIT_EXPECT_EQ_MSG(test, p9_event_decode(code, &ev, &why), 0,
			    "0x%llx", code);
	return ev;
}

/*
 * Section 5.16 restated for the brute force, independently of the
 * scheduler: a PMC field names the counter, or one of the PMCs the event
 * has a code on; MMU events need PMC1; the rest go on any of PMC1-4.
 */
static bool bf_allowed(const struct p9_event *ev, unsigned int pmc)
{
	if (ev->alt && pmc >= 1 && pmc <= 4 && ev->alt[pmc - 1])
		return true;
	if (ev->pmc)
		return pmc == ev->pmc;
	if (ev->mmu)
		return pmc == 1;
	return pmc >= 1 && pmc <= 4;
}

/*
 * One event per PMC; L2/L3 events need PMC4 free or holding one of their
 * group; the L2/L3 events of a group share selector and combination,
 * except selector 0x9e's, which never hold PMC4 for another's group.
 */
static bool bf_valid(const void *group, const u8 *pmc, unsigned int n)
{
	const struct p9_event *evs = group, *sel = NULL;
	bool l2l3 = false, pmc4_ok = true, any4 = false;
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		if (!bf_allowed(&evs[i], pmc[i]))
			return false;
		for (j = 0; j < i; j++)
			if (pmc[i] == pmc[j])
				return false;
		l2l3 |= evs[i].l2l3;
		if (pmc[i] == 4 && !evs[i].l2l3)
			pmc4_ok = false;
		if (pmc[i] == 4 && evs[i].pmcxsel == 0x9e)
			any4 = true;
		if (!evs[i].l2l3 || evs[i].pmcxsel == 0x9e)
			continue;
		if (sel && (sel->pmcxsel != evs[i].pmcxsel ||
			    sel->comb != evs[i].comb))
			return false;
		sel = &evs[i];
	}
	return !l2l3 || (pmc4_ok && !(sel && any4));
}

/*
 * A sample of the catalogue with up to two events per kind: PMC field,
 * L2/L3, MMU, with alternative codes or without. Plus PMC5 and PMC6's
 * codes, absent from the event tables.
 */
static unsigned int sample_events(struct kunit *test, struct p9_event *out)
{
	unsigned int seen[8][4] = {};
	unsigned int i, n = 0;

	out[n++] = ev_of(test, P9_CODE_PMC5_RUN_INST);
	out[n++] = ev_of(test, P9_CODE_PMC6_RUN_CYC);
	for (i = 0; i < P9_CATALOGUE_NR && n < SAMPLE_MAX; i++) {
		struct p9_event ev = ev_of(test, p9_catalogue[i].code);
		unsigned int kind = ev.l2l3 ? 1 : ev.mmu ? 2 : ev.alt ? 3 : 0;

		if (seen[ev.pmc][kind] >= 2)
			continue;
		seen[ev.pmc][kind]++;
		out[n++] = ev;
	}
	return n;
}

PMU_SCHED_CHECK_SCHEDULE(p9, pmc)

/* PMC1-6 are numbered from 1, as the manual numbers them. */
static void p9_sched_matches_brute_force(struct kunit *test)
{
	unsigned int n, i, pinned = 0, moving = 0;
	struct p9_event *sample;

	sample = kunit_kcalloc(test, SAMPLE_MAX, sizeof(*sample), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sample);
	n = sample_events(test, sample);
	KUNIT_ASSERT_GE(test, n, 12U);
	/* Events fixed on one PMC, and events with codes on others. */
	for (i = 0; i < n; i++) {
		pinned += sample[i].pmc >= 1 && sample[i].pmc <= 4 &&
			  !sample[i].alt && !sample[i].l2l3 && !sample[i].mmu;
		moving += !!sample[i].alt;
	}
	KUNIT_EXPECT_GE(test, pinned, 4U);
	KUNIT_EXPECT_GE(test, moving, 4U);
	pmu_sched_check_all(test, &(struct pmu_sched_check) {
		.sample		= sample,
		.elem_size	= sizeof(*sample),
		.n		= n,
		.max_group	= GROUP_MAX,
		.first_counter	= 1,
		.nr_counters	= P9_NUM_PMCS,
		.schedule	= p9_schedule_counters,
		.valid		= bf_valid,
	});
}

static void p9_sched_table_5_24(struct kunit *test)
{
	struct p9_event group[P9_GROUP_MAX_EVENTS];
	struct p9_schedule s;
	unsigned int g, i;

	KUNIT_ASSERT_EQ(test, p9_groups_len, 252U);
	for (g = 0; g < p9_groups_len; g++) {
		const struct p9_catalogue_group *grp = &p9_groups[g];

		for (i = 0; i < grp->nr; i++)
			group[i] = ev_of(test, grp->codes[i]);
		KUNIT_EXPECT_EQ_MSG(test, p9_schedule(group, grp->nr, &s), 0,
				    "group %u %s", grp->id, grp->name);
	}
}

static void p9_sched_l2l3_companion(struct kunit *test)
{
	/* pm_l2_6: PMC4 is RESERVED 0x46884 in Table 5-24. */
	struct p9_event g[] = {
		ev_of(test, 0x16884), ev_of(test, 0x26884), ev_of(test, 0x36884),
	};
	struct p9_schedule s;

	KUNIT_ASSERT_EQ(test, p9_schedule(g, ARRAY_SIZE(g), &s), 0);
	KUNIT_EXPECT_EQ(test, s.companion, 0x46884ULL);
	KUNIT_EXPECT_EQ(test, s.used, (u8)0x7);
}

static void p9_sched_l2l3_pmc4_taken(struct kunit *test)
{
	/* An L2 event on PMC1 and a non-L2/L3 event fixed on PMC4. */
	struct p9_event g[] = { ev_of(test, 0x16080), ev_of(test, 0x400f4) };
	struct p9_schedule s;

	KUNIT_EXPECT_EQ(test, p9_schedule(g, ARRAY_SIZE(g), &s), -ENOSPC);
}

static void p9_sched_l2l3_moves_any_pmc_event(struct kunit *test)
{
	/* L2 on PMC1, then four "any PMC" events: one too many. */
	struct p9_event g[] = {
		ev_of(test, 0x16080), ev_of(test, 0x2080), ev_of(test, 0x2084),
		ev_of(test, 0x2088),
	};
	struct p9_schedule s;

	KUNIT_EXPECT_EQ(test, p9_schedule(g, ARRAY_SIZE(g), &s), -ENOSPC);
	/* With one fewer, they fit on PMC2-3 and leave PMC4 to the companion. */
	KUNIT_ASSERT_EQ(test, p9_schedule(g, 3, &s), 0);
	KUNIT_EXPECT_EQ(test, s.companion, 0x46080ULL);
	KUNIT_EXPECT_EQ(test, s.pmc[0], 1);
}

/* An L2/L3 group is one selector's, plus selector 0x9e's events. */
static void p9_sched_l2l3_one_selector(struct kunit *test)
{
	struct p9_event two[] = { ev_of(test, 0x16080), ev_of(test, 0x26082) };
	struct p9_event with_9e[] = { ev_of(test, 0x3609e), ev_of(test, 0x16080) };
	struct p9_event pmc4_9e[] = { ev_of(test, 0x16080), ev_of(test, 0x4609e) };
	struct p9_schedule s;

	KUNIT_EXPECT_EQ(test, p9_schedule(two, 2, &s), -ENOSPC);
	/* pm_l2_1 without its PMC4: the companion is 0x80's, not 0x9e's. */
	KUNIT_ASSERT_EQ(test, p9_schedule(with_9e, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.companion, 0x46080ULL);
	KUNIT_ASSERT_EQ(test, p9_schedule(with_9e, 1, &s), 0);
	KUNIT_EXPECT_EQ(test, s.companion, 0x4609eULL);
	/* 0x9e's event on PMC4 is not the fourth event of 0x80's group. */
	KUNIT_EXPECT_EQ(test, p9_schedule(pmc4_9e, 2, &s), -ENOSPC);
}

static void p9_sched_mmu_pmc1(struct kunit *test)
{
	struct p9_event g[] = { ev_of(test, 0x8080), ev_of(test, 0x8082) };
	struct p9_schedule s;

	KUNIT_ASSERT_EQ(test, p9_schedule(g, 1, &s), 0);
	KUNIT_EXPECT_EQ(test, s.pmc[0], 1);
	KUNIT_EXPECT_EQ(test, p9_schedule(g, 2, &s), -ENOSPC);
}

static void p9_sched_full_group(struct kunit *test)
{
	struct p9_event g[] = {
		ev_of(test, 0x2080), ev_of(test, 0x2084), ev_of(test, 0x2088),
		ev_of(test, 0x208c), ev_of(test, P9_CODE_PMC5_RUN_INST),
		ev_of(test, P9_CODE_PMC6_RUN_CYC), ev_of(test, 0x2090),
	};
	struct p9_schedule s;

	KUNIT_ASSERT_EQ(test, p9_schedule(g, 6, &s), 0);
	KUNIT_EXPECT_EQ(test, s.used, (u8)0x3f);
	KUNIT_EXPECT_EQ(test, s.pmc[4], 5);
	KUNIT_EXPECT_EQ(test, s.pmc[5], 6);
	KUNIT_EXPECT_EQ(test, p9_schedule(g, 7, &s), -ENOSPC);
}

static void p9_sched_shared_mmcra(struct kunit *test)
{
	u64 ris_all = 0x401e0;	/* PM_MRK_INST_CMPL, RIS of all instructions */
	u64 ris_ldst = 0x401e0 | FIELD_PREP(P9_RAW_SAMPLE_ELIG, 1);
	struct p9_event same[] = { ev_of(test, ris_all), ev_of(test, 0x1013e) };
	struct p9_event clash[] = {
		ev_of(test, ris_all),
		ev_of(test, 0x1013e | FIELD_PREP(P9_RAW_SAMPLE_ELIG, 1)),
	};
	struct p9_event one[] = { ev_of(test, ris_ldst) };
	struct p9_schedule s;

	KUNIT_EXPECT_EQ(test, p9_schedule(same, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, p9_schedule(clash, 2, &s), -EINVAL);
	KUNIT_ASSERT_EQ(test, p9_schedule(one, 1, &s), 0);
	KUNIT_EXPECT_EQ(test, s.mmcra, p9_event_mmcra_bits(&one[0]));
}

static void p9_sched_reload_qual_agree(struct kunit *test)
{
	u64 en = P9_RAW_RELOAD_QUAL_EN;
	struct p9_event g[] = {
		ev_of(test, 0x14040 | en | FIELD_PREP(P9_RAW_RELOAD_QUAL, 1)),
		ev_of(test, 0x24040 | en | FIELD_PREP(P9_RAW_RELOAD_QUAL, 2)),
	};
	struct p9_schedule s;

	KUNIT_EXPECT_EQ(test, p9_schedule(g, 2, &s), -EINVAL);
	KUNIT_ASSERT_EQ(test, p9_schedule(g, 1, &s), 0);
	KUNIT_EXPECT_TRUE(test, s.reload_qual_en);
	KUNIT_EXPECT_EQ(test, s.reload_qual, 1);
	/* Events that ask for the same qualifier share it. */
	g[1] = ev_of(test, 0x24040 | en | FIELD_PREP(P9_RAW_RELOAD_QUAL, 1));
	KUNIT_EXPECT_EQ(test, p9_schedule(g, 2, &s), 0);
}

/* PM_CYC moves to another PMC, with that PMC's code, when PMC1 is taken. */
static void p9_sched_alternative_code(struct kunit *test)
{
	struct p9_event g[] = { ev_of(test, 0x10010), ev_of(test, 0x1001e) };
	struct p9_event ld[] = { ev_of(test, 0x3e054), ev_of(test, 0x3000a) };
	struct p9_schedule s;

	KUNIT_ASSERT_EQ(test, p9_schedule(g, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.pmc[0], 1);
	KUNIT_EXPECT_EQ(test, s.alt_code[0], 0U);
	KUNIT_EXPECT_EQ(test, s.pmc[1], 2);
	KUNIT_EXPECT_EQ(test, s.alt_code[1], 0x2001eU);
	/* PM_LD_MISS_L1 has a PMC4 code only. */
	KUNIT_ASSERT_EQ(test, p9_schedule(ld, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.pmc[0], 4);
	KUNIT_EXPECT_EQ(test, s.alt_code[0], 0x400f0U);
}

/* Groups placeable with their own codes are placed as they always were. */
static void p9_sched_own_codes_first(struct kunit *test)
{
	struct p9_event any_first[] = { ev_of(test, 0x2080), ev_of(test, 0x1001e) };
	struct p9_event pmc2[] = { ev_of(test, 0x2001e), ev_of(test, 0x20002) };
	struct p9_schedule s;

	KUNIT_ASSERT_EQ(test, p9_schedule(any_first, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.pmc[0], 2);
	KUNIT_EXPECT_EQ(test, s.pmc[1], 1);
	KUNIT_EXPECT_EQ(test, s.alt_code[1], 0U);
	/* When one must move, the first keeps its own PMC. */
	KUNIT_ASSERT_EQ(test, p9_schedule(pmc2, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.pmc[0], 2);
	KUNIT_EXPECT_EQ(test, s.alt_code[0], 0U);
	KUNIT_EXPECT_NE(test, s.pmc[1], 2);
	KUNIT_EXPECT_EQ(test, s.alt_code[1] & 0xfffff, 0x2U | (u32)s.pmc[1] << 16);
}

/*
 * Only exact catalogue codes of one name on several PMCs have
 * alternatives: not a code with other fields set, not the L2 busy pairs.
 */
static void p9_sched_alternatives_exact(struct kunit *test)
{
	u64 qual = 0x1001e | P9_RAW_RELOAD_QUAL_EN;
	struct p9_event g[] = { ev_of(test, 0x10010), ev_of(test, qual) };
	struct p9_event busy[] = { ev_of(test, 0x3608c), ev_of(test, 0x3000a) };
	struct p9_event br[] = {
		ev_of(test, 0x20036), ev_of(test, 0x2000a), ev_of(test, 0x4000a),
	};
	struct p9_schedule s;

	KUNIT_EXPECT_NULL(test, g[1].alt);
	KUNIT_EXPECT_EQ(test, p9_schedule(g, 2, &s), -ENOSPC);
	KUNIT_EXPECT_NULL(test, busy[0].alt);
	KUNIT_EXPECT_EQ(test, p9_schedule(busy, 2, &s), -ENOSPC);
	/* PM_BR_2PATH has codes on PMC2 and PMC4 only. */
	KUNIT_EXPECT_EQ(test, p9_event_alt_pmcs(&br[0]), (u8)0xa);
	KUNIT_EXPECT_EQ(test, p9_schedule(br, 3, &s), -ENOSPC);
	KUNIT_ASSERT_EQ(test, p9_schedule(br, 2, &s), 0);
	KUNIT_EXPECT_EQ(test, s.alt_code[0], 0x40036U);
}

/* A catalogue event fixed on @pmc, with no code on another PMC. */
static u64 pinned_on(struct kunit *test, unsigned int pmc)
{
	unsigned int i;

	for (i = 0; i < P9_CATALOGUE_NR; i++) {
		struct p9_event ev = ev_of(test, p9_catalogue[i].code);

		if (ev.pmc == pmc && !ev.alt && !ev.l2l3 && !ev.mmu && !ev.mark)
			return ev.config;
	}
	return 0;
}

/*
 * Every code of p9_alternatives[], its own PMC taken: it moves, and is
 * programmed with the catalogue's code for the PMC it got.
 */
static void p9_sched_every_alternative_moves(struct kunit *test)
{
	unsigned int a, own, got;

	for (a = 0; a < P9_ALTERNATIVES_NR; a++) {
		const struct p9_catalogue_alternative *alt = &p9_alternatives[a];
		struct p9_event g[2];
		struct p9_schedule s;
		u64 blocker;

		own = (alt->code >> 16) & 0xf;
		KUNIT_ASSERT_TRUE(test, own >= 1 && own <= 4);
		blocker = pinned_on(test, own);
		KUNIT_ASSERT_NE(test, blocker, 0ULL);
		g[0] = ev_of(test, blocker);
		g[1] = ev_of(test, alt->code);
		KUNIT_ASSERT_EQ_MSG(test, p9_schedule(g, 2, &s), 0, "0x%x",
				    alt->code);
		got = s.pmc[1];
		KUNIT_EXPECT_NE(test, got, own);
		KUNIT_ASSERT_TRUE(test, got >= 1 && got <= 4);
		KUNIT_EXPECT_EQ_MSG(test, s.alt_code[1], alt->on_pmc[got - 1],
				    "0x%x on PMC%u", alt->code, got);
		KUNIT_EXPECT_EQ(test, (s.alt_code[1] >> 16) & 0xf, got);
	}
}

static struct kunit_case p9_sched_cases[] = {
	KUNIT_CASE(p9_sched_matches_brute_force),
	KUNIT_CASE(p9_sched_table_5_24),
	KUNIT_CASE(p9_sched_l2l3_companion),
	KUNIT_CASE(p9_sched_l2l3_pmc4_taken),
	KUNIT_CASE(p9_sched_l2l3_moves_any_pmc_event),
	KUNIT_CASE(p9_sched_l2l3_one_selector),
	KUNIT_CASE(p9_sched_mmu_pmc1),
	KUNIT_CASE(p9_sched_full_group),
	KUNIT_CASE(p9_sched_shared_mmcra),
	KUNIT_CASE(p9_sched_reload_qual_agree),
	KUNIT_CASE(p9_sched_alternative_code),
	KUNIT_CASE(p9_sched_own_codes_first),
	KUNIT_CASE(p9_sched_alternatives_exact),
	KUNIT_CASE(p9_sched_every_alternative_moves),
	{}
};

PMU_KUNIT_SUITE(p9_sched, "power9_sched");
