// SPDX-License-Identifier: GPL-2.0-only
/*
 * The core-PMU framework (include/pmu-suite/core-pmu.h): the struct pmu
 * callbacks of the suite's core PMUs.
 *
 * Counting state is folded out of the hardware whenever the PMU is
 * disabled: disabling freezes the counters and adds what each counted to
 * its event; enabling lets the driver place the events, write the control
 * registers and every counter's start value, and unfreezes. So a change
 * of the event list, a stop or a start never carries a live counter from
 * one hardware counter to another.
 */
#define pr_fmt(fmt) "pmu_suite: " fmt

#include <linux/bitops.h>
#include <linux/capability.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <pmu-suite/core-pmu.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/events.h>
#include <pmu-suite/format.h>
#include "sampling.h"
#include "unregister.h"

#include "internal.h"

/**
 * pmu_core_is_ours() - whether @event belongs to @pc
 * @pc: a core PMU
 * @event: any event
 */
static bool pmu_core_is_ours(struct pmu_core *pc, struct perf_event *event)
{
	return event->pmu == &pc->pmu;
}

/* What a counter counted from @prev to @now; @wrapped: see below. */
static u64 pmu_core_delta(struct pmu_core *pc, u64 prev, u64 now,
			  bool wrapped)
{
	const struct pmu_counters *c = pc->ops->counters;
	u64 delta = pmu_counter_delta(prev, now, c->width);

	if (wrapped && now >= (prev & pmu_counter_mask(c->width)) &&
	    !c->wraps_show)
		delta += pmu_counter_mask(c->width) + 1;
	return delta;
}

/**
 * pmu_core_update() - add what @event's counter counted since the last read
 * @pc: the event's PMU
 * @event: an event placed on a counter
 * @wrapped: the counter wrapped since it was last read or written, which
 *	a run of exactly 2^width events does not show in its value (unused
 *	for counters whose wraps show, pmu_counters.wraps_show)
 *
 * The counter is read inside a cmpxchg loop on prev_count: an overflow
 * interrupt between the read and the update folds and rewrites the
 * counter itself, and the loop then reads it again instead of counting
 * the same events twice.
 *
 * Return: the counter's value.
 */
static u64 pmu_core_update(struct pmu_core *pc, struct perf_event *event,
			   bool wrapped)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 mask = pmu_counter_mask(pc->ops->counters->width);
	u64 prev, now, delta;

	/* The task's own counter: only its value is kept, for the next run. */
	if (pmu_core_task_counter(event)) {
		now = pc->backend->read_counter(hwc->idx) & mask;
		local64_set(&hwc->prev_count, now);
		return now;
	}
	do {
		prev = local64_read(&hwc->prev_count);
		now = pc->backend->read_counter(hwc->idx) & mask;
	} while (local64_cmpxchg(&hwc->prev_count, prev,
				 now | (prev & PMU_CORE_PREV_GEN)) != prev);
	delta = pmu_core_delta(pc, prev, now, wrapped);
	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
	return now;
}

/*
 * pmu_core_update() for the overflow interrupt, which nothing on this CPU
 * interrupts: prev_count, count and period_left take plain loads and
 * stores (on powerpc each local64 read-modify-write masks interrupts, a
 * call out of line). A callback the interrupt came in retries its own
 * cmpxchg: the rearming changes prev_count's generation
 * (pmu_core_set_prev()) even when it writes the start value the callback
 * read. Its add to count is atomic against the interrupt (powerpc masks
 * it; elsewhere one instruction or a compare-and-swap loop), and the perf
 * core's writes of count are single stores.
 */
static u64 pmu_core_update_irq(struct pmu_core *pc, struct perf_event *event,
			       bool wrapped)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 mask = pmu_counter_mask(pc->ops->counters->width);
	u64 now = pc->backend->read_counter(hwc->idx) & mask;
	u64 prev = local64_read(&hwc->prev_count);
	u64 delta = pmu_core_delta(pc, prev, now, wrapped);

	local64_set(&hwc->prev_count, now | (prev & PMU_CORE_PREV_GEN));
	local64_set(&event->count, local64_read(&event->count) + delta);
	local64_set(&hwc->period_left, local64_read(&hwc->period_left) - delta);
	return now;
}

/* pmu_core_start_value(), inlined where the interrupt rearms a counter. */
static __always_inline u64 pmu_core_next_start(struct pmu_core *pc,
					       struct perf_event *event)
{
	const struct pmu_counters *c = pc->ops->counters;
	struct hw_perf_event *hwc = &event->hw;
	s64 left;

	if (!is_sampling_event(event))
		return c->wraps_show ? pmu_period_start(c->max_run, c->max_run,
							c->interrupt_at,
							c->width) : 0;
	/*
	 * Nothing left: a new period starts. The perf core leaves period_left
	 * at zero when it changes the period (PERF_EVENT_IOC_PERIOD, and the
	 * frequency adjustment, from inside the overflow interrupt too).
	 */
	left = local64_read(&hwc->period_left);
	if (left <= 0) {
		left = hwc->sample_period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = hwc->sample_period;
	}
	return pmu_period_start(left, c->max_run, c->interrupt_at, c->width);
}

/**
 * pmu_core_start_value() - counter value @event starts from
 * @pc: the event's PMU
 * @event: the event
 *
 * A sampling event with nothing left of its period starts a new one
 * (period_left and last_period are set): every caller arms the counter
 * with the value.
 *
 * Return: for a sampling event the value that interrupts when its period
 * ends (or after the longest run the counter allows), else zero.
 */
u64 pmu_core_start_value(struct pmu_core *pc, struct perf_event *event)
{
	return pmu_core_next_start(pc, event);
}
EXPORT_SYMBOL_GPL(pmu_core_start_value);

/**
 * pmu_core_set_prev() - remember the value @event's counter is written with
 * @event: an event placed on a counter
 * @value: the value, about to be written
 *
 * prev_count carries, above the counter's bits (PMU_CORE_PREV_GEN), a
 * count of these writes. A read folds with a cmpxchg on prev_count; the
 * overflow interrupt, coming between its reading of the counter and its
 * cmpxchg, may fold and write the counter with the very start value the
 * read took for prev_count: without the generation the cmpxchg would
 * succeed (ABA), count the stale reading again and leave prev_count out
 * of step with the counter. Every fold masks it off. An event user space
 * reads (the mmap page's offset is count - prev_count) and a task's own
 * counter keep plain values, and with them that window.
 */
