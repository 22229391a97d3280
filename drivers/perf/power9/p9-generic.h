/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: perf's generic hardware and cache events, named by the
 * catalogue events that count them.
 */
#ifndef _P9_GENERIC_H
#define _P9_GENERIC_H

#include <linux/types.h>
#include <pmu-suite/generic.h>

/**
 * struct p9_generic_event - a generic perf event the PMU can count
 * @gen: the generic event
 * @name: the catalogue event that counts it
 */
struct p9_generic_event {
	struct pmu_generic_event gen;
	const char *name;
};

extern const struct p9_generic_event p9_generic_events[];
extern const unsigned int p9_generic_events_len;

u64 p9_catalogue_code(const char *name);
int p9_generic_code(u32 type, u64 config, u64 *code);

#endif /* _P9_GENERIC_H */
