// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Itanium 9300 uncore PMUs on the real perf core,
 * against the model's CSRs: counting on each box type and instance, the
 * socket's registers only, wraps of the 40- and 48-bit counters folded
 * by the poll timer, programming and split reads under a global freeze,
 * counter and sub-control sharing, multiplexing, events moving when the
 * socket's counting CPU goes offline, the refusals, and unregistering.
 */
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <pmu-suite-test/kunit.h>

#include "ia64-fields.h"
#include "ia64-uncore-model.h"

#define POLL_WAIT_MS	10
#define SOCKET		IA64_UMODEL_CPU_SOCKET

static struct perf_event *unc_open(enum ia64_unc_box box, u64 config,
				   u64 config1,
				   void (*tweak)(struct perf_event_attr *))
{
	struct perf_event_attr attr = {
		.type = ia64_uncore_pmu_type(box),
		.size = sizeof(attr),
		.config = config,
		.config1 = config1,
	};

	if (tweak)
		tweak(&attr);
	return perf_event_create_kernel_counter(&attr,
						ia64_uncore_socket_cpu(SOCKET),
						NULL, NULL, NULL);
}

static u64 unc_value(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Whether the event spent enabled time off its counter. */
static bool unc_waited(struct perf_event *event)
{
	u64 enabled, running;

	perf_event_read_value(event, &enabled, &running);
	return running < enabled;
}

static int unc_init(struct kunit *test)
{
	ia64_umodel_reset();
	return 0;
}

static void unc_expect_quiet(struct kunit *test)
{
	const struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];

	/* Programmed and read frozen; left running; one window only. */
	KUNIT_EXPECT_EQ(test, s->unfrozen_writes, 0U);
	KUNIT_EXPECT_EQ(test, s->unfrozen_reads, 0U);
	KUNIT_EXPECT_GT(test, s->freezes, 0U);
	KUNIT_EXPECT_EQ(test, s->freezes, s->unfreezes);
	KUNIT_EXPECT_EQ(test, s->frozen, 0U);
	KUNIT_EXPECT_EQ(test, s->bad_accesses, 0U);
	KUNIT_EXPECT_EQ(test, ia64_umodel[0].freezes, 0U);
	KUNIT_EXPECT_EQ(test, ia64_umodel[0].b_ctl[0][0], 0ULL);
}

/*
 * The last of @ev found its counter or shared register taken: the perf
 * core rotates them, so some wait their turn. Then release them all.
 */
static void unc_expect_turns(struct kunit *test, struct perf_event **ev,
			     unsigned int n)
{
	bool waited = false;
	unsigned int i;

	msleep(5 * POLL_WAIT_MS);
	for (i = 0; i < n; i++)
		waited |= unc_waited(ev[i]);
	KUNIT_EXPECT_TRUE(test, waited);
	for (i = 0; i < n; i++)
		perf_event_release_kernel(ev[i]);
	unc_expect_quiet(test);
}

static void unc_bbox_counts(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *cyc = unc_open(IA64_UNC_BBOX, 0x25 | BIT(8), 0, NULL);
	struct perf_event *snp = unc_open(IA64_UNC_BBOX, 0x1b | BIT(8), 0, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(cyc));
	KUNIT_ASSERT_FALSE(test, IS_ERR(snp));
	/* B-Box 1: counters 0 and 1 enabled with the sub-counters, no reset */
	KUNIT_EXPECT_EQ(test, s->b_ctl[1][0], 0x3606ULL);
	KUNIT_EXPECT_EQ(test, s->b_ctl[1][1], 0x25ULL | 0x1bULL << 6);
	KUNIT_EXPECT_EQ(test, s->b_ctl[0][0], 0ULL);
	ia64_umodel_b_count(SOCKET, 1, 0x25, 1000);
	ia64_umodel_b_count(SOCKET, 1, 0x1b, 7);
	ia64_umodel_b_count(SOCKET, 0, 0x25, 555);	/* B-Box 0 */
	ia64_umodel_b_count(0, 1, 0x25, 555);		/* socket 0 */
	msleep(POLL_WAIT_MS);
	ia64_umodel_b_count(SOCKET, 1, 0x25, 24);
	KUNIT_EXPECT_EQ(test, unc_value(cyc), 1024ULL);
	KUNIT_EXPECT_EQ(test, unc_value(snp), 7ULL);
	perf_event_release_kernel(snp);
	KUNIT_EXPECT_EQ(test, s->b_ctl[1][0], 0x3602ULL);
	perf_event_release_kernel(cyc);
	KUNIT_EXPECT_EQ(test, s->b_ctl[1][0], 0ULL);
	unc_expect_quiet(test);
}

