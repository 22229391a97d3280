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
 * Only PMD4, PMD5 and PMD6 have rules of their own. The search tries
 * every choice of their occupants (at most 13^3), after which every other
 * event has a fixed set of counters and a bipartite matching places them.
 */
#include <kunit/visibility.h>
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

struct ia64_search {
	const struct ia64_event *evs;
	unsigned int n;
	int head[3];		/* occupants of PMD4, 5, 6 */
	u16 allowed[IA64_NUM_COUNTERS];
	int owner[IA64_LAST_COUNTER + 1];
	u8 *pmd;
};

/* Counters event @i may take once PMD4-6 are decided. */
static u16 ia64_rest_allowed(const struct ia64_search *st, unsigned int i)
{
	const struct ia64_event *ev = &st->evs[i];
	u16 m = ia64_event_allowed(ev) & ~(u16)(BIT(4) | BIT(5) | BIT(6));

	if (ia64_event_is_l2d(ev)) {
		if (st->head[0] == NONE || !ia64_l2d_shares(&st->evs[st->head[0]], ev))
			m &= ~(u16)BIT(8);
		if (st->head[2] == NONE || !ia64_l2d_shares(&st->evs[st->head[2]], ev))
			m &= ~(u16)(BIT(7) | BIT(9));
	}
	return m;
}

static bool ia64_augment(struct ia64_search *st, unsigned int i, u16 *seen)
{
	unsigned int c;

	for (c = IA64_FIRST_COUNTER; c <= IA64_LAST_COUNTER; c++) {
		if (!(st->allowed[i] & BIT(c)) || (*seen & BIT(c)))
			continue;
		*seen |= BIT(c);
		if (st->owner[c] == NONE || ia64_augment(st, st->owner[c], seen)) {
			st->owner[c] = i;
			return true;
		}
	}
	return false;
}

/* Place every event not on PMD4-6; fills st->pmd on success. */
static bool ia64_match_rest(struct ia64_search *st)
{
	unsigned int i, c;

	for (c = 0; c <= IA64_LAST_COUNTER; c++)
		st->owner[c] = NONE;
	for (i = 0; i < st->n; i++) {
		u16 seen = 0;

		if ((int)i == st->head[0] || (int)i == st->head[1] ||
		    (int)i == st->head[2])
			continue;
		st->allowed[i] = ia64_rest_allowed(st, i);
		if (!ia64_augment(st, i, &seen))
			return false;
	}
	for (c = IA64_FIRST_COUNTER; c <= IA64_LAST_COUNTER; c++)
		if (st->owner[c] != NONE)
			st->pmd[st->owner[c]] = c;
	for (i = 0; i < 3; i++)
		if (st->head[i] != NONE)
			st->pmd[st->head[i]] = 4 + i;
	return true;
}

/* Whether the chosen occupants of PMD4-6 obey their rules. */
static bool ia64_heads_ok(const struct ia64_search *st, bool l1d)
{
	const struct ia64_event *evs = st->evs;
	int i;

	for (i = 0; i < 3; i++)
		if (st->head[i] != NONE &&
		    !(ia64_event_allowed(&evs[st->head[i]]) & BIT(4 + i)))
			return false;
	if (l1d && (st->head[1] == NONE || !ia64_event_is_l1d(&evs[st->head[1]])))
		return false;
	if (st->head[1] != NONE && ia64_event_is_l2d(&evs[st->head[1]]) &&
	    (st->head[0] == NONE ||
	     !ia64_l2d_shares(&evs[st->head[0]], &evs[st->head[1]])))
		return false;
	return true;
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
 * ia64_schedule() - place a group of events on the counters
 * @evs: the group's decoded events
 * @n: how many
 * @s: filled with the placement and what the events share
 *
 * Return: 0; -EINVAL when the events disagree on a shared register
 * (ia64_schedule_shared()); -ENOSPC when they cannot all be placed.
 */
int ia64_schedule(const struct ia64_event *evs, unsigned int n,
		  struct ia64_schedule *s)
{
	struct ia64_search st = { .evs = evs, .n = n, .pmd = s->pmd };
	int l1d_set = -1, h4, h5, h6, ret;
	bool l1d = false;
	unsigned int i;

	memset(s->pmd, 0, sizeof(s->pmd));
	s->used = 0;
	if (n > IA64_NUM_COUNTERS)
		return -ENOSPC;
	ret = ia64_schedule_shared(evs, n, s);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		if (!ia64_event_is_l1d(&evs[i]))
			continue;
		/* 4.8.2: events of different L1D sets never count together. */
		if (l1d && l1d_set != evs[i].set)
			return -ENOSPC;
		l1d = true;
		l1d_set = evs[i].set;
	}
	for (h4 = NONE; h4 < (int)n; h4++) {
		for (h5 = NONE; h5 < (int)n; h5++) {
			if (h5 != NONE && h5 == h4)
				continue;
			for (h6 = NONE; h6 < (int)n; h6++) {
				if (h6 != NONE && (h6 == h4 || h6 == h5))
					continue;
				st.head[0] = h4;
				st.head[1] = h5;
				st.head[2] = h6;
				if (!ia64_heads_ok(&st, l1d) || !ia64_match_rest(&st))
					continue;
				for (i = 0; i < n; i++)
					s->used |= BIT(s->pmd[i]);
				return 0;
			}
		}
	}
	return -ENOSPC;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_schedule);
