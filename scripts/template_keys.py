#!/usr/bin/python3
"""List the label keys of the workbook writer, with their built-in English.

  scripts/template_keys.py [REPO]              every key and its English, one per line (TSV)
  scripts/template_keys.py [REPO] --xml        a <labels> block for a new template
  scripts/template_keys.py [REPO] --check TPL  the keys TPL lacks, the keys it has that the
                                               code does not use, and keys the code uses with
                                               two English texts; exit 1 if any is lacking or
                                               used twice

Keys come from the sources, as tests/unit/test_template.c finds them: the first string of
every xw_label/xw_labelf call and every XW_KEY("...") in tco/write/xlsx/*.c (the sheets' names,
sheet.KIND, among them: tco/write/xlsx/sheets.c); then the keys made at run time: INI keys
(input.SECTION.NAME, .unit), Inputs
section headings (inputs.section.SECTION) and depreciation methods (depreciation.NAME),
read from the key table (tco/core/keys.c); and the Summary's rows and block headings
(summary.field.NAME, summary.group.NAME), read from the result field table
(tco/core/fields.c); and the cost lines' (summary.field.NAME, budget.col.NAME,
option.line.NAME), read from their list (tco/include/tco_lines.h).
The English is the literal that follows the key (placeholders such as {currency} are
filled in when the workbook is written).
"""
import glob, os, re, sys
import xml.etree.ElementTree as ET

STRING = r'"(?:[^"\\]|\\.)*"'
CONFLICTS = []  # (key, english, other english): one key used for two texts


def unescape(lit):
    body = lit[1:-1]
    out = bytearray()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out += ch.encode("utf-8")
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "x":
            m = re.match(r"[0-9A-Fa-f]{1,2}", body[i + 2:])
            out.append(int(m.group(0), 16))
            i += 2 + len(m.group(0))
        else:
            out += {"n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\", "'": b"'"}.get(
                nxt, nxt.encode())
            i += 2
    return out.decode("utf-8")


def strip_comments(src):
    return re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: " " * len(m.group(0)), src, flags=re.S)


def literal_run(src, pos):
    """Concatenated string literals starting at pos (after white space): (text, end)."""
    m = re.compile(r"\s*((?:" + STRING + r"\s*)+)").match(src, pos)
    if not m:
        return None, pos
    return "".join(unescape(l) for l in re.findall(STRING, m.group(1))), m.end()


def source_keys(repo):
    """{key: english or None} from xw_label* calls and XW_KEY markers."""
    keys = {}
    for path in sorted(glob.glob(os.path.join(repo, "tco", "write", "xlsx", "*.c"))):
        src = strip_comments(open(path, encoding="utf-8").read())
        for m in re.finditer(r"\bxw_labelf?\s*\(", src):
            lit = re.compile(STRING).search(src, m.end())
            if not lit:
                continue
            key = unescape(lit.group(0))
            rest = re.compile(r"\s*,").match(src, lit.end())
            english = literal_run(src, rest.end())[0] if rest else None
            if english is not None and keys.get(key) not in (None, english):
                CONFLICTS.append((key, keys[key], english))
            keys.setdefault(key, english)
            if english is not None and keys[key] is None:
                keys[key] = english
        for m in re.finditer(r"\bXW_KEY\s*\(\s*(" + STRING + r")\s*\)\s*,", src):
            key = unescape(m.group(1))
            english = literal_run(src, m.end())[0]
            keys.setdefault(key, english)
    return {k: v for k, v in keys.items() if re.fullmatch(r"[a-z0-9][a-z0-9_\-]*(\.[a-z0-9_\-]+)+", k)}


def table_rows(path, enum_prefix):
    """The designated-initialiser rows of a C table, `[ENUM_VALUE] = {.member = value, ...}`:
    one {member: text} per row, string literals unescaped."""
    src = strip_comments(open(path, encoding="utf-8").read())
    rows = []
    for m in re.finditer(r"\[" + enum_prefix + r"\w+\]\s*=\s*\{(.*?)\}\s*,", src, flags=re.S):
        row = {}
        for f in re.finditer(r"\.(\w+)\s*=\s*((?:" + STRING + r"\s*)+|[^,}]+)", m.group(1)):
            value = f.group(2).strip()
            lits = re.findall(STRING, value)
            row[f.group(1)] = "".join(unescape(l) for l in lits) if lits else value
        rows.append(row)
    return rows


