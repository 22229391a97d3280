/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the pmu_suite module tell each other.
 */
#ifndef _PMU_SUITE_INTERNAL_H
#define _PMU_SUITE_INTERNAL_H

#include <pmu-suite/events.h>

int pmu_uncore_framework_init(void);
void pmu_uncore_framework_exit(void);

int pmu_events_alloc(struct pmu_events *e, unsigned int max,
		     ssize_t (*show)(struct device *dev,
				     struct device_attribute *attr, char *page));
void pmu_events_free(struct pmu_events *e);

#endif /* _PMU_SUITE_INTERNAL_H */
