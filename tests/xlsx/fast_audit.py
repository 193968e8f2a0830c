"""The modelling conventions of a workbook, measured (docs/WORKBOOK.md, Conventions).

    fast_audit.py BOOK.xlsx...              print the measures of each workbook
    fast_audit.py --check BUILD_DIR REPO    the test: every shipped scenario's workbook

The measures, over the cash-flow sheets (the option and plan sheets: a sheet whose
month counter runs 0, 1, ..., H across columns D onwards):
- timeline rows: rows below the timing block with a formula in a month's column (but
  not those of a table whose headings stand across the month columns: a plan's
  purchases, one a row);
- one-formula rows: those whose every month column holds a formula, the same formula in
  R1C1 form (its references relative to the cell);
- month tests: formulas outside the timing block (the counter row and the flag rows
  under it, up to the first row without a figure in a month's column) that compare the counter row with something
  (a reference to it beside <, > or =);
- upward references: references from a formula to a cell of its own sheet in a row
  below it (the flow runs down a sheet), except to an earlier month (a balance's
  opening, the month before's closing);
- references from a month to another sheet's cell (reported, not checked): a month's
  formula on a cash-flow sheet reading Inputs (or another sheet) by cell rather than
  through the sheet's links;
- rightward references: references from a formula to a sheet further right, except
  from the Checks and Summary sheets and from sheets after them, and to the last sheet
  (Checks: the master check, shown on every sheet).

- constants in formulas, over every sheet: the numbers written in a formula (`12` in
  `=D$12/12`, `1E+12`), found by tokenising it (literals()): what is left once its
  strings, sheet names, references (cells, ranges, whole rows and columns), error values
  and names (functions, defined names, TRUE) are taken out; 0 and 1 are allowed, as the
  identities of sums and products, flags and counts (`1-x`, `IF(..,1,0)`, `+1`); any
  other number belongs in a constant's cell with its name on Inputs (docs/WORKBOOK.md,
  Constants). Cells' formulas only: a data validation's limits and a conditional
  format's test are no figure of the model.

The check fails unless, in every workbook, at least 95% of the timeline rows are one
formula and no formula outside the timing block reads the counter row, no formula of a
cash-flow sheet refers up its sheet, none to a sheet further right, and no formula holds
a constant other than 0 and 1.
"""
import os, re, subprocess, sys, tempfile

import openpyxl
from openpyxl.utils import column_index_from_string

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

FIRST = 4  # column D: month 0
SHEET = r"(?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!"
REF = re.compile(r"(?<![A-Za-z0-9_.$'!])(" + SHEET + r")?(\$?)([A-Z]{1,3})(\$?)(\d+)"
                 r"(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?(?![A-Za-z0-9_(!])")
STRING = re.compile(r'"(?:[^"]|"")*"')


# A formula's tokens, tried in this order at each place: a string; a sheet's name before
# its "!" (quoted, or bare; a 3-D range's two); an error value; whole rows (4:4, $4:$9);
# a cell or a range ($D$7, D$7, A1:B2: not followed by "(", "!" or a name's character);
# whole columns (D:D); a name (a function's, a defined name, TRUE, _xlfn.STDEV.S); a
# number (12, 2.5, .5, 1E+12); anything else (operators, brackets, commas, spaces).
TOKEN = re.compile(r"""
    (?P<string>"(?:[^"]|"")*")
  | (?P<sheet>(?:'(?:[^']|'')+'|[A-Za-z_\\][A-Za-z0-9_.]*)(?::(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*))?!)
  | (?P<error>\#(?:NULL!|DIV/0!|VALUE!|REF!|NAME\?|NUM!|N/A|GETTING_DATA|SPILL!|CALC!))
  | (?P<rows>\$?\d+:\$?\d+(?![\d.A-Za-z_(]))
  | (?P<ref>\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?(?![A-Za-z0-9_.(!]))
  | (?P<cols>\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}(?![A-Za-z0-9_.(!]))
  | (?P<name>[A-Za-z_\\][A-Za-z0-9_.?\\]*)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<other>\s+|[^"'\w\s#$]+|.)
""", re.X)
ALLOWED = (0.0, 1.0)  # the identities: 1-x, IF(..,1,0), +1 for a count


