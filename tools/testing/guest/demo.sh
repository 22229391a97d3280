# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness demo` shows in the POWER9 guest: the power9
# PMU module loaded next to the built-in cpu PMU, and the real perf tool
# counting and sampling with it.
. /suite/lib.sh

LOOP=/suite/loop

echo "== $(uname -sr) on $(grep -m1 '^cpu' /proc/cpuinfo)"
echo "== PMUs: $(ls /sys/bus/event_source/devices | tr '\n' ' ')"
for m in pmu_suite power9_pmu_core power9_pmu; do
	insmod /suite/modules/$m.ko && echo "== loaded $m"
done
echo "== PMUs now: $(ls /sys/bus/event_source/devices | tr '\n' ' ')"
echo "== $(ls /sys/bus/event_source/devices/power9/events | wc -l) events in sysfs; perf list, first lines:"
perf list power9 2>/dev/null | grep -v '^$' | head -n 12
echo "== perf stat: the power9 PMU beside the built-in one, on a loop of 40,000,000 instructions"
perf stat -e power9/pm_run_inst_cmpl/,power9/pm_cyc/,power9/instructions/ -- $LOOP 2>&1
perf stat -e instructions,cycles -- $LOOP 2>&1
echo "== perf stat: a group of four and PMC5/6 (QEMU counts only instructions and cycles:"
echo "   the load and branch events read 0 in this guest)"
perf stat -e '{power9/pm_ld_ref_l1/,power9/pm_cyc_c2001e/,power9/pm_inst_cmpl_c30002/,power9/pm_br_cmpl/,power9/event=0x500fa/,power9/event=0x600f4/}' -- $LOOP 2>&1
echo "== perf record -c 100000 -e power9/event=0x500fa/"
perf record -e power9/event=0x500fa/ -c 100000 -o /tmp/demo.data -- $LOOP 2>&1
echo "== perf report"
perf report -i /tmp/demo.data --stdio --sort comm,dso,sym 2>/dev/null | grep -v '^$' | head -n 15
echo "== the suite's perf (perf 6.12 with the suite's JSON): descriptions and metrics"
/suite/perf-suite list pm_br_pred 2>/dev/null | grep -v '^$' | head -n 6
echo "== perf stat -M CPI,Br_Mpred_Flush_Rate (QEMU runs one instruction a cycle; it counts no flushes)"
/suite/perf-suite stat -M CPI,Br_Mpred_Flush_Rate -- $LOOP 2>&1
echo "== tools/pmu-suite-check: what an owner of a POWER9 runs and sends back"
sh /suite/pmu-suite-check --workload /suite/check-workload --modules /suite/modules \
	--output /tmp/check-report.txt 2>&1 | grep -E '^(PASS|FAIL|SKIP|NOTE|pmu-suite-check:)'
echo "== its report, /tmp/check-report.txt (each listing cut to four lines)"
sed '/^== results/,$d' /tmp/check-report.txt |
	awk '/^    / { if (++n > 4) next } !/^    / { n = 0 } 1'
