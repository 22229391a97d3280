#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Generate the SPARC T4 catalogue: C tables for the driver and perf JSON.

Input: events.json and dram.json (written by extract.py).
Output:
  drivers/perf/sparc_t4/t4-fields.h, t4-fields.c (from fields.json: the
    config fields' masks and the format/ attribute arrays)
  drivers/perf/sparc_t4/t4-catalogue.h, t4-catalogue.c
  tools/perf/pmu-events/arch/sparc/sparc_t4/sys/<topic>.json, and
    arch/sparc/mapfile.csv, which names no CPUID
  Documentation/admin-guide/perf/sparc-t4-events.rst (the name table)

perf_event_attr.config layout of the "sparc_t4" PMU (fields.json):
  config:0-4   event   the PCR.sl value (TABLE 10-1 bits 15:11)
  config:8-13  umask   the PCR.mask value (TABLE 10-1 bits 10:5)
so config = sl | (mask << 8).  The perf JSON carries sl as "EventCode"
and mask as "UMask", which perf turns into event=<sl>,umask=<mask>.

The "sparc_t4_dram" PMU takes the DRAM_PERF_CTL_REG select code in
config:0-3 ("EventCode" in the JSON).  The layout is fields.json's.

perf finds the JSON by the PMUs' sysfs "identifier" (IDENTIFIER, in the
catalogue header for the driver), which every event names as its
"Compat": perf's tables of a sys/ directory are matched that way, not by
CPUID, so any perf built with them finds the events on any architecture.

  gen.py          write the generated files
  gen.py --check  fail if a generated file is stale
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import pmucat  # noqa: E402

C_DIR = 'drivers/perf/sparc_t4'
JSON_DIR = 'tools/perf/pmu-events/arch/sparc/sparc_t4/sys'
# The sysfs identifier of the driver's PMUs and the JSON's "Compat".
IDENTIFIER = 'SPARC-T4'
RST = 'Documentation/admin-guide/perf/sparc-t4-events.rst'
TOOL = 'tools/pmu-events/sparc_t4/gen.py'
SOURCE = 'tools/pmu-events/sparc_t4/events.json and dram.json'

FIELDS = pmucat.load_json(os.path.join(HERE, 'fields.json'))
CONFIG_SL_BITS = pmucat.fields_of(FIELDS)['event']
CONFIG_MASK_BITS = pmucat.fields_of(FIELDS)['umask']
# Generated C lines are wrapped at WRAP_COLUMNS where the data allow it;
# no line may exceed MAX_COLUMNS (checkpatch's limit).  Tabs are 8 columns.
WRAP_COLUMNS = 80
MAX_COLUMNS = 100

# perf JSON topic file of each sl group.
TOPICS = {
    'pipeline': [1, 2, 9, 26, 28],
    'frontend': [5, 7, 8, 11],
    'instruction': [3, 4],
    'branch': [25],
    'cache': [16, 18, 19, 20, 21, 22, 23, 24],
    'tlb': [6, 10, 17],
}


def c_banner(header):
    return pmucat.c_banner(SOURCE, TOOL, header, WRAP_COLUMNS)


def c_initializer(first, rest):
    """One braced table row: @first on its first line, @rest packed after.

    The items of @rest are joined on continuation lines as long as a line
    stays within WRAP_COLUMNS; an item too long for that gets a line of
    its own, and a first line too long for WRAP_COLUMNS has its first item
    alone.
    """
    lines = ['\t{ ' + ', '.join(first)]
    cont = '\t  '
    if pmucat.columns(lines[0] + ',') > WRAP_COLUMNS:
        lines = ['\t{ ' + first[0] + ',', cont + ', '.join(first[1:])]
    for item in rest:
        joined = lines[-1] + ', ' + item
        if len(lines) > 1 and pmucat.columns(joined + ' },') <= WRAP_COLUMNS:
            lines[-1] = joined
        else:
            lines[-1] += ','
            lines.append(cont + item)
    lines[-1] += ' },'
    for line in lines:
        if pmucat.columns(line) > MAX_COLUMNS:
            raise SystemExit('gen: generated line too long: %s' % line)
    return '\n'.join(lines) + '\n'


