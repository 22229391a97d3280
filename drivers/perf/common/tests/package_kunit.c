// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of include/pmu-suite/package.h: which CPU counts for each
 * package as CPUs come and go, on made-up CPU masks. Built with the
 * harness's x86 tests, whose kernel has room for several CPUs (UML's has
 * one).
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <pmu-suite/package.h>

#define PACKAGES	2
#define CPUS		6	/* two per package; CPUs 4 and 5 are in none */

static int two_per_package(unsigned int cpu)
{
	return cpu < 4 ? cpu / 2 : 7;
}

static void package_follows_cpus(struct kunit *test)
{
	struct pmu_package_cpus p;
	int cpu[PACKAGES];
	cpumask_t online;

	/* CPU masks this kernel iterates must reach CPU 5. */
	if (small_cpumask_bits < CPUS)
		kunit_skip(test, "CPU masks of %u bits", small_cpumask_bits);
	pmu_package_init(&p, cpu, PACKAGES, two_per_package);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 0), -1);
	KUNIT_EXPECT_TRUE(test, cpumask_empty(&p.mask));
	KUNIT_EXPECT_EQ(test, pmu_package_of(&p, 3), 1);
	KUNIT_EXPECT_EQ(test, pmu_package_of(&p, 4), -1);

	/* The first CPU of a package to come online counts for it. */
	pmu_package_online(&p, 1);
	pmu_package_online(&p, 0);
	pmu_package_online(&p, 3);
	pmu_package_online(&p, 4);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 0), 1);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 1), 3);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, PACKAGES), -1);
	KUNIT_EXPECT_EQ(test, cpumask_weight(&p.mask), 2);
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(1, &p.mask));
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(3, &p.mask));

	cpumask_clear(&online);
	cpumask_set_cpu(0, &online);
	cpumask_set_cpu(1, &online);
	cpumask_set_cpu(3, &online);
	/* A CPU that does not count: nothing moves. */
	KUNIT_EXPECT_EQ(test, pmu_package_offline(&p, 0, &online), -1);
	KUNIT_EXPECT_EQ(test, pmu_package_offline(&p, 4, &online), -1);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 0), 1);
	/* The counting CPU goes: its package's other online CPU takes over. */
	KUNIT_EXPECT_EQ(test, pmu_package_offline(&p, 1, &online), 0);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 0), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(0, &p.mask));
	KUNIT_EXPECT_FALSE(test, cpumask_test_cpu(1, &p.mask));
	/* The last CPU of a package goes: it has none. */
	KUNIT_EXPECT_EQ(test, pmu_package_offline(&p, 3, &online), -1);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 1), -1);
	KUNIT_EXPECT_EQ(test, cpumask_weight(&p.mask), 1);
	/* A CPU of it coming back counts for it again. */
	pmu_package_online(&p, 2);
	KUNIT_EXPECT_EQ(test, pmu_package_cpu(&p, 1), 2);
}

static struct kunit_case package_cases[] = {
	KUNIT_CASE(package_follows_cpus),
	{}
};

static struct kunit_suite package_suite = {
	.name = "pmu_suite_package",
	.test_cases = package_cases,
};

kunit_test_suite(package_suite);
