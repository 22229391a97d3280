/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the POWER9 model suites share: opening and reading events, the
 * samples the overflow handler saw, another task on the test's CPU.
 */
#ifndef _P9K_H
#define _P9K_H

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/model.h>

#include <pmu-suite/power9/regs.h>
#include "p9-model.h"
#include "p9-event.h"
#include "p9-pmu.h"

#define USER_IP		0x10001234ULL
#define KERNEL_IP	0xc000000000123450ULL
#define USER_SP		0x7fffe000ULL
#define USER_DATA	0x10020000ULL
/* B's signal, counted past B's period, then the alert taken: an NMI. */
#define P9K_B_CODE	0x2080ULL
#define P9K_B_PERIOD	100ULL
/* Event-based branches: PM_INST_CMPL on PMC1, with the EBB flag. */
#define P9K_EBB		(0x10002ULL | BIT_ULL(63))

extern atomic_t p9k_nr_samples;
extern u64 p9k_last_ip;
extern u64 p9k_last_sp;
extern u64 p9k_last_addr;
extern u64 p9k_last_weight;
extern u64 p9k_last_data_src;
extern bool p9k_last_user;
extern int p9k_last_nr;
extern struct perf_branch_entry p9k_last_br[P9_BHRB_ENTRIES];
void p9k_overflow(struct perf_event *event, struct perf_sample_data *data,
		  struct pt_regs *regs);

struct perf_event *p9k_open(u64 config, u64 period,
			    void (*tweak)(struct perf_event_attr *));

u64 p9k_value(struct perf_event *event);

/* Count @total of @code in chunks, taking interrupts as they come. */
void p9k_count(u64 code, u64 total, u64 chunk);

int p9k_init(struct kunit *test);

/* The perf core's disable and enable, with nothing changed in between */
unsigned int p9k_disable_enable(struct perf_event *read);

/* What another task on the test's CPU does while it runs there */
struct p9k_other {
	struct completion done;
	void (*fn)(void);
};

int p9k_other_fn(void *data);

/*
 * Switch to another task on this CPU, which runs @fn, and back; return
 * the register accesses the switches took (creating the task is not
 * counted: it switches too). @before runs once the task exists, right
 * before the switch.
 */
unsigned int p9k_run_other_after(struct kunit *test, void (*fn)(void),
				 void (*before_switch)(void));

unsigned int p9k_run_other(struct kunit *test, void (*fn)(void));

int p9k_suite_init(struct kunit_suite *suite);
void p9k_suite_exit(struct kunit_suite *suite);

#endif /* _P9K_H */