/* Wraps, each seen by a poll, then the same while the counter wraps twice */
static void unc_bbox_wraps(struct kunit *test)
{
	struct perf_event *ev = unc_open(IA64_UNC_BBOX, 0x25, 0, NULL);
	const u64 span = BIT_ULL(40);
	u64 total;
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_umodel_b_count(SOCKET, 0, 0x25, span - 10);
	msleep(POLL_WAIT_MS);
	ia64_umodel_b_count(SOCKET, 0, 0x25, 30);
	msleep(POLL_WAIT_MS);
	total = span + 20;
	KUNIT_EXPECT_EQ(test, unc_value(ev), total);
	KUNIT_EXPECT_TRUE(test, ia64_umodel[SOCKET].b_cnt[0][0] & IA64_B_CNT_OV);
	for (i = 0; i < 4; i++) {
		ia64_umodel_b_count(SOCKET, 0, 0x25, span - 3);
		msleep(POLL_WAIT_MS);
	}
	total += 4 * (span - 3);
	KUNIT_EXPECT_EQ(test, unc_value(ev), total);
	perf_event_release_kernel(ev);
	unc_expect_quiet(test);
}

static void unc_zbox_counts_and_wraps(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *z0 = unc_open(IA64_UNC_ZBOX, 0x1b, 0, NULL);
	struct perf_event *z1 = unc_open(IA64_UNC_ZBOX, 0x06 | BIT(8), 0, NULL);
	const u64 span = BIT_ULL(40);

	KUNIT_ASSERT_FALSE(test, IS_ERR(z0));
	KUNIT_ASSERT_FALSE(test, IS_ERR(z1));
	/* en and wrap_mode, inc_sel; nothing else */
	KUNIT_EXPECT_EQ(test, s->z_ctl[0][0], 0x1b5ULL);
	KUNIT_EXPECT_EQ(test, s->z_ctl[1][0], 0x065ULL);
	ia64_umodel_z_count(SOCKET, 1, 0x06, 300);
	ia64_umodel_z_count(SOCKET, 1, 0x1b, 99);	/* not selected there */
	ia64_umodel_z_count(SOCKET, 0, 0x1b, span - 0x80);
	msleep(POLL_WAIT_MS);
	/* Crosses bit 8: both halves of the split counter change. */
	ia64_umodel_z_count(SOCKET, 0, 0x1b, 0x100);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(z0), span + 0x80);
	KUNIT_EXPECT_EQ(test, unc_value(z1), 300ULL);
	KUNIT_EXPECT_EQ(test, s->z_status[0], 1ULL);
	/* The counter went on counting after its overflow. */
	KUNIT_EXPECT_EQ(test, s->z_cnt[0][0], 0x80ULL);
	perf_event_release_kernel(z0);
	perf_event_release_kernel(z1);
	KUNIT_EXPECT_FALSE(test, s->z_ctl[0][0] & IA64_Z_CTL_EN);
	unc_expect_quiet(test);
}

/* PLD_DRAM_EV's second register, ISS, in config2 */
static void iss_sync(struct perf_event_attr *a) { a->config2 = 0x2; }

/* Z-Box sub-control registers: programmed with the event, one per box */
static void unc_zbox_subctl(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *iss, *pld, *other;

	iss = unc_open(IA64_UNC_ZBOX, 0x09 | BIT(8), 0x2, NULL);	/* SYNC frames */
	/* PLD_DRAM_EV: RAS commands (PLD), same ISS value */
	pld = unc_open(IA64_UNC_ZBOX, 0x0a | BIT(8), 0x02 << 8, iss_sync);
	KUNIT_ASSERT_FALSE(test, IS_ERR(iss));
	KUNIT_ASSERT_FALSE(test, IS_ERR(pld));
	KUNIT_EXPECT_EQ(test, s->z_sc[1][IA64_Z_SC_ISS], 0x2ULL);
	KUNIT_EXPECT_EQ(test, s->z_sc[1][IA64_Z_SC_PLD], 0x200ULL);
	KUNIT_EXPECT_EQ(test, s->z_sc[0][IA64_Z_SC_ISS], 0ULL);
	ia64_umodel_z_count(SOCKET, 1, 0x09, 70);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(iss), 70ULL);
	perf_event_release_kernel(pld);
	/* Another ISS value needs the register: the events take turns. */
	pld = unc_open(IA64_UNC_ZBOX, 0x0a | BIT(8), 0x02 << 8, iss_sync);
	other = unc_open(IA64_UNC_ZBOX, 0x09 | BIT(8), 0x3, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pld));
	KUNIT_ASSERT_FALSE(test, IS_ERR(other));
	msleep(5 * POLL_WAIT_MS);
	KUNIT_EXPECT_TRUE(test, unc_waited(iss) || unc_waited(other));
	perf_event_release_kernel(iss);
	perf_event_release_kernel(pld);
	perf_event_release_kernel(other);
	unc_expect_quiet(test);
}

static u64 rcfg(unsigned int port, u32 iperf)
{
	return (u64)port << 32 | iperf;
}

