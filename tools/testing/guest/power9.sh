# SPDX-License-Identifier: GPL-2.0-only
# The POWER9 PMU module against the built-in PMU, continued after
# power9-perf.sh (loaded modules, perf stat and perf record): the counters'
# owner, refusals, groups, overflow signals, an unprivileged user, and
# unloading under load.

# Interrupt registers as perf's powerpc layout has them: SIER and MMCRA
# of the sample, MMCR0-2 and SIAR read in the interrupt. PMC1-6 there
# would be the built-in PMU's: asking for them is refused.
perf record -q -e power9/pm_cyc/ -c 1000000 --intr-regs=sier,mmcra,mmcr0,mmcr1,siar \
	-o /tmp/iregs.data -- $LOOP >/dev/null 2>&1
perf script -i /tmp/iregs.data -F iregs 2>/dev/null | head -n 2 | sed 's/^/  | /'
check "power9: perf record --intr-regs with the MMCRs" sh -c \
	"perf script -i /tmp/iregs.data -F iregs 2>/dev/null | grep -q 'mmcr0:0x'"
check "power9: perf record --intr-regs=pmc1 is refused" sh -c \
	"! perf record -q -e power9/pm_cyc/ -c 1000000 --intr-regs=pmc1 -o /tmp/pmc.data -- true >/dev/null 2>&1"

# busy_log PMU CONFIG RESULT MAX: while the other PMU holds the counters,
# 200 opens of PMU's CONFIG give RESULT (pmucheck busy's "busy R/N ERR")
# and log at most MAX warnings.
busy_log() {
	dmesg -c >/dev/null
	/suite/pmucheck busy "$1" "$2" 200 >/tmp/busy.txt 2>&1
	warned=$(dmesg | grep -c 'reserve_pmc_hardware: PMC hardware busy')
	echo "power9: $1 $(cat /tmp/busy.txt), reserve_pmc_hardware warned $warned times"
	check_file "power9: 200 $1 opens while the other PMU counts: $3" /tmp/busy.txt "$3"
	check "power9: $1 opens while the other PMU counts do not flood the log" \
		test "$warned" -le "$4"
}

# The counters belong to one PMU at a time. The built-in PMU refuses with
# EBUSY, which ends perf stat; power9 takes its events but never
# schedules them, which perf stat shows as <not counted>.
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
busy_log cpu 0x1e "busy 200/200 EBUSY" 10
wait
echo "power9: counters taken by the built-in PMU"
perf stat -e cycles -- sleep 5 >/dev/null 2>&1 &
sleep 1
dmesg -c >/dev/null
check "power9: perf stat goes on while the built-in PMU counts" \
	perf stat -x, -o /tmp/busy.out -e power9/event=0x600f4/,task-clock -- true
check "power9: power9's event is not counted while the built-in PMU counts" \
	grep -q '^<not counted>,,power9/event=0x600f4/' /tmp/busy.out
# One line, which perf's hint (dmesg | grep -i perf) finds, says what to do.
check "power9: the refusal's log line names the other PMU" sh -c \
	"dmesg | grep -i perf | grep -q 'power9: perf events not counted: another driver holds the counters'"
# Each open asks for the counters, and each refusal is logged by the
# kernel, rate-limited here (patches/linux-6.12/0005: 10 lines in 5 s);
# the Debian lines check power9's own limit on a kernel without it.
busy_log power9 0x600f4 "busy 0/200 -" 20
check "power9: events not counted log one line of their own" \
	test "$(dmesg | grep -c 'perf events not counted')" -le 1
wait

# Beside the built-in PMU, idle: perf opens a name both PMUs know (the
# kernel's POWER9 JSON for cpu, power9's events/) on both, cpu first.
# cpu takes the counters and counts; power9's copy never counts, and perf
# shows cpu's count. Everything that worked before the load works.
ref=$(stat_count instructions)
for ev in PM_RUN_INST_CMPL pm_run_inst_cmpl PM_INST_CMPL; do
	n=$(stat_count "$ev")
	echo "power9: perf stat -e $ev: ${n:-none} (cpu/instructions/ $ref)"
	check_ratio "power9: perf stat -e $ev (both PMUs) counts" "${n:-0}" "${ref:-0}" 1
done
for ev in cycles instructions mem-loads; do
	check "power9: perf stat -e $ev (both PMUs) runs" \
		perf stat -x, -o /tmp/both.out -e "$ev" -- true
done
perf stat -M cpi -- $LOOP >/tmp/cpi.out 2>&1
grep -E 'PM_CYC|PM_INST_CMPL|cpi' /tmp/cpi.out | sed 's/^/  | /'
check "power9: perf stat -M cpi (the kernel's JSON) evaluates" \
	grep -qE '#[[:space:]]+[0-9.]+[[:space:]]+cpi' /tmp/cpi.out
for ev in PM_RUN_INST_CMPL cpu/PM_RUN_INST_CMPL/; do
	check "power9: perf record -e $ev records" sh -c \
		"perf record -q -o /tmp/cpu.data -e $ev -c 1000000 -- $LOOP >/dev/null 2>&1 &&
		 perf report -i /tmp/cpu.data --stdio 2>/dev/null | grep -q loop"
