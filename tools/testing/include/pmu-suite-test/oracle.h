/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An exact-count oracle for a core PMU driver over its register model, on
 * the real perf core.
 *
 * A seeded random sequence of what perf users and the perf core do (open
 * and close per-task and CPU-wide events, counting and sampling, each
 * privilege filter; enable, disable, read, change the period; switch to a
 * second task that has events of its own or none) runs while the model
 * produces a known number of events of each kind in user or kernel mode.
 * Before each step an overflow interrupt may be armed to arrive after any
 * of the driver's register accesses, carrying events of its own. And the
 * thread's time does not stop inside the perf core and the driver: after
 * every register access of their callbacks the model produces a few
 * events of each kind in kernel mode, and the interrupt they raise comes
 * right there, as it would on the hardware, whose counters count the code
 * that reads them. Now and then the model leaves a counter a few events
 * short of its overflow, so that the next callbacks (a read, most often)
 * take it across.
 *
 * After every step, every event's count must be what its counter saw
 * while the event was enabled and its task ran: the events produced in a
 * mode it counts, by the task it follows (any, for a CPU-wide event).
 * Events an interrupt brought inside a driver callback may or may not
 * have been counted (the PMU may have been frozen for the callback), so
 * each count is checked against a range; a 2^32 jump, another task's
 * events, or a count read twice all fall outside it. Every sample must
 * carry the privilege its event asked for.
 *
 * Each run prints its seed; the same seed replays the same sequence.
 */
#ifndef _PMU_SUITE_ORACLE_H
#define _PMU_SUITE_ORACLE_H

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/perf_event.h>
#include <linux/prandom.h>
#include <linux/sched.h>
#include <pmu-suite-test/model.h>

#define PMU_ORACLE_MAX_SLOTS	4

/**
 * struct pmu_oracle_ops - a PMU model's part in the oracle
 * @slots: kinds of event, each on a counter of its own, so that all fit
 * @type: the registered PMU's type
 * @config: the raw config of @slot's kind
 * @set_user: the model's thread runs in user (or kernel) mode from now
 * @user: whether it runs in user mode
 * @count: the model produces @n events of @slot's kind in its mode;
 *	returns how many reached the counters (fewer when an overflow
 *	froze the PMU: those are lost, as on the hardware). Called with an
 *	overflow interrupt maybe pending, and from inside the driver's
 *	callbacks and its overflow handler
 * @interrupt: take a pending overflow interrupt, if any
 * @nmi: the model's interrupt between register accesses, and its time
 *	there (pmu_model_nmi.tick)
 * @headroom: optional; events of @slot's kind its counter takes before it
 *	raises its overflow interrupt (0: none is coming)
 * @leaks: optional; called in a task that counts nothing while no
 *	CPU-wide event exists: whether a counter it can read shows a count
 * @disturb: optional; leave @slot's counter, which no event uses, about
 *	to interrupt, as a hypervisor that does not keep the counters could
 * @storm: optional; whether interrupts keep coming with no event behind
 *	them
 * @reset: put the model in its reset state
 * @register_pmu: register the driver's PMU over the model as @name
 * @unregister_pmu: unregister it
 */
struct pmu_oracle_ops {
	unsigned int slots;
	u32 (*type)(void);
	u64 (*config)(unsigned int slot);
	void (*set_user)(bool user);
	bool (*user)(void);
	u64 (*count)(unsigned int slot, u64 n);
	void (*interrupt)(void);
	struct pmu_model_nmi *nmi;
	u64 (*headroom)(unsigned int slot);
	bool (*leaks)(void);
	void (*disturb)(unsigned int slot);
	bool (*storm)(void);
	void (*reset)(void);
	int (*register_pmu)(const char *name);
	void (*unregister_pmu)(void);
};

enum pmu_oracle_scope { PMU_ORACLE_A, PMU_ORACLE_B, PMU_ORACLE_CPU };

struct pmu_oracle_event {
	struct perf_event *ev;
	bool opening;
	enum pmu_oracle_scope scope;
	bool excl_user;
	bool excl_kernel;
	bool enabled;
	u64 period;
	u64 lo;
	u64 hi;
};

