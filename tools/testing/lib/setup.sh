#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Install what the suite needs from Debian's packages (idempotent):
# kernel sources, cross compilers, sparse, QEMU 10 from bookworm-backports,
# and the ppc64el userspace the emulated POWER9 guest runs. dwarves
# brings pahole, which Debian's linux-kbuild needs for the modules' BTF.
set -euo pipefail
. "$(dirname "$0")/common.sh"

HOST_PKGS=(linux-source-6.12 linux-source-6.1 gcc-12-source
	gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross gcc-sparc64-linux-gnu
	binutils-ia64-linux-gnu
	sparse bc bison flex libelf-dev libssl-dev cpio xz-utils rsync kmod
	libgmp-dev libmpfr-dev libmpc-dev dkms python3 patch zstd file
	dwarves)
# QEMU 10: Debian 12's 7.2 never raises the POWER9 PMU interrupt.
QEMU_PKGS=(qemu-system-ppc qemu-system-sparc qemu-system-x86)
QEMU_MIN=10

missing_host_pkgs() {
	local p
	for p in "${HOST_PKGS[@]}"; do
		dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			echo "$p"
	done
}

qemu_ok() {
	local v
	v=$(dpkg-query -W -f '${Version}' qemu-system-ppc 2>/dev/null | sed 's/^[0-9]*://')
	[ -n "$v" ] && [ "${v%%.*}" -ge "$QEMU_MIN" ] &&
		command -v qemu-system-sparc64 >/dev/null &&
		command -v qemu-system-x86_64 >/dev/null
}

sudo_maybe() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=
apt_update() {
	[ -n "$apt_updated" ] && return 0
	log "apt-get update"
	# A mirror that is mid-sync can fail one index; what we need is checked
	# by the installs that follow.
	sudo_maybe apt-get update -q >"$CACHE/apt-update.log" 2>&1 ||
		log "apt-get update reported errors (see $CACHE/apt-update.log); going on"
	apt_updated=1
}

mkdir -p "$CACHE"
changed=
if ! grep -rqs '^Suites:.*bookworm-backports\|^deb .* bookworm-backports' \
		/etc/apt/sources.list /etc/apt/sources.list.d/; then
	log "adding bookworm-backports to apt's sources"
	sudo_maybe tee /etc/apt/sources.list.d/bookworm-backports.sources >/dev/null <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	changed=1
fi
if ! dpkg --print-foreign-architectures | grep -qx ppc64el; then
	log "adding the ppc64el architecture (guest userspace)"
	sudo_maybe dpkg --add-architecture ppc64el
	changed=1
fi
[ -z "$changed" ] || apt_update

missing=$(missing_host_pkgs)
if [ -n "$missing" ]; then
	apt_update
	log "installing: $(echo $missing)"
	sudo_maybe env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends $missing >"$CACHE/apt-install.log" 2>&1 ||
		{ tail -n 30 "$CACHE/apt-install.log"; die "apt-get install failed"; }
fi
if ! qemu_ok; then
	apt_update
	log "installing QEMU from bookworm-backports"
	sudo_maybe env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends -t bookworm-backports "${QEMU_PKGS[@]}" \
		>"$CACHE/apt-qemu.log" 2>&1 ||
		{ tail -n 30 "$CACHE/apt-qemu.log"; die "QEMU install failed"; }
	qemu_ok || die "qemu-system-ppc $QEMU_MIN or later is not installable"
fi
log "host packages ready"
