/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs events/ files shared by the suite's PMUs.
 */
#ifndef _PMU_SUITE_EVENTS_H
#define _PMU_SUITE_EVENTS_H

#include <linux/device.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>

/**
 * pmu_events_attr_init() - set up one events/ file
 * @pa: the attribute
 * @name: the file name; it must outlive the attribute
 * @id: what @show prints the event from
 * @show: the show function
 */
static inline void pmu_events_attr_init(struct perf_pmu_events_attr *pa,
					const char *name, u64 id,
					ssize_t (*show)(struct device *dev,
							struct device_attribute *attr,
							char *page))
{
	sysfs_attr_init(&pa->attr.attr);
	pa->attr.attr.name = name;
	pa->attr.attr.mode = 0444;
	pa->attr.show = show;
	pa->id = id;
}

/**
 * pmu_event_code_show() - an events/ file whose event is one "event" code
 * @dev: the PMU's device
 * @attr: the attr member of a struct perf_pmu_events_attr holding the code
 *	  in its id
 * @page: the sysfs buffer
 *
 * Return: the length of "event=0x<code>\n".
 */
static inline ssize_t pmu_event_code_show(struct device *dev,
					  struct device_attribute *attr,
					  char *page)
{
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr);

	return sysfs_emit(page, "event=0x%llx\n", pa->id);
}

#endif /* _PMU_SUITE_EVENTS_H */
