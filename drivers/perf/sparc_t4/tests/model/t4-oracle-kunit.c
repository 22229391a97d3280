// SPDX-License-Identifier: GPL-2.0-only
/*
 * The exact-count oracle (pmu-suite-test/oracle.h) on the SPARC T4 perf
 * glue over the register model: four sl/mask events, counters that never
 * freeze and count on inside the level-15 handler, and overflow traps held
 * while the handler runs.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite-test/oracle.h>

#include "t4-catalogue.h"
#include "t4-model.h"
#include "t4-pmu.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static const struct {
	u8 sl;
	u8 mask;
} t4o_kinds[] = { { 3, 0x01 }, { 3, 0x04 }, { 6, 0x01 }, { 16, 0x01 } };

static u32 t4o_type(void)
{
	return t4_pmu_core.pmu.type;
}

static u64 t4o_config(unsigned int slot)
{
	return T4_CONFIG(t4o_kinds[slot].sl, t4o_kinds[slot].mask);
}

static void t4o_set_user(bool user)
{
	t4_model.mode = user ? T4_MODEL_USER : T4_MODEL_PRIV;
}

static bool t4o_user(void)
{
	return t4_model.mode == T4_MODEL_USER;
}

/* The traps come inside the count, as the model raises them. */
static u64 t4o_count(unsigned int slot, u64 n)
{
	t4_model_count(t4o_kinds[slot].sl, t4o_kinds[slot].mask, n);
	return n;
}

/* Events until a PIC counting the slot's kind wraps and traps */
static u64 t4o_headroom(unsigned int slot)
{
	u64 left = 0;
	unsigned int c;

	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		u64 pcr = t4_model.pcr[c];

		if (FIELD_GET(T4_PCR_SL, pcr) != t4o_kinds[slot].sl ||
		    !(FIELD_GET(T4_PCR_MASK, pcr) & t4o_kinds[slot].mask) ||
		    !(pcr & T4_PCR_TOE) || (pcr & T4_PCR_OV))
			continue;
		if (!left || BIT_ULL(32) - t4_model.pic[c] < left)
			left = BIT_ULL(32) - t4_model.pic[c];
	}
	return left;
}

static void t4o_interrupt(void)
{
}

static int t4o_register(const char *name)
{
	return t4_register(&t4_model_ops, name);
}

static const struct pmu_oracle_ops t4o_ops = {
	.slots = ARRAY_SIZE(t4o_kinds),
	.type = t4o_type,
	.config = t4o_config,
	.set_user = t4o_set_user,
	.user = t4o_user,
	.count = t4o_count,
	.interrupt = t4o_interrupt,
	.nmi = &t4_model.nmi,
	.headroom = t4o_headroom,
	.reset = t4_model_reset,
	.register_pmu = t4o_register,
	.unregister_pmu = t4_unregister,
};

PMU_ORACLE_SUITE(sparc_t4_oracle, &t4o_ops);
