// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of POWER9 raw event decoding: every event of the manual's
 * catalogue is accepted, and every rule the manual states about invalid
 * codes is refused. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite-test/kunit.h>

#include <pmu-suite/power9/regs.h>
#include "p9-catalogue.h"
#include "p9-event.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static int decode(u64 config)
{
	struct p9_event ev;
	const char *why = NULL;

	return p9_event_decode(config, &ev, &why);
}

/* PM_MRK_INST_CMPL: PMC4, selector 0xe0, mark set; PM_INST_CMPL unmarked. */
#define MARKED_BASE	0x401e0ULL
#define UNMARKED_BASE	0x10002ULL

static void p9_catalogue_all_valid(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_GT(test, P9_CATALOGUE_NR, 1000U);
	for (i = 0; i < P9_CATALOGUE_NR; i++)
		KUNIT_EXPECT_EQ_MSG(test, decode(p9_catalogue[i].code), 0,
				    "%s (0x%llx)", p9_catalogue[i].name,
				    p9_catalogue[i].code);
}

static void p9_catalogue_pmc_field(struct kunit *test)
{
	unsigned int i;
	struct p9_event ev;
	const char *why;

	for (i = 0; i < P9_CATALOGUE_NR; i++) {
		KUNIT_ASSERT_EQ(test, p9_event_decode(p9_catalogue[i].code, &ev, &why), 0);
		KUNIT_EXPECT_EQ(test, ev.pmc, p9_catalogue[i].pmc);
	}
}

static void p9_reserved_bits(struct kunit *test)
{
	static const unsigned int bits[] = { 9, 19, 23, 52, 55, 60, 62 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bits); i++)
		KUNIT_EXPECT_EQ_MSG(test, decode(0x10002ULL | BIT_ULL(bits[i])),
				    -EINVAL, "bit %u", bits[i]);
}

/* Bit 63 is the EBB flag, on any code. */
static void p9_ebb_bit(struct kunit *test)
{
	struct p9_event ev;
	const char *why;

	KUNIT_ASSERT_EQ(test, p9_event_decode(0x10002 | P9_RAW_EBB, &ev, &why), 0);
	KUNIT_EXPECT_TRUE(test, ev.ebb);
	KUNIT_EXPECT_EQ(test, ev.pmc, 1);
	KUNIT_EXPECT_NULL(test, ev.alt);
	KUNIT_ASSERT_EQ(test, p9_event_decode(0x10002, &ev, &why), 0);
	KUNIT_EXPECT_FALSE(test, ev.ebb);
	/* As the built-in PMU: the task must know its PMC, and may have 5 or 6. */
	KUNIT_EXPECT_EQ(test, decode(0x0001e | P9_RAW_EBB), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(P9_CODE_PMC5_RUN_INST | P9_RAW_EBB), 0);
	KUNIT_EXPECT_EQ(test, decode(P9_CODE_PMC6_RUN_CYC | P9_RAW_EBB), 0);
	KUNIT_EXPECT_EQ(test, decode(0x500f4 | P9_RAW_EBB), -EINVAL);
}

static void p9_pmc5_pmc6_fixed(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, decode(P9_CODE_PMC5_RUN_INST), 0);
	KUNIT_EXPECT_EQ(test, decode(P9_CODE_PMC6_RUN_CYC), 0);
	KUNIT_EXPECT_EQ(test, decode(0x500f4), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x600fa), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x50002), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(P9_CODE_PMC5_RUN_INST | P9_RAW_MARK), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x70002), -EINVAL);
}

static void p9_reserved_selectors(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, decode(0x100c0), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x100df), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x100e0), 0);
	KUNIT_EXPECT_EQ(test, decode(0x100bf | (2 << 12)), 0);
}

static void p9_bus_event_units(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, decode(0x0080), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x1080), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x7080), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x2080), 0);
	KUNIT_EXPECT_EQ(test, decode(0xf080), 0);
	/* A direct event may carry a unit: it extends the selector. */
	KUNIT_EXPECT_EQ(test, decode(0x1e058), 0);
}

static void p9_mmu_events_pmc1(struct kunit *test)
{
	struct p9_event ev;
	const char *why;

	KUNIT_ASSERT_EQ(test, p9_event_decode(0x8080, &ev, &why), 0);
	KUNIT_EXPECT_TRUE(test, ev.mmu);
	KUNIT_EXPECT_EQ(test, decode(0x18080), 0);
	KUNIT_EXPECT_EQ(test, decode(0x28080), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x4b080), -EINVAL);
}

