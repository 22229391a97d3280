// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: the branch history rolling buffer (BHRB) as perf's
 * branch stack.
 *
 * MMCRA's filters (A.3) keep kinds of taken branch out of the BHRB: FD
 * direct ones, FU unconditional ones, FC calls, FR returns and FJ jumps;
 * IFM 01 keeps out jumps and returns, leaving calls. The guide's text for
 * IFM 10 and 11 is lost in its OCR, so those modes are never used. A set
 * of perf branch types is applied when some combination of the F bits
 * records exactly those branches, found by trying all 32 over every kind
 * of branch; any other set is refused, never approximated.
 *
 * An entry holds a branch's address; an XL-form branch (bclr, bcctr,
 * bctar) has its target in a second, newer entry marked T. The target of
 * an I- or B-form branch is in the instruction, which the reader fetches.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>

#include <pmu-suite/power9/regs.h>
#include "p9-bhrb.h"

#define P9_OP_BC		16
#define P9_OP_B			18
#define P9_OP_XL		19
#define P9_XO_BCLR		16
#define P9_XO_BCCTR		528
#define P9_XO_BCTAR		560
/* BO bits 0 and 2 set: neither the CR bit nor CTR is tested */
#define P9_BO_ALWAYS		0x14

/**
 * p9_branch_decode() - what kind of branch an instruction is
 * @insn: the instruction word
 * @addr: its address
 * @kind: set to its P9_BR_* bits
 * @target: set to its target for I- and B-form branches, else 0
 *
 * Return: false when @insn is no branch the BHRB records.
 */
