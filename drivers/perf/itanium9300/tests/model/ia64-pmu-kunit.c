// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 perf glue on the real perf core,
 * against the register-level model (ia64-model.c): counting across
 * schedule in/out, privilege levels and PSR.pp, 47-bit folding through
 * the overflow interrupt, thresholds, sampling, data and instruction EAR
 * samples read only while frozen, branch stacks from the trace buffer in
 * its ETB and IP-EAR modes,
 * instruction and data address range qualification on the four tag
 * channels and in combination, refusals, and multiplexing of events
 * whose L1D sets exclude each other.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/model.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-model.h"
#include "ia64-catalogue.h"
#include "ia64-event.h"
#include "ia64-pmc.h"
#include "ia64-sched.h"
#include "ia64-pmu.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define CFG(code, umask)	IA64_CONFIG(code, umask)
#define USER_IP			0x4000000000012342ULL
#define DATA_ADDR		0x6000000000abc128ULL

static atomic_t samples;
static struct {
	u64 ip;
	u64 addr;
	u64 phys_addr;
	u64 weight;
	u64 data_src;
	unsigned int nr_branches;
	struct perf_branch_entry branches[IA64_ETB_ENTRIES];
} last;

static void ia64k_overflow(struct perf_event *event,
			   struct perf_sample_data *data, struct pt_regs *regs)
{
	atomic_inc(&samples);
	last.ip = instruction_pointer(regs);
	last.addr = data->addr;
	last.phys_addr = data->phys_addr;
	last.weight = data->weight.full;
	last.data_src = data->data_src.val;
	last.nr_branches = 0;
	if ((data->sample_flags & PERF_SAMPLE_BRANCH_STACK) && data->br_stack) {
		last.nr_branches = min_t(u64, data->br_stack->nr, IA64_ETB_ENTRIES);
		memcpy(last.branches, data->br_stack->entries,
		       last.nr_branches * sizeof(last.branches[0]));
	}
}

static struct perf_event *ia64k_open_attr(struct perf_event_attr *attr)
{
	attr->type = ia64_pmu_core.pmu.type;
	attr->size = sizeof(*attr);
	return perf_event_create_kernel_counter(attr, -1, current,
						attr->sample_period ?
						ia64k_overflow : NULL, NULL);
}

static struct perf_event *ia64k_open(u64 config, u64 period)
{
	struct perf_event_attr attr = {
		.config = config,
		.sample_period = period,
	};

	return ia64k_open_attr(&attr);
}

static u64 ia64k_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Count @total of the event in chunks, taking interrupts as they come. */
static void ia64k_count(u8 es, u8 umask, u64 total, u64 chunk)
{
	while (total) {
		u64 n = min(total, chunk);

		ia64_model_count(es, umask, n);
		ia64_model_take_interrupt();
		total -= n;
	}
}

static int ia64k_init(struct kunit *test)
{
	int ret = pmu_model_pin_current();

	if (ret)
		return ret;
	ia64_model_reset();
	atomic_set(&samples, 0);
	memset(&last, 0, sizeof(last));
	return 0;
}

static void ia64k_exit(struct kunit *test)
{
	/* The frozen-read rule and the overflow bit rule, in every test. */
	KUNIT_EXPECT_EQ(test, ia64_model.undefined_reads, 0U);
	KUNIT_EXPECT_EQ(test, ia64_model.bit47_writes, 0U);
	KUNIT_EXPECT_EQ(test, ia64_model.debugger_clobbers, 0U);
}

/* The counter PMC4-15 that holds @es, or 0. */
static unsigned int ia64k_counter_of(u8 es)
{
	unsigned int i;

	for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++)
		if (FIELD_GET(IA64_PMC_PLM, ia64_model.pmc[i]) &&
		    FIELD_GET(IA64_PMC_ES, ia64_model.pmc[i]) == es)
			return i;
	return 0;
}

static void ia64k_counts(struct kunit *test)
{
	struct perf_event *ev = ia64k_open(CFG(0x08, 0), 0);
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, ia64_model.reserved);
	i = ia64k_counter_of(0x08);
	KUNIT_ASSERT_NE(test, i, 0U);
	/* Privileged monitor, overflow interrupt, ism '10, both levels. */
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[i] & 0x30000ff, 0x2000069ULL);
	KUNIT_EXPECT_FALSE(test, ia64_model.pmc[0] & IA64_PMC0_FR);
	for (i = 0; i < 3; i++) {
		ia64_model_count(0x08, 0, 1000);
		schedule();
	}
	/* An event nobody selected is not counted. */
	ia64_model_count(0x12, 0, 500);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 3000ULL);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);
}

static void ia64k_privilege_levels(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.exclude_user = 1,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.cpl = 3;
	ia64_model_count(0x08, 0, 500);
	ia64_model.cpl = 0;
	ia64_model_count(0x08, 0, 300);
	/* A privileged monitor counts only while PSR.pp is set. */
	ia64_model.psr_pp = false;
	ia64_model_count(0x08, 0, 200);
	ia64_model.psr_pp = true;
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 300ULL);
	perf_event_release_kernel(ev);
}

static void ia64k_folds_47bit_counter(struct kunit *test)
{
	struct perf_event *ev = ia64k_open(CFG(0x12, 0), 0);
	u64 total = 3 * BIT_ULL(IA64_COUNTER_WIDTH) + 7;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64k_count(0x12, 0, total, BIT_ULL(45));
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), total);
	KUNIT_EXPECT_GE(test, ia64_model.interrupts, 3U);
	perf_event_release_kernel(ev);
}

