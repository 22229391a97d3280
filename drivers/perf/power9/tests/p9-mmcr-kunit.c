// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 control register values. Expected values are
 * written in the manual's bit numbering (bit 0 = MSB) so that each can be
 * checked against Appendix A by eye. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite-test/kunit.h>

#include <pmu-suite/power9/regs.h>
#include "p9-event.h"
#include "p9-mmcr.h"
#include "p9-sched.h"

#define IBM(n)	BIT_ULL(63 - (n))

struct mmcr_case {
	struct p9_event evs[P9_NUM_PMCS];
	struct p9_counter_attr attrs[P9_NUM_PMCS];
	struct p9_schedule s;
	struct p9_mmcr m;
	unsigned int n;
};

static void compute(struct kunit *test, struct mmcr_case *c, const u64 *codes,
		    unsigned int n, bool kernel_is_hv)
{
	const char *why;
	unsigned int i;

	c->n = n;
	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(test, p9_event_decode(codes[i], &c->evs[i], &why), 0);
	KUNIT_ASSERT_EQ(test, p9_schedule(c->evs, n, &c->s), 0);
	p9_compute_mmcr(c->evs, c->attrs, n, &c->s, kernel_is_hv, &c->m);
}

static void p9_mmcr_single_pmc1(struct kunit *test)
{
	static const u64 codes[] = { 0x10002 };	/* PM_INST_CMPL, PMC1 */
	struct mmcr_case c = {};

	compute(test, &c, codes, 1, false);
	/* PMC1SEL is MMCR1[32:39]. */
	KUNIT_EXPECT_EQ(test, c.m.mmcr1, 0x02ULL << (63 - 39));
	/* PMAE 37, FCECE 38, PMC1CE 48, FC5-6 59. */
	KUNIT_EXPECT_EQ(test, c.m.mmcr0, IBM(37) | IBM(38) | IBM(48) | IBM(59));
	KUNIT_EXPECT_EQ(test, c.m.mmcr2, 0ULL);
	KUNIT_EXPECT_EQ(test, c.m.mmcra, 0ULL);
}

static void p9_mmcr_unit_comb_sel(struct kunit *test)
{
	/* PMC1: 0x168a0 unit 6 comb 2 sel 0xa0; PMC3: PM_CYC 0x3001e. */
	static const u64 codes[] = { 0x168a0, 0x3001e, 0x468a0 };
	struct mmcr_case c = {};

	compute(test, &c, codes, 3, false);
	KUNIT_EXPECT_EQ(test, c.m.mmcr1,
			(6ULL << (63 - 3)) |		/* PMC1UNIT 0:3 */
			(2ULL << (63 - 25)) |		/* PMC1COMB 24:25 */
			(0xa0ULL << (63 - 39)) |	/* PMC1SEL 32:39 */
			(0x1eULL << (63 - 55)) |	/* PMC3SEL 48:55 */
			(6ULL << (63 - 15)) |		/* PMC4UNIT 12:15 */
			(2ULL << (63 - 31)) |		/* PMC4COMB 30:31 */
			0xa0ULL);			/* PMC4SEL 56:63 */
	KUNIT_EXPECT_EQ(test, c.s.companion, 0ULL);
	KUNIT_EXPECT_EQ(test, c.m.mmcr0, IBM(37) | IBM(38) | IBM(48) | IBM(49) |
			IBM(59));
}

static void p9_mmcr_any_pmc_event(struct kunit *test)
{
	/* PM_EE_OFF_EXT_INT: any PMC, unit 2, selector 0x80: lands on PMC1. */
	static const u64 codes[] = { 0x2080 };
	struct mmcr_case c = {};

	compute(test, &c, codes, 1, false);
	KUNIT_EXPECT_EQ(test, c.s.pmc[0], 1);
	KUNIT_EXPECT_EQ(test, c.m.mmcr1, (2ULL << (63 - 3)) | (0x80ULL << (63 - 39)));
}

