// SPDX-License-Identifier: GPL-2.0-only
/*
 * A register-level model of a SPARC T4 strand's PMU and of the DRAM
 * performance counters.
 *
 * What it implements, from chapter 10 of the SPARC T4 Supplement: a PIC
 * counts the events its PCR selects (sl, and mask bits; sl 26 ignores the
 * mask) in the modes PCR.ut/st/ht enable; it wraps at 2^32, setting
 * PCR.ov, and PCR.ntc when the instruction is next-to-commit; ov AND toe
 * raises a trap, except that a precise group's trap is lost when PCR.ht
 * is set or the strand is hyperprivileged (footnote 2 of TABLE 10-1, 10.3);
 * PCR writes follow t4_pcr_hw_write(): ov and ntc are only cleared, and a
 * write that itself overflows the PIC sets ov again. A precise trap is
 * taken at the overflowing event, a disrupting one right after the step
 * that raised it. The DRAM counters are 31 bits with a sticky overflow
 * bit, counting what DRAM_PERF_CTL_REG selects for them.
 *
 * The model is the strand of the CPU it was reset on. Each other CPU has
 * PCRs and PICs of its own, and the CPUs of t4_model_core are the strands
 * of one core: an event shared by the core's strands (TABLE 10-2 note 13)
 * that one of them produces counts on every strand's counters that select
 * it. By default every CPU is a core of its own.
 */
#include <linux/bitfield.h>
#include <kunit/visibility.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/spinlock.h>
#include <pmu-suite-test/model.h>

#include "t4-model.h"
#include "t4-catalogue.h"
#include "t4-event.h"

/* Exported for the live guest's module (tools/testing/live/). */
struct t4_model t4_model;
EXPORT_SYMBOL_IF_KUNIT(t4_model);
struct t4_model_mcu t4_model_mcu[T4_DRAM_NR_MCU];
EXPORT_SYMBOL_IF_KUNIT(t4_model_mcu);
static DEFINE_RAW_SPINLOCK(t4_model_dram_lock);
static DEFINE_PER_CPU(struct t4_model_strand, t4_model_strand);
/* The CPUs that are strands of one core; the tests set it. */
struct cpumask t4_model_core;

/* The watchdog's PCR0 value (sl 26, user and privileged, toe). */
#define WATCHDOG_PCR	(T4_PCR_PICNPT | T4_PCR_ST | T4_PCR_UT | T4_PCR_TOE | \
			 FIELD_PREP(T4_PCR_SL, 26))

void t4_model_reset(void)
{
	unsigned int cpu;

	t4_model = (struct t4_model) {
		.mode = T4_MODEL_USER,
		.free = BIT(T4_NUM_COUNTERS) - 1,
		.cpu = raw_smp_processor_id(),
	};
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&t4_model_strand, cpu), 0,
		       sizeof(struct t4_model_strand));
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_reset);

static bool t4_model_precise(unsigned int sl)
{
	const struct t4_sl_group *g = t4_sl_group_find(sl);

	return g && (g->flags & T4_SL_PRECISE);
}

static bool t4_model_mode_counts(u64 pcr)
{
	switch (t4_model.mode) {
	case T4_MODEL_USER:
		return pcr & T4_PCR_UT;
	case T4_MODEL_PRIV:
		return pcr & T4_PCR_ST;
	default:
		return pcr & T4_PCR_HT;
	}
}

static bool t4_model_pcr_selects(u64 pcr, unsigned int sl, unsigned int mask)
{
	if (FIELD_GET(T4_PCR_SL, pcr) != sl || !sl)
		return false;
	if (sl != 26 && !(FIELD_GET(T4_PCR_MASK, pcr) & mask))
		return false;
	return t4_model_mode_counts(pcr);
}

static bool t4_model_selects(unsigned int c, unsigned int sl, unsigned int mask)
{
	return t4_model_pcr_selects(t4_model.pcr[c], sl, mask);
}

/* The PIC of counter @c wrapped. */
static void t4_model_overflow(unsigned int c)
{
	u64 pcr = t4_model.pcr[c];

	t4_model.pcr[c] |= T4_PCR_OV | (t4_model.ntc ? T4_PCR_NTC : 0);
	if (!(pcr & T4_PCR_TOE))
		return;
	if (t4_model_precise(FIELD_GET(T4_PCR_SL, pcr)) &&
	    ((pcr & T4_PCR_HT) || t4_model.mode == T4_MODEL_HYP)) {
		t4_model.trap_lost[c] = true;
		t4_model.lost_traps++;
	}
}

