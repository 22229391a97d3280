// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 uncore PMUs: the rules of chapter 5 of the reference
 * manual as pure functions. The perf glue (ia64-uncore-pmu.c) and the
 * KUnit tests use them; nothing here touches a register.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/string.h>
#include <pmu-suite/counter.h>

#include <pmu-suite/itanium9300/uncore.h>
#include "ia64-catalogue.h"

/* B_CSR_PERF_CTL2 (Table 5-13) */
#define B_CTL2_ARBQ_SEL0	GENMASK_ULL(5, 0)
#define B_CTL2_ARBQ_SEL1	GENMASK_ULL(11, 6)
#define B_CTL2_RESERVED		(GENMASK_ULL(14, 12) | GENMASK_ULL(63, 44))
#define B_CTL2_IOB_TRANS_SEL	GENMASK_ULL(16, 15)
#define B_CTL2_IOB_ID_IN	BIT_ULL(17)
#define B_CTL2_IOB_REMOTE_LOCAL	GENMASK_ULL(20, 19)
#define B_ARBQ_RESERVED		38
#define B_ARBQ_MAX		41

/* R_CSR_Pnn_IPERFn fields that qualify an event (Table 5-29) */
#define R_IPERF_PKT_VNSEL	GENMASK(7, 6)
#define R_IPERF_EOTMSGSEL	GENMASK(19, 17)
#define R_IPERF_EOT_WR_BIT	20
#define R_IPERF_EOT_OV_BIT	21

/**
 * ia64_unc_socket_window() - offset of a socket's window in the aperture
 * @socket: socket number, 0-255
 *
 * Return: 0xFC000000 + @socket << 16 (Table 5-2). The driver always
 * names the socket: the "current socket" window at 0xFEB00000 would
 * depend on the CPU that happens to do the access.
 */
static u32 ia64_unc_socket_window(unsigned int socket)
{
	return IA64_UNC_SOCKET_WIN + ((socket & 0xff) << 16);
}

/**
 * ia64_unc_box_window() - offset of a box's CSRs inside a socket window
 * @box: the box type
 * @inst: the instance; any above the box's last names the last
 *
 * Return: the instance's window, 0 for no such box.
 */
u32 ia64_unc_box_window(enum ia64_unc_box box, unsigned int inst)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	if (!t)
		return 0;
	return t->window[min(inst, t->instances - 1U)];
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_box_window);

/**
 * ia64_unc_csr_phys() - address of a CSR as section 5.2 builds it
 * @socket: socket number
 * @offset: box window plus CSR offset, below 0x10000
 *
 * Return: the PAL aperture base plus the socket window plus @offset.
 */
u64 ia64_unc_csr_phys(unsigned int socket, u32 offset)
{
	return IA64_UNC_PAL_BASE + ia64_unc_socket_window(socket) +
	       (offset & 0xffff);
}
EXPORT_SYMBOL_GPL(ia64_unc_csr_phys);

/**
 * ia64_unc_dbx_misc() - DBX_CSR_MISC value to freeze or unfreeze all
 * @old: the register as read
 * @freeze: freeze (frz_all) or unfreeze (unfrz_all)
 *
 * Both bits act on a 0 to 1 transition (Table 5-8), so each write sets
 * one and clears the other, as step d) of 5.4.4 does; the next write
 * then makes a transition again. The other fields are kept, except the
 * write-one-to-log ov_box bits, written back as read.
 */
u64 ia64_unc_dbx_misc(u64 old, bool freeze)
{
	old &= ~(IA64_DBX_FRZ_ALL | IA64_DBX_UNFRZ_ALL);
	return old | (freeze ? IA64_DBX_FRZ_ALL : IA64_DBX_UNFRZ_ALL);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_dbx_misc);

/**
 * ia64_unc_events() - the catalogue of a box type
 * @box: the box type
 * @n: set to the number of rows
 *
 * Return: the catalogue, NULL for no such box.
 */
const struct ia64_uncore_event *ia64_unc_events(enum ia64_unc_box box,
						unsigned int *n)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	*n = t ? t->nr_events : 0;
	return t ? t->events : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_events);

static const struct ia64_uncore_event *ia64_unc_find(enum ia64_unc_box box,
						     unsigned int code)
{
	unsigned int i, n;
	const struct ia64_uncore_event *tab = ia64_unc_events(box, &n);

	for (i = 0; i < n; i++)
		if (tab[i].code == code && !(tab[i].flags & IA64_UNC_FIELD))
			return &tab[i];
	return NULL;
}

static bool ia64_unc_arbq_valid(unsigned int sel)
{
	return sel <= B_ARBQ_MAX && sel != B_ARBQ_RESERVED;
}

/**
 * ia64_unc_bbox_ctl2_check() - validate a B_CSR_PERF_CTL2 value
 * @ctl2: the value (perf_event_attr.config1)
 * @why: set to the reason on failure
 *
 * Refuses the bits Table 5-13 does not define (14:12, 63:44), queue
 * selections 38 (reserved) and above 41, and the value 3 of
 * iob_trans_sel and of iob_remote_local, which the table does not define.
 * The note on mirroring below the table asks for remote_local "03";
 * the field's own definition (0 both, 1 local, 2 remote) is kept.
 *
 * Return: 0 or -EINVAL.
 */
static int ia64_unc_bbox_ctl2_check(u64 ctl2, const char **why)
{
	if (ctl2 & B_CTL2_RESERVED) {
		*why = "reserved B_CSR_PERF_CTL2 bits";
		return -EINVAL;
	}
	if (!ia64_unc_arbq_valid(FIELD_GET(B_CTL2_ARBQ_SEL0, ctl2)) ||
	    !ia64_unc_arbq_valid(FIELD_GET(B_CTL2_ARBQ_SEL1, ctl2))) {
		*why = "arbiter queue selection 38 or above 41";
		return -EINVAL;
	}
	if (FIELD_GET(B_CTL2_IOB_TRANS_SEL, ctl2) == 3 ||
	    FIELD_GET(B_CTL2_IOB_REMOTE_LOCAL, ctl2) == 3) {
		*why = "undefined iob_trans_sel or iob_remote_local value 3";
		return -EINVAL;
	}
	return 0;
}

/* IOB events (5.5.4.1, 5.5.6) */
#define B_IOB_OVFL		0x16
#define B_IOB_INSERTS		0x17
#define B_IOB_REMOVES		0x18
#define B_IOB_IN_PKTS		0x19
#define B_IOB_OUT_PKTS		0x1a

