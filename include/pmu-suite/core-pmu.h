/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The core-PMU framework: every struct pmu callback of the suite's core
 * PMUs (POWER9, SPARC T4, Itanium 9300), written once.
 *
 * A driver gives the framework tables and a few hooks: how to check a
 * configuration, how to decode an event into its per-CPU slot, whether a
 * set of slots fits the counters (its scheduler), how to freeze, program
 * and unfreeze the hardware, and how to build a sample; the register
 * backend gives the counters' accessors and the interrupt hookup. The
 * framework owns the rest: reservation of the hardware, the nesting of
 * disables, add/del/start/stop/read, transactions, group dry
 * runs, throttling, the overflow interrupt's loop, sysfs and registration.
 *
 * NMI safety. The overflow interrupt is an NMI on POWER9 (a PMI taken while
 * soft-masked) and level 15 on SPARC T4, so it can run inside any callback.
 * The framework's rules, each tested on the register models:
 *  - a count is folded with a cmpxchg loop on prev_count that reads the
 *    counter inside the loop, and the interrupt
 *    rewrites only the counters that overflowed, so prev_count of a
 *    counter that a read was folding moves on and the read retries (a
 *    rewrite with the same value bumps prev_count's generation,
 *    pmu_core_set_prev());
 *  - a stopped event's counter is left unable to alert: a throttled event
 *    is reprogrammed at once with its counter quiet (pmu_core_write_slot());
 *  - @enabled is set before the hardware is programmed and cleared before
 *    it is frozen, so the handler never leaves a started counter stopped
 *    nor restarts one the glue is folding;
 *  - the backend's interrupt hook is attached after everything the handler
 *    dereferences exists and detached before it goes;
 *  - stops and starts the perf core makes from inside perf_event_overflow()
 *    (throttling, the frequency adjustment) only change the events' state:
 *    the handler holds a disable around its loop and reprograms once.
 *
 * No sample of an event that excludes the kernel carries a kernel
 * register: the framework drops any whose registers are the kernel's. A
 * dropped sample still counts for throttling (perf_event_account_interrupt()),
 * and a period change starts a whole new period.
 */
#ifndef _PMU_SUITE_CORE_PMU_H
#define _PMU_SUITE_CORE_PMU_H

#include <linux/bits.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>
#include <pmu-suite/counter.h>
#include <pmu-suite/events.h>
#include <pmu-suite/generic.h>

/*
 * The filters of struct perf_event_attr a core PMU honours
 * (pmu_core_ops.filters): the hardware applies them, or they hold by
 * construction (an Itanium runs no hypervisor; no guest counts on
 * these counters). The framework refuses any other with -EOPNOTSUPP.
 */
#define PMU_FILTER_USER		BIT(0)	/* exclude_user */
#define PMU_FILTER_KERNEL	BIT(1)	/* exclude_kernel */
#define PMU_FILTER_HV		BIT(2)	/* exclude_hv */
#define PMU_FILTER_IDLE		BIT(3)	/* exclude_idle */
#define PMU_FILTER_HOST		BIT(4)	/* exclude_host */
#define PMU_FILTER_GUEST	BIT(5)	/* exclude_guest */

/* Most events one CPU of any of the suite's core PMUs can hold. */
#define PMU_CORE_MAX_EVENTS	12

/**
 * struct pmu_core_cpu - the framework's per-CPU state
 * @event: the events added on this CPU, in slot order
 * @n: number of events
 * @txn_flags: the open transaction's flags
 * @disable_depth: nesting of the perf core's and the framework's disables
 * @enabled: the hardware counts @event (see the NMI rules above)
 * @unfolded: disabled by freezing alone (pmu_core_ops.freezes_all): the
 *	counts are folded only if something changes before the enable
 * @changes: how many times an event came, went, started or stopped
 * @keep: slots whose counters the interrupt found running and not
 *	overflowed: the reprogramming it does leaves them as they are, so
 *	that a read it interrupted sees prev_count move
 * @priv: the driver's per-CPU state (struct pmu_core_ops.cpu_size bytes)
 */
struct pmu_core_cpu {
	struct perf_event *event[PMU_CORE_MAX_EVENTS];
	unsigned int n;
	unsigned int txn_flags;
	unsigned int disable_depth;
	bool enabled;
	bool unfolded;
	unsigned int changes;
	unsigned long keep;
	u64 priv[] __aligned(8);
};

struct pmu_core;

