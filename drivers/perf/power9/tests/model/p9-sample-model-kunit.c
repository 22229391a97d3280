// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 perf glue on the real perf core, against the
 * register-level model (p9-model.c): samples: SIAR, SDAR and SIER, marked
 * and continuous sampling, memory events, the interrupt's registers, no
 * kernel address for events that exclude the kernel, and what an alert
 * leaves behind.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "p9k.h"

static void p9k_samples(struct kunit *test)
{
	struct perf_event *ev = p9k_open(0x10002, 1000, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pc = USER_IP;
	p9_model.pr = true;
	p9k_count(0x10002, 2500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 2500ULL);
	/* Continuous sampling: SIER says nothing, the PC is reported. */
	KUNIT_EXPECT_EQ(test, p9k_last_ip, USER_IP);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), n);
	KUNIT_EXPECT_EQ(test, p9k_last_ip, USER_IP);
	KUNIT_EXPECT_TRUE(test, p9k_last_user);
	KUNIT_EXPECT_EQ(test, p9k_last_sp, USER_SP);
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
	p9k_last_addr = 1;
	p9_model_count(0x10002, 150);
	p9k_dirty_stack();
	KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, p9k_last_addr, 0ULL);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
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
	p9k_last_addr = 0;
	p9k_count(code, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, p9k_last_addr, USER_DATA);
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
	p9k_last_addr = 0;
	p9k_count(0x401e0, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, p9k_last_addr, USER_DATA);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_FALSE(test, p9k_last_user);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 0);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 0);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 0);
	KUNIT_EXPECT_GT(test, ev->hw.interrupts, 0U);
	perf_event_release_kernel(ev);
}

/* What the perf core's frequency adjustment does from inside the overflow. */
static void p9k_reload_overflow(struct perf_event *event,
				struct perf_sample_data *data,
				struct pt_regs *regs)
{
	atomic_inc(&p9k_nr_samples);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	p9k_count(0x10002, 4000, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	p9k_count(0x10002, 1100, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 5250ULL);
	perf_event_release_kernel(ev);
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

	pmu_kunit_expect_event_file(test, &pc->pmu, "mem-loads",
				    "event=0x401e0,sample_elig=0x5,thresh_sel=0x1,thresh_stop=0x4,thresh_start=0x3\n");
	pmu_kunit_expect_event_file(test, &pc->pmu, "mem-stores",
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, p9k_last_addr, USER_DATA);
	KUNIT_EXPECT_EQ(test, p9k_last_weight, 320ULL);
	src.val = p9k_last_data_src;
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

static void p9k_weight_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_WEIGHT;
}

static void p9k_regs_intr_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_REGS_INTR;
	attr->sample_regs_intr = BIT_ULL(0);
}

static void p9k_addr_weight_attr(struct perf_event_attr *attr)
{
	attr->sample_type = PERF_SAMPLE_ADDR | PERF_SAMPLE_WEIGHT;
}

/*
 * The register accesses of one interrupt that samples @ev: a user
 * instruction of the task, whose SIER and SIAR the alert latched.
 */
static unsigned int p9k_sample_cost(struct kunit *test, struct perf_event *ev)
{
	int n = atomic_read(&p9k_nr_samples);
	unsigned int before;

	KUNIT_EXPECT_FALSE(test, IS_ERR(ev));
	if (IS_ERR(ev))
		return 0;
	p9_model.pc = USER_IP;
	p9_model.pr = true;
	p9_model.latch.sier = P9_SIER_MSR_PR;
	p9_model.latch.siar = USER_IP;
	p9_model_count(0x10002, 150);
	before = p9_model.accesses;
	KUNIT_EXPECT_TRUE(test, p9_model_take_interrupt());
	before = p9_model.accesses - before;
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), n + 1);
	perf_event_release_kernel(ev);
	return before;
}

/*
 * A sample costs at most 4 + n register accesses for n events: SIER,
 * SIAR, the n counters read, the overflowed one written and MMCR0
 * written to unfreeze; the alert froze the counters already (FCECE).
 * SDAR is read only for a data address, MMCRA only for a weight or the
 * interrupt registers.
 */
