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
