// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 pure logic: decoding and refusing perf
 * configurations (every invalid code and field of chapter 3), the values
 * of the configuration registers, and the decoding of the EARs and of the
 * execution trace buffer in its ETB and IP-EAR modes.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite/counter.h>
#include <pmu-suite-test/kunit.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-event.h"
#include "ia64-pmc.h"
#include "ia64-sample.h"
#include "ia64-sched.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define CFG(code, umask)	IA64_CONFIG(code, umask)
#define QUAL(k)			FIELD_PREP(IA64_CFG1_QUAL, k)
#define LG(n)			FIELD_PREP(IA64_CFG1_RANGE_LG, n)
#define EAR(mode, umask)	(FIELD_PREP(IA64_CFG_EAR_MODE, mode) | \
				 FIELD_PREP(IA64_CFG_EAR_UMASK, umask))

static int decode(u64 c, u64 c1, u64 c2, struct ia64_event *ev)
{
	const char *why;

	return ia64_event_decode(c, c1, c2, ev, &why);
}

static void ia64_decode_every_catalogue_row(struct kunit *test)
{
	struct ia64_event ev;
	unsigned int i;

	for (i = 0; i < IA64_CATALOGUE_NR; i++) {
		const struct ia64_catalogue_event *c = &ia64_catalogue[i];

		KUNIT_EXPECT_EQ_MSG(test, decode(CFG(c->code, c->umask), 0, 0, &ev),
				    0, "%s", c->entry.alias);
		KUNIT_EXPECT_EQ(test, ev.code, c->code);
		KUNIT_EXPECT_EQ(test, ev.umask, c->umask);
	}
}

static void ia64_decode_refuses_codes(struct kunit *test)
{
	struct ia64_event ev;
	unsigned int code, umask, known = 0;

	/* Every code and unit mask outside the catalogue is refused. */
	for (code = 0; code < 256; code++) {
		for (umask = 0; umask < 16; umask++) {
			int ret = decode(CFG(code, umask), 0, 0, &ev);

			if (ia64_catalogue_find(code, umask)) {
				KUNIT_EXPECT_EQ(test, ret, 0);
				known++;
			} else {
				KUNIT_EXPECT_EQ(test, ret, -EINVAL);
			}
		}
	}
	KUNIT_EXPECT_GT(test, known, 400U);
	/* BACK_END_BUBBLE umask b0011 is reserved (Table 4-46). */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x00, 3), 0, 0, &ev), -EINVAL);
}

/* The binary search finds what a scan of the catalogue finds first. */
static void ia64_catalogue_find_first_row(struct kunit *test)
{
	unsigned int code, umask, i, found = 0;

	for (code = 0; code < 256; code++) {
		for (umask = 0; umask < 16; umask++) {
			const struct ia64_catalogue_event *want = NULL;

			for (i = 0; i < IA64_CATALOGUE_NR && !want; i++)
				if (ia64_catalogue[i].code == code &&
				    ia64_catalogue[i].umask == umask)
					want = &ia64_catalogue[i];
			KUNIT_EXPECT_PTR_EQ_MSG(test, ia64_catalogue_find(code, umask),
						want, "0x%02x/0x%x", code, umask);
			found += !!want;
		}
	}
	KUNIT_EXPECT_EQ(test, found, IA64_CATALOGUE_SORTED_NR);
}

static void ia64_decode_refuses_driver_bits(struct kunit *test)
{
	static const u64 bits[] = {
		IA64_PMC_PLM, IA64_PMC_EV, IA64_PMC_OI, IA64_PMC_PM, BIT_ULL(7),
		BIT_ULL(23), IA64_PMC_ISM, BIT_ULL(31), GENMASK_ULL(63, 58),
	};
	struct ia64_event ev;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bits); i++)
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | bits[i], 0, 0, &ev),
				-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), GENMASK_ULL(61, 55) &
				     ~IA64_CFG1_RANGE_INV, 0, &ev), -EINVAL);
	/* config2 without a qualification. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), 0, 1, &ev), -EINVAL);
}

static void ia64_decode_threshold(struct kunit *test)
{
	struct ia64_event ev;
	u64 t = FIELD_PREP(IA64_CFG_THRESHOLD, 1);

	/* IA64_INST_RETIRED: up to 6 per cycle, thresholds 1-5. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | t, 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.threshold, 1);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | FIELD_PREP(IA64_CFG_THRESHOLD, 5),
				     0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | FIELD_PREP(IA64_CFG_THRESHOLD, 6),
				     0, 0, &ev), -EINVAL);
	/* BACK_END_BUBBLE: one per cycle, no threshold. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x00, 0) | t, 0, 0, &ev), -EINVAL);
}

static void ia64_decode_all(struct kunit *test)
{
	struct ia64_event ev;

	KUNIT_EXPECT_EQ(test, decode(CFG(0x12, 0) | IA64_CFG_ALL, 0, 0, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.all);
	/* L2D_OZQ_FULL is not .all capable (4.8.4.1). */
	KUNIT_EXPECT_EQ(test, decode(CFG(0xe1, 0) | IA64_CFG_ALL, 0, 0, &ev),
			-EINVAL);
}

static void ia64_decode_mesi(struct kunit *test)
{
	struct ia64_event ev;

	/* L3_READS: no filter given counts every state, b1111. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0xdd, 1), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.mesi, 0xf);
	KUNIT_ASSERT_EQ(test, decode(CFG(0xdd, 1) | FIELD_PREP(IA64_CFG_MESI, 8),
				     0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.mesi, 8);
	/* IA64_INST_RETIRED has no MESI filter. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | FIELD_PREP(IA64_CFG_MESI, 8),
				     0, 0, &ev), -EINVAL);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.mesi, 0);
}

static void ia64_decode_ears(struct kunit *test)
{
	u64 dear = CFG(0xc8, 0), iear = CFG(0x43, 0);
	struct ia64_event ev;
	unsigned int u;

	for (u = 0; u <= 0xf; u++)
		KUNIT_EXPECT_EQ(test, decode(dear | EAR(0, u), 0, 0, &ev),
				u <= 10 ? 0 : -EINVAL);
	KUNIT_EXPECT_EQ(test, ev.ear, IA64_EAR_DATA);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(1, 0xe), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(1, 0x1), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(1, 0x0), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(1, 0x10), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(2, 0), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(2, 1), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(dear | EAR(3, 0), 0, 0, &ev), -EINVAL);

	KUNIT_EXPECT_EQ(test, decode(iear | EAR(0, 0x40), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ear, IA64_EAR_INST);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(0, 0x7f), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(0, 0xfc), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(0, 0x00), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(0, 0xfd), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(0, 0x30), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(1, 7), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(1, 0), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(1, 8), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(iear | EAR(2, 1), 0, 0, &ev), -EINVAL);
	/* EAR fields on another event. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | EAR(1, 2), 0, 0, &ev), -EINVAL);
}

static void ia64_decode_qualification(struct kunit *test)
{
	u64 opc = QUAL(IA64_QUAL_OPC) | FIELD_PREP(IA64_CFG1_OPC_MIFB, 0x8) | 0x123;
	struct ia64_event ev;

	/* Opcode matching on IA64_INST_RETIRED (O P C: Y). */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), opc, 0x1ff, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.qual.opc_match, 0x123ULL);
	KUNIT_EXPECT_EQ(test, ev.qual.opc_mask, 0x1ffULL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), opc, BIT_ULL(41), &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), opc & ~IA64_CFG1_OPC_MIFB, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), opc | LG(4), 0, &ev), -EINVAL);
	/* BACK_END_BUBBLE: I A R, D A R and O P C are all N. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x00, 0), opc, 0, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x00, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x1000, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x00, 0), QUAL(IA64_QUAL_DAR) | LG(12),
				     0x1000, &ev), -EOPNOTSUPP);
	/* IA64_INST_RETIRED has no data address range. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_DAR) | LG(12),
				     0x1000, &ev), -EOPNOTSUPP);
	/* Instruction ranges: aligned, one bundle to 2^56 bytes. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x2000, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12) |
				     IA64_CFG1_RANGE_INV, 0x2000, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.qual.inv);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x2800, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(3),
				     0x2000, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(57),
				     0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12) | 1,
				     0x2000, &ev), -EINVAL);
	/* Data ranges on L1D_READS_SET0, byte granular, never inverted. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0xc2, 0), QUAL(IA64_QUAL_DAR) | LG(0),
				     0x1235, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(CFG(0xc2, 0), QUAL(IA64_QUAL_DAR) | LG(6) |
				     IA64_CFG1_RANGE_INV, 0x1240, &ev), -EINVAL);
	/* Prefetch events: IBRP1, not inverted; channels 1-3; .all. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x2000, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.qual.ibrp1);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12) |
				     IA64_CFG1_RANGE_INV, 0x2000, &ev), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 2), opc, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.chan, 2);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x12, 0) | IA64_CFG_ALL, opc, 0, &ev),
			-EOPNOTSUPP);
}

/*
 * IA64_TAGGED_INST_RETIRED's unit mask names its tag channel (Table
 * 4-88); what channels 1-3 cannot do is refused, and combine is taken
 * where it can mean something.
 */
