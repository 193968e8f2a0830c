#!/usr/bin/python3
"""Count the input cells of a workbook's Inputs sheet and the assumptions they hold.

  count_inputs.py BOOK.xlsx

An input cell is a constant of column C styled as an input (the fill of the
DiscountRate cell). An assumption is one value the scenario states: an input
cell's key (column B, without its "[section] ") and its source (column E: the
INI line it is written on, or the catalog entry), a documented default counted
once for each section that takes it (column J, or the block's "[option ID]").
With each assumption in one cell (docs/WORKBOOK.md, Inputs) the two counts are
equal; a value copied into several cells counts once as an assumption and once
per cell as an input. Prints "N input cells, M assumptions, K without a data
validation"; importable (count()).
"""
import sys

import openpyxl


def validated(ws):
    """The (row, column) of every cell of ws with a data validation with an input
    message."""
    cells = set()
    for dv in ws.data_validations.dataValidation:
        if not dv.prompt:
            continue
        for rng in dv.sqref.ranges:
            for r in range(rng.min_row, rng.max_row + 1):
                for c in range(rng.min_col, rng.max_col + 1):
                    cells.add((r, c))
    return cells


def count(book):
    """(input cells, assumptions, the keys of the input cells without a validation)."""
    wb = openpyxl.load_workbook(book)
    sheet, coord = next(iter(wb.defined_names["DiscountRate"].destinations))
    ws = wb[sheet]
    fill = ws[coord.replace("$", "")].fill.fgColor.rgb
    checked = validated(ws)
    cells, assumptions, bare, section = 0, set(), [], ""
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=10):
        key, value, source = row[1].value, row[2], row[4].value or ""
        if isinstance(key, str) and key.startswith("[option "):
            section = key
        if value.value is None or value.data_type == "f" or value.fill.fgColor.rgb != fill:
            continue
        cells += 1
        if (value.row, 3) not in checked:
            bare.append(f"{value.coordinate} {key}")
        if ".ini:" not in source and not source.startswith("catalog"):
            source += " " + (row[9].value or section)  # a default: its section's own
        assumptions.add((str(key).split("] ")[-1], source))
    return cells, len(assumptions), bare


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cells, assumptions, bare = count(sys.argv[1])
    print(f"{cells} input cells, {assumptions} assumptions, {len(bare)} without a data "
          f"validation")


if __name__ == "__main__":
    main()
