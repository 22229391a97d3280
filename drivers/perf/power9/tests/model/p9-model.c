// SPDX-License-Identifier: GPL-2.0-only
/*
 * A register-level model of a POWER9 thread's PMU.
 *
 * What it implements, from the PMU User's Guide: PMC1-4 count the signal
 * MMCR1 selects for them (unit, combination, selector), PMC5 run
 * instructions and PMC6 run cycles (A.1); the freeze controls of MMCR0
 * (FC, FC1-4, FC5-6) and MMCR2 per counter and privilege state (Table
 * A-1, A.5), and the run latch (FCnWAIT, CC56RUN = 0); a counter that
 * is negative raises an alert when its condition is enabled (PMC1CE,
 * PMCjCE) and PMAE is set, which clears PMAE, sets PMAO, and with FCECE
 * freezes the counters (A.3); 32-bit wrap. At each alert SIER, SIAR and
 * SDAR take what the test put in latch (when it put anything), as the
 * hardware would; a test may also set them directly. So does MMCRA's
 * threshold counter, but only when MMCRA selects an event to threshold
 * and a start and stop event (A.6: select 000 disables thresholding).
 *
 * MMCR0's FCS, FCP and FCH freeze the counters and the BHRB in their
 * privilege states (FCPC = 0). The BHRB takes each taken branch the test
 * makes the thread execute, unless frozen or kept out by MMCRA's filters
 * (FD direct, FU unconditional, FC calls, FR returns, FJ jumps; IFM 01
 * jumps and returns): the branch's address, and for an XL-form branch a
 * second entry with its target and T set; P when mispredicted. The
 * model tells the kinds of branch from the instruction word, as the
 * hardware does.
 *
 * With MMCR0[EBE] an alert is an event-based branch to the task (counted
 * in ebbs); PMAO is set as for any alert, and the interrupt comes too, as
 * QEMU raises it. MMCR0[PMCC] decides what problem state may read and
 * write (p9_model_user_*()): 00 reads of PMC1-6 and MMCR0, 10 reads and
 * writes of PMC1-6 and MMCR0's FC, PMAE and PMAO, 01 nothing. The task
 * the tests run as keeps its EBB registers in task.
 */
#include <linux/bitfield.h>
#include <linux/irqflags.h>
#include <linux/ptrace.h>
#include <linux/string.h>

#include <pmu-suite/power9/regs.h>
#include "p9-model.h"

#define NEGATIVE	0x80000000U

struct p9_model p9_model;

void p9_model_reset(void)
{
	p9_model = (struct p9_model) {
		.mmcr0 = P9_MMCR0_FC,
		.run_latch = true,
	};
}

static bool p9_model_selects(unsigned int pmc, u64 code)
{
	u64 m1 = p9_model.mmcr1;
	unsigned int field = FIELD_GET(P9_RAW_PMC, code);

	if (pmc == 5)
		return code == P9_CODE_PMC5_RUN_INST;
	if (pmc == 6)
		return code == P9_CODE_PMC6_RUN_CYC;
	if (field && field != pmc)
		return false;
	return ((m1 >> P9_MMCR1_UNIT_SHIFT(pmc)) & 0xf) == FIELD_GET(P9_RAW_UNIT, code) &&
	       ((m1 >> P9_MMCR1_COMB_SHIFT(pmc)) & 0x3) == FIELD_GET(P9_RAW_COMB, code) &&
	       ((m1 >> P9_MMCR1_SEL_SHIFT(pmc)) & 0xff) == FIELD_GET(P9_RAW_PMCXSEL, code);
}

/* MMCR0's privilege freeze conditions, which hold for the BHRB too */
static bool p9_model_state_frozen(void)
{
	u64 m0 = p9_model.mmcr0;

	if (p9_model.pr)
		return m0 & P9_MMCR0_FCP;
	return m0 & (p9_model.hv ? P9_MMCR0_FCH : P9_MMCR0_FCS);
}

static bool p9_model_frozen(unsigned int pmc)
{
	u64 m0 = p9_model.mmcr0, m2 = p9_model.mmcr2;

	if ((m0 & P9_MMCR0_FC) || p9_model_state_frozen())
		return true;
	if (pmc <= 4 ? m0 & P9_MMCR0_FC1_4 : m0 & P9_MMCR0_FC5_6)
		return true;
	if (pmc >= 5 && !(m0 & P9_MMCR0_CC56RUN) && !p9_model.run_latch)
		return true;
	if (!p9_model.run_latch && (m2 & P9_MMCR2_FCWAIT(pmc)))
		return true;
	if (p9_model.pr)
		return m2 & P9_MMCR2_FCP(pmc);	/* FCnPC = 0 */
	return m2 & (p9_model.hv ? P9_MMCR2_FCH(pmc) : P9_MMCR2_FCS(pmc));
}