void pmu_core_set_prev(struct perf_event *event, u64 value)
{
	struct hw_perf_event *hwc = &event->hw;

	if (!(hwc->flags & (PERF_EVENT_FLAG_USER_READ_CNT |
			    PMU_CORE_TASK_COUNTER)))
		value |= (local64_read(&hwc->prev_count) & PMU_CORE_PREV_GEN) +
			 BIT_ULL(PMU_CORE_PREV_GEN_SHIFT);
	local64_set(&hwc->prev_count, value);
}
EXPORT_SYMBOL_GPL(pmu_core_set_prev);

/**
 * pmu_core_arm() - write @event's counter and remember the value
 * @pc: the event's PMU
 * @event: an event placed on a counter
 * @value: the value, usually pmu_core_start_value()
 */
void pmu_core_arm(struct pmu_core *pc, struct perf_event *event, u64 value)
{
	pmu_core_set_prev(event, value);
	pc->backend->write_counter(event->hw.idx, value);
}
EXPORT_SYMBOL_GPL(pmu_core_arm);

/**
 * pmu_core_quiet() - leave a stopped event's counter unable to alert
 * @pc: the event's PMU
 * @event: a stopped event placed on a counter
 *
 * A counter that overflowed keeps the value that signals it: on POWER9
 * the negative condition is a level, and would alert again as soon as
 * the interrupt is enabled for the other counters. A task's own counter
 * keeps its value in prev_count, for when the event starts again.
 */
static void pmu_core_quiet(struct pmu_core *pc, struct perf_event *event)
{
	if (pmu_core_task_counter(event))
		pc->backend->write_counter(event->hw.idx, 0);
	else
		pmu_core_arm(pc, event, 0);
}

/**
 * pmu_core_write_slot() - write the counter of the event in @slot
 * @pc: the PMU
 * @cpu: this CPU's state
 * @slot: a slot whose event is placed on a counter
 *
 * A counting event's counter starts its run (pmu_core_start_value()),
 * unless the interrupt keeps it running; a stopped event's is quiet.
 */
void pmu_core_write_slot(struct pmu_core *pc, struct pmu_core_cpu *cpu,
			 unsigned int slot)
{
	struct perf_event *event = cpu->event[slot];

	if (!pmu_core_counting(event))
		pmu_core_quiet(pc, event);
	else if (cpu->keep & BIT(slot))
		return;
	else if (pmu_core_task_counter(event))
		pc->backend->write_counter(event->hw.idx,
					   local64_read(&event->hw.prev_count));
	else
		pmu_core_arm(pc, event, pmu_core_next_start(pc, event));
}
EXPORT_SYMBOL_GPL(pmu_core_write_slot);

/* Fold every counting event; @wrapped: by hw.idx, counters that wrapped. */
static void pmu_core_fold(struct pmu_core *pc, struct pmu_core_cpu *cpu,
			  u64 wrapped)
{
	unsigned int i;

	for (i = 0; i < cpu->n; i++) {
		struct perf_event *event = cpu->event[i];

		if (event->hw.idx >= 0 && pmu_core_counting(event))
			pmu_core_update(pc, event,
					wrapped & BIT_ULL(event->hw.idx));
	}
}

/* Whether a disable may leave the counts unfolded (freezes_all). */
static bool pmu_core_may_defer(struct pmu_core *pc, struct pmu_core_cpu *cpu)
{
	unsigned int i;

	if (!pc->ops->freezes_all)
		return false;
	for (i = 0; i < cpu->n; i++)
		if (has_branch_stack(cpu->event[i]))
			return false;
	return true;
}

/*
 * The registers are the PMU's only while it holds the counters: events
 * taken without them (pmu_core_no_counters()) still bring the perf
 * core's disables and enables, which must leave the other driver's
 * registers alone. With no reservation there is no event of this PMU
 * that has counters, so nothing is left to fold.
 */
static bool pmu_core_holds_hw(struct pmu_core *pc)
{
	return READ_ONCE(pc->active);
}

static void pmu_core_hw_disable(struct pmu_core *pc, struct pmu_core_cpu *cpu)
{
	u64 wrapped;

	if (!cpu->enabled)
		return;
	if (unlikely(!pmu_core_holds_hw(pc))) {
		cpu->enabled = false;
		return;
	}
	/* From here the interrupt only quietens what raised it. */
	cpu->enabled = false;
	barrier();
	wrapped = pc->ops->freeze(pc, cpu);
	if (!wrapped && pmu_core_may_defer(pc, cpu)) {
		cpu->unfolded = true;
		return;
	}
	pmu_core_fold(pc, cpu, wrapped);
}

/*
 * Something changes while disabled (an event comes, goes, starts, stops
 * or is read): fold the counts a freeze left, and let the enable program
 * the counters again.
 */
static void pmu_core_settle(struct pmu_core *pc, struct pmu_core_cpu *cpu)
{
	if (!cpu->unfolded)
		return;
	cpu->unfolded = false;
	pmu_core_fold(pc, cpu, 0);
}

/*
 * The mmap page of an event user space may read gives the count as its
 * offset plus the counter: offset is count - prev_count, which every
 * write of the counter changes (the perf core updates the page only when
 * the event starts or stops). Other events' pages are left to the core.
 */
static void pmu_core_update_userpages(struct pmu_core_cpu *cpu)
{
	unsigned int i;

	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i]->hw.flags & PERF_EVENT_FLAG_USER_READ_CNT)
			perf_event_update_userpage(cpu->event[i]);
}

