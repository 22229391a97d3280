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
 * cpumask attribute; when that CPU goes offline, they move to another.
 */
#define pr_fmt(fmt) "power9_nest: " fmt

#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/events.h>
#include <pmu-suite/package.h>
#include <pmu-suite/unregister.h>

#include "p9-nest-pmu.h"

static const struct p9_nest_ops *nest_ops;
static struct pmu nest_pmu;
static bool nest_registered;
static int nest_chip_cpu[P9_NEST_MAX_CHIPS];
static struct pmu_package_cpus nest_chips;
static unsigned int nest_chip_events[P9_NEST_MAX_CHIPS];
static DEFINE_MUTEX(nest_engine_lock);
static int nest_hp_state = -1;

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

/* Whether @e can be in a group of nest events: ours, or software. */
static bool nest_group_member(struct perf_event *e)
{
	return e->pmu == &nest_pmu || is_software_event(e);
}

static bool nest_group_ok(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;

	if (!nest_group_member(leader))
		return false;
	for_each_sibling_event(sibling, leader)
		if (!nest_group_member(sibling))
			return false;
	return true;
}

static int nest_event_init(struct perf_event *event)
{
	const struct p9_nest_event *ev;
	const char *why;
	int chip, ret;

	if (event->attr.type != nest_pmu.type)
		return -ENOENT;
	/* Counts for the whole chip: no task events, no sampling. */
	if (event->cpu < 0 || event->attach_state & PERF_ATTACH_TASK) {
		pr_debug("per-task events refused: the nest counts for a chip\n");
		return -EINVAL;
	}
	if (is_sampling_event(event)) {
		pr_debug("sampling refused: the nest counters do not interrupt\n");
		return -EINVAL;
	}
	if (event_has_any_exclude_flag(event)) {
		pr_debug("exclude_* refused: the nest counts for every privilege level\n");
		return -EOPNOTSUPP;
	}
	ret = p9_nest_decode(&event->attr, &ev, &why);
	if (ret) {
		pr_debug("config 0x%llx refused: %s\n", event->attr.config, why);
		return ret;
	}
	chip = pmu_package_of(&nest_chips, event->cpu);
	if (chip < 0 || pmu_package_cpu(&nest_chips, chip) < 0)
		return -ENODEV;
	if (!nest_group_ok(event))
		return -EINVAL;
	mutex_lock(&nest_engine_lock);
	ret = nest_chip_events[chip] ? 0 : nest_ops->start(chip);
	if (!ret)
		nest_chip_events[chip]++;
	mutex_unlock(&nest_engine_lock);
	if (ret)
		return ret;
	event->cpu = pmu_package_cpu(&nest_chips, chip);
	event->hw.config_base = chip;
	event->hw.idx = ev - p9_nest_events;
	event->destroy = nest_event_destroy;
	return 0;
}

static u64 nest_now(struct perf_event *event)
{
	return p9_nest_read(nest_ops->area(event->hw.config_base),
			    nest_event_of(event));
}

static void nest_update(struct perf_event *event)
{
	u64 now = nest_now(event);
	u64 prev = local64_xchg(&event->hw.prev_count, now);

	local64_add(pmu_counter_delta(prev, now, 64), &event->count);
}

static void nest_start(struct perf_event *event, int flags)
{
	local64_set(&event->hw.prev_count, nest_now(event));
	event->hw.state = 0;
}

static void nest_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	nest_update(event);
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int nest_add(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		nest_start(event, flags);
	return 0;
}

static void nest_del(struct perf_event *event, int flags)
{
	nest_stop(event, PERF_EF_UPDATE);
}

static void nest_read(struct perf_event *event)
{
	if (!(event->hw.state & PERF_HES_STOPPED))
		nest_update(event);
}

/* sysfs: format/, events/ (Table 6-10), cpumask */

/* "event", the name perf gives a JSON EventCode: here the offset. */
PMU_FORMAT_ATTR(event, "config:0-15");

static struct attribute *nest_format_attrs[] = {
	&format_attr_event.attr,
	NULL
};

