// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 perf glue against the register-level
 * model (ia64-model.c): instruction and data address range
 * qualification on the four tag channels and in combination, and the
 * debugger's registers left alone.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "ia64k.h"

static void ia64k_instruction_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 16),
		.config2 = 0x4000000000010000ULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);
	struct perf_event *cycles = ia64k_open(CFG(0x13, 0xf), 0);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_ASSERT_FALSE(test, IS_ERR(cycles));
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[0], 0x4000000000010000ULL);
	ia64_model.ip = 0x4000000000012340ULL;
	ia64_model_count(0x08, 0, 100);
	ia64_model_count(0x13, 0xf, 10);
	ia64_model.ip = 0x4000000000022340ULL;
	ia64_model_count(0x08, 0, 50);
	ia64_model_count(0x13, 0xf, 10);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 100ULL);
	/* CPU_CPL_CHANGES cannot be qualified: it counts everywhere. */
	KUNIT_EXPECT_EQ(test, ia64k_value(cycles), 20ULL);
	perf_event_release_kernel(ev);
	perf_event_release_kernel(cycles);
}

static void ia64k_fine_instruction_range(struct kunit *test)
{
	static const struct {
		u64 ip;
		bool in;
	} at[] = {
		{ 0x4000000000012330ULL, false },	/* the bundle before */
		{ 0x4000000000012340ULL, true },	/* first bundle */
		{ 0x4000000000012460ULL, true },	/* last bundle */
		{ 0x4000000000012470ULL, false },	/* end, exclusive */
		{ 0x4000000000022400ULL, false },	/* same offset, next window */
	};
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   IA64_CFG1_RANGE_FINE | 0x130,
		.config2 = 0x4000000000012340ULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);
	u64 expect = 0;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, ia64_model.pmc[IA64_PMC_IAR] & IA64_IAR_FINE);
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		ia64_model.ip = at[i].ip;
		ia64_model_count(0x08, 0, 10 + i);
		if (at[i].in)
			expect += 10 + i;
	}
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), expect);
	perf_event_release_kernel(ev);
}

static void ia64k_prefetch_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x44, 0),		/* L1I_PREFETCHES */
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 12),
		.config2 = 0x4000000000003000ULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, ia64_model.pmc[IA64_PMC_IAR] & IA64_IAR_IG_IBRP1);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[2], 0x4000000000003000ULL);
	/* Prefetches whose target is in the range count, others do not. */
	ia64_model.ip = 0x4000000000003ff0ULL;
	ia64_model_count(0x44, 0, 30);
	ia64_model.ip = 0x4000000000004000ULL;
	ia64_model_count(0x44, 0, 40);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 30ULL);
	perf_event_release_kernel(ev);
}

/*
 * L1I_FILLS takes a demand-fetched line's range from IBRP0 and a
 * prefetched line's from IBRP1; L2I_READS takes it from IBRP1 only (their
 * 4.16 entries).
 */
static void ia64k_range_through_both_pairs(struct kunit *test)
{
	static const struct {
		u8 code, umask;
		bool prefetched;
		u64 ip;
		bool in;
	} at[] = {
		{ 0x41, 0, false, 0x4000000000003ff0ULL, true },
		{ 0x41, 0, true, 0x4000000000003ff0ULL, true },
		{ 0x41, 0, false, 0x4000000000004000ULL, false },
		{ 0x41, 0, true, 0x4000000000004000ULL, false },
		{ 0x78, 0xf, false, 0x4000000000003000ULL, true },
		{ 0x78, 0xf, true, 0x4000000000005000ULL, false },
	};
	struct perf_event_attr attr = {
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 12),
		.config2 = 0x4000000000003000ULL,
	};
	struct perf_event *ev;
	unsigned int i;
	u64 want;

	for (i = 0; i < ARRAY_SIZE(at); i++) {
		attr.config = CFG(at[i].code, at[i].umask);
		ev = ia64k_open_attr(&attr);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
		KUNIT_EXPECT_EQ(test, ia64_model.ibr[2], 0x4000000000003000ULL);
		ia64_model.ip = at[i].ip;
		ia64_model.prefetched = at[i].prefetched;
		ia64_model_count(at[i].code, at[i].umask, 25);
		want = at[i].in ? 25 : 0;
		KUNIT_EXPECT_EQ_MSG(test, ia64k_value(ev), want, "case %u", i);
		perf_event_release_kernel(ev);
	}
	/* Inverted ranges cannot go through IBRP1. */
	attr.config = CFG(0x41, 0);
	attr.config1 |= IA64_CFG1_RANGE_INV;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
}

