// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model of the Itanium 9300 uncore PMUs, written from chapter 5 of the
 * reference manual: the CSRs of each socket at their offsets, counting by
 * enabled counters only, 40-bit B- and Z-Box counters (the Z-Box split
 * 32 + 8 over the counter and its control), 48-bit R-Box counters (split
 * 32 + 16), overflow bits, box-level and D-Box freezes with the 0 to 1
 * transitions of frz_all and unfrz_all, and ov_box; the R-Box match/mask
 * sets and the B-Box IOB filter (B_CSR_PERF_CTL3) count the injected
 * traffic that they match.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <pmu-suite-test/model.h>

#include "ia64-uncore-model.h"

struct ia64_umodel_socket ia64_umodel[IA64_UMODEL_SOCKETS];

/* The model is touched by tests and by the driver's poll timer. */
static DEFINE_RAW_SPINLOCK(umodel_lock);

#define B_CTL1_SEL(c)		(0x3fULL << (6 * (c)))
#define Z_CTL_BITS		GENMASK_ULL(9, 0)
#define R_CTRL_BITS		GENMASK_ULL(24, 16)
#define DBX_DEFINED		(IA64_DBX_FRZ_EN | IA64_DBX_OV_BOX_EN | \
				 IA64_DBX_FRZ_ALL | IA64_DBX_UNFRZ_ALL | \
				 IA64_DBX_OV_BOX)
#define OV_BOX_B(i)		BIT_ULL(8 + 3 * (i))
#define OV_BOX_Z(i)		BIT_ULL(9 + 3 * (i))
#define OV_BOX_R		(BIT_ULL(10) | BIT_ULL(13))

void ia64_umodel_reset(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&umodel_lock, flags);
	memset(ia64_umodel, 0, sizeof(ia64_umodel));
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_umodel_reset);

/*
 * Take the model's lock for a test's burst of events in the boxes
 * @box_frz. The driver's poll timer freezes the socket for a few register
 * accesses from another CPU; events in that window are lost, as on the
 * hardware, and a test that asserts an exact count would fail now and
 * then. So the burst waits for the window to close. A freeze that lasts
 * (an overflow's, or the test's own) still loses it.
 */
static unsigned long umodel_lock_counting(struct ia64_umodel_socket *s,
					  unsigned int box_frz)
{
	ktime_t end = ktime_add_ms(ktime_get(), 200);
	unsigned long flags;

	raw_spin_lock_irqsave(&umodel_lock, flags);
	while (s->frozen & box_frz && ktime_before(ktime_get(), end)) {
		raw_spin_unlock_irqrestore(&umodel_lock, flags);
		udelay(2);
		raw_spin_lock_irqsave(&umodel_lock, flags);
	}
	return flags;
}

/* A box-level overflow: log it in ov_box, freeze where configured. */
static void umodel_overflow(struct ia64_umodel_socket *s, u64 ov_box,
			    unsigned int box_frz, bool freeze)
{
	if (s->dbx_misc & IA64_DBX_OV_BOX_EN)
		s->dbx_misc |= ov_box;
	if (!freeze)
		return;
	s->frozen |= box_frz;
	if (s->dbx_misc & IA64_DBX_FRZ_EN)
		s->frozen = IA64_UMODEL_FRZ_ALL;
}

/* The event select of B-Box counter @c if it counts now, or -1 */
static int umodel_b_sel(struct ia64_umodel_socket *s, unsigned int inst,
			unsigned int c)
{
	u64 ctl0 = s->b_ctl[inst][0];

	if (s->frozen & IA64_UMODEL_FRZ_B(inst) ||
	    ctl0 & IA64_B_CTL0_RESET || !(ctl0 & IA64_B_CTL0_CNT_EN(c)))
		return -1;
	return (s->b_ctl[inst][1] & B_CTL1_SEL(c)) >> (6 * c);
}