/**
 * struct pmu_oracle - one run
 * @ops: the model's part
 * @test: the test
 * @rnd: the sequence's generator
 * @tick_rnd: the generator of the events between register accesses, apart,
 *	so that the sequence does not depend on how many accesses the driver
 *	makes
 * @ev: the event of each slot (ev NULL: none)
 * @cpu: the CPU both tasks run on
 * @b: the second task
 * @bad_samples: samples whose mode their event excludes
 * @steps: steps taken
 * @nmis: injected interrupts that ran
 * @switches: steps run in the second task
 * @leaks: times a task that counts nothing could read a count
 * @throttled: events credited to an event while it was throttled
 * @ticking: the step's perf calls are running: the model's time passes
 *	at their register accesses
 * @in_tick: inside pmu_oracle_tick()
 * @ticked: events produced between register accesses
 * @near: counts that left a counter a few events short of its overflow
 */
struct pmu_oracle {
	const struct pmu_oracle_ops *ops;
	struct kunit *test;
	struct rnd_state rnd;
	struct rnd_state tick_rnd;
	struct pmu_oracle_event ev[PMU_ORACLE_MAX_SLOTS];
	unsigned int cpu;
	struct task_struct *b;
	struct completion b_go;
	struct completion b_done;
	bool b_quit;
	unsigned int b_slot;
	u64 b_n;
	bool b_user;
	bool b_check_leak;
	bool b_leaked;
	unsigned int nmi_slot;
	u64 nmi_n;
	bool in_irq;
	atomic_t bad_samples;
	atomic_t samples;
	unsigned int steps;
	unsigned int nmis;
	unsigned int switches;
	unsigned int leaks;
	unsigned int throttled;
	bool ticking;
	bool in_tick;
	u64 ticked;
	unsigned int near;
};

static bool oracle_trace;
module_param(oracle_trace, bool, 0444);
MODULE_PARM_DESC(oracle_trace, "log each step of the oracle");

/* The interrupt armed between register accesses finds its run here. */
static struct pmu_oracle *pmu_oracle_cur;

static inline u32 pmu_oracle_rand(struct pmu_oracle *o, u32 n)
{
	return prandom_u32_state(&o->rnd) % n;
}

/* Credit @seen events of @slot, produced by @who in @user mode. */
static inline void pmu_oracle_credit(struct pmu_oracle *o, unsigned int slot,
				     enum pmu_oracle_scope who, bool user,
				     u64 seen, bool certain)
{
	struct pmu_oracle_event *e = &o->ev[slot];

	if ((!e->ev && !e->opening) || !e->enabled)
		return;
	if (e->scope != PMU_ORACLE_CPU && e->scope != who)
		return;
	if ((user && e->excl_user) || (!user && e->excl_kernel))
		return;
	/*
	 * A throttled event (the perf core's interrupts-per-tick limit, which
	 * a loaded host's slow ticks make hard to predict) stops counting
	 * until the next tick.
	 */
	if (e->ev && e->ev->hw.interrupts == ~0ULL) {
		certain = false;
		o->throttled++;
	}
	if (certain)
		e->lo += seen;
	e->hi += seen;
}

static inline void pmu_oracle_overflow(struct perf_event *event,
				       struct perf_sample_data *data,
				       struct pt_regs *regs)
{
	struct pmu_oracle *o = event->overflow_handler_context;

	atomic_inc(&o->samples);
	if ((user_mode(regs) && event->attr.exclude_user) ||
	    (!user_mode(regs) && event->attr.exclude_kernel))
		atomic_inc(&o->bad_samples);
}

/* Take a pending overflow interrupt; none nests in another. */
static inline void pmu_oracle_interrupt(struct pmu_oracle *o)
{
	if (o->in_irq)
		return;
	o->in_irq = true;
	o->ops->interrupt();
	o->in_irq = false;
}

