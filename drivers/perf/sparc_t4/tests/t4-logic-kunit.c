// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the SPARC T4 PMU logic: every catalogue event is
 * accepted, every reserved or malformed code refused, privilege filters
 * and precise sampling map onto the PCR as chapter 10 says, the PCR write
 * rules and quirks, the 32-bit PIC arithmetic and the DRAM counters'
 * select codes and sticky overflow. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/module.h>
#include <pmu-suite/counter.h>
#include <pmu-suite-test/kunit.h>
#include <uapi/linux/perf_event.h>

#include <pmu-suite/sparc_t4/regs.h>
#include "t4-catalogue.h"
#include "t4-dram.h"
#include "t4-event.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static int decode(unsigned int sl, unsigned int mask)
{
	struct t4_event ev;
	const char *why;

	return t4_event_decode(T4_CONFIG(sl, mask), &ev, &why);
}

static int check(u64 config, void (*tweak)(struct perf_event_attr *),
		 struct t4_event *ev)
{
	struct perf_event_attr attr = { .config = config };
	const char *why;

	if (tweak)
		tweak(&attr);
	return t4_event_check_attr(&attr, ev, &why);
}

static bool is_precise_sl(unsigned int sl)
{
	return sl == 3 || sl == 4 || sl == 5 || sl == 16 || sl == 25;
}

static void t4_catalogue_all_valid(struct kunit *test)
{
	struct t4_event ev;
	const char *why;
	unsigned int i;

	/* 117 rows of TABLE 10-2, 6 combinations Solaris names, 5 of sl 28. */
	KUNIT_EXPECT_EQ(test, T4_CATALOGUE_NR, 128);
	for (i = 0; i < T4_CATALOGUE_NR; i++) {
		const struct t4_catalogue_event *e = &t4_catalogue[i];

		KUNIT_EXPECT_EQ_MSG(test, t4_event_decode(T4_CONFIG(e->sl, e->mask),
							  &ev, &why), 0,
				    "%s (sl %u mask 0x%02x): %s", e->entry.alias,
				    e->sl, e->mask, why);
		KUNIT_EXPECT_EQ_MSG(test, ev.precise, is_precise_sl(e->sl),
				    "%s", e->entry.alias);
		KUNIT_EXPECT_EQ_MSG(test, ev.precise, !!(e->flags & T4_EV_PRECISE),
				    "%s", e->entry.alias);
		KUNIT_EXPECT_EQ_MSG(test, ev.shared, !(e->flags & T4_EV_STRAND),
				    "%s", e->entry.alias);
		/* Sorted by sl, then mask: the driver's lookup searches it. */
		if (i)
			KUNIT_EXPECT_LT_MSG(test, e[-1].sl << 8 | e[-1].mask,
					    e->sl << 8 | e->mask, "%s",
					    e->entry.alias);
	}
}

/* sl 0 disables counting; 12-15, 27 and 29-31 are reserved or unknown. */
static void t4_reserved_sl(struct kunit *test)
{
	static const unsigned int reserved[] = { 0, 12, 13, 14, 15, 27, 29, 30, 31 };
	unsigned int i, mask;

	for (i = 0; i < ARRAY_SIZE(reserved); i++)
		for (mask = 0; mask < 64; mask++)
			KUNIT_EXPECT_EQ_MSG(test, decode(reserved[i], mask), -EINVAL,
					    "sl %u mask 0x%x", reserved[i], mask);
	for (i = 0; i < 32; i++) {
		bool defined = t4_sl_group_find(i);
		bool listed = false;
		unsigned int j;

		for (j = 0; j < ARRAY_SIZE(reserved); j++)
			listed |= reserved[j] == i;
		KUNIT_EXPECT_NE_MSG(test, defined, listed, "sl %u", i);
	}
}