static void p9_l2l3_events_name_pmc(struct kunit *test)
{
	struct p9_event ev;
	const char *why;

	KUNIT_ASSERT_EQ(test, p9_event_decode(0x360a0, &ev, &why), 0);
	KUNIT_EXPECT_TRUE(test, ev.l2l3);
	KUNIT_EXPECT_EQ(test, decode(0x60a0), -EINVAL);
}

/*
 * Figure 5-2 ignores RELOAD_QUAL unless RELOAD_QUAL_EN is set: the codes
 * the kernel's own POWER9 tests use (PM_LD_REF_L1 0x1100fc, PM_LD_MISS_L1
 * 0x13e054 and 0x23e054, 0x21c040, 0x22c040) decode, the qualifier off.
 */
static void p9_reload_qual_needs_enable(struct kunit *test)
{
	static const u64 ignored[] = { 0x1100fc, 0x13e054, 0x23e054, 0x21c040,
				       0x22c040, 0x1500fa };
	u64 qual = FIELD_PREP(P9_RAW_RELOAD_QUAL, 3) | P9_RAW_RELOAD_QUAL_EN;
	struct p9_event ev;
	const char *why;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ignored); i++) {
		KUNIT_EXPECT_EQ_MSG(test, p9_event_decode(ignored[i], &ev, &why),
				    0, "0x%llx", ignored[i]);
		KUNIT_EXPECT_EQ(test, ev.reload_qual, 0);
		KUNIT_EXPECT_FALSE(test, ev.reload_qual_en);
	}
	KUNIT_ASSERT_EQ(test, p9_event_decode(0x14040 | qual, &ev, &why), 0);
	KUNIT_EXPECT_EQ(test, ev.reload_qual, 3);
	KUNIT_EXPECT_EQ(test, decode(0x14040 | P9_RAW_RELOAD_QUAL_EN), 0);
}

static void p9_sampling_needs_mark(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, decode(UNMARKED_BASE | FIELD_PREP(P9_RAW_SAMPLE_ELIG, 1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(UNMARKED_BASE | FIELD_PREP(P9_RAW_SAMPLE_MODE, 2)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(MARKED_BASE | FIELD_PREP(P9_RAW_SAMPLE_ELIG, 1)),
			0);
}

static void p9_threshold_needs_mark(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, decode(UNMARKED_BASE | FIELD_PREP(P9_RAW_THRESH_SEL, 1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(UNMARKED_BASE | FIELD_PREP(P9_RAW_THRESH_START, 1) |
				     FIELD_PREP(P9_RAW_THRESH_STOP, 4)), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(UNMARKED_BASE | FIELD_PREP(P9_RAW_THRESH_MANT, 0x40)),
			-EINVAL);
}

static void p9_sample_modes(struct kunit *test)
{
	static const struct { u8 mode, elig; int ret; } cases[] = {
		{ 0, 0, 0 }, { 0, 1, 0 }, { 0, 2, 0 }, { 0, 3, -EINVAL },
		{ 0, 4, 0 }, { 0, 5, 0 }, { 0, 6, 0 }, { 0, 7, 0 },
		{ 1, 0, 0 }, { 1, 1, -EINVAL }, { 1, 2, -EINVAL },
		{ 1, 3, -EINVAL }, { 1, 4, 0 }, { 1, 5, -EINVAL },
		{ 1, 6, -EINVAL }, { 1, 7, -EINVAL },
		{ 2, 0, 0 }, { 2, 5, 0 }, { 2, 6, -EINVAL }, { 2, 7, -EINVAL },
		{ 3, 0, -EINVAL }, { 3, 4, -EINVAL },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    decode(MARKED_BASE |
					   FIELD_PREP(P9_RAW_SAMPLE_MODE, cases[i].mode) |
					   FIELD_PREP(P9_RAW_SAMPLE_ELIG, cases[i].elig)),
				    cases[i].ret, "mode %u elig %u",
				    cases[i].mode, cases[i].elig);
}

static void p9_threshold_select(struct kunit *test)
{
	unsigned int sel;

	for (sel = 0; sel < 8; sel++)
		KUNIT_EXPECT_EQ_MSG(test,
				    decode(MARKED_BASE |
					   FIELD_PREP(P9_RAW_THRESH_SEL, sel)),
				    sel == 3 ? -EINVAL : 0, "thresh_sel %u", sel);
}

static void p9_threshold_start_stop(struct kunit *test)
{
	u64 base = MARKED_BASE | FIELD_PREP(P9_RAW_THRESH_SEL, 1);

	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_START, 1) |
				     FIELD_PREP(P9_RAW_THRESH_STOP, 4)), 0);
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_STOP, 4)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_START, 1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_START, 0xf) |
				     FIELD_PREP(P9_RAW_THRESH_STOP, 4)), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_START, 1) |
				     FIELD_PREP(P9_RAW_THRESH_STOP, 0xf)), -EINVAL);
}