def config(sl, mask):
    return sl << CONFIG_SL_BITS[1] | mask << CONFIG_MASK_BITS[1]


def event_flags(e):
    flags = []
    if e['precise']:
        flags.append('T4_EV_PRECISE')
    if e['strand_specific']:
        flags.append('T4_EV_STRAND')
    if 'curated' in e:
        flags.append('T4_EV_FROM_NOTE')
    return ' | '.join(flags) or '0'


def group_flags(g):
    flags = []
    if g['precise']:
        flags.append('T4_SL_PRECISE')
    flags.append({'yes': 'T4_SL_STRAND', 'no': 'T4_SL_SHARED',
                  'mixed': 'T4_SL_STRAND | T4_SL_SHARED'}[g['strand_specific']])
    flags.append({'any': 'T4_SL_COMBINE_ANY',
                  'listed': 'T4_SL_COMBINE_LISTED',
                  'single': 'T4_SL_COMBINE_NONE',
                  'ignored': 'T4_SL_MASK_IGNORED'}[g['combine']])
    if 'curated' in g:
        flags.append('T4_SL_FROM_NOTE')
    return ' | '.join(flags)


def accepted_masks(g, events):
    """Bitmap of the mask values the catalogue names for group @g."""
    bitmap = 0
    for e in events:
        if e['sl'] == g['sl']:
            bitmap |= 1 << int(e['mask'], 16)
            for m in e.get('equivalent_masks', []):
                bitmap |= 1 << int(m, 16)
    for m in g['useful_combinations']:
        bitmap |= 1 << int(m, 16)
    return bitmap


def gen_header(core, dram):
    ne, ng, nd = len(core['events']), len(core['groups']), len(dram['events'])
    return c_banner(True) + '''
#ifndef _SPARC_T4_CATALOGUE_H
#define _SPARC_T4_CATALOGUE_H

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/types.h>
#include <pmu-suite/events.h>

#include "t4-fields.h"

/* A config from PCR.sl and PCR.mask, and back (t4-fields.h). */
#define T4_CONFIG(sl, mask)\t((u64)(sl) << __bf_shf(T4_RAW_SL) | \\
\t\t\t\t (u64)(mask) << __bf_shf(T4_RAW_MASK))
#define T4_CONFIG_SL(config)\tFIELD_GET(T4_RAW_SL, config)
#define T4_CONFIG_MASK(config)\tFIELD_GET(T4_RAW_MASK, config)

/* The PMUs' sysfs identifier, the perf JSON's "Compat" */
#define T4_PMU_IDENTIFIER\t"%(ident)s"

/* t4_catalogue_event.flags */
#define T4_EV_PRECISE\t\tBIT(0)\t/* overflow raises precise_performance_event */
#define T4_EV_STRAND\t\tBIT(1)\t/* counts for its virtual processor only */
#define T4_EV_FROM_NOTE\t\tBIT(2)\t/* known from a programming note only */

/* t4_sl_group.flags */
#define T4_SL_PRECISE\t\tBIT(0)\t/* every event of the group is precise */
#define T4_SL_STRAND\t\tBIT(1)\t/* has virtual processor-specific events */
#define T4_SL_SHARED\t\tBIT(2)\t/* has events shared by the core's strands */
#define T4_SL_COMBINE_ANY\tBIT(3)\t/* any subset of valid_mask is meaningful */
#define T4_SL_COMBINE_LISTED\tBIT(4)\t/* only the masks in accepted_masks */
#define T4_SL_COMBINE_NONE\tBIT(5)\t/* only the named masks (accepted_masks) */
#define T4_SL_MASK_IGNORED\tBIT(6)\t/* the mask field is ignored */
#define T4_SL_FROM_NOTE\t\tBIT(7)\t/* known from a programming note only */

struct t4_catalogue_event {
\tstruct pmu_catalogue_entry entry;\t/* sysfs event name, config */
\tu8 sl;
\tu8 mask;
\tu32 flags;\t\t/* T4_EV_* */
\tconst char *name;\t/* the manual's event name */
};

#define T4_CATALOGUE_NR\t\t%(ne)d
extern const struct t4_catalogue_event t4_catalogue[T4_CATALOGUE_NR];

struct t4_sl_group {
\tu8 sl;
\tu8 valid_mask;\t\t/* mask bits the group uses; others are ignored */
\tu32 flags;\t\t/* T4_SL_* */
\tu64 accepted_masks;\t/* bit m: mask m is named or listed as useful */
};

#define T4_SL_GROUPS_NR\t\t%(ng)d
extern const struct t4_sl_group t4_sl_groups[T4_SL_GROUPS_NR];

struct t4_dram_event {
\tstruct pmu_catalogue_entry entry;\t/* sysfs event name, select */
\tu8 select;\t\t/* DRAM_PERF_CTL_REG selN code */
\tconst char *name;
};

#define T4_DRAM_EVENTS_NR\t%(nd)d
extern const struct t4_dram_event t4_dram_events[T4_DRAM_EVENTS_NR];

const struct t4_sl_group *t4_sl_group_find(unsigned int sl);
bool t4_mask_valid(unsigned int sl, unsigned int mask);
%(decls)s
#endif /* _SPARC_T4_CATALOGUE_H */
''' % {'ne': ne, 'ng': ng, 'nd': nd, 'ident': IDENTIFIER,
       'decls': pmucat.events_decls(['t4_event_attrs',
                                     't4_dram_event_attrs'])}


