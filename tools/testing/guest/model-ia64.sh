# SPDX-License-Identifier: GPL-2.0-only
# itanium9300 over the live Itanium model: every event a counter selects
# occurs once per nanosecond of run time; each model tick is one data-EAR
# capture and one trace-buffer branch (kunit/live/ia64-live.c).
IA=/sys/bus/event_source/devices/itanium9300
echo "model: itanium9300"
check "ia64: itanium9300 registered" test -d $IA

ls $IA/events | grep -v '\.scale$\|\.unit$' >/tmp/ia.aliases
total=$(wc -l </tmp/ia.aliases)
perf list 2>/dev/null >/tmp/ia.list
missing=0
while read -r a; do
	grep -qiF "itanium9300/$a/" /tmp/ia.list || { missing=$((missing + 1)); echo "  not listed: $a"; }
done </tmp/ia.aliases
echo "model: ia64: perf list shows $((total - missing)) of $total itanium9300 aliases"
check "ia64: perf list shows every itanium9300 alias" test "$missing" -eq 0 -a "$total" -gt 100

# Every alias opens and counts, all at once, multiplexed over PMC4-15.
evs=$(sed 's|.*|itanium9300/&/|' /tmp/ia.aliases | paste -sd, -)
stat_csv "$evs" $SPIN 3000
counted=0
n=1
while read -r a; do
	if is_count "$(stat_value $n)"; then
		counted=$((counted + 1))
	else
		echo "  did not count: $a: $(sed -n "${n}p" /tmp/stat.lines)"
	fi
	n=$((n + 1))
done </tmp/ia.aliases
echo "model: ia64: aliases counted: $counted of $total"
check "ia64: every itanium9300 alias opens and counts under perf stat" test "$counted" -eq "$total"

# The admin guide's perf stat examples open as written (the address-range
# ones count Itanium addresses, which x86 code never runs at: they open
# and count nothing).
while read -r ev; do
	stat_csv "$ev" $SPIN 100
	bad=$(cut -d, -f1 /tmp/stat.lines | while read -r v; do
		case $v in '' | *[!0-9.]*) echo x ;; esac
	done)
	if [ -z "$bad" ] && [ -s /tmp/stat.lines ]; then
		pass "ia64: admin guide: perf stat -e $ev"
	else
		fail "ia64: admin guide: perf stat -e $ev" "$(tr '\n' ' ' </tmp/stat.lines) $(tail -n 2 /tmp/stat.err)"
	fi
done <<'LIST'
itanium9300/cpu_op_cycles/,itanium9300/ia64_inst_retired/
itanium9300/l2d_references.all/
itanium9300/event=0x08,threshold=3/
itanium9300/l3_reads.data_read.miss,mesi=0x8/
itanium9300/ia64_inst_retired,qual=2,range_lg=16,range_base=0x4000000000010000/
itanium9300/ia64_inst_retired,qual=2,range_fine=1,range_base=0x4000000000012340,range_len=0x130/
LIST

stat_csv task-clock,itanium9300/cpu_op_cycles/u $SPIN 500
tc=$(ms_to_ns "$(stat_value 1)")
echo "model: ia64: cpu_op_cycles:u $(stat_value 2) over a task-clock of $tc ns"
check_ratio "ia64: cpu_op_cycles:u follows the task's run time (within 5%)" "$(stat_value 2)" "$tc" 5
stat_csv itanium9300/cpu_op_cycles/k $SPIN 500
check "ia64: cpu_op_cycles:k of a user-mode loop is under 5% of its run time" \
	awk -v k="$(stat_value 1)" -v t="$tc" 'BEGIN { exit !(k < t / 20) }'

# Groups: twelve counters; a thirteenth member is refused. (Cycles, a
# causal event, counts on PMD4-9 only: six of it make a full group.)
g=$(for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo itanium9300/ia64_inst_retired/u; done | paste -sd, -)
stat_csv "{$g}" $SPIN 100
check "ia64: a group of twelve counts" sh -c \
	"[ \$(cut -d, -f1 /tmp/stat.lines | grep -c '^[0-9]') -eq 12 ]"
stat_csv "{$g,itanium9300/ia64_inst_retired/u}" $SPIN 100
check "ia64: a group of thirteen is refused" sh -c \
	"! cut -d, -f1 /tmp/stat.lines | grep -q '^[0-9]'"

# Multiplexing: sixteen events on twelve counters, scaled.
g16=$(for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do echo itanium9300/cpu_op_cycles/u; done | paste -sd, -)
stat_csv "task-clock,$g16" $SPIN 1000
tc3=$(ms_to_ns "$(stat_value 1)")
mux_bad=0
for n in 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17; do
	v=$(stat_value $n)
	awk -v v="$v" -v r="$tc3" 'BEGIN { exit !(v >= r * 0.95 && v <= r * 1.05) }' ||
		{ mux_bad=$((mux_bad + 1)); echo "  multiplexed: $(sed -n "${n}p" /tmp/stat.lines) of $tc3 ns"; }
done
check "ia64: multiplexed counts scale to within 5% of the run time" test "$mux_bad" -eq 0

perf record -q -c 1000000 -e task-clock -e itanium9300/cpu_op_cycles,period=4000000/u \
	-o /tmp/ia.data -- $SPIN 1000 >/dev/null 2>&1
perf script -i /tmp/ia.data -F event 2>/dev/null | sort | uniq -c >/tmp/ia.samples
ts=$(awk '/task-clock/ { print $1 }' /tmp/ia.samples)
cs=$(awk '/itanium9300/ { print $1 }' /tmp/ia.samples)
echo "model: ia64: perf record -c: $cs samples, expected $((${ts:-0} / 4)) from $ts task-clock samples"
check_ratio "ia64: perf record -c gives the samples the model implies (within 5%)" \
	"${cs:-0}" "$((${ts:-0} / 4))" 5
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
