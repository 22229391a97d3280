# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the POWER9 nest IMC catalogue (tools/pmu-events/power9/nest.py)."""

import ast
import json
import os
import re
import sys
import unittest

TESTS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TESTS)

from test_power9 import REPO, load, module  # noqa: E402
import pmucat  # noqa: E402

EVENTS = 149    # named rows of Table 6-10
FREE = 48       # its "Free" rows
FORMULAS = 35   # unit table rows with a formula
METRICS = 27    # perf metrics from 22 of them (Table 6-7's utilisation: six)
LEFT_OUT = 13   # formulas left out
NEST_PERF = os.path.join(REPO, 'tools', 'perf', 'pmu-events', 'arch',
                         'powerpc', 'power9-nest')


def nest():
    return module('nest')


class NestCatalogue(unittest.TestCase):
    def setUp(self):
        self.doc = load('nest.json')
        self.events = self.doc['events']

    @pmucat.needs_manual('power9')
    def test_extraction_matches_the_data(self):
        doc = nest().extract(pmucat.read_manual_lines('power9'),
                             load('nest-curation.json'))
        self.assertEqual(pmucat.json_text(doc), pmucat.json_text(self.doc))

    def test_generated_files_are_current(self):
        for rel, text in nest().generate(self.doc).items():
            with open(os.path.join(REPO, rel), encoding='utf-8') as f:
                self.assertEqual(f.read(), text, rel)

    def test_counts(self):
        self.assertEqual(len(self.events), EVENTS)
        self.assertEqual(len(self.doc['free']), FREE)

    def test_offsets(self):
        offs = [int(e['offset'], 16) for e in self.events]
        free = [int(o, 16) for o in self.doc['free']]
        self.assertEqual(len(set(offs + free)), len(offs) + len(free))
        for o in offs + free:
            self.assertEqual(o % 8, 0)
        self.assertEqual(offs, sorted(offs))

    def test_names_and_descriptions(self):
        names = [e['name'] for e in self.events]
        self.assertEqual(len(set(n.lower() for n in names)), len(names))
        for e in self.events:
            self.assertRegex(e['name'], r'^(PM_[A-Z0-9_]+|Update_count_h1)$')
            self.assertGreater(len(e['description']), 10, e['name'])
            self.assertIn(e['unit'],
                          {'imc', 'pb', 'mcs', 'xlink', 'npu', 'phb', 'mba'})
            self.assertRegex(e['group'], r'^G[1-7]$')

    def test_every_family_is_used(self):
        used = set()
        for fam in load('nest-curation.json')['families']:
            for e in self.events:
                if re.fullmatch(fam['pattern'], e['name']):
                    used.add(fam['pattern'])
        self.assertEqual(len(used),
                         len(load('nest-curation.json')['families']))

    def test_ocr_repair(self):
        names = {e['name']: e for e in self.events}
        self.assertIn('PM_MCS23_AMO_OP_DISP_PORT01', names)
        self.assertEqual(names['PM_MCS23_AMO_OP_DISP_PORT01']['manual_name'],
                         'PM_MCS23_AMO_OP_DISPPORT01')

    @pmucat.needs_manual('power9')
    def test_unmatched_event_is_an_error(self):
        cur = load('nest-curation.json')
        cur['families'] = [f for f in cur['families']
                           if f['pattern'] != 'PM_PB_CYC']
        with self.assertRaises(nest().DataError):
            nest().extract(pmucat.read_manual_lines('power9'), cur)

    def test_unit_tables(self):
        tables = {r['table'] for r in self.doc['unit_tables']}
        self.assertEqual(tables, {'6-%d' % n for n in range(2, 10)})

    def test_perf_json(self):
        path = os.path.join(REPO, 'tools', 'perf', 'pmu-events', 'arch',
                            'powerpc', 'power9-nest', 'nest.json')
        with open(path, encoding='utf-8') as f:
            perf = json.load(f)
        self.assertEqual(len(perf), EVENTS)
        for e in perf:
            self.assertEqual(e['Unit'], 'power9_nest')
            self.assertRegex(e['EventCode'], r'^0x[0-9a-f]+$')


