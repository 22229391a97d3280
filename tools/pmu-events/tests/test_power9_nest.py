# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the POWER9 nest IMC catalogue (tools/pmu-events/power9/nest.py)."""

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


if __name__ == '__main__':
    unittest.main()
