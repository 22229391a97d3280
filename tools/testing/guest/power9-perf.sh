# SPDX-License-Identifier: GPL-2.0-only
# The POWER9 PMU module on the emulated POWER9 with the real perf, against
# the built-in "cpu" PMU on the same workload. QEMU counts instructions
# and cycles exactly but ignores the privilege freeze bits and leaves
# SIER/SIAR/SDAR zero: those are proven on the register model instead.
. /suite/lib.sh
# power9.sh runs after this file, in the same shell: it uses P9, LOOP and
# stat_count.

P9=/sys/bus/event_source/devices/power9
LOOP=/suite/loop

check "power9: insmod pmu_suite" insmod /suite/modules/pmu_suite.ko
check "power9: insmod power9_pmu_core" insmod /suite/modules/power9_pmu_core.ko
check "power9: insmod power9_pmu" insmod /suite/modules/power9_pmu.ko
# One line at load says what the build can do, with "perf" in it, which
# perf's hint (dmesg | grep -i perf) finds.
check "power9: the load line says it counts and samples" sh -c \
	"dmesg | grep -q 'power9: perf PMU registered: 6 counters, counting and sampling'"
# The manual's 1157 events, 23 generic perf event names, and perf mem's
# mem-loads and mem-stores; less, on QEMU's POWER9 (DD2.2, PVR 004e 1202),
# the 8 catalogue codes that revision counts wrongly (restrictions.json).
check "power9: the guest is POWER9 DD2.2" sh -c \
	"grep -q '^revision.*pvr 004e 1202' /proc/cpuinfo"
check "power9: sysfs events/ has the catalogue" sh -c "[ \$(ls $P9/events | wc -l) -eq 1174 ]"
check "power9: sysfs events/ hides DD2.2's PM_DTLB_MISS_4K" \
	sh -c "[ ! -e $P9/events/pm_dtlb_miss_4k ]"
check_file "power9: sysfs events/mem-loads" $P9/events/mem-loads \
	"event=0x401e0,sample_elig=0x5,thresh_sel=0x1,thresh_stop=0x4,thresh_start=0x3"
check_file "power9: sysfs events/llc-prefetches" $P9/events/llc-prefetches "event=0x0f0b0"
check_file "power9: sysfs events/cycles" $P9/events/cycles "event=0x0001e"
check_file "power9: sysfs events/pm_run_inst_cmpl" $P9/events/pm_run_inst_cmpl "event=0x400fa"
check_file "power9: sysfs format/pmc" $P9/format/pmc "config:16-18"
# perf 6.12 finds a sysfs event only if its name has one case.
check "power9: perf opens power9/L1-dcache-load-misses/" sh -c \
	"perf stat -x, -e power9/L1-dcache-load-misses/ -- true 2>&1 | grep -q '^[0-9]*,,power9/L1-dcache-load-misses/'"
# perf parses the fields mem-loads gives beyond the event (QEMU counts
# no marked event: the count is 0; the model checks the samples). One at
# a time: marked events that sample differently cannot share MMCRA.
for ev in mem-loads mem-stores; do
	check "power9: perf opens power9/$ev/" sh -c \
		"perf stat -x, -e power9/$ev/ -- true 2>&1 | grep -q '^[0-9]*,,power9/$ev/'"
done
check_file "power9: sysfs caps/sampling" $P9/caps/sampling 1
check_file "power9: sysfs caps/max_precise (marked events)" $P9/caps/max_precise 2
check_file "power9: sysfs caps/pmu_name" $P9/caps/pmu_name POWER9

# perf stat: one count of a perf stat -x, run of the loop.
stat_count() {
	perf stat -x, -e "$1" -o /tmp/stat.csv -- $LOOP >/dev/null 2>&1
	awk -F, 'NR > 2 && $1 ~ /^[0-9]+$/ { print $1; exit }' /tmp/stat.csv
}

ref=$(stat_count instructions)
echo "built-in instructions: $ref"
for ev in event=0x500fa pm_run_inst_cmpl pm_inst_cmpl pm_inst_cmpl_c20002 instructions; do
	n=$(stat_count "power9/$ev/")
	echo "power9/$ev/: $n"
	check_ratio "power9: perf stat $ev within 1% of cpu/instructions/" "${n:-0}" "${ref:-0}" 1
