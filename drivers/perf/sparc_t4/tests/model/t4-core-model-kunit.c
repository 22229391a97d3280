// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the SPARC T4 events shared by the strands of a core
 * (TABLE 10-2 note 13), counted CPU-wide on every strand of a core as
 * perf stat -a opens them: the sum over the strands is the core's count,
 * also when the strand that counts goes offline; strand-specific and
 * per-task events count as before.
 *
 * CPUs 1 and 2 are the modelled core (t4_model_core), so that the strand
 * that counts, CPU 1, can go offline (x86 cannot take CPU 0 offline); the
 * tests run on CPU 2, the model's own strand, and read CPU 1's registers
 * from its t4_model_strand. Built where CPU hotplug is, which the x86_64
 * tier's three CPUs give; the sun4u kernel has one CPU.
 */
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/perf_event.h>

#include "t4k.h"

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)

#define T4C_COUNTS	1	/* the core's first strand: counts for it */
#define T4C_HOME	2	/* the tests' CPU, the model's own strand */

#define FETCH_0_ALL	T4_CONFIG(8, 0x02)	/* shared by the strands */
#define CYCLES		T4_CONFIG(26, 0)	/* this strand's */

static struct perf_event *t4c_open_cpu(u64 config, unsigned int cpu)
{
	struct perf_event_attr attr = {
		.type = t4_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = config,
	};

	return perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);
}

static bool t4c_shared(u64 config)
{
	struct t4_event ev;
	const char *why;

	return !t4_event_decode(config, &ev, &why) && ev.shared;
}

/* Its count; and that it ran all the time it was enabled, some of it. */
static u64 t4c_value(struct kunit *test, struct perf_event *ev)
{
	u64 enabled, running, value;

	value = perf_event_read_value(ev, &enabled, &running);
	KUNIT_EXPECT_GT(test, enabled, 0ULL);
	KUNIT_EXPECT_EQ(test, running, enabled);
	return value;
}

static bool t4c_home_counts(void)
{
	unsigned int c;

	for (c = 0; c < T4_NUM_COUNTERS; c++)
		if (t4_pcr_counting(t4_model.pcr[c]))
			return true;
	return false;
}

/*
 * perf stat -a: the shared event on both strands of the core, each strand
 * producing some of the core's events. The sum is the core's count; the
 * strand that does not count has the event running on no counter.
 */
static void t4c_shared_counts_once(struct kunit *test)
{
	struct perf_event *ev[2];
	u64 sum;

	KUNIT_ASSERT_TRUE(test, t4c_shared(FETCH_0_ALL));
	ev[0] = t4c_open_cpu(FETCH_0_ALL, T4C_COUNTS);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[0]));
	ev[1] = t4c_open_cpu(FETCH_0_ALL, T4C_HOME);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[1]));
	t4_model_count(8, 0x02, 1000);
	t4_model_count_strand(T4C_COUNTS, 8, 0x02, 500);
	usleep_range(1000, 2000);
	sum = t4c_value(test, ev[0]) + t4c_value(test, ev[1]);
	KUNIT_EXPECT_EQ(test, sum, 1500ULL);
	KUNIT_EXPECT_EQ(test, t4c_value(test, ev[1]), 0ULL);
	KUNIT_EXPECT_LT(test, ev[1]->hw.idx, 0);
	KUNIT_EXPECT_FALSE(test, t4c_home_counts());
	perf_event_release_kernel(ev[0]);
	perf_event_release_kernel(ev[1]);
}

/*
 * A strand's own events count on each strand, on the one that does not
 * count the shared events too, and a per-task shared event counts where
 * its task runs.
 */
static void t4c_others_unchanged(struct kunit *test)
{
	struct perf_event *ev[2], *task;

	KUNIT_ASSERT_FALSE(test, t4c_shared(CYCLES));
	ev[0] = t4c_open_cpu(CYCLES, T4C_COUNTS);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[0]));
	ev[1] = t4c_open_cpu(CYCLES, T4C_HOME);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[1]));
	task = t4k_open(FETCH_0_ALL, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	t4_model_count(26, 0, 700);
	t4_model_count_strand(T4C_COUNTS, 26, 0, 300);
	t4_model_count(8, 0x02, 400);
	KUNIT_EXPECT_EQ(test, t4c_value(test, ev[0]), 300ULL);
	KUNIT_EXPECT_EQ(test, t4c_value(test, ev[1]), 700ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(task), 400ULL);
	perf_event_release_kernel(task);
	perf_event_release_kernel(ev[0]);
	perf_event_release_kernel(ev[1]);
}