/* Add @n to B-Box counter @c: overflow, sov and aov as Table 5-10 says */
static void umodel_b_add(struct ia64_umodel_socket *s, unsigned int inst,
			 unsigned int c, u64 n)
{
	const u64 max = BIT_ULL(40);
	u64 ctl0 = s->b_ctl[inst][0], v;

	v = (s->b_cnt[inst][c] & (max - 1)) + n;
	if (v >= max && ctl0 & BIT_ULL(16 + c)) {	/* sov: stop */
		s->b_cnt[inst][c] = (max - 1) | IA64_B_CNT_OV;
		return;
	}
	s->b_cnt[inst][c] = (s->b_cnt[inst][c] & IA64_B_CNT_OV) | (v & (max - 1));
	if (v >= max) {
		s->b_cnt[inst][c] |= IA64_B_CNT_OV;
		umodel_overflow(s, OV_BOX_B(inst), IA64_UMODEL_FRZ_B(inst),
				ctl0 & BIT_ULL(24 + c));
	}
}

void ia64_umodel_b_count(unsigned int socket, unsigned int inst, u8 code, u64 n)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket];
	unsigned long flags;
	unsigned int c;

	flags = umodel_lock_counting(s, IA64_UMODEL_FRZ_B(inst));
	for (c = 0; c < 8; c++)
		if (umodel_b_sel(s, inst, c) == code)
			umodel_b_add(s, inst, c, n);
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}

/* Whether a packet of class @cls and opcode @opc passes CTL3 field pair @f */
static bool umodel_ctl3_match(u64 ctl3, unsigned int f, u16 cls, u16 opc)
{
	return (ctl3 >> 16 * f) & cls && (ctl3 >> 16 * (f + 1)) & opc;
}

/*
 * @n IOB packets, input or output (@out), of message class @cls (Table
 * 5-15) and decoded opcode @opc (Table 5-16), both one-hot, in B-Box
 * @inst. IOB_IN_PKTS and IOB_OUT_PKTS count those that pass the
 * direction's CTL3 class and opcode fields; with iob_trans_sel 0, the
 * live transaction events count matching input packets as inserts and
 * matching output ones as removals (Table 5-13), and not after a CTL2
 * change that CTL3 was not rewritten after ("the IOB live counters
 * could be incorrect", Table 5-14).
 */
void ia64_umodel_b_iob(unsigned int socket, unsigned int inst, bool out,
		       u16 cls, u16 opc, u64 n)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket];
	unsigned long flags;
	unsigned int c;
	bool live, pass;

	flags = umodel_lock_counting(s, IA64_UMODEL_FRZ_B(inst));
	live = !s->b_ctl3_due[inst] &&
	       !FIELD_GET(GENMASK_ULL(16, 15), s->b_ctl[inst][2]);
	pass = umodel_ctl3_match(s->b_ctl[inst][3], out ? 2 : 0, cls, opc);
	for (c = 0; c < 8; c++) {
		int sel = umodel_b_sel(s, inst, c);

		if (pass && (sel == (out ? 0x1a : 0x19) ||
			     (live && sel == (out ? 0x18 : 0x17))))
			umodel_b_add(s, inst, c, n);
	}
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}

/* Add @n to Z-Box counter @c if it counts now */
static void umodel_z_add(struct ia64_umodel_socket *s, unsigned int inst,
			 unsigned int c, u64 n)
{
	const u64 max = BIT_ULL(40);
	u64 ctl = s->z_ctl[inst][c], v;

	if (s->frozen & IA64_UMODEL_FRZ_Z(inst) ||
	    !(ctl & IA64_Z_CTL_EN) || ctl & IA64_Z_CTL_FREEZE)
		return;
	v = s->z_cnt[inst][c] + n;
	if (v < max) {
		s->z_cnt[inst][c] = v;
		return;
	}
	s->z_status[inst] |= BIT_ULL(c);
	/* wrap_mode 0: the counter stops at the overflow. */
	s->z_cnt[inst][c] = ctl & IA64_Z_CTL_WRAP_MODE ? v & (max - 1) : 0;
	if (!(ctl & IA64_Z_CTL_WRAP_MODE))
		s->z_ctl[inst][c] |= IA64_Z_CTL_FREEZE;
	umodel_overflow(s, OV_BOX_Z(inst), IA64_UMODEL_FRZ_Z(inst),
			ctl & IA64_Z_CTL_FRZ_MODE);
}

