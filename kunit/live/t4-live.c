// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SPARC T4 model live: sparc_t4 and sparc_t4_dram_0-3 over the model
 * of kunit/sparc_t4/t4-model.c.
 *
 * Rates: every event a PCR selects happens once per nanosecond of the
 * time a tick stands for: an sl/mask event once per ns for each mask bit
 * set (sl 26, cycles, once), in user mode when the tick interrupted user
 * code and privileged otherwise. Each memory controller sees each select
 * code its DRAM_PERF_CTL_REG holds once per 16 ns.
 */
#include <linux/bitfield.h>
#include <linux/module.h>

#include "model-live.h"
#include "../sparc_t4/t4-model.h"

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

/* The (sl, mask bit) pairs the PCRs select, each once. */
static unsigned int t4_live_selected(u8 sl[], u8 mask[])
{
	unsigned int c, b, i, n = 0;

	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		u64 pcr = t4_model.pcr[c];
		unsigned int s = FIELD_GET(T4_PCR_SL, pcr);
		unsigned long bits = s == 26 ? 1 : FIELD_GET(T4_PCR_MASK, pcr);

		if (!s)
			continue;
		for_each_set_bit(b, &bits, 8) {
			u8 m = s == 26 ? 0 : BIT(b);

			for (i = 0; i < n && (sl[i] != s || mask[i] != m); i++)
				;
			if (i == n) {
				sl[n] = s;
				mask[n++] = m;
			}
		}
	}
	return n;
}

static void t4_live_dram(u64 ns)
{
	unsigned int mcu, c;

	for (mcu = 0; mcu < T4_DRAM_NR_MCU; mcu++) {
		u64 ctl = t4_model_mcu[mcu].ctl;
		unsigned int done = 0;

		for (c = 0; c < 4; c++) {
			unsigned int sel = (ctl >> (4 * c)) & 0xf;

			if (done & BIT(sel))
				continue;
			done |= BIT(sel);
			t4_model_dram_count(mcu, sel, ns / T4_LIVE_DRAM_NS);
		}
	}
}

static void t4_live_tick(struct pt_regs *regs, u64 ns)
{
	u8 sl[T4_NUM_COUNTERS * 8], mask[T4_NUM_COUNTERS * 8];
	unsigned int i, n;

	t4_model.mode = user_mode(regs) ? T4_MODEL_USER : T4_MODEL_PRIV;
	t4_model.pc = instruction_pointer(regs);
	n = t4_live_selected(sl, mask);
	for (i = 0; i < n; i++)
		t4_model_count(sl[i], mask[i], ns);
	t4_live_dram(ns);
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
	model_live_backend(&t4_live_ops.hw, t4_live_irq_hook, t4_live_irq_unhook);
	ret = pmu_core_register(&t4_pmu_core, &t4_core_ops, &t4_live_ops.hw,
				"sparc_t4");
	if (ret)
		return ret;
	t4_live_dram_ops = t4_model_dram_ops;
	t4_live_dram_ops.owner = THIS_MODULE;
	ret = t4_dram_register(&t4_live_dram_ops, "sparc_t4_dram");
	if (ret)
		pmu_core_unregister(&t4_pmu_core);
	return ret;
}

static void t4_live_stop(void)
{
	t4_dram_unregister();
	pmu_core_unregister(&t4_pmu_core);
	t4_model.raise = NULL;
}

const struct model_live t4_live = {
	.name = "sparc_t4",
	.start = t4_live_start,
	.stop = t4_live_stop,
	.tick = t4_live_tick,
	.interrupt = t4_live_interrupt,
};
