/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 uncore PMUs: the perf glue's interface to a CSR backend.
 *
 * The glue (ia64-uncore-pmu.c) knows perf and chapter 5's rules; a
 * backend reaches the CSRs: the ia64 backend through the PAL aperture,
 * the KUnit model through per-socket register files.
 */
#ifndef _PMU_SUITE_ITANIUM9300_UNCORE_BACKEND_H
#define _PMU_SUITE_ITANIUM9300_UNCORE_BACKEND_H

#include <linux/module.h>

#include <pmu-suite/itanium9300/uncore.h>

/**
 * struct ia64_uncore_ops - CSR access for the uncore PMUs
 * @owner: module providing the operations (events pin it)
 * @nr_sockets: number of sockets, at most IA64_UNC_MAX_SOCKETS
 * @poll_ns: how often to read the counters; short enough that none of
 *	     them can wrap twice in between
 * @cpu_socket: the socket of a CPU, or a negative number if unknown
 * @read_csr: read the CSR at @offset (box window plus register offset,
 *	      as ia64_unc_box_window() gives it) of socket @socket
 * @write_csr: write it
 */
struct ia64_uncore_ops {
	struct module *owner;
	unsigned int nr_sockets;
	u64 poll_ns;
	int (*cpu_socket)(unsigned int cpu);
	u64 (*read_csr)(unsigned int socket, u32 offset);
	void (*write_csr)(unsigned int socket, u32 offset, u64 val);
};

int ia64_uncore_register(const struct ia64_uncore_ops *ops, const char *prefix);
void ia64_uncore_unregister(void);
int ia64_uncore_pmu_type(enum ia64_unc_box box);
int ia64_uncore_socket_cpu(unsigned int socket);

#endif /* _PMU_SUITE_ITANIUM9300_UNCORE_BACKEND_H */
