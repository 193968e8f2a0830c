#!/usr/bin/python3
"""The recalculation service recalculates, shares, and survives its programs.

  test_recalc_service.py BUILD_DIR REPO_DIR

Starts a service of its own (recalc_service.py, one LibreOffice, a 10-second timeout)
with a Gnumeric that crashes once, and checks:
1. A workbook whose cached value is wrong comes back from LibreOffice and from Gnumeric
   with the value recalculated; printed without recalculation, LibreOffice keeps the
   cached value, as a fresh profile does.
2. The same bytes again are answered from the cache, byte for byte the same.
3. Gnumeric crashing (SIGSEGV) on a workbook is retried once, and the workbook comes
   back recalculated.
4. LibreOffice killed between two requests is restarted, and the next workbook comes
   back recalculated.
5. LibreOffice stopped (SIGSTOP), so that a request hangs, is killed after the timeout,
   restarted, and the workbook retried and recalculated.
6. A workbook cut short (its first 300 bytes) fails in both programs (after a retry each), nothing
   is cached, and the audit of it through the service fails.
7. A workbook's values read over UNO (load_values) are the values of the same workbook
   recalculated and saved as xlsx by LibreOffice, read by openpyxl: numbers, texts,
   dates, booleans, empty texts, error values and a defined name, on two sheets.
8. `stop` prints the counts, which match what happened.
Exit 0 when all hold; 1 otherwise.
"""
import os, signal, subprocess, sys, tempfile, time, zipfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import recalc_service  # noqa: E402
from recalc_audit import read_values  # noqa: E402

SERVICE = os.path.join(HERE, "recalc_service.py")
TIMEOUT = 10
problems = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        problems.append(what)


def write_book(path, a1):
    """A one-sheet workbook: A1 holds a1, A2 =A1*2 with the cached value 1 (wrong)."""
    ns = "http://schemas.openxmlformats.org/"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="' + ns +
                   'package/2006/content-types"><Default Extension="rels" ContentType='
                   '"application/vnd.openxmlformats-package.relationships+xml"/><Default '
                   'Extension="xml" ContentType="application/xml"/><Override PartName='
                   '"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                   'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName='
                   '"/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
                   'officedocument.spreadsheetml.worksheet+xml"/></Types>')
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="' + ns +
                   'package/2006/relationships"><Relationship Id="rId1" Type="' + ns +
                   'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
                   '</Relationships>')
        z.writestr("xl/workbook.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="' + ns +
                   'spreadsheetml/2006/main" xmlns:r="' + ns + 'officeDocument/2006/'
                   'relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets>'
                   '</workbook>')
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="' + ns +
                   'package/2006/relationships"><Relationship Id="rId1" Type="' + ns +
                   'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                   '</Relationships>')
        z.writestr("xl/worksheets/sheet1.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="' + ns +
                   f'spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>{a1}</v></c>'
                   '</row><row r="2"><c r="A2"><f>A1*2</f><v>1</v></c></row></sheetData>'
                   '</worksheet>')


def a2(path):
    return read_values(path)[("S", "A2")].value


def stats(root):
    return recalc_service.request(root, {"op": "stats"})["stats"]


def office_pids(root):
    return [p for p in recalc_service.request(root, {"op": "ping"})["libreoffice_pids"] if p]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory(prefix="recalc-service-") as tmp:
        root = os.path.join(tmp, "service")
        # A Gnumeric that crashes the first time it sees a workbook called crash*.xlsx.
        bindir = os.path.join(tmp, "bin")
        os.makedirs(bindir)
        fake = os.path.join(bindir, "ssconvert")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\nfor a; do case $a in */crash*.xlsx) [ -e "$a.seen" ] || '
                    '{ : > "$a.seen"; kill -SEGV $$; }; esac; done\n'
                    'exec /usr/bin/ssconvert "$@"\n')
        os.chmod(fake, 0o755)
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
        env.pop(recalc_service.ENV, None)
        p = subprocess.run(["/usr/bin/python3", SERVICE, "start", root, "--instances", "1",
                            "--timeout", str(TIMEOUT)], env=env, capture_output=True,
                           text=True, timeout=200)
        check(p.returncode == 0, f"the service starts: {p.stdout.strip()} {p.stderr.strip()}")
        if p.returncode != 0:
            return 1
        os.environ[recalc_service.ENV] = root
        try:
            run_checks(root, tmp)
        finally:
            p = subprocess.run(["/usr/bin/python3", SERVICE, "stop", root], capture_output=True,
                               text=True, timeout=200)
        print(p.stdout.rstrip())
        check(p.returncode == 0 and "libreoffice: 6 workbooks converted" in p.stdout
              and "gnumeric: 2 workbooks converted" in p.stdout
              and "restarts of LibreOffice: 4 (1 after a hang)" in p.stdout,
              "stop prints the counts: 6 and 2 workbooks converted, 4 restarts, 1 after a hang")
    print(f"{len(problems)} problems")
    return 1 if problems else 0


