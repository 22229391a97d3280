// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the counter arithmetic and the generic event checks every
 * driver of the suite shares (include/pmu-suite/counter.h, generic.h).
 * Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/generic.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/multiset.h>

static void counter_mask_widths(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pmu_counter_mask(31), 0x7fffffffULL);
	KUNIT_EXPECT_EQ(test, pmu_counter_mask(32), 0xffffffffULL);
	KUNIT_EXPECT_EQ(test, pmu_counter_mask(47), 0x7fffffffffffULL);
	KUNIT_EXPECT_EQ(test, pmu_counter_mask(64), ~0ULL);
}

static void counter_delta_no_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(100, 250, 32), 150ULL);
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(5, 5, 47), 0ULL);
}

static void counter_delta_across_wrap(struct kunit *test)
{
	/* 32-bit PIC: 0xfffffff0 -> 0x10 is 0x20 events. */
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(0xfffffff0, 0x10, 32), 0x20ULL);
	/* 31-bit DRAM counter wraps at 2^31. */
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(0x7ffffffe, 0x1, 31), 3ULL);
	/* 47-bit PMD. */
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(0x7fffffffff00ULL, 0x100, 47),
			0x200ULL);
}

static void counter_delta_ignores_high_bits(struct kunit *test)
{
	/* Bits above the width (e.g. a PMD's sign-extension) do not count. */
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(0xffff800000000000ULL | 10,
						20, 47), 10ULL);
}

static void period_not_ended(struct kunit *test)
{
	s64 left = 40;
	u64 last = 7;

	KUNIT_EXPECT_FALSE(test, pmu_period_advance(&left, 100, &last));
	KUNIT_EXPECT_EQ(test, left, 40LL);
	KUNIT_EXPECT_EQ(test, last, 7ULL);
}

static void period_ended_with_skid(struct kunit *test)
{
	s64 left = -3;	/* counted 3 events past the overflow point */
	u64 last = 0;

	KUNIT_EXPECT_TRUE(test, pmu_period_advance(&left, 100, &last));
	KUNIT_EXPECT_EQ(test, left, 97LL);
	KUNIT_EXPECT_EQ(test, last, 100ULL);
}

static void period_ended_exactly(struct kunit *test)
{
	s64 left = 0;
	u64 last = 0;

	KUNIT_EXPECT_TRUE(test, pmu_period_advance(&left, 100, &last));
	KUNIT_EXPECT_EQ(test, left, 100LL);
}

static void period_overrun_drops_excess(struct kunit *test)
{
	s64 left = -250;	/* more than a whole period past */
	u64 last = 0;

	KUNIT_EXPECT_TRUE(test, pmu_period_advance(&left, 100, &last));
	KUNIT_EXPECT_EQ(test, left, 100LL);
}

static void period_start_wrap_counter(struct kunit *test)
{
	/* A 32-bit counter that interrupts on wrap, 1000 events to go. */
	KUNIT_EXPECT_EQ(test, pmu_period_start(1000, 0xffffffff, 1ULL << 32, 32),
			0xfffffc18ULL);
	/* A 47-bit PMD. */
	KUNIT_EXPECT_EQ(test, pmu_period_start(1, 1ULL << 46, 1ULL << 47, 47),
			0x7fffffffffffULL);
}

static void period_start_msb_counter(struct kunit *test)
{
	/* POWER9 PMCs interrupt when bit 31 becomes set. */
	KUNIT_EXPECT_EQ(test, pmu_period_start(0x100, 0x7fffffff, 1ULL << 31, 32),
			0x7fffff00ULL);
}

static void period_start_long_period_split(struct kunit *test)
{
	/* A period longer than the counter can run is split into runs. */
	KUNIT_EXPECT_EQ(test, pmu_period_start(10ULL << 32, 0x7fffffff,
					       1ULL << 31, 32), 1ULL);
}

static void period_start_nonpositive_left(struct kunit *test)
{
	/* Never programs a counter that already passed its interrupt point. */
	KUNIT_EXPECT_EQ(test, pmu_period_start(0, 0xffffffff, 1ULL << 32, 32),
			0xffffffffULL);
}

