// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the SPARC T4 DRAM counter PMUs on the real perf core,
 * against the model's memory controller registers: counting per select
 * code, two counters per controller, power management's counters left
 * alone, polling across 31-bit wraps with and without the sticky bit,
 * events moving when the counting CPU goes offline, and the refusals; and
 * the uncore framework's exact-count oracle over them.
 */
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/uncore-oracle.h>

#include "t4-fields.h"
#include "t4-model.h"

#define POLL_WAIT_MS	10

static struct perf_event *t4d_open(unsigned int mcu, u64 config,
				   void (*tweak)(struct perf_event_attr *))
{
	struct perf_event_attr attr = {
		.type = t4_dram_pmu_type(mcu),
		.size = sizeof(attr),
		.config = config,
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr, t4_dram_pmu_cpu(), NULL,
						NULL, NULL);
}

static void pinned(struct perf_event_attr *attr)
{
	attr->pinned = 1;
}

static u64 t4d_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

static int t4d_init(struct kunit *test)
{
	t4_model_dram_reset();
	return 0;
}

static void t4d_counts(struct kunit *test)
{
	struct perf_event *rd = t4d_open(1, 0x0, NULL);	/* reads */
	struct perf_event *wr = t4d_open(1, 0x1, NULL);	/* writes */

	KUNIT_ASSERT_FALSE(test, IS_ERR(rd));
	KUNIT_ASSERT_FALSE(test, IS_ERR(wr));
	/* sel0 and sel1 of MCU 1 hold the two codes. */
	KUNIT_EXPECT_EQ(test, t4_model_mcu[1].ctl & 0xff, 0x10ULL);
	t4_model_dram_count(1, 0x0, 1000);
	t4_model_dram_count(1, 0x1, 300);
	t4_model_dram_count(1, 0x3, 999);	/* selected by nobody */
	t4_model_dram_count(0, 0x0, 555);	/* another controller */
	msleep(POLL_WAIT_MS);
	t4_model_dram_count(1, 0x0, 24);
	KUNIT_EXPECT_EQ(test, t4d_value(rd), 1024ULL);
	KUNIT_EXPECT_EQ(test, t4d_value(wr), 300ULL);
	perf_event_release_kernel(rd);
	perf_event_release_kernel(wr);
}

/* Counters 2 and 3 belong to power management software. */
static void t4d_leaves_pm_counters(struct kunit *test)
{
	struct perf_event *a, *b, *c;
	u64 enabled, running;

	t4_model_mcu[2].ctl = 0xc700;
	t4_model_mcu[2].count23 = 0x1234ULL << 32 | 0x5678;
	a = t4d_open(2, 0x8, NULL);
	b = t4d_open(2, 0xa, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, t4_model_mcu[2].ctl, 0xc7a8ULL);
	/* A third event waits for a counter: there are two. */
	c = t4d_open(2, 0x2, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	t4_model_dram_count(2, 0x8, 10);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, t4_model_mcu[2].ctl & 0xff00, 0xc700ULL);
	KUNIT_EXPECT_EQ(test, t4_model_mcu[2].count23, 0x1234ULL << 32 | 0x5678);
	perf_event_read_value(c, &enabled, &running);
	perf_event_release_kernel(a);
	perf_event_release_kernel(b);
	perf_event_release_kernel(c);
	KUNIT_EXPECT_EQ(test, t4_model_mcu[2].ctl & 0xff00, 0xc700ULL);
}

/*
 * A wrap that only the sticky bit turning on shows, then wraps the value
 * shows. The sticky bit stays on: clearing it would rewrite both counters.
 */
static void t4d_polls_across_wraps(struct kunit *test)
{
	struct perf_event *ev = t4d_open(3, 0x6, NULL);
	const u64 span = 1ULL << 31;
	u64 total;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	/* More than a whole wrap between two polls. */
	t4_model_dram_count(3, 0x6, span + 100);
	msleep(POLL_WAIT_MS);
	total = span + 100;
	KUNIT_EXPECT_EQ(test, t4d_value(ev), total);
	KUNIT_EXPECT_TRUE(test, t4_model_mcu[3].count01 & BIT_ULL(63));
	t4_model_dram_count(3, 0x6, span - 10);
	msleep(POLL_WAIT_MS);
	t4_model_dram_count(3, 0x6, 30);
	msleep(POLL_WAIT_MS);
	total += span + 20;
	KUNIT_EXPECT_EQ(test, t4d_value(ev), total);
	/* Many wraps, each caught by a poll. */
	for (int i = 0; i < 5; i++) {
		t4_model_dram_count(3, 0x6, span - 1);
		msleep(POLL_WAIT_MS);
	}
	total += 5 * (span - 1);
	KUNIT_EXPECT_EQ(test, t4d_value(ev), total);
	perf_event_release_kernel(ev);
}

/*
 * DRAM_PERF_COUNT01_REG holds both counters: events that arrive right
 * after the driver reads it are counted, while another event starts on
 * the other counter and while that counter wraps (its sticky bit turns
 * on). A write of the register, to zero a counter or clear a sticky
 * bit, would drop them. The first event is pinned: a flexible one would
 * be scheduled out and in again as the second is added, and would rightly
 * miss what arrived meanwhile.
 */
