#!/usr/bin/python3
"""`tco import`: the round trip of every shipped scenario, an edit re-saved by
LibreOffice, the rewritten scenario, and malformed workbooks (built here with
zipfile), each with its exact message.

  test_import.py TCO REPO [--no-libreoffice] [--part K/N]

With --part K/N and N above 1, part 1 runs every section after the first, and parts 2 to N
share the first's round trips (each the Kth - 1 of every N - 1 shipped scenarios).
Exit 0 when every check holds."""
import glob, os, re, shutil, subprocess, sys, tempfile, zipfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "xlsx"))
import recalc_service  # noqa: E402 (LibreOffice as the workbook tests run it)
from xlsxtest import part_of, split_part  # noqa: E402
from xlsxedit import column_texts, key_row_cell, name_cell, parts, set_cell, \
    write_book  # noqa: E402 (the workbook's XML edited, every other byte kept)

argv, (part_k, part_n) = split_part(sys.argv)
tco, repo = os.path.abspath(argv[1]), os.path.abspath(argv[2])
use_lo = "--no-libreoffice" not in argv
work = tempfile.mkdtemp(prefix="tco-import-")
failures = []


def resave(book, outdir):
    """book re-saved by LibreOffice as a fresh profile saves it (no recalculation on
    load): {book: (path or None, words)}."""
    return recalc_service.libreoffice([book], outdir, "xlsx", recalc=False, timeout=300)


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def run(*args, timeout=120):
    p = subprocess.run([tco, *args], capture_output=True, text=True, timeout=timeout, cwd=work)
    return p.returncode, p.stdout, p.stderr


def report(ini, out):
    rc, _, err = run("report", ini, "-o", out, "-q")
    if rc != 0:
        raise SystemExit(f"report {ini}: {err}")
    return out


def ini_line(ini, section, key):
    """Line of `key =` in [section] of ini, counted here."""
    cur = None
    for i, l in enumerate(open(ini, encoding="utf-8"), 1):
        t = l.strip()
        if t.startswith("["):
            cur = t[1:t.index("]")]
        elif cur == section and re.match(r"%s\s*=" % key, t):
            return i
    raise SystemExit(f"{key} not in [{section}] of {ini}")


def expect(name, args, rc_want, out_want=None, err_want=None):
    rc, out, err = run(*args)
    if rc != rc_want:
        fail(f"{name}: exit {rc}, expected {rc_want}; stderr: {err.strip()[:400]}")
    if out_want is not None and out != out_want:
        fail(f"{name}: stdout {out!r}, expected {out_want!r}")
    if err_want is not None and err_want not in err:
        fail(f"{name}: stderr {err.strip()!r} lacks {err_want!r}")
    return out, err


def finish():
    shutil.rmtree(work, ignore_errors=True)
    print(f"{len(failures)} failure(s) (part {part_k} of {part_n})")
    sys.exit(1 if failures else 0)


# 1. The round trip of every shipped scenario: no change, exit 0.
shipped = sorted(glob.glob(f"{repo}/config/*.ini") + glob.glob(f"{repo}/examples/*.ini") +
                 glob.glob(f"{repo}/examples/*/*.ini"))
if part_n > 1:
    shipped = [] if part_k == 1 else part_of(shipped, (part_k - 1, part_n - 1))
for ini in shipped:
    book = report(ini, os.path.join(work, os.path.basename(ini) + ".xlsx"))
    expect(f"round trip {os.path.relpath(ini, repo)}", ["import", book, "--scenario", ini], 0, "")
if part_k > 1:
    finish()

# 2. An edit: ElectricityPrice to a value with 17 significant digits, and an
# option's gpu_price not written in the scenario; re-saved by LibreOffice.
seed = f"{repo}/config/seed-2026.ini"
base = report(seed, os.path.join(work, "seed.xlsx"))
files = parts(base)
part, cell = name_cell(files, "ElectricityPrice")
set_cell(files, part, cell, "<v>0.071234567890123453</v>")
edited = write_book(os.path.join(work, "edited.xlsx"), files)
line = ini_line(seed, "site", "electricity_price")
NEW = repr(float("0.071234567890123453"))  # Python's shortest round trip
want = f"{seed}:{line}: site.electricity_price: 0.0826 \u2192 {NEW}\n"
if use_lo:
    # LibreOffice keeps 15 significant digits of a number it saves: the edit has 15.
    files = parts(base)
    set_cell(files, part, cell, "<v>0.0712345678901234</v>")
    edited_lo = write_book(os.path.join(work, "edited_lo.xlsx"), files)
    want_lo = f"{seed}:{line}: site.electricity_price: 0.0826 \u2192 0.0712345678901234\n"
    (resaved, words), = resave(edited_lo, os.path.join(work, "lo")).values()
    if resaved is None:
        fail(f"LibreOffice did not re-save the workbook: {words[-300:]}")
    else:
        expect("LibreOffice edit", ["import", resaved, "--scenario", seed], 1, want_lo)
        expect("LibreOffice edit, --diff", ["import", resaved, "--scenario", seed, "--diff"], 1,
               want_lo)
expect("edit", ["import", edited, "--scenario", seed], 1, want)

# An option's key, found by its block's key: its own line.
files = parts(base)
c = key_row_cell(files, part, "h100-buy", "server_price")
set_cell(files, part, c, "<v>190000</v>")
opt = write_book(os.path.join(work, "option.xlsx"), files)
oline = ini_line(seed, "option h100-buy", "server_price")
old_price = re.search(r"=\s*([0-9.]+)", open(seed).read().split("\n")[oline - 1]).group(1)
expect("option key", ["import", opt, "--scenario", seed], 1,
       f"{seed}:{oline}: h100-buy.server_price: {old_price} \u2192 190000\n")
c = key_row_cell(files, part, "h100-buy", "count")
set_cell(files, part, c, "<v>8.5</v>")
cnt = write_book(os.path.join(work, "count.xlsx"), files)
expect("whole number", ["import", cnt, "--scenario", seed], 2, "",
       f"count.xlsx: Inputs!{c}: error: h100-buy.count is 8.5; it must be a whole number")

def to_layout1(files, part):
    """The workbook as tco wrote it before layout 2: no column J naming each option
    row's section, the marker 'tco-inputs 1'."""
    files[part] = re.sub(rb'<c r="J\d+"[^>]*?(/>|>.*?</c>)', b"", files[part])
    mpart, mcell = name_cell(files, "TcoInputsLayout")
    set_cell(files, mpart, mcell, "<is><t>tco-inputs 1</t></is>", ' t="inlineStr"')
    return files


# Layout 1 (a workbook of tco before each option row named its section): an option's
# heading is "[option ID]", the closing bracket last; a heading without it (and two
# spaces) or with text after it heads no block, and the edit below it is refused, not
# brought back as the option's. In layout 2 the rows name their option in column J:
# the heading is a heading only, and the edit is the option's.
files = to_layout1(parts(base), part)
expect("layout 1 round trip", ["import", write_book(os.path.join(work, "layout1.xlsx"), files),
                               "--scenario", seed], 0, "")
