// SPDX-License-Identifier: GPL-2.0-only
/*
 * events/ groups (include/pmu-suite/events.h): room for a PMU's events is
 * allocated at registration, the driver adds its files, and every file
 * prints its event through the group's show function from an id the
 * driver chose.
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <pmu-suite/events.h>
#include <pmu-suite/generic.h>

#include "internal.h"

/**
 * pmu_events_free() - free what pmu_events_alloc() allocated
 * @e: the group
 */
void pmu_events_free(struct pmu_events *e)
{
	kfree(e->attrs);
	kfree(e->list);
	e->attrs = NULL;
	e->list = NULL;
	e->n = 0;
	e->max = 0;
}

/**
 * pmu_events_alloc() - room for @max events/ files
 * @e: the group
 * @max: most files
 * @show: the show function of every file
 *
 * Return: 0 or -ENOMEM.
 */
int pmu_events_alloc(struct pmu_events *e, unsigned int max,
		     ssize_t (*show)(struct device *dev,
				     struct device_attribute *attr, char *page))
{
	e->attrs = kcalloc(max, sizeof(*e->attrs), GFP_KERNEL);
	e->list = kcalloc(max + 1, sizeof(*e->list), GFP_KERNEL);
	if (!e->attrs || !e->list) {
		pmu_events_free(e);
		return -ENOMEM;
	}
	e->n = 0;
	e->max = max;
	e->show = show;
	e->group.name = "events";
	e->group.attrs = e->list;
	return 0;
}

/**
 * pmu_events_add() - add events/@name, printed from @id
 * @e: the group
 * @name: the file name; it must outlive the group
 * @id: what identifies the event to the group's show function
 *
 * Return: false when the group is full.
 */
bool pmu_events_add(struct pmu_events *e, const char *name, u64 id)
{
	struct perf_pmu_events_attr *pa;

	if (e->n == e->max)
		return false;
	pa = &e->attrs[e->n];
	sysfs_attr_init(&pa->attr.attr);
	pa->attr.attr.name = name;
	pa->attr.attr.mode = 0444;
	pa->attr.show = e->show;
	pa->id = id;
	e->list[e->n++] = &pa->attr.attr;
	return true;
}
EXPORT_SYMBOL_GPL(pmu_events_add);

/**
 * pmu_events_has() - whether the group has a file named @name
 * @e: the group
 * @name: a name
 */
bool pmu_events_has(const struct pmu_events *e, const char *name)
{
	unsigned int i;

	for (i = 0; i < e->n; i++)
		if (!strcmp(e->attrs[i].attr.attr.name, name))
			return true;
	return false;
}
EXPORT_SYMBOL_GPL(pmu_events_has);

/**
 * pmu_events_add_catalogue() - add the events of a catalogue table
 * @e: the group
 * @c: the table
 *
 * Each entry with an alias gets a file of that name, with its config as
 * id. The generators give the entries of a table unique aliases.
 */
void pmu_events_add_catalogue(struct pmu_events *e,
			      const struct pmu_catalogue *c)
{
	const struct pmu_catalogue_entry *ent;
	unsigned int i;

	for (i = 0; i < c->count; i++) {
		ent = (const void *)c->base + i * c->stride;
		if (ent->alias)
			pmu_events_add(e, ent->alias, ent->config);
	}
}
EXPORT_SYMBOL_GPL(pmu_events_add_catalogue);

/* Indexed as struct pmu_generic_map (include/pmu-suite/generic.h). */
const char *const pmu_generic_hw_names[PERF_COUNT_HW_MAX] = {
	[PERF_COUNT_HW_CPU_CYCLES]		= "cycles",
	[PERF_COUNT_HW_INSTRUCTIONS]		= "instructions",
	[PERF_COUNT_HW_CACHE_REFERENCES]	= "cache-references",
	[PERF_COUNT_HW_CACHE_MISSES]		= "cache-misses",
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= "branch-instructions",
	[PERF_COUNT_HW_BRANCH_MISSES]		= "branch-misses",
	[PERF_COUNT_HW_BUS_CYCLES]		= "bus-cycles",
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= "stalled-cycles-frontend",
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= "stalled-cycles-backend",
	[PERF_COUNT_HW_REF_CPU_CYCLES]		= "ref-cycles",
};
EXPORT_SYMBOL_GPL(pmu_generic_hw_names);

