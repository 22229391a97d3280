/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POWER9 core PMU: what a sample reports, from SIER, SIAR, SDAR and MMCRA.
 */
#ifndef _PMU_SUITE_POWER9_SAMPLE_H
#define _PMU_SUITE_POWER9_SAMPLE_H

#include <linux/bits.h>
#include <linux/types.h>

/**
 * struct p9_sample_regs - the state a PMU interrupt captured
 * @sier: SIER
 * @siar: SIAR
 * @sdar: SDAR
 * @mmcra: MMCRA, for the threshold counter (read only when a sample
 *	needs it; else the value the driver wrote)
 * @pc: address of the interrupted instruction
 * @pc_user: the interrupted context was in problem state
 */
struct p9_sample_regs {
	u64 sier;
	u64 siar;
	u64 sdar;
	u64 mmcra;
	u64 pc;
	bool pc_user;
};

/* What p9_pmu_ops.read_sample() reads besides SIER and SIAR */
#define P9_READ_SDAR	BIT(0)
#define P9_READ_MMCRA	BIT(1)

/**
 * struct p9_sample - what the sample reports
 * @ip: address of the sampled instruction
 * @ip_from_siar: @ip is SIAR's exact address (else the interrupted PC)
 * @user: the sampled instruction ran in problem state
 * @hv: it ran in hypervisor state (known only from SIER)
 * @addr: data address, when @addr_valid
 * @addr_valid: SDAR holds the sampled instruction's data address
 * @data_src: perf_mem_data_src value, 0 when the sample is no load/store
 * @weight: threshold counter value, 0 when not thresholding
 * @drop: delivering the sample would show kernel state to an event that
 *	excludes the kernel
 * @sier: SIER as captured, for the sample's interrupt registers
 * @mmcra: MMCRA as captured, likewise
 */
struct p9_sample {
	u64 ip;
	bool ip_from_siar;
	bool user;
	bool hv;
	u64 addr;
	bool addr_valid;
	u64 data_src;
	u64 weight;
	bool drop;
	u64 sier;
	u64 mmcra;
};

/*
 * perf's powerpc register numbers (uapi asm/perf_regs.h) of PMC1-6 in
 * PERF_SAMPLE_REGS_INTR: the perf core reads those from the built-in
 * PMU's saved state, which says nothing of this PMU's counters.
 */
#define P9_PERF_REG_PMC1	51
#define P9_PERF_REG_PMCS	GENMASK_ULL(P9_PERF_REG_PMC1 + 5, P9_PERF_REG_PMC1)

int p9_regs_intr_check(u64 sample_type, u64 regs_intr, const char **why);

void p9_decode_sample(const struct p9_sample_regs *r, bool thresholding,
		      bool exclude_kernel, u64 kernel_base,
		      struct p9_sample *out);
u64 p9_sier_data_src(u64 sier);
u64 p9_thresh_counter(u64 mmcra);

#endif /* _PMU_SUITE_POWER9_SAMPLE_H */
