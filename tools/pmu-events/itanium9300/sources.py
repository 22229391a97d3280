# SPDX-License-Identifier: GPL-2.0-only
"""Raw readings of the Itanium 9300 manual, before any curation.

Each reader returns what one part of the manual says, with line numbers,
and leaves agreement between the parts to extract.py:

  read_code_table()      Table 4-44 "All Performance Monitors Ordered by Code"
  read_event_list()      section 4.16 event entries and unit-mask tables
  read_category_tables() the per-category tables of sections 4.3-4.14
  read_derived()         the "Derived Monitors" tables (metrics)
  read_uncore()          chapter 5 B-Box, R-Box and Z-Box event tables/lists
"""

import re

from ia64text import (clean, clean_formula, symbol, table_after, umask_bits,
                      yn)


class SourceError(Exception):
    pass


def find(lines, rx, start=0, stop=None):
    stop = len(lines) if stop is None else stop
    r = re.compile(rx)
    for i in range(start, stop):
        if r.match(lines[i]):
            return i
    raise SourceError('not found: %s' % rx)


def find_all(lines, rx, start=0, stop=None):
    stop = len(lines) if stop is None else stop
    r = re.compile(rx)
    return [i for i in range(start, stop) if r.match(lines[i])]


def chapter_bounds(lines):
    c4 = find(lines, r'^4\.1 Introduction')
    l416 = find(lines, r'^4\.16 Performance Monitor Event List', c4)
    c5 = find(lines, r'^5\.1 Introduction', l416)
    return c4, l416, c5


# ---------------------------------------------------------------- Table 4-44

def header_index(header):
    """Column positions of a summary-table header (names vary by table)."""
    idx = {}
    for i, h in enumerate(header):
        k = re.sub(r'[\s.]', '', clean(h)).lower()
        if k == 'symbolname':
            idx['name'] = i
        elif k == 'eventcode':
            idx['code'] = i
        elif k in ('iar', 'dar', 'opc'):
            idx[k] = i
        elif k.startswith('maxinc'):
            idx['max_inc'] = i
        elif k in ('t', 'type'):
            idx['type'] = i
        elif k == 'description':
            idx['desc'] = i
        elif k == 'allcapable':
            idx['all'] = i
        elif k == 'equation':
            idx['equation'] = i
    return idx


def parse_codes(cell):
    codes = re.findall(r'0x[0-9a-fA-F]+', cell)
    return [int(c, 16) for c in codes]


def summary_rows(lines, head, table):
    rows = table_after(lines, head)
    if not rows:
        raise SourceError('line %d: %s has no rows' % (head + 1, table))
    hdr = header_index(rows[0][1])
    out = []
    for ln, cells in rows[1:]:
        if 'name' not in hdr or len(cells) <= max(hdr.values()):
            raise SourceError('line %d: bad row in %s' % (ln + 1, table))
        get = lambda k: cells[hdr[k]] if k in hdr else None  # noqa: E731
        row = {
            'name': symbol(get('name')),
            'line': ln + 1,
            'table': table,
        }
        if 'code' in hdr:
            row['codes'] = parse_codes(get('code'))
            for k in ('iar', 'dar', 'opc'):
                row[k] = yn(get(k))
            mi = clean(get('max_inc'))
            row['max_inc'] = int(mi) if mi.isdigit() else None
            if 'type' in hdr:
                row['type'] = clean(get('type')) or None
            if 'all' in hdr:
                row['all_capable'] = clean(get('all')) or None
        if 'desc' in hdr:
            row['desc'] = clean(get('desc'))
        if 'equation' in hdr:
            row['equation'] = clean_formula(get('equation'))
            row['equation_raw'] = get('equation')
        out.append(row)
    return out


def read_code_table(lines):
    heads = find_all(lines, r'^Table 4-44\. All Performance Monitors')
    rows = []
    for h in heads:
        m = re.search(r'Sheet (\d) of (\d)', lines[h])
        rows.extend(summary_rows(lines, h, 'Table 4-44 (sheet %s)'
                                 % m.group(1)))
    return rows


# ------------------------------------------------------- category tables

CATEGORY_RE = r'^Table (4-\d+)\. Performance Monitors for (.*?)(?: \(Sheet (\d) of \d\))?$'


def read_category_tables(lines):
    """Rows of Tables 4-1 .. 4-43 that list directly measured events."""
    c4, l416, _ = chapter_bounds(lines)
    out = []
    for h in find_all(lines, CATEGORY_RE, c4, l416):
        m = re.match(CATEGORY_RE, lines[h])
        table = 'Table %s' % m.group(1)
        if m.group(1) == '4-44':
            continue
        for r in summary_rows(lines, h, table):
            r['category'] = clean(m.group(2))
            out.append(r)
    return out


# --------------------------------------------------------- derived metrics

DERIVED_RE = r'^Table (4-\d+)\. Derived Monitors for (.*)$'


