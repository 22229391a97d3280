/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 core PMU: perf_event_attr.config, config1 and config2.
 *
 * config follows the PMC4-15 layout (Table 3-5) where the user chooses
 * the field: es, umask, threshold, all and MESI sit in their PMC bits,
 * so the driver copies them. The bits the driver owns (plm, ev, oi, pm,
 * ism) must be zero. Bits 32-41 configure the EAR of the two EAR events;
 * bits 42-50 turn a branch stack sample into an IP-EAR one, and bits 51-57
 * filter what the ETB captures for one (PMC39, Table 3-25).
 *
 * config1 and config2 qualify the event through the shared registers of
 * its tag channel (3.2.3.1): channel 0 for every event but
 * IA64_TAGGED_INST_RETIRED, whose unit mask names the channel. An event
 * gives one kind of qualification; with config1's combine bit it is
 * counted under the AND of every kind the group's events give its
 * channel.
 */
#ifndef _IA64_EVENT_H
#define _IA64_EVENT_H

#include <linux/bits.h>
#include <linux/types.h>
#include <pmu-suite/generic.h>

#include "ia64-catalogue.h"

/* The fields' masks are generated from fields.json (ia64-fields.h). */
#define IA64_CFG_ETB		(IA64_CFG_ETB_TM | IA64_CFG_ETB_PTM | \
				 IA64_CFG_ETB_PPM | IA64_CFG_ETB_IPREL)
#define IA64_CFG_VALID		(IA64_CFG_ES | IA64_CFG_UMASK | \
				 IA64_CFG_THRESHOLD | IA64_CFG_ALL | \
				 IA64_CFG_MESI | IA64_CFG_EAR_MODE | \
				 IA64_CFG_EAR_UMASK | IA64_CFG_IPEAR | \
				 IA64_CFG_IPEAR_DELAY | IA64_CFG_ETB | \
				 IA64_CFG_QEAR_MC | IA64_CFG_QEAR_THRESH)

#define IA64_CFG1_VALID		(IA64_CFG1_OPC_MATCH | IA64_CFG1_OPC_MIFB | \
				 IA64_CFG1_RANGE_LG | IA64_CFG1_RANGE_INV | \
				 IA64_CFG1_RANGE_FINE | IA64_CFG1_COMBINE | \
				 IA64_CFG1_QUAL)

/* The qualification kinds of config1's qual field. */
enum ia64_qual {
	IA64_QUAL_NONE = 0,
	IA64_QUAL_OPC = 1,	/* opcode matcher OpCM0/1 (PMC32-35, PMC36) */
	IA64_QUAL_IAR = 2,	/* instruction address range, IBRPn (PMC38) */
	IA64_QUAL_DAR = 3,	/* data address range, DBRP0 (PMC41) */
	IA64_QUAL_KINDS
};

/* Tag channels: IBRPn with OpCM0 (channels 0, 2) or OpCM1 (1, 3). */
#define IA64_TAG_CHANNELS	4

/* Smallest and largest ranges: one bundle; the IBR/DBR mask is 56 bits. */
#define IA64_RANGE_LG_MIN_IAR	4
#define IA64_RANGE_LG_MAX	56
#define IA64_BUNDLE_SIZE	16
/* A fine-mode range lies within one window: IBR bits 63:16 are shared. */
#define IA64_FINE_WINDOW_LG	16
#define IA64_FINE_WINDOW	BIT_ULL(IA64_FINE_WINDOW_LG)

/* Event codes with a role of their own. */
#define IA64_CODE_INST_RETIRED	0x08	/* IA64_(TAGGED_)INST_RETIRED */
#define IA64_CODE_CPU_OP_CYCLES	0x12
#define IA64_CODE_L1I_EAR	0x43	/* L1I_EAR_EVENTS */
#define IA64_CODE_DATA_EAR	0xc8	/* DATA_EAR_EVENTS */

enum ia64_ear {
	IA64_EAR_NONE,
	IA64_EAR_DATA,
	IA64_EAR_INST,
};

/* config's ear_mode for L1I_EAR_EVENTS. */
#define IA64_IEAR_MODE_CACHE	0
#define IA64_IEAR_MODE_TLB	1

/**
 * struct ia64_qualifier - one kind of qualification of a tag channel
 * @kind: an enum ia64_qual
 * @inv: invert the instruction address range (PMC32.inv, channel 0 only)
 * @mifb: instruction types the opcode matcher accepts (PMC32/34 bits 48-51)
 * @fine: a fine-mode instruction range of @len bytes (PMC38.fine)
 * @ibrp1: an instruction range of a prefetch event, through IBRP1 (3.3.5.2)
 * @range_lg: log2 of the address range's size
 * @opc_match: opcode bits to match (PMC33)
 * @opc_mask: opcode bits ignored (PMC32.mask)
 * @base: first address of the range, aligned to its size unless @fine
 * @len: length of a fine-mode range
 */
struct ia64_qualifier {
	u8 kind;
	bool inv;
	bool fine;
	bool ibrp1;
	u8 mifb;
	u8 range_lg;
	u64 opc_match;
	u64 opc_mask;
	u64 base;
	u32 len;
};

