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