/*
 * Threshold event select 000 disables thresholding (A.6): a start, stop
 * or compare value with it would measure nothing, and is refused.
 */
static void p9_threshold_select_off(struct kunit *test)
{
	u64 ctl = MARKED_BASE | FIELD_PREP(P9_RAW_THRESH_START, 3) |
		  FIELD_PREP(P9_RAW_THRESH_STOP, 4);
	u64 cmp = MARKED_BASE | FIELD_PREP(P9_RAW_THRESH_MANT, 1);
	u64 sel = FIELD_PREP(P9_RAW_THRESH_SEL, 1);

	KUNIT_EXPECT_EQ(test, decode(ctl), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(cmp), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(ctl | sel), 0);
	KUNIT_EXPECT_EQ(test, decode(cmp | sel), 0);
}

static void p9_threshold_compare(struct kunit *test)
{
	u64 base = MARKED_BASE | FIELD_PREP(P9_RAW_THRESH_SEL, 1);

	/* Exponent 0: any mantissa. */
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_MANT, 1)), 0);
	/* Nonzero exponent: the mantissa's upper two bits must not be 0. */
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_EXP, 1) |
				     FIELD_PREP(P9_RAW_THRESH_MANT, 0x1f)), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_EXP, 1) |
				     FIELD_PREP(P9_RAW_THRESH_MANT, 0x20)), 0);
	/* 127 * 4^5 = 130,048 is the largest threshold. */
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_EXP, 5) |
				     FIELD_PREP(P9_RAW_THRESH_MANT, 0x7f)), 0);
	KUNIT_EXPECT_EQ(test, decode(base | FIELD_PREP(P9_RAW_THRESH_EXP, 6) |
				     FIELD_PREP(P9_RAW_THRESH_MANT, 0x7f)), -EINVAL);
}

static void p9_mmcra_value(struct kunit *test)
{
	struct p9_event ev;
	const char *why;
	u64 config = MARKED_BASE | FIELD_PREP(P9_RAW_SAMPLE_MODE, 2) |
		     FIELD_PREP(P9_RAW_SAMPLE_ELIG, 3) |
		     FIELD_PREP(P9_RAW_THRESH_SEL, 4) |
		     FIELD_PREP(P9_RAW_THRESH_START, 0x2) |
		     FIELD_PREP(P9_RAW_THRESH_STOP, 0x5) |
		     FIELD_PREP(P9_RAW_THRESH_EXP, 2) |
		     FIELD_PREP(P9_RAW_THRESH_MANT, 0x41) |
		     FIELD_PREP(P9_RAW_SDAR_MODE, 2);

	KUNIT_ASSERT_EQ(test, p9_event_decode(config, &ev, &why), 0);
	KUNIT_EXPECT_TRUE(test, p9_event_uses_mmcra(&ev));
	/*
	 * MMCRA, IBM numbering: THRESH_CMP_EXP 9:11 = 010, MANTISSA 12:18 =
	 * 1000001, SDAR_MODE 20:21 = 10, THRESH_EVENT_SEL 45:47 = 100,
	 * START 48:51 = 0010, END 52:55 = 0101, RAND_SAMP_ELIG 57:59 = 011,
	 * RAND_SAMP_MODE 61:62 = 10, SAMPLE_ENABLE 63.
	 */
	KUNIT_EXPECT_EQ(test, p9_event_mmcra_bits(&ev),
			(2ULL << 52) | (0x41ULL << 45) | (2ULL << 42) |
			(4ULL << 16) | (2ULL << 12) | (5ULL << 8) |
			(3ULL << 4) | (2ULL << 1) | 1ULL);
}

