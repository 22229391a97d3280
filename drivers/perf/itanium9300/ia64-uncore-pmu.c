// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 uncore PMUs: "itanium9300_bbox", "itanium9300_zbox" and
 * "itanium9300_rbox", one per box type, counting for a whole socket.
 *
 * Each socket's events are counted on one CPU of that socket, published
 * in the cpumask attribute; when that CPU goes offline, the events move
 * to another online CPU of the socket, and the poll timer with them (the
 * uncore framework, include/pmu-suite/uncore-pmu.h). Programming happens under a global freeze
 * (DBX_CSR_MISC.frz_all, then unfrz_all, 5.4.2), and the counters are
 * read under one as well, as 5.4.3 recommends for polling: the Z- and
 * R-Box counters are split over two CSRs, and a frozen counter cannot
 * carry between the two reads.
 *
 * Counters wrap silently: an overflow interrupt goes to the U-Box only
 * from a counter set to freeze (5.4, Table 5-26 pmi_en), and the manual
 * gives it no vector, target or U-Box register, so there is nothing to
 * attach a handler to; the freeze it needs would also stop the box's or
 * socket's other counters. An hrtimer therefore reads every counter each
 * ops->poll_ns, far more often than a 40-bit counter can wrap.
 */
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <pmu-suite/uncore-pmu.h>

#include <pmu-suite/itanium9300/uncore-backend.h>
#include "ia64-catalogue.h"

/* The counters of one box instance, and the registers they share. */
struct ia64_unc_inst {
	struct perf_event *event[IA64_UNC_MAX_COUNTERS];
	u64 ctl1;		/* B: B_CSR_PERF_CTL1 */
	u8 enabled;		/* B: counters enabled in B_CSR_PERF_CTL0 */
	u64 ctl2_hw;		/* B: CTL2 and CTL3 as last written */
	u64 ctl3_hw;
	bool ctl3_written;
	struct ia64_unc_share sh;
};

struct ia64_unc_socket {
	/* Shared by the three PMUs: DBX_CSR_MISC freezes them all. */
	raw_spinlock_t lock;
	/* The R-Box is one instance with both sides' counters. */
	struct ia64_unc_inst inst[IA64_UNC_NR_BOXES][IA64_UNC_MAX_INSTANCES];
};

/**
 * struct ia64_unc_box_ops - the perf side of a box type, beside its row
 *	of facts (struct ia64_unc_box_type)
 * @uncore: the uncore framework's callbacks, sysfs formats and events;
 *	    the box's PMU is registered with it, so the PMU leads back to
 *	    @program
 * @program: program counter @c of @in for @ev (taking the port's
 *	     register or field @slot), or stop it; the socket is frozen
 */
struct ia64_unc_box_ops {
	struct pmu_uncore_ops uncore;
	void (*program)(unsigned int socket, struct ia64_unc_inst *in,
			const struct ia64_unc_event *ev, unsigned int c,
			unsigned int slot, bool enable);
};

struct ia64_unc_pmu {
	struct pmu_uncore pu;
	enum ia64_unc_box box;
	char name[32];
};

static const struct ia64_uncore_ops *unc_ops;
static struct ia64_unc_socket *unc_sockets;
static struct ia64_unc_pmu unc_pmus[IA64_UNC_NR_BOXES];
static struct pmu_uncore_set unc_set;

static enum ia64_unc_box unc_box_of(struct perf_event *event)
{
	return container_of(to_pmu_uncore(event->pmu), struct ia64_unc_pmu,
			    pu)->box;
}

/* Decode an event that event_init already accepted. */
static int unc_decode(struct perf_event *event, struct ia64_unc_event *ev)
{
	const char *why;

	return ia64_unc_decode(unc_box_of(event), &event->attr, ev, &why);
}

static struct ia64_unc_inst *unc_inst(struct ia64_unc_socket *s,
				      const struct ia64_unc_event *ev)
{
	return &s->inst[ev->box][ia64_unc_instance(ev)];
}

/*
 * Take a counter of @in for @event and the registers it shares
 * (ia64_unc_take()).
 */
static int unc_alloc(struct ia64_unc_inst *in, const struct ia64_unc_event *ev,
		     struct perf_event *event, unsigned int *slot)
{
	int c = ia64_unc_take(&in->sh, ev, slot);

	if (c >= 0)
		in->event[c] = event;
	return c;
}

