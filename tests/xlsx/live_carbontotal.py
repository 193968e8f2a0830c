#!/usr/bin/python3
"""The carbon cost in the total is live in the workbook (docs/MODEL.md, The carbon cost
in the total).

  live_carbontotal.py BUILD_DIR REPO_DIR

tests/carbon/carbon_total.ini, MODEL.md's example: `own` buys 1 GPU (1.0 kW at u = 1,
PUE 1.5, grid 0.4 kgCO2e per kWh, 1,000 kg embodied) at 10,000; `cloud`, the baseline,
rents 1 GPU at 2 an hour, 0.5 kgCO2e per GPU-hour; carbon_price = 100 and
carbon_in_total = yes; discount rate 10%, [tax] at 25%.
1. The workbook audits clean (LibreOffice and Gnumeric recalculate every formula to the
   engine's value) and follows the FAST conventions; on the Summary, by hand, `own`'s
   total is 11,314 + 625.6 = 11,939.6 and `cloud`'s 17,520 + 438 = 17,958.
2. [scenario] carbon_price edited to 200 on Inputs, recalculated by LibreOffice and by
   Gnumeric: by hand, `own`'s total is 11,314 + 2 x 625.6 = 12,565.2 and `cloud`'s
   17,520 + 876 = 18,396; every Summary figure (the NPV, the tax, the break-even, the
   carbon cost) equals the engine's for the INI edited alike.
3. `tco import` of the book LibreOffice saved writes exactly that line back; and of a
   book whose carbon_in_total reads "no", that line.
4. tests/carbon/carbon_total_financed.ini (cash, a loan, a lease bought out, on demand,
   spot, reserved then on demand; [tax] by MACRS, fiscal years): each option's total and
   NPV with the flag less those without it is its carbon cost and that cost's present
   value from its carbon months; the workbook audits clean, follows the FAST conventions
   and its master check reads OK.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import recalculated, run_audit, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402
import recalc_service  # noqa: E402


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def imported(tco, book, ini, tmp, name):
    """The scenario `tco import` writes from book against ini, and its exit status."""
    out = os.path.join(tmp, name)
    p = subprocess.run([tco, "import", book, "--scenario", ini, "-o", out],
                       capture_output=True, text=True, timeout=120)
    got = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
    return got, p


def report_json(tco, ini):
    p = subprocess.run([tco, "report", ini, "-o", "-", "-q"], check=True, timeout=120,
                       capture_output=True, text=True)
    return json.loads(p.stdout)


def financed(tco, repo, tmp):
    """Part 4: the financed and taxed scenario."""
    bad = []
    with open(os.path.join(repo, "tests", "carbon", "carbon_total_financed.ini"),
              encoding="utf-8") as f:
        text = f.read()
    on, off = os.path.join(tmp, "fin_on.ini"), os.path.join(tmp, "fin_off.ini")
    with open(on, "w", encoding="utf-8") as f:
        f.write(text)
    with open(off, "w", encoding="utf-8") as f:
        f.write(text.replace("carbon_in_total = yes", "carbon_in_total = no"))
    a, b = report_json(tco, on), report_json(tco, off)
    rm = (1 + a["scenario"]["discount_rate"]) ** (1 / 12) - 1
    for x, y in zip(a["options"], b["options"]):
        pv = sum(c["carbon_cost"] / (1 + rm) ** c["month"] for c in x["carbon_monthly"])
        if not close(x["total"] - y["total"], x["carbon_cost"]):
            bad.append(f"{x['id']}: total {x['total']!r} - {y['total']!r} is not the carbon "
                       f"cost {x['carbon_cost']!r}")
        if abs(x["npv"] - y["npv"] - pv) > 1e-6 * max(1, pv):
            bad.append(f"{x['id']}: npv {x['npv']!r} - {y['npv']!r} is not {pv!r}")
    book = os.path.join(tmp, "fin.xlsx")
    subprocess.run([tco, "report", on, "-o", book, "-q"], check=True, timeout=120)
    ok, line = run_audit(book)
    print("financed audit:", line)
    if not ok:
        bad.append("the financed workbook does not audit clean")
    fast = subprocess.run([sys.executable, os.path.join(repo, "tests", "xlsx", "fast_audit.py"),
                           book], capture_output=True, text=True, timeout=300)
    print(fast.stdout.strip())
    if fast.returncode != 0:
        bad.append("the financed workbook breaks the FAST conventions")
    master = openpyxl.load_workbook(book, data_only=True)["Checks"]["C4"].value
    if master != "OK":
        bad.append(f"the financed workbook's master check reads {master!r}")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "tests", "carbon", "carbon_total.ini"), encoding="utf-8") as f:
        text = f.read()
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "carbon_total.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "carbon_total.xlsx")
        written_and_audited(tco, ini, book, bad)
        t = summary_table(book)
        if not close(t["own"].get("total"), 11939.6) or not close(t["cloud"].get("total"), 17958):
            bad.append(f"as written: totals {t['own'].get('total')!r}, "
                       f"{t['cloud'].get('total')!r}, want 11,939.6 and 17,958")
        wb = openpyxl.load_workbook(book)
        c = inputs_cell(wb, "[scenario] carbon_price")
        if not isinstance(c.value, (int, float)) or c.protection.locked:
            bad.append(f"Inputs carbon_price: {c.value!r} is not an unlocked input")
        if inputs_cell(wb, "[scenario] carbon_in_total").value != "yes":
            bad.append("Inputs does not show carbon_in_total = yes")
        c.value = 200
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace("carbon_price = 100 ", "carbon_price = 200 "))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = {"own": 12565.2, "cloud": 18396}
        for o in engine["options"]:
            if not close(o["total"], want[o["id"]]):
                bad.append(f"engine, edited: {o['id']} total {o['total']!r}, "
                           f"want {want[o['id']]}")
        for who, path in recalculated(edited, tmp, bad):
            after = summary_table(path)
            for oid, total in want.items():
                if not close(after[oid].get("total"), total):
                    bad.append(f"{who}: {oid} total {after[oid].get('total')!r}, want {total}")
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
        lo_book, words = recalc_service.libreoffice([edited], os.path.join(tmp, "lo2"))[edited]
        if lo_book is None:
            bad.append(f"LibreOffice did not save the book ({str(words)[-200:]})")
        else:
            got, p = imported(tco, lo_book, ini, tmp, "imported.ini")
            with open(mod, encoding="utf-8") as f:
                if got != f.read():
                    bad.append(f"import (exit {p.returncode}): {got!r} is not the scenario "
                               f"edited alike ({p.stderr.strip()[:300]})")
        wb = openpyxl.load_workbook(book)
        inputs_cell(wb, "[scenario] carbon_in_total").value = "no"
        off = os.path.join(tmp, "off.xlsx")
        wb.save(off)
        got, p = imported(tco, off, ini, tmp, "off.ini")
        want_text = text.replace("carbon_in_total = yes ", "carbon_in_total = no ")
        if got != want_text:
            bad.append(f"import of the flag (exit {p.returncode}): {got!r} "
                       f"({p.stderr.strip()[:300]})")
        bad += financed(tco, repo, tmp)
    for b in bad:
        print("FAIL", b)
    print("live carbon in the total:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
