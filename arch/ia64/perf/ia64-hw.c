// SPDX-License-Identifier: GPL-2.0-only
/*
 * Intel Itanium 9300 core PMU: the ia64 backend.
 *
 * Register access for the perf glue in drivers/perf/itanium9300 through
 * the indirect register files (mov pmc[], pmd[], ibr[], dbr[]), and the
 * performance monitor interrupt, which the kernel hands to one driver at
 * a time (ia64_perf_irq_register(), patches/linux-6.1/0002).
 */
#define pr_fmt(fmt) "itanium9300_pmu: " fmt

#include <linux/module.h>
#include <linux/perf_event.h>
#include <asm/intrinsics.h>
#include <asm/perf_event.h>
#include <asm/processor.h>

#include <pmu-suite/ia64-pmu.h>
#include <pmu-suite/ia64-regs.h>

static u64 ia64_hw_read_pmc(unsigned int pmc)
{
	return ia64_get_pmc(pmc);
}

static void ia64_hw_write_pmc(unsigned int pmc, u64 value)
{
	ia64_set_pmc(pmc, value);
	ia64_srlz_d();
}

static u64 ia64_hw_read_pmd(unsigned int pmd)
{
	return ia64_get_pmd(pmd);
}

static void ia64_hw_write_pmd(unsigned int pmd, u64 value)
{
	ia64_set_pmd(pmd, value);
	ia64_srlz_d();
}

static void ia64_hw_write_ibr(unsigned int ibr, u64 value)
{
	ia64_set_ibr(ibr, value);
	ia64_srlz_i();
}

static void ia64_hw_write_dbr(unsigned int dbr, u64 value)
{
	ia64_set_dbr(dbr, value);
	ia64_srlz_d();
}

/* ptrace's PT_IBR/PT_DBR writes give a task its own debug registers. */
static bool ia64_hw_debug_regs_in_use(struct task_struct *task)
{
	return task->thread.flags & IA64_THREAD_DBG_VALID;
}

/* The interrupt is taken at module load; nothing else uses the PMU. */
static int ia64_hw_reserve(void)
{
	return 0;
}

static void ia64_hw_release(void)
{
}

static void ia64_hw_interrupt(struct pt_regs *regs)
{
	pmu_core_handle_irq(&ia64_pmu_core, regs);
}

/* The framework attaches the handler once it can take the interrupt. */
static int ia64_hw_irq_hook(void)
{
	return ia64_perf_irq_register(ia64_hw_interrupt);
}

static void ia64_hw_irq_unhook(void)
{
	ia64_perf_irq_unregister(ia64_hw_interrupt);
}

static const struct ia64_pmu_ops ia64_hw_ops = {
	.hw = {
		.owner = THIS_MODULE,
		.read_counter = ia64_hw_read_pmd,
		.write_counter = ia64_hw_write_pmd,
		.reserve = ia64_hw_reserve,
		.release = ia64_hw_release,
		.irq_hook = ia64_hw_irq_hook,
		.irq_unhook = ia64_hw_irq_unhook,
	},
	.read_pmc = ia64_hw_read_pmc,
	.write_pmc = ia64_hw_write_pmc,
	.read_pmd = ia64_hw_read_pmd,
	.write_pmd = ia64_hw_write_pmd,
	.write_ibr = ia64_hw_write_ibr,
	.write_dbr = ia64_hw_write_dbr,
	.debug_regs_in_use = ia64_hw_debug_regs_in_use,
};

static void ia64_hw_freeze(void *unused)
{
	ia64_set_pmc(0, 1);
	ia64_srlz_d();
}

static int __init ia64_hw_init(void)
{
	struct cpuinfo_ia64 *c = local_cpu_data;

	if (c->family != IA64_9300_FAMILY || c->model != IA64_9300_MODEL) {
		pr_info("not an Itanium 9300 (family 0x%x, model 0x%x): not loading\n",
			c->family, c->model);
		return -ENODEV;
	}
	/* Nothing counts until the first event unfreezes the PMU. */
	on_each_cpu(ia64_hw_freeze, NULL, 1);
	return pmu_core_register(&ia64_pmu_core, &ia64_core_ops, &ia64_hw_ops.hw,
				 "itanium9300");
}

static void __exit ia64_hw_exit(void)
{
	pmu_core_unregister(&ia64_pmu_core);
	on_each_cpu(ia64_hw_freeze, NULL, 1);
}

module_init(ia64_hw_init);
module_exit(ia64_hw_exit);

MODULE_DESCRIPTION("Intel Itanium 9300 core PMU (ia64 backend)");
MODULE_LICENSE("GPL");