static void unc_rbox_counts_and_wraps(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	/* FLITS_SENT on CPE2 (port 3, left), FLITS_RCVD on CPE0 (port 8, right) */
	struct perf_event *l = unc_open(IA64_UNC_RBOX, rcfg(3, BIT(31)), 0, NULL);
	struct perf_event *r = unc_open(IA64_UNC_RBOX, rcfg(8, BIT(30)), 0, NULL);
	const u64 span = BIT_ULL(48);

	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	KUNIT_ASSERT_FALSE(test, IS_ERR(r));
	KUNIT_EXPECT_EQ(test, s->r_iperf[3][0], (u64)BIT(31));
	KUNIT_EXPECT_EQ(test, s->r_iperf[8][0], (u64)BIT(30));
	/* counter 0 (left) pt_sel 3, counter 8 (right) pt_sel 3 */
	KUNIT_EXPECT_EQ(test, s->r_ctrl[0], (u64)(BIT(22) | 3 << 19));
	KUNIT_EXPECT_EQ(test, s->r_ctrl[8], (u64)(BIT(22) | 3 << 19));
	ia64_umodel_r_count(SOCKET, 3, BIT(31), span - 5);
	ia64_umodel_r_count(SOCKET, 8, BIT(30), 40);
	ia64_umodel_r_count(SOCKET, 8, BIT(31), 1000);	/* not selected */
	msleep(POLL_WAIT_MS);
	ia64_umodel_r_count(SOCKET, 3, BIT(31), 1ULL << 33);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(l), span - 5 + (1ULL << 33));
	KUNIT_EXPECT_EQ(test, unc_value(r), 40ULL);
	KUNIT_EXPECT_TRUE(test, s->r_ctrl[0] & IA64_R_CTRL_OV);
	perf_event_release_kernel(l);
	perf_event_release_kernel(r);
	KUNIT_EXPECT_FALSE(test, s->r_ctrl[0] & IA64_R_CTRL_EN);
	/* Stopping kept the count's upper half. */
	KUNIT_EXPECT_EQ(test, s->r_cnt[0], (1ULL << 33) - 5);
	unc_expect_quiet(test);
}

/* Two IPERF registers per port; events with the same value share one. */
static void unc_rbox_iperf_sharing(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *a, *b, *c, *d;

	a = unc_open(IA64_UNC_RBOX, rcfg(11, BIT(31)), 0, NULL);
	b = unc_open(IA64_UNC_RBOX, rcfg(11, BIT(31)), 0, NULL);
	c = unc_open(IA64_UNC_RBOX, rcfg(11, 0xff), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	KUNIT_EXPECT_EQ(test, s->r_iperf[11][0], (u64)BIT(31));
	KUNIT_EXPECT_EQ(test, s->r_iperf[11][1], 0xffULL);
	/* Port 11 is left side, pt_sel 5; c uses IPERF1 */
	KUNIT_EXPECT_EQ(test, s->r_ctrl[2], (u64)(BIT(22) | 5 << 19 | 1 << 16));
	ia64_umodel_r_count(SOCKET, 11, BIT(31), 17);
	ia64_umodel_r_count(SOCKET, 11, BIT(0), 5);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(a), 17ULL);
	KUNIT_EXPECT_EQ(test, unc_value(b), 17ULL);
	KUNIT_EXPECT_EQ(test, unc_value(c), 5ULL);
	/*
	 * A third value on the port needs an IPERF register of its own:
	 * the events take turns.
	 */
	d = unc_open(IA64_UNC_RBOX, rcfg(11, BIT(24)), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	unc_expect_turns(test, (struct perf_event *[]){ a, b, c, d }, 4);
}

static u64 qcfg(unsigned int port, u8 arb)
{
	return rcfg(port, arb) | IA64_UNC_CFG_QLX;
}

/* A QLX event counts through its port's ARB_PERF register. */
static void unc_rbox_qlx_counts(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	/* GBL_ARB_BID, VN1 NDR, on PR1 (port 9, right side, pt_sel 4) */
	struct perf_event *q = unc_open(IA64_UNC_RBOX, qcfg(9, 0xa8), 0, NULL);
	/* FLITS_SENT on the same port, through IPERF0 */
	struct perf_event *r = unc_open(IA64_UNC_RBOX, rcfg(9, BIT(31)), 0, NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(q));
	KUNIT_ASSERT_FALSE(test, IS_ERR(r));
	KUNIT_EXPECT_EQ(test, s->r_arb[9], 0xa8ULL);
	KUNIT_EXPECT_EQ(test, s->r_iperf[9][0], (u64)BIT(31));
	/* counter 8: pt_sel 4, ev_sel 010 (QLX event 0) */
	KUNIT_EXPECT_EQ(test, s->r_ctrl[8], (u64)(BIT(22) | 4 << 19 | 2 << 16));
	KUNIT_EXPECT_EQ(test, s->r_ctrl[9], (u64)(BIT(22) | 4 << 19));
	ia64_umodel_r_qlx_count(SOCKET, 9, 0xa8, 30);
	ia64_umodel_r_qlx_count(SOCKET, 9, 0x28, 1000);	/* VN0: not selected */
	ia64_umodel_r_qlx_count(SOCKET, 8, 0xa8, 1000);	/* other port */
	ia64_umodel_r_count(SOCKET, 9, BIT(31), 7);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(q), 30ULL);
	KUNIT_EXPECT_EQ(test, unc_value(r), 7ULL);
	perf_event_release_kernel(q);
	perf_event_release_kernel(r);
	KUNIT_EXPECT_FALSE(test, s->r_ctrl[8] & IA64_R_CTRL_EN);
	unc_expect_quiet(test);
}

/*
 * One ARB_PERF register per port with two event fields: events with the
 * same value share a field, a second value takes the other one, a third
 * waits for a field (the perf core multiplexes).
 */
