# SPDX-License-Identifier: GPL-2.0-only
"""Chapter 5 (uncore) events of the Itanium 9300: B-Box, R-Box, Z-Box.

Each box has a summary table ("Events Ordered By Code") and an event list
of "- **Field:** value" entries, some followed by sub-control tables (the
extension values programmed into the box's sub-control register).  The
two are compared; disagreements and repeated rows must be resolved in
curation.json "uncore" (keyed "<box>/<event>"). Table 5-36's R-Box
events derived from the match/mask filters are read as well
("rbox_mm_events"), with descriptions curated in "uncore_mm".
"""

import re

import sources
from ia64text import alias_of, alias_ok, clean, is_separator, split_row, symbol

BOXES = [
    {
        'box': 'bbox', 'name': 'B-Box',
        'summary': r'^Table 5-22\. Performance Monitor Events for BBox',
        'list': r'^5\.5\.6 B-Box Performance Monitor Event List',
        'end': r'^5\.6 R-Box Performance Monitoring',
        'select': 'B_CSR_PERF_CTL1 event code',
    },
    {
        'box': 'rbox', 'name': 'R-Box',
        'summary': r'^Table 5-37\. Performance Monitor Events for RBox',
        'list': r'^5\.6\.6 R-Box Performance Monitor Event List',
        'end': r'^5\.7 Z-Box Performance Monitoring',
        'select': 'IPERF bit field (RIX events) or QLX[3:0] code (QLX '
                  'events)',
    },
    {
        'box': 'zbox', 'name': 'Z-Box',
        'summary': r'^Table 5-59\. Performance Monitor Events for ZBox',
        'list': r'^5\.7\.7 Z-Box Performance Monitor Event List',
        'end': None,
        'select': 'Z_CSR_PMU_CNT_CTLx[9:4] event code',
    },
]

GROUP_RE = re.compile(r'^(\w+) \((.*)\) Events$')

# The sub-control registers a summary table's SubCtl Dep? column may name.
SUBCTL_REGS = {
    'bbox': ('CTL2',),
    'rbox': (),
    'zbox': ('THR', 'PLD', 'FVC', 'PGT', 'DSP', 'ISS'),
}


def parse_code(cell):
    """'0x1A' -> 26, '[21]0x1' -> ('bits', '21', 1), '[5:0]0xX' -> ..."""
    c = clean(cell)
    m = re.fullmatch(r'0x([0-9A-Fa-f]+)', c)
    if m:
        return {'code': int(m.group(1), 16)}
    m = re.fullmatch(r'\[(\d+(?::\d+)?)\]\s*0x([0-9A-Fa-fX]+)', c)
    if m:
        v = m.group(2)
        return {'bits': m.group(1),
                'value': None if 'X' in v.upper() else int(v, 16)}
    return None


def read_summary(lines, head):
    sheets = [head]
    title = lines[head].split('(Sheet')[0].strip()
    for i in range(head + 1, min(head + 200, len(lines))):
        if lines[i].startswith(title) and i not in sheets:
            sheets.append(i)
    rows = []
    group = None
    for h in sheets:
        tab = sources.table_after(lines, h)
        hdr = [clean(c).lower() for c in tab[0][1]]
        for ln, cells in tab[1:]:
            d = dict(zip(hdr, cells))
            name = symbol(cells[0])
            gm = GROUP_RE.match(name)
            if gm:
                group = {'group': gm.group(1), 'title': gm.group(2),
                         'register': clean(cells[1])}
                continue
            code_cell = cells[1]
            code = parse_code(code_cell)
            if code is None:
                raise sources.SourceError('line %d: bad uncore code %r'
                                          % (ln + 1, code_cell))
            mi = clean(d.get('max inc/cyc', ''))
            row = {'name': name, 'line': ln + 1, 'select': code,
                   'code_text': clean(code_cell),
                   'max_inc': int(mi) if mi.isdigit() else None,
                   'description': clean(cells[-1])}
            dep = [v for k, v in d.items() if k.startswith('subctl')]
            if dep and clean(dep[0]):
                row['subctl'] = clean(dep[0])
            if group:
                row['group'] = group['group']
                row['register'] = group['register']
            rows.append(row)
    return rows


