// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the uncore framework (include/pmu-suite/uncore-pmu.h) on
 * the real perf core: two sets of made-up package PMUs coexist, refuse
 * what a package-scoped PMU cannot do, and their poll timers run on the
 * counting CPU, follow the events when it goes offline and stop with the
 * last event. Built with the harness's x86 tests (three CPUs).
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/model.h>
#include <pmu-suite/uncore-pmu.h>

#define POLL_NS		(NSEC_PER_MSEC / 2)
#define WAIT_MS		20

struct uk_set {
	struct pmu_uncore_set set;
	struct pmu_uncore pu;
	atomic_t polls;
	atomic_t wrong_cpu;
};

static struct uk_set uk_sets[2];

static int uk_package_of(unsigned int cpu)
{
	return pmu_model_cpu_in_package(cpu) ? 0 : -1;
}

/* The poll runs on the package's counting CPU. */
static void uk_poll(struct pmu_uncore_set *set, unsigned int pkg)
{
	struct uk_set *u = container_of(set, struct uk_set, set);

	atomic_inc(&u->polls);
	if ((int)smp_processor_id() != pmu_uncore_package_cpu(set, pkg))
		atomic_inc(&u->wrong_cpu);
}

static int uk_init(struct pmu_uncore *pu, struct perf_event *event,
		   const char **why)
{
	return 0;
}

static u64 uk_start(struct pmu_uncore *pu, struct perf_event *event)
{
	return 0;
}

static void uk_update(struct pmu_uncore *pu, struct perf_event *event,
		      bool stop)
{
}

static struct attribute *uk_no_attrs[] = { NULL };

static struct attribute *uk_event_attrs[] = {
	PMU_UNCORE_EVENT("uk_event", 0x2a),
	NULL
};

static const struct pmu_uncore_ops uk_ops = {
	.init		= uk_init,
	.start		= uk_start,
	.update		= uk_update,
	.format		= uk_no_attrs,
	.events		= uk_event_attrs,
};

static struct perf_event *uk_open(struct uk_set *u, int cpu,
				  void (*tweak)(struct perf_event_attr *))
{
	struct perf_event_attr attr = {
		.type = u->pu.pmu.type,
		.size = sizeof(attr),
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);
}

static void uk_sampling(struct perf_event_attr *attr)
{
	attr->sample_period = 1000;
}

static void uk_excl_user(struct perf_event_attr *attr)
{
	attr->exclude_user = 1;
}

static void uk_excl_guest(struct perf_event_attr *attr)
{
	attr->exclude_guest = 1;
}

static void uk_excl_host(struct perf_event_attr *attr)
{
	attr->exclude_host = 1;
}

