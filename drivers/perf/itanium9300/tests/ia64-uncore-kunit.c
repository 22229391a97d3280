// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 uncore logic against chapter 5: CSR
 * addresses (with the manual's own example), the DBX_CSR_MISC freeze and
 * unfreeze values, event decoding for each box with every invalid code
 * and combination the manual states, the control register values, the
 * split counters and wrap-safe deltas, and the counter constraints.
 */
#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/string.h>
#include <pmu-suite-test/kunit.h>

#include <pmu-suite/itanium9300/uncore.h>
#include "ia64-catalogue.h"

static int decode(enum ia64_unc_box box, u64 config, u64 config1,
		  u64 config2, struct ia64_unc_event *ev)
{
	struct perf_event_attr attr = {
		.config = config,
		.config1 = config1,
		.config2 = config2,
	};
	const char *why = NULL;
	int ret = ia64_unc_decode(box, &attr, ev, &why);

	/* Every refusal says why. */
	if (ret && !why)
		return -ENOMSG;
	return ret;
}

static u64 rcfg(unsigned int port, u32 iperf)
{
	return (u64)port << 32 | iperf;
}

/* 5.2: B_CSR_PERF_CTL0 of B-Box 0 on socket 0 and on socket 255 */
static void ia64_unc_addresses(struct kunit *test)
{
	u32 off = ia64_unc_box_window(IA64_UNC_BBOX, 0) + IA64_B_PERF_CTL0;
	struct ia64_unc_event ev = {};
	unsigned int c;

	KUNIT_EXPECT_EQ(test, off, 0xc080U);
	/* The manual's example, through the current-socket window. */
	KUNIT_EXPECT_EQ(test, IA64_UNC_PAL_BASE + IA64_UNC_CURRENT_WIN + off,
			0x8003fffbfeb0c080ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_csr_phys(0, off), 0x8003fffbfc00c080ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_csr_phys(1, off), 0x8003fffbfc01c080ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_csr_phys(255, off), 0x8003fffbfcffc080ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_box_window(IA64_UNC_ZBOX, 1), 0xd000U);
	KUNIT_EXPECT_EQ(test, ia64_unc_box_window(IA64_UNC_BBOX, 1), 0xd000U);
	KUNIT_EXPECT_EQ(test, ia64_unc_box_window(IA64_UNC_RBOX, 0), 0U);
	KUNIT_EXPECT_EQ(test, ia64_unc_csr_phys(2, IA64_DBX_CSR_MISC),
			0x8003fffbfc02fa00ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_csr_phys(0, IA64_R_PERF_GBLCFG),
			0x8003fffbfc004f00ULL);
	/* Every window lies in the mapped 256 MiB. */
	KUNIT_EXPECT_GE(test, ia64_unc_csr_phys(0, 0),
			IA64_UNC_PAL_BASE + IA64_UNC_MAP_OFFSET);
	KUNIT_EXPECT_LT(test, ia64_unc_csr_phys(255, 0xffff),
			IA64_UNC_PAL_BASE + IA64_UNC_MAP_OFFSET + IA64_UNC_MAP_LEN);
	/* Register offsets of Tables 5-9, 5-45 and 5-24 */
	KUNIT_EXPECT_EQ(test, IA64_B_PERF_CNT(0), 0x0a8);
	KUNIT_EXPECT_EQ(test, IA64_B_PERF_CNT(7), 0x0e0);
	KUNIT_EXPECT_EQ(test, IA64_Z_PMU_CNT_CTL(4), 0xc70);
	KUNIT_EXPECT_EQ(test, IA64_Z_PMU_CNT(4), 0xc40);
	/* The box types' rows give the same registers. */
	for (c = 0; c < IA64_B_COUNTERS; c++) {
		ev.box = IA64_UNC_BBOX;
		ev.inst = 1;
		KUNIT_EXPECT_EQ(test, ia64_unc_cnt_offset(&ev, c),
				IA64_UNC_BZ1_WIN + IA64_B_PERF_CNT(c));
	}
	for (c = 0; c < IA64_Z_COUNTERS; c++) {
		ev.box = IA64_UNC_ZBOX;
		ev.inst = 0;
		KUNIT_EXPECT_EQ(test, ia64_unc_cnt_offset(&ev, c),
				IA64_UNC_BZ0_WIN + IA64_Z_PMU_CNT(c));
		KUNIT_EXPECT_EQ(test, ia64_unc_ctl_offset(&ev, c),
				IA64_UNC_BZ0_WIN + IA64_Z_PMU_CNT_CTL(c));
	}
	for (c = 0; c < IA64_R_COUNTERS; c++) {
		ev.box = IA64_UNC_RBOX;
		ev.inst = c / IA64_R_SIDE_COUNTERS;
		KUNIT_EXPECT_EQ(test, ia64_unc_instance(&ev), 0U);
		KUNIT_EXPECT_EQ(test, ia64_unc_cnt_offset(&ev, c), IA64_R_PERF_CNT(c));
		KUNIT_EXPECT_EQ(test, ia64_unc_ctl_offset(&ev, c),
				IA64_R_PERF_CNT_CTRL(c));
	}
	KUNIT_EXPECT_EQ(test, IA64_R_PERF_CNT_CTRL(15), 0x4ef8);
	KUNIT_EXPECT_EQ(test, IA64_R_IPERF(11, 1), 0x7b88);
	KUNIT_EXPECT_EQ(test, IA64_R_IPERF(3, 1), 0x7388);
}

static void ia64_unc_dbx(struct kunit *test)
{
	u64 v = ia64_unc_dbx_misc(0, true);

	KUNIT_EXPECT_EQ(test, v, IA64_DBX_FRZ_ALL);
	v = ia64_unc_dbx_misc(v, false);
	KUNIT_EXPECT_EQ(test, v, IA64_DBX_UNFRZ_ALL);
	/* Each write makes a 0 to 1 transition of the bit it wants. */
	v = ia64_unc_dbx_misc(v, true);
	KUNIT_EXPECT_EQ(test, v, IA64_DBX_FRZ_ALL);
	/* frz_en and ov_box_en are kept. */
	v = ia64_unc_dbx_misc(IA64_DBX_FRZ_EN | IA64_DBX_OV_BOX_EN |
			      IA64_DBX_FRZ_ALL, false);
	KUNIT_EXPECT_EQ(test, v, IA64_DBX_FRZ_EN | IA64_DBX_OV_BOX_EN |
			IA64_DBX_UNFRZ_ALL);
}

/* The catalogue entry of an event code, or NULL */
static const struct ia64_uncore_event *
listed_event(const struct ia64_uncore_event *tab, unsigned int n,
	     unsigned int code)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (tab[i].code == code)
			return &tab[i];
	return NULL;
}

