#!/usr/bin/python3
"""Egress and spot capacity in the workbook are live: change them on Inputs, and the
recalculated workbook agrees with figures worked out by hand and with the engine.

  live_spot.py BUILD_DIR REPO_DIR

1. Writes the workbook of config/spot-egress.ini.
2. Changes, on the Inputs sheet, option gcp-spot's egress_tb_per_month (50 -> 80) and
   interruption_overhead (0.1 -> 0.25), and option gcp-on-demand's egress_tb_per_month
   (50 -> 0), keeping every formula.
3. Recalculates it in LibreOffice and reads the Summary.
4. Checks gcp-spot's and gcp-on-demand's rental and total against the MODEL.md formulas
   worked out here from the scenario's inputs (docs/MODEL.md, Egress; Spot capacity),
   and every figure of the Summary against the engine's JSON of the INI with the same
   changes (as live_model.py does).
Exit 0 when all agree; 1 otherwise.
"""
import os, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import tco_binary  # noqa: E402
from live_model import against_engine  # noqa: E402
from live_loan import edit_options  # noqa: E402

CHANGES = (("gcp-spot", "egress_tb_per_month", 80), ("gcp-spot", "interruption_overhead", 0.25),
           ("gcp-on-demand", "egress_tb_per_month", 0))


def by_hand():
    """The two options' rental over 24 months after the changes, from MODEL.md: 16 GPUs,
    730 hours a month, utilization 0.8, a 15% yearly decline (year 2 at 0.85)."""
    hours = 16 * 730 * 0.8
    # gcp-spot: $6.571 an hour, a quarter of the paid hours lost, 80 TB at $120.
    spot_year1 = hours * 6.571 / (1 - 0.25) + 80 * 120
    spot_year2 = hours * 6.571 * 0.85 / (1 - 0.25) + 80 * 120
    # gcp-on-demand: $11.06 an hour, no egress left.
    od_year1 = hours * 11.06
    od_year2 = hours * 11.06 * 0.85
    return {"gcp-spot": 12 * (spot_year1 + spot_year2),
            "gcp-on-demand": 12 * (od_year1 + od_year2)}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "config", "spot-egress.ini")
    with tempfile.TemporaryDirectory() as tmp:
        before, after, engine = edit_options(tco, ini, CHANGES, tmp)
        if engine is None:
            return 1

    bad, compared = against_engine(engine, after)
    for oid, want in by_hand().items():
        for key in ("rental", "total"):
            got = after[oid][key]
            if not isinstance(got, (int, float)) or abs(got - want) > 1e-9 * abs(want):
                bad.append(f"{oid} {key}: workbook {got}, by hand {want}")
            if before[oid][key] == got:
                bad.append(f"{oid} {key} did not move ({got})")
    for b in bad[:40]:
        print("MISMATCH", b)
    print(f"compared {compared} figures with the engine and 4 by hand; {len(bad)} mismatches")
    return 1 if bad or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
