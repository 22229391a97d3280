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
 * Tag channel 0 is programmed after the table of 3.2.3.1 ("Event
 * Qualification Modes"); channels 1-3 keep their reset values, in which
 * nothing constrains them.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/export.h>
#include <linux/minmax.h>
#include <linux/string.h>

#include "ia64-pmc.h"
#include <pmu-suite/ia64-regs.h>

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
 * Fine mode (3.3.5.4): IBRP0 holds the exclusive lower limit, IBRP2 the
 * exclusive upper one, both with the window's bits 63:16 compared under
 * the masks; PMC38.ig_ibrp0 and ig_ibrp2 clear, PMC38.fine set.
 */
static void ia64_compute_fine(const struct ia64_qualifier *q,
			      struct ia64_pmcs *p)
{
	u64 window = q->base & ~(IA64_FINE_WINDOW - 1);
	u64 end = (q->base & (IA64_FINE_WINDOW - 1)) + q->len;

	p->iar &= ~IA64_IAR_IG_IBRP2;
	p->iar |= IA64_IAR_FINE;
	ia64_set_ibrp(p, IA64_IBRP0, q->base - 1, IA64_FINE_WINDOW_LG);
	/* A range up to the window's end: 0xffff is above its last bundle. */
	ia64_set_ibrp(p, IA64_IBRP2, window | min(end, IA64_FINE_WINDOW - 1),
		      IA64_FINE_WINDOW_LG);
}

static void ia64_compute_qual(const struct ia64_qualifier *q, struct ia64_pmcs *p)
{
	p->opcm0_mask = IA64_OPCM_RESET;
	p->opcm0_match = IA64_OPCM_BITS;
	p->opcm1_mask = IA64_OPCM_RESET;
	p->opcm1_match = IA64_OPCM_BITS;
	p->opc_cfg = IA64_OPC_CFG_IG_ALL;
	p->iar = IA64_IAR_RESET;
	p->dar = IA64_DAR_RESET;
	switch (q->kind) {
	case IA64_QUAL_OPC:
		/* "Opcode Matching only": ig_ad stays 1, channel 0 matched. */
		p->opcm0_mask = (q->opc_mask & IA64_OPCM_BITS) |
				FIELD_PREP(IA64_OPCM_MIFB, q->mifb) |
				IA64_OPCM_IG_AD;
		p->opcm0_match = q->opc_match & IA64_OPCM_BITS;
		p->opc_cfg = IA64_OPC_CFG_IG_ALL & ~BIT_ULL(0);
		p->dar = (IA64_DAR_RESET & ~IA64_DAR_CFGDTAG0) |
			 FIELD_PREP(IA64_DAR_CFGDTAG0, IA64_DTAG_IBR_OPC);
		break;
	case IA64_QUAL_IAR:
		/*
		 * "Instruction Address Range Check only": ig_ad = 0 and
		 * ig_ibrp0 = 0. The table gives PMC41 [1,00], which would also
		 * require a DBRP0 match of memory events; [1,01], IBR/Opc
		 * only, is what the mode means, as for opcode matching.
		 */
		p->opcm0_mask = IA64_OPCM_RESET & ~(IA64_OPCM_IG_AD | IA64_OPCM_INV);
		if (q->inv)
			p->opcm0_mask |= IA64_OPCM_INV;
		p->iar = IA64_IAR_RESET & ~IA64_IAR_IG_IBRP0;
		p->dar = (IA64_DAR_RESET & ~IA64_DAR_CFGDTAG0) |
			 FIELD_PREP(IA64_DAR_CFGDTAG0, IA64_DTAG_IBR_OPC);
		if (q->fine)
			ia64_compute_fine(q, p);
		else
			ia64_set_ibrp(p, IA64_IBRP0, q->base, q->range_lg);
		break;
	case IA64_QUAL_DAR:
		/* "Data Address Range Check only": DBRP0, cfgdtag0 = 10. */
		p->dar = (IA64_DAR_RESET & ~IA64_DAR_CFGDTAG0) |
			 IA64_DAR_EN_DBRP0 |
			 FIELD_PREP(IA64_DAR_CFGDTAG0, IA64_DTAG_DBR);
		p->dbr[0] = q->base;
		/* x, r, w and plm clear: the pair serves the PMU only. */
		p->dbr[1] = ia64_range_mask(q->range_lg);
		p->use_dbr = true;
		break;
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
	ia64_compute_qual(&s->qual, p);
	if (s->prefetch.kind == IA64_QUAL_IAR) {
		/* IBRP1, PMC38.ig_ibrp1 clear (3.3.5.2). */
		p->iar &= ~IA64_IAR_IG_IBRP1;
		ia64_set_ibrp(p, IA64_IBRP1, s->prefetch.base,
			      s->prefetch.range_lg);
	}
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
