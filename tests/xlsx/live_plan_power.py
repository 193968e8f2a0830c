#!/usr/bin/python3
"""A plan at a site with a power limit is live in the workbook (docs/MODEL.md, "A plan at
a site with a power limit"; docs/WORKBOOK.md, Plan sheets and Summary).

  live_plan_power.py BUILD_DIR REPO_DIR

MODEL.md's example: `big`, 8 GPUs of 700 W and one server of 4,600 W, (8 * 700 + 4,600) /
1000 = 10.2 kW, at [site] with power_cap_kw = 10; plan `owned` (8 GPUs, overflow), plan
`staged` (buy_at = 0:8, 2:8: 10.2, 10.2 and 20.4 kW) and plan `rented` (overflow alone).
1. The workbook audits clean; by hand, each plan sheet's kW row is 10.2, 10.2, 10.2
   (owned) and 10.2, 10.2, 20.4 (staged), its limit row 10 in every month, its flag row
   0 in every month and 0 in C; on the Summary's plans table `owned` and `staged` do
   not fit (0) and are not feasible, `rented` fits and ranks 1.
2. The limit edited on Inputs to 15, recalculated by LibreOffice and by Gnumeric:
   `owned` fits (flags 1, 1, 1) and ranks 1; `staged` fits in months 1 and 2 only
   (flags 1, 1, 0; 0 in C) and ranks 3; each plan's flag, feasibility and rank on the
   Summary equal the engine's for the INI edited alike (its JSON's fits_power, the
   plans' order), and each plan sheet's kW and flag rows its monthly own_kw and
   fits.
3. `tco import` of the book LibreOffice saved writes exactly that line back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import imported_alike, load_values, recalculated, run_audit, tco_binary  # noqa: E402
from live_fx import inputs_cell  # noqa: E402

INI = """[scenario]
name = plan power
horizon_months = 3
hours_per_month = 100
discount_rate = 0

[site]
electricity_price = 0
power_cap_kw = 10

[option big]
acquire = buy
count = 8
gpu_price = 10
tdp_w = 700
server_power_w = 4600
throughput = 10

[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20

[demand]
reference = big
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1

[plan owned]
own = big
own_count = 8
overflow = od

[plan staged]
own = big
buy_at = 0:8, 2:8
overflow = od

[plan rented]
overflow = od
"""

KW = "Provisioned power of the owned GPUs in service"
CAP = "The site's power limit: in C its Inputs cell, 0 for none"
FITS = "Fits the site's power limit: in C, 1 when every month does (1 = yes)"


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def plan_rows(wb, plan, h=3):
    """{label: (column C, [months 1..h])} of the power block of a plan's sheet."""
    ws = wb["Plan " + plan]
    out = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        if row[0].value in (KW, CAP, FITS):
            out[row[0].value] = (row[2].value, [c.value for c in row[4:4 + h]])
    return out


def plans_table(wb):
    """{plan: {heading: value}} of the Summary's plans table."""
    ws = wb["Summary"]
    heads, out = None, {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        if row[0].value == "Plan":
            heads = [c.value for c in row]
            continue
        if heads and row[0].value:
            out[row[0].value] = {h: c.value for h, c in zip(heads, row) if h}
        elif heads:
            break
    return out


def check_book(wb, engine, who):
    """The plan sheets' rows and the Summary's plans table against the engine's JSON."""
    bad = []
    plans = {p["name"]: p for p in engine["plans"]}
    rank = {p["name"]: k + 1 for k, p in enumerate(engine["plans"])}
    t = plans_table(wb)
    for name, p in plans.items():
        row = t.get(name, {})
        fits, feas = row.get("Fits the site's power limit"), row.get("Feasible")
        if fits != (1 if p["fits_power"] else 0):
            bad.append(f"{who}: {name} fits {fits}, the engine {p['fits_power']}")
        want = 1 if p["fits_power"] and p["serves_demand"] else 0
        if feas != want:
            bad.append(f"{who}: {name} feasible {feas}, the engine {want}")
        if row.get("Rank") != rank[name]:
            bad.append(f"{who}: {name} rank {row.get('Rank')}, the engine {rank[name]}")
        if p["own"] is None:
            continue
        rows = plan_rows(wb, name)
        kw = rows.get(KW, (None, []))[1]
        if len(kw) != 3 or not all(close(a, m["own_kw"]) for a, m in zip(kw, p["monthly"])):
            bad.append(f"{who}: {name} kW {kw}, the engine {[m['own_kw'] for m in p['monthly']]}")
        flags = rows.get(FITS, (None, []))
        want = [0 if m["power_cap_kw"] and m["own_kw"] > m["power_cap_kw"] else 1
                for m in p["monthly"]]
        if flags[1] != want or flags[0] != (1 if p["fits_power"] else 0):
            bad.append(f"{who}: {name} flags {flags}, the engine {want}, {p['fits_power']}")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "power.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(INI)
        book = os.path.join(tmp, "power.xlsx")
        subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        # 1. As written, by hand.
        wv = openpyxl.load_workbook(book, data_only=True)
        want = {"owned": {KW: (10.2, [10.2] * 3), CAP: (10, [10] * 3), FITS: (0, [0] * 3)},
                "staged": {KW: (20.4, [10.2, 10.2, 20.4]), CAP: (10, [10] * 3),
                           FITS: (0, [0] * 3)}}
        for plan, rows in want.items():
            got = plan_rows(wv, plan)
            for label, (c, months) in rows.items():
                gc, gm = got.get(label, (None, []))
                if not close(gc, c) or len(gm) != 3 or not all(map(close, gm, months)):
                    bad.append(f"as written: {plan} {label!r}: {gc} {gm}, want {c} {months}")
        t = plans_table(wv)
        got = {p: (t[p].get("Fits the site's power limit"), t[p].get("Feasible"), t[p].get("Rank"))
               for p in t}
        if got != {"owned": (0, 0, 2), "staged": (0, 0, 3), "rented": (1, 1, 1)}:
            bad.append(f"as written: the Summary's plans {got}")
        # 2. The limit edited to 15 on Inputs and in the INI alike.
        wb = openpyxl.load_workbook(book)
        cell = inputs_cell(wb, "[site] power_cap_kw")
        if not isinstance(cell.value, (int, float)) or cell.protection.locked:
            bad.append(f"Inputs [site] power_cap_kw: {cell.value!r} is not an unlocked input")
        cell.value = 15
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(INI.replace("power_cap_kw = 10", "power_cap_kw = 15"))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        if [x["name"] for x in engine["plans"]] != ["owned", "rented", "staged"]:
            bad.append(f"the engine's order {[x['name'] for x in engine['plans']]}")
        for who, path in recalculated(edited, tmp, bad):
            wv = load_values(path)
            more = check_book(wv, engine, who)
            flags = plan_rows(wv, "staged").get(FITS)
            if flags != (0, [1, 1, 0]):
                more.append(f"{who}: staged flags {flags}, want 0, [1, 1, 0]")
            print(f"{who}: {len(more)} differences")
            bad += more
        # 3. tco import writes the limit back.
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live plan power:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
