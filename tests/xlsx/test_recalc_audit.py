#!/usr/bin/python3
"""The recalculation audit catches a wrong cached value.

  test_recalc_audit.py BUILD_DIR REPO_DIR

1. The comparison alone: numbers within and beyond the tolerance, text, empty cells,
   booleans, dates and error values.
2. A small workbook written here (its XML by hand, so that the cached values are
   exactly what the test says): with every cached value right the audit passes; with
   four planted wrong values (a number, a number off by 5e-9 relative, a text and an
   error value) it fails and names exactly those four cells, in LibreOffice and in
   Gnumeric; and when a program cannot recalculate (an ssconvert that fails), the
   audit fails.
3. The seed scenario's workbook written by tco, with one cached value of the Summary
   changed in its XML: the audit fails and names that cell in both programs.
4. A file that is not a workbook: exit status 2.
Exit 0 when all hold; 1 otherwise.
"""
import datetime, os, re, subprocess, sys, tempfile, zipfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import AUDIT, tco_binary  # noqa: E402
from recalc_audit import Cell, agree  # noqa: E402
import recalc_service  # noqa: E402

problems = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        problems.append(what)


def test_agree():
    def num(v):
        return Cell(v, "n")

    def text(v):
        return Cell(v, "s")

    def err(v):
        return Cell(v, "e")

    rel, floor = 1e-9, 1e-6
    cases = [
        (num(100.0), num(100.0), True, "equal numbers"),
        (num(1e6), num(1e6 * (1 + 5e-10)), True, "within 1e-9 relative"),
        (num(1e6), num(1e6 * (1 + 5e-9)), False, "beyond 1e-9 relative"),
        (num(0.0), num(1e-12), True, "within the absolute floor"),
        (num(0.0), num(1e-3), False, "beyond the absolute floor"),
        (text("n/a"), text("n/a"), True, "equal texts"),
        (text("n/a"), text("N/A"), False, "texts differ in case"),
        (text("5"), num(5), False, "a text against a number"),
        (text(""), None, True, "an empty text against an empty cell"),
        (num(0), None, False, "a number against an empty cell"),
        (Cell(True, "b"), num(1), True, "TRUE against 1"),
        (Cell(False, "b"), num(1), False, "FALSE against 1"),
        (Cell(datetime.datetime(2026, 1, 1), "d"), num(46023), True, "a date against its serial"),
        (text("#N/A"), err("#N/A"), True, "#N/A cached and recalculated (NA() on purpose)"),
        (err("#DIV/0!"), err("#DIV/0!"), False, "#DIV/0! in both is still an error"),
        (num(1), err("#VALUE!"), False, "a number recalculated as an error"),
        (err("#N/A"), num(0), False, "#N/A cached, a number recalculated"),
    ]
    for a, b, want, what in cases:
        check(agree(a, b, rel, floor) == want, f"compare: {what}")


CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
</Types>
"""
ROOT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>
"""
WORKBOOK = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets>
</workbook>
"""
WORKBOOK_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
</Relationships>
"""

# (cell, formula or None, type of the cached value, right cached value, planted wrong one)
CELLS = [
    ("A1", None, "n", "2", None),
    ("A2", None, "n", "3", None),
    ("A3", "A1+A2", "n", "5", "6"),
    ("A4", "A1*1000000+0.5", "n", "2000000.5", "2000000.51"),  # 5e-9 relative
    ("A5", "A1/A2", "n", repr(2 / 3), None),
    ("A6", 'A1&" GPUs"', "str", "2 GPUs", "2 GPU"),
    ("A7", "NA()", "e", "#N/A", None),
    ("A8", "A1>A2", "b", "0", None),
    ("A9", 'IF(A1>A2,"more","")', "str", "", None),
    ("A10", "IF(A2=3,0,A1/(A2-3))", "n", "0", None),  # A2-3 is 0: the IF guards
    ("A11", "1/(A2-3)", "e", "#DIV/0!", "#DIV/0!"),  # an error, even when cached so
]
PLANTED = ["Data!A3", "Data!A4", "Data!A6", "Data!A11"]


def write_book(path, wrong):
    rows = []
    for ref, formula, kind, right, bad in CELLS:
        value = bad if wrong and bad is not None else right
        if ref == "A11" and not wrong:
            continue  # the clean workbook has no error cell
        t = "" if kind == "n" else f' t="{kind}"'
        f = f"<f>{formula.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</f>" \
            if formula else ""
        rows.append(f'<row r="{ref[1:]}"><c r="{ref}"{t}>{f}<v>{value}</v></c></row>')
    sheet = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             f'<sheetData>{"".join(rows)}</sheetData></worksheet>\n')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", ROOT_RELS)
        z.writestr("xl/workbook.xml", WORKBOOK)
        z.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_RELS)
        z.writestr("xl/worksheets/sheet1.xml", sheet)