static bool t4_model_trap_pending(void)
{
	unsigned int c;

	for (c = 0; c < T4_NUM_COUNTERS; c++)
		if ((t4_model.pcr[c] & T4_PCR_OV) && (t4_model.pcr[c] & T4_PCR_TOE) &&
		    !t4_model.trap_lost[c])
			return true;
	return false;
}

static void t4_model_trap(void);

/* A level-15 interrupt now, whoever raised it. */
static void t4_model_interrupt(void)
{
	struct pt_regs regs = {};
	unsigned long flags;
	bool user;

	if (t4_model.raise) {
		if (!t4_model.raise())
			t4_model.unclaimed++;
		return;
	}
	instruction_pointer_set(&regs, t4_model.pc);
	user = t4_model.mode == T4_MODEL_USER && !t4_model.trap_in_priv;
	pmu_model_set_mode(&regs, user);
	local_irq_save(flags);
	t4_model.in_trap = true;
	if (!t4_pmu_interrupt(&regs))
		t4_model.unclaimed++;
	t4_model.in_trap = false;
	local_irq_restore(flags);
	/* What the handler held back comes now. */
	t4_model_trap();
}

/*
 * Deliver pending traps, as the level-15 interrupt would: not inside the
 * handler, whose return takes them.
 */
static void t4_model_trap(void)
{
	static bool delivering;
	int guard = 8;

	if (t4_model.in_trap || delivering)
		return;
	delivering = true;
	while (t4_model_trap_pending() && guard--) {
		t4_model.traps++;
		t4_model_interrupt();
		/* An unclaimed trap would be the watchdog's: it clears ov. */
		if (t4_model_trap_pending() && !(t4_model.free & BIT(0)) &&
		    (t4_model.pcr[0] & T4_PCR_OV))
			t4_model.pcr[0] &= ~T4_PCR_OV;
	}
	delivering = false;
}

/* The model's own counters count @n events; traps are taken. */
static void t4_model_count_own(unsigned int sl, unsigned int mask, u64 n)
{
	unsigned int c;

	while (n) {
		u64 step = n;

		for (c = 0; c < T4_NUM_COUNTERS; c++)
			if (t4_model_selects(c, sl, mask))
				step = min_t(u64, step, 0x100000000ULL - t4_model.pic[c]);
		for (c = 0; c < T4_NUM_COUNTERS; c++) {
			if (!t4_model_selects(c, sl, mask))
				continue;
			t4_model.pic[c] += (u32)step;
			if (!t4_model.pic[c])
				t4_model_overflow(c);
		}
		n -= step;
		t4_model_trap();
	}
}

/* Another strand's counters count @n events; a wrap sets ov only. */
static void t4_model_strand_add(unsigned int cpu, unsigned int sl,
				unsigned int mask, u64 n)
{
	struct t4_model_strand *s = per_cpu_ptr(&t4_model_strand, cpu);
	unsigned int c;

	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		u64 v;

		if (!t4_model_pcr_selects(s->pcr[c], sl, mask))
			continue;
		v = s->pic[c] + n;
		if (v >> 32)
			s->pcr[c] |= T4_PCR_OV;
		s->pic[c] = (u32)v;
	}
}

/* Whether (@sl, @mask) counts every strand's events (note 13). */
static bool t4_model_shared(unsigned int sl, unsigned int mask)
{
	struct t4_event ev;
	const char *why;

	return !t4_event_decode(T4_CONFIG(sl, mask), &ev, &why) && ev.shared;
}

/*
 * Strand @from produced @n events: if it is a strand of the modelled core
 * and the event is shared, the core's other strands count them too.
 */
static void t4_model_core_count(unsigned int from, unsigned int sl,
				unsigned int mask, u64 n)
{
	unsigned int cpu;

	if (!cpumask_test_cpu(from, &t4_model_core) || !t4_model_shared(sl, mask))
		return;
	for_each_cpu(cpu, &t4_model_core) {
		if (cpu == from)
			continue;
		if (cpu == t4_model.cpu)
			t4_model_count_own(sl, mask, n);
		else
			t4_model_strand_add(cpu, sl, mask, n);
	}
}

