# SPDX-License-Identifier: GPL-2.0-only
# The fuzzing tier: the suite's own fuzzer (pmucheck fuzz: random power9
# configurations, known codes with and without other fields' bits and
# random bits; random flags, sample types, groups, ioctls, reads, ring
# buffers and forks; rerun from its seed). After it the loop must still
# count as the built-in PMU counts it, and the kernel must have logged
# nothing: the host fails the tier on any WARNING, BUG, oops or hang.
# /suite/fuzz.conf sets FUZZ_SECONDS and FUZZ_SEED.
. /suite/lib.sh
. /suite/fuzz.conf

LOOP=/suite/loop
stat_count() {
	perf stat -x, -e "$1" -o /tmp/stat.csv -- $LOOP >/dev/null 2>&1
	awk -F, 'NR > 2 && $1 ~ /^[0-9]+$/ { print $1; exit }' /tmp/stat.csv
}

ref=$(stat_count instructions)
check "fuzz: insmod pmu_suite" insmod /suite/modules/pmu_suite.ko
check "fuzz: insmod power9_pmu_core" insmod /suite/modules/power9_pmu_core.ko
check "fuzz: insmod power9_pmu" insmod /suite/modules/power9_pmu.ko

timeout $((FUZZ_SECONDS + 120)) /suite/pmucheck fuzz power9 "$FUZZ_SEED" \
	"$FUZZ_SECONDS" >/tmp/fuzz.out 2>&1
rc=$?
cat /tmp/fuzz.out
check "fuzz: pmucheck fuzz finished (seed $FUZZ_SEED, ${FUZZ_SECONDS}s)" test "$rc" = 0
check "fuzz: events reached power9" grep -q 'for power9, [1-9]' /tmp/fuzz.out

n=$(stat_count power9/pm_inst_cmpl/)
echo "fuzz: after fuzzing, power9/pm_inst_cmpl/ counts $n, the built-in PMU $ref"
check_ratio "fuzz: the loop still counts within 1% of the built-in PMU" "${n:-0}" "${ref:-0}" 1
check "fuzz: rmmod power9_pmu" rmmod power9_pmu
check "fuzz: rmmod power9_pmu_core" rmmod power9_pmu_core
check "fuzz: rmmod pmu_suite" rmmod pmu_suite
