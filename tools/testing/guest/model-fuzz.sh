# SPDX-License-Identifier: GPL-2.0-only
# Fuzzing the model PMUs: the suite's fuzzer (pmucheck fuzz with each
# PMU's events/ aliases, with and without a flipped bit, and random bits;
# random flags, sample types, groups, ioctls, reads, ring buffers and
# forks) on each, then trinity on perf_event_open(). Afterwards the core
# PMUs still count run time and the module unloads; the host fails the
# tier on any kernel report. MODEL_FUZZ_SECONDS (per core PMU, half per
# package PMU) and MODEL_FUZZ_SEED come from the host.
echo "model: fuzzing for ${MODEL_FUZZ_SECONDS}s a core PMU, seed $MODEL_FUZZ_SEED"
# The perf core's own guard against slow interrupts, off for the counts
# above, is on again while the fuzzer samples at any rate.
echo 25 >/proc/sys/kernel/perf_cpu_time_max_percent
for pmu in sparc_t4 itanium9300 sparc_t4_dram_0 itanium9300_bbox itanium9300_zbox itanium9300_rbox; do
	secs=$MODEL_FUZZ_SECONDS
	case $pmu in sparc_t4 | itanium9300) ;; *) secs=$((secs / 2)) ;; esac
	timeout $((secs * 4 + 120)) /suite/pmucheck fuzz $pmu "$MODEL_FUZZ_SEED" "$secs" aliases \
		>/tmp/fuzz.out 2>&1
	rc=$?
	sed -n 's/^fuzz: /model: fuzz: /p' /tmp/fuzz.out
	check "fuzz: pmucheck fuzz $pmu finished (seed $MODEL_FUZZ_SEED, ${secs}s)" test "$rc" = 0
	check "fuzz: events of $pmu opened" grep -q "for $pmu, [1-9][0-9]* opened" /tmp/fuzz.out
done

mkdir -p /tmp/trinity && cd /tmp/trinity || exit 1
timeout $((MODEL_FUZZ_SECONDS * 4 + 120)) trinity --dangerous -q -s "$MODEL_FUZZ_SEED" \
	-c perf_event_open -N $((MODEL_FUZZ_SECONDS * 400)) \
	--disable-fds=sockets,inotify,fanotify,userfaultfd,drm >/tmp/trinity.out 2>&1
rc=$?
cd /tmp || exit 1
grep -E 'Ran [0-9]+ syscalls' /tmp/trinity.out | sed 's/^.*\] /model: fuzz: trinity: /'
check "fuzz: trinity on perf_event_open finished (seed $MODEL_FUZZ_SEED)" test "$rc" = 0
check "fuzz: trinity made its calls" grep -q 'Ran [1-9][0-9]* syscalls' /tmp/trinity.out

stat_csv task-clock,sparc_t4/cycles/u,itanium9300/cpu_op_cycles/u $SPIN 500
tc=$(ms_to_ns "$(stat_value 1)")
echo "model: fuzz: afterwards cycles:u $(stat_value 2) and $(stat_value 3) over $tc ns"
check_ratio "fuzz: sparc_t4 still counts run time (within 5%)" "$(stat_value 2)" "$tc" 5
check_ratio "fuzz: itanium9300 still counts run time (within 5%)" "$(stat_value 3)" "$tc" 5
# Not while its PMUs have events: the perf core holds the module.
perf stat -e sparc_t4/cycles/u,itanium9300/cpu_op_cycles/u -o /tmp/inuse.txt -- $SPIN 3000 &
inuse=$!
# Once perf holds its events, however long a busy host takes to get there.
i=0
while [ $i -lt 600 ] &&
	! ls -l /proc/$inuse/fd 2>/dev/null | grep -q 'perf_event'; do
	sleep 0.1
	i=$((i + 1))
done
check "fuzz: rmmod pmu_model_live is refused while its events count" sh -c "! rmmod pmu_model_live"
wait $inuse
check "fuzz: the events kept counting" grep -q 'sparc_t4/cycles/u' /tmp/inuse.txt
check "fuzz: rmmod pmu_model_live" rmmod pmu_model_live
dmesg | grep pmu_model_live | tail -n 2 | sed 's/^/  | /'
check "fuzz: every model NMI arrived" sh -c "! dmesg | grep -q 'NMIs never arrived'"

# Counters count between the models' ticks: with a tick four times the
# multiplexing interval, each count still follows the time its event was
# scheduled, not the time of the ticks that fell in it.
if insmod /suite/pmu_model_live.ko tick_us=16000; then
	mux_check t4 sparc_t4/cycles/ 8 "a 16 ms tick"
	mux_check ia64 itanium9300/cpu_op_cycles/ 16 "a 16 ms tick"
	check "fuzz: rmmod pmu_model_live (a 16 ms tick)" rmmod pmu_model_live
else
	fail "fuzz: pmu_model_live loads with tick_us=16000" "insmod failed"
fi
