#!/usr/bin/python3
"""An API option's carbon cost in its total is live in the workbook (docs/MODEL.md, The
carbon cost in the total, An API option).

  live_carbontotal_api.py BUILD_DIR REPO_DIR

tests/carbon/carbon_total_api.ini, MODEL.md's example: `hosted`, an API at 1 and 4 per
1M tokens over 2 requests a second of 300 + 200 tokens (2,628 million tokens a month),
0.5 kgCO2e per 1M tokens; `own`, one bought GPU; carbon_price = 80 and
carbon_in_total = yes; [tax] at 25%.
1. The workbook audits clean (LibreOffice and Gnumeric recalculate every formula to the
   engine's value; its Sensitivity ranges include the workload's tokens and the hours,
   which move the API's charge), and so does the book of the INI without the flag; it
   follows the FAST conventions; `hosted`'s operating cost adds its
   carbon cost row in every month; on the Summary, by hand, `hosted`'s total is
   69,379.20 + 15.768 x 80 = 70,640.64 and `own`'s 21,183.76.
2. `hosted`'s kgco2e_per_million_tokens edited to 0.8 and carbon_price to 120 on
   Inputs, recalculated by LibreOffice and by Gnumeric: by hand `hosted` emits 2,628 x
   0.8 / 1000 x 12 = 25.2288 t, its carbon cost 3,027.456 and its total 72,406.656;
   `own` emits 4.942 t, 593.04, total 21,381.44; every Summary figure equals the
   engine's for the INI edited alike; the Sensitivity sheet's swing of the API's
   kgCO2e (0.25 to 1) gives 69,379.20 + 2,628 x 12 x 0.25 / 1000 x 120 = 70,325.28 and
   + 3,784.32 = 73,163.52, the engine's; the Checks sheet's master check reads OK.
3. `tco import` of the book LibreOffice saved writes exactly those two lines back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import imported_alike, load_values, recalculated, run_audit, tco_binary  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def check(who, t, want, bad):
    """Summary table t against want: {option: (tCO2e, carbon cost, total)}."""
    for oid, w in want.items():
        got = (t[oid].get("tco2e"), t[oid].get("carbon_cost"), t[oid].get("total"))
        if not all(close(g, x) for g, x in zip(got, w)):
            bad.append(f"{who}: {oid} (tCO2e, carbon cost, total) {got!r}, want {w}")


def kg_swing(book, path):
    """The Sensitivity sheet's cells of the API's kgCO2e swing (their formula in book
    reads the tokens in millions, then tonnes: `/TokensPerMillion/KilogramsPerTonne*SUM(`), as {coordinate:
    value} of the recalculated values at path."""
    wb = openpyxl.load_workbook(book)
    values = load_values(path)["Sensitivity"]
    return {c.coordinate: values[c.coordinate].value for row in wb["Sensitivity"].iter_rows()
            for c in row if isinstance(c.value, str) and "/TokensPerMillion/KilogramsPerTonne*SUM(" in c.value}


def opcost_reads_carbon(path):
    """Whether every month of `hosted`'s operating cost row adds the carbon cost row."""
    ws = openpyxl.load_workbook(path)["hosted"]
    label = {r: ws.cell(r, 1).value for r in range(1, ws.max_row + 1)}
    cost = [r for r, v in label.items() if isinstance(v, str) and v.startswith("Carbon cost")]
    op = [r for r, v in label.items() if v == "Operating cost"]
    if len(cost) != 1 or len(op) != 1 or cost[0] > op[0]:
        return False
    months = [ws.cell(op[0], c).value for c in range(4, 4 + 13)]
    return all(isinstance(f, str) and re.search(rf"\+[A-Z]+{cost[0]}$", f) for f in months)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "tests", "carbon", "carbon_total_api.ini"),
              encoding="utf-8") as f:
        text = f.read()
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "carbon_total_api.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "carbon_total_api.xlsx")
        subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        fast = subprocess.run([sys.executable, os.path.join(repo, "tests", "xlsx", "fast_audit.py"),
                               book], capture_output=True, text=True, timeout=300)
        print(fast.stdout.strip())
        if fast.returncode != 0 or not re.search(
                r"\(100\.0%\), 0 month tests, 0 upward references, 0 rightward", fast.stdout):
            bad.append("the workbook breaks the FAST conventions")
        # Without the flag: the same book audits clean too (the Sensitivity sheet's
        # swings of the workload's tokens and of the hours, the engine's figures).
        off_ini = os.path.join(tmp, "off.ini")
        with open(off_ini, "w", encoding="utf-8") as f:
            f.write(text.replace("carbon_in_total = yes", "carbon_in_total = no"))
        off_book = os.path.join(tmp, "off.xlsx")
        subprocess.run([tco, "report", off_ini, "-o", off_book, "-q"], check=True, timeout=120)
        ok, line = run_audit(off_book)
        print("audit without the flag:", line)
        if not ok:
            bad.append("the workbook without the flag does not audit clean")
        if not opcost_reads_carbon(book):
            bad.append("hosted's operating cost does not add its carbon cost row")
        check("as written", summary_table(book),
              {"hosted": (15.768, 1261.44, 70640.64), "own": (4.942, 395.36, 21183.76)}, bad)
        wb = openpyxl.load_workbook(book)
        kg = inputs_cell(wb, "kgco2e_per_million_tokens", "[option hosted]")
        price = inputs_cell(wb, "[scenario] carbon_price")
        for key, c in (("kgco2e_per_million_tokens", kg), ("carbon_price", price)):
            if not isinstance(c.value, (int, float)) or c.protection.locked:
                bad.append(f"Inputs {key}: {c.value!r} is not an unlocked input")
        kg.value = 0.8
        price.value = 120
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace("kgco2e_per_million_tokens = 0.5 ",
                                 "kgco2e_per_million_tokens = 0.8 ")
                    .replace("carbon_price = 80 ", "carbon_price = 120 "))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = {"hosted": (25.2288, 3027.456, 72406.656), "own": (4.942, 593.04, 21381.44)}
        for o in engine["options"]:
            got = (o["tco2e"], o["carbon_cost"], o["total"])
            if not all(close(g, x) for g, x in zip(got, want[o["id"]])):
                bad.append(f"engine, edited: {o['id']} {got!r}, want {want[o['id']]}")
        sens = {d["driver"]: d for d in engine["sensitivity"]["options"][0]["drivers"]}
        swing = sens["hosted.kgco2e_per_million_tokens"]
        if not (close(swing["total_low"], 70325.28) and close(swing["total_high"], 73163.52)):
            bad.append(f"engine, edited: the kgCO2e swing {swing['total_low']!r}, "
                       f"{swing['total_high']!r}, want 70,325.28 and 73,163.52")
        for who, path in recalculated(edited, tmp, bad):
            after = summary_table(path)
            check(who, after, want, bad)
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
            master = load_values(path)["Checks"]["C4"].value
            if master != "OK":
                bad.append(f"{who}: the master check reads {master!r}")
            cells = kg_swing(edited, path)
            got = sorted(v for v in cells.values())
            if len(got) != 2 or not (close(got[0], 70325.28) and close(got[1], 73163.52)):
                bad.append(f"{who}: the Sensitivity sheet's kgCO2e swing {cells!r}, want "
                           f"70,325.28 and 73,163.52")
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live carbon of an API in the total:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
