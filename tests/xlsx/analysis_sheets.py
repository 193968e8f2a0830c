#!/usr/bin/python3
"""The workload and analysis sheets: present, charted, equal to the engine, live.

  analysis_sheets.py BUILD_DIR REPO_DIR

For config/seed-2026.ini, tests/data/analysis.ini (cases, sensitivity ranges and an
uncertainty section) and the sizing scenarios config/seed-70b-inference.ini and
config/seed-30b-training.ini:
1. writes the workbook and the JSON (tco report X -o -);
2. checks the sheets the scenario calls for exist (Workload only with model_params,
   Cases only with cases, Monte Carlo only with [uncertainty]) and the number of
   charts on each (Buy-vs-Rent 2, a tornado per charted option, a histogram);
3. checks every figure of those sheets against the JSON to 1e-9: the utilization
   sweep, the workload sizing and the sensitivity tables' inputs, totals and swings
   (formulas: their cached values), the sensitivity NPVs, the cases and the Monte
   Carlo results (static values);
4. audits the workbook with recalc_audit.py (0 mismatches in LibreOffice and Gnumeric);
5. for the two sizing scenarios, changes ElectricityPrice with openpyxl, recalculates
   in LibreOffice and checks that the sweep's totals and costs per GPU-hour and the
   Workload's costs moved to what the engine gives for the INI with that change.
Exit 0 when all hold; 1 otherwise.
"""
import json, math, os, re, subprocess, sys, tempfile, zipfile
import xml.etree.ElementTree as ET

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary, words  # noqa: E402
from live_model import defined_cell, rewrite_ini  # noqa: E402

REL = 1e-9
DASH = "\u2013"
TORNADO_MAX = 6
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
      "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}

SCENARIOS = ["config/seed-2026.ini", "tests/data/analysis.ini", "config/seed-70b-inference.ini",
             "config/seed-30b-training.ini"]
LIVE = ["config/seed-30b-training.ini", "config/seed-70b-inference.ini"]

problems = []


def fail(msg):
    problems.append(msg)


def close(got, want, what):
    """A number in the workbook against the engine's; None stands for n/a, a break-even
    word or -."""
    if want is None:
        if got not in ("n/a", "never", "always", "parallel", DASH, "#N/A", None):
            fail(f"{what}: workbook {got!r}, engine null")
        return
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        fail(f"{what}: workbook {got!r}, engine {want!r}")
        return
    if abs(got - want) > max(1e-9, REL * max(abs(got), abs(want))):
        fail(f"{what}: workbook {got!r}, engine {want!r}")


def charts_per_sheet(path):
    """{sheet name: number of charts} from the zip's drawing relationships."""
    z = zipfile.ZipFile(path)
    wb = ET.fromstring(z.read("xl/workbook.xml"))
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target") for r in rels}
    out = {}
    for sh in wb.find("m:sheets", NS):
        part = "xl/" + target[sh.get(f"{{{NS['r']}}}id")].lstrip("/").replace("xl/", "")
        relpath = os.path.join(os.path.dirname(part), "_rels", os.path.basename(part) + ".rels")
        count = 0
        if relpath in z.namelist():
            for r in ET.fromstring(z.read(relpath)):
                if r.get("Type", "").endswith("/drawing"):
                    d = os.path.normpath(os.path.join(os.path.dirname(part), r.get("Target")))
                    drels = os.path.join(os.path.dirname(d), "_rels", os.path.basename(d) + ".rels")
                    if drels in z.namelist():
                        count += sum(1 for x in ET.fromstring(z.read(drels))
                                     if x.get("Type", "").endswith("/chart"))
        out[sh.get("name")] = count
    return out


def rows_of(ws):
    return [[c.value for c in row] for row in ws.iter_rows()]


def find_row(rows, col, pred, start=0):
    for r in range(start, len(rows)):
        v = rows[r][col] if col < len(rows[r]) else None
        if isinstance(v, str) and pred(v):
            return r
    return None


def check_sweep(rows, engine, tag):
    """Buy-vs-Rent: the two tables of the utilization sweep."""
    sweep = engine["utilization_sweep"]
    label_of = {o["id"]: o["label"] for o in engine["options"]}
    for title, field in (("Total cost of ownership at each utilization", "total"),
                         ("Cost per GPU-hour used at each utilization", "cost_per_gpu_hour")):
        r = find_row(rows, 0, lambda v: v.startswith(title))
        if r is None:
            fail(f"{tag}: Buy-vs-Rent has no table '{title}'")
            continue
        head = rows[r + 1]
        for opt in sweep["options"]:
            label = label_of[opt["id"]]
            if label not in head:
                fail(f"{tag}: Buy-vs-Rent '{title}' has no column {label!r}")
                continue
            col = head.index(label)
            for k, u in enumerate(sweep["utilization"]):
                close(rows[r + 2 + k][0], u, f"{tag}: sweep utilization {k}")
                close(rows[r + 2 + k][col], opt[field][k], f"{tag}: {opt['id']} {field} at {u}")


