// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 perf glue on the real perf core, against the
 * register-level model (p9-model.c): event-based branches: the task's own
 * counters and alerts, and what may and may not be an EBB event.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "p9k.h"

static struct perf_event *p9k_open_ebb(u64 config,
				       void (*tweak)(struct perf_event_attr *),
				       int cpu, struct task_struct *task)
{
	struct perf_event_attr attr = {
		.type = p9_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = config,
		.pinned = 1,
		.exclusive = 1,
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr, cpu, task, NULL, NULL);
}

static void p9k_not_pinned(struct perf_event_attr *attr)
{
	attr->pinned = 0;
}

static void p9k_not_exclusive(struct perf_event_attr *attr)
{
	attr->exclusive = 0;
}

static void p9k_sampling(struct perf_event_attr *attr)
{
	attr->sample_period = 1000;
}

static void p9k_inherit(struct perf_event_attr *attr)
{
	attr->inherit = 1;
}

static void p9k_freq(struct perf_event_attr *attr)
{
	attr->freq = 1;
	attr->sample_freq = 1000;
}

static void p9k_sample_type(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_IP;
}

static void p9k_enable_on_exec(struct perf_event_attr *attr)
{
	attr->enable_on_exec = 1;
}

/* What the built-in PMU refuses, this one refuses, with EINVAL. */
static void p9k_ebb_refusals(struct kunit *test)
{
	static void (*const refused[])(struct perf_event_attr *) = {
		p9k_not_pinned, p9k_not_exclusive, p9k_sampling, p9k_inherit,
		p9k_freq, p9k_sample_type, p9k_enable_on_exec,
	};
	struct perf_event *ev;
	unsigned int i;

	ev = p9k_open_ebb(P9K_EBB, NULL, raw_smp_processor_id(), NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		ev = p9k_open_ebb(P9K_EBB, refused[i], -1, current);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(ev), -EINVAL, "refusal %u", i);
		if (!IS_ERR(ev))
			perf_event_release_kernel(ev);
	}
	ev = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
}

/*
 * The task owns PMC1 and MMCR0's FC, PMAE and PMAO while its EBB event
 * runs; when the event goes off the PMU they go with the task (no EBE,
 * no problem-state access behind it) and come back as the task left them.
 */
static void p9k_ebb_task_owns_counter(struct kunit *test)
{
	struct perf_event *ev = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	u32 v;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_EBE);
	/* A task's first EBB events start with alerts on, as on the built-in PMU. */
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_PMAE);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_PMAO);
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_pmc(1, 0x1000));
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_mmcr0(P9_MMCR0_PMAE));
	p9_model_count(0x10002, 500);
	p9_model.siar = 0x10008888;

	perf_event_disable(ev);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_EBE);
	KUNIT_EXPECT_FALSE(test, p9_model_user_write_pmc(1, 7));
	KUNIT_EXPECT_EQ(test, p9_model.task.bits.mmcr0, P9_MMCR0_PMAE);
	/* Someone else's use of the counters meanwhile. */
	p9_model.pmc[1] = 0;
	p9_model.siar = 0;

	perf_event_enable(ev);
	KUNIT_ASSERT_TRUE(test, p9_model_user_read_pmc(1, &v));
	KUNIT_EXPECT_EQ(test, v, 0x1000U + 500);
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_PMAE);
	KUNIT_EXPECT_EQ(test, p9_model.siar, 0x10008888ULL);
	/* The count is the task's to keep: perf's stays zero. */
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 0ULL);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & (P9_MMCR0_EBE | P9_MMCR0_PMCC));
}

/*
 * An alert of an EBB task is its branch. The interrupt that comes beside
 * it (QEMU's) leaves the counter as the task will find it, takes no
 * sample, and lets the task re-enable alerts itself: PMAE stays clear,
 * PMAO is cleared so that the interrupt does not come back, FC (FCECE)
 * holds until the task clears it.
 */
static void p9k_ebb_alert(struct kunit *test)
{
	struct perf_event *ev = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	u32 v;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_pmc(1, 0x80000000U - 100));
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_mmcr0(P9_MMCR0_PMAE));
	p9_model_count(0x10002, 150);
	KUNIT_EXPECT_EQ(test, p9_model.ebbs, 1U);
	KUNIT_ASSERT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 0);
	KUNIT_ASSERT_TRUE(test, p9_model_user_read_pmc(1, &v));
	KUNIT_EXPECT_EQ(test, v, 0x80000000U);
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_EBE);
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_FC);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & (P9_MMCR0_PMAE | P9_MMCR0_PMAO));
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	/* The task's handler: a new period, alerts and counting back on. */
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_pmc(1, 0x80000000U - 100));
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_mmcr0(P9_MMCR0_PMAE));
	p9_model_count(0x10002, 150);
	KUNIT_EXPECT_EQ(test, p9_model.ebbs, 2U);
	perf_event_release_kernel(ev);
}