/*
 * The counting strand goes offline during perf stat -a: the perf core
 * (6.12) drops its events, which keep what they counted, and the other
 * strand counts from then on. Back online, it does not take over: the
 * running session's event there is gone. A new session counts once too.
 */
static void t4c_counting_strand_offline(struct kunit *test)
{
	struct perf_event *ev[2];
	u64 sum;

	KUNIT_ASSERT_GE(test, num_online_cpus(), 3U);
	ev[0] = t4c_open_cpu(FETCH_0_ALL, T4C_COUNTS);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[0]));
	ev[1] = t4c_open_cpu(FETCH_0_ALL, T4C_HOME);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[1]));
	t4_model_count(8, 0x02, 1000);
	KUNIT_ASSERT_EQ(test, remove_cpu(T4C_COUNTS), 0);
	t4_model_count(8, 0x02, 200);
	sum = t4k_value(ev[0]) + t4k_value(ev[1]);
	KUNIT_EXPECT_EQ(test, sum, 1200ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(ev[0]), 1000ULL);
	KUNIT_EXPECT_TRUE(test, t4c_home_counts());
	KUNIT_EXPECT_EQ(test, add_cpu(T4C_COUNTS), 0);
	t4_model_count(8, 0x02, 30);
	t4_model_count_strand(T4C_COUNTS, 8, 0x02, 4);
	sum = t4k_value(ev[0]) + t4k_value(ev[1]);
	KUNIT_EXPECT_EQ(test, sum, 1234ULL);
	perf_event_release_kernel(ev[0]);
	perf_event_release_kernel(ev[1]);

	ev[0] = t4c_open_cpu(FETCH_0_ALL, T4C_COUNTS);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[0]));
	ev[1] = t4c_open_cpu(FETCH_0_ALL, T4C_HOME);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[1]));
	t4_model_count(8, 0x02, 50);
	t4_model_count_strand(T4C_COUNTS, 8, 0x02, 7);
	KUNIT_EXPECT_EQ(test, t4c_value(test, ev[0]), 0ULL);
	KUNIT_EXPECT_EQ(test, t4c_value(test, ev[1]), 57ULL);
	perf_event_release_kernel(ev[0]);
	perf_event_release_kernel(ev[1]);
}

/* Each case runs on CPU 2, the model's own strand, reset there. */
static int t4c_init(struct kunit *test)
{
	int ret = set_cpus_allowed_ptr(current, cpumask_of(T4C_HOME));

	if (ret)
		return ret;
	if (raw_smp_processor_id() != T4C_HOME)
		return -EIO;
	t4_model_reset();
	return 0;
}

static int t4c_suite_init(struct kunit_suite *suite)
{
	if (num_online_cpus() < 3)
		return -ENODEV;
	cpumask_clear(&t4_model_core);
	cpumask_set_cpu(T4C_COUNTS, &t4_model_core);
	cpumask_set_cpu(T4C_HOME, &t4_model_core);
	return t4k_suite_init(suite);
}

static void t4c_suite_exit(struct kunit_suite *suite)
{
	t4k_suite_exit(suite);
	cpumask_clear(&t4_model_core);
}

static struct kunit_case sparc_t4_core_model_cases[] = {
	KUNIT_CASE(t4c_shared_counts_once),
	KUNIT_CASE(t4c_others_unchanged),
	KUNIT_CASE(t4c_counting_strand_offline),
	{}
};

static struct kunit_suite sparc_t4_core_model_suite = {
	.name = "sparc_t4_core_model",
	.init = t4c_init,
	.suite_init = t4c_suite_init,
	.suite_exit = t4c_suite_exit,
	.test_cases = sparc_t4_core_model_cases,
};

kunit_test_suite(sparc_t4_core_model_suite);

#endif /* CONFIG_HOTPLUG_CPU */
