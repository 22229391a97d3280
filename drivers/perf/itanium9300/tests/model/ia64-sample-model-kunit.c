// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 perf glue against the register-level
 * model (ia64-model.c): samples, and the data, instruction and QPI EAR
 * samples read only while frozen.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "ia64k.h"

static void ia64k_samples(struct kunit *test)
{
	struct perf_event *ev = ia64k_open(CFG(0x08, 0), 1000);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.ip = USER_IP;
	ia64k_count(0x08, 0, 2500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 2500ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.ip, USER_IP);
	/* Unfrozen, overflow bits cleared. */
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[0], 0ULL);
	perf_event_release_kernel(ev);
}

/*
 * An interrupt that changed no event reprograms nothing but the counter
 * that overflowed: PMC0 read, the counter read and written again, PMC0
 * cleared. At most 4 + n register accesses for n events (issue 24).
 */
static void ia64k_sample_accesses(struct kunit *test)
{
	struct perf_event *ev = ia64k_open(CFG(0x08, 0), 1000);
	unsigned int before, n;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.ip = USER_IP;
	ia64_model_count(0x08, 0, 1000);
	before = ia64_model.accesses;
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	n = ia64_model.accesses - before;
	kunit_info(test, "register accesses for one sample: %u", n);
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_EXPECT_LE(test, n, 4U + 1);
	/* Rearmed: the next period samples again, from the same counter. */
	ia64_model_count(0x08, 0, 1000);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 2000ULL);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[0], 0ULL);
	perf_event_release_kernel(ev);
}

/*
 * A user-only event whose interrupt came in the kernel (skid), and a data
 * EAR capture of a region 5 instruction (kernel text, modules and vmalloc
 * live there, below PAGE_OFFSET): neither is reported.
 */
static void ia64k_no_kernel_samples(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.sample_period = 1000,
		.exclude_kernel = 1,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.cpl = 3;
	ia64_model.ip = USER_IP;
	/* The overflow freezes the counters until the interrupt. */
	ia64_model_count(0x08, 0, 1000);
	ia64_model.cpl = 0;
	ia64_model.ip = 0xa000000100001000ULL;
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 0);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 1000ULL);
	perf_event_release_kernel(ev);

	attr = (struct perf_event_attr) {
		.config = CFG(0xc8, 0) | FIELD_PREP(IA64_CFG_EAR_UMASK, 3),
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_ADDR,
		.exclude_kernel = 1,
	};
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.cpl = 3;
	ia64_model.ip = USER_IP;
	ia64_model_dear_miss(DATA_ADDR, 0xa000000100002000ULL, 120);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 0);
	perf_event_release_kernel(ev);
}

static void ia64k_dear_samples(struct kunit *test)
{
	struct perf_event_attr attr = {
		/* DATA_EAR_EVENTS, cache mode, latency >= 32 (umask 3). */
		.config = CFG(0xc8, 0) | FIELD_PREP(IA64_CFG_EAR_UMASK, 3),
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_ADDR |
			       PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_WEIGHT,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_DEAR_UMASK,
					ia64_model.pmc[IA64_PMC_DEAR]), 3ULL);
	/* User code misses, and is interrupted. */
	ia64_model.cpl = 3;
	ia64_model.ip = 0x4000000000000100ULL;
	/* Below the threshold: not captured, not counted. */
	ia64_model_dear_miss(DATA_ADDR, USER_IP, 20);
	KUNIT_EXPECT_FALSE(test, ia64_model_take_interrupt());
	ia64_model_dear_miss(DATA_ADDR, USER_IP, 120);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, ia64k_last.addr, DATA_ADDR);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 120ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.ip, USER_IP);
	KUNIT_EXPECT_EQ(test, ia64k_last.data_src, PERF_MEM_S(OP, LOAD) |
			PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVL, MISS));
	/* The driver re-armed the EAR: the next miss is captured too. */
	ia64_model_dear_miss(DATA_ADDR + 0x40, USER_IP + 0x10, 300);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_last.addr, DATA_ADDR + 0x40);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 300ULL);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 2ULL);
	perf_event_release_kernel(ev);
}

/* PHYS_ADDR alone: the perf core translates the EAR's data address. */
static void ia64k_dear_phys_addr_alone(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0xc8, 0) | FIELD_PREP(IA64_CFG_EAR_UMASK, 3),
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_PHYS_ADDR,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.cpl = 3;
	ia64_model.ip = USER_IP;
	ia64_model_dear_miss(DATA_ADDR, USER_IP, 120);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, ia64k_last.addr, DATA_ADDR);
	perf_event_release_kernel(ev);
}

