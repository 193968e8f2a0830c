#!/usr/bin/env python3
"""The Python peer: another workbook's content written again with Python's
XlsxWriter, the tool a user would otherwise write a report with.

    python3 bench/xlsx_peer.py [--reps N] SPEC OUT.xlsx

SPEC comes from bench/xlsx_spec.py, as for bench_floor, and is replayed the
way bench_floor replays it with libxlsxwriter: read into memory first, then,
with the clock running, every sheet in order, every cell at its place in row
order (formulas with their cached values, numbers, strings, links, blanks)
with a format for each of the workbook's cell formats (stand-ins, as
bench_floor's), what else each sheet carries (widths, heights, validations,
conditional formats, page setup, header and footer), the defined names, and
every chart with its series ranges, names and lines, title, axes and legend;
then workbook.close(). XlsxWriter gives the charts the cached values it has.
The interpreter's start and the reading of the spec are not timed.

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
    """The spec as a workbook: its sheets and charts (dicts), defined names and
    the number of differential formats."""
    sst, sheets, charts, names = [], [], [], []
    book = {'sheets': sheets, 'charts': charts, 'names': names, 'dxfs': 0}
    row, xf, link = 0, 0, None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            kind, _, rest = line.partition(' ')
            sheet = sheets[-1] if sheets else None
            if kind == 'S':
                sst.append(unescape(rest))
            elif kind == 'sheet':
                sheets.append({'name': unescape(rest), 'cells': [], 'widths': [], 'heights': {},
                               'valids': [], 'page': [], 'cfs': [], 'header': None,
                               'footer': None})
                xf = 0
            elif kind == 'r':
                row = int(rest)
            elif kind == 'h':
                sheet['heights'][row] = float(rest)
            elif kind == 'x':
                xf = int(rest)
            elif kind == 'u':
                link = 'internal:' + unescape(rest.partition('\t')[0])
            elif kind in ('f', 'n', 's', 't', 'b', 'g'):
                col, _, val = rest.partition(' ')
                cells = sheet['cells']
                if kind == 'f':
                    v, _, formula = val.partition(' ')
                    cells.append(('f', row, int(col), unescape(formula), float(v), xf))
                elif kind == 'g':
                    cached, _, formula = val.partition('\t')
                    cells.append(('f', row, int(col), unescape(formula), unescape(cached), xf))
                elif kind == 'n':
                    cells.append(('n', row, int(col), float(val), xf))
                elif kind in ('s', 't'):
                    text = sst[int(val)] if kind == 's' else unescape(val)
                    cells.append(('u', row, int(col), link, text, xf) if link else
                                 ('t', row, int(col), text, xf))
                else:
                    cells.append(('b', row, int(col), xf))
                link = None
            elif kind == 'w':
                first, last, width = rest.split(' ')
                # libxlsxwriter writes a width with 0.7109375 of padding added, as does XlsxWriter
                w = float(width)
                sheet['widths'].append((int(first), int(last), w - 0.7109375 if w > 1.7109375 else w))
            elif kind == 'v':
                head, title, message, *items = rest.split('\t')
                r1, c1, r2, c2, vtype, lo, hi = head.split(' ')
                if vtype == 'list':
                    options = {'validate': 'list', 'source': unescape(items[0]).split(',')}
                else:
                    options = {'validate': 'integer' if vtype == 'whole' else 'decimal',
                               'criteria': 'between', 'minimum': float(lo), 'maximum': float(hi)}
                if title:
                    options['error_title'] = unescape(title)
                if message:
                    options['error_message'] = unescape(message)
                sheet['valids'].append(((int(r1), int(c1), int(r2), int(c2)), options))
            elif kind == 'page':
                sheet['page'] = [item.split('=') for item in rest.split(' ') if item]
            elif kind in ('header', 'footer'):
                sheet[kind] = unescape(rest)
            elif kind == 'cf':
                r1, c1, r2, c2, ctype, op, dxf, formula = rest.split(' ', 7)
                sheet['cfs'].append(((int(r1), int(c1), int(r2), int(c2)), ctype, op, int(dxf),
                                     unescape(formula)[1:]))
            elif kind == 'dxfs':
                book['dxfs'] = int(rest)
            elif kind == 'name':
                name, _, formula = rest.partition('\t')
                names.append((unescape(name), unescape(formula)))
            elif kind == 'chart':
                where, _, ctype = rest.partition(' ')
                charts.append({'sheet': int(where) - 1, 'type': ctype, 'series': [],
                               'title': None, 'axes': {}, 'legend': None})
            elif kind == 'series':
                cat, _, val = rest.partition(' ')
                charts[-1]['series'].append({'cat': cat, 'val': val})
            elif kind == 'sname':
                charts[-1]['series'][-1]['name'] = list(map(int, rest.split(':')))
            elif kind == 'sline':
                colour, width, dash = rest.split(' ')
                charts[-1]['series'][-1]['line'] = (colour, float(width), dash)
            elif kind == 'title':
                charts[-1]['title'] = unescape(rest)
            elif kind == 'axis':
                fmt, _, title = rest[2:].partition('\t')
                charts[-1]['axes'][rest[0]] = (None if fmt == '-' else unescape(fmt),
                                               unescape(title))
            elif kind == 'legend':
                charts[-1]['legend'] = rest
    return book


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


DASHES = {'-': 'solid', 'dash': 'dash', 'sysDot': 'round_dot', 'sysDash': 'square_dot',
          'dashDot': 'dash_dot', 'lgDash': 'long_dash', 'lgDashDot': 'long_dash_dot',
          'lgDashDotDot': 'long_dash_dot_dot', 'dot': 'dash_dot'}
CRITERIA = {'equal': '==', 'notEqual': '!=', 'greaterThan': '>', 'lessThan': '<',
            'greaterThanOrEqual': '>=', 'lessThanOrEqual': '<='}
LEGEND = {'r': 'right', 'l': 'left', 't': 'top', 'b': 'bottom'}


def page(ws, sheet):
    """A sheet's page setup and view, header and footer (the spec's page line)."""
    for key, value in sheet['page']:
        v = [float(x) if '.' in x else int(x, 16 if key == 'tab' else 10)
             for x in value.split(',')]
        if key == 'landscape' and v[0]:
            ws.set_landscape()
        elif key == 'paper':
            ws.set_paper(v[0])
        elif key == 'fit':
            ws.fit_to_pages(v[0], v[1])
        elif key == 'scale':
            ws.set_print_scale(v[0])
        elif key == 'margins':
            ws.set_margins(*v)
        elif key == 'tab':
            ws.set_tab_color(f'#{v[0]:06X}')
        elif key == 'grid' and not v[0]:
            ws.hide_gridlines(2)
        elif key == 'pane':
            ws.freeze_panes(v[0], v[1])
        elif key == 'breaks':
            ws.set_h_pagebreaks(v)
        elif key == 'area':
            ws.print_area(*v)
        elif key == 'rows':
            ws.repeat_rows(*v)
        elif key == 'cols':
            ws.repeat_columns(*v)
    if sheet['header']:
        ws.set_header(sheet['header'])
    if sheet['footer']:
        ws.set_footer(sheet['footer'])


def write(book, out):
    """The workbook, as bench_floor writes it; the number of formulas."""
    wb = xlsxwriter.Workbook(out)
    # A stand-in for each cell format index, as bench_floor makes them (None: none).
    fmts = {0: None}
    dxfs = [wb.add_format({'bg_color': f'#{0x102030 + k:06X}'}) for k in range(book['dxfs'])]
    names = [sheet['name'] for sheet in book['sheets']]
    worksheets = []
    formulas = 0
    for sheet in book['sheets']:
        ws = wb.add_worksheet(sheet['name'])
        worksheets.append(ws)
        for first, last, width in sheet['widths']:
            ws.set_column(first, last, width)
        heights, done = sheet['heights'], set()
        for c in sheet['cells']:
            kind, xf = c[0], c[-1]
            if c[1] in heights and c[1] not in done:
                ws.set_row(c[1], heights[c[1]])
                done.add(c[1])
            fmt = fmts.get(xf)
            if fmt is None and xf:
                fmt = fmts[xf] = wb.add_format({'num_format': xf % 40, 'indent': 1 + xf // 40})
            if kind == 'f':
                ws.write_formula(c[1], c[2], c[3], fmt, c[4])
                formulas += 1
            elif kind == 'n':
                ws.write_number(c[1], c[2], c[3], fmt)
            elif kind == 't':
                ws.write_string(c[1], c[2], c[3], fmt)
            elif kind == 'u':
                ws.write_url(c[1], c[2], c[3], fmt, c[4])
            else:
                ws.write_blank(c[1], c[2], None, fmt)
        for where, options in sheet['valids']:
            ws.data_validation(*where, options)
        for where, ctype, op, dxf, formula in sheet['cfs']:
            if ctype == 'cellIs':
                rule = {'type': 'cell', 'criteria': CRITERIA[op], 'value': formula}
            else:
                rule = {'type': 'formula', 'criteria': formula}
            rule['format'] = dxfs[dxf]
            ws.conditional_format(*where, rule)
        page(ws, sheet)
    for name, formula in book['names']:
        wb.define_name(name, formula)
    for ch in book['charts']:
        chart = wb.add_chart(dict(CHART_TYPES.get(ch['type'], {'type': 'column'})))
        for se in ch['series']:
            s = {}
            if ref(se['cat'], names):
                s['categories'] = ref(se['cat'], names)
            if ref(se['val'], names):
                s['values'] = ref(se['val'], names)
            if 'name' in se:
                s['name'] = [names[se['name'][0] - 1], se['name'][1], se['name'][2]]
            if 'line' in se:
                colour, width, dash = se['line']
                s['line'] = {'color': f'#{colour}', 'dash_type': DASHES.get(dash, 'solid')}
                if width:
                    s['line']['width'] = width
            chart.add_series(s)
        if ch['title']:
            chart.set_title({'name': ch['title']})
        for axis, (fmt, title) in ch['axes'].items():
            options = {'name': title} if title else {}
            if fmt:
                options['num_format'] = fmt
            (chart.set_x_axis if axis == 'x' else chart.set_y_axis)(options)
        if ch['legend']:
            chart.set_legend({'none': True} if ch['legend'] == 'none' else
                             {'position': LEGEND.get(ch['legend'], 'right')})
        worksheets[ch['sheet']].insert_chart(1, 1, chart)
    wb.close()
    return formulas


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--reps', type=int, default=1)
    ap.add_argument('spec')
    ap.add_argument('out')
    a = ap.parse_args()
    book = read_spec(a.spec)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    walls, cpus, syss = [], [], []
    formulas = 0
    for _ in range(max(1, a.reps)):
        y0 = resource.getrusage(resource.RUSAGE_SELF).ru_stime
        t0, c0 = time.perf_counter(), time.process_time()
        formulas = write(book, a.out)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        syss.append(resource.getrusage(resource.RUSAGE_SELF).ru_stime - y0)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f'xlsx_peer xlsxwriter={xlsxwriter.__version__} reps={len(walls)} '
          f'median_s={statistics.median(walls):.6f} min_s={min(walls):.6f} '
          f'max_s={max(walls):.6f} cpu_s={statistics.median(cpus):.6f} '
          f'sys_s={statistics.median(syss):.6f} maxrss_kb={rss} '
          f'base_kb={base} formulas={formulas} charts={len(book["charts"])}')


if __name__ == '__main__':
    main()
