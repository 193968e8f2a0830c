#!/usr/bin/python3
"""The spreadsheet programs of a whole test run, started once: the recalculation service.

  recalc_service.py start DIR [--instances N] [--timeout S]
  recalc_service.py stop DIR
  recalc_service.py serve DIR [--instances N] [--timeout S]

A workbook test needs a workbook recalculated by LibreOffice and by Gnumeric, or printed
to PDF by LibreOffice. Started afresh for each workbook, LibreOffice spends most of its
time starting; this service starts it once for a run of the tests (the CTest fixture
`recalc`, docs/TESTING.md) and keeps it, driven over UNO, with a profile of its own.

- `start` runs `serve` in the background and returns once the service answers; an earlier
  service on DIR is stopped first. The service leaves by itself after an hour unused.
- `serve` listens on the Unix socket DIR/sock. It keeps N LibreOffice processes (one
  workbook at a time each; N is 2, or 1 on one core) and runs Gnumeric's `ssconvert`, one
  process a workbook, as many at once as there are cores.
- `stop` stops it and prints what it did: the workbooks converted by each program, the
  requests answered from the cache, the restarts and the retries (also in DIR/stats.json),
  and the audits run and shared (xlsxtest.run_audit keeps them in DIR/audits).

Each conversion is keyed by the SHA-256 of the workbook's bytes, the program, the format
and whether LibreOffice recalculates on load: a workbook that two tests need is converted
once, and the second test gets a copy of the first one's result. LibreOffice recalculates
on load when asked (OOXMLRecalcMode 0, as recalc_audit.py's fresh profile sets it), and
loads as a fresh profile would otherwise (the default, never), set before each load.

A program that crashes, or takes longer than the timeout (--timeout, 900 s) and is
killed, is restarted and the workbook retried once; a second failure is an answer with
"ok": false and the program's words, which fails the test that asked. Nothing is cached
from a failure.

Tests reach the service through the environment variable TCO_RECALC_SERVICE (DIR), set by
CTest: convert() below. Without it, recalc_audit.py and the tests start the programs
themselves, as a developer running one by hand would.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import queue
import shutil
import signal
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

ENV = "TCO_RECALC_SERVICE"
# The seconds a program may take over one workbook before it is killed (the large test
# workbook takes about a minute in LibreOffice).
TIMEOUT = 900
# The seconds the service waits unused before it leaves by itself.
IDLE = 3600
# The seconds `start` waits for the service to answer.
START_WAIT = 120
# LibreOffice's export filter of each format it saves; "values" is no file LibreOffice
# saves but each sheet's values, read over UNO and written as JSON (write_values).
FILTERS = {"xlsx": "Calc MS Excel 2007 XML", "pdf": "calc_pdf_Export"}
FORMATS = tuple(FILTERS) + ("values",)
PROGRAMS = ("libreoffice", "gnumeric")
# The recalculation on load of xlsx files: always (0) or LibreOffice's default, never (1).
RECALC_ALWAYS, RECALC_NEVER = 0, 1
# A profile's settings that recalculate xlsx (OOXML) and ods (ODF) files on load, always.
RECALC_REGISTRY = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
           xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


# ===== The client =====

def service_dir():
    """The directory of the service this test run uses, or None."""
    return os.environ.get(ENV) or None


def request(directory, message, timeout=TIMEOUT * 2 + 60):
    """Send one request to the service in directory; its answer, a dictionary. Raises
    OSError when the service does not answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(os.path.join(directory, "sock"))
        s.sendall(json.dumps(message).encode() + b"\n")
        data = b""
        while not data.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    if not data:
        raise OSError("the recalculation service closed the connection without an answer")
    return json.loads(data)


def content_key(path):
    """The SHA-256 of a file's bytes, in hex: what the service keeps a conversion under,
    and xlsxtest.run_audit an audit."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def convert(program, src, out, fmt="xlsx", recalc=True):
    """Have the service convert the workbook src with program into out (xlsx, pdf or, with
    LibreOffice, values; with LibreOffice, recalculated on load or not). Returns (ok,
    words): words are the program's own when it failed."""
    directory = service_dir()
    try:
        answer = request(directory, {"op": "convert", "program": program,
                                     "src": os.path.abspath(src), "out": os.path.abspath(out),
                                     "format": fmt, "recalc": recalc})
    except (OSError, ValueError) as e:
        return False, f"the recalculation service in {directory} did not answer: {e}"
    return answer.get("ok", False), answer.get("log", "")


