// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: what the core-PMU framework (include/pmu-suite/core-pmu.h)
 * needs from POWER9: the events' decoding and placement (p9_schedule()),
 * the control registers (p9_compute_mmcr()), freezing with MMCR0[FC],
 * overflow as a negative PMC, and samples from SIER, SIAR, SDAR and the
 * BHRB.
 *
 * Register access goes through struct p9_pmu_ops, provided by the powerpc
 * backend or, under KUnit, by a model of the PMU.
 */
#define pr_fmt(fmt) "power9_pmu: " fmt

#include <linux/bitops.h>
#include <linux/cpumask.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <pmu-suite/core-pmu.h>

#include <pmu-suite/power9/backend.h>
#include <pmu-suite/power9/regs.h>
#include "p9-bhrb.h"
#include "p9-catalogue.h"
#include "p9-event.h"
#include "p9-mmcr.h"
#include "p9-sched.h"
#include "p9-pmu.h"

/* A PMC alerts when bit 31 becomes set ("negative"). */
#define P9_PMC_NEGATIVE		BIT_ULL(31)

/* The PMCs: 32 bits; a run ends when bit 31 becomes set. */
static const struct pmu_counters p9_pmcs = {
	.n		= P9_NUM_PMCS,
	.width		= 32,
	.interrupt_at	= P9_PMC_NEGATIVE,
	.max_run	= P9_PMC_NEGATIVE - 1,
};

/* The driver's per-CPU state: one slot per event, and the registers. */
struct p9_cpu {
	struct p9_event dec[P9_NUM_PMCS];
	struct p9_counter_attr attr[P9_NUM_PMCS];
	struct p9_schedule sched;
	/*
	 * The placement p9_fits() found for the first fit_n slots, while
	 * they hold the same events: the program that follows the perf
	 * core's adds takes it instead of searching again.
	 */
	struct p9_schedule fit_sched;
	unsigned int fit_n;
	struct p9_mmcr mmcr;
	/*
	 * The last events placed (p9_program()), their placement and
	 * registers; sched and mmcr hold them while prog_active.
	 */
	u64 prog_config[P9_NUM_PMCS];
	struct p9_counter_attr prog_attr[P9_NUM_PMCS];
	struct p9_schedule prog_sched;
	struct p9_mmcr prog_mmcr;
	unsigned int prog_n;
	u8 prog_stopped;
	bool prog_valid;
	bool prog_active;
	/* The MMCRs as last written, while the PMU has stayed reserved */
	struct p9_mmcr hw_mmcr;
	bool hw_mmcr_valid;
	/* PMCs written 0 that cannot have counted since (bit n: PMC n + 1) */
	u8 pmc_zero;
	/* What the hypervisor was last told (p9_write_mmcrs()) */
	bool in_use;
	/*
	 * MMCR0 as last written lets nothing count and no alert come, so
	 * the hardware cannot have changed it (p9_freeze_all()).
	 */
	bool hw_quiet;
	/* P9_READ_* the interrupt needs for the events' samples */
	u8 sample_reads;
	/* The events are the running task's: its switch out freezes */
	bool task_events;
	/* The events are event-based branch events (all or none are) */
	bool ebb;
	/* An EBB task's bits are in the hardware (p9_unfreeze()) */
	bool hw_ebb;
	/* SIER, SIAR or SDAR may hold an address (p9_clear_sample()) */
	bool sample_set;
	/* The sample registers captured at the interrupt. */
	struct p9_sample_regs regs;
	/* The task the BHRB has recorded for, NULL when no event reads it */
	const void *bhrb_owner;
	struct perf_branch_stack brs;
	struct perf_branch_entry brs_entries[P9_BHRB_ENTRIES];
};

/* The PMU; its backend's struct p9_pmu_ops embeds pmu_core.backend. */
struct pmu_core p9_pmu_core;
EXPORT_SYMBOL_GPL(p9_pmu_core);

static const struct p9_pmu_ops *p9_hw(struct pmu_core *pc)
{
	return container_of(pc->backend, struct p9_pmu_ops, hw);
}

/* sysfs: format/ (Figure 5-2), events/ (the catalogue), caps/ */

/*
 * events/: mem-loads and mem-stores, which perf mem opens, beside the
 * catalogue's files; and the catalogue hides the codes this revision
 * counts wrongly.
 */
