// SPDX-License-Identifier: GPL-2.0-only
/*
 * Oracle SPARC T4 PMU: the sparc64 backend.
 *
 * Register access for the perf glue in drivers/perf/sparc_t4, and the
 * overflow interrupt.
 *
 * PCRs and PICs: the PCRs are hyperprivileged, so a sun4v kernel writes
 * them with the hypervisor's performance register calls. The module goes
 * through pcr_ops, which the kernel exports: on a T4 it is the kernel's
 * n4_pcr_ops, whose PCR accessors are the HV_FAST_VT_GET/SET_PERFREG fast
 * traps and whose PIC accessors are ldxa/stxa on ASI 0xB0 (picnht is
 * clear in every PCR value the glue writes, so privileged code may use
 * them). The kernel registered the hypervisor API group those calls
 * belong to (HV_GRP_VT_CPU) at boot; the call wrappers are not exported,
 * and issuing the fast traps from the module would duplicate that
 * negotiation and tie the module to one version of the API for no gain.
 *
 * Interrupts: an overflow trap reaches the kernel as a level-15
 * interrupt, which perfctr_irq() passes down the die notifier chain as
 * DIE_NMI before the NMI watchdog code runs. The module's notifier has a
 * higher priority than the built-in PMU's; it claims the interrupt
 * (NOTIFY_STOP) only if one of its counters overflowed, or if it counts
 * on PIC0, which perfctr_irq() would otherwise stop for the watchdog.
 *
 * Sharing the counters: the NMI watchdog counts on PCR0/PIC0 while
 * nmi_active is positive, and perfctr_irq() takes every interrupt a
 * notifier claims for a sign of life: beside a module that claims its own
 * overflows, it could not report a lockup. The reservation therefore
 * stops the watchdog on every CPU from the first event to the last
 * (patches/linux-6.12/0008), as the built-in PMU does for its events, and
 * the module uses all four counters. Without a reservation the watchdog
 * keeps PIC0, the module uses PIC1-3 (it never touches the watchdog's
 * counter, which perfctr_irq() re-arms) and says at load that the
 * watchdog is blind while its events trap. The built-in
 * "cpu" PMU programs the same counters, and while it has events its
 * notifier claims every level-15 interrupt: the two must not count at
 * the same time. The module reserves the counters with
 * sparc_reserve_pmc_hardware() (patches/linux-6.12/0006), which the
 * built-in PMU honours; a kernel without it cannot keep its PMU off the
 * counters, and the module loads there only when told that nothing uses
 * it (shared_counters=1; see Documentation/admin-guide/perf/sparc-t4-pmu.rst).
 *
 * DRAM counters: the memory controller registers are at physical
 * addresses (TABLE 10-4 to 10-6), reached with ASI_PHYS_BYPASS_EC_E. A
 * logical domain sees them only if the hypervisor maps them, and a load
 * from an unmapped address traps, so the DRAM PMUs are registered only
 * when the "dram" parameter asks for them, and only once a load of each
 * controller's register has come back: the probe's load has an
 * exception table entry, as get_user()'s has, and a trap there is an
 * answer, not an oops.
 */
#define pr_fmt(fmt) "sparc_t4_pmu: " fmt

#include <linux/atomic.h>
#include <linux/kdebug.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/perf_event.h>
#include <linux/topology.h>
#include <asm/asi.h>
#include <asm/nmi.h>
#include <asm/pcr.h>
#include <asm/spitfire.h>

#include <pmu-suite/sparc_t4/backend.h>
#include <pmu-suite/sparc_t4/regs.h>

static bool dram;
module_param(dram, bool, 0444);
MODULE_PARM_DESC(dram, "register the DRAM counter PMUs (needs the MCU registers mapped)");

static unsigned int dram_poll_ms = 50;
module_param(dram_poll_ms, uint, 0444);
MODULE_PARM_DESC(dram_poll_ms, "DRAM counter polling period in ms (1-1000)");

static bool shared_counters;
module_param(shared_counters, bool, 0444);
MODULE_PARM_DESC(shared_counters,
		 "load although the kernel cannot keep its own PMU off the counters (nothing may use it)");

static u64 t4_hv_read_pcr(unsigned int idx)
{
	return pcr_ops->read_pcr(idx);
}

