// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 core PMU: what the core-PMU framework
 * (include/pmu-suite/core-pmu.h) needs from the T4.
 *
 * Four 32-bit PICs per strand, each with its own PCR; any event may use
 * any counter. Every counter that counts has PCR.toe set, so each wrap
 * of a PIC raises an overflow trap that folds the count into the event.
 *
 * PCR writes are hypervisor calls on a sun4v kernel, PIC accesses are
 * plain ASI loads and stores, so the glue writes PCRs only when a
 * counter's event changes: disabling the PMU folds the counts by reading
 * the PICs and leaves the PCRs alone; a counter whose event went away
 * keeps its PCR; enabling gives each event the counter it had, writes
 * the PIC and writes the PCR only if its value differs. A task switch
 * between tasks counting the same events costs no hypervisor call. A
 * changed counter is programmed with the manual's sequence (section
 * 10.2): a PCR write that stops counting, the PIC, a PCR write that
 * starts the new event. Counting is stopped during the
 * first write, so that write cannot overflow the PIC and have hardware
 * set PCR.ov again (the ov rewrite of section 10.2).
 *
 * An event with config1 bit rdpmc lets its task read its PIC without a
 * system call: the glue clears PCR.picnpt for it while that task runs,
 * and stops the counter (picnpt set) as soon as the event is stopped or
 * gone, so no other task reads what the PIC counted.
 *
 * The overflow trap is a level-15 interrupt, which interrupts even code
 * that has disabled interrupts: t4_pmu_interrupt() may run while the
 * glue has the PMU disabled, and then only stops the counter.
 *
 * Events shared by the core's strands (TABLE 10-2 note 13) count what all
 * eight strands of the core do. perf stat -a opens an event on every CPU
 * and sums the counts, each scaled by its own times enabled and running:
 * eight copies would give eight times the core's count. A CPU-wide shared
 * event therefore counts on one strand of its core, and on the others it
 * is scheduled and runs on no counter, so its count stays 0 and the sum is
 * the core's count. Refusing it on the other strands would make perf stat
 * -a fail whole; leaving it unscheduled there would make perf print
 * <not counted>. It still takes a place in the scheduler's count there
 * (t4_fits()): it gets a counter when that strand takes over, and perf
 * schedules it only once. The counting strand of a core is kept as the
 * uncore PMUs keep a package's counting CPU (pmu-suite/package.h): the
 * first online strand; when it goes offline (the perf core drops its
 * events, which keep what they counted) the next online one takes over,
 * and one that comes back does not take it back. Per-task events count
 * wherever their task runs, as a task is on one strand at a time.
 */
#define pr_fmt(fmt) "sparc_t4_pmu: " fmt

#include <linux/bitops.h>
#include <linux/cpuhotplug.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <pmu-suite/core-pmu.h>
#include <pmu-suite/package.h>

#include <pmu-suite/sparc_t4/backend.h>
#include <pmu-suite/sparc_t4/regs.h>
#include "t4-catalogue.h"
#include "t4-event.h"
#include "t4-pmu.h"

#define T4_ALL_COUNTERS		(BIT(T4_NUM_COUNTERS) - 1)

/*
 * A PIC interrupts when it wraps to zero. PICs never freeze, and PCR.ov
 * stays set until the trap is taken, which may be after a fold (a read, or
 * the handler of another counter's trap) already counted the wrap: runs
 * are at most 2^31 events, so the value itself shows every wrap.
 */
static const struct pmu_counters t4_pics = {
	.n		= T4_NUM_COUNTERS,
	.width		= T4_PIC_WIDTH,
	.interrupt_at	= BIT_ULL(T4_PIC_WIDTH),
	.max_run	= BIT_ULL(T4_PIC_WIDTH - 1),
	.wraps_show	= true,
};

/* The driver's per-CPU state: one slot per event, and the counters. */
struct t4_cpu {
	struct t4_event dec[T4_NUM_COUNTERS];
	/* Per counter: the event on it, its slot, the PCR value last written. */
	struct perf_event *owner[T4_NUM_COUNTERS];
	int owner_slot[T4_NUM_COUNTERS];
	u64 pcr[T4_NUM_COUNTERS];
	u8 known;		/* counters whose PCR was written by the glue */
	/* The PCRs read at the interrupt, for the precise IP. */
	u64 ov_pcr[T4_NUM_COUNTERS];
	/* The interrupt runs with the PMU enabled (t4_unfreeze() ends it) */
	bool in_irq;
	/* The interrupt found an overflow of the glue's */
	bool irq_ours;
	/* A wrap came while the interrupt cleared a stale ov: handle again */
	bool again;
};

