// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 perf glue on the real perf core, against the
 * register-level model (p9-model.c): counting across schedule in/out,
 * 32-bit counter folding, privilege filtering, sampling with SIAR, no
 * kernel addresses for events that exclude the kernel, no alerts from
 * counters left negative by earlier events, generic events, refusals, and
 * multiplexing of events that need the same counter.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/model.h>

#include <pmu-suite/power9/regs.h>
#include "p9-model.h"
#include "p9-event.h"
#include "p9-pmu.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define USER_IP		0x10001234ULL
#define KERNEL_IP	0xc000000000123450ULL
#define USER_SP		0x7fffe000ULL

static atomic_t samples;
static u64 last_ip;
static u64 last_sp;
static u64 last_addr;
static u64 last_weight;
static u64 last_data_src;
static bool last_user;
/* The last sample's branch stack; nr is -1 without one. */
static int last_nr;
static struct perf_branch_entry last_br[P9_BHRB_ENTRIES];

static void p9k_overflow(struct perf_event *event, struct perf_sample_data *data,
			 struct pt_regs *regs)
{
	atomic_inc(&samples);
	last_ip = instruction_pointer(regs);
	last_sp = user_stack_pointer(regs);
	last_user = user_mode(regs);
	last_addr = data->addr;
	last_weight = data->sample_flags & PERF_SAMPLE_WEIGHT_TYPE ?
		      data->weight.full : 0;
	last_data_src = data->sample_flags & PERF_SAMPLE_DATA_SRC ?
			data->data_src.val : 0;
	last_nr = -1;
	if ((data->sample_flags & PERF_SAMPLE_BRANCH_STACK) && data->br_stack &&
	    data->br_stack->nr <= P9_BHRB_ENTRIES) {
		last_nr = data->br_stack->nr;
		memcpy(last_br, data->br_stack->entries,
		       last_nr * sizeof(last_br[0]));
	}
}

static struct perf_event *p9k_open(u64 config, u64 period,
				   void (*tweak)(struct perf_event_attr *))
{
	struct perf_event_attr attr = {
		.type = p9_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = config,
		.sample_period = period,
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr, -1, current,
						period ? p9k_overflow : NULL,
						NULL);
}

static u64 p9k_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Count @total of @code in chunks, taking interrupts as they come. */
static void p9k_count(u64 code, u64 total, u64 chunk)
{
	while (total) {
		u64 n = min(total, chunk);

		p9_model_count(code, n);
		p9_model_take_interrupt();
		total -= n;
	}
}

static int p9k_init(struct kunit *test)
{
	int ret = pmu_model_pin_current();

	if (ret)
		return ret;
	p9_model_reset();
	atomic_set(&samples, 0);
	last_ip = 0;
	last_sp = 0;
	last_user = false;
	return 0;
}

static void p9k_counts(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 0, NULL);	/* PMC1 */
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.reserved);
	/* PMC1SEL (MMCR1[32:39]) holds the selector while the event runs. */
	KUNIT_EXPECT_EQ(test, (p9_model.mmcr1 >> 24) & 0xff, 0x02ULL);
	for (i = 0; i < 3; i++) {
		p9_model_count(0x10002, 1000);
		schedule();
	}
	/* A signal nobody selected is not counted. */
	p9_model_count(0x20002, 500);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 3000ULL);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, p9_model.reserved);
}

static void p9k_folds_32bit_counter(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 0, NULL);
	u64 total = 3ULL * 0x80000000ULL + 7;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9k_count(0x10002, total, 0x40000000);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), total);
	KUNIT_EXPECT_GE(test, p9_model.alerts, 3U);
	perf_event_release_kernel(ev);
}

static void p9k_exclude_user_attr(struct perf_event_attr *attr)
{
	attr->exclude_user = 1;
}

static void p9k_exclude_user(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 0, p9k_exclude_user_attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pr = true;
	p9_model_count(0x10002, 500);
	p9_model.pr = false;
	p9_model_count(0x10002, 300);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 300ULL);
	perf_event_release_kernel(ev);
}

static void p9k_group_of_six(struct kunit *test)
{
	static const u64 codes[] = {
		0x2080, 0x2084, 0x2088, 0x208c,
		P9_CODE_PMC5_RUN_INST, P9_CODE_PMC6_RUN_CYC,
	};
	struct perf_event *ev[ARRAY_SIZE(codes)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(codes); i++) {
		ev[i] = p9k_open(codes[i], 0, NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
	}
	for (i = 0; i < ARRAY_SIZE(codes); i++)
		p9_model_count(codes[i], 100 * (i + 1));
	for (i = 0; i < ARRAY_SIZE(codes); i++) {
		KUNIT_EXPECT_EQ(test, p9k_value(ev[i]), 100ULL * (i + 1));
		perf_event_release_kernel(ev[i]);
	}
}

static void p9k_samples(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 1000, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pc = USER_IP;
	p9_model.pr = true;
	p9k_count(0x10002, 2500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 2500ULL);
	/* Continuous sampling: SIER says nothing, the PC is reported. */
	KUNIT_EXPECT_EQ(test, last_ip, USER_IP);
	perf_event_release_kernel(ev);
}

/* SIER: a marked instruction at USER_IP in problem state; the PC: kernel. */
static void p9k_siar_user_interrupt_in_kernel(void)
{
	p9_model.pc = KERNEL_IP;
	p9_model.latch.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR;
	p9_model.latch.siar = USER_IP;
}

/* @n samples, the last at USER_IP with the model's user registers. */
static void p9k_expect_user_sample(struct kunit *test, int n)
{
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), n);
	KUNIT_EXPECT_EQ(test, last_ip, USER_IP);
	KUNIT_EXPECT_TRUE(test, last_user);
	KUNIT_EXPECT_EQ(test, last_sp, USER_SP);
}

/*
 * SIER says the marked instruction ran in problem state, while the
 * interrupt came in the kernel: the sample is the user instruction, with
 * the task's user registers.
 */
static void p9k_marked_sample_uses_siar(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, NULL);	/* marked */

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.mmcra & P9_MMCRA_SAMPLE_ENABLE);
	pmu_model_user_init(&p9_model.user, USER_SP);
	p9k_siar_user_interrupt_in_kernel();
	p9k_count(0x401e0, 150, 50);
	p9k_expect_user_sample(test, 1);
	perf_event_release_kernel(ev);
}

#define USER_DATA	0x10020000ULL

/* Leave what the next calls' frames will hold not zero. */
static noinline void p9k_dirty_stack(void)
{
	u8 buf[1536];

	memset(buf, 0xa5, sizeof(buf));
	barrier_data(buf);
}

/*
 * A sample without PERF_SAMPLE_ADDR still has addr zero, not what the
 * stack held: a BPF program attached to the event reads it.
 */
