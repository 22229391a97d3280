// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_event_open() checks for the guests, where the perf tool cannot say
 * exactly what the kernel answered. Checks print "@@RESULT PASS name" or
 * "@@RESULT FAIL name: why", as the guest scripts' pass() and fail() do.
 *
 *   pmucheck busy PMU CONFIG N    open N per-task events of PMU with raw
 *                                 CONFIG; print "busy R/N", R the opens
 *                                 refused with EBUSY
 *   pmucheck groups PMU           groups of PMU's events: the largest, one
 *                                 too many, software members, another
 *                                 PMU's event, disabled members
 *   pmucheck unpriv PMU UID       as UID (perf_event_paranoid 2 is the
 *                                 caller's to set): what may be opened, and
 *                                 that no sample field holds a kernel
 *                                 address
 *   pmucheck fuzz PMU SEED SECS   random events, groups, ioctls, reads,
 *                                 ring buffers and forks for SECS seconds;
 *                                 the same SEED draws the same numbers, but
 *                                 what the kernel answers (an open that
 *                                 fails, an empty slot) steers what is drawn
 *                                 next, so a run replays only as far as the
 *                                 answers repeat; PMUCHECK_TRACE=1 prints
 *                                 each call before it is made
 *
 * The groups and samples use POWER9 codes and powerpc's register layout.
 * Built static with the guest's cross compiler (tools/testing/harness).
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ppc64: the kernel's addresses start here. */
#define KERNEL_BASE	0xc000000000000000ULL
/* PMC1-4 any-PMC instructions, PMC2-4 selectors, PMC5 and PMC6. */
static const __u64 six[] = {
	0x00002, 0x20002, 0x3001e, 0x400fa, 0x500fa, 0x600f4,
};

static int failures;

static void result(int ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		printf("@@RESULT PASS %s\n", name);
		return;
	}
	failures++;
	printf("@@RESULT FAIL %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static int pmu_type(const char *pmu)
{
	char path[256];
	FILE *f;
	int type;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 pmu);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &type) != 1) {
		fprintf(stderr, "pmucheck: no PMU %s\n", pmu);
		exit(2);
	}
	fclose(f);
	return type;
}

static int sys_open(struct perf_event_attr *attr, int pid, int cpu, int group,
		    unsigned long flags)
{
	return syscall(SYS_perf_event_open, attr, pid, cpu, group, flags);
}

static void attr_init(struct perf_event_attr *attr, int type, __u64 config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = type;
	attr->config = config;
}

/* Per-task, on this task. */
static int open_event(int type, __u64 config, int group)
{
	struct perf_event_attr attr;

	attr_init(&attr, type, config);
	attr.disabled = group < 0;
	attr.read_format = PERF_FORMAT_GROUP;
	return sys_open(&attr, 0, -1, group, 0);
}

static unsigned long sink;

/* A loop the compiler keeps. */
static void work(unsigned long n)
{
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		sum += i;
		__asm__ __volatile__("" : "+r" (sum));
	}
	sink += sum;
}

static int count_busy(const char *pmu, const char *config, const char *count)
{
	int type = pmu_type(pmu), fd;
	unsigned long long c = strtoull(config, NULL, 0);
	long n = strtol(count, NULL, 0), i, refused = 0;

	for (i = 0; i < n; i++) {
		fd = open_event(type, c, -1);
		if (fd >= 0)
			close(fd);
		else if (errno == EBUSY)
			refused++;
	}
	printf("busy %ld/%ld\n", refused, n);
	return 0;
}

/*
 * Enable a group's leader (with @flag PERF_IOC_FLAG_GROUP, every member),
 * run some work, read the group: the number of values, or -1.
 */
static int run_flagged(int leader, int flag, __u64 *values, int max)
{
	__u64 buf[16];
	ssize_t n;
	int i;

	ioctl(leader, PERF_EVENT_IOC_ENABLE, flag);
	work(2000000);
	ioctl(leader, PERF_EVENT_IOC_DISABLE, flag);
	n = read(leader, buf, sizeof(buf));
	if (n < (ssize_t)sizeof(__u64) || buf[0] > (__u64)max)
		return -1;
	for (i = 0; i < (int)buf[0]; i++)
		values[i] = buf[1 + i];
	return buf[0];
}

static int run_group(int leader, __u64 *values, int max)
{
	return run_flagged(leader, PERF_IOC_FLAG_GROUP, values, max);
}

