# SPDX-License-Identifier: GPL-2.0-only
# itanium9300 over the live Itanium model: every event a counter selects
# occurs once per nanosecond of run time; each model tick is one data-EAR
# capture and one trace-buffer branch (drivers/perf/itanium9300/tests/model/ia64-live.c).
echo "model: itanium9300"
check "ia64: itanium9300 registered" test -d /sys/bus/event_source/devices/itanium9300

list_aliases itanium9300 ia64 100

# The suite's perf finds the Itanium JSON by the PMUs' identifier, and
# evaluates its metrics: every event of the model counts once a
# nanosecond, so instructions per cycle is 1.
json_descs itanium9300 ia64 itanium9300 Itanium-9300
grep -m 1 -A 1 '^  hpw_data_references' /tmp/perf-suite.list |
	sed 's/^ */model: ia64: perf list: /'
/suite/perf-suite stat -M ia64_ipc -o /tmp/metric.out -- $SPIN 300 >/dev/null 2>&1
sed -n '/ia64_ipc/s/^ */model: ia64: perf stat -M ia64_ipc: /p' /tmp/metric.out
ipc=$(sed -n 's/.*# *\([0-9.]*\) *ia64_ipc.*/\1/p' /tmp/metric.out)
check_ratio "ia64: perf stat -M ia64_ipc evaluates to 1 (within 5%)" "${ipc:-0}" 1 5

# Every alias opens and counts, all at once, multiplexed over PMC4-15.
count_aliases itanium9300 /tmp/itanium9300.aliases '' $SPIN 3000
sed 's/^/  did not count: /' /tmp/itanium9300.aliases.left
total=$(wc -l </tmp/itanium9300.aliases)
echo "model: ia64: aliases counted: $COUNTED of $total"
check "ia64: every itanium9300 alias opens and counts under perf stat" test "$COUNTED" -eq "$total"

# The admin guide's perf stat examples open as written (the address-range
# ones count Itanium addresses, which x86 code never runs at: they open
# and count nothing).
ZERO_OK=1
while read -r ev; do
	stat_example ia64 "$ev" $SPIN 100
done <<'LIST'
itanium9300/cpu_op_cycles/,itanium9300/ia64_inst_retired/
itanium9300/l2d_references.all/
itanium9300/event=0x08,threshold=3/
itanium9300/l3_reads.data_read.miss,mesi=0x8/
itanium9300/ia64_inst_retired,qual=2,range_lg=16,range_base=0x4000000000010000/
itanium9300/ia64_inst_retired,qual=2,range_fine=1,range_base=0x4000000000012340,range_len=0x130/
LIST
ZERO_OK=

stat_csv task-clock,itanium9300/cpu_op_cycles/u $SPIN 500
tc=$(ms_to_ns "$(stat_value 1)")
echo "model: ia64: cpu_op_cycles:u $(stat_value 2) over a task-clock of $tc ns"
check_ratio "ia64: cpu_op_cycles:u follows the task's run time (within 5%)" "$(stat_value 2)" "$tc" 5
stat_csv itanium9300/cpu_op_cycles/k $SPIN 500
check "ia64: cpu_op_cycles:k of a user-mode loop is under 5% of its run time" \
	awk -v k="$(stat_value 1)" -v t="$tc" 'BEGIN { exit !(k < t / 20) }'
# Excluding both levels Linux runs at leaves plm 0, which keeps no
# count (Table 3-4): refused, as the admin guide says.
stat_csv itanium9300/cpu_op_cycles/h $SPIN 20
check "ia64: cpu_op_cycles:h is refused" refused_lines 1

# Groups: twelve counters; a thirteenth member is refused. (Cycles, a
# causal event, counts on PMD4-9 only: six of it make a full group.)
g=$(for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo itanium9300/ia64_inst_retired/u; done | paste -sd, -)
stat_csv "{$g}" $SPIN 100
check "ia64: a group of twelve counts" sh -c \
	"[ \$(cut -d, -f1 /tmp/stat.lines | grep -c '^[0-9]') -eq 12 ]"
stat_csv "{$g,itanium9300/ia64_inst_retired/u}" $SPIN 100
check "ia64: a group of thirteen is refused" refused_lines 13

# Multiplexing: sixteen cycle events on the six counters that count them.
mux_check ia64 itanium9300/cpu_op_cycles/ 16

perf record -q -c 1000000 -e task-clock -e itanium9300/cpu_op_cycles,period=4000000/u \
	-o /tmp/ia.data -- $SPIN 1000 /tmp/ia.cpu >/dev/null 2>&1
