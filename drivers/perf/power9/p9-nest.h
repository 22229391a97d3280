/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 nest IMC counters (chapter 6): decoding and counter arithmetic.
 *
 * In the default IMC mode the nest microcode counts a fixed set of events
 * (Table 6-10) and posts each as a 64-bit value at a fixed offset of a
 * per-chip memory area. An event is therefore its offset; there is
 * nothing to program per event and no counter to allocate.
 */
#ifndef _P9_NEST_H
#define _P9_NEST_H

#include <linux/bits.h>
#include <linux/types.h>

#include "p9-fields.h"
#include "p9-nest-catalogue.h"

struct perf_event_attr;

const struct p9_nest_event *p9_nest_find(unsigned int offset);
int p9_nest_decode(const struct perf_event_attr *attr,
		   const struct p9_nest_event **ev, const char **why);
u64 p9_nest_read(const void *area, const struct p9_nest_event *ev);

#endif /* _P9_NEST_H */
