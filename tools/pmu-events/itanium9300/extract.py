#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Extract the Itanium 9300 event catalogue from the reference manual.

The manual describes each core event up to three times: Table 4-44 (all
events ordered by code), the per-category tables of sections 4.3-4.14 and
the detailed event list of section 4.16 (with the unit-mask tables).  The
three disagree in places.  Every disagreement found here must be resolved
by an entry of curation.json, which carries the reason; an entry that no
longer matches a disagreement is an error, so curation cannot go stale.

Output (tools/pmu-events/itanium9300/):
  events.json   core events: code, unit masks, qualification, counters
  metrics.json  the derived monitors of chapter 4, resolved to events
  uncore.json   chapter 5 B-Box, R-Box and Z-Box events

  extract.py          write the files
  extract.py --check  fail if the committed files differ from what the
                      manual and curation.json produce
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import pmucat  # noqa: E402
import sources  # noqa: E402
import uncore  # noqa: E402
from ia64text import alias_ok, alias_of, clean, umask_bits  # noqa: E402

OUT_DIR = 'tools/pmu-events/itanium9300'
CURATION = os.path.join(HERE, 'curation.json')
FIELDS = ('codes', 'iar', 'dar', 'opc', 'max_inc', 'type')
TYPES = {'A': 'active', 'C': 'causal', 'F': 'floating', 'S': 'self-floating'}


class ExtractError(Exception):
    pass


class Curation:
    """curation.json; records which entries were applied."""

    SECTIONS = ('names', 'fields', 'umask_fixes', 'umask_table_owner',
                'shared_encodings', 'restrictions', 'sets', 'metrics',
                'categories', 'rule_exceptions',
                'aliases', 'uncore', 'uncore_subctl', 'uncore_mm')

    def __init__(self, path):
        self.data = pmucat.load_json(path)
        self.used = set()
        for key, entry in self.entries():
            if not entry.get('reason'):
                raise ExtractError('curation %s has no reason' % key)

    def entries(self):
        for sec in self.SECTIONS:
            for k, v in self.data.get(sec, {}).items():
                if sec == 'fields':
                    for f, fv in v.items():
                        yield '%s/%s/%s' % (sec, k, f), fv
                else:
                    yield '%s/%s' % (sec, k), v

    def get(self, sec, key, sub=None):
        v = self.data.get(sec, {}).get(key)
        if v is not None and sub is not None:
            v = v.get(sub)
        if v is not None:
            self.used.add('%s/%s' % (sec, key) +
                          ('/%s' % sub if sub is not None else ''))
        return v

    def unused(self):
        return [k for k, _ in self.entries() if k not in self.used]


# ------------------------------------------------------------------ names

class Names:
    """Canonical event names: Table 4-44 spellings, or curated ones."""

    def __init__(self, cur, t44):
        self.cur = cur
        self.seen = []
        self.canonical = set()
        for r in t44:
            self.canonical.add(self.map(r['name'], 'Table 4-44',
                                        strict=False))
        self.seen = []

    def map(self, name, where, strict=True):
        c = self.cur.get('names', name)
        if c is not None:
            self.seen.append({'variant': name, 'canonical': c['canonical'],
                              'where': where})
            return c['canonical']
        if strict and name not in self.canonical:
            raise ExtractError('%s: unknown event name %s: add it to '
                               'curation.json "names"' % (where, name))
        return name


# ------------------------------------------------------------ core events

def qual_from_raw(raw):
    """IAR/DAR/OPC readings such as 'Y/N/Y' or the misprinted 'YN/Y'."""
    letters = re.sub(r'[^YN]', '', raw or '')
    if len(letters) != 3:
        return None
    return [ch == 'Y' for ch in letters]


def norm_type(t):
    if t in (None, '', 'N/A'):
        return None
    if t not in TYPES:
        raise ExtractError('unknown event type %r' % t)
    return t


def readings_of(name, t44, lst, cats):
    """{field: [(source, value)]} for one event."""
    out = {f: [] for f in FIELDS}

    def add(src, row):
        for f in FIELDS:
            if f in row:
                v = row[f]
                if f == 'type':
                    v = norm_type(v)
                if f == 'codes' and not v:
                    v = None
                out[f].append((src, v))

    if t44:
        add('Table 4-44 line %d' % t44['line'], t44)
    if lst:
        row = dict(lst)
        if row.get('iar') is None:
            q = qual_from_raw(row.get('qual_raw'))
            if q:
                row['iar'], row['dar'], row['opc'] = q
        add('4.16 line %d' % lst['line'], row)
    for c in cats:
        add('%s line %d' % (c['table'], c['line']), c)
    return out