def read_derived(lines):
    c4, l416, _ = chapter_bounds(lines)
    out = []
    for h in find_all(lines, DERIVED_RE, c4, l416):
        m = re.match(DERIVED_RE, lines[h])
        for r in summary_rows(lines, h, 'Table %s' % m.group(1)):
            r['category'] = clean(m.group(2))
            out.append(r)
    return out


# ------------------------------------------------------------ section 4.16

FIELD_RE = re.compile(r'^- \*\*([^:*]+):\*\*\s*(.*)$')
UMASK_TABLE_RE = re.compile(
    r'^Table (\d-\d+)\. Unit Masks for (\S+)(?: \(Sheet (\d) of (\d)\))?')


def parse_fields(text_lines):
    """Bullet fields and plain paragraphs of one event entry."""
    fields = []
    for ln, s in text_lines:
        m = FIELD_RE.match(s)
        if m:
            fields.append([clean(m.group(1)), m.group(2), ln])
        elif fields and s and not s.startswith('|'):
            fields[-1][1] += ' ' + s
        elif s and not s.startswith('|'):
            fields.append(['text', s, ln])
    return fields


def parse_inline(value, keys):
    """Split 'a **K1:** b **K2:** c' style values into a dict."""
    out = {}
    parts = re.split(r'\*\*([^*]+?):\*\*', '**%s:** %s' % (keys[0], value))
    for k, v in zip(parts[1::2], parts[2::2]):
        out[clean(k)] = clean(v).rstrip(',').strip()
    return out


def read_umask_tables(lines, start, stop):
    """Unit-mask tables between @start and @stop, grouped by table number."""
    tables = {}
    order = []
    for h in range(start, stop):
        m = UMASK_TABLE_RE.match(lines[h])
        if not m:
            continue
        num = m.group(1)
        if num not in tables:
            tables[num] = {'table': 'Table ' + num, 'line': h + 1,
                           'titles': [], 'rows': [], 'header': None}
            order.append(num)
        t = tables[num]
        t['titles'].append(m.group(2))
        for ln, cells in table_after(lines, h, stop):
            if clean(cells[0]) == 'Extension':
                t['header'] = t['header'] or [clean(c) for c in cells]
                continue
            if len(cells) < 3:
                raise SourceError('line %d: short unit-mask row' % (ln + 1))
            bits = umask_bits(cells[1])
            if bits is None:
                raise SourceError('line %d: bad unit mask %r'
                                  % (ln + 1, cells[1]))
            t['rows'].append({
                'extension': symbol(cells[0]),
                'bits': clean(cells[1]).replace(' ', ''),
                'value': bits[0], 'care': bits[1], 'last': bits[2],
                'description': clean(' '.join(cells[2:])),
                'line': ln + 1,
            })
    return [tables[n] for n in order]


def entry_heads(lines, start, stop):
    """(heading line index, name) of each '- **Title:**' entry."""
    heads = []
    for i in range(start, stop):
        if lines[i].startswith('- **Title:**'):
            n = i - 1
            while not lines[n].strip():
                n -= 1
            heads.append((n, symbol(lines[n])))
    return heads


def read_event_list(lines, start=None, stop=None):
    """Entries of an event list (section 4.16 by default)."""
    if start is None:
        _, start, stop = chapter_bounds(lines)
    heads = entry_heads(lines, start, stop)
    entries = []
    for k, (h, name) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else stop
        body = []
        tstart = None
        for i in range(h + 1, end):
            s = lines[i].strip()
            if UMASK_TABLE_RE.match(s):
                tstart = i
                break
            if re.match(r'^\d+\.\d+(\.\d+)* ', s) or s == '§':
                end = i
                break
            body.append((i + 1, s))
        fields = parse_fields(body)
        e = {'name': name, 'line': h + 1, 'fields': fields, 'notes': [],
             'umask_tables': [], 'text': []}
        for key, value, ln in fields:
            if key == 'Title':
                e['title'] = clean(value)
            elif key == 'Category':
                d = parse_inline(value, ['Category'])
                e['category'] = d.get('Category')
                q = d.get('IAR/DAR/OPC')
                if q:
                    qs = [yn(x) for x in q.split('/')]
                    if len(qs) == 3:
                        e['iar'], e['dar'], e['opc'] = qs
                    e['qual_raw'] = q
            elif key == 'Event Code':
                d = parse_inline(value, ['Event Code'])
                e['codes'] = parse_codes(d.get('Event Code', ''))
                mi = d.get('Max. Inc/Cyc', '')
                e['max_inc'] = int(mi) if mi.isdigit() else None
                e['type'] = d.get('MT Capture Type')
            elif key == 'Definition':
                e['definition'] = clean(value)
            elif key == 'NOTE':
                e['notes'].append(clean(value))
            elif key == 'Register Restrictions':
                e['register_restrictions'] = [
                    int(x) for x in re.findall(r'\d+', value)]
            else:
                e['text'].append(clean(value))
        if tstart is not None:
            e['umask_tables'] = read_umask_tables(lines, tstart, end)
        entries.append(e)
    return entries