static void uk_refusals(struct kunit *test)
{
	struct uk_set *u = &uk_sets[0];
	int cpu = pmu_uncore_package_cpu(&u->set, 0);
	struct perf_event_attr attr = { .type = u->pu.pmu.type,
					.size = sizeof(attr) };
	struct perf_event *task_event;

	KUNIT_ASSERT_GE(test, cpu, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR(uk_open(u, cpu, uk_sampling)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(uk_open(u, cpu, uk_excl_user)), -EOPNOTSUPP);
	/*
	 * The perf tool sets exclude_guest unless told otherwise and opens
	 * the event again without it only after -EINVAL: with -EOPNOTSUPP
	 * `perf stat -a` could count no package event at all.
	 */
	KUNIT_EXPECT_EQ(test, PTR_ERR(uk_open(u, cpu, uk_excl_guest)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(uk_open(u, cpu, uk_excl_host)), -EINVAL);
	/*
	 * The perf core refuses task events of an uncore PMU with -EINVAL
	 * too: this holds the behaviour, not the framework's own check.
	 * Sampling and exclude_* reach only the framework's checks here.
	 */
	task_event = perf_event_create_kernel_counter(&attr, -1, current, NULL,
						      NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(task_event), -EINVAL);
}

/* events/ files print through the framework's default show. */
static void uk_events_files(struct kunit *test)
{
	struct pmu_uncore *pu = &uk_sets[0].pu;
	struct device_attribute *attr;
	char *page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_PTR_EQ(test, pu->events_group.attrs, &uk_event_attrs[0]);
	attr = container_of(uk_event_attrs[0], struct device_attribute, attr);
	KUNIT_EXPECT_STREQ(test, attr->attr.name, "uk_event");
	KUNIT_EXPECT_EQ(test, attr->show(pu->pmu.dev, attr, page), 11);
	KUNIT_EXPECT_STREQ(test, page, "event=0x2a\n");
	KUNIT_EXPECT_STREQ(test, pu->format_group.name, "format");
}

/* An event opened on any CPU of the package counts on its counting CPU. */
static void uk_two_sets_poll_on_counting_cpu(struct kunit *test)
{
	struct perf_event *a, *b;
	int i;

	for (i = 0; i < 2; i++) {
		atomic_set(&uk_sets[i].polls, 0);
		atomic_set(&uk_sets[i].wrong_cpu, 0);
	}
	a = uk_open(&uk_sets[0], cpumask_last(cpu_online_mask), NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = uk_open(&uk_sets[1], cpumask_last(cpu_online_mask), NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, a->cpu, pmu_uncore_package_cpu(&uk_sets[0].set, 0));
	msleep(WAIT_MS);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_GT(test, atomic_read(&uk_sets[i].polls), 0);
		KUNIT_EXPECT_EQ(test, atomic_read(&uk_sets[i].wrong_cpu), 0);
	}
	perf_event_release_kernel(a);
	perf_event_release_kernel(b);
	/* The last event gone, the timers stop. */
	msleep(WAIT_MS);
	for (i = 0; i < 2; i++) {
		atomic_set(&uk_sets[i].polls, 0);
		KUNIT_EXPECT_FALSE(test, hrtimer_is_queued(&uk_sets[i].set.timer[0].timer));
	}
	msleep(WAIT_MS);
	KUNIT_EXPECT_EQ(test, atomic_read(&uk_sets[0].polls), 0);
}

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
/*
 * The counting CPU goes offline: the events move to another CPU of the
 * package, and the poll timer with them; none stays on the dead CPU.
 */
static void uk_timer_follows_hotplug(struct kunit *test)
{
	struct uk_set *u = &uk_sets[0];
	int first = pmu_uncore_package_cpu(&u->set, 0), next;
	struct perf_event *ev;

	KUNIT_ASSERT_GE(test, num_online_cpus(), 3U);
	ev = uk_open(u, first, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_ASSERT_EQ(test, remove_cpu(first), 0);
	next = pmu_uncore_package_cpu(&u->set, 0);
	KUNIT_EXPECT_GE(test, next, 0);
	KUNIT_EXPECT_NE(test, next, first);
	KUNIT_EXPECT_EQ(test, ev->cpu, next);
	atomic_set(&u->polls, 0);
	atomic_set(&u->wrong_cpu, 0);
	msleep(WAIT_MS);
	KUNIT_EXPECT_GT(test, atomic_read(&u->polls), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->wrong_cpu), 0);
	KUNIT_EXPECT_EQ(test, u->set.active[0], 1U);
	KUNIT_EXPECT_EQ(test, add_cpu(first), 0);
	KUNIT_EXPECT_EQ(test, pmu_uncore_package_cpu(&u->set, 0), next);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_EQ(test, u->set.active[0], 0U);
}
#endif

static int uk_suite_init(struct kunit_suite *suite)
{
	static const char *const names[] = { "uncore_test_a", "uncore_test_b" };
	int i, ret;

	for (i = 0; i < 2; i++) {
		struct uk_set *u = &uk_sets[i];

		ret = pmu_uncore_set_init(&u->set, 1, uk_package_of, POLL_NS,
					  uk_poll);
		if (ret)
			return ret;
		ret = pmu_uncore_register(&u->pu, &u->set, &uk_ops, THIS_MODULE,
					  names[i]);
		if (ret)
			return ret;
	}
	return 0;
}

static void uk_suite_exit(struct kunit_suite *suite)
{
	int i;

	for (i = 0; i < 2; i++) {
		pmu_uncore_unregister(&uk_sets[i].pu);
		pmu_uncore_set_exit(&uk_sets[i].set);
	}
}

static struct kunit_case uk_cases[] = {
	KUNIT_CASE(uk_refusals),
	KUNIT_CASE(uk_events_files),
	KUNIT_CASE(uk_two_sets_poll_on_counting_cpu),
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	KUNIT_CASE(uk_timer_follows_hotplug),
#endif
	{}
};

static struct kunit_suite uk_suite = {
	.name = "pmu_suite_uncore",
	.suite_init = uk_suite_init,
	.suite_exit = uk_suite_exit,
	.test_cases = uk_cases,
};

kunit_test_suite(uk_suite);