static void t4_hv_write_pcr(unsigned int idx, u64 value)
{
	pcr_ops->write_pcr(idx, value);
}

static u64 t4_hv_read_pic(unsigned int idx)
{
	return pcr_ops->read_pic(idx);
}

static void t4_hv_write_pic(unsigned int idx, u64 value)
{
	pcr_ops->write_pic(idx, value);
}

/*
 * The strands of a core share its first-level caches, from which the
 * kernel numbers the cores (core_id, 0 when unknown): a core is named by
 * its first strand.
 */
static int t4_hv_core_of(unsigned int cpu)
{
	int id = topology_core_id(cpu);
	unsigned int t;

	if (!id)
		return cpu;
	for_each_possible_cpu(t)
		if (topology_core_id(t) == id)
			return t;
	return cpu;
}

/* PIC0 belongs to the NMI watchdog while it runs. */
static unsigned int t4_hv_free_counters(void)
{
	return atomic_read(&nmi_active) > 0 ? 0xe : 0xf;
}

#ifdef PMU_SUITE_HAVE_SPARC_RESERVE
/* The built-in PMU refuses events while the counters are reserved. */
static int t4_hv_reserve(void)
{
	int ret = sparc_reserve_pmc_hardware();

	/* A kernel with 0006 but not 0008 leaves the watchdog running. */
	if (!ret && atomic_read(&nmi_active) > 0)
		pr_warn_once("the NMI watchdog runs: it takes this module's overflow interrupts for signs of life and cannot report a lockup while its events count (patches/linux-6.12/0008 stops it, as the built-in PMU does)\n");
	return ret;
}

static void t4_hv_release(void)
{
	sparc_release_pmc_hardware();
}

#define T4_HV_CAN_RESERVE	true
#else
#define T4_HV_CAN_RESERVE	false

static int t4_hv_reserve(void)
{
	return 0;
}

static void t4_hv_release(void)
{
}
#endif

static int t4_nmi_handler(struct notifier_block *nb, unsigned long cmd,
			  void *data)
{
	struct die_args *args = data;

	if (cmd != DIE_NMI)
		return NOTIFY_DONE;
	return t4_pmu_interrupt(args->regs) ? NOTIFY_STOP : NOTIFY_DONE;
}

/* Ahead of the built-in PMU's notifier, which has priority 0. */
static struct notifier_block t4_nmi_notifier = {
	.notifier_call = t4_nmi_handler,
	.priority = 1,
};

/* The framework attaches the handler once it can take the trap. */
static int t4_hv_irq_hook(void)
{
	return register_die_notifier(&t4_nmi_notifier);
}

static void t4_hv_irq_unhook(void)
{
	unregister_die_notifier(&t4_nmi_notifier);
}

static const struct t4_pmu_ops t4_hv_ops = {
	.hw = {
		.owner = THIS_MODULE,
		.builtin_pmu = true,
		.read_counter = t4_hv_read_pic,
		.write_counter = t4_hv_write_pic,
		.reserve = t4_hv_reserve,
		.release = t4_hv_release,
		.irq_hook = t4_hv_irq_hook,
		.irq_unhook = t4_hv_irq_unhook,
	},
	.read_pcr = t4_hv_read_pcr,
	.write_pcr = t4_hv_write_pcr,
	.free_counters = t4_hv_free_counters,
	.core_of = t4_hv_core_of,
};

static u64 t4_phys_load(unsigned long pa)
{
	u64 val;

	__asm__ __volatile__("ldxa [%1] %2, %0"
			     : "=r" (val)
			     : "r" (pa), "i" (ASI_PHYS_BYPASS_EC_E));
	return val;
}

/* t4_phys_load(), or -EFAULT when the address traps. */
static int t4_phys_probe(unsigned long pa, u64 *val)
{
	int ret;
	u64 v;

	__asm__ __volatile__("1:\tldxa [%2] %3, %1\n\t"
			     "clr %0\n"
			     "2:\n\t"
			     ".section .fixup,#alloc,#execinstr\n\t"
			     ".align 4\n"
			     "3:\tsethi %%hi(2b), %0\n\t"
			     "jmpl %0 + %%lo(2b), %%g0\n\t"
			     " mov %4, %0\n\t"
			     ".previous\n\t"
			     ".section __ex_table,\"a\"\n\t"
			     ".align 4\n\t"
			     ".word 1b, 3b\n\t"
			     ".previous\n"
			     : "=&r" (ret), "=&r" (v)
			     : "r" (pa), "i" (ASI_PHYS_BYPASS_EC_E), "i" (-EFAULT));
	*val = v;
	return ret;
}

