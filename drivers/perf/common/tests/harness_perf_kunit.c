// SPDX-License-Identifier: GPL-2.0-only
/*
 * The harness's own test of the perf core under KUnit: a PMU whose only
 * counter is a variable (a one-register model), registered with the real
 * perf core and driven through per-task kernel counters. It checks what the
 * drivers' perf glue relies on in these tests: event_init routing, counting
 * across schedule in/out, counter wrap, and overflow delivery from an
 * "interrupt" the model raises; and that pmu_suite_unregister() leaves no
 * multiplexing timer queued behind a PMU it unregisters.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <pmu-suite/counter.h>
#include "unregister.h"

#define MODEL_WIDTH	32

/* The model: one 32-bit counter that raises an interrupt when it wraps. */
static struct {
	u64 value;
	bool running;
	bool irq_pending;
	struct perf_event *owner;
} model;

static void model_count(u64 n)
{
	u64 next;

	if (!model.running)
		return;
	next = model.value + n;
	if (next >> MODEL_WIDTH)
		model.irq_pending = true;
	model.value = next & pmu_counter_mask(MODEL_WIDTH);
}

static atomic_t samples_seen;

static void hk_update(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 prev = local64_xchg(&hwc->prev_count, model.value);
	u64 delta = pmu_counter_delta(prev, model.value, MODEL_WIDTH);

	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

static void hk_set_period(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;

	if (is_sampling_event(event))
		model.value = pmu_period_start(local64_read(&hwc->period_left),
					       pmu_counter_mask(MODEL_WIDTH),
					       1ULL << MODEL_WIDTH, MODEL_WIDTH);
	local64_set(&hwc->prev_count, model.value);
}

static int hk_event_init(struct perf_event *event)
{
	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (event->attr.config)
		return -EINVAL;
	return 0;
}

static void hk_start(struct perf_event *event, int flags)
{
	if (flags & PERF_EF_RELOAD)
		hk_set_period(event);
	else
		local64_set(&event->hw.prev_count, model.value);
	event->hw.state = 0;
	model.running = true;
}

static void hk_stop(struct perf_event *event, int flags)
{
	model.running = false;
	if ((flags & PERF_EF_UPDATE) && !(event->hw.state & PERF_HES_UPTODATE))
		hk_update(event);
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int hk_add(struct perf_event *event, int flags)
{
	if (model.owner)
		return -EAGAIN;
	model.owner = event;
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		hk_start(event, PERF_EF_RELOAD);
	return 0;
}

static void hk_del(struct perf_event *event, int flags)
{
	hk_stop(event, PERF_EF_UPDATE);
	model.owner = NULL;
}

static void hk_read(struct perf_event *event)
{
	hk_update(event);
}

static struct pmu hk_pmu = {
	.module		= THIS_MODULE,
	.task_ctx_nr	= perf_hw_context,
	.event_init	= hk_event_init,
	.add		= hk_add,
	.del		= hk_del,
	.start		= hk_start,
	.stop		= hk_stop,
	.read		= hk_read,
};

/* What a driver's interrupt handler does, run with interrupts off. */
static void model_take_irq(void)
{
	struct perf_event *event = model.owner;
	struct perf_sample_data data;
	struct pt_regs regs = {};
	unsigned long flags;
	bool ended;
	s64 left;

	if (!model.irq_pending || !event)
		return;
	local_irq_save(flags);
	model.irq_pending = false;
	hk_update(event);
	left = local64_read(&event->hw.period_left);
	ended = pmu_period_advance(&left, event->hw.sample_period,
				   &event->hw.last_period);
	local64_set(&event->hw.period_left, left);
	if (ended) {
		perf_sample_data_init(&data, 0, event->hw.last_period);
		if (perf_event_overflow(event, &data, &regs))
			hk_stop(event, 0);
	}
	hk_set_period(event);
	local_irq_restore(flags);
}

static void hk_overflow(struct perf_event *event, struct perf_sample_data *data,
			struct pt_regs *regs)
{
	atomic_inc(&samples_seen);
}

static struct perf_event *hk_open(struct kunit *test, u64 config, u64 period)
{
	struct perf_event_attr attr = {
		.type = hk_pmu.type,
		.size = sizeof(attr),
		.config = config,
		.sample_period = period,
	};

	return perf_event_create_kernel_counter(&attr, -1, current,
						period ? hk_overflow : NULL,
						NULL);
}

static void hk_counts_while_scheduled(struct kunit *test)
{
	struct perf_event *event = hk_open(test, 0, 0);
	u64 enabled, running;
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(event));
	for (i = 0; i < 3; i++) {
		model_count(1000);
		schedule();	/* out and back in: del/add keep the count */
	}
	KUNIT_EXPECT_EQ(test, perf_event_read_value(event, &enabled, &running),
			3000ULL);
	KUNIT_EXPECT_GT(test, running, 0ULL);
	perf_event_release_kernel(event);
	KUNIT_EXPECT_NULL(test, model.owner);
}

static void hk_counts_across_wrap(struct kunit *test)
{
	struct perf_event *event;
	u64 enabled, running;

	model.value = 0xfffffff0;
	event = hk_open(test, 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(event));
	model_count(0x20);
	KUNIT_EXPECT_EQ(test, perf_event_read_value(event, &enabled, &running),
			0x20ULL);
	perf_event_release_kernel(event);
}

static void hk_rejects_bad_config(struct kunit *test)
{
	struct perf_event *event = hk_open(test, 1, 0);

	KUNIT_ASSERT_TRUE(test, IS_ERR(event));
	KUNIT_EXPECT_EQ(test, PTR_ERR(event), -EINVAL);
}

static void hk_delivers_overflows(struct kunit *test)
{
	struct perf_event *event;
	u64 enabled, running;
	int i;

	atomic_set(&samples_seen, 0);
	event = hk_open(test, 0, 100);
	KUNIT_ASSERT_FALSE(test, IS_ERR(event));
	for (i = 0; i < 25; i++) {
		model_count(10);
		model_take_irq();
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&samples_seen), 2);
	KUNIT_EXPECT_EQ(test, perf_event_read_value(event, &enabled, &running),
			250ULL);
	perf_event_release_kernel(event);
}