static void ia64_decode_tag_channels(struct kunit *test)
{
	u64 opc = QUAL(IA64_QUAL_OPC) | FIELD_PREP(IA64_CFG1_OPC_MIFB, 0x8) | 0x123;
	u64 fine = QUAL(IA64_QUAL_IAR) | IA64_CFG1_RANGE_FINE | 0x20;
	struct ia64_event ev;
	unsigned int c;

	for (c = 0; c < IA64_TAG_CHANNELS; c++) {
		KUNIT_ASSERT_EQ(test, decode(CFG(0x08, c), 0, 0, &ev), 0);
		KUNIT_EXPECT_EQ(test, ev.chan, c);
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, c), opc, 0x1ff, &ev), 0);
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, c), QUAL(IA64_QUAL_IAR) |
					     LG(12), 0x2000, &ev), 0);
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, c), QUAL(IA64_QUAL_IAR) |
					     LG(12) | IA64_CFG1_COMBINE, 0x2000,
					     &ev), 0);
		KUNIT_EXPECT_TRUE(test, ev.combine);
		/* PMC32.inv is channel 0's. */
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, c), QUAL(IA64_QUAL_IAR) |
					     LG(12) | IA64_CFG1_RANGE_INV, 0x2000,
					     &ev), c ? -EOPNOTSUPP : 0);
		/* Fine ranges are 0 (IBRP0, 2) and 1 (IBRP1, 3) only. */
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, c), fine, 0x10, &ev),
				c > 1 ? -EOPNOTSUPP : 0);
	}
	/* The DBRs reach channel 0 only; a data range of a channel 1-3 event. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 1), QUAL(IA64_QUAL_DAR) | LG(6),
				     0x40, &ev), -EOPNOTSUPP);
	/* Other events are channel 0's, whatever their unit mask. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x78, 0xf), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.chan, 0);
	/* A range through IBRP1 alone has no channel to combine on. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12) |
				     IA64_CFG1_COMBINE, 0x2000, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x41, 0), QUAL(IA64_QUAL_IAR) | LG(12) |
				     IA64_CFG1_COMBINE, 0x2000, &ev), 0);
	/* combine without a qualification. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), IA64_CFG1_COMBINE, 0, &ev),
			-EINVAL);
}

#define FINE(len)	(QUAL(IA64_QUAL_IAR) | IA64_CFG1_RANGE_FINE | (len))

static void ia64_decode_fine_range(struct kunit *test)
{
	struct ia64_event ev, other;

	/* Any whole number of bundles inside one 64 KiB window. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x130),
				     0x4000000000012340ULL, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.qual.fine);
	KUNIT_EXPECT_EQ(test, ev.qual.len, 0x130U);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0xfff0),
				     0x4000000000010010ULL, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10) |
				     IA64_CFG1_RANGE_INV, 0x10, &ev), 0);
	/* Not empty, whole bundles, no window crossing. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0), 0x10, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x18), 0x10, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10), 0x18, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x20), 0xfff0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10000), 0x10, &ev),
			-EINVAL);
	/* The lower limit is exclusive: no range starts at a window's start. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10),
				     0x4000000000010000ULL, &ev), -EINVAL);
	/* range_lg and opcode fields do not go with it. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10) | LG(12), 0x10,
				     &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10) | BIT_ULL(20),
				     0x10, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), FINE(0x10) |
				     FIELD_PREP(IA64_CFG1_OPC_MIFB, 1), 0x10, &ev),
			-EINVAL);
	/* Fine mode exists for instruction ranges only. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0xc2, 0), QUAL(IA64_QUAL_DAR) | LG(6) |
				     IA64_CFG1_RANGE_FINE, 0x1240, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_OPC) |
				     FIELD_PREP(IA64_CFG1_OPC_MIFB, 0xf) |
				     IA64_CFG1_RANGE_FINE, 0, &ev), -EINVAL);
	/* Prefetch ranges may be fine range 1, IBRP1 and IBRP3 (3.3.5.4). */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x44, 0), FINE(0x10), 0x10, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.qual.ibrp1 && ev.qual.fine);
	/* Two fine ranges share channel 0 only if they are the same range. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x20), 0x10, &ev), 0);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x30), 0x10, &other), 0);
	KUNIT_EXPECT_FALSE(test, ia64_qualifier_equal(&ev.qual, &other.qual));
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x20), 0x10, &other), 0);
	KUNIT_EXPECT_TRUE(test, ia64_qualifier_equal(&ev.qual, &other.qual));
}

static void ia64_pmcs_fine_range(struct kunit *test)
{
	struct ia64_event ev;
	struct ia64_schedule s;
	struct ia64_pmcs p;

	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x130),
				     0x4000000000012340ULL, &ev), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
	ia64_compute_pmcs(&ev, 1, &s, &p);
	/* ig_ad = 0; PMC38: ig_ibrp0 = ig_ibrp2 = 0, fine = 1. */
	KUNIT_EXPECT_FALSE(test, p.opcm0_mask & IA64_OPCM_IG_AD);
	KUNIT_EXPECT_EQ(test, p.iar, (0xdb6ULL & ~(BIT_ULL(1) | BIT_ULL(7))) |
			BIT_ULL(13));
	KUNIT_EXPECT_TRUE(test, p.ibrp_used & BIT(IA64_IBRP0));
	KUNIT_EXPECT_TRUE(test, p.ibrp_used & BIT(IA64_IBRP2));
	/* Exclusive limits around [0x12340, 0x12470). */
	KUNIT_EXPECT_EQ(test, p.ibr[0], 0x400000000001233fULL);
	KUNIT_EXPECT_EQ(test, p.ibr[4], 0x4000000000012470ULL);
	KUNIT_EXPECT_EQ(test, p.ibr[1], 0x0fffffffffff0000ULL);
	KUNIT_EXPECT_EQ(test, p.ibr[5], 0x0fffffffffff0000ULL);
	/* Up to the window's end: the upper limit stops at 0xffff. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x100),
				     0x400000000001ff00ULL, &ev), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
	ia64_compute_pmcs(&ev, 1, &s, &p);
	KUNIT_EXPECT_EQ(test, p.ibr[4], 0x400000000001ffffULL);
	/* A power-of-two range leaves IBRP2 alone. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x2000, &ev), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
	ia64_compute_pmcs(&ev, 1, &s, &p);
	KUNIT_EXPECT_FALSE(test, p.ibrp_used & BIT(IA64_IBRP2));
	KUNIT_EXPECT_FALSE(test, p.iar & BIT_ULL(13));
}

static void ia64_prefetch_range(struct kunit *test)
{
	struct ia64_event ev[2];
	struct ia64_schedule s;
	struct ia64_pmcs p;

	/* L1I_PREFETCHES through IBRP1, IA64_INST_RETIRED through channel 0. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x4000000000003000ULL, &ev[0]), 0);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(16),
				     0x4000000000010000ULL, &ev[1]), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 2, &s), 0);
	ia64_compute_pmcs(ev, 2, &s, &p);
	KUNIT_EXPECT_EQ(test, p.iar, 0xdb6ULL & ~(BIT_ULL(1) | BIT_ULL(4)));
	KUNIT_EXPECT_TRUE(test, p.ibrp_used & BIT(IA64_IBRP1));
	KUNIT_EXPECT_EQ(test, p.ibr[2], 0x4000000000003000ULL);
	KUNIT_EXPECT_EQ(test, p.ibr[3], 0x0ffffffffffff000ULL);
	KUNIT_EXPECT_EQ(test, p.ibr[0], 0x4000000000010000ULL);
	/* Alone, IBRP1 leaves channel 0 unconstrained. */
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 1, &s), 0);
	ia64_compute_pmcs(ev, 1, &s, &p);
	KUNIT_EXPECT_EQ(test, p.iar, 0xdb6ULL & ~BIT_ULL(4));
	KUNIT_EXPECT_TRUE(test, p.opcm0_mask & IA64_OPCM_IG_AD);
	KUNIT_EXPECT_FALSE(test, p.ibrp_used & BIT(IA64_IBRP0));
	/* IBRP1 constrains every prefetch event of the group. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x45, 0), 0, 0, &ev[1]), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
	/* Two prefetch ranges must be the same range. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x45, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x4000000000004000ULL, &ev[1]), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x45, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x4000000000003000ULL, &ev[1]), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), 0);
	/* PMC38.fine is one bit for both: no fine channel 0 beside IBRP1. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), FINE(0x20), 0x10, &ev[1]), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
}

/*
 * The 4.16 entries' IBRP notes: L1I_FILLS takes a range through IBRP0 and
 * IBRP1 both, L2I_READS through IBRP1 only.
 */