/**
 * t4_model_count() - the strand produced @n events (@sl, @mask)
 * @sl: the event group
 * @mask: the sub-event's mask bit(s); ignored for sl 26
 * @n: how many
 *
 * Counters that select the event count, in steps that end where one of
 * them wraps; the trap, if any, is taken there. A shared event counts on
 * the other strands of the modelled core too (t4_model_core).
 */
void t4_model_count(unsigned int sl, unsigned int mask, u64 n)
{
	t4_model_core_count(t4_model.cpu, sl, mask, n);
	t4_model_count_own(sl, mask, n);
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_count);

/**
 * t4_model_count_strand() - the strand of @cpu produced @n events
 * @cpu: a CPU
 * @sl: the event group
 * @mask: the sub-event's mask bit(s)
 * @n: how many
 *
 * As t4_model_count() does for the model's own strand.
 */
void t4_model_count_strand(unsigned int cpu, unsigned int sl,
			   unsigned int mask, u64 n)
{
	if (cpu == t4_model.cpu) {
		t4_model_count(sl, mask, n);
		return;
	}
	t4_model_strand_add(cpu, sl, mask, n);
	t4_model_core_count(cpu, sl, mask, n);
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_count_strand);

/**
 * t4_model_deliver() - take the traps pending now
 *
 * For traps held while no counter counted (the live guest holds a trap
 * raised between two of its ticks until the next).
 */
void t4_model_deliver(void)
{
	t4_model_trap();
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_deliver);

/**
 * t4_model_count_selected() - every event a PCR selects occurs @n times
 * @n: occurrences of each (sl, mask bit) pair, sl 26 once
 *
 * Each pair once, however many PCRs select it.
 */
void t4_model_count_selected(u64 n)
{
	u8 sl[T4_NUM_COUNTERS * 8], mask[T4_NUM_COUNTERS * 8];
	unsigned int c, b, i, nsel = 0;

	for (c = 0; c < T4_NUM_COUNTERS; c++) {
		u64 pcr = t4_model.pcr[c];
		unsigned int s = FIELD_GET(T4_PCR_SL, pcr);
		unsigned long bits = s == 26 ? 1 : FIELD_GET(T4_PCR_MASK, pcr);

		if (!s)
			continue;
		for_each_set_bit(b, &bits, 8) {
			u8 m = s == 26 ? 0 : BIT(b);

			for (i = 0; i < nsel && (sl[i] != s || mask[i] != m); i++)
				;
			if (i == nsel) {
				sl[nsel] = s;
				mask[nsel++] = m;
			}
		}
	}
	for (i = 0; i < nsel; i++)
		t4_model_count(sl[i], mask[i], n);
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_count_selected);

/**
 * t4_model_pcr_writes() - PCR writes (hypervisor calls) so far
 */
unsigned int t4_model_pcr_writes(void)
{
	unsigned int c, n = 0;

	for (c = 0; c < T4_NUM_COUNTERS; c++)
		n += t4_model.pcr_writes[c];
	return n;
}

/* The registers of the strand the driver runs on, if not the model's. */
static struct t4_model_strand *t4_model_other(void)
{
	unsigned int cpu = raw_smp_processor_id();

	return cpu == t4_model.cpu ? NULL : per_cpu_ptr(&t4_model_strand, cpu);
}

static u64 t4_model_read_pcr(unsigned int c)
{
	struct t4_model_strand *s = t4_model_other();
	u64 value;

	if (s)
		return s->pcr[c];
	value = t4_model.pcr[c];

	t4_model.pcr_reads++;
	if (t4_model.after_pcr_read) {
		void (*after)(void) = t4_model.after_pcr_read;

		t4_model.after_pcr_read = NULL;
		after();
	}
	pmu_model_nmi_access(&t4_model.nmi);
	return value;
}

