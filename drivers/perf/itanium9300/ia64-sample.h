/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Itanium 9300 core PMU: what the EARs and the execution trace buffer
 * captured, as perf sample fields.
 */
#ifndef _IA64_SAMPLE_H
#define _IA64_SAMPLE_H

#include <linux/bitfield.h>
#include <linux/types.h>
#include <uapi/linux/perf_event.h>

#include <pmu-suite/itanium9300/regs.h>

/* Latency reported when the EAR's latency counter overflowed. */
#define IA64_DEAR_LATENCY_OVF	(IA64_PMD33_LATENCY + 1)
#define IA64_IEAR_LATENCY_OVF	(IA64_PMD35_LATENCY + 1)
#define IA64_QEAR_LATENCY_OVF	(FIELD_MAX(IA64_QEAR_CTL_CNT) + 1)

/**
 * struct ia64_ear_sample - one EAR capture
 * @valid: the EAR captured an event
 * @addr_valid: @addr holds a data or instruction address
 * @ip_valid: @ip holds the address of the instruction
 * @addr: data address (data EAR) or instruction cache line (instruction EAR)
 * @ip: bundle address plus slot of the instruction
 * @latency: cycles, 0 where the mode has none
 * @data_src: perf_mem_data_src value
 */
struct ia64_ear_sample {
	bool valid;
	bool addr_valid;
	bool ip_valid;
	u64 addr;
	u64 ip;
	u32 latency;
	u64 data_src;
};

/**
 * struct ia64_qear_sample - one QEAR measurement (5.3)
 * @valid: the measurement is complete (DAT0.inprog was clear)
 * @phys_addr: physical address of the request, bits 49:6
 * @latency: core cycles from send to data or Cmp, or
 *	IA64_QEAR_LATENCY_OVF when the 15-bit counter overflowed
 * @mc: message class, DAT1.mc (0 HOM, 1 NCB, 2 NCS)
 * @opcode: QPI opcode of the request
 * @hnid: node ID of the home agent
 * @data_cmp: the data came as DataC*_Cmp, from the home agent
 * @data_src: perf_mem_data_src value
 */
struct ia64_qear_sample {
	bool valid;
	u64 phys_addr;
	u32 latency;
	u8 mc;
	u8 opcode;
	u16 hnid;
	bool data_cmp;
	u64 data_src;
};

void ia64_decode_qear(u64 dat0, u64 dat1, u64 ctl, struct ia64_qear_sample *s);
struct ia64_event;

u64 ia64_qear_ctl(const struct ia64_event *ev, unsigned int thread);
void ia64_decode_dear(unsigned int mode, u64 pmd32, u64 pmd33, u64 pmd36,
		      struct ia64_ear_sample *s);
void ia64_decode_iear(unsigned int mode, u64 pmd34, u64 pmd35,
		      struct ia64_ear_sample *s);
unsigned int ia64_decode_etb(u64 pmd38, u64 pmd39,
			     const u64 etb[IA64_ETB_ENTRIES],
			     struct perf_branch_entry *out, unsigned int max);
unsigned int ia64_decode_ipear(u64 pmd38, u64 pmd39,
			       const u64 etb[IA64_ETB_ENTRIES],
			       struct perf_branch_entry *out, unsigned int max);

#endif /* _IA64_SAMPLE_H */
