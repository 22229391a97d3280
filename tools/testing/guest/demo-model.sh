# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness demo` shows after the POWER9 guest: the SPARC
# T4 and Itanium 9300 drivers under the real perf, on their register
# models (no emulator runs either processor).
. /suite/lib.sh
SPIN=/suite/spin
echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent
# Kernel messages (an emulated NMI can look slow) stay out of the show.
dmesg -n 1

echo "== ON THE REGISTER MODELS, NOT ON A T4 OR AN ITANIUM: an x86_64 guest ($(uname -sr))"
echo "   where pmu_model_live.ko registers the T4 and Itanium drivers' perf glue over"
echo "   the register models of their KUnit tests. The models count run time (each"
echo "   selected event once per nanosecond), so the figures are a simulation."
insmod /suite/pmu_model_live.ko && echo "== loaded pmu_model_live"
echo "== PMUs now: $(ls /sys/bus/event_source/devices | tr '\n' ' ')"
echo "== perf list sparc_t4, first lines"
perf list sparc_t4 2>/dev/null | grep -v '^$' | head -n 8
echo "== perf stat on sparc_t4 (the workload spins in hot() for about a second)"
perf stat -e task-clock,sparc_t4/cycles/u,sparc_t4/instr_ld/uk,sparc_t4/dc_miss_nospec/uk -- $SPIN 2>&1
echo "== perf record -e sparc_t4/br_mispred/upp -c 2000000 (a precise group), perf report"
perf record -e sparc_t4/br_mispred/upp -c 2000000 -o /tmp/t4.data -- $SPIN 2>&1
perf report -i /tmp/t4.data --stdio --sort comm,dso,sym 2>/dev/null | grep -v '^$' | head -n 12
echo "== perf stat -a on a memory controller's DRAM counters"
perf stat -a -e sparc_t4_dram_0/reads/,sparc_t4_dram_0/writes/ -- $SPIN 2>&1
echo "== perf list itanium9300, first lines"
perf list itanium9300 2>/dev/null | grep -v '^$' | head -n 8
echo "== perf stat on itanium9300"
perf stat -e task-clock,itanium9300/cpu_op_cycles/u,itanium9300/ia64_inst_retired/u -- $SPIN 2>&1
echo "== perf record -b: branch stacks from the trace buffer (the model's entries)"
perf record -b -e itanium9300/ia64_inst_retired/u -c 20000000 -o /tmp/ia.data -- $SPIN 2>&1
perf script -i /tmp/ia.data -F ip,sym,brstack 2>/dev/null | head -n 3 | cut -c 1-150
echo "== perf stat -a on the Itanium Z-Box (memory controller)"
perf stat -a -e itanium9300_zbox/cycles/,itanium9300_zbox/page_miss,box=1/ -- $SPIN 2>&1
echo "== tools/pmu-suite-check on the models (its count checks hold them to what"
echo "   the models give per nanosecond; 50 aliases of each PMU)"
sh /suite/pmu-suite-check --workload /suite/check-workload --modules /suite \
	--aliases 50 --batch 50 --output /tmp/check-report.txt 2>&1 |
	grep -E '^(PASS|FAIL|SKIP|NOTE|     |pmu-suite-check:)'
echo "== its report, /tmp/check-report.txt (each listing cut to four lines)"
sed '/^== results/,$d' /tmp/check-report.txt |
	awk '/^    / { if (++n > 4) next } !/^    / { n = 0 } 1'
