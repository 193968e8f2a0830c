#!/usr/bin/python3
"""Workbook templates change the words and the look, never the model.

  templates.py BUILD_DIR REPO_DIR

Writes the workbooks of a few scenarios (the seed, one with cases and Monte Carlo, one
that sizes a model) without a template and with templates/default.xml and
templates/zh-CN.xml, through `tco report --template` when the CLI has it, else through
BUILD_DIR/tpl_report (the same library call). Then checks:
- default.xml gives the built-in workbook, cell for cell, text included;
- zh-CN and default have the same sheets in the same order, the same defined names,
  and in every cell the same formula (once each sheet name is replaced by its place in
  the workbook) and the same cached value; only text cells may differ;
- the zh-CN fixed sheets, chart titles and axis titles are Chinese, and its cells use
  the template's CJK font;
- the seed's en and zh-CN workbooks audit clean in LibreOffice and Gnumeric
  (recalc_audit.py);
- the word of a figure without a value is the template's (word.na): recalculated by
  LibreOffice, the zh-CN workbooks of config/seed-2026-zh.ini (as shipped, and with a
  rent option without throughput) and of config/seed-30b-training.ini (with an option
  without FLOPS, memory or throughput) show 不适用 and no n/a anywhere, where the
  figures have no value (Summary, Workload, Checks, Sensitivity), as cached; the English
  workbooks of the same scenarios show n/a in the same cells;
- the zh-CN seed workbook, printed to PDF by LibreOffice, reads as Chinese (its text
  holds the sheets' Chinese titles), and PNG pages of it are left in
  BUILD_DIR/templates-render for a person to look at.
Exit 0 when all hold; 1 otherwise.
"""
import os, re, shutil, subprocess, sys, tempfile, zipfile
import xml.etree.ElementTree as ET

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, render_pdfs, run_audit, tco_binary  # noqa: E402

SCENARIOS = ["config/seed-2026.ini", "tests/data/analysis.ini", "config/seed-70b-inference.ini"]
AUDITED = "config/seed-2026.ini"
EPOCH = "1767225600"  # 2026-01-01, so that every run writes the same files
CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
      "a": "http://schemas.openxmlformats.org/drawingml/2006/main"}

problems = []


def fail(msg):
    problems.append(msg)
    print("FAIL: " + msg)


