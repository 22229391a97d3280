/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU register layouts (Appendix A of the PMU User's Guide).
 *
 * The manual numbers bits from the most significant (0) to the least
 * significant (63); P9_IBM_BIT() and P9_IBM_FIELD() take its numbers, so
 * each definition can be checked against the tables by eye.
 */
#ifndef _PMU_SUITE_POWER9_REGS_H
#define _PMU_SUITE_POWER9_REGS_H

#include <linux/bits.h>
#include <linux/types.h>

#define P9_IBM_BIT(n)		BIT_ULL(63 - (n))
#define P9_IBM_FIELD(first, last)	GENMASK_ULL(63 - (first), 63 - (last))

/* MMCR0 (A.3) */
#define P9_MMCR0_FC		P9_IBM_BIT(32)
#define P9_MMCR0_FCS		P9_IBM_BIT(33)
#define P9_MMCR0_FCP		P9_IBM_BIT(34)
#define P9_MMCR0_FCM1		P9_IBM_BIT(35)
#define P9_MMCR0_FCM0		P9_IBM_BIT(36)
#define P9_MMCR0_PMAE		P9_IBM_BIT(37)
#define P9_MMCR0_FCECE		P9_IBM_BIT(38)
#define P9_MMCR0_TBEE		P9_IBM_BIT(41)
#define P9_MMCR0_BHRBA		P9_IBM_BIT(42)
#define P9_MMCR0_EBE		P9_IBM_BIT(43)
#define P9_MMCR0_PMCC		P9_IBM_FIELD(44, 45)
#define P9_MMCR0_PMC1CE		P9_IBM_BIT(48)
#define P9_MMCR0_PMCJCE		P9_IBM_BIT(49)
#define P9_MMCR0_TRIGGER		P9_IBM_BIT(50)
#define P9_MMCR0_FCPC		P9_IBM_BIT(51)
#define P9_MMCR0_PMAOQ		P9_IBM_BIT(52)
#define P9_MMCR0_CC56RUN		P9_IBM_BIT(55)
#define P9_MMCR0_PMAO		P9_IBM_BIT(56)
#define P9_MMCR0_FC1_4		P9_IBM_BIT(58)
#define P9_MMCR0_FC5_6		P9_IBM_BIT(59)
#define P9_MMCR0_FCWAIT		P9_IBM_BIT(62)
#define P9_MMCR0_FCH		P9_IBM_BIT(63)

/*
 * MMCR1 (A.4), per programmable PMC n = 1..4: PMCnUNIT at IBM 4(n-1):4n-1,
 * PMCnCOMB at 24+2(n-1):25+2(n-1), PMCnSEL at 32+8(n-1):39+8(n-1).
 */
#define P9_MMCR1_UNIT_SHIFT(n)	(60 - 4 * ((n) - 1))
#define P9_MMCR1_COMB_SHIFT(n)	(38 - 2 * ((n) - 1))
#define P9_MMCR1_SEL_SHIFT(n)	(24 - 8 * ((n) - 1))
#define P9_MMCR1_DC_RLD_QUAL	P9_IBM_BIT(16)
#define P9_MMCR1_IC_RLD_QUAL	P9_IBM_BIT(17)

/*
 * MMCR2 (A.5): a 9-bit field per PMC n = 1..6 at IBM 9(n-1), holding
 * FCnS, FCnP, FCnPC, FCnM1, FCnM0, FCnWAIT, FCnH, FCnTI, FCnTA.
 */
#define P9_MMCR2_FCS(n)		BIT_ULL(63 - 9 * ((n) - 1))
#define P9_MMCR2_FCP(n)		BIT_ULL(62 - 9 * ((n) - 1))
#define P9_MMCR2_FCPC(n)		BIT_ULL(61 - 9 * ((n) - 1))
#define P9_MMCR2_FCWAIT(n)		BIT_ULL(58 - 9 * ((n) - 1))
#define P9_MMCR2_FCH(n)		BIT_ULL(57 - 9 * ((n) - 1))

/* MMCRA (A.6) */
#define P9_MMCRA_THRESH_CMP_EXP	P9_IBM_FIELD(9, 11)
#define P9_MMCRA_THRESH_CMP_MANT	P9_IBM_FIELD(12, 18)
#define P9_MMCRA_SDAR_MODE		P9_IBM_FIELD(20, 21)
/* BHRB filters: each F bit keeps its kind of branch out of the BHRB. */
#define P9_MMCRA_BHRB_FD		P9_IBM_BIT(27)	/* direct */
#define P9_MMCRA_BHRB_FU		P9_IBM_BIT(28)	/* unconditional */
#define P9_MMCRA_BHRB_FC		P9_IBM_BIT(29)	/* call */
#define P9_MMCRA_BHRB_FR		P9_IBM_BIT(30)	/* return */
#define P9_MMCRA_BHRB_FJ		P9_IBM_BIT(31)	/* jump */
#define P9_MMCRA_IFM		P9_IBM_FIELD(32, 33)
#define P9_MMCRA_BHRB_BITS	(P9_MMCRA_BHRB_FD | P9_MMCRA_BHRB_FU | \
				 P9_MMCRA_BHRB_FC | P9_MMCRA_BHRB_FR | \
				 P9_MMCRA_BHRB_FJ | P9_MMCRA_IFM)
