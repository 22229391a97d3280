// SPDX-License-Identifier: GPL-2.0-only
/*
 * The workload of the x86_64 guest, where the T4 and Itanium models count
 * by run time: spins in hot() for the given number of million iterations
 * (default 500, about a second under TCG) and exits, with hardly a system
 * call. Static, with its symbols, so that perf report can name hot().
 * Build: gcc -O1 -static -o spin spin-x86.c
 */
#include <stdlib.h>

volatile unsigned long spin_sink;

__attribute__((noinline)) void hot(unsigned long n)
{
	unsigned long i, a = 0;

	for (i = 0; i < n; i++)
		a += i ^ (a >> 3);
	spin_sink = a;
}

int main(int argc, char **argv)
{
	unsigned long m = argc > 1 ? strtoul(argv[1], NULL, 0) : 500;

	hot(m * 1000000UL);
	return 0;
}
