// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 perf glue on the real perf core,
 * against the register-level model (ia64-model.c): counting across
 * schedule in/out, privilege levels and PSR.pp, 47-bit folding through
 * the overflow interrupt, thresholds, events/ files, generic events,
 * refusals, the other thread's privilege, multiplexing of events whose
 * L1D sets exclude each other, and interrupts anywhere. The helpers all
 * the Itanium model suites share (ia64k.h) are here.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/rotation.h>

#include "ia64k.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

atomic_t ia64k_nr_samples;

struct ia64k_sample ia64k_last;

void ia64k_overflow(struct perf_event *event,
		    struct perf_sample_data *data, struct pt_regs *regs)
{
	atomic_inc(&ia64k_nr_samples);
	ia64k_last.ip = instruction_pointer(regs);
	ia64k_last.addr = data->addr;
	ia64k_last.phys_addr = data->phys_addr;
	ia64k_last.weight = data->weight.full;
	ia64k_last.data_src = data->data_src.val;
	ia64k_last.nr_branches = 0;
	if ((data->sample_flags & PERF_SAMPLE_BRANCH_STACK) && data->br_stack) {
		ia64k_last.nr_branches = min_t(u64, data->br_stack->nr, IA64_ETB_ENTRIES);
		memcpy(ia64k_last.branches, data->br_stack->entries,
		       ia64k_last.nr_branches * sizeof(ia64k_last.branches[0]));
	}
}

struct perf_event *ia64k_open_attr(struct perf_event_attr *attr)
{
	attr->type = ia64_pmu_core.pmu.type;
	attr->size = sizeof(*attr);
	return perf_event_create_kernel_counter(attr, -1, current,
						attr->sample_period ?
						ia64k_overflow : NULL, NULL);
}

struct perf_event *ia64k_open(u64 config, u64 period)
{
	struct perf_event_attr attr = {
		.config = config,
		.sample_period = period,
	};

	return ia64k_open_attr(&attr);
}

u64 ia64k_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Count @total of the event in chunks, taking interrupts as they come. */
void ia64k_count(u8 es, u8 umask, u64 total, u64 chunk)
{
	while (total) {
		u64 n = min(total, chunk);

		ia64_model_count(es, umask, n);
		ia64_model_take_interrupt();
		total -= n;
	}
}

int ia64k_init(struct kunit *test)
{
	int ret = pmu_model_pin_current();

	if (ret)
		return ret;
	ia64_model_reset();
	atomic_set(&ia64k_nr_samples, 0);
	memset(&ia64k_last, 0, sizeof(ia64k_last));
	return 0;
}

void ia64k_exit(struct kunit *test)
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

/* identifier: what the perf JSON's Compat names, for perf to find it */
static void ia64k_identifier(struct kunit *test)
{
	pmu_kunit_expect_identifier(test, &ia64_pmu_core.pmu, "Itanium-9300\n");
}

/* format/: the fields' bits, as perf reads them (one file per field). */
static void ia64k_format_files(struct kunit *test)
{
	static const struct pmu_kunit_file files[] = {
		{ "event", "config:8-15\n" },
		{ "umask", "config:16-19\n" },
		{ "threshold", "config:20-22\n" },
		{ "all", "config:26\n" },
		{ "mesi", "config:27-30\n" },
		{ "ear_mode", "config:32-33\n" },
		{ "ear_umask", "config:34-41\n" },
		{ "ipear", "config:42\n" },
		{ "ipear_delay", "config:43-50\n" },
		{ "etb_tm", "config:51-52\n" },
		{ "etb_ptm", "config:53-54\n" },
		{ "etb_ppm", "config:55-56\n" },
		{ "etb_iprel", "config:57\n" },
		{ "qear_mc", "config:58-60\n" },
		{ "qear_thresh", "config:61-62\n" },
		{ "opc_match", "config1:0-40\n" },
		{ "opc_mifb", "config1:41-44\n" },
		{ "range_lg", "config1:48-53\n" },
		{ "range_inv", "config1:54\n" },
		{ "range_fine", "config1:55\n" },
		{ "combine", "config1:56\n" },
		{ "range_len", "config1:0-16\n" },
		{ "qual", "config1:62-63\n" },
		{ "opc_mask", "config2:0-40\n" },
		{ "range_base", "config2:0-63\n" },
		{ }
	};
	struct pmu_core *pc = &ia64_pmu_core;

	pmu_kunit_expect_group(test, pc->pmu.dev, &pc->format_group, files);
}

