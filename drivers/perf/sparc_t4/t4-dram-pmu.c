// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 DRAM performance counters: one uncore PMU per memory
 * controller, "sparc_t4_dram_N".
 *
 * Each PMU has counters 0 and 1 of its controller; counters 2 and 3 are
 * left to power management software, and DRAM_PERF_CTL_REG is changed
 * with a read-modify-write that keeps their select codes. The counters
 * raise no interrupt: an hrtimer reads them every ops->poll_ns while
 * events exist. DRAM_PERF_COUNT01_REG holds both counters, so the driver
 * never writes it: a write, to zero a counter or clear a sticky bit,
 * would drop what either counter counted between the read and the write.
 * A wrap shows as the count going down, or, until a counter's sticky
 * overflow bit first turns on, as that bit turning on.
 *
 * Events are counted on one CPU, published in the cpumask attribute, as
 * for other uncore PMUs; when it goes offline they move to another (the
 * uncore framework, include/pmu-suite/uncore-pmu.h, which also runs the
 * poll timer).
 */
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <pmu-suite/uncore-pmu.h>

#include <pmu-suite/sparc_t4/backend.h>
#include <pmu-suite/sparc_t4/regs.h>
#include "t4-catalogue.h"
#include "t4-dram.h"

struct t4_dram_pmu {
	struct pmu_uncore pu;
	unsigned int mcu;
	char name[32];
	struct perf_event *event[T4_DRAM_COUNTERS];
	/* The sticky bit of each counter, as last read. */
	bool sticky[T4_DRAM_COUNTERS];
	/* The register holds both counters: fold them one at a time. */
	raw_spinlock_t lock;
};

static const struct t4_dram_ops *t4_dram_ops;
static struct t4_dram_pmu *t4_dram_pmus;
static unsigned int t4_dram_nr;
/* The chip is the one package. */
static struct pmu_uncore_set t4_dram_chip;

static struct t4_dram_pmu *to_t4_dram(struct pmu_uncore *pu)
{
	return container_of(pu, struct t4_dram_pmu, pu);
}

/* Add what counter @c counted since it was last read. */
static void t4_dram_fold(struct t4_dram_pmu *dp, struct perf_event *event)
{
	unsigned int c = event->hw.idx;
	unsigned long flags;
	u64 reg, delta;
	u32 now;
	bool sticky;

	raw_spin_lock_irqsave(&dp->lock, flags);
	reg = t4_dram_ops->read_count(dp->mcu);
	now = t4_dram_count(reg, c);
	sticky = t4_dram_sticky(reg, c);
	delta = t4_dram_delta(local64_read(&event->hw.prev_count), now,
			      sticky && !dp->sticky[c]);
	dp->sticky[c] = sticky;
	local64_set(&event->hw.prev_count, now);
	raw_spin_unlock_irqrestore(&dp->lock, flags);
	local64_add(delta, &event->count);
}

/* The poll timer: fold every controller's counting events. */
static void t4_dram_poll(struct pmu_uncore_set *set, unsigned int chip)
{
	unsigned int i, c;

	for (i = 0; i < t4_dram_nr; i++) {
		struct t4_dram_pmu *dp = &t4_dram_pmus[i];

		for (c = 0; c < T4_DRAM_COUNTERS; c++) {
			struct perf_event *event = dp->event[c];

			if (event && !(event->hw.state & PERF_HES_STOPPED))
				t4_dram_fold(dp, event);
		}
	}
}

static int t4_dram_init(struct pmu_uncore *pu, struct perf_event *event,
			const char **why)
{
	struct perf_event *leader = event->group_leader, *sibling;
	unsigned int select, n = 1;
	int ret;

	ret = t4_dram_decode(&event->attr, &select, why);
	if (ret)
		return ret;
	/* A new leader has no siblings, nor the context lock to walk them. */
	if (leader != event) {
		n += leader->pmu == event->pmu;
		for_each_sibling_event(sibling, leader)
			n += sibling->pmu == event->pmu;
	}
	if (n > T4_DRAM_COUNTERS)
		return -EINVAL;
	event->hw.config = select;
	return 0;
}

static int t4_dram_alloc(struct pmu_uncore *pu, struct perf_event *event)
{
	struct t4_dram_pmu *dp = to_t4_dram(pu);
	unsigned int c;

	for (c = 0; c < T4_DRAM_COUNTERS; c++)
		if (!dp->event[c])
			break;
	if (c == T4_DRAM_COUNTERS)
		return -EAGAIN;
	dp->event[c] = event;
	event->hw.idx = c;
	return 0;
}

static void t4_dram_free(struct pmu_uncore *pu, struct perf_event *event)
{
	to_t4_dram(pu)->event[event->hw.idx] = NULL;
	event->hw.idx = -1;
}

