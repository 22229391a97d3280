#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build a C-only ia64-linux-gnu gcc from Debian's gcc-12-source, once, into
# the cache. Debian ships binutils for ia64 but no compiler; the kernel needs
# nothing but cc1 and the driver (no libc, no libgcc).
set -euo pipefail
. "$(dirname "$0")/common.sh"

src_tar=$(ls /usr/src/gcc-12/gcc-12.*-dfsg.tar.xz 2>/dev/null | head -n 1)
[ -n "$src_tar" ] || die "gcc-12-source is not installed"
ver=$(basename "$src_tar" | sed 's/^gcc-\(.*\)-dfsg.tar.xz/\1/')
prefix=$CACHE/toolchains/ia64-gcc-$ver
if [ -x "$prefix/bin/ia64-linux-gnu-gcc" ]; then
	echo "$prefix"
	exit 0
fi
command -v ia64-linux-gnu-as >/dev/null || die "binutils-ia64-linux-gnu is not installed"

work=$CACHE/toolchains/build-ia64-gcc-$ver
rm -rf "$work"
mkdir -p "$work/obj"
log "ia64 gcc $ver: unpacking (build takes 15-25 minutes on 2 cores)"
tar -C "$work" -xf "$src_tar"
cd "$work/obj"
run_logged "$work/configure.log" ../gcc-$ver/configure \
	--target=ia64-linux-gnu --prefix="$prefix" \
	--enable-languages=c --without-headers --with-newlib \
	--disable-nls --disable-shared --disable-threads --disable-multilib \
	--disable-libssp --disable-libquadmath --disable-libgomp \
	--disable-libatomic --disable-decimal-float --enable-checking=release \
	--disable-lto --disable-plugin --without-isl \
	--with-as=/usr/bin/ia64-linux-gnu-as --with-ld=/usr/bin/ia64-linux-gnu-ld
# Debian's tarball lacks the GFDL documentation; skip regenerating tm.texi.
touch gcc/s-tm-texi 2>/dev/null || { mkdir -p gcc && touch gcc/s-tm-texi; }
log "ia64 gcc $ver: building"
run_logged "$work/build.log" make -j"$JOBS" all-gcc CFLAGS=-O2 CXXFLAGS=-O2 \
	CFLAGS_FOR_TARGET=-O2
# genhooks, built above, is newer than the stamp: touch it again so that
# installing does not try to regenerate the missing documentation either.
touch gcc/s-tm-texi
run_logged "$work/install.log" make install-gcc
# The binutils live in /usr/bin; make them visible next to the compiler.
for t in as ld ar nm objcopy objdump readelf strip; do
	ln -sf "/usr/bin/ia64-linux-gnu-$t" "$prefix/bin/ia64-linux-gnu-$t"
done
rm -rf "$work"
log "ia64 gcc $ver: installed in $prefix"
echo "$prefix"
