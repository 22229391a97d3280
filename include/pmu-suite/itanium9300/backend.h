/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 core PMU: the perf glue's interface to a register backend.
 *
 * The glue (ia64-pmu.c) knows perf and the PMU's rules; a backend knows
 * how to reach the registers: the ia64 backend with mov to/from pmc[],
 * pmd[], ibr[] and dbr[], the KUnit model through a structure that
 * behaves as chapter 3 describes.
 */
#ifndef _PMU_SUITE_ITANIUM9300_BACKEND_H
#define _PMU_SUITE_ITANIUM9300_BACKEND_H

#include <linux/module.h>
#include <linux/ptrace.h>
#include <pmu-suite/core-pmu.h>

/**
 * struct ia64_pmu_ops - register access for one CPU, called on that CPU
 * @hw: the module; reserve() takes the PMU from other users (first
 *	event), 0 or -EBUSY, release() gives it back (last event gone); and
 *	irq_hook()/irq_unhook(), which attach the PMU interrupt to
 *	ia64_pmu_interrupt() once the framework can
 *	take it, and detach it
 * @read_pmc: read PMCn
 * @write_pmc: write PMCn
 * @read_pmd: read PMDn
 * @write_pmd: write PMDn
 * @write_ibr: write IBRn (0-7)
 * @write_dbr: write DBRn (0-7)
 * @debug_regs_in_use: whether @task's IBR/DBR hold its own breakpoints
 *	(ptrace gave them to it), which the kernel loads at every switch to
 *	it and saves back at every switch away
 */
struct ia64_pmu_ops {
	struct pmu_core_backend hw;
	u64 (*read_pmc)(unsigned int pmc);
	void (*write_pmc)(unsigned int pmc, u64 value);
	u64 (*read_pmd)(unsigned int pmd);
	void (*write_pmd)(unsigned int pmd, u64 value);
	void (*write_ibr)(unsigned int ibr, u64 value);
	void (*write_dbr)(unsigned int dbr, u64 value);
	bool (*debug_regs_in_use)(struct task_struct *task);
	u64 (*read_qear)(unsigned int offset);
	void (*write_qear)(unsigned int offset, u64 value);
	unsigned int (*core_thread)(void);
};

/*
 * A backend registers the PMU over its register access, and passes it the
 * overflow interrupt.
 */
int ia64_register(const struct ia64_pmu_ops *ops, const char *name);
void ia64_unregister(void);
bool ia64_pmu_interrupt(struct pt_regs *regs);

#endif /* _PMU_SUITE_ITANIUM9300_BACKEND_H */
