#!/usr/bin/python3
"""Negotiated discounts in the workbook are live: edit a discount's fraction on Inputs,
and every catalog price it applies to, and every figure after it, follows (docs/MODEL.md,
"Negotiated discounts (`[discount NAME]`)" and "The cheapest offer"; docs/WORKBOOK.md,
Inputs).

  live_discount.py BUILD_DIR REPO_DIR

MODEL.md's example over tests/data/catalog/cheapest.xml (USD, 12 months of 730 hours,
[fx] EUR = 0.8, four discounts, four rent options of 8 GPUs at utilization 1):
1. the workbook audits clean; its Inputs rows are the discounts' (`[discount NAME]
   fraction`, inputs) and the prices they apply to are the formulas =$L$m*(1-$C$n),
   column L of the price's row holding the catalog price as written: 2 (od, beta-od
   under [discount beta]), 1.6 (beta, beta-1yr under [discount beta-reserved]) and,
   divided by Fx_EUR, 1.8 (delta, delta-od under [discount delta]); the `offer` rows of the options with offer = cheapest name the
   pick in the Source column; the totals are those worked out by hand (126,144,
   84,096, 77,088 and 141,912 USD);
2. [discount beta] is set to 0.30 and [discount delta] to -0.10 (a markup) on Inputs;
   recalculated in LibreOffice and in Gnumeric, od's total is 70,080 x 2 x 0.7 =
   98,112 and delta's 70,080 x 1.8 x 1.1 / 0.8 = 173,448 by hand, beta and spot
   unchanged, and every Summary figure equals the engine's for the scenario edited
   alike (the pick of offer = cheapest fixed when written: od keeps beta-od);
3. `tco import` of the LibreOffice book writes back exactly those two fraction lines;
4. each discount is a sensitivity driver, `discount.NAME` (MODEL.md, Negotiated
   discounts), and its row of each option's Sensitivity table reads its Inputs cell:
   at the default swing of 20%, as written, od's `Discount (beta)` runs from 8% to 12%,
   70,080 x 2 x 0.92 = 128,947.2 and x 0.88 = 123,340.8; beta's `Discount
   (beta-reserved)` from 20% to 30%, 70,080 x 1.6 x 0.8 = 89,702.4 and x 0.7 =
   78,489.6; delta's `Discount (delta)` from 8% to 12%, 70,080 x 1.8 x 0.92 / 0.8 =
   145,065.6 and x 0.88 / 0.8 = 138,758.4; after the edit, recalculated in both
   programs, od's from 24% to 36%, 106,521.6 and 89,702.4, and delta's from -8% to
   -12%, 70,080 x 1.8 x 1.08 / 0.8 = 170,294.4 and x 1.12 / 0.8 = 176,601.6, beta's
   unchanged; every one also the engine's sensitivity of the scenario edited alike.
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import recalculated, run_audit, tco_binary  # noqa: E402
from live_model import against_engine  # noqa: E402
from live_fx import close, summary, inputs_cell  # noqa: E402
import recalc_service  # noqa: E402
from live_tornado import sensitivity_rows  # noqa: E402

# The discount rows of the Sensitivity sheet by hand: (option, discount) -> input and
# total at the low and the high end, as written and after the edit.
SENS_WRITTEN = {
    ("od", "beta"): (0.08, 0.12, 128947.2, 123340.8),
    ("beta", "beta-reserved"): (0.2, 0.3, 89702.4, 78489.6),
    ("delta", "delta"): (0.08, 0.12, 145065.6, 138758.4),
}
SENS_EDITED = {
    ("od", "beta"): (0.24, 0.36, 106521.6, 89702.4),
    ("beta", "beta-reserved"): (0.2, 0.3, 89702.4, 78489.6),
    ("delta", "delta"): (-0.08, -0.12, 170294.4, 176601.6),
}


def discount_rows(path, sheet, bases):
    """{(option, discount): (input low, input high, total low, total high)} of the
    `Discount (NAME)` rows of each option's table on the Sensitivity sheet."""
    ws = recalc_service.load_values(path)[sheet]
    starts = sorted(b for b, _ in bases)
    rows = {}
    for base, oid in bases:
        end = min([b for b in starts if b > base] + [ws.max_row + 1])
        for r in range(base + 1, end):
            m = re.fullmatch(r"Discount \((.+)\)", str(ws.cell(r, 1).value or ""))
            if m:
                rows[(oid, m.group(1))] = tuple(ws.cell(r, c).value for c in (2, 3, 4, 5))
    return rows


