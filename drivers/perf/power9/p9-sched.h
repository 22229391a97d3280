/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: placing a group of events on the PMCs (section 5.16).
 */
#ifndef _P9_SCHED_H
#define _P9_SCHED_H

#include <linux/percpu.h>
#include "p9-event.h"

/**
 * struct p9_schedule - where a group's events count, and what they share
 * @pmc: PMC (1-6) of each event, in the order given to p9_schedule()
 * @used: bit n set when PMC n + 1 holds an event
 * @alt_code: the code programmed for each event placed on another PMC
 *	than its code's, in the order given (an alternative); 0 for an
 *	event counted with its own code
 * @companion: raw code programmed on PMC4, not counted for any event,
 *	when the group's L2/L3 events need PMC4 and no event of the group
 *	holds it; 0 when none is needed
 * @mmcra: the MMCRA bits the group's marked events share
 * @reload_qual_en: some event sets the reload qualifiers
 * @reload_qual: the qualifiers (MMCR1[DC_RLD_QUAL], MMCR1[IC_RLD_QUAL])
 */
struct p9_schedule {
	u8 pmc[P9_NUM_PMCS];
	u8 used;
	u32 alt_code[P9_NUM_PMCS];
	u64 companion;
	u64 mmcra;
	bool reload_qual_en;
	u8 reload_qual;
};

int p9_schedule(const struct p9_event *evs, unsigned int n,
		struct p9_schedule *s);

/**
 * p9_event_allowed_pmcs() - the PMCs an event may count on
 * @ev: a decoded event
 *
 * Inline: the search asks it of every event at every step.
 *
 * Return: a mask with bit n set for PMC n + 1.
 */
static inline u8 p9_event_allowed_pmcs(const struct p9_event *ev)
{
	if (ev->pmc)
		return BIT(ev->pmc - 1);
	if (ev->mmu)
		return BIT(0);
	return GENMASK(P9_NUM_PROG_PMCS - 1, 0);
}

u8 p9_event_alt_pmcs(const struct p9_event *ev);
u64 p9_l2l3_companion(const struct p9_event *ev);

#if IS_ENABLED(CONFIG_POWER9_PMU_MODEL_KUNIT)
/*
 * The search's steps on each CPU, for the model tests' figures per
 * rotation of the perf core (one step: one call of p9_place(), an event
 * given its free PMCs in turn or a full placement checked). Only a
 * kernel with the model tests built in has the counter, which they read
 * there: the modules count nothing.
 */
DECLARE_PER_CPU(unsigned long, p9_sched_steps);

static inline void p9_sched_step(void)
{
	this_cpu_inc(p9_sched_steps);
}
#else
static inline void p9_sched_step(void)
{
}
#endif

#endif /* _P9_SCHED_H */
