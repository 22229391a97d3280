// SPDX-License-Identifier: GPL-2.0-only
/*
 * The uncore framework (include/pmu-suite/uncore-pmu.h): counting CPU per
 * package, CPU hotplug, the poll timer, the checks every package-scoped
 * PMU makes, the struct pmu callbacks, sysfs and registration.
 */
#define pr_fmt(fmt) "pmu_suite: " fmt

#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/export.h>
#include <linux/perf_event.h>
#include <pmu-suite/uncore-pmu.h>
#include "unregister.h"

#include "internal.h"

static int pmu_uncore_hp_state = -1;

static enum hrtimer_restart pmu_uncore_poll(struct hrtimer *timer)
{
	struct pmu_uncore_timer *t = container_of(timer, struct pmu_uncore_timer,
						  timer);
	struct pmu_uncore_set *set = t->set;
	unsigned int pkg = t->pkg;
	unsigned long flags;
	bool active;

	raw_spin_lock_irqsave(&set->lock, flags);
	active = set->active[pkg];
	raw_spin_unlock_irqrestore(&set->lock, flags);
	if (!active)
		return HRTIMER_NORESTART;
	set->poll(set, pkg);
	hrtimer_forward_now(timer, ns_to_ktime(set->poll_ns));
	return HRTIMER_RESTART;
}

/*
 * An event of package @pkg was added, on the package's counting CPU: the
 * first starts the package's poll timer there. The start is made under
 * the lock, as the last event's cancel is: a migration deletes on one CPU
 * while it adds on another, and a cancel that came after the new start
 * would leave events without their poll (and the counters wrapping
 * unseen).
 */
