#!/bin/bash
# test_sync.sh TCO SOURCE_DIR - every file the tool writes reaches the disk
# before it replaces the target: under strace, the temporary file renamed
# over the target was synced (fsync or fdatasync) before that rename. A
# workbook is written by libxlsxwriter, which syncs nothing itself. Skipped
# (exit 77) when strace is missing or cannot trace here.
set -u
TCO=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
export SOURCE_DATE_EPOCH=0

if ! command -v strace >/dev/null 2>&1; then
    echo "strace not found: skipped (apt-get install strace)"
    exit 77
fi
if ! strace -f -o /dev/null true 2>"$work/err"; then
    echo "strace cannot trace here: skipped ($(head -c 200 "$work/err"))"
    exit 77
fi
work=$(cd "$work" && pwd -P)

# LeakSanitizer cannot run under ptrace: in a sanitizer build, the leak check is
# left to the other tests (AddressSanitizer's other checks still run here).
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

A="$SRC/config/seed-2026.ini"
B="$SRC/config/training-reserved.ini"

# synced NAME TARGET CMD...: run CMD from $work under strace; the file renamed
# onto TARGET (relative to $work, or absolute) was synced before the rename.
synced() {
    name=$1 target=$2
    shift 2
    rm -f "$work/$target" "$work/trace"
    (cd "$work" && strace -f -y -o "$work/trace" \
        -e trace=fsync,fdatasync,rename,renameat,renameat2 "$@") >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        bad "$name: exit status $rc ($(head -c 300 "$work/err"))"
        return
    fi
    if "$PY" - "$work/trace" "$work" "$target" >"$work/why" <<'PYEOF'; then ok; else bad "$name: $(cat "$work/why")"; fi
import os, re, sys
trace, cwd, target = sys.argv[1], sys.argv[2], sys.argv[3]
target = os.path.normpath(os.path.join(cwd, target))
synced = set()
for line in open(trace):
    m = re.search(r'\b(fsync|fdatasync)\(\d+<(.*)>\)\s+=\s+0', line)
    if m:
        synced.add(os.path.realpath(m.group(2)))
        continue
    m = re.search(r'\brename(?:at2?)?\((?:[^,]*, )?"([^"]*)", (?:[^,]*, )?"([^"]*)"', line)
    if m and line.rstrip().endswith("= 0"):
        src = os.path.realpath(os.path.join(cwd, m.group(1)))
        dst = os.path.normpath(os.path.join(cwd, m.group(2)))
        if dst != target:
            continue
        if src in synced:
            sys.exit(0)
        print("%s renamed onto %s without an fsync before (synced: %s)"
              % (src, dst, sorted(synced) or "nothing"))
        sys.exit(1)
print("no rename onto %s in the trace" % target)
sys.exit(1)
PYEOF
}

synced "compare xlsx" c.xlsx "$TCO" compare "$A" "$B" -o "$work/c.xlsx"
synced "compare xlsx, relative path" rel.xlsx "$TCO" compare "$A" "$B" -o rel.xlsx
synced "compare json" c.json "$TCO" compare "$A" "$B" -o "$work/c.json"
synced "report xlsx" r.xlsx "$TCO" report "$A" -o "$work/r.xlsx"
synced "report json" r.json "$TCO" report "$A" -o "$work/r.json"
synced "report csv" r.csv "$TCO" report "$A" --monthly -o "$work/r.csv"
synced "report md" r.md "$TCO" report "$A" -o "$work/r.md"
synced "catalog json" cat.json "$TCO" catalog -o "$work/cat.json"

finish
