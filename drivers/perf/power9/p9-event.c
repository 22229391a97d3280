// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: decoding and checking raw event codes.
 *
 * Every rule here is one the PMU User's Guide states; the comment on each
 * says where. Pure logic: no register access, tested on UML.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bsearch.h>
#include <linux/errno.h>
#include <linux/export.h>

#include <pmu-suite/power9/regs.h>
#include "p9-catalogue.h"
#include "p9-event.h"

/*
 * Event selector classes (Table A-2, MMCR1[PMCxSEL(0:3)]): 0000-0111
 * direct events, 1000-1011 event bus events, 1100-1101 reserved,
 * 1110-1111 compatibility direct events.
 */
/*
 * The code a catalogue row would give: without the ebb bit, nor reload
 * qualifiers that reload_qual_en does not enable (Figure 5-2 ignores
 * them). PMC5/PMC6 and the DD2.x restrictions compare this.
 */
static u64 p9_event_code(u64 config)
{
	config &= ~P9_RAW_EBB;
	if (!(config & P9_RAW_RELOAD_QUAL_EN))
		config &= ~P9_RAW_RELOAD_QUAL;
	return config;
}

static bool p9_sel_is_bus(u8 sel)
{
	return (sel >> 6) == 0x2;
}

static bool p9_sel_is_reserved(u8 sel)
{
	return (sel >> 5) == 0x6;
}

/*
 * Unit selectors an event bus event may name (MMCR1[PMC1UNIT], A.4):
 * 0010/0011 ISU, 0100/0101 IFU, 0110 L2/L3, 1000-1011 MMU, 1100-1111 LSU;
 * 0000, 0001 and 0111 are reserved. Table A-3 gives 0111-1001 to L2/L3
 * buses instead, but the A.4 list agrees with the event tables, where
 * every L2/L3 event uses unit 0110 and every MMU event units 1000-1011.
 */
static bool p9_bus_unit_valid(u8 unit)
{
	return unit >= 2 && unit != 7;
}

/*
 * Random sampling eligibility per mode (Table A-5, with Tables 2-1 and
 * 2-2): what is not listed, or listed as reserved, is refused. Mode 11 is
 * reserved as a whole.
 */
static bool p9_sample_valid(u8 mode, u8 elig)
{
	switch (mode) {
	case P9_SAMPLE_MODE_RIS:
		return elig != 3;
	case P9_SAMPLE_MODE_LDST:
		return elig == 0 || elig == 4;
	case P9_SAMPLE_MODE_BRANCH:
		return elig <= 5;
	default:
		return false;
	}
}

/*
 * The codes of the same event on PMC1-4 when @config is exactly one of
 * the catalogue's codes that have alternatives; NULL otherwise. A code
 * with other fields set is another configuration, and keeps its PMC.
 */
static int p9_alternative_cmp(const void *key, const void *elt)
{
	u64 code = *(const u64 *)key;
	const struct p9_catalogue_alternative *a = elt;

	return code < a->code ? -1 : code > a->code;
}

static const u32 *p9_event_alternatives(u64 config)
{
	const struct p9_catalogue_alternative *a;

	/*
	 * The generator sorts the table by code. Inline, the comparison is
	 * not an indirect call per step: every event open decodes.
	 */
	a = __inline_bsearch(&config, p9_alternatives, P9_ALTERNATIVES_NR,
			     sizeof(*a), p9_alternative_cmp);
	return a ? a->on_pmc : NULL;
}

/**
 * p9_event_decode() - decode a raw event code and check it
 * @config: the raw code (perf_event_attr.config)
 * @ev: filled with the decoded fields
 * @why: on error, set to a short reason (for the driver's debug message)
 *
 * Return: 0, or -EINVAL when the manual forbids the code.
 */
