/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs events/ groups, built at registration by the core and uncore
 * frameworks from what a driver adds with pmu_events_add().
 */
#ifndef _PMU_SUITE_EVENTS_H
#define _PMU_SUITE_EVENTS_H

#include <linux/device.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>

/**
 * struct pmu_events - an events/ group
 * @group: the group ("events")
 * @attrs: one attribute per event
 * @list: the group's NULL-terminated attribute list
 * @show: the show function of every file; it prints from the attribute's id
 * @n: attributes filled
 * @max: room
 */
struct pmu_events {
	struct attribute_group group;
	struct perf_pmu_events_attr *attrs;
	struct attribute **list;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr,
			char *page);
	unsigned int n;
	unsigned int max;
};

bool pmu_events_add(struct pmu_events *e, const char *name, u64 id);
bool pmu_events_has(const struct pmu_events *e, const char *name);
struct pmu_generic_table;
void pmu_events_add_generic(struct pmu_events *e,
			    const struct pmu_generic_table *t);

static inline u64 pmu_events_id(struct device_attribute *attr)
{
	return container_of(attr, struct perf_pmu_events_attr, attr)->id;
}

#endif /* _PMU_SUITE_EVENTS_H */
