#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The ratios of harness bench's figures, power9 over cpu, as an SVG chart.

Usage: bench-chart.py BENCH.CSV OUT.SVG

BENCH.CSV holds lines "bench,measure,pmu,median,min,max,unit"; every
measure with a figure for both the cpu and the power9 PMU gets a bar of
power9's median over cpu's, grouped by bench, with a line at 1.0.
"""
import csv
import sys
from xml.sax.saxutils import escape

BAR = 16
GAP = 4
HEAD = 22
LABEL_W = 300
PLOT_W = 420
MARGIN = 12


def ratios(path):
    """{bench: [(measure, ratio)]} in the order of the file."""
    fig = {}
    order = []
    with open(path, newline="") as f:
        for row in csv.reader(f):
            if len(row) != 7:
                continue
            bench, measure, pmu, median = row[0], row[1], row[2], row[3]
            try:
                value = float(median)
            except ValueError:
                continue
            key = (bench, measure)
            if key not in fig:
                fig[key] = {}
                order.append(key)
            fig[key][pmu] = value
    out = {}
    for key in order:
        v = fig[key]
        if "cpu" in v and "power9" in v and v["cpu"] > 0:
            out.setdefault(key[0], []).append((key[1], v["power9"] / v["cpu"]))
    return out


def chart(groups):
    bars = sum(len(g) for g in groups.values())
    height = MARGIN * 2 + 30 + len(groups) * HEAD + bars * (BAR + GAP) + 20
    width = MARGIN * 2 + LABEL_W + PLOT_W + 60
    top = max([1.0] + [r for g in groups.values() for _, r in g])
    scale = PLOT_W / (top * 1.05)
    x0 = MARGIN + LABEL_W
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 12}" font-size="13" '
        'font-weight="bold">harness bench: power9 / cpu, medians of five '
        'runs (a cost under 1.0: power9 adds less)</text>',
    ]
    y = MARGIN + 30
    for bench, rows in groups.items():
        out.append(f'<text x="{MARGIN}" y="{y + 14}" font-weight="bold">'
                   f'{escape(bench)}</text>')
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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    groups = ratios(sys.argv[1])
    with open(sys.argv[2], "w") as f:
        f.write(chart(groups))


if __name__ == "__main__":
    main()
