/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SPARC T4 PMU: the perf glue's interface to a register backend.
 *
 * The glue (t4-pmu.c, t4-dram-pmu.c) knows perf and the PMU's rules; a
 * backend knows how to reach the registers: the sparc64 backend through
 * the hypervisor and ASI 0xB0, the KUnit model through structures that
 * behave as the manual describes.
 */
#ifndef _PMU_SUITE_SPARC_T4_BACKEND_H
#define _PMU_SUITE_SPARC_T4_BACKEND_H

#include <linux/module.h>
#include <linux/ptrace.h>
#include <pmu-suite/core-pmu.h>

/**
 * struct t4_pmu_ops - core counter access for one strand, called on it
 * @hw: the module; reserve() takes the counters (first event), 0 or a
 *	negative errno, release() gives them back (last event gone); and
 *	irq_hook()/irq_unhook(), which attach t4_pmu_interrupt() to the
 *	overflow trap once the glue can take it, and detach it;
 *	read_counter() and write_counter() read and write PIC0-3 (bits
 *	31:0 count)
 * @read_pcr: read PCR0-3
 * @write_pcr: write PCR0-3 (a hypervisor call on a sun4v kernel)
 * @free_counters: mask of the counters the driver may use on this strand;
 *	the others belong to someone else (the NMI watchdog's PIC0)
 * @core_of: optional; the core a CPU's strand is on, as a number below
 *	nr_cpu_ids that all the core's strands share (its first strand's,
 *	say); without it every CPU is a core of its own. Events shared by
 *	the core's strands (TABLE 10-2 note 13) count CPU-wide on one
 *	strand of each core
 */
struct t4_pmu_ops {
	struct pmu_core_backend hw;
	u64 (*read_pcr)(unsigned int idx);
	void (*write_pcr)(unsigned int idx, u64 value);
	unsigned int (*free_counters)(void);
	int (*core_of)(unsigned int cpu);
};

/*
 * A backend registers the PMU over its register access, and passes it the
 * overflow interrupt.
 */
int t4_register(const struct t4_pmu_ops *ops, const char *name);
void t4_unregister(void);

bool t4_pmu_interrupt(struct pt_regs *regs);

/**
 * struct t4_dram_ops - DRAM performance counter access
 * @owner: module providing the operations
 * @nr_mcu: memory controllers present, at most T4_DRAM_NR_MCU
 * @poll_ns: polling period; short enough for fewer than 2^31 events
 * @read_ctl: read DRAM_PERF_CTL_REG of an MCU
 * @write_ctl: write it
 * @read_count: read DRAM_PERF_COUNT01_REG of an MCU (never written: it
 *		holds both counters, and a write would drop what either
 *		counted between the read and the write)
 * @cpu_counts: whether a CPU may count the controllers' events; NULL for
 *		every CPU (the T4 has one chip)
 */
struct t4_dram_ops {
	struct module *owner;
	unsigned int nr_mcu;
	u64 poll_ns;
	bool (*cpu_counts)(unsigned int cpu);
	u64 (*read_ctl)(unsigned int mcu);
	void (*write_ctl)(unsigned int mcu, u64 value);
	u64 (*read_count)(unsigned int mcu);
};

int t4_dram_register(const struct t4_dram_ops *ops, const char *prefix);
void t4_dram_unregister(void);
int t4_dram_pmu_type(unsigned int mcu);
int t4_dram_pmu_cpu(void);

#endif /* _PMU_SUITE_SPARC_T4_BACKEND_H */