static void p9k_sample_addr_zero(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 100, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	last_addr = 1;
	p9_model_count(0x10002, 150);
	p9k_dirty_stack();
	KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last_addr, 0ULL);
	perf_event_release_kernel(ev);
}

/*
 * Problem state reads SIER, SIAR and SDAR: the interrupt that read them
 * clears them, and so does the stop of events that let the PMU write them
 * (a marked event: sampling; SDAR updates).
 */
static void p9k_sample_regs_cleared(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pc = KERNEL_IP;
	p9_model.latch.sier = P9_SIER_SIAR_VALID | P9_SIER_SDAR_VALID;
	p9_model.latch.siar = KERNEL_IP;
	p9_model.latch.sdar = 0xc000000000222000ULL;
	p9k_count(0x401e0, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, p9_model.sier | p9_model.siar | p9_model.sdar, 0ULL);
	/* Written again while the event runs, then the event stops. */
	p9_model.sdar = 0xc000000000333000ULL;
	perf_event_disable(ev);
	KUNIT_EXPECT_EQ(test, p9_model.sdar, 0ULL);
	perf_event_release_kernel(ev);
}

/* A marked sample's SIER and MMCRA reach its interrupt registers. */
static void p9k_intr_regs_sier_mmcra(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	pmu_model_user_init(&p9_model.user, USER_SP);
	p9k_siar_user_interrupt_in_kernel();
	p9_model.intr_sier = 0;
	p9_model.intr_mmcra = 0;
	p9k_count(0x401e0, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, p9_model.intr_sier, p9_model.latch.sier);
	KUNIT_EXPECT_TRUE(test, p9_model.intr_mmcra & P9_MMCRA_SAMPLE_ENABLE);
	perf_event_release_kernel(ev);
}

static void p9k_phys_addr_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_PHYS_ADDR;
}

static void p9k_addr_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_ADDR;
}

/*
 * An unmarked event with sdar_mode: continuous sampling, SDAR loaded with
 * the last data-cache miss (SIER[SDAR_VALID] tied to 0): its samples carry
 * that address.
 */
static void p9k_continuous_sdar_addr(struct kunit *test)
{
	u64 code = 0x3e054 | FIELD_PREP(P9_RAW_SDAR_MODE, 2);
	struct perf_event *ev = p9k_open(code, 100, p9k_addr_attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, FIELD_GET(P9_MMCRA_SDAR_MODE, p9_model.mmcra), 2ULL);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcra & P9_MMCRA_SAMPLE_ENABLE);
	pmu_model_user_init(&p9_model.user, USER_SP);
	p9_model.pc = USER_IP;
	p9_model.pr = true;
	p9_model.latch.sdar = USER_DATA;
	last_addr = 0;
	p9k_count(code, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last_addr, USER_DATA);
	perf_event_release_kernel(ev);
}

/*
 * PERF_SAMPLE_PHYS_ADDR alone: the perf core translates the sample's data
 * address, so the driver must fill it in although ADDR was not asked.
 */
static void p9k_phys_addr_without_addr(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, p9k_phys_addr_attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	pmu_model_user_init(&p9_model.user, USER_SP);
	p9k_siar_user_interrupt_in_kernel();
	p9_model.latch.sier |= P9_SIER_SDAR_VALID;
	p9_model.latch.sdar = USER_DATA;
	last_addr = 0;
	p9k_count(0x401e0, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last_addr, USER_DATA);
	perf_event_release_kernel(ev);
}

/*
 * PMC5 and PMC6 freeze together (FC56): a sampling run that leaves PMC5
 * negative must not raise alerts once only PMC6 is in use.
 */
static void p9k_stale_negative_counter(struct kunit *test)
{
	struct perf_event *ev = p9k_open(P9_CODE_PMC5_RUN_INST, 1000, NULL);
	unsigned int alerts;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model_count(P9_CODE_PMC5_RUN_INST, 1500);
	/* The period ended; the alert is pending as the event goes away. */
	KUNIT_EXPECT_TRUE(test, p9_model.pmc[5] & 0x80000000U);
	perf_event_release_kernel(ev);
	p9_model_take_interrupt();
	alerts = p9_model.alerts;

	ev = p9k_open(P9_CODE_PMC6_RUN_CYC, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_FC5_6);
	KUNIT_EXPECT_EQ(test, p9_model.pmc[5], 0U);
	p9_model_count(P9_CODE_PMC5_RUN_INST, 1000);
	p9_model_count(P9_CODE_PMC6_RUN_CYC, 2000);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, p9_model.alerts, alerts);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 2000ULL);
	perf_event_release_kernel(ev);
}

/*
 * PMC6 counts beside PMC5 (one FC56) with no event of its own: when it
 * goes negative, the interrupt zeroes it instead of leaving it to alert
 * again at once (an interrupt that only re-arms the events' counters
 * would). Likewise PMC4 holding an L2/L3 group's companion code.
 */
static void p9k_unused_counter_alert(struct kunit *test)
{
	struct perf_event *ev = p9k_open(P9_CODE_PMC5_RUN_INST, 0, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model_count(P9_CODE_PMC6_RUN_CYC, 0x80000010ULL);
	KUNIT_ASSERT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_FALSE(test, p9_model.pmc[6] & 0x80000000U);
	perf_event_release_kernel(ev);

	ev = p9k_open(0x16080, 0, NULL);	/* L2, PMC4 holds 0x46080 */
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model_count(0x46080, 0x80000010ULL);
	KUNIT_ASSERT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	perf_event_release_kernel(ev);
}

/*
 * A PMC no event uses, left negative by someone else (a hypervisor that
 * does not keep the PMCs): the alert no event claims zeroes it, instead
 * of coming back at every unfreeze.
 */
static void p9k_unclaimed_alert(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x20002, 1000000, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_ASSERT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_PMCJCE);
	p9_model.pmc[3] = 0x80000005;
	p9_model_count(0x20002, 1);
	KUNIT_ASSERT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_FALSE(test, p9_model.pmc[3] & 0x80000000U);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
	p9_model_count(0x20002, 9);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 10ULL);
	perf_event_release_kernel(ev);
}

/*
 * A sample the PMU places in the kernel (SIER) while the interrupt came
 * in user mode, at the very address it interrupted: the sample's
 * registers say kernel, the interrupted ones stay user's (the return to
 * user space must not find them changed).
 */
