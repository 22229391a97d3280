# SPDX-License-Identifier: GPL-2.0-only
# The x86_64 guest of the T4 and Itanium models: load the module that
# makes them live, and the helpers the PMUs' checks share.
. /suite/lib.sh
SPIN=/suite/spin

# Under emulation an interrupt can look slow to the perf core, which would
# lower the sample rate for every later check.
echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent

if insmod /suite/pmu_model_live.ko; then
	pass "model: pmu_model_live loads"
else
	fail "model: pmu_model_live loads" "insmod failed"
fi
dmesg | grep pmu_model_live | sed 's/^/  | /'

# stat_csv EVENTS CMD...: perf stat -x, $STAT_OPTS of EVENTS over CMD
# into /tmp/stat.csv ("value,unit,event,..." a line).
STAT_OPTS=
stat_csv() {
	_ev=$1
	shift
	# shellcheck disable=SC2086
	perf stat -x, $STAT_OPTS -e "$_ev" -o /tmp/stat.csv -- "$@" >/dev/null 2>/tmp/stat.err
	grep -v '^#' /tmp/stat.csv | grep -v '^$' >/tmp/stat.lines
}

# stat_value N: the value on line N of the last stat_csv (the Nth event).
stat_value() {
	sed -n "${1}p" /tmp/stat.lines | cut -d, -f1
}

# refused_lines N: the last stat_csv's Nth event did not open (perf's
# "<not supported>": the driver refused it) and the events before it,
# its group, did not count ("<not counted>").
refused_lines() {
	[ "$(wc -l </tmp/stat.lines)" -eq "$1" ] &&
		sed -n "${1}p" /tmp/stat.lines | grep -q '^<not supported>,' &&
		! head -n $(($1 - 1)) /tmp/stat.lines | grep -qv '^<not counted>,'
}

# is_count VALUE: a number above zero.
is_count() {
	case $1 in
	'' | *[!0-9.]*) return 1 ;;
	esac
	awk -v v="$1" 'BEGIN { exit !(v > 0) }'
}

# ms_to_ns MS: the value of a task-clock line (msec) in ns.
ms_to_ns() {
	awk -v v="$1" 'BEGIN { printf "%.0f", v * 1000000 }'
}

# mux_check TAG EVENT N [WHY]: EVENT pinned (perf's D modifier) and N
# more copies of it, more than the counters it can use, over a 1 s spin:
# every multiplexed count, scaled by perf, is within 5% of the pinned one.
# Not against task-clock: while the driver switches events the counters
# stand still, and task-clock runs; on a busy host the switches take
# longer. The pinned event, scheduled all along, stands still with them.
mux_check() {
	_ev=$(for _i in $(seq "$3"); do echo "$2"; done | paste -sd, -)
	stat_csv "task-clock,${2}D,$_ev" $SPIN 1000
	_tc=$(ms_to_ns "$(stat_value 1)")
	_pin=$(stat_value 2)
	echo "model: $1: pinned $2 $_pin (ran $(sed -n 2p /tmp/stat.lines | cut -d, -f5)%) over a task-clock of $_tc ns"
	_bad=0
	for _n in $(seq 3 $(($3 + 2))); do
		_v=$(stat_value "$_n")
		_pct=$(sed -n "${_n}p" /tmp/stat.lines | cut -d, -f5)
		echo "model: $1: multiplexed $2 $_v (ran $_pct%)"
		awk -v v="$_v" -v r="$_pin" 'BEGIN { exit !(r > 0 && v >= r * 0.95 && v <= r * 1.05) }' ||
			_bad=$((_bad + 1))
	done
	check "$1: multiplexed counts scale to within 5% of a pinned one${4:+ ($4)}" \
		test "$_bad" -eq 0
}

# record_example PMU 'perf record ARGS -- ./app' [APP [MIN]]: an admin
# guide's perf record line, run as written with ./app standing for APP
# (default a short spin), writes at least MIN (default 1) samples.
record_example() {
	_cmd=$(echo "$2" | sed "s|^perf record|perf record -q -o /tmp/ex.data|; s|\./app|${3:-$SPIN 20}|")
	rm -f /tmp/ex.data
	# shellcheck disable=SC2086
	if $_cmd >/tmp/ex.out 2>&1 &&
		[ "$(perf script -i /tmp/ex.data 2>/dev/null | wc -l)" -ge "${4:-1}" ]; then
		pass "$1: admin guide: $2"
	else
		fail "$1: admin guide: $2" "$(tail -n 2 /tmp/ex.out | tr '\n' ' ')"
	fi
}

# top_symbol FILE EVENT: the symbol most of EVENT's samples in FILE are in.
top_symbol() {
	perf script -i "$1" -F event,ip,sym 2>/dev/null | grep -F "$2" |
		awk '{ print $3 }' | sort | uniq -c | sort -rn | head -n 1 | awk '{ print $2 }'
}