/*
 * perf's cache event names: the cache, then the operation in the plural
 * for accesses, in the singular before "-misses". Each op gives
 * { RESULT_ACCESS, RESULT_MISS }.
 */
#define C(x)	PERF_COUNT_HW_CACHE_##x

const char *const
pmu_generic_cache_names[PERF_COUNT_HW_CACHE_MAX][PERF_COUNT_HW_CACHE_OP_MAX]
		       [PERF_COUNT_HW_CACHE_RESULT_MAX] = {
	[C(L1D)] = {
		[C(OP_READ)] = { "l1-dcache-loads", "l1-dcache-load-misses" },
		[C(OP_WRITE)] = { "l1-dcache-stores", "l1-dcache-store-misses" },
		[C(OP_PREFETCH)] = { "l1-dcache-prefetches", "l1-dcache-prefetch-misses" },
	},
	[C(L1I)] = {
		[C(OP_READ)] = { "l1-icache-loads", "l1-icache-load-misses" },
		[C(OP_WRITE)] = { "l1-icache-stores", "l1-icache-store-misses" },
		[C(OP_PREFETCH)] = { "l1-icache-prefetches", "l1-icache-prefetch-misses" },
	},
	[C(LL)] = {
		[C(OP_READ)] = { "llc-loads", "llc-load-misses" },
		[C(OP_WRITE)] = { "llc-stores", "llc-store-misses" },
		[C(OP_PREFETCH)] = { "llc-prefetches", "llc-prefetch-misses" },
	},
	[C(DTLB)] = {
		[C(OP_READ)] = { "dtlb-loads", "dtlb-load-misses" },
		[C(OP_WRITE)] = { "dtlb-stores", "dtlb-store-misses" },
		[C(OP_PREFETCH)] = { "dtlb-prefetches", "dtlb-prefetch-misses" },
	},
	[C(ITLB)] = {
		[C(OP_READ)] = { "itlb-loads", "itlb-load-misses" },
		[C(OP_WRITE)] = { "itlb-stores", "itlb-store-misses" },
		[C(OP_PREFETCH)] = { "itlb-prefetches", "itlb-prefetch-misses" },
	},
	[C(BPU)] = {
		[C(OP_READ)] = { "branch-loads", "branch-load-misses" },
		[C(OP_WRITE)] = { "branch-stores", "branch-store-misses" },
		[C(OP_PREFETCH)] = { "branch-prefetches", "branch-prefetch-misses" },
	},
	[C(NODE)] = {
		[C(OP_READ)] = { "node-loads", "node-load-misses" },
		[C(OP_WRITE)] = { "node-stores", "node-store-misses" },
		[C(OP_PREFETCH)] = { "node-prefetches", "node-prefetch-misses" },
	},
};
EXPORT_SYMBOL_GPL(pmu_generic_cache_names);

#undef C

static void pmu_events_add_generic_one(struct pmu_events *e, const char *name,
				       u64 raw)
{
	if (raw && !pmu_events_has(e, name))
		pmu_events_add(e, name, raw);
}

/**
 * pmu_events_add_generic() - add perf's names of the generic events
 * @e: the group
 * @map: the PMU's generic events
 *
 * Each generic event the PMU counts gets a file under perf's name, with
 * its raw config as id, unless a file of that name exists.
 */
void pmu_events_add_generic(struct pmu_events *e,
			    const struct pmu_generic_map *map)
{
	unsigned int id, op, res;

	for (id = 0; id < PERF_COUNT_HW_MAX; id++)
		pmu_events_add_generic_one(e, pmu_generic_hw_names[id],
					   map->hw[id]);
	for (id = 0; id < PERF_COUNT_HW_CACHE_MAX; id++)
		for (op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++)
			for (res = 0; res < PERF_COUNT_HW_CACHE_RESULT_MAX; res++)
				pmu_events_add_generic_one(e, pmu_generic_cache_names[id][op][res],
							   map->cache[id][op][res]);
}
EXPORT_SYMBOL_GPL(pmu_events_add_generic);
