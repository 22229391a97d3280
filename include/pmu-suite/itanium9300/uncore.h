/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 uncore PMUs (chapter 5): CSR addresses, event decoding,
 * control register values and counter reading for the B-, Z- and R-Box.
 * Pure logic, no hardware access.
 */
#ifndef _PMU_SUITE_ITANIUM9300_UNCORE_H
#define _PMU_SUITE_ITANIUM9300_UNCORE_H

#include <linux/bits.h>
#include <linux/types.h>

struct perf_event_attr;

enum ia64_unc_box {
	IA64_UNC_BBOX,
	IA64_UNC_ZBOX,
	IA64_UNC_RBOX,
	IA64_UNC_NR_BOXES,
};

/* 5.2: the PAL aperture and the windows inside it */
#define IA64_UNC_PAL_BASE	0x8003fffb00000000ULL
#define IA64_UNC_SOCKET_WIN	0xfc000000U	/* + socket << 16 */
#define IA64_UNC_CURRENT_WIN	0xfeb00000U
#define IA64_UNC_MAX_SOCKETS	256
/* The windows sit in the top 256 MiB below 4 GiB of the aperture. */
#define IA64_UNC_MAP_OFFSET	0xf0000000U
#define IA64_UNC_MAP_LEN	0x10000000U

#define IA64_UNC_DBOX_WIN	0xf000U
#define IA64_UNC_BZ0_WIN	0xc000U
#define IA64_UNC_BZ1_WIN	0xd000U

/* 5.4.5.1, Table 5-4: DBX_CSR_MISC */
#define IA64_DBX_CSR_MISC	(IA64_UNC_DBOX_WIN + 0xa00)
#define IA64_DBX_FRZ_EN		BIT_ULL(0)
#define IA64_DBX_OV_BOX_EN	BIT_ULL(1)
#define IA64_DBX_FRZ_ALL	BIT_ULL(6)
#define IA64_DBX_UNFRZ_ALL	BIT_ULL(7)
#define IA64_DBX_OV_BOX		GENMASK_ULL(13, 8)

/* 5.5.3: B-Box */
#define IA64_B_PERF_CTL0	0x080
#define IA64_B_PERF_CTL1	0x088
#define IA64_B_PERF_CTL2	0x090
#define IA64_B_PERF_CTL3	0x098
#define IA64_B_PERF_CNT(c)	(0x0a8 + 8 * (c))
#define IA64_B_CTL0_RESET	BIT_ULL(0)
#define IA64_B_CTL0_CNT_EN(c)	BIT_ULL(1 + (c))
#define IA64_B_CTL0_IMT_EN	BIT_ULL(9)
#define IA64_B_CTL0_ARB_EN	BIT_ULL(10)
#define IA64_B_CTL0_BZ_EN	BIT_ULL(12)
#define IA64_B_CTL0_IOB_EN	BIT_ULL(13)
#define IA64_B_CTL0_SOV		GENMASK_ULL(23, 16)
#define IA64_B_CTL0_AOV		GENMASK_ULL(31, 24)
#define IA64_B_CTL0_FRZ		BIT_ULL(32)
#define IA64_B_CNT_OV		BIT_ULL(40)
#define IA64_B_COUNTERS		8
/*
 * B_CSR_PERF_CTL3 (Table 5-14): four one-hot fields, a message class
 * (Table 5-15) and an opcode (Table 5-16) for input and for output
 * packets. A packet is counted when its bits are set in both.
 */
#define IA64_B_CTL3_FIELDS	4
#define IA64_B_CTL3_FIELD(f)	(GENMASK_ULL(15, 0) << 16 * (f))
#define IA64_B_CTL3_CLASS_IN	IA64_B_CTL3_FIELD(0)
#define IA64_B_CTL3_OPCODE_IN	IA64_B_CTL3_FIELD(1)
#define IA64_B_CTL3_CLASS_OUT	IA64_B_CTL3_FIELD(2)
#define IA64_B_CTL3_OPCODE_OUT	IA64_B_CTL3_FIELD(3)
#define IA64_B_CTL3_IN		(IA64_B_CTL3_CLASS_IN | IA64_B_CTL3_OPCODE_IN)
#define IA64_B_CTL3_OUT		(IA64_B_CTL3_CLASS_OUT | IA64_B_CTL3_OPCODE_OUT)
/* Table 5-15: HOM0, HOM1, NDR, SNP, NCS, NCB, DRS */
#define IA64_B_CTL3_CLASSES	0x481fU

