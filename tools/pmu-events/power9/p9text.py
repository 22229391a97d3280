# SPDX-License-Identifier: GPL-2.0-only
"""Reading the POWER9 PMU User's Guide text: chapter 5 tables and OCR repair.

This module holds the mechanical part of the extraction: finding the tables
of chapter 5, splitting their rows into cells and applying the generic OCR
repair rules described in extract.py.  It knows nothing about curation.
"""

import re

# Cyrillic letters the OCR produced in place of look-alike Latin letters and
# digits ("РМСЗ" for "PMC3", "СРІ" for "CPI").
HOMOGLYPHS = str.maketrans({
    'А': 'A', 'В': 'B', 'С': 'C', 'Е': 'E', 'Н': 'H', 'І': 'I', 'К': 'K',
    'М': 'M', 'О': 'O', 'Р': 'P', 'Т': 'T', 'Х': 'X', 'З': '3',
    'а': 'a', 'с': 'c', 'е': 'e', 'о': 'o', 'р': 'p', 'х': 'x', 'і': 'i',
})

# Chapter 5 tables: id -> (title words that must follow "Table 5-N" in a
# heading, kind of table, category).  The title words tell real headings from
# OCR debris such as "Table 5-15. (Oneer I 010)" inside Table 5-13.
TABLES = {
    '5-1': ('IFU Events', 'events', 'ifu'),
    '5-2': ('Branch Events', 'events', 'branch'),
    '5-3': ('ISU Events', 'events', 'isu'),
    '5-4': ('VSU Events', 'events', 'vsu'),
    '5-5': ('LSU Events', 'events', 'lsu'),
    '5-6': ('Data Source Events', 'events', 'data_source'),
    '5-7': ('Translation Events', 'events', 'translation'),
    '5-8': ('Radix Events', 'events', 'radix'),
    '5-9': ('L2 Events', 'events', 'l2'),
    '5-10': ('L3 Events', 'events', 'l3'),
    '5-11': ('CPI Stack Table', 'cpi_tree', 'cpi_stack'),
    '5-12': ('CPI Stack Events', 'events', 'cpi_stack'),
    '5-13': ('Marked Events', 'events', 'marked'),
    '5-14': ('MMU Events', 'events', 'mmu'),
    '5-15': ('Transactional Memor', 'events', 'tm'),
    '5-16': ('PMC Events', 'events', 'pmc'),
    '5-17': ('POWER9 Metrics', 'metric_list', 'General'),
    '5-18': ('POWER9 Metrics', 'metric_list', 'CPI_Breakdown'),
    '5-19': ('POWER9 Metrics', 'metric_list', 'Cache'),
    '5-20': ('POWER9 Metrics', 'metric_list', 'Memory'),
    '5-21': ('POWER9 Metrics', 'metric_list', 'Translation'),
    '5-22': ('POWER9 Metrics', 'metric_list', 'Statistics'),
    '5-23': ('POWER9 Metric Events', 'formulas', None),
    '5-24': ('POWER9 Groups', 'groups', None),
}

CHAPTER_START = re.compile(r'^#+\s*5\.\s+Core PMU Events')
CHAPTER_END = re.compile(r'^#+\s*6\.\s')
SECTION = re.compile(r'^#+[\s*]*5\.(\d+)[.\d]*\s')
HEADING = re.compile(r'^Table (5-\d+)\b\s*\.?\s*(.*)$')
FIGURE_5_2 = re.compile(r'Figure 5-2\.\s+POWER9 Raw Event Coding')

MARKUP = [
    (re.compile(r'\$\\underline\{(?:\\text|\\sf)?\{?([^{}$]*)\}?\}\$'),
     r'\1'),
    (re.compile(r'</?(?:u|b|i|sup|sub)>'), ''),
    (re.compile(r'\$([^$]*)\$'), r'\1'),
    (re.compile(r'\\_'), '_'),
]


def fold(text):
    """Map homoglyphs to ASCII."""
    return text.translate(HOMOGLYPHS)


def strip_markup(text):
    for pat, rep in MARKUP:
        text = pat.sub(rep, text)
    return text


def norm_heading(line):
    text = strip_markup(fold(line))
    text = re.sub(r'[#*|\t ]+', ' ', text).strip()
    return text


def cells(line):
    """Tab-separated cells of @line, stripped, without trailing empty cells."""
    out = [c.strip() for c in line.split('\t')]
    while out and not out[-1]:
        out.pop()
    return out


class Row:
    """One table row: its table, line number (1-based) and cells."""

    def __init__(self, table, lineno, line):
        self.table = table
        self.lineno = lineno
        self.line = line
        self.cells = cells(line)

    def __repr__(self):
        return 'Row(%s, %d, %r)' % (self.table, self.lineno, self.cells)


def chapter5(lines):
    """(first, last) 0-based line indices of chapter 5."""
    start = end = None
    for i, line in enumerate(lines):
        if start is None and CHAPTER_START.match(line):
            start = i
        elif start is not None and CHAPTER_END.match(line):
            end = i
            break
    if start is None or end is None:
        raise ValueError('chapter 5 not found in the manual text')
    return start, end