def resolve_fields(name, readings, cur, contradictions, filled):
    values = {}
    for f in FIELDS:
        rs = readings[f]
        known = [(s, v) for s, v in rs if v is not None]
        distinct = []
        for _, v in known:
            if v not in distinct:
                distinct.append(v)
        c = cur.get('fields', name, f)
        if len(distinct) > 1:
            if c is None:
                raise ExtractError(
                    '%s %s: sources disagree (%s): add curation.json '
                    '"fields"' % (name, f, '; '.join('%s: %r' % x
                                                     for x in known)))
            value = c['value']
            if value not in distinct:
                raise ExtractError('%s %s: curated value %r is none of the '
                                   'readings' % (name, f, value))
            contradictions.append({
                'event': name, 'field': f,
                'readings': [{'source': s, 'value': v} for s, v in rs],
                'resolved': value, 'reason': c['reason'],
            })
        else:
            if c is not None:
                raise ExtractError('%s %s: curated but the sources agree'
                                   % (name, f))
            value = distinct[0] if distinct else None
            missing = [s for s, v in rs if v is None]
            if missing and value is not None:
                filled.append({'event': name, 'field': f, 'value': value,
                               'blank_in': missing})
        values[f] = value
    return values


def read_counting_rules(lines):
    """Counter restrictions stated in section 3.3.3, with their lines."""
    i = sources.find(lines, r'^3\.3\.3 Performance Monitor Event Counting')
    j = sources.find(lines, r'^3\.3\.4 ', i)
    rules = {}
    for k in range(i, j):
        s = lines[k]
        m = re.search(r'ER/SI/L2D events can only be monitored using PMD.?4.?9',
                      clean(s))
        if m:
            nibbles = re.findall(r"'h([0-9a-f])x'", s)
            rules['pmd4_9_codes'] = {
                'nibbles': sorted(int(n, 16) for n in nibbles),
                'line': k + 1, 'text': clean(s)}
        if 'CYCLES_HALTED' in s and 'PMD' in s:
            rules['cycles_halted_pmd10'] = {'line': k + 1, 'text': clean(s)}
        if 'L1D events' in s and 'PMC5' in clean(s):
            rules['l1d_pmd5'] = {'line': k + 1, 'text': clean(s)}
        if 'L2D events' in s and 'PMC4' in clean(s):
            rules['l2d_pmc4_6'] = {'line': k + 1, 'text': clean(s)}
    for k in ('pmd4_9_codes', 'cycles_halted_pmd10', 'l1d_pmd5', 'l2d_pmc4_6'):
        if k not in rules:
            raise ExtractError('section 3.3.3 rule %s not found' % k)
    if rules['pmd4_9_codes']['nibbles'] != [8, 9, 10, 11, 14, 15]:
        raise ExtractError('section 3.3.3 code ranges changed')
    return rules


SET_TABLE_RE = re.compile(r'(L1D Cache|L2 Data Cache) Set (\d)')


def set_membership(cats, names):
    """L1D/L2D set of each event from the set tables (4-11..4-16, 4-21..4-29)."""
    sets = {}
    for c in cats:
        m = SET_TABLE_RE.search(c['category'])
        if not m or c['name'] == 'Not supported':
            continue
        kind = 'l1d' if m.group(1).startswith('L1D') else 'l2d'
        name = names.map(c['name'], '%s line %d' % (c['table'], c['line']))
        sets.setdefault(name, []).append(
            (kind, int(m.group(2)), '%s line %d' % (c['table'], c['line'])))
    return sets


def list_set(entry):
    """Set named by a 4.16 entry's category or notes."""
    found = set()
    cat = entry.get('category') or ''
    for m in SET_TABLE_RE.finditer(cat):
        found.add(('l1d' if m.group(1).startswith('L1D') else 'l2d',
                   int(m.group(2))))
    for n in entry['notes']:
        for m in re.finditer(r'restricted set (\d) (L1D|L2D)', n):
            found.add((m.group(2).lower(), int(m.group(1))))
    return found


