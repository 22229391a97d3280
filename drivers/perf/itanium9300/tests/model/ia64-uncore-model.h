/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A register-level model of the Itanium 9300 uncore PMUs of chapter 5
 * (D-Box freeze control, two B-Boxes, two Z-Boxes, the R-Box) for each
 * socket, for driving the uncore perf glue under KUnit.
 */
#ifndef _IA64_UNCORE_MODEL_H
#define _IA64_UNCORE_MODEL_H

#include <pmu-suite/itanium9300/uncore-backend.h>

#define IA64_UMODEL_SOCKETS	2
/*
 * The CPUs are in this socket, the other one has none. With several CPUs,
 * CPU 0 (which x86 cannot take offline) is in no socket, so that the
 * socket's counting CPU can go offline and hand over to another.
 */
#define IA64_UMODEL_CPU_SOCKET	1

/* ia64_umodel_socket.frozen */
#define IA64_UMODEL_FRZ_B(i)	BIT(0 + (i))
#define IA64_UMODEL_FRZ_Z(i)	BIT(2 + (i))
#define IA64_UMODEL_FRZ_R	BIT(4)
#define IA64_UMODEL_FRZ_ALL	GENMASK(4, 0)

/**
 * struct ia64_umodel_socket - one socket's uncore PMU state
 * @dbx_misc: DBX_CSR_MISC
 * @frozen: IA64_UMODEL_FRZ_* of the boxes now frozen
 * @b_ctl: B_CSR_PERF_CTL0-3 of B-Box 0 and 1
 * @b_ctl3_due: CTL2's IOB selection changed and CTL3 was not written since
 * @b_cnt: B_CSR_PERF_CNT0-7, with the overflow bit 40
 * @z_ctl: Z_CSR_PMU_CNT_CTL_0-4 control bits (9:0)
 * @z_cnt: the 40-bit Z-Box counts
 * @z_status: Z_CSR_PMU_CNT_STATUS overflow bits
 * @z_sc: the Z-Box sub-control registers (enum ia64_z_subctl)
 * @r_ctrl: R_CSR_PERF_CNT_CTRL_0-15 control bits (24:16)
 * @r_cnt: the 48-bit R-Box counts
 * @r_iperf: R_CSR_Pnn_IPERF0/1
 * @r_arb: R_CSR_Pnn_ARB_PERF (event 0 in bits 7:0, event 1 in 23:16)
 * @r_mm: each port's match/mask sets: MATCH_LSB, MATCH_MSB, MASK_LSB,
 *	  MASK_MSB, MM_CFG
 * @r_gblcfg: R_CSR_PERF_GBLCFG (daf and pmi_en)
 * @unfrozen_writes: control register writes while not globally frozen
 * @unfrozen_reads: reads of split counter halves while not globally frozen
 * @freezes: frz_all transitions
 * @unfreezes: unfrz_all transitions
 * @bad_accesses: accesses to offsets that hold no PMU CSR
 */
struct ia64_umodel_socket {
	u64 dbx_misc;
	unsigned int frozen;
	u64 b_ctl[2][4];
	bool b_ctl3_due[2];
	u64 b_cnt[2][8];
	u64 z_ctl[2][5];
	u64 z_cnt[2][5];
	u64 z_status[2];
	u64 z_sc[2][IA64_Z_SC_NR];
	u64 r_ctrl[16];
	u64 r_cnt[16];
	u64 r_iperf[12][2];
	u64 r_arb[12];
	u64 r_mm[12][IA64_R_MM_SETS][5];
	u64 r_gblcfg;
	unsigned int unfrozen_writes;
	unsigned int unfrozen_reads;
	unsigned int freezes;
	unsigned int unfreezes;
	unsigned int bad_accesses;
};

extern struct ia64_umodel_socket ia64_umodel[IA64_UMODEL_SOCKETS];
extern const struct ia64_uncore_ops ia64_umodel_ops;

void ia64_umodel_reset(void);
void ia64_umodel_count_selected(unsigned int socket, u64 n);
void ia64_umodel_b_count(unsigned int socket, unsigned int inst, u8 code, u64 n);
void ia64_umodel_b_iob(unsigned int socket, unsigned int inst, bool out,
		       u16 cls, u16 opc, u64 n);
void ia64_umodel_z_count(unsigned int socket, unsigned int inst, u8 code, u64 n);
void ia64_umodel_r_count(unsigned int socket, unsigned int port, u32 iperf,
			 u64 n);
void ia64_umodel_r_qlx_count(unsigned int socket, unsigned int port, u8 arb,
			     u64 n);
void ia64_umodel_r_packets(unsigned int socket, unsigned int port, u64 hdr,
			   unsigned int flits, u64 n);

#endif /* _IA64_UNCORE_MODEL_H */
