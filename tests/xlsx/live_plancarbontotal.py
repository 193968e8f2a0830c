#!/usr/bin/python3
"""A plan's carbon cost in its total is live on its sheet, the Budget, the Statements
and the Summary (docs/MODEL.md, A plan's carbon cost in its total).

  live_plancarbontotal.py BUILD_DIR REPO_DIR

tests/carbon/carbon_plan_total.ini: plans `own-only`, `mix` (owned gb, reserved rv,
overflow od) and `staged` at [site] 0.5 kgCO2e per kWh, a carbon price of 100, with
carbon_in_total = yes, [tax] at 0.25 and 1% a month.
1. The workbook audits clean and follows the FAST conventions (the carbon block above
   the cash flow that adds it); by hand, `mix` costs 2,978 + 119 = 3,097, NPV 3,073.661,
   after tax 2,322.75; `own-only` 2,078 + 109 = 2,187.
2. [site] grid_kgco2e_per_kwh edited to 0.8 and carbon_price to 150 on Inputs,
   recalculated by LibreOffice and by Gnumeric: by hand `mix` emits 780 x 0.8 / 1000 +
   0.7 + 0.1 = 1.424 tCO2e, 213.6, so it costs 2,978 + 213.6 = 3,191.6 (after tax
   2,233.5 + 0.75 x 213.6 = 2,393.7), `own-only` 1.324 t, 198.6, 2,276.6; every plan's
   total, NPV, after-tax total and NPV and carbon cost on its sheet, its Budget block's
   totals and carbon column, its Statements' net cash and the Summary's plans equal the
   engine's for the INI edited alike.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import load_values, recalculated, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402

# The plan sheet's rows read in column C, by their label, and the engine's member.
ROWS = {"Net cost (cost + residual)": "total",
        "Present value": "npv",
        "Net cost after tax (net cost + tax)": "after_tax_total",
        "Present value after tax": "after_tax_npv",
        "Carbon cost: tCO2e x carbon price (in the plan's cost below)": "carbon_cost"}


def close(a, b, tol=1e-9):
    return isinstance(a, (int, float)) and abs(a - b) <= tol * max(1, abs(b))


def plan_figures(wb, name):
    """{engine member: column C} of plan `name`'s sheet (the first row of each label)."""
    ws = wb[f"Plan {name}"]
    out = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=3):
        a = row[0].value
        if a in ROWS and ROWS[a] not in out:
            out[ROWS[a]] = row[2].value
    return out


def block_total(wb, sheet, name, label):
    """The Total row's cells of plan `name`'s block on the Budget, by column heading."""
    ws = wb[sheet]
    rows = list(ws.iter_rows(min_row=1, max_row=ws.max_row, values_only=True))
    for k, r in enumerate(rows):
        if r[0] == f"Plan {name}":
            head = rows[k + 1]
            for r2 in rows[k + 2:]:
                if r2[0] == label:
                    return {h: v for h, v in zip(head, r2) if h}
    return {}


def statements_net(wb, name):
    """Plan `name`'s net cash over the horizon on the Statements sheet (column B)."""
    ws = wb["Statements"]
    inside = False
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=2, values_only=True):
        if row[0] == f"Plan {name}":
            inside = True
        elif inside and isinstance(row[0], str) and row[0].startswith("Net cash"):
            return row[1]
    return None


def summary_plans(wb):
    """{plan: total} of the Summary's plans table."""
    ws = wb["Summary"]
    out, inside = {}, False
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=5, values_only=True):
        if row[0] == "Plan" and row[3] == "total cost of ownership":
            inside = True
        elif inside and row[0] is None:
            break
        elif inside:
            out[row[0]] = row[3]
    return out


def compare(who, wb, engine, bad):
    n = 0
    for name, q in engine.items():
        for member, v in plan_figures(wb, name).items():
            n += 1
            if not close(v, q[member]):
                bad.append(f"{who}: plan {name} {member} {v!r}, engine {q[member]!r}")
        bg = block_total(wb, "Budget", name, "Total")
        for head, member in (("Total after tax", "after_tax_total"),
                             ("Carbon cost (in the total)", "carbon_cost")):
            n += 1
            if not close(bg.get(head), q[member]):
                bad.append(f"{who}: Budget, plan {name} {head} {bg.get(head)!r}, "
                           f"engine {q[member]!r}")
        net = statements_net(wb, name)
        n += 1
        if not close(net, q["after_tax_total"]):
            bad.append(f"{who}: Statements, plan {name} net cash {net!r}, "
                       f"engine {q['after_tax_total']!r}")
    summary = summary_plans(wb)
    for name, q in engine.items():
        n += 1
        if not close(summary.get(name), q["total"]):
            bad.append(f"{who}: Summary, plan {name} {summary.get(name)!r}, engine {q['total']!r}")
    print(f"{who}: compared {n} figures with the engine")
    if not n:
        bad.append(f"{who}: nothing compared")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "tests", "carbon", "carbon_plan_total.ini"),
              encoding="utf-8") as f:
        text = f.read()
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "plan.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "plan.xlsx")
        written_and_audited(tco, ini, book, bad)
        written = openpyxl.load_workbook(book, data_only=True)
        by_hand = {"mix": {"total": 3097, "npv": 3073.66096898, "after_tax_total": 2322.75,
                           "after_tax_npv": 2318.73337096, "carbon_cost": 119},
                   "own-only": {"total": 2187, "carbon_cost": 109}}
        for name, want in by_hand.items():
            got = plan_figures(written, name)
            for member, v in want.items():
                if not close(got.get(member), v, 1e-9 if member != "npv" else 1e-11):
                    bad.append(f"as written: plan {name} {member} {got.get(member)!r}, want {v}")
        wb = openpyxl.load_workbook(book)
        inputs_cell(wb, "[site] grid_kgco2e_per_kwh").value = 0.8
        inputs_cell(wb, "[scenario] carbon_price").value = 150
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace("grid_kgco2e_per_kwh = 0.5", "grid_kgco2e_per_kwh = 0.8")
                    .replace("carbon_price = 100", "carbon_price = 150"))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = {q["name"]: q for q in json.loads(p.stdout)["plans"]}
        want = {"mix": (3191.6, 2393.7, 213.6), "own-only": (2276.6, None, 198.6)}
        for name, (total, after, cost) in want.items():
            q = engine[name]
            if not close(q["total"], total) or not close(q["carbon_cost"], cost) or (
                    after is not None and not close(q["after_tax_total"], after)):
                bad.append(f"engine, edited: {name} {q['total']!r}, {q['after_tax_total']!r}, "
                           f"{q['carbon_cost']!r}")
        for who, path in recalculated(edited, tmp, bad):
            compare(who, load_values(path), engine, bad)
    for b in bad:
        print("FAIL", b)
    print("live plan carbon total:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
