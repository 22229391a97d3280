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
 * groups with another PMU's hardware events), and registers the PMUs with
 * a cpumask attribute. A driver gives its struct pmu callbacks, its
 * format/ and events/ groups and the poll hook.
 */
#ifndef _PMU_SUITE_UNCORE_PMU_H
#define _PMU_SUITE_UNCORE_PMU_H

#include <linux/hrtimer.h>
#include <linux/list.h>
#include <linux/perf_event.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <pmu-suite/package.h>

#define PMU_UNCORE_MAX_PACKAGES	16
#define PMU_UNCORE_MAX_PMUS	8

struct pmu_uncore_set;

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
 * @groups: format/, events/, the cpumask attribute and NULL
 * @registered: registered with perf
 */
struct pmu_uncore {
	struct pmu pmu;
	struct pmu_uncore_set *set;
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

int pmu_uncore_set_init(struct pmu_uncore_set *set);
void pmu_uncore_set_exit(struct pmu_uncore_set *set);
int pmu_uncore_register(struct pmu_uncore *pu, struct pmu_uncore_set *set,
			const char *name, const struct attribute_group *format,
			const struct attribute_group *events);
void pmu_uncore_unregister(struct pmu_uncore *pu);
int pmu_uncore_event_init(struct perf_event *event);
int pmu_uncore_package_cpu(struct pmu_uncore_set *set, unsigned int pkg);
void pmu_uncore_poll_get(struct pmu_uncore_set *set, unsigned int pkg);
void pmu_uncore_poll_put(struct pmu_uncore_set *set, unsigned int pkg);

#endif /* _PMU_SUITE_UNCORE_PMU_H */
