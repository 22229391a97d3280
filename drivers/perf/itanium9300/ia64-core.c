// SPDX-License-Identifier: GPL-2.0-only
/*
 * Itanium 9300 core PMU: the architecture-independent part (catalogue,
 * event decoding, scheduling, register values, sample decoding, perf
 * glue), which the ia64 backend and the KUnit tests build on.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("Intel Itanium 9300 core PMU: events, constraints and perf glue");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