static void ia64k_threshold(struct kunit *test)
{
	u64 thr = FIELD_PREP(IA64_CFG_THRESHOLD, 2);
	struct perf_event *all = ia64k_open(CFG(0x08, 0), 0);
	struct perf_event *over2 = ia64k_open(CFG(0x08, 0) | thr, 0);

	KUNIT_ASSERT_FALSE(test, IS_ERR(all));
	KUNIT_ASSERT_FALSE(test, IS_ERR(over2));
	ia64_model_cycles(0x08, 0, 3, 100);
	ia64_model_cycles(0x08, 0, 2, 50);
	KUNIT_EXPECT_EQ(test, ia64k_value(all), 400ULL);
	/* One per cycle in which more than two retired. */
	KUNIT_EXPECT_EQ(test, ia64k_value(over2), 100ULL);
	perf_event_release_kernel(all);
	perf_event_release_kernel(over2);
}

static void ia64k_samples(struct kunit *test)
{
	struct perf_event *ev = ia64k_open(CFG(0x08, 0), 1000);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model.ip = USER_IP;
	ia64k_count(0x08, 0, 2500, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 2500ULL);
	KUNIT_EXPECT_EQ(test, last.ip, USER_IP);
	/* Unfrozen, overflow bits cleared. */
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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last.addr, DATA_ADDR);
	KUNIT_EXPECT_EQ(test, last.weight, 120ULL);
	KUNIT_EXPECT_EQ(test, last.ip, USER_IP);
	KUNIT_EXPECT_EQ(test, last.data_src, PERF_MEM_S(OP, LOAD) |
			PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVL, MISS));
	/* The driver re-armed the EAR: the next miss is captured too. */
	ia64_model_dear_miss(DATA_ADDR + 0x40, USER_IP + 0x10, 300);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, last.addr, DATA_ADDR + 0x40);
	KUNIT_EXPECT_EQ(test, last.weight, 300ULL);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last.addr, DATA_ADDR);
	perf_event_release_kernel(ev);
}

#define QEAR_CFG	CFG(0xa0, 0x1)	/* cpe_cpp_misc.cear */
#define QEAR_PA		0x2abcdef012340ULL

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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last.phys_addr, QEAR_PA);
	KUNIT_EXPECT_EQ(test, last.addr, 0ULL);
	KUNIT_EXPECT_EQ(test, last.weight, 400ULL);
	KUNIT_EXPECT_EQ(test, last.data_src, PERF_MEM_S(OP, NA) |
			PERF_MEM_S(LVL, NA) | PERF_MEM_S(LVLNUM, RAM));

	/* No reprogramming between samples (5.3, step 6); overflow: 2^15. */
	ia64_model_qear_start(QEAR_PA + 0x40, 0, 0x1, 0x2);
	ia64_model_qear_done(40000, false);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, last.phys_addr, QEAR_PA + 0x40);
	KUNIT_EXPECT_EQ(test, last.weight, 32768ULL);
	KUNIT_EXPECT_EQ(test, last.data_src, PERF_MEM_S(OP, NA) |
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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 0);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 1ULL);
	ia64_model_qear_done(200, false);
	KUNIT_EXPECT_TRUE(test, ia64_model_take_interrupt());
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last.phys_addr, QEAR_PA);
	KUNIT_EXPECT_EQ(test, last.weight, 200ULL);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 1);
	KUNIT_EXPECT_EQ(test, last.weight, 256ULL);
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
	KUNIT_EXPECT_EQ(test, last.addr, DATA_ADDR);
	KUNIT_EXPECT_EQ(test, last.data_src & (PERF_MEM_S(TLB, WK) |
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
	KUNIT_EXPECT_EQ(test, last.addr, 0x4000000000003fc0ULL);
	KUNIT_EXPECT_EQ(test, last.ip, 0x4000000000003fc0ULL);
	KUNIT_EXPECT_EQ(test, last.weight, 17ULL);
	perf_event_release_kernel(ev);
}

/* Count a period of IA64_INST_RETIRED and check its sample's branches. */
static void ia64k_expect_branches(struct kunit *test, int samples_now,
				  unsigned int nr)
{
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&samples), samples_now);
	KUNIT_ASSERT_EQ(test, last.nr_branches, nr);
}

static void ia64k_expect_branch(struct kunit *test, unsigned int i, u64 from,
				u64 to, bool mispred)
{
	KUNIT_EXPECT_EQ(test, last.branches[i].from, from);
	KUNIT_EXPECT_EQ(test, last.branches[i].to, to);
	KUNIT_EXPECT_EQ(test, (bool)last.branches[i].mispred, mispred);
}

static void ia64k_branch_stack(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_ETB_TM, ia64_model.pmc[IA64_PMC_ETB]),
			2ULL);
	ia64_model_branch(0x4000000000001001ULL, 0x4000000000002000ULL, false);
	ia64_model_branch(0x4000000000002012ULL, 0x4000000000001000ULL, true);
	ia64k_expect_branches(test, 1, 2);
	/* Most recent first. */
	ia64k_expect_branch(test, 0, 0x4000000000002012ULL,
			    0x4000000000001000ULL, true);
	ia64k_expect_branch(test, 1, 0x4000000000001001ULL,
			    0x4000000000002000ULL, false);
	/* The buffer restarts empty after each sample. */
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, last.nr_branches, 0U);
	perf_event_release_kernel(ev);
}

