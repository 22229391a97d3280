#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Extract the SPARC T4 event catalogue from the T4 supplement, chapter 10.

Sources in the manual text:
  TABLE 10-2 "sl Field Settings" sheets 1-7: sl groups, their mask
      encodings, the Precise Event and Virtual processor-specific columns
      and the "Any other value" rows that say which mask bits are ignored
      and which multi-bit masks are useful.  Sheet 8 (sl 28-31) is not in
      the text; sl 28 is known from the "Programming Note (sl 28)".
  TABLE 10-7 "DRAM Performance Counter Select Codes".

curation.json holds every decision that is not read mechanically from the
text (sysfs aliases, Solaris's cpustat names, contradictions, the sl 28
events), each with a reason.
Output: events.json (sl groups and core events) and dram.json.

  extract.py          write events.json and dram.json
  extract.py --check  fail if the committed files differ from what the
                      manual and curation.json produce
"""

import argparse
import itertools
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import pmucat  # noqa: E402
from t4text import (SUPERSCRIPTS, alias_ok, bits_of, clean,  # noqa: E402
                    footnotes, hex_values, hexstr, strip_footnotes,
                    table_rows)

OUT_DIR = 'tools/pmu-events/sparc_t4'
CURATION = os.path.join(HERE, 'curation.json')

SHEET_RE = re.compile(r'^TABLE 10-2 sl Field Settings \((\d+) of (\d+)\)')
DRAM_RE = re.compile(r'^TABLE 10-7 DRAM Performance Counter Select Codes')
NOTE_RE = re.compile(r'^Programming Note \(sl (\d+)\) For sl \1 \(([^)]+)\)')
MASK_CELL_RE = re.compile(
    r'^(?:[0-9A-Fa-f]+ ?₁₆(?: ?, ?[0-9A-Fa-f]+ ?₁₆)*|Any other value|'
    r'Any value|—)$')
SL_CELL_RE = re.compile(r'^(\d+)(?:-(\d+))?(?: ?[%s]+)?$' % SUPERSCRIPTS)
ALL_MASK = 0x3f


class ExtractError(Exception):
    pass


def is_mask(cell):
    return bool(MASK_CELL_RE.match(cell))


def normalize(cells):
    """Map a TABLE 10-2 row onto (sl, mask, event, precise, vp, desc).

    Sheet 2 has rows whose cells were shifted one column to the right (the
    sl 6 row and its continuations) or to the left (rows whose mask landed
    in the sl column); both are put back in place here.
    """
    c = list(cells) + [''] * 8
    if c[0] == '' and (c[1] == '' or SL_CELL_RE.match(c[1])) \
            and not is_mask(c[1]) and is_mask(c[2]):
        c = c[1:]
    elif is_mask(c[0]) and not SL_CELL_RE.match(c[0]) and c[1] == '':
        c = [''] + [c[0]] + c[2:]
    return c[:6]


def read_sheets(lines):
    sheets = {}
    declared = None
    for i, line in enumerate(lines):
        m = SHEET_RE.match(line.strip())
        if m:
            sheets[int(m.group(1))] = i
            declared = int(m.group(2))
    if not sheets:
        raise ExtractError('TABLE 10-2 not found')
    return sheets, declared


def parse_table(lines):
    """Rows of TABLE 10-2 grouped by sl value."""
    sheets, declared = read_sheets(lines)
    groups = {}
    reserved = []
    cur = None
    for sheet in sorted(sheets):
        title = 'TABLE 10-2 (%d of %d)' % (sheet, declared)
        for ln, cells in table_rows(lines, sheets[sheet]):
            if any('sl[4:0]' in x or 'Precise Event' in x for x in cells):
                continue
            if not any(cells):
                continue
            sl, mask, event, precise, vp, desc = normalize(cells)
            if sl:
                m = SL_CELL_RE.match(sl)
                if not m:
                    raise ExtractError('line %d: bad sl cell %r' % (ln + 1, sl))
                lo = int(m.group(1))
                hi = int(m.group(2) or lo)
                if mask == '—' or (event == '—' and desc == 'Reserved'):
                    cur = None
                    if lo != 0:
                        reserved.extend(range(lo, hi + 1))
                    continue
                if lo != hi:
                    raise ExtractError('line %d: sl range with events' % (ln + 1))
                if lo in groups:
                    raise ExtractError('line %d: sl %d twice' % (ln + 1, lo))
                cur = groups[lo] = {
                    'sl': lo, 'sheet': title, 'line': ln + 1,
                    'footnotes': footnotes(sl), 'rows': [],
                }
            if cur is None:
                if mask or event or desc:
                    raise ExtractError('line %d: row outside a group' % (ln + 1))
                continue
            cur['rows'].append({
                'line': ln + 1, 'sheet': title, 'mask': mask, 'event': event,
                'precise': precise, 'vp': vp, 'desc': desc,
            })
    missing = [k for k in range(1, declared + 1) if k not in sheets]
    return groups, sorted(reserved), missing


IGNORE_RES = [
    (re.compile(r'mask\[(\d)(?::(\d))?\] (?:is|are) ignored'), 'range'),
    (re.compile(r'mask bit (\d) is ignored'), 'bit'),
    (re.compile(r'[Tt]he mask field is ignored|mask bits are ignored'), 'all'),
]


def ignored_bits(text):
    """Mask bits the group text says are ignored, with the phrase used."""
    bits = 0
    phrases = []
    for rx, kind in IGNORE_RES:
        for m in rx.finditer(text):
            phrases.append(m.group(0))
            if kind == 'range':
                hi = int(m.group(1))
                lo = int(m.group(2)) if m.group(2) else hi
                for b in range(lo, hi + 1):
                    bits |= 1 << b
            elif kind == 'bit':
                bits |= 1 << int(m.group(1))
            else:
                bits = ALL_MASK
    return bits, phrases


def combinations_of_bits(bitlist):
    out = []
    for n in range(2, len(bitlist) + 1):
        for combo in itertools.combinations(bitlist, n):
            out.append(sum(1 << b for b in combo))
    return sorted(out)


def combine_policy(other_event, other_desc, multi_rows):
    """How the "Any other value" row treats multi-bit masks.

    any     any subset of the group's valid bits is meaningful
    listed  only the named masks and the listed combinations are useful
    single  only the named masks: other settings are not useful
    """
    text = '%s %s' % (other_event, other_desc)
    if re.search(r'only useful|can be combined', text) or multi_rows:
        return 'listed'
    if re.search(r'[Nn]ot useful|[Nn]ot meaningful|^Ignored|meaningless',
                 text.strip()):
        return 'single'
    if re.search(r'[Ss]ubset|[Cc]ombinations|^Different', other_event):
        return 'any'
    raise ExtractError('cannot classify "Any other value" row: %r' % text)


def listed_combinations(text):
    """Multi-bit masks that the "Any other value" text names as useful."""
    m = re.search(r'only useful mask settings with multiple bits set are '
                  r'(.*?)(?:, since|\.)', text)
    if m:
        return hex_values(m.group(1))
    m = re.search(r'mask bits ((?:\d, )*\d,? and \d) can be combined', text)
    if m:
        return combinations_of_bits(sorted(int(x) for x in
                                           re.findall(r'\d', m.group(1))))
    return []


def yes_no(cell, where):
    if cell == 'Yes':
        return True
    if cell == 'No':
        return False
    raise ExtractError('%s: expected Yes/No, got %r' % (where, cell))


def build_group(g):
    rows = g['rows']
    first = rows[0]
    where = 'line %d' % first['line']
    precise = yes_no(first['precise'], where)
    strand = yes_no(first['vp'], where)
    events = []
    multi = []
    others = []
    for r in rows:
        where = 'line %d' % r['line']
        if r['precise'] and r is not first:
            raise ExtractError('%s: Precise Event set inside a group' % where)
        if r['vp']:
            strand = yes_no(r['vp'], where)
        if r['mask'] == 'Any other value':
            others.append(r)
            continue
        if r['mask'] == 'Any value':
            masks = [0]
        else:
            masks = hex_values(r['mask'])
        ev = {
            'name': strip_footnotes(r['event']),
            'masks': masks,
            'description': r['desc'],
            'footnotes': footnotes(r['event']) + footnotes(r['desc']),
            'strand': strand,
            'line': r['line'],
            'sheet': r['sheet'],
            'any_value': r['mask'] == 'Any value',
        }
        if len(masks) > 1:
            multi.append(ev)
        else:
            events.append(ev)
    text = ' '.join(r['desc'] + ' ' + r['event'] for r in rows)
    other_event = ' '.join(r['event'] for r in others)
    other_desc = ' '.join(r['desc'] for r in others)
    return {
        'precise': precise, 'events': events, 'multi': multi,
        'text': text, 'other_event': other_event, 'other_desc': other_desc,
        'other_line': others[0]['line'] if others else None,
    }


class Curation:
    """curation.json, with a record of which entries were used."""

    def __init__(self, path):
        self.data = pmucat.load_json(path)
        self.used = set()
        for key, entry in self._entries():
            if not isinstance(entry, dict) or not entry.get('reason'):
                raise ExtractError('curation %s: no reason' % key)

    def _entries(self):
        yield 'aliases', self.data['aliases']
        yield 'cpustat', self.data['cpustat']
        for part in ('corrections', 'disagreements'):
            for k, v in self.data['cpustat'][part].items():
                yield 'cpustat/%s/%s' % (part, k), v
        yield 'dram', self.data['dram']
        for k, v in self.data['groups'].items():
            yield 'groups/' + k, v
        for i, v in enumerate(self.data['note_events']):
            yield 'note_events/%d' % i, v
        for k, v in self.data['footnote_markers'].items():
            yield 'footnote_markers/' + k, v

    def group(self, sl):
        key = str(sl)
        entry = self.data['groups'].get(key)
        if entry is not None:
            self.used.add('groups/' + key)
        return entry

    def unused(self):
        return [k for k, _ in self._entries()
                if k.startswith(('groups/', 'note_events/', 'footnote_markers/'))
                and k not in self.used]


def event_key(sl, mask):
    return '%d/%s' % (sl, hexstr(mask))


def cpustat_names(cur):
    """sl/mask key -> Solaris name, after the curated corrections."""
    cs = cur.data['cpustat']
    by_key = {}
    for name, key in cs['events'].items():
        if key in by_key:
            raise ExtractError('cpustat: %s and %s share %s'
                               % (by_key[key], name, key))
        by_key[key] = name
    for name, c in cs['corrections'].items():
        if name not in cs['events'] or c['cpustat'] == cs['events'][name]:
            raise ExtractError('cpustat correction of %s corrects nothing'
                               % name)
    for name in cs['disagreements']:
        if name not in cs['events']:
            raise ExtractError('cpustat disagreement on unknown %s' % name)
    return by_key


def event_alias(key, cpustat, aliases, what):
    """The cpustat name if Solaris has one, else the curated alias."""
    if key in cpustat:
        if key in aliases:
            raise ExtractError('curated alias for %s, which has the cpustat '
                               'name %s' % (key, cpustat[key]))
        return cpustat[key].lower()
    alias = aliases.pop(key, None)
    if alias is None:
        raise ExtractError('no curated alias for %s (%s)' % (key, what))
    return alias


def combined_events(cpustat, groups, events):
    """Events of cpustat names whose mask combines table rows."""
    by_sl = {g['sl']: g for g in groups}
    have = {event_key(e['sl'], int(e['mask'], 16)) for e in events}
    out = []
    for key, name in cpustat.items():
        if key in have:
            continue
        sl, mask = key.split('/')
        sl, mask = int(sl), int(mask, 16)
        g = by_sl.get(sl)
        if g is None:
            raise ExtractError('cpustat %s: sl %d is not in the table'
                               % (name, sl))
        if mask & ~int(g['valid_mask'], 16) or (
                g['combine'] != 'any' and
                hexstr(mask) not in g['useful_combinations']):
            raise ExtractError('cpustat %s: mask %s is not a combination '
                               'TABLE 10-2 allows for sl %d'
                               % (name, hexstr(mask), sl))
        rows = [e for e in events if e['sl'] == sl and
                len(bits_of(int(e['mask'], 16))) == 1 and
                int(e['mask'], 16) & mask]
        if sum(int(e['mask'], 16) for e in rows) != mask:
            raise ExtractError('cpustat %s: mask %s is not a union of rows'
                               % (name, hexstr(mask)))
        ev = {
            'sl': sl,
            'mask': hexstr(mask),
            'name': name,
            'alias': name.lower(),
            'description': 'Counts any of: %s.' % '; '.join(
                '%s (mask %s)' % (e['name'], e['mask']) for e in rows),
            'precise': g['precise'],
            'strand_specific': all(e['strand_specific'] for e in rows),
            'source': 'cpustat name %s; TABLE 10-2 rows %s' % (
                name, ', '.join(e['mask'] for e in rows)),
        }
        out.append(ev)
    return out


def extract_core(lines, cur):
    groups, reserved, missing = parse_table(lines)
    aliases = dict(cur.data['aliases']['events'])
    cpustat = cpustat_names(cur)
    used_aliases = set()
    out_groups = []
    out_events = []
    contradictions = []

    for sl in sorted(groups):
        g = groups[sl]
        b = build_group(g)
        cg = cur.group(sl) or {}
        named = [e for e in b['events'] if not e['any_value']]
        union = 0
        for e in named + b['multi']:
            for m in e['masks']:
                union |= m
        ign, phrases = ignored_bits(b['text'])
        if any(e['any_value'] for e in b['events']):
            if ign != ALL_MASK:
                raise ExtractError('sl %d: "Any value" row but mask used' % sl)
            valid = 0
            valid_source = 'text: ' + '; '.join(phrases)
        elif phrases:
            valid = ALL_MASK & ~ign
            valid_source = 'text: ' + '; '.join(phrases)
        else:
            valid = union
            valid_source = 'union of the named masks'
        if union & ~valid:
            if 'valid_mask' not in cg:
                raise ExtractError(
                    'sl %d: named masks use bits %s outside valid mask %s '
                    '(%s): needs curation' % (sl, hexstr(union), hexstr(valid),
                                              valid_source))
        if 'valid_mask' in cg:
            cvalid = int(cg['valid_mask'], 16)
            if cvalid == valid:
                raise ExtractError('sl %d: curated valid_mask agrees with the '
                                   'text: drop the override' % sl)
            contradictions.append({
                'where': 'sl %d' % sl,
                'manual': 'valid mask %s (%s)' % (hexstr(valid), valid_source),
                'curated': 'valid mask %s' % hexstr(cvalid),
                'reason': cg['reason'],
            })
            valid = cvalid
            valid_source = 'curation.json'

        if b['multi'] and b['events'] and any(e['any_value']
                                               for e in b['events']):
            raise ExtractError('sl %d: mixed row kinds' % sl)
        policy = ('ignored' if valid == 0 else
                  combine_policy(b['other_event'], b['other_desc'], b['multi']))
        useful = set()
        for e in named:
            if len(bits_of(e['masks'][0])) > 1:
                useful.add(e['masks'][0])
        for e in b['multi']:
            useful.update(e['masks'])
        useful.update(listed_combinations(b['other_desc']))
        if policy == 'any':
            useful.update(m for m in hex_values(b['other_desc'])
                          if len(bits_of(m)) > 1)
        if 'useful_masks' in cg:
            raise ExtractError('sl %d: useful_masks is read from the text' % sl)
        for m in useful:
            if m & ~valid:
                raise ExtractError('sl %d: useful mask %s outside valid bits'
                                   % (sl, hexstr(m)))

        strands = set()
        group_events = []
        for e in b['events']:
            group_events.append((e, e['masks'][0], []))
        for e in b['multi']:
            if re.search(r'[Cc]ombinations', e['name']):
                continue        # a family of combinations, not one event
            canon = 0
            for m in e['masks']:
                canon |= m
            if canon not in e['masks']:
                raise ExtractError('sl %d: %r has no covering mask'
                                   % (sl, e['name']))
            group_events.append((e, canon, sorted(set(e['masks']) - {canon})))
        for e, mask, equiv in group_events:
            key = event_key(sl, mask)
            alias = event_alias(key, cpustat, aliases, e['name'])
            ev = {
                'sl': sl,
                'mask': hexstr(mask),
                'name': clean(e['name']),
                'alias': alias,
                'description': clean(e['description']) or clean(e['name']),
                'precise': b['precise'],
                'strand_specific': e['strand'],
                'source': '%s, line %d' % (e['sheet'], e['line']),
            }
            if equiv:
                ev['equivalent_masks'] = [hexstr(m) for m in equiv]
            if e['footnotes']:
                ev['footnotes'] = e['footnotes']
            strands.add(e['strand'])
            out_events.append(ev)

        grp = {
            'sl': sl,
            'valid_mask': hexstr(valid),
            'valid_mask_source': valid_source,
            'precise': b['precise'],
            'strand_specific': ('mixed' if len(strands) > 1 else
                                'yes' if strands == {True} else 'no'),
            'combine': policy,
            'useful_combinations': [hexstr(m) for m in sorted(useful)],
            'source': '%s, line %d' % (g['sheet'], g['line']),
        }
        if b['other_line']:
            grp['other_values'] = clean(
                ('%s: %s' % (b['other_event'], b['other_desc'])).strip(': '))
            grp['other_values_line'] = b['other_line']
        if g['footnotes']:
            grp['footnotes'] = g['footnotes']
        out_groups.append(grp)

    notes = extract_notes(lines, cur, cpustat, aliases, missing, out_groups,
                          out_events)
    out_events += combined_events(cpustat, out_groups, out_events)
    fn_text, fn_missing, fn_curated = footnote_table(lines, out_groups,
                                                     out_events, cur)
    for key in aliases:
        raise ExtractError('curated alias for unknown event %s' % key)
    out_events.sort(key=lambda e: (e['sl'], int(e['mask'], 16)))
    for e in out_events:
        if not alias_ok(e['alias']):
            raise ExtractError('alias %r not perf-lexer safe' % e['alias'])
        if e['alias'] in used_aliases:
            raise ExtractError('alias %r twice' % e['alias'])
        used_aliases.add(e['alias'])
    out_groups.sort(key=lambda g: g['sl'])
    return {
        'manual': 'SPARC T4 Supplement to Oracle SPARC Architecture 2011, '
                  'Draft D0.4, chapter 10',
        'config': 'sl in config bits 0-4, mask in config bits 8-13',
        'missing_sheets': ['TABLE 10-2 (%d of 8)' % k for k in missing],
        'reserved_sl': reserved,
        'precise_sources': precise_sources(lines),
        'contradictions': contradictions + fn_curated,
        'notes': notes,
        'footnotes': fn_text,
        'missing_footnotes': fn_missing,
        'groups': out_groups,
        'events': out_events,
    }


FOOTNOTE_LINE_RE = re.compile(r'^(\d+)\. (.*)$')


def footnote_table(lines, groups, events, cur):
    """Footnotes of TABLE 10-2 that the text has, and the ones it lacks.

    Footnotes 1-5 were on a page that is not in the text.  The "4" marker
    of the strand-crossing events is checked against the footnote that
    describes them (curation.json footnote_markers).
    """
    sheets, _ = read_sheets(lines)
    start = sheets[max(sheets)]
    text = {}
    for i in range(start, len(lines)):
        l = lines[i].strip()
        if NOTE_RE.match(l) or l.startswith('10.3 '):
            break
        m = FOOTNOTE_LINE_RE.match(l)
        if m:
            text[int(m.group(1))] = {'line': i + 1, 'text': clean(m.group(2))}
    refs = set()
    for g in groups:
        refs.update(g.get('footnotes', []))
    for e in events:
        refs.update(e.get('footnotes', []))
    missing = sorted(refs - set(text))
    orphans = sorted(set(text) - refs - {int(c['footnote']) for c in
                                          cur.data['footnote_markers'].values()})
    if orphans:
        raise ExtractError('footnotes %s are referenced by no event'
                           % ', '.join(map(str, orphans)))
    curated = []
    for num, ce in cur.data['footnote_markers'].items():
        cur.used.add('footnote_markers/' + num)
        num = int(num)
        target = ce['footnote']
        if num not in missing or target not in text:
            raise ExtractError('footnote marker %d curation does not apply'
                               % num)
        if not re.search(ce['match'], text[target]['text']):
            raise ExtractError('footnote %d does not say %r'
                               % (target, ce['match']))
        marked = [e for e in events if num in e.get('footnotes', [])]
        bad = [e['alias'] for e in marked if e['strand_specific']]
        if bad:
            raise ExtractError('footnote %d events marked strand-specific: %s'
                               % (num, ', '.join(bad)))
        for e in marked:
            e['footnotes'] = [target if f == num else f for f in e['footnotes']]
        curated.append({
            'where': 'footnote marker %d (%d events)' % (num, len(marked)),
            'manual': 'marker %d; footnote %d is not in the text' % (num, num),
            'curated': 'footnote %d' % target,
            'reason': ce['reason'],
        })
        missing.remove(num)
    return ({str(k): v for k, v in sorted(text.items())}, missing, curated)


def precise_sources(lines):
    """Manual sentences that tie the Precise Event column to the traps."""
    wanted = [
        r'Events in certain event groups \(those marked as Precise in '
        r'TABLE 10-2\)',
        r'depends upon whether the event being counted is synchronous or '
        r'asynchronous, as denoted in TABLE 10-2',
        r'sl=5, mask=10 ?₁₆ must be used to count ITLB misses synchronously',
        r'there is no way to count DTLB misses synchronously',
    ]
    out = []
    for rx in wanted:
        hits = [i for i, l in enumerate(lines) if re.search(rx, l)]
        if len(hits) != 1:
            raise ExtractError('precise source %r found %d times'
                               % (rx, len(hits)))
        m = re.search(rx, lines[hits[0]])
        out.append({'line': hits[0] + 1, 'text': clean(m.group(0))})
    return out


def extract_notes(lines, cur, cpustat, aliases, missing, groups, events):
    """Groups known only from programming notes (sl values of sheet 8),
    with the encodings of a second source (cpustat names)."""
    found = {}
    for i, line in enumerate(lines):
        m = NOTE_RE.match(line.strip())
        if m:
            found[int(m.group(1))] = (i, m.group(2), line)
    notes = []
    for idx, ce in enumerate(cur.data['note_events']):
        cur.used.add('note_events/%d' % idx)
        sl = ce['sl']
        if sl not in found:
            raise ExtractError('no programming note for sl %d' % sl)
        if not missing:
            raise ExtractError('sl %d curated from a note, but TABLE 10-2 is '
                               'complete: extract it from the table' % sl)
        i, name, line = found.pop(sl)
        valid = int(ce['valid_mask'], 16)
        useful = [int(m, 16) for m in ce['useful_combinations']]
        note_masks = hex_values(line)
        for m in note_masks:
            if m & ~valid or (len(bits_of(m)) > 1 and m not in useful):
                raise ExtractError('sl %d: note mask %s not accepted'
                                   % (sl, hexstr(m)))
        named = sorted((int(k.split('/')[1], 16), n)
                       for k, n in cpustat.items()
                       if int(k.split('/')[0]) == sl)
        if not named:
            raise ExtractError('sl %d: no second source names it' % sl)
        for mask, cname in named:
            if mask & ~valid or (len(bits_of(mask)) > 1 and
                                 mask not in useful):
                raise ExtractError('sl %d: %s mask %s not accepted'
                                   % (sl, cname, hexstr(mask)))
            key = event_key(sl, mask)
            events.append({
                'sl': sl,
                'mask': hexstr(mask),
                'name': '%s (%s)' % (name, cname),
                'alias': event_alias(key, cpustat, aliases, name),
                'description': ce['description'].format(
                    mask=hexstr(mask), cpustat=cname),
                'precise': ce['precise'],
                'strand_specific': ce['strand_specific'],
                'source': 'Programming Note (sl %d), line %d; cpustat name %s'
                          % (sl, i + 1, cname),
                'footnotes': ce['footnotes'],
                'curated': ce['reason'],
            })
        groups.append({
            'sl': sl,
            'valid_mask': hexstr(valid),
            'valid_mask_source': 'the note and the cpustat encodings',
            'precise': ce['precise'],
            'strand_specific': 'yes' if ce['strand_specific'] else 'no',
            'combine': 'listed',
            'useful_combinations': [hexstr(m) for m in useful],
            'source': 'Programming Note (sl %d), line %d' % (sl, i + 1),
            'curated': ce['reason'],
        })
        notes.append({'sl': sl, 'line': i + 1, 'text': clean(line)})
    if found:
        raise ExtractError('programming notes for sl %s not curated'
                           % ', '.join(map(str, sorted(found))))
    return notes


def extract_dram(lines, cur):
    heads = [i for i, l in enumerate(lines) if DRAM_RE.match(l.strip())]
    if not heads:
        raise ExtractError('TABLE 10-7 not found')
    cd = cur.data['dram']
    names = dict(cd['names'])
    aliases = dict(cd['aliases'])
    codes = []
    reserved = []
    for h in heads:
        for ln, cells in table_rows(lines, h):
            if cells[0] == 'Select':
                continue
            m = re.fullmatch(r'([01x]{4}) ?₂', cells[0])
            if not m:
                raise ExtractError('line %d: bad select %r' % (ln + 1, cells[0]))
            bits = m.group(1)
            desc = clean(cells[1])
            if desc == 'Reserved':
                xs = bits.count('x')
                base = int(bits.replace('x', '0'), 2)
                reserved.extend(range(base, base + (1 << xs)))
                continue
            code = int(bits, 2)
            key = str(code)
            first = re.split(r'[.;]', desc)[0].strip()
            name = names.pop(key, first)
            alias = aliases.pop(key, None)
            if alias is None:
                raise ExtractError('no curated alias for DRAM select %d' % code)
            codes.append({
                'select': code,
                'select_bits': bits,
                'name': name,
                'alias': alias,
                'description': desc,
                'source': 'TABLE 10-7, line %d' % (ln + 1),
            })
    if names or aliases:
        raise ExtractError('DRAM curation for unknown codes: %s'
                           % ', '.join(sorted(set(names) | set(aliases))))
    seen = set()
    for c in codes:
        if not alias_ok(c['alias']) or c['alias'] in seen:
            raise ExtractError('bad or repeated DRAM alias %r' % c['alias'])
        seen.add(c['alias'])
    return {
        'manual': 'SPARC T4 Supplement, section 10.5, TABLE 10-7',
        'select_fields': field_layout(lines),
        'config': 'select code in config bits 0-3',
        'reserved_select': sorted(reserved),
        'events': sorted(codes, key=lambda c: c['select']),
    }


def field_layout(lines):
    """The sel0..sel3 fields of DRAM_PERF_CTL_REG (TABLE 10-4)."""
    out = []
    for l in lines:
        m = re.match(r'\| (\d+):(\d+) \| (sel\d) \| .*counts the events from '
                     r'(cou\d port\d)', l)
        if m:
            out.append({'field': m.group(3), 'bits': '%s:%s' % m.group(1, 2),
                        'source': m.group(4)})
    return sorted(out, key=lambda f: f['field'])


def extract(lines=None):
    if lines is None:
        lines = pmucat.read_manual_lines('sparc_t4')
    cur = Curation(CURATION)
    core = extract_core(lines, cur)
    dram = extract_dram(lines, cur)
    unused = cur.unused()
    if unused:
        raise ExtractError('curation entries not used: %s' % ', '.join(unused))
    return core, dram


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='compare with the committed files instead of writing')
    args = ap.parse_args(argv)
    try:
        core, dram = extract()
    except ExtractError as e:
        print('extract: %s' % e, file=sys.stderr)
        return 2
    out = pmucat.Output(check=args.check)
    out.write(OUT_DIR + '/events.json', pmucat.json_text(core))
    out.write(OUT_DIR + '/dram.json', pmucat.json_text(dram))
    return out.finish()


if __name__ == '__main__':
    sys.exit(main())
