/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The uncore framework: what the suite's package-scoped PMUs (the POWER9
 * nest, the SPARC T4 DRAM counters, the Itanium 9300 B-, Z- and R-Boxes)
 * share, written once, in the manner of drivers/perf/arm_dsu_pmu.c.
 *
 * A driver's PMUs form a set: they count for the same packages (chips or
 * sockets), on one online CPU of each package, published in their cpumask
 * attribute. The framework keeps the counting CPU of each package, follows
 * CPU hotplug through one cpuhp multi-instance state and migrates the
 * set's perf contexts when a counting CPU goes offline, runs the poll
 * timer of counters that raise no interrupt (pinned on the counting CPU
 * while the package has events, so it moves with them), refuses what no
 * package-scoped PMU can do (per-task events, sampling, privilege filters,
 * groups with another PMU's hardware events), owns every struct pmu
 * callback, and registers the PMUs with format/, events/ and cpumask. A
 * driver gives the hooks of struct pmu_uncore_ops and the set's poll hook.
 *
 * hw.config_base holds an event's package; hw.idx its counter, if the
 * driver allocates counters, else what the driver makes of it.
 */
#ifndef _PMU_SUITE_UNCORE_PMU_H
#define _PMU_SUITE_UNCORE_PMU_H

#include <linux/hrtimer.h>
#include <linux/list.h>
#include <linux/perf_event.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <pmu-suite/events.h>
#include <pmu-suite/package.h>

#define PMU_UNCORE_MAX_PACKAGES	16
#define PMU_UNCORE_MAX_PMUS	8

struct pmu_uncore;
struct pmu_uncore_set;

/**
 * struct pmu_uncore_ops - what an uncore driver gives the framework
 * @init: check and decode @event (its package is in hw.config_base, the
 *	framework's own checks are passed); 0, or a negative errno and, if
 *	the configuration is refused, why in @why (the framework logs it)
 * @alloc: optional; take a counter for @event, added (hw.idx);
 *	-EAGAIN when none is free
 * @free: optional; give @event's counter back, deleted
 * @start: program @event's counter and return its value, from which the
 *	count goes on
 * @update: add what @event's counter counted since @prev_count to its
 *	count; with @stop, leave the counter stopped as well
 * @format: the format/ attributes, NULL-terminated: PMU_FORMAT_FIELD()s,
 *	the generated fields header's list
 * @events: the events/ files (PMU_UNCORE_EVENT()s, the generated
 *	catalogue's list), NULL-terminated
 * @event_show: optional; print the events/ file of @id (default
 *	"event=0x<id>")
 * @identifier: optional; the PMU's sysfs identifier, which perf matches
 *	against the "Compat" of the JSON of its sys tables (the generated
 *	catalogue header's, the same string as its JSON's)
 */
struct pmu_uncore_ops {
	int (*init)(struct pmu_uncore *pu, struct perf_event *event,
		    const char **why);
	int (*alloc)(struct pmu_uncore *pu, struct perf_event *event);
	void (*free)(struct pmu_uncore *pu, struct perf_event *event);
	u64 (*start)(struct pmu_uncore *pu, struct perf_event *event);
	void (*update)(struct pmu_uncore *pu, struct perf_event *event,
		       bool stop);
	struct attribute **format;
	struct attribute **events;
	ssize_t (*event_show)(struct pmu_uncore *pu, u64 id, char *page);
	const char *identifier;
};

/**
 * struct pmu_uncore_timer - the poll timer of one package
 * @timer: the timer
 * @set: its set
 * @pkg: its package
 */
struct pmu_uncore_timer {
	struct hrtimer timer;
	struct pmu_uncore_set *set;
	unsigned int pkg;
};

/**
 * struct pmu_uncore - one uncore PMU
 * @pmu: the perf PMU (container_of() leads back here)
 * @set: the set it belongs to
 * @ops: the driver's hooks
 * @format_group: format/
 * @events_group: events/
 * @groups: format/, events/, the cpumask and identifier attributes and
 *	NULL
 * @registered: registered with perf
 */
struct pmu_uncore {
	struct pmu pmu;
	struct pmu_uncore_set *set;
	const struct pmu_uncore_ops *ops;
	struct attribute_group format_group;
	struct attribute_group events_group;
	const struct attribute_group *groups[4];
	bool registered;
};

/**
 * struct pmu_uncore_set - the PMUs of a driver that count for the same
 *	packages
 * @nr_packages: packages, at most PMU_UNCORE_MAX_PACKAGES
 * @package_of: the package of a CPU; negative for a CPU that counts for
 *	none
 * @poll_ns: poll period; 0 for counters that need no polling
 * @poll: fold the counts of package @pkg's events, from the poll timer on
 *	the package's counting CPU
 * @packages: the counting CPU of each package
 * @cpu: storage for @packages
 * @lock: protects @active
 * @active: per package, events added (the poll timer runs while nonzero)
 * @timer: per package, the poll timer
 * @pmus: the set's registered PMUs
 * @node: the set's cpuhp instance
 * @hotplug: @node is added
 */
struct pmu_uncore_set {
	unsigned int nr_packages;
	int (*package_of)(unsigned int cpu);
	u64 poll_ns;
	void (*poll)(struct pmu_uncore_set *set, unsigned int pkg);
	struct pmu_package_cpus packages;
	int cpu[PMU_UNCORE_MAX_PACKAGES];
	raw_spinlock_t lock;
	unsigned int active[PMU_UNCORE_MAX_PACKAGES];
	struct pmu_uncore_timer timer[PMU_UNCORE_MAX_PACKAGES];
	struct pmu_uncore *pmus[PMU_UNCORE_MAX_PMUS];
	struct hlist_node node;
	bool hotplug;
};

static inline struct pmu_uncore *to_pmu_uncore(struct pmu *pmu)
{
	return container_of(pmu, struct pmu_uncore, pmu);
}

int pmu_uncore_set_init(struct pmu_uncore_set *set, unsigned int nr_packages,
			int (*package_of)(unsigned int cpu), u64 poll_ns,
			void (*poll)(struct pmu_uncore_set *set,
				     unsigned int pkg));
void pmu_uncore_set_exit(struct pmu_uncore_set *set);
int pmu_uncore_register(struct pmu_uncore *pu, struct pmu_uncore_set *set,
			const struct pmu_uncore_ops *ops, struct module *owner,
			const char *name);
void pmu_uncore_unregister(struct pmu_uncore *pu);
int pmu_uncore_package_cpu(struct pmu_uncore_set *set, unsigned int pkg);

#endif /* _PMU_SUITE_UNCORE_PMU_H */