for what, heading in (("no bracket", "[option  h100-buy"), ("after bracket", "[optionh100-buy]]")):
    files = to_layout1(parts(base), part)
    hrow = [r for r, text in column_texts(files, part) if text == "[option h100-buy]"][0]
    set_cell(files, part, f"B{hrow}", f"<is><t>{heading}</t></is>", ' t="inlineStr"')
    c = "C" + [r for r, text in column_texts(files, part)
               if int(r) > int(hrow) and text == "server_price"][0]
    set_cell(files, part, c, "<v>190000</v>")
    name = "heading-" + what.replace(" ", "-")
    expect(f"option heading, {what}", ["import", write_book(os.path.join(work, name + ".xlsx"),
                                                            files), "--scenario", seed], 2, "",
           f"{name}.xlsx: Inputs!{c}: error: tco import cannot bring back 'server_price': "
           "change it in the scenario file\n")
    files = parts(base)
    set_cell(files, part, f"B{hrow}", f"<is><t>{heading}</t></is>", ' t="inlineStr"')
    set_cell(files, part, c, "<v>190000</v>")
    expect(f"option heading, {what}, layout 2",
           ["import", write_book(os.path.join(work, name + "-2.xlsx"), files), "--scenario",
            seed], 1,
           f"{seed}:{ini_line(seed, 'option h100-buy', 'server_price')}: h100-buy.server_price: "
           "179200 \u2192 190000\n")

# Rows of sections the reader does not know ([demand], [plan NAME]) are passed over,
# and end the option block before them: a bare key after them is not an option's.
files = parts(base)
last = max(int(r) for r in re.findall(r'<row r="(\d+)"', files[part].decode()))
extra = "".join(
    f'<row r="{last + i + 1}"><c r="B{last + i + 1}" t="inlineStr"><is><t>{k}</t></is></c>'
    f'<c r="C{last + i + 1}" t="inlineStr"><is><t>{v}</t></is></c></row>'
    for i, (k, v) in enumerate([("[demand] months", "x"), ("[plan cheap]", ""), ("count", "x")]))
files[part] = files[part].replace(b"</sheetData>", extra.encode() + b"</sheetData>")
expect("unknown rows", ["import", write_book(os.path.join(work, "rows.xlsx"), files),
                        "--scenario", seed], 0, "")


def add_rows(files, part, rows):
    """Append rows (key, value, value as computed) to Inputs: columns B, C and F."""
    last = max(int(r) for r in re.findall(r'<row r="(\d+)"', files[part].decode()))
    extra, cells = "", []
    for i, (k, v, asis) in enumerate(rows):
        r = last + 2 + i
        extra += (f'<row r="{r}"><c r="B{r}" t="inlineStr"><is><t>{k}</t></is></c>'
                  f'<c r="C{r}"><v>{v}</v></c><c r="F{r}"><v>{asis}</v></c></row>')
        cells.append(f"C{r}")
    files[part] = files[part].replace(b"</sheetData>", extra.encode() + b"</sheetData>")
    return cells


# No edit is lost without a word: a row import cannot map back (a section it
# does not know, the MACRS table) is passed over while its value is the one tco
# wrote (column F), and refused when it was edited.
files = parts(base)
add_rows(files, part, [("[capacity] racks", 10, 10)])
expect("unmapped row, unchanged", ["import", write_book(os.path.join(work, "same.xlsx"), files),
                                   "--scenario", seed], 0, "")
files = parts(base)
c = add_rows(files, part, [("[capacity] racks", 12, 10)])[0]
new0 = os.path.join(work, "new0.ini")
expect("unmapped row, edited", ["import", write_book(os.path.join(work, "lost.xlsx"), files),
                                "--scenario", seed, "-o", new0], 2, "",
       f"lost.xlsx: Inputs!{c}: error: tco import cannot bring back '[capacity] racks': change "
       "it in the scenario file\n")
if os.path.exists(new0):
    fail("unmapped row, edited: a file was written")
files = parts(base)
year1 = [r for r, text in column_texts(files, part, "A") if text == "Year 1"][0]
set_cell(files, part, f"D{year1}", "<v>0.15</v>")
expect("MACRS rate edited", ["import", write_book(os.path.join(work, "macrs.xlsx"), files),
                             "--scenario", seed], 2, "",
       f"macrs.xlsx: Inputs!D{year1}: error: tco import cannot bring back 'Year 1': change it in "
       "the scenario file\n")
# A constant of Inputs (MonthsPerYear: WORKBOOK.md, Constants) is no scenario's key:
# passed over as written (the unchanged workbook above), refused when edited.
files = parts(base)
months = [r for r, text in column_texts(files, part, "A") if text == "Months per year"][0]
set_cell(files, part, f"C{months}", "<v>13</v>")
expect("constant edited", ["import", write_book(os.path.join(work, "const.xlsx"), files),
                           "--scenario", seed], 2, "",
       f"const.xlsx: Inputs!C{months}: error: tco import cannot bring back 'Months per year': "
       "change it in the scenario file\n")

# 3. -o: only the changed value's text differs; every comment kept.
new = os.path.join(work, "new.ini")
expect("-o", ["import", edited, "--scenario", seed, "-o", new], 1, "")
a = open(seed, "rb").read().split(b"\n")
b = open(new, "rb").read().split(b"\n") if os.path.exists(new) else []
if len(a) != len(b):
    fail("-o: the line count changed")
else:
    diff = [i + 1 for i in range(len(a)) if a[i] != b[i]]
    if diff != [line]:
        fail(f"-o: lines {diff} differ, expected only {line}")
    elif b[line - 1] != a[line - 1].replace(b"0.0826", NEW.encode()):
        fail(f"-o: line {line} is {b[line - 1]!r}")
expect("-o reads back", ["import", edited, "--scenario", new], 0, "")
# A key the scenario does not write gets a line after its section's last key.
quick = f"{repo}/examples/quickstart.ini"
qbase = report(quick, os.path.join(work, "quick.xlsx"))
files = parts(qbase)
part, cell = name_cell(files, "HoursPerMonth")
set_cell(files, part, cell, "<v>720</v>")
hpm = write_book(os.path.join(work, "hpm.xlsx"), files)
at = ini_line(quick, "scenario", "as_of") + 1  # the last key of [scenario] is as_of
expect("added key, --diff", ["import", hpm, "--scenario", quick], 1,
       f"{quick}:{at}: scenario.hours_per_month: 730 \u2192 720\n")
new2 = os.path.join(work, "new2.ini")
expect("-o added key", ["import", hpm, "--scenario", quick, "-o", new2], 1, "")
expect("-o added key reads back", ["import", hpm, "--scenario", new2], 0, "")
a = open(quick, "rb").read().split(b"\n")
b = open(new2, "rb").read().split(b"\n") if os.path.exists(new2) else []
if b != a[:at - 1] + [b"hours_per_month = 720"] + a[at - 1:]:
    fail("-o added key: not the old file with one line 'hours_per_month = 720' inserted")
