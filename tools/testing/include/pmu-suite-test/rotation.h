/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf core's multiplexing rotation, one at a time, for the model
 * tests that count a driver's scheduler steps or register accesses per
 * rotation: 20 events of
 * the PMU's catalogue, drawn with a fixed seed and opened one by one, as
 * `perf stat -e` opens 20 events (ungrouped, each its own group), then
 * rotated by the function the core's rotation timer runs.
 */
#ifndef _PMU_SUITE_ROTATION_H
#define _PMU_SUITE_ROTATION_H

#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/perf_event.h>
#include <linux/prandom.h>
#include <linux/smp.h>
#include <linux/sort.h>

#define PMU_ROTATION_EVENTS	20
/* A turn: each rotation moves one event to the end of the list. */
#define PMU_ROTATION_RUNS	PMU_ROTATION_EVENTS
#define PMU_ROTATION_SEED	20ULL

/**
 * struct pmu_rotation - events that multiplex, and what rotating them cost
 * @event: the events, in the order opened
 * @nr: how many are open
 * @refused: catalogue entries drawn that the PMU refused or does not list
 * @cpc: the PMU's rotation state on the test's CPU, whose timer the test
 *	holds from pmu_rotation_open() to pmu_rotation_close()
 * @what: what @steps counts, for the report
 * @steps: the scheduler's steps (or what @what says) in each rotation,
 *	sorted
 * @median: the median of @steps (the lower of the middle two, as the
 *	POWER9 guest's benchmark takes it)
 * @min: the least of @steps
 * @max: the most of @steps
 */
struct pmu_rotation {
	struct perf_event *event[PMU_ROTATION_EVENTS];
	unsigned int nr;
	unsigned int refused;
	struct perf_cpu_pmu_context *cpc;
	const char *what;
	unsigned int steps[PMU_ROTATION_RUNS];
	unsigned int median;
	unsigned int min;
	unsigned int max;
};

