// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 perf glue on the real perf core, against the
 * register-level model (p9-model.c): counting across schedule in/out,
 * 32-bit counter folding, privilege filtering, groups, generic and
 * multiplexed events, refusals, task switches and what a switch leaves in
 * the PMCs. The helpers all the POWER9 model suites share (p9k.h) are
 * here.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include <pmu-suite-test/rotation.h>

#include "p9-catalogue.h"
#include "p9-sched.h"
#include "p9k.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

atomic_t p9k_nr_samples;
u64 p9k_last_ip;
u64 p9k_last_sp;
u64 p9k_last_addr;
u64 p9k_last_weight;
u64 p9k_last_data_src;
bool p9k_last_user;
/* The last sample's branch stack; nr is -1 without one. */
int p9k_last_nr;
struct perf_branch_entry p9k_last_br[P9_BHRB_ENTRIES];

void p9k_overflow(struct perf_event *event, struct perf_sample_data *data,
		  struct pt_regs *regs)
{
	atomic_inc(&p9k_nr_samples);
	p9k_last_ip = instruction_pointer(regs);
	p9k_last_sp = user_stack_pointer(regs);
	p9k_last_user = user_mode(regs);
	p9k_last_addr = data->addr;
	p9k_last_weight = data->sample_flags & PERF_SAMPLE_WEIGHT_TYPE ?
		      data->weight.full : 0;
	p9k_last_data_src = data->sample_flags & PERF_SAMPLE_DATA_SRC ?
			data->data_src.val : 0;
	p9k_last_nr = -1;
	if ((data->sample_flags & PERF_SAMPLE_BRANCH_STACK) && data->br_stack &&
	    data->br_stack->nr <= P9_BHRB_ENTRIES) {
		p9k_last_nr = data->br_stack->nr;
		memcpy(p9k_last_br, data->br_stack->entries,
		       p9k_last_nr * sizeof(p9k_last_br[0]));
	}
}

struct perf_event *p9k_open(u64 config, u64 period,
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

u64 p9k_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Count @total of @code in chunks, taking interrupts as they come. */
void p9k_count(u64 code, u64 total, u64 chunk)
{
	while (total) {
		u64 n = min(total, chunk);

		p9_model_count(code, n);
		p9_model_take_interrupt();
		total -= n;
	}
}

int p9k_init(struct kunit *test)
{
	int ret = pmu_model_pin_current();

	if (ret)
		return ret;
	p9_model_reset();
	atomic_set(&p9k_nr_samples, 0);
	p9k_last_ip = 0;
	p9k_last_sp = 0;
	p9k_last_user = false;
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 0);
	p9_model_count(0x20002, 9);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 10ULL);
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
	unsigned int n;

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
	/*
	 * Another user holds the counters: the event is taken (perf goes on
	 * with the rest) but never scheduled, even once they are free.
	 */
	p9_model.busy = true;
	n = p9_model.accesses;
	ev = p9k_open(0x10002, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, p9_model.reserved);
	p9_model.busy = false;
	p9_model_count(0x10002, 100);
	KUNIT_EXPECT_EQ(test, p9k_value(ev), 0ULL);
	KUNIT_EXPECT_LT(test, ev->hw.idx, 0);
	/* The perf core disables and enables the PMU for it: hands off. */
	p9k_disable_enable(NULL);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_EQ(test, p9_model.accesses, n);
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
	p9k_count(P9_PM_INST_CMPL, 10000, 100);
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

/*
 * events/ has perf's name of each generic event POWER9 counts, printing
 * its code, beside the manual's 1157 events and mem-loads and mem-stores.
 */