static void ia64_range_pairs_from_notes(struct kunit *test)
{
	struct ia64_event ev[2];
	struct ia64_schedule s;
	struct ia64_pmcs p;

	KUNIT_ASSERT_EQ(test, decode(CFG(0x41, 0), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x4000000000003000ULL, &ev[0]), 0);
	KUNIT_EXPECT_FALSE(test, ev[0].qual.ibrp1);
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 1, &s), 0);
	ia64_compute_pmcs(ev, 1, &s, &p);
	KUNIT_EXPECT_EQ(test, p.ibrp_used, BIT(IA64_IBRP0) | BIT(IA64_IBRP1));
	KUNIT_EXPECT_EQ(test, p.ibr[0], 0x4000000000003000ULL);
	KUNIT_EXPECT_EQ(test, p.ibr[2], 0x4000000000003000ULL);
	KUNIT_EXPECT_EQ(test, p.iar & (IA64_IAR_IG_IBRP0 | IA64_IAR_IG_IBRP1), 0ULL);
	/* Its IBRP1 half constrains L2I_READS as a prefetch range would. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x78, 0xf), 0, 0, &ev[1]), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x78, 0xf), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x4000000000003000ULL, &ev[1]), 0);
	KUNIT_EXPECT_TRUE(test, ev[1].qual.ibrp1);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), 0);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x78, 0xf), QUAL(IA64_QUAL_IAR) | LG(12),
				     0x4000000000005000ULL, &ev[1]), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
	/* L2I_READS alone leaves channel 0 (IBRP0) free. */
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev[1], 1, &s), 0);
	ia64_compute_pmcs(&ev[1], 1, &s, &p);
	KUNIT_EXPECT_EQ(test, p.ibrp_used, BIT(IA64_IBRP1));
	/* Inverted ranges cannot go through IBRP1; fine range 1 can (3.3.5.4). */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x41, 0), QUAL(IA64_QUAL_IAR) | LG(12) |
				     IA64_CFG1_RANGE_INV, 0x4000000000003000ULL,
				     &ev[0]), -EOPNOTSUPP);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x78, 0xf), FINE(0x20), 0x10, &ev[0]), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 1, &s), 0);
	ia64_compute_pmcs(ev, 1, &s, &p);
	KUNIT_EXPECT_EQ(test, p.ibrp_used, BIT(IA64_IBRP1) | BIT(IA64_IBRP3));
	KUNIT_EXPECT_EQ(test, p.iar, (0xdb6ULL & ~(BIT_ULL(4) | BIT_ULL(10))) |
			BIT_ULL(13));
	KUNIT_EXPECT_EQ(test, p.ibr[2], 0xfULL);
	KUNIT_EXPECT_EQ(test, p.ibr[6], 0x30ULL);
}

static void ia64_counter_pmc_value(struct kunit *test)
{
	struct ia64_event ev;
	u64 v;

	KUNIT_ASSERT_EQ(test, decode(CFG(0xdd, 1) | IA64_CFG_ALL |
				     FIELD_PREP(IA64_CFG_MESI, 0x9), 0, 0, &ev), 0);
	ev.plm = ia64_plm(false, true);
	v = ia64_counter_pmc(&ev);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_PMC_PLM, v), 8ULL);
	KUNIT_EXPECT_TRUE(test, v & IA64_PMC_OI);
	KUNIT_EXPECT_TRUE(test, v & IA64_PMC_PM);
	KUNIT_EXPECT_FALSE(test, v & IA64_PMC_EV);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_PMC_ES, v), 0xddULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_PMC_UMASK, v), 1ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_PMC_ISM, v), 2ULL);
	KUNIT_EXPECT_TRUE(test, v & IA64_PMC_ALL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_PMC_MESI, v), 9ULL);
	/* The user's fields land where the config had them. */
	KUNIT_EXPECT_EQ(test, v & (IA64_CFG_ES | IA64_CFG_UMASK | IA64_CFG_ALL |
				   IA64_CFG_MESI), CFG(0xdd, 1) | IA64_CFG_ALL |
			FIELD_PREP(IA64_CFG_MESI, 0x9));
	KUNIT_EXPECT_EQ(test, ia64_plm(false, false), 9);
	KUNIT_EXPECT_EQ(test, ia64_plm(true, false), 1);
	KUNIT_EXPECT_EQ(test, ia64_plm(true, true), 0);
}

static void ia64_pmcs_unqualified(struct kunit *test)
{
	struct ia64_event ev[2];
	struct ia64_schedule s;
	struct ia64_pmcs p;

	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), 0, 0, &ev[0]), 0);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x12, 0), 0, 0, &ev[1]), 0);
	ev[0].plm = 9;
	ev[1].plm = 9;
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 2, &s), 0);
	ia64_compute_pmcs(ev, 2, &s, &p);
	KUNIT_EXPECT_EQ(test, p.counter[s.pmd[0]], ia64_counter_pmc(&ev[0]));
	KUNIT_EXPECT_EQ(test, p.counter[s.pmd[1]], ia64_counter_pmc(&ev[1]));
	/* The reset values of 3.4.2 and Table 3-10: nothing constrained. */
	KUNIT_EXPECT_EQ(test, p.opcm0_mask, 0x030f01ffffffffffULL);
	KUNIT_EXPECT_EQ(test, p.opcm1_mask, 0x030f01ffffffffffULL);
	KUNIT_EXPECT_EQ(test, p.iar, 0xdb6ULL);
	KUNIT_EXPECT_EQ(test, p.dar, 0x2078fefefefeULL);
	KUNIT_EXPECT_EQ(test, p.opc_cfg, 0xfULL);
	KUNIT_EXPECT_FALSE(test, p.ibrp_used & BIT(IA64_IBRP0));
	KUNIT_EXPECT_FALSE(test, p.use_dbr);
	KUNIT_EXPECT_EQ(test, p.dear, 0ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_IEAR_CT, p.iear), 1ULL);
	KUNIT_EXPECT_EQ(test, p.etb, 0ULL);
}

static void ia64_pmcs_qualified(struct kunit *test)
{
	struct ia64_event ev;
	struct ia64_schedule s;
	struct ia64_pmcs p;

	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(16) |
				     IA64_CFG1_RANGE_INV, 0x4000000000010000ULL,
				     &ev), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
	ia64_compute_pmcs(&ev, 1, &s, &p);
	KUNIT_EXPECT_FALSE(test, p.opcm0_mask & IA64_OPCM_IG_AD);
	KUNIT_EXPECT_TRUE(test, p.opcm0_mask & IA64_OPCM_INV);
	KUNIT_EXPECT_EQ(test, p.iar, 0xdb4ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_DAR_CFGDTAG0, p.dar), 1ULL);
	KUNIT_EXPECT_TRUE(test, p.ibrp_used & BIT(IA64_IBRP0));
	KUNIT_EXPECT_EQ(test, p.ibr[0], 0x4000000000010000ULL);
	KUNIT_EXPECT_EQ(test, p.ibr[1], 0x0fffffffffff0000ULL);

	KUNIT_ASSERT_EQ(test, decode(CFG(0xc2, 0), QUAL(IA64_QUAL_DAR) | LG(6),
				     0x600000000000a040ULL, &ev), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
	ia64_compute_pmcs(&ev, 1, &s, &p);
	KUNIT_EXPECT_TRUE(test, p.opcm0_mask & IA64_OPCM_IG_AD);
	KUNIT_EXPECT_EQ(test, p.iar, 0xdb6ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_DAR_CFGDTAG0, p.dar), 2ULL);
	KUNIT_EXPECT_TRUE(test, p.dar & IA64_DAR_EN_DBRP0);
	KUNIT_EXPECT_TRUE(test, p.use_dbr);
	KUNIT_EXPECT_EQ(test, p.dbr[0], 0x600000000000a040ULL);
	KUNIT_EXPECT_EQ(test, p.dbr[1], 0x00ffffffffffffc0ULL);

	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), QUAL(IA64_QUAL_OPC) |
				     FIELD_PREP(IA64_CFG1_OPC_MIFB, 0x4) | 0x5,
				     0xf0, &ev), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
	ia64_compute_pmcs(&ev, 1, &s, &p);
	KUNIT_EXPECT_EQ(test, p.opcm0_mask, 0xf0ULL | IA64_OPCM_I | IA64_OPCM_IG_AD);
	KUNIT_EXPECT_EQ(test, p.opcm0_match, 0x5ULL);
	KUNIT_EXPECT_EQ(test, p.opc_cfg, 0xeULL);
}

#define PIN_OPC(mifb, match)	(QUAL(IA64_QUAL_OPC) | \
				 FIELD_PREP(IA64_CFG1_OPC_MIFB, mifb) | (match))
#define PIN_FINE(len)		(QUAL(IA64_QUAL_IAR) | IA64_CFG1_RANGE_FINE | (len))

/*
 * Qualifications users have configured since tag channel 0 was supported,
 * and the registers they program: whatever the qualification hardware
 * comes to support, these configurations must keep these values.
 */
