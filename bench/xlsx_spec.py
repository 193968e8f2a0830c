#!/usr/bin/env python3
"""Describe a workbook's content for bench_floor: every cell and every chart, and
what else the workbook's sheets carry: column widths, row heights, data
validations, conditional formats, links, page setup, and the defined names.

    python3 bench/xlsx_spec.py WORKBOOK.xlsx > SPEC

Reads the workbook's XML parts with the standard library only (zipfile, re)
and writes, cell by cell, what bench_floor replays with plain libxlsxwriter
calls: the same sheets, the same cells at the same places with the same
formula text and cached values and the same cell format indices, the same
shared strings, the same column widths, row heights, data validations,
conditional formats, links, page setup and defined names, and the same charts
with the same series ranges, names, lines, titles, axes and legend. What it
does not describe: merged cells, series markers, legend entries left out,
the cell formats' fonts, fills and number formats (only their number: the
s attribute), and the document properties. One item a line; text is escaped
(\\\\, \\n, \\t, \\r):

    S TEXT                          a shared string, in the workbook's order
    sheet NAME                      a worksheet, in workbook order
    r ROW                           the cells below are in this row (0-based)
    h HEIGHT                        this row's height in points
    x INDEX                         the cells below carry cell format INDEX (the
                                    workbook's s attribute; 0, as at the start of
                                    each sheet: none)
    f COL VALUE FORMULA             a formula with a numeric cached value
    g COL CACHED<TAB>FORMULA        a formula with a text cached value
    n COL VALUE                     a number
    s COL INDEX                     a shared string (index into the S lines)
    t COL TEXT                      an inline string (constant_memory workbooks)
    b COL                           a blank cell that carries a format
    u LOCATION<TAB>TEXT             the next cell is a link to LOCATION in the
                                    workbook (its text the cell's own)
    w FIRST LAST WIDTH              columns FIRST..LAST (0-based) are WIDTH wide (as
                                    the workbook gives it: libxlsxwriter's width plus
                                    its padding)
    v R1 C1 R2 C2 TYPE MIN MAX<TAB>TITLE<TAB>MESSAGE[<TAB>ITEMS]
                                    a data validation of cells R1:C1..R2:C2: TYPE
                                    whole, decimal or date (a serial day), between
                                    MIN and MAX, or list
                                    (MIN and MAX 0) of the comma-separated ITEMS;
                                    its error title and message (other validations
                                    are counted, not described: other_validations=)
    cf R1 C1 R2 C2 TYPE OPERATOR DXF FORMULA
                                    a conditional format: TYPE cellIs (with
                                    OPERATOR) or expression (OPERATOR -), the
                                    differential format DXF (0-based)
    page KEY=VALUE ...              the sheet's page setup and view: landscape=1,
                                    paper=N, fit=W,H, scale=N, margins=L,R,T,B,
                                    tab=RRGGBB, grid=0, pane=ROW,COL, breaks=R,R..,
                                    area=R1,C1,R2,C2, rows=R1,R2, cols=C1,C2
    header TEXT, footer TEXT        the sheet's page header and footer
    name NAME<TAB>FORMULA           a workbook-wide defined name
    dxfs N                          the workbook's differential formats
    chart SHEET TYPE                a chart inserted in sheet SHEET (1-based);
                                    TYPE line, column, column_stacked, bar,
                                    bar_stacked, area, pie or scatter
    series CAT VAL                  one series; CAT and VAL are S:R1:C1:R2:C2
                                    (sheet, 0-based rows and columns) or -
    sname S:R:C                     the series' name, from a cell
    sline RRGGBB WIDTH DASH         the series' line: colour, width in points
                                    (0: the default) and dash (- for solid)
    title TEXT                      the chart's title
    axis x|y NUMFMT<TAB>TITLE       an axis's number format (- for none) and title
    legend POS                      the legend's position (b, r, t, l) or none
    # count ...                     totals per sheet and for the workbook
"""
import re
import sys
import zipfile