def read_list(lines, start, stop):
    """Entries of a box's event list, with their sub-control tables."""
    heads = sources.entry_heads(lines, start, stop)
    out = []
    for k, (h, name) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else stop
        e = {'name': name, 'line': h + 1, 'notes': [], 'subctl': []}
        body = []
        tables = []
        for i in range(h + 1, end):
            s = lines[i].strip()
            if re.match(r'^\d+\.\d+(\.\d+)* ', s):
                end = i
                break
            if s.startswith('|'):
                cells = split_row(s)
                if is_separator(cells):
                    continue
                if clean(cells[0]) == 'Extension':
                    tables.append({'header': [clean(c) for c in cells],
                                   'rows': []})
                    continue
                if tables:
                    tables[-1]['rows'].append({
                        'extension': symbol(cells[0]),
                        'value': clean(cells[1]) if len(cells) > 1 else '',
                        'description': clean(' '.join(cells[2:])),
                        'line': i + 1})
                continue
            if s.startswith('Table 5-'):
                continue
            body.append((i + 1, s))
        for key, value, ln in sources.parse_fields(body):
            if key == 'Title':
                e['title'] = clean(value)
            elif key == 'Category':
                e['category'] = clean(value)
            elif key in ('Event Code', '[Bit(s)] Value'):
                d = sources.parse_inline(value, [key])
                e['code_text'] = d.get(key, '')
                e['select'] = parse_code(e['code_text'])
                mi = d.get('Max. Inc/Cyc', '').rstrip(',').strip()
                e['max_inc'] = int(mi) if mi.isdigit() else None
            elif key == 'Definition':
                e['definition'] = clean(value)
            elif key == 'NOTE':
                e['notes'].append(clean(value))
        for t in tables:
            e['subctl'].append({'field': t['header'][1] if len(t['header']) > 1
                                else '', 'rows': t['rows']})
        out.append(e)
    return out


def same_select(a, b):
    """'0xB' in a QLX[3:0] table row equals '[3:0]0xb' in the list."""
    if a == b:
        return True
    for x, y in ((a, b), (b, a)):
        if 'code' in x and y.get('bits') == '3:0' and \
                y.get('value') == x['code']:
            return True
    return False


