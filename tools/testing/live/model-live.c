// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SPARC T4 and Itanium 9300 register models, live in an x86_64 guest.
 *
 * Neither processor has an emulator. The KUnit tests drive the drivers'
 * perf glue through register models; this module registers the same glue
 * over the same models under the PMUs' real names, so that the real perf
 * tool can be run on them, and makes the models count:
 *  - a clock ticks every MODEL_LIVE_TICK_NS (about 1 ms) and hands each model
 *    the time since the last tick together with the registers the tick
 *    interrupted: the model counts its events for that time in that
 *    context's mode (user or kernel), at the fixed rates each model's
 *    file gives. The idle task counts nothing. It is a simulation whose
 *    counts follow a task's run time, not a performance figure.
 *  - counters count between ticks too: before each register access of a
 *    driver the time since the last tick is counted with what the
 *    registers held (model_live_catch_up()), so that counters stopped,
 *    read or moved to another event between two ticks have counted up to
 *    that moment, as hardware's would. Otherwise a tick would hand the
 *    time before a multiplexing rotation or a context switch to the
 *    events that came after it.
 *  - a model's overflow interrupt is sent as an NMI to the CPU itself and
 *    taken in NMI context before the tick goes on, as the hardware's
 *    interrupt would be (level 15 on the T4, the PMU interrupt on
 *    Itanium). The driver is given the registers of the interrupted
 *    context, where the events were counted, so sample addresses fall in
 *    the code that ran.
 * The models are one hardware thread each: the guest has one CPU.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <asm/apic.h>
#include <asm/irq_regs.h>
#include <asm/nmi.h>

#include <pmu-suite/core-pmu.h>

#include <pmu-suite-test/live.h>

/*
 * A period no jiffy is a multiple of: the tick drifts against the
 * scheduler's, so the tick interval a task switch falls in goes to the
 * task before it as often as to the task after it. Locked in phase (a
 * period of 1000 us with HZ 250), one task of two sharing the CPU lost
 * a quarter of its time to the other.
 */
static unsigned int tick_us = 997;
module_param(tick_us, uint, 0444);
MODULE_PARM_DESC(tick_us, "the models' clock period, microseconds (default 997)");
#define MODEL_LIVE_TICK_NS	((u64)tick_us * NSEC_PER_USEC)
/*
 * A register access closer than this to the last count leaves the time
 * to the next: the accesses of one switch of events come in a burst, and
 * one count at its start serves them all. What moves from the events
 * before a switch to those after it is at most this, a fraction of a
 * percent of a multiplexing interval.
 */
#define MODEL_LIVE_CATCH_UP_NS	(10 * NSEC_PER_USEC)
/* How long the tick waits for its own NMI, in cpu_relax() rounds. */
#define MODEL_LIVE_NMI_WAIT	10000000

static const struct model_live *const model_live_all[] = { &t4_live, &ia64_live };

static struct hrtimer model_live_timer;
static u64 model_live_last;
/* Whether the idle task ran when model_live_last was taken. */
static bool model_live_last_idle;
/* The clock runs: model_live_last is a time. */
static bool model_live_running;
/* Bit i: an NMI for model_live_all[i] is on its way. */
static unsigned long model_live_pending;
static unsigned long model_live_claimed;
static unsigned long model_live_hooked;
static struct pt_regs *model_live_regs;
static unsigned long model_live_lost;

static unsigned int model_live_id(const struct model_live *m)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(model_live_all); i++)
		if (model_live_all[i] == m)
			return i;
	return 0;
}

/**
 * model_live_hook() - attach or detach a model's interrupt
 * @m: the model
 * @on: attach
 *
 * A detached model's NMI is taken and dropped, unclaimed.
 */
void model_live_hook(const struct model_live *m, bool on)
{
	if (on)
		set_bit(model_live_id(m), &model_live_hooked);
	else
		clear_bit(model_live_id(m), &model_live_hooked);
}

/**
 * model_live_backend() - make a model's backend this module's
 * @hw: the backend part of a copy of the model's register ops
 * @hook: attaches the model's interrupt (model_live_hook())
 * @unhook: detaches it
 */
void model_live_backend(struct pmu_core_backend *hw, int (*hook)(void),
			void (*unhook)(void))
{
	hw->owner = THIS_MODULE;
	hw->builtin_pmu = false;
	hw->irq_hook = hook;
	hw->irq_unhook = unhook;
}

/**
 * model_live_raise() - take @m's overflow interrupt now, as an NMI
 * @m: the model
 *
 * Called by a model from its tick, with the tick's registers saved for
 * the NMI handler. Waits until the NMI has been taken.
 *
 * Return: whether the driver claimed the interrupt.
 */
bool model_live_raise(const struct model_live *m)
{
	unsigned long bit = BIT(model_live_id(m));
	unsigned int spin;

	if (!model_live_regs)
		return false;
	clear_bit(model_live_id(m), &model_live_claimed);
	set_bit(model_live_id(m), &model_live_pending);
	__apic_send_IPI_mask(cpumask_of(smp_processor_id()), NMI_VECTOR);
	for (spin = 0; READ_ONCE(model_live_pending) & bit; spin++) {
		if (spin == MODEL_LIVE_NMI_WAIT) {
			clear_bit(model_live_id(m), &model_live_pending);
			model_live_lost++;
			return false;
		}
		cpu_relax();
	}
	return READ_ONCE(model_live_claimed) & bit;
}