ROW = re.compile(rb'<row r="(\d+)"([^>]*?)(?:/>|>(.*?)</row>)', re.S)
CELL = re.compile(rb'<c r="([A-Z]+)(\d+)"([^>]*?)(?:/>|>(.*?)</c>)', re.S)
ATTR_HT = re.compile(rb'\bht="([0-9.]+)"')
COL = re.compile(rb'<col min="(\d+)" max="(\d+)" width="([0-9.]+)"')
DV = re.compile(rb'<dataValidation ([^>]*)>(.*?)</dataValidation>', re.S)
DV_ATTR = re.compile(rb'\b(type|operator|errorTitle|error|sqref)="([^"]*)"')
FORMULA_N = re.compile(rb'<formula([12])>(.*?)</formula\1>', re.S)
TAB_COLOR = re.compile(rb'<tabColor rgb="(?:FF)?([0-9A-Fa-f]{6})"')
PANE = re.compile(rb'<pane ([^>]*)state="frozen"')
MARGINS = re.compile(rb'<pageMargins left="([0-9.]+)" right="([0-9.]+)" top="([0-9.]+)" '
                     rb'bottom="([0-9.]+)"')
PAGE_SETUP = re.compile(rb'<pageSetup ([^>]*)/>')
HEADER = re.compile(rb'<oddHeader>(.*?)</oddHeader>', re.S)
FOOTER = re.compile(rb'<oddFooter>(.*?)</oddFooter>', re.S)
BREAK = re.compile(rb'<brk id="(\d+)"')
LINK = re.compile(rb'<hyperlink ref="([A-Z]+\d+)" location="([^"]*)"(?: display="([^"]*)")?')
COND = re.compile(rb'<conditionalFormatting sqref="([^"]*)">(.*?)</conditionalFormatting>', re.S)
RULE = re.compile(rb'<cfRule ([^>]*)>(.*?)</cfRule>', re.S)
ATTRS = re.compile(rb'\b([a-zA-Z]+)="([^"]*)"')
FORMULA = re.compile(rb'<formula>(.*?)</formula>', re.S)
DXFS = re.compile(rb'<dxfs count="(\d+)"')
C_TITLE = re.compile(rb'<c:title>(.*?)</c:title>', re.S)
C_TEXT = re.compile(rb'<a:t>(.*?)</a:t>', re.S)
C_NAME = re.compile(rb'<c:tx><c:strRef><c:f>(.*?)</c:f>', re.S)
C_LINE = re.compile(rb'<c:spPr><a:ln(?: w="(\d+)")?>(.*?)</a:ln>', re.S)
C_RGB = re.compile(rb'<a:srgbClr val="([0-9A-Fa-f]{6})"')
C_DASH = re.compile(rb'<a:prstDash val="([a-zA-Z]+)"')
C_AXIS = re.compile(rb'<c:(?:valAx|catAx|dateAx)>(.*?)</c:(?:valAx|catAx|dateAx)>', re.S)
C_NUMFMT = re.compile(rb'<c:numFmt formatCode="([^"]*)"')
C_LEGEND = re.compile(rb'<c:legendPos val="([a-z]+)"')
DEFINED = re.compile(rb'<definedName name="([^"]*)"([^>]*)>(.*?)</definedName>', re.S)
ATTR_T = re.compile(rb'\bt="([a-zA-Z]+)"')
ATTR_S = re.compile(rb'\bs="(\d+)"')
F = re.compile(rb'<f(?:\s[^>]*)?>(.*?)</f>|<f(?:\s[^>]*)?/>', re.S)
V = re.compile(rb'<v>(.*?)</v>', re.S)
IS_T = re.compile(rb'<t(?:\s[^>]*)?>(.*?)</t>', re.S)
SI = re.compile(rb'<si>(.*?)</si>', re.S)
SHEET = re.compile(rb'<sheet [^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"')
REL = re.compile(rb'<Relationship ([^>]*)/?>')
ID = re.compile(rb'\bId="([^"]+)"')
TARGET = re.compile(rb'\bTarget="([^"]+)"')
SER = re.compile(rb'<c:ser>(.*?)</c:ser>', re.S)
CAT = re.compile(rb'<c:(?:cat|xVal)>.*?<c:f>(.*?)</c:f>', re.S)
VAL = re.compile(rb'<c:(?:val|yVal)>.*?<c:f>(.*?)</c:f>', re.S)
ENTITY = re.compile(rb'&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#[0-9]+);')
NAMED = {b'lt': b'<', b'gt': b'>', b'quot': b'"', b'apos': b"'", b'amp': b'&'}


