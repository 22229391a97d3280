# SPDX-License-Identifier: GPL-2.0-only
# Guest checks of the harness itself, with the probe PMU
# (tools/testing/probe): module loading, sysfs, perf stat and perf record
# with and without the perf_event_overflow() export, KUnit in the guest.
. /suite/lib.sh

pmu=/sys/bus/event_source/devices/pmu_suite_probe
check "probe: insmod" insmod /suite/modules/pmu_suite_probe.ko
check_file "probe: sysfs format/event" $pmu/format/event "config:0-7"
check_file "probe: sysfs events/ns" $pmu/events/ns "event=0x1"
check_file "probe: sysfs caps/sampling" $pmu/caps/sampling 1

# perf stat: the probe's nanoseconds against the kernel's task-clock.
perf stat -x, -e pmu_suite_probe/ns/,task-clock -o /tmp/stat.csv \
	-- sh -c '. /suite/lib.sh; busy_loop 20000' >/dev/null 2>&1
ns=$(awk -F, '$3 ~ /pmu_suite_probe/ { print $1 }' /tmp/stat.csv)
tc=$(awk -F, '$3 == "task-clock" { printf "%d", $1 * 1000000 }' /tmp/stat.csv)
echo "probe perf stat: ns=$ns task-clock-ns=$tc"
check_ratio "probe: perf stat counts task time" "${ns:-0}" "${tc:-0}" 5

# perf record at a 1 ms period: about one sample per ms of task time.
perf record -q -e pmu_suite_probe/ns/ -c 1000000 -o /tmp/probe.data \
	-- sh -c '. /suite/lib.sh; busy_loop 20000' >/dev/null 2>&1
samples=$(perf script -i /tmp/probe.data -F ip 2>/dev/null | wc -l)
echo "probe perf record: $samples samples for ${tc:-0} ns of task time"
check_ratio "probe: perf record sample count" "$samples" "$((${tc:-0} / 1000000))" 35
check "probe: perf report" sh -c \
	"perf report -i /tmp/probe.data --stdio --sort comm 2>/dev/null | grep -q ' sh *$'"
check "probe: rmmod" rmmod pmu_suite_probe

# Built as against a stock kernel: counts, refuses sampling.
check "probe (no export): insmod" insmod /suite/modules/stock/pmu_suite_probe.ko
check_file "probe (no export): caps/sampling" $pmu/caps/sampling 0
check "probe (no export): perf stat" perf stat -e pmu_suite_probe/ns/ true
if perf record -q -e pmu_suite_probe/ns/ -c 1000000 -o /tmp/stock.data true \
		>/tmp/rec.out 2>&1; then
	fail "probe (no export): perf record refused" "perf record succeeded"
else
	pass "probe (no export): perf record refused"
fi
check "probe (no export): rmmod" rmmod pmu_suite_probe

run_kunit_module /suite/modules/pmu_common_kunit.ko

