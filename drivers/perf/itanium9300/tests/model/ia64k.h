/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the Itanium 9300 model suites share: opening and reading events,
 * the samples the overflow handler saw, and each test's checks of the
 * model's rules.
 */
#ifndef _IA64K_H
#define _IA64K_H

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>
#include <pmu-suite-test/model.h>

#include <pmu-suite/itanium9300/regs.h>
#include "ia64-model.h"
#include "ia64-catalogue.h"
#include "ia64-event.h"
#include "ia64-pmc.h"
#include "ia64-sched.h"
#include "ia64-pmu.h"

#define CFG(code, umask)	IA64_CONFIG(code, umask)
#define USER_IP			0x4000000000012342ULL
#define DATA_ADDR		0x6000000000abc128ULL
#define QEAR_CFG	CFG(0xa0, 0x1)	/* cpe_cpp_misc.cear */
#define QEAR_PA		0x2abcdef012340ULL
#define OPC_CFG1(mifb, match)	(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_OPC) | \
				 FIELD_PREP(IA64_CFG1_OPC_MIFB, mifb) | (match))
#define IAR_CFG1(lg)		(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_IAR) | \
				 FIELD_PREP(IA64_CFG1_RANGE_LG, lg))
#define DAR_CFG1(lg)		(FIELD_PREP(IA64_CFG1_QUAL, IA64_QUAL_DAR) | \
				 FIELD_PREP(IA64_CFG1_RANGE_LG, lg))
#define RANGE_A			0x4000000000003000ULL	/* 4 KiB */
#define RANGE_B			0x4000000000005000ULL	/* 4 KiB */

extern atomic_t ia64k_nr_samples;
/* The last sample the overflow handler saw */
struct ia64k_sample {
	u64 ip;
	u64 addr;
	u64 phys_addr;
	u64 weight;
	u64 data_src;
	unsigned int nr_branches;
	struct perf_branch_entry branches[IA64_ETB_ENTRIES];
};

extern struct ia64k_sample ia64k_last;
void ia64k_overflow(struct perf_event *event,
		    struct perf_sample_data *data, struct pt_regs *regs);

struct perf_event *ia64k_open_attr(struct perf_event_attr *attr);

struct perf_event *ia64k_open(u64 config, u64 period);

u64 ia64k_value(struct perf_event *event);

/* Count @total of the event in chunks, taking interrupts as they come. */
void ia64k_count(u8 es, u8 umask, u64 total, u64 chunk);

int ia64k_init(struct kunit *test);

void ia64k_exit(struct kunit *test);

int ia64k_suite_init(struct kunit_suite *suite);
void ia64k_suite_exit(struct kunit_suite *suite);

#endif /* _IA64K_H */