static inline int pmu_rotation_cmp(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/*
 * One rotation on this CPU, as the core's timer makes it: the timer's
 * function, perf_mux_hrtimer_handler(), with interrupts off.
 */
static inline enum hrtimer_restart
pmu_rotation_once(struct perf_cpu_pmu_context *cpc,
		  unsigned long (*steps)(void), unsigned int *took)
{
	enum hrtimer_restart ret;
	unsigned long flags, before;

	local_irq_save(flags);
	before = steps ? steps() : 0;
	ret = cpc->hrtimer.function(&cpc->hrtimer);
	if (took)
		*took = steps() - before;
	local_irq_restore(flags);
	return ret;
}

/**
 * pmu_rotation_hold() - hold the perf core's rotation timer of @pmu
 * @test: the test, pinned to its CPU (pmu_model_pin_current())
 * @r: empty; its @cpc is set
 * @pmu: the PMU whose events will rotate
 *
 * A timer an earlier test left queued is cancelled, and its function,
 * finding nothing to rotate, clears hrtimer_active; the test then sets
 * it, as the core does when it starts the timer, so the core does not
 * start the timer while the test holds it: only pmu_rotation_run()
 * rotates the events opened from here on.
 */
static inline void pmu_rotation_hold(struct kunit *test,
				     struct pmu_rotation *r, struct pmu *pmu)
{
	/* The test stays on this CPU: the one whose events rotate. */
	struct perf_cpu_pmu_context *cpc =
		per_cpu_ptr(pmu->cpu_pmu_context, raw_smp_processor_id());
	unsigned long flags;

	hrtimer_cancel(&cpc->hrtimer);
	KUNIT_EXPECT_EQ(test, pmu_rotation_once(cpc, NULL, NULL),
			HRTIMER_NORESTART);
	raw_spin_lock_irqsave(&cpc->hrtimer_lock, flags);
	cpc->hrtimer_active = 1;
	raw_spin_unlock_irqrestore(&cpc->hrtimer_lock, flags);
	r->cpc = cpc;
}

/**
 * pmu_rotation_open() - open 20 catalogue events, as perf stat -e does
 * @test: the test
 * @r: filled with the events
 * @entries: the catalogue's entries
 * @open: opens entry @i as `perf stat -e PMU/alias/` does (the config of
 *	its events/ file, counting, on the test's task), or returns an
 *	ERR_PTR for an entry the PMU does not list or refuses
 *
 * Entries are drawn with a fixed seed, none twice: every run opens the
 * same events in the same order. The perf core's rotation timer for @pmu
 * on this CPU is held first (pmu_rotation_hold()), so that no rotation
 * reorders the events while they open: only pmu_rotation_run() rotates
 * them, and no figure depends on the clock or on how busy the host is.
 *
 * Return: whether all 20 are open.
 */
static inline bool pmu_rotation_open(struct kunit *test,
				     struct pmu_rotation *r, struct pmu *pmu,
				     unsigned int entries,
				     struct perf_event *(*open)(unsigned int i))
{
	unsigned long *drawn = kunit_kcalloc(test, BITS_TO_LONGS(entries),
					     sizeof(long), GFP_KERNEL);
	struct perf_event *event;
	struct rnd_state rs;
	unsigned int i;

	memset(r, 0, sizeof(*r));
	if (!drawn)
		return false;
	pmu_rotation_hold(test, r, pmu);
	prandom_seed_state(&rs, PMU_ROTATION_SEED);
	while (r->nr < PMU_ROTATION_EVENTS &&
	       !bitmap_full(drawn, entries)) {
		i = prandom_u32_state(&rs) % entries;
		if (__test_and_set_bit(i, drawn))
			continue;
		event = open(i);
		if (IS_ERR(event))
			r->refused++;
		else
			r->event[r->nr++] = event;
	}
	return r->nr == PMU_ROTATION_EVENTS;
}

/**
 * pmu_rotation_run() - rotate the events, counting the scheduler's steps
 * @test: the test, pinned to its CPU (pmu_model_pin_current())
 * @r: the events, open; @steps, @median, @min and @max are filled
 * @steps: the scheduler's steps so far on this CPU
 *
 * Each rotation is the function of the core's rotation timer, called as
 * the timer would call it; that it asks to run again shows that the
 * events do not all fit. The steps of each are read with interrupts off
 * around it: nothing else on this CPU schedules in between.
 */
static inline void pmu_rotation_run(struct kunit *test,
				    struct pmu_rotation *r,
				    unsigned long (*steps)(void))
{
	unsigned int i;

	for (i = 0; i < PMU_ROTATION_RUNS; i++)
		KUNIT_EXPECT_EQ(test, pmu_rotation_once(r->cpc, steps,
							&r->steps[i]),
				HRTIMER_RESTART);
	sort(r->steps, PMU_ROTATION_RUNS, sizeof(r->steps[0]),
	     pmu_rotation_cmp, NULL);
	r->min = r->steps[0];
	r->median = r->steps[(PMU_ROTATION_RUNS - 1) / 2];
	r->max = r->steps[PMU_ROTATION_RUNS - 1];
}

/**
 * pmu_rotation_close() - release the events, and give the timer back
 * @test: the test
 * @r: the events
 *
 * With the events gone, the timer's function finds nothing to rotate
 * and clears hrtimer_active, as the timer's next expiry would: the next
 * events that do not fit start the timer again.
 */
static inline void pmu_rotation_close(struct kunit *test,
				      struct pmu_rotation *r)
{
	unsigned int i;

	for (i = 0; i < r->nr; i++)
		perf_event_release_kernel(r->event[i]);
	r->nr = 0;
	if (!r->cpc)
		return;
	KUNIT_EXPECT_EQ(test, pmu_rotation_once(r->cpc, NULL, NULL),
			HRTIMER_NORESTART);
	KUNIT_EXPECT_FALSE(test, READ_ONCE(r->cpc->hrtimer_active));
	r->cpc = NULL;
}

/**
 * pmu_rotation_report() - the figures, as `tools/testing/harness bench`
 *	reads them from the test's log
 * @test: the test
 * @r: the rotated events
 */
static inline void pmu_rotation_report(struct kunit *test,
				       const struct pmu_rotation *r)
{
	kunit_info(test, "%u catalogue events (%u drawn refused), %u rotations\n",
		   r->nr, r->refused, PMU_ROTATION_RUNS);
	kunit_info(test, "%s per rotation: median %u, min %u, max %u\n",
		   r->what, r->median, r->min, r->max);
}

/**
 * pmu_rotation_measure() - open, rotate, report and close, in one
 * @test: the test, pinned to its CPU
 * @pmu: the PMU whose events rotate
 * @entries: the catalogue's entries
 * @open: as for pmu_rotation_open()
 * @steps: as for pmu_rotation_run()
 * @what: what @steps counts ("scheduler steps", "register accesses")
 * @most: the most a rotation may take
 *
 * The test fails if the 20 events do not open, if a rotation takes none
 * of what @steps counts (each rotation places events) or more than @most.
 */
static inline void pmu_rotation_measure(struct kunit *test, struct pmu *pmu,
					unsigned int entries,
					struct perf_event *(*open)(unsigned int i),
					unsigned long (*steps)(void),
					const char *what, unsigned int most)
{
	struct pmu_rotation *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	if (pmu_rotation_open(test, r, pmu, entries, open))
		pmu_rotation_run(test, r, steps);
	else
		KUNIT_FAIL(test, "%u events opened", r->nr);
	r->what = what;
	pmu_rotation_report(test, r);
	pmu_rotation_close(test, r);
	KUNIT_EXPECT_GT(test, r->min, 0U);
	KUNIT_EXPECT_LE(test, r->max, most);
}

#endif /* _PMU_SUITE_ROTATION_H */
