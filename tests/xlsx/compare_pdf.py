#!/usr/bin/python3
"""Print compare workbooks to PDF and look for error values; audit them.

  compare_pdf.py BUILD_DIR REPO_DIR

Writes the workbook of `tco compare` for pairs of shipped scenarios (different
options, the same options, a scenario against itself, contract terms, inference
against training), renders each to PDF with LibreOffice (`soffice --headless
--convert-to pdf`, a fresh profile) and fails when `pdftotext` finds an error
value on any page (#N/A, #VALUE!, #REF!, #DIV/0!, #NAME?, #NUM!, #NULL!), a
negative zero or an empty page (as print_pdf.py), or a number in it has the General
format. Each workbook is also audited with recalc_audit.py (its
B - A and change formulas recalculate in LibreOffice and Gnumeric to the values
tco wrote). Exit 0 on success, 1 on any failure.
"""
import os, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (general_numbers, pdf_pages, printed_faults, render_pdfs,  # noqa: E402
                      run_audit, tco_binary)

PAIRS = [
    ("seed-2026", "training-reserved"),
    ("seed-2026", "seed-2026-zh"),
    ("seed-2026", "seed-2026"),
    ("contract-terms", "payback"),
    ("seed-70b-inference", "seed-30b-training"),
    ("feasibility", "inference-fleet"),
]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    env = dict(os.environ, TCO_DATA_DIR=repo, SOURCE_DATE_EPOCH="0")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        books = []
        for a, b in PAIRS:
            out = os.path.join(tmp, f"{a}--{b}.xlsx")
            p = subprocess.run([tco, "compare", os.path.join(repo, "config", a + ".ini"),
                                os.path.join(repo, "config", b + ".ini"), "-o", out, "-q"],
                               capture_output=True, text=True, env=env, timeout=120)
            if p.returncode != 0:
                print(f"FAIL {a} against {b}: tco exited {p.returncode}: {p.stderr.strip()}")
                failed += 1
            else:
                books.append(out)
        pdfs = render_pdfs(books, tmp, timeout=900)
        for book in books:
            name = os.path.basename(book)[:-5]
            if not pdfs[book]:
                print(f"FAIL {name}: LibreOffice wrote no PDF")
                failed += 1
                continue
            pages = pdf_pages(pdfs[book])
            faults = printed_faults(pages)
            if not any("Comparison of two scenarios" in p for p in pages):
                faults.append("no title")
            general = general_numbers(book)
            if general:
                faults.append("numbers with the General format: " + ", ".join(general[:8]))
            if faults:
                print(f"FAIL {name}: " + "; ".join(faults)[:800])
                failed += 1
                continue
            ok, summary = run_audit(book)
            print(f"{'ok' if ok else 'FAIL'} {name}: prints clean; {summary}")
            failed += not ok
    print(f"compare_pdf: {len(PAIRS)} pairs, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
