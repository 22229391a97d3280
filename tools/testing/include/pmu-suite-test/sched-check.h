/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A driver's scheduler against brute force, for its KUnit tests: every
 * multiset of a sample of events, up to a group size, is placed by the
 * driver and by trying every assignment of counters; the two must agree
 * on whether the group fits, and the driver's placement must be one the
 * driver's own rules (the test's valid()) accept.
 */
#ifndef _PMU_SUITE_SCHED_CHECK_H
#define _PMU_SUITE_SCHED_CHECK_H

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <pmu-suite-test/multiset.h>

#define PMU_SCHED_CHECK_MAX	6

/**
 * struct pmu_sched_check - what the brute force is run on
 * @sample: the sample's events, @elem_size bytes each
 * @elem_size: size of one event
 * @n: events in the sample
 * @max_group: largest group tried, at most PMU_SCHED_CHECK_MAX
 * @first_counter: number of the first counter
 * @nr_counters: counters
 * @schedule: the driver's scheduler: 0 and the counter of each event in
 *	@counter, or -ENOSPC
 * @valid: whether @counter is a placement the hardware accepts
 */
struct pmu_sched_check {
	const void *sample;
	size_t elem_size;
	unsigned int n;
	unsigned int max_group;
	unsigned int first_counter;
	unsigned int nr_counters;
	int (*schedule)(const void *group, unsigned int n, u8 *counter);
	bool (*valid)(const void *group, const u8 *counter, unsigned int n);
};

/*
 * PMU_SCHED_CHECK_SCHEDULE(prefix, field) - define prefix_schedule_counters(),
 * a struct pmu_sched_check.schedule over the driver's scheduler
 * prefix_schedule(group, n, &s), which fills s, a struct prefix_schedule,
 * and gives the counter of each event in s.field[].
 */
#define PMU_SCHED_CHECK_SCHEDULE(prefix, field)				\
static int prefix##_schedule_counters(const void *group, unsigned int n, \
				      u8 *counter)			\
{									\
	struct prefix##_schedule s;					\
	int ret = prefix##_schedule(group, n, &s);			\
									\
	memcpy(counter, s.field, n);					\
	return ret;							\
}

/* Whether any assignment of counters to @group is valid. */
static inline bool pmu_sched_feasible(const struct pmu_sched_check *c,
				      const void *group, unsigned int n)
{
	u8 counter[PMU_SCHED_CHECK_MAX];
	unsigned int i, k, total = 1;

	for (i = 0; i < n; i++)
		total *= c->nr_counters;
	for (k = 0; k < total; k++) {
		unsigned int v = k;

		for (i = 0; i < n; i++) {
			counter[i] = c->first_counter + v % c->nr_counters;
			v /= c->nr_counters;
		}
		if (c->valid(group, counter, n))
			return true;
	}
	return false;
}

/**
 * pmu_sched_check_all() - check the scheduler on every group of the sample
 * @test: the test
 * @c: the sample and the driver's hooks
 *
 * Some groups must fit and some not, or the sample proves little.
 */
static inline void pmu_sched_check_all(struct kunit *test,
				       const struct pmu_sched_check *c)
{
	unsigned int idx[PMU_SCHED_CHECK_MAX], size, i, groups = 0, placed = 0;
	u8 counter[PMU_SCHED_CHECK_MAX];
	char *group;

	KUNIT_ASSERT_LE(test, c->max_group, PMU_SCHED_CHECK_MAX);
	group = kunit_kcalloc(test, c->max_group, c->elem_size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, group);
	for (size = 1; size <= c->max_group; size++) {
		pmu_multiset_first(idx, size);
		do {
			bool want;
			int ret;

			for (i = 0; i < size; i++)
				memcpy(group + i * c->elem_size,
				       c->sample + idx[i] * c->elem_size,
				       c->elem_size);
			want = pmu_sched_feasible(c, group, size);
			ret = c->schedule(group, size, counter);
			KUNIT_EXPECT_EQ_MSG(test, ret == 0, want,
					    "group of %u: %u %u %u %u", size,
					    idx[0], size > 1 ? idx[1] : 0,
					    size > 2 ? idx[2] : 0,
					    size > 3 ? idx[3] : 0);
			if (ret)
				KUNIT_EXPECT_EQ(test, ret, -ENOSPC);
			else
				KUNIT_EXPECT_TRUE(test, c->valid(group, counter, size));
			placed += !ret;
			groups++;
		} while (pmu_multiset_next(idx, size, c->n));
	}
	kunit_info(test, "%u groups from %u events, %u placeable", groups,
		   c->n, placed);
	KUNIT_EXPECT_GT(test, placed, 0U);
	KUNIT_EXPECT_LT(test, placed, groups);
}

#endif /* _PMU_SUITE_SCHED_CHECK_H */
