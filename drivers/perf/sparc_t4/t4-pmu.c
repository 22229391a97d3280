// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 core PMU: the perf glue.
 *
 * Four 32-bit PICs per strand, each with its own PCR; any event may use
 * any counter. Every counter that counts has PCR.toe set, so each wrap
 * of a PIC raises an overflow trap that folds the count into the event.
 *
 * PCR writes are hypervisor calls on a sun4v kernel, PIC accesses are
 * plain ASI loads and stores, so the glue writes PCRs only when a
 * counter's event changes: disabling the PMU folds the counts by reading
 * the PICs and leaves the PCRs alone; a counter whose event went away
 * keeps its PCR; enabling gives each event the counter it had, writes
 * the PIC and writes the PCR only if its value differs. A task switch
 * between tasks counting the same events costs no hypervisor call. A
 * changed counter is programmed with the manual's sequence (section
 * 10.2): a PCR write that stops counting, the PIC, a PCR write that
 * starts the new event. Counting is stopped during the
 * first write, so that write cannot overflow the PIC and have hardware
 * set PCR.ov again (the ov rewrite of section 10.2).
 *
 * The overflow trap is a level-15 interrupt, which interrupts even code
 * that has disabled interrupts: t4_pmu_interrupt() may run while the
 * glue has the PMU disabled, and then only stops the counter.
 */
#define pr_fmt(fmt) "sparc_t4_pmu: " fmt

#include <linux/bitops.h>
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/sampling.h>
#include <pmu-suite/unregister.h>

#include "t4-catalogue.h"
#include "t4-event.h"
#include "t4-generic.h"
#include "t4-pmu.h"
#include "t4-regs.h"

/* A PIC interrupts when it wraps to zero; a run is at most 2^32 events. */
#define T4_PIC_WRAP		BIT_ULL(T4_PIC_WIDTH)
#define T4_ALL_COUNTERS		(BIT(T4_NUM_COUNTERS) - 1)

struct t4_cpu {
	struct perf_event *event[T4_NUM_COUNTERS];
	struct t4_event dec[T4_NUM_COUNTERS];
	unsigned int n;
	/* Per counter: the event on it and the PCR value last written. */
	struct perf_event *owner[T4_NUM_COUNTERS];
	int owner_slot[T4_NUM_COUNTERS];
	u64 pcr[T4_NUM_COUNTERS];
	u8 known;		/* counters whose PCR was written by the glue */
	unsigned int txn_flags;
	unsigned int disable_depth;
	bool enabled;
};

static DEFINE_PER_CPU(struct t4_cpu, t4_cpus);
static const struct t4_pmu_ops *t4_ops;
static struct pmu t4_pmu;

static DEFINE_MUTEX(t4_reserve_mutex);
static int t4_active_events;

static void t4_stop_unowned(void *unused);

static void t4_release_hw(void)
{
	mutex_lock(&t4_reserve_mutex);
	if (!--t4_active_events) {
		on_each_cpu(t4_stop_unowned, NULL, 1);
		t4_ops->release();
	}
	mutex_unlock(&t4_reserve_mutex);
}

static int t4_reserve_hw(void)
{
	int ret = 0;

	mutex_lock(&t4_reserve_mutex);
	if (!t4_active_events)
		ret = t4_ops->reserve();
	if (!ret)
		t4_active_events++;
	mutex_unlock(&t4_reserve_mutex);
	return ret;
}

static void t4_event_destroy(struct perf_event *event)
{
	t4_release_hw();
}

static unsigned int t4_free_counters(void)
{
	return t4_ops->free_counters() & T4_ALL_COUNTERS;
}

/* A group fits if its events of this PMU fit the counters. */
static int t4_validate_group(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	unsigned int n = 1;

	if (leader != event && leader->pmu == event->pmu)
		n++;
	for_each_sibling_event(sibling, leader)
		if (sibling->pmu == event->pmu &&
		    sibling->state > PERF_EVENT_STATE_OFF)
			n++;
	return n > hweight32(t4_free_counters()) ? -EINVAL : 0;
}

