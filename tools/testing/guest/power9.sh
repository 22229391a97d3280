# SPDX-License-Identifier: GPL-2.0-only
# The POWER9 PMU module on the emulated POWER9 with the real perf, against
# the built-in "cpu" PMU on the same workload. QEMU counts instructions
# and cycles exactly but ignores the privilege freeze bits and leaves
# SIER/SIAR/SDAR zero: those are proven on the register model instead.
. /suite/lib.sh

P9=/sys/bus/event_source/devices/power9
LOOP=/suite/loop

check "power9: insmod pmu_suite" insmod /suite/modules/pmu_suite.ko
check "power9: insmod power9_pmu_core" insmod /suite/modules/power9_pmu_core.ko
check "power9: insmod power9_pmu" insmod /suite/modules/power9_pmu.ko
# The manual's 1157 events and 21 generic perf event names.
check "power9: sysfs events/ has the catalogue" sh -c "[ \$(ls $P9/events | wc -l) -eq 1178 ]"
check_file "power9: sysfs events/cycles" $P9/events/cycles "event=0x0001e"
check_file "power9: sysfs events/pm_run_inst_cmpl" $P9/events/pm_run_inst_cmpl "event=0x400fa"
check_file "power9: sysfs format/pmc" $P9/format/pmc "config:16-18"
# perf 6.12 finds a sysfs event only if its name has one case.
check "power9: perf opens power9/L1-dcache-load-misses/" sh -c \
	"perf stat -x, -e power9/L1-dcache-load-misses/ -- true 2>&1 | grep -q '^[0-9]*,,power9/L1-dcache-load-misses/'"
check_file "power9: sysfs caps/sampling" $P9/caps/sampling 1
check_file "power9: sysfs caps/max_precise (marked events)" $P9/caps/max_precise 2

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
check "power9: the five events were multiplexed" sh -c \
	"awk -F, 'NR > 2 && \$5 + 0 < 100' /tmp/mux.csv | grep -q ."

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

# busy_log PMU CONFIG MAX: while the other PMU holds the counters, 200
# opens of PMU's CONFIG all get EBUSY and log at most MAX warnings.
busy_log() {
	dmesg -c >/dev/null
	/suite/pmucheck busy "$1" "$2" 200 >/tmp/busy.txt 2>&1
	warned=$(dmesg | grep -c 'reserve_pmc_hardware: PMC hardware busy')
	echo "power9: $1 $(cat /tmp/busy.txt), reserve_pmc_hardware warned $warned times"
	check_file "power9: 200 $1 opens refused with EBUSY" /tmp/busy.txt "busy 200/200"
	check "power9: refused $1 opens do not flood the log" test "$warned" -le "$3"
}

# The counters belong to one PMU at a time.
echo "power9: counters taken by power9"
perf stat -e power9/event=0x600f4/ -- sleep 5 >/dev/null 2>&1 &
sleep 1
perf stat -e cycles -- true >/tmp/busy.out 2>&1
if grep -qiE 'busy|not counted|not supported' /tmp/busy.out; then
	pass "power9: the built-in PMU gets EBUSY while power9 counts"
else
	fail "power9: the built-in PMU gets EBUSY while power9 counts" "cycles counted"
fi
# The built-in PMU's refusals go through reserve_pmc_hardware() too, whose
# warning patches/linux-6.12/0005 rate-limits (10 lines per 5 s).
busy_log cpu 0x1e 10
wait
echo "power9: counters taken by the built-in PMU"
perf stat -e cycles -- sleep 5 >/dev/null 2>&1 &
sleep 1
perf stat -e power9/event=0x600f4/ -- true >/tmp/busy.out 2>&1
if grep -qiE 'busy|not counted|not supported' /tmp/busy.out; then
	pass "power9: power9 gets EBUSY while the built-in PMU counts"
else
	fail "power9: power9 gets EBUSY while the built-in PMU counts" "power9 counted"
