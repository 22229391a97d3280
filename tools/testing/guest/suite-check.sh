# SPDX-License-Identifier: GPL-2.0-only
# tools/pmu-suite-check in the guest, as an owner of the hardware runs it,
# with the guest's build of its workload (pmu-suite-check.d/workload.c):
# it passes, and its report has every section. The tier sets CHECK_PMUS
# (the core PMUs it must check) and CHECK_ARGS (--modules and the like)
# before this file, and may set CHECK_STEPS (the steps that must pass
# for each PMU) and CHECK_SKIPS (those that must be skipped: sampling on
# a kernel without the exports).
. /suite/lib.sh

# shellcheck disable=SC2086
sh /suite/pmu-suite-check --workload /suite/check-workload $CHECK_ARGS \
	--output /tmp/check-report.txt >/tmp/suite-check.out 2>&1
rc=$?
grep -E '^(PASS|FAIL|SKIP|pmu-suite-check:)' /tmp/suite-check.out | sed 's/^/  check | /'
check "check: pmu-suite-check exits 0" test "$rc" = 0
check "check: pmu-suite-check names its report" grep -q '^report: /tmp/check-report.txt' /tmp/suite-check.out
for s in system modules PMUs caps workload 'kernel messages' results; do
	check "check: the report has its $s section" grep -q "^== $s" /tmp/check-report.txt
done
check "check: the report names the kernel" grep -q "^PASS kernel: $(uname -r) " /tmp/check-report.txt
for p in $CHECK_PMUS; do
	for step in ${CHECK_STEPS:-count sampling group multiplexing aliases}; do
		check "check: the report passes $p $step" grep -q "^PASS $p $step" /tmp/check-report.txt
	done
	for step in ${CHECK_SKIPS:-}; do
		check "check: the report skips $p $step" grep -q "^SKIP $p $step" /tmp/check-report.txt
	done
done
check "check: the report has no FAIL line" sh -c "! grep -q '^FAIL' /tmp/check-report.txt"