static void ia64_pmcs_existing_configs(struct kunit *test)
{
	const struct {
		unsigned int n;
		u64 cfg[2][3];
	} cfgs[] = {
		{ 1, { { CFG(0x08, 0), 0, 0 } } },
		{ 1, { { CFG(0x08, 0), PIN_OPC(0x4, 0x5), 0xf0 } } },
		{ 1, { { CFG(0x08, 0), PIN_OPC(0xf, 0x1234567), 0x1ffffff0000ULL } } },
		{ 1, { { CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(16) | IA64_CFG1_RANGE_INV,
			 0x4000000000010000ULL } } },
		{ 1, { { CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12), 0x2000 } } },
		{ 1, { { CFG(0x08, 0), PIN_FINE(0x130), 0x4000000000012340ULL } } },
		{ 1, { { CFG(0x08, 0), PIN_FINE(0x100) | IA64_CFG1_RANGE_INV,
			 0x400000000001ff00ULL } } },
		{ 1, { { CFG(0xc2, 0), QUAL(IA64_QUAL_DAR) | LG(6), 0x600000000000a040ULL } } },
		{ 1, { { CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12), 0x4000000000003000ULL } } },
		{ 1, { { CFG(0x41, 0), QUAL(IA64_QUAL_IAR) | LG(12), 0x4000000000003000ULL } } },
		{ 1, { { CFG(0x78, 0xf), QUAL(IA64_QUAL_IAR) | LG(12), 0x4000000000003000ULL } } },
		{ 2, { { CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12), 0x4000000000003000ULL },
		       { CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(16), 0x4000000000010000ULL } } },
		{ 2, { { CFG(0x08, 0), PIN_OPC(0x8, 0x3), 0x1ffffffff00ULL },
		       { CFG(0x08, 1), 0, 0 } } },
	};
	static const struct {
		u64 opcm0_mask, opcm0_match, opcm1_mask, opcm1_match, opc_cfg;
		u64 iar, dar;
		u8 ibrp_used;
		u64 ibr[6];
		u64 dbr[2];
		bool use_dbr;
	} want[] = {
		{ 0x30f01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xdb6ULL, 0x2078fefefefeULL, 0x0,
		  { 0, 0, 0,
		    0, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0x2040000000000f0ULL, 0x5ULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xeULL, 0xdb6ULL, 0x2078fefefeeeULL, 0x0,
		  { 0, 0, 0,
		    0, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0x20f01ffffff0000ULL, 0x1234567ULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xeULL, 0xdb6ULL, 0x2078fefefeeeULL, 0x0,
		  { 0, 0, 0,
		    0, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0x10f01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xdb4ULL, 0x2078fefefeeeULL, 0x1,
		  { 0x4000000000010000ULL, 0xfffffffffff0000ULL, 0,
		    0, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0xf01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xdb4ULL, 0x2078fefefeeeULL, 0x1,
		  { 0x2000ULL, 0xffffffffffff000ULL, 0,
		    0, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0xf01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0x2d34ULL, 0x2078fefefeeeULL, 0x5,
		  { 0x400000000001233fULL, 0xfffffffffff0000ULL, 0,
		    0, 0x4000000000012470ULL, 0xfffffffffff0000ULL },
		  { 0, 0 }, 0 },
		{ 0x10f01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0x2d34ULL, 0x2078fefefeeeULL, 0x5,
		  { 0x400000000001feffULL, 0xfffffffffff0000ULL, 0,
		    0, 0x400000000001ffffULL, 0xfffffffffff0000ULL },
		  { 0, 0 }, 0 },
		{ 0x30f01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xdb6ULL, 0x2078fefefef6ULL, 0x0,
		  { 0, 0, 0,
		    0, 0, 0 },
		  { 0x600000000000a040ULL, 0xffffffffffffc0ULL }, 1 },
		{ 0x30f01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xda6ULL, 0x2078fefefefeULL, 0x2,
		  { 0, 0, 0x4000000000003000ULL,
		    0xffffffffffff000ULL, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0xf01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xda4ULL, 0x2078fefefeeeULL, 0x3,
		  { 0x4000000000003000ULL, 0xffffffffffff000ULL, 0x4000000000003000ULL,
		    0xffffffffffff000ULL, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0x30f01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xda6ULL, 0x2078fefefefeULL, 0x2,
		  { 0, 0, 0x4000000000003000ULL,
		    0xffffffffffff000ULL, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0xf01ffffffffffULL, 0x1ffffffffffULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xfULL, 0xda4ULL, 0x2078fefefeeeULL, 0x3,
		  { 0x4000000000010000ULL, 0xfffffffffff0000ULL, 0x4000000000003000ULL,
		    0xffffffffffff000ULL, 0, 0 },
		  { 0, 0 }, 0 },
		{ 0x20801ffffffff00ULL, 0x3ULL, 0x30f01ffffffffffULL, 0x1ffffffffffULL,
		  0xeULL, 0xdb6ULL, 0x2078fefefeeeULL, 0x0,
		  { 0, 0, 0,
		    0, 0, 0 },
		  { 0, 0 }, 0 },
	};
	unsigned int i, j;

	BUILD_BUG_ON(ARRAY_SIZE(cfgs) != ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(cfgs); i++) {
		struct ia64_event ev[2];
		struct ia64_schedule s;
		struct ia64_pmcs p;

		for (j = 0; j < cfgs[i].n; j++) {
			KUNIT_ASSERT_EQ(test, decode(cfgs[i].cfg[j][0],
						     cfgs[i].cfg[j][1],
						     cfgs[i].cfg[j][2], &ev[j]), 0);
			ev[j].plm = 9;
		}
		KUNIT_ASSERT_EQ(test, ia64_schedule(ev, cfgs[i].n, &s), 0);
		ia64_compute_pmcs(ev, cfgs[i].n, &s, &p);
		KUNIT_EXPECT_EQ_MSG(test, p.opcm0_mask, want[i].opcm0_mask, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.opcm0_match, want[i].opcm0_match, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.opcm1_mask, want[i].opcm1_mask, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.opcm1_match, want[i].opcm1_match, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.opc_cfg, want[i].opc_cfg, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.iar, want[i].iar, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.dar, want[i].dar, "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.ibrp_used, want[i].ibrp_used, "%u", i);
		for (j = 0; j < ARRAY_SIZE(want[i].ibr); j++)
			KUNIT_EXPECT_EQ_MSG(test, p.ibr[j], want[i].ibr[j],
					    "%u ibr%u", i, j);
		KUNIT_EXPECT_EQ_MSG(test, p.dbr[0], want[i].dbr[0], "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.dbr[1], want[i].dbr[1], "%u", i);
		KUNIT_EXPECT_EQ_MSG(test, p.use_dbr, want[i].use_dbr, "%u", i);
	}
}

/* ia64_uses_debug_regs() names exactly the configs that program IBR/DBR. */
static void ia64_debug_regs_users(struct kunit *test)
{
	const struct {
		u64 config, config1, config2;
	} cfgs[] = {
		{ CFG(0x08, 0), 0, 0 },
		{ CFG(0x08, 0), QUAL(IA64_QUAL_OPC) |
				FIELD_PREP(IA64_CFG1_OPC_MIFB, 0x8) | 0x123, 0x1ff },
		{ CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | LG(12), 0x2000 },
		{ CFG(0x08, 0), QUAL(IA64_QUAL_IAR) | IA64_CFG1_RANGE_FINE | 0x130,
				0x4000000000012340ULL },
		{ CFG(0x44, 0), QUAL(IA64_QUAL_IAR) | LG(12), 0x3000 },
		{ CFG(0xc2, 0), QUAL(IA64_QUAL_DAR) | LG(6), 0xa040 },
	};
	struct ia64_event ev;
	struct ia64_schedule s;
	struct ia64_pmcs p;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cfgs); i++) {
		KUNIT_ASSERT_EQ(test, decode(cfgs[i].config, cfgs[i].config1,
					     cfgs[i].config2, &ev), 0);
		KUNIT_ASSERT_EQ(test, ia64_schedule(&ev, 1, &s), 0);
		ia64_compute_pmcs(&ev, 1, &s, &p);
		KUNIT_EXPECT_EQ_MSG(test, ia64_uses_debug_regs(cfgs[i].config1),
				    p.ibrp_used || p.use_dbr, "config %u", i);
	}
}

static int ia64_generic_config(u32 type, u64 config, u64 *raw)
{
	return pmu_generic_config(&ia64_generic, type, config, raw);
}

/* Every generic event maps to a catalogue event that decodes; the rest fail. */
static void ia64_generic_map(struct kunit *test)
{
	const u64 l1d_read_miss = PERF_COUNT_HW_CACHE_L1D |
				  PERF_COUNT_HW_CACHE_OP_READ << 8 |
				  PERF_COUNT_HW_CACHE_RESULT_MISS << 16;
	const u64 dtlb_read = PERF_COUNT_HW_CACHE_DTLB |
			      PERF_COUNT_HW_CACHE_OP_READ << 8 |
			      PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16;
	const struct pmu_kunit_generic rows[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, CFG(0x12, 0) },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 0,
		  CFG(0x08, 0) },
		{ PERF_TYPE_HW_CACHE, l1d_read_miss, 0, CFG(0xc7, 0) },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES, -ENOENT },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES, -ENOENT },
		{ PERF_TYPE_HW_CACHE, dtlb_read, -ENOENT },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_MAX, -EINVAL },
		{ PERF_TYPE_RAW, 0x12, -ENOENT },
	};
	struct pmu_kunit_generic_event g;
	unsigned int pos = 0;
	struct ia64_event ev;
	u64 raw;

	while (pmu_kunit_generic_next(&ia64_generic, &pos, &g)) {
		KUNIT_ASSERT_EQ_MSG(test, ia64_generic_config(g.type, g.config,
							      &raw),
				    0, "%u/0x%llx", g.type, g.config);
		KUNIT_EXPECT_EQ_MSG(test, raw, g.raw, "%u/0x%llx", g.type,
				    g.config);
		KUNIT_EXPECT_EQ_MSG(test, decode(raw, 0, 0, &ev), 0, "%u/0x%llx",
				    g.type, g.config);
	}
	pmu_kunit_expect_generic(test, &ia64_generic, rows, ARRAY_SIZE(rows));
}

/*
 * The generic events the 9300 counts: a map entry of 0 would silently
 * refuse one. Config 0 is BACK_END_BUBBLE.ALL's, which no generic event
 * maps to.
 */
static void ia64_generic_counted(struct kunit *test)
{
	static const struct pmu_kunit_generic_event counted[] = {
		PMU_KUNIT_HW(CPU_CYCLES),
		PMU_KUNIT_HW(INSTRUCTIONS),
		PMU_KUNIT_HW(CACHE_REFERENCES),
		PMU_KUNIT_HW(CACHE_MISSES),
		PMU_KUNIT_HW(BRANCH_INSTRUCTIONS),
		PMU_KUNIT_HW(BRANCH_MISSES),
		PMU_KUNIT_HW(STALLED_CYCLES_FRONTEND),
		PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1D, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(L1D, OP_WRITE, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1I, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(L1I, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(L1I, OP_PREFETCH, RESULT_ACCESS),
		PMU_KUNIT_CACHE(LL, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(LL, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(LL, OP_WRITE, RESULT_ACCESS),
		PMU_KUNIT_CACHE(LL, OP_WRITE, RESULT_MISS),
		PMU_KUNIT_CACHE(DTLB, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(ITLB, OP_READ, RESULT_MISS),
		PMU_KUNIT_CACHE(BPU, OP_READ, RESULT_ACCESS),
		PMU_KUNIT_CACHE(BPU, OP_READ, RESULT_MISS),
	};

	pmu_kunit_expect_generic_counted(test, &ia64_generic, counted,
					 ARRAY_SIZE(counted));
	/* Not stalled-cycles-backend (see ia64-generic.c): not mapped. */
	KUNIT_EXPECT_EQ(test, IA64_EVENT_BACK_END_BUBBLE_ALL, 0ULL);
}

static void ia64_pmcs_ears_etb(struct kunit *test)
{
	struct ia64_event ev[3];
	struct ia64_schedule s;
	struct ia64_pmcs p;

	KUNIT_ASSERT_EQ(test, decode(CFG(0xc8, 0) | EAR(1, 0xe), 0, 0, &ev[0]), 0);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x43, 0) | EAR(0, 0xf8), 0, 0, &ev[1]), 0);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), 0, 0, &ev[2]), 0);
	ev[0].plm = 8;
	ev[1].plm = 8;
	ev[2].plm = 8;
	KUNIT_ASSERT_EQ(test, ia64_etb_config(PERF_SAMPLE_BRANCH_ANY_RETURN |
					      PERF_SAMPLE_BRANCH_USER, 9,
					      &ev[2].etb_filter, &ev[2].etb), 0);
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 3, &s), 0);
	ia64_compute_pmcs(ev, 3, &s, &p);
	KUNIT_EXPECT_EQ(test, p.dear, 0x8ULL | IA64_DEAR_PM | (1ULL << 7) |
			(0xeULL << 16) | (2ULL << 24));
	/* Cache mode: ct = 1x, threshold in bits 12:5. */
	KUNIT_EXPECT_EQ(test, p.iear, 0x8ULL | IA64_IEAR_PM | (0xf8ULL << 5) |
			BIT_ULL(13));
	KUNIT_EXPECT_EQ(test, p.etb, 0x8ULL | IA64_ETB_PM | (2ULL << 8) |
			(3ULL << 10) | (3ULL << 12) | (2ULL << 14));
	KUNIT_EXPECT_EQ(test, p.ipear, 0ULL);
	KUNIT_EXPECT_EQ(test, ia64_etb_config(PERF_SAMPLE_BRANCH_ANY_CALL, 9,
					      &ev[2].etb_filter, &ev[2].etb),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, ia64_etb_config(PERF_SAMPLE_BRANCH_IND_CALL |
					      PERF_SAMPLE_BRANCH_IND_JUMP, 9,
					      &ev[2].etb_filter, &ev[2].etb), 0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_ETB_BRT, ev[2].etb), 3ULL);
}