# Nothing is written on an error.
files = parts(base)
part, cell = name_cell(files, "PUE")
set_cell(files, part, cell, "<v>0.5</v>")
bad = write_book(os.path.join(work, "range.xlsx"), files)
new3 = os.path.join(work, "new3.ini")
expect("out of range", ["import", bad, "--scenario", seed, "-o", new3], 2, None,
       f"range.xlsx: Inputs!{cell}: error: site.pue is 0.5; it must be between 1 and 3")
if os.path.exists(new3):
    fail("out of range: a file was written")

# -o never writes over an input: the scenario, an included file, the workbook.
own_seed = shutil.copy(seed, os.path.join(work, "own-seed.ini"))  # never the repository's
own_book = shutil.copy(edited, os.path.join(work, "own-book.xlsx"))
for target in (own_seed, own_book):
    before = open(target, "rb").read()
    expect(f"-o {os.path.basename(target)}",
           ["import", own_book, "--scenario", own_seed, "-o", target],
           2, "", f"{target}: error: the output is the same file as the input '")
    if open(target, "rb").read() != before:
        fail(f"-o {target}: the input was changed")

# A key set in an included file: --diff names that file's line; -o refuses.
os.makedirs(os.path.join(work, "inc"))
site = os.path.join(work, "inc", "site.ini")
open(site, "w").write("; the site's prices\n[site]\nelectricity_price = 0.1\npue = 1.4\n")
main = os.path.join(work, "main.ini")
open(main, "w").write("[scenario]\nname = included\ninclude = inc/site.ini\n\n[option own]\n"
                      "acquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n\n"
                      "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\n")
files = parts(report(main, os.path.join(work, "inc.xlsx")))
part, cell = name_cell(files, "PUE")
set_cell(files, part, cell, "<v>1.25</v>")
inc = write_book(os.path.join(work, "inc-edit.xlsx"), files)
expect("included key, --diff", ["import", inc, "--scenario", main], 1,
       f"{site}:4: site.pue: 1.4 \u2192 1.25\n")
new4 = os.path.join(work, "new4.ini")
expect("included key, -o", ["import", inc, "--scenario", main, "-o", new4], 2, "",
       f"{site}:4: error: site.pue is set in an included file, which `tco import -o` does not "
       "rewrite: change it there")
if os.path.exists(new4):
    fail("included key, -o: a file was written")

# Choices, yes/no, months and names come back too, converted as the loader
# converts them; a key naming a catalog entry is refused when changed.
def global_row_cell(files, part, key):
    """The value cell (column C) of the global `key` ("[scenario] name") on Inputs."""
    for r, text in column_texts(files, part):
        if text == key:
            return f"C{r}"
    raise SystemExit(f"{key} not on Inputs")


def text_cell(text):
    return f"<is><t>{text}</t></is>", ' t="inlineStr"'


files = parts(base)
c = key_row_cell(files, part, "h100-buy", "depreciation")
set_cell(files, part, c, *text_cell("sum-of-years"))
choice = write_book(os.path.join(work, "choice.xlsx"), files)
dline = ini_line(seed, "option h100-buy", "depreciation")
expect("choice, --diff", ["import", choice, "--scenario", seed, "--diff"], 1,
       f"{seed}:{dline}: h100-buy.depreciation: straight-line \u2192 sum-of-years\n")
if use_lo:
    # Re-saved by LibreOffice: the choice comes back from its shared strings.
    (resaved, _), = resave(choice, os.path.join(work, "lo2")).values()
    if resaved is None:
        fail("LibreOffice did not re-save the choice's workbook")
    else:
        expect("choice, LibreOffice", ["import", resaved, "--scenario", seed], 1,
               f"{seed}:{dline}: h100-buy.depreciation: straight-line \u2192 sum-of-years\n")
new5 = os.path.join(work, "new5.ini")
expect("choice, -o", ["import", choice, "--scenario", seed, "-o", new5], 1, "")
a = open(seed, "rb").read().split(b"\n")
b = open(new5, "rb").read().split(b"\n") if os.path.exists(new5) else []
if len(a) != len(b) or [i + 1 for i in range(len(a)) if a[i] != b[i]] != [dline] or \
        b[dline - 1] != b"depreciation = sum-of-years      ; China EIT regulations art. 60 " \
                       b"(the guide's home market)":
    fail(f"choice, -o: not only line {dline} changed to sum-of-years")
expect("choice, -o reads back", ["import", choice, "--scenario", new5], 0, "")
set_cell(files, part, c, *text_cell("macrs5"))
expect("bad choice", ["import", write_book(os.path.join(work, "bad-choice.xlsx"), files),
                      "--scenario", seed], 2, "",
       f"bad-choice.xlsx: Inputs!{c}: error: h100-buy.depreciation: unknown depreciation "
       "'macrs5'; did you mean 'macrs-5'? (expected straight-line, double-declining, "
       "sum-of-years, macrs-5 or macrs-7)\n")
files = parts(base)
c = key_row_cell(files, part, "h100-buy", "gpu")
set_cell(files, part, c, *text_cell("a100-sxm4-80gb"))
expect("catalog entry", ["import", write_book(os.path.join(work, "gpu.xlsx"), files),
                         "--scenario", seed], 2, "",
       f"gpu.xlsx: Inputs!{c}: error: h100-buy.gpu: tco import does not change 'gpu', which "
       "names a catalog entry: change it in the scenario file\n")
files = parts(base)
c = global_row_cell(files, part, "[scenario] name")
set_cell(files, part, c, *text_cell("Budget 2027; 8 GPUs"))
expect("name", ["import", write_book(os.path.join(work, "name.xlsx"), files),
                "--scenario", seed], 1,
       f"{seed}:{ini_line(seed, 'scenario', 'name')}: scenario.name: GPU buying guide 2026: "
       "8-GPU training server, buy or rent \u2192 Budget 2027; 8 GPUs\n")
# A text the loader would cut at " ;" is written in quotes, and reads back.
set_cell(files, part, c, *text_cell("Budget 2027 ; draft"))
quoted = write_book(os.path.join(work, "quoted.xlsx"), files)
new7 = os.path.join(work, "new7.ini")
expect("quoted name, -o", ["import", quoted, "--scenario", seed, "-o", new7], 1, "")
nline = ini_line(seed, 'scenario', 'name')
b = open(new7, "rb").read().split(b"\n") if os.path.exists(new7) else []
if len(b) < nline or b[nline - 1] != b'name = "Budget 2027 ; draft"':
    fail(f"quoted name, -o: line {nline} is {b[nline - 1] if len(b) >= nline else None!r}")
expect("quoted name reads back", ["import", quoted, "--scenario", new7], 0, "")
taxed = f"{repo}/config/financed-taxed.ini"
files = parts(report(taxed, os.path.join(work, "taxed.xlsx")))
tpart, tcell = name_cell(files, "TaxDeductInterest")
set_cell(files, tpart, tcell, *text_cell("no"))
yes_no = write_book(os.path.join(work, "yes-no.xlsx"), files)
tline = ini_line(taxed, "tax", "deduct_interest")
expect("yes/no", ["import", yes_no, "--scenario", taxed], 1,
       f"{taxed}:{tline}: tax.deduct_interest: yes \u2192 no\n")