static void p9k_sample_keeps_interrupted_regs(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9_model.latch.sier = P9_SIER_SIAR_VALID;
	p9_model.latch.siar = USER_IP;
	p9k_count(0x401e0, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_FALSE(test, last_user);
	KUNIT_EXPECT_TRUE(test, p9_model.intr_user_after);
	KUNIT_EXPECT_EQ(test, p9_model.intr_pc_after, USER_IP);
	perf_event_release_kernel(ev);
}

static void p9k_exclude_kernel_attr(struct perf_event_attr *attr)
{
	attr->exclude_kernel = 1;
}

static void p9k_no_kernel_sample(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, p9k_exclude_kernel_attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	/*
	 * The thread counts in problem state, but the marked instruction
	 * SIER describes ran privileged: nothing may be reported.
	 */
	p9_model.pr = true;
	p9_model.latch.sier = P9_SIER_SIAR_VALID;
	p9_model.latch.siar = KERNEL_IP;
	p9k_count(0x401e0, 350, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 350ULL);
	perf_event_release_kernel(ev);
}

/*
 * The same for an event that excludes the kernel: its sample must never
 * carry the interrupted kernel registers, which PERF_SAMPLE_REGS_USER
 * would hand out as the user's once the sample says user mode. Without
 * user registers (a kernel thread) there is no sample.
 */
static void p9k_user_sample_no_kernel_regs(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x401e0, 100, p9k_exclude_kernel_attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9k_siar_user_interrupt_in_kernel();
	/* Counted in problem state; the interrupt comes in the kernel. */
	p9_model.pr = true;
	p9_model_count(0x401e0, 150);
	p9_model.pr = false;
	KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
	pmu_model_user_init(&p9_model.user, USER_SP);
	p9_model.pr = true;
	p9_model_count(0x401e0, 100);
	p9_model.pr = false;
	KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	p9k_expect_user_sample(test, 1);
	perf_event_release_kernel(ev);
}

/*
 * A user-only event counted in problem state whose interrupts all come in
 * the kernel: every sample is dropped, and each interrupt still counts
 * for throttling. Unaccounted, a short period (a frequency event starts
 * at one) interrupted without end where the emulated POWER9 counts the
 * kernel's instructions too (it ignores MMCR2's freeze bits).
 */
static void p9k_dropped_samples_are_accounted(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 100, p9k_exclude_kernel_attr);
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pc = KERNEL_IP;
	for (i = 0; i < 3; i++) {
		p9_model.pr = true;
		p9_model_count(0x10002, 100);
		p9_model.pr = false;
		KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
	KUNIT_EXPECT_GT(test, ev->hw.interrupts, 0U);
	perf_event_release_kernel(ev);
}

/* What the perf core's frequency adjustment does from inside the overflow. */
static void p9k_reload_overflow(struct perf_event *event,
				struct perf_sample_data *data,
				struct pt_regs *regs)
{
	atomic_inc(&samples);
	event->pmu->stop(event, PERF_EF_UPDATE);
	event->attr.sample_period = 5000;
	event->hw.sample_period = 5000;
	local64_set(&event->hw.period_left, 0);
	event->pmu->start(event, PERF_EF_RELOAD);
}

/*
 * A period changed with period_left left at zero (the frequency
 * adjustment, PERF_EVENT_IOC_PERIOD) starts a whole new period: not a run
 * of one event, which interrupted again at once, each time (a frequency
 * event hung the emulated POWER9). Inside the interrupt the stop and start
 * leave the counters frozen until the handler is done.
 */
static void p9k_period_reload_inside_overflow(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = p9_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = 0x10002,
		.sample_period = 100,
	};
	struct perf_event *ev;

	ev = perf_event_create_kernel_counter(&attr, -1, current,
					      p9k_reload_overflow, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9k_count(0x10002, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	p9k_count(0x10002, 4000, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	p9k_count(0x10002, 1100, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 5250ULL);
	perf_event_release_kernel(ev);
}

static void p9k_precise_attr(struct perf_event_attr *attr)
{
	attr->precise_ip = 2;
}

static void p9k_config1_attr(struct perf_event_attr *attr)
{
	attr->config1 = 1;
}

static void p9k_config2_attr(struct perf_event_attr *attr)
{
	attr->config2 = 1;
}

static void p9k_exclude_host_attr(struct perf_event_attr *attr)
{
	attr->exclude_host = 1;
}

/* perf sets exclude_guest with :u; KVM swaps the PMU at guest entry. */
static void p9k_user_no_guest_attr(struct perf_event_attr *attr)
{
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
	attr->exclude_guest = 1;
}

static void p9k_refusals(struct kunit *test)
{
	struct perf_event *ev;

	/* No format/ field is in config1 or config2. */
	ev = p9k_open(0x10002, 0, p9k_config1_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	ev = p9k_open(0x10002, 0, p9k_config2_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	/* Counting only in guests is not something the PMU can do. */
	ev = p9k_open(0x10002, 0, p9k_exclude_host_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = p9k_open(0x10002, 0, p9k_user_no_guest_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);

	ev = p9k_open(0x10002 | BIT_ULL(60), 0, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	ev = p9k_open(0x500f4, 0, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	/* PM_DTLB_MISS_4K counts wrongly on DD2.2, the model's revision. */
	ev = p9k_open(0x2c056, 0, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = p9k_open(0x4e014, 0, NULL);	/* DD2.1 only */
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	/* Only marked events have an exact instruction address. */
	ev = p9k_open(0x10002, 1000, p9k_precise_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = p9k_open(0x401e0, 1000, p9k_precise_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	/* Another user holds the counters. */
	p9_model.busy = true;
	ev = p9k_open(0x10002, 0, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EBUSY);
	KUNIT_EXPECT_FALSE(test, p9_model.reserved);
}

/* Generic events name this PMU's type in the config's upper half. */
static struct perf_event *p9k_open_generic(u32 type, u64 config)
{
	struct perf_event_attr attr = {
		.type = type,
		.size = sizeof(attr),
		.config = (u64)p9_pmu_core.pmu.type << PERF_PMU_TYPE_SHIFT | config,
	};

	return perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
}

static atomic_t p9k_overflows_of[2];

static void p9k_overflow_of(struct perf_event *event,
			    struct perf_sample_data *data, struct pt_regs *regs)
{
	atomic_inc(&p9k_overflows_of[(uintptr_t)event->overflow_handler_context]);
}

/*
 * Two sampling events of the same generic event in one task, each with
 * its own period (and its own handler, as each has its own fd and signal
 * in user space): both overflow, each at its own period.
 */
static void p9k_two_samplers_same_event(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE,
		.size = sizeof(attr),
		.config = (u64)p9_pmu_core.pmu.type << PERF_PMU_TYPE_SHIFT |
			  PERF_COUNT_HW_INSTRUCTIONS,
		.sample_period = 1000,
	};
	struct perf_event *a, *b;

	atomic_set(&p9k_overflows_of[0], 0);
	atomic_set(&p9k_overflows_of[1], 0);
	a = perf_event_create_kernel_counter(&attr, -1, current,
					     p9k_overflow_of, (void *)0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	attr.sample_period = 2000;
	b = perf_event_create_kernel_counter(&attr, -1, current,
					     p9k_overflow_of, (void *)1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_NE(test, a->hw.idx, b->hw.idx);
	p9k_count(p9_catalogue_code("PM_INST_CMPL"), 10000, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_overflows_of[0]), 10);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_overflows_of[1]), 5);
	KUNIT_EXPECT_EQ(test, p9k_value(a), 10000ULL);
	KUNIT_EXPECT_EQ(test, p9k_value(b), 10000ULL);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

static void p9k_generic_events(struct kunit *test)
{
	struct perf_event *cyc, *ins, *ev;

	cyc = p9k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	KUNIT_ASSERT_FALSE(test, IS_ERR(cyc));
	ins = p9k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ins));
	KUNIT_EXPECT_PTR_EQ(test, cyc->pmu, ins->pmu);
	/* PM_CYC and PM_INST_CMPL, on whichever of PMC1-4 the two got. */
	p9_model_count(0x1e, 700);
	p9_model_count(0x2, 300);
	KUNIT_EXPECT_EQ(test, p9k_value(cyc), 700ULL);
	KUNIT_EXPECT_EQ(test, p9k_value(ins), 300ULL);
	perf_event_release_kernel(cyc);
	perf_event_release_kernel(ins);

	ev = p9k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -ENOENT);
	ev = p9k_open_generic(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_MAX);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
}

static void p9k_mem_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC |
			    PERF_SAMPLE_WEIGHT;
}

/*
 * mem-loads and mem-stores, the events perf mem opens: events/ gives
 * their fields, and a sample of mem-loads carries the load's address, its
 * source and its latency from issue to finish.
 */
static void p9k_mem_events(struct kunit *test)
{
	struct pmu_core *pc = &p9_pmu_core;
	union perf_mem_data_src src;
	struct perf_event *ev;
	u64 loads, stores, op, lvl;

	pmu_kunit_expect_event_file(test, pc->pmu.dev, &pc->events, "mem-loads",
				    "event=0x401e0,sample_elig=0x5,thresh_sel=0x1,thresh_stop=0x4,thresh_start=0x3\n");
	pmu_kunit_expect_event_file(test, pc->pmu.dev, &pc->events, "mem-stores",
				    "event=0x401e0,sample_elig=0x7,thresh_sel=0x1,thresh_stop=0x4,thresh_start=0x3\n");
	KUNIT_ASSERT_TRUE(test, p9_mem_events(&loads, &stores));
	ev = p9k_open(loads, 100, p9k_mem_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.mmcra & P9_MMCRA_SAMPLE_ENABLE);
	KUNIT_EXPECT_EQ(test, FIELD_GET(P9_MMCRA_RAND_SAMP_ELIG, p9_model.mmcra), 5ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(P9_MMCRA_THRESH_START, p9_model.mmcra), 3ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(P9_MMCRA_THRESH_END, p9_model.mmcra), 4ULL);
	pmu_model_user_init(&p9_model.user, USER_SP);
	p9_model.pc = USER_IP;
	p9_model.pr = true;
	p9_model.latch.sier = P9_SIER_SIAR_VALID | P9_SIER_SDAR_VALID |
			      P9_SIER_MSR_PR |
			      FIELD_PREP(P9_SIER_TYPE, P9_SIER_TYPE_LOAD) |
			      FIELD_PREP(P9_SIER_LDST, 2);	/* L2 hit */
	p9_model.latch.siar = USER_IP;
	p9_model.latch.sdar = USER_DATA;
	/* 20 x 4^2: the threshold counter's mantissa and exponent (3.1) */
	p9_model.latch.thresh_ctr = FIELD_PREP(P9_MMCRA_THRESH_CTR_MANT, 20) |
				    FIELD_PREP(P9_MMCRA_THRESH_CTR_EXP, 2);
	p9k_count(0x401e0, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last_addr, USER_DATA);
	KUNIT_EXPECT_EQ(test, last_weight, 320ULL);
	src.val = last_data_src;
	op = src.mem_op;
	lvl = src.mem_lvl_num;
	KUNIT_EXPECT_EQ(test, op, (u64)PERF_MEM_OP_LOAD);
	KUNIT_EXPECT_EQ(test, lvl, (u64)PERF_MEM_LVLNUM_L2);
	perf_event_release_kernel(ev);
	ev = p9k_open(stores, 100, p9k_mem_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, FIELD_GET(P9_MMCRA_RAND_SAMP_ELIG, p9_model.mmcra), 7ULL);
	perf_event_release_kernel(ev);
}

static void p9k_multiplexes(struct kunit *test)
{
	/*
	 * Both need PMC1, and neither has a code on another PMC: the perf
	 * core rotates them.
	 */
	struct perf_event *a = p9k_open(0x10010, 0, NULL);
	struct perf_event *b = p9k_open(0x10018, 0, NULL);
	unsigned int i = 0;
	ktime_t start;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	start = ktime_get();
	do {
		p9_model_count(0x10010, 10);
		p9_model_count(0x10018, 10);
	} while (pmu_model_mux_more(start, ++i));
	pmu_model_expect_multiplexed(test, a, b);
}

/*
 * PM_CYC asked for as 0x1001e, with PMC1 taken: it counts on another PMC
 * with that PMC's code, all the time, beside the PMC1 event.
 */
static void p9k_alternative_counts(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10010, 0, NULL);
	struct perf_event *b = p9k_open(0x1001e, 0, NULL);
	u64 enabled, running;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, b->hw.idx, 2);
	p9_model_count(0x10010, 300);
	p9_model_count(0x1001e, 1000);	/* PMC1's cycles: not b's counter */
	p9_model_count(0x2001e, 700);
	KUNIT_EXPECT_EQ(test, p9k_value(a), 300ULL);
	KUNIT_EXPECT_EQ(test, perf_event_read_value(b, &enabled, &running),
			700ULL);
	KUNIT_EXPECT_EQ(test, enabled, running);
	perf_event_release_kernel(a);
	perf_event_release_kernel(b);
}

/* B's signal, counted past B's period, then the alert taken: an NMI. */
#define P9K_B_CODE	0x2080ULL
#define P9K_B_PERIOD	100ULL

static void p9k_overflow_b(void)
{
	p9_model_count(P9K_B_CODE, P9K_B_PERIOD + 50);
	p9_model_take_interrupt();
}

/*
 * An overflow interrupt of another counter lands between any two register
 * accesses of a read: the count read is neither lost nor counted twice.
 */
static void p9k_nmi_during_read(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, P9K_B_PERIOD, NULL);
	unsigned int at, fired = 0;
	u64 total = 0;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	for (at = 1; at <= 6; at++) {
		p9_model_count(0x10002, 1000);
		total += 1000;
		pmu_model_nmi_arm(&p9_model.nmi, p9k_overflow_b, at);
		KUNIT_EXPECT_EQ_MSG(test, p9k_value(a), total, "NMI at access %u", at);
		fired += pmu_model_nmi_disarm(&p9_model.nmi);
	}
	KUNIT_EXPECT_GT(test, fired, 0U);
	KUNIT_EXPECT_GT(test, atomic_read(&samples), 0);
	KUNIT_EXPECT_EQ(test, p9k_value(a), total);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

static u64 p9k_fed;

/* A's own period ends, exactly, and its interrupt comes. */
static void p9k_overflow_a_exactly(void)
{
	u64 n = 0x80000000U - p9_model.pmc[1];

	p9k_fed += n;
	p9_model_count(0x10002, n);
	p9_model_take_interrupt();
}

/*
 * The event's own interrupt comes inside a read of it, after each access
 * in turn, its period ending exactly: the interrupt rearms the counter
 * with the start value the read took for prev_count, whose cmpxchg must
 * not then succeed with the stale reading (ABA: a double count, then a
 * jump of nearly 2^32).
 */
static void p9k_own_overflow_during_read(struct kunit *test)
{
	unsigned int at, fired = 0;

	for (at = 1; at <= 6; at++) {
		struct perf_event *a = p9k_open(0x10002, 1000, NULL);
		bool fire;

		KUNIT_ASSERT_FALSE(test, IS_ERR(a));
		p9k_fed = 0;
		p9_model_count(0x10002, 500);
		pmu_model_nmi_arm(&p9_model.nmi, p9k_overflow_a_exactly, at);
		p9k_value(a);
		fire = pmu_model_nmi_disarm(&p9_model.nmi);
		fired += fire;
		p9_model_count(0x10002, 10);
		KUNIT_EXPECT_EQ_MSG(test, p9k_value(a), 510 + p9k_fed,
				    "NMI at access %u", at);
		perf_event_release_kernel(a);
		if (!fire)
			break;
	}
	KUNIT_EXPECT_GT(test, fired, 1U);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), (int)fired);
}

/* Interrupts anywhere (pmu_model_nmi_sweep()). */
static struct perf_event *p9k_open_counting(void)
{
	return p9k_open(0x10002, 0, NULL);
}

static struct perf_event *p9k_open_b(void)
{
	return p9k_open(P9K_B_CODE, P9K_B_PERIOD, NULL);
}

static void p9k_count_a(u64 n)
{
	p9_model_count(0x10002, n);
}

static void p9k_nmi_anywhere(struct kunit *test)
{
	const struct pmu_model_sweep s = {
		.nmi = &p9_model.nmi,
		.overflow = p9k_overflow_b,
		.open_counting = p9k_open_counting,
		.open_sampling = p9k_open_b,
		.count = p9k_count_a,
		.value = p9k_value,
		.samples = &samples,
		.sampled_max = 2 * (P9K_B_PERIOD + 50),
	};

	pmu_model_nmi_sweep(test, &s);
}

/*
 * An event the perf core stops from its overflow (here its event limit,
 * as throttling does) keeps a negative counter unless the driver rewrites
 * it, and the negative condition is a level: it would alert again as soon
 * as the interrupt is re-enabled for the other event.
 */
static void p9k_stopped_counter_stays_quiet(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 100, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, 1000000, NULL);
	unsigned int alerts;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_ASSERT_EQ(test, perf_event_refresh(a, 1), 0);
	alerts = p9_model.alerts;
	p9_model_count(0x10002, 150);
	KUNIT_EXPECT_EQ(test, p9_model.alerts, alerts + 1);
	KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	/* The stopped counter raised nothing; the other still may. */
	KUNIT_EXPECT_EQ(test, p9_model.alerts, alerts + 1);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_PMAE);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* The perf core's disable and enable, with nothing changed in between */
static unsigned int p9k_disable_enable(struct perf_event *read)
{
	struct pmu *pmu = &p9_pmu_core.pmu;
	unsigned int before;
	unsigned long flags;

	local_irq_save(flags);
	before = p9_model.accesses;
	pmu->pmu_disable(pmu);
	if (read)
		pmu->read(read);
	pmu->pmu_enable(pmu);
	before = p9_model.accesses - before;
	local_irq_restore(flags);
	return before;
}

/*
 * A task switch between clone contexts (a task and its inherited child)
 * is a disable and an enable, nothing changing in between: the freeze and
 * the unfreeze, two writes of MMCR0, are all it may cost; the counts go
 * on exactly. Reading an event in between folds the counts, and the
 * enable programs the counters again.
 */
static void p9k_switch_only_freezes(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, 0, NULL);
	unsigned int n;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	p9_model_count(0x10002, 100);
	p9_model_count(P9K_B_CODE, 200);
	n = p9k_disable_enable(NULL);
	kunit_info(test, "register accesses for a switch between clone contexts: %u",
		   n);
	KUNIT_EXPECT_EQ(test, n, 2U);
	p9_model_count(0x10002, 10);
	KUNIT_EXPECT_GT(test, p9k_disable_enable(a), 2U);
	p9_model_count(0x10002, 1);
	p9_model_count(P9K_B_CODE, 2);
	KUNIT_EXPECT_EQ(test, p9k_value(a), 111ULL);
	KUNIT_EXPECT_EQ(test, p9k_value(b), 202ULL);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* What another task on the test's CPU does while it runs there */
struct p9k_other {
	struct completion done;
	void (*fn)(void);
};

static int p9k_other_fn(void *data)
{
	struct p9k_other *o = data;

	if (o->fn)
		o->fn();
	complete(&o->done);
	return 0;
}

/*
 * Switch to another task on this CPU, which runs @fn, and back; return
 * the register accesses the switches took (creating the task is not
 * counted: it switches too). @before runs once the task exists, right
 * before the switch.
 */
static unsigned int p9k_run_other_after(struct kunit *test, void (*fn)(void),
					void (*before_switch)(void))
{
	struct p9k_other o = { .fn = fn };
	struct task_struct *t;
	unsigned int before;

	init_completion(&o.done);
	t = kthread_create(p9k_other_fn, &o, "p9k_other");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	kthread_bind(t, raw_smp_processor_id());
	if (before_switch)
		before_switch();
	before = p9_model.accesses;
	wake_up_process(t);
	wait_for_completion(&o.done);
	return p9_model.accesses - before;
}

static unsigned int p9k_run_other(struct kunit *test, void (*fn)(void))
{
	return p9k_run_other_after(test, fn, NULL);
}

/*
 * A task switch to a task without events and back: what the framework
 * and the driver cost then, printed for the benchmark.
 */
static void p9k_switch_accesses(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, 0, NULL);
	unsigned int before;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	p9_model_count(0x10002, 100);
	before = p9k_run_other(test, NULL);
	kunit_info(test, "register accesses for a switch out and back in: %u",
		   before);
	/*
	 * Out: the freeze, reading the two counters, MMCR1 (nothing
	 * selected), zeroing the two counters (the other task may read
	 * them), the unfreeze; in: the freeze, MMCR1, the two counters, the
	 * unfreeze. The unused counters stay zero.
	 */
	KUNIT_EXPECT_EQ(test, before, 12U);
	p9_model_count(0x10002, 1);
	KUNIT_EXPECT_EQ(test, p9k_value(a), 101ULL);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* What a task sees of PMC1-6 from problem state, ORed, and raw. */
static u32 p9k_seen_user, p9k_seen_raw;

static void p9k_read_pmcs(void)
{
	unsigned int pmc;
	u32 v;

	p9k_seen_user = 0;
	p9k_seen_raw = 0;
	for (pmc = 1; pmc <= P9_NUM_PMCS; pmc++) {
		if (p9_model_user_read_pmc(pmc, &v))
			p9k_seen_user |= v;
		p9k_seen_raw |= p9_model.pmc[pmc];
	}
}

static void p9k_count_ab(void)
{
	p9_model_count(0x10002, 100);
	p9_model_count(P9_CODE_PMC5_RUN_INST, 200);
	p9_model_count(P9_CODE_PMC6_RUN_CYC, 300);
}

/*
 * Problem state reads the PMCs: what one task's events counted is gone
 * while another task without events runs, and once the events are gone.
 */
static void p9k_pmcs_zero_for_others(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9_CODE_PMC5_RUN_INST, 0, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	p9k_run_other_after(test, p9k_read_pmcs, p9k_count_ab);
	KUNIT_EXPECT_EQ(test, p9k_seen_user, 0U);
	KUNIT_EXPECT_EQ(test, p9k_seen_raw, 0U);
	p9_model_count(0x10002, 1);
	KUNIT_EXPECT_EQ(test, p9k_value(a), 101ULL);
	KUNIT_EXPECT_EQ(test, p9k_value(b), 200ULL);
	perf_event_release_kernel(b);
	/* The last event leaves with a count in its PMC. */
	p9_model_count(0x10002, 5);
	perf_event_release_kernel(a);
	p9k_read_pmcs();
	KUNIT_EXPECT_EQ(test, p9k_seen_user, 0U);
	KUNIT_EXPECT_EQ(test, p9k_seen_raw, 0U);
}

/* An alert that latched a kernel sample, taken once the PMU is disabled */
static void p9k_late_alert(void)
{
	p9_model.sier = P9_SIER_SIAR_VALID | P9_SIER_SDAR_VALID;
	p9_model.siar = KERNEL_IP;
	p9_model.sdar = 0xc000000000222000ULL;
	p9_model.mmcr0 |= P9_MMCR0_PMAO;
	p9_model_take_interrupt();
}

/*
 * A PMI pending across the disable finds the PMU disabled and takes no
 * sample: SIER, SIAR and SDAR it latched are cleared all the same, after
 * each register access of the disable in turn.
 */
static void p9k_late_alert_clears_sample_regs(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 1000, NULL);
	struct pmu *pmu = &p9_pmu_core.pmu;
	unsigned int at, fired;
	unsigned long flags;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	for (at = 1; at < 10; at++) {
		local_irq_save(flags);
		pmu_model_nmi_arm(&p9_model.nmi, p9k_late_alert, at);
		pmu->pmu_disable(pmu);
		fired = pmu_model_nmi_disarm(&p9_model.nmi);
		KUNIT_EXPECT_EQ_MSG(test, p9_model.sier | p9_model.siar |
				    p9_model.sdar, 0ULL, "alert after access %u", at);
		pmu->pmu_enable(pmu);
		local_irq_restore(flags);
		if (!fired)
			break;
	}
	KUNIT_EXPECT_GT(test, at, 1U);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
	perf_event_release_kernel(ev);
}

