/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SPARC T4 performance instrumentation registers, from chapter 10 of the
 * SPARC T4 Supplement: PCR0-3 (TABLE 10-1), PIC0-3 (TABLE 10-3) and the
 * DRAM performance counters (TABLES 10-4 to 10-7).
 */
#ifndef _PMU_SUITE_SPARC_T4_REGS_H
#define _PMU_SUITE_SPARC_T4_REGS_H

#include <linux/bits.h>

#define T4_NUM_COUNTERS		4

/* PCR0-3: hyperprivileged ASI 0x64, VA 0x00, 0x08, 0x10, 0x18. */
#define T4_PCR_OV		BIT_ULL(0)	/* PIC wrapped; sticky */
#define T4_PCR_TOE		BIT_ULL(1)	/* trap when ov is set */
#define T4_PCR_UT		BIT_ULL(2)	/* count in user mode */
#define T4_PCR_ST		BIT_ULL(3)	/* count in privileged mode */
#define T4_PCR_HT		BIT_ULL(4)	/* count in hyperprivileged mode */
#define T4_PCR_MASK_SHIFT	5
#define T4_PCR_MASK		GENMASK_ULL(10, 5)
#define T4_PCR_SL_SHIFT		11
#define T4_PCR_SL		GENMASK_ULL(15, 11)
#define T4_PCR_PICNPT		BIT_ULL(16)	/* user PIC access traps */
#define T4_PCR_PICNHT		BIT_ULL(17)	/* privileged PIC access traps */
#define T4_PCR_NTC		BIT_ULL(18)	/* ov set on a next-to-commit insn */
#define T4_PCR_RESERVED		GENMASK_ULL(63, 19)
#define T4_PCR_TRACE		(T4_PCR_UT | T4_PCR_ST | T4_PCR_HT)
/* Status bits software can clear but never set. */
#define T4_PCR_STATUS		(T4_PCR_OV | T4_PCR_NTC)

/* PIC0-3: ASI 0xB0, VA 0x00, 0x08, 0x10, 0x18; bits 63:32 reserved. */
#define T4_PIC_WIDTH		32
#define T4_PIC_ASI		0xb0

/*
 * DRAM performance counters, per memory controller (MCU). The tables say
 * "Count 4 Step 4096" for DRAM_PERF_CTL_REG and DRAM_PERF_COUNT01_REG but
 * "Count 2" for DRAM_PERF_COUNT23_REG; four MCUs (one register set each,
 * 4 KiB apart) is the reading the other two tables support.
 */
#define T4_DRAM_NR_MCU		4
#define T4_DRAM_MCU_STEP	0x1000ULL
#define T4_DRAM_PERF_CTL	0xf80400000408ULL
#define T4_DRAM_PERF_COUNT01	0xf80400000410ULL
#define T4_DRAM_PERF_COUNT23	0xf80400000418ULL

/* DRAM_PERF_CTL_REG: a 4-bit select code per counter, sel0 in bits 3:0. */
#define T4_DRAM_SEL_SHIFT(n)	(4 * (n))
#define T4_DRAM_SEL(n)		(0xfULL << T4_DRAM_SEL_SHIFT(n))

/*
 * DRAM_PERF_COUNT01_REG: counter 0 in bits 62:32 with its sticky overflow
 * in bit 63, counter 1 in bits 30:0 with its sticky bit 31. Section 10.5
 * says the counters are "32 bits each"; the register tables give 31 bits
 * of count and a sticky bit, which is the layout used here.
 */
#define T4_DRAM_WIDTH		31
#define T4_DRAM_COUNT_SHIFT(n)	((n) == 0 ? 32 : 0)
#define T4_DRAM_COUNT(n)	(GENMASK_ULL(30, 0) << T4_DRAM_COUNT_SHIFT(n))
#define T4_DRAM_STICKY(n)	(BIT_ULL(31) << T4_DRAM_COUNT_SHIFT(n))

/* Linux may use counters 0 and 1; 2 and 3 belong to power management. */
#define T4_DRAM_COUNTERS	2
#define T4_DRAM_NR_SELECT	13

#endif /* _PMU_SUITE_SPARC_T4_REGS_H */