static void pmu_uncore_poll_get(struct pmu_uncore_set *set, unsigned int pkg)
{
	unsigned long flags;

	if (!set->poll_ns)
		return;
	raw_spin_lock_irqsave(&set->lock, flags);
	if (!set->active[pkg]++)
		hrtimer_start(&set->timer[pkg].timer, ns_to_ktime(set->poll_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
	raw_spin_unlock_irqrestore(&set->lock, flags);
}

/*
 * An event of package @pkg was deleted: the last stops the timer. A timer
 * callback running meanwhile (the cancel does not wait for it) finds no
 * event and does not restart, so the count and the timer agree whatever
 * CPU the events of a migration are deleted and added on.
 */
static void pmu_uncore_poll_put(struct pmu_uncore_set *set, unsigned int pkg)
{
	unsigned long flags;

	if (!set->poll_ns)
		return;
	raw_spin_lock_irqsave(&set->lock, flags);
	if (set->active[pkg] && !--set->active[pkg])
		hrtimer_try_to_cancel(&set->timer[pkg].timer);
	raw_spin_unlock_irqrestore(&set->lock, flags);
}

/**
 * pmu_uncore_package_cpu() - the CPU that counts for package @pkg
 * @set: the set
 * @pkg: a package
 *
 * Return: the CPU, or -ENODEV.
 */
int pmu_uncore_package_cpu(struct pmu_uncore_set *set, unsigned int pkg)
{
	int cpu = pmu_package_cpu(&set->packages, pkg);

	return cpu < 0 ? -ENODEV : cpu;
}
EXPORT_SYMBOL_GPL(pmu_uncore_package_cpu);

/* A group member must be of this PMU, or a software event. */
static bool pmu_uncore_group_member(struct perf_event *event, struct pmu *pmu)
{
	return event->pmu == pmu || is_software_event(event);
}

static bool pmu_uncore_group_ok(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;

	/* A new leader has no siblings, nor the context lock to walk them. */
	if (leader == event)
		return true;
	if (!pmu_uncore_group_member(leader, event->pmu))
		return false;
	for_each_sibling_event(sibling, leader)
		if (!pmu_uncore_group_member(sibling, event->pmu))
			return false;
	return true;
}

/*
 * The checks of every package-scoped PMU: another PMU's event (-ENOENT),
 * per-task events and sampling (-EINVAL: the counters count for a whole
 * package and raise no interrupt), privilege filters (-EOPNOTSUPP, but
 * -EINVAL for guest/host: see below) and groups with another PMU's
 * hardware events (-EINVAL). The event moves to
 * its package's counting CPU (-ENODEV if the package has none online),
 * and the driver checks the rest.
 */
static int pmu_uncore_event_init(struct perf_event *event)
{
	struct pmu_uncore *pu = to_pmu_uncore(event->pmu);
	struct pmu_uncore_set *set = pu->set;
	const char *why = NULL;
	int pkg, cpu, ret;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (event->cpu < 0 || event->attach_state & PERF_ATTACH_TASK) {
		pr_debug("%s: perf event refused: per-task, but it counts for a package\n",
			 event->pmu->name);
		return -EINVAL;
	}
	if (is_sampling_event(event)) {
		pr_debug("%s: perf event refused: sampling, but the counters do not interrupt\n",
			 event->pmu->name);
		return -EINVAL;
	}
	/*
	 * The perf tool sets exclude_guest unless the user asks otherwise,
	 * and opens the event again without it (and exclude_host) only
	 * after -EINVAL. The counters cannot tell guest from host either.
	 */
	if (event->attr.exclude_guest || event->attr.exclude_host) {
		pr_debug("%s: perf event refused: exclude_guest/host, but it counts both\n",
			 event->pmu->name);
		return -EINVAL;
	}
	if (event_has_any_exclude_flag(event)) {
		pr_debug("%s: perf event refused: exclude_*, but it counts at every privilege level\n",
			 event->pmu->name);
		return -EOPNOTSUPP;
	}
	if (!pmu_uncore_group_ok(event))
		return -EINVAL;
	pkg = pmu_package_of(&set->packages, event->cpu);
	cpu = pkg < 0 ? -1 : pmu_package_cpu(&set->packages, pkg);
	if (cpu < 0)
		return -ENODEV;
	event->cpu = cpu;
	event->hw.config_base = pkg;
	event->hw.idx = -1;
	ret = pu->ops->init(pu, event, &why);
	if (ret && why)
		pr_debug("%s: perf event config 0x%llx refused: %s\n", event->pmu->name,
			 event->attr.config, why);
	return ret;
}

static void pmu_uncore_start(struct perf_event *event, int flags)
{
	struct pmu_uncore *pu = to_pmu_uncore(event->pmu);

	local64_set(&event->hw.prev_count, pu->ops->start(pu, event));
	event->hw.state = 0;
}

static void pmu_uncore_stop(struct perf_event *event, int flags)
{
	struct pmu_uncore *pu = to_pmu_uncore(event->pmu);

	if (event->hw.state & PERF_HES_STOPPED)
		return;
	pu->ops->update(pu, event, true);
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int pmu_uncore_add(struct perf_event *event, int flags)
{
	struct pmu_uncore *pu = to_pmu_uncore(event->pmu);
	int ret;

	if (pu->ops->alloc) {
		ret = pu->ops->alloc(pu, event);
		if (ret)
			return ret;
	}
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		pmu_uncore_start(event, flags);
	pmu_uncore_poll_get(pu->set, event->hw.config_base);
	perf_event_update_userpage(event);
	return 0;
}

static void pmu_uncore_del(struct perf_event *event, int flags)
{
	struct pmu_uncore *pu = to_pmu_uncore(event->pmu);

	pmu_uncore_stop(event, PERF_EF_UPDATE);
	if (pu->ops->free)
		pu->ops->free(pu, event);
	pmu_uncore_poll_put(pu->set, event->hw.config_base);
	perf_event_update_userpage(event);
}

static void pmu_uncore_read(struct perf_event *event)
{
	struct pmu_uncore *pu = to_pmu_uncore(event->pmu);

	if (!(event->hw.state & PERF_HES_STOPPED))
		pu->ops->update(pu, event, false);
}

static int pmu_uncore_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct pmu_uncore_set *set = hlist_entry(node, struct pmu_uncore_set,
						 node);

	pmu_package_online(&set->packages, cpu);
	return 0;
}

/*
 * Deleting the events on the dying CPU stops its poll timers; adding
 * them on the target starts them there.
 */
static int pmu_uncore_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct pmu_uncore_set *set = hlist_entry(node, struct pmu_uncore_set,
						 node);
	int target = pmu_package_offline(&set->packages, cpu, cpu_online_mask);
	unsigned int i;

	for (i = 0; target >= 0 && i < PMU_UNCORE_MAX_PMUS; i++)
		if (set->pmus[i])
			perf_pmu_migrate_context(&set->pmus[i]->pmu, cpu, target);
	return 0;
}

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *page)
{
	struct pmu_uncore *pu = to_pmu_uncore(dev_get_drvdata(dev));

	return cpumap_print_to_pagebuf(true, page, &pu->set->packages.mask);
}
static DEVICE_ATTR_RO(cpumask);