/* 5.7.4: Z-Box */
#define IA64_Z_PMU_CNT_STATUS	0xc98
#define IA64_Z_PMU_CNT_CTL(c)	(0xc90 - 8 * (c))
#define IA64_Z_PMU_CNT(c)	(0xc60 - 8 * (c))
#define IA64_Z_CTL_EN		BIT_ULL(0)
#define IA64_Z_CTL_FREEZE	BIT_ULL(1)
#define IA64_Z_CTL_WRAP_MODE	BIT_ULL(2)
#define IA64_Z_CTL_FRZ_MODE	BIT_ULL(3)
#define IA64_Z_CTL_INC_SEL	GENMASK_ULL(9, 4)
#define IA64_Z_CTL_CLR_ALL	BIT_ULL(22)
#define IA64_Z_CTL_CNT_LO_WE	BIT_ULL(23)
#define IA64_Z_CTL_CNT_LO	GENMASK_ULL(31, 24)
#define IA64_Z_STATUS_OV	GENMASK_ULL(4, 0)
#define IA64_Z_STATUS_UNFRZ	BIT_ULL(30)
#define IA64_Z_STATUS_FRZ	BIT_ULL(31)
#define IA64_Z_COUNTERS		5

/* Z-Box sub-control registers, in the order of IA64_UNC_SC_* */
enum ia64_z_subctl {
	IA64_Z_SC_THR,
	IA64_Z_SC_PLD,
	IA64_Z_SC_FVC,
	IA64_Z_SC_PGT,
	IA64_Z_SC_DSP,
	IA64_Z_SC_ISS,
	IA64_Z_SC_NR,
};

#define IA64_Z_SC_PER_EVENT	2

/* 5.6.3: R-Box (offsets [15:0], no box window) */
#define IA64_R_PERF_GBLCFG	0x4f00
#define IA64_R_PERF_CNT(c)	(0x4e00 + 0x10 * (c))
#define IA64_R_PERF_CNT_CTRL(c)	(0x4e08 + 0x10 * (c))
#define IA64_R_IPERF(port, n)	(0x7080 + 0x100 * (port) + 8 * (n))
#define IA64_R_CTRL_CNT_MSB	GENMASK_ULL(15, 0)
#define IA64_R_CTRL_EV_SEL	GENMASK_ULL(18, 16)
#define IA64_R_CTRL_PT_SEL	GENMASK_ULL(21, 19)
#define IA64_R_CTRL_EN		BIT_ULL(22)
#define IA64_R_CTRL_FRZ_EN	BIT_ULL(23)
#define IA64_R_CTRL_OV		BIT_ULL(24)
#define IA64_R_GBL_UNFRZ	BIT_ULL(9)
#define IA64_R_GBL_CLR		BIT_ULL(10)
#define IA64_R_GBL_FRZ		BIT_ULL(11)
#define IA64_R_COUNTERS		16
#define IA64_R_SIDE_COUNTERS	8
#define IA64_R_PORTS		12
#define IA64_R_IPERF_PER_PORT	2
/* ev_sel (Table 5-27): 0/1 RIX (IPERF0/1), 2/3 QLX event 0/1, 4/5 MM 0/1 */
#define IA64_R_EV_SEL_QLX	2
#define IA64_R_EV_SEL_MM	4
/* R_CSR_ARB_PERF_CTR (Table 5-30): event 0 in bits 7:0, event 1 in 23:16 */
#define IA64_R_ARB_FIELDS	2
#define IA64_R_ARB_FIELD(f)	(GENMASK(7, 0) << 16 * (f))
#define IA64_R_ARB_TYPE		GENMASK(3, 0)
#define IA64_R_ARB_CLS		GENMASK(6, 4)
#define IA64_R_ARB_SUB		BIT(7)
/*
 * The two match/mask sets of a port (5.6.3.6, Table 5-24): MATCH_LSB,
 * MATCH_MSB, MASK_LSB, MASK_MSB and MM_CFG, 8 bytes apart from the
 * offset ia64_unc_rbox_mm_offset() gives. The LSB registers hold bits
 * 31:0 of the packet header, the MSB ones bits 63:32.
 */
