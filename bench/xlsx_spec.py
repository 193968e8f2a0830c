#!/usr/bin/env python3
"""Describe a workbook's content for bench_floor: every cell and every chart.

    python3 bench/xlsx_spec.py WORKBOOK.xlsx > SPEC

Reads the workbook's XML parts with the standard library only (zipfile, re)
and writes, cell by cell, what bench_floor replays with plain libxlsxwriter
calls: the same sheets, the same cells at the same places with the same
formula text and cached values, the same shared strings, and the same charts
with the same series ranges. One item a line; text is escaped (\\\\, \\n, \\t,
\\r):

    S TEXT                          a shared string, in the workbook's order
    sheet NAME                      a worksheet, in workbook order
    r ROW                           the cells below are in this row (0-based)
    f COL VALUE FORMULA             a formula with a numeric cached value
    g COL CACHED<TAB>FORMULA        a formula with a text cached value
    n COL VALUE                     a number
    s COL INDEX                     a shared string (index into the S lines)
    t COL TEXT                      an inline string (constant_memory workbooks)
    b COL                           a blank cell that carries a format
    chart SHEET TYPE                a chart inserted in sheet SHEET (1-based);
                                    TYPE line, column, column_stacked, bar,
                                    bar_stacked, area, pie or scatter
    series CAT VAL                  one series; CAT and VAL are S:R1:C1:R2:C2
                                    (sheet, 0-based rows and columns) or -
    # count ...                     totals per sheet and for the workbook
"""
import re
import sys
import zipfile

CELL = re.compile(rb'<c r="([A-Z]+)(\d+)"([^>]*?)(?:/>|>(.*?)</c>)', re.S)
ATTR_T = re.compile(rb'\bt="([a-zA-Z]+)"')
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
    m = re.fullmatch(r'\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?', cells)
    if not m or sheet not in sheet_index:
        return '-'
    c1, r1 = col_index(m.group(1).encode()), int(m.group(2)) - 1
    c2 = col_index(m.group(3).encode()) if m.group(3) else c1
    r2 = int(m.group(4)) - 1 if m.group(4) else r1
    return f'{sheet_index[sheet]}:{r1}:{c1}:{r2}:{c2}'


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
    sheets = [(unescape(m.group(1)).decode(), wb_rels[m.group(2).decode()])
              for m in SHEET.finditer(z.read('xl/workbook.xml'))]
    sheet_index = {name: i + 1 for i, (name, _) in enumerate(sheets)}
    charts = []
    keys = ('formulas', 'formula_bytes', 'numbers', 'strings', 'blanks')
    grand = dict.fromkeys(keys, 0)
    for idx, (name, path) in enumerate(sheets, 1):
        w(f'sheet {name}\n')
        count = dict.fromkeys(keys, 0)
        row = -1
        for m in CELL.finditer(z.read(path)):
            col, r = col_index(m.group(1)), int(m.group(2)) - 1
            if r != row:
                if r < row:
                    sys.exit(f'xlsx_spec: rows out of order in {path}')
                w(f'r {r}\n')
                row = r
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
            n_series += 1
            if val != '-':
                _, r1, c1, r2, c2 = map(int, val.split(':'))
                n_points += (r2 - r1 + 1) * (c2 - c1 + 1)
    w(f'# count total sheets={len(sheets)} ' + ' '.join(f'{k}={grand[k]}' for k in keys) +
      f' charts={len(charts)} series={n_series} points={n_points}\n')


if __name__ == '__main__':
    main()
