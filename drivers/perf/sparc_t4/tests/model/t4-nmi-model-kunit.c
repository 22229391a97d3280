// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the SPARC T4 perf glue against the register-level model
 * (t4-model.c): a level-15 interrupt at any register access, while a
 * counter starts, while events are placed, and wraps inside the
 * handler.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "t4k.h"

/*
 * The backend attaches the handler only once the glue can take an
 * interrupt, and detaches it before the glue's state goes: an interrupt
 * that is not the glue's (an NMI-watchdog tick) during either is left to
 * its owner.
 */
static void t4k_nmi_at_register(struct kunit *test)
{
	struct perf_event *ev;

	t4_unregister();
	KUNIT_EXPECT_EQ(test, t4_model.hook_nmis, 1U);
	KUNIT_ASSERT_EQ(test, t4k_register(), 0);
	KUNIT_EXPECT_EQ(test, t4_model.hook_nmis, 2U);
	KUNIT_EXPECT_EQ(test, t4_model.unclaimed, 2U);
	ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model_count(26, 0, 500);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 500ULL);
	perf_event_release_kernel(ev);
}

/* B's overflow, at the PCR write that starts the counter. */
static void t4k_count_past_period(void)
{
	t4_model_count(26, 0, 2000);
}

/*
 * The framework says the PMU is enabled before it starts counters: an
 * overflow trap taken right after a counter starts is handled, and the
 * counter counts on, instead of being stopped for good.
 */
static void t4k_nmi_while_starting(struct kunit *test)
{
	struct perf_event *ev;

	t4_model.nmi_on_start = t4k_count_past_period;
	ev = t4k_open(T4_CONFIG(26, 0), 1000, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, !t4_model.nmi_on_start);
	t4k_count(26, 0, 5000, 500);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 7000ULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 7);
	perf_event_release_kernel(ev);
}

/* Interrupts anywhere (pmu_model_nmi_sweep()). */
static void t4k_overflow_b(void)
{
	t4_model_count(26, 0, 1500);
}

static struct perf_event *t4k_open_counting(void)
{
	return t4k_open(T4_CONFIG(6, 0x01), 0, NULL);
}

static struct perf_event *t4k_open_b(void)
{
	return t4k_open(T4_CONFIG(26, 0), 1000, NULL);
}

static void t4k_count_a(u64 n)
{
	t4_model_count(6, 0x01, n);
}

/* B's sample: A's counter wraps while B's handler runs. */
static void t4k_overflow_wraps_a(struct perf_event *event,
				 struct perf_sample_data *data,
				 struct pt_regs *regs)
{
	atomic_inc(&t4k_nr_samples);
	t4_model_count(6, 0x01, 1010);
}

/*
 * A counter that wraps while the handler of another's trap runs is
 * folded there (its ov not seen yet), wrap and all; its own trap, taken
 * when the handler returns, finds ov set and must not add 2^32 again.
 */
static void t4k_wrap_inside_handler(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = t4_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = T4_CONFIG(26, 0),
		.sample_period = 1000,
	};
	struct perf_event *b, *a;

	b = perf_event_create_kernel_counter(&attr, -1, current,
					     t4k_overflow_wraps_a, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	a = t4k_open(T4_CONFIG(6, 0x01), 1000, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	t4_model_count(26, 0, 1000);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, t4k_value(a), 1010ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(b), 1000ULL);
	perf_event_release_kernel(a);
	perf_event_release_kernel(b);
}

/* Right after the rearm, more than a period: the counter wraps again. */
static void t4k_count_after_rearm(void)
{
	t4_model_count(26, 0, 1010);
}

static void t4k_overflow_arms_count(struct perf_event *event,
				    struct perf_sample_data *data,
				    struct pt_regs *regs)
{
	if (atomic_inc_return(&t4k_nr_samples) == 1)
		t4_model.after_pic_write = t4k_count_after_rearm;
}

/*
 * A period that ends again inside the handler, after the PIC got its new
 * start and before the handler returns (a short period, a slow hypervisor
 * call), sets ov while the first wrap's ov is still set. The handler must
 * not then clear it: that trap would be lost, and the run would go on
 * from just past the wrap for 2^32 events without a sample.
 */
