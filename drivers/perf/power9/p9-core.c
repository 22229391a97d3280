// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: the architecture-independent part (catalogue, event
 * decoding, scheduling, register values, perf glue), which the powerpc
 * backend and the KUnit tests build on.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("IBM POWER9 core PMU: events, constraints and perf glue");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
