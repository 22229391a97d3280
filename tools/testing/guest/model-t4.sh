# SPDX-License-Identifier: GPL-2.0-only
# sparc_t4 and sparc_t4_dram_N over the live T4 model: every event of
# sparc_t4 happens once per nanosecond of run time and mask bit, each DRAM
# select code once per 16 ns (drivers/perf/sparc_t4/tests/model/t4-live.c).
echo "model: sparc_t4"
check "t4: sparc_t4 registered" test -d /sys/bus/event_source/devices/sparc_t4
for i in 0 1 2 3; do
	check "t4: sparc_t4_dram_$i registered" test -d "/sys/bus/event_source/devices/sparc_t4_dram_$i"
done

list_aliases sparc_t4 t4 100

# The suite's perf finds the T4 JSON by the PMUs' identifier.
json_descs sparc_t4 t4 sparc_t4 SPARC-T4
json_descs sparc_t4_dram t4 sparc_t4_dram_0 SPARC-T4
grep -m 1 -A 1 '^  dc_miss_l2_l3_hit_nospec' /tmp/perf-suite.list |
	sed 's/^ */model: t4: perf list: /'

# Every alias opens and counts: all at once, multiplexed. The precise
# groups refuse hyperprivileged counting and the shared events refuse any
# filter (the admin guide's Privilege levels): what a plain name refuses
# is opened again with :uk.
count_aliases sparc_t4 /tmp/sparc_t4.aliases '' $SPIN 1500
plain=$COUNTED
count_aliases sparc_t4 /tmp/sparc_t4.aliases.left uk $SPIN 500
sed 's/^/  did not count: /' /tmp/sparc_t4.aliases.left.left
total=$(wc -l </tmp/sparc_t4.aliases)
echo "model: t4: aliases counted: $((plain + COUNTED)) of $total ($plain as named, $COUNTED with :uk)"
check "t4: every sparc_t4 alias opens and counts under perf stat" test "$((plain + COUNTED))" -eq "$total"

# The admin guide's examples, as written there.
while read -r ev; do
	stat_example t4 "$ev" $SPIN 100
done <<'LIST'
sparc_t4/cycles/,sparc_t4/instr_ld/uk,sparc_t4/dc_miss_nospec/uk
sparc_t4/IC_miss_nospec/u,sparc_t4/Instr_all/u
{sparc_t4/branches/u,sparc_t4/br_mispred/u,sparc_t4/cycles/u,sparc_t4/itlb_miss/u}
sparc_t4/sl=16,mask=0x6/u
sparc_t4/event=0x1,umask=0x18/
sparc_t4/instructions/u,sparc_t4/cycles/
LIST

# Counts follow the task's run time: cycles:u is one per ns in user mode.
stat_csv task-clock,sparc_t4/cycles/u $SPIN 500
tc=$(ms_to_ns "$(stat_value 1)")
cyc=$(stat_value 2)
echo "model: t4: cycles:u $cyc over a task-clock of $tc ns"
check_ratio "t4: cycles:u follows the task's run time (within 5%)" "$cyc" "$tc" 5
stat_csv sparc_t4/cycles/k $SPIN 500
k=$(stat_value 1)
check "t4: cycles:k of a user-mode loop is under 5% of its run time" \
	awk -v k="$k" -v t="$tc" 'BEGIN { exit !(k < t / 20) }'
stat_csv sparc_t4/cycles/h $SPIN 100
check "t4: cycles:h counts nothing: the model never runs hyperprivileged" \
	test "$(stat_value 1)" = 0

# Events the core's strands share take no privilege filter (note 13).
stat_csv sparc_t4/fetch_0_all/u $SPIN 20
check "t4: fetch_0_all:u is refused (a shared event takes no filter)" \
	refused_lines 1
stat_csv sparc_t4/fetch_0_all/ $SPIN 20
check "t4: fetch_0_all counts unfiltered" is_count "$(stat_value 1)"