def libreoffice(books, outdir, fmt="xlsx", recalc=True, timeout=TIMEOUT):
    """Each workbook of books converted by LibreOffice to fmt in outdir, named as
    `--convert-to` names it, recalculated on load or not: {book: (path or None, words)}.
    Through the service when one runs; otherwise one `soffice --convert-to` over them all,
    with a fresh profile. The values (fmt "values", a BOOK.json that load_values reads)
    come from the service alone: without it, they are the workbook saved as xlsx, which
    load_values reads too."""
    os.makedirs(outdir, exist_ok=True)
    if fmt == "values" and not service_dir():
        fmt = "xlsx"
    ext = "json" if fmt == "values" else fmt
    outs = {b: os.path.join(outdir, os.path.splitext(os.path.basename(b))[0] + "." + ext)
            for b in books}
    if service_dir():
        with cf.ThreadPoolExecutor(max_workers=4) as pool:
            got = dict(zip(books, pool.map(lambda b: convert("libreoffice", b, outs[b], fmt,
                                                             recalc), books)))
    else:
        ok, words = run_soffice(books, outdir, fmt, recalc, timeout)
        got = {b: (ok, words) for b in books}
    return {b: ((outs[b] if ok and os.path.exists(outs[b]) else None), words)
            for b, (ok, words) in got.items()}


def gnumeric(src, out, timeout=TIMEOUT):
    """The workbook src recalculated by Gnumeric and saved as xlsx at out: (out or None,
    words). Through the service when one runs."""
    if service_dir():
        ok, words = convert("gnumeric", src, out)
    else:
        ok, words = run_ssconvert(src, out, timeout)
    return (out if ok and os.path.exists(out) else None), words


# ===== The programs =====

def pv(name, value):
    import uno  # noqa: F401 (the bridge must be loaded before its types)
    from com.sun.star.beans import PropertyValue
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