static void t4_mask_outside_group(struct kunit *test)
{
	unsigned int i, bit, n = 0;

	for (i = 0; i < T4_SL_GROUPS_NR; i++) {
		const struct t4_sl_group *g = &t4_sl_groups[i];
		unsigned int lowest = g->valid_mask & -g->valid_mask;

		for (bit = 0; bit < 6; bit++) {
			if (g->valid_mask & BIT(bit))
				continue;
			/* Alone and added to a valid event of the group. */
			KUNIT_EXPECT_EQ_MSG(test, decode(g->sl, BIT(bit)), -EINVAL,
					    "sl %u bit %u", g->sl, bit);
			KUNIT_EXPECT_EQ_MSG(test, decode(g->sl, BIT(bit) | lowest),
					    -EINVAL, "sl %u bit %u", g->sl, bit);
			n++;
		}
	}
	/* sl 1: mask[5]; sl 2: mask[5:4]; sl 26 ignores the mask: all six. */
	KUNIT_EXPECT_EQ(test, decode(1, 0x21), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(2, 0x11), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(26, 0x01), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(26, 0x00), 0);
	KUNIT_EXPECT_GT(test, n, 20U);
}

static void t4_mask_empty(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < T4_SL_GROUPS_NR; i++) {
		const struct t4_sl_group *g = &t4_sl_groups[i];

		KUNIT_EXPECT_EQ_MSG(test, decode(g->sl, 0),
				    g->sl == 26 ? 0 : -EINVAL, "sl %u", g->sl);
	}
}

/* Combinations: only those TABLE 10-2 calls useful, where it says so. */
static void t4_mask_combinations(struct kunit *test)
{
	/* sl 1: multi-bit masks are useful only as 0x06 and 0x18. */
	KUNIT_EXPECT_EQ(test, decode(1, 0x06), 0);
	KUNIT_EXPECT_EQ(test, decode(1, 0x18), 0);
	KUNIT_EXPECT_EQ(test, decode(1, 0x03), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(1, 0x1f), -EINVAL);
	/* sl 2: the named masks only ("may provide meaningless data"). */
	KUNIT_EXPECT_EQ(test, decode(2, 0x0e), 0);
	KUNIT_EXPECT_EQ(test, decode(2, 0x06), -EINVAL);
	/* sl 3 and 16: any subset of the group's bits. */
	KUNIT_EXPECT_EQ(test, decode(3, 0x3f), 0);
	KUNIT_EXPECT_EQ(test, decode(3, 0x11), 0);
	KUNIT_EXPECT_EQ(test, decode(16, 0x05), 0);
	/* sl 25: the listed branch mispredict combinations. */
	KUNIT_EXPECT_EQ(test, decode(25, 0x0e), 0);
	KUNIT_EXPECT_EQ(test, decode(25, 0x0f), 0);
	/*
	 * sl 28: the note's masks 1, 2 and 3 and Solaris's 4, 8 and 0xc;
	 * nothing says what other combinations mean. sl 29-31: unknown.
	 */
	KUNIT_EXPECT_EQ(test, decode(28, 0x03), 0);
	KUNIT_EXPECT_EQ(test, decode(28, 0x04), 0);
	KUNIT_EXPECT_EQ(test, decode(28, 0x08), 0);
	KUNIT_EXPECT_EQ(test, decode(28, 0x0c), 0);
	KUNIT_EXPECT_EQ(test, decode(28, 0x05), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(28, 0x0f), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(28, 0x10), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(29, 0x01), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(31, 0x01), -EINVAL);
}

static void t4_config_reserved_bits(struct kunit *test)
{
	struct t4_event ev;
	const char *why;
	unsigned int bit;

	for (bit = 0; bit < 64; bit++) {
		u64 config = T4_CONFIG(3, 0x01) | BIT_ULL(bit);

		if (bit <= 4 || (bit >= 8 && bit <= 13))
			continue;
		KUNIT_EXPECT_EQ_MSG(test, t4_event_decode(config, &ev, &why),
				    -EINVAL, "bit %u", bit);
		KUNIT_EXPECT_NOT_NULL(test, why);
	}
}

static void excl_user(struct perf_event_attr *a) { a->exclude_user = 1; }
static void excl_kernel_hv(struct perf_event_attr *a)
{
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
}

static void excl_hv(struct perf_event_attr *a) { a->exclude_hv = 1; }
static void excl_all(struct perf_event_attr *a)
{
	a->exclude_user = 1;
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
}

static void excl_idle(struct perf_event_attr *a) { a->exclude_idle = 1; }
static void excl_host(struct perf_event_attr *a) { a->exclude_host = 1; }
static void guest_only_hv(struct perf_event_attr *a)
{
	a->exclude_guest = 1;
	a->exclude_hv = 1;
}

static void config1(struct perf_event_attr *a) { a->config1 = 1; }
static void user_reads(struct perf_event_attr *a)
{
	a->config1 = T4_CONFIG1_RDPMC;
	a->exclude_hv = 1;
}

