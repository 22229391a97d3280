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

#include <pmu-suite/power9/regs.h>
#include "p9-mmcr.h"

/* MMCR1's unit, combination and selector fields of @pmc for @code */
static u64 p9_mmcr1_pmc(u8 pmc, u64 code)
{
	return (FIELD_GET(P9_RAW_UNIT, code) << P9_MMCR1_UNIT_SHIFT(pmc)) |
	       (FIELD_GET(P9_RAW_COMB, code) << P9_MMCR1_COMB_SHIFT(pmc)) |
	       (FIELD_GET(P9_RAW_PMCXSEL, code) << P9_MMCR1_SEL_SHIFT(pmc));
}

/* The freeze bits @fcp, @fcs and @fch that leave out what @a excludes */
static u64 p9_freeze_states(const struct p9_counter_attr *a, bool kernel_is_hv,
			    u64 fcp, u64 fcs, u64 fch)
{
	u64 v = 0;

	if (a->exclude_user)
		v |= fcp;
	if (a->exclude_kernel) {
		v |= fcs;
		if (kernel_is_hv)
			v |= fch;
	}
	if (a->exclude_hv && !kernel_is_hv)
		v |= fch;
	return v;
}

static u64 p9_mmcr2_pmc(u8 pmc, const struct p9_counter_attr *a,
			bool kernel_is_hv)
{
	u64 v = p9_freeze_states(a, kernel_is_hv, P9_MMCR2_FCP(pmc),
				 P9_MMCR2_FCS(pmc), P9_MMCR2_FCH(pmc));

	if (a->exclude_idle)
		v |= P9_MMCR2_FCWAIT(pmc);
	return v;
}

/**
 * p9_bhrb_fits() - whether events can count together, as far as the BHRB
 *	goes
 * @attrs: what perf asks of each
 * @n: how many
 *
 * The BHRB has one set of filters, and records in the privilege states
 * MMCR0's freeze conditions leave running (FCS, FCP, FCH freeze the
 * counters and the BHRB, A.2), which hold for every PMC: events that
 * sample the BHRB must agree on their filters, and every event counted
 * with them must exclude the same states.
 */
bool p9_bhrb_fits(const struct p9_counter_attr *attrs, unsigned int n)
{
	const struct p9_counter_attr *b = NULL;
	unsigned int i;

	for (i = 0; i < n && !b; i++)
		if (attrs[i].bhrb)
			b = &attrs[i];
	for (i = 0; b && i < n; i++)
		if ((attrs[i].bhrb && attrs[i].bhrb_mmcra != b->bhrb_mmcra) ||
		    attrs[i].exclude_user != b->exclude_user ||
		    attrs[i].exclude_kernel != b->exclude_kernel ||
		    attrs[i].exclude_hv != b->exclude_hv)
			return false;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(p9_bhrb_fits);

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
 * when the alert occurs, so the handler reads them unchanged. With an
 * event that samples the BHRB (the group passed p9_bhrb_fits()), MMCRA
 * carries its filters and MMCR0 freezes the states the events exclude, so
 * that the BHRB records only the states they count.
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

		if (attrs[i].bhrb) {
			m->mmcra |= attrs[i].bhrb_mmcra;
			m->mmcr0 |= p9_freeze_states(&attrs[i], kernel_is_hv,
						     P9_MMCR0_FCP, P9_MMCR0_FCS,
						     P9_MMCR0_FCH);
		}

		if (pmc <= P9_NUM_PROG_PMCS)
			m->mmcr1 |= p9_mmcr1_pmc(pmc, s->alt_code[i] ?:
						      evs[i].config);
		m->mmcr2 |= p9_mmcr2_pmc(pmc, &attrs[i], kernel_is_hv);
		m->mmcr0 |= pmc == 1 ? P9_MMCR0_PMC1CE : P9_MMCR0_PMCJCE;
	}
	if (s->companion)
		m->mmcr1 |= p9_mmcr1_pmc(4, s->companion);
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

/*
 * Event-based branches (MMCR0[EBE], A.1): the task owns MMCR0's FC,
 * PMAE and PMAO (it freezes, and re-enables alerts after each branch) and
 * may freeze its counters in problem state through MMCR2's FCnP bits.
 */
#define P9_MMCR0_EBB_TASK	(P9_MMCR0_FC | P9_MMCR0_PMAE | P9_MMCR0_PMAO)
#define P9_MMCR2_EBB_TASK	(P9_MMCR2_FCP(1) | P9_MMCR2_FCP(2) |	\
				 P9_MMCR2_FCP(3) | P9_MMCR2_FCP(4) |	\
				 P9_MMCR2_FCP(5) | P9_MMCR2_FCP(6))
/* MMCR0[PMCC] 10: PMC1-6 and the task's MMCR fields in problem state */
#define P9_PMCC_PROBLEM_STATE	2

/**
 * p9_ebb_task_bits() - the MMCR bits an EBB task owns, to keep with it
 * @mmcr0: MMCR0 as it is when the task's events stop
 * @mmcr2: MMCR2 likewise
 * @keep_alert: keep PMAO, an alert the task has not taken yet; false in
 *	the interrupt, which would otherwise come back for it at once
 * @task: filled with the task's bits
 */
void p9_ebb_task_bits(u64 mmcr0, u64 mmcr2, bool keep_alert,
		      struct p9_ebb_task *task)
{
	task->mmcr0 = mmcr0 & P9_MMCR0_EBB_TASK;
	if (!keep_alert)
		task->mmcr0 &= ~P9_MMCR0_PMAO;
	task->mmcr2 = mmcr2 & P9_MMCR2_EBB_TASK;
}
EXPORT_SYMBOL_IF_KUNIT(p9_ebb_task_bits);

/**
 * p9_ebb_mmcr() - the MMCRs that run an EBB task's events
 * @m: what p9_compute_mmcr() gives the events; MMCR0 and MMCR2 are
 *	changed in place
 * @task: the task's own bits (p9_ebb_task_bits(); zero before its first
 *	run, as EBE's description asks: PMAE and PMAO clear)
 *
 * EBE turns the alerts into event-based branches, PMCC 10 opens PMC1-6
 * and the task's MMCR fields to problem state. Alerts are enabled only
 * when the task enabled them (it sets PMAE itself); the MMCR2 freeze
 * bits the task set add to the events' own.
 */
void p9_ebb_mmcr(struct p9_mmcr *m, const struct p9_ebb_task *task)
{
	m->mmcr0 = (m->mmcr0 & ~P9_MMCR0_EBB_TASK) |
		   (task->mmcr0 & P9_MMCR0_EBB_TASK) | P9_MMCR0_EBE |
		   FIELD_PREP(P9_MMCR0_PMCC, P9_PMCC_PROBLEM_STATE);
	m->mmcr2 |= task->mmcr2 & P9_MMCR2_EBB_TASK;
}
EXPORT_SYMBOL_IF_KUNIT(p9_ebb_mmcr);