void ia64_umodel_z_count(unsigned int socket, unsigned int inst, u8 code, u64 n)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket];
	unsigned long flags;
	unsigned int c;

	flags = umodel_lock_counting(s, IA64_UMODEL_FRZ_Z(inst));
	for (c = 0; c < 5; c++)
		if (FIELD_GET(IA64_Z_CTL_INC_SEL, s->z_ctl[inst][c]) == code)
			umodel_z_add(s, inst, c, n);
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}

/* Which port counter @c's pt_sel names (Table 5-25), or -1. */
static int umodel_r_port(unsigned int c, unsigned int pt_sel)
{
	static const s8 left[8] = { 0, 1, 2, 3, 4, 11, -1, -1 };
	static const s8 right[8] = { 5, 6, 7, 8, 9, 10, -1, -1 };

	return c < 8 ? left[pt_sel] : right[pt_sel];
}

/* What happened on a port: a RIX event, a QLX event, or packets */
struct umodel_r_ev {
	enum { UMODEL_RIX, UMODEL_QLX, UMODEL_PKT } kind;
	u32 iperf;
	u8 arb;
	u64 hdr;		/* packet header bits 63:0 */
	unsigned int flits;	/* flits in each packet */
};

/*
 * How many flits of a packet with header @hdr and @flits flits match/mask
 * set @mm counts (5.6.3.6): none unless mm_en is set and the header bits
 * the mask selects equal the match's (header bits 71:64 are taken as 0);
 * then every flit with ig_flit_cnt, or the one match_flit_cnt names.
 */
static u64 umodel_mm_flits(const u64 *mm, u64 hdr, unsigned int flits)
{
	u64 match = mm[0] | mm[1] << 32, mask = mm[2] | mm[3] << 32;
	u64 cfg = mm[4];
	unsigned int nth = FIELD_GET(IA64_R_MM_CFG_FLIT, cfg);

	if (!(cfg & IA64_R_MM_CFG_EN) || (hdr ^ match) & mask ||
	    (cfg >> 8) & cfg & 0xff)	/* match_71_64 under mask_71_64 */
		return 0;
	if (cfg & IA64_R_MM_CFG_IG_FLIT)
		return flits;
	return nth >= 1 && nth <= flits;
}

/* How many of @e R-Box counter @c, as programmed, counts per occurrence */
static u64 umodel_r_counts(struct ia64_umodel_socket *s, unsigned int c,
			   const struct umodel_r_ev *e)
{
	unsigned int ev_sel = FIELD_GET(IA64_R_CTRL_EV_SEL, s->r_ctrl[c]);
	int port = umodel_r_port(c, FIELD_GET(IA64_R_CTRL_PT_SEL, s->r_ctrl[c]));

	if (port < 0)
		return 0;
	switch (e->kind) {
	case UMODEL_RIX:
		return ev_sel <= 1 && s->r_iperf[port][ev_sel] & e->iperf;
	case UMODEL_QLX:
		if (ev_sel != 2 && ev_sel != 3)
			return 0;
		return ((s->r_arb[port] >> 16 * (ev_sel - 2)) & 0xff) == e->arb;
	default:
		if (ev_sel != 4 && ev_sel != 5)
			return 0;
		return umodel_mm_flits(s->r_mm[port][ev_sel - 4], e->hdr, e->flits);
	}
}

/* Add @n to R-Box counter @c (enabled, not frozen) */
static void umodel_r_add_one(struct ia64_umodel_socket *s, unsigned int c, u64 n)
{
	const u64 max = BIT_ULL(48);
	u64 ctrl = s->r_ctrl[c], v = s->r_cnt[c] + n;

	s->r_cnt[c] = v & (max - 1);
	if (v >= max) {
		s->r_ctrl[c] |= IA64_R_CTRL_OV;
		umodel_overflow(s, OV_BOX_R, IA64_UMODEL_FRZ_R,
				ctrl & IA64_R_CTRL_FRZ_EN);
	}
}