static void unc_free(struct ia64_unc_inst *in, const struct ia64_unc_event *ev,
		     unsigned int c, unsigned int slot)
{
	in->event[c % IA64_UNC_MAX_COUNTERS] = NULL;
	ia64_unc_give(&in->sh, ev, c, slot);
}

static void unc_freeze(unsigned int socket, bool freeze)
{
	u64 misc = unc_ops->read_csr(socket, IA64_DBX_CSR_MISC);

	unc_ops->write_csr(socket, IA64_DBX_CSR_MISC,
			   ia64_unc_dbx_misc(misc, freeze));
}

/* Counters wider than one CSR keep the rest of the count in their control. */
static u64 unc_read_counter(unsigned int socket, const struct ia64_unc_event *ev,
			    unsigned int c)
{
	u64 cnt = unc_ops->read_csr(socket, ia64_unc_cnt_offset(ev, c));
	u64 ctl = 0;

	if (ia64_unc_type(ev->box)->ctl_count)
		ctl = unc_ops->read_csr(socket, ia64_unc_ctl_offset(ev, c));
	return ia64_unc_count(ev->box, cnt, ctl);
}

/* Write a port's match/mask set, mm_en last; the socket is frozen. */
static void unc_program_mm(unsigned int socket, const struct ia64_unc_event *ev,
			   unsigned int set)
{
	u32 off = ia64_unc_rbox_mm_offset(ev->port, set);

	unc_ops->write_csr(socket, off + IA64_R_MM_MATCH_LSB, lower_32_bits(ev->match));
	unc_ops->write_csr(socket, off + IA64_R_MM_MATCH_MSB, upper_32_bits(ev->match));
	unc_ops->write_csr(socket, off + IA64_R_MM_MASK_LSB, lower_32_bits(ev->mask));
	unc_ops->write_csr(socket, off + IA64_R_MM_MASK_MSB, upper_32_bits(ev->mask));
	unc_ops->write_csr(socket, off + IA64_R_MM_CFG, ev->mm_cfg);
}

/*
 * Write B_CSR_PERF_CTL2 for an event that uses it, and B_CSR_PERF_CTL3
 * when its value changes or when the CTL2 write requires it (the note
 * below Table 5-13). CTL3 is not rewritten needlessly: a write resets
 * the IOB's live transaction counter (Table 5-14, class_in), which
 * other IOB events may be counting from. The first write gives every
 * field not in use all ones: its reset value 0 would filter out every
 * packet.
 */
static void unc_program_ctl23(unsigned int socket, u32 win,
			      struct ia64_unc_inst *in,
			      const struct ia64_unc_event *ev)
{
	u64 ctl3 = ia64_unc_bbox_ctl3(&in->sh);
	bool due = !in->ctl3_written;

	if (ev->has_subctl) {
		unc_ops->write_csr(socket, win + IA64_B_PERF_CTL2, in->sh.ctl2);
		due |= ia64_unc_bbox_ctl3_due(in->ctl2_hw, in->sh.ctl2);
		in->ctl2_hw = in->sh.ctl2;
	}
	if (!ev->has_subctl && !ev->ctl3_used)
		return;
	if (due || ctl3 != in->ctl3_hw) {
		unc_ops->write_csr(socket, win + IA64_B_PERF_CTL3, ctl3);
		in->ctl3_hw = ctl3;
		in->ctl3_written = true;
	}
}

/* B-Box: the counters' event selects and enables are in CTL1 and CTL0. */
static void unc_program_bbox(unsigned int socket, struct ia64_unc_inst *in,
			     const struct ia64_unc_event *ev, unsigned int c,
			     unsigned int slot, bool enable)
{
	u32 win = ia64_unc_box_window(ev->box, ia64_unc_instance(ev));

	if (enable) {
		in->ctl1 = ia64_unc_bbox_ctl1(in->ctl1, c, ev->code);
		unc_ops->write_csr(socket, win + IA64_B_PERF_CTL1, in->ctl1);
		unc_program_ctl23(socket, win, in, ev);
		in->enabled |= BIT(c);
	} else {
		in->enabled &= ~BIT(c);
	}
	unc_ops->write_csr(socket, win + IA64_B_PERF_CTL0,
			   ia64_unc_bbox_ctl0(in->enabled));
}