def umask_rows(name, entry, cur, contradictions):
    """Unit-mask rows of an event's 4.16 table(s), with curated fixes."""
    rows = []
    tables = entry['umask_tables'] if entry else []
    fixes = cur.get('umask_fixes', name)
    fixed = set()
    for t in tables:
        for r in t['rows']:
            r = dict(r)
            r['table'] = t['table']
            key = r['extension'] if r['extension'] != '---' else r['bits']
            if fixes and key in fixes['rows']:
                new = fixes['rows'][key]
                b = umask_bits(new)
                contradictions.append({
                    'event': name, 'field': 'umask %s' % key,
                    'readings': [{'source': '%s line %d' % (t['table'],
                                                            r['line']),
                                  'value': r['bits']}],
                    'resolved': new, 'reason': fixes['reason']})
                r['bits'] = new
                r['value'], r['care'], r['last'] = b
                fixed.add(key)
            rows.append(r)
    if fixes and set(fixes['rows']) - fixed:
        raise ExtractError('%s: umask fixes for unknown rows %s'
                           % (name, sorted(set(fixes['rows']) - fixed)))
    out = []
    seen = {}
    for r in rows:
        reserved = r['extension'] in ('---', 'NONE', 'ILLEGAL') or \
            r['description'].startswith('(*')
        if r['last'] is not None and r['last'] < r['value']:
            raise ExtractError('%s %s: reversed range %s: curate it'
                               % (name, r['table'], r['bits']))
        u = {
            'name': r['extension'],
            'umask': r['value'],
            'bits': r['bits'],
            'description': r['description'],
            'source': '%s line %d' % (r['table'], r['line']),
        }
        if r['last'] is not None:
            u['umask_last'] = r['last']
        if reserved:
            u['reserved'] = True
        else:
            if r['value'] in seen:
                raise ExtractError('%s: umask %s used by %s and %s: curate '
                                   'it' % (name, r['bits'], seen[r['value']],
                                           r['extension']))
            seen[r['value']] = r['extension']
        out.append(u)
    return out


def check_table_owner(name, entry, names, cur, contradictions):
    for t in entry['umask_tables'] if entry else []:
        owners = {names.map(x, t['table'] + ' title') for x in t['titles']}
        if owners != {name}:
            c = cur.get('umask_table_owner', t['table'])
            if c is None or c['event'] != name:
                raise ExtractError('%s titled %s follows the %s entry: '
                                   'curate the owner'
                                   % (t['table'], t['titles'], name))
            contradictions.append({
                'event': name, 'field': 'unit-mask table',
                'readings': [{'source': t['table'] + ' title', 'value': x}
                             for x in t['titles']],
                'resolved': name, 'reason': c['reason']})


def default_umask(umasks):
    good = [u for u in umasks if not u.get('reserved')]
    if not good:
        return None
    for u in good:
        if u['name'] in ('ALL', 'ALL.ALL', 'ALL.ALL_PRED', 'THIS'):
            return u
    for u in good:
        if u['umask'] == 0:
            return u
    return good[0]