/**
 * struct pmu_core_sample - what a sample is built from
 * @pc: the PMU
 * @cpu: this CPU's state
 * @slot: the sampling event's per-CPU slot
 * @event: the sampling event
 * @data: the sample, to fill
 * @sregs: the sample's registers, set by pmu_core_sample_regs(): the
 *	interrupted ones, or a copy changed to the sample's
 * @regs: the interrupted registers
 */
struct pmu_core_sample {
	struct pmu_core *pc;
	struct pmu_core_cpu *cpu;
	unsigned int slot;
	struct perf_event *event;
	struct perf_sample_data *data;
	struct pt_regs *sregs;
	struct pt_regs *regs;
};

/**
 * struct pmu_core_ops - what a core PMU driver gives the framework
 * @counters: the counters of one CPU (at most PMU_CORE_MAX_EVENTS), their
 *	width and where they interrupt
 * @cpu_size: size of the driver's per-CPU state (slots and registers)
 * @filters: PMU_FILTER_* the PMU honours
 * @config12: the PMU has format/ fields in config1 or config2 (else both
 *	must be 0)
 * @branch_stack: the PMU takes PERF_SAMPLE_BRANCH_STACK events
 * @freezes_all: @freeze stops every counter and loses no overflow (one
 *	pending stays pending): a disable that nothing follows but the
 *	enable (a task switch between clone contexts) only freezes and
 *	unfreezes, as long as no event samples a branch stack
 * @generic: the raw configs of the generic events (PERF_TYPE_HARDWARE,
 *	PERF_TYPE_HW_CACHE) the PMU counts; NULL if it takes none. With a
 *	map, the PMU takes generic events whose config names its type
 *	(PERF_PMU_CAP_EXTENDED_HW_TYPE)
 * @event_size: size of the decoded event @check fills, which the
 *	framework keeps with the event (pmu_core_decoded()) for @place
 * @check: check an event's configuration (@config: raw, generic events
 *	mapped, already in hw.config), decoding it once into @dec (zeroed,
 *	@event_size bytes); set hw.config_base if the driver uses it, and in
 *	@traits what else the framework must know of the event
 *	(PMU_CORE_TRAIT_*); on failure set @why and return a negative errno
 * @may_run: optional; whether @event may count now: add() asks it on the
 *	CPU that would count the event, current being the task running
 *	there; no means the event waits, as if its counters were taken
 * @place: put @event's decoded event (pmu_core_decoded()) in per-CPU
 *	slot @slot of @priv; the event was checked, so this cannot fail
 * @move: move per-CPU slot @from of @priv to @to
 * @fits: whether slots 0 to @n - 1 of @priv can count at once (the
 *	driver's scheduler: a dry run, no register is touched). A new
 *	event's group check runs @place and @fits on a per-CPU scratch state
 *	that is zeroed once, not before each check: what they read there
 *	beyond the slots placed must be what they wrote themselves, and a
 *	@place at slot 0 begins a new group
 * @freeze: stop counting (the PMU is being disabled); return the mask, by
 *	hw.idx, of counters that wrapped since they were written
 * @program: place the events, set each one's hw.idx, write the control
 *	registers and each placed event's counter (pmu_core_write_slot());
 *	the counters stay frozen
 * @unfreeze: let the programmed counters count
 * @read_pending: optional; @event's counter has an overflow the interrupt
 *	has not taken yet, so a read leaves the fold to the interrupt
 * @rearm_only: optional; whether, after an interrupt in which no event
 *	came, went, started or stopped (nor was throttled), writing the
 *	counters of the events it did not keep (pmu_core_write_slot()) is
 *	all the reprogramming the PMU needs now: the control registers stay
 *	as @program left them, and no counter without an event counts
 * @irq_ack: first thing the interrupt does: freeze (if the PMU can, and
 *	the overflow did not already) and return the mask, by hw.idx, of
 *	counters that overflowed. Called with @cpu->enabled clear too: then
 *	only quieten what raised the interrupt
 * @overflowed: optional; whether @event's counter, read as @now, overflowed
 *	(default: its bit in the mask irq_ack() returned)
 * @capture: optional; read the sample registers once per interrupt
 * @sample: build @sample's event's sample: fill its data, and its sregs
 *	with pmu_core_sample_regs(); false drops the sample
 * @release_extra: optional; run before the hardware is given back (the
 *	last event went)
 * @format: the format/ attributes, PMU_FORMAT_FIELD()s (the generated
 *	fields header's list), NULL-terminated; an events/ file prints its
 *	event's values of them (pmu_format_print())
 * @events: the events/ files of the catalogue (PMU_CORE_EVENT()s, the
 *	generated catalogue's list), NULL-terminated; events/ also has a
 *	file, under perf's name, for each generic event in @generic
 * @event_visible: optional; whether events/ shows the catalogue event of
 *	raw config @config on this processor (a revision may count some
 *	codes wrongly)
 * @extra_events: optional; an events/ group of the driver's own files
 * @max_precise: the highest precise_ip any event may ask for (caps/
 *	max_precise); @check refuses it for events that have none
 * @branches: caps/branches (branch stack depth), 0 for none
 * @caps_name: optional; caps/pmu_name, the processor as its maker names
 *	it (the built-in PMUs' convention: POWER9's is "POWER9")
 * @identifier: optional; the PMU's sysfs identifier, which perf matches
 *	against the "Compat" of the JSON of its sys tables (the generated
 *	catalogue header's, the same string as its JSON's)
 */
