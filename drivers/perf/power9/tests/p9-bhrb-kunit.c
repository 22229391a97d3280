// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the POWER9 BHRB logic: what kind of branch an instruction
 * is, which MMCRA filters record exactly the branches perf asks for (all
 * 128 sets of branch types, against the guide's filter rules restated
 * here), and how entries become a branch stack. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>

#include <pmu-suite/power9/regs.h>
#include "p9-bhrb.h"

#define KBASE		0xc000000000000000ULL

/* Instruction words */
#define INSN_B_FWD	0x48000100	/* b .+0x100 */
#define INSN_B_BACK	0x4bfffffc	/* b .-4 */
#define INSN_BL		0x48000201	/* bl .+0x200 */
#define INSN_BA		0x48000102	/* ba 0x100 */
#define INSN_BEQ	0x41820008	/* beq .+8 */
#define INSN_BC_ALWAYS	0x42800010	/* bc 20,0,.+0x10 */
#define INSN_BDNZ	0x4200fff0	/* bdnz .-0x10 */
#define INSN_BEQL	0x41820009	/* beql .+8 */
#define INSN_BLR	0x4e800020
#define INSN_BLRL	0x4e800021
#define INSN_BEQLR	0x4d820020
#define INSN_BCTR	0x4e800420
#define INSN_BCTRL	0x4e800421
#define INSN_BCTAR	0x4e800460
#define INSN_NOP	0x60000000
#define INSN_ISYNC	0x4c00012c

static void p9_bhrb_branch_kinds(struct kunit *test)
{
	static const struct {
		u32 insn;
		u8 kind;
		s64 disp;	/* target - address; INT_MAX: absolute 0x100 */
	} rows[] = {
		{ INSN_B_FWD, P9_BR_JUMP, 0x100 },
		{ INSN_B_BACK, P9_BR_JUMP, -4 },
		{ INSN_BL, P9_BR_CALL, 0x200 },
		{ INSN_BA, P9_BR_JUMP, INT_MAX },
		{ INSN_BEQ, P9_BR_JUMP | P9_BR_COND, 8 },
		{ INSN_BC_ALWAYS, P9_BR_JUMP, 0x10 },
		{ INSN_BDNZ, P9_BR_JUMP | P9_BR_COND, -0x10 },
		{ INSN_BEQL, P9_BR_CALL | P9_BR_COND, 8 },
		{ INSN_BLR, P9_BR_RETURN | P9_BR_INDIRECT, 0 },
		{ INSN_BLRL, P9_BR_CALL | P9_BR_INDIRECT, 0 },
		{ INSN_BEQLR, P9_BR_RETURN | P9_BR_INDIRECT | P9_BR_COND, 0 },
		{ INSN_BCTR, P9_BR_JUMP | P9_BR_INDIRECT, 0 },
		{ INSN_BCTRL, P9_BR_CALL | P9_BR_INDIRECT, 0 },
		{ INSN_BCTAR, P9_BR_JUMP | P9_BR_INDIRECT, 0 },
	};
	const u64 addr = 0x10001000;
	unsigned int i;
	u64 target;
	u8 kind;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		u64 want = rows[i].disp == INT_MAX ? 0x100 :
			   rows[i].disp ? addr + rows[i].disp : 0;

		KUNIT_ASSERT_TRUE_MSG(test, p9_branch_decode(rows[i].insn, addr,
							     &kind, &target),
				      "row %u", i);
		KUNIT_EXPECT_EQ_MSG(test, kind, rows[i].kind, "row %u", i);
		KUNIT_EXPECT_EQ_MSG(test, target, want, "row %u", i);
	}
	KUNIT_EXPECT_FALSE(test, p9_branch_decode(INSN_NOP, addr, &kind,
						  &target));
	KUNIT_EXPECT_FALSE(test, p9_branch_decode(INSN_ISYNC, addr, &kind,
						  &target));
}

static void p9_bhrb_perf_types(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_CALL), PERF_BR_CALL);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_CALL | P9_BR_COND),
			PERF_BR_COND_CALL);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_CALL | P9_BR_INDIRECT),
			PERF_BR_IND_CALL);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_RETURN |
						  P9_BR_INDIRECT), PERF_BR_RET);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_RETURN | P9_BR_COND |
						  P9_BR_INDIRECT),
			PERF_BR_COND_RET);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_JUMP), PERF_BR_UNCOND);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_JUMP | P9_BR_COND),
			PERF_BR_COND);
	KUNIT_EXPECT_EQ(test, p9_branch_perf_type(P9_BR_JUMP | P9_BR_INDIRECT),
			PERF_BR_IND);
}

