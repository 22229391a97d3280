#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Generate the Itanium 9300 catalogue: C tables and perf JSON.

Input: events.json, metrics.json and uncore.json (written by extract.py).
Output:
  drivers/perf/itanium9300/ia64-fields.h, ia64-fields.c (from fields.json:
    the config fields' masks and the format/ attribute arrays)
  drivers/perf/itanium9300/ia64-catalogue.h, ia64-catalogue.c
  tools/perf/pmu-events/arch/ia64/itanium9300/sys/<topic>.json,
    metrics.json, and arch/ia64/mapfile.csv, which names no CPUID

perf_event_attr.config layout of the core PMU follows the PMC register
(Table 3-5), so that the driver can copy the fields:
  config:8-15   event   PMC.es, the event code
  config:16-19  umask   PMC.umask
so config = code << 8 | umask << 16.  The perf JSON carries the code as
"EventCode" and the unit mask as "UMask".

Uncore boxes (Units "itanium9300_bbox", "_rbox", "_zbox"): B-Box and Z-Box events and
the R-Box QLX events take their event code as "EventCode"; R-Box RIX
events are IPERF register bit fields and are given as "ConfigCode", the
field value shifted into place.  RIX events whose field value is chosen
by the user (the "0xX" rows) are in the C tables only.

perf finds the JSON by the PMUs' sysfs "identifier" (IDENTIFIER, in the
catalogue header for the driver), which every event and metric names as
its "Compat": perf's tables of a sys/ directory are matched that way, not
by CPUID, so any perf built with them finds them on any architecture.
The events' "Unit" is the PMU's name: "itanium9300", and
"itanium9300_<box>" for the uncore boxes.

  gen.py          write the generated files
  gen.py --check  fail if a generated file is stale
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import pmucat  # noqa: E402
from extract import TERM_RE  # noqa: E402

C_DIR = 'drivers/perf/itanium9300'
JSON_DIR = 'tools/perf/pmu-events/arch/ia64/itanium9300/sys'
# The sysfs identifier of the driver's PMUs and the JSON's "Compat".
IDENTIFIER = 'Itanium-9300'
PMU_NAME = 'itanium9300'
TOOL = 'tools/pmu-events/itanium9300/gen.py'
SOURCE = 'tools/pmu-events/itanium9300/events.json, metrics.json and ' \
         'uncore.json'
FIELDS = pmucat.load_json(os.path.join(HERE, 'fields.json'))
CONFIG_CODE_SHIFT = pmucat.fields_of(FIELDS)['event'][1]
CONFIG_UMASK_SHIFT = pmucat.fields_of(FIELDS)['umask'][1]
NO_SET = 0xff
# Generated C lines are wrapped at WRAP_COLUMNS where the data allow it;
# no line may exceed MAX_COLUMNS (checkpatch's limit).  Tabs are 8 columns.
WRAP_COLUMNS = 80
MAX_COLUMNS = 100

# perf JSON topic of each 4.16 category (first match wins).
TOPICS = [
    (r'L1D|L2 Data|L3|L2 Instruction|L1 Instruction|L1 Data', 'cache'),
    (r'TLB', 'tlb'),
    (r'Branch', 'branch'),
    (r'Stall|Dispersal', 'pipeline'),
    (r'External Request|Core Protocol|QuickPath', 'interconnect'),
    (r'RSE', 'rse'),
    (r'Thread|Multi', 'threading'),
    (r'Basic|Execution|System|Turbo', 'other'),
]

TYPE_FLAGS = {'A': 'IA64_EV_ACTIVE', 'C': 'IA64_EV_CAUSAL',
              'F': 'IA64_EV_FLOATING', 'S': 'IA64_EV_SELF_FLOATING'}


def c_banner(header):
    return pmucat.c_banner(SOURCE, TOOL, header, WRAP_COLUMNS)