/* Z-Box: the sub-control registers first, then the counter's control. */
static void unc_program_zbox(unsigned int socket, struct ia64_unc_inst *in,
			     const struct ia64_unc_event *ev, unsigned int c,
			     unsigned int slot, bool enable)
{
	u32 win = ia64_unc_box_window(ev->box, ia64_unc_instance(ev));
	unsigned int i;

	for (i = 0; enable && i < ev->nr_zsc; i++)
		unc_ops->write_csr(socket, win +
				   ia64_unc_zbox_subctl_offset(ev->zsc_reg[i]),
				   ev->zsc_val[i]);
	unc_ops->write_csr(socket, ia64_unc_ctl_offset(ev, c),
			   ia64_unc_zbox_ctl(ev->code, enable));
}

/*
 * R-Box: the port's IPERF register, ARB_PERF field or match/mask set,
 * then the counter's control, whose count bits are kept.
 */
static void unc_program_rbox(unsigned int socket, struct ia64_unc_inst *in,
			     const struct ia64_unc_event *ev, unsigned int c,
			     unsigned int slot, bool enable)
{
	u32 off = ia64_unc_ctl_offset(ev, c);
	u64 ctrl;

	if (enable && ev->mm)
		unc_program_mm(socket, ev, slot);
	else if (enable && ev->qlx)
		unc_ops->write_csr(socket, ia64_unc_rbox_arb_offset(ev->port),
				   in->sh.arb_perf[ev->port]);
	else if (enable)
		unc_ops->write_csr(socket, IA64_R_IPERF(ev->port, slot),
				   ev->iperf);
	ctrl = unc_ops->read_csr(socket, off);
	unc_ops->write_csr(socket, off,
			   ia64_unc_rbox_ctrl(ctrl, ev->port,
					      ia64_unc_rbox_ev_sel(ev, slot),
					      enable));
}

/* Program (or stop) counter hw.idx for @ev; the socket is frozen. */
static void unc_program(unsigned int socket, struct ia64_unc_inst *in,
			const struct ia64_unc_event *ev, struct perf_event *event,
			bool enable)
{
	const struct ia64_unc_box_ops *bops =
		container_of_const(to_pmu_uncore(event->pmu)->ops,
				   struct ia64_unc_box_ops, uncore);

	bops->program(socket, in, ev, event->hw.idx, event->hw.extra_reg.idx,
		      enable);
}

/* Add what the event's counter counted since it was last read. */
static void unc_fold(unsigned int socket, const struct ia64_unc_event *ev,
		     struct perf_event *event)
{
	u64 now = unc_read_counter(socket, ev, event->hw.idx);
	u64 prev = local64_xchg(&event->hw.prev_count, now);

	local64_add(ia64_unc_delta(ev->box, prev, now), &event->count);
}

/* The poll timer, on the socket's counting CPU: fold under one freeze. */
static void unc_poll(struct pmu_uncore_set *set, unsigned int socket)
{
	struct ia64_unc_socket *s = &unc_sockets[socket];
	unsigned int box, i, c;
	unsigned long flags;

	raw_spin_lock_irqsave(&s->lock, flags);
	unc_freeze(socket, true);
	for (box = 0; box < IA64_UNC_NR_BOXES; box++) {
		const struct ia64_unc_box_type *t = ia64_unc_type(box);

		for (i = 0; i < t->instances; i++) {
			for (c = 0; c < t->counters; c++) {
				struct perf_event *event = s->inst[box][i].event[c];
				struct ia64_unc_event ev;

				if (!event || event->hw.state & PERF_HES_STOPPED ||
				    unc_decode(event, &ev))
					continue;
				unc_fold(socket, &ev, event);
			}
		}
	}
	unc_freeze(socket, false);
	raw_spin_unlock_irqrestore(&s->lock, flags);
}

/* Place @e in @scratch, as unc_take_counter() would; other PMUs' events must be software. */
static bool unc_group_add(struct ia64_unc_share *scratch, struct perf_event *e,
			  struct pmu *pmu)
{
	struct ia64_unc_event ev;
	unsigned int slot;

	if (e->pmu != pmu)
		return is_software_event(e);
	return !unc_decode(e, &ev) &&
	       ia64_unc_take(&scratch[ia64_unc_instance(&ev)], &ev, &slot) >= 0;
}

/*
 * Whether @event's group can be counted at once: 0, -EINVAL if not, or
 * -ENOMEM. The scratch copy of the shared registers is too large for
 * the stack.
 */
