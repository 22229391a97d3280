// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: placing a group of events on PMD4-15.
 *
 * The rules, from 3.3.2, 3.3.3, 4.2.1, 4.8.2 and 4.8.4:
 * - ER/SI/L2D events (codes 0x8x-0xbx, 0xex, 0xfx) count on PMD4-9 only;
 * - causal, floating and self-floating events count correctly only on
 *   the duplicated counters PMD4-9 (the catalogue's IA64_EV_DUPLICATED),
 *   and .all exists only there, so an event with .all goes there too;
 * - CYCLES_HALTED: 3.3.3 puts it on PMD10 only, but its own entry in 4.16
 *   says any counter will do; the catalogue keeps the later statement, and
 *   the event, being causal, goes on PMD4-9 like the others;
 * - L1D events: PMD5 must hold one of them, and all belong to one set;
 * - L2D set events: PMD4 and PMD6 select a set each; an L2D event on PMD5
 *   or PMD8 needs PMD4 to hold an event of its set, on PMD7 or PMD9 PMD6.
 *   PMD5 and 8 "share the umask programmed into PMC4", and PMC4's .all
 *   applies to them, so the events there must agree with PMD4's on both
 *   (likewise for PMD6, 7, 9).
 *
 * Only PMD4, PMD5 and PMD6 have rules of their own, and what they decide
 * for the other counters is which L2D set, unit mask and .all PMC4 and
 * PMC6 select. The search tries each choice of those (at most three when
 * every L2D event counts on PMD4-9 only), after which every event has a
 * fixed set of counters and one bipartite matching places them all.
 */
#include <kunit/visibility.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/string.h>

#include "ia64-sched.h"

/**
 * ia64_event_allowed() - counters an event may use on its own
 * @ev: a decoded event
 *
 * Return: a mask with bit n set for PMD n; the set rules come on top.
 */
u16 ia64_event_allowed(const struct ia64_event *ev)
{
	if ((ev->flags & (IA64_EV_PMD4_9 | IA64_EV_DUPLICATED)) || ev->all)
		return IA64_COUNTERS_DUP;
	return IA64_COUNTERS_ALL;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_event_allowed);

/**
 * ia64_l2d_shares() - whether L2D event @b may follow @a's PMC4 or PMC6
 * @a: the event on PMD4 (or PMD6)
 * @b: an L2D event for PMD5 or 8 (or PMD7 or 9)
 */
bool ia64_l2d_shares(const struct ia64_event *a, const struct ia64_event *b)
{
	return ia64_event_is_l2d(a) && a->set == b->set &&
	       a->umask == b->umask && a->all == b->all;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_l2d_shares);

#define NONE	(-1)

/*
 * The search: @set4 and @set6 name an L2D event whose set, unit mask and
 * .all PMC4 (PMC6) selects, or are NONE when PMD4 (PMD6) holds no L2D
 * set event; @l1d says PMD5 must hold an L1D event. Each choice fixes the
 * counters every event may take (@allowed), and a bipartite matching of
 * events to counters (@owner, @pmd) then places them, filling first the
 * counters that the choice needs held.
 */
struct ia64_search {
	const struct ia64_event *evs;
	unsigned int n;
	int set4;
	int set6;
	bool l1d;
	u16 allowed[IA64_NUM_COUNTERS];
	int owner[IA64_LAST_COUNTER + 1];
	u16 taken;		/* counters with an owner */
	u8 *pmd;		/* counter of each event, 0 while unplaced */
	unsigned int steps;	/* choices, searches and counters tried */
};

/* Whether L2D event @ev has the set, unit mask and .all of event @head. */
static bool ia64_selects(const struct ia64_search *st, int head,
			 const struct ia64_event *ev)
{
	return head != NONE && ia64_l2d_shares(&st->evs[head], ev);
}

/* Counters event @i may take under the search's choice for PMC4-6. */
static u16 ia64_choice_allowed(const struct ia64_search *st, unsigned int i)
{
	const struct ia64_event *ev = &st->evs[i];
	bool l2d = ia64_event_is_l2d(ev);
	bool on4 = l2d && ia64_selects(st, st->set4, ev);
	bool on6 = l2d && ia64_selects(st, st->set6, ev);
	u16 m = ia64_event_allowed(ev);

	/* PMD4 holds an event of the set PMC4 selects, or no L2D set event. */
	if (st->set4 == NONE ? l2d : !on4)
		m &= ~(u16)BIT(4);
	if (st->set6 == NONE ? l2d : !on6)
		m &= ~(u16)BIT(6);
	/* PMD5 and 8 count L2D events of PMC4's set, PMD7 and 9 of PMC6's. */
	if (l2d && !on4)
		m &= ~(u16)(BIT(5) | BIT(8));
	if (l2d && !on6)
		m &= ~(u16)(BIT(7) | BIT(9));
	if (st->l1d && !ia64_event_is_l1d(ev))
		m &= ~(u16)BIT(5);
	return m;
}

static void ia64_place(struct ia64_search *st, unsigned int i, unsigned int c)
{
	st->owner[c] = i;
	st->taken |= BIT(c);
	st->pmd[i] = c;
}

/*
 * Find a counter for event @i, moving others along an augmenting path
 * through counters not in @seen. A free counter is taken first, which
 * most often ends the search at once.
 */
static bool ia64_augment(struct ia64_search *st, unsigned int i, u16 *seen)
{
	u16 m = st->allowed[i] & ~st->taken;
	unsigned int c;

	st->steps++;
	if (m) {
		ia64_place(st, i, __ffs(m));
		return true;
	}
	while ((m = st->allowed[i] & ~*seen)) {
		c = __ffs(m);
		*seen |= BIT(c);
		st->steps++;
		if (ia64_augment(st, st->owner[c], seen)) {
			ia64_place(st, i, c);
			return true;
		}
	}
	return false;
}

/*
 * Find an event for free counter @c, moving others along an augmenting
 * path from the counters' side through events not in @seen.
 */
static bool ia64_augment_counter(struct ia64_search *st, unsigned int c,
				 u16 *seen)
{
	unsigned int i;

	st->steps++;
	for (i = 0; i < st->n; i++) {
		if (!(st->allowed[i] & BIT(c)) || (*seen & BIT(i)))
			continue;
		*seen |= BIT(i);
		st->steps++;
		if (!st->pmd[i] || ia64_augment_counter(st, st->pmd[i], seen)) {
			ia64_place(st, i, c);
			return true;
		}
	}
	return false;
}

/*
 * Place every event under the search's choice. The counters the choice
 * needs held (PMD4 and 6 for a selected set, PMD5 for L1D) are filled
 * first; placing the events then keeps every counter already held, so
 * the result holds them all and places every event exactly when some
 * placement does (a maximum matching needs no more than augmenting
 * paths, and one covering the held counters exists when one covering
 * them and one covering the events do). Events with fewest counters go
 * first, so that most take a free counter at once.
 */
static bool ia64_match(struct ia64_search *st)
{
	u8 order[IA64_NUM_COUNTERS], weight[IA64_NUM_COUNTERS];
	unsigned int i, j, c;
	u16 seen, held;

	for (c = 0; c <= IA64_LAST_COUNTER; c++)
		st->owner[c] = NONE;
	st->taken = 0;
	for (i = 0; i < st->n; i++) {
		st->pmd[i] = 0;
		st->allowed[i] = ia64_choice_allowed(st, i);
		weight[i] = hweight16(st->allowed[i]);
		for (j = i; j > 0 && weight[order[j - 1]] > weight[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	held = (st->set4 != NONE ? BIT(4) : 0) | (st->l1d ? BIT(5) : 0) |
	       (st->set6 != NONE ? BIT(6) : 0);
	for (c = 4; c <= 6; c++) {
		seen = 0;
		if ((held & BIT(c)) && !ia64_augment_counter(st, c, &seen))
			return false;
	}
	for (i = 0; i < st->n; i++) {
		seen = 0;
		if (!st->pmd[order[i]] && !ia64_augment(st, order[i], &seen))
			return false;
	}
	return true;
}

/*
 * Fail at once what no choice places: more PMD4-9-only events than
 * PMD4-9, L1D events of two sets (4.8.2: they never count together), or
 * L2D events that have no counter but PMD4-9 in more than the two sets
 * PMC4 and PMC6 select. Also collect in @sets one event of each L2D set
 * (with its unit mask and .all), in @bound those that must be selected,
 * and in @st whether PMD5 must hold an L1D event.
 *
 * Return: how many sets, or -ENOSPC.
 */
static int ia64_screen(struct ia64_search *st, int *sets, u16 *bound)
{
	const struct ia64_event *evs = st->evs;
	unsigned int i, dup = 0, nbound = 0;
	int l1d_set = 0, nsets = 0, k;

	*bound = 0;
	for (i = 0; i < st->n; i++) {
		const struct ia64_event *ev = &evs[i];
		u16 m = ia64_event_allowed(ev);

		if (!(m & ~(u16)IA64_COUNTERS_DUP))
			dup++;
		if (ia64_event_is_l1d(ev)) {
			if (st->l1d && l1d_set != ev->set)
				return -ENOSPC;
			st->l1d = true;
			l1d_set = ev->set;
		}
		if (!ia64_event_is_l2d(ev))
			continue;
		for (k = 0; k < nsets && !ia64_l2d_shares(&evs[sets[k]], ev); k++)
			;
		if (k == nsets)
			sets[nsets++] = i;
		if (!(m & IA64_COUNTERS_BANKED) && !(*bound & BIT(k))) {
			*bound |= BIT(k);
			nbound++;
		}
	}
	if (dup > hweight16(IA64_COUNTERS_DUP) || nbound > 2)
		return -ENOSPC;
	return nsets;
}

/* Take @q into the shared setting @to: 0, or -EINVAL if it differs. */
static int ia64_share_qual(struct ia64_qualifier *to,
			   const struct ia64_qualifier *q)
{
	if (to->kind != IA64_QUAL_NONE && !ia64_qualifier_equal(to, q))
		return -EINVAL;
	*to = *q;
	return 0;
}

/**
 * ia64_channel_kinds() - the kinds of qualification a tag channel applies
 * @c: the channel
 *
 * Return: BIT(kind) for each enum ia64_qual kind programmed.
 */
u8 ia64_channel_kinds(const struct ia64_channel *c)
{
	u8 kinds = 0;
	unsigned int k;

	for (k = IA64_QUAL_OPC; k < IA64_QUAL_KINDS; k++)
		if (c->part[k].kind != IA64_QUAL_NONE)
			kinds |= BIT(k);
	return kinds;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_channel_kinds);

/* Collect each event's qualification into its channel and IBRP1. */
static int ia64_collect_quals(const struct ia64_event *evs, unsigned int n,
			      struct ia64_schedule *s)
{
	struct ia64_qualifier *c1 = &s->chan[1].part[IA64_QUAL_IAR];
	struct ia64_qualifier pf;
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct ia64_event *ev = &evs[i];

		if (ev->qual.kind == IA64_QUAL_NONE)
			continue;
		pf = ev->qual;
		pf.ibrp1 = true;
		/* Demand lines through channel 0, prefetched through IBRP1. */
		if ((ev->qual.ibrp1 || (ev->flags & IA64_EV_IBRP0_1)) &&
		    ia64_share_qual(&s->prefetch, &pf))
			return -EINVAL;
		if (!ev->qual.ibrp1 &&
		    ia64_share_qual(&s->chan[ev->chan].part[ev->qual.kind],
				    &ev->qual))
			return -EINVAL;
	}
	/* Channel 1's range is IBRP1's: the prefetch events' range is its. */
	if (c1->kind != IA64_QUAL_NONE) {
		pf = *c1;
		pf.ibrp1 = true;
		if (ia64_share_qual(&s->prefetch, &pf))
			return -EINVAL;
	} else if (s->prefetch.kind != IA64_QUAL_NONE) {
		*c1 = s->prefetch;
		c1->ibrp1 = false;
	}
	return 0;
}

/*
 * OpCM0 serves channels 0 and 2, OpCM1 channels 1 and 3 (3.3.6.1).
 * PMC38.fine is one bit for both ranges: in fine mode every range is
 * fine, channels 2 and 3 have none (3.3.5.1: "any event qualification
 * based on address ranges 2 and 3 are not defined"), and a channel whose
 * pair is the upper limit of a fine range counts nothing defined. A
 * channel 2 or 3 whose pair stays ignored (PMC38.ig_ibrp) is not ranged
 * and counts as the opcode matcher says.
 */
static int ia64_check_pairs(const struct ia64_event *evs, unsigned int n,
			    const struct ia64_schedule *s)
{
	const struct ia64_qualifier *r0 = &s->chan[0].part[IA64_QUAL_IAR];
	const struct ia64_qualifier *r1 = &s->prefetch;
	unsigned int c, i;

	for (c = 0; c < 2; c++) {
		const struct ia64_qualifier *a = &s->chan[c].part[IA64_QUAL_OPC];
		const struct ia64_qualifier *b = &s->chan[c + 2].part[IA64_QUAL_OPC];

		if (a->kind && b->kind && !ia64_qualifier_equal(a, b))
			return -EINVAL;
	}
	if (!r0->fine && !r1->fine)
		return 0;
	if ((r0->kind && !r0->fine) || (r1->kind && !r1->fine) ||
	    s->chan[2].part[IA64_QUAL_IAR].kind ||
	    s->chan[3].part[IA64_QUAL_IAR].kind)
		return -EINVAL;
	/* A channel whose pair is an upper limit has no defined tag. */
	for (i = 0; i < n; i++)
		if ((evs[i].chan == 2 && r0->fine) ||
		    (evs[i].chan == 3 && r1->fine))
			return -EINVAL;
	return 0;
}

/* Whether event @o gives a qualification of @kind to tag channel @chan. */
static bool ia64_gives(const struct ia64_event *o, unsigned int chan, u8 kind)
{
	if (o->qual.kind != kind)
		return false;
	/* IBRP1's range is channel 1's, whoever gives it. */
	if (chan == 1 && kind == IA64_QUAL_IAR && ia64_event_on_ibrp1(o))
		return true;
	return o->chan == chan && !o->qual.ibrp1;
}

/*
 * Whether an event of another perf group than @ev's gives @kind to @ev's
 * channel.
 */
static bool ia64_foreign_gives(const struct ia64_event *evs, unsigned int n,
			       const struct ia64_event *ev, u8 kind)
{
	unsigned int j;

	for (j = 0; j < n; j++)
		if (evs[j].group != ev->group && ia64_gives(&evs[j], ev->chan, kind))
			return true;
	return false;
}

/*
 * Whether event @i counts what it asked for: each kind its channel
 * applies must reach it exactly when it asked for that kind, by giving
 * it or, with combine, by an event of its own perf group giving it.
 * Another group's qualification is never combined with it: a kind that
 * reaches it is refused when another group gives it, unless it gives the
 * same itself, so that what it counts never depends on which other
 * groups are on the counters, and a group that fits still fits when some
 * of its events stop.
 */
static bool ia64_channel_fits(const struct ia64_event *evs, unsigned int n,
			      unsigned int i, const struct ia64_schedule *s)
{
	const struct ia64_event *ev = &evs[i];
	u8 kinds = ia64_channel_kinds(&s->chan[ev->chan]);
	bool asked = ev->qual.kind != IA64_QUAL_NONE;
	unsigned int j, k;

	/* A prefetch range is IBRP1's, checked against the pair. */
	if (ev->qual.ibrp1)
		return true;
	/* IBRP1 constrains every event it reaches. */
	if (!asked && s->prefetch.kind && ia64_event_on_ibrp1(ev))
		return false;
	for (k = IA64_QUAL_OPC; k < IA64_QUAL_KINDS; k++) {
		bool own = asked && k == ev->qual.kind, wants = own;
		bool reached = ia64_event_affected(ev, k);

		if (!(kinds & BIT(k)))
			continue;
		for (j = 0; j < n && !wants && asked && ev->combine; j++)
			wants = evs[j].group == ev->group &&
				ia64_gives(&evs[j], ev->chan, k);
		if (reached != wants ||
		    (reached && !own && ia64_foreign_gives(evs, n, ev, k)))
			return false;
	}
	return true;
}

/**
 * ia64_schedule_shared() - check what a group's events share
 * @evs: the group's decoded events
 * @n: how many
 * @s: its @chan, @prefetch, @dear, @iear and @etb are filled
 *
 * The four tag channels, one data EAR, one instruction EAR and one ETB
 * serve all the events of a thread: events that program one of them must
 * ask for the same setting, and an event that a channel's qualification
 * would affect may only be counted with it if it asks for it too (see
 * ia64_channel_fits()).
 *
 * Return: 0, or -EINVAL when the events disagree.
 */
int ia64_schedule_shared(const struct ia64_event *evs, unsigned int n,
			 struct ia64_schedule *s)
{
	unsigned int i;

	memset(s->chan, 0, sizeof(s->chan));
	s->prefetch = (struct ia64_qualifier) {};
	s->dear = NONE;
	s->iear = NONE;
	s->etb = NONE;
	if (ia64_collect_quals(evs, n, s) || ia64_check_pairs(evs, n, s))
		return -EINVAL;
	for (i = 0; i < n; i++) {
		const struct ia64_event *ev = &evs[i];

		if (!ia64_channel_fits(evs, n, i, s))
			return -EINVAL;
		if (ev->ear == IA64_EAR_DATA) {
			const struct ia64_event *d = s->dear == NONE ? ev : &evs[s->dear];

			if (d->ear_mode != ev->ear_mode ||
			    d->ear_umask != ev->ear_umask || d->plm != ev->plm)
				return -EINVAL;
			s->dear = i;
		}
		if (ev->ear == IA64_EAR_INST) {
			const struct ia64_event *d = s->iear == NONE ? ev : &evs[s->iear];

			if (d->ear_mode != ev->ear_mode ||
			    d->ear_umask != ev->ear_umask || d->plm != ev->plm)
				return -EINVAL;
			s->iear = i;
		}
		if (ia64_event_uses_buffer(ev)) {
			/* ETB and IP-EAR modes share PMD38/39 and 48-63. */
			if (s->etb != NONE && (evs[s->etb].etb != ev->etb ||
					       evs[s->etb].ipear != ev->ipear))
				return -EINVAL;
			s->etb = i;
		}
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_schedule_shared);

/**
 * ia64_schedule_counted() - ia64_schedule(), counting the search's steps
 * @evs: the group's decoded events
 * @n: how many
 * @s: filled with the placement and what the events share
 * @steps: set to the choices of PMC4 and PMC6 tried, plus the searches
 *	for an augmenting path and the counters (or events) they try, for
 *	the tests' bound on the time spent with interrupts off
 *
 * Return: as ia64_schedule().
 */
VISIBLE_IF_KUNIT int ia64_schedule_counted(const struct ia64_event *evs,
					   unsigned int n,
					   struct ia64_schedule *s,
					   unsigned int *steps)
{
	struct ia64_search st = { .evs = evs, .n = n, .pmd = s->pmd };
	int sets[IA64_NUM_COUNTERS], nsets, k4, k6, ret;
	unsigned int i;
	u16 bound;

	*steps = 0;
	memset(s->pmd, 0, sizeof(s->pmd));
	s->used = 0;
	if (n > IA64_NUM_COUNTERS)
		return -ENOSPC;
	ret = ia64_schedule_shared(evs, n, s);
	if (ret)
		return ret;
	nsets = ia64_screen(&st, sets, &bound);
	if (nsets < 0)
		return nsets;
	/*
	 * Only PMD4-6 have rules of their own, and all they decide for the
	 * others is which sets PMC4 and PMC6 select: try each choice, no
	 * more than (1 + sets)^2 and, with every L2D event on PMD4-9 only,
	 * no more than three. Index nsets stands for no set.
	 */
	for (k4 = 0; k4 <= nsets; k4++) {
		for (k6 = 0; k6 <= nsets; k6++) {
			/* A set no banked counter can count must be selected. */
			if (bound & ~(BIT(k4) | BIT(k6)))
				continue;
			st.steps++;
			st.set4 = k4 < nsets ? sets[k4] : NONE;
			st.set6 = k6 < nsets ? sets[k6] : NONE;
			if (!ia64_match(&st))
				continue;
			for (i = 0; i < n; i++)
				s->used |= BIT(s->pmd[i]);
			*steps = st.steps;
			return 0;
		}
	}
	memset(s->pmd, 0, sizeof(s->pmd));
	*steps = st.steps;
	return -ENOSPC;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_schedule_counted);

#if IS_ENABLED(CONFIG_ITANIUM9300_PMU_MODEL_KUNIT)
DEFINE_PER_CPU(unsigned long, ia64_sched_steps);
#endif

/**
 * ia64_schedule() - place a group of events on the counters
 * @evs: the group's decoded events
 * @n: how many
 * @s: filled with the placement and what the events share
 *
 * The search tries at most a few choices of the L2D sets PMC4 and PMC6
 * select, with one matching of a dozen events each: it runs at every
 * commit, enable and overflow interrupt, with interrupts off.
 *
 * Return: 0; -EINVAL when the events disagree on a shared register
 * (ia64_schedule_shared()); -ENOSPC when they cannot all be placed.
 */
int ia64_schedule(const struct ia64_event *evs, unsigned int n,
		  struct ia64_schedule *s)
{
	unsigned int steps;
	int ret;

	ret = ia64_schedule_counted(evs, n, s, &steps);
	ia64_sched_steps_add(steps);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_schedule);