/* Events of @slot, once a pending interrupt has been taken. */
static inline u64 pmu_oracle_count(struct pmu_oracle *o, unsigned int slot,
				   u64 n, bool user)
{
	pmu_oracle_interrupt(o);
	o->ops->set_user(user);
	return o->ops->count(slot, n);
}

/*
 * The injected interrupt: events of a slot, in kernel mode, then their
 * overflow. Inside the overflow handler the events still come (the
 * counters may count on there), but the interrupt waits for its end.
 */
static inline void pmu_oracle_nmi(void)
{
	struct pmu_oracle *o = pmu_oracle_cur;
	bool user = o->ops->user();
	u64 seen = pmu_oracle_count(o, o->nmi_slot, o->nmi_n, false);

	pmu_oracle_credit(o, o->nmi_slot, PMU_ORACLE_A, false, seen, false);
	pmu_oracle_interrupt(o);
	/* It returns to the mode it interrupted. */
	o->ops->set_user(user);
	o->nmis++;
}

/* Most events of each kind the thread produces between two accesses */
#define PMU_ORACLE_TICK		3
/* Most events a near count leaves before the counter's overflow */
#define PMU_ORACLE_NEAR		12

/*
 * The time after a register access of a perf callback (pmu_model_nmi.tick):
 * the code runs on in kernel mode, producing events of every kind, and an
 * overflow interrupt they raise comes now, after the access: between a
 * read of a counter and what the driver does with the value, say. Events
 * of the task running (or of any, for a CPU-wide event) that may or may
 * not have been counted: the PMU may be frozen, or the event on its way
 * in or out. Not inside the overflow handler, which the interrupt
 * returns to its caller's time.
 */
static inline void pmu_oracle_tick(void)
{
	struct pmu_oracle *o = pmu_oracle_cur;
	enum pmu_oracle_scope who;
	unsigned int s;
	bool user;

	if (!o || !o->ticking || o->in_tick || o->in_irq)
		return;
	o->in_tick = true;
	user = o->ops->user();
	who = current == o->b ? PMU_ORACLE_B : PMU_ORACLE_A;
	for (s = 0; s < o->ops->slots; s++) {
		u64 n = prandom_u32_state(&o->tick_rnd) % (PMU_ORACLE_TICK + 1);
		u64 seen;

		if (!n)
			continue;
		seen = pmu_oracle_count(o, s, n, false);
		pmu_oracle_credit(o, s, who, false, seen, false);
		o->ticked += seen;
	}
	pmu_oracle_interrupt(o);
	o->ops->set_user(user);
	o->in_tick = false;
}

