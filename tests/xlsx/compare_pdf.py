#!/usr/bin/python3
"""Print compare workbooks to PDF and look for error values; audit them.

  compare_pdf.py BUILD_DIR REPO_DIR

Writes the workbook of `tco compare` for pairs of shipped scenarios (different
options, the same options, a scenario against itself, contract terms, inference
against training), renders each to PDF with LibreOffice (`soffice --headless
--convert-to pdf`, a fresh profile) and fails when `pdftotext` finds an error
value on any page (#N/A, #VALUE!, #REF!, #DIV/0!, #NAME?, #NUM!, #NULL!) or a
workbook prints nothing. Each workbook is also audited with recalc_audit.py (its
B - A and change formulas recalculate in LibreOffice and Gnumeric to the values
tco wrote). Exit 0 on success, 1 on any failure.
"""
import os, re, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import run_audit, tco_binary  # noqa: E402

PAIRS = [
    ("seed-2026", "training-reserved"),
    ("seed-2026", "seed-2026-zh"),
    ("seed-2026", "seed-2026"),
    ("contract-terms", "payback"),
    ("seed-70b-inference", "seed-30b-training"),
    ("feasibility", "inference-fleet"),
]

ERRORS = re.compile(r"#N/A|#VALUE!|#REF!|#DIV/0!|#NAME\?|#NUM!|#NULL!")


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
        profile = os.path.join(tmp, "profile")
        pdfs = os.path.join(tmp, "pdf")
        subprocess.run(["soffice", "--headless", "--norestore", "--nolockcheck",
                        "-env:UserInstallation=file://" + profile, "--convert-to", "pdf",
                        "--outdir", pdfs] + books,
                       capture_output=True, timeout=900)
        for book in books:
            name = os.path.basename(book)[:-5]
            pdf = os.path.join(pdfs, name + ".pdf")
            if not os.path.exists(pdf):
                print(f"FAIL {name}: LibreOffice wrote no PDF")
                failed += 1
                continue
            text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                                  text=True, timeout=120).stdout
            found = sorted(set(ERRORS.findall(text)))
            if found or "Comparison of two scenarios" not in text:
                print(f"FAIL {name}: printed error values {found or 'none, but no title'}")
                failed += 1
                continue
            ok, summary = run_audit(book)
            print(f"{'ok' if ok else 'FAIL'} {name}: no error value printed; {summary}")
            failed += not ok
    print(f"compare_pdf: {len(PAIRS)} pairs, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
