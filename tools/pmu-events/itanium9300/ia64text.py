# SPDX-License-Identifier: GPL-2.0-only
"""Text helpers for the Itanium 9300 manual: tables, entries, unit masks.

The manual text is a conversion of the printed reference manual: tables
are pipe-separated rows split into sheets, event entries of section 4.16
and chapter 5 are bullet lists ("- **Field:** value"), and symbol names
sometimes appear wrapped in <code> or ** markup.
"""

import re

_ASCII = {
    '–': '-', '—': '-', '‘': "'", '’': "'", '“': '"', '”': '"',
    '®': '', '™': '', '\u00a0': ' ', '≥': '>=', '≤': '<=', '×': 'x',
    '₀': '0', '₁': '1', '₂': '2', '₃': '3', '₄': '4', '₅': '5', '₆': '6',
    '₇': '7', '₈': '8', '₉': '9', '₋': '-',
}


def clean(text):
    """Plain ASCII text without markup."""
    text = re.sub(r'</?(i|code|b|sub|sup)>', '', text)
    text = re.sub(r'\[([^\]]*)\]\(#?[^)]*\)', r'\1', text)   # [x](#)
    text = text.replace('**', '').replace('`', '')
    text = re.sub(r'(?<![\w*])\*([^*]+)\*(?![\w*])', r'\1', text)
    for k, v in _ASCII.items():
        text = text.replace(k, v)
    text = ''.join(ch if ord(ch) < 0x80 else ' ' for ch in text)
    text = re.sub(r'\s+', ' ', text).strip()
    return text


def clean_formula(text):
    """An equation cell as plain text: keeps '*' (multiplication)."""
    text = text.replace('$', '')
    text = re.sub(r'</?(i|code|b|sub|sup)>', '', text).replace('`', '')
    text = text.replace('\\geq', '>=').replace('\\', '')
    return re.sub(r'\s+', ' ', text).strip()


def symbol(cell):
    """A symbol name cell without markup."""
    return clean(cell).strip('* ')


def split_row(line):
    s = line.strip()
    cells = [c.strip() for c in s.split('|')]
    return cells[1:-1] if s.endswith('|') else cells[1:]


def is_separator(cells):
    return all(re.fullmatch(r':?-*:?', c) for c in cells) and \
        any(len(c) > 3 for c in cells)


def table_after(lines, start, stop=None):
    """Rows of the pipe table following line index @start.

    Returns (line index, cells) pairs, without separator rows; the header
    row is kept (callers know their headers).  Stops at the first non-table
    line after the table began.
    """
    stop = len(lines) if stop is None else stop
    rows = []
    i = start + 1
    while i < stop:
        s = lines[i].strip()
        if s.startswith('|'):
            cells = split_row(s)
            if not is_separator(cells):
                rows.append((i, cells))
        elif s or rows:
            if rows:
                break
            if not s.startswith('Table') and s:
                break
        i += 1
    return rows


def yn(cell):
    """Y/N qualification cell: True, False, or None when blank/other."""
    c = clean(cell)
    if c == 'Y':
        return True
    if c == 'N':
        return False
    return None


UMASK_RE = re.compile(r'^(?:0?b)?([01x]{1,8})(?:-b?([01x]{1,8}))?$')


def umask_bits(cell):
    """Parse a unit-mask bit pattern such as bxx01, b0110 or b1001-b1111.

    The second value of a range may lack its 'b' (as printed once).

    Returns (value, care, last): value with don't-care bits as 0, the
    mask of bits that matter, and for a range the last value (else None).
    """
    c = clean(cell).replace(' ', '')
    m = UMASK_RE.match(c)
    if not m:
        return None
    pat = m.group(1)
    value = int(pat.replace('x', '0'), 2)
    care = int(''.join('0' if ch == 'x' else '1' for ch in pat), 2)
    last = None
    if m.group(2):
        last = int(m.group(2).replace('x', '0'), 2)
        if len(m.group(2)) != len(pat):
            return None
    return value, care, last


ALIAS_RE = re.compile(r'[a-z][a-z0-9_.-]*')


def alias_ok(alias):
    return bool(ALIAS_RE.fullmatch(alias)) and '--' not in alias \
        and '..' not in alias and not alias.endswith(('-', '.'))


def alias_of(name):
    """Lower-case sysfs alias of an event or event.umask name."""
    a = name.lower()
    a = re.sub(r'[^a-z0-9_.]+', '_', a).strip('_.')
    a = re.sub(r'_+', '_', a)
    return a
