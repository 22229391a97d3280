// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event-based branches on the power9 PMU, as a program uses them: it opens
 * PM_CYC on PMC1 with the ebb flag (pinned, exclusive, its own task),
 * points EBBHR at its handler, arms PMC1 and enables the branches
 * (BESCR[GE, PME], MMCR0[PMAE]); every PERIOD cycles the counter goes
 * negative and the processor branches to the handler, which counts,
 * re-arms and returns with rfebb. A child busy beside it makes the kernel
 * switch between the two, and tries to write PMC1 itself. The branches
 * are compared with the loop's cycles as a plain power9 event counts them.
 *
 * Cycles, not instructions: QEMU's POWER9 takes the branch of a cycle
 * counter's overflow, but loses that of an instruction counter (it sets
 * BESCR[PMEO] and EBBRR and then goes on in the interrupted code).
 *
 *   ebb TYPE [UID]	TYPE: the power9 PMU's type; UID: run as that
 *			user (the CPU-wide refusal is then EACCES)
 *   ebb TYPE NAME [PERIOD]
 *			one of the kernel selftests' patterns (the table
 *			at the end); PERIOD: b2b's period in cycles
 *
 * Prints one "ebb: name: value" line per figure and "ebb: ok" (or
 * "ebb: NAME: ok") at the end; exits 1 at the first thing that goes wrong.
 * Build: powerpc64le-linux-gnu-gcc -O2 -Wall -static -o ebb ebb-ppc64.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * Problem-state SPR numbers (PMCC 10), and the EBB registers. BESCR is
 * written whole: QEMU keeps BESCRS and BESCRR (set and reset) as
 * registers of their own, which the processor does not.
 */
#define SPRN_UPMC1	771
#define SPRN_UPMC2	772
#define SPRN_UPMC3	773
#define SPRN_UPMC4	774
#define SPRN_UPMC5	775
#define SPRN_UPMC6	776
#define SPRN_UMMCR2	769
#define SPRN_UMMCR0	779
#define SPRN_EBBHR	804
#define SPRN_EBBRR	805
#define SPRN_BESCR	806

#define BIT_ULL(n)	(1ULL << (n))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define BESCR_GE	BIT_ULL(63)
#define BESCR_PME	BIT_ULL(32)
#define BESCR_PMEO	BIT_ULL(0)

#define MMCR0_FC	BIT_ULL(31)
#define MMCR0_PMAE	BIT_ULL(26)
#define MMCR0_PMAO	BIT_ULL(7)

#define EBB_FLAG	BIT_ULL(63)
#define PM_CYC		0x1001eULL	/* PMC1 */
#define PM_RUN_INST	0x400faULL	/* PMC4 */
#define PERIOD		1000000U
/* Iterations of a two-instruction loop. */
#define LOOP		20000000UL

/* The SPR number goes in the instruction: expand it, then quote it. */
#define SPR_STR(n)	#n
#define MFSPR(n) ({ unsigned long __v;					\
	asm volatile("mfspr %0," SPR_STR(n) : "=r" (__v)); __v; })
#define MTSPR(n, v) ({						\
	asm volatile("mtspr " SPR_STR(n) ",%0" : :			\
		     "r" ((unsigned long)(v)) : "memory");		\
})

/* Written by the handler, which interrupts main(): atomics. */
static unsigned long branches, pmao_seen;

/*
 * What the handler does beyond the branch count, for the patterns below:
 * it re-arms the PMCs in arm_mask (bit n: PMC n + 1), each to go negative
 * after period[n], and adds to counted[n] how far each had gone past its
 * start (negative: a PMC found below its start). The hook, if any, runs
 * after that and returns the MMCR0 bits the handler clears (FC and PMAO
 * unless it says otherwise: leaving FC set keeps the counters frozen).
 * Plain variables: main() sets them before it enables the branches and
 * reads them after it disables them, and MTSPR's asm clobbers memory;
 * the loops that wait for branches read the count with taken().
 */
static unsigned int arm_mask = 1;
static unsigned long period[6] = { PERIOD, PERIOD, PERIOD, PERIOD, PERIOD,
				   PERIOD };
static unsigned long counted[6], negative, spurious;
static unsigned long (*hook)(void);

static unsigned long read_pmc(int pmc)
{
	switch (pmc) {
	case 1:
		return MFSPR(SPRN_UPMC1);
	case 2:
		return MFSPR(SPRN_UPMC2);
	case 3:
		return MFSPR(SPRN_UPMC3);
	case 4:
		return MFSPR(SPRN_UPMC4);
	case 5:
		return MFSPR(SPRN_UPMC5);
	default:
		return MFSPR(SPRN_UPMC6);
	}
}

static void write_pmc(int pmc, unsigned long v)
{
	switch (pmc) {
	case 1:
		MTSPR(SPRN_UPMC1, v);
		break;
	case 2:
		MTSPR(SPRN_UPMC2, v);
		break;
	case 3:
		MTSPR(SPRN_UPMC3, v);
		break;
	case 4:
		MTSPR(SPRN_UPMC4, v);
		break;
	case 5:
		MTSPR(SPRN_UPMC5, v);
		break;
	default:
		MTSPR(SPRN_UPMC6, v);
		break;
	}
}

/* The value that makes PMC @pmc go negative after its period. */
static unsigned long pmc_start(int pmc)
{
	return 0x80000000UL - period[pmc - 1];
}

/* Called from ebb_entry with every volatile register saved. */
void ebb_handler(void)
{
	unsigned long clear = MMCR0_PMAO | MMCR0_FC, v;
	int pmc;

	if (MFSPR(SPRN_UMMCR0) & MMCR0_PMAO)
		__atomic_fetch_add(&pmao_seen, 1, __ATOMIC_RELAXED);
	if (!(MFSPR(SPRN_BESCR) & BESCR_PMEO))
		spurious++;
	__atomic_fetch_add(&branches, 1, __ATOMIC_RELAXED);
	for (pmc = 1; pmc <= 6; pmc++) {
		if (!(arm_mask & (1U << (pmc - 1))))
			continue;
		v = read_pmc(pmc);
		if (v >= pmc_start(pmc))
			counted[pmc - 1] += v - pmc_start(pmc);
		else
			negative++;
		write_pmc(pmc, pmc_start(pmc));
	}
	if (hook)
		clear = hook();
	MTSPR(SPRN_UMMCR0, (MFSPR(SPRN_UMMCR0) & ~clear) | MMCR0_PMAE);
	MTSPR(SPRN_BESCR, (MFSPR(SPRN_BESCR) & ~BESCR_PMEO) | BESCR_PME);
}

