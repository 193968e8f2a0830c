#!/usr/bin/python3
"""tco import as a property: what a workbook says, the scenario it writes says.

  import_property.py BUILD_DIR REPO_DIR [--seed N] [--books N] [--edits N]

For each of N workbooks (default 34) of the shipped scenarios below, in turn:
1. Writes the workbook and changes E (default 6; 204 edits in all) of its input cells,
   chosen at random among the numbers of Inputs' column C that are inputs (styled as the
   discount rate's cell) and not formulas: each to its value times a random factor from
   0.5 to 1.5 (a whole number kept whole, a fraction within 0..1), six significant
   digits.
2. Has LibreOffice recalculate and save it, as a finance colleague's copy would be.
3. Imports it: `tco import BOOK --scenario S.ini -o NEW.ini`. Either tco refuses it,
   naming a cell of Inputs (a value out of its range, against another key, inherited),
   or it writes NEW.ini, and then `tco report NEW.ini` gives every figure the workbook's
   Summary shows for each option as LibreOffice computed it (live_model.py's comparison:
   1e-9 relative), but an IRR far below 0 that the spreadsheet's IRR leaves "n/a" from
   the start tco wrote (counted).
The seed is new each run (printed), or --seed. Exit 0 when every import is refused at a
cell or agrees with the workbook, at least one agrees, and no figure differs; 1 otherwise.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recalc_service  # noqa: E402
from live_model import against_engine, defined_cell, summary_table  # noqa: E402
from xlsxtest import tco_binary  # noqa: E402

# An IRR the spreadsheet leaves "n/a" where tco finds a rate below -50% a year.
IRR_NA = re.compile(r"\.irr(_after_tax)?: workbook 'n/a', engine -0\.[5-9]|"
                    r"\.irr(_after_tax)?: workbook 'n/a', engine -1")

SCENARIOS = ("examples/quickstart.ini", "config/financed-taxed.ini", "config/seed-2026.ini",
             "config/contract-terms.ini", "config/training-reserved.ini")


def arg(name, default):
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1])
    return default


def input_cells(wb):
    """The Inputs cells (coordinates) a finance colleague may edit: numbers, not
    formulas, styled as the discount rate's input cell."""
    sheet, coord = defined_cell(wb, "DiscountRate")
    ws = wb[sheet]
    style = ws[coord].fill.fgColor.rgb
    out = []
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, min_col=3, max_col=3):
        c = row[0]
        if isinstance(c.value, (int, float)) and not isinstance(c.value, bool) and \
                c.fill.fgColor.rgb == style:
            out.append(c.coordinate)
    return sheet, out


def new_value(rng, old):
    """old times a factor from 0.5 to 1.5: a whole number stays whole (a count, a month,
    a number of years), a fraction within 0..1; six significant digits."""
    v = old * rng.uniform(0.5, 1.5) if old else rng.uniform(0.0, 0.1)
    if old == int(old) and old >= 2:
        return float(max(1, round(v)))
    if 0 <= old <= 1:
        v = min(v, 1.0)
    return float(f"{v:.6g}")


FLOW_LABELS = {"irr": "Saved against the baseline (its net cost - this net cost)",
               "irr_after_tax": "Saved after tax (against the baseline)"}
ROOT = re.compile(r"^(\S+)\.(irr|irr_after_tax): workbook (-?[0-9.e+-]+), "
                  r"engine (-?[0-9.e+-]+|None)$")
# The engine's note for a flow with several rates, none of which is the return.
SEVERAL = "more than one sign change and more than one rate with NPV 0"


