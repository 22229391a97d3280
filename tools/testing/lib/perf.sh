# SPDX-License-Identifier: GPL-2.0-only
# The suite's perf: perf from the Debian 6.12 kernel source, built with
# the suite's perf JSON and the perf patches of patches/perf-6.12
# (Documentation/dev-tools/pmu-suite-driver-notes.rst says why each is
# there): a ppc64le one for the POWER9 guest, with the POWER9 JSON beside
# the kernel's own, and an x86_64 one for the model guest, with the SPARC
# T4 and Itanium 9300 JSON, which perf finds by the PMUs' identifier.

# The source perf needs (beside the architecture's arch/), copied out of
# the kernel tree so that the patches and the JSON never touch the tree
# the kernels build from.
PERF_SRC_DIRS=(tools include arch/arm64/tools scripts Makefile)

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

# perf_json_tree_sys DEST: the suite's SPARC T4 and Itanium 9300 JSON
# (sys/ directories: perf matches them by each PMU's identifier, not by
# CPUID) and the kernel's test JSON, which perf's own tests name, as the
# whole of perf's JSON: the model guest needs no x86 events, and leaving
# them out keeps the build short. x86's mapfile stays: without one perf
# builds no JSON at all (its rows name models that are gone, and jevents
# skips them).
perf_json_tree_sys() {
	local arch=$1/tools/perf/pmu-events/arch d
	for d in "$arch"/*; do
		case $(basename "$d") in
		test) ;;
		x86) find "$d" -mindepth 1 ! -name mapfile.csv -exec rm -rf {} + ;;
		*) rm -rf "$d" ;;
		esac
	done
	cp -a "$SUITE_ROOT/tools/perf/pmu-events/arch/sparc" \
		"$SUITE_ROOT/tools/perf/pmu-events/arch/ia64" "$arch/"
}

# suite_perf [ppc64le|x86_64]: build (or find in the cache) the static
# perf of that architecture (ppc64le if none is named); prints its path.
suite_perf() {
	local target=${1:-ppc64le} src key bd tree f json make_args goal=()
	src=$(kernel_src "$K612_PKG") || return 1
	case $target in
	ppc64le)
		json=("$SUITE_ROOT"/tools/perf/pmu-events/arch/powerpc/power9-*/*.json)
		make_args=(ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-) ;;
	x86_64)
		json=("$SUITE_ROOT"/tools/perf/pmu-events/arch/{sparc,ia64}/mapfile.csv
		      "$SUITE_ROOT"/tools/perf/pmu-events/arch/{sparc,ia64}/*/sys/*.json)
		make_args=(ARCH=x86 JEVENTS_ARCH=all) ;;
	*) log "perf: no suite perf for $target"; return 1 ;;
	esac
	key=$(cat "$SUITE_ROOT"/patches/perf-6.12/*.patch "${json[@]}" \
		"${BASH_SOURCE[0]}" | sha256sum | cut -c1-10)
	bd=$CACHE/build/perf-$target-$key
	# The native linker cannot make the dlfilter .so files static, and
	# nothing here loads them: perf alone.
	[ "$target" = ppc64le ] || goal=("$bd/out/perf")
	if [ -x "$bd/out/perf" ]; then
		echo "$bd/out/perf"
		return 0
	fi
	find "$CACHE/build" -maxdepth 1 -name "perf-$target-*" ! -name "perf-$target-$key" \
		-exec rm -rf {} + 2>/dev/null || true
	log "perf: building the suite's perf ($target, static) in $bd"
	tree=$bd/src
	rm -rf "$bd"
	mkdir -p "$tree" "$bd/out"
	for f in "${PERF_SRC_DIRS[@]}" "arch/${make_args[0]#ARCH=}"; do
		mkdir -p "$(dirname "$tree/$f")"
		cp -a "$src/$f" "$tree/$f" || return 1
	done
	for f in "$SUITE_ROOT"/patches/perf-6.12/*.patch; do
		patch -d "$tree" -p1 -N -s <"$f" >>"$bd/build.log" 2>&1 ||
			{ log "perf: $(basename "$f") does not apply"; return 1; }
	done
	if [ "$target" = ppc64le ]; then
		perf_json_tree "$src" "$tree"
	else
		perf_json_tree_sys "$tree"
	fi
	# What the guest's checks use (list, stat, metrics, record, report)
	# needs none of the optional libraries: a static binary runs in the
	# guest as it is.
	run_logged "$bd/build.log" make -C "$tree/tools/perf" O="$bd/out" \
		"${make_args[@]}" -j"$JOBS" \
		LDFLAGS=-static NO_LIBELF=1 NO_LIBTRACEEVENT=1 NO_LIBPYTHON=1 \
		NO_LIBPERL=1 NO_SLANG=1 NO_GTK2=1 NO_LIBNUMA=1 NO_LIBUNWIND=1 \
		NO_LIBDW_DWARF_UNWIND=1 NO_LIBBPF=1 BUILD_BPF_SKEL=0 NO_LIBCAP=1 \
		NO_LIBZSTD=1 NO_LIBLZMA=1 NO_ZLIB=1 NO_LIBCRYPTO=1 \
		NO_LIBBABELTRACE=1 NO_AUXTRACE=1 NO_LIBLLVM=1 NO_LIBPFM4=1 \
		NO_SDT=1 NO_JVMTI=1 NO_DEMANGLE=1 NO_SHELLCHECK=1 "${goal[@]}" ||
		{ log "perf: build failed (log: $bd/build.log)"; return 1; }
	rm -rf "$tree"
	echo "$bd/out/perf"
}
