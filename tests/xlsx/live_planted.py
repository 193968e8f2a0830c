#!/usr/bin/python3
"""A live-edit test fails on a planted mismatch.

  live_planted.py BUILD_DIR REPO_DIR

Runs live_model.py (beside this file) with a tco that writes every workbook with one
formula changed: the electricity price row of the first sheet that reads ElectricityPrice
(every month's formula) is multiplied by 1.01, its cached values left as the engine's. Once the inputs are edited and LibreOffice
recalculates, that option's figures differ from the engine's for the edited INI, and
live_model.py must fail and name them. Exit 0 when it does; 1 otherwise.
"""
import os, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from xlsxtest import tco_binary  # noqa: E402

# The tco of the fake build directory: the real one, then the formula changed in place.
PLANTING_TCO = '''#!/usr/bin/python3
import os, subprocess, sys, zipfile
p = subprocess.run([{real!r}] + sys.argv[1:])
book = sys.argv[sys.argv.index("-o") + 1] if "-o" in sys.argv[:-1] else ""
if p.returncode or not book.endswith(".xlsx"):
    sys.exit(p.returncode)
with zipfile.ZipFile(book) as z:
    parts = [(i, z.read(i.filename)) for i in z.infolist()]
planted = False
with zipfile.ZipFile(book + ".tmp", "w", zipfile.ZIP_DEFLATED) as z:
    for info, data in parts:
        if not planted and info.filename.startswith("xl/worksheets/") and \\
                b"<f>ElectricityPrice*" in data:
            data = data.replace(b"<f>ElectricityPrice*", b"<f>1.01*ElectricityPrice*")
            planted = True
        z.writestr(info, data)
os.replace(book + ".tmp", book)
sys.exit(0 if planted else 3)
'''


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="live-planted-") as fake:
        path = os.path.join(fake, "tco")
        with open(path, "w") as f:
            f.write(PLANTING_TCO.format(real=tco))
        os.chmod(path, 0o755)
        p = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "live_model.py"), fake, repo],
                           capture_output=True, text=True, timeout=900)
    out = p.stdout + p.stderr
    mismatches = [l for l in out.splitlines() if l.startswith("MISMATCH")]
    for line in mismatches[:5]:
        print("  " + line)
    ok = p.returncode == 1 and bool(mismatches)
    print(f"live_model.py with a planted formula: exit {p.returncode}, "
          f"{len(mismatches)} mismatches named: {'ok' if ok else 'FAIL'}")
    if not ok:
        print(out[-2000:])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
