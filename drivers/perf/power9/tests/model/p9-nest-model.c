// SPDX-License-Identifier: GPL-2.0-only
/*
 * The POWER9 nest IMC model: the microcode posts counts into a chip's
 * area only while it runs (6.2: the default IMC mode counts and posts the
 * Table 6-10 events).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <pmu-suite-test/model.h>

#include "p9-nest-model.h"

struct p9_nmodel_chip p9_nmodel[P9_NMODEL_CHIPS];
int p9_nmodel_start_error;

void p9_nmodel_reset(void)
{
	memset(p9_nmodel, 0, sizeof(p9_nmodel));
	p9_nmodel_start_error = 0;
}

/* @n more events at @offset, if the chip's microcode runs. */
void p9_nmodel_count(unsigned int chip, unsigned int offset, u64 n)
{
	__be64 *slot = &p9_nmodel[chip].area[offset / 8];

	if (p9_nmodel[chip].running)
		WRITE_ONCE(*slot, cpu_to_be64(be64_to_cpu(*slot) + n));
}

void p9_nmodel_set(unsigned int chip, unsigned int offset, u64 value)
{
	p9_nmodel[chip].area[offset / 8] = cpu_to_be64(value);
}

static int p9_nmodel_cpu_chip(unsigned int cpu)
{
	return pmu_model_cpu_in_package(cpu) ? P9_NMODEL_CPU_CHIP : -1;
}

static const void *p9_nmodel_area(unsigned int chip)
{
	return p9_nmodel[chip].area;
}

static int p9_nmodel_start(unsigned int chip)
{
	if (p9_nmodel_start_error)
		return p9_nmodel_start_error;
	p9_nmodel[chip].running = true;
	p9_nmodel[chip].starts++;
	return 0;
}

static void p9_nmodel_stop(unsigned int chip)
{
	if (!p9_nmodel[chip].running)
		p9_nmodel[chip].bad_stops++;
	p9_nmodel[chip].running = false;
	p9_nmodel[chip].stops++;
}

const struct p9_nest_ops p9_nmodel_ops = {
	.owner		= THIS_MODULE,
	.nr_chips	= P9_NMODEL_CHIPS,
	.cpu_chip	= p9_nmodel_cpu_chip,
	.area		= p9_nmodel_area,
	.start		= p9_nmodel_start,
	.stop		= p9_nmodel_stop,
};