static inline int pmu_oracle_b_fn(void *data)
{
	struct pmu_oracle *o = data;

	for (;;) {
		wait_for_completion(&o->b_go);
		if (o->b_quit)
			break;
		if (o->b_check_leak)
			o->b_leaked = o->ops->leaks();
		o->b_check_leak = false;
		o->b_n = pmu_oracle_count(o, o->b_slot, o->b_n, o->b_user);
		pmu_oracle_interrupt(o);
		complete(&o->b_done);
	}
	complete(&o->b_done);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

/*
 * How many events a step produces; @near: set when the count is to end
 * near the counter's overflow instead (pmu_oracle_count_near()), NULL
 * where none may.
 */
static inline u64 pmu_oracle_n(struct pmu_oracle *o, unsigned int slot,
			       bool *near)
{
	u32 r = pmu_oracle_rand(o, 100);

	if (near && o->ops->headroom && r >= 88) {
		*near = true;
		return 0;
	}

	/* Now and then enough to wrap a counter, where no event samples. */
	if (r < 4 && !(o->ev[slot].ev && o->ev[slot].period))
		return (1ULL << 29) + pmu_oracle_rand(o, 1U << 31);
	if (r < 40)
		return 1 + pmu_oracle_rand(o, 100);
	return 1 + pmu_oracle_rand(o, 1U << 17);
}

/*
 * A count in kernel mode that ends a few events short of the counter's
 * overflow, most often after taking it across one first: then the next
 * fold of the event is of the counter the interrupt wrote. The perf calls
 * that follow, the reads of every event first, take it across inside
 * their callbacks, between a read of the counter and what the driver
 * does with the value, say.
 */
static inline void pmu_oracle_count_near(struct pmu_oracle *o,
					 unsigned int slot)
{
	u64 left = o->ops->headroom(slot), seen;

	if (left && pmu_oracle_rand(o, 4)) {
		seen = pmu_oracle_count(o, slot, left, false);
		pmu_oracle_credit(o, slot, PMU_ORACLE_A, false, seen, true);
		pmu_oracle_interrupt(o);
		left = o->ops->headroom(slot);
	}
	if (left <= PMU_ORACLE_NEAR)
		return;
	o->near++;
	if (oracle_trace)
		pr_info("oracle: slot %u: %llu events before its counter's overflow\n",
			slot, left);
	seen = pmu_oracle_count(o, slot,
				left - 1 - pmu_oracle_rand(o, PMU_ORACLE_NEAR),
				false);
	pmu_oracle_credit(o, slot, PMU_ORACLE_A, false, seen, true);
	pmu_oracle_interrupt(o);
}

static inline void pmu_oracle_open(struct pmu_oracle *o, unsigned int slot)
{
	struct pmu_oracle_event *e = &o->ev[slot];
	struct perf_event_attr attr = {
		.type = o->ops->type(),
		.size = sizeof(attr),
		.config = o->ops->config(slot),
	};
	struct task_struct *task;
	int cpu = -1;

	memset(e, 0, sizeof(*e));
	e->scope = pmu_oracle_rand(o, 3);
	switch (pmu_oracle_rand(o, 3)) {
	case 1:
		attr.exclude_user = 1;
		break;
	case 2:
		attr.exclude_kernel = 1;
		break;
	}
	/* hv and idle are no modes the models produce events in */
	attr.exclude_hv = 1;
	if (pmu_oracle_rand(o, 2))
		attr.sample_period = (1U << 14) + pmu_oracle_rand(o, 1U << 18);
	attr.disabled = !pmu_oracle_rand(o, 4);
	task = e->scope == PMU_ORACLE_A ? current :
	       e->scope == PMU_ORACLE_B ? o->b : NULL;
	if (!task)
		cpu = o->cpu;
	/* It may count what comes while it is being opened. */
	e->excl_user = attr.exclude_user;
	e->excl_kernel = attr.exclude_kernel;
	e->period = attr.sample_period;
	e->enabled = !attr.disabled;
	e->opening = true;
	e->ev = perf_event_create_kernel_counter(&attr, cpu, task,
						 attr.sample_period ?
						 pmu_oracle_overflow : NULL, o);
	e->opening = false;
	KUNIT_ASSERT_FALSE_MSG(o->test, IS_ERR(e->ev),
			       "step %u: open slot %u: %ld", o->steps, slot,
			       PTR_ERR(e->ev));
}

static inline void pmu_oracle_close(struct pmu_oracle *o, unsigned int slot)
{
	perf_event_release_kernel(o->ev[slot].ev);
	o->ev[slot].ev = NULL;
}

static inline void pmu_oracle_check(struct pmu_oracle *o, unsigned int slot,
				    const char *what)
{
	struct pmu_oracle_event *e = &o->ev[slot];
	u64 enabled, running, v;

	if (!e->ev)
		return;
	v = perf_event_read_value(e->ev, &enabled, &running);
	KUNIT_EXPECT_TRUE_MSG(o->test, v >= e->lo && v <= e->hi,
			      "step %u (%s): slot %u (scope %d, period %llu, exclude user %d kernel %d) counts %llu, expected %llu..%llu",
			      o->steps, what, slot, e->scope, e->period,
			      e->excl_user, e->excl_kernel, v, e->lo, e->hi);
	/* Resynchronise, so that one error is reported once. */
	if (v < e->lo || v > e->hi) {
		e->lo = v;
		e->hi = v;
	}
}

static inline bool pmu_oracle_quiet(struct pmu_oracle *o)
{
	unsigned int s;

	for (s = 0; s < o->ops->slots; s++)
		if (o->ev[s].ev && o->ev[s].scope != PMU_ORACLE_A)
			return false;
	return true;
}

enum pmu_oracle_op {
	PMU_ORACLE_COUNT, PMU_ORACLE_SWITCH, PMU_ORACLE_DISABLE,
	PMU_ORACLE_ENABLE, PMU_ORACLE_READ, PMU_ORACLE_PERIOD, PMU_ORACLE_CLOSE,
	PMU_ORACLE_OPEN, PMU_ORACLE_DISTURB,
};

static const char *const pmu_oracle_op_name[] = {
	"count", "switch", "disable", "enable", "read", "period", "close",
	"open", "disturb",
};

static inline enum pmu_oracle_op pmu_oracle_pick(struct pmu_oracle *o,
						 struct pmu_oracle_event *e)
{
	u32 r = pmu_oracle_rand(o, 100);

	if (!e->ev)
		return o->ops->disturb && r < 10 ? PMU_ORACLE_DISTURB :
		       PMU_ORACLE_OPEN;
	if (r < 40)
		return PMU_ORACLE_COUNT;
	if (r < 55)
		return PMU_ORACLE_SWITCH;
	if (r < 65)
		return PMU_ORACLE_DISABLE;
	if (r < 75)
		return PMU_ORACLE_ENABLE;
	if (r < 85)
		return PMU_ORACLE_READ;
	if (r < 92 && e->period)
		return PMU_ORACLE_PERIOD;
	return PMU_ORACLE_CLOSE;
}

/*
 * Arm an interrupt after one of the next register accesses, bringing
 * events of a slot. Not of the slot the step opens, closes, enables or
 * disables: whether that event counts them depends on where in its
 * callback they come, which no count can tell.
 */
static inline void pmu_oracle_arm(struct pmu_oracle *o, unsigned int slot,
				  enum pmu_oracle_op op)
{
	unsigned int s = pmu_oracle_rand(o, o->ops->slots);

	if (!o->ops->nmi || op == PMU_ORACLE_SWITCH ||
	    op == PMU_ORACLE_DISTURB || pmu_oracle_rand(o, 3))
		return;
	/* A read may meet its event's own interrupt. */
	if (op == PMU_ORACLE_READ && pmu_oracle_rand(o, 2))
		s = slot;
	if (s == slot && op != PMU_ORACLE_READ && op != PMU_ORACLE_COUNT) {
		if (o->ops->slots == 1)
			return;
		s = (s + 1) % o->ops->slots;
	}
	o->nmi_slot = s;
	o->nmi_n = 1 + pmu_oracle_rand(o, 1U << 16);
	/* A sampling event's own interrupt, with its period ended. */
	if (s == slot && o->ev[s].period)
		o->nmi_n = o->ev[s].period + pmu_oracle_rand(o, 1024);
	pmu_model_nmi_arm(o->ops->nmi, pmu_oracle_nmi,
			  1 + pmu_oracle_rand(o, 24));
}

/* One step; returns its name for the messages. */
static inline const char *pmu_oracle_step(struct pmu_oracle *o)
{
	unsigned int slot = pmu_oracle_rand(o, o->ops->slots);
	struct pmu_oracle_event *e = &o->ev[slot];
	enum pmu_oracle_op op = pmu_oracle_pick(o, e);
	bool user = pmu_oracle_rand(o, 2), near = false;
	u64 seen, n;

	pmu_oracle_arm(o, slot, op);
	if (oracle_trace)
		pr_info("oracle: step %u: %s slot %u user %d nmi %u/%llu\n",
			o->steps, pmu_oracle_op_name[op], slot, user,
			o->ops->nmi && o->ops->nmi->fn ? o->nmi_slot : -1,
			o->nmi_n);
	switch (op) {
	case PMU_ORACLE_OPEN:
		pmu_oracle_open(o, slot);
		break;
	case PMU_ORACLE_COUNT:
		n = pmu_oracle_n(o, slot, &near);
		if (near) {
			pmu_oracle_count_near(o, slot);
			break;
		}
		seen = pmu_oracle_count(o, slot, n, user);
		if (oracle_trace)
			pr_info("oracle: %llu of %llu seen\n", seen, n);
		pmu_oracle_credit(o, slot, PMU_ORACLE_A, user, seen, true);
		pmu_oracle_interrupt(o);
		break;
	case PMU_ORACLE_SWITCH:
		o->b_slot = slot;
		o->b_n = pmu_oracle_n(o, slot, NULL);
		o->b_user = user;
		o->b_check_leak = o->ops->leaks && pmu_oracle_quiet(o);
		reinit_completion(&o->b_done);
		complete(&o->b_go);
		wait_for_completion(&o->b_done);
		if (o->b_leaked)
			o->leaks++;
		o->b_leaked = false;
		pmu_oracle_credit(o, slot, PMU_ORACLE_B, user, o->b_n, true);
		o->switches++;
		break;
	case PMU_ORACLE_DISABLE:
		perf_event_disable(e->ev);
		e->enabled = false;
		break;
	case PMU_ORACLE_ENABLE:
		/* Counting may begin anywhere inside the enable. */
		e->enabled = true;
		perf_event_enable(e->ev);
		break;
	case PMU_ORACLE_READ:
		pmu_oracle_check(o, slot, "read");
		break;
	case PMU_ORACLE_PERIOD:
		e->period = (1U << 14) + pmu_oracle_rand(o, 1U << 18);
		KUNIT_EXPECT_EQ(o->test, perf_event_period(e->ev, e->period), 0);
		break;
	case PMU_ORACLE_CLOSE:
		pmu_oracle_close(o, slot);
		break;
	case PMU_ORACLE_DISTURB:
		/* The model's own doing, not a perf callback's. */
		o->ticking = false;
		o->ops->disturb(slot);
		pmu_oracle_interrupt(o);
		KUNIT_EXPECT_FALSE_MSG(o->test, o->ops->storm(),
				       "step %u: interrupts for a counter no event uses keep coming",
				       o->steps);
		break;
	}
	o->ticking = true;
	if (o->ops->nmi)
		pmu_model_nmi_disarm(o->ops->nmi);
	return pmu_oracle_op_name[op];
}

/**
 * pmu_oracle_run() - run @steps steps of the sequence @seed gives
 * @test: the test
 * @ops: the model's part
 * @seed: the sequence
 * @steps: how many steps
 *
 * The test's thread is pinned to its CPU (pmu_model_pin_current()).
 */
static inline void pmu_oracle_run(struct kunit *test,
				  const struct pmu_oracle_ops *ops,
				  u64 seed, unsigned int steps)
{
	struct pmu_oracle *o;
	unsigned int s;

	o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o);
	o->ops = ops;
	o->test = test;
	o->cpu = raw_smp_processor_id();
	prandom_seed_state(&o->rnd, seed);
	prandom_seed_state(&o->tick_rnd, ~seed);
	init_completion(&o->b_go);
	init_completion(&o->b_done);
	o->b = kthread_create(pmu_oracle_b_fn, o, "pmu_oracle_b");
	KUNIT_ASSERT_FALSE(test, IS_ERR(o->b));
	get_task_struct(o->b);
	kthread_bind(o->b, o->cpu);
	wake_up_process(o->b);
	pmu_oracle_cur = o;
	if (ops->nmi)
		ops->nmi->tick = pmu_oracle_tick;
	o->ticking = true;

	for (o->steps = 0; o->steps < steps; o->steps++) {
		const char *what = pmu_oracle_step(o);

		for (s = 0; s < ops->slots; s++)
			pmu_oracle_check(o, s, what);
		if (o->ops->leaks)
			KUNIT_EXPECT_EQ_MSG(test, o->leaks, 0U,
					    "step %u: a task with no events read a count",
					    o->steps);
		if (atomic_read(&o->bad_samples))
			break;
		if (test->status == KUNIT_FAILURE)
			break;
	}
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&o->bad_samples), 0,
			    "samples whose mode their event excludes");
	o->ticking = false;
	if (ops->nmi)
		ops->nmi->tick = NULL;
	for (s = 0; s < ops->slots; s++)
		if (o->ev[s].ev)
			pmu_oracle_close(o, s);
	o->b_quit = true;
	complete(&o->b_go);
	wait_for_completion(&o->b_done);
	kthread_stop(o->b);
	put_task_struct(o->b);
	pmu_oracle_cur = NULL;
	kunit_info(test, "seed %llu: %u steps, %u in the other task, %d samples, %u interrupts injected",
		   seed, o->steps, o->switches, atomic_read(&o->samples),
		   o->nmis);
	kunit_info(test, "seed %llu: %llu events between register accesses, %u counts left a counter near its overflow",
		   seed, o->ticked, o->near);
	if (o->throttled)
		kunit_info(test, "seed %llu: %u counts came while their event was throttled",
			   seed, o->throttled);
}

