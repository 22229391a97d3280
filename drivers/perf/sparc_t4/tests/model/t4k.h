/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the SPARC T4 model suites share: opening and reading events, and
 * the samples the overflow handler saw.
 */
#ifndef _T4K_H
#define _T4K_H

#include <kunit/test.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/model.h>

#include "t4-model.h"
#include "t4-catalogue.h"
#include "t4-event.h"
#include "t4-pmu.h"

#define USER_IP		0x100234ULL

extern atomic_t t4k_nr_samples;
extern u64 t4k_last_ip;
void t4k_overflow(struct perf_event *event, struct perf_sample_data *data,
		  struct pt_regs *regs);

void t4k_user_only(struct perf_event_attr *a);

void t4k_precise(struct perf_event_attr *a);

struct perf_event *t4k_open(u64 config, u64 period,
			    void (*tweak)(struct perf_event_attr *));

int t4k_register(void);

u64 t4k_value(struct perf_event *event);

void t4k_count(unsigned int sl, unsigned int mask, u64 total, u64 chunk);

void t4k_switch_away(struct kunit *test);

int t4k_init(struct kunit *test);

int t4k_suite_init(struct kunit_suite *suite);
void t4k_suite_exit(struct kunit_suite *suite);

#endif /* _T4K_H */
