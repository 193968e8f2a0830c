#!/usr/bin/python3
"""The Summary and the Budget say what each option costs, with one sign convention
(docs/WORKBOOK.md, Summary, Budget and Conventions), after recalculation by LibreOffice.

  summary_honest.py BUILD_DIR REPO_DIR

1. config/financed.ini and config/financed-taxed.ini: the cost breakdown chart's series
   (read from the chart's XML, so that the chart and the table are the same cells) add
   up, for every option, to its total (financed.ini) or to its total after tax
   (financed-taxed.ini, ranked by after-tax NPV, so the tax is a part of it), as
   recalculated by LibreOffice and as tco's JSON gives it. For the loan of
   financed-taxed.ini, by hand: capex 459,200 + power, cooling and facility 98,198.32 +
   interest 53,190.19 - residual 119,392 = 491,196.52; with the tax -103,151.27,
   388,045.25. The breakdown has the loan's interest and the lease's payments and buyout
   among its series.
2. The same workbooks: the residual is negative on the Summary (-119,392 for each bought
   option: 26% of 459,200) and on the Budget (the residual column's sum), and the loan's
   proceeds are negative on the Summary (-367,360 = 80% of 459,200).
3. What an option pays at month 0: the lease its first payment (0.028 x 459,200 =
   12,857.60), the loan its down payment (20% of 459,200 = 91,840), cash the whole
   459,200; the lease's capex cell is a dash, not the price it never pays.
4. The rank's label names the figure rank_by names: "Rank (1 = lowest net present value
   after tax)" in financed-taxed.ini (rank_by = after_tax_npv), and the subtitle says it
   in words, never `after_tax_npv`.
5. config/capacity-plan-2026.ini: the Summary's headline names the best plan (the first
   of the JSON's plans), linked to its sheet, above the options' line.
6. The same scenario with rank_by = npv: the plans are ranked by NPV (own-h100-burst, NPV
   5,317,778, before own-reserve-burst, NPV 5,354,703, which has the lower total).
7. The workbook of `tco compare config/financed.ini config/financed-taxed.ini` holds the
   same convention: the loan's proceeds -367,360 and the residual -119,392 in A and B.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile, zipfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, tco_binary  # noqa: E402

problems = []


def check(cond, msg):
    if not cond:
        problems.append(msg)


def near(a, b, tol=1e-6):
    return isinstance(a, (int, float)) and abs(a - b) <= tol * max(1, abs(b))


def breakdown_refs(book):
    """The cell ranges of the Summary's stacked column chart's series ("$D$12:$G$12")."""
    with zipfile.ZipFile(book) as z:
        for name in sorted(z.namelist()):
            if not re.match(r"xl/charts/chart\d+\.xml$", name):
                continue
            xml = z.read(name).decode("utf-8")
            if '<c:grouping val="stacked"/>' not in xml:
                continue
            vals = re.findall(r"<c:val><c:numRef><c:f>([^<]+)</c:f>", xml)
            if vals and all(v.startswith("Summary!") for v in vals):
                return [v.split("!", 1)[1] for v in vals]
    return []


def cellv(ws, r, c):
    """Cell (r, c)'s value; None when the row was not found."""
    return ws.cell(r, c).value if r and c else None


def row_of(ws, text):
    """The first row whose column A starts with text."""
    for r in range(1, ws.max_row + 1):
        v = ws.cell(r, 1).value
        if isinstance(v, str) and v.startswith(text):
            return r
    return None


def columns(ws, header_row):
    """{option id: column} from the id row under the header."""
    ids = {}
    for c in range(4, ws.max_column + 1):
        v = ws.cell(header_row + 1, c).value
        if isinstance(v, str) and v:
            ids[v] = c
    return ids


