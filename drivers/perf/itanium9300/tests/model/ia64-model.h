/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A register-level model of one Itanium 9300 hardware thread's PMU,
 * written from chapter 3 of the reference manual, for driving the perf
 * glue under KUnit.
 */
#ifndef _IA64_MODEL_H
#define _IA64_MODEL_H

#include <pmu-suite/itanium9300/backend.h>
#include <pmu-suite-test/model.h>

/**
 * struct ia64_model - the thread's PMU registers and state
 * @pmc: PMC0-63
 * @pmd: PMD0-63 as stored (counters: 47 bits)
 * @ibr: IBR0-7
 * @dbr: DBR0-7
 * @cpl: PSR.cpl of the running code
 * @psr_pp: PSR.pp, enabling privileged monitors
 * @psr_up: PSR.up, enabling user monitors
 * @ip: address (bundle | slot) of the running instruction
 * @daddr: data address of the running memory instruction
 * @opcode: 41-bit encoding of the running instruction
 * @itype: its type, one of the IA64_OPCM_{M,I,F,B} bits
 * @prefetched: the line being counted was prefetched, not demand-fetched
 * @irq_pending: an overflow with oi raised the interrupt
 * @interrupts: interrupts delivered
 * @undefined_reads: reads of PMD32-39/48-63 while not frozen
 * @bit47_writes: counter writes with the overflow bit set
 * @reserved: the driver holds the PMU
 * @busy: another user holds the PMU (reserve fails)
 * @debugged: a task whose debug registers ptrace gave it (IBR/DBR hold
 *	its breakpoints while it runs)
 * @debugger_clobbers: IBR/DBR writes while @debugged ran
 * @nmi: an interrupt between any two register accesses of the driver
 * @accesses: register accesses of the driver so far (PMC, PMD, IBR, DBR)
 * @thread: the thread's number in its core (CPE_CSR_QEAR_CTL.ot)
 * @qear_dat0: the core's CPE_CSR_QEAR_DAT0 (5.3)
 * @qear_dat1: CPE_CSR_QEAR_DAT1
 * @qear_ctl: CPE_CSR_QEAR_CTL
 * @qear_ctl_writes: writes of CPE_CSR_QEAR_CTL
 */
struct ia64_model {
	u64 pmc[64];
	u64 pmd[64];
	u64 ibr[8];
	u64 dbr[8];
	unsigned int cpl;
	bool psr_pp;
	bool psr_up;
	u64 ip;
	u64 daddr;
	u64 opcode;
	u64 itype;
	bool prefetched;
	bool irq_pending;
	unsigned int interrupts;
	unsigned int undefined_reads;
	unsigned int bit47_writes;
	bool reserved;
	bool busy;
	struct task_struct *debugged;
	unsigned int debugger_clobbers;
	struct pmu_model_nmi nmi;
	unsigned int accesses;
	unsigned int thread;
	u64 qear_dat0;
	u64 qear_dat1;
	u64 qear_ctl;
	unsigned int qear_ctl_writes;
};

extern struct ia64_model ia64_model;
extern const struct ia64_pmu_ops ia64_model_ops;

void ia64_model_reset(void);
u64 ia64_model_cycles(u8 es, u8 umask, unsigned int per_cycle, u64 cycles);
void ia64_model_count_selected(u64 n, void (*interrupt)(void));
void ia64_model_count(u8 es, u8 umask, u64 n);
void ia64_model_dear_miss(u64 daddr, u64 ip, unsigned int latency);
void ia64_model_dtlb_miss(u64 daddr, u64 ip, unsigned int stat);
void ia64_model_qear_start(u64 pa, u8 mc, u8 op, u16 hnid);
void ia64_model_qear_done(unsigned int latency, bool data_cmp);
void ia64_model_iear_miss(u64 line, unsigned int latency);
/* Outcome of a branch for ia64_model_branch_kind(). */
#define IA64_MODEL_BR_NOT_TAKEN		BIT(0)
#define IA64_MODEL_BR_PATH_MISP		BIT(1)
#define IA64_MODEL_BR_TARGET_MISP	BIT(2)

void ia64_model_branch(u64 from, u64 to, bool mispredicted);
void ia64_model_branch_kind(u64 from, u64 to, unsigned int brt,
			    unsigned int flags);
void ia64_model_retire(u64 ip, unsigned int cycles, bool flush);
bool ia64_model_take_interrupt(void);
bool ia64_model_interrupt(struct pt_regs *regs);

#endif /* _IA64_MODEL_H */
