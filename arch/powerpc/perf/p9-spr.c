// SPDX-License-Identifier: GPL-2.0-only
/*
 * IBM POWER9 core PMU: the powerpc backend.
 *
 * SPR access for the perf glue in drivers/perf/power9, and the
 * performance monitor interrupt, which the kernel hands to whoever holds
 * the counters through reserve_pmc_hardware(). The built-in "cpu" PMU
 * takes them the same way, so while events of one exist the other's
 * opens find them taken (the framework then takes this side's events but
 * never schedules them).
 */
#define pr_fmt(fmt) "power9_pmu: " fmt

#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/perf_regs.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <asm/cputable.h>
#include <asm/pmc.h>
#include <asm/ppc-opcode.h>
#include <asm/reg.h>

#include <pmu-suite/power9/backend.h>
#include <pmu-suite/power9/regs.h>

static u64 p9_spr_read_pmc(unsigned int pmc)
{
	switch (pmc) {
	case 1: return mfspr(SPRN_PMC1);
	case 2: return mfspr(SPRN_PMC2);
	case 3: return mfspr(SPRN_PMC3);
	case 4: return mfspr(SPRN_PMC4);
	case 5: return mfspr(SPRN_PMC5);
	case 6: return mfspr(SPRN_PMC6);
	}
	return 0;
}

static void p9_spr_write_pmc(unsigned int pmc, u64 value)
{
	switch (pmc) {
	case 1:
		mtspr(SPRN_PMC1, value);
		break;
	case 2:
		mtspr(SPRN_PMC2, value);
		break;
	case 3:
		mtspr(SPRN_PMC3, value);
		break;
	case 4:
		mtspr(SPRN_PMC4, value);
		break;
	case 5:
		mtspr(SPRN_PMC5, value);
		break;
	case 6:
		mtspr(SPRN_PMC6, value);
		break;
	}
}

static u64 p9_spr_read_mmcr0(void)
{
	return mfspr(SPRN_MMCR0);
}

static u64 p9_spr_read_mmcr2(void)
{
	return mfspr(SPRN_MMCR2);
}

static void p9_spr_write_mmcr0(u64 value)
{
	mtspr(SPRN_MMCR0, value);
	isync();
}

static void p9_spr_set_in_use(bool in_use)
{
	ppc_set_pmu_inuse(in_use);
}

static void p9_spr_write_mmcr(enum p9_mmcr_reg reg, u64 value)
{
	switch (reg) {
	case P9_MMCR1:
		mtspr(SPRN_MMCR1, value);
		break;
	case P9_MMCR2:
		mtspr(SPRN_MMCR2, value);
		break;
	case P9_MMCRA:
		mtspr(SPRN_MMCRA, value);
		break;
	}
}

static void p9_spr_read_sample(struct p9_sample_regs *r, struct pt_regs *regs,
			       unsigned int what)
{
	r->sier = mfspr(SPRN_SIER);
	r->siar = mfspr(SPRN_SIAR);
	if (what & P9_READ_SDAR)
		r->sdar = mfspr(SPRN_SDAR);
	if (what & P9_READ_MMCRA)
		r->mmcra = mfspr(SPRN_MMCRA);
	r->pc = instruction_pointer(regs);
	r->pc_user = user_mode(regs);
}

static void p9_spr_clear_sample(void)
{
	mtspr(SPRN_SIER, 0);
	mtspr(SPRN_SIAR, 0);
	mtspr(SPRN_SDAR, 0);
}

/*
 * The registers are of the sample's mode, or user ones for a kernel
 * instruction that SIAR gave while the interrupt came in user mode: the
 * sample says kernel (MSR[PR] clear). A zero regs->result keeps the
 * arch's perf_instruction_pointer() and perf_misc_flags() from consulting
 * SIAR for the built-in PMU. perf_reg_value() reads a sample's SIER and
 * MMCRA from dar and dsisr, as core-book3s fills them in; the interrupted
 * ones are whatever the entry left there.
 */