/* perf stat -e cycles,instructions: CPU_OP_CYCLES.ALL, IA64_INST_RETIRED. */
/* events/ files give the event select and the unit mask. */
static void ia64k_events_files(struct kunit *test)
{
	struct pmu_core *pc = &ia64_pmu_core;

	pmu_kunit_expect_event_file(test, &pc->pmu,
				    "be_rse_bubble.overflow",
				    "event=0x01,umask=0x3\n");
	pmu_kunit_expect_event_file(test, &pc->pmu,
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
		.samples = &ia64k_nr_samples,
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
	unsigned int n;

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
	/* Someone else holds the PMU: taken, never scheduled. */
	ia64_model.busy = true;
	n = ia64_model.accesses;
	ev = ia64k_open(CFG(0x08, 0), 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, ia64_model.reserved);
	ia64_model.busy = false;
	ia64_model_count(0x08, 0, 100);
	KUNIT_EXPECT_EQ(test, ia64k_value(ev), 0ULL);
	KUNIT_EXPECT_LT(test, ev->hw.idx, 0);
	perf_event_release_kernel(ev);
	/* No register of the PMU was touched for it. */
	KUNIT_EXPECT_EQ(test, ia64_model.accesses, n);
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

/* Catalogue entry @i as perf stat -e itanium9300/alias/ opens it. */
static struct perf_event *ia64k_open_catalogue(unsigned int i)
{
	return ia64k_open(ia64_catalogue[i].entry.config, 0);
}

static unsigned long ia64k_sched_steps(void)
{
	return this_cpu_read(ia64_sched_steps);
}

/*
 * The scheduler's steps per rotation of 20 catalogue events, which
 * `tools/testing/harness bench` prints. A step is as
 * ia64_schedule_counted() counts it: one choice of the L2D sets PMC4 and
 * PMC6 select, one search for an augmenting path, one counter (or event)
 * it tries. The perf core schedules at every group it adds and once
 * more when it enables the PMU; one search stays under 1,000 steps on
 * the worst groups (ia64_sched_bounded()), and so does a whole rotation.
 */
static void ia64k_sched_steps_per_rotation(struct kunit *test)
{
	pmu_rotation_measure(test, &ia64_pmu_core.pmu, IA64_CATALOGUE_NR,
			     ia64k_open_catalogue, ia64k_sched_steps,
			     "scheduler steps", 999);
}

static unsigned long ia64k_accesses(void)
{
	return ia64_model.accesses;
}

/*
 * The register accesses of the same rotations, which the bench prints: at
 * most the freeze and the unfreeze, a read and a write of each PMD, and
 * the 23 PMCs ia64_program() writes (none of these events uses a range).
 */
static void ia64k_sched_accesses_per_rotation(struct kunit *test)
{
	pmu_rotation_measure(test, &ia64_pmu_core.pmu, IA64_CATALOGUE_NR,
			     ia64k_open_catalogue, ia64k_accesses,
			     "register accesses", 2 + 2 * IA64_NUM_COUNTERS + 23);
}

int ia64k_suite_init(struct kunit_suite *suite)
{
	pmu_model_steady_sample_rate();
	ia64_model_reset();
	return ia64_register(&ia64_model_ops, "itanium9300_model");
}

void ia64k_suite_exit(struct kunit_suite *suite)
{
	ia64_unregister();
}

static struct kunit_case itanium9300_pmu_model_cases[] = {
	KUNIT_CASE(ia64k_counts),
	KUNIT_CASE(ia64k_privilege_levels),
	KUNIT_CASE(ia64k_folds_47bit_counter),
	KUNIT_CASE(ia64k_threshold),
	KUNIT_CASE(ia64k_format_files),
	KUNIT_CASE(ia64k_identifier),
	KUNIT_CASE(ia64k_events_files),
	KUNIT_CASE(ia64k_generic_events),
	KUNIT_CASE(ia64k_refusals),
	KUNIT_CASE(ia64k_other_thread_needs_privilege),
	KUNIT_CASE(ia64k_multiplexes_l1d_sets),
	KUNIT_CASE(ia64k_sched_steps_per_rotation),
	KUNIT_CASE(ia64k_sched_accesses_per_rotation),
	KUNIT_CASE(ia64k_nmi_anywhere),
	{}
};

static struct kunit_suite itanium9300_pmu_model_suite = {
	.name = "itanium9300_pmu_model",
	.init = ia64k_init,
	.exit = ia64k_exit,
	.suite_init = ia64k_suite_init,
	.suite_exit = ia64k_suite_exit,
	.test_cases = itanium9300_pmu_model_cases,
};

kunit_test_suite(itanium9300_pmu_model_suite);

MODULE_DESCRIPTION("KUnit tests of the Itanium 9300 perf glue against a PMU model");
MODULE_LICENSE("GPL");
