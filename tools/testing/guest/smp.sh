# SPDX-License-Identifier: GPL-2.0-only
# The POWER9 PMU module on four emulated POWER9 CPUs: a per-task count
# that follows its task from CPU to CPU, CPU-wide counts on every CPU, and
# a CPU taken offline and back while CPU-wide events count and sample.
# QEMU counts instructions exactly (-icount): a loop of 40,000,000
# instructions counts at least that much wherever it runs.
. /suite/lib.sh

LOOP=/suite/loop
CPU=/sys/devices/system/cpu
check "smp: four CPUs online" sh -c "[ \$(cat $CPU/online) = 0-3 ]"
check "smp: insmod pmu_suite" insmod /suite/modules/pmu_suite.ko
check "smp: insmod power9_pmu_core" insmod /suite/modules/power9_pmu_core.ko
check "smp: insmod power9_pmu" insmod /suite/modules/power9_pmu.ko

# csv_value FILE EVENT: the count perf stat -x, wrote for EVENT.
csv_value() {
	awk -F, -v e="$2" '$3 ~ e && $1 ~ /^[0-9]+$/ { print $1; exit }' "$1"
}

# A per-task event follows its task: 200,000,000 loop iterations pinned
# to one CPU, then again while the task is moved to the next CPU every
# MOVE_MS milliseconds (default a fiftieth of a second). Both start
# through taskset: on the debug kernel an exec alone costs about 1% of
# the count (QEMU counts the kernel too).
perf stat -x, -o /tmp/pinned.csv -e power9/pm_run_inst_cmpl/ -- \
	taskset -c 1 /suite/longloop >/dev/null 2>&1
ref=$(csv_value /tmp/pinned.csv pm_run_inst_cmpl)
perf stat -x, -o /tmp/moved.csv -e power9/pm_run_inst_cmpl/,cpu-migrations -- \
	taskset -c 0-3 /suite/longloop >/dev/null 2>&1 &
# perf takes a while to start the loop on the debug kernel.
pid=
for i in $(seq 100); do
	pid=$(pidof longloop) && break
	sleep 0.1
done
[ -n "$pid" ] && /suite/pmucheck move "$pid" 4 "${MOVE_MS:-20}" >/dev/null
wait
n=$(csv_value /tmp/moved.csv pm_run_inst_cmpl)
moves=$(csv_value /tmp/moved.csv cpu-migrations)
echo "pinned: $ref, moved $moves times: $n"
check_ratio "smp: a migrating task counts within ${MOVE_TOLERANCE:-1}% of a pinned one" \
	"${n:-0}" "${ref:-0}" "${MOVE_TOLERANCE:-1}"
check "smp: the task migrated at least three times" [ "${moves:-0}" -ge 3 ]

# CPU-wide events on every CPU, each running one loop.
perf stat -a -A -x, -o /tmp/percpu.csv -e power9/pm_run_inst_cmpl/ -- \
	sh -c "for c in 0 1 2 3; do taskset -c \$c $LOOP & done; wait" >/dev/null 2>&1
for c in 0 1 2 3; do
	v=$(awk -F, -v c="CPU$c" '$1 == c && $2 ~ /^[0-9]+$/ { print $2 }' /tmp/percpu.csv)
	if [ "${v:-0}" -ge 40000000 ]; then
		pass "smp: CPU-wide count on CPU$c"
	else
		fail "smp: CPU-wide count on CPU$c" "'${v}' below the loop's 40000000"
		sed 's/^/  | /' /tmp/percpu.csv
	fi
done

# CPU 2 goes offline and comes back while CPU-wide events count and
# sample. The perf core of 6.12 drops a CPU's events when the CPU goes
# (they do not come back with it), so the loop that runs on CPU 1 in the
# meantime is what must be counted, CPU 2 must end as the built-in PMU's
# does, and a new session counts and samples on CPU 2. The loop on CPU 2
# after it comes back is the long one (about 800,000,000 instructions):
# taking a CPU offline is itself tens of millions of instructions on the
# debug kernel, counted before its events go.
cat >/tmp/hotplug.sh <<END
echo 0 >$CPU/cpu2/online
taskset -c 1 $LOOP
echo 1 >$CPU/cpu2/online
sleep 0.2
taskset -c 2 /suite/longloop
END
# percpu EVENT CPU FILE: CPU's count of EVENT in a perf stat -a -A file.
percpu() {
	awk -F, -v c="CPU$2" -v e="$1" \
		'$1 == c && $4 ~ e && $2 ~ /^[0-9]+$/ { print $2 }' "$3"
}
perf stat -a -A -x, -o /tmp/hp.csv -e power9/pm_run_inst_cmpl/ -- \
	sh /tmp/hotplug.sh >/dev/null 2>&1
check "smp: CPU 2 back online" grep -qx 0-3 $CPU/online
perf stat -a -A -x, -o /tmp/hp-cpu.csv -e instructions -- \
	sh /tmp/hotplug.sh >/dev/null 2>&1
p9_1=$(percpu pm_run_inst_cmpl 1 /tmp/hp.csv)
p9_2=$(percpu pm_run_inst_cmpl 2 /tmp/hp.csv)
cpu_2=$(percpu instructions 2 /tmp/hp-cpu.csv)
echo "across hotplug: power9 CPU1 $p9_1 CPU2 $p9_2, built-in CPU2 $cpu_2"
check "smp: CPU 1 counted while CPU 2 was offline" [ "${p9_1:-0}" -ge 40000000 ]
if [ $((${p9_2:-0} >= 400000000)) -eq $((${cpu_2:-0} >= 400000000)) ]; then
	pass "smp: CPU 2's event ends the hotplug as the built-in PMU's"
else
	fail "smp: CPU 2's event ends the hotplug as the built-in PMU's" \
		"power9 '$p9_2', built-in '$cpu_2'"
fi
perf stat -a -A -x, -o /tmp/after.csv -e power9/pm_run_inst_cmpl/ -- \
	taskset -c 2 $LOOP >/dev/null 2>&1
v=$(percpu pm_run_inst_cmpl 2 /tmp/after.csv)
check "smp: a new session counts on CPU 2" [ "${v:-0}" -ge 40000000 ]
perf record -q -a -o /tmp/hp.data -e power9/cycles/ -c 1000000 -- \
	sh /tmp/hotplug.sh >/dev/null 2>&1
n=$(perf report -q -i /tmp/hp.data --stdio --sort comm,cpu 2>/dev/null |
	awk '$2 == "loop" && $3 == 1 { n++ } END { print n + 0 }')
check "smp: samples of the loop on CPU 1 while CPU 2 was offline" [ "$n" -ge 1 ]
perf record -q -a -o /tmp/after.data -e power9/cycles/ -c 1000000 -- \
	taskset -c 2 $LOOP >/dev/null 2>&1
n=$(perf report -q -i /tmp/after.data --stdio --sort comm,cpu 2>/dev/null |
	awk '$2 == "loop" && $3 == 2 { n++ } END { print n + 0 }')
check "smp: a new session samples on CPU 2" [ "$n" -ge 1 ]

check "smp: rmmod power9_pmu" rmmod power9_pmu
check "smp: rmmod power9_pmu_core" rmmod power9_pmu_core
check "smp: rmmod pmu_suite" rmmod pmu_suite
