#!/usr/bin/python3
"""Recalculate a workbook in two spreadsheet programs and compare with its cached values.

  recalc_audit.py BOOK.xlsx [--json] [--keep DIR] [--rel R] [--abs A]

tco writes every figure of a workbook twice: as a formula, and as the value the formula
gives (the cached value, which a reader sees before anything recalculates). This audit
checks that the two agree, the way a finance reader's spreadsheet program would see them:

1. It reads every formula cell of BOOK.xlsx with openpyxl, and every cached value
   (data_only=True).
2. It recalculates the workbook in LibreOffice Calc, headless, with a fresh user profile
   that sets "recalculate on load" to always for xlsx and ods files, saving it as xlsx
   (in a test run, the recalculation service reads the values over UNO instead, without
   saving: recalc_service.py); and in Gnumeric with `ssconvert --recalc`.
3. For each program it compares every formula cell's cached value with the recalculated
   one: numbers to a relative tolerance (--rel, default 1e-9) with an absolute floor
   (--abs, default 1e-6), so that a cent is never forgiven on any figure; text exactly,
   an empty text equal to an empty cell; dates as their serial numbers; a boolean as 1
   or 0. Error values are mismatches, cached or recalculated, with one exception: #N/A
   in both, which is how a formula leaves a gap on purpose (NA(), which charts skip).
4. It counts the sheets, formula cells, charts, defined names and data validations.

It prints one line per fact and per program, then each program's first mismatches
(indented, prefixed with the program's name), and last a summary line:

  audit: OK formulas=N charts=N lo_mismatch=0 gnumeric_mismatch=0

(FAIL instead of OK, and "n/a" for a program that could not recalculate). With --json
the facts are printed as one JSON object before the summary line. --keep DIR keeps the
recalculated workbooks in DIR (LibreOffice's values, as JSON, in a test run).

Exit status: 0 when both programs recalculated the workbook and every formula cell agrees
in both (and there is at least one formula); 1 on any mismatch or when a program could
not recalculate; 2 on bad usage or a file that is not a workbook.
"""
import argparse
import concurrent.futures as cf
import datetime
import json
import os
import re
import shutil
import sys
import tempfile
import time
import warnings
import zipfile
import xml.etree.ElementTree as ET

import openpyxl
from openpyxl.utils.datetime import to_excel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recalc_service  # noqa: E402

# How many mismatches of each program are printed.
SHOWN = 10
# The error values of a spreadsheet; openpyxl gives them as text.
ERRORS = {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A",
          "#GETTING_DATA"}
# The error a formula gives on purpose.
INTENDED_ERROR = "#N/A"
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

# openpyxl warns of parts it does not need here (a workbook without a default style).
warnings.filterwarnings("ignore", category=UserWarning, module="openpyxl")


class Cell:
    """A cell's value as read by openpyxl, with whether it is an error value."""
    __slots__ = ("value", "error")

    def __init__(self, value, data_type):
        self.value = value
        self.error = data_type == "e" or (isinstance(value, str) and value in ERRORS)

    def __repr__(self):
        return repr(self.value)


def read_values(path):
    """{(sheet, coordinate): Cell} of every non-empty cell's value (cached values for
    formulas), of an xlsx workbook or of a values file of the recalculation service."""
    if path.endswith(".json"):
        wb = recalc_service.load_values(path)
    else:
        wb = openpyxl.load_workbook(path, data_only=True, read_only=True)
    try:
        out = {}
        for ws in wb.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    if c.value is not None and hasattr(c, "coordinate"):
                        out[(ws.title, c.coordinate)] = Cell(c.value, c.data_type)
        return out
    finally:
        wb.close()


def read_formulas(path):
    """([sheet names], [(sheet, coordinate, formula text)]) of every formula cell."""
    wb = openpyxl.load_workbook(path, data_only=False, read_only=True)
    try:
        formulas = []
        for ws in wb.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    v = c.value
                    if v is None or not hasattr(c, "coordinate"):
                        continue
                    if c.data_type == "f" or (isinstance(v, str) and v.startswith("=")):
                        text = v if isinstance(v, str) else getattr(v, "text", str(v))
                        formulas.append((ws.title, c.coordinate, text))
        return wb.sheetnames, formulas
    finally:
        wb.close()


def package_facts(path):
    """Charts, defined names and data validations, counted in the package's parts."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        charts = sum(1 for n in names if re.fullmatch(r"xl/charts/chart\d+\.xml", n))
        book = ET.fromstring(z.read("xl/workbook.xml"))
        defined = len(book.findall(f"{{{MAIN_NS}}}definedNames/{{{MAIN_NS}}}definedName"))
        validations = 0
        for n in names:
            if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n):
                sheet = ET.fromstring(z.read(n))
                validations += len(sheet.findall(
                    f"{{{MAIN_NS}}}dataValidations/{{{MAIN_NS}}}dataValidation"))
    return {"charts": charts, "defined_names": defined, "data_validations": validations}


def comparable(value):
    """A number for dates, times and booleans; the value itself otherwise."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return to_excel(value)
    if isinstance(value, datetime.timedelta):
        return value.total_seconds() / 86400.0
    return value


def agree(cached, got, rel, floor):
    """Whether a recalculated cell (Cell or None) agrees with the cached one."""
    if cached is not None and cached.error or got is not None and got.error:
        return (cached is not None and got is not None and cached.error and got.error
                and cached.value == got.value == INTENDED_ERROR)
    a = comparable(cached.value) if cached is not None else None
    b = comparable(got.value) if got is not None else None
    if a in (None, "") and b in (None, ""):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= max(floor, rel * max(abs(a), abs(b)))
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return False