static void ia64_ipear_branch_config(struct kunit *test)
{
	struct ia64_event ev;
	const char *why;

	/* A delay is a setting of the IP-EAR: not without it. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) |
				     FIELD_PREP(IA64_CFG_IPEAR_DELAY, 5), 0, 0,
				     &ev), -EINVAL);
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0) | IA64_CFG_IPEAR |
				     FIELD_PREP(IA64_CFG_IPEAR_DELAY, 0x80), 0, 0,
				     &ev), 0);
	ev.plm = IA64_PLM_USER | IA64_PLM_KERNEL;
	/* The IP-EAR fills a branch stack, so it needs one. */
	KUNIT_EXPECT_EQ(test, ia64_branch_config(&ev, false, 0, &why), -EINVAL);
	/* It records every retired IP: no branch type filter. */
	KUNIT_EXPECT_EQ(test, ia64_branch_config(&ev, true,
						 PERF_SAMPLE_BRANCH_ANY_RETURN,
						 &why), -EOPNOTSUPP);
	KUNIT_ASSERT_EQ(test, ia64_branch_config(&ev, true,
						 PERF_SAMPLE_BRANCH_ANY |
						 PERF_SAMPLE_BRANCH_USER,
						 &why), 0);
	/* Table 3-29: plm, pm, mode 100, delay in bits 18:11. */
	KUNIT_EXPECT_EQ(test, ev.ipear, (u64)IA64_PLM_USER | IA64_IPEAR_PM |
			(4ULL << 8) | (0x80ULL << 11));
	KUNIT_EXPECT_EQ(test, ev.etb, 0ULL);
	/* Without ipear the same request goes to the ETB. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), 0, 0, &ev), 0);
	ev.plm = IA64_PLM_USER;
	KUNIT_EXPECT_EQ(test, ia64_branch_config(&ev, false, 0, &why), 0);
	KUNIT_ASSERT_EQ(test, ia64_branch_config(&ev, true,
						 PERF_SAMPLE_BRANCH_ANY,
						 &why), 0);
	KUNIT_EXPECT_NE(test, ev.etb, 0ULL);
	KUNIT_EXPECT_EQ(test, ev.ipear, 0ULL);
}

/* Every branch_sample_type tried against the ETB filter fields. */
static const u64 ia64_etb_types[] = {
	PERF_SAMPLE_BRANCH_ANY,
	PERF_SAMPLE_BRANCH_ANY_RETURN,
	PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP,
	PERF_SAMPLE_BRANCH_ANY_CALL,
	PERF_SAMPLE_BRANCH_CALL,
	PERF_SAMPLE_BRANCH_IND_CALL,
	PERF_SAMPLE_BRANCH_IND_JUMP,
	PERF_SAMPLE_BRANCH_COND,
	PERF_SAMPLE_BRANCH_CALL_STACK,
	PERF_SAMPLE_BRANCH_ABORT_TX,
	PERF_SAMPLE_BRANCH_IN_TX,
	PERF_SAMPLE_BRANCH_NO_TX,
	PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_COND,
	PERF_SAMPLE_BRANCH_ANY_RETURN | PERF_SAMPLE_BRANCH_IND_CALL |
	PERF_SAMPLE_BRANCH_IND_JUMP,
	0,
};

/* brt for a type filter, -1 for one Table 3-25 cannot apply exactly. */
static int ia64_etb_expected_brt(u64 type, bool iprel)
{
	if (type == PERF_SAMPLE_BRANCH_ANY)
		return iprel ? 1 : 0;
	if (type == PERF_SAMPLE_BRANCH_ANY_RETURN)
		return 2;
	if (type == (PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP))
		return 3;
	return -1;
}

/* One combination of the filter fields against every type filter. */
static void ia64_etb_filter_one(struct kunit *test, unsigned int tm,
				unsigned int ptm, unsigned int ppm, bool iprel)
{
	u64 f = FIELD_PREP(IA64_CFG_ETB_TM, tm) |
		FIELD_PREP(IA64_CFG_ETB_PTM, ptm) |
		FIELD_PREP(IA64_CFG_ETB_PPM, ppm) |
		(iprel ? IA64_CFG_ETB_IPREL : 0);
	struct ia64_event ev;
	const char *why;
	unsigned int i;

	/* The IP-EAR ignores PMC39: no ETB filter with it. */
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | IA64_CFG_IPEAR | f, 0, 0,
				     &ev), f ? -EINVAL : 0);
	/* 3.3.10.1.1: ptm = ppm = 01 leaves the buffer empty. */
	if (ptm == 1 && ppm == 1) {
		KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) | f, 0, 0, &ev),
				-EINVAL);
		return;
	}
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0) | f, 0, 0, &ev), 0);
	ev.plm = IA64_PLM_USER | IA64_PLM_KERNEL;
	/* Like ipear, a filter needs a branch stack to filter. */
	KUNIT_EXPECT_EQ(test, ia64_branch_config(&ev, false, 0, &why),
			f ? -EINVAL : 0);
	for (i = 0; i < ARRAY_SIZE(ia64_etb_types); i++) {
		u64 type = ia64_etb_types[i] | PERF_SAMPLE_BRANCH_USER;
		int brt = ia64_etb_expected_brt(ia64_etb_types[i], iprel);
		int want = brt < 0 ? -EOPNOTSUPP :
			   iprel && brt != 1 ? -EINVAL : 0;

		ev.etb = 0;
		KUNIT_EXPECT_EQ_MSG(test, ia64_branch_config(&ev, true, type,
							     &why), want,
				    "tm %u ptm %u ppm %u iprel %d type %llx",
				    tm, ptm, ppm, iprel, type);
		if (want)
			continue;
		/* Zero fields: taken branches, any prediction. */
		KUNIT_EXPECT_EQ_MSG(test, ev.etb,
				    (u64)IA64_PLM_USER | IA64_ETB_PM |
				    ((u64)(tm ? tm : 2) << 8) |
				    ((u64)(ptm ? ptm : 3) << 10) |
				    ((u64)(ppm ? ppm : 3) << 12) |
				    ((u64)brt << 14),
				    "tm %u ptm %u ppm %u iprel %d type %llx",
				    tm, ptm, ppm, iprel, type);
	}
}