def run_checks(root, tmp):
    book = os.path.join(tmp, "book.xlsx")
    write_book(book, 21)
    lo = recalc_service.libreoffice([book], os.path.join(tmp, "lo"))[book][0]
    check(lo is not None and a2(lo) == 42, "LibreOffice recalculates A2 = A1*2 to 42")
    gn, _ = recalc_service.gnumeric(book, os.path.join(tmp, "gn.xlsx"))
    check(gn is not None and a2(gn) == 42, "Gnumeric recalculates A2 = A1*2 to 42")
    pdf = recalc_service.libreoffice([book], os.path.join(tmp, "pdf"), "pdf", recalc=False)[book][0]
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout \
        if pdf else ""
    check(pdf is not None and "21" in text.split() and "1" in text.split() and
          "42" not in text.split(), "printed without recalculation, A2 keeps its cached 1")

    again = recalc_service.libreoffice([book], os.path.join(tmp, "lo-again"))[book][0]
    with open(lo, "rb") as f, open(again, "rb") as g:
        same = f.read() == g.read()
    s = stats(root)
    check(same and s["shared"]["libreoffice"] == 1 and s["converted"]["libreoffice"] == 2,
          "the same bytes again: answered from the cache, the same bytes")

    crash = os.path.join(tmp, "crash.xlsx")
    write_book(crash, 5)
    gn, _ = recalc_service.gnumeric(crash, os.path.join(tmp, "gn-crash.xlsx"))
    check(gn is not None and a2(gn) == 10 and stats(root)["retried"]["gnumeric"] == 1,
          "Gnumeric crashing once: retried, and the workbook recalculated (10)")

    for pid in office_pids(root):
        os.killpg(pid, signal.SIGKILL)
    killed = os.path.join(tmp, "killed.xlsx")
    write_book(killed, 7)
    lo = recalc_service.libreoffice([killed], os.path.join(tmp, "lo-killed"))[killed][0]
    check(lo is not None and a2(lo) == 14 and stats(root)["restarts"] == 1,
          "LibreOffice killed: restarted, and the next workbook recalculated (14)")

    hung = os.path.join(tmp, "hung.xlsx")
    write_book(hung, 8)
    # Stopped before the request: the request hangs until the watchdog kills it.
    for pid in office_pids(root):
        os.killpg(pid, signal.SIGSTOP)
    t0 = time.monotonic()
    lo = recalc_service.libreoffice([hung], os.path.join(tmp, "lo-hung"))[hung][0]
    took = time.monotonic() - t0
    s = stats(root)
    check(lo is not None and a2(lo) == 16 and s["killed_hung"] == 1 and took >= TIMEOUT,
          f"LibreOffice stopped: killed after {TIMEOUT} s, restarted, the workbook retried and "
          f"recalculated (16, in {took:.0f} s)")

    # The first 300 bytes of a workbook: a zip archive cut short.
    junk = os.path.join(tmp, "junk.xlsx")
    with open(book, "rb") as f, open(junk, "wb") as g:
        g.write(f.read(300))
    lo, words = recalc_service.libreoffice([junk], os.path.join(tmp, "lo-junk"))[junk]
    gn, gwords = recalc_service.gnumeric(junk, os.path.join(tmp, "gn-junk.xlsx"))
    s = stats(root)
    check(lo is None and gn is None and words and gwords and s["failed"]["libreoffice"] == 1
          and s["failed"]["gnumeric"] == 1 and s["retried"]["libreoffice"] == 3
          and s["retried"]["gnumeric"] == 2,
          f"not a workbook: both programs fail after a retry ({words[:80]!r}; {gwords[:80]!r})")
    p = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "recalc_audit.py"), junk],
                       capture_output=True, text=True, timeout=300)
    check(p.returncode != 0, "its audit through the service fails")

    check_values(tmp)


def check_values(tmp):
    """Check 7: the values over UNO against LibreOffice's saved xlsx."""
    import openpyxl
    from openpyxl.workbook.defined_name import DefinedName
    from recalc_audit import comparable
    book = os.path.join(tmp, "values.xlsx")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "It's a sheet"
    formulas = ["=NA()", "=1/0", '="a"+1', "=SQRT(-1)", "=TRUE()", '=""', "=DATE(2026,1,1)",
                "=5", "=1.5", '="text"', "='Other'!B2*2"]
    for r, f in enumerate(formulas, 1):
        ws.cell(row=r, column=1, value=f)
    ws["C3"] = "typed"
    ws["D14"] = -0.25
    other = wb.create_sheet("Other")
    other["B2"] = 21
    wb.defined_names.append(DefinedName("TheCell", attr_text="'It''s a sheet'!$D$14"))
    wb.save(book)
    saved = recalc_service.libreoffice([book], os.path.join(tmp, "values-xlsx"))[book][0]
    got = recalc_service.libreoffice([book], os.path.join(tmp, "values"), "values")[book][0]
    if saved is None or got is None or not got.endswith(".json"):
        check(False, f"LibreOffice gives the workbook saved ({saved}) and its values ({got})")
        return
    want = openpyxl.load_workbook(saved, data_only=True)
    have = recalc_service.load_values(got)
    bad = []
    for ws in want.worksheets:
        for row in ws.iter_rows():
            for c in row:
                h = have[ws.title][c.coordinate]
                a, b = comparable(c.value), comparable(h.value)
                if (c.data_type == "e") != (h.data_type == "e") or (a != b and not (
                        a in (None, "") and b in (None, ""))):
                    bad.append(f"{ws.title}!{c.coordinate}: {c.value!r} against {h.value!r}")
    errors = sum(1 for ws in want.worksheets for row in ws.iter_rows() for c in row
                 if c.data_type == "e")
    names = list(have.defined_names["TheCell"].destinations)
    check(not bad and errors == 4 and have.sheetnames == want.sheetnames
          and have["Other"]["B2"].value == 21 and have["It's a sheet"]["A11"].value == 42
          and names == [("It's a sheet", "$D$14")],
          f"the values over UNO are LibreOffice's saved values ({errors} errors; "
          f"{names}; {bad[:3]})")


if __name__ == "__main__":
    sys.exit(main())