/* Every B-Box code decodes exactly when Table 5-22 lists it. */
static void ia64_unc_bbox_codes(struct kunit *test)
{
	struct ia64_unc_event ev;
	unsigned int code, listed = 0;

	for (code = 0; code < 64; code++) {
		const struct ia64_uncore_event *e =
			listed_event(ia64_bbox_events, IA64_BBOX_EVENTS_NR, code);
		int ret;

		ret = decode(IA64_UNC_BBOX, code, 0, 0, &ev);
		if (!e) {
			KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "code 0x%x", code);
			continue;
		}
		listed++;
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "code 0x%x", code);
		KUNIT_EXPECT_EQ(test, ev.code, code);
		KUNIT_EXPECT_EQ(test, ev.has_subctl,
				!!(e->flags & IA64_UNC_SUBCTL));
	}
	KUNIT_EXPECT_EQ(test, listed, IA64_BBOX_EVENTS_NR);
	/* NSL_SUCC..NSL_EVENT3: no sub-control (a stray "1" in Table 5-22). */
	for (code = 0x26; code <= 0x2d; code++)
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_BBOX, code, 1, 0, &ev),
				    -EINVAL, "code 0x%x", code);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x10, 1, 0, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.has_subctl);
	/* 0x12-0x15 are missing from Table 5-22. */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x12, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x15, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x25 | IA64_UNC_CFG_BOX,
				     0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.inst, 1);
	/* Reserved config bits, config2, config1 without a sub-control */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x25 | BIT(6), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x25 | BIT_ULL(9), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x25, 0, 1, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x25, 1, 0, &ev), -EINVAL);
}

/* B_CSR_PERF_CTL2 (Table 5-13) for a sub-control event, ARB_Q0_INSERTS */
static void ia64_unc_bbox_ctl2(struct kunit *test)
{
	struct ia64_unc_event ev;
	unsigned int sel;

	for (sel = 0; sel < 64; sel++) {
		int want = (sel <= 41 && sel != 38) ? 0 : -EINVAL;

		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_BBOX, 0x09, sel, 0, &ev),
				    want, "arbq_sel0 %u", sel);
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_BBOX, 0x09,
						 (u64)sel << 6, 0, &ev),
				    want, "arbq_sel1 %u", sel);
	}
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_BBOX, 0x09, 33, 0, &ev), 0);
	KUNIT_EXPECT_TRUE(test, ev.has_subctl);
	KUNIT_EXPECT_EQ(test, ev.subctl, 33ULL);
	/* Undefined bits 14:12 and 63:44 */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x09, BIT(12), 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x09, BIT(14), 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x09, BIT_ULL(44), 0, &ev),
			-EINVAL);
	/* iob_trans_sel 0-2, iob_remote_local 0-2 */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, 2ULL << 15, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, 3ULL << 15, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, 2ULL << 19, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, 3ULL << 19, 0, &ev),
			-EINVAL);
	/* z_wmark, z_op and z_wmark_ge_le for BZ_WMARK */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x24, GENMASK_ULL(43, 21),
				     0, &ev), 0);
}

#define CTL3(ci, oi, co, oo)	((u64)(ci) | (u64)(oi) << 16 | (u64)(co) << 32 | \
				 (u64)(oo) << 48)
#define RL_LOCAL		BIT_ULL(19)	/* CTL2 iob_remote_local 1 */

/* B_CSR_PERF_CTL3 (Table 5-14): the IOB events' class and opcode filters */
static void ia64_unc_bbox_ctl3_fields(struct kunit *test)
{
	static const u8 iob[] = { 0x16, 0x17, 0x18, 0x19, 0x1a };
	struct ia64_unc_share sh = {};
	struct ia64_unc_event ev;
	unsigned int code, i;

	/* Left 0, a field is all ones: no filter (the note below 5-14). */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_BBOX, 0x19, RL_LOCAL, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ctl3, 0xffffffffULL);
	KUNIT_EXPECT_EQ(test, ev.ctl3_used, (u64)IA64_B_CTL3_IN);
	/* IOB_IN_PKTS: DRS and NCB data returns (DataC_*_Cmp, NcWr) */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_BBOX, 0x19, RL_LOCAL,
				     CTL3(0x4800, 0x0005, 0, 0), &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ctl3, CTL3(0x4800, 0x0005, 0, 0));
	/* IOB_OUT_PKTS: NDR Gnt_Cmp */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_BBOX, 0x1a, RL_LOCAL,
				     CTL3(0, 0, 0x0004, 0x0001), &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ctl3, CTL3(0, 0, 0x0004, 0x0001));
	KUNIT_EXPECT_EQ(test, ev.ctl3_used, (u64)IA64_B_CTL3_OUT);
	/* ... but not the other direction's fields */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x19, RL_LOCAL,
				     CTL3(0, 0, 0x4, 0), &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x1a, RL_LOCAL,
				     CTL3(0, 0x1, 0, 0), &ev), -EINVAL);
	/* Live transactions: both with iob_trans_sel 0, input only with 1 */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, RL_LOCAL,
				     CTL3(0x1, 0, 0x4, 0), &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ctl3_used, (u64)(IA64_B_CTL3_IN | IA64_B_CTL3_OUT));
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x18, RL_LOCAL | 1ULL << 15,
				     CTL3(0x1, 0x10, 0, 0), &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ctl3_used, (u64)IA64_B_CTL3_IN);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x18, RL_LOCAL | 1ULL << 15,
				     CTL3(0, 0, 0x4, 0), &ev), -EINVAL);
	/* iob_trans_sel 2 (snoops): "selection has no effect" */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, 2ULL << 15, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.ctl3_used, 0ULL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x17, 2ULL << 15,
				     CTL3(0x1, 0, 0, 0), &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x16, 0, CTL3(0x8, 0, 0x8, 0),
				     &ev), 0);
	/* Message classes: those of Table 5-15 only, or all ones */
	for (i = 0; i < 16; i++) {
		int want = BIT(i) & IA64_B_CTL3_CLASSES ? 0 : -EINVAL;

		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_BBOX, 0x19, RL_LOCAL,
						 CTL3(BIT(i), 0, 0, 0), &ev),
				    want, "class_in bit %u", i);
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_BBOX, 0x1a, RL_LOCAL,
						 CTL3(0, 0, BIT(i), 0), &ev),
				    want, "class_out bit %u", i);
		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x19, RL_LOCAL,
					     CTL3(0, BIT(i), 0, 0), &ev), 0);
	}
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_BBOX, 0x19, RL_LOCAL,
				     CTL3(0xffff, 0, 0, 0), &ev), 0);
	/* config2 on every event that is not an IOB event */
	for (code = 0; code < 64; code++) {
		if (decode(IA64_UNC_BBOX, code, 0, 0, &ev))
			continue;
		for (i = 0; i < ARRAY_SIZE(iob); i++)
			if (code == iob[i])
				break;
		if (i < ARRAY_SIZE(iob))
			continue;
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_BBOX, code, ev.subctl,
						 CTL3(0x1, 0, 0, 0), &ev),
				    -EINVAL, "code 0x%x", code);
	}
	/* The register: used fields, all ones elsewhere */
	KUNIT_EXPECT_EQ(test, ia64_unc_bbox_ctl3(&sh), ~0ULL);
	sh.ctl3 = CTL3(0x4000, 0x2, 0x4, 0x1);
	sh.ctl3_users[0] = 1;
	sh.ctl3_users[3] = 2;
	KUNIT_EXPECT_EQ(test, ia64_unc_bbox_ctl3(&sh), CTL3(0x4000, 0xffff, 0xffff, 0x1));
	/* The CTL2 changes after which CTL3 must be written (below Table 5-13) */
	KUNIT_EXPECT_TRUE(test, ia64_unc_bbox_ctl3_due(0, 1ULL << 15));
	KUNIT_EXPECT_TRUE(test, ia64_unc_bbox_ctl3_due(1ULL << 15, 2ULL << 15));
	KUNIT_EXPECT_TRUE(test, ia64_unc_bbox_ctl3_due(0, BIT_ULL(17)));
	KUNIT_EXPECT_FALSE(test, ia64_unc_bbox_ctl3_due(2ULL << 15, 2ULL << 15 |
							BIT_ULL(17)));
	KUNIT_EXPECT_FALSE(test, ia64_unc_bbox_ctl3_due(2ULL << 15, 0));
	KUNIT_EXPECT_FALSE(test, ia64_unc_bbox_ctl3_due(0, 33));
	KUNIT_EXPECT_FALSE(test, ia64_unc_bbox_ctl3_due(RL_LOCAL, RL_LOCAL));
}