static void pmu_core_hw_enable(struct pmu_core *pc, struct pmu_core_cpu *cpu)
{
	if (cpu->enabled || unlikely(!pmu_core_holds_hw(pc)))
		return;
	/* An overflow while counters start is handled, not dropped. */
	cpu->enabled = true;
	barrier();
	/* Nothing changed: the counters go on from where they froze. */
	if (cpu->unfolded) {
		cpu->unfolded = false;
		pc->ops->unfreeze(pc, cpu);
		return;
	}
	pc->ops->program(pc, cpu);
	pmu_core_update_userpages(cpu);
	pc->ops->unfreeze(pc, cpu);
}

/*
 * The perf core's perf_pmu_disable() is not exported, so the framework
 * nests its own disables: the core's calls and the framework's meet in
 * one count per CPU, and only the outermost pair touches the hardware.
 * An interrupt in between leaves the count as it found it.
 */
static void pmu_core_disable(struct pmu_core *pc)
{
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);

	if (!cpu->disable_depth++)
		pmu_core_hw_disable(pc, cpu);
}

/* Disable to change what counts: the enable programs the counters. */
static void pmu_core_disable_change(struct pmu_core *pc)
{
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);

	pmu_core_disable(pc);
	pmu_core_settle(pc, cpu);
	cpu->changes++;
}

static void pmu_core_enable(struct pmu_core *pc)
{
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);

	if (cpu->disable_depth && !--cpu->disable_depth)
		pmu_core_hw_enable(pc, cpu);
}

static void pmu_core_reprogram_local(void *info)
{
	pmu_core_disable_change(info);
	pmu_core_enable(info);
}

/**
 * pmu_core_reprogram() - program a CPU's counters again
 * @pc: the PMU
 * @cpu: the CPU
 *
 * For a driver whose rule for what counts on a CPU changed (SPARC T4: the
 * CPU became, or stopped being, the strand that counts its core's shared
 * events): the driver's @program runs there, as after an event came or
 * went. The perf core calls every struct pmu callback with interrupts
 * off, so the call cannot land inside one. Process context; nothing
 * happens before the PMU is registered.
 */
void pmu_core_reprogram(struct pmu_core *pc, unsigned int cpu)
{
	if (READ_ONCE(pc->registered))
		smp_call_function_single(cpu, pmu_core_reprogram_local, pc, 1);
}
EXPORT_SYMBOL_GPL(pmu_core_reprogram);

static void pmu_core_pmu_disable(struct pmu *pmu)
{
	pmu_core_disable(to_pmu_core(pmu));
}

static void pmu_core_pmu_enable(struct pmu *pmu)
{
	pmu_core_enable(to_pmu_core(pmu));
}

static void pmu_core_start(struct perf_event *event, int flags)
{
	struct pmu_core *pc = to_pmu_core(event->pmu);

	pmu_core_disable_change(pc);
	event->hw.state = 0;
	pmu_core_enable(pc);
	perf_event_update_userpage(event);
}

static void pmu_core_stop(struct perf_event *event, int flags)
{
	struct pmu_core *pc = to_pmu_core(event->pmu);

	if (event->hw.state & PERF_HES_STOPPED)
		return;
	/* Disabling folds the count; enabling leaves the counter quiet. */
	pmu_core_disable_change(pc);
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
	pmu_core_enable(pc);
}

static int pmu_core_add(struct perf_event *event, int flags)
{
	struct pmu_core *pc = to_pmu_core(event->pmu);
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);
	void *priv = pmu_core_priv(cpu);
	unsigned int n;
	int ret = -EAGAIN;

	if (unlikely(event->hw.flags & PMU_CORE_NO_COUNTERS))
		return -EAGAIN;
	pmu_core_disable_change(pc);
	n = cpu->n;
	if (n == pc->ops->counters->n)
		goto out;
	if (pc->ops->may_run && !pc->ops->may_run(pc, event))
		goto out;
	pc->ops->place(pc, priv, n, event);
	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD) &&
	    !pc->ops->fits(pc, priv, n + 1))
		goto out;
	cpu->event[n] = event;
	cpu->n = n + 1;
	event->hw.idx = -1;
	event->hw.state = PERF_HES_UPTODATE;
	if (!(flags & PERF_EF_START))
		event->hw.state |= PERF_HES_STOPPED;
	ret = 0;
out:
	pmu_core_enable(pc);
	return ret;
}

static void pmu_core_del(struct perf_event *event, int flags)
{
	struct pmu_core *pc = to_pmu_core(event->pmu);
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);
	unsigned int i;

	pmu_core_disable_change(pc);
	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i] == event)
			break;
	if (i < cpu->n) {
		for (; i + 1 < cpu->n; i++) {
			cpu->event[i] = cpu->event[i + 1];
			pc->ops->move(pmu_core_priv(cpu), i, i + 1);
		}
		cpu->n--;
	}
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	event->hw.idx = -1;
	pmu_core_enable(pc);
	perf_event_update_userpage(event);
}

static void pmu_core_read(struct perf_event *event)
{
	struct pmu_core *pc = to_pmu_core(event->pmu);
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);

	/* A freeze left the counts unfolded: fold them all now. */
	pmu_core_settle(pc, cpu);
	if (!cpu->enabled || event->hw.idx < 0 || !pmu_core_counting(event))
		return;
	if (pc->ops->read_pending && pc->ops->read_pending(pc, event))
		return;
	pmu_core_update(pc, event, false);
}

static void pmu_core_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct pmu_core *pc = to_pmu_core(pmu);
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);

	cpu->txn_flags = flags;
	if (flags & PERF_PMU_TXN_ADD)
		pmu_core_disable_change(pc);
}

static void pmu_core_cancel_txn(struct pmu *pmu)
{
	struct pmu_core *pc = to_pmu_core(pmu);
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);
	unsigned int flags = cpu->txn_flags;

	cpu->txn_flags = 0;
	if (flags & PERF_PMU_TXN_ADD)
		pmu_core_enable(pc);
}

static int pmu_core_commit_txn(struct pmu *pmu)
{
	struct pmu_core *pc = to_pmu_core(pmu);
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);

	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD)) {
		cpu->txn_flags = 0;
		return 0;
	}
	if (!pc->ops->fits(pc, pmu_core_priv(cpu), cpu->n))
		return -EAGAIN;
	cpu->txn_flags = 0;
	pmu_core_enable(pc);
	return 0;
}

