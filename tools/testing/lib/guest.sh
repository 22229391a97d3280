# SPDX-License-Identifier: GPL-2.0-only
# Boot the emulated guests (POWER9; x86_64 for the T4 and Itanium models)
# with a test script and read their results.
# shellcheck shell=bash

# guest_initrd ARCH OVERLAY_DIR: the base initramfs of Debian ARCH with
# the guests' /init, lib.sh and OVERLAY_DIR on top; prints its path.
guest_initrd() {
	local base overlay=$2
	base=$("$SUITE_ROOT/tools/testing/lib/guest-rootfs.sh" "$1") || return 1
	mkdir -p "$overlay/suite"
	cp "$SUITE_ROOT/tools/testing/guest/init" "$overlay/init"
	cp "$SUITE_ROOT/tools/testing/guest/lib.sh" "$overlay/suite/lib.sh"
	chmod +x "$overlay/init"
	# Concatenated newc archives: the kernel unpacks one after the other.
	{ cat "$base"; (cd "$overlay" && find . | LC_ALL=C sort |
		cpio -o -H newc --quiet); } >"$overlay.initrd"
	echo "$overlay.initrd"
}

# The guests' clock: 1 ns per instruction (-icount shift=0), so that a
# busy host slows a guest but changes none of its times; sleep=off jumps
# that clock to the next timer when every guest CPU idles, as real time
# would have passed for it, instead of waiting that time out on the host
# (sleep in a test script, perf stat -a -- sleep N).
GUEST_ICOUNT=shift=0,sleep=off

# guest_ppc64_boot VMLINUX OVERLAY_DIR LOG [TIMEOUT [CPU [NCPUS]]]: boot
# with the base initramfs plus OVERLAY_DIR (which holds suite/tests.sh and
# what it uses) on NCPUS (default 1) emulated CPUs (default power9).
# -icount keeps TCG single-threaded: the CPUs take turns, exactly.
guest_ppc64_boot() {
	local vmlinux=$1 overlay=$2 logf=$3 tmo=${4:-900} cpu=${5:-power9}
	local ncpus=${6:-1} start=$SECONDS
	local initrd rc plugin=()
	# A TCG plugin and its arguments, for harness profile.
	[ -z "${GUEST_QEMU_PLUGIN:-}" ] || plugin=(-plugin "$GUEST_QEMU_PLUGIN")
	initrd=$(guest_initrd ppc64el "$overlay") || return 1
	log "booting the guest (qemu-system-ppc64 -M pseries -cpu $cpu -smp $ncpus, TCG)"
	rc=0
	timeout "$tmo" qemu-system-ppc64 -M pseries,x-vof=on -cpu "$cpu" \
		-m 2G -smp "$ncpus" -icount "$GUEST_ICOUNT" -nographic -no-reboot -nodefaults \
		-chardev stdio,id=con,signal=off -device spapr-vty,chardev=con \
		-kernel "$vmlinux" -initrd "$initrd" \
		-append "console=hvc0 panic=-1 oops=panic" "${plugin[@]}" \
		</dev/null >"$logf" 2>&1 || rc=$?
	[ "$rc" -eq 124 ] && log "guest timed out after ${tmo}s"
	echo "@@HOST $((SECONDS - start))" >>"$logf"
	return 0
}

# guest_parts FILE...: the files, for a guest's tests.sh, each after a
# line that says in guest time where it starts: guest_results gives each
# part's guest seconds.
guest_parts() {
	local f
	for f in "$@"; do
		# shellcheck disable=SC2016 # the guest's variable
		printf 'read -r _up _ </proc/uptime; echo "@@PART %s $_up"\n' \
			"$(basename "$f" .sh)"
		cat "$f"
	done
}

# What the guest kernel reports that fails a tier: warnings and oopses,
# and what its debug options find (KASAN's "BUG: KASAN", lockdep's
# "WARNING: possible circular locking dependency" and friends, debug
# objects' "ODEBUG").
GUEST_REPORTS='WARNING: CPU:|WARNING: (possible|inconsistent|suspicious|lock held|bad unlock)|INFO: (possible|trying)|ODEBUG:|cut here|Oops|BUG:|Kernel panic|Unable to handle kernel'

# guest_results LOG TIER: count @@RESULT lines, add the boot checks, print
# failures, and record the tier's counts, with the guest's time (what its
# work costs, whatever the host's load) beside the host's.
guest_results() {
	local logf=$1 tier=$2 pass fail up idle host
	pass=$(grep -c '^@@RESULT PASS' "$logf" || true)
	fail=$(grep -c '^@@RESULT FAIL' "$logf" || true)
	grep '^@@RESULT FAIL' "$logf" | sed 's/^@@RESULT /  /' >&2 || true
	if grep -q '^@@DONE' "$logf"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		log "$tier: the guest did not finish its tests (log: $logf)"
		tail -n 30 "$logf" >&2
	fi
	if grep -qE "$GUEST_REPORTS|Call Trace:" "$logf"; then
		fail=$((fail + 1))
		log "$tier: kernel warnings or oopses in the guest:"
		grep -E -A15 "$GUEST_REPORTS" "$logf" | head -n 40 >&2
	else
		pass=$((pass + 1))
	fi
	read -r up idle < <(sed -n 's/^@@UPTIME //p' "$logf" | tail -n 1)
	host=$(sed -n 's/^@@HOST //p' "$logf" | tail -n 1)
	[ -z "$up" ] ||
		echo "  $tier: ${up%.*} s of guest time (${idle%.*} s of CPU idle), ${host:-?} s on the host" |
		tee -a "$RESULTS/summary"
	awk '/^@@PART / { if (n++) printf "%s %d, ", part, $3 - t; part = $2; t = $3 }
	     /^@@UPTIME / && n { printf "%s %d\n", part, $2 - t }' "$logf" |
		sed "s/^/  $tier: guest seconds by part: /" | tee -a "$RESULTS/summary"
	tier_result "$tier" "$pass" "$fail"
}

# guest_x86_boot BZIMAGE OVERLAY_DIR LOG [TIMEOUT]: boot the x86_64 KUnit
# kernel as the model guest (one CPU, TCG, its KUnit tests off) with the
# amd64 base initramfs plus OVERLAY_DIR, as guest_ppc64_boot does.
# The models count the guest's time, and its checks compare their counts
# with task-clock: with -icount the guest's clock follows the instructions
# it runs, 1 ns each, so that a busy host slows the guest but changes
# none of its times (in real time, a host stall lands in whatever the
# guest was doing, mostly in its interrupt handlers).
guest_x86_boot() {
	local bzimage=$1 overlay=$2 logf=$3 tmo=${4:-900} start=$SECONDS
	local initrd rc
	initrd=$(guest_initrd amd64 "$overlay") || return 1
	log "booting the model guest (qemu-system-x86_64 -smp 1, TCG)"
	rc=0
	timeout "$tmo" qemu-system-x86_64 -m 2G -smp 1 -icount "$GUEST_ICOUNT" -nographic -no-reboot \
		-nodefaults -serial stdio -kernel "$bzimage" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 oops=panic i8042.noaux kunit.enable=0 suite.reboot" \
		</dev/null >"$logf" 2>&1 || rc=$?
	[ "$rc" -eq 124 ] && log "guest timed out after ${tmo}s"
	echo "@@HOST $((SECONDS - start))" >>"$logf"
	return 0
}
