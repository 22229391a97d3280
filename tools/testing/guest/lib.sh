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

# run_kunit_module NAME.ko: load a KUnit test module; one result per case,
# and a failure if the module ran no case at all.
run_kunit_module() {
	_mod=$(basename "$1" .ko)
	dmesg -c >/dev/null
	if ! insmod "$1" 2>/tmp/insmod.err; then
		fail "insmod $_mod" "$(cat /tmp/insmod.err)"
		return
	fi
	# Case lines are indented by four spaces after the timestamp.
	dmesg | sed -n 's/^\[[^]]*\] //; s/^    \(not ok\|ok\) [0-9]* \([^ ]*\).*/\1 \2/p' \
		>/tmp/kunit.results
	if [ ! -s /tmp/kunit.results ]; then
		fail "kunit $_mod" "no KUnit results in the kernel log"
		dmesg | tail -n 20 | sed 's/^/  | /'
	fi
	while read -r status case; do
		if [ "$status" = ok ]; then
			pass "kunit $_mod $case"
		else
			fail "kunit $_mod $case" "see the KUnit log above"
		fi
	done </tmp/kunit.results
	grep -q '^not' /tmp/kunit.results && dmesg | sed 's/^/  | /'
	rmmod "$_mod"
}

# A workload of a fixed size for perf to watch.
busy_loop() {
	i=0
	while [ "$i" -lt "${1:-20000}" ]; do
		i=$((i + 1))
	done
}