/*
 * The B_CSR_PERF_CTL3 fields an IOB event depends on. IOB_IN_PKTS and
 * IOB_OUT_PKTS filter by the input and the output fields (their list
 * entries' notes). The live transaction counter behind IOB_INSERTS,
 * IOB_REMOVES and IOB_OVFL tracks "the criteria determined by
 * B_CSR_CTL3.{class_in,opcode_in}" (5.5.4.1); with iob_trans_sel 0 it
 * matches "opcode and class ... to output and input flits", with 1 it
 * matches input opcodes and takes every outgoing completion, and with 2
 * (snoops) "selection has no effect" (Table 5-13). IOB_OVFL has no
 * CTL2 of its own to tell: it takes all four.
 */
static u64 ia64_unc_ctl3_used(u8 code, u64 ctl2)
{
	switch (code) {
	case B_IOB_IN_PKTS:
		return IA64_B_CTL3_IN;
	case B_IOB_OUT_PKTS:
		return IA64_B_CTL3_OUT;
	case B_IOB_INSERTS:
	case B_IOB_REMOVES:
		switch (FIELD_GET(B_CTL2_IOB_TRANS_SEL, ctl2)) {
		case 0:
			return IA64_B_CTL3_IN | IA64_B_CTL3_OUT;
		case 1:
			return IA64_B_CTL3_IN;
		default:
			return 0;
		}
	case B_IOB_OVFL:
		return IA64_B_CTL3_IN | IA64_B_CTL3_OUT;
	default:
		return 0;
	}
}

/**
 * ia64_unc_bbox_ctl3_check() - decode the B_CSR_PERF_CTL3 fields of an event
 * @ev: the event, decoded but for CTL3
 * @cfg: its config2: class_in, opcode_in, class_out, opcode_out
 * @why: set to the reason on failure
 *
 * A field left 0 is all ones, as the note below Table 5-14 asks ("SW
 * should set this register to all 1s by default so that events are not
 * filtered"): a field of 0 would count nothing. A field the event does
 * not depend on must be 0, so that no filter is silently ignored. A
 * message class field may name only the classes of Table 5-15, or be all
 * ones; an opcode field's meaning depends on the class (Table 5-16) and
 * takes any bits.
 *
 * Return: 0 or -EINVAL.
 */
static int ia64_unc_bbox_ctl3_check(struct ia64_unc_event *ev, u64 cfg,
				    const char **why)
{
	u64 used = ia64_unc_ctl3_used(ev->code, ev->subctl);
	unsigned int f;

	if (cfg & ~used) {
		*why = used ? "B_CSR_PERF_CTL3 fields the event does not use" :
			      "config2 for an event B_CSR_PERF_CTL3 does not filter";
		return -EINVAL;
	}
	for (f = 0; f < IA64_B_CTL3_FIELDS; f++) {
		u64 v = (cfg & IA64_B_CTL3_FIELD(f)) >> 16 * f;

		if (!(used & IA64_B_CTL3_FIELD(f)))
			continue;
		if (!v)
			v = 0xffff;
		if (!(f & 1) && v != 0xffff && v & ~(u64)IA64_B_CTL3_CLASSES) {
			*why = "message class Table 5-15 does not define";
			return -EINVAL;
		}
		ev->ctl3 |= v << 16 * f;
	}
	ev->ctl3_used = used;
	return 0;
}

/**
 * ia64_unc_bbox_ctl3() - B_CSR_PERF_CTL3 for a box's events
 * @sh: the box's shared registers
 *
 * Return: the fields its events use, and all ones in the others.
 */
u64 ia64_unc_bbox_ctl3(const struct ia64_unc_share *sh)
{
	u64 v = 0;
	unsigned int f;

	for (f = 0; f < IA64_B_CTL3_FIELDS; f++)
		v |= (sh->ctl3_users[f] ? sh->ctl3 : ~0ULL) & IA64_B_CTL3_FIELD(f);
	return v;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_bbox_ctl3);

/**
 * ia64_unc_bbox_ctl3_due() - whether a CTL2 write must be followed by CTL3
 * @old_ctl2: the value the register had
 * @new_ctl2: the value written
 *
 * The note below Table 5-13: changing iob_trans_sel from 0 or 1, or
 * iob_id_in while iob_trans_sel is 0 or 1, must be followed at once by
 * a write of B_CSR_PERF_CTL3.
 */
bool ia64_unc_bbox_ctl3_due(u64 old_ctl2, u64 new_ctl2)
{
	u64 changed = old_ctl2 ^ new_ctl2;

	if (FIELD_GET(B_CTL2_IOB_TRANS_SEL, old_ctl2) > 1)
		return false;
	return changed & (B_CTL2_IOB_TRANS_SEL | B_CTL2_IOB_ID_IN);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_bbox_ctl3_due);

static u32 ia64_unc_field_mask(const struct ia64_uncore_event *e)
{
	return GENMASK(e->field_lsb + e->field_width - 1, e->field_lsb);
}

/**
 * ia64_unc_rbox_iperf_check() - validate an R_CSR_Pnn_IPERFn value
 * @iperf: the value (perf_event_attr.config bits 0-31)
 * @why: set to the reason on failure
 *
 * A counter counts one event, so the value must select exactly one of
 * the RIX events of Table 5-37: one event bit, or a non-empty class mask
 * of NEW_PACKETS_RECV (with its VN selection) or ALLOC_TO_ARB. The EOT
 * events need a message class in EOTMSGSEL, whose encoding 000 Table
 * 5-29 leaves undefined. Bit 29 (NSP_SENT) is in Table 5-29 but in no
 * event list, and is refused with the other bits no event uses.
 *
 * Return: 0 or -EINVAL.
 */
