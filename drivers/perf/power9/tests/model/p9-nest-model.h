/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A model of the POWER9 nest IMC for KUnit: per chip, the counter area the
 * microcode posts into, and whether the microcode runs.
 */
#ifndef _P9_NEST_MODEL_H
#define _P9_NEST_MODEL_H

#include "p9-nest-pmu.h"

#define P9_NMODEL_CHIPS		2
/*
 * The CPUs are on chip 1, chip 0 has none. With several CPUs, CPU 0 (which
 * x86 cannot take offline) is on no chip, so that the chip's counting CPU
 * can go offline and hand over to another.
 */
#define P9_NMODEL_CPU_CHIP	1

/**
 * struct p9_nmodel_chip - one chip's nest IMC
 * @area: the counter area, big-endian as the microcode posts it
 * @running: the microcode runs
 * @starts: times it was started
 * @stops: times it was stopped
 * @bad_stops: stops while it was not running
 */
struct p9_nmodel_chip {
	__be64 area[P9_NEST_AREA_SIZE / 8];
	bool running;
	unsigned int starts;
	unsigned int stops;
	unsigned int bad_stops;
};

extern struct p9_nmodel_chip p9_nmodel[P9_NMODEL_CHIPS];
extern int p9_nmodel_start_error;
extern const struct p9_nest_ops p9_nmodel_ops;

void p9_nmodel_reset(void);
void p9_nmodel_count(unsigned int chip, unsigned int offset, u64 n);
void p9_nmodel_set(unsigned int chip, unsigned int offset, u64 value);

#endif /* _P9_NEST_MODEL_H */
