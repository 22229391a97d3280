// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 nest IMC PMU on the real perf core, against
 * the model's counter areas: counting from the posted values, 64-bit
 * wrap, the microcode started with a chip's first event and stopped with
 * its last, the chip's area only, events moving when the chip's counting
 * CPU goes offline, the refusals, and unregistering.
 */
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>

#include "p9-fields.h"
#include "p9-nest-model.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define CHIP		P9_NMODEL_CPU_CHIP
#define PB_CYC		0x80
#define MBA0_READ	0x448

static struct perf_event *nest_open(u64 config,
				    void (*tweak)(struct perf_event_attr *))
{
	struct perf_event_attr attr = {
		.type = p9_nest_pmu_type(),
		.size = sizeof(attr),
		.config = config,
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr, p9_nest_chip_cpu(CHIP),
						NULL, NULL, NULL);
}

static u64 nest_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

static int nest_init(struct kunit *test)
{
	p9_nmodel_reset();
	return 0;
}

static void nest_counts(struct kunit *test)
{
	struct perf_event *ev;

	p9_nmodel_set(CHIP, PB_CYC, 1000);
	ev = nest_open(PB_CYC, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_nmodel[CHIP].running);
	p9_nmodel_count(CHIP, PB_CYC, 100);
	KUNIT_EXPECT_EQ(test, nest_value(ev), 100ULL);
	p9_nmodel_count(CHIP, PB_CYC, 50);
	p9_nmodel_count(CHIP, MBA0_READ, 7);
	KUNIT_EXPECT_EQ(test, nest_value(ev), 150ULL);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, p9_nmodel[CHIP].running);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].starts, 1U);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].stops, 1U);
	/* The other chip has no CPU here and was never touched. */
	KUNIT_EXPECT_EQ(test, p9_nmodel[0].starts, 0U);
}

static void nest_wraps(struct kunit *test)
{
	struct perf_event *ev;

	p9_nmodel_set(CHIP, MBA0_READ, ~0ULL - 4);
	ev = nest_open(MBA0_READ, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_nmodel_count(CHIP, MBA0_READ, 10);
	KUNIT_EXPECT_EQ(test, nest_value(ev), 10ULL);
	perf_event_release_kernel(ev);
}

/* Every event of a chip counts at once: there are no counters to share. */
static void nest_many_events_one_start(struct kunit *test)
{
	struct perf_event **ev;
	unsigned int i;

	ev = kunit_kcalloc(test, P9_NEST_EVENTS_NR, sizeof(*ev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	for (i = 0; i < P9_NEST_EVENTS_NR; i++) {
		ev[i] = nest_open(p9_nest_events[i].offset, NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
		p9_nmodel_count(CHIP, p9_nest_events[i].offset, i + 1);
	}
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].starts, 1U);
	for (i = 0; i < P9_NEST_EVENTS_NR; i++) {
		u64 enabled, running, value;

		value = perf_event_read_value(ev[i], &enabled, &running);
		KUNIT_EXPECT_EQ(test, value, (u64)i + 1);
		KUNIT_EXPECT_EQ(test, running, enabled);
	}
	for (i = 0; i + 1 < P9_NEST_EVENTS_NR; i++)
		perf_event_release_kernel(ev[i]);
	KUNIT_EXPECT_TRUE(test, p9_nmodel[CHIP].running);
	perf_event_release_kernel(ev[i]);
	KUNIT_EXPECT_FALSE(test, p9_nmodel[CHIP].running);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].stops, 1U);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].bad_stops, 0U);
}

/* A disabled event does not count what the microcode posts meanwhile. */
static void nest_disable(struct kunit *test)
{
	struct perf_event *ev = nest_open(PB_CYC, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_nmodel_count(CHIP, PB_CYC, 5);
	perf_event_disable(ev);
	p9_nmodel_count(CHIP, PB_CYC, 100);
	perf_event_enable(ev);
	p9_nmodel_count(CHIP, PB_CYC, 1);
	KUNIT_EXPECT_EQ(test, nest_value(ev), 6ULL);
	perf_event_release_kernel(ev);
}

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
/* The chip's counting CPU goes offline: its events move on and count on. */
static void nest_follows_hotplug(struct kunit *test)
{
	int first = p9_nest_chip_cpu(CHIP), next;
	struct perf_event *ev;

	/* The harness boots three CPUs (qemu -smp 3). */
	KUNIT_ASSERT_GE(test, num_online_cpus(), 3U);
	ev = nest_open(PB_CYC, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_nmodel_count(CHIP, PB_CYC, 10);
	KUNIT_ASSERT_EQ(test, remove_cpu(first), 0);
	next = p9_nest_chip_cpu(CHIP);
	KUNIT_EXPECT_GE(test, next, 0);
	KUNIT_EXPECT_NE(test, next, first);
	KUNIT_EXPECT_EQ(test, ev->cpu, next);
	p9_nmodel_count(CHIP, PB_CYC, 5);
	KUNIT_EXPECT_EQ(test, nest_value(ev), 15ULL);
	/* Back online, it does not take the chip back. */
	KUNIT_EXPECT_EQ(test, add_cpu(first), 0);
	KUNIT_EXPECT_EQ(test, p9_nest_chip_cpu(CHIP), next);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].starts, 1U);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].stops, 1U);
}
#endif