static int ia64_unc_rbox_iperf_check(u32 iperf, const char **why)
{
	const struct ia64_uncore_event *hit = NULL;
	u32 rest = iperf;
	unsigned int i;

	for (i = 0; i < IA64_RBOX_EVENTS_NR; i++) {
		const struct ia64_uncore_event *e = &ia64_rbox_events[i];

		if (!(e->flags & IA64_UNC_FIELD) ||
		    !(iperf & ia64_unc_field_mask(e)))
			continue;
		if (hit) {
			*why = "more than one event in one IPERF value";
			return -EINVAL;
		}
		hit = e;
		rest &= ~ia64_unc_field_mask(e);
	}
	if (!hit) {
		*why = "no R-Box event selected";
		return -EINVAL;
	}
	if (hit->field_lsb == 0)
		rest &= ~R_IPERF_PKT_VNSEL;
	if (hit->field_lsb == R_IPERF_EOT_WR_BIT ||
	    hit->field_lsb == R_IPERF_EOT_OV_BIT) {
		if (!(iperf & R_IPERF_EOTMSGSEL)) {
			*why = "EOT event without a message class";
			return -EINVAL;
		}
		rest &= ~R_IPERF_EOTMSGSEL;
	}
	if (rest) {
		*why = "IPERF bits that belong to no selected event";
		return -EINVAL;
	}
	return 0;
}

/* ARB_PERF types 0011, 0111 and 1101-1111 are reserved (Table 5-30) */
#define R_ARB_TYPE_VALID	(GENMASK(2, 0) | GENMASK(6, 4) | GENMASK(12, 8))
/* QLX types whose unit mask tables make classes 110-111 illegal */
#define R_ARB_TYPE_QUE_ARB_BID		0x0
#define R_ARB_TYPE_QUE_ARB_BID_FAIL	0x1
#define R_ARB_TYPE_ET_ACC		0xc
#define R_ARB_CLS_NCB			5

/**
 * ia64_unc_rbox_arb_check() - validate an R-Box ARB_PERF event field
 * @arb: the field (perf_event_attr.config bits 0-31 of a QLX event)
 * @why: set to the reason on failure
 *
 * The field is ev0_type (3:0), ev0_cls (6:4) and ev0_sub (7) of Table
 * 5-30, so bits above 7 (an IPERF value given with qlx) are refused, as
 * are the reserved types 0011, 0111 and 1101-1111. QUE_ARB_BID,
 * QUE_ARB_BID_FAIL and ET_ACC take only the classes 000-101: their unit
 * mask tables (5-42, 5-43, 5-40) call 110-111 an illegal selection.
 *
 * Return: 0 or -EINVAL.
 */
int ia64_unc_rbox_arb_check(u64 arb, const char **why)
{
	unsigned int type = FIELD_GET(IA64_R_ARB_TYPE, arb);

	if (arb & ~(u64)IA64_R_ARB_FIELD(0)) {
		*why = "QLX event with bits outside the ARB_PERF event field";
		return -EINVAL;
	}
	if (!(R_ARB_TYPE_VALID & BIT(type))) {
		*why = "reserved ARB_PERF event type";
		return -EINVAL;
	}
	if ((type == R_ARB_TYPE_QUE_ARB_BID ||
	     type == R_ARB_TYPE_QUE_ARB_BID_FAIL ||
	     type == R_ARB_TYPE_ET_ACC) &&
	    FIELD_GET(IA64_R_ARB_CLS, arb) > R_ARB_CLS_NCB) {
		*why = "illegal class 110-111 for a queue bid or ET depth event";
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_arb_check);

/**
 * ia64_unc_rbox_mm_check() - decode an R-Box match/mask event
 * @attr: the event's attributes: config (mm, mm_flit, mm_anyflit),
 *	  config1 (match) and config2 (mask)
 * @ev: filled with the match, mask and MM_CFG value
 * @why: set to the reason on failure
 *
 * A set of the port's match/mask facility counts the flits (or, with a
 * flit number, the packets) whose header bits selected by the mask equal
 * the match (5.6.3.6). The masks of Table 5-36 are the bits compared: a
 * mask of 0x1E00 compares the message class alone. Match and mask may
 * only cover the header fields of Tables 5-32 to 5-35 (VNW, OPC, MC,
 * DNID, RNID, RDS), whose other bits must be written 0; a match bit
 * outside the mask would not be compared and is refused, as a filter the
 * hardware would not apply. MM_CFG has mm_en set and either ig_flit_cnt
 * (every flit of a matching packet) or a match_flit_cnt of 1-11 (that
 * flit only; 1 counts packets, as Table 5-36's note sets it): a count of
 * 0 names no flit and one above 11 no flit a QPI packet has. Bits 71:64
 * of the header are left unmatched (match_71_64 and mask_71_64 0), as
 * Table 5-36 has them; no table says what they hold.
 *
 * Return: 0 or -EINVAL.
 */
static int ia64_unc_rbox_mm_check(const struct perf_event_attr *attr,
				  struct ia64_unc_event *ev, const char **why)
{
	unsigned int flit = FIELD_GET(IA64_UNC_CFG_MM_FLIT, attr->config);
	bool anyflit = attr->config & IA64_UNC_CFG_MM_ANYFLIT;

	if (attr->config & (IA64_UNC_CFG_IPERF | IA64_UNC_CFG_QLX)) {
		*why = "match/mask event with an IPERF or QLX selection";
		return -EINVAL;
	}
	if ((attr->config1 | attr->config2) & ~IA64_R_MM_FIELDS) {
		*why = "match/mask bits outside the packet header fields";
		return -EINVAL;
	}
	if (attr->config1 & ~attr->config2) {
		*why = "match bits the mask does not compare";
		return -EINVAL;
	}
	if (anyflit == !!flit || flit > IA64_R_MM_MAX_FLITS) {
		*why = "match/mask needs mm_anyflit or a flit number 1-11";
		return -EINVAL;
	}
	ev->mm = true;
	ev->match = attr->config1;
	ev->mask = attr->config2;
	ev->mm_cfg = IA64_R_MM_CFG_EN | (anyflit ? IA64_R_MM_CFG_IG_FLIT :
					 FIELD_PREP(IA64_R_MM_CFG_FLIT, flit));
	return 0;
}

/**
 * ia64_unc_event_string() - the sysfs events/ string of a catalogue event
 * @box: the event's box
 * @e: the catalogue row
 * @buf: filled with the string
 * @len: room in @buf
 *
 * Return: false for an event the driver does not program.
 */
bool ia64_unc_event_string(enum ia64_unc_box box,
			   const struct ia64_uncore_event *e, char *buf,
			   size_t len)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	return t && t->event_string(e, buf, len);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_event_string);

/* B- and Z-Box events are a code in config:0-5. */
static bool ia64_unc_bz_event_string(const struct ia64_uncore_event *e,
				     char *buf, size_t len)
{
	snprintf(buf, len, "event=0x%02x", e->code);
	return true;
}

