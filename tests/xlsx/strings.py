#!/usr/bin/python3
"""User strings stay text, and sheet names stay valid.

  strings.py BUILD_DIR REPO_DIR

Writes the workbook of a scenario whose labels start with =, +, - and @, are Chinese,
hold quotes, apostrophes and ampersands, and whose ids collide once cut to 31
characters, differ only in case or are the names of fixed sheets. Then checks:
- every label is a text cell (no formula) wherever it is written, read back by openpyxl
  and in the sheet XML;
- every sheet name is at most 31 characters, has none of []:*?/\\, does not start or
  end with an apostrophe, is not empty and is unique ignoring case;
- the title property and the page header carry the name (& doubled in the header);
- the workbook audits clean in LibreOffice and Gnumeric (recalc_audit.py).
Exit 0 when all hold; 1 otherwise.
"""
import os, re, subprocess, sys, tempfile, zipfile
import xml.etree.ElementTree as ET

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import run_audit, tco_binary  # noqa: E402

NAME = 'R&D "lab" <model> =1+1 大模型训练'
OPTIONS = [  # id, label, acquire
    ("eq", "=1+1", "buy"),
    ("plus", "+SUM(A1:A3)", "buy"),
    ("minus", "-2", "rent"),
    ("at", "@cmd", "buy"),
    ("zh", "华为昇腾 910B，购买（一台八卡服务器）", "buy"),
    ("zh-cloud", "云上租用 H100：按需计费", "rent"),
    ("bob", "Bob's 'rig' & co", "buy"),
    ("a-very-long-option-identifier-number-1-x", "Long id one", "buy"),
    ("a-very-long-option-identifier-number-1-y", "Long id two", "buy"),
    ("About", "Named like a fixed sheet", "rent"),
    ("history", "Named like Excel's reserved sheet", "buy"),
    ("sensitivity", "Named like an analysis sheet", "buy"),
    ("Buy-vs-Rent", "Named like the buy-or-rent sheet", "rent"),
    ("Case", "Upper case id", "buy"),
    ("case", "Lower case id", "buy"),
]

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def scenario():
    out = ["[scenario]", f"name = {NAME}", "currency = CNY", "horizon_months = 24",
           "as_of = 2026-01-15", "author = =cmd|' /C calc'!A0", "company = 公司 & Co",
           "baseline = zh-cloud", "", "[site]", "electricity_price = 0.6", "",
           "[workload]", "utilization = 0.5", "unit = 样本"]
    for oid, label, acquire in OPTIONS:
        out += ["", f"[option {oid}]", f"label = {label}", f"acquire = {acquire}", "count = 8",
                "fp16_tflops = 312", "throughput = 3"]
        if acquire == "buy":
            out += ["tdp_w = 400", "gpu_price = 90000", "server_price = 400000"]
        else:
            out += ["price_per_gpu_hour = 12.5"]
    return "\n".join(out) + "\n"


def sheet_xml_paths(z):
    """{sheet name: path of its XML part}."""
    wb = ET.fromstring(z.read("xl/workbook.xml"))
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target") for r in rels}
    rid = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    return {s.get("name"): "xl/" + target[s.get(rid)].lstrip("/").replace("xl/", "")
            for s in wb.find("m:sheets", NS)}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])  # REPO_DIR: the same arguments as the other tests
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        ini, book = os.path.join(tmp, "strings.ini"), os.path.join(tmp, "strings.xlsx")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(scenario())
        p = subprocess.run([tco, "report", ini, "-o", book], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"FAIL: tco exited {p.returncode}: {p.stderr}")
            return 1

        # Sheet names.
        wb = openpyxl.load_workbook(book)
        seen = set()
        for name in wb.sheetnames:
            why = []
            if not name or len(name) > 31:
                why.append("length")
            if re.search(r"[\[\]:*?/\\]", name):
                why.append("forbidden character")
            if name.startswith("'") or name.endswith("'"):
                why.append("apostrophe at an end")
            if name.lower() in seen:
                why.append("duplicate ignoring case")
            seen.add(name.lower())
            if why:
                problems.append(f"sheet name {name!r}: {', '.join(why)}")
        # About, Inputs, Annual, Summary, Budget, Statements, Buy-vs-Rent, Sensitivity,
        # Checks and one per option.
        if len(wb.sheetnames) != len(OPTIONS) + 9:
            problems.append(f"expected {len(OPTIONS) + 9} sheets, got {wb.sheetnames}")

        # Labels are text where they are written: Summary headings, Inputs, sheet titles.
        labels = {label for _, label, _ in OPTIONS}
        found = {}
        for ws in wb.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    if isinstance(c.value, str) and c.value in labels:
                        found.setdefault(c.value, []).append(f"{ws.title}!{c.coordinate}")
                        if c.data_type != "s":
                            problems.append(f"{ws.title}!{c.coordinate} {c.value!r} is "
                                            f"{c.data_type}, not text")
        for label in labels:
            if len(found.get(label, [])) < 3:
                problems.append(f"label {label!r} written as text only at {found.get(label)}")

        z = zipfile.ZipFile(book)
        paths = sheet_xml_paths(z)
        seen_xml = set()  # labels found as text cells in the XML
        for sheet_name in ("Summary", "Inputs"):
            root = ET.fromstring(z.read(paths[sheet_name]))
            strings = []  # the shared strings, when the workbook has them
            if "xl/sharedStrings.xml" in z.namelist():
                sst = ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS)
                strings = ["".join(t.text or "" for t in si.iter(f"{{{NS['m']}}}t"))
                           for si in sst]
            for c in root.iter(f"{{{NS['m']}}}c"):
                text = None
                v = c.find("m:v", NS)
                if c.get("t") == "s" and v is not None:
                    text = strings[int(v.text)]
                elif c.get("t") == "inlineStr":  # constant_memory writes strings in place
                    text = "".join(t.text or "" for t in c.iter(f"{{{NS['m']}}}t"))
                if text in labels and c.find("m:f", NS) is not None:
                    problems.append(f"{sheet_name}!{c.get('r')} has a formula")
                if text in labels:
                    seen_xml.add(text)

        for label in labels:
            if label not in seen_xml:
                problems.append(f"label {label!r} not found as a text cell in the sheet XML")

        # Properties and page header.
        core = z.read("docProps/core.xml").decode("utf-8")
        title = re.search(r"<dc:title>(.*?)</dc:title>", core, re.S)
        title = title and title.group(1).replace("&amp;", "&").replace("&lt;", "<") \
            .replace("&gt;", ">").replace("&quot;", '"')
        if title != NAME:
            problems.append(f"title property {title!r}")
        head = ET.fromstring(z.read(paths["Summary"])).find("m:headerFooter/m:oddHeader", NS)
        if head is None or "R&&D" not in (head.text or ""):
            problems.append(f"page header {head.text if head is not None else None!r}")

        ok, summary = run_audit(book)
        print("audit:", summary)
        if not ok:
            problems.append("audit failed")

    for pr in problems:
        print("FAIL", pr)
    print(f"sheets: {len(seen)}; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
