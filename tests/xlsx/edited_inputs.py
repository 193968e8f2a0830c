#!/usr/bin/python3
"""An input edited in the workbook: every live figure follows, the checks hold, and the
static analyses say they are out of date.

  edited_inputs.py BUILD_DIR REPO_DIR

For each scenario below:
1. Writes its workbook, and changes ElectricityPrice and DiscountRate (found by their
   defined names) with openpyxl, keeping every formula.
2. Writes the workbook tco makes of the INI with the same two changes (the fresh one).
3. Recalculates the edited workbook in LibreOffice and in Gnumeric, and the fresh one too.
4. Compares every formula cell of the edited workbook, as each program recalculated it,
   with the fresh workbook's (tco's own figures): numbers to 1e-9 relative (1e-9
   absolute near zero), text exactly. Left out are the Cases and Monte Carlo sheets
   (static: computed by tco for the inputs as written) and the cells that compare the
   inputs with those tco computed with, which differ by design: the Inputs sheet's
   changed flags, the words of AnalysesCurrent, and the Reconciliation's differences,
   statuses and count. The Sensitivity sheet keeps the order tco ranked its drivers in,
   which the fresh workbook may change: its driver rows are matched by table and driver.
5. The master check reads OK on About and Checks in every recalculated workbook;
   AnalysesCurrent (About's "Analyses" row, the Reconciliation's and the top of the
   static sheets) says "Recompute with tco" in the edited workbook and "Computed by tco"
   in the fresh one; exactly the two edited inputs are flagged as changed.
Exit 0 when all hold; 1 otherwise.
"""
import concurrent.futures as cf
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import tco_binary  # noqa: E402
import recalc_audit  # noqa: E402
from live_model import EDITS, defined_cell, rewrite_ini  # noqa: E402

# Shipped scenarios: bought and rented options (seed-2026), contract terms, a case and
# Monte Carlo (contract-terms), a sized model (seed-70b-inference), and the test scenario with
# cases, sensitivity ranges and Monte Carlo (analysis).
SCENARIOS = ["config/seed-2026.ini", "config/contract-terms.ini",
             "config/seed-70b-inference.ini", "tests/data/analysis.ini"]
STATIC = {"Cases", "Monte Carlo"}
CURRENT = "Computed by tco for the inputs as they stand"
STALE = "Recompute with tco: the inputs changed since these figures were computed"
REL = ABS = 1e-9
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def excluded(wb):
    """{(sheet, coordinate)} of the formula cells that compare the inputs with those tco
    computed with, or that stand on static values, from the workbook's formulas (wb read
    with formulas)."""
    out = set()
    ws = wb["Inputs"]
    flag_col = next((c.column_letter for c in ws[4] if c.value == "Changed (1 = yes)"), None)
    if flag_col is None:
        fail("Inputs has no column of changed flags")
    ws = wb["Checks"]
    rec = next((r[0].row for r in ws.iter_rows() if r[0].value and
                str(r[0].value).startswith("Reconciliation")), None)
    if rec is None:
        fail("Checks has no Reconciliation section")
    for s in wb.worksheets:
        for row in s.iter_rows():
            for c in row:
                v = c.value
                if not (isinstance(v, str) and v.startswith("=")):
                    continue
                if "AnalysesCurrent" in v:
                    out.add((s.title, c.coordinate))
                elif s.title == "Inputs" and c.column_letter == flag_col:
                    out.add((s.title, c.coordinate))
                elif s.title == "Checks" and rec and c.row > rec and c.column_letter != "E":
                    out.add((s.title, c.coordinate))  # all but the workbook's value
    return out


def sensitivity_rows(values):
    """{row: (table heading, driver)} of the Sensitivity sheet's driver rows, from the
    text of its column A. The drivers keep the order tco ranked them in, which an edit
    may change; their figures are compared by driver, not by row."""
    col_a = {int(c[1:]): v for (s, c), v in values.items()
             if s == "Sensitivity" and c[0] == "A" and c[1:].isdigit()}
    out, heading = {}, None
    for r in range(1, max(col_a, default=0) + 1):
        text = col_a.get(r)
        if text == "Driver":
            heading = col_a.get(r - 1)
        elif not isinstance(text, str) or not text:
            heading = None  # a table ends at a blank row
        elif heading is not None:
            out[r] = (heading, text)
    return out


def by_driver(edited, fresh):
    """{(sheet, coordinate) of the edited workbook: coordinate of the same figure in the
    fresh one} for the Sensitivity sheet's driver rows."""
    e, f = sensitivity_rows(edited), sensitivity_rows(fresh)
    where = {k: r for r, k in f.items()}
    out = {}
    for (s, c), _ in edited.items():
        col = c.rstrip("0123456789")
        row = c[len(col):]
        if s == "Sensitivity" and row.isdigit() and int(row) in e and e[int(row)] in where:
            out[(s, c)] = (s, f"{col}{where[e[int(row)]]}")
    return out


