/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SPARC T4 DRAM performance counters: select codes and counter decoding.
 * Pure logic, no hardware access.
 */
#ifndef _T4_DRAM_H
#define _T4_DRAM_H

#include <linux/types.h>

struct perf_event_attr;

int t4_dram_decode(const struct perf_event_attr *attr, unsigned int *select,
		   const char **why);
u64 t4_dram_ctl(u64 ctl, unsigned int counter, unsigned int select);
u32 t4_dram_count(u64 reg, unsigned int counter);
bool t4_dram_sticky(u64 reg, unsigned int counter);
u64 t4_dram_delta(u32 prev, u32 now, bool sticky);

#endif /* _T4_DRAM_H */
