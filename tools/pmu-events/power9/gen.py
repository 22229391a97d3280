#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Generate the POWER9 catalogue C tables and perf JSON from the curated data.

Inputs are events.json, metrics.json and groups.json next to this file (made
by extract.py), and restrictions.json (curated by hand: the codes that
count wrongly on POWER9 DD2.1 and DD2.2, which the guide does not list).  Outputs:

  drivers/perf/power9/p9-fields.h      the config fields of fields.json: a
                                       mask each
  drivers/perf/power9/p9-fields.c      their format/ attribute arrays
  drivers/perf/power9/p9-catalogue.h   structs, enum p9_event_category
  drivers/perf/power9/p9-catalogue.c   p9_catalogue[] sorted by code,
                                       p9_restrictions[] sorted by code,
                                       p9_alternatives[] sorted by code,
                                       p9_groups[] (Table 5-24)
  tools/perf/pmu-events/arch/powerpc/power9-pmu/<category>.json
                                       one file per event category
  tools/perf/pmu-events/arch/powerpc/power9-pmu/metrics.json

With --check nothing is written and the exit status is 1 if any generated
file differs from what the data produce.

Sysfs aliases
  Every code gets one alias, the sysfs events/ file name the driver
  publishes: the manual name in lower case.  When several codes share a name
  (PM_INST_CMPL at 0x10002, 0x100fe, 0x20002, 0x30002, 0x40002; PM_CYC;
  PM_SUSPENDED; ...) the code that counts on any PMC (PMC 0) gets the plain
  name, or the lowest code when none or several do (the lowest of those);
  every other code gets "_c" and its code in lower-case hex without leading
  zeros: pm_inst_cmpl (0x10002), pm_inst_cmpl_c100fe, pm_inst_cmpl_c20002.
  Aliases use only [a-z0-9_], a subset of what perf's event-name lexer
  accepts; uniqueness is checked.

Alternatives
  Codes of one name on different PMCs count the same event, so the driver
  may place an event on another PMC with that PMC's code when its own is
  taken (p9_alternatives[]).  A name's codes are alternatives when every
  one names a PMC 1-4 and none is an event bus event of the L2, L3 or MMU
  tables (whose PMC picks a different part of the bus: PM_CO0_BUSY on PMC3
  and PMC4 are two samples, not one event twice), a marked event or a code
  restricted on some revision.  Per PMC the lowest code is the one used.

perf JSON
  EventName is the alias in upper case, so that it is unique within the PMU
  and a metric using a shared name (PM_CYC) counts the code with the plain
  alias.  BriefDescription is the first sentence of the manual description,
  PublicDescription the whole description when it is longer.  Metrics are
  the metrics of Tables 5-17..5-22, plus the auxiliary Table 5-23 metrics
  they refer to, whose formula resolves entirely to catalogue events and
  computable metrics; metrics whose formula uses an identifier listed in
  curation.json formula_exceptions (directly or through another metric) are
  left out.  A MetricExpr names each event with its PMU, as
  power9@PM_RUN_CYC@: the kernel's own POWER9 JSON gives many of the same
  names to the built-in "cpu" PMU, and a bare name would count on both.
  Where a name has several codes, the metric takes for each the code that
  lets all its events (and those of the metrics it uses) count at once,
  the plain alias's if it can: CPI, PM_CYC / PM_INST_CMPL, is
  PM_CYC / PM_INST_CMPL_C20002, not two PMC1 events that would take
  turns.  PM_RUN_INST_CMPL and PM_RUN_CYC are PMC5's and PMC6's raw codes
  (power9@event\\=0x500fa@), which leave PMC1-4 to the other events.
  MetricName is the identifier form of the manual name
  (extract.metric_ident: "L1_LD_Miss_Ratio(%)" -> "L1_LD_Miss_Ratio");
  MetricGroup joins the groups of the metric's listings with ";"; ScaleUnit
  is "1%" for the unit "%" (and for a "(%)" name without a unit), "1GB/s"
  for "GBps" and "1Bytes/PCLK" for "Bytes per PCLK".

  Table 5-24's 252 event groups are metric groups too (table-5-24.json),
  named as the manual names them (pm_stat, pm_l1_1, ...; the id is added
  to the two names the manual prints twice: pm_stat_0, pm_stat_6,
  pm_mem_228, pm_mem_231): one metric per
  event, "<group>.<alias>", whose value is the event's count, so that
  perf stat -M pm_l1_1 counts the group's events together.
