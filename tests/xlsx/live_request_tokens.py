#!/usr/bin/python3
"""A request's tokens are one input in the workbook: where the scenario gives the two
parts (input_tokens_per_request and output_tokens_per_request) and not their sum, Inputs
carries the parts alone and every figure that reads a request's tokens reads their sum
(docs/MODEL.md, API options: the tokens of a request; docs/WORKBOOK.md, Inputs).

  live_request_tokens.py BUILD_DIR REPO_DIR

config/inference-api-carbon.ini (600 input and 200 output tokens a request):
1. Inputs has the two parts and no tokens_per_request row.
2. output_tokens_per_request edited from 200 to 300 on Inputs, recalculated by
   LibreOffice and by Gnumeric: a request now has 900 tokens, not 800, so each GPU
   option's cost per million tokens on the Workload sheet and its tCO2e per 1M tokens on
   the Summary are 800 / 900 of what they were (its cost and emissions do not depend on
   the tokens: the GPUs serve requests), by hand; and every one of those cells, the
   API's included, equals the engine's for the INI edited alike.
3. tco import of the workbook LibreOffice saved writes exactly that line back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (imported_alike, load_values, recalculated, tco_binary,  # noqa: E402
                      written_and_audited)
from live_fx import inputs_cell  # noqa: E402

# The rows read, by their field in column B: the Workload sheet's and the Summary's.
ROWS = (("Workload", "sizing.cost_per_million_tokens"), ("Summary", "tco2e_per_million_tokens"))


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def figures(wb, ids):
    """{(sheet, field, option id): value}, the option columns from D in file order."""
    out = {}
    for sheet, field in ROWS:
        ws = wb[sheet]
        for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=2):
            if row[1].value == field:
                for k, oid in enumerate(ids):
                    out[(sheet, field, oid)] = ws.cell(row[1].row, 4 + k).value
                break
    return out


def engine(tco, ini):
    p = subprocess.run([tco, "report", ini, "-o", "-", "-q"], check=True, timeout=120,
                       capture_output=True, text=True)
    d = json.loads(p.stdout)
    out = {}
    for o in d["options"]:
        out[("Workload", ROWS[0][1], o["id"])] = o["sizing"]["cost_per_million_tokens"]
        out[("Summary", ROWS[1][1], o["id"])] = o["tco2e_per_million_tokens"]
    return [o["id"] for o in d["options"]], {o["id"]: o["acquire"] for o in d["options"]}, out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "config", "inference-api-carbon.ini"), encoding="utf-8") as f:
        text = f.read()
    line = "output_tokens_per_request = 200"
    if line not in text:
        sys.exit(f"config/inference-api-carbon.ini has no '{line}'")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "api.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "api.xlsx")
        written_and_audited(tco, ini, book, bad)
        ids, acquire, _ = engine(tco, ini)
        written = figures(openpyxl.load_workbook(book, data_only=True), ids)
        wb = openpyxl.load_workbook(book)
        keys = [r[1].value for r in wb["Inputs"].iter_rows(min_row=1, max_col=2)]
        if "[workload] tokens_per_request" in keys:
            bad.append("Inputs carries tokens_per_request beside its two parts")
        inputs_cell(wb, "[workload] output_tokens_per_request").value = 300
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace(line, "output_tokens_per_request = 300"))
        _, _, alike = engine(tco, mod)
        for who, path in recalculated(edited, tmp, bad):
            values = load_values(path)
            got, n = figures(values, ids), 0
            for key, v in alike.items():
                n += 1
                if v is None or not close(got.get(key), v):
                    bad.append(f"{who}: {key} {got.get(key)!r}, engine {v!r}")
                if acquire[key[2]] != "api":  # by hand: the GPUs' figures x 800 / 900
                    n += 1
                    if not close(got.get(key), written[key] * 800 / 900):
                        bad.append(f"{who}: {key} {got.get(key)!r}, by hand "
                                   f"{written[key]!r} x 800 / 900")
            print(f"{who}: compared {n} figures")
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live request tokens:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
