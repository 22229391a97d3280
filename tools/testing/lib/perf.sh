# SPDX-License-Identifier: GPL-2.0-only
# The suite's perf: perf from the Debian 6.12 kernel source, built for the
# POWER9 guest with the suite's perf JSON beside the kernel's own and the
# perf patches of patches/perf-6.12 (Documentation/dev-tools/
# pmu-suite-driver-notes.rst says why each is there).

# The source perf needs, copied out of the kernel tree so that the patches
# and the JSON never touch the tree the kernels build from.
PERF_SRC_DIRS=(tools include arch/powerpc arch/arm64/tools scripts Makefile)

# perf_json_tree SRC DEST: the kernel's tools/perf/pmu-events/arch/powerpc
# with the model directory the POWER9 PVRs map to holding the suite's
# POWER9 events, metrics and nest events instead of the kernel's. The two
# cannot share it: the built-in "cpu" PMU and the suite's power9 share the
# PMCs and never count at once, and 885 event names and 123 metric names
# are in both, so a bare name or a -M would open on both PMUs and fail.
perf_json_tree() {
	local src=$1 model=$2/tools/perf/pmu-events/arch/powerpc/power9 f
	rm -rf "$2/tools/perf/pmu-events/arch/powerpc"
	cp -a "$src/tools/perf/pmu-events/arch/powerpc" \
		"$2/tools/perf/pmu-events/arch/powerpc"
	rm -f "$model"/*.json
	for f in "$SUITE_ROOT"/tools/perf/pmu-events/arch/powerpc/power9-pmu/*.json \
			"$SUITE_ROOT"/tools/perf/pmu-events/arch/powerpc/power9-nest/*.json; do
		case $f in
		# jevents reads metric group descriptions only from a file of
		# this name (any other file is events); power9-nest alone has
		# one.
		*/metricgroups.json) cp "$f" "$model/metricgroups.json" ;;
		*) cp "$f" "$model/$(basename "$(dirname "$f")")-$(basename "$f")" ;;
		esac
	done
}

# suite_perf: build (or find in the cache) the static ppc64le perf; prints
# its path.
suite_perf() {
	local src key bd tree f
	src=$(kernel_src "$K612_PKG") || return 1
	key=$(cat "$SUITE_ROOT"/patches/perf-6.12/*.patch \
		"$SUITE_ROOT"/tools/perf/pmu-events/arch/powerpc/power9-*/*.json \
		"${BASH_SOURCE[0]}" | sha256sum | cut -c1-10)
	bd=$CACHE/build/perf-ppc64le-$key
	if [ -x "$bd/out/perf" ]; then
		echo "$bd/out/perf"
		return 0
	fi
	find "$CACHE/build" -maxdepth 1 -name 'perf-ppc64le-*' ! -name "perf-ppc64le-$key" \
		-exec rm -rf {} + 2>/dev/null || true
	log "perf: building the suite's perf (ppc64le, static) in $bd"
	tree=$bd/src
	rm -rf "$bd"
	mkdir -p "$tree" "$bd/out"
	for f in "${PERF_SRC_DIRS[@]}"; do
		mkdir -p "$(dirname "$tree/$f")"
		cp -a "$src/$f" "$tree/$f" || return 1
	done
	for f in "$SUITE_ROOT"/patches/perf-6.12/*.patch; do
		patch -d "$tree" -p1 -N -s <"$f" >>"$bd/build.log" 2>&1 ||
			{ log "perf: $(basename "$f") does not apply"; return 1; }
	done
	perf_json_tree "$src" "$tree"
	# What the guest's checks use (list, stat, metrics, record, report)
	# needs none of the optional libraries: a static binary runs in the
	# guest as it is.
	run_logged "$bd/build.log" make -C "$tree/tools/perf" O="$bd/out" \
		ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- -j"$JOBS" \
		LDFLAGS=-static NO_LIBELF=1 NO_LIBTRACEEVENT=1 NO_LIBPYTHON=1 \
		NO_LIBPERL=1 NO_SLANG=1 NO_GTK2=1 NO_LIBNUMA=1 NO_LIBUNWIND=1 \
		NO_LIBDW_DWARF_UNWIND=1 NO_LIBBPF=1 BUILD_BPF_SKEL=0 NO_LIBCAP=1 \
		NO_LIBZSTD=1 NO_LIBLZMA=1 NO_ZLIB=1 NO_LIBCRYPTO=1 \
		NO_LIBBABELTRACE=1 NO_AUXTRACE=1 NO_LIBLLVM=1 NO_LIBPFM4=1 \
		NO_SDT=1 NO_JVMTI=1 NO_DEMANGLE=1 NO_SHELLCHECK=1 ||
		{ log "perf: build failed (log: $bd/build.log)"; return 1; }
	rm -rf "$tree"
	echo "$bd/out/perf"
}
