/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A register-level model of one POWER9 thread's PMU, written from the
 * PMU User's Guide, for driving the perf glue under KUnit.
 */
#ifndef _P9_MODEL_H
#define _P9_MODEL_H

#include <pmu-suite-test/model.h>
#include <pmu-suite/power9/backend.h>

#include "p9-event.h"

/**
 * struct p9_model - the thread's PMU registers and state
 * @pmc: PMC1-6 (index 0 unused)
 * @mmcr0: MMCR0
 * @mmcr1: MMCR1
 * @mmcr2: MMCR2
 * @mmcra: MMCRA
 * @sier: SIER, as the test sets it for the next sample
 * @siar: SIAR
 * @sdar: SDAR
 * @pc: the "interrupted" instruction address
 * @pr: the thread runs in problem state (MSR[PR]) when interrupted
 * @user: the user context the test's thread pretends to have
 * @hv: the thread runs in hypervisor state (MSR[HV])
 * @run_latch: CTRL[RUN]
 * @reserved: the driver holds the counters
 * @busy: another user holds the counters (reserve fails)
 * @alerts: performance monitor alerts raised so far
 * @nmi: an interrupt between any two register accesses of the driver
 * @accesses: register accesses of the driver so far
 * @mmcrs_writes: writes of MMCR1, MMCR2 and MMCRA so far
 * @in_use: what the driver last told the hypervisor of the counters
 * @intr_sier: SIER as the last sample's interrupt registers carry it
 *	(the powerpc backend puts it where perf_reg_value() reads it)
 * @intr_mmcra: MMCRA likewise
 * @bhrb: the BHRB, newest entry first
 * @bhrb_clears: clrbhrb executed
 * @bhrb_bad_ifm: a branch came while MMCRA[IFM] held a mode the guide's
 *	text does not give (10, 11)
 * @text: instruction words at addresses, as the test's branches left them
 * @text_n: entries of @text in use
 */
struct p9_model {
	u32 pmc[P9_NUM_PMCS + 1];
	u64 mmcr0;
	u64 mmcr1;
	u64 mmcr2;
	u64 mmcra;
	u64 sier;
	u64 siar;
	u64 sdar;
	u64 pc;
	bool pr;
	struct pmu_model_user user;
	bool hv;
	bool run_latch;
	bool reserved;
	bool busy;
	unsigned int alerts;
	struct pmu_model_nmi nmi;
	unsigned int accesses;
	unsigned int mmcrs_writes;
	bool in_use;
	u64 intr_sier;
	u64 intr_mmcra;
	u64 bhrb[P9_BHRB_ENTRIES];
	unsigned int bhrb_clears;
	bool bhrb_bad_ifm;
	struct {
		u64 addr;
		u32 insn;
	} text[64];
	unsigned int text_n;
	unsigned int ebbs;
	/* The interrupted registers as the last interrupt left them */
	bool intr_user_after;
	u64 intr_pc_after;
	/*
	 * What SIER, SIAR and SDAR take at each alert, when set; and the
	 * threshold counter fields of MMCRA, when thresholding is on
	 */
	struct {
		u64 sier;
		u64 siar;
		u64 sdar;
		u64 thresh_ctr;
	} latch;
	struct {
		struct p9_ebb_task bits;
		u64 siar;
		u64 sier;
		u64 sdar;
		bool used;
	} task;
};

extern struct p9_model p9_model;
extern const struct p9_pmu_ops p9_model_ops;

void p9_model_reset(void);
u64 p9_model_count(u64 code, u64 n);
bool p9_model_take_interrupt(void);
void p9_model_branch(u64 from, u32 insn, u64 to, bool mispred);
bool p9_model_user_write_pmc(unsigned int pmc, u32 value);
bool p9_model_user_read_pmc(unsigned int pmc, u32 *value);
bool p9_model_user_write_mmcr0(u64 value);

#endif /* _P9_MODEL_H */
