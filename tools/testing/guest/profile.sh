# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness profile` runs in the POWER9 guest: the spin
# loop without events, then under perf record (a fixed period, or the
# options `harness profile RECORD_OPTIONS` gives) on the built-in PMU and
# on power9. The host's QEMU plugin counts the kernel's
# instructions of each run between its two bench_mark() calls; the host
# then divides them by the samples, function by function.
. /suite/lib.sh

B=/suite/bench
SPIN=20000000
# harness profile RECORD_OPTIONS sets REC before this script.
REC=${REC:--c 20000}

insmod /suite/modules/pmu_suite.ko
insmod /suite/modules/power9_pmu_core.ko
insmod /suite/modules/power9_pmu.ko

$B spin $SPIN >/dev/null
# shellcheck disable=SC2086 # a list of options
{
	perf record -q -o /tmp/cpu.data $REC -e instructions -- $B spin $SPIN >/dev/null 2>&1
	perf record -q -o /tmp/p9.data $REC -e power9/instructions/ -- $B spin $SPIN >/dev/null 2>&1
}
echo "@@RECORD $REC"
echo "@@PROFILE record 0 samples $(perf script -i /tmp/cpu.data -F ip 2>/dev/null | wc -l) $(perf script -i /tmp/p9.data -F ip 2>/dev/null | wc -l)"
# The modules' functions, for the host to name their addresses.
grep -E '\[(pmu_suite|power9_pmu_core|power9_pmu)\]$' /proc/kallsyms | sed 's/^/@@KSYM /'
