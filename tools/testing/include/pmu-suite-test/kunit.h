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
 * pmu_kunit_expect_event_file() - check what an events/ file prints
 * @test: the test
 * @dev: the PMU's device
 * @e: its events/ group
 * @name: the file
 * @want: its text
 */
static inline void pmu_kunit_expect_event_file(struct kunit *test,
					       struct device *dev,
					       const struct pmu_events *e,
					       const char *name,
					       const char *want)
{
	char *page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, page);
	for (i = 0; i < e->n; i++) {
		struct device_attribute *attr = &e->attrs[i].attr;

		if (strcmp(attr->attr.name, name))
			continue;
		KUNIT_EXPECT_EQ_MSG(test, attr->show(dev, attr, page),
				    (ssize_t)strlen(want), "%s", name);
		KUNIT_EXPECT_STREQ(test, page, want);
		return;
	}
	KUNIT_FAIL(test, "no events/%s", name);
}

#endif /* _PMU_SUITE_KUNIT_H */
