#!/usr/bin/python3
"""Count the input cells of a workbook's Inputs sheet and the assumptions they hold.

  count_inputs.py BOOK.xlsx

An input cell is a constant of column C styled as an input (the fill of the
DiscountRate cell). An assumption is one value the scenario states: an input
cell's key (column B) and source (column E: the INI line it is written on, or a
catalog entry), a documented default counted once for each option or section
that takes it. With every assumption in one cell (docs/WORKBOOK.md, Inputs) the
two counts are equal; a value copied into several cells counts once as an
assumption and once per cell as an input. Prints "N input cells, M assumptions".
"""
import sys

import openpyxl


def count(book):
    wb = openpyxl.load_workbook(book)
    dn = wb.defined_names["DiscountRate"]
    sheet, coord = next(iter(dn.destinations))
    ws = wb[sheet]
    fill = ws[coord.replace("$", "")].fill.fgColor.rgb
    cells, assumptions = 0, set()
    section = ""
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=10):
        key, value, source = row[1].value, row[2], row[4].value
        if isinstance(key, str) and key.startswith("[option "):
            section = key
        if value.value is None or value.data_type == "f" or \
                (isinstance(value.value, str) and value.value.startswith("=")):
            continue
        if value.fill.fgColor.rgb != fill:
            continue
        cells += 1
        owner = row[9].value or section
        src = source or ""
        if not any(src.startswith(w) for w in (".ini:", "catalog")) and ".ini:" not in src:
            src = f"{src} {owner if not str(key).startswith('[') else ''}"
        assumptions.add((str(key).split("] ")[-1], src))
    return cells, len(assumptions)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cells, assumptions = count(sys.argv[1])
    print(f"{cells} input cells, {assumptions} assumptions")


if __name__ == "__main__":
    main()
