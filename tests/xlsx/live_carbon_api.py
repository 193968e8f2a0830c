#!/usr/bin/python3
"""An API option's carbon is live in the workbook (docs/MODEL.md, Carbon).

  live_carbon_api.py BUILD_DIR REPO_DIR

tests/carbon/carbon-api.ini, MODEL.md's example: `hosted` at 0.5 kgCO2e per 1M tokens
over 2 requests a second of 300 + 200 tokens, `unknown` without the key, a carbon price
of 80.
1. The workbook audits clean (LibreOffice and Gnumeric recalculate every formula to the
   engine's value) and follows the FAST conventions; on the Summary, by hand, `hosted`
   emits 2,628 million tokens x 0.5 kg x 12 months = 15.768 tCO2e, 0.0005 per 1M
   tokens, at a carbon cost of 1,261.44; `unknown` has none.
2. `hosted`'s kgco2e_per_million_tokens edited to 0.8 and carbon_price to 120 on
   Inputs, recalculated by LibreOffice and by Gnumeric: by hand 2,628 x 0.8 / 1000 x 12
   = 25.2288 tCO2e, 0.0008 per 1M tokens, a carbon cost of 3,027.456; every Summary
   figure equals the engine's for the INI edited alike, the totals unchanged.
3. `tco import` of the book LibreOffice saved writes exactly those two lines back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import imported_alike, recalculated, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def check(who, t, want, bad):
    """Summary table t against want = (tCO2e, per 1M tokens, carbon cost) of hosted."""
    h = t["hosted"]
    got = (h.get("tco2e"), h.get("tco2e_per_million_tokens"), h.get("carbon_cost"))
    if not all(close(g, w) for g, w in zip(got, want)):
        bad.append(f"{who}: hosted {got!r}, want {want}")
    if isinstance(t["unknown"].get("tco2e"), (int, float)):
        bad.append(f"{who}: unknown has {t['unknown'].get('tco2e')!r} tCO2e, want none")
    if not close(h.get("total"), 69379.2):
        bad.append(f"{who}: hosted's total {h.get('total')!r}, want 69,379.20")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "tests", "carbon", "carbon-api.ini"), encoding="utf-8") as f:
        text = f.read()
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "carbon-api.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "carbon-api.xlsx")
        written_and_audited(tco, ini, book, bad)
        check("as written", summary_table(book), (15.768, 0.0005, 1261.44), bad)
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
            f.write(text.replace("kgco2e_per_million_tokens = 0.5 ", "kgco2e_per_million_tokens = 0.8 ")
                    .replace("carbon_price = 80 ", "carbon_price = 120 "))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = (25.2288, 0.0008, 3027.456)
        h = {o["id"]: o for o in engine["options"]}["hosted"]
        if not all(close(g, w) for g, w in zip((h["tco2e"], h["tco2e_per_million_tokens"],
                                                h["carbon_cost"]), want)):
            bad.append(f"engine, edited: {h['tco2e']!r}, {h['carbon_cost']!r}, want {want}")
        for who, path in recalculated(edited, tmp, bad):
            after = summary_table(path)
            check(who, after, want, bad)
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live carbon of an API:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
