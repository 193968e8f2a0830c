#!/usr/bin/python3
"""The workbook is a live model: change inputs in it, and it agrees with the engine.

  live_model.py BUILD_DIR REPO_DIR [SCENARIO.ini]

1. Writes the workbook of the scenario (default config/seed-2026.ini).
2. Changes the ElectricityPrice and DiscountRate cells (found by their defined names)
   with openpyxl, keeping every formula.
3. Recalculates it in LibreOffice (a profile that recalculates on load) and reads the
   results.
4. Runs the engine on a copy of the INI with the same two changes (tco report -o -).
5. Compares every figure of the Summary sheet with the engine's JSON: numbers to 1e-9
   relative (1e-9 absolute near zero; relative to the capex for depreciation and book
   value); a null is "n/a" or a break-even word (never, always, parallel); "-" (not
   applicable) stands for a null or a zero.
Exit 0 when all agree and the change moved the figures; 1 otherwise.
"""
import json, math, os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, tco_binary  # noqa: E402

REL = 1e-9
DASH = "\u2013"
# The edits made in the workbook: (defined name, INI section, key, new value of old).
EDITS = (("ElectricityPrice", "site", "electricity_price", lambda v: v * 1.5 + 0.01),
         ("DiscountRate", "scenario", "discount_rate", lambda v: min(1.0, v + 0.035)))


def defined_cell(wb, name):
    """(sheet, coordinate) of a workbook-level defined name."""
    dn = wb.defined_names[name] if hasattr(wb.defined_names, "__getitem__") else \
        wb.defined_names.get(name)
    dests = list(dn.destinations)
    sheet, coord = dests[0]
    return sheet, coord.replace("$", "")


def rewrite_ini(text, src_dir, changes):
    """The INI text with [section] key = value set for each (section, key): value in
    changes, and catalog/template paths made absolute so the copy loads elsewhere."""
    lines = text.splitlines()
    out, section, done = [], None, set()

    def flush(sec):
        for (s, k), v in changes.items():
            if s == sec and (s, k) not in done:
                out.append(f"{k} = {v!r}")
                done.add((s, k))

    for line in lines:
        m = re.match(r"\s*\[([^\]]+)\]", line)
        if m:
            flush(section)
            section = m.group(1).strip()
            out.append(line)
            continue
        kv = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$", line)
        if kv and section is not None:
            key = kv.group(1)
            if (section, key) in changes:
                out.append(f"{key} = {changes[(section, key)]!r}")
                done.add((section, key))
                continue
            if section == "scenario" and key in ("catalog", "template"):
                val = re.split(r"\s;", kv.group(2))[0].strip()
                if val and not os.path.isabs(val):
                    out.append(f"{key} = {os.path.normpath(os.path.join(src_dir, val))}")
                    continue
        out.append(line)
    flush(section)
    for (s, k), v in changes.items():  # sections the file did not have
        if (s, k) not in done:
            out.append(f"[{s}]")
            out.append(f"{k} = {v!r}")
            done.add((s, k))
    return "\n".join(out) + "\n"


def same(got, want, scale=0.0):
    """A recalculated Summary cell against the engine's JSON value; scale is a magnitude
    the figure is derived from (the capex for book values, which end at zero plus
    rounding)."""
    if want is None:  # a word: n/a, never, ..., or an IRR's reason ("none: no sign change")
        return got in ("n/a", "never", "always", "parallel", "never at this count", DASH,
                       None) or (isinstance(got, str) and got.startswith("none:"))
    if got == "at any volume":  # a break-even below a token a day (MODEL.md, API options)
        return isinstance(want, (int, float)) and want < 1
    if isinstance(want, str):
        return got == want
    if got == DASH:
        return want == 0
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return False
    return abs(got - want) <= max(1e-9, REL * max(abs(got), abs(want), scale))


SCALES = {"1k": 1e3, "1M": 1e6, "1B": 1e9, "1T": 1e12}


