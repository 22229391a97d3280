// SPDX-License-Identifier: GPL-2.0-only
/*
 * Benchmark workloads for the POWER9 guest, with no libc so that they run
 * the same instructions every time:
 *   bench switch N   two processes pass a byte back and forth over pipes
 *                    N times: 2N context switches
 *   bench pswitch N  the same, once the two processes are up and a byte
 *                    has been read from stdin: perf stat -p attaches to
 *                    the parent alone before the start, and its switches
 *                    are not between clones of one context
 *   bench spin N     N iterations of a four-instruction loop
 * Each prints the nanoseconds it took (CLOCK_MONOTONIC) on stdout, and
 * calls bench_mark() as it starts and ends the measured work (pswitch:
 * once the byte is read): harness profile counts the kernel's
 * instructions between those two calls.
 * Build: powerpc64le-linux-gnu-gcc -O2 -static -nostdlib -o bench bench-ppc64.c
 */
#define SYS_EXIT		1
#define SYS_FORK		2
#define SYS_READ		3
#define SYS_WRITE		4
#define SYS_PIPE		42
#define SYS_WAIT4		114
#define SYS_CLOCK_GETTIME	246
#define CLOCK_MONOTONIC		1

struct timespec64 {
	long tv_sec;
	long tv_nsec;
};

static long sys3(long nr, long a, long b, long c)
{
	register long r0 asm("r0") = nr;
	register long r3 asm("r3") = a;
	register long r4 asm("r4") = b;
	register long r5 asm("r5") = c;

	asm volatile("sc\n"
		     "bns+ 1f\n"
		     "neg %1,%1\n"
		     "1:"
		     : "+r" (r0), "+r" (r3), "+r" (r4), "+r" (r5)
		     :
		     : "r6", "r7", "r8", "r9", "r10", "r11", "r12", "cr0",
		       "ctr", "memory");
	return r3;
}

static void sys_exit(int code)
{
	sys3(SYS_EXIT, code, 0, 0);
	for (;;)
		;
}

static long now_ns(void)
{
	struct timespec64 ts;

	sys3(SYS_CLOCK_GETTIME, CLOCK_MONOTONIC, (long)&ts, 0);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static unsigned long parse(const char *s)
{
	unsigned long n = 0;

	while (*s >= '0' && *s <= '9')
		n = n * 10 + (unsigned long)(*s++ - '0');
	return n;
}

static void print_ulong(unsigned long v)
{
	char buf[24];
	int i = sizeof(buf);

	buf[--i] = '\n';
	do {
		buf[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	sys3(SYS_WRITE, 1, (long)&buf[i], sizeof(buf) - i);
}

static void spin(unsigned long n)
{
	asm volatile("mtctr %0\n"
		     "1:	addi 3,3,1\n"
		     "	addi 4,4,1\n"
		     "	addi 5,5,1\n"
		     "	bdnz 1b\n"
		     : : "r" (n) : "ctr", "r3", "r4", "r5");
}

/*
 * Where harness profile's QEMU plugin starts and stops counting: in asm,
 * so that no call of it is inlined away.
 */
void bench_mark(void);
asm(".globl bench_mark\n"
	"bench_mark:\n"
	"	blr\n");

/*
 * With @start: once both processes run, wait for a byte on stdin and set
 * *@start there.
 */
static int switches(unsigned long n, long *start)
{
	int ping[2], pong[2];
	unsigned long i;
	char c = 0;
	long pid;

	if (sys3(SYS_PIPE, (long)ping, 0, 0) || sys3(SYS_PIPE, (long)pong, 0, 0))
		return -1;
	pid = sys3(SYS_FORK, 0, 0, 0);
	if (pid < 0)
		return -1;
	if (start && pid) {
		if (sys3(SYS_READ, 0, (long)&c, 1) != 1)
			return -1;
		*start = now_ns();
		bench_mark();
	}
	for (i = 0; i < n; i++) {
		if (pid == 0) {
			if (sys3(SYS_READ, ping[0], (long)&c, 1) != 1 ||
			    sys3(SYS_WRITE, pong[1], (long)&c, 1) != 1)
				sys_exit(1);
		} else {
			if (sys3(SYS_WRITE, ping[1], (long)&c, 1) != 1 ||
			    sys3(SYS_READ, pong[0], (long)&c, 1) != 1)
				return -1;
		}
	}
	if (pid == 0)
		sys_exit(0);
	return sys3(SYS_WAIT4, pid, 0, 0) == pid ? 0 : -1;
}

/* Called from _start below, so not static. */
void bench_main(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	unsigned long n;
	long start;
	int ret = 0;

	if (argc != 3)
		sys_exit(2);
	n = parse(argv[2]);
	start = now_ns();
	/* pswitch marks its start once perf stat -p is attached. */
	if (argv[1][0] != 'p')
		bench_mark();
	if (argv[1][0] == 's' && argv[1][1] == 'w')
		ret = switches(n, 0);
	else if (argv[1][0] == 'p')
		ret = switches(n, &start);
	else if (argv[1][0] == 's' && argv[1][1] == 'p')
		spin(n);
	else
		sys_exit(2);
	bench_mark();
	if (ret)
		sys_exit(1);
	print_ulong((unsigned long)(now_ns() - start));
	sys_exit(0);
}

/* The ELF entry: r1 points at argc, argv[], envp[]; give C a frame. */
asm(".globl _start\n"
	"_start:\n"
	"	addis 2,12,.TOC.-_start@ha\n"
	"	addi 2,2,.TOC.-_start@l\n"
	"	mr 3,1\n"
	"	clrrdi 1,1,4\n"
	"	li 0,0\n"
	"	stdu 0,-128(1)\n"
	"	bl bench_main\n"
	"	nop\n");