static void p9_mmcr_alternative(struct kunit *test)
{
	/*
	 * PM_LD_MISS_L1 is 0x3e054 (unit 0xe, selector 0x54) on PMC3 and
	 * 0x400f0 on PMC4; PMC3 is taken by 0x3000a: PMC4 gets 0x400f0's.
	 */
	static const u64 codes[] = { 0x3e054, 0x3000a };
	struct mmcr_case c = {};

	compute(test, &c, codes, 2, false);
	KUNIT_EXPECT_EQ(test, c.s.pmc[0], 4);
	KUNIT_EXPECT_EQ(test, c.m.mmcr1,
			(0x0aULL << (63 - 55)) |	/* PMC3SEL 48:55 */
			0xf0ULL);			/* PMC4SEL 56:63 */
}

/* EBE 43, PMCC 44:45 = 10; the task's FC 32, PMAE 37, PMAO 56 */
static void p9_mmcr_ebb(struct kunit *test)
{
	static const u64 codes[] = { 0x10002 | P9_RAW_EBB };
	struct mmcr_case c = {};
	struct p9_ebb_task t = {};
	struct p9_mmcr m;

	compute(test, &c, codes, 1, false);
	m = c.m;
	p9_ebb_mmcr(&m, &t);
	/* A new task: the events' MMCR0 without PMAE, plus EBE and PMCC. */
	KUNIT_EXPECT_EQ(test, m.mmcr0, (c.m.mmcr0 & ~IBM(37)) | IBM(43) | IBM(44));
	KUNIT_EXPECT_EQ(test, m.mmcr2, c.m.mmcr2);
	/* What the task set comes back; nothing else of MMCR0 or MMCR2. */
	p9_ebb_task_bits(m.mmcr0 | IBM(32) | IBM(37) | IBM(56) | IBM(58),
			 P9_MMCR2_FCP(1) | P9_MMCR2_FCS(1), true, &t);
	KUNIT_EXPECT_EQ(test, t.mmcr0, IBM(32) | IBM(37) | IBM(56));
	KUNIT_EXPECT_EQ(test, t.mmcr2, P9_MMCR2_FCP(1));
	m = c.m;
	p9_ebb_mmcr(&m, &t);
	KUNIT_EXPECT_EQ(test, m.mmcr0, c.m.mmcr0 | IBM(32) | IBM(56) | IBM(43) |
			IBM(44));
	KUNIT_EXPECT_EQ(test, m.mmcr2, c.m.mmcr2 | P9_MMCR2_FCP(1));
	/* In the interrupt an alert is not kept: it would come back. */
	p9_ebb_task_bits(IBM(32) | IBM(56), 0, false, &t);
	KUNIT_EXPECT_EQ(test, t.mmcr0, IBM(32));
}

static void p9_mmcr_companion(struct kunit *test)
{
	/* pm_l2_6: PMC4 gets 0x46884, unit 6, comb 2, selector 0x84. */
	static const u64 codes[] = { 0x16884, 0x26884, 0x36884 };
	struct mmcr_case c = {};

	compute(test, &c, codes, 3, false);
	KUNIT_EXPECT_EQ(test, c.m.mmcr1 & GENMASK_ULL(63 - 12, 63 - 15),
			6ULL << (63 - 15));
	KUNIT_EXPECT_EQ(test, c.m.mmcr1 & GENMASK_ULL(63 - 30, 63 - 31),
			2ULL << (63 - 31));
	KUNIT_EXPECT_EQ(test, c.m.mmcr1 & 0xffULL, 0x84ULL);
	KUNIT_EXPECT_TRUE(test, c.m.mmcr0 & IBM(49));
	KUNIT_EXPECT_FALSE(test, c.m.mmcr0 & IBM(58));
}

