#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build a guest's base initramfs from Debian's packages of ARCH (ppc64el,
# the default, for the POWER9 guest; amd64 for the x86_64 guest of the
# T4 and Itanium models): busybox-static, the real perf (linux-perf 6.12
# from bookworm-backports) and trinity, and on ppc64el Debian 12's own
# perf 6.1 as perf-6.1 (for the 6.1 kernel's boot), with exactly the
# shared libraries they need. Cached; prints the cpio path.
#   guest-rootfs.sh [ARCH]
set -euo pipefail
. "$(dirname "$0")/common.sh"

DARCH=${1:-ppc64el}
PKGS=(linux-perf/bookworm-backports busybox-static trinity)
# One linux-perf at a time: Debian 12's own is downloaded on its own.
PKGS61=()
case $DARCH in
ppc64el)
	PKGS61=(linux-perf/bookworm)
	TRIPLET=powerpc64le-linux-gnu
	LOADER=lib64/ld64.so.2 ;;
amd64)
	TRIPLET=x86_64-linux-gnu
	LOADER=lib64/ld-linux-x86-64.so.2 ;;
*)	die "guest rootfs: no guest for $DARCH" ;;
esac
dir=$CACHE/guest/$DARCH
out=$dir/base.cpio
stamp_key=$(echo "${PKGS[*]} ${PKGS61[*]} $(files_hash "$0")")
if [ -s "$out" ] && [ "$(cat "$dir/base.key" 2>/dev/null)" = "$stamp_key" ]; then
	echo "$out"
	exit 0
fi

rm -rf "$dir"
mkdir -p "$dir/root"

# stage NAME PACKAGES...: download PACKAGES and their dependency closure for
# $DARCH, and unpack them in $dir/NAME.
stage() {
	local name=$1
	shift
	log "guest userspace: downloading $DARCH packages ($*)"
	deb_fetch "$DARCH" "$dir/$name" "$dir/download-$name.log" closure "$@" ||
		die "could not download the $DARCH guest packages"
}
stage stage "${PKGS[@]}"
[ ${#PKGS61[@]} -eq 0 ] || stage stage61 "${PKGS61[@]}"

root=$dir/root
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,root,lib64,usr/bin,etc} \
	"$root/lib/$TRIPLET"
cp "$dir/stage/bin/busybox" "$root/bin/busybox"
cp "$dir/stage/usr/bin/perf" "$root/usr/bin/perf"
cp "$dir/stage/usr/bin/trinity" "$root/usr/bin/trinity"
queue=("$root/usr/bin/perf" "$root/usr/bin/trinity")
if [ ${#PKGS61[@]} -gt 0 ]; then
	cp "$dir/stage61/usr/bin/perf" "$root/usr/bin/perf-6.1"
	queue+=("$root/usr/bin/perf-6.1")
fi
ln -sf "/lib/$TRIPLET/$(basename "$LOADER")" "$root/$LOADER"

# Copy the NEEDED closure of the programs, resolved in the staged
# packages (both stages are Debian 12's: a library of one name is the same).
find_lib() {
	local d s
	for s in stage stage61; do
		for d in "lib/$TRIPLET" "usr/lib/$TRIPLET" lib usr/lib; do
			[ -e "$dir/$s/$d/$1" ] && { echo "$dir/$s/$d/$1"; return 0; }
		done
	done
	return 1
}
declare -A seen=()
while [ ${#queue[@]} -gt 0 ]; do
	f=${queue[0]}
	queue=("${queue[@]:1}")
	for lib in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		[ -n "${seen[$lib]:-}" ] && continue
		seen[$lib]=1
		src=$(find_lib "$lib") || die "guest rootfs: $lib not found for $f"
		cp -L "$src" "$root/lib/$TRIPLET/$lib"
		queue+=("$root/lib/$TRIPLET/$lib")
	done
done
log "guest userspace ($DARCH): perf${PKGS61:+, perf-6.1} and trinity with ${#seen[@]} shared libraries"

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$out"
echo "$stamp_key" >"$dir/base.key"
rm -rf "$dir/stage" "$dir/stage61"
log "guest userspace: $(du -h "$out" | cut -f1) in $out"
echo "$out"