static void t4k_wrap_after_rearm(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = t4_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = T4_CONFIG(26, 0),
		.sample_period = 1000,
	};
	struct perf_event *ev;

	ev = perf_event_create_kernel_counter(&attr, -1, current,
					      t4k_overflow_arms_count, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model_count(26, 0, 1000);
	KUNIT_EXPECT_TRUE(test, !t4_model.after_pic_write);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 2010ULL);
	t4_model_count(26, 0, 1000);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 3);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 3010ULL);
	perf_event_release_kernel(ev);
}

/*
 * A trap whose wrap a switch already folded, the PIC started again with
 * ov still set, finds no wrap: the handler clears that stale ov. A short
 * period that ends again between its read of the PCR and that write sets
 * the ov the write then clears; the handler must still take that wrap.
 */
static void t4k_wrap_while_clearing_stale_ov(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 1000, NULL);
	unsigned int samples;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	/* The wrap, its trap held; the switch folds it and starts again. */
	t4_model.in_trap = true;
	t4_model_count(26, 0, 1000);
	t4k_switch_away(test);
	KUNIT_ASSERT_TRUE(test, t4_model.pcr[ev->hw.idx] & T4_PCR_OV);
	KUNIT_ASSERT_TRUE(test, t4_model.pic[ev->hw.idx] & BIT(31));
	samples = atomic_read(&t4k_nr_samples);
	t4_model.after_pcr_read = t4k_count_after_rearm;
	t4_model.in_trap = false;
	t4_model_deliver();
	KUNIT_EXPECT_TRUE(test, !t4_model.after_pcr_read);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), samples + 1);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 2010ULL);
	t4_model_count(26, 0, 1000);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), samples + 2);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 3010ULL);
	perf_event_release_kernel(ev);
}

/*
 * An event placed again on its counter, whose PIC meanwhile counted for
 * someone else: a trap of another counter before the PIC is written must
 * not fold it against that count.
 */
static void t4k_nmi_while_placing(struct kunit *test)
{
	struct perf_event *b = t4k_open_b();
	struct perf_event *a = t4k_open_counting();
	unsigned int at;
	bool fired;

	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	for (at = 1; at < 20; at++) {
		t4k_count_a(100);
		perf_event_disable(a);
		KUNIT_ASSERT_GT(test, a->hw.last_tag, 0ULL);
		t4_model.pic[a->hw.last_tag - 1] = 0x12345678;
		pmu_model_nmi_arm(&t4_model.nmi, t4k_overflow_b, at);
		perf_event_enable(a);
		fired = pmu_model_nmi_disarm(&t4_model.nmi);
		t4k_count_a(50);
		KUNIT_EXPECT_EQ_MSG(test, t4k_value(a), 150ULL * at,
				    "trap after access %u", at);
		if (!fired)
			break;
	}
	KUNIT_EXPECT_GT(test, at, 2U);
	perf_event_release_kernel(a);
	perf_event_release_kernel(b);
}

static void t4k_nmi_anywhere(struct kunit *test)
{
	const struct pmu_model_sweep s = {
		.nmi = &t4_model.nmi,
		.overflow = t4k_overflow_b,
		.open_counting = t4k_open_counting,
		.open_sampling = t4k_open_b,
		.count = t4k_count_a,
		.value = t4k_value,
		.samples = &t4k_nr_samples,
		.sampled_max = 3000,
	};

	pmu_model_nmi_sweep(test, &s);
}

static struct kunit_case sparc_t4_nmi_model_cases[] = {
	KUNIT_CASE(t4k_nmi_at_register),
	KUNIT_CASE(t4k_nmi_while_starting),
	KUNIT_CASE(t4k_nmi_anywhere),
	KUNIT_CASE(t4k_wrap_inside_handler),
	KUNIT_CASE(t4k_wrap_after_rearm),
	KUNIT_CASE(t4k_wrap_while_clearing_stale_ov),
	KUNIT_CASE(t4k_nmi_while_placing),
	{}
};

static struct kunit_suite sparc_t4_nmi_model_suite = {
	.name = "sparc_t4_nmi_model",
	.init = t4k_init,
	.suite_init = t4k_suite_init,
	.suite_exit = t4k_suite_exit,
	.test_cases = sparc_t4_nmi_model_cases,
};

kunit_test_suite(sparc_t4_nmi_model_suite);