static void p9_unmarked_mmcra(struct kunit *test)
{
	struct p9_event ev;
	const char *why;

	KUNIT_ASSERT_EQ(test, p9_event_decode(0x10002, &ev, &why), 0);
	KUNIT_EXPECT_FALSE(test, p9_event_uses_mmcra(&ev));
	KUNIT_EXPECT_EQ(test, p9_event_mmcra_bits(&ev), 0ULL);
}

/* The revision in PVR[CFG] and PVR[MIN] picks the restricted codes. */
static void p9_event_restricted_by_revision(struct kunit *test)
{
	const u32 dd21 = 0x004e1201, dd22 = 0x004e1202, dd23 = 0x004e1203;

	KUNIT_EXPECT_TRUE(test, p9_event_restricted(0x4e014, dd21));
	KUNIT_EXPECT_FALSE(test, p9_event_restricted(0x4e014, dd22));
	KUNIT_EXPECT_TRUE(test, p9_event_restricted(0x2c056, dd22));
	KUNIT_EXPECT_FALSE(test, p9_event_restricted(0x2c056, dd21));
	/* PM_DISP_HELD_SYNC_HOLD is on both lists. */
	KUNIT_EXPECT_TRUE(test, p9_event_restricted(0x4003c, dd21));
	KUNIT_EXPECT_TRUE(test, p9_event_restricted(0x4003c, dd22));
	KUNIT_EXPECT_FALSE(test, p9_event_restricted(0x4003c, dd23));
	/* The exact code only; and events of no list. */
	KUNIT_EXPECT_FALSE(test, p9_event_restricted(0x2c056 | P9_RAW_RELOAD_QUAL_EN,
						     dd22));
	KUNIT_EXPECT_FALSE(test, p9_event_restricted(0x1001e, dd21));
	KUNIT_EXPECT_FALSE(test, p9_event_restricted(0x1001e, dd22));
}

/*
 * The restriction and alternative lookups search tables the generator
 * sorts by code: sorted they must be, and every restriction row must be
 * found for its revision.
 */
static void p9_lookup_tables_sorted(struct kunit *test)
{
	unsigned int i;

	for (i = 1; i < P9_RESTRICTIONS_NR; i++)
		KUNIT_EXPECT_LE(test, p9_restrictions[i - 1].code,
				p9_restrictions[i].code);
	for (i = 1; i < P9_ALTERNATIVES_NR; i++)
		KUNIT_EXPECT_LT(test, p9_alternatives[i - 1].code,
				p9_alternatives[i].code);
	for (i = 0; i < P9_RESTRICTIONS_NR; i++) {
		const struct p9_catalogue_restriction *r = &p9_restrictions[i];
		u32 pvr = 0x004e0000 | r->dd_major << 8 | r->dd_minor;

		KUNIT_EXPECT_TRUE_MSG(test, p9_event_restricted(r->code, pvr),
				      "0x%llx", r->code);
	}
}

static struct kunit_case p9_event_cases[] = {
	KUNIT_CASE(p9_event_restricted_by_revision),
	KUNIT_CASE(p9_lookup_tables_sorted),
	KUNIT_CASE(p9_catalogue_all_valid),
	KUNIT_CASE(p9_catalogue_pmc_field),
	KUNIT_CASE(p9_reserved_bits),
	KUNIT_CASE(p9_ebb_bit),
	KUNIT_CASE(p9_pmc5_pmc6_fixed),
	KUNIT_CASE(p9_reserved_selectors),
	KUNIT_CASE(p9_bus_event_units),
	KUNIT_CASE(p9_mmu_events_pmc1),
	KUNIT_CASE(p9_l2l3_events_name_pmc),
	KUNIT_CASE(p9_reload_qual_needs_enable),
	KUNIT_CASE(p9_sampling_needs_mark),
	KUNIT_CASE(p9_threshold_needs_mark),
	KUNIT_CASE(p9_sample_modes),
	KUNIT_CASE(p9_threshold_select),
	KUNIT_CASE(p9_threshold_start_stop),
	KUNIT_CASE(p9_threshold_select_off),
	KUNIT_CASE(p9_threshold_compare),
	KUNIT_CASE(p9_mmcra_value),
	KUNIT_CASE(p9_unmarked_mmcra),
	{}
};

PMU_KUNIT_MODULE(p9_event, "power9_event",
		 "KUnit tests of the POWER9 PMU logic");