static void user_reads_and_more(struct perf_event_attr *a)
{
	a->config1 = T4_CONFIG1_RDPMC | 1;
	a->exclude_hv = 1;
}

static void precise_hv(struct perf_event_attr *a)
{
	a->precise_ip = 3;
	a->exclude_hv = 1;
}

static void precise_with_hv(struct perf_event_attr *a) { a->precise_ip = 1; }

static void t4_privilege_filters(struct kunit *test)
{
	struct t4_event ev;
	u64 pcr;

	/* sl 26, cycles: every mode countable, ht included. */
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(26, 0), NULL, &ev), 0);
	pcr = t4_pcr_enable(&ev);
	KUNIT_EXPECT_EQ(test, pcr & T4_PCR_TRACE, T4_PCR_TRACE);
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(26, 0), excl_user, &ev), 0);
	KUNIT_EXPECT_EQ(test, t4_pcr_enable(&ev) & T4_PCR_TRACE,
			T4_PCR_ST | T4_PCR_HT);
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(26, 0), excl_kernel_hv, &ev), 0);
	KUNIT_EXPECT_EQ(test, t4_pcr_enable(&ev) & T4_PCR_TRACE, T4_PCR_UT);
	/* exclude_guest is honoured trivially: the kernel runs no guests. */
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(26, 0), guest_only_hv, &ev), 0);
	/* Nothing left to count; idle and host the PCR cannot tell. */
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(26, 0), excl_all, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(26, 0), excl_idle, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(26, 0), excl_host, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(26, 0), config1, &ev), -EINVAL);
}

/* Precise groups lose their overflow trap with PCR.ht = 1. */
static void t4_precise_groups_and_ht(struct kunit *test)
{
	struct t4_event ev;
	unsigned int i;

	for (i = 0; i < T4_SL_GROUPS_NR; i++) {
		const struct t4_sl_group *g = &t4_sl_groups[i];
		u64 config = T4_CONFIG(g->sl, g->valid_mask & -g->valid_mask);
		bool precise = is_precise_sl(g->sl);
		int ret;

		if (g->flags & T4_SL_COMBINE_NONE || g->flags & T4_SL_COMBINE_LISTED)
			config = T4_CONFIG(g->sl, __ffs64(g->accepted_masks));
		ret = check(config, excl_hv, &ev);
		if (ev.shared)
			KUNIT_EXPECT_EQ_MSG(test, ret, -EOPNOTSUPP, "sl %u", g->sl);
		else
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "sl %u", g->sl);
		KUNIT_EXPECT_EQ_MSG(test, check(config, precise_hv, &ev),
				    precise ? 0 : -EOPNOTSUPP, "sl %u", g->sl);
		KUNIT_EXPECT_EQ_MSG(test, check(config, precise_with_hv, &ev),
				    -EOPNOTSUPP, "sl %u", g->sl);
		ret = check(config, NULL, &ev);
		if (precise)
			KUNIT_EXPECT_EQ_MSG(test, ret, -EOPNOTSUPP, "sl %u", g->sl);
	}
}

/* Note 13: shared events filter on the counting strand's mode only. */
static void t4_shared_events_unfiltered(struct kunit *test)
{
	struct t4_event ev;

	/* sl 8 mask 0x02: Fetch-0-all, shared by the core's strands. */
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(8, 0x02), NULL, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.shared);
	KUNIT_EXPECT_EQ(test, t4_pcr_enable(&ev) & T4_PCR_TRACE, T4_PCR_TRACE);
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(8, 0x02), excl_user, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(8, 0x02), excl_hv, &ev), -EOPNOTSUPP);
	/* sl 8 mask 0x01 (Fetch-0) is the strand's own. */
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(8, 0x01), excl_user, &ev), 0);
	KUNIT_EXPECT_FALSE(test, ev.shared);
}