/*
 * config's ETB fields reach PMC39: with taken and not taken IP-relative
 * branches whose path was predicted, the buffer keeps those alone.
 */
static void ia64k_etb_filter(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0) | FIELD_PREP(IA64_CFG_ETB_TM, 3) |
			  FIELD_PREP(IA64_CFG_ETB_PPM, 2) | IA64_CFG_ETB_IPREL,
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model_branch_kind(0x4000000000001001ULL, 0x4000000000002000ULL,
			       IA64_BRT_IPREL, 0);
	ia64_model_branch_kind(0x4000000000002010ULL, 0x4000000000003000ULL,
			       IA64_BRT_RETURN, 0);
	ia64_model_branch_kind(0x4000000000002022ULL, 0x4000000000002030ULL,
			       IA64_BRT_IPREL, IA64_MODEL_BR_NOT_TAKEN);
	ia64_model_branch_kind(0x4000000000002032ULL, 0x4000000000004000ULL,
			       IA64_BRT_IPREL, IA64_MODEL_BR_PATH_MISP);
	ia64_model_branch_kind(0x4000000000002042ULL, 0x4000000000005000ULL,
			       IA64_BRT_INDIRECT, 0);
	ia64k_expect_branches(test, 1, 2);
	/* Not taken: slot 3 in the buffer, the bundle address in perf. */
	ia64k_expect_branch(test, 0, 0x4000000000002020ULL,
			    0x4000000000002030ULL, false);
	ia64k_expect_branch(test, 1, 0x4000000000001001ULL,
			    0x4000000000002000ULL, false);
	perf_event_release_kernel(ev);

	/* Target mispredictions alone, of every type, taken only. */
	attr.config = CFG(0x08, 0) | FIELD_PREP(IA64_CFG_ETB_PTM, 1);
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model_branch_kind(0x4000000000001001ULL, 0x4000000000002000ULL,
			       IA64_BRT_INDIRECT, IA64_MODEL_BR_TARGET_MISP);
	ia64_model_branch_kind(0x4000000000002010ULL, 0x4000000000003000ULL,
			       IA64_BRT_RETURN, 0);
	ia64_model_branch_kind(0x4000000000002020ULL, 0x4000000000002030ULL,
			       IA64_BRT_INDIRECT, IA64_MODEL_BR_NOT_TAKEN |
			       IA64_MODEL_BR_TARGET_MISP);
	ia64_model_branch_kind(0x4000000000002032ULL, 0x4000000000004000ULL,
			       IA64_BRT_IPREL, IA64_MODEL_BR_PATH_MISP);
	ia64k_expect_branches(test, 2, 1);
	ia64k_expect_branch(test, 0, 0x4000000000001001ULL,
			    0x4000000000002000ULL, true);
	perf_event_release_kernel(ev);

	/* Without a branch stack the fields have nothing to filter. */
	attr.sample_type = PERF_SAMPLE_IP;
	attr.branch_sample_type = 0;
	ev = ia64k_open_attr(&attr);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ev), -EINVAL);
	if (!IS_ERR(ev))
		perf_event_release_kernel(ev);
}

static void ia64k_ipear_branch_stack(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0) | IA64_CFG_IPEAR |
			  FIELD_PREP(IA64_CFG_IPEAR_DELAY, 4),
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
		.exclude_kernel = 1,
	};
	struct perf_event *ev;
	u64 pmc42;

	ia64_model.cpl = 3;
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	pmc42 = ia64_model.pmc[IA64_PMC_IPEAR];
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IPEAR_MODE, pmc42), 4ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IPEAR_DELAY, pmc42), 4ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IPEAR_PLM, pmc42), (u64)IA64_PLM_USER);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_ETB_TM, ia64_model.pmc[IA64_PMC_ETB]),
			0ULL);
	ia64_model_retire(0x4000000000001000ULL, 2, false);
	ia64_model_retire(0x4000000000001010ULL, 7, false);
	/* Kernel code is not captured for an event that excludes it. */
	ia64_model.cpl = 0;
	ia64_model_retire(0xa000000100001000ULL, 1, false);
	ia64_model.cpl = 3;
	ia64_model_retire(0x4000000000004560ULL, 200, true);
	/* The overflow freezes; the delay's last capture is dropped. */
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_ASSERT_EQ(test, atomic_read(&samples), 1);
	KUNIT_ASSERT_EQ(test, last.nr_branches, 2U);
	KUNIT_EXPECT_EQ(test, last.branches[0].from, 0x4000000000001010ULL);
	KUNIT_EXPECT_EQ(test, last.branches[0].to, 0x4000000000004560ULL);
	KUNIT_EXPECT_EQ(test, (unsigned int)last.branches[0].cycles, 63U);
	KUNIT_EXPECT_EQ(test, last.branches[1].from, 0x4000000000001000ULL);
	KUNIT_EXPECT_EQ(test, last.branches[1].to, 0x4000000000001010ULL);
	KUNIT_EXPECT_EQ(test, (unsigned int)last.branches[1].cycles, 7U);
	/* The buffer restarts empty after each sample. */
	ia64_model_retire(0x4000000000001000ULL, 2, false);
	ia64k_count(0x08, 0, 100, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(&samples), 2);
	KUNIT_EXPECT_EQ(test, last.nr_branches, 0U);
	perf_event_release_kernel(ev);

	/* The IP-EAR fills a branch stack and cannot filter it. */
	attr.sample_type = PERF_SAMPLE_IP;
	attr.branch_sample_type = 0;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EINVAL);
	attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY_RETURN;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
}