/*
 * The interrupt reprograms the same events: MMCR1, MMCR2 and MMCRA are
 * not written again. Once the counters went back to another user, who may
 * have written them, they are.
 */
static void p9k_mmcrs_written_when_changed(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 100, NULL);
	unsigned int writes;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.in_use);
	writes = p9_model.mmcrs_writes;
	p9k_count(0x10002, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, p9_model.mmcrs_writes, writes);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, p9_model.reserved);
	KUNIT_EXPECT_FALSE(test, p9_model.in_use);

	p9_model.mmcr1 = 0xdead;	/* the built-in PMU's, say */
	ev = p9k_open(0x10002, 100, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, p9_model.mmcr1, 0x02ULL << (63 - 39));
	perf_event_release_kernel(ev);
}

/*
 * Unused counters are zeroed once, but PMC4 counts an L2/L3 group's
 * companion code: zeroed at every programming, it never goes negative
 * and alerts.
 */
static void p9k_companion_counter_zeroed(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x16884, 0, NULL);
	unsigned int alerts = p9_model.alerts;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model_count(0x46884, 0x7ffffff0);
	KUNIT_EXPECT_EQ(test, p9_model.pmc[4], 0x7ffffff0U);
	KUNIT_EXPECT_GT(test, p9k_disable_enable(ev), 2U);
	KUNIT_EXPECT_EQ(test, p9_model.pmc[4], 0U);
	p9_model_count(0x46884, 0x20);
	KUNIT_EXPECT_EQ(test, p9_model.alerts, alerts);
	KUNIT_EXPECT_EQ(test, p9_model.pmc[3], 0U);
	perf_event_release_kernel(ev);
}

