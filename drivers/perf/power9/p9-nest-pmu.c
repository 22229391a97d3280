// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 nest IMC PMU: the default IMC mode's counters (chapter 6) as one
 * perf PMU, counting for whole chips.
 *
 * The nest microcode counts Table 6-10's events by itself and posts each
 * as a 64-bit value in a per-chip memory area, so an event is only an
 * offset: there are no counters to allocate and every event of a chip can
 * count at once. The microcode runs while the chip has events: it is
 * started when a chip's first event is created and stopped when its last
 * is destroyed, outside the perf core's atomic callbacks, since a backend
 * may have to ask firmware.
 *
 * Each chip's events are counted on one CPU of that chip, published in the
 * cpumask attribute; when that CPU goes offline, they move to another
 * (the uncore framework, include/pmu-suite/uncore-pmu.h).
 */
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <pmu-suite/uncore-pmu.h>
#include "p9-fields.h"

#include "p9-nest-pmu.h"

static const struct p9_nest_ops *nest_ops;
static struct pmu_uncore nest_pmu;
static struct pmu_uncore_set nest_chips;
static unsigned int nest_chip_events[P9_NEST_MAX_CHIPS];
static DEFINE_MUTEX(nest_engine_lock);

static const struct p9_nest_event *nest_event_of(struct perf_event *event)
{
	return &p9_nest_events[event->hw.idx];
}

static void nest_event_destroy(struct perf_event *event)
{
	unsigned int chip = event->hw.config_base;

	mutex_lock(&nest_engine_lock);
	if (!--nest_chip_events[chip])
		nest_ops->stop(chip);
	mutex_unlock(&nest_engine_lock);
}

static int nest_init(struct pmu_uncore *pu, struct perf_event *event,
		     const char **why)
{
	unsigned int chip = event->hw.config_base;
	const struct p9_nest_event *ev;
	int ret;

	ret = p9_nest_decode(&event->attr, &ev, why);
	if (ret)
		return ret;
	mutex_lock(&nest_engine_lock);
	ret = nest_chip_events[chip] ? 0 : nest_ops->start(chip);
	if (!ret)
		nest_chip_events[chip]++;
	mutex_unlock(&nest_engine_lock);
	if (ret)
		return ret;
	event->hw.idx = ev - p9_nest_events;
	event->destroy = nest_event_destroy;
	return 0;
}

static u64 nest_now(struct perf_event *event)
{
	return p9_nest_read(nest_ops->area(event->hw.config_base),
			    nest_event_of(event));
}

/* The microcode counts from the event's creation: nothing to program. */
static u64 nest_start(struct pmu_uncore *pu, struct perf_event *event)
{
	return nest_now(event);
}

/* The counts are 64-bit: no wrap to fold. */
static void nest_update(struct pmu_uncore *pu, struct perf_event *event,
			bool stop)
{
	u64 now = nest_now(event);
	u64 prev = local64_xchg(&event->hw.prev_count, now);

	local64_add(now - prev, &event->count);
}

/* sysfs: format/, events/ (Table 6-10) */

static const struct pmu_uncore_ops nest_uncore_ops = {
	.init		= nest_init,
	.start		= nest_start,
	.update		= nest_update,
	/* "event", the name perf gives a JSON EventCode: the offset. */
	.format		= p9_nest_format_attrs,
	.events		= p9_nest_event_attrs,
};

/**
 * p9_nest_unregister() - remove what p9_nest_register() set up
 */
void p9_nest_unregister(void)
{
	pmu_uncore_unregister(&nest_pmu);
	pmu_uncore_set_exit(&nest_chips);
	nest_ops = NULL;
}
EXPORT_SYMBOL_GPL(p9_nest_unregister);

/**
 * p9_nest_register() - register the nest IMC PMU
 * @ops: the backend; it must outlive the registration
 * @name: the PMU's name
 *
 * Return: 0 or a negative errno.
 */
int p9_nest_register(const struct p9_nest_ops *ops, const char *name)
{
	unsigned int i;
	int ret;

	if (nest_ops)
		return -EBUSY;
	if (!ops->nr_chips || ops->nr_chips > P9_NEST_MAX_CHIPS ||
	    !ops->cpu_chip || !ops->area || !ops->start || !ops->stop)
		return -EINVAL;
	for (i = 0; i < P9_NEST_MAX_CHIPS; i++)
		nest_chip_events[i] = 0;
	/* The nest posts 64-bit counts in memory: nothing to poll. */
	ret = pmu_uncore_set_init(&nest_chips, ops->nr_chips, ops->cpu_chip,
				  0, NULL);
	if (ret)
		return ret;
	nest_ops = ops;
	ret = pmu_uncore_register(&nest_pmu, &nest_chips, &nest_uncore_ops,
				  ops->owner, name);
	if (ret)
		p9_nest_unregister();
	return ret;
}
EXPORT_SYMBOL_GPL(p9_nest_register);

/**
 * p9_nest_pmu_type() - perf type number of the nest PMU
 *
 * Return: the type, or -ENODEV.
 */
int p9_nest_pmu_type(void)
{
	return nest_pmu.registered ? nest_pmu.pmu.type : -ENODEV;
}
EXPORT_SYMBOL_IF_KUNIT(p9_nest_pmu_type);

/**
 * p9_nest_chip_cpu() - the CPU that counts @chip's events
 * @chip: chip number
 *
 * Return: the CPU, or -ENODEV.
 */
int p9_nest_chip_cpu(unsigned int chip)
{
	return nest_ops ? pmu_uncore_package_cpu(&nest_chips, chip) : -ENODEV;
}
EXPORT_SYMBOL_IF_KUNIT(p9_nest_chip_cpu);