/*
 * R-Box class masks default to every class and VN; the EOT events need a
 * message class and are left to iperf=. QLX events give qlx and the type;
 * cls and sub stay 0 (HOM, VN0) unless the user adds cls= and sub=
 * (rbox/que_arb_bid,cls=4/).
 */
static bool ia64_unc_rbox_event_string(const struct ia64_uncore_event *e,
				       char *buf, size_t len)
{
	u32 mask;

	if (!(e->flags & IA64_UNC_FIELD)) {
		snprintf(buf, len, "qlx=1,type=0x%x", e->code);
		return true;
	}
	if (e->flags & IA64_UNC_NO_DEFAULT)
		return false;
	mask = ia64_unc_field_mask(e);
	if (e->flags & IA64_UNC_VALUE_VARIES)
		snprintf(buf, len, "iperf=0x%x",
			 e->field_lsb ? mask : mask | (u32)R_IPERF_PKT_VNSEL);
	else
		snprintf(buf, len, "iperf=0x%x", (u32)e->code << e->field_lsb);
	return true;
}

/* Z-Box sub-control registers: offsets (Table 5-45) and defined bits */
static const struct {
	u32 offset;
	u32 defined;
} ia64_z_subctl_regs[IA64_Z_SC_NR] = {
	[IA64_Z_SC_THR] = { 0xca8, GENMASK(10, 3) },		/* Table 5-51 */
	[IA64_Z_SC_PLD] = { 0xb08, GENMASK(13, 0) },		/* Table 5-54 */
	[IA64_Z_SC_FVC] = { 0x818, GENMASK(23, 5) },		/* Table 5-55 */
	[IA64_Z_SC_PGT] = { 0xf00, GENMASK(9, 7) | GENMASK(5, 0) }, /* 5-53 */
	[IA64_Z_SC_DSP] = { 0xea8, BIT(10) },			/* Table 5-49 */
	[IA64_Z_SC_ISS] = { 0xe38, GENMASK(9, 0) },		/* Table 5-50 */
};

/**
 * ia64_unc_zbox_subctl_offset() - offset of a Z-Box sub-control register
 * @reg: the register
 *
 * Return: its offset in the Z-Box window.
 */
u32 ia64_unc_zbox_subctl_offset(enum ia64_z_subctl reg)
{
	return ia64_z_subctl_regs[reg % IA64_Z_SC_NR].offset;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_zbox_subctl_offset);

/* FVC bcmd encodings of Table 5-58: 0-8, 10, 12 and 15 */
#define Z_FVC_BCMD_VALID	(GENMASK(8, 0) | BIT(10) | BIT(12) | BIT(15))

static bool ia64_unc_fvc_valid(u32 val)
{
	unsigned int i;

	for (i = 0; i < 4; i++)		/* evnt0-3: 0b100 is reserved */
		if (((val >> (12 + 3 * i)) & 7) == 4)
			return false;
	if (((val >> 9) & 7) == 6)	/* resp: 0b110 is reserved */
		return false;
	return Z_FVC_BCMD_VALID & BIT((val >> 5) & 0xf);
}

/**
 * ia64_unc_zbox_subctl_check() - validate a Z-Box sub-control value
 * @reg: the register
 * @val: the value (config1 or config2)
 * @why: set to the reason on failure
 *
 * Refuses bits outside the register's fields and the encodings its table
 * calls reserved or illegal: DSP bit 8 ("illegal selection"), the
 * scheduling modes 100-111 of ISS, PGT trans_cmd_cnd 11, and the FVC
 * subevent 100, response 110 and B-Box command values Table 5-58 does not
 * list.
 *
 * Return: 0 or -EINVAL.
 */
static int ia64_unc_zbox_subctl_check(enum ia64_z_subctl reg, u64 val,
				      const char **why)
{
	if (reg >= IA64_Z_SC_NR || val & ~(u64)ia64_z_subctl_regs[reg].defined) {
		*why = "bits outside the sub-control register's fields";
		return -EINVAL;
	}
	switch (reg) {
	case IA64_Z_SC_ISS:
		if (((val >> 7) & 7) >= 4 || ((val >> 4) & 7) >= 4) {
			*why = "reserved ISS scheduling mode";
			return -EINVAL;
		}
		break;
	case IA64_Z_SC_PGT:
		if (((val >> 8) & 3) == 3) {
			*why = "undefined PGT trans_cmd_cnd 11";
			return -EINVAL;
		}
		break;
	case IA64_Z_SC_FVC:
		if (!ia64_unc_fvc_valid(val)) {
			*why = "reserved FVC subevent, response or command";
			return -EINVAL;
		}
		break;
	default:
		break;
	}
	return 0;
}

/* The event code and instance of a B- or Z-Box event: its catalogue row */
static const struct ia64_uncore_event *
ia64_unc_decode_code(const struct perf_event_attr *attr,
		     struct ia64_unc_event *ev, const char **why)
{
	const struct ia64_uncore_event *e;

	if (attr->config & ~(IA64_UNC_CFG_EVENT | IA64_UNC_CFG_BOX)) {
		*why = "reserved config bits";
		return NULL;
	}
	ev->code = FIELD_GET(IA64_UNC_CFG_EVENT, attr->config);
	ev->inst = !!(attr->config & IA64_UNC_CFG_BOX);
	e = ia64_unc_find(ev->box, ev->code);
	if (!e)
		*why = "event code the box does not have";
	return e;
}

/*
 * A Z-Box event's sub-control registers are in config1 and config2: the
 * first register in enum order takes config1 (PLD_DRAM_EV: PLD in
 * config1, ISS in config2).
 */
static int ia64_unc_decode_zbox(const struct perf_event_attr *attr,
				struct ia64_unc_event *ev, const char **why)
{
	const u64 cfg[IA64_Z_SC_PER_EVENT] = { attr->config1, attr->config2 };
	const struct ia64_uncore_event *e = ia64_unc_decode_code(attr, ev, why);
	unsigned int reg;
	int ret;

