// SPDX-License-Identifier: GPL-2.0-only
/*
 * SPARC T4 PMU: the architecture-independent part (catalogue, event
 * decoding, register values, DRAM counter decoding, perf glue), which the
 * sparc64 backend and the KUnit tests build on.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("Oracle SPARC T4 PMU: events, register values and perf glue");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
