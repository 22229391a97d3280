// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_event_open() checks for the guests, where the perf tool cannot say
 * exactly what the kernel answered:
 *   pmucheck busy PMU CONFIG N   open N per-task events of PMU with raw
 *                                CONFIG; print "busy R/N", R the opens
 *                                refused with EBUSY
 * Built static with the guest's cross compiler (tools/testing/harness).
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

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

static int open_event(int type, unsigned long long config)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = config;
	return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static int count_busy(const char *pmu, const char *config, const char *count)
{
	int type = pmu_type(pmu), fd;
	unsigned long long c = strtoull(config, NULL, 0);
	long n = strtol(count, NULL, 0), i, refused = 0;

	for (i = 0; i < n; i++) {
		fd = open_event(type, c);
		if (fd >= 0)
			close(fd);
		else if (errno == EBUSY)
			refused++;
	}
	printf("busy %ld/%ld\n", refused, n);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "busy"))
		return count_busy(argv[2], argv[3], argv[4]);
	fprintf(stderr, "usage: pmucheck busy PMU CONFIG N\n");
	return 2;
}
