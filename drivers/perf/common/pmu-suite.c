// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pmu_suite module: the frameworks that every driver of the suite
 * builds on. Drivers depend on it, so it is loaded before them and
 * unloaded after them.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "internal.h"

static int __init pmu_suite_init(void)
{
	return pmu_uncore_framework_init();
}

static void __exit pmu_suite_exit(void)
{
	pmu_uncore_framework_exit();
}

/* Built in, it must be ready before the drivers' module_init(). */
subsys_initcall(pmu_suite_init);
module_exit(pmu_suite_exit);

MODULE_DESCRIPTION("PMU suite: core and uncore PMU frameworks");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