static int t4_event_init(struct perf_event *event)
{
	struct perf_event_attr attr = event->attr;
	struct t4_event ev;
	const char *why;
	u64 config;
	int ret;

	/*
	 * Generic events reach this PMU when their config names its type
	 * (PERF_PMU_CAP_EXTENDED_HW_TYPE); the perf core strips it.
	 */
	if (attr.type == PERF_TYPE_HARDWARE || attr.type == PERF_TYPE_HW_CACHE) {
		ret = t4_generic_config(attr.type, attr.config, &config);
		if (ret)
			return ret;
		attr.config = config;
	} else if (attr.type != event->pmu->type) {
		return -ENOENT;
	}
	if (has_branch_stack(event))
		return -EOPNOTSUPP;
	ret = t4_event_check_attr(&attr, &ev, &why);
	if (ret) {
		pr_debug("config 0x%llx refused: %s\n", attr.config, why);
		return ret;
	}
	ret = t4_validate_group(event);
	if (ret)
		return ret;
	ret = t4_reserve_hw();
	if (ret)
		return ret;
	event->destroy = t4_event_destroy;
	event->hw.config = attr.config;
	event->hw.config_base = t4_pcr_enable(&ev);
	event->hw.idx = -1;
	return 0;
}

static bool t4_counting(struct perf_event *event)
{
	return !(event->hw.state & PERF_HES_STOPPED);
}

/*
 * Add what the event's PIC counted since it was last read. @wrapped: the
 * PIC wrapped since (PCR.ov), which a run of 2^32 events from zero back to
 * zero does not show in the value.
 */
static void t4_update(struct perf_event *event, bool wrapped)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 now = t4_ops->read_pic(hwc->idx) & pmu_counter_mask(T4_PIC_WIDTH);
	u64 prev = local64_xchg(&hwc->prev_count, now);
	u64 delta = pmu_counter_delta(prev, now, T4_PIC_WIDTH);

	if (wrapped && now >= prev)
		delta += T4_PIC_WRAP;

	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

/* The PIC value an event starts from: the rest of its period, or zero. */
static u64 t4_start_value(struct perf_event *event, const struct t4_event *ev)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 start = 0;

	if (is_sampling_event(event))
		start = pmu_period_start(local64_read(&hwc->period_left),
					 T4_PIC_WRAP, T4_PIC_WRAP, T4_PIC_WIDTH);
	return t4_pic_start(ev, start);
}

static void t4_write_pcr(struct t4_cpu *cpu, unsigned int c, u64 value)
{
	t4_ops->write_pcr(c, value);
	cpu->pcr[c] = value;
	cpu->known |= BIT(c);
}

/* Stop counter @c if the glue may have left it counting. */
static void t4_stop_counter(struct t4_cpu *cpu, unsigned int c)
{
	if (!(cpu->known & BIT(c)) || cpu->pcr[c] != t4_pcr_stopped())
		t4_write_pcr(cpu, c, t4_pcr_stopped());
}

/* Start @event on counter @c with the sequence of section 10.2. */
static void t4_start_counter(struct t4_cpu *cpu, unsigned int c,
			     struct perf_event *event, const struct t4_event *ev)
{
	u64 pcr = event->hw.config_base;
	u64 start = t4_start_value(event, ev);
	bool same = (cpu->known & BIT(c)) && cpu->pcr[c] == pcr;

	if (!same)
		t4_stop_counter(cpu, c);
	local64_set(&event->hw.prev_count, start);
	t4_ops->write_pic(c, start);
	if (!same)
		t4_write_pcr(cpu, c, pcr);
}

/*
 * Give each event a counter: the one it had if still free, else the
 * lowest free one. Events that find none (someone took counters since
 * they were added) do not count until the next reprogramming.
 */
static void t4_assign(struct t4_cpu *cpu)
{
	unsigned int free = t4_free_counters(), taken = 0, i;

	/* A counter someone else took (the watchdog restarted) is theirs. */
	cpu->known &= free;
	memset(cpu->owner, 0, sizeof(cpu->owner));
	for (i = 0; i < cpu->n; i++) {
		int idx = cpu->event[i]->hw.idx;

		if (idx >= 0 && (free & ~taken & BIT(idx))) {
			taken |= BIT(idx);
			cpu->owner[idx] = cpu->event[i];
			cpu->owner_slot[idx] = i;
		} else {
			cpu->event[i]->hw.idx = -1;
		}
	}
	for (i = 0; i < cpu->n; i++) {
		unsigned int left = free & ~taken, c;

		if (cpu->event[i]->hw.idx >= 0 || !left)
			continue;
		c = __ffs(left);
		taken |= BIT(c);
		cpu->event[i]->hw.idx = c;
		cpu->owner[c] = cpu->event[i];
		cpu->owner_slot[c] = i;
	}
}