def report(tco, ini, tmp, name):
    book = os.path.join(tmp, name + ".xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, capture_output=True)
    js = json.loads(subprocess.run([tco, "report", ini, "-o", "-"], check=True,
                                   capture_output=True, text=True).stdout)
    return book, js


def breakdown_sums(tco, ini, tmp, name, after_tax):
    book, js = report(tco, ini, tmp, name)
    refs = breakdown_refs(book)
    check(len(refs) >= 10, f"{name}: the breakdown chart has {len(refs)} series")
    values = load_values(lo_recalc(book, os.path.join(tmp, name)))
    ws = values["Summary"]
    header = row_of(ws, "Figure")
    cols = columns(ws, header)
    labels = [ws.cell(int(re.search(r"\d+", r).group()), 1).value for r in refs]
    for want in ("Loan interest", "Lease payments", "Lease buyout", "Residual"):
        check(any(isinstance(l, str) and l.startswith(want) for l in labels),
              f"{name}: no series '{want}' in the breakdown ({labels})")
    if after_tax:
        check(any(isinstance(l, str) and l.startswith("Tax") for l in labels),
              f"{name}: no tax in the breakdown of an after-tax ranking ({labels})")
    total_row = row_of(ws, "Total cost after tax" if after_tax else "Total cost of ownership")
    for o in js["options"]:
        col = cols.get(o["id"])
        s = 0.0
        for r in refs:
            row = int(re.search(r"\d+", r).group())
            v = ws.cell(row, col).value
            s += v if isinstance(v, (int, float)) else 0
        want = o["after_tax_total"] if after_tax else o["total"]
        check(near(s, want), f"{name} {o['id']}: the breakdown adds up to {s}, "
                             f"JSON {want}")
        check(near(ws.cell(total_row, col).value, s),
              f"{name} {o['id']}: total cell {ws.cell(total_row, col).value} != {s}")
    return values, js, cols


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        breakdown_sums(tco, os.path.join(repo, "config", "financed.ini"), tmp, "financed", 0)
        values, js, cols = breakdown_sums(
            tco, os.path.join(repo, "config", "financed-taxed.ini"), tmp, "taxed", 1)
        ws = values["Summary"]
        loan, lease, cash = cols["h100-loan"], cols["h100-lease"], cols["h100-cash"]
        # By hand: the loan's total and after-tax total.
        tr = row_of(ws, "Total cost of ownership")
        check(near(cellv(ws, tr, loan), 459200 + 98198.32 + 53190.19 - 119392, 1e-7),
              f"loan total {cellv(ws, tr, loan)}")
        # 2. Signs.
        rr = row_of(ws, "Residual value")
        for c in (loan, lease, cash):
            check(near(cellv(ws, rr, c), -119392), f"residual {cellv(ws, rr, c)}")
        pr = row_of(ws, "Loan proceeds")
        check(pr and near(cellv(ws, pr, loan), -367360), f"loan proceeds row {pr}")
        bg = values["Budget"]
        head = [(r, c) for r in range(1, bg.max_row + 1) for c in range(1, bg.max_column + 1)
                if bg.cell(r, c).value == "Residual"]
        check(head, "no Residual column on the Budget")
        if head:
            r0, c0 = head[0]  # the first block: the cash option
            vals = [bg.cell(r, c0).value for r in range(r0 + 1, bg.max_row + 1)]
            nums = []
            for v in vals:
                if not isinstance(v, (int, float)):
                    break
                nums.append(v)
            check(nums and near(nums[-1], -119392), f"Budget residual total {nums[-1:]}")
        # 3. Month 0.
        p0 = row_of(ws, "Paid at month 0")
        check(p0 is not None, "no 'Paid at month 0' row")
        if p0:
            check(near(cellv(ws, p0, lease), 12857.60), f"lease month 0 {cellv(ws, p0, lease)}")
            check(near(cellv(ws, p0, loan), 91840), f"loan month 0 {cellv(ws, p0, loan)}")
            check(near(cellv(ws, p0, cash), 459200), f"cash month 0 {cellv(ws, p0, cash)}")
        cr = row_of(ws, "Capex")
        check(cellv(ws, cr, lease) == "\u2013", f"lease capex {cellv(ws, cr, lease)!r}")
        # 4. The rank's label and the subtitle.
        rk = row_of(ws, "Rank (1 = ")
        check(cellv(ws, rk, 1) == "Rank (1 = lowest net present value after tax)",
              f"rank label {cellv(ws, rk, 1)!r}")
        check("after_tax_npv" not in cellv(ws, 2, 1) and
              "net present value after tax" in cellv(ws, 2, 1),
              f"subtitle {cellv(ws, 2, 1)!r}")

        # 5. The capacity plan's headline.
        ini = os.path.join(repo, "config", "capacity-plan-2026.ini")
        book, js = report(tco, ini, tmp, "plans")
        ws = openpyxl.load_workbook(book)["Summary"]
        best = js["plans"][0]["name"]
        check(str(cellv(ws, 3, 1)).startswith("Best plan by total cost of ownership"),
              f"headline {cellv(ws, 3, 1)!r}")
        check(cellv(ws, 3, 4) == best, f"headline names {cellv(ws, 3, 4)!r}, want {best}")
        link = ws.cell(3, 4).hyperlink
        check(link is not None and f"Plan {best}" in (link.location or ""),
              f"headline link {link and link.location!r}")
        lo = row_of(ws, "Lowest total cost of ownership")
        check(lo is not None and lo > 3, f"the options' line at row {lo}")

        # 6. Plans ranked by rank_by.
        with open(ini, encoding="utf-8") as f:
            text = re.sub(r"(?m)^\[scenario\]$", "[scenario]\nrank_by = npv", f.read(), count=1)
        npv_ini = os.path.join(tmp, "plans-npv.ini")
        with open(npv_ini, "w", encoding="utf-8") as f:
            f.write(text)
        js = json.loads(subprocess.run([tco, "report", npv_ini, "-o", "-"], check=True,
                                       capture_output=True, text=True).stdout)
        names = [p["name"] for p in js["plans"]]
        npvs = [p["npv"] for p in js["plans"]]
        check(npvs == sorted(npvs), f"plans by NPV: {list(zip(names, npvs))}")
        check(names.index("own-h100-burst") < names.index("own-reserve-burst"),
              f"plan order {names}")
        # 7. The compare workbook.
        cmp = os.path.join(tmp, "compare.xlsx")
        subprocess.run([tco, "compare", os.path.join(repo, "config", "financed.ini"),
                        os.path.join(repo, "config", "financed-taxed.ini"), "-o", cmp],
                       check=True, capture_output=True)
        ws = openpyxl.load_workbook(cmp)["Figures"]
        seen = {}
        for row in ws.iter_rows(values_only=True):
            if row[0] == "h100-loan" and isinstance(row[1], str):
                seen[row[1].split(" (")[0]] = row[2:4]
        check(seen.get("Loan proceeds at month 0") == (-367360, -367360),
              f"compare: loan proceeds {seen.get('Loan proceeds at month 0')!r}")
        check(seen.get("Residual value") == (-119392, -119392),
              f"compare: residual {seen.get('Residual value')!r}")
    for p in problems:
        print("FAIL:", p)
    print("summary_honest:", "ok" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
