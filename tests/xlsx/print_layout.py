#!/usr/bin/python3
"""The workbooks print like a finished report.

  print_layout.py BUILD_DIR REPO_DIR

Writes the workbook of every shipped scenario (config/*.ini), of
tests/data/analysis.ini (cases and Monte Carlo) and of tests/data/plans.ini (Plan
sheets), and two compare workbooks. Then,
read back by openpyxl, every sheet:
- prints on A4, landscape or portrait, within a print area that holds every cell with
  a value, but for what is read on screen only: the Sensitivity sheet's columns right
  of its tables (the charts' data) and the Checks sheet's reconciliation, below its
  integrity checks (docs/WORKBOOK.md, Printing);
- has a footer with the page number and the page count (&P, &N);
- repeats rows on every page when it has a heading row (a bold cell on a fill);
- gives each wrapped text cell (in a column shown) a row tall enough for its text: at least its lines
  times 1.25 times the font size, its lines estimated from the display width of its
  text (a wide CJK character counts two) against the width of its column (or merged
  columns), (width - 1) * 11 / size characters a line.
All the workbooks are printed to PDF by LibreOffice in one call; each page is given to
the sheet named at the right of its header (pdftotext). The Summary prints on at most
three pages (its table, readable, on one or two; its charts on the next), five when it
prints two pages wide (many options, its labels' columns repeated), and no page of any sheet is empty (text besides its header and footer).
Exit 0 when all hold; 1 otherwise.
"""
import glob, math, os, re, subprocess, sys, tempfile, unicodedata

import openpyxl
from openpyxl.utils import get_column_letter, range_boundaries

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import render_pdfs, tco_binary  # noqa: E402

COMPARES = [("seed-2026", "training-reserved"), ("seed-70b-inference", "seed-30b-training")]
# Sheets (by their names in the shipped templates) with columns right of their print
# area, or rows below it, read on screen only.
SCREEN_COLUMNS = ("Sensitivity", "敏感性分析")
SCREEN_ROWS = ("Checks", "校验")
DEFAULT_WIDTH = 8.43  # characters, a column without a width of its own
DEFAULT_HEIGHT = 15.0  # points, a row without a height of its own