	if (!e)
		return -EINVAL;
	for (reg = 0; reg < IA64_Z_SC_NR; reg++) {
		if (!(e->flags & (IA64_UNC_SC_THR << reg)))
			continue;
		if (ev->nr_zsc == IA64_Z_SC_PER_EVENT)
			break;
		ret = ia64_unc_zbox_subctl_check(reg, cfg[ev->nr_zsc], why);
		if (ret)
			return ret;
		ev->zsc_reg[ev->nr_zsc] = reg;
		ev->zsc_val[ev->nr_zsc] = cfg[ev->nr_zsc];
		ev->nr_zsc++;
	}
	if ((ev->nr_zsc < 2 && attr->config2) || (!ev->nr_zsc && attr->config1)) {
		*why = "config1/config2 for a sub-control the event does not use";
		return -EINVAL;
	}
	return 0;
}

/* A B-Box event's CTL2 value is in config1, its CTL3 fields in config2. */
static int ia64_unc_decode_bbox(const struct perf_event_attr *attr,
				struct ia64_unc_event *ev, const char **why)
{
	const struct ia64_uncore_event *e = ia64_unc_decode_code(attr, ev, why);

	if (!e)
		return -EINVAL;
	if (!(e->flags & IA64_UNC_SUBCTL)) {
		if (attr->config1) {
			*why = "config1 for an event without a sub-control";
			return -EINVAL;
		}
	} else {
		int ret = ia64_unc_bbox_ctl2_check(attr->config1, why);

		if (ret)
			return ret;
		ev->has_subctl = true;
		ev->subctl = attr->config1;
	}
	return ia64_unc_bbox_ctl3_check(ev, attr->config2, why);
}

/*
 * An R-Box event names its port and an IPERF value, a QLX event field or
 * a match/mask set.
 */
static int ia64_unc_decode_rbox(const struct perf_event_attr *attr,
				struct ia64_unc_event *ev, const char **why)
{
	unsigned int port;

	if (attr->config & ~(IA64_UNC_CFG_IPERF | IA64_UNC_CFG_PORT |
			     IA64_UNC_CFG_QLX | IA64_UNC_CFG_MM |
			     IA64_UNC_CFG_MM_FLIT | IA64_UNC_CFG_MM_ANYFLIT)) {
		*why = "reserved config bits";
		return -EINVAL;
	}
	port = FIELD_GET(IA64_UNC_CFG_PORT, attr->config);
	if (port >= IA64_R_PORTS) {
		*why = "R-Box port above 11";
		return -EINVAL;
	}
	ev->port = port;
	ev->inst = ia64_unc_rbox_side(port);
	if (attr->config & IA64_UNC_CFG_MM)
		return ia64_unc_rbox_mm_check(attr, ev, why);
	if (attr->config1 || attr->config2 ||
	    attr->config & (IA64_UNC_CFG_MM_FLIT | IA64_UNC_CFG_MM_ANYFLIT)) {
		*why = "match/mask fields without mm";
		return -EINVAL;
	}
	if (attr->config & IA64_UNC_CFG_QLX) {
		u64 arb = FIELD_GET(IA64_UNC_CFG_IPERF, attr->config);

		ev->qlx = true;
		ev->arb = arb & IA64_UNC_CFG_ARB;
		return ia64_unc_rbox_arb_check(arb, why);
	}
	ev->iperf = FIELD_GET(IA64_UNC_CFG_IPERF, attr->config);
	return ia64_unc_rbox_iperf_check(ev->iperf, why);
}

/*
 * The box types, as Table 5-1 and the CSR lists of chapter 5 give them.
 *
 * B-Box 0 and Z-Box 0 share the 0xCxxx window and B-Box 1 and Z-Box 1
 * the 0xDxxx one (Table 5-3; their CSR offsets do not overlap). The
 * R-Box CSR offsets of Table 5-24 are already complete 16-bit offsets in
 * the 0x4xxx and 0x7xxx windows, so its window is 0.
 *
 * Table 5-1 gives the R-Box 12 counters, "2 per port, 6 per side", but
 * 5.6.2, 5.6.3.3 and the CSR list of Table 5-24 all have sixteen, 0-7 on
 * the left side (ports 0-4, 11) and 8-15 on the right (5-10, Table
 * 5-25): sixteen it is.
 *
 * Counts: B_CSR_PERF_CNTn holds all 40 bits, its bit 40 is the overflow
 * flag (Table 5-9). Z_CSR_PMU_CNT_x holds bits 39:8 and the cnt_lo of
 * Z_CSR_PMU_CNT_CTL_x bits 7:0 (Table 5-47). R_CSR_PERF_CNT_x holds bits
 * 31:0 and the cnt_msb of R_CSR_PERF_CNT_CTRL_x bits 47:32 (Table 5-26).
 */
static const struct ia64_unc_box_type ia64_unc_types[IA64_UNC_NR_BOXES] = {
	[IA64_UNC_BBOX] = {
		.name		= "bbox",
		.counters	= IA64_B_COUNTERS,
		.width		= 40,
		.instances	= 2,
		.window		= { IA64_UNC_BZ0_WIN, IA64_UNC_BZ1_WIN },
		.cnt		= IA64_B_PERF_CNT(0),
		.cnt_stride	= 8,
		.cnt_count	= GENMASK_ULL(39, 0),
		.events		= ia64_bbox_events,
		.nr_events	= IA64_BBOX_EVENTS_NR,
		.decode		= ia64_unc_decode_bbox,
		.event_string	= ia64_unc_bz_event_string,
	},
	[IA64_UNC_ZBOX] = {
		.name		= "zbox",
		.counters	= IA64_Z_COUNTERS,
		.width		= 40,
		.instances	= 2,
		.window		= { IA64_UNC_BZ0_WIN, IA64_UNC_BZ1_WIN },
		.cnt		= IA64_Z_PMU_CNT(0),
		.cnt_stride	= -8,
		.ctl		= IA64_Z_PMU_CNT_CTL(0),
		.ctl_stride	= -8,
		.cnt_count	= GENMASK_ULL(31, 0),
		.cnt_shift	= 8,
		.ctl_count	= IA64_Z_CTL_CNT_LO,
		.events		= ia64_zbox_events,
		.nr_events	= IA64_ZBOX_EVENTS_NR,
		.decode		= ia64_unc_decode_zbox,
		.event_string	= ia64_unc_bz_event_string,
	},
	[IA64_UNC_RBOX] = {
		.name		= "rbox",
		.counters	= IA64_R_COUNTERS,
		.width		= 48,
		.instances	= 1,
		.side_counters	= IA64_R_SIDE_COUNTERS,
		.ports		= IA64_R_PORTS,
		.cnt		= IA64_R_PERF_CNT(0),
		.cnt_stride	= 0x10,
		.ctl		= IA64_R_PERF_CNT_CTRL(0),
		.ctl_stride	= 0x10,
		.cnt_count	= GENMASK_ULL(31, 0),
		.ctl_count	= IA64_R_CTRL_CNT_MSB,
		.ctl_shift	= 32,
		.events		= ia64_rbox_events,
		.nr_events	= IA64_RBOX_EVENTS_NR,
		.decode		= ia64_unc_decode_rbox,
		.event_string	= ia64_unc_rbox_event_string,
	},
};

