#!/usr/bin/env python3
"""The Python peer: another workbook's content written again with Python's
XlsxWriter, the tool a user would otherwise write a report with.

    python3 bench/xlsx_peer.py [--reps N] SPEC OUT.xlsx

SPEC comes from bench/xlsx_spec.py, as for bench_floor, and is replayed the
way bench_floor replays it with libxlsxwriter: read into memory first, then,
with the clock running, every sheet in order, every cell at its place in row
order (formulas with their cached values, numbers, strings, blanks) with one
format, and every chart with its series ranges; then workbook.close(). The
interpreter's start and the reading of the spec are not timed.

Prints one line:
    xlsx_peer xlsxwriter=VERSION reps=N median_s=... min_s=... max_s=...
              cpu_s=... sys_s=... maxrss_kb=... base_kb=... formulas=... charts=...
(wall-clock times of one workbook, the median CPU time of one and of its system
part, this process's peak resident set, and its peak once the spec is read).
Needs python3-xlsxwriter.
"""
import argparse
import resource
import statistics
import sys
import time

try:
    import xlsxwriter
except ImportError:
    sys.exit('xlsx_peer: Python XlsxWriter is missing: apt-get install python3-xlsxwriter')

UNESCAPE = {'\\\\': '\\', '\\n': '\n', '\\t': '\t', '\\r': '\r'}


def unescape(s):
    if '\\' not in s:
        return s
    out, i = [], 0
    while i < len(s):
        two = s[i:i + 2]
        if two in UNESCAPE:
            out.append(UNESCAPE[two])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return ''.join(out)


def col_name(c):
    name = ''
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        name = chr(65 + r) + name
    return name


def read_spec(path):
    """The spec as lists: shared strings, sheets (name, cells) and charts."""
    sst, sheets, charts = [], [], []
    row = 0
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            kind, _, rest = line.partition(' ')
            if kind == 'S':
                sst.append(unescape(rest))
            elif kind == 'sheet':
                sheets.append((unescape(rest), []))
            elif kind == 'r':
                row = int(rest)
            elif kind in ('f', 'n', 's', 't', 'b', 'g'):
                col, _, val = rest.partition(' ')
                cells = sheets[-1][1]
                if kind == 'f':
                    v, _, formula = val.partition(' ')
                    cells.append(('f', row, int(col), unescape(formula), float(v)))
                elif kind == 'g':
                    cached, _, formula = val.partition('\t')
                    cells.append(('f', row, int(col), unescape(formula), unescape(cached)))
                elif kind == 'n':
                    cells.append(('n', row, int(col), float(val)))
                elif kind == 's':
                    cells.append(('t', row, int(col), sst[int(val)]))
                elif kind == 't':
                    cells.append(('t', row, int(col), unescape(val)))
                else:
                    cells.append(('b', row, int(col)))
            elif kind == 'chart':
                sheet, _, ctype = rest.partition(' ')
                charts.append((int(sheet) - 1, ctype, []))
            elif kind == 'series':
                cat, _, val = rest.partition(' ')
                charts[-1][2].append((cat, val))
    return sheets, charts


def ref(spec, names):
    """S:R1:C1:R2:C2 -> ='Sheet'!$A$1:$B$2, or None."""
    if spec == '-':
        return None
    s, r1, c1, r2, c2 = map(int, spec.split(':'))
    name = names[s - 1].replace("'", "''")
    return (f"='{name}'!${col_name(c1)}${r1 + 1}:${col_name(c2)}${r2 + 1}")


CHART_TYPES = {
    'line': {'type': 'line'},
    'column': {'type': 'column'},
    'column_stacked': {'type': 'column', 'subtype': 'stacked'},
    'bar': {'type': 'bar'},
    'bar_stacked': {'type': 'bar', 'subtype': 'stacked'},
    'area': {'type': 'area'},
    'pie': {'type': 'pie'},
    'scatter': {'type': 'scatter'},
}


def write(sheets, charts, out):
    """The workbook, as bench_floor writes it; the number of formulas."""
    wb = xlsxwriter.Workbook(out)
    fmt = wb.add_format({'num_format': '#,##0'})
    names = [name for name, _ in sheets]
    worksheets = []
    formulas = 0
    for name, cells in sheets:
        ws = wb.add_worksheet(name)
        worksheets.append(ws)
        for c in cells:
            kind = c[0]
            if kind == 'f':
                ws.write_formula(c[1], c[2], c[3], fmt, c[4])
                formulas += 1
            elif kind == 'n':
                ws.write_number(c[1], c[2], c[3], fmt)
            elif kind == 't':
                ws.write_string(c[1], c[2], c[3], fmt)
            else:
                ws.write_blank(c[1], c[2], None, fmt)
    for sheet, ctype, series in charts:
        chart = wb.add_chart(dict(CHART_TYPES.get(ctype, {'type': 'column'})))
        for cat, val in series:
            s = {}
            if ref(cat, names):
                s['categories'] = ref(cat, names)
            if ref(val, names):
                s['values'] = ref(val, names)
            chart.add_series(s)
        worksheets[sheet].insert_chart(1, 1, chart)
    wb.close()
    return formulas


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--reps', type=int, default=1)
    ap.add_argument('spec')
    ap.add_argument('out')
    a = ap.parse_args()
    sheets, charts = read_spec(a.spec)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    walls, cpus, syss = [], [], []
    formulas = 0
    for _ in range(max(1, a.reps)):
        y0 = resource.getrusage(resource.RUSAGE_SELF).ru_stime
        t0, c0 = time.perf_counter(), time.process_time()
        formulas = write(sheets, charts, a.out)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        syss.append(resource.getrusage(resource.RUSAGE_SELF).ru_stime - y0)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f'xlsx_peer xlsxwriter={xlsxwriter.__version__} reps={len(walls)} '
          f'median_s={statistics.median(walls):.6f} min_s={min(walls):.6f} '
          f'max_s={max(walls):.6f} cpu_s={statistics.median(cpus):.6f} '
          f'sys_s={statistics.median(syss):.6f} maxrss_kb={rss} '
          f'base_kb={base} formulas={formulas} charts={len(charts)}')


if __name__ == '__main__':
    main()