static void ia64k_data_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0xc2, 0),		/* L1D_READS_SET0 on PMD5 */
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_DAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 12),
		.config2 = DATA_ADDR & ~0xfffULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_NE(test, ia64_model.pmc[5] & IA64_PMC_PLM, 0ULL);
	ia64_model.daddr = DATA_ADDR;
	ia64_model_count(0xc2, 0, 70);
	ia64_model.daddr = DATA_ADDR + 0x1000;
	ia64_model_count(0xc2, 0, 30);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 70ULL);
	perf_event_release_kernel(ev);
}

/* Instructions at which the tests retire or count events. */
static const struct {
	u64 ip, opcode, itype, daddr;
} ia64k_points[] = {
	{ RANGE_A + 0x10, 0x5, IA64_OPCM_I, DATA_ADDR },
	{ RANGE_A + 0x20, 0x7, IA64_OPCM_M, DATA_ADDR + 0x1000 },
	{ RANGE_B + 0x10, 0x7, IA64_OPCM_I, DATA_ADDR },
	{ RANGE_B + 0x20, 0x5, IA64_OPCM_I, DATA_ADDR + 0x1000 },
	{ 0x4000000000009000ULL, 0x7, IA64_OPCM_M, DATA_ADDR },
};

static void ia64k_at(unsigned int i)
{
	ia64_model.ip = ia64k_points[i].ip;
	ia64_model.opcode = ia64k_points[i].opcode;
	ia64_model.itype = ia64k_points[i].itype;
	ia64_model.daddr = ia64k_points[i].daddr;
}

/*
 * IA64_TAGGED_INST_RETIRED on each tag channel, each with its own
 * qualification (Table 4-88, 3.3.6.2): channel 0 in range A, channel 2 in
 * range B, channels 1 and 3 opcode 7 of any type through OpCM1, which
 * they share. A retired instruction counts on every channel whose tag it
 * carries.
 */
static void ia64k_tag_channels(struct kunit *test)
{
	static const bool in[][IA64_TAG_CHANNELS] = {
		{ true, false, false, false },
		{ true, true, false, true },
		{ false, true, true, true },
		{ false, false, true, false },
		{ false, true, false, true },
	};
	struct perf_event_attr attr[IA64_TAG_CHANNELS] = {
		{ .config = CFG(0x08, 0), .config1 = IAR_CFG1(12), .config2 = RANGE_A },
		{ .config = CFG(0x08, 1), .config1 = OPC_CFG1(0xf, 0x7) },
		{ .config = CFG(0x08, 2), .config1 = IAR_CFG1(12), .config2 = RANGE_B },
		{ .config = CFG(0x08, 3), .config1 = OPC_CFG1(0xf, 0x7) },
	};
	struct perf_event *ev[IA64_TAG_CHANNELS];
	u64 want[IA64_TAG_CHANNELS] = {};
	unsigned int c, i;

	for (c = 0; c < IA64_TAG_CHANNELS; c++) {
		ev[c] = ia64k_open_attr(&attr[c]);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[c]));
	}
	/* IBRP0 and IBRP2 hold the ranges; OpCM1 the opcode; PMC36 1 and 3. */
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[0], RANGE_A);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[4], RANGE_B);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[IA64_PMC_OPCM1_MATCH], 0x7ULL);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[IA64_PMC_OPC_CFG], 0x5ULL);
	for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
		ia64k_at(i);
		for (c = 0; c < IA64_TAG_CHANNELS; c++) {
			ia64_model_count(0x08, c, 10 + i);
			if (in[i][c])
				want[c] += 10 + i;
		}
	}
	for (c = 0; c < IA64_TAG_CHANNELS; c++) {
		KUNIT_EXPECT_EQ_MSG(test, ia64k_value(ev[c]), want[c], "channel %u", c);
		perf_event_release_kernel(ev[c]);
	}
}

/*
 * Channel 1's range is IBRP1's, which the prefetch events use too; a
 * fine range 1 is IBRP1 and IBRP3 (3.3.5.4).
 */
