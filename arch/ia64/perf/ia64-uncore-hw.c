// SPDX-License-Identifier: GPL-2.0-only
/*
 * Intel Itanium 9300 uncore PMUs: the ia64 backend.
 *
 * CSR access for the perf glue in drivers/perf/itanium9300 through the
 * PAL aperture of section 5.2, mapped uncached, and the socket of each
 * CPU from the processor's topology.
 */
#define pr_fmt(fmt) "itanium9300_uncore: " fmt

#include <linux/io.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <asm/processor.h>

#include <pmu-suite/itanium9300/regs.h>
#include <pmu-suite/itanium9300/uncore-backend.h>

/*
 * The aperture base 0x8003FFFB00000000 has bit 63 set: on ia64 that is
 * the uncacheable physical addressing attribute, not part of the
 * address, which ioremap_uc() supplies itself.
 */
#define IA64_UNC_MAP_PHYS	((IA64_UNC_PAL_BASE & ~BIT_ULL(63)) + \
				 IA64_UNC_MAP_OFFSET)

static void __iomem *ia64_unc_base;

static void __iomem *ia64_unc_csr(unsigned int socket, u32 offset)
{
	return ia64_unc_base + (ia64_unc_csr_phys(socket, offset) -
				IA64_UNC_PAL_BASE - IA64_UNC_MAP_OFFSET);
}

static u64 ia64_unc_read_csr(unsigned int socket, u32 offset)
{
	return readq(ia64_unc_csr(socket, offset));
}

static void ia64_unc_write_csr(unsigned int socket, u32 offset, u64 val)
{
	writeq(val, ia64_unc_csr(socket, offset));
}

static int ia64_unc_cpu_socket(unsigned int cpu)
{
#ifdef CONFIG_SMP
	unsigned int socket = cpu_data(cpu)->socket_id;

	return socket < IA64_UNC_MAX_SOCKETS ? socket : -1;
#else
	return 0;
#endif
}

static struct ia64_uncore_ops ia64_unc_hw_ops = {
	.owner		= THIS_MODULE,
	/*
	 * A 40-bit counter that counts every cycle of a clock below 4 GHz
	 * takes over four minutes to wrap.
	 */
	.poll_ns	= 10 * NSEC_PER_SEC,
	.cpu_socket	= ia64_unc_cpu_socket,
	.read_csr	= ia64_unc_read_csr,
	.write_csr	= ia64_unc_write_csr,
};

static int __init ia64_unc_init(void)
{
	struct cpuinfo_ia64 *c = local_cpu_data;
	unsigned int cpu, nr = 0;
	int ret;

	if (c->family != IA64_9300_FAMILY || c->model != IA64_9300_MODEL) {
		pr_info("not an Itanium 9300 (family 0x%x, model 0x%x): not loading\n",
			c->family, c->model);
		return -ENODEV;
	}
	for_each_possible_cpu(cpu) {
		int socket = ia64_unc_cpu_socket(cpu);

		if (socket >= 0 && socket + 1 > nr)
			nr = socket + 1;
	}
	if (!nr)
		return -ENODEV;
	ia64_unc_hw_ops.nr_sockets = nr;
	ia64_unc_base = ioremap_uc(IA64_UNC_MAP_PHYS, IA64_UNC_MAP_LEN);
	if (!ia64_unc_base)
		return -ENOMEM;
	ret = ia64_uncore_register(&ia64_unc_hw_ops, "itanium9300");
	if (ret)
		iounmap(ia64_unc_base);
	return ret;
}

static void __exit ia64_unc_exit(void)
{
	ia64_uncore_unregister();
	iounmap(ia64_unc_base);
}

module_init(ia64_unc_init);
module_exit(ia64_unc_exit);

MODULE_DESCRIPTION("Intel Itanium 9300 uncore PMUs (ia64 backend)");
MODULE_LICENSE("GPL");
MODULE_VERSION(PMU_SUITE_VERSION);