static struct attribute *p9_mem_event_attrs[] = {
	PMU_CORE_EVENT("mem-loads", P9_MEM_LOADS),
	PMU_CORE_EVENT("mem-stores", P9_MEM_STORES),
	NULL
};

static const struct attribute_group p9_mem_events_group = {
	.name	= "events",
	.attrs	= p9_mem_event_attrs,
};

static bool p9_event_visible(struct pmu_core *pc, u64 config)
{
	return !p9_event_restricted(config, p9_hw(pc)->pvr);
}

/*
 * Event-based branches (MMCR0[EBE]): the task takes its counters' alerts
 * and reads and writes them itself. As the built-in PMU asks: a group of
 * EBB events only, per task, pinned and exclusive (nothing else shares
 * the PMU with it), that neither samples nor is inherited.
 */
static int p9_ebb_check(struct pmu_core *pc, struct perf_event *event,
			bool ebb, const char **why)
{
	const struct perf_event *leader = event->group_leader;
	const struct perf_event_attr *a = &event->attr;
	bool leader_ebb = leader == event ? ebb :
			  leader->pmu == event->pmu &&
			  (leader->hw.config & P9_RAW_EBB);

	*why = "EBB events go in groups of EBB events only";
	if (leader_ebb != ebb)
		return -EINVAL;
	if (!ebb)
		return 0;
	*why = "EBB events need a backend that switches their registers";
	if (!p9_hw(pc)->ebb_save || !p9_hw(pc)->ebb_restore ||
	    !p9_hw(pc)->read_mmcr0 || !p9_hw(pc)->read_mmcr2)
		return -EOPNOTSUPP;
	*why = "EBB events count one task, pinned and exclusive";
	if (!(event->attach_state & PERF_ATTACH_TASK) ||
	    !leader->attr.pinned || !leader->attr.exclusive)
		return -EINVAL;
	*why = "EBB events neither sample nor are inherited";
	if (a->freq || a->sample_period || a->sample_type || a->inherit ||
	    a->enable_on_exec || has_branch_stack(event))
		return -EINVAL;
	return 0;
}

/* What check() decodes of an event, once; place() copies it to a slot. */
struct p9_decoded {
	struct p9_event ev;
	struct p9_counter_attr attr;
};

static int p9_check(struct pmu_core *pc, struct perf_event *event, u64 config,
		    void *dec, u32 *traits, const char **why)
{
	struct p9_decoded *d = dec;
	struct p9_event ev;
	int ret;

	ret = p9_event_decode(config, &ev, why);
	if (!ret)
		ret = p9_regs_intr_check(event->attr.sample_type,
					 event->attr.sample_regs_intr, why);
	d->attr = (struct p9_counter_attr) {
		.exclude_user = event->attr.exclude_user,
		.exclude_kernel = event->attr.exclude_kernel,
		.exclude_hv = event->attr.exclude_hv,
		.exclude_idle = event->attr.exclude_idle,
		.bhrb = has_branch_stack(event),
	};
	if (!ret && d->attr.bhrb)
		ret = p9_bhrb_filter(event->attr.branch_sample_type,
				     &d->attr.bhrb_mmcra, why);
	if (ret)
		return ret;
	d->ev = ev;
	if (p9_event_restricted(config, p9_hw(pc)->pvr)) {
		*why = "the code counts wrongly on this processor revision";
		return -EOPNOTSUPP;
	}
	ret = p9_ebb_check(pc, event, ev.ebb, why);
	if (ret)
		return ret;
	if (ev.ebb)
		*traits |= PMU_CORE_TRAIT_TASK_COUNTER;
	/* SIAR is exact only for marked instructions (2.4). */
	*why = "only marked events have an exact instruction address";
	return event->attr.precise_ip && !ev.mark ? -EOPNOTSUPP : 0;
}

static void p9_place(struct pmu_core *pc, void *priv, unsigned int slot,
		     struct perf_event *event)
{
	const struct p9_decoded *d = pmu_core_decoded(event);
	struct p9_cpu *cpu = priv;

	if (slot < cpu->fit_n)
		cpu->fit_n = 0;
	cpu->dec[slot] = d->ev;
	cpu->attr[slot] = d->attr;
}

static void p9_move(void *priv, unsigned int to, unsigned int from)
{
	struct p9_cpu *cpu = priv;

	if (to < cpu->fit_n)
		cpu->fit_n = 0;
	cpu->dec[to] = cpu->dec[from];
	cpu->attr[to] = cpu->attr[from];
}