static void ia64_etb_filter_fields(struct kunit *test)
{
	struct ia64_event ev;
	const char *why;
	unsigned int n;

	/* tm, ptm, ppm: two bits each; etb_iprel: one. */
	for (n = 0; n < 128; n++)
		ia64_etb_filter_one(test, n & 3, (n >> 2) & 3, (n >> 4) & 3,
				    n >> 6);
	/* Existing users: the value the driver always programmed. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x08, 0), 0, 0, &ev), 0);
	ev.plm = IA64_PLM_USER;
	KUNIT_ASSERT_EQ(test, ia64_branch_config(&ev, true,
						 PERF_SAMPLE_BRANCH_ANY, &why),
			0);
	KUNIT_EXPECT_EQ(test, ev.etb, (u64)IA64_PLM_USER | IA64_ETB_PM |
			(2ULL << 8) | (3ULL << 10) | (3ULL << 12));
}

static void ia64_pmcs_ipear(struct kunit *test)
{
	struct ia64_event ev[2];
	struct ia64_schedule s;
	struct ia64_pmcs p;
	const char *why;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		KUNIT_ASSERT_EQ(test, decode(CFG(i ? 0x12 : 0x08, 0) |
					     IA64_CFG_IPEAR, 0, 0, &ev[i]), 0);
		ev[i].plm = IA64_PLM_USER;
		KUNIT_ASSERT_EQ(test, ia64_branch_config(&ev[i], true,
							 PERF_SAMPLE_BRANCH_ANY,
							 &why), 0);
	}
	/* Two events asking for the same IP-EAR setting share it. */
	KUNIT_ASSERT_EQ(test, ia64_schedule(ev, 2, &s), 0);
	ia64_compute_pmcs(ev, 2, &s, &p);
	KUNIT_EXPECT_EQ(test, p.ipear, ev[0].ipear);
	KUNIT_EXPECT_EQ(test, p.etb, 0ULL);
	/* One buffer: the ETB and the IP-EAR exclude each other. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x12, 0), 0, 0, &ev[1]), 0);
	ev[1].plm = IA64_PLM_USER;
	KUNIT_ASSERT_EQ(test, ia64_branch_config(&ev[1], true,
						 PERF_SAMPLE_BRANCH_ANY, &why), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
	/* So do two delays. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0x12, 0) | IA64_CFG_IPEAR |
				     FIELD_PREP(IA64_CFG_IPEAR_DELAY, 1), 0, 0,
				     &ev[1]), 0);
	ev[1].plm = IA64_PLM_USER;
	KUNIT_ASSERT_EQ(test, ia64_branch_config(&ev[1], true,
						 PERF_SAMPLE_BRANCH_ANY, &why), 0);
	KUNIT_EXPECT_EQ(test, ia64_schedule(ev, 2, &s), -EINVAL);
}

static void ia64_counter_wraps_at_47_bits(struct kunit *test)
{
	u64 max = BIT_ULL(IA64_COUNTER_WIDTH);

	KUNIT_EXPECT_EQ(test, pmu_counter_delta(max - 10, 5, IA64_COUNTER_WIDTH),
			15ULL);
	/* A read sign-extends bit 46 (Table 3-6); the width drops it. */
	KUNIT_EXPECT_EQ(test, pmu_counter_delta(0x3fffffffffffULL,
						0xffffc00000000005ULL,
						IA64_COUNTER_WIDTH), 6ULL);
	/* 2^47 - N interrupts after N events (3.3.2). */
	KUNIT_EXPECT_EQ(test, pmu_period_start(1000, max - 1, max,
					       IA64_COUNTER_WIDTH), max - 1000);
}

static void ia64_dear_cache_sample(struct kunit *test)
{
	struct ia64_ear_sample s;

	ia64_decode_dear(IA64_DEAR_MODE_CACHE, 0x6000000000001238ULL,
			 FIELD_PREP(IA64_PMD33_STAT, 1) | 75,
			 0x4000000000000a40ULL | IA64_PMD36_VL | IA64_PMD36_BN | 2,
			 &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.addr, 0x6000000000001238ULL);
	KUNIT_EXPECT_EQ(test, s.latency, 75U);
	KUNIT_EXPECT_EQ(test, s.ip, 0x4000000000000a52ULL);
	KUNIT_EXPECT_EQ(test, s.data_src, PERF_MEM_S(OP, LOAD) |
			PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVL, MISS));
	ia64_decode_dear(IA64_DEAR_MODE_CACHE, 1, FIELD_PREP(IA64_PMD33_STAT, 1) |
			 IA64_PMD33_OV | 3, 0, &s);
	KUNIT_EXPECT_EQ(test, s.latency, 8192U);
	KUNIT_EXPECT_FALSE(test, s.ip_valid);
	ia64_decode_dear(IA64_DEAR_MODE_CACHE, 1, 75, IA64_PMD36_VL, &s);
	KUNIT_EXPECT_FALSE(test, s.valid);
}

/* Every field of Tables 5-6 and 5-7, and cnt of Table 5-5. */
static void ia64_qear_sample_fields(struct kunit *test)
{
	struct ia64_qear_sample s;
	/* PA 0x3_fedc_ba98_7640: bits 49:32 in DAT1, 31:6 in DAT0. */
	u64 dat0 = 0xba987640ULL | FIELD_PREP(IA64_QEAR_DAT0_OP, 0xd);
	u64 dat1 = 0x3fedcULL | FIELD_PREP(IA64_QEAR_DAT1_MC, 2) |
		   FIELD_PREP(IA64_QEAR_DAT1_HNID, 0x2a5) |
		   IA64_QEAR_DAT1_DATA_CMP | BIT_ULL(31);
	u64 ctl = FIELD_PREP(IA64_QEAR_CTL_CNT, 0x7123) | IA64_QEAR_CTL_EN |
		  FIELD_PREP(IA64_QEAR_CTL_THRESH, 3);

	ia64_decode_qear(dat0, dat1, ctl, &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.phys_addr, 0x3fedcba987640ULL);
	KUNIT_EXPECT_EQ(test, s.latency, 0x7123U);
	KUNIT_EXPECT_EQ(test, s.opcode, 0xd);
	KUNIT_EXPECT_EQ(test, s.mc, 2);
	KUNIT_EXPECT_EQ(test, s.hnid, 0x2a5);
	KUNIT_EXPECT_TRUE(test, s.data_cmp);
	KUNIT_EXPECT_EQ(test, s.data_src, PERF_MEM_S(OP, NA) |
			PERF_MEM_S(LVL, NA) | PERF_MEM_S(LVLNUM, RAM));

	/* The highest address, and no DataC*_Cmp: nothing known of the source. */
	ia64_decode_qear(GENMASK_ULL(31, 6), GENMASK_ULL(17, 0), 0, &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.phys_addr, GENMASK_ULL(49, 6));
	KUNIT_EXPECT_EQ(test, s.latency, 0U);
	KUNIT_EXPECT_EQ(test, s.mc, 0);
	KUNIT_EXPECT_EQ(test, s.hnid, 0);
	KUNIT_EXPECT_FALSE(test, s.data_cmp);
	KUNIT_EXPECT_EQ(test, s.data_src, PERF_MEM_S(OP, NA) |
			PERF_MEM_S(LVL, NA));
}

