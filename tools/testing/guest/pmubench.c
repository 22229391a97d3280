// SPDX-License-Identifier: GPL-2.0-only
/*
 * Timings for harness bench that the shell cannot take to the nanosecond
 * (CLOCK_MONOTONIC, which under QEMU -icount follows the instructions):
 *
 *   pmubench run CMD [ARG...]   run CMD (its output to /dev/null) and
 *                               print the nanoseconds from fork to exit
 *   pmubench insmod FILE        load the module FILE (finit_module) and
 *                               print the nanoseconds the call took
 *   pmubench accept TYPE1 TYPE2 CODE...
 *                               print those of the raw CODEs that open as
 *                               a counting event of this task on PMU type
 *                               TYPE1 and, once that is closed, on TYPE2,
 *                               one a line
 *   pmubench group TYPE ITER CODE...
 *                               for N = 1 to the number of CODEs: open a
 *                               group of the first N CODEs (counting, this
 *                               task) and close it, ITER times; print "N
 *                               NS" with NS the nanoseconds per open and
 *                               close of the group, or "N refused ERRNO"
 *   pmubench gprof TYPE ITER N CODE...
 *                               open and close the group of the first N
 *                               CODEs ITER times between two calls of
 *                               bench_mark(), where harness profile open
 *                               counts the kernel's instructions
 *
 * Built static for the guest by the harness (guest_overlay()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_GROUP 32

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int open_raw(unsigned int type, unsigned long long config, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
}

static int run(char **argv)
{
	long long start = now_ns();
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		dup2(fd, 1);
		dup2(fd, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	printf("%lld\n", now_ns() - start);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static int load(const char *file)
{
	long long start;
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	long ret;

	if (fd < 0) {
		perror(file);
		return 1;
	}
	start = now_ns();
	ret = syscall(SYS_finit_module, fd, "", 0);
	start = now_ns() - start;
	if (ret) {
		perror("finit_module");
		return 1;
	}
	printf("%lld\n", start);
	return 0;
}

static int accept_codes(unsigned int t1, unsigned int t2, int n, char **codes)
{
	int i, a, b;

	for (i = 0; i < n; i++) {
		unsigned long long c = strtoull(codes[i], NULL, 0);

		/* One at a time: the two PMUs share the counters. */
		a = open_raw(t1, c, -1);
		if (a >= 0)
			close(a);
		b = open_raw(t2, c, -1);
		if (b >= 0)
			close(b);
		if (a >= 0 && b >= 0)
			printf("0x%llx\n", c);
	}
	return 0;
}

/*
 * Where harness profile starts and stops counting: in asm, so that no
 * call of it is inlined away and its address is where every call lands
 * (as bench-ppc64.c's; the program is built for the POWER9 guest).
 */
void bench_mark(void);
asm(".globl bench_mark\n"
	"bench_mark:\n"
	"	blr\n");

/* Open and close a group of @size events @iter times; 0 or an errno. */
static int group_loop(unsigned int type, long iter, int size,
		      const unsigned long long *cfg)
{
	int fds[MAX_GROUP], k, err = 0;
	long it;

	for (it = 0; it < iter && !err; it++) {
		for (k = 0; k < size; k++) {
			fds[k] = open_raw(type, cfg[k], k ? fds[0] : -1);
			if (fds[k] < 0) {
				err = errno;
				break;
			}
		}
		while (k-- > 0)
			close(fds[k]);
	}
	return err;
}

static int parse_codes(int n, char **codes, unsigned long long *cfg)
{
	int i;

	if (n > MAX_GROUP)
		n = MAX_GROUP;
	for (i = 0; i < n; i++)
		cfg[i] = strtoull(codes[i], NULL, 0);
	return n;
}

static int group_profile(unsigned int type, long iter, int size, int n,
			 char **codes)
{
	unsigned long long cfg[MAX_GROUP];
	int err;

	n = parse_codes(n, codes, cfg);
	if (size > n)
		return 2;
	bench_mark();
	err = group_loop(type, iter, size, cfg);
	bench_mark();
	return err ? 1 : 0;
}

static int groups(unsigned int type, long iter, int n, char **codes)
{
	unsigned long long cfg[MAX_GROUP];
	int size;

	n = parse_codes(n, codes, cfg);
	for (size = 1; size <= n; size++) {
		long long start = now_ns();
		int err = group_loop(type, iter, size, cfg);

		if (err)
			printf("%d refused %d\n", size, err);
		else
			printf("%d %lld\n", size, (now_ns() - start) / iter);
		fflush(stdout);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "run"))
		return run(argv + 2);
	if (argc == 3 && !strcmp(argv[1], "insmod"))
		return load(argv[2]);
	if (argc >= 4 && !strcmp(argv[1], "accept"))
		return accept_codes(strtoul(argv[2], NULL, 0),
				    strtoul(argv[3], NULL, 0), argc - 4, argv + 4);
	if (argc >= 6 && !strcmp(argv[1], "gprof"))
		return group_profile(strtoul(argv[2], NULL, 0),
				     strtol(argv[3], NULL, 0),
				     (int)strtol(argv[4], NULL, 0), argc - 5,
				     argv + 5);
	if (argc >= 5 && !strcmp(argv[1], "group"))
		return groups(strtoul(argv[2], NULL, 0), strtol(argv[3], NULL, 0),
			      argc - 4, argv + 4);
	fprintf(stderr, "usage: see pmubench.c\n");
	return 2;
}
