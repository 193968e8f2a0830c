#!/usr/bin/python3
"""The plans' blocks of the Statements sheet are live: edit their inputs, and every
cell follows (docs/MODEL.md, A plan's statements; docs/WORKBOOK.md, Statements).

  live_planstmt.py BUILD_DIR REPO_DIR

For config/capacity-plan-2026.ini (on demand only, owned and on demand, owned, reserved
and on demand, in cash; staged purchases refreshed in the month that costs least) and
tests/data/plans.ini (owned in cash with spares; staged purchases; a refresh; `loan`, its
owned part on a loan that runs past the horizon; staged purchases each on its loan; a
refresh on loans, the first loan's balance repaid at the refresh; `lease`, leased under
IFRS 16 with a buyout past the horizon) and tests/data/plan-leases.ini (leased and
returned under IFRS 16 at the implicit rate, and under ASC 842 operating past the
horizon at the lessee's rate; `opbuy`, under ASC 842 operating bought out within the
horizon, its hardware depreciated from the buyout and sold at month H; `opbuy-long`, its
buyout past the horizon; the same taxed in tests/data/plan-leases-tax.ini), and
tests/data/plan-staged-leases.ini (purchases in stages on leases under IFRS 16, ASC 842
operating returned and bought out, ASC 842 finance bought out; refreshes that return an
operating lease and an IFRS 16 lease early, sell hardware bought out of an operating
lease, and refresh GPUs bought in cash to a finance lease; taxed in
tests/data/plan-staged-leases-tax.ini), with plans.ini's `staged-lease`, `refresh-lease`
and `refresh-mixed` and capacity-plan-tax.ini's `staged-lease`:
1. writes the workbook and audits it (recalc_audit.py); every plan has a block;
2. reads every cell of each plan's block (its lines down, its fiscal years across, the
   horizon's column) against the engine's JSON `plans[].statements` (1e-6 relative; a
   figure near 0 against the block's scale), and checks that every line the engine has
   other than 0 is shown (without [tax] the after-tax effect is the pre-tax effect, and
   neither the tax nor the after-tax line is shown, as for an option), and the
   cells of `opbuy` and `refresh-op` against figures worked by hand (HAND);
3. sets inputs on Inputs (plans' counts, a GPU's price, a resale fraction, loans'
   rates, the maintenance rate, a refresh's month 12 -> 18, the lease's rate factor and
   its term 30 -> 18 months, which brings its buyout and the sale into the horizon;
   leases' payments, a resale decline, the lessee's rate, the operating lease's term
   18 -> 12 months and its buyout fraction, the other's 30 -> 24, its buyout at month
   H), recalculates in LibreOffice and in Gnumeric, compares
   every plan cell again with the engine's JSON for the INI edited alike, and checks
   that the edits moved the plans' statements;
4. Checks: the two Statements checks of every plan with a block (cash sections = the
   Budget each year; the pre-tax effects = the plan's total within the horizon) are OK
   as written and after the edits, with the master check; after one cell of a plan's
   block (its operating cash of a year, then its pre-tax effect of a year) is made a
   constant that differs, LibreOffice's recalculation shows CHECK on that plan's row of
   the check and on the master check, and OK on every other row.
Exit 0 when all agree; 1 otherwise.
"""
import os, re, shutil, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import engine_after  # noqa: E402
from live_plan import plan_input  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_statements import LINES, BALANCES, PARTS, CHECK_CASH, CHECK_HORIZON  # noqa: E402
from live_statements import checks_status  # noqa: E402
import recalc_service  # noqa: E402

SHEET = "Statements"
REL = 1e-6