static void close_all(int *fd, int n)
{
	while (n--)
		if (fd[n] >= 0)
			close(fd[n]);
}

static int all_counted(const __u64 *v, int n)
{
	while (n--)
		if (!v[n])
			return 0;
	return 1;
}

static int check_groups(const char *pmu)
{
	int type = pmu_type(pmu), fd[8], n, i;
	__u64 v[8];

	/*
	 * Six events: PMC1-4 and PMC5/6, every counter. A seventh needs a
	 * counter there is not (while the six are enabled: members switched
	 * off do not count against a newcomer, as upstream's PMUs do).
	 */
	fd[0] = open_event(type, six[0], -1);
	for (i = 1; i < 6; i++)
		fd[i] = open_event(type, six[i], fd[0]);
	fd[6] = open_event(type, 0x10002, fd[0]);
	result(fd[6] < 0 && errno == EINVAL, "groups: a seventh event is refused",
	       "fd %d, errno %d", fd[6], errno);
	n = fd[5] >= 0 ? run_group(fd[0], v, 8) : -1;
	result(n == 6 && all_counted(v, 6), "groups: six events count as one group",
	       "opened %d, read %d values", fd[5] >= 0 ? 6 : 0, n);
	close_all(fd, 7);

	/* Software events may join, as leader or sibling. */
	fd[0] = open_event(type, six[0], -1);
	fd[1] = open_event(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, fd[0]);
	n = fd[1] >= 0 ? run_group(fd[0], v, 8) : -1;
	result(n == 2 && all_counted(v, 2), "groups: a software sibling",
	       "fd %d, %d values", fd[1], n);
	close_all(fd, 2);
	fd[0] = open_event(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, -1);
	fd[1] = open_event(type, six[1], fd[0]);
	fd[2] = open_event(type, six[4], fd[0]);
	n = fd[2] >= 0 ? run_group(fd[0], v, 8) : -1;
	result(n == 3 && all_counted(v, 3), "groups: a software leader",
	       "fds %d %d, %d values", fd[1], fd[2], n);
	close_all(fd, 3);

	/* A disabled sibling counts only once enabled. */
	fd[0] = open_event(type, six[0], -1);
	{
		struct perf_event_attr attr;

		attr_init(&attr, type, six[1]);
		attr.disabled = 1;
		attr.read_format = PERF_FORMAT_GROUP;
		fd[1] = sys_open(&attr, 0, -1, fd[0], 0);
	}
	n = fd[1] >= 0 ? run_flagged(fd[0], 0, v, 8) : -1;
	result(n == 2 && v[0] && !v[1], "groups: a disabled sibling does not count",
	       "%d values, %llu %llu", n, (unsigned long long)v[0],
	       (unsigned long long)(n == 2 ? v[1] : 0));
	ioctl(fd[1], PERF_EVENT_IOC_ENABLE, 0);
	n = run_flagged(fd[0], 0, v, 8);
	result(n == 2 && v[1], "groups: once enabled, it counts",
	       "%d values, %llu", n, (unsigned long long)(n == 2 ? v[1] : 0));
	close_all(fd, 2);

	/* Another PMU's hardware event is refused, either way round. */
	fd[0] = open_event(type, six[0], -1);
	fd[1] = open_event(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, fd[0]);
	result(fd[0] >= 0 && fd[1] < 0, "groups: the built-in PMU's sibling is refused",
	       "fds %d %d", fd[0], fd[1]);
	close_all(fd, 2);
	fd[0] = open_event(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, -1);
	fd[1] = open_event(type, six[0], fd[0]);
	result(fd[0] >= 0 && fd[1] < 0, "groups: a built-in PMU leader refuses it",
	       "fds %d %d", fd[0], fd[1]);
	close_all(fd, 2);
	return failures ? 1 : 0;
}

/*
 * Samples: ip, pid/tid, addr, user registers, interrupted registers. The
 * registers that would give the kernel away are the stack pointer (r1),
 * the TOC (r2), the paca (r13) and nip; any other may hold a user's -1.
 */
#define REGS_MASK	0x1ffffffffULL	/* r0-r31 and nip */
#define NR_REGS		33

static int kernel_reg(int i, __u64 v)
{
	return (i == 1 || i == 2 || i == 13 || i == 32) && v >= KERNEL_BASE;
}

struct ring {
	struct perf_event_mmap_page *meta;
	char *data;
	size_t size;
};