/* An overflowed latency reads as 2^15; a measurement in progress is none. */
static void ia64_qear_sample_ov_inprog(struct kunit *test)
{
	struct ia64_qear_sample s;

	ia64_decode_qear(0x1000 | IA64_QEAR_DAT0_OV, 0,
			 FIELD_PREP(IA64_QEAR_CTL_CNT, 5), &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.latency, 32768U);
	KUNIT_EXPECT_EQ(test, s.phys_addr, 0x1000ULL);
	ia64_decode_qear(0x1000 | IA64_QEAR_DAT0_INPROG, 1,
			 FIELD_PREP(IA64_QEAR_CTL_CNT, 5), &s);
	KUNIT_EXPECT_FALSE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.phys_addr, 0ULL);
	KUNIT_EXPECT_EQ(test, s.latency, 0U);
	KUNIT_EXPECT_EQ(test, s.data_src, PERF_MEM_S(OP, NA) |
			PERF_MEM_S(LVL, NA));
}

/* Table 5-5: enabled, on the thread given, every request eligible. */
static void ia64_qear_ctl_value(struct kunit *test)
{
	struct ia64_event ev;
	u64 ctl;

	KUNIT_ASSERT_EQ(test, decode(CFG(0xa0, 1), 0, 0, &ev), 0);
	ctl = ia64_qear_ctl(&ev, 0);
	KUNIT_EXPECT_EQ(test, ctl, 0x3c3bULL);
	KUNIT_EXPECT_EQ(test, ia64_qear_ctl(&ev, 1), ctl | IA64_QEAR_CTL_OT);
	KUNIT_EXPECT_TRUE(test, ctl & IA64_QEAR_CTL_EN);
	KUNIT_EXPECT_TRUE(test, ctl & IA64_QEAR_CTL_LFSR_MSK);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_MC, ctl), 7ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_OPMSK, ctl), 0xfULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_OP, ctl), 0ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_THRESH, ctl), 0ULL);
	KUNIT_EXPECT_FALSE(test, ctl & IA64_QEAR_CTL_V64);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_CNT, ctl), 0ULL);

	/* The classes and the threshold config gives. */
	KUNIT_ASSERT_EQ(test, decode(CFG(0xa0, 1) |
				     FIELD_PREP(IA64_CFG_QEAR_MC, 2) |
				     FIELD_PREP(IA64_CFG_QEAR_THRESH, 3),
				     0, 0, &ev), 0);
	ctl = ia64_qear_ctl(&ev, 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_MC, ctl), 2ULL);
	KUNIT_EXPECT_EQ(test, FIELD_GET(IA64_QEAR_CTL_THRESH, ctl), 3ULL);
	KUNIT_EXPECT_EQ(test, ctl, 0xfc17ULL);
}

/* qear_mc and qear_thresh belong to cpe_cpp_misc.cear alone. */
static void ia64_decode_qear_fields(struct kunit *test)
{
	struct ia64_event ev;

	KUNIT_EXPECT_EQ(test, decode(CFG(0xa0, 1) |
				     FIELD_PREP(IA64_CFG_QEAR_MC, 5), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.qear_mc, 5);
	KUNIT_EXPECT_EQ(test, ev.qear_thresh, 0);
	KUNIT_EXPECT_EQ(test, decode(CFG(0xa0, 0) |
				     FIELD_PREP(IA64_CFG_QEAR_MC, 1), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0x08, 0) |
				     FIELD_PREP(IA64_CFG_QEAR_THRESH, 1), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(CFG(0xa0, 1) | BIT_ULL(63), 0, 0, &ev),
			-EINVAL);
}

static void ia64_dear_tlb_alat_sample(struct kunit *test)
{
	struct ia64_ear_sample s;

	ia64_decode_dear(IA64_DEAR_MODE_TLB, 0x2000, FIELD_PREP(IA64_PMD33_STAT, 2),
			 0, &s);
	KUNIT_EXPECT_TRUE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.latency, 0U);
	KUNIT_EXPECT_EQ(test, s.data_src, PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
			PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT));
	ia64_decode_dear(IA64_DEAR_MODE_TLB, 0x2000, FIELD_PREP(IA64_PMD33_STAT, 3),
			 0, &s);
	KUNIT_EXPECT_EQ(test, s.data_src & PERF_MEM_S(TLB, OS), PERF_MEM_S(TLB, OS));
	ia64_decode_dear(IA64_DEAR_MODE_ALAT, 0x2000, FIELD_PREP(IA64_PMD33_STAT, 1),
			 0x10 | IA64_PMD36_VL, &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_FALSE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.ip, 0x10ULL);
}

static void ia64_iear_sample(struct kunit *test)
{
	struct ia64_ear_sample s;

	ia64_decode_iear(IA64_IEAR_MODE_CACHE, 0x4000000000004020ULL | 1, 40, &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.addr, 0x4000000000004020ULL);
	KUNIT_EXPECT_EQ(test, s.latency, 40U);
	ia64_decode_iear(IA64_IEAR_MODE_CACHE, 0x4000000000004020ULL | 2, 40, &s);
	KUNIT_EXPECT_FALSE(test, s.valid);
	ia64_decode_iear(IA64_IEAR_MODE_TLB, 0x4000000000004020ULL | 2, 40, &s);
	KUNIT_EXPECT_TRUE(test, s.valid);
	KUNIT_EXPECT_EQ(test, s.latency, 0U);
}

static void ia64_etb_branches(struct kunit *test)
{
	u64 etb[IA64_ETB_ENTRIES] = {};
	struct perf_branch_entry b[IA64_ETB_ENTRIES];
	unsigned int n;

	/* 0x1000 slot 1 -> 0x2000; 0x2000 slot 2 (mispredicted) -> 0x3000. */
	etb[0] = 0x1000 | IA64_ETB_S | FIELD_PREP(IA64_ETB_SLOT, 1);
	etb[1] = 0x2000 | IA64_ETB_MP;
	etb[2] = 0x2000 | IA64_ETB_S | IA64_ETB_MP | FIELD_PREP(IA64_ETB_SLOT, 2);
	etb[3] = 0x3000 | IA64_ETB_MP;
	n = ia64_decode_etb(4, 0, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 2U);
	KUNIT_EXPECT_EQ(test, b[0].from, 0x2002ULL);
	KUNIT_EXPECT_EQ(test, b[0].to, 0x3000ULL);
	KUNIT_EXPECT_EQ(test, (int)b[0].mispred, 1);
	KUNIT_EXPECT_EQ(test, b[1].from, 0x1001ULL);
	KUNIT_EXPECT_EQ(test, b[1].to, 0x2000ULL);
	KUNIT_EXPECT_EQ(test, (int)b[1].predicted, 1);
	/* Empty buffer. */
	KUNIT_EXPECT_EQ(test, ia64_decode_etb(0, 0, etb, b, ARRAY_SIZE(b)), 0U);
	/* The b1 bit of PMD39 moves a source to the second bundle. */
	n = ia64_decode_etb(2, 0x1, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 1U);
	KUNIT_EXPECT_EQ(test, b[0].from, 0x1011ULL);
}

static void ia64_etb_wrapped(struct kunit *test)
{
	u64 etb[IA64_ETB_ENTRIES];
	struct perf_branch_entry b[IA64_ETB_ENTRIES];
	unsigned int i, n;

	/*
	 * 8 pairs written from index 2 on, wrapping: ebi = 2 points to the
	 * oldest entry, the source at PMD50; PMD48/49 hold the newest pair.
	 * A source whose target follows in the next entry back to back
	 * (source, source) takes the second's bundle as target.
	 */
	for (i = 0; i < IA64_ETB_ENTRIES; i += 2) {
		unsigned int at = (2 + i) % IA64_ETB_ENTRIES;

		etb[at] = (0x10000 + i * 0x100) | IA64_ETB_S;
		etb[(at + 1) % IA64_ETB_ENTRIES] = (0x20000 + i * 0x100) | IA64_ETB_MP;
	}
	n = ia64_decode_etb(2 | IA64_PMD38_FULL, 0, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 8U);
	KUNIT_EXPECT_EQ(test, b[0].from, 0x10e00ULL);
	KUNIT_EXPECT_EQ(test, b[0].to, 0x20e00ULL);
	KUNIT_EXPECT_EQ(test, b[7].from, 0x10000ULL);
	/* With room for three, the three most recent. */
	n = ia64_decode_etb(2 | IA64_PMD38_FULL, 0, etb, b, 3);
	KUNIT_ASSERT_EQ(test, n, 3U);
	/* Source followed by source: the target bundle held a branch. */
	etb[0] = 0x5000 | IA64_ETB_S;
	etb[1] = 0x6000 | IA64_ETB_S;
	etb[2] = 0x7000 | IA64_ETB_MP;
	n = ia64_decode_etb(3, 0, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 2U);
	KUNIT_EXPECT_EQ(test, b[1].to, 0x6000ULL);
	KUNIT_EXPECT_EQ(test, b[0].to, 0x7000ULL);
}