static void p9k_generic_event_files(struct kunit *test)
{
	static const struct {
		const char *name;
		const char *text;
	} files[] = {
		{ "cycles", "event=0x0001e\n" },
		{ "instructions", "event=0x00002\n" },
		{ "stalled-cycles-frontend", "event=0x100f8\n" },
		{ "stalled-cycles-backend", "event=0x1e054\n" },
		{ "branch-instructions", "event=0x4d05e\n" },
		{ "branch-misses", "event=0x400f6\n" },
		{ "cache-references", "event=0x100fc\n" },
		{ "cache-misses", "event=0x2c04e\n" },
		{ "l1-dcache-loads", "event=0x100fc\n" },
		{ "l1-dcache-load-misses", "event=0x2c04e\n" },
		{ "l1-dcache-store-misses", "event=0x300f0\n" },
		{ "l1-dcache-prefetches", "event=0x20054\n" },
		{ "l1-icache-loads", "event=0x04080\n" },
		{ "l1-icache-load-misses", "event=0x200fd\n" },
		{ "l1-icache-prefetches", "event=0x0488c\n" },
		{ "llc-loads", "event=0x4c042\n" },
		{ "llc-load-misses", "event=0x300fe\n" },
		{ "llc-prefetches", "event=0x0f0b0\n" },
		{ "llc-prefetch-misses", "event=0x160a0\n" },
		{ "dtlb-load-misses", "event=0x300fc\n" },
		{ "itlb-load-misses", "event=0x400fc\n" },
		{ "branch-loads", "event=0x4d05e\n" },
		{ "branch-load-misses", "event=0x400f6\n" },
	};
	struct pmu_core *pc = &p9_pmu_core;
	unsigned int i, hidden = 0;

	for (i = 0; i < ARRAY_SIZE(files); i++)
		pmu_kunit_expect_event_file(test, &pc->pmu, files[i].name,
					    files[i].text);
	/* The model is DD2.2: its restricted codes are not listed. */
	for (i = 0; i < P9_CATALOGUE_NR; i++)
		hidden += p9_event_restricted(p9_catalogue[i].code, 0x004e1202);
	KUNIT_EXPECT_EQ(test, pmu_kunit_count_event_files(&pc->pmu),
			P9_CATALOGUE_NR - hidden + ARRAY_SIZE(files) + 2);
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

/* Catalogue entry @i as perf stat -e power9/alias/ opens it. */
static struct perf_event *p9k_open_catalogue(unsigned int i)
{
	u64 config = p9_catalogue[i].entry.config;

	/* Not in events/ on the model's revision: perf would not name it. */
	if (p9_event_restricted(config, p9_model_ops.pvr))
		return ERR_PTR(-ENOENT);
	return p9k_open(config, 0, NULL);
}

static unsigned long p9k_sched_steps(void)
{
	return this_cpu_read(p9_sched_steps);
}

/*
 * The scheduler's steps per rotation of 20 catalogue events, which
 * `tools/testing/harness bench` prints. A step is one call of
 * p9_place(): an event given each free PMC it allows in turn, or a full
 * placement checked against the L2/L3 rule; the pass over the events
 * before the search is not counted. A rotation schedules at every group
 * the perf core adds and once more when it enables the PMU, each time
 * over at most six events; the whole rotation stays under the bound the
 * Itanium scheduler keeps for one search, 1,000 steps.
 */
static void p9k_sched_steps_per_rotation(struct kunit *test)
{
	pmu_rotation_measure(test, &p9_pmu_core.pmu, P9_CATALOGUE_NR,
			     p9k_open_catalogue, p9k_sched_steps,
			     "scheduler steps", 999);
}

static unsigned long p9k_accesses(void)
{
	return p9_model.accesses;
}

/*
 * The register accesses of the same rotations, which the bench prints: at
 * most the freeze and the unfreeze, a read and a write of each PMC, and
 * MMCR1, MMCRA and MMCR2.
 */
static void p9k_sched_accesses_per_rotation(struct kunit *test)
{
	pmu_rotation_measure(test, &p9_pmu_core.pmu, P9_CATALOGUE_NR,
			     p9k_open_catalogue, p9k_accesses,
			     "register accesses", 2 + 2 * P9_NUM_PMCS + 3);
}

/*
 * The eight codes `tools/testing/harness bench` multiplexes first: two
 * of each of PMC1-4, opened in turn from each PMC. PM_INST_CMPL
 * (0x?0002) has a code on every one of PMC1-4, so the scheduler may move
 * it to another PMC.
 */
static const u64 p9k_mux_codes[] = {
	0x10002, 0x20002, 0x30002, 0x40002,
	0x10004, 0x20006, 0x30004, 0x40004,
};

/* Rotate the eight codes, ungrouped, as perf stat -e opens them. */
static struct pmu_rotation *p9k_mux_rotate(struct kunit *test,
					   unsigned long (*count)(void))
{
	struct pmu_rotation *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, r);
	pmu_rotation_hold(test, r, &p9_pmu_core.pmu);
	for (i = 0; i < ARRAY_SIZE(p9k_mux_codes); i++) {
		r->event[i] = p9k_open(p9k_mux_codes[i], 0, NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(r->event[i]));
		r->nr++;
	}
	pmu_rotation_run(test, r, count);
	pmu_rotation_close(test, r);
	return r;
}

