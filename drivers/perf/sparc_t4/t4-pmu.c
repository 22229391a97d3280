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
 */
#define pr_fmt(fmt) "sparc_t4_pmu: " fmt

#include <linux/bitops.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <pmu-suite/core-pmu.h>

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
};

/* The PMU; its backend's struct t4_pmu_ops embeds pmu_core.backend. */
struct pmu_core t4_pmu_core;
EXPORT_SYMBOL_GPL(t4_pmu_core);

static const struct t4_pmu_ops *t4_hw(struct pmu_core *pc)
{
	return container_of(pc->backend, struct t4_pmu_ops, hw);
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

/* Any event counts on any counter: a set fits if there are enough. */
static bool t4_fits(struct pmu_core *pc, void *priv, unsigned int n)
{
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
 * next reprogramming. The counters are noted in owner[], not yet in the
 * events' hw.idx (t4_start_counter()).
 */
static void t4_assign(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	unsigned int free = t4_free_counters(pc), taken = 0, i;
	struct t4_cpu *cpu = pmu_core_priv(pcpu);
	unsigned long placed = 0;

	/* A counter someone else took (the watchdog restarted) is theirs. */
	cpu->known &= free;
	memset(cpu->owner, 0, sizeof(cpu->owner));
	for (i = 0; i < pcpu->n; i++) {
		struct perf_event *event = pcpu->event[i];
		int idx = (int)event->hw.last_tag - 1;

		WRITE_ONCE(event->hw.idx, -1);
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

		if ((placed & BIT(i)) || !left)
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

static void t4_unfreeze(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
}

/*
 * Every counter of the glue whose PCR.ov is set is stopped, which clears
 * ov reliably (a programming note of section 10.2); the framework folds
 * it as wrapped, and the reprogramming restarts it.
 */
static u64 t4_irq_ack(struct pmu_core *pc, struct pmu_core_cpu *pcpu)
{
	struct t4_cpu *cpu = pmu_core_priv(pcpu);
	unsigned int c;
	u64 mask = 0;

	cpu->known &= t4_free_counters(pc);
	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		u64 pcr;

		if (!(cpu->known & BIT(c)) || !t4_pcr_counting(cpu->pcr[c]))
			continue;
		pcr = t4_hw(pc)->read_pcr(c);
		if (!(pcr & T4_PCR_OV))
			continue;
		cpu->ov_pcr[c] = pcr;
		mask |= BIT_ULL(c);
		t4_write_pcr(pc, cpu, c, t4_pcr_stopped());
	}
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
	struct t4_cpu *cpu;

	if (pmu_core_handle_irq(&t4_pmu_core, regs))
		return true;
	cpu = pmu_core_priv(this_cpu_ptr(t4_pmu_core.cpus));
	return (cpu->known & BIT(0)) && t4_pcr_counting(cpu->pcr[0]);
}
EXPORT_SYMBOL_GPL(t4_pmu_interrupt);

/**
 * t4_register() - register the SPARC T4 core PMU over a register backend
 * @ops: the backend's register access, kept until t4_unregister()
 * @name: the PMU's name
 *
 * Return: 0, or the error registering the PMU gave.
 */
int t4_register(const struct t4_pmu_ops *ops, const char *name)
{
	return pmu_core_register(&t4_pmu_core, &t4_core_ops, &ops->hw, name);
}
EXPORT_SYMBOL_GPL(t4_register);

/**
 * t4_unregister() - unregister the PMU t4_register() registered
 */
void t4_unregister(void)
{
	pmu_core_unregister(&t4_pmu_core);
}
EXPORT_SYMBOL_GPL(t4_unregister);