static void excl_user(struct perf_event_attr *a) { a->exclude_user = 1; }
static void sampling(struct perf_event_attr *a) { a->sample_period = 1000; }
static void config1(struct perf_event_attr *a) { a->config1 = 1; }

static void nest_refusals(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = p9_nest_pmu_type(),
		.size = sizeof(attr),
		.config = PB_CYC,
	};
	struct perf_event *ev;

	/* A "Free" slot, a slot between groups, a misaligned offset */
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(0x3f8, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(0x108, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(0x84, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(PB_CYC | BIT_ULL(16), NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(PB_CYC, config1)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(PB_CYC, excl_user)), -EOPNOTSUPP);
	KUNIT_EXPECT_TRUE(test, IS_ERR(nest_open(PB_CYC, sampling)));
	ev = perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ev));
	/* Firmware refusing to start the microcode fails the event. */
	p9_nmodel_start_error = -EIO;
	KUNIT_EXPECT_EQ(test, PTR_ERR(nest_open(PB_CYC, NULL)), -EIO);
	KUNIT_EXPECT_EQ(test, p9_nest_chip_cpu(0), -ENODEV);
	KUNIT_EXPECT_EQ(test, p9_nest_chip_cpu(P9_NMODEL_CHIPS), -ENODEV);
	/* Nothing was started, so nothing was stopped. */
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].starts, 0U);
	KUNIT_EXPECT_EQ(test, p9_nmodel[CHIP].stops, 0U);
}

static void nest_reregister(struct kunit *test)
{
	struct perf_event *ev;

	KUNIT_EXPECT_GE(test, p9_nest_pmu_type(), 0);
	KUNIT_EXPECT_EQ(test, p9_nest_register(&p9_nmodel_ops, "x"), -EBUSY);
	p9_nest_unregister();
	KUNIT_EXPECT_EQ(test, p9_nest_pmu_type(), -ENODEV);
	KUNIT_EXPECT_EQ(test, p9_nest_chip_cpu(CHIP), -ENODEV);
	KUNIT_ASSERT_EQ(test, p9_nest_register(&p9_nmodel_ops, "power9_nest_model"), 0);
	ev = nest_open(PB_CYC, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_nmodel_count(CHIP, PB_CYC, 3);
	KUNIT_EXPECT_EQ(test, nest_value(ev), 3ULL);
	perf_event_release_kernel(ev);
}

static int nest_suite_init(struct kunit_suite *suite)
{
	p9_nmodel_reset();
	return p9_nest_register(&p9_nmodel_ops, "power9_nest_model");
}

static void nest_suite_exit(struct kunit_suite *suite)
{
	p9_nest_unregister();
}

/* format/: the fields' bits, as perf reads them (one file per field). */
static void nest_format_files(struct kunit *test)
{
	static const struct pmu_kunit_file p9_nest_format_attrs_want[] = {
		{ "event", "config:0-15\n" },
		{ }
	};

	pmu_kunit_expect_format(test, p9_nest_format_attrs, p9_nest_format_attrs_want);
}

static struct kunit_case nest_cases[] = {
	KUNIT_CASE(nest_format_files),
	KUNIT_CASE(nest_counts),
	KUNIT_CASE(nest_wraps),
	KUNIT_CASE(nest_many_events_one_start),
	KUNIT_CASE(nest_disable),
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	KUNIT_CASE(nest_follows_hotplug),
#endif
	KUNIT_CASE(nest_refusals),
	KUNIT_CASE(nest_reregister),
	{}
};

static struct kunit_suite nest_suite = {
	.name = "power9_nest_model",
	.init = nest_init,
	.suite_init = nest_suite_init,
	.suite_exit = nest_suite_exit,
	.test_cases = nest_cases,
};

kunit_test_suite(nest_suite);

MODULE_DESCRIPTION("KUnit tests of the POWER9 nest IMC PMU against a model");
MODULE_LICENSE("GPL");