static bool p9_model_alert_enabled(unsigned int pmc)
{
	u64 m0 = p9_model.mmcr0;

	if (!(m0 & P9_MMCR0_PMAE))
		return false;
	return m0 & (pmc == 1 ? P9_MMCR0_PMC1CE : P9_MMCR0_PMCJCE);
}

#define P9_MODEL_THRESH_CTR	(P9_MMCRA_THRESH_CTR_EXP | P9_MMCRA_THRESH_CTR_MANT)

static bool p9_model_thresholding(void)
{
	u64 m = p9_model.mmcra;

	return FIELD_GET(P9_MMCRA_THRESH_EVENT_SEL, m) &&
	       FIELD_GET(P9_MMCRA_THRESH_START, m) &&
	       FIELD_GET(P9_MMCRA_THRESH_END, m);
}

/*
 * A counter-negative condition exists while an enabled counter is negative
 * (A.9), not only when it becomes so: with PMAE set it
 * raises an alert, which clears PMAE, sets PMAO and with FCECE freezes the
 * counters (A.3).
 */
static void p9_model_check_alert(void)
{
	unsigned int pmc;

	for (pmc = 1; pmc <= P9_NUM_PMCS; pmc++) {
		if (!(p9_model.pmc[pmc] & NEGATIVE) || !p9_model_alert_enabled(pmc))
			continue;
		p9_model.alerts++;
		if (p9_model.latch.sier || p9_model.latch.siar ||
		    p9_model.latch.sdar) {
			p9_model.sier = p9_model.latch.sier;
			p9_model.siar = p9_model.latch.siar;
			p9_model.sdar = p9_model.latch.sdar;
		}
		if (p9_model_thresholding())
			p9_model.mmcra = (p9_model.mmcra & ~P9_MODEL_THRESH_CTR) |
					 (p9_model.latch.thresh_ctr & P9_MODEL_THRESH_CTR);
		if (p9_model.mmcr0 & P9_MMCR0_EBE)
			p9_model.ebbs++;
		p9_model.mmcr0 &= ~P9_MMCR0_PMAE;
		p9_model.mmcr0 |= P9_MMCR0_PMAO;
		if (p9_model.mmcr0 & P9_MMCR0_FCECE)
			p9_model.mmcr0 |= P9_MMCR0_FC;
		return;
	}
}

/**
 * p9_model_count() - the thread produced @n occurrences of @code's signal
 * @code: raw event code naming the signal
 * @n: how many
 *
 * Counters selecting the signal count, in steps that stop where one of
 * them becomes negative; an alert with FCECE freezes the rest away.
 *
 * Return: how many came before MMCR0[FC] froze the counters.
 */
u64 p9_model_count(u64 code, u64 n)
{
	u64 total = n;
	unsigned int pmc;

	while (n && !(p9_model.mmcr0 & P9_MMCR0_FC)) {
		u64 step = n;

		for (pmc = 1; pmc <= P9_NUM_PMCS; pmc++) {
			u32 v = p9_model.pmc[pmc];

			if (!p9_model_selects(pmc, code) || p9_model_frozen(pmc))
				continue;
			if (p9_model_alert_enabled(pmc) && !(v & NEGATIVE))
				step = min_t(u64, step, NEGATIVE - v);
		}
		for (pmc = 1; pmc <= P9_NUM_PMCS; pmc++) {
			if (!p9_model_selects(pmc, code) || p9_model_frozen(pmc))
				continue;
			p9_model.pmc[pmc] += (u32)step;
		}
		n -= step;
		p9_model_check_alert();
	}
	return total - n;
}

/**
 * p9_model_take_interrupt() - deliver a pending alert to the driver
 *
 * Return: whether an alert was pending.
 */
bool p9_model_take_interrupt(void)
{
	struct pt_regs regs = {};
	unsigned long flags;

	if (!(p9_model.mmcr0 & P9_MMCR0_PMAO))
		return false;
	instruction_pointer_set(&regs, p9_model.pc);
	pmu_model_set_mode(&regs, p9_model.pr);
	local_irq_save(flags);
	p9_pmu_interrupt(&regs);
	local_irq_restore(flags);
	p9_model.intr_user_after = user_mode(&regs);
	p9_model.intr_pc_after = instruction_pointer(&regs);
	return true;
}

/**
 * p9_model_branch() - the thread took a branch
 * @from: the branch instruction's address
 * @insn: the instruction word there (kept for the driver's fetches)
 * @to: where it went
 * @mispred: its direction or target was mispredicted
 */
