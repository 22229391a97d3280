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
 *
 * Prints one "ebb: name: value" line per figure and "ebb: ok" at the end;
 * exits 1 at the first thing that goes wrong.
 * Build: powerpc64le-linux-gnu-gcc -O2 -Wall -static -o ebb ebb-ppc64.c
 */
#include <errno.h>
#include <grp.h>
#include <linux/perf_event.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * Problem-state SPR numbers (PMCC 10), and the EBB registers. BESCR is
 * written whole: QEMU keeps BESCRS and BESCRR (set and reset) as
 * registers of their own, which the processor does not.
 */
#define SPRN_UPMC1	771
#define SPRN_UMMCR0	779
#define SPRN_EBBHR	804
#define SPRN_BESCR	806

#define BIT_ULL(n)	(1ULL << (n))

#define BESCR_GE	BIT_ULL(63)
#define BESCR_PME	BIT_ULL(32)
#define BESCR_PMEO	BIT_ULL(0)

#define MMCR0_FC	BIT_ULL(31)
#define MMCR0_PMAE	BIT_ULL(26)
#define MMCR0_PMAO	BIT_ULL(7)

#define EBB_FLAG	BIT_ULL(63)
#define PM_CYC		0x1001eULL	/* PMC1 */
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

/* Called from ebb_entry with every volatile register saved. */
void ebb_handler(void)
{
	if (MFSPR(SPRN_UMMCR0) & MMCR0_PMAO)
		__atomic_fetch_add(&pmao_seen, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&branches, 1, __ATOMIC_RELAXED);
	MTSPR(SPRN_UPMC1, 0x80000000U - PERIOD);
	MTSPR(SPRN_UMMCR0, (MFSPR(SPRN_UMMCR0) & ~(MMCR0_PMAO | MMCR0_FC)) |
	      MMCR0_PMAE);
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
	lead = open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 0, -1);
	if (lead < 0)
		return fail("an EBB event does not open");
	fd = open_ebb(type, 0x2001eULL, 1, -1, 0, lead);
	if (fd >= 0 || errno != EINVAL)
		return fail("a plain event joins an EBB group");
	fd = open_ebb(type, 0x2001eULL | EBB_FLAG, 1, -1, 0, lead);
	if (fd < 0)
		return fail("an EBB event does not join an EBB group");
	close(fd);
	close(lead);
	lead = open_ebb(type, 0x2001eULL, 1, -1, 0, -1);
	fd = open_ebb(type, PM_CYC | EBB_FLAG, 1, -1, 0, lead);
	if (lead < 0 || fd >= 0 || errno != EINVAL)
		return fail("an EBB event joins a plain group");
	close(lead);
	printf("ebb: refused as the built-in PMU refuses them: 5 of 5\n");
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

int main(int argc, char **argv)
{
	int type = argc > 1 ? atoi(argv[1]) : -1, fd, pipefd[2];
	unsigned long cycles, expect, refused = 0, n, pmao;
	pid_t child;

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