/**
 * ia64_unc_type() - the facts of a box type
 * @box: the box type
 *
 * Return: its row, or NULL for no such box.
 */
const struct ia64_unc_box_type *ia64_unc_type(enum ia64_unc_box box)
{
	if ((unsigned int)box >= IA64_UNC_NR_BOXES)
		return NULL;
	return &ia64_unc_types[box];
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_type);

/**
 * ia64_unc_decode() - decode and check an uncore event
 * @box: the PMU's box type
 * @attr: the event's attributes (config, config1, config2)
 * @ev: set to the decoded event
 * @why: set to the reason on failure
 *
 * Return: 0 or -EINVAL for a code or combination the manual does not
 * allow.
 */
int ia64_unc_decode(enum ia64_unc_box box, const struct perf_event_attr *attr,
		    struct ia64_unc_event *ev, const char **why)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	memset(ev, 0, sizeof(*ev));
	ev->box = box;
	if (!t) {
		*why = "no such box";
		return -EINVAL;
	}
	return t->decode(attr, ev, why);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_decode);

/**
 * ia64_unc_counters() - number of counters of one box instance
 * @box: the box type
 *
 * Return: the number, 0 for no such box.
 */
unsigned int ia64_unc_counters(enum ia64_unc_box box)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	return t ? t->counters : 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_counters);

/**
 * ia64_unc_counter_fits() - whether @counter can count @ev
 * @ev: the decoded event
 * @counter: counter number in the box
 *
 * A box split in sides counts an event only on its side's counters.
 *
 * Return: true if @counter exists and can count @ev.
 */
bool ia64_unc_counter_fits(const struct ia64_unc_event *ev,
			   unsigned int counter)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(ev->box);

	if (!t || counter >= t->counters)
		return false;
	return !t->side_counters || counter / t->side_counters == ev->inst;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_counter_fits);

/**
 * ia64_unc_instance() - the box instance that counts @ev
 * @ev: the decoded event
 *
 * Return: its instance; 0 in a box split in sides, where @ev->inst is
 * the side.
 */
unsigned int ia64_unc_instance(const struct ia64_unc_event *ev)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(ev->box);

	return t && !t->side_counters ? ev->inst : 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_instance);

/**
 * ia64_unc_cnt_offset() - offset of the counter register of @ev's box
 * @ev: the decoded event, for its box and instance
 * @counter: the counter
 *
 * Return: the offset in the socket window, as read_csr() takes it.
 */
u32 ia64_unc_cnt_offset(const struct ia64_unc_event *ev, unsigned int counter)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(ev->box);

	if (!t)
		return 0;
	return ia64_unc_box_window(ev->box, ia64_unc_instance(ev)) + t->cnt +
	       t->cnt_stride * (int)counter;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_cnt_offset);

/**
 * ia64_unc_ctl_offset() - offset of a counter's own control register
 * @ev: the decoded event, for its box and instance
 * @counter: the counter
 *
 * Return: the offset in the socket window; meaningless for a box whose
 * counters have no control register of their own (ctl_stride 0).
 */
u32 ia64_unc_ctl_offset(const struct ia64_unc_event *ev, unsigned int counter)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(ev->box);

	if (!t)
		return 0;
	return ia64_unc_box_window(ev->box, ia64_unc_instance(ev)) + t->ctl +
	       t->ctl_stride * (int)counter;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_ctl_offset);

static u64 ia64_unc_field(u64 reg, u64 mask)
{
	return mask ? (reg & mask) >> __ffs64(mask) : 0;
}

/**
 * ia64_unc_count() - the count of a counter, from its registers
 * @box: the box type
 * @cnt: the counter register
 * @ctl: the counter's control register, when the box keeps count bits
 *	 there (ctl_count); ignored otherwise
 *
 * Return: the count, @box's width bits; 0 for no such box.
 */
u64 ia64_unc_count(enum ia64_unc_box box, u64 cnt, u64 ctl)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	if (!t)
		return 0;
	return ia64_unc_field(cnt, t->cnt_count) << t->cnt_shift |
	       ia64_unc_field(ctl, t->ctl_count) << t->ctl_shift;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_count);

/**
 * ia64_unc_width() - counter width in bits
 * @box: the box type
 *
 * Return: the width, 0 for no such box.
 */
unsigned int ia64_unc_width(enum ia64_unc_box box)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(box);

	return t ? t->width : 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_width);

/**
 * ia64_unc_delta() - events counted from @prev to @now, across one wrap
 * @box: the box type, for the width
 * @prev: the earlier counter value
 * @now: the later one
 */
u64 ia64_unc_delta(enum ia64_unc_box box, u64 prev, u64 now)
{
	return pmu_counter_delta(prev, now, ia64_unc_width(box));
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_delta);

/**
 * ia64_unc_bbox_ctl0() - B_CSR_PERF_CTL0 for a set of enabled counters
 * @enabled: bit n set for each counting B_CSR_PERF_CNTn
 *
 * Counters wrap (aov and sov clear), reset is clear so they count, and
 * the IMT, ARB, BZ and IOB sub-counters are on whenever a counter is:
 * the events that feed from them need it (Table 5-10). The note below
 * the table offers 0x3e00 as a value with the sub-counters on, but that
 * sets bit 11, which the same table says must be written 0; its other
 * value, 0x37fe, leaves bit 11 clear, and this follows it.
 */
u64 ia64_unc_bbox_ctl0(u8 enabled)
{
	if (!enabled)
		return 0;
	return (u64)enabled << 1 | IA64_B_CTL0_IMT_EN | IA64_B_CTL0_ARB_EN |
	       IA64_B_CTL0_BZ_EN | IA64_B_CTL0_IOB_EN;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_bbox_ctl0);

/**
 * ia64_unc_bbox_ctl1() - B_CSR_PERF_CTL1 with a counter's event select
 * @ctl1: the current value
 * @counter: 0-7
 * @code: the 6-bit event select (Table 5-11)
 */