/* TABLE 10-1: ntc 18, picnht 17, picnpt 16, sl 15:11, mask 10:5, ht 4, st 3, ut 2, toe 1, ov 0. */
static void t4_pcr_layout(struct kunit *test)
{
	struct t4_event ev;

	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(16, 0x07), excl_hv, &ev), 0);
	KUNIT_EXPECT_EQ(test, t4_pcr_enable(&ev),
			0x10000ULL | 16 << 11 | 0x07 << 5 | 0x8 | 0x4 | 0x2);
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(28, 0x03), excl_user, &ev), 0);
	KUNIT_EXPECT_EQ(test, t4_pcr_enable(&ev),
			0x10000ULL | 28 << 11 | 0x03 << 5 | 0x10 | 0x8 | 0x2);
	/* Step 1 of the sequence: sl 0, no mode, ov and ntc written 0. */
	KUNIT_EXPECT_EQ(test, t4_pcr_stopped(), 0x10000ULL);
	KUNIT_EXPECT_FALSE(test, t4_pcr_counting(t4_pcr_stopped()));
	KUNIT_EXPECT_TRUE(test, t4_pcr_counting(t4_pcr_enable(&ev)));
	KUNIT_EXPECT_FALSE(test, t4_pcr_counting(28 << 11));
}

/* picnpt (bit 16) is clear only for a PIC its running task may read. */
static void t4_pcr_user_read(struct kunit *test)
{
	struct t4_event ev;
	u64 pcr;

	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(16, 0x07), excl_hv, &ev), 0);
	KUNIT_EXPECT_FALSE(test, ev.user_read);
	KUNIT_ASSERT_EQ(test, check(T4_CONFIG(16, 0x07), user_reads, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.user_read);
	KUNIT_EXPECT_EQ(test, check(T4_CONFIG(16, 0x07), user_reads_and_more, &ev),
			-EINVAL);
	/* Asking changes nothing by itself: the glue opens the PIC. */
	pcr = t4_pcr_enable(&ev);
	KUNIT_EXPECT_TRUE(test, pcr & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, t4_pcr_user_access(pcr, true),
			pcr & ~0x10000ULL);
	KUNIT_EXPECT_FALSE(test, t4_pcr_user_access(pcr, true) & T4_PCR_PICNHT);
	KUNIT_EXPECT_EQ(test, t4_pcr_user_access(pcr, false), pcr);
	KUNIT_EXPECT_EQ(test,
			t4_pcr_user_access(t4_pcr_user_access(pcr, true), false),
			pcr);
	KUNIT_EXPECT_EQ(test, t4_pcr_user_access(t4_pcr_stopped(), false),
			t4_pcr_stopped());
}

static void t4_pcr_write_rules(struct kunit *test)
{
	u64 on = 0x10000ULL | 3 << 11 | 1 << 5 | T4_PCR_UT | T4_PCR_TOE;

	/* ov and ntc cannot be set by a write ... */
	KUNIT_EXPECT_EQ(test, t4_pcr_hw_write(0, on | T4_PCR_STATUS, false), on);
	/* ... and stay set when written 1, clear when written 0. */
	KUNIT_EXPECT_EQ(test, t4_pcr_hw_write(on | T4_PCR_OV, on | T4_PCR_STATUS, false),
			on | T4_PCR_OV);
	KUNIT_EXPECT_EQ(test, t4_pcr_hw_write(on | T4_PCR_STATUS, on, false), on);
	/* Reserved bits read as zero. */
	KUNIT_EXPECT_EQ(test, t4_pcr_hw_write(0, on | BIT_ULL(40), false), on);
	/* The quirk: a write that overflows the PIC sets ov back. */
	KUNIT_EXPECT_EQ(test, t4_pcr_hw_write(on | T4_PCR_OV, on, true),
			on | T4_PCR_OV);
}

static void t4_sl28_preload(struct kunit *test)
{
	struct t4_event ev = { .sl = 28, .mask = 0x01 };
	unsigned int mask;

	for (mask = 1; mask <= 0x0c; mask++) {
		KUNIT_EXPECT_TRUE(test, t4_pic_preload_races(28, mask, 0xffffffff));
		KUNIT_EXPECT_TRUE(test, t4_pic_preload_races(28, mask, 0xfffffffd));
		KUNIT_EXPECT_FALSE(test, t4_pic_preload_races(28, mask, 0xfffffffc));
		KUNIT_EXPECT_FALSE(test, t4_pic_preload_races(28, mask, 0));
	}
	KUNIT_EXPECT_FALSE(test, t4_pic_preload_races(3, 1, 0xffffffff));
	KUNIT_EXPECT_EQ(test, t4_pic_start(&ev, 0xffffffff), 0xfffffffcULL);
	KUNIT_EXPECT_EQ(test, t4_pic_start(&ev, 0xfffffffe), 0xfffffffcULL);
	KUNIT_EXPECT_EQ(test, t4_pic_start(&ev, 0xfffff000), 0xfffff000ULL);
	ev.sl = 3;
	KUNIT_EXPECT_EQ(test, t4_pic_start(&ev, 0xffffffff), 0xffffffffULL);
}

