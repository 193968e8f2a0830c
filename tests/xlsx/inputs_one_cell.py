#!/usr/bin/python3
"""Each assumption in one input cell, each input cell validated (docs/WORKBOOK.md, Inputs).

  inputs_one_cell.py BUILD_DIR REPO_DIR

For the workbook of every shipped scenario, counted by scripts/count_inputs.py: as many
input cells (constants styled as inputs on Inputs) as assumptions (a key and the INI line,
catalog entry or default it comes from), so that no value is copied into a second input
cell (an inherited value links to its base's cell, a catalog value to its Catalog row);
and every input cell carries a data validation with an input message. Exit 0 when all
hold; 1 otherwise.
"""
import os, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import shipped_scenarios, tco_binary  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    sys.path.insert(0, os.path.join(repo, "scripts"))
    from count_inputs import count  # noqa: E402
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ini in shipped_scenarios(repo):
            book = os.path.join(tmp, "book.xlsx")
            subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True,
                           stderr=subprocess.DEVNULL)
            cells, assumptions, bare = count(book)
            ok = cells == assumptions and not bare
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {os.path.relpath(ini, repo)}: {cells} input "
                  f"cells, {assumptions} assumptions; without a validation: {bare[:5]}")
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