/* R-Box counter @c counts now, and on which port; -1: not */
static int umodel_r_counting(struct ia64_umodel_socket *s, unsigned int c)
{
	u64 ctrl = s->r_ctrl[c];

	if (s->frozen & IA64_UMODEL_FRZ_R || !(ctrl & IA64_R_CTRL_EN))
		return -1;
	return umodel_r_port(c, FIELD_GET(IA64_R_CTRL_PT_SEL, ctrl));
}

static void umodel_r_add(unsigned int socket, unsigned int port,
			 const struct umodel_r_ev *e, u64 n)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket];
	unsigned long flags;
	unsigned int c;
	u64 k;

	flags = umodel_lock_counting(s, IA64_UMODEL_FRZ_R);
	for (c = 0; c < 16; c++) {
		if (umodel_r_counting(s, c) != port)
			continue;
		k = umodel_r_counts(s, c, e);
		if (k)
			umodel_r_add_one(s, c, k * n);
	}
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}

void ia64_umodel_r_count(unsigned int socket, unsigned int port, u32 iperf,
			 u64 n)
{
	struct umodel_r_ev e = { .kind = UMODEL_RIX, .iperf = iperf };

	umodel_r_add(socket, port, &e, n);
}

/* @n QLX events @arb (ARB_PERF type 3:0, cls 6:4, sub 7) on @port */
void ia64_umodel_r_qlx_count(unsigned int socket, unsigned int port, u8 arb,
			     u64 n)
{
	struct umodel_r_ev e = { .kind = UMODEL_QLX, .arb = arb };

	umodel_r_add(socket, port, &e, n);
}

/* @n packets of @flits flits with header bits 63:0 @hdr through @port */
void ia64_umodel_r_packets(unsigned int socket, unsigned int port, u64 hdr,
			   unsigned int flits, u64 n)
{
	struct umodel_r_ev e = { .kind = UMODEL_PKT, .hdr = hdr, .flits = flits };

	umodel_r_add(socket, port, &e, n);
}

/**
 * ia64_umodel_count_selected() - every event the boxes select occurs @n times
 * @socket: the socket
 * @n: occurrences of each counter's event (of the port and filters it
 *	names)
 *
 * For the live guest's clock, which cannot wait: a frozen box misses them.
 */
void ia64_umodel_count_selected(unsigned int socket, u64 n)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket];
	unsigned int i, c;
	unsigned long flags;

	raw_spin_lock_irqsave(&umodel_lock, flags);
	for (i = 0; i < 2; i++) {
		for (c = 0; c < 8; c++)
			if (umodel_b_sel(s, i, c) >= 0)
				umodel_b_add(s, i, c, n);
		for (c = 0; c < 5; c++)
			umodel_z_add(s, i, c, n);
	}
	for (c = 0; c < 16; c++)
		if (umodel_r_counting(s, c) >= 0)
			umodel_r_add_one(s, c, n);
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_umodel_count_selected);

static int umodel_cpu_socket(unsigned int cpu)
{
	return pmu_model_cpu_in_package(cpu) ? IA64_UMODEL_CPU_SOCKET : -1;
}

/* The port whose ARB_PERF register is at @off (Table 5-25), or -1. */
static int umodel_arb_port(u32 off)
{
	unsigned int port;

	for (port = 0; port < IA64_R_PORTS; port++)
		if (off == ia64_unc_rbox_arb_offset(port))
			return port;
	return -1;
}

/* The match/mask register at @off: its port, set and index (0-4) */
static bool umodel_mm_reg(u32 off, unsigned int *port, unsigned int *set,
			  unsigned int *reg)
{
	for (*port = 0; *port < IA64_R_PORTS; (*port)++) {
		for (*set = 0; *set < IA64_R_MM_SETS; (*set)++) {
			u32 base = ia64_unc_rbox_mm_offset(*port, *set);

			if (off >= base && off <= base + IA64_R_MM_CFG && !(off & 7)) {
				*reg = (off - base) / 8;
				return true;
			}
		}
	}
	return false;
}