def check_workload(rows, engine, tag):
    r = find_row(rows, 0, lambda v: v == "Figure")
    if r is None:
        fail(f"{tag}: Workload has no table")
        return
    head = rows[r]
    fields = {row[1]: row for row in rows[r + 1:] if isinstance(row[1], str)}
    compared = 0
    for opt in engine["options"]:
        col = head.index(opt["label"]) if opt["label"] in head else None
        if col is None:
            fail(f"{tag}: Workload has no column {opt['label']!r}")
            continue
        z = opt["sizing"]
        for key, want in z.items():
            row = fields.get("sizing." + key)
            if key == "memory_needed_gb":  # one cell above the table
                mr = find_row(rows, 1, lambda v: v == "sizing.memory_needed_gb")
                close(rows[mr][3], want, f"{tag}: memory_needed_gb")
                continue
            if key == "fits":
                got = row[col] if row else None  # 1 fits, 0 does not (words by its format)
                ok = (want is True and got == 1) or (want is False and got == 0) or \
                    (want is None and got == "n/a")
                if not ok:
                    fail(f"{tag}: {opt['id']} fits: workbook {got!r}, engine {want!r}")
                continue
            if row is None:
                if want is not None:
                    fail(f"{tag}: Workload has no row sizing.{key} (engine {want!r})")
                continue
            close(row[col], want, f"{tag}: {opt['id']} sizing.{key}")
            compared += 1
        close(fields["cost_per_gpu_hour"][col], opt["cost_per_gpu_hour"],
              f"{tag}: {opt['id']} Workload cost_per_gpu_hour")
    if compared == 0:
        fail(f"{tag}: no Workload figure compared")


def baseline_id(wb, engine):
    """The baseline's id, from the Summary's heading "Against the baseline: LABEL"."""
    for row in wb["Summary"].iter_rows(max_col=1):
        v = row[0].value
        if isinstance(v, str) and v.startswith("Against the baseline: "):
            label = v[len("Against the baseline: "):]
            return next((o["id"] for o in engine["options"] if o["label"] == label), None)
    return None


def check_sensitivity(rows, engine, tag, baseline):
    sens = {o["id"]: o["drivers"] for o in engine["sensitivity"]["options"]}
    base = {o["id"]: o for o in engine["options"]}
    seen = 0
    r = 0
    while True:
        r = find_row(rows, 0, lambda v: v == "Base (inputs as written)", r)
        if r is None:
            break
        m = re.search(r"\(([A-Za-z0-9_-]+)\)(: against the baseline)?$", rows[r - 2][0] or "")
        if not m or m.group(1) not in sens:
            fail(f"{tag}: Sensitivity block at row {r + 1} names no option")
            r += 1
            continue
        oid, vs_base = m.group(1), bool(m.group(2))
        seen += 1
        close(rows[r][3], base[oid]["total"], f"{tag}: {oid} base total")
        close(rows[r][5], base[oid]["npv"], f"{tag}: {oid} base npv")
        for k, d in enumerate(sens[oid]):
            row = rows[r + 1 + k]
            name = row[0].replace(" (the baseline's)", "")
            if name != words(d["driver"]):
                fail(f"{tag}: {oid} driver {k}: workbook {row[0]!r}, engine {d['driver']!r}")
                continue
            lo, hi = d["input_low"], d["input_high"]
            if lo is None and row[0].endswith("(the baseline's)") and baseline:
                b = next(x for x in sens[baseline] if x["driver"] == d["driver"])
                lo, hi = b["input_low"], b["input_high"]
            close(row[1], lo, f"{tag}: {oid} {name} input_low")
            close(row[2], hi, f"{tag}: {oid} {name} input_high")
            for col, key in ((3, "total_low"), (4, "total_high"), (5, "npv_low"),
                             (6, "npv_high"), (9, "swing")):
                close(row[col], d[key], f"{tag}: {oid} {name} {key}")
            if vs_base:
                close(row[7], d["diff_low"], f"{tag}: {oid} {name} diff_low")
                close(row[8], d["diff_high"], f"{tag}: {oid} {name} diff_high")
        r += 1
    if seen != len(sens):
        fail(f"{tag}: Sensitivity has {seen} option tables, engine {len(sens)}")