/* The PMU; its backend's struct t4_pmu_ops embeds pmu_core.backend. */
struct pmu_core t4_pmu_core;
EXPORT_SYMBOL_GPL(t4_pmu_core);

static const struct t4_pmu_ops *t4_hw(struct pmu_core *pc)
{
	return container_of(pc->backend, struct t4_pmu_ops, hw);
}

/* The strand of each core that counts its shared CPU-wide events. */
static struct pmu_package_cpus t4_cores;
static int *t4_core_cpu;
static const struct t4_pmu_ops *t4_core_ops_of;
static int t4_core_hp;

/* Whether this strand counts its core's shared CPU-wide events. */
static bool t4_counts_core(void)
{
	return cpumask_test_cpu(smp_processor_id(), &t4_cores.mask);
}

static unsigned int t4_free_counters(struct pmu_core *pc)
{
	return t4_hw(pc)->free_counters() & T4_ALL_COUNTERS;
}

/* sysfs: format/ (TABLE 10-1's sl and mask), events/, caps/ */

/* check() decodes an event into a struct t4_event, once. */
static int t4_check(struct pmu_core *pc, struct perf_event *event, u64 config,
		    void *dec, u32 *traits, const char **why)
{
	struct perf_event_attr attr = event->attr;
	struct t4_event *ev = dec;
	int ret;

	attr.config = config;
	ret = t4_event_check_attr(&attr, ev, why);
	if (ret)
		return ret;
	event->hw.config_base = t4_pcr_enable(ev);
	/* Shared events count what every strand of the core does (note 13). */
	if (ev->shared)
		*traits |= PMU_CORE_TRAIT_OTHER_THREADS;
	/* CPU-wide, once per core (t4_assign()). */
	ev->per_core = ev->shared && !(event->attach_state & PERF_ATTACH_TASK);
	/* The event asked that its task may read its PIC (config1 rdpmc). */
	if (ev->user_read)
		*traits |= PMU_CORE_TRAIT_USER_READ;
	return 0;
}

static void t4_place(struct pmu_core *pc, void *priv, unsigned int slot,
		     struct perf_event *event)
{
	struct t4_cpu *cpu = priv;

	cpu->dec[slot] = *(const struct t4_event *)pmu_core_decoded(event);
}

static void t4_move(void *priv, unsigned int to, unsigned int from)
{
	struct t4_cpu *cpu = priv;

	cpu->dec[to] = cpu->dec[from];
}

#if IS_ENABLED(CONFIG_SPARC_T4_PMU_MODEL_KUNIT)
DEFINE_PER_CPU(unsigned long, t4_sched_steps);
#endif

/* Any event counts on any counter: a set fits if there are enough. */
static bool t4_fits(struct pmu_core *pc, void *priv, unsigned int n)
{
	t4_sched_step();
	return n <= hweight32(t4_free_counters(pc));
}

/* Noted first: an interrupt right after the write finds the counter. */
static void t4_write_pcr(struct pmu_core *pc, struct t4_cpu *cpu,
			 unsigned int c, u64 value)
{
	cpu->pcr[c] = value;
	cpu->known |= BIT(c);
	barrier();
	t4_hw(pc)->write_pcr(c, value);
}

/* Stop counter @c if the glue may have left it counting. */
static void t4_stop_counter(struct pmu_core *pc, struct t4_cpu *cpu,
			    unsigned int c)
{
	if (!(cpu->known & BIT(c)) || cpu->pcr[c] != t4_pcr_stopped())
		t4_write_pcr(pc, cpu, c, t4_pcr_stopped());
}

/*
 * Start @event on counter @c with the sequence of section 10.2. Its PIC
 * is open to user code only if the event asked and counts the task
 * running now (program() runs at that task's sched-in).
 *
 * The event gets its counter (hw.idx) only once the PIC holds the value
 * prev_count says: until then a trap of another counter, which folds
 * every placed event, must not fold it against what the PIC counted
 * for someone else.
 */
static void t4_start_counter(struct pmu_core *pc, struct t4_cpu *cpu,
			     unsigned int c, struct perf_event *event,
			     const struct t4_event *ev)
{
	u64 pcr = t4_pcr_user_access(event->hw.config_base,
				     pmu_core_user_readable(event));
	bool same = (cpu->known & BIT(c)) && cpu->pcr[c] == pcr;
	u64 start = t4_pic_start(ev, pmu_core_start_value(pc, event));

	if (!same)
		t4_stop_counter(pc, cpu, c);
	pmu_core_set_prev(event, start);
	pc->backend->write_counter(c, start);
	barrier();
	WRITE_ONCE(event->hw.idx, c);
	if (!same)
		t4_write_pcr(pc, cpu, c, pcr);
}