u64 ia64_unc_bbox_ctl1(u64 ctl1, unsigned int counter, u8 code)
{
	unsigned int shift = 6 * (counter % IA64_B_COUNTERS);

	ctl1 &= ~(0x3fULL << shift);
	return (ctl1 | (u64)(code & 0x3f) << shift) & GENMASK_ULL(47, 0);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_bbox_ctl1);

/**
 * ia64_unc_zbox_ctl() - Z_CSR_PMU_CNT_CTL_x for an event
 * @code: inc_sel
 * @enable: count
 *
 * wrap_mode is set and frz_mode clear: on overflow the counter wraps
 * and freezes nothing. Table 5-47 says frz_mode 0 freezes "only this
 * counter", but wrap_mode's own description (stop or wrap) and the
 * remark that a wrapping counter keeps counting until the global freeze
 * arrives (5.7.4.3) make wrap_mode the bit that decides whether the
 * counter stops. cnt_lo_we is clear, so cnt_lo is not written.
 */
u64 ia64_unc_zbox_ctl(u8 code, bool enable)
{
	return FIELD_PREP(IA64_Z_CTL_INC_SEL, code) | IA64_Z_CTL_WRAP_MODE |
	       (enable ? IA64_Z_CTL_EN : 0);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_zbox_ctl);

/**
 * ia64_unc_rbox_side() - 0 for a left port (0-4, 11), 1 for a right one
 * @port: R-Box port, 0-11
 */
unsigned int ia64_unc_rbox_side(unsigned int port)
{
	return port >= 5 && port <= 10;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_side);

/**
 * ia64_unc_rbox_pt_sel() - pt_sel value of @port on its side (Table 5-25)
 * @port: R-Box port, 0-11
 */
unsigned int ia64_unc_rbox_pt_sel(unsigned int port)
{
	if (port == 11)
		return 5;
	return port < 5 ? port : port - 5;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_pt_sel);

/**
 * ia64_unc_rbox_ev_sel() - ev_sel of an R-Box event (Table 5-27)
 * @ev: the decoded event
 * @slot: the port's IPERF register (RIX), ARB_PERF field (QLX) or
 *	  match/mask set it has
 *
 * Return: 000/001 for IPERF0/1, 010/011 for QLX event 0/1, 100/101 for
 * match/mask set 0/1. Step c) of 5.6.3.6 says to select the set with
 * an "IPERF register's event select (0x5 for MM1 and 0x4 for MM0)", but
 * IPERF has no such field (Table 5-29): 100 and 101 are the control
 * register's own ev_sel values "Port X Mask & Match 0/1" (Table 5-27),
 * which 5.6.2 also describes.
 */
unsigned int ia64_unc_rbox_ev_sel(const struct ia64_unc_event *ev,
				  unsigned int slot)
{
	if (ev->mm)
		return IA64_R_EV_SEL_MM + (slot & 1);
	return (ev->qlx ? IA64_R_EV_SEL_QLX : 0) + (slot & 1);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_ev_sel);

/**
 * ia64_unc_rbox_arb_perf() - R_CSR_Pnn_ARB_PERF with one event field set
 * @old: the register's current value
 * @field: 0 (ev0_*, bits 7:0) or 1 (ev1_*, bits 23:16)
 * @arb: the event field (type 3:0, cls 6:4, sub 7)
 *
 * The other field is kept; bits 15:8 and 31:24 are read-zero (Table
 * 5-30) and written 0.
 */
u32 ia64_unc_rbox_arb_perf(u32 old, unsigned int field, u8 arb)
{
	field &= 1;
	old &= IA64_R_ARB_FIELD(0) | IA64_R_ARB_FIELD(1);
	return (old & ~IA64_R_ARB_FIELD(field)) | (u32)arb << 16 * field;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_arb_perf);

/**
 * ia64_unc_rbox_arb_field() - one event field of R_CSR_Pnn_ARB_PERF
 * @arb_perf: the register's value
 * @field: 0 (bits 7:0) or 1 (bits 23:16)
 */
u8 ia64_unc_rbox_arb_field(u32 arb_perf, unsigned int field)
{
	field &= 1;
	return (arb_perf & IA64_R_ARB_FIELD(field)) >> 16 * field;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_arb_field);

/**
 * ia64_unc_rbox_arb_offset() - offset of R_CSR_Pnn_ARB_PERF
 * @port: R-Box port, 0-11
 *
 * Table 5-25: 0x4290 + 8 * pt_sel on the left side (ports 0-4, 11),
 * 0x4490 + 8 * pt_sel on the right (ports 5-10).
 */
u32 ia64_unc_rbox_arb_offset(unsigned int port)
{
	return (ia64_unc_rbox_side(port) ? 0x4490 : 0x4290) +
	       8 * ia64_unc_rbox_pt_sel(port);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_arb_offset);

/**
 * ia64_unc_rbox_mm_offset() - offset of a port's match/mask set
 * @port: R-Box port, 0-11
 * @set: 0 or 1
 *
 * Table 5-24: MATCH_LSB of set 0 is at 0x4A00 + 0x28 * pt_sel on the
 * left side (ports 0-4, 11) and at 0x4C00 + 0x28 * pt_sel on the right
 * (5-10); set 1 is 0x100 above. (The table describes every set 0
 * register as "Set 1"; the names and offsets say set 0.)
 *
 * Return: the offset of MATCH_LSB; IA64_R_MM_* are relative to it.
 */
u32 ia64_unc_rbox_mm_offset(unsigned int port, unsigned int set)
{
	return (ia64_unc_rbox_side(port) ? 0x4c00 : 0x4a00) + 0x100 * (set & 1) +
	       0x28 * ia64_unc_rbox_pt_sel(port);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_mm_offset);

/**
 * ia64_unc_rbox_ctrl() - R_CSR_PERF_CNT_CTRL_x for an R-Box event
 * @old: the register as read: its cnt_msb (count bits 47:32) is kept,
 *	 since a write of the control writes them too
 * @port: the event's port
 * @slot: the ev_sel: 0/1 for the port's IPERF0/1, 2/3 for its ARB_PERF
 *	  event 0/1, 4/5 for its match/mask set 0/1 (ia64_unc_rbox_ev_sel())
 * @enable: count
 *
 * frz_en is clear: the counter wraps and freezes nothing; ov is cleared.
 */
