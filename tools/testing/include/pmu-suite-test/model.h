/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the KUnit tests of the suite's perf glue share.
 */
#ifndef _PMU_SUITE_MODEL_H
#define _PMU_SUITE_MODEL_H

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/capability.h>
#include <linux/cpumask.h>
#include <linux/cred.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/perf_event.h>

/**
 * pmu_model_pin_current() - keep the running test on the CPU it is on
 *
 * A core PMU model is one hardware thread's registers, while the glue
 * keeps per-CPU state: a test whose task moved to another CPU between a
 * schedule out and in would see register writes that a single thread
 * never needs. The test kernel has several CPUs; each test runs in its
 * own thread, so pinning it in the suite's init lasts for one test.
 *
 * Return: 0 or a negative errno.
 */
static inline int pmu_model_pin_current(void)
{
	return set_cpus_allowed_ptr(current, cpumask_of(raw_smp_processor_id()));
}

/**
 * pmu_model_set_mode() - make @regs say user or kernel mode
 * @regs: registers a model interrupts the driver with
 * @user: user mode
 *
 * A model's interrupt comes from a test's kernel thread; the registers it
 * hands the driver say the mode of the code the model runs, as user_mode()
 * reads it on the architectures the models run on.
 */
static inline void pmu_model_set_mode(struct pt_regs *regs, bool user)
{
#if defined(CONFIG_X86_64)
	regs->cs = user ? __USER_CS : __KERNEL_CS;
	regs->ss = user ? __USER_DS : __KERNEL_DS;
#elif defined(CONFIG_SPARC64)
	regs->tstate = user ? regs->tstate & ~TSTATE_PRIV :
			      regs->tstate | TSTATE_PRIV;
#elif defined(CONFIG_PPC64)
	regs->msr = user ? regs->msr | MSR_PR : regs->msr & ~MSR_PR;
#elif defined(CONFIG_IA64)
	ia64_psr(regs)->cpl = user ? 3 : 0;
#else
#error "the models run on x86_64, sparc64, ppc64 and ia64"
#endif
}

/* The stack pointer user_stack_pointer() reads. */
static inline void pmu_model_set_sp(struct pt_regs *regs, unsigned long sp)
{
#if defined(CONFIG_X86_64)
	regs->sp = sp;
#elif defined(CONFIG_SPARC64)
	regs->u_regs[UREG_FP] = sp;
#elif defined(CONFIG_PPC64)
	regs->gpr[1] = sp;
#elif defined(CONFIG_IA64)
	regs->r12 = sp;
#endif
}

/**
 * struct pmu_model_user - a user context for a model's samples
 * @valid: the test's thread pretends to have one
 * @regs: its user registers
 *
 * A test's kernel thread has no user registers; a model gives the
 * backend's user_regs hook these instead.
 */
struct pmu_model_user {
	bool valid;
	struct pt_regs regs;
};

/**
 * pmu_model_user_init() - user registers with a recognisable stack pointer
 * @u: the context
 * @sp: the stack pointer
 */
static inline void pmu_model_user_init(struct pmu_model_user *u,
				       unsigned long sp)
{
	memset(&u->regs, 0, sizeof(u->regs));
	pmu_model_set_mode(&u->regs, true);
	pmu_model_set_sp(&u->regs, sp);
	u->valid = true;
}

/**
 * pmu_model_unprivileged() - drop CAP_PERFMON and CAP_SYS_ADMIN
 *
 * For a test of what an unprivileged user may open: the capability
 * checks read the current task's subjective credentials.
 *
 * Return: the credentials to give back to revert_creds(), or NULL.
 */
static inline const struct cred *pmu_model_unprivileged(void)
{
	struct cred *cred = prepare_creds();
	const struct cred *old;

	if (!cred)
		return NULL;
	cap_lower(cred->cap_effective, CAP_PERFMON);
	cap_lower(cred->cap_effective, CAP_SYS_ADMIN);
	old = override_creds(cred);
	put_cred(cred);
	return old;
}

