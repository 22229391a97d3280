#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Kernel instructions per sample, per multiplexing rotation, per
non-clone task switch or per group opened and closed, of the built-in PMU
and of power9.

Usage: kprof-report.py SYSTEM_MAP GUEST_LOG RUN_DIR

RUN_DIR holds the QEMU plugin's run.0 (no events), run.1 (perf record,
perf stat with multiplexed events, or perf stat -p, on the built-in PMU)
and run.2 (on power9): "address instructions runs" lines of the kernel's
translation blocks. GUEST_LOG gives the divisors (@@PROFILE: "record 0
samples C P9", perf record's options then on @@RECORD; "mux N rotations
C P9", "switch N switches C P9" or "open N groups C P9") and the
modules' symbols (@@KSYM). A block is named by
the symbol at or below its address; the modules' call stubs, after their
last function, count as that function's.
"""
import bisect
import collections
import sys


def symbols(system_map, log):
    syms = []
    with open(system_map) as f:
        for line in f:
            addr, kind, name = line.split()[:3]
            if kind in 'tTwW':
                syms.append((int(addr, 16), name))
    for line in log:
        if line.startswith('@@KSYM '):
            addr, kind, name, module = line.split()[1:5]
            if kind in 'tTwW':
                syms.append((int(addr, 16), name + module))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def run(path, addrs, names):
    counts = collections.Counter()
    with open(path) as f:
        for line in f:
            addr, insns, runs = line.split()
            i = bisect.bisect_right(addrs, int(addr, 16)) - 1
            counts[names[i] if i >= 0 else '?'] += int(insns) * int(runs)
    return counts


def main():
    system_map, log_path, run_dir = sys.argv[1:4]
    with open(log_path, errors='replace') as f:
        log = f.read().splitlines()
    profile = [l for l in log if l.startswith('@@PROFILE ')]
    if not profile:
        sys.exit('kprof-report: the guest gave no @@PROFILE line')
    fields = profile[0].split()
    mode = fields[1]
    period, cpu_n, p9_n = int(fields[2]), int(fields[4]), int(fields[5])
    addrs, names = symbols(system_map, log)
    base, cpu, p9 = (run(f'{run_dir}/run.{i}', addrs, names) for i in range(3))
    if not cpu_n or not p9_n:
        sys.exit('kprof-report: a run took no samples')
    per = {k: ((cpu[k] - base[k]) / cpu_n, (p9[k] - base[k]) / p9_n)
           for k in set(base) | set(cpu) | set(p9)}
    if mode == 'mux':
        print(f'perf stat with {period} ungrouped events on the spin loop: '
              f'{cpu_n} rotations (the loop\'s time over the mux interval)')
        print('Kernel instructions per rotation, beyond the run without '
              'events:')
    elif mode == 'open':
        print(f'perf_event_open() and close() of a group of {period} '
              f'counting events of this task: {cpu_n} groups')
        print('Kernel instructions per group, beyond the run that opens '
              'nothing:')
    elif mode == 'switch':
        print(f'perf stat -p with {period} events on one of two tasks '
              f'passing a byte: {cpu_n} switches')
        print('Kernel instructions per switch, beyond the run without '
              'events:')
    else:
        opts = next((l.split(None, 1)[1] for l in log
                     if l.startswith('@@RECORD ')), '')
        print(f'perf record {opts} on the spin loop: {cpu_n} samples '
              f'on the built-in PMU, {p9_n} on power9')
        print('Kernel instructions per sample, beyond the run without '
              'events:')
    print(f'  {"total":48} {sum(c for c, _ in per.values()):8.0f} '
          f'{sum(p for _, p in per.values()):8.0f}')
    print(f'  {"function":48} {"cpu":>8} {"power9":>8}')
    rows = sorted(per.items(), key=lambda kv: -max(abs(kv[1][0]), abs(kv[1][1])))
    for name, (c, p) in rows:
        if max(abs(c), abs(p)) >= 5:
            print(f'  {name[:48]:48} {c:8.1f} {p:8.1f}')
    last = {}
    for line in log:
        if line.startswith('@@KSYM '):
            addr, _, name, module = line.split()[1:5]
            if int(addr, 16) > last.get(module, (0, ''))[0]:
                last[module] = (int(addr, 16), name)
    print("  (a module's call stubs count as its last function's: " +
          ', '.join(n for _, n in sorted(last.values())) + ')')


if __name__ == '__main__':
    main()
