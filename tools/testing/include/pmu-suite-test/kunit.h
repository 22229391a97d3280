/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the KUnit tests of the drivers' logic share: the declaration of a
 * suite, and table-driven checks of a driver's generic events.
 */
#ifndef _PMU_SUITE_KUNIT_H
#define _PMU_SUITE_KUNIT_H

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <pmu-suite/events.h>
#include <pmu-suite/generic.h>

/*
 * PMU_KUNIT_SUITE(prefix, name) - define and register the KUnit suite
 * prefix_suite, named @name, of the test cases prefix_cases.
 */
#define PMU_KUNIT_SUITE(prefix, suite_name)				\
	static struct kunit_suite prefix##_suite = {			\
		.name = suite_name,					\
		.test_cases = prefix##_cases,				\
	};								\
	kunit_test_suite(prefix##_suite)

/*
 * PMU_KUNIT_MODULE(prefix, name, description) - PMU_KUNIT_SUITE() in the
 * file that also describes the test module.
 */
#define PMU_KUNIT_MODULE(prefix, suite_name, description)		\
	static struct kunit_suite prefix##_suite = {			\
		.name = suite_name,					\
		.test_cases = prefix##_cases,				\
	};								\
	kunit_test_suite(prefix##_suite);				\
	MODULE_DESCRIPTION(description);				\
	MODULE_LICENSE("GPL")

/**
 * struct pmu_kunit_generic - what a PMU makes of a generic event
 * @type: the event's type
 * @config: its config
 * @ret: what pmu_generic_config() returns for it
 * @raw: the raw config it maps to, when @ret is 0
 */
struct pmu_kunit_generic {
	u32 type;
	u64 config;
	int ret;
	u64 raw;
};

/**
 * pmu_kunit_expect_generic() - check a PMU's generic events against a table
 * @test: the test
 * @t: the PMU's generic events
 * @rows: what each of some generic events maps to
 * @n: rows
 *
 * A failure names the row.
 */
static inline void pmu_kunit_expect_generic(struct kunit *test,
					    const struct pmu_generic_map *t,
					    const struct pmu_kunit_generic *rows,
					    unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct pmu_kunit_generic *r = &rows[i];
		u64 raw = 0;

		KUNIT_EXPECT_EQ_MSG(test, pmu_generic_config(t, r->type,
							     r->config, &raw),
				    r->ret, "row %u", i);
		if (!r->ret)
			KUNIT_EXPECT_EQ_MSG(test, raw, r->raw, "row %u", i);
	}
}

/**
 * pmu_kunit_generic_count() - how many generic events a PMU's map counts
 * @map: the PMU's generic events
 *
 * Return: the number of non-zero entries.
 */
static inline unsigned int pmu_kunit_generic_count(const struct pmu_generic_map *map)
{
	unsigned int id, op, result, n = 0;

	for (id = 0; id < PERF_COUNT_HW_MAX; id++)
		n += !!map->hw[id];
	for (id = 0; id < PERF_COUNT_HW_CACHE_MAX; id++)
		for (op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++)
			for (result = 0; result < PERF_COUNT_HW_CACHE_RESULT_MAX;
			     result++)
				n += !!map->cache[id][op][result];
	return n;
}

/**
 * struct pmu_kunit_generic_event - a generic event
 * @type: PERF_TYPE_HARDWARE or PERF_TYPE_HW_CACHE
 * @config: the generic config
 * @raw: the raw config a PMU's map gives it (pmu_kunit_generic_next())
 */
struct pmu_kunit_generic_event {
	u32 type;
	u64 config;
	u64 raw;
};

/* Table rows by the names of perf's enums: PMU_KUNIT_HW(CPU_CYCLES), */
#define PMU_KUNIT_HW(id)	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_##id }
/* PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_ACCESS). */
#define PMU_KUNIT_CACHE(id, op, result)					\
	{ PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_##id |		\
			      PERF_COUNT_HW_CACHE_##op << 8 |		\
			      PERF_COUNT_HW_CACHE_##result << 16 }

#define PMU_KUNIT_GENERIC_CACHE_SLOTS	(PERF_COUNT_HW_CACHE_MAX *	\
					 PERF_COUNT_HW_CACHE_OP_MAX *	\
					 PERF_COUNT_HW_CACHE_RESULT_MAX)

/**
 * pmu_kunit_generic_next() - the next generic event a map counts
 * @map: the PMU's generic events
 * @pos: where to look from; start at 0
 * @ev: set to the event
 *
 * Walks the hardware events, then the cache events, by index.
 *
 * Return: false when there is none left.
 */
