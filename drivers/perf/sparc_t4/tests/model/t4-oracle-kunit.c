// SPDX-License-Identifier: GPL-2.0-only
/*
 * The exact-count oracle (pmu-suite-test/oracle.h) on the SPARC T4 perf
 * glue over the register model: four sl/mask events, counters that never
 * freeze and count on inside the level-15 handler, and overflow traps held
 * while the handler runs.
 */
#include <kunit/test.h>
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

static void t4o_interrupt(void)
{
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
};

static int t4o_init(struct kunit *test)
{
	int ret = pmu_model_pin_current();

	if (ret)
		return ret;
	t4_model_reset();
	return 0;
}

static void t4o_exact_counts(struct kunit *test)
{
	pmu_oracle_test(test, &t4o_ops);
}

static int t4o_suite_init(struct kunit_suite *suite)
{
	pmu_model_steady_sample_rate();
	t4_model_reset();
	return t4_register(&t4_model_ops, "sparc_t4_oracle");
}

static void t4o_suite_exit(struct kunit_suite *suite)
{
	t4_unregister();
}

static struct kunit_case t4o_cases[] = {
	KUNIT_CASE_PARAM(t4o_exact_counts, pmu_oracle_seed_gen_params),
	{}
};

static struct kunit_suite t4o_suite = {
	.name = "sparc_t4_oracle",
	.init = t4o_init,
	.suite_init = t4o_suite_init,
	.suite_exit = t4o_suite_exit,
	.test_cases = t4o_cases,
};

kunit_test_suite(t4o_suite);
