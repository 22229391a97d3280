/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 nest IMC PMU: the perf glue's interface to a backend.
 *
 * The glue (p9-nest-pmu.c) knows perf and chapter 6; a backend knows where
 * each chip's counter area is and how to start and stop the nest
 * microcode: on a host, firmware; under KUnit, a model.
 */
#ifndef _P9_NEST_PMU_H
#define _P9_NEST_PMU_H

#include <linux/module.h>

#include "p9-nest.h"

#define P9_NEST_MAX_CHIPS	16

/**
 * struct p9_nest_ops - what the nest PMU needs from a backend
 * @owner: module providing the operations (events pin it)
 * @nr_chips: number of chips, at most P9_NEST_MAX_CHIPS
 * @cpu_chip: the chip of a CPU, or a negative number if unknown
 * @area: the chip's counter area, P9_NEST_AREA_SIZE bytes at least
 * @start: start the chip's nest counters (when its first event starts)
 * @stop: stop them (when its last event stops)
 */
struct p9_nest_ops {
	struct module *owner;
	unsigned int nr_chips;
	int (*cpu_chip)(unsigned int cpu);
	const void *(*area)(unsigned int chip);
	int (*start)(unsigned int chip);
	void (*stop)(unsigned int chip);
};

int p9_nest_register(const struct p9_nest_ops *ops, const char *name);
void p9_nest_unregister(void);
int p9_nest_pmu_type(void);
int p9_nest_chip_cpu(unsigned int chip);

#endif /* _P9_NEST_PMU_H */