perf script -i /tmp/ia.data -F event 2>/dev/null | sort | uniq -c >/tmp/ia.samples
ts=$(awk '/task-clock/ { print $1 }' /tmp/ia.samples)
cs=$(awk '/itanium9300/ { print $1 }' /tmp/ia.samples)
# The model counts the workload's run time, one event a nanosecond: the
# samples follow its CPU time. (task-clock's hrtimer takes one sample per
# expiry however late it fires, so on a loaded host its samples fall
# short of the time.)
cpu=$(cat /tmp/ia.cpu 2>/dev/null)
echo "model: ia64: perf record -c: $cs samples, expected $((${cpu:-0} / 4000000)) from $cpu ns of CPU time ($ts task-clock samples)"
check_ratio "ia64: perf record -c gives the samples the model implies (within 5%)" \
	"${cs:-0}" "$((${cpu:-0} / 4000000))" 5
check "ia64: the samples are in hot()" test "$(top_symbol /tmp/ia.data itanium9300)" = hot

# Branch stacks from the trace buffer.
perf record -q -b -e itanium9300/ia64_inst_retired/u -c 20000000 -o /tmp/iab.data -- $SPIN 500 >/dev/null 2>&1
perf script -i /tmp/iab.data -F ip,brstack 2>/dev/null | head -n 2 | cut -c 1-160 | sed 's/^/  | /'
check "ia64: perf record -b gives branch stacks from the trace buffer" sh -c \
	"perf script -i /tmp/iab.data -F brstack 2>/dev/null | grep -q '0x[0-9a-f]*/0x[0-9a-f]*/'"

# Data EAR samples: address, weight and data source (the guide's line).
perf record -q -e itanium9300/data_ear_events,ear_umask=3/ -c 1 -d -W \
	-o /tmp/iad.data -- $SPIN 1000 >/dev/null 2>&1
perf script -i /tmp/iad.data -F ip,sym,addr,weight,data_src 2>/dev/null | head -n 2 | sed 's/^/  | /'
check "ia64: data EAR samples carry an address and a weight" sh -c \
	"perf script -i /tmp/iad.data -F addr,weight 2>/dev/null | awk '\$1 != \"0\" && \$2 > 0 { n++ } END { exit !(n > 5) }'"

# The admin guide's other perf record lines, as written. An EAR holds a
# capture until it is read, and the model captures once per tick: at -c
# 100 a short run has no sample.
record_example ia64 'perf record -e itanium9300/data_ear_events,ear_umask=3/ -c 100 -d -W -- ./app' "$SPIN 20" 0
record_example ia64 'perf record -e itanium9300/l1i_ear_events,ear_umask=0x40/ -c 100 -- ./app' "$SPIN 20" 0
record_example ia64 'perf record -b -e itanium9300/ia64_inst_retired,etb_tm=3,etb_ppm=1/ -- ./app'
record_example ia64 'perf record -j any,u -e itanium9300/cpu_op_cycles,etb_iprel=1,etb_ptm=2/ -- ./app'
record_example ia64 'perf record -b -e itanium9300/ia64_inst_retired/ -c 100000 -- ./app'
record_example ia64 'perf record -j any -e itanium9300/l2d_misses,ipear=1,ipear_delay=8/ -c 1000 -- ./app'

# The boxes (B: home agents, Z: memory controllers, R: router), counting
# for the socket: every counter's event once per 16 ns of run time.
for box in bbox zbox rbox; do
	pmu=itanium9300_$box
	check "ia64: $pmu registered" test -d /sys/bus/event_source/devices/$pmu
	list_aliases $pmu ia64 1
	STAT_OPTS=-a
	count_aliases $pmu /tmp/$pmu.aliases '' $SPIN 1500
	STAT_OPTS=
	sed 's/^/  did not count: /' /tmp/$pmu.aliases.left
	total=$(wc -l </tmp/$pmu.aliases)
	echo "model: ia64: $pmu: $COUNTED of $total aliases counted with -a"
	check "ia64: every $pmu alias counts under perf stat -a" test "$COUNTED" -eq "$total"
	/suite/pmucheck open $pmu "$(sed -n 's/^event=\([0-9a-fx]*\).*/\1/p' \
		"/sys/bus/event_source/devices/$pmu/events/$(head -n 1 /tmp/$pmu.aliases)")" \
		task >/tmp/open.txt 2>&1
	check_file "ia64: a per-task $pmu event is refused with EINVAL" /tmp/open.txt "open: EINVAL"
	rm -f /tmp/box.data
	perf record -q -a -e "$pmu/$(head -n 1 /tmp/$pmu.aliases)/" -c 1000 -o /tmp/box.data \
		-- true >/tmp/box.out 2>&1
	check "ia64: a sampling $pmu event is refused with perf's EINVAL text" sh -c \
		"grep -q 'returned with 22 (Invalid argument)' /tmp/box.out && ! perf script -i /tmp/box.data 2>/dev/null | grep -q ."
