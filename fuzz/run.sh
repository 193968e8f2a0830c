#!/bin/sh
# run.sh BUILD_DIR SECONDS [HARNESS...] - run each libFuzzer harness built in
# BUILD_DIR (cmake -DTCO_FUZZ=ON) for SECONDS on a copy of its seed corpus.
# Fails when a harness crashes, leaks, times out or runs out of memory; the
# input that did it is kept in BUILD_DIR/fuzz-artifacts/.
#
# Seeds: the shipped scenarios and the malformed-input corpus for fuzz_scenario;
# the shipped catalog, the catalog test files and the corpus catalogs for
# fuzz_catalog; the shipped templates and the corpus templates for fuzz_template;
# the small workbooks of fuzz/xlsx-seeds for fuzz_xlsx; the JSON reports of the
# shipped scenarios, written by BUILD_DIR/tco, for fuzz_report; the price-list
# samples of tests/data/catalog-import for fuzz_csv (not in the default list: CI
# runs it apart, for a few seconds).
# FUZZ_JOBS harnesses run at a time (default 2).
# Set FUZZ_KEEP_CORPUS=DIR to keep the grown corpora in DIR (one directory per
# harness) and to start from what is already there.
set -u
if [ $# -lt 2 ]; then
    echo "usage: fuzz/run.sh BUILD_DIR SECONDS [HARNESS...]" >&2
    exit 2
fi
build=$(cd "$1" && pwd)
seconds=$2
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)
harnesses=${*:-fuzz_scenario fuzz_catalog fuzz_template fuzz_xlsx fuzz_report}
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# seed HARNESS DIR: copy the harness's seeds into DIR.
seed() {
    case $1 in
    fuzz_scenario)
        for f in "$src"/config/*.ini "$src"/examples/*.ini "$src"/examples/*/*.ini \
                 "$src"/tests/data/e2e/*.ini "$src"/tests/corpus/*.ini; do
            [ -f "$f" ] && cp "$f" "$2/$(basename "$(dirname "$f")")-$(basename "$f")"
        done
        ;;
    fuzz_catalog)
        for f in "$src"/pricing/*.xml "$src"/tests/data/catalog/*.xml "$src"/tests/corpus/cat-*.xml \
                 "$src"/tests/corpus/ok-catalog.xml; do
            [ -f "$f" ] && cp "$f" "$2/$(basename "$(dirname "$f")")-$(basename "$f")"
        done
        ;;
    fuzz_template)
        for f in "$src"/templates/*.xml "$src"/tests/corpus/tpl-*.xml; do
            [ -f "$f" ] && cp "$f" "$2/$(basename "$(dirname "$f")")-$(basename "$f")"
        done
        ;;
    fuzz_xlsx)
        for f in "$src"/fuzz/xlsx-seeds/*; do
            [ -f "$f" ] && cp "$f" "$2/$(basename "$f")"
        done
        ;;
    fuzz_csv)
        for f in "$src"/tests/data/catalog-import/*.csv; do
            [ -f "$f" ] && cp "$f" "$2/$(basename "$f")"
        done
        ;;
    fuzz_report)
        for f in "$src"/config/*.ini "$src"/examples/*.ini; do
            TCO_DATA_DIR=$src "$build/tco" report "$f" -q -o "$2/$(basename "$f" .ini).json" \
                >/dev/null 2>&1 || true
        done
        ;;
    esac
    return 0
}

# fuzz_one HARNESS: run one harness; its words go to $work/HARNESS.out, and
# $work/HARNESS.failed exists when it failed.
fuzz_one() {
    h=$1
    bin=$build/$h
    exec >"$work/$h.out" 2>&1
    if [ ! -x "$bin" ]; then
        echo "run.sh: $bin is not built"
        : >"$work/$h.failed"
        return
    fi
    if [ -n "${FUZZ_KEEP_CORPUS:-}" ]; then
        corpus=$FUZZ_KEEP_CORPUS/$h
    else
        corpus=$work/$h
    fi
    mkdir -p "$corpus"
    seed "$h" "$corpus"
    dict=$src/fuzz/${h#fuzz_}.dict
    set -- -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$h-"
    [ -f "$dict" ] && set -- "$@" -dict="$dict"
    echo "run.sh: $h for ${seconds}s on $(ls "$corpus" | wc -l) seeds"
    before=$(ls "$artifacts" | grep -c "^$h-" || true)
    # Leak checks run at exit; libFuzzer also reports leaks per input with -detect_leaks=1.
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        "$bin" "$@" "$corpus" >"$work/$h.log" 2>&1
    rc=$?
    grep -E '^(#[0-9]+.*DONE|stat::|Done [0-9]+ runs)' "$work/$h.log"
    after=$(ls "$artifacts" | grep -c "^$h-" || true)
    if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
        echo "run.sh: $h FAILED (exit $rc); see the log below and $artifacts"
        tail -n 60 "$work/$h.log"
        : >"$work/$h.failed"
    else
        echo "run.sh: $h passed"
    fi
}

# FUZZ_JOBS harnesses at a time (2 by default), each on one core.
jobs=${FUZZ_JOBS:-2}
status=0
# shellcheck disable=SC2086 # one word per harness
set -- $harnesses
while [ $# -gt 0 ]; do
    batch=
    n=0
    while [ $# -gt 0 ] && [ "$n" -lt "$jobs" ]; do
        (fuzz_one "$1") &
        batch="$batch $1"
        n=$((n + 1))
        shift
    done
    wait
    for h in $batch; do
        cat "$work/$h.out"
        if [ -e "$work/$h.failed" ]; then
            status=1
        fi
    done
done
exit $status
