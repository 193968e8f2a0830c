#!/usr/bin/python3
"""The API's tokens and the break-even against it are live in the workbook (docs/MODEL.md,
API options, Break-even in tokens a day; docs/WORKBOOK.md, Cash-flow sheets, Summary).

  live_api_breakeven.py BUILD_DIR REPO_DIR

MODEL.md's example, tests/api/api-by-hand.ini: `hosted` (10 requests a second of 1,500
input and 500 output tokens, 720 hours a month, 24 months), `own` (8 GPUs, 320,000 in
all), `own-one` (1 GPU at 5,000,000) and `cloud` (8 GPUs rented at 3.00 an hour), each
GPU serving 5 requests a second.
1. As written: on `hosted`'s sheet its tokens a month 51.84e9 and cost per 1M tokens
   3.50; on the Summary the break-even in tokens a day of `own` 320,000 / 0.00252 =
   126,984,126.98, of `cloud` 24,000 / 0.00246 = 9,756,097.56, of `own-one` "never at
   this count" (1.98e9 above the 864e6 it serves); `hosted` has a dash. Each is a
   formula.
2. hosted's output price edited to 12 and own-one's throughput to 15 on Inputs,
   recalculated by LibreOffice and by Gnumeric: by hand `hosted` costs 12 x 233,280 +
   12 x 174,960 = 4,898,880, 3.9375 per 1M tokens, a = 4,898,880 / 1.728e9 = 0.002835
   a token a day; `own` breaks even at 320,000 / 0.002835 = 112,874,779.5, `cloud` at
   24,000 / (0.002835 - 0.00006) = 8,648,648.6, and `own-one`, now serving 2.592e9, at
   5,000,000 / 0.002835 = 1,763,668,430.3; every Summary figure equals the engine's for
   the INI edited alike.
3. tests/carbon/carbon_total_api.ini, whose break-even holds each side's carbon cost
   (MODEL.md, The carbon cost in the total): `own` at 24,778,516.10 tokens a day.
Exit 0 when all hold; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import load_values, recalculated, run_audit, tco_binary  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import against_engine, engine_after, summary_table  # noqa: E402

NEVER, DASH = "never at this count", "\u2013"
BEFORE = {"hosted": (51.84e9, 3.5, DASH), "own": (None, None, 320000 / 0.00252),
          "own-one": (None, None, NEVER), "cloud": (None, None, 24000 / 0.00246)}
AFTER = {"hosted": (51.84e9, 3.9375, DASH), "own": (None, None, 320000 / 0.002835),
         "own-one": (None, None, 5000000 / 0.002835),
         "cloud": (None, None, 24000 / (0.002835 - 0.00006))}
FIELDS = ("tokens_per_month", "api_cost_per_million_tokens", "breakeven_tokens_per_day")
# The API sheet's rows of the first two fields (column A's English labels).
SHEET_ROWS = ("Tokens a month (the workload's)", "Cost per 1M tokens over the horizon")
CHANGES = (("hosted", "price_per_million_output_tokens", 12), ("own-one", "throughput", 15))


def close(got, want):
    if isinstance(want, str):
        return got == want
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * abs(want)


def api_sheet(book, values):
    """{field: cell of column C} of hosted's sheet's rows SHEET_ROWS in book (the formulas)
    or in its recalculated values."""
    ws = values["hosted"]
    rows = {ws.cell(r, 1).value: r for r in range(1, ws.max_row + 1)}
    return {key: ws.cell(rows[label], 3).value if label in rows else None
            for key, label in zip(FIELDS, SHEET_ROWS)}


def check(who, path, want, bad):
    """The Summary's break-even and hosted's sheet's tokens of the book at path
    (recalculated values) against want."""
    table, sheet = summary_table(path), api_sheet(path, load_values(path))
    for oid, values in want.items():
        for key, w in zip(FIELDS, values):
            got = sheet[key] if oid == "hosted" and key != FIELDS[2] else table[oid].get(key)
            if w is not None and not close(got, w):
                bad.append(f"{who}: {oid}.{key} {got!r}, by hand {w!r}")


def formulas(book, bad):
    """Every cell of the Summary's break-even row that is not a dash is a formula, and
    so are hosted's tokens on its sheet."""
    wb = openpyxl.load_workbook(book)
    for row in wb["Summary"].iter_rows():
        if row[1].value == FIELDS[2]:
            for cell in row[3:]:
                if cell.value not in (None, DASH) and not str(cell.value).startswith("="):
                    bad.append(f"Summary!{cell.coordinate} ({row[1].value}) is not a formula")
    for key, f in api_sheet(book, wb).items():
        if not str(f).startswith("="):
            bad.append(f"hosted's {key}: {f!r} is not a formula")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "tests", "api", "api-by-hand.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "api.xlsx")
        subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        formulas(book, bad)
        check("as written", book, BEFORE, bad)
        wb = openpyxl.load_workbook(book)
        edited = {}
        for oid, key, value in CHANGES:
            cell = option_key_cell(wb["Inputs"], oid, key)
            if not isinstance(cell.value, (int, float)) or cell.protection.locked:
                bad.append(f"Inputs {oid}.{key}: {cell.value!r} is not an unlocked input")
            cell.value = value
            edited[(f"option {oid}", key)] = value
        path = os.path.join(tmp, "edited.xlsx")
        wb.save(path)
        engine = engine_after(tco, ini, edited, tmp)
        if engine is None:
            return 1
        by_id = {o["id"]: o for o in engine["options"]}
        for oid, values in AFTER.items():
            for key, w in zip(FIELDS, values):
                got = by_id[oid][key]
                if w not in (DASH, None) and not close(got, w):
                    bad.append(f"engine, edited: {oid}.{key} {got!r}, by hand {w!r}")
        for who, out in recalculated(path, tmp, bad):
            after = summary_table(out)
            check(who, out, AFTER, bad)
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
        carbon = os.path.join(tmp, "carbon.xlsx")
        subprocess.run([tco, "report", os.path.join(repo, "tests", "carbon",
                                                    "carbon_total_api.ini"),
                        "-o", carbon, "-q"], check=True, timeout=120)
        got = summary_table(carbon)["own"].get("breakeven_tokens_per_day")
        if not close(got, 20202.64 / (0.0008176 - 981.12 / 432e6)):
            bad.append(f"carbon_total_api: own's break-even {got!r}, by hand 24,778,516.10")
    for b in bad[:40]:
        print("FAIL", b)
    print("live break-even against the API:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