done

# The boxes' JSON in the suite's perf. A match/mask name of Table 5-36
# (rbox.mm_*: a "Filter" of match and mask) opens as the same
# perf_event_attr as its terms written out.
for box in bbox zbox rbox; do
	json_descs itanium9300_$box ia64 itanium9300_$box Itanium-9300
done
grep -m 1 -A 1 '^  rbox.mm_ncb_anyint' /tmp/perf-suite.list |
	sed 's/^ */model: ia64: perf list: /'
for ev in rbox.mm_ncb_anyint,port=8 mm=1,mm_flit=1,match=0x1900,mask=0x1f80,port=8; do
	/suite/perf-suite stat -vv -a -x, -e "itanium9300_rbox/$ev/" -- $SPIN 100 2>&1 |
		grep -E '^ +(type|config|\{ bp_addr, config1 \}|\{ bp_len, config2 \}) ' \
			>"/tmp/attr.${ev%%,*}"
done
echo "model: ia64: rbox.mm_ncb_anyint,port=8 opens as" $(cat /tmp/attr.rbox.mm_ncb_anyint)
check "ia64: the JSON's rbox.mm_ncb_anyint opens as mm=1,mm_flit=1,match=0x1900,mask=0x1f80" \
	sh -c 'grep -q config2 /tmp/attr.mm=1 && cmp /tmp/attr.rbox.mm_ncb_anyint /tmp/attr.mm=1'

STAT_OPTS=-a
stat_csv cpu-clock,itanium9300_zbox/cycles/ $SPIN 500
STAT_OPTS=
ztc=$(ms_to_ns "$(stat_value 1)")
echo "model: ia64: zbox cycles $(stat_value 2) over a CPU clock of $ztc ns"
check_ratio "ia64: itanium9300_zbox/cycles/ with -a (within 10% of the CPU's busy time / 16)" \
	"$(stat_value 2)" "$(awk -v t="$ztc" 'BEGIN { printf "%.0f", t / 16 }')" 10

# The admin guide's box lines, with 'sleep 1' for its 'sleep 10' and a
# busy task beside them (the model counts run time; idle counts nothing).
$SPIN 100000 &
busy=$!
STAT_OPTS=-a
while read -r ev; do
	stat_example ia64 "$ev" sleep 1
done <<'LIST'
itanium9300_bbox/b_cycles/,itanium9300_bbox/snp_req_all,box=1/
itanium9300_bbox/arb_q0_inserts,ctl2=33/
itanium9300_bbox/iob_in_pkts,ctl2=0x80000,class_in=0x4800/
itanium9300_bbox/iob_out_pkts,ctl2=0x80000,class_out=0x4,opcode_out=0x1/
itanium9300_zbox/cycles/,itanium9300_zbox/page_miss,box=1/
itanium9300_zbox/iss_ev,subctl=0x2/
itanium9300_rbox/flits_sent,port=3/,itanium9300_rbox/flits_rcvd,port=8/
itanium9300_rbox/iperf=0x120000,port=0/
itanium9300_rbox/gbl_arb_bid,port=9/
itanium9300_rbox/que_arb_bid,cls=4,port=2/
itanium9300_rbox/tgt_available,cls=1,sub=1,port=5/
itanium9300_rbox/qlx=1,type=0xc,cls=2,port=0/
itanium9300_rbox/mm=1,mm_flit=1,match=0x1c00,mask=0x1f80,port=8/
itanium9300_rbox/mm=1,mm_anyflit=1,match=0,mask=0x1e00,port=3/
itanium9300_rbox/mm=1,mm_flit=1,match=0x8000000001c00,mask=0xf000000001fe0,port=8/
LIST
STAT_OPTS=
kill $busy 2>/dev/null
wait $busy 2>/dev/null

# An unprivileged user at perf_event_paranoid=2: a per-task user-only
# event opens, the kernel and CPU-wide events are refused, and no sample
# (ip, addr, user or interrupted registers) holds a kernel address.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
echo 2 >/proc/sys/kernel/perf_event_paranoid
/suite/pmucheck unpriv itanium9300 1000 cpu_op_cycles >/tmp/unpriv.out 2>&1
rc=$?
sed 's/unpriv: /ia64: unpriv: /' /tmp/unpriv.out
check "ia64: unpriv: pmucheck unpriv passed (exit status)" test "$rc" = 0
echo "$paranoid" >/proc/sys/kernel/perf_event_paranoid