static int model_live_nmi(unsigned int type, struct pt_regs *nmi_regs)
{
	unsigned long pending = READ_ONCE(model_live_pending);
	struct pt_regs *regs = model_live_regs;
	unsigned int i;

	if (!pending || !regs)
		return NMI_DONE;
	for (i = 0; i < ARRAY_SIZE(model_live_all); i++) {
		if (!(pending & BIT(i)))
			continue;
		if (test_bit(i, &model_live_hooked) &&
		    model_live_all[i]->interrupt(regs))
			set_bit(i, &model_live_claimed);
		clear_bit(i, &model_live_pending);
	}
	return NMI_HANDLED;
}

/*
 * The time since the last tick or catch-up, taken now; 0 when the idle
 * task ran at either end of it (the idle task counts nothing).
 */
static u64 model_live_elapsed(void)
{
	u64 now = ktime_get_ns();
	u64 ns = now - model_live_last;
	bool idle = is_idle_task(current);

	if (model_live_last_idle || idle)
		ns = 0;
	model_live_last = now;
	model_live_last_idle = idle;
	return ns;
}

/**
 * model_live_catch_up() - count the time since the last tick, now
 *
 * Called by the live backends before each register access of a driver.
 * The time is counted in the mode of the context a hard interrupt (the
 * multiplexing timer) interrupted, or else in the last tick's. An
 * overflow it causes is taken at the next tick, as a late interrupt
 * would be. Nothing is done in NMI context (the tick has just counted,
 * and an NMI cannot be sent to the CPU that is in one) or with interrupts
 * enabled (the tick could run in the middle).
 */
void model_live_catch_up(void)
{
	struct pt_regs *regs = NULL;
	unsigned int i;
	u64 ns;

	if (!READ_ONCE(model_live_running) || in_nmi() || !irqs_disabled() ||
	    ktime_get_ns() - model_live_last < MODEL_LIVE_CATCH_UP_NS)
		return;
	ns = model_live_elapsed();
	if (!ns)
		return;
	if (in_hardirq())
		regs = get_irq_regs();
	for (i = 0; i < ARRAY_SIZE(model_live_all); i++)
		model_live_all[i]->catch_up(regs, ns);
}

static enum hrtimer_restart model_live_tick(struct hrtimer *t)
{
	struct pt_regs *regs = get_irq_regs();
	u64 ns = model_live_elapsed();
	unsigned int i;

	if (regs && ns) {
		model_live_regs = regs;
		for (i = 0; i < ARRAY_SIZE(model_live_all); i++)
			model_live_all[i]->tick(regs, ns);
		model_live_regs = NULL;
	}
	hrtimer_forward_now(t, ns_to_ktime(MODEL_LIVE_TICK_NS));
	return HRTIMER_RESTART;
}

static void model_live_stop(unsigned int n)
{
	while (n--)
		model_live_all[n]->stop();
}

static int __init model_live_init(void)
{
	unsigned int i;
	int ret;

	if (!tick_us)
		return -EINVAL;
	if (num_possible_cpus() != 1) {
		pr_err("the models are one hardware thread each: boot with one CPU\n");
		return -EOPNOTSUPP;
	}
	ret = register_nmi_handler(NMI_LOCAL, model_live_nmi, 0, "pmu_model_live");
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(model_live_all); i++) {
		ret = model_live_all[i]->start();
		if (ret) {
			pr_err("%s: %d\n", model_live_all[i]->name, ret);
			model_live_stop(i);
			unregister_nmi_handler(NMI_LOCAL, "pmu_model_live");
			return ret;
		}
	}
	hrtimer_init(&model_live_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	model_live_timer.function = model_live_tick;
	model_live_last = ktime_get_ns();
	model_live_last_idle = is_idle_task(current);
	WRITE_ONCE(model_live_running, true);
	hrtimer_start(&model_live_timer, ns_to_ktime(MODEL_LIVE_TICK_NS),
		      HRTIMER_MODE_REL_PINNED_HARD);
	pr_info("models live: a tick every %llu us\n", MODEL_LIVE_TICK_NS / NSEC_PER_USEC);
	return 0;
}
module_init(model_live_init);

static void __exit model_live_exit(void)
{
	hrtimer_cancel(&model_live_timer);
	WRITE_ONCE(model_live_running, false);
	model_live_stop(ARRAY_SIZE(model_live_all));
	unregister_nmi_handler(NMI_LOCAL, "pmu_model_live");
	if (model_live_lost)
		pr_warn("%lu NMIs never arrived\n", model_live_lost);
}
module_exit(model_live_exit);

MODULE_DESCRIPTION("SPARC T4 and Itanium 9300 PMU models, live in an x86_64 guest");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
