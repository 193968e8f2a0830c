#!/usr/bin/python3
"""The FAST audit's count of constants in formulas (fast_audit.py, literals()).

  test_fast_audit.py [BUILD_DIR REPO_DIR]

1. The tokeniser: formulas written here, each with the numbers it holds as worked out
   by reading it (a reference, a sheet's name, a string, a defined name or a function's
   name holds none; 0 and 1 are counted but allowed).
2. measure() on a small workbook written here with openpyxl: a formula with a constant
   is counted and named among the examples; the same workbook with the constant in a
   cell that the formula reads counts none.
3. With BUILD_DIR and REPO_DIR, the workbook tco writes for config/seed-2026.ini: each
   constant of Inputs' constants block is its defined name on a fixed cell holding the
   number it stands for (12 months a year, 1000 W a kW ... by definition; the Summary's
   unit scale 1M: the seed's cheapest cost per token is below 0.1 per thousand), none is
   an input, and no formula of any sheet holds a number other than 0 and 1.
Exit 0 when all hold; 1 otherwise.
"""
import os, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openpyxl  # noqa: E402
from fast_audit import constants, literals, measure  # noqa: E402

# Each constant and the number it stands for, by definition (docs/WORKBOOK.md, Inputs).
CONSTANTS = {"SecondsPerHour": 3600, "MonthsPerYear": 12, "MonthsPerQuarter": 3,
             "DaysPerYear": 365, "HoursPerDay": 24, "MinutesPerHour": 60,
             "SecondsPerMinute": 60, "WattsPerKilowatt": 1000, "KilogramsPerTonne": 1000,
             "TokensPerMillion": 10 ** 6, "TflopsPerPflops": 1000, "RequestsPerThousand": 1000,
             "BytesPerGigabyte": 10 ** 9, "RoundingDecimals": 9, "AvailabilityFloor": 0.01,
             "MoneyCeiling": 10 ** 12, "PueCeiling": 3, "IrrTolerance": 1e-6,
             "UnitScale": 10 ** 6}

problems = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        problems.append(what)


def test_tokens():
    # (formula, its numeric literals as written, those not allowed)
    cases = [
        ("=D$12/12", ["12"], ["12"]),
        ("=$C$12", [], []),
        ('="12"', [], []),
        ("=Sheet2!A1", [], []),
        ("=1E+12", ["1E+12"], ["1E+12"]),
        ("=MIN(1000000000000,Inputs!$C$9)", ["1000000000000"], ["1000000000000"]),
        ("='My Sheet 2'!$B$4*3", ["3"], ["3"]),
        ("='it''s 12'!B4+Sheet1:Sheet3!A1", [], []),
        ("=SUM(4:4)+SUM($5:$7)+SUM(A:A)+SUM($D:$F)", [], []),
        ("=LOG10(A1)+ATAN2(B2,C3)", [], []),
        ("=IF(A1>0,1,0)", ["0", "1", "0"], []),
        ("=(1+DiscountRate)^(1/MonthsPerYear)-1", ["1", "1", "1"], []),
        ("=ROUNDUP(D$4/MonthsPerYear,0)", ["0"], []),
        ("=_xlfn.STDEV.S(A1:A3)*2.5", ["2.5"], ["2.5"]),
        ("=.5*A1+1.5e-3", [".5", "1.5e-3"], [".5", "1.5e-3"]),
        ('=A1&"x"&"y""12"', [], []),
        ("=IFERROR(A1,#N/A)+#DIV/0!", [], []),
        ("=PUE_Colo_Hall_2*Plan1_OwnCount/Fx_EUR", [], []),
        ("=Plan1_OwnCount*2", ["2"], ["2"]),
        ("=-1*A1", ["1"], []),
        ("=MOD(D$4-1,MonthsPerYear)>=MonthsPerYear-MonthsPerQuarter", ["1"], []),
        ("=T.DIST(0.5,3,TRUE)", ["0.5", "3"], ["0.5", "3"]),
        ("='输入参数'!$C$7*12", ["12"], ["12"]),
    ]
    for f, want, bad in cases:
        got = literals(f)
        check(got == want, f"literals({f}) = {got} (want {want})")
        got = constants(f)
        check(got == bad, f"constants({f}) = {got} (want {bad})")


def test_measure():
    with tempfile.TemporaryDirectory() as tmp:
        for inline in (True, False):
            wb = openpyxl.Workbook()
            ws = wb.active
            ws.title = "Sheet"
            ws["A1"] = 24
            ws["B1"] = 1000
            ws["C1"] = "=A1/12" if inline else "=A1/B1"
            ws["D1"] = "=IF(A1>0,1,0)"
            path = os.path.join(tmp, "book.xlsx")
            wb.save(path)
            m = measure(path)
            want = 1 if inline else 0
            check(m["constants"] == want,
                  f"measure counts {m['constants']} constants (want {want}, inline {inline})")
            named = any("Sheet!C1: constant 12" in e for e in m["examples"])
            check(named == inline, f"the example names Sheet!C1 ({named}, inline {inline})")


def test_seed(build, repo):
    import subprocess
    from xlsxtest import tco_binary
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "seed.xlsx")
        subprocess.run([tco_binary(build), "report", os.path.join(repo, "config", "seed-2026.ini"),
                        "-q", "-o", book], check=True, timeout=120)
        wb = openpyxl.load_workbook(book)
        for name, want in CONSTANTS.items():
            if name not in wb.defined_names:
                check(False, f"the defined name {name}")
                continue
            sheet, ref = list(wb.defined_names[name].destinations)[0]
            cell = wb[sheet][ref.replace("$", "")]
            check(sheet == "Inputs" and cell.value == want and cell.protection.locked,
                  f"{name} ({sheet}!{ref}) = {cell.value!r}, fixed (want {want})")
        found = [f"{ws.title}!{c.coordinate} {c.value[:60]}" for ws in wb.worksheets
                 for r in ws.iter_rows() for c in r
                 if isinstance(c.value, str) and c.value.startswith("=") and constants(c.value)]
        check(not found, f"no number but 0 and 1 in a formula ({len(found)}: {found[:3]})")


test_tokens()
test_measure()
if len(sys.argv) == 3:
    test_seed(sys.argv[1], sys.argv[2])
print(f"{len(problems)} problems")
sys.exit(1 if problems else 0)
