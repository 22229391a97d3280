// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Itanium 9300 models live: itanium9300 over the core model of
 * ia64-model.c, and itanium9300_bbox, _zbox and _rbox
 * over the uncore model of ia64-uncore-model.c.
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
 * did. Every box counter's event occurs once per 16 ns of any task's run
 * time, in each socket.
 */
#include <linux/module.h>

#include <pmu-suite-test/live.h>
#include "ia64-model.h"
#include "ia64-uncore-model.h"

#define IA64_LIVE_UNCORE_NS	16

static unsigned int ia64_live_ticks;

static struct ia64_pmu_ops ia64_live_ops;
static struct ia64_uncore_ops ia64_live_uncore_ops;

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
	unsigned int socket;

	ia64_model.cpl = user_mode(regs) ? 3 : 0;
	ia64_model.ip = ip;
	ia64_model.daddr = user_stack_pointer(regs);
	ia64_model_count_selected(ns, ia64_live_raise);
	ia64_model_dear_miss(ia64_model.daddr & ~63ULL, ip, latency);
	ia64_model_iear_miss(ip & ~63ULL, latency);
	ia64_model_branch(ip, ip, false);
	if (ia64_model.irq_pending)
		ia64_live_raise();
	for (socket = 0; socket < IA64_UMODEL_SOCKETS; socket++)
		ia64_umodel_count_selected(socket, ns / IA64_LIVE_UNCORE_NS);
}

/*
 * An overflow found between ticks freezes the PMU (PMC0.fr) until the
 * next tick takes the interrupt, as a late interrupt would.
 */
static void ia64_live_hold(void)
{
}

static void ia64_live_catch_up(struct pt_regs *regs, u64 ns)
{
	unsigned int socket;

	if (regs)
		ia64_model.cpl = user_mode(regs) ? 3 : 0;
	ia64_model_count_selected(ns, ia64_live_hold);
	for (socket = 0; socket < IA64_UMODEL_SOCKETS; socket++)
		ia64_umodel_count_selected(socket, ns / IA64_LIVE_UNCORE_NS);
}

/* The driver's accesses: the counters first count up to them. */
static u64 ia64_live_read_pmc(unsigned int pmc)
{
	model_live_catch_up();
	return ia64_model_ops.read_pmc(pmc);
}

static void ia64_live_write_pmc(unsigned int pmc, u64 value)
{
	model_live_catch_up();
	ia64_model_ops.write_pmc(pmc, value);
}

static u64 ia64_live_read_pmd(unsigned int pmd)
{
	model_live_catch_up();
	return ia64_model_ops.read_pmd(pmd);
}

static void ia64_live_write_pmd(unsigned int pmd, u64 value)
{
	model_live_catch_up();
	ia64_model_ops.write_pmd(pmd, value);
}

static int ia64_live_start(void)
{
	int ret;

	ia64_model_reset();
	ia64_umodel_reset();
	ia64_live_ops = ia64_model_ops;
	ia64_live_ops.read_pmc = ia64_live_read_pmc;
	ia64_live_ops.write_pmc = ia64_live_write_pmc;
	ia64_live_ops.read_pmd = ia64_live_read_pmd;
	ia64_live_ops.write_pmd = ia64_live_write_pmd;
	ia64_live_ops.hw.read_counter = ia64_live_read_pmd;
	ia64_live_ops.hw.write_counter = ia64_live_write_pmd;
	model_live_backend(&ia64_live_ops.hw, ia64_live_irq_hook,
			   ia64_live_irq_unhook);
	ret = ia64_register(&ia64_live_ops, "itanium9300");
	if (ret)
		return ret;
	ia64_live_uncore_ops = ia64_umodel_ops;
	ia64_live_uncore_ops.owner = THIS_MODULE;
	ret = ia64_uncore_register(&ia64_live_uncore_ops, "itanium9300");
	if (ret)
		ia64_unregister();
	return ret;
}

static void ia64_live_stop(void)
{
	ia64_uncore_unregister();
	ia64_unregister();
}

const struct model_live ia64_live = {
	.name = "itanium9300",
	.start = ia64_live_start,
	.stop = ia64_live_stop,
	.tick = ia64_live_tick,
	.catch_up = ia64_live_catch_up,
	.interrupt = ia64_model_interrupt,
};
