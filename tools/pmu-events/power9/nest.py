#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""POWER9 nest IMC catalogue (chapter 6): extract it, and generate from it.

  nest.py extract   read Table 6-10 (the default IMC groupings: offset,
                    event, group) and Tables 6-2..6-9 (the units' events,
                    descriptions and metric formulas) from the manual and
                    write nest.json, with descriptions chosen by the
                    families of nest-curation.json
  nest.py gen       from nest.json, write
                      drivers/perf/power9/p9-nest-catalogue.[ch]
                        (offsets, groups and sysfs names)
                      tools/perf/pmu-events/arch/powerpc/power9-nest/nest.json
                        (the same events with their descriptions)
  nest.py gen --check   write nothing; exit 1 if a generated file is stale

Table 6-10 gives each event's offset in a chip's in-memory counter area;
"Free" rows are unused slots and are not events.  Tables 6-2..6-9 name
events generically (PM_MCS_64B_RD_DISP, "on port n") while Table 6-10 names
each instance (PM_MCS01_64B_RD_DISP_PORT23), so every Table 6-10 name must
match one family of the curation, which says which unit table row its
description comes from, or gives one (with the reason) where no table has
the event.  An event no family matches, or that two families match, is an
error.  The metric formulas are kept in nest.json for the documentation
but not generated: they use the generic names and the PB_Freq, MBA_Freq
and PHB_Freq clock rates, which perf cannot resolve.
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
PERF_FILE = os.path.join('tools', 'perf', 'pmu-events', 'arch', 'powerpc',
                         'power9-nest', 'nest.json')
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

#endif /* _P9_NEST_CATALOGUE_H */
''' % (len(events), max(int(e['offset'], 16) for e in events) + 8))
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


def generate(doc):
    events = doc['events']
    return {
        H_FILE: gen_header(events),
        C_FILE: gen_c(events),
        PERF_FILE: pmucat.json_text(perf_json(events)),
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
