#!/usr/bin/python3
"""Currency conversion in the workbook is live: edit the exchange rate Fx_USD on Inputs,
and every converted price and every figure follows (docs/MODEL.md, "Currency conversion
(`[fx]`)"; docs/WORKBOOK.md, Inputs).

  live_fx.py BUILD_DIR REPO_DIR

1. MODEL.md's example (CNY, 12 months of 730 hours, no electricity, [fx] USD = 0.1404,
   the shipped catalog's H100 at 35,000 USD bought, 8 of them, and RunPod's 2.99 USD per
   GPU-hour rented, 8 GPUs at utilization 1): the workbook audits clean, and its
   recalculated totals are the ones worked out by hand, 280,000 / 0.1404 and
   70,080 x 2.99 / 0.1404. Fx_USD is then set to 0.13 on Inputs and the workbook
   recalculated in LibreOffice: the converted prices are 35,000 / 0.13 and 2.99 / 0.13,
   and the totals 280,000 / 0.13 = 2,153,846.15 and 209,539.2 / 0.13 = 1,611,840.
2. The shipped CNY scenario (config/seed-2026-zh-cny.ini, zh-CN template): it audits
   clean; Fx_USD is set to 0.13 on Inputs and, after LibreOffice recalculates, the
   converted prices are 35,000 / 0.13 and 2.99 / 0.13, the rent option's total (its
   rate times fixed hours) is the one before times 0.140732 / 0.13, and every figure of
   the Summary equals the engine's for the scenario with USD = 0.13.
3. A site's own currency (MODEL.md, "A site's own currency"): the Frankfurt hall in EUR
   ([fx] EUR = 0.8). The workbook audits clean; the hall's electricity price and
   colocation and its option's installation are the formulas =$L$n/Fx_EUR on Inputs,
   their row's hidden column L holding the value as written (0.112, 120 and 4000: no
   number in the formula, docs/WORKBOOK.md, Constants), and the totals the ones worked out by hand (fra
   266,880.0656, own 251,111.184). Then Fx_EUR is set to 1, the colocation cell to the
   number 130 (in USD) and the installation to =4500/Fx_EUR; recalculated in LibreOffice
   and in Gnumeric, fra's total is 262,796.05248 by hand (0.112 x 4,409.2 x 12 =
   5,925.9648 of power, 2,074.08768 of cooling, 6.6 x 130 x 12 = 10,296 of colocation,
   244,500 of capex) and every Summary figure the engine's for the scenario edited alike
   (EUR = 1, colo_per_kw_month = 130 x 1, install_price = 4500); `tco import` of the
   LibreOffice book writes back exactly those three lines, in EUR.
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, recalculated, run_audit, tco_binary  # noqa: E402
from live_model import against_engine, defined_cell, engine_convention  # noqa: E402
from audit_all import master_check  # noqa: E402
import recalc_service  # noqa: E402

EXAMPLE = """[scenario]
name = fx
currency = CNY
horizon_months = 12
hours_per_month = 730
as_of = 2026-11-29
[site]
electricity_price = 0
[workload]
utilization = 1
[fx]
USD = 0.1404
USD.source = central parity
USD.as_of = 2026-11-27
[option h100-buy]
acquire = buy
gpu = h100-sxm5-80gb
count = 8
gpus_per_server = 8
[option h100-cloud]
acquire = rent
offer = runpod-h100
count = 8
"""

BUY_USD = 8 * 35000.0          # the bought GPUs' price in USD: capex, and the total
RENT_USD = 8 * 730 * 12 * 2.99  # 70,080 GPU-hours at 2.99 USD: 209,539.2


def close(got, want, rel=1e-9):
    return isinstance(got, (int, float)) and abs(got - want) <= rel * max(1, abs(want))


def summary(path):
    """{option id: {field: value}} from the sheet whose column B holds the Summary's
    field names (the Summary, whatever the template calls it)."""
    wb = load_values(path)
    for ws in wb.worksheets:
        rows = {}
        for row in ws.iter_rows(min_row=1, max_row=min(ws.max_row, 400), max_col=2):
            if isinstance(row[1].value, str):
                rows.setdefault(row[1].value, row[0].row)
        if "id" in rows and "total" in rows and "capex" in rows:
            table = {}
            for col in range(4, ws.max_column + 1):
                oid = ws.cell(rows["id"], col).value
                if oid:
                    table[oid] = {k: ws.cell(r, col).value for k, r in rows.items()}
            return engine_convention(ws, rows, table)
    raise SystemExit(f"{path}: no Summary")


def written(ws, formula, code):
    """The value as written of a converted value's formula =$L$n/Fx_CODE: the number in
    column L of row n of ws (tco keeps it there, not in the formula); None for any
    other formula."""
    m = re.fullmatch(r"=\$L\$(\d+)/Fx_" + code, formula or "") \
        if isinstance(formula, str) else None
    if not m:
        return None
    v = ws.cell(int(m.group(1)), 12).value
    return float(v) if isinstance(v, (int, float)) else None


def price_cells(wb):
    """The Inputs cells (sheet, coordinate) whose formula divides by Fx_USD, by the
    catalog price written for them."""
    out = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                p = written(ws, cell.value, "USD")
                if p is not None:
                    out[p] = (ws.title, cell.coordinate)
    return out


def set_rate(book, rate, out):
    """A copy of book with Fx_USD set to rate; returns the converted price cells."""
    wb = openpyxl.load_workbook(book)
    sheet, coord = defined_cell(wb, "Fx_USD")
    print(f"Fx_USD ({sheet}!{coord}): {wb[sheet][coord].value} -> {rate}")
    wb[sheet][coord].value = rate
    cells = price_cells(wb)
    wb.save(out)
    return cells


def check_prices(path, cells, rate, what):
    bad = []
    wb = load_values(path)
    for usd, want in ((35000.0, 35000 / rate), (2.99, 2.99 / rate)):
        if usd not in cells:
            bad.append(f"{what}: no Inputs cell =~{usd}/Fx_USD")
            continue
        sheet, coord = cells[usd]
        got = wb[sheet][coord].value
        if not close(got, want):
            bad.append(f"{what}: {usd} USD / Fx_USD is {got!r}, want {want}")
    return bad


def example(tco, tmp):
    bad = []
    ini = os.path.join(tmp, "fx.ini")
    with open(ini, "w", encoding="utf-8") as f:
        f.write(EXAMPLE)
    book = os.path.join(tmp, "fx.xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
    ok, line = run_audit(book)
    print("example audit:", line)
    if not ok:
        bad.append("the example's workbook does not audit clean")
    for what, path in (("cached", book), ("recalculated", lo_recalc(book, os.path.join(tmp, "lo")))):
        t = summary(path)
        for oid, want in (("h100-buy", BUY_USD / 0.1404), ("h100-cloud", RENT_USD / 0.1404)):
            if not close(t[oid]["total"], want):
                bad.append(f"example {what}: {oid} total {t[oid]['total']!r}, want {want}")
    edited = os.path.join(tmp, "fx-edited.xlsx")
    cells = set_rate(book, 0.13, edited)
    after = lo_recalc(edited, os.path.join(tmp, "lo2"))
    bad += check_prices(after, cells, 0.13, "example at 0.13")
    t = summary(after)
    # 280,000 / 0.13 = 2,153,846.15; 209,539.2 / 0.13 = 1,611,840.
    for oid, want in (("h100-buy", 2153846.1538461538), ("h100-cloud", 1611840.0)):
        if not close(t[oid]["total"], want):
            bad.append(f"example at 0.13: {oid} total {t[oid]['total']!r}, want {want}")
    if master_check(after) != "OK":
        bad.append("example at 0.13: the master check is not OK")
    return bad


def shipped(tco, repo, tmp):
    bad = []
    ini = os.path.join(repo, "config", "seed-2026-zh-cny.ini")
    book = os.path.join(tmp, "cny.xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
    ok, line = run_audit(book)
    print("seed-2026-zh-cny audit:", line)
    if not ok:
        bad.append("the CNY scenario's workbook does not audit clean")
    before = summary(book)
    edited = os.path.join(tmp, "cny-edited.xlsx")
    cells = set_rate(book, 0.13, edited)
    after_path = lo_recalc(edited, os.path.join(tmp, "lo3"))
    bad += check_prices(after_path, cells, 0.13, "CNY scenario at 0.13")
    after = summary(after_path)
    # The rented H100 pays its rate for fixed hours: its total scales with the rate.
    want = before["h100-cloud"]["total"] * 0.140732 / 0.13
    if not close(after["h100-cloud"]["total"], want):
        bad.append(f"CNY scenario at 0.13: h100-cloud total {after['h100-cloud']['total']!r}, "
                   f"want {want}")
    if not after["h100-buy"]["total"] > before["h100-buy"]["total"]:
        bad.append("CNY scenario at 0.13: the bought option's total did not grow")
    with open(ini, encoding="utf-8") as f:
        text = f.read()
    if "\nUSD = 0.140732\n" not in text:
        return bad + ["the CNY scenario has no line USD = 0.140732"]
    mod = os.path.join(tmp, "cny-013.ini")  # the shipped template and catalog, by name
    with open(mod, "w", encoding="utf-8") as f:
        f.write(text.replace("\nUSD = 0.140732\n", "\nUSD = 0.13\n"))
    out = os.path.join(tmp, "cny-013.json")
    p = subprocess.run([tco, "report", mod, "-o", out], capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        print(p.stderr)
        return bad + ["the engine refused the CNY scenario at USD = 0.13"]
    with open(out, encoding="utf-8") as f:
        engine = json.load(f)
    more, compared = against_engine(engine, after)
    # A figure the engine has not (null) is a word in the template's language
    # ("从不", never), which against_engine knows in English only.
    more = [m for m in more if not (m.endswith(", engine None") and "workbook '" in m)]
    print(f"CNY scenario at 0.13: compared {compared} figures with the engine")
    if compared == 0:
        bad.append("CNY scenario: no figure compared with the engine")
    return bad + more

FRA = """[scenario]
name = Own room or a hall in Frankfurt
horizon_months = 12
[fx]
EUR = 0.8
[site]
electricity_price = 0.10
electricity_escalation = 0.03
pue = 2.1
[site fra]
currency = EUR
electricity_price = 0.112
pue = 1.35
colo_per_kw_month = 120
[workload]
utilization = 1
[option own]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
server_power_w = 1000
server_price = 0
[option fra]
base = own
site = fra
install_price = 4000
"""


def inputs_cell(wb, key, section=None):
    """The value cell (column C) of Inputs whose key column reads `key` (and, for an
    option's row, whose column J names `section`)."""
    ws = wb["Inputs"]
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        if row[1].value == key and (section is None or row[9].value == section):
            return row[2]
    raise SystemExit(f"no Inputs row {key} {section or ''}")


def site_currency(tco, tmp):
    bad = []
    ini = os.path.join(tmp, "fra.ini")
    with open(ini, "w", encoding="utf-8") as f:
        f.write(FRA)
    book = os.path.join(tmp, "fra.xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
    ok, line = run_audit(book)
    print("site currency audit:", line)
    if not ok:
        bad.append("the EUR site's workbook does not audit clean")
    wb = openpyxl.load_workbook(book)
    for key, section, want in (("[site fra] electricity_price", None, 0.112),
                               ("[site fra] colo_per_kw_month", None, 120),
                               ("install_price", "[option fra]", 4000)):
        cell = inputs_cell(wb, key, section)
        got = written(cell.parent, cell.value, "EUR")
        if got != want or cell.value != f"=$L${cell.row}/Fx_EUR":
            bad.append(f"Inputs {key}: {cell.value!r} over {got!r}, want "
                       f"=$L${cell.row}/Fx_EUR over {want}")
    t = summary(book)
    for oid, want in (("fra", 266880.0656), ("own", 251111.184)):
        if not close(t[oid]["total"], want):
            bad.append(f"EUR site: {oid} total {t[oid]['total']!r}, want {want}")
    # The edit: the rate to par, the colocation typed in USD, the installation in EUR.
    sheet, coord = defined_cell(wb, "Fx_EUR")
    wb[sheet][coord].value = 1
    inputs_cell(wb, "[site fra] colo_per_kw_month").value = 130
    inputs_cell(wb, "install_price", "[option fra]").value = "=4500/Fx_EUR"
    edited = os.path.join(tmp, "fra-edited.xlsx")
    wb.save(edited)
    mod = os.path.join(tmp, "fra-edited.ini")
    with open(mod, "w", encoding="utf-8") as f:
        f.write(FRA.replace("EUR = 0.8", "EUR = 1").replace("colo_per_kw_month = 120",
                "colo_per_kw_month = 130").replace("install_price = 4000", "install_price = 4500"))
    out = os.path.join(tmp, "fra-edited.json")
    subprocess.run([tco, "report", mod, "-o", out], check=True, timeout=120,
                   capture_output=True)
    with open(out, encoding="utf-8") as f:
        engine = json.load(f)
    for who, path in recalculated(edited, tmp, bad):
        after = summary(path)
        for oid, want in (("fra", 262796.05248), ("own", 251111.184)):
            if not close(after[oid]["total"], want):
                bad.append(f"EUR site at par, {who}: {oid} total {after[oid]['total']!r}, "
                           f"want {want}")
        more, compared = against_engine(engine, after)
        print(f"EUR site at par, {who}: compared {compared} figures with the engine")
        bad += [f"{who}: {m}" for m in more] + ([f"{who}: no figure compared"] if not compared
                                                else [])
    new_ini = os.path.join(tmp, "fra-imported.ini")
    lo_book, words = recalc_service.libreoffice([edited], os.path.join(tmp, "lo5"))[edited]
    if lo_book is None:
        return bad + [f"LibreOffice did not save the EUR site ({str(words)[-200:]})"]
    p = subprocess.run([tco, "import", lo_book, "--scenario", ini, "-o", new_ini],
                       capture_output=True, text=True, timeout=120)
    got = open(new_ini, encoding="utf-8").read() if os.path.exists(new_ini) else ""
    with open(mod, encoding="utf-8") as f:
        want = f.read()
    if got != want:
        bad.append(f"import (exit {p.returncode}): {got!r} is not the scenario edited alike "
                   f"({p.stderr.strip()[:300]})")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        bad = example(tco, tmp) + shipped(tco, repo, tmp) + site_currency(tco, tmp)
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