/**
 * pmu_model_cpu_in_package() - whether a package model counts on @cpu
 * @cpu: a CPU
 *
 * The uncore, nest and DRAM models put every CPU in their package but,
 * with several CPUs, CPU 0: x86 cannot take it offline, and the hotplug
 * tests need a counting CPU that can go offline and hand over.
 */
static inline bool pmu_model_cpu_in_package(unsigned int cpu)
{
	return cpu != 0 || nr_cpu_ids == 1;
}

/**
 * pmu_model_mux_more() - spin on while the perf core rotates events
 * @start: ktime_get() when the workload began
 * @rounds: rounds of the workload done so far
 *
 * A multiplexing test runs its workload in rounds of 5 ms until at least
 * 40 rounds and 200 ms of the clock have passed: under emulation the
 * delay loop can run far faster than the clock when the host is busy,
 * and the perf core's rotation timer (4 ms by default) runs on the clock.
 *
 * Return: whether to run another round.
 */
static inline bool pmu_model_mux_more(ktime_t start, unsigned int rounds)
{
	mdelay(5);
	if (rounds >= 4000)
		return false;
	return rounds < 40 || ktime_ms_delta(ktime_get(), start) < 200;
}

/**
 * pmu_model_steady_sample_rate() - keep the sample rate where it starts
 *
 * The perf core lowers the sample rate for everyone when interrupts take
 * too long (perf_sample_event_took()). Under emulation a host preemption
 * inside one model interrupt makes it look slow, and every later test
 * that counts samples would be throttled. A model suite built into the
 * kernel (its tests run before /proc/sys exists) sets the rate back to
 * the default and turns the lowering off, as writing 0 to
 * kernel.perf_cpu_time_max_percent does; a module leaves it to the
 * sysctl.
 */
static inline void pmu_model_steady_sample_rate(void)
{
#ifndef MODULE
	struct ctl_table pct = {
		.data = &sysctl_perf_cpu_time_max_percent,
		.maxlen = sizeof(int),
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ONE_HUNDRED,
	};
	struct ctl_table rate = {
		.data = &sysctl_perf_event_sample_rate,
		.maxlen = sizeof(int),
		.extra1 = SYSCTL_ONE,
	};
	char def_pct[] = "25", def_rate[] = "100000", off[] = "0";
	size_t len;
	loff_t pos;

	len = strlen(def_pct);
	pos = 0;
	perf_cpu_time_max_percent_handler(&pct, 1, def_pct, &len, &pos);
	len = strlen(def_rate);
	pos = 0;
	perf_event_max_sample_rate_handler(&rate, 1, def_rate, &len, &pos);
	len = strlen(off);
	pos = 0;
	perf_cpu_time_max_percent_handler(&pct, 1, off, &len, &pos);
#endif
}

/**
 * pmu_model_expect_multiplexed() - two events took turns on the counters
 * @test: the test
 * @a: one event, released here
 * @b: the other, released here
 *
 * Each ran part of the time it was enabled, neither all of it.
 */
static inline void pmu_model_expect_multiplexed(struct kunit *test,
						struct perf_event *a,
						struct perf_event *b)
{
	u64 ea, ra, eb, rb;

	perf_event_read_value(a, &ea, &ra);
	perf_event_read_value(b, &eb, &rb);
	kunit_info(test, "a: %llu/%llu ns, b: %llu/%llu ns", ra, ea, rb, eb);
	KUNIT_EXPECT_GT(test, ra, 0ULL);
	KUNIT_EXPECT_GT(test, rb, 0ULL);
	KUNIT_EXPECT_LT(test, ra, ea);
	KUNIT_EXPECT_LT(test, rb, eb);
	perf_event_release_kernel(a);
	perf_event_release_kernel(b);
}

/**
 * struct pmu_model_nmi - an interrupt a model takes inside a register access
 * @fn: what the interrupt does (typically: count another counter past its
 *	period and take the overflow interrupt), run once
 * @at: register accesses left before @fn runs, right after the access;
 *	0: never
 * @tick: optional; run after every access, before @fn: the time the
 *	thread spends between two accesses, in which the counters count the
 *	code running and an interrupt may come (the oracle's, oracle.h).
 *	Left set by pmu_model_nmi_arm() and pmu_model_nmi_disarm()
 *
 * Hardware interrupts the driver between any two register accesses. A
 * test sweeps @at over 1, 2, 3, ... across a sequence of perf calls until
 * @fn no longer runs: every access in turn has been followed by one.
 */
