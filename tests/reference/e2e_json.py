#!/usr/bin/python3
"""e2e_json.py TCO SOURCE_DIR - the engine's JSON report of every end-to-end scenario
(tests/data/e2e/*.ini) against the reference's figures in its .expected file, to 1e-9
relative: each option's figures and monthly lines, its budget by fiscal year (the JSON's
`fiscal_years`) and its statements (`statements`). Every fiscal year and column the JSON
writes for an option must be among the reference's lines, and every line must be found.

    e2e_json.py TCO SOURCE_DIR              compare (exit 1 on a difference)
    e2e_json.py --reference SOURCE_DIR      the reference run again on every scenario
                                            equals its .expected file (and so its
                                            reconciliations hold)
"""
import glob
import json
import os
import subprocess
import sys

PY = "/usr/bin/python3"


def scenarios(src):
    return sorted(glob.glob(os.path.join(src, "tests", "data", "e2e", "*.ini")))


def same(got, value):
    """Whether the JSON's value equals a reference line's value (its text)."""
    if value == "null":
        return got is None
    if value in ("true", "false"):
        return got is (value == "true")
    if isinstance(got, bool) or got is None:
        return False
    if isinstance(got, str):
        return got.replace(" ", "_") == value  # the reference writes a phrase as one word
    try:
        want = float(value)
    except ValueError:
        return False
    return abs(got - want) <= 1e-9 * max(1.0, abs(want))


def compare(tco, ini, env):
    """The differences between the JSON of ini and its .expected, as lines of text."""
    run = subprocess.run([tco, "report", ini, "-o", "-"], capture_output=True, text=True,
                         env=env, timeout=300)
    if run.returncode != 0:
        return ["tco report exited %d: %s" % (run.returncode, run.stderr[:400])]
    d = json.loads(run.stdout)
    opts = {o["id"]: o for o in d["options"]}
    tables = {}  # (member, option, year) -> the JSON's object
    for member in ("fiscal_years", "statements"):
        for x in d[member]:
            tables[(member, x["option"], x["year"])] = x
    seen = {key: set() for key in tables}
    bad, lines = [], 0
    with open(ini[:-4] + ".expected", encoding="utf-8") as f:
        for text in f:
            oid, field, value = text.split()
            lines += 1
            part = field.split(".")
            try:
                if part[0] == "monthly":
                    got = opts[oid]["monthly"][int(part[1]) - 1][part[2]]
                elif part[0] in ("fiscal_years", "statements"):
                    key = (part[0], oid, part[1])
                    got = tables[key][part[2]]
                    seen[key].add(part[2])
                else:
                    got = opts[oid][field]
            except (KeyError, IndexError):
                bad.append("%s %s: not in the JSON" % (oid, field))
                continue
            if not same(got, value):
                bad.append("%s %s: engine %r, reference %s" % (oid, field, got, value))
    for (member, oid, year), cols in seen.items():
        missing = set(tables[(member, oid, year)]) - {"option", "year"} - cols
        if missing:
            bad.append("%s %s %s: no reference line for %s"
                       % (oid, member, year, ", ".join(sorted(missing))))
    if lines < 100 or not any(k[0] == "statements" for k in tables):
        bad.append("too few lines compared (%d)" % lines)
    return bad


def main(argv):
    if len(argv) == 3 and argv[1] == "--reference":
        ref = os.path.join(argv[2], "tests", "reference", "tco_ref.py")
        fails = 0
        for ini in scenarios(argv[2]):
            out = subprocess.run([PY, ref, ini], capture_output=True, text=True,
                                 timeout=600)
            with open(ini[:-4] + ".expected", encoding="utf-8") as f:
                ok = out.returncode == 0 and out.stdout == f.read()
            fails += not ok
            print("%-4s %s %s" % ("ok" if ok else "FAIL", os.path.basename(ini),
                                  out.stderr.strip()))
        return 1 if fails else 0
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    tco, src = argv[1], argv[2]
    env = dict(os.environ, TCO_DATA_DIR=src)
    fails = 0
    for ini in scenarios(src):
        bad = compare(tco, ini, env)
        fails += bool(bad)
        print("%-4s %s" % ("FAIL" if bad else "ok", os.path.basename(ini)))
        for b in bad[:20]:
            print("     " + b)
        if len(bad) > 20:
            print("     ... %d more" % (len(bad) - 20))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