#define IA64_R_MM_SETS		2
#define IA64_R_MM_MATCH_LSB	0x00
#define IA64_R_MM_MATCH_MSB	0x08
#define IA64_R_MM_MASK_LSB	0x10
#define IA64_R_MM_MASK_MSB	0x18
#define IA64_R_MM_CFG		0x20
#define IA64_R_MM_CFG_FLIT	GENMASK(19, 16)	/* match_flit_cnt */
#define IA64_R_MM_CFG_IG_FLIT	BIT(20)		/* ig_flit_cnt */
#define IA64_R_MM_CFG_EN	BIT(21)		/* mm_en */
/* The header fields match and mask compare (Tables 5-32 to 5-35) */
#define IA64_R_MM_VNW		GENMASK_ULL(4, 3)
#define IA64_R_MM_OPC		GENMASK_ULL(8, 5)
#define IA64_R_MM_MC		GENMASK_ULL(12, 9)
#define IA64_R_MM_DNID		GENMASK_ULL(17, 13)
#define IA64_R_MM_RNID		GENMASK_ULL(35, 31)
#define IA64_R_MM_RDS		GENMASK_ULL(51, 48)
#define IA64_R_MM_FIELDS	(IA64_R_MM_VNW | IA64_R_MM_OPC | IA64_R_MM_MC | \
				 IA64_R_MM_DNID | IA64_R_MM_RNID | IA64_R_MM_RDS)
/* Longest QPI packet: 11 flits (Table 5-33, OPC) */
#define IA64_R_MM_MAX_FLITS	11

#define IA64_UNC_MAX_COUNTERS	16
#define IA64_UNC_MAX_INSTANCES	2

/**
 * struct ia64_unc_event - a decoded uncore event
 * @box: enum ia64_unc_box
 * @inst: B-/Z-Box instance (0 or 1); R-Box side (0 left, 1 right)
 * @code: B-/Z-Box event select
 * @port: R-Box port (0-11)
 * @iperf: R-Box R_CSR_Pnn_IPERFn value (RIX events)
 * @qlx: R-Box QLX event: @arb, not @iperf, selects it
 * @arb: R-Box ARB_PERF event field (type 3:0, cls 6:4, sub 7)
 * @mm: R-Box match/mask event: @match, @mask and @mm_cfg select it
 * @match: R-Box packet header match value (bits 63:0)
 * @mask: R-Box header bits compared with @match
 * @mm_cfg: R-Box MM_CFG value (mm_en and the flit selection)
 * @subctl: B-Box B_CSR_PERF_CTL2 value the event needs
 * @has_subctl: the event depends on @subctl
 * @ctl3: B-Box B_CSR_PERF_CTL3 fields the event needs
 * @ctl3_used: which fields of @ctl3 it depends on (IA64_B_CTL3_FIELD())
 * @nr_zsc: number of Z-Box sub-control registers the event needs
 * @zsc_reg: which ones (enum ia64_z_subctl)
 * @zsc_val: the values they need
 */
struct ia64_unc_event {
	u8 box;
	u8 inst;
	u8 code;
	u8 port;
	u32 iperf;
	bool qlx;
	u8 arb;
	bool mm;
	u64 match;
	u64 mask;
	u32 mm_cfg;
	u64 subctl;
	bool has_subctl;
	u64 ctl3;
	u64 ctl3_used;
	u8 nr_zsc;
	u8 zsc_reg[IA64_Z_SC_PER_EVENT];
	u32 zsc_val[IA64_Z_SC_PER_EVENT];
};

