#!/usr/bin/python3
"""Named sites are live in the workbook: each [site NAME] has its inputs on Inputs,
named ElectricityPrice_NAME, ElectricityEscalation_NAME, PUE_NAME and ColoPerKwMonth_NAME
(NAME with '_' for '-', and a number after a name another site's already is), and each
option's power, cooling and facility read its own site's (docs/MODEL.md, Sites;
docs/WORKBOOK.md, Inputs).

  live_sites.py BUILD_DIR REPO_DIR

1. Writes the workbook of tests/data/sites.ini (MODEL.md's example of two sites, and a
   third option at a site whose name differs from the second's in its case and its '-'
   only); audits it (recalc_audit.py, LibreOffice and Gnumeric).
2. Checks the sites' defined names, and the three options' power, cooling, facility and
   total on the Summary, cached and recalculated in LibreOffice, against the figures
   worked out by hand below.
3. Changes ElectricityPrice_colo_hall from 0.14 to 0.20 on Inputs, recalculates it in
   LibreOffice, and checks that option colo alone moves, to the figures worked out by
   hand, and that the master check is still OK.
Exit 0 when every figure agrees; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_model import defined_cell, summary_table  # noqa: E402
from audit_all import master_check  # noqa: E402

# T = 730, u = 1, H = 12: it_kw = (8 * 630 + 1000) / 1000 = 6.04, so it_kw * T =
# 4,409.2 kWh a month; provisioned_kw = 6.6; capex 240,000; no escalation within
# the first year.
WANT = {
    # [site]: 0.10 per kWh, PUE 2.1, no colocation
    "own": {"power": 4409.2 * 12 * 0.10, "cooling": 4409.2 * 12 * 1.1 * 0.10,
            "facility": 0, "total": 251111.184},
    # [site colo-hall]: 0.14 per kWh, PUE 1.35, 150 per kW-month
    "colo": {"power": 7407.456, "cooling": 2592.6096, "facility": 11880,
             "total": 261880.0656},
    # [site Colo_Hall]: [site]'s 0.10 per kWh, PUE 1.2, [site]'s colocation 0
    "spare": {"power": 5291.04, "cooling": 1058.208, "facility": 0, "total": 246349.248},
}
# ElectricityPrice_colo_hall = 0.20: colo's power 4,409.2 * 12 * 0.20 = 10,582.08,
# cooling 10,582.08 * 0.35 = 3,703.728; total 240,000 + 10,582.08 + 3,703.728 + 11,880.
WANT_EDITED = dict(WANT, colo={"power": 10582.08, "cooling": 3703.728, "facility": 11880,
                               "total": 266165.808})

NAMES = {  # defined name: the value it holds
    "ElectricityPrice": 0.10, "PUE": 2.1, "ColoPerKwMonth": 0, "ElectricityEscalation": 0.03,
    "ElectricityPrice_colo_hall": 0.14, "PUE_colo_hall": 1.35,
    "ColoPerKwMonth_colo_hall": 150, "ElectricityEscalation_colo_hall": 0.03,
    "ElectricityPrice_Colo_Hall_2": 0.10, "PUE_Colo_Hall_2": 1.2,
    "ColoPerKwMonth_Colo_Hall_2": 0, "ElectricityEscalation_Colo_Hall_2": 0.03,
}


def close(got, want):
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * max(1, abs(want))


def compare(book, want, what):
    bad = []
    table = summary_table(book)
    for oid, fields in want.items():
        for key, v in fields.items():
            got = table.get(oid, {}).get(key)
            if not close(got, v):
                bad.append(f"{what}: {oid} {key}: {got!r}, want {v!r}")
    return bad


def names(book, what):
    bad = []
    wb = load_values(book)
    for name, v in NAMES.items():
        try:
            sheet, coord = defined_cell(wb, name)
        except (KeyError, AttributeError, IndexError, TypeError):
            bad.append(f"{what}: no defined name {name}")
            continue
        if not close(wb[sheet][coord].value, v):
            bad.append(f"{what}: {name} = {wb[sheet][coord].value!r}, want {v!r}")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    ini = os.path.join(sys.argv[2], "tests", "data", "sites.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "sites.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        bad += compare(book, WANT, "cached")
        recalc = lo_recalc(book, os.path.join(tmp, "lo"))
        bad += compare(recalc, WANT, "recalculated")
        bad += names(recalc, "recalculated")

        wb = openpyxl.load_workbook(book)
        sheet, coord = defined_cell(wb, "ElectricityPrice_colo_hall")
        print(f"ElectricityPrice_colo_hall ({sheet}!{coord}): {wb[sheet][coord].value} -> 0.2")
        wb[sheet][coord].value = 0.2
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        after = lo_recalc(edited, os.path.join(tmp, "lo2"))
        bad += compare(after, WANT_EDITED, "edited")
        status = master_check(after)
        if status != "OK":
            bad.append(f"the master check after the edit reads {status!r}")
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