static void unc_rbox_qlx_sharing(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *a, *b, *c, *d;

	/* QUE_ARB_BID, SNP, twice; ET_ACC, DRS; on PHR1 (port 11) */
	a = unc_open(IA64_UNC_RBOX, qcfg(11, 0x10), 0, NULL);
	b = unc_open(IA64_UNC_RBOX, qcfg(11, 0x10), 0, NULL);
	c = unc_open(IA64_UNC_RBOX, qcfg(11, 0x4c), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	KUNIT_EXPECT_EQ(test, s->r_arb[11], 0x4c0010ULL);
	/* Port 11: left side, pt_sel 5; a and b QLX event 0, c event 1 */
	KUNIT_EXPECT_EQ(test, s->r_ctrl[0], (u64)(BIT(22) | 5 << 19 | 2 << 16));
	KUNIT_EXPECT_EQ(test, s->r_ctrl[1], (u64)(BIT(22) | 5 << 19 | 2 << 16));
	KUNIT_EXPECT_EQ(test, s->r_ctrl[2], (u64)(BIT(22) | 5 << 19 | 3 << 16));
	ia64_umodel_r_qlx_count(SOCKET, 11, 0x10, 21);
	ia64_umodel_r_qlx_count(SOCKET, 11, 0x4c, 4);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(a), 21ULL);
	KUNIT_EXPECT_EQ(test, unc_value(b), 21ULL);
	KUNIT_EXPECT_EQ(test, unc_value(c), 4ULL);
	/* A third value needs a field of its own: the events take turns. */
	d = unc_open(IA64_UNC_RBOX, qcfg(11, 0x0b), 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	unc_expect_turns(test, (struct perf_event *[]){ a, b, c, d }, 4);
}

/* A match/mask event of @port: packets (@flit 1), one flit, or every flit (0) */
static u64 mcfg(unsigned int port, unsigned int flit)
{
	return rcfg(port, 0) | IA64_UNC_CFG_MM |
	       (flit ? (u64)flit << 38 : IA64_UNC_CFG_MM_ANYFLIT);
}

static struct perf_event *unc_open_mm(unsigned int port, unsigned int flit,
				      u64 match, u64 mask)
{
	struct perf_event_attr attr = {
		.type = ia64_uncore_pmu_type(IA64_UNC_RBOX),
		.size = sizeof(attr),
		.config = mcfg(port, flit),
		.config1 = match,
		.config2 = mask,
	};

	return perf_event_create_kernel_counter(&attr,
						ia64_uncore_socket_cpu(SOCKET),
						NULL, NULL, NULL);
}

#define HDR_DRS_DATAC(rds)	(0x1c00 | (u64)(rds) << 48)
#define HDR_DRS_WBIDATA		0x1c80ULL
#define HDR_HOM_REQ		0x0000ULL
#define HDR_SNP			0x0600ULL

/*
 * Match/mask events count the traffic they match (5.6.3.6): DRS.DataC_M
 * packets (Table 5-36, with RDS in MATCH/MASK_MSB) through set 0, every
 * flit of HOM requests through set 1, on PSR0 (port 2, left side).
 */
static void unc_rbox_mm_counts(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *m, *h, *f;

	m = unc_open_mm(2, 1, HDR_DRS_DATAC(0x8), 0x1fe0 | 0xfULL << 48);
	h = unc_open_mm(2, 0, HDR_HOM_REQ, 0x1e00);
	KUNIT_ASSERT_FALSE(test, IS_ERR(m));
	KUNIT_ASSERT_FALSE(test, IS_ERR(h));
	KUNIT_EXPECT_EQ(test, s->r_mm[2][0][0], 0x1c00ULL);
	KUNIT_EXPECT_EQ(test, s->r_mm[2][0][1], 0x80000ULL);
	KUNIT_EXPECT_EQ(test, s->r_mm[2][0][2], 0x1fe0ULL);
	KUNIT_EXPECT_EQ(test, s->r_mm[2][0][3], 0xf0000ULL);
	KUNIT_EXPECT_EQ(test, s->r_mm[2][0][4], 0x210000ULL);
	KUNIT_EXPECT_EQ(test, s->r_mm[2][1][2], 0x1e00ULL);
	KUNIT_EXPECT_EQ(test, s->r_mm[2][1][4], 0x300000ULL);
	/* counters 0 and 1: pt_sel 2, ev_sel 100 and 101 */
	KUNIT_EXPECT_EQ(test, s->r_ctrl[0], (u64)(BIT(22) | 2 << 19 | 4 << 16));
	KUNIT_EXPECT_EQ(test, s->r_ctrl[1], (u64)(BIT(22) | 2 << 19 | 5 << 16));
	ia64_umodel_r_packets(SOCKET, 2, HDR_DRS_DATAC(0x8), 9, 10);	/* M */
	ia64_umodel_r_packets(SOCKET, 2, HDR_DRS_DATAC(0x4), 9, 6);	/* E */
	ia64_umodel_r_packets(SOCKET, 2, HDR_DRS_WBIDATA, 9, 5);
	ia64_umodel_r_packets(SOCKET, 2, HDR_HOM_REQ, 1, 7);
	ia64_umodel_r_packets(SOCKET, 2, HDR_SNP, 1, 100);
	ia64_umodel_r_packets(SOCKET, 3, HDR_DRS_DATAC(0x8), 9, 50);	/* port 3 */
	ia64_umodel_r_count(SOCKET, 2, BIT(31), 1000);		/* a RIX event */
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(m), 10ULL);
	KUNIT_EXPECT_EQ(test, unc_value(h), 7ULL);
	perf_event_release_kernel(h);
	/* The ninth flit of any DRS packet, in the set h left */
	f = unc_open_mm(2, 9, 0x1c00, 0x1e00);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_EQ(test, s->r_mm[2][1][4], 0x290000ULL);
	ia64_umodel_r_packets(SOCKET, 2, HDR_DRS_WBIDATA, 9, 4);
	ia64_umodel_r_packets(SOCKET, 2, HDR_DRS_WBIDATA | BIT(8), 11, 3);
	ia64_umodel_r_packets(SOCKET, 2, 0x1800, 9, 20);		/* NCB */
	KUNIT_EXPECT_EQ(test, unc_value(f), 7ULL);
	KUNIT_EXPECT_EQ(test, unc_value(m), 10ULL);
	perf_event_release_kernel(m);
	perf_event_release_kernel(f);
	KUNIT_EXPECT_FALSE(test, s->r_ctrl[0] & IA64_R_CTRL_EN);
	unc_expect_quiet(test);
}

