/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Generic perf events (PERF_TYPE_HARDWARE, PERF_TYPE_HW_CACHE): which
 * configs perf defines, before a driver looks for its own event.
 */
#ifndef _PMU_SUITE_GENERIC_H
#define _PMU_SUITE_GENERIC_H

#include <linux/errno.h>
#include <uapi/linux/perf_event.h>

/**
 * pmu_generic_check() - whether perf defines a generic event's config
 * @type: the event's type
 * @config: its config, without a PMU type in the upper half
 *
 * Return: 0 for a generic event perf defines; -EINVAL for a generic
 * config perf does not define; -ENOENT for another type. A driver that
 * then finds no event of its own for the config returns -ENOENT too
 * (Documentation/dev-tools/pmu-suite-conventions.rst).
 */
static inline int pmu_generic_check(u32 type, u64 config)
{
	if (type == PERF_TYPE_HARDWARE)
		return config < PERF_COUNT_HW_MAX ? 0 : -EINVAL;
	if (type != PERF_TYPE_HW_CACHE)
		return -ENOENT;
	if ((config & 0xff) >= PERF_COUNT_HW_CACHE_MAX ||
	    ((config >> 8) & 0xff) >= PERF_COUNT_HW_CACHE_OP_MAX ||
	    ((config >> 16) & 0xff) >= PERF_COUNT_HW_CACHE_RESULT_MAX ||
	    config >> 24)
		return -EINVAL;
	return 0;
}

#endif /* _PMU_SUITE_GENERIC_H */
