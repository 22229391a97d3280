// SPDX-License-Identifier: GPL-2.0-only
/*
 * A QEMU TCG plugin for "harness profile": how many times each of the
 * guest kernel's translation blocks ran between two calls of the guest's
 * bench_mark(), written to OUT/run.N as "address instructions runs"
 * lines, one file per measured run (N from 0).
 *
 * Arguments: mark=ADDRESS (of bench_mark), out=DIRECTORY.
 *
 * Build: cc -O2 -shared -fPIC -o kprof.so kprof.c
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-api.h"

__attribute__((visibility("default"))) int qemu_plugin_version = 2;

/* The kernel's addresses on ppc64 */
#define KERNEL_BASE	0xc000000000000000ULL
#define TABLE_SIZE	0x100000U

struct block {
	__u64 addr;
	__u64 insns;
	__u64 runs;
};

static struct block **table;
static unsigned int blocks;
static __u64 mark;
static char out[PATH_MAX - 32];
static unsigned int run;
static bool counting;

/* The measured run ends: its counts go to OUT/run.N, and are reset. */
static void write_run(void)
{
	char name[PATH_MAX];
	unsigned int i;
	FILE *f;

	snprintf(name, sizeof(name), "%s/run.%u", out, run++);
	f = fopen(name, "w");
	for (i = 0; i < TABLE_SIZE; i++) {
		struct block *b = table[i];

		if (!b || !b->runs)
			continue;
		if (f)
			fprintf(f, "%llx %llu %llu\n", b->addr, b->insns, b->runs);
		b->runs = 0;
	}
	if (f)
		fclose(f);
}

static void on_block(unsigned int vcpu, void *data)
{
	struct block *b = data;

	if (counting)
		b->runs++;
}

static void on_mark(unsigned int vcpu, void *data)
{
	if (counting)
		write_run();
	counting = !counting;
}

/* The block of this address and length, made the first time. */
static struct block *block_of(__u64 addr, __u64 insns)
{
	unsigned int h = ((addr ^ insns << 56) * 0x9e3779b97f4a7c15ULL) >> 44;

	for (h &= TABLE_SIZE - 1; table[h]; h = (h + 1) & (TABLE_SIZE - 1))
		if (table[h]->addr == addr && table[h]->insns == insns)
			return table[h];
	if (blocks == TABLE_SIZE / 2)
		return NULL;
	table[h] = calloc(1, sizeof(*table[h]));
	if (!table[h])
		return NULL;
	table[h]->addr = addr;
	table[h]->insns = insns;
	blocks++;
	return table[h];
}

static void on_translate(__u64 id, struct qemu_plugin_tb *tb)
{
	__u64 addr = qemu_plugin_tb_vaddr(tb);
	struct block *b;

	if (addr == mark) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark, 0, NULL);
		return;
	}
	if (addr < KERNEL_BASE)
		return;
	b = block_of(addr, qemu_plugin_tb_n_insns(tb));
	if (b)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, 0, b);
}

static void at_exit(__u64 id, void *data)
{
	if (counting)
		write_run();
}

__attribute__((visibility("default")))
int qemu_plugin_install(__u64 id, const struct qemu_info *info, int argc,
			char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "out=", 4))
			snprintf(out, sizeof(out), "%s", argv[i] + 4);
	}
	table = calloc(TABLE_SIZE, sizeof(*table));
	if (!mark || !out[0] || !table) {
		fprintf(stderr, "kprof: needs mark=ADDRESS,out=DIRECTORY\n");
		return 1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
