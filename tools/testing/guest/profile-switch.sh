# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness profile switch` runs in the POWER9 guest:
# two tasks passing a byte back and forth, without events, then with
# perf stat -p counting two events in one of them, on the built-in PMU
# and on power9 (bench.sh's non-clone switch). Each run is counted from
# the first byte, once perf stat is attached, to the end of the loop; the
# host divides the kernel's instructions by the switches.
. /suite/lib.sh

B=/suite/bench
PSWITCHES=5000

insmod /suite/modules/pmu_suite.ko
insmod /suite/modules/power9_pmu_core.ko
insmod /suite/modules/power9_pmu.ko

# pswitch_run [PERF STAT ARGS]: as bench.sh's.
pswitch_run() {
	rm -f /tmp/go
	mkfifo /tmp/go
	$B pswitch $PSWITCHES 0<>/tmp/go >/dev/null 2>&1 &
	_pid=$!
	_spid=
	if [ $# -gt 0 ]; then
		perf stat -o /dev/null "$@" -p $_pid 2>/dev/null &
		_spid=$!
		for _t in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			readlink /proc/$_spid/fd/* 2>/dev/null | grep -q perf_event && break
			sleep 0.1
		done
		sleep 0.2
	fi
	echo >/tmp/go
	wait $_pid
	if [ -n "$_spid" ]; then
		kill -INT $_spid 2>/dev/null
		wait $_spid
	fi
}

pswitch_run
pswitch_run -e cycles,instructions
pswitch_run -e power9/cycles/,power9/instructions/
echo "@@PROFILE switch 2 switches $((PSWITCHES * 2)) $((PSWITCHES * 2))"
grep -E '\[(pmu_suite|power9_pmu_core|power9_pmu)\]$' /proc/kallsyms | sed 's/^/@@KSYM /'