static int check_samples(struct ring *r, long *samples, long *bad)
{
	__u64 head = r->meta->data_head, tail = r->meta->data_tail;

	__sync_synchronize();
	while (tail + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;
		__u64 rec[256];
		size_t i, off = tail % r->size;

		for (i = 0; i < sizeof(h); i++)
			((char *)&h)[i] = r->data[(off + i) % r->size];
		if (!h.size || h.size > sizeof(rec))
			return -1;
		for (i = 0; i < h.size; i++)
			((char *)rec)[i] = r->data[(off + i) % r->size];
		if (h.type == PERF_RECORD_SAMPLE) {
			/* header, ip, pid/tid, addr, abi + regs, abi + regs */
			__u64 *p = rec + 1;
			int kernel = p[0] >= KERNEL_BASE || p[2] >= KERNEL_BASE;

			p += 3;
			for (i = 0; i < 2; i++) {
				__u64 abi = *p++;
				int j;

				for (j = 0; abi && j < NR_REGS; j++)
					kernel |= kernel_reg(j, *p++);
			}
			(*samples)++;
			*bad += kernel;
		}
		tail += h.size;
	}
	r->meta->data_tail = tail;
	return 0;
}

static void syscalls(int n)
{
	while (n--)
		syscall(SYS_getppid);
}

static int check_unpriv(const char *pmu, const char *uid_str)
{
	int type = pmu_type(pmu), fd, pages = 1 + 16, i;
	uid_t uid = strtoul(uid_str, NULL, 0);
	struct perf_event_attr attr;
	long samples = 0, bad = 0;
	struct ring r;

	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		perror("pmucheck: setuid");
		return 2;
	}
	attr_init(&attr, type, six[4]);
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	fd = sys_open(&attr, 0, -1, -1, 0);
	result(fd >= 0, "unpriv: a user-only per-task event opens", "errno %d", errno);
	close(fd);
	attr.exclude_kernel = 0;
	fd = sys_open(&attr, 0, -1, -1, 0);
	result(fd < 0 && errno == EACCES, "unpriv: counting the kernel is refused",
	       "fd %d, errno %d", fd, errno);
	attr.exclude_kernel = 1;
	fd = sys_open(&attr, -1, 0, -1, 0);
	result(fd < 0 && errno == EACCES, "unpriv: a CPU-wide event is refused",
	       "fd %d, errno %d", fd, errno);

	attr.sample_period = 20000;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ADDR |
			   PERF_SAMPLE_REGS_USER | PERF_SAMPLE_REGS_INTR;
	attr.sample_regs_user = REGS_MASK;
	attr.sample_regs_intr = REGS_MASK;
	attr.disabled = 1;
	fd = sys_open(&attr, 0, -1, -1, 0);
	result(fd >= 0, "unpriv: a sampling event with user and interrupt registers",
	       "errno %d", errno);
	if (fd < 0)
		return 1;
	r.size = (size_t)(pages - 1) * sysconf(_SC_PAGESIZE);
	r.meta = mmap(NULL, (size_t)pages * sysconf(_SC_PAGESIZE),
		      PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r.meta == MAP_FAILED) {
		result(0, "unpriv: ring buffer", "mmap errno %d", errno);
		return 1;
	}
	r.data = (char *)r.meta + sysconf(_SC_PAGESIZE);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	/* Much work, and system calls for interrupts to land in the kernel. */
	for (i = 0; i < 200; i++) {
		work(20000);
		syscalls(50);
		if (check_samples(&r, &samples, &bad))
			break;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	check_samples(&r, &samples, &bad);
	printf("unpriv: %ld samples, %ld with a kernel address\n", samples, bad);
	result(samples > 0 && !bad, "unpriv: no sample holds a kernel address",
	       "%ld of %ld samples", bad, samples);
	return failures ? 1 : 0;
}

/* The fuzzer: xorshift64, so that a seed draws the same numbers. */
static __u64 seed_state;

static __u64 rnd(void)
{
	seed_state ^= seed_state << 13;
	seed_state ^= seed_state >> 7;
	seed_state ^= seed_state << 17;
	return seed_state;
}

static int one_in(int n)
{
	return rnd() % n == 0;
}

#define FUZZ_FDS	48

/* PMUCHECK_TRACE set: every call is printed before it is made. */
static int fuzz_trace;