static void ia64_unc_zbox_codes(struct kunit *test)
{
	struct ia64_unc_event ev;
	unsigned int code, listed = 0;

	for (code = 0; code < 64; code++) {
		const struct ia64_uncore_event *e =
			listed_event(ia64_zbox_events, IA64_ZBOX_EVENTS_NR, code);
		int ret;

		ret = decode(IA64_UNC_ZBOX, code | IA64_UNC_CFG_BOX, 0, 0, &ev);
		if (!e) {
			KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "code 0x%x", code);
			continue;
		}
		listed++;
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "code 0x%x", code);
		KUNIT_EXPECT_EQ(test, ev.inst, 1);
		KUNIT_EXPECT_EQ_MSG(test, ev.nr_zsc,
				    hweight32(e->flags & GENMASK(13, 8)), "code 0x%x", code);
		/* No sub-control value for an event without a register */
		if (!(e->flags & IA64_UNC_SUBCTL))
			KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_ZBOX, code, BIT(3), 0, &ev),
					    -EINVAL, "code 0x%x", code);
	}
	/* 38 codes (Table 5-59 lists CYC_RETRYQ_BADLYSTARVED twice). */
	KUNIT_EXPECT_EQ(test, IA64_ZBOX_EVENTS_NR, 38);
	KUNIT_EXPECT_EQ(test, listed, IA64_ZBOX_EVENTS_NR);
	/* 0x00, 0x17, 0x1e and 0x1f are in no Z-Box event list. */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x00, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x17, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x1e, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x1b, 1, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x1b | BIT(7), 0, 0, &ev),
			-EINVAL);
}

/* Z-Box sub-control values (Tables 5-49 to 5-58) */
static void ia64_unc_zbox_subctl(struct kunit *test)
{
	struct ia64_unc_event ev;
	unsigned int v;

	/* THR_TT_TRP_UP_EV: all DIMMs, rising above mid */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_ZBOX, 0x04, 0x3 << 7 | BIT(3), 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.nr_zsc, 1);
	KUNIT_EXPECT_EQ(test, ev.zsc_reg[0], IA64_Z_SC_THR);
	KUNIT_EXPECT_EQ(test, ev.zsc_val[0], 0x3U << 7 | BIT(3));
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x04, BIT(2), 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x04, BIT(11), 0, &ev), -EINVAL);
	/* Only one register: config2 refused */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x04, 0, 1, &ev), -EINVAL);
	/* PLD_DRAM_EV: PLD in config1, ISS in config2 */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_ZBOX, 0x0a, 0x02 << 8, 3 << 7, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.nr_zsc, 2);
	KUNIT_EXPECT_EQ(test, ev.zsc_reg[0], IA64_Z_SC_PLD);
	KUNIT_EXPECT_EQ(test, ev.zsc_reg[1], IA64_Z_SC_ISS);
	KUNIT_EXPECT_EQ(test, ev.zsc_val[1], 3U << 7);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x0a, BIT(14), 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x0a, 0, 4 << 7, &ev), -EINVAL);
	/* ISS scheduling modes 100-111 are reserved. */
	for (v = 0; v < 8; v++) {
		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x09, v << 4, 0, &ev),
				v < 4 ? 0 : -EINVAL);
		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x09, v << 7, 0, &ev),
				v < 4 ? 0 : -EINVAL);
	}
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x09, BIT(10), 0, &ev), -EINVAL);
	/* DSP: dspq_empty only; bit 8 is an "illegal selection" */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x20, BIT(10), 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x20, BIT(8), 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x20, BIT(9), 0, &ev), -EINVAL);
	/* PGT: trans_cmd_cnd 00-10, bit 6 ignored */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x16, 2 << 8 | 0x3f | BIT(7), 0, &ev),
			0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x16, 3 << 8, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x24, BIT(6), 0, &ev), -EINVAL);
	/* FVC: subevents, responses and B-Box commands */
	for (v = 0; v < 8; v++) {
		int want = v == 4 ? -EINVAL : 0;

		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x0d, v << 12, 0, &ev), want);
		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x10, v << 21, 0, &ev), want);
		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x0e, v << 9, 0, &ev),
				v == 6 ? -EINVAL : 0);
	}
	for (v = 0; v < 16; v++)
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_ZBOX, 0x0f, v << 5, 0, &ev),
				    (v <= 8 || v == 10 || v == 12 || v == 15) ? 0 : -EINVAL,
				    "bcmd %u", v);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x0f, BIT(24), 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_ZBOX, 0x0f, BIT(4), 0, &ev), -EINVAL);
	/* Offsets of Table 5-45 */
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_subctl_offset(IA64_Z_SC_PGT), 0xf00U);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_subctl_offset(IA64_Z_SC_DSP), 0xea8U);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_subctl_offset(IA64_Z_SC_ISS), 0xe38U);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_subctl_offset(IA64_Z_SC_THR), 0xca8U);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_subctl_offset(IA64_Z_SC_PLD), 0xb08U);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_subctl_offset(IA64_Z_SC_FVC), 0x818U);
}

