# SPDX-License-Identifier: GPL-2.0-only
# Common settings for the harness scripts: paths, cache layout, logging.
# shellcheck shell=bash

SUITE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
CACHE=${PMU_SUITE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmu-suite}
JOBS=${JOBS:-$(nproc)}
MANUALS_DIR=${PMU_MANUALS_DIR:-$SUITE_ROOT/../shared/seeds}
export PMU_MANUALS_DIR=$MANUALS_DIR

# Kernel baselines: Debian's linux-source packages.
K612_PKG=linux-source-6.12
K61_PKG=linux-source-6.1

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# run_logged LOGFILE CMD...: run CMD with output in LOGFILE, print a heartbeat
# every minute so that long steps show progress, and the log tail on failure.
run_logged() {
	local logf=$1 rc pid start
	shift
	mkdir -p "$(dirname "$logf")"
	start=$(date +%s)
	"$@" >"$logf" 2>&1 &
	pid=$!
	while ! wait_timeout "$pid" 60; do
		log "  ... still running ($(( ($(date +%s) - start) / 60 )) min): $(tail -n 1 "$logf" | cut -c1-100)"
	done
	wait "$pid"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		log "command failed (rc=$rc): $*"
		tail -n 40 "$logf" >&2
	fi
	return "$rc"
}

# wait_timeout PID SECONDS: true once PID has exited, false after SECONDS.
wait_timeout() {
	local i
	for ((i = 0; i < $2; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 1
	done
	! kill -0 "$1" 2>/dev/null
}

# Version of an installed linux-source package, e.g. 6.12.57.
linux_source_version() {
	dpkg-query -W -f '${Version}' "$1" 2>/dev/null | sed 's/[-~].*//'
}

# deb_fetch ARCH DIR LOG MODE PACKAGES...: download Debian's PACKAGES of
# ARCH (NAME, NAME=VERSION or NAME/RELEASE) and unpack them in DIR, without
# touching the host's packages: a private, empty dpkg status and apt's
# architecture set to ARCH. MODE "closure" takes PACKAGES with all they
# depend on; "exact" takes PACKAGES alone. The .debs are not kept.
deb_fetch() {
	local arch=$1 dir=$2 logf=$3 mode=$4 debs d
	shift 4
	debs=$dir.debs
	rm -rf "$debs"
	mkdir -p "$debs/partial" "$debs/state" "$dir"
	touch "$debs/state/status"
	local apt=(apt-get -q -y -o Dir::State::status="$debs/state/status"
		-o Dir::Cache::archives="$debs"
		-o APT::Architecture="$arch" -o APT::Architectures::="$arch"
		-o Debug::NoLocking=1)
	case $mode in
	closure) run_logged "$logf" "${apt[@]}" install --download-only \
			--no-install-recommends "$@" ;;
	# apt-get download writes to the current directory.
	exact) (cd "$debs" && run_logged "$logf" "${apt[@]}" download "$@") ;;
	*) false ;;
	esac || return 1
	for d in "$debs"/*.deb; do
		dpkg-deb -x "$d" "$dir" || return 1
	done
	rm -rf "$debs"
}

# Print a short hash of the given files' contents (cache keys).
files_hash() {
	cat "$@" | sha256sum | cut -c1-12
}
