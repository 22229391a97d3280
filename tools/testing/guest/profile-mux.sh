# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness profile mux` runs in the POWER9 guest: the
# spin loop without events, then under perf stat with 8 ungrouped raw
# events of PMC1-4 (two per PMC: four count at a time, and the perf core
# rotates them) on the built-in PMU and on power9. The host's QEMU plugin
# counts the kernel's instructions of each run between the loop's two
# bench_mark() calls; the host divides them by the rotations the loop's
# time allows (one per mux interval).
. /suite/lib.sh

B=/suite/bench
P9=/sys/bus/event_source/devices/power9
SPIN=20000000

insmod /suite/modules/pmu_suite.ko
insmod /suite/modules/power9_pmu_core.ko
insmod /suite/modules/power9_pmu.ko

# As bench.sh picks them: codes of PMC1-4 both PMUs list, in turn.
codes=$(cat $P9/events/* 2>/dev/null |
	sed -n 's/^event=\(0x[1-4]00[0-9a-f][0-9a-f]\)$/\1/p' |
	grep -v '00$' | sort -u)
for p in 1 2 3 4; do
	echo "$codes" | grep "^0x$p" | head -n 2 | awk -v p=$p '{ print NR, p, $1 }'
done | sort -n -k1,1 -k2,2 | awk '{ print $3 }' >/tmp/mux-codes
cpu=$(sed 's/^0x/r/' /tmp/mux-codes | paste -s -d, -)
p9=$(sed 's|^\(.*\)$|power9/event=\1/|' /tmp/mux-codes | paste -s -d, -)

ns=$($B spin $SPIN)
perf stat -o /tmp/cpu.stat -e "$cpu" -- $B spin $SPIN >/dev/null 2>&1
perf stat -o /tmp/p9.stat -e "$p9" -- $B spin $SPIN >/dev/null 2>&1
ms=$(cat $P9/perf_event_mux_interval_ms)
echo "@@PROFILE mux $(wc -l </tmp/mux-codes) rotations $((ns / (ms * 1000000))) $((ns / (ms * 1000000)))"
grep -h '[0-9]' /tmp/cpu.stat /tmp/p9.stat | sed 's/^/@@STAT /'
grep -E '\[(pmu_suite|power9_pmu_core|power9_pmu)\]$' /proc/kallsyms | sed 's/^/@@KSYM /'
