"""Edits of a workbook's XML, for tests that change Inputs and keep every other byte
(a workbook re-saved by openpyxl has no cached values): its parts read and written with
zipfile, a cell of a sheet part replaced, the Inputs rows found by their key column."""
import re, zipfile


def parts(book):
    """{part name: bytes} of a workbook."""
    with zipfile.ZipFile(book) as z:
        return {i.filename: z.read(i.filename) for i in z.infolist()}


def write_book(path, files, compress=zipfile.ZIP_DEFLATED):
    """The parts `files` written as the workbook at path; returns path."""
    with zipfile.ZipFile(path, "w", compress) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


def name_cell(files, name):
    """(sheet part, cell) of a defined name, e.g. ('xl/worksheets/sheet2.xml', 'C12')."""
    wb = files["xl/workbook.xml"].decode()
    ref = re.search(r'<definedName name="%s"[^>]*>([^<]*)<' % name, wb).group(1)
    sheet, cell = ref.rsplit("!", 1)
    sheet = sheet.strip("'")
    rid = re.search(r'<sheet name="%s" sheetId="\d+" r:id="(rId\d+)"' % re.escape(sheet),
                    wb).group(1)
    rels = files["xl/_rels/workbook.xml.rels"].decode()
    target = re.search(r'Id="%s"[^>]*Target="([^"]+)"' % rid, rels) or \
        re.search(r'Target="([^"]+)"[^>]*Id="%s"' % rid, rels)
    return "xl/" + target.group(1).lstrip("/").replace("xl/", "", 1), cell.replace("$", "")


def cell_xml(files, part, cell):
    """The XML of cell `cell` of `part` (<c r=...>...</c>), or None."""
    m = re.search(r'<c r="%s"[^>]*?(/>|>.*?</c>)' % cell, files[part].decode())
    return m.group(0) if m else None


def set_cell(files, part, cell, xml_inner, attrs=""):
    """Replace cell `cell` of `part` by <c r=cell attrs>xml_inner</c>."""
    s = files[part].decode()
    new, n = re.subn(r'<c r="%s"[^>]*?(/>|>.*?</c>)' % cell,
                     '<c r="%s"%s>%s</c>' % (cell, attrs, xml_inner), s, count=1)
    assert n == 1, (part, cell)
    files[part] = new.encode()


def set_number(files, part, cell, value):
    """Cell `cell` of `part` made the constant `value`, its style kept (a formula,
    if it held one, replaced)."""
    old = cell_xml(files, part, cell)
    style = re.search(r' s="\d+"', old) if old else None
    set_cell(files, part, cell, "<v>%r</v>" % float(value), style.group(0) if style else "")


def column_texts(files, part, col="B"):
    """(row, text) of each string in column `col` (B: the keys) of `part`, in order:
    strings in place (a workbook written in constant_memory mode) or in the
    shared-string table (a smaller one)."""
    sst = [''.join(re.findall(r'<t[^>]*>([^<]*)</t>', si)) for si in
           re.findall(r'<si>(.*?)</si>', files.get("xl/sharedStrings.xml", b"").decode(), re.S)]
    out = []
    for r, attrs, inner in re.findall(r'<c r="%s(\d+)"([^>]*)>(.*?)</c>' % col,
                                      files[part].decode()):
        if 't="inlineStr"' in attrs:
            out.append((r, ''.join(re.findall(r'<t[^>]*>([^<]*)</t>', inner))))
        elif 't="s"' in attrs:
            out.append((r, sst[int(re.search(r'<v>(\d+)</v>', inner).group(1))]))
    return out


def key_row_cell(files, part, option, key):
    """The value cell (column C) of `key` in the block of [option `option`] on
    Inputs, found by the key column (column B)."""
    inside = False
    for r, text in column_texts(files, part):
        if text.startswith("["):
            inside = text == f"[option {option}]"
        elif inside and text == key:
            return f"C{r}"
    raise SystemExit(f"{option}.{key} not on Inputs")
