/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs events/ groups, built at registration by the core and uncore
 * frameworks from what a driver adds with pmu_events_add().
 */
#ifndef _PMU_SUITE_EVENTS_H
#define _PMU_SUITE_EVENTS_H

#include <linux/build_bug.h>
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/stddef.h>
#include <linux/sysfs.h>

/**
 * struct pmu_catalogue_entry - what events/ shows of a catalogue event
 * @alias: the events/ file name; NULL leaves the event out
 * @config: the event's raw perf config, which its file prints
 *
 * The first member of the entries of every generated catalogue table.
 */
struct pmu_catalogue_entry {
	const char *alias;
	u64 config;
};

/**
 * struct pmu_catalogue - a catalogue table, described for events/
 * @base: the first entry's struct pmu_catalogue_entry
 * @count: entries
 * @stride: size of an entry
 */
struct pmu_catalogue {
	const struct pmu_catalogue_entry *base;
	unsigned int count;
	size_t stride;
};

/*
 * PMU_CATALOGUE() - describe @table, an array whose entries start with a
 * struct pmu_catalogue_entry named entry (ARRAY_SIZE() written out, with
 * @table only under sizeof)
 */
#define PMU_CATALOGUE(table) {						\
	.base	= &(table)[0].entry +						\
		  BUILD_BUG_ON_ZERO(offsetof(typeof((table)[0]), entry)),	\
	.count	= sizeof(table) / sizeof((table)[0]) + __must_be_array(table), \
	.stride	= sizeof((table)[0]),					\
}

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
void pmu_events_add_catalogue(struct pmu_events *e,
			      const struct pmu_catalogue *c);
struct pmu_generic_map;
void pmu_events_add_generic(struct pmu_events *e,
			    const struct pmu_generic_map *map);

static inline u64 pmu_events_id(struct device_attribute *attr)
{
	return container_of(attr, struct perf_pmu_events_attr, attr)->id;
}

#endif /* _PMU_SUITE_EVENTS_H */