static inline bool pmu_kunit_generic_next(const struct pmu_generic_map *map,
					  unsigned int *pos,
					  struct pmu_kunit_generic_event *ev)
{
	const unsigned int results = PERF_COUNT_HW_CACHE_RESULT_MAX;
	const unsigned int ops = PERF_COUNT_HW_CACHE_OP_MAX;

	while (*pos < PERF_COUNT_HW_MAX + PMU_KUNIT_GENERIC_CACHE_SLOTS) {
		unsigned int i = (*pos)++, id, op, res;

		if (i < PERF_COUNT_HW_MAX) {
			*ev = (struct pmu_kunit_generic_event) {
				PERF_TYPE_HARDWARE, i, map->hw[i],
			};
		} else {
			i -= PERF_COUNT_HW_MAX;
			id = i / (ops * results);
			op = i / results % ops;
			res = i % results;
			*ev = (struct pmu_kunit_generic_event) {
				PERF_TYPE_HW_CACHE, id | op << 8 | res << 16,
				map->cache[id][op][res],
			};
		}
		if (ev->raw)
			return true;
	}
	return false;
}

/**
 * pmu_kunit_expect_generic_counted() - check which generic events a map
 *	counts
 * @test: the test
 * @map: the PMU's generic events
 * @want: the generic events the driver means to count (@raw unused)
 * @n: entries of @want
 *
 * A map entry of 0 means "not counted": an event the driver meant to map
 * to raw config 0 would silently be refused. The events the map counts
 * must therefore be exactly @want, each with a non-zero raw config.
 */
static inline void
pmu_kunit_expect_generic_counted(struct kunit *test,
				 const struct pmu_generic_map *map,
				 const struct pmu_kunit_generic_event *want,
				 unsigned int n)
{
	struct pmu_kunit_generic_event ev;
	unsigned int pos = 0, found = 0, i, j;

	while (pmu_kunit_generic_next(map, &pos, &ev)) {
		for (i = 0; i < n; i++)
			if (want[i].type == ev.type && want[i].config == ev.config)
				break;
		KUNIT_EXPECT_LT_MSG(test, i, n, "type %u config 0x%llx is mapped",
				    ev.type, ev.config);
		found++;
	}
	KUNIT_EXPECT_EQ(test, found, n);
	KUNIT_EXPECT_EQ(test, pmu_kunit_generic_count(map), n);
	for (i = 0; i < n; i++) {
		u64 raw = 0;

		KUNIT_EXPECT_EQ_MSG(test, pmu_generic_config(map, want[i].type,
							     want[i].config, &raw),
				    0, "entry %u", i);
		KUNIT_EXPECT_NE_MSG(test, raw, 0ULL, "entry %u", i);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_FALSE_MSG(test, want[i].type == want[j].type &&
					       want[i].config == want[j].config,
					       "entries %u and %u", j, i);
	}
}

/**
 * pmu_kunit_expect_group_file() - check what a sysfs file of a group prints
 * @test: the test
 * @dev: the PMU's device
 * @g: the group (format/, events/)
 * @name: the file
 * @want: its text
 */
static inline void pmu_kunit_expect_group_file(struct kunit *test,
					       struct device *dev,
					       const struct attribute_group *g,
					       const char *name,
					       const char *want)
{
	char *page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct attribute **a;

	KUNIT_ASSERT_NOT_NULL(test, page);
	for (a = g->attrs; *a; a++) {
		struct device_attribute *attr;

		if (strcmp((*a)->name, name))
			continue;
		attr = container_of(*a, struct device_attribute, attr);
		KUNIT_EXPECT_EQ_MSG(test, attr->show(dev, attr, page),
				    (ssize_t)strlen(want), "%s", name);
		KUNIT_EXPECT_STREQ(test, page, want);
		return;
	}
	KUNIT_FAIL(test, "no %s/%s", g->name, name);
}

/**
 * struct pmu_kunit_file - a sysfs file and its text
 * @name: the file
 * @text: what it prints
 */
struct pmu_kunit_file {
	const char *name;
	const char *text;
};

/**
 * pmu_kunit_expect_group() - check that a group has exactly these files
 * @test: the test
 * @dev: the PMU's device
 * @g: the group
 * @files: the files, ending with a NULL name
 */