def gen_source(core, dram):
    q = pmucat.c_string
    out = [c_banner(False),
           '\n#include <kunit/visibility.h>\n#include <linux/export.h>\n\n#include "t4-catalogue.h"\n\n']
    out.append('const struct t4_catalogue_event t4_catalogue[T4_CATALOGUE_NR] = {\n')
    for e in core['events']:
        cfg = config(e['sl'], int(e['mask'], 16))
        out.append(c_initializer(['{ %s, 0x%x }' % (q(e['alias']), cfg),
                                  '%d' % e['sl'], e['mask'], event_flags(e)],
                                 [q(e['name'])]))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(t4_catalogue);\n\n')
    out.append('const struct t4_sl_group t4_sl_groups[T4_SL_GROUPS_NR] = {\n')
    for g in core['groups']:
        out.append('\t{ %d, %s,\n\t  %s,\n\t  0x%016xULL },\n' % (
            g['sl'], g['valid_mask'], group_flags(g),
            accepted_masks(g, core['events'])))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(t4_sl_groups);\n\n')
    out.append('const struct t4_dram_event t4_dram_events[T4_DRAM_EVENTS_NR] = {\n')
    for d in dram['events']:
        out.append('\t{ { %s, %d }, %d, %s },\n'
                   % (q(d['alias']), d['select'], d['select'], q(d['name'])))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(t4_dram_events);\n\n')
    out.append('''const struct t4_sl_group *t4_sl_group_find(unsigned int sl)
{
\tunsigned int i;

\tfor (i = 0; i < T4_SL_GROUPS_NR; i++)
\t\tif (t4_sl_groups[i].sl == sl)
\t\t\treturn &t4_sl_groups[i];
\treturn NULL;
}
EXPORT_SYMBOL_IF_KUNIT(t4_sl_group_find);

/* Whether @mask selects only bits that sl group @sl uses. */
bool t4_mask_valid(unsigned int sl, unsigned int mask)
{
\tconst struct t4_sl_group *g = t4_sl_group_find(sl);

\treturn g && !(mask & ~g->valid_mask);
}
EXPORT_SYMBOL_IF_KUNIT(t4_mask_valid);
''')
    out.append(pmucat.events_lists([
        ('t4_event_attrs', 'PMU_CORE_EVENT',
         [(e['alias'], config(e['sl'], int(e['mask'], 16)))
          for e in core['events']]),
        ('t4_dram_event_attrs', 'PMU_UNCORE_EVENT',
         [(d['alias'], d['select']) for d in dram['events']])]))
    return ''.join(out)


def footnote_text(core, num):
    fn = core['footnotes'].get(str(num))
    return fn['text'] if fn else None


