// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the SPARC T4 perf glue on the real perf core, against
 * the register-level model (t4-model.c): counting across task switches,
 * 32-bit wraps, privilege filters, four counters and multiplexing, the
 * watchdog's counter, events/ files, generic events, refusals, the other
 * strands' privilege and user reads of a PIC. The helpers all the T4
 * model suites share (t4k.h) are here.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/rotation.h>

#include "t4k.h"

atomic_t t4k_nr_samples;

u64 t4k_last_ip;

void t4k_overflow(struct perf_event *event, struct perf_sample_data *data,
		  struct pt_regs *regs)
{
	atomic_inc(&t4k_nr_samples);
	t4k_last_ip = instruction_pointer(regs);
}

static void excl_hv(struct perf_event_attr *a) { a->exclude_hv = 1; }

static void excl_user(struct perf_event_attr *a) { a->exclude_user = 1; }

void t4k_user_only(struct perf_event_attr *a)
{
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
}

void t4k_precise(struct perf_event_attr *a)
{
	a->precise_ip = 3;
	a->exclude_hv = 1;
}

struct perf_event *t4k_open(u64 config, u64 period,
			    void (*tweak)(struct perf_event_attr *))
{
	struct perf_event_attr attr = {
		.type = t4_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = config,
		.sample_period = period,
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr, -1, current,
						period ? t4k_overflow : NULL,
						NULL);
}

int t4k_register(void)
{
	return t4_register(&t4_model_ops, "sparc_t4_model");
}

u64 t4k_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

void t4k_count(unsigned int sl, unsigned int mask, u64 total, u64 chunk)
{
	while (total) {
		u64 n = min(total, chunk);

		t4_model_count(sl, mask, n);
		total -= n;
	}
}

int t4k_init(struct kunit *test)
{
	int ret = pmu_model_pin_current();

	if (ret)
		return ret;
	t4_model_reset();
	atomic_set(&t4k_nr_samples, 0);
	t4k_last_ip = 0;
	return 0;
}

static void t4k_counts(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(3, 0x04), 0, excl_hv);
	struct t4_event dec = { .sl = 3, .mask = 0x04, .ut = true, .st = true };
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_TRUE(test, t4_model.reserved);
	KUNIT_EXPECT_EQ(test, t4_model.pcr[ev->hw.idx], t4_pcr_enable(&dec));
	for (i = 0; i < 3; i++) {
		t4_model_count(3, 0x04, 1000);
		usleep_range(1000, 2000);
	}
	/* Stores are not loads; hyperprivileged loads are excluded. */
	t4_model_count(3, 0x08, 500);
	t4_model.mode = T4_MODEL_HYP;
	t4_model_count(3, 0x04, 700);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 3000ULL);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, t4_model.reserved);
	KUNIT_EXPECT_FALSE(test, t4_pcr_counting(t4_model.pcr[0]));
}

static int t4k_switch_fn(void *data)
{
	complete(data);
	return 0;
}

/*
 * Another task runs on the test's CPU, so that the test's task switches
 * out and back in: a sleep may not, if its timer fires before the task
 * has switched out (a loaded host's stall).
 */
void t4k_switch_away(struct kunit *test)
{
	DECLARE_COMPLETION_ONSTACK(done);
	struct task_struct *t;

	t = kthread_create(t4k_switch_fn, &done, "t4k_switch");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	kthread_bind(t, raw_smp_processor_id());
	wake_up_process(t);
	wait_for_completion(&done);
}

/* A task switch between the same events writes PICs, never a PCR. */
static void t4k_switch_without_pcr_writes(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	unsigned int writes, pics;
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	writes = t4_model_pcr_writes();
	pics = t4_model.pic_writes[ev->hw.idx];
	for (i = 0; i < 5; i++) {
		t4_model_count(26, 0, 100);
		t4k_switch_away(test);
	}
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 500ULL);
	KUNIT_EXPECT_EQ(test, t4_model_pcr_writes(), writes);
	KUNIT_EXPECT_GE(test, t4_model.pic_writes[ev->hw.idx], pics + 5);
	perf_event_release_kernel(ev);
	/* Gone: its counter is stopped, with one write. */
	KUNIT_EXPECT_EQ(test, t4_model_pcr_writes(), writes + 1);
}

static void t4k_wraps(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	u64 total = 3 * 0x100000000ULL + 7;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4k_count(26, 0, total, 0x40000000);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), total);
	/* A counting event's PIC starts halfway: a trap every 2^31 events. */
	KUNIT_EXPECT_EQ(test, t4_model.traps, 6U);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[ev->hw.idx] & T4_PCR_OV);
	perf_event_release_kernel(ev);
}

