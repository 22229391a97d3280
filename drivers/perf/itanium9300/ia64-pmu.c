// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: the perf glue.
 *
 * Counting state is folded out of the hardware whenever the PMU is
 * disabled: disabling freezes the counters (PMC0.fr) and adds what each
 * counted to its event; enabling places the events (ia64_schedule()),
 * computes the configuration registers (ia64_compute_pmcs()), writes
 * every counter's start value and unfreezes by clearing PMC0. So a
 * change of the event list, a stop or a start never carries a live
 * counter from one PMD to another.
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
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/sampling.h>
#include <pmu-suite/unregister.h>

#include "ia64-catalogue.h"
#include "ia64-event.h"
#include "ia64-pmc.h"
#include "ia64-pmu.h"
#include "ia64-regs.h"
#include "ia64-sample.h"
#include "ia64-sched.h"

#define IA64_WRAP		BIT_ULL(IA64_COUNTER_WIDTH)
#define IA64_MAX_RUN		(IA64_WRAP - 1)

struct ia64_cpu {
	struct perf_event *event[IA64_NUM_COUNTERS];
	struct ia64_event dec[IA64_NUM_COUNTERS];
	unsigned int n;
	unsigned int txn_flags;
	struct ia64_schedule sched;
	struct ia64_pmcs pmcs;
	unsigned int disable_depth;
	bool enabled;
	/* The trace buffer decoded for a sample; entries must follow. */
	struct perf_branch_stack brs;
	struct perf_branch_entry brs_entries[IA64_ETB_ENTRIES];
};

static DEFINE_PER_CPU(struct ia64_cpu, ia64_cpus);
static const struct ia64_pmu_ops *ia64_ops;
static struct pmu ia64_pmu;

static DEFINE_MUTEX(ia64_reserve_mutex);
static int ia64_active_events;

static void ia64_release_hw(void)
{
	mutex_lock(&ia64_reserve_mutex);
	if (!--ia64_active_events)
		ia64_ops->release();
	mutex_unlock(&ia64_reserve_mutex);
}

static int ia64_reserve_hw(void)
{
	int ret = 0;

	mutex_lock(&ia64_reserve_mutex);
	if (!ia64_active_events)
		ret = ia64_ops->reserve();
	if (!ret)
		ia64_active_events++;
	mutex_unlock(&ia64_reserve_mutex);
	return ret;
}

static void ia64_event_destroy(struct perf_event *event)
{
	ia64_release_hw();
}

static bool ia64_is_ours(struct perf_event *event)
{
	return event->pmu == &ia64_pmu;
}

/* Decode an event's configuration with its privilege levels and ETB. */
static int ia64_decode_perf(struct perf_event *event, struct ia64_event *ev,
			    const char **why)
{
	struct perf_event_attr *attr = &event->attr;
	int ret;

	ret = ia64_event_decode(attr->config, attr->config1, attr->config2,
				ev, why);
	if (ret)
		return ret;
	ev->plm = ia64_plm(attr->exclude_user, attr->exclude_kernel);
	if (!ev->plm) {
		/* Table 3-4: with plm 0 the PMD is not even preserved. */
		*why = "the event excludes every privilege level";
		return -EINVAL;
	}
	return ia64_branch_config(ev, has_branch_stack(event),
				  attr->branch_sample_type, why);
}

/* Decode the group @event would join, with @event last. */
static int ia64_validate_group(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	struct ia64_event evs[IA64_NUM_COUNTERS];
	struct ia64_schedule s;
	const char *why;
	unsigned int n = 0;

	if (leader != event && ia64_is_ours(leader)) {
		if (ia64_decode_perf(leader, &evs[n++], &why))
			return -EINVAL;
	}
	for_each_sibling_event(sibling, leader) {
		if (!ia64_is_ours(sibling) ||
		    sibling->state <= PERF_EVENT_STATE_OFF)
			continue;
		if (n == IA64_NUM_COUNTERS - 1)
			return -EINVAL;
		if (ia64_decode_perf(sibling, &evs[n++], &why))
			return -EINVAL;
	}
	if (ia64_decode_perf(event, &evs[n++], &why))
		return -EINVAL;
	return ia64_schedule(evs, n, &s) ? -EINVAL : 0;
}