/*
 * Whether the @n events in the slots are among the events last placed
 * (p9_program()), each a different one of them: a subset of a placed
 * group always places (p9_compute_program() relies on it when events
 * leave). A task switched back in adds its events again, and a rotation
 * all but one of those it had, each added event checked with those
 * before it: so no search is made again for them.
 */
static bool p9_fits_placed(const struct p9_cpu *cpu, unsigned int n)
{
	unsigned int i, j;
	u8 taken = 0;

	if (!cpu->prog_valid || n > cpu->prog_n)
		return false;
	for (i = 0; i < n; i++) {
		for (j = 0; j < cpu->prog_n; j++)
			if (!(taken & BIT(j)) &&
			    cpu->prog_config[j] == cpu->dec[i].config &&
			    p9_counter_attr_equal(&cpu->prog_attr[j],
						  &cpu->attr[i]))
				break;
		if (j == cpu->prog_n)
			return false;
		taken |= BIT(j);
	}
	return true;
}

static bool p9_fits(struct pmu_core *pc, void *priv, unsigned int n)
{
	struct p9_cpu *cpu = priv;
	struct p9_schedule s;
	unsigned int i;

	if (p9_fits_placed(cpu, n))
		return true;
	/* EBB takes the whole PMU: never beside other events. */
	for (i = 1; i < n; i++)
		if (cpu->dec[i].ebb != cpu->dec[0].ebb)
			return false;
	if (p9_schedule(cpu->dec, n, &s) || !p9_bhrb_fits(cpu->attr, n))
		return false;
	cpu->fit_sched = s;
	cpu->fit_n = n;
	return true;
}

/* MMCR2 bits that freeze PMC @pmc in every state: privileged, problem, hv. */
static u64 p9_mmcr2_freeze(unsigned int pmc)
{
	return P9_MMCR2_FCS(pmc) | P9_MMCR2_FCP(pmc) | P9_MMCR2_FCH(pmc);
}

/*
 * An EBB task's bits go with it, EBE and PMCC with them: no other task
 * writes the counters from problem state. Read before they are claimed:
 * an interrupt after the claim writes the driver's frozen MMCR0, which
 * must not be taken for the task's. An interrupt between the reads and
 * the claim takes the bits out itself, and the claim then finds them
 * gone. Out of line, as the restore below: the task switches of other
 * events stay short.
 */
static noinline void p9_ebb_out(const struct p9_pmu_ops *hw,
				struct p9_cpu *cpu, bool keep_alert)
{
	u64 mmcr0 = hw->read_mmcr0(), mmcr2 = hw->read_mmcr2();
	struct p9_ebb_task t;

	if (!xchg(&cpu->hw_ebb, false))
		return;
	p9_ebb_task_bits(mmcr0, mmcr2, keep_alert, &t);
	hw->ebb_save(&t);
	/*
	 * The task may have written MMCR2 and MMCRA, and any of PMC1-6
	 * (PMCC 10): none is known to be zero any more.
	 */
	cpu->hw_mmcr_valid = false;
	cpu->pmc_zero = 0;
}

/*
 * Freeze, and drop a pending alert: a counter still negative alerts again
 * when the enable sets PMAE. MMCR0 is all the driver's: what it wrote last
 * (p9_unfreeze()), but for FC, PMAE and PMAO, which an alert changes and
 * this sets or clears anyway, so it is written without being read (an EBB
 * task's bits, which it may have changed, are read first, p9_ebb_out()).
 */
static void p9_freeze_all(struct pmu_core *pc, struct pmu_core_cpu *pcpu,
			  bool keep_alert)
{
	const struct p9_pmu_ops *hw = p9_hw(pc);
	struct p9_cpu *cpu = pmu_core_priv(pcpu);

	if (unlikely(cpu->hw_ebb))
		p9_ebb_out(hw, cpu, keep_alert);
	cpu->hw_quiet = true;
	hw->write_mmcr0((cpu->mmcr.mmcr0 | P9_MMCR0_FC) &
			~(P9_MMCR0_PMAE | P9_MMCR0_PMAO));
}

/*
 * Problem state reads SIER, SIAR and SDAR (MMCR0[PMCC] 00: SPRs 768-782),
 * and the kernel does not switch them: what a sample or an alert left
 * there, a kernel address or another task's, must not stay for the next
 * task to read. They are cleared when the events stop, once the PMU may
 * have written them since the last clear (an alert, sampling or SDAR
 * updates programmed), and at the end of an interrupt that found them set.
 */
