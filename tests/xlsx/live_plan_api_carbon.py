#!/usr/bin/python3
"""An API overflow's rate limit and emissions are live on the plan sheets (docs/MODEL.md,
"An API as a plan's overflow", "A plan's emissions"; docs/WORKBOOK.md, Plan sheets).

  live_plan_api_carbon.py BUILD_DIR REPO_DIR

tests/api/api-plan-limit.ini, MODEL.md's examples: a reference GPU-hour is 2,880,000
tokens; demand 150 reference GPU-hours a month, 300 in month 3, none in month 9, over 13
months; `hosted` at max_tokens_per_minute 50,000 and 0.5 kgCO2e per million tokens, a
carbon price of 100; plan `burst` (one GPU, 100 hours a month) sends the rest to the
API, `api` all of it, `two` (two GPUs) only month 3's 100 hours. A month is 6,000
minutes: an overflow hour a month is 480 tokens a minute.
1. The workbook audits clean (LibreOffice and Gnumeric) and passes the FAST audit; by
   hand: the tokens sent total 750 x 2.88e6 = 2.16e9 (burst), 1,950 x 2.88e6 = 5.616e9
   (api), 100 x 2.88e6 = 2.88e8 (two); the peak tokens a minute 96,000, 144,000 and
   48,000, so only `two` is within the limit (flag 1); scope 3 category 1 is those
   tokens / 1e6 x 0.5 / 1000: 1.08, 2.808 and 0.144 tCO2e; the Summary's plans: `two`
   serves within the limit and ranks first, then burst, api.
2. hosted's kgco2e_per_million_tokens edited to 0.8 and max_tokens_per_minute to
   100,000 on Inputs, recalculated by LibreOffice and by Gnumeric: by hand scope 3 is
   2,160 x 0.8 / 1000 = 1.728 (carbon cost 172.8), 5,616 x 0.8 / 1000 = 4.4928
   (449.28) and 288 x 0.8 / 1000 = 0.2304 (23.04); burst's 96,000 now fits, api's
   144,000 does not: the Summary ranks burst (16,496) first, two (17,152), then api;
   every plan sheet's carbon totals and rate-limit flag, and the Summary's plans, equal
   the engine's for the INI edited alike.
3. `tco import` of the edited workbook writes exactly those two lines back.
4. With carbon_in_total (MODEL.md, A plan's carbon cost in its total) the workbook audits
   clean and, with kgco2e_per_million_tokens edited to 0.8, the Summary's plan totals
   are by hand each total and its carbon cost: 16,668.8 (burst), 17,175.04 (two),
   22,481.28 (api), in LibreOffice and Gnumeric, and the engine's.
Exit 0 when all hold; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (lo_recalc, load_values, recalculated, run_audit, tco_binary,  # noqa: E402
                      written_and_audited)
from live_loan import option_key_cell  # noqa: E402
from live_model import engine_after  # noqa: E402
from live_plan_budget import summary_plans  # noqa: E402
import recalc_service  # noqa: E402

# Rows of a plan sheet by their label: the API block's, and the carbon block's with
# the engine's plan member of each total.
TOKENS = "Tokens sent to the API: overflow GPU-hours x g (total in C)"
TPM = "Tokens a minute: the month's tokens / (hours x 60) (the peak in C)"
FITS = "Within the API's rate limit: in C, 1 when every month is (1 = yes)"
CARBON = {"Scope 3, purchased services: reserved GPU-hours x kgCO2e and the API's tokens / "
          "1M x kgCO2e (tCO2e)": "scope3_purchased_tco2e",
          "Emissions (tCO2e; scope 2 market-based where given)": "tco2e",
          "Carbon cost: tCO2e x carbon price (not in the total)": "carbon_cost",
          "Carbon cost: tCO2e x carbon price (in the plan's cost below)": "carbon_cost"}
PLANS = ("burst", "api", "two")


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def sheet(wb, name):
    """{label: column C} of plan `name`'s sheet (the carbon block's by engine member)."""
    ws = wb[f"Plan {name}"]
    out = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        a = row[0].value
        if a in (TOKENS, TPM, FITS):
            out[a] = row[2].value
        elif a in CARBON:
            out[CARBON[a]] = row[2].value
    return out


def by_hand(who, wb, book, want, ranks, bad):
    """Each plan's tokens, peak, flag and tonnes against `want`, and the Summary's plans
    (serves within the limit, rank) against `ranks`."""
    for name, (tokens, peak, fits, tonnes) in want.items():
        got = sheet(wb, name)
        for key, v in ((TOKENS, tokens), (TPM, peak), (FITS, fits),
                       ("scope3_purchased_tco2e", tonnes), ("tco2e", tonnes),
                       ("carbon_cost", tonnes * 100)):
            if not close(got.get(key), v):
                bad.append(f"{who}: plan {name} {key!r} {got.get(key)!r}, by hand {v}")
    plans = summary_plans(book)
    for name, (serves, rank) in ranks.items():
        got = plans.get(name)
        if got is None or got[1:] != (serves, rank):
            bad.append(f"{who}: the Summary's {name} {got}, by hand serves {serves}, rank {rank}")


def against(who, wb, book, engine, bad):
    """Every plan sheet's carbon totals and flag, and the Summary's plans, against the
    engine's JSON."""
    compared = 0
    plans = summary_plans(book)
    for k, q in enumerate(engine["plans"]):
        got = sheet(wb, q["name"])
        for member in CARBON.values():
            compared += 1
            if not close(got.get(member), q[member]):
                bad.append(f"{who}: plan {q['name']} {member} {got.get(member)!r}, "
                           f"engine {q[member]!r}")
        compared += 2
        if got.get(FITS) != (1 if q["fits_rate_limit"] else 0):
            bad.append(f"{who}: plan {q['name']}'s flag {got.get(FITS)!r}, engine "
                       f"{q['fits_rate_limit']}")
        peak = max(m["overflow_tokens_per_minute"] for m in q["monthly"])
        if not close(got.get(TPM), peak):
            bad.append(f"{who}: plan {q['name']}'s peak {got.get(TPM)!r}, engine {peak}")
        s = plans.get(q["name"])
        compared += 1
        if s is None or not close(s[0], q["total"]) or s[2] != k + 1:
            bad.append(f"{who}: the Summary's {q['name']} {s}, engine {q['total']}, rank {k + 1}")
    print(f"{who}: compared {compared} figures with the engine")
    if not compared:
        bad.append(f"{who}: nothing compared")


