// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: what the core-PMU framework
 * (include/pmu-suite/core-pmu.h) needs from the 9300: freezing with
 * PMC0.fr, the events' placement (ia64_schedule()) and configuration
 * registers (ia64_compute_pmcs()), and samples from the EARs and the
 * execution trace buffer, and of cpe_cpp_misc.cear from the core's QEAR
 * (5.3).
 *
 * Every counter has PMC.oi set: when one wraps, the PMU freezes itself,
 * records the counter in PMC0 and interrupts. The handler reads the EARs
 * and the trace buffer only then, with PMC0.fr still set, as 3.3.1
 * requires, and re-arms them by clearing their valid bits.
 *
 * Register access goes through struct ia64_pmu_ops, provided by the ia64
 * backend or, under KUnit, by a model of the PMU.
 */
#define pr_fmt(fmt) "itanium9300_pmu: " fmt

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/export.h>
#include <linux/perf_event.h>
#include <pmu-suite/core-pmu.h>

#include <pmu-suite/itanium9300/backend.h>
#include <pmu-suite/itanium9300/regs.h>
#include "ia64-catalogue.h"
#include "ia64-event.h"
#include "ia64-pmc.h"
#include "ia64-sample.h"
#include "ia64-sched.h"
#include "ia64-pmu.h"

/* A PMD interrupts when it wraps. */
static const struct pmu_counters ia64_pmds = {
	.n		= IA64_NUM_COUNTERS,
	.width		= IA64_COUNTER_WIDTH,
	.interrupt_at	= BIT_ULL(IA64_COUNTER_WIDTH),
	.max_run	= BIT_ULL(IA64_COUNTER_WIDTH) - 1,
};

/* The driver's per-CPU state: one slot per event, and the registers. */
struct ia64_cpu {
	struct ia64_event dec[IA64_NUM_COUNTERS];
	struct ia64_schedule sched;
	struct ia64_pmcs pmcs;
	/* The trace buffer decoded for a sample; entries must follow. */
	struct perf_branch_stack brs;
	struct perf_branch_entry brs_entries[IA64_ETB_ENTRIES];
	/* CPE_CSR_QEAR_CTL as this CPU last enabled it, 0 if it did not. */
	u64 qear_ctl;
};

/* The PMU; its backend's struct ia64_pmu_ops embeds pmu_core.backend. */
struct pmu_core ia64_pmu_core;
EXPORT_SYMBOL_GPL(ia64_pmu_core);

static const struct ia64_pmu_ops *ia64_hw(struct pmu_core *pc)
{
	return container_of(pc->backend, struct ia64_pmu_ops, hw);
}

/*
 * A sampling CPE_CPP_MISC.CEAR event that asks for what the QEAR measures
 * reads it at each overflow (5.3): the QEAR is enabled for it, on this
 * thread. A counting one leaves CPE_CSR_QEAR_CTL as it is.
 */
static bool ia64_samples_qear(struct perf_event *event,
			      const struct ia64_event *ev)
{
	return ev->code == IA64_QEAR_CODE && ev->umask == IA64_QEAR_UMASK &&
	       is_sampling_event(event) &&
	       (event->attr.sample_type & (PERF_SAMPLE_PHYS_ADDR |
					   PERF_SAMPLE_WEIGHT_TYPE |
					   PERF_SAMPLE_DATA_SRC));
}

/*
 * Decode an event's configuration (hw.config: the raw config, which for a
 * generic event is the framework's mapping of it) with its privilege
 * levels and ETB.
 */
static int ia64_decode_perf(struct perf_event *event, struct ia64_event *ev,
			    const char **why)
{
	struct perf_event_attr *attr = &event->attr;
	int ret;

	ret = ia64_event_decode(event->hw.config, attr->config1, attr->config2,
				ev, why);
	if (ret)
		return ret;
	/* combine joins the qualifications of the event's own group only. */
	ev->group = event->group_leader->id;
	ev->plm = ia64_plm(attr->exclude_user, attr->exclude_kernel);
	ev->qear = ia64_samples_qear(event, ev);
	if (!ev->plm) {
		/* Table 3-4: with plm 0 the PMD is not even preserved. */
		*why = "the event excludes every privilege level";
		return -EINVAL;
	}
	return ia64_branch_config(ev, has_branch_stack(event),
				  attr->branch_sample_type, why);
}