/*
 * Two match/mask sets per port: events with the same values share one,
 * another value takes the second, a third value waits its turn.
 */
static void unc_rbox_mm_sharing(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *a, *b, *c, *d;

	a = unc_open_mm(6, 1, HDR_SNP, 0x1e00);
	b = unc_open_mm(6, 1, HDR_SNP, 0x1e00);
	c = unc_open_mm(6, 1, HDR_HOM_REQ, 0x1e00);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	KUNIT_EXPECT_EQ(test, s->r_mm[6][0][0], HDR_SNP);
	KUNIT_EXPECT_EQ(test, s->r_mm[6][1][2], 0x1e00ULL);
	/* Port 6 is right side, pt_sel 1: counters 8-10 */
	KUNIT_EXPECT_EQ(test, s->r_ctrl[9], (u64)(BIT(22) | 1 << 19 | 4 << 16));
	KUNIT_EXPECT_EQ(test, s->r_ctrl[10], (u64)(BIT(22) | 1 << 19 | 5 << 16));
	ia64_umodel_r_packets(SOCKET, 6, HDR_SNP, 1, 13);
	ia64_umodel_r_packets(SOCKET, 6, HDR_HOM_REQ, 1, 2);
	KUNIT_EXPECT_EQ(test, unc_value(a), 13ULL);
	KUNIT_EXPECT_EQ(test, unc_value(b), 13ULL);
	KUNIT_EXPECT_EQ(test, unc_value(c), 2ULL);
	/* Same match and mask, another flit selection: a third value */
	d = unc_open_mm(6, 0, HDR_SNP, 0x1e00);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	unc_expect_turns(test, (struct perf_event *[]){ a, b, c, d }, 4);
}

/* More events than counters: the perf core multiplexes them. */
static void unc_more_events_than_counters(struct kunit *test)
{
	struct perf_event *ev[IA64_B_COUNTERS + 1];
	unsigned int i;

	for (i = 0; i <= IA64_B_COUNTERS; i++) {
		ev[i] = unc_open(IA64_UNC_BBOX, 0x25, 0, NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev[i]));
	}
	KUNIT_EXPECT_EQ(test, ia64_umodel[SOCKET].b_ctl[0][0], 0x37feULL);
	unc_expect_turns(test, ev, ARRAY_SIZE(ev));
	KUNIT_EXPECT_EQ(test, ia64_umodel[SOCKET].b_ctl[0][0], 0ULL);
}

/* One B_CSR_PERF_CTL2 per box: sub-control events must agree on it. */
static void unc_bbox_ctl2_sharing(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *a, *b, *c;

	a = unc_open(IA64_UNC_BBOX, 0x09, 33, NULL);	/* ARB_Q0_INSERTS, RIAQ */
	b = unc_open(IA64_UNC_BBOX, 0x0a, 33, NULL);	/* ARB_Q0_REMOVE, RIAQ */
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, s->b_ctl[0][2], 33ULL);
	ia64_umodel_b_count(SOCKET, 0, 0x09, 12);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(a), 12ULL);
	/* Another queue needs the box's CTL2: the events take turns. */
	c = unc_open(IA64_UNC_BBOX, 0x09, 34, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	unc_expect_turns(test, (struct perf_event *[]){ a, b, c }, 3);
}

#define CTL3(ci, oi, co, oo)	((u64)(ci) | (u64)(oi) << 16 | (u64)(co) << 32 | \
				 (u64)(oo) << 48)
#define RL_LOCAL		BIT_ULL(19)	/* CTL2 iob_remote_local 1 */
/* Table 5-15 classes, Table 5-16 opcodes */
#define HOM0	0x0001
#define NDR	0x0004
#define NCB	0x0800
#define DRS	0x4000
#define GNT_CMP		0x0001
#define GNT_FRCACK	0x0002

static struct perf_event *unc_open_b(u64 config, u64 ctl2, u64 ctl3)
{
	struct perf_event_attr attr = {
		.type = ia64_uncore_pmu_type(IA64_UNC_BBOX),
		.size = sizeof(attr),
		.config = config,
		.config1 = ctl2,
		.config2 = ctl3,
	};

