/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf core's PMU contexts across versions: the task context type a
 * core PMU registers with, and unregistering without leaving its
 * multiplexing timer behind.
 *
 * The perf core of 6.1 and 6.12 frees a PMU's per-CPU contexts in
 * perf_pmu_unregister() without cancelling the hrtimer in each of them
 * that rotates multiplexed events. When the last event of a multiplexed
 * PMU goes away, that timer is still queued: it fires once more, up to
 * perf_event_mux_interval_ms later, and only then stops. A PMU unregistered
 * in that window leaves a queued hrtimer in freed per-CPU memory, and the
 * next allocation there corrupts the CPU's timer queue (seen as an oops
 * in rb_erase() when a module is unloaded and loaded again at once).
 */
#ifndef _PMU_SUITE_UNREGISTER_H
#define _PMU_SUITE_UNREGISTER_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>

/**
 * pmu_suite_cancel_mux_timers() - stop the multiplexing timers of a PMU
 * @pmu: a registered PMU that has no events left
 *
 * With no events, nothing can start the timers again.
 */
static inline void pmu_suite_cancel_mux_timers(struct pmu *pmu)
{
	unsigned int cpu;

#ifdef PMU_SUITE_HAVE_CPU_PMU_CONTEXT
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu_ptr(pmu->cpu_pmu_context, cpu)->hrtimer);
#else
	/* Contexts of the task context types are shared, and never freed. */
	if (pmu->task_ctx_nr == perf_invalid_context)
		for_each_possible_cpu(cpu)
			hrtimer_cancel(&per_cpu_ptr(pmu->pmu_cpu_context, cpu)->hrtimer);
#endif
}

/**
 * pmu_suite_task_context() - the task context type of a core PMU
 * @builtin_pmu: the architecture has a core PMU of its own
 *
 * Before 6.2 the perf core gives perf_hw_context to one PMU only: a second
 * one gets a warning and only CPU-wide events. There, beside the kernel's
 * own PMU, the per-task events live in perf_sw_context, as intel_pt's and
 * thread_imc's do.
 *
 * Return: perf_hw_context or perf_sw_context.
 */
static inline int pmu_suite_task_context(bool builtin_pmu)
{
#ifdef PMU_SUITE_HAVE_CPU_PMU_CONTEXT
	return perf_hw_context;
#else
	return builtin_pmu ? perf_sw_context : perf_hw_context;
#endif
}

/**
 * pmu_suite_unregister() - perf_pmu_unregister() that leaves no timer queued
 * @pmu: a registered PMU that has no events left
 */
static inline void pmu_suite_unregister(struct pmu *pmu)
{
	pmu_suite_cancel_mux_timers(pmu);
	perf_pmu_unregister(pmu);
}

#endif /* _PMU_SUITE_UNREGISTER_H */