static const struct attribute_group nest_format_group = {
	.name = "format",
	.attrs = nest_format_attrs,
};

static struct perf_pmu_events_attr nest_event_attrs[P9_NEST_EVENTS_NR];
static struct attribute *nest_event_list[P9_NEST_EVENTS_NR + 1];

static struct attribute_group nest_events_group = {
	.name = "events",
	.attrs = nest_event_list,
};

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *page)
{
	return cpumap_print_to_pagebuf(true, page, &nest_chips.mask);
}
static DEVICE_ATTR_RO(cpumask);

static struct attribute *nest_attrs[] = {
	&dev_attr_cpumask.attr,
	NULL
};

static const struct attribute_group nest_attr_group = {
	.attrs = nest_attrs,
};

static const struct attribute_group *nest_attr_groups[] = {
	&nest_format_group,
	&nest_events_group,
	&nest_attr_group,
	NULL
};

static void nest_init_events(void)
{
	unsigned int i;

	for (i = 0; i < P9_NEST_EVENTS_NR; i++) {
		struct perf_pmu_events_attr *pa = &nest_event_attrs[i];

		sysfs_attr_init(&pa->attr.attr);
		pa->attr.attr.name = p9_nest_events[i].name;
		pa->attr.attr.mode = 0444;
		pa->attr.show = pmu_event_code_show;
		pa->id = p9_nest_events[i].offset;
		nest_event_list[i] = &pa->attr.attr;
	}
	nest_event_list[i] = NULL;
}

static int nest_cpu_online(unsigned int cpu)
{
	pmu_package_online(&nest_chips, cpu);
	return 0;
}

static int nest_cpu_offline(unsigned int cpu)
{
	int target = pmu_package_offline(&nest_chips, cpu, cpu_online_mask);

	if (target >= 0 && nest_registered)
		perf_pmu_migrate_context(&nest_pmu, cpu, target);
	return 0;
}

/**
 * p9_nest_unregister() - remove what p9_nest_register() set up
 */
void p9_nest_unregister(void)
{
	if (nest_hp_state >= 0)
		cpuhp_remove_state_nocalls(nest_hp_state);
	nest_hp_state = -1;
	if (nest_registered)
		pmu_suite_unregister(&nest_pmu);
	nest_registered = false;
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
	nest_ops = ops;
	pmu_package_init(&nest_chips, nest_chip_cpu, ops->nr_chips,
			 ops->cpu_chip);
	for (i = 0; i < P9_NEST_MAX_CHIPS; i++)
		nest_chip_events[i] = 0;
	nest_init_events();
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/power9_nest:online",
				nest_cpu_online, nest_cpu_offline);
	if (ret < 0) {
		p9_nest_unregister();
		return ret;
	}
	nest_hp_state = ret;
	nest_pmu = (struct pmu) {
		.module		= ops->owner,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_INTERRUPT |
				  PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups	= nest_attr_groups,
		.event_init	= nest_event_init,
		.add		= nest_add,
		.del		= nest_del,
		.start		= nest_start,
		.stop		= nest_stop,
		.read		= nest_read,
	};
	ret = perf_pmu_register(&nest_pmu, name, -1);
	if (ret) {
		p9_nest_unregister();
		return ret;
	}
	nest_registered = true;
	return 0;
}
EXPORT_SYMBOL_GPL(p9_nest_register);

/**
 * p9_nest_pmu_type() - perf type number of the nest PMU
 *
 * Return: the type, or -ENODEV.
 */
int p9_nest_pmu_type(void)
{
	return nest_registered ? nest_pmu.type : -ENODEV;
}
EXPORT_SYMBOL_GPL(p9_nest_pmu_type);

/**
 * p9_nest_chip_cpu() - the CPU that counts @chip's events
 * @chip: chip number
 *
 * Return: the CPU, or -ENODEV.
 */
int p9_nest_chip_cpu(unsigned int chip)
{
	int cpu = nest_ops ? pmu_package_cpu(&nest_chips, chip) : -1;

	return cpu < 0 ? -ENODEV : cpu;
}
EXPORT_SYMBOL_GPL(p9_nest_chip_cpu);
