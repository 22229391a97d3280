/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the pmu_suite module tell each other.
 */
#ifndef _PMU_SUITE_INTERNAL_H
#define _PMU_SUITE_INTERNAL_H

int pmu_uncore_framework_init(void);
void pmu_uncore_framework_exit(void);

#endif /* _PMU_SUITE_INTERNAL_H */