static void ia64_unc_rbox_events(struct kunit *test)
{
	struct ia64_unc_event ev;
	unsigned int i, port;

	/* Each single-bit RIX event of Table 5-37, on every port */
	for (i = 0; i < IA64_RBOX_EVENTS_NR; i++) {
		const struct ia64_uncore_event *e = &ia64_rbox_events[i];
		u32 iperf;

		if (!(e->flags & IA64_UNC_FIELD) || e->field_width != 1)
			continue;
		iperf = BIT(e->field_lsb);
		if (e->field_lsb == 20 || e->field_lsb == 21)
			iperf |= 1 << 17;	/* EOTMSGSEL Home0 */
		for (port = 0; port < IA64_R_PORTS; port++) {
			KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX,
							 rcfg(port, iperf), 0, 0, &ev),
					    0, "%s port %u", e->alias, port);
			KUNIT_EXPECT_EQ(test, ev.port, port);
			KUNIT_EXPECT_EQ(test, ev.iperf, iperf);
		}
	}
	/* NEW_PACKETS_RECV with VN selection, ALLOC_TO_ARB */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, 0xff), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, 0x21), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, 0xfe00), 0, 0, &ev), 0);
	/* VN selection alone counts nothing. */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, 0xc0), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, 0), 0, 0, &ev), -EINVAL);
	/* Two events in one value */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31) | BIT(30)),
				     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31) | 0x1),
				     0, 0, &ev), -EINVAL);
	/* EOT events need EOTMSGSEL 001-111; others must not have it */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(21)), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(20)), 0, 0, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(20) | 7 << 17),
				     0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31) | 1 << 17),
				     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31) | 0xc0),
				     0, 0, &ev), -EINVAL);
	/* NSP_SENT (bit 29) is in no event list. */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(29)), 0, 0, &ev),
			-EINVAL);
	/* Ports 12-15, reserved bits, an IPERF value with qlx, match/mask */
	for (port = 12; port < 16; port++)
		KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(port, BIT(31)),
					     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)) | BIT_ULL(36),
				     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)) | BIT_ULL(37),
				     0, 0, &ev), -EINVAL);
	/* match/mask values without mm */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)), 0x200, 0x1e00,
				     &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)), 0, 0x1e00,
				     &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)) |
				     IA64_UNC_CFG_MM_ANYFLIT, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)) | 1ULL << 38,
				     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, rcfg(0, BIT(31)) | BIT_ULL(43),
				     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_NR_BOXES, 0, 0, 0, &ev), -EINVAL);
}

static u64 qcfg(unsigned int port, u32 arb)
{
	return rcfg(port, arb) | IA64_UNC_CFG_QLX;
}

/* QLX events: the ARB_PERF event field of Table 5-30 */
static void ia64_unc_rbox_qlx(struct kunit *test)
{
	/* Types 0011, 0111 and 1101-1111 are reserved. */
	static const u8 reserved[] = { 0x3, 0x7, 0xd, 0xe, 0xf };
	struct ia64_unc_event ev;
	unsigned int i, type, cls;
	const char *why = NULL;

	/* Every QLX catalogue row decodes with its type on every port. */
	for (i = 0; i < IA64_RBOX_EVENTS_NR; i++) {
		const struct ia64_uncore_event *e = &ia64_rbox_events[i];
		unsigned int port;

		if (e->flags & IA64_UNC_FIELD)
			continue;
		for (port = 0; port < IA64_R_PORTS; port++) {
			KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX,
							 qcfg(port, e->code), 0, 0, &ev),
					    0, "%s port %u", e->alias, port);
			KUNIT_EXPECT_TRUE(test, ev.qlx);
			KUNIT_EXPECT_EQ(test, ev.arb, e->code);
			KUNIT_EXPECT_EQ(test, ev.port, port);
			KUNIT_EXPECT_EQ(test, ev.inst, ia64_unc_rbox_side(port));
			KUNIT_EXPECT_EQ(test, ev.iperf, 0U);
		}
	}
	/* TGT_AVAILABLE is 1011, ET_ACC 1100 (Table 5-30) */
	for (i = 0; i < IA64_RBOX_EVENTS_NR; i++) {
		if (!strcmp(ia64_rbox_events[i].alias, "rbox.tgt_available"))
			KUNIT_EXPECT_EQ(test, ia64_rbox_events[i].code, 0xb);
		if (!strcmp(ia64_rbox_events[i].alias, "rbox.et_acc"))
			KUNIT_EXPECT_EQ(test, ia64_rbox_events[i].code, 0xc);
	}
	for (i = 0; i < ARRAY_SIZE(reserved); i++)
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX, qcfg(0, reserved[i]),
						 0, 0, &ev),
				    -EINVAL, "type %#x", reserved[i]);
	/* Every defined type with every class and VN */
	for (type = 0; type < 16; type++) {
		bool ok_type = type != 0x3 && type != 0x7 && type < 0xd;

		for (cls = 0; cls < 16; cls++) {
			bool illegal = cls % 8 > 5 &&
				       (type == 0x0 || type == 0x1 || type == 0xc);
			int want = ok_type && !illegal ? 0 : -EINVAL;

			KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX,
							 qcfg(5, cls << 4 | type), 0, 0, &ev),
					    want, "type %#x cls/sub %#x", type, cls);
		}
	}
	/* VNA classes for TGT_AVAILABLE (VN1.VLG), a VN1 global bid */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(2, 0xfb), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.arb, 0xfb);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(2, 0x98), 0, 0, &ev), 0);
	/* Illegal classes 110-111 of QUE_ARB_BID(_FAIL) and ET_ACC */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(0, 0x60), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(0, 0xf1), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(0, 0x7c), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(0, 0x5c), 0, 0, &ev), 0);
	/* Bits outside the 8-bit field: qlx with IPERF bits */
	for (i = 8; i < 32; i++)
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX, qcfg(0, BIT(i) | 0x8),
						 0, 0, &ev), -EINVAL, "bit %u", i);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_check(0x100, &why), -EINVAL);
	KUNIT_EXPECT_NOT_NULL(test, why);
	/* Port 12-15, and match/mask config1/2 stay refused with qlx. */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(12, 0x8), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(15, 0x8), 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(0, 0x8), 0x8, 0x8, &ev),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, qcfg(0, 0x8), 0, 0x8, &ev),
			-EINVAL);
}

