/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sampling from a loadable module.
 *
 * perf_event_overflow(), which a PMU interrupt handler calls to deliver a
 * sample, is not exported by stock 6.1 and 6.12 kernels. The suite ships the
 * one-line export in patches/ (0001-perf-core-export-perf_event_overflow);
 * the Kbuild file defines PMU_SUITE_HAVE_OVERFLOW_EXPORT when the kernel it
 * builds against carries it. Code built into the kernel can always call it.
 * Without it a driver still counts, and declares PERF_PMU_CAP_NO_INTERRUPT
 * so that the perf core refuses sampling events with -EOPNOTSUPP.
 */
#ifndef _PMU_SUITE_SAMPLING_H
#define _PMU_SUITE_SAMPLING_H

#include <linux/perf_event.h>

#if !defined(MODULE) || defined(PMU_SUITE_HAVE_OVERFLOW_EXPORT)
#define PMU_SUITE_CAN_SAMPLE	1
#else
#define PMU_SUITE_CAN_SAMPLE	0
#endif

/* Capabilities a driver adds to its struct pmu on this build. */
#define PMU_SUITE_SAMPLING_CAPS	(PMU_SUITE_CAN_SAMPLE ? 0 : PERF_PMU_CAP_NO_INTERRUPT)

/**
 * pmu_suite_overflow() - deliver a sample for an event whose period ended
 * @event: the sampling event
 * @data: the sample, prepared by the driver
 * @regs: the interrupted registers
 *
 * Return: nonzero when the perf core wants the event stopped (throttling).
 */
static inline int pmu_suite_overflow(struct perf_event *event,
				     struct perf_sample_data *data,
				     struct pt_regs *regs)
{
#if PMU_SUITE_CAN_SAMPLE
	return perf_event_overflow(event, data, regs);
#else
	/* Unreachable: the perf core refused every sampling event. */
	return 1;
#endif
}

#endif /* _PMU_SUITE_SAMPLING_H */
