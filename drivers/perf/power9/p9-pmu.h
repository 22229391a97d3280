/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The POWER9 core PMU as the framework holds it, for its tests: they open
 * events of its registered type and look at its per-CPU state.
 */
#ifndef _P9_PMU_H
#define _P9_PMU_H

#include <pmu-suite/core-pmu.h>

extern struct pmu_core p9_pmu_core;

#endif /* _P9_PMU_H */