new6 = os.path.join(work, "new6.ini")
expect("yes/no, -o", ["import", yes_no, "--scenario", taxed, "-o", new6], 1, "")
a = open(taxed, "rb").read().split(b"\n")
b = open(new6, "rb").read().split(b"\n") if os.path.exists(new6) else []
if len(a) != len(b) or [i + 1 for i in range(len(a)) if a[i] != b[i]] != [tline] or \
        b[tline - 1] != a[tline - 1].replace(b"= yes", b"= no", 1):
    fail(f"yes/no, -o: line {tline} is {b[tline - 1] if len(b) >= tline else None!r}")
set_cell(files, tpart, tcell, *text_cell("true"))
expect("bad yes/no", ["import", write_book(os.path.join(work, "bad-yes-no.xlsx"), files),
                      "--scenario", taxed], 2, "",
       f"bad-yes-no.xlsx: Inputs!{tcell}: error: tax.deduct_interest: unknown deduct_interest "
       "'true' (expected no or yes)\n")
# A month: the workbook holds the date of its first day (a serial day from 1899-12-30).
import datetime
files = parts(qbase)
c = global_row_cell(files, part, "[scenario] start")
serial = (datetime.date(2027, 5, 1) - datetime.date(1899, 12, 30)).days
set_cell(files, part, c, f"<v>{serial}</v>")
expect("month", ["import", write_book(os.path.join(work, "month.xlsx"), files),
                 "--scenario", quick], 1,
       f"{quick}:{at}: scenario.start: (not set) \u2192 2027-05\n")

# Named sites' keys, exchange rates, and several keys added at once: to a
# section the file has and to one it lacks (a header of its own, once).
extra_ini = os.path.join(work, "extra.ini")
open(extra_ini, "w").write(
    "[scenario]\nname = extra\n\n[fx]\nEUR = 0.9\n\n[site]\nelectricity_price = 0.1\n"
    "pue = 1.3\n\n[site east]\npue = 1.2\n\n[option own]\nacquire = buy\ncount = 8\n"
    "gpu_price = 30000\ntdp_w = 700\nsite = east\n\n[option cloud]\nacquire = rent\n"
    "count = 8\nprice_per_gpu_hour = 2.5\n")  # 24 lines, no [workload]
files = parts(report(extra_ini, os.path.join(work, "extra.xlsx")))
xpart, _ = name_cell(files, "PUE")
for key, value in [("[fx] EUR", 0.95), ("[site east] pue", 1.15),
                   ("[site east] electricity_price", 0.12),  # typed over its formula
                   ("[workload] utilization", 0.8), ("[workload] mfu", 0.5)]:
    set_cell(files, xpart, global_row_cell(files, xpart, key), f"<v>{value}</v>")
extra_book = write_book(os.path.join(work, "extra-edit.xlsx"), files)
# In the Inputs sheet's order (the exchange rates before [site]). An added key's
# line is its line in the rewritten file: electricity_price after [site east]'s
# line 12; [workload] after the 25 lines (24 and that one), a blank line (26) and
# its header (27).
expect("sites, fx, added keys, --diff", ["import", extra_book, "--scenario", extra_ini], 1,
       f"{extra_ini}:5: fx.EUR: 0.9 \u2192 0.95\n"
       f"{extra_ini}:13: site east.electricity_price: 0.1 \u2192 0.12\n"
       f"{extra_ini}:12: site east.pue: 1.2 \u2192 1.15\n"
       f"{extra_ini}:28: workload.utilization: 1 \u2192 0.8\n"
       f"{extra_ini}:29: workload.mfu: 0.4 \u2192 0.5\n")
new8 = os.path.join(work, "new8.ini")
expect("sites, fx, added keys, -o", ["import", extra_book, "--scenario", extra_ini, "-o", new8],
       1, "")
want8 = open(extra_ini).read().split("\n")
want8[4] = "EUR = 0.95"
want8[11] = "pue = 1.15"
want8.insert(12, "electricity_price = 0.12")
want8 = "\n".join(want8) + "\n[workload]\nutilization = 0.8\nmfu = 0.5\n"
if not os.path.exists(new8) or open(new8).read() != want8:
    fail(f"sites, fx, added keys, -o: {open(new8).read() if os.path.exists(new8) else None!r}")
expect("sites, fx, added keys, -o reads back", ["import", extra_book, "--scenario", new8], 0, "")

# yes/no as the zh-CN workbook writes it: the key's own values, untranslated.
zh_ini = os.path.join(work, "zh-tax.ini")
open(zh_ini, "w").write(
    "[scenario]\nname = zh\ntemplate = zh-CN\n\n[tax]\nrate = 0.21\ndeduct_interest = no\n\n"
    "[site]\nelectricity_price = 0.1\n\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"
    "financing = loan\nloan_fraction = 0.5\nloan_rate = 0.07\nloan_months = 36\n")
files = parts(report(zh_ini, os.path.join(work, "zh-tax.xlsx")))
zpart, zcell = name_cell(files, "TaxDeductInterest")
expect("zh-CN yes/no round trip", ["import", os.path.join(work, "zh-tax.xlsx"),
                                   "--scenario", zh_ini], 0, "")
set_cell(files, zpart, zcell, *text_cell("yes"))
expect("zh-CN yes/no", ["import", write_book(os.path.join(work, "zh-yes.xlsx"), files),
                        "--scenario", zh_ini], 1,
       f"{zh_ini}:7: tax.deduct_interest: no \u2192 yes\n")

# 4. Malformed workbooks, each with its message.
def case(name, files, msg, compress=zipfile.ZIP_DEFLATED):
    book = write_book(os.path.join(work, name + ".xlsx"), files, compress)
    expect(name, ["import", book, "--scenario", seed], 2, "", f"{name}.xlsx{msg}")


f = parts(base)
part, cell = name_cell(f, "DiscountRate")
g = dict(f); set_cell(g, part, cell, "<f>0.05+0.01</f><v>0.06</v>")
case("formula", g, f": Inputs!{cell}: error: scenario.discount_rate: the cell holds a formula; an "
     "input must be a number")
g = dict(f); set_cell(g, part, cell, "<is><t>five</t></is>", ' t="inlineStr"')
case("text", g, f": Inputs!{cell}: error: scenario.discount_rate: the cell holds the text 'five', "
     "not a number")
g = dict(f); set_cell(g, part, cell, "<v>abc</v>")
case("badnum", g, f": Inputs!{cell}: error: the cell holds 'abc', which is not a number")
g = dict(f); g["xl/../../evil.txt"] = b"x"
case("dotdot", g, ": error: the zip entry 'xl/../../evil.txt' has an unsafe name (an absolute "
     "path, '..', a backslash or a control character): refused")