"""

import argparse
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import pmucat  # noqa: E402


def _load_extract():
    """extract.py of this directory, under a name no other PMU's tools use."""
    mod = sys.modules.get('p9_extract')
    if mod is None:
        spec = importlib.util.spec_from_file_location(
            'p9_extract', os.path.join(HERE, 'extract.py'))
        mod = importlib.util.module_from_spec(spec)
        sys.modules['p9_extract'] = mod
        spec.loader.exec_module(mod)
    return mod


extract = _load_extract()

C_DIR = os.path.join('drivers', 'perf', 'power9')
C_FILE = os.path.join(C_DIR, 'p9-catalogue.c')
RESTRICTIONS_JSON = 'restrictions.json'
H_FILE = os.path.join(C_DIR, 'p9-catalogue.h')
PERF_DIR = os.path.join('tools', 'perf', 'pmu-events', 'arch', 'powerpc',
                        'power9-pmu')
TOOL = 'tools/pmu-events/power9/gen.py'
# Table 5-24's groups as perf metric groups.
GROUP_METRICS = 'table-5-24.json'

# enum p9_event_category, in the order of the manual's tables.
CATEGORIES = [
    ('ifu', '5-1', 'IFU events'),
    ('branch', '5-2', 'branch events'),
    ('isu', '5-3', 'ISU events'),
    ('vsu', '5-4', 'VSU events'),
    ('lsu', '5-5', 'LSU events'),
    ('data_source', '5-6', 'data source events'),
    ('translation', '5-7', 'translation events'),
    ('radix', '5-8', 'radix events'),
    ('l2', '5-9', 'L2 events'),
    ('l3', '5-10', 'L3 events'),
    ('cpi_stack', '5-12', 'CPI stack events'),
    ('marked', '5-13', 'marked events'),
    ('mmu', '5-14', 'MMU events'),
    ('tm', '5-15', 'transactional memory events'),
    ('pmc', '5-16', 'PMC events'),
]
GROUP_MAX_EVENTS = 4
ALIAS_RE = re.compile(r'^[a-z][a-z0-9_]*$')
# Event names of the manual, which name C defines (P9_<name>).
NAME_RE = re.compile(r'^PM_[A-Z0-9_]+$')
SCALE_UNITS = {'%': '1%', 'GBps': '1GB/s', 'Bytes per PCLK': '1Bytes/PCLK'}


class DataError(Exception):
    pass


def enum_name(category):
    return 'P9_CAT_' + category.upper()


def assign_aliases(events):
    """{code: alias} by the rule of the module docstring."""
    by_name = {}
    for ev in events:
        by_name.setdefault(ev['name'], []).append(ev)
    aliases = {}
    for name, evs in by_name.items():
        plain = min(evs, key=lambda e: (e['pmc'] != 0, int(e['code'], 16)))
        for ev in evs:
            alias = name.lower()
            if ev is not plain:
                alias += '_c%x' % int(ev['code'], 16)
            aliases[ev['code']] = alias
    seen = {}
    for code, alias in aliases.items():
        if not ALIAS_RE.match(alias):
            raise DataError('alias %r of %s is not a valid event name'
                            % (alias, code))
        if alias in seen:
            raise DataError('alias %s of %s and %s' % (alias, seen[alias],
                                                       code))
        seen[alias] = code
    return aliases


def restrictions(doc):
    """[(code, major, minor, name)] sorted by code, from restrictions.json."""
    out = []
    for rev in doc['revisions']:
        major, minor = (int(x) for x in rev['dd'].split('.'))
        for code, name in rev['events']:
            out.append((int(code, 16), major, minor, name))
    seen = set()
    for code, major, minor, _ in out:
        if (code, major, minor) in seen or code >= 1 << 20:
            raise DataError('restriction 0x%x DD%d.%d: duplicate or not a '
                            'plain event code' % (code, major, minor))
        seen.add((code, major, minor))
    return sorted(out)


# Tables whose codes are never alternatives (see the docstring).
NO_ALTERNATIVES = ('l2', 'l3', 'mmu', 'marked')
NUM_PROG_PMCS = 4
# Figure 5-2's mark bit (config bit 8): marked codes share MMCRA.
MARK_BIT = 0x100