/* The same pair, with another counter's overflow after each access. */
static void p9k_switch_nmi_anywhere(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, P9K_B_PERIOD, NULL);
	unsigned int at, fired = 0;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	for (at = 1; at <= 3; at++) {
		pmu_model_nmi_arm(&p9_model.nmi, p9k_overflow_b, at);
		p9_model_count(0x10002, 100);
		p9k_disable_enable(NULL);
		p9_model_count(0x10002, 100);
		fired += pmu_model_nmi_disarm(&p9_model.nmi);
		KUNIT_EXPECT_EQ_MSG(test, p9k_value(a), 200ULL * at,
				    "NMI at access %u", at);
	}
	/* Two accesses: the third finds none to follow. */
	KUNIT_EXPECT_EQ(test, fired, 2U);
	/* The sampling event samples on (frozen, the first fed nothing). */
	at = atomic_read(&samples);
	KUNIT_EXPECT_GE(test, at, 1U);
	p9k_overflow_b();
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), at + 1);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* Branches of every kind, in the thread's user code */
static const struct {
	u64 from;
	u32 insn;
	u64 to;
	bool call, ret, ind, cond;
} p9k_branches[] = {
	{ 0x10001000, 0x48000201, 0x10001200, true, false, false, false },
	{ 0x10001010, 0x41820009, 0x10001018, true, false, false, true },
	{ 0x10001020, 0x4e800421, 0x10003000, true, false, true, false },
	{ 0x10001030, 0x4d820421, 0x10003100, true, false, true, true },
	{ 0x10001040, 0x4e800020, 0x10004000, false, true, true, false },
	{ 0x10001050, 0x4d820020, 0x10004100, false, true, true, true },
	{ 0x10001060, 0x48000100, 0x10001160, false, false, false, false },
	{ 0x10001070, 0x41820008, 0x10001078, false, false, false, true },
	{ 0x10001080, 0x4e800420, 0x10005000, false, false, true, false },
	{ 0x10001090, 0x4d820420, 0x10005100, false, false, true, true },
};

