/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: perf's generic hardware and cache events, named by the
 * catalogue events that count them.
 */
#ifndef _P9_GENERIC_H
#define _P9_GENERIC_H

#include <pmu-suite/generic.h>

/* Unmapped generic events get -ENOENT, the suite's rule (as arm_pmu's). */
extern const struct pmu_generic_by_name p9_generic_events[];
extern const struct pmu_generic_table p9_generic;

u64 p9_catalogue_code(const char *name);

#endif /* _P9_GENERIC_H */