def config(code, umask):
    """The raw perf config of an event: IA64_CONFIG() in the header."""
    return code << CONFIG_CODE_SHIFT | umask << CONFIG_UMASK_SHIFT


def c_initializer(first, flags, wrap=True):
    """One braced table row: the items of @first, then the OR of @flags.

    With @wrap the flags always start a continuation line, otherwise only
    when the row does not fit in WRAP_COLUMNS.  Flags are packed on
    continuation lines, each ending in " |" when more follow.  A first
    line too long for WRAP_COLUMNS has its first item alone.
    """
    head = '\t{ ' + ', '.join(first) + ','
    expr = ' | '.join(flags) or '0'
    if not wrap and pmucat.columns('%s %s },' % (head, expr)) <= WRAP_COLUMNS:
        return '%s %s },\n' % (head, expr)
    lines = [head]
    cont = '\t  '
    if pmucat.columns(head) > WRAP_COLUMNS:
        lines = ['\t{ ' + first[0] + ',', cont + ', '.join(first[1:]) + ',']
    line = cont + flags[0] if flags else cont + '0'
    for flag in flags[1:]:
        if pmucat.columns(line + ' | ' + flag + ' },') <= WRAP_COLUMNS:
            line += ' | ' + flag
        else:
            lines.append(line + ' |')
            line = cont + flag
    lines.append(line + ' },')
    for text in lines:
        if pmucat.columns(text) > MAX_COLUMNS:
            raise SystemExit('gen: generated line too long: %s' % text)
    return '\n'.join(lines) + '\n'


def topic(ev):
    cat = ev.get('category') or ''
    for rx, t in TOPICS:
        if re.search(rx, cat):
            return t
    raise SystemExit('gen: no perf JSON topic for %s (%s)' % (ev['name'], cat))


def ev_flags(ev):
    f = []
    for k, flag in (('iar', 'IA64_EV_IAR'), ('dar', 'IA64_EV_DAR'),
                    ('opc', 'IA64_EV_OPC')):
        if ev[k]:
            f.append(flag)
    c = ev['counters']
    if c.get('pmds') == 'PMD4-9':
        f.append('IA64_EV_PMD4_9')
    if c.get('duplicated_counters'):
        f.append('IA64_EV_DUPLICATED')
    if 'l1d_set' in c:
        f.append('IA64_EV_L1D_SET')
    if 'l2d_set' in c:
        f.append('IA64_EV_L2D_SET')
    if c.get('all_capable') == 'no':
        f.append('IA64_EV_NO_ALL')
    elif c.get('all_capable') == 'umask dependent':
        f.append('IA64_EV_ALL_UMASK')
    elif (c.get('all_capable') or '').startswith('ignored'):
        f.append('IA64_EV_ALL_IGNORED')
    if ev.get('type'):
        f.append(TYPE_FLAGS[ev['type']])
    if mesi_capable(ev):
        f.append('IA64_EV_MESI')
    pairs = ibrp_pairs(ev)
    if pairs:
        f.append(pairs)
    return f


def ibrp_pairs(ev):
    """The IBR pairs an instruction range of the event goes through, as its
    notes say: IBRP1 alone, or IBRP0 for demand and IBRP1 for prefetch
    lines; None for channel 0 (IBRP0) as 3.3.5 describes."""
    text = ' '.join(ev.get('notes', []))
    if re.search(r'qualified with IBRP0 if .*demand fetch,? (and|or) IBRP1 '
                 r'if .*prefetch', text):
        return 'IA64_EV_IBRP0_1'
    if re.search(r'qualified with IBRP1\b', text):
        return 'IA64_EV_IBRP1'
    return None


def mesi_capable(ev):
    """Whether PMC.MESI filters the event (Table 3-5, the L3 event notes)."""
    text = ' '.join(ev.get('notes', [])) + ' ' + ev.get('definition', '')
    return 'qualified by MESI' in text


