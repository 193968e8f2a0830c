"""Helpers of the workbook tests (tests/xlsx/*.py): the tco executable, the recalculation
audit (recalc_audit.py, beside this file), a recalculation in LibreOffice, the shipped
scenarios and printing workbooks to PDF."""
import fcntl, glob, json, os, re, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
AUDIT = os.path.join(HERE, "recalc_audit.py")

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import recalc_audit  # noqa: E402
import recalc_service  # noqa: E402


def tco_binary(build_dir):
    """The tco executable in a build directory."""
    path = os.path.join(os.path.abspath(build_dir), "tco")
    if not os.access(path, os.X_OK):
        raise SystemExit(f"no tco executable at {path}")
    return path


def run_audit(xlsx):
    """Run recalc_audit.py on a workbook; returns (ok, its summary line). When the audit
    fails, the lines of each program (its counts and first mismatches) follow.

    In a test run with the recalculation service (recalc_service.py), a workbook's bytes
    are audited once: the audit is kept in the service's directory under the SHA-256 of
    the bytes, and a test that audits the same bytes again reads it there (waiting, under
    a lock, while another test runs it)."""
    shared = recalc_service.service_dir()
    if not shared:
        return audit_now(xlsx)
    digest = recalc_service.content_key(xlsx)
    audits = os.path.join(shared, "audits")
    os.makedirs(audits, exist_ok=True)
    kept = os.path.join(audits, digest + ".json")
    with open(kept + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        shared = os.path.exists(kept)
        with open(os.path.join(audits, "requests.log"), "a", encoding="utf-8") as f:
            f.write(("shared " if shared else "audited ") + digest + "\n")
        if shared:
            with open(kept, encoding="utf-8") as f:
                return tuple(json.load(f))
        result = audit_now(xlsx)
        with open(kept + ".tmp", "w", encoding="utf-8") as f:
            json.dump(result, f)
        os.replace(kept + ".tmp", kept)
    return result


def written_and_audited(tco, ini, book, bad):
    """Write tco's workbook of ini to book and audit it: recalculated clean by both
    programs (run_audit) and in the FAST conventions (fast_audit.py: one formula a
    row, no month tests, no upward or rightward references); each failure into bad."""
    subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True, timeout=120)
    ok, line = run_audit(book)
    print("audit:", line)
    if not ok:
        bad.append("the workbook does not audit clean")
    fast = subprocess.run([sys.executable, os.path.join(HERE, "fast_audit.py"), book],
                          capture_output=True, text=True, timeout=300)
    print(fast.stdout.strip())
    if fast.returncode != 0:
        bad.append("the workbook breaks the FAST conventions: " + fast.stdout[-300:])


def imported_alike(tco, edited, ini, mod, tmp, bad):
    """LibreOffice saves the edited workbook as a user would, and `tco import` of it
    against the scenario ini writes exactly the scenario edited alike (the file mod);
    a failure into bad."""
    lo_book, words = recalc_service.libreoffice([edited], os.path.join(tmp, "lo2"))[edited]
    if lo_book is None:
        bad.append(f"LibreOffice did not save the book ({str(words)[-200:]})")
        return
    new_ini = os.path.join(tmp, "imported.ini")
    p = subprocess.run([tco, "import", lo_book, "--scenario", ini, "-o", new_ini],
                       capture_output=True, text=True, timeout=120)
    got = open(new_ini, encoding="utf-8").read() if os.path.exists(new_ini) else ""
    with open(mod, encoding="utf-8") as f:
        if got != f.read():
            bad.append(f"import (exit {p.returncode}): {got!r} is not the scenario "
                       f"edited alike ({p.stderr.strip()[:300]})")


def audit_now(xlsx):
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


# A recalculated workbook's values, as openpyxl reads them with data_only=True.
load_values = recalc_service.load_values


def lo_recalc(src, outdir):
    """Recalculate a workbook in LibreOffice (forced to recalculate on load, as the audit
    does); returns the path of its values under outdir, which load_values reads."""
    os.makedirs(outdir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="lo-", dir=outdir)
    path, log, _ = recalc_audit.recalc_libreoffice(os.path.abspath(src), work)
    if path is None:
        raise SystemExit(f"LibreOffice could not recalculate {src}: {recalc_audit.tail(log)}")
    return path


def recalculated(edited, tmp, bad):
    """[(program, the path of its values)] of the edited workbook recalculated by
    LibreOffice and by Gnumeric, under tmp (load_values reads each); a program that did
    not recalculate is a failure in bad and left out."""
    name = os.path.splitext(os.path.basename(edited))[0]
    lo = lo_recalc(edited, os.path.join(tmp, f"lo-{name}"))
    gn, words = recalc_service.gnumeric(edited, os.path.join(tmp, f"gnumeric-{name}.xlsx"))
    if gn is None:
        bad.append(f"Gnumeric did not recalculate {name} ({str(words)[-200:]})")
    return [(who, path) for who, path in (("LibreOffice", lo), ("Gnumeric", gn)) if path]


