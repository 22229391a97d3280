/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: control register values for a scheduled group.
 */
#ifndef _P9_MMCR_H
#define _P9_MMCR_H

#include <pmu-suite/power9/regs.h>

#include "p9-sched.h"

/**
 * struct p9_counter_attr - what perf asks of one event, for the MMCRs
 * @exclude_user: do not count in problem state (MSR[PR] = 1)
 * @exclude_kernel: do not count in privileged state
 * @exclude_hv: do not count in hypervisor state (MSR[HV, PR] = 10)
 * @exclude_idle: do not count while the run latch is off (CTRL[RUN] = 0)
 * @bhrb: sample the BHRB (a branch stack)
 * @bhrb_mmcra: then the MMCRA filter bits it needs (p9_bhrb_filter())
 */
struct p9_counter_attr {
	bool exclude_user;
	bool exclude_kernel;
	bool exclude_hv;
	bool exclude_idle;
	bool bhrb;
	u64 bhrb_mmcra;
};

/**
 * p9_counter_attr_equal() - whether two events ask the same of the MMCRs
 * @a: one
 * @b: another
 *
 * Inline: a rotation asks it of each event it keeps on its PMC.
 */
static inline bool p9_counter_attr_equal(const struct p9_counter_attr *a,
					 const struct p9_counter_attr *b)
{
	return a->exclude_user == b->exclude_user &&
	       a->exclude_kernel == b->exclude_kernel &&
	       a->exclude_hv == b->exclude_hv &&
	       a->exclude_idle == b->exclude_idle && a->bhrb == b->bhrb &&
	       a->bhrb_mmcra == b->bhrb_mmcra;
}

bool p9_bhrb_fits(const struct p9_counter_attr *attrs, unsigned int n);

void p9_compute_mmcr(const struct p9_event *evs,
		     const struct p9_counter_attr *attrs, unsigned int n,
		     const struct p9_schedule *s, bool kernel_is_hv,
		     struct p9_mmcr *m);

/*
 * Whether MMCRA value @mmcra lets the PMU write SIER, SIAR or SDAR while
 * the counters run: sampling (2.4) or SDAR updates (2.3).
 */
static inline bool p9_mmcra_writes_sample_regs(u64 mmcra)
{
	return mmcra & (P9_MMCRA_SAMPLE_ENABLE | P9_MMCRA_SDAR_MODE);
}

void p9_ebb_task_bits(u64 mmcr0, u64 mmcr2, bool keep_alert,
		      struct p9_ebb_task *task);
void p9_ebb_mmcr(struct p9_mmcr *m, const struct p9_ebb_task *task);

#endif /* _P9_MMCR_H */