/* PICs are 32 bits and overflow when they wrap to zero. */
static void t4_pic_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(0xfffffff0, 0x10, T4_PIC_WIDTH), 0x20ULL);
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(5, 5, T4_PIC_WIDTH), 0ULL);
	KUNIT_EXPECT_EQ(test, pmu_period_start(100, U32_MAX, 1ULL << 32, T4_PIC_WIDTH),
			0x100000000ULL - 100);
	/* A period longer than the counter runs in several wraps. */
	KUNIT_EXPECT_EQ(test, pmu_period_start(1ULL << 40, U32_MAX, 1ULL << 32,
					       T4_PIC_WIDTH), 1ULL);
}

static void t4_sample_ip_ntc(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, t4_sample_ip(0x10000, 0), 0x10000UL);
	KUNIT_EXPECT_EQ(test, t4_sample_ip(0x10000, T4_PCR_OV), 0x10000UL);
	KUNIT_EXPECT_EQ(test, t4_sample_ip(0x10000, T4_PCR_OV | T4_PCR_NTC),
			0xfffcUL);
}

static int dram(u64 config, void (*tweak)(struct perf_event_attr *),
		unsigned int *select)
{
	struct perf_event_attr attr = { .config = config };
	const char *why;

	if (tweak)
		tweak(&attr);
	return t4_dram_decode(&attr, select, &why);
}

static void t4_dram_select_codes(struct kunit *test)
{
	unsigned int i, select;

	KUNIT_EXPECT_EQ(test, T4_DRAM_EVENTS_NR, 13);
	for (i = 0; i < T4_DRAM_EVENTS_NR; i++) {
		KUNIT_EXPECT_EQ(test, dram(t4_dram_events[i].select, NULL, &select), 0);
		KUNIT_EXPECT_EQ(test, select, (unsigned int)t4_dram_events[i].select);
	}
	for (i = 13; i < 16; i++)
		KUNIT_EXPECT_EQ_MSG(test, dram(i, NULL, &select), -EINVAL, "%u", i);
	KUNIT_EXPECT_EQ(test, dram(0x10, NULL, &select), -EINVAL);
	KUNIT_EXPECT_EQ(test, dram(BIT_ULL(63), NULL, &select), -EINVAL);
	KUNIT_EXPECT_EQ(test, dram(0, config1, &select), -EINVAL);
	KUNIT_EXPECT_EQ(test, dram(0, excl_user, &select), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, dram(0, excl_hv, &select), -EOPNOTSUPP);
}

static void t4_dram_registers(struct kunit *test)
{
	u64 ctl = 0xa5c3;	/* sel3 = 0xa, sel2 = 5 belong to PM software */
	u64 reg;

	ctl = t4_dram_ctl(ctl, 0, 0x9);
	KUNIT_EXPECT_EQ(test, ctl, 0xa5c9ULL);
	ctl = t4_dram_ctl(ctl, 1, 0x2);
	KUNIT_EXPECT_EQ(test, ctl, 0xa529ULL);

	reg = BIT_ULL(63) | 0x12345678ULL << 32 | 0x7fffffffULL;
	KUNIT_EXPECT_EQ(test, t4_dram_count(reg, 0), 0x12345678U);
	KUNIT_EXPECT_TRUE(test, t4_dram_sticky(reg, 0));
	KUNIT_EXPECT_EQ(test, t4_dram_count(reg, 1), 0x7fffffffU);
	KUNIT_EXPECT_FALSE(test, t4_dram_sticky(reg, 1));
}

static void t4_dram_wraps(struct kunit *test)
{
	const u64 span = 1ULL << 31;

	KUNIT_EXPECT_EQ(test, t4_dram_delta(10, 30, false), 20ULL);
	/* One wrap, seen from the value alone or from the sticky bit. */
	KUNIT_EXPECT_EQ(test, t4_dram_delta(0x7ffffff0, 0x10, false), 0x20ULL);
	KUNIT_EXPECT_EQ(test, t4_dram_delta(0x7ffffff0, 0x10, true), 0x20ULL);
	/* A wrap that ran past the previous value: only the sticky bit tells. */
	KUNIT_EXPECT_EQ(test, t4_dram_delta(10, 30, true), span + 20);
	KUNIT_EXPECT_EQ(test, t4_dram_delta(10, 10, true), span);
}