static void t4k_privilege_filters(struct kunit *test)
{
	struct perf_event *nouser = t4k_open(T4_CONFIG(26, 0), 0, excl_user);
	struct perf_event *user = t4k_open(T4_CONFIG(26, 0), 0, t4k_user_only);

	KUNIT_ASSERT_FALSE(test, IS_ERR(nouser));
	KUNIT_ASSERT_FALSE(test, IS_ERR(user));
	t4_model.mode = T4_MODEL_USER;
	t4_model_count(26, 0, 500);
	t4_model.mode = T4_MODEL_PRIV;
	t4_model_count(26, 0, 300);
	t4_model.mode = T4_MODEL_HYP;
	t4_model_count(26, 0, 200);
	KUNIT_EXPECT_EQ(test, t4k_value(nouser), 500ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(user), 500ULL);
	perf_event_release_kernel(nouser);
	perf_event_release_kernel(user);
}

static void t4k_four_at_once(struct kunit *test)
{
	static const unsigned int code[][2] = {
		{ 3, 0x04 }, { 3, 0x08 }, { 16, 0x07 }, { 4, 0x02 },
	};
	struct perf_event_attr attr = {
		.type = t4_pmu_core.pmu.type,
		.size = sizeof(attr),
		.exclude_hv = 1,
	};
	struct perf_event *ev[4];
	u64 enabled, running;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		attr.config = T4_CONFIG(code[i][0], code[i][1]);
		ev[i] = perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
	}
	for (i = 0; i < 4; i++)
		t4_model_count(code[i][0], code[i][1], 100 * (i + 1));
	for (i = 0; i < 4; i++) {
		KUNIT_EXPECT_EQ(test, t4k_value(ev[i]), 100ULL * (i + 1));
		KUNIT_EXPECT_TRUE(test, t4_pcr_counting(t4_model.pcr[i]));
	}
	for (i = 0; i < 4; i++) {
		perf_event_read_value(ev[i], &enabled, &running);
		KUNIT_EXPECT_EQ(test, running, enabled);
		perf_event_release_kernel(ev[i]);
	}
}