def extract_core(lines, cur):
    t44 = sources.read_code_table(lines)
    lst = sources.read_event_list(lines)
    cats = sources.read_category_tables(lines)
    rules = read_counting_rules(lines)
    names = Names(cur, t44)

    by_t44 = {}
    for r in t44:
        n = names.map(r['name'], 'Table 4-44 line %d' % r['line'])
        if n in by_t44:
            raise ExtractError('%s twice in Table 4-44' % n)
        by_t44[n] = r
    by_list = {}
    for e in lst:
        n = names.map(e['name'], '4.16 line %d' % e['line'])
        if n in by_list:
            raise ExtractError('%s twice in 4.16' % n)
        by_list[n] = e
    by_cat = {}
    for c in cats:
        if c['name'] == 'Not supported':
            continue
        n = names.map(c['name'], '%s line %d' % (c['table'], c['line']))
        by_cat.setdefault(n, []).append(c)
    extra = (set(by_list) | set(by_cat)) - set(by_t44)
    if extra:
        raise ExtractError('events outside Table 4-44: %s' % sorted(extra))
    sets = set_membership(cats, names)

    contradictions = []
    filled = []
    events = []
    for name in sorted(by_t44, key=lambda n: (by_t44[n]['codes'][0], n)):
        r44 = by_t44[name]
        e16 = by_list.get(name)
        vals = resolve_fields(name, readings_of(name, r44, e16,
                                                by_cat.get(name, [])),
                              cur, contradictions, filled)
        check_table_owner(name, e16, names, cur, contradictions)
        umasks = umask_rows(name, e16, cur, contradictions)
        ev = {
            'name': name,
            'code': vals['codes'][0],
        }
        if len(vals['codes']) > 1:
            ev['alt_codes'] = vals['codes'][1:]
        ev.update({
            'iar': vals['iar'], 'dar': vals['dar'], 'opc': vals['opc'],
            'max_inc': vals['max_inc'],
            'type': vals['type'],
            'description': r44['desc'],
        })
        if e16:
            ev['title'] = e16.get('title')
            ev['category'] = e16.get('category')
            ev['definition'] = e16.get('definition')
            if e16['notes']:
                ev['notes'] = e16['notes']
        elif name in by_cat:
            ev['category'] = by_cat[name][0]['category']
        else:
            c = cur.get('categories', name)
            if c is None:
                raise ExtractError('%s is only in Table 4-44: curate its '
                                   'category' % name)
            ev['category'] = c['category']
            ev['category_curated'] = c['reason']
        ev['sources'] = (['Table 4-44 line %d' % r44['line']] +
                         (['4.16 line %d' % e16['line']] if e16 else []) +
                         ['%s line %d' % (c['table'], c['line'])
                          for c in by_cat.get(name, [])])
        if e16 is None:
            ev['not_in_event_list'] = True
        if umasks:
            ev['umasks'] = umasks
            d = default_umask(umasks)
            if d:
                ev['default_umask'] = d['name']
        ev['counters'] = counters(name, ev, e16, sets.get(name, []),
                                  by_cat.get(name, []), rules, cur,
                                  contradictions)
        events.append(ev)

    shared_encodings(events, cur, contradictions)
    check_text_rules(lines, events, cur, contradictions)
    assign_aliases(events, cur)
    return {
        'manual': 'Intel Itanium Processor 9300 Series Reference Manual for '
                  'Software Development and Optimization, chapters 3-4',
        'config': 'event code in config bits 8-15 (PMC.es), unit mask in '
                  'config bits 16-19 (PMC.umask), as in the PMC layout',
        'counting_rules': rules,
        'name_variants': dedupe(names.seen),
        'contradictions': contradictions,
        'filled_blanks': filled,
        'events': events,
    }, names


TEXT_RULES = [
    # (rule, section heading, sentence, event name prefixes, fields)
    ('4.8.1', r'^4\.8\.1 L1 Instruction Cache',
     r'can be qualified by the instruction address range check, but not by '
     r'the opcode matcher', ('L1I_', 'L2I_', 'ISB_'), ('opc',)),
    ('4.11.2', r'^4\.11\.2 Core Protocol Engine',
     r'does not support the IAR, DAR, or OPC fields', ('CPE_',),
     ('iar', 'dar', 'opc')),
]


def check_text_rules(lines, events, cur, contradictions):
    """Qualification rules stated in the text hold for every event they
    cover, or the exception is curated."""
    for rule, head, sentence, prefixes, fields in TEXT_RULES:
        i = sources.find(lines, head)
        if not any(re.search(sentence, clean(lines[k]))
                   for k in range(i, min(i + 12, len(lines)))):
            raise ExtractError('section %s rule text not found' % rule)
        for e in events:
            if not e['name'].startswith(prefixes):
                continue
            bad = [f for f in fields if e[f]]
            if not bad:
                continue
            c = cur.get('rule_exceptions', e['name'])
            if c is None or c['rule'] != rule:
                raise ExtractError('%s has %s set against section %s: curate'
                                   ' "rule_exceptions"' % (e['name'], bad,
                                                           rule))
            contradictions.append({
                'event': e['name'], 'field': 'section %s rule' % rule,
                'readings': [{'source': 'section %s' % rule,
                              'value': '%s not supported' % '/'.join(bad)},
                             {'source': 'event tables', 'value': 'Y'}],
                'resolved': 'Y (tables kept)', 'reason': c['reason']})


def dedupe(items):
    out = []
    for i in items:
        if i not in out:
            out.append(i)
    return out


