#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""POWER9 nest IMC catalogue (chapter 6): extract it, and generate from it.

  nest.py extract   read Table 6-10 (the default IMC groupings: offset,
                    event, group) and Tables 6-2..6-9 (the units' events,
                    descriptions and metric formulas) from the manual and
                    write nest.json, with descriptions chosen by the
                    families of nest-curation.json and the metrics
                    read from the formulas by its metric curation
  nest.py gen       from nest.json, write
                      drivers/perf/power9/p9-nest-catalogue.[ch]
                        (offsets, groups and sysfs names)
                      tools/perf/pmu-events/arch/powerpc/power9-nest/nest.json
                        (the same events with their descriptions)
                      .../power9-nest/metrics.json, metricgroups.json
                        (the metrics of Tables 6-2..6-9 and their groups)
  nest.py gen --check   write nothing; exit 1 if a generated file is stale

Table 6-10 gives each event's offset in a chip's in-memory counter area;
"Free" rows are unused slots and are not events.  Tables 6-2..6-9 name
events generically (PM_MCS_64B_RD_DISP, "on port n") while Table 6-10 names
each instance (PM_MCS01_64B_RD_DISP_PORT23), so every Table 6-10 name must
match one family of the curation, which says which unit table row its
description comes from, or gives one (with the reason) where no table has
the event.  An event no family matches, or that two families match, is an
error.

