#!/usr/bin/python3
"""The printed pack: readable, short, checked on every page, and the calculation
sheets protected.

  print_pack.py BUILD_DIR REPO_DIR

Writes the workbook of config/financed-taxed.ini and config/seed-2026.ini, reads it
with openpyxl and prints it to PDF with LibreOffice (one run). For each workbook:
- Order: About, Inputs, the monthly sheets (one per option, named by its id), then
  Annual, Summary, Budget, Statements, the analyses and Checks; the pack is every sheet but the
  monthly ones, and the workbook opens with exactly the pack selected.
- Protection: every sheet but Inputs is protected, without a password; on Inputs
  every unlocked cell is an input (the input fill) and every global input (its
  defined name: DiscountRate, ElectricityPrice, ...) is unlocked.
- The master check: every sheet but About has, in its rows repeated on every printed
  page, a formula equal to the Checks sheet's master check cell; and every printed
  page of the pack shows "Master check" and "OK" (a sheet printed two pages wide, its
  labels' column repeated: on one page of each pair).
- Readable: every pack sheet, the Summary included, prints at a fixed scale (not
  fitted to the page) at which every number in its print area prints at 8 points or
  more (font size x scale).
- Pages: the pack of config/financed-taxed.ini prints on at most PACK_MAX pages, and
  no page of it holds fewer than 3 lines of text besides its header and footer (no
  orphan page).
- The Checks sheet's printed matrix (a row per kind of integrity check, a column per
  option) agrees with the integrity checks one by one below it, recalculated by
  LibreOffice and by Gnumeric: each cell is OK when every detail row of its option and
  check is OK, CHECK when one is not, blank when there is none; as written (every
  cell of a check the option has OK), and with one detail row's workbook value made a
  constant that fails (that cell alone CHECK, and the master check CHECK).
Exit 0 when all hold; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile

import openpyxl
from openpyxl.utils import range_boundaries

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import load_values, lo_recalc, pdf_pages, render_pdfs, tco_binary  # noqa: E402
import recalc_service  # noqa: E402
import xlsxedit  # noqa: E402

SCENARIOS = ("financed-taxed", "seed-2026")
PACK = ["About", "Inputs", "Annual", "Summary", "Budget", "Statements", "Workload", "Buy-vs-Rent",
        "Sensitivity", "Cases", "Monte Carlo", "Checks"]
# The pack's pages today (the whole workbook printed 33 before the pack existed, the pack
# 22 with its Summary at 41%, 20 with the Checks' integrity rows printed one by one on
# four pages, 18 with the tax inputs of section 179 and bonus and the mid-quarter MACRS
# table A-5 on Inputs, 19 with Inputs' constants that no formula writes as a number,
# months per year and the others, docs/WORKBOOK.md): About 1, Inputs 5 (no row for an
# unset text key, a one-line subtitle and a thin gap above the headings), Annual 1, Summary 3 (its table on two,
# its charts on one), Budget 2 (two pages wide), Statements 2 (each option's statements,
# two options a page at the readable scale: the pack printed 16 pages before it),
# Buy-vs-Rent 2 (portrait), Sensitivity 2 (three tables, then the fourth and the charts
# two by two, the page breaks placed by the rows' heights in points), Checks 1 (the
# master check and the matrix of the integrity checks by option). A page more fails.
PACK_MAX = {"financed-taxed": 19}
MIN_PT = 8.0
GLOBAL_INPUTS = ("DiscountRate", "ElectricityPrice", "ElectricityEscalation", "PUE",
                 "ColoPerKwMonth", "HoursPerMonth")


def defined_cells(wb, name):
    dn = wb.defined_names.get(name)
    if dn is None:
        return []
    return list(dn.destinations)


def area_of(ws):
    area = ws.print_area
    area = area[0] if isinstance(area, list) else area
    return range_boundaries(area.split("!")[-1].replace("$", ""))


def hidden_cols(ws):
    out = set()
    for dim in ws.column_dimensions.values():
        if dim.hidden:
            out.update(range(dim.min or 1, (dim.max or dim.min or 1) + 1))
    return out


def title_rows(ws):
    rows = ws.print_title_rows
    if not rows:
        return range(0)
    a, b = rows.replace("$", "").split(":")
    return range(int(a), int(b) + 1)


def check_book(book, name, options):
    wb = openpyxl.load_workbook(book)
    bad = []
    names = wb.sheetnames
    ids = [o["id"] for o in options]
    pack = [n for n in names if n not in ids]
    if [n for n in pack if n not in PACK]:
        bad.append(f"sheets outside the pack's kinds: {pack}")
    # The model's flow: About, Inputs, the monthly sheets, then what sums them up.
    monthly = [n for n in names if n in ids]
    if names[2:2 + len(monthly)] != monthly or pack[-1] != "Checks":
        bad.append(f"the monthly sheets do not follow Inputs: {names}")
    if [n for n in PACK if n in pack] != pack:
        bad.append(f"the pack is not in the order {PACK}: {pack}")
    selected = [ws.title for ws in wb.worksheets if ws.sheet_view.tabSelected]
    if selected != pack:
        bad.append(f"the workbook opens with {selected} selected, not the pack {pack}")
    # Protection.
    for ws in wb.worksheets:
        if ws.title == "Inputs":
            if ws.protection.sheet:
                bad.append("Inputs is protected")
            continue
        if not ws.protection.sheet:
            bad.append(f"{ws.title} is not protected")
        elif ws.protection.password:
            bad.append(f"{ws.title} is protected with a password")
    inputs = wb["Inputs"]
    fills = set()
    for row in inputs.iter_rows():
        for cell in row:
            if cell.protection is not None and cell.protection.locked is False:
                fill = cell.fill.fgColor.rgb if cell.fill and cell.fill.fill_type else None
                fills.add(fill)
                if cell.fill is None or cell.fill.fill_type != "solid":
                    bad.append(f"Inputs!{cell.coordinate} is unlocked but not an input")
    if len(fills) > 1:
        bad.append(f"Inputs' unlocked cells have several fills: {fills}")
    for nm in GLOBAL_INPUTS:
        for sheet, coord in defined_cells(wb, nm):
            if inputs[coord.replace("$", "")].protection.locked is not False:
                bad.append(f"{nm} ({sheet}!{coord}) is locked")
    # The master check in the repeated rows.
    master = None
    for row in wb["About"].iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and re.fullmatch(r"=Checks!\$C\$\d+", cell.value):
                master = cell.value
    if master is None:
        bad.append("About shows no master check")
    for ws in wb.worksheets:
        if ws.title == "About":
            continue
        rows = title_rows(ws)
        found = any(c.value == master for r in rows for c in ws[r] if c.value is not None)
        if not found:
            bad.append(f"{ws.title}: no master check ({master}) in its repeated rows "
                       f"{ws.print_title_rows}")
    # Readable numbers.
    vals = openpyxl.load_workbook(book, data_only=True)
    for n in pack:
        ws, ws_v = wb[n], vals[n]
        pr = ws.sheet_properties.pageSetUpPr
        fit = pr is not None and pr.fitToPage
        scale = ws.page_setup.scale
        if not fit and scale is None:
            scale = 100  # the OOXML default, which libxlsxwriter does not write
        if fit or not scale:
            bad.append(f"{n}: fitted to the page (its scale unknown), not a fixed scale")
            continue
        c0, r0, c1, r1 = area_of(ws)
        hid = hidden_cols(ws)
        small = []
        for row in ws.iter_rows(min_row=r0, max_row=r1, min_col=c0, max_col=c1):
            for cell in row:
                v = ws_v[cell.coordinate].value
                if cell.column in hid or isinstance(v, bool) or not isinstance(v, (int, float)):
                    continue
                size = float(cell.font.sz or 11) if cell.font else 11.0
                if size * scale / 100 < MIN_PT - 1e-9:
                    small.append(f"{cell.coordinate} {size:g} pt")
        if small:
            bad.append(f"{n}: numbers below {MIN_PT:g} pt at {scale}%: " + ", ".join(small[:6]))
    return bad, pack


def checks_layout(rows):
    """The Checks sheet's matrix and detail rows from its rows (values, 1-based
    numbering): (header row, {column: option id}, {row: check words}) of the matrix (the
    first row whose column B reads "Check"), and [(row, option, check words)] of the
    integrity checks one by one (under the row whose column A reads "Option", up to the
    first row without an option)."""
    text = lambda v: "" if v is None else str(v)  # noqa: E731
    head = next((r for r, row in enumerate(rows, 1) if text(row[1]) == "Check"), None)
    dhead = next((r for r, row in enumerate(rows, 1) if head and r > head and
                  text(row[0]) == "Option"), None)
    if dhead is None:
        return None
    opts = {c: text(v) for c, v in enumerate(rows[head - 1], 1) if c > 2 and text(v)}
    kinds, r = {}, head + 1
    while r <= len(rows) and text(rows[r - 1][1]):
        kinds[r] = text(rows[r - 1][1])
        r += 1
    detail, r = [], dhead + 1
    while r <= len(rows) and text(rows[r - 1][0]) and text(rows[r - 1][1]):
        detail.append((r, text(rows[r - 1][0]), text(rows[r - 1][1])))
        r += 1
    return head, opts, kinds, detail


def matrix_faults(values, layout, tag, failed=None):
    """The matrix of a recalculated workbook against its detail rows' statuses (column
    H), worked out here: [fault]. failed: the (option, check) made to fail, whose cell
    alone may read CHECK; without it, every cell reads OK or is blank."""
    head, opts, kinds, detail = layout
    rows = [tuple(r) for r in values["Checks"].iter_rows(values_only=True)]
    text = lambda v: "" if v is None else str(v)  # noqa: E731
    status = {}
    for r, opt, what in detail:
        status.setdefault((opt, what), []).append(text(rows[r - 1][7]))
    bad = []
    for r, what in kinds.items():
        for col, opt in opts.items():
            got = text(rows[r - 1][col - 1])
            sts = status.get((opt, what), [])
            want = "" if not sts else "OK" if all(s == "OK" for s in sts) else "CHECK"
            if got != want:
                bad.append(f"{tag}: matrix {opt} / {what[:40]!r} reads {got!r}, its detail "
                           f"rows {sts}")
            if want == "CHECK" and (opt, what) != failed:
                bad.append(f"{tag}: {opt} / {what[:40]!r} fails: {sts}")
    if failed is not None and failed not in status:
        bad.append(f"{tag}: no detail row of {failed}")
    elif failed is not None and all(s == "OK" for s in status[failed]):
        bad.append(f"{tag}: the edited row of {failed} still reads OK")
    master = next((text(row[2]) for row in rows if text(row[0]) == "Master check"), None)
    if master != ("CHECK" if failed else "OK"):
        bad.append(f"{tag}: the master check reads {master!r}")
    return bad


def check_matrix(book, tmp):
    """The Checks matrix against its detail rows, recalculated, as written and with one
    detail row made to fail: [fault]."""
    rows = [tuple(r) for r in
            openpyxl.load_workbook(book, data_only=True)["Checks"].iter_rows(values_only=True)]
    layout = checks_layout(rows)
    if layout is None:
        return ["Checks: no matrix above the integrity checks one by one"]
    head, opts, kinds, detail = layout
    if len(kinds) < 5 or len(opts) < 2 or len(detail) < len(kinds):
        return [f"Checks: a matrix of {len(kinds)} checks by {len(opts)} options over "
                f"{len(detail)} detail rows"]
    # The first option's "total is capex plus the operating cost..." row: its
    # workbook value made a constant far from the expected one.
    r, opt, what = next(d for d in detail if d[2].startswith("The total is capex"))
    files = xlsxedit.parts(book)
    part, _ = xlsxedit.name_cell(files, "MasterCheck")
    xlsxedit.set_number(files, part, f"E{r}", 123456789.0)
    edited = xlsxedit.write_book(os.path.join(tmp, "checks-edited.xlsx"), files)
    bad = []
    for name, src, failed in (("as written", book, None), ("edited", edited, (opt, what))):
        out = os.path.join(tmp, "recalc-" + os.path.basename(src))
        for program in ("LibreOffice", "Gnumeric"):
            if program == "LibreOffice":
                got = lo_recalc(src, os.path.join(tmp, "lo-" + name.replace(" ", "-")))
            else:
                got, words = recalc_service.gnumeric(src, out)
                if got is None:
                    bad.append(f"Gnumeric could not recalculate {src}: {words[-300:]}")
                    continue
            bad += matrix_faults(load_values(got), layout, f"{program}, {name}", failed)
    return bad


def page_sheet(page, names):
    lines = [l.rstrip() for l in page.splitlines() if l.strip()]
    head = lines[0] if lines else ""
    return max((n for n in names if head.endswith(n)), key=len, default=None), lines


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    env = dict(os.environ, TCO_DATA_DIR=repo, SOURCE_DATE_EPOCH="0")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        books = {}
        for name in SCENARIOS:
            ini = os.path.join(repo, "config", name + ".ini")
            out = os.path.join(tmp, name + ".xlsx")
            subprocess.run([tco, "report", ini, "-o", out, "-q"], check=True, env=env,
                           timeout=300)
            p = subprocess.run([tco, "report", ini, "-o", "-", "-q"], check=True, env=env,
                               capture_output=True, text=True, timeout=300)
            books[out] = (name, json.loads(p.stdout)["options"])
        pdfs = render_pdfs(list(books), tmp)
        for book, (name, options) in books.items():
            bad, pack = check_book(book, name, options)
            if name == "financed-taxed":
                bad += check_matrix(book, tmp)
            wb = openpyxl.load_workbook(book)
            names = wb.sheetnames
            wide = {n: False for n in pack if wb[n].print_title_cols}
            pdf = pdfs[book]
            if pdf is None:
                bad.append("LibreOffice wrote no PDF")
                pages = []
            else:
                pages = pdf_pages(pdf)
            n_pack = 0
            for k, page in enumerate(pages, 1):
                sheet, lines = page_sheet(page, names)
                text = "\n".join(lines)
                if sheet in pack:
                    n_pack += 1
                    shown = "Master check" in text and re.search(r"\bOK\b", text)
                    if sheet in wide:  # two pages wide: the check on one of them
                        wide[sheet] = wide[sheet] or bool(shown)
                    elif not shown:
                        bad.append(f"page {k} ({sheet}) shows no master check")
                    if len(lines) < 5:
                        bad.append(f"page {k} ({sheet}) is an orphan: {len(lines) - 2} lines")
            bad += [f"{w}, two pages wide, shows no master check" for w, ok in wide.items()
                    if not ok]
            most = PACK_MAX.get(name)
            if most is not None and n_pack > most:
                bad.append(f"the pack prints on {n_pack} pages (at most {most})")
            for b in bad:
                print(f"FAIL {name}: {b}")
            failed += len(bad)
            print(f"{name}: pack {n_pack} pages of {len(pages)}; {len(bad)} failures")
    print(f"print_pack: {len(books)} workbooks, {failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