static void t4k_multiplexes(struct kunit *test)
{
	struct perf_event *ev[5];
	u64 enabled, running;
	unsigned int i;
	unsigned int n;
	ktime_t start;

	for (i = 0; i < 5; i++) {
		ev[i] = t4k_open(T4_CONFIG(26, 0), 0, NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
	}
	n = 0;
	start = ktime_get();
	do {
		t4_model_count(26, 0, 10);
	} while (pmu_model_mux_more(start, ++n));
	for (i = 0; i < 5; i++) {
		perf_event_read_value(ev[i], &enabled, &running);
		kunit_info(test, "%u: %llu/%llu ns", i, running, enabled);
		KUNIT_EXPECT_GT(test, running, 0ULL);
		KUNIT_EXPECT_LT(test, running, enabled);
	}
	for (i = 0; i < 5; i++)
		perf_event_release_kernel(ev[i]);
}

/* Catalogue entry @i as perf stat -e sparc_t4/alias/ opens it. */
static struct perf_event *t4k_open_catalogue(unsigned int i)
{
	return t4k_open(t4_catalogue[i].entry.config, 0, NULL);
}

static unsigned long t4k_sched_steps(void)
{
	return this_cpu_read(t4_sched_steps);
}

/*
 * The counter assignment's steps per rotation of 20 catalogue events,
 * which `tools/testing/harness bench` prints. A step is one set checked
 * against the free counters (t4_fits(), at each group the perf core adds:
 * at most four that fit and one that does not) or one event looked at by
 * a pass of t4_assign() when the PMU is enabled (two passes over at most
 * four events): never more than 13.
 */
static void t4k_sched_steps_per_rotation(struct kunit *test)
{
	pmu_rotation_measure(test, &t4_pmu_core.pmu, T4_CATALOGUE_NR,
			     t4k_open_catalogue, t4k_sched_steps,
			     "scheduler steps", 1 + 3 * T4_NUM_COUNTERS);
}

static unsigned long t4k_rotation_accesses(void)
{
	unsigned long n = t4_model.pcr_reads + t4_model.pic_reads;
	unsigned int c;

	for (c = 0; c < T4_NUM_COUNTERS; c++)
		n += t4_model.pcr_writes[c] + t4_model.pic_writes[c];
	return n;
}

/*
 * The register accesses of the same rotations, which the bench prints: at
 * most, per counter, a read of its PIC, a write of its new start and the
 * two PCR writes that stop it and start the next event.
 */
static void t4k_sched_accesses_per_rotation(struct kunit *test)
{
	pmu_rotation_measure(test, &t4_pmu_core.pmu, T4_CATALOGUE_NR,
			     t4k_open_catalogue, t4k_rotation_accesses,
			     "register accesses", 4 * T4_NUM_COUNTERS);
}

/*
 * The NMI watchdog keeps PCR0/PIC0: the driver counts on the other three
 * and never writes PCR0; its overflows are not the driver's.
 */
static void t4k_watchdog_counter(struct kunit *test)
{
	struct perf_event *ev[4];
	u64 enabled, running;
	unsigned int i;
	unsigned int n;
	ktime_t start;

	t4_model.free = 0xe;
	t4_model.pcr[0] = t4_model_watchdog();
	for (i = 0; i < 3; i++) {
		ev[i] = t4k_open(T4_CONFIG(26, 0), 0, excl_user);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
		KUNIT_EXPECT_NE(test, ev[i]->hw.idx, 0);
	}
	t4_model.mode = T4_MODEL_PRIV;
	t4_model_count(26, 0, 1000);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, t4k_value(ev[i]), 1000ULL);
	/* The watchdog's PIC wraps: not claimed, PCR0 untouched. */
	t4_model.pic[0] = 0xfffffff0;
	t4_model_count(26, 0, 0x20);
	KUNIT_EXPECT_EQ(test, t4_model.unclaimed, 1U);
	KUNIT_EXPECT_EQ(test, t4_model.pcr_writes[0], 0U);
	KUNIT_EXPECT_EQ(test, t4_model.pcr[0], t4_model_watchdog());

	/* A fourth event has to wait its turn. */
	ev[3] = t4k_open(T4_CONFIG(26, 0), 0, excl_user);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev[3]));
	n = 0;
	start = ktime_get();
	do {
		t4_model_count(26, 0, 10);
	} while (pmu_model_mux_more(start, ++n));
	perf_event_read_value(ev[3], &enabled, &running);
	KUNIT_EXPECT_GT(test, running, 0ULL);
	KUNIT_EXPECT_LT(test, running, enabled);
	KUNIT_EXPECT_EQ(test, t4_model.pcr_writes[0], 0U);
	for (i = 0; i < 4; i++)
		perf_event_release_kernel(ev[i]);
	KUNIT_EXPECT_EQ(test, t4_model.pcr[0], t4_model_watchdog());
}

static struct perf_event *t4k_open_generic(u32 type, u64 config, bool no_hv)
{
	struct perf_event_attr attr = {
		.type = type,
		.size = sizeof(attr),
		.config = (u64)t4_pmu_core.pmu.type << PERF_PMU_TYPE_SHIFT | config,
		.exclude_hv = no_hv,
	};

	return perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
}

/* identifier: what the perf JSON's Compat names, for perf to find it */
static void t4k_identifier(struct kunit *test)
{
	pmu_kunit_expect_identifier(test, &t4_pmu_core.pmu, "SPARC-T4\n");
}

/* format/: the fields' bits, as perf reads them (one file per field). */
static void t4k_format_files(struct kunit *test)
{
	static const struct pmu_kunit_file files[] = {
		{ "event", "config:0-4\n" },
		{ "umask", "config:8-13\n" },
		{ "sl", "config:0-4\n" },
		{ "mask", "config:8-13\n" },
		{ "rdpmc", "config1:1\n" },
		{ }
	};
	struct pmu_core *pc = &t4_pmu_core;

	pmu_kunit_expect_group(test, pc->pmu.dev, &pc->format_group, files);
}

/* events/ files give sl and mask as perf's event and umask terms. */
static void t4k_events_files(struct kunit *test)
{
	struct pmu_core *pc = &t4_pmu_core;

	pmu_kunit_expect_event_file(test, &pc->pmu,
				    "instr_all", "event=0x03,umask=0x3f\n");
	pmu_kunit_expect_event_file(test, &pc->pmu,
				    "ic_miss_nospec", "event=0x05,umask=0x07\n");
	pmu_kunit_expect_event_file(test, &pc->pmu,
				    "cycles", "event=0x1a,umask=0x00\n");
}

