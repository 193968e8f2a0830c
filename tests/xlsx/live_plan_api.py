#!/usr/bin/python3
"""An API as a plan's overflow is live in the workbook (docs/MODEL.md, "An API as a
plan's overflow"; docs/WORKBOOK.md, Plan sheets).

  live_plan_api.py BUILD_DIR REPO_DIR

MODEL.md's example, tests/api/api-plan.ini: the reference `gb` serves 0.5 requests/s at
scaling efficiency 0.8, a request is 1,500 input and 500 output tokens, so a reference
GPU-hour is 2,880,000 tokens; `hosted` costs 2.50 / 1.25 (40% cached) / 10 per million
input / cached / output tokens, 25% less a year; 150 reference GPU-hours a month over
13 months; plan `burst` owns one GPU (100 hours) and sends 50 hours to `hosted`, plan
`api` sends all 150.
1. The workbook audits clean (LibreOffice and Gnumeric) and passes the FAST audit; by
   hand, each plan sheet's overflow price row is (1,500 x 2.00 + 500 x 10) / 2,000 =
   4.00 per million x 2.88 = 11.52 in months 1-12 and 8.64 in month 13; the hours
   bought total 7,344 (burst) and 22,032 (api).
2. hosted's output price edited on Inputs to 14, recalculated by LibreOffice and by
   Gnumeric: by hand 5.00 per million, 14.40 an hour, 10.80 in month 13; burst's
   overflow 50 x (12 x 14.40 + 10.80) = 9,180, api's 150 x 183.60 = 27,540; each plan
   sheet's overflow row by month, the Summary's plans (total, feasibility, rank) and
   its options equal the engine's for the INI edited alike.
3. Demand in tokens (MODEL.md, Demand in tokens): the same scenario with
   `tokens_per_month = 432000000` instead of 150 GPU-hours (432e6 / 2.88e6 = 150) audits
   clean and its Inputs row "Demand in month 1: its tokens in GPU-hours" is 150; edited
   to 576,000,000 on Inputs, by hand 200 GPU-hours a month: burst's GPU serves 100, the
   API 100, 100 x 146.88 = 14,688, total 22,688; api 200 x 146.88 = 29,376; each plan
   sheet, the Summary's plans and options equal the engine's for the INI edited alike,
   and `tco import` of the edited book writes exactly that line back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (load_values, recalculated, run_audit, tco_binary,  # noqa: E402
                      written_and_audited)
from live_fx import inputs_cell  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import against_engine, engine_after, summary_table  # noqa: E402
from live_plan_budget import summary_plans  # noqa: E402

H = 13
PRICE = "Price per GPU-hour"
COST = "On-demand hours bought"
KEY = "price_per_million_output_tokens"


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def over_rows(wb, plan):
    """{label: (column C, [months 1..H])} of the overflow block of a plan's sheet."""
    ws = wb["Plan " + plan]
    out = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        if row[0].value in (PRICE, COST):
            out[row[0].value] = (row[2].value, [c.value for c in row[4:4 + H]])
    return out


def by_hand(wb, prices, totals, who):
    """The overflow rows against the prices of months 1..12 and 13 and each plan's
    overflow total, worked out by hand."""
    bad = []
    want = [prices[0]] * 12 + [prices[1]]
    for plan, hours in (("burst", 50), ("api", 150)):
        rows = over_rows(wb, plan)
        got = rows.get(PRICE, (None, []))[1]
        if len(got) != H or not all(map(close, got, want)):
            bad.append(f"{who}: {plan}'s price row {got}, by hand {want}")
        c, months = rows.get(COST, (None, []))
        if not close(c, totals[plan]) or not all(close(m, hours * p) for m, p in zip(months, want)):
            bad.append(f"{who}: {plan}'s overflow {c} {months}, by hand {totals[plan]}")
    return bad


def against(wb, book, engine, who):
    """Each plan sheet's overflow by month, the Summary's plans and options against the
    engine's JSON."""
    bad = []
    plans = summary_plans(book)
    for k, p in enumerate(engine["plans"]):
        months = over_rows(wb, p["name"]).get(COST, (None, []))[1]
        want = [m["overflow_cost"] for m in p["monthly"]]
        if len(months) != H or not all(map(close, months, want)):
            bad.append(f"{who}: {p['name']}'s overflow {months}, the engine {want}")
        got = plans.get(p["name"])
        if got is None or not close(got[0], p["total"]) or got[1:] != (1, k + 1):
            bad.append(f"{who}: the Summary's {p['name']} {got}, the engine {p['total']}, rank "
                       f"{k + 1}")
    more, compared = against_engine(engine, summary_table(book))
    print(f"{who}: compared {compared} option figures with the engine")
    return bad + more + ([f"{who}: no option figure compared"] if not compared else [])