static void p9_clear_sample(struct pmu_core *pc, struct p9_cpu *cpu)
{
	if (likely(!cpu->sample_set))
		return;
	cpu->sample_set = false;
	p9_hw(pc)->clear_sample();
}

/*
 * MMCR0 as last written lets nothing count (a switch to a task without
 * events left it frozen): the switch back in has nothing to freeze.
 */
static u64 p9_freeze(struct pmu_core *pc, struct pmu_core_cpu *cpu)
{
	struct p9_cpu *p9 = pmu_core_priv(cpu);

	if (!p9->hw_quiet || p9->hw_ebb)
		p9_freeze_all(pc, cpu, true);
	p9_clear_sample(pc, p9);
	return 0;
}

/*
 * A task switch takes its events off and puts the next task's on, most
 * often the same codes again: keep the last placement and register values
 * while the events' codes, filters and stopped states stay the same.
 */
static bool p9_program_is_current(struct pmu_core_cpu *pcpu, u8 stopped)
{
	struct p9_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int i;

	if (!cpu->prog_valid || cpu->prog_n != pcpu->n ||
	    cpu->prog_stopped != stopped)
		return false;
	for (i = 0; i < pcpu->n; i++)
		if (cpu->prog_config[i] != pcpu->event[i]->hw.config ||
		    !p9_counter_attr_equal(&cpu->prog_attr[i], &cpu->attr[i]))
			return false;
	return true;
}

static void p9_compute_program(struct pmu_core *pc, struct pmu_core_cpu *pcpu,
			       u8 stopped)
{
	struct p9_cpu *cpu = pmu_core_priv(pcpu);
	struct p9_mmcr *m = &cpu->mmcr;
	unsigned int i;

	/* A subset of a placed group is always placeable. */
	if (cpu->fit_n && cpu->fit_n == pcpu->n)
		cpu->sched = cpu->fit_sched;
	else if (WARN_ON_ONCE(p9_schedule(cpu->dec, pcpu->n, &cpu->sched)))
		pcpu->n = 0;
	p9_compute_mmcr(cpu->dec, cpu->attr, pcpu->n, &cpu->sched,
			p9_hw(pc)->kernel_is_hv, m);
	for (i = 0; i < pcpu->n; i++) {
		if (stopped & BIT(i))
			m->mmcr2 |= p9_mmcr2_freeze(cpu->sched.pmc[i]);
		cpu->prog_config[i] = pcpu->event[i]->hw.config;
		cpu->prog_attr[i] = cpu->attr[i];
	}
	cpu->prog_sched = cpu->sched;
	cpu->prog_mmcr = *m;
	cpu->prog_n = pcpu->n;
	cpu->prog_stopped = stopped;
	cpu->prog_valid = true;
	cpu->prog_active = true;
}

/*
 * No events (a switch to a task without any): nothing counts and nothing
 * alerts, as p9_compute_mmcr() gives for none. The last events' program
 * is kept, for the task that switches back in with them.
 */
static void p9_program_none(struct p9_cpu *cpu)
{
	cpu->sched = (struct p9_schedule) {};
	cpu->mmcr = (struct p9_mmcr) {
		.mmcr0 = P9_MMCR0_FC1_4 | P9_MMCR0_FC5_6,
	};
	cpu->prog_active = false;
}

/* The registers of the events in the slots, kept or computed. */
static void p9_program_events(struct pmu_core *pc, struct pmu_core_cpu *pcpu,
			      u8 stopped)
{
	struct p9_cpu *cpu = pmu_core_priv(pcpu);

	if (!pcpu->n) {
		p9_program_none(cpu);
	} else if (!p9_program_is_current(pcpu, stopped)) {
		p9_compute_program(pc, pcpu, stopped);
	} else if (!cpu->prog_active) {
		cpu->sched = cpu->prog_sched;
		cpu->mmcr = cpu->prog_mmcr;
		cpu->prog_active = true;
	}
	cpu->ebb = pcpu->n && cpu->dec[0].ebb;
}

/*
 * The BHRB records whatever runs: a task's branch stack must start empty
 * when it is first programmed after another task (or no reader) had the
 * BHRB. The task is only compared, never followed.
 */
static void p9_bhrb_own(const struct p9_pmu_ops *hw, struct p9_cpu *cpu,
			unsigned int n)
{
	const void *owner = NULL;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (cpu->attr[i].bhrb)
			owner = current;
	if (owner && owner != cpu->bhrb_owner)
		hw->clear_bhrb();
	cpu->bhrb_owner = owner;
}

