// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 core PMU: the architecture-independent part (catalogue, event
 * decoding, scheduling, register values, perf glue), which the powerpc
 * backend and the KUnit tests build on.
 */
#include <linux/export.h>
#include <linux/module.h>

#include "p9-catalogue.h"

EXPORT_SYMBOL_GPL(p9_catalogue);
EXPORT_SYMBOL_GPL(p9_catalogue_len);
EXPORT_SYMBOL_GPL(p9_groups);
EXPORT_SYMBOL_GPL(p9_groups_len);

MODULE_DESCRIPTION("IBM POWER9 core PMU: events, constraints and perf glue");
MODULE_LICENSE("GPL");