static void ia64k_instruction_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 16),
		.config2 = 0x4000000000010000ULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);
	struct perf_event *cycles = ia64k_open(CFG(0x13, 0xf), 0);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_ASSERT_FALSE(test, IS_ERR(cycles));
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[0], 0x4000000000010000ULL);
	ia64_model.ip = 0x4000000000012340ULL;
	ia64_model_count(0x08, 0, 100);
	ia64_model_count(0x13, 0xf, 10);
	ia64_model.ip = 0x4000000000022340ULL;
	ia64_model_count(0x08, 0, 50);
	ia64_model_count(0x13, 0xf, 10);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 100ULL);
	/* CPU_CPL_CHANGES cannot be qualified: it counts everywhere. */
	KUNIT_EXPECT_EQ(test, ia64k_value(cycles), 20ULL);
	perf_event_release_kernel(ev);
	perf_event_release_kernel(cycles);
}

static void ia64k_fine_instruction_range(struct kunit *test)
{
	static const struct {
		u64 ip;
		bool in;
	} at[] = {
		{ 0x4000000000012330ULL, false },	/* the bundle before */
		{ 0x4000000000012340ULL, true },	/* first bundle */
		{ 0x4000000000012460ULL, true },	/* last bundle */
		{ 0x4000000000012470ULL, false },	/* end, exclusive */
		{ 0x4000000000022400ULL, false },	/* same offset, next window */
	};
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   IA64_CFG1_RANGE_FINE | 0x130,
		.config2 = 0x4000000000012340ULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);
	u64 expect = 0;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, ia64_model.pmc[IA64_PMC_IAR] & IA64_IAR_FINE);
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		ia64_model.ip = at[i].ip;
		ia64_model_count(0x08, 0, 10 + i);
		if (at[i].in)
			expect += 10 + i;
	}
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), expect);
	perf_event_release_kernel(ev);
}

static void ia64k_prefetch_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x44, 0),		/* L1I_PREFETCHES */
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 12),
		.config2 = 0x4000000000003000ULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, ia64_model.pmc[IA64_PMC_IAR] & IA64_IAR_IG_IBRP1);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[2], 0x4000000000003000ULL);
	/* Prefetches whose target is in the range count, others do not. */
	ia64_model.ip = 0x4000000000003ff0ULL;
	ia64_model_count(0x44, 0, 30);
	ia64_model.ip = 0x4000000000004000ULL;
	ia64_model_count(0x44, 0, 40);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 30ULL);
	perf_event_release_kernel(ev);
}

/*
 * L1I_FILLS takes a demand-fetched line's range from IBRP0 and a
 * prefetched line's from IBRP1; L2I_READS takes it from IBRP1 only (their
 * 4.16 entries).
 */
static void ia64k_range_through_both_pairs(struct kunit *test)
{
	static const struct {
		u8 code, umask;
		bool prefetched;
		u64 ip;
		bool in;
	} at[] = {
		{ 0x41, 0, false, 0x4000000000003ff0ULL, true },
		{ 0x41, 0, true, 0x4000000000003ff0ULL, true },
		{ 0x41, 0, false, 0x4000000000004000ULL, false },
		{ 0x41, 0, true, 0x4000000000004000ULL, false },
		{ 0x78, 0xf, false, 0x4000000000003000ULL, true },
		{ 0x78, 0xf, true, 0x4000000000005000ULL, false },
	};
	struct perf_event_attr attr = {
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 12),
		.config2 = 0x4000000000003000ULL,
	};
	struct perf_event *ev;
	unsigned int i;
	u64 want;

	for (i = 0; i < ARRAY_SIZE(at); i++) {
		attr.config = CFG(at[i].code, at[i].umask);
		ev = ia64k_open_attr(&attr);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
		KUNIT_EXPECT_EQ(test, ia64_model.ibr[2], 0x4000000000003000ULL);
		ia64_model.ip = at[i].ip;
		ia64_model.prefetched = at[i].prefetched;
		ia64_model_count(at[i].code, at[i].umask, 25);
		want = at[i].in ? 25 : 0;
		KUNIT_EXPECT_EQ_MSG(test, ia64k_value(ev), want, "case %u", i);
		perf_event_release_kernel(ev);
	}
	/* Inverted ranges cannot go through IBRP1. */
	attr.config = CFG(0x41, 0);
	attr.config1 |= IA64_CFG1_RANGE_INV;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
}

static void ia64k_data_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0xc2, 0),		/* L1D_READS_SET0 on PMD5 */
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_DAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 12),
		.config2 = DATA_ADDR & ~0xfffULL,
	};
	struct perf_event *ev = ia64k_open_attr(&attr);

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_NE(test, ia64_model.pmc[5] & IA64_PMC_PLM, 0ULL);
	ia64_model.daddr = DATA_ADDR;
	ia64_model_count(0xc2, 0, 70);
	ia64_model.daddr = DATA_ADDR + 0x1000;
	ia64_model_count(0xc2, 0, 30);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 70ULL);
	perf_event_release_kernel(ev);
}