def unescape(b):
    def one(m):
        e = m.group(1)
        if e in NAMED:
            return NAMED[e]
        code = int(e[2:], 16) if e[:2] == b'#x' else int(e[1:])
        return chr(code).encode()
    return ENTITY.sub(one, b)


def esc(b):
    """Bytes -> one line of text for the spec (UTF-8 kept as it is)."""
    b = b.replace(b'\\', b'\\\\').replace(b'\n', b'\\n').replace(b'\t', b'\\t')
    return b.replace(b'\r', b'\\r').decode('utf-8', 'replace')


def col_index(letters):
    n = 0
    for ch in letters:
        n = n * 26 + (ch - 64)
    return n - 1


def rels(z, path):
    """Relationship id -> target part, resolved against the part's folder."""
    folder, _, name = path.rpartition('/')
    rpath = f'{folder}/_rels/{name}.rels'
    if rpath not in z.namelist():
        return {}
    out = {}
    for m in REL.finditer(z.read(rpath)):
        i, t = ID.search(m.group(1)), TARGET.search(m.group(1))
        if not i or not t:
            continue
        target = t.group(1).decode()
        parts = target[1:].split('/') if target.startswith('/') else \
            (folder + '/' + target).split('/')
        norm = []
        for p in parts:
            if p == '..':
                norm.pop()
            elif p and p != '.':
                norm.append(p)
        out[i.group(1).decode()] = '/'.join(norm)
    return out


def parse_ref(ref, sheet_index):
    """'Sheet'!$D$4:$AN$4 -> S:R1:C1:R2:C2 (0-based), or '-'."""
    ref = unescape(ref).decode()
    sheet, _, cells = ref.rpartition('!')
    if sheet.startswith("'"):
        sheet = sheet[1:-1].replace("''", "'")
    where = area(cells)
    if not where or sheet not in sheet_index:
        return '-'
    return ':'.join(map(str, (sheet_index[sheet], *where)))


def chart_type(xml):
    if b'<c:lineChart>' in xml:
        return 'line'
    if b'<c:barChart>' in xml:
        kind = 'column' if b'<c:barDir val="col"/>' in xml else 'bar'
        if b'<c:grouping val="stacked"/>' in xml:
            kind += '_stacked'
        return kind
    for tag, name in ((b'<c:areaChart>', 'area'), (b'<c:pieChart>', 'pie'),
                      (b'<c:scatterChart>', 'scatter')):
        if tag in xml:
            return name
    return 'column'


def area(ref):
    """A1 or A1:B2 -> (r1, c1, r2, c2) 0-based, or None."""
    m = re.fullmatch(r'\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?', ref)
    if not m:
        return None
    c1, r1 = col_index(m.group(1).encode()), int(m.group(2)) - 1
    c2 = col_index(m.group(3).encode()) if m.group(3) else c1
    r2 = int(m.group(4)) - 1 if m.group(4) else r1
    return r1, c1, r2, c2