class Office:
    """One LibreOffice process with a profile of its own, driven over a UNO pipe."""

    def __init__(self, root, n):
        self.profile = os.path.join(root, f"lo-profile-{n}")
        self.pipe = f"tco-recalc-{os.getpid()}-{n}"
        self.log = os.path.join(root, f"lo-{n}.log")
        # Its temporary files (a lu*.tmp directory a process), which a killed
        # LibreOffice would otherwise leave in /tmp; removed with the process.
        self.tmp = os.path.join(root, f"lo-tmp-{n}")
        self.proc = None
        self.desktop = None
        self.config = None

    def start(self):
        import uno
        os.makedirs(self.profile, exist_ok=True)
        os.makedirs(self.tmp, exist_ok=True)
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                ["soffice", "--headless", "--invisible", "--nologo", "--norestore",
                 "--nolockcheck", "--nodefault",
                 "-env:UserInstallation=file://" + self.profile,
                 f"--accept=pipe,name={self.pipe};urp;StarOffice.ComponentContext"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
                env=dict(os.environ, TMPDIR=self.tmp))
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + START_WAIT
        while True:
            try:
                ctx = resolver.resolve(
                    f"uno:pipe,name={self.pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    raise RuntimeError(f"LibreOffice did not start (see {self.log})")
                time.sleep(0.1)
        smgr = ctx.ServiceManager
        self.desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        provider = smgr.createInstanceWithContext(
            "com.sun.star.configuration.ConfigurationProvider", ctx)
        self.config = provider.createInstanceWithArguments(
            "com.sun.star.configuration.ConfigurationUpdateAccess",
            (pv("nodepath", "/org.openoffice.Office.Calc/Formula/Load"),))

    def kill(self):
        """Kill the process and everything it started."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
            self.proc.wait()
        self.desktop = self.config = None
        shutil.rmtree(self.tmp, ignore_errors=True)
        # The socket of its pipe, which LibreOffice makes in /tmp whatever TMPDIR says.
        try:
            os.unlink(f"/tmp/OSL_PIPE_{os.getuid()}_{self.pipe}")
        except OSError:
            pass

    def stop(self):
        if self.desktop is not None:
            try:
                self.desktop.terminate()
                self.proc.wait(timeout=30)
            except Exception:
                pass
        self.kill()

    def pid(self):
        return self.proc.pid if self.proc is not None and self.proc.poll() is None else None

    def convert(self, src, out, fmt, recalc):
        """Load src (recalculated on load or not), store it as fmt at out."""
        import uno
        mode = RECALC_ALWAYS if recalc else RECALC_NEVER
        for key in ("OOXMLRecalcMode", "ODFRecalcMode"):
            self.config.setPropertyValue(key, mode)
        self.config.commitChanges()
        doc = self.desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(src), "_blank", 0,
            (pv("Hidden", True), pv("ReadOnly", True)))
        if doc is None:
            raise RuntimeError(f"LibreOffice could not load {src}")
        try:
            if fmt == "values":
                write_values(doc, out)
            else:
                doc.storeToURL(uno.systemPathToFileUrl(out), (pv("FilterName", FILTERS[fmt]),))
        finally:
            doc.close(True)


def write_values(doc, out):
    """Each sheet's values of a loaded document, as JSON at out (read back by
    load_values): saving the workbook and reading it back takes several times as long.
    A sheet is its name, its rows from A1 to the end of its used area (a number, a text,
    or null for an empty cell or an empty text) and its error cells as [row, column,
    error]; an error Excel has no name for is #VALUE!, as LibreOffice's xlsx export
    writes it. The defined names follow, each with its range as LibreOffice writes it
    ($Checks.$C$12)."""
    from com.sun.star.sheet.FormulaResult import ERROR
    sheets = []
    for sheet in doc.Sheets:
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.RangeAddress
        data = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow).getDataArray()
        errors = []
        for a in sheet.queryFormulaCells(ERROR).RangeAddresses:
            for r in range(a.StartRow, a.EndRow + 1):
                for c in range(a.StartColumn, a.EndColumn + 1):
                    text = sheet.getCellByPosition(c, r).getString()
                    errors.append([r + 1, c + 1, text if text.startswith("#") else "#VALUE!"])
        sheets.append({"name": sheet.Name, "errors": errors,
                       "rows": [[None if v == "" else v for v in row] for row in data]})
    names = {}
    for name in doc.NamedRanges.ElementNames:
        names[name] = doc.NamedRanges.getByName(name).getContent()
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"sheets": sheets, "names": names}, f)
    os.replace(out + ".tmp", out)


# ===== A workbook's values, as read over UNO =====

class ValueCell:
    """A cell of load_values: its value, and data_type "e" for an error (as openpyxl)."""
    __slots__ = ("row", "column", "value", "data_type")

    def __init__(self, row, column, value, error=False):
        self.row, self.column, self.value = row, column, value
        self.data_type = "e" if error else "s" if isinstance(value, str) else "n"

    @property
    def coordinate(self):
        from openpyxl.utils import get_column_letter
        return f"{get_column_letter(self.column)}{self.row}"


class ValueSheet:
    """A sheet of load_values, read as openpyxl reads a worksheet's values (data_only):
    ws["B5"], ws["A1:C3"], ws.cell(row, column), ws.iter_rows(...), max_row,
    max_column."""

    def __init__(self, entry):
        self.title = entry["name"]
        self._rows = entry["rows"]
        self._errors = {(r, c): e for r, c, e in entry["errors"]}
        self.max_row = max(1, len(self._rows))
        self.max_column = max([1] + [len(r) for r in self._rows])

    def cell(self, row, column):
        e = self._errors.get((row, column))
        if e is not None:
            return ValueCell(row, column, e, True)
        cells = self._rows[row - 1] if 1 <= row <= len(self._rows) else ()
        return ValueCell(row, column, cells[column - 1] if 1 <= column <= len(cells) else None)

    def iter_rows(self, min_row=None, max_row=None, min_col=None, max_col=None,
                  values_only=False):
        for r in range(min_row or 1, (max_row or self.max_row) + 1):
            cells = [self.cell(r, c) for c in range(min_col or 1, (max_col or self.max_column) + 1)]
            yield tuple(c.value for c in cells) if values_only else tuple(cells)

    def __getitem__(self, key):
        from openpyxl.utils.cell import range_boundaries
        c1, r1, c2, r2 = range_boundaries(key)
        if ":" not in key:
            return self.cell(r1, c1)
        return tuple(self.iter_rows(r1, r2, c1, c2))


class ValueName:
    """A defined name of load_values: its destinations, (sheet, "$C$12"), as openpyxl's."""

    def __init__(self, content):
        self.content = content

    @property
    def destinations(self):
        for part in self.content.split(";"):
            sheet, _, cell = part.lstrip("$").rpartition(".")
            if sheet.startswith("'") and sheet.endswith("'"):
                sheet = sheet[1:-1].replace("''", "'")
            yield sheet, cell


