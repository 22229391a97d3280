// SPDX-License-Identifier: GPL-2.0-only
/*
 * The exact-count oracle (pmu-suite-test/oracle.h) on the Itanium 9300
 * perf glue over the register model: four events on counters of their
 * own, and an overflow that freezes the whole PMU (PMC0.fr) until the
 * interrupt is taken.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <pmu-suite-test/oracle.h>

#include <pmu-suite/itanium9300/regs.h>

#include "ia64-catalogue.h"
#include "ia64-model.h"
#include "ia64-pmu.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static const struct {
	u8 es;
	u8 umask;
} ia64o_kinds[] = { { 0x08, 0 }, { 0x12, 0 }, { 0x13, 0xf }, { 0x44, 0 } };

static u32 ia64o_type(void)
{
	return ia64_pmu_core.pmu.type;
}

static u64 ia64o_config(unsigned int slot)
{
	return IA64_CONFIG(ia64o_kinds[slot].es, ia64o_kinds[slot].umask);
}

static void ia64o_set_user(bool user)
{
	ia64_model.cpl = user ? 3 : 0;
}

static bool ia64o_user(void)
{
	return ia64_model.cpl == 3;
}

static u64 ia64o_count(unsigned int slot, u64 n)
{
	return n - ia64_model_cycles(ia64o_kinds[slot].es,
				     ia64o_kinds[slot].umask, 1, n);
}

/* Events until a counter of the slot's kind wraps with oi set */
static u64 ia64o_headroom(unsigned int slot)
{
	u64 left = 0;
	unsigned int i;

	for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++) {
		u64 pmc = ia64_model.pmc[i];

		if (FIELD_GET(IA64_PMC_ES, pmc) != ia64o_kinds[slot].es ||
		    !(pmc & IA64_PMC_OI) || (ia64_model.pmc[0] & BIT_ULL(i)))
			continue;
		if (!left || IA64_PMD_COUNT + 1 - ia64_model.pmd[i] < left)
			left = IA64_PMD_COUNT + 1 - ia64_model.pmd[i];
	}
	return left;
}

static void ia64o_interrupt(void)
{
	ia64_model_take_interrupt();
}

static int ia64o_register(const char *name)
{
	return ia64_register(&ia64_model_ops, name);
}

static const struct pmu_oracle_ops ia64o_ops = {
	.slots = ARRAY_SIZE(ia64o_kinds),
	.type = ia64o_type,
	.config = ia64o_config,
	.set_user = ia64o_set_user,
	.user = ia64o_user,
	.count = ia64o_count,
	.interrupt = ia64o_interrupt,
	.nmi = &ia64_model.nmi,
	.headroom = ia64o_headroom,
	.reset = ia64_model_reset,
	.register_pmu = ia64o_register,
	.unregister_pmu = ia64_unregister,
};

PMU_ORACLE_SUITE(itanium9300_oracle, &ia64o_ops);
