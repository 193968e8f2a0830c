#!/usr/bin/env python3
"""Draw the growth chart of docs/PERFORMANCE.md from run_bench.py --csv output.

    python3 bench/plot_growth.py RESULTS.csv OUT.svg

Standard library only: the SVG is written by hand. Four panels: wall time of
the xlsx writer, its libxlsxwriter floor and the JSON writer against the
number of options (120 months) and against the number of months (100
options); time per option-month against options; and memory against
option-months (peak resident set of the xlsx run and after tco_compute, and
what the floor adds while writing, in the default and constant_memory modes).
"""
import csv
import math
import sys

PANEL_W, PANEL_H = 360, 250
LEFT, TOP = 80, 60
GAP_X, GAP_Y = 110, 110
W = LEFT + 2 * PANEL_W + GAP_X + 40
H = TOP + 2 * PANEL_H + GAP_Y + 130
COLORS = {'xlsx': '#c0392b', 'floor': '#2471a3', 'floor_cm': '#7d3c98', 'json': '#229954',
          'compute': '#b9770e', 'target': '#555555'}


def esc(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')


def nice_max(v):
    """The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^k that is >= v."""
    if v <= 0:
        return 1
    p = 10 ** math.floor(math.log10(v))
    for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * p >= v * (1 - 1e-9):
            return m * p
    return 10 * p


class Panel:
    def __init__(self, out, col, row, title, xmax, ymax, xlabel, ylabel, xscale=1.0):
        self.out = out
        self.x0 = LEFT + col * (PANEL_W + GAP_X)
        self.y0 = TOP + row * (PANEL_H + GAP_Y)
        self.xmax, self.ymax = nice_max(xmax), nice_max(ymax)
        x0, y0 = self.x0, self.y0
        out.append(f'<text x="{x0 + PANEL_W / 2}" y="{y0 - 16}" text-anchor="middle" '
                   f'font-weight="bold">{esc(title)}</text>')
        out.append(f'<rect x="{x0}" y="{y0}" width="{PANEL_W}" height="{PANEL_H}" '
                   f'fill="none" stroke="#999"/>')
        for k in range(6):
            yv, xv = self.ymax * k / 5, self.xmax * k / 5
            y, x = self.y(yv), self.x(xv)
            out.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x0 + PANEL_W}" y2="{y:.1f}" '
                       f'stroke="#eee"/>')
            out.append(f'<text x="{x0 - 6}" y="{y + 4:.1f}" text-anchor="end" '
                       f'font-size="11">{yv:g}</text>')
            out.append(f'<text x="{x:.1f}" y="{y0 + PANEL_H + 16}" text-anchor="middle" '
                       f'font-size="11">{xv * xscale:g}</text>')
        out.append(f'<text x="{x0 + PANEL_W / 2}" y="{y0 + PANEL_H + 34}" '
                   f'text-anchor="middle" font-size="12">{esc(xlabel)}</text>')
        out.append(f'<text transform="translate({x0 - 52},{y0 + PANEL_H / 2}) rotate(-90)" '
                   f'text-anchor="middle" font-size="12">{esc(ylabel)}</text>')

    def x(self, v):
        return self.x0 + PANEL_W * v / self.xmax

    def y(self, v):
        return self.y0 + PANEL_H - PANEL_H * v / self.ymax

    def series(self, pts, color, dashed=False, join=True):
        """Points (x, y); a line joins them in x order."""
        pts = sorted(p for p in pts if p[1] is not None)
        if join and len(pts) > 1:
            d = ' '.join(f'{self.x(a):.1f},{self.y(b):.1f}' for a, b in pts)
            dash = ' stroke-dasharray="5,4"' if dashed else ''
            self.out.append(f'<polyline points="{d}" fill="none" stroke="{color}" '
                            f'stroke-width="1.5"{dash}/>')
        for a, b in pts:
            self.out.append(f'<circle cx="{self.x(a):.1f}" cy="{self.y(b):.1f}" r="3.5" '
                            f'fill="{color}"/>')

    def hline(self, v, color, label):
        y = self.y(v)
        self.out.append(f'<line x1="{self.x0}" y1="{y:.1f}" x2="{self.x0 + PANEL_W}" '
                        f'y2="{y:.1f}" stroke="{color}" stroke-dasharray="2,3"/>')
        self.out.append(f'<text x="{self.x0 + PANEL_W - 4}" y="{y - 4:.1f}" font-size="11" '
                        f'text-anchor="end" fill="{color}">{esc(label)}</text>')


def num(v):
    return float(v) if v not in ('', None) else None


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: plot_growth.py RESULTS.csv OUT.svg')
    with open(sys.argv[1]) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r['n'], r['h'] = int(r['options']), int(r['months'])
        r['om'] = r['n'] * r['h']
    by_n = [r for r in rows if r['h'] == 120]
    by_h = [r for r in rows if r['n'] == 100]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="13">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    times = (('xlsx_s', 'xlsx'), ('floor_s', 'floor'), ('json_s', 'json'))

    p = Panel(out, 0, 0, 'Time against options (120 months)', max(r['n'] for r in by_n),
              max(num(r['xlsx_s']) for r in by_n), 'options', 'seconds')
    for key, color in times:
        p.series([(r['n'], num(r[key])) for r in by_n], COLORS[color])

    p = Panel(out, 1, 0, 'Time against months (100 options)', 120,
              max(num(r['xlsx_s']) for r in by_h), 'months', 'seconds')
    for key, color in times:
        p.series([(r['h'], num(r[key])) for r in by_h], COLORS[color])

    per = [num(r['xlsx_s']) * 1e6 / r['om'] for r in by_n]
    p = Panel(out, 0, 1, 'Time per option-month (120 months)', max(r['n'] for r in by_n),
              max(per) * 1.2, 'options', 'microseconds per option-month')
    for key, color in times:
        p.series([(r['n'], num(r[key]) * 1e6 / r['om']) for r in by_n], COLORS[color])

    mem = (('rss_xlsx_kb', 'xlsx', False), ('floor_adds_kb', 'floor', True),
           ('floor_cm_adds_kb', 'floor_cm', True), ('rss_compute_kb', 'compute', False))
    ymax = max(max(num(r[k]) or 0 for r in rows) for k, _, _ in mem) / 1024
    p = Panel(out, 1, 1, 'Memory against option-months', max(r['om'] for r in rows),
              max(ymax, 70), 'option-months (thousands)', 'MB', xscale=1e-3)
    for key, color, dashed in mem:
        p.series([(r['om'], num(r[key]) / 1024 if num(r[key]) is not None else None)
                  for r in rows], COLORS[color], dashed)
    p.hline(64, COLORS['target'], 'target for 1000 x 120: 64 MB')

    legend = [('tco xlsx writer (memory: peak RSS of the run)', COLORS['xlsx']),
              ('libxlsxwriter floor (memory: what writing adds)', COLORS['floor']),
              ('floor in constant_memory mode (what writing adds)', COLORS['floor_cm']),
              ('JSON writer', COLORS['json']),
              ('peak RSS after tco_compute (scenario and results)', COLORS['compute'])]
    base = TOP + 2 * PANEL_H + GAP_Y + 64
    for k, (label, color) in enumerate(legend):
        x = LEFT + (k % 2) * (PANEL_W + GAP_X)
        y = base + 22 * (k // 2)
        out.append(f'<rect x="{x}" y="{y - 7}" width="16" height="4" fill="{color}"/>')
        out.append(f'<text x="{x + 22}" y="{y}" font-size="12">{esc(label)}</text>')
    out.append('</svg>')
    with open(sys.argv[2], 'w') as f:
        f.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
