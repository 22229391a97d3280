# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the Itanium 9300 event catalogue (tools/pmu-events/itanium9300)."""

import importlib.util
import json
import os
import re
import subprocess
import sys
import unittest

TESTS = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(TESTS)
IA64 = os.path.join(TOOLS, 'itanium9300')
REPO = os.path.dirname(os.path.dirname(TOOLS))
ALIAS_RE = re.compile(r'[a-z][a-z0-9_.-]*')
sys.path.insert(0, TOOLS)

import pmucat  # noqa: E402


def load(name):
    with open(os.path.join(IA64, name), encoding='utf-8') as f:
        return json.load(f)


def module(name):
    sys.path.insert(0, TOOLS)
    sys.path.insert(0, IA64)
    spec = importlib.util.spec_from_file_location(
        'ia64_' + name, os.path.join(IA64, name + '.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Ia64Catalogue(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.core = load('events.json')
        cls.metrics = load('metrics.json')['metrics']
        cls.uncore = load('uncore.json')
        cls.cur = load('curation.json')
        cls.events = cls.core['events']
        cls.by_name = {e['name']: e for e in cls.events}

    def meaningful(self, e):
        return [u for u in e.get('umasks', []) if not u.get('reserved')]

    def test_counts(self):
        self.assertEqual(len(self.events), 160)
        listed = [e for e in self.events if not e.get('not_in_event_list')]
        self.assertEqual(len(listed), 159)
        self.assertEqual([e['name'] for e in self.events
                          if e.get('not_in_event_list')],
                         ['TAGGED_L2D_RETURN_PORT'])
        with_umasks = [e for e in self.events if e.get('umasks')]
        self.assertEqual(len(with_umasks), 80)
        self.assertEqual(sum(len(e['umasks']) for e in with_umasks), 643)
        self.assertEqual(len(self.metrics), 63)

    def test_names_unique(self):
        names = [e['name'] for e in self.events]
        self.assertEqual(len(names), len(set(names)))

    def test_no_duplicate_encodings(self):
        shared = {k: v for k, v in self.cur['shared_encodings'].items()}
        seen = {}
        for e in self.events:
            if e['name'] in shared:
                s = shared[e['name']]
                self.assertEqual(e['code'], int(s['code'], 16))
                self.assertIn('same_encoding_as', e)
                continue
            for code in [e['code']] + e.get('alt_codes', []):
                ums = [u['umask'] for u in self.meaningful(e)] or [0]
                for u in ums:
                    key = (code, u)
                    self.assertNotIn(key, seen, '%s and %s' % (
                        seen.get(key), e['name']))
                    seen[key] = e['name']

    def test_umask_values(self):
        for e in self.events:
            vals = [u['umask'] for u in self.meaningful(e)]
            self.assertEqual(len(vals), len(set(vals)), e['name'])
            for u in e.get('umasks', []):
                self.assertTrue(0 <= u['umask'] <= 0xf)
            if e.get('umasks'):
                self.assertIn(e['default_umask'],
                              [u['name'] for u in self.meaningful(e)])

    def test_aliases(self):
        aliases = []
        for e in self.events:
            aliases.append(e['alias'])
            aliases += [u['alias'] for u in self.meaningful(e)]
            for u in e.get('umasks', []):
                self.assertEqual('alias' in u, not u.get('reserved'))
        for b in self.uncore['boxes']:
            aliases += [x['alias'] for x in b['events']]
        self.assertEqual(len(aliases), len(set(aliases)))
        for a in aliases:
            self.assertRegex(a, ALIAS_RE)
            self.assertEqual(a, a.lower())
            self.assertNotIn('..', a)

    def test_metric_terms_exist(self):
        names = {m['name'] for m in self.metrics}
        for m in self.metrics:
            self.assertTrue(m['terms'], m['name'])
            for t in m['terms']:
                if 'metric' in t:
                    self.assertIn(t['metric'], names)
                    self.assertNotEqual(t['metric'], m['name'])
                    continue
                self.assertIn(t['event'], self.by_name, m['name'])
                e = self.by_name[t['event']]
                if 'umask' in t:
                    self.assertIn(t['umask'],
                                  [u['name'] for u in self.meaningful(e)],
                                  m['name'])

    def test_qualification_flags(self):
        for e in self.events:
            for k in ('iar', 'dar', 'opc'):
                self.assertIsInstance(e[k], bool, '%s %s' % (e['name'], k))
            # Section 4.11.2: CPE events support none of IAR, DAR, OPC.
            if e['name'].startswith(('CPE_', 'ER_')):
                self.assertEqual((e['iar'], e['dar'], e['opc']),
                                 (False, False, False), e['name'])
            # Section 4.8.1: instruction-fetch events are not opcode matched.
            if e['name'].startswith(('L1I_', 'L2I_', 'ISB_')) and \
                    e['name'] not in self.cur['rule_exceptions']:
                self.assertFalse(e['opc'], e['name'])
        for c in self.core['contradictions']:
            if c['field'] in ('iar', 'dar', 'opc', 'max_inc'):
                self.assertEqual(self.by_name[c['event']][c['field']],
                                 c['resolved'])

    def test_counter_restrictions(self):
        for e in self.events:
            c = e['counters']
            if e['code'] >> 4 in (8, 9, 0xa, 0xb, 0xe, 0xf):
                self.assertEqual(c.get('pmds'), 'PMD4-9', e['name'])
            if c.get('l2d_set') is not None:
                self.assertIn(e['code'] >> 4, (0xe, 0xf))
        self.assertNotIn('pmds', self.by_name['CPU_OP_CYCLES_HALTED']
                         ['counters'])
        l1d = {e['name']: e['counters']['l1d_set'] for e in self.events
               if 'l1d_set' in e['counters']}
        self.assertEqual(sorted(set(l1d.values())), [0, 1, 2, 3, 4, 6])
        l2d = {e['counters']['l2d_set'] for e in self.events
               if 'l2d_set' in e['counters']}
        self.assertEqual(sorted(l2d), list(range(9)))

    def test_curation_recorded(self):
        """Every curated decision shows up in the extracted data."""
        recorded = {(c['event'], c['field']) for c in
                    self.core['contradictions']}
        for name, fields in self.cur['fields'].items():
            for f in fields:
                self.assertIn((name, f), recorded)
        for name in self.cur['umask_fixes']:
            self.assertTrue(any(c['event'] == name and
                                c['field'].startswith('umask')
                                for c in self.core['contradictions']))
        variants = {v['variant'] for v in self.core['name_variants']}
        for v in self.cur['names']:
            self.assertIn(v, variants | {
                t['term'].split('.')[0] for m in self.metrics
                for t in m['terms']} | {
                re.split(r'\W', m['equation_manual'])[0] for m in
                self.metrics})
        curated_metrics = {m['name'] for m in self.metrics if 'curated' in m}
        self.assertEqual(curated_metrics, set(self.cur['metrics']))
        unc = {(c['box'], c['event']) for c in self.uncore['contradictions']}
        for key, v in self.cur['uncore'].items():
            box, name = key.split('/')
            self.assertIn((box, v.get('canonical', name)), unc)
        for sec in self.cur.values():
            for v in sec.values():
                if 'reason' in v:
                    self.assertGreater(len(v['reason']), 20)
                else:
                    for fv in v.values():
                        self.assertGreater(len(fv['reason']), 20)

    def test_uncore(self):
        boxes = {b['box']: b for b in self.uncore['boxes']}
        self.assertEqual(sorted(boxes), ['bbox', 'rbox', 'zbox'])
        for b in boxes.values():
            names = [e['name'] for e in b['events']]
            self.assertEqual(len(names), len(set(names)))
            self.assertGreater(len(names), 20)

    def test_rbox_qlx_codes(self):
        rbox = {b['box']: b for b in self.uncore['boxes']}['rbox']
        qlx = {e['name']: e['select']['code'] for e in rbox['events']
               if e.get('register', '').startswith('QLX')}
        self.assertEqual(qlx['TGT_AVAILABLE'], 0xb)
        self.assertEqual(qlx['ET_ACC'], 0xc)
        self.assertEqual(len(set(qlx.values())), len(qlx))
        c = [x for x in self.uncore['contradictions']
             if x['event'] == 'ET_ACC']
        self.assertEqual(len(c), 1)
        self.assertEqual(c[0]['resolved'], '0xC')
        self.assertTrue(any('1100: Entry Table Depth Overflow' in s
                            for s in c[0]['sources']))
        gen = module('gen')
        js = {j['EventName']: j for j in
              gen.perf_uncore(self.uncore)['uncore-rbox']}
        self.assertEqual(js['rbox.et_acc']['ConfigCode'], '0x100000000c')
        self.assertNotIn('EventCode', js['rbox.gbl_arb_bid'])

    def test_rbox_mm_events(self):
        """Table 5-36: 18 match/mask events, values as printed, the
        descriptions printed one row off curated, and in the perf JSON
        with mm and mm_flit=1 in config and match/mask as terms."""
        mm = {e['name']: e for e in self.uncore['rbox_mm_events']}
        self.assertEqual(len(mm), 18)
        self.assertEqual(mm['DRS.DataC_M']['match'], '0x8000000001c00')
        self.assertEqual(mm['DRS.DataC_M']['mask'], '0xf000000001fe0')
        self.assertEqual(mm['NCB.AnyInt']['mask'], '0x1f80')
        for e in mm.values():
            self.assertEqual(int(e['match'], 16) & ~int(e['mask'], 16), 0)
        c = sorted(x['event'] for x in self.uncore['contradictions']
                   if x['issue'] == 'description')
        self.assertEqual(c, ['DRS.AnyResp11flits', 'DRS.AnyResp9flits',
                             'NCS.NcRd', 'NDR.AnyCmp'])
        self.assertIn('9 flits', mm['DRS.AnyResp9flits']['description'])
        self.assertIn('11 flits', mm['DRS.AnyResp11flits']['description'])
        self.assertIn('Non-Coherent Standard read',
                      mm['NCS.NcRd']['description'])
        gen = module('gen')
        js = {j['EventName']: j for j in
              gen.perf_uncore(self.uncore)['uncore-rbox']}
        j = js['rbox.mm_drs_anydatac']
        self.assertEqual(int(j['ConfigCode'], 16), 1 << 37 | 1 << 38)
        self.assertEqual(j['Filter'], 'match=0x1c00,mask=0x1f80')
        self.assertEqual(j['Unit'], 'itanium9300_rbox')

    def test_uncore_subctl_column_and_eot(self):
        """The stray '1' of Table 5-22's SubCtl Dep? column is no CTL2
        dependency; the EOT events, whose message class 000 counts
        nothing, are not in the perf JSON, as not in sysfs."""
        bbox = {b['box']: b for b in self.uncore['boxes']}['bbox']
        nsl = [e for e in bbox['events'] if 0x26 <= e['select']['code'] <= 0x2d]
        self.assertEqual(len(nsl), 8)
        self.assertFalse(any('subctl_dep' in e for e in nsl))
        ctl2 = [e for e in bbox['events'] if e.get('subctl_dep') == 'CTL2']
        self.assertEqual(len(ctl2), 12)
        c = [x for x in self.uncore['contradictions']
             if x['issue'] == 'subctl column']
        self.assertEqual(sorted(x['event'] for x in c),
                         sorted(e['name'] for e in nsl))
        gen = module('gen')
        src = gen.gen_source(self.core, self.uncore)
        flags = dict(re.findall(r'"(rbox\.\w+)",\s*([^}]*?)\s*\}', src))
        self.assertEqual(sorted(a for a, f in flags.items()
                                if 'IA64_UNC_NO_DEFAULT' in f),
                         ['rbox.eot_acc', 'rbox.eot_in'])
        js = {j['EventName'] for j in
              gen.perf_uncore(self.uncore)['uncore-rbox']}
        self.assertNotIn('rbox.eot_acc', js)
        self.assertNotIn('rbox.eot_in', js)
        self.assertIn('rbox.eot_ne', js)

    def test_generated(self):
        gen = module('gen')
        src = gen.gen_source(self.core, self.uncore)
        found = re.findall(r'^\t\{ \{ "([^"]+)", 0x([0-9a-f]+) \},\s+'
                           r'0x([0-9a-f]{2}), 0x([0-9a-f]), \d+, \w+,'
                           r'\n\t  ([^}]*) \},', src, re.M)
        rows = [(code, umask, alias, flags)
                for alias, _, code, umask, flags in found]
        expect = sum(1 + len(self.meaningful(e)) for e in self.events)
        self.assertEqual(len(rows), expect)
        for alias, config, code, umask, flags in found:
            self.assertRegex(alias, ALIAS_RE)
            self.assertEqual(int(config, 16),
                             int(code, 16) << 8 | int(umask, 16) << 16)
        by_alias = {r[2]: r for r in rows}
        self.assertIn('IA64_EV_PMD4_9', by_alias['er_reads'][3])
        self.assertNotIn('IA64_EV_OPC', by_alias['l2i_reads'][3])
        self.assertIn('IA64_EV_OPC', by_alias['l2d_insert_hits'][3])
        # IBR pairs from the 4.16 notes: 10 events on IBRP1, 4 on both.
        for alias in ('l1i_prefetches', 'l2i_prefetches',
                      'l1i_strm_prefetches', 'l2i_reads', 'l2i_spec_aborts'):
            self.assertIn('IA64_EV_IBRP1', by_alias[alias][3], alias)
        for alias in ('l1i_fills', 'isb_bunpairs_in', 'l1i_fetch_rab_hit',
                      'l1i_fetch_isb_hit'):
            self.assertIn('IA64_EV_IBRP0_1', by_alias[alias][3], alias)
        self.assertNotIn('IA64_EV_IBRP', by_alias['er_reads'][3])
        names = {e['name']: gen.ibrp_pairs(e) for e in self.events}
        self.assertEqual(sum(v == 'IA64_EV_IBRP1' for v in names.values()), 10)
        self.assertEqual(sum(v == 'IA64_EV_IBRP0_1' for v in names.values()), 4)
        metrics = gen.perf_metrics(self.core, {'metrics': self.metrics})
        self.assertEqual(len(metrics), 63)

    def test_json_compat(self):
        """perf finds the JSON by the PMUs' sysfs identifier: in sys/,
        every event and metric has the header's identifier as Compat, and
        each event the name of its PMU as Unit."""
        gen = module('gen')
        self.assertTrue(gen.JSON_DIR.endswith('/sys'))
        header = gen.gen_header(self.core, self.uncore)
        ident = re.search(r'^#define IA64_PMU_IDENTIFIER\t"([^"]+)"$',
                          header, re.M).group(1)
        self.assertEqual(ident, gen.IDENTIFIER)
        files = gen.perf_core(self.core)
        files.update(gen.perf_uncore(self.uncore))
        for name, evs in files.items():
            pmu = ('itanium9300_' + name[len('uncore-'):]
                   if name.startswith('uncore-') else 'itanium9300')
            for e in evs:
                self.assertEqual((e['Unit'], e['Compat']), (pmu, ident),
                                 e['EventName'])
        metrics = gen.perf_metrics(self.core, {'metrics': self.metrics})
        self.assertTrue(all(m['Compat'] == ident for m in metrics))

    def test_event_defines(self):
        gen = module('gen')
        header = gen.gen_header(self.core, self.uncore)
        defines = re.findall(r'^#define IA64_EVENT_(\w+)\t+'
                             r'IA64_CONFIG\(0x([0-9a-f]{2}), 0x([0-9a-f])\)$',
                             header, re.M)
        rows = gen.catalogue_rows(self.core)
        self.assertEqual(len(defines), len(rows))
        for (name, code, umask), (alias, c, u) in zip(defines, rows):
            self.assertEqual(name, alias.upper().replace('.', '_'))
            self.assertEqual((int(code, 16), int(umask, 16)), (c, u), alias)
        by_name = {n: (int(c, 16), int(u, 16)) for n, c, u in defines}
        self.assertEqual(by_name['CPU_OP_CYCLES_ALL'], (0x12, 0))
        self.assertEqual(by_name['L3_READS_ALL_MISS'], (0xdd, 0xe))

    def test_rows_by_config(self):
        gen = module('gen')
        rows = gen.catalogue_rows(self.core)
        order = gen.rows_by_config(self.core)
        keys = [rows[i][1:] for i in order]
        self.assertEqual(keys, sorted(set(keys)))
        self.assertEqual(len(keys), len({r[1:] for r in rows}))
        for i in order:
            self.assertEqual(i, rows.index(next(r for r in rows
                                                if r[1:] == rows[i][1:])))
        src = gen.gen_source(self.core, self.uncore)
        table = src.split('ia64_catalogue_sorted[IA64_CATALOGUE_SORTED_NR]'
                          ' = {')[1].split('};')[0]
        self.assertEqual([int(x) for x in re.findall(r'\d+', table)], order)

    def test_zbox_subctl_registers(self):
        gen = module('gen')
        src = gen.gen_source(self.core, self.uncore)
        rows = dict(re.findall(r'"(zbox\.\w+)",\s*([^}]*?)\s*\}', src))
        self.assertEqual(len(rows), 38)
        self.assertIn('IA64_UNC_SC_PLD', rows['zbox.pld_dram_ev'])
        self.assertIn('IA64_UNC_SC_ISS', rows['zbox.pld_dram_ev'])
        self.assertIn('IA64_UNC_SC_THR', rows['zbox.thr_tt_trp_dn_ev'])
        self.assertIn('IA64_UNC_SC_DSP', rows['zbox.dispq_cyc'])
        self.assertEqual(rows['zbox.cycles'], '0')
        for alias, flags in rows.items():
            self.assertEqual('IA64_UNC_SUBCTL' in flags,
                             'IA64_UNC_SC_' in flags, alias)

    def run_tool(self, name):
        return subprocess.run([sys.executable, os.path.join(IA64, name),
                               '--check'], cwd=REPO, capture_output=True,
                              text=True)

    @pmucat.needs_manual('itanium9300')
    def test_extract_check(self):
        r = self.run_tool('extract.py')
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_gen_check(self):
        r = self.run_tool('gen.py')
        self.assertEqual(r.returncode, 0, r.stderr)


if __name__ == '__main__':
    unittest.main()