# settled_period FILE EVENT: the median period of the second half of
# EVENT's samples in FILE (perf record -F adjusts it from the first).
settled_period() {
	perf script -i "$1" -F period,event 2>/dev/null | grep -F "$2" |
		awk '{ p[n++] = $1 } END { for (i = int(n / 2); i < n; i++) print p[i] }' |
		sort -n | awk '{ v[n++] = $1 } END { print n ? v[int(n / 2)] : 0 }'
}

# json_descs UNIT TAG PMU: PMU's sysfs identifier is its JSON's Compat,
# and the suite's perf (/suite/perf-suite, built with the T4 and Itanium
# JSON) lists the BriefDescription of every event of the JSON's UNIT
# (/suite/json-briefs.txt, "UNIT DESCRIPTION" a line). perf prints a
# description as "[DESCRIPTION" and more, COLUMNS keeping it on one line,
# but drops the blank after a comma: blanks are not compared.
json_descs() {
	check "$2: $3 has the identifier its JSON's Compat names" \
		test "$(cat "/sys/bus/event_source/devices/$3/identifier")" = "$4"
	[ -s /tmp/perf-suite.list ] ||
		COLUMNS=4000 /suite/perf-suite list >/tmp/perf-suite.list 2>&1
	awk -v unit="$1" -v tag="$2" '
		FNR == NR { if ($1 == unit) { sub(/^[^ ]* /, ""); k = $0
					      gsub(/[ \t]/, "", k); want[k] = $0; n++ }
			    next }
		{ l = $0; gsub(/[ \t]/, "", l)
		  for (d in want) if (index(l, "[" d)) delete want[d] }
		END { m = 0
		      for (d in want) { m++; if (m <= 3) print "  not listed: " want[d] }
		      printf "model: %s: the suite'"'"'s perf lists %d of %d %s JSON descriptions\n",
			     tag, n - m, n, unit
		      exit !(n > 0 && m == 0) }' /suite/json-briefs.txt /tmp/perf-suite.list
	_rc=$?
	check "$2: the suite's perf lists every $1 JSON description" test "$_rc" = 0
}

# list_aliases PMU TAG MIN: PMU's events/ aliases, a name a line, into
# /tmp/PMU.aliases; a check that perf list shows each, and at least MIN.
# (perf lists PMUs that differ only in a _N suffix once, without it.)
list_aliases() {
	ls "/sys/bus/event_source/devices/$1/events" 2>/dev/null |
		grep -v '\.scale$\|\.unit$\|\.per-pkg$\|\.snapshot$' >"/tmp/$1.aliases"
	[ -s /tmp/perf.list ] || perf list 2>/dev/null >/tmp/perf.list
	_base=$(echo "$1" | sed 's/_[0-9]*$//')
	_total=$(wc -l <"/tmp/$1.aliases")
	_missing=0
	while read -r _a; do
		grep -qiF -e "$1/$_a/" -e "$_base/$_a/" /tmp/perf.list ||
			{ _missing=$((_missing + 1)); echo "  not listed: $_a"; }
	done <"/tmp/$1.aliases"
	echo "model: $2: perf list shows $((_total - _missing)) of $_total $1 aliases"
	check "$2: perf list shows every $1 alias" test "$_missing" -eq 0 -a "$_total" -ge "$3"
}

# count_aliases PMU LIST MOD CMD...: one perf stat ($STAT_OPTS) of every
# alias of LIST as PMU/alias/MOD over CMD, multiplexed: COUNTED is how
# many counted; the others are left in LIST.left.
count_aliases() {
	_pmu=$1 _list=$2 _mod=$3
	shift 3
	stat_csv "$(sed "s|.*|$_pmu/&/$_mod|" "$_list" | paste -sd, -)" "$@"
	: >"$_list.left"
	COUNTED=0
	_n=1
	while read -r _a; do
		if is_count "$(stat_value $_n)"; then
			COUNTED=$((COUNTED + 1))
		else
			echo "$_a" >>"$_list.left"
		fi
		_n=$((_n + 1))
	done <"$_list"
}

# stat_example TAG EVENTS CMD...: an admin guide's perf stat line (with
# $STAT_OPTS) as written: every event counts; with ZERO_OK set, every
# event gives a number, 0 too.
stat_example() {
	_tag=$1 _ev=$2
	shift 2
	stat_csv "$_ev" "$@"
	_bad=$(cut -d, -f1 /tmp/stat.lines | while read -r _v; do
		case $_v in
		'' | *[!0-9.]*) echo x ;;
		*) [ -n "${ZERO_OK:-}" ] || is_count "$_v" || echo x ;;
		esac
	done)
	if [ -z "$_bad" ] && [ -s /tmp/stat.lines ]; then
		pass "$_tag: admin guide: perf stat ${STAT_OPTS:+$STAT_OPTS }-e $_ev"
	else
		fail "$_tag: admin guide: perf stat ${STAT_OPTS:+$STAT_OPTS }-e $_ev" \
			"$(tr '\n' ' ' </tmp/stat.lines) $(tail -n 2 /tmp/stat.err)"
	fi
}