def print_names(workbook, n_sheets):
    """Each sheet's print area and titles, from the local defined names of the
    workbook's XML: {sheet index (0-based): ['area=...', 'rows=...', 'cols=...']}."""
    out = {}
    for m in DEFINED.finditer(workbook):
        local = re.search(rb'localSheetId="(\d+)"', m.group(2))
        if not local or int(local.group(1)) >= n_sheets:
            continue
        items = out.setdefault(int(local.group(1)), [])
        for part in unescape(m.group(3)).decode().split(','):
            ref = part.rpartition('!')[2].replace('$', '')
            where = area(ref)
            if m.group(1) == b'_xlnm.Print_Area' and where:
                items.append('area=' + ','.join(map(str, where)))
            elif m.group(1) == b'_xlnm.Print_Titles':
                a, _, b = ref.partition(':')
                if a.isdigit() and b.isdigit():
                    items.append(f'rows={int(a) - 1},{int(b) - 1}')
                elif a.isalpha() and b.isalpha():
                    items.append(f'cols={col_index(a.encode())},{col_index(b.encode())}')
    return out


def page(w, xml, printing):
    """The sheet's page setup and view, header and footer."""
    items = []
    setup = PAGE_SETUP.search(xml)
    a = dict(ATTRS.findall(setup.group(1))) if setup else {}
    if a.get(b'orientation') == b'landscape':
        items.append('landscape=1')
    if b'paperSize' in a:
        items.append(f'paper={int(a[b"paperSize"])}')
    if b'fitToPage="1"' in xml:
        items.append(f'fit={int(a.get(b"fitToWidth", b"1"))},{int(a.get(b"fitToHeight", b"1"))}')
    if b'scale' in a:
        items.append(f'scale={int(a[b"scale"])}')
    m = MARGINS.search(xml)
    if m:
        items.append('margins=' + ','.join(g.decode() for g in m.groups()))
    m = TAB_COLOR.search(xml)
    if m:
        items.append(f'tab={m.group(1).decode()}')
    if b'showGridLines="0"' in xml:
        items.append('grid=0')
    m = PANE.search(xml)
    if m:
        p = dict(ATTRS.findall(m.group(1)))
        items.append(f'pane={int(p.get(b"ySplit", b"0"))},{int(p.get(b"xSplit", b"0"))}')
    breaks = BREAK.findall(xml)
    if breaks:
        items.append('breaks=' + ','.join(b.decode() for b in breaks))
    items += printing
    w('page ' + ' '.join(items) + '\n')
    for what, rx in (('header', HEADER), ('footer', FOOTER)):
        m = rx.search(xml)
        if m:
            w(f'{what} {esc(unescape(m.group(1)))}\n')


def validations(w, xml):
    """The sheet's data validations, a line each; (described, not described)."""
    done = other = 0
    for m in DV.finditer(xml):
        a = dict(DV_ATTR.findall(m.group(1)))
        f = dict(FORMULA_N.findall(m.group(2)))
        where = area(a.get(b'sqref', b'').decode())
        kind, items = a.get(b'type'), f.get(b'1', b'')
        if (kind == b'list' and where and len(items) > 1 and items[:1] == b'"' and
                items[-1:] == b'"'):
            bounds, tail = '0 0', '\t' + esc(unescape(items[1:-1]))
        elif (kind in (b'whole', b'decimal', b'date') and where and set(f) == {b'1', b'2'} and
              a.get(b'operator', b'between') == b'between'):
            bounds, tail = f'{f[b"1"].decode()} {f[b"2"].decode()}', ''
        else:
            other += 1
            continue
        w(f'v {" ".join(map(str, where))} {kind.decode()} {bounds}\t'
          f'{esc(unescape(a.get(b"errorTitle", b"")))}\t'
          f'{esc(unescape(a.get(b"error", b"")))}{tail}\n')
        done += 1
    return done, other