done
# QEMU derives cycles from its virtual clock (1 GHz). The guest runs with
# -icount, so that clock follows the instructions executed, but two runs
# still differ in the kernel work around them: compare cycles per
# task-clock nanosecond, measured in the same run as each count.
cycle_rate() {
	perf stat -x, -e "$1",task-clock -o /tmp/rate.csv -- $LOOP >/dev/null 2>&1
	awk -F, 'NR > 2 && $1 ~ /^[0-9.]+$/ { v[n++] = $1 }
		END { if (n == 2 && v[1] > 0) printf "%.0f", v[0] / (v[1] * 1000000) * 1000000 }' /tmp/rate.csv
}
refc=$(cycle_rate cycles)
for ev in event=0x600f4 pm_cyc pm_cyc_c3001e cycles; do
	n=$(cycle_rate "power9/$ev/")
	echo "power9/$ev/: $n cycles per ms (built-in cycles: $refc)"
	check_ratio "power9: perf stat $ev rate within 1% of cpu/cycles/" "${n:-0}" "${refc:-0}" 1
done

# A group of four plus PMC5/6.
perf stat -x, -o /tmp/group.csv -e \
	'{power9/pm_inst_cmpl/,power9/pm_inst_cmpl_c20002/,power9/pm_cyc_c3001e/,power9/pm_run_inst_cmpl/,power9/event=0x500fa/,power9/event=0x600f4/}' \
	-- $LOOP >/dev/null 2>&1
sed 's/^/  | /' /tmp/group.csv
check "power9: group of six counted" sh -c \
	"[ \$(awk -F, 'NR > 2 && \$1 ~ /^[0-9]+\$/' /tmp/group.csv | wc -l) -eq 6 ]"

# More events than counters: multiplexed, scaled counts. Five runs of
# the loop give the perf core's rotation (every 4 ms) enough turns.
cat >/tmp/loop5 <<'LOOP'
#!/bin/sh
for i in 1 2 3 4 5; do /suite/loop; done
LOOP
chmod +x /tmp/loop5
perf stat -x, -o /tmp/mux.csv -e power9/pm_inst_cmpl/,power9/pm_inst_cmpl_c20002/,power9/pm_inst_cmpl_c30002/,power9/pm_inst_cmpl_c40002/,power9/pm_inst_cmpl_c100fe/ \
	-- /tmp/loop5 >/dev/null 2>&1
sed 's/^/  | /' /tmp/mux.csv
ref5=$(perf stat -x, -e power9/pm_inst_cmpl/ -- /tmp/loop5 2>&1 >/dev/null |
	awk -F, '$1 ~ /^[0-9]+$/ { print $1; exit }')
awk -F, 'NR > 2 && $1 ~ /^[0-9]+$/ { print $1, $3, $5 }' /tmp/mux.csv |
while read -r value name pct; do
	check_ratio "power9: multiplexed $name ($pct% of the time) within 5%" \
		"$value" "${ref5:-0}" 5
done
if [ "${MUX_ROTATES:-1}" = 1 ]; then
	check "power9: the five events were multiplexed" sh -c \
		"[ \$(awk -F, 'NR > 2 && \$1 ~ /^[0-9]+\$/ && \$5 + 0 > 0 && \$5 + 0 < 100' /tmp/mux.csv | wc -l) -eq 5 ]"
else
	# 6.1 beside the built-in PMU: the software context does not rotate.
	check "power9: four events counted, the fifth not (no rotation)" sh -c \
		"[ \$(awk -F, 'NR > 2 && \$1 ~ /^[0-9]+\$/' /tmp/mux.csv | wc -l) -eq 4 ] && grep -q 'not counted' /tmp/mux.csv"
fi

