// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: placing a group of events on the PMCs.
 *
 * Section 5.16's rules: one event per PMC; PMC5 and PMC6 are not
 * programmable; L2 and L3 events need PMC4 programmed with the fourth
 * event of their group; MMU events need PMC1. Marked events share the one
 * MMCRA, and the reload qualifiers are one pair of MMCR1 bits, so events
 * that set them must agree. A group has at most six events, so a
 * depth-first search over the PMCs each event allows is exhaustive and
 * cheap (at most 4^4 leaves).
 *
 * The L2/L3 rule, as Table 5-24 shows it: in every group holding an L2 or
 * L3 event, PMC4 holds an L2/L3 event too, either one of the group's or a
 * code the table marks RESERVED, of the same selector as the group's
 * others (pm_l2_6: 0x16884, 0x26884, 0x36884 and RESERVED 0x46884). So an
 * L2/L3 event counts only when PMC4 holds an L2/L3 event; when the group
 * leaves PMC4 free, the driver programs it with the companion code: the
 * first L2/L3 event's selector moved to PMC4.
 *
 * "The fourth event from the group" is of the group's selector: the L2/L3
 * bus carries one selector's four events, one per PMC, so the L2/L3
 * events of a group share their selector and combination, as in every
 * L2/L3 group of Table 5-24. The exception is selector 0x9e, whose events
 * (PM_L2_LD_DISP, PM_L2_INST, ...) stand beside 0x80's in pm_l2_1 and
 * 0x8a's in pm_l2_12, with PMC4 holding the other selector's event: they
 * go with any group, and never take PMC4 from it.
 *
 * Some events have a code on each of several PMCs (PM_CYC on PMC1-4,
 * PM_LD_MISS_L1 on PMC3 and PMC4: p9_alternatives[]). A group is first
 * placed with the codes it was given; only when that fails may such an
 * event move to another PMC with that PMC's code, so that every group
 * that could be placed before is placed and programmed as before.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>

#include "p9-sched.h"

/**
 * p9_event_alt_pmcs() - the PMCs an event may count on, alternatives too
 * @ev: a decoded event
 *
 * Return: a mask with bit n set for PMC n + 1.
 */
u8 p9_event_alt_pmcs(const struct p9_event *ev)
{
	u8 mask = p9_event_allowed_pmcs(ev);
	unsigned int i;

	for (i = 0; ev->alt && i < P9_NUM_PROG_PMCS; i++)
		if (ev->alt[i])
			mask |= BIT(i);
	return mask;
}
EXPORT_SYMBOL_IF_KUNIT(p9_event_alt_pmcs);

/**
 * p9_l2l3_companion() - the PMC4 code that lets an L2/L3 event count
 * @ev: a decoded L2/L3 event
 */
u64 p9_l2l3_companion(const struct p9_event *ev)
{
	return (ev->config & ~P9_RAW_PMC) | FIELD_PREP(P9_RAW_PMC, 4);
}
EXPORT_SYMBOL_IF_KUNIT(p9_l2l3_companion);

#if IS_ENABLED(CONFIG_POWER9_PMU_MODEL_KUNIT)
DEFINE_PER_CPU(unsigned long, p9_sched_steps);
#endif

struct p9_search {
	const struct p9_event *evs;
	unsigned int n;
	const struct p9_event *l2l3;	/* first L2/L3 event, if any */
	const struct p9_event *sel;	/* first of its L2/L3 group, if any */
	bool alternatives;		/* events may use their alternatives */
	struct p9_schedule *s;
};

/* Selector 0x9e's L2/L3 events count beside any L2/L3 group's. */
static bool p9_l2l3_any_group(const struct p9_event *ev)
{
	return ev->pmcxsel == P9_L2L3_ANY_GROUP_SEL;
}

static bool p9_leaf_ok(struct p9_search *st)
{
	unsigned int i;

	if (!st->l2l3 || !(st->s->used & BIT(3)))
		return true;
	for (i = 0; i < st->n; i++)
		if (st->s->pmc[i] == 4)
			return st->evs[i].l2l3 &&
			       (!st->sel || !p9_l2l3_any_group(&st->evs[i]));
	return false;
}

