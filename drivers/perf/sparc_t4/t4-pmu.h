/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SPARC T4 core PMU as the framework holds it, for its tests: they
 * open events of its registered type and look at its per-CPU state.
 */
#ifndef _T4_PMU_H
#define _T4_PMU_H

#include <pmu-suite/core-pmu.h>

extern struct pmu_core t4_pmu_core;

#endif /* _T4_PMU_H */
