/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the suite's QEMU plugins use of QEMU's plugin API (qemu-plugin.h,
 * API version 2 and later), declared here so that they build without
 * QEMU's source.
 */
#ifndef _QEMU_PLUGIN_API_H
#define _QEMU_PLUGIN_API_H

#include <stddef.h>
#include <linux/types.h>

struct qemu_plugin_tb;
struct qemu_info;

void qemu_plugin_register_vcpu_tb_trans_cb(__u64 id,
					   void (*cb)(__u64 id,
						      struct qemu_plugin_tb *tb));
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  void (*cb)(unsigned int vcpu,
						     void *data),
					  int flags, void *data);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
__u64 qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(__u64 id,
				    void (*cb)(__u64 id, void *data),
				    void *data);

#endif /* _QEMU_PLUGIN_API_H */