static int ia64_event_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	struct ia64_event ev;
	const char *why;
	int ret;

	if (attr->type != event->pmu->type)
		return -ENOENT;
	ret = ia64_decode_perf(event, &ev, &why);
	if (ret) {
		pr_debug("config 0x%llx/0x%llx/0x%llx refused: %s\n",
			 attr->config, attr->config1, attr->config2, why);
		return ret;
	}
	/* The EARs give the exact instruction; nothing else does. */
	if (attr->precise_ip && (ev.ear == IA64_EAR_NONE || attr->precise_ip > 2))
		return -EOPNOTSUPP;
	ret = ia64_validate_group(event);
	if (ret)
		return ret;
	ret = ia64_reserve_hw();
	if (ret)
		return ret;
	event->destroy = ia64_event_destroy;
	event->hw.config = attr->config;
	event->hw.idx = -1;
	return 0;
}

/**
 * ia64_update() - add what the event's counter counted since the last read
 * @event: an event with a counter
 * @pmc0: PMC0 as read while frozen, or 0 when the counters run
 *
 * A counter that wrapped shows it in PMC0. From a start of 0, a wrap of
 * exactly 2^47 events reads as no change at all; PMC0 tells the two apart.
 */
static void ia64_update(struct perf_event *event, u64 pmc0)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 now = ia64_ops->read_pmd(hwc->idx) & IA64_PMD_COUNT;
	u64 prev = local64_xchg(&hwc->prev_count, now);
	u64 delta = pmu_counter_delta(prev, now, IA64_COUNTER_WIDTH);

	if ((pmc0 & BIT_ULL(hwc->idx)) && now >= prev)
		delta += IA64_WRAP;

	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

/* Write the event's counter: the run to the next sample, or zero. */
static void ia64_set_counter(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 start = 0;

	if (is_sampling_event(event))
		start = pmu_period_start(local64_read(&hwc->period_left),
					 IA64_MAX_RUN, IA64_WRAP,
					 IA64_COUNTER_WIDTH);
	local64_set(&hwc->prev_count, start);
	/* Bit 47, the overflow bit, is always written as 0 (3.3.2). */
	ia64_ops->write_pmd(hwc->idx, start);
}

static bool ia64_counting(struct perf_event *event)
{
	return !(event->hw.state & PERF_HES_STOPPED);
}

/* Freeze the counters; return PMC0 with the overflow bits. */
static u64 ia64_freeze(void)
{
	u64 pmc0 = ia64_ops->read_pmc(0) | IA64_PMC0_FR;

	ia64_ops->write_pmc(0, pmc0);
	return pmc0;
}

static void ia64_hw_disable(struct ia64_cpu *cpu)
{
	unsigned int i;
	u64 pmc0;

	if (!cpu->enabled)
		return;
	/*
	 * An overflow not yet taken as an interrupt is folded here; enabling
	 * clears PMC0, so a late interrupt finds nothing left to do.
	 */
	pmc0 = ia64_freeze();
	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i]->hw.idx > 0 && ia64_counting(cpu->event[i]))
			ia64_update(cpu->event[i], pmc0);
	cpu->enabled = false;
}