# (scenario, the plans with a block, the edits on Inputs: (section, key) -> value)
CASES = (
    ("config/capacity-plan-2026.ini",
     ("h100-on-demand", "b200-on-demand", "own-h100-burst", "own-reserve-burst",
      "own-b200-burst", "b200-reserve-burst", "staged-refresh"),
     {("plan own-h100-burst", "own_count"): 40, ("plan own-reserve-burst", "reserve_count"): 24,
      ("option h100-buy", "resale_fraction"): 0.3,
      ("option b200-buy", "maintenance_rate"): 0.05}),
    ("tests/data/plans.ini",
     ("mix", "owned", "spares", "staged", "refresh", "loan", "lease", "staged-loan",
      "refresh-loan", "staged-lease", "refresh-lease", "refresh-mixed"),
     {("option h100-loan", "loan_rate"): 0.12, ("plan loan", "own_count"): 12,
      ("option h100-buy", "gpu_price"): 32000, ("plan refresh", "refresh_month"): 18,
      ("option b200-loan", "loan_rate"): 0.05, ("option h100-lease", "lease_months"): 18,
      ("option h100-lease", "lease_rate_factor"): 0.03}),
    ("tests/data/plan-leases.ini", ("ifrs", "operating", "opbuy", "opbuy-long"),
     {("option lr", "lease_payment"): 70, ("option lr", "resale_decline"): 0.2,
      ("option lo", "lease_payment"): 50, ("option lo", "lease_discount_rate"): 0.09,
      ("plan operating", "own_count"): 3, ("option lob", "lease_months"): 12,
      ("option lob", "lease_payment"): 70, ("option lob", "buyout_fraction"): 0.3,
      ("option lobl", "lease_months"): 24}),
    # With [tax]: the statements' tax line reads each plan sheet's tax row.
    ("tests/data/capacity-plan-tax.ini",
     ("own-loan", "own-lease", "lease-long", "staged-loan", "staged-lease", "h100-on-demand",
      "b200-on-demand",
      "own-h100-burst", "own-reserve-burst", "own-b200-burst", "b200-reserve-burst",
      "staged-refresh"),
     {("tax", "rate"): 0.3, ("plan own-loan", "own_count"): 40}),
    ("tests/data/plan-leases-tax.ini", ("ifrs", "operating", "opbuy", "opbuy-long"),
     {("tax", "rate"): 0.3, ("option lob", "lease_months"): 12}),
    ("tests/data/plan-staged-leases.ini",
     ("staged-ifrs", "staged-op", "staged-opbuy", "staged-finbuy", "refresh-op",
      "refresh-ifrs", "refresh-opbuy", "refresh-cash"),
     {("option lr", "lease_payment"): 70, ("option lo", "lease_payment"): 50,
      ("option lo", "lease_discount_rate"): 0.09, ("option lob", "buyout_fraction"): 0.3,
      ("plan refresh-op", "refresh_month"): 14, ("option lfb", "lease_months"): 10,
      ("option gb", "gpu_price"): 1500}),
    ("tests/data/plan-staged-leases-tax.ini",
     ("staged-ifrs", "staged-op", "staged-opbuy", "staged-finbuy", "refresh-op",
      "refresh-ifrs", "refresh-opbuy", "refresh-cash"),
     {("tax", "rate"): 0.3, ("option lob", "buyout_fraction"): 0.3}),
    ("tests/data/plan-tax-variants.ini", ("spares", "staged"),
     {("tax", "rate"): 0.25, ("option al", "loan_rate"): 0.09}),
)

