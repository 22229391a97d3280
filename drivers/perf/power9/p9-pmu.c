// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: the perf glue.
 *
 * Counting state is folded out of the hardware whenever the PMU is
 * disabled: disabling freezes the counters (MMCR0[FC]) and adds what
 * each counted to its event; enabling places the events
 * (p9_schedule()), computes the control registers (p9_compute_mmcr()),
 * writes every counter's start value and unfreezes. So a change of the
 * event list, a stop or a start never needs to carry a live counter from
 * one PMC to another.
 *
 * Register access goes through struct p9_pmu_ops, provided by the powerpc
 * backend or, under KUnit, by a model of the PMU.
 */
#define pr_fmt(fmt) "power9_pmu: " fmt

#include <linux/bitfield.h>
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/sampling.h>
#include <pmu-suite/unregister.h>

#include "p9-catalogue.h"
#include "p9-event.h"
#include "p9-generic.h"
#include "p9-pmu.h"
#include "p9-regs.h"
#include "p9-sched.h"

#define P9_PMC_WIDTH		32
/* A PMC alerts when bit 31 becomes set ("negative"). */
#define P9_PMC_NEGATIVE		BIT_ULL(31)
#define P9_PMC_MAX_RUN		(P9_PMC_NEGATIVE - 1)

/* MMCR2 bits that freeze PMC @pmc in every state: privileged, problem, hv. */
static u64 p9_mmcr2_freeze(unsigned int pmc)
{
	return P9_MMCR2_FCS(pmc) | P9_MMCR2_FCP(pmc) | P9_MMCR2_FCH(pmc);
}

struct p9_cpu {
	struct perf_event *event[P9_NUM_PMCS];
	struct p9_event dec[P9_NUM_PMCS];
	struct p9_counter_attr attr[P9_NUM_PMCS];
	unsigned int n;
	unsigned int txn_flags;
	struct p9_schedule sched;
	struct p9_mmcr mmcr;
	unsigned int disable_depth;
	bool enabled;
	/* The events sched and mmcr were computed for (p9_program()). */
	u64 prog_config[P9_NUM_PMCS];
	struct p9_counter_attr prog_attr[P9_NUM_PMCS];
	unsigned int prog_n;
	u8 prog_stopped;
	bool prog_valid;
};

static DEFINE_PER_CPU(struct p9_cpu, p9_cpus);
static const struct p9_pmu_ops *p9_ops;
static struct pmu p9_pmu;

static DEFINE_MUTEX(p9_reserve_mutex);
static int p9_active_events;

static void p9_release_hw(void)
{
	mutex_lock(&p9_reserve_mutex);
	if (!--p9_active_events)
		p9_ops->release();
	mutex_unlock(&p9_reserve_mutex);
}

static int p9_reserve_hw(void)
{
	int ret = 0;

	mutex_lock(&p9_reserve_mutex);
	if (!p9_active_events)
		ret = p9_ops->reserve();
	if (!ret)
		p9_active_events++;
	mutex_unlock(&p9_reserve_mutex);
	return ret;
}

static void p9_event_destroy(struct perf_event *event)
{
	p9_release_hw();
}

static bool p9_is_ours(struct perf_event *event)
{
	return event->pmu == &p9_pmu;
}

/* Decode the group @event (raw code @config) would join, with it last. */
static int p9_validate_group(struct perf_event *event, u64 config)
{
	struct perf_event *leader = event->group_leader, *sibling;
	struct p9_event evs[P9_NUM_PMCS];
	struct p9_schedule s;
	const char *why;
	unsigned int n = 0;

	if (leader != event && p9_is_ours(leader)) {
		if (p9_event_decode(leader->hw.config, &evs[n++], &why))
			return -EINVAL;
	}
	for_each_sibling_event(sibling, leader) {
		if (!p9_is_ours(sibling) || sibling->state <= PERF_EVENT_STATE_OFF)
			continue;
		if (n == P9_NUM_PMCS - 1)
			return -EINVAL;
		if (p9_event_decode(sibling->hw.config, &evs[n++], &why))
			return -EINVAL;
	}
	if (p9_event_decode(config, &evs[n++], &why))
		return -EINVAL;
	return p9_schedule(evs, n, &s) ? -EINVAL : 0;
}