#define OPC_CFG1(mifb, match)	(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_OPC) | \
				 FIELD_PREP(IA64_CFG1_OPC_MIFB, mifb) | (match))
#define IAR_CFG1(lg)		(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) | \
				 FIELD_PREP(IA64_CFG1_RANGE_LG, lg))
#define DAR_CFG1(lg)		(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_DAR) | \
				 FIELD_PREP(IA64_CFG1_RANGE_LG, lg))
#define RANGE_A			0x4000000000003000ULL	/* 4 KiB */
#define RANGE_B			0x4000000000005000ULL	/* 4 KiB */

/* Instructions at which the tests retire or count events. */
static const struct {
	u64 ip, opcode, itype, daddr;
} ia64k_points[] = {
	{ RANGE_A + 0x10, 0x5, IA64_OPCM_I, DATA_ADDR },
	{ RANGE_A + 0x20, 0x7, IA64_OPCM_M, DATA_ADDR + 0x1000 },
	{ RANGE_B + 0x10, 0x7, IA64_OPCM_I, DATA_ADDR },
	{ RANGE_B + 0x20, 0x5, IA64_OPCM_I, DATA_ADDR + 0x1000 },
	{ 0x4000000000009000ULL, 0x7, IA64_OPCM_M, DATA_ADDR },
};

static void ia64k_at(unsigned int i)
{
	ia64_model.ip = ia64k_points[i].ip;
	ia64_model.opcode = ia64k_points[i].opcode;
	ia64_model.itype = ia64k_points[i].itype;
	ia64_model.daddr = ia64k_points[i].daddr;
}

/*
 * IA64_TAGGED_INST_RETIRED on each tag channel, each with its own
 * qualification (Table 4-88, 3.3.6.2): channel 0 in range A, channel 2 in
 * range B, channels 1 and 3 opcode 7 of any type through OpCM1, which
 * they share. A retired instruction counts on every channel whose tag it
 * carries.
 */
static void ia64k_tag_channels(struct kunit *test)
{
	static const bool in[][IA64_TAG_CHANNELS] = {
		{ true, false, false, false },
		{ true, true, false, true },
		{ false, true, true, true },
		{ false, false, true, false },
		{ false, true, false, true },
	};
	struct perf_event_attr attr[IA64_TAG_CHANNELS] = {
		{ .config = CFG(0x08, 0), .config1 = IAR_CFG1(12), .config2 = RANGE_A },
		{ .config = CFG(0x08, 1), .config1 = OPC_CFG1(0xf, 0x7) },
		{ .config = CFG(0x08, 2), .config1 = IAR_CFG1(12), .config2 = RANGE_B },
		{ .config = CFG(0x08, 3), .config1 = OPC_CFG1(0xf, 0x7) },
	};
	struct perf_event *ev[IA64_TAG_CHANNELS];
	u64 want[IA64_TAG_CHANNELS] = {};
	unsigned int c, i;

	for (c = 0; c < IA64_TAG_CHANNELS; c++) {
		ev[c] = ia64k_open_attr(&attr[c]);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[c]));
	}
	/* IBRP0 and IBRP2 hold the ranges; OpCM1 the opcode; PMC36 1 and 3. */
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[0], RANGE_A);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[4], RANGE_B);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[IA64_PMC_OPCM1_MATCH], 0x7ULL);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[IA64_PMC_OPC_CFG], 0x5ULL);
	for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
		ia64k_at(i);
		for (c = 0; c < IA64_TAG_CHANNELS; c++) {
			ia64_model_count(0x08, c, 10 + i);
			if (in[i][c])
				want[c] += 10 + i;
		}
	}
	for (c = 0; c < IA64_TAG_CHANNELS; c++) {
		KUNIT_EXPECT_EQ_MSG(test, ia64k_value(ev[c]), want[c], "channel %u", c);
		perf_event_release_kernel(ev[c]);
	}
}

/*
 * Channel 1's range is IBRP1's, which the prefetch events use too; a
 * fine range 1 is IBRP1 and IBRP3 (3.3.5.4).
 */
static void ia64k_channel1_fine_range(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 1),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   IA64_CFG1_RANGE_FINE | 0x20,
		.config2 = RANGE_A + 0x10,
	};
	struct perf_event *ev = ia64k_open_attr(&attr), *pf;
	u64 want = 0;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, ia64_model.pmc[IA64_PMC_IAR] & IA64_IAR_FINE);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[2], RANGE_A + 0xf);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[6], RANGE_A + 0x30);
	/* L1I_PREFETCHES with the same fine range shares IBRP1. */
	attr.config = CFG(0x44, 0);
	pf = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pf));
	for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
		ia64k_at(i);
		ia64_model_count(0x08, 1, 3);
		ia64_model_count(0x44, 0, 3);
		if (ia64k_points[i].ip >= RANGE_A + 0x10 &&
		    ia64k_points[i].ip < RANGE_A + 0x30)
			want += 3;
	}
	KUNIT_EXPECT_EQ(test, want, 6ULL);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), want);
	KUNIT_EXPECT_EQ(test, ia64k_value(pf), want);
	perf_event_release_kernel(pf);
	perf_event_release_kernel(ev);
}

/*
 * Combined qualification, with the registers the driver computes for a
 * group (every event of one perf group) written to the model: each event
 * counts the points that pass every kind its channel combines.
 */
