# SPDX-License-Identifier: GPL-2.0-only
# Debian's own powerpc64le kernel, as its users have it: the suite's
# modules built against the kernel's linux-headers packages the way
# dkms.conf builds them, installed where DKMS installs them
# (/lib/modules/RELEASE/updates/dkms), then depmod, modprobe and the
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

check "$LINE: modprobe -r power9_pmu" modprobe -r power9_pmu
check "$LINE: the power9 PMU is gone" [ ! -e $P9 ]

echo "$LINE: kernel $(uname -r) (Debian $DEBIAN_VERSION), $(perf --version)"
echo "$LINE: the loop: ${n:-none} power9/pm_run_inst_cmpl/, ${ref:-none} instructions (built-in PMU)"
echo "$LINE: counting only: perf record refused ($(grep -o "PMU Hardware doesn't support sampling[^.]*" /tmp/rec.out | head -n 1))"