struct fuzz {
	int type;
	int fd[FUZZ_FDS];
	long opens, opened, ours, ours_opened, ioctls, reads, mmaps, forks;
};

static int fuzz_fd(struct fuzz *f)
{
	int i = rnd() % FUZZ_FDS;

	return f->fd[i];
}

static __u64 fuzz_config(void)
{
	switch (rnd() % 5) {
	case 0:
		return rnd();
	case 1:
		return rnd() & 0xffffffffffULL;
	case 2:
		return rnd() & 0xfffff;
	default:
		return six[rnd() % 6] | (one_in(4) ? (rnd() & 0xf) << 20 : 0);
	}
}

static void fuzz_attr(struct fuzz *f, struct perf_event_attr *a)
{
	static const __u64 periods[] = { 1, 10, 1000, 100000, 10000000 };
	int r = rnd() % 10;

	if (r < 7)
		attr_init(a, f->type, fuzz_config());
	else if (r == 7)
		attr_init(a, PERF_TYPE_SOFTWARE, rnd() % PERF_COUNT_SW_MAX);
	else if (r == 8)
		attr_init(a, PERF_TYPE_HARDWARE,
			  (one_in(2) ? (__u64)f->type << 32 : 0) |
			  rnd() % (PERF_COUNT_HW_MAX + 1));
	else
		attr_init(a, rnd() % 16, rnd());
	a->disabled = one_in(3);
	a->inherit = one_in(4);
	a->pinned = one_in(8);
	a->exclusive = one_in(16);
	a->exclude_user = one_in(8);
	a->exclude_kernel = one_in(3);
	a->exclude_hv = one_in(3);
	a->exclude_idle = one_in(16);
	a->exclude_host = one_in(16);
	a->exclude_guest = one_in(4);
	a->precise_ip = one_in(4) ? rnd() % 4 : 0;
	if (one_in(2)) {
		a->freq = one_in(4);
		if (a->freq)
			a->sample_freq = 1 + rnd() % 100000;
		else
			a->sample_period = one_in(8) ? rnd() : periods[rnd() % 5];
		a->sample_type = rnd() & (PERF_SAMPLE_MAX - 1) &
				 ~(__u64)PERF_SAMPLE_AUX;
		a->sample_regs_user = one_in(2) ? REGS_MASK : 0;
		a->sample_regs_intr = one_in(2) ? REGS_MASK : 0;
		a->sample_stack_user = one_in(4) ? 64 * (rnd() % 16) : 0;
		a->branch_sample_type = rnd() & 0xfffff;
		a->wakeup_events = rnd() % 4;
	}
	a->read_format = rnd() & 0x1f;
	a->sample_id_all = one_in(2);
	if (one_in(16))
		a->config1 = rnd();
	if (one_in(16))
		a->config2 = rnd();
}

static void fuzz_open(struct fuzz *f)
{
	struct perf_event_attr a;
	int slot = rnd() % FUZZ_FDS, group = -1, cpu = -1, pid = 0, fd;

	fuzz_attr(f, &a);
	if (one_in(3))
		group = fuzz_fd(f);
	if (one_in(8)) {
		pid = -1;
		cpu = rnd() % 2;
	}
	f->opens++;
	f->ours += a.type == (__u32)f->type;
	if (fuzz_trace)
		fprintf(stderr, "open type %u config %#llx period %llu freq %d ",
			a.type, (unsigned long long)a.config,
			(unsigned long long)a.sample_period, a.freq);
	if (fuzz_trace)
		fprintf(stderr, "pid %d cpu %d group %d\n", pid, cpu, group);
	fd = sys_open(&a, pid, cpu, group, one_in(2) ? PERF_FLAG_FD_CLOEXEC : 0);
	if (fd < 0)
		return;
	f->opened++;
	f->ours_opened += a.type == (__u32)f->type;
	if (f->fd[slot] >= 0)
		close(f->fd[slot]);
	f->fd[slot] = fd;
}