void p9_model_branch(u64 from, u32 insn, u64 to, bool mispred)
{
	u64 m = p9_model.mmcra;
	unsigned int op = insn >> 26, xo = (insn >> 1) & 0x3ff, i;
	bool lk = insn & 1, xl = op == 19, always = (~insn & (0x14 << 21)) == 0;
	bool call = lk, ret = xl && xo == 16 && !lk, jump = !call && !ret;

	for (i = 0; i < p9_model.text_n && p9_model.text[i].addr != from; i++)
		;
	if (i == p9_model.text_n && i < ARRAY_SIZE(p9_model.text))
		p9_model.text_n++;
	if (i < ARRAY_SIZE(p9_model.text))
		p9_model.text[i] = (typeof(p9_model.text[i])) { from, insn };

	if (p9_model_state_frozen())
		return;
	if (FIELD_GET(P9_MMCRA_IFM, m) > 1) {
		p9_model.bhrb_bad_ifm = true;
		return;
	}
	if ((FIELD_GET(P9_MMCRA_IFM, m) == 1 && (jump || ret)) ||
	    ((m & P9_MMCRA_BHRB_FD) && !xl) ||
	    ((m & P9_MMCRA_BHRB_FU) && (op == 18 || always)) ||
	    ((m & P9_MMCRA_BHRB_FC) && call) ||
	    ((m & P9_MMCRA_BHRB_FR) && ret) ||
	    ((m & P9_MMCRA_BHRB_FJ) && jump))
		return;
	memmove(&p9_model.bhrb[1], &p9_model.bhrb[0],
		sizeof(p9_model.bhrb) - sizeof(p9_model.bhrb[0]));
	p9_model.bhrb[0] = (from & P9_BHRB_EA) |
			   (mispred ? P9_BHRB_MISPRED : 0);
	if (!xl)
		return;
	memmove(&p9_model.bhrb[1], &p9_model.bhrb[0],
		sizeof(p9_model.bhrb) - sizeof(p9_model.bhrb[0]));
	p9_model.bhrb[0] = (to & P9_BHRB_EA) | P9_BHRB_TARGET;
}

/* Every register access may be the one an interrupt comes after. */
static void p9_model_access(void)
{
	p9_model.accesses++;
	pmu_model_nmi_access(&p9_model.nmi);
}

static u64 p9_model_read_pmc(unsigned int pmc)
{
	u64 value = p9_model.pmc[pmc];

	p9_model_access();
	return value;
}

static void p9_model_write_pmc(unsigned int pmc, u64 value)
{
	p9_model.pmc[pmc] = value;
	p9_model_check_alert();
	p9_model_access();
}

static u64 p9_model_read_mmcr0(void)
{
	u64 value = p9_model.mmcr0;

	p9_model_access();
	return value;
}

static u64 p9_model_read_mmcr2(void)
{
	u64 value = p9_model.mmcr2;

	p9_model_access();
	return value;
}

static void p9_model_write_mmcr0(u64 value)
{
	p9_model.mmcr0 = value;
	p9_model_check_alert();
	p9_model_access();
}

static void p9_model_write_mmcr(enum p9_mmcr_reg reg, u64 value)
{
	if (reg == P9_MMCR1)
		p9_model.mmcr1 = value;
	else if (reg == P9_MMCR2)
		p9_model.mmcr2 = value;
	else
		p9_model.mmcra = value;
	p9_model.mmcrs_writes++;
	p9_model_access();
}

static void p9_model_set_in_use(bool in_use)
{
	p9_model.in_use = in_use;
}

/* Each SPR read or written counts as one access, as mfspr and mtspr do. */
static void p9_model_read_sample(struct p9_sample_regs *r, struct pt_regs *regs,
				 unsigned int what)
{
	r->sier = p9_model.sier;
	r->siar = p9_model.siar;
	r->pc = instruction_pointer(regs);
	r->pc_user = user_mode(regs);
	if (what & P9_READ_SDAR)
		r->sdar = p9_model.sdar;
	if (what & P9_READ_MMCRA)
		r->mmcra = p9_model.mmcra;
	p9_model_access();
	p9_model_access();
	if (what & P9_READ_SDAR)
		p9_model_access();
	if (what & P9_READ_MMCRA)
		p9_model_access();
}

static void p9_model_clear_sample(void)
{
	p9_model.sier = 0;
	p9_model.siar = 0;
	p9_model.sdar = 0;
	p9_model_access();
	p9_model_access();
	p9_model_access();
}

/* As the powerpc backend does with MSR[PR]. */
static void p9_model_sample_mode(struct pt_regs *sregs, const struct p9_sample *s)
{
	if (!s->user)
		pmu_model_set_mode(sregs, false);
	p9_model.intr_sier = s->sier;
	p9_model.intr_mmcra = s->mmcra;
}