g = dict(f); g["/etc/passwd"] = b"x"
case("absolute", g, ": error: the zip entry '/etc/passwd' has an unsafe name")
g = dict(f); g["xl\\evil.xml"] = b"x"
case("backslash", g, ": error: the zip entry 'xl\\evil.xml' has an unsafe name")
g = dict(f); g["xl/sharedStrings.xml"] = (
    b'<?xml version="1.0"?>\n<!DOCTYPE sst [<!ENTITY a "aaaa">]>\n<sst>&a;</sst>')
case("doctype", g, ": xl/sharedStrings.xml:2: error: a DOCTYPE is not allowed in a workbook "
     "part (no DTDs, no entities): remove it")
g = dict(f)
wb = g["xl/workbook.xml"].decode()
g["xl/workbook.xml"] = re.sub(r'<definedName name="TcoInputsLayout"[^<]*</definedName>', "",
                              wb).encode()
case("notco", g, ": error: not a workbook written by tco: it has no defined name "
     "TcoInputsLayout (the marker of tco's Inputs sheet)")
g = dict(f)
g["xl/workbook.xml"] = re.sub(r'<sheet name="Inputs" ', '<sheet name="Renamed" ', wb).encode()
case("noinputs", g, ": error: the Inputs sheet 'Inputs' (named by TcoInputsLayout) is missing")
g = dict(f); mp, mc = name_cell(f, "TcoInputsLayout")
set_cell(g, mp, mc, "<is><t>tco-inputs 0</t></is>", ' t="inlineStr"')
case("oldlayout", g, f": Inputs!{mc}: error: the Inputs sheet's layout is 'tco-inputs 0', not "
     "'tco-inputs 2' (nor 'tco-inputs 1'): the workbook was written by another version of tco, "
     "whose Inputs this one cannot read")
g = dict(f); g["xl/sharedStrings.xml"] = b"\0" * (17 * 1024 * 1024)
case("bomb", g, ": xl/sharedStrings.xml: error: the part declares 17825792 bytes inflated; the "
     "limit is 16777216")
# A part that is never read may be as large as it likes: it is not inflated.
g = dict(f); g["xl/unread.xml"] = b"\0" * (17 * 1024 * 1024)
expect("unread large part", ["import", write_book(os.path.join(work, "unread.xlsx"), g),
                             "--scenario", seed], 0, "")
# A part whose headers (local and central) declare 10 bytes and that inflates
# to a megabyte: refused while inflating.
g = dict(f); g["xl/sharedStrings.xml"] = b"<sst/>" + b" " * (1 << 20)
liar = write_book(os.path.join(work, "liar2.xlsx"), g)
raw = bytearray(open(liar, "rb").read())
name = b"xl/sharedStrings.xml"
for sig, off, nl, st in ((b"PK\x03\x04", 22, 26, 30), (b"PK\x01\x02", 24, 28, 46)):
    i = 0
    while (i := raw.find(sig, i)) >= 0:
        nlen = int.from_bytes(raw[i + nl:i + nl + 2], "little")
        if raw[i + st:i + st + nlen] == name:
            raw[i + off:i + off + 4] = (10).to_bytes(4, "little")
        i += 4
open(liar, "wb").write(raw)
expect("liar2", ["import", liar, "--scenario", seed], 2, "",
       "liar2.xlsx: xl/sharedStrings.xml: error: the part inflates to more than it declares (10 "
       "bytes) or than the limit (16777216 bytes): refused")
g = dict(f)
rels = g["xl/_rels/workbook.xml.rels"].decode()
g["xl/_rels/workbook.xml.rels"] = re.sub(r'Target="worksheets/sheet1.xml"',
                                         'Target="../../etc/passwd"', rels).encode()
case("reltarget", g, ": xl/_rels/workbook.xml.rels:2: error: the target '../../etc/passwd' is an "
     "unsafe path: refused")
notzip = os.path.join(work, "notzip.xlsx")
open(notzip, "w").write("[scenario]\nname = x\n")
expect("not a zip", ["import", notzip, "--scenario", seed], 2, "",
       "notzip.xlsx: error: not a workbook: the file cannot be read as a zip archive (Not a zip "
       "archive)")
trunc = os.path.join(work, "trunc.xlsx")
open(trunc, "wb").write(open(base, "rb").read()[:4000])
expect("truncated", ["import", trunc, "--scenario", seed], 2, "",
       "trunc.xlsx: error: not a workbook: the file cannot be read as a zip archive (")
many = {f"x/{i}": b"" for i in range(4097)}
case("entries", many, ": error: the workbook holds 4097 entries; the limit is 4096",
     zipfile.ZIP_STORED)

# 5. The demand and the plans come back (capacity-plan-2026.ini).
cap = f"{repo}/config/capacity-plan-2026.ini"
cbase = report(cap, os.path.join(work, "cap.xlsx"))


def plan_totals(ini):
    """Each plan's total in the JSON report of ini, by the plan's name."""
    import json
    p = subprocess.run([tco, "report", ini, "--format", "json", "-q"], capture_output=True,
                       text=True, timeout=120, cwd=work)
    if p.returncode != 0:
        raise SystemExit(f"report {ini}: {p.stderr}")
    return {x["name"]: x["total"] for x in json.loads(p.stdout)["plans"]}


# The shipped scenario's, computed once: no edit below changes the file.
cap_totals = plan_totals(cap)


def edit_case(name, defined, value, section, key, old, new, want_key, index=0):
    """An edit of the cell of `defined` (of a range, its cell `index`): its --diff
    line, the -o bytes (only the value's text on its line), a clean read back, and the
    report of the rewritten scenario equal to that of the scenario edited by hand."""
    files = parts(cbase)
    cpart, ccell = name_cell(files, defined)
    ccell = ccell.split(":")[index]
    set_cell(files, cpart, ccell, f"<v>{value}</v>")
    book = write_book(os.path.join(work, name + ".xlsx"), files)
    ln = ini_line(cap, section, key)
    expect(f"{name}, --diff", ["import", book, "--scenario", cap], 1,
           f"{cap}:{ln}: {want_key}: {old} \u2192 {new}\n")
    out = os.path.join(work, name + ".ini")
    expect(f"{name}, -o", ["import", book, "--scenario", cap, "-o", out], 1, "")
    a = open(cap, "rb").read().split(b"\n")
    b = open(out, "rb").read().split(b"\n") if os.path.exists(out) else []
    hand = list(a)
    hand[ln - 1] = re.sub(rb"=(\s*)" + re.escape(old.encode()), rb"=\g<1>" + new.encode(),
                          a[ln - 1], count=1)
    if b != hand:
        fail(f"{name}, -o: not only line {ln}'s value changed: "
             f"{[i + 1 for i in range(min(len(a), len(b))) if a[i] != b[i]]}")
    expect(f"{name}, -o reads back", ["import", book, "--scenario", out], 0, "")
    hand_ini = os.path.join(work, name + "-hand.ini")
    open(hand_ini, "wb").write(b"\n".join(hand))
    return out, hand_ini