static void ia64k_combined_registers(struct kunit *test)
{
	const struct {
		u64 cfg[3][3];
		unsigned int n;
		u8 code, umask;
		bool in[ARRAY_SIZE(ia64k_points)];
	} groups[] = {
		/* L1D_READS_SET0 in range A, data range and opcode 5 of I. */
		{ { { CFG(0xc2, 0), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_A },
		    { CFG(0xc2, 0), DAR_CFG1(12) | IA64_CFG1_COMBINE,
		      DATA_ADDR & ~0xfffULL },
		    { CFG(0xc2, 0), OPC_CFG1(0x4, 0x5) | IA64_CFG1_COMBINE, 0 } },
		  3, 0xc2, 0, { true, false, false, false, false } },
		/* Instruction and data range. */
		{ { { CFG(0xc2, 0), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_B },
		    { CFG(0xc2, 0), DAR_CFG1(12) | IA64_CFG1_COMBINE,
		      DATA_ADDR & ~0xfffULL } },
		  2, 0xc2, 0, { false, false, true, false, false } },
		/* Opcode and data range. */
		{ { { CFG(0xc2, 0), OPC_CFG1(0xf, 0x7) | IA64_CFG1_COMBINE, 0 },
		    { CFG(0xc2, 0), DAR_CFG1(12) | IA64_CFG1_COMBINE,
		      DATA_ADDR & ~0xfffULL } },
		  2, 0xc2, 0, { false, false, true, false, true } },
		/* Channel 1: range B (IBRP1) and opcode 7 (OpCM1). */
		{ { { CFG(0x08, 1), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_B },
		    { CFG(0x08, 1), OPC_CFG1(0xf, 0x7) | IA64_CFG1_COMBINE, 0 } },
		  2, 0x08, 1, { false, false, true, false, false } },
		/* Channel 3: range A (IBRP3) and opcode 5 of I (OpCM1). */
		{ { { CFG(0x08, 3), IAR_CFG1(12) | IA64_CFG1_COMBINE, RANGE_A },
		    { CFG(0x08, 3), OPC_CFG1(0x4, 0x5) | IA64_CFG1_COMBINE, 0 } },
		  2, 0x08, 3, { true, false, false, false, false } },
	};
	unsigned int g, i, j;

	for (g = 0; g < ARRAY_SIZE(groups); g++) {
		struct ia64_event evs[3];
		struct ia64_schedule s;
		struct ia64_pmcs p;
		const char *why;
		u64 want = 0;

		ia64_model_reset();
		for (j = 0; j < groups[g].n; j++) {
			KUNIT_ASSERT_EQ_MSG(test, ia64_event_decode(groups[g].cfg[j][0],
								    groups[g].cfg[j][1],
								    groups[g].cfg[j][2],
								    &evs[j], &why),
					    0, "%u: %s", g, why);
			evs[j].plm = IA64_PLM_USER | IA64_PLM_KERNEL;
		}
		KUNIT_ASSERT_EQ(test, ia64_schedule(evs, groups[g].n, &s), 0);
		ia64_compute_pmcs(evs, groups[g].n, &s, &p);
		for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++)
			ia64_model_ops.write_pmc(i, p.counter[i]);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM0_MASK, p.opcm0_mask);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM0_MATCH, p.opcm0_match);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM1_MASK, p.opcm1_mask);
		ia64_model_ops.write_pmc(IA64_PMC_OPCM1_MATCH, p.opcm1_match);
		ia64_model_ops.write_pmc(IA64_PMC_OPC_CFG, p.opc_cfg);
		ia64_model_ops.write_pmc(IA64_PMC_IAR, p.iar);
		ia64_model_ops.write_pmc(IA64_PMC_DAR, p.dar);
		for (i = 0; i < ARRAY_SIZE(p.ibr); i++)
			if (p.ibrp_used & BIT(i / 2))
				ia64_model_ops.write_ibr(i, p.ibr[i]);
		ia64_model_ops.write_dbr(0, p.dbr[0]);
		ia64_model_ops.write_dbr(1, p.dbr[1]);
		for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
			ia64k_at(i);
			ia64_model_count(groups[g].code, groups[g].umask, 10 + i);
			if (groups[g].in[i])
				want += 10 + i;
		}
		for (j = 0; j < groups[g].n; j++)
			KUNIT_EXPECT_EQ_MSG(test, ia64_model.pmd[s.pmd[j]], want,
					    "group %u event %u", g, j);
	}
}

/*
 * combine joins the qualifications of one perf group: another group's
 * opcode matching does not become a combining event's, the two take
 * turns instead. The first is pinned, so that the perf core's rotation
 * (every few ms of a slow emulated run) cannot give the second its turn
 * while the first is being measured.
 */
static void ia64k_combine_stays_in_group(struct kunit *test)
{
	struct perf_event_attr ra = {
		.config = CFG(0x08, 0),
		.config1 = IAR_CFG1(12) | IA64_CFG1_COMBINE,
		.config2 = RANGE_A,
		.pinned = 1,
	};
	struct perf_event_attr op = {
		.config = CFG(0x08, 0),
		.config1 = OPC_CFG1(0x4, 0x5) | IA64_CFG1_COMBINE,
	};
	struct perf_event *a = ia64k_open_attr(&ra), *b;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = ia64k_open_attr(&op);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, b->state, PERF_EVENT_STATE_INACTIVE);
	KUNIT_EXPECT_EQ(test, ia64_model.pmc[IA64_PMC_OPC_CFG], 0xfULL);
	for (i = 0; i < ARRAY_SIZE(ia64k_points); i++) {
		ia64k_at(i);
		ia64_model_count(0x08, 0, 10);
	}
	/* Both points of range A, whatever their opcode. */
	KUNIT_EXPECT_EQ(test, ia64k_value(a), 20ULL);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/*
 * IBR/DBR are a traced task's breakpoints while it runs: a range is refused
 * on such a task, refused CPU-wide, and waits while the running task is
 * traced; the model counts any IBR/DBR write made then (ia64k_exit).
 */
