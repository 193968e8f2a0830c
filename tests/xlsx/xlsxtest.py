"""Helpers shared by the workbook tests (tests/xlsx/*.py)."""
import os, subprocess


def tco_binary(build_dir):
    """The tco executable in a build directory."""
    path = os.path.join(os.path.abspath(build_dir), "tco")
    if not os.access(path, os.X_OK):
        raise SystemExit(f"no tco executable at {path}")
    return path


def audit_tool(repo):
    """../shared/tools/xlsx_audit.py beside the repository, or $XLSX_AUDIT."""
    env = os.environ.get("XLSX_AUDIT")
    candidates = [env] if env else []
    candidates += [os.path.join(os.path.dirname(os.path.abspath(repo)), "shared", "tools",
                                "xlsx_audit.py")]
    for c in candidates:
        if c and os.path.exists(c):
            return c
    raise SystemExit("xlsx_audit.py not found (set XLSX_AUDIT)")


def run_audit(tool, xlsx):
    """Run the audit tool; returns (ok, its last line)."""
    p = subprocess.run(["/usr/bin/python3", tool, xlsx], capture_output=True, text=True,
                       timeout=900)
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    last = lines[-1] if lines else p.stderr.strip()[-300:]
    if p.returncode != 0:
        detail = [l for l in lines if l.startswith(("libreoffice:", "gnumeric:"))]
        last = last + "\n    " + "\n    ".join(d[:600] for d in detail)
    return p.returncode == 0, last


def lo_recalc(src, outdir):
    """Recalculate a workbook in LibreOffice (forced to recalculate on load) and save it
    as xlsx in outdir; returns the new path."""
    prof = os.path.join(outdir, "loprof")
    user = os.path.join(prof, "user")
    os.makedirs(user, exist_ok=True)
    with open(os.path.join(user, "registrymodifications.xcu"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<oor:items '
                'xmlns:oor="http://openoffice.org/2001/registry" '
                'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
                'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
                '<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop '
                'oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>\n'
                '<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop '
                'oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>\n'
                '</oor:items>\n')
    out = os.path.join(outdir, "recalc")
    os.makedirs(out, exist_ok=True)
    subprocess.run(["soffice", "--headless", "--norestore", "-env:UserInstallation=file://" + prof,
                    "--convert-to", "xlsx", "--outdir", out, src],
                   capture_output=True, timeout=300)
    p = os.path.join(out, os.path.basename(src))
    if not os.path.exists(p):
        raise SystemExit(f"LibreOffice could not recalculate {src}")
    return p