static void t4k_generic_events(struct kunit *test)
{
	struct perf_event *cyc, *ins, *ev;

	cyc = t4k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, false);
	KUNIT_ASSERT_FALSE(test, IS_ERR(cyc));
	ins = t4k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, true);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ins));
	t4_model_count(26, 0, 700);
	t4_model_count(3, 0x01, 100);
	t4_model_count(3, 0x20, 200);
	KUNIT_EXPECT_EQ(test, t4k_value(cyc), 700ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(ins), 300ULL);
	perf_event_release_kernel(cyc);
	perf_event_release_kernel(ins);

	/* Instructions are a precise group: hyperprivileged counting is refused. */
	ev = t4k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, false);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open_generic(PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES, true);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -ENOENT);
	ev = t4k_open_generic(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_MAX, true);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	ev = t4k_open_generic(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_L1D |
			      PERF_COUNT_HW_CACHE_OP_READ << 8 |
			      PERF_COUNT_HW_CACHE_RESULT_MISS << 16, true);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	t4_model_count(16, 0x04, 40);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 40ULL);
	perf_event_release_kernel(ev);
}

static void excl_idle(struct perf_event_attr *a) { a->exclude_idle = 1; }

static void excl_host(struct perf_event_attr *a) { a->exclude_host = 1; }

static void precise_only(struct perf_event_attr *a) { a->precise_ip = 1; }

static void user_no_guest(struct perf_event_attr *a)
{
	t4k_user_only(a);
	a->exclude_guest = 1;
}

static void t4k_refusals(struct kunit *test)
{
	struct perf_event *ev;
	unsigned int sl;

	for (sl = 0; sl < 32; sl++) {
		if (t4_sl_group_find(sl))
			continue;
		ev = t4k_open(T4_CONFIG(sl, 0x01), 0, excl_hv);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(ev), -EINVAL, "sl %u", sl);
	}
	ev = t4k_open(T4_CONFIG(1, 0x20), 0, NULL);		/* mask[5] unused */
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	ev = t4k_open(T4_CONFIG(3, 0x01) | BIT_ULL(20), 0, excl_hv);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
	/* Precise only where the group traps precisely, and never with ht. */
	ev = t4k_open(T4_CONFIG(26, 0), 1000, t4k_precise);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open(T4_CONFIG(3, 0x04), 1000, precise_only);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open(T4_CONFIG(3, 0x04), 0, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open(T4_CONFIG(5, 0x07), 1000, t4k_precise);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	/* Shared events cannot be filtered; idle cannot be told. */
	ev = t4k_open(T4_CONFIG(8, 0x02), 0, excl_user);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open(T4_CONFIG(26, 0), 0, excl_idle);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open(T4_CONFIG(26, 0), 0, excl_host);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	ev = t4k_open(T4_CONFIG(26, 0), 0, user_no_guest);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	/* Someone else holds the counters: taken, never scheduled. */
	t4_model.busy = true;
	ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_FALSE(test, t4_model.reserved);
	t4_model.busy = false;
	t4_model_count(26, 0, 100);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 0ULL);
	KUNIT_EXPECT_LT(test, ev->hw.idx, 0);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_FALSE(test, t4_model.reserved);
}

/*
 * Shared events count every strand of the core: a per-task event that
 * asks for one needs the privilege a CPU-wide event needs.
 */
static void t4k_other_strands_need_privilege(struct kunit *test)
{
	const struct cred *old;
	struct perf_event *ev;

	old = pmu_model_unprivileged();
	KUNIT_ASSERT_NOT_NULL(test, old);
	ev = t4k_open(T4_CONFIG(8, 0x02), 0, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EACCES);
	KUNIT_EXPECT_FALSE(test, t4_model.reserved);
	/* This strand only: no privilege needed. */
	ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	revert_creds(old);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
	ev = t4k_open(T4_CONFIG(8, 0x02), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);
}

static void user_reads(struct perf_event_attr *a) { a->config1 = T4_CONFIG1_RDPMC; }

static void user_reads_inherit(struct perf_event_attr *a)
{
	a->config1 = T4_CONFIG1_RDPMC;
	a->inherit = 1;
}

/* The mmap page's index, as perf_event_update_userpage() sets it. */
static int t4k_index(struct perf_event *ev)
{
	if (ev->state != PERF_EVENT_STATE_ACTIVE ||
	    (ev->hw.state & PERF_HES_STOPPED))
		return 0;
	return ev->pmu->event_idx(ev);
}

/*
 * What the event's task computes without a system call: the page's offset
 * (count - prev_count, as perf_event_update_userpage() writes it) plus
 * its user-mode load of the PIC the index names. A kernel counter has no
 * mmap page, so the offset is taken from the fields the page is made of.
 */
