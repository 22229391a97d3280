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
					    const struct pmu_generic_table *t,
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

#endif /* _PMU_SUITE_KUNIT_H */
