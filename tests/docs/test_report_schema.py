#!/usr/bin/env python3
"""test_report_schema.py TCO SOURCE_DIR - the JSON report of every shipped scenario
(config/*.ini, examples/*.ini) is valid against docs/report.schema.json (JSON Schema
draft 2020-12, checked with python3-jsonschema), and the schema can fail: copies of a
report with a member removed, a member of the wrong type, a member the schema does not
know, or another format_version are each refused. The comparison's JSON carries its
format_version too."""
import glob
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("SKIP: python3-jsonschema is not installed")
    sys.exit(77)

TCO, SRC = sys.argv[1], sys.argv[2]
fails = 0


def bad(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


schema = json.load(open(os.path.join(SRC, "docs", "report.schema.json"), encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
env = dict(os.environ, TCO_DATA_DIR=SRC)
work = tempfile.mkdtemp()


def report(ini):
    out = os.path.join(work, os.path.basename(ini) + ".json")
    r = subprocess.run([TCO, "report", ini, "-q", "-o", out], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        bad(f"{ini}: tco report exited {r.returncode}: {r.stderr}")
        return None
    return json.load(open(out, encoding="utf-8"))


inis = sorted(glob.glob(os.path.join(SRC, "config", "*.ini")) + glob.glob(os.path.join(SRC, "examples", "*.ini"))
              + glob.glob(os.path.join(SRC, "tests", "carbon", "*.ini")))
# API options (MODEL.md): no shipped scenario has one yet; the tests' own does.
inis += sorted(glob.glob(os.path.join(SRC, "tests", "api", "*.ini")))
if not inis:
    bad("no shipped scenario found")
seed = None
for ini in inis:
    d = report(ini)
    if d is None:
        continue
    errors = list(validator.iter_errors(d))
    for e in errors[:3]:
        bad(f"{ini}: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
    if d.get("format_version") != 1:
        bad(f"{ini}: format_version is {d.get('format_version')!r}, want 1")
    if ini.endswith("seed-2026.ini"):
        seed = d

# The schema refuses broken copies: each must give at least one error.
def refused(what, change):
    d = json.loads(json.dumps(seed))
    change(d)
    if validator.is_valid(d):
        bad(f"the schema accepts a report with {what}")


if seed is None:
    bad("no report of config/seed-2026.ini")
else:
    refused("options[0].total removed", lambda d: d["options"][0].pop("total"))
    refused("options[0].total a string", lambda d: d["options"][0].update(total="438006"))
    refused("options[0].count a fraction", lambda d: d["options"][0].update(count=8.5))
    refused("options[1].feasible a number", lambda d: d["options"][1].update(feasible=1))
    refused("a month without its cost", lambda d: d["options"][0]["monthly"][0].pop("cost"))
    refused("format_version removed", lambda d: d.pop("format_version"))
    refused("format_version 2", lambda d: d.update(format_version=2))
    refused("format_version a string", lambda d: d.update(format_version="1"))
    refused("scenario.name removed", lambda d: d["scenario"].pop("name"))
    refused("an unknown member of an option", lambda d: d["options"][0].update(totl=1))
    refused("decision.infeasible removed", lambda d: d["decision"].pop("infeasible"))

# The comparison's JSON: format_version 1, first.
seed_ini = os.path.join(SRC, "config", "seed-2026.ini")
r = subprocess.run([TCO, "compare", seed_ini, seed_ini, "--format", "json"], env=env,
                   capture_output=True, text=True)
if r.returncode != 0:
    bad(f"tco compare --format json exited {r.returncode}: {r.stderr}")
else:
    c = json.loads(r.stdout)
    if list(c)[:1] != ["format_version"] or c["format_version"] != 1:
        bad(f"the comparison's JSON starts {list(c)[:2]}, format_version {c.get('format_version')!r}")
print(f"checked {len(inis)} reports; {fails} failures")
sys.exit(1 if fails else 0)