static int t4_generic_config(u32 type, u64 config, u64 *raw)
{
	return pmu_generic_config(&t4_generic, type, config, raw);
}

static void t4_generic_map(struct kunit *test)
{
	static const struct pmu_kunit_generic rows[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0,
		  T4_CONFIG(26, 0) },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 0,
		  T4_CONFIG(3, 0x3f) },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES, -ENOENT },
		{ PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_NODE, -ENOENT },
		/* Configs perf does not define (pmu_common_kunit tests them all). */
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_MAX, -EINVAL },
	};
	struct pmu_kunit_generic_event g;
	unsigned int pos = 0;
	struct t4_event ev;
	const char *why;
	u64 raw;

	while (pmu_kunit_generic_next(&t4_generic, &pos, &g)) {
		KUNIT_ASSERT_EQ(test, t4_generic_config(g.type, g.config, &raw), 0);
		KUNIT_EXPECT_EQ_MSG(test, raw, g.raw, "%u/0x%llx", g.type,
				    g.config);
		KUNIT_EXPECT_EQ_MSG(test, t4_event_decode(raw, &ev, &why), 0,
				    "%u/0x%llx: %s", g.type, g.config, why);
	}
	pmu_kunit_expect_generic(test, &t4_generic, rows, ARRAY_SIZE(rows));
}

/*
 * The generic events the T4 counts: a map entry of 0 would silently
 * refuse one (sl 0 disables counting, so none has config 0).
 */
static void t4_generic_counted(struct kunit *test)
{
	static const struct pmu_kunit_generic_event counted[] = {
		PMU_KUNIT_HW(CPU_CYCLES),
		PMU_KUNIT_HW(INSTRUCTIONS),
		PMU_KUNIT_HW(BRANCH_INSTRUCTIONS),
		PMU_KUNIT_HW(BRANCH_MISSES),
		PMU_KUNIT_HW(CACHE_REFERENCES),
		PMU_KUNIT_HW(CACHE_MISSES),
		PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(L1D, OP_WRITE, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1D, OP_PREFETCH, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1I, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(LL, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(DTLB, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(ITLB, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(BPU, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(BPU, OP_READ, RESULT_MISS),
	};
	unsigned int i;

	pmu_kunit_expect_generic_counted(test, &t4_generic, counted,
					 ARRAY_SIZE(counted));
	for (i = 0; i < T4_CATALOGUE_NR; i++)
		KUNIT_EXPECT_NE_MSG(test, t4_catalogue[i].entry.config, 0ULL,
				    "%s", t4_catalogue[i].entry.alias);
}

static struct kunit_case t4_logic_cases[] = {
	KUNIT_CASE(t4_catalogue_all_valid),
	KUNIT_CASE(t4_reserved_sl),
	KUNIT_CASE(t4_mask_outside_group),
	KUNIT_CASE(t4_mask_empty),
	KUNIT_CASE(t4_mask_combinations),
	KUNIT_CASE(t4_config_reserved_bits),
	KUNIT_CASE(t4_privilege_filters),
	KUNIT_CASE(t4_precise_groups_and_ht),
	KUNIT_CASE(t4_shared_events_unfiltered),
	KUNIT_CASE(t4_pcr_layout),
	KUNIT_CASE(t4_pcr_user_read),
	KUNIT_CASE(t4_pcr_write_rules),
	KUNIT_CASE(t4_sl28_preload),
	KUNIT_CASE(t4_pic_wrap),
	KUNIT_CASE(t4_sample_ip_ntc),
	KUNIT_CASE(t4_dram_select_codes),
	KUNIT_CASE(t4_dram_registers),
	KUNIT_CASE(t4_dram_wraps),
	KUNIT_CASE(t4_generic_map),
	KUNIT_CASE(t4_generic_counted),
	{}
};

PMU_KUNIT_MODULE(t4_logic, "sparc_t4_logic",
		 "KUnit tests of the SPARC T4 PMU logic");
