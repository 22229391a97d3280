// SPDX-License-Identifier: GPL-2.0-only
/*
 * The workload of the x86_64 guest, where the T4 and Itanium models count
 * by run time: spins in hot() for the given number of million iterations
 * (default 500, about a second under TCG) and exits, with hardly a system
 * call; given a file, writes its CPU time (ns) there at the end. Static,
 * with its symbols, so that perf report can name hot().
 * Build: gcc -O1 -static -o spin spin-x86.c (at -O1 gcc inlines no
 * function of external linkage, so hot() stays a function of its own).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

unsigned long spin_sink;

void hot(unsigned long n)
{
	unsigned long i, a = 0;

	for (i = 0; i < n; i++) {
		a += i ^ (a >> 3);
		/* The loop's value stays in a register the compiler cannot see through. */
		__asm__ __volatile__("" : "+r" (a));
	}
	spin_sink = a;
}

int main(int argc, char **argv)
{
	unsigned long m = argc > 1 ? strtoul(argv[1], NULL, 0) : 500;

	struct timespec ts;
	FILE *f;

	hot(m * 1000000UL);
	if (argc > 2 && !clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)) {
		f = fopen(argv[2], "w");
		if (!f)
			return 1;
		fprintf(f, "%llu\n", (unsigned long long)ts.tv_sec * 1000000000ULL +
			ts.tv_nsec);
		fclose(f);
	}
	return 0;
}