# Worked by hand, not by the engine: plan-leases.ini's `opbuy` (2 GPUs of 1,200, the
# payment 60 for the whole option at months 0..17, the buyout 0.2 * 2,400 = 480 at month
# 18; the fiscal years by the calendar from month 0, March 2027: FY2027 months 0..9,
# FY2028 10..21, FY2029 22..24). Lease cost 60 in months 1..18: 9 * 60 = 540 in FY2027
# and in FY2028. Depreciation from month 19, straight-line over 3 years: 480 / 36 a
# month, 3 months (40) in FY2028 and 3 in FY2029; book value at the end of FY2028 480 -
# 40 = 440; at month 24 400 before the sale at the residual 0.1 * 2,400 = 240, a loss of
# 160; investing 480 in FY2028, -240 in FY2029.
HAND = {("tests/data/plan-leases.ini", "opbuy"): {
    "FY2027": {"lease_cost": 540, "depreciation": 0, "book_value": 0},
    "FY2028": {"lease_cost": 540, "depreciation": 40, "investing_cash": 480,
               "book_value": 440, "lease_liability": 0, "rou_asset": 0},
    "FY2029": {"depreciation": 40, "loss_on_sale": 160, "investing_cash": -240,
               "book_value": 0}},
    # plan-staged-leases.ini's `refresh-op`: `lo` (45 a month in advance for 30 months,
    # ASC 842 operating, the lessee's 12%: 1% a month) returned at the refresh at month
    # 12 for 2 `gb` bought in cash (2,400). Lease cost 45 in months 1..12: 405 in FY2027,
    # 135 in FY2028. At the end of FY2027 (month 9) 10 payments made against 9 months'
    # cost, 45 paid ahead; the liability the 20 payments left, each a month after the
    # last: 45 x (1 - 1.01^-20) / 0.01 = 812.05; the asset 857.05. At month 12 nothing is
    # paid ahead and the 18 payments left, 810, are the loss on the early return. `gb`:
    # 100 a month of depreciation from month 13 (900 in FY2028, months 13..21; 300 in
    # FY2029), 1,200 left at month 24, sold for 600: a loss of 600.
    ("tests/data/plan-staged-leases.ini", "refresh-op"): {
        "FY2027": {"lease_cost": 405, "lease_liability": 45 * (1 - 1.01 ** -20) / 0.01,
                   "rou_asset": 45 + 45 * (1 - 1.01 ** -20) / 0.01, "loss_on_sale": 0},
        "FY2028": {"lease_cost": 135, "loss_on_sale": 810, "investing_cash": 2400,
                   "lease_liability": 0, "rou_asset": 0, "depreciation": 900},
        "FY2029": {"loss_on_sale": 600, "investing_cash": -600, "depreciation": 300}}}


def hand_check(rel, values, layout, bad):
    """The cells of the blocks HAND names against the figures worked by hand."""
    ws = values[SHEET]
    for b in layout:
        want = HAND.get((rel, b["name"]))
        if not want:
            continue
        names = sorted(want)
        for col, year in zip(b["years"], names):
            for name, v in want[year].items():
                got = ws.cell(row=b["lines"][name], column=col).value if name in b["lines"] \
                    else 0
                ok = isinstance(got, (int, float)) and abs(got - v) <= 1e-6 * max(1, abs(v))
                print(f"{rel}: {b['name']} {name} {year}: {got} (by hand {v})"
                      f"{'' if ok else '  MISMATCH'}")
                if not ok:
                    bad.append((rel, "by hand", b["name"], name, year))


def plan_blocks(wb, n_options):
    """[(plan name, {json name: row}, {year column: None})] of the Statements sheet's
    blocks after the options' n_options, each named by the heading above its years."""
    ws, out, cur = wb[SHEET], [], None
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        a = row[0].value
        if a == "Fiscal year":
            years = [c.column for c in row[2:] if c.value is not None]
            name = ws.cell(row=row[0].row - 1, column=1).value
            cur = {"row": row[0].row, "lines": {}, "years": years, "name": name}
            out.append(cur)
        elif cur is not None and isinstance(a, str) and a in LINES and not cur.get("done"):
            cur["lines"][LINES[a]] = row[0].row
        elif cur is not None and isinstance(a, str) and a not in PARTS and \
                not a.startswith("The year's last month") and row[0].row > cur["row"] + 1:
            cur["done"] = True  # the next block's heading
    plans = out[n_options:]
    for b in plans:
        if not isinstance(b["name"], str) or not b["name"].startswith("Plan "):
            raise SystemExit(f"{SHEET}: a plan block headed {b['name']!r}")
        b["name"] = b["name"][len("Plan "):]
    return plans