bool p9_branch_decode(u32 insn, u64 addr, u8 *kind, u64 *target)
{
	bool lk = insn & 1, aa = insn & 2;
	unsigned int bo = (insn >> 21) & 0x1f;
	s64 disp;

	*target = 0;
	switch (insn >> 26) {
	case P9_OP_B:
		disp = (s32)(insn << 6) >> 6 & ~3;
		*kind = lk ? P9_BR_CALL : P9_BR_JUMP;
		break;
	case P9_OP_BC:
		disp = (s16)(insn & 0xfffc);
		*kind = lk ? P9_BR_CALL : P9_BR_JUMP;
		if ((bo & P9_BO_ALWAYS) != P9_BO_ALWAYS)
			*kind |= P9_BR_COND;
		break;
	case P9_OP_XL:
		switch ((insn >> 1) & 0x3ff) {
		case P9_XO_BCLR:
			*kind = lk ? P9_BR_CALL : P9_BR_RETURN;
			break;
		case P9_XO_BCCTR:
		case P9_XO_BCTAR:
			*kind = lk ? P9_BR_CALL : P9_BR_JUMP;
			break;
		default:
			return false;
		}
		*kind |= P9_BR_INDIRECT;
		if ((bo & P9_BO_ALWAYS) != P9_BO_ALWAYS)
			*kind |= P9_BR_COND;
		return true;
	default:
		return false;
	}
	*target = aa ? (u64)disp : addr + disp;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(p9_branch_decode);

/**
 * p9_branch_perf_type() - perf's branch type (PERF_BR_*) of a kind
 * @kind: P9_BR_* bits
 */
int p9_branch_perf_type(u8 kind)
{
	bool ind = kind & P9_BR_INDIRECT, cond = kind & P9_BR_COND;

	if (kind & P9_BR_CALL)
		return ind ? PERF_BR_IND_CALL : cond ? PERF_BR_COND_CALL :
		       PERF_BR_CALL;
	if (kind & P9_BR_RETURN)
		return cond ? PERF_BR_COND_RET : PERF_BR_RET;
	return ind ? PERF_BR_IND : cond ? PERF_BR_COND : PERF_BR_UNCOND;
}
EXPORT_SYMBOL_IF_KUNIT(p9_branch_perf_type);

/**
 * p9_bhrb_records() - whether MMCRA's filters let a branch into the BHRB
 * @mmcra: MMCRA (its BHRB bits)
 * @kind: the branch's P9_BR_* bits
 */
bool p9_bhrb_records(u64 mmcra, u8 kind)
{
	unsigned int ifm = FIELD_GET(P9_MMCRA_IFM, mmcra);

	if (ifm == P9_MMCRA_IFM_CALLS && (kind & (P9_BR_JUMP | P9_BR_RETURN)))
		return false;
	return !((mmcra & P9_MMCRA_BHRB_FD) && !(kind & P9_BR_INDIRECT)) &&
	       !((mmcra & P9_MMCRA_BHRB_FU) && !(kind & P9_BR_COND)) &&
	       !((mmcra & P9_MMCRA_BHRB_FC) && (kind & P9_BR_CALL)) &&
	       !((mmcra & P9_MMCRA_BHRB_FR) && (kind & P9_BR_RETURN)) &&
	       !((mmcra & P9_MMCRA_BHRB_FJ) && (kind & P9_BR_JUMP));
}
EXPORT_SYMBOL_IF_KUNIT(p9_bhrb_records);

/* Every kind of taken branch there is: a return is always indirect. */
static const u8 p9_branch_kinds[] = {
	P9_BR_CALL, P9_BR_CALL | P9_BR_COND,
	P9_BR_CALL | P9_BR_INDIRECT, P9_BR_CALL | P9_BR_INDIRECT | P9_BR_COND,
	P9_BR_RETURN | P9_BR_INDIRECT,
	P9_BR_RETURN | P9_BR_INDIRECT | P9_BR_COND,
	P9_BR_JUMP, P9_BR_JUMP | P9_BR_COND,
	P9_BR_JUMP | P9_BR_INDIRECT, P9_BR_JUMP | P9_BR_INDIRECT | P9_BR_COND,
};

/* Whether perf's branch types @types take a branch of kind @kind. */
static bool p9_branch_wanted(u64 types, u8 kind)
{
	bool call = kind & P9_BR_CALL, ind = kind & P9_BR_INDIRECT;

	return (types & PERF_SAMPLE_BRANCH_ANY) ||
	       ((types & PERF_SAMPLE_BRANCH_ANY_CALL) && call) ||
	       ((types & PERF_SAMPLE_BRANCH_CALL) && call && !ind) ||
	       ((types & PERF_SAMPLE_BRANCH_IND_CALL) && call && ind) ||
	       ((types & PERF_SAMPLE_BRANCH_ANY_RETURN) &&
		(kind & P9_BR_RETURN)) ||
	       ((types & PERF_SAMPLE_BRANCH_IND_JUMP) &&
		(kind & P9_BR_JUMP) && ind) ||
	       ((types & PERF_SAMPLE_BRANCH_COND) && (kind & P9_BR_COND));
}

/* The F bits, in the order of their MMCRA bits (FD first) */
static u64 p9_bhrb_f_bits(unsigned int f)
{
	return (f & 1 ? P9_MMCRA_BHRB_FD : 0) | (f & 2 ? P9_MMCRA_BHRB_FU : 0) |
	       (f & 4 ? P9_MMCRA_BHRB_FC : 0) | (f & 8 ? P9_MMCRA_BHRB_FR : 0) |
	       (f & 16 ? P9_MMCRA_BHRB_FJ : 0);
}

/* perf's branch types the BHRB may be asked for, and what modifies them */
#define P9_BRANCH_TYPES		(PERF_SAMPLE_BRANCH_ANY |		\
				 PERF_SAMPLE_BRANCH_ANY_CALL |		\
				 PERF_SAMPLE_BRANCH_CALL |		\
				 PERF_SAMPLE_BRANCH_IND_CALL |		\
				 PERF_SAMPLE_BRANCH_ANY_RETURN |	\
				 PERF_SAMPLE_BRANCH_IND_JUMP |		\
				 PERF_SAMPLE_BRANCH_COND)
#define P9_BRANCH_MODIFIERS	(PERF_SAMPLE_BRANCH_PLM_ALL |		\
				 PERF_SAMPLE_BRANCH_NO_FLAGS |		\
				 PERF_SAMPLE_BRANCH_NO_CYCLES |		\
				 PERF_SAMPLE_BRANCH_TYPE_SAVE |		\
				 PERF_SAMPLE_BRANCH_HW_INDEX |		\
				 PERF_SAMPLE_BRANCH_PRIV_SAVE)