static void t4_model_write_pcr(unsigned int c, u64 value)
{
	struct t4_model_strand *s = t4_model_other();
	u64 old = t4_model.pcr[c];
	bool wraps = false;

	if (s) {
		s->pcr[c] = t4_pcr_hw_write(s->pcr[c], value, false);
		return;
	}

	t4_model.pcr_writes[c]++;
	/*
	 * The write runs hyperprivileged; with ht set it may count itself.
	 * sl 26 counts cycles, which every write takes.
	 */
	if (t4_model.write_counts && (value & T4_PCR_HT) &&
	    FIELD_GET(T4_PCR_SL, value)) {
		t4_model.write_events++;
		wraps = ++t4_model.pic[c] == 0;
	}
	t4_model.pcr[c] = t4_pcr_hw_write(old, value, wraps);
	if (wraps && !(value & T4_PCR_OV))
		t4_model.ov_rewrites++;
	if (!(t4_model.pcr[c] & T4_PCR_OV))
		t4_model.trap_lost[c] = false;
	if (wraps && (value & T4_PCR_TOE) &&
	    t4_model_precise(FIELD_GET(T4_PCR_SL, value))) {
		t4_model.trap_lost[c] = true;	/* ht is set */
		t4_model.lost_traps++;
	}
	if (t4_model.nmi_on_start && t4_pcr_counting(value)) {
		void (*nmi)(void) = t4_model.nmi_on_start;

		t4_model.nmi_on_start = NULL;
		nmi();
	}
	pmu_model_nmi_access(&t4_model.nmi);
}

static u64 t4_model_read_pic(unsigned int c)
{
	struct t4_model_strand *s = t4_model_other();
	u64 value;

	if (s)
		return s->pic[c];
	value = t4_model.pic[c];

	t4_model.pic_reads++;
	pmu_model_nmi_access(&t4_model.nmi);
	return value;
}

/**
 * t4_model_user_read_pic() - a user-mode load of PIC @c through ASI 0xB0
 * @c: the counter
 * @value: set to the PIC, if the load is allowed
 *
 * Non-privileged code reads a PIC only when its PCR has picnpt and picnht
 * clear; otherwise the load takes a privileged_action trap (TABLE 10-1).
 *
 * Return: 0, or -EPERM for the trap.
 */
int t4_model_user_read_pic(unsigned int c, u64 *value)
{
	if (t4_model.pcr[c] & (T4_PCR_PICNPT | T4_PCR_PICNHT)) {
		t4_model.user_traps++;
		return -EPERM;
	}
	*value = t4_model.pic[c];
	return 0;
}

static void t4_model_write_pic(unsigned int c, u64 value)
{
	struct t4_model_strand *s = t4_model_other();

	if (s) {
		s->pic[c] = value;
		return;
	}
	t4_model.pic_writes[c]++;
	t4_model.pic[c] = value;
	if (t4_model.after_pic_write) {
		void (*after)(void) = t4_model.after_pic_write;

		t4_model.after_pic_write = NULL;
		after();
	}
	pmu_model_nmi_access(&t4_model.nmi);
}

static unsigned int t4_model_free_counters(void)
{
	return t4_model.free;
}

static int t4_model_reserve(void)
{
	if (t4_model.busy)
		return -EBUSY;
	t4_model.reserved = true;
	return 0;
}

static void t4_model_release(void)
{
	t4_model.reserved = false;
}

/* An NMI-watchdog tick may come at any time, even as the handler comes and goes. */
static int t4_model_irq_hook(void)
{
	t4_model.hook_nmis++;
	t4_model_interrupt();
	return 0;
}

static void t4_model_irq_unhook(void)
{
	t4_model.hook_nmis++;
	t4_model_interrupt();
}

/* The CPUs of t4_model_core are one core, numbered by its first CPU. */
static int t4_model_core_of(unsigned int cpu)
{
	return cpumask_test_cpu(cpu, &t4_model_core) ?
	       cpumask_first(&t4_model_core) : cpu;
}

const struct t4_pmu_ops t4_model_ops = {
	.hw = {
		.owner = THIS_MODULE,
		.builtin_pmu = true,
		.read_counter = t4_model_read_pic,
		.write_counter = t4_model_write_pic,
		.reserve = t4_model_reserve,
		.release = t4_model_release,
		.irq_hook = t4_model_irq_hook,
		.irq_unhook = t4_model_irq_unhook,
	},
	.read_pcr = t4_model_read_pcr,
	.write_pcr = t4_model_write_pcr,
	.free_counters = t4_model_free_counters,
	.core_of = t4_model_core_of,
};
EXPORT_SYMBOL_IF_KUNIT(t4_model_ops);