/* QLX register values: ARB_PERF addresses, fields and ev_sel */
static void ia64_unc_rbox_qlx_registers(struct kunit *test)
{
	static const u16 arb_perf[IA64_R_PORTS] = {
		0x4290, 0x4298, 0x42a0, 0x42a8, 0x42b0, 0x4490,
		0x4498, 0x44a0, 0x44a8, 0x44b0, 0x44b8, 0x42b8,
	};
	struct ia64_unc_event ev;
	unsigned int port;

	/* Table 5-25 */
	for (port = 0; port < IA64_R_PORTS; port++)
		KUNIT_EXPECT_EQ_MSG(test, ia64_unc_rbox_arb_offset(port), arb_perf[port],
				    "port %u", port);
	/* ev0 in bits 7:0, ev1 in 23:16; the other field is kept */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_perf(0, 0, 0x9b), 0x9bU);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_perf(0, 1, 0x9b), 0x9b0000U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_perf(0x9b, 1, 0x2c), 0x2c009bU);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_perf(0x2c009b, 0, 0x08), 0x2c0008U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_perf(0x2c009b, 1, 0xff), 0xff009bU);
	/* Read-zero bits 15:8 and 31:24 are written 0. */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_arb_perf(0xffffffff, 0, 0x01),
			0xff0001U);
	/* ev_sel: 000/001 RIX (IPERF0/1), 010/011 QLX event 0/1 */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_RBOX, rcfg(3, BIT(31)), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ev_sel(&ev, 0), 0U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ev_sel(&ev, 1), 1U);
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_RBOX, qcfg(3, 0x8), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ev_sel(&ev, 0), 2U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ev_sel(&ev, 1), 3U);
	/* GBL_ARB_BID on CPE2 (port 3) through QLX event 1 */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ctrl(0, 3, ia64_unc_rbox_ev_sel(&ev, 1),
						 true),
			(u64)0x3 << 19 | 0x3 << 16 | BIT(22));
	/* port 10 (B0): right side, pt_sel 5, QLX event 0 */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ctrl(0x12, 10, 2, false),
			(u64)0x12 | 5 << 19 | 2 << 16);
}

static u64 mcfg(unsigned int port, unsigned int flit, bool anyflit)
{
	return rcfg(port, 0) | IA64_UNC_CFG_MM | (u64)flit << 38 |
	       (anyflit ? IA64_UNC_CFG_MM_ANYFLIT : 0);
}

/* The match/mask facility (5.6.3.6, Tables 5-31 to 5-36) */
static void ia64_unc_rbox_mm(struct kunit *test)
{
	/* Table 5-36: match, mask (bits 15:0, and 51:48 for DataC_M) */
	static const u64 table_5_36[][2] = {
		{ 0x0000, 0x1e00 }, { 0x0200, 0x1e00 }, { 0x0600, 0x1e00 },
		{ 0x1c00, 0x1f80 }, { 0x1c00 | 0x8ULL << 48, 0x1fe0 | 0xfULL << 48 },
		{ 0x1c80, 0x1fe0 }, { 0x1ca0, 0x1fe0 }, { 0x1cc0, 0x1fe0 },
		{ 0x1c00, 0x1e00 }, { 0x1c00, 0x1f00 }, { 0x1d00, 0x1f00 },
		{ 0x0400, 0x1e00 }, { 0x0800, 0x1fe0 }, { 0x0800, 0x1f00 },
		{ 0x0900, 0x1f00 }, { 0x1800, 0x1f00 }, { 0x1900, 0x1f00 },
		{ 0x1900, 0x1f80 },
	};
	/* MATCH_LSB of set 0 by port (Table 5-24) */
	static const u16 mm0[IA64_R_PORTS] = {
		0x4a00, 0x4a28, 0x4a50, 0x4a78, 0x4aa0, 0x4c00,
		0x4c28, 0x4c50, 0x4c78, 0x4ca0, 0x4cc8, 0x4ac8,
	};
	struct ia64_unc_event ev;
	unsigned int i, port, flit;

	for (i = 0; i < ARRAY_SIZE(table_5_36); i++) {
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX, mcfg(2, 1, false),
						 table_5_36[i][0], table_5_36[i][1],
						 &ev), 0, "row %u", i);
		KUNIT_EXPECT_TRUE(test, ev.mm);
		KUNIT_EXPECT_EQ(test, ev.match, table_5_36[i][0]);
		KUNIT_EXPECT_EQ(test, ev.mask, table_5_36[i][1]);
		/* the note's MM_CFG value 0x00210000 */
		KUNIT_EXPECT_EQ(test, ev.mm_cfg, 0x00210000U);
	}
	/* Every flit: ig_flit_cnt; flits 1-11 */
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_RBOX, mcfg(7, 0, true), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.mm_cfg, 0x00300000U);
	KUNIT_EXPECT_EQ(test, ev.port, 7);
	KUNIT_EXPECT_EQ(test, ev.inst, 1);
	for (flit = 0; flit < 16; flit++)
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX, mcfg(0, flit, false),
						 0, 0, &ev),
				    flit >= 1 && flit <= 11 ? 0 : -EINVAL,
				    "flit %u", flit);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, mcfg(0, 1, true), 0, 0, &ev),
			-EINVAL);
	/* Only the header fields: VNW, OPC, MC, DNID, RNID 35:31, RDS */
	for (i = 0; i < 64; i++) {
		bool field = IA64_R_MM_FIELDS & BIT_ULL(i);

		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX, mcfg(0, 1, false),
						 0, BIT_ULL(i), &ev),
				    field ? 0 : -EINVAL, "mask bit %u", i);
		KUNIT_EXPECT_EQ_MSG(test, decode(IA64_UNC_RBOX, mcfg(0, 1, false),
						 BIT_ULL(i), BIT_ULL(i), &ev),
				    field ? 0 : -EINVAL, "match bit %u", i);
	}
	/* A match bit the mask does not compare */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, mcfg(0, 1, false), 0x1c00,
				     0x1800, &ev), -EINVAL);
	/* Not with an IPERF value or qlx; ports 0-11 */
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, mcfg(0, 1, false) | BIT(31),
				     0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, mcfg(0, 1, false) |
				     IA64_UNC_CFG_QLX, 0, 0, &ev), -EINVAL);
	KUNIT_EXPECT_EQ(test, decode(IA64_UNC_RBOX, mcfg(12, 1, false), 0, 0, &ev),
			-EINVAL);
	/* Registers: offsets, ev_sel 100/101 */
	for (port = 0; port < IA64_R_PORTS; port++) {
		KUNIT_EXPECT_EQ_MSG(test, ia64_unc_rbox_mm_offset(port, 0), mm0[port],
				    "port %u", port);
		KUNIT_EXPECT_EQ(test, ia64_unc_rbox_mm_offset(port, 1),
				mm0[port] + 0x100U);
	}
	/* R_CSR_P10_MM_CFG_1 and R_CSR_P00_MASK_MSB_0 of Table 5-24 */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_mm_offset(10, 1) + IA64_R_MM_CFG, 0x4de8U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_mm_offset(0, 0) + IA64_R_MM_MASK_MSB,
			0x4a18U);
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_RBOX, mcfg(11, 1, false), 0, 0, &ev), 0);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ev_sel(&ev, 0), 4U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ev_sel(&ev, 1), 5U);
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ctrl(0, 11, 5, true),
			(u64)5 << 19 | 5 << 16 | BIT(22));
}