def flagged(tco, ini, tmp, bad):
    """The scenario with carbon_in_total: audits clean; hosted's kgCO2e per 1M tokens
    edited to 0.8 on Inputs, the Summary's plan totals recalculated by LibreOffice and
    Gnumeric are, by hand, each total without the flag and its tonnes at 100 a tonne:
    burst 16,496 + 172.8 = 16,668.8, two 17,152 + 23.04 = 17,175.04, api 22,032 +
    449.28 = 22,481.28 (ranked two, burst, api: only two within the limit), and the
    engine's for the INI edited alike."""
    with open(ini, encoding="utf-8") as f:
        text = f.read().replace("carbon_price = 100\n", "carbon_price = 100\ncarbon_in_total = yes\n")
    src = os.path.join(tmp, "flagged.ini")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    book = os.path.join(tmp, "flagged.xlsx")
    subprocess.run([tco, "report", src, "-o", book, "-q"], check=True, timeout=120)
    ok, line = run_audit(book)
    print("with carbon_in_total, audit:", line)
    if not ok:
        bad.append("with carbon_in_total the workbook does not audit clean")
    wb = openpyxl.load_workbook(book)
    option_key_cell(wb["Inputs"], "hosted", "kgco2e_per_million_tokens").value = 0.8
    edited = os.path.join(tmp, "flagged-edited.xlsx")
    wb.save(edited)
    engine = engine_after(tco, src, {("option hosted", "kgco2e_per_million_tokens"): 0.8}, tmp)
    lo = lo_recalc(edited, os.path.join(tmp, "lo-flagged"))
    gn, words = recalc_service.gnumeric(edited, os.path.join(tmp, "gnumeric-flagged.xlsx"))
    if gn is None or engine is None:
        bad.append(f"with carbon_in_total: no recalculation or engine ({str(words)[-200:]})")
        return
    hand = {"two": (17175.04, 1), "burst": (16668.8, 2), "api": (22481.28, 3)}
    for who, path in (("LibreOffice", lo), ("Gnumeric", gn)):
        plans = summary_plans(path)
        for name, (total, rank) in hand.items():
            got = plans.get(name)
            if got is None or not close(got[0], total) or got[2] != rank:
                bad.append(f"{who} with carbon_in_total: the Summary's {name} {got}, by hand "
                           f"{total}, rank {rank}")
        more = []
        against(who + " with carbon_in_total", load_values(path), path, engine, more)
        bad += more
        print(f"{who} with carbon_in_total: the plans' totals by hand and the engine's, "
              f"{len(more)} differences")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "tests", "api", "api-plan-limit.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "plan-api-carbon.xlsx")
        written_and_audited(tco, ini, book, bad)
        # 1. As written, by hand.
        by_hand("as written", openpyxl.load_workbook(book, data_only=True), book,
                {"burst": (2.16e9, 96000, 0, 1.08), "api": (5.616e9, 144000, 0, 2.808),
                 "two": (2.88e8, 48000, 1, 0.144)},
                {"two": (1, 1), "burst": (0, 2), "api": (0, 3)}, bad)
        # 2. The emissions of a million tokens and the rate limit edited on Inputs and
        # in the INI alike.
        wb = openpyxl.load_workbook(book)
        edits = {"kgco2e_per_million_tokens": 0.8, "max_tokens_per_minute": 100000}
        for key, v in edits.items():
            cell = option_key_cell(wb["Inputs"], "hosted", key)
            if not isinstance(cell.value, (int, float)) or cell.protection.locked:
                bad.append(f"Inputs hosted.{key}: {cell.value!r} is not an unlocked input")
            print(f"hosted.{key} (Inputs!{cell.coordinate}): {cell.value} -> {v}")
            cell.value = v
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        engine = engine_after(tco, ini, {("option hosted", k): v for k, v in edits.items()}, tmp)
        if engine is None:
            return 1
        for who, path in recalculated(edited, tmp, bad):
            wv = load_values(path)
            more = []
            by_hand(who, wv, path,
                    {"burst": (2.16e9, 96000, 1, 1.728), "api": (5.616e9, 144000, 0, 4.4928),
                     "two": (2.88e8, 48000, 1, 0.2304)},
                    {"burst": (1, 1), "two": (1, 2), "api": (0, 3)}, more)
            against(who, wv, path, engine, more)
            print(f"{who}: {len(more)} differences")
            bad += more
        # 3. tco import writes exactly the two edited lines back.
        with open(ini, encoding="utf-8") as f:
            text = f.read()
        want = (text.replace("max_tokens_per_minute = 50000 ", "max_tokens_per_minute = 100000 ")
                .replace("kgco2e_per_million_tokens = 0.5 ", "kgco2e_per_million_tokens = 0.8 "))
        new_ini = os.path.join(tmp, "imported.ini")
        p = subprocess.run([tco, "import", edited, "--scenario", ini, "-o", new_ini],
                           capture_output=True, text=True, timeout=120)
        got = open(new_ini, encoding="utf-8").read() if os.path.exists(new_ini) else ""
        if p.returncode != 1 or got != want or want == text:
            bad.append(f"import (exit {p.returncode}) is not the scenario edited alike "
                       f"({p.stderr.strip()[:300]})")
        else:
            print("import: the two lines written back")
        # 4. With carbon_in_total, the plans' totals carry the API's tokens' carbon cost.
        flagged(tco, ini, tmp, bad)
    for b in bad[:40]:
        print("FAIL", b)
    print("live plan api carbon:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