/*
 * A CPU-wide PMU with one counter: two events multiplex, and the core
 * starts the PMU's rotation timer on that CPU. A long interval keeps the
 * timer queued after both events are gone, as it is for up to one
 * interval on any PMU.
 */
static struct perf_event *mux_owner;

static int mux_add(struct perf_event *event, int flags)
{
	if (mux_owner)
		return -EAGAIN;
	mux_owner = event;
	event->hw.state = flags & PERF_EF_START ? 0 : PERF_HES_STOPPED;
	return 0;
}

static void mux_del(struct perf_event *event, int flags)
{
	mux_owner = NULL;
}

static void mux_start(struct perf_event *event, int flags)
{
	event->hw.state = 0;
}

static void mux_stop(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static void mux_read(struct perf_event *event)
{
}

static struct pmu mux_pmu = {
	.module			= THIS_MODULE,
	.task_ctx_nr		= perf_invalid_context,
	.capabilities		= PERF_PMU_CAP_NO_INTERRUPT,
	.event_init		= hk_event_init,
	.add			= mux_add,
	.del			= mux_del,
	.start			= mux_start,
	.stop			= mux_stop,
	.read			= mux_read,
};

static void hk_unregister_cancels_mux_timer(struct kunit *test)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	struct perf_event *a, *b;
	struct hrtimer *timer;

	mux_pmu.hrtimer_interval_ms = 60 * MSEC_PER_SEC;
	KUNIT_ASSERT_EQ(test, perf_pmu_register(&mux_pmu, "pmu_suite_kunit_mux", -1), 0);
	timer = &per_cpu_ptr(mux_pmu.cpu_pmu_context, 0)->hrtimer;
	attr.type = mux_pmu.type;
	a = perf_event_create_kernel_counter(&attr, 0, NULL, NULL, NULL);
	b = perf_event_create_kernel_counter(&attr, 0, NULL, NULL, NULL);
	KUNIT_EXPECT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_FALSE(test, IS_ERR(b));
	if (!IS_ERR(a))
		perf_event_release_kernel(a);
	if (!IS_ERR(b))
		perf_event_release_kernel(b);
	/* The core leaves the rotation timer queued with no events left... */
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(timer));
	/* ...and the suite's unregister takes it out before the core frees it. */
	pmu_suite_cancel_mux_timers(&mux_pmu);
	KUNIT_EXPECT_FALSE(test, hrtimer_is_queued(timer));
	pmu_suite_unregister(&mux_pmu);
}

static int hk_suite_init(struct kunit_suite *suite)
{
	return perf_pmu_register(&hk_pmu, "pmu_suite_kunit", -1);
}

static void hk_suite_exit(struct kunit_suite *suite)
{
	pmu_suite_unregister(&hk_pmu);
}

static struct kunit_case hk_cases[] = {
	KUNIT_CASE(hk_counts_while_scheduled),
	KUNIT_CASE(hk_counts_across_wrap),
	KUNIT_CASE(hk_rejects_bad_config),
	KUNIT_CASE(hk_delivers_overflows),
	KUNIT_CASE(hk_unregister_cancels_mux_timer),
	{}
};

static struct kunit_suite hk_suite = {
	.name = "pmu_suite_harness_perf",
	.suite_init = hk_suite_init,
	.suite_exit = hk_suite_exit,
	.test_cases = hk_cases,
};

kunit_test_suite(hk_suite);

MODULE_DESCRIPTION("KUnit test of a model-backed PMU on the real perf core");
MODULE_LICENSE("GPL");