static bool share_empty(const struct ia64_unc_share *sh)
{
	static const struct ia64_unc_share zero;

	return !sh->used && !sh->ctl2_users &&
	       !memcmp(sh->ctl3_users, zero.ctl3_users, sizeof(zero.ctl3_users)) &&
	       !memcmp(sh->iperf_users, zero.iperf_users, sizeof(zero.iperf_users)) &&
	       !memcmp(sh->arb_users, zero.arb_users, sizeof(zero.arb_users)) &&
	       !memcmp(sh->mm_users, zero.mm_users, sizeof(zero.mm_users)) &&
	       !memcmp(sh->zsc_users, zero.zsc_users, sizeof(zero.zsc_users));
}

/*
 * Take every subset of @cfg in order and in reverse: the subset fits
 * exactly when @fits says so, a taken event's slot holds its value, and
 * giving everything back leaves nothing taken.
 */
static void share_exhaustive(struct kunit *test, enum ia64_unc_box box,
			     const u64 (*cfg)[3], unsigned int n,
			     bool (*fits)(unsigned int subset))
{
	struct ia64_unc_share *sh = kunit_kcalloc(test, IA64_UNC_MAX_INSTANCES,
						   sizeof(*sh), GFP_KERNEL);
	struct ia64_unc_event ev[8];
	unsigned int subset, i, k, dir;

	KUNIT_ASSERT_NOT_NULL(test, sh);
	KUNIT_ASSERT_LE(test, n, ARRAY_SIZE(ev));
	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(test, decode(box, cfg[i][0], cfg[i][1], cfg[i][2],
					     &ev[i]), 0);
	for (subset = 0; subset < BIT(n); subset++) {
		for (dir = 0; dir < 2; dir++) {
			unsigned int slot[8], ctr[8], taken = 0;
			bool ok = true;

			memset(sh, 0, IA64_UNC_MAX_INSTANCES * sizeof(*sh));
			for (k = 0; k < n; k++) {
				struct ia64_unc_share *in;
				int c;

				i = dir ? n - 1 - k : k;
				if (!(subset & BIT(i)))
					continue;
				in = &sh[box == IA64_UNC_RBOX ? 0 : ev[i].inst];
				c = ia64_unc_take(in, &ev[i], &slot[i]);
				if (c < 0) {
					KUNIT_EXPECT_EQ(test, c, -EAGAIN);
					ok = false;
					continue;
				}
				ctr[i] = c;
				taken |= BIT(i);
				if (ev[i].mm)
					KUNIT_EXPECT_EQ(test, in->mm[ev[i].port][slot[i]].match,
							ev[i].match);
			}
			KUNIT_EXPECT_EQ_MSG(test, ok, fits(subset), "subset %#x dir %u",
					    subset, dir);
			for (i = 0; i < n; i++)
				if (taken & BIT(i))
					ia64_unc_give(&sh[box == IA64_UNC_RBOX ? 0 :
							  ev[i].inst], &ev[i], ctr[i],
						      slot[i]);
			KUNIT_EXPECT_TRUE(test, share_empty(&sh[0]));
			KUNIT_EXPECT_TRUE(test, share_empty(&sh[1]));
		}
	}
}

/*
 * R-Box port 4: DRS.AnyDataC twice, HOM.AnyReq, SNP.AnySnp by packet,
 * DRS.AnyDataC by every flit (another MM_CFG), FLITS_SENT, a QLX event;
 * DRS.AnyDataC on port 11 (same side) and on port 5 (right side).
 */
static const u64 mm_share_set[][3] = {
	{ 4ULL << 32 | IA64_UNC_CFG_MM | 1ULL << 38, 0x1c00, 0x1f80 },
	{ 4ULL << 32 | IA64_UNC_CFG_MM | 1ULL << 38, 0x1c00, 0x1f80 },
	{ 4ULL << 32 | IA64_UNC_CFG_MM | 1ULL << 38, 0x0000, 0x1e00 },
	{ 4ULL << 32 | IA64_UNC_CFG_MM | 1ULL << 38, 0x0600, 0x1e00 },
	{ 4ULL << 32 | IA64_UNC_CFG_MM | IA64_UNC_CFG_MM_ANYFLIT, 0x1c00, 0x1f80 },
	{ 4ULL << 32 | BIT(31), 0, 0 },
	{ 11ULL << 32 | IA64_UNC_CFG_MM | 1ULL << 38, 0x0600, 0x1e00 },
	{ 5ULL << 32 | IA64_UNC_CFG_MM | 1ULL << 38, 0x0000, 0x1e00 },
};

/* Port 4 has two sets: at most two of the values of events 0-4 */
static bool mm_share_fits(unsigned int subset)
{
	unsigned int values = (subset & 3 ? 1 : 0) + !!(subset & BIT(2)) +
			      !!(subset & BIT(3)) + !!(subset & BIT(4));

	return values <= 2;
}