def text_width(s):
    """Display width: wide and fullwidth characters count two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def col_widths(ws):
    """Column widths by column number, and the hidden columns."""
    widths, hidden = {}, set()
    for dim in ws.column_dimensions.values():
        for col in range(dim.min or 1, (dim.max or dim.min or 1) + 1):
            if dim.width:
                widths[col] = dim.width
            if dim.hidden:
                hidden.add(col)
    return widths, hidden


def wrapped_rows(ws, values):
    """Failures of the wrapped text cells of ws whose row is too short for their text.
    values: the same sheet read with cached values (a formula's text)."""
    widths, hidden = col_widths(ws)
    merged = {}
    for rng in ws.merged_cells.ranges:
        merged[(rng.min_row, rng.min_col)] = (rng.min_col, rng.max_col, rng.max_row - rng.min_row)
    bad = []
    for row in ws.iter_rows():
        for cell in row:
            if not cell.alignment or not cell.alignment.wrap_text or cell.column in hidden:
                continue  # not wrapped, or not printed
            text = values.cell(row=cell.row, column=cell.column).value
            if not isinstance(text, str) or not text.strip():
                continue
            c0, c1, extra = merged.get((cell.row, cell.column), (cell.column, cell.column, 0))
            if extra:
                continue  # spans rows: not one row's height
            width = sum(widths.get(col, DEFAULT_WIDTH) for col in range(c0, c1 + 1))
            size = float(cell.font.sz or 11) if cell.font else 11.0
            per_line = max(1.0, (width - 1) * 11.0 / size)
            lines = sum(max(1, math.ceil(text_width(part) / per_line))
                        for part in text.split("\n"))
            need = lines * 1.25 * size
            dim = ws.row_dimensions.get(cell.row)
            height = dim.height if dim is not None and dim.height else DEFAULT_HEIGHT
            if height + 0.01 < need:
                bad.append(f"{cell.coordinate} ({lines} lines, {text_width(text)} wide in "
                           f"{width:.0f}) row height {height:g} < {need:g}")
    return bad


def has_heading(ws):
    """A heading row: a bold cell on a solid fill."""
    for row in ws.iter_rows():
        for cell in row:
            if (cell.value is not None and cell.font and cell.font.b and cell.fill
                    and cell.fill.fill_type == "solid"):
                return True
    return False


def chart_gap_columns(ws):
    """Columns that only feed charts their gaps: every formula in them ends in NA()
    without a value (Buy-vs-Rent's markers). They sit right of the print area, so
    that no #N/A prints."""
    formulas, gaps = {}, {}
    for row in ws.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                formulas[cell.column] = formulas.get(cell.column, 0) + 1
                gaps[cell.column] = gaps.get(cell.column, 0) + ("NA()" in cell.value)
    return {c for c, n in formulas.items() if gaps[c] == n}


def used_range(ws):
    """The last row and column holding a value, chart-gap columns aside."""
    skip = chart_gap_columns(ws)
    r1 = c1 = 0
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is not None and cell.value != "" and cell.column not in skip:
                r1, c1 = max(r1, cell.row), max(c1, cell.column)
    return r1, c1


def check_sheets(path):
    """The workbook's sheets' print setup; returns (failures, sheet names)."""
    wb = openpyxl.load_workbook(path)
    vals = openpyxl.load_workbook(path, data_only=True)
    bad = []
    for ws in wb.worksheets:
        where = f"{os.path.basename(path)}: {ws.title}"
        if ws.page_setup.orientation not in ("landscape", "portrait"):
            bad.append(f"{where}: no orientation ({ws.page_setup.orientation})")
        if str(ws.page_setup.paperSize) != "9":
            bad.append(f"{where}: not A4 (paper size {ws.page_setup.paperSize})")
        footer = "".join((part.text or "") for part in (ws.oddFooter.left, ws.oddFooter.center,
                                                        ws.oddFooter.right))
        if "&P" not in footer or "&N" not in footer:
            bad.append(f"{where}: footer without page codes: {footer!r}")
        area = ws.print_area
        if not area:
            bad.append(f"{where}: no print area")
        else:
            areas = area if isinstance(area, list) else [area]
            _, _, ac, ar = range_boundaries(areas[0].split("!")[-1].replace("$", ""))
            r1, c1 = used_range(ws)
            if ws.title in SCREEN_COLUMNS:
                c1 = min(c1, ac)
            if ws.title in SCREEN_ROWS:
                r1 = min(r1, ar)
            if r1 > ar or c1 > ac:
                bad.append(f"{where}: print area {areas[0]} leaves out cells up to "
                           f"{get_column_letter(c1)}{r1}")
        if has_heading(ws) and not ws.print_title_rows:
            bad.append(f"{where}: a heading row, but no rows repeated on every page")
        bad += [f"{where}: {b}" for b in wrapped_rows(ws, vals[ws.title])]
    return bad, wb.sheetnames


def page_sheets(pdf, names):
    """The sheet of each page of pdf, from its header's right end, and whether the
    page has text besides its header and footer."""
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True,
                          timeout=300).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    out = []
    for page in pages:
        lines = [l.rstrip() for l in page.splitlines() if l.strip()]
        # The header is the first line that ends in a sheet's name (a chart's axis
        # labels may come before it in the text's order).
        sheet = None
        for head in lines[:12]:
            sheet = max((n for n in names if head.endswith(n)), key=len, default=None)
            if sheet:
                break
        out.append((sheet, len(lines) > 2))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    env = dict(os.environ, TCO_DATA_DIR=repo, SOURCE_DATE_EPOCH="0")
    scenarios = sorted(glob.glob(os.path.join(repo, "config", "*.ini")))
    scenarios.append(os.path.join(repo, "tests", "data", "analysis.ini"))
    scenarios.append(os.path.join(repo, "tests", "data", "plans.ini"))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        books = []
        for ini in scenarios:
            name = os.path.basename(ini)[:-4]
            books.append((os.path.join(tmp, name + ".xlsx"), ["report", ini]))
        for a, b in COMPARES:
            books.append((os.path.join(tmp, f"{a}--{b}.xlsx"),
                          ["compare", os.path.join(repo, "config", a + ".ini"),
                           os.path.join(repo, "config", b + ".ini")]))
        written = []
        for out, args in books:
            p = subprocess.run([tco] + args + ["-o", out, "-q"], capture_output=True,
                               text=True, env=env, timeout=300)
            if p.returncode != 0:
                print(f"FAIL {os.path.basename(out)}: tco exited {p.returncode}: "
                      f"{p.stderr.strip()}")
                failed += 1
            else:
                written.append(out)
        names = {}
        for book in written:
            bad, names[book] = check_sheets(book)
            for b in bad:
                print(f"FAIL {b}")
            failed += len(bad)
        pdfs = render_pdfs(written, tmp, timeout=1200)
        for book in written:
            name = os.path.basename(book)[:-5]
            pdf = pdfs[book]
            if pdf is None:
                print(f"FAIL {name}: LibreOffice wrote no PDF")
                failed += 1
                continue
            pages = page_sheets(pdf, names[book])
            counts = {}
            for k, (sheet, body) in enumerate(pages, 1):
                counts[sheet] = counts.get(sheet, 0) + 1
                if sheet is None:
                    print(f"FAIL {name}: page {k} names no sheet in its header")
                    failed += 1
                elif not body:
                    print(f"FAIL {name}: page {k} ({sheet}) prints nothing")
                    failed += 1
            summary = names[book][0] if "--" in name else next(
                (n for n in names[book] if n in ("Summary", "汇总")), names[book][0])
            got = counts.get(summary, 0)
            # Two pages wide (many options, the labels' columns repeated): the table
            # on four, the charts on one.
            wide = "--" not in name and bool(openpyxl.load_workbook(book)[summary].print_title_cols)
            most = 2 if "--" in name else 5 if wide else 3
            if not 1 <= got <= most:
                print(f"FAIL {name}: the {summary} sheet prints on {got} pages (at most {most})")
                failed += 1
            print(f"{name}: {len(pages)} pages, {summary} on {got}")
    print(f"print_layout: {len(written)} workbooks, {failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