static void ia64_write_pmcs(const struct ia64_pmcs *p)
{
	unsigned int i;

	for (i = IA64_FIRST_COUNTER; i <= IA64_LAST_COUNTER; i++)
		ia64_ops->write_pmc(i, p->counter[i]);
	ia64_ops->write_pmc(IA64_PMC_OPCM0_MASK, p->opcm0_mask);
	ia64_ops->write_pmc(IA64_PMC_OPCM0_MATCH, p->opcm0_match);
	ia64_ops->write_pmc(IA64_PMC_OPCM1_MASK, p->opcm1_mask);
	ia64_ops->write_pmc(IA64_PMC_OPCM1_MATCH, p->opcm1_match);
	ia64_ops->write_pmc(IA64_PMC_OPC_CFG, p->opc_cfg);
	ia64_ops->write_pmc(IA64_PMC_IEAR, p->iear);
	ia64_ops->write_pmc(IA64_PMC_IAR, p->iar);
	ia64_ops->write_pmc(IA64_PMC_ETB, p->etb);
	ia64_ops->write_pmc(IA64_PMC_DEAR, p->dear);
	ia64_ops->write_pmc(IA64_PMC_DAR, p->dar);
	ia64_ops->write_pmc(IA64_PMC_IPEAR, p->ipear);
	for (i = 0; i < ARRAY_SIZE(p->ibr); i++)
		if (p->ibrp_used & BIT(i / 2))
			ia64_ops->write_ibr(i, p->ibr[i]);
	if (p->use_dbr) {
		ia64_ops->write_dbr(0, p->dbr[0]);
		ia64_ops->write_dbr(1, p->dbr[1]);
	}
}

/* Clear the EARs' valid bits and the ETB index: they latch only when clear. */
static void ia64_rearm(const struct ia64_schedule *s)
{
	if (s->dear >= 0) {
		ia64_ops->write_pmd(IA64_PMD_DEAR_LAT, 0);
		ia64_ops->write_pmd(IA64_PMD_DEAR_IP, 0);
	}
	if (s->iear >= 0)
		ia64_ops->write_pmd(IA64_PMD_IEAR_ADDR, 0);
	if (s->etb >= 0)
		ia64_ops->write_pmd(IA64_PMD_ETB_INDEX, 0);
}

/* Program the registers and counters for the current events, frozen. */
static void ia64_program(struct ia64_cpu *cpu)
{
	struct ia64_pmcs *p = &cpu->pmcs;
	unsigned int i;

	/* A subset of a placed group is always placeable. */
	if (WARN_ON_ONCE(ia64_schedule(cpu->dec, cpu->n, &cpu->sched)))
		cpu->n = 0;
	ia64_compute_pmcs(cpu->dec, cpu->n, &cpu->sched, p);
	for (i = 0; i < cpu->n; i++) {
		struct perf_event *event = cpu->event[i];

		event->hw.idx = cpu->sched.pmd[i];
		/* A stopped event keeps its counter, counting nothing. */
		if (!ia64_counting(event))
			p->counter[event->hw.idx] &= ~IA64_PMC_PLM;
	}
	ia64_write_pmcs(p);
	for (i = 0; i < cpu->n; i++)
		if (ia64_counting(cpu->event[i]))
			ia64_set_counter(cpu->event[i]);
	ia64_rearm(&cpu->sched);
}

static void ia64_hw_enable(struct ia64_cpu *cpu)
{
	if (cpu->enabled)
		return;
	cpu->enabled = true;
	ia64_program(cpu);
	/* Clear the overflow bits and the freeze bit: counting resumes. */
	ia64_ops->write_pmc(0, 0);
}

/*
 * The perf core's perf_pmu_disable() is not exported, so the driver nests
 * its own disables: the core's calls and the driver's meet in one count
 * per CPU, and only the outermost pair touches the hardware.
 */
static void ia64_disable(void)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);

	if (!cpu->disable_depth++)
		ia64_hw_disable(cpu);
}

static void ia64_enable(void)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);

	if (!WARN_ON_ONCE(!cpu->disable_depth) && !--cpu->disable_depth)
		ia64_hw_enable(cpu);
}

static void ia64_pmu_disable(struct pmu *pmu)
{
	ia64_disable();
}

static void ia64_pmu_enable(struct pmu *pmu)
{
	ia64_enable();
}