/*
 * What a checked event asks of the framework (pmu_core_ops.check):
 * PMU_CORE_TRAIT_OTHER_THREADS: it counts what other hardware threads of
 *	the core do; a per-task event that does needs CAP_PERFMON.
 * PMU_CORE_TRAIT_USER_READ: the task it counts may read its counter
 *	without a system call. Only a per-task event that is not inherited,
 *	opened by that task on itself, may; the framework marks it with
 *	PERF_EVENT_FLAG_USER_READ_CNT, publishes its counter in the mmap page
 *	while it counts in its task, and @program opens the counter to user
 *	space only for pmu_core_user_readable() events.
 * PMU_CORE_TRAIT_TASK_COUNTER: its counter is its task's, which reads
 *	and writes it itself (POWER9's event-based branches). The framework
 *	marks it with PMU_CORE_TASK_COUNTER, keeps the counter's value in
 *	prev_count while the event is off the PMU and writes it back when it
 *	comes on, and never counts, arms or samples it: such an event's count
 *	stays zero.
 */
#define PMU_CORE_TRAIT_OTHER_THREADS	BIT(0)
#define PMU_CORE_TRAIT_USER_READ	BIT(1)
#define PMU_CORE_TRAIT_TASK_COUNTER	BIT(2)

struct pmu_core_ops {
	const struct pmu_counters *counters;
	size_t cpu_size;
	unsigned int filters;
	bool config12;
	bool branch_stack;
	bool freezes_all;
	const struct pmu_generic_map *generic;
	size_t event_size;
	int (*check)(struct pmu_core *pc, struct perf_event *event, u64 config,
		     void *dec, u32 *traits, const char **why);
	bool (*may_run)(struct pmu_core *pc, struct perf_event *event);
	void (*place)(struct pmu_core *pc, void *priv, unsigned int slot,
		      struct perf_event *event);
	void (*move)(void *priv, unsigned int to, unsigned int from);
	bool (*fits)(struct pmu_core *pc, void *priv, unsigned int n);
	u64 (*freeze)(struct pmu_core *pc, struct pmu_core_cpu *cpu);
	void (*program)(struct pmu_core *pc, struct pmu_core_cpu *cpu);
	void (*unfreeze)(struct pmu_core *pc, struct pmu_core_cpu *cpu);
	bool (*read_pending)(struct pmu_core *pc, struct perf_event *event);
	bool (*rearm_only)(struct pmu_core *pc, struct pmu_core_cpu *cpu);
	u64 (*irq_ack)(struct pmu_core *pc, struct pmu_core_cpu *cpu);
	bool (*overflowed)(struct pmu_core *pc, struct perf_event *event,
			   u64 now, u64 mask);
	void (*capture)(struct pmu_core *pc, struct pmu_core_cpu *cpu,
			struct pt_regs *regs);
	bool (*sample)(struct pmu_core_sample *sample);
	void (*release_extra)(struct pmu_core *pc);
	struct attribute **format;
	struct attribute **events;
	bool (*event_visible)(struct pmu_core *pc, u64 config);
	const struct attribute_group *extra_events;
	unsigned int max_precise;
	unsigned int branches;
	const char *caps_name;
	const char *identifier;
};

/**
 * PMU_CORE_HOOKS() - the ops every driver supplies, by their names
 * @prefix: the PMU's prefix (p9, t4, ia64)
 *
 * A driver names its per-CPU state ``struct <prefix>_cpu``, its generic
 * table ``<prefix>_generic``, each required hook ``<prefix>_<hook>`` and its
 * attributes ``<prefix>_format_attrs`` and ``<prefix>_event_attrs``. Its ops
 * table starts with this and adds what is its own: the counters, the
 * filters, the event fields, the optional hooks and the caps.
 */
