#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The install guide's DKMS commands, as a Debian user runs them, for
# Debian's own powerpc64le kernels: install, upgrade (remove the old
# version, install the new tree), the rebuild for another kernel (what
# installing its linux-headers package runs: dkms autoinstall), status
# and removal. DKMS keeps its usual paths (/usr/src, /var/lib/dkms,
# /lib/modules), bound to directories under WORK in a mount namespace of
# its own, and each kernel's /lib/modules/RELEASE/build points to its
# headers, as the linux-headers package makes it. Only -k RELEASE/ppc64le
# differs from a POWER9 host's commands: this machine is not the target.
# Prints one "@@RESULT PASS|FAIL" line per check; the installed modules
# are copied to OUT/RELEASE/updates before the removal.
#   debian-dkms.sh WORK OUT RELEASE:HEADERS [RELEASE:HEADERS]
set -uo pipefail
# shellcheck source=tools/testing/lib/common.sh
. "$(dirname "$0")/common.sh"

if [ -z "${PMU_SUITE_DKMS_NS:-}" ]; then
	PMU_SUITE_DKMS_NS=1 exec unshare --mount --propagation private "$0" "$@"
fi

WORK=${1:?usage: debian-dkms.sh WORK OUT RELEASE:HEADERS...}
OUT=${2:?}
shift 2
KERNELS=("$@")
REL1=${KERNELS[0]%%:*}
REL2=${KERNELS[1]:-}
REL2=${REL2%%:*}

pass() { echo "@@RESULT PASS debian: dkms: $1"; }
fail() { echo "@@RESULT FAIL debian: dkms: $1: $2"; }
check() {
	local name=$1
	shift
	if "$@" >"$WORK/check.out" 2>&1; then
		pass "$name"
	else
		fail "$name" "'$*' failed: $(tail -n 3 "$WORK/check.out" | tr '\n' ' ')"
	fi
}

name=$(sed -n 's/^PACKAGE_NAME="\(.*\)"/\1/p' "$SUITE_ROOT/dkms.conf")
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$SUITE_ROOT/dkms.conf")
old=0~previous

rm -rf "$WORK" "$OUT"
mkdir -p "$WORK"/{usr-src,var-lib-dkms,lib-modules} "$OUT" || exit 1
for m in usr-src:/usr/src var-lib-dkms:/var/lib/dkms lib-modules:/lib/modules; do
	# A container may have no /lib/modules: the empty mount point is all
	# that is left outside.
	if ! mkdir -p "${m#*:}" || ! mount --bind "$WORK/${m%%:*}" "${m#*:}"; then
		fail "private DKMS paths" "cannot bind $WORK/${m%%:*} to ${m#*:}"
		exit 0
	fi
done
for k in "${KERNELS[@]}"; do
	mkdir -p "/lib/modules/${k%%:*}" && ln -s "${k#*:}" "/lib/modules/${k%%:*}/build"
done

# The tree a user has: the checkout (its tracked and new files), and an
# older release of it, the same tree with an earlier version number.
(cd "$SUITE_ROOT" && git ls-files -co --exclude-standard) >"$WORK/files"
if ! rsync -a --files-from="$WORK/files" "$SUITE_ROOT/" "$WORK/$name" ||
   ! rsync -a "$WORK/$name/" "$WORK/$name-old/" ||
   ! sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$old\"/" "$WORK/$name-old/dkms.conf"; then
	fail "copies of the tree" "rsync failed"
	exit 0
fi

export ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-
upd() { echo "/lib/modules/$1/updates/dkms"; }
version_is() { [ "$(modinfo -F version "$(upd "$1")/power9_pmu.ko")" = "$2" ]; }

log "debian: dkms install, upgrade, autoinstall and remove, $name $ver"
check "dkms install (the older release, $old, for $REL1)" \
	dkms install "$WORK/$name-old" -k "$REL1/ppc64le"
check "the older release is installed in updates/dkms" version_is "$REL1" "$old"
check "dkms remove $name/$old --all" dkms remove "$name/$old" --all
check "the older release's modules are gone" \
	test ! -e "$(upd "$REL1")/power9_pmu.ko"
check "dkms install (this tree, $ver, for $REL1)" \
	dkms install "$WORK/$name" -k "$REL1/ppc64le"
check "modinfo gives $ver for $REL1" version_is "$REL1" "$ver"
# A kernel patched in place keeps its release: build --force builds
# again (install --force alone reinstalls what was built), then install
# --force replaces the installed modules.
built=/var/lib/dkms/$name/$ver/$REL1/ppc64le/module/power9_pmu.ko
installed=$(upd "$REL1")/power9_pmu.ko
before=$(date -r "$built" +%s%N 2>/dev/null)
sleep 1
check "dkms build --force $name/$ver (a kernel patched in place)" \
	dkms build --force "$name/$ver" -k "$REL1/ppc64le"
check "dkms install --force $name/$ver" \
	dkms install --force "$name/$ver" -k "$REL1/ppc64le"
check "the modules were built again and installed" \
	sh -c "[ \"\$(date -r '$built' +%s%N)\" != '$before' ] && cmp '$built' '$installed'"
if [ -n "$REL2" ]; then
	check "dkms autoinstall for another kernel, $REL2" \
		dkms autoinstall -k "$REL2/ppc64le"
	check "modinfo gives $ver for $REL2" version_is "$REL2" "$ver"
fi
# (dkms status also prints readelf warnings on the headers to stderr.)
dkms status >"$WORK/status" 2>/dev/null
sed 's/^/  | /' "$WORK/status"
for k in "${KERNELS[@]}"; do
	check "dkms status: $name/$ver installed for ${k%%:*}" \
		grep -qxF "$name/$ver, ${k%%:*}, ppc64le: installed" "$WORK/status"
done
check "dkms status lists no other version" \
	sh -c "! grep -v '^$name/$ver, ' '$WORK/status'"
for k in "${KERNELS[@]}"; do
	mkdir -p "$OUT/${k%%:*}" && cp -a "/lib/modules/${k%%:*}/updates" "$OUT/${k%%:*}/"
done
check "dkms remove $name/$ver --all" dkms remove "$name/$ver" --all
check "no module of the suite is left in /lib/modules" \
	sh -c "! find /lib/modules/ -name '*.ko*' | grep ."
check "dkms status is empty" sh -c "[ -z \"\$(dkms status)\" ]"
