// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: the MMCR values that count a scheduled group.
 *
 * Privilege filtering is per counter, through MMCR2 (A.5), so that
 * events of one group can exclude different states; MMCR0's global
 * freeze conditions stay clear. With FCnPC = 0, FCnP freezes counter n
 * whenever MSR[PR] = 1, FCnS when MSR[HV, PR] = 00 and FCnH when
 * MSR[HV, PR] = 10 (Table A-1). A kernel that runs in hypervisor state
 * (bare metal) is in state 10, so there exclude_kernel sets FCnH too.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/export.h>

#include "p9-mmcr.h"
#include <pmu-suite/p9-regs.h>

static u64 p9_mmcr1_pmc(u8 pmc, const struct p9_event *ev)
{
	return ((u64)ev->unit << P9_MMCR1_UNIT_SHIFT(pmc)) |
	       ((u64)ev->comb << P9_MMCR1_COMB_SHIFT(pmc)) |
	       ((u64)ev->pmcxsel << P9_MMCR1_SEL_SHIFT(pmc));
}

static u64 p9_mmcr2_pmc(u8 pmc, const struct p9_counter_attr *a,
			bool kernel_is_hv)
{
	u64 v = 0;

	if (a->exclude_user)
		v |= P9_MMCR2_FCP(pmc);
	if (a->exclude_kernel) {
		v |= P9_MMCR2_FCS(pmc);
		if (kernel_is_hv)
			v |= P9_MMCR2_FCH(pmc);
	}
	if (a->exclude_hv && !kernel_is_hv)
		v |= P9_MMCR2_FCH(pmc);
	if (a->exclude_idle)
		v |= P9_MMCR2_FCWAIT(pmc);
	return v;
}

/**
 * p9_compute_mmcr() - control register values for a scheduled group
 * @evs: the group's decoded events
 * @attrs: what perf asks of each event
 * @n: number of events
 * @s: their placement, from p9_schedule()
 * @kernel_is_hv: the kernel runs in hypervisor state (MSR[HV] = 1)
 * @m: filled with the register values
 *
 * Counters without an event are frozen (MMCR0[FC1-4], MMCR0[FC5-6]) so
 * that they raise no alert. PMC5 and PMC6 count only while the run latch
 * is set (MMCR0[CC56RUN] = 0), as their events PM_RUN_INST_CMPL and
 * PM_RUN_CYC say. Every counter in use alerts when it goes negative
 * (PMAE with PMC1CE, and PMCjCE for PMC2-6), sampling or not: a 32-bit
 * counter wraps in about a second, so counting events are folded into
 * their 64-bit counts at that interrupt too. FCECE freezes the counters
 * when the alert occurs, so the handler reads them unchanged.
 */
void p9_compute_mmcr(const struct p9_event *evs,
		     const struct p9_counter_attr *attrs, unsigned int n,
		     const struct p9_schedule *s, bool kernel_is_hv,
		     struct p9_mmcr *m)
{
	unsigned int i;

	*m = (struct p9_mmcr) { .mmcra = s->mmcra };
	for (i = 0; i < n; i++) {
		u8 pmc = s->pmc[i];

		if (pmc <= P9_NUM_PROG_PMCS)
			m->mmcr1 |= p9_mmcr1_pmc(pmc, &evs[i]);
		m->mmcr2 |= p9_mmcr2_pmc(pmc, &attrs[i], kernel_is_hv);
		m->mmcr0 |= pmc == 1 ? P9_MMCR0_PMC1CE : P9_MMCR0_PMCJCE;
	}
	if (s->companion) {
		struct p9_event comp = {
			.unit = FIELD_GET(P9_RAW_UNIT, s->companion),
			.comb = FIELD_GET(P9_RAW_COMB, s->companion),
			.pmcxsel = FIELD_GET(P9_RAW_PMCXSEL, s->companion),
		};

		m->mmcr1 |= p9_mmcr1_pmc(4, &comp);
	}
	if (s->reload_qual_en) {
		if (s->reload_qual & 2)
			m->mmcr1 |= P9_MMCR1_DC_RLD_QUAL;
		if (s->reload_qual & 1)
			m->mmcr1 |= P9_MMCR1_IC_RLD_QUAL;
	}
	if (!(s->used & GENMASK(3, 0)) && !s->companion)
		m->mmcr0 |= P9_MMCR0_FC1_4;
	if (!(s->used & GENMASK(5, 4)))
		m->mmcr0 |= P9_MMCR0_FC5_6;
	if (s->used || s->companion)
		m->mmcr0 |= P9_MMCR0_PMAE | P9_MMCR0_FCECE;
	if (s->companion)
		m->mmcr0 |= P9_MMCR0_PMCJCE;
}
EXPORT_SYMBOL_IF_KUNIT(p9_compute_mmcr);
