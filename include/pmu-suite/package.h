/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which CPU counts for each package, for PMUs that count for a whole
 * socket or chip: the bookkeeping under the uncore framework
 * (uncore-pmu.h).
 *
 * Each package's events are counted on one of its online CPUs; the PMUs
 * publish those CPUs in their cpumask attribute, so that perf opens one
 * event per package. When that CPU goes offline, another CPU of the
 * package takes over, and the framework migrates the perf contexts there.
 */
#ifndef _PMU_SUITE_PACKAGE_H
#define _PMU_SUITE_PACKAGE_H

#include <linux/cpumask.h>

/**
 * struct pmu_package_cpus - the counting CPU of each package
 * @cpu: per package, the CPU that counts for it, or -1
 * @nr: number of packages
 * @mask: the CPUs in @cpu
 * @package_of: the package of a CPU; negative if it has none
 */
struct pmu_package_cpus {
	int *cpu;
	unsigned int nr;
	cpumask_t mask;
	int (*package_of)(unsigned int cpu);
};

/**
 * pmu_package_init() - no package has a counting CPU yet
 * @p: the packages
 * @cpu: room for @nr CPUs
 * @nr: number of packages
 * @package_of: the package of a CPU
 */
static inline void pmu_package_init(struct pmu_package_cpus *p, int *cpu,
				    unsigned int nr,
				    int (*package_of)(unsigned int cpu))
{
	unsigned int i;

	p->cpu = cpu;
	p->nr = nr;
	p->package_of = package_of;
	for (i = 0; i < nr; i++)
		cpu[i] = -1;
	cpumask_clear(&p->mask);
}

/**
 * pmu_package_of() - the package of a CPU, checked against @p->nr
 * @p: the packages
 * @cpu: a CPU
 *
 * Return: the package, or -1.
 */
static inline int pmu_package_of(const struct pmu_package_cpus *p,
				 unsigned int cpu)
{
	int pkg = p->package_of(cpu);

	return pkg >= 0 && pkg < (int)p->nr ? pkg : -1;
}

/**
 * pmu_package_cpu() - the CPU that counts for a package
 * @p: the packages
 * @pkg: a package
 *
 * Return: the CPU, or -1 if the package has none online or is unknown.
 */
static inline int pmu_package_cpu(const struct pmu_package_cpus *p,
				  unsigned int pkg)
{
	return pkg < p->nr ? p->cpu[pkg] : -1;
}

/**
 * pmu_package_online() - a CPU came online
 * @p: the packages
 * @cpu: the CPU
 *
 * It counts for its package if the package had no counting CPU.
 */
static inline void pmu_package_online(struct pmu_package_cpus *p,
				      unsigned int cpu)
{
	int pkg = pmu_package_of(p, cpu);

	if (pkg >= 0 && p->cpu[pkg] < 0) {
		p->cpu[pkg] = cpu;
		cpumask_set_cpu(cpu, &p->mask);
	}
}

/**
 * pmu_package_offline() - a CPU goes offline
 * @p: the packages
 * @cpu: the CPU
 * @online: the CPUs online, @cpu possibly among them
 *
 * If @cpu counted for its package, the first other online CPU of the
 * package takes over.
 *
 * Return: the CPU to migrate @cpu's events to, or -1 if there is nothing
 * to migrate or nowhere to migrate it.
 */
static inline int pmu_package_offline(struct pmu_package_cpus *p,
				      unsigned int cpu,
				      const struct cpumask *online)
{
	int pkg = pmu_package_of(p, cpu), target = -1;
	unsigned int t;

	if (pkg < 0 || p->cpu[pkg] != (int)cpu)
		return -1;
	cpumask_clear_cpu(cpu, &p->mask);
	for_each_cpu(t, online) {
		if (t != cpu && pmu_package_of(p, t) == pkg) {
			target = t;
			break;
		}
	}
	p->cpu[pkg] = target;
	if (target >= 0)
		cpumask_set_cpu(target, &p->mask);
	return target;
}

#endif /* _PMU_SUITE_PACKAGE_H */