static u64 p9_model_read_bhrb(unsigned int n)
{
	u64 value = n < P9_BHRB_ENTRIES ? p9_model.bhrb[n] : 0;

	p9_model_access();
	return value;
}

static void p9_model_clear_bhrb(void)
{
	memset(p9_model.bhrb, 0, sizeof(p9_model.bhrb));
	p9_model.bhrb_clears++;
	p9_model_access();
}

static bool p9_model_fetch_insn(u64 addr, u32 *insn)
{
	unsigned int i;

	for (i = 0; i < p9_model.text_n; i++)
		if (p9_model.text[i].addr == addr) {
			*insn = p9_model.text[i].insn;
			return true;
		}
	return false;
}

static void p9_model_ebb_save(const struct p9_ebb_task *t)
{
	p9_model.task.bits = *t;
	p9_model.task.siar = p9_model.siar;
	p9_model.task.sier = p9_model.sier;
	p9_model.task.sdar = p9_model.sdar;
	p9_model_access();
}

static bool p9_model_ebb_restore(struct p9_ebb_task *t)
{
	bool first = !p9_model.task.used;

	p9_model.task.used = true;
	p9_model.siar = p9_model.task.siar;
	p9_model.sier = p9_model.task.sier;
	p9_model.sdar = p9_model.task.sdar;
	*t = p9_model.task.bits;
	p9_model_access();
	return first;
}

static unsigned int p9_model_pmcc(void)
{
	return FIELD_GET(P9_MMCR0_PMCC, p9_model.mmcr0);
}

/**
 * p9_model_user_write_pmc() - the task writes a PMC (mtspr in problem state)
 * @pmc: PMC1-6
 * @value: what it writes
 *
 * Return: false for the facility unavailable interrupt (PMCC not 10).
 */
bool p9_model_user_write_pmc(unsigned int pmc, u32 value)
{
	if (p9_model_pmcc() != 2)
		return false;
	p9_model.pmc[pmc] = value;
	p9_model_check_alert();
	return true;
}

/**
 * p9_model_user_read_pmc() - the task reads a PMC (mfspr in problem state)
 * @pmc: PMC1-6
 * @value: what it reads
 *
 * Return: false for the facility unavailable interrupt (PMCC 01).
 */
bool p9_model_user_read_pmc(unsigned int pmc, u32 *value)
{
	if (p9_model_pmcc() == 1)
		return false;
	*value = p9_model.pmc[pmc];
	return true;
}

/**
 * p9_model_user_write_mmcr0() - the task writes MMCR0 in problem state
 * @value: its FC, PMAE and PMAO are taken, the rest ignored
 *
 * Return: false for the facility unavailable interrupt (PMCC not 10).
 */
bool p9_model_user_write_mmcr0(u64 value)
{
	u64 task = P9_MMCR0_FC | P9_MMCR0_PMAE | P9_MMCR0_PMAO;

	if (p9_model_pmcc() != 2)
		return false;
	p9_model.mmcr0 = (p9_model.mmcr0 & ~task) | (value & task);
	p9_model_check_alert();
	return true;
}

static const struct pt_regs *p9_model_user_regs(void)
{
	return p9_model.user.valid ? &p9_model.user.regs : NULL;
}

static int p9_model_reserve(void)
{
	if (p9_model.busy)
		return -EBUSY;
	p9_model.reserved = true;
	return 0;
}

static void p9_model_release(void)
{
	p9_model.reserved = false;
}

const struct p9_pmu_ops p9_model_ops = {
	.hw = {
		.owner = THIS_MODULE,
		.builtin_pmu = true,
		.read_counter = p9_model_read_pmc,
		.write_counter = p9_model_write_pmc,
		.reserve = p9_model_reserve,
		.release = p9_model_release,
		.user_regs = p9_model_user_regs,
	},
	.read_mmcr0 = p9_model_read_mmcr0,
	.write_mmcr0 = p9_model_write_mmcr0,
	.read_mmcr2 = p9_model_read_mmcr2,
	.write_mmcr = p9_model_write_mmcr,
	.set_in_use = p9_model_set_in_use,
	.read_sample = p9_model_read_sample,
	.clear_sample = p9_model_clear_sample,
	.sample_mode = p9_model_sample_mode,
	.read_bhrb = p9_model_read_bhrb,
	.clear_bhrb = p9_model_clear_bhrb,
	.fetch_insn = p9_model_fetch_insn,
	.ebb_save = p9_model_ebb_save,
	.ebb_restore = p9_model_ebb_restore,
	.kernel_base = 0xc000000000000000ULL,
	.pvr = 0x004e1202,	/* DD2.2, as QEMU's POWER9 */
};
