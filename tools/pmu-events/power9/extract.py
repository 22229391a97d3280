#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Extract the POWER9 core PMU catalogue from the PMU User's Guide text.

Input is the OCR text of the OpenPOWER POWER9 Performance Monitor Unit
User's Guide (found through pmucat.manual_path('power9')).  Chapter 5 gives
the event tables 5-1..5-16, the metric lists 5-17..5-22, the metric formulas
of Table 5-23, the raw event coding of Figure 5-2 and the groups of Table
5-24.  The extractor parses them into raw records, repairs OCR damage by the
rules below, applies curation.json and writes events.json, metrics.json and
groups.json next to this file.  With --check it writes nothing and fails if
the committed files differ from what manual + curation produce.

Tables
  Rows are tab separated.  A table starts at a heading "Table 5-N" followed
  by the words of its title (so OCR debris such as "Table 5-15. (Oneer I
  010)" inside Table 5-13 is not a heading) and ends at the next heading or
  section heading; repeated "Sheet n of m" headings, headings printed after
  their sheet and repeated column headers are skipped.  Table 5-11 (CPI
  stack table) holds no event codes: it is the CPI tree of Figure 5-1 drawn
  as a table of names; its names are only checked against the catalogue.

OCR repair rules, applied to every row before curation
  codes       Homoglyphs folded; a code printed with fewer than 10 hex digits
              lost leading zeros ("000005888") and is zero-padded: codes are
              40-bit values printed as 10 digits, and every padded code agrees
              with the PMC column and with Table 5-24.
  PMC column  Homoglyphs folded ("РМСЗ" is PMC3); "PMCn" -> n, "Any PMC" and
              "Special" (the MMU events of Table 5-14) -> 0, meaning any PMC.
  names       Markup removed (<u>..</u>, <b>..</b>, $\\underline{..}$, "\\_");
              homoglyphs folded; fragments split by line wrap joined (event
              names never contain blanks: "PM_INST_FROM_L2_NO_ CONFLICT",
              "PM_IPTEG_FROM_RME M"); "L3.1"/"L2.1" -> "L31"/"L21" (the manual
              spells the other core's L3/L2 "L3.1" in tables and "L31" in
              formulas and groups); lower case -> upper case.  A name from
              Table 5-11, 5-23 or 5-24 that is not in the catalogue is matched
              against it with I/L/1 and O/0 confusions undone when exactly one
              substitution gives a catalogue name.
  metric names
              Homoglyphs folded ("СРІ" is CPI); blanks from line wrap removed
              where they sit inside a word, next to "_", "(", ")" or "%"
              ("dL1_Reload_FROM_L2_Rate( %)"); the word "Id" is the OCR reading
              of "ld" (load): "L2_Id_miss_frequency" -> "L2_ld_miss_frequency",
              and "AII" that of "All" ("FXU_AII_BUSY").
              A Table 5-23 row whose name cell also holds the description
              ("L2_Global_Pred_Correct(%) L2 global pump ...") is split where
              the leading words form a name listed in Tables 5-17..5-22.
  formulas    Homoglyphs folded, markup removed; two identifiers separated
              only by blanks are one identifier split by line wrap and are
              joined ("PM_RUN _INST_CMPL"); "1E- 9" -> "1E-9"; spacing is
              normalised (one blank around binary operators).
  descriptions
              Markup removed, also inline math ("$M = 0$"); blanks left by
              removed markup closed up; a line-wrap hyphen is undone
              ("instruc- tion" -> "instruction") unless the manual itself
              uses the hyphenated word elsewhere ("double- precision" ->
              "double-precision"); after a digit or next to a capital the
              hyphen stays and the blank goes ("64- bit", "I- cache", "XL-
              form"), except in "32- and 64-bit"; "RC/CO/SN/ SQ" closed up;
              misread mnemonics fixed ("Iwsync" -> "lwsync", "tibie" ->
              "tlbie", see p9text.DESCRIPTION_WORDS).
  groups      Group names are lower case: "I" -> "l" ("pm_I3_5" -> "pm_l3_5").
              A slot named RESERVED whose code is not in the catalogue is not
              an event: it is left out of the group's events and recorded
              under "excluded".

Anything these rules cannot repair (unreadable rows, names still invalid,
group slots whose code or name disagrees with the event tables, formula
identifiers that are neither events nor metrics) is reported on stderr and
makes the run fail, unless curation.json settles it.

Curation (curation.json, applied on top of the raw parse)
  Every entry carries a "reason" string.
  "notes"               {"events"|"metrics"|"groups": [text, ...]}: notes
                        copied into the data files.
  "events"              {code: {"name"?, "description"?, "description_fix"?:
                        [[old, new], ...], "reason"}}: overrides keyed by
                        the 10-digit code.  For a row the parser cannot
                        read, the code is salvaged from the row and the
                        entry supplies what is missing.
  "names"               {name: {"name", "reason"}}: a name used in Table 5-23
                        or 5-24 that stands for another catalogue name.
  "groups"              {id: {"name"?, "slots"?: {slot (1-4): {"code"? |
                        "exclude": true, "reason"}}, "reason"?}}: a slot
                        entry replaces the printed code (or accepts it) and
                        the slot takes the catalogue name of the code, or
                        leaves the slot out of the group's events.
  "metrics"             {metric name: {"formula"?, "description"?, "unit"?,
                        "reason"}}: overrides of Table 5-23 rows.
  "formula_references"  {identifier: {"metric", "reason"}}: an identifier in
                        a formula that stands for another metric.
  "formula_exceptions"  {identifier: {"reason"}}: identifiers in formulas
                        that are neither catalogue events nor metrics; a
                        metric using one cannot be computed by perf.
  "pmc_exceptions"      {code: {"reason"}}: events whose PMC column may
                        disagree with the PMC field of their code.

Event code layout (Figure 5-2; bits numbered 0..63 from the MSB, the tables
print the low 40 bits, IBM bits 24..63, as 10 hex digits).  In LSB-0 terms:
  PMC      IBM 45:47 -> [18:16]; IBM bit 44 ([19]) is reserved and zero in
           every code (0000020002 -> 2, 00000400F4 -> 4, 000000E8B0 -> 0:
           any PMC)
  unit     IBM 48:51 -> [15:12]      comb     IBM 52:53 -> [11:10]
  mark     IBM 55    -> [8]          pmcxsel  IBM 56:63 -> [7:0]
The bits are fields.json's, which the driver's masks are generated from;
check_code_layout() verifies them against the figure's rows.
"""

import argparse
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import pmucat  # noqa: E402
import p9text as manual  # noqa: E402

DATA_DIR = os.path.relpath(HERE, pmucat.REPO_ROOT)
EVENTS_JSON = os.path.join(DATA_DIR, 'events.json')
METRICS_JSON = os.path.join(DATA_DIR, 'metrics.json')
GROUPS_JSON = os.path.join(DATA_DIR, 'groups.json')
CURATION_JSON = os.path.join(HERE, 'curation.json')

PMC_CELL = re.compile(r'^(?:PMC([1-6])|(ANY PMC)|(SPECIAL))$')

FIELDS_JSON = os.path.join(HERE, 'fields.json')
# Figure 5-2 fields this tool relies on, by the figure's names: fields.json's
# format/ names of them (their bits are given LSB-0 there).
FIGURE_FIELDS = {
    'PMC': 'pmc',
    'PMCxUNIT': 'unit',
    'PMCxCOMB': 'comb',
    'MARK': 'mark',
    'PMCxSEL': 'pmcxsel',
}


def _code_fields():
    """{figure name: (IBM first bit, last bit)} from fields.json."""
    bits = pmucat.fields_of(pmucat.load_json(FIELDS_JSON))
    return {name: (63 - bits[f][0], 63 - bits[f][1])
            for name, f in FIGURE_FIELDS.items()}


CODE_FIELDS = _code_fields()
_PMC_HI, _PMC_LO = 63 - CODE_FIELDS['PMC'][0], 63 - CODE_FIELDS['PMC'][1]


def pmc_field(code):
    """PMC field of a 10-digit code (0 = any PMC)."""
    return (int(code, 16) >> _PMC_LO) & ((1 << (_PMC_HI - _PMC_LO + 1)) - 1)


class Problems:
    """Damage the rules could not repair and curation did not settle."""

    def __init__(self):
        self.items = []

    def add(self, where, text):
        self.items.append('%s: %s' % (where, text))


# --- events ----------------------------------------------------------------

def parse_events(tables, vocab, problems, curation):
    """Event rows of Tables 5-1..5-16 -> list of records in manual order."""
    cur = curation.get('events', {})
    events = []
    for tid, (_, kind, category) in manual.TABLES.items():
        if kind != 'events':
            continue
        for row in tables[tid]:
            c = row.cells
            m = PMC_CELL.match(re.sub(r'\s+', ' ', manual.fold(c[0]).upper()))
            if not m:
                continue        # column headers, rules, OCR debris
            pmc = int(m.group(1)) if m.group(1) else 0
            column = 'PMC%d' % pmc if pmc else (
                'Any PMC' if m.group(2) else 'Special')
            where = 'line %d (Table %s)' % (row.lineno, tid)
            code = None
            if len(c) >= 3:
                code, _ = manual.repair_code(c[1])
            if code is not None and len(c) >= 4:
                name, _ = manual.repair_name(c[2])
                desc = manual.clean_description(c[3], vocab)
            else:
                # Unreadable row: salvage the code, let curation complete it.
                found = re.findall(r'\b[0-9A-F]{9,10}\b',
                                   manual.fold(row.line))
                code = found[0].zfill(10) if found else None
                if code is None or code not in cur:
                    problems.add(where, 'unreadable event row: %r' % row.line)
                    continue
                name = None
                desc = None
                rest = [x for x in c[1:] if x and code not in x]
                if rest:
                    desc = manual.clean_description(rest[-1], vocab)
            events.append({
                'code': code,
                'name': name,
                'pmc': pmc,
                'pmc_column': column,
                'category': category,
                'table': tid,
                'description': desc,
                'line': row.lineno,
            })
    return events


def curate_events(events, curation, problems):
    cur = curation.get('events', {})
    seen = {}
    for ev in events:
        fix = cur.get(ev['code'])
        if fix:
            for key in ('name', 'description'):
                if key in fix:
                    ev[key] = fix[key]
            for old, new in fix.get('description_fix', []):
                if old not in (ev['description'] or ''):
                    problems.add('curation', '%s: %r not in description'
                                 % (ev['code'], old))
                ev['description'] = ev['description'].replace(old, new)
        where = 'line %d (Table %s)' % (ev['line'], ev['table'])
        if not ev['name'] or not manual.valid_name(ev['name']):
            problems.add(where, 'invalid event name %r' % ev['name'])
        if not ev['description']:
            problems.add(where, 'no description for %s' % ev['code'])
        if ev['code'] in seen:
            problems.add(where, 'code %s also on line %d'
                         % (ev['code'], seen[ev['code']]))
        seen[ev['code']] = ev['line']
        field = pmc_field(ev['code'])
        if field != ev['pmc'] and ev['code'] not in curation.get(
                'pmc_exceptions', {}):
            problems.add(where, 'code %s has PMC field %d, PMC column %s'
                         % (ev['code'], field, ev['pmc_column']))
        if int(ev['code'], 16) & (1 << 19):
            problems.add(where, 'reserved bit 19 set in %s' % ev['code'])
    for code in cur:
        if code not in seen:
            problems.add('curation', 'event %s not in the tables' % code)
    events.sort(key=lambda e: int(e['code'], 16))
    return events


def check_code_layout(rows, problems):
    """Compare CODE_FIELDS with the rows of Figure 5-2; return the layout."""
    found = {}
    reserved = set()
    for row in rows:
        c = row.cells
        m = re.fullmatch(r'(\d+)(?::(\d+))?', c[0]) if len(c) >= 2 else None
        if not m:
            continue
        first = int(m.group(1))
        last = int(m.group(2) or first)
        field = re.sub(r'\s+', '', c[1])
        if field == 'Reserved':
            reserved.update(range(first, last + 1))
        else:
            found[field] = (first, last)
    layout = {}
    for field, bits in CODE_FIELDS.items():
        if found.get(field) != bits:
            problems.add('Figure 5-2', 'field %s at %s, expected %s'
                         % (field, found.get(field), bits))
        layout[field] = {
            'ibm_bits': ('%d:%d' % bits) if bits[0] != bits[1]
                        else '%d' % bits[0],
            'lsb0_bits': [63 - bits[0], 63 - bits[1]],
        }
    if 44 not in reserved:
        problems.add('Figure 5-2', 'IBM bit 44 is not reserved')
    layout['PMC']['read_as'] = ('(code >> 16) & 0xf, bits [19:16]: bit 19 '
                                '(IBM bit 44) is reserved and zero in every '
                                'code')
    return layout


# --- metrics ---------------------------------------------------------------

METRIC_TABLES = [t for t, v in manual.TABLES.items() if v[1] == 'metric_list']


def repair_metric_name(text):
    """Metric name cell -> name (see the rules in the module docstring)."""
    t = manual.strip_markup(manual.fold(text)).strip()
    t = re.sub(r'\s*([_()%/])\s*', r'\1', t)
    t = re.sub(r'(?<=[A-Z0-9])\s+(?=[A-Z0-9])', '', t)
    t = re.sub(r'\s+', ' ', t)
    ocr = {'Id': 'ld', 'AII': 'All'}
    return '_'.join(ocr.get(w, w) for w in t.split('_'))


def metric_ident(name):
    """Identifier form of a metric name, as formulas refer to metrics."""
    t = name.replace('(%)', '')
    t = re.sub(r'[^A-Za-z0-9_]+', '_', t)
    return re.sub(r'_+', '_', t).strip('_')


def parse_metric_lists(tables, problems):
    """Tables 5-17..5-22 -> {name: [listing, ...]} in manual order."""
    listed = collections.OrderedDict()
    for tid in METRIC_TABLES:
        group = manual.TABLES[tid][2]
        for row in tables[tid]:
            c = row.cells
            if c[0] == 'Category' or set(c[0]) <= set('-'):
                continue
            if len(c) < 2 or not c[1]:
                continue        # heading debris ("10010 0 111 ( alonional)")
            if len(c) != 2:
                if any(x.strip('-') for x in c[1:]):
                    problems.add('line %d (Table %s)' % (row.lineno, tid),
                                 'unreadable metric row %r' % row.line)
                continue
            name = repair_metric_name(c[1])
            listed.setdefault(name, []).append({
                'table': tid, 'group': group,
                'category': re.sub(r'\s+', ' ', c[0])})
    return listed


TOKEN = re.compile(r'\s*(?:(\d+(?:\.\d+)?(?:[Ee]-?\d+)?)|'
                   r'([A-Za-z_][A-Za-z0-9_]*)|([-+*/()]))')


def tokenize_formula(text):
    """Formula text -> list of (kind, token), kind in num/ident/op; or None."""
    t = manual.strip_markup(manual.fold(text))
    t = re.sub(r'(\d[Ee])-\s+(\d)', r'\1-\2', t)
    t = re.sub(r'(?<=[A-Za-z0-9_])\s+(?=[A-Za-z0-9_])', '', t)
    out = []
    pos = 0
    t = t.strip()
    while pos < len(t):
        m = TOKEN.match(t, pos)
        if not m or m.end() == pos:
            return None
        pos = m.end()
        if m.group(1):
            out.append(('num', m.group(1)))
        elif m.group(2):
            out.append(('ident', m.group(2)))
        else:
            out.append(('op', m.group(3)))
    return out


def format_formula(tokens):
    text = ''
    for kind, tok in tokens:
        if kind == 'op' and tok in '+-*/':
            text += ' %s ' % tok
        else:
            text += tok
    return re.sub(r'\s+', ' ', text).strip()


def parse_formulas(tables, listed, vocab, problems):
    """Table 5-23 -> ordered {name: raw record}."""
    keys = {re.sub(r'\s+', '', n): n for n in listed}
    rows = collections.OrderedDict()
    for row in tables['5-23']:
        c = row.cells + [''] * 4
        where = 'line %d (Table 5-23)' % row.lineno
        if c[0] == 'Event Name' or set(''.join(c)) <= set('-| ·/'):
            continue
        name_cell, desc = c[0], c[1]
        if not desc and ' ' in name_cell.strip():
            words = name_cell.split()
            for k in range(1, len(words)):
                cand = repair_metric_name(''.join(words[:k]))
                if cand in listed:
                    name_cell, desc = cand, ' '.join(words[k:])
                    break
        name = repair_metric_name(name_cell)
        name = keys.get(re.sub(r'\s+', '', name), name)
        if not name or not c[2]:
            problems.add(where, 'unreadable formula row %r' % row.line)
            continue
        if name in rows:
            problems.add(where, 'metric %s defined twice' % name)
        rows[name] = {
            'name': name,
            'description': manual.clean_description(desc, vocab),
            'formula_text': c[2],
            'unit': c[3].strip() or None,
            'line': row.lineno,
        }
    return rows


def build_metrics(listed, formulas, catalogue_names, curation, problems):
    """Curated metric records: (listed metrics, auxiliary metrics)."""
    cur = curation.get('metrics', {})
    renames = curation.get('names', {})
    refs = curation.get('formula_references', {})
    exceptions = curation.get('formula_exceptions', {})
    for name in cur:
        if name not in formulas and name not in listed:
            problems.add('curation', 'metric %s not in the manual' % name)
    records = collections.OrderedDict()
    for name in list(listed) + [n for n in formulas if n not in listed]:
        raw = formulas.get(name)
        fix = cur.get(name, {})
        if raw is None and 'formula' not in fix:
            problems.add('Table 5-23', 'no formula for metric %s' % name)
            continue
        rec = {
            'name': name,
            'description': fix.get('description',
                                   raw['description'] if raw else ''),
            'formula': None,
            'unit': fix.get('unit', raw['unit'] if raw else None),
        }
        text = fix.get('formula', raw['formula_text'] if raw else '')
        tokens = tokenize_formula(text)
        if tokens is None:
            problems.add('metric %s' % name, 'unparsable formula %r' % text)
            continue
        rec['tokens'] = tokens
        records[name] = rec
    idents = {}
    for n in records:
        if metric_ident(n) in idents:
            problems.add('metric %s' % n, 'identifier %s also names %s'
                         % (metric_ident(n), idents[metric_ident(n)]))
        idents[metric_ident(n)] = n
    for name, rec in records.items():
        events, metrics, unknown = [], [], []
        out = []
        for kind, tok in rec.pop('tokens'):
            if kind == 'ident':
                if tok not in catalogue_names and tok in idents:
                    metrics.append(idents[tok])
                    tok = metric_ident(idents[tok])
                elif tok.startswith('PM_'):
                    ev = tok
                    if ev not in catalogue_names and ev in renames:
                        ev = renames[ev]['name']
                    if ev not in catalogue_names:
                        fixed = manual.resolve_confusable(ev, catalogue_names)
                        ev = fixed or ev
                    if ev not in catalogue_names and ev not in exceptions:
                        problems.add('metric %s' % name,
                                     'unknown event %s' % tok)
                    if ev in catalogue_names:
                        events.append(ev)
                    else:
                        unknown.append(ev)
                    tok = ev
                else:
                    ref = refs[tok]['metric'] if tok in refs else tok
                    if ref in idents:
                        metrics.append(idents[ref])
                        tok = metric_ident(idents[ref])
                    elif ref in exceptions:
                        unknown.append(ref)
                    else:
                        problems.add('metric %s' % name,
                                     'unknown identifier %s' % tok)
                        unknown.append(tok)
            out.append((kind, tok))
        rec['formula'] = format_formula(out)
        rec['events'] = sorted(set(events))
        rec['metrics'] = sorted(set(metrics))
        rec['unresolved'] = sorted(set(unknown))
        if name in listed:
            rec['listings'] = listed[name]
    for ident in exceptions:
        if not any(ident in r['unresolved'] for r in records.values()):
            problems.add('curation', 'formula exception %s unused' % ident)
    for ident in refs:
        if refs[ident]['metric'] not in idents:
            problems.add('curation', 'formula reference %s -> unknown %s'
                         % (ident, refs[ident]['metric']))
    listed_recs = [r for n, r in records.items() if n in listed]
    auxiliary = [r for n, r in records.items() if n not in listed]
    return listed_recs, auxiliary


# --- groups ----------------------------------------------------------------

def parse_groups(tables, problems):
    groups = []
    for row in tables['5-24']:
        c = row.cells
        if not re.fullmatch(r'\d+', c[0]):
            continue
        where = 'line %d (Table 5-24)' % row.lineno
        if len(c) != 4:
            problems.add(where, 'unreadable group row %r' % row.line)
            continue
        codes = c[2].split()
        names = c[3].split()
        if len(codes) != len(names):
            problems.add(where, '%d codes but %d names'
                         % (len(codes), len(names)))
        groups.append({
            'id': int(c[0]),
            'name': manual.fold(c[1]).replace('I', 'l'),
            'codes': codes,
            'names': names,
            'line': row.lineno,
        })
    return groups


def curate_groups(groups, events, curation, problems):
    by_code = {e['code']: e for e in events}
    names = {e['name'] for e in events}
    renames = curation.get('names', {})
    cur = curation.get('groups', {})
    out = []
    ids = set()
    for g in groups:
        where = 'group %d (line %d)' % (g['id'], g['line'])
        if g['id'] in ids:
            problems.add(where, 'group id used twice')
        ids.add(g['id'])
        fix = cur.get(str(g['id']), {})
        rec = {'id': g['id'], 'name': fix.get('name', g['name']),
               'events': [], 'excluded': []}
        if not re.fullmatch(r'pm_[a-z][a-z0-9_]*[a-z0-9]', rec['name']):
            problems.add(where, 'invalid group name %r' % rec['name'])
        slots = fix.get('slots', {})
        for i, (code_text, printed) in enumerate(zip(g['codes'], g['names']),
                                                 1):
            code, _ = manual.repair_code(code_text)
            sfix = slots.get(str(i))
            if printed == 'RESERVED':
                name = None
            else:
                name, _ = manual.repair_name(printed)
                if name not in names and name in renames:
                    name = renames[name]['name']
                if name not in names:
                    name = manual.resolve_confusable(name, names) or name
            if sfix and sfix.get('exclude'):
                rec['excluded'].append({'slot': i, 'code': code,
                                        'name': printed,
                                        'reason': sfix['reason']})
                continue
            if sfix and 'code' in sfix:
                code = sfix['code']
            ev = by_code.get(code) if code else None
            if ev is None:
                if name is None and not sfix:
                    rec['excluded'].append({
                        'slot': i, 'code': code, 'name': printed,
                        'reason': 'RESERVED in Table 5-24; the code is '
                                  'not in any event table'})
                    continue
                problems.add(where, 'slot %d: code %s (%s) not in the '
                             'catalogue' % (i, code_text, printed))
                continue
            if ev['name'] != name and not sfix:
                problems.add(where, 'slot %d: code %s is %s in the event '
                             'tables, %s here' % (i, code, ev['name'],
                                                  printed))
            if ev['pmc'] not in (0, i):
                problems.add(where, 'slot %d holds %s, a PMC%d event'
                             % (i, ev['name'], ev['pmc']))
            if any(e['code'] == code for e in rec['events']):
                problems.add(where, 'code %s twice' % code)
            rec['events'].append({'slot': i, 'code': code,
                                  'name': ev['name']})
        for s in slots:
            if not 1 <= int(s) <= len(g['codes']):
                problems.add('curation', 'group %d has no slot %s'
                             % (g['id'], s))
        if not rec['excluded']:
            del rec['excluded']
        out.append(rec)
    for gid in cur:
        if int(gid) not in ids:
            problems.add('curation', 'group %s not in Table 5-24' % gid)
    return out


# --- Table 5-11 --------------------------------------------------------------

def cpi_tree_names(rows, names):
    """Names of the CPI tree (Table 5-11): (found, unresolved).

    Cells of a row are merged when a name was split across cells (the next
    cell does not start a new name and holds no prose); "(PMCn)" notes are
    dropped; blanks between the words of "PM CMPLU STALL" become "_".
    """
    found, unresolved = set(), set()
    for row in rows:
        c = [re.sub(r'\(PMC\d\)?', '', manual.strip_markup(x)).strip()
             for x in row.cells]
        c = [re.sub(r'\s+', '_', x) if re.match(r'PM\s', x) else x
             for x in c if x]
        if any(re.search(r'\b[0-9A-F]{9,10}\b', x) for x in c):
            unresolved.add('event code in Table 5-11: %r' % row.line)
        merged = []
        for x in c:
            if (merged and merged[-1].startswith('PM')
                    and not x.startswith('PM') and ' ' not in x.strip()):
                merged[-1] = re.sub('__', '_', merged[-1] + x)
            else:
                merged.append(x)
        for x in merged:
            if not x.startswith('PM'):
                continue
            name, _ = manual.repair_name(x)
            if name not in names:
                name = manual.resolve_confusable(name, names) or name
            (found if name in names else unresolved).add(name)
    return sorted(found), sorted(unresolved)


# --- main --------------------------------------------------------------------

def extract(lines, curation):
    """Manual lines + curation -> (events, metrics, groups docs, problems)."""
    problems = Problems()
    start, end = manual.chapter5(lines)
    vocab = manual.Vocabulary(lines)
    tables = manual.table_rows(lines)
    layout = check_code_layout(tables['figure5-2'], problems)

    events = parse_events(tables, vocab, problems, curation)
    events = curate_events(events, curation, problems)
    names = {e['name'] for e in events}
    tree_found, tree_bad = cpi_tree_names(tables['5-11'], names)

    listed = parse_metric_lists(tables, problems)
    formulas = parse_formulas(tables, listed, vocab, problems)
    metrics, auxiliary = build_metrics(listed, formulas, names, curation,
                                     problems)

    groups = curate_groups(parse_groups(tables, problems), events, curation,
                           problems)

    notes = curation.get('notes', {})
    cat_counts = collections.Counter(e['table'] for e in events)
    ev_notes = list(notes.get('events', []))
    ev_notes.append('%d distinct event codes from Tables %s.' % (
        len(events), ', '.join('%s (%d)' % (t, n) for t, n in sorted(
            cat_counts.items(), key=lambda x: int(x[0].split('-')[1])))))
    ev_notes.append('Table 5-11 holds no event codes: it is the CPI tree of '
                    'Figure 5-1 drawn as a table of names. %d of its names '
                    'are catalogue events; fragments not recognised: %s.'
                    % (len(tree_found), ', '.join(tree_bad) or 'none'))
    events_doc = {
        'source': 'OpenPOWER POWER9 Performance Monitor Unit User\'s Guide, '
                  'chapter 5 (lines %d-%d of the text)' % (start + 1, end),
        'notes': ev_notes,
        'code_layout': layout,
        'count': len(events),
        'events': [{k: e[k] for k in ('code', 'name', 'pmc', 'pmc_column',
                                      'category', 'table', 'description')}
                   for e in events],
    }
    metrics_doc = {
        'notes': list(notes.get('metrics', [])) + [
            '%d metrics listed in Tables 5-17..5-22 (%d rows: a metric '
            'listed under several categories appears once, with every '
            'listing); %d further Table 5-23 formulas are kept under '
            '"auxiliary".'
            % (len(metrics), sum(len(v) for v in listed.values()),
               len(auxiliary))],
        'count': len(metrics),
        'metrics': metrics,
        'auxiliary': auxiliary,
    }
    excluded = sum(len(g.get('excluded', [])) for g in groups)
    groups_doc = {
        'notes': list(notes.get('groups', [])) + [
            '%d groups from Table 5-24; %d slots left out (see "excluded").'
            % (len(groups), excluded)],
        'count': len(groups),
        'groups': groups,
    }
    return events_doc, metrics_doc, groups_doc, problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='fail if the committed data files are stale')
    args = ap.parse_args(argv)
    curation = pmucat.load_json(CURATION_JSON)
    lines = pmucat.read_manual_lines('power9')
    events, metrics, groups, problems = extract(lines, curation)
    for p in problems.items:
        print('unrepaired: %s' % p, file=sys.stderr)
    out = pmucat.Output(check=args.check)
    out.write(EVENTS_JSON, pmucat.json_text(events))
    out.write(METRICS_JSON, pmucat.json_text(metrics))
    out.write(GROUPS_JSON, pmucat.json_text(groups))
    status = out.finish()
    return 1 if problems.items else status


if __name__ == '__main__':
    sys.exit(main())
