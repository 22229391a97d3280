# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the POWER9 core PMU catalogue (tools/pmu-events/power9)."""

import copy
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

TESTS = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(TESTS)
P9 = os.path.join(TOOLS, 'power9')
REPO = os.path.dirname(os.path.dirname(TOOLS))
sys.path.insert(0, TOOLS)
sys.path.insert(0, P9)

import pmucat  # noqa: E402

# Known counts of the manual (see the notes of the data files).
EVENT_CODES = 1157
METRICS = 336
GROUPS = 252

NAME_RE = re.compile(r'^PM_[A-Z0-9]+(?:_[A-Z0-9]+)*$')
PERF_NAME_RE = re.compile(r'^[a-z][a-z0-9_.-]*$')
CATEGORY_TABLES = {
    'ifu': '5-1', 'branch': '5-2', 'isu': '5-3', 'vsu': '5-4', 'lsu': '5-5',
    'data_source': '5-6', 'translation': '5-7', 'radix': '5-8', 'l2': '5-9',
    'l3': '5-10', 'cpi_stack': '5-12', 'marked': '5-13', 'mmu': '5-14',
    'tm': '5-15', 'pmc': '5-16',
}
C_FILE = os.path.join(REPO, 'drivers', 'perf', 'power9', 'p9-catalogue.c')
PERF_DIR = os.path.join(REPO, 'tools', 'perf', 'pmu-events', 'arch',
                        'powerpc', 'power9-pmu')


def load(name):
    with open(os.path.join(P9, name), encoding='utf-8') as f:
        return json.load(f)


def module(name):
    """A tool of tools/pmu-events/power9, under a name private to POWER9."""
    key = 'p9_' + name
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            key, os.path.join(P9, name + '.py'))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[key] = mod
        spec.loader.exec_module(mod)
    return sys.modules[key]


def identifiers(formula):
    """Names in a formula (not the exponent of a number such as 1E-9)."""
    return re.findall(r'(?<![0-9.])[A-Za-z_][A-Za-z0-9_]*', formula)