/*
 * A program written for the built-in PMU writes its PMC and waits for the
 * branch without writing MMCR0: its first EBB events start with PMAE set.
 * Once the task has run EBB events, what it left in PMAE holds, for its
 * next events too.
 */
static void p9k_ebb_first_use_alerts(struct kunit *test)
{
	struct perf_event *ev = p9k_open_ebb(P9K_EBB, NULL, -1, current);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_pmc(1, 0x80000000U - 100));
	p9_model_count(0x10002, 150);
	KUNIT_EXPECT_EQ(test, p9_model.ebbs, 1U);
	p9_model_take_interrupt();
	/* The task's handler leaves alerts off. */
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_mmcr0(0));
	perf_event_release_kernel(ev);

	ev = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_PMAE);
	perf_event_release_kernel(ev);
}

/*
 * PMCC 10 lets the task write every PMC, not only its event's: a counter
 * the driver had zeroed may be left negative. Whoever comes next zeroes
 * it, or its alert would come back at every unfreeze.
 */
static void p9k_ebb_task_pmcs_not_zero(struct kunit *test)
{
	struct perf_event *ebb = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	struct perf_event *other;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ebb));
	KUNIT_ASSERT_TRUE(test, p9_model_user_write_pmc(3, 0x80000000U));
	perf_event_disable(ebb);
	other = p9k_open(0x2001e, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(other));
	KUNIT_EXPECT_EQ(test, p9_model.pmc[3], 0U);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	perf_event_release_kernel(other);
	perf_event_release_kernel(ebb);
}

static void p9k_ebb_alert_nmi(void)
{
	p9_model.mmcr0 |= P9_MMCR0_PMAO;
	p9_model_take_interrupt();
}

/*
 * The interrupt that comes beside the task's alert, after any register
 * access of the switch out: the task's bits are kept as it left them,
 * never the driver's frozen MMCR0.
 */
static void p9k_ebb_out_nmi_anywhere(struct kunit *test)
{
	struct perf_event *ev = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	unsigned int at, fired = 0;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	for (at = 1; at <= 4; at++) {
		KUNIT_ASSERT_TRUE(test, p9_model_user_write_mmcr0(P9_MMCR0_PMAE));
		pmu_model_nmi_arm(&p9_model.nmi, p9k_ebb_alert_nmi, at);
		perf_event_disable(ev);
		fired += pmu_model_nmi_disarm(&p9_model.nmi);
		KUNIT_EXPECT_EQ_MSG(test, p9_model.task.bits.mmcr0, P9_MMCR0_PMAE,
				    "NMI at access %u", at);
		perf_event_enable(ev);
		KUNIT_EXPECT_TRUE_MSG(test, p9_model.mmcr0 & P9_MMCR0_PMAE,
				      "NMI at access %u", at);
		KUNIT_EXPECT_FALSE_MSG(test, p9_model.mmcr0 & P9_MMCR0_FC,
				       "NMI at access %u", at);
	}
	KUNIT_EXPECT_GE(test, fired, 2U);
	perf_event_release_kernel(ev);
}

/* A group is all EBB events or none, and gets the PMU to itself. */
static void p9k_ebb_groups(struct kunit *test)
{
	struct perf_event *ebb = p9k_open_ebb(P9K_EBB, NULL, -1, current);
	struct perf_event *other;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ebb));
	/* A CPU-wide event of another owner cannot come on beside it. */
	other = perf_event_create_kernel_counter(&(struct perf_event_attr) {
			.type = p9_pmu_core.pmu.type,
			.size = sizeof(struct perf_event_attr),
			.config = 0x20002,
		}, raw_smp_processor_id(), NULL, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(other));
	p9_model_count(0x20002, 100);
	KUNIT_EXPECT_EQ(test, p9k_value(other), 0ULL);
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_EBE);
	perf_event_release_kernel(ebb);
	/* Its next scheduling puts it on (the enable reschedules at once). */
	perf_event_disable(other);
	perf_event_enable(other);
	p9_model_count(0x20002, 100);
	KUNIT_EXPECT_EQ(test, p9k_value(other), 100ULL);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_EBE);
	perf_event_release_kernel(other);
}

static struct kunit_case power9_ebb_model_cases[] = {
	KUNIT_CASE(p9k_ebb_refusals),
	KUNIT_CASE(p9k_ebb_task_owns_counter),
	KUNIT_CASE(p9k_ebb_alert),
	KUNIT_CASE(p9k_ebb_first_use_alerts),
	KUNIT_CASE(p9k_ebb_groups),
	KUNIT_CASE(p9k_ebb_task_pmcs_not_zero),
	KUNIT_CASE(p9k_ebb_out_nmi_anywhere),
	{}
};

static struct kunit_suite power9_ebb_model_suite = {
	.name = "power9_ebb_model",
	.init = p9k_init,
	.suite_init = p9k_suite_init,
	.suite_exit = p9k_suite_exit,
	.test_cases = power9_ebb_model_cases,
};

kunit_test_suite(power9_ebb_model_suite);