static void pmu_core_release_hw(struct pmu_core *pc)
{
	mutex_lock(&pc->reserve_lock);
	WRITE_ONCE(pc->active, pc->active - 1);
	if (!pc->active) {
		if (pc->ops->release_extra)
			pc->ops->release_extra(pc);
		pc->backend->release();
	}
	mutex_unlock(&pc->reserve_lock);
}

static int pmu_core_reserve_hw(struct pmu_core *pc)
{
	int ret = 0;

	mutex_lock(&pc->reserve_lock);
	if (!pc->active)
		ret = pc->backend->reserve();
	if (!ret)
		WRITE_ONCE(pc->active, pc->active + 1);
	mutex_unlock(&pc->reserve_lock);
	return ret;
}

/*
 * While another driver (the kernel's own "cpu" PMU) holds the counters,
 * an event is taken but never scheduled: perf shows it <not counted>.
 * perf opens a name without a PMU (PM_RUN_INST_CMPL, mem-loads, a JSON
 * metric's events) on every PMU that knows it, the built-in first, and
 * stops at an error from any (perf stat at EBUSY, and at any error of a
 * metric's group leader; perf record at any): taken, the name counts and
 * samples on the PMU that holds the counters, as before the module was
 * loaded. One line, which perf's hint (dmesg | grep -i perf) finds,
 * says why and what to do.
 */
static DEFINE_RATELIMIT_STATE(pmu_core_busy_rs, 10 * HZ, 1);

static void pmu_core_no_counters(struct pmu_core *pc, struct perf_event *event)
{
	event->hw.flags |= PMU_CORE_NO_COUNTERS;
	if (__ratelimit(&pmu_core_busy_rs))
		pr_warn("%s: perf events not counted: another driver holds the counters (the built-in \"cpu\" PMU has events); end its perf sessions and open them again, or name the PMU: cpu/EVENT/\n",
			pc->pmu.name);
}

static void pmu_core_event_destroy(struct perf_event *event)
{
	if (!(event->hw.flags & PMU_CORE_NO_COUNTERS))
		pmu_core_release_hw(to_pmu_core(event->pmu));
	kfree(event->pmu_private);
	event->pmu_private = NULL;
}

/*
 * A dry run of the driver's scheduler over the group @event would join,
 * with @event last: the events of this PMU that can count (siblings that
 * are off are scheduled without it) must fit the counters together.
 */
static int pmu_core_validate_group(struct pmu_core *pc,
				   struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	const struct pmu_core_ops *ops = pc->ops;
	unsigned int n = 0;
	void *scratch;
	int ret = -EINVAL;

	/*
	 * Every open checks its group, perf stat's many times over: a
	 * per-CPU scratch, not an allocation, and not cleared (a driver's
	 * whole per-CPU state, most of which a check never reads; see
	 * struct pmu_core_ops). Placing and fitting never sleep, as in add().
	 */
	scratch = get_cpu_ptr(pc->scratch);
	/*
	 * A new leader has no siblings, nor a context yet: walking its
	 * siblings would assert a context lock it cannot hold (lockdep).
	 * A sibling's open holds its leader's context lock, but not in
	 * perf_sw_context (pmu_suite_task_context(), before 6.2): there the
	 * siblings are left to add().
	 */
	if (leader != event) {
		if (pmu_core_is_ours(pc, leader))
			ops->place(pc, scratch, n++, leader);
		if (event->pmu->task_ctx_nr == perf_sw_context)
			goto last;
		for_each_sibling_event(sibling, leader) {
			if (!pmu_core_is_ours(pc, sibling) ||
			    sibling->state <= PERF_EVENT_STATE_OFF)
				continue;
			if (n == ops->counters->n - 1)
				goto out;
			ops->place(pc, scratch, n++, sibling);
		}
	}
last:
	if (n == ops->counters->n)
		goto out;
	ops->place(pc, scratch, n++, event);
	ret = ops->fits(pc, scratch, n) ? 0 : -EINVAL;
out:
	put_cpu_ptr(pc->scratch);
	return ret;
}

/* One rule for every core PMU: a filter it cannot honour is refused. */
static int pmu_core_check_filters(struct pmu_core *pc,
				  const struct perf_event_attr *a,
				  const char **why)
{
	unsigned int asked = (a->exclude_user ? PMU_FILTER_USER : 0) |
			     (a->exclude_kernel ? PMU_FILTER_KERNEL : 0) |
			     (a->exclude_hv ? PMU_FILTER_HV : 0) |
			     (a->exclude_idle ? PMU_FILTER_IDLE : 0) |
			     (a->exclude_host ? PMU_FILTER_HOST : 0) |
			     (a->exclude_guest ? PMU_FILTER_GUEST : 0);

	if (asked & ~pc->ops->filters) {
		*why = "an exclude_* filter the PMU cannot apply";
		return -EOPNOTSUPP;
	}
	if (!pc->ops->config12 && (a->config1 || a->config2)) {
		*why = "config1 and config2 are unused";
		return -EINVAL;
	}
	return 0;
}

/*
 * A per-task event that counts other hardware threads' events would show
 * its owner what other tasks do: as x86 gates AnyThread with
 * perf_allow_cpu(), it needs the privilege of a CPU-wide event. A module
 * can call neither perf_allow_cpu() nor the LSM hook behind it, so it
 * takes CAP_PERFMON whatever perf_event_paranoid says. CPU-wide events
 * passed perf_allow_cpu() in the perf core already.
 */
static int pmu_core_check_threads(struct perf_event *event, u32 traits,
				  const char **why)
{
	if (!(traits & PMU_CORE_TRAIT_OTHER_THREADS) ||
	    !(event->attach_state & PERF_ATTACH_TASK) || perfmon_capable())
		return 0;
	*why = "a per-task event that counts other threads needs CAP_PERFMON";
	return -EACCES;
}

/*
 * User reads of a counter, as arm64's config1 "rdpmc": only for a per-task
 * event that stays in its task (not inherited), whose counter is open to
 * user space only while that task runs (pmu_core_user_readable()). The
 * task must be the one that opens the event: another's event (a root
 * perf stat -p on a user's task) may count what that task must not see,
 * its kernel time among it.
 */