/*
 * A sample of cpe_cpp_misc.cear carries the core's QEAR measurement: its
 * physical address, latency and source. The driver enabled the QEAR for
 * this thread (ot) with every request eligible.
 */
static void ia64k_qear_samples(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = QEAR_CFG,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_ADDR | PERF_SAMPLE_PHYS_ADDR |
			       PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC,
	};
	struct perf_event *ev;
	u64 ctl;

	ia64_model.thread = 1;
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ctl = ia64_model.qear_ctl;
	KUNIT_EXPECT_TRUE(test, ctl & IA64_QEAR_CTL_EN);
	KUNIT_EXPECT_TRUE(test, ctl & IA64_QEAR_CTL_OT);
	KUNIT_EXPECT_TRUE(test, ctl & IA64_QEAR_CTL_LFSR_MSK);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_MC, ctl), 7ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_OPMSK, ctl), 0xfULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_THRESH, ctl), 0ULL);
	KUNIT_EXPECT_EQ(test, ia64_model.qear_ctl_writes, 1U);

	ia64_model.cpl = 3;
	ia64_model.ip = USER_IP;
	ia64_model_qear_start(QEAR_PA | 0x3f, 1, 0x3, 0x15);
	ia64_model_qear_done(400, true);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, ia64k_last.phys_addr, QEAR_PA);
	KUNIT_EXPECT_EQ(test, ia64k_last.addr, 0ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 400ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.data_src, PERF_MEM_S(OP, NA) |
			PERF_MEM_S(LVL, NA) | PERF_MEM_S(LVLNUM, RAM));

	/* No reprogramming between samples (5.3, step 6); overflow: 2^15. */
	ia64_model_qear_start(QEAR_PA + 0x40, 0, 0x1, 0x2);
	ia64_model_qear_done(40000, false);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_last.phys_addr, QEAR_PA + 0x40);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 32768ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.data_src, PERF_MEM_S(OP, NA) |
			PERF_MEM_S(LVL, NA));
	KUNIT_EXPECT_EQ(test, ia64_model.qear_ctl_writes, 1U);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 2ULL);

	/* The last user disables the QEAR it enabled. */
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, ia64_model.qear_ctl & IA64_QEAR_CTL_EN);
}

/* A measurement still in progress at the overflow gives no sample. */
static void ia64k_qear_inprog(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = QEAR_CFG,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_WEIGHT,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, ia64_model.qear_ctl & IA64_QEAR_CTL_OT);
	ia64_model.cpl = 3;
	ia64_model.ip = USER_IP;
	/* The event is counted while the QEAR holds a new request. */
	ia64_model_qear_start(QEAR_PA, 0, 0x1, 0x2);
	ia64_model_count(0xa0, 0x1, 1);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 0);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 1ULL);
	ia64_model_qear_done(200, false);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, ia64k_last.phys_addr, QEAR_PA);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 200ULL);
	perf_event_release_kernel(ev);
}

/*
 * Counting cpe_cpp_misc.cear, or sampling it without the QEAR's fields,
 * leaves CPE_CSR_QEAR_CTL to whoever set it; a second user of the QEAR
 * on the CPU finds it programmed and does not restart it.
 */
static void ia64k_qear_users(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = QEAR_CFG,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IP,
	};
	struct perf_event *counting, *ip_only, *a, *b;

	counting = ia64k_open(QEAR_CFG, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(counting));
	ip_only = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ip_only));
	KUNIT_EXPECT_EQ(test, ia64_model.qear_ctl_writes, 0U);
	perf_event_release_kernel(ip_only);
	perf_event_release_kernel(counting);

	attr.sample_type = PERF_SAMPLE_DATA_SRC;
	a = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, ia64_model.qear_ctl_writes, 1U);
	perf_event_release_kernel(a);
	KUNIT_EXPECT_TRUE(test, ia64_model.qear_ctl & IA64_QEAR_CTL_EN);
	/* The other thread took the QEAR: this one leaves it enabled. */
	ia64_model.qear_ctl |= IA64_QEAR_CTL_OT;
	perf_event_release_kernel(b);
	KUNIT_EXPECT_TRUE(test, ia64_model.qear_ctl & IA64_QEAR_CTL_EN);
	KUNIT_EXPECT_EQ(test, ia64_model.qear_ctl_writes, 1U);
}

/*
 * qear_mc and qear_thresh go to CPE_CSR_QEAR_CTL: a measurement below
 * the threshold does not count. They need a QEAR sample.
 */
