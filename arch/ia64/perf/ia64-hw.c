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

#include <linux/cpu.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <asm/intrinsics.h>
#include <asm/perf_event.h>
#include <asm/processor.h>

#include <pmu-suite/itanium9300/backend.h>
#include <pmu-suite/itanium9300/regs.h>
#include <pmu-suite/itanium9300/uncore.h>

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

/*
 * The QEAR CSRs of the calling CPU's core (5.3): the "current socket"
 * window of the PAL aperture (Table 5-2) is the socket of the CPU doing
 * the access, and in it the "Core CPE n" window (Table 5-3) is taken to
 * be the core PAL numbers n (cpuinfo's core_id, from
 * PAL_LOGICAL_TO_PHYSICAL). Bit 63 of the aperture base is the
 * uncacheable attribute, which ioremap_uc() supplies.
 */
#define IA64_CPE_MAP_PHYS	((IA64_UNC_PAL_BASE & ~BIT_ULL(63)) + \
				 IA64_UNC_CURRENT_WIN + IA64_CPE_WINDOW(0))
#define IA64_CPE_MAP_LEN	(IA64_CPE_CORES * 0x1000U)

static void __iomem *ia64_cpe_base;

static unsigned int ia64_hw_socket_id(unsigned int cpu)
{
#ifdef CONFIG_SMP
	return cpu_data(cpu)->socket_id;
#else
	return 0;
#endif
}

static unsigned int ia64_hw_core_id(unsigned int cpu)
{
#ifdef CONFIG_SMP
	return cpu_data(cpu)->core_id;
#else
	return 0;
#endif
}

static unsigned int ia64_hw_thread_id(unsigned int cpu)
{
#ifdef CONFIG_SMP
	return cpu_data(cpu)->thread_id;
#else
	return 0;
#endif
}

static bool ia64_hw_has_qear(unsigned int cpu)
{
	return ia64_hw_core_id(cpu) < IA64_CPE_CORES &&
	       ia64_hw_thread_id(cpu) <= 1;
}

/*
 * A CPU whose core has no window (one brought online with a core number
 * above 3) reads a measurement in progress, which no sample takes, and
 * its writes go nowhere.
 */
static u64 ia64_hw_read_qear(unsigned int offset)
{
	unsigned int cpu = smp_processor_id();

	if (!ia64_hw_has_qear(cpu))
		return offset == IA64_CPE_QEAR_DAT0 ? IA64_QEAR_DAT0_INPROG : 0;
	return readq(ia64_cpe_base + ia64_hw_core_id(cpu) * 0x1000U + offset);
}

static void ia64_hw_write_qear(unsigned int offset, u64 value)
{
	unsigned int cpu = smp_processor_id();

	if (ia64_hw_has_qear(cpu))
		writeq(value, ia64_cpe_base + ia64_hw_core_id(cpu) * 0x1000U +
		       offset);
}

static unsigned int ia64_hw_core_thread(void)
{
	return ia64_hw_thread_id(smp_processor_id());
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
	ia64_pmu_interrupt(regs);
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

/* The QEAR ops are set by ia64_hw_init() when every core has its window. */
static struct ia64_pmu_ops ia64_hw_ops = {
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

/*
 * Map the CPE windows when the online CPUs have core and thread numbers
 * that fit them and tell them apart (without PAL_LOGICAL_TO_PHYSICAL
 * every CPU is core 0, thread 0).
 */
static void __init ia64_hw_init_qear(void)
{
	unsigned int cpu, other;

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		bool ok = ia64_hw_has_qear(cpu);

		for_each_online_cpu(other) {
			if (other >= cpu)
				break;
			if (ia64_hw_socket_id(other) == ia64_hw_socket_id(cpu) &&
			    ia64_hw_core_id(other) == ia64_hw_core_id(cpu) &&
			    ia64_hw_thread_id(other) == ia64_hw_thread_id(cpu))
				ok = false;
		}
		if (!ok) {
			pr_info("CPU %u: core %u thread %u has no QEAR window: no QEAR samples\n",
				cpu, ia64_hw_core_id(cpu),
				ia64_hw_thread_id(cpu));
			cpus_read_unlock();
			return;
		}
	}
	cpus_read_unlock();
	ia64_cpe_base = ioremap_uc(IA64_CPE_MAP_PHYS, IA64_CPE_MAP_LEN);
	if (!ia64_cpe_base)
		return;
	ia64_hw_ops.read_qear = ia64_hw_read_qear;
	ia64_hw_ops.write_qear = ia64_hw_write_qear;
	ia64_hw_ops.core_thread = ia64_hw_core_thread;
}

static int __init ia64_hw_init(void)
{
	struct cpuinfo_ia64 *c = local_cpu_data;
	int ret;

	if (c->family != IA64_9300_FAMILY || c->model != IA64_9300_MODEL) {
		pr_info("not an Itanium 9300 (family 0x%x, model 0x%x): not loading\n",
			c->family, c->model);
		return -ENODEV;
	}
	/* Nothing counts until the first event unfreezes the PMU. */
	on_each_cpu(ia64_hw_freeze, NULL, 1);
	ia64_hw_init_qear();
	ret = ia64_register(&ia64_hw_ops, "itanium9300");
	if (ret && ia64_cpe_base)
		iounmap(ia64_cpe_base);
	return ret;
}

static void __exit ia64_hw_exit(void)
{
	ia64_unregister();
	on_each_cpu(ia64_hw_freeze, NULL, 1);
	if (ia64_cpe_base)
		iounmap(ia64_cpe_base);
}

module_init(ia64_hw_init);
module_exit(ia64_hw_exit);

MODULE_DESCRIPTION("Intel Itanium 9300 core PMU (ia64 backend)");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