static void p9_spr_sample_mode(struct pt_regs *sregs, const struct p9_sample *s)
{
	BUILD_BUG_ON(P9_PERF_REG_PMC1 != PERF_REG_POWERPC_PMC1);
	if (!s->user)
		sregs->msr &= ~MSR_PR;
	sregs->result = 0;
	sregs->dar = s->sier;
	sregs->dsisr = s->mmcra;
}

/* mfbhrbe takes the entry number as an immediate. */
#define P9_MFBHRBE(n)	({						\
	u64 __v;							\
	asm volatile("mfbhrbe %0,%1" : "=r" (__v) : "i" (n));		\
	__v;								\
})

static u64 p9_spr_read_bhrb(unsigned int n)
{
	BUILD_BUG_ON(P9_BHRB_ENTRIES != 32);
	switch (n) {
	case 0: return P9_MFBHRBE(0);
	case 1: return P9_MFBHRBE(1);
	case 2: return P9_MFBHRBE(2);
	case 3: return P9_MFBHRBE(3);
	case 4: return P9_MFBHRBE(4);
	case 5: return P9_MFBHRBE(5);
	case 6: return P9_MFBHRBE(6);
	case 7: return P9_MFBHRBE(7);
	case 8: return P9_MFBHRBE(8);
	case 9: return P9_MFBHRBE(9);
	case 10: return P9_MFBHRBE(10);
	case 11: return P9_MFBHRBE(11);
	case 12: return P9_MFBHRBE(12);
	case 13: return P9_MFBHRBE(13);
	case 14: return P9_MFBHRBE(14);
	case 15: return P9_MFBHRBE(15);
	case 16: return P9_MFBHRBE(16);
	case 17: return P9_MFBHRBE(17);
	case 18: return P9_MFBHRBE(18);
	case 19: return P9_MFBHRBE(19);
	case 20: return P9_MFBHRBE(20);
	case 21: return P9_MFBHRBE(21);
	case 22: return P9_MFBHRBE(22);
	case 23: return P9_MFBHRBE(23);
	case 24: return P9_MFBHRBE(24);
	case 25: return P9_MFBHRBE(25);
	case 26: return P9_MFBHRBE(26);
	case 27: return P9_MFBHRBE(27);
	case 28: return P9_MFBHRBE(28);
	case 29: return P9_MFBHRBE(29);
	case 30: return P9_MFBHRBE(30);
	case 31: return P9_MFBHRBE(31);
	}
	return 0;
}

static void p9_spr_clear_bhrb(void)
{
	asm volatile(PPC_CLRBHRB : : : "memory");
}

/*
 * An event-based branch task's registers live in its thread_struct, where
 * the kernel's own context switch keeps BESCR, EBBHR and EBBRR, and ptrace
 * reads them (used_ebb); a new task starts with them zero.
 */
static void p9_spr_ebb_save(const struct p9_ebb_task *t)
{
	struct thread_struct *th = &current->thread;

	th->siar = mfspr(SPRN_SIAR);
	th->sier = mfspr(SPRN_SIER);
	th->sdar = mfspr(SPRN_SDAR);
	th->mmcr0 = t->mmcr0;
	th->mmcr2 = t->mmcr2;
}

static bool p9_spr_ebb_restore(struct p9_ebb_task *t)
{
	struct thread_struct *th = &current->thread;
	bool first = !th->used_ebb;

	th->used_ebb = 1;
	mtspr(SPRN_SIAR, th->siar);
	mtspr(SPRN_SIER, th->sier);
	mtspr(SPRN_SDAR, th->sdar);
	t->mmcr0 = th->mmcr0;
	t->mmcr2 = th->mmcr2;
	return first;
}

/* A branch's instruction, in the interrupted context: never faults. */
static bool p9_spr_fetch_insn(u64 addr, u32 *insn)
{
	if (addr >= PAGE_OFFSET)
		return !copy_from_kernel_nofault(insn, (const void *)addr,
						 sizeof(*insn));
	return !copy_from_user_nofault(insn, (const void __user *)addr,
				       sizeof(*insn));
}

