/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: raw event codes.
 *
 * A raw event code (perf's attr.config) is the 64-bit value of Figure 5-2
 * of the POWER9 PMU User's Guide: the catalogue's codes are such values,
 * and the other fields (sampling, thresholds, SDAR mode, reload
 * qualifiers) extend them. The figure numbers bits 0-63 from the most
 * significant bit; the masks here count from the least significant one.
 */
#ifndef _P9_EVENT_H
#define _P9_EVENT_H

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/types.h>
#include <pmu-suite/generic.h>

#include "p9-catalogue.h"
#include "p9-fields.h"

/*
 * The fields' masks, P9_RAW_*, are generated from
 * tools/pmu-events/power9/fields.json (p9-fields.h). Reserved: IBM bits
 * 1:11, 40, 44 and 54.
 */
#define P9_RAW_RESERVED		(GENMASK_ULL(62, 52) | BIT_ULL(23) | \
				 BIT_ULL(19) | BIT_ULL(9))

#define P9_RAW_THRESH_CTL	(P9_RAW_THRESH_START | P9_RAW_THRESH_STOP)
#define P9_RAW_THRESH		(P9_RAW_THRESH_SEL | P9_RAW_THRESH_CTL | \
				 P9_RAW_THRESH_CMP)
#define P9_RAW_SAMPLE		(P9_RAW_SAMPLE_MODE | P9_RAW_SAMPLE_ELIG)

/* The two codes PMC5 and PMC6 can count (section 5.16, Appendix A.1). */
#define P9_CODE_PMC5_RUN_INST	0x500faULL	/* PM_RUN_INST_CMPL */
#define P9_CODE_PMC6_RUN_CYC	0x600f4ULL	/* PM_RUN_CYC */

#define P9_NUM_PMCS		6
#define P9_NUM_PROG_PMCS	4

/* Unit selectors (MMCR1[PMCxUNIT], Appendix A.4). */
#define P9_UNIT_L2L3		6
/* The L2/L3 selector whose events go with any L2/L3 group (p9-sched.c). */
#define P9_L2L3_ANY_GROUP_SEL	0x9e
#define P9_UNIT_MMU_FIRST	8
#define P9_UNIT_MMU_LAST	11

/* Random sampling modes (MMCRA[RAND_SAMP_MODE], Table A-5). */
#define P9_SAMPLE_MODE_RIS	0	/* random instruction sampling */
#define P9_SAMPLE_MODE_LDST	1	/* random load/store sampling */
#define P9_SAMPLE_MODE_BRANCH	2	/* random event sampling, branch unit */

/**
 * struct p9_event - a raw code, decoded and checked
 * @config: the raw code
 * @pmc: PMC field, 0 for any programmable PMC, else 1-6
 * @unit: unit selector
 * @comb: event bus combination
 * @pmcxsel: event selector
 * @mark: counts the marked (sampled) instruction: MMCRA[SAMPLE_ENABLE]
 * @sample_elig: MMCRA[RAND_SAMP_ELIG]
 * @sample_mode: MMCRA[RAND_SAMP_MODE]
 * @thresh_sel: MMCRA[THRESH_EVENT_SEL]
 * @thresh_start: MMCRA[THRESH_START]
 * @thresh_stop: MMCRA[THRESH_END]
 * @thresh_exp: MMCRA[THRESH_CMP_EXP]
 * @thresh_mant: MMCRA[THRESH_CMP_MANTISSA]
 * @sdar_mode: MMCRA[SDAR_MODE]
 * @reload_qual_en: the reload qualifiers below are used
 * @reload_qual: MMCR1[DC_RLD_QUAL] (bit 1) and MMCR1[IC_RLD_QUAL] (bit 0)
 * @l2l3: an L2/L3 event bus event, which needs PMC4 (section 5.16)
 * @mmu: an MMU event bus event, counted on PMC1 only (section 5.16)
 * @ebb: an event-based branch event: its task takes the counter's alerts
 *	(MMCR0[EBE]) and reads and writes the counter itself
 * @alt: when the code is one of the catalogue's codes that count the same
 *	event on different PMCs (p9_alternatives[]), that event's code on
 *	each of PMC1-4, 0 where it has none; else NULL
 */
struct p9_event {
	u64 config;
	u8 pmc;
	u8 unit;
	u8 comb;
	u8 pmcxsel;
	bool mark;
	u8 sample_elig;
	u8 sample_mode;
	u8 thresh_sel;
	u8 thresh_start;
	u8 thresh_stop;
	u8 thresh_exp;
	u8 thresh_mant;
	u8 sdar_mode;
	bool reload_qual_en;
	u8 reload_qual;
	bool l2l3;
	bool mmu;
	bool ebb;
	const u32 *alt;
};

int p9_event_decode(u64 config, struct p9_event *ev, const char **why);
bool p9_event_restricted(u64 config, u32 pvr);

/**
 * p9_event_uses_mmcra() - whether an event needs MMCRA programmed
 * @ev: a decoded event
 *
 * Marked events (sampling, thresholds, SDAR mode) all share the one MMCRA
 * (section 5.16), so a group can hold several only if they agree on it.
 * Inline: every search and every program asks it of every event.
 */
static inline bool p9_event_uses_mmcra(const struct p9_event *ev)
{
	return ev->mark || ev->sdar_mode;
}

u64 p9_event_mmcra_bits(const struct p9_event *ev);

/*
 * perf's generic hardware and cache events: the codes of the catalogue
 * events that count them. Unmapped generic events get -ENOENT, the
 * suite's rule (as arm_pmu's).
 */
extern const struct pmu_generic_map p9_generic;

/*
 * perf mem's events on powerpc, by the names it opens ("<pmu>/mem-loads/",
 * tools/perf/arch/powerpc/util/mem-events.c): the marked instruction
 * completed, under random instruction sampling of loads or of stores
 * (Table A-5, eligibility 101 and 111), with a threshold from issue to
 * finish (Table 3-2, 0011 and 0100) in run cycles (A.6, threshold event
 * select 001; 000 would disable thresholding) for the sample's weight; as
 * the built-in PMU's. Constants, for the events/ files of p9-pmu.c.
 */
#define P9_ELIG_LOADS		5
#define P9_ELIG_STORES		7
#define P9_THRESH_ISSUED	3
#define P9_THRESH_FINISHED	4
#define P9_THRESH_SEL_RUN_CYC	1
/* FIELD_PREP() as a constant expression (6.1 has no FIELD_PREP_CONST()) */
#define P9_RAW_FIELD(mask, val)	((u64)(val) << __bf_shf(mask))
#define P9_MEM_EVENT(elig)						\
	(P9_PM_MRK_INST_CMPL | P9_RAW_MARK |				\
	 P9_RAW_FIELD(P9_RAW_SAMPLE_MODE, P9_SAMPLE_MODE_RIS) |		\
	 P9_RAW_FIELD(P9_RAW_SAMPLE_ELIG, elig) |			\
	 P9_RAW_FIELD(P9_RAW_THRESH_SEL, P9_THRESH_SEL_RUN_CYC) |	\
	 P9_RAW_FIELD(P9_RAW_THRESH_START, P9_THRESH_ISSUED) |		\
	 P9_RAW_FIELD(P9_RAW_THRESH_STOP, P9_THRESH_FINISHED))
#define P9_MEM_LOADS	P9_MEM_EVENT(P9_ELIG_LOADS)
#define P9_MEM_STORES	P9_MEM_EVENT(P9_ELIG_STORES)

bool p9_mem_events(u64 *loads, u64 *stores);

#endif /* _P9_EVENT_H */