def perf_file(name, model='power9-nest'):
    path = os.path.join(REPO, 'tools', 'perf', 'pmu-events', 'arch',
                        'powerpc', model, name)
    with open(path, encoding='utf-8') as f:
        return json.load(f)


class NestMetrics(unittest.TestCase):
    def setUp(self):
        self.doc = load('nest.json')
        self.cur = load('nest-curation.json')
        self.metrics = self.doc['metrics']
        self.perf = perf_file('metrics.json')

    def test_metrics_follow_from_the_tables_and_curation(self):
        # No manual needed: the unit tables are in nest.json.
        made = nest().build_metrics(self.doc['events'],
                                    self.doc['unit_tables'], self.cur)
        self.assertEqual(pmucat.json_text(made),
                         pmucat.json_text(self.metrics))

    def test_counts(self):
        rows = {(r['table'], r['name']) for r in self.doc['unit_tables']
                if r['formula']}
        self.assertEqual(len(rows), FORMULAS)
        self.assertEqual({(m['table'], m['row']) for m in self.metrics},
                         rows)
        made = [m for m in self.metrics if 'formula' in m]
        left = [m for m in self.metrics if 'left_out' in m]
        self.assertEqual(len(made), METRICS)
        self.assertEqual(len(left), LEFT_OUT)
        self.assertEqual(len(made) + len(left), len(self.metrics))
        self.assertEqual(len(self.perf), METRICS)
        for m in left:
            self.assertGreater(len(m['left_out']), 20, m['name'])

    def test_names(self):
        names = [m['MetricName'] for m in self.perf]
        self.assertEqual(len(set(names)), len(names))
        for n in names:
            self.assertRegex(n, r'^[a-z][a-z0-9_]*$')
        # perf lists the nest metrics beside the core ones (one model
        # directory in the suite's perf): no name may be both.
        core = {m['MetricName'] for f in ('metrics.json', 'table-5-24.json')
                for m in perf_file(f, 'power9-pmu')}
        self.assertFalse(core & set(names))
        core_groups = {g for f in ('metrics.json', 'table-5-24.json')
                       for m in perf_file(f, 'power9-pmu')
                       for g in m.get('MetricGroup', '').split(';')}
        self.assertFalse(core_groups & {m['MetricGroup'] for m in self.perf})

    def test_expressions(self):
        """Every identifier is a power9_nest event or duration_time, and
        the expression is arithmetic that parses."""
        events = {e['EventName'] for e in perf_file('nest.json')}
        for m in self.perf:
            expr = m['MetricExpr']
            qualified = re.findall(r'power9_nest@([A-Za-z0-9_]+)@', expr)
            self.assertTrue(qualified, m['MetricName'])
            self.assertLessEqual(set(qualified), events, m['MetricName'])
            bare = re.sub(r'power9_nest@([A-Za-z0-9_]+)@', r'E_\1', expr)
            tree = ast.parse(bare, mode='eval')
            for node in ast.walk(tree):
                self.assertIsInstance(node, (
                    ast.Expression, ast.BinOp, ast.Add, ast.Sub, ast.Mult,
                    ast.Div, ast.Name, ast.Constant, ast.Load), expr)
                if isinstance(node, ast.Name):
                    self.assertTrue(node.id.startswith('E_') or
                                    node.id == 'duration_time', node.id)
            self.assertNotRegex(expr, r'(?i)freq')

    def test_rates_are_per_second(self):
        """count / CYC * RATE is written count / duration_time; a
        percentage is a ratio of one link half's events."""
        for m in self.perf:
            expr = m['MetricExpr']
            if m['ScaleUnit'] == '1%':
                self.assertNotIn('duration_time', expr)
                self.assertRegex(expr, r'^power9_nest@(PM_XLINK\d_\w+)_TOTAL'
                                 r'_UTIL@ / power9_nest@\1_CYC@ \* 100$')
            else:
                self.assertIn(m['ScaleUnit'], ('1/sec', '1e-9GB/s'))
                self.assertTrue(expr.endswith(' / duration_time'), expr)

    def test_groups(self):
        groups = perf_file('metricgroups.json')
        used = {m['MetricGroup'] for m in self.perf}
        self.assertEqual(set(groups), used)
        self.assertEqual(used, {'nest_fabric', 'nest_mcs', 'nest_mba',
                                'nest_xlink', 'nest_phb'})
        # The suite's perf copies metricgroups.json under its own name
        # (tools/testing/lib/perf.sh): only one model may have one.
        self.assertFalse(os.path.exists(os.path.join(
            REPO, 'tools', 'perf', 'pmu-events', 'arch', 'powerpc',
            'power9-pmu', 'metricgroups.json')))

    def test_curated_readings(self):
        by_row = {(m['table'], m['row']): m for m in self.metrics}
        self.assertEqual(by_row['6-2', 'PM_PB_EVENT_GROUP_PUMP']['name'],
                         'total_group_pumps')
        self.assertEqual(by_row['6-2', 'PM_PB_EVENT_RNS_PUMP']['name'],
                         'total_remote_node_pumps')
        self.assertEqual(by_row['6-4', 'PM_MCS_HPCWR_DISP']['name'],
                         'mcs_hpcwr_disp_rate')
        self.assertIn('left_out', by_row['6-4', 'PM_MCS_HPCWR_DISP'])
        self.assertIn('left_out', by_row['6-2', 'PM_PB_EVENT_DATA_XFER'])
        self.assertIn('left_out', by_row['6-8', 'PM_XLINK_TOTAL_UTIL'])
        phb = by_row['6-9', 'PM_PHB_LD_RESP_FROM_PCIE']
        self.assertIn('* 100', phb['manual_formula'])
        self.assertIn('PHB_Freq', phb['formula_read'])
        perf = {m['MetricName']: m for m in self.perf}
        self.assertEqual(perf['total_int_pb_bw']['MetricExpr'],
                         'power9_nest@PM_PB_INT_DATA_XFER@ * 512 / '
                         'duration_time')
        self.assertEqual(perf['mba_read_bw']['MetricExpr'].count('@') // 2,
                         8)
        self.assertEqual(len([n for n in perf
                              if n.endswith('_total_utilization')]), 6)

    def test_formula_reading(self):
        n = nest()
        tree = n.parse_formula('((PM_MCS_64B_RD_OR_W R_DISP*64) / PM_PB_ '
                               'CYC) * PB_Freq')
        self.assertEqual(n.identifiers(tree),
                         ['PM_MCS_64B_RD_OR_WR_DISP', 'PM_PB_CYC', 'PB_Freq'])
        self.assertEqual(n.unparse(tree),
                         'PM_MCS_64B_RD_OR_WR_DISP * 64 / PM_PB_CYC * PB_Freq')
        self.assertEqual(n.unparse(('/', ('id', 'A'), ('+', ('id', 'B'),
                                                       ('id', 'C')))),
                         'A / (B + C)')
        for bad in ('(A / B', 'A / B)', 'A $ B', ''):
            with self.assertRaises(n.DataError):
                n.parse_formula(bad)

    def test_curation_errors(self):
        n = nest()
        rows, events = self.doc['unit_tables'], self.doc['events']
        cur = json.loads(json.dumps(self.cur))
        cur['metrics']['6-9 PM_PHB_LD_RESP_FROM_PCIE']['formula'] = \
            'PM_PHB_LD_RESP_FROM_PCIE * 2'
        with self.assertRaises(n.DataError):       # no known shape
            n.build_metrics(events, rows, cur)
        cur = json.loads(json.dumps(self.cur))
        cur['metrics']['6-3 PM_MCS0_NO_SUCH_ROW'] = {'name': 'x', 'why': 'x'}
        with self.assertRaises(n.DataError):       # curation of no row
            n.build_metrics(events, rows, cur)
        cur = json.loads(json.dumps(self.cur))
        cur['clock_rates']['PB_Freq']['cycles'] = ['PM_MBA_CYC']
        with self.assertRaises(n.DataError):       # cycles of another clock
            n.build_metrics(events, rows, cur)
        cur = json.loads(json.dumps(self.cur))
        del cur['formula_references']['PM_XLINK_DATA_EVENT']
        with self.assertRaises(n.DataError):       # unknown identifier
            n.build_metrics(events, rows, cur)


if __name__ == '__main__':
    unittest.main()