/* Whether MMCR0 value @mmcr0 leaves any counter to count */
static bool p9_counting(u64 mmcr0)
{
	return (mmcr0 & (P9_MMCR0_FC1_4 | P9_MMCR0_FC5_6)) !=
	       (P9_MMCR0_FC1_4 | P9_MMCR0_FC5_6);
}

/*
 * Write the MMCRs that changed: the interrupt reprograms the same events,
 * and so does a switch between tasks counting the same ones. MMCR0 is
 * written by the unfreeze; the hypervisor learns before it whether the
 * counters are in use. MMCR1 and MMCR2 only select and filter what the
 * PMCs count: while no PMC counts (a switch to a task without events)
 * they keep the last events' values, which the next task with the same
 * events finds in place.
 */
static void p9_write_mmcrs(const struct p9_pmu_ops *hw, struct p9_cpu *cpu)
{
	struct p9_mmcr *m = &cpu->mmcr, *w = &cpu->hw_mmcr;
	bool all = !cpu->hw_mmcr_valid, counting = p9_counting(m->mmcr0);

	if (all || counting != cpu->in_use)
		hw->set_in_use(counting);
	cpu->in_use = counting;
	if (all || m->mmcra != w->mmcra)
		hw->write_mmcr(P9_MMCRA, m->mmcra);
	w->mmcra = m->mmcra;
	if (!all && !counting)
		return;
	if (all || m->mmcr1 != w->mmcr1)
		hw->write_mmcr(P9_MMCR1, m->mmcr1);
	if (all || m->mmcr2 != w->mmcr2)
		hw->write_mmcr(P9_MMCR2, m->mmcr2);
	*w = *m;
	cpu->hw_mmcr_valid = true;
}

/*
 * The PMCs that count (bit n: PMC n + 1): those in use, PMC4 with an
 * L2/L3 group's companion code, and PMC5 and PMC6 when either is in use
 * (one FC56). An unused PMC1-4 selects "counter off" (PM_SUSPENDED,
 * selector 0).
 */
static u8 p9_pmcs_counting(const struct p9_schedule *s)
{
	u8 m = s->used;

	if (s->companion)
		m |= BIT(3);
	if (s->used & GENMASK(5, 4))
		m |= GENMASK(5, 4);
	return m;
}

/*
 * The interrupt changes no MMCR but MMCR0, which unfreeze writes; but a
 * counter that counts without an event (PMC4 with an L2/L3 companion code,
 * the unused one of PMC5 and PMC6) may have gone negative, and only
 * p9_program() zeroes it. So may one the driver did not write (a
 * hypervisor that does not keep the PMCs): an alert that no event claims
 * (every placed event's counter kept) zeroes every unused PMC again, as
 * the negative condition would otherwise alert for ever. An EBB task's
 * alerts are its own.
 */
static bool p9_rearm_only(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	struct p9_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int i;

	if (p9_pmcs_counting(&cpu->sched) != cpu->sched.used)
		return false;
	if (cpu->ebb)
		return true;
	for (i = 0; i < pcpu->n; i++)
		if (pcpu->event[i]->hw.idx >= 0 &&
		    pmu_core_counting(pcpu->event[i]) && !(pcpu->keep & BIT(i)))
			return true;
	cpu->pmc_zero = 0;
	return false;
}

/*
 * The counters go back to their other users (the built-in PMU), who may
 * write the MMCRs: once they come back, write them all again.
 */
static void p9_release_extra(struct pmu_core *pc)
{
	int c;

	for_each_possible_cpu(c) {
		struct p9_cpu *cpu = pmu_core_priv(per_cpu_ptr(pc->cpus, c));

		cpu->hw_mmcr_valid = false;
		cpu->hw_quiet = false;
		cpu->pmc_zero = 0;
	}
}

/*
 * What the interrupt reads for the events' samples: SDAR for a data
 * address, or whenever the PMU may write it (marked sampling, SDAR
 * updates), to know whether it must be cleared (p9_capture()); MMCRA for
 * the threshold counter and for the interrupt registers. And whether the
 * events are the running task's, whose switch out clears SIER, SIAR and
 * SDAR (p9_freeze()).
 */