def literals(formula):
    """The numeric literals of a formula, as written ("12", "1E+12"), in order."""
    body = formula[1:] if formula.startswith("=") else formula
    return [m.group("number") for m in TOKEN.finditer(body) if m.group("number")]


def constants(formula):
    """The literals of a formula that are not allowed: any number but 0 and 1."""
    return [t for t in literals(formula) if float(t) not in ALLOWED]


def refs(formula):
    """Each reference of a formula: (match, sheet or None, row1, col1, row2, col2); the
    match's positions are the formula's."""
    body = STRING.sub(lambda s: '"' + "_" * (len(s.group(0)) - 2) + '"', formula)
    for m in REF.finditer(body):
        sheet = m.group(1)
        if sheet:
            sheet = sheet[:-1]
            if sheet.startswith("'"):
                sheet = sheet[1:-1].replace("''", "'")
        c1, r1 = column_index_from_string(m.group(3)), int(m.group(5))
        if m.group(7):
            c2, r2 = column_index_from_string(m.group(7)), int(m.group(9))
        else:
            c2, r2 = c1, r1
        yield m, sheet, r1, c1, r2, c2


def r1c1(formula, row, col):
    """The formula with its references relative to (row, col), as R1C1 does."""
    body = STRING.sub('""', formula)

    def one(cabs, c, rabs, r):
        rr = f"R{r}" if rabs else f"R[{int(r) - row}]"
        cc = f"C{column_index_from_string(c)}" if cabs else f"C[{column_index_from_string(c) - col}]"
        return rr + cc

    def sub(m):
        s = m.group(1) or ""
        t = one(m.group(2), m.group(3), m.group(4), m.group(5))
        if m.group(7):
            t += ":" + one(m.group(6), m.group(7), m.group(8), m.group(9))
        return s + t

    return REF.sub(sub, body)


def compares(formula, m):
    """Whether reference m of a formula stands beside a comparison (<, >, =), or is
    joined to a comparison's text ("<"&E$4, as SUMIFS and COUNTIFS take it)."""
    body = STRING.sub(lambda s: '"' + "_" * (len(s.group(0)) - 2) + '"', formula)
    before = body[:m.start()].rstrip()
    after = body[m.end():].lstrip()
    if before.endswith("&"):
        text = formula[:len(before) - 1].rstrip()
        if re.search(r'"[<>=]+"$', text):
            return True
    return (len(before) > 1 and before[-1] in "<>=") or (after[:1] in ("<", ">", "="))


def counter_row(ws, vals):
    """The row of the month counter (0, 1, 2, ... from column D, each a formula of its
    column), or None: a Summary's row of two options' figures 0 and 1 is no counter."""
    for r in range(1, 12):
        v = [vals.cell(r, FIRST + k).value for k in range(3)]
        f = ws.cell(r, FIRST).value
        if v[0] == 0 and v[1] == 1 and v[2] in (2, None) and \
                isinstance(f, str) and "COLUMN(" in f:  # None: a one-month horizon
            return r
    return None


