/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the pmu_suite module tell each other.
 */
#ifndef _PMU_SUITE_INTERNAL_H
#define _PMU_SUITE_INTERNAL_H

#endif /* _PMU_SUITE_INTERNAL_H */
