#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""harness bench's figures as the tables and the chart the admin guides show.

Usage:
  bench-report.py model TEST.LOG        the models' figures that the x86
                                        KUnit tests print, as bench.csv rows
  bench-report.py tables BENCH.CSV DIR  DIR/power9-pmu-bench.csv (each
                                        measure on cpu and power9, and their
                                        ratio), sparc-t4-pmu-bench.csv and
                                        itanium9300-pmu-bench.csv (the
                                        models' median, least and most)
  bench-report.py chart TABLE.CSV SVG   the ratios of power9-pmu-bench.csv
                                        as bars, grouped as the table is
  bench-report.py show BENCH.CSV        its rows a line each, "pmu: measure
                                        median [least-most]"

BENCH.CSV holds lines "bench,measure,pmu,median,min,max,unit"; a median
that is not a number (a group the PMU refuses) is shown as it is.
"""
import csv
import re
import sys
from xml.sax.saxutils import escape

# What each bench measures, as the tables name it.
BENCHES = {
    "switch": "task switch",
    "pswitch": "perf stat -p switch",
    "record": "perf record",
    "mux": "multiplexing",
    "open": "open+close",
    "modules": "module",
    "sched": "scheduler (model)",
    "sample": "sample (model)",
    "mswitch": "task switch (model)",
}

# The models' figures, as the x86 KUnit log prints them: (regexp on the
# text after "# <test>: ", bench, measure).
MODEL_LINES = [
    (r"scheduler steps per rotation: median (\d+), min (\d+), max (\d+)",
     "sched", "steps per rotation of 20 events"),
    (r"register accesses per rotation: median (\d+), min (\d+), max (\d+)",
     "sched", "register accesses per rotation of 20 events"),
    (r"register accesses for one sample of one event: (\d+)",
     "sample", "register accesses, one event"),
    (r"register accesses for one sample: (\d+)",
     "sample", "register accesses, one event"),
    (r"register accesses for one sample of two events: (\d+)",
     "sample", "register accesses, two events"),
    (r"with PERF_SAMPLE_ADDR: (\d+)",
     "sample", "register accesses, one event, PERF_SAMPLE_ADDR"),
    (r"with PERF_SAMPLE_WEIGHT: (\d+)",
     "sample", "register accesses, one event, PERF_SAMPLE_WEIGHT"),
    (r"with PERF_SAMPLE_REGS_INTR: (\d+)",
     "sample", "register accesses, one event, PERF_SAMPLE_REGS_INTR"),
    (r"with PERF_SAMPLE_ADDR and WEIGHT: (\d+)",
     "sample", "register accesses, one event, ADDR and WEIGHT"),
    (r"one sample of (\d+) events: (\d+) accesses, \d+ of PCRs",
     "sample", None),
    (r"register accesses for a switch out and back in: (\d+)",
     "mswitch", "register accesses, out and back in, two events"),
    (r"register accesses for a switch between clone contexts: (\d+)",
     "mswitch", "register accesses, between clone contexts"),
]
MODEL_PMUS = {"p9k": "power9", "t4k": "sparc_t4", "ia64k": "itanium9300"}
NUMBERS = ["", "one", "two", "three", "four"]
UNITS = {"sched": None, "sample": "accesses", "mswitch": "accesses"}

TABLES = {
    "sparc_t4": "sparc-t4-pmu-bench.csv",
    "itanium9300": "itanium9300-pmu-bench.csv",
}


def model_rows(log):
    """bench.csv rows ("bench,measure,pmu,median,min,max,unit") of a log."""
    rows = []
    pat = re.compile(r"# (p9k|t4k|ia64k)_\w+: (.*)$")
    for line in log:
        m = pat.search(line)
        if not m:
            continue
        pmu, text = MODEL_PMUS[m.group(1)], m.group(2).strip()
        for regexp, bench, measure in MODEL_LINES:
            f = re.fullmatch(regexp, text)
            if not f:
                continue
            v = list(f.groups())
            if measure is None:
                n = int(v.pop(0))
                measure = "register accesses, %s event%s" % (
                    NUMBERS[n] if n < len(NUMBERS) else n,
                    "" if n == 1 else "s")
            if len(v) == 1:
                v *= 3
            unit = UNITS[bench] or measure.split(" per ")[0].split()[-1]
            rows.append([bench, measure, pmu] + v + [unit])
            break
    return rows


def read_bench(path):
    """{(bench, measure): {pmu: (median, min, max, unit)}}, in file order."""
    fig = {}
    with open(path, newline="") as f:
        for row in csv.reader(f):
            if len(row) != 7 or row[0] == "bench":
                continue
            fig.setdefault((row[0], row[1]), {})[row[2]] = tuple(row[3:])
    return fig


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def shown(text, unit):
    """A median in the unit a reader takes in at a glance."""
    v = number(text)
    if v is None:
        return text
    per = ""
    if "/" in unit:
        unit, per = unit.split("/", 1)
        per = "/" + per
    if unit == "us":
        v, unit = v * 1000, "ns"
    if unit == "ns":
        for scale, name in ((1e6, "ms"), (1e4, "us")):
            if v >= scale:
                return "%.4g %s%s" % (v / (scale if scale == 1e6 else 1e3),
                                      name, per)
        return "%.0f ns%s" % (v, per)
    if unit == "bytes":
        return "%.0f KiB" % (v / 1024)
    return "%g %s%s" % (v, unit, per)


def label(bench, measure):
    return "%s: %s" % (BENCHES.get(bench, bench),
                       measure.replace(": ", ", "))


def merged(rows):
    """Consecutive rows ending in numbers, whose other cells are the same
    words (the group sizes both PMUs refuse), as one row "N to M"."""
    out = []
    for row in rows:
        last = out[-1] if out else None
        m = last and re.fullmatch(r"(.*?)(\d+)(?: to (\d+))?", last[0])
        n = re.fullmatch(r"(.*?)(\d+)", row[0])
        if (m and n and m.group(1) == n.group(1) and last[1:] == row[1:] and
                all(number(c) is None for c in row[1:3]) and
                int(n.group(2)) == int(m.group(3) or m.group(2)) + 1):
            last[0] = "%s%s to %s" % (m.group(1), m.group(2), n.group(2))
            continue
        out.append(list(row))
    return out


def power9_table(fig):
    rows = [["measure", "cpu", "power9", "power9/cpu"]]
    body = []
    for (bench, measure), v in fig.items():
        if "power9" not in v:
            continue
        p9 = v["power9"]
        cpu = v.get("cpu")
        ratio = "-"
        if cpu and number(cpu[0]) and number(p9[0]) is not None:
            ratio = "%.2f" % (number(p9[0]) / number(cpu[0]))
        body.append([label(bench, measure),
                     shown(cpu[0], cpu[3]) if cpu else "-",
                     shown(p9[0], p9[3]), ratio])
    return rows + merged(body)


def model_table(fig, pmu):
    rows = [["measure", "median", "least", "most"]]
    for (bench, measure), v in fig.items():
        if pmu in v:
            med, lo, hi, unit = v[pmu]
            rows.append([label(bench, measure), shown(med, unit),
                         shown(lo, unit), shown(hi, unit)])
    return rows


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def read_table(path):
    """[(group, measure, ratio)] of a power9 table's rows with a ratio."""
    out = []
    with open(path, newline="") as f:
        for row in list(csv.reader(f))[1:]:
            r = number(row[3])
            if r is not None:
                group, _, measure = row[0].partition(": ")
                out.append((group, measure, r))
    return out


BAR = 16
GAP = 4
HEAD = 22
LABEL_W = 300
PLOT_W = 420
MARGIN = 12


def chart(bars):
    groups = {}
    for group, measure, r in bars:
        groups.setdefault(group, []).append((measure, r))
    height = (MARGIN * 2 + 30 + len(groups) * HEAD +
              len(bars) * (BAR + GAP) + 20)
    width = MARGIN * 2 + LABEL_W + PLOT_W + 60
    top = max([1.0] + [r for _, _, r in bars])
    scale = PLOT_W / (top * 1.05)
    x0 = MARGIN + LABEL_W
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 12}" font-size="13" '
        'font-weight="bold">power9 / cpu, medians of five runs '
        '(under 1.0: power9 costs less)</text>',
    ]
    y = MARGIN + 30
    for group, rows in groups.items():
        out.append(f'<text x="{MARGIN}" y="{y + 14}" font-weight="bold">'
                   f'{escape(group)}</text>')
        y += HEAD
        for measure, r in rows:
            w = max(r, 0) * scale
            fill = "#4a7bb7" if r <= 1.0 else "#c8553d"
            out.append(f'<text x="{x0 - 6}" y="{y + BAR - 4}" '
                       f'text-anchor="end">{escape(measure)}</text>')
            out.append(f'<rect x="{x0}" y="{y}" width="{w:.1f}" '
                       f'height="{BAR}" fill="{fill}"/>')
            out.append(f'<text x="{x0 + w + 4:.1f}" y="{y + BAR - 4}">'
                       f'{r:.2f}</text>')
            y += BAR + GAP
    one = x0 + scale
    out.append(f'<line x1="{one:.1f}" y1="{MARGIN + 26}" x2="{one:.1f}" '
               f'y2="{y + 4}" stroke="black" stroke-dasharray="4,3"/>')
    out.append(f'<text x="{one:.1f}" y="{y + 16}" text-anchor="middle">'
               '1.0</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) == 3 and argv[1] == "model":
        with open(argv[2], errors="replace") as f:
            csv.writer(sys.stdout, lineterminator="\n").writerows(
                model_rows(f))
    elif len(argv) == 4 and argv[1] == "tables":
        fig = read_bench(argv[2])
        write_csv(argv[3] + "/power9-pmu-bench.csv", power9_table(fig))
        for pmu, name in TABLES.items():
            write_csv(argv[3] + "/" + name, model_table(fig, pmu))
    elif len(argv) == 3 and argv[1] == "show":
        with open(argv[2], newline="") as f:
            for r in csv.reader(f):
                print("  %-12s %-50s %s [%s-%s]" % (r[2] + ":", r[1], r[3],
                                                    r[4], r[5]))
    elif len(argv) == 4 and argv[1] == "chart":
        with open(argv[3], "w") as f:
            f.write(chart(read_table(argv[2])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
