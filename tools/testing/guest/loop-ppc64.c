// SPDX-License-Identifier: GPL-2.0-only
/*
 * A workload with a known instruction count for the POWER9 guest: no libc,
 * 10,000,000 iterations of a four-instruction loop (40,000,000 user
 * instructions, plus a handful to start and exit).
 * Build: powerpc64le-linux-gnu-gcc -O2 -static -nostdlib -o loop loop-ppc64.c
 * (-DLOOP_ITERATIONS=N for another length: longloop has 20 times as many).
 */
#ifndef LOOP_ITERATIONS
#define LOOP_ITERATIONS	10000000UL
#endif

void _start(void)
{
	unsigned long n = LOOP_ITERATIONS;

	asm volatile("mtctr %0\n"
		     "1:	addi 3,3,1\n"
		     "	addi 4,4,1\n"
		     "	addi 5,5,1\n"
		     "	bdnz 1b\n"
		     : : "r" (n) : "ctr", "r3", "r4", "r5");
	/* exit(0): system call 1. */
	asm volatile("li 0,1\n"
		     "li 3,0\n"
		     "sc\n" : : : "r0", "r3", "memory");
	for (;;)
		;
}