/*
 * The test run does the fixed seeds 1-3; oracle_seed=N and oracle_steps on
 * the kernel's command line (<module>.oracle_seed=N) run N, N + 1 and N + 2
 * instead: the first replays N.
 */
static unsigned long long oracle_seed;
module_param(oracle_seed, ullong, 0444);
MODULE_PARM_DESC(oracle_seed, "the oracle's sequence (0: the fixed ones)");
static unsigned int oracle_steps = 1500;
module_param(oracle_steps, uint, 0444);
MODULE_PARM_DESC(oracle_steps, "steps of each oracle sequence");

/* The seed a case runs: 1-3, or from <module>.oracle_seed on. */
static inline u64 pmu_oracle_seed_of(const u64 *seed)
{
	return oracle_seed ? oracle_seed + *seed - 1 : *seed;
}

static const u64 pmu_oracle_seeds[] = { 1, 2, 3 };

static inline void pmu_oracle_seed_desc(const u64 *seed, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "seed %llu", pmu_oracle_seed_of(seed));
}

KUNIT_ARRAY_PARAM(pmu_oracle_seed, pmu_oracle_seeds, pmu_oracle_seed_desc);

/* A test case: the run of its seed (KUNIT_CASE_PARAM(..., pmu_oracle_seed_gen_params)). */
static inline void pmu_oracle_test(struct kunit *test,
				   const struct pmu_oracle_ops *ops)
{
	const u64 *seed = test->param_value;

	pmu_oracle_run(test, ops, pmu_oracle_seed_of(seed), oracle_steps);
}