static void ia64k_range_leaves_debugger_alone(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.config1 = FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) |
			   FIELD_PREP(IA64_CFG1_RANGE_LG, 16),
		.config2 = 0x4000000000010000ULL,
		.type = ia64_pmu_core.pmu.type,
		.size = sizeof(attr),
	};
	struct perf_event *ev;

	ia64_model.ip = 0x4000000000012340ULL;
	ev = perf_event_create_kernel_counter(&attr, smp_processor_id(), NULL,
					      NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ia64_model.debugged = current;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EBUSY);
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);

	/* Traced after the open: the event waits while the task runs. */
	ia64_model.debugged = NULL;
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_model_count(0x08, 0, 100);
	perf_event_disable(ev);
	ia64_model.debugged = current;
	ia64_model.ibr[0] = 0x4000000000777000ULL;	/* a breakpoint */
	perf_event_enable(ev);
	ia64_model_count(0x08, 0, 50);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 100ULL);
	KUNIT_EXPECT_EQ(test, ia64_model.ibr[0], 0x4000000000777000ULL);
	KUNIT_EXPECT_EQ(test, ev->state, PERF_EVENT_STATE_INACTIVE);

	/* Untraced: it runs again. */
	perf_event_disable(ev);
	ia64_model.debugged = NULL;
	perf_event_enable(ev);
	ia64_model_count(0x08, 0, 30);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 130ULL);
	perf_event_release_kernel(ev);
}

static struct perf_event *ia64k_open_generic(u32 type, u64 config)
{
	struct perf_event_attr attr = {
		.type = type,
		.size = sizeof(attr),
		.config = (u64)ia64_pmu_core.pmu.type << PERF_PMU_TYPE_SHIFT |
			  config,
	};

	return perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
}

/* perf stat -e cycles,instructions: CPU_OP_CYCLES.ALL, IA64_INST_RETIRED. */
/* events/ files give the event select and the unit mask. */
static void ia64k_events_files(struct kunit *test)
{
	struct pmu_core *pc = &ia64_pmu_core;

	pmu_kunit_expect_event_file(test, pc->pmu.dev, &pc->events,
				    "be_rse_bubble.overflow",
				    "event=0x01,umask=0x3\n");
	pmu_kunit_expect_event_file(test, pc->pmu.dev, &pc->events,
				    "cycles", "event=0x12,umask=0x0\n");
}

static void ia64k_generic_events(struct kunit *test)
{
	struct perf_event *cyc, *ins, *ev;

	cyc = ia64k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	KUNIT_ASSERT_FALSE(test, IS_ERR(cyc));
	ins = ia64k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ins));
	ia64_model_count(0x12, 0, 700);
	ia64_model_count(0x08, 0, 300);
	KUNIT_EXPECT_EQ(test, ia64k_value(cyc), 700ULL);
	KUNIT_EXPECT_EQ(test, ia64k_value(ins), 300ULL);
	perf_event_release_kernel(cyc);
	perf_event_release_kernel(ins);

	ev = ia64k_open_generic(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_LL |
				PERF_COUNT_HW_CACHE_OP_READ << 8 |
				PERF_COUNT_HW_CACHE_RESULT_MISS << 16);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_NE(test, ia64k_counter_of(0xdd), 0U);	/* L3_READS */
	perf_event_release_kernel(ev);
	ev = ia64k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -ENOENT);
	ev = ia64k_open_generic(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_MAX);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);
}

/* Interrupts anywhere (pmu_model_nmi_sweep()). */
static void ia64k_overflow_b(void)
{
	ia64_model_count(0x12, 0, 1500);
	ia64_model_take_interrupt();
}

static struct perf_event *ia64k_open_counting(void)
{
	return ia64k_open(CFG(0x08, 0), 0);
}

static struct perf_event *ia64k_open_b(void)
{
	return ia64k_open(CFG(0x12, 0), 1000);
}

static void ia64k_count_a(u64 n)
{
	ia64_model_count(0x08, 0, n);
}

static void ia64k_nmi_anywhere(struct kunit *test)
{
	const struct pmu_model_sweep s = {
		.nmi = &ia64_model.nmi,
		.overflow = ia64k_overflow_b,
		.open_counting = ia64k_open_counting,
		.open_sampling = ia64k_open_b,
		.count = ia64k_count_a,
		.value = ia64k_value,
		.samples = &samples,
		.sampled_max = 3000,
	};

	pmu_model_nmi_sweep(test, &s);
}

