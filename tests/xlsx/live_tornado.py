#!/usr/bin/python3
"""The Sensitivity sheet is live: edit inputs in a workbook, and its tornado agrees with
the engine's sensitivity analysis of the same edit.

  live_tornado.py BUILD_DIR REPO_DIR

For each scenario below (shipped scenarios, some with a [sensitivity] section added
that gives ranges and extra drivers, so that every kind of driver formula is used):
1. Writes the workbook of the scenario.
2. Changes inputs with openpyxl, keeping every formula: ElectricityPrice, PUE,
   DiscountRate and WorkloadUtilization (found by their defined names), the first bought
   option's gpu_price and the first rented option's price_per_gpu_hour (found on Inputs
   by their keys, in the options' order).
3. Recalculates it in LibreOffice and in Gnumeric (as tests/xlsx/recalc_audit.py does).
4. Runs the engine on a copy of the INI with the same changes (tco report -o -).
5. Every driver's total at each end is a formula in the workbook as written.
6. For every option and driver compares the Sensitivity sheet's input at each end, total
   at each end, NPV at each end (where the workbook as written has a formula there),
   total less the baseline's at each end and swing with the engine's JSON
   sensitivity, and each option's base total and NPV with the engine's total and NPV:
   to 1e-9 relative (of the option's total for the differences of totals),
   with 1e-9 absolute near zero. The NPVs of the standard drivers are formulas (all
   but a reserved term's, a lease's capital, the spot overhead and the exchange
   rates: every one of seed-2026's), and at least one NPV moved with the edit. The drivers stay in the order the workbook was written
   with, so each row is matched by its driver's name.
Exit 0 when every figure agrees in both programs, every option's table was compared, and
the edit moved the totals; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import load_values, tco_binary, words  # noqa: E402
from live_model import defined_cell, rewrite_ini  # noqa: E402
import recalc_audit  # noqa: E402

REL = 1e-9

# Ranges and extra drivers: every formula of docs/WORKBOOK.md (Sensitivity) is used by
# one of these or by the standard drivers.
CONTRACT_RANGES = """
[sensitivity]
swing = 0.25
hours_per_month = 700, 744
site.electricity_escalation = 0, 0.08
site.colo_per_kw_month = 120, 260
h100-buy.tdp_w = 600, 800
h100-buy.server_power_w = 3000, 6000
h100-buy.idle_power_fraction = 0.05, 0.2
h100-buy.load_power_fraction = 0.8, 1
h100-buy.install_price = 0, 20000
h100-buy.staff_per_month = 0, 3000
h100-buy.resale_decline = 0.2, 0.5
aws-1yr-renewed.upfront = 0, 50000
aws-1yr-then-on-demand.on_demand_price_per_gpu_hour = 5, 9
aws-on-demand.storage_per_month = 0, 800
aws-on-demand.tdp_w = 600, 800
aws-on-demand.price_decline = 0, 0.3
"""

SEED_RANGES = """
[sensitivity]
electricity_price = 0.05, 0.2
utilization = 0.4, 0.95
discount_rate = 0.04, 0.12
h100-buy.gpu_price = 28000, 42000
a100-buy.server_price = 50000, 90000
a100-buy.network_price = 0, 10000
rtx4090-buy.maintenance_rate = 0, 0.1
h100-cloud.price_per_gpu_hour = 2, 4
a100-cloud.utilization = 0.3, 0.6
workload.utilization = 0.5, 0.9
"""

SCENARIOS = [
    ("seed-2026.ini", ""),
    ("contract-terms.ini", CONTRACT_RANGES),
    ("training-reserved.ini", ""),
    ("inference-fleet.ini", ""),
    ("seed-2026.ini", SEED_RANGES),
]

# Global inputs changed: defined name, INI section and key, new value from the old.
GLOBAL_EDITS = (
    ("ElectricityPrice", "site", "electricity_price", lambda v: v * 1.5 + 0.01),
    ("PUE", "site", "pue", lambda v: min(3.0, v + 0.1)),
    ("DiscountRate", "scenario", "discount_rate", lambda v: min(1.0, v + 0.035)),
    ("WorkloadUtilization", "workload", "utilization", lambda v: max(0.05, v - 0.1)),
)


def option_blocks(ws):
    """[(first row, last row)] of each option's keys on Inputs, in the options' order:
    each block starts at its `acquire` row (column B holds the INI key)."""
    starts = [r for r in range(1, ws.max_row + 1) if ws.cell(r, 2).value == "acquire"]
    return [(s, (starts[k + 1] - 1 if k + 1 < len(starts) else ws.max_row))
            for k, s in enumerate(starts)]


def option_key_cell(ws, block, key):
    for r in range(block[0], block[1] + 1):
        if ws.cell(r, 2).value == key:
            return ws.cell(r, 3)
    return None


def edit_workbook(book, out, options):
    """Change the inputs in `book`, save as `out`; returns the INI changes."""
    wb = openpyxl.load_workbook(book)
    changes = {}
    for name, section, key, new in GLOBAL_EDITS:
        sheet, coord = defined_cell(wb, name)
        cell = wb[sheet][coord]
        if not isinstance(cell.value, (int, float)):
            raise SystemExit(f"{name} is not an input cell: {cell.value!r}")
        cell.value = float(new(float(cell.value)))
        changes[(section, key)] = cell.value
    inputs = wb[defined_cell(wb, "ElectricityPrice")[0]]
    blocks = option_blocks(inputs)
    if len(blocks) != len(options):
        raise SystemExit(f"Inputs has {len(blocks)} option blocks, the scenario "
                         f"{len(options)} options")
    for acquire, key, factor in (("buy", "gpu_price", 1.1), ("rent", "price_per_gpu_hour", 0.9)):
        for k, opt in enumerate(options):
            cell = option_key_cell(inputs, blocks[k], key)
            if opt["acquire"] == acquire and cell is not None and \
                    isinstance(cell.value, (int, float)):
                cell.value = float(cell.value) * factor
                changes[(f"option {opt['id']}", key)] = cell.value
                break
    wb.save(out)
    return changes


def sensitivity_rows(book):
    """The Sensitivity sheet's name and the base row of each option's table, found by
    its label (the built-in English) or its formula: the base total is ='SHEET'!$C$n.
    Its drivers' rows follow it."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Sensitivity"] if "Sensitivity" in wb.sheetnames else None
    if ws is None:
        raise SystemExit(f"{book} has no Sensitivity sheet")
    bases = [r for r in range(1, ws.max_row + 1)
             if ws.cell(r, 1).value == "Base (inputs as written)"
             or isinstance(ws.cell(r, 4).value, str)
             and re.fullmatch(r"=('[^']*(''[^']*)*'|[A-Za-z0-9_.-]+)!\$C\$\d+",
                              ws.cell(r, 4).value)]
    # Each table's option: the sheet its base total reads (an option's sheet is named
    # by its id), the baseline's table first.
    ids = []
    for r in bases:
        m = re.fullmatch(r"='?((?:[^']|'')*?)'?!\$C\$\d+", ws.cell(r, 4).value or "")
        ids.append(m.group(1).replace("''", "'") if m else None)
    return ws.title, list(zip(bases, ids))


