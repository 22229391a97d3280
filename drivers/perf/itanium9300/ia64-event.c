// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: decoding and checking perf configurations.
 *
 * Every field is checked against the catalogue and chapter 3: the event
 * code and unit mask must be a row of the catalogue (reserved unit masks
 * are not), a threshold must be below the event's maximum increment per
 * cycle or nothing would ever count, .all and MESI only where the event
 * supports them, the EAR fields only on the two EAR events and only with
 * values the EAR tables define, and a qualification only on events whose
 * I A R / D A R / O P C column says Y, and only what their tag channel
 * can apply.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>

#include <linux/perf_event.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-event.h"

/* The order of ia64_catalogue_sorted[]: code, then unit mask. */
static u16 ia64_catalogue_key(u8 code, u8 umask)
{
	return (u16)code << 8 | umask;
}

/*
 * The first position of ia64_catalogue_sorted[] whose row's key is not
 * below @key: a binary search, as decoding runs at every event_init()
 * and at every add() of the event to the PMU.
 */
static unsigned int ia64_catalogue_lower_bound(u16 key)
{
	unsigned int lo = 0, hi = IA64_CATALOGUE_SORTED_NR;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		const struct ia64_catalogue_event *c =
			&ia64_catalogue[ia64_catalogue_sorted[mid]];

		if (ia64_catalogue_key(c->code, c->umask) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/**
 * ia64_catalogue_find() - the catalogue row of an event code and unit mask
 * @code: PMC.es
 * @umask: PMC.umask
 *
 * Return: the first row with both, or NULL.
 */
const struct ia64_catalogue_event *ia64_catalogue_find(u8 code, u8 umask)
{
	unsigned int i = ia64_catalogue_lower_bound(ia64_catalogue_key(code, umask));
	const struct ia64_catalogue_event *c;

	if (i == IA64_CATALOGUE_SORTED_NR)
		return NULL;
	c = &ia64_catalogue[ia64_catalogue_sorted[i]];
	return c->code == code && c->umask == umask ? c : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_catalogue_find);

static bool ia64_code_known(u8 code)
{
	unsigned int i = ia64_catalogue_lower_bound(ia64_catalogue_key(code, 0));

	return i < IA64_CATALOGUE_SORTED_NR &&
	       ia64_catalogue[ia64_catalogue_sorted[i]].code == code;
}

/*
 * Table 3-15, instruction EAR thresholds in cache mode. The OCR of the
 * table lost rows and misaligned others (">=2048" beside a dash, no
 * ">=64" or ">=512"); what it does show is a run of ones from bit 7 down,
 * plus 01xxxxxx for every miss and 00000000 for RAB hits, so exactly
 * those patterns are accepted.
 */
static bool ia64_iear_cache_umask_ok(u8 umask)
{
	unsigned int ones = hweight8(umask);

	if (umask == 0 || (umask & 0xc0) == 0x40)
		return true;
	return ones && umask == (u8)(0xff << (8 - ones));
}

static int ia64_decode_ear(u64 config, struct ia64_event *ev, const char **why)
{
	u8 mode = FIELD_GET(IA64_CFG_EAR_MODE, config);
	u8 umask = FIELD_GET(IA64_CFG_EAR_UMASK, config);

	ev->ear_mode = mode;
	ev->ear_umask = umask;
	if (ev->code == IA64_CODE_DATA_EAR) {
		ev->ear = IA64_EAR_DATA;
		switch (mode) {
		case IA64_DEAR_MODE_CACHE:
			if (umask > 10) {
				*why = "data EAR thresholds 0xb-0xf capture nothing (Table 3-20)";
				return -EINVAL;
			}
			return 0;
		case IA64_DEAR_MODE_TLB:
			if (umask & ~0xeU) {
				*why = "data EAR TLB unit mask has bits 1-3 only (Table 3-22)";
				return -EINVAL;
			}
			if (!umask) {
				*why = "data EAR TLB unit mask 000x captures nothing";
				return -EINVAL;
			}
			return 0;
		case IA64_DEAR_MODE_ALAT:
			if (umask) {
				*why = "data EAR ALAT mode has no unit mask";
				return -EINVAL;
			}
			return 0;
		default:
			*why = "data EAR mode 3: use 2 for ALAT misses";
			return -EINVAL;
		}
	}
	if (ev->code == IA64_CODE_L1I_EAR) {
		ev->ear = IA64_EAR_INST;
		switch (mode) {
		case IA64_IEAR_MODE_CACHE:
			if (!ia64_iear_cache_umask_ok(umask)) {
				*why = "instruction EAR threshold not in Table 3-15";
				return -EINVAL;
			}
			return 0;
		case IA64_IEAR_MODE_TLB:
			if (!umask || umask > 7) {
				*why = "instruction EAR TLB unit mask is 1-7 (Table 3-17)";
				return -EINVAL;
			}
			return 0;
		default:
			*why = "instruction EAR mode is 0 (cache) or 1 (TLB)";
			return -EINVAL;
		}
	}
	if (mode || umask) {
		*why = "ear_mode and ear_umask are for DATA_EAR_EVENTS and L1I_EAR_EVENTS";
		return -EINVAL;
	}
	return 0;
}

static int ia64_decode_range(u64 config1, u64 config2, unsigned int lg_min,
			     struct ia64_qualifier *q, const char **why)
{
	q->range_lg = FIELD_GET(IA64_CFG1_RANGE_LG, config1);
	q->base = config2;
	if (config1 & (IA64_CFG1_OPC_MATCH | IA64_CFG1_OPC_MIFB)) {
		*why = "opcode fields given with an address range";
		return -EINVAL;
	}
	if (q->range_lg < lg_min || q->range_lg > IA64_RANGE_LG_MAX) {
		*why = "range_lg out of range (IAR: 4-56, DAR: 0-56)";
		return -EINVAL;
	}
	if (config2 & (BIT_ULL(q->range_lg) - 1)) {
		*why = "range base not aligned to the range size";
		return -EINVAL;
	}
	return 0;
}

/*
 * Fine mode (PMC38.fine, 3.3.5.1): IBRP0 and IBRP2 bound a range within
 * one 64 KiB window, and both bounds are exclusive: "IP(15:0) >
 * IBR0(15:0) and IP(15:0) < IBR4(15:0)". The user gives [base, base +
 * len); the lower limit programmed is base - 1, so a range cannot start
 * at the first bundle of a window.
 */
static int ia64_decode_fine_range(u64 config1, u64 config2,
				  struct ia64_qualifier *q, const char **why)
{
	u64 offset = config2 & (IA64_FINE_WINDOW - 1);

	q->fine = true;
	q->base = config2;
	q->len = FIELD_GET(IA64_CFG1_RANGE_LEN, config1);
	if (config1 & (IA64_CFG1_RANGE_LG | IA64_CFG1_OPC_MIFB |
		       (IA64_CFG1_OPC_MATCH & ~IA64_CFG1_RANGE_LEN))) {
		*why = "a fine range takes range_len, not range_lg or opcode fields";
		return -EINVAL;
	}
	if (!q->len || ((q->len | config2) & (IA64_BUNDLE_SIZE - 1))) {
		*why = "a fine range is whole bundles";
		return -EINVAL;
	}
	if (!offset) {
		*why = "a fine range cannot start a 64 KiB window (exclusive lower limit)";
		return -EINVAL;
	}
	if (offset + q->len > IA64_FINE_WINDOW) {
		*why = "a fine range must lie within one 64 KiB window";
		return -EINVAL;
	}
	return 0;
}

/*
 * What a tag channel other than 0 cannot do (3.3.5, 3.3.6): the DBRs and
 * PMC32.inv act on channel 0 alone, and in fine mode IBRP2 and IBRP3 are
 * the upper limits of ranges 0 and 1, so channels 2 and 3 have no range
 * of their own ("any event qualification based on address ranges 2 and 3
 * are not defined").
 */
static int ia64_check_channel(u64 config1, const struct ia64_event *ev,
			      const char **why)
{
	if (!ev->chan)
		return 0;
	if (ev->qual.kind == IA64_QUAL_DAR) {
		*why = "data ranges qualify tag channel 0 only";
		return -EOPNOTSUPP;
	}
	if (config1 & IA64_CFG1_RANGE_INV) {
		*why = "PMC32.inv inverts tag channel 0's range only";
		return -EOPNOTSUPP;
	}
	if ((config1 & IA64_CFG1_RANGE_FINE) && ev->chan > 1) {
		*why = "in fine mode IBRP2 and IBRP3 are limits of ranges 0 and 1";
		return -EOPNOTSUPP;
	}
	return 0;
}

static int ia64_decode_qual(u64 config1, u64 config2, struct ia64_event *ev,
			    const char **why)
{
	struct ia64_qualifier *q = &ev->qual;
	int ret;

	q->kind = FIELD_GET(IA64_CFG1_QUAL, config1);
	q->inv = config1 & IA64_CFG1_RANGE_INV;
	ev->combine = config1 & IA64_CFG1_COMBINE;
	if (q->kind == IA64_QUAL_NONE) {
		if (config1 || config2) {
			*why = "config1/config2 set without a qualification (qual)";
			return -EINVAL;
		}
		return 0;
	}
	if (!ia64_event_qualifiable(ev, q->kind)) {
		*why = "the event cannot be qualified this way (Table 4-44)";
		return -EOPNOTSUPP;
	}
	if (ev->all) {
		*why = "with .all the other thread's filters would have to match";
		return -EOPNOTSUPP;
	}
	ret = ia64_check_channel(config1, ev, why);
	if (ret)
		return ret;
	switch (q->kind) {
	case IA64_QUAL_OPC:
		if (config1 & (IA64_CFG1_RANGE_LG | IA64_CFG1_RANGE_INV |
			       IA64_CFG1_RANGE_FINE)) {
			*why = "range fields given with opcode matching";
			return -EINVAL;
		}
		if (config2 & ~IA64_CFG2_OPC_MASK) {
			*why = "opcode mask has 41 bits";
			return -EINVAL;
		}
		q->opc_match = FIELD_GET(IA64_CFG1_OPC_MATCH, config1);
		q->opc_mask = config2;
		q->mifb = FIELD_GET(IA64_CFG1_OPC_MIFB, config1);
		if (!q->mifb) {
			*why = "opcode matching with no instruction type matches nothing";
			return -EINVAL;
		}
		return 0;
	case IA64_QUAL_IAR:
		/*
		 * A range through IBRP1 (alone, or beside channel 0 for the
		 * events that take prefetched lines' ranges there) cannot be
		 * inverted, PMC32.inv being channel 0's. It may be fine: fine
		 * range 1 is IBRP1 and IBRP3, and "all events that could be
		 * qualified with IBRP1, now get qualified with" it (3.3.5.4).
		 */
		if (ia64_event_on_ibrp1(ev)) {
			if (config1 & IA64_CFG1_RANGE_INV) {
				*why = "ranges through IBRP1 are not inverted";
				return -EOPNOTSUPP;
			}
			q->ibrp1 = ev->flags & IA64_EV_IBRP1;
			if (q->ibrp1 && ev->combine) {
				*why = "a range through IBRP1 alone has nothing to combine with";
				return -EINVAL;
			}
		}
		if (config1 & IA64_CFG1_RANGE_FINE)
			return ia64_decode_fine_range(config1, config2, q, why);
		return ia64_decode_range(config1, config2, IA64_RANGE_LG_MIN_IAR,
					 q, why);
	default:
		if (config1 & (IA64_CFG1_RANGE_INV | IA64_CFG1_RANGE_FINE)) {
			*why = "range_inv and range_fine apply to instruction ranges only";
			return -EINVAL;
		}
		return ia64_decode_range(config1, config2, 0, q, why);
	}
}

/**
 * ia64_event_qualifiable() - whether a qualification kind applies to an event
 * @ev: a decoded event
 * @kind: an enum ia64_qual
 *
 * An event that is qualifiable by a kind is also affected by it when
 * another event programs its tag channel with it (3.2.3.1).
 */
bool ia64_event_qualifiable(const struct ia64_event *ev, u8 kind)
{
	switch (kind) {
	case IA64_QUAL_OPC:
		return ev->flags & IA64_EV_OPC;
	case IA64_QUAL_IAR:
		return ev->flags & IA64_EV_IAR;
	case IA64_QUAL_DAR:
		return ev->flags & IA64_EV_DAR;
	default:
		return true;
	}
}
EXPORT_SYMBOL_IF_KUNIT(ia64_event_qualifiable);

/**
 * ia64_uses_debug_regs() - whether a config1 programs IBR or DBR registers
 * @config1: the event's config1
 *
 * Instruction and data address ranges live in the debug registers, which
 * ptrace also gives to a traced task (see ia64_check()).
 */
bool ia64_uses_debug_regs(u64 config1)
{
	u8 kind = FIELD_GET(IA64_CFG1_QUAL, config1);

	return kind == IA64_QUAL_IAR || kind == IA64_QUAL_DAR;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_uses_debug_regs);

/**
 * ia64_event_affected() - whether a qualification of a channel changes a count
 * @ev: a decoded event
 * @kind: the kind of qualification programmed into @ev's tag channel
 *
 * A channel's qualification reaches every event able to take the kind
 * (3.2.3.1), except the events whose instruction range is IBRP1's alone
 * (3.3.5.2 and their 4.16 entries), which see the IBRP1 range only.
 */
bool ia64_event_affected(const struct ia64_event *ev, u8 kind)
{
	if (kind == IA64_QUAL_NONE)
		return false;
	/* Channel 0's instruction range does not reach IBRP1 events. */
	if (kind == IA64_QUAL_IAR && (ev->flags & IA64_EV_IBRP1))
		return false;
	return ia64_event_qualifiable(ev, kind);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_event_affected);

/**
 * ia64_plm() - PMC.plm for perf's exclude bits
 * @exclude_user: do not count at privilege level 3
 * @exclude_kernel: do not count at privilege level 0
 *
 * Linux runs at levels 0 and 3 only; levels 1 and 2 are never counted.
 */
u8 ia64_plm(bool exclude_user, bool exclude_kernel)
{
	return (exclude_user ? 0 : IA64_PLM_USER) |
	       (exclude_kernel ? 0 : IA64_PLM_KERNEL);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_plm);

/* The trace buffer's levels: the request's if it names any, else the event's. */
static u8 ia64_branch_plm(u64 branch_sample_type, u8 plm)
{
	u64 priv = branch_sample_type & PERF_SAMPLE_BRANCH_PLM_ALL;

	if (!(priv & (PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL)))
		return plm;
	return ia64_plm(!(priv & PERF_SAMPLE_BRANCH_USER),
			!(priv & PERF_SAMPLE_BRANCH_KERNEL));
}

/*
 * config's ETB filter fields. The IP-EAR ignores PMC39 (3.3.10), so they
 * need the ETB. Table 3-25 has no setting for the branches whose target
 * or whose path was mispredicted: ptm = ppm = 01 leaves the buffer empty
 * (3.3.10.1.1), and is refused.
 */
static int ia64_decode_etb_filter(u64 config, struct ia64_event *ev,
				  const char **why)
{
	struct ia64_etb_filter *f = &ev->etb_filter;

	f->tm = FIELD_GET(IA64_CFG_ETB_TM, config);
	f->ptm = FIELD_GET(IA64_CFG_ETB_PTM, config);
	f->ppm = FIELD_GET(IA64_CFG_ETB_PPM, config);
	f->iprel = config & IA64_CFG_ETB_IPREL;
	if ((config & IA64_CFG_ETB) && ev->use_ipear) {
		*why = "ETB filter with ipear";
		return -EINVAL;
	}
	if (f->ptm == IA64_ETB_MASK_NO && f->ppm == IA64_ETB_MASK_NO) {
		*why = "etb_ptm and etb_ppm both 1: the ETB captures nothing";
		return -EINVAL;
	}
	return 0;
}

/**
 * ia64_etb_config() - PMC39 for a branch stack request
 * @branch_sample_type: perf_event_attr.branch_sample_type
 * @plm: the event's privilege levels, used when the request names none
 * @f: config's ETB filter fields, checked by ia64_event_decode()
 * @pmc39: set to the value that captures the requested branches
 *
 * The branch type comes from @branch_sample_type, as brt (Table 3-25):
 * all, returns only, or the non-return indirect branches. perf has no
 * filter that is exactly brt = 01 (IP-relative branches: conditional and
 * direct branches, calls and loops alike), so config's etb_iprel asks for
 * it, and only with PERF_SAMPLE_BRANCH_ANY. tm, ptm and ppm come from
 * config, 0 meaning taken branches (tm = 10) whatever their prediction
 * (ptm = ppm = 11).
 *
 * Return: 0, -EOPNOTSUPP for a filter the ETB does not have, or -EINVAL
 * for etb_iprel with a type filter other than PERF_SAMPLE_BRANCH_ANY.
 */
int ia64_etb_config(u64 branch_sample_type, u8 plm,
		    const struct ia64_etb_filter *f, u64 *pmc39)
{
	u64 type = branch_sample_type & ~PERF_SAMPLE_BRANCH_PLM_ALL;
	u64 brt;

	if (type == PERF_SAMPLE_BRANCH_ANY)
		brt = f->iprel ? IA64_BRT_IPREL : IA64_BRT_ALL;
	else if (type == PERF_SAMPLE_BRANCH_ANY_RETURN)
		brt = IA64_BRT_RETURN;
	else if (type == (PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP))
		brt = IA64_BRT_INDIRECT;
	else
		return -EOPNOTSUPP;
	if (f->iprel && brt != IA64_BRT_IPREL)
		return -EINVAL;
	plm = ia64_branch_plm(branch_sample_type, plm);
	if (!plm)
		return -EOPNOTSUPP;
	*pmc39 = FIELD_PREP(IA64_ETB_PLM, plm) | IA64_ETB_PM |
		 FIELD_PREP(IA64_ETB_TM, f->tm ? f->tm : IA64_ETB_MASK_YES) |
		 FIELD_PREP(IA64_ETB_PTM, f->ptm ? f->ptm : IA64_ETB_MASK_BOTH) |
		 FIELD_PREP(IA64_ETB_PPM, f->ppm ? f->ppm : IA64_ETB_MASK_BOTH) |
		 FIELD_PREP(IA64_ETB_BRT, brt);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_etb_config);

/**
 * ia64_ipear_config() - PMC42 for a branch stack taken from the IP-EAR
 * @branch_sample_type: perf_event_attr.branch_sample_type
 * @plm: the event's privilege levels, used when the request names none
 * @delay: cycles the IP-EAR keeps capturing after the PMU freezes
 * @pmc42: set to the value that puts the trace buffer in IP-EAR mode
 *
 * In IP-EAR mode (3.3.10.2) the trace buffer records every retired IP
 * with the cycles since the previous one, whatever the instruction: it
 * cannot filter by branch type, so only PERF_SAMPLE_BRANCH_ANY is taken.
 *
 * Return: 0, or -EOPNOTSUPP for a filter the IP-EAR does not have.
 */
static int ia64_ipear_config(u64 branch_sample_type, u8 plm, u8 delay,
			     u64 *pmc42)
{
	u64 type = branch_sample_type & ~PERF_SAMPLE_BRANCH_PLM_ALL;

	if (type != PERF_SAMPLE_BRANCH_ANY)
		return -EOPNOTSUPP;
	plm = ia64_branch_plm(branch_sample_type, plm);
	if (!plm)
		return -EOPNOTSUPP;
	*pmc42 = FIELD_PREP(IA64_IPEAR_PLM, plm) | IA64_IPEAR_PM |
		 FIELD_PREP(IA64_IPEAR_MODE, IA64_IPEAR_MODE_IPEAR) |
		 FIELD_PREP(IA64_IPEAR_DELAY, delay);
	return 0;
}

/**
 * ia64_branch_config() - set up the trace buffer for a decoded event
 * @ev: the event, decoded with its privilege levels
 * @branch_stack: the event samples the branch stack
 * @branch_sample_type: perf_event_attr.branch_sample_type
 * @why: set to the reason on failure
 *
 * Fills @ev->etb (ETB mode) or @ev->ipear (IP-EAR mode, config's ipear).
 *
 * Return: 0; -EINVAL for ipear or an ETB filter field without a branch
 * stack sample, or etb_iprel with a type filter other than any;
 * -EOPNOTSUPP for a branch filter the chosen mode does not have.
 */
int ia64_branch_config(struct ia64_event *ev, bool branch_stack,
		       u64 branch_sample_type, const char **why)
{
	const struct ia64_etb_filter *f = &ev->etb_filter;
	int ret;

	if (!branch_stack) {
		if (ev->use_ipear) {
			*why = "ipear without a branch stack sample";
			return -EINVAL;
		}
		if (f->tm || f->ptm || f->ppm || f->iprel) {
			*why = "ETB filter without a branch stack sample";
			return -EINVAL;
		}
		return 0;
	}
	if (ev->use_ipear)
		ret = ia64_ipear_config(branch_sample_type, ev->plm,
					ev->ipear_delay, &ev->ipear);
	else
		ret = ia64_etb_config(branch_sample_type, ev->plm, f, &ev->etb);
	if (ret == -EINVAL)
		*why = "etb_iprel with a branch type filter other than any";
	else if (ret)
		*why = ev->use_ipear ? "branch filter the IP-EAR does not have" :
		       "branch filter the trace buffer does not have";
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_branch_config);

/**
 * ia64_qualifier_equal() - whether two events ask for the same registers
 * @a: one qualification
 * @b: another
 */
bool ia64_qualifier_equal(const struct ia64_qualifier *a,
			  const struct ia64_qualifier *b)
{
	return a->kind == b->kind && a->inv == b->inv && a->mifb == b->mifb &&
	       a->range_lg == b->range_lg && a->opc_match == b->opc_match &&
	       a->opc_mask == b->opc_mask && a->base == b->base &&
	       a->fine == b->fine && a->len == b->len && a->ibrp1 == b->ibrp1;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_qualifier_equal);

/**
 * ia64_event_decode() - decode and check a perf configuration
 * @config: perf_event_attr.config
 * @config1: perf_event_attr.config1 (qualification)
 * @config2: perf_event_attr.config2 (opcode mask or range base)
 * @ev: filled with the decoded event
 * @why: set to a short reason when the configuration is refused
 *
 * Return: 0; -EINVAL for a configuration the manual does not define;
 * -EOPNOTSUPP for a qualification the event or the driver does not have.
 */
int ia64_event_decode(u64 config, u64 config1, u64 config2,
		      struct ia64_event *ev, const char **why)
{
	u8 mesi;

	*ev = (struct ia64_event) {};
	*why = "";
	if (config & ~IA64_CFG_VALID) {
		*why = "reserved config bits, or fields the driver sets (plm, ev, oi, pm, ism)";
		return -EINVAL;
	}
	if (config1 & ~IA64_CFG1_VALID) {
		*why = "reserved config1 bits";
		return -EINVAL;
	}
	ev->code = FIELD_GET(IA64_CFG_ES, config);
	ev->umask = FIELD_GET(IA64_CFG_UMASK, config);
	ev->cat = ia64_catalogue_find(ev->code, ev->umask);
	if (!ev->cat) {
		*why = ia64_code_known(ev->code) ?
		       "unit mask reserved or undefined for this event" :
		       "no event has this code (Table 4-44)";
		return -EINVAL;
	}
	ev->flags = ev->cat->flags;
	ev->set = ev->cat->set;
	/* Table 4-88: the unit mask of IA64_TAGGED_INST_RETIRED is the channel. */
	if (ev->code == IA64_CODE_INST_RETIRED)
		ev->chan = ev->umask;
	ev->threshold = FIELD_GET(IA64_CFG_THRESHOLD, config);
	if (ev->threshold && ev->threshold >= ev->cat->max_inc) {
		*why = "threshold not below the event's maximum increment per cycle";
		return -EINVAL;
	}
	ev->all = config & IA64_CFG_ALL;
	if (ev->all && (ev->flags & IA64_EV_NO_ALL)) {
		*why = "the event does not support .all";
		return -EINVAL;
	}
	mesi = FIELD_GET(IA64_CFG_MESI, config);
	if (ev->flags & IA64_EV_MESI) {
		/* Table 3-5: counting every occurrence needs all four bits. */
		ev->mesi = mesi ? mesi : 0xf;
	} else if (mesi) {
		*why = "MESI filtering on an event without it";
		return -EINVAL;
	}
	if (ia64_decode_ear(config, ev, why))
		return -EINVAL;
	ev->use_ipear = config & IA64_CFG_IPEAR;
	ev->ipear_delay = FIELD_GET(IA64_CFG_IPEAR_DELAY, config);
	if (ev->ipear_delay && !ev->use_ipear) {
		*why = "ipear_delay without ipear";
		return -EINVAL;
	}
	if (ia64_decode_etb_filter(config, ev, why))
		return -EINVAL;
	ev->qear_mc = FIELD_GET(IA64_CFG_QEAR_MC, config);
	ev->qear_thresh = FIELD_GET(IA64_CFG_QEAR_THRESH, config);
	if (ev->code != IA64_QEAR_CODE || ev->umask != IA64_QEAR_UMASK) {
		if (ev->qear_mc || ev->qear_thresh) {
			*why = "qear_mc or qear_thresh on an event other than cpe_cpp_misc.cear";
			return -EINVAL;
		}
	} else if (!ev->qear_mc) {
		ev->qear_mc = IA64_QEAR_MC_HOM | IA64_QEAR_MC_NCB |
			      IA64_QEAR_MC_NCS;
	}
	return ia64_decode_qual(config1, config2, ev, why);
}
EXPORT_SYMBOL_IF_KUNIT(ia64_event_decode);