def check_sensitivity(path, sheet, bases, want, engine, who):
    """Mismatches of the discount rows at path against the hand values and the
    engine's sensitivity (None: not compared)."""
    bad = []
    got = discount_rows(path, sheet, bases)
    for key, values in want.items():
        row = got.get(key)
        if row is None:
            bad.append(f"{who}: no Sensitivity row Discount ({key[1]}) for {key[0]}")
            continue
        for g, w, what in zip(row, values, ("input low", "input high", "total low",
                                            "total high")):
            if not close(g, w):
                bad.append(f"{who}: {key[0]} Discount ({key[1]}) {what} {g!r}, by hand {w}")
    if engine is not None:
        for o in engine["sensitivity"]["options"]:
            for d in o["drivers"]:
                if not d["driver"].startswith("discount.") or \
                        (o["id"], d["driver"][9:]) not in want:
                    continue
                row = got[(o["id"], d["driver"][9:])]
                for g, k in zip(row, ("input_low", "input_high", "total_low", "total_high")):
                    if not close(g, d[k]):
                        bad.append(f"{who}: {o['id']} {d['driver']} {k} {g!r}, engine {d[k]}")
    return bad

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
        for oid, price, want in (("od", 2, "=$L${r}*(1-$C$%d)" % rows['beta']),
                                 ("beta", 1.6, "=$L${r}*(1-$C$%d)" % rows['beta-reserved']),
                                 ("delta", 1.8, "=$L${r}*(1-$C$%d)/Fx_EUR" % rows['delta'])):
            cell = inputs_cell(wb, "price_per_gpu_hour", f"[option {oid}]")
            want = want.replace("{r}", str(cell.row))
            got = (cell.value, cell.parent.cell(cell.row, 12).value)
            if got != (want, price):
                bad.append(f"Inputs {oid} price_per_gpu_hour: {got!r}, want {(want, price)}")
        ws = wb["Inputs"]
        for oid, pick in (("od", "cheapest of 3 offers: beta-od"),
                          ("beta", "cheapest of 2 offers: beta-1yr")):
            src = ws.cell(inputs_cell(wb, "offer", f"[option {oid}]").row, 5).value or ""
            if pick not in src:
                bad.append(f"Inputs {oid} offer: source {src!r} does not say {pick!r}")
        sheet, bases = sensitivity_rows(book)
        sens = openpyxl.load_workbook(book)[sheet]
        for r in range(1, sens.max_row + 1):
            m = re.fullmatch(r"Discount \((.+)\)", str(sens.cell(r, 1).value or ""))
            if m and not all(str(sens.cell(r, c).value).startswith("=") for c in (4, 5)):
                bad.append(f"Sensitivity!A{r} {m.group(0)}: the totals are not formulas")
        bad += check_sensitivity(book, sheet, bases, SENS_WRITTEN, None, "as written")
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
        for who, path in recalculated(edited, tmp, bad):
            after = summary(path)
            # 70,080 x 2 x 0.7 = 98,112; 70,080 x 1.8 x 1.1 / 0.8 = 173,448.
            for oid, want in (("od", 98112.0), ("beta", HOURS * 1.2), ("spot", HOURS * 1.1),
                              ("delta", 173448.0)):
                if not close(after[oid]["total"], want):
                    bad.append(f"edited, {who}: {oid} total {after[oid]['total']!r}, "
                               f"want {want}")
            bad += check_sensitivity(path, sheet, bases, SENS_EDITED, engine, f"edited, {who}")
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