static void p9_spr_interrupt(struct pt_regs *regs)
{
	p9_pmu_interrupt(regs);
}

#ifdef PMU_SUITE_HAVE_PMC_RATELIMIT
/* The kernel rate-limits the warning of a refused reservation (0005). */
static int p9_spr_reserve(void)
{
	return reserve_pmc_hardware(p9_spr_interrupt);
}
#else
/*
 * Without patches/linux-6.12/0005, reserve_pmc_hardware() logs a warning
 * each time it finds the counters taken, and opens come from users: a
 * loop of them while the built-in PMU counts would flood the log. A
 * process refused once is taken for refused for a second without asking
 * again (perf opening a name on every CPU asks once), and other
 * processes ask at most as often as the kernel's usual rate limit lets a
 * warning through; beyond that the counters are taken for busy. Checks
 * and updates are serialized by the framework's reserve_lock.
 */
static DEFINE_RATELIMIT_STATE(p9_spr_busy_rs, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static bool p9_spr_busy;
static pid_t p9_spr_busy_tgid;
static unsigned long p9_spr_busy_until;

static int p9_spr_reserve(void)
{
	pid_t tgid = task_tgid_nr(current);
	int ret;

	if (p9_spr_busy) {
		if (tgid == p9_spr_busy_tgid &&
		    time_before(jiffies, p9_spr_busy_until))
			return -EBUSY;
		if (!__ratelimit(&p9_spr_busy_rs))
			return -EBUSY;
	}
	ret = reserve_pmc_hardware(p9_spr_interrupt);
	p9_spr_busy = ret;
	if (ret) {
		p9_spr_busy_tgid = tgid;
		p9_spr_busy_until = jiffies + HZ;
	}
	return ret;
}
#endif

static void p9_spr_release(void)
{
	release_pmc_hardware();
}

static struct p9_pmu_ops p9_spr_ops = {
	.hw = {
		.owner = THIS_MODULE,
		.builtin_pmu = true,
		/* SIER, MMCRA, MMCR0-2, SIAR, SDAR (p9_regs_intr_check()) */
		.capabilities = PERF_PMU_CAP_EXTENDED_REGS,
		.read_counter = p9_spr_read_pmc,
		.write_counter = p9_spr_write_pmc,
		.reserve = p9_spr_reserve,
		.release = p9_spr_release,
	},
	.read_mmcr0 = p9_spr_read_mmcr0,
	.write_mmcr0 = p9_spr_write_mmcr0,
	.read_mmcr2 = p9_spr_read_mmcr2,
	.write_mmcr = p9_spr_write_mmcr,
	.set_in_use = p9_spr_set_in_use,
	.read_sample = p9_spr_read_sample,
	.clear_sample = p9_spr_clear_sample,
	.sample_mode = p9_spr_sample_mode,
	.read_bhrb = p9_spr_read_bhrb,
	.clear_bhrb = p9_spr_clear_bhrb,
	.fetch_insn = p9_spr_fetch_insn,
	.ebb_save = p9_spr_ebb_save,
	.ebb_restore = p9_spr_ebb_restore,
	.kernel_base = PAGE_OFFSET,
};

static int __init p9_spr_init(void)
{
	if (!pvr_version_is(PVR_POWER9)) {
		pr_info("not a POWER9 (PVR 0x%08lx): not loading\n",
			mfspr(SPRN_PVR));
		return -ENODEV;
	}
#ifndef PMU_SUITE_HAVE_PMC_RATELIMIT
	ratelimit_set_flags(&p9_spr_busy_rs, RATELIMIT_MSG_ON_RELEASE);
#endif
	p9_spr_ops.kernel_is_hv = cpu_has_feature(CPU_FTR_HVMODE);
	p9_spr_ops.pvr = mfspr(SPRN_PVR);
	return p9_register(&p9_spr_ops, "power9");
}

static void __exit p9_spr_exit(void)
{
	p9_unregister();
}

module_init(p9_spr_init);
module_exit(p9_spr_exit);

MODULE_DESCRIPTION("IBM POWER9 core PMU (powerpc backend)");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