def extract_box(lines, spec, cur, err, contradictions):
    head = sources.find(lines, spec['summary'])
    lstart = sources.find(lines, spec['list'], head)
    lend = sources.find(lines, spec['end'], lstart) if spec['end'] \
        else len(lines)
    summary = read_summary(lines, head)
    entries = read_list(lines, lstart, lend)
    box = spec['box']
    for row in summary + entries:
        c = cur.get('uncore', '%s/%s' % (box, row['name']))
        if c is not None and c.get('issue') == 'name':
            contradictions.append({
                'box': box, 'event': c['canonical'], 'issue': 'name',
                'sources': ['line %d: %s' % (row['line'], row['name'])],
                'resolved': c['canonical'], 'reason': c['reason']})
            row['name'] = c['canonical']

    def curated(name, what):
        c = cur.get('uncore', '%s/%s' % (box, name))
        if c is None or c.get('issue') != what:
            raise err('%s %s: %s: curate "uncore" %s/%s'
                      % (spec['name'], name, what, box, name))
        return c

    by_sum = {}
    for r in summary:
        if r['name'] in by_sum:
            prev = by_sum[r['name']]
            if prev['select'] != r['select']:
                raise err('%s %s listed twice with different codes'
                          % (spec['name'], r['name']))
            c = curated(r['name'], 'repeated row')
            contradictions.append({
                'box': box, 'event': r['name'], 'issue': 'repeated row',
                'sources': ['line %d' % prev['line'], 'line %d' % r['line']],
                'resolved': 'one event', 'reason': c['reason']})
            continue
        by_sum[r['name']] = r
    by_list = {}
    for e in entries:
        if e['name'] in by_list:
            raise err('%s %s twice in the event list' % (spec['name'],
                                                          e['name']))
        by_list[e['name']] = e

    events = []
    for name in sorted(set(by_sum) | set(by_list),
                       key=lambda n: (by_sum.get(n, by_list.get(n))['line'])):
        s = by_sum.get(name)
        e = by_list.get(name)
        ev = {'name': name}
        if s is None or e is None:
            issue = 'not in summary table' if s is None else \
                'not in event list'
            c = curated(name, issue)
            contradictions.append({
                'box': box, 'event': name, 'issue': issue,
                'sources': ['line %d' % (e or s)['line']],
                'resolved': c.get('resolved', 'kept'),
                'reason': c['reason']})
        sel = (s or e)['select']
        if s and e and e.get('select') is not None and \
                not same_select(s['select'], e['select']):
            c = curated(name, 'code')
            chosen = c['select']
            if chosen not in (s['code_text'], e['code_text']):
                raise err('%s %s: curated code %r is none of the readings'
                          % (spec['name'], name, chosen))
            sel = parse_code(chosen)
            contradictions.append({
                'box': box, 'event': name, 'issue': 'code',
                'sources': ['summary line %d: %s' % (s['line'],
                                                     s['code_text']),
                            'list line %d: %s' % (e['line'],
                                                  e['code_text'])],
                'resolved': chosen, 'reason': c['reason']})
        ev['select'] = sel
        ev['select_text'] = (s or e)['code_text']
        for k in ('group', 'register', 'subctl'):
            if s and k in s:
                ev[k if k != 'subctl' else 'subctl_dep'] = s[k]
        dep = ev.get('subctl_dep')
        if dep and not all(r.strip() in SUBCTL_REGS[box]
                           for r in dep.split(',')):
            c = cur.get('uncore_subctl', '%s/%s' % (box, dep))
            if c is None:
                raise err('%s %s: SubCtl Dep %r names no register: curate '
                          '"uncore_subctl" %s/%s' % (spec['name'], name, dep,
                                                     box, dep))
            if c['registers']:
                ev['subctl_dep'] = ','.join(c['registers'])
            else:
                del ev['subctl_dep']
            contradictions.append({
                'box': box, 'event': name, 'issue': 'subctl column',
                'sources': ['summary line %d: %s' % (s['line'], dep)],
                'resolved': ','.join(c['registers']) or 'none',
                'reason': c['reason']})
        ev['max_inc'] = (s or e).get('max_inc')
        ev['description'] = s['description'] if s else e.get('title')
        if e:
            for k in ('title', 'category', 'definition'):
                if e.get(k):
                    ev[k] = e[k]
            if e['notes']:
                ev['notes'] = e['notes']
            if e['subctl']:
                ev['subctl_values'] = e['subctl']
        ev['alias'] = '%s.%s' % (box, alias_of(name))
        ev['sources'] = [x for x in (
            s and 'summary line %d' % s['line'],
            e and 'list line %d' % e['line']) if x]
        events.append(ev)

    seen = {}
    for ev in events:
        key = repr(ev['select'])
        if key in seen and ev['select'].get('value', 0) is not None:
            c = curated(ev['name'], 'shared code')
            resolved = c.get('resolved', 'kept')
            srcs = list(ev['sources'])
            if 'select' in c:
                # Another table of the manual gives the event its own
                # code: the curation quotes that table's text, which
                # must be in the manual as written.
                ev['select'] = parse_code(c['select'])
                if ev['select'] is None or not c.get('evidence'):
                    raise err('%s %s: shared code resolved without a code '
                              'and the text that gives it'
                              % (spec['name'], ev['name']))
                at = [i for i, ln in enumerate(lines)
                      if c['evidence'] in ln]
                if not at:
                    raise err('%s %s: evidence %r is not in the manual'
                              % (spec['name'], ev['name'], c['evidence']))
                srcs.append('line %d: %s' % (at[0] + 1, c['evidence']))
                resolved = c['select']
                key = repr(ev['select'])
            contradictions.append({
                'box': box, 'event': ev['name'], 'issue': 'shared code',
                'sources': srcs, 'resolved': resolved,
                'reason': c['reason']})
        seen.setdefault(key, ev['name'])
        if not alias_ok(ev['alias']):
            raise err('bad uncore alias %r' % ev['alias'])
    return {'box': box, 'name': spec['name'], 'select': spec['select'],
            'summary_table': clean(lines[head]).split(' (Sheet')[0],
            'events': events}


