// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the built-in sparc64 PMU's reservation, which the SPARC
 * T4 backend takes its counters with (patches/linux-6.12/0006): one
 * holder at a time, given back on release. Its other half, the built-in
 * PMU refusing events while the reservation holds, needs the built-in PMU
 * registered, which QEMU's sun4u does not allow (no counter overflow
 * interrupt, so the NMI watchdog check fails and no PMU registers).
 */
#include <kunit/test.h>
#include <linux/perf_event.h>

#ifdef PMU_SUITE_HAVE_SPARC_RESERVE
static void t4_reserve_one_holder(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, sparc_reserve_pmc_hardware(), 0);
	KUNIT_EXPECT_EQ(test, sparc_reserve_pmc_hardware(), -EBUSY);
	sparc_release_pmc_hardware();
	KUNIT_EXPECT_EQ(test, sparc_reserve_pmc_hardware(), 0);
	sparc_release_pmc_hardware();
}

static struct kunit_case t4_reserve_cases[] = {
	KUNIT_CASE(t4_reserve_one_holder),
	{}
};

static struct kunit_suite t4_reserve_suite = {
	.name = "sparc_pmc_reservation",
	.test_cases = t4_reserve_cases,
};

kunit_test_suite(t4_reserve_suite);
#endif
