# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness profile open` runs in the POWER9 guest: the
# opens and closes of a counting group of this task that bench.sh times,
# 50 of them, of the group of the first GROUP (default 3) of the bench's
# codes, on the built-in PMU and on power9, after a run that opens nothing.
# The host divides the kernel's instructions between pmubench's two
# bench_mark() calls by the groups.
. /suite/lib.sh

PB=/suite/pmubench
P9=/sys/bus/event_source/devices/power9
ITER=50
# bench.sh's codes: one of each of PMC1-4, then PMC5 and PMC6.
CODES="0x10002 0x20002 0x30002 0x40002 0x500fa 0x600f4"
# harness profile open N sets GROUP before this script.
GROUP=${GROUP:-3}

insmod /suite/modules/pmu_suite.ko
insmod /suite/modules/power9_pmu_core.ko
insmod /suite/modules/power9_pmu.ko

p9type=$(cat $P9/type)
cputype=$(cat /sys/bus/event_source/devices/cpu/type)
# shellcheck disable=SC2086 # a list of codes
{
	$PB gprof "$cputype" 0 "$GROUP" $CODES
	$PB gprof "$cputype" $ITER "$GROUP" $CODES || echo "@@FAIL cpu group"
	$PB gprof "$p9type" $ITER "$GROUP" $CODES || echo "@@FAIL power9 group"
}
echo "@@PROFILE open $GROUP groups $ITER $ITER"
grep -E '\[(pmu_suite|power9_pmu_core|power9_pmu)\]$' /proc/kallsyms | sed 's/^/@@KSYM /'
