/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Intel Itanium 9300 core PMU: perf's generic hardware and cache events,
 * named by the catalogue events (sysfs names) that count them.
 */
#ifndef _IA64_GENERIC_H
#define _IA64_GENERIC_H

#include <pmu-suite/generic.h>

extern const struct pmu_generic_by_name ia64_generic_events[];
extern const struct pmu_generic_table ia64_generic;

int ia64_catalogue_index(const char *alias);

#endif /* _IA64_GENERIC_H */