static void ia64_pmu_start(struct perf_event *event, int flags)
{
	if (flags & PERF_EF_RELOAD)
		WARN_ON_ONCE(!(event->hw.state & PERF_HES_UPTODATE));
	ia64_disable();
	event->hw.state = 0;
	ia64_enable();
	perf_event_update_userpage(event);
}

static void ia64_pmu_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	/* Disabling folds the count; the counter stays idle when re-enabled. */
	ia64_disable();
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
	ia64_enable();
}

static int ia64_add(struct perf_event *event, int flags)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);
	struct ia64_schedule s;
	const char *why;
	unsigned int n;
	int ret = -EAGAIN;

	ia64_disable();
	n = cpu->n;
	if (n == IA64_NUM_COUNTERS)
		goto out;
	if (ia64_decode_perf(event, &cpu->dec[n], &why))
		goto out;
	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD) &&
	    ia64_schedule(cpu->dec, n + 1, &s))
		goto out;
	cpu->event[n] = event;
	cpu->n = n + 1;
	event->hw.idx = -1;
	event->hw.state = PERF_HES_UPTODATE;
	if (!(flags & PERF_EF_START))
		event->hw.state |= PERF_HES_STOPPED;
	ret = 0;
out:
	ia64_enable();
	return ret;
}

static void ia64_del(struct perf_event *event, int flags)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);
	unsigned int i;

	ia64_disable();
	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i] == event)
			break;
	if (!WARN_ON_ONCE(i == cpu->n)) {
		for (; i + 1 < cpu->n; i++) {
			cpu->event[i] = cpu->event[i + 1];
			cpu->dec[i] = cpu->dec[i + 1];
		}
		cpu->n--;
	}
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	event->hw.idx = -1;
	ia64_enable();
	perf_event_update_userpage(event);
}

static void ia64_read(struct perf_event *event)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);

	/*
	 * PMD4-15 may be read while counting (3.3.2). A counter whose
	 * overflow is pending is left to the interrupt, which needs the
	 * value from before the wrap to count it.
	 */
	if (cpu->enabled && event->hw.idx > 0 && ia64_counting(event) &&
	    !(ia64_ops->read_pmc(0) & BIT_ULL(event->hw.idx)))
		ia64_update(event, 0);
}

static void ia64_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);

	WARN_ON_ONCE(cpu->txn_flags);
	cpu->txn_flags = flags;
	if (flags & PERF_PMU_TXN_ADD)
		ia64_disable();
}

static void ia64_cancel_txn(struct pmu *pmu)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);
	unsigned int flags = cpu->txn_flags;

	cpu->txn_flags = 0;
	if (flags & PERF_PMU_TXN_ADD)
		ia64_enable();
}

static int ia64_commit_txn(struct pmu *pmu)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);
	struct ia64_schedule s;

	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD)) {
		cpu->txn_flags = 0;
		return 0;
	}
	if (ia64_schedule(cpu->dec, cpu->n, &s))
		return -EAGAIN;
	cpu->txn_flags = 0;
	ia64_enable();
	return 0;
}

static void ia64_save_brstack(struct perf_sample_data *data,
			      struct perf_event *event,
			      struct perf_branch_stack *brs)
{
/* Kbuild tells which form of the helper the kernel has, if any. */
#if defined(PMU_SUITE_BRSTACK_CNTR)
	perf_sample_save_brstack(data, event, brs, NULL);
#elif defined(PMU_SUITE_HAVE_SAVE_BRSTACK)
	perf_sample_save_brstack(data, event, brs);
#else
	data->br_stack = brs;
	data->sample_flags |= PERF_SAMPLE_BRANCH_STACK;
#endif
}

