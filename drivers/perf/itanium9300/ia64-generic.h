/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Intel Itanium 9300 core PMU: perf's generic hardware and cache events.
 */
#ifndef _IA64_GENERIC_H
#define _IA64_GENERIC_H

#include <linux/types.h>
#include <pmu-suite/generic.h>

/**
 * struct ia64_generic_event - a generic event and the catalogue event it is
 * @gen: the generic event
 * @alias: the catalogue event's sysfs name (event.umask as chapter 4 names
 *	it, lower case)
 */
struct ia64_generic_event {
	struct pmu_generic_event gen;
	const char *alias;
};

extern const struct ia64_generic_event ia64_generic_events[];
extern const unsigned int ia64_generic_events_len;

int ia64_catalogue_index(const char *alias);
int ia64_generic_config(u32 type, u64 config, u64 *raw);

#endif /* _IA64_GENERIC_H */