static bool umodel_is_iperf(u32 off)
{
	return off >= IA64_R_IPERF(0, 0) && off <= IA64_R_IPERF(11, 1) &&
	       ((off & 0xff) == 0x80 || (off & 0xff) == 0x88);
}

/* Point @reg at the register at @off, or return false. */
static bool umodel_bz(struct ia64_umodel_socket *s, u32 off, u64 **reg,
		      int *kind, unsigned int *idx)
{
	unsigned int inst = (off & 0xf000) == IA64_UNC_BZ1_WIN;
	u32 r = off & 0xfff;

	*idx = inst;
	if (r >= IA64_B_PERF_CTL0 && r <= IA64_B_PERF_CTL3 && !(r & 7)) {
		*reg = &s->b_ctl[inst][(r - IA64_B_PERF_CTL0) / 8];
		*kind = 0;
	} else if (r >= IA64_B_PERF_CNT(0) && r <= IA64_B_PERF_CNT(7) && !(r & 7)) {
		*reg = &s->b_cnt[inst][(r - IA64_B_PERF_CNT(0)) / 8];
		*kind = 1;
	} else if (r >= IA64_Z_PMU_CNT_CTL(4) && r <= IA64_Z_PMU_CNT_CTL(0) &&
		   !(r & 7)) {
		*reg = &s->z_ctl[inst][(IA64_Z_PMU_CNT_CTL(0) - r) / 8];
		*kind = 2;
		*idx = inst << 4 | (IA64_Z_PMU_CNT_CTL(0) - r) / 8;
	} else if (r >= IA64_Z_PMU_CNT(4) && r <= IA64_Z_PMU_CNT(0) && !(r & 7)) {
		*reg = &s->z_cnt[inst][(IA64_Z_PMU_CNT(0) - r) / 8];
		*kind = 3;
	} else if (r == IA64_Z_PMU_CNT_STATUS) {
		*reg = &s->z_status[inst];
		*kind = 4;
	} else {
		unsigned int sc;

		for (sc = 0; sc < IA64_Z_SC_NR; sc++)
			if (r == ia64_unc_zbox_subctl_offset(sc))
				break;
		if (sc == IA64_Z_SC_NR)
			return false;
		*reg = &s->z_sc[inst][sc];
		*kind = 5;
	}
	return true;
}

static bool umodel_globally_frozen(struct ia64_umodel_socket *s)
{
	return s->dbx_misc & IA64_DBX_FRZ_ALL && s->frozen == IA64_UMODEL_FRZ_ALL;
}

static u64 umodel_read(unsigned int socket, u32 off)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket % IA64_UMODEL_SOCKETS];
	unsigned int idx, c, port, set, mmr;
	unsigned long flags;
	u64 *reg, v = 0;
	int kind;

	raw_spin_lock_irqsave(&umodel_lock, flags);
	if (off == IA64_DBX_CSR_MISC) {
		v = s->dbx_misc;
	} else if ((off & 0xf000) == IA64_UNC_BZ0_WIN ||
		   (off & 0xf000) == IA64_UNC_BZ1_WIN) {
		if (!umodel_bz(s, off, &reg, &kind, &idx)) {
			s->bad_accesses++;
		} else if (kind == 2) {
			if (!umodel_globally_frozen(s))
				s->unfrozen_reads++;
			/* cnt_lo: bits 7:0 of the count */
			v = *reg | (s->z_cnt[idx >> 4][idx & 0xf] & 0xff) << 24;
		} else if (kind == 3) {
			v = (*reg >> 8) & 0xffffffff;
		} else if (kind == 4) {
			v = *reg | (s->frozen & IA64_UMODEL_FRZ_Z(idx) ?
				    IA64_Z_STATUS_FRZ : 0);
		} else {
			v = *reg;
		}
	} else if (off >= IA64_R_PERF_CNT(0) && off <= IA64_R_PERF_CNT_CTRL(15) &&
		   !(off & 7)) {
		c = (off - IA64_R_PERF_CNT(0)) / 16;
		if (!umodel_globally_frozen(s))
			s->unfrozen_reads++;
		if (off & 8)
			v = s->r_ctrl[c] | s->r_cnt[c] >> 32;
		else
			v = s->r_cnt[c] & 0xffffffff;
	} else if (off == IA64_R_PERF_GBLCFG) {
		v = s->r_gblcfg | (s->frozen & IA64_UMODEL_FRZ_R ? BIT(8) : 0);
	} else if (umodel_is_iperf(off)) {
		v = s->r_iperf[(off - IA64_R_IPERF(0, 0)) >> 8][!!(off & 8)];
	} else if (umodel_arb_port(off) >= 0) {
		v = s->r_arb[umodel_arb_port(off)];
	} else if (umodel_mm_reg(off, &port, &set, &mmr)) {
		v = s->r_mm[port][set][mmr];
	} else {
		s->bad_accesses++;
	}
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
	return v;
}