def measure(path):
    wb = openpyxl.load_workbook(path)
    vals = openpyxl.load_workbook(path, data_only=True)
    names = wb.sheetnames
    out = {"timeline": 0, "uniform": 0, "month_tests": 0, "upward": 0, "rightward": 0,
           "inputs": 0, "sheets": 0, "constants": 0, "examples": []}
    summary_at = min([i for i, n in enumerate(names) if n in ("Summary", "Checks")] or [len(names)])
    for si, name in enumerate(names):
        ws, wv = wb[name], vals[name]
        crow = counter_row(ws, wv)
        # Rightward references, from every sheet before the Summary and Checks.
        for row in ws.iter_rows():
            for cell in row:
                f = cell.value
                if not (isinstance(f, str) and f.startswith("=")):
                    continue
                found = constants(f)
                out["constants"] += len(found)
                if found and len(out["examples"]) < 12:
                    out["examples"].append(f"{name}!{cell.coordinate}: constant "
                                           f"{', '.join(found[:3])} in {f[:80]}")
                for m, sheet, r1, c1, r2, c2 in refs(f):
                    # The last sheet holds the master check that every sheet shows.
                    if sheet and sheet in names and names.index(sheet) > si and \
                            si < summary_at and names.index(sheet) != len(names) - 1:
                        out["rightward"] += 1
                        if len(out["examples"]) < 12:
                            out["examples"].append(f"{name}!{cell.coordinate}: rightward {f[:80]}")
        if crow is None:
            continue
        out["sheets"] += 1
        last = FIRST
        while wv.cell(crow, last + 1).value == last + 1 - FIRST:
            last += 1
        block_end = crow
        while any(ws.cell(block_end + 1, c).value is not None for c in range(FIRST, last + 1)):
            block_end += 1
        table = False  # a table's rows under its headings across the month columns
        for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=last):
            r = row[0].row
            cells = [cl.value for cl in row[FIRST - 1:]]
            if r > block_end and any(isinstance(v, str) and not v.startswith("=") for v in cells):
                table = True
            elif all(cl.value is None for cl in row):
                table = False
            forms = {}
            for cell in row:
                f = cell.value
                if not (isinstance(f, str) and f.startswith("=")):
                    continue
                c = cell.column
                if c >= FIRST:
                    forms[c] = f
                for m, sheet, r1, c1, r2, c2 in refs(f):
                    if sheet is not None and sheet != name:
                        out["inputs"] += c >= FIRST and r > block_end
                        continue
                    if not (crow <= r <= block_end) and r1 <= crow <= r2 and compares(f, m):
                        out["month_tests"] += 1
                        if len(out["examples"]) < 12:
                            out["examples"].append(f"{name}!{cell.coordinate}: month test {f[:80]}")
                    # An earlier month (a corkscrew's opening), or month 0's empty
                    # column C before it.
                    # (a relative column: $C$n is a driver, C49 in column D the month
                    # before month 0)
                    back = c >= FIRST and not m.group(2) and FIRST - 1 <= max(c1, c2) < c
                    if min(r1, r2) > r and not back:
                        out["upward"] += 1
                        if len(out["examples"]) < 12:
                            out["examples"].append(f"{name}!{cell.coordinate}: upward {f[:80]}")
            if r <= block_end or not forms or table:
                continue
            out["timeline"] += 1
            if len(forms) == last - FIRST + 1 and \
                    len({r1c1(f, r, c) for c, f in forms.items()}) == 1:
                out["uniform"] += 1
            elif len(out["examples"]) < 12:
                out["examples"].append(f"{name}!A{r}: not one formula ({len(forms)} cells)")
    return out


def report(path, m):
    share = m["uniform"] / m["timeline"] if m["timeline"] else 1.0
    return (f"{os.path.basename(path)}: {m['sheets']} cash-flow sheets, {m['timeline']} timeline "
            f"rows, {m['uniform']} one formula ({100 * share:.1f}%), {m['month_tests']} month "
            f"tests, {m['upward']} upward references, {m['rightward']} rightward references, "
            f"{m['inputs']} references from a month to another sheet's cell, "
            f"{m['constants']} constants in formulas")


def check(build, repo):
    import xlsxtest
    tco = xlsxtest.tco_binary(build)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ini in xlsxtest.shipped_scenarios(repo):
            book = os.path.join(tmp, os.path.basename(ini) + ".xlsx")
            p = subprocess.run([tco, "report", ini, "-q", "-o", book], capture_output=True,
                               text=True)
            if p.returncode != 0:
                print(f"FAIL {ini}: tco exited {p.returncode}: {p.stderr[-300:]}")
                bad += 1
                continue
            m = measure(book)
            share = m["uniform"] / m["timeline"] if m["timeline"] else 1.0
            ok = share >= 0.95 and m["month_tests"] == 0 and m["upward"] == 0 and \
                m["rightward"] == 0 and m["sheets"] > 0 and m["constants"] == 0
            print(("ok   " if ok else "FAIL ") + report(ini, m))
            if not ok:
                bad += 1
                for e in m["examples"]:
                    print("     " + e)
    print(f"{bad} workbooks fail")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    for p in sys.argv[1:]:
        print(report(p, measure(p)))