def table(engine):
    """{plan name: {year: statements row}} of the engine's JSON."""
    return {p["name"]: {r["year"]: r for r in p["statements"]} for p in engine["plans"]}


def compare(what, values, layout, engine, bad):
    """Every cell of the plans' blocks in `values` against the engine's statements."""
    ws, rows = values[SHEET], table(engine)
    n = 0
    for b in layout:
        mine = rows[b["name"]]
        scale = max([1.0] + [abs(v) for r in mine.values() for v in r.values()
                             if isinstance(v, (int, float)) and not isinstance(v, bool)])
        names = sorted(mine)
        if len(names) != len(b["years"]):
            bad.append((what, b["name"], "years"))
            continue
        for name, row in b["lines"].items():
            total = 0.0
            for col, year in zip(b["years"], names):
                want = mine[year][name]
                total += want
                got = ws.cell(row=row, column=col).value
                n += 1
                if not isinstance(got, (int, float)) or \
                        abs(got - want) > REL * max(abs(want), 1e-3 * scale):
                    print(f"{what}: {b['name']} {name} {year}: {got} (engine {want})  MISMATCH")
                    bad.append((what, b["name"], name, year))
            got = ws.cell(row=row, column=2).value
            if name in BALANCES:
                if got not in (None, ""):
                    bad.append((what, b["name"], name, "horizon"))
                continue
            n += 1
            if not isinstance(got, (int, float)) or \
                    abs(got - total) > REL * max(abs(total), 1e-3 * scale):
                print(f"{what}: {b['name']} {name} horizon: {got} (engine {total})  MISMATCH")
                bad.append((what, b["name"], name, "horizon"))
        for name in set(LINES.values()) - set(b["lines"]):
            if name == "after_tax_effect" and "tax" not in b["lines"]:
                name = "tax"  # without a tax line the after-tax effect is the pre-tax one
            if any(abs(r[name]) > 1e-9 * scale for r in mine.values()):
                print(f"{what}: {b['name']} lacks the line {name}")
                bad.append((what, b["name"], name, "missing"))
    print(f"{what}: {n} plan cells compared")
    return n


def checks_ok(what, values, layout, bad):
    """The two Statements checks of every plan with a block are OK, as is the master."""
    status, master = checks_status(values)
    for b in layout:
        for kind in (CHECK_CASH, CHECK_HORIZON):
            got = status.get((b["name"], kind))
            if not got or any(s != "OK" for s in got):
                print(f"{what}: plan {b['name']} {kind}: {got}  NOT OK")
                bad.append((what, "checks", b["name"], kind))
    print(f"{what}: Statements checks of {len(layout)} plans, master {master}")
    if master != "OK":
        bad.append((what, "master", master))


def planted(book, layout, tmp, bad):
    """A plan's Statements cell made a constant that differs: its check shows CHECK."""
    values = load_values(book)
    b = next(b for b in layout if "depreciation" in b["lines"])
    col = b["years"][1]
    for name, kind in (("operating_cash", CHECK_CASH), ("pre_tax_effect", CHECK_HORIZON)):
        wb = openpyxl.load_workbook(book)
        row = b["lines"][name]
        wb[SHEET].cell(row=row, column=col).value = \
            values[SHEET].cell(row=row, column=col).value + 1000
        path = os.path.join(tmp, f"planted-{name}.xlsx")
        wb.save(path)
        after, m = checks_status(load_values(lo_recalc(path, os.path.join(tmp, "lo-" + name))))
        got = after.get((b["name"], kind), [])
        others = [s for (o, k), v in after.items() for s in v if (o, k) != (b["name"], kind)]
        ok = "CHECK" in got and m == "CHECK" and all(s == "OK" for s in others) and \
            got.count("CHECK") == 1
        print(f"planted {b['name']} {name} (+1000): {kind}: {got}, master {m}"
              f"{'' if ok else '  WRONG'}")
        if not ok:
            bad.append(("planted", b["name"], name))


