/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 core PMU: register numbers and fields (chapter 3 of the
 * Reference Manual for Software Development and Optimization).
 */
#ifndef _PMU_SUITE_ITANIUM9300_REGS_H
#define _PMU_SUITE_ITANIUM9300_REGS_H

#include <linux/bits.h>

/* CPUID family and model of the Itanium 9300 series (2.1). */
#define IA64_9300_FAMILY	0x20
#define IA64_9300_MODEL		0x02

/* Generic counters PMC/PMD4-15 (3.3.2): 4-9 duplicated, 10-15 banked. */
#define IA64_FIRST_COUNTER	4
#define IA64_LAST_COUNTER	15
#define IA64_NUM_COUNTERS	12
#define IA64_COUNTER_WIDTH	47
/* Masks of counters, bit n standing for PMD n. */
#define IA64_COUNTERS_ALL	GENMASK(15, 4)
#define IA64_COUNTERS_DUP	GENMASK(9, 4)
#define IA64_COUNTERS_BANKED	GENMASK(15, 10)

/* PMC0: freeze bit and overflow bits (Table 3-7). */
#define IA64_PMC0_FR		BIT_ULL(0)
#define IA64_PMC0_OVF		GENMASK_ULL(15, 4)

/* PMC4-15 (Table 3-5). */
#define IA64_PMC_PLM		GENMASK_ULL(3, 0)
#define IA64_PMC_EV		BIT_ULL(4)
#define IA64_PMC_OI		BIT_ULL(5)
#define IA64_PMC_PM		BIT_ULL(6)
#define IA64_PMC_ES		GENMASK_ULL(15, 8)
#define IA64_PMC_UMASK		GENMASK_ULL(19, 16)
#define IA64_PMC_THRESHOLD	GENMASK_ULL(22, 20)
#define IA64_PMC_ISM		GENMASK_ULL(25, 24)
#define IA64_PMC_ALL		BIT_ULL(26)
#define IA64_PMC_MESI		GENMASK_ULL(30, 27)
/* ism must be '10, Itanium instructions only (3.2.3.3). */
#define IA64_ISM_IA64		2

/* Privilege levels of PSR.cpl: the kernel runs at 0, user space at 3. */
#define IA64_PLM_KERNEL		BIT(0)
#define IA64_PLM_USER		BIT(3)

/*
 * User addresses are in regions 0-4; Linux keeps regions 5-7 for the
 * kernel: region 5 holds its text, modules and vmalloc (below
 * PAGE_OFFSET, which starts region 7).
 */
#define IA64_USER_END		0xa000000000000000ULL

/* PMD4-15 (Table 3-6): reads sign-extend bit 46 into bits 47-63. */
#define IA64_PMD_COUNT		GENMASK_ULL(46, 0)

/* Opcode matchers (3.3.6): PMC32/33 is OpCM0, PMC34/35 OpCM1. */
#define IA64_PMC_OPCM0_MASK	32
#define IA64_PMC_OPCM0_MATCH	33
#define IA64_PMC_OPCM1_MASK	34
#define IA64_PMC_OPCM1_MATCH	35
#define IA64_PMC_OPC_CFG	36
#define IA64_PMC_IEAR		37
#define IA64_PMC_IAR		38
#define IA64_PMC_ETB		39
#define IA64_PMC_DEAR		40
#define IA64_PMC_DAR		41
#define IA64_PMC_IPEAR		42

#define IA64_OPCM_BITS		GENMASK_ULL(40, 0)
#define IA64_OPCM_B		BIT_ULL(48)
#define IA64_OPCM_F		BIT_ULL(49)
#define IA64_OPCM_I		BIT_ULL(50)
#define IA64_OPCM_M		BIT_ULL(51)
#define IA64_OPCM_MIFB		GENMASK_ULL(51, 48)
#define IA64_OPCM_INV		BIT_ULL(56)
#define IA64_OPCM_IG_AD		BIT_ULL(57)
/*
 * Reset value of PMC32-35 (Table 3-10: every field 1). Section 3.4.2
 * prints 0xffffffffffff, which leaves out mifb, inv and ig_ad; the
 * per-field reset values of the table are taken.
 */
#define IA64_OPCM_RESET		(IA64_OPCM_BITS | IA64_OPCM_MIFB | \
				 IA64_OPCM_INV | IA64_OPCM_IG_AD)

/* PMC36 (Table 3-12): bit n set leaves tag channel n unconstrained. */
#define IA64_OPC_CFG_IG_ALL	GENMASK_ULL(3, 0)

/* PMC38 (Table 3-9). */
#define IA64_IAR_IG_IBRP0	BIT_ULL(1)
#define IA64_IAR_IG_IBRP1	BIT_ULL(4)
#define IA64_IAR_IG_IBRP2	BIT_ULL(7)
#define IA64_IAR_IG_IBRP3	BIT_ULL(10)
#define IA64_IAR_FINE		BIT_ULL(13)
#define IA64_IAR_RESET		0xdb6ULL	/* also sets reserved bits */

