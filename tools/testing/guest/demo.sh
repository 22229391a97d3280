# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness demo` shows in the POWER9 guest.
. /suite/lib.sh

echo "== $(uname -sr) on $(grep -m1 '^cpu' /proc/cpuinfo)"
echo "== PMUs: $(ls /sys/bus/event_source/devices | tr '\n' ' ')"
for m in /suite/modules/*.ko; do
	case $m in *kunit*) continue ;; esac
	insmod "$m" && echo "== loaded $(basename "$m")"
done
echo "== PMUs now: $(ls /sys/bus/event_source/devices | tr '\n' ' ')"
echo "== perf list pmu"
perf list pmu 2>/dev/null | grep -v '^$' | head -n 20
echo "== perf stat"
perf stat -e pmu_suite_probe/ns/,task-clock,instructions,cycles \
	-- sh -c '. /suite/lib.sh; busy_loop 20000' 2>&1
echo "== perf record"
perf record -e pmu_suite_probe/ns/ -c 1000000 -o /tmp/demo.data \
	-- sh -c '. /suite/lib.sh; busy_loop 20000' 2>&1
echo "== perf report"
perf report -i /tmp/demo.data --stdio --sort comm,dso,sym 2>/dev/null | grep -v '^$' | head -n 25