static void p9_mmcr_exclusions_guest(struct kunit *test)
{
	/* Four events on PMC1-4 with different exclusions. */
	static const u64 codes[] = { 0x10002, 0x20002, 0x30002, 0x40002 };
	struct mmcr_case c = {
		.attrs = {
			{ .exclude_user = true },
			{ .exclude_kernel = true },
			{ .exclude_hv = true },
			{ .exclude_idle = true },
		},
	};

	compute(test, &c, codes, 4, false);
	/* C1 at 0:8, C2 at 9:17, ...: FCnS +0, FCnP +1, FCnWAIT +5, FCnH +6. */
	KUNIT_EXPECT_EQ(test, c.m.mmcr2, IBM(1) | IBM(9) | IBM(18 + 6) |
			IBM(27 + 5));
	/* Nothing global: MMCR0 FCS 33, FCP 34, FCH 63 stay clear. */
	KUNIT_EXPECT_FALSE(test, c.m.mmcr0 & (IBM(33) | IBM(34) | IBM(63)));
}

static void p9_mmcr_exclusions_hv_kernel(struct kunit *test)
{
	static const u64 codes[] = { 0x10002, 0x20002 };
	struct mmcr_case c = {
		.attrs = { { .exclude_kernel = true }, { .exclude_hv = true } },
	};

	compute(test, &c, codes, 2, true);
	/*
	 * The kernel runs in hypervisor state: FC1S and FC1H; exclude_hv
	 * alone names the kernel's own state, which exclude_kernel governs.
	 */
	KUNIT_EXPECT_EQ(test, c.m.mmcr2, IBM(0) | IBM(6));
}

static void p9_mmcr_pmc56(struct kunit *test)
{
	static const u64 run[] = { P9_CODE_PMC5_RUN_INST, P9_CODE_PMC6_RUN_CYC };
	struct mmcr_case c = {};

	compute(test, &c, run, 2, false);
	/* PMC1-4 frozen (FC1-4 58), PMC5-6 counting, CC56RUN 55 clear. */
	KUNIT_EXPECT_EQ(test, c.m.mmcr0, IBM(37) | IBM(38) | IBM(49) | IBM(58));
	KUNIT_EXPECT_EQ(test, c.m.mmcr1, 0ULL);
}

static void p9_mmcr_reload_qual(struct kunit *test)
{
	const u64 codes[] = {
		0x14040 | P9_RAW_RELOAD_QUAL_EN | FIELD_PREP(P9_RAW_RELOAD_QUAL, 2),
	};
	struct mmcr_case c = {};

	compute(test, &c, codes, 1, false);
	/* RELOAD_QUAL[0] -> MMCR1[16] DC_RLD_QUAL; [1] -> [17] IC_RLD_QUAL. */
	KUNIT_EXPECT_TRUE(test, c.m.mmcr1 & IBM(16));
	KUNIT_EXPECT_FALSE(test, c.m.mmcr1 & IBM(17));
}

static void p9_mmcr_mmcra_shared(struct kunit *test)
{
	const u64 codes[] = {
		0x401e0 | FIELD_PREP(P9_RAW_SAMPLE_ELIG, 1) |
			FIELD_PREP(P9_RAW_SDAR_MODE, 2),
	};
	struct mmcr_case c = {};

	compute(test, &c, codes, 1, false);
	/* SDAR_MODE 20:21 = 10, RAND_SAMP_ELIG 57:59 = 001, SAMPLE_ENABLE 63. */
	KUNIT_EXPECT_EQ(test, c.m.mmcra, IBM(20) | IBM(59) | IBM(63));
}

static void p9_mmcr_nothing(struct kunit *test)
{
	struct mmcr_case c = {};

	compute(test, &c, NULL, 0, false);
	KUNIT_EXPECT_EQ(test, c.m.mmcr0, IBM(58) | IBM(59));
	KUNIT_EXPECT_EQ(test, c.m.mmcr1, 0ULL);
}