static void p9_sample_needs(struct pmu_core_cpu *pcpu, struct p9_cpu *cpu)
{
	unsigned int i;

	cpu->sample_reads = p9_mmcra_writes_sample_regs(cpu->mmcr.mmcra) ?
			    P9_READ_SDAR : 0;
	cpu->task_events = false;
	for (i = 0; i < pcpu->n; i++) {
		const struct perf_event *event = pcpu->event[i];
		u64 type = event->attr.sample_type;

		if (type & (PERF_SAMPLE_ADDR | PERF_SAMPLE_PHYS_ADDR |
			    PERF_SAMPLE_DATA_PAGE_SIZE))
			cpu->sample_reads |= P9_READ_SDAR;
		if (type & (PERF_SAMPLE_WEIGHT_TYPE | PERF_SAMPLE_REGS_INTR))
			cpu->sample_reads |= P9_READ_MMCRA;
		if (event->attach_state & PERF_ATTACH_TASK)
			cpu->task_events = true;
	}
}

/* Program the control registers and counters for the current events. */
static void p9_program(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	const struct p9_pmu_ops *hw = p9_hw(pc);
	struct p9_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int i;
	u8 stopped = 0, counting;

	for (i = 0; i < pcpu->n; i++)
		if (!pmu_core_counting(pcpu->event[i]))
			stopped |= BIT(i);
	p9_program_events(pc, pcpu, stopped);
	for (i = 0; i < pcpu->n; i++)
		pcpu->event[i]->hw.idx = cpu->sched.pmc[i];
	p9_sample_needs(pcpu, cpu);
	p9_write_mmcrs(hw, cpu);
	p9_bhrb_own(hw, cpu, pcpu->n);
	/*
	 * Unused counters are zeroed, once if nothing counts on them since.
	 * Problem state reads the PMCs (MMCR0[PMCC] 00), so what an event
	 * that left counted must not stay for the next task, with or
	 * without events of its own. And the counter-negative condition is
	 * a state, not an edge: a counter left negative, by a stopped
	 * (throttled) event or an earlier one, would raise an alert as soon
	 * as PMAE is set.
	 *
	 * Each event's counter is written even when the driver zeroed it
	 * and would start it from zero: a PMC no event uses may change
	 * behind the driver (a hypervisor that does not keep the PMCs while
	 * they are not in use), and only an alert would tell. So a switch to
	 * a task without events and back costs 2 + 3n accesses for n
	 * events: the freeze, reading and zeroing each counter, writing it
	 * back and the unfreeze.
	 */
	for (i = 0; i < pcpu->n; i++)
		pmu_core_write_slot(pc, pcpu, i);
	counting = p9_pmcs_counting(&cpu->sched);
	cpu->pmc_zero &= ~counting;
	for (i = 1; i <= P9_NUM_PMCS; i++) {
		if ((cpu->sched.used | cpu->pmc_zero) & BIT(i - 1))
			continue;
		pc->backend->write_counter(i, 0);
		if (!(counting & BIT(i - 1)))
			cpu->pmc_zero |= BIT(i - 1);
	}
}

/* An EBB task's bits, SIAR, SIER and SDAR come back with its events. */
static noinline void p9_ebb_in(const struct p9_pmu_ops *hw, struct p9_cpu *cpu)
{
	struct p9_mmcr m = cpu->mmcr;
	struct p9_ebb_task t;

	cpu->sample_set = true;
	/*
	 * A task's first EBB events start with alerts enabled, as the
	 * built-in PMU starts them (programs written for it wait for a
	 * branch without writing MMCR0 first); what the task sets from then
	 * on is kept with it.
	 */
	if (hw->ebb_restore(&t))
		t.mmcr0 |= P9_MMCR0_PMAE;
	p9_ebb_mmcr(&m, &t);
	hw->write_mmcr(P9_MMCR2, m.mmcr2);
	cpu->hw_mmcr.mmcr2 = m.mmcr2;
	/* Frozen until the write: nothing alerts before it. */
	cpu->hw_ebb = true;
	cpu->hw_quiet = false;
	barrier();
	hw->write_mmcr0(m.mmcr0);
}

/*
 * Nothing to count and no alert to enable (no events), while MMCR0
 * already lets nothing count: it stays as it is, frozen (the switch to
 * a task without events).
 */