/* IFM 01: no jumps, no returns, so calls alone */
#define P9_MMCRA_IFM_CALLS		1
#define P9_MMCRA_THRESH_CTR_EXP	P9_IBM_FIELD(34, 36)
#define P9_MMCRA_THRESH_CTR_MANT	P9_IBM_FIELD(38, 44)
#define P9_MMCRA_THRESH_EVENT_SEL	P9_IBM_FIELD(45, 47)
#define P9_MMCRA_THRESH_START	P9_IBM_FIELD(48, 51)
#define P9_MMCRA_THRESH_END	P9_IBM_FIELD(52, 55)
#define P9_MMCRA_RAND_SAMP_ELIG	P9_IBM_FIELD(57, 59)
#define P9_MMCRA_SAMPLE_RESET	P9_IBM_BIT(60)
#define P9_MMCRA_RAND_SAMP_MODE	P9_IBM_FIELD(61, 62)
#define P9_MMCRA_SAMPLE_ENABLE	P9_IBM_BIT(63)

/* SIER (A.7) */
#define P9_SIER_DATA_SRC		P9_IBM_FIELD(8, 10)
#define P9_SIER_MSR_PR		P9_IBM_BIT(38)
#define P9_SIER_MSR_HV		P9_IBM_BIT(39)
#define P9_SIER_SIAR_VALID		P9_IBM_BIT(41)
#define P9_SIER_SDAR_VALID		P9_IBM_BIT(42)
#define P9_SIER_TE			P9_IBM_BIT(43)
#define P9_SIER_TYPE		P9_IBM_FIELD(46, 48)
#define P9_SIER_TAK_BR		P9_IBM_BIT(52)
#define P9_SIER_MPRED		P9_IBM_BIT(53)
#define P9_SIER_DERAT_MISS		P9_IBM_BIT(56)
#define P9_SIER_A_XLATE_SRC	P9_IBM_FIELD(57, 59)
#define P9_SIER_LDST		P9_IBM_FIELD(60, 62)
#define P9_SIER_CMPL		P9_IBM_BIT(63)

/* SIER[TYPE] values */
#define P9_SIER_TYPE_LOAD		1
#define P9_SIER_TYPE_STORE		2

/**
 * struct p9_mmcr - the control registers, with the counters running
 * @mmcr0: MMCR0 (the caller adds MMCR0[FC] to freeze)
 * @mmcr1: MMCR1: unit, combination and selector of PMC1-4
 * @mmcr2: MMCR2: per-counter freeze conditions
 * @mmcra: MMCRA: sampling and thresholds
 */
/*
 * A BHRB entry (mfbhrbe): the effective address of a taken branch, or,
 * with T set, the target of the XL-form branch in the entry after it
 * (entry 0 is the newest); P set when the branch was mispredicted. An
 * entry of 0 ends the history.
 */
#define P9_BHRB_EA			GENMASK_ULL(63, 2)
#define P9_BHRB_TARGET		P9_IBM_BIT(62)
#define P9_BHRB_MISPRED		P9_IBM_BIT(63)
#define P9_BHRB_ENTRIES		32

/* The MMCRs a control register value is written to, besides MMCR0 */
enum p9_mmcr_reg {
	P9_MMCR1,
	P9_MMCR2,
	P9_MMCRA,
};

struct p9_mmcr {
	u64 mmcr0;
	u64 mmcr1;
	u64 mmcr2;
	u64 mmcra;
};

/**
 * struct p9_ebb_task - the MMCR bits an event-based branch task owns,
 *	kept with the task while its events are off the PMU
 * @mmcr0: MMCR0[FC, PMAE, PMAO]
 * @mmcr2: MMCR2[FCnP]
 */
struct p9_ebb_task {
	u64 mmcr0;
	u64 mmcr2;
};

#endif /* _PMU_SUITE_POWER9_REGS_H */