def engine_convention(ws, fields, table):
    """The Summary's figures in the JSON's convention (WORKBOOK.md, Summary): the
    residual and a loan's proceeds are receipts on the Summary (negative), the JSON's
    positive amounts; the cost per unit of work is shown per 1k, 1M, ... units as its
    label says ("Cost per 1M samples", "每1M 样本成本"), the JSON's per one unit. In place."""
    per = 1.0
    if "cost_per_unit" in fields:
        m = re.search(r"(?<![0-9.])(1[kMBT]) ", str(ws.cell(fields["cost_per_unit"], 1).value or ""))
        per = SCALES[m.group(1)] if m else 1.0
    for figures in table.values():
        for key, sign in (("residual", -1), ("loan_amount", -1), ("cost_per_unit", 1 / per)):
            if isinstance(figures.get(key), (int, float)):
                figures[key] = figures[key] * sign
    return table


def summary_table(path):
    """{option id: {field: value}} from the Summary sheet (values as computed)."""
    wb = load_values(path)
    ws = wb["Summary"]
    fields = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        key = row[1].value
        if isinstance(key, str) and re.fullmatch(r"[a-z][a-z0-9_]*", key) and key != "field":
            fields[key] = row[0].row
    if "id" not in fields:
        raise SystemExit("Summary has no id row")
    table = {}
    for col in range(4, ws.max_column + 1):
        oid = ws.cell(fields["id"], col).value
        if not oid:
            continue
        table[oid] = {k: ws.cell(r, col).value for k, r in fields.items()}
    return engine_convention(ws, fields, table)


def engine_after(tco, ini, changes, tmp):
    """The engine's JSON of the INI with each (section, key): value of changes set, or
    None (its errors printed) when tco refuses it."""
    with open(ini, encoding="utf-8") as f:
        text = rewrite_ini(f.read(), os.path.dirname(ini), changes)
    mod_ini = os.path.join(tmp, "modified.ini")
    with open(mod_ini, "w", encoding="utf-8") as f:
        f.write(text)
    p = subprocess.run([tco, "report", mod_ini, "-o", "-"], capture_output=True, text=True)
    if p.returncode != 0:
        print(p.stderr)
        return None
    return json.loads(p.stdout)


def against_engine(engine, after):
    """(mismatches, figures compared) of the recalculated Summary `after` (summary_table)
    against every figure of the engine's JSON it shows."""
    bad, compared = [], 0
    for opt in engine["options"]:
        oid = opt["id"]
        if oid not in after:
            bad.append(f"option {oid} is not on the Summary")
            continue
        for key, want in opt.items():
            if key not in after[oid] or key in ("id", "acquire", "monthly"):
                continue
            got = after[oid][key]
            if key == "capex" and got == "\u2013" and opt.get("lease_payment") is not None:
                continue  # a lease pays no capex: the Summary shows a dash
            compared += 1
            scale = abs(opt.get("capex") or 0) if key in ("depreciation", "book_value_end") \
                else 0.0
            if not same(got, want, scale):
                bad.append(f"{oid}.{key}: workbook {got!r}, engine {want!r}")
    return bad, compared


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.abspath(sys.argv[3]) if len(sys.argv) == 4 else \
        os.path.join(repo, "config", "seed-2026.ini")
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "seed.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True)
        before = summary_table(book)

        wb = openpyxl.load_workbook(book)
        changes = {}
        for name, section, key, new in EDITS:
            sheet, coord = defined_cell(wb, name)
            old = wb[sheet][coord].value
            value = float(new(float(old)))
            wb[sheet][coord].value = value
            changes[(section, key)] = value
            print(f"{name} ({sheet}!{coord}): {old} -> {value}")
        modified = os.path.join(tmp, "modified.xlsx")
        wb.save(modified)
        after = summary_table(lo_recalc(modified, tmp))
        engine = engine_after(tco, ini, changes, tmp)
        if engine is None:
            return 1

    bad, compared = against_engine(engine, after)
    moved = sum(1 for oid, figures in after.items() for key, got in figures.items()
                if isinstance(got, (int, float)) and
                isinstance(before.get(oid, {}).get(key), (int, float)) and
                not math.isclose(before[oid][key], got, rel_tol=1e-12, abs_tol=0))
    for b in bad[:40]:
        print("MISMATCH", b)
    print(f"compared {compared} figures; {moved} moved with the inputs; {len(bad)} mismatches")
    if moved == 0:
        print("FAIL: changing the inputs moved no figure")
        return 1
    return 1 if bad or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