def another_root(book, mismatch, report):
    """Whether an IRR mismatch ("OPTION.irr: workbook X, engine Y") is two rates of one
    flow: the option sheet's flow (months 0..H, as recalculated) has a present value of
    about 0 at the workbook's rate and at tco's; or, where tco gives none because the flow
    has several rates (its note says so, MODEL.md, IRR), at the workbook's rate."""
    m = ROOT.match(mismatch)
    if not m:
        return False
    oid, key, got = m.group(1), m.group(2), float(m.group(3))
    if m.group(4) == "None":
        notes = [o.get(key + "_note") for o in report["options"] if o["id"] == oid]
        if notes != [SEVERAL]:
            return False
        want = got
    else:
        want = float(m.group(4))
    wb = openpyxl.load_workbook(book, data_only=True)
    if oid not in wb.sheetnames:
        return False
    ws = wb[oid]
    flow = None
    for row in ws.iter_rows(min_col=1, max_col=1):
        if row[0].value == FLOW_LABELS[key]:
            vals = [c.value for c in ws[row[0].row][3:]]
            flow = [v for v in vals if isinstance(v, (int, float))]
    if not flow:
        return False
    scale = max(abs(v) for v in flow)

    def pv(annual):
        r = (1 + annual) ** (1 / 12) - 1
        return sum(v / (1 + r) ** k for k, v in enumerate(flow))
    return all(abs(pv(x)) <= 1e-6 * scale * len(flow) for x in (got, want) if x > -1)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    seed = arg("--seed", int(time.time() * 1000) % 2**31)
    n_books, n_edits = arg("--books", 34), arg("--edits", 6)
    print(f"seed {seed}: {n_books} workbooks, {n_edits} edits each")
    rng = random.Random(seed)
    failures, agreed, refused, compared, unreached = [], 0, 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        edited = []
        for b in range(n_books):
            # A copy beside the workbooks: these scenarios name no file of their own.
            src = os.path.join(repo, SCENARIOS[b % len(SCENARIOS)])
            ini = os.path.join(tmp, f"s{b}.ini")
            with open(src, "rb") as f, open(ini, "wb") as g:
                g.write(f.read())
            book = os.path.join(tmp, f"b{b}.xlsx")
            subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True)
            wb = openpyxl.load_workbook(book)
            sheet, cells = input_cells(wb)
            picks = rng.sample(cells, min(n_edits, len(cells)))
            for coord in picks:
                wb[sheet][coord].value = new_value(rng, float(wb[sheet][coord].value))
            out = os.path.join(tmp, f"e{b}.xlsx")
            wb.save(out)
            edited.append((ini, out, picks))
        saved = recalc_service.libreoffice([e[1] for e in edited], os.path.join(tmp, "lo"),
                                           "xlsx", recalc=True)
        for b, (ini, out, picks) in enumerate(edited):
            lo_book, words = saved[out]
            if lo_book is None:
                failures.append(f"workbook {b}: LibreOffice could not save it: {words}")
                continue
            new_ini = os.path.join(tmp, f"n{b}.ini")
            p = subprocess.run([tco, "import", lo_book, "--scenario", ini, "-o", new_ini],
                               capture_output=True, text=True)
            if p.returncode == 2:
                refused += 1
                print(f"refused {b}: {p.stderr.strip()[:200]}") if "--verbose" in sys.argv else None
                if not re.search(r"Inputs!C\d+", p.stderr):
                    failures.append(f"workbook {b} ({', '.join(picks)}): refused without a "
                                    f"cell: {p.stderr.strip()[:300]}")
                continue
            if p.returncode != 1:
                failures.append(f"workbook {b}: import exit {p.returncode}: "
                                f"{p.stderr.strip()[:300]}")
                continue
            r = subprocess.run([tco, "report", new_ini, "-o", "-", "-q"],
                               capture_output=True, text=True)
            if r.returncode != 0:
                failures.append(f"workbook {b}: the imported scenario is refused: "
                                f"{r.stderr.strip()[:300]}")
                continue
            report = json.loads(r.stdout)
            bad, n = against_engine(report, summary_table(lo_book))
            # The spreadsheet's IRR starts from the rate tco found for the inputs as
            # written (WORKBOOK.md, Cash-flow sheets): an edit that moves the rate far
            # below 0 leaves it "n/a" where tco finds one; counted, not a failure.
            far = [x for x in bad if IRR_NA.search(x)]
            # A flow whose sign changes more than once may have several rates: the
            # spreadsheet's IRR, from its start, may find another of them than tco, or
            # one of them where tco gives none (MODEL.md, IRR). Counted, not a failure,
            # when the workbook's rate is a rate of the workbook's own flow (its present
            # value there is 0).
            far += [x for x in bad if x not in far and another_root(lo_book, x, report)]
            bad = [x for x in bad if x not in far]
            unreached += len(far)
            compared += n
            agreed += not bad
            failures += [f"workbook {b} ({', '.join(picks)}): {x}" for x in bad[:10]]
    print(f"{agreed} imports agree with their workbook ({compared} figures, {unreached} IRRs "
          f"that are another rate of the flow or far below 0, which the spreadsheet's IRR "
          f"does not reach from its start), {refused} "
          f"refused at a cell; {len(failures)} failures (seed {seed})")
    for f in failures[:40]:
        print("FAIL:", f)
    return 1 if failures or agreed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
