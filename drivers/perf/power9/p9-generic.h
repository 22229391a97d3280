/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: perf's generic hardware and cache events, named by the
 * catalogue events that count them.
 */
#ifndef _P9_GENERIC_H
#define _P9_GENERIC_H

#include <linux/types.h>

/**
 * struct p9_generic_event - a generic perf event the PMU can count
 * @alias: its sysfs events/ name, as perf spells the generic event
 * @type: PERF_TYPE_HARDWARE or PERF_TYPE_HW_CACHE
 * @config: the generic event's config (for cache events: id, op and
 *	result in bytes 0, 1 and 2)
 * @name: the catalogue event that counts it
 */
struct p9_generic_event {
	const char *alias;
	u32 type;
	u64 config;
	const char *name;
};

extern const struct p9_generic_event p9_generic_events[];
extern const unsigned int p9_generic_events_len;

u64 p9_catalogue_code(const char *name);
int p9_generic_code(u32 type, u64 config, u64 *code);

#endif /* _P9_GENERIC_H */
