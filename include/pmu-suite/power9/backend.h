/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: the contract between the driver and a register backend.
 *
 * The driver (drivers/perf/power9) knows perf and the PMU's rules; a
 * backend knows how to reach the registers: the powerpc backend through
 * SPRs, the KUnit model through a structure that behaves as the manual
 * describes.
 */
#ifndef _PMU_SUITE_POWER9_BACKEND_H
#define _PMU_SUITE_POWER9_BACKEND_H

#include <linux/module.h>
#include <linux/ptrace.h>
#include <pmu-suite/core-pmu.h>
#include <pmu-suite/power9/regs.h>
#include <pmu-suite/power9/sample.h>

/**
 * struct p9_pmu_ops - register access for one CPU, called on that CPU
 * @hw: the module, and the reservation of the counters: reserve() takes
 *	them from other users (first event), 0 or -EBUSY; release() gives
 *	them back (last event gone); read_counter() and write_counter()
 *	read and write PMC1-6 (32 bits)
 * @read_mmcr0: optional; read MMCR0 (only for an event-based branch
 *	task's bits: without it, @read_mmcr2, @ebb_save and @ebb_restore
 *	EBB events are refused)
 * @write_mmcr0: write MMCR0
 * @read_mmcr2: optional; read MMCR2 (likewise)
 * @write_mmcr: write MMCR1, MMCR2 or MMCRA
 * @set_in_use: tell the hypervisor whether the counters are in use, so
 *	that it keeps them across partition switches
 * @read_sample: capture SIER, SIAR and the interrupted PC, and SDAR and
 *	MMCRA when @what has P9_READ_SDAR and P9_READ_MMCRA (else @r keeps
 *	what the caller put there)
 * @clear_sample: write SIER, SIAR and SDAR zero (problem state reads them)
 * @sample_mode: give a sample's registers, which pmu_core_sample_regs()
 *	built, the privilege of @s and what else the architecture reads
 *	from them
 * @read_bhrb: read BHRB entry @n (mfbhrbe), 0 past the oldest entry
 * @clear_bhrb: empty the BHRB (clrbhrb)
 * @fetch_insn: read the instruction word at @addr in the interrupted
 *	context, without faulting; false when it cannot be read
 * @ebb_save: optional (likewise); keep @t and SIAR, SIER and SDAR, which
 *	the task reads, with the current task
 * @ebb_restore: optional (likewise); fill @t with what the current task
 *	kept (zero if it never ran EBB events) and put its SIAR, SIER and
 *	SDAR back; return whether the task never ran EBB events before
 * @kernel_is_hv: the kernel runs in hypervisor state
 * @kernel_base: lowest kernel address
 * @pvr: the processor version register (its revision restricts events)
 */
struct p9_pmu_ops {
	struct pmu_core_backend hw;
	u64 (*read_mmcr0)(void);
	void (*write_mmcr0)(u64 value);
	u64 (*read_mmcr2)(void);
	void (*write_mmcr)(enum p9_mmcr_reg reg, u64 value);
	void (*set_in_use)(bool in_use);
	void (*read_sample)(struct p9_sample_regs *r, struct pt_regs *regs,
			    unsigned int what);
	void (*clear_sample)(void);
	void (*sample_mode)(struct pt_regs *sregs, const struct p9_sample *s);
	u64 (*read_bhrb)(unsigned int n);
	void (*clear_bhrb)(void);
	bool (*fetch_insn)(u64 addr, u32 *insn);
	void (*ebb_save)(const struct p9_ebb_task *t);
	bool (*ebb_restore)(struct p9_ebb_task *t);
	bool kernel_is_hv;
	u64 kernel_base;
	u32 pvr;
};

/*
 * A backend registers the PMU over its register access, and passes it the
 * overflow interrupt.
 */
int p9_register(const struct p9_pmu_ops *ops, const char *name);
void p9_unregister(void);
bool p9_pmu_interrupt(struct pt_regs *regs);

#endif /* _PMU_SUITE_POWER9_BACKEND_H */
