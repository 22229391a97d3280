/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every multiset of a given size of a sample of events, for the KUnit
 * tests that check a driver's scheduler against brute force: groups may
 * repeat an event, and the order within a group does not matter, so the
 * indices run non-decreasing.
 */
#ifndef _PMU_SUITE_MULTISET_H
#define _PMU_SUITE_MULTISET_H

#include <linux/types.h>

/**
 * pmu_multiset_first() - the first multiset: @size times event 0
 * @idx: @size indices
 * @size: the multiset's size
 */
static inline void pmu_multiset_first(unsigned int *idx, unsigned int size)
{
	unsigned int i;

	for (i = 0; i < size; i++)
		idx[i] = 0;
}

/**
 * pmu_multiset_next() - the next multiset of @size of @n events
 * @idx: @size non-decreasing indices below @n; updated
 * @size: the multiset's size
 * @n: number of events
 *
 * Return: false after the last one (@size times event @n - 1).
 */
static inline bool pmu_multiset_next(unsigned int *idx, unsigned int size,
				     unsigned int n)
{
	unsigned int i = size;

	while (i-- > 0) {
		if (idx[i] + 1 >= n)
			continue;
		idx[i]++;
		for (i++; i < size; i++)
			idx[i] = idx[i - 1];
		return true;
	}
	return false;
}

#endif /* _PMU_SUITE_MULTISET_H */
