/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 core PMU: configuration register values for a placed group.
 */
#ifndef _IA64_PMC_H
#define _IA64_PMC_H

#include "ia64-event.h"
#include "ia64-sched.h"

/**
 * struct ia64_pmcs - every configuration register the driver writes
 * @counter: PMC4-15, indexed by counter number; 0 for an unused counter
 * @opcm0_mask: PMC32
 * @opcm0_match: PMC33
 * @opcm1_mask: PMC34
 * @opcm1_match: PMC35
 * @opc_cfg: PMC36
 * @iear: PMC37
 * @iar: PMC38
 * @etb: PMC39
 * @dear: PMC40
 * @dar: PMC41
 * @ipear: PMC42
 * @ibr: IBR0-5, indexed by register number; pair n is IBR 2n and 2n+1
 * @ibrp_used: the IBR pairs to program, BIT(IA64_IBRP0) and up
 * @dbr: DBR0 and DBR1, when @use_dbr
 * @use_dbr: the DBR pair 0 holds the data address range
 */
struct ia64_pmcs {
	u64 counter[IA64_LAST_COUNTER + 1];
	u64 opcm0_mask;
	u64 opcm0_match;
	u64 opcm1_mask;
	u64 opcm1_match;
	u64 opc_cfg;
	u64 iear;
	u64 iar;
	u64 etb;
	u64 dear;
	u64 dar;
	u64 ipear;
	u64 ibr[2 * IA64_IBR_PAIRS];
	u8 ibrp_used;
	u64 dbr[2];
	bool use_dbr;
};

u64 ia64_counter_pmc(const struct ia64_event *ev);
void ia64_compute_pmcs(const struct ia64_event *evs, unsigned int n,
		       const struct ia64_schedule *s, struct ia64_pmcs *p);

#endif /* _IA64_PMC_H */
