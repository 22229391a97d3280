/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Counter arithmetic shared by the suite's PMU drivers.
 *
 * The counters differ in width (POWER9 PMCs and SPARC T4 PICs: 32 bits,
 * T4 DRAM counters: 31, Itanium PMDs: 47) and in where they interrupt
 * (POWER9 when bit 31 becomes set, the others when they wrap), but the
 * bookkeeping around them is the same: how many events passed between two
 * reads, and where to start a counter so that it interrupts after a given
 * number of events.
 */
#ifndef _PMU_SUITE_COUNTER_H
#define _PMU_SUITE_COUNTER_H

#include <linux/types.h>

/**
 * struct pmu_counters - the counters of a PMU, as the core-PMU framework
 *	sees them
 * @n: counters of one CPU
 * @width: counter width in bits
 * @interrupt_at: first counter value that interrupts (see
 *	pmu_period_start())
 * @max_run: most events a counter counts from its start value before it
 *	interrupts
 * @wraps_show: every wrap shows in the counter's value: @max_run is at
 *	most half the range and a counting event's counter starts @max_run
 *	before @interrupt_at too, so no fold needs the overflow flag to see
 *	a wrap. For counters that never freeze, whose flag can outlive a
 *	fold that already counted its wrap (SPARC T4's PCR.ov); without it
 *	a counting event starts from 0 and the overflow mask tells a run of
 *	exactly 2^width events
 */
struct pmu_counters {
	unsigned int n;
	unsigned int width;
	u64 interrupt_at;
	u64 max_run;
	bool wraps_show;
};

/**
 * pmu_counter_mask() - mask of the implemented bits of a counter
 * @width: counter width in bits, 1 to 64
 */
static inline u64 pmu_counter_mask(unsigned int width)
{
	return width >= 64 ? ~0ULL : (1ULL << width) - 1;
}

/**
 * pmu_counter_delta() - events counted between two reads of a counter
 * @prev: value read earlier
 * @now: value read later
 * @width: counter width in bits
 *
 * Correct across one wrap of the counter; the caller reads often enough
 * (at every overflow interrupt, or from a poll timer) that no second wrap
 * can happen in between. Bits above @width are ignored.
 */
static inline u64 pmu_counter_delta(u64 prev, u64 now, unsigned int width)
{
	return (now - prev) & pmu_counter_mask(width);
}

/**
 * pmu_period_advance() - start the next sampling period if one has ended
 * @period_left: events left before the next sample; updated
 * @sample_period: the event's sampling period, at least 1
 * @last_period: set to @sample_period when a new period starts
 *
 * Called after the count was updated and @period_left reduced by what was
 * counted. A counter may run past its overflow point before the interrupt
 * is taken (skid), and a period may be changed at any time, so
 * @period_left can be zero or negative: then the next period starts, and
 * if the counter ran more than a whole period past, the excess is dropped.
 *
 * Return: true when a period ended, that is when a sample is due.
 */
static inline bool pmu_period_advance(s64 *period_left, u64 sample_period,
				      u64 *last_period)
{
	s64 left = *period_left;
	s64 period = (s64)sample_period;

	if (left > 0)
		return false;
	if (left <= -period)
		left = period;
	else
		left += period;
	*period_left = left;
	*last_period = sample_period;
	return true;
}

/**
 * pmu_period_start() - counter value that interrupts after the events left
 * @period_left: events left in the current period (positive)
 * @max_run: most events the counter can count from the value returned
 *	before it interrupts; a longer period is split into several runs
 * @interrupt_at: first counter value that raises the interrupt: 2^width
 *	for counters that interrupt when they wrap, 2^31 for POWER9's PMCs
 *	that interrupt when their most significant bit becomes set
 * @width: counter width in bits
 *
 * Return: the value to write into the counter.
 */
static inline u64 pmu_period_start(s64 period_left, u64 max_run,
				   u64 interrupt_at, unsigned int width)
{
	u64 run = period_left > 0 ? (u64)period_left : 1;

	if (run > max_run)
		run = max_run;
	return (interrupt_at - run) & pmu_counter_mask(width);
}

#endif /* _PMU_SUITE_COUNTER_H */