def run_case(tco, repo, rel, with_block, edits, tmp, bad):
    ini = os.path.join(repo, rel)
    # A demand file beside the INI, beside the engine's copies of it in tmp too.
    with open(ini, encoding="utf-8") as f:
        text = f.read()
    for name in re.findall(r"^file\s*=\s*(\S+)", text, re.M):
        shutil.copy(os.path.join(os.path.dirname(ini), name), tmp)
    # An included file where the engine's copy of the INI (in etmp) finds it by the
    # same relative path.
    etmp = os.path.join(tmp, "e", "d") if re.search(r"^include\s*=", text, re.M) else tmp
    os.makedirs(etmp, exist_ok=True)
    for name in re.findall(r"^include\s*=\s*(\S+)", text, re.M):
        to = os.path.normpath(os.path.join(etmp, name))
        os.makedirs(os.path.dirname(to), exist_ok=True)
        src = os.path.join(os.path.dirname(ini), name)
        shutil.copy(src, to)
        with open(src, encoding="utf-8") as f:  # its demand file beside it
            for data in re.findall(r"^file\s*=\s*(\S+)", f.read(), re.M):
                shutil.copy(os.path.join(os.path.dirname(src), data), os.path.dirname(to))
    stem = os.path.splitext(os.path.basename(ini))[0]
    book = os.path.join(tmp, stem + ".xlsx")
    subprocess.run(["timeout", "120", tco, "report", ini, "-o", book], check=True,
                   stderr=subprocess.DEVNULL)
    ok, line = run_audit(book)
    print(f"{rel}: {line}")
    if not ok:
        bad.append((rel, "audit", line))
    base = engine_after(tco, ini, {}, etmp)
    layout = plan_blocks(openpyxl.load_workbook(book), len(base["options"]))
    names = tuple(b["name"] for b in layout)
    print(f"{rel}: plan blocks {', '.join(names)}")
    if names != with_block:
        bad.append((rel, "plan blocks", names))
    values = load_values(book)
    compare(f"{rel} as written", values, layout, base, bad)
    hand_check(rel, values, layout, bad)
    checks_ok(f"{rel} as written", values, layout, bad)
    if rel.startswith("config/"):
        planted(book, layout, tmp, bad)

    wb = openpyxl.load_workbook(book)
    for (sec, key), value in edits.items():
        kind, name = (sec.split() + [None])[:2]
        if name is None:  # a scenario-wide section's key: [tax] rate
            cell = inputs_cell(wb, f"[{kind}] {key}")
        elif kind == "plan":
            cell = wb["Inputs"][plan_input(wb, name, key)[1]]
        else:
            cell = option_key_cell(wb["Inputs"], name, key)
        print(f"{sec}.{key} ({cell.coordinate}): {cell.value} -> {value}")
        cell.value = value
    edited = os.path.join(tmp, stem + "-edited.xlsx")
    wb.save(edited)
    engine = engine_after(tco, ini, edits, etmp)
    if engine is None:
        bad.append((rel, "engine"))
        return
    moved = [n for n in names if table(engine)[n] != table(base)[n]]
    print(f"{rel}: the edits moved the statements of {', '.join(moved)}")
    if not moved:
        bad.append((rel, "the edits did not move the plans' statements"))
    lo = load_values(lo_recalc(edited, os.path.join(tmp, "lo-" + stem)))
    compare(f"{rel} LibreOffice", lo, layout, engine, bad)
    checks_ok(f"{rel} LibreOffice", lo, layout, bad)
    out, words = recalc_service.gnumeric(edited, os.path.join(tmp, stem + "-gnumeric.xlsx"))
    if out is None:
        bad.append((rel, "gnumeric", words))
    else:
        compare(f"{rel} Gnumeric", openpyxl.load_workbook(out, data_only=True), layout, engine,
                bad)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel, with_block, edits in CASES:
            run_case(tco, repo, rel, with_block, edits, tmp, bad)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
