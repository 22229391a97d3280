# SPDX-License-Identifier: GPL-2.0-only
# Kernel trees and builds, cached under $CACHE:
#   src/linux-VERSION/                  Debian's linux-source, grafted
#   build/NAME-VERSION-CONFIGHASH/      O= build of that tree with a config
# shellcheck shell=bash

# kernel_src PKG: extract (once) Debian's linux-source package PKG, graft the
# suite onto it and print the tree's path.
kernel_src() {
	local pkg=$1 ver tarball dir tmp
	ver=$(linux_source_version "$pkg")
	[ -n "$ver" ] || die "$pkg is not installed"
	dir=$CACHE/src/linux-$ver
	if [ ! -f "$dir/.pmu-suite-extracted" ]; then
		tarball=$(ls /usr/src/"$pkg".tar.* | head -n 1)
		log "extracting $pkg ($ver)"
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$dir.tmp"
		tar -C "$dir.tmp" -xf "$tarball"
		mv "$dir.tmp/$pkg" "$dir"
		rmdir "$dir.tmp"
		touch "$dir/.pmu-suite-extracted"
		# Drop trees of older versions of the same package.
		find "$CACHE/src" -maxdepth 1 -name "linux-${ver%.*}.*" ! -name "linux-$ver" \
			-exec rm -rf {} +
	fi
	"$SUITE_ROOT/tools/testing/graft" "$dir" >&2
	echo "$dir"
}

# kernel_build NAME SRC ARCH CROSS_COMPILE FRAGMENTS [MAKE TARGETS...]
# allnoconfig plus FRAGMENTS (colon-separated, later ones win), checked,
# then built; prints the build dir.
kernel_build() {
	local name=$1 src=$2 arch=$3 cross=$4 frag ver key bd opt want got stamp
	local -a frags
	IFS=: read -r -a frags <<<"$5"
	shift 5
	ver=$(basename "$src" | sed 's/^linux-//')
	key=$(cat "${frags[@]}" | sha256sum | cut -c1-10)
	bd=$CACHE/build/$name-$ver-$key
	local mk=(make -C "$src" O="$bd" ARCH="$arch" CROSS_COMPILE="$cross" -j"$JOBS")
	if [ ! -f "$bd/.config" ]; then
		find "$CACHE/build" -maxdepth 1 -name "$name-*" ! -name "$name-$ver-$key" \
			-exec rm -rf {} + 2>/dev/null || true
		mkdir -p "$bd"
		"${mk[@]}" allnoconfig >"$bd/config.log" 2>&1 ||
			{ cat "$bd/config.log" >&2; die "$name: allnoconfig failed"; }
		KCONFIG_CONFIG="$bd/.config" "$src/scripts/kconfig/merge_config.sh" \
			-m -O "$bd" "$bd/.config" "${frags[@]}" >>"$bd/config.log" 2>&1
		"${mk[@]}" olddefconfig >>"$bd/config.log" 2>&1 ||
			{ cat "$bd/config.log" >&2; die "$name: olddefconfig failed"; }
		# Every option the fragment asks for must have stuck.
		while IFS= read -r opt; do
			case "$opt" in CONFIG_*=*) ;; *) continue ;; esac
			want=$opt
			if [ "${want#*=}" = n ]; then
				grep -qx "# ${want%%=*} is not set" "$bd/.config" && continue
				grep -q "^${want%%=*}=" "$bd/.config" || continue
			fi
			got=$(grep "^${want%%=*}=" "$bd/.config" || true)
			[ "$got" = "$want" ] || {
				rm -f "$bd/.config"
				die "$name: a fragment asks for $want, the kernel config has '${got:-unset}'"
			}
		done < <(for frag in "${frags[@]}"; do cat "$frag"; done)
	fi
	# The tree changes only through the graft's patches: skip make when
	# neither they nor the requested targets changed since the last build.
	stamp="$(cat "$SUITE_ROOT"/patches/linux-"${ver%.*}"/*.patch 2>/dev/null |
		sha256sum | cut -c1-16) $*"
	if [ "$(cat "$bd/.pmu-suite-built" 2>/dev/null)" = "$stamp" ]; then
		echo "$bd"
		return 0
	fi
	log "$name: building linux $ver ($arch) in $bd"
	run_logged "$bd/build.log" "${mk[@]}" "$@" ||
		die "$name: kernel build failed (log: $bd/build.log)"
	echo "$stamp" >"$bd/.pmu-suite-built"
	echo "$bd"
}