static void fuzz_ioctl(struct fuzz *f)
{
	int fd = fuzz_fd(f), flag = one_in(2) ? PERF_IOC_FLAG_GROUP : 0, r;
	__u64 arg = rnd() % 100000;

	if (fd < 0)
		return;
	f->ioctls++;
	r = rnd() % 7;
	if (fuzz_trace)
		fprintf(stderr, "ioctl fd %d op %d flag %d arg %llu\n", fd, r, flag,
			(unsigned long long)arg);
	switch (r) {
	case 0:
		ioctl(fd, PERF_EVENT_IOC_ENABLE, flag);
		break;
	case 1:
		ioctl(fd, PERF_EVENT_IOC_DISABLE, flag);
		break;
	case 2:
		ioctl(fd, PERF_EVENT_IOC_REFRESH, (int)(rnd() % 4));
		break;
	case 3:
		ioctl(fd, PERF_EVENT_IOC_RESET, flag);
		break;
	case 4:
		ioctl(fd, PERF_EVENT_IOC_PERIOD, &arg);
		break;
	case 5:
		ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, fuzz_fd(f));
		break;
	default:
		ioctl(fd, PERF_EVENT_IOC_ID, &arg);
		break;
	}
}

static void fuzz_read(struct fuzz *f)
{
	char buf[4096];
	int fd = fuzz_fd(f);

	if (fd < 0)
		return;
	f->reads++;
	if (fuzz_trace)
		fprintf(stderr, "read fd %d\n", fd);
	if (read(fd, buf, rnd() % sizeof(buf)) < 0)
		errno = 0;
}

static void fuzz_mmap(struct fuzz *f)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t len = (1 + (1 << (rnd() % 4))) * page;
	struct perf_event_mmap_page *m;
	struct pollfd p;
	int fd = fuzz_fd(f);

	if (fd < 0)
		return;
	if (fuzz_trace)
		fprintf(stderr, "mmap fd %d\n", fd);
	m = mmap(NULL, len, PROT_READ | (one_in(2) ? PROT_WRITE : 0),
		 MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return;
	f->mmaps++;
	work(20000);
	sink += m->data_head + m->index;
	p = (struct pollfd){ .fd = fd, .events = POLLIN };
	poll(&p, 1, 0);
	munmap(m, len);
}

static void fuzz_fork(struct fuzz *f)
{
	pid_t pid;

	if (fuzz_trace)
		fprintf(stderr, "fork\n");
	pid = fork();

	if (pid == 0) {
		work(50000);
		_exit(0);
	}
	if (pid > 0) {
		f->forks++;
		waitpid(pid, NULL, 0);
	}
}

static int run_fuzz(const char *pmu, const char *seed_str, const char *secs)
{
	struct fuzz f = { .type = pmu_type(pmu) };
	__u64 seed = strtoull(seed_str, NULL, 0);
	time_t end = time(NULL) + strtol(secs, NULL, 0);
	int i;

	for (i = 0; i < FUZZ_FDS; i++)
		f.fd[i] = -1;
	seed_state = seed ? seed : 1;
	fuzz_trace = !!getenv("PMUCHECK_TRACE");
	signal(SIGIO, SIG_IGN);
	signal(SIGTRAP, SIG_IGN);
	while (time(NULL) < end) {
		for (i = 0; i < 100; i++) {
			switch (rnd() % 20) {
			case 0 ... 9:
				fuzz_open(&f);
				break;
			case 10 ... 13:
				fuzz_ioctl(&f);
				break;
			case 14 ... 15:
				fuzz_read(&f);
				break;
			case 16:
				fuzz_mmap(&f);
				break;
			case 17:
				fuzz_fork(&f);
				break;
			default: {
				int slot = rnd() % FUZZ_FDS;

				if (f.fd[slot] >= 0)
					close(f.fd[slot]);
				f.fd[slot] = -1;
			}
			}
			work(1000);
		}
	}
	close_all(f.fd, FUZZ_FDS);
	printf("fuzz: seed %llu: %ld perf_event_open calls, %ld opened; ",
	       (unsigned long long)seed, f.opens, f.opened);
	printf("%ld for %s, %ld opened; %ld ioctls, %ld reads, %ld mmaps, %ld forks\n",
	       f.ours, pmu, f.ours_opened, f.ioctls, f.reads, f.mmaps, f.forks);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "busy"))
		return count_busy(argv[2], argv[3], argv[4]);
	if (argc == 3 && !strcmp(argv[1], "groups"))
		return check_groups(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "unpriv"))
		return check_unpriv(argv[2], argv[3]);
	if (argc == 5 && !strcmp(argv[1], "fuzz"))
		return run_fuzz(argv[2], argv[3], argv[4]);
	fprintf(stderr, "usage: pmucheck busy PMU CONFIG N | groups PMU |\n"
		"       pmucheck unpriv PMU UID | fuzz PMU SEED SECS\n");
	return 2;
}