/* PMC41 (Table 3-13). */
#define IA64_DAR_CFGDTAG0	GENMASK_ULL(4, 3)
#define IA64_DAR_EN_DBRP0	BIT_ULL(45)
#define IA64_DAR_RESET		0x2078fefefefeULL
#define IA64_DTAG_IBR_OPC_DBR	0
#define IA64_DTAG_IBR_OPC	1
#define IA64_DTAG_DBR		2
#define IA64_DTAG_NONE		3

/* IBR/DBR pairs: even register address, odd register mask (and plm). */
#define IA64_IBR_PAIRS		4	/* IBRP0-3, one per tag channel */
#define IA64_IBRP0		0	/* channel 0 range, a fine range's base */
#define IA64_IBRP1		1	/* channel 1 and the prefetch events (3.3.5.2) */
#define IA64_IBRP2		2	/* channel 2, or fine range 0's upper limit */
#define IA64_IBRP3		3	/* channel 3, or fine range 1's upper limit */
#define IA64_BR_MASK		GENMASK_ULL(55, 0)
#define IA64_IBR_PLM		GENMASK_ULL(59, 56)

/* PMC37, instruction EAR (Table 3-14). */
#define IA64_IEAR_PLM		GENMASK_ULL(3, 0)
#define IA64_IEAR_PM		BIT_ULL(4)
#define IA64_IEAR_UMASK_CACHE	GENMASK_ULL(12, 5)
#define IA64_IEAR_UMASK_TLB	GENMASK_ULL(7, 5)
#define IA64_IEAR_CT		GENMASK_ULL(13, 12)
#define IA64_IEAR_CT_CACHE	2
#define IA64_IEAR_CT_TLB	0

/* PMD34/35, instruction EAR data (Tables 3-16 and 3-18). */
#define IA64_PMD34_STAT		GENMASK_ULL(1, 0)
#define IA64_PMD34_ADDR		GENMASK_ULL(63, 5)
#define IA64_PMD35_LATENCY	GENMASK_ULL(11, 0)
#define IA64_PMD35_OV		BIT_ULL(12)

/* PMC40, data EAR (Table 3-19). */
#define IA64_DEAR_PLM		GENMASK_ULL(3, 0)
#define IA64_DEAR_PM		BIT_ULL(6)
#define IA64_DEAR_MODE		GENMASK_ULL(8, 7)
#define IA64_DEAR_UMASK		GENMASK_ULL(19, 16)
#define IA64_DEAR_ISM		GENMASK_ULL(25, 24)
#define IA64_DEAR_MODE_CACHE	0
#define IA64_DEAR_MODE_TLB	1
#define IA64_DEAR_MODE_ALAT	2

/* PMD32/33/36, data EAR data (Tables 3-21, 3-23, 3-24). */
#define IA64_PMD33_LATENCY	GENMASK_ULL(12, 0)
#define IA64_PMD33_OV		BIT_ULL(13)
#define IA64_PMD33_STAT		GENMASK_ULL(15, 14)
#define IA64_PMD36_SLOT		GENMASK_ULL(1, 0)
#define IA64_PMD36_BN		BIT_ULL(2)
#define IA64_PMD36_VL		BIT_ULL(3)
#define IA64_PMD36_IP		GENMASK_ULL(63, 4)

/* PMC39, execution trace buffer (Table 3-25). */
#define IA64_ETB_PLM		GENMASK_ULL(3, 0)
#define IA64_ETB_DRT		BIT_ULL(4)
#define IA64_ETB_PM		BIT_ULL(6)
#define IA64_ETB_DS		BIT_ULL(7)
#define IA64_ETB_TM		GENMASK_ULL(9, 8)
#define IA64_ETB_PTM		GENMASK_ULL(11, 10)
#define IA64_ETB_PPM		GENMASK_ULL(13, 12)
#define IA64_ETB_BRT		GENMASK_ULL(15, 14)
#define IA64_BRT_ALL		0
#define IA64_BRT_IPREL		1
#define IA64_BRT_RETURN		2
#define IA64_BRT_INDIRECT	3
/*
 * PMC39's tm, ptm and ppm: bit 1 selects taken branches, correctly
 * predicted targets, correctly predicted paths; bit 0 not taken branches,
 * mispredicted targets, mispredicted paths. 00 captures nothing.
 */
#define IA64_ETB_MASK_BOTH	3
#define IA64_ETB_MASK_YES	2
#define IA64_ETB_MASK_NO	1

/* PMC42, IP-EAR (Table 3-29): mode 000 leaves the buffer to the ETB. */
#define IA64_IPEAR_PLM		GENMASK_ULL(3, 0)
#define IA64_IPEAR_PM		BIT_ULL(6)
#define IA64_IPEAR_MODE		GENMASK_ULL(10, 8)
#define IA64_IPEAR_DELAY	GENMASK_ULL(18, 11)
#define IA64_IPEAR_MODE_IPEAR	4

