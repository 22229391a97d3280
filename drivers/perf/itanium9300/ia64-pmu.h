/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Itanium 9300 core PMU as the framework holds it, for its tests: they
 * open events of its registered type and look at its per-CPU state.
 */
#ifndef _IA64_PMU_H
#define _IA64_PMU_H

#include <pmu-suite/core-pmu.h>

extern struct pmu_core ia64_pmu_core;

#endif /* _IA64_PMU_H */