static const u64 p9_types[] = {
	PERF_SAMPLE_BRANCH_ANY, PERF_SAMPLE_BRANCH_ANY_CALL,
	PERF_SAMPLE_BRANCH_CALL, PERF_SAMPLE_BRANCH_IND_CALL,
	PERF_SAMPLE_BRANCH_ANY_RETURN, PERF_SAMPLE_BRANCH_IND_JUMP,
	PERF_SAMPLE_BRANCH_COND,
};

static void p9_bhrb_filter_values(struct kunit *test)
{
	const u64 fd = P9_MMCRA_BHRB_FD, fu = P9_MMCRA_BHRB_FU,
		  fc = P9_MMCRA_BHRB_FC, fr = P9_MMCRA_BHRB_FR,
		  fj = P9_MMCRA_BHRB_FJ;
	static const u64 bad[] = {
		PERF_SAMPLE_BRANCH_CALL,
		PERF_SAMPLE_BRANCH_COND | PERF_SAMPLE_BRANCH_ANY_CALL,
		PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_IN_TX,
		PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_NO_TX,
		PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_ABORT_TX,
		PERF_SAMPLE_BRANCH_ANY_CALL | PERF_SAMPLE_BRANCH_CALL_STACK,
		PERF_SAMPLE_BRANCH_ANY | BIT_ULL(19),	/* counters */
		PERF_SAMPLE_BRANCH_ANY | BIT_ULL(40),
	};
	const char *why;
	unsigned int i;
	u64 m;

	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_ANY |
					     PERF_SAMPLE_BRANCH_PLM_ALL |
					     PERF_SAMPLE_BRANCH_TYPE_SAVE |
					     PERF_SAMPLE_BRANCH_NO_CYCLES |
					     PERF_SAMPLE_BRANCH_NO_FLAGS |
					     PERF_SAMPLE_BRANCH_HW_INDEX |
					     PERF_SAMPLE_BRANCH_PRIV_SAVE,
					     &m, &why), 0);
	KUNIT_EXPECT_EQ(test, m, 0ULL);
	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_ANY_CALL, &m,
					     &why), 0);
	KUNIT_EXPECT_EQ(test, m, FIELD_PREP(P9_MMCRA_IFM, P9_MMCRA_IFM_CALLS));
	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_COND, &m,
					     &why), 0);
	KUNIT_EXPECT_EQ(test, m, fu);
	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_IND_CALL, &m,
					     &why), 0);
	KUNIT_EXPECT_EQ(test, m, fd | fr | fj);
	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_ANY_RETURN, &m,
					     &why), 0);
	KUNIT_EXPECT_EQ(test, m, fc | fj);
	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_IND_JUMP, &m,
					     &why), 0);
	KUNIT_EXPECT_EQ(test, m, fd | fc | fr);
	KUNIT_EXPECT_EQ(test, p9_bhrb_filter(PERF_SAMPLE_BRANCH_ANY_CALL |
					     PERF_SAMPLE_BRANCH_ANY_RETURN,
					     &m, &why), 0);
	KUNIT_EXPECT_EQ(test, m, fj);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		why = NULL;
		KUNIT_EXPECT_EQ_MSG(test, p9_bhrb_filter(bad[i], &m, &why),
				    -EOPNOTSUPP, "bad %u", i);
		KUNIT_EXPECT_NOT_NULL(test, why);
	}
}

/*
 * The guide's rules restated (A.3): the F bits each keep out one kind,
 * IFM 01 keeps out jumps and returns. Kinds: call/return/jump in bits
 * 0-2, indirect bit 3, conditional bit 4, as P9_BR_*.
 */
static bool ref_recorded(unsigned int f, bool ifm_calls, u8 kind)
{
	bool direct = !(kind & P9_BR_INDIRECT), uncond = !(kind & P9_BR_COND);

	if (ifm_calls && !(kind & P9_BR_CALL))
		return false;
	return !((f & 1) && direct) && !((f & 2) && uncond) &&
	       !((f & 4) && (kind & P9_BR_CALL)) &&
	       !((f & 8) && (kind & P9_BR_RETURN)) &&
	       !((f & 16) && (kind & P9_BR_JUMP));
}

static bool ref_wanted(u64 types, u8 kind)
{
	bool call = kind & P9_BR_CALL, ind = kind & P9_BR_INDIRECT;

	if (types & PERF_SAMPLE_BRANCH_ANY)
		return true;
	if ((types & PERF_SAMPLE_BRANCH_ANY_CALL) && call)
		return true;
	if ((types & PERF_SAMPLE_BRANCH_CALL) && call && !ind)
		return true;
	if ((types & PERF_SAMPLE_BRANCH_IND_CALL) && call && ind)
		return true;
	if ((types & PERF_SAMPLE_BRANCH_ANY_RETURN) && (kind & P9_BR_RETURN))
		return true;
	if ((types & PERF_SAMPLE_BRANCH_IND_JUMP) && (kind & P9_BR_JUMP) &&
	    ind)
		return true;
	return (types & PERF_SAMPLE_BRANCH_COND) && (kind & P9_BR_COND);
}

