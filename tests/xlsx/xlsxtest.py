"""Helpers of the workbook tests (tests/xlsx/*.py): the tco executable, the recalculation
audit (recalc_audit.py, beside this file) and a recalculation in LibreOffice."""
import os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
AUDIT = os.path.join(HERE, "recalc_audit.py")

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import recalc_audit  # noqa: E402


def tco_binary(build_dir):
    """The tco executable in a build directory."""
    path = os.path.join(os.path.abspath(build_dir), "tco")
    if not os.access(path, os.X_OK):
        raise SystemExit(f"no tco executable at {path}")
    return path


def run_audit(xlsx):
    """Run recalc_audit.py on a workbook; returns (ok, its summary line). When the audit
    fails, the lines of each program (its counts and first mismatches) follow."""
    p = subprocess.run(["/usr/bin/python3", AUDIT, xlsx], capture_output=True, text=True,
                       timeout=1800)
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    last = lines[-1] if lines else p.stderr.strip()[-300:]
    if p.returncode != 0:
        detail = [l.strip() for l in lines if l.lstrip().startswith(("libreoffice:", "gnumeric:"))]
        if not lines:
            detail.append(p.stderr.strip()[-600:])
        last = last + "\n    " + "\n    ".join(d[:600] for d in detail)
    return p.returncode == 0, last


def lo_recalc(src, outdir):
    """Recalculate a workbook in LibreOffice (forced to recalculate on load, as the audit
    does) and save it as xlsx under outdir; returns the new path."""
    os.makedirs(outdir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="lo-", dir=outdir)
    path, log, _ = recalc_audit.recalc_libreoffice(os.path.abspath(src), work)
    if path is None:
        raise SystemExit(f"LibreOffice could not recalculate {src}: {recalc_audit.tail(log)}")
    return path
