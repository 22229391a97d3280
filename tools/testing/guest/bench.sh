# SPDX-License-Identifier: GPL-2.0-only
# What `tools/testing/harness bench` measures in the POWER9 guest: the
# power9 PMU's overheads beside the built-in cpu PMU's, in one boot.
#
# The guest runs under QEMU with -icount, where time follows the
# instructions executed: the figures compare how much work each driver
# adds, not what a POWER9 core would take. Each figure is the median of
# five runs, with the least and the most of them in brackets; every
# figure is also printed as a line "@@CSV bench,measure,pmu,median,min,
# max,unit", which the harness collects into bench.csv.
. /suite/lib.sh

B=/suite/bench
PB=/suite/pmubench
MOD=/suite/modules
P9=/sys/bus/event_source/devices/power9
SWITCHES=20000
SPIN=20000000
PERIOD=100000
# Multiplexing: the spin loop's iterations under perf stat.
MUX_SPIN=20000000
# Non-clone switches: pipe round trips under perf stat -p.
PSWITCHES=5000
# perf_event_open(): opens and closes of each group size per run.
GROUP_ITER=50

# stats: the median, least and most of the numbers on stdin.
stats() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)], v[1], v[NR] }'
}

# runs CMD...: five runs of CMD, which ends by printing the bench
# program's nanoseconds on stdout; sets MED, MIN and MAX, and RAN to the
# runs that printed a figure. The output goes to a file, not a pipe: a
# reader starting beside the program would run in its measured time.
runs() {
	: >/tmp/runs
	for _i in 1 2 3 4 5; do
		"$@" >/tmp/run.out 2>/dev/null
		tail -n 1 /tmp/run.out | grep -E '^[0-9]+$' >>/tmp/runs
	done
	RAN=$(wc -l </tmp/runs)
	# shellcheck disable=SC2046 # three numbers
	set -- $(stats </tmp/runs) - - -
	MED=$1 MIN=$2 MAX=$3
}

# csv BENCH MEASURE PMU MED MIN MAX UNIT
csv() {
	echo "@@CSV $1,$2,$3,$4,$5,$6,$7"
}

# pct T BASE: T's overhead over BASE, in percent with two decimals.
pct() {
	d=$(( ($1 - $2) * 10000 / $2 ))
	sign=+
	[ "$d" -lt 0 ] && { sign=-; d=$((-d)); }
	printf '%s%d.%02d%%\n' "$sign" $((d / 100)) $((d % 100))
}

row() {
	printf '%-34s %12s %10s\n' "$1" "$2" "$3"
}

# The tables of the measures below: measure, cpu, power9, power9/cpu.
row4() {
	printf '%-40s %-24s %-24s %s\n' "$1" "$2" "$3" "$4"
}

# cell MED MIN MAX [SCALE]: "MED [MIN..MAX]", each divided by SCALE.
cell() {
	if [ "$1" = - ]; then
		echo -
		return
	fi
	awk -v m="$1" -v l="$2" -v h="$3" -v s="${4:-1}" 'BEGIN {
		printf "%d [%d..%d]\n", m / s, l / s, h / s }'
}

# ratio CPU POWER9: POWER9 / CPU with two decimals, "-" without both.
ratio() {
	case "$1$2" in *-*|*r*) echo -; return ;; esac
	awk -v c="$1" -v p="$2" 'BEGIN { if (c > 0) printf "%.2f\n", p / c; else print "-" }'
}

# over MED MIN MAX BASE [SCALE]: the overhead over BASE, divided by SCALE,
# as "MED MIN MAX"; "- - -" without a figure.
over() {
	if [ "$1" = - ]; then
		echo - - -
		return
	fi
	awk -v m="$1" -v l="$2" -v h="$3" -v b="$4" -v s="${5:-1}" 'BEGIN {
		printf "%d %d %d\n", (m - b) / s, (l - b) / s, (h - b) / s }'
}

meminfo() {
	awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo
}