def close(got, want, scale=0.0):
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return False
    return abs(got - want) <= max(1e-9, REL * max(abs(got), abs(want), scale))


def compare(path, sheet, bases, engine, before, live_npv):
    """Mismatches of the recalculated workbook at path against the engine's JSON; and
    the count of compared figures and of totals that moved from `before`."""
    ws = load_values(path)[sheet]
    sens = engine["sensitivity"]["options"]
    opts = {o["id"]: o for o in engine["options"]}
    baseline = engine["scenario"].get("baseline")
    bad, compared, moved, moved_npv = [], 0, 0, 0
    if len(bases) != len(sens):
        return [f"{len(bases)} option tables on the sheet, {len(sens)} in the engine"], 0, 0
    by_id = {o["id"]: {d["driver"]: d for d in o["drivers"]} for o in sens}
    by_option = {o["id"]: o for o in sens}
    for base, oid in bases:
        o = by_option.get(oid)
        if o is None:
            bad.append(f"{sheet}!A{base}: the table of {oid!r}, not an option of the engine's")
            continue
        nd = len(o["drivers"])
        scale = abs(opts[o["id"]]["total"])
        drivers = {words(k): v for k, v in by_id[o["id"]].items()}  # as the sheet names them
        for r in range(base + 1, base + 1 + nd):
            name = before[(r, 1)]
            name = re.sub(r" \([^()]*\)$", "", name) if name not in drivers else name
            d = drivers.get(name)
            if d is None:
                bad.append(f"{sheet}!A{r}: driver {name!r} not in the engine's {o['id']}")
                continue
            want = {2: d["input_low"], 3: d["input_high"], 4: d["total_low"],
                    5: d["total_high"], 8: d["diff_low"], 9: d["diff_high"], 10: d["swing"]}
            for col, key in ((6, "npv_low"), (7, "npv_high")):
                if (r, col) in live_npv:
                    want[col] = d[key]
            if d["input_low"] is None and baseline in by_id:  # the baseline's input
                want[2] = by_id[baseline][d["driver"]]["input_low"]
                want[3] = by_id[baseline][d["driver"]]["input_high"]
            for col, w in want.items():
                got = ws.cell(r, col).value
                if w is None:
                    continue
                compared += 1
                if not close(got, w, scale if col >= 8 else 0.0):
                    bad.append(f"{o['id']} {name} {sheet}!{ws.cell(r, col).coordinate}: "
                               f"workbook {got!r}, engine {w!r}")
                if col in (4, 5, 6, 7) and isinstance(got, (int, float)) and \
                        abs(got - before[(r, col)]) > 1e-6 * max(1.0, abs(got)):
                    moved += 1 if col < 6 else 0
                    moved_npv += col >= 6
        # The base: the option sheet's total and NPV, as tco computes the edited INI.
        for col, w in ((4, opts[o["id"]]["total"]), (6, opts[o["id"]]["npv"])):
            got = ws.cell(base, col).value
            compared += 1
            if not close(got, w):
                bad.append(f"{o['id']} base {sheet}!{ws.cell(base, col).coordinate}: "
                           f"workbook {got!r}, engine {w!r}")
    if live_npv and moved_npv == 0:
        bad.append("no NPV of a driver moved with the edit")
    return bad, compared, moved