static void t4_program(struct t4_cpu *cpu)
{
	unsigned int c;

	t4_assign(cpu);
	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		struct perf_event *event = cpu->owner[c];

		if (event && t4_counting(event))
			t4_start_counter(cpu, c, event,
					 &cpu->dec[cpu->owner_slot[c]]);
		else if (event && (cpu->known & BIT(c)))
			t4_stop_counter(cpu, c);
	}
}

/*
 * A counter whose event left (a task switched out) keeps counting what
 * nobody reads: if the event comes back, or another with the same PCR
 * value, the PCR is still right and only the PIC is written. Its wrap is
 * stopped by t4_pmu_interrupt(); the last event's release stops them all.
 */
static void t4_stop_unowned(void *unused)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);
	unsigned long flags;
	unsigned int c;

	local_irq_save(flags);
	cpu->known &= t4_free_counters();
	for (c = 0; c < T4_NUM_COUNTERS; c++)
		if (!cpu->owner[c] && (cpu->known & BIT(c)))
			t4_stop_counter(cpu, c);
	local_irq_restore(flags);
}

static void t4_hw_disable(struct t4_cpu *cpu)
{
	unsigned int i;

	if (!cpu->enabled)
		return;
	cpu->enabled = false;
	barrier();	/* the overflow interrupt sees enabled clear first */
	for (i = 0; i < cpu->n; i++) {
		struct perf_event *event = cpu->event[i];

		if (event->hw.idx >= 0 && t4_counting(event))
			t4_update(event, false);
	}
}

static void t4_hw_enable(struct t4_cpu *cpu)
{
	if (cpu->enabled)
		return;
	t4_program(cpu);
	barrier();
	cpu->enabled = true;
}

/*
 * The perf core's perf_pmu_disable() is not exported, so the driver nests
 * its own disables: the core's calls and the driver's meet in one count
 * per CPU, and only the outermost pair touches the hardware.
 */
static void t4_disable(void)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);

	if (!cpu->disable_depth++)
		t4_hw_disable(cpu);
}

static void t4_enable(void)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);

	if (cpu->disable_depth && !--cpu->disable_depth)
		t4_hw_enable(cpu);
}

static void t4_pmu_disable(struct pmu *pmu)
{
	t4_disable();
}

static void t4_pmu_enable(struct pmu *pmu)
{
	t4_enable();
}

static void t4_start(struct perf_event *event, int flags)
{
	t4_disable();
	event->hw.state = 0;
	t4_enable();
	perf_event_update_userpage(event);
}

static void t4_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	/* Disabling folds the count; enabling stops the counter. */
	t4_disable();
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
	t4_enable();
}

static int t4_add(struct perf_event *event, int flags)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);
	struct perf_event_attr attr = event->attr;
	const char *why;
	unsigned int n;
	int ret = -EAGAIN;

	t4_disable();
	n = cpu->n;
	if (n == T4_NUM_COUNTERS)
		goto out;
	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD) &&
	    n + 1 > hweight32(t4_free_counters()))
		goto out;
	attr.config = event->hw.config;
	if (t4_event_check_attr(&attr, &cpu->dec[n], &why))
		goto out;
	cpu->event[n] = event;
	cpu->n = n + 1;
	event->hw.state = PERF_HES_UPTODATE;
	if (!(flags & PERF_EF_START))
		event->hw.state |= PERF_HES_STOPPED;
	ret = 0;
out:
	t4_enable();
	return ret;
}

static void t4_del(struct perf_event *event, int flags)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);
	unsigned int i;

	t4_disable();
	for (i = 0; i < cpu->n; i++)
		if (cpu->event[i] == event)
			break;
	if (i < cpu->n) {
		for (; i + 1 < cpu->n; i++) {
			cpu->event[i] = cpu->event[i + 1];
			cpu->dec[i] = cpu->dec[i + 1];
		}
		cpu->n--;
	}
	/* hw.idx stays: added again, the event gets the same counter back. */
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	t4_enable();
	perf_event_update_userpage(event);
}

static void t4_read(struct perf_event *event)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);

	if (cpu->enabled && event->hw.idx >= 0 && t4_counting(event))
		t4_update(event, false);
}

static void t4_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);

	cpu->txn_flags = flags;
	if (flags & PERF_PMU_TXN_ADD)
		t4_disable();
}

static void t4_cancel_txn(struct pmu *pmu)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);
	unsigned int flags = cpu->txn_flags;

	cpu->txn_flags = 0;
	if (flags & PERF_PMU_TXN_ADD)
		t4_enable();
}