static int pmu_core_check_user_read(struct perf_event *event, u32 traits,
				    const char **why)
{
	if (!(traits & PMU_CORE_TRAIT_USER_READ))
		return 0;
	if (!(event->attach_state & PERF_ATTACH_TASK) || event->attr.inherit) {
		*why = "user reads need a per-task event that is not inherited";
		return -EINVAL;
	}
	if (event->hw.target != current) {
		*why = "user reads need an event the task opens on itself";
		return -EINVAL;
	}
	event->hw.flags |= PERF_EVENT_FLAG_USER_READ_CNT;
	return 0;
}

/*
 * The counter user space reads, plus one, for the mmap page's index; 0
 * tells it to use read(). The perf core asks only for an active event
 * that is not stopped.
 */
static int pmu_core_event_idx(struct perf_event *event)
{
	if (event->hw.idx < 0 || !pmu_core_user_readable(event))
		return 0;
	return event->hw.idx + 1;
}

static int pmu_core_event_init(struct perf_event *event)
{
	struct pmu_core *pc = to_pmu_core(event->pmu);
	struct perf_event_attr *attr = &event->attr;
	const char *why = "";
	u64 config = attr->config;
	u32 traits = 0;
	void *dec;
	int ret;

	/*
	 * Generic events reach this PMU when their config names its type
	 * (PERF_PMU_CAP_EXTENDED_HW_TYPE; the perf core strips it), or when
	 * the built-in PMU refused them with -ENOENT: an event this PMU
	 * cannot count either gets -ENOENT too.
	 */
	if (attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE) {
		if (!pc->ops->generic)
			return -ENOENT;
		ret = pmu_generic_config(pc->ops->generic, attr->type,
					 attr->config, &config);
		if (ret)
			return ret;
	} else if (attr->type != event->pmu->type) {
		return -ENOENT;
	}
	if (has_branch_stack(event) && !pc->ops->branch_stack)
		return -EOPNOTSUPP;
	if (attr->precise_ip > pc->ops->max_precise)
		return -EOPNOTSUPP;
	event->hw.config = config;
	/* Decoded once, here: add() and the group check place the result. */
	dec = kzalloc(pc->ops->event_size, GFP_KERNEL);
	if (!dec)
		return -ENOMEM;
	ret = pmu_core_check_filters(pc, attr, &why);
	if (!ret)
		ret = pc->ops->check(pc, event, config, dec, &traits, &why);
	if (!ret)
		ret = pmu_core_check_threads(event, traits, &why);
	if (!ret)
		ret = pmu_core_check_user_read(event, traits, &why);
	if (!ret && (traits & PMU_CORE_TRAIT_TASK_COUNTER))
		event->hw.flags |= PMU_CORE_TASK_COUNTER;
	if (ret) {
		pr_debug("%s: perf event config 0x%llx refused: %s\n",
			 pc->pmu.name, config, why);
		goto out_free;
	}
	event->pmu_private = dec;
	ret = pmu_core_validate_group(pc, event);
	if (!ret)
		ret = pmu_core_reserve_hw(pc);
	if (ret == -EBUSY) {
		pmu_core_no_counters(pc, event);
		ret = 0;
	} else if (!ret && !PMU_SUITE_CAN_SAMPLE && is_sampling_event(event)) {
		/*
		 * Refused here rather than by PERF_PMU_CAP_NO_INTERRUPT, and
		 * only once the counters are this PMU's: a sampling copy of
		 * a name the built-in PMU counts is taken as above.
		 */
		pmu_core_release_hw(pc);
		pr_debug("%s: perf event config 0x%llx refused: sampling, but the kernel does not export perf_event_overflow()\n",
			 pc->pmu.name, config);
		ret = -EOPNOTSUPP;
	}
	if (ret)
		goto out_free;
	event->destroy = pmu_core_event_destroy;
	event->hw.idx = -1;
	return 0;

out_free:
	event->pmu_private = NULL;
	kfree(dec);
	return ret;
}

static const struct pt_regs *pmu_core_user_regs(struct pmu_core *pc)
{
	if (pc->backend->user_regs)
		return pc->backend->user_regs();
	if (!current->mm || current->flags & PF_KTHREAD)
		return NULL;
	return task_pt_regs(current);
}

/*
 * pmu_core_sample_regs() when its inline test found the interrupted
 * registers not the sample's: a copy, or a dropped sample.
 */
bool pmu_core_sample_regs_other(struct pmu_core_sample *sample,
				unsigned long ip, bool user)
{
	struct perf_event *event = sample->event;
	const struct pt_regs *base = sample->regs;

	if (user && !user_mode(sample->regs)) {
		base = event->attr.sigtrap ? NULL :
		       pmu_core_user_regs(sample->pc);
		if (!base)
			return false;
	} else if (!user && event->attr.exclude_kernel) {
		return false;
	}
	*sample->sregs = *base;
	instruction_pointer_set(sample->sregs, ip);
	return true;
}
EXPORT_SYMBOL_GPL(pmu_core_sample_regs_other);

/**
 * pmu_core_handle_irq() - handle an overflow interrupt of @pc on this CPU
 * @pc: the PMU
 * @regs: the interrupted registers
 *
 * Called by the driver's interrupt entry, in NMI context or with
 * interrupts off, possibly inside any of the framework's callbacks. With
 * the PMU disabled the driver only quietens what raised the interrupt:
 * the disable folded, or is about to fold, the counts, or left them
 * frozen for a later fold (freezes_all). Otherwise every
 * counting event is folded; a sampling event whose counter overflowed and
 * whose period ended delivers a sample, and is stopped if the perf core
 * throttles it; then the driver reprograms the counters that overflowed
 * (a stopped one quiet) and counting resumes.
 *
 * Return: whether the interrupt was this PMU's: a counter overflowed, as
 * irq_ack() says, or, for a driver with an overflowed() hook, the PMU
 * was enabled.
 */