/*
 * The branch lands anywhere in the program: save what the ABI lets a call
 * clobber (r0, r2-r12, CR, LR, CTR, XER), below the 288-byte red zone of
 * the interrupted code, call the handler through its global entry (r12),
 * restore, and rfebb 1 (0x4c000924), which sets BESCR[GE] again.
 */
asm(".text\n"
	".globl ebb_entry\n"
	".balign 16\n"
	"ebb_entry:\n"
	"	stdu 1,-544(1)\n"
	"	std 0,32(1)\n	std 2,40(1)\n	std 3,48(1)\n	std 4,56(1)\n"
	"	std 5,64(1)\n	std 6,72(1)\n	std 7,80(1)\n	std 8,88(1)\n"
	"	std 9,96(1)\n	std 10,104(1)\n	std 11,112(1)\n	std 12,120(1)\n"
	"	mflr 0\n	std 0,128(1)\n"
	"	mfcr 0\n	std 0,136(1)\n"
	"	mfctr 0\n	std 0,144(1)\n"
	"	mfxer 0\n	std 0,152(1)\n"
	"	lis 12,ebb_handler@highest\n"
	"	ori 12,12,ebb_handler@higher\n"
	"	rldicr 12,12,32,31\n"
	"	oris 12,12,ebb_handler@high\n"
	"	ori 12,12,ebb_handler@l\n"
	"	mtctr 12\n"
	"	bctrl\n"
	"	ld 0,152(1)\n	mtxer 0\n"
	"	ld 0,144(1)\n	mtctr 0\n"
	"	ld 0,136(1)\n	mtcrf 0xff,0\n"
	"	ld 0,128(1)\n	mtlr 0\n"
	"	ld 0,32(1)\n	ld 2,40(1)\n	ld 3,48(1)\n	ld 4,56(1)\n"
	"	ld 5,64(1)\n	ld 6,72(1)\n	ld 7,80(1)\n	ld 8,88(1)\n"
	"	ld 9,96(1)\n	ld 10,104(1)\n	ld 11,112(1)\n	ld 12,120(1)\n"
	"	addi 1,1,544\n"
	"	.long 0x4c000924\n");

/* ebb_entry's address, for EBBHR. */
static unsigned long ebb_entry_address(void)
{
	unsigned long a;

	asm("lis %0,ebb_entry@highest\n"
	    "	ori %0,%0,ebb_entry@higher\n"
	    "	rldicr %0,%0,32,31\n"
	    "	oris %0,%0,ebb_entry@high\n"
	    "	ori %0,%0,ebb_entry@l\n" : "=r" (a));
	return a;
}

static void loop(unsigned long n)
{
	asm volatile("mtctr %0\n"
		     "1:	addi 3,3,1\n"
		     "	bdnz 1b\n"
		     : : "r" (n) : "ctr", "r3");
}

static int open_ebb(int type, unsigned long config, int pinned, int cpu,
		    unsigned long period, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.size = sizeof(a);
	a.config = config;
	a.pinned = pinned && group < 0;
	a.exclusive = group < 0;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.sample_period = period;
	return syscall(__NR_perf_event_open, &a, cpu < 0 ? 0 : -1, cpu, group, 0);
}

static int fail(const char *what)
{
	printf("ebb: FAILED: %s\n", what);
	return 1;
}

/* An EBB leader on its own task with @a's fields set: whether it opens. */
static int opens_with(int type, unsigned long config,
		      void (*set)(struct perf_event_attr *))
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.size = sizeof(a);
	a.config = config;
	a.pinned = 1;
	a.exclusive = 1;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	set(&a);
	fd = syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (fd >= 0)
		close(fd);
	return fd >= 0 || errno != EINVAL;
}

static void not_exclusive(struct perf_event_attr *a)
{
	a->exclusive = 0;
}

static void with_freq(struct perf_event_attr *a)
{
	a->freq = 1;
	a->sample_freq = 1000;
}

static void on_exec(struct perf_event_attr *a)
{
	a->enable_on_exec = 1;
	a->disabled = 1;
}

static void inherited(struct perf_event_attr *a)
{
	a->inherit = 1;
}

static void as_is(struct perf_event_attr *a)
{
}

/* Refused as the built-in PMU refuses them: EINVAL. */
static int refusals(int type)
{
	int fd, lead;

	if (open_ebb(type, PM_CYC | EBB_FLAG, 0, -1, 0, -1) >= 0 || errno != EINVAL)
		return fail("an EBB event that is not pinned opens");
	if (open_ebb(type, PM_CYC | EBB_FLAG, 1, 0, 0, -1) >= 0 ||
	    (errno != EINVAL && errno != EACCES))
		return fail("a CPU-wide EBB event opens");
	if (open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 1000, -1) >= 0 || errno != EINVAL)
		return fail("a sampling EBB event opens");
	if (opens_with(type, PM_CYC | EBB_FLAG, not_exclusive))
		return fail("an EBB event that is not exclusive opens");
	if (opens_with(type, 0x3001eULL | EBB_FLAG, with_freq))
		return fail("an EBB event with a frequency opens");
	if (opens_with(type, PM_CYC | EBB_FLAG, on_exec))
		return fail("an EBB event enabled on exec opens");
	if (opens_with(type, PM_CYC | EBB_FLAG, inherited))
		return fail("an inherited EBB event opens");
	/* Cycles with no PMC: the program could not know which to read. */
	if (opens_with(type, 0x1eULL | EBB_FLAG, as_is))
		return fail("an EBB event with PMC field 0 opens");
	lead = open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 0, -1);
	if (lead < 0)
		return fail("an EBB event does not open");
	fd = open_ebb(type, 0x2001eULL, 1, -1, 0, lead);
	if (fd >= 0 || errno != EINVAL)
		return fail("a plain event joins an EBB group");
	fd = open_ebb(type, 0x20002ULL | EBB_FLAG, 1, -1, 0, lead);
	if (fd < 0)
		return fail("an EBB event does not join an EBB group");
	close(fd);
	close(lead);
	lead = open_ebb(type, 0x2001eULL, 1, -1, 0, -1);
	fd = open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 0, lead);
	if (lead < 0 || fd >= 0 || errno != EINVAL)
		return fail("an EBB event joins a plain group");
	close(lead);
	printf("ebb: refused as the built-in PMU refuses them: 10 of 10\n");
	return 0;
}