/* The configs perf defines; the drivers add -ENOENT for their own gaps. */
static void generic_configs(struct kunit *test)
{
	u64 l1d_read_miss = PERF_COUNT_HW_CACHE_L1D |
			    PERF_COUNT_HW_CACHE_OP_READ << 8 |
			    PERF_COUNT_HW_CACHE_RESULT_MISS << 16;

	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HARDWARE,
						PERF_COUNT_HW_CPU_CYCLES), 0);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HARDWARE,
						PERF_COUNT_HW_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HW_CACHE,
						l1d_read_miss), 0);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HW_CACHE,
						PERF_COUNT_HW_CACHE_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HW_CACHE,
						PERF_COUNT_HW_CACHE_OP_MAX << 8),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HW_CACHE,
						PERF_COUNT_HW_CACHE_RESULT_MAX << 16),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_HW_CACHE,
						l1d_read_miss | 1ULL << 24),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_check(PERF_TYPE_RAW, 0x1e), -ENOENT);
}

/*
 * A map gives the raw config of what it counts by index; 0 is "not
 * counted" (-ENOENT), and pmu_generic_check()'s errors come first.
 */
static void generic_map_lookup(struct kunit *test)
{
	static const struct pmu_generic_map map = {
		.hw = { [PERF_COUNT_HW_CPU_CYCLES] = 0x1e },
		.cache = {
			[PERF_COUNT_HW_CACHE_L1D] = {
				[PERF_COUNT_HW_CACHE_OP_READ] = {
					[PERF_COUNT_HW_CACHE_RESULT_MISS] = 0x42,
				},
			},
		},
	};
	u64 l1d_read_miss = PERF_COUNT_HW_CACHE_L1D |
			    PERF_COUNT_HW_CACHE_OP_READ << 8 |
			    PERF_COUNT_HW_CACHE_RESULT_MISS << 16;
	u64 raw = 7;

	KUNIT_EXPECT_EQ(test, pmu_kunit_generic_count(&map), 2U);
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_HARDWARE,
						 PERF_COUNT_HW_CPU_CYCLES, &raw), 0);
	KUNIT_EXPECT_EQ(test, raw, 0x1eULL);
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_HW_CACHE,
						 l1d_read_miss, &raw), 0);
	KUNIT_EXPECT_EQ(test, raw, 0x42ULL);
	raw = 7;
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_HARDWARE,
						 PERF_COUNT_HW_BUS_CYCLES, &raw),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_HW_CACHE,
						 l1d_read_miss & ~0xff0000ULL, &raw),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_HARDWARE,
						 PERF_COUNT_HW_MAX, &raw), -EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_HW_CACHE,
						 l1d_read_miss | 1ULL << 24, &raw),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pmu_generic_config(&map, PERF_TYPE_RAW, 0x1e, &raw),
			-ENOENT);
	/* A refused event leaves @raw alone. */
	KUNIT_EXPECT_EQ(test, raw, 7ULL);
}

/* Multisets of 3 of 4 events: C(4 + 3 - 1, 3) = 20, non-decreasing. */
static void multisets_all_once(struct kunit *test)
{
	unsigned int idx[3], seen = 0, code, last = 0;

	pmu_multiset_first(idx, 3);
	do {
		KUNIT_EXPECT_LE(test, idx[0], idx[1]);
		KUNIT_EXPECT_LE(test, idx[1], idx[2]);
		KUNIT_EXPECT_LT(test, idx[2], 4U);
		code = idx[0] * 16 + idx[1] * 4 + idx[2];
		if (seen)
			KUNIT_EXPECT_GT(test, code, last);
		last = code;
		seen++;
	} while (pmu_multiset_next(idx, 3, 4));
	KUNIT_EXPECT_EQ(test, seen, 20U);
	KUNIT_EXPECT_EQ(test, last, 3U * 16 + 3 * 4 + 3);
}

static struct kunit_case pmu_common_cases[] = {
	KUNIT_CASE(counter_mask_widths),
	KUNIT_CASE(counter_delta_no_wrap),
	KUNIT_CASE(counter_delta_across_wrap),
	KUNIT_CASE(counter_delta_ignores_high_bits),
	KUNIT_CASE(period_not_ended),
	KUNIT_CASE(period_ended_with_skid),
	KUNIT_CASE(period_ended_exactly),
	KUNIT_CASE(period_overrun_drops_excess),
	KUNIT_CASE(period_start_wrap_counter),
	KUNIT_CASE(period_start_msb_counter),
	KUNIT_CASE(period_start_long_period_split),
	KUNIT_CASE(period_start_nonpositive_left),
	KUNIT_CASE(generic_configs),
	KUNIT_CASE(generic_map_lookup),
	KUNIT_CASE(multisets_all_once),
	{}
};

PMU_KUNIT_MODULE(pmu_common, "pmu_suite_common",
		 "KUnit tests of the PMU suite's shared counter arithmetic");
