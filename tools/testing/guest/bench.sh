# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness bench` measures in the POWER9 guest: the
# power9 PMU's overheads beside the built-in cpu PMU's, in one boot.
#
# The guest runs under QEMU with -icount, where time follows the
# instructions executed: the figures compare how much work each driver
# adds, not what a POWER9 core would take. Each figure is the median of
# five runs.
. /suite/lib.sh

B=/suite/bench
SWITCHES=20000
SPIN=20000000
PERIOD=100000

insmod /suite/modules/pmu_suite.ko
insmod /suite/modules/power9_pmu_core.ko
insmod /suite/modules/power9_pmu.ko

median5() {
	sort -n | sed -n 3p
}

# run_ns CMD...: median of five runs of CMD, which ends by printing the
# bench program's nanoseconds on stdout.
run_ns() {
	for i in 1 2 3 4 5; do
		"$@" 2>/dev/null | tail -n 1
	done | median5
}

# pct T BASE: T's overhead over BASE, in percent with two decimals.
pct() {
	d=$(( ($1 - $2) * 10000 / $2 ))
	sign=+
	[ "$d" -lt 0 ] && { sign=-; d=$((-d)); }
	printf '%s%d.%02d%%\n' "$sign" $((d / 100)) $((d % 100))
}

row() {
	printf '%-34s %12s %10s\n' "$1" "$2" "$3"
}

echo "Per-task counting on a context-switch load: $SWITCHES pipe round trips"
echo "($((SWITCHES * 2)) switches), two events counted in both tasks (perf stat)"
base=$(run_ns $B switch $SWITCHES)
cpu=$(run_ns perf stat -o /dev/null -e cycles,instructions -- $B switch $SWITCHES)
p9=$(run_ns perf stat -o /dev/null -e power9/cycles/,power9/instructions/ -- $B switch $SWITCHES)
row "" "ns/switch" "overhead"
row "no events" $((base / (SWITCHES * 2))) "-"
row "cpu/cycles/,cpu/instructions/" $((cpu / (SWITCHES * 2))) "$(pct "$cpu" "$base")"
row "power9/cycles/,power9/instructions/" $((p9 / (SWITCHES * 2))) "$(pct "$p9" "$base")"
echo

echo "perf record -c $PERIOD on a loop of $SPIN iterations ($((SPIN * 4)) instructions)"
base=$(run_ns $B spin $SPIN)
cpu=$(run_ns perf record -q -o /tmp/b.data -c $PERIOD -e instructions -- $B spin $SPIN)
cs=$(perf script -i /tmp/b.data -F ip 2>/dev/null | wc -l)
p9=$(run_ns perf record -q -o /tmp/b.data -c $PERIOD -e power9/instructions/ -- $B spin $SPIN)
ps=$(perf script -i /tmp/b.data -F ip 2>/dev/null | wc -l)
row "" "us" "overhead"
row "no events" $((base / 1000)) "-"
row "cpu/instructions/ ($cs samples)" $((cpu / 1000)) "$(pct "$cpu" "$base")"
row "power9/instructions/ ($ps samples)" $((p9 / 1000)) "$(pct "$p9" "$base")"
