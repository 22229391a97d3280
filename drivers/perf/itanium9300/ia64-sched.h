/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 core PMU: placing events on PMD4-15 (3.3.3, 4.2.1, 4.8).
 */
#ifndef _IA64_SCHED_H
#define _IA64_SCHED_H

#include <linux/percpu.h>
#include <pmu-suite/itanium9300/regs.h>
#include "ia64-event.h"

/**
 * struct ia64_channel - what a tag channel is programmed with
 * @part: the qualification of each kind, indexed by enum ia64_qual
 *	(kind IA64_QUAL_NONE where the channel has none of it)
 */
struct ia64_channel {
	struct ia64_qualifier part[IA64_QUAL_KINDS];
};

/**
 * struct ia64_schedule - where a group's events count, and what they share
 * @pmd: counter (4-15) of each event, in the order given to ia64_schedule()
 * @used: bit n set when PMD n holds an event
 * @chan: the qualification of each tag channel; channel 1's range is
 *	@prefetch's
 * @prefetch: the IBRP1 instruction range, of the group's prefetch events
 *	and of channel 1 (one register pair)
 * @dear: index of an event driving the data EAR, or -1
 * @iear: index of an event driving the instruction EAR, or -1
 * @etb: index of an event sampling the trace buffer (ETB or IP-EAR), or -1
 */
struct ia64_schedule {
	u8 pmd[IA64_NUM_COUNTERS];
	u16 used;
	struct ia64_channel chan[IA64_TAG_CHANNELS];
	struct ia64_qualifier prefetch;
	int dear;
	int iear;
	int etb;
};

u16 ia64_event_allowed(const struct ia64_event *ev);
bool ia64_l2d_shares(const struct ia64_event *a, const struct ia64_event *b);
u8 ia64_channel_kinds(const struct ia64_channel *c);
int ia64_schedule_shared(const struct ia64_event *evs, unsigned int n,
			 struct ia64_schedule *s);
int ia64_schedule(const struct ia64_event *evs, unsigned int n,
		  struct ia64_schedule *s);
#if IS_ENABLED(CONFIG_KUNIT)
int ia64_schedule_counted(const struct ia64_event *evs, unsigned int n,
			  struct ia64_schedule *s, unsigned int *steps);
#endif

#if IS_ENABLED(CONFIG_ITANIUM9300_PMU_MODEL_KUNIT)
/*
 * ia64_schedule()'s steps (ia64_schedule_counted()) on each CPU, for the
 * model tests' figures per rotation of the perf core. Only a kernel
 * with the model tests built in has the counter, which they read there:
 * the modules count nothing.
 */
DECLARE_PER_CPU(unsigned long, ia64_sched_steps);

static inline void ia64_sched_steps_add(unsigned int steps)
{
	this_cpu_add(ia64_sched_steps, steps);
}
#else
static inline void ia64_sched_steps_add(unsigned int steps)
{
}
#endif

#endif /* _IA64_SCHED_H */
