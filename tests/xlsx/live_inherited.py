#!/usr/bin/python3
"""An option's inherited inputs (base =) are links to its base's cells on Inputs: an
edit of the base's cell moves every option that inherits it, as the same edit of the
scenario's line does, and `tco import` brings back an edit of either kind.

  live_inherited.py BUILD_DIR REPO_DIR

config/financed-taxed.ini: h100-loan and h100-lease take every key of h100-cash
(base = h100-cash) but their financing.
1. The workbook's h100-cash gpu_price cell is edited in its XML (35000 -> 41000) and
   recalculated and saved by LibreOffice: every figure of the Summary, for every option, equals
   tco's for the INI with gpu_price = 41000 in [option h100-cash] (the loan and the
   lease move with the cash option). `tco import` of the recalculated workbook changes
   that one line.
2. h100-loan's gpu_price cell (a link to h100-cash's) is replaced by the constant 36000:
   recalculated, only h100-loan moves; `tco import -o` adds `gpu_price = 36000` to
   [option h100-loan] alone (every other line as it was), and tco's figures for that INI
   are the recalculated workbook's.
3. On Inputs, the loan's and the lease's inherited gpu_price cells are formulas, styled
   as formulas (locked), their source "inherited from [option h100-cash]".
4. config/capacity-plan-2026.ini: h100-buy, h100-1yr and h100-cloud take tdp_w from the
   catalog's h100-sxm5-80gb, one row of the Catalog block, which their cells link to.
   That row edited (700 -> 800 W) and recalculated: `tco import -o` adds `tdp_w = 800`
   to each of the three sections (every other line as it was), and tco's figures for
   that INI are the recalculated workbook's.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recalc_service  # noqa: E402
from xlsxtest import tco_binary  # noqa: E402
from xlsxedit import cell_xml, column_texts, key_row_cell, name_cell, parts, set_number, \
    write_book  # noqa: E402
from live_model import against_engine, engine_after, summary_table  # noqa: E402

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def report_json(tco, ini):
    p = subprocess.run([tco, "report", ini, "-o", "-"], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"tco report {ini}: {p.stderr}")
    return json.loads(p.stdout)


def edited(book, tmp, name, option, key, value):
    """The workbook with option's key cell set to the constant value, recalculated and
    saved by LibreOffice: (the edited book, LibreOffice's copy, the cell)."""
    files = parts(book)
    part, _ = name_cell(files, "HoursPerMonth")
    cell = key_row_cell(files, part, option, key)
    set_number(files, part, cell, value)
    path = write_book(os.path.join(tmp, name + ".xlsx"), files)
    (saved, words), = recalc_service.libreoffice([path], os.path.join(tmp, name)).values()
    if saved is None:
        raise SystemExit(f"LibreOffice did not recalculate {path}: {words[-300:]}")
    return path, saved, cell


def catalog_row(tco, repo, tmp):
    """Part 4: the Catalog block's row of h100-sxm5-80gb's tdp_w edited."""
    ini = os.path.join(repo, "config", "capacity-plan-2026.ini")
    lines = open(ini, encoding="utf-8").read().splitlines()
    book = os.path.join(tmp, "cap.xlsx")
    subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True)
    files = parts(book)
    part, _ = name_cell(files, "HoursPerMonth")
    row = next(r for r, t in column_texts(files, part)
               if t == "[catalog gpu h100-sxm5-80gb] tdp_w")
    readers = [oid for oid in ("h100-buy", "h100-1yr", "h100-cloud")
               if "<f>" in cell_xml(files, part, key_row_cell(files, part, oid, "tdp_w"))]
    check(len(readers) == 3, f"catalog: the options' tdp_w cells are links ({readers})")
    set_number(files, part, f"C{row}", 800)
    path = write_book(os.path.join(tmp, "cat.xlsx"), files)
    (saved, words), = recalc_service.libreoffice([path], os.path.join(tmp, "cat")).values()
    if saved is None:
        raise SystemExit(f"LibreOffice did not recalculate {path}: {words[-300:]}")
    out = os.path.join(tmp, "cat.ini")
    p = subprocess.run([tco, "import", saved, "--scenario", ini, "-o", out],
                       capture_output=True, text=True)
    got = open(out, encoding="utf-8").read().splitlines() if os.path.exists(out) else []
    section, where = None, []
    for l in got:
        m = re.match(r"\[([^\]]+)\]", l)
        section = m.group(1) if m else section
        if l not in lines:
            where.append((section, l))
    want = [(f"option {oid}", "tdp_w = 800") for oid in ("h100-buy", "h100-1yr", "h100-cloud")]
    check(p.returncode == 1 and sorted(where) == sorted(want) and
          [l for l in got if l != "tdp_w = 800"] == lines,
          f"catalog edit imported: exit {p.returncode}, added {where} "
          f"({p.stderr.strip()[:300]})")
    if os.path.exists(out):
        bad, compared = against_engine(report_json(tco, out), summary_table(saved))
        for b in bad[:20]:
            print("MISMATCH", b)
        check(not bad and compared > 0, f"catalog edit: tco on the imported INI gives the "
              f"recalculated workbook's {compared} figures, {len(bad)} mismatches")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "config", "financed-taxed.ini")
    lines = open(ini, encoding="utf-8").read().splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "fin.xlsx")
        subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True)
        before = summary_table(book)

        # 3. The links on Inputs.
        wb = openpyxl.load_workbook(book)
        ws = wb["Inputs"]
        files = parts(book)
        part, _ = name_cell(files, "HoursPerMonth")
        base_cell = key_row_cell(files, part, "h100-cash", "gpu_price")
        for oid in ("h100-loan", "h100-lease"):
            c = ws[key_row_cell(files, part, oid, "gpu_price")]
            check(c.data_type == "f" and c.value == "=$%s$%s" % (base_cell[0], base_cell[1:]),
                  f"{oid}.gpu_price is the link {c.value!r} to h100-cash's {base_cell}")
            check(c.protection.locked and c.fill.fgColor.rgb != ws[base_cell].fill.fgColor.rgb,
                  f"{oid}.gpu_price is locked and not styled as an input")
            src = ws.cell(c.row, 5).value
            check(src == "inherited from [option h100-cash]", f"{oid}.gpu_price's source {src!r}")

        # 1. The base's cell edited: every inheritor follows.
        path, recalc, cell = edited(book, tmp, "base", "h100-cash", "gpu_price", 41000)
        after = summary_table(recalc)
        engine = engine_after(tco, ini, {("option h100-cash", "gpu_price"): 41000}, tmp)
        bad, compared = against_engine(engine, after)
        for b in bad[:20]:
            print("MISMATCH", b)
        check(not bad and compared > 0, f"base edit: {compared} figures as tco's, "
              f"{len(bad)} mismatches")
        for oid in ("h100-cash", "h100-loan", "h100-lease"):
            check(after[oid]["total"] != before[oid]["total"], f"base edit: {oid}'s total moved")
        # The same edit recalculated by Gnumeric.
        gn, words = recalc_service.gnumeric(path, os.path.join(tmp, "base-gnumeric.xlsx"))
        check(gn is not None, f"Gnumeric recalculated the base edit ({str(words)[-200:]})")
        if gn is not None:
            bad, compared = against_engine(engine, summary_table(gn))
            for b in bad[:20]:
                print("MISMATCH (Gnumeric)", b)
            check(not bad and compared > 0, f"base edit, Gnumeric: {compared} figures as "
                  f"tco's, {len(bad)} mismatches")
        out = os.path.join(tmp, "base.ini")
        p = subprocess.run([tco, "import", recalc, "--scenario", ini, "-o", out],
                           capture_output=True, text=True)
        got = open(out, encoding="utf-8").read().splitlines() if os.path.exists(out) else []
        want = [re.sub(r"35000", "41000", l, count=1) if l.startswith("gpu_price = 35000")
                else l for l in lines]
        check(p.returncode == 1 and got == want,
              f"base edit imported: exit {p.returncode}, the base's line changed alone "
              f"({p.stderr.strip()[:300]})")

        # 2. An inheritor's link replaced by a constant: that option alone.
        path, recalc, cell = edited(book, tmp, "loan", "h100-loan", "gpu_price", 36000)
        after = summary_table(recalc)
        moved = {oid: abs(after[oid]["total"] - before[oid]["total"]) >
                 1e-9 * abs(before[oid]["total"]) for oid in before}
        check(moved == {"h100-cash": False, "h100-loan": True, "h100-lease": False,
                        "h100-cloud": False},
              f"loan edit: the loan's total moved alone ({moved})")
        out = os.path.join(tmp, "loan.ini")
        p = subprocess.run([tco, "import", recalc, "--scenario", ini, "-o", out],
                           capture_output=True, text=True)
        got = open(out, encoding="utf-8").read().splitlines() if os.path.exists(out) else []
        added = [l for l in got if l not in lines]
        section = None
        where = []
        for l in got:
            m = re.match(r"\[([^\]]+)\]", l)
            section = m.group(1) if m else section
            if l in added:
                where.append(section)
        check(p.returncode == 1 and added == ["gpu_price = 36000"] and
              where == ["option h100-loan"] and [l for l in got if l not in added] == lines,
              f"loan edit imported: exit {p.returncode}, added {added} in {where} "
              f"({p.stderr.strip()[:300]})")
        if os.path.exists(out):
            bad, compared = against_engine(report_json(tco, out), after)
            for b in bad[:20]:
                print("MISMATCH", b)
            check(not bad and compared > 0, f"loan edit: tco on the imported INI gives the "
                  f"recalculated workbook's {compared} figures, {len(bad)} mismatches")
        catalog_row(tco, repo, tmp)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
