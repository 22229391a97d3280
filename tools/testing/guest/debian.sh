# SPDX-License-Identifier: GPL-2.0-only
# Debian's own powerpc64le kernel, as its users have it: the suite's
# modules built and installed by DKMS against the kernel's linux-headers
# packages (/lib/modules/RELEASE/updates/dkms), then depmod, modprobe and the
# README's commands with Debian's perf. Debian's kernels export no
# perf_event_overflow(): the PMU counts, and perf record is refused.
# The harness sets LINE (the line's name and the prefix of its summary
# lines), DEBIAN_RELEASE, DEBIAN_VERSION and SUITE_VERSION (dkms.conf's
# PACKAGE_VERSION).
. /suite/lib.sh

P9=/sys/bus/event_source/devices/power9
LOOP=/suite/loop
MODDIR=/lib/modules/$(uname -r)

check "$LINE: the guest runs Debian's $DEBIAN_RELEASE" [ "$(uname -r)" = "$DEBIAN_RELEASE" ]
check "$LINE: the modules are in updates/dkms" \
	ls "$MODDIR/updates/dkms/pmu_suite.ko" "$MODDIR/updates/dkms/power9_pmu_core.ko" \
	"$MODDIR/updates/dkms/power9_pmu.ko"
check "$LINE: depmod" depmod

# The README's commands, verbatim.
check "$LINE: modprobe power9_pmu" modprobe power9_pmu
check "$LINE: modprobe loaded power9_pmu_core and pmu_suite with it" sh -c \
	'lsmod | grep -q "^power9_pmu_core " && lsmod | grep -q "^pmu_suite "'
check "$LINE: perf list power9" sh -c \
	'perf list power9 2>&1 | grep -q "power9/pm_run_inst_cmpl/"'
perf stat -e power9/pm_run_inst_cmpl/ -- true >/tmp/readme.out 2>&1
sed 's/^/  | /' /tmp/readme.out
check "$LINE: perf stat -e power9/pm_run_inst_cmpl/ -- true" \
	grep -qE '^ *[0-9][0-9,.]* +power9/pm_run_inst_cmpl/' /tmp/readme.out

check "$LINE: modinfo -F version power9_pmu is dkms.conf's $SUITE_VERSION" \
	[ "$(modinfo -F version power9_pmu)" = "$SUITE_VERSION" ]

# Counting: the loop's instructions, on power9 and on the built-in PMU.
stat_count() {
	perf stat -x, -e "$1" -o /tmp/stat.csv -- $LOOP >/dev/null 2>&1
	awk -F, 'NR > 2 && $1 ~ /^[0-9]+$/ { print $1; exit }' /tmp/stat.csv
}
ref=$(stat_count instructions)
n=$(stat_count power9/pm_run_inst_cmpl/)
check_ratio "$LINE: perf stat power9/pm_run_inst_cmpl/ within 1% of instructions" \
	"${n:-0}" "${ref:-0}" 1

# Sampling: the load line names what the kernel lacks, and perf record is
# refused.
check "$LINE: the load line says counting only, and why" sh -c \
	"dmesg | grep -qF 'power9: perf PMU registered: 6 counters, counting only: the kernel exports neither perf_event_overflow() nor the interrupt accounting'"
check_file "$LINE: sysfs caps/sampling" $P9/caps/sampling 0
if perf record -o /tmp/rec.data -e power9/pm_run_inst_cmpl/ -- true >/tmp/rec.out 2>&1; then
	fail "$LINE: perf record -e power9/pm_run_inst_cmpl/ is refused" "it recorded"
else
	pass "$LINE: perf record -e power9/pm_run_inst_cmpl/ is refused"
fi
check "$LINE: perf record says the PMU cannot sample" \
	grep -q "doesn't support sampling" /tmp/rec.out

# Beside the built-in PMU. perf 6.12 opens a name both know (the
# kernel's POWER9 JSON, power9's events/) on both, cpu first: it counts
# and samples on cpu, as before the module was loaded. perf 6.1 takes the
# PMUs in sysfs order, where power9 may come first and cpu's copy is then
# refused (EBUSY): there the PMU must be named (cpu/PM_RUN_INST_CMPL/).
dmesg -c >/dev/null
case $(perf --version) in
"perf version 6.1."*)
	n2=$(stat_count cpu/PM_RUN_INST_CMPL/)
	check_ratio "$LINE: perf stat -e cpu/PM_RUN_INST_CMPL/ within 1% of instructions" \
		"${n2:-0}" "${ref:-0}" 1
	perf stat -x, -e PM_RUN_INST_CMPL -- $LOOP >/tmp/both.out 2>&1
	echo "$LINE: perf 6.1, perf stat -e PM_RUN_INST_CMPL (both PMUs): $(grep -v '^#' /tmp/both.out | grep -m1 PM_RUN)"
	;;