# --- 5. Module load time and memory ------------------------------------
# Five loads of the three modules (unloaded in between): each insmod's
# time, and what the three take of MemAvailable and add to Slab.
: >/tmp/ld.pmu_suite
: >/tmp/ld.power9_pmu_core
: >/tmp/ld.power9_pmu
: >/tmp/ld.avail
: >/tmp/ld.slab
for i in 1 2 3 4 5; do
	sync
	echo 3 >/proc/sys/vm/drop_caches
	a0=$(meminfo MemAvailable)
	s0=$(meminfo Slab)
	for m in pmu_suite power9_pmu_core power9_pmu; do
		$PB insmod $MOD/$m.ko >>/tmp/ld.$m || break 2
	done
	echo $((a0 - $(meminfo MemAvailable))) >>/tmp/ld.avail
	echo $(($(meminfo Slab) - s0)) >>/tmp/ld.slab
	[ "$i" -lt 5 ] || break
	if ! { rmmod power9_pmu && rmmod power9_pmu_core && rmmod pmu_suite; }; then
		break
	fi
done
for m in pmu_suite power9_pmu_core power9_pmu; do
	grep -q "^$m " /proc/modules || insmod $MOD/$m.ko
done

# The raw codes of power9's events/ on PMC1-4, with no other field and
# not selector 0 (PM_SUSPENDED, the counter off), that both PMUs open:
# the multiplexed lists below take them in turn from each PMC.
p9type=$(cat $P9/type)
cputype=$(cat /sys/bus/event_source/devices/cpu/type)
# shellcheck disable=SC2046 # a list of codes
$PB accept "$cputype" "$p9type" $(cat $P9/events/* 2>/dev/null |
	sed -n 's/^event=\(0x[1-4]00[0-9a-f][0-9a-f]\)$/\1/p' |
	grep -v '00$' | sort -u) >/tmp/codes
for p in 1 2 3 4; do
	grep "^0x$p" /tmp/codes | head -n 6 | awk -v p=$p '{ print NR, p, $1 }'
done | sort -n -k1,1 -k2,2 | awk '{ print $3 }' >/tmp/mux-codes
# evlist N PMU: the first N of them as perf's event list for PMU.
evlist() {
	head -n "$1" /tmp/mux-codes | if [ "$2" = cpu ]; then
		sed 's/^0x/r/'
	else
		sed 's|^\(.*\)$|power9/event=\1/|'
	fi | paste -s -d, -
}

echo 100000 >/proc/sys/kernel/perf_event_max_sample_rate
echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent

# --- the first two tables ----------------------------------------------
echo "Per-task counting on a context-switch load: $SWITCHES pipe round trips"
echo "($((SWITCHES * 2)) switches), two events counted in both tasks (perf stat)"
runs $B switch $SWITCHES
base=$MED
csv switch "no events" none $((MED / (SWITCHES * 2))) $((MIN / (SWITCHES * 2))) $((MAX / (SWITCHES * 2))) ns/switch
runs perf stat -o /dev/null -e cycles,instructions -- $B switch $SWITCHES
cpu=$MED
csv switch "two events inherited" cpu $((MED / (SWITCHES * 2))) $((MIN / (SWITCHES * 2))) $((MAX / (SWITCHES * 2))) ns/switch
runs perf stat -o /dev/null -e power9/cycles/,power9/instructions/ -- $B switch $SWITCHES
p9=$MED
csv switch "two events inherited" power9 $((MED / (SWITCHES * 2))) $((MIN / (SWITCHES * 2))) $((MAX / (SWITCHES * 2))) ns/switch
row "" "ns/switch" "overhead"
row "no events" $((base / (SWITCHES * 2))) "-"
row "cpu/cycles/,cpu/instructions/" $((cpu / (SWITCHES * 2))) "$(pct "$cpu" "$base")"
row "power9/cycles/,power9/instructions/" $((p9 / (SWITCHES * 2))) "$(pct "$p9" "$base")"
echo

echo "perf record -c $PERIOD on a loop of $SPIN iterations ($((SPIN * 4)) instructions)"
runs $B spin $SPIN
base=$MED
SPIN_BASE=$MED
csv record "no events" none $((MED / 1000)) $((MIN / 1000)) $((MAX / 1000)) us
runs perf record -q -o /tmp/b.data -c $PERIOD -e instructions -- $B spin $SPIN
cpu=$MED
csv record "-c $PERIOD" cpu $((MED / 1000)) $((MIN / 1000)) $((MAX / 1000)) us
cs=$(perf script -i /tmp/b.data -F ip 2>/dev/null | wc -l)
runs perf record -q -o /tmp/b.data -c $PERIOD -e power9/instructions/ -- $B spin $SPIN
p9=$MED
csv record "-c $PERIOD" power9 $((MED / 1000)) $((MIN / 1000)) $((MAX / 1000)) us
ps=$(perf script -i /tmp/b.data -F ip 2>/dev/null | wc -l)
row "" "us" "overhead"
row "no events" $((base / 1000)) "-"
row "cpu/instructions/ ($cs samples)" $((cpu / 1000)) "$(pct "$cpu" "$base")"
row "power9/instructions/ ($ps samples)" $((p9 / 1000)) "$(pct "$p9" "$base")"
echo

# --- 1. Multiplexing ----------------------------------------------------
echo "Multiplexing ungrouped raw events of PMC1-4 (perf stat) on a loop of"
echo "$MUX_SPIN iterations: the loop's ns beyond its ns with no events"
echo "(mux interval: cpu $(cat /sys/bus/event_source/devices/cpu/perf_event_mux_interval_ms) ms," \
	"power9 $(cat $P9/perf_event_mux_interval_ms) ms; $(wc -l </tmp/mux-codes) codes both open)"
runs $B spin $MUX_SPIN
mbase=$MED
csv mux "no events" none "$MED" "$MIN" "$MAX" ns
row4 measure cpu power9 ratio
row4 "no events: loop ns" "$(cell "$MED" "$MIN" "$MAX")" "" ""
for n in 8 16 24; do
	for mode in task system; do
		wide=
		[ "$mode" = system ] && wide=-a
		set --
		for pmu in cpu power9; do
			# shellcheck disable=SC2086 # -a or nothing
			runs perf stat -o /dev/null $wide -e "$(evlist $n $pmu)" -- $B spin $MUX_SPIN
			# shellcheck disable=SC2046 # three numbers
			set -- "$@" $(over "$MED" "$MIN" "$MAX" "$mbase")
		done
		csv mux "$n events $mode: overhead" cpu "$1" "$2" "$3" ns
		csv mux "$n events $mode: overhead" power9 "$4" "$5" "$6" ns
		row4 "$n events, $mode: overhead ns" "$(cell "$1" "$2" "$3")" \
			"$(cell "$4" "$5" "$6")" "$(ratio "$1" "$4")"
	done
done
echo

# --- 2. Non-clone context switch ---------------------------------------
# pswitch_run [PERF STAT ARGS]: one run of bench pswitch, perf stat -p
# attached to its parent alone once both tasks are up.
pswitch_run() {
	rm -f /tmp/go
	mkfifo /tmp/go
	$B pswitch $PSWITCHES 0<>/tmp/go >/tmp/psw.out 2>/dev/null &
	_pid=$!
	_spid=
	if [ $# -gt 0 ]; then
		perf stat -o /dev/null "$@" -p $_pid 2>/dev/null &
		_spid=$!
		# Until perf has its events open, then a little more.
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
	tail -n 1 /tmp/psw.out
}
echo "A non-clone context switch: perf stat -p on one of two tasks passing a"
echo "byte back and forth ($PSWITCHES round trips, $((PSWITCHES * 2)) switches)"
row4 measure cpu power9 ratio
runs pswitch_run
pbase=$MED
csv pswitch "no events" none $((MED / (PSWITCHES * 2))) $((MIN / (PSWITCHES * 2))) $((MAX / (PSWITCHES * 2))) ns/switch
row4 "no events: ns/switch" "$(cell "$MED" "$MIN" "$MAX" $((PSWITCHES * 2)))" "" ""
for ev in "cycles,instructions|power9/cycles/,power9/instructions/" \
	"$(evlist 8 cpu)|$(evlist 8 power9)"; do
	runs pswitch_run -e "${ev%|*}"
	# shellcheck disable=SC2046 # three numbers
	set -- $(over "$MED" "$MIN" "$MAX" "$pbase" $((PSWITCHES * 2)))
	runs pswitch_run -e "${ev#*|}"
	# shellcheck disable=SC2046 # three numbers
	set -- "$@" $(over "$MED" "$MIN" "$MAX" "$pbase" $((PSWITCHES * 2)))
	case $ev in cycles*) what="2 events" ;; *) what="8 events" ;; esac
	csv pswitch "$what -p: overhead" cpu "$1" "$2" "$3" ns/switch
	csv pswitch "$what -p: overhead" power9 "$4" "$5" "$6" ns/switch
	row4 "$what -p: overhead ns/switch" "$(cell "$1" "$2" "$3")" \
		"$(cell "$4" "$5" "$6")" "$(ratio "$1" "$4")"
done
echo

# --- 3. perf record: frequency mode, branch stack -----------------------
# rec_runs ARGS...: five runs of perf record ARGS -- the spin loop; as
# runs, and SAMPLES the median of the samples perf says it wrote, "refused"
# when no run recorded.
rec_runs() {
	: >/tmp/rns
	: >/tmp/rsm
	for _i in 1 2 3 4 5; do
		perf record -o /tmp/r.data "$@" -- $B spin $SPIN >/tmp/r.out 2>/tmp/r.err || continue
		tail -n 1 /tmp/r.out >>/tmp/rns
		sed -n 's/.*(\([0-9]*\) samples).*/\1/p' /tmp/r.err >>/tmp/rsm
	done
	RAN=$(wc -l </tmp/rns)
	# shellcheck disable=SC2046 # three numbers
	set -- $(stats </tmp/rns) - - -
	MED=$1 MIN=$2 MAX=$3
	SAMPLES=$(stats </tmp/rsm | awk '{ print $1 }')
	[ "$RAN" -gt 0 ] || SAMPLES=refused
}
echo "perf record on the loop of $SPIN iterations: ns beyond the loop alone"
echo "($((SPIN_BASE / 1000)) us), and the samples written (median)"
row4 measure cpu power9 ratio
for mode in "-F 10000" "-F 50000" "-b -c $PERIOD"; do
	# shellcheck disable=SC2086 # the mode's options
	rec_runs $mode -e instructions
	# shellcheck disable=SC2046 # three numbers
	set -- $(over "$MED" "$MIN" "$MAX" "$SPIN_BASE") "$SAMPLES"
	# shellcheck disable=SC2086
	rec_runs $mode -e power9/instructions/
	# shellcheck disable=SC2046 # three numbers
	set -- "$@" $(over "$MED" "$MIN" "$MAX" "$SPIN_BASE") "$SAMPLES"
	csv record "$mode: overhead" cpu "$1" "$2" "$3" ns
	csv record "$mode: overhead" power9 "$5" "$6" "$7" ns
	csv record "$mode: samples" cpu "$4" "$4" "$4" samples
	csv record "$mode: samples" power9 "$8" "$8" "$8" samples
	row4 "$mode: overhead us" "$(cell "$1" "$2" "$3" 1000)" \
		"$(cell "$5" "$6" "$7" 1000)" "$(ratio "$1" "$5")"
	row4 "$mode: samples" "$4" "$8" "$(ratio "$4" "$8")"
