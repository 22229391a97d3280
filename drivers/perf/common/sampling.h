/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sampling from a loadable module.
 *
 * A PMU interrupt handler calls perf_event_overflow() to deliver a sample,
 * perf_event_account_interrupt() for an interrupt whose sample it drops,
 * so that throttling still applies, and perf_sample_event_took() to report
 * how long it took, so that the perf core lowers the sample rate when
 * interrupts eat the CPU. Stock 6.1 and 6.12 kernels export none of them
 * to modules. The suite ships the one-line exports in patches/; the Kbuild
 * file defines PMU_SUITE_HAVE_OVERFLOW_EXPORT and
 * PMU_SUITE_HAVE_ACCOUNTING_EXPORT when the kernel it builds against
 * carries them. Code built into the kernel can always call them. A module
 * samples only with all three: without the accounting, a period of one
 * instruction whose samples are dropped interrupted without end. Without
 * them a driver still counts: the core-PMU framework refuses sampling
 * events with -EOPNOTSUPP, and the uncore one never samples.
 */
#ifndef _PMU_SUITE_SAMPLING_H
#define _PMU_SUITE_SAMPLING_H

#include <linux/perf_event.h>

#if !defined(MODULE) || (defined(PMU_SUITE_HAVE_OVERFLOW_EXPORT) && \
			  defined(PMU_SUITE_HAVE_ACCOUNTING_EXPORT))
#define PMU_SUITE_CAN_SAMPLE	1
#else
#define PMU_SUITE_CAN_SAMPLE	0
#endif

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

/**
 * pmu_suite_account_interrupt() - count an interrupt whose sample is dropped
 * @event: the sampling event
 *
 * Return: nonzero when the perf core wants the event stopped (throttling).
 */
static inline int pmu_suite_account_interrupt(struct perf_event *event)
{
#if PMU_SUITE_CAN_SAMPLE
	return perf_event_account_interrupt(event);
#else
	return 1;
#endif
}

/**
 * pmu_suite_sample_took() - tell the perf core how long an interrupt took
 * @ns: nanoseconds the handler ran
 */
static inline void pmu_suite_sample_took(u64 ns)
{
#if PMU_SUITE_CAN_SAMPLE
	perf_sample_event_took(ns);
#endif
}

#endif /* _PMU_SUITE_SAMPLING_H */