static void ia64k_channel1_fine_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 1),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   IA64_CFG1_RANGE_FINE | 0x20,
		.config2 = RANGE_A + 0x10,
	};
	struct perf_event *ev = ia64k_open_attr(&attr), *pf;
	u64 want = 0;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, ia64_model.pmc[IA64_PMC_IAR] & IA64_IAR_FINE);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[2], RANGE_A + 0xf);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[6], RANGE_A + 0x30);
	/* L1I_PREFETCHES with the same fine range shares IBRP1. */
	attr.config = CFG(0x44, 0);
	pf = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pf));
	for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
		ia64k_at(i);
		ia64_model_count(0x08, 1, 3);
		ia64_model_count(0x44, 0, 3);
		if (ia64k_points[i].ip >= RANGE_A + 0x10 &&
		    ia64k_points[i].ip < RANGE_A + 0x30)
			want += 3;
	}
	KUNIT_EXPECT_EQ(test, want, 6ULL);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), want);
	KUNIT_EXPECT_EQ(test, ia64k_value(pf), want);
	perf_event_release_kernel(pf);
	perf_event_release_kernel(ev);
}

/*
 * Combined qualification, with the registers the driver computes for a
 * group (every event of one perf group) written to the model: each event
 * counts the points that pass every kind its channel combines.
 */
static void ia64k_combined_registers(struct kunit *test)
{
	const struct {
		u64 cfg[3][3];
		unsigned int n;
		u8 code, umask;
		bool in[ARRAY_SIZE(ia64k_points)];
	} groups[] = {
		/* L1D_READS_SET0 in range A, data range and opcode 5 of I. */
		{ { { CFG(0xc2, 0), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_A },
		    { CFG(0xc2, 0), DAR_CFG1(12) | IA64_CFG1_COMBINE,
		      DATA_ADDR & ~0xfffULL },
		    { CFG(0xc2, 0), OPC_CFG1(0x4, 0x5) | IA64_CFG1_COMBINE, 0 } },
		  3, 0xc2, 0, { true, false, false, false, false } },
		/* Instruction and data range. */
		{ { { CFG(0xc2, 0), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_B },
		    { CFG(0xc2, 0), DAR_CFG1(12) | IA64_CFG1_COMBINE,
		      DATA_ADDR & ~0xfffULL } },
		  2, 0xc2, 0, { false, false, true, false, false } },
		/* Opcode and data range. */
		{ { { CFG(0xc2, 0), OPC_CFG1(0xf, 0x7) | IA64_CFG1_COMBINE, 0 },
		    { CFG(0xc2, 0), DAR_CFG1(12) | IA64_CFG1_COMBINE,
		      DATA_ADDR & ~0xfffULL } },
		  2, 0xc2, 0, { false, false, true, false, true } },
		/* Channel 1: range B (IBRP1) and opcode 7 (OpCM1). */
		{ { { CFG(0x08, 1), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_B },
		    { CFG(0x08, 1), OPC_CFG1(0xf, 0x7) | IA64_CFG1_COMBINE, 0 } },
		  2, 0x08, 1, { false, false, true, false, false } },
		/* Channel 3: range A (IBRP3) and opcode 5 of I (OpCM1). */
		{ { { CFG(0x08, 3), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_A },
		    { CFG(0x08, 3), OPC_CFG1(0x4, 0x5) | IA64_CFG1_COMBINE, 0 } },
		  2, 0x08, 3, { true, false, false, false, false } },
	};
	unsigned int g, i, j;

	for (g = 0; g < ARRAY_SIZE(groups); g++) {
		struct ia64_event evs[3];
		struct ia64_schedule s;
		struct ia64_pmcs p;
		const char *why;
		u64 want = 0;

		ia64_model_reset();
		for (j = 0; j < groups[g].n; j++) {
			KUNIT_ASSERT_EQ_MSG(test, ia64_event_decode(groups[g].cfg[j][0],
								    groups[g].cfg[j][1],
								    groups[g].cfg[j][2],
								    &evs[j], &why),
					    0, "%u: %s", g, why);
			evs[j].plm = IA64_PLM_USER | IA64_PLM_KERNEL;
		}
		KUNIT_ASSERT_EQ(test, ia64_schedule(evs, groups[g].n, &s), 0);
		ia64_compute_pmcs(evs, groups[g].n, &s, &p);
		for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++)
			ia64_model_ops.write_pmc(i, p.counter[i]);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM0_MASK, p.opcm0_mask);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM0_MATCH, p.opcm0_match);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM1_MASK, p.opcm1_mask);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM1_MATCH, p.opcm1_match);
		ia64_model_ops.write_pmc(IA64_PMC_OPC_CFG, p.opc_cfg);
		ia64_model_ops.write_pmc(IA64_PMC_IAR, p.iar);
		ia64_model_ops.write_pmc(IA64_PMC_DAR, p.dar);
		for (i = 0; i < ARRAY_SIZE(p.ibr); i++)
			if (p.ibrp_used & BIT(i / 2))
				ia64_model_ops.write_ibr(i, p.ibr[i]);
		ia64_model_ops.write_dbr(0, p.dbr[0]);
		ia64_model_ops.write_dbr(1, p.dbr[1]);
		for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
			ia64k_at(i);
			ia64_model_count(groups[g].code, groups[g].umask, 10 + i);
			if (groups[g].in[i])
				want += 10 + i;
		}
		for (j = 0; j < groups[g].n; j++)
			KUNIT_EXPECT_EQ_MSG(test, ia64_model.pmd[s.pmd[j]], want,
					    "group %u event %u", g, j);
	}
}

