// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: configuration register values.
 *
 * Every counter is a privileged monitor (pm = 1): it counts while PSR.pp
 * is set, which only the kernel can change, and its PMD reads as zero
 * from user space (Table 3-4). Every counter interrupts when it wraps
 * (oi = 1), so that the driver folds a 47-bit counter before it can wrap
 * twice; ev (external notification) stays clear. ism is '10 (3.2.3.3).
 *
 * The tag channels are programmed after the table of 3.2.3.1 ("Event
 * Qualification Modes"); a channel nothing qualifies keeps its reset
 * values, in which nothing constrains it.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/export.h>
#include <linux/minmax.h>
#include <linux/string.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-pmc.h"

/**
 * ia64_counter_pmc() - PMC4-15 value of an event
 * @ev: a decoded event, with its privilege levels
 */
u64 ia64_counter_pmc(const struct ia64_event *ev)
{
	return FIELD_PREP(IA64_PMC_PLM, ev->plm) | IA64_PMC_OI | IA64_PMC_PM |
	       FIELD_PREP(IA64_PMC_ES, ev->code) |
	       FIELD_PREP(IA64_PMC_UMASK, ev->umask) |
	       FIELD_PREP(IA64_PMC_THRESHOLD, ev->threshold) |
	       FIELD_PREP(IA64_PMC_ISM, IA64_ISM_IA64) |
	       (ev->all ? IA64_PMC_ALL : 0) |
	       FIELD_PREP(IA64_PMC_MESI, ev->mesi);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_counter_pmc);

/* IBR/DBR mask of an aligned range of 2^lg bytes. */
static u64 ia64_range_mask(unsigned int lg)
{
	return ~(BIT_ULL(lg) - 1) & IA64_BR_MASK;
}

/*
 * Program IBR pair @pair with @addr and a mask of 2^@lg bytes, matching
 * at every privilege level: the counters' plm does the filtering.
 */
static void ia64_set_ibrp(struct ia64_pmcs *p, unsigned int pair, u64 addr,
			  unsigned int lg)
{
	p->ibr[2 * pair] = addr;
	p->ibr[2 * pair + 1] = ia64_range_mask(lg) |
			       FIELD_PREP(IA64_IBR_PLM, 0xf);
	p->ibrp_used |= BIT(pair);
}

/*
 * Fine mode (3.3.5.4): range 0 takes IBRP0 as its exclusive lower limit
 * and IBRP2 as its exclusive upper one, range 1 IBRP1 and IBRP3, both
 * with the window's bits 63:16 compared under the masks; PMC38.fine set
 * and the ig_ibrp bits of both pairs clear.
 */
static void ia64_set_fine(struct ia64_pmcs *p, unsigned int pair,
			  const struct ia64_qualifier *q)
{
	u64 window = q->base & ~(IA64_FINE_WINDOW - 1);
	u64 end = (q->base & (IA64_FINE_WINDOW - 1)) + q->len;

	p->iar |= IA64_IAR_FINE;
	ia64_set_ibrp(p, pair, q->base - 1, IA64_FINE_WINDOW_LG);
	/* A range up to the window's end: 0xffff is above its last bundle. */
	ia64_set_ibrp(p, pair + 2, window | min(end, IA64_FINE_WINDOW - 1),
		      IA64_FINE_WINDOW_LG);
}

/* PMC38's ig_ibrp bit of each pair (Table 3-9). */
static const u64 ia64_ig_ibrp[IA64_IBR_PAIRS] = {
	IA64_IAR_IG_IBRP0, IA64_IAR_IG_IBRP1, IA64_IAR_IG_IBRP2,
	IA64_IAR_IG_IBRP3,
};

/* Enable the range of pair @pair (and its upper limit's, when fine). */
static void ia64_set_range(struct ia64_pmcs *p, unsigned int pair,
			   const struct ia64_qualifier *q)
{
	if (q->kind != IA64_QUAL_IAR)
		return;
	p->iar &= ~ia64_ig_ibrp[pair];
	if (q->fine) {
		p->iar &= ~ia64_ig_ibrp[pair + 2];
		ia64_set_fine(p, pair, q);
	} else {
		ia64_set_ibrp(p, pair, q->base, q->range_lg);
	}
}

/*
 * Opcode matcher @m (OpCM0: PMC32/33, OpCM1: PMC34/35) from channel @m's
 * opcode qualification or channel @m + 2's, which must agree. PMC32's
 * ig_ad and inv are set by the caller; PMC34's are ignored (Table 3-10)
 * and keep their reset values.
 */
static void ia64_set_opcm(const struct ia64_schedule *s, unsigned int m,
			  u64 *mask, u64 *match)
{
	const struct ia64_qualifier *q = &s->chan[m].part[IA64_QUAL_OPC];

	if (q->kind == IA64_QUAL_NONE)
		q = &s->chan[m + 2].part[IA64_QUAL_OPC];
	if (q->kind == IA64_QUAL_NONE)
		return;
	*mask = (q->opc_mask & IA64_OPCM_BITS) |
		FIELD_PREP(IA64_OPCM_MIFB, q->mifb) |
		(*mask & (IA64_OPCM_INV | IA64_OPCM_IG_AD));
	*match = q->opc_match & IA64_OPCM_BITS;
}

/*
 * The tag channels after the table of 3.2.3.1 and Tables 3-9 to 3-13.
 * Channel 0 with an instruction range clears PMC32.ig_ad (and sets inv
 * as asked); with opcodes only it keeps ig_ad set and clears inv, which
 * PMC38.ig_ibrp0 = 1 makes equivalent to the table's ig_ad = 0. PMC41's
 * cfgdtag0 is 10 for a data range alone, 00 (IBR/Opc/DBR) for a data
 * range with an instruction range or opcodes, and 01 (IBR/Opc) for those
 * without one. The table gives [1,00] for "Instruction Address Range
 * Check only", the same as for an instruction and a data range: that
 * would also require a DBRP0 match of memory events; [1,01] is what the
 * mode means, as for opcode matching.
 */
static void ia64_compute_qual(const struct ia64_schedule *s,
			      struct ia64_pmcs *p)
{
	const struct ia64_channel *c0 = &s->chan[0];
	const struct ia64_qualifier *dar = &c0->part[IA64_QUAL_DAR];
	u8 kinds = ia64_channel_kinds(c0);
	unsigned int c;

	p->opcm0_mask = IA64_OPCM_RESET;
	p->opcm0_match = IA64_OPCM_BITS;
	p->opcm1_mask = IA64_OPCM_RESET;
	p->opcm1_match = IA64_OPCM_BITS;
	p->opc_cfg = IA64_OPC_CFG_IG_ALL;
	p->iar = IA64_IAR_RESET;
	p->dar = IA64_DAR_RESET;
	if (kinds & BIT(IA64_QUAL_IAR)) {
		p->opcm0_mask &= ~(IA64_OPCM_IG_AD | IA64_OPCM_INV);
		if (c0->part[IA64_QUAL_IAR].inv)
			p->opcm0_mask |= IA64_OPCM_INV;
	} else if (kinds & BIT(IA64_QUAL_OPC)) {
		p->opcm0_mask &= ~IA64_OPCM_INV;
	}
	ia64_set_opcm(s, 0, &p->opcm0_mask, &p->opcm0_match);
	ia64_set_opcm(s, 1, &p->opcm1_mask, &p->opcm1_match);
	for (c = 0; c < IA64_TAG_CHANNELS; c++)
		if (s->chan[c].part[IA64_QUAL_OPC].kind != IA64_QUAL_NONE)
			p->opc_cfg &= ~BIT_ULL(c);
	/* Channel 1's range is IBRP1's, programmed from s->prefetch. */
	ia64_set_range(p, IA64_IBRP0, &c0->part[IA64_QUAL_IAR]);
	ia64_set_range(p, IA64_IBRP1, &s->prefetch);
	ia64_set_range(p, IA64_IBRP2, &s->chan[2].part[IA64_QUAL_IAR]);
	ia64_set_range(p, IA64_IBRP3, &s->chan[3].part[IA64_QUAL_IAR]);
	if (kinds & (BIT(IA64_QUAL_OPC) | BIT(IA64_QUAL_IAR)))
		p->dar = (IA64_DAR_RESET & ~IA64_DAR_CFGDTAG0) |
			 FIELD_PREP(IA64_DAR_CFGDTAG0, IA64_DTAG_IBR_OPC);
	if (dar->kind == IA64_QUAL_DAR) {
		p->dar = (IA64_DAR_RESET & ~IA64_DAR_CFGDTAG0) |
			 IA64_DAR_EN_DBRP0 |
			 FIELD_PREP(IA64_DAR_CFGDTAG0, kinds == BIT(IA64_QUAL_DAR) ?
				    IA64_DTAG_DBR : IA64_DTAG_IBR_OPC_DBR);
		p->dbr[0] = dar->base;
		/* x, r, w and plm clear: the pair serves the PMU only. */
		p->dbr[1] = ia64_range_mask(dar->range_lg);
		p->use_dbr = true;
	}
}

static u64 ia64_dear_pmc(const struct ia64_event *ev)
{
	return FIELD_PREP(IA64_DEAR_PLM, ev->plm) | IA64_DEAR_PM |
	       FIELD_PREP(IA64_DEAR_MODE, ev->ear_mode) |
	       FIELD_PREP(IA64_DEAR_UMASK, ev->ear_umask) |
	       FIELD_PREP(IA64_DEAR_ISM, IA64_ISM_IA64);
}

/*
 * PMC37: Table 3-14 gives umask as bits 11:5 or 12:5 and ct as 13:12.
 * Both hold: in cache mode (ct = 1x) bit 13 is set and bits 12:5 are the
 * threshold; in TLB mode (ct = 00) the unit mask is bits 7:5.
 */
static u64 ia64_iear_pmc(const struct ia64_event *ev)
{
	u64 v = FIELD_PREP(IA64_IEAR_PLM, ev->plm) | IA64_IEAR_PM;

	if (ev->ear_mode == IA64_IEAR_MODE_CACHE)
		return v | FIELD_PREP(IA64_IEAR_UMASK_CACHE, ev->ear_umask) |
		       BIT_ULL(13);
	return v | FIELD_PREP(IA64_IEAR_UMASK_TLB, ev->ear_umask);
}

/**
 * ia64_compute_pmcs() - the configuration registers for a placed group
 * @evs: the group's decoded events, with their privilege levels
 * @n: how many
 * @s: their placement, from ia64_schedule()
 * @p: filled with the register values
 */
void ia64_compute_pmcs(const struct ia64_event *evs, unsigned int n,
		       const struct ia64_schedule *s, struct ia64_pmcs *p)
{
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++)
		p->counter[s->pmd[i]] = ia64_counter_pmc(&evs[i]);
	ia64_compute_qual(s, p);
	/* An unused EAR: plm 0 disables PMC40, ct = 01 monitors nothing. */
	p->dear = s->dear >= 0 ? ia64_dear_pmc(&evs[s->dear]) : 0;
	p->iear = s->iear >= 0 ? ia64_iear_pmc(&evs[s->iear]) :
		  FIELD_PREP(IA64_IEAR_CT, 1);
	/*
	 * tm = 00 captures nothing; PMC42.mode = 000 leaves the buffer to
	 * the ETB, a non-zero mode overrides PMC39 (3.3.10.2).
	 */
	p->etb = s->etb >= 0 ? evs[s->etb].etb : 0;
	p->ipear = s->etb >= 0 ? evs[s->etb].ipear : 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_compute_pmcs);