def writer(build, repo):
    """A function (ini, out, template or None) -> (returncode, stderr)."""
    tco = tco_binary(build)
    helps = subprocess.run([tco, "report", "--help"], capture_output=True, text=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    if "--template" in helps.stdout + helps.stderr:
        def run(ini, out, tpl):
            cmd = [tco, "report", ini, "-o", out] + (["--template", tpl] if tpl else [])
            p = subprocess.run(cmd, capture_output=True, text=True, env=env)
            return p.returncode, p.stderr
        return run, "tco report --template"
    helper = os.path.join(os.path.abspath(build), "tpl_report")
    if not os.access(helper, os.X_OK):
        raise SystemExit(f"no {helper} (build the target tpl_report)")

    def run(ini, out, tpl):
        p = subprocess.run([helper, ini, out] + ([tpl] if tpl else []), capture_output=True,
                           text=True, env=env)
        return p.returncode, p.stderr
    return run, "tpl_report"


def formula_sheet(name):
    """The name as a formula writes it."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", name) and not re.fullmatch(r"[A-Za-z]{1,3}\d+", name):
        return name
    return "'" + name.replace("'", "''") + "'"


def normalize(formula, names):
    """The formula with every sheet reference replaced by the sheet's place."""
    for i, name in sorted(enumerate(names), key=lambda x: -len(x[1])):
        quoted = "'" + name.replace("'", "''") + "'"
        formula = formula.replace(quoted + "!", f"#S{i}!")
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", name):
            formula = re.sub(r"(?<![A-Za-z0-9_.'#])" + re.escape(name) + "!", f"#S{i}!", formula)
    return formula


def load(path):
    """(sheet names, states, {(sheet index, cell): (formula or value, cached)}, names)."""
    f = openpyxl.load_workbook(path, data_only=False)
    v = load_values(path)
    names = [ws.title for ws in f.worksheets]
    states = [ws.sheet_state for ws in f.worksheets]
    cells = {}
    for i, (wf, wv) in enumerate(zip(f.worksheets, v.worksheets)):
        for row in wf.iter_rows():
            for c in row:
                if c.value is not None:
                    cells[(i, c.coordinate)] = (c.value, wv[c.coordinate].value)
    try:
        defined = {n: d.attr_text for n, d in f.defined_names.items()}
    except AttributeError:  # older openpyxl
        defined = {d.name: d.attr_text for d in f.defined_names.definedName}
    return names, states, cells, defined


def is_formula(v):
    return isinstance(v, str) and v.startswith("=")


def compare_same(tag, a, b):
    """Identical workbooks, text included."""
    na, sa, ca, da = a
    nb, sb, cb, db = b
    if na != nb or sa != sb:
        fail(f"{tag}: sheets differ: {na} / {nb}")
    diff = [k for k in set(ca) | set(cb) if ca.get(k) != cb.get(k)]
    for k in sorted(diff)[:10]:
        fail(f"{tag}: {na[k[0]] if k[0] < len(na) else k[0]}!{k[1]}: {ca.get(k)!r} / {cb.get(k)!r}")
    if da != db:
        fail(f"{tag}: defined names differ")
    return not diff


def template_words(path, english):
    """{the template's word: the English word} for the words (word.*: n/a and the
    break-even words), which formulas give as their results in the template's language;
    english is the English template."""
    def words(p):
        return {l.get("key"): l.text for l in ET.parse(p).getroot().iter()
                if l.tag.endswith("label") and (l.get("key") or "").startswith("word.")}
    en = words(english)
    return {t: en[k] for k, t in words(path).items() if t}


def english_words(x, words):
    """x (a formula or a cached value) with the template's words in English."""
    if not isinstance(x, str):
        return x
    if x in words:
        return words[x]
    for w, e in words.items():
        x = x.replace('"%s"' % w.replace('"', '""'), '"%s"' % e)
    return x


def compare_model(tag, en, zh, words=None):
    """Same formulas and values; text cells may differ, and formulas may give the
    words (words: the zh template's, in English) in each template's language."""
    words = words or {}
    ne, se, ce, de = en
    nz, sz, cz, dz = zh
    ok = True
    if len(ne) != len(nz) or se != sz:
        fail(f"{tag}: sheets differ: {ne} {se} / {nz} {sz}")
        return False
    if {k: normalize(v, ne) for k, v in de.items()} != {k: normalize(v, nz) for k, v in dz.items()}:
        fail(f"{tag}: defined names differ: {de} / {dz}")
        ok = False
    shown = 0
    for k in sorted(set(ce) | set(cz)):
        a, b = ce.get(k), cz.get(k)
        where = f"{tag}: {ne[k[0]]}!{k[1]}"
        if a is None or b is None:
            bad = f"a cell only in one workbook: {a!r} / {b!r}"
        elif is_formula(a[0]) or is_formula(b[0]):
            fa = normalize(a[0], ne) if is_formula(a[0]) else a[0]
            fb = english_words(normalize(b[0], nz) if is_formula(b[0]) else b[0], words)
            if fa != fb:
                bad = f"formulas differ: {a[0]!r} / {b[0]!r}"
            elif a[1] != english_words(b[1], words):
                bad = f"cached values differ: {a[1]!r} / {b[1]!r}"
            else:
                continue
        elif isinstance(a[0], str) and isinstance(b[0], str):
            continue  # a text cell: the template's words
        elif a[0] != b[0]:
            bad = f"values differ: {a[0]!r} / {b[0]!r}"
        else:
            continue
        ok = False
        shown += 1
        if shown <= 15:
            fail(f"{where}: {bad}")
    if shown > 15:
        fail(f"{tag}: {shown - 15} more differences")
    return ok


def chart_titles(path):
    """Every chart and axis title's text, per chart part."""
    out = []
    with zipfile.ZipFile(path) as z:
        for part in sorted(n for n in z.namelist() if re.match(r"xl/charts/chart\d+\.xml$", n)):
            root = ET.fromstring(z.read(part))
            for title in root.iter("{%s}title" % NS["c"]):
                text = "".join(t.text or "" for t in title.iter("{%s}t" % NS["a"]))
                if text:
                    out.append((part, text))
    return out


def check_chinese(tag, en, zh, path):
    ne, nz = en[0], zh[0]
    fixed = {"About", "Inputs", "Summary", "Workload", "Buy-vs-Rent", "Sensitivity", "Cases",
             "Monte Carlo", "Checks"}
    for a, b in zip(ne, nz):
        if a in fixed and not CJK.search(b):
            fail(f"{tag}: sheet {a!r} is not Chinese in zh-CN: {b!r}")
    titles = chart_titles(path)
    if not titles:
        fail(f"{tag}: no chart titles in the zh-CN workbook")
    for part, text in titles:
        if not CJK.search(text):
            fail(f"{tag}: {part}: title {text!r} is not Chinese")
    with zipfile.ZipFile(path) as z:
        styles = z.read("xl/styles.xml").decode("utf-8")
    if 'val="Noto Sans CJK SC"' not in styles or 'val="Calibri"' in styles:
        fail(f"{tag}: the zh-CN cell fonts are not all Noto Sans CJK SC")


def render(zh_book, outdir):
    """PDF of the zh-CN workbook by LibreOffice, its text, and PNG pages at 60 dpi."""
    pdf = render_pdfs([zh_book], outdir, timeout=600)[zh_book]
    if pdf is None:
        fail("LibreOffice did not print the zh-CN workbook to PDF")
        return
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                          text=True).stdout
    for want in ("总拥有成本", "输入参数", "逐月现金流", "净现值", "盈亏平衡", "校验"):
        if want not in text:
            fail(f"the zh-CN PDF does not read {want!r}")
    fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True).stdout
    cjk_fonts = [l for l in fonts.splitlines() if re.search(r"CJK|Droid|WenQuanYi|Hei|Song|Ming", l)]
    print(f"zh-CN PDF: {len(text)} characters; CJK fonts: "
          + (", ".join(l.split()[0] for l in cjk_fonts) or "none"))
    if not cjk_fonts:
        fail("the zh-CN PDF has no CJK font: install fonts-noto-cjk")
    subprocess.run(["pdftoppm", "-r", "60", "-png", pdf, os.path.join(outdir, "page")],
                   capture_output=True, timeout=600)