static void umodel_dbx_write(struct ia64_umodel_socket *s, u64 val)
{
	u64 old = s->dbx_misc;

	val &= DBX_DEFINED;
	if (val & IA64_DBX_FRZ_ALL && !(old & IA64_DBX_FRZ_ALL)) {
		s->frozen = IA64_UMODEL_FRZ_ALL;
		s->freezes++;
	}
	if (val & IA64_DBX_UNFRZ_ALL && !(old & IA64_DBX_UNFRZ_ALL)) {
		s->frozen = 0;
		s->unfreezes++;
	}
	s->dbx_misc = val;
}

static void umodel_bz_write(struct ia64_umodel_socket *s, u32 off, u64 val)
{
	unsigned int idx, inst;
	u64 *reg;
	int kind;

	if (!umodel_bz(s, off, &reg, &kind, &idx)) {
		s->bad_accesses++;
		return;
	}
	inst = kind == 2 ? idx >> 4 : idx;
	switch (kind) {
	case 0:
		if (!umodel_globally_frozen(s))
			s->unfrozen_writes++;
		if (reg == &s->b_ctl[inst][0]) {
			if (val & IA64_B_CTL0_FRZ)
				s->frozen |= IA64_UMODEL_FRZ_B(inst);
			if (val & IA64_B_CTL0_RESET)
				memset(s->b_cnt[inst], 0, sizeof(s->b_cnt[inst]));
			val &= ~IA64_B_CTL0_FRZ;
		}
		/* The note below Table 5-13: CTL3 must follow such a write */
		if (reg == &s->b_ctl[inst][2] && FIELD_GET(GENMASK_ULL(16, 15), *reg) <= 1 &&
		    (*reg ^ val) & GENMASK_ULL(17, 15))
			s->b_ctl3_due[inst] = true;
		if (reg == &s->b_ctl[inst][3])
			s->b_ctl3_due[inst] = false;
		*reg = val;
		break;
	case 1:
		*reg = val & (IA64_B_CNT_OV | GENMASK_ULL(39, 0));
		break;
	case 2:
		if (!umodel_globally_frozen(s))
			s->unfrozen_writes++;
		if (val & IA64_Z_CTL_CNT_LO_WE) {
			u64 *cnt = &s->z_cnt[inst][idx & 0xf];

			*cnt = (*cnt & ~0xffULL) | FIELD_GET(IA64_Z_CTL_CNT_LO, val);
			break;
		}
		if (val & IA64_Z_CTL_CLR_ALL && (idx & 0xf) == 0) {
			memset(s->z_cnt[inst], 0, sizeof(s->z_cnt[inst]));
			s->z_status[inst] = 0;
		}
		*reg = val & Z_CTL_BITS;
		break;
	case 3:
		*reg = (*reg & 0xff) | (val & 0xffffffff) << 8;
		break;
	case 5:
		if (!umodel_globally_frozen(s))
			s->unfrozen_writes++;
		*reg = val & 0xffffffff;
		break;
	default:
		if (val & IA64_Z_STATUS_FRZ)
			s->frozen |= IA64_UMODEL_FRZ_Z(inst);
		if (val & IA64_Z_STATUS_UNFRZ)
			s->frozen &= ~IA64_UMODEL_FRZ_Z(inst);
		*reg &= ~(val & IA64_Z_STATUS_OV);	/* RW1C */
		break;
	}
}