/* An IP-EAR entry (Table 3-30) and its PMD39 nibble (Table 3-32). */
static u64 ipear_entry(u64 ip, unsigned int cycles)
{
	return FIELD_PREP(IA64_IPEAR_CYCL_LO, cycles & 0xf) |
	       FIELD_PREP(IA64_IPEAR_IP, ip >> 12) |
	       FIELD_PREP(IA64_IPEAR_IP_LO, (ip >> 4) & 0xff);
}

static u64 ipear_ext(unsigned int idx, unsigned int cycles, unsigned int flags)
{
	return (u64)(FIELD_PREP(IA64_IPEAR_EXT_CYCL_HI, cycles >> 4) | flags) <<
	       ia64_etb_ext_shift(idx);
}

static void ia64_ipear_pairs(struct kunit *test)
{
	static const u64 ips[] = {
		0x4000000000001000ULL, 0x4000000000001010ULL,
		0x4000000000023450ULL, 0x4000000000001020ULL,
	};
	u64 etb[IA64_ETB_ENTRIES] = {}, pmd39 = 0;
	struct perf_branch_entry b[IA64_ETB_ENTRIES];
	unsigned int i, n;

	for (i = 0; i < ARRAY_SIZE(ips); i++) {
		etb[i] = ipear_entry(ips[i], 5 + 18 * i);
		pmd39 |= ipear_ext(i, 5 + 18 * i, 0);
	}
	/* The freeze's own capture, IP unknown. */
	etb[4] = ipear_entry(0xdeadbeef000ULL, 3);
	n = ia64_decode_ipear(5, pmd39, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 3U);
	/* Most recent first; cycles of the younger IP, 6 bits. */
	KUNIT_EXPECT_EQ(test, b[0].from, ips[2]);
	KUNIT_EXPECT_EQ(test, b[0].to, ips[3]);
	KUNIT_EXPECT_EQ(test, (unsigned int)b[0].cycles, 59U);
	KUNIT_EXPECT_EQ(test, b[1].from, ips[1]);
	KUNIT_EXPECT_EQ(test, b[1].to, ips[2]);
	KUNIT_EXPECT_EQ(test, (unsigned int)b[1].cycles, 41U);
	KUNIT_EXPECT_EQ(test, b[2].from, ips[0]);
	KUNIT_EXPECT_EQ(test, b[2].to, ips[1]);
	KUNIT_EXPECT_EQ(test, (unsigned int)b[2].cycles, 23U);
	KUNIT_EXPECT_EQ(test, (int)b[2].mispred, 0);
	/* Room for one: the most recent pair. */
	KUNIT_EXPECT_EQ(test, ia64_decode_ipear(5, pmd39, etb, b, 1), 1U);
	KUNIT_EXPECT_EQ(test, b[0].to, ips[3]);
	/* Empty, or only the freeze's capture: nothing. */
	KUNIT_EXPECT_EQ(test, ia64_decode_ipear(0, 0, etb, b, ARRAY_SIZE(b)), 0U);
	KUNIT_EXPECT_EQ(test, ia64_decode_ipear(1, 0, etb, b, ARRAY_SIZE(b)), 0U);
	KUNIT_EXPECT_EQ(test, ia64_decode_ipear(2, 0, etb, b, ARRAY_SIZE(b)), 0U);
	/*
	 * The oldest pair again, written from Tables 3-30 and 3-32 by hand
	 * rather than with the masks the decoder uses: cycles 5 and 23 (low
	 * bits 63:60, high bits in the entry's PMD39 nibble, PMD49's at
	 * 11:8), IP bits 63:12 in 59:8 and 11:4 in 7:0.
	 */
	etb[0] = 0x5400000000000100ULL;
	etb[1] = 0x7400000000000101ULL;
	etb[2] = 0;
	n = ia64_decode_ipear(3, 0x400, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 1U);
	KUNIT_EXPECT_EQ(test, b[0].from, ips[0]);
	KUNIT_EXPECT_EQ(test, b[0].to, ips[1]);
	KUNIT_EXPECT_EQ(test, (unsigned int)b[0].cycles, 23U);
}

static void ia64_ipear_wrapped_and_early_freeze(struct kunit *test)
{
	u64 etb[IA64_ETB_ENTRIES], pmd39 = 0;
	struct perf_branch_entry b[IA64_ETB_ENTRIES];
	unsigned int i, n;

	/* Full, oldest at 6: entry k holds IP 0x10000 + k * 0x10. */
	for (i = 0; i < IA64_ETB_ENTRIES; i++) {
		unsigned int k = (i + IA64_ETB_ENTRIES - 6) % IA64_ETB_ENTRIES;

		etb[i] = ipear_entry(0x10000 + k * 0x10, k);
		pmd39 |= ipear_ext(i, k, 0);
	}
	n = ia64_decode_ipear(6 | IA64_PMD38_FULL, pmd39, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 14U);
	KUNIT_EXPECT_EQ(test, b[0].from, 0x10000ULL + 13 * 0x10);
	KUNIT_EXPECT_EQ(test, b[0].to, 0x10000ULL + 14 * 0x10);
	KUNIT_EXPECT_EQ(test, (unsigned int)b[0].cycles, 14U);
	KUNIT_EXPECT_EQ(test, b[13].from, 0x10000ULL);
	/* An early-freeze entry (ef = 1) holds the delay, not an IP. */
	pmd39 |= ipear_ext(8, 0, IA64_IPEAR_EXT_EF);
	n = ia64_decode_ipear(6 | IA64_PMD38_FULL, pmd39, etb, b, ARRAY_SIZE(b));
	KUNIT_ASSERT_EQ(test, n, 12U);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_NE(test, b[i].from, 0x10000ULL + 2 * 0x10);
		KUNIT_EXPECT_NE(test, b[i].to, 0x10000ULL + 2 * 0x10);
	}
}

static struct kunit_case ia64_logic_cases[] = {
	KUNIT_CASE(ia64_decode_every_catalogue_row),
	KUNIT_CASE(ia64_decode_refuses_codes),
	KUNIT_CASE(ia64_catalogue_find_first_row),
	KUNIT_CASE(ia64_decode_refuses_driver_bits),
	KUNIT_CASE(ia64_decode_threshold),
	KUNIT_CASE(ia64_decode_all),
	KUNIT_CASE(ia64_decode_mesi),
	KUNIT_CASE(ia64_decode_ears),
	KUNIT_CASE(ia64_decode_qualification),
	KUNIT_CASE(ia64_decode_fine_range),
	KUNIT_CASE(ia64_pmcs_fine_range),
	KUNIT_CASE(ia64_prefetch_range),
	KUNIT_CASE(ia64_range_pairs_from_notes),
	KUNIT_CASE(ia64_counter_pmc_value),
	KUNIT_CASE(ia64_pmcs_unqualified),
	KUNIT_CASE(ia64_pmcs_qualified),
	KUNIT_CASE(ia64_pmcs_existing_configs),
	KUNIT_CASE(ia64_decode_tag_channels),
	KUNIT_CASE(ia64_debug_regs_users),
	KUNIT_CASE(ia64_generic_map),
	KUNIT_CASE(ia64_generic_counted),
	KUNIT_CASE(ia64_pmcs_ears_etb),
	KUNIT_CASE(ia64_ipear_branch_config),
	KUNIT_CASE(ia64_etb_filter_fields),
	KUNIT_CASE(ia64_pmcs_ipear),
	KUNIT_CASE(ia64_counter_wraps_at_47_bits),
	KUNIT_CASE(ia64_dear_cache_sample),
	KUNIT_CASE(ia64_dear_tlb_alat_sample),
	KUNIT_CASE(ia64_qear_sample_fields),
	KUNIT_CASE(ia64_qear_sample_ov_inprog),
	KUNIT_CASE(ia64_qear_ctl_value),
	KUNIT_CASE(ia64_decode_qear_fields),
	KUNIT_CASE(ia64_iear_sample),
	KUNIT_CASE(ia64_etb_branches),
	KUNIT_CASE(ia64_etb_wrapped),
	KUNIT_CASE(ia64_ipear_pairs),
	KUNIT_CASE(ia64_ipear_wrapped_and_early_freeze),
	{}
};

PMU_KUNIT_MODULE(ia64_logic, "itanium9300_logic",
		 "KUnit tests of the Itanium 9300 PMU logic");