done

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
refused "threshold fields with thresholding off" event=0x401e0,thresh_start=3,thresh_stop=4
refused "reserved bits set" config=0x1000000000010002
# Reload qualifiers without reload_qual_en, which Figure 5-2 ignores: the
# codes the kernel's own POWER9 selftests open on the built-in PMU.
for c in 0x1100fc 0x13e054 0x23e054 0x21c040 0x22c040; do
	check "power9: config=$c opens (reload_qual ignored)" sh -c \
		"perf stat -x, -e power9/config=$c/ -- true 2>&1 | grep -q '^[0-9]*,,power9/config=$c/'"
done

# Groups through perf_event_open() itself: the largest, one too many,
# software members, the built-in PMU's events, disabled members.
/suite/pmucheck groups power9

# The same groups on the built-in PMU and on power9: Table 5-24's and a
# seeded random corpus; every disagreement must be one the admin guide
# documents.
/suite/pmucheck diff power9 20181 600 /suite/p9-groups.txt
# Each code both take, sampled in a group on each: the MMCR fields that
# define it must be the same (the PMC may differ).
/suite/pmucheck mmcr power9

# Overflow semantics as the built-in PMU's: REFRESH with SIGIO (POLL_IN,
# then POLL_HUP and the event off), PERIOD, a group sampling into two
# rings.
/suite/pmucheck overflow power9 0x00002 0x0001e

# Event-based branches: a static program takes its own PMC1 overflows
# (pinned, exclusive, per task), re-arms them and returns with rfebb,
# while a busy child is switched in and out and never gets to write PMC1;
# the refusals are the built-in PMU's (ebb-ppc64.c).
sleep 1
type=$(cat /sys/bus/event_source/devices/power9/type)
/suite/ebb "$type" >/tmp/ebb.out 2>&1
rc=$?
cat /tmp/ebb.out
check "ebb: a task takes its own PMC1 overflows as branches" test "$rc" = 0
check "ebb: the attributes the built-in PMU refuses are refused (event_attributes)" \
	grep -q 'refused as the built-in PMU refuses them: 10 of 10' /tmp/ebb.out

# The patterns of the kernel's own EBB selftests (their names in
# parentheses), one run of ebb-ppc64.c each; its comments say where QEMU
# makes a pattern differ from the selftest's.
ebb_pattern() {
	timeout 120 /suite/ebb "$type" "$1" >/tmp/ebb.out 2>&1
	rc=$?
	cat /tmp/ebb.out
	check "ebb: $1: $2" test "$rc" = 0
}
ebb_pattern fork "a child starts without its parent's EBB state (fork_cleanup)"
ebb_pattern child "an EBB event put on a child lets it write its PMC (ebb_on_child)"
ebb_pattern willing "a child's handler set before the event takes the branches (ebb_on_willing_child)"
ebb_pattern cpu-first "an EBB event pushes a flexible CPU-wide event off (cpu_event_vs_ebb)"
ebb_pattern cpu-pinned "a pinned CPU-wide event keeps the PMU, the EBB event errs (cpu_event_pinned_vs_ebb)"
ebb_pattern ebb-first "a CPU-wide event opened after an EBB event runs around it (ebb_vs_cpu_event)"
ebb_pattern task-first "an EBB event pushes its task's flexible event off (task_event_vs_ebb)"
ebb_pattern task-pinned "a pinned task event keeps the PMU, the EBB event errs (task_event_pinned_vs_ebb)"
ebb_pattern multi "six EBB events on PMC1-6 in one group (multi_counter)"
ebb_pattern b2b "50 branches back to back, none once left frozen (back_to_back_ebbs)"
ebb_pattern pmae "MMCR0 kept across a task switch inside the handler (pmae_handling)"
ebb_pattern pmc56 "PMC5/6 beside an EBB event on PMC2 never go negative (pmc56_overflow)"
ebb_pattern pmc6 "EBB events on PMC6 branch and on PMC5 count"
ebb_pattern insn "PMC4 counts a loop's instructions exactly (instruction_count)"
ebb_pattern lost "2000 branches at a 4000-cycle period across task switches (lost_exception)"
ebb_pattern freeze "MMCR0[FC] stays as the program set it (cycles_with_freeze)"
ebb_pattern mmcr2 "MMCR2's FCnP bits stay as the program wrote them (cycles_with_mmcr2)"
ebb_pattern procs "three processes each take their own branches (multi_ebb_procs)"
ebb_pattern nohandler "an overflow with no handler freezes, no branch to 0 (no_handler_test)"

# An unprivileged user at perf_event_paranoid=2: per-task user-only
# events open, the kernel and CPU-wide events are refused, and no sample
# (ip, addr, user or interrupted registers) holds a kernel address.
# (The groups above had power9 refused once: it asks again after a second.)
echo 2 >/proc/sys/kernel/perf_event_paranoid
sleep 2
/suite/pmucheck unpriv power9 1000
rc=$?
check "unpriv: pmucheck unpriv passed (exit status)" test "$rc" = 0
/suite/ebb "$type" 1000 >/tmp/ebb.out 2>&1
rc=$?
cat /tmp/ebb.out
check "unpriv: event-based branches work for an unprivileged user" test "$rc" = 0

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
