// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 perf glue on the real perf core, against the
 * register-level model (p9-model.c): an overflow interrupt after any
 * register access of a read, a disable, an enable, a close or a task
 * switch.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "p9k.h"

static void p9k_overflow_b(void)
{
	p9_model_count(P9K_B_CODE, P9K_B_PERIOD + 50);
	p9_model_take_interrupt();
}

/*
 * An overflow interrupt of another counter lands between any two register
 * accesses of a read: the count read is neither lost nor counted twice.
 */
static void p9k_nmi_during_read(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, P9K_B_PERIOD, NULL);
	unsigned int at, fired = 0;
	u64 total = 0;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	for (at = 1; at <= 6; at++) {
		p9_model_count(0x10002, 1000);
		total += 1000;
		pmu_model_nmi_arm(&p9_model.nmi, p9k_overflow_b, at);
		KUNIT_EXPECT_EQ_MSG(test, p9k_value(a), total, "NMI at access %u", at);
		fired += pmu_model_nmi_disarm(&p9_model.nmi);
	}
	KUNIT_EXPECT_GT(test, fired, 0U);
	KUNIT_EXPECT_GT(test, atomic_read(&p9k_nr_samples), 0);
	KUNIT_EXPECT_EQ(test, p9k_value(a), total);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

static u64 p9k_fed;

/* A's own period ends, exactly, and its interrupt comes. */
static void p9k_overflow_a_exactly(void)
{
	u64 n = 0x80000000U - p9_model.pmc[1];

	p9k_fed += n;
	p9_model_count(0x10002, n);
	p9_model_take_interrupt();
}

/*
 * The event's own interrupt comes inside a read of it, after each access
 * in turn, its period ending exactly: the interrupt rearms the counter
 * with the start value the read took for prev_count, whose cmpxchg must
 * not then succeed with the stale reading (ABA: a double count, then a
 * jump of nearly 2^32).
 */
static void p9k_own_overflow_during_read(struct kunit *test)
{
	unsigned int at, fired = 0;

	for (at = 1; at <= 6; at++) {
		struct perf_event *a = p9k_open(0x10002, 1000, NULL);
		bool fire;

		KUNIT_ASSERT_FALSE(test, IS_ERR(a));
		p9k_fed = 0;
		p9_model_count(0x10002, 500);
		pmu_model_nmi_arm(&p9_model.nmi, p9k_overflow_a_exactly, at);
		p9k_value(a);
		fire = pmu_model_nmi_disarm(&p9_model.nmi);
		fired += fire;
		p9_model_count(0x10002, 10);
		KUNIT_EXPECT_EQ_MSG(test, p9k_value(a), 510 + p9k_fed,
				    "NMI at access %u", at);
		perf_event_release_kernel(a);
		if (!fire)
			break;
	}
	KUNIT_EXPECT_GT(test, fired, 1U);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), (int)fired);
}

/* Interrupts anywhere (pmu_model_nmi_sweep()). */
static struct perf_event *p9k_open_counting(void)
{
	return p9k_open(0x10002, 0, NULL);
}

static struct perf_event *p9k_open_b(void)
{
	return p9k_open(P9K_B_CODE, P9K_B_PERIOD, NULL);
}

static void p9k_count_a(u64 n)
{
	p9_model_count(0x10002, n);
}

static void p9k_nmi_anywhere(struct kunit *test)
{
	const struct pmu_model_sweep s = {
		.nmi = &p9_model.nmi,
		.overflow = p9k_overflow_b,
		.open_counting = p9k_open_counting,
		.open_sampling = p9k_open_b,
		.count = p9k_count_a,
		.value = p9k_value,
		.samples = &p9k_nr_samples,
		.sampled_max = 2 * (P9K_B_PERIOD + 50),
	};

	pmu_model_nmi_sweep(test, &s);
}

/* The same pair, with another counter's overflow after each access. */
static void p9k_switch_nmi_anywhere(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, P9K_B_PERIOD, NULL);
	unsigned int at, fired = 0;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	for (at = 1; at <= 3; at++) {
		pmu_model_nmi_arm(&p9_model.nmi, p9k_overflow_b, at);
		p9_model_count(0x10002, 100);
		p9k_disable_enable(NULL);
		p9_model_count(0x10002, 100);
		fired += pmu_model_nmi_disarm(&p9_model.nmi);
		KUNIT_EXPECT_EQ_MSG(test, p9k_value(a), 200ULL * at,
				    "NMI at access %u", at);
	}
	/* Two accesses: the third finds none to follow. */
	KUNIT_EXPECT_EQ(test, fired, 2U);
	/* The sampling event samples on (frozen, the first fed nothing). */
	at = atomic_read(&p9k_nr_samples);
	KUNIT_EXPECT_GE(test, at, 1U);
	p9k_overflow_b();
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), at + 1);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

static struct kunit_case power9_nmi_model_cases[] = {
	KUNIT_CASE(p9k_nmi_during_read),
	KUNIT_CASE(p9k_own_overflow_during_read),
	KUNIT_CASE(p9k_nmi_anywhere),
	KUNIT_CASE(p9k_switch_nmi_anywhere),
	{}
};

static struct kunit_suite power9_nmi_model_suite = {
	.name = "power9_nmi_model",
	.init = p9k_init,
	.suite_init = p9k_suite_init,
	.suite_exit = p9k_suite_exit,
	.test_cases = power9_nmi_model_cases,
};

kunit_test_suite(power9_nmi_model_suite);