static sigjmp_buf ill_jmp;

static void on_sigill(int sig)
{
	siglongjmp(ill_jmp, 1);
}

/* Whether writing PMC1 from problem state raises SIGILL. */
static int pmc_write_refused(void)
{
	if (sigsetjmp(ill_jmp, 1))
		return 1;
	MTSPR(SPRN_UPMC1, 0x1234);
	return 0;
}

/* A child that keeps trying to write PMC1 while its parent counts. */
static pid_t busy_child(int *pipefd)
{
	pid_t pid = fork();
	unsigned long tries = 0, refused = 0;

	if (pid)
		return pid;
	signal(SIGILL, on_sigill);
	while (tries < 2000) {
		refused += pmc_write_refused();
		tries++;
		loop(20000);
	}
	if (write(pipefd[1], &refused, sizeof(refused)) < 0)
		_exit(2);
	_exit(0);
}

/* The loop's cycles, counted by a plain per-task power9 event. */
static unsigned long loop_cycles(int type)
{
	struct perf_event_attr a;
	unsigned long v = 0;
	int fd;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.size = sizeof(a);
	a.config = PM_CYC;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	fd = syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0)
		return 0;
	loop(LOOP);
	if (read(fd, &v, sizeof(v)) != sizeof(v))
		v = 0;
	close(fd);
	return v;
}

/*
 * The kernel selftests' pattern (cycles_test): arm PMC1 and the branches
 * and never write MMCR0. The built-in PMU starts a task's first EBB
 * events with MMCR0[PMAE] set, and what the task leaves there stays with
 * it: so does power9.
 */
static int first_use(int type)
{
	unsigned long n;
	int fd = open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 0, -1);

	if (fd < 0)
		return fail("the EBB event does not open");
	MTSPR(SPRN_EBBHR, ebb_entry_address());
	MTSPR(SPRN_UPMC1, 0x80000000U - PERIOD);
	MTSPR(SPRN_BESCR, BESCR_PME | BESCR_GE);
	loop(LOOP / 4);
	MTSPR(SPRN_BESCR, 0);
	close(fd);
	n = __atomic_exchange_n(&branches, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&pmao_seen, 0, __ATOMIC_RELAXED);
	printf("ebb: branches with MMCR0 as the kernel left it: %lu\n", n);
	if (!n)
		return fail("no branch unless the program sets MMCR0[PMAE]");
	return 0;
}

/*
 * The patterns of the kernel's own EBB selftests
 * (tools/testing/selftests/powerpc/pmu/ebb), one per run: "ebb TYPE NAME".
 * Cycles wherever a branch must come (see the top of this file); each
 * prints its figures and returns 0 when they are the built-in PMU's.
 */

/*
 * Whether @n branches are within 25% of the periods in @iterations of
 * loop() (two cycles each), with room for the kernel's own cycles, which
 * QEMU counts (it ignores the privilege freeze bits).
 */
static int near_periods(unsigned long n, unsigned long iterations)
{
	unsigned long p = 2 * iterations / PERIOD;

	return n * 4 >= p * 3 && n * 4 <= p * 5 + 8;
}

/* A per-task event's read with its times; 0 if the read gave nothing. */
struct reading {
	unsigned long value, enabled, running;
};

static int read_times(int fd, struct reading *r)
{
	memset(r, 0, sizeof(*r));
	return read(fd, r, sizeof(*r)) == sizeof(*r);
}

static int open_plain(int type, unsigned long config, pid_t pid, int cpu,
		      int pinned)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.size = sizeof(a);
	a.config = config;
	a.pinned = pinned;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.exclude_idle = 1;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	return syscall(__NR_perf_event_open, &a, pid, cpu, -1, 0);
}

/* An EBB leader (pinned, exclusive) on task @pid. */
static int open_ebb_on(int type, unsigned long config, pid_t pid)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.size = sizeof(a);
	a.config = config | EBB_FLAG;
	a.pinned = 1;
	a.exclusive = 1;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.exclude_idle = 1;
	return syscall(__NR_perf_event_open, &a, pid, -1, -1, 0);
}

/* Point EBBHR at the handler and enable the branches. */
static void branches_on(void)
{
	MTSPR(SPRN_EBBHR, ebb_entry_address());
	MTSPR(SPRN_BESCR, BESCR_PME | BESCR_GE);
}

static void branches_off(void)
{
	MTSPR(SPRN_BESCR, 0);
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) | MMCR0_FC);
}

static unsigned long taken(void)
{
	return __atomic_load_n(&branches, __ATOMIC_RELAXED);
}

/* One byte through a pipe, each way. */
static int tell(int fd, char c)
{
	return write(fd, &c, 1) == 1 ? 0 : -1;
}

static int hear(int fd)
{
	char c;

	return read(fd, &c, 1) == 1 ? c : -1;
}

static int exit_status(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}

/*
 * A PMC1 write from problem state that must not fault: 1 if it did not.
 * (An EBB task's counters are its own to write.)
 */
static int pmc_write_allowed(void)
{
	return !pmc_write_refused();
}

/*
 * fork_cleanup: a child starts without its parent's EBB state: BESCR,
 * EBBHR and EBBRR zero, PMC1 not its to write, and the parent's event
 * still readable through the inherited descriptor.
 */
static int pat_fork(int type)
{
	int fd = open_ebb_on(type, PM_CYC, 0), rc;
	unsigned long v;
	pid_t pid;

	if (fd < 0)
		return fail("the EBB event does not open");
	branches_on();
	MTSPR(SPRN_UMMCR0, MMCR0_FC);
	MTSPR(SPRN_UPMC1, 0x80000000UL - PERIOD);
	pid = fork();
	if (!pid) {
		signal(SIGILL, on_sigill);
		if (MFSPR(SPRN_BESCR) || MFSPR(SPRN_EBBHR) || MFSPR(SPRN_EBBRR))
			_exit(3);
		if (!pmc_write_refused())
			_exit(4);
		if (read(fd, &v, sizeof(v)) != sizeof(v))
			_exit(5);
		_exit(0);
	}
	rc = exit_status(pid);
	branches_off();
	close(fd);
	printf("ebb: fork: the child's exit status: %d\n", rc);
	switch (rc) {
	case 0:
		return 0;
	case 3:
		return fail("the child inherits BESCR, EBBHR or EBBRR");
	case 4:
		return fail("the child writes its parent's PMC1");
	case 5:
		return fail("the child cannot read its parent's event");
	default:
		return fail("the child did not finish");
	}
}