/*
 * Address ranges live in IBR/DBR, which ptrace gives a traced task for its
 * breakpoints: the kernel loads the task's values at every switch to it and
 * saves what the registers hold at every switch away. A range therefore
 * belongs to a per-task event (a CPU-wide one would lose it to every traced
 * task that runs), is refused for a traced task, and is never programmed
 * while the running task owns the registers (ia64_may_run()): the switch
 * away would save it as the task's breakpoints.
 */
static int ia64_check_debug_regs(struct pmu_core *pc, struct perf_event *event,
				 const char **why)
{
	if (!ia64_uses_debug_regs(event->attr.config1))
		return 0;
	if (!(event->attach_state & PERF_ATTACH_TASK)) {
		*why = "an address range needs a per-task event";
		return -EOPNOTSUPP;
	}
	if (ia64_hw(pc)->debug_regs_in_use(event->hw.target)) {
		*why = "the task's debug registers are in use by a debugger";
		return -EBUSY;
	}
	return 0;
}

static bool ia64_may_run(struct pmu_core *pc, struct perf_event *event)
{
	return !ia64_uses_debug_regs(event->attr.config1) ||
	       !ia64_hw(pc)->debug_regs_in_use(current);
}

/* check() decodes an event into a struct ia64_event, once. */
static int ia64_check(struct pmu_core *pc, struct perf_event *event,
		      u64 config, void *dec, u32 *traits, const char **why)
{
	struct ia64_event ev;
	int ret;

	ret = ia64_decode_perf(event, &ev, why);
	if (ret)
		return ret;
	*(struct ia64_event *)dec = ev;
	/* The EARs give the exact instruction; nothing else does. */
	*why = "only EAR events have an exact instruction address";
	if (event->attr.precise_ip && ev.ear == IA64_EAR_NONE)
		return -EOPNOTSUPP;
	*why = "the backend cannot reach this core's QEAR";
	if (ev.qear && !ia64_hw(pc)->read_qear)
		return -EOPNOTSUPP;
	*why = "qear_mc and qear_thresh need a sample of phys_addr, weight or data_src";
	if (!ev.qear && (event->hw.config & (IA64_CFG_QEAR_MC |
					     IA64_CFG_QEAR_THRESH)))
		return -EINVAL;
	/*
	 * What counts both hardware threads of the core: .all; the events
	 * that ignore it and always count both (the catalogue marks them);
	 * and cpe_cpp_misc.cear, counted or sampled: the QEAR is "not a
	 * threaded resource" (5.3), so what it captures may be the other
	 * thread's request.
	 */
	if (ev.all || (ev.flags & IA64_EV_ALL_IGNORED) ||
	    (ev.code == IA64_QEAR_CODE && ev.umask == IA64_QEAR_UMASK))
		*traits |= PMU_CORE_TRAIT_OTHER_THREADS;
	return ia64_check_debug_regs(pc, event, why);
}

/*
 * The group is read at each placing: a group's events become leaders of
 * their own when their leader is closed.
 */
static void ia64_place(struct pmu_core *pc, void *priv, unsigned int slot,
		       struct perf_event *event)
{
	struct ia64_cpu *cpu = priv;

	cpu->dec[slot] = *(const struct ia64_event *)pmu_core_decoded(event);
	cpu->dec[slot].group = event->group_leader->id;
}

static void ia64_move(void *priv, unsigned int to, unsigned int from)
{
	struct ia64_cpu *cpu = priv;

	cpu->dec[to] = cpu->dec[from];
}

/*
 * The QEAR has one CPE_CSR_QEAR_CTL: the events that sample it must
 * agree on its classes and threshold.
 */
static bool ia64_qear_agree(const struct ia64_event *dec, unsigned int n)
{
	const struct ia64_event *first = NULL;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!dec[i].qear)
			continue;
		if (!first)
			first = &dec[i];
		else if (dec[i].qear_mc != first->qear_mc ||
			 dec[i].qear_thresh != first->qear_thresh)
			return false;
	}
	return true;
}

static bool ia64_fits(struct pmu_core *pc, void *priv, unsigned int n)
{
	struct ia64_cpu *cpu = priv;
	struct ia64_schedule s;

	return ia64_qear_agree(cpu->dec, n) && !ia64_schedule(cpu->dec, n, &s);
}

/* Freeze the counters; return PMC0 with the overflow bits. */
static u64 ia64_freeze_pmu(const struct ia64_pmu_ops *hw)
{
	u64 pmc0 = hw->read_pmc(0) | IA64_PMC0_FR;

	hw->write_pmc(0, pmc0);
	return pmc0;
}