/*
 * combine joins the qualifications of one perf group: another group's
 * opcode matching does not become a combining event's, the two take
 * turns instead. The first is pinned, so that the perf core's rotation
 * (every few ms of a slow emulated run) cannot give the second its turn
 * while the first is being measured.
 */
static void ia64k_combine_stays_in_group(struct kunit *test)
{
	struct perf_event_attr ra = {
		.config = CFG(0x08, 0),
		.config1 = IAR_CFG1(12) | IA64_CFG1_COMBINE,
		.config2 = RANGE_A,
		.pinned = 1,
	};
	struct perf_event_attr op = {
		.config = CFG(0x08, 0),
		.config1 = OPC_CFG1(0x4, 0x5) | IA64_CFG1_COMBINE,
	};
	struct perf_event *a = ia64k_open_attr(&ra), *b;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = ia64k_open_attr(&op);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, b->state, PERF_EVENT_STATE_INACTIVE);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[IA64_PMC_OPC_CFG], 0xfULL);
	for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
		ia64k_at(i);
		ia64_model_count(0x08, 0, 10);
	}
	/* Both points of range A, whatever their opcode. */
	KUNIT_EXPECT_EQ(test, ia64k_value(a), 20ULL);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/*
 * IBR/DBR are a traced task's breakpoints while it runs: a range is refused
 * on such a task, refused CPU-wide, and waits while the running task is
 * traced; the model counts any IBR/DBR write made then (ia64k_exit).
 */
static void ia64k_range_leaves_debugger_alone(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 16),
		.config2 = 0x4000000000010000ULL,
		.type = ia64_pmu_core.pmu.type,
		.size = sizeof(attr),
	};
	struct perf_event *ev;

	ia64_model.ip = 0x4000000000012340ULL;
	ev = perf_event_create_kernel_counter(&attr, smp_processor_id(), NULL,
					      NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ia64_model.debugged = current;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EBUSY);
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);

	/* Traced after the open: the event waits while the task runs. */
	ia64_model.debugged = NULL;
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model_count(0x08, 0, 100);
	perf_event_disable(ev);
	ia64_model.debugged = current;
	ia64_model.ibr[0] = 0x4000000000777000ULL;	/* a breakpoint */
	perf_event_enable(ev);
	ia64_model_count(0x08, 0, 50);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 100ULL);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[0], 0x4000000000777000ULL);
	KUNIT_EXPECT_EQ(test, ev->state, PERF_EVENT_STATE_INACTIVE);

	/* Untraced: it runs again. */
	perf_event_disable(ev);
	ia64_model.debugged = NULL;
	perf_event_enable(ev);
	ia64_model_count(0x08, 0, 30);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 130ULL);
	perf_event_release_kernel(ev);
}

static struct kunit_case itanium9300_range_model_cases[] = {
	KUNIT_CASE(ia64k_instruction_range),
	KUNIT_CASE(ia64k_fine_instruction_range),
	KUNIT_CASE(ia64k_prefetch_range),
	KUNIT_CASE(ia64k_range_through_both_pairs),
	KUNIT_CASE(ia64k_data_range),
	KUNIT_CASE(ia64k_tag_channels),
	KUNIT_CASE(ia64k_channel1_fine_range),
	KUNIT_CASE(ia64k_combined_registers),
	KUNIT_CASE(ia64k_combine_stays_in_group),
	KUNIT_CASE(ia64k_range_leaves_debugger_alone),
	{}
};

static struct kunit_suite itanium9300_range_model_suite = {
	.name = "itanium9300_range_model",
	.init = ia64k_init,
	.exit = ia64k_exit,
	.suite_init = ia64k_suite_init,
	.suite_exit = ia64k_suite_exit,
	.test_cases = itanium9300_range_model_cases,
};

kunit_test_suite(itanium9300_range_model_suite);