static int t4_commit_txn(struct pmu *pmu)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);

	if (!(cpu->txn_flags & PERF_PMU_TXN_ADD)) {
		cpu->txn_flags = 0;
		return 0;
	}
	if (cpu->n > hweight32(t4_free_counters()))
		return -EAGAIN;
	cpu->txn_flags = 0;
	t4_enable();
	return 0;
}

static void t4_sample(struct perf_event *event, const struct t4_event *ev,
		      u64 pcr, struct pt_regs *regs)
{
	struct perf_sample_data data;
	struct pt_regs sregs = *regs;

	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (ev->precise)
		instruction_pointer_set(&sregs,
					t4_sample_ip(instruction_pointer(regs), pcr));
	if (pmu_suite_overflow(event, &data, &sregs))
		event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

/**
 * t4_pmu_interrupt() - handle a performance counter overflow
 * @regs: the interrupted registers
 *
 * Called by the backend for a level-15 interrupt, possibly while the glue
 * has the PMU disabled. Every counter of the glue whose PCR.ov is set is
 * stopped, which clears ov reliably (a programming note of section 10.2);
 * with the PMU enabled its count is folded, a sampling event whose period
 * ended delivers a sample, and the counter restarts.
 *
 * Return: true if the interrupt was the glue's: an ov was found, or the
 * glue counts on PIC0, which the backend's caller would otherwise stop.
 */
bool t4_pmu_interrupt(struct pt_regs *regs)
{
	struct t4_cpu *cpu = this_cpu_ptr(&t4_cpus);
	unsigned int free = t4_free_counters(), c;
	bool handled = false;

	cpu->known &= free;
	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		struct perf_event *event = cpu->owner[c];
		struct hw_perf_event *hwc;
		const struct t4_event *ev;
		s64 left;
		u64 pcr;

		if (!(cpu->known & BIT(c)) || !t4_pcr_counting(cpu->pcr[c]))
			continue;
		pcr = t4_ops->read_pcr(c);
		if (!(pcr & T4_PCR_OV))
			continue;
		handled = true;
		t4_write_pcr(cpu, c, t4_pcr_stopped());
		/* Disabled: the count was folded; enabling restarts it. */
		if (!cpu->enabled || !event || !t4_counting(event))
			continue;
		hwc = &event->hw;
		ev = &cpu->dec[cpu->owner_slot[c]];
		t4_update(event, true);
		if (is_sampling_event(event)) {
			left = local64_read(&hwc->period_left);
			if (pmu_period_advance(&left, hwc->sample_period,
					       &hwc->last_period)) {
				local64_set(&hwc->period_left, left);
				t4_sample(event, ev, pcr, regs);
			} else {
				local64_set(&hwc->period_left, left);
			}
		}
		if (t4_counting(event))
			t4_start_counter(cpu, c, event, ev);
	}
	return handled || ((cpu->known & BIT(0)) && t4_pcr_counting(cpu->pcr[0]));
}
EXPORT_SYMBOL_GPL(t4_pmu_interrupt);

/* sysfs: format/ (TABLE 10-1's sl and mask), events/, caps/ */

PMU_FORMAT_ATTR(event, "config:0-4");
PMU_FORMAT_ATTR(umask, "config:8-13");
PMU_FORMAT_ATTR(sl, "config:0-4");
PMU_FORMAT_ATTR(mask, "config:8-13");

static struct attribute *t4_format_attrs[] = {
	&format_attr_event.attr,
	&format_attr_umask.attr,
	&format_attr_sl.attr,
	&format_attr_mask.attr,
	NULL
};

static const struct attribute_group t4_format_group = {
	.name = "format",
	.attrs = t4_format_attrs,
};

static ssize_t t4_event_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr);

	return sysfs_emit(page, "event=0x%02llx,umask=0x%02llx\n",
			  T4_CONFIG_SL(pa->id), T4_CONFIG_MASK(pa->id));
}

static struct perf_pmu_events_attr *t4_event_attrs;
static struct attribute **t4_event_attr_list;

static struct attribute_group t4_events_group = {
	.name = "events",
};

static void t4_init_event_attr(struct perf_pmu_events_attr *pa,
			       const char *name, u64 config)
{
	sysfs_attr_init(&pa->attr.attr);
	pa->attr.attr.name = name;
	pa->attr.attr.mode = 0444;
	pa->attr.show = t4_event_show;
	pa->id = config;
}

static bool t4_alias_taken(unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(t4_event_attrs[i].attr.attr.name, name))
			return true;
	return false;
}