def table_rows(lines):
    """Rows of chapter 5, grouped by table id; 'figure5-2' for Figure 5-2.

    A table starts at a heading "Table 5-N<title words>" and runs to the next
    heading or section heading.  Sheet headings of the same table, repeated
    on every page, and sheet headings printed after their sheet simply keep
    the current table.
    """
    start, end = chapter5(lines)
    current = None
    out = {t: [] for t in TABLES}
    out['figure5-2'] = []
    for i in range(start, end):
        line = lines[i]
        if SECTION.match(line):
            current = None
            continue
        head = norm_heading(line)
        if FIGURE_5_2.search(head):
            current = 'figure5-2'
            continue
        m = HEADING.match(head)
        if m and m.group(1) in TABLES:
            words = TABLES[m.group(1)][0]
            if m.group(2).replace(' ', '').startswith(words.replace(' ', '')):
                current = m.group(1)
                continue
        if current is None or '\t' not in line:
            continue
        row = Row(current, i + 1, line)
        if row.cells:
            out[current].append(row)
    return out


# --- repairs -------------------------------------------------------------

def repair_code(text):
    """Event code cell -> (10-digit code or None, [rules applied])."""
    rules = []
    code = fold(text).strip().upper()
    if not re.fullmatch(r'[0-9A-F]{1,10}', code):
        return None, rules
    if len(code) < 10:
        rules.append('code-zero-pad')
        code = code.zfill(10)
    return code, rules


def repair_name(text):
    """Event name cell -> (name, [rules applied]).

    Rules, in order: markup removal, homoglyph folding, joining of fragments
    split by line wrap (all white space dropped: event names never contain
    blanks), "L3.1"/"L2.1" -> "L31"/"L21" and lower-case letters -> upper
    case (names are upper case; "l" is the OCR reading of "L").  I/l, 1/L
    and O/0 confusions cannot be undone by a local rule; resolve_confusable()
    undoes them against the catalogue.
    """
    rules = []
    name = strip_markup(text)
    if name != text:
        rules.append('markup')
    folded = fold(name)
    if folded != name:
        rules.append('homoglyph')
        name = folded
    joined = re.sub(r'\s+', '', name)
    if joined != name:
        rules.append('join-fragments')
        name = joined
    dotted = re.sub(r'L([23])\.1', r'L\g<1>1', name)
    if dotted != name:
        rules.append('L3.1->L31')
        name = dotted
    upper = name.upper()
    if upper != name:
        rules.append('lower-case')
        name = upper
    return name, rules


NAME_RE = re.compile(r'^PM_[A-Z0-9]+(?:_[A-Z0-9]+)*$')


def valid_name(name):
    return bool(NAME_RE.match(name))


# Instruction mnemonics and words the OCR misread in descriptions (I for l,
# i for l): whole-word replacements.
DESCRIPTION_WORDS = {
    'Iwsync': 'lwsync',
    'Iq': 'lq',
    'Idmx': 'ldmx',
    'tibie': 'tlbie',
    'tible': 'tlbie',
}


class Vocabulary:
    """Words of the manual, to decide how a line-wrap hyphen is undone."""

    def __init__(self, lines):
        self.words = set()
        for line in lines:
            for w in re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", line):
                self.words.add(w.lower())

    def __contains__(self, word):
        return word.lower() in self.words


def clean_description(text, vocab):
    """Description cell -> cleaned text.

    Markup is dropped, blanks left around dropped markup are closed up, a
    word split by a line-wrap hyphen ("instruc- tion") is joined: without the
    hyphen when the manual uses the joined word elsewhere or neither form,
    with it when the manual uses the hyphenated form ("double- precision").
    After a digit the hyphen stays and the blank goes ("64- bit" -> "64-bit")
    except before "and", "or", "to" ("32- and 64-bit"); next to a capital
    letter the hyphen stays ("I- cache" -> "I-cache", "Non- FMA").  A blank
    after "/" is closed ("RC/CO/SN/ SQ").  Misread mnemonics are fixed
    (DESCRIPTION_WORDS).
    """
    t = fold(text)
    t = re.sub(r'</u>\s+s\b', 's', t)      # "<u>FXU</u> s" -> "FXUs"
    t = strip_markup(t)
    t = re.sub(r'\s+', ' ', t).strip()

    def dehyphen(m):
        left, right = m.group(1), m.group(2)
        first = re.match(r'[A-Za-z]+(?:-[A-Za-z]+)*', right).group(0)
        rest = right[len(first):]
        if left[-1].isdigit():
            if first in ('and', 'or', 'to'):
                return left + '- ' + right          # "32- and 64-bit"
            return left + '-' + right               # "64- bit"
        if left[-1].isupper() or right[0].isupper():
            return left + '-' + right               # "I- cache", "Non- FMA"
        joined = left + first
        hyph = left + '-' + first
        if hyph in vocab and joined not in vocab:
            return hyph + rest
        return joined + rest

    t = re.sub(r'\b([A-Za-z0-9]*[A-Za-z0-9])- ([A-Za-z][\w-]*)', dehyphen, t)
    t = re.sub(r'(?<=\w)/ (?=\w)', '/', t)      # "RC/CO/SN/ SQ"
    t = re.sub(r'\( ', '(', t)
    t = re.sub(r' ([),.;:])', r'\1', t)
    for bad, good in DESCRIPTION_WORDS.items():
        t = re.sub(r'\b%s\b' % bad, good, t)
    return t


CONFUSABLE = {'I': 'L1', 'L': 'I1', '1': 'IL', 'O': '0', '0': 'O'}


def resolve_confusable(name, known):
    """@name with I/L/1 and O/0 confusions undone against the set @known.

    Every single-character substitution among the confusable characters is
    tried; the repaired name is returned only when exactly one candidate is
    in @known (None otherwise).
    """
    found = set()
    for i, ch in enumerate(name):
        for alt in CONFUSABLE.get(ch, ''):
            cand = name[:i] + alt + name[i + 1:]
            if cand in known:
                found.add(cand)
    return found.pop() if len(found) == 1 else None
