# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the SPARC T4 event catalogue (tools/pmu-events/sparc_t4)."""

import importlib.util
import json
import os
import re
import subprocess
import sys
import unittest

TESTS = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(TESTS)
T4 = os.path.join(TOOLS, 'sparc_t4')
REPO = os.path.dirname(os.path.dirname(TOOLS))
sys.path.insert(0, TOOLS)

import pmucat  # noqa: E402

PRECISE_SL = {3, 4, 5, 16, 25}
ALIAS_RE = re.compile(r'[a-z][a-z0-9_.-]*')


def load(name):
    with open(os.path.join(T4, name), encoding='utf-8') as f:
        return json.load(f)


def module(name):
    spec = importlib.util.spec_from_file_location(
        't4_' + name, os.path.join(T4, name + '.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class T4Catalogue(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.core = load('events.json')
        cls.dram = load('dram.json')
        cls.events = cls.core['events']
        cls.groups = {g['sl']: g for g in cls.core['groups']}

    def table_events(self):
        return [e for e in self.events if 'curated' not in e and
                not e['source'].startswith('cpustat')]

    def test_counts(self):
        self.assertEqual(len(self.table_events()), 117)
        table_groups = [g for g in self.groups.values() if 'curated' not in g]
        self.assertEqual(len(table_groups), 22)
        self.assertEqual(sorted(g['sl'] for g in table_groups),
                         list(range(1, 12)) + list(range(16, 27)))
        self.assertEqual(self.core['reserved_sl'], [12, 13, 14, 15, 27])

    def test_counts_with_cpustat(self):
        # 117 table rows, 6 cpustat combinations, 5 sl 28 encodings.
        self.assertEqual(len(self.events), 128)

    def test_sl28_from_note_and_cpustat(self):
        notes = [e for e in self.events if 'curated' in e]
        self.assertEqual([(e['sl'], e['mask'], e['alias']) for e in notes],
                         [(28, '0x01', 'commit_0'), (28, '0x02', 'commit_0_all'),
                          (28, '0x04', 'commit_1'), (28, '0x08', 'commit_2'),
                          (28, '0x0c', 'commit_1_or_2')])
        for e in notes:
            self.assertTrue(e['curated'])
            self.assertIn('Programming Note (sl 28)', e['source'])
            self.assertTrue(e['name'].startswith('Commit micro-ops'))
        self.assertEqual(self.core['missing_sheets'], ['TABLE 10-2 (8 of 8)'])
        g = self.groups[28]
        self.assertEqual(g['valid_mask'], '0x0f')
        self.assertEqual(g['useful_combinations'], ['0x03', '0x0c'])
        self.assertNotIn(29, self.groups)

    def test_cpustat_names(self):
        """Every name Solaris lists is an alias, lower case, of its own
        encoding (corrections applied); the issue's examples hold."""
        cs = load('curation.json')['cpustat']
        by = {e['alias']: (e['sl'], int(e['mask'], 16)) for e in self.events}
        for name, key in cs['events'].items():
            sl, mask = key.split('/')
            self.assertEqual(by.get(name.lower()), (int(sl), int(mask, 16)),
                             name)
        self.assertEqual(len(cs['events']), 127)
        for alias, enc in (('ic_miss_nospec', (5, 7)), ('ic_miss', (11, 3)),
                           ('dc_miss_nospec', (16, 7)), ('dc_miss', (23, 7)),
                           ('instr_all', (3, 0x3f)), ('cycles_user', (26, 0)),
                           ('atomics', (4, 0x08)), ('branches', (3, 1)),
                           ('branches_sl4', (4, 1))):
            self.assertEqual(by[alias], enc, alias)
        self.assertEqual(cs['corrections']['Atomics']['cpustat'], '4/0x18')
        named = {n.lower() for n in cs['events']}
        manual = [a for a in by if a not in named]
        self.assertEqual(manual, ['branches_sl4'])

    def test_no_duplicates(self):
        keys = [(e['sl'], int(e['mask'], 16)) for e in self.events]
        self.assertEqual(len(keys), len(set(keys)))
        aliases = [e['alias'] for e in self.events]
        self.assertEqual(len(aliases), len(set(aliases)))
        dram = [d['alias'] for d in self.dram['events']]
        self.assertEqual(len(dram), len(set(dram)))

    def test_aliases_lexer_safe(self):
        for a in [e['alias'] for e in self.events] + \
                [d['alias'] for d in self.dram['events']]:
            self.assertRegex(a, ALIAS_RE)
            self.assertFalse(a.endswith(('-', '.')), a)

    def test_masks_within_group_bits(self):
        for e in self.events:
            g = self.groups[e['sl']]
            valid = int(g['valid_mask'], 16)
            for m in [e['mask']] + e.get('equivalent_masks', []):
                self.assertEqual(int(m, 16) & ~valid, 0,
                                 '%s mask %s' % (e['alias'], m))
        for g in self.groups.values():
            valid = int(g['valid_mask'], 16)
            for m in g['useful_combinations']:
                self.assertEqual(int(m, 16) & ~valid, 0)
                self.assertGreater(bin(int(m, 16)).count('1'), 1)

    def test_every_group_has_events(self):
        sls = {e['sl'] for e in self.events}
        self.assertEqual(sls, set(self.groups))

    def test_precise(self):
        precise_groups = {g['sl'] for g in self.groups.values() if g['precise']}
        self.assertEqual(precise_groups, PRECISE_SL)
        for e in self.events:
            self.assertEqual(e['precise'], e['sl'] in PRECISE_SL, e['alias'])
        texts = ' '.join(s['text'] for s in self.core['precise_sources'])
        self.assertIn('marked as Precise in TABLE 10-2', texts)

    @pmucat.needs_manual('sparc_t4')
    def test_precise_column_in_manual(self):
        """The Precise Event column says Yes exactly on the first row of
        sl 3, 4, 5, 16 and 25."""
        lines = pmucat.read_manual_lines('sparc_t4')
        for g in self.groups.values():
            if 'curated' in g:
                continue
            line = int(g['source'].rsplit('line ', 1)[1])
            cells = [c.strip() for c in lines[line - 1].split('|')]
            self.assertIn('Yes' if g['sl'] in PRECISE_SL else 'No', cells[3:6])
            self.assertEqual(cells.count('Yes') + cells.count('No'), 2)

    def test_strand(self):
        by = {e['alias']: e for e in self.events}
        self.assertFalse(by['fetch_0_all']['strand_specific'])
        self.assertTrue(by['fetch_0']['strand_specific'])
        self.assertTrue(by['btc_targ_incorrect']['strand_specific'])
        self.assertFalse(by['dc_pref_drop_dc_hit']['strand_specific'])
        self.assertTrue(by['sw_pref_drop']['strand_specific'])
        for sl in (9, 20, 24):
            self.assertEqual(self.groups[sl]['strand_specific'], 'no')
        for sl in (8, 18):
            self.assertEqual(self.groups[sl]['strand_specific'], 'mixed')

    def test_group_rules(self):
        g = self.groups
        self.assertEqual(g[1]['valid_mask'], '0x1f')
        self.assertEqual(g[1]['useful_combinations'], ['0x06', '0x18'])
        self.assertEqual(g[20]['valid_mask'], '0x1f')      # curated
        self.assertEqual(g[26]['valid_mask'], '0x00')
        self.assertEqual(g[26]['combine'], 'ignored')
        self.assertEqual(g[8]['combine'], 'single')
        self.assertEqual(g[3]['combine'], 'any')
        self.assertEqual(g[25]['useful_combinations'],
                         ['0x06', '0x0a', '0x0c', '0x0e', '0x0f'])
        sel = [e for e in self.events if e['alias'] == 'rb_lb_sb_tag_wait'][0]
        self.assertEqual(sel['equivalent_masks'], ['0x06', '0x0a', '0x0c'])

    def test_contradictions_recorded(self):
        where = [c['where'] for c in self.core['contradictions']]
        self.assertIn('sl 20', where)
        for c in self.core['contradictions']:
            self.assertTrue(c['reason'])

    def test_dram(self):
        ev = self.dram['events']
        self.assertEqual(len(ev), 13)
        self.assertEqual([d['select'] for d in ev], list(range(13)))
        self.assertEqual(self.dram['reserved_select'], [13, 14, 15])

    def test_curation_reasons(self):
        cur = load('curation.json')
        for k in ('aliases', 'cpustat', 'dram'):
            self.assertTrue(cur[k]['reason'])
        for k, v in cur['groups'].items():
            self.assertTrue(v['reason'], k)
        for v in cur['note_events'] + list(cur['footnote_markers'].values()):
            self.assertTrue(v['reason'])

    def test_generated_tables(self):
        gen = module('gen')
        src = gen.gen_source(self.core, self.dram)
        self.assertEqual(src.count('{ "commit_1_or_2"'), 1)
        rows = re.findall(r'^\t\{ \{ "[^"]+", 0x([0-9a-f]+) \},\s+'
                          r'(\d+), (0x[0-9a-f]+), ', src, re.M)
        self.assertEqual(len(rows), len(self.events))
        # events/: one file per catalogue row, of the row's config
        files = re.findall(r'^\tPMU_CORE_EVENT\("([^"]+)", 0x([0-9a-f]+)\)',
                           src, re.M)
        self.assertEqual([(e['alias'], int(c, 16)) for e, (_, c) in
                          zip(self.events, files)],
                         [(a, int(c, 16)) for a, c in files])
        self.assertEqual([int(c, 16) for _, c in files],
                         [int(c, 16) for c, _, _ in rows])
        for config, sl, mask in rows:
            self.assertEqual(int(config, 16), gen.config(int(sl), int(mask, 16)))
        self.assertEqual(gen.config(3, 0x3f), 3 | 0x3f << 8)
        files = gen.gen_json(self.core, self.dram)
        core = [e for k, v in files.items() if k != 'memory' for e in v]
        self.assertEqual(len(core), len(self.events))
        self.assertTrue(all(e['Unit'] == 'sparc_t4' for e in core))
        self.assertTrue(all(e['Unit'] == 'sparc_t4_dram'
                            for e in files['memory']))
        self.assertEqual(len(files['memory']), 13)
        # perf finds the JSON (in sys/) by the PMUs' sysfs identifier:
        # the header's, every event's Compat.
        self.assertTrue(gen.JSON_DIR.endswith('/sys'))
        ident = re.search(r'^#define T4_PMU_IDENTIFIER\t"([^"]+)"$',
                          gen.gen_header(self.core, self.dram), re.M).group(1)
        self.assertEqual(ident, gen.IDENTIFIER)
        self.assertTrue(all(e['Compat'] == ident
                            for v in files.values() for e in v))

    def run_tool(self, name):
        return subprocess.run([sys.executable, os.path.join(T4, name),
                               '--check'], cwd=REPO, capture_output=True,
                              text=True)

    @pmucat.needs_manual('sparc_t4')
    def test_extract_check(self):
        r = self.run_tool('extract.py')
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_gen_check(self):
        r = self.run_tool('gen.py')
        self.assertEqual(r.returncode, 0, r.stderr)


if __name__ == '__main__':
    unittest.main()