def key_table(repo):
    """The INI keys of tco/core/keys.c: (name, section, unit, unit_label, label)."""
    path = os.path.join(repo, "tco", "core", "keys.c")
    return [(r["name"], r["section"], r.get("unit", "TCO_U_NONE"), r.get("unit_label", ""),
             r.get("label", "")) for r in table_rows(path, "TCO_[SO]_")]


def field_keys(repo):
    """The Summary's label and block keys of tco/core/fields.c: {key: english}."""
    keys = {}
    for r in table_rows(os.path.join(repo, "tco", "core", "fields.c"), "TCI_F_"):
        if "label_key" in r:
            keys[r["label_key"]] = r.get("label")
        if "group_key" in r:
            keys[r["group_key"]] = r.get("group")
    return keys


def line_keys(repo):
    """The cost lines' keys of tco/include/tco_lines.h (TCO_COST_LINES): {key: english}."""
    src = strip_comments(open(os.path.join(repo, "tco", "include", "tco_lines.h"),
                              encoding="utf-8").read()).replace("\\\n", " ")
    keys = {}
    entry = (r"\bX\(\s*\w+\s*,\s*(\w+)\s*,\s*\w+\s*,\s*\w+\s*,\s*(" + STRING + r")\s*,\s*(" + STRING +
             r")\s*,\s*(" + STRING + r")\s*\)")
    for m in re.finditer(entry, src):
        name = m.group(1)
        for prefix, lit in (("summary.field.", 2), ("budget.col.", 3), ("option.line.", 4)):
            keys[prefix + name] = unescape(m.group(lit))
    return keys


def all_keys(repo):
    keys = source_keys(repo)
    for k, v in field_keys(repo).items():
        keys.setdefault(k, v)
    for k, v in line_keys(repo).items():
        keys.setdefault(k, v)
    sections = []
    for name, section, unit, unit_label, label in key_table(repo):
        keys.setdefault(f"input.{section}.{name}", label)
        if unit == "TCO_U_MONEY":
            keys.setdefault(f"input.{section}.{name}.unit",
                            "{currency}" + (" " + unit_label if unit_label else ""))
        elif unit == "TCO_U_RATE":
            keys.setdefault(f"input.{section}.{name}.unit", "{unit}s/s per GPU")
        elif unit_label:
            keys.setdefault(f"input.{section}.{name}.unit", unit_label)
        if section != "option" and section not in sections:
            sections.append(section)
    for section in sections:
        keys.setdefault(f"inputs.section.{section}", section.capitalize())
    src = strip_comments(open(os.path.join(repo, "tco", "core", "keys.c"), encoding="utf-8").read())
    m = re.search(r"depreciation_names\[\]\s*=\s*\{(.*?)\}", src, flags=re.S)
    for lit in re.findall(STRING, m.group(1) if m else ""):
        keys.setdefault("depreciation." + unescape(lit), unescape(lit))
    return keys


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    args = [a for a in sys.argv[1:]]
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if args and not args[0].startswith("--"):
        repo = args.pop(0)
    keys = all_keys(repo)
    if not args:
        for k in sorted(keys):
            print(f"{k}\t{keys[k] if keys[k] is not None else ''}")
    elif args[0] == "--xml":
        print("  <labels>")
        for k in sorted(keys):
            print(f'    <label key="{k}">{xml_escape(keys[k] or k)}</label>')
        print("  </labels>")
    elif args[0] == "--check" and len(args) == 2:
        have = {l.get("key") for l in ET.parse(args[1]).getroot().iter("label")}
        missing = sorted(set(keys) - have)
        unused = sorted(have - set(keys))
        for k in missing:
            print(f"missing: {k}\t{keys[k]}")
        for k in unused:
            print(f"unused: {k}")
        for k, a, b in CONFLICTS:
            print(f"conflict: {k}: {a!r} and {b!r}")
        sys.exit(1 if missing or CONFLICTS else 0)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