/* Read the trace buffer (frozen) into the CPU's branch stack. */
static void ia64_read_etb(struct ia64_cpu *cpu, const struct ia64_event *ev)
{
	u64 etb[IA64_ETB_ENTRIES], index, ext;
	unsigned int i;

	for (i = 0; i < IA64_ETB_ENTRIES; i++)
		etb[i] = ia64_ops->read_pmd(IA64_PMD_ETB_FIRST + i);
	index = ia64_ops->read_pmd(IA64_PMD_ETB_INDEX);
	ext = ia64_ops->read_pmd(IA64_PMD_ETB_EXT);
	if (ev->ipear)
		cpu->brs.nr = ia64_decode_ipear(index, ext, etb, cpu->brs_entries,
						IA64_ETB_ENTRIES);
	else
		cpu->brs.nr = ia64_decode_etb(index, ext, etb, cpu->brs_entries,
					      IA64_ETB_ENTRIES);
	cpu->brs.hw_idx = -1ULL;
}

/* Read the event's EAR (frozen); false when it captured nothing. */
static bool ia64_read_ear(const struct ia64_event *ev, struct ia64_ear_sample *s)
{
	if (ev->ear == IA64_EAR_DATA)
		ia64_decode_dear(ev->ear_mode,
				 ia64_ops->read_pmd(IA64_PMD_DEAR_ADDR),
				 ia64_ops->read_pmd(IA64_PMD_DEAR_LAT),
				 ia64_ops->read_pmd(IA64_PMD_DEAR_IP), s);
	else
		ia64_decode_iear(ev->ear_mode,
				 ia64_ops->read_pmd(IA64_PMD_IEAR_ADDR),
				 ia64_ops->read_pmd(IA64_PMD_IEAR_LAT), s);
	return s->valid;
}

