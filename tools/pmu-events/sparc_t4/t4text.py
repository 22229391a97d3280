# SPDX-License-Identifier: GPL-2.0-only
"""Text helpers for the SPARC T4 manual: table rows, hex values, cleanup.

The manual text is a conversion of the printed supplement: tables are
pipe-separated rows, hexadecimal values carry a detached subscript radix
(for example "1F ₁₆"), and footnote references are superscript digits.
"""

import re

SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹'
_SUP_TO_DIGIT = {ord(c): str(i) for i, c in enumerate(SUPERSCRIPTS)}

# "1F ₁₆" or "01₁₆": a hexadecimal value with its radix subscript.
HEX_RE = re.compile(r'\b([0-9A-Fa-f]+) ?₁₆')
# Superscript footnote references, possibly separated by a space.
FOOTNOTE_RE = re.compile(r' ?([%s]+)' % SUPERSCRIPTS)

_ASCII = {
    '–': '-', '—': '-', '‘': "'", '’': "'", '“': '"', '”': '"',
    '₂': '',  # binary radix subscript (select codes are written in binary)
}


def table_rows(lines, start):
    """Rows of the pipe table that follows line index @start.

    Returns (line index, cells) pairs; the outer empty cells made by the
    leading and trailing pipes are dropped, separator rows are skipped.
    Stops at the first line that is neither blank nor a table row, once
    at least one row was seen.
    """
    rows = []
    i = start + 1
    while i < len(lines):
        s = lines[i].strip()
        if not s:
            i += 1
            continue
        if not s.startswith('|'):
            if rows:
                break
            i += 1
            continue
        cells = [c.strip() for c in s.split('|')]
        cells = cells[1:-1] if s.endswith('|') else cells[1:]
        if all(re.fullmatch(r'-*', c) for c in cells):
            i += 1
            continue
        rows.append((i, cells))
        i += 1
    return rows


def footnotes(text):
    """Footnote numbers referenced by superscripts in @text."""
    return [int(m.group(1).translate(_SUP_TO_DIGIT))
            for m in FOOTNOTE_RE.finditer(text)]


def strip_footnotes(text):
    return FOOTNOTE_RE.sub('', text).strip()


def hex_values(text):
    """Integer values of every subscripted hexadecimal number in @text."""
    return [int(m.group(1), 16) for m in HEX_RE.finditer(text)]


def clean(text):
    """Plain ASCII text: hex values as 0x.., no markup, no footnote marks."""
    text = re.sub(r'</?(i|code|b)>', '', text)
    text = text.replace('`', '')
    text = HEX_RE.sub(lambda m: '0x' + m.group(1).lower(), text)
    text = strip_footnotes(text)
    for k, v in _ASCII.items():
        text = text.replace(k, v)
    text = re.sub(r'\s+', ' ', text).strip()
    text = re.sub(r' ([,.;])', r'\1', text)
    return text


def bits_of(value):
    return [b for b in range(8) if value >> b & 1]


def hexstr(value, width=2):
    return '0x%0*x' % (width, value)


ALIAS_RE = re.compile(r'[a-z][a-z0-9_.-]*')


def alias_ok(alias):
    """A sysfs event name that perf's event parser accepts as one term."""
    return bool(ALIAS_RE.fullmatch(alias)) and '--' not in alias \
        and not alias.endswith(('-', '.'))
