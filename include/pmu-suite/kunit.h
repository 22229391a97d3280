/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the KUnit tests of the drivers' logic share: the declaration of a
 * suite, and table-driven checks of a driver's generic events.
 */
#ifndef _PMU_SUITE_KUNIT_H
#define _PMU_SUITE_KUNIT_H

#include <kunit/test.h>
#include <linux/module.h>
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

#endif /* _PMU_SUITE_KUNIT_H */
