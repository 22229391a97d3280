// SPDX-License-Identifier: GPL-2.0-only
/*
 * pmu_suite_probe: a PMU with no hardware behind it.
 *
 * Its one event counts nanoseconds of local_clock() while the event is
 * scheduled in, and samples from an hrtimer. The harness loads it in the
 * emulated guests to check, before and beside the real drivers, that a
 * module of the suite builds for the target, loads, publishes format/,
 * events/ and caps/ in sysfs, counts under `perf stat` and samples under
 * `perf record` (or, built against a kernel without the
 * perf_event_overflow() export, refuses sampling cleanly).
 */
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/sched/clock.h>
#include <asm/irq_regs.h>
#include "sampling.h"

#define PROBE_EVENT_NS		1
#define PROBE_MIN_PERIOD_NS	10000

static void probe_update(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 now = local_clock();
	u64 prev = local64_xchg(&hwc->prev_count, now);

	local64_add(now - prev, &event->count);
}

static enum hrtimer_restart probe_hrtimer(struct hrtimer *timer)
{
	struct perf_event *event = container_of(timer, struct perf_event,
						hw.hrtimer);
	struct perf_sample_data data;
	struct pt_regs *regs = get_irq_regs();
	u64 period = max_t(u64, event->hw.sample_period, PROBE_MIN_PERIOD_NS);

	if (event->state != PERF_EVENT_STATE_ACTIVE)
		return HRTIMER_NORESTART;
	probe_update(event);
	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (regs && pmu_suite_overflow(event, &data, regs))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(period));
	return HRTIMER_RESTART;
}

static int probe_event_init(struct perf_event *event)
{
	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (event->attr.config != PROBE_EVENT_NS)
		return -EINVAL;
	/* Time cannot be split by privilege level. */
	if (event->attr.exclude_user || event->attr.exclude_kernel)
		return -EOPNOTSUPP;
	if (is_sampling_event(event)) {
		if (event->attr.freq)
			return -EOPNOTSUPP;
		hrtimer_init(&event->hw.hrtimer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_HARD);
		event->hw.hrtimer.function = probe_hrtimer;
	}
	return 0;
}

static void probe_start(struct perf_event *event, int flags)
{
	local64_set(&event->hw.prev_count, local_clock());
	event->hw.state = 0;
	if (is_sampling_event(event))
		hrtimer_start(&event->hw.hrtimer,
			      ns_to_ktime(max_t(u64, event->hw.sample_period,
						PROBE_MIN_PERIOD_NS)),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

static void probe_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	if (is_sampling_event(event))
		hrtimer_cancel(&event->hw.hrtimer);
	probe_update(event);
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int probe_add(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		probe_start(event, flags);
	return 0;
}

static void probe_del(struct perf_event *event, int flags)
{
	probe_stop(event, PERF_EF_UPDATE);
}

static void probe_read(struct perf_event *event)
{
	if (!(event->hw.state & PERF_HES_STOPPED))
		probe_update(event);
}

PMU_FORMAT_ATTR(event, "config:0-7");

static struct attribute *probe_format_attrs[] = {
	&format_attr_event.attr,
	NULL
};

static const struct attribute_group probe_format_group = {
	.name = "format",
	.attrs = probe_format_attrs,
};

PMU_EVENT_ATTR_STRING(ns, probe_event_ns, "event=0x1");

static struct attribute *probe_event_attrs[] = {
	&probe_event_ns.attr.attr,
	NULL
};

static const struct attribute_group probe_events_group = {
	.name = "events",
	.attrs = probe_event_attrs,
};

static ssize_t sampling_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	return sysfs_emit(buf, "%d\n", PMU_SUITE_CAN_SAMPLE);
}
static DEVICE_ATTR_RO(sampling);

static struct attribute *probe_caps_attrs[] = {
	&dev_attr_sampling.attr,
	NULL
};

static const struct attribute_group probe_caps_group = {
	.name = "caps",
	.attrs = probe_caps_attrs,
};

static const struct attribute_group *probe_attr_groups[] = {
	&probe_format_group,
	&probe_events_group,
	&probe_caps_group,
	NULL
};

static struct pmu probe_pmu = {
	.module		= THIS_MODULE,
	.task_ctx_nr	= perf_hw_context,
	.capabilities	= PMU_SUITE_CAN_SAMPLE ? 0 : PERF_PMU_CAP_NO_INTERRUPT,
	.attr_groups	= probe_attr_groups,
	.event_init	= probe_event_init,
	.add		= probe_add,
	.del		= probe_del,
	.start		= probe_start,
	.stop		= probe_stop,
	.read		= probe_read,
};

static int __init probe_init(void)
{
	return perf_pmu_register(&probe_pmu, "pmu_suite_probe", -1);
}

static void __exit probe_exit(void)
{
	perf_pmu_unregister(&probe_pmu);
}

module_init(probe_init);
module_exit(probe_exit);

MODULE_DESCRIPTION("Probe PMU that the PMU suite's test harness loads in guests");
MODULE_LICENSE("GPL");
