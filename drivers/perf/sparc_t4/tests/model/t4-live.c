// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SPARC T4 model live: sparc_t4 and sparc_t4_dram_0-3 over the model
 * of drivers/perf/sparc_t4/tests/model/t4-model.c.
 *
 * Rates: every event a PCR selects happens once per nanosecond of the
 * time a tick stands for: an sl/mask event once per ns for each mask bit
 * set (sl 26, cycles, once), in user mode when the tick interrupted user
 * code and privileged otherwise. Each memory controller sees each select
 * code its DRAM_PERF_CTL_REG holds once per 16 ns.
 */
#include <linux/module.h>

#include <pmu-suite-test/live.h>
#include "t4-model.h"

#define T4_LIVE_DRAM_NS		16

static struct t4_pmu_ops t4_live_ops;
static struct t4_dram_ops t4_live_dram_ops;

static bool t4_live_raise(void)
{
	return model_live_raise(&t4_live);
}

static int t4_live_irq_hook(void)
{
	model_live_hook(&t4_live, true);
	return 0;
}

static void t4_live_irq_unhook(void)
{
	model_live_hook(&t4_live, false);
}

static void t4_live_tick(struct pt_regs *regs, u64 ns)
{
	t4_model.mode = user_mode(regs) ? T4_MODEL_USER : T4_MODEL_PRIV;
	t4_model.pc = instruction_pointer(regs);
	t4_model_count_selected(ns);
	t4_model_deliver();
	t4_model_dram_count_selected(ns / T4_LIVE_DRAM_NS);
}

static void t4_live_catch_up(struct pt_regs *regs, u64 ns)
{
	bool in_trap = t4_model.in_trap;

	if (regs) {
		t4_model.mode = user_mode(regs) ? T4_MODEL_USER : T4_MODEL_PRIV;
		t4_model.pc = instruction_pointer(regs);
	}
	/* The trap waits, as while a handler runs: the next tick takes it. */
	t4_model.in_trap = true;
	t4_model_count_selected(ns);
	t4_model.in_trap = in_trap;
	t4_model_dram_count_selected(ns / T4_LIVE_DRAM_NS);
}

/* The driver's accesses: the counters first count up to them. */
static u64 t4_live_read_pcr(unsigned int idx)
{
	model_live_catch_up();
	return t4_model_ops.read_pcr(idx);
}

static void t4_live_write_pcr(unsigned int idx, u64 value)
{
	model_live_catch_up();
	t4_model_ops.write_pcr(idx, value);
}

static u64 t4_live_read_pic(unsigned int idx)
{
	model_live_catch_up();
	return t4_model_ops.hw.read_counter(idx);
}

static void t4_live_write_pic(unsigned int idx, u64 value)
{
	model_live_catch_up();
	t4_model_ops.hw.write_counter(idx, value);
}

static bool t4_live_interrupt(struct pt_regs *regs)
{
	return t4_pmu_interrupt(regs);
}

static int t4_live_start(void)
{
	int ret;

	t4_model_reset();
	t4_model_dram_reset();
	t4_model.raise = t4_live_raise;
	t4_live_ops = t4_model_ops;
	t4_live_ops.read_pcr = t4_live_read_pcr;
	t4_live_ops.write_pcr = t4_live_write_pcr;
	t4_live_ops.hw.read_counter = t4_live_read_pic;
	t4_live_ops.hw.write_counter = t4_live_write_pic;
	model_live_backend(&t4_live_ops.hw, t4_live_irq_hook, t4_live_irq_unhook);
	ret = t4_register(&t4_live_ops, "sparc_t4");
	if (ret)
		return ret;
	t4_live_dram_ops = t4_model_dram_ops;
	t4_live_dram_ops.owner = THIS_MODULE;
	ret = t4_dram_register(&t4_live_dram_ops, "sparc_t4_dram");
	if (ret)
		t4_unregister();
	return ret;
}

static void t4_live_stop(void)
{
	t4_dram_unregister();
	t4_unregister();
	t4_model.raise = NULL;
}

const struct model_live t4_live = {
	.name = "sparc_t4",
	.start = t4_live_start,
	.stop = t4_live_stop,
	.tick = t4_live_tick,
	.catch_up = t4_live_catch_up,
	.interrupt = t4_live_interrupt,
};
