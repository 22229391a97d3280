/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs events/ files: the generators write each catalogue's as a static
 * attribute list, which the core and uncore frameworks give perf.
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
 * struct pmu_catalogue_entry - a catalogue event's sysfs name and config
 * @alias: its events/ file name
 * @config: its raw perf config, which that file prints
 *
 * The first member of the entries of every generated catalogue table.
 */
struct pmu_catalogue_entry {
	const char *alias;
	u64 config;
};

/*
 * PMU_EVENT_ID() - an events/ file in a NULL-terminated attribute list,
 * named @_name (a string), printed by @_show from @_id (the perf core's
 * PMU_EVENT_ATTR_ID() pattern: a static compound literal, so the lists
 * are generated tables, not built at load time)
 */
#define PMU_EVENT_ID(_name, _show, _id)					\
	(&((struct perf_pmu_events_attr[]) {				\
		{ .attr = { .attr = { .name = _name, .mode = 0444 },	\
			    .show = _show },				\
		  .id = _id }						\
	})[0].attr.attr)

ssize_t pmu_core_event_show(struct device *dev, struct device_attribute *attr,
			    char *page);
ssize_t pmu_uncore_event_show(struct device *dev,
			      struct device_attribute *attr, char *page);

/* A core PMU's events/ file of raw config @_config */
#define PMU_CORE_EVENT(_name, _config)					\
	PMU_EVENT_ID(_name, pmu_core_event_show, _config)
/* An uncore PMU's events/ file, printed by its driver from @_id */
#define PMU_UNCORE_EVENT(_name, _id)					\
	PMU_EVENT_ID(_name, pmu_uncore_event_show, _id)

static inline u64 pmu_events_id(struct device_attribute *attr)
{
	return container_of(attr, struct perf_pmu_events_attr, attr)->id;
}

#endif /* _PMU_SUITE_EVENTS_H */