#define PMU_CORE_HOOKS(prefix)						\
	.cpu_size	= sizeof(struct prefix##_cpu),			\
	.generic	= &prefix##_generic,				\
	.check		= prefix##_check,				\
	.place		= prefix##_place,				\
	.move		= prefix##_move,				\
	.fits		= prefix##_fits,				\
	.freeze		= prefix##_freeze,				\
	.program	= prefix##_program,				\
	.unfreeze	= prefix##_unfreeze,				\
	.irq_ack	= prefix##_irq_ack,				\
	.sample		= prefix##_sample,				\
	.format		= prefix##_format_attrs,			\
	.events		= prefix##_event_attrs

/**
 * struct pmu_core_backend - what the register backend gives the framework
 * @owner: the backend's module (events pin it)
 * @reserve: take the counters from other users (first event); 0, -EBUSY
 *	if another driver holds them (the event is then taken but never
 *	scheduled), or another errno
 * @release: give them back (last event gone)
 * @irq_hook: optional; attach the overflow interrupt to the handler
 * @irq_unhook: optional; detach it
 * @user_regs: optional; the current task's user registers, as saved when
 *	it entered the kernel, or NULL (a kernel thread); default: the task's
 *	own (pmu_core_sample_regs())
 * @read_counter: read counter @idx (hw.idx) on this CPU
 * @write_counter: write it
 * @builtin_pmu: the architecture registers a core PMU of its own (the
 *	kernel's "cpu"), which before 6.2 has the only perf_hw_context
 * @capabilities: PERF_PMU_CAP_* the architecture's side provides (the
 *	registers the sample's interrupt registers are read from)
 *
 * The counters are reached without going through the driver: they are
 * read and written on every task switch.
 */
struct pmu_core_backend {
	struct module *owner;
	int (*reserve)(void);
	void (*release)(void);
	u64 (*read_counter)(unsigned int idx);
	void (*write_counter)(unsigned int idx, u64 value);
	int (*irq_hook)(void);
	void (*irq_unhook)(void);
	const struct pt_regs *(*user_regs)(void);
	bool builtin_pmu;
	int capabilities;
};

/**
 * struct pmu_core - one core PMU instance
 * @pmu: the perf PMU (container_of() leads back here)
 * @ops: the driver's hooks
 * @backend: the register backend's reservation and interrupt hooks
 * @cpus: per-CPU state
 * @scratch: per-CPU room for a group's dry run (@ops' cpu_size bytes,
 *	zeroed at registration), used with preemption off
 * @reserve_lock: serializes @active and the backend's reserve/release
 * @active: events that hold the reservation
 * @format_group: format/
 * @events_group: events/ of the catalogue
 * @groups: format/, events/, caps/, the identifier and NULL
 * @updates: events/ of the generic events and the driver's own, and NULL
 *	(perf merges these into events/: pmu.attr_update)
 * @caps_group: caps/ with the framework's attributes and the driver's
 * @caps_attrs: its attributes
 * @registered: registered with perf
 */
struct pmu_core {
	struct pmu pmu;
	const struct pmu_core_ops *ops;
	const struct pmu_core_backend *backend;
	struct pmu_core_cpu __percpu *cpus;
	void __percpu *scratch;
	struct mutex reserve_lock;	/* protects @active */
	int active;
	struct attribute_group format_group;
	struct attribute_group events_group;
	const struct attribute_group *groups[5];
	const struct attribute_group *updates[3];
	struct attribute_group caps_group;
	struct attribute *caps_attrs[5];
	bool registered;
};

/**
 * pmu_core_decoded() - the decoded event check() stored for @event
 * @event: an event of a core PMU
 */
static inline void *pmu_core_decoded(struct perf_event *event)
{
	return event->pmu_private;
}

/* hw.flags: the event's counter is its task's (PMU_CORE_TRAIT_TASK_COUNTER) */
#define PMU_CORE_TASK_COUNTER	BIT(19)
/* hw.flags: opened while another driver held the counters; never scheduled */
#define PMU_CORE_NO_COUNTERS	BIT(20)

/* hw.prev_count: the generation of its counter's writes (pmu_core_set_prev()) */
#define PMU_CORE_PREV_GEN_SHIFT	48
#define PMU_CORE_PREV_GEN	GENMASK_ULL(63, PMU_CORE_PREV_GEN_SHIFT)

static inline bool pmu_core_task_counter(struct perf_event *event)
{
	return event->hw.flags & PMU_CORE_TASK_COUNTER;
}

/**
 * pmu_core_save_brstack() - put a branch stack in a sample
 * @data: the sample
 * @event: its event
 * @brs: the branch stack, which must live until the sample is written
 */
static inline void pmu_core_save_brstack(struct perf_sample_data *data,
					 struct perf_event *event,
					 struct perf_branch_stack *brs)
{
/* Kbuild tells which form of the helper the kernel has, if any. */
#if defined(PMU_SUITE_BRSTACK_CNTR)
	perf_sample_save_brstack(data, event, brs, NULL);
#elif defined(PMU_SUITE_HAVE_SAVE_BRSTACK)
	perf_sample_save_brstack(data, event, brs);
#else
	data->br_stack = brs;
	data->sample_flags |= PERF_SAMPLE_BRANCH_STACK;
#endif
}

static inline struct pmu_core *to_pmu_core(struct pmu *pmu)
{
	return container_of(pmu, struct pmu_core, pmu);
}

static inline void *pmu_core_priv(struct pmu_core_cpu *cpu)
{
	return cpu->priv;
}

static inline bool pmu_core_counting(struct perf_event *event)
{
	return !(event->hw.state & PERF_HES_STOPPED);
}

/**
 * pmu_core_user_readable() - whether user space may read @event's counter now
 * @event: an event of a core PMU, placed on a counter
 *
 * It asked (PMU_CORE_TRAIT_USER_READ) and the task it counts is the
 * one running: the driver's @program, run at the task's sched-in with
 * current being that task, opens the counter to user space for such an
 * event only, and closes every other.
 */
static inline bool pmu_core_user_readable(struct perf_event *event)
{
	return (event->hw.flags & PERF_EVENT_FLAG_USER_READ_CNT) &&
	       READ_ONCE(event->ctx->task) == current;
}

int pmu_core_register(struct pmu_core *pc, const struct pmu_core_ops *ops,
		      const struct pmu_core_backend *backend, const char *name);
void pmu_core_unregister(struct pmu_core *pc);
void pmu_core_reprogram(struct pmu_core *pc, unsigned int cpu);
bool pmu_core_handle_irq(struct pmu_core *pc, struct pt_regs *regs);
u64 pmu_core_start_value(struct pmu_core *pc, struct perf_event *event);
void pmu_core_set_prev(struct perf_event *event, u64 value);
void pmu_core_arm(struct pmu_core *pc, struct perf_event *event, u64 value);
void pmu_core_write_slot(struct pmu_core *pc, struct pmu_core_cpu *cpu,
			 unsigned int slot);
bool pmu_core_sample_regs_other(struct pmu_core_sample *sample,
				unsigned long ip, bool user);

/**
 * pmu_core_sample_regs() - the registers of a sample at @ip
 * @sample: the sample; its sregs are set
 * @ip: the sampled instruction's address
 * @user: it ran in user mode
 *
 * A sample's registers are all of one mode, so that nothing of the kernel
 * reaches a user's sample (PERF_SAMPLE_REGS_USER takes the sample's
 * registers as the user's when they say user mode). They are the
 * interrupted registers with @ip, unless a user instruction was sampled
 * and the interrupt came in the kernel (skid, or an address the PMU
 * recorded): then they are the task's user registers from its entry to
 * the kernel, with @ip. A sigtrap event gets no such sample, as the perf
 * core expects a user sample to be followed by a return to user space.
 *
 * The interrupted registers themselves, not a copy, when @ip and @user
 * are theirs: the driver may then change only what the return from the
 * interrupt does not restore (POWER9 puts SIER and MMCRA in dar and
 * dsisr, as the architecture's perf_reg_value() reads them, as the
 * built-in PMU does). A kernel sample at the user address the interrupt
 * came from gets a copy: its mode must not reach the return to user.
 *
 * Return: false to drop the sample: a kernel instruction of an event
 * that excludes the kernel, or a user instruction and no user registers.
 */
static inline bool pmu_core_sample_regs(struct pmu_core_sample *sample,
					unsigned long ip, bool user)
{
	/* The usual sample, inline: it runs at every interrupt. */
	if (user == user_mode(sample->regs) &&
	    ip == instruction_pointer(sample->regs) &&
	    (user || !sample->event->attr.exclude_kernel)) {
		sample->sregs = sample->regs;
		return true;
	}
	return pmu_core_sample_regs_other(sample, ip, user);
}

#endif /* _PMU_SUITE_CORE_PMU_H */