/*
 * ebb_on_child: an EBB event put on a child by its parent; the child may
 * then write PMC1 (it is its counter), and runs on unharmed.
 */
static int pat_child(int type)
{
	int to[2], from[2], fd, rc;
	pid_t pid;

	if (pipe(to) || pipe(from))
		return fail("pipe");
	pid = fork();
	if (!pid) {
		signal(SIGILL, on_sigill);
		tell(from[1], 'r');
		if (hear(to[0]) != 'g')
			_exit(2);
		if (!pmc_write_allowed())
			_exit(3);
		loop(LOOP / 10);
		_exit(0);
	}
	hear(from[0]);
	fd = open_ebb_on(type, PM_CYC, pid);
	tell(to[1], 'g');
	rc = exit_status(pid);
	printf("ebb: child: the child's exit status: %d\n", rc);
	if (fd < 0)
		return fail("the EBB event does not open on the child");
	close(fd);
	if (rc == 3)
		return fail("the child may not write the PMC of its EBB event");
	return rc ? fail("the child did not finish") : 0;
}

/*
 * ebb_on_willing_child: the child sets its handler and enables the
 * branches before any event exists; its parent then puts an EBB event on
 * it, and the child takes the branches with what it had set.
 */
static int pat_willing(int type)
{
	int to[2], from[2], fd, rc;
	pid_t pid;

	if (pipe(to) || pipe(from))
		return fail("pipe");
	pid = fork();
	if (!pid) {
		unsigned long n;

		signal(SIGILL, on_sigill);
		branches_on();
		tell(from[1], 'r');
		if (hear(to[0]) != 'g')
			_exit(2);
		if (pmc_write_refused())
			_exit(3);
		MTSPR(SPRN_UPMC1, 0x80000000UL - PERIOD);
		loop(LOOP / 2);
		branches_off();
		n = taken();
		printf("ebb: willing: branches in the child: %lu (loop of %lu cycles)\n",
		       n, LOOP);
		fflush(stdout);
		_exit(near_periods(n, LOOP / 2) ? 0 : 4);
	}
	hear(from[0]);
	fd = open_ebb_on(type, PM_CYC, pid);
	tell(to[1], 'g');
	rc = exit_status(pid);
	printf("ebb: willing: the child's exit status: %d\n", rc);
	if (fd < 0)
		return fail("the EBB event does not open on the child");
	close(fd);
	if (rc == 3)
		return fail("the child may not write the PMC of its EBB event");
	if (rc == 4)
		return fail("the child took too few branches");
	return rc ? fail("the child did not finish") : 0;
}

/*
 * The kernel's ebb_child(): open an EBB event on itself, then tell the
 * parent; if the event is not on the PMU (a read gives nothing: the
 * pinned group could not go on), say so and exit 2; else wait for the
 * go and take branches over a loop: exit 0 when they came.
 */
static int ebb_child(int type, int rd, int wr)
{
	unsigned long v, n;
	int fd;

	signal(SIGILL, on_sigill);
	if (hear(rd) != 'g')
		return 1;
	fd = open_ebb_on(type, PM_CYC, 0);
	if (fd < 0)
		return 1;
	branches_on();
	if (read(fd, &v, sizeof(v)) != sizeof(v)) {
		tell(wr, 'e');
		return 2;
	}
	if (pmc_write_refused())
		return 3;
	MTSPR(SPRN_UPMC1, 0x80000000UL - PERIOD);
	tell(wr, 'r');
	if (hear(rd) != 'g')
		return 1;
	loop(LOOP / 2);
	branches_off();
	n = taken();
	printf("ebb: the EBB child took %lu branches\n", n);
	fflush(stdout);
	close(fd);
	return n ? 0 : 4;
}

static pid_t fork_ebb_child(int type, int *to, int *from)
{
	pid_t pid;

	if (pipe(to) || pipe(from))
		return -1;
	pid = fork();
	if (!pid)
		_exit(ebb_child(type, to[0], from[1]));
	return pid;
}

/* Let the child open its event; if it did, let it run. */
static int run_ebb_child(pid_t pid, int *to, int *from)
{
	tell(to[1], 'g');
	if (hear(from[0]) == 'r')
		tell(to[1], 'g');
	return exit_status(pid);
}

static void report(const char *name, const char *what, int rc,
		   const struct reading *r)
{
	printf("ebb: %s: the EBB child's exit status: %d\n", name, rc);
	printf("ebb: %s: the %s: %lu, enabled %lu ns, running %lu ns\n",
	       name, what, r->value, r->enabled, r->running);
}

/* A CPU-wide PM_RUN_INST_CMPL on CPU 0, the EBB child bound to it too. */
static int cpu_vs_ebb(int type, const char *name, int pinned, int cpu_first)
{
	int to[2], from[2], fd = -1, rc;
	struct reading r;
	cpu_set_t set;
	pid_t pid;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return fail("sched_setaffinity");
	if (cpu_first)
		fd = open_plain(type, PM_RUN_INST, -1, 0, pinned);
	pid = fork_ebb_child(type, to, from);
	if (pid < 0)
		return fail("fork");
	if (!cpu_first) {
		/* The child's EBB event first, then the CPU's. */
		tell(to[1], 'g');
		if (hear(from[0]) != 'r')
			return fail("the EBB child's event is not on the PMU");
		fd = open_plain(type, PM_RUN_INST, -1, 0, pinned);
		tell(to[1], 'g');
		rc = exit_status(pid);
	} else {
		rc = run_ebb_child(pid, to, from);
	}
	if (fd < 0)
		return fail("the CPU-wide event does not open");
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (!read_times(fd, &r))
		return fail("the CPU-wide event does not read");
	close(fd);
	report(name, "CPU-wide event", rc, &r);
	if (pinned) {
		/* The pinned CPU event holds the PMU: the EBB group errs. */
		if (rc != 2)
			return fail("the EBB event went on beside a pinned CPU event");
		if (!r.value || r.enabled != r.running)
			return fail("the pinned CPU event did not count throughout");
		return 0;
	}
	if (rc)
		return fail("the EBB child did not take its branches");
	if (r.running >= r.enabled)
		return fail("the CPU-wide event ran beside the EBB event");
	return 0;
}

/* cpu_event_vs_ebb: a flexible CPU event first; the EBB event wins. */
static int pat_cpu_first(int type)
{
	return cpu_vs_ebb(type, "cpu-first", 0, 1);
}