static void ia64_unc_rbox_mm_sharing(struct kunit *test)
{
	share_exhaustive(test, IA64_UNC_RBOX, mm_share_set,
			 ARRAY_SIZE(mm_share_set), mm_share_fits);
}

/*
 * B-Box 0: IOB_IN_PKTS for HOM0 twice and for DRS, IOB_OUT_PKTS for
 * NDR, IOB_INSERTS for HOM0 (input and output fields), B_CYCLES, and
 * IOB_IN_PKTS for DRS on B-Box 1.
 */
static const u64 ctl3_share_set[][3] = {
	{ 0x19, RL_LOCAL, CTL3(0x0001, 0, 0, 0) },
	{ 0x19, RL_LOCAL, CTL3(0x0001, 0, 0, 0) },
	{ 0x19, RL_LOCAL, CTL3(0x4000, 0, 0, 0) },
	{ 0x1a, RL_LOCAL, CTL3(0, 0, 0x0004, 0) },
	{ 0x17, RL_LOCAL, CTL3(0x0001, 0, 0, 0) },
	{ 0x25, 0, 0 },
	{ 0x19 | IA64_UNC_CFG_BOX, RL_LOCAL, CTL3(0x4000, 0, 0, 0) },
};

/* One CTL3 per box: events 0-4 must agree on the fields they share */
static bool ctl3_share_fits(unsigned int subset)
{
	static const u8 conflicts[][2] = { { 0, 2 }, { 1, 2 }, { 2, 4 }, { 3, 4 } };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(conflicts); i++)
		if (subset & BIT(conflicts[i][0]) && subset & BIT(conflicts[i][1]))
			return false;
	return true;
}

static void ia64_unc_bbox_ctl3_sharing(struct kunit *test)
{
	share_exhaustive(test, IA64_UNC_BBOX, ctl3_share_set,
			 ARRAY_SIZE(ctl3_share_set), ctl3_share_fits);
}

/* Table 5-25: sides and pt_sel */
static void ia64_unc_rbox_ports(struct kunit *test)
{
	static const u8 side[IA64_R_PORTS] = { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0 };
	static const u8 pt_sel[IA64_R_PORTS] = { 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 5 };
	struct ia64_unc_event ev;
	unsigned int port, c;

	for (port = 0; port < IA64_R_PORTS; port++) {
		KUNIT_EXPECT_EQ(test, ia64_unc_rbox_side(port), side[port]);
		KUNIT_EXPECT_EQ(test, ia64_unc_rbox_pt_sel(port), pt_sel[port]);
		KUNIT_ASSERT_EQ(test, decode(IA64_UNC_RBOX, rcfg(port, BIT(31)),
					     0, 0, &ev), 0);
		for (c = 0; c < 17; c++)
			KUNIT_EXPECT_EQ_MSG(test, ia64_unc_counter_fits(&ev, c),
					    c < 16 && c / 8 == side[port],
					    "port %u counter %u", port, c);
	}
	/* The manual's example: FLITS_SENT on CPE2 (port 3), counter 4, IPERF1 */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ctrl(0, 3, 1, true),
			(u64)0x3 << 19 | 0x1 << 16 | BIT(22));
	/* cnt_msb is kept, frz_en and ov are cleared */
	KUNIT_EXPECT_EQ(test, ia64_unc_rbox_ctrl(0x1abcd | IA64_R_CTRL_OV |
						 IA64_R_CTRL_FRZ_EN, 11, 0, false),
			0xabcdULL | 5 << 19);
}

static void ia64_unc_constraints(struct kunit *test)
{
	struct ia64_unc_event ev;
	unsigned int c;

	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_BBOX, 0x25, 0, 0, &ev), 0);
	for (c = 0; c < 9; c++)
		KUNIT_EXPECT_EQ(test, ia64_unc_counter_fits(&ev, c), c < 8);
	KUNIT_ASSERT_EQ(test, decode(IA64_UNC_ZBOX, 0x1b, 0, 0, &ev), 0);
	for (c = 0; c < 6; c++)
		KUNIT_EXPECT_EQ(test, ia64_unc_counter_fits(&ev, c), c < 5);
	KUNIT_EXPECT_EQ(test, ia64_unc_counters(IA64_UNC_RBOX), 16U);
	KUNIT_EXPECT_EQ(test, ia64_unc_counters(IA64_UNC_NR_BOXES), 0U);
}

static void ia64_unc_control_values(struct kunit *test)
{
	u64 ctl1 = 0;

	/* The manual's safe default 0x37fe: all counters and sub-counters */
	KUNIT_EXPECT_EQ(test, ia64_unc_bbox_ctl0(0xff), 0x37feULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_bbox_ctl0(0x08), 0x3610ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_bbox_ctl0(0), 0ULL);
	KUNIT_EXPECT_FALSE(test, ia64_unc_bbox_ctl0(0xff) & BIT(11));
	/* 5.4.2's example: cnt3_sel = 0x1b (SNP_REQ_ALL) */
	ctl1 = ia64_unc_bbox_ctl1(ctl1, 3, 0x1b);
	KUNIT_EXPECT_EQ(test, ctl1, 0x1bULL << 18);
	ctl1 = ia64_unc_bbox_ctl1(ctl1, 7, 0x3f);
	KUNIT_EXPECT_EQ(test, ctl1, 0x1bULL << 18 | 0x3fULL << 42);
	ctl1 = ia64_unc_bbox_ctl1(ctl1, 3, 0x25);
	KUNIT_EXPECT_EQ(test, ctl1, 0x25ULL << 18 | 0x3fULL << 42);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_ctl(0x1b, true), 0x1b5ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_zbox_ctl(0x1b, false), 0x1b4ULL);
	KUNIT_EXPECT_FALSE(test, ia64_unc_zbox_ctl(0x3f, true) &
			   (IA64_Z_CTL_CNT_LO_WE | IA64_Z_CTL_CLR_ALL |
			    IA64_Z_CTL_FRZ_MODE | IA64_Z_CTL_FREEZE));
}