static void ia64k_qear_filters(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = QEAR_CFG | FIELD_PREP(IA64_CFG_QEAR_MC, 1) |
			  FIELD_PREP(IA64_CFG_QEAR_THRESH, 2),
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_WEIGHT,
	};
	struct perf_event *ev;

	ev = ia64k_open(attr.config, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ev), -EINVAL);
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_MC, ia64_model.qear_ctl),
			1ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_THRESH,
					ia64_model.qear_ctl), 2ULL);
	ia64_model.cpl = 3;
	ia64_model.ip = USER_IP;
	ia64_model_qear_start(QEAR_PA, 0, 0x1, 0x2);
	ia64_model_qear_done(255, false);
	KUNIT_EXPECT_FALSE(test, ia64_model_take_interrupt());
	ia64_model_qear_start(QEAR_PA, 0, 0x1, 0x2);
	ia64_model_qear_done(256, false);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&ia64k_nr_samples), 1);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 256ULL);
	perf_event_release_kernel(ev);
}

/* Events that want different classes take the QEAR in turns. */
static void ia64k_qear_multiplexes(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = QEAR_CFG | FIELD_PREP(IA64_CFG_QEAR_MC, 1),
		.sample_period = 1000000,
		.sample_type = PERF_SAMPLE_PHYS_ADDR,
	};
	struct perf_event *a, *b;
	unsigned int i = 0;
	ktime_t start;

	a = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	attr.config = QEAR_CFG | FIELD_PREP(IA64_CFG_QEAR_MC, 2);
	b = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	start = ktime_get();
	do {
		ia64_model_count(0xa0, 0x1, 10);
	} while (pmu_model_mux_more(start, ++i));
	pmu_model_expect_multiplexed(test, a, b);
}

static void ia64k_dtlb_samples(struct kunit *test)
{
	struct perf_event_attr attr = {
		/* Data EAR TLB mode, misses that hit the VHPT only. */
		.config = CFG(0xc8, 0) | FIELD_PREP(IA64_CFG_EAR_MODE, 1) |
			  FIELD_PREP(IA64_CFG_EAR_UMASK, 0x4),
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.cpl = 3;
	ia64_model_dtlb_miss(DATA_ADDR, USER_IP, 1);
	KUNIT_EXPECT_FALSE(test, ia64_model_take_interrupt());
	ia64_model_dtlb_miss(DATA_ADDR, USER_IP, 2);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, ia64k_last.addr, DATA_ADDR);
	KUNIT_EXPECT_EQ(test, ia64k_last.data_src & (PERF_MEM_S(TLB, WK) |
					       PERF_MEM_S(TLB, HIT)),
			PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT));
	perf_event_release_kernel(ev);
}

static void ia64k_iear_samples(struct kunit *test)
{
	struct perf_event_attr attr = {
		/* L1I_EAR_EVENTS, cache mode, every miss (01xxxxxx). */
		.config = CFG(0x43, 0) | FIELD_PREP(IA64_CFG_EAR_UMASK, 0x40),
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_ADDR |
			       PERF_SAMPLE_WEIGHT,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.cpl = 3;
	ia64_model_iear_miss(0x4000000000003fc0ULL, 17);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, ia64k_last.addr, 0x4000000000003fc0ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.ip, 0x4000000000003fc0ULL);
	KUNIT_EXPECT_EQ(test, ia64k_last.weight, 17ULL);
	perf_event_release_kernel(ev);
}

static struct kunit_case itanium9300_sample_model_cases[] = {
	KUNIT_CASE(ia64k_samples),
	KUNIT_CASE(ia64k_sample_accesses),
	KUNIT_CASE(ia64k_no_kernel_samples),
	KUNIT_CASE(ia64k_dear_samples),
	KUNIT_CASE(ia64k_dear_phys_addr_alone),
	KUNIT_CASE(ia64k_qear_samples),
	KUNIT_CASE(ia64k_qear_inprog),
	KUNIT_CASE(ia64k_qear_users),
	KUNIT_CASE(ia64k_qear_filters),
	KUNIT_CASE(ia64k_qear_multiplexes),
	KUNIT_CASE(ia64k_dtlb_samples),
	KUNIT_CASE(ia64k_iear_samples),
	{}
};

static struct kunit_suite itanium9300_sample_model_suite = {
	.name = "itanium9300_sample_model",
	.init = ia64k_init,
	.exit = ia64k_exit,
	.suite_init = ia64k_suite_init,
	.suite_exit = ia64k_suite_exit,
	.test_cases = itanium9300_sample_model_cases,
};

kunit_test_suite(itanium9300_sample_model_suite);