def conditional_formats(w, xml):
    """The sheet's conditional formats, a line a rule; (described, not described)."""
    done = other = 0
    for m in COND.finditer(xml):
        where = area(m.group(1).decode())
        for rule in RULE.finditer(m.group(2)):
            a = dict(ATTRS.findall(rule.group(1)))
            f = FORMULA.search(rule.group(2))
            kind = a.get(b'type')
            if not where or not f or b'dxfId' not in a or kind not in (b'cellIs', b'expression'):
                other += 1
                continue
            op = a.get(b'operator', b'-').decode() if kind == b'cellIs' else '-'
            w(f'cf {" ".join(map(str, where))} {kind.decode()} {op} {int(a[b"dxfId"])} '
              f'{esc(b"=" + unescape(f.group(1)))}\n')
            done += 1
    return done, other


def series_extras(w, ser, sheet_index):
    """A chart series' name and line."""
    m = C_NAME.search(ser)
    if m:
        name = parse_ref(m.group(1), sheet_index)
        if name != '-':
            w('sname ' + ':'.join(name.split(':')[:3]) + '\n')
    m = C_LINE.search(ser)
    rgb = C_RGB.search(m.group(2)) if m else None
    if rgb:
        width = int(m.group(1)) / 12700 if m.group(1) else 0
        dash = C_DASH.search(m.group(2))
        w(f'sline {rgb.group(1).decode()} {width:g} {dash.group(1).decode() if dash else "-"}\n')


def chart_extras(w, xml):
    """A chart's title, axes and legend."""
    plot = xml.find(b'<c:plotArea>')
    m = C_TITLE.search(xml, 0, plot if plot >= 0 else len(xml))
    if m:
        w('title ' + esc(unescape(b''.join(C_TEXT.findall(m.group(1))))) + '\n')
    for ax, body in zip('xy', C_AXIS.findall(xml)):
        fmt = C_NUMFMT.search(body)
        t = C_TITLE.search(body)
        w(f'axis {ax} {esc(unescape(fmt.group(1))) if fmt else "-"}\t'
          f'{esc(unescape(b"".join(C_TEXT.findall(t.group(1))))) if t else ""}\n')
    m = C_LEGEND.search(xml)
    w(f'legend {m.group(1).decode() if m else "none"}\n')