/*
 * Give each event a counter: the one it had last (hw.last_tag holds it,
 * plus one) if still free, else the lowest free one. Events that find none
 * (someone took counters since they were added) do not count until the
 * next reprogramming, nor do shared CPU-wide events on a strand that does
 * not count for its core. The counters are noted in owner[], not yet in
 * the events' hw.idx (t4_start_counter()).
 */
static void t4_assign(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	unsigned int free = t4_free_counters(pc), taken = 0, i;
	struct t4_cpu *cpu = pmu_core_priv(pcpu);
	bool core = t4_counts_core();
	unsigned long placed = 0;

	/* A counter someone else took (the watchdog restarted) is theirs. */
	cpu->known &= free;
	memset(cpu->owner, 0, sizeof(cpu->owner));
	for (i = 0; i < pcpu->n; i++) {
		struct perf_event *event = pcpu->event[i];
		int idx = (int)event->hw.last_tag - 1;

		t4_sched_step();
		WRITE_ONCE(event->hw.idx, -1);
		if (cpu->dec[i].per_core && !core) {
			placed |= BIT(i);
			continue;
		}
		if (idx >= 0 && (free & ~taken & BIT(idx))) {
			taken |= BIT(idx);
			placed |= BIT(i);
			cpu->owner[idx] = event;
			cpu->owner_slot[idx] = i;
		}
	}
	for (i = 0; i < pcpu->n; i++) {
		struct perf_event *event = pcpu->event[i];
		unsigned int left = free & ~taken, c;

		if (placed & BIT(i))
			continue;
		t4_sched_step();
		if (!left)
			continue;
		c = __ffs(left);
		taken |= BIT(c);
		event->hw.last_tag = c + 1;
		cpu->owner[c] = event;
		cpu->owner_slot[c] = i;
	}
}

/*
 * PCR writes are hypervisor calls: a counter keeps its PCR while the same
 * event (or one with the same PCR value) comes back, and a counter the
 * interrupt found running is left alone. A counter user code could read
 * (picnpt clear) is stopped once its event is gone or stopped, so that
 * no other task sees what it counted: a switch away from a task whose
 * event user code reads costs a PCR write.
 */
static void t4_program(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	struct t4_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int c;

	t4_assign(pc, pcpu);
	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		struct perf_event *event = cpu->owner[c];
		unsigned int slot = cpu->owner_slot[c];

		if (event && pmu_core_counting(event)) {
			if (pcpu->keep & BIT(slot))
				WRITE_ONCE(event->hw.idx, c);
			else
				t4_start_counter(pc, cpu, c, event,
						 &cpu->dec[slot]);
			continue;
		}
		if ((event || !(cpu->pcr[c] & T4_PCR_PICNPT)) &&
		    (cpu->known & BIT(c)))
			t4_stop_counter(pc, cpu, c);
		if (event)
			WRITE_ONCE(event->hw.idx, c);
	}
}

/*
 * A counter whose event left (a task switched out) keeps counting what
 * nobody reads: if the event comes back, or another with the same PCR
 * value, the PCR is still right and only the PIC is written. Its wrap is
 * stopped by the interrupt; the last event's release stops them all.
 */
static void t4_stop_unowned(void *info)
{
	struct pmu_core *pc = info;
	struct t4_cpu *cpu = pmu_core_priv(this_cpu_ptr(pc->cpus));
	unsigned long flags;
	unsigned int c;

	local_irq_save(flags);
	cpu->known &= t4_free_counters(pc);
	for (c = 0; c < T4_NUM_COUNTERS; c++)
		if (!cpu->owner[c] && (cpu->known & BIT(c)))
			t4_stop_counter(pc, cpu, c);
	local_irq_restore(flags);
}

static void t4_release_extra(struct pmu_core *pc)
{
	on_each_cpu(t4_stop_unowned, pc, 1);
}

/* Disabling only folds: the PCRs stay, and enabling rewrites the PICs. */
static u64 t4_freeze(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	return 0;
}

/*
 * No counter showed a wrap, yet the trap came: an ov set before the PIC
 * was written again (a task switch between the wrap and its trap), or
 * not the glue's at all (the watchdog's PIC0). The PCRs tell, and the
 * glue's ov are cleared. A short run that wrapped after the handler read
 * its PIC may have set the ov this clears: every run starts at 2^31 or
 * above, so a PIC now below that asks for the handler once more
 * (t4_pmu_interrupt()), which takes the wrap as its own trap would.
 */