/* cpu_event_pinned_vs_ebb: a pinned CPU event first; it keeps the PMU. */
static int pat_cpu_pinned(int type)
{
	return cpu_vs_ebb(type, "cpu-pinned", 1, 1);
}

/* ebb_vs_cpu_event: the EBB event first; the CPU event runs around it. */
static int pat_ebb_first(int type)
{
	return cpu_vs_ebb(type, "ebb-first", 0, 0);
}

/* A per-task PM_RUN_INST_CMPL on the EBB child, opened before its event. */
static int task_vs_ebb(int type, const char *name, int pinned)
{
	int to[2], from[2], fd, rc;
	struct reading r;
	pid_t pid;

	pid = fork_ebb_child(type, to, from);
	if (pid < 0)
		return fail("fork");
	fd = open_plain(type, PM_RUN_INST, pid, -1, pinned);
	rc = run_ebb_child(pid, to, from);
	if (fd < 0)
		return fail("the task event does not open");
	if (!read_times(fd, &r))
		return fail("the task event does not read");
	close(fd);
	report(name, "task event", rc, &r);
	if (pinned) {
		if (rc != 2)
			return fail("the EBB event went on beside a pinned task event");
		if (!r.value || !r.enabled || !r.running)
			return fail("the pinned task event did not count");
		return 0;
	}
	if (rc)
		return fail("the EBB child did not take its branches");
	if (r.running >= r.enabled)
		return fail("the task event ran beside the EBB event");
	return 0;
}

/* task_event_vs_ebb: a flexible task event first; the EBB event wins. */
static int pat_task_first(int type)
{
	return task_vs_ebb(type, "task-first", 0);
}

/* task_event_pinned_vs_ebb: a pinned task event first; it keeps the PMU. */
static int pat_task_pinned(int type)
{
	return task_vs_ebb(type, "task-pinned", 1);
}

/* MMCR0 outside the handler: FC alone (no alert pending) is wrong. */
static int fc_alone(void)
{
	return (MFSPR(SPRN_UMMCR0) & (MMCR0_FC | MMCR0_PMAO)) == MMCR0_FC;
}

/*
 * multi_counter: six EBB events in one group, PMC1-6, all armed. PMC1-4
 * and PMC6 count cycles (the only event QEMU counts on each); PMC5 counts
 * instructions and is armed to go negative only after 2^31 of them (QEMU
 * loses an instruction counter's branch). Each branch re-arms them all.
 */
static int pat_multi(int type)
{
	static const unsigned long code[6] = {
		0x1001e, 0x2001e, 0x3001e, 0x4001e, 0x500fa, 0x600f4
	};
	int fd[6], i, bad = 0;
	unsigned long n, chunks;

	for (i = 0; i < 6; i++) {
		fd[i] = open_ebb(type, code[i] | EBB_FLAG, 1, -1, 0,
				 i ? fd[0] : -1);
		if (fd[i] < 0)
			return fail("an EBB event of the six does not open");
	}
	arm_mask = 0x3f;
	period[4] = 0x80000000UL;
	for (i = 1; i <= 6; i++)
		write_pmc(i, pmc_start(i));
	branches_on();
	MTSPR(SPRN_UMMCR0, (MFSPR(SPRN_UMMCR0) & ~(MMCR0_PMAO | MMCR0_FC)) |
	      MMCR0_PMAE);
	for (chunks = 0; chunks < 40; chunks++) {
		loop(LOOP / 40);
		bad += fc_alone();
	}
	branches_off();
	n = taken();
	for (i = 0; i < 6; i++)
		close(fd[i]);
	printf("ebb: multi: branches: %lu for %lu cycles\n", n, 2 * LOOP);
	printf("ebb: multi: MMCR0 with FC alone outside the handler: %d times\n",
	       bad);
	for (i = 0; i < 6; i++)
		printf("ebb: multi: PMC%d counted %lu past its starts\n", i + 1,
		       counted[i]);
	if (!near_periods(n, LOOP))
		return fail("branches not within 25% of the loop's periods");
	if (bad)
		return fail("FC set outside the handler with no alert");
	for (i = 0; i < 6; i++) {
		/* The cycle counters, each branch within 10% of its period. */
		if (i != 4 && (counted[i] < n * PERIOD * 9 / 10 ||
			       counted[i] > n * PERIOD * 11 / 10))
			return fail("a cycle counter's count is not the branches' periods");
	}
	if (!counted[4])
		return fail("PMC5 counted no instructions");
	return 0;
}

/*
 * back_to_back_ebbs: a period short enough that the counter goes negative
 * again as soon as the handler has re-armed it and returned, and the next
 * branch comes at once; after 50 the handler leaves the counters frozen,
 * and no branch comes after that. The kernel's test takes a period of 5,
 * shorter than the handler, so that the counter goes negative inside it
 * (BESCR[GE] clear) and the branch comes with rfebb: QEMU then raises a
 * performance monitor interrupt and no branch (one branch, then none;
 * "ebb TYPE b2b 5" shows it). 50 cycles is just longer than the handler
 * after its MMCR0 write.
 */
#define B2B_EBBS	50
#define B2B_PERIOD	50

static unsigned long b2b_hook(void)
{
	return taken() >= B2B_EBBS ? MMCR0_PMAO : MMCR0_PMAO | MMCR0_FC;
}

static unsigned long argc_period;

static int pat_b2b(int type)
{
	int fd = open_ebb_on(type, PM_CYC, 0);
	unsigned long chunks, n, after;

	if (fd < 0)
		return fail("the EBB event does not open");
	period[0] = argc_period ? argc_period : B2B_PERIOD;
	hook = b2b_hook;
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) | MMCR0_FC);
	MTSPR(SPRN_UPMC1, pmc_start(1));
	branches_on();
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) & ~MMCR0_FC);
	for (chunks = 0; taken() < B2B_EBBS && chunks < 1000; chunks++)
		loop(1000);
	n = taken();
	loop(LOOP / 10);
	after = taken();
	branches_off();
	close(fd);
	printf("ebb: b2b: %lu branches after %lu loops of 1000; %lu after the freeze\n",
	       n, chunks, after - n);
	printf("ebb: b2b: PMC1 counted %lu, %lu found below their start\n",
	       counted[0], negative);
	if (n != B2B_EBBS)
		return fail("the branches did not come back to back");
	if (after != n)
		return fail("a branch came with the counters left frozen");
	if (negative || counted[0] < n * period[0])
		return fail("a branch came before its period");
	return 0;
}