bool pmu_core_handle_irq(struct pmu_core *pc, struct pt_regs *regs)
{
	const struct pmu_core_ops *ops = pc->ops;
	struct pmu_core_cpu *cpu = this_cpu_ptr(pc->cpus);
	u64 start = sched_clock(), mask = ops->irq_ack(pc, cpu);
	/*
	 * Not zeroed (CONFIG_INIT_STACK_ALL_ZERO) at each interrupt: the perf
	 * core fills what sample_flags leaves out, a copy of registers is
	 * whole, and 900 bytes of memset were the largest part of a sample's
	 * cost beside the built-in PMU's.
	 */
	struct perf_sample_data data __uninitialized;
	struct pt_regs sregs __uninitialized;
	struct pmu_core_sample sample = {
		.pc	= pc,
		.cpu	= cpu,
		.data	= &data,
		.sregs	= &sregs,
		.regs	= regs,
	};
	unsigned int i, changes = cpu->changes;
	bool throttled_any = false;

	if (!cpu->enabled)
		return mask != 0;
	/* Nothing of ours overflowed: another user's interrupt (a watchdog). */
	if (!mask && !ops->overflowed) {
		ops->unfreeze(pc, cpu);
		return false;
	}
	if (ops->capture)
		ops->capture(pc, cpu, regs);
	cpu->keep = 0;
	/*
	 * The perf core may stop and start events from perf_event_overflow()
	 * (throttling, the frequency adjustment): inside this disable they
	 * only change the events' state, the hardware being frozen, and the
	 * reprogramming below applies it.
	 */
	cpu->disable_depth++;
	for (i = 0; i < cpu->n; i++) {
		struct perf_event *event = cpu->event[i];
		struct hw_perf_event *hwc = &event->hw;
		bool over;
		int throttled;
		s64 left;
		u64 now;

		if (hwc->idx < 0 || !pmu_core_counting(event))
			continue;
		/* The task takes its counter's alerts itself, as it is. */
		if (pmu_core_task_counter(event)) {
			cpu->keep |= BIT(i);
			continue;
		}
		now = pmu_core_update_irq(pc, event, mask & BIT_ULL(hwc->idx));
		over = ops->overflowed ? ops->overflowed(pc, event, now, mask) :
		       !!(mask & BIT_ULL(hwc->idx));
		if (!over) {
			cpu->keep |= BIT(i);
			continue;
		}
		if (!is_sampling_event(event))
			continue;
		left = local64_read(&hwc->period_left);
		if (!pmu_period_advance(&left, hwc->sample_period,
					&hwc->last_period)) {
			local64_set(&hwc->period_left, left);
			continue;
		}
		local64_set(&hwc->period_left, left);
		perf_sample_data_init(&data, 0, hwc->last_period);
		/*
		 * A BPF program on the event reads addr whatever sample_type
		 * says, and the init sets it only when non-zero.
		 */
		data.addr = 0;
		sample.slot = i;
		sample.event = event;
		sample.sregs = &sregs;
		/*
		 * A dropped sample (whatever the driver made of it, or one in
		 * a mode the event excludes, where the interrupt skidded to)
		 * still counts for throttling, as upstream's PMUs account an
		 * invalid SIAR: else a short period whose samples are all
		 * dropped interrupts without end.
		 */
		if (!ops->sample(&sample) ||
		    (user_mode(sample.sregs) ? event->attr.exclude_user :
					       event->attr.exclude_kernel))
			throttled = pmu_suite_account_interrupt(event);
		else
			throttled = pmu_suite_overflow(event, &data, sample.sregs);
		/* Throttled: the reprogramming below leaves it quiet. */
		if (throttled) {
			hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
			throttled_any = true;
		}
	}
	cpu->disable_depth--;
	/* The usual interrupt: a period ended, nothing else changed. */
	if (ops->rearm_only && !throttled_any && cpu->changes == changes &&
	    ops->rearm_only(pc, cpu)) {
		for (i = 0; i < cpu->n; i++)
			if (cpu->event[i]->hw.idx >= 0)
				pmu_core_write_slot(pc, cpu, i);
	} else {
		ops->program(pc, cpu);
	}
	pmu_core_update_userpages(cpu);
	cpu->keep = 0;
	ops->unfreeze(pc, cpu);
	/* Interrupts that eat the CPU lower the sample rate, as upstream's do. */
	pmu_suite_sample_took(sched_clock() - start);
	return true;
}
EXPORT_SYMBOL_GPL(pmu_core_handle_irq);

/* sysfs: caps/ */

static struct pmu_core *pmu_core_of_dev(struct device *dev)
{
	return to_pmu_core(dev_get_drvdata(dev));
}

static ssize_t sampling_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%d\n", PMU_SUITE_CAN_SAMPLE);
}
static DEVICE_ATTR_RO(sampling);

static ssize_t max_precise_show(struct device *dev,
				struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%u\n", PMU_SUITE_CAN_SAMPLE ?
			  pmu_core_of_dev(dev)->ops->max_precise : 0);
}
static DEVICE_ATTR_RO(max_precise);

static ssize_t branches_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%u\n", pmu_core_of_dev(dev)->ops->branches);
}
static DEVICE_ATTR_RO(branches);

static ssize_t pmu_name_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%s\n", pmu_core_of_dev(dev)->ops->caps_name);
}
static DEVICE_ATTR_RO(pmu_name);

/*
 * identifier: perf gives the PMU the events and metrics of the JSON whose
 * "Compat" matches it, on any architecture (a sys table): the suite's
 * JSON reaches perf on processors perf has no CPUID for.
 */
static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%s\n", pmu_core_of_dev(dev)->ops->identifier);
}
static DEVICE_ATTR_RO(identifier);

static struct attribute *pmu_core_id_attrs[] = {
	&dev_attr_identifier.attr,
	NULL
};

static umode_t pmu_core_id_visible(struct kobject *kobj, struct attribute *attr,
				   int i)
{
	struct device *dev = kobj_to_dev(kobj);

	return pmu_core_of_dev(dev)->ops->identifier ? attr->mode : 0;
}

static const struct attribute_group pmu_core_id_group = {
	.attrs		= pmu_core_id_attrs,
	.is_visible	= pmu_core_id_visible,
};

