/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The exact-count oracle for package PMUs on the uncore framework, over a
 * driver's register model, on the real perf core.
 *
 * A seeded random sequence of opens and closes of CPU-wide counting
 * events, enables, disables, reads, waits for the poll timer, and the
 * counting CPU going offline and coming back, runs while the model
 * produces a known number of events of each kind. After every step each
 * event's count must be exactly what its counter saw while it was
 * enabled: no wrap lost or counted twice, nothing lost when its events
 * move to another CPU. Each run prints its seed; the same seed replays
 * the same sequence.
 */
#ifndef _PMU_SUITE_UNCORE_ORACLE_H
#define _PMU_SUITE_UNCORE_ORACLE_H

#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/perf_event.h>
#include <linux/prandom.h>

#define PMU_UORACLE_MAX_SLOTS	8

/**
 * struct pmu_uoracle_ops - a package PMU model's part in the oracle
 * @slots: kinds of event, each on a counter of its own, so that all fit
 * @type: the registered PMU type of @slot's event
 * @cpu: the CPU that counts for the package now
 * @config: the config of @slot's event
 * @count: the model produces @n events of @slot's kind; fewer than the
 *	counters' wrap, so that a poll or a read in between sees each wrap
 * @poll_ms: a wait after which the poll timer has run
 */
struct pmu_uoracle_ops {
	unsigned int slots;
	u32 (*type)(unsigned int slot);
	int (*cpu)(void);
	u64 (*config)(unsigned int slot);
	void (*count)(unsigned int slot, u64 n);
	unsigned int poll_ms;
};

struct pmu_uoracle_event {
	struct perf_event *ev;
	bool enabled;
	u64 expected;
};

/* Replay and longer runs: <module>.uoracle_seed=N, uoracle_steps=N. */
static unsigned long long uoracle_seed;
module_param(uoracle_seed, ullong, 0444);
MODULE_PARM_DESC(uoracle_seed, "the uncore oracle's sequence (0: the fixed ones)");
static unsigned int uoracle_steps = 300;
module_param(uoracle_steps, uint, 0444);
MODULE_PARM_DESC(uoracle_steps, "steps of each uncore oracle sequence");

static inline void pmu_uoracle_check(struct kunit *test,
				     struct pmu_uoracle_event *e,
				     unsigned int step, unsigned int slot,
				     const char *what)
{
	u64 enabled, running, v;

	if (!e->ev)
		return;
	v = perf_event_read_value(e->ev, &enabled, &running);
	KUNIT_EXPECT_EQ_MSG(test, v, e->expected, "step %u (%s): slot %u",
			    step, what, slot);
	e->expected = v;
}

/**
 * pmu_uoracle_run() - run @steps steps of the sequence @seed gives
 * @test: the test
 * @ops: the model's part
 * @seed: the sequence
 * @steps: how many steps
 */
static inline void pmu_uoracle_run(struct kunit *test,
				   const struct pmu_uoracle_ops *ops,
				   u64 seed, unsigned int steps)
{
	struct pmu_uoracle_event ev[PMU_UORACLE_MAX_SLOTS] = {};
	unsigned int step, s, moves = 0, polls = 0;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, seed);
	for (step = 0; step < steps && test->status != KUNIT_FAILURE; step++) {
		unsigned int slot = prandom_u32_state(&rnd) % ops->slots;
		struct pmu_uoracle_event *e = &ev[slot];
		u32 r = prandom_u32_state(&rnd) % 100;
		const char *what;

		if (!e->ev) {
			struct perf_event_attr attr = {
				.type = ops->type(slot),
				.size = sizeof(attr),
				.config = ops->config(slot),
				.disabled = !(prandom_u32_state(&rnd) % 4),
			};

			what = "open";
			e->ev = perf_event_create_kernel_counter(&attr, ops->cpu(),
								 NULL, NULL, NULL);
			KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(e->ev),
					       "step %u: open slot %u: %ld", step,
					       slot, PTR_ERR(e->ev));
			e->enabled = !attr.disabled;
			e->expected = 0;
		} else if (r < 45) {
			u64 n = 1 + prandom_u32_state(&rnd) % (1U << 29);

			what = "count";
			ops->count(slot, n);
			if (e->enabled)
				e->expected += n;
		} else if (r < 55) {
			what = "poll";
			msleep(ops->poll_ms);
			polls++;
		} else if (r < 62) {
			int cpu = ops->cpu();

			/* The counting CPU goes, and comes back. */
			what = "hotplug";
			if (cpu > 0 && !remove_cpu(cpu)) {
				KUNIT_EXPECT_NE(test, ops->cpu(), cpu);
				KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
				moves++;
				/*
				 * perf_pmu_migrate_context() installs every
				 * event on the new CPU enabled, disabled ones
				 * too (6.1 and 6.12): the perf core's rule,
				 * every uncore PMU's.
				 */
				for (s = 0; s < ops->slots; s++)
					if (ev[s].ev)
						ev[s].enabled = true;
			}
		} else if (r < 72) {
			what = "disable";
			perf_event_disable(e->ev);
			e->enabled = false;
		} else if (r < 82) {
			what = "enable";
			perf_event_enable(e->ev);
			e->enabled = true;
		} else if (r < 92) {
			what = "read";
			pmu_uoracle_check(test, e, step, slot, what);
		} else {
			what = "close";
			pmu_uoracle_check(test, e, step, slot, what);
			perf_event_release_kernel(e->ev);
			e->ev = NULL;
		}
		for (s = 0; s < ops->slots; s++)
			pmu_uoracle_check(test, &ev[s], step, s, what);
	}
	for (s = 0; s < ops->slots; s++)
		if (ev[s].ev)
			perf_event_release_kernel(ev[s].ev);
	kunit_info(test, "seed %llu: %u steps, %u polls, %u moves of the counting CPU",
		   seed, step, polls, moves);
}

/* The seed a case runs: 1-3, or from <module>.uoracle_seed on. */
static inline u64 pmu_uoracle_seed_of(const u64 *seed)
{
	return uoracle_seed ? uoracle_seed + *seed - 1 : *seed;
}

static const u64 pmu_uoracle_seeds[] = { 1, 2 };

static inline void pmu_uoracle_seed_desc(const u64 *seed, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "seed %llu", pmu_uoracle_seed_of(seed));
}

KUNIT_ARRAY_PARAM(pmu_uoracle_seed, pmu_uoracle_seeds, pmu_uoracle_seed_desc);

/* A test case: the run of its seed (KUNIT_CASE_PARAM(..., pmu_uoracle_seed_gen_params)). */
static inline void pmu_uoracle_test(struct kunit *test,
				    const struct pmu_uoracle_ops *ops)
{
	const u64 *seed = test->param_value;

	pmu_uoracle_run(test, ops, pmu_uoracle_seed_of(seed), uoracle_steps);
}

#endif /* _PMU_SUITE_UNCORE_ORACLE_H */