static void t4_phys_store(unsigned long pa, u64 val)
{
	__asm__ __volatile__("stxa %0, [%1] %2\n\tmembar #Sync"
			     : /* no outputs */
			     : "r" (val), "r" (pa), "i" (ASI_PHYS_BYPASS_EC_E)
			     : "memory");
}

static u64 t4_mcu_read_ctl(unsigned int mcu)
{
	return t4_phys_load(T4_DRAM_PERF_CTL + mcu * T4_DRAM_MCU_STEP);
}

static void t4_mcu_write_ctl(unsigned int mcu, u64 value)
{
	t4_phys_store(T4_DRAM_PERF_CTL + mcu * T4_DRAM_MCU_STEP, value);
}

static u64 t4_mcu_read_count(unsigned int mcu)
{
	return t4_phys_load(T4_DRAM_PERF_COUNT01 + mcu * T4_DRAM_MCU_STEP);
}

/* Whether this domain reaches every memory controller's registers. */
static bool t4_mcu_mapped(void)
{
	unsigned int mcu;
	u64 v;

	for (mcu = 0; mcu < T4_DRAM_NR_MCU; mcu++) {
		unsigned long pa = T4_DRAM_PERF_CTL + mcu * T4_DRAM_MCU_STEP;

		if (t4_phys_probe(pa, &v)) {
			pr_err("dram=1: memory controller %u's DRAM_PERF_CTL_REG (physical %#lx) is not mapped in this domain: no DRAM PMUs\n",
			       mcu, pa);
			return false;
		}
	}
	return true;
}

static struct t4_dram_ops t4_mcu_ops = {
	.owner = THIS_MODULE,
	.nr_mcu = T4_DRAM_NR_MCU,
	.read_ctl = t4_mcu_read_ctl,
	.write_ctl = t4_mcu_write_ctl,
	.read_count = t4_mcu_read_count,
};

static int __init t4_hv_init(void)
{
	int ret;

	if (tlb_type != hypervisor || sun4v_chip_type != SUN4V_CHIP_NIAGARA4) {
		pr_info("not a SPARC T4 (%s, chip type %d): not loading\n",
			tlb_type == hypervisor ? "sun4v" : "not sun4v",
			sun4v_chip_type);
		return -ENODEV;
	}
	if (!pcr_ops) {
		pr_info("the kernel set up no performance counter access\n");
		return -ENODEV;
	}
	if (!T4_HV_CAN_RESERVE && !shared_counters) {
		pr_err("the kernel cannot keep its own PMU off the counters (patches/linux-6.12/0006): load with shared_counters=1 only if nothing uses it\n");
		return -EBUSY;
	}
	if (!T4_HV_CAN_RESERVE && atomic_read(&nmi_active) > 0)
		pr_warn("the NMI watchdog runs: it takes this module's overflow interrupts for signs of life and cannot report a lockup while its events count (boot with nmi_watchdog=0, or use a kernel with patches/linux-6.12/0006 and 0008)\n");
	if (dram && (!dram_poll_ms || dram_poll_ms > 1000)) {
		pr_err("dram_poll_ms=%u: must be 1 to 1000\n", dram_poll_ms);
		return -EINVAL;
	}
	ret = t4_register(&t4_hv_ops, "sparc_t4");
	if (ret)
		return ret;
	if (dram && t4_mcu_mapped()) {
		t4_mcu_ops.poll_ns = (u64)dram_poll_ms * NSEC_PER_MSEC;
		ret = t4_dram_register(&t4_mcu_ops, "sparc_t4_dram");
		if (ret)
			goto out_pmu;
	}
	if (atomic_read(&nmi_active) > 0)
		pr_info("NMI watchdog active: counting on PIC1-3\n");
	return 0;

out_pmu:
	t4_unregister();
	return ret;
}

static void __exit t4_hv_exit(void)
{
	t4_dram_unregister();
	t4_unregister();
}

module_init(t4_hv_init);
module_exit(t4_hv_exit);

MODULE_DESCRIPTION("Oracle SPARC T4 PMU and DRAM counters (sparc64 backend)");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