static void pmu_core_init_caps(struct pmu_core *pc)
{
	unsigned int n = 0;

	pc->caps_attrs[n++] = &dev_attr_sampling.attr;
	if (pc->ops->max_precise)
		pc->caps_attrs[n++] = &dev_attr_max_precise.attr;
	if (pc->ops->branches)
		pc->caps_attrs[n++] = &dev_attr_branches.attr;
	if (pc->ops->caps_name)
		pc->caps_attrs[n++] = &dev_attr_pmu_name.attr;
	pc->caps_attrs[n] = NULL;
	pc->caps_group.name = "caps";
	pc->caps_group.attrs = pc->caps_attrs;
}

/* events/: every file prints its event's fields (pmu_format_print()). */
ssize_t pmu_core_event_show(struct device *dev, struct device_attribute *attr,
			    char *page)
{
	return pmu_format_print(pmu_core_of_dev(dev)->ops->format,
				pmu_events_id(attr), page);
}
EXPORT_SYMBOL_GPL(pmu_core_event_show);

static umode_t pmu_core_events_visible(struct kobject *kobj,
				       struct attribute *attr, int i)
{
	struct pmu_core *pc = pmu_core_of_dev(kobj_to_dev(kobj));
	struct device_attribute *da = container_of(attr, typeof(*da), attr);

	if (pc->ops->event_visible &&
	    !pc->ops->event_visible(pc, pmu_events_id(da)))
		return 0;
	return attr->mode;
}

/*
 * events/ of the generic events, under perf's names in lower case (perf
 * finds a sysfs event only if its name has one case): the id is the
 * generic event's type and config.
 */
#define PMU_GENERIC_ID(type, config)	((u64)(type) << 32 | (config))

static int pmu_core_generic_raw(struct pmu_core *pc, u64 id, u64 *raw)
{
	if (!pc->ops->generic)
		return -ENOENT;
	return pmu_generic_config(pc->ops->generic, id >> 32, (u32)id, raw);
}

static ssize_t pmu_core_generic_show(struct device *dev,
				     struct device_attribute *attr, char *page)
{
	struct pmu_core *pc = pmu_core_of_dev(dev);
	u64 raw;

	if (pmu_core_generic_raw(pc, pmu_events_id(attr), &raw))
		return -ENOENT;
	return pmu_format_print(pc->ops->format, raw, page);
}

static umode_t pmu_core_generic_visible(struct kobject *kobj,
					struct attribute *attr, int i)
{
	struct pmu_core *pc = pmu_core_of_dev(kobj_to_dev(kobj));
	struct device_attribute *da = container_of(attr, typeof(*da), attr);
	u64 raw;

	return pmu_core_generic_raw(pc, pmu_events_id(da), &raw) ? 0 :
	       attr->mode;
}