/*
 * pmae_handling: the handler makes a system call that switches to
 * another task (one busy beside it on the same CPU): MMCR0 is the same
 * before and after the switch, with the handler's PMAE clear. A software
 * event counts the switches, to know the yield switched.
 */
static unsigned long mmcr0_before, mmcr0_after, mismatches, switched;
static int switches_fd = -1;

static unsigned long switches(void)
{
	unsigned long v;

	if (read(switches_fd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

static unsigned long yield_hook(void)
{
	unsigned long before = MFSPR(SPRN_UMMCR0), after, sw = switches();

	sched_yield();
	after = MFSPR(SPRN_UMMCR0);
	if (switches() != sw)
		switched++;
	if (before != after) {
		mismatches++;
		mmcr0_before = before;
		mmcr0_after = after;
	}
	return MMCR0_PMAO | MMCR0_FC;
}

static pid_t eat_cpu(void)
{
	pid_t pid = fork();

	if (!pid)
		for (;;)
			loop(1000000);
	return pid;
}

static int pat_pmae(int type)
{
	int fd = open_ebb_on(type, PM_CYC, 0);
	struct perf_event_attr a;
	unsigned long n;
	pid_t eater;

	if (fd < 0)
		return fail("the EBB event does not open");
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_SOFTWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
	switches_fd = syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (switches_fd < 0)
		return fail("the context switch event does not open");
	eater = eat_cpu();
	hook = yield_hook;
	MTSPR(SPRN_UPMC1, pmc_start(1));
	branches_on();
	loop(LOOP / 2);
	branches_off();
	kill(eater, SIGKILL);
	waitpid(eater, NULL, 0);
	n = taken();
	close(fd);
	printf("ebb: pmae: %lu branches, %lu of whose yields switched tasks\n",
	       n, switched);
	printf("ebb: pmae: MMCR0 changed across the yield %lu times (0x%lx, then 0x%lx)\n",
	       mismatches, mmcr0_before, mmcr0_after);
	if (!near_periods(n, LOOP / 2))
		return fail("branches not within 25% of the loop's periods");
	if (!switched)
		return fail("no yield in the handler switched tasks");
	return mismatches ? fail("MMCR0 changed across a switch in the handler") : 0;
}

/*
 * pmc56_overflow: an EBB event on PMC2; the handler reads PMC5 and PMC6,
 * which no event holds, and zeroes them: neither reaches 2^31 (PMC5 and
 * PMC6 alert with PMCjCE, which PMC2's event sets).
 */
static unsigned long pmc56_negative, pmc56_max;

static unsigned long pmc56_hook(void)
{
	int pmc;

	for (pmc = 5; pmc <= 6; pmc++) {
		unsigned long v = read_pmc(pmc);

		if (v & 0x80000000UL)
			pmc56_negative++;
		if (v > pmc56_max)
			pmc56_max = v;
		write_pmc(pmc, 0);
	}
	return MMCR0_PMAO | MMCR0_FC;
}

static int pat_pmc56(int type)
{
	int fd = open_ebb_on(type, 0x2001e, 0);
	unsigned long n;

	if (fd < 0)
		return fail("the EBB event on PMC2 does not open");
	arm_mask = 2;
	hook = pmc56_hook;
	MTSPR(SPRN_UPMC2, pmc_start(2));
	MTSPR(SPRN_UPMC5, 0);
	MTSPR(SPRN_UPMC6, 0);
	branches_on();
	loop(LOOP / 2);
	branches_off();
	n = taken();
	close(fd);
	printf("ebb: pmc56: %lu branches from PMC2; PMC5/6 negative %lu times, at most %lu\n",
	       n, pmc56_negative, pmc56_max);
	if (!near_periods(n, LOOP / 2))
		return fail("PMC2's branches not within 25% of the loop's periods");
	return pmc56_negative ? fail("PMC5 or PMC6 went negative") : 0;
}

/*
 * EBB events on PMC6 (PM_RUN_CYC) and PMC5 (PM_RUN_INST_CMPL), which the
 * built-in PMU takes: PMC6's overflows are branches. (PMC5 counts
 * instructions, whose branch QEMU loses: it only counts here.)
 */
static int pat_pmc6(int type)
{
	int fd = open_ebb_on(type, 0x600f4, 0), fd5;
	unsigned long n, v5;

	if (fd < 0)
		return fail("the EBB event on PMC6 does not open");
	arm_mask = 0x20;
	MTSPR(SPRN_UPMC6, pmc_start(6));
	branches_on();
	loop(LOOP / 2);
	branches_off();
	n = taken();
	close(fd);
	fd5 = open_ebb_on(type, 0x500fa, 0);
	if (fd5 < 0)
		return fail("the EBB event on PMC5 does not open");
	MTSPR(SPRN_UPMC5, 0);
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) & ~MMCR0_FC);
	loop(1000000);
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) | MMCR0_FC);
	v5 = MFSPR(SPRN_UPMC5);
	close(fd5);
	printf("ebb: pmc6: %lu branches from PMC6, which counted %lu past its starts\n",
	       n, counted[5]);
	printf("ebb: pmc6: PMC5 counted %lu instructions in a loop of 2000000\n",
	       v5);
	if (!near_periods(n, LOOP / 2))
		return fail("PMC6's branches not within 25% of the loop's periods");
	if (v5 < 2000000)
		return fail("PMC5 did not count the loop");
	return 0;
}

/*
 * instruction_count: PM_RUN_INST_CMPL on PMC4, unfrozen around a loop of
 * known length and read by the program: the count is the loop's
 * instructions plus the null loop's overhead, within 0.0001%.
 */
static unsigned long count_loop(unsigned long iterations)
{
	unsigned long v;

	MTSPR(SPRN_UPMC4, 0);
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) & ~MMCR0_FC);
	loop(iterations);
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) | MMCR0_FC);
	v = MFSPR(SPRN_UPMC4);
	return v;
}