static int t4k_user_count(struct perf_event *ev, u64 *count)
{
	int idx = t4k_index(ev);
	u64 pic;

	if (!idx)
		return -ENODATA;
	if (t4_model_user_read_pic(idx - 1, &pic))
		return -EPERM;
	*count = local64_read(&ev->count) - local64_read(&ev->hw.prev_count) +
		 pic;
	return 0;
}

/* Another task, on the test's CPU, tries what the event's task may do. */
struct t4k_other {
	struct completion done;
	unsigned int c;
	u64 pcr;
	int ret;
};

static int t4k_other_fn(void *data)
{
	struct t4k_other *o = data;
	u64 pic;

	o->pcr = t4_model.pcr[o->c];
	o->ret = t4_model_user_read_pic(o->c, &pic);
	complete(&o->done);
	return 0;
}

static void t4k_run_other(struct kunit *test, struct t4k_other *o,
			  unsigned int c)
{
	struct task_struct *t;

	o->c = c;
	o->ret = 0;
	init_completion(&o->done);
	t = kthread_create(t4k_other_fn, o, "t4k_other");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	kthread_bind(t, raw_smp_processor_id());
	wake_up_process(t);
	wait_for_completion(&o->done);
}

/*
 * A per-task event with rdpmc: its PIC is open to user code (picnpt
 * clear) while its task runs, and the page's offset plus the PIC is what
 * read() says, across switches and a wrap; another task running on the
 * CPU, or the event disabled, finds picnpt set and traps.
 */
static void t4k_user_read(struct kunit *test)
{
	struct perf_event *ev = t4k_open(T4_CONFIG(26, 0), 0, user_reads);
	struct t4k_other other;
	u64 count = 0;
	int c;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	c = ev->hw.idx;
	KUNIT_ASSERT_GE(test, c, 0);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[c] & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, t4k_index(ev), c + 1);
	t4_model_count(26, 0, 1234);
	KUNIT_ASSERT_EQ(test, t4k_user_count(ev, &count), 0);
	KUNIT_EXPECT_EQ(test, count, t4k_value(ev));
	KUNIT_EXPECT_EQ(test, count, 1234ULL);

	/* Switched out and back: open again, the count carried over. */
	t4k_switch_away(test);
	t4_model_count(26, 0, 100);
	KUNIT_EXPECT_EQ(test, ev->hw.idx, c);
	KUNIT_ASSERT_EQ(test, t4k_user_count(ev, &count), 0);
	KUNIT_EXPECT_EQ(test, count, 1334ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), 1334ULL);

	/* The PIC wraps: the interrupt reprograms it, still open. */
	t4_model_count(26, 0, 0xffffff00ULL);
	t4_model_count(26, 0, 0x200);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[c] & T4_PCR_PICNPT);
	KUNIT_ASSERT_EQ(test, t4k_user_count(ev, &count), 0);
	KUNIT_EXPECT_EQ(test, count, 1334ULL + 0x100000100ULL);
	KUNIT_EXPECT_EQ(test, t4k_value(ev), count);

	/* Another task runs on this CPU: the PIC is closed to it. */
	t4k_run_other(test, &other, c);
	KUNIT_EXPECT_TRUE(test, other.pcr & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, other.ret, -EPERM);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[c] & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, t4k_index(ev), c + 1);

	/* Disabled: closed, and the page says to use read(). */
	perf_event_disable(ev);
	KUNIT_EXPECT_TRUE(test, t4_model.pcr[c] & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, t4k_index(ev), 0);
	KUNIT_EXPECT_EQ(test, ev->pmu->event_idx(ev), 0);
	KUNIT_EXPECT_EQ(test, t4k_user_count(ev, &count), -ENODATA);
	perf_event_enable(ev);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[ev->hw.idx] & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, t4k_index(ev), ev->hw.idx + 1);
	c = ev->hw.idx;
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_TRUE(test, t4_model.pcr[c] & T4_PCR_PICNPT);
	KUNIT_EXPECT_FALSE(test, t4_pcr_counting(t4_model.pcr[c]));
}

static int t4k_idle_fn(void *data)
{
	return 0;
}

/*
 * Only a per-task event that asked, not inherited, opened by the task
 * itself, may be read by user code: a CPU-wide one, an inherited one or
 * one on another task with rdpmc is refused, and the counters of events
 * that did not ask keep picnpt set.
 */
