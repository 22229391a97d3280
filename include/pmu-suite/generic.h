/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Generic perf events (PERF_TYPE_HARDWARE, PERF_TYPE_HW_CACHE): which
 * configs perf defines, before a driver looks for its own event.
 */
#ifndef _PMU_SUITE_GENERIC_H
#define _PMU_SUITE_GENERIC_H

#include <linux/errno.h>
#include <linux/kernel.h>
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
 * struct pmu_generic_event - a generic event a PMU counts
 * @alias: its sysfs events/ name: perf's name of the generic event, in
 *	lower case (perf finds a sysfs event only if its name has one case,
 *	and matches what the user types without regard to case)
 * @type: PERF_TYPE_HARDWARE or PERF_TYPE_HW_CACHE
 * @config: the generic event's config (for cache events: id, op and
 *	result in bytes 0, 1 and 2)
 *
 * A driver's table entry starts with one, followed by what the driver
 * counts the event with.
 */
struct pmu_generic_event {
	const char *alias;
	u32 type;
	u64 config;
};

/*
 * Initializers from the names of perf's enums: PMU_GENERIC_HW("cycles",
 * CPU_CYCLES), PMU_GENERIC_CACHE("l1-dcache-loads", L1D, READ, ACCESS).
 * Use them in the table itself: passed through another macro, READ and
 * WRITE (macros of their own) would be expanded before they are pasted.
 */
#define PMU_GENERIC_HW(alias, id)					\
	{ alias, PERF_TYPE_HARDWARE, PERF_COUNT_HW_ ## id }
#define PMU_GENERIC_CACHE(alias, id, op, result)			\
	{ alias, PERF_TYPE_HW_CACHE,					\
	  PERF_COUNT_HW_CACHE_ ## id |					\
	  PERF_COUNT_HW_CACHE_OP_ ## op << 8 |				\
	  PERF_COUNT_HW_CACHE_RESULT_ ## result << 16 }

/**
 * pmu_generic_lookup() - the entry of a driver's table for a generic event
 * @table: the table; each entry starts with a struct pmu_generic_event
 * @n: entries
 * @size: size of an entry
 * @type: the event's type
 * @config: its config
 *
 * Return: the entry's index; pmu_generic_check()'s error for a config
 * perf does not define or another type; -ENOENT if the table has no entry
 * for it.
 */
static inline int pmu_generic_lookup(const void *table, unsigned int n,
				     size_t size, u32 type, u64 config)
{
	int ret = pmu_generic_check(type, config);
	unsigned int i;

	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		const struct pmu_generic_event *g = table + i * size;

		if (g->type == type && g->config == config)
			return i;
	}
	return -ENOENT;
}

/**
 * pmu_generic_map() - the raw config of a generic event, from a driver's
 *	table
 * @table: the table; each entry starts with a struct pmu_generic_event
 * @n: entries
 * @size: size of an entry
 * @type: the event's type
 * @config: its config
 * @raw_of: the raw config of an entry; false if the PMU has no event for it
 * @raw: set to the raw config
 *
 * Return: 0; -EINVAL for a generic config perf does not define; -ENOENT
 * for another type, or a generic event the PMU cannot count.
 */
static inline int pmu_generic_map(const void *table, unsigned int n,
				  size_t size, u32 type, u64 config,
				  bool (*raw_of)(const void *entry, u64 *raw),
				  u64 *raw)
{
	int i = pmu_generic_lookup(table, n, size, type, config);

	if (i < 0)
		return i;
	return raw_of(table + i * size, raw) ? 0 : -ENOENT;
}

/**
 * struct pmu_generic_by_name - a generic event, and the catalogue event that
 *	counts it, by its name
 * @gen: the generic event
 * @event: the catalogue event's name (as the driver's catalogue spells it)
 */
struct pmu_generic_by_name {
	struct pmu_generic_event gen;
	const char *event;
};

/**
 * struct pmu_generic_table - the generic events a PMU counts
 * @entries: the driver's table; each entry starts with a struct
 *	pmu_generic_event
 * @n: entries
 * @size: size of an entry
 * @raw_of: the raw config of an entry; false if the PMU has no event for it
 *
 * The core-PMU framework maps generic events through it, and adds their
 * names to events/ (pmu_events_add_generic()).
 */
struct pmu_generic_table {
	const void *entries;
	unsigned int n;
	size_t size;
	bool (*raw_of)(const void *entry, u64 *raw);
};

/*
 * A struct pmu_generic_table over the array @events (ARRAY_SIZE() spelt
 * out: @events is named once outside sizeof).
 */
#define PMU_GENERIC_TABLE(events, raw_of_entry) {			\
	.entries	= events,					\
	.n		= sizeof(events) / sizeof((events)[0]) +	\
			  __must_be_array(events),			\
	.size		= sizeof((events)[0]),				\
	.raw_of		= raw_of_entry,					\
}

/**
 * pmu_generic_config() - the raw config of a generic event
 * @t: the PMU's generic events
 * @type: the event's type
 * @config: its config, without a PMU type in the upper half
 * @raw: set to the raw config
 *
 * Return: as pmu_generic_map().
 */
static inline int pmu_generic_config(const struct pmu_generic_table *t,
				     u32 type, u64 config, u64 *raw)
{
	return pmu_generic_map(t->entries, t->n, t->size, type, config,
			       t->raw_of, raw);
}

#endif /* _PMU_SUITE_GENERIC_H */