static int pat_insn(int type)
{
	static const unsigned long sizes[] = { 100000, 1000000, 10000000, 50000000 };
	int fd = open_ebb_on(type, PM_RUN_INST, 0), i, r;
	unsigned long overhead = ~0UL, v, lo, hi, expect;

	if (fd < 0)
		return fail("the EBB event on PMC4 does not open");
	MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) | MMCR0_FC);
	/* loop(1): the instructions outside the loop body. */
	for (i = 0; i < 100; i++) {
		v = count_loop(1);
		if (v < overhead)
			overhead = v;
	}
	printf("ebb: insn: the null loop counts %lu\n", overhead);
	for (i = 0; i < 4; i++) {
		lo = ~0UL;
		hi = 0;
		for (r = 0; r < 5; r++) {
			v = count_loop(sizes[i]);
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		/* Two instructions an iteration, the first already counted. */
		expect = 2 * (sizes[i] - 1) + overhead;
		printf("ebb: insn: %lu iterations: %lu expected, 5 runs +%lu to +%lu\n",
		       sizes[i], expect, lo - expect, hi - expect);
		if (lo < expect)
			return fail("instructions of the loop not counted");
		/* Within 0.0001% when no interrupt lands in the loop. */
		if (sizes[i] <= 1000000 && (lo - expect) * 1000000 > expect)
			return fail("no run of the loop counted within 0.0001%");
		/* Interrupts' kernel instructions, which QEMU counts. */
		if ((lo - expect) * 1000 > expect)
			return fail("the count is not within 0.1% of the loop");
	}
	close(fd);
	return 0;
}

/*
 * lost_exception: a short period on PMC4 while the program keeps
 * entering the kernel and yielding to a task busy beside it: a branch
 * pending at a switch must come when the task is back, or the program
 * waits for ever. Cycles (QEMU loses an instruction counter's branch);
 * the counts must match the branches taken.
 */
#define LOST_EBBS	2000
#define LOST_PERIOD	4000

static int pat_lost(int type)
{
	int fd = open_ebb_on(type, 0x4001e, 0), i;
	unsigned long rounds, n;
	pid_t eater;

	if (fd < 0)
		return fail("the EBB event on PMC4 does not open");
	arm_mask = 8;
	period[3] = LOST_PERIOD;
	eater = eat_cpu();
	MTSPR(SPRN_UPMC4, pmc_start(4));
	branches_on();
	for (rounds = 0; taken() < LOST_EBBS && rounds < 20000; rounds++)
		for (i = 0; i < 10; i++)
			sched_yield();
	branches_off();
	kill(eater, SIGKILL);
	waitpid(eater, NULL, 0);
	n = taken();
	close(fd);
	printf("ebb: lost: %lu branches in %lu rounds of 10 yields\n", n, rounds);
	printf("ebb: lost: PMC4 counted %lu past its starts (%lu periods)\n",
	       counted[3], n * LOST_PERIOD);
	if (n < LOST_EBBS)
		return fail("branches lost across the switches");
	if (counted[3] < n * LOST_PERIOD || counted[3] > n * LOST_PERIOD * 2)
		return fail("PMC4's count is not the branches' periods");
	return 0;
}

/*
 * cycles_with_freeze: the program freezes its counters (MMCR0[FC])
 * between runs of a loop; FC stays set as it left it (no switch clears
 * it), and a branch that comes while frozen leaves it set.
 */
static int frozen;
static unsigned long while_frozen;

static unsigned long freeze_hook(void)
{
	if (frozen) {
		while_frozen++;
		return MMCR0_PMAO;
	}
	return MMCR0_PMAO | MMCR0_FC;
}

static int pat_freeze(int type)
{
	int fd = open_ebb_on(type, PM_CYC, 0), to[2], from[2];
	unsigned long lost_fc = 0, i, n;
	pid_t pid;

	if (fd < 0)
		return fail("the EBB event does not open");
	if (pipe(to) || pipe(from))
		return fail("pipe");
	pid = busy_child(to);
	hook = freeze_hook;
	MTSPR(SPRN_UPMC1, pmc_start(1));
	branches_on();
	for (i = 0; i < 200; i++) {
		frozen = 0;
		MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) & ~MMCR0_FC);
		loop(LOOP / 200);
		frozen = 1;
		MTSPR(SPRN_UMMCR0, MFSPR(SPRN_UMMCR0) | MMCR0_FC);
		loop(LOOP / 1000);
		if (!(MFSPR(SPRN_UMMCR0) & MMCR0_FC))
			lost_fc++;
	}
	branches_off();
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	n = taken();
	close(fd);
	printf("ebb: freeze: %lu branches, %lu while frozen\n", n, while_frozen);
	printf("ebb: freeze: FC found clear after the program set it: %lu of 200\n",
	       lost_fc);
	if (!near_periods(n, LOOP))
		return fail("branches not within 25% of the loop's periods");
	return lost_fc ? fail("FC cleared behind the program") : 0;
}

/*
 * cycles_with_mmcr2: the program writes MMCR2's problem-state freeze bits
 * (FCnP) with PMCC 10, alternating two values while a busy task switches
 * in and out; what it reads back has its FCnP bits.
 */
#define MMCR2_FCP_ALL	0x4020100804020000UL	/* FC1P-FC6P */
#define MMCR2_FCP_2_6	0x0020100804020000UL	/* FC2P-FC6P */

static int pat_mmcr2(int type)
{
	static const unsigned long value[2] = { MMCR2_FCP_ALL, MMCR2_FCP_2_6 };
	int fd = open_ebb_on(type, PM_CYC, 0), to[2];
	unsigned long i, v, bad = 0, other = 0, seen = 0;
	pid_t pid;

	if (fd < 0)
		return fail("the EBB event does not open");
	if (pipe(to))
		return fail("pipe");
	pid = busy_child(to);
	MTSPR(SPRN_UPMC1, pmc_start(1));
	branches_on();
	for (i = 0; i < 400; i++) {
		MTSPR(SPRN_UMMCR2, value[i % 2]);
		loop(LOOP / 400);
		v = MFSPR(SPRN_UMMCR2);
		if ((v & MMCR2_FCP_ALL) != value[i % 2]) {
			bad++;
			seen = v;
		}
		if (v & ~MMCR2_FCP_ALL)
			other++;
	}
	branches_off();
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(fd);
	printf("ebb: mmcr2: %lu branches\n", taken());
	printf("ebb: mmcr2: FCnP read back changed %lu of 400 times (0x%lx)\n",
	       bad, seen);
	printf("ebb: mmcr2: other bits read back set %lu times\n", other);
	if (!taken())
		return fail("no branch");
	return bad ? fail("the task's MMCR2 FCnP bits were not kept") : 0;
}

/*
 * multi_ebb_procs: three processes on one CPU, each with its own EBB
 * event on PMC1, switched between one another: each takes its own
 * branches, and never finds FC alone outside its handler.
 */
#define PROCS	3