out, hand = edit_case("own-count", "Plan5_OwnCount", 24, "plan own-b200-burst", "own_count",
                      "16", "24", "[plan own-b200-burst] own_count")
if os.path.exists(out):
    t_old, t_new = cap_totals["own-b200-burst"], plan_totals(out)["own-b200-burst"]
    if t_new != plan_totals(hand)["own-b200-burst"] or t_new == t_old:
        fail(f"own_count: the rewritten scenario's plan total is {t_new} (before {t_old})")
out, hand = edit_case("growth", "DemandGrowth", 0.5, "demand", "growth", "0.6", "0.5",
                      "demand.growth")
if os.path.exists(out):
    t_old, t_new = cap_totals["own-b200-burst"], plan_totals(out)["own-b200-burst"]
    if t_new != plan_totals(hand)["own-b200-burst"] or t_new == t_old:
        fail(f"growth: the rewritten scenario's plan total is {t_new} (before {t_old})")

# Staged purchases (MODEL.md, Staged purchases): each purchase's month and GPUs are
# rows of their own on Inputs, brought back as the one key buy_at.
for what, defined, index, new in (("buy-count", "Plan7_BuyCounts", 1, "0:32, 12:24"),
                                  ("buy-month", "Plan7_BuyMonths", 1, "0:32, 6:16")):
    value = new.split(", ")[1].split(":")[1 if what == "buy-count" else 0]
    out, hand = edit_case(what, defined, value, "plan staged-refresh", "buy_at",
                          "0:32, 12:16", new, "[plan staged-refresh] buy_at", index)
    if os.path.exists(out):
        t_old, t_new = cap_totals["staged-refresh"], plan_totals(out)["staged-refresh"]
        if t_new != plan_totals(hand)["staged-refresh"] or t_new == t_old:
            fail(f"{what}: the rewritten scenario's plan total is {t_new} (before {t_old})")
files = parts(cbase)
bpart, bcells = name_cell(files, "Plan7_BuyMonths")
b2 = bcells.split(":")[1]
set_cell(files, bpart, b2, "<v>0</v>")
expect("buy month order", ["import", write_book(os.path.join(work, "buy-order.xlsx"), files),
                           "--scenario", cap], 2, "",
       f"buy-order.xlsx: Inputs!{b2}: error: [plan staged-refresh] buy_at: purchase 2's month "
       "(0) is not after purchase 1's (0)\n")
files = parts(cbase)
set_cell(files, bpart, b2, "<v>36</v>")
expect("buy month range", ["import", write_book(os.path.join(work, "buy-range.xlsx"), files),
                           "--scenario", cap], 2, "",
       f"buy-range.xlsx: Inputs!{b2}: error: [plan staged-refresh] buy_at, 2, month is 36; it "
       "must be between 0 and 35\n")
# The refresh month (auto chose none: 0) comes back as refresh_month.
out, hand = edit_case("refresh-month", "Plan7_RefreshMonth", 24, "plan staged-refresh",
                      "refresh_month", "auto", "24", "[plan staged-refresh] refresh_month")
if os.path.exists(out):
    t_old, t_new = cap_totals["staged-refresh"], plan_totals(out)["staged-refresh"]
    if t_new != plan_totals(hand)["staged-refresh"] or t_new == t_old:
        fail(f"refresh month: the rewritten scenario's plan total is {t_new} (before {t_old})")
for what, v, msg in (("refresh-early", 12, "the refresh (12) must come after the last purchase "
                      "(month 12)"),
                     ("refresh-range", 40, "is 40; it must be between 1 and 35")):
    files = parts(cbase)
    rpart, rcell = name_cell(files, "Plan7_RefreshMonth")
    set_cell(files, rpart, rcell, f"<v>{v}</v>")
    sep = ":" if what == "refresh-early" else ""
    expect(what, ["import", write_book(os.path.join(work, what + ".xlsx"), files),
                  "--scenario", cap], 2, "",
           f"{what}.xlsx: Inputs!{rcell}: error: [plan staged-refresh] refresh_month{sep} {msg}\n")

files = parts(cbase)
opart, ocell = name_cell(files, "Plan7_OwnCount")
set_cell(files, opart, ocell, "<v>40</v>")
expect("staged own_count", ["import", write_book(os.path.join(work, "buy-own.xlsx"), files),
                            "--scenario", cap], 2, "",
       f"buy-own.xlsx: Inputs!{ocell}: error: [plan staged-refresh] own_count: the plan buys "
       "its GPUs in stages ('buy_at'): change those in the scenario file\n")

# Seasonality: the 12 rows come back as the one key, added to [demand] (the
# scenario has none) after its last key; factors that do not sum to 12 are
# refused as the loader refuses them, naming the 12 cells.
files = parts(cbase)
wb = files["xl/workbook.xml"].decode()
rng = re.search(r'<definedName name="DemandSeasonality"[^>]*>[^!]*!\$C\$(\d+):\$C\$(\d+)<',
                wb)
s1, s12 = int(rng.group(1)), int(rng.group(2))
cpart, _ = name_cell(files, "DemandGrowth")
set_cell(files, cpart, f"C{s1}", "<v>1.5</v>")
set_cell(files, cpart, f"C{s1 + 1}", "<v>0.5</v>")
season = write_book(os.path.join(work, "season.xlsx"), files)
at = ini_line(cap, "demand", "growth") + 1
factors = "1.5, 0.5, " + ", ".join(["1"] * 10)
expect("seasonality, --diff", ["import", season, "--scenario", cap], 1,
       f"{cap}:{at}: demand.seasonality: (not set) \u2192 {factors}\n")
new9 = os.path.join(work, "season.ini")
expect("seasonality, -o", ["import", season, "--scenario", cap, "-o", new9], 1, "")
a = open(cap, "rb").read().split(b"\n")
b = open(new9, "rb").read().split(b"\n") if os.path.exists(new9) else []
if b != a[:at - 1] + [f"seasonality = {factors}".encode()] + a[at - 1:]:
    fail("seasonality, -o: not the old file with the one line 'seasonality = ...' inserted")
expect("seasonality, -o reads back", ["import", season, "--scenario", new9], 0, "")
set_cell(files, cpart, f"C{s1 + 1}", "<v>1</v>")
expect("seasonality sum", ["import", write_book(os.path.join(work, "season-sum.xlsx"), files),
                           "--scenario", cap], 2, "",
       f"season-sum.xlsx: Inputs!C{s1}:C{s12}: error: demand.seasonality: 'seasonality' factors "
       "must average 1 (they sum to 12.5, not 12)\n")