#define HW(name, id)							\
	PMU_EVENT_ID(name, pmu_core_generic_show,			\
		     PMU_GENERIC_ID(PERF_TYPE_HARDWARE, PERF_COUNT_HW_##id))
#define CACHE(name, id, op, result)					\
	PMU_EVENT_ID(name, pmu_core_generic_show,			\
		     PMU_GENERIC_ID(PERF_TYPE_HW_CACHE,			\
				    PERF_COUNT_HW_CACHE_##id |		\
				    PERF_COUNT_HW_CACHE_OP_##op << 8 |	\
				    PERF_COUNT_HW_CACHE_RESULT_##result << 16))

static struct attribute *pmu_core_generic_attrs[] = {
	HW("cycles", CPU_CYCLES),
	HW("instructions", INSTRUCTIONS),
	HW("cache-references", CACHE_REFERENCES),
	HW("cache-misses", CACHE_MISSES),
	HW("branch-instructions", BRANCH_INSTRUCTIONS),
	HW("branch-misses", BRANCH_MISSES),
	HW("bus-cycles", BUS_CYCLES),
	HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("stalled-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("ref-cycles", REF_CPU_CYCLES),
	CACHE("l1-dcache-loads", L1D, READ, ACCESS),
	CACHE("l1-dcache-load-misses", L1D, READ, MISS),
	CACHE("l1-dcache-stores", L1D, WRITE, ACCESS),
	CACHE("l1-dcache-store-misses", L1D, WRITE, MISS),
	CACHE("l1-dcache-prefetches", L1D, PREFETCH, ACCESS),
	CACHE("l1-dcache-prefetch-misses", L1D, PREFETCH, MISS),
	CACHE("l1-icache-loads", L1I, READ, ACCESS),
	CACHE("l1-icache-load-misses", L1I, READ, MISS),
	CACHE("l1-icache-stores", L1I, WRITE, ACCESS),
	CACHE("l1-icache-store-misses", L1I, WRITE, MISS),
	CACHE("l1-icache-prefetches", L1I, PREFETCH, ACCESS),
	CACHE("l1-icache-prefetch-misses", L1I, PREFETCH, MISS),
	CACHE("llc-loads", LL, READ, ACCESS),
	CACHE("llc-load-misses", LL, READ, MISS),
	CACHE("llc-stores", LL, WRITE, ACCESS),
	CACHE("llc-store-misses", LL, WRITE, MISS),
	CACHE("llc-prefetches", LL, PREFETCH, ACCESS),
	CACHE("llc-prefetch-misses", LL, PREFETCH, MISS),
	CACHE("dtlb-loads", DTLB, READ, ACCESS),
	CACHE("dtlb-load-misses", DTLB, READ, MISS),
	CACHE("dtlb-stores", DTLB, WRITE, ACCESS),
	CACHE("dtlb-store-misses", DTLB, WRITE, MISS),
	CACHE("dtlb-prefetches", DTLB, PREFETCH, ACCESS),
	CACHE("dtlb-prefetch-misses", DTLB, PREFETCH, MISS),
	CACHE("itlb-loads", ITLB, READ, ACCESS),
	CACHE("itlb-load-misses", ITLB, READ, MISS),
	CACHE("itlb-stores", ITLB, WRITE, ACCESS),
	CACHE("itlb-store-misses", ITLB, WRITE, MISS),
	CACHE("itlb-prefetches", ITLB, PREFETCH, ACCESS),
	CACHE("itlb-prefetch-misses", ITLB, PREFETCH, MISS),
	CACHE("branch-loads", BPU, READ, ACCESS),
	CACHE("branch-load-misses", BPU, READ, MISS),
	CACHE("branch-stores", BPU, WRITE, ACCESS),
	CACHE("branch-store-misses", BPU, WRITE, MISS),
	CACHE("branch-prefetches", BPU, PREFETCH, ACCESS),
	CACHE("branch-prefetch-misses", BPU, PREFETCH, MISS),
	CACHE("node-loads", NODE, READ, ACCESS),
	CACHE("node-load-misses", NODE, READ, MISS),
	CACHE("node-stores", NODE, WRITE, ACCESS),
	CACHE("node-store-misses", NODE, WRITE, MISS),
	CACHE("node-prefetches", NODE, PREFETCH, ACCESS),
	CACHE("node-prefetch-misses", NODE, PREFETCH, MISS),
	NULL
};

#undef HW
#undef CACHE

static const struct attribute_group pmu_core_generic_group = {
	.name		= "events",
	.attrs		= pmu_core_generic_attrs,
	.is_visible	= pmu_core_generic_visible,
};

/**
 * pmu_core_register() - register a core PMU with perf
 * @pc: the instance
 * @ops: the driver's hooks
 * @backend: the register backend's reservation and interrupt hooks
 * @name: the PMU's name in sysfs
 *
 * Everything the interrupt handler dereferences exists before the
 * backend's interrupt hook is attached.
 *
 * Return: 0 or a negative errno.
 */
int pmu_core_register(struct pmu_core *pc, const struct pmu_core_ops *ops,
		      const struct pmu_core_backend *backend, const char *name)
{
	int ret;

	if (pc->registered)
		return -EBUSY;
	if (!ops->counters || !ops->counters->n || !ops->event_size ||
	    ops->counters->n > PMU_CORE_MAX_EVENTS || !ops->counters->width ||
	    ops->counters->width > PMU_CORE_PREV_GEN_SHIFT || !ops->format ||
	    !ops->events ||
	    !backend->reserve ||
	    !backend->release || !backend->read_counter ||
	    !backend->write_counter)
		return -EINVAL;
	pc->ops = ops;
	pc->cpus = __alloc_percpu(sizeof(struct pmu_core_cpu) + ops->cpu_size,
				  __alignof__(struct pmu_core_cpu));
	pc->scratch = __alloc_percpu(ops->cpu_size ?: 1, sizeof(u64));
	if (!pc->cpus || !pc->scratch) {
		ret = -ENOMEM;
		goto out_free;
	}
	pc->backend = backend;
	mutex_init(&pc->reserve_lock);
	ratelimit_set_flags(&pmu_core_busy_rs, RATELIMIT_MSG_ON_RELEASE);
	pc->active = 0;
	pmu_core_init_caps(pc);
	pc->format_group.name = "format";
	pc->format_group.attrs = ops->format;
	pc->groups[0] = &pc->format_group;
	pc->events_group = (struct attribute_group) {
		.name		= "events",
		.attrs		= ops->events,
		.is_visible	= pmu_core_events_visible,
	};
	pc->groups[1] = &pc->events_group;
	pc->groups[2] = &pc->caps_group;
	pc->groups[3] = &pmu_core_id_group;
	pc->groups[4] = NULL;
	pc->updates[0] = &pmu_core_generic_group;
	pc->updates[1] = ops->extra_events;
	pc->updates[2] = NULL;
	pc->pmu = (struct pmu) {
		.module		= backend->owner,
		.task_ctx_nr	= pmu_suite_task_context(backend->builtin_pmu),
		.capabilities	= backend->capabilities,
		.attr_groups	= pc->groups,
		.attr_update	= pc->updates,
		.event_init	= pmu_core_event_init,
		.add		= pmu_core_add,
		.del		= pmu_core_del,
		.start		= pmu_core_start,
		.stop		= pmu_core_stop,
		.read		= pmu_core_read,
		.event_idx	= pmu_core_event_idx,
		.pmu_enable	= pmu_core_pmu_enable,
		.pmu_disable	= pmu_core_pmu_disable,
		.start_txn	= pmu_core_start_txn,
		.commit_txn	= pmu_core_commit_txn,
		.cancel_txn	= pmu_core_cancel_txn,
	};
	if (ops->generic)
		pc->pmu.capabilities |= PERF_PMU_CAP_EXTENDED_HW_TYPE;
	if (backend->irq_hook) {
		ret = backend->irq_hook();
		if (ret)
			goto out_free;
	}
	ret = perf_pmu_register(&pc->pmu, name, -1);
	if (ret)
		goto out_unhook;
	pc->registered = true;
	if (PMU_SUITE_CAN_SAMPLE)
		pr_info("%s: perf PMU registered: %u counters, counting and sampling\n",
			name, ops->counters->n);
	else
		pr_info("%s: perf PMU registered: %u counters, counting only: the kernel exports neither perf_event_overflow() nor the interrupt accounting (see the suite's patches/), so perf record is refused\n",
			name, ops->counters->n);
	return 0;

out_unhook:
	if (backend->irq_unhook)
		backend->irq_unhook();
out_free:
	free_percpu(pc->scratch);
	pc->scratch = NULL;
	free_percpu(pc->cpus);
	pc->cpus = NULL;
	return ret;
}
EXPORT_SYMBOL_GPL(pmu_core_register);

/**
 * pmu_core_unregister() - remove a PMU pmu_core_register() registered
 * @pc: the instance
 *
 * The backend's interrupt hook is detached before the state the handler
 * uses goes.
 */
void pmu_core_unregister(struct pmu_core *pc)
{
	if (!pc->registered)
		return;
	pmu_suite_unregister(&pc->pmu);
	if (pc->backend->irq_unhook)
		pc->backend->irq_unhook();
	free_percpu(pc->scratch);
	pc->scratch = NULL;
	free_percpu(pc->cpus);
	pc->cpus = NULL;
	pc->registered = false;
}
EXPORT_SYMBOL_GPL(pmu_core_unregister);