	return perf_event_create_kernel_counter(&attr,
						ia64_uncore_socket_cpu(SOCKET),
						NULL, NULL, NULL);
}

/*
 * B_CSR_PERF_CTL3 filters the IOB packet events by class and opcode
 * (5.5.3.4): input DRS and NCB packets, output NDR Gnt_Cmp, in B-Box 1;
 * IOB_INSERTS counts input HOM0 packets as they come in.
 */
static void unc_bbox_ctl3_filters(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *in, *out, *ins, *all;

	in = unc_open_b(0x19 | BIT(8), RL_LOCAL, CTL3(DRS | NCB, 0, 0, 0));
	out = unc_open_b(0x1a | BIT(8), RL_LOCAL, CTL3(0, 0, NDR, GNT_CMP));
	KUNIT_ASSERT_FALSE(test, IS_ERR(in));
	KUNIT_ASSERT_FALSE(test, IS_ERR(out));
	KUNIT_EXPECT_EQ(test, s->b_ctl[1][2], RL_LOCAL);
	KUNIT_EXPECT_EQ(test, s->b_ctl[1][3], CTL3(DRS | NCB, 0xffff, NDR, GNT_CMP));
	KUNIT_EXPECT_FALSE(test, s->b_ctl3_due[1]);
	ia64_umodel_b_iob(SOCKET, 1, false, DRS, 0x0004, 5);
	ia64_umodel_b_iob(SOCKET, 1, false, NCB, 0x0001, 2);
	ia64_umodel_b_iob(SOCKET, 1, false, HOM0, 0x0004, 9);
	ia64_umodel_b_iob(SOCKET, 1, true, NDR, GNT_CMP, 3);
	ia64_umodel_b_iob(SOCKET, 1, true, NDR, GNT_FRCACK, 4);
	ia64_umodel_b_iob(SOCKET, 1, true, DRS, GNT_CMP, 6);
	ia64_umodel_b_iob(SOCKET, 0, false, DRS, 0x0004, 50);	/* B-Box 0 */
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(in), 7ULL);
	KUNIT_EXPECT_EQ(test, unc_value(out), 3ULL);
	perf_event_release_kernel(in);
	perf_event_release_kernel(out);
	/* Unfiltered output (fields all ones), inserts of HOM0 input */
	all = unc_open_b(0x1a, RL_LOCAL, 0);
	ins = unc_open_b(0x17, RL_LOCAL, CTL3(HOM0, 0, 0, 0));
	KUNIT_ASSERT_FALSE(test, IS_ERR(all));
	KUNIT_ASSERT_FALSE(test, IS_ERR(ins));
	KUNIT_EXPECT_EQ(test, s->b_ctl[0][3], CTL3(HOM0, 0xffff, 0xffff, 0xffff));
	ia64_umodel_b_iob(SOCKET, 0, true, DRS, 0x0004, 5);
	ia64_umodel_b_iob(SOCKET, 0, true, NDR, GNT_FRCACK, 3);
	ia64_umodel_b_iob(SOCKET, 0, false, HOM0, 0x8000, 8);
	ia64_umodel_b_iob(SOCKET, 0, false, DRS, 0x8000, 2);
	KUNIT_EXPECT_EQ(test, unc_value(all), 8ULL);
	KUNIT_EXPECT_EQ(test, unc_value(ins), 8ULL);
	perf_event_release_kernel(all);
	perf_event_release_kernel(ins);
	unc_expect_quiet(test);
}

/*
 * One CTL3 per box: events must agree on the fields both use. Input and
 * output filters count together; another input class waits its turn.
 * A change of iob_trans_sel is followed by a CTL3 write (Table 5-13).
 */
static void unc_bbox_ctl3_sharing(struct kunit *test)
{
	struct ia64_umodel_socket *s = &ia64_umodel[SOCKET];
	struct perf_event *a, *b, *c, *d;

	a = unc_open_b(0x19, RL_LOCAL, CTL3(DRS, 0, 0, 0));
	b = unc_open_b(0x1a, RL_LOCAL, CTL3(0, 0, NDR, 0));
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, s->b_ctl[0][3], CTL3(DRS, 0xffff, NDR, 0xffff));
	ia64_umodel_b_iob(SOCKET, 0, false, DRS, 0x2, 4);
	ia64_umodel_b_iob(SOCKET, 0, true, NDR, 0x2, 6);
	KUNIT_EXPECT_EQ(test, unc_value(a), 4ULL);
	KUNIT_EXPECT_EQ(test, unc_value(b), 6ULL);
	c = unc_open_b(0x19, RL_LOCAL, CTL3(HOM0, 0, 0, 0));
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	unc_expect_turns(test, (struct perf_event *[]){ a, b, c }, 3);
	/* iob_trans_sel 0, then 2 (snoops) for an event of its own */
	a = unc_open_b(0x17, RL_LOCAL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	perf_event_release_kernel(a);
	d = unc_open_b(0x18, 2ULL << 15, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, s->b_ctl[0][2], 2ULL << 15);
	KUNIT_EXPECT_FALSE(test, s->b_ctl3_due[0]);
	perf_event_release_kernel(d);
	unc_expect_quiet(test);
}

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
/*
 * The socket's counting CPU goes offline: the events move to another CPU
 * of the socket, and the poll timer with them, which still folds wraps.
 */