def same(a, b):
    a, b = recalc_audit.comparable(a), recalc_audit.comparable(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= max(ABS, REL * max(abs(a), abs(b)))
    return (a in (None, "") and b in (None, "")) or a == b


def recalc(path, work):
    """{program: {(sheet, coordinate): value}} of the workbook recalculated by each."""
    os.makedirs(work)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {"libreoffice": pool.submit(recalc_audit.recalc_libreoffice, path, work),
                "gnumeric": pool.submit(recalc_audit.recalc_gnumeric, path, work)}
        out = {}
        for name, job in jobs.items():
            got, log, _ = job.result()
            if got is None:
                fail(f"{path}: {name} could not recalculate: {recalc_audit.tail(log)}")
                continue
            out[name] = {k: c.value for k, c in recalc_audit.read_values(got).items()}
    return out


def row_value(values, sheet, label, col="B"):
    """The value in column col of the row of `sheet` whose column A is label."""
    for (s, coord), v in values.items():
        if s == sheet and coord.startswith("A") and v == label:
            return values.get((sheet, col + coord[1:]))
    return None


def check_flags(values, tag, want, sheets):
    """The master check and AnalysesCurrent's words, as a program computed them."""
    for sheet, label, col in (("About", "Master check", "B"), ("Checks", "Master check", "C")):
        got = row_value(values, sheet, label, col)
        if got != "OK":
            fail(f"{tag}: {sheet} master check is {got!r}")
    places = [("About", row_value(values, "About", "Analyses"))]
    places.append(("Checks", row_value(values, "Checks", "Inputs")))
    for s in sheets & {"Sensitivity", "Cases", "Monte Carlo"}:
        places.append((s, values.get((s, "A3"))))
    for sheet, got in places:
        if got != want:
            fail(f"{tag}: {sheet} says {got!r}, want {want!r}")


def one(tco, repo, ini, tmp):
    name = os.path.splitext(os.path.basename(ini))[0]
    src = os.path.join(repo, ini)
    book = os.path.join(tmp, name + ".xlsx")
    subprocess.run(["timeout", "600", tco, "report", src, "-o", book], check=True)
    wb = openpyxl.load_workbook(book)
    changes = {}
    for dname, section, key, new in EDITS:
        sheet, coord = defined_cell(wb, dname)
        value = float(new(float(wb[sheet][coord].value)))
        wb[sheet][coord].value = value
        changes[(section, key)] = value
    edited = os.path.join(tmp, name + "-edited.xlsx")
    wb.save(edited)
    with open(src, encoding="utf-8") as f:
        text = rewrite_ini(f.read(), os.path.dirname(src), changes)
    mod_ini = os.path.join(tmp, name + "-changed.ini")
    with open(mod_ini, "w", encoding="utf-8") as f:
        f.write(text)
    fresh = os.path.join(tmp, name + "-fresh.xlsx")
    subprocess.run(["timeout", "600", tco, "report", mod_ini, "-o", fresh], check=True)

    fwb = openpyxl.load_workbook(fresh)
    ewb = openpyxl.load_workbook(edited)
    if fwb.sheetnames != ewb.sheetnames:
        fail(f"{name}: sheets {ewb.sheetnames} against {fwb.sheetnames}")
        return
    sheets = set(fwb.sheetnames)
    skip = excluded(ewb)
    want = {k: c.value for k, c in recalc_audit.read_values(fresh).items()}
    before = {k: c.value for k, c in recalc_audit.read_values(book).items()}
    _, formulas = recalc_audit.read_formulas(edited)
    live = [(s, c) for s, c, _ in formulas if s not in STATIC and (s, c) not in skip]
    there = by_driver(before, want)  # the engine may rank the drivers anew
    moved = sum(1 for k in live if not same(before.get(k), want.get(there.get(k, k))))
    if moved < 100:
        fail(f"{name}: the edit moved only {moved} formula cells")
    for prog, got in recalc(edited, os.path.join(tmp, name + "-e")).items():
        bad = [f"{s}!{c}: {prog} {got.get((s, c))!r}, tco {want.get(there.get((s, c), (s, c)))!r}"
               for s, c in live if not same(got.get((s, c)), want.get(there.get((s, c), (s, c))))]
        for b in bad[:10]:
            fail(f"{name}: {b}")
        print(f"{name}: {prog}: {len(live)} formula cells compared ({moved} moved with the "
              f"edit, {len(skip)} left out), {len(bad)} differ")
        check_flags(got, f"{name} edited ({prog})", STALE, sheets)
        flags = [v for (s, c), v in got.items() if (s, c) in skip and s == "Inputs"]
        if sum(v for v in flags if isinstance(v, (int, float))) != 2:
            fail(f"{name} edited ({prog}): inputs flagged as changed: {sum(flags)}, want 2")
    for prog, got in recalc(fresh, os.path.join(tmp, name + "-f")).items():
        check_flags(got, f"{name} unedited ({prog})", CURRENT, sheets)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        for ini in SCENARIOS:
            one(tco, repo, ini, tmp)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