static int p9_event_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	u64 config = attr->config;
	struct p9_event ev;
	const char *why;
	int ret;

	/*
	 * Generic events reach this PMU when their config names its type
	 * (PERF_PMU_CAP_EXTENDED_HW_TYPE); the perf core strips it.
	 */
	if (attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE) {
		ret = p9_generic_code(attr->type, attr->config, &config);
		if (ret)
			return ret;
	} else if (attr->type != event->pmu->type) {
		return -ENOENT;
	}
	if (has_branch_stack(event))
		return -EOPNOTSUPP;
	ret = p9_event_decode(config, &ev, &why);
	if (ret) {
		pr_debug("config 0x%llx refused: %s\n", config, why);
		return ret;
	}
	/* SIAR is exact only for marked instructions (2.4). */
	if (attr->precise_ip && (!ev.mark || attr->precise_ip > 2))
		return -EOPNOTSUPP;
	ret = p9_validate_group(event, config);
	if (ret)
		return ret;
	ret = p9_reserve_hw();
	if (ret)
		return ret;
	event->destroy = p9_event_destroy;
	event->hw.config = config;
	event->hw.idx = -1;
	return 0;
}

/* Add what the event's counter counted since it was last read. */
static u64 p9_update(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 now = p9_ops->read_pmc(hwc->idx);
	u64 prev = local64_xchg(&hwc->prev_count, now);
	u64 delta = pmu_counter_delta(prev, now, P9_PMC_WIDTH);

	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
	return now;
}

/* Write the event's counter: the run to the next sample, or zero. */
static void p9_set_counter(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 start = 0;

	if (is_sampling_event(event))
		start = pmu_period_start(local64_read(&hwc->period_left),
					 P9_PMC_MAX_RUN, P9_PMC_NEGATIVE,
					 P9_PMC_WIDTH);
	local64_set(&hwc->prev_count, start);
	p9_ops->write_pmc(hwc->idx, start);
}

static bool p9_counting(struct perf_event *event)
{
	return !(event->hw.state & PERF_HES_STOPPED);
}

static void p9_hw_disable(struct p9_cpu *cpu)
{
	unsigned int i;

	if (!cpu->enabled)
		return;
	/*
	 * Freeze, and drop a pending alert: the counts are folded below and
	 * every counter is rewritten when the PMU is enabled again.
	 */
	p9_ops->write_mmcr0((p9_ops->read_mmcr0() | P9_MMCR0_FC) &
			    ~(P9_MMCR0_PMAE | P9_MMCR0_PMAO));
	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i]->hw.idx > 0 && p9_counting(cpu->event[i]))
			p9_update(cpu->event[i]);
	cpu->enabled = false;
}

/*
 * A task switch takes its events off and puts the next task's on, most
 * often the same codes again: keep the last placement and register values
 * while the events' codes, filters and stopped states stay the same.
 */
static bool p9_program_is_current(struct p9_cpu *cpu, u8 stopped)
{
	unsigned int i;

	if (!cpu->prog_valid || cpu->prog_n != cpu->n ||
	    cpu->prog_stopped != stopped)
		return false;
	for (i = 0; i < cpu->n; i++)
		if (cpu->prog_config[i] != cpu->event[i]->hw.config ||
		    memcmp(&cpu->prog_attr[i], &cpu->attr[i],
			   sizeof(cpu->attr[i])))
			return false;
	return true;
}