NA_EN, NA_ZH = "n/a", "不适用"  # word.na in default.xml and zh-CN.xml
# (tag, shipped INI, [option ID] and the keys dropped from it, template of the zh-CN
# workbook (None: the INI's own), and where a figure has no value: (sheet, field in
# column B, option id); fields that need the option's throughput, memory or FLOPS.
NA_CASES = [
    ("seed-2026-zh", "config/seed-2026-zh.ini", None, (), None, []),
    ("seed-2026-zh without throughput", "config/seed-2026-zh.ini", "a100-cloud",
     ("throughput",), None,
     [("Summary", "cost_per_unit", "a100-cloud")]),
    ("seed-30b-training without FLOPS", "config/seed-30b-training.ini", "a100-cloud",
     ("gpu", "fp16_tflops", "memory_gb", "throughput"), "zh",
     [("Summary", "cost_per_unit", "a100-cloud"), ("Summary", "cost_per_pflop_hour", "a100-cloud")]
     + [("Workload", "sizing." + f, "a100-cloud") for f in
        ("min_gpus", "fits", "train_hours", "train_days", "run_gpu_hours", "cost_per_run",
         "runs_in_horizon", "tokens_per_currency")]),
]


def without_keys(src, dst, option, keys):
    """A copy of the INI src at dst without the keys of [option ID] named in keys."""
    out, inside = [], False
    for line in open(src, encoding="utf-8"):
        if line.startswith("["):
            inside = line.strip() == f"[option {option}]"
        elif inside and line.split("=")[0].strip() in keys:
            continue
        out.append(line)
    with open(dst, "w", encoding="utf-8") as f:
        f.writelines(out)


def values(path):
    """{(sheet index, cell): value} of a workbook (cached values), and its sheet names."""
    wb = load_values(path)
    return ({(i, c.coordinate): c.value for i, ws in enumerate(wb.worksheets)
             for row in ws.iter_rows() for c in row if c.value is not None},
            wb.sheetnames)


def where_na(cells, word):
    return {k for k, v in cells.items() if v == word}


def field_cell(cells, names, sheet, field, option):
    """(sheet index, cell) of an option's figure `field` on the English sheet `sheet`:
    the row whose column B is the field, in the option's column (Summary and Workload
    give the options the same columns: the Summary's id row names them)."""
    rows = {}
    for (i, c), v in cells.items():
        m = re.fullmatch(r"([A-Z]+)(\d+)", c)
        rows.setdefault((i, int(m.group(2))), {})[m.group(1)] = v
    summary, si = names.index("Summary"), names.index(sheet)
    ids = next((r for (i, _), r in rows.items() if i == summary and r.get("B") == "id"), {})
    letter = next((k for k, v in ids.items() if k not in ("A", "B", "C") and v == option), None)
    row = next((n for (i, n), r in sorted(rows.items()) if i == si and r.get("B") == field), None)
    return (si, f"{letter}{row}") if letter and row else None