static void unc_follows_hotplug(struct kunit *test)
{
	int first = ia64_uncore_socket_cpu(SOCKET), next;
	const u64 span = BIT_ULL(40);
	struct perf_event *ev;

	/* The harness boots three CPUs (qemu -smp 3). */
	KUNIT_ASSERT_GE(test, num_online_cpus(), 3U);
	ev = unc_open(IA64_UNC_BBOX, 0x25, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_umodel_b_count(SOCKET, 0, 0x25, 100);
	KUNIT_ASSERT_EQ(test, remove_cpu(first), 0);
	next = ia64_uncore_socket_cpu(SOCKET);
	KUNIT_EXPECT_GE(test, next, 0);
	KUNIT_EXPECT_NE(test, next, first);
	KUNIT_EXPECT_EQ(test, ev->cpu, next);
	ia64_umodel_b_count(SOCKET, 0, 0x25, span - 10);
	msleep(POLL_WAIT_MS);
	ia64_umodel_b_count(SOCKET, 0, 0x25, 30);
	msleep(POLL_WAIT_MS);
	KUNIT_EXPECT_EQ(test, unc_value(ev), span + 120);
	KUNIT_EXPECT_EQ(test, add_cpu(first), 0);
	KUNIT_EXPECT_EQ(test, ia64_uncore_socket_cpu(SOCKET), next);
	perf_event_release_kernel(ev);
	unc_expect_quiet(test);
}
#endif

static void excl_kernel(struct perf_event_attr *a) { a->exclude_kernel = 1; }
static void mask_bit0(struct perf_event_attr *a) { a->config2 = 1; }
static void excl_user(struct perf_event_attr *a) { a->exclude_user = 1; }
static void sampling(struct perf_event_attr *a) { a->sample_period = 1000; }
static void freq(struct perf_event_attr *a) { a->freq = 1; a->sample_freq = 100; }

static void unc_refusals(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type = ia64_uncore_pmu_type(IA64_UNC_BBOX),
		.size = sizeof(attr),
		.config = 0x25,
	};
	struct perf_event *ev;

	/* Codes and values the manual does not define */
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_BBOX, 0x12, 0, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_BBOX, 0x09, 38, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_BBOX, 0x25 | BIT(9), 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_ZBOX, 0x00, 0, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_ZBOX, 0x09, 4 << 4, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_ZBOX, 0x20, BIT(8), NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, rcfg(12, BIT(31)), 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, rcfg(0, BIT(31) | BIT(30)),
					       0, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, rcfg(0, BIT(21)), 0, NULL)),
			-EINVAL);
	/* CTL3: on an event it does not filter, an undefined class */
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open_b(0x25, 0, CTL3(HOM0, 0, 0, 0))),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open_b(0x19, RL_LOCAL, CTL3(0x20, 0, 0, 0))),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open_b(0x19, RL_LOCAL, CTL3(0, 0, NDR, 0))),
			-EINVAL);
	/* match/mask: without mm, outside the mask, bits of no header field */
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, rcfg(0, BIT(31)), 8, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, mcfg(0, 1), 8, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, mcfg(0, 1), 1, mask_bit0)),
			-EINVAL);
	/* QLX: reserved type, IPERF bits with qlx, illegal class */
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, qcfg(0, 0x03), 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX,
					       qcfg(0, 0x08) | BIT(31), 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_RBOX, qcfg(0, 0x70), 0, NULL)),
			-EINVAL);
	/* No privilege filter */
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_BBOX, 0x25, 0, excl_user)),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, PTR_ERR(unc_open(IA64_UNC_ZBOX, 0x1b, 0, excl_kernel)),
			-EOPNOTSUPP);
	/* No sampling */
	KUNIT_EXPECT_TRUE(test, IS_ERR(unc_open(IA64_UNC_BBOX, 0x25, 0, sampling)));
	KUNIT_EXPECT_TRUE(test, IS_ERR(unc_open(IA64_UNC_RBOX, rcfg(0, BIT(31)), 0, freq)));
	/* No task events */
	ev = perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ev));
	/* Socket 0 has no CPU here. */
	KUNIT_EXPECT_EQ(test, ia64_uncore_socket_cpu(0), -ENODEV);
	KUNIT_EXPECT_EQ(test, ia64_uncore_socket_cpu(IA64_UMODEL_SOCKETS), -ENODEV);
	KUNIT_EXPECT_EQ(test, ia64_uncore_pmu_type(IA64_UNC_NR_BOXES), -ENODEV);
	/* Nothing was programmed. */
	KUNIT_EXPECT_EQ(test, ia64_umodel[SOCKET].unfrozen_writes, 0U);
	KUNIT_EXPECT_EQ(test, ia64_umodel[SOCKET].b_ctl[0][1], 0ULL);
}

