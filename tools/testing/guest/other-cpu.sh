# SPDX-License-Identifier: GPL-2.0-only
# The POWER9 PMU module on an emulated POWER10: it must refuse to load,
# say why, and leave the built-in PMU working.
. /suite/lib.sh

check "power10: insmod pmu_suite" insmod /suite/modules/pmu_suite.ko
check "power10: insmod power9_pmu_core" insmod /suite/modules/power9_pmu_core.ko
if insmod /suite/modules/power9_pmu.ko 2>/tmp/insmod.out; then
	fail "power10: power9_pmu refuses to load" "it loaded"
else
	pass "power10: power9_pmu refuses to load"
fi
check "power10: the kernel log says why" sh -c "dmesg | grep -q 'power9_pmu: not a POWER9'"
check "power10: no power9 PMU in sysfs" sh -c "[ ! -e /sys/bus/event_source/devices/power9 ]"
check "power10: the built-in PMU still counts" sh -c \
	"perf stat -x, -e instructions -- /suite/loop 2>&1 | grep -q '^[0-9][0-9]*,'"
check "power10: rmmod power9_pmu_core" rmmod power9_pmu_core
check "power10: rmmod pmu_suite" rmmod pmu_suite