static u64 p9k_branch_type;

static void p9k_branch_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_BRANCH_STACK;
	attr->branch_sample_type = p9k_branch_type;
}

static void p9k_branch_user_attr(struct perf_event_attr *attr)
{
	p9k_branch_attr(attr);
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
}

/* Whether perf's branch types @t take p9k_branches[@i] */
static bool p9k_branch_wanted(u64 t, unsigned int i)
{
	bool call = p9k_branches[i].call, ind = p9k_branches[i].ind;
	bool jump = !call && !p9k_branches[i].ret;

	return (t & PERF_SAMPLE_BRANCH_ANY) ||
	       ((t & PERF_SAMPLE_BRANCH_ANY_CALL) && call) ||
	       ((t & PERF_SAMPLE_BRANCH_CALL) && call && !ind) ||
	       ((t & PERF_SAMPLE_BRANCH_IND_CALL) && call && ind) ||
	       ((t & PERF_SAMPLE_BRANCH_ANY_RETURN) && p9k_branches[i].ret) ||
	       ((t & PERF_SAMPLE_BRANCH_IND_JUMP) && jump && ind) ||
	       ((t & PERF_SAMPLE_BRANCH_COND) && p9k_branches[i].cond);
}

static void p9k_take_branches(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(p9k_branches); i++)
		p9_model_branch(p9k_branches[i].from, p9k_branches[i].insn,
				p9k_branches[i].to, i == 2);
}