/* Select the event's code on its counter, and count on from its value. */
static u64 t4_dram_start(struct pmu_uncore *pu, struct perf_event *event)
{
	struct t4_dram_pmu *dp = to_t4_dram(pu);
	unsigned int c = event->hw.idx;
	unsigned long irqflags;
	u64 ctl, reg;

	raw_spin_lock_irqsave(&dp->lock, irqflags);
	ctl = t4_dram_ops->read_ctl(dp->mcu);
	t4_dram_ops->write_ctl(dp->mcu, t4_dram_ctl(ctl, c, event->hw.config));
	reg = t4_dram_ops->read_count(dp->mcu);
	dp->sticky[c] = t4_dram_sticky(reg, c);
	raw_spin_unlock_irqrestore(&dp->lock, irqflags);
	return t4_dram_count(reg, c);
}

/* The counter goes on counting: the next start selects its code again. */
static void t4_dram_update(struct pmu_uncore *pu, struct perf_event *event,
			   bool stop)
{
	t4_dram_fold(to_t4_dram(pu), event);
}

/* sysfs: format/, events/ (TABLE 10-7) */

static const struct pmu_uncore_ops t4_dram_uncore_ops = {
	.init		= t4_dram_init,
	.alloc		= t4_dram_alloc,
	.free		= t4_dram_free,
	.start		= t4_dram_start,
	.update		= t4_dram_update,
	.format		= t4_dram_format_attrs,
	.events		= t4_dram_event_attrs,
	.identifier	= T4_PMU_IDENTIFIER,
};

static int t4_dram_package_of(unsigned int cpu)
{
	return !t4_dram_ops->cpu_counts || t4_dram_ops->cpu_counts(cpu) ? 0 : -1;
}

static void t4_dram_unregister_n(unsigned int n)
{
	while (n--)
		pmu_uncore_unregister(&t4_dram_pmus[n].pu);
	pmu_uncore_set_exit(&t4_dram_chip);
	kfree(t4_dram_pmus);
	t4_dram_pmus = NULL;
	t4_dram_ops = NULL;
	t4_dram_nr = 0;
}

/**
 * t4_dram_register() - register a PMU per memory controller
 * @ops: the register backend; it must outlive the registration
 * @prefix: PMU name prefix; the PMUs are "<prefix>_0" and up
 *
 * Return: 0 or a negative errno.
 */
int t4_dram_register(const struct t4_dram_ops *ops, const char *prefix)
{
	unsigned int i;
	int ret;

	if (t4_dram_ops)
		return -EBUSY;
	if (!ops->nr_mcu || ops->nr_mcu > T4_DRAM_NR_MCU || !ops->poll_ns)
		return -EINVAL;
	t4_dram_pmus = kcalloc(ops->nr_mcu, sizeof(*t4_dram_pmus), GFP_KERNEL);
	if (!t4_dram_pmus)
		return -ENOMEM;
	t4_dram_ops = ops;
	ret = pmu_uncore_set_init(&t4_dram_chip, 1, t4_dram_package_of,
				  ops->poll_ns, t4_dram_poll);
	if (ret) {
		kfree(t4_dram_pmus);
		t4_dram_pmus = NULL;
		t4_dram_ops = NULL;
		return ret;
	}
	for (i = 0; i < ops->nr_mcu; i++) {
		struct t4_dram_pmu *dp = &t4_dram_pmus[i];

		dp->mcu = i;
		raw_spin_lock_init(&dp->lock);
		snprintf(dp->name, sizeof(dp->name), "%s_%u", prefix, i);
		/* The poll timer reads the PMUs registered so far. */
		t4_dram_nr = i + 1;
		ret = pmu_uncore_register(&dp->pu, &t4_dram_chip,
					  &t4_dram_uncore_ops, ops->owner,
					  dp->name);
		if (ret) {
			t4_dram_unregister_n(i);
			return ret;
		}
	}
	return 0;
}
EXPORT_SYMBOL_GPL(t4_dram_register);

/**
 * t4_dram_unregister() - remove the PMUs t4_dram_register() registered
 */
void t4_dram_unregister(void)
{
	if (t4_dram_ops)
		t4_dram_unregister_n(t4_dram_nr);
}
EXPORT_SYMBOL_GPL(t4_dram_unregister);

/**
 * t4_dram_pmu_type() - perf type number of memory controller @mcu's PMU
 * @mcu: the controller
 *
 * Return: the type, or -ENODEV.
 */
int t4_dram_pmu_type(unsigned int mcu)
{
	return mcu < t4_dram_nr ? t4_dram_pmus[mcu].pu.pmu.type : -ENODEV;
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_pmu_type);

/**
 * t4_dram_pmu_cpu() - the CPU the DRAM PMUs count on
 *
 * Return: the CPU, or -ENODEV.
 */
int t4_dram_pmu_cpu(void)
{
	return t4_dram_ops ? pmu_uncore_package_cpu(&t4_dram_chip, 0) : -ENODEV;
}
EXPORT_SYMBOL_IF_KUNIT(t4_dram_pmu_cpu);