static void t4_clear_stale_ov(struct pmu_core *pc, struct t4_cpu *cpu)
{
	unsigned int c;

	cpu->known &= t4_free_counters(pc);
	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		if (!(cpu->known & BIT(c)) || !t4_pcr_counting(cpu->pcr[c]) ||
		    !(t4_hw(pc)->read_pcr(c) & T4_PCR_OV))
			continue;
		cpu->irq_ours = true;
		t4_write_pcr(pc, cpu, c, cpu->pcr[c]);
		if (cpu->owner[c] &&
		    !(pc->backend->read_counter(c) & BIT_ULL(T4_PIC_WIDTH - 1)))
			cpu->again = true;
	}
}

/* The end of an interrupt: a trap that showed no wrap had a stale ov. */
static void t4_unfreeze(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	struct t4_cpu *cpu = pmu_core_priv(pcpu);

	if (likely(!cpu->in_irq))
		return;
	cpu->in_irq = false;
	if (!cpu->irq_ours)
		t4_clear_stale_ov(pc, cpu);
}

/*
 * A PIC that wrapped shows it: every run starts at 2^31 or above and
 * ends at the wrap, and PICs go on counting, so the interrupt reads the
 * PICs (as the built-in PMU does), not the PCRs, which are hypervisor
 * calls: a precise event's alone, for the instruction it trapped on.
 *
 * Its PCR is written again here, which clears ov, before the PIC gets
 * its new start: the PIC is far from another wrap, so the write cannot
 * make hardware set ov again (the ov rewrite of section 10.2), and a wrap
 * of the new run, however short, sets ov afresh and traps once the
 * handler returns. Cleared after the new start, ov would hide a wrap
 * that came in between, and the run would go on for 2^32 events.
 */
static bool t4_overflowed(struct pmu_core *pc, struct perf_event *event,
			  u64 now, u64 mask)
{
	struct t4_cpu *cpu = pmu_core_priv(this_cpu_ptr(pc->cpus));
	int c = event->hw.idx;

	if (now & BIT_ULL(T4_PIC_WIDTH - 1))
		return false;
	if (cpu->dec[cpu->owner_slot[c]].precise)
		cpu->ov_pcr[c] = t4_hw(pc)->read_pcr(c);
	cpu->irq_ours = true;
	t4_write_pcr(pc, cpu, c, cpu->pcr[c]);
	return true;
}

/*
 * With the PMU enabled the loop finds the overflows (t4_overflowed()).
 * Disabled, every counter of the glue whose PCR.ov is set is stopped,
 * which clears ov reliably (a programming note of section 10.2); the
 * framework folds it as wrapped, and the enable restarts it.
 */
static u64 t4_irq_ack(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	struct t4_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int c;
	u64 mask = 0;

	if (likely(pcpu->enabled)) {
		cpu->in_irq = true;
		return 0;
	}
	cpu->known &= t4_free_counters(pc);
	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		u64 pcr;

		if (!(cpu->known & BIT(c)) || !t4_pcr_counting(cpu->pcr[c]))
			continue;
		pcr = t4_hw(pc)->read_pcr(c);
		if (!(pcr & T4_PCR_OV))
			continue;
		mask |= BIT_ULL(c);
		t4_write_pcr(pc, cpu, c, t4_pcr_stopped());
	}
	cpu->irq_ours = mask;
	return mask;
}

static bool t4_sample(struct pmu_core_sample *sample)
{
	struct t4_cpu *cpu = pmu_core_priv(sample->cpu);
	unsigned long ip = instruction_pointer(sample->regs);

	if (cpu->dec[sample->slot].precise)
		ip = t4_sample_ip(ip, cpu->ov_pcr[sample->event->hw.idx]);
	/*
	 * The trap gives no mode of its own: a disrupting trap that skidded
	 * into the kernel is the kernel's, and an event that excludes the
	 * kernel drops it.
	 */
	return pmu_core_sample_regs(sample, ip, user_mode(sample->regs));
}

static const struct pmu_core_ops t4_core_ops = {
	PMU_CORE_HOOKS(t4),
	.event_size	= sizeof(struct t4_event),
	.counters	= &t4_pics,
	.config12	= true,
	.filters	= PMU_FILTER_USER | PMU_FILTER_KERNEL |
			  PMU_FILTER_HV | PMU_FILTER_GUEST,
	/* Precise groups trap on the overflowing instruction: no skid. */
	.max_precise	= 3,
	.overflowed	= t4_overflowed,
	.release_extra	= t4_release_extra,
	.caps_name	= "SPARC T4",
	.identifier	= T4_PMU_IDENTIFIER,
};