static void ia64_sample(struct ia64_cpu *cpu, struct perf_event *event,
			const struct ia64_event *ev, struct pt_regs *regs)
{
	u64 type = event->attr.sample_type;
	struct perf_sample_data data;
	struct ia64_ear_sample s = {};
	struct pt_regs sregs = *regs;
	/* ia64's instruction_pointer_set() wants a plain pointer name. */
	struct pt_regs *sr = &sregs;

	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (ev->ear != IA64_EAR_NONE) {
		/* No capture to report: the miss was not the tracked one. */
		if (!ia64_read_ear(ev, &s))
			return;
		if (s.ip_valid) {
			/* A kernel address must not reach a user-only event. */
			if (!(ev->plm & IA64_PLM_KERNEL) &&
			    s.ip >= (u64)PAGE_OFFSET)
				return;
			instruction_pointer_set(sr, s.ip);
		}
	}
	if (type & PERF_SAMPLE_ADDR) {
		data.addr = s.addr_valid ? s.addr : 0;
		data.sample_flags |= PERF_SAMPLE_ADDR;
	}
	if (type & PERF_SAMPLE_DATA_SRC) {
		data.data_src.val = ev->ear != IA64_EAR_NONE ? s.data_src :
				    PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
		data.sample_flags |= PERF_SAMPLE_DATA_SRC;
	}
	if (type & PERF_SAMPLE_WEIGHT_TYPE) {
		data.weight.full = s.latency;
		data.sample_flags |= PERF_SAMPLE_WEIGHT_TYPE;
	}
	if (ia64_event_uses_buffer(ev) && (type & PERF_SAMPLE_BRANCH_STACK)) {
		ia64_read_etb(cpu, ev);
		ia64_save_brstack(&data, event, &cpu->brs);
	}
	if (pmu_suite_overflow(event, &data, sr))
		event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

/**
 * ia64_pmu_interrupt() - handle a performance monitor interrupt
 * @regs: the interrupted registers
 *
 * Called by the backend with interrupts off. The PMU froze itself when a
 * counter with oi wrapped; every counter is folded into its event, a
 * sampling event whose counter wrapped (its PMC0 overflow bit) and whose
 * period ended delivers a sample; then the counters restart from fresh
 * values, PMC0 is cleared and counting resumes.
 */
void ia64_pmu_interrupt(struct pt_regs *regs)
{
	struct ia64_cpu *cpu = this_cpu_ptr(&ia64_cpus);
	unsigned int i;
	u64 pmc0;

	pmc0 = ia64_ops->read_pmc(0);
	if (!cpu->enabled) {
		/* Raised before the PMU was disabled: acknowledge, stay frozen. */
		ia64_ops->write_pmc(0, IA64_PMC0_FR);
		return;
	}
	if (!(pmc0 & IA64_PMC0_FR))
		pmc0 = ia64_freeze();
	for (i = 0; i < cpu->n; i++) {
		struct perf_event *event = cpu->event[i];
		struct hw_perf_event *hwc = &event->hw;
		s64 left;
		bool ended;

		if (hwc->idx <= 0 || !ia64_counting(event))
			continue;
		ia64_update(event, pmc0);
		if (!(pmc0 & BIT_ULL(hwc->idx)) || !is_sampling_event(event))
			continue;
		left = local64_read(&hwc->period_left);
		ended = pmu_period_advance(&left, hwc->sample_period,
					   &hwc->last_period);
		local64_set(&hwc->period_left, left);
		if (ended)
			ia64_sample(cpu, event, &cpu->dec[i], regs);
	}
	/* Restart every counter; the ones stopped by throttling stay idle. */
	ia64_program(cpu);
	ia64_ops->write_pmc(0, 0);
}
EXPORT_SYMBOL_GPL(ia64_pmu_interrupt);

/* sysfs: format/ (Table 3-5 and the qualification), events/, caps/ */

PMU_FORMAT_ATTR(event, "config:8-15");
PMU_FORMAT_ATTR(umask, "config:16-19");
PMU_FORMAT_ATTR(threshold, "config:20-22");
PMU_FORMAT_ATTR(all, "config:26");
PMU_FORMAT_ATTR(mesi, "config:27-30");
PMU_FORMAT_ATTR(ear_mode, "config:32-33");
PMU_FORMAT_ATTR(ear_umask, "config:34-41");
PMU_FORMAT_ATTR(ipear, "config:42");
PMU_FORMAT_ATTR(ipear_delay, "config:43-50");
PMU_FORMAT_ATTR(opc_match, "config1:0-40");
PMU_FORMAT_ATTR(opc_mifb, "config1:41-44");
PMU_FORMAT_ATTR(range_lg, "config1:48-53");
PMU_FORMAT_ATTR(range_inv, "config1:54");
PMU_FORMAT_ATTR(range_fine, "config1:55");
PMU_FORMAT_ATTR(range_len, "config1:0-16");
PMU_FORMAT_ATTR(qual, "config1:62-63");
PMU_FORMAT_ATTR(opc_mask, "config2:0-40");
PMU_FORMAT_ATTR(range_base, "config2:0-63");

static struct attribute *ia64_format_attrs[] = {
	&format_attr_event.attr,
	&format_attr_umask.attr,
	&format_attr_threshold.attr,
	&format_attr_all.attr,
	&format_attr_mesi.attr,
	&format_attr_ear_mode.attr,
	&format_attr_ear_umask.attr,
	&format_attr_ipear.attr,
	&format_attr_ipear_delay.attr,
	&format_attr_opc_match.attr,
	&format_attr_opc_mifb.attr,
	&format_attr_range_lg.attr,
	&format_attr_range_inv.attr,
	&format_attr_range_fine.attr,
	&format_attr_range_len.attr,
	&format_attr_qual.attr,
	&format_attr_opc_mask.attr,
	&format_attr_range_base.attr,
	NULL
};

static const struct attribute_group ia64_format_group = {
	.name = "format",
	.attrs = ia64_format_attrs,
};

static ssize_t ia64_event_show(struct device *dev, struct device_attribute *attr,
			       char *page)
{
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr);
	const struct ia64_catalogue_event *c = &ia64_catalogue[pa->id];

	return sysfs_emit(page, "event=0x%02x,umask=0x%x\n", c->code, c->umask);
}

static struct perf_pmu_events_attr *ia64_event_attrs;
static struct attribute **ia64_event_attr_list;

static struct attribute_group ia64_events_group = {
	.name = "events",
};