def counters(name, ev, e16, set_rows, cat_rows, rules, cur, contradictions):
    """Counter restrictions of one event."""
    c = {}
    reasons = []
    nib = ev['code'] >> 4
    if nib in rules['pmd4_9_codes']['nibbles']:
        c['pmds'] = 'PMD4-9'
        reasons.append('section 3.3.3 line %d (code 0x%xx)'
                       % (rules['pmd4_9_codes']['line'], nib))
    rr = e16.get('register_restrictions') if e16 else None
    if rr:
        if rr != list(range(4, 10)):
            raise ExtractError('%s: unexpected register restriction %s'
                               % (name, rr))
        c['pmds'] = 'PMD4-9'
        reasons.append('4.16 line %d Register Restrictions' % e16['line'])
    if name == 'CPU_OP_CYCLES_HALTED':
        # Section 3.3.3 restricts "CYCLES_HALTED" to PMD10.
        r = cur.get('restrictions', name)
        if r is None:
            raise ExtractError('%s: section 3.3.3 says PMD10 only: curate'
                               % name)
        contradictions.append({
            'event': name, 'field': 'counters',
            'readings': [{'source': 'section 3.3.3 line %d'
                          % rules['cycles_halted_pmd10']['line'],
                          'value': 'PMD10'},
                         {'source': '4.16 line %d' % e16['line'],
                          'value': 'any'}],
            'resolved': r['pmds'], 'reason': r['reason']})
        if r['pmds'] != 'any':
            c['pmds'] = r['pmds']
    if ev['type'] in ('C', 'F', 'S') and name != 'CPU_OP_CYCLES':
        c['duplicated_counters'] = True     # section 4.2.1
    table_sets = {(k, n) for k, n, _ in set_rows}
    listed = list_set(e16) if e16 else set()
    both = table_sets | listed
    if table_sets != listed and both:
        r = cur.get('sets', name)
        if r is None:
            raise ExtractError('%s: set tables say %s, 4.16 says %s: curate'
                               % (name, sorted(table_sets), sorted(listed)))
        both = {(r['kind'], r['set'])} if r.get('set') is not None else set()
        contradictions.append({
            'event': name, 'field': 'set',
            'readings': [{'source': s, 'value': '%s set %d' % (k, n)}
                         for k, n, s in set_rows] +
                        [{'source': '4.16 line %d' % e16['line'],
                          'value': '%s set %d' % x} for x in sorted(listed)],
            'resolved': ('%s set %d' % (r['kind'], r['set'])
                         if r.get('set') is not None else 'none'),
            'reason': r['reason']})
    if len(both) > 1:
        raise ExtractError('%s in several sets: %s' % (name, sorted(both)))
    for kind, n in both:
        if kind == 'l1d':
            c['l1d_set'] = n
            reasons.append('L1D set %d: one event of the set in PMD5 '
                           '(section 4.8.2)' % n)
        else:
            c['l2d_set'] = n
            reasons.append('L2D set %d: one event of the set in PMC4 or '
                           'PMC6 (section 4.8.4)' % n)
    for row in cat_rows:
        if row.get('all_capable'):
            c['all_capable'] = {'Y': 'yes', 'N': 'no',
                                'Y/N': 'umask dependent'}[row['all_capable']]
    notes = e16['notes'] if e16 else []
    if any(re.search(r'not \.all capable', n) for n in notes):
        c.setdefault('all_capable', 'no')
    if any(re.search(r'\.all field is ignored', n) for n in notes):
        c['all_capable'] = 'ignored: counts both threads'
    if reasons:
        c['why'] = reasons
    return c


def shared_encodings(events, cur, contradictions):
    """(code, umask) pairs named by more than one event."""
    enc = {}
    for e in events:
        codes = [e['code']] + e.get('alt_codes', [])
        ums = [u['umask'] for u in e.get('umasks', [])
               if not u.get('reserved')] or [0]
        for c in codes:
            for u in ums:
                enc.setdefault((c, u), []).append(e['name'])
    for (c, u), ns in sorted(enc.items()):
        if len(ns) < 2:
            continue
        for n in ns:
            s = cur.get('shared_encodings', n)
            if s and s['same_as'] in ns and int(s['code'], 16) == c \
                    and s['umask'] == u:
                ev = [e for e in events if e['name'] == n][0]
                ev['same_encoding_as'] = '%s umask %d' % (s['same_as'], u)
                contradictions.append({
                    'event': n, 'field': 'encoding',
                    'readings': [{'source': 'code', 'value': '0x%02x umask %d'
                                  % (c, u)}],
                    'resolved': 'same counter as %s' % s['same_as'],
                    'reason': s['reason']})
                break
        else:
            raise ExtractError('code 0x%02x umask %d used by %s: curate '
                               '"shared_encodings"' % (c, u, ', '.join(ns)))


