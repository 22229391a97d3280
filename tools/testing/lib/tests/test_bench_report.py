# SPDX-License-Identifier: GPL-2.0-only
"""Tests of tools/testing/lib/bench-report.py, the admin guides' tables
and chart of harness bench's figures."""

import csv
import importlib.util
import io
import os
import tempfile
import unittest

LIB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(LIB)))
GUIDES = os.path.join(REPO, 'Documentation', 'admin-guide', 'perf')

spec = importlib.util.spec_from_file_location(
    'bench_report', os.path.join(LIB, 'bench-report.py'))
br = importlib.util.module_from_spec(spec)
spec.loader.exec_module(br)

BENCH = """bench,measure,pmu,median,min,max,unit
switch,no events,none,5112,5099,5124,ns/switch
switch,two events inherited,cpu,6000,5990,6010,ns/switch
switch,two events inherited,power9,5400,5300,5500,ns/switch
record,-c 100000,cpu,81847,81846,81867,us
record,-c 100000,power9,81872,81844,81873,us
open,group of 6,cpu,88489,88338,89075,ns
open,group of 6,power9,107781,107626,110015,ns
open,group of 7,cpu,refused,refused,refused,ns
open,group of 7,power9,refused,refused,refused,ns
open,group of 8,cpu,refused,refused,refused,ns
open,group of 8,power9,refused,refused,refused,ns
modules,size power9_pmu,power9,12288,12288,12288,bytes
"""

LOG = """
    # p9k_sched_steps_per_rotation: 20 catalogue events (0 drawn refused), 20 rotations
    # p9k_sched_steps_per_rotation: scheduler steps per rotation: median 8, min 2, max 27
    # p9k_switch_accesses: register accesses for a switch out and back in: 8
    # p9k_sample_accesses: register accesses for one sample of one event: 5
    # p9k_sample_accesses: with PERF_SAMPLE_ADDR: 6
    # ia64k_sample_accesses: register accesses for one sample: 4
    # t4k_sample_accesses: one sample of 2 events: 4 accesses, 2 of PCRs
    # t4k_sched_accesses_per_rotation: register accesses per rotation: median 10, min 9, max 12
    ok 3 p9k_sample_accesses
"""


def rows(path):
    with open(path, newline='') as f:
        return list(csv.reader(f))


class BenchReport(unittest.TestCase):
    def test_model_lines_become_bench_rows(self):
        got = br.model_rows(io.StringIO(LOG))
        self.assertEqual(got, [
            ['sched', 'steps per rotation of 20 events', 'power9',
             '8', '2', '27', 'steps'],
            ['mswitch', 'register accesses, out and back in, two events',
             'power9', '8', '8', '8', 'accesses'],
            ['sample', 'register accesses, one event', 'power9',
             '5', '5', '5', 'accesses'],
            ['sample', 'register accesses, one event, PERF_SAMPLE_ADDR',
             'power9', '6', '6', '6', 'accesses'],
            ['sample', 'register accesses, one event', 'itanium9300',
             '4', '4', '4', 'accesses'],
            ['sample', 'register accesses, two events', 'sparc_t4',
             '4', '4', '4', 'accesses'],
            ['sched', 'register accesses per rotation of 20 events',
             'sparc_t4', '10', '9', '12', 'accesses'],
        ])

    def test_tables(self):
        with tempfile.TemporaryDirectory() as d:
            bench = os.path.join(d, 'bench.csv')
            with open(bench, 'w') as f:
                f.write(BENCH)
                csv.writer(f, lineterminator='\n').writerows(
                    br.model_rows(io.StringIO(LOG)))
            br.main(['bench-report.py', 'tables', bench, d])
            p9 = rows(os.path.join(d, 'power9-pmu-bench.csv'))
            t4 = rows(os.path.join(d, 'sparc-t4-pmu-bench.csv'))
            ia64 = rows(os.path.join(d, 'itanium9300-pmu-bench.csv'))
        self.assertEqual(p9[:6], [
            ['measure', 'cpu', 'power9', 'power9/cpu'],
            ['task switch: two events inherited', '6000 ns/switch',
             '5400 ns/switch', '0.90'],
            ['perf record: -c 100000', '81.85 ms', '81.87 ms', '1.00'],
            ['open+close: group of 6', '88.49 us', '107.8 us', '1.22'],
            # The sizes both refuse, as one row.
            ['open+close: group of 7 to 8', 'refused', 'refused', '-'],
            ['module: size power9_pmu', '-', '12 KiB', '-'],
        ])
        self.assertIn(['sample (model): register accesses, one event',
                       '-', '5 accesses', '-'], p9)
        self.assertEqual(t4, [
            ['measure', 'median', 'least', 'most'],
            ['sample (model): register accesses, two events',
             '4 accesses', '4 accesses', '4 accesses'],
            ['scheduler (model): register accesses per rotation of 20 '
             'events', '10 accesses', '9 accesses', '12 accesses'],
        ])
        self.assertEqual(ia64[1][0],
                         'sample (model): register accesses, one event')

    def test_chart_draws_each_ratio(self):
        with tempfile.TemporaryDirectory() as d:
            table = os.path.join(d, 't.csv')
            with open(table, 'w') as f:
                f.write('measure,cpu,power9,power9/cpu\n'
                        'open+close: group of 1,1 us,1.2 us,1.20\n'
                        'open+close: group of 7 to 12,refused,refused,-\n'
                        'perf record: -F 10000,1 ms,0.9 ms,0.90\n')
            svg = br.chart(br.read_table(table))
        self.assertEqual(svg.count('<rect x='), 2)
        self.assertIn('>1.20</text>', svg)
        self.assertIn('fill="#c8553d"', svg)   # above 1.0
        self.assertIn('fill="#4a7bb7"', svg)
        self.assertIn('>open+close</text>', svg)

    def test_the_guides_chart_is_drawn_from_their_table(self):
        table = os.path.join(GUIDES, 'power9-pmu-bench.csv')
        with open(os.path.join(GUIDES, 'power9-pmu-bench.svg')) as f:
            self.assertEqual(f.read(), br.chart(br.read_table(table)))

    def test_the_guides_show_their_tables(self):
        for guide, table in (('power9-pmu.rst', 'power9-pmu-bench.csv'),
                             ('sparc-t4-pmu.rst', 'sparc-t4-pmu-bench.csv'),
                             ('itanium9300-pmu.rst',
                              'itanium9300-pmu-bench.csv')):
            with open(os.path.join(GUIDES, guide)) as f:
                text = f.read()
            self.assertTrue(':file: ' + table in text, guide)
            self.assertTrue(rows(os.path.join(GUIDES, table))[1:], table)
        with open(os.path.join(GUIDES, 'power9-pmu.rst')) as f:
            self.assertTrue('power9-pmu-bench.svg' in f.read())


if __name__ == '__main__':
    unittest.main()