static void unc_reregister(struct kunit *test)
{
	int type = ia64_uncore_pmu_type(IA64_UNC_ZBOX);
	struct perf_event *ev, *mux[IA64_B_COUNTERS + 1];
	unsigned int i;

	KUNIT_EXPECT_GE(test, type, 0);
	KUNIT_EXPECT_EQ(test, ia64_uncore_register(&ia64_umodel_ops, "x"), -EBUSY);
	/*
	 * Unregister at once after multiplexing, while the core's rotation
	 * timer is still queued: the sequence that once corrupted the timer
	 * queue. pmu_suite_harness_perf checks the timer itself.
	 */
	for (i = 0; i < ARRAY_SIZE(mux); i++)
		mux[i] = unc_open(IA64_UNC_BBOX, 0x25, 0, NULL);
	for (i = 0; i < ARRAY_SIZE(mux); i++) {
		KUNIT_EXPECT_FALSE(test, IS_ERR(mux[i]));
		if (!IS_ERR(mux[i]))
			perf_event_release_kernel(mux[i]);
	}
	ia64_uncore_unregister();
	KUNIT_EXPECT_EQ(test, ia64_uncore_pmu_type(IA64_UNC_ZBOX), -ENODEV);
	KUNIT_EXPECT_EQ(test, ia64_uncore_socket_cpu(SOCKET), -ENODEV);
	KUNIT_ASSERT_EQ(test, ia64_uncore_register(&ia64_umodel_ops,
						   "itanium9300_model"), 0);
	ev = unc_open(IA64_UNC_ZBOX, 0x1b, 0, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	ia64_umodel_z_count(SOCKET, 0, 0x1b, 5);
	KUNIT_EXPECT_EQ(test, unc_value(ev), 5ULL);
	perf_event_release_kernel(ev);
}

static int unc_suite_init(struct kunit_suite *suite)
{
	ia64_umodel_reset();
	return ia64_uncore_register(&ia64_umodel_ops, "itanium9300_model");
}

static void unc_suite_exit(struct kunit_suite *suite)
{
	ia64_uncore_unregister();
}

/* format/: the fields' bits, as perf reads them (one file per field). */
static void unc_format_files(struct kunit *test)
{
	static const struct pmu_kunit_file ia64_unc_bbox_format_attrs_want[] = {
		{ "event", "config:0-5\n" },
		{ "box", "config:8\n" },
		{ "ctl2", "config1:0-43\n" },
		{ "class_in", "config2:0-15\n" },
		{ "opcode_in", "config2:16-31\n" },
		{ "class_out", "config2:32-47\n" },
		{ "opcode_out", "config2:48-63\n" },
		{ }
	};
	static const struct pmu_kunit_file ia64_unc_zbox_format_attrs_want[] = {
		{ "event", "config:0-5\n" },
		{ "box", "config:8\n" },
		{ "subctl", "config1:0-31\n" },
		{ "subctl2", "config2:0-31\n" },
		{ }
	};
	static const struct pmu_kunit_file ia64_unc_rbox_format_attrs_want[] = {
		{ "iperf", "config:0-31\n" },
		{ "port", "config:32-35\n" },
		{ "qlx", "config:36\n" },
		{ "type", "config:0-3\n" },
		{ "cls", "config:4-6\n" },
		{ "sub", "config:7\n" },
		{ "mm", "config:37\n" },
		{ "mm_flit", "config:38-41\n" },
		{ "mm_anyflit", "config:42\n" },
		{ "match", "config1:0-63\n" },
		{ "mask", "config2:0-63\n" },
		{ }
	};

	pmu_kunit_expect_format(test, ia64_unc_bbox_format_attrs,
				ia64_unc_bbox_format_attrs_want);
	pmu_kunit_expect_format(test, ia64_unc_zbox_format_attrs,
				ia64_unc_zbox_format_attrs_want);
	pmu_kunit_expect_format(test, ia64_unc_rbox_format_attrs,
				ia64_unc_rbox_format_attrs_want);
}

static struct kunit_case unc_cases[] = {
	KUNIT_CASE(unc_format_files),
	KUNIT_CASE(unc_bbox_counts),
	KUNIT_CASE(unc_bbox_wraps),
	KUNIT_CASE(unc_zbox_counts_and_wraps),
	KUNIT_CASE(unc_zbox_subctl),
	KUNIT_CASE(unc_rbox_counts_and_wraps),
	KUNIT_CASE(unc_rbox_iperf_sharing),
	KUNIT_CASE(unc_rbox_qlx_counts),
	KUNIT_CASE(unc_rbox_qlx_sharing),
	KUNIT_CASE(unc_rbox_mm_counts),
	KUNIT_CASE(unc_rbox_mm_sharing),
	KUNIT_CASE(unc_more_events_than_counters),
	KUNIT_CASE(unc_bbox_ctl2_sharing),
	KUNIT_CASE(unc_bbox_ctl3_filters),
	KUNIT_CASE(unc_bbox_ctl3_sharing),
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	KUNIT_CASE(unc_follows_hotplug),
#endif
	KUNIT_CASE(unc_refusals),
	KUNIT_CASE(unc_reregister),
	{}
};

static struct kunit_suite unc_suite = {
	.name = "itanium9300_uncore_model",
	.init = unc_init,
	.suite_init = unc_suite_init,
	.suite_exit = unc_suite_exit,
	.test_cases = unc_cases,
};

kunit_test_suite(unc_suite);