# Another busy task on the same CPU does not inflate the count. The
# task now spends 2-4% of its task-clock in the kernel, switching, so
# all of its cycles are held to its task-clock and the user part to no
# more than that.
$SPIN 3000 &
busy=$!
stat_csv task-clock,sparc_t4/cycles/,sparc_t4/cycles/u $SPIN 500
kill $busy 2>/dev/null
wait $busy 2>/dev/null
tc2=$(ms_to_ns "$(stat_value 1)")
echo "model: t4: beside a busy task, cycles $(stat_value 2), cycles:u $(stat_value 3) over a task-clock of $tc2 ns"
check_ratio "t4: per-task count with another busy task (within 5%)" "$(stat_value 2)" "$tc2" 5
check "t4: beside a busy task, cycles:u is at most cycles" \
	awk -v u="$(stat_value 3)" -v a="$(stat_value 2)" 'BEGIN { exit !(u <= a && u > a / 2) }'

# Groups: four counters; a fifth member is refused.
stat_csv '{sparc_t4/cycles/u,sparc_t4/instr_ld/u,sparc_t4/branches/u,sparc_t4/br_mispred/u}' $SPIN 100
check "t4: a group of four counts" sh -c \
	"[ \$(cut -d, -f1 /tmp/stat.lines | grep -c '^[0-9]') -eq 4 ]"
stat_csv '{sparc_t4/cycles/u,sparc_t4/instr_ld/u,sparc_t4/branches/u,sparc_t4/br_mispred/u,sparc_t4/instr_st/u}' $SPIN 100
check "t4: a group of five is refused" refused_lines 5

# Multiplexing: eight events on four counters.
mux_check t4 sparc_t4/cycles/ 8

# Sampling: task-clock every 1 ms beside cycles:u every 4,000,000.
perf record -q -c 1000000 -e task-clock -e sparc_t4/cycles,period=4000000/u \
	-o /tmp/t4.data -- $SPIN 1000 /tmp/t4.cpu >/dev/null 2>&1
perf script -i /tmp/t4.data -F event 2>/dev/null | sort | uniq -c >/tmp/t4.samples
sed 's/^/  | /' /tmp/t4.samples
ts=$(awk '/task-clock/ { print $1 }' /tmp/t4.samples)
cs=$(awk '/sparc_t4/ { print $1 }' /tmp/t4.samples)
# The model counts the workload's run time, one event a nanosecond: the
# samples follow its CPU time. (task-clock's hrtimer takes one sample per
# expiry however late it fires, so on a loaded host its samples fall
# short of the time.)
cpu=$(cat /tmp/t4.cpu 2>/dev/null)
echo "model: t4: perf record -c: $cs samples, expected $((${cpu:-0} / 4000000)) from $cpu ns of CPU time ($ts task-clock samples)"
check_ratio "t4: perf record -c gives the samples the model implies (within 5%)" \
	"${cs:-0}" "$((${cpu:-0} / 4000000))" 5
top=$(top_symbol /tmp/t4.data sparc_t4)
check "t4: the samples are in hot()" test "$top" = hot

# -F: perf adjusts the period until the samples come at the frequency
# asked for; the model's rate (1e9/s) says where it must settle. (The
# sample count itself lags: perf's first adjustments overshoot on the
# model's 1 ms steps of count.)
perf record -q -c 1000000 -e task-clock -e sparc_t4/cycles,freq=250/u \
	-o /tmp/t4f.data -- $SPIN 1500 >/dev/null 2>&1
perf script -i /tmp/t4f.data -F event 2>/dev/null | sort | uniq -c >/tmp/t4f.samples
ts=$(awk '/task-clock/ { print $1 }' /tmp/t4f.samples)
cs=$(awk '/sparc_t4/ { print $1 }' /tmp/t4f.samples)
sp=$(settled_period /tmp/t4f.data sparc_t4)
echo "model: t4: perf record -F 250: $cs samples ($((${ts:-0} / 4)) at 250 Hz of $ts ms), settled period $sp"
check_ratio "t4: perf record -F settles on the period the model implies (within 5%)" \
	"${sp:-0}" 4000000 5