static int ia64_alloc_event_attrs(void)
{
	unsigned int i;

	ia64_event_attrs = kcalloc(IA64_CATALOGUE_NR, sizeof(*ia64_event_attrs),
				   GFP_KERNEL);
	ia64_event_attr_list = kcalloc(IA64_CATALOGUE_NR + 1,
				       sizeof(*ia64_event_attr_list), GFP_KERNEL);
	if (!ia64_event_attrs || !ia64_event_attr_list) {
		kfree(ia64_event_attrs);
		kfree(ia64_event_attr_list);
		return -ENOMEM;
	}
	for (i = 0; i < IA64_CATALOGUE_NR; i++) {
		struct perf_pmu_events_attr *pa = &ia64_event_attrs[i];

		sysfs_attr_init(&pa->attr.attr);
		pa->attr.attr.name = ia64_catalogue[i].alias;
		pa->attr.attr.mode = 0444;
		pa->attr.show = ia64_event_show;
		pa->id = i;
		ia64_event_attr_list[i] = &pa->attr.attr;
	}
	ia64_events_group.attrs = ia64_event_attr_list;
	return 0;
}

static ssize_t sampling_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%d\n", PMU_SUITE_CAN_SAMPLE);
}
static DEVICE_ATTR_RO(sampling);

static ssize_t branches_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%d\n", IA64_ETB_ENTRIES / 2);
}
static DEVICE_ATTR_RO(branches);

static struct attribute *ia64_caps_attrs[] = {
	&dev_attr_sampling.attr,
	&dev_attr_branches.attr,
	NULL
};

static const struct attribute_group ia64_caps_group = {
	.name = "caps",
	.attrs = ia64_caps_attrs,
};

static const struct attribute_group *ia64_attr_groups[] = {
	&ia64_format_group,
	&ia64_events_group,
	&ia64_caps_group,
	NULL
};

static struct pmu ia64_pmu = {
	.task_ctx_nr	= perf_hw_context,
	.capabilities	= PMU_SUITE_SAMPLING_CAPS,
	.attr_groups	= ia64_attr_groups,
	.event_init	= ia64_event_init,
	.add		= ia64_add,
	.del		= ia64_del,
	.start		= ia64_pmu_start,
	.stop		= ia64_pmu_stop,
	.read		= ia64_read,
	.pmu_enable	= ia64_pmu_enable,
	.pmu_disable	= ia64_pmu_disable,
	.start_txn	= ia64_start_txn,
	.commit_txn	= ia64_commit_txn,
	.cancel_txn	= ia64_cancel_txn,
};

/**
 * ia64_pmu_register() - register the Itanium 9300 core PMU with perf
 * @ops: the register backend; it must outlive the registration
 * @name: the PMU's name in sysfs
 *
 * Return: 0 or a negative errno.
 */
int ia64_pmu_register(const struct ia64_pmu_ops *ops, const char *name)
{
	int ret;

	if (ia64_ops)
		return -EBUSY;
	ret = ia64_alloc_event_attrs();
	if (ret)
		return ret;
	ia64_ops = ops;
	ia64_pmu.module = ops->owner;
	ret = perf_pmu_register(&ia64_pmu, name, -1);
	if (ret) {
		ia64_ops = NULL;
		kfree(ia64_event_attrs);
		kfree(ia64_event_attr_list);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(ia64_pmu_register);

/**
 * ia64_pmu_unregister() - remove the PMU registered by ia64_pmu_register()
 */
void ia64_pmu_unregister(void)
{
	if (!ia64_ops)
		return;
	pmu_suite_unregister(&ia64_pmu);
	ia64_ops = NULL;
	kfree(ia64_event_attrs);
	kfree(ia64_event_attr_list);
}
EXPORT_SYMBOL_GPL(ia64_pmu_unregister);

/**
 * ia64_pmu_type() - perf type number of the registered PMU
 */
int ia64_pmu_type(void)
{
	return ia64_pmu.type;
}
EXPORT_SYMBOL_GPL(ia64_pmu_type);
