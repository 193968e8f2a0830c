#!/usr/bin/python3
"""The README's quick start: complete, sourced, and its stated answer is tco's.

  test_readme_quickstart.py TCO REPO_DIR

- The first ```ini block of README.md reports with --strict, exit 0 and nothing on
  standard error (no key left out, MODEL.md, Completeness).
- Its figures that a reader can work by hand agree: the bought option's capex is
  8 x 35,000 + 179,200, its residual 26% of that, the rented option's total
  8 x 730 x 0.7 x 2.99 x 36.
- Every figure the README states after the block (the totals, present values, IRR,
  break-even utilization) is the report's, rounded as written.
- The same file without its server, colocation and utilization lines warns with
  MODEL.md's exact words, and --strict refuses it.
Exit 0 when all hold; 1 otherwise.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def main():
    tco, repo = sys.argv[1], sys.argv[2]
    readme = open(os.path.join(repo, "README.md"), encoding="utf-8").read()
    m = re.search(r"```ini\n(.*?)```", readme, re.S)
    ini_text = m.group(1)
    after = readme[m.end():readme.index("\n## ", m.end())]
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "x.ini")
        open(ini, "w").write(ini_text)
        p = subprocess.run([tco, "report", ini, "--strict", "-o", "-"], capture_output=True,
                           text=True)
        check(p.returncode == 0 and p.stderr == "",
              f"quick start: exit {p.returncode}, stderr {p.stderr!r}")
        if p.returncode != 0:
            return
        opts = {o["id"]: o for o in json.loads(p.stdout)["options"]}
        buy, rent = opts["h100-buy"], opts["h100-cloud"]
        check(buy["incomplete"] == [] and rent["incomplete"] == [], "options incomplete")
        capex = 8 * 35000 + 179200
        check(abs(buy["capex"] - capex) < 1e-6, f"capex {buy['capex']} != {capex}")
        check(abs(buy["residual"] - 0.26 * capex) < 1e-6, f"residual {buy['residual']}")
        rent_total = 8 * 730 * 0.7 * 2.99 * 36
        check(abs(rent["total"] - rent_total) < 1e-6, f"rent {rent['total']} != {rent_total}")
        # The README's words: each figure as it is written there.
        stated = {
            f"{capex:,.0f}": capex,
            f"{0.26 * capex:,.0f}": 0.26 * capex,
            f"{round(buy['total']):,}": buy["total"],
            f"{round(rent['total']):,}": rent["total"],
            f"{round(rent['npv']):,}": rent["npv"],
            f"{round(buy['npv']):,}": buy["npv"],
            f"{buy['irr'] * 100:.1f}% a year": buy["irr"],
            f"{buy['breakeven_utilization'] * 100:.1f}% use": buy["breakeven_utilization"],
            f"{round(buy['power'] + buy['cooling'] + buy['facility']):,}": None,
        }
        for text in stated:
            check(text in after, f"the README does not say {text!r}")
        # Left out: the server, colocation and utilization.
        bare = "\n".join(line for line in ini_text.splitlines()
                         if not re.match(r"(server_price|server_power_w|colo_per_kw_month|"
                                         r"utilization|\[workload\])", line)) + "\n"
        open(ini, "w").write(bare)
        p = subprocess.run([tco, "validate", ini], capture_output=True, text=True)
        lines = bare.splitlines()
        at = {name: lines.index(f"[option {name}]") + 1 for name in ("h100-buy", "h100-cloud")}
        want = (f"{ini}:{at['h100-buy']}: warning: option 'h100-buy' is incomplete: no "
                "server_price (a server of 8 NVIDIA H100 SXM5 80GB is typically "
                "153,600-204,800 without its GPUs), no server_power_w (typically 4,600 W "
                "besides its GPUs), no colo_per_kw_month (no colocation paid), no "
                "utilization (100% assumed): buying is understated\n"
                f"{ini}:{at['h100-cloud']}: warning: option 'h100-cloud' is incomplete: no "
                "utilization (100% assumed): renting is overstated\n")
        check(p.returncode == 0 and p.stderr == want,
              f"left out: exit {p.returncode}, stderr {p.stderr!r}")
        p = subprocess.run([tco, "report", ini, "--strict", "-o", os.path.join(tmp, "x.json")],
                           capture_output=True, text=True)
        check(p.returncode == 2 and "error: option 'h100-buy' is incomplete" in p.stderr and
              not os.path.exists(os.path.join(tmp, "x.json")), f"--strict: {p.returncode}")


main()
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
