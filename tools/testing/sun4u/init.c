// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sun4u boot check's init: load sparc_t4_pmu.ko, which must refuse an
 * UltraSPARC, print what finit_module() returned, and power off. Built
 * static and without a C library (Debian ships no static sparc64 libc).
 */
#define NR_EXIT		1
#define NR_WRITE	4
#define NR_OPEN		5
#define NR_REBOOT	55
#define NR_FINIT_MODULE	342

/* A sparc64 system call: trap 0x6d; carry set means -%o0 is the errno. */
static long sc(long n, long a, long b, long c, long d)
{
	register long g1 asm("g1") = n;
	register long o0 asm("o0") = a;
	register long o1 asm("o1") = b;
	register long o2 asm("o2") = c;
	register long o3 asm("o3") = d;

	asm volatile("ta 0x6d\n\t"
		     "bcs,a,pn %%xcc, 1f\n\t"
		     " sub %%g0, %%o0, %%o0\n"
		     "1:"
		     : "+r" (o0), "+r" (o1), "+r" (o2), "+r" (o3)
		     : "r" (g1)
		     : "memory", "cc", "o4", "o5", "g2", "g3", "g4", "g5");
	return o0;
}

static unsigned long len(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

static void say(const char *s)
{
	sc(NR_WRITE, 1, (long)s, len(s), 0);
}

static void num(long v)
{
	char buf[24];
	int i = 23;

	buf[i] = 0;
	if (v < 0) {
		say("-");
		v = -v;
	}
	do {
		buf[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	say(buf + i);
}

static long load(const char *path)
{
	long fd = sc(NR_OPEN, (long)path, 0, 0, 0);

	if (fd < 0)
		return fd;
	return sc(NR_FINIT_MODULE, fd, (long)"", 0, 0);
}

void _start(void)
{
	long r;

	say("T4BOOT: init\n");
	r = load("/sparc_t4_pmu.ko");
	say("T4BOOT: finit_module(sparc_t4_pmu.ko) = ");
	num(r);
	say("\n");
	sc(NR_REBOOT, 0xfee1dead, 672274793, 0x4321fedc, 0);
	for (;;)
		sc(NR_EXIT, 0, 0, 0, 0);
}
