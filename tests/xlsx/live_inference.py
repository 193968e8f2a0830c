#!/usr/bin/python3
"""The shipped API, carbon and power scenario is live (config/inference-api-carbon.ini;
docs/MODEL.md, API options, Carbon, The site's power limit).

  live_inference.py BUILD_DIR REPO_DIR

1. The workbook audits clean (LibreOffice and Gnumeric recalculate every formula to the
   engine's value) and follows the FAST conventions. On the Summary, by hand:
   - api-llama: 2,000 requests/s x 730 h x 3,600 s = 5.256e9 requests a month, 600 + 200
     tokens each: 3.1536e12 input and 1.0512e12 output tokens, at 0.72 a million:
     3,027,456 a month in year 1, x 12 x (1 + 0.8 + 0.64) (a 20% yearly decline) =
     88,643,911.68 of rental;
   - h200-us and h200-paris: 200 GPUs (2,000 / 10 requests/s), 25 servers, provisioned
     200 x 0.7 + 25 x 4.6 = 255 kW: h200-us fits its 300 kW, h200-paris not its 250;
   - h200-paris: embodied 200 x 318 kg = 63.6 tCO2e of scope 3 (capital goods);
   - api-llama: 4.2048e12 tokens a month / 1e6 x 0.025 kg x 36 months = 3,784.32 tCO2e
     of scope 3 (purchased services); h100-cloud: 378 GPUs x 730 h x 0.95 x 36 months x
     0.33 kg = 3,114.25884 tCO2e.
2. On Inputs the API's output price edited to 0.9, Paris's power limit to 260 and the
   US grid's intensity to 0.5, recalculated by LibreOffice and by Gnumeric: the API's
   rental is (3.1536e12 x 0.72 + 1.0512e12 x 0.9) / 1e6 = 3,216,672 a month, x 29.28 =
   94,184,156.16; h200-paris fits (1); every Summary figure equals the engine's for the
   INI edited alike.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import recalculated, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402

# (the Inputs key, its option section or None, the INI line as shipped, as edited, value)
EDITS = (
    ("price_per_million_output_tokens", "[option api-llama]",
     "price_per_million_output_tokens = 0.72 ", "price_per_million_output_tokens = 0.9 ", 0.9),
    ("[site paris] power_cap_kw", None, "power_cap_kw = 250 ", "power_cap_kw = 260 ", 260),
    ("[site] grid_kgco2e_per_kwh", None, "grid_kgco2e_per_kwh = 0.39 ",
     "grid_kgco2e_per_kwh = 0.5 ", 0.5),
)


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def hand(bad, who, t, want):
    for (oid, key), w in want.items():
        got = t.get(oid, {}).get(key)
        if not close(got, w):
            bad.append(f"{who}: {oid}.{key} {got!r}, by hand {w!r}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "config", "inference-api-carbon.ini"), encoding="utf-8") as f:
        text = f.read()
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "inference.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "inference.xlsx")
        written_and_audited(tco, ini, book, bad)
        hand(bad, "as written", summary_table(book), {
            ("api-llama", "rental"): 88643911.68,
            ("h200-us", "count"): 200, ("h200-paris", "count"): 200,
            ("h200-us", "provisioned_kw"): 255, ("h200-paris", "provisioned_kw"): 255,
            ("h200-us", "feasible"): 1, ("h200-paris", "feasible"): 0,
            ("h200-paris", "scope3_capital_tco2e"): 63.6,
            ("api-llama", "tco2e"): 3784.32, ("h100-cloud", "tco2e"): 3114.25884,
        })
        wb = openpyxl.load_workbook(book)
        mod_text = text
        for key, section, old, new, value in EDITS:
            c = inputs_cell(wb, key, section)
            if not isinstance(c.value, (int, float)) or c.protection.locked:
                bad.append(f"Inputs {key}: {c.value!r} is not an unlocked input")
            c.value = value
            if mod_text.count(old) != 1:
                bad.append(f"the scenario has not exactly one line {old!r}")
            mod_text = mod_text.replace(old, new)
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(mod_text)
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = {("api-llama", "rental"): 94184156.16, ("h200-paris", "feasible"): 1,
                ("h200-us", "feasible"): 1}
        for who, path in recalculated(edited, tmp, bad):
            after = summary_table(path)
            hand(bad, who, after, want)
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
    for b in bad:
        print("FAIL", b)
    print("live inference:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