static void ia64k_refusals(struct kunit *test)
{
	struct perf_event_attr attr = {
		.config = CFG(0x08, 0),
		.exclude_user = 1,
		.exclude_kernel = 1,
	};
	struct perf_event *ev;

	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open(CFG(0x08, 0) | 1, 0)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open(CFG(0x2e, 0), 0)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EINVAL);
	/* The PMCs cannot tell idle from busy, nor count only in guests. */
	attr = (struct perf_event_attr) { .config = CFG(0x08, 0), .exclude_idle = 1 };
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
	attr = (struct perf_event_attr) { .config = CFG(0x08, 0), .exclude_host = 1 };
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
	/* No hypervisor and no guest run on an Itanium: :u holds as asked. */
	attr = (struct perf_event_attr) {
		.config = CFG(0x08, 0),
		.exclude_kernel = 1,
		.exclude_hv = 1,
		.exclude_guest = 1,
	};
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	attr = (struct perf_event_attr) {
		.config = CFG(0x08, 0),
		.sample_period = 100,
		.sample_type = PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY_CALL,
	};
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
	attr = (struct perf_event_attr) {
		.config = CFG(0x08, 0),
		.sample_period = 100,
		.precise_ip = 2,
	};
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&attr)), -EOPNOTSUPP);
	attr.config = CFG(0xc8, 0);
	ev = ia64k_open_attr(&attr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	ia64_model.busy = true;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open(CFG(0x08, 0), 0)), -EBUSY);
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);
}

/*
 * .all counts the other hardware thread too: a per-task event that asks
 * for it needs the privilege a CPU-wide event needs. So do the events
 * that count both threads whatever .all says (er_snoopq_live_hi,
 * er_reject_all_l1_req), and the QEAR's, which the threads share.
 */
static void ia64k_other_thread_needs_privilege(struct kunit *test)
{
	struct perf_event_attr qear = {
		.config = QEAR_CFG,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC,
	};
	const struct cred *old;
	struct perf_event *ev;

	old = pmu_model_unprivileged();
	KUNIT_ASSERT_NOT_NULL(test, old);
	ev = ia64k_open(CFG(0x12, 0) | IA64_CFG_ALL, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open(CFG(0xb6, 0), 0)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open(CFG(0xbc, 0), 0)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open_attr(&qear)), -EACCES);
	/* Counting the QEAR's captures counts the other thread's requests. */
	KUNIT_EXPECT_EQ(test, PTR_ERR(ia64k_open(QEAR_CFG, 0)), -EACCES);
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);
	/* This thread only: no privilege needed. */
	ev = ia64k_open(CFG(0x12, 0), 0);
	revert_creds(old);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	ev = ia64k_open(CFG(0x12, 0) | IA64_CFG_ALL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
}

static void ia64k_multiplexes_l1d_sets(struct kunit *test)
{
	/* L1D sets 0 and 1 both need PMD5: the perf core rotates them. */
	struct perf_event *a = ia64k_open(CFG(0xc2, 0), 0);
	struct perf_event *b = ia64k_open(CFG(0xc4, 0), 0);
	unsigned int i = 0;
	ktime_t start;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	start = ktime_get();
	do {
		ia64_model_count(0xc2, 0, 10);
		ia64_model_count(0xc4, 0, 10);
	} while (pmu_model_mux_more(start, ++i));
	pmu_model_expect_multiplexed(test, a, b);
}

static int ia64k_suite_init(struct kunit_suite *suite)
{
	pmu_model_steady_sample_rate();
	ia64_model_reset();
	return ia64_register(&ia64_model_ops, "itanium9300_model");
}

static void ia64k_suite_exit(struct kunit_suite *suite)
{
	ia64_unregister();
}

static struct kunit_case ia64k_cases[] = {
	KUNIT_CASE(ia64k_counts),
	KUNIT_CASE(ia64k_privilege_levels),
	KUNIT_CASE(ia64k_folds_47bit_counter),
	KUNIT_CASE(ia64k_threshold),
	KUNIT_CASE(ia64k_samples),
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
	KUNIT_CASE(ia64k_branch_stack),
	KUNIT_CASE(ia64k_etb_filter),
	KUNIT_CASE(ia64k_ipear_branch_stack),
	KUNIT_CASE(ia64k_instruction_range),
	KUNIT_CASE(ia64k_fine_instruction_range),
	KUNIT_CASE(ia64k_prefetch_range),
	KUNIT_CASE(ia64k_range_through_both_pairs),
	KUNIT_CASE(ia64k_data_range),
	KUNIT_CASE(ia64k_tag_channels),
	KUNIT_CASE(ia64k_channel1_fine_range),
	KUNIT_CASE(ia64k_combined_registers),
	KUNIT_CASE(ia64k_combine_stays_in_group),
	KUNIT_CASE(ia64k_range_leaves_debugger_alone),
	KUNIT_CASE(ia64k_events_files),
	KUNIT_CASE(ia64k_generic_events),
	KUNIT_CASE(ia64k_refusals),
	KUNIT_CASE(ia64k_other_thread_needs_privilege),
	KUNIT_CASE(ia64k_multiplexes_l1d_sets),
	KUNIT_CASE(ia64k_nmi_anywhere),
	{}
};

static struct kunit_suite ia64k_suite = {
	.name = "itanium9300_pmu_model",
	.init = ia64k_init,
	.exit = ia64k_exit,
	.suite_init = ia64k_suite_init,
	.suite_exit = ia64k_suite_exit,
	.test_cases = ia64k_cases,
};

kunit_test_suite(ia64k_suite);

MODULE_DESCRIPTION("KUnit tests of the Itanium 9300 perf glue against a PMU model");
MODULE_LICENSE("GPL");