static int pat_procs(int type)
{
	pid_t pid[PROCS];
	int i, rc = 0, st, fds[2];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || pipe(fds))
		return fail("sched_setaffinity or pipe");
	for (i = 0; i < PROCS; i++) {
		pid[i] = fork();
		if (!pid[i]) {
			int fd = open_ebb_on(type, PM_CYC, 0), bad = 0, c;
			unsigned long n;

			if (fd < 0)
				_exit(2);
			MTSPR(SPRN_UPMC1, pmc_start(1));
			branches_on();
			for (c = 0; c < 40; c++) {
				loop(LOOP / 40);
				bad += fc_alone();
			}
			branches_off();
			n = taken();
			printf("ebb: procs: process %d: %lu branches, FC alone %d times\n",
			       i, n, bad);
			fflush(stdout);
			close(fd);
			_exit(bad ? 3 : near_periods(n, LOOP) ? 0 : 4);
		}
	}
	for (i = 0; i < PROCS; i++) {
		st = exit_status(pid[i]);
		if (st)
			rc = st;
	}
	printf("ebb: procs: worst exit status %d\n", rc);
	switch (rc) {
	case 0:
		return 0;
	case 2:
		return fail("an EBB event does not open");
	case 3:
		return fail("FC set outside the handler with no alert");
	default:
		return fail("branches not within 25% of a process's periods");
	}
}

/*
 * no_handler: an EBB event with no handler (EBBHR 0) and the branches
 * off: the overflow freezes the counters and leaves the alert to the
 * program, which never branches to address 0.
 */
static int pat_nohandler(int type)
{
	int fd = open_ebb_on(type, PM_CYC, 0);
	unsigned long hr = MFSPR(SPRN_EBBHR), mmcr0;

	if (fd < 0)
		return fail("the EBB event does not open");
	MTSPR(SPRN_UPMC1, 0x80000000UL - 1000);
	loop(100000);
	mmcr0 = MFSPR(SPRN_UMMCR0);
	close(fd);
	printf("ebb: nohandler: EBBHR 0x%lx; MMCR0 after the overflow 0x%lx\n",
	       hr, mmcr0);
	if (hr)
		return fail("a new process has an EBB handler");
	/* FC set, PMAE cleared; the processor sets PMAO, QEMU clears it. */
	if ((mmcr0 & ~MMCR0_PMAO) != MMCR0_FC)
		return fail("the overflow did not leave the counters frozen");
	return 0;
}

static const struct {
	const char *name;
	int (*run)(int type);
} patterns[] = {
	{ "fork", pat_fork },
	{ "child", pat_child },
	{ "willing", pat_willing },
	{ "cpu-first", pat_cpu_first },
	{ "cpu-pinned", pat_cpu_pinned },
	{ "ebb-first", pat_ebb_first },
	{ "task-first", pat_task_first },
	{ "task-pinned", pat_task_pinned },
	{ "multi", pat_multi },
	{ "b2b", pat_b2b },
	{ "pmae", pat_pmae },
	{ "pmc56", pat_pmc56 },
	{ "pmc6", pat_pmc6 },
	{ "insn", pat_insn },
	{ "lost", pat_lost },
	{ "freeze", pat_freeze },
	{ "mmcr2", pat_mmcr2 },
	{ "procs", pat_procs },
	{ "nohandler", pat_nohandler },
};

static int run_pattern(int type, const char *name)
{
	unsigned int i;

	signal(SIGILL, on_sigill);
	for (i = 0; i < ARRAY_SIZE(patterns); i++) {
		if (strcmp(name, patterns[i].name))
			continue;
		if (patterns[i].run(type))
			return 1;
		printf("ebb: %s: ok\n", name);
		return 0;
	}
	return fail("no such pattern");
}

int main(int argc, char **argv)
{
	int type = argc > 1 ? atoi(argv[1]) : -1, fd, pipefd[2];
	unsigned long cycles, expect, refused = 0, n, pmao;
	pid_t child;

	if (argc > 3)
		argc_period = strtoul(argv[3], NULL, 0);
	if (argc > 2 && type >= 0 && (argv[2][0] < '0' || argv[2][0] > '9'))
		return run_pattern(type, argv[2]);
	if (argc > 2) {
		uid_t uid = atoi(argv[2]);

		if (setgroups(0, NULL) || setgid(uid) || setuid(uid))
			return fail("setuid");
	}
	if (type < 0 || refusals(type) || first_use(type))
		return 1;
	signal(SIGILL, on_sigill);
	if (!pmc_write_refused())
		return fail("problem state writes PMC1 with no EBB event");
	cycles = loop_cycles(type);
	expect = cycles / PERIOD;
	if (expect < 10)
		return fail("the loop is too short to compare");

	fd = open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 0, -1);
	if (fd < 0)
		return fail("the EBB event does not open");
	if (pmc_write_refused())
		return fail("PMC1 is not the task's to write");
	MTSPR(SPRN_EBBHR, ebb_entry_address());
	MTSPR(SPRN_UPMC1, 0x80000000U - PERIOD);
	MTSPR(SPRN_UMMCR0, (MFSPR(SPRN_UMMCR0) & ~(MMCR0_PMAO | MMCR0_FC)) |
	      MMCR0_PMAE);
	MTSPR(SPRN_BESCR, BESCR_PME | BESCR_GE);

	if (pipe(pipefd))
		return fail("pipe");
	child = busy_child(pipefd);
	loop(LOOP);
	MTSPR(SPRN_BESCR, 0);
	if (read(pipefd[0], &refused, sizeof(refused)) != sizeof(refused))
		return fail("the child did not report");
	waitpid(child, NULL, 0);
	n = __atomic_load_n(&branches, __ATOMIC_RELAXED);
	pmao = __atomic_load_n(&pmao_seen, __ATOMIC_RELAXED);
	printf("ebb: branches: %lu; the loop alone counts %lu cycles: %lu periods of %u\n",
	       n, cycles, expect, PERIOD);
	/* Under QEMU the interrupt beside each branch clears PMAO first. */
	printf("ebb: branches that found PMAO set: %lu\n", pmao);
	printf("ebb: the other task's PMC1 writes refused: %lu of 2000\n", refused);
	close(fd);
	if (!pmc_write_refused())
		return fail("problem state writes PMC1 after the EBB event closed");
	if (n * 4 < expect * 3 || n * 4 > expect * 5 + 8)
		return fail("branches not within 25% of the loop's periods");
	if (refused != 2000)
		return fail("the other task wrote PMC1");
	printf("ebb: ok\n");
	return 0;
}