def tokens(tco, ini, tmp):
    """Part 3: demand in tokens, edited on Inputs."""
    bad = []
    with open(ini, encoding="utf-8") as f:
        text = f.read()
    want = "gpu_hours_per_month = 150   ; reference GPU-hours a month"
    if want not in text:
        return [f"{ini} has no line {want!r}"]
    text = text.replace(want, "tokens_per_month = 432000000")
    tini = os.path.join(tmp, "tokens.ini")
    with open(tini, "w", encoding="utf-8") as f:
        f.write(text)
    book = os.path.join(tmp, "tokens.xlsx")
    subprocess.run([tco, "report", tini, "-o", book, "-q"], check=True, timeout=120)
    ok, line = run_audit(book)
    print("audit (tokens):", line)
    if not ok:
        bad.append("the tokens workbook does not audit clean")
    ws = openpyxl.load_workbook(book, data_only=True)["Inputs"]
    hours = [r[2].value for r in ws.iter_rows(min_row=1, max_row=ws.max_row)
             if r[0].value == "Demand in month 1: its tokens in GPU-hours"]
    if len(hours) != 1 or not close(hours[0], 150):
        bad.append(f"tokens: Inputs' demand in GPU-hours {hours}, by hand 150")
    wb = openpyxl.load_workbook(book)
    cell = inputs_cell(wb, "[demand] tokens_per_month")
    if not isinstance(cell.value, (int, float)) or cell.protection.locked:
        bad.append(f"Inputs [demand] tokens_per_month: {cell.value!r} is not an unlocked input")
    cell.value = 576000000
    edited = os.path.join(tmp, "tokens-edited.xlsx")
    wb.save(edited)
    mod = os.path.join(tmp, "tokens-edited.ini")
    with open(mod, "w", encoding="utf-8") as f:
        f.write(text.replace("tokens_per_month = 432000000", "tokens_per_month = 576000000"))
    p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                       capture_output=True, text=True)
    engine = json.loads(p.stdout)
    for who, path in recalculated(edited, tmp, bad):
        wv = load_values(path)
        more = []
        for plan, total in (("burst", 14688), ("api", 29376)):
            c = over_rows(wv, plan).get(COST, (None, []))[0]
            if not close(c, total):
                more.append(f"{who} (tokens): {plan}'s overflow {c}, by hand {total}")
        more += against(wv, path, engine, who + " (tokens)")
        print(f"{who} (tokens): {len(more)} differences")
        bad += more
    new_ini = os.path.join(tmp, "tokens-imported.ini")
    p = subprocess.run([tco, "import", edited, "--scenario", tini, "-o", new_ini],
                       capture_output=True, text=True, timeout=120)
    got = open(new_ini, encoding="utf-8").read() if os.path.exists(new_ini) else ""
    with open(mod, encoding="utf-8") as f:
        if p.returncode != 1 or got != f.read():
            bad.append(f"tokens: import (exit {p.returncode}) is not the scenario edited alike "
                       f"({p.stderr.strip()[:300]})")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "tests", "api", "api-plan.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "plan-api.xlsx")
        written_and_audited(tco, ini, book, bad)
        # 1. As written, by hand.
        bad += by_hand(openpyxl.load_workbook(book, data_only=True), (11.52, 8.64),
                       {"burst": 7344, "api": 22032}, "as written")
        # 2. The output price edited to 14 on Inputs and in the INI alike.
        wb = openpyxl.load_workbook(book)
        cell = option_key_cell(wb["Inputs"], "hosted", KEY)
        if not isinstance(cell.value, (int, float)) or cell.protection.locked:
            bad.append(f"Inputs hosted.{KEY}: {cell.value!r} is not an unlocked input")
        print(f"hosted.{KEY} (Inputs!{cell.coordinate}): {cell.value} -> 14")
        cell.value = 14
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        engine = engine_after(tco, ini, {("option hosted", KEY): 14}, tmp)
        if engine is None:
            return 1
        for who, path in recalculated(edited, tmp, bad):
            wv = load_values(path)
            more = by_hand(wv, (14.40, 10.80), {"burst": 9180, "api": 27540}, who)
            more += against(wv, path, engine, who)
            print(f"{who}: {len(more)} differences")
            bad += more
        bad += tokens(tco, ini, tmp)
    for b in bad[:40]:
        print("FAIL", b)
    print("live plan api:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
