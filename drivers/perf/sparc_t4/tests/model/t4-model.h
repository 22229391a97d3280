/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A register-level model of a SPARC T4 strand's PMU and of the memory
 * controllers' DRAM performance counters, written from chapter 10 of the
 * SPARC T4 Supplement, for driving the perf glue under KUnit.
 */
#ifndef _T4_MODEL_H
#define _T4_MODEL_H

#include <linux/cpumask.h>
#include <linux/types.h>

#include <pmu-suite-test/model.h>
#include <pmu-suite/sparc_t4/backend.h>
#include <pmu-suite/sparc_t4/regs.h>

enum t4_model_mode {
	T4_MODEL_USER,
	T4_MODEL_PRIV,
	T4_MODEL_HYP,
};

/**
 * struct t4_model - the strand's PMU registers and state
 * @pcr: PCR0-3
 * @pic: PIC0-3
 * @mode: the privilege mode the strand runs in
 * @trap_in_priv: traps arrive once the strand has entered privileged
 *	mode (a disrupting trap's skid into the kernel)
 * @ntc: the instructions counted now are next-to-commit instructions
 * @write_counts: a PCR write is itself one event of what the written PCR
 *	selects (it runs hyperprivileged: counted when PCR.ht is set)
 * @pc: the address of the instruction that causes the next events
 * @free: counters the backend lets the driver use
 * @busy: reserve() fails
 * @reserved: the driver holds the counters
 * @pcr_writes: PCR writes per counter (hypervisor calls)
 * @pic_writes: PIC writes per counter
 * @pcr_reads: PCR reads (hypervisor calls)
 * @pic_reads: PIC reads
 * @traps: overflow traps delivered
 * @lost_traps: precise overflow traps the hardware dropped (PCR.ht set,
 *	or the strand hyperprivileged)
 * @ov_rewrites: writes that cleared ov and had it set again by hardware
 * @write_events: events the PCR writes themselves counted
 * @unclaimed: traps the driver said were not its own
 * @user_traps: privileged_action traps of user loads of a PIC
 *	(t4_model_user_read_pic())
 * @trap_lost: per counter, the pending overflow raises no trap
 * @nmi_on_start: run once, inside the PCR write that starts a counter,
 *	as an interrupt taken right after that write would
 * @after_pic_write: run once, right after the next PIC write, as events
 *	counted before the driver's next access would
 * @after_pcr_read: the same, right after the next PCR read
 * @hook_nmis: interrupts delivered while the backend attached or
 *	detached the handler (as an NMI-watchdog tick could)
 * @nmi: an interrupt between any two PCR/PIC accesses of the driver
 * @raise: takes the level-15 interrupt in place of the model, which
 *	otherwise calls the handler itself (the live guest sends an NMI);
 *	whether the driver claimed it
 * @in_trap: the handler runs: a trap raised meanwhile (the counters go
 *	on counting) waits until it returns, as level 15 does not nest
 * @cpu: the CPU whose strand this is, the one t4_model_reset() ran on;
 *	the driver's register accesses on another CPU reach that strand's
 *	own registers (struct t4_model_strand)
 */
struct t4_model {
	u64 pcr[T4_NUM_COUNTERS];
	u32 pic[T4_NUM_COUNTERS];
	enum t4_model_mode mode;
	bool trap_in_priv;
	bool ntc;
	bool write_counts;
	unsigned long pc;
	unsigned int free;
	bool busy;
	bool reserved;
	unsigned int pcr_writes[T4_NUM_COUNTERS];
	unsigned int pic_writes[T4_NUM_COUNTERS];
	unsigned int pcr_reads;
	unsigned int pic_reads;
	unsigned int traps;
	unsigned int lost_traps;
	unsigned int ov_rewrites;
	u64 write_events;
	unsigned int unclaimed;
	unsigned int user_traps;
	bool trap_lost[T4_NUM_COUNTERS];
	void (*nmi_on_start)(void);
	void (*after_pic_write)(void);
	void (*after_pcr_read)(void);
	unsigned int hook_nmis;
	struct pmu_model_nmi nmi;
	bool (*raise)(void);
	bool in_trap;
	unsigned int cpu;
};

/**
 * struct t4_model_strand - the PCRs and PICs of another CPU's strand
 * @pcr: PCR0-3
 * @pic: PIC0-3
 *
 * The events of a strand in t4_model_core that are shared by the core's
 * strands (TABLE 10-2 note 13) count here too, in the model's mode; a
 * wrap sets ov but raises no trap (the tests keep these PICs from
 * wrapping).
 */
struct t4_model_strand {
	u64 pcr[T4_NUM_COUNTERS];
	u32 pic[T4_NUM_COUNTERS];
};

/**
 * struct t4_model_mcu - one memory controller's DRAM counter registers
 * @ctl: DRAM_PERF_CTL_REG
 * @count01: DRAM_PERF_COUNT01_REG
 * @count23: DRAM_PERF_COUNT23_REG
 * @after_read: events of @after_select that arrive right after each read
 *	of DRAM_PERF_COUNT01_REG, before the driver's next access
 * @after_select: their select code
 * @after_total: how many of those have arrived
 */
struct t4_model_mcu {
	u64 ctl;
	u64 count01;
	u64 count23;
	u64 after_read;
	unsigned int after_select;
	u64 after_total;
};

extern struct t4_model t4_model;
extern struct cpumask t4_model_core;
extern struct t4_model_mcu t4_model_mcu[T4_DRAM_NR_MCU];
extern const struct t4_pmu_ops t4_model_ops;
extern struct t4_dram_ops t4_model_dram_ops;

void t4_model_reset(void);
void t4_model_count(unsigned int sl, unsigned int mask, u64 n);
void t4_model_count_strand(unsigned int cpu, unsigned int sl,
			   unsigned int mask, u64 n);
void t4_model_count_selected(u64 n);
void t4_model_deliver(void);
unsigned int t4_model_pcr_writes(void);
int t4_model_user_read_pic(unsigned int c, u64 *value);
u64 t4_model_watchdog(void);
void t4_model_dram_reset(void);
void t4_model_dram_count(unsigned int mcu, unsigned int select, u64 n);
void t4_model_dram_count_selected(u64 n);

#endif /* _T4_MODEL_H */
