# SPDX-License-Identifier: GPL-2.0-only
# The fuzzing tier: the suite's own fuzzer (pmucheck fuzz: random power9
# configurations, known codes with and without other fields' bits and
# random bits; random flags, sample types, groups, ioctls, reads, ring
# buffers and forks; rerun from its seed), then trinity on
# perf_event_open() (100 calls per second of FUZZ_SECONDS). After them the
# loop must still count as the built-in PMU counts it, and the kernel must
# have logged nothing: the host fails the tier on any WARNING, BUG, oops
# or hang.
# /suite/fuzz.conf sets FUZZ_SECONDS and FUZZ_SEED.
. /suite/lib.sh
. /suite/fuzz.conf

check "fuzz: insmod pmu_suite" insmod /suite/modules/pmu_suite.ko
check "fuzz: insmod power9_pmu_core" insmod /suite/modules/power9_pmu_core.ko
check "fuzz: insmod power9_pmu" insmod /suite/modules/power9_pmu.ko

timeout $((FUZZ_SECONDS + 120)) /suite/pmucheck fuzz power9 "$FUZZ_SEED" \
	"$FUZZ_SECONDS" >/tmp/fuzz.out 2>&1
rc=$?
cat /tmp/fuzz.out
check "fuzz: pmucheck fuzz finished (seed $FUZZ_SEED, ${FUZZ_SECONDS}s)" test "$rc" = 0
check "fuzz: events reached power9" grep -q 'for power9, [1-9]' /tmp/fuzz.out

# Debian's trinity on perf_event_open() alone, with the power9 PMU loaded
# (its random types reach it as well as every other PMU). The guest kernel
# has no sockets, inotify, fanotify, userfaultfd or DRM: those fd
# providers are off. Its seed is FUZZ_SEED too.
mkdir -p /tmp/trinity && cd /tmp/trinity || exit 1
timeout $((FUZZ_SECONDS + 120)) trinity --dangerous -q -s "$FUZZ_SEED" \
	-c perf_event_open -N $((FUZZ_SECONDS * 100)) \
	--disable-fds=sockets,inotify,fanotify,userfaultfd,drm >/tmp/trinity.out 2>&1
rc=$?
cd / || exit 1
grep -E 'Ran [0-9]+ syscalls' /tmp/trinity.out | sed 's/^.*\] /fuzz: trinity: /'
check "fuzz: trinity on perf_event_open finished (seed $FUZZ_SEED)" test "$rc" = 0
check "fuzz: trinity made its calls" grep -q 'Ran [1-9][0-9]* syscalls' /tmp/trinity.out

# The same loop counted in-process (PM_INST_CMPL, 0x2, on both PMUs):
# QEMU counts the kernel too, and on the debug kernel one timer interrupt
# inside the loop adds over 1% (41.2M against 41.7M once, for a loop of
# 40M). The least of ten short runs is the loop's own count.
ref=$(/suite/pmucheck count cpu 0x2 1000000 10)
n=$(/suite/pmucheck count power9 0x2 1000000 10)
echo "fuzz: after fuzzing, power9 counts $n instructions of a loop, the built-in PMU $ref"
check_ratio "fuzz: the loop still counts within 1% of the built-in PMU" "${n:-0}" "${ref:-0}" 1
check "fuzz: rmmod power9_pmu" rmmod power9_pmu
check "fuzz: rmmod power9_pmu_core" rmmod power9_pmu_core
check "fuzz: rmmod pmu_suite" rmmod pmu_suite