# The month of a seasonality row is an int: "seasonality, 4294967297" is no row of
# month 1 (2^32 + 1 is not taken as 1), so the changed factors lack it.
files = parts(cbase)
set_cell(files, cpart, f"B{s1}", *text_cell("[demand] seasonality, 4294967297"))
set_cell(files, cpart, f"C{s1 + 1}", "<v>0.5</v>")
set_cell(files, cpart, f"C{s1 + 2}", "<v>1.5</v>")
expect("seasonality row beyond an int",
       ["import", write_book(os.path.join(work, "season-int.xlsx"), files), "--scenario", cap],
       2, "", f"season-int.xlsx: Inputs!B{s1 + 1}: error: demand.seasonality: the row of month "
       "1's factor is missing, so the changed factors cannot be brought back\n")

# A demand given by a file: its values are the file's to change.
os.makedirs(os.path.join(work, "dem"))
open(os.path.join(work, "dem", "demand.txt"), "w").write("".join(f"{1000 + 100 * m}\n"
                                                                for m in range(12)))
dem_ini = os.path.join(work, "dem", "plan.ini")
open(dem_ini, "w").write(
    "[scenario]\nname = demand file\nhorizon_months = 12\n\n[site]\nelectricity_price = 0.1\n\n"
    "[demand]\nreference = own\nfile = demand.txt\n\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\n\n"
    "[plan mixed]\nown = own\nown_count = 8\noverflow = cloud\n")
files = parts(report(dem_ini, os.path.join(work, "dem.xlsx")))
expect("demand file round trip", ["import", os.path.join(work, "dem.xlsx"), "--scenario",
                                  dem_ini], 0, "")
wb = files["xl/workbook.xml"].decode()
d1 = int(re.search(r'<definedName name="DemandValues"[^>]*>[^!]*!\$C\$(\d+):', wb).group(1))
dpart, _ = name_cell(files, "Plan1_OwnCount")
set_cell(files, dpart, f"C{d1 + 2}", "<v>1250</v>")
expect("demand file value", ["import", write_book(os.path.join(work, "dem-edit.xlsx"), files),
                             "--scenario", dem_ini], 2, "",
       f"dem-edit.xlsx: Inputs!C{d1 + 2}: error: demand.file, month 3: tco import does not "
       "change the values of the demand file: edit the demand file 'demand.txt'\n")

# The rewriter reads a line as the loader reads it (one lexer): a ':' for '=',
# a '#' that is part of a value (only a ';' after a space starts a comment),
# a value in quotes with a " ;" inside and a comment after it.
lex_ini = os.path.join(work, "lex.ini")
open(lex_ini, "w").write(
    "[scenario]\nname = \"Buy ; rent\" ; the title\nauthor = Plan #1 draft\n\n"
    "[site]\nelectricity_price = 0.1\n\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price: 35000 ; list price\ntdp_w = 700\n\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\n")
files = parts(report(lex_ini, os.path.join(work, "lex.xlsx")))
expect("lexer round trip", ["import", os.path.join(work, "lex.xlsx"), "--scenario", lex_ini], 0,
       "")
lpart, _ = name_cell(files, "HoursPerMonth")
set_cell(files, lpart, key_row_cell(files, lpart, "own", "gpu_price"), "<v>36000</v>")
set_cell(files, lpart, global_row_cell(files, lpart, "[scenario] name"), *text_cell("Buy ; lease"))
set_cell(files, lpart, global_row_cell(files, lpart, "[scenario] author"), *text_cell("Plan 2"))
lex_new = os.path.join(work, "lex-new.ini")
lex_book = write_book(os.path.join(work, "lex-edit.xlsx"), files)
expect("lexer edits, -o", ["import", lex_book, "--scenario", lex_ini, "-o", lex_new], 1, "")
got = open(lex_new).read().split("\n") if os.path.exists(lex_new) else []
want = open(lex_ini).read().split("\n")
want[1] = 'name = "Buy ; lease" ; the title'
want[2] = "author = Plan 2"
want[10] = "gpu_price: 36000 ; list price"
if got != want:
    fail(f"lexer edits, -o: {[(i + 1, g) for i, (g, w) in enumerate(zip(got, want)) if g != w]}"
         f" (lines {len(got)}, expected {len(want)})")
expect("lexer edits read back", ["import", lex_book, "--scenario", lex_new], 0, "")

# -o writes only what the loader takes in full: a change it would refuse is an
# error at its cell, and nothing is written. A rule across keys (the loaded
# power below the idle power), a number too close to 0, a line longer than a
# scenario's line may be, a C1 control character, two rows for one key.
qfiles = parts(report(quick, os.path.join(work, "quick2.xlsx")))
qpart, _ = name_cell(qfiles, "HoursPerMonth")


def refused_o(name, edit, err_want):
    files = {k: v for k, v in qfiles.items()}
    edit(files)
    book = write_book(os.path.join(work, f"{name}.xlsx"), files)
    out = os.path.join(work, f"{name}.ini")
    expect(name, ["import", book, "--scenario", quick, "-o", out], 2, None, err_want)
    if os.path.exists(out):
        fail(f"{name}: a file was written")


lp = key_row_cell(qfiles, qpart, "h100-buy", "load_power_fraction")
refused_o("below-idle", lambda f: set_cell(f, qpart, lp, "<v>0.05</v>"),
          f"below-idle.xlsx: Inputs!{lp}: error: h100-buy.load_power_fraction: "
          "idle_power_fraction (0.12) is larger than load_power_fraction (0.05)")
gp = key_row_cell(qfiles, qpart, "h100-buy", "gpu_price")
refused_o("subnormal", lambda f: set_cell(f, qpart, gp, "<v>1e-310</v>"),
          f"subnormal.xlsx: Inputs!{gp}: error: h100-buy.gpu_price: '1e-310' is out of range")
nm = global_row_cell(qfiles, qpart, "[scenario] name")
refused_o("long-name", lambda f: set_cell(f, qpart, nm, *text_cell("n" * 5000)),
          f"long-name.xlsx: Inputs!{nm}: error: scenario.name: line is 5007 bytes long")
refused_o("c1-control", lambda f: set_cell(f, qpart, nm, *text_cell("a\u0085b")),
          f"c1-control.xlsx: Inputs!{nm}: error: scenario.name: the text has a line break or a "
          "control character")


def two_rows(f):
    add_rows(f, qpart, [("[scenario] hours_per_month", 700, 730),
                        ("[scenario] hours_per_month", 710, 730)])


refused_o("two-rows", two_rows, "error: scenario.hours_per_month is also the key of C")

# A value an option inherits (base =) is a link to its base's cell. The link
# replaced by a value: a line of the option's own, added to its section (the
# base's line stays), even a value equal to the base's; the base's cell edited:
# the base's line, which the inheritors follow as their links do.
fin = f"{repo}/config/financed-taxed.ini"
ffiles = parts(report(fin, os.path.join(work, "fin.xlsx")))
fpart, _ = name_cell(ffiles, "HoursPerMonth")
ic = key_row_cell(ffiles, fpart, "h100-loan", "gpu_price")
bc = key_row_cell(ffiles, fpart, "h100-cash", "gpu_price")
loan_end = ini_line(fin, "option h100-loan", "loan_months")
files = dict(ffiles)
set_cell(files, fpart, ic, "<v>36000</v>")
expect("inherited edit", ["import", write_book(os.path.join(work, "inherited.xlsx"), files),
                          "--scenario", fin], 1,
       f"{fin}:{loan_end + 1}: h100-loan.gpu_price: 35000 \u2192 36000\n")