/* Every kind a real branch can be (returns are XL-form). */
static bool ref_kind_exists(u8 kind)
{
	return hweight8(kind & 7) == 1 &&
	       (!(kind & P9_BR_RETURN) || (kind & P9_BR_INDIRECT));
}

/* Whether MMCRA value @m records exactly @types, by the rules above */
static bool ref_exact(u64 m, u64 types)
{
	unsigned int f = (m & P9_MMCRA_BHRB_FD ? 1 : 0) |
			 (m & P9_MMCRA_BHRB_FU ? 2 : 0) |
			 (m & P9_MMCRA_BHRB_FC ? 4 : 0) |
			 (m & P9_MMCRA_BHRB_FR ? 8 : 0) |
			 (m & P9_MMCRA_BHRB_FJ ? 16 : 0);
	unsigned int ifm = FIELD_GET(P9_MMCRA_IFM, m);
	u8 kind;

	if (ifm > 1 || (m & ~P9_MMCRA_BHRB_BITS))
		return false;
	for (kind = 0; kind < 32; kind++)
		if (ref_kind_exists(kind) &&
		    ref_recorded(f, ifm == 1, kind) != ref_wanted(types, kind))
			return false;
	return true;
}

/* All 128 sets of types: accepted exactly when some setting is exact. */
static void p9_bhrb_filter_exhaustive(struct kunit *test)
{
	unsigned int set, f, accepted = 0;
	const char *why;

	for (set = 1; set < BIT(ARRAY_SIZE(p9_types)); set++) {
		u64 types = 0, m = ~0ULL;
		bool possible = false;
		unsigned int i;
		int ret;

		for (i = 0; i < ARRAY_SIZE(p9_types); i++)
			if (set & BIT(i))
				types |= p9_types[i];
		for (f = 0; f < 64; f++)
			possible |= ref_exact((f & 1 ? P9_MMCRA_BHRB_FD : 0) |
					      (f & 2 ? P9_MMCRA_BHRB_FU : 0) |
					      (f & 4 ? P9_MMCRA_BHRB_FC : 0) |
					      (f & 8 ? P9_MMCRA_BHRB_FR : 0) |
					      (f & 16 ? P9_MMCRA_BHRB_FJ : 0) |
					      (f & 32 ? FIELD_PREP(P9_MMCRA_IFM,
								   1) : 0),
					      types);
		ret = p9_bhrb_filter(types, &m, &why);
		KUNIT_EXPECT_EQ_MSG(test, ret, possible ? 0 : -EOPNOTSUPP,
				    "types %#llx", types);
		if (!ret) {
			KUNIT_EXPECT_TRUE_MSG(test, ref_exact(m, types),
					      "types %#llx mmcra %#llx", types,
					      m);
			accepted++;
		}
	}
	/* ANY alone and with anything: 64; the rest as listed above. */
	KUNIT_EXPECT_GT(test, accepted, 64U);
}

struct fetch_map {
	u64 addr;
	u32 insn;
};

static const struct fetch_map p9_text[] = {
	{ 0x10001000, INSN_BCTR },
	{ 0x10001100, INSN_BL },
	{ 0x10001200, INSN_BEQ },
	{ KBASE + 0x4000, INSN_BLR },
	{ 0x10001300, INSN_B_FWD },
	{ 0x10001400, INSN_BA },
	{}
};

static bool fetch(void *arg, u64 addr, u32 *insn)
{
	const struct fetch_map *m;

	for (m = arg; m->addr; m++)
		if (m->addr == addr) {
			*insn = m->insn;
			return true;
		}
	return false;
}