def alternatives(events, restricted):
    """[(code, [code on PMC1..4 or 0], name)] sorted by code."""
    by_name = {}
    for ev in events:
        by_name.setdefault(ev['name'], []).append(ev)
    bad = {code for code, _, _, _ in restricted}
    out = []
    for name, evs in by_name.items():
        codes = sorted(int(ev['code'], 16) for ev in evs)
        if len(codes) < 2 or any(ev['category'] in NO_ALTERNATIVES or
                                 not 1 <= ev['pmc'] <= NUM_PROG_PMCS
                                 for ev in evs):
            continue
        if any(code & MARK_BIT or code in bad for code in codes):
            continue
        on_pmc = [0] * NUM_PROG_PMCS
        for ev in sorted(evs, key=lambda e: int(e['code'], 16)):
            slot = ev['pmc'] - 1
            on_pmc[slot] = on_pmc[slot] or int(ev['code'], 16)
        if sum(1 for c in on_pmc if c) < 2:
            continue
        out.extend((code, on_pmc, name) for code in codes)
    return sorted(out)


def c_code(code):
    return '0x%x' % int(code, 16)


def event_codes(events):
    """[(name, code)] sorted by name: the code a driver programs for each
    event of the manual.

    An event listed with one code on each of PMC1-4 counts the same on any
    of them: it gets that code with the PMC field 0 ("any PMC"), which
    leaves the choice to the scheduler; otherwise its lowest code.  The
    codes of an event are tried from the lowest, the first whose any-PMC
    form is listed on each of PMC1-4 wins.
    """
    hi, lo = pmucat.fields_of(pmucat.load_json(extract.FIELDS_JSON))['pmc']
    pmc_bits = ((1 << (hi - lo + 1)) - 1) << lo
    by_name = {}
    for ev in events:
        by_name.setdefault(ev['name'], set()).add(int(ev['code'], 16))
    out = []
    for name, codes in sorted(by_name.items()):
        if not NAME_RE.match(name):
            raise DataError('event name %r is not a C identifier' % name)
        chosen = min(codes)
        for code in sorted(codes):
            anyp = code & ~pmc_bits
            if all(anyp | pmc << lo in codes
                   for pmc in range(1, NUM_PROG_PMCS + 1)):
                chosen = anyp
                break
        out.append((name, chosen))
    return out


def gen_event_codes(events):
    """One P9_<name> define per event of the manual (event_codes())."""
    out = ['/*\n'
           ' * The code to program for each event of the manual, by its name:\n'
           ' * the any-PMC code of an event listed on each of PMC1-4, else\n'
           ' * its lowest code. Tables of the driver name events by these.\n'
           ' * PM_SUSPENDED, selector 0 on each of PMC1-4, turns a counter off:\n'
           ' * its code is 0, which no other event has.\n'
           ' */\n']
    for name, code in event_codes(events):
        out.append('%s0x%x\n' % (tab_pad('#define P9_' + name, 48), code))
    return ''.join(out)


def h_banner(source):
    return pmucat.c_banner(source, TOOL, header=True)