static void t4k_user_read_only_when_asked(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = t4_pmu_core.pmu.type,
		.size = sizeof(attr),
		.config = T4_CONFIG(26, 0),
	};
	struct perf_event *ev, *wide, *mine;
	struct task_struct *t;
	u64 pic;
	int c;

	ev = t4k_open(T4_CONFIG(26, 0), 0, user_reads_inherit);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ev), -EINVAL);
	attr.config1 = T4_CONFIG1_RDPMC;
	wide = perf_event_create_kernel_counter(&attr, raw_smp_processor_id(),
						NULL, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(wide), -EINVAL);
	/* Another task's counter, which would show it this one's kernel time */
	t = kthread_create(t4k_idle_fn, NULL, "t4k_idle");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	ev = perf_event_create_kernel_counter(&attr, -1, t, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ev), -EINVAL);
	if (!IS_ERR(ev))
		perf_event_release_kernel(ev);
	kthread_stop(t);

	attr.config1 = 0;
	wide = perf_event_create_kernel_counter(&attr, raw_smp_processor_id(),
						NULL, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(wide));
	ev = t4k_open(T4_CONFIG(26, 0), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	mine = t4k_open(T4_CONFIG(26, 0), 0, user_reads);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mine));
	KUNIT_ASSERT_GE(test, wide->hw.idx, 0);
	KUNIT_ASSERT_GE(test, ev->hw.idx, 0);
	KUNIT_ASSERT_GE(test, mine->hw.idx, 0);

	KUNIT_EXPECT_TRUE(test, t4_model.pcr[wide->hw.idx] & T4_PCR_PICNPT);
	KUNIT_EXPECT_TRUE(test, t4_model.pcr[ev->hw.idx] & T4_PCR_PICNPT);
	KUNIT_EXPECT_FALSE(test, t4_model.pcr[mine->hw.idx] & T4_PCR_PICNPT);
	KUNIT_EXPECT_EQ(test, t4k_index(wide), 0);
	KUNIT_EXPECT_EQ(test, t4k_index(ev), 0);
	KUNIT_EXPECT_EQ(test, t4k_index(mine), mine->hw.idx + 1);
	KUNIT_EXPECT_EQ(test, t4_model_user_read_pic(wide->hw.idx, &pic), -EPERM);
	KUNIT_EXPECT_EQ(test, t4_model_user_read_pic(ev->hw.idx, &pic), -EPERM);
	KUNIT_EXPECT_EQ(test, t4_model_user_read_pic(mine->hw.idx, &pic), 0);
	/* Its event gone, the counter is closed before anyone else runs. */
	c = mine->hw.idx;
	perf_event_release_kernel(mine);
	KUNIT_EXPECT_TRUE(test, t4_model.pcr[c] & T4_PCR_PICNPT);
	perf_event_release_kernel(ev);
	perf_event_release_kernel(wide);
}

int t4k_suite_init(struct kunit_suite *suite)
{
	pmu_model_steady_sample_rate();
	t4_model_reset();
	return t4k_register();
}

void t4k_suite_exit(struct kunit_suite *suite)
{
	t4_unregister();
}

static struct kunit_case sparc_t4_pmu_model_cases[] = {
	KUNIT_CASE(t4k_counts),
	KUNIT_CASE(t4k_switch_without_pcr_writes),
	KUNIT_CASE(t4k_wraps),
	KUNIT_CASE(t4k_privilege_filters),
	KUNIT_CASE(t4k_four_at_once),
	KUNIT_CASE(t4k_multiplexes),
	KUNIT_CASE(t4k_sched_steps_per_rotation),
	KUNIT_CASE(t4k_sched_accesses_per_rotation),
	KUNIT_CASE(t4k_watchdog_counter),
	KUNIT_CASE(t4k_format_files),
	KUNIT_CASE(t4k_identifier),
	KUNIT_CASE(t4k_events_files),
	KUNIT_CASE(t4k_generic_events),
	KUNIT_CASE(t4k_refusals),
	KUNIT_CASE(t4k_other_strands_need_privilege),
	KUNIT_CASE(t4k_user_read),
	KUNIT_CASE(t4k_user_read_only_when_asked),
	{}
};

static struct kunit_suite sparc_t4_pmu_model_suite = {
	.name = "sparc_t4_pmu_model",
	.init = t4k_init,
	.suite_init = t4k_suite_init,
	.suite_exit = t4k_suite_exit,
	.test_cases = sparc_t4_pmu_model_cases,
};

kunit_test_suite(sparc_t4_pmu_model_suite);