u64 ia64_unc_rbox_ctrl(u64 old, unsigned int port, unsigned int slot,
		       bool enable)
{
	return (old & IA64_R_CTRL_CNT_MSB) |
	       FIELD_PREP(IA64_R_CTRL_PT_SEL, ia64_unc_rbox_pt_sel(port)) |
	       FIELD_PREP(IA64_R_CTRL_EV_SEL, slot & 7) |
	       (enable ? IA64_R_CTRL_EN : 0);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_rbox_ctrl);

static bool ia64_unc_mm_same(const struct ia64_unc_mm *mm,
			     const struct ia64_unc_event *ev)
{
	return mm->match == ev->match && mm->mask == ev->mask &&
	       mm->cfg == ev->mm_cfg;
}

/* The port's IPERF register, ARB_PERF field or match/mask set @ev can use */
static int ia64_unc_rbox_slot(const struct ia64_unc_share *sh,
			      const struct ia64_unc_event *ev)
{
	unsigned int s, p = ev->port;

	for (s = 0; s < 2; s++) {
		if (ev->mm) {
			if (!sh->mm_users[p][s] || ia64_unc_mm_same(&sh->mm[p][s], ev))
				return s;
		} else if (ev->qlx) {
			if (!sh->arb_users[p][s] ||
			    ia64_unc_rbox_arb_field(sh->arb_perf[p], s) == ev->arb)
				return s;
		} else if (!sh->iperf_users[p][s] || sh->iperf[p][s] == ev->iperf) {
			return s;
		}
	}
	return -EAGAIN;
}

/**
 * ia64_unc_take() - take a counter for @ev and the registers it shares
 * @sh: the box instance's counters and shared registers
 * @ev: the decoded event
 * @slot: set to the R-Box port's IPERF register, ARB_PERF event field
 *	  or match/mask set the event got (0 or 1)
 *
 * A box has one B_CSR_PERF_CTL2 and one B_CSR_PERF_CTL3 (B-Box) and
 * one of each sub-control register (Z-Box): events that need them must
 * agree on their values (on CTL3, on the fields both use).
 * An R-Box port has two IPERF registers, two ARB_PERF event fields and
 * two match/mask sets: events with the same value share one, a second
 * value takes the other, a third finds none.
 *
 * Return: the counter, or -EAGAIN when no counter or register is free.
 */
int ia64_unc_take(struct ia64_unc_share *sh, const struct ia64_unc_event *ev,
		  unsigned int *slot)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(ev->box);
	unsigned int c, i, p = ev->port;
	int s = 0;

	if (!t)
		return -EAGAIN;
	if (ev->has_subctl && sh->ctl2_users && sh->ctl2 != ev->subctl)
		return -EAGAIN;
	for (i = 0; i < IA64_B_CTL3_FIELDS; i++)
		if (ev->ctl3_used & IA64_B_CTL3_FIELD(i) && sh->ctl3_users[i] &&
		    (sh->ctl3 ^ ev->ctl3) & IA64_B_CTL3_FIELD(i))
			return -EAGAIN;
	for (i = 0; i < ev->nr_zsc; i++)
		if (sh->zsc_users[ev->zsc_reg[i]] &&
		    sh->zsc[ev->zsc_reg[i]] != ev->zsc_val[i])
			return -EAGAIN;
	if (t->ports) {
		if (p >= t->ports)
			return -EAGAIN;
		s = ia64_unc_rbox_slot(sh, ev);
		if (s < 0)
			return s;
	}
	for (c = 0; c < t->counters; c++)
		if (!(sh->used & BIT(c)) && ia64_unc_counter_fits(ev, c))
			break;
	if (c == t->counters)
		return -EAGAIN;
	sh->used |= BIT(c);
	if (ev->has_subctl) {
		sh->ctl2 = ev->subctl;
		sh->ctl2_users++;
	}
	for (i = 0; i < IA64_B_CTL3_FIELDS; i++) {
		if (!(ev->ctl3_used & IA64_B_CTL3_FIELD(i)))
			continue;
		sh->ctl3 = (sh->ctl3 & ~IA64_B_CTL3_FIELD(i)) |
			   (ev->ctl3 & IA64_B_CTL3_FIELD(i));
		sh->ctl3_users[i]++;
	}
	if (t->ports && ev->mm) {
		sh->mm[p][s] = (struct ia64_unc_mm){
			.match = ev->match, .mask = ev->mask, .cfg = ev->mm_cfg,
		};
		sh->mm_users[p][s]++;
	} else if (t->ports && ev->qlx) {
		sh->arb_perf[p] = ia64_unc_rbox_arb_perf(sh->arb_perf[p], s, ev->arb);
		sh->arb_users[p][s]++;
	} else if (t->ports) {
		sh->iperf[p][s] = ev->iperf;
		sh->iperf_users[p][s]++;
	}
	for (i = 0; i < ev->nr_zsc; i++) {
		sh->zsc[ev->zsc_reg[i]] = ev->zsc_val[i];
		sh->zsc_users[ev->zsc_reg[i]]++;
	}
	*slot = s;
	return c;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_take);

/**
 * ia64_unc_give() - give back what ia64_unc_take() took
 * @sh: the box instance's counters and shared registers
 * @ev: the decoded event
 * @counter: the counter it got
 * @slot: the R-Box register or field it got
 */
void ia64_unc_give(struct ia64_unc_share *sh, const struct ia64_unc_event *ev,
		   unsigned int counter, unsigned int slot)
{
	const struct ia64_unc_box_type *t = ia64_unc_type(ev->box);
	bool ports = t && t->ports;
	unsigned int i, p = ev->port % IA64_R_PORTS;

	slot &= 1;
	sh->used &= ~BIT(counter % IA64_UNC_MAX_COUNTERS);
	if (ev->has_subctl)
		sh->ctl2_users--;
	for (i = 0; i < IA64_B_CTL3_FIELDS; i++)
		if (ev->ctl3_used & IA64_B_CTL3_FIELD(i))
			sh->ctl3_users[i]--;
	if (ports && ev->mm)
		sh->mm_users[p][slot]--;
	else if (ports && ev->qlx)
		sh->arb_users[p][slot]--;
	else if (ports)
		sh->iperf_users[p][slot]--;
	for (i = 0; i < ev->nr_zsc; i++)
		sh->zsc_users[ev->zsc_reg[i]]--;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_unc_give);