static void p9_unfreeze(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	const struct p9_pmu_ops *hw = p9_hw(pc);
	struct p9_cpu *cpu = pmu_core_priv(pcpu);
	u64 mmcr0 = cpu->mmcr.mmcr0;

	/* Sampling and SDAR updates write them while the counters run. */
	if (p9_mmcra_writes_sample_regs(cpu->mmcr.mmcra))
		cpu->sample_set = true;
	if (unlikely(cpu->ebb)) {
		p9_ebb_in(hw, cpu);
		return;
	}
	if (cpu->hw_quiet && !p9_counting(mmcr0) && !(mmcr0 & P9_MMCR0_PMAE))
		return;
	cpu->hw_quiet = !p9_counting(mmcr0) && !(mmcr0 & P9_MMCR0_PMAE);
	hw->write_mmcr0(mmcr0);
}

/* A negative counter has an alert coming, whose handler folds it. */
static bool p9_read_pending(struct pmu_core *pc, struct perf_event *event)
{
	return pc->backend->read_counter(event->hw.idx) & P9_PMC_NEGATIVE;
}

/*
 * Overflows show as negative counters: the alert froze them (FCECE, set
 * whenever an alert is enabled) and cleared PMAE, so the loop looks with
 * nothing written; the unfreeze clears PMAO. An EBB task's alert is its
 * own (the framework leaves its counters alone); the task's bits are kept
 * without PMAO, which would otherwise bring the interrupt back (QEMU
 * raises one beside the branch) before the task has cleared it.
 */
static u64 p9_irq_ack(struct pmu_core *pc, struct pmu_core_cpu *cpu)
{
	struct p9_cpu *p9 = pmu_core_priv(cpu);

	/* PMAO is set: MMCR0 needs writing whatever comes next. */
	p9->hw_quiet = false;
	if (likely(cpu->enabled && !p9->hw_ebb))
		return 0;
	p9_freeze_all(pc, cpu, false);
	/*
	 * An alert the disable overtook latched SIER, SIAR and SDAR, and no
	 * capture will read and clear them: clear them here, whether or not
	 * the disable's own clear has run yet.
	 */
	if (unlikely(!cpu->enabled)) {
		p9->sample_set = true;
		p9_clear_sample(pc, p9);
	}
	return 0;
}

/* A PMC alerts when bit 31 becomes set ("negative"). */
static bool p9_overflowed(struct pmu_core *pc, struct perf_event *event,
			  u64 now, u64 mask)
{
	return now & P9_PMC_NEGATIVE;
}

/*
 * SIER and SIAR, and SDAR and MMCRA when needed (p9_sample_needs()):
 * MMCRA's sampling mode bits are the ones written. What the alert latched
 * stays only if it is the running task's user state, which it may read,
 * and its switch out clears it (p9_freeze()); a kernel address, or one a
 * CPU-wide event found (no switch clears it), is cleared at once.
 */
static void p9_capture(struct pmu_core *pc, struct pmu_core_cpu *pcpu,
		       struct pt_regs *regs)
{
	struct p9_cpu *cpu = pmu_core_priv(pcpu);
	struct p9_sample_regs *r = &cpu->regs;
	u64 kernel = p9_hw(pc)->kernel_base;

	r->sdar = 0;
	r->mmcra = cpu->mmcr.mmcra;
	p9_hw(pc)->read_sample(r, regs, cpu->sample_reads);
	if (!(r->sier | r->siar | r->sdar))
		return;
	cpu->sample_set = true;
	if (cpu->task_events && r->siar < kernel && r->sdar < kernel &&
	    (!(r->sier & P9_SIER_SIAR_VALID) || (r->sier & P9_SIER_MSR_PR)))
		return;
	p9_clear_sample(pc, cpu);
}

static bool p9_thresholding(const struct p9_event *ev)
{
	return ev->mark && ev->thresh_start && ev->thresh_stop;
}

static bool p9_fetch_insn(void *arg, u64 addr, u32 *insn)
{
	const struct p9_pmu_ops *hw = arg;

	return hw->fetch_insn(addr, insn);
}

/* The BHRB (frozen) as @event's branch stack, in the CPU's buffer. */
static void p9_read_bhrb(const struct p9_pmu_ops *hw, struct p9_cpu *cpu,
			 struct perf_event *event)
{
	u64 raw[P9_BHRB_ENTRIES], plm = event->attr.branch_sample_type;
	struct p9_bhrb_reader r = {
		.fetch = p9_fetch_insn,
		.arg = (void *)hw,
		.kernel_base = hw->kernel_base,
		.user = !event->attr.exclude_user &&
			(plm & PERF_SAMPLE_BRANCH_USER),
		.kernel = !event->attr.exclude_kernel &&
			  (plm & (PERF_SAMPLE_BRANCH_KERNEL |
				  (hw->kernel_is_hv ? PERF_SAMPLE_BRANCH_HV :
				   0))),
	};
	unsigned int n;