def public_description(core, e):
    desc = e['description']
    desc = re.sub(r'See [Ff]ootnote( \d+)?( below)?( for [^.]*)?\.', '', desc)
    parts = [e['name'] + '.'] if desc and desc != e['name'] else []
    if desc:
        parts.append(desc.rstrip('.') + '.')
    else:
        parts = [e['name'] + '.']
    for n in e.get('footnotes', []):
        t = footnote_text(core, n)
        if t:       # footnotes missing from the manual text are left out
            parts.append(t)
    parts.append('Precise: overflow raises a precise_performance_event trap.'
                 if e['precise'] else
                 'Asynchronous: overflow raises a disrupting_performance_event '
                 'trap.')
    if not e['strand_specific']:
        parts.append('Shared by the strands of a core.')
    return ' '.join(p.strip() for p in parts if p.strip())


def perf_event(core, e):
    ev = {
        'BriefDescription': e['name'],
        'EventCode': '0x%x' % e['sl'],
        'EventName': e['alias'],
        'PublicDescription': public_description(core, e),
    }
    mask = int(e['mask'], 16)
    if mask:
        ev['UMask'] = '0x%x' % mask
    ev['Unit'] = 'sparc_t4'
    ev['Compat'] = IDENTIFIER
    return ev


def gen_json(core, dram):
    by_sl = {}
    for topic, sls in TOPICS.items():
        for sl in sls:
            by_sl[sl] = topic
    files = {t: [] for t in TOPICS}
    for e in core['events']:
        if e['sl'] not in by_sl:
            raise SystemExit('gen: sl %d has no perf JSON topic' % e['sl'])
        files[by_sl[e['sl']]].append(perf_event(core, e))
    files['memory'] = [{
        'BriefDescription': d['name'],
        'EventCode': '0x%x' % d['select'],
        'EventName': d['alias'],
        'PublicDescription': d['description'],
        'Unit': 'sparc_t4_dram',
        'Compat': IDENTIFIER,
    } for d in dram['events']]
    return files


def rst_table(head, rows):
    """A docutils simple table."""
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    rule = ' '.join('=' * w for w in widths)

    def line(r):
        return ' '.join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
    return '\n'.join([rule, line(head), rule] + [line(r) for r in rows] +
                      [rule]) + '\n'


def gen_rst(core, cpustat):
    """The admin guide's table of event names: sysfs, Solaris, encoding,
    and whose events each counts: the strand's, or the core's (shared by
    the core's strands, note 13)."""
    solaris = {v: k for k, v in cpustat.items()}
    rows = []
    for e in core['events']:
        key = '%d/%s' % (e['sl'], e['mask'])
        rows.append(['``%s``' % e['alias'], solaris.get(key, '-'),
                     str(e['sl']), e['mask'],
                     'strand' if e['strand_specific'] else 'core',
                     e['name']])
    return ('.. SPDX-License-Identifier: GPL-2.0-only\n'
            '.. Generated by %s from %s: do not edit.\n\n' % (TOOL, SOURCE) +
            rst_table(['sysfs event', 'cpustat name', 'sl', 'mask', 'counts',
                       'TABLE 10-2 event'], rows))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='fail if a generated file is stale')
    args = ap.parse_args(argv)
    core = pmucat.load_json(os.path.join(HERE, 'events.json'))
    dram = pmucat.load_json(os.path.join(HERE, 'dram.json'))
    out = pmucat.Output(check=args.check)
    for rel, text in pmucat.fields_files(FIELDS, TOOL,
                                         'sparc_t4/fields.json').items():
        out.write(rel, text)
    out.write(C_DIR + '/t4-catalogue.h', gen_header(core, dram))
    out.write(C_DIR + '/t4-catalogue.c', gen_source(core, dram))
    for topic, events in sorted(gen_json(core, dram).items()):
        out.write('%s/%s.json' % (JSON_DIR, topic),
                  pmucat.perf_json_text(events))
    out.write(os.path.dirname(os.path.dirname(JSON_DIR)) + '/mapfile.csv',
              pmucat.sys_mapfile('sparc_t4'))
    cpustat = pmucat.load_json(os.path.join(HERE, 'curation.json'))['cpustat']
    out.write(RST, gen_rst(core, cpustat['events']))
    return out.finish()


if __name__ == '__main__':
    sys.exit(main())