/**
 * p9_bhrb_filter() - MMCRA's BHRB bits for perf's branch_sample_type
 * @branch_sample_type: perf_event_attr.branch_sample_type
 * @mmcra: set to the MMCRA bits (P9_MMCRA_BHRB_BITS) that record exactly
 *	the branches asked for
 * @why: set to the reason on failure
 *
 * The privilege bits are applied when the entries are read (the freeze
 * conditions and p9_bhrb_decode()); the other modifiers ask for nothing
 * the hardware does.
 *
 * Return: 0, or -EOPNOTSUPP for a request the filters cannot make exact
 * (direct calls alone, transactions, call stacks, event counts).
 */
int p9_bhrb_filter(u64 branch_sample_type, u64 *mmcra, const char **why)
{
	u64 types = branch_sample_type & P9_BRANCH_TYPES;
	unsigned int f, k, best_bits = ~0U;
	bool found = false;

	if (branch_sample_type & ~(P9_BRANCH_TYPES | P9_BRANCH_MODIFIERS)) {
		*why = "a branch filter the BHRB lacks (transactions, call stack, counters)";
		return -EOPNOTSUPP;
	}
	for (f = 0; f < 32; f++) {
		for (k = 0; k < ARRAY_SIZE(p9_branch_kinds); k++)
			if (p9_bhrb_records(p9_bhrb_f_bits(f),
					    p9_branch_kinds[k]) !=
			    p9_branch_wanted(types, p9_branch_kinds[k]))
				break;
		if (k < ARRAY_SIZE(p9_branch_kinds) ||
		    hweight32(f) >= best_bits)
			continue;
		best_bits = hweight32(f);
		*mmcra = p9_bhrb_f_bits(f);
		found = true;
	}
	if (!found) {
		*why = "a set of branch types no MMCRA filter records exactly";
		return -EOPNOTSUPP;
	}
	/* Calls alone: the mode the architecture has for it. */
	if (*mmcra == (P9_MMCRA_BHRB_FR | P9_MMCRA_BHRB_FJ))
		*mmcra = FIELD_PREP(P9_MMCRA_IFM, P9_MMCRA_IFM_CALLS);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(p9_bhrb_filter);

/* Whether @r may show an entry touching @addr (0: none). */
static bool p9_bhrb_shown(const struct p9_bhrb_reader *r, u64 addr)
{
	if (!addr)
		return true;
	return addr >= r->kernel_base ? r->kernel : r->user;
}

/**
 * p9_bhrb_decode() - turn BHRB entries into perf branch entries
 * @raw: the entries, newest first, as mfbhrbe reads them
 * @n: how many were read
 * @r: how to read instructions, and whose branches may be shown
 * @out: at least @n entries
 *
 * Entries that touch an address @r may not show are left out, as are a
 * target whose branch was overwritten and entries without an address.
 *
 * Return: the number of entries in @out, newest first.
 */
unsigned int p9_bhrb_decode(const u64 *raw, unsigned int n,
			    const struct p9_bhrb_reader *r,
			    struct perf_branch_entry *out)
{
	unsigned int i = 0, nr = 0;

	while (i < n && raw[i]) {
		u64 v = raw[i++], from, to = 0, target;
		bool mispred = v & P9_BHRB_MISPRED;
		int type = PERF_BR_UNKNOWN;
		u32 insn;
		u8 kind;

		if (v & P9_BHRB_TARGET) {
			/* The branch is the next, older entry. */
			if (i == n || !raw[i] || (raw[i] & P9_BHRB_TARGET))
				continue;
			to = v & P9_BHRB_EA;
			mispred |= raw[i] & P9_BHRB_MISPRED;
			v = raw[i++];
		}
		from = v & P9_BHRB_EA;
		if (!from || !p9_bhrb_shown(r, from) || !p9_bhrb_shown(r, to))
			continue;
		if (r->fetch(r->arg, from, &insn) &&
		    p9_branch_decode(insn, from, &kind, &target)) {
			type = p9_branch_perf_type(kind);
			if (!to)
				to = target;
		}
		if (!p9_bhrb_shown(r, to))
			continue;
		out[nr++] = (struct perf_branch_entry) {
			.from = from,
			.to = to,
			.mispred = mispred,
			.predicted = !mispred,
			.type = type,
			.priv = from >= r->kernel_base ? PERF_BR_PRIV_KERNEL :
				PERF_BR_PRIV_USER,
		};
	}
	return nr;
}
EXPORT_SYMBOL_IF_KUNIT(p9_bhrb_decode);