/*
 * An overflow not yet taken as an interrupt is folded by the framework
 * with PMC0's bit; enabling clears PMC0, so a late interrupt finds
 * nothing left to do.
 */
static u64 ia64_freeze(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	return ia64_freeze_pmu(ia64_hw(pc));
}

static void ia64_write_pmcs(const struct ia64_pmu_ops *hw,
			    const struct ia64_pmcs *p)
{
	unsigned int i;

	for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++)
		hw->write_pmc(i, p->counter[i]);
	hw->write_pmc(IA64_PMC_OPCM0_MASK, p->opcm0_mask);
	hw->write_pmc(IA64_PMC_OPCM0_MATCH, p->opcm0_match);
	hw->write_pmc(IA64_PMC_OPCM1_MASK, p->opcm1_mask);
	hw->write_pmc(IA64_PMC_OPCM1_MATCH, p->opcm1_match);
	hw->write_pmc(IA64_PMC_OPC_CFG, p->opc_cfg);
	hw->write_pmc(IA64_PMC_IEAR, p->iear);
	hw->write_pmc(IA64_PMC_IAR, p->iar);
	hw->write_pmc(IA64_PMC_ETB, p->etb);
	hw->write_pmc(IA64_PMC_DEAR, p->dear);
	hw->write_pmc(IA64_PMC_DAR, p->dar);
	hw->write_pmc(IA64_PMC_IPEAR, p->ipear);
	for (i = 0; i < ARRAY_SIZE(p->ibr); i++)
		if (p->ibrp_used & BIT(i / 2))
			hw->write_ibr(i, p->ibr[i]);
	if (p->use_dbr) {
		hw->write_dbr(0, p->dbr[0]);
		hw->write_dbr(1, p->dbr[1]);
	}
}

/* Clear the EARs' valid bits and the ETB index: they latch only when clear. */
static void ia64_rearm(const struct ia64_pmu_ops *hw,
		       const struct ia64_schedule *s)
{
	if (s->dear >= 0) {
		hw->write_pmd(IA64_PMD_DEAR_LAT, 0);
		hw->write_pmd(IA64_PMD_DEAR_IP, 0);
	}
	if (s->iear >= 0)
		hw->write_pmd(IA64_PMD_IEAR_ADDR, 0);
	if (s->etb >= 0)
		hw->write_pmd(IA64_PMD_ETB_INDEX, 0);
}

/*
 * The QEAR is the core's (5.3): enable it with ot naming this thread when
 * one of the CPU's events samples it, and write it only when its fields
 * differ, since a write restarts the measurement. When the last such
 * event leaves, disable it unless the other thread has since taken it.
 */
static void ia64_program_qear(const struct ia64_pmu_ops *hw,
			      struct ia64_cpu *cpu, unsigned int n)
{
	u64 fields = GENMASK_ULL(15, 0), ctl = 0, cur;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (cpu->dec[i].qear)
			ctl = ia64_qear_ctl(&cpu->dec[i], hw->core_thread());
	if (!ctl && !cpu->qear_ctl)
		return;
	cur = hw->read_qear(IA64_CPE_QEAR_CTL) & fields;
	if (ctl && cur != ctl)
		hw->write_qear(IA64_CPE_QEAR_CTL, ctl);
	else if (!ctl && cur == cpu->qear_ctl)
		hw->write_qear(IA64_CPE_QEAR_CTL, 0);
	cpu->qear_ctl = ctl;
}

/* Program the registers and counters for the current events, frozen. */
static void ia64_program(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	const struct ia64_pmu_ops *hw = ia64_hw(pc);
	struct ia64_cpu *cpu = pmu_core_priv(pcpu);
	struct ia64_pmcs *p = &cpu->pmcs;
	unsigned int i;

	/* A subset of a placed group is always placeable. */
	if (WARN_ON_ONCE(ia64_schedule(cpu->dec, pcpu->n, &cpu->sched)))
		pcpu->n = 0;
	ia64_compute_pmcs(cpu->dec, pcpu->n, &cpu->sched, p);
	for (i = 0; i < pcpu->n; i++) {
		struct perf_event *event = pcpu->event[i];

		event->hw.idx = cpu->sched.pmd[i];
		/* A stopped event keeps its counter, counting nothing. */
		if (!pmu_core_counting(event))
			p->counter[event->hw.idx] &= ~IA64_PMC_PLM;
	}
	ia64_write_pmcs(hw, p);
	ia64_program_qear(hw, cpu, pcpu->n);
	/* Start values are below 2^47: bit 47, the overflow bit, is 0 (3.3.2). */
	for (i = 0; i < pcpu->n; i++)
		pmu_core_write_slot(pc, pcpu, i);
	ia64_rearm(hw, &cpu->sched);
}