def tab_pad(text, column):
    """@text followed by tabs up to @column (tabs are 8 columns wide)."""
    width = len(text.expandtabs(8))
    tabs = max(1, (column - width + 7) // 8)
    return text + '\t' * tabs


def gen_header(events, restricted, alts):
    out = [h_banner('its own tables')]
    out.append('\n#ifndef _P9_CATALOGUE_H\n#define _P9_CATALOGUE_H\n\n'
               '#include <linux/types.h>\n'
               '#include <pmu-suite/events.h>\n\n')
    out.append('/* Event table of the POWER9 PMU User\'s Guide an event '
               'comes from. */\nenum p9_event_category {\n')
    for cat, table, what in CATEGORIES:
        out.append('%s/* Table %s: %s */\n'
                   % (tab_pad('\t%s,' % enum_name(cat), 32), table, what))
    out.append('\tP9_CAT_NR\n};\n\n')
    out.append('%s%d\n\n' % (tab_pad('#define P9_GROUP_MAX_EVENTS', 32),
                              GROUP_MAX_EVENTS))
    fields = [
        ('\tstruct pmu_catalogue_entry entry;', 'unique sysfs name, and the code'),
        ('\tu64 code;', 'raw event code (Figure 5-2)'),
        ('\tconst char *name;', 'event name in the manual'),
        ('\tu8 pmc;', 'PMC 1-6, 0: any PMC'),
        ('\tenum p9_event_category category;', None),
    ]
    out.append('struct p9_catalogue_event {\n')
    for decl, comment in fields:
        out.append(('%s/* %s */\n' % (tab_pad(decl, 40), comment))
                   if comment else decl + '\n')
    out.append('};\n\n'
               '/* An event group of Table 5-24: events that count '
               'together. */\n'
               'struct p9_catalogue_group {\n'
               '\tunsigned int id;\n'
               '\tconst char *name;\n'
               '%s/* entries used in codes[] */\n'
               '\tu64 codes[P9_GROUP_MAX_EVENTS];\n'
               '};\n\n'
               '/* A code that counts wrongly on one revision (DD major.minor). */\n'
               'struct p9_catalogue_restriction {\n'
               '\tu64 code;\n'
               '\tu8 dd_major;\n'
               '\tu8 dd_minor;\n'
               '};\n\n'
               '/*\n'
               ' * A code, and the codes of the same event on PMC1-4 (0 where\n'
               ' * it has none): the driver may count it on any of them.\n'
               ' */\n'
               'struct p9_catalogue_alternative {\n'
               '\tu32 code;\n'
               '\tu32 on_pmc[4];\n'
               '};\n\n'
               '#define P9_CATALOGUE_NR\t%d\n'
               '#define P9_RESTRICTIONS_NR\t%d\n'
               '#define P9_ALTERNATIVES_NR\t%d\n\n'
               '/* Sorted by code. */\n'
               'extern const struct p9_catalogue_event '
               'p9_catalogue[P9_CATALOGUE_NR];\n'
               'extern const struct p9_catalogue_restriction\n'
               '\tp9_restrictions[P9_RESTRICTIONS_NR];\n'
               'extern const struct p9_catalogue_alternative\n'
               '\tp9_alternatives[P9_ALTERNATIVES_NR];\n\n'
               'extern const struct p9_catalogue_group p9_groups[];\n'
               'extern const unsigned int p9_groups_len;\n'
               '%s\n%s\n'
               '#endif /* _P9_CATALOGUE_H */\n'
               % (tab_pad('\tunsigned int nr;', 40), len(events),
                  len(restricted), len(alts),
                  pmucat.events_decls(['p9_event_attrs']),
                  gen_event_codes(events)))
    return ''.join(out)


def gen_c(events, groups, aliases, restricted, alts):
    source = 'power9/events.json, groups.json and restrictions.json'
    out = [pmucat.c_banner(source, TOOL)]
    out.append('\n#include <kunit/visibility.h>\n#include <linux/export.h>\n#include <linux/kernel.h>\n\n'
               '#include "p9-catalogue.h"\n\n')
    out.append('const struct p9_catalogue_event p9_catalogue[P9_CATALOGUE_NR] = {\n')
    for ev in sorted(events, key=lambda e: int(e['code'], 16)):
        out.append('\t{ .entry.alias = %s,\n'
                   '\t  .entry.config = %s,\n'
                   '\t  .code = %s, .pmc = %d, .category = %s,\n'
                   '\t  .name = %s },\n'
                   % (pmucat.c_string(aliases[ev['code']]), c_code(ev['code']),
                      c_code(ev['code']), ev['pmc'],
                      enum_name(ev['category']), pmucat.c_string(ev['name'])))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(p9_catalogue);\n\n')
    out.append('const struct p9_catalogue_restriction\n'
               'p9_restrictions[P9_RESTRICTIONS_NR] = {\n')
    for code, major, minor, name in restricted:
        out.append('\t{ 0x%x, %d, %d },\t/* %s */\n' % (code, major, minor, name))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(p9_restrictions);\n\n')
    out.append('const struct p9_catalogue_alternative\n'
               'p9_alternatives[P9_ALTERNATIVES_NR] = {\n')
    for code, on_pmc, name in alts:
        out.append('\t{ 0x%x, { %s } },\t/* %s */\n'
                   % (code, ', '.join('0x%x' % c for c in on_pmc), name))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(p9_alternatives);\n\n')
    out.append('const struct p9_catalogue_group p9_groups[] = {\n')
    for g in groups:
        codes = [c_code(e['code']) for e in g['events']]
        out.append('\t{ .id = %d, .name = %s, .nr = %d,\n'
                   '\t  .codes = { %s } },\n'
                   % (g['id'], pmucat.c_string(g['name']), len(codes),
                      ', '.join(codes)))
    out.append('};\nEXPORT_SYMBOL_IF_KUNIT(p9_groups);\n\n'
               'const unsigned int p9_groups_len = '
               'ARRAY_SIZE(p9_groups);\n'
               'EXPORT_SYMBOL_IF_KUNIT(p9_groups_len);\n')
    out.append(pmucat.events_lists([(
        'p9_event_attrs', 'PMU_CORE_EVENT',
        [(aliases[ev['code']], int(ev['code'], 16))
         for ev in sorted(events, key=lambda e: int(e['code'], 16))])]))
    return ''.join(out)


def split_description(text):
    """(first sentence, whole text or None when it is the first sentence)."""
    m = re.match(r'(.*?[.!?])(?:\s+(?=[A-Z(])|$)', text)
    brief = m.group(1) if m else text
    return brief, (text if text != brief else None)


def perf_events(events, aliases):
    """{category: [perf JSON entries]}."""
    out = {}
    for ev in sorted(events, key=lambda e: int(e['code'], 16)):
        brief, public = split_description(ev['description'])
        entry = {
            'EventCode': c_code(ev['code']),
            'EventName': aliases[ev['code']].upper(),
            'BriefDescription': brief,
        }
        if public:
            entry['PublicDescription'] = public
        entry['Unit'] = 'power9'
        out.setdefault(ev['category'], []).append(entry)
    return out


# An identifier in a metric formula: an event or another metric.
METRIC_TOKEN_RE = re.compile(r'(?<![0-9.])[A-Za-z_][A-Za-z0-9_]*')


def computable(metrics):
    """Names of the metrics whose formula perf can evaluate."""
    ok = set()
    changed = True
    while changed:
        changed = False
        for m in metrics.values():
            if m['name'] in ok or m['unresolved']:
                continue
            if all(r in ok for r in m['metrics']):
                ok.add(m['name'])
                changed = True
    return ok


# PMC5 and PMC6 count run instructions and run cycles, and nothing else
# (the guide's A.1: "PMC5 and PMC6 are not programmable"); the catalogue's
# codes for those events are PMC4's and PMC2's.
PMC56 = {'PM_RUN_INST_CMPL': ('00000500FA', 5),
         'PM_RUN_CYC': ('00000600F4', 6)}


def fits_at_once(pmcs):
    """Whether events on these PMCs (0: any of PMC1-4) count at once."""
    fixed = [p for p in pmcs if p]
    if len(fixed) != len(set(fixed)):
        return False
    return len([p for p in pmcs if p in (0, 1, 2, 3, 4)]) <= 4


def place_events(names, fixed, by_name):
    """{name: code} for the event @names, each one of its name's codes,
    so that they and the {name: (code, pmc)} @fixed count at once; the
    first codes (the plain aliases') are tried first. None if no choice
    fits."""
    names = sorted(names)

    def search(i, chosen):
        if i == len(names):
            return dict(chosen)
        for code, pmc in by_name[names[i]]:
            pmcs = [p for _, p in fixed.values()] + \
                [p for _, p in chosen.values()] + [pmc]
            if fits_at_once(pmcs):
                chosen[names[i]] = (code, pmc)
                found = search(i + 1, chosen)
                if found is not None:
                    return found
                del chosen[names[i]]
        return None
    return search(0, {})


def perf_metrics(metrics_doc, event_names, events=(), aliases=None):
    listed = {m['name']: m for m in metrics_doc['metrics']}
    auxiliary = {m['name']: m for m in metrics_doc['auxiliary']}
    everything = dict(auxiliary, **listed)
    ok = computable(everything)
    wanted = [n for n in listed if n in ok]
    todo = list(wanted)
    while todo:
        for ref in everything[todo.pop()]['metrics']:
            if ref not in wanted:
                wanted.append(ref)
                todo.append(ref)
    idents = {extract.metric_ident(n) for n in wanted}
    # A name's codes: PMC5's or PMC6's first, which take no programmable
    # counter, then the plain alias's.
    by_name = {name: [code] for name, code in PMC56.items()}
    for ev in sorted(events, key=lambda e: aliases[e['code']] != e['name'].lower()):
        by_name.setdefault(ev['name'], []).append((ev['code'], ev['pmc']))
    placed = {}

    def place(name):
        """{event name: (code, pmc)} of metric @name and those it uses."""
        if name in placed:
            return placed[name]
        m = everything[name]
        fixed = {}
        for ref in m['metrics']:
            fixed.update(place(ref))
        own = {t for t in METRIC_TOKEN_RE.findall(m['formula'])
               if t in by_name and t not in fixed}
        chosen = place_events(own, fixed, by_name)
        if chosen is None:
            # More than the PMCs hold at once: perf multiplexes them.
            chosen = {t: by_name[t][0] for t in own}
        placed[name] = dict(fixed, **chosen)
        return placed[name]

    out = []
    for name in sorted(wanted, key=extract.metric_ident):
        m = everything[name]
        codes = place(name) if by_name else {}

        def qualify(match):
            tok = match.group(0)
            if tok in codes and codes[tok][0] not in aliases:
                # PMC5/6 have no catalogue code: the raw event, escaped.
                return 'power9@event\\=0x%x@' % int(codes[tok][0], 16)
            if tok in codes:
                return 'power9@%s@' % aliases[codes[tok][0]].upper()
            if tok in event_names:
                return 'power9@%s@' % tok
            if tok not in idents:
                raise DataError('metric %s: %s is neither an event nor a '
                                'generated metric' % (name, tok))
            return tok
        entry = {'MetricName': extract.metric_ident(name),
                 'MetricExpr': METRIC_TOKEN_RE.sub(qualify, m['formula'])}
        groups = []
        for listing in m.get('listings', []):
            if listing['group'] not in groups:
                groups.append(listing['group'])
        if groups:
            entry['MetricGroup'] = ';'.join(groups)
        if m['description']:
            entry['BriefDescription'] = m['description']
        unit = m['unit'] or ('%' if name.endswith('(%)') else None)
        if unit:
            if unit not in SCALE_UNITS:
                raise DataError('metric %s: unknown unit %r' % (name, unit))
            entry['ScaleUnit'] = SCALE_UNITS[unit]
        out.append(entry)
    return out


def perf_group_metrics(groups, aliases):
    """Table 5-24's groups as perf metric groups: one metric per event."""
    names = [g['name'] for g in groups]
    out = []
    for g in groups:
        group = g['name']
        if names.count(group) > 1:
            group = '%s_%d' % (group, g['id'])
        for e in g['events']:
            alias = aliases[e['code']]
            out.append({
                'MetricName': '%s.%s' % (group, alias),
                'MetricExpr': 'power9@%s@' % alias.upper(),
                'MetricGroup': group,
                'BriefDescription': '%s (%s) in PMC%d, Table 5-24 group '
                                    '%d' % (e['name'], c_code(e['code']),
                                            e['slot'], g['id']),
            })
    return out


def generate(data_dir=None):
    """{relative path: text} of every generated file."""
    def load(rel):
        path = os.path.join(data_dir or HERE, os.path.basename(rel))
        return pmucat.load_json(path)

    events_doc = load(extract.EVENTS_JSON)
    groups_doc = load(extract.GROUPS_JSON)
    metrics_doc = load(extract.METRICS_JSON)
    events = events_doc['events']
    known = {c for c, _, _ in CATEGORIES}
    for ev in events:
        if ev['category'] not in known:
            raise DataError('%s: unknown category %s' % (ev['code'],
                                                         ev['category']))
    codes = {ev['code'] for ev in events}
    for g in groups_doc['groups']:
        if len(g['events']) > GROUP_MAX_EVENTS:
            raise DataError('group %d has %d events' % (g['id'],
                                                        len(g['events'])))
        for e in g['events']:
            if e['code'] not in codes:
                raise DataError('group %d: %s not in the catalogue'
                                % (g['id'], e['code']))
    aliases = assign_aliases(events)
    restricted = restrictions(load(RESTRICTIONS_JSON))
    alts = alternatives(events, restricted)
    fields = pmucat.load_json(extract.FIELDS_JSON)
    files = pmucat.fields_files(fields, TOOL, 'power9/fields.json')
    files.update({
        H_FILE: gen_header(events, restricted, alts),
        C_FILE: gen_c(events, groups_doc['groups'], aliases, restricted,
                      alts),
    })
    per_cat = perf_events(events, aliases)
    for cat, _, _ in CATEGORIES:
        if cat in per_cat:
            files[os.path.join(PERF_DIR, cat + '.json')] = \
                pmucat.json_text(per_cat[cat])
    names = {e['EventName'] for entries in per_cat.values() for e in entries}
    files[os.path.join(PERF_DIR, 'metrics.json')] = pmucat.json_text(
        perf_metrics(metrics_doc, names, events, aliases))
    files[os.path.join(PERF_DIR, GROUP_METRICS)] = pmucat.json_text(
        perf_group_metrics(groups_doc['groups'], aliases))
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='fail if a generated file is stale')
    args = ap.parse_args(argv)
    try:
        files = generate()
    except DataError as e:
        print('gen.py: %s' % e, file=sys.stderr)
        return 2
    out = pmucat.Output(check=args.check)
    for rel in sorted(files):
        out.write(rel, files[rel])
    return out.finish()


if __name__ == '__main__':
    sys.exit(main())
