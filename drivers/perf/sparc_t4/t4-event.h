/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SPARC T4 core PMU: event decoding, validation and register values.
 * Pure logic, no hardware access.
 */
#ifndef _T4_EVENT_H
#define _T4_EVENT_H

#include <linux/bits.h>
#include <linux/types.h>
#include <pmu-suite/generic.h>

#include "t4-fields.h"

struct perf_event_attr;

/**
 * struct t4_event - a validated event of the sparc_t4 PMU
 * @sl: PCR.sl, the event group
 * @mask: PCR.mask, the sub-events of the group
 * @precise: the group raises precise_performance_event traps
 * @shared: counts events of every strand of the core (TABLE 10-2 note 13)
 * @ut: count in user mode (PCR.ut)
 * @st: count in privileged mode (PCR.st)
 * @ht: count in hyperprivileged mode (PCR.ht)
 * @user_read: the event's task may read its PIC (config1 bit rdpmc)
 * @per_core: a CPU-wide @shared event, which counts on one strand of its
 *	core only (set by the perf glue)
 */
struct t4_event {
	u8 sl;
	u8 mask;
	bool precise;
	bool shared;
	bool ut;
	bool st;
	bool ht;
	bool user_read;
	bool per_core;
};

int t4_event_decode(u64 config, struct t4_event *ev, const char **why);
int t4_event_check_attr(const struct perf_event_attr *attr,
			struct t4_event *ev, const char **why);

u64 t4_pcr_enable(const struct t4_event *ev);
u64 t4_pcr_stopped(void);
u64 t4_pcr_user_access(u64 pcr, bool readable);
u64 t4_pcr_hw_write(u64 old, u64 value, bool write_overflows);
bool t4_pcr_counting(u64 pcr);
u64 t4_pic_start(const struct t4_event *ev, u64 start);
bool t4_pic_preload_races(unsigned int sl, unsigned int mask, u32 pic);
unsigned long t4_sample_ip(unsigned long pc, u64 pcr);

/* Unmapped generic events get -ENOENT, the suite's rule (as arm_pmu's). */
extern const struct pmu_generic_map t4_generic;

#endif /* _T4_EVENT_H */