/*
 * After an interrupt that changed no event, the PMCs, ranges and QEAR are
 * as ia64_program() left them: the framework rewrites the counters that
 * overflowed, this lets the EARs and the ETB latch again, and unfreezing
 * clears PMC0. A stopped event's PMC was written counting nothing: it
 * goes through ia64_program().
 */
static bool ia64_rearm_only(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	struct ia64_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int i;

	for (i = 0; i < pcpu->n; i++)
		if (pcpu->event[i]->hw.idx < 0 ||
		    !pmu_core_counting(pcpu->event[i]))
			return false;
	ia64_rearm(ia64_hw(pc), &cpu->sched);
	return true;
}

/* Clear the overflow bits and the freeze bit: counting resumes. */
static void ia64_unfreeze(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	ia64_hw(pc)->write_pmc(0, 0);
}

/*
 * PMD4-15 may be read while counting (3.3.2). A counter whose overflow
 * is pending is left to the interrupt, which needs the value from before
 * the wrap to count it.
 */
static bool ia64_read_pending(struct pmu_core *pc, struct perf_event *event)
{
	return ia64_hw(pc)->read_pmc(0) & BIT_ULL(event->hw.idx);
}

/*
 * The PMU froze itself when a counter with oi wrapped, and records the
 * counters that did in PMC0. Raised before the PMU was disabled: the
 * disable folded them; acknowledge and stay frozen.
 */
static u64 ia64_irq_ack(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	const struct ia64_pmu_ops *hw = ia64_hw(pc);
	u64 pmc0 = hw->read_pmc(0);

	if (!pcpu->enabled) {
		hw->write_pmc(0, IA64_PMC0_FR);
		return pmc0 & ~IA64_PMC0_FR;
	}
	if (!(pmc0 & IA64_PMC0_FR))
		pmc0 = ia64_freeze_pmu(hw);
	return pmc0 & ~IA64_PMC0_FR;
}

/* Read the trace buffer (frozen) into the CPU's branch stack. */
static void ia64_read_etb(const struct ia64_pmu_ops *hw, struct ia64_cpu *cpu,
			  const struct ia64_event *ev)
{
	u64 etb[IA64_ETB_ENTRIES], index, ext;
	unsigned int i;

	for (i = 0; i < IA64_ETB_ENTRIES; i++)
		etb[i] = hw->read_pmd(IA64_PMD_ETB_FIRST + i);
	index = hw->read_pmd(IA64_PMD_ETB_INDEX);
	ext = hw->read_pmd(IA64_PMD_ETB_EXT);
	if (ev->ipear)
		cpu->brs.nr = ia64_decode_ipear(index, ext, etb, cpu->brs_entries,
						IA64_ETB_ENTRIES);
	else
		cpu->brs.nr = ia64_decode_etb(index, ext, etb, cpu->brs_entries,
					      IA64_ETB_ENTRIES);
	cpu->brs.hw_idx = -1ULL;
}

/* Read the event's EAR (frozen); false when it captured nothing. */
static bool ia64_read_ear(const struct ia64_pmu_ops *hw,
			  const struct ia64_event *ev, struct ia64_ear_sample *s)
{
	if (ev->ear == IA64_EAR_DATA)
		ia64_decode_dear(ev->ear_mode,
				 hw->read_pmd(IA64_PMD_DEAR_ADDR),
				 hw->read_pmd(IA64_PMD_DEAR_LAT),
				 hw->read_pmd(IA64_PMD_DEAR_IP), s);
	else
		ia64_decode_iear(ev->ear_mode,
				 hw->read_pmd(IA64_PMD_IEAR_ADDR),
				 hw->read_pmd(IA64_PMD_IEAR_LAT), s);
	return s->valid;
}