/*
 * perf record -b: the sample carries the BHRB, newest first, each entry
 * with its target (from the instruction, or the T entry of an XL-form
 * branch) and prediction.
 */
static void p9k_branch_stack(struct kunit *test)
{
	struct perf_event *ev;
	unsigned int i, n = ARRAY_SIZE(p9k_branches);

	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER |
			  PERF_SAMPLE_BRANCH_KERNEL;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, p9_model.mmcra & P9_MMCRA_BHRB_BITS, 0ULL);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_BHRBA);
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9k_take_branches();
	p9k_count(0x10002, 150, 50);
	KUNIT_ASSERT_EQ(test, atomic_read(&samples), 1);
	KUNIT_ASSERT_EQ(test, last_nr, (int)n);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, last_br[i].from, p9k_branches[n - 1 - i].from);
		KUNIT_EXPECT_EQ(test, last_br[i].to, p9k_branches[n - 1 - i].to);
		KUNIT_EXPECT_EQ(test, (u64)last_br[i].mispred,
				n - 1 - i == 2 ? 1ULL : 0ULL);
	}
	KUNIT_EXPECT_EQ(test, (u64)last_br[n - 1].type, (u64)PERF_BR_CALL);
	KUNIT_EXPECT_EQ(test, (u64)last_br[0].type, (u64)PERF_BR_IND);
	KUNIT_EXPECT_FALSE(test, p9_model.bhrb_bad_ifm);
	perf_event_release_kernel(ev);
}

/*
 * Every set of perf's seven branch types, through the driver's MMCRA bits
 * and the model's filters: a set is taken exactly when its samples carry
 * exactly its branches, else refused with EOPNOTSUPP.
 */
static void p9k_branch_filters(struct kunit *test)
{
	static const u64 types[] = {
		PERF_SAMPLE_BRANCH_ANY, PERF_SAMPLE_BRANCH_ANY_CALL,
		PERF_SAMPLE_BRANCH_CALL, PERF_SAMPLE_BRANCH_IND_CALL,
		PERF_SAMPLE_BRANCH_ANY_RETURN, PERF_SAMPLE_BRANCH_IND_JUMP,
		PERF_SAMPLE_BRANCH_COND,
	};
	unsigned int set, i, taken = 0;

	p9_model.pr = true;
	p9_model.pc = USER_IP;
	for (set = 1; set < BIT(ARRAY_SIZE(types)); set++) {
		struct perf_event *ev;
		unsigned int want = 0;

		p9k_branch_type = PERF_SAMPLE_BRANCH_USER;
		for (i = 0; i < ARRAY_SIZE(types); i++)
			if (set & BIT(i))
				p9k_branch_type |= types[i];
		ev = p9k_open(0x10002, 100, p9k_branch_attr);
		if (IS_ERR(ev)) {
			KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(ev), -EOPNOTSUPP,
					    "types %#llx", p9k_branch_type);
			continue;
		}
		taken++;
		atomic_set(&samples, 0);
		p9k_take_branches();
		p9k_count(0x10002, 100, 100);
		KUNIT_ASSERT_EQ(test, atomic_read(&samples), 1);
		for (i = 0; i < ARRAY_SIZE(p9k_branches); i++)
			if (p9k_branch_wanted(p9k_branch_type, i))
				want |= BIT(i);
		for (i = 0; i < last_nr; i++) {
			unsigned int k;

			for (k = 0; k < ARRAY_SIZE(p9k_branches); k++)
				if (p9k_branches[k].from == last_br[i].from)
					want ^= BIT(k);
		}
		KUNIT_EXPECT_EQ_MSG(test, want, 0U, "types %#llx mmcra %#llx",
				    p9k_branch_type, p9_model.mmcra);
		KUNIT_EXPECT_FALSE(test, p9_model.bhrb_bad_ifm);
		perf_event_release_kernel(ev);
	}
	/* 64 sets with ANY, and the ones p9_bhrb_filter_exhaustive finds */
	KUNIT_EXPECT_GT(test, taken, 64U);
}

/*
 * A user-only branch stack: MMCR0 freezes the BHRB in the kernel, an
 * event counted with it must exclude the same states, and a kernel entry
 * that got in anyway never reaches the sample.
 */