/**
 * struct ia64_unc_mm - an R-Box match/mask set's values
 * @match: MATCH_MSB:MATCH_LSB
 * @mask: MASK_MSB:MASK_LSB
 * @cfg: MM_CFG
 */
struct ia64_unc_mm {
	u64 match;
	u64 mask;
	u32 cfg;
};

/**
 * struct ia64_unc_share - the counters of one box instance (the R-Box is
 * one, with both sides' counters) and the registers their events share
 * @used: counters taken
 * @ctl2: B: B_CSR_PERF_CTL2, one for the box
 * @ctl2_users: B: events that use it
 * @ctl3: B: B_CSR_PERF_CTL3's fields, one register for the box
 * @ctl3_users: B: events using each of its fields
 * @iperf: R: R_CSR_Pnn_IPERF0/1 of each port
 * @iperf_users: R: events using each
 * @arb_perf: R: R_CSR_Pnn_ARB_PERF of each port
 * @arb_users: R: events using each of its two event fields
 * @mm: R: each port's two match/mask sets
 * @mm_users: R: events using each
 * @zsc: Z: the sub-control registers (enum ia64_z_subctl)
 * @zsc_users: Z: events using each
 */
struct ia64_unc_share {
	u16 used;
	u64 ctl2;
	u8 ctl2_users;
	u64 ctl3;
	u8 ctl3_users[IA64_B_CTL3_FIELDS];
	u32 iperf[IA64_R_PORTS][IA64_R_IPERF_PER_PORT];
	u8 iperf_users[IA64_R_PORTS][IA64_R_IPERF_PER_PORT];
	u32 arb_perf[IA64_R_PORTS];
	u8 arb_users[IA64_R_PORTS][IA64_R_ARB_FIELDS];
	struct ia64_unc_mm mm[IA64_R_PORTS][IA64_R_MM_SETS];
	u8 mm_users[IA64_R_PORTS][IA64_R_MM_SETS];
	u32 zsc[IA64_Z_SC_NR];
	u8 zsc_users[IA64_Z_SC_NR];
};

struct ia64_uncore_event;

/**
 * struct ia64_unc_box_type - what sets one box type apart from the others
 * @name: its PMU's name, after the prefix
 * @counters: counters of one instance (Table 5-1)
 * @width: their width in bits
 * @instances: instances in a socket
 * @side_counters: for a box whose ports are split in two sides, each with
 *	its own counters (the R-Box: 0-7 left, 8-15 right), the counters of
 *	a side; the box then has one instance, and an event's @inst names
 *	its side. 0 when every counter can count every event.
 * @ports: ports with their own event registers (the R-Box's IPERF,
 *	   ARB_PERF and match/mask sets), 0 for none
 * @window: offset of each instance's CSR window in the socket window
 * @cnt: offset of counter 0 in the instance's window
 * @cnt_stride: from one counter to the next, negative where the
 *		counters go down (Z-Box)
 * @ctl: offset of counter 0's own control register; 0 when the box
 *	 controls its counters through shared registers only (B-Box)
 * @ctl_stride: from one control register to the next
 * @cnt_count: the bits of the counter register that hold count
 * @cnt_shift: where they go in the count
 * @ctl_count: the bits of the control register that hold the rest of the
 *	       count, for a box whose counters are too wide for one CSR;
 *	       0 when the counter register holds it all
 * @ctl_shift: where they go in the count
 * @events: the box's event catalogue
 * @nr_events: its number of rows
 * @decode: check and decode an event's config, config1 and config2; the
 *	    event comes zeroed but for its box
 * @event_string: the sysfs events/ string of a catalogue row, false for
 *		  a row that needs a value only the user can give
 *
 * A counter's count is (@cnt_count bits of its register) << @cnt_shift
 * | (@ctl_count bits of its control register) << @ctl_shift: @width bits.
 */