static void p9k_sample_accesses(struct kunit *test)
{
	struct perf_event *b;
	unsigned int n;

	n = p9k_sample_cost(test, p9k_open(0x10002, 100, NULL));
	kunit_info(test, "register accesses for one sample of one event: %u", n);
	KUNIT_EXPECT_LE(test, n, 5U);
	b = p9k_open(P9K_B_CODE, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	n = p9k_sample_cost(test, p9k_open(0x10002, 100, NULL));
	kunit_info(test, "register accesses for one sample of two events: %u", n);
	KUNIT_EXPECT_LE(test, n, 6U);
	perf_event_release_kernel(b);
	n = p9k_sample_cost(test, p9k_open(0x10002, 100, p9k_addr_attr));
	kunit_info(test, "with PERF_SAMPLE_ADDR: %u", n);
	KUNIT_EXPECT_LE(test, n, 6U);
	n = p9k_sample_cost(test, p9k_open(0x10002, 100, p9k_weight_attr));
	kunit_info(test, "with PERF_SAMPLE_WEIGHT: %u", n);
	KUNIT_EXPECT_LE(test, n, 6U);
	n = p9k_sample_cost(test, p9k_open(0x10002, 100, p9k_regs_intr_attr));
	kunit_info(test, "with PERF_SAMPLE_REGS_INTR: %u", n);
	KUNIT_EXPECT_LE(test, n, 6U);
	n = p9k_sample_cost(test, p9k_open(0x10002, 100, p9k_addr_weight_attr));
	kunit_info(test, "with PERF_SAMPLE_ADDR and WEIGHT: %u", n);
	KUNIT_EXPECT_LE(test, n, 7U);
}

/*
 * A CPU-wide event's sample leaves no address behind, even a user one:
 * no switch of the task's events clears SIER, SIAR and SDAR before
 * another task runs.
 */
static void p9k_cpu_sample_regs_cleared(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = p9_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = 0x10002,
		.sample_period = 100,
	};
	struct perf_event *ev;

	ev = perf_event_create_kernel_counter(&attr, raw_smp_processor_id(),
					      NULL, p9k_overflow, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	p9_model.pc = USER_IP;
	p9_model.pr = true;
	p9_model.latch.sier = P9_SIER_MSR_PR;
	p9_model.latch.siar = USER_IP;
	p9k_count(0x10002, 150, 50);
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, p9_model.sier | p9_model.siar | p9_model.sdar, 0ULL);
	perf_event_release_kernel(ev);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 0);
	perf_event_release_kernel(ev);
}

static struct kunit_case power9_sample_model_cases[] = {
	KUNIT_CASE(p9k_samples),
	KUNIT_CASE(p9k_marked_sample_uses_siar),
	KUNIT_CASE(p9k_phys_addr_without_addr),
	KUNIT_CASE(p9k_mem_events),
	KUNIT_CASE(p9k_continuous_sdar_addr),
	KUNIT_CASE(p9k_intr_regs_sier_mmcra),
	KUNIT_CASE(p9k_sample_regs_cleared),
	KUNIT_CASE(p9k_cpu_sample_regs_cleared),
	KUNIT_CASE(p9k_sample_accesses),
	KUNIT_CASE(p9k_sample_addr_zero),
	KUNIT_CASE(p9k_user_sample_no_kernel_regs),
	KUNIT_CASE(p9k_period_reload_inside_overflow),
	KUNIT_CASE(p9k_dropped_samples_are_accounted),
	KUNIT_CASE(p9k_no_kernel_sample),
	KUNIT_CASE(p9k_sample_keeps_interrupted_regs),
	KUNIT_CASE(p9k_late_alert_clears_sample_regs),
	{}
};

static struct kunit_suite power9_sample_model_suite = {
	.name = "power9_sample_model",
	.init = p9k_init,
	.suite_init = p9k_suite_init,
	.suite_exit = p9k_suite_exit,
	.test_cases = power9_sample_model_cases,
};

kunit_test_suite(power9_sample_model_suite);