/* Data registers of the EARs and the ETB. */
#define IA64_PMD_DEAR_ADDR	32
#define IA64_PMD_DEAR_LAT	33
#define IA64_PMD_IEAR_ADDR	34
#define IA64_PMD_IEAR_LAT	35
#define IA64_PMD_DEAR_IP	36
#define IA64_PMD_ETB_INDEX	38
#define IA64_PMD_ETB_EXT	39
#define IA64_PMD_ETB_FIRST	48
#define IA64_ETB_ENTRIES	16

/* PMD38 (Table 3-27) and PMD48-63 (Table 3-26). */
#define IA64_PMD38_EBI		GENMASK_ULL(3, 0)
#define IA64_PMD38_FULL		BIT_ULL(5)
#define IA64_ETB_S		BIT_ULL(0)
#define IA64_ETB_MP		BIT_ULL(1)
#define IA64_ETB_SLOT		GENMASK_ULL(3, 2)
#define IA64_ETB_ADDR		GENMASK_ULL(63, 4)
#define IA64_ETB_SLOT_NOT_TAKEN	3
/* PMD39 holds four bits per entry: PMD48 in 3:0, PMD56 in 7:4, ... */
static inline unsigned int ia64_etb_ext_shift(unsigned int entry)
{
	return 4 * ((entry % 8) * 2 + entry / 8);
}

/* PMD39 nibble of one entry (Table 3-28). */
#define IA64_ETB_EXT_B1		BIT(0)
#define IA64_ETB_EXT_BRFLUSH	BIT(1)

/* PMD48-63 and their PMD39 nibbles in IP-EAR mode (Tables 3-30, 3-32). */
#define IA64_IPEAR_CYCL_LO	GENMASK_ULL(63, 60)
#define IA64_IPEAR_IP		GENMASK_ULL(59, 8)	/* IP bits 63:12 */
#define IA64_IPEAR_IP_LO	GENMASK_ULL(7, 0)	/* IP bits 11:4, or delay */
#define IA64_IPEAR_EXT_EF	BIT(0)
#define IA64_IPEAR_EXT_FLUSH	BIT(1)
#define IA64_IPEAR_EXT_CYCL_HI	GENMASK(3, 2)
#define IA64_IPEAR_CYCLES_MAX	63

/* PMD32-39 and 48-63 hold valid data only while PMC0.fr is set (3.3.1). */
static inline bool ia64_pmd_needs_freeze(unsigned int pmd)
{
	return (pmd >= 32 && pmd <= 39) || (pmd >= 48 && pmd <= 63);
}

/*
 * The QEAR of 5.3: CSRs of a core's CPE (Tables 5-3 to 5-7), one per
 * core, shared by its two threads, at these offsets of the "Core CPE 0-3"
 * windows (0x8000 + core * 0x1000 of a socket's window, Table 5-3).
 */
#define IA64_CPE_WINDOW(core)		(0x8000U + (core) * 0x1000U)
#define IA64_CPE_CORES			4
#define IA64_CPE_QEAR_DAT0		0x100
#define IA64_CPE_QEAR_DAT1		0x108
#define IA64_CPE_QEAR_CTL		0x110

/* CPE_CSR_QEAR_CTL (Table 5-5) */
#define IA64_QEAR_CTL_EN		BIT_ULL(0)
#define IA64_QEAR_CTL_LFSR_MSK		BIT_ULL(1)
#define IA64_QEAR_CTL_OT		BIT_ULL(2)
#define IA64_QEAR_CTL_MC		GENMASK_ULL(5, 3)
#define IA64_QEAR_CTL_OP		GENMASK_ULL(9, 6)
#define IA64_QEAR_CTL_OPMSK		GENMASK_ULL(13, 10)
#define IA64_QEAR_CTL_THRESH		GENMASK_ULL(15, 14)
#define IA64_QEAR_CTL_V64		BIT_ULL(16)
#define IA64_QEAR_CTL_CNT		GENMASK_ULL(31, 17)
#define IA64_QEAR_MC_HOM		BIT(0)
#define IA64_QEAR_MC_NCB		BIT(1)
#define IA64_QEAR_MC_NCS		BIT(2)

/* CPE_CSR_QEAR_DAT0 (Table 5-6) */
#define IA64_QEAR_DAT0_INPROG		BIT_ULL(0)
#define IA64_QEAR_DAT0_OV		BIT_ULL(1)
#define IA64_QEAR_DAT0_OP		GENMASK_ULL(5, 2)
#define IA64_QEAR_DAT0_PA_LO		GENMASK_ULL(31, 6)	/* PA 31:6 */

/* CPE_CSR_QEAR_DAT1 (Table 5-7) */
#define IA64_QEAR_DAT1_PA_HI		GENMASK_ULL(17, 0)	/* PA 49:32 */
#define IA64_QEAR_DAT1_MC		GENMASK_ULL(19, 18)
#define IA64_QEAR_DAT1_HNID		GENMASK_ULL(29, 20)
#define IA64_QEAR_DAT1_DATA_CMP		BIT_ULL(30)

#endif /* _PMU_SUITE_ITANIUM9300_REGS_H */
