/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Generic perf events (PERF_TYPE_HARDWARE, PERF_TYPE_HW_CACHE): which
 * configs perf defines, and the raw config of each that a PMU counts, in
 * arrays indexed by the generic config.
 */
#ifndef _PMU_SUITE_GENERIC_H
#define _PMU_SUITE_GENERIC_H

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/nospec.h>
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

/**
 * struct pmu_generic_map - the raw config of each generic event a PMU counts
 * @hw: by PERF_TYPE_HARDWARE config (enum perf_hw_id)
 * @cache: by PERF_TYPE_HW_CACHE id, op and result (bytes 0, 1 and 2 of
 *	the config)
 *
 * A driver fills it with designated initializers, as arm_pmu and the
 * powerpc PMUs fill theirs, so that opening a generic event costs one
 * index and no search. 0 means the PMU does not count the event: no
 * generic event of these PMUs has raw config 0. On POWER9 code 0 is
 * PM_SUSPENDED's, the selector that turns a counter off; on the T4 sl 0
 * disables counting; on the Itanium 9300 config 0 is BACK_END_BUBBLE.ALL,
 * which no generic event maps to (ia64-generic.c says why). The drivers'
 * KUnit tests check that every generic event each driver means to count
 * has a non-zero config.
 */
struct pmu_generic_map {
	u64 hw[PERF_COUNT_HW_MAX];
	u64 cache[PERF_COUNT_HW_CACHE_MAX][PERF_COUNT_HW_CACHE_OP_MAX]
		 [PERF_COUNT_HW_CACHE_RESULT_MAX];
};

/**
 * pmu_generic_config() - the raw config of a generic event
 * @map: the PMU's generic events
 * @type: the event's type
 * @config: its config, without a PMU type in the upper half
 * @raw: set to the raw config on success
 *
 * Return: 0; -EINVAL for a generic config perf does not define; -ENOENT
 * for another type, or a generic event the PMU cannot count.
 */
static inline int pmu_generic_config(const struct pmu_generic_map *map,
				     u32 type, u64 config, u64 *raw)
{
	int ret = pmu_generic_check(type, config);
	unsigned int id, op, result;
	u64 r;

	if (ret)
		return ret;
	/* The indices come from user space: no speculation past the arrays. */
	if (type == PERF_TYPE_HARDWARE) {
		id = array_index_nospec(config, PERF_COUNT_HW_MAX);
		r = map->hw[id];
	} else {
		id = array_index_nospec(config & 0xff, PERF_COUNT_HW_CACHE_MAX);
		op = array_index_nospec((config >> 8) & 0xff,
					PERF_COUNT_HW_CACHE_OP_MAX);
		result = array_index_nospec((config >> 16) & 0xff,
					    PERF_COUNT_HW_CACHE_RESULT_MAX);
		r = map->cache[id][op][result];
	}
	if (!r)
		return -ENOENT;
	*raw = r;
	return 0;
}

#endif /* _PMU_SUITE_GENERIC_H */