/*
 * A branch stack event: MMCRA gets its filters (FC 29, FJ 31) and MMCR0
 * freezes the states it excludes (FCS 33, FCH 63 for a kernel in
 * hypervisor state), which then hold for every PMC.
 */
static void p9_mmcr_bhrb(struct kunit *test)
{
	static const u64 codes[] = { 0x10002, 0x2001e };
	struct mmcr_case c = {
		.attrs = {
			{ .exclude_kernel = true, .bhrb = true,
			  .bhrb_mmcra = IBM(29) | IBM(31) },
			{ .exclude_kernel = true },
		},
	};

	compute(test, &c, codes, 2, true);
	KUNIT_EXPECT_EQ(test, c.m.mmcra, IBM(29) | IBM(31));
	KUNIT_EXPECT_EQ(test, c.m.mmcr0 & (IBM(33) | IBM(34) | IBM(63)),
			IBM(33) | IBM(63));
	KUNIT_EXPECT_TRUE(test, p9_bhrb_fits(c.attrs, 2));

	/* No branch stack, no global freeze: MMCR2 alone filters. */
	c.attrs[0].bhrb = false;
	compute(test, &c, codes, 2, true);
	KUNIT_EXPECT_EQ(test, c.m.mmcra, 0ULL);
	KUNIT_EXPECT_EQ(test, c.m.mmcr0 & (IBM(33) | IBM(34) | IBM(63)), 0ULL);
}

static void p9_mmcr_bhrb_fits(struct kunit *test)
{
	struct p9_counter_attr a[3] = {
		{ .exclude_user = true, .bhrb = true },
		{ .exclude_user = true },
		{ .exclude_user = true, .bhrb = true },
	};

	KUNIT_EXPECT_TRUE(test, p9_bhrb_fits(a, 3));
	/* Another event counting user state stops the global freeze. */
	a[1].exclude_user = false;
	KUNIT_EXPECT_FALSE(test, p9_bhrb_fits(a, 3));
	KUNIT_EXPECT_TRUE(test, p9_bhrb_fits(&a[1], 1));
	a[1].exclude_user = true;
	/* Branch stacks with different filters share no BHRB. */
	a[2].bhrb_mmcra = IBM(28);
	KUNIT_EXPECT_FALSE(test, p9_bhrb_fits(a, 3));
	KUNIT_EXPECT_TRUE(test, p9_bhrb_fits(a, 2));
	/* Without a branch stack, events may exclude what they like. */
	a[0].bhrb = false;
	a[2].bhrb = false;
	a[1].exclude_user = false;
	KUNIT_EXPECT_TRUE(test, p9_bhrb_fits(a, 3));
	KUNIT_EXPECT_FALSE(test, p9_counter_attr_equal(&a[0], &a[1]));
	KUNIT_EXPECT_TRUE(test, p9_counter_attr_equal(&a[0], &a[0]));
}

static struct kunit_case p9_mmcr_cases[] = {
	KUNIT_CASE(p9_mmcr_single_pmc1),
	KUNIT_CASE(p9_mmcr_unit_comb_sel),
	KUNIT_CASE(p9_mmcr_any_pmc_event),
	KUNIT_CASE(p9_mmcr_alternative),
	KUNIT_CASE(p9_mmcr_ebb),
	KUNIT_CASE(p9_mmcr_companion),
	KUNIT_CASE(p9_mmcr_exclusions_guest),
	KUNIT_CASE(p9_mmcr_exclusions_hv_kernel),
	KUNIT_CASE(p9_mmcr_pmc56),
	KUNIT_CASE(p9_mmcr_reload_qual),
	KUNIT_CASE(p9_mmcr_mmcra_shared),
	KUNIT_CASE(p9_mmcr_nothing),
	KUNIT_CASE(p9_mmcr_bhrb),
	KUNIT_CASE(p9_mmcr_bhrb_fits),
	{}
};

PMU_KUNIT_SUITE(p9_mmcr, "power9_mmcr");
