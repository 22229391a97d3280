#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Boot a sparc64 kernel under Debian's qemu-system-sparc64 (sun4u, an
# UltraSPARC-IIi, not a T4) with the SPARC T4 KUnit suites built in and a
# tiny static init that loads sparc_t4_pmu.ko. Passes when every case of
# sparc_t4_logic, sparc_t4_pmu_model, _sample_model, _nmi_model,
# sparc_t4_dram_model and sparc_t4_oracle passes
# (big-endian) and the module refuses the CPU with ENODEV and its message.
#
# Uses the harness's kernel source (~/.cache/pmu-suite/src/linux-6.12.*,
# grafted again here) and its cache lock; needs qemu-system-sparc64 and
# gcc-sparc64-linux-gnu. The harness's sun4u tier runs it
# (tools/testing/harness test sun4u); by hand, after the harness has
# prepared the source: tools/testing/sun4u/boot.sh. SUN4U_APPEND adds to
# the kernel's command line, e.g. to replay an oracle sequence:
# SUN4U_APPEND="sparc_t4_model_kunit.oracle_seed=2 kunit.filter_glob=sparc_t4_oracle"
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cache=${PMU_SUITE_CACHE:-$HOME/.cache/pmu-suite}
src=$(ls -d "$cache"/src/linux-6.12.* 2>/dev/null | head -n 1)
[ -n "$src" ] || { echo "no 6.12 source in $cache/src: run the harness first" >&2; exit 1; }
out=$cache/build/sun4u-boot
jobs=${JOBS:-2}

# The harness holds the lock already when it runs this as a tier.
if [ -z "${PMU_SUITE_LOCK_HELD:-}" ]; then
	exec 9>"$cache/.harness.lock"
	flock 9
fi

"$root/tools/testing/graft" "$src" >/dev/null
mk=(make -C "$src" O="$out/linux" ARCH=sparc CROSS_COMPILE=sparc64-linux-gnu- -j"$jobs")
mkdir -p "$out/linux"
if ! cmp -s "$here/sun4u.config" "$out/frag.config"; then
	"${mk[@]}" allnoconfig >"$out/config.log" 2>&1
	KCONFIG_CONFIG="$out/linux/.config" "$src/scripts/kconfig/merge_config.sh" \
		-m -O "$out/linux" "$out/linux/.config" "$here/sun4u.config" >>"$out/config.log" 2>&1
	"${mk[@]}" olddefconfig >>"$out/config.log" 2>&1
	cp "$here/sun4u.config" "$out/frag.config"
fi
"${mk[@]}" vmlinux modules >"$out/build.log" 2>&1 ||
	{ tail -n 30 "$out/build.log" >&2; exit 1; }

sparc64-linux-gnu-gcc -O2 -static -nostdlib -ffreestanding -fno-stack-protector \
	-o "$out/init" "$here/init.c"
gcc -O2 -o "$out/gen_init_cpio" "$src/usr/gen_init_cpio.c"
cat >"$out/initramfs.list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
file /init $out/init 0755 0 0
file /sparc_t4_pmu.ko $out/linux/drivers/pmu-suite/sparc_t4_pmu.ko 0644 0 0
LIST
"$out/gen_init_cpio" "$out/initramfs.list" >"$out/initramfs.cpio"

timeout 600 qemu-system-sparc64 -M sun4u -nographic -m 512 -no-reboot \
	-kernel "$out/linux/vmlinux" -initrd "$out/initramfs.cpio" \
	-append "console=ttyS0 ${SUN4U_APPEND:-}" 2>&1 | tr -d '\r' >"$out/boot.log" || true

log=$out/boot.log
fail=0
for s in sparc_t4_logic sparc_pmc_reservation sparc_t4_pmu_model sparc_t4_sample_model \
	sparc_t4_nmi_model sparc_t4_dram_model sparc_t4_oracle; do
	body=$(sed -n "/# Subtest: $s\$/,/^\(not \)\?ok [0-9]* $s\$/p" "$log")
	# A skipped case is not a pass: nothing here may skip.
	pass=$(echo "$body" | grep -E '^    ok [0-9]+ ' | grep -cv '# SKIP' || true)
	bad=$(echo "$body" | grep -cE '^    not ok [0-9]+ |^    ok [0-9]+ .*# SKIP' || true)
	echo "sun4u: $s: $pass passed, $bad failed"
	if [ "$pass" -eq 0 ] || [ "$bad" -ne 0 ] || ! grep -qx "ok [0-9]* $s" "$log"; then
		fail=1
	fi
done
if grep -q 'sparc_t4_pmu: not a SPARC T4' "$log" &&
   grep -q 'T4BOOT: finit_module(sparc_t4_pmu.ko) = -19' "$log"; then
	echo "sun4u: sparc_t4_pmu refused the UltraSPARC with ENODEV"
else
	echo "sun4u: sparc_t4_pmu did not refuse the CPU as expected (log: $log)"
	fail=1
fi
if grep -qE 'Oops|Kernel panic|WARNING:|BUG:' "$log"; then
	echo "sun4u: the kernel complained (log: $log)"
	fail=1
fi
exit $fail