static inline void pmu_kunit_expect_group(struct kunit *test,
					  struct device *dev,
					  const struct attribute_group *g,
					  const struct pmu_kunit_file *files)
{
	unsigned int n = 0, want = 0;
	struct attribute **a;

	for (a = g->attrs; *a; a++)
		n++;
	for (; files[want].name; want++)
		pmu_kunit_expect_group_file(test, dev, g, files[want].name,
					    files[want].text);
	KUNIT_EXPECT_EQ_MSG(test, n, want, "files in %s/", g->name);
}

/**
 * pmu_kunit_expect_format() - check a format/ attribute list's files
 * @test: the test
 * @attrs: the list (PMU_FORMAT_FIELD()s, which print without a device)
 * @files: the files, ending with a NULL name
 */
static inline void pmu_kunit_expect_format(struct kunit *test,
					   struct attribute **attrs,
					   const struct pmu_kunit_file *files)
{
	const struct attribute_group g = { .name = "format", .attrs = attrs };

	pmu_kunit_expect_group(test, NULL, &g, files);
}

/**
 * pmu_kunit_count_event_files() - how many files events/ shows
 * @pmu: the PMU
 *
 * Every events/ group of @pmu, the registration's and those perf merges
 * in (attr_update), less what their is_visible hides.
 */
static inline unsigned int pmu_kunit_count_event_files(struct pmu *pmu)
{
	const struct attribute_group **lists[] = {
		pmu->attr_groups, pmu->attr_update
	};
	const struct attribute_group **g;
	unsigned int l, n = 0;
	int i;

	for (l = 0; l < ARRAY_SIZE(lists); l++)
		for (g = lists[l]; g && *g; g++) {
			if (!(*g)->name || strcmp((*g)->name, "events"))
				continue;
			for (i = 0; (*g)->attrs[i]; i++)
				n += !(*g)->is_visible ||
				     (*g)->is_visible(&pmu->dev->kobj,
						      (*g)->attrs[i], i);
		}
	return n;
}

/**
 * pmu_kunit_expect_event_file() - check what an events/ file prints
 * @test: the test
 * @pmu: the PMU
 * @name: the file
 * @want: its text; NULL: the file must not be shown
 *
 * The file is looked for in every events/ group of @pmu, the
 * registration's and those perf merges in (attr_update), as sysfs shows
 * them: a group's is_visible may hide it.
 */
static inline void pmu_kunit_expect_event_file(struct kunit *test,
					       struct pmu *pmu,
					       const char *name,
					       const char *want)
{
	const struct attribute_group **lists[] = {
		pmu->attr_groups, pmu->attr_update
	};
	const struct attribute_group **g;
	unsigned int l;
	int i;

	for (l = 0; l < ARRAY_SIZE(lists); l++) {
		for (g = lists[l]; g && *g; g++) {
			if (!(*g)->name || strcmp((*g)->name, "events"))
				continue;
			for (i = 0; (*g)->attrs[i]; i++) {
				struct attribute *a = (*g)->attrs[i];

				if (strcmp(a->name, name))
					continue;
				if ((*g)->is_visible &&
				    !(*g)->is_visible(&pmu->dev->kobj, a, i))
					continue;
				KUNIT_EXPECT_NOT_NULL_MSG(test, want,
							  "events/%s shown",
							  name);
				if (want)
					pmu_kunit_expect_group_file(test,
								    pmu->dev,
								    *g, name,
								    want);
				return;
			}
		}
	}
	if (want)
		KUNIT_FAIL(test, "no events/%s", name);
}

/**
 * pmu_kunit_expect_identifier() - check the PMU's sysfs identifier
 * @test: the test
 * @pmu: the PMU
 * @want: what it prints; NULL: the file must not be shown
 *
 * The file is looked for in the registration's unnamed groups, as sysfs
 * shows them: a group's is_visible may hide it.
 */
static inline void pmu_kunit_expect_identifier(struct kunit *test,
					       struct pmu *pmu,
					       const char *want)
{
	const struct attribute_group **g;
	int i;

	for (g = pmu->attr_groups; g && *g; g++) {
		if ((*g)->name)
			continue;
		for (i = 0; (*g)->attrs[i]; i++) {
			struct attribute *a = (*g)->attrs[i];

			if (strcmp(a->name, "identifier"))
				continue;
			if ((*g)->is_visible &&
			    !(*g)->is_visible(&pmu->dev->kobj, a, i))
				continue;
			KUNIT_EXPECT_NOT_NULL_MSG(test, want,
						  "identifier shown");
			if (want)
				pmu_kunit_expect_group_file(test, pmu->dev, *g,
							    "identifier", want);
			return;
		}
	}
	if (want)
		KUNIT_FAIL(test, "no identifier");
}

#endif /* _PMU_SUITE_KUNIT_H */