def run_scenario(tco, ini, extra, tmp):
    with open(ini, encoding="utf-8") as f:
        text = rewrite_ini(f.read(), os.path.dirname(ini), {}) + extra
    src = os.path.join(tmp, "scenario.ini")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    book = os.path.join(tmp, "book.xlsx")
    subprocess.run([tco, "report", src, "-o", book], check=True, timeout=300)
    p = subprocess.run([tco, "report", src, "-o", "-"], capture_output=True, text=True,
                       check=True, timeout=300)
    options = json.loads(p.stdout)["options"]
    sheet, bases = sensitivity_rows(book)
    problems = []
    formulas = openpyxl.load_workbook(book)[sheet]
    nd = len(json.loads(p.stdout)["sensitivity"]["options"][0]["drivers"])
    live_npv, static_npv = set(), []
    for base, _ in bases:
        for r in range(base + 1, base + 1 + nd):
            for col in (4, 5):
                v = formulas.cell(r, col).value
                if not (isinstance(v, str) and v.startswith("=")):
                    problems.append(f"{sheet}!{formulas.cell(r, col).coordinate} is not a "
                                    f"formula: {v!r}")
            for col in (6, 7):
                v = formulas.cell(r, col).value
                if isinstance(v, str) and v.startswith("="):
                    live_npv.add((r, col))
                else:
                    static_npv.append(f"{formulas.cell(r, 1).value} "
                                      f"{formulas.cell(r, col).coordinate}")
    print(f"  NPVs: {len(live_npv)} formulas, {len(static_npv)} the engine's"
          + (": " + ", ".join(static_npv[:8]) if static_npv else ""))
    if not live_npv:
        problems.append("no driver's NPV is a formula")
    if not extra and os.path.basename(ini) == "seed-2026.ini" and static_npv:
        problems.append(f"seed-2026: NPVs not live: {', '.join(static_npv[:8])}")
    for b in problems[:5]:
        print(f"    STATIC {b}")
    cached = load_values(book)[sheet]
    before = {(r, c): cached.cell(r, c).value for r in range(1, cached.max_row + 1)
              for c in (1, 4, 5, 6, 7)}

    modified = os.path.join(tmp, "modified.xlsx")
    changes = edit_workbook(book, modified, options)
    print("  edits: " + ", ".join(f"{s}.{k} = {v:.6g}" for (s, k), v in changes.items()))
    with open(src, encoding="utf-8") as f:
        mod_text = rewrite_ini(f.read(), tmp, changes)
    mod_ini = os.path.join(tmp, "modified.ini")
    with open(mod_ini, "w", encoding="utf-8") as f:
        f.write(mod_text)
    p = subprocess.run([tco, "report", mod_ini, "-o", "-"], capture_output=True, text=True,
                       timeout=300)
    if p.returncode != 0:
        return problems + [f"tco report of the edited INI failed: {p.stderr.strip()}"]
    engine = json.loads(p.stdout)

    for prog, recalc in (("libreoffice", recalc_audit.recalc_libreoffice),
                         ("gnumeric", recalc_audit.recalc_gnumeric)):
        work = tempfile.mkdtemp(prefix=prog + "-", dir=tmp)
        path, log, _ = recalc(modified, work)
        if path is None:
            problems.append(f"{prog} could not recalculate: {recalc_audit.tail(log)}")
            continue
        bad, compared, moved = compare(path, sheet, bases, engine, before, live_npv)
        print(f"  {prog}: compared {compared} figures of {len(bases)} options; "
              f"{moved} totals moved; {len(bad)} mismatches")
        for b in bad[:12]:
            print(f"    MISMATCH {b}")
        problems += [f"{prog}: {b}" for b in bad]
        if compared == 0 or moved == 0:
            problems.append(f"{prog}: nothing compared or no total moved")
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    failed = []
    for name, extra in SCENARIOS:
        label = name + (" with [sensitivity] ranges" if extra else "")
        print(label)
        with tempfile.TemporaryDirectory(prefix="live-tornado-") as tmp:
            problems = run_scenario(tco, os.path.join(repo, "config", name), extra, tmp)
        if problems:
            failed.append(f"{label}: {len(problems)} problems")
    for f in failed:
        print("FAIL", f)
    print("live tornado: " + ("FAIL" if failed else "OK") + f" ({len(SCENARIOS)} scenarios)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
