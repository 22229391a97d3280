// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of POWER9 sample decoding: instruction and data addresses
 * only when SIER says they are the sampled instruction's, the privilege
 * of the sample, no kernel address for events that exclude the kernel,
 * data source and threshold weight. Pure logic: runs on UML.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/string.h>
#include <pmu-suite-test/kunit.h>

#include <pmu-suite/power9/regs.h>
#include <pmu-suite/power9/sample.h>

#define KBASE		0xc000000000000000ULL
#define USER_IP		0x10001234ULL
#define USER_DATA	0x7fffd000ULL
#define KERNEL_IP	0xc000000000123450ULL

static struct p9_sample decode(const struct p9_sample_regs *r, bool thresh,
			       bool exclude_kernel)
{
	struct p9_sample s;

	/* The interrupt passes it unzeroed: what is not set shows. */
	memset(&s, 0xa5, sizeof(s));
	p9_decode_sample(r, thresh, exclude_kernel, KBASE, &s);
	return s;
}

static void p9_sample_siar_valid(struct kunit *test)
{
	struct p9_sample_regs r = {
		.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR,
		.siar = USER_IP, .pc = KERNEL_IP, .pc_user = false,
	};
	struct p9_sample s = decode(&r, false, false);

	KUNIT_EXPECT_EQ(test, s.ip, USER_IP);
	KUNIT_EXPECT_TRUE(test, s.ip_from_siar);
	KUNIT_EXPECT_TRUE(test, s.user);
	KUNIT_EXPECT_FALSE(test, s.hv);
	KUNIT_EXPECT_FALSE(test, s.drop);
}

/* Continuous sampling with SDAR updates: SDAR is the data address. */
static void p9_sample_continuous_sdar(struct kunit *test)
{
	struct p9_sample_regs r = {
		.mmcra = FIELD_PREP(P9_MMCRA_SDAR_MODE, 2),
		.sdar = USER_DATA, .pc = USER_IP, .pc_user = true,
	};
	struct p9_sample s = decode(&r, false, false);

	KUNIT_EXPECT_TRUE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.addr, USER_DATA);
	/* No updates programmed: whatever SDAR holds is stale. */
	r.mmcra = 0;
	s = decode(&r, false, false);
	KUNIT_EXPECT_FALSE(test, s.addr_valid);
	/* Random sampling: only SIER[SDAR_VALID] says. */
	r.mmcra = FIELD_PREP(P9_MMCRA_SDAR_MODE, 2) | P9_MMCRA_SAMPLE_ENABLE;
	s = decode(&r, false, false);
	KUNIT_EXPECT_FALSE(test, s.addr_valid);
	/* A kernel address, for an event that excludes the kernel: none. */
	r.mmcra = FIELD_PREP(P9_MMCRA_SDAR_MODE, 1);
	r.sdar = KERNEL_IP;
	s = decode(&r, false, true);
	KUNIT_EXPECT_FALSE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.addr, 0ULL);
}

static void p9_sample_siar_hv(struct kunit *test)
{
	struct p9_sample_regs r = {
		.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_HV, .siar = KERNEL_IP,
	};
	struct p9_sample s = decode(&r, false, false);

	KUNIT_EXPECT_FALSE(test, s.user);
	KUNIT_EXPECT_TRUE(test, s.hv);
}

static void p9_sample_falls_back_to_pc(struct kunit *test)
{
	/* Continuous sampling: SIAR_VALID is tied to 0, SIAR is not used. */
	struct p9_sample_regs r = {
		.sier = 0, .siar = 0x1, .pc = USER_IP, .pc_user = true,
	};
	struct p9_sample s = decode(&r, false, false);

	KUNIT_EXPECT_EQ(test, s.ip, USER_IP);
	KUNIT_EXPECT_FALSE(test, s.ip_from_siar);
	KUNIT_EXPECT_TRUE(test, s.user);

	r.pc = KERNEL_IP;
	r.pc_user = false;
	s = decode(&r, false, false);
	KUNIT_EXPECT_EQ(test, s.ip, KERNEL_IP);
	KUNIT_EXPECT_FALSE(test, s.user);
}

static void p9_sample_sdar_only_when_valid(struct kunit *test)
{
	struct p9_sample_regs r = {
		.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR, .siar = USER_IP,
		.sdar = USER_DATA,
	};
	struct p9_sample s = decode(&r, false, false);

	KUNIT_EXPECT_FALSE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.addr, 0ULL);

	r.sier |= P9_SIER_SDAR_VALID;
	s = decode(&r, false, false);
	KUNIT_EXPECT_TRUE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.addr, USER_DATA);
}

static void p9_sample_exclude_kernel_drops(struct kunit *test)
{
	struct p9_sample_regs priv = {
		.sier = P9_SIER_SIAR_VALID, .siar = KERNEL_IP,
	};
	struct p9_sample_regs pc_kernel = { .pc = KERNEL_IP, .pc_user = false };
	struct p9_sample_regs pr_but_kernel_ip = {
		.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR, .siar = KERNEL_IP,
	};

	KUNIT_EXPECT_TRUE(test, decode(&priv, false, true).drop);
	KUNIT_EXPECT_FALSE(test, decode(&priv, false, false).drop);
	KUNIT_EXPECT_TRUE(test, decode(&pc_kernel, false, true).drop);
	KUNIT_EXPECT_TRUE(test, decode(&pr_but_kernel_ip, false, true).drop);
}