static void t4d_reads_lose_nothing(struct kunit *test)
{
	struct t4_model_mcu *m = &t4_model_mcu[0];
	const u64 span = 1ULL << 31;
	struct perf_event *rd, *wr;

	rd = t4d_open(0, 0x0, pinned);
	KUNIT_ASSERT_FALSE(test, IS_ERR(rd));
	m->after_select = 0x0;
	m->after_read = 7;
	wr = t4d_open(0, 0x1, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(wr));
	t4_model_dram_count(0, 0x1, span - 10);
	msleep(POLL_WAIT_MS);
	t4_model_dram_count(0, 0x1, 30);
	msleep(POLL_WAIT_MS);
	m->after_read = 0;
	t4_model_dram_count(0, 0x0, 5);
	KUNIT_EXPECT_GT(test, m->after_total, 7ULL);
	KUNIT_EXPECT_EQ(test, t4d_value(rd), m->after_total + 5);
	KUNIT_EXPECT_EQ(test, t4d_value(wr), span + 20);
	perf_event_release_kernel(rd);
	perf_event_release_kernel(wr);
}

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
/*
 * The counting CPU goes offline: the events move to another CPU, the poll
 * timer with them, which still catches a wrap.
 */
static void t4d_follows_hotplug(struct kunit *test)
{
	int first = t4_dram_pmu_cpu(), next;
	const u64 span = 1ULL << 31;
	struct perf_event *ev;

	/* The harness boots three CPUs (qemu -smp 3). */
	KUNIT_ASSERT_GE(test, num_online_cpus(), 3U);
	ev = t4d_open(0, 0x0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model_dram_count(0, 0x0, 100);
	KUNIT_ASSERT_EQ(test, remove_cpu(first), 0);
	next = t4_dram_pmu_cpu();
	KUNIT_EXPECT_GE(test, next, 0);
	KUNIT_EXPECT_NE(test, next, first);
	KUNIT_EXPECT_EQ(test, ev->cpu, next);
	t4_model_dram_count(0, 0x0, span - 10);
	msleep(POLL_WAIT_MS);
	t4_model_dram_count(0, 0x0, 30);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, t4d_value(ev), span + 120);
	KUNIT_EXPECT_EQ(test, add_cpu(first), 0);
	KUNIT_EXPECT_EQ(test, t4_dram_pmu_cpu(), next);
	perf_event_release_kernel(ev);
}

#endif

/* Slots: reads and writes of each controller, on its two counters. */
static u32 t4du_type(unsigned int slot)
{
	return t4_dram_pmu_type(slot / 2);
}

static u64 t4du_config(unsigned int slot)
{
	return slot % 2;
}

static void t4du_count(unsigned int slot, u64 n)
{
	t4_model_dram_count(slot / 2, slot % 2, n);
}

static const struct pmu_uoracle_ops t4du_ops = {
	.slots = 2 * T4_DRAM_NR_MCU,
	.type = t4du_type,
	.cpu = t4_dram_pmu_cpu,
	.config = t4du_config,
	.count = t4du_count,
	.poll_ms = POLL_WAIT_MS,
};

static void t4d_exact_counts(struct kunit *test)
{
	pmu_uoracle_test(test, &t4du_ops);
}

static void excl_user(struct perf_event_attr *a) { a->exclude_user = 1; }
static void sampling(struct perf_event_attr *a) { a->sample_period = 1000; }

static void t4d_refusals(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = t4_dram_pmu_type(0),
		.size = sizeof(attr),
	};
	struct perf_event *ev;
	unsigned int code;

	for (code = 13; code < 16; code++) {
		ev = t4d_open(0, code, NULL);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(ev), -EINVAL, "select %u", code);
	}
	ev = t4d_open(0, 0x10, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	/* PERF_PMU_CAP_NO_EXCLUDE: the perf core refuses the filter. */
	ev = t4d_open(0, 0, excl_user);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4d_open(0, 0, sampling);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ev));
	/* No task events: the counters belong to the controller. */
	ev = perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, t4_dram_pmu_type(T4_DRAM_NR_MCU), -ENODEV);
}

static int t4d_suite_init(struct kunit_suite *suite)
{
	t4_model_dram_reset();
	return t4_dram_register(&t4_model_dram_ops, "sparc_t4_dram_model");
}

static void t4d_suite_exit(struct kunit_suite *suite)
{
	t4_dram_unregister();
}

/* format/: the fields' bits, as perf reads them (one file per field). */
static void t4d_format_files(struct kunit *test)
{
	static const struct pmu_kunit_file t4_dram_format_attrs_want[] = {
		{ "event", "config:0-3\n" },
		{ }
	};

	pmu_kunit_expect_format(test, t4_dram_format_attrs, t4_dram_format_attrs_want);
}

static struct kunit_case t4d_cases[] = {
	KUNIT_CASE(t4d_format_files),
	KUNIT_CASE(t4d_counts),
	KUNIT_CASE(t4d_leaves_pm_counters),
	KUNIT_CASE(t4d_polls_across_wraps),
	KUNIT_CASE(t4d_reads_lose_nothing),
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	KUNIT_CASE(t4d_follows_hotplug),
#endif
	KUNIT_CASE_PARAM(t4d_exact_counts, pmu_uoracle_seed_gen_params),
	KUNIT_CASE(t4d_refusals),
	{}
};

static struct kunit_suite t4d_suite = {
	.name = "sparc_t4_dram_model",
	.init = t4d_init,
	.suite_init = t4d_suite_init,
	.suite_exit = t4d_suite_exit,
	.test_cases = t4d_cases,
};

kunit_test_suite(t4d_suite);
