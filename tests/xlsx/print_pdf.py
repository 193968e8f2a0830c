#!/usr/bin/python3
"""Print the workbook of every shipped scenario to PDF and read what it prints.

  print_pdf.py BUILD_DIR REPO_DIR

Writes the workbook of every INI under config/, examples/ (and its folders) and
tests/data/e2e/, and of tests/data/one-option.ini, tests/data/analysis.ini and
tests/data/plans.ini, renders them all to PDF in one LibreOffice run (`soffice
--headless --convert-to pdf`, a fresh profile) and reads each PDF with `pdftotext -layout`. A workbook
fails when a page prints:
  - an error value (#N/A, #VALUE!, #REF!, #DIV/0!, #NAME?, #NUM!, #NULL!);
  - a negative zero: a minus sign or brackets around a zero, with or without a
    currency, decimals, a percent sign or " pp" (($0), -$0, -¥0, -0, (0), -0.0%);
  - nothing at all;
or when, read with openpyxl, a cell holding a number (a constant, or a formula whose
cached value is a number) has the General number format. Exit 0 on success, 1 on
any failure.
"""
import os, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (general_numbers, pdf_pages, printed_faults, render_pdfs,  # noqa: E402
                      shipped_scenarios, tco_binary)

EXTRA = [os.path.join("tests", "data", "one-option.ini"),
         os.path.join("tests", "data", "analysis.ini"),
         os.path.join("tests", "data", "plans.ini")]

def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    env = dict(os.environ, TCO_DATA_DIR=repo, SOURCE_DATE_EPOCH="0")
    inis = shipped_scenarios(repo, EXTRA)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        books = {}
        for ini in inis:
            name = os.path.relpath(ini, repo)
            out = os.path.join(tmp, name[:-4].replace(os.sep, "-") + ".xlsx")
            p = subprocess.run([tco, "report", ini, "-o", out, "-q"], capture_output=True,
                               text=True, env=env, timeout=300)
            if p.returncode != 0:
                print(f"FAIL {name}: tco exited {p.returncode}: {p.stderr.strip()}")
                failed += 1
            else:
                books[out] = name
        pdfs = render_pdfs(list(books), tmp)
        for book, name in books.items():
            faults = []
            if pdfs[book]:
                faults += printed_faults(pdf_pages(pdfs[book]))
            else:
                faults.append("LibreOffice wrote no PDF")
            general = general_numbers(book)
            if general:
                faults.append(f"{len(general)} numbers with the General format: "
                              + ", ".join(general[:8]))
            if faults:
                print(f"FAIL {name}:\n    " + "\n    ".join(f[:600] for f in faults))
                failed += 1
            else:
                print(f"ok   {name}: {len(pdf_pages(pdfs[book]))} pages")
    print(f"print_pdf: {len(inis)} scenarios, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