int p9_event_decode(u64 config, struct p9_event *ev, const char **why)
{
	*ev = (struct p9_event) {
		.config = config,
		.pmc = FIELD_GET(P9_RAW_PMC, config),
		.unit = FIELD_GET(P9_RAW_UNIT, config),
		.comb = FIELD_GET(P9_RAW_COMB, config),
		.pmcxsel = FIELD_GET(P9_RAW_PMCXSEL, config),
		.mark = FIELD_GET(P9_RAW_MARK, config),
		.sample_elig = FIELD_GET(P9_RAW_SAMPLE_ELIG, config),
		.sample_mode = FIELD_GET(P9_RAW_SAMPLE_MODE, config),
		.thresh_sel = FIELD_GET(P9_RAW_THRESH_SEL, config),
		.thresh_start = FIELD_GET(P9_RAW_THRESH_START, config),
		.thresh_stop = FIELD_GET(P9_RAW_THRESH_STOP, config),
		.thresh_exp = FIELD_GET(P9_RAW_THRESH_EXP, config),
		.thresh_mant = FIELD_GET(P9_RAW_THRESH_MANT, config),
		.sdar_mode = FIELD_GET(P9_RAW_SDAR_MODE, config),
		.reload_qual_en = FIELD_GET(P9_RAW_RELOAD_QUAL_EN, config),
		.reload_qual = FIELD_GET(P9_RAW_RELOAD_QUAL, config),
		.ebb = FIELD_GET(P9_RAW_EBB, config),
		.alt = p9_event_alternatives(config),
	};

	/* Figure 5-2: bits 0:11, 40, 44 and 54 are reserved (0: EBB). */
	if (config & P9_RAW_RESERVED) {
		*why = "reserved bits set";
		return -EINVAL;
	}

	/*
	 * Section 5.16: PMC5 and PMC6 are not programmable; A.1: PMC5
	 * counts (run) instructions completed and PMC6 (run) cycles. A
	 * PMC field of 7 names no counter.
	 */
	if (ev->pmc == 7) {
		*why = "PMC field 7 names no counter";
		return -EINVAL;
	}
	if ((ev->pmc == 5 && p9_event_code(config) != P9_CODE_PMC5_RUN_INST) ||
	    (ev->pmc == 6 && p9_event_code(config) != P9_CODE_PMC6_RUN_CYC)) {
		*why = "PMC5 counts only 0x500fa and PMC6 only 0x600f4";
		return -EINVAL;
	}
	/* The task reads and writes its counter: it must know which. */
	if (ev->ebb && !ev->pmc) {
		*why = "EBB events must name their PMC";
		return -EINVAL;
	}

	if (p9_sel_is_reserved(ev->pmcxsel)) {
		*why = "event selector 0xc0-0xdf is reserved";
		return -EINVAL;
	}
	if (p9_sel_is_bus(ev->pmcxsel)) {
		if (!p9_bus_unit_valid(ev->unit)) {
			*why = "event bus event with a reserved unit";
			return -EINVAL;
		}
		ev->l2l3 = ev->unit == P9_UNIT_L2L3;
		ev->mmu = ev->unit >= P9_UNIT_MMU_FIRST &&
			  ev->unit <= P9_UNIT_MMU_LAST;
		/* Section 5.16: MMU events count on PMC1. */
		if (ev->mmu && ev->pmc > 1) {
			*why = "MMU events count on PMC1 only";
			return -EINVAL;
		}
		/* L2/L3 events name their PMC in every table row. */
		if (ev->l2l3 && (!ev->pmc || ev->pmc > 4)) {
			*why = "L2/L3 events need a PMC1-4 field";
			return -EINVAL;
		}
	}

	/*
	 * Figure 5-2: RELOAD_QUAL is ignored unless RELOAD_QUAL_EN is set,
	 * and so it is here (the kernel's own tests set it so, as the
	 * built-in PMU's "cache_sel" bits).
	 */
	if (!ev->reload_qual_en)
		ev->reload_qual = 0;

	/*
	 * Figure 5-2: sampling is not enabled without MARK, and (3.1.1)
	 * no thresholding event happens while MMCRA[63] = 0.
	 */
	if (!ev->mark && (config & (P9_RAW_SAMPLE | P9_RAW_THRESH))) {
		*why = "sampling or threshold fields without mark";
		return -EINVAL;
	}
	if (ev->mark && !p9_sample_valid(ev->sample_mode, ev->sample_elig)) {
		*why = "reserved random sampling mode or eligibility";
		return -EINVAL;
	}

	/*
	 * MMCRA[THRESH_EVENT_SEL] (A.6): 011 is reserved. The text lists
	 * seven values for eight codes; 3.1.1 says any event of PMC1-4 can
	 * be thresholded, so 100-111 are read as PMC1-PMC4.
	 */
	if (ev->thresh_sel == 3) {
		*why = "threshold event select 011 is reserved";
		return -EINVAL;
	}
	/* 000 disables thresholding: start, stop and compare would do nothing. */
	if (!ev->thresh_sel && (config & (P9_RAW_THRESH_CTL | P9_RAW_THRESH_CMP))) {
		*why = "threshold fields with threshold event select 000 (thresholding off)";
		return -EINVAL;
	}
	/* Table A-4: start/stop 0000 and 1111 are reserved. */
	if ((config & P9_RAW_THRESH_CTL) &&
	    (ev->thresh_start == 0 || ev->thresh_start == 0xf ||
	     ev->thresh_stop == 0 || ev->thresh_stop == 0xf)) {
		*why = "reserved threshold start or stop event";
		return -EINVAL;
	}
	/*
	 * 3.1: exponents go to 5 (maximum threshold 130,048), and a mantissa
	 * whose upper two bits are zero is invalid unless the exponent is.
	 */
	if (ev->thresh_exp > 5 ||
	    (ev->thresh_exp && !(ev->thresh_mant & 0x60))) {
		*why = "invalid threshold compare value";
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(p9_event_decode);

/**
 * p9_event_restricted() - whether a code counts wrongly on this processor
 * @config: the raw code
 * @pvr: the processor version register
 *
 * p9_restrictions[] lists the codes the DD2.1 and DD2.2 revisions count
 * wrongly (PVR[CFG] is the major revision, PVR[MIN] the minor one).
 */
bool p9_event_restricted(u64 config, u32 pvr)
{
	u64 code = p9_event_code(config);
	unsigned int lo = 0, hi = P9_RESTRICTIONS_NR, mid;

	/* The first row of the code: the generator sorts the rows by code. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (p9_restrictions[mid].code < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < P9_RESTRICTIONS_NR && p9_restrictions[lo].code == code;
	     lo++)
		if (p9_restrictions[lo].dd_major == ((pvr >> 8) & 0xf) &&
		    p9_restrictions[lo].dd_minor == (pvr & 0xf))
			return true;
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(p9_event_restricted);

/**
 * p9_event_mmcra_bits() - the MMCRA value an event asks for
 * @ev: a decoded event
 */
u64 p9_event_mmcra_bits(const struct p9_event *ev)
{
	u64 v = FIELD_PREP(P9_MMCRA_SDAR_MODE, ev->sdar_mode);

	if (!ev->mark)
		return v;
	return v | P9_MMCRA_SAMPLE_ENABLE |
	       FIELD_PREP(P9_MMCRA_RAND_SAMP_MODE, ev->sample_mode) |
	       FIELD_PREP(P9_MMCRA_RAND_SAMP_ELIG, ev->sample_elig) |
	       FIELD_PREP(P9_MMCRA_THRESH_EVENT_SEL, ev->thresh_sel) |
	       FIELD_PREP(P9_MMCRA_THRESH_START, ev->thresh_start) |
	       FIELD_PREP(P9_MMCRA_THRESH_END, ev->thresh_stop) |
	       FIELD_PREP(P9_MMCRA_THRESH_CMP_EXP, ev->thresh_exp) |
	       FIELD_PREP(P9_MMCRA_THRESH_CMP_MANT, ev->thresh_mant);
}
EXPORT_SYMBOL_IF_KUNIT(p9_event_mmcra_bits);
