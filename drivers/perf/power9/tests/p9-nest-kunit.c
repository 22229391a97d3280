// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 nest IMC logic against Table 6-10: the
 * catalogue's offsets, which configurations name an event, and the byte
 * order of a posted counter.
 */
#include <kunit/test.h>
#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/string.h>
#include <pmu-suite-test/kunit.h>

#include "p9-nest.h"

static void p9_nest_catalogue_shape(struct kunit *test)
{
	unsigned int i, j;

	KUNIT_EXPECT_EQ(test, P9_NEST_EVENTS_NR, 149);
	for (i = 0; i < P9_NEST_EVENTS_NR; i++) {
		const struct p9_nest_event *e = &p9_nest_events[i];
		const char *c;

		KUNIT_EXPECT_EQ_MSG(test, e->offset % 8, 0, "%s", e->entry.alias);
		KUNIT_EXPECT_LT(test, e->offset, P9_NEST_AREA_SIZE);
		KUNIT_EXPECT_GE(test, e->group, 1);
		KUNIT_EXPECT_LE(test, e->group, 7);
		if (i)
			KUNIT_EXPECT_GT(test, e->offset, p9_nest_events[i - 1].offset);
		for (c = e->entry.alias; *c; c++)
			KUNIT_EXPECT_TRUE_MSG(test, islower(*c) || isdigit(*c) || *c == '_',
					      "%s", e->entry.alias);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_STRNEQ(test, e->entry.alias, p9_nest_events[j].entry.alias);
	}
}

static void p9_nest_offsets(struct kunit *test)
{
	/* Rows of Table 6-10, one from each group */
	static const struct { u16 offset; const char *name; } rows[] = {
		{ 0x000, "update_count_h1" },
		{ 0x080, "pm_pb_cyc" },
		{ 0x060, "pm_mcs23_amo_op_disp_port01" },
		{ 0x1d0, "pm_xlink2_out_odd_total_util" },
		{ 0x320, "pm_xts_atsd_sent" },
		{ 0x3f0, "pm_phb5_ld_resp_from_pcie" },
		{ 0x4a0, "pm_mba3_dram_clk_cyc" },
		{ 0x5b0, "pm_mba7_dram_clk_cyc" },
		{ 0x6c0, "pm_npcq2_downgrade_req_brick1" },
	};
	/* "Free" slots, slots between groups, misaligned and past the end */
	static const unsigned int none[] = {
		0x3f8, 0x430, 0x4a8, 0x540, 0x638, 0x650, 0x108, 0x110, 0x1d8,
		0x220, 0x328, 0x660, 0x6c8, 0x9, 0x84, 0xffff,
	};
	const struct p9_nest_event *e;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		e = p9_nest_find(rows[i].offset);
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_STREQ(test, e->entry.alias, rows[i].name);
	}
	for (i = 0; i < P9_NEST_EVENTS_NR; i++)
		KUNIT_EXPECT_PTR_EQ(test, p9_nest_find(p9_nest_events[i].offset),
				    &p9_nest_events[i]);
	for (i = 0; i < ARRAY_SIZE(none); i++)
		KUNIT_EXPECT_NULL_MSG(test, p9_nest_find(none[i]), "0x%x", none[i]);
}

static int decode(u64 config, u64 config1, u64 config2,
		  const struct p9_nest_event **ev)
{
	struct perf_event_attr attr = {
		.config = config, .config1 = config1, .config2 = config2,
	};
	const char *why = NULL;
	int ret = p9_nest_decode(&attr, ev, &why);

	/* Every refusal says why. */
	return ret && !why ? -ENOMSG : ret;
}

static void p9_nest_decoding(struct kunit *test)
{
	const struct p9_nest_event *ev = NULL;

	KUNIT_EXPECT_EQ(test, decode(0x80, 0, 0, &ev), 0);
	KUNIT_EXPECT_PTR_EQ(test, ev, p9_nest_find(0x80));
	KUNIT_EXPECT_EQ(test, decode(0x0, 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(0x3f8, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x81, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x80 | BIT_ULL(16), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x80 | BIT_ULL(63), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x80, 1, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(0x80, 0, 1, &ev), -EINVAL);
}

static void p9_nest_byte_order(struct kunit *test)
{
	static const u8 be[8] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
	const struct p9_nest_event *pb_cyc = p9_nest_find(0x80);
	u8 *area = kunit_kzalloc(test, P9_NEST_AREA_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, area);
	KUNIT_ASSERT_NOT_NULL(test, pb_cyc);
	memcpy(area + 0x80, be, sizeof(be));
	KUNIT_EXPECT_EQ(test, p9_nest_read(area, pb_cyc), 0x0102030405060708ULL);
	KUNIT_EXPECT_EQ(test, p9_nest_read(area, p9_nest_find(0x78)), 0ULL);
}

static struct kunit_case p9_nest_cases[] = {
	KUNIT_CASE(p9_nest_catalogue_shape),
	KUNIT_CASE(p9_nest_offsets),
	KUNIT_CASE(p9_nest_decoding),
	KUNIT_CASE(p9_nest_byte_order),
	{}
};

PMU_KUNIT_SUITE(p9_nest, "power9_nest_logic");