/**
 * t4_pmu_interrupt() - handle a performance counter overflow
 * @regs: the interrupted registers
 *
 * Called by the backend for a level-15 interrupt, possibly inside any of
 * the framework's callbacks (include/pmu-suite/core-pmu.h).
 *
 * Return: true if the interrupt was the glue's: an ov was found, or the
 * glue counts on PIC0, which the backend's caller would otherwise stop.
 */
bool t4_pmu_interrupt(struct pt_regs *regs)
{
	struct t4_cpu *cpu = pmu_core_priv(this_cpu_ptr(t4_pmu_core.cpus));

	pmu_core_handle_irq(&t4_pmu_core, regs);
	if (unlikely(cpu->again)) {
		cpu->again = false;
		pmu_core_handle_irq(&t4_pmu_core, regs);
		/* Once: that pass took the wrap, or its event no longer counts. */
		cpu->again = false;
	}
	if (cpu->irq_ours) {
		cpu->irq_ours = false;
		return true;
	}
	return (cpu->known & BIT(0)) && t4_pcr_counting(cpu->pcr[0]);
}
EXPORT_SYMBOL_GPL(t4_pmu_interrupt);

/* A CPU the backend cannot place is a core of its own, never none. */
static int t4_core_of(unsigned int cpu)
{
	int core = t4_core_ops_of->core_of ? t4_core_ops_of->core_of(cpu) : cpu;

	return core >= 0 && (unsigned int)core < nr_cpu_ids ? core : cpu;
}

/* A strand comes online: it counts for its core if no other strand does. */
static int t4_core_online(unsigned int cpu)
{
	if (cpumask_test_cpu(cpu, &t4_cores.mask))
		return 0;
	pmu_package_online(&t4_cores, cpu);
	if (cpumask_test_cpu(cpu, &t4_cores.mask))
		pmu_core_reprogram(&t4_pmu_core, cpu);
	return 0;
}

/*
 * The counting strand of a core goes offline (run on it, before the perf
 * core drops its events): it stops counting the shared events before the
 * next online strand starts, so that no event is counted twice.
 */
static int t4_core_offline(unsigned int cpu)
{
	int target = pmu_package_offline(&t4_cores, cpu, cpu_online_mask);

	if (target < 0)
		return 0;
	pmu_core_reprogram(&t4_pmu_core, cpu);
	pmu_core_reprogram(&t4_pmu_core, target);
	return 0;
}

static int t4_cores_init(const struct t4_pmu_ops *ops)
{
	int ret;

	t4_core_cpu = kcalloc(nr_cpu_ids, sizeof(*t4_core_cpu), GFP_KERNEL);
	if (!t4_core_cpu)
		return -ENOMEM;
	t4_core_ops_of = ops;
	pmu_package_init(&t4_cores, t4_core_cpu, nr_cpu_ids, t4_core_of);
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/sparc_t4:core",
				t4_core_online, t4_core_offline);
	if (ret < 0) {
		kfree(t4_core_cpu);
		t4_core_cpu = NULL;
		return ret;
	}
	t4_core_hp = ret;
	return 0;
}

static void t4_cores_exit(void)
{
	cpuhp_remove_state_nocalls(t4_core_hp);
	kfree(t4_core_cpu);
	t4_core_cpu = NULL;
}

/**
 * t4_register() - register the SPARC T4 core PMU over a register backend
 * @ops: the backend's register access, kept until t4_unregister()
 * @name: the PMU's name
 *
 * The counting strand of each core is chosen before the PMU can take
 * events.
 *
 * Return: 0, or the error registering the PMU gave.
 */
int t4_register(const struct t4_pmu_ops *ops, const char *name)
{
	int ret;

	if (t4_core_cpu)
		return -EBUSY;
	ret = t4_cores_init(ops);
	if (ret)
		return ret;
	ret = pmu_core_register(&t4_pmu_core, &t4_core_ops, &ops->hw, name);
	if (ret)
		t4_cores_exit();
	return ret;
}
EXPORT_SYMBOL_GPL(t4_register);

/**
 * t4_unregister() - unregister the PMU t4_register() registered
 */
void t4_unregister(void)
{
	if (!t4_core_cpu)
		return;
	pmu_core_unregister(&t4_pmu_core);
	t4_cores_exit();
}
EXPORT_SYMBOL_GPL(t4_unregister);