static int unc_group_fits(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	struct ia64_unc_share *scratch;
	int ret = -EINVAL;

	/* A new leader has no siblings, nor the context lock to walk them. */
	if (leader == event)
		return 0;
	scratch = kcalloc(IA64_UNC_MAX_INSTANCES, sizeof(*scratch), GFP_KERNEL);
	if (!scratch)
		return -ENOMEM;
	if (!unc_group_add(scratch, leader, event->pmu))
		goto out;
	for_each_sibling_event(sibling, leader)
		if (!unc_group_add(scratch, sibling, event->pmu))
			goto out;
	if (unc_group_add(scratch, event, event->pmu))
		ret = 0;
out:
	kfree(scratch);
	return ret;
}

static int unc_init(struct pmu_uncore *pu, struct perf_event *event,
		    const char **why)
{
	struct ia64_unc_event ev;
	int ret;

	ret = ia64_unc_decode(unc_box_of(event), &event->attr, &ev, why);
	if (ret)
		return ret;
	ret = unc_group_fits(event);
	if (ret)
		*why = "the group cannot count at once";
	return ret;
}

/* Program the counter under a freeze, and read its start there. */
static u64 unc_start(struct pmu_uncore *pu, struct perf_event *event)
{
	unsigned int socket = event->hw.config_base;
	struct ia64_unc_socket *s = &unc_sockets[socket];
	struct ia64_unc_event ev;
	unsigned long irqflags;
	u64 now;

	if (unc_decode(event, &ev))
		return 0;
	raw_spin_lock_irqsave(&s->lock, irqflags);
	unc_freeze(socket, true);
	unc_program(socket, unc_inst(s, &ev), &ev, event, true);
	now = unc_read_counter(socket, &ev, event->hw.idx);
	unc_freeze(socket, false);
	raw_spin_unlock_irqrestore(&s->lock, irqflags);
	return now;
}

/* Fold the count under a freeze and, for @stop, stop the counter. */
static void unc_update(struct pmu_uncore *pu, struct perf_event *event,
		       bool stop)
{
	unsigned int socket = event->hw.config_base;
	struct ia64_unc_socket *s = &unc_sockets[socket];
	struct ia64_unc_event ev;
	unsigned long irqflags;

	if (unc_decode(event, &ev))
		return;
	raw_spin_lock_irqsave(&s->lock, irqflags);
	unc_freeze(socket, true);
	unc_fold(socket, &ev, event);
	if (stop)
		unc_program(socket, unc_inst(s, &ev), &ev, event, false);
	unc_freeze(socket, false);
	raw_spin_unlock_irqrestore(&s->lock, irqflags);
}

/* Take a counter of the event's box for it (added). */
static int unc_take_counter(struct pmu_uncore *pu, struct perf_event *event)
{
	struct ia64_unc_socket *s = &unc_sockets[event->hw.config_base];
	struct ia64_unc_event ev;
	unsigned long irqflags;
	unsigned int slot;
	int c;

	if (unc_decode(event, &ev))
		return -EINVAL;
	raw_spin_lock_irqsave(&s->lock, irqflags);
	c = unc_alloc(unc_inst(s, &ev), &ev, event, &slot);
	raw_spin_unlock_irqrestore(&s->lock, irqflags);
	if (c < 0)
		return c;
	event->hw.idx = c;
	event->hw.extra_reg.idx = slot;
	return 0;
}

/* Give it back (deleted). */
static void unc_give_counter(struct pmu_uncore *pu, struct perf_event *event)
{
	struct ia64_unc_socket *s = &unc_sockets[event->hw.config_base];
	struct ia64_unc_event ev;
	unsigned long irqflags;

	if (unc_decode(event, &ev))
		return;
	raw_spin_lock_irqsave(&s->lock, irqflags);
	unc_free(unc_inst(s, &ev), &ev, event->hw.idx, event->hw.extra_reg.idx);
	raw_spin_unlock_irqrestore(&s->lock, irqflags);
	event->hw.idx = -1;
}

/* sysfs: format/, events/ (chapter 5's event lists) */

/* events/: chapter 5's lists, each file printed from its catalogue row. */
static ssize_t unc_event_show(struct pmu_uncore *pu, u64 id, char *page)
{
	enum ia64_unc_box box = container_of(pu, struct ia64_unc_pmu, pu)->box;
	const struct ia64_uncore_event *tab;
	unsigned int n;

	tab = ia64_unc_events(box, &n);
	if (id >= n || !ia64_unc_event_string(box, &tab[id], page, PAGE_SIZE - 1))
		return -EINVAL;
	return strlcat(page, "\n", PAGE_SIZE);
}