def rows_of(ev):
    """(umask value, alias, extra flags, description) rows of one event."""
    umasks = [u for u in ev.get('umasks', []) if not u.get('reserved')]
    default = ev.get('default_umask')
    dval = 0
    for u in umasks:
        if u['name'] == default:
            dval = u['umask']
    rows = [(dval, ev['alias'], ['IA64_EV_EVENT'], None)]
    for u in umasks:
        rows.append((u['umask'], u['alias'], [], u))
    return rows


def event_set(ev):
    c = ev['counters']
    return c.get('l1d_set', c.get('l2d_set', NO_SET))


def catalogue_rows(core):
    """[(alias, code, umask)] of ia64_catalogue[], in its order."""
    return [(alias, ev['code'], umask) for ev in core['events']
            for umask, alias, _, _ in rows_of(ev)]


def rows_by_config(core):
    """Indices of ia64_catalogue[] rows sorted by code and unit mask, the
    first row of each pair only: what ia64_catalogue_find() searches."""
    first = {}
    for i, (_, code, umask) in enumerate(catalogue_rows(core)):
        first.setdefault((code, umask), i)
    return [first[key] for key in sorted(first)]


def event_defines(core):
    """One IA64_EVENT_<alias> define per catalogue row: its raw config.

    A dot of an alias becomes an underscore, which must keep the names
    unique.
    """
    out = ['/*\n'
           ' * The raw config of each catalogue event, by its alias (upper case,\n'
           ' * dots as underscores). Tables of the driver name events by these.\n'
           ' */\n']
    seen = {}
    for alias, code, umask in catalogue_rows(core):
        name = 'IA64_EVENT_' + alias.upper().replace('.', '_')
        if not re.match(r'^[A-Z][A-Z0-9_]*$', name) or name in seen:
            raise ValueError('%s: no unique C name for %s (%s)'
                             % (name, alias, seen.get(name)))
        seen[name] = alias
        line = '#define %s' % name
        pad = max(1, (64 - len(line) + 7) // 8)
        out.append('%s%sIA64_CONFIG(0x%02x, 0x%x)\n'
                   % (line, '\t' * pad, code, umask))
    return ''.join(out)


def gen_header(core, unc):
    nrows = sum(len(rows_of(e)) for e in core['events'])
    box_nr = ''.join('#define IA64_%s_EVENTS_NR\t%d\n' % (b['box'].upper(),
                                                         len(b['events']))
                     for b in unc['boxes'])
    box_decl = ''.join('extern const struct ia64_uncore_event '
                       'ia64_%s_events[IA64_%s_EVENTS_NR];\n'
                       % (b['box'], b['box'].upper()) for b in unc['boxes'])
    return c_banner(True) + '''
#ifndef _IA64_CATALOGUE_H
#define _IA64_CATALOGUE_H

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/types.h>
#include <pmu-suite/events.h>

#include "ia64-fields.h"

/* The config of PMC.es @code and PMC.umask @umask (ia64-fields.h). */
#define IA64_CONFIG(code, umask)\t((u64)(code) << __bf_shf(IA64_CFG_ES) | \\
\t\t\t\t\t (u64)(umask) << __bf_shf(IA64_CFG_UMASK))

/* The PMUs' sysfs identifier, the perf JSON's "Compat" */
#define IA64_PMU_IDENTIFIER\t"%(ident)s"

/* ia64_catalogue_event.flags */
#define IA64_EV_IAR\t\tBIT(0)\t/* instruction address range qualification */
#define IA64_EV_DAR\t\tBIT(1)\t/* data address range qualification */
#define IA64_EV_OPC\t\tBIT(2)\t/* opcode match qualification */
#define IA64_EV_PMD4_9\t\tBIT(3)\t/* only PMD4-9 can count it */
#define IA64_EV_DUPLICATED\tBIT(4)\t/* causal/floating: use PMD4-9 (4.2.1) */
#define IA64_EV_L1D_SET\t\tBIT(5)\t/* L1D set event: PMD5 must hold one of the set */
#define IA64_EV_L2D_SET\t\tBIT(6)\t/* L2D set event: PMC4 or PMC6 must hold one of the set */
#define IA64_EV_NO_ALL\t\tBIT(7)\t/* .all is not supported */
#define IA64_EV_ALL_UMASK\tBIT(8)\t/* .all support depends on the unit mask */
#define IA64_EV_ACTIVE\t\tBIT(9)\t/* MT capture type A */
#define IA64_EV_CAUSAL\t\tBIT(10)\t/* MT capture type C */
#define IA64_EV_FLOATING\tBIT(11)\t/* MT capture type F */
#define IA64_EV_SELF_FLOATING\tBIT(12)\t/* MT capture type S */
#define IA64_EV_EVENT\t\tBIT(13)\t/* the event's own alias (default unit mask) */
#define IA64_EV_ALL_IGNORED\tBIT(14)\t/* .all ignored: always counts both threads */
#define IA64_EV_MESI\t\tBIT(15)\t/* PMC.MESI filters the event */
/* An instruction range qualifies it through IBRP1 (3.3.5.2), */
#define IA64_EV_IBRP1\t\tBIT(16)
/* or through IBRP0 for demand-fetched lines and IBRP1 for prefetched ones. */
#define IA64_EV_IBRP0_1\t\tBIT(17)

#define IA64_NO_SET\t\t0x%(ns)x

struct ia64_catalogue_event {
\tstruct pmu_catalogue_entry entry;\t/* sysfs event name, config */
\tu8 code;\t\t/* PMC.es */
\tu8 umask;\t\t/* PMC.umask */
\tu8 max_inc;\t\t/* maximum increment per cycle */
\tu8 set;\t\t\t/* L1D or L2D set number, or IA64_NO_SET */
\tu32 flags;\t\t/* IA64_EV_* */
};

#define IA64_CATALOGUE_NR\t%(nr)d
extern const struct ia64_catalogue_event ia64_catalogue[IA64_CATALOGUE_NR];

/*
 * Indices of ia64_catalogue[] sorted by code and unit mask, one per pair
 * (its first row), for a binary search.
 */
#define IA64_CATALOGUE_SORTED_NR\t%(nsorted)d
extern const u16 ia64_catalogue_sorted[IA64_CATALOGUE_SORTED_NR];

/* ia64_uncore_event.flags */
#define IA64_UNC_SUBCTL\t\tBIT(0)\t/* needs a sub-control register setting */
#define IA64_UNC_FIELD\t\tBIT(1)\t/* an IPERF bit field, not an event code */
#define IA64_UNC_VALUE_VARIES\tBIT(2)\t/* the field value is chosen by the user */
/* its IPERF sub-control field counts nothing at 0: no events/ entry */
#define IA64_UNC_NO_DEFAULT\tBIT(3)
/* Z-Box sub-control registers an event depends on (Table 5-59) */
#define IA64_UNC_SC_THR\t\tBIT(8)\t/* Z_CSR_PMU_MSC_THR */
#define IA64_UNC_SC_PLD\t\tBIT(9)\t/* Z_CSR_PLD_PMU */
#define IA64_UNC_SC_FVC\t\tBIT(10)\t/* Z_CSR_PMU_ZDP_CTL_FVC */
#define IA64_UNC_SC_PGT\t\tBIT(11)\t/* Z_CSR_PGT_PMU */
#define IA64_UNC_SC_DSP\t\tBIT(12)\t/* Z_CSR_DSP_PMU */
#define IA64_UNC_SC_ISS\t\tBIT(13)\t/* Z_CSR_ISS_PMU */

struct ia64_uncore_event {
\tu16 code;\t\t/* event code, or the IPERF field value */
\tu8 field_lsb;\t\t/* IA64_UNC_FIELD: lowest bit of the field */
\tu8 field_width;\t\t/* IA64_UNC_FIELD: width of the field */
\tconst char *alias;
\tu32 flags;\t\t/* IA64_UNC_* */
};

%(box_nr)s
%(box_decl)s
%(events)s
#endif /* _IA64_CATALOGUE_H */
''' % {'ns': NO_SET, 'ident': IDENTIFIER,
       'nr': nrows, 'nsorted': len(rows_by_config(core)),
       'box_nr': box_nr,
       'box_decl': box_decl + pmucat.events_decls(
           ['ia64_event_attrs'] + ['ia64_unc_%s_event_attrs' % b['box']
                                   for b in unc['boxes']]),
       'events': event_defines(core)}


# The Z-Box sub-control registers named in Table 5-59's SubCtl Dep column.
Z_SUBCTL_REGS = ('THR', 'PLD', 'FVC', 'PGT', 'DSP', 'ISS')

# The R-Box format bit that selects a QLX (ARB_PERF) event.
RBOX_QLX_SHIFT = 36
# mm=config:37 (a match/mask event), mm_flit=config:38-41: the Table 5-36
# events count packets, matching their first flit (mm_flit=1).
RBOX_MM_SHIFT = 37
RBOX_MM_FLIT_SHIFT = 38


def uncore_fields(ev):
    sel = ev['select']
    flags = []
    if ev.get('subctl_dep') or ev.get('subctl_values'):
        flags.append('IA64_UNC_SUBCTL')
    if any(sv['field'].startswith('IPERF') and
           any(r['value'] == 'b000' and 'nothing' in r['description']
               for r in sv['rows'])
           for sv in ev.get('subctl_values', [])):
        flags.append('IA64_UNC_NO_DEFAULT')
    for reg in (ev.get('subctl_dep') or '').split(','):
        if reg.strip() in Z_SUBCTL_REGS:
            flags.append('IA64_UNC_SC_' + reg.strip())
    if 'code' in sel:
        return sel['code'], 0, 0, flags
    bits = sel['bits']
    hi, _, lo = bits.partition(':')
    hi = int(hi)
    lo = int(lo) if lo else hi
    if ev.get('register', '').startswith('QLX'):
        return sel['value'], 0, 0, flags     # QLX[3:0] code
    flags.append('IA64_UNC_FIELD')
    value = sel['value']
    if value is None:
        flags.append('IA64_UNC_VALUE_VARIES')
        value = 0
    return value, lo, hi - lo + 1, flags


def gen_source(core, unc):
    q = pmucat.c_string
    out = [c_banner(False),
           '\n#include <kunit/visibility.h>\n#include <linux/export.h>\n\n#include "ia64-catalogue.h"\n\n',
           'const struct ia64_catalogue_event '
           'ia64_catalogue[IA64_CATALOGUE_NR] = {\n']
    for ev in core['events']:
        base = ev_flags(ev)
        for umask, alias, extra, _ in rows_of(ev):
            out.append(c_initializer(
                ['{ %s, 0x%x }' % (q(alias), config(ev['code'], umask)),
                 '0x%02x' % ev['code'], '0x%x' % umask,
                 '%d' % (ev['max_inc'] or 0),
                 '0x%x' % event_set(ev) if event_set(ev) == NO_SET
                 else str(event_set(ev))], base + extra))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(ia64_catalogue);\n')
    out.append('\nconst u16 ia64_catalogue_sorted[IA64_CATALOGUE_SORTED_NR] = {\n')
    rows = rows_by_config(core)
    for i in range(0, len(rows), 12):
        out.append('\t%s,\n' % ', '.join('%d' % r for r in rows[i:i + 12]))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(ia64_catalogue_sorted);\n')
    for b in unc['boxes']:
        out.append('\nconst struct ia64_uncore_event ia64_%s_events'
                   '[IA64_%s_EVENTS_NR] = {\n' % (b['box'], b['box'].upper()))
        for ev in b['events']:
            code, lsb, width, flags = uncore_fields(ev)
            out.append(c_initializer(['0x%02x' % code, '%d' % lsb,
                                      '%d' % width, q(ev['alias'])], flags,
                                     wrap=False))
        out.append('};\nEXPORT_SYMBOL_IF_KUNIT(ia64_%s_events);\n' % b['box'])
    lists = [('ia64_event_attrs', 'PMU_CORE_EVENT',
              [(alias, config(ev['code'], umask))
               for ev in core['events']
               for umask, alias, _, _ in rows_of(ev)])]
    for b in unc['boxes']:
        lists.append(('ia64_unc_%s_event_attrs' % b['box'],
                      'PMU_UNCORE_EVENT', uncore_files(b)))
    out.append(pmucat.events_lists(lists))
    return ''.join(out)


def uncore_files(box):
    """events/ of a box: (name without the box prefix, catalogue row).

    An R-Box IPERF field event with no default value gets no file (the
    driver's ia64_unc_event_string() cannot print one); of two events of
    one name, the first gets it.
    """
    files, seen = [], set()
    for i, ev in enumerate(box['events']):
        _, _, _, flags = uncore_fields(ev)
        if box['box'] == 'rbox' and 'IA64_UNC_FIELD' in flags and \
                'IA64_UNC_NO_DEFAULT' in flags:
            continue
        name = ev['alias'].split('.', 1)[-1]
        if name not in seen:
            seen.add(name)
            files.append((name, i))
    return files


# Table 4-88: the unit mask names the tag channel (3.3.6.1).
TAG_CHANNEL = ('Tag channel %d: qual=1 (opcode) and qual=2 (instruction '
               'range) program IBRP%d and OpCM%d; combine=1 joins the '
               'other kinds its perf group gives the channel.')


def public(ev, u=None):
    parts = []
    if u is not None:
        parts.append('%s: %s.' % (u['name'], u['description'].rstrip('.')))
    d = ev.get('definition') or ev['description']
    parts.append(d.rstrip('.') + '.')
    q = '/'.join('Y' if ev[k] else 'N' for k in ('iar', 'dar', 'opc'))
    parts.append('IAR/DAR/OPC: %s.' % q)
    if ev['name'] == 'IA64_TAGGED_INST_RETIRED' and u is not None:
        parts.append(TAG_CHANNEL % (u['umask'], u['umask'], u['umask'] % 2))
        if u['umask']:
            parts.append('Data ranges and range_inv are channel 0\'s only.')
    c = ev['counters']
    if c.get('pmds') == 'PMD4-9':
        parts.append('Counters PMD4-9 only.')
    if 'l1d_set' in c:
        parts.append('L1D set %d: PMD5 must count an event of this set.'
                     % c['l1d_set'])
    if 'l2d_set' in c:
        parts.append('L2D set %d: PMC4 or PMC6 must count an event of this '
                     'set.' % c['l2d_set'])
    return ' '.join(parts)


def perf_core(core):
    files = {}
    for ev in core['events']:
        t = topic(ev)
        for umask, alias, extra, u in rows_of(ev):
            j = {
                'BriefDescription': (ev['description'] if u is None else
                                     '%s (%s)' % (ev['description'],
                                                  u['name'])),
                'EventCode': '0x%x' % ev['code'],
                'EventName': alias,
                'PublicDescription': public(ev, u),
            }
            if umask:
                j['UMask'] = '0x%x' % umask
            j['Unit'] = PMU_NAME
            j['Compat'] = IDENTIFIER
            files.setdefault(t, []).append(j)
    return files


def perf_uncore(unc):
    files = {}
    for b in unc['boxes']:
        out = []
        for ev in b['events']:
            code, lsb, width, flags = uncore_fields(ev)
            if 'IA64_UNC_VALUE_VARIES' in flags or \
                    'IA64_UNC_NO_DEFAULT' in flags:
                continue
            j = {'BriefDescription': ev['description']}
            if 'IA64_UNC_FIELD' in flags:
                j['ConfigCode'] = '0x%x' % (code << lsb)
            elif ev.get('register', '').startswith('QLX'):
                # qlx=config:36, the ARB_PERF type in config:0-3
                j['ConfigCode'] = '0x%x' % (1 << RBOX_QLX_SHIFT | code)
            else:
                j['EventCode'] = '0x%x' % code
            j['EventName'] = ev['alias']
            j['PublicDescription'] = ev.get('definition', ev['description'])
            j['Unit'] = '%s_%s' % (PMU_NAME, b['box'])
            j['Compat'] = IDENTIFIER
            out.append(j)
        if b['box'] == 'rbox':
            out.extend(perf_rbox_mm(unc))
        files['uncore-' + b['box']] = out
    return files


def perf_rbox_mm(unc):
    """Table 5-36's match/mask events: config with mm and mm_flit=1,
    match and mask (config1, config2) as the Filter's terms."""
    out = []
    for ev in unc.get('rbox_mm_events', []):
        first = ev['description'].split('. ')[0].rstrip('.')
        out.append({
            'BriefDescription': '%s (%s)' % (first, ev['name']),
            'ConfigCode': '0x%x' % (1 << RBOX_MM_SHIFT |
                                    1 << RBOX_MM_FLIT_SHIFT),
            'EventName': ev['alias'],
            'Filter': 'match=%s,mask=%s' % (ev['match'], ev['mask']),
            'PublicDescription': '%s Counted by a match/mask set of the '
                                 'port (Table 5-36), one per packet.'
                                 % ev['description'],
            'Unit': PMU_NAME + '_rbox',
            'Compat': IDENTIFIER,
        })
    return out


def metric_alias(name):
    return re.sub(r'[^a-z0-9_]+', '_', name.lower())


def perf_metrics(core, metrics):
    events = {e['name']: e for e in core['events']}
    out = []
    for m in metrics['metrics']:
        refs = {r['term']: r for r in m['terms']}

        def sub(mo):
            term = mo.group(1) + mo.group(2)
            r = refs[term]
            if 'metric' in r:
                return metric_alias(r['metric'])
            ev = events[r['event']]
            if '.' not in term:
                return ev['alias']
            for u in ev['umasks']:
                if u['name'] == r['umask']:
                    return u['alias']
            raise SystemExit('gen: metric %s: no umask %s' % (m['name'],
                                                               r['umask']))
        out.append({
            'BriefDescription': m['description'] or m['name'],
            'MetricExpr': TERM_RE.sub(sub, m['equation']),
            'MetricGroup': m['category'],
            'MetricName': metric_alias(m['name']),
            'Compat': IDENTIFIER,
        })
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='fail if a generated file is stale')
    args = ap.parse_args(argv)
    core = pmucat.load_json(os.path.join(HERE, 'events.json'))
    metrics = pmucat.load_json(os.path.join(HERE, 'metrics.json'))
    unc = pmucat.load_json(os.path.join(HERE, 'uncore.json'))
    out = pmucat.Output(check=args.check)
    files = pmucat.fields_files(FIELDS, TOOL, 'itanium9300/fields.json')
    out.write(C_DIR + '/ia64-catalogue.h', gen_header(core, unc))
    out.write(C_DIR + '/ia64-catalogue.c', gen_source(core, unc))
    evs = perf_core(core)
    evs.update(perf_uncore(unc))
    files.update(('%s/%s.json' % (JSON_DIR, name), pmucat.perf_json_text(e))
                 for name, e in evs.items())
    for rel in sorted(files):
        out.write(rel, files[rel])
    out.write(os.path.dirname(os.path.dirname(JSON_DIR)) + '/mapfile.csv',
              pmucat.sys_mapfile('itanium9300'))
    out.write(JSON_DIR + '/metrics.json',
              pmucat.perf_json_text(perf_metrics(core, metrics)))
    return out.finish()


if __name__ == '__main__':
    sys.exit(main())