Metrics
  Every unit table row with a formula is a metric of nest.json "metrics",
  generated or left out with the reason.  Its name is the manual's (the
  text before "(unit)", lower case, blanks as "_"; Table 6-2 prints it
  with the formula: "name (unit) = formula"); its formula is read with
  identifiers split by line wrap joined ("PM_MCS_64B_RD_OR_W R_DISP").
  The curation's "metrics" entries, keyed "<table> <row>", override the
  name, unit or formula, set "instances" or omit the row, each with the
  reason.  A formula identifier is, in this order: a curated
  "formula_references" entry (it stands for a unit table row), a Table
  6-10 event, or a unit table row; a row stands for the Table 6-10 events
  of the families whose "row" it is (or "formula_row", for a family
  described otherwise).  Two shapes are known:
    (N / CYC) * RATE   RATE a curated clock rate (PB_Freq, ...) and CYC
                       an event counting that clock: N per second, written
                       N / duration_time (see the curation's notes)
    (N / CYC) * 100    a percentage of CYC, per instance (a link half):
                       the instances of N and CYC are paired by their
                       families' matches
  Anything else is an error.  A row's instances are summed (N is the sum of
  the row's events), or with "instances": "each" give one metric per
  instance, named by expanding the curated name with the numerator
  family's match.  A formula whose numerator has no Table 6-10 event is
  left out: the default IMC mode does not count it.  Metric groups are
  the curated "metric_groups", one per unit table.
"""

import argparse
import html
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import pmucat  # noqa: E402

NEST_JSON = os.path.join(HERE, 'nest.json')
CURATION_JSON = os.path.join(HERE, 'nest-curation.json')
C_FILE = os.path.join('drivers', 'perf', 'power9', 'p9-nest-catalogue.c')
H_FILE = os.path.join('drivers', 'perf', 'power9', 'p9-nest-catalogue.h')
PERF_DIR = os.path.join('tools', 'perf', 'pmu-events', 'arch', 'powerpc',
                        'power9-nest')
PERF_FILE = os.path.join(PERF_DIR, 'nest.json')
PERF_METRICS = os.path.join(PERF_DIR, 'metrics.json')
PERF_GROUPS = os.path.join(PERF_DIR, 'metricgroups.json')
TOOL = 'tools/pmu-events/power9/nest.py'
SOURCE = 'Tables 6-2 to 6-10 of the POWER9 PMU User\'s Guide'

TABLE_610 = re.compile(r'^Table 6-10\s*\. Nest Default IMC Groupings')
APPENDIX_A = re.compile(r'^# \*\*Appendix A\.')
ROW_610 = re.compile(r'^(0x[0-9A-Fa-f]+)\t([^\t]+?)\s*(?:\t(G\d+))?\s*$')
UNIT_START = re.compile(r'^#### 6\.2\.2 ')
UNIT_END = re.compile(r'^# 6\.3 Nest IMC Events Grouping')
UNIT_HEADER = re.compile(r'^Event( Name)?\tDescription|^Event Name\tEvent '
                         r'Description')
# The unit tables' header rows in order; Table 6-4 has two sheets.
UNIT_TABLES = ['6-2', '6-3', '6-4', '6-4', '6-5', '6-6', '6-7', '6-8', '6-9']
NAME_RE = re.compile(r'^[A-Za-z][A-Za-z0-9_]*$')


class DataError(Exception):
    pass


def clean(text):
    """Drop the OCR's markup and line-wrap hyphens; squeeze spaces."""
    text = re.sub(r'</?[a-z]+>', '', text)
    text = re.sub(r'\$16 \\times 32\$', '16 x 32', text)
    text = html.unescape(text)
    text = re.sub(r'(\w)- (\w)', r'\1\2', text)
    text = re.sub(r'(\d) -byte', r'\1-byte', text)
    text = re.sub(r'\s+', ' ', text).strip()
    return re.sub(r'\s+([.,)])', r'\1', text)


def join_name(text):
    """'PM_PB_EVENT_GROUP_ PUMP' -> 'PM_PB_EVENT_GROUP_PUMP'."""
    return re.sub(r'\s+', '', text)


def read_610(lines):
    start = next(i for i, l in enumerate(lines) if TABLE_610.match(l))
    end = next(i for i in range(start, len(lines)) if APPENDIX_A.match(lines[i]))
    rows, group = [], None
    for line in lines[start:end]:
        m = ROW_610.match(line)
        if not m:
            continue
        if m.group(3):
            group = m.group(3)
        if group is None:
            raise DataError('Table 6-10 row before any group: %r' % line)
        rows.append({'offset': int(m.group(1), 16),
                     'name': join_name(m.group(2)), 'group': group})
    return rows


def read_unit_tables(lines):
    start = next(i for i, l in enumerate(lines) if UNIT_START.match(l))
    end = next(i for i in range(start, len(lines)) if UNIT_END.match(lines[i]))
    rows, header = [], -1
    for line in lines[start:end]:
        if UNIT_HEADER.match(line):
            header += 1
            continue
        if header < 0 or '\t' not in line:
            continue
        cells = line.split('\t')
        if not (cells[0].startswith('PM_') or cells[0] == 'Xlink cycles'):
            continue
        cells += [''] * (5 - len(cells))
        if header >= len(UNIT_TABLES):
            raise DataError('more unit tables than expected: %r' % line)
        rows.append({'table': UNIT_TABLES[header],
                     'name': join_name(cells[0]) if cells[0] != 'Xlink cycles'
                     else 'Xlink cycles',
                     'description': clean(cells[1]),
                     'formula': clean(cells[2]),
                     'metric': clean(cells[3])})
    return rows


def describe(row, families, unit_rows):
    """The family of a Table 6-10 event, and its description."""
    hits = [f for f in families if re.fullmatch(f['pattern'], row['name'])]
    if len(hits) != 1:
        raise DataError('%s at 0x%x matches %d curation families'
                        % (row['name'], row['offset'], len(hits)))
    fam = hits[0]
    m = re.fullmatch(fam['pattern'], row['name'])
    if 'row' in fam:
        want = m.expand(fam['row'])
        src = [r for r in unit_rows if r['name'] == want]
        if not src:
            raise DataError('family %s: no unit table row %s'
                            % (fam['pattern'], want))
        text = src[0]['description']
        origin = 'Table %s %s' % (src[0]['table'], want)
    else:
        text = fam['description']
        origin = 'curation: ' + fam['why']
    if 'instance' in fam:
        text = '%s (%s).' % (text.rstrip('.'), m.expand(fam['instance']))
    return fam['unit'], text, origin


# Metrics

FORMULA_TOKEN = re.compile(r'\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|([-+*/()]))')
METRIC_NAME_RE = re.compile(r'^[a-z][a-z0-9_]*$')
# Units of the manual's metric names -> perf ScaleUnit.  Byte rates are
# shown in GB/s (10^9 bytes), as the manual labels them.
SCALE_UNITS = {'per sec': '1/sec', 'per second': '1/sec', 'gb/s': '1e-9GB/s',
               '%': '1%'}


def parse_formula(text):
    """Formula text -> expression tree of ('num', n), ('id', name) and
    (op, left, right); identifiers split by line wrap are joined."""
    text = re.sub(r'(?<=[A-Za-z0-9_])\s+(?=[A-Za-z0-9_])', '', text.strip())
    tokens, pos = [], 0
    while pos < len(text):
        m = FORMULA_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise DataError('unreadable formula %r' % text)
        pos = m.end()
        if m.group(1):
            tokens.append(('num', m.group(1)))
        elif m.group(2):
            tokens.append(('id', m.group(2)))
        else:
            tokens.append(('op', m.group(3)))
    tokens.append(('end', None))
    pos = 0

    def peek():
        return tokens[pos]

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def primary():
        kind, tok = take()
        if kind in ('num', 'id'):
            return (kind, tok)
        if (kind, tok) == ('op', '('):
            node = expr()
            if take() != ('op', ')'):
                raise DataError('unbalanced formula %r' % text)
            return node
        raise DataError('unreadable formula %r' % text)

    def term():
        node = primary()
        while peek() in (('op', '*'), ('op', '/')):
            node = (take()[1], node, primary())
        return node

    def expr():
        node = term()
        while peek() in (('op', '+'), ('op', '-')):
            node = (take()[1], node, term())
        return node

    tree = expr()
    if peek()[0] != 'end':
        raise DataError('unreadable formula %r' % text)
    return tree


def unparse(node):
    """Expression tree -> text, parenthesised where precedence needs it."""
    if node[0] in ('num', 'id'):
        return node[1]
    op, left, right = node
    prec = {'+': 1, '-': 1, '*': 2, '/': 2}

    def side(n, right_side):
        text = unparse(n)
        if n[0] in prec and (prec[n[0]] < prec[op] or
                             (right_side and prec[n[0]] == prec[op])):
            return '(%s)' % text
        return text
    return '%s %s %s' % (side(left, False), op, side(right, True))


def identifiers(node):
    if node[0] == 'id':
        return [node[1]]
    if node[0] == 'num':
        return []
    return identifiers(node[1]) + identifiers(node[2])


def substitute(node, values):
    """@node with each identifier replaced by the tree @values gives it."""
    if node[0] == 'id':
        return values[node[1]]
    if node[0] == 'num':
        return node
    return (node[0], substitute(node[1], values), substitute(node[2], values))


def sum_tree(names):
    """The tree of names[0] + names[1] + ..."""
    node = ('id', names[0])
    for name in names[1:]:
        node = ('+', node, ('id', name))
    return node


def family_rows(events, families):
    """{unit table row: [(event, family match groups)]} of Table 6-10."""
    rows = {}
    for e in events:
        for fam in families:
            m = re.fullmatch(fam['pattern'], e['name'])
            row = fam.get('row', fam.get('formula_row'))
            if m and row:
                rows.setdefault(m.expand(row), []).append(
                    (e['name'], m.groups()))
    return rows


def metric_name(text):
    """'mba read BW (GB/s)' -> ('mba_read_bw', 'GB/s')."""
    m = re.match(r'^(.*?)\s*(?:\(([^)]*)\))?\s*$', text)
    return re.sub(r'\s+', '_', m.group(1).strip()).lower(), m.group(2)


def build_metrics(events, unit_rows, cur):
    """The metrics of the unit tables' formulas: nest.json "metrics"."""
    names = {e['name'] for e in events}
    rows = family_rows(events, cur['families'])
    refs = cur.get('formula_references', {})
    rates = cur.get('clock_rates', {})
    groups = cur.get('metric_groups', {})
    fixes = cur.get('metrics', {})
    used = set()
    out = []

    def resolve(ident):
        """(row or event name, [(event, match groups)]) of an identifier."""
        if ident in refs:
            row = refs[ident]['row']
            return row, rows.get(row, [])
        if ident in names:
            return ident, [(ident, ())]
        if any(r['name'] == ident for r in unit_rows):
            return ident, rows.get(ident, [])
        raise DataError('formula identifier %s is no event, row or '
                        'reference' % ident)

    for r in unit_rows:
        if not r['formula']:
            continue
        key = '%s %s' % (r['table'], r['name'])
        fix = fixes.get(key, {})
        used.add(key)
        text, label = r['formula'], r['metric']
        if '=' in text:         # Table 6-2: "name (unit) = formula"
            label, text = (t.strip() for t in text.split('=', 1))
        name, unit = metric_name(label)
        rec = {'table': r['table'], 'row': r['name'], 'manual_name': label,
               'manual_formula': r['formula']}
        name = fix.get('name', name)
        unit = fix.get('unit', unit or '').lower()
        if 'formula' in fix:
            text = fix['formula']
            rec['formula_read'] = text
        if fix.get('why'):
            rec['why'] = fix['why']
        if 'omit' in fix:
            out.append(dict(rec, name=name, left_out=fix['omit']))
            continue
        tree = parse_formula(text)
        shape = None
        if tree[0] == '*' and tree[1][0] == '/' and tree[2][0] in ('id',
                                                                   'num'):
            num, cyc, factor = tree[1][1], tree[1][2], tree[2]
            if cyc[0] == 'id' and factor[0] == 'id' and factor[1] in rates:
                shape = 'rate'
            elif cyc[0] == 'id' and factor == ('num', '100'):
                shape = 'percent'
        if shape is None:
            raise DataError('%s: formula %r has no known shape' % (key, text))
        cyc_row, cyc_events = resolve(cyc[1])
        if shape == 'rate' and cyc_row not in rates[factor[1]]['cycles']:
            raise DataError('%s: %s does not count at %s'
                            % (key, cyc[1], factor[1]))
        values, missing = {}, []
        for ident in identifiers(num):
            row, evs = resolve(ident)
            values[ident] = evs
            if not evs:
                missing.append(ident)
        if missing:
            out.append(dict(rec, name=name, left_out=(
                '%s: no Table 6-10 event; the default IMC mode does not '
                'count it' % ', '.join(missing))))
            continue
        if unit not in SCALE_UNITS:
            raise DataError('%s: unknown unit %r' % (key, unit))
        if r['table'] not in groups:
            raise DataError('%s: no metric group for Table %s'
                            % (key, r['table']))
        rec.update(group=groups[r['table']]['name'], unit=unit)
        desc = re.sub(r' on port n\.', '.', r['description'])
        sentences = re.split(r'(?<=\.) (?=[A-Za-z])', desc)
        base = sentences[0].rstrip('.')
        rest = ' '.join(sentences[1:])
        rest = rest[0].upper() + rest[1:] + ' ' if rest else ''
        read = 'Table %s: %s' % (r['table'], unparse(tree))
        if 'formula' in fix:
            read += ' (the manual prints %s)' % unparse(parse_formula(
                r['formula'].split('=', 1)[-1]))
        if shape == 'rate':
            # Each numerator identifier is the sum of its events;
            # count / CYC * RATE is the count per second.
            tree = ('/', substitute(num, {i: sum_tree([ev for ev, _ in v])
                                          for i, v in values.items()}),
                    ('id', 'duration_time'))
            evs = [ev for i in identifiers(num) for ev, _ in values[i]]
            what = 'in GB/s' if unit == 'gb/s' else 'per second'
            note = ('the cycles over %s are the time counted, so this is '
                    'per second of the measurement (duration_time)'
                    % factor[1])
            if len(evs) > len(set(identifiers(num))):
                note += ', summed over %s' % ', '.join(evs)
            out.append(dict(rec, name=name, formula=unparse(tree),
                            events=sorted(set(evs)),
                            description='%s, %s.' % (base, what),
                            public='%s%s: %s.' % (rest, read, note)))
            continue
        # A percentage of the cycles, one metric per instance.
        if fix.get('instances') != 'each' or len(values) != 1:
            raise DataError('%s: a percentage needs "instances": "each" '
                            'and one counted event' % key)
        ident, evs = next(iter(values.items()))
        cycles = {g: ev for ev, g in cyc_events}
        if sorted(cycles) != sorted(g for _, g in evs):
            raise DataError('%s: %s and %s have different instances'
                            % (key, ident, cyc[1]))
        for ev, g in evs:
            fam = [f for f in cur['families']
                   if re.fullmatch(f['pattern'], ev)][0]
            m = re.fullmatch(fam['pattern'], ev)
            tree = substitute(('*', ('/', num, cyc), ('num', '100')),
                              {ident: ('id', ev), cyc[1]: ('id', cycles[g])})
            out.append(dict(rec, name=m.expand(name).lower(),
                            instance=m.expand(fam['instance']),
                            formula=unparse(tree), events=[ev, cycles[g]],
                            description='%s (%s), in %% of its cycles.'
                            % (base, m.expand(fam['instance'])),
                            public='%s%s, for %s over %s.'
                            % (rest, read, ev, cycles[g])))
    for key in fixes:
        if key not in used:
            raise DataError('metric curation %s: no such formula row' % key)
    for ident in refs:
        if not any(ident in parse_formula_ids(r) for r in unit_rows):
            raise DataError('formula reference %s unused' % ident)
    made = [m['name'] for m in out if 'formula' in m]
    for n in made:
        if not METRIC_NAME_RE.match(n) or made.count(n) > 1:
            raise DataError('metric name %s invalid or listed twice' % n)
    return out


def parse_formula_ids(row):
    text = row['formula'].split('=', 1)[-1]
    return identifiers(parse_formula(text)) if text else []


def extract(lines, cur):
    rows = read_610(lines)
    unit_rows = read_unit_tables(lines)
    events, free, seen = [], [], {}
    for row in rows:
        if row['offset'] % 8:
            raise DataError('%s: offset 0x%x is not 8-byte aligned'
                            % (row['name'], row['offset']))
        if row['offset'] in seen:
            raise DataError('offset 0x%x listed twice' % row['offset'])
        seen[row['offset']] = row['name']
        if row['name'] == 'Free':
            free.append('0x%x' % row['offset'])
            continue
        name = cur.get('renames', {}).get(row['name'], {}).get('name',
                                                              row['name'])
        if not NAME_RE.match(name):
            raise DataError('bad event name %r' % name)
        unit, text, origin = describe(dict(row, name=name), cur['families'],
                                      unit_rows)
        ev = {'offset': '0x%x' % row['offset'], 'name': name,
              'group': row['group'], 'unit': unit, 'description': text,
              'description_from': origin}
        if name != row['name']:
            ev['manual_name'] = row['name']
            ev['why'] = cur['renames'][row['name']]['why']
        events.append(ev)
    names = [e['name'] for e in events]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise DataError('names listed twice: %s' % ', '.join(sorted(dup)))
    return {
        'source': SOURCE,
        'notes': cur['notes'],
        'events': events,
        'free': free,
        'unit_tables': unit_rows,
        'metric_groups': cur['metric_groups'],
        'metrics': build_metrics(events, unit_rows, cur),
    }


# Generation

def alias(name):
    return name.lower()


def gen_header(events):
    out = [pmucat.c_banner(SOURCE, TOOL, header=True)]
    out.append('''
#ifndef _P9_NEST_CATALOGUE_H
#define _P9_NEST_CATALOGUE_H

#include <linux/types.h>
#include <pmu-suite/events.h>

/* One event of the default IMC mode: a counter in a chip's IMC area. */
struct p9_nest_event {
	struct pmu_catalogue_entry entry;	/* events/ name, the offset */
	u16 offset;		/* byte offset in the chip's counter area */
	u8 group;		/* Table 6-10 group, G1-G7 */
};

#define P9_NEST_EVENTS_NR\t%d
/* Bytes of a chip's counter area that Table 6-10 covers. */
#define P9_NEST_AREA_SIZE\t0x%x

extern const struct p9_nest_event p9_nest_events[P9_NEST_EVENTS_NR];
%s
#endif /* _P9_NEST_CATALOGUE_H */
''' % (len(events), max(int(e['offset'], 16) for e in events) + 8,
       pmucat.events_decls(['p9_nest_event_attrs'])))
    return ''.join(out)


def gen_c(events):
    out = [pmucat.c_banner(SOURCE, TOOL)]
    out.append('#include <kunit/visibility.h>\n#include <linux/export.h>\n\n#include "p9-nest-catalogue.h"\n\n')
    out.append('const struct p9_nest_event p9_nest_events'
               '[P9_NEST_EVENTS_NR] = {\n')
    for e in sorted(events, key=lambda e: int(e['offset'], 16)):
        out.append('\t{ { %s, 0x%03x }, 0x%03x, %d },\n'
                   % (pmucat.c_string(alias(e['name'])), int(e['offset'], 16),
                      int(e['offset'], 16), int(e['group'][1:])))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(p9_nest_events);\n')
    out.append(pmucat.events_lists([(
        'p9_nest_event_attrs', 'PMU_UNCORE_EVENT',
        [(alias(e['name']), int(e['offset'], 16))
         for e in sorted(events, key=lambda e: int(e['offset'], 16))])]))
    return ''.join(out)


def perf_json(events):
    out = []
    for e in sorted(events, key=lambda e: int(e['offset'], 16)):
        brief = e['description'].split('. ')[0].rstrip('.')
        entry = {
            'EventName': e['name'],
            'EventCode': e['offset'],
            'BriefDescription': brief,
            'Unit': 'power9_nest',
            'PerPkg': '1',
        }
        if brief != e['description'].rstrip('.'):
            entry['PublicDescription'] = e['description']
        out.append(entry)
    return out


# An identifier of a metric's formula: an event, or duration_time.
METRIC_TOKEN_RE = re.compile(r'(?<![0-9.])[A-Za-z_][A-Za-z0-9_]*')


def perf_metrics(doc):
    """The generated metrics as perf JSON; events named with their PMU
    (power9_nest@PM_PB_CYC@), so that no other PMU's event of the same
    name is counted."""
    names = {e['name'] for e in doc['events']}
    out = []
    for m in doc['metrics']:
        if 'formula' not in m:
            continue

        def qualify(match):
            tok = match.group(0)
            if tok == 'duration_time':
                return tok
            if tok not in names:
                raise DataError('metric %s: %s is not a power9_nest event'
                                % (m['name'], tok))
            return 'power9_nest@%s@' % tok
        out.append({
            'MetricName': m['name'],
            'MetricExpr': METRIC_TOKEN_RE.sub(qualify, m['formula']),
            'MetricGroup': m['group'],
            'BriefDescription': m['description'],
            'PublicDescription': m['public'],
            'ScaleUnit': SCALE_UNITS[m['unit']],
        })
    return out


def perf_metric_groups(doc, metrics):
    """metricgroups.json: the description of each group that has metrics."""
    have = {m['MetricGroup'] for m in metrics}
    return {g['name']: g['description']
            for _, g in sorted(doc['metric_groups'].items())
            if g['name'] in have}


def generate(doc):
    events = doc['events']
    metrics = perf_metrics(doc)
    return {
        H_FILE: gen_header(events),
        C_FILE: gen_c(events),
        PERF_FILE: pmucat.json_text(perf_json(events)),
        PERF_METRICS: pmucat.json_text(metrics),
        PERF_GROUPS: pmucat.json_text(perf_metric_groups(doc, metrics)),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('command', choices=['extract', 'gen'])
    ap.add_argument('--check', action='store_true',
                    help='write nothing; fail if an output is stale')
    args = ap.parse_args(argv)
    out = pmucat.Output(check=args.check)
    try:
        if args.command == 'extract':
            doc = extract(pmucat.read_manual_lines('power9'),
                          pmucat.load_json(CURATION_JSON))
            out.write(os.path.relpath(NEST_JSON, pmucat.REPO_ROOT),
                      pmucat.json_text(doc))
        else:
            for rel, text in sorted(generate(
                    pmucat.load_json(NEST_JSON)).items()):
                out.write(rel, text)
    except DataError as e:
        print('nest.py: %s' % e, file=sys.stderr)
        return 2
    return out.finish()


if __name__ == '__main__':
    sys.exit(main())