static void p9_compute_program(struct p9_cpu *cpu, u8 stopped)
{
	struct p9_mmcr *m = &cpu->mmcr;
	unsigned int i;

	/* A subset of a placed group is always placeable. */
	if (WARN_ON_ONCE(p9_schedule(cpu->dec, cpu->n, &cpu->sched)))
		cpu->n = 0;
	p9_compute_mmcr(cpu->dec, cpu->attr, cpu->n, &cpu->sched,
			p9_ops->kernel_is_hv, m);
	for (i = 0; i < cpu->n; i++) {
		if (stopped & BIT(i))
			m->mmcr2 |= p9_mmcr2_freeze(cpu->sched.pmc[i]);
		cpu->prog_config[i] = cpu->event[i]->hw.config;
		cpu->prog_attr[i] = cpu->attr[i];
	}
	cpu->prog_n = cpu->n;
	cpu->prog_stopped = stopped;
	cpu->prog_valid = true;
}

/* Program the control registers and counters for the current events. */
static void p9_program(struct p9_cpu *cpu)
{
	unsigned int i;
	u8 stopped = 0;

	for (i = 0; i < cpu->n; i++)
		if (!p9_counting(cpu->event[i]))
			stopped |= BIT(i);
	if (!p9_program_is_current(cpu, stopped))
		p9_compute_program(cpu, stopped);
	for (i = 0; i < cpu->n; i++)
		cpu->event[i]->hw.idx = cpu->sched.pmc[i];
	p9_ops->write_mmcrs(&cpu->mmcr);
	for (i = 0; i < cpu->n; i++)
		if (p9_counting(cpu->event[i]))
			p9_set_counter(cpu->event[i]);
	/*
	 * The counter-negative condition is a state, not an edge: a counter
	 * an earlier event left negative would raise an alert as soon as
	 * PMAE is set. Unused PMC5/6 also count whenever the other one runs.
	 */
	if (!(cpu->mmcr.mmcr0 & P9_MMCR0_PMAE))
		return;
	for (i = 1; i <= P9_NUM_PMCS; i++)
		if (!(cpu->sched.used & BIT(i - 1)))
			p9_ops->write_pmc(i, 0);
}

static void p9_hw_enable(struct p9_cpu *cpu)
{
	if (cpu->enabled)
		return;
	cpu->enabled = true;
	p9_program(cpu);
	p9_ops->write_mmcr0(cpu->mmcr.mmcr0);
}

/*
 * The perf core's perf_pmu_disable() is not exported, so the driver nests
 * its own disables: the core's calls and the driver's meet in one count
 * per CPU, and only the outermost pair touches the hardware.
 */
static void p9_disable(void)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);

	if (!cpu->disable_depth++)
		p9_hw_disable(cpu);
}

static void p9_enable(void)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);

	if (!WARN_ON_ONCE(!cpu->disable_depth) && !--cpu->disable_depth)
		p9_hw_enable(cpu);
}

static void p9_pmu_disable(struct pmu *pmu)
{
	p9_disable();
}

static void p9_pmu_enable(struct pmu *pmu)
{
	p9_enable();
}

static void p9_start(struct perf_event *event, int flags)
{
	if (flags & PERF_EF_RELOAD)
		WARN_ON_ONCE(!(event->hw.state & PERF_HES_UPTODATE));
	p9_disable();
	event->hw.state = 0;
	p9_enable();
	perf_event_update_userpage(event);
}

static void p9_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	/* Disabling folds the count; the counter is frozen when re-enabled. */
	p9_disable();
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
	p9_enable();
}

static int p9_add(struct perf_event *event, int flags)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);
	struct p9_schedule s;
	const char *why;
	unsigned int n;
	int ret = -EAGAIN;

	p9_disable();
	n = cpu->n;
	if (n == P9_NUM_PMCS)
		goto out;
	if (p9_event_decode(event->hw.config, &cpu->dec[n], &why))
		goto out;
	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD) &&
	    p9_schedule(cpu->dec, n + 1, &s))
		goto out;
	cpu->event[n] = event;
	cpu->attr[n] = (struct p9_counter_attr) {
		.exclude_user = event->attr.exclude_user,
		.exclude_kernel = event->attr.exclude_kernel,
		.exclude_hv = event->attr.exclude_hv,
		.exclude_idle = event->attr.exclude_idle,
	};
	cpu->n = n + 1;
	event->hw.idx = -1;
	event->hw.state = PERF_HES_UPTODATE;
	if (!(flags & PERF_EF_START))
		event->hw.state |= PERF_HES_STOPPED;
	ret = 0;
