# SPDX-License-Identifier: GPL-2.0-only
# The suite's perf (tools/testing/lib/perf.sh: perf 6.12 built with the
# suite's perf JSON and patches/perf-6.12) on the power9 PMU: descriptions
# in perf list, bare JSON names, and every POWER9 metric under perf stat -M.
# /suite/p9-metrics.txt lists the metrics of the suite's metrics.json, one
# "NAME GROUPS" line each, so a metric perf does not know fails here.
. /suite/lib.sh

PERF=/suite/perf-suite
LOOP=/suite/loop

for m in pmu_suite power9_pmu_core power9_pmu; do
	check "json: insmod $m" insmod /suite/modules/$m.ko
done
echo "json: $($PERF version)"

# perf list: the manual's description under the power9 PMU.
$PERF list pm_br_pred >/tmp/list.out 2>&1
check "json: perf list describes power9/pm_br_pred/" sh -c \
	"grep -A1 '^  pm_br_pred\$' /tmp/list.out | grep -q 'Conditional branch executed in which the hardware'"
check "json: the description is under the power9 PMU" \
	grep -q '^power9 pmu branch:' /tmp/list.out

# perf lists every metric of the model, also the nest metrics
# (/suite/p9-nest-metrics.txt), whose power9_nest PMU the guest does not
# have: they are listed but cannot be evaluated here.
total=$(wc -l </suite/p9-metrics.txt)
table=$(awk '{ n += $2 } END { print n + 0 }' /suite/p9-table-groups.txt)
nest=$(wc -l </suite/p9-nest-metrics.txt)
listed=$($PERF list --raw-dump metrics 2>/dev/null | wc -w)
echo "json: perf list metrics: $listed, metrics.json: $total, Table 5-24: $table, nest: $nest"
if [ "$listed" -eq $((total + table + nest)) ] && [ "$total" -gt 0 ]; then
	pass "json: perf list metrics lists every POWER9 metric"
else
	fail "json: perf list metrics lists every POWER9 metric" \
		"$listed of $((total + table + nest))"
fi
groups=$(cut -d' ' -f2 /suite/p9-metrics.txt | tr ';' '\n' | sort -u | grep -v '^$')
missing=
for g in $groups; do
	$PERF list --raw-dump metricgroups 2>/dev/null | tr ' ' '\n' | grep -qx "$g" ||
		missing="$missing $g"
done
if [ -z "$missing" ]; then
	pass "json: perf list metricgroups lists every group"
else
	fail "json: perf list metricgroups lists every group" "missing:$missing"
fi

# A bare JSON name counts on power9. The kernel's POWER9 JSON, which gives
# the same names to the built-in cpu PMU, is left out of this perf, and the
# two PMUs cannot count at once: an event opened on both would fail.
perf stat -x, -e instructions -o /tmp/ref.csv -- $LOOP >/dev/null 2>&1
ref=$(awk -F, '$3 == "instructions" { print $1 }' /tmp/ref.csv)
$PERF stat -x, -e PM_RUN_INST_CMPL -o /tmp/bare.csv -- $LOOP >/dev/null 2>&1
n=$(awk -F, '$3 == "PM_RUN_INST_CMPL" { print $1 }' /tmp/bare.csv)
echo "json: PM_RUN_INST_CMPL: $n, built-in instructions: $ref"
check_ratio "json: bare PM_RUN_INST_CMPL counts on power9 within 1%" "${n:-0}" "${ref:-0}" 1

# perf stat -M: CPI is PM_CYC / PM_INST_CMPL; QEMU runs one instruction a
# cycle (icount), so the loop's CPI is 1.
$PERF stat -x, -M CPI -o /tmp/cpi.csv -- $LOOP >/dev/null 2>&1
cpi=$(awk -F, '$7 == "CPI" { print $6 }' /tmp/cpi.csv)
echo "json: perf stat -M CPI: ${cpi:-none}"
check_ratio "json: perf stat -M CPI computes 1.00 on the loop" \
	"$(echo "${cpi:-0}" | awk '{ printf "%d", $1 * 1000 }')" 1000 2
# Its PM_CYC and PM_INST_CMPL are on two PMCs: counted together.
check "json: perf stat -M CPI counts both events all the time" \
	awk -F, '/^[0-9]/ { n++; if ($5 != "100.00") bad = 1 } END { exit bad || n != 2 }' /tmp/cpi.csv