static bool p9_place(struct p9_search *st, unsigned int i)
{
	const struct p9_event *ev = &st->evs[i];
	u8 allowed, pmc, k;

	p9_sched_step();
	if (i == st->n)
		return p9_leaf_ok(st);
	allowed = st->alternatives ? p9_event_alt_pmcs(ev) :
				     p9_event_allowed_pmcs(ev);
	allowed &= ~st->s->used;
	/* From the event's own PMC, so that its own code goes first. */
	for (k = 0; k < P9_NUM_PMCS; k++) {
		pmc = ((ev->pmc ? ev->pmc - 1 : 0) + k) % P9_NUM_PMCS;
		if (!(allowed & BIT(pmc)))
			continue;
		st->s->used |= BIT(pmc);
		st->s->pmc[i] = pmc + 1;
		if (p9_place(st, i + 1))
			return true;
		st->s->used &= ~BIT(pmc);
	}
	return false;
}

/*
 * Whether @n events may fit at all on the PMCs they may use (their
 * alternatives' too, with @alternatives): no more of them than those
 * PMCs, nor, of those that may use only PMC1-4, more than four. A search
 * that cannot succeed, the usual outcome when the perf core multiplexes
 * more events than fit, would otherwise try every placement (with
 * alternatives, events that may count on any of PMC1-4 alone give 4! of
 * them) before failing.
 */
static bool p9_may_fit(const struct p9_event *evs, unsigned int n,
		       bool alternatives)
{
	u8 all = 0, prog = 0;
	unsigned int i, nprog = 0;

	for (i = 0; i < n; i++) {
		u8 m = alternatives ? p9_event_alt_pmcs(&evs[i]) :
				      p9_event_allowed_pmcs(&evs[i]);

		all |= m;
		if (!(m & ~GENMASK(P9_NUM_PROG_PMCS - 1, 0))) {
			prog |= m;
			nprog++;
		}
	}
	return n <= hweight8(all) && nprog <= hweight8(prog);
}

/**
 * p9_schedule() - place a group of events on the PMCs
 * @evs: the group's decoded events
 * @n: how many
 * @s: filled with the placement, the alternative codes it uses and the
 *	shared register bits
 *
 * Return: 0; -ENOSPC when the events cannot all be placed (L2/L3 events
 * of different selectors never can); -EINVAL when they ask for different
 * MMCRA settings or reload qualifiers.
 */
int p9_schedule(const struct p9_event *evs, unsigned int n,
		struct p9_schedule *s)
{
	struct p9_search st = { .evs = evs, .n = n, .s = s };
	bool have_mmcra = false;
	unsigned int i;

	*s = (struct p9_schedule) {};
	if (n > P9_NUM_PMCS)
		return -ENOSPC;
	for (i = 0; i < n; i++) {
		const struct p9_event *ev = &evs[i];

		if (p9_event_uses_mmcra(ev)) {
			u64 bits = p9_event_mmcra_bits(ev);

			if (have_mmcra && bits != s->mmcra)
				return -EINVAL;
			s->mmcra = bits;
			have_mmcra = true;
		}
		if (ev->reload_qual_en) {
			if (s->reload_qual_en && ev->reload_qual != s->reload_qual)
				return -EINVAL;
			s->reload_qual_en = true;
			s->reload_qual = ev->reload_qual;
		}
		if (ev->l2l3 && !st.l2l3)
			st.l2l3 = ev;
		if (ev->l2l3 && !p9_l2l3_any_group(ev)) {
			if (st.sel && (ev->pmcxsel != st.sel->pmcxsel ||
				       ev->comb != st.sel->comb))
				return -ENOSPC;
			if (!st.sel)
				st.sel = ev;
		}
	}
	if (!p9_may_fit(evs, n, false) || !p9_place(&st, 0)) {
		s->used = 0;
		st.alternatives = true;
		if (!p9_may_fit(evs, n, true) ||
		    !p9_place(&st, 0)) {
			s->used = 0;
			return -ENOSPC;
		}
		for (i = 0; i < n; i++)
			if (s->pmc[i] != evs[i].pmc && evs[i].alt)
				s->alt_code[i] = evs[i].alt[s->pmc[i] - 1];
	}
	if (st.l2l3 && !(s->used & BIT(3)))
		s->companion = p9_l2l3_companion(st.sel ? st.sel : st.l2l3);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(p9_schedule);