class ValueBook:
    """The sheets of a values file (write_values), read as an openpyxl workbook opened
    with data_only=True: book["Summary"], book.sheetnames, book.worksheets,
    book.defined_names["MasterCheck"].destinations."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        self.worksheets = [ValueSheet(e) for e in data["sheets"]]
        self.sheetnames = [ws.title for ws in self.worksheets]
        self.defined_names = {k: ValueName(v) for k, v in data["names"].items()}

    def __getitem__(self, name):
        for ws in self.worksheets:
            if ws.title == name:
                return ws
        raise KeyError(f"Worksheet {name} does not exist.")

    def __contains__(self, name):
        return name in self.sheetnames

    def close(self):
        pass


def load_values(path):
    """The values of a recalculated workbook, as openpyxl reads them (data_only=True):
    a values file of the service (.json), read as a ValueBook, or an xlsx workbook."""
    if path.endswith(".json"):
        return ValueBook(path)
    import openpyxl
    return openpyxl.load_workbook(path, data_only=True)


def write_profile(profile, recalc):
    """A fresh LibreOffice profile, set to recalculate on load when recalc is true."""
    os.makedirs(os.path.join(profile, "user"), exist_ok=True)
    if recalc:
        with open(os.path.join(profile, "user", "registrymodifications.xcu"), "w") as f:
            f.write(RECALC_REGISTRY)


def run_soffice(books, outdir, fmt, recalc, timeout):
    """One `soffice --convert-to` over books, with a fresh profile: (ok, words)."""
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        write_profile(profile, recalc)
        try:
            p = subprocess.run(["soffice", "--headless", "--norestore", "--nolockcheck",
                                "-env:UserInstallation=file://" + profile, "--convert-to",
                                fmt, "--outdir", outdir] + [os.path.abspath(b) for b in books],
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
                               env=dict(os.environ, TMPDIR=profile))
        except subprocess.TimeoutExpired:
            return False, f"soffice took more than {timeout} s and was killed"
        except OSError as e:
            return False, f"soffice: {e}"
    words = (p.stdout + p.stderr).decode("utf-8", "replace").strip()[-600:]
    return p.returncode == 0, words


def run_ssconvert(src, out, timeout):
    """Gnumeric's recalculation of src, saved as xlsx at out; (ok, words)."""
    try:
        p = subprocess.run(["ssconvert", "--recalc", "--export-type=Gnumeric_Excel:xlsx2",
                            src, out], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"ssconvert took more than {timeout} s and was killed"
    except OSError as e:
        return False, f"ssconvert: {e}"
    words = (p.stdout + p.stderr).decode("utf-8", "replace").strip()[-600:]
    if p.returncode != 0 or not os.path.exists(out):
        return False, f"ssconvert exited {p.returncode}: {words}"
    return True, words


# ===== The service =====

class Service:
    def __init__(self, root, instances, timeout):
        self.root = root
        self.timeout = timeout
        self.cache_dir = os.path.join(root, "cache")
        os.makedirs(self.cache_dir, exist_ok=True)
        self.lock = threading.Lock()
        self.cache = {}  # key: Future of (ok, words, cached path)
        self.stats = {"converted": {p: 0 for p in PROGRAMS},
                      "shared": {p: 0 for p in PROGRAMS},
                      "failed": {p: 0 for p in PROGRAMS},
                      "retried": {p: 0 for p in PROGRAMS},
                      "restarts": 0, "killed_hung": 0, "seconds": {p: 0.0 for p in PROGRAMS}}
        self.jobs = queue.Queue()
        self.offices = [Office(root, n) for n in range(instances)]
        self.gnumeric = threading.Semaphore(os.cpu_count() or 1)
        self.last_use = time.monotonic()
        for office in self.offices:
            threading.Thread(target=self.office_loop, args=(office,), daemon=True).start()

    def count(self, what, program, n=1):
        with self.lock:
            self.stats[what][program] += n

    # -- LibreOffice: each process takes the next job of the queue --

    def office_loop(self, office):
        try:
            office.start()
        except Exception as e:  # the first job starts it again, and fails if it cannot
            print(f"recalc_service: {e}", file=sys.stderr, flush=True)
        while True:
            job, done = self.jobs.get()
            if job is None:
                office.stop()
                return
            done.set_result(self.office_job(office, *job))

    def office_job(self, office, src, out, fmt, recalc):
        """Two tries, LibreOffice restarted after a crash, a hang or a failed load."""
        words = ""
        for attempt in (1, 2):
            if attempt == 2:
                self.count("retried", "libreoffice")
            if office.desktop is None:
                try:
                    office.start()
                except Exception as e:
                    words = f"{type(e).__name__}: {e}"
                    office.kill()
                    continue
            hung = threading.Event()

            def watchdog():
                hung.set()
                office.kill()
            timer = threading.Timer(self.timeout, watchdog)
            timer.start()
            try:
                office.convert(src, out, fmt, recalc)
                if os.path.exists(out):
                    return True, ""
                words = "LibreOffice wrote nothing"
            except Exception as e:
                words = f"{type(e).__name__}: {e}"
            finally:
                timer.cancel()
            if hung.is_set():
                words = f"LibreOffice took more than {self.timeout} s and was killed"
                with self.lock:
                    self.stats["killed_hung"] += 1
            office.kill()
            with self.lock:
                self.stats["restarts"] += 1
        return False, words

    # -- Gnumeric: a process a workbook, as many at once as there are cores --

    def gnumeric_job(self, src, out):
        with self.gnumeric:
            ok, words = run_ssconvert(src, out, self.timeout)
            if not ok:
                self.count("retried", "gnumeric")
                ok, words = run_ssconvert(src, out, self.timeout)
        return ok, words

    # -- A request --

    def convert(self, msg):
        program, src, out = msg["program"], msg["src"], msg["out"]
        fmt, recalc = msg.get("format", "xlsx"), bool(msg.get("recalc", True))
        if program not in PROGRAMS or fmt not in FORMATS or (program == "gnumeric" and
                                                               (fmt != "xlsx" or not recalc)):
            return {"ok": False, "log": f"no such conversion: {program} to {fmt}"}
        try:
            digest = content_key(src)
        except OSError as e:
            return {"ok": False, "log": f"{src}: {e.strerror}"}
        key = f"{program}-{'recalc' if recalc else 'plain'}-{digest}.{fmt}"
        with self.lock:
            done = self.cache.get(key)
            first = done is None
            if first:
                done = self.cache[key] = cf.Future()
        if not first:
            ok, words, cached = done.result()
            if ok:
                self.count("shared", program)
                shutil.copyfile(cached, out)
                return {"ok": True, "log": "", "shared": True}
            # A failure is not kept: this request tries again, as its own.
            with self.lock:
                if self.cache.get(key) is done:
                    del self.cache[key]
            return self.convert(msg)
        cached = os.path.join(self.cache_dir, key)
        t0 = time.monotonic()
        try:
            if program == "libreoffice":
                work = cf.Future()
                self.jobs.put(((src, cached, fmt, recalc), work))
                ok, words = work.result()
            else:
                ok, words = self.gnumeric_job(src, cached)
        except Exception as e:
            ok, words = False, f"{type(e).__name__}: {e}"
        with self.lock:
            self.stats["seconds"][program] += time.monotonic() - t0
        if ok:
            self.count("converted", program)
            shutil.copyfile(cached, out)
        else:
            self.count("failed", program)
        done.set_result((ok, words, cached))
        if not ok:
            with self.lock:
                if self.cache.get(key) is done:
                    del self.cache[key]
        return {"ok": ok, "log": words, "shared": False}

    def answer(self, msg):
        self.last_use = time.monotonic()
        op = msg.get("op")
        if op == "convert":
            return self.convert(msg)
        if op == "ping":
            return {"ok": True, "pid": os.getpid(),
                    "libreoffice_pids": [o.pid() for o in self.offices]}
        if op == "stats":
            with self.lock:
                return {"ok": True, "stats": json.loads(json.dumps(self.stats))}
        return {"ok": False, "log": f"no such request: {op!r}"}

    def shut(self):
        for _ in self.offices:
            self.jobs.put((None, None))


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline()
        try:
            msg = json.loads(line)
        except ValueError:
            msg = {}
        if msg.get("op") == "stop":
            with self.server.service.lock:
                stats = json.loads(json.dumps(self.server.service.stats))
            self.wfile.write(json.dumps({"ok": True, "stats": stats}).encode() + b"\n")
            self.wfile.flush()
            threading.Thread(target=self.server.shutdown, daemon=True).start()
            return
        try:
            reply = self.server.service.answer(msg)
        except Exception as e:  # a request that breaks the service's rules
            reply = {"ok": False, "log": f"{type(e).__name__}: {e}"}
        self.wfile.write(json.dumps(reply).encode() + b"\n")


class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


def serve(root, instances, timeout):
    sock = os.path.join(root, "sock")
    if os.path.exists(sock):
        os.unlink(sock)
    service = Service(root, instances, timeout)
    with Server(sock, Handler) as server:
        server.service = service

        def idle():
            while time.sleep(60) is None:
                if time.monotonic() - service.last_use > IDLE:
                    print("recalc_service: unused for an hour, leaving", file=sys.stderr,
                          flush=True)
                    server.shutdown()
                    return
        threading.Thread(target=idle, daemon=True).start()
        server.serve_forever()
    service.shut()
    deadline = time.monotonic() + 60
    while any(o.pid() for o in service.offices) and time.monotonic() < deadline:
        time.sleep(0.1)
    for office in service.offices:
        office.kill()
    with open(os.path.join(root, "stats.json"), "w") as f:
        json.dump(service.stats, f, indent=1)
    if os.path.exists(sock):
        os.unlink(sock)


# ===== start and stop =====

def answers(root):
    try:
        return request(root, {"op": "ping"}, timeout=10).get("ok", False)
    except (OSError, ValueError):
        return False


def stop(root, quiet=False):
    """Stop the service of root; prints its counts. Returns 0, or 1 when none answered."""
    try:
        answer = request(root, {"op": "stop"}, timeout=30)
    except (OSError, ValueError) as e:
        if not quiet:
            print(f"recalc_service: no service answers in {root}: {e}")
        return 1
    deadline = time.monotonic() + 90
    while os.path.exists(os.path.join(root, "sock")) and time.monotonic() < deadline:
        time.sleep(0.1)
    if not quiet:
        s = answer["stats"]
        for p in PROGRAMS:
            print(f"{p}: {s['converted'][p]} workbooks converted in "
                  f"{s['seconds'][p]:.1f} s, {s['shared'][p]} requests answered from the "
                  f"cache, {s['failed'][p]} failed, {s['retried'][p]} retried")
        print(f"restarts of LibreOffice: {s['restarts']} ({s['killed_hung']} after a hang)")
        try:
            with open(os.path.join(root, "audits", "requests.log"), encoding="utf-8") as f:
                kinds = [line.split()[0] for line in f]
        except OSError:
            kinds = []
        print(f"audits (xlsxtest.run_audit): {kinds.count('audited')} workbooks audited, "
              f"{kinds.count('shared')} requests answered from a kept audit")
    return 0


def start(root, instances, timeout):
    os.makedirs(root, exist_ok=True)
    if answers(root):
        stop(root, quiet=True)
    for kept in ("cache", "audits"):
        shutil.rmtree(os.path.join(root, kept), ignore_errors=True)
    with open(os.path.join(root, "service.log"), "ab") as log:
        subprocess.Popen([sys.executable, os.path.abspath(__file__), "serve", root,
                          "--instances", str(instances), "--timeout", str(timeout)],
                         stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                         start_new_session=True, close_fds=True)
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if answers(root):
            print(f"recalc_service: serving in {root}")
            return 0
        time.sleep(0.1)
    print(f"recalc_service: the service did not start (see {root}/service.log)")
    return 1


def main(argv):
    ap = argparse.ArgumentParser(description="The spreadsheet programs of a test run.")
    ap.add_argument("command", choices=("start", "stop", "serve"))
    ap.add_argument("dir")
    ap.add_argument("--instances", type=int, default=min(2, os.cpu_count() or 1),
                    help="LibreOffice processes (2, or 1 on one core)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT,
                    help="seconds a program may take over one workbook (900)")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.dir)
    if args.command == "start":
        return start(root, max(1, args.instances), args.timeout)
    if args.command == "stop":
        return stop(root)
    serve(root, max(1, args.instances), args.timeout)
    return 0


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.exit(main(sys.argv[1:]))
