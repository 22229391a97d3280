// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 core PMU: raw event decoding and PCR values.
 *
 * perf_event_attr.config holds PCR.sl in bits 0-4 and PCR.mask in bits
 * 8-13 (t4-catalogue.h). The rules come from section 10.2 and TABLE 10-2:
 * which sl values exist, which mask bits each group uses and which
 * combinations of them it calls meaningful, which groups trap precisely,
 * and which count for every strand of the core.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/bsearch.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <uapi/linux/perf_event.h>

#include <pmu-suite/sparc_t4/regs.h>
#include "t4-catalogue.h"
#include "t4-event.h"

#define T4_CONFIG_VALID	(T4_RAW_SL | T4_RAW_MASK)

static int t4_catalogue_cmp(const void *key, const void *elt)
{
	const struct t4_catalogue_event *k = key, *e = elt;

	if (k->sl != e->sl)
		return k->sl < e->sl ? -1 : 1;
	return k->mask < e->mask ? -1 : k->mask > e->mask;
}

/* The generator sorts the catalogue by sl, then mask. */
static const struct t4_catalogue_event *t4_catalogue_find(unsigned int sl,
							  unsigned int mask)
{
	const struct t4_catalogue_event key = { .sl = sl, .mask = mask };

	return bsearch(&key, t4_catalogue, T4_CATALOGUE_NR,
		       sizeof(key), t4_catalogue_cmp);
}

/*
 * Whether (@sl, @mask) counts other strands' events too. A mask bit with
 * a named event of its own takes that event's flag; a bit without one
 * (combinations only) takes the group's.
 */
static bool t4_event_shared(const struct t4_sl_group *g, unsigned int mask)
{
	const struct t4_catalogue_event *e = t4_catalogue_find(g->sl, mask);
	unsigned int bit;

	if (e)
		return !(e->flags & T4_EV_STRAND);
	for (bit = 0; bit < 6; bit++) {
		if (!(mask & BIT(bit)))
			continue;
		e = t4_catalogue_find(g->sl, BIT(bit));
		if (e ? !(e->flags & T4_EV_STRAND) : !(g->flags & T4_SL_STRAND))
			return true;
	}
	return false;
}

/**
 * t4_event_decode() - decode and validate a raw sparc_t4 config
 * @config: perf_event_attr.config
 * @ev: filled with sl, mask and the group's properties
 * @why: set to the reason when the config is refused
 *
 * Refused with -EINVAL: bits outside the sl and mask fields, sl 0
 * (counting disabled), sl values TABLE 10-2 reserves or does not define,
 * mask bits the group does not use, an empty mask where the group needs
 * one, and combinations the table does not call meaningful.
 *
 * Return: 0 or -EINVAL.
 */