out:
	p9_enable();
	return ret;
}

static void p9_del(struct perf_event *event, int flags)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);
	unsigned int i;

	p9_disable();
	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i] == event)
			break;
	if (!WARN_ON_ONCE(i == cpu->n)) {
		for (; i + 1 < cpu->n; i++) {
			cpu->event[i] = cpu->event[i + 1];
			cpu->dec[i] = cpu->dec[i + 1];
			cpu->attr[i] = cpu->attr[i + 1];
		}
		cpu->n--;
	}
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	event->hw.idx = -1;
	p9_enable();
	perf_event_update_userpage(event);
}

static void p9_read(struct perf_event *event)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);

	if (cpu->enabled && event->hw.idx > 0 && p9_counting(event))
		p9_update(event);
}

static void p9_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);

	WARN_ON_ONCE(cpu->txn_flags);
	cpu->txn_flags = flags;
	if (flags & PERF_PMU_TXN_ADD)
		p9_disable();
}

static void p9_cancel_txn(struct pmu *pmu)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);
	unsigned int flags = cpu->txn_flags;

	cpu->txn_flags = 0;
	if (flags & PERF_PMU_TXN_ADD)
		p9_enable();
}

static int p9_commit_txn(struct pmu *pmu)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);
	struct p9_schedule s;

	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD)) {
		cpu->txn_flags = 0;
		return 0;
	}
	if (p9_schedule(cpu->dec, cpu->n, &s))
		return -EAGAIN;
	cpu->txn_flags = 0;
	p9_enable();
	return 0;
}

static bool p9_thresholding(const struct p9_event *ev)
{
	return ev->mark && ev->thresh_start && ev->thresh_stop;
}

