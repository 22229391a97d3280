/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The register models of the KUnit tests, turned live in an x86_64 guest:
 * a clock advances them with what the guest runs and their overflow
 * interrupts arrive as NMIs.
 */
#ifndef _MODEL_LIVE_H
#define _MODEL_LIVE_H

#include <linux/ptrace.h>
#include <linux/types.h>

/**
 * struct model_live - one model in the live guest
 * @name: the PMU family, for the log
 * @start: reset the model and register its PMUs; 0 or a negative errno
 * @stop: unregister them
 * @tick: the CPU ran the context of @regs for @ns nanoseconds; count the
 *	events that time stands for (hard interrupt context, the model's
 *	interrupt may be raised from here)
 * @catch_up: as @tick, before a register access of the driver; @regs is
 *	NULL when no hard interrupt made the access (count in the mode of
 *	the last tick); the model's interrupt waits for the next tick
 * @interrupt: the model's overflow interrupt, in NMI context, with the
 *	registers of the context the events were counted in; whether the
 *	driver claimed it
 */
struct model_live {
	const char *name;
	int (*start)(void);
	void (*stop)(void);
	void (*tick)(struct pt_regs *regs, u64 ns);
	void (*catch_up)(struct pt_regs *regs, u64 ns);
	bool (*interrupt)(struct pt_regs *regs);
};

extern const struct model_live t4_live;
extern const struct model_live ia64_live;

struct pmu_core_backend;

bool model_live_raise(const struct model_live *m);
void model_live_backend(struct pmu_core_backend *hw, int (*hook)(void),
			void (*unhook)(void));
void model_live_hook(const struct model_live *m, bool on);
void model_live_catch_up(void);

#endif /* _MODEL_LIVE_H */