def audit(path, env=None):
    p = subprocess.run(["/usr/bin/python3", AUDIT, path], capture_output=True, text=True,
                       timeout=1800, env=env)
    for line in p.stdout.splitlines():
        print("     | " + line)
    if p.stderr.strip():
        print("     | stderr: " + p.stderr.strip()[-500:])
    return p.returncode, p.stdout


def named(out, program, cells):
    """The cells the audit names as mismatches of one program."""
    found = set()
    for line in out.splitlines():
        m = re.match(rf"\s+{program}: (\S+!\S+) ", line)
        if m:
            found.add(m.group(1))
    return found == set(cells)


def test_small_book(tmp):
    good = os.path.join(tmp, "good.xlsx")
    write_book(good, wrong=False)
    rc, out = audit(good)
    check(rc == 0 and "audit: OK formulas=8 " in out and "lo_mismatch=0 gnumeric_mismatch=0" in out,
          "a small workbook with right cached values passes")

    bad = os.path.join(tmp, "bad.xlsx")
    write_book(bad, wrong=True)
    rc, out = audit(bad)
    n = len(PLANTED)
    check(rc == 1 and "audit: FAIL formulas=9 " in out
          and f"lo_mismatch={n} gnumeric_mismatch={n}" in out,
          f"the same workbook with {n} wrong cached values fails with {n} mismatches in each program")
    for program in ("libreoffice", "gnumeric"):
        check(named(out, program, PLANTED), f"{program}: the mismatches are {', '.join(PLANTED)}")

    # A program that cannot recalculate fails the audit: here an ssconvert that exits 1.
    bindir = os.path.join(tmp, "bin")
    os.makedirs(bindir)
    fake = os.path.join(bindir, "ssconvert")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\necho 'ssconvert: cannot open the file' >&2\nexit 1\n")
    os.chmod(fake, 0o755)
    # The audit runs the programs itself here, not through the test run's service.
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    env.pop(recalc_service.ENV, None)
    rc, out = audit(good, env)
    check(rc == 1 and "lo_mismatch=0 gnumeric_mismatch=n/a" in out
          and "gnumeric: could not recalculate" in out,
          "a program that cannot recalculate fails the audit")


def test_tco_book(build, repo, tmp):
    tco = tco_binary(build)
    book = os.path.join(tmp, "seed.xlsx")
    subprocess.run([tco, "report", os.path.join(repo, "config", "seed-2026.ini"), "-o", book],
                   check=True)
    with zipfile.ZipFile(book) as z:
        names = z.namelist()
        wb = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        rid = re.search(r'<sheet name="Summary" sheetId="\d+" r:id="(rId\d+)"', wb).group(1)
        target = re.search(rf'Id="{rid}" Type="[^"]+" Target="([^"]+)"', rels).group(1)
        part = "xl/" + target.lstrip("/").replace("xl/", "", 1)
        xml = z.read(part).decode()
        parts = {n: z.read(n) for n in names}
    # The first formula of the Summary whose cached value is a number other than 0.
    m = next(m for m in re.finditer(r'<c r="([A-Z]+[0-9]+)"[^>]*><f>[^<]+</f><v>([-0-9.eE+]+)</v>',
                                    xml) if float(m.group(2)) != 0)
    cell, value = m.group(1), float(m.group(2))
    wrong = value * 1.001
    parts[part] = (xml[:m.start(2)] + repr(wrong) + xml[m.end(2):]).encode()
    changed = os.path.join(tmp, "seed-changed.xlsx")
    with zipfile.ZipFile(changed, "w", zipfile.ZIP_DEFLATED) as z:
        for n in names:
            z.writestr(n, parts[n])
    print(f"     Summary!{cell}: cached {value!r} changed to {wrong!r}")
    rc, out = audit(changed)
    check(rc == 1 and "lo_mismatch=1 gnumeric_mismatch=1" in out,
          "the seed workbook with one wrong cached value fails with 1 mismatch in each program")
    for program in ("libreoffice", "gnumeric"):
        check(named(out, program, [f"Summary!{cell}"]), f"{program}: the mismatch is Summary!{cell}")


def test_not_a_book(tmp):
    path = os.path.join(tmp, "not.xlsx")
    with open(path, "w") as f:
        f.write("not a workbook\n")
    rc, _ = audit(path)
    check(rc == 2, "a file that is not a workbook: exit 2")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, repo = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    test_agree()
    with tempfile.TemporaryDirectory() as tmp:
        test_small_book(tmp)
        test_tco_book(build, repo, tmp)
        test_not_a_book(tmp)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