# A precise group (:pp) samples in hot() too; without :u it is refused.
perf record -q -e sparc_t4/br_mispred/upp -c 2000000 -o /tmp/t4p.data -- $SPIN 500 >/dev/null 2>&1
check "t4: br_mispred:upp samples are in hot()" test "$(top_symbol /tmp/t4p.data sparc_t4)" = hot
perf record -q -e sparc_t4/br_mispred/pp -c 2000000 -o /tmp/t4x.data -- true >/tmp/t4x.out 2>&1
check "t4: br_mispred:pp counting the hypervisor is refused (EOPNOTSUPP)" \
	grep -q "doesn't support sampling" /tmp/t4x.out

# DRAM: -a counts what every task's run time implies, per select code.
STAT_OPTS=-a
stat_csv cpu-clock,sparc_t4_dram_0/reads/,sparc_t4_dram_0/writes/ $SPIN 500
STAT_OPTS=
dtc=$(ms_to_ns "$(stat_value 1)")
echo "model: t4: dram_0 reads $(stat_value 2), writes $(stat_value 3), over a CPU clock of $dtc ns"
check_ratio "t4: sparc_t4_dram_0 reads with -a (within 10% of the CPUs' busy time / 16)" \
	"$(stat_value 2)" "$(awk -v t="$dtc" 'BEGIN { printf "%.0f", t / 16 }')" 10
# Every DRAM alias of each controller counts with -a.
for i in 0 1 2 3; do
	list_aliases sparc_t4_dram_$i t4 10
	STAT_OPTS=-a
	count_aliases sparc_t4_dram_$i /tmp/sparc_t4_dram_$i.aliases '' $SPIN 500
	STAT_OPTS=
	sed 's/^/  did not count: /' /tmp/sparc_t4_dram_$i.aliases.left
	total=$(wc -l </tmp/sparc_t4_dram_$i.aliases)
	echo "model: t4: sparc_t4_dram_$i: $COUNTED of $total aliases counted with -a"
	check "t4: every sparc_t4_dram_$i alias counts under perf stat -a" test "$COUNTED" -eq "$total"
done

# perf stat opens a PMU with a cpumask on its CPUs even for a command;
# the driver's own refusal of a per-task event shows through the syscall.
/suite/pmucheck open sparc_t4_dram_0 0 task >/tmp/open.txt 2>&1
check_file "t4: a per-task DRAM event is refused with EINVAL" /tmp/open.txt "open: EINVAL"
perf record -a -e sparc_t4_dram_0/reads/ -c 1000 -o /tmp/dram.data -- true >/tmp/dram.out 2>&1
sed 's/^/  | /' /tmp/dram.out | head -n 4
check "t4: a sampling DRAM event is refused with perf's EINVAL text" sh -c \
	"grep -q 'returned with 22 (Invalid argument)' /tmp/dram.out && ! perf script -i /tmp/dram.data 2>/dev/null | grep -q ."

# The admin guide's perf record lines, as written.
record_example t4 'perf record -e sparc_t4/dc_miss_nospec/ukpp -c 10000 -- ./app'
record_example t4 'perf record -e sparc_t4/br_mispred/upp -c 1000 -- ./app'
$SPIN 5000 &
busy=$!
record_example t4 'perf record -e sparc_t4/cycles/ -c 1000000 -a -- sleep 5'
kill $busy 2>/dev/null
wait $busy 2>/dev/null
# (idle, as written: the model counts nothing for the idle task)
STAT_OPTS=-a ZERO_OK=1
stat_example t4 sparc_t4_dram_0/reads/,sparc_t4_dram_0/writes/ sleep 1
STAT_OPTS='' ZERO_OK=''

# An unprivileged user at perf_event_paranoid=2: a per-task user-only
# event opens, the kernel and CPU-wide events are refused, and no sample
# (ip, addr, user or interrupted registers) holds a kernel address.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
echo 2 >/proc/sys/kernel/perf_event_paranoid
/suite/pmucheck unpriv sparc_t4 1000 cycles >/tmp/unpriv.out 2>&1
rc=$?
sed 's/unpriv: /t4: unpriv: /' /tmp/unpriv.out
check "t4: unpriv: pmucheck unpriv passed (exit status)" test "$rc" = 0
echo "$paranoid" >/proc/sys/kernel/perf_event_paranoid