static void p9_sample_exclude_kernel_hides_data_address(struct kunit *test)
{
	struct p9_sample_regs r = {
		.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR | P9_SIER_SDAR_VALID,
		.siar = USER_IP, .sdar = KBASE + 0x1000,
	};
	struct p9_sample s = decode(&r, false, true);

	KUNIT_EXPECT_FALSE(test, s.drop);
	KUNIT_EXPECT_FALSE(test, s.addr_valid);
	KUNIT_EXPECT_EQ(test, s.addr, 0ULL);
	/* The same address is reported to an event that counts the kernel. */
	s = decode(&r, false, false);
	KUNIT_EXPECT_EQ(test, s.addr, KBASE + 0x1000);
}

static union perf_mem_data_src src_of(unsigned int type, unsigned int ldst,
				      unsigned int data_src)
{
	u64 sier = FIELD_PREP(P9_SIER_TYPE, type) |
		   FIELD_PREP(P9_SIER_LDST, ldst) |
		   FIELD_PREP(P9_SIER_DATA_SRC, data_src);

	return (union perf_mem_data_src) { .val = p9_sier_data_src(sier) };
}

static void p9_sample_data_src_levels(struct kunit *test)
{
	union perf_mem_data_src d;

	d = src_of(P9_SIER_TYPE_LOAD, 1, 0);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_op, PERF_MEM_OP_LOAD);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_L1);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl, PERF_MEM_LVL_HIT | PERF_MEM_LVL_L1);

	d = src_of(P9_SIER_TYPE_LOAD, 3, 0);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_L3);

	d = src_of(P9_SIER_TYPE_STORE, 7, 0);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_op, PERF_MEM_OP_STORE);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl, PERF_MEM_LVL_MISS | PERF_MEM_LVL_L1);
}

static void p9_sample_data_src_distance(struct kunit *test)
{
	union perf_mem_data_src d;

	/* Memory on this chip (Table A-6: LDST 100, DATA_SRC 001). */
	d = src_of(P9_SIER_TYPE_LOAD, 4, 1);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_RAM);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_remote, 0);
	/* L4 within six chips (010), memory beyond six chips (101). */
	d = src_of(P9_SIER_TYPE_LOAD, 4, 2);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_L4);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_remote, PERF_MEM_REMOTE_REMOTE);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_hops, PERF_MEM_HOPS_2);
	d = src_of(P9_SIER_TYPE_LOAD, 4, 5);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_RAM);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_hops, PERF_MEM_HOPS_3);
	/* Another core's L3 on this chip, modified (LDST 101, DATA_SRC 011). */
	d = src_of(P9_SIER_TYPE_LOAD, 5, 3);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_L3);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_snoop, PERF_MEM_SNOOP_HITM);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_hops, PERF_MEM_HOPS_0);
	/* Another chip's cache beyond six chips, shared (LDST 110, 010). */
	d = src_of(P9_SIER_TYPE_LOAD, 6, 2);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_lvl_num, PERF_MEM_LVLNUM_ANY_CACHE);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_snoop, PERF_MEM_SNOOP_HIT);
	KUNIT_EXPECT_EQ(test, (u64)d.mem_hops, PERF_MEM_HOPS_3);
}

static void p9_sample_data_src_none(struct kunit *test)
{
	struct p9_sample_regs r = {
		.sier = FIELD_PREP(P9_SIER_TYPE, P9_SIER_TYPE_LOAD) |
			FIELD_PREP(P9_SIER_LDST, 1),
		.pc = USER_IP, .pc_user = true,
	};

	/* A branch is no load or store; LDST 000 is reserved. */
	KUNIT_EXPECT_EQ(test, src_of(3, 1, 0).val, 0ULL);
	KUNIT_EXPECT_EQ(test, src_of(P9_SIER_TYPE_LOAD, 0, 0).val, 0ULL);
	/* Without SIAR_VALID, SIER describes no sampled instruction. */
	KUNIT_EXPECT_EQ(test, decode(&r, false, false).data_src, 0ULL);
	r.sier |= P9_SIER_SIAR_VALID | P9_SIER_MSR_PR;
	r.siar = USER_IP;
	KUNIT_EXPECT_NE(test, decode(&r, false, false).data_src, 0ULL);
}

static void p9_sample_threshold_weight(struct kunit *test)
{
	/* THRESH_CTR_EXP (34:36) = 2, MANTISSA (38:44) = 0x45: 0x45 << 4. */
	struct p9_sample_regs r = {
		.mmcra = (2ULL << (63 - 36)) | (0x45ULL << (63 - 44)),
		.pc = USER_IP, .pc_user = true,
	};

	KUNIT_EXPECT_EQ(test, p9_thresh_counter(r.mmcra), 0x450ULL);
	KUNIT_EXPECT_EQ(test, decode(&r, true, false).weight, 0x450ULL);
	KUNIT_EXPECT_EQ(test, decode(&r, false, false).weight, 0ULL);
	/* The largest value: mantissa 127, exponent 7 is 127 << 14. */
	KUNIT_EXPECT_EQ(test, p9_thresh_counter((7ULL << (63 - 36)) |
						(0x7fULL << (63 - 44))),
			127ULL << 14);
}