/* identifier: what perf matches the "Compat" of sys JSON against */
static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *page)
{
	struct pmu_uncore *pu = to_pmu_uncore(dev_get_drvdata(dev));

	return sysfs_emit(page, "%s\n", pu->ops->identifier);
}
static DEVICE_ATTR_RO(identifier);

static struct attribute *pmu_uncore_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_identifier.attr,
	NULL
};

static umode_t pmu_uncore_attr_visible(struct kobject *kobj,
				       struct attribute *attr, int i)
{
	struct pmu_uncore *pu = to_pmu_uncore(dev_get_drvdata(kobj_to_dev(kobj)));

	if (attr == &dev_attr_identifier.attr && !pu->ops->identifier)
		return 0;
	return attr->mode;
}

static const struct attribute_group pmu_uncore_attr_group = {
	.attrs		= pmu_uncore_attrs,
	.is_visible	= pmu_uncore_attr_visible,
};

/* events/: the driver prints an event's file from its id */
ssize_t pmu_uncore_event_show(struct device *dev, struct device_attribute *attr,
			      char *page)
{
	struct pmu_uncore *pu = to_pmu_uncore(dev_get_drvdata(dev));
	u64 id = pmu_events_id(attr);

	if (pu->ops->event_show)
		return pu->ops->event_show(pu, id, page);
	return sysfs_emit(page, "event=0x%llx\n", id);
}
EXPORT_SYMBOL_GPL(pmu_uncore_event_show);

/**
 * pmu_uncore_set_init() - set up a set before its PMUs are registered
 * @set: the set
 * @nr_packages: its packages
 * @package_of: the package of a CPU, negative for none
 * @poll_ns: for polled counters, the poll period; else 0
 * @poll: for polled counters, what folds a package's counts; else NULL
 *
 * The online CPUs take their packages at once; from then on the set
 * follows CPU hotplug.
 *
 * Return: 0 or a negative errno.
 */
