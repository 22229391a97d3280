/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: the branch history rolling buffer (BHRB) as perf's
 * branch stack.
 */
#ifndef _P9_BHRB_H
#define _P9_BHRB_H

#include <linux/bits.h>
#include <linux/perf_event.h>
#include <linux/types.h>

/*
 * What a taken branch is to MMCRA's BHRB filters: exactly one of call
 * (LK = 1), return (bclr with LK = 0) or jump (any other), and besides
 * that indirect (XL-form: bclr, bcctr, bctar) or direct (I- and B-form),
 * conditional or not (BO says "branch always").
 */
#define P9_BR_CALL		BIT(0)
#define P9_BR_RETURN		BIT(1)
#define P9_BR_JUMP		BIT(2)
#define P9_BR_INDIRECT		BIT(3)
#define P9_BR_COND		BIT(4)

bool p9_branch_decode(u32 insn, u64 addr, u8 *kind, u64 *target);
int p9_branch_perf_type(u8 kind);

int p9_bhrb_filter(u64 branch_sample_type, u64 *mmcra, const char **why);
bool p9_bhrb_records(u64 mmcra, u8 kind);

/**
 * struct p9_bhrb_reader - how to turn BHRB entries into a branch stack
 * @fetch: read the instruction word at @addr (in the sampled context);
 *	false when it cannot be read
 * @arg: @fetch's first argument
 * @kernel_base: lowest kernel address
 * @user: entries between user addresses may be shown
 * @kernel: entries that touch a kernel address may be shown
 */
struct p9_bhrb_reader {
	bool (*fetch)(void *arg, u64 addr, u32 *insn);
	void *arg;
	u64 kernel_base;
	bool user;
	bool kernel;
};

unsigned int p9_bhrb_decode(const u64 *raw, unsigned int n,
			    const struct p9_bhrb_reader *r,
			    struct perf_branch_entry *out);

#endif /* _P9_BHRB_H */
