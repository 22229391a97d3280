// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 DRAM performance counters (section 10.5): the select codes of
 * TABLE 10-7 and the layout of DRAM_PERF_CTL_REG and
 * DRAM_PERF_COUNT01_REG.
 *
 * Only counters 0 and 1 are used: the manual gives counters 2 and 3 to
 * power management software. The counters have no interrupt; a 31-bit
 * count with a sticky overflow bit is read often enough by a timer that
 * fewer than one wrap happens between reads (two, until the sticky bit
 * has turned on).
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <uapi/linux/perf_event.h>

#include <pmu-suite/sparc_t4/regs.h>
#include "t4-catalogue.h"
#include "t4-dram.h"

/**
 * t4_dram_decode() - validate a sparc_t4_dram event
 * @attr: the event's attributes
 * @select: set to the select code
 * @why: set to the reason when the event is refused
 *
 * The select code is config bits 0-3; codes 13-15 are reserved. The
 * counters count for the whole memory controller and cannot filter by
 * privilege level, so any exclude_* bit is refused.
 *
 * Return: 0, -EINVAL or -EOPNOTSUPP.
 */
int t4_dram_decode(const struct perf_event_attr *attr, unsigned int *select,
		   const char **why)
{
	*why = NULL;
	if (attr->config & ~T4_DRAM_CFG_SELECT ||
	    attr->config1 || attr->config2) {
		*why = "bits outside the select code";
		return -EINVAL;
	}
	if (attr->config >= T4_DRAM_NR_SELECT) {
		*why = "reserved select code";
		return -EINVAL;
	}
	if (attr->exclude_user || attr->exclude_kernel || attr->exclude_hv ||
	    attr->exclude_idle || attr->exclude_host || attr->exclude_guest) {
		*why = "memory controller counters cannot filter";
		return -EOPNOTSUPP;
	}
	if (attr->precise_ip) {
		*why = "no samples";
		return -EOPNOTSUPP;
	}
	*select = attr->config;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_decode);

/**
 * t4_dram_ctl() - DRAM_PERF_CTL_REG with one counter's select changed
 * @ctl: the register as read
 * @counter: 0 or 1
 * @select: the select code
 *
 * The other fields, among them power management's sel2 and sel3, keep
 * their values.
 */
u64 t4_dram_ctl(u64 ctl, unsigned int counter, unsigned int select)
{
	return (ctl & ~T4_DRAM_SEL(counter)) |
	       ((u64)select << T4_DRAM_SEL_SHIFT(counter) & T4_DRAM_SEL(counter));
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_ctl);

/**
 * t4_dram_count() - a counter's 31-bit value in DRAM_PERF_COUNT01_REG
 * @reg: the register
 * @counter: 0 (bits 62:32) or 1 (bits 30:0)
 */
u32 t4_dram_count(u64 reg, unsigned int counter)
{
	return (reg & T4_DRAM_COUNT(counter)) >> T4_DRAM_COUNT_SHIFT(counter);
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_count);

/**
 * t4_dram_sticky() - a counter's sticky overflow bit
 * @reg: DRAM_PERF_COUNT01_REG
 * @counter: 0 (bit 63) or 1 (bit 31)
 */
bool t4_dram_sticky(u64 reg, unsigned int counter)
{
	return reg & T4_DRAM_STICKY(counter);
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_sticky);

/**
 * t4_dram_delta() - events counted between two reads of a DRAM counter
 * @prev: the count read before
 * @now: the count read now
 * @sticky: the counter's sticky bit turned on since the previous read, so
 *	a wrap is known to have happened
 *
 * Otherwise only a wrap that leaves @now below @prev can be seen. With
 * it, a wrap is known even when the counter ran past @prev again, so up
 * to two wraps' worth of events less one is counted right.
 *
 * Return: the number of events.
 */
u64 t4_dram_delta(u32 prev, u32 now, bool sticky)
{
	const u64 span = 1ULL << T4_DRAM_WIDTH;
	u64 p = prev & (span - 1), n = now & (span - 1);

	if (n >= p)
		return n - p + (sticky ? span : 0);
	return n + span - p;
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_delta);