/* The sample's interrupt registers carry SIER and MMCRA as captured. */
static void p9_sample_keeps_sier_mmcra(struct kunit *test)
{
	struct p9_sample_regs r = {
		.sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR, .siar = USER_IP,
		.mmcra = P9_MMCRA_SAMPLE_ENABLE,
	};
	struct p9_sample s = decode(&r, false, true);

	KUNIT_EXPECT_EQ(test, s.sier, r.sier);
	KUNIT_EXPECT_EQ(test, s.mmcra, r.mmcra);
}

/* PMC1-6 of REGS_INTR would be the built-in PMU's: refused, the rest not. */
static void p9_sample_regs_intr(struct kunit *test)
{
	const char *why = NULL;
	u64 sier_mmcra = BIT_ULL(43) | BIT_ULL(44);	/* SIER, MMCRA */

	KUNIT_EXPECT_EQ(test, p9_regs_intr_check(PERF_SAMPLE_IP,
						 P9_PERF_REG_PMCS, &why), 0);
	KUNIT_EXPECT_EQ(test, p9_regs_intr_check(PERF_SAMPLE_REGS_INTR,
						 sier_mmcra, &why), 0);
	KUNIT_EXPECT_EQ(test, p9_regs_intr_check(PERF_SAMPLE_REGS_INTR,
						 BIT_ULL(P9_PERF_REG_PMC1 + 2),
						 &why), -EOPNOTSUPP);
	KUNIT_EXPECT_NOT_NULL(test, why);
	KUNIT_EXPECT_EQ(test, P9_PERF_REG_PMCS, GENMASK_ULL(56, 51));
}

/* Whatever the output held before, every field comes out the same. */
static void p9_sample_sets_every_field(struct kunit *test)
{
	static const struct p9_sample_regs regs[] = {
		{ .sier = 0, .pc = USER_IP, .pc_user = true },
		{ .sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_PR |
			  P9_SIER_SDAR_VALID,
		  .siar = USER_IP, .sdar = USER_DATA, .mmcra = 0x1234 },
		{ .sier = P9_SIER_SIAR_VALID | P9_SIER_MSR_HV,
		  .siar = KERNEL_IP, .pc = KERNEL_IP },
		{ .mmcra = P9_MMCRA_SDAR_MODE, .sdar = KERNEL_IP,
		  .pc = KERNEL_IP },
	};
	struct p9_sample a, b;
	unsigned int i, k;

	for (i = 0; i < ARRAY_SIZE(regs); i++) {
		for (k = 0; k < 4; k++) {
			memset(&a, 0, sizeof(a));
			memset(&b, 0xff, sizeof(b));
			p9_decode_sample(&regs[i], k & 1, k & 2, KBASE, &a);
			p9_decode_sample(&regs[i], k & 1, k & 2, KBASE, &b);
			KUNIT_EXPECT_EQ(test, a.ip, b.ip);
			KUNIT_EXPECT_EQ(test, a.ip_from_siar, b.ip_from_siar);
			KUNIT_EXPECT_EQ(test, a.user, b.user);
			KUNIT_EXPECT_EQ(test, a.hv, b.hv);
			KUNIT_EXPECT_EQ(test, a.addr, b.addr);
			KUNIT_EXPECT_EQ(test, a.addr_valid, b.addr_valid);
			KUNIT_EXPECT_EQ(test, a.data_src, b.data_src);
			KUNIT_EXPECT_EQ(test, a.weight, b.weight);
			KUNIT_EXPECT_EQ(test, a.drop, b.drop);
			KUNIT_EXPECT_EQ(test, a.sier, b.sier);
			KUNIT_EXPECT_EQ(test, a.mmcra, b.mmcra);
		}
	}
}

static struct kunit_case p9_sample_cases[] = {
	KUNIT_CASE(p9_sample_sets_every_field),
	KUNIT_CASE(p9_sample_siar_valid),
	KUNIT_CASE(p9_sample_continuous_sdar),
	KUNIT_CASE(p9_sample_siar_hv),
	KUNIT_CASE(p9_sample_falls_back_to_pc),
	KUNIT_CASE(p9_sample_sdar_only_when_valid),
	KUNIT_CASE(p9_sample_exclude_kernel_drops),
	KUNIT_CASE(p9_sample_exclude_kernel_hides_data_address),
	KUNIT_CASE(p9_sample_data_src_levels),
	KUNIT_CASE(p9_sample_data_src_distance),
	KUNIT_CASE(p9_sample_data_src_none),
	KUNIT_CASE(p9_sample_threshold_weight),
	KUNIT_CASE(p9_sample_keeps_sier_mmcra),
	KUNIT_CASE(p9_sample_regs_intr),
	{}
};

PMU_KUNIT_SUITE(p9_sample, "power9_sample");