# Table 5-36: R-Box events derived from the match/mask facility
MM_HEAD = r'^Table 5-36\. Message Events Derived from the Match/Mask'
MM_VALUE_RE = re.compile(r'0x([0-9A-Fa-f]+)(?:\s*&&\s*(?:Match|Mask)\s*'
                         r'\[51:48\]\s*0x([0-9A-Fa-f]+))?$')
# The MC field (header bits 12:9) of each class, Table 5-33
MM_CLASSES = {'HOM': (0x0, 0x1), 'NDR': (0x2,), 'SNP': (0x3,),
              'NCS': (0x4,), 'NCB': (0xc,), 'DRS': (0xe,)}
MM_MC_SHIFT = 9


def mm_value(cell):
    """'0x1C00 && Match [51:48] 0x8' -> 0x8000000001c00"""
    m = MM_VALUE_RE.match(clean(cell))
    if not m:
        return None
    v = int(m.group(1), 16)
    if m.group(2):
        v |= int(m.group(2), 16) << 48
    return v


def extract_mm(lines, cur, err, contradictions):
    """Table 5-36's events, checked against Table 5-33's class codes.

    Each row's match must lie inside its mask, its mask must compare the
    whole message class field, and that field must hold the class the
    row's name starts with. Descriptions the table prints against the
    wrong row are replaced from curation.json "uncore_mm".
    """
    head = sources.find(lines, MM_HEAD)
    title = lines[head].split('(Sheet')[0].strip()
    heads = [h for h in range(head, min(head + 80, len(lines)))
             if lines[h].startswith(title)]
    events = []
    for h in heads:
        for ln, cells in sources.table_after(lines, h)[1:]:
            name = clean(cells[0])
            match, mask = mm_value(cells[1]), mm_value(cells[2])
            if match is None or mask is None:
                raise err('line %d: bad match/mask %r %r'
                          % (ln + 1, cells[1], cells[2]))
            mc = (match >> MM_MC_SHIFT) & 0xf
            if match & ~mask or (mask >> MM_MC_SHIFT) & 0xf != 0xf or \
                    mc not in MM_CLASSES.get(name.split('.')[0], ()):
                raise err('line %d: %s: match 0x%x mask 0x%x do not select '
                          'its class' % (ln + 1, name, match, mask))
            ev = {'name': name, 'match': '0x%x' % match,
                  'mask': '0x%x' % mask,
                  'description': clean(' '.join(cells[3:])),
                  'alias': 'rbox.mm_' + alias_of(name).replace('.', '_'),
                  'sources': ['line %d' % (ln + 1)]}
            c = cur.get('uncore_mm', name)
            if c is not None:
                contradictions.append({
                    'box': 'rbox', 'event': name, 'issue': 'description',
                    'sources': ['line %d: %s' % (ln + 1, ev['description'])],
                    'resolved': c['description'], 'reason': c['reason']})
                ev['description'] = c['description']
            if not alias_ok(ev['alias']):
                raise err('bad uncore alias %r' % ev['alias'])
            events.append(ev)
    if not events:
        raise err('Table 5-36 has no rows')
    return events


def extract_uncore(lines, cur, err):
    contradictions = []
    boxes = [extract_box(lines, spec, cur, err, contradictions)
             for spec in BOXES]
    mm = extract_mm(lines, cur, err, contradictions)
    aliases = [e['alias'] for b in boxes for e in b['events']] + \
        [e['alias'] for e in mm]
    if len(aliases) != len(set(aliases)):
        raise err('repeated uncore aliases')
    return {
        'manual': 'Itanium 9300 reference manual, chapter 5 (uncore)',
        'contradictions': contradictions,
        'boxes': boxes,
        'rbox_mm_events': mm,
    }