def assign_aliases(events, cur):
    used = {}
    for e in events:
        e['alias'] = alias_of(e['name'])
        for u in e.get('umasks', []):
            if u.get('reserved'):
                continue
            key = '%s.%s' % (e['name'], u['name'])
            c = cur.get('aliases', key)
            u['alias'] = c['alias'] if c else alias_of(key)
        for a in [e['alias']] + [u['alias'] for u in e.get('umasks', [])
                                 if 'alias' in u]:
            if not alias_ok(a):
                raise ExtractError('alias %r is not perf-lexer safe' % a)
            if a in used:
                raise ExtractError('alias %r for %s and %s' % (a, used[a],
                                                                e['name']))
            used[a] = e['name']


# ---------------------------------------------------------------- metrics

TERM_RE = re.compile(r'\b([A-Z][A-Z0-9_]*[A-Z0-9])((?:\.[A-Za-z][A-Za-z0-9_]*)*)'
                     r'(\.\[[^\]]*\])?')


def resolve_term(term, events, metrics, names):
    """Event reference of a metric term, or None."""
    base, _, ext = term.partition('.')
    if base in metrics and not ext:
        return {'metric': base}
    n = names.cur.data['names'].get(base)
    if n:
        names.cur.used.add('names/%s' % base)
        base = n['canonical']
    ev = events.get(base)
    if ev is None:
        return None
    good = [u for u in ev.get('umasks', []) if not u.get('reserved')]
    if not ext:
        if 'default_umask' in ev:
            return {'event': base, 'umask': ev['default_umask']}
        return {'event': base}
    for cand in (ext, ext + '.ALL'):
        for u in good:
            if u['name'].upper() == cand.upper():
                return {'event': base, 'umask': u['name']}
    return None


def extract_metrics(lines, cur, core, names):
    rows = sources.read_derived(lines)
    events = {e['name']: e for e in core['events']}
    metric_names = {r['name'] for r in rows}
    out = []
    for r in rows:
        eq = r['equation']
        fix = cur.get('metrics', r['name'])
        m = {
            'name': r['name'],
            'description': r['desc'],
            'equation_manual': eq,
            'source': '%s line %d' % (r['table'], r['line']),
            'category': r['category'],
        }
        if fix:
            if fix.get('equation_manual') != eq:
                raise ExtractError('metric %s: curation is for %r, the manual '
                                   'says %r' % (r['name'],
                                                fix.get('equation_manual'), eq))
            eq = fix['equation']
            m['curated'] = fix['reason']
        terms = []
        bad = []
        for t in TERM_RE.finditer(eq):
            term = t.group(1) + t.group(2)
            ref = resolve_term(term, events, metric_names, names)
            if ref is None:
                bad.append(term)
            elif ref.get('metric') == r['name'] and not ref.get('event'):
                bad.append(term)
            else:
                ref['term'] = term
                if ref not in terms:
                    terms.append(ref)
        if bad:
            raise ExtractError('metric %s (%s): unresolved %s: curate it'
                               % (r['name'], m['source'], ', '.join(bad)))
        if fix and eq == m['equation_manual']:
            raise ExtractError('metric %s curated without change' % r['name'])
        m['equation'] = eq
        m['terms'] = terms
        out.append(m)
    return {'manual': 'Derived Monitors tables of chapter 4',
            'metrics': out}


# ----------------------------------------------------------------- main

def extract(lines=None):
    if lines is None:
        lines = pmucat.read_manual_lines('itanium9300')
    cur = Curation(CURATION)
    core, names = extract_core(lines, cur)
    metrics = extract_metrics(lines, cur, core, names)
    unc = uncore.extract_uncore(lines, cur, ExtractError)
    unused = cur.unused()
    if unused:
        raise ExtractError('curation entries not used: %s'
                           % ', '.join(unused))
    return core, metrics, unc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='compare with the committed files instead of writing')
    args = ap.parse_args(argv)
    try:
        core, metrics, unc = extract()
    except (ExtractError, sources.SourceError) as e:
        print('extract: %s' % e, file=sys.stderr)
        return 2
    out = pmucat.Output(check=args.check)
    out.write(OUT_DIR + '/events.json', pmucat.json_text(core))
    out.write(OUT_DIR + '/metrics.json', pmucat.json_text(metrics))
    out.write(OUT_DIR + '/uncore.json', pmucat.json_text(unc))
    return out.finish()


if __name__ == '__main__':
    sys.exit(main())