struct pmu_model_nmi {
	void (*fn)(void);
	unsigned int at;
	void (*tick)(void);
};

/* Called by a model after every register access. */
static inline void pmu_model_nmi_access(struct pmu_model_nmi *n)
{
	void (*fn)(void);

	if (n->tick)
		n->tick();
	fn = n->fn;
	if (!n->at || --n->at || !fn)
		return;
	n->fn = NULL;
	fn();
}

/* Arm @n to run @fn after the @at-th access from now. */
static inline void pmu_model_nmi_arm(struct pmu_model_nmi *n,
				     void (*fn)(void), unsigned int at)
{
	n->at = at;
	n->fn = fn;
}

/* Disarm @n; return whether its interrupt ran. */
static inline bool pmu_model_nmi_disarm(struct pmu_model_nmi *n)
{
	bool fired = !n->fn;

	n->fn = NULL;
	n->at = 0;
	return fired;
}

/**
 * struct pmu_model_sweep - a model's part in pmu_model_nmi_sweep()
 * @nmi: the model's interrupt
 * @overflow: the interrupt: count the sampling event past its period and
 *	take the overflow interrupt
 * @open_counting: open a counting event on the current task
 * @open_sampling: open a sampling event on another counter
 * @count: count @n of the counting event's events
 * @value: read an event's count
 * @samples: the tests' sample count
 * @sampled_max: most events the sampling event may have counted (two
 *	overflow bursts)
 */
struct pmu_model_sweep {
	struct pmu_model_nmi *nmi;
	void (*overflow)(void);
	struct perf_event *(*open_counting)(void);
	struct perf_event *(*open_sampling)(void);
	void (*count)(u64 n);
	u64 (*value)(struct perf_event *event);
	atomic_t *samples;
	u64 sampled_max;
};

/**
 * pmu_model_nmi_sweep() - interrupts anywhere
 * @test: the test
 * @s: the model's part
 *
 * Another counter's overflow interrupt comes after each register access
 * in turn of disabling, enabling, reading and closing a counting event,
 * until the sequence has no access left. The count stays exact, and the
 * sampling event still samples afterwards: once for a period's events, or
 * twice when the injected overflow's remainder ends the period early; it
 * never counts more than it was fed.
 */
static inline void pmu_model_nmi_sweep(struct kunit *test,
				       const struct pmu_model_sweep *s)
{
	unsigned int at;

	for (at = 1; at < 1000; at++) {
		struct perf_event *a = s->open_counting();
		struct perf_event *b = s->open_sampling();
		bool fired;
		int n;

		KUNIT_ASSERT_FALSE(test, IS_ERR(a));
		KUNIT_ASSERT_FALSE(test, IS_ERR(b));
		pmu_model_nmi_arm(s->nmi, s->overflow, at);
		s->count(1000);
		perf_event_disable(a);
		s->count(7);
		perf_event_enable(a);
		s->count(500);
		KUNIT_EXPECT_EQ_MSG(test, s->value(a), 1500ULL, "NMI at access %u", at);
		perf_event_release_kernel(a);
		fired = pmu_model_nmi_disarm(s->nmi);
		n = atomic_read(s->samples);
		s->overflow();
		KUNIT_EXPECT_GE_MSG(test, atomic_read(s->samples), n + 1,
				    "NMI at access %u", at);
		KUNIT_EXPECT_LE_MSG(test, atomic_read(s->samples), n + 2,
				    "NMI at access %u", at);
		KUNIT_EXPECT_LE_MSG(test, s->value(b), s->sampled_max,
				    "NMI at access %u", at);
		perf_event_release_kernel(b);
		if (!fired)
			break;
	}
	kunit_info(test, "an interrupt after each of %u accesses", at - 1);
	KUNIT_EXPECT_GT(test, at, 10U);
	KUNIT_EXPECT_LT(test, at, 1000U);
}

#endif /* _PMU_SUITE_MODEL_H */