#define UNC_OPS(b) {							\
	.uncore = {							\
		.init		= unc_init,				\
		.alloc		= unc_take_counter,			\
		.free		= unc_give_counter,			\
		.start		= unc_start,				\
		.update		= unc_update,				\
		.format		= ia64_unc_##b##_format_attrs,		\
		.events		= ia64_unc_##b##_event_attrs,		\
		.event_show	= unc_event_show,			\
		.identifier	= IA64_PMU_IDENTIFIER,			\
	},								\
	.program = unc_program_##b,					\
}

static const struct ia64_unc_box_ops unc_box_ops[IA64_UNC_NR_BOXES] = {
	[IA64_UNC_BBOX] = UNC_OPS(bbox),
	[IA64_UNC_ZBOX] = UNC_OPS(zbox),
	[IA64_UNC_RBOX] = UNC_OPS(rbox),
};

/**
 * ia64_uncore_unregister() - remove what ia64_uncore_register() set up
 */
void ia64_uncore_unregister(void)
{
	unsigned int box;

	for (box = 0; box < IA64_UNC_NR_BOXES; box++)
		pmu_uncore_unregister(&unc_pmus[box].pu);
	pmu_uncore_set_exit(&unc_set);
	kfree(unc_sockets);
	unc_sockets = NULL;
	unc_ops = NULL;
}
EXPORT_SYMBOL_GPL(ia64_uncore_unregister);

/**
 * ia64_uncore_register() - register the B-, Z- and R-Box PMUs
 * @ops: the CSR backend; it must outlive the registration
 * @prefix: PMU name prefix: the PMUs are "<prefix>_bbox" and so on
 *
 * The first online CPU of each socket counts that socket's events, until
 * it goes offline.
 *
 * Return: 0 or a negative errno.
 */
int ia64_uncore_register(const struct ia64_uncore_ops *ops, const char *prefix)
{
	unsigned int i, box;
	int ret;

	if (unc_ops)
		return -EBUSY;
	if (!ops->nr_sockets || ops->nr_sockets > IA64_UNC_MAX_SOCKETS ||
	    !ops->poll_ns || !ops->cpu_socket || !ops->read_csr ||
	    !ops->write_csr)
		return -EINVAL;
	unc_sockets = kcalloc(ops->nr_sockets, sizeof(*unc_sockets), GFP_KERNEL);
	if (!unc_sockets)
		return -ENOMEM;
	for (i = 0; i < ops->nr_sockets; i++)
		raw_spin_lock_init(&unc_sockets[i].lock);
	ret = pmu_uncore_set_init(&unc_set, ops->nr_sockets, ops->cpu_socket,
				  ops->poll_ns, unc_poll);
	if (ret) {
		kfree(unc_sockets);
		unc_sockets = NULL;
		return ret;
	}
	unc_ops = ops;
	for (box = 0; box < IA64_UNC_NR_BOXES; box++) {
		struct ia64_unc_pmu *up = &unc_pmus[box];

		up->box = box;
		snprintf(up->name, sizeof(up->name), "%s_%s", prefix,
			 ia64_unc_type(box)->name);
		ret = pmu_uncore_register(&up->pu, &unc_set, &unc_box_ops[box].uncore,
					  ops->owner, up->name);
		if (ret) {
			ia64_uncore_unregister();
			return ret;
		}
	}
	return 0;
}
EXPORT_SYMBOL_GPL(ia64_uncore_register);

/**
 * ia64_uncore_pmu_type() - perf type number of a box type's PMU
 * @box: the box type
 *
 * Return: the type, or -ENODEV.
 */
int ia64_uncore_pmu_type(enum ia64_unc_box box)
{
	if (box >= IA64_UNC_NR_BOXES || !unc_pmus[box].pu.registered)
		return -ENODEV;
	return unc_pmus[box].pu.pmu.type;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_uncore_pmu_type);

/**
 * ia64_uncore_socket_cpu() - the CPU that counts @socket's events
 * @socket: socket number
 *
 * Return: the CPU, or -ENODEV.
 */
int ia64_uncore_socket_cpu(unsigned int socket)
{
	return unc_ops ? pmu_uncore_package_cpu(&unc_set, socket) : -ENODEV;
}
EXPORT_SYMBOL_IF_KUNIT(ia64_uncore_socket_cpu);
