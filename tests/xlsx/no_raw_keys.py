#!/usr/bin/python3
"""No workbook shows a raw key as a label: labels are words, in the template's language.

  no_raw_keys.py BUILD_DIR REPO_DIR

Writes the workbook of every shipped scenario (xlsxtest.shipped_scenarios), with the
built-in template and with templates/zh-CN.xml, and reads every text cell as the workbook
shows it (the cached values), except the Inputs sheet's key and value columns (the key
that `tco import` reads, and a choice's value as the scenario file spells it: the input
itself), the Checks sheet's Field column (each figure's JSON name, which maps it onto
`tco report`) and the columns a sheet hides. A cell fails when it holds, as a word:
- a scenario key or a choice of one spelled with an underscore (`requests_per_s`,
  `after_tax_npv`), as tco/core/keys.c spells them; or
- a defined name of the workbook (`TaxRate`, `StartMonth`), but for an acronym in
  capitals that is a word of its own (`PUE`).
A word of plain prose that is also a key (`utilization`, `count`) is not a key's
spelling, so only the keys with an underscore are looked for.
Exit 0 when no cell fails; 1 otherwise, naming each workbook, sheet, cell and word.
"""
import os, re, subprocess, sys, tempfile

import openpyxl
from openpyxl.utils import get_column_letter

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import shipped_scenarios, tco_binary  # noqa: E402

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def scenario_keys(repo):
    """Every string of tco/core/keys.c spelled like a key with an underscore: the keys'
    names and the choices' spellings."""
    with open(os.path.join(repo, "tco", "core", "keys.c"), encoding="utf-8") as f:
        text = f.read()
    return {w for w in re.findall(r'"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)"', text)}


def defined_names(book):
    """The workbook's defined names (openpyxl 3.0 and 3.1 keep them differently)."""
    dn = book.defined_names
    try:
        names = list(dn.keys())
    except AttributeError:
        names = [d.name for d in dn.definedName]
    for ws in book.worksheets:  # names local to a sheet
        names += list(getattr(ws, "defined_names", {}) or {})
    return {n for n in names if not n.startswith("_xlnm")}


def hidden_columns(ws):
    hidden = set()
    for key, dim in ws.column_dimensions.items():
        if dim.hidden:
            lo = dim.min or openpyxl.utils.column_index_from_string(key)
            hi = dim.max or lo
            hidden.update(range(lo, hi + 1))
    return hidden


def exempt_columns(ws):
    """The Inputs sheet's key and value columns (B and C of the sheet that carries the
    layout's marker, "tco-inputs N", on its heading row), and the Checks sheet's Field
    column (headed "Field" or "字段"); else none."""
    for row in ws.iter_rows(min_row=1, max_row=40):
        texts = {c.column: c.value for c in row if isinstance(c.value, str)}
        if any(v.startswith("tco-inputs") for v in texts.values()):
            return {2, 3}
        for col, v in texts.items():
            if v in ("Field", "字段") and col > 1 and ws.title in ("Checks", "校验"):
                return {col}
    return set()


def faults(path, keys):
    book = openpyxl.load_workbook(path, data_only=True)
    names = {n for n in defined_names(book) if not n.isupper()}
    found = []
    for ws in book.worksheets:
        skip = hidden_columns(ws) | exempt_columns(ws)
        for row in ws.iter_rows():
            for cell in row:
                if cell.column in skip or not isinstance(cell.value, str):
                    continue
                for w in WORD.findall(cell.value):
                    if w in keys or w in names:
                        found.append(f"{ws.title}!{get_column_letter(cell.column)}{cell.row}: "
                                     f"'{w}' in {cell.value[:90]!r}")
    return found


def main():
    build, repo = sys.argv[1], sys.argv[2]
    tco = tco_binary(build)
    keys = scenario_keys(repo)
    if "requests_per_s" not in keys or "after_tax_npv" not in keys:
        print("FAIL: the key table was not read")
        return 1
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ini in shipped_scenarios(repo):
            for tpl in (None, os.path.join(repo, "templates", "zh-CN.xml")):
                out = os.path.join(tmp, "book.xlsx")
                cmd = [tco, "report", ini, "-o", out] + (["--template", tpl] if tpl else [])
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
                if p.returncode != 0 or not os.path.exists(out):
                    continue  # a scenario that does not compute is another test's
                for f in faults(out, keys):
                    failed += 1
                    if failed <= 60:
                        print(f"FAIL: {os.path.relpath(ini, repo)}"
                              f"{' (zh-CN)' if tpl else ''}: {f}")
                os.remove(out)
    print(f"no_raw_keys: {failed} raw keys shown as labels")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