def recalc_libreoffice(src, work):
    """The values of the workbook recalculated by LibreOffice (a file that read_values and
    recalc_service.load_values read), or None; the log; the seconds it took."""
    t0 = time.monotonic()
    (path, words), = recalc_service.libreoffice([src], os.path.join(work, "libreoffice"),
                                                "values").values()
    return path, write_log(work, "libreoffice", words), time.monotonic() - t0


def recalc_gnumeric(src, work):
    """The workbook recalculated by Gnumeric and saved as xlsx, or None; the log; the
    seconds it took."""
    t0 = time.monotonic()
    path, words = recalc_service.gnumeric(src, os.path.join(work, "gnumeric.xlsx"))
    return path, write_log(work, "gnumeric", words), time.monotonic() - t0


def write_log(work, program, words):
    log = os.path.join(work, program + ".log")
    with open(log, "w", encoding="utf-8") as f:
        f.write(words + "\n")
    return log


def compare(name, formulas, cached, recalculated, rel, floor):
    """Every formula cell's mismatch, as text."""
    bad = []
    for sheet, coord, text in formulas:
        a, b = cached.get((sheet, coord)), recalculated.get((sheet, coord))
        if not agree(a, b, rel, floor):
            bad.append(f"{sheet}!{coord} {text} cached={a!r} {name}={b!r}")
    return bad


def tail(path, n=5):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l.rstrip() for l in f if l.strip()]
    except OSError:
        return ""
    return " | ".join(lines[-n:])


def audit(src, rel, floor, keep=None):
    """The audit of one workbook, as a dictionary (its "ok" says whether it passed)."""
    sheets, formulas = read_formulas(src)
    cached = read_values(src)
    report = {"workbook": src, "sheets": sheets, "formula_cells": len(formulas)}
    report.update(package_facts(src))
    with tempfile.TemporaryDirectory(prefix="recalc-audit-") as work:
        # The two programs run side by side; each works in its own directory.
        with cf.ThreadPoolExecutor(max_workers=2) as pool:
            jobs = {"libreoffice": pool.submit(recalc_libreoffice, src, work),
                    "gnumeric": pool.submit(recalc_gnumeric, src, work)}
            results = {name: job.result() for name, job in jobs.items()}
        ok = bool(formulas)
        for name, (path, log, secs) in results.items():
            if path is None:
                report[name] = {"recalculated": False, "seconds": round(secs, 1),
                                "log": tail(log)}
                ok = False
                continue
            bad = compare(name, formulas, cached, read_values(path), rel, floor)
            report[name] = {"recalculated": True, "seconds": round(secs, 1),
                            "compared": len(formulas), "mismatches": len(bad),
                            "first": bad[:SHOWN]}
            ok = ok and not bad
            if keep:
                os.makedirs(keep, exist_ok=True)
                kept = os.path.splitext(os.path.basename(src))[0] + os.path.splitext(path)[1]
                shutil.copy(path, os.path.join(keep, name + "-" + kept))
    report["ok"] = ok
    return report


def mismatch_count(entry):
    return entry["mismatches"] if entry.get("recalculated") else "n/a"


def main(argv):
    ap = argparse.ArgumentParser(
        description="Recalculate a workbook in LibreOffice and Gnumeric and compare every "
                    "formula cell with its cached value.")
    ap.add_argument("book", help="the .xlsx workbook")
    ap.add_argument("--json", action="store_true", help="print the facts as JSON")
    ap.add_argument("--keep", metavar="DIR", help="keep the recalculated workbooks in DIR")
    ap.add_argument("--rel", type=float, default=1e-9, help="relative tolerance (1e-9)")
    ap.add_argument("--abs", type=float, default=1e-6, dest="floor",
                    help="absolute tolerance floor (1e-6)")
    args = ap.parse_args(argv)
    src = os.path.abspath(args.book)
    try:
        report = audit(src, args.rel, args.floor, args.keep)
    except (OSError, zipfile.BadZipFile, KeyError, ET.ParseError) as e:
        print(f"recalc_audit.py: {args.book}: not a readable workbook: {e}", file=sys.stderr)
        return 2
    lo, gn = report["libreoffice"], report["gnumeric"]
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False, default=repr))
    else:
        print(f"workbook: {report['workbook']}")
        print(f"sheets: {len(report['sheets'])}: {', '.join(report['sheets'])}")
        for key in ("formula_cells", "charts", "defined_names", "data_validations"):
            print(f"{key}: {report[key]}")
        for name, entry in (("libreoffice", lo), ("gnumeric", gn)):
            if entry["recalculated"]:
                print(f"{name}: {entry['mismatches']} mismatches of {entry['compared']} formula "
                      f"cells, recalculated in {entry['seconds']} s")
                for line in entry["first"]:
                    print(f"  {name}: {line}")
            else:
                print(f"{name}: could not recalculate ({entry['seconds']} s): {entry['log']}")
        if not report["formula_cells"]:
            print("no formula cells: nothing to audit")
    print(f"audit: {'OK' if report['ok'] else 'FAIL'} formulas={report['formula_cells']} "
          f"charts={report['charts']} lo_mismatch={mismatch_count(lo)} "
          f"gnumeric_mismatch={mismatch_count(gn)}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.exit(main(sys.argv[1:]))
