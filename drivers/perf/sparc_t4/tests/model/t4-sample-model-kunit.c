// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the SPARC T4 perf glue against the register-level model
 * (t4-model.c): samples, the disrupting trap's skid into a mode the
 * event excludes, precise samples, and what the overflow trap leaves in
 * the PCRs.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "t4k.h"

static void t4k_samples(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 1000, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model.pc = USER_IP;
	t4k_count(26, 0, 2500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 2500ULL);
	KUNIT_EXPECT_EQ(test, t4k_last_ip, USER_IP);
	perf_event_release_kernel(ev);
}

/*
 * A user-only event whose disrupting trap skidded into the kernel: the
 * interrupted registers are the kernel's, and no sample reports them.
 */
static void t4k_skid_into_kernel(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 1000, t4k_user_only);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model.pc = USER_IP;
	t4k_count(26, 0, 1500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 1);
	t4_model.trap_in_priv = true;
	t4k_count(26, 0, 1000, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 2500ULL);
	perf_event_release_kernel(ev);
}

static void t4k_kernel_only(struct perf_event_attr *a)
{
	a->exclude_user = 1;
	a->exclude_hv = 1;
}

/*
 * A kernel-only event whose trap is taken after the return to user mode
 * (it overflowed on the way out, or while traps were held): the
 * registers are the user's, which the event excludes, and no sample
 * reports them either.
 */
static void t4k_skid_into_user(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 1000, t4k_kernel_only);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model.pc = USER_IP;
	t4_model.mode = T4_MODEL_PRIV;
	t4k_count(26, 0, 1500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 1);
	/* The overflow in the kernel, the trap once back in user mode. */
	t4_model.in_trap = true;
	t4k_count(26, 0, 600, 100);
	t4_model.mode = T4_MODEL_USER;
	t4_model.in_trap = false;
	t4_model_deliver();
	KUNIT_EXPECT_EQ(test, t4_model.traps, 2U);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 2100ULL);
	perf_event_release_kernel(ev);
}

/* Precise groups: the sample is the overflowing instruction, or with ntc the one before. */
static void t4k_precise_samples(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(16, 0x07), 1000, t4k_precise);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model.pc = USER_IP;
	t4_model_count(16, 0x01, 2500);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, t4k_last_ip, USER_IP);
	/* No skid: each trap came exactly at the 1000th event. */
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 2500ULL);
	t4_model.ntc = true;
	t4_model_count(16, 0x02, 500);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 3);
	KUNIT_EXPECT_EQ(test, t4k_last_ip, USER_IP - 4);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[ev->hw.idx] & T4_PCR_NTC);
	KUNIT_EXPECT_EQ(test, t4_model.lost_traps, 0U);
	perf_event_release_kernel(ev);
}

/* The PCR and PIC accesses so far: pcr, the PCR ones (hypervisor calls). */
static unsigned int t4k_accesses(unsigned int *pcr)
{
	unsigned int c, pic = t4_model.pic_reads;

	*pcr = t4_model.pcr_reads + t4_model_pcr_writes();
	for (c = 0; c < T4_NUM_COUNTERS; c++)
		pic += t4_model.pic_writes[c];
	return *pcr + pic;
}

/*
 * The trap of one sampling event among @n events: no more register work
 * than the built-in sparc64 PMU's perf_event_nmi_handler() (6.12) does
 * for n events, which writes every event's PCR, reads every PIC and
 * writes the overflowed one's: n PCR accesses, 2n + 1 in all.
 */