int pmu_uncore_set_init(struct pmu_uncore_set *set, unsigned int nr_packages,
			int (*package_of)(unsigned int cpu), u64 poll_ns,
			void (*poll)(struct pmu_uncore_set *set,
				     unsigned int pkg))
{
	unsigned int i;
	int ret;

	set->nr_packages = nr_packages;
	set->package_of = package_of;
	set->poll_ns = poll_ns;
	set->poll = poll;
	if (!set->nr_packages || set->nr_packages > PMU_UNCORE_MAX_PACKAGES ||
	    !set->package_of || (set->poll_ns && !set->poll))
		return -EINVAL;
	if (pmu_uncore_hp_state < 0)
		return -ENODEV;
	raw_spin_lock_init(&set->lock);
	pmu_package_init(&set->packages, set->cpu, set->nr_packages,
			 set->package_of);
	for (i = 0; i < PMU_UNCORE_MAX_PACKAGES; i++) {
		set->active[i] = 0;
		set->timer[i].set = set;
		set->timer[i].pkg = i;
		hrtimer_init(&set->timer[i].timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		set->timer[i].timer.function = pmu_uncore_poll;
	}
	for (i = 0; i < PMU_UNCORE_MAX_PMUS; i++)
		set->pmus[i] = NULL;
	ret = cpuhp_state_add_instance(pmu_uncore_hp_state, &set->node);
	if (ret)
		return ret;
	set->hotplug = true;
	return 0;
}
EXPORT_SYMBOL_GPL(pmu_uncore_set_init);

/**
 * pmu_uncore_set_exit() - undo pmu_uncore_set_init(), if it succeeded
 * @set: the set, whose PMUs are unregistered
 */
void pmu_uncore_set_exit(struct pmu_uncore_set *set)
{
	unsigned int i;

	if (!set->hotplug)
		return;
	cpuhp_state_remove_instance_nocalls(pmu_uncore_hp_state, &set->node);
	set->hotplug = false;
	for (i = 0; i < PMU_UNCORE_MAX_PACKAGES; i++)
		hrtimer_cancel(&set->timer[i].timer);
}
EXPORT_SYMBOL_GPL(pmu_uncore_set_exit);

/**
 * pmu_uncore_register() - register one PMU of a set
 * @pu: the PMU
 * @set: its set, set up by pmu_uncore_set_init()
 * @ops: the driver's hooks; they must outlive the registration
 * @owner: the driver's module (events pin it)
 * @name: the PMU's name
 *
 * Return: 0 or a negative errno.
 */
int pmu_uncore_register(struct pmu_uncore *pu, struct pmu_uncore_set *set,
			const struct pmu_uncore_ops *ops, struct module *owner,
			const char *name)
{
	unsigned int i;
	int ret;

	for (i = 0; i < PMU_UNCORE_MAX_PMUS && set->pmus[i]; i++)
		;
	if (i == PMU_UNCORE_MAX_PMUS)
		return -ENOSPC;
	if (!ops->init || !ops->start || !ops->update || !ops->format ||
	    !ops->events)
		return -EINVAL;
	*pu = (struct pmu_uncore) { .set = set, .ops = ops };
	pu->format_group.name = "format";
	pu->format_group.attrs = ops->format;
	pu->events_group.name = "events";
	pu->events_group.attrs = ops->events;
	pu->groups[0] = &pu->format_group;
	pu->groups[1] = &pu->events_group;
	pu->groups[2] = &pmu_uncore_attr_group;
	pu->groups[3] = NULL;
	pu->pmu = (struct pmu) {
		.module		= owner,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_INTERRUPT |
				  PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups	= pu->groups,
		.event_init	= pmu_uncore_event_init,
		.add		= pmu_uncore_add,
		.del		= pmu_uncore_del,
		.start		= pmu_uncore_start,
		.stop		= pmu_uncore_stop,
		.read		= pmu_uncore_read,
	};
	ret = perf_pmu_register(&pu->pmu, name, -1);
	if (ret)
		return ret;
	pu->registered = true;
	/* From now on the PMU follows its counting CPUs. */
	cpus_read_lock();
	set->pmus[i] = pu;
	cpus_read_unlock();
	return 0;
}
EXPORT_SYMBOL_GPL(pmu_uncore_register);

/**
 * pmu_uncore_unregister() - remove a PMU pmu_uncore_register() registered
 * @pu: the PMU; it has no events left
 */
void pmu_uncore_unregister(struct pmu_uncore *pu)
{
	unsigned int i;

	if (!pu->registered)
		return;
	cpus_read_lock();
	for (i = 0; i < PMU_UNCORE_MAX_PMUS; i++)
		if (pu->set->pmus[i] == pu)
			pu->set->pmus[i] = NULL;
	cpus_read_unlock();
	pmu_suite_unregister(&pu->pmu);
	pu->registered = false;
}
EXPORT_SYMBOL_GPL(pmu_uncore_unregister);

int pmu_uncore_framework_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
				      "perf/pmu_suite/uncore:online",
				      pmu_uncore_cpu_online,
				      pmu_uncore_cpu_offline);
	if (ret < 0)
		return ret;
	pmu_uncore_hp_state = ret;
	return 0;
}

void pmu_uncore_framework_exit(void)
{
	if (pmu_uncore_hp_state >= 0)
		cpuhp_remove_multi_state(pmu_uncore_hp_state);
	pmu_uncore_hp_state = -1;
}