/* events/: every catalogue event, then generic names it lacks. */
static int t4_alloc_event_attrs(void)
{
	unsigned int max = T4_CATALOGUE_NR + t4_generic_events_len;
	unsigned int i, n = 0;

	t4_event_attrs = kcalloc(max, sizeof(*t4_event_attrs), GFP_KERNEL);
	t4_event_attr_list = kcalloc(max + 1, sizeof(*t4_event_attr_list),
				     GFP_KERNEL);
	if (!t4_event_attrs || !t4_event_attr_list) {
		kfree(t4_event_attrs);
		kfree(t4_event_attr_list);
		return -ENOMEM;
	}
	for (i = 0; i < T4_CATALOGUE_NR; i++, n++) {
		t4_init_event_attr(&t4_event_attrs[n], t4_catalogue[i].alias,
				   T4_CONFIG(t4_catalogue[i].sl,
					     t4_catalogue[i].mask));
		t4_event_attr_list[n] = &t4_event_attrs[n].attr.attr;
	}
	for (i = 0; i < t4_generic_events_len; i++) {
		const struct t4_generic_event *g = &t4_generic_events[i];

		if (g->type != PERF_TYPE_HARDWARE || t4_alias_taken(n, g->alias))
			continue;
		t4_init_event_attr(&t4_event_attrs[n], g->alias,
				   T4_CONFIG(g->sl, g->mask));
		t4_event_attr_list[n] = &t4_event_attrs[n].attr.attr;
		n++;
	}
	t4_events_group.attrs = t4_event_attr_list;
	return 0;
}

static ssize_t sampling_show(struct device *dev, struct device_attribute *attr,
			     char *page)
{
	return sysfs_emit(page, "%d\n", PMU_SUITE_CAN_SAMPLE);
}
static DEVICE_ATTR_RO(sampling);

/* Precise groups trap on the overflowing instruction: no skid. */
static ssize_t max_precise_show(struct device *dev,
				struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%d\n", PMU_SUITE_CAN_SAMPLE ? 3 : 0);
}
static DEVICE_ATTR_RO(max_precise);

static struct attribute *t4_caps_attrs[] = {
	&dev_attr_sampling.attr,
	&dev_attr_max_precise.attr,
	NULL
};

static const struct attribute_group t4_caps_group = {
	.name = "caps",
	.attrs = t4_caps_attrs,
};

static const struct attribute_group *t4_attr_groups[] = {
	&t4_format_group,
	&t4_events_group,
	&t4_caps_group,
	NULL
};

static struct pmu t4_pmu = {
	.task_ctx_nr	= perf_hw_context,
	.capabilities	= PMU_SUITE_SAMPLING_CAPS | PERF_PMU_CAP_EXTENDED_HW_TYPE,
	.attr_groups	= t4_attr_groups,
	.event_init	= t4_event_init,
	.add		= t4_add,
	.del		= t4_del,
	.start		= t4_start,
	.stop		= t4_stop,
	.read		= t4_read,
	.pmu_enable	= t4_pmu_enable,
	.pmu_disable	= t4_pmu_disable,
	.start_txn	= t4_start_txn,
	.commit_txn	= t4_commit_txn,
	.cancel_txn	= t4_cancel_txn,
};

/**
 * t4_pmu_register() - register the SPARC T4 core PMU with perf
 * @ops: the register backend; it must outlive the registration
 * @name: the PMU's name in sysfs
 *
 * Return: 0 or a negative errno.
 */
int t4_pmu_register(const struct t4_pmu_ops *ops, const char *name)
{
	unsigned int cpu;
	int ret;

	if (t4_ops)
		return -EBUSY;
	ret = t4_alloc_event_attrs();
	if (ret)
		return ret;
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&t4_cpus, cpu), 0, sizeof(struct t4_cpu));
	t4_ops = ops;
	t4_pmu.module = ops->owner;
	ret = perf_pmu_register(&t4_pmu, name, -1);
	if (ret) {
		t4_ops = NULL;
		kfree(t4_event_attrs);
		kfree(t4_event_attr_list);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(t4_pmu_register);

/**
 * t4_pmu_unregister() - remove the PMU registered by t4_pmu_register()
 */
void t4_pmu_unregister(void)
{
	if (!t4_ops)
		return;
	pmu_suite_unregister(&t4_pmu);
	t4_ops = NULL;
	kfree(t4_event_attrs);
	kfree(t4_event_attr_list);
}
EXPORT_SYMBOL_GPL(t4_pmu_unregister);

/**
 * t4_pmu_type() - perf type number of the registered core PMU
 */
int t4_pmu_type(void)
{
	return t4_pmu.type;
}
EXPORT_SYMBOL_GPL(t4_pmu_type);