def check_cases(rows, engine, tag):
    label_of = {o["id"]: o["label"] for o in engine["options"]}
    base = {o["id"]: o for o in engine["options"]}
    for title, key in (("Total cost of ownership", "total"), ("Net present value", "npv"),
                       ("Cost per GPU-hour used", "cost_per_gpu_hour"),
                       ("Break-even month", "breakeven_month"),
                       ("Break-even utilization", "breakeven_utilization")):
        r = find_row(rows, 0, lambda v: v.startswith(title))
        if r is None:
            fail(f"{tag}: Cases has no block '{title}'")
            continue
        head = rows[r + 1]
        for case in engine["cases"]:
            if case["name"] not in head:
                fail(f"{tag}: Cases '{title}' has no column {case['name']!r}")
                continue
            col = head.index(case["name"])
            for k, opt in enumerate(case["options"]):
                row = rows[r + 2 + k]
                if row[0] != label_of[opt["id"]]:
                    fail(f"{tag}: Cases '{title}' row {k}: {row[0]!r}")
                    continue
                close(row[col], opt[key], f"{tag}: case {case['name']} {opt['id']} {key}")
                close(row[1], base[opt["id"]][key], f"{tag}: base {opt['id']} {key}")
        r2 = find_row(rows, 0, lambda v: v == "Case")
        overrides = {}
        for row in rows[r2 + 1:]:
            if not row[0] or row[0] not in {c["name"] for c in engine["cases"]}:
                break
            overrides.setdefault(row[0], {})[row[1]] = row[2]
        for case in engine["cases"]:
            want = {words(k): v for k, v in case["overrides"].items()}
            if overrides.get(case["name"]) != want:
                fail(f"{tag}: case {case['name']} overrides {overrides.get(case['name'])!r}, "
                     f"engine {case['overrides']!r}")


def check_monte_carlo(rows, engine, tag):
    mc = engine["monte_carlo"]
    label_of = {o["id"]: o["label"] for o in engine["options"]}
    for name, want in (("Seed", mc["seed"]), ("Samples", mc["samples"])):
        r = find_row(rows, 0, lambda v: v == name)
        close(rows[r][1] if r is not None else None, want, f"{tag}: Monte Carlo {name}")
    r = find_row(rows, 0, lambda v: v == "Option")
    for k, opt in enumerate(mc["options"]):
        row = rows[r + 1 + k]
        if row[0] != label_of[opt["id"]]:
            fail(f"{tag}: Monte Carlo row {k}: {row[0]!r}")
            continue
        vals = [opt["total"][x] for x in ("mean", "p10", "p50", "p90")] + \
               [opt["npv"][x] for x in ("mean", "p10", "p50", "p90")] + \
               [opt["p_cheapest"], opt["p_beats_baseline"]]
        for col, want in enumerate(vals, start=1):
            close(row[col], want, f"{tag}: Monte Carlo {opt['id']} column {col}")
    r = find_row(rows, 0, lambda v: v == "Total between")
    head = rows[r]
    edges = mc["histogram_edges"]
    for k in range(len(edges) - 1):
        close(rows[r + 1 + k][1], edges[k], f"{tag}: bin {k} from")
        close(rows[r + 1 + k][2], edges[k + 1], f"{tag}: bin {k} to")
    shown = 0
    for opt in mc["options"]:
        label = label_of[opt["id"]]
        if label in head:
            shown += 1
            col = head.index(label)
            if opt["histogram"] is None:
                fail(f"{tag}: {opt['id']} has no histogram but is shown")
                continue
            for k, n in enumerate(opt["histogram"]):
                close(rows[r + 1 + k][col], n, f"{tag}: {opt['id']} bin {k}")
    # Options whose total does not vary have no histogram and are not shown.
    varying = sum(1 for o in mc["options"] if o["histogram"] is not None)
    if shown != min(8, varying):
        fail(f"{tag}: histogram shows {shown} options of {varying} that vary")


def expected_tornados(engine):
    """Charted options: the first TORNADO_MAX bought ones and the cheapest, if any swing."""
    opts = engine["options"]
    buy = [o["id"] for o in opts if o["acquire"] == "buy"]
    chosen = set((buy or [o["id"] for o in opts])[:TORNADO_MAX])
    chosen.add(min(opts, key=lambda o: o["total"])["id"])  # ties: input order, as ranked
    sens = {o["id"]: o["drivers"] for o in engine["sensitivity"]["options"]}
    return sum(1 for oid in chosen if any(d["swing"] > 0 for d in sens[oid]))


def report(tco, ini, out=None):
    args = [tco, "report", ini, "-o", out or "-"]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"tco report {ini} exited {p.returncode}: {p.stderr}")
    return None if out else json.loads(p.stdout)