static void ia64_unc_counts(struct kunit *test)
{
	unsigned int box;

	/* B: 40 bits, ov in bit 40; no count in a control register */
	KUNIT_EXPECT_EQ(test, ia64_unc_count(IA64_UNC_BBOX,
					     IA64_B_CNT_OV | 0xffffffffffULL, ~0ULL),
			0xffffffffffULL);
	/* Z: bits 39:8 in the counter, 7:0 in the control's cnt_lo */
	KUNIT_EXPECT_EQ(test, ia64_unc_count(IA64_UNC_ZBOX, 0x12345678, 0x9a000001),
			0x123456789aULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_count(IA64_UNC_ZBOX, 0xffffffffffULL, 0),
			0xffffffff00ULL);
	/* R: bits 31:0 in the counter, 47:32 in the control's cnt_msb */
	KUNIT_EXPECT_EQ(test, ia64_unc_count(IA64_UNC_RBOX, 0x89abcdef, 0x1c01234),
			0x123489abcdefULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_count(IA64_UNC_NR_BOXES, ~0ULL, ~0ULL), 0ULL);
	/* Every box's registers hold exactly its width of count. */
	for (box = 0; box < IA64_UNC_NR_BOXES; box++)
		KUNIT_EXPECT_EQ_MSG(test, ia64_unc_count(box, ~0ULL, ~0ULL),
				    GENMASK_ULL(ia64_unc_width(box) - 1, 0),
				    "box %u", box);
	/* Wrap-safe deltas at each width */
	KUNIT_EXPECT_EQ(test, ia64_unc_width(IA64_UNC_BBOX), 40U);
	KUNIT_EXPECT_EQ(test, ia64_unc_width(IA64_UNC_ZBOX), 40U);
	KUNIT_EXPECT_EQ(test, ia64_unc_width(IA64_UNC_RBOX), 48U);
	KUNIT_EXPECT_EQ(test, ia64_unc_delta(IA64_UNC_BBOX, 0xfffffffff0ULL, 0x10),
			0x20ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_delta(IA64_UNC_ZBOX, 5, 5), 0ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_delta(IA64_UNC_RBOX, 0xfffffffffff0ULL, 0x10),
			0x20ULL);
	KUNIT_EXPECT_EQ(test, ia64_unc_delta(IA64_UNC_RBOX, 0x10, 0xfffffffffff0ULL),
			0xffffffffffe0ULL);
}

/*
 * Parse an events/ string the way perf applies the format/ files: event=
 * and iperf= are config:0-5 and config:0-31, type= config:0-3, qlx= bit 36.
 */
static u64 event_string_config(const char *str)
{
	char copy[32], *p = copy, *term;
	u64 config = 0;

	strscpy(copy, str, sizeof(copy));
	while ((term = strsep(&p, ","))) {
		char *val = strchr(term, '=');
		u64 v;

		if (!val || kstrtoull(val + 1, 0, &v))
			return ~0ULL;
		*val = '\0';
		if (!strcmp(term, "qlx"))
			config |= v << 36;
		else
			config |= v;
	}
	return config;
}

/* Every events/ string the driver publishes decodes to its own event. */
static void ia64_unc_event_strings(struct kunit *test)
{
	static const struct {
		enum ia64_unc_box box;
		const struct ia64_uncore_event *tab;
		unsigned int n;
	} boxes[] = {
		{ IA64_UNC_BBOX, ia64_bbox_events, IA64_BBOX_EVENTS_NR },
		{ IA64_UNC_ZBOX, ia64_zbox_events, IA64_ZBOX_EVENTS_NR },
		{ IA64_UNC_RBOX, ia64_rbox_events, IA64_RBOX_EVENTS_NR },
	};
	unsigned int b, i, published = 0, eot = 0;
	struct ia64_unc_event ev;
	char buf[24];

	for (b = 0; b < ARRAY_SIZE(boxes); b++) {
		for (i = 0; i < boxes[b].n; i++) {
			const struct ia64_uncore_event *e = &boxes[b].tab[i];
			u64 config;

			if (!ia64_unc_event_string(boxes[b].box, e, buf, sizeof(buf))) {
				/* Only the R-Box EOT events need a message class. */
				KUNIT_EXPECT_EQ(test, boxes[b].box, IA64_UNC_RBOX);
				eot++;
				continue;
			}
			published++;
			config = event_string_config(buf);
			KUNIT_EXPECT_EQ_MSG(test, decode(boxes[b].box, config, 0, 0, &ev),
					    0, "%s: %s", e->alias, buf);
			if (boxes[b].box != IA64_UNC_RBOX)
				KUNIT_EXPECT_EQ_MSG(test, ev.code, e->code, "%s", e->alias);
			else if (e->flags & IA64_UNC_FIELD)
				KUNIT_EXPECT_FALSE_MSG(test, ev.qlx, "%s", e->alias);
			else
				KUNIT_EXPECT_EQ_MSG(test, ev.arb, e->code, "%s", e->alias);
		}
	}
	KUNIT_EXPECT_EQ(test, published,
			IA64_BBOX_EVENTS_NR + IA64_ZBOX_EVENTS_NR +
			IA64_RBOX_EVENTS_NR - 2);
	/* EOT_ACC and EOT_IN (IPERF bits 21 and 20): 000 counts nothing. */
	KUNIT_EXPECT_EQ(test, eot, 2U);
	for (i = 0; i < IA64_RBOX_EVENTS_NR; i++)
		KUNIT_EXPECT_EQ_MSG(test, !!(ia64_rbox_events[i].flags &
					     IA64_UNC_NO_DEFAULT),
				    ia64_rbox_events[i].field_lsb == 20 ||
				    ia64_rbox_events[i].field_lsb == 21,
				    "%s", ia64_rbox_events[i].alias);
}

static struct kunit_case ia64_uncore_cases[] = {
	KUNIT_CASE(ia64_unc_addresses),
	KUNIT_CASE(ia64_unc_dbx),
	KUNIT_CASE(ia64_unc_bbox_codes),
	KUNIT_CASE(ia64_unc_bbox_ctl2),
	KUNIT_CASE(ia64_unc_bbox_ctl3_fields),
	KUNIT_CASE(ia64_unc_bbox_ctl3_sharing),
	KUNIT_CASE(ia64_unc_zbox_codes),
	KUNIT_CASE(ia64_unc_zbox_subctl),
	KUNIT_CASE(ia64_unc_rbox_events),
	KUNIT_CASE(ia64_unc_rbox_ports),
	KUNIT_CASE(ia64_unc_rbox_qlx),
	KUNIT_CASE(ia64_unc_rbox_qlx_registers),
	KUNIT_CASE(ia64_unc_rbox_mm),
	KUNIT_CASE(ia64_unc_rbox_mm_sharing),
	KUNIT_CASE(ia64_unc_event_strings),
	KUNIT_CASE(ia64_unc_constraints),
	KUNIT_CASE(ia64_unc_control_values),
	KUNIT_CASE(ia64_unc_counts),
	{}
};

PMU_KUNIT_SUITE(ia64_uncore, "itanium9300_uncore");