static bool ia64_sample(struct pmu_core_sample *sample)
{
	const struct ia64_pmu_ops *hw = ia64_hw(sample->pc);
	struct ia64_cpu *cpu = pmu_core_priv(sample->cpu);
	const struct ia64_event *ev = &cpu->dec[sample->slot];
	struct perf_sample_data *data = sample->data;
	struct perf_event *event = sample->event;
	u64 type = event->attr.sample_type;
	struct ia64_ear_sample s = {};
	struct ia64_qear_sample q = {};
	unsigned long ip = instruction_pointer(sample->regs);
	bool user = user_mode(sample->regs);

	/* No capture to report: the miss was not the tracked one. */
	if (ev->ear != IA64_EAR_NONE && !ia64_read_ear(hw, ev, &s))
		return false;
	/* A QEAR measurement still in progress is not one (5.3, step 5). */
	if (ev->qear) {
		ia64_decode_qear(hw->read_qear(IA64_CPE_QEAR_DAT0),
				 hw->read_qear(IA64_CPE_QEAR_DAT1),
				 hw->read_qear(IA64_CPE_QEAR_CTL), &q);
		if (!q.valid)
			return false;
		s.latency = q.latency;
		s.data_src = q.data_src;
	}
	/* The EAR's instruction: its region says whose it is. */
	if (s.ip_valid) {
		ip = s.ip;
		user = ip < IA64_USER_END;
	}
	if (!pmu_core_sample_regs(sample, ip, user))
		return false;
	/* The perf core computes PHYS_ADDR from the data address. */
	if (type & (PERF_SAMPLE_ADDR | PERF_SAMPLE_PHYS_ADDR)) {
		data->addr = s.addr_valid ? s.addr : 0;
		data->sample_flags |= PERF_SAMPLE_ADDR;
	}
	/* The QEAR's address is physical: ADDR stays 0. */
	if (ev->qear && (type & PERF_SAMPLE_PHYS_ADDR)) {
		data->phys_addr = q.phys_addr;
		data->sample_flags |= PERF_SAMPLE_PHYS_ADDR;
	}
	if (type & PERF_SAMPLE_DATA_SRC) {
		data->data_src.val = ev->ear != IA64_EAR_NONE || ev->qear ?
				     s.data_src :
				     PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
		data->sample_flags |= PERF_SAMPLE_DATA_SRC;
	}
	if (type & PERF_SAMPLE_WEIGHT_TYPE) {
		data->weight.full = s.latency;
		data->sample_flags |= PERF_SAMPLE_WEIGHT_TYPE;
	}
	if (ia64_event_uses_buffer(ev) && (type & PERF_SAMPLE_BRANCH_STACK)) {
		ia64_read_etb(hw, cpu, ev);
		pmu_core_save_brstack(data, event, &cpu->brs);
	}
	return true;
}

/* sysfs: format/ (Table 3-5 and the qualification), events/, caps/ */

static const struct pmu_core_ops ia64_core_ops = {
	PMU_CORE_HOOKS(ia64),
	.event_size	= sizeof(struct ia64_event),
	.counters	= &ia64_pmds,
	.filters	= PMU_FILTER_USER | PMU_FILTER_KERNEL |
			  PMU_FILTER_HV | PMU_FILTER_GUEST,
	.config12	= true,
	.branch_stack	= true,
	.may_run	= ia64_may_run,
	.read_pending	= ia64_read_pending,
	.rearm_only	= ia64_rearm_only,
	.branches	= IA64_ETB_ENTRIES / 2,
	.max_precise	= 2,
	.caps_name	= "Itanium 9300",
	.identifier	= IA64_PMU_IDENTIFIER,
};

/**
 * ia64_register() - register the Itanium 9300 core PMU over a register backend
 * @ops: the backend's register access, kept until ia64_unregister()
 * @name: the PMU's name
 *
 * Return: 0, or the error registering the PMU gave.
 */
int ia64_register(const struct ia64_pmu_ops *ops, const char *name)
{
	return pmu_core_register(&ia64_pmu_core, &ia64_core_ops, &ops->hw, name);
}
EXPORT_SYMBOL_GPL(ia64_register);

/**
 * ia64_unregister() - unregister the PMU ia64_register() registered
 */
void ia64_unregister(void)
{
	pmu_core_unregister(&ia64_pmu_core);
}
EXPORT_SYMBOL_GPL(ia64_unregister);

/**
 * ia64_pmu_interrupt() - handle a performance monitor interrupt
 * @regs: the interrupted registers
 *
 * Called by the backend, possibly inside any of the framework's callbacks
 * (include/pmu-suite/core-pmu.h).
 *
 * Return: true if an event of the PMU had overflowed.
 */
bool ia64_pmu_interrupt(struct pt_regs *regs)
{
	return pmu_core_handle_irq(&ia64_pmu_core, regs);
}
EXPORT_SYMBOL_GPL(ia64_pmu_interrupt);