class Data(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.events_doc = load('events.json')
        cls.metrics_doc = load('metrics.json')
        cls.groups_doc = load('groups.json')
        cls.curation = load('curation.json')
        cls.events = cls.events_doc['events']
        cls.by_code = {e['code']: e for e in cls.events}
        cls.names = {e['name'] for e in cls.events}
        cls.extract = module('extract')
        cls.gen = module('gen')


class Counts(Data):
    def test_event_codes(self):
        self.assertEqual(len(self.events), EVENT_CODES)
        self.assertEqual(len(self.by_code), EVENT_CODES)
        self.assertEqual(self.events_doc['count'], EVENT_CODES)

    def test_metrics(self):
        self.assertEqual(len(self.metrics_doc['metrics']), METRICS)
        self.assertEqual(len({m['name'] for m in self.metrics_doc['metrics']}),
                         METRICS)
        self.assertEqual(self.metrics_doc['count'], METRICS)

    def test_groups(self):
        groups = self.groups_doc['groups']
        self.assertEqual(len(groups), GROUPS)
        self.assertEqual([g['id'] for g in groups], list(range(GROUPS)))
        self.assertEqual(self.groups_doc['count'], GROUPS)

    def test_per_table(self):
        # Table 5-11 is a tree of names: it contributes no event.
        tables = {e['table'] for e in self.events}
        self.assertEqual(tables, set(CATEGORY_TABLES.values()))
        self.assertNotIn('5-11', tables)


class Events(Data):
    def test_codes_unique_and_sorted(self):
        codes = [e['code'] for e in self.events]
        self.assertEqual(len(codes), len(set(codes)))
        self.assertEqual(codes, sorted(codes, key=lambda c: int(c, 16)))
        for c in codes:
            self.assertRegex(c, r'^[0-9A-F]{10}$')

    def test_names_repaired(self):
        for e in self.events:
            self.assertRegex(e['name'], NAME_RE)
            self.assertNotIn(' ', e['name'])
            self.assertNotIn('.', e['name'])

    def test_pmc_field_matches_column(self):
        exceptions = self.curation.get('pmc_exceptions', {})
        for code, fix in exceptions.items():
            self.assertIn(code, self.by_code)
            self.assertTrue(fix.get('reason'))
        for e in self.events:
            if e['code'] not in exceptions:
                self.assertEqual(self.extract.pmc_field(e['code']), e['pmc'],
                                 e['code'])
            expected = 'PMC%d' % e['pmc'] if e['pmc'] else None
            if expected:
                self.assertEqual(e['pmc_column'], expected)
            else:
                self.assertIn(e['pmc_column'], ('Any PMC', 'Special'))
            self.assertIn(e['pmc'], range(0, 7))

    def test_categories(self):
        for e in self.events:
            self.assertEqual(CATEGORY_TABLES[e['category']], e['table'],
                             e['code'])
        self.assertEqual([c for c, _, _ in self.gen.CATEGORIES],
                         list(CATEGORY_TABLES))

    def test_repaired_rows(self):
        cases = {
            '0000010002': ('PM_INST_CMPL', 1, 'ifu'),
            '0000005888': ('PM_IC_INVALIDATE', 0, 'ifu'),        # 9 digits
            '0000014046': ('PM_INST_FROM_L31_SHR', 1, 'ifu'),    # L3.1_ SHR
            '0000034046': ('PM_INST_FROM_L21_SHR', 3, 'ifu'),    # L2.1_ SHR
            '000003504A': ('PM_IPTEG_FROM_RMEM', 3, 'translation'),
            '000003C046': ('PM_DATA_FROM_L21_SHR', 3, 'data_source'),  # РМСЗ
            '000004F05C': ('PM_RADIX_PWC_L2_PTE_FROM_L3MISS', 4, 'radix'),
            '0000008080': ('PM_RDXTLB_ANY_GST_ANY_HST_HITHIT', 0, 'mmu'),
            '00000400F4': ('PM_RUN_PURR', 4, 'pmc'),
            '000000E8B0': ('PM_TEND_PEND_CYC', 0, 'tm'),
        }
        for code, (name, pmc, cat) in cases.items():
            e = self.by_code[code]
            self.assertEqual((e['name'], e['pmc'], e['category']),
                             (name, pmc, cat))
        self.assertEqual(self.by_code['0000008080']['pmc_column'], 'Special')

    def test_descriptions_clean(self):
        for e in self.events:
            d = e['description']
            self.assertTrue(d, e['code'])
            self.assertNotRegex(d, r'[<>$\\{}]|underline')
            self.assertNotRegex(d, r'\s{2}')
            # A line-wrap hyphen left in place ("instruc- tion").
            self.assertNotRegex(d, r'[A-Za-z]- (?!and\b|or\b|to\b)', d)
        self.assertIn('instruction fetch.',
                      self.by_code['0000014050']['description'])
        self.assertIn('double-precision',
                      self.by_code['000001005C']['description'])
        self.assertIn('lwsync', self.by_code['0000005894']['description'])

    def test_code_layout(self):
        layout = self.events_doc['code_layout']
        self.assertEqual(layout['PMC']['ibm_bits'], '45:47')
        self.assertEqual(layout['PMC']['lsb0_bits'], [18, 16])
        self.assertEqual(layout['PMCxUNIT']['lsb0_bits'], [15, 12])
        self.assertEqual(layout['MARK']['lsb0_bits'], [8, 8])
        self.assertEqual(layout['PMCxSEL']['lsb0_bits'], [7, 0])
        self.assertEqual(self.extract.pmc_field('0000020002'), 2)
        self.assertEqual(self.extract.pmc_field('00000400F4'), 4)
        self.assertEqual(self.extract.pmc_field('000000E8B0'), 0)
        for e in self.events:
            self.assertEqual(int(e['code'], 16) & (1 << 19), 0)


class Aliases(Data):
    def test_unique_and_valid(self):
        aliases = self.gen.assign_aliases(self.events)
        self.assertEqual(set(aliases), set(self.by_code))
        self.assertEqual(len(set(aliases.values())), EVENT_CODES)
        for alias in aliases.values():
            self.assertRegex(alias, PERF_NAME_RE)

    def test_rule(self):
        aliases = self.gen.assign_aliases(self.events)
        self.assertEqual(aliases['0000010002'], 'pm_inst_cmpl')
        self.assertEqual(aliases['00000100FE'], 'pm_inst_cmpl_c100fe')
        self.assertEqual(aliases['0000020002'], 'pm_inst_cmpl_c20002')
        self.assertEqual(aliases['000001001E'], 'pm_cyc')
        self.assertEqual(aliases['000000D0A8'], 'pm_dslb_miss')
        self.assertEqual(aliases['0000010016'], 'pm_dslb_miss_c10016')
        by_name = {}
        for e in self.events:
            by_name.setdefault(e['name'], []).append(e)
        for name, evs in by_name.items():
            plain = [e for e in evs if aliases[e['code']] == name.lower()]
            self.assertEqual(len(plain), 1, name)
            first = min(evs, key=lambda e: (e['pmc'] != 0,
                                            int(e['code'], 16)))
            self.assertIs(plain[0], first)

    def test_c_table(self):
        with open(C_FILE, encoding='utf-8') as f:
            text = f.read()
        table = text.split('p9_catalogue[P9_CATALOGUE_NR] = {')[1].split('};')[0]
        codes = [int(c, 16) for c in re.findall(r'\.code = (0x[0-9a-f]+)',
                                                table)]
        aliases = re.findall(r'\.alias = "([^"]+)"', table)
        names = re.findall(r'\.name = "([^"]+)"', table)
        self.assertEqual(len(codes), EVENT_CODES)
        self.assertEqual(codes, sorted(codes))
        self.assertEqual(set(codes), {int(c, 16) for c in self.by_code})
        self.assertEqual(len(set(aliases)), EVENT_CODES)
        self.assertEqual(sorted(names), sorted(e['name'] for e in self.events))
        self.assertNotIn('Description', text)


class EventCodes(Data):
    def test_rule(self):
        codes = dict(self.gen.event_codes(self.events))
        self.assertEqual(set(codes), self.names)
        # Listed on each of PMC1-4: the any-PMC code.
        self.assertEqual(codes['PM_CYC'], 0x1e)
        self.assertEqual(codes['PM_INST_CMPL'], 0x2)
        # One PMC, or not all four: the lowest code.
        self.assertEqual(codes['PM_BR_MPRED_CMPL'], 0x400f6)
        self.assertEqual(codes['PM_RUN_CYC'], 0x200f4)
        self.assertEqual(codes['PM_MRK_INST_CMPL'], 0x401e0)
        # Selector 0 on each of PMC1-4 turns the counter off: code 0, the
        # only one (the generic event maps take 0 for "not counted").
        self.assertEqual([n for n, c in codes.items() if not c],
                         ['PM_SUSPENDED'])

    def test_c_header(self):
        with open(os.path.join(REPO, self.gen.H_FILE), encoding='utf-8') as f:
            text = f.read()
        defines = re.findall(r'^#define P9_(PM_[A-Z0-9_]+)\t+(0x[0-9a-f]+)$',
                             text, re.M)
        self.assertEqual([(n, int(c, 16)) for n, c in defines],
                         self.gen.event_codes(self.events))


class Alternatives(Data):
    def alternatives(self, restricted=()):
        return self.gen.alternatives(self.events, restricted)

    def test_sets(self):
        names = sorted({name for _, _, name in self.alternatives()})
        self.assertEqual(names, ['PM_BR_2PATH', 'PM_CYC', 'PM_INST_CMPL',
                                 'PM_INST_DISP', 'PM_LD_MISS_L1',
                                 'PM_SUSPENDED'])
        alts = {code: on_pmc for code, on_pmc, _ in self.alternatives()}
        self.assertEqual(alts[0x100f0], [0x1001e, 0x2001e, 0x3001e, 0x4001e])
        self.assertEqual(alts[0x3e054], [0, 0, 0x3e054, 0x400f0])
        self.assertEqual(sorted(alts), list(alts))

    def test_each_pmc_gets_the_names_lowest_code_there(self):
        for code, on_pmc, name in self.alternatives():
            lowest = {}
            for e in self.events:
                if e['name'] == name:
                    c = int(e['code'], 16)
                    pmc = (c >> 16) & 0xf
                    lowest[pmc] = min(lowest.get(pmc, c), c)
            self.assertEqual(on_pmc, [lowest.get(i + 1, 0) for i in range(4)],
                             hex(code))
            self.assertTrue(on_pmc[((code >> 16) & 0xf) - 1], hex(code))

    def test_exclusions(self):
        codes = {code for code, _, _ in self.alternatives()}
        # L2 bus sample points, any-PMC codes: never alternatives.
        self.assertNotIn(0x3608c, codes)
        self.assertNotIn(0x10016, codes)
        # A restricted code takes its whole name out.
        restricted = [(0x20036, 2, 2, 'PM_BR_2PATH')]
        codes = {code for code, _, _ in self.alternatives(restricted)}
        self.assertNotIn(0x40036, codes)
        self.assertIn(0x1001e, codes)


class Groups(Data):
    def test_codes_in_catalogue_and_names_agree(self):
        for g in self.groups_doc['groups']:
            self.assertRegex(g['name'], r'^pm_[a-z][a-z0-9_]*[a-z0-9]$')
            self.assertLessEqual(len(g['events']), 4)
            codes = [e['code'] for e in g['events']]
            self.assertEqual(len(codes), len(set(codes)), g['id'])
            for e in g['events']:
                self.assertIn(e['code'], self.by_code, g['id'])
                self.assertEqual(self.by_code[e['code']]['name'], e['name'])
                # Slots are in PMC order.
                self.assertIn(self.by_code[e['code']]['pmc'], (0, e['slot']))
            for x in g.get('excluded', []):
                self.assertTrue(x['reason'])
                self.assertNotIn(x['code'], self.by_code)

    def test_curated_groups(self):
        groups = {g['id']: g for g in self.groups_doc['groups']}
        self.assertEqual([e['code'] for e in groups[219]['events']],
                         ['0000003884', '0000003080', '0000003880',
                          '0000003084'])
        self.assertEqual(groups[7]['events'][3]['code'], '0000040000')
        self.assertEqual([e['code'] for e in groups[201]['events']],
                         ['0000010000', '0000020000', '0000030000',
                          '0000040000'])
        self.assertEqual(groups[203]['events'][3]['name'],
                         'PM_DERAT_MISS_16G_1G')
        self.assertEqual(groups[154]['name'], 'pm_l3_5')
        self.assertEqual(groups[171]['name'], 'pm_l3_22')
        self.assertEqual(groups[214]['name'], 'pm_tm_2')

    def test_c_groups(self):
        with open(C_FILE, encoding='utf-8') as f:
            text = f.read()
        table = text.split('p9_groups[] = {')[1].split('};\n')[0]
        rows = re.findall(r'\.id = (\d+), \.name = "([^"]+)", \.nr = (\d+),'
                          r'\s+\.codes = \{ ([^}]*) \}', table)
        self.assertEqual(len(rows), GROUPS)
        for (gid, name, nr, codes), g in zip(rows, self.groups_doc['groups']):
            codes = [int(c, 16) for c in codes.split(', ')]
            self.assertEqual((int(gid), name, int(nr)),
                             (g['id'], g['name'], len(g['events'])))
            self.assertEqual(codes, [int(e['code'], 16) for e in g['events']])


class Metrics(Data):
    def test_events_exist(self):
        exceptions = self.curation['formula_exceptions']
        everything = (self.metrics_doc['metrics']
                      + self.metrics_doc['auxiliary'])
        idents = {self.extract.metric_ident(m['name']) for m in everything}
        for m in everything:
            for ev in m['events']:
                self.assertIn(ev, self.names, m['name'])
            for x in m['unresolved']:
                self.assertIn(x, exceptions, m['name'])
                self.assertNotIn(x, self.names)
            for tok in identifiers(m['formula']):
                self.assertTrue(tok in self.names or tok in idents
                                or tok in exceptions,
                                '%s: %s' % (m['name'], tok))
        for name, x in exceptions.items():
            self.assertTrue(x['reason'], name)

    def test_listed_metrics(self):
        names = {m['name'] for m in self.metrics_doc['metrics']}
        for name in ('CPI', 'RUN_CPI', 'L2_ld_miss_frequency',
                     'L3_ld_hit_frequency', 'L2_Global_Pred_Correct(%)',
                     'dL1_Reload_FROM_L31_MOD(%)'):
            self.assertIn(name, names)
        for m in self.metrics_doc['metrics']:
            self.assertTrue(m['formula'], m['name'])
            self.assertTrue(m['listings'], m['name'])
            for listing in m['listings']:
                self.assertIn(listing['table'], ('5-17', '5-18', '5-19',
                                                 '5-20', '5-21', '5-22'))
        cpi = {m['name']: m for m in self.metrics_doc['metrics']}['CPI']
        self.assertEqual(cpi['formula'], 'PM_CYC / PM_INST_CMPL')

    def test_perf_metrics(self):
        event_names = set()
        for f in os.listdir(PERF_DIR):
            if f not in ('metrics.json', 'table-5-24.json'):
                with open(os.path.join(PERF_DIR, f), encoding='utf-8') as fp:
                    for e in json.load(fp):
                        self.assertEqual(e['Unit'], 'power9')
                        event_names.add(e['EventName'])
        self.assertEqual(len(event_names), EVENT_CODES)
        with open(os.path.join(PERF_DIR, 'metrics.json'),
                  encoding='utf-8') as f:
            metrics = json.load(f)
        metric_names = [m['MetricName'] for m in metrics]
        self.assertEqual(len(metric_names), len(set(metric_names)))
        # Events are named with their PMU (power9@NAME@, or PMC5's and
        # PMC6's raw codes), metrics bare.
        for m in metrics:
            expr = m['MetricExpr']
            for tok in re.findall(r'power9@([^@]+)@', expr):
                if tok not in ('event\\=0x500fa', 'event\\=0x600f4'):
                    self.assertIn(tok, event_names, m['MetricName'])
            for tok in identifiers(re.sub(r'power9@[^@]+@', '', expr)):
                self.assertIn(tok, metric_names, m['MetricName'])
        # A name with several codes gets the one that counts beside the
        # metric's other events: not two PMC1 codes for CPI.
        cpi = [m for m in metrics if m['MetricName'] == 'CPI'][0]
        self.assertEqual(cpi['MetricExpr'],
                         'power9@PM_CYC@ / power9@PM_INST_CMPL_C20002@')
        bru = [m for m in metrics if m['MetricName'] == 'BRU_STALL_CPI'][0]
        self.assertEqual(bru['MetricExpr'],
                         'power9@PM_CMPLU_STALL_BRU@ / power9@event\\=0x500fa@')
        self.assertIn('CPI', metric_names)
        self.assertNotIn('Avg_LMQ_Life_Time', metric_names)

    def test_table_5_24_metric_groups(self):
        aliases = {}
        for f in os.listdir(PERF_DIR):
            if f not in ('metrics.json', 'table-5-24.json'):
                with open(os.path.join(PERF_DIR, f), encoding='utf-8') as fp:
                    for e in json.load(fp):
                        aliases[e['EventName']] = int(e['EventCode'], 16)
        with open(os.path.join(PERF_DIR, 'table-5-24.json'),
                  encoding='utf-8') as f:
            metrics = json.load(f)
        by_group = {}
        for m in metrics:
            event = re.fullmatch(r'power9@([A-Z0-9_]+)@', m['MetricExpr'])
            self.assertIsNotNone(event, m['MetricName'])
            self.assertEqual(m['MetricName'], '%s.%s' % (
                m['MetricGroup'], event.group(1).lower()))
            by_group.setdefault(m['MetricGroup'], []).append(
                aliases[event.group(1)])
        groups = self.groups_doc['groups']
        self.assertEqual(len(by_group), len(groups))
        names = [g['name'] for g in groups]
        for g in groups:
            name = g['name']
            if names.count(name) > 1:
                name = '%s_%d' % (name, g['id'])
            self.assertEqual(by_group[name],
                             [int(e['code'], 16) for e in g['events']],
                             g['name'])


class Curation(Data):
    def test_every_entry_has_a_reason(self):
        def walk(node, path):
            if isinstance(node, dict):
                if 'reason' in node:
                    self.assertTrue(node['reason'].strip(), path)
                for k, v in node.items():
                    walk(v, path + '/' + k)

        for section in ('events', 'names', 'metrics', 'formula_references',
                        'formula_exceptions', 'pmc_exceptions'):
            for key, entry in self.curation.get(section, {}).items():
                self.assertTrue(entry.get('reason'), '%s/%s' % (section, key))
        for gid, entry in self.curation['groups'].items():
            self.assertTrue(entry.get('reason') or entry.get('slots'), gid)
            for slot, s in entry.get('slots', {}).items():
                self.assertTrue(s.get('reason'), '%s/%s' % (gid, slot))
        walk(self.curation, '')

    @pmucat.needs_manual('power9')
    def test_unrepaired_damage_is_reported(self):
        lines = pmucat.read_manual_lines('power9')
        _, _, _, problems = self.extract.extract(lines, self.curation)
        self.assertEqual(problems.items, [])
        cur = copy.deepcopy(self.curation)
        del cur['events']['000004F05C']
        del cur['groups']['219']
        _, _, _, problems = self.extract.extract(lines, cur)
        text = '\n'.join(problems.items)
        self.assertIn('unreadable event row', text)
        self.assertIn('PM_ISU1_ISS_HOLD_ALL', text)


class Repairs(Data):
    def test_rules(self):
        text = module('p9text')
        self.assertEqual(text.repair_name('PM_INST_FROM_L3.1_ ECO_SHR')[0],
                         'PM_INST_FROM_L31_ECO_SHR')
        self.assertEqual(text.repair_name('PM_IPTEG_FROM_RME M')[0],
                         'PM_IPTEG_FROM_RMEM')
        self.assertEqual(text.repair_code('000005888')[0], '0000005888')
        self.assertEqual(text.fold('РМСЗ'), 'PMC3')
        self.assertIsNone(text.resolve_confusable('PM_L0',
                                                  {'PM_I0', 'PM_10'}))
        self.assertIsNone(text.resolve_confusable('PM_XYZ', {'PM_ISYNC'}))
        self.assertEqual(text.resolve_confusable('PM_LSYNC', {'PM_ISYNC'}),
                         'PM_ISYNC')
        self.assertEqual(text.resolve_confusable('PM_CO_BUSY',
                                                 {'PM_C0_BUSY'}),
                         'PM_C0_BUSY')
        self.assertEqual(
            self.extract.repair_metric_name('L2_Id_miss_frequency'),
            'L2_ld_miss_frequency')
        toks = self.extract.tokenize_formula('PM_CMPLU_STALL_DP/PM_RUN_INST_ '
                                             'CMPL')
        self.assertEqual(self.extract.format_formula(toks),
                         'PM_CMPLU_STALL_DP / PM_RUN_INST_CMPL')


class Tools(unittest.TestCase):
    def run_tool(self, name):
        with tempfile.TemporaryDirectory() as tmp:
            return subprocess.run(
                [sys.executable, os.path.join(P9, name), '--check'],
                cwd=tmp, capture_output=True, text=True)

    @pmucat.needs_manual('power9')
    def test_extract_check(self):
        r = self.run_tool('extract.py')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, '')

    def test_gen_check(self):
        r = self.run_tool('gen.py')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, '')

    def test_gen_follows_data(self):
        gen = module('gen')
        with tempfile.TemporaryDirectory() as tmp:
            for f in ('events.json', 'metrics.json', 'groups.json',
                      'restrictions.json'):
                shutil.copy(os.path.join(P9, f), tmp)
            files = gen.generate(tmp)
            path = os.path.join(tmp, 'events.json')
            with open(path, encoding='utf-8') as f:
                doc = json.load(f)
            doc['events'][0]['name'] = 'PM_RENAMED'
            with open(path, 'w', encoding='utf-8') as f:
                f.write(pmucat.json_text(doc))
            changed = gen.generate(tmp)
        self.assertNotEqual(files[gen.C_FILE], changed[gen.C_FILE])
        with open(os.path.join(REPO, gen.C_FILE), encoding='utf-8') as f:
            self.assertEqual(f.read(), files[gen.C_FILE])


if __name__ == '__main__':
    unittest.main()