# Error values a spreadsheet program prints in a cell.
ERRORS = re.compile(r"#N/A|#VALUE!|#REF!|#DIV/0!|#NAME\?|#NUM!|#NULL!")

# A zero, as any number format prints it: a currency before it (a symbol, or an ISO
# code and a space), decimals of zeros, a percent sign or percentage points after it;
# not followed by another digit (-0.05 is not a zero).
_CUR = r"(?:[$\u00a5\u20ac\u00a3]|[A-Z]{3} )?"
_ZERO = _CUR + r"0(?:[.,]0+)?(?![0-9]|[.,][0-9])%?(?: pp)?"
# A minus sign (ASCII or U+2212) not inside a word or number (H100-0, 2026-01), or
# brackets round the whole zero.
NEG_ZERO = re.compile(r"(?<![\w.,)\]/])[-\u2212]" + _ZERO + r"|\(" + _ZERO + r"\)")


def printed_faults(pages):
    """What the pages print that a finished report must not: a list of strings."""
    faults = []
    for n, page in enumerate(pages, 1):
        errors = sorted(set(ERRORS.findall(page)))
        if errors:
            faults.append(f"page {n}: error values {errors}")
        zeros = sorted(set(m.group(0) for m in NEG_ZERO.finditer(page)))
        if zeros:
            faults.append(f"page {n}: negative zeros {zeros}")
        if not page.strip():
            faults.append(f"page {n}: prints nothing")
    if not pages:
        faults.append("no page")
    return faults


def general_numbers(book):
    """The cells holding a number with the General format: a list of 'Sheet!A1'."""
    import openpyxl  # only this check needs it
    wb = openpyxl.load_workbook(book, data_only=True)  # formulas read as their cached values
    found = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                v = cell.value
                if (isinstance(v, (int, float)) and not isinstance(v, bool)
                        and cell.number_format == "General"):
                    found.append(f"{ws.title}!{cell.coordinate}={v!r}")
    return found


def split_part(argv):
    """argv without a trailing `--part K/N`, and (K, N): (1, 1) without it. CTest runs the
    N parts of a test as N tests, side by side."""
    if len(argv) >= 2 and argv[-2] == "--part":
        k, n = (int(x) for x in argv[-1].split("/"))
        if not 1 <= k <= n:
            raise SystemExit(f"--part {argv[-1]}: K must be from 1 to N")
        return argv[:-2], (k, n)
    return argv, (1, 1)


def part_of(items, part):
    """The items of part (K, N): those at positions K-1, K-1+N, K-1+2N, ..."""
    k, n = part
    return items[k - 1::n]


def shipped_scenarios(repo, extra=()):
    """The shipped scenarios: every INI under config/, examples/ (and its folders) and
    tests/data/e2e/, then the paths of extra (relative to repo)."""
    inis = []
    for d in ("config", "examples", os.path.join("examples", "*"),
              os.path.join("tests", "data", "e2e")):
        inis += sorted(glob.glob(os.path.join(repo, d, "*.ini")))
    return inis + [os.path.join(repo, p) for p in extra]


def render_pdfs(books, outdir, timeout=1500):
    """Print workbooks to PDF with LibreOffice, as they were saved (no recalculation on
    load), into outdir/pdf: through the test run's service, or in one LibreOffice run
    with a fresh profile; returns {workbook: PDF path, or None when LibreOffice wrote
    none}."""
    got = recalc_service.libreoffice(list(books), os.path.join(outdir, "pdf"), "pdf",
                                     recalc=False, timeout=timeout)
    return {book: path for book, (path, _) in got.items()}


def pdf_pages(pdf):
    """The text of each page of a PDF, as `pdftotext -layout` reads it."""
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                          text=True, timeout=120).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # the form feed after the last page
    return pages


_LABELS = {}


def words(spelled, repo=os.path.join(HERE, "..", "..")):
    """An input as the analysis sheets name it, in words: the Inputs label of its key in
    templates/default.xml ("input.SECTION.NAME"), after the option's id or the named
    site ("site NAME: ") that the spelling names ("OPTION.KEY", "site.NAME.KEY")."""
    if not _LABELS:
        tree = ET.parse(os.path.join(repo, "templates", "default.xml"))
        for el in tree.iter():
            if el.tag.endswith("label") and el.get("key"):
                _LABELS[el.get("key")] = el.text or ""
    prefix, _, name = spelled.rpartition(".")
    # A name without an option's id is a key of the scenario when it has one (tco reads
    # `utilization` as [workload]'s), else of every option.
    option = prefix not in ("", "site", "scenario", "workload") and \
        not prefix.startswith("site.")
    found = {k.split(".")[1]: v for k, v in _LABELS.items()
             if re.fullmatch(r"input\.[a-z]+\." + re.escape(name), k)}
    label = found.get("option") if option else \
        next((v for sec, v in found.items() if sec != "option"), found.get("option"))
    if label is None:
        return spelled
    if prefix in ("", "site", "scenario", "workload"):
        return label
    if prefix.startswith("site."):
        return f"site {prefix[5:]}: {label}"
    return f"{prefix}: {label}"
