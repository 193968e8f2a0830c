#!/usr/bin/python3
"""The Statements sheet is live: edit its inputs, and every cell follows.

  live_statements.py BUILD_DIR REPO_DIR

For config/financed-taxed.ini (cash, a loan, an IFRS 16 lease bought out, a rented
option), tests/data/statements-operating.ini (ASC 842 operating leases, one past the
horizon and one bought out, and a loan) and tests/data/statements-finance.ini (ASC 842
finance leases returned, one at an implicit rate, one at the lessee's rate past the
horizon; an IFRS 16 lease bought out and depreciated by double-declining balance):
1. writes the workbook and audits it (recalc_audit.py);
2. reads every cell of the Statements sheet as written (each option's block: its lines
   down, its fiscal years across, the horizon's column) against the engine's JSON
   `statements` (1e-6 relative; a figure near 0 against the block's scale);
3. sets inputs on Inputs (a lease's rate factor or payment, a loan's rate, a GPU's
   price, a buyout fraction, a resale decline, the lessee's rate, the tax rate; op-buyout's
   payment 4,000 -> 4,600 turns its rate from the discount rate, the implicit one being
   below 0, to the implicit rate; op-buyout's and ifrs-buyout's terms past the horizon
   leave them owing the lease at month 36, not sold),
   recalculates in LibreOffice and in Gnumeric, and compares every cell again with the
   engine's JSON for the INI edited alike; and checks that the edits moved the figures;
4. Checks: the Statements checks of every option are OK as written, and after the edits
   (with the master check); after one cell of
   the Statements (an option's operating cash of a year, then its after-tax effect of a
   year) is made a constant that differs, LibreOffice's recalculation shows CHECK on
   that option's row of the check and on the master check, and OK on the others.
Exit 0 when all agree; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import defined_cell, engine_after  # noqa: E402
import recalc_service  # noqa: E402

SHEET = "Statements"
REL = 1e-6

# The lines' English labels and the JSON's names of them.
LINES = {
    "Power (IT load)": "power", "Cooling (PUE overhead)": "cooling",
    "Facility (colocation)": "facility", "Maintenance": "maintenance", "Staff": "staff",
    "Rental": "rental", "Straight-line lease cost": "lease_cost",
    "EBITDA effect": "ebitda_effect", "Depreciation": "depreciation", "Interest": "interest",
    "Loss (gain) on sale": "loss_on_sale", "Pre-tax effect": "pre_tax_effect",
    "Tax (cash)": "tax", "After-tax effect": "after_tax_effect",
    "Operating cash": "operating_cash", "Investing cash": "investing_cash",
    "Financing cash": "financing_cash", "Net cash (the Budget)": "net_cash",
    "Book value": "book_value", "Right-of-use asset": "rou_asset",
    "Loan balance": "loan_balance", "Lease liability": "lease_liability",
}
BALANCES = {"book_value", "rou_asset", "loan_balance", "lease_liability"}
PARTS = {"Income statement", "Cash-flow statement", "Year-end balances"}
CHECK_CASH = "Statements: cash sections = the Budget"
CHECK_HORIZON = "Statements: after-tax effects = total"

CASES = (
    ("config/financed-taxed.ini",
     {("option h100-lease", "lease_rate_factor"): 0.031, ("option h100-loan", "loan_rate"): 0.085,
      ("option h100-cash", "gpu_price"): 52000, ("tax", "rate"): 0.25}),
    ("tests/data/statements-operating.ini",
     {("option op-buyout", "lease_payment"): 4600, ("option op-long", "lease_payment"): 3300,
      ("option op-buyout", "lease_months"): 40,
      ("option loan", "loan_rate"): 0.1, ("option loan", "gpu_price"): 90000,
      ("tax", "rate"): 0.3}),
    ("tests/data/statements-finance.ini",
     {("option fin-return", "lease_rate_factor"): 0.03,
      ("option fin-return", "resale_decline"): 0.25,
      ("option fin-long", "lease_discount_rate"): 0.09,
      ("option ifrs-buyout", "buyout_fraction"): 0.15,
      ("option ifrs-buyout", "lease_months"): 42,
      ("option ifrs-buyout", "gpu_price"): 110000, ("tax", "rate"): 0.3}),
)


def blocks(wb, option_ids):
    """[(option id, {json name: row}, {year column index: year's JSON name}, horizon col)]
    of the Statements sheet, the blocks in the options' order."""
    ws, out, cur = wb[SHEET], [], None
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        a = row[0].value
        if a == "Fiscal year":
            years = {}
            for cell in row[2:]:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    years[cell.column] = None  # read from the values below
                elif cell.value is not None:
                    years[cell.column] = cell.value
            cur = {"row": row[0].row, "lines": {}, "years": years}
            out.append(cur)
        elif cur is not None and isinstance(a, str) and a in LINES:
            cur["lines"][LINES[a]] = row[0].row
        elif cur is not None and isinstance(a, str) and a not in PARTS and \
                not a.startswith("The year's last month") and row[0].row > cur["row"] + 1 and \
                not cur.get("done"):
            cur["done"] = True  # the next block's heading
    if len(out) != len(option_ids):
        raise SystemExit(f"{SHEET}: {len(out)} blocks for {len(option_ids)} options")
    return [(oid, b) for oid, b in zip(option_ids, out)]


def table(engine):
    """{(option, year): statements row} of the engine's JSON."""
    return {(r["option"], r["year"]): r for r in engine["statements"]}


def compare(what, values, layout, engine, bad):
    """Every cell of the Statements in `values` against the engine's statements."""
    ws, rows = values[SHEET], table(engine)
    n = 0
    for oid, b in layout:
        mine = [r for (o, _), r in rows.items() if o == oid]
        scale = max([1.0] + [abs(v) for r in mine for v in r.values()
                             if isinstance(v, (int, float)) and not isinstance(v, bool)])
        ycols = sorted(b["years"])
        names = [r["year"] for r in sorted(mine, key=lambda r: r["year"])]
        if len(names) != len(ycols):
            bad.append((what, oid, "years"))
            continue
        for name, row in b["lines"].items():
            total = 0.0
            for col, year in zip(ycols, names):
                want = rows[(oid, year)][name]
                total += want
                got = ws.cell(row=row, column=col).value
                n += 1
                if not isinstance(got, (int, float)) or \
                        abs(got - want) > REL * max(abs(want), 1e-3 * scale):
                    print(f"{what}: {oid} {name} {year}: {got} (engine {want})  MISMATCH")
                    bad.append((what, oid, name, year))
            got = ws.cell(row=row, column=2).value
            if name in BALANCES:
                if got not in (None, ""):
                    bad.append((what, oid, name, "horizon"))
                continue
            n += 1
            if not isinstance(got, (int, float)) or \
                    abs(got - total) > REL * max(abs(total), 1e-3 * scale):
                print(f"{what}: {oid} {name} horizon: {got} (engine {total})  MISMATCH")
                bad.append((what, oid, name, "horizon"))
        # Every line the engine has other than 0 is shown.
        for name in set(LINES.values()) - set(b["lines"]):
            if any(abs(r[name]) > 1e-9 * scale for r in mine):
                print(f"{what}: {oid} lacks the line {name}")
                bad.append((what, oid, name, "missing"))
    print(f"{what}: {n} cells compared")


def checks_status(values):
    """{(option id, check): [statuses]} of the Statements rows of the Checks sheet's
    integrity checks one by one, and the master check."""
    ws, out = values["Checks"], {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=8):
        a, b, h = row[0].value, row[1].value, row[7].value
        if isinstance(b, str) and b.startswith((CHECK_CASH, CHECK_HORIZON)) and a:
            out.setdefault((a, CHECK_CASH if b.startswith(CHECK_CASH) else CHECK_HORIZON),
                           []).append(h)
    master = None
    for row in ws.iter_rows(min_row=1, max_row=10, max_col=3):
        if row[0].value == "Master check":
            master = row[2].value
    return out, master


def planted(book, layout, engine, tmp, bad):
    """Checks as written, and after a Statements cell is made a constant that differs."""
    values = load_values(book)
    status, master = checks_status(values)
    oids = [oid for oid, _ in layout]
    for oid in oids:
        for kind in (CHECK_CASH, CHECK_HORIZON):
            got = status.get((oid, kind))
            if not got or any(s != "OK" for s in got):
                print(f"as written: {oid} {kind}: {got}  NOT OK")
                bad.append(("checks", oid, kind))
    if master != "OK":
        bad.append(("checks", "master", master))
    oid, b = layout[0]
    col = sorted(b["years"])[1]
    for name, kind in (("operating_cash", CHECK_CASH), ("after_tax_effect", CHECK_HORIZON)):
        wb = openpyxl.load_workbook(book)
        row = b["lines"][name]
        cached = values[SHEET].cell(row=row, column=col).value
        wb[SHEET].cell(row=row, column=col).value = cached + 1000
        path = os.path.join(tmp, f"planted-{name}.xlsx")
        wb.save(path)
        after, m = checks_status(load_values(lo_recalc(path, os.path.join(tmp, "lo-" + name))))
        got = after.get((oid, kind), [])
        others = [s for (o, k), v in after.items() for s in v if (o, k) != (oid, kind)]
        ok = "CHECK" in got and m == "CHECK" and all(s == "OK" for s in others) and \
            (kind != CHECK_CASH or got.count("CHECK") == 1)
        print(f"planted {oid} {name} {b['years'][col] or ''} (+1000): {kind}: {got}, "
              f"master {m}{'' if ok else '  WRONG'}")
        if not ok:
            bad.append(("planted", name))


def run_case(tco, repo, rel, edits, tmp, bad):
    ini = os.path.join(repo, rel)
    stem = os.path.splitext(os.path.basename(ini))[0]
    book = os.path.join(tmp, stem + ".xlsx")
    subprocess.run(["timeout", "120", tco, "report", ini, "-o", book], check=True,
                   stderr=subprocess.DEVNULL)
    ok, line = run_audit(book)
    print(f"{rel}: {line}")
    if not ok:
        bad.append((rel, "audit", line))
    base = engine_after(tco, ini, {}, tmp)
    layout = blocks(openpyxl.load_workbook(book), [o["id"] for o in base["options"]])
    compare(f"{rel} as written", load_values(book), layout, base, bad)
    if rel.startswith("config/"):
        planted(book, layout, base, tmp, bad)

    wb = openpyxl.load_workbook(book)
    for (sec, key), value in edits.items():
        if sec == "tax":
            sheet, coord = defined_cell(wb, "TaxRate")
            cell = wb[sheet][coord]
        else:
            cell = option_key_cell(wb["Inputs"], sec.split()[1], key)
        print(f"{sec}.{key} ({cell.coordinate}): {cell.value} -> {value}")
        cell.value = value
    edited = os.path.join(tmp, stem + "-edited.xlsx")
    wb.save(edited)
    engine = engine_after(tco, ini, edits, tmp)
    if engine is None:
        bad.append((rel, "engine"))
        return
    if table(engine) == table(base):
        bad.append((rel, "the edits did not move the statements"))
    lo = load_values(lo_recalc(edited, os.path.join(tmp, "lo-" + stem)))
    compare(f"{rel} LibreOffice", lo, layout, engine, bad)
    status, master = checks_status(lo)  # identities: they hold after any edit
    off = {k: v for k, v in status.items() if any(s != "OK" for s in v)}
    print(f"{rel} LibreOffice: Statements checks {len(status)} rows' groups, master {master}")
    if off or master != "OK" or len(status) != 2 * len(layout):
        bad.append((rel, "checks after the edits", off, master))
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
        for rel, edits in CASES:
            run_case(tco, repo, rel, edits, tmp, bad)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