static void p9k_branch_stack_user_only(struct kunit *test)
{
	struct perf_event *ev, *kernel;

	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER;
	ev = p9k_open(0x10002, 100, p9k_branch_user_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_FCS);
	KUNIT_EXPECT_FALSE(test, p9_model.mmcr0 & P9_MMCR0_FCP);
	/* A kernel branch: frozen out. */
	p9_model.pr = false;
	p9_model_branch(KERNEL_IP, 0x4e800020, KERNEL_IP + 0x100, false);
	KUNIT_EXPECT_EQ(test, p9_model.bhrb[0], 0ULL);
	/* One that came in before the freeze (as the model writes it). */
	p9_model.bhrb[0] = KERNEL_IP;
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9k_take_branches();
	p9k_count(0x10002, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last_nr, (int)ARRAY_SIZE(p9k_branches));
	KUNIT_EXPECT_LT(test, last_br[last_nr - 1].from, KERNEL_IP);

	/* MMCR0's freeze holds for every PMC: a kernel counter waits. */
	kernel = p9k_open(0x20002, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kernel));
	KUNIT_EXPECT_TRUE(test, kernel->state != PERF_EVENT_STATE_ACTIVE ||
			  ev->state != PERF_EVENT_STATE_ACTIVE);
	perf_event_release_kernel(kernel);
	perf_event_release_kernel(ev);
}

/* Refusals of branch stack requests the BHRB cannot serve. */
static void p9k_branch_refusals(struct kunit *test)
{
	struct perf_event *ev;

	p9k_branch_type = PERF_SAMPLE_BRANCH_CALL | PERF_SAMPLE_BRANCH_USER;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_IN_TX |
			  PERF_SAMPLE_BRANCH_USER;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	KUNIT_EXPECT_FALSE(test, p9_model.reserved);
}

/* Another task on the test's CPU takes branches. */
static void p9k_other_branches(void)
{
	p9_model_branch(0x20002000, 0x48000100, 0x20002100, false);
}

/*
 * The BHRB records whatever runs: a task's branch stack must not show the
 * branches another task took while it was switched out.
 */
static void p9k_branch_stack_own_task(struct kunit *test)
{
	struct perf_event *ev;
	unsigned int clears, i;

	p9k_branch_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER |
			  PERF_SAMPLE_BRANCH_KERNEL;
	ev = p9k_open(0x10002, 100, p9k_branch_attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pr = true;
	p9_model.pc = USER_IP;
	p9k_take_branches();
	clears = p9_model.bhrb_clears;
	p9k_run_other(test, p9k_other_branches);
	KUNIT_EXPECT_GT(test, p9_model.bhrb_clears, clears);
	p9_model_branch(0x10006000, 0x48000100, 0x10006100, false);
	p9k_count(0x10002, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_GE(test, last_nr, 1);
	for (i = 0; i < last_nr; i++)
		KUNIT_EXPECT_NE(test, last_br[i].from, 0x20002000ULL);
	KUNIT_EXPECT_EQ(test, last_br[0].from, 0x10006000ULL);
	perf_event_release_kernel(ev);
}

/* Event-based branches: PM_INST_CMPL on PMC1, with the EBB flag. */
#define P9K_EBB		(0x10002ULL | BIT_ULL(63))

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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
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

static int p9k_suite_init(struct kunit_suite *suite)
{
	pmu_model_steady_sample_rate();
	p9_model_reset();
	return p9_register(&p9_model_ops, "power9_model");
}

static void p9k_suite_exit(struct kunit_suite *suite)
{
	p9_unregister();
}

static struct kunit_case p9k_cases[] = {
	KUNIT_CASE(p9k_counts),
	KUNIT_CASE(p9k_folds_32bit_counter),
	KUNIT_CASE(p9k_exclude_user),
	KUNIT_CASE(p9k_group_of_six),
	KUNIT_CASE(p9k_samples),
	KUNIT_CASE(p9k_marked_sample_uses_siar),
	KUNIT_CASE(p9k_phys_addr_without_addr),
	KUNIT_CASE(p9k_mem_events),
	KUNIT_CASE(p9k_continuous_sdar_addr),
	KUNIT_CASE(p9k_intr_regs_sier_mmcra),
	KUNIT_CASE(p9k_sample_regs_cleared),
	KUNIT_CASE(p9k_sample_addr_zero),
	KUNIT_CASE(p9k_user_sample_no_kernel_regs),
	KUNIT_CASE(p9k_period_reload_inside_overflow),
	KUNIT_CASE(p9k_dropped_samples_are_accounted),
	KUNIT_CASE(p9k_no_kernel_sample),
	KUNIT_CASE(p9k_stale_negative_counter),
	KUNIT_CASE(p9k_unused_counter_alert),
	KUNIT_CASE(p9k_unclaimed_alert),
	KUNIT_CASE(p9k_sample_keeps_interrupted_regs),
	KUNIT_CASE(p9k_refusals),
	KUNIT_CASE(p9k_ebb_refusals),
	KUNIT_CASE(p9k_ebb_task_owns_counter),
	KUNIT_CASE(p9k_ebb_alert),
	KUNIT_CASE(p9k_ebb_first_use_alerts),
	KUNIT_CASE(p9k_ebb_groups),
	KUNIT_CASE(p9k_ebb_task_pmcs_not_zero),
	KUNIT_CASE(p9k_ebb_out_nmi_anywhere),
	KUNIT_CASE(p9k_generic_events),
	KUNIT_CASE(p9k_two_samplers_same_event),
	KUNIT_CASE(p9k_multiplexes),
	KUNIT_CASE(p9k_alternative_counts),
	KUNIT_CASE(p9k_nmi_during_read),
	KUNIT_CASE(p9k_own_overflow_during_read),
	KUNIT_CASE(p9k_nmi_anywhere),
	KUNIT_CASE(p9k_stopped_counter_stays_quiet),
	KUNIT_CASE(p9k_switch_only_freezes),
	KUNIT_CASE(p9k_switch_nmi_anywhere),
	KUNIT_CASE(p9k_switch_accesses),
	KUNIT_CASE(p9k_mmcrs_written_when_changed),
	KUNIT_CASE(p9k_companion_counter_zeroed),
	KUNIT_CASE(p9k_pmcs_zero_for_others),
	KUNIT_CASE(p9k_late_alert_clears_sample_regs),
	KUNIT_CASE(p9k_branch_stack),
	KUNIT_CASE(p9k_branch_filters),
	KUNIT_CASE(p9k_branch_stack_user_only),
	KUNIT_CASE(p9k_branch_refusals),
	KUNIT_CASE(p9k_branch_stack_own_task),
	{}
};

static struct kunit_suite p9k_suite = {
	.name = "power9_pmu_model",
	.init = p9k_init,
	.suite_init = p9k_suite_init,
	.suite_exit = p9k_suite_exit,
	.test_cases = p9k_cases,
};

kunit_test_suite(p9k_suite);

MODULE_DESCRIPTION("KUnit tests of the POWER9 perf glue against a PMU model");
MODULE_LICENSE("GPL");
