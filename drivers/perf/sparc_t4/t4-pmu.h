/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SPARC T4 core PMU as the framework holds it, for its tests: they
 * open events of its registered type and look at its per-CPU state.
 */
#ifndef _T4_PMU_H
#define _T4_PMU_H

#include <linux/percpu.h>
#include <pmu-suite/core-pmu.h>

extern struct pmu_core t4_pmu_core;

#if IS_ENABLED(CONFIG_SPARC_T4_PMU_MODEL_KUNIT)
/*
 * The counter assignment's steps on each CPU, for the model tests'
 * figures per rotation of the perf core: one step is a set checked
 * against the free counters (t4_fits()), or one event looked at by one
 * pass of t4_assign() (its last counter checked, or the lowest free one
 * taken). Only a kernel with the model tests built in has the
 * counter, which they read there: the modules count nothing.
 */
DECLARE_PER_CPU(unsigned long, t4_sched_steps);

static inline void t4_sched_step(void)
{
	this_cpu_inc(t4_sched_steps);
}
#else
static inline void t4_sched_step(void)
{
}
#endif

#endif /* _T4_PMU_H */