# Every metric group: perf stat -M GROUP prints each of its metrics. A
# group has up to 92 metrics, whose events take turns on six PMCs, and
# perf prints no metric whose events had no turn: on the
# 200,000,000-instruction loop, rotating every millisecond, all do.
LONGLOOP=/suite/longloop
mux=$(cat /sys/bus/event_source/devices/power9/perf_event_mux_interval_ms)
echo 1 >/sys/bus/event_source/devices/power9/perf_event_mux_interval_ms
for g in $(cut -d' ' -f2 /suite/p9-metrics.txt | tr ';' '\n' | sort -u | grep -v '^$'); do
	want=$(awk -v g="$g" '{ n = split($2, a, ";"); for (i = 1; i <= n; i++) if (a[i] == g) c++ } END { print c + 0 }' \
		/suite/p9-metrics.txt)
	if $PERF stat -x, -M "$g" -o /tmp/grp.csv -- $LONGLOOP >/dev/null 2>/tmp/grp.err; then
		got=$(awk -F, '$7 != "" { n++ } END { print n + 0 }' /tmp/grp.csv)
	else
		got=0
		sed 's/^/  | /' /tmp/grp.err | tail -n 3
	fi
	echo "json: perf stat -M $g: $got of its $want metrics printed"
	if [ "$got" -eq "$want" ]; then
		pass "json: perf stat -M $g prints each of its metrics"
	else
		fail "json: perf stat -M $g prints each of its metrics" "$got of $want"
	fi
done
echo "$mux" >/sys/bus/event_source/devices/power9/perf_event_mux_interval_ms

# Table 5-24's groups: perf stat -M GROUP counts the group's events
# together, all of them all the time (no multiplexing: 100.00 in the
# running column), but for the events the revision's restrictions refuse
# ("<not supported>").
together=0
bad=
restricted=0
while read -r g n refused; do
	$PERF stat -x, -M "$g" -o /tmp/t.csv -- $LOOP >/dev/null 2>&1
	got=$(awk -F, -v g="$g" '$7 ~ ("(^|[^A-Za-z0-9_.])" g "[.]") && $5 == "100.00" { c++ } END { print c + 0 }' /tmp/t.csv)
	not=$(grep -c '^<not supported>,' /tmp/t.csv)
	if [ "$got" -eq $((n - refused)) ] && [ "$not" -eq "$refused" ]; then
		together=$((together + 1))
		[ "$refused" -eq 0 ] || restricted=$((restricted + 1))
	else
		bad="$bad $g"
		[ "$(echo "$bad" | wc -w)" -le 3 ] && sed "s/^/  $g | /" /tmp/t.csv
	fi
done </suite/p9-table-groups.txt
groups=$(wc -l </suite/p9-table-groups.txt)
echo "json: Table 5-24 groups counted whole by perf stat -M: $together of $groups ($restricted of them less the events DD2.2 refuses)"
if [ "$together" -eq "$groups" ] && [ "$groups" -gt 0 ]; then
	pass "json: perf stat -M counts each Table 5-24 group whole"
else
	fail "json: perf stat -M counts each Table 5-24 group whole" \
		"$together of $groups; not:$(echo "$bad" | cut -c1-300)"
fi

# Every metric, alone, so that its events count the whole loop. perf
# prints a metric it computed with its value, or with none when it divides
# by 0 (the events QEMU does not count read 0): evaluated either way. An
# error, or a metric perf does not print, is a failure.
evaluated=0
valued=0
whole=0
bad=
while read -r m groups; do
	if $PERF stat -x, -M "$m" -o /tmp/m.csv -- $LOOP >/dev/null 2>/tmp/m.err &&
			awk -F, -v m="$m" '$7 ~ ("(^|[^A-Za-z0-9_])" m "$") { ok = 1 } END { exit !ok }' /tmp/m.csv; then
		evaluated=$((evaluated + 1))
		awk -F, -v m="$m" '$7 ~ ("(^|[^A-Za-z0-9_])" m "$") && $6 != "" { ok = 1 } END { exit !ok }' \
			/tmp/m.csv && valued=$((valued + 1))
		# All its events counted all the time: in one group.
		awk -F, '/^[0-9<]/ && $5 != "100.00" { bad = 1 } END { exit bad }' \
			/tmp/m.csv && whole=$((whole + 1))
	else
		bad="$bad $m"
		[ "$(echo "$bad" | wc -w)" -le 3 ] &&
			sed "s/^/  $m | /" /tmp/m.csv /tmp/m.err | head -n 8
	fi
done </suite/p9-metrics.txt
echo "json: metrics evaluated: $evaluated of $total ($valued with a value, $((evaluated - valued)) dividing by 0; $whole with their events counted together)"
if [ "$evaluated" -eq "$total" ]; then
	pass "json: perf stat -M evaluates every POWER9 metric"
else
	fail "json: perf stat -M evaluates every POWER9 metric" \
		"$evaluated of $total; not:$(echo "$bad" | cut -c1-300)"
fi

check "json: rmmod power9_pmu" rmmod power9_pmu
check "json: rmmod power9_pmu_core" rmmod power9_pmu_core
check "json: rmmod pmu_suite" rmmod pmu_suite
