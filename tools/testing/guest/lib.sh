# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the guests' test scripts (busybox sh). Every check prints one
# @@RESULT line; the host counts them and fails the tier on any FAIL.

pass() { echo "@@RESULT PASS $1"; }
fail() { echo "@@RESULT FAIL $1: $2"; }

# check NAME CMD...: pass when CMD succeeds.
check() {
	_name=$1
	shift
	if "$@" >/tmp/check.out 2>&1; then
		pass "$_name"
	else
		fail "$_name" "'$*' failed: $(tail -n 3 /tmp/check.out | tr '\n' ' ')"
	fi
}

# check_file NAME FILE EXPECTED: pass when FILE holds EXPECTED.
check_file() {
	if [ "$(cat "$2" 2>/dev/null)" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "$2 holds '$(cat "$2" 2>&1)', expected '$3'"
	fi
}

# check_ratio NAME VALUE REFERENCE TOLERANCE_PERCENT
check_ratio() {
	if awk -v v="$2" -v r="$3" -v t="$4" \
		'BEGIN { exit !(r > 0 && v >= r * (1 - t / 100) && v <= r * (1 + t / 100)) }'; then
		pass "$1"
	else
		fail "$1" "$2 is not within $4% of $3"
	fi
}

# run_kunit_module NAME.ko: load a KUnit test module; one result per case.
run_kunit_module() {
	dmesg -c >/dev/null
	if ! insmod "$1" 2>/tmp/insmod.err; then
		fail "insmod $(basename "$1")" "$(cat /tmp/insmod.err)"
		return
	fi
	dmesg | sed -n 's/^\[[^]]*\] *//; s/^    \(not ok\|ok\) [0-9]* \([^ ]*\).*/\1 \2/p' |
	while read -r status case; do
		if [ "$status" = ok ]; then
			pass "kunit $case"
		else
			fail "kunit $case" "see the KUnit log above"
		fi
	done
	dmesg | grep -q 'not ok' && dmesg | sed 's/^/  | /'
	rmmod "$(basename "$1" .ko)"
}

# A workload of a fixed size for perf to watch.
busy_loop() {
	i=0
	while [ "$i" -lt "${1:-20000}" ]; do
		i=$((i + 1))
	done
}