# perf record at a fixed period: as many samples as the built-in PMU.
rec_samples() {
	perf record -q -e "$1" -c 100000 -o /tmp/rec.data -- $LOOP >/dev/null 2>&1
	perf script -i /tmp/rec.data -F ip 2>/dev/null | wc -l
}
rcs=$(rec_samples cycles)
pcs=$(rec_samples power9/pm_cyc/)
echo "perf record cycles: built-in $rcs samples, power9 $pcs samples"
check_ratio "power9: perf record pm_cyc samples within 5% of the built-in PMU" "$pcs" "$rcs" 5
rs=$(rec_samples instructions)
ps=$(rec_samples power9/event=0x500fa/)
echo "perf record instructions: built-in $rs samples, power9 $ps samples"
check_ratio "power9: perf record samples within 5% of the built-in PMU" "$ps" "$rs" 5
perf report -i /tmp/rec.data --stdio --sort comm,dso 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 5 | sed 's/^/  | /'
top=$(perf report -i /tmp/rec.data --stdio --sort comm 2>/dev/null | awk '$2 == "loop" { print $1 }' | tr -d '%')
check_ratio "power9: perf report puts the samples in the loop" "${top:-0}" 100 5
user=$(perf script -i /tmp/rec.data -F ip,sym 2>/dev/null | grep -c '_start')
check_ratio "power9: samples attributed to the loop's user code" "$user" "$ps" 5

# perf record -b: the emulated POWER9 has no BHRB (mfbhrbe reads 0), so
# the samples carry empty branch stacks; the model proves the entries.
perf record -q -b -e power9/event=0x500fa/u -c 100000 -o /tmp/br.data -- $LOOP >/dev/null 2>&1
bs=$(perf script -i /tmp/br.data -F ip 2>/dev/null | wc -l)
echo "perf record -b: power9 $bs samples"
check_ratio "power9: perf record -b samples as without -b" "$bs" "$ps" 5
check "power9: perf script shows the branch stacks" sh -c \
	"perf script -i /tmp/br.data -F ip,brstack >/tmp/brs.txt && [ -s /tmp/brs.txt ]"

# perf mem report on what perf record -d -W records on power9 (QEMU
# leaves SIER and SDAR zero: no source or address, the report still runs).
perf record -q -d -W -e power9/event=0x500fa/u -c 100000 -o /tmp/mem.data -- $LOOP >/dev/null 2>&1
check "power9: perf mem report reads power9's -d -W samples" sh -c \
	"perf mem report -i /tmp/mem.data --stdio 2>/dev/null | grep -q 'loop'"
check_file "power9: sysfs caps/branches" $P9/caps/branches 32
check "power9: perf record -j call (direct calls alone) is refused" sh -c \
	"! perf record -q -j call,u -e power9/event=0x500fa/u -c 100000 -o /tmp/br2.data -- $LOOP >/dev/null 2>&1"
check "power9: perf record -j any_ret,u is taken" \
	perf record -q -j any_ret,u -e power9/event=0x500fa/u -c 100000 -o /tmp/br2.data -- $LOOP

# A period short enough to be throttled: a throttled counter must not
# alert again, so the interrupts stay as few as the built-in PMU's and
# perf returns (a stopped POWER9 counter left negative alerted at once,
# hundreds of thousands of times).
pmis() {
	awk '$1 == "PMI:" { s = 0; for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i; print s }' \
		/proc/interrupts
}
throttled() {
	local before after
	before=$(pmis)
	timeout 300 perf record -q -e "$1" -c 1000 -o /tmp/thr.data -- $LOOP >/dev/null 2>&1
	echo $?
	after=$(pmis)
	echo $((after - before))
}
set -- $(throttled cycles)
rc_cpu=$1 pmi_cpu=$2
set -- $(throttled power9/pm_cyc/)
rc_p9=$1 pmi_p9=$2
echo "perf record -c 1000: built-in $pmi_cpu interrupts (rc $rc_cpu), power9 $pmi_p9 (rc $rc_p9)"
check "power9: perf record -c 1000 (throttled) returns" test "$rc_p9" = 0
check "power9: throttled, no more interrupts than twice the built-in PMU's" \
	test "${pmi_p9:-0}" -le $((2 * ${pmi_cpu:-0} + 1000))