done
echo "(QEMU's POWER9 has no BHRB: -b records what each PMU opens, with no"
echo "branches behind it)"
echo

# --- 4. perf_event_open() latency ---------------------------------------
# Groups of the first N of: a code of each of PMC1-4, PM_RUN_INST_CMPL
# (PMC5), PM_RUN_CYC (PMC6), then PMC1-4's codes again.
gcodes="$(grep -m 1 '^0x1' /tmp/codes) $(grep -m 1 '^0x2' /tmp/codes)"
gcodes="$gcodes $(grep -m 1 '^0x3' /tmp/codes) $(grep -m 1 '^0x4' /tmp/codes)"
gcodes="$gcodes 0x500fa 0x600f4 $(head -n 6 /tmp/mux-codes | paste -s -d' ' -)"
for t in "$cputype" "$p9type"; do
	for i in 1 2 3 4 5; do
		# shellcheck disable=SC2086 # a list of codes
		$PB group "$t" $GROUP_ITER $gcodes
	done >"/tmp/grp.$t"
done
echo "perf_event_open() and close() of a group of N counting events of this"
echo "task, $GROUP_ITER times a run: ns per group (codes: $gcodes)"
row4 measure cpu power9 ratio
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
	# shellcheck disable=SC2046 # three numbers or "refused"
	set -- $(awk -v n=$n '$1 == n && $2 != "refused" { print $2 }' "/tmp/grp.$cputype" | stats) \
		- - -
	c="$1 $2 $3"
	grep -q "^$n refused" "/tmp/grp.$cputype" && c=refused
	# shellcheck disable=SC2046
	set -- $(awk -v n=$n '$1 == n && $2 != "refused" { print $2 }' "/tmp/grp.$p9type" | stats) \
		- - -
	p="$1 $2 $3"
	grep -q "^$n refused" "/tmp/grp.$p9type" && p=refused
	for x in "cpu:$c" "power9:$p"; do
		v=${x#*:}
		[ "$v" = refused ] && v="refused refused refused"
		# shellcheck disable=SC2086 # three figures
		csv open "group of $n" "${x%%:*}" $v ns
	done
	cc=refused pc=refused
	# shellcheck disable=SC2086
	[ "$c" = refused ] || cc=$(cell $c)
	# shellcheck disable=SC2086
	[ "$p" = refused ] || pc=$(cell $p)
	row4 "group of $n: ns" "$cc" "$pc" "$(ratio "${c%% *}" "${p%% *}")"
done
echo

# --- 5. Module load, memory and perf's start-up --------------------------
echo "The three modules: load time (insmod, five loads), memory, and perf's"
echo "start-up with one event of each PMU (perf stat -- true)"
row4 measure cpu power9 ratio
for m in pmu_suite power9_pmu_core power9_pmu; do
	# shellcheck disable=SC2046 # three numbers
	set -- $(stats </tmp/ld.$m) - - -
	csv modules "insmod $m" power9 "$1" "$2" "$3" ns
	row4 "insmod $m: us" "(built in)" "$(cell "$1" "$2" "$3" 1000)" -
done
for m in pmu_suite power9_pmu_core power9_pmu; do
	sz=$(awk -v m=$m '$1 == m { print $2 }' /proc/modules)
	csv modules "size $m" power9 "$sz" "$sz" "$sz" bytes
	row4 "$m in /proc/modules: bytes" "(built in)" "$sz" -
done
# shellcheck disable=SC2046 # three numbers
set -- $(stats </tmp/ld.avail) - - -
csv modules "MemAvailable taken" power9 "$1" "$2" "$3" kB
row4 "MemAvailable taken: kB" "(built in)" "$(cell "$1" "$2" "$3")" -
# shellcheck disable=SC2046 # three numbers
set -- $(stats </tmp/ld.slab) - - -
csv modules "Slab added" power9 "$1" "$2" "$3" kB
row4 "Slab added: kB" "(built in)" "$(cell "$1" "$2" "$3")" -
runs $PB run perf stat -o /dev/null -e cpu/instructions/ -- true
set -- "$MED" "$MIN" "$MAX"
runs $PB run perf stat -o /dev/null -e power9/pm_run_inst_cmpl/ -- true
set -- "$@" "$MED" "$MIN" "$MAX"
csv modules "perf stat -- true start-up" cpu "$1" "$2" "$3" ns
csv modules "perf stat -- true start-up" power9 "$4" "$5" "$6" ns
row4 "perf stat -e ONE -- true: ms" "$(cell "$1" "$2" "$3" 1000000)" \
	"$(cell "$4" "$5" "$6" 1000000)" "$(ratio "$1" "$4")"
echo "(cpu/instructions/ against power9/pm_run_inst_cmpl/; power9 has" \
	"$(find $P9/events/ -type f | wc -l) events/ files)"
echo