/**
 * t4_model_watchdog() - PCR0 as the NMI watchdog programs it
 */
u64 t4_model_watchdog(void)
{
	return WATCHDOG_PCR;
}

void t4_model_dram_reset(void)
{
	memset(t4_model_mcu, 0, sizeof(t4_model_mcu));
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_dram_reset);

/* Counter @c of @m: its register and its position there. */
static u64 *t4_model_dram_reg(struct t4_model_mcu *m, unsigned int c,
			      unsigned int *shift)
{
	/* COUNT01: 0 high, 1 low; COUNT23: 3 high, 2 low (TABLE 10-6). */
	*shift = (c == 0 || c == 3) ? 32 : 0;
	return c < 2 ? &m->count01 : &m->count23;
}

static void t4_model_dram_add(struct t4_model_mcu *m, unsigned int select,
			      u64 n)
{
	const u64 span = 1ULL << T4_DRAM_WIDTH;
	unsigned int c, shift;

	lockdep_assert_held(&t4_model_dram_lock);
	for (c = 0; c < 4; c++) {
		u64 *reg = t4_model_dram_reg(m, c, &shift);
		u64 v;

		if (((m->ctl >> (4 * c)) & 0xf) != select)
			continue;
		v = ((*reg >> shift) & (span - 1)) + n;
		if (v >= span)
			*reg |= BIT_ULL(31) << shift;
		*reg = (*reg & ~((span - 1) << shift)) | (v & (span - 1)) << shift;
	}
}

/**
 * t4_model_dram_count() - a memory controller saw @n events of @select
 * @mcu: the controller
 * @select: the TABLE 10-7 code the events match
 * @n: how many
 */
void t4_model_dram_count(unsigned int mcu, unsigned int select, u64 n)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&t4_model_dram_lock, flags);
	t4_model_dram_add(&t4_model_mcu[mcu], select, n);
	raw_spin_unlock_irqrestore(&t4_model_dram_lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_dram_count);

/**
 * t4_model_dram_count_selected() - each controller sees @n of every code
 *	its DRAM_PERF_CTL_REG selects
 * @n: events of each select code, however many counters select it
 */
void t4_model_dram_count_selected(u64 n)
{
	unsigned int mcu, c;

	for (mcu = 0; mcu < T4_DRAM_NR_MCU; mcu++) {
		u64 ctl = t4_model_mcu[mcu].ctl;
		unsigned int done = 0;

		for (c = 0; c < 4; c++) {
			unsigned int sel = (ctl >> (4 * c)) & 0xf;

			if (done & BIT(sel))
				continue;
			done |= BIT(sel);
			t4_model_dram_count(mcu, sel, n);
		}
	}
}
EXPORT_SYMBOL_IF_KUNIT(t4_model_dram_count_selected);

static u64 t4_model_read_ctl(unsigned int mcu)
{
	return t4_model_mcu[mcu].ctl;
}

static void t4_model_write_ctl(unsigned int mcu, u64 value)
{
	/* Bits 63:16 are reserved, read-only zero. */
	t4_model_mcu[mcu].ctl = value & 0xffff;
}

/* Events of @after_select arrive right after each read (see the header). */
static u64 t4_model_read_count(unsigned int mcu)
{
	struct t4_model_mcu *m = &t4_model_mcu[mcu];
	unsigned long flags;
	u64 v;

	raw_spin_lock_irqsave(&t4_model_dram_lock, flags);
	v = m->count01;
	if (m->after_read) {
		t4_model_dram_add(m, m->after_select, m->after_read);
		m->after_total += m->after_read;
	}
	raw_spin_unlock_irqrestore(&t4_model_dram_lock, flags);
	return v;
}

struct t4_dram_ops t4_model_dram_ops = {
	.owner = THIS_MODULE,
	.nr_mcu = T4_DRAM_NR_MCU,
	.poll_ns = 2 * NSEC_PER_MSEC,
	.cpu_counts = pmu_model_cpu_in_package,
	.read_ctl = t4_model_read_ctl,
	.write_ctl = t4_model_write_ctl,
	.read_count = t4_model_read_count,
};
EXPORT_SYMBOL_IF_KUNIT(t4_model_dram_ops);
