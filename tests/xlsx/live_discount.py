#!/usr/bin/python3
"""Negotiated discounts in the workbook are live: edit a discount's fraction on Inputs,
and every catalog price it applies to, and every figure after it, follows (docs/MODEL.md,
"Negotiated discounts (`[discount NAME]`)" and "The cheapest offer"; docs/WORKBOOK.md,
Inputs).

  live_discount.py BUILD_DIR REPO_DIR

MODEL.md's example over tests/data/catalog/cheapest.xml (USD, 12 months of 730 hours,
[fx] EUR = 0.8, four discounts, four rent options of 8 GPUs at utilization 1):
1. the workbook audits clean; its Inputs rows are the discounts' (`[discount NAME]
   fraction`, inputs) and the prices they apply to are the formulas =2*(1-$C$n) (od,
   beta-od under [discount beta]), =1.6*(1-$C$n) (beta, beta-1yr under
   [discount beta-reserved]) and =1.8*(1-$C$n)/Fx_EUR (delta, delta-od under
   [discount delta]); the `offer` rows of the options with offer = cheapest name the
   pick in the Source column; the totals are those worked out by hand (126,144,
   84,096, 77,088 and 141,912 USD);
2. [discount beta] is set to 0.30 and [discount delta] to -0.10 (a markup) on Inputs;
   recalculated in LibreOffice and in Gnumeric, od's total is 70,080 x 2 x 0.7 =
   98,112 and delta's 70,080 x 1.8 x 1.1 / 0.8 = 173,448 by hand, beta and spot
   unchanged, and every Summary figure equals the engine's for the scenario edited
   alike (the pick of offer = cheapest fixed when written: od keeps beta-od);
3. `tco import` of the LibreOffice book writes back exactly those two fraction lines.
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, run_audit, tco_binary  # noqa: E402
from live_model import against_engine  # noqa: E402
from live_fx import close, summary, inputs_cell  # noqa: E402
import recalc_service  # noqa: E402

SCENARIO = """[scenario]
name = Negotiated discounts
currency = USD
horizon_months = 12
hours_per_month = 730
as_of = 2026-12-01
catalog = {catalog}

[site]
electricity_price = 0

[fx]
EUR = 0.8

[discount beta]
provider = Beta
fraction = 0.10

[discount beta-reserved]
provider = Beta
pricing = reserved
fraction = 0.25

[discount delta]
provider = Delta
offer = delta-od
fraction = 0.10

[discount alpha]
provider = alpha
fraction = -0.05

[option od]
acquire = rent
count = 8
utilization = 1
offer = cheapest
offer_gpu = tst-gpu
offer_pricing = on-demand

[option beta]
acquire = rent
count = 8
utilization = 1
offer = cheapest
offer_gpu = tst-gpu
offer_provider = Beta

[option spot]
acquire = rent
count = 8
utilization = 1
offer = cheapest
offer_gpu = tst-gpu
offer_pricing = spot
offer_region = US-EAST

[option delta]
acquire = rent
count = 8
utilization = 1
offer = delta-od
"""

HOURS = 8 * 730 * 12  # 70,080 GPU-hours a year of each option


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        text = SCENARIO.format(catalog=os.path.join(repo, "tests", "data", "catalog",
                                                    "cheapest.xml"))
        ini = os.path.join(tmp, "disc.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "disc.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        wb = openpyxl.load_workbook(book)
        rows = {}
        for name in ("beta", "beta-reserved", "delta", "alpha"):
            cell = inputs_cell(wb, f"[discount {name}] fraction")
            rows[name] = cell.row
        for oid, want in (("od", f"=2*(1-$C${rows['beta']})"),
                          ("beta", f"=1.6*(1-$C${rows['beta-reserved']})"),
                          ("delta", f"=1.8*(1-$C${rows['delta']})/Fx_EUR")):
            got = inputs_cell(wb, "price_per_gpu_hour", f"[option {oid}]").value
            if got != want:
                bad.append(f"Inputs {oid} price_per_gpu_hour: {got!r}, want {want}")
        ws = wb["Inputs"]
        for oid, pick in (("od", "cheapest of 3 offers: beta-od"),
                          ("beta", "cheapest of 2 offers: beta-1yr")):
            src = ws.cell(inputs_cell(wb, "offer", f"[option {oid}]").row, 5).value or ""
            if pick not in src:
                bad.append(f"Inputs {oid} offer: source {src!r} does not say {pick!r}")
        t = summary(book)
        for oid, want in (("od", HOURS * 1.8), ("beta", HOURS * 1.2), ("spot", HOURS * 1.1),
                          ("delta", HOURS * 2.025)):
            if not close(t[oid]["total"], want):
                bad.append(f"as written: {oid} total {t[oid]['total']!r}, want {want}")
        # The edit: Beta's discount to 30%, Delta's to a markup of 10%.
        inputs_cell(wb, "[discount beta] fraction").value = 0.30
        inputs_cell(wb, "[discount delta] fraction").value = -0.10
        edited = os.path.join(tmp, "disc-edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "disc-edited.ini")
        want_ini = text.replace("provider = Beta\nfraction = 0.10",
                                "provider = Beta\nfraction = 0.3").replace(
            "offer = delta-od\nfraction = 0.10", "offer = delta-od\nfraction = -0.1")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(want_ini)
        out = os.path.join(tmp, "disc-edited.json")
        subprocess.run([tco, "report", mod, "-o", out], check=True, timeout=120,
                       capture_output=True)
        with open(out, encoding="utf-8") as f:
            engine = json.load(f)
        picked = {o["id"]: o.get("offer_picked", {}).get("id") for o in engine["options"]}
        if picked.get("od") != "beta-od":
            bad.append(f"the engine at 30% picks {picked.get('od')!r} for od, not beta-od")
        lo = lo_recalc(edited, os.path.join(tmp, "lo"))
        gn, words = recalc_service.gnumeric(edited, os.path.join(tmp, "disc-gnumeric.xlsx"))
        if gn is None:
            bad.append(f"Gnumeric did not recalculate ({str(words)[-200:]})")
        for who, path in (("LibreOffice", lo), ("Gnumeric", gn)):
            if path is None:
                continue
            after = summary(path)
            # 70,080 x 2 x 0.7 = 98,112; 70,080 x 1.8 x 1.1 / 0.8 = 173,448.
            for oid, want in (("od", 98112.0), ("beta", HOURS * 1.2), ("spot", HOURS * 1.1),
                              ("delta", 173448.0)):
                if not close(after[oid]["total"], want):
                    bad.append(f"edited, {who}: {oid} total {after[oid]['total']!r}, "
                               f"want {want}")
            more, compared = against_engine(engine, after)
            print(f"edited, {who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: no figure compared"]
                                                    if not compared else [])
        new_ini = os.path.join(tmp, "disc-imported.ini")
        lo_book, words = recalc_service.libreoffice([edited], os.path.join(tmp, "lo2"))[edited]
        if lo_book is None:
            bad.append(f"LibreOffice did not save the book ({str(words)[-200:]})")
        else:
            p = subprocess.run([tco, "import", lo_book, "--scenario", ini, "-o", new_ini],
                               capture_output=True, text=True, timeout=120)
            got = open(new_ini, encoding="utf-8").read() if os.path.exists(new_ini) else ""
            if got != want_ini:
                bad.append(f"import (exit {p.returncode}): {got!r} is not the scenario edited "
                           f"alike ({p.stderr.strip()[:300]})")
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