files = dict(ffiles)
set_cell(files, fpart, ic, "<v>35000</v>")
expect("inherited pinned", ["import", write_book(os.path.join(work, "pinned.xlsx"), files),
                            "--scenario", fin], 1,
       f"{fin}:{loan_end + 1}: h100-loan.gpu_price: 35000 \u2192 35000\n")
# The link as a spreadsheet program may save it: unchanged; another formula in
# its place: refused at its cell.
files = dict(ffiles)
set_cell(files, fpart, ic, f"<f>Inputs!{bc}</f><v>35000</v>")
expect("inherited link kept", ["import", write_book(os.path.join(work, "inh-k.xlsx"), files),
                               "--scenario", fin], 0, "")
set_cell(files, fpart, ic, "<f>$C$1</f><v>12</v>")
expect("inherited formula", ["import", write_book(os.path.join(work, "inh-f.xlsx"), files),
                             "--scenario", fin], 2, "",
       f"inh-f.xlsx: Inputs!{ic}: error: h100-loan.gpu_price: the cell holds a formula other "
       "than the link to [option h100-cash]'s gpu_price: write a value, or the link\n")
files = dict(ffiles)
set_cell(files, fpart, bc, "<v>36000</v>")
expect("base edit", ["import", write_book(os.path.join(work, "base-edit.xlsx"), files),
                     "--scenario", fin], 1,
       f"{fin}:{ini_line(fin, 'option h100-cash', 'gpu_price')}: h100-cash.gpu_price: "
       "35000 \u2192 36000\n")
# An inherited text (a fixed choice) typed over its link: the option's own line.
files = dict(ffiles)
set_cell(files, fpart, key_row_cell(ffiles, fpart, "h100-loan", "depreciation"),
         *text_cell("sum-of-years"))
expect("inherited text", ["import", write_book(os.path.join(work, "inh-text.xlsx"), files),
                          "--scenario", fin], 1,
       f"{fin}:{loan_end + 1}: h100-loan.depreciation: straight-line \u2192 sum-of-years\n")

# A workbook saved without cached values (openpyxl writes a formula's value as
# <v></v>, or none): the formulas read as formulas, the inputs as they are.
ofiles = dict(ffiles)
for cellref in re.findall(r'<c r="([A-Z]+\d+)"[^>]*><f>', ofiles[fpart].decode()):
    x = re.search(r'<c r="%s"([^>]*)><f>(.*?)</f>' % cellref, ofiles[fpart].decode())
    set_cell(ofiles, fpart, cellref, "<f>%s</f><v></v>" % x.group(2), x.group(1))
expect("no cached values", ["import", write_book(os.path.join(work, "nocache.xlsx"), ofiles),
                            "--scenario", fin], 0, "")
set_cell(ofiles, fpart, bc, "<v>37000</v>")
expect("no cached values, an edit",
       ["import", write_book(os.path.join(work, "nocache-edit.xlsx"), ofiles), "--scenario", fin],
       1, f"{fin}:{ini_line(fin, 'option h100-cash', 'gpu_price')}: h100-cash.gpu_price: "
       "35000 \u2192 37000\n")
try:
    import openpyxl
    wb = openpyxl.load_workbook(os.path.join(work, "fin.xlsx"))
    wb.save(os.path.join(work, "openpyxl.xlsx"))
    expect("re-saved by openpyxl", ["import", os.path.join(work, "openpyxl.xlsx"),
                                    "--scenario", fin], 0, "")
    wb["Inputs"][ic] = 36000
    wb.save(os.path.join(work, "openpyxl-edit.xlsx"))
    expect("re-saved by openpyxl, an edit", ["import", os.path.join(work, "openpyxl-edit.xlsx"),
                                             "--scenario", fin], 1,
           f"{fin}:{loan_end + 1}: h100-loan.gpu_price: 35000 \u2192 36000\n")
except ImportError:
    print("openpyxl missing: the workbooks it re-saves are not tried")
# A cleared "[option ID]" cell: each row names its option (layout 2), so the edit
# below it is that option's; in layout 1 the rows below it are no option's, and the
# edit is refused, never brought back as the option's above.
rows = column_texts(ffiles, fpart)
head = next(r for r, t in rows if t == "[option h100-loan]")
lc = key_row_cell(ffiles, fpart, "h100-loan", "loan_rate")
files = dict(ffiles)
set_cell(files, fpart, f"B{head}", "")
set_cell(files, fpart, lc, "<v>0.07</v>")
expect("cleared heading", ["import", write_book(os.path.join(work, "cleared.xlsx"), files),
                           "--scenario", fin], 1,
       f"{fin}:{ini_line(fin, 'option h100-loan', 'loan_rate')}: h100-loan.loan_rate: 0.09 "
       "\u2192 0.07\n")
files = to_layout1(files, fpart)
expect("cleared heading, layout 1",
       ["import", write_book(os.path.join(work, "cleared1.xlsx"), files), "--scenario", fin], 2,
       "", f"cleared1.xlsx: Inputs!{lc}: error: tco import cannot bring back 'loan_rate'")

# A range of one value is a range: with a 1-month horizon a purchase's month can
# only be 0; month 7 is refused at its cell, with or without -o.
h1 = os.path.join(work, "h1.ini")
open(h1, "w").write(
    "[scenario]\nname = one month\nhorizon_months = 1\n[site]\nelectricity_price = 0.1\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\n"
    "[demand]\nreference = own\ngpu_hours_per_month = 1000\n"
    "[plan p]\nown = own\nbuy_at = 0:8\noverflow = cloud\n")
files = parts(report(h1, os.path.join(work, "h1.xlsx")))
hpart, _ = name_cell(files, "HoursPerMonth")
mc = next(f"C{r}" for r, t in column_texts(files, hpart) if t == "buy_at, 1, month")
set_cell(files, hpart, mc, "<v>7</v>")
h1e = write_book(os.path.join(work, "h1-month.xlsx"), files)
expect("one-month range", ["import", h1e, "--scenario", h1], 2, "",
       f"h1-month.xlsx: Inputs!{mc}: error: [plan p] buy_at, 1, month is 7; it must be between "
       "0 and 0\n")
# An option's acquire flipped from buy to rent: the buy keys it keeps make a
# scenario the loader refuses; -o writes nothing.
files = {k: v for k, v in qfiles.items()}
set_cell(files, qpart, key_row_cell(qfiles, qpart, "h100-buy", "acquire"), *text_cell("rent"))
flip = write_book(os.path.join(work, "flip.xlsx"), files)
flip_out = os.path.join(work, "flip.ini")
expect("acquire flipped", ["import", flip, "--scenario", quick, "-o", flip_out], 2, "",
       "flip.xlsx: Inputs")
if os.path.exists(flip_out):
    fail("acquire flipped: a file was written")

finish()
