#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Debian's own powerpc64le kernel of a release (bookworm-backports: 6.12;
# bookworm: 6.1), the newest apt offers, with what a Debian user builds
# modules against: its linux-headers packages and linux-kbuild. The
# kbuild package is amd64's, of the same version: it holds the host
# programs (fixdep, modpost, and objtool for every architecture, which
# the powerpc modules need for their mcount records). Unpacked under
# $CACHE/debian/SUITE/root, the paths the headers give as absolute
# pointing into it; cached until apt offers another version. Prints
# "RELEASE VERSION DIR": the kernel release (uname -r), the package
# version, and DIR, with DIR/vmlinux and DIR/headers (make -C there).
#   debian-kernel.sh SUITE
set -euo pipefail
. "$(dirname "$0")/common.sh"

SUITE=${1:?usage: debian-kernel.sh SUITE}
GUEST_ARCH=ppc64el
HOST_ARCH=$(dpkg --print-architecture)

# pkg_field ARCH FIELD PACKAGE: FIELD of PACKAGE (NAME, NAME=VERSION or
# NAME/RELEASE) as apt knows it for ARCH.
pkg_field() {
	apt-cache -o APT::Architecture="$1" -o APT::Architectures::="$1" \
		show "$3" 2>/dev/null | sed -n "s/^$2: //p" | head -n 1
}

# The meta package names the release's headers; they name the rest.
meta=linux-headers-powerpc64le/$SUITE
ver=$(pkg_field $GUEST_ARCH Version "$meta")
headers=$(pkg_field $GUEST_ARCH Depends "$meta" | sed -n 's/^\(linux-headers-[^ ,]*\).*/\1/p')
if [ -z "$ver" ] || [ -z "$headers" ]; then
	die "apt offers no $meta for $GUEST_ARCH"
fi
release=${headers#linux-headers-}
deps=$(pkg_field $GUEST_ARCH Depends "$headers=$ver" | tr ',' '\n')
common=$(echo "$deps" | sed -n 's/^ *\(linux-headers-[^ ]*-common\).*/\1/p')
kbuild=$(echo "$deps" | sed -n 's/^ *\(linux-kbuild-[^ ]*\).*/\1/p')
# The image, or its -unsigned build where that holds the kernel.
image=
for p in "linux-image-$release" "linux-image-$release-unsigned"; do
	if [ -n "$(pkg_field $GUEST_ARCH Version "$p=$ver")" ]; then
		image=$p
		break
	fi
done
if [ -z "$common" ] || [ -z "$kbuild" ] || [ -z "$image" ]; then
	die "$headers $ver: no headers-common, kbuild or image package"
fi

dir=$CACHE/debian/$SUITE
key="$image $headers $common $kbuild $ver $(files_hash "$0")"
if [ "$(cat "$dir/key" 2>/dev/null)" = "$key" ]; then
	echo "$release $ver $dir"
	exit 0
fi

rm -rf "$dir"
mkdir -p "$dir"
root=$dir/root
start=$SECONDS
log "debian: downloading $image, $headers, $common ($GUEST_ARCH) and $kbuild ($HOST_ARCH), $ver"
deb_fetch $GUEST_ARCH "$root" "$dir/download-$GUEST_ARCH.log" exact \
	"$image=$ver" "$headers=$ver" "$common=$ver" ||
	die "could not download Debian's $release kernel"
deb_fetch "$HOST_ARCH" "$root" "$dir/download-$HOST_ARCH.log" exact "$kbuild=$ver" ||
	die "could not download $kbuild for $HOST_ARCH"
# The guest boots from the suite's initramfs: the kernel's own modules
# are not needed.
rm -rf "$root/lib/modules"
ln -s "root/boot/vmlinux-$release" "$dir/vmlinux"
ln -s "root/usr/src/$headers" "$dir/headers"
[ -f "$dir/vmlinux" ] || die "$image holds no boot/vmlinux-$release"
# The headers' Makefile includes the common part by its absolute path.
sed -i "s|^include /usr/src/|include $root/usr/src/|" "$root/usr/src/$headers/Makefile"
# Any absolute symbolic link left would point into the host's /usr.
find "$root" -type l -lname '/*' -printf '%l %p\n' | while read -r target link; do
	ln -sfn "$root$target" "$link"
done
echo "$key" >"$dir/key"
log "debian: $release unpacked in $((SECONDS - start))s ($(du -sh "$root" | cut -f1))"
echo "$release $ver $dir"