def check_book(tco, repo, rel, tmp):
    ini = os.path.join(repo, rel)
    tag = os.path.basename(ini)
    book = os.path.join(tmp, tag[:-4] + ".xlsx")
    report(tco, ini, book)
    engine = report(tco, ini)
    wb = load_values(book)
    want = ["Buy-vs-Rent", "Sensitivity"]
    if engine["options"] and "sizing" in engine["options"][0]:
        want.append("Workload")
    if engine.get("cases"):
        want.append("Cases")
    if engine.get("monte_carlo"):
        want.append("Monte Carlo")
    for name in ("Workload", "Cases", "Monte Carlo"):
        if name in wb.sheetnames and name not in want:
            fail(f"{tag}: sheet {name} without a reason")
    for name in want:
        if name not in wb.sheetnames:
            fail(f"{tag}: no sheet {name}")
            return engine
    order = [n for n in wb.sheetnames if n in want + ["Summary", "Checks"]]
    if order[0] != "Summary" or order[-1] != "Checks":
        fail(f"{tag}: sheet order {wb.sheetnames}")

    charts = charts_per_sheet(book)
    expect = {"Summary": 4, "Buy-vs-Rent": 2, "Sensitivity": expected_tornados(engine),
              "Workload": 0, "Cases": 0, "Monte Carlo": 1}
    for name in want + ["Summary"]:
        if charts.get(name, 0) != expect[name]:
            fail(f"{tag}: {name} has {charts.get(name, 0)} charts, expected {expect[name]}")

    check_sweep(rows_of(wb["Buy-vs-Rent"]), engine, tag)
    check_sensitivity(rows_of(wb["Sensitivity"]), engine, tag, baseline_id(wb, engine))
    if "Workload" in want:
        check_workload(rows_of(wb["Workload"]), engine, tag)
    if "Cases" in want:
        check_cases(rows_of(wb["Cases"]), engine, tag)
    if "Monte Carlo" in want:
        check_monte_carlo(rows_of(wb["Monte Carlo"]), engine, tag)

    ok, summary = run_audit(book)
    print(f"{tag}: sheets {', '.join(want)}; charts {charts}; {summary}")
    if not ok or "lo_mismatch=0" not in summary or "gnumeric_mismatch=0" not in summary:
        fail(f"{tag}: audit: {summary}")
    return engine


def check_live(tco, repo, rel, tmp, before_engine):
    """ElectricityPrice changed in the workbook: the sweep and the Workload follow."""
    ini = os.path.join(repo, rel)
    tag = os.path.basename(ini) + " (live)"
    book = os.path.join(tmp, "live-" + os.path.basename(ini)[:-4] + ".xlsx")
    report(tco, ini, book)
    wb = openpyxl.load_workbook(book)
    sheet, coord = defined_cell(wb, "ElectricityPrice")
    old = float(wb[sheet][coord].value)
    new = old * 1.5 + 0.01
    wb[sheet][coord].value = new
    modified = os.path.join(tmp, "modified-" + os.path.basename(book))
    wb.save(modified)
    rdir = os.path.join(tmp, "r-" + os.path.basename(ini)[:-4])
    os.makedirs(rdir, exist_ok=True)
    after = load_values(lo_recalc(modified, rdir))
    with open(ini, encoding="utf-8") as f:
        text = rewrite_ini(f.read(), os.path.dirname(ini), {("site", "electricity_price"): new})
    mod_ini = os.path.join(tmp, "modified-" + os.path.basename(ini))
    with open(mod_ini, "w", encoding="utf-8") as f:
        f.write(text)
    engine = report(tco, mod_ini)
    n_before = len(problems)
    check_sweep(rows_of(after["Buy-vs-Rent"]), engine, tag)
    if "Workload" in after.sheetnames:
        check_workload(rows_of(after["Workload"]), engine, tag)
    # The change must have moved the figures checked (bought options use power).
    moved = sum(1 for a, b in zip(engine["utilization_sweep"]["options"],
                                  before_engine["utilization_sweep"]["options"])
                if not math.isclose(a["total"][0], b["total"][0], rel_tol=1e-12))
    z_moved = sum(1 for a, b in zip(engine["options"], before_engine["options"])
                  for k in ("cost_per_run", "cost_per_thousand_requests")
                  if a.get("sizing", {}).get(k) is not None
                  and not math.isclose(a["sizing"][k], b["sizing"][k], rel_tol=1e-12))
    if moved == 0 or ("Workload" in after.sheetnames and z_moved == 0):
        fail(f"{tag}: ElectricityPrice {old} -> {new} moved no figure")
    print(f"{tag}: ElectricityPrice {old} -> {new}: {moved} sweep rows and {z_moved} workload "
          f"costs moved; {len(problems) - n_before} mismatches")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    engines = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rel in SCENARIOS:
            engines[rel] = check_book(tco, repo, rel, tmp)
        for rel in LIVE:
            check_live(tco, repo, rel, tmp, engines[rel])
    for p in problems[:60]:
        print("FAIL", p)
    print(f"{len(SCENARIOS)} workbooks, {len(LIVE)} live changes; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