/**
 * PMU_ORACLE_SUITE() - the KUnit suite @sname: the oracle on @ops
 * @sname: the suite's name, and the PMU's while it runs
 * @ops: the model's part (struct pmu_oracle_ops)
 *
 * Each case runs pinned to its CPU, on a model just reset.
 */
#define PMU_ORACLE_SUITE(sname, ops)					\
static const struct pmu_oracle_ops *const sname##_ops = ops;		\
									\
static int sname##_init(struct kunit *test)				\
{									\
	int ret = pmu_model_pin_current();				\
									\
	if (!ret)							\
		sname##_ops->reset();					\
	return ret;							\
}									\
									\
static void sname##_exact_counts(struct kunit *test)			\
{									\
	pmu_oracle_test(test, sname##_ops);				\
}									\
									\
static int sname##_suite_init(struct kunit_suite *suite)		\
{									\
	pmu_model_steady_sample_rate();					\
	sname##_ops->reset();						\
	return sname##_ops->register_pmu(#sname);			\
}									\
									\
static void sname##_suite_exit(struct kunit_suite *suite)		\
{									\
	sname##_ops->unregister_pmu();					\
}									\
									\
static struct kunit_case sname##_cases[] = {				\
	KUNIT_CASE_PARAM(sname##_exact_counts, pmu_oracle_seed_gen_params), \
	{}								\
};									\
									\
static struct kunit_suite sname##_suite = {				\
	.name = #sname,							\
	.init = sname##_init,						\
	.suite_init = sname##_suite_init,				\
	.suite_exit = sname##_suite_exit,				\
	.test_cases = sname##_cases,					\
};									\
									\
kunit_test_suite(sname##_suite)

#endif /* _PMU_SUITE_ORACLE_H */