static void t4k_sample_cost(struct kunit *test, unsigned int n)
{
	struct perf_event *ev[T4_NUM_COUNTERS];
	unsigned int i, pcr, all, pcr0, all0;

	ev[0] = t4k_open(T4_CONFIG(26, 0), 1000, NULL);
	for (i = 1; i < n; i++)
		ev[i] = t4k_open(T4_CONFIG(6, 0x01), 0, NULL);
	for (i = 0; i < n; i++)
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
	t4_model.pc = USER_IP;
	t4_model_count(26, 0, 999);
	all0 = t4k_accesses(&pcr0);
	t4_model_count(26, 0, 1);
	all = t4k_accesses(&pcr) - all0;
	pcr -= pcr0;
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 1);
	kunit_info(test, "one sample of %u events: %u accesses, %u of PCRs",
		   n, all, pcr);
	KUNIT_EXPECT_LE(test, pcr, n);
	KUNIT_EXPECT_LE(test, all, 2 * n + 1);
	t4_model_count(26, 0, 1000);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, t4k_value(ev[0]), 2000ULL);
	for (i = 0; i < n; i++)
		perf_event_release_kernel(ev[i]);
	atomic_set(&t4k_nr_samples, 0);
}

static void t4k_sample_accesses(struct kunit *test)
{
	t4k_sample_cost(test, 1);
	t4k_sample_cost(test, 2);
	t4k_sample_cost(test, 4);
}

/*
 * A PCR write that overflows the PIC has ov set again by hardware: the
 * driver clears ov only with counting stopped or with the PIC just past
 * a wrap, far from the next, so its writes never do. The event a write
 * at the trap counts comes between the fold and the new start, and is
 * not counted.
 */
static void t4k_ov_rewrite(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	u64 total = 0x100000000ULL + 5;
	unsigned int c;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	c = ev->hw.idx;
	t4_model.write_counts = true;
	t4_model.mode = T4_MODEL_HYP;
	t4k_count(26, 0, total, 0x80000000);
	KUNIT_EXPECT_EQ(test, t4_model.traps, 2U);
	KUNIT_EXPECT_EQ(test, t4_model.ov_rewrites, 0U);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[c] & T4_PCR_OV);
	KUNIT_EXPECT_GT(test, t4_model.write_events, 0ULL);
	KUNIT_EXPECT_GE(test, t4k_value(ev), total);
	KUNIT_EXPECT_LE(test, t4k_value(ev), total + t4_model.write_events);
	perf_event_release_kernel(ev);

	/* What a single write clearing ov while counting would do. */
	t4_model.pic[c] = 0xffffffff;
	t4_model.pcr[c] = T4_PCR_HT | T4_PCR_TOE | (26 << 11);
	t4_model_ops.write_pcr(c, T4_PCR_HT | (26 << 11));
	KUNIT_EXPECT_TRUE(test, t4_model.pcr[c] & T4_PCR_OV);
	KUNIT_EXPECT_EQ(test, t4_model.ov_rewrites, 1U);
}

static void t4k_sl28_preload(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(28, 0x03), 2, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	/* 2^32 - 2 is in the race window: the driver starts at -4. */
	KUNIT_EXPECT_EQ(test, t4_model.pic[ev->hw.idx], 0xfffffffcU);
	t4_model_count(28, 0x01, 4);
	KUNIT_EXPECT_EQ(test, atomic_read(&t4k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 4ULL);
	KUNIT_EXPECT_LT(test, t4_model.pic[ev->hw.idx], 0xfffffffdU);
	perf_event_release_kernel(ev);
}

static struct kunit_case sparc_t4_sample_model_cases[] = {
	KUNIT_CASE(t4k_sample_accesses),
	KUNIT_CASE(t4k_samples),
	KUNIT_CASE(t4k_skid_into_kernel),
	KUNIT_CASE(t4k_skid_into_user),
	KUNIT_CASE(t4k_precise_samples),
	KUNIT_CASE(t4k_ov_rewrite),
	KUNIT_CASE(t4k_sl28_preload),
	{}
};

static struct kunit_suite sparc_t4_sample_model_suite = {
	.name = "sparc_t4_sample_model",
	.init = t4k_init,
	.suite_init = t4k_suite_init,
	.suite_exit = t4k_suite_exit,
	.test_cases = sparc_t4_sample_model_cases,
};

kunit_test_suite(sparc_t4_sample_model_suite);