static void p9_bhrb_decode_entries(struct kunit *test)
{
	/* Newest first: bctr's target, bctr, bl, a kernel blr, beq. */
	const u64 raw[] = {
		0x10005000 | P9_BHRB_TARGET | P9_BHRB_MISPRED, 0x10001000,
		0x10001100, KBASE + 0x4000, 0x10001200 | P9_BHRB_MISPRED,
		0, 0x10001300,
	};
	struct p9_bhrb_reader r = {
		.fetch = fetch, .arg = (void *)p9_text, .kernel_base = KBASE,
		.user = true,
	};
	struct perf_branch_entry e[ARRAY_SIZE(raw)];
	unsigned int nr;

	nr = p9_bhrb_decode(raw, ARRAY_SIZE(raw), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 3U);
	KUNIT_EXPECT_EQ(test, e[0].from, 0x10001000ULL);
	KUNIT_EXPECT_EQ(test, e[0].to, 0x10005000ULL);
	KUNIT_EXPECT_EQ(test, (u64)e[0].mispred, 1ULL);
	KUNIT_EXPECT_EQ(test, (u64)e[0].predicted, 0ULL);
	KUNIT_EXPECT_EQ(test, (u64)e[0].type, (u64)PERF_BR_IND);
	KUNIT_EXPECT_EQ(test, (u64)e[0].priv, (u64)PERF_BR_PRIV_USER);
	KUNIT_EXPECT_EQ(test, e[1].from, 0x10001100ULL);
	KUNIT_EXPECT_EQ(test, e[1].to, 0x10001300ULL);
	KUNIT_EXPECT_EQ(test, (u64)e[1].type, (u64)PERF_BR_CALL);
	KUNIT_EXPECT_EQ(test, (u64)e[1].predicted, 1ULL);
	/* The kernel's blr is left out; the 0 ends the history. */
	KUNIT_EXPECT_EQ(test, e[2].from, 0x10001200ULL);
	KUNIT_EXPECT_EQ(test, e[2].to, 0x10001208ULL);
	KUNIT_EXPECT_EQ(test, (u64)e[2].type, (u64)PERF_BR_COND);
	KUNIT_EXPECT_EQ(test, (u64)e[2].mispred, 1ULL);

	r.kernel = true;
	nr = p9_bhrb_decode(raw, ARRAY_SIZE(raw), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 4U);
	KUNIT_EXPECT_EQ(test, e[2].from, KBASE + 0x4000);
	KUNIT_EXPECT_EQ(test, e[2].to, 0ULL);	/* its target was not kept */
	KUNIT_EXPECT_EQ(test, (u64)e[2].type, (u64)PERF_BR_RET);
	KUNIT_EXPECT_EQ(test, (u64)e[2].priv, (u64)PERF_BR_PRIV_KERNEL);

	r.user = false;
	nr = p9_bhrb_decode(raw, ARRAY_SIZE(raw), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 1U);
	KUNIT_EXPECT_EQ(test, e[0].from, KBASE + 0x4000);
}

static void p9_bhrb_decode_edges(struct kunit *test)
{
	struct p9_bhrb_reader r = {
		.fetch = fetch, .arg = (void *)p9_text, .kernel_base = KBASE,
		.user = true,
	};
	struct perf_branch_entry e[4];
	/* A target whose branch was overwritten, and two targets in a row */
	const u64 orphan[] = { 0x10001400, 0x10007000 | P9_BHRB_TARGET };
	const u64 twice[] = { 0x10007000 | P9_BHRB_TARGET,
			      0x10008000 | P9_BHRB_TARGET, 0x10001000 };
	/* A user branch to a kernel address, and an unreadable one */
	const u64 to_kernel[] = { KBASE | P9_BHRB_TARGET, 0x10001000,
				  0x10009000 };
	const u64 flags_only[] = { P9_BHRB_MISPRED, 0x10001300 };
	unsigned int nr;

	nr = p9_bhrb_decode(orphan, ARRAY_SIZE(orphan), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 1U);
	KUNIT_EXPECT_EQ(test, e[0].to, 0x100ULL);	/* ba 0x100 */

	nr = p9_bhrb_decode(twice, ARRAY_SIZE(twice), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 1U);
	KUNIT_EXPECT_EQ(test, e[0].from, 0x10001000ULL);
	KUNIT_EXPECT_EQ(test, e[0].to, 0x10008000ULL);

	nr = p9_bhrb_decode(to_kernel, ARRAY_SIZE(to_kernel), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 1U);
	KUNIT_EXPECT_EQ(test, e[0].from, 0x10009000ULL);
	KUNIT_EXPECT_EQ(test, e[0].to, 0ULL);
	KUNIT_EXPECT_EQ(test, (u64)e[0].type, (u64)PERF_BR_UNKNOWN);

	nr = p9_bhrb_decode(flags_only, ARRAY_SIZE(flags_only), &r, e);
	KUNIT_ASSERT_EQ(test, nr, 1U);
	KUNIT_EXPECT_EQ(test, e[0].from, 0x10001300ULL);
	KUNIT_EXPECT_EQ(test, e[0].to, 0x10001400ULL);
}

static struct kunit_case p9_bhrb_cases[] = {
	KUNIT_CASE(p9_bhrb_branch_kinds),
	KUNIT_CASE(p9_bhrb_perf_types),
	KUNIT_CASE(p9_bhrb_filter_values),
	KUNIT_CASE(p9_bhrb_filter_exhaustive),
	KUNIT_CASE(p9_bhrb_decode_entries),
	KUNIT_CASE(p9_bhrb_decode_edges),
	{}
};

PMU_KUNIT_SUITE(p9_bhrb, "power9_bhrb");
