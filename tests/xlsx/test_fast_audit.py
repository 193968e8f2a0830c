#!/usr/bin/python3
"""The FAST audit's count of constants in formulas (fast_audit.py, literals()).

  test_fast_audit.py

1. The tokeniser: formulas written here, each with the numbers it holds as worked out
   by reading it (a reference, a sheet's name, a string, a defined name or a function's
   name holds none; 0 and 1 are counted but allowed).
2. measure() on a small workbook written here with openpyxl: a formula with a constant
   is counted and named among the examples; the same workbook with the constant in a
   cell that the formula reads counts none.
Exit 0 when all hold; 1 otherwise.
"""
import os, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openpyxl  # noqa: E402
from fast_audit import constants, literals, measure  # noqa: E402

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


test_tokens()
test_measure()
print(f"{len(problems)} problems")
sys.exit(1 if problems else 0)