static void umodel_write(unsigned int socket, u32 off, u64 val)
{
	struct ia64_umodel_socket *s = &ia64_umodel[socket % IA64_UMODEL_SOCKETS];
	unsigned int c, port, set, mmr;
	unsigned long flags;

	raw_spin_lock_irqsave(&umodel_lock, flags);
	if (off == IA64_DBX_CSR_MISC) {
		umodel_dbx_write(s, val);
	} else if ((off & 0xf000) == IA64_UNC_BZ0_WIN ||
		   (off & 0xf000) == IA64_UNC_BZ1_WIN) {
		umodel_bz_write(s, off, val);
	} else if (off >= IA64_R_PERF_CNT(0) && off <= IA64_R_PERF_CNT_CTRL(15) &&
		   !(off & 7)) {
		c = (off - IA64_R_PERF_CNT(0)) / 16;
		if (off & 8) {
			if (!umodel_globally_frozen(s))
				s->unfrozen_writes++;
			/* The control write carries count bits 47:32. */
			s->r_ctrl[c] = val & R_CTRL_BITS;
			s->r_cnt[c] = (s->r_cnt[c] & 0xffffffff) |
				      (val & IA64_R_CTRL_CNT_MSB) << 32;
		} else {
			s->r_cnt[c] = (s->r_cnt[c] & ~0xffffffffULL) |
				      (val & 0xffffffff);
		}
	} else if (off == IA64_R_PERF_GBLCFG) {
		if (val & IA64_R_GBL_FRZ)
			s->frozen |= IA64_UMODEL_FRZ_R;
		if (val & IA64_R_GBL_UNFRZ)
			s->frozen &= ~IA64_UMODEL_FRZ_R;
		if (val & IA64_R_GBL_CLR)
			memset(s->r_cnt, 0, sizeof(s->r_cnt));
		s->r_gblcfg = val & (BIT(7) | GENMASK(4, 0));
	} else if (umodel_is_iperf(off)) {
		if (!umodel_globally_frozen(s))
			s->unfrozen_writes++;
		s->r_iperf[(off - IA64_R_IPERF(0, 0)) >> 8][!!(off & 8)] =
			val & 0xffffffff;
	} else if (umodel_arb_port(off) >= 0) {
		if (!umodel_globally_frozen(s))
			s->unfrozen_writes++;
		/* bits 15:8 and 31:24 read zero (Table 5-30) */
		s->r_arb[umodel_arb_port(off)] = val & (IA64_R_ARB_FIELD(0) |
							IA64_R_ARB_FIELD(1));
	} else if (umodel_mm_reg(off, &port, &set, &mmr)) {
		if (!umodel_globally_frozen(s))
			s->unfrozen_writes++;
		/* Bits of no header field "must write to 0" (Tables 5-32-5-35) */
		if (mmr < 4 && val & ~(mmr & 1 ? upper_32_bits(IA64_R_MM_FIELDS) :
				       lower_32_bits(IA64_R_MM_FIELDS)))
			s->bad_accesses++;
		/* 32-bit registers; MM_CFG bits 31:22 read zero (Table 5-31) */
		s->r_mm[port][set][mmr] = val & (mmr == 4 ? GENMASK(21, 0) :
						 GENMASK(31, 0));
	} else {
		s->bad_accesses++;
	}
	raw_spin_unlock_irqrestore(&umodel_lock, flags);
}

const struct ia64_uncore_ops ia64_umodel_ops = {
	.owner		= THIS_MODULE,
	.nr_sockets	= IA64_UMODEL_SOCKETS,
	.poll_ns	= 2 * NSEC_PER_MSEC,
	.cpu_socket	= umodel_cpu_socket,
	.read_csr	= umodel_read,
	.write_csr	= umodel_write,
};
EXPORT_SYMBOL_IF_KUNIT(ia64_umodel_ops);
