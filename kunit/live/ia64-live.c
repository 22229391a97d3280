// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Itanium 9300 model live: itanium9300 over the model of
 * kunit/itanium9300/ia64-model.c.
 *
 * Rates: every event a counter selects occurs once per nanosecond of the
 * time a tick stands for, at privilege level 3 when the tick interrupted
 * user code and 0 otherwise. Each tick also stands for one L1D miss at
 * the interrupted stack pointer (for the data EAR), one L1I miss at the
 * interrupted line (for the instruction EAR), both of a latency that
 * steps through 8, 16, ... 1024 cycles from tick to tick so that every
 * EAR threshold sees some, and one taken IP-relative branch from the
 * interrupted address to itself (for the execution trace buffer): EAR
 * samples and branch stacks have something to show, not what the program
 * did.
 */
#include <linux/module.h>

#include "model-live.h"
#include "../itanium9300/ia64-model.h"

static unsigned int ia64_live_ticks;

static struct ia64_pmu_ops ia64_live_ops;

static void ia64_live_raise(void)
{
	model_live_raise(&ia64_live);
}

static int ia64_live_irq_hook(void)
{
	model_live_hook(&ia64_live, true);
	return 0;
}

static void ia64_live_irq_unhook(void)
{
	model_live_hook(&ia64_live, false);
}

static void ia64_live_tick(struct pt_regs *regs, u64 ns)
{
	u64 ip = instruction_pointer(regs) & ~0xfULL;
	unsigned int latency = 8U << (ia64_live_ticks++ % 8);

	ia64_model.cpl = user_mode(regs) ? 3 : 0;
	ia64_model.ip = ip;
	ia64_model.daddr = user_stack_pointer(regs);
	ia64_model_count_selected(ns, ia64_live_raise);
	ia64_model_dear_miss(ia64_model.daddr & ~63ULL, ip, latency);
	ia64_model_iear_miss(ip & ~63ULL, latency);
	ia64_model_branch(ip, ip, false);
	if (ia64_model.irq_pending)
		ia64_live_raise();
}

static int ia64_live_start(void)
{
	ia64_model_reset();
	ia64_live_ops = ia64_model_ops;
	ia64_live_ops.hw.owner = THIS_MODULE;
	ia64_live_ops.hw.builtin_pmu = false;
	ia64_live_ops.hw.irq_hook = ia64_live_irq_hook;
	ia64_live_ops.hw.irq_unhook = ia64_live_irq_unhook;
	return pmu_core_register(&ia64_pmu_core, &ia64_core_ops,
				 &ia64_live_ops.hw, "itanium9300");
}

static void ia64_live_stop(void)
{
	pmu_core_unregister(&ia64_pmu_core);
}

const struct model_live ia64_live = {
	.name = "itanium9300",
	.start = ia64_live_start,
	.stop = ia64_live_stop,
	.tick = ia64_live_tick,
	.interrupt = ia64_model_interrupt,
};