static void p9_sample(struct perf_event *event, const struct p9_event *ev,
		      const struct p9_sample_regs *r, struct pt_regs *regs)
{
	struct perf_sample_data data;
	struct pt_regs sregs;
	struct p9_sample s;
	u64 type = event->attr.sample_type;

	p9_decode_sample(r, p9_thresholding(ev), event->attr.exclude_kernel,
			 p9_ops->kernel_base, &s);
	if (s.drop)
		return;
	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (type & PERF_SAMPLE_ADDR) {
		data.addr = s.addr_valid ? s.addr : 0;
		data.sample_flags |= PERF_SAMPLE_ADDR;
	}
	if (type & PERF_SAMPLE_DATA_SRC) {
		data.data_src.val = s.data_src ? s.data_src :
				    PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
		data.sample_flags |= PERF_SAMPLE_DATA_SRC;
	}
	if (type & PERF_SAMPLE_WEIGHT_TYPE) {
		data.weight.full = s.weight;
		data.sample_flags |= PERF_SAMPLE_WEIGHT_TYPE;
	}
	p9_ops->sample_regs(&sregs, regs, &s);
	if (pmu_suite_overflow(event, &data, &sregs))
		event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

/**
 * p9_pmu_interrupt() - handle a performance monitor alert
 * @regs: the interrupted registers
 *
 * Called by the backend with interrupts off. Every counter that went
 * negative is folded into its event; a sampling event whose period ended
 * delivers a sample; then the counters restart from fresh values.
 */
void p9_pmu_interrupt(struct pt_regs *regs)
{
	struct p9_cpu *cpu = this_cpu_ptr(&p9_cpus);
	struct p9_sample_regs r;
	unsigned int i;

	if (!cpu->enabled) {
		/* Raised before the PMU was disabled: acknowledge and stay off. */
		p9_ops->write_mmcr0((p9_ops->read_mmcr0() | P9_MMCR0_FC) &
				    ~(P9_MMCR0_PMAE | P9_MMCR0_PMAO));
		return;
	}
	p9_ops->write_mmcr0(p9_ops->read_mmcr0() | P9_MMCR0_FC);
	p9_ops->read_sample(&r, regs);
	for (i = 0; i < cpu->n; i++) {
		struct perf_event *event = cpu->event[i];
		struct hw_perf_event *hwc = &event->hw;
		s64 left;
		bool ended;

		if (hwc->idx <= 0 || !p9_counting(event))
			continue;
		if (!(p9_update(event) & P9_PMC_NEGATIVE))
			continue;
		if (is_sampling_event(event)) {
			left = local64_read(&hwc->period_left);
			ended = pmu_period_advance(&left, hwc->sample_period,
						   &hwc->last_period);
			local64_set(&hwc->period_left, left);
			if (ended)
				p9_sample(event, &cpu->dec[i], &r, regs);
		}
	}
	/* Restart every counter; the ones stopped by throttling stay frozen. */
	p9_program(cpu);
	p9_ops->write_mmcr0(cpu->mmcr.mmcr0);
}
EXPORT_SYMBOL_GPL(p9_pmu_interrupt);

/* sysfs: format/ (Figure 5-2), events/ (the catalogue), caps/ */

PMU_FORMAT_ATTR(event, "config:0-19");
PMU_FORMAT_ATTR(pmcxsel, "config:0-7");
PMU_FORMAT_ATTR(mark, "config:8");
PMU_FORMAT_ATTR(comb, "config:10-11");
PMU_FORMAT_ATTR(unit, "config:12-15");
PMU_FORMAT_ATTR(pmc, "config:16-18");
PMU_FORMAT_ATTR(reload_qual, "config:20-21");
PMU_FORMAT_ATTR(reload_qual_en, "config:22");
PMU_FORMAT_ATTR(sample_mode, "config:24-25");
PMU_FORMAT_ATTR(sample_elig, "config:26-28");
PMU_FORMAT_ATTR(thresh_sel, "config:29-31");
PMU_FORMAT_ATTR(thresh_stop, "config:32-35");
PMU_FORMAT_ATTR(thresh_start, "config:36-39");
PMU_FORMAT_ATTR(thresh_cmp, "config:40-49");
PMU_FORMAT_ATTR(sdar_mode, "config:50-51");

static struct attribute *p9_format_attrs[] = {
	&format_attr_event.attr,
	&format_attr_pmcxsel.attr,
	&format_attr_mark.attr,
	&format_attr_comb.attr,
	&format_attr_unit.attr,
	&format_attr_pmc.attr,
	&format_attr_reload_qual.attr,
	&format_attr_reload_qual_en.attr,
	&format_attr_sample_mode.attr,
	&format_attr_sample_elig.attr,
	&format_attr_thresh_sel.attr,
	&format_attr_thresh_stop.attr,
	&format_attr_thresh_start.attr,
	&format_attr_thresh_cmp.attr,
	&format_attr_sdar_mode.attr,
	NULL
};

static const struct attribute_group p9_format_group = {
	.name = "format",
	.attrs = p9_format_attrs,
};

static ssize_t p9_event_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr);

	return sysfs_emit(page, "event=0x%05llx\n", pa->id);
}

static struct perf_pmu_events_attr *p9_event_attrs;
static struct attribute **p9_event_attr_list;

static struct attribute_group p9_events_group = {
	.name = "events",
};

static void p9_init_event_attr(struct perf_pmu_events_attr *pa,
			       const char *name, u64 code)
{
	sysfs_attr_init(&pa->attr.attr);
	pa->attr.attr.name = name;
	pa->attr.attr.mode = 0444;
	pa->attr.show = p9_event_show;
	pa->id = code;
}