fi
# Each refusal used to print reserve_pmc_hardware()'s warning: a user
# could flood the log. After one, the PMU refuses by itself for a second.
busy_log power9 0x600f4 3
wait

# Invalid codes are refused: perf stat reports them as not supported,
# perf record gives up.
refused() {
	perf stat -x, -e "power9/$2/" -- true >/tmp/inv.out 2>&1
	if grep -q '<not supported>' /tmp/inv.out &&
	   ! perf record -q -o /tmp/inv.data -e "power9/$2/" -- true >/dev/null 2>&1; then
		pass "power9: $1 refused"
	else
		fail "power9: $1 refused" "$(head -n 3 /tmp/inv.out)"
	fi
}
refused "PMC5 code other than run instructions" event=0x500f4
refused "PMC6 code other than run cycles" event=0x600fa
refused "threshold fields without a mark" event=0x10002,thresh_start=1,thresh_stop=2
refused "reserved bits set" config=0x1000000000010002

# Groups through perf_event_open() itself: the largest, one too many,
# software members, the built-in PMU's events, disabled members.
/suite/pmucheck groups power9

# Overflow semantics as the built-in PMU's: REFRESH with SIGIO (POLL_IN,
# then POLL_HUP and the event off), PERIOD, a group sampling into two
# rings. (The groups above had power9 refused once: it asks again after
# a second.)
sleep 1
/suite/pmucheck overflow power9 0x00002 0x0001e

# An unprivileged user at perf_event_paranoid=2: per-task user-only
# events open, the kernel and CPU-wide events are refused, and no sample
# (ip, addr, user or interrupted registers) holds a kernel address.
# (The groups above had power9 refused once: it asks again after a second.)
echo 2 >/proc/sys/kernel/perf_event_paranoid
sleep 2
/suite/pmucheck unpriv power9 1000

echo 0 >/proc/sys/kernel/perf_event_paranoid

# Unloading under load. While its PMU samples, the backend module stays:
# rmmod is refused each time, and the samples keep coming.
perf record -q -o /tmp/inuse.data -e power9/cycles/ -c 200000 -- \
	sh -c 'sleep 2; /suite/loop' >/dev/null 2>&1 &
sleep 1
busy=0
for i in 1 2 3; do
	rmmod power9_pmu 2>/dev/null || busy=$((busy + 1))
done
wait
n=$(perf report -q -i /tmp/inuse.data --stdio --sort comm 2>/dev/null |
	awk '{ n++ } END { print n + 0 }')
if [ "$busy" -eq 3 ] && [ -d $P9 ] && [ "$n" -gt 0 ]; then
	pass "power9: rmmod refused while power9 samples, samples kept"
else
	fail "power9: rmmod refused while power9 samples, samples kept" \
		"$busy refusals of 3, $n report lines, sysfs $(ls -d $P9 2>&1)"
fi
# Unloaded and loaded again while the built-in PMU samples the system.
perf record -q -o /tmp/reload.data -a -e cycles -c 500000 -- sleep 6 \
	>/dev/null 2>&1 &
sleep 1
reloads=0
for i in 1 2 3 4 5; do
	rmmod power9_pmu && insmod /suite/modules/power9_pmu.ko &&
		reloads=$((reloads + 1))
done
wait
if [ "$reloads" -eq 5 ] && [ -s /tmp/reload.data ]; then
	pass "power9: five reloads while the built-in PMU samples"
else
	fail "power9: five reloads while the built-in PMU samples" \
		"$reloads reloads, $(ls -l /tmp/reload.data 2>&1)"
fi
sleep 2
n=$(stat_count "power9/pm_run_inst_cmpl/")
check_ratio "power9: counts after the reloads within 1% of cpu/instructions/" \
	"${n:-0}" "${ref:-0}" 1

check "power9: rmmod power9_pmu" rmmod power9_pmu
run_kunit_module /suite/modules/power9_pmu_kunit.ko
check "power9: rmmod power9_pmu_core" rmmod power9_pmu_core
check "power9: rmmod pmu_suite" rmmod pmu_suite