*)
	n2=$(stat_count PM_RUN_INST_CMPL)
	check_ratio "$LINE: perf stat -e PM_RUN_INST_CMPL (both PMUs) within 1% of instructions" \
		"${n2:-0}" "${ref:-0}" 1
	perf stat -M cpi -- $LOOP >/tmp/cpi.out 2>&1
	check "$LINE: perf stat -M cpi (the kernel's JSON) evaluates" \
		grep -qE '#[[:space:]]+[0-9.]+[[:space:]]+cpi' /tmp/cpi.out
	check "$LINE: perf record -e PM_RUN_INST_CMPL samples on cpu" sh -c \
		"perf record -q -o /tmp/both.data -e PM_RUN_INST_CMPL -c 1000000 -- $LOOP >/dev/null 2>&1 &&
		 perf report -i /tmp/both.data --stdio 2>/dev/null | grep -q loop"
	# One line, which perf's hint (dmesg | grep -i perf) finds.
	check "$LINE: the log line says what to do" sh -c \
		"dmesg | grep -i perf | grep -q 'power9: perf events not counted: another driver holds the counters'"
	;;
esac
# While the built-in PMU counts, power9's events are taken and not
# counted. This kernel logs every refused reservation: power9 asks once
# per process and second (one perf opening 30 of them warns once), and
# other processes ask no more often than the kernel's usual rate limit
# (10 in 5 s) lets warnings through.
perf stat -e cycles -- sleep 25 >/dev/null 2>&1 &
sleep 1
check "$LINE: power9/pm_run_inst_cmpl/ is not counted while cpu counts" sh -c \
	"perf stat -x, -e power9/pm_run_inst_cmpl/ -- true 2>&1 | grep -q '^<not counted>,,power9/pm_run_inst_cmpl/'"
dmesg -c >/dev/null
evs=power9/pm_run_inst_cmpl/
i=1
while [ $i -lt 30 ]; do
	evs=$evs,power9/pm_run_inst_cmpl/
	i=$((i + 1))
done
perf stat -e "$evs" -- true >/dev/null 2>&1
warned=$(dmesg | grep -c 'reserve_pmc_hardware: PMC hardware busy')
echo "$LINE: one perf run of 30 events while cpu counts: reserve_pmc_hardware warned $warned times"
check "$LINE: one process's refused events warn at most once" test "$warned" -le 1
# Past any window an earlier refusal opened: the first refusal of the
# loop opens a new one.
sleep 6
dmesg -c >/dev/null
start=$(date +%s)
i=0
while [ $i -lt 30 ]; do
	perf stat -e power9/pm_run_inst_cmpl/ -- true >/dev/null 2>&1
	i=$((i + 1))
done
secs=$(($(date +%s) - start))
warned=$(dmesg | grep -c 'reserve_pmc_hardware: PMC hardware busy')
# A rate limit's window starts at the first warning once the last window
# has ended: rebuild the windows from the warnings' times. 4.95 s, not 5:
# the log's clock and jiffies differ by a tick.
worst=$(dmesg | sed -n 's/^\[ *\([0-9.]*\)\].*reserve_pmc_hardware: PMC hardware busy.*/\1/p' |
	awk 'begin == "" || $1 >= begin + 4.95 { begin = $1; n = 0 }
	     { if (++n > max) max = n } END { print max + 0 }')
echo "$LINE: 30 perf runs in ${secs}s while cpu counts: reserve_pmc_hardware warned $warned times, at most $worst in a 5 s window"
check "$LINE: refused reservations warn at most 10 times in a 5 s window" \
	test "$worst" -le 10 -a "$warned" -ge 1
wait
sleep 5
n3=$(stat_count power9/pm_run_inst_cmpl/)
check_ratio "$LINE: power9 counts again once cpu's events end" "${n3:-0}" "${ref:-0}" 1
# Why an event was refused, without rebuilding: dynamic debug.
mount -t debugfs none /sys/kernel/debug 2>/dev/null
echo 'module pmu_suite +p' >/sys/kernel/debug/dynamic_debug/control
perf stat -e power9/event=0x500f4/ -- true >/dev/null 2>&1
check "$LINE: dynamic debug logs why an event was refused" sh -c \
	"dmesg | grep -q 'power9: perf event config 0x500f4 refused'"

check "$LINE: modprobe -r power9_pmu" modprobe -r power9_pmu
check "$LINE: the power9 PMU is gone" [ ! -e $P9 ]

echo "$LINE: kernel $(uname -r) (Debian $DEBIAN_VERSION), $(perf --version)"
echo "$LINE: the loop: ${n:-none} power9/pm_run_inst_cmpl/, ${ref:-none} instructions (built-in PMU)"
echo "$LINE: counting only: perf record refused ($(grep -o "PMU Hardware doesn't support sampling[^.]*" /tmp/rec.out | head -n 1))"