def cell(w, m, xf, count):
    """One cell's lines (its format first when it changes); returns its format."""
    col = col_index(m.group(1))
    sm = ATTR_S.search(m.group(3))
    if (int(sm.group(1)) if sm else 0) != xf:
        xf = int(sm.group(1)) if sm else 0
        w(f'x {xf}\n')
    tm = ATTR_T.search(m.group(3))
    t = tm.group(1) if tm else b'n'
    body = m.group(4) or b''
    fm, vm = F.search(body), V.search(body)
    if fm:
        formula = b'=' + unescape(fm.group(1) or b'')
        count['formulas'] += 1
        count['formula_bytes'] += len(formula)
        if t == b'str':
            cached = unescape(vm.group(1)) if vm else b''
            w(f'g {col} {esc(cached)}\t{esc(formula)}\n')
        else:
            w(f'f {col} {(vm.group(1) if vm else b"0").decode()} {esc(formula)}\n')
    elif t == b's':
        count['strings'] += 1
        w(f's {col} {int(vm.group(1))}\n')
    elif t == b'inlineStr':
        count['strings'] += 1
        w(f't {col} {esc(unescape(b"".join(IS_T.findall(body))))}\n')
    elif vm:
        count['numbers'] += 1
        w(f'n {col} {vm.group(1).decode()}\n')
    else:
        count['blanks'] += 1
        w(f'b {col}\n')
    return xf


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: xlsx_spec.py WORKBOOK.xlsx')
    z = zipfile.ZipFile(sys.argv[1])
    out = sys.stdout
    w = out.write
    if 'xl/sharedStrings.xml' in z.namelist():
        for si in SI.findall(z.read('xl/sharedStrings.xml')):
            w('S ' + esc(unescape(b''.join(IS_T.findall(si)))) + '\n')
    wb_rels = rels(z, 'xl/workbook.xml')
    workbook = z.read('xl/workbook.xml')
    sheets = [(unescape(m.group(1)).decode(), wb_rels[m.group(2).decode()])
              for m in SHEET.finditer(workbook)]
    sheet_index = {name: i + 1 for i, (name, _) in enumerate(sheets)}
    charts = []
    keys = ('formulas', 'formula_bytes', 'numbers', 'strings', 'blanks', 'links',
            'validations', 'other_validations', 'rules', 'other_rules')
    grand = dict.fromkeys(keys, 0)
    m = DXFS.search(z.read('xl/styles.xml')) if 'xl/styles.xml' in z.namelist() else None
    w(f'dxfs {int(m.group(1)) if m else 0}\n')
    printing = print_names(workbook, len(sheets))
    for idx, (name, path) in enumerate(sheets, 1):
        w(f'sheet {name}\n')
        count = dict.fromkeys(keys, 0)
        xml = z.read(path)
        for m in COL.finditer(xml):
            w(f'w {int(m.group(1)) - 1} {int(m.group(2)) - 1} {m.group(3).decode()}\n')
        page(w, xml, printing.get(idx - 1, []))
        links = {m.group(1): (unescape(m.group(2)), unescape(m.group(3) or b''))
                 for m in LINK.finditer(xml)}
        row, xf = -1, 0
        for rm in ROW.finditer(xml):
            r = int(rm.group(1)) - 1
            if r <= row:
                sys.exit(f'xlsx_spec: rows out of order in {path}')
            row = r
            w(f'r {r}\n')
            hm = ATTR_HT.search(rm.group(2))
            if hm:
                w(f'h {hm.group(1).decode()}\n')
            for m in CELL.finditer(rm.group(3) or b''):
                if int(m.group(2)) - 1 != r:
                    sys.exit(f'xlsx_spec: a cell out of its row in {path}')
                link = links.get(m.group(1) + m.group(2))
                if link:
                    w(f'u {esc(link[0])}\t{esc(link[1])}\n')
                    count['links'] += 1
                xf = cell(w, m, xf, count)
        count['validations'], count['other_validations'] = validations(w, xml)
        count['rules'], count['other_rules'] = conditional_formats(w, xml)
        w(f'# count sheet={idx} ' + ' '.join(f'{k}={count[k]}' for k in keys) + '\n')
        for k in keys:
            grand[k] += count[k]
        # Charts hang from the sheet's drawing.
        for target in rels(z, path).values():
            if '/drawings/' in target and target.endswith('.xml'):
                charts += [(idx, c) for c in rels(z, target).values() if '/charts/' in c]
    n_series = n_points = 0
    for idx, path in sorted(charts, key=lambda c: (len(c[1]), c[1])):
        xml = z.read(path)
        w(f'chart {idx} {chart_type(xml)}\n')
        for ser in SER.findall(xml):
            cm, vm = CAT.search(ser), VAL.search(ser)
            cat = parse_ref(cm.group(1), sheet_index) if cm else '-'
            val = parse_ref(vm.group(1), sheet_index) if vm else '-'
            w(f'series {cat} {val}\n')
            series_extras(w, ser, sheet_index)
            n_series += 1
            if val != '-':
                _, r1, c1, r2, c2 = map(int, val.split(':'))
                n_points += (r2 - r1 + 1) * (c2 - c1 + 1)
        chart_extras(w, xml)
    names = 0
    for m in DEFINED.finditer(workbook):
        if b'localSheetId' in m.group(2):
            continue  # a sheet's print area or titles: on its page line
        w(f'name {esc(unescape(m.group(1)))}\t{esc(b"=" + unescape(m.group(3)))}\n')
        names += 1
    w(f'# count total sheets={len(sheets)} ' + ' '.join(f'{k}={grand[k]}' for k in keys) +
      f' charts={len(charts)} series={n_series} points={n_points} names={names}\n')


if __name__ == '__main__':
    main()