/*
 * A rotation that cannot place the next event finds so without a
 * search: five events on PMC1-4 never fit, whatever PMCs their
 * alternatives allow. Three of the four events that go in were placed
 * before the rotation, and their commits search nothing; so a rotation
 * of the eight codes costs the commit of the one new event (with the
 * three before it, 5 steps), and the program takes the placement that
 * commit found: 5 steps. A full search of the fifth, with PM_INST_CMPL
 * free to take any PMC, took more than that alone.
 */
static void p9k_mux_sched_steps(struct kunit *test)
{
	struct pmu_rotation *r = p9k_mux_rotate(test, p9k_sched_steps);

	kunit_info(test, "scheduler steps per rotation of 8 events: median %u, min %u, max %u",
		   r->median, r->min, r->max);
	KUNIT_EXPECT_LE(test, r->max, 5U);
}

/*
 * The register accesses of a rotation of the eight codes: one event
 * leaves and another comes, on the same PMC; at most what any rotation
 * may take (p9k_sched_accesses_per_rotation()).
 */
static void p9k_mux_accesses(struct kunit *test)
{
	struct pmu_rotation *r = p9k_mux_rotate(test, p9k_accesses);

	kunit_info(test, "register accesses per rotation of 8 events: median %u, min %u, max %u",
		   r->median, r->min, r->max);
	KUNIT_EXPECT_GT(test, r->min, 0U);
	KUNIT_EXPECT_LE(test, r->max, 2U + 2U * P9_NUM_PMCS + 3U);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
	/* The stopped counter raised nothing; the other still may. */
	KUNIT_EXPECT_EQ(test, p9_model.alerts, alerts + 1);
	KUNIT_EXPECT_FALSE(test, p9_model_take_interrupt());
	KUNIT_EXPECT_TRUE(test, p9_model.mmcr0 & P9_MMCR0_PMAE);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* The perf core's disable and enable, with nothing changed in between */
unsigned int p9k_disable_enable(struct perf_event *read)
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

int p9k_other_fn(void *data)
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
unsigned int p9k_run_other_after(struct kunit *test, void (*fn)(void),
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

unsigned int p9k_run_other(struct kunit *test, void (*fn)(void))
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
	 * 2 + 3n for n events. Out: the freeze, reading the two counters
	 * and zeroing them (the other task may read them from problem
	 * state). In: writing the two counters and the unfreeze. Nothing
	 * counts meanwhile, so MMCR0 stays frozen and MMCR1 and MMCR2 keep
	 * the events' values. The counters are written back although they
	 * were zeroed: an unused PMC may change behind the driver (the
	 * oracle's p9o_disturb()), which 2 + 2n would count as the event's.
	 */
	KUNIT_EXPECT_LE(test, before, 8U);
	p9_model_count(0x10002, 1);
	KUNIT_EXPECT_EQ(test, p9k_value(a), 101ULL);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/*
 * A switch to a task without events and back places nothing: the events
 * that come back are those last placed, in the same order, and neither
 * the commit of each nor the program searches for their PMCs again.
 */
static void p9k_switch_sched_steps(struct kunit *test)
{
	struct perf_event *a = p9k_open(0x10002, 0, NULL);
	struct perf_event *b = p9k_open(P9K_B_CODE, 0, NULL);
	unsigned long before;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	p9_model_count(0x10002, 100);
	before = p9k_sched_steps();
	p9k_run_other(test, NULL);
	KUNIT_EXPECT_EQ(test, p9k_sched_steps() - before, 0UL);
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
	KUNIT_EXPECT_EQ(test, atomic_read(&p9k_nr_samples), 1);
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

int p9k_suite_init(struct kunit_suite *suite)
{
	pmu_model_steady_sample_rate();
	p9_model_reset();
	return p9_register(&p9_model_ops, "power9_model");
}

/*
 * No identifier: the POWER9 JSON is perf's CPUID table's, and perf would
 * look for a sys table matching an identifier.
 */
static void p9k_no_identifier(struct kunit *test)
{
	pmu_kunit_expect_identifier(test, &p9_pmu_core.pmu, NULL);
}

/* format/: the fields' bits, as perf reads them (one file per field). */
static void p9k_format_files(struct kunit *test)
{
	static const struct pmu_kunit_file files[] = {
		{ "event", "config:0-19\n" },
		{ "pmcxsel", "config:0-7\n" },
		{ "mark", "config:8\n" },
		{ "comb", "config:10-11\n" },
		{ "unit", "config:12-15\n" },
		{ "pmc", "config:16-18\n" },
		{ "reload_qual", "config:20-21\n" },
		{ "reload_qual_en", "config:22\n" },
		{ "sample_mode", "config:24-25\n" },
		{ "sample_elig", "config:26-28\n" },
		{ "thresh_sel", "config:29-31\n" },
		{ "thresh_stop", "config:32-35\n" },
		{ "thresh_start", "config:36-39\n" },
		{ "thresh_cmp", "config:40-49\n" },
		{ "sdar_mode", "config:50-51\n" },
		{ "ebb", "config:63\n" },
		{ }
	};

	pmu_kunit_expect_group(test, p9_pmu_core.pmu.dev,
			       &p9_pmu_core.format_group, files);
}

/*
 * events/ hides the codes the revision counts wrongly: the model is DD2.2,
 * on which PM_DTLB_MISS_4K (0x2c056) is one.
 */
static void p9k_events_hide_restricted(struct kunit *test)
{
	pmu_kunit_expect_event_file(test, &p9_pmu_core.pmu, "pm_dtlb_miss_4k",
				    NULL);
	pmu_kunit_expect_event_file(test, &p9_pmu_core.pmu, "pm_run_cyc",
				    "event=0x200f4\n");
	pmu_kunit_expect_event_file(test, &p9_pmu_core.pmu, "cycles",
				    "event=0x0001e\n");
}

void p9k_suite_exit(struct kunit_suite *suite)
{
	p9_unregister();
}

static struct kunit_case power9_pmu_model_cases[] = {
	KUNIT_CASE(p9k_format_files),
	KUNIT_CASE(p9k_no_identifier),
	KUNIT_CASE(p9k_events_hide_restricted),
	KUNIT_CASE(p9k_counts),
	KUNIT_CASE(p9k_folds_32bit_counter),
	KUNIT_CASE(p9k_exclude_user),
	KUNIT_CASE(p9k_group_of_six),
	KUNIT_CASE(p9k_stale_negative_counter),
	KUNIT_CASE(p9k_unused_counter_alert),
	KUNIT_CASE(p9k_unclaimed_alert),
	KUNIT_CASE(p9k_refusals),
	KUNIT_CASE(p9k_generic_events),
	KUNIT_CASE(p9k_generic_event_files),
	KUNIT_CASE(p9k_two_samplers_same_event),
	KUNIT_CASE(p9k_multiplexes),
	KUNIT_CASE(p9k_sched_steps_per_rotation),
	KUNIT_CASE(p9k_sched_accesses_per_rotation),
	KUNIT_CASE(p9k_mux_sched_steps),
	KUNIT_CASE(p9k_mux_accesses),
	KUNIT_CASE(p9k_alternative_counts),
	KUNIT_CASE(p9k_stopped_counter_stays_quiet),
	KUNIT_CASE(p9k_switch_only_freezes),
	KUNIT_CASE(p9k_switch_accesses),
	KUNIT_CASE(p9k_switch_sched_steps),
	KUNIT_CASE(p9k_mmcrs_written_when_changed),
	KUNIT_CASE(p9k_companion_counter_zeroed),
	KUNIT_CASE(p9k_pmcs_zero_for_others),
	{}
};

static struct kunit_suite power9_pmu_model_suite = {
	.name = "power9_pmu_model",
	.init = p9k_init,
	.suite_init = p9k_suite_init,
	.suite_exit = p9k_suite_exit,
	.test_cases = power9_pmu_model_cases,
};

kunit_test_suite(power9_pmu_model_suite);

MODULE_DESCRIPTION("KUnit tests of the POWER9 perf glue against a PMU model");
MODULE_LICENSE("GPL");
