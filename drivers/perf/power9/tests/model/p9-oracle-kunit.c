// SPDX-License-Identifier: GPL-2.0-only
/*
 * The exact-count oracle (pmu-suite-test/oracle.h) on the POWER9 perf glue
 * over the register model: PMC1-4 each count a signal of their own, the
 * alerts freeze the counters (FCECE) until the interrupt is taken, a
 * task with no events may read the PMCs (PMCC), which must then show
 * nothing of what another task counted, and a PMC no event uses may be
 * left negative by someone else, which must not raise alerts for ever.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <pmu-suite-test/oracle.h>

#include <pmu-suite/power9/regs.h>
#include "p9-model.h"
#include "p9-pmu.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* PMC1-4: instruction fetch signals, each selectable on one PMC only */
static const u64 p9o_codes[] = { 0x10002, 0x20002, 0x30002, 0x401e0 };
/* A signal no slot selects: counting it only lets the model check alerts. */
#define P9O_NOBODY	0x2c056
#define P9O_NEGATIVE	0x80000000U
#define P9O_DISTURBED	P9O_NEGATIVE

static u32 p9o_type(void)
{
	return p9_pmu_core.pmu.type;
}

static u64 p9o_config(unsigned int slot)
{
	return p9o_codes[slot];
}

static void p9o_set_user(bool user)
{
	p9_model.pr = user;
}

static bool p9o_user(void)
{
	return p9_model.pr;
}

static u64 p9o_count(unsigned int slot, u64 n)
{
	return p9_model_count(p9o_codes[slot], n);
}

static void p9o_interrupt(void)
{
	p9_model_take_interrupt();
}

/* Events until the slot's PMC turns negative with its alert enabled */
static u64 p9o_headroom(unsigned int slot)
{
	u64 ce = slot ? P9_MMCR0_PMCJCE : P9_MMCR0_PMC1CE;
	u32 v = p9_model.pmc[slot + 1];

	if (!(p9_model.mmcr0 & P9_MMCR0_PMAE) || !(p9_model.mmcr0 & ce) ||
	    (v & P9O_NEGATIVE))
		return 0;
	return P9O_NEGATIVE - v;
}

static bool p9o_leaks(void)
{
	unsigned int pmc;
	u32 v;

	/* What p9o_disturb() left is nobody's count. */
	for (pmc = 1; pmc <= P9_NUM_PMCS; pmc++)
		if (p9_model_user_read_pmc(pmc, &v) && v && v != P9O_DISTURBED)
			return true;
	return false;
}

/* A PMC no event uses, left negative (a hypervisor that does not keep it). */
static void p9o_disturb(unsigned int slot)
{
	p9_model.pmc[slot + 1] = P9O_DISTURBED;
	p9_model_count(P9O_NOBODY, 1);
}

/* Alerts keep coming: the driver left a negative PMC that may alert. */
static bool p9o_storm(void)
{
	unsigned int i;

	for (i = 0; i < 3; i++) {
		p9_model_count(P9O_NOBODY, 1);
		if (!p9_model_take_interrupt())
			return false;
	}
	return true;
}

static int p9o_register(const char *name)
{
	return p9_register(&p9_model_ops, name);
}

static const struct pmu_oracle_ops p9o_ops = {
	.slots = ARRAY_SIZE(p9o_codes),
	.type = p9o_type,
	.config = p9o_config,
	.set_user = p9o_set_user,
	.user = p9o_user,
	.count = p9o_count,
	.interrupt = p9o_interrupt,
	.nmi = &p9_model.nmi,
	.headroom = p9o_headroom,
	.leaks = p9o_leaks,
	.disturb = p9o_disturb,
	.storm = p9o_storm,
	.reset = p9_model_reset,
	.register_pmu = p9o_register,
	.unregister_pmu = p9_unregister,
};

PMU_ORACLE_SUITE(power9_oracle, &p9o_ops);
