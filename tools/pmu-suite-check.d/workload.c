// SPDX-License-Identifier: GPL-2.0-only
/*
 * The calibrated workload of tools/pmu-suite-check: pmu_suite_loop() runs
 * a loop of a known, exact number of user instructions per iteration
 * (LOOP_INSNS below), ITERATIONS times (default 10,000,000).
 *
 *   workload [ITERATIONS]    prints nothing; exit status 0
 *   workload --insns         prints LOOP_INSNS, the loop's instructions
 *                            per iteration on this architecture
 *
 * The instructions around the loop (the C library's start-up, main(), the
 * call) are the same for every ITERATIONS: the difference between the
 * user-mode counts of two lengths is LOOP_INSNS times the difference of
 * the lengths, exactly, on a processor that counts exactly.
 *
 * Build: cc -O2 -o pmu-suite-loop workload.c (-static too, where the C
 * library has a static version: the guests of tools/testing have none).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__PPC64__)
/* addi, addi, addi, bdnz: the POWER9 guest's loop (tools/testing/guest/loop-ppc64.c). */
#define LOOP_INSNS	4
#elif defined(__sparc__) && defined(__arch64__)
/* add, subcc, bne, and the add in its delay slot (not annulled). */
#define LOOP_INSNS	4
#elif defined(__ia64__)
/* One bundle: add, nop.i, br.cloop (IA64_INST_RETIRED counts nops too). */
#define LOOP_INSNS	3
#elif defined(__x86_64__)
/* add, add, dec, jnz: retired as four instructions. */
#define LOOP_INSNS	4
#else
#error "no calibrated loop for this architecture"
#endif

unsigned long pmu_suite_sink;

/* Called through a pointer, not inlined: perf report names the loop. */
void pmu_suite_loop(unsigned long n)
{
	unsigned long a = 0, b = 0;

	if (!n)
		return;
#if defined(__PPC64__)
	asm volatile("mtctr %2\n"
		     "1:	addi %0,%0,1\n"
		     "	addi %1,%1,1\n"
		     "	addi %0,%0,1\n"
		     "	bdnz 1b\n"
		     : "+r" (a), "+r" (b) : "r" (n) : "ctr");
#elif defined(__sparc__) && defined(__arch64__)
	asm volatile("1:	add %0, 1, %0\n"
		     "	subcc %2, 1, %2\n"
		     "	bne,pt %%xcc, 1b\n"
		     "	 add %1, 1, %1\n"
		     : "+r" (a), "+r" (b), "+r" (n) : : "cc");
#elif defined(__ia64__)
	{
		unsigned long lc;

		asm volatile("mov %2 = ar.lc\n"
			     "	mov ar.lc = %3\n"
			     "	;;\n"
			     "1:\n"
			     "{ .mib\n"
			     "	add %0 = 1, %0\n"
			     "	nop.i 0\n"
			     "	br.cloop.sptk.few 1b ;;\n"
			     "}\n"
			     "	mov ar.lc = %2\n"
			     : "+r" (a), "+r" (b), "=&r" (lc) : "r" (n - 1));
	}
#elif defined(__x86_64__)
	asm volatile("1:	add $1, %0\n"
		     "	add $1, %1\n"
		     "	dec %2\n"
		     "	jnz 1b\n"
		     : "+r" (a), "+r" (b), "+r" (n) : : "cc");
#endif
	pmu_suite_sink = a + b;
}

/* Another file could change it: the compiler cannot inline the call. */
void (*pmu_suite_call)(unsigned long) = pmu_suite_loop;

int main(int argc, char **argv)
{
	unsigned long n = 10000000UL;

	if (argc > 1 && !strcmp(argv[1], "--insns")) {
		printf("%d\n", LOOP_INSNS);
		return 0;
	}
	if (argc > 1)
		n = strtoul(argv[1], NULL, 0);
	pmu_suite_call(n);
	return 0;
}
