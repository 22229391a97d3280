/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SPARC T4 core PMU: perf's generic hardware and cache events.
 */
#ifndef _T4_GENERIC_H
#define _T4_GENERIC_H

#include <linux/types.h>
#include <pmu-suite/generic.h>

/**
 * struct t4_generic_event - a generic event and the catalogue event it is
 * @gen: the generic event
 * @sl: PCR.sl of the catalogue event
 * @mask: PCR.mask
 */
struct t4_generic_event {
	struct pmu_generic_event gen;
	u8 sl;
	u8 mask;
};

/* Unmapped generic events get -ENOENT, the suite's rule (as arm_pmu's). */
extern const struct t4_generic_event t4_generic_events[];
extern const struct pmu_generic_table t4_generic;

#endif /* _T4_GENERIC_H */
