#!/usr/bin/python3
"""The workbook's decision picks among feasible options, live (docs/MODEL.md, Feasibility
and the decision).

  feasibility.py BUILD_DIR REPO_DIR

1. Writes the workbook of config/seed-70b-inference.ini, recalculates it in LibreOffice
   and reads the Summary as computed: "Lowest total cost of ownership" names the
   rented RTX 4090s (total 8 x 730 h x 0.5 x 0.61 x 12 x (1 + 0.9 + 0.81) = 57,924.62),
   not the single RTX 4090 (cheaper at 9,283.93, but 24 GB cannot hold the 182 GB model:
   ceil(182 / 24) = 8 GPUs needed); the feasible row is 0 for it alone, and so is its
   row of the memory test; every option serves the 1000 requests/s.
2. Sets requests_per_s to 4000 on Inputs, recalculates in LibreOffice: every option whose
   GPUs serve less is left out (8 x 1100 x 0.4 = 3520 for the RTX 4090s, 4 x 800 = 3200
   for the rented A100s), and the lowest feasible total is the rented H100s' (4 x 1200 =
   4800); the same as the engine's decision for the INI with that change.
3. Audits both workbooks, and config/feasibility.ini's, with recalc_audit.py.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_model import rewrite_ini  # noqa: E402

HOLDS = "Holds the model in its GPUs' memory"
SERVES = "Serves the target request rate"
problems = []


def check(cond, msg):
    if not cond:
        problems.append(msg)


def summary(path):
    """The Summary as computed: the lowest-total cell, and {label: {field: value}}."""
    ws = load_values(path)["Summary"]
    rows = {ws.cell(r, 2).value or ws.cell(r, 1).value: r for r in range(1, ws.max_row + 1)}
    table = {}
    for col in range(4, ws.max_column + 1):
        label = ws.cell(5, col).value
        if label:
            table[label] = {k: ws.cell(r, col).value for k, r in rows.items()
                            if isinstance(k, str)}
    return ws.cell(3, 4).value, table


def inputs_cell(path, key):
    """The coordinate of a global key's value on Inputs ("[workload] requests_per_s")."""
    ws = openpyxl.load_workbook(path)["Inputs"]
    for r in range(1, ws.max_row + 1):
        if ws.cell(r, 2).value == key:
            return f"C{r}"
    raise SystemExit(f"no {key} on Inputs")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "config", "seed-70b-inference.ini")
    cloud = "RTX 4090 24GB, rented on demand (RunPod / Vast.ai, 8 GPUs, one replica)"
    single = "RTX 4090 24GB, one card in a workstation (the guide's test as published)"
    h100 = "H100 SXM 80GB, rented on demand (RunPod, 4 GPUs, one replica)"
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "s70.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True, capture_output=True)
        lowest, table = summary(lo_recalc(book, tmp))
        check(lowest == cloud, f"lowest total: {lowest!r}, want {cloud!r}")
        check(abs(table[cloud]["total"] - 57924.624) < 1e-6, f"{cloud}: {table[cloud]['total']}")
        check(table[single]["total"] < table[cloud]["total"], "the single card is not cheaper")
        for label, row in table.items():
            want = 0 if label == single else 1
            got = row.get("feasible")
            check(got == want, f"{label}: feasible {got!r}, want {want}")
            got = (row.get(HOLDS), row.get(SERVES))
            check(got == (want, 1), f"{label}: holds the model, serves the rate: {got!r}")

        # Live: 4000 requests/s on Inputs, recalculated; the engine on the changed INI.
        wb = openpyxl.load_workbook(book)
        coord = inputs_cell(book, "[workload] requests_per_s")
        wb["Inputs"][coord].value = 4000
        changed = os.path.join(tmp, "changed.xlsx")
        wb.save(changed)
        lowest, table = summary(lo_recalc(changed, tmp))
        check(lowest == h100, f"at 4000 requests/s, lowest total: {lowest!r}, want {h100!r}")
        for label in (cloud, "RTX 4090 24GB, bought (one 8-GPU PCIe server, one replica)",
                      "A100 SXM 80GB, rented on demand (RunPod, 4 GPUs, one replica)"):
            got = (table[label].get("feasible"), table[label].get(HOLDS), table[label].get(SERVES))
            check(got == (0, 1, 0), f"at 4000 requests/s, {label}: {got!r}")
        with open(ini, encoding="utf-8") as f:
            text = rewrite_ini(f.read(), os.path.dirname(ini),
                               {("workload", "requests_per_s"): 4000})
        mod = os.path.join(tmp, "changed.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text)
        p = subprocess.run([tco, "report", mod, "-o", "-"], capture_output=True, text=True)
        engine = json.loads(p.stdout)
        labels = {o["id"]: o["label"] for o in engine["options"]}
        cheapest = engine.get("decision", {}).get("cheapest")
        check(labels.get(cheapest) == lowest, f"engine's cheapest {cheapest}, workbook {lowest!r}")
        for label, row in table.items():
            o = next(o for o in engine["options"] if o["label"] == label)
            check(row.get("feasible") == (1 if o.get("feasible") else 0),
                  f"{label}: workbook and engine differ")

        feas = os.path.join(tmp, "feasibility.xlsx")
        p = subprocess.run([tco, "report", os.path.join(repo, "config", "feasibility.ini"), "-o",
                            feas], capture_output=True, text=True)
        check(p.returncode == 0, f"config/feasibility.ini: {p.stderr.strip()[:300]}")
        for path in (book, feas) if p.returncode == 0 else (book,):
            ok, line = run_audit(path)
            check(ok, f"audit of {os.path.basename(path)}: {line}")
    for p in problems:
        print("FAIL:", p)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