/* events/: every catalogue event, then the generic events' names. */
static int p9_alloc_event_attrs(void)
{
	unsigned int max = p9_catalogue_len + p9_generic_events_len;
	unsigned int i, n = 0;

	p9_event_attrs = kcalloc(max, sizeof(*p9_event_attrs), GFP_KERNEL);
	p9_event_attr_list = kcalloc(max + 1, sizeof(*p9_event_attr_list),
				     GFP_KERNEL);
	if (!p9_event_attrs || !p9_event_attr_list) {
		kfree(p9_event_attrs);
		kfree(p9_event_attr_list);
		return -ENOMEM;
	}
	for (i = 0; i < p9_catalogue_len; i++, n++) {
		p9_init_event_attr(&p9_event_attrs[n], p9_catalogue[i].alias,
				   p9_catalogue[i].code);
		p9_event_attr_list[n] = &p9_event_attrs[n].attr.attr;
	}
	for (i = 0; i < p9_generic_events_len; i++) {
		u64 code = p9_catalogue_code(p9_generic_events[i].name);

		if (!code)
			continue;
		p9_init_event_attr(&p9_event_attrs[n],
				   p9_generic_events[i].alias, code);
		p9_event_attr_list[n] = &p9_event_attrs[n].attr.attr;
		n++;
	}
	p9_events_group.attrs = p9_event_attr_list;
	return 0;
}

static ssize_t sampling_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%d\n", PMU_SUITE_CAN_SAMPLE);
}
static DEVICE_ATTR_RO(sampling);

static struct attribute *p9_caps_attrs[] = {
	&dev_attr_sampling.attr,
	NULL
};

static const struct attribute_group p9_caps_group = {
	.name = "caps",
	.attrs = p9_caps_attrs,
};

static const struct attribute_group *p9_attr_groups[] = {
	&p9_format_group,
	&p9_events_group,
	&p9_caps_group,
	NULL
};

static struct pmu p9_pmu = {
	.task_ctx_nr	= perf_hw_context,
	.capabilities	= PMU_SUITE_SAMPLING_CAPS | PERF_PMU_CAP_EXTENDED_HW_TYPE,
	.attr_groups	= p9_attr_groups,
	.event_init	= p9_event_init,
	.add		= p9_add,
	.del		= p9_del,
	.start		= p9_start,
	.stop		= p9_stop,
	.read		= p9_read,
	.pmu_enable	= p9_pmu_enable,
	.pmu_disable	= p9_pmu_disable,
	.start_txn	= p9_start_txn,
	.commit_txn	= p9_commit_txn,
	.cancel_txn	= p9_cancel_txn,
};

/**
 * p9_pmu_register() - register the POWER9 PMU with perf
 * @ops: the register backend; it must outlive the registration
 * @name: the PMU's name in sysfs
 *
 * Return: 0 or a negative errno.
 */
int p9_pmu_register(const struct p9_pmu_ops *ops, const char *name)
{
	int ret;

	if (p9_ops)
		return -EBUSY;
	ret = p9_alloc_event_attrs();
	if (ret)
		return ret;
	p9_ops = ops;
	p9_pmu.module = ops->owner;
	ret = perf_pmu_register(&p9_pmu, name, -1);
	if (ret) {
		p9_ops = NULL;
		kfree(p9_event_attrs);
		kfree(p9_event_attr_list);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(p9_pmu_register);

/**
 * p9_pmu_unregister() - remove the PMU registered by p9_pmu_register()
 */
void p9_pmu_unregister(void)
{
	if (!p9_ops)
		return;
	pmu_suite_unregister(&p9_pmu);
	p9_ops = NULL;
	kfree(p9_event_attrs);
	kfree(p9_event_attr_list);
}
EXPORT_SYMBOL_GPL(p9_pmu_unregister);

/**
 * p9_pmu_type() - perf type number of the registered PMU
 */
int p9_pmu_type(void)
{
	return p9_pmu.type;
}
EXPORT_SYMBOL_GPL(p9_pmu_type);