/**
 * struct ia64_etb_filter - config's ETB filter fields, 0 for the default
 * @tm: PMC39.tm, 0 for taken branches only (10)
 * @ptm: PMC39.ptm, 0 for any target prediction (11)
 * @ppm: PMC39.ppm, 0 for any path prediction (11)
 * @iprel: capture IP-relative branches only (PMC39.brt = 01)
 */
struct ia64_etb_filter {
	u8 tm;
	u8 ptm;
	u8 ppm;
	bool iprel;
};

/* CPE_CPP_MISC.CEAR, which counts the QEAR's measurements (5.3). */
#define IA64_QEAR_CODE		0xa0
#define IA64_QEAR_UMASK		0x1

/**
 * struct ia64_event - a perf configuration, decoded and checked
 * @cat: the catalogue row of the event code and unit mask
 * @flags: the row's IA64_EV_* flags
 * @code: PMC.es
 * @umask: PMC.umask
 * @threshold: PMC.threshold
 * @all: PMC.all, count both threads
 * @mesi: PMC.MESI filter as written to the PMC (0xf: no filtering)
 * @set: L1D or L2D set of the event, IA64_NO_SET if none
 * @ear: which EAR the event drives (enum ia64_ear)
 * @ear_mode: the EAR's mode (config's ear_mode)
 * @ear_umask: the EAR's unit mask (config's ear_umask)
 * @qual: the event's qualification
 * @chan: its tag channel: IA64_TAGGED_INST_RETIRED's unit mask, else 0
 * @combine: counted under every kind of qualification its group gives
 *	its channel, not only @qual's (config1's combine)
 * @group: tells the event's perf group from others on the CPU (its
 *	leader's id, never reused), for @combine
 * @ipear_delay: IP-EAR freeze delay, when config asks for the IP-EAR
 * @use_ipear: config asks for the IP-EAR rather than the ETB
 * @etb_filter: config's ETB filter fields
 * @plm: privilege levels counted (PMC.plm), from the exclude_* bits
 * @etb: PMC39 value when the event samples branches with the ETB, else 0
 * @ipear: PMC42 value when it samples retired IPs with the IP-EAR, else 0
 * @qear: the event samples the core's QEAR (set by the perf glue)
 * @qear_mc: CPE_CSR_QEAR_CTL.mc, the classes measured (config's 0: all)
 * @qear_thresh: CPE_CSR_QEAR_CTL.thresh, the latency that counts
 */
struct ia64_event {
	const struct ia64_catalogue_event *cat;
	u32 flags;
	u8 code;
	u8 umask;
	u8 threshold;
	bool all;
	u8 mesi;
	u8 set;
	u8 ear;
	u8 ear_mode;
	u8 ear_umask;
	struct ia64_qualifier qual;
	u8 chan;
	bool combine;
	u64 group;
	u8 ipear_delay;
	bool use_ipear;
	struct ia64_etb_filter etb_filter;
	u8 plm;
	u64 etb;
	u64 ipear;
	bool qear;
	u8 qear_mc;
	u8 qear_thresh;
};

const struct ia64_catalogue_event *ia64_catalogue_find(u8 code, u8 umask);
int ia64_event_decode(u64 config, u64 config1, u64 config2,
		      struct ia64_event *ev, const char **why);
bool ia64_event_qualifiable(const struct ia64_event *ev, u8 kind);
bool ia64_event_affected(const struct ia64_event *ev, u8 kind);
bool ia64_uses_debug_regs(u64 config1);
u8 ia64_plm(bool exclude_user, bool exclude_kernel);
int ia64_etb_config(u64 branch_sample_type, u8 plm,
		    const struct ia64_etb_filter *f, u64 *pmc39);
int ia64_branch_config(struct ia64_event *ev, bool branch_stack,
		       u64 branch_sample_type, const char **why);
bool ia64_qualifier_equal(const struct ia64_qualifier *a,
			  const struct ia64_qualifier *b);

/*
 * Events an instruction range in IBRP1 constrains, as their entries in 4.16
 * say: through IBRP1 alone (the prefetch events, whose range applies to the
 * prefetch's target, 3.3.5.2, and the L2I events), or through IBRP0 for
 * demand-fetched lines and IBRP1 for prefetched ones.
 */
static inline bool ia64_event_on_ibrp1(const struct ia64_event *ev)
{
	return ev->flags & (IA64_EV_IBRP1 | IA64_EV_IBRP0_1);
}

/* The event samples the trace buffer, as ETB or as IP-EAR. */
static inline bool ia64_event_uses_buffer(const struct ia64_event *ev)
{
	return ev->etb || ev->ipear;
}

static inline bool ia64_event_is_l1d(const struct ia64_event *ev)
{
	return ev->flags & IA64_EV_L1D_SET;
}

static inline bool ia64_event_is_l2d(const struct ia64_event *ev)
{
	return ev->flags & IA64_EV_L2D_SET;
}

/*
 * perf's generic hardware and cache events: the configs of the catalogue
 * events that count them.
 */
extern const struct pmu_generic_map ia64_generic;

#endif /* _IA64_EVENT_H */