def check_na_word(run, repo, tpl, tmp):
    """The n/a word in the zh-CN workbook recalculated by LibreOffice, against the English
    workbook of the same scenario."""
    for tag, ini, option, keys, zh_tpl, figures in NA_CASES:
        src = os.path.join(repo, ini)
        if option:
            src = os.path.join(tmp, re.sub(r"\W+", "-", tag) + ".ini")
            without_keys(os.path.join(repo, ini), src, option, keys)
        books = {}
        for lang, t in (("en", tpl["en"]), ("zh", tpl.get(zh_tpl))):
            out = os.path.join(tmp, re.sub(r"\W+", "-", tag) + f"-{lang}.xlsx")
            rc, err = run(src, out, t)
            if rc != 0 or not os.path.exists(out):
                fail(f"{tag} ({lang}): exit {rc}: {err.strip()[:500]}")
                break
            books[lang] = (values(out), values(lo_recalc(out, os.path.join(tmp, "lo-na"))))
        if len(books) != 2:
            continue
        (en_cached, en_names), (en_calc, _) = books["en"]
        (zh_cached, zh_names), (zh_calc, _) = books["zh"]
        if len(en_names) != len(zh_names):
            fail(f"{tag}: sheets differ: {en_names} / {zh_names}")
            continue
        for what, cells in (("cached", zh_cached), ("recalculated", zh_calc)):
            bad = sorted(k for k, v in cells.items() if isinstance(v, str) and NA_EN in v)
            for k in bad[:5]:
                fail(f"{tag}: zh-CN {what} {zh_names[k[0]]}!{k[1]} shows n/a: {cells[k]!r}"[:300])
        shown = where_na(zh_calc, NA_ZH)
        if shown != where_na(zh_cached, NA_ZH):
            fail(f"{tag}: zh-CN: LibreOffice shows {NA_ZH} in "
                 f"{sorted(shown ^ where_na(zh_cached, NA_ZH))[:5]} unlike the cached values")
        if shown != where_na(en_calc, NA_EN) or where_na(en_calc, NA_EN) != where_na(en_cached, NA_EN):
            fail(f"{tag}: {NA_ZH} (zh-CN) and n/a (English) in different cells: "
                 f"{sorted(shown ^ where_na(en_calc, NA_EN))[:5]}")
        si = en_names.index("Sensitivity")
        if not any(k[0] == si for k in shown):
            fail(f"{tag}: no Sensitivity input shows {NA_ZH}")
        about = [v for (i, c), v in zh_calc.items() if i == 0 and isinstance(v, str)]
        if not any(v.startswith(NA_ZH + "、") for v in about) or \
                not any(v.startswith(NA_ZH + "：") for v in about):
            fail(f"{tag}: the zh-CN About sheet does not explain {NA_ZH}")
        for sheet, field, opt in figures:
            at = field_cell(en_calc, en_names, sheet, field, opt)
            if at is None:
                fail(f"{tag}: no {sheet} row {field}")
                continue
            got = (en_calc.get(at), zh_calc.get(at), zh_cached.get(at))
            if got != (NA_EN, NA_ZH, NA_ZH):
                fail(f"{tag}: {sheet} {field} of {opt} ({at[1]}): English, zh-CN recalculated "
                     f"and cached {got!r}, want n/a, {NA_ZH}, {NA_ZH}")
        print(f"{tag}: {len(shown)} cells show {NA_ZH} in zh-CN and n/a in English"
              f" ({len(figures)} figures checked by name)")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, repo = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    run, how = writer(build, repo)
    print(f"writing with {how}")
    tpl = {"en": os.path.join(repo, "templates", "default.xml"),
           "zh": os.path.join(repo, "templates", "zh-CN.xml")}
    with tempfile.TemporaryDirectory() as tmp:
        for ini in SCENARIOS:
            base = os.path.splitext(os.path.basename(ini))[0]
            paths = {}
            for key, t in (("none", None), ("en", tpl["en"]), ("zh", tpl["zh"])):
                paths[key] = os.path.join(tmp, f"{base}-{key}.xlsx")
                rc, err = run(os.path.join(repo, ini), paths[key], t)
                if rc != 0 or not os.path.exists(paths[key]):
                    fail(f"{ini} with {key}: exit {rc}: {err.strip()[:500]}")
            if len(paths) != 3 or not all(os.path.exists(p) for p in paths.values()):
                continue
            books = {k: load(p) for k, p in paths.items()}
            same = compare_same(f"{ini} default.xml against no template", books["none"], books["en"])
            model = compare_model(f"{ini} zh-CN against default", books["en"], books["zh"],
                                  template_words(tpl["zh"], tpl["en"]))
            check_chinese(ini, books["en"], books["zh"], paths["zh"])
            n = len(books["en"][2])
            print(f"{ini}: {len(books['en'][0])} sheets, {n} cells: default.xml "
                  f"{'= built-in' if same else 'DIFFERS'}; zh-CN model {'same' if model else 'DIFFERS'}")
            if ini == AUDITED:
                for key in ("en", "zh"):
                    ok, last = run_audit(paths[key])
                    print(f"audit {key}: {last}")
                    if not ok:
                        fail(f"{ini} with {key}: the audit failed: {last}")
                outdir = os.path.join(build, "templates-render")
                shutil.rmtree(outdir, ignore_errors=True)
                os.makedirs(outdir)
                zh_book = os.path.join(outdir, "seed-2026-zh-CN.xlsx")
                shutil.copy(paths["zh"], zh_book)
                render(zh_book, outdir)
        check_na_word(run, repo, tpl, tmp)
    print("FAILED" if problems else "all templates give the same model")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