int t4_event_decode(u64 config, struct t4_event *ev, const char **why)
{
	unsigned int sl = T4_CONFIG_SL(config), mask = T4_CONFIG_MASK(config);
	const struct t4_sl_group *g;

	*why = NULL;
	if (config & ~T4_CONFIG_VALID) {
		*why = "bits outside sl and mask";
		return -EINVAL;
	}
	g = t4_sl_group_find(sl);
	if (!g) {
		*why = sl ? "reserved or undefined sl" : "sl 0 counts nothing";
		return -EINVAL;
	}
	/*
	 * sl 26 ignores the mask; a non-zero one would only make a second
	 * name for the same event.
	 */
	if (mask & ~g->valid_mask) {
		*why = "mask bits outside the group";
		return -EINVAL;
	}
	if (!mask && !(g->flags & T4_SL_MASK_IGNORED)) {
		*why = "empty mask counts nothing";
		return -EINVAL;
	}
	if (!(g->flags & (T4_SL_COMBINE_ANY | T4_SL_MASK_IGNORED)) &&
	    !(g->accepted_masks & BIT_ULL(mask))) {
		*why = "mask combination the manual does not call useful";
		return -EINVAL;
	}
	*ev = (struct t4_event) {
		.sl = sl,
		.mask = mask,
		.precise = g->flags & T4_SL_PRECISE,
		.shared = t4_event_shared(g, mask),
	};
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(t4_event_decode);

/**
 * t4_event_check_attr() - decode an event with its perf attributes
 * @attr: the event's attributes (config already stripped of a PMU type)
 * @ev: filled as by t4_event_decode(), plus the privilege filters
 * @why: set to the reason when the event is refused
 *
 * exclude_user, exclude_kernel and exclude_hv clear PCR.ut, st and ht.
 * What the hardware cannot honour is refused with -EOPNOTSUPP:
 * precise_ip on a group that traps imprecisely; counting hyperprivileged
 * events in a precise group, since its overflow trap is then never raised
 * (footnote 2 of TABLE 10-1) and the 32-bit counter's wraps, or the
 * samples, would be lost; privilege filters on events shared by the
 * core's strands, which filter on the counting strand's mode, not on the
 * mode of the strand that caused the event (note 13); exclude_idle and
 * exclude_host, which the PCR cannot express; and no privilege level at
 * all. config1 may hold T4_CONFIG1_RDPMC only, config2 nothing (-EINVAL).
 *
 * Return: 0, -EINVAL or -EOPNOTSUPP.
 */
int t4_event_check_attr(const struct perf_event_attr *attr,
			struct t4_event *ev, const char **why)
{
	int ret = t4_event_decode(attr->config, ev, why);

	if (ret)
		return ret;
	if ((attr->config1 & ~T4_CONFIG1_RDPMC) || attr->config2) {
		*why = "config1 bits other than rdpmc, or config2";
		return -EINVAL;
	}
	ev->user_read = attr->config1 & T4_CONFIG1_RDPMC;
	ev->ut = !attr->exclude_user;
	ev->st = !attr->exclude_kernel;
	ev->ht = !attr->exclude_hv;
	if (attr->exclude_idle || attr->exclude_host) {
		*why = "the PCR cannot tell idle or host time";
		return -EOPNOTSUPP;
	}
	if (!ev->ut && !ev->st && !ev->ht) {
		*why = "every privilege level excluded";
		return -EOPNOTSUPP;
	}
	if (attr->precise_ip && !ev->precise) {
		*why = "the group's overflow trap is not precise";
		return -EOPNOTSUPP;
	}
	if (ev->precise && ev->ht) {
		*why = "precise groups raise no overflow trap with PCR.ht";
		return -EOPNOTSUPP;
	}
	if (ev->shared && !(ev->ut && ev->st && ev->ht)) {
		*why = "events shared by the core's strands cannot be filtered";
		return -EOPNOTSUPP;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(t4_event_check_attr);

/**
 * t4_pcr_enable() - PCR value that counts @ev and traps on overflow
 * @ev: a checked event
 *
 * toe is always set: the PIC is 32 bits wide, and its wrap must reach the
 * driver for counting events as well as for samples. picnpt keeps user
 * code from reading the PIC; picnht is clear so that the kernel reads it
 * through ASI 0xB0. ov and ntc are written as zero, which clears them.
 */
u64 t4_pcr_enable(const struct t4_event *ev)
{
	return FIELD_PREP(T4_PCR_SL, ev->sl) |
	       FIELD_PREP(T4_PCR_MASK, ev->mask) |
	       (ev->ut ? T4_PCR_UT : 0) | (ev->st ? T4_PCR_ST : 0) |
	       (ev->ht ? T4_PCR_HT : 0) | T4_PCR_TOE | T4_PCR_PICNPT;
}
EXPORT_SYMBOL_IF_KUNIT(t4_pcr_enable);

/**
 * t4_pcr_stopped() - PCR value of a counter that counts nothing
 *
 * Step 1 of section 10.2's sequence: sl 0 with ut, st and ht clear, so
 * the write itself cannot overflow the PIC; it also clears ov and ntc.
 */
u64 t4_pcr_stopped(void)
{
	return T4_PCR_PICNPT;
}
EXPORT_SYMBOL_IF_KUNIT(t4_pcr_stopped);

/**
 * t4_pcr_user_access() - @pcr with its PIC open to user code or not
 * @pcr: a PCR value of the glue
 * @readable: user code may read the PIC: its event asked and counts the
 *	task now running
 *
 * picnpt clear lets non-privileged code load the PIC through ASI 0xB0
 * (picnht is clear in every value of the glue); set, such a load takes a
 * privileged_action trap (TABLE 10-1).
 *
 * Return: @pcr with picnpt clear if @readable, else set.
 */
u64 t4_pcr_user_access(u64 pcr, bool readable)
{
	return readable ? pcr & ~T4_PCR_PICNPT : pcr | T4_PCR_PICNPT;
}
EXPORT_SYMBOL_IF_KUNIT(t4_pcr_user_access);

/**
 * t4_pcr_counting() - whether a PCR value counts anything
 * @pcr: the value
 */
bool t4_pcr_counting(u64 pcr)
{
	return FIELD_GET(T4_PCR_SL, pcr) && (pcr & T4_PCR_TRACE);
}
EXPORT_SYMBOL_IF_KUNIT(t4_pcr_counting);

/**
 * t4_pcr_hw_write() - the PCR after software writes it
 * @old: the PCR before the write
 * @value: the value written
 * @write_overflows: the write itself makes the PIC wrap (it counts an
 *	event of the write, in hyperprivileged mode, with the PIC at
 *	0xffffffff)
 *
 * All fields but ntc and ov take the written value; those two can be
 * cleared but never set by a write. When the write overflows the PIC,
 * hardware sets ov again even though the write cleared it: the quirk of
 * section 10.2 that makes software clear ov with counting stopped.
 *
 * Return: the PCR value after the write.
 */
u64 t4_pcr_hw_write(u64 old, u64 value, bool write_overflows)
{
	u64 pcr = (value & ~(T4_PCR_STATUS | T4_PCR_RESERVED)) |
		  (old & value & T4_PCR_STATUS);

	if (write_overflows)
		pcr |= T4_PCR_OV;
	return pcr;
}
EXPORT_SYMBOL_IF_KUNIT(t4_pcr_hw_write);

/**
 * t4_pic_preload_races() - whether a PIC value hits the sl 28 race
 * @sl: PCR.sl
 * @mask: PCR.mask
 * @pic: the PIC value to be written
 *
 * For sl 28 with mask 1, 2 or 3, a PIC at -1, -2 or -3 increments within
 * two cycles of the PCR write, and a PCR write in that window loses ov
 * (programming note on sl 28). The note predates the other sl 28 masks
 * (known from Solaris only); they count commit cycles too, so the rule
 * holds for every mask.
 */
bool t4_pic_preload_races(unsigned int sl, unsigned int mask, u32 pic)
{
	return sl == 28 && mask && pic >= (u32)-3;
}
EXPORT_SYMBOL_IF_KUNIT(t4_pic_preload_races);

/**
 * t4_pic_start() - PIC value to start @ev from
 * @ev: the event
 * @start: the value wanted, for a wrap after 2^32 - @start events
 *
 * Values the sl 28 race forbids become -4: the overflow comes a few
 * events late, which the period arithmetic absorbs as skid.
 *
 * Return: the value to write.
 */
u64 t4_pic_start(const struct t4_event *ev, u64 start)
{
	if (t4_pic_preload_races(ev->sl, ev->mask, start))
		return (u32)-4;
	return (u32)start;
}
EXPORT_SYMBOL_IF_KUNIT(t4_pic_start);

/**
 * t4_sample_ip() - address of the instruction that overflowed the PIC
 * @pc: where the interrupted code resumes
 * @pcr: the PCR read at the overflow
 *
 * A precise trap stops before the overflowing instruction, so @pc names
 * it, unless PCR.ntc says it was a next-to-commit instruction that has
 * already executed; the trap then returns with DONE, past it. The
 * next-to-commit instructions (footnote 1 of TABLE 10-1) are not control
 * transfers, so outside a delay slot the instruction is the one before.
 *
 * Return: the sample's instruction address.
 */
unsigned long t4_sample_ip(unsigned long pc, u64 pcr)
{
	return pcr & T4_PCR_NTC ? pc - 4 : pc;
}
EXPORT_SYMBOL_IF_KUNIT(t4_sample_ip);