	for (n = 0; n < P9_BHRB_ENTRIES; n++) {
		raw[n] = hw->read_bhrb(n);
		if (!raw[n])
			break;
	}
	cpu->brs.nr = p9_bhrb_decode(raw, n, &r, cpu->brs_entries);
	cpu->brs.hw_idx = -1ULL;
}

static bool p9_sample(struct pmu_core_sample *sample)
{
	const struct p9_pmu_ops *hw = p9_hw(sample->pc);
	struct p9_cpu *cpu = pmu_core_priv(sample->cpu);
	struct perf_sample_data *data = sample->data;
	struct perf_event *event = sample->event;
	u64 type = event->attr.sample_type;
	/* p9_decode_sample() sets it whole: no zeroing at each sample. */
	struct p9_sample s __uninitialized;

	p9_decode_sample(&cpu->regs, p9_thresholding(&cpu->dec[sample->slot]),
			 event->attr.exclude_kernel, hw->kernel_base, &s);
	if (s.drop || !pmu_core_sample_regs(sample, s.ip, s.user))
		return false;
	hw->sample_mode(sample->sregs, &s);
	/* The perf core computes PHYS_ADDR from the data address. */
	if (type & (PERF_SAMPLE_ADDR | PERF_SAMPLE_PHYS_ADDR)) {
		data->addr = s.addr_valid ? s.addr : 0;
		data->sample_flags |= PERF_SAMPLE_ADDR;
	}
	if (type & PERF_SAMPLE_DATA_SRC) {
		data->data_src.val = s.data_src ? s.data_src :
				     PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
		data->sample_flags |= PERF_SAMPLE_DATA_SRC;
	}
	if (type & PERF_SAMPLE_WEIGHT_TYPE) {
		data->weight.full = s.weight;
		data->sample_flags |= PERF_SAMPLE_WEIGHT_TYPE;
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		p9_read_bhrb(hw, cpu, event);
		pmu_core_save_brstack(data, event, &cpu->brs);
	}
	return true;
}

static const struct pmu_core_ops p9_core_ops = {
	PMU_CORE_HOOKS(p9),
	.event_size	= sizeof(struct p9_decoded),
	.counters	= &p9_pmcs,
	.filters	= PMU_FILTER_USER | PMU_FILTER_KERNEL |
			  PMU_FILTER_HV | PMU_FILTER_IDLE | PMU_FILTER_GUEST,
	.branch_stack	= true,
	/* MMCR0[FC] stops every PMC; a negative one alerts again. */
	.freezes_all	= true,
	.read_pending	= p9_read_pending,
	.rearm_only	= p9_rearm_only,
	.overflowed	= p9_overflowed,
	.capture	= p9_capture,
	.event_visible	= p9_event_visible,
	.extra_events	= &p9_mem_events_group,
	.max_precise	= 2,
	.release_extra	= p9_release_extra,
	.branches	= P9_BHRB_ENTRIES,
	.caps_name	= "POWER9",
};

/**
 * p9_register() - register the POWER9 core PMU over a register backend
 * @ops: the backend's register access, kept until p9_unregister()
 * @name: the PMU's name
 *
 * Return: 0, or the error registering the PMU gave.
 */
int p9_register(const struct p9_pmu_ops *ops, const char *name)
{
	return pmu_core_register(&p9_pmu_core, &p9_core_ops, &ops->hw, name);
}
EXPORT_SYMBOL_GPL(p9_register);

/**
 * p9_unregister() - unregister the PMU p9_register() registered
 */
void p9_unregister(void)
{
	pmu_core_unregister(&p9_pmu_core);
}
EXPORT_SYMBOL_GPL(p9_unregister);

/**
 * p9_pmu_interrupt() - handle a performance monitor interrupt
 * @regs: the interrupted registers
 *
 * Called by the backend, possibly inside any of the framework's callbacks
 * (include/pmu-suite/core-pmu.h).
 *
 * Return: true if an event of the PMU had overflowed.
 */
bool p9_pmu_interrupt(struct pt_regs *regs)
{
	return pmu_core_handle_irq(&p9_pmu_core, regs);
}
EXPORT_SYMBOL_GPL(p9_pmu_interrupt);