struct ia64_unc_box_type {
	const char *name;
	u8 counters;
	u8 width;
	u8 instances;
	u8 side_counters;
	u8 ports;
	u32 window[IA64_UNC_MAX_INSTANCES];
	u32 cnt;
	s16 cnt_stride;
	u32 ctl;
	s16 ctl_stride;
	u64 cnt_count;
	u8 cnt_shift;
	u64 ctl_count;
	u8 ctl_shift;
	const struct ia64_uncore_event *events;
	unsigned int nr_events;
	int (*decode)(const struct perf_event_attr *attr,
		      struct ia64_unc_event *ev, const char **why);
	bool (*event_string)(const struct ia64_uncore_event *e, char *buf,
			     size_t len);
};

const struct ia64_unc_box_type *ia64_unc_type(enum ia64_unc_box box);
unsigned int ia64_unc_instance(const struct ia64_unc_event *ev);
u32 ia64_unc_cnt_offset(const struct ia64_unc_event *ev, unsigned int counter);
u32 ia64_unc_ctl_offset(const struct ia64_unc_event *ev, unsigned int counter);
u64 ia64_unc_count(enum ia64_unc_box box, u64 cnt, u64 ctl);

int ia64_unc_take(struct ia64_unc_share *sh, const struct ia64_unc_event *ev,
		  unsigned int *slot);
void ia64_unc_give(struct ia64_unc_share *sh, const struct ia64_unc_event *ev,
		   unsigned int counter, unsigned int slot);

u32 ia64_unc_box_window(enum ia64_unc_box box, unsigned int inst);
u64 ia64_unc_csr_phys(unsigned int socket, u32 offset);
u64 ia64_unc_dbx_misc(u64 old, bool freeze);

int ia64_unc_decode(enum ia64_unc_box box, const struct perf_event_attr *attr,
		    struct ia64_unc_event *ev, const char **why);
int ia64_unc_rbox_arb_check(u64 arb, const char **why);
const struct ia64_uncore_event *ia64_unc_events(enum ia64_unc_box box,
						unsigned int *n);
bool ia64_unc_event_string(enum ia64_unc_box box,
			   const struct ia64_uncore_event *e, char *buf,
			   size_t len);
u32 ia64_unc_zbox_subctl_offset(enum ia64_z_subctl reg);

unsigned int ia64_unc_counters(enum ia64_unc_box box);
bool ia64_unc_counter_fits(const struct ia64_unc_event *ev,
			   unsigned int counter);
unsigned int ia64_unc_width(enum ia64_unc_box box);
u64 ia64_unc_delta(enum ia64_unc_box box, u64 prev, u64 now);

u64 ia64_unc_bbox_ctl0(u8 enabled);
u64 ia64_unc_bbox_ctl1(u64 ctl1, unsigned int counter, u8 code);
u64 ia64_unc_bbox_ctl3(const struct ia64_unc_share *sh);
bool ia64_unc_bbox_ctl3_due(u64 old_ctl2, u64 new_ctl2);
u64 ia64_unc_zbox_ctl(u8 code, bool enable);
unsigned int ia64_unc_rbox_pt_sel(unsigned int port);
unsigned int ia64_unc_rbox_side(unsigned int port);
u64 ia64_unc_rbox_ctrl(u64 old, unsigned int port, unsigned int slot,
		       bool enable);
unsigned int ia64_unc_rbox_ev_sel(const struct ia64_unc_event *ev,
				  unsigned int slot);
u8 ia64_unc_rbox_arb_field(u32 arb_perf, unsigned int field);
u32 ia64_unc_rbox_arb_perf(u32 old, unsigned int field, u8 arb);
u32 ia64_unc_rbox_arb_offset(unsigned int port);
u32 ia64_unc_rbox_mm_offset(unsigned int port, unsigned int set);

#endif /* _PMU_SUITE_ITANIUM9300_UNCORE_H */
