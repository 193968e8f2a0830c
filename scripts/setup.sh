#!/bin/sh
# Set up, build and exercise tco on Debian 12.
#
#   scripts/setup.sh example   install the build dependencies, build into build/, and
#                              report config/seed-2026.ini as a table and as a workbook
#   scripts/setup.sh test      install the build and test dependencies; build into build/,
#                              with AddressSanitizer and UndefinedBehaviorSanitizer into
#                              build-asan/ and the libFuzzer harnesses with clang into
#                              build-fuzz/, the three at once; run the tests of build/,
#                              then those of build-asan/ not labelled "slow" (nor
#                              "valgrind" nor "source"), then each harness for 45
#                              seconds, two at a time (docs/FUZZING.md); last, print the
#                              ten slowest tests and the seconds of each step. Tests run
#                              one more at once than there are cores (docs/TESTING.md)
#
# Run as root on a fresh Debian 12 to install the packages with apt-get. As another user
# the script skips apt-get, says so, and expects the packages to be installed already.
set -eu

DEBIAN_FRONTEND=noninteractive
export DEBIAN_FRONTEND

cd "$(dirname "$0")/.."

# zlib1g-dev: xlsxwriter.pc links with -lz, but libxlsxwriter-dev does not depend on it.
BUILD_DEPS="build-essential cmake pkg-config libxlsxwriter-dev libinih-dev libxml2-dev libcunit1-dev zlib1g-dev libzip-dev libjansson-dev"
# Spreadsheet programs and tools that the tests use to check the workbooks.
TEST_DEPS="gnumeric libreoffice-calc-nogui python3-openpyxl poppler-utils valgrind clang libxml2-utils"
# python3-uno: the tests drive one LibreOffice for a whole run (tests/xlsx/recalc_service.py).
TEST_DEPS="$TEST_DEPS python3-uno"
# strace: tests/cli/test_sync.sh checks that outputs are synced before their rename.
TEST_DEPS="$TEST_DEPS strace"
# zsh and fish: tests/completion/test_shells.sh runs their completion scripts.
TEST_DEPS="$TEST_DEPS zsh fish"
# python3-jsonschema: tests/docs/test_report_schema.py validates the JSON reports.
TEST_DEPS="$TEST_DEPS python3-jsonschema"
# CJK glyphs, so that workbooks in the zh-CN template render as Chinese.
TEST_DEPS="$TEST_DEPS fonts-noto-cjk"
# libFuzzer's runtime, which clang only recommends.
TEST_DEPS="$TEST_DEPS libclang-rt-14-dev"
# Python's XlsxWriter: the peer the benchmarks compare the workbook writer with.
TEST_DEPS="$TEST_DEPS python3-xlsxwriter"
# clang-format 14 for the test "format", which is skipped only when it is missing.
TEST_DEPS="$TEST_DEPS clang-format"
# tmux: tco init's questions answered on a terminal (tests/cli/test_init.sh).
TEST_DEPS="$TEST_DEPS tmux"

usage() {
    echo "usage: scripts/setup.sh example|test" >&2
    exit 2
}

note() {
    echo "setup.sh: $*" >&2
}

# Install the named packages without their recommends, when root and when any is missing.
install_packages() {
    if [ "$(id -u)" != 0 ]; then
        note "not root: skipping apt-get; make sure these packages are installed: $*"
        return 0
    fi
    missing=
    for pkg in "$@"; do
        if [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null)" != "ii " ]; then
            missing="$missing $pkg"
        fi
    done
    if [ -z "$missing" ]; then
        note "all packages are installed already"
        return 0
    fi
    note "installing:$missing"
    apt-get update
    # shellcheck disable=SC2086 # one word per package
    apt-get install -y --no-install-recommends $missing
}

# Check that LibreOffice converts headless without the recommended packages.
check_soffice() {
    tmp=$(mktemp -d)
    printf 'a,b\n1,2\n' > "$tmp/check.csv"
    if ! TMPDIR=$tmp soffice -env:UserInstallation="file://$tmp/profile" --headless \
            --convert-to xlsx --outdir "$tmp" "$tmp/check.csv" > "$tmp/log" 2>&1 ||
        [ ! -s "$tmp/check.xlsx" ]; then
        cat "$tmp/log" >&2
        rm -rf "$tmp"
        note "soffice --headless --convert-to does not work"
        exit 1
    fi
    rm -rf "$tmp"
}

build() {
    dir=$1
    shift
    cmake -S . -B "$dir" "$@"
    cmake --build "$dir" -j"$jobs"
}

# build_fuzz: the libFuzzer harnesses, built with clang into build-fuzz/.
build_fuzz() {
    CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTCO_FUZZ=ON
    cmake --build build-fuzz -j"$jobs" --target fuzz_scenario fuzz_catalog fuzz_template fuzz_xlsx \
        fuzz_report fuzz_csv tco
}

# builds: the Release build, the sanitizer build and the fuzzing build at once, with the
# LibreOffice check beside them. One at a time, each leaves a core idle while it
# configures and links; together they keep both busy (docs/TESTING.md). Each one's words
# go to a log of its own, printed when it fails, which stops the script.
builds() {
    logs=$(mktemp -d)
    build build -DCMAKE_BUILD_TYPE=Release >"$logs/Release" 2>&1 &
    release=$!
    build build-asan -DCMAKE_BUILD_TYPE=Debug -DTCO_SANITIZE=ON >"$logs/sanitizer" 2>&1 &
    sanitizer=$!
    build_fuzz >"$logs/fuzzing" 2>&1 &
    fuzzing=$!
    check_soffice >"$logs/LibreOffice" 2>&1 &
    soffice=$!
    failed=
    for job in "Release $release" "sanitizer $sanitizer" "fuzzing $fuzzing" \
        "LibreOffice $soffice"; do
        # shellcheck disable=SC2086 # two words: the build's name and its process
        set -- $job
        if ! wait "$2"; then
            cat "$logs/$1" >&2
            failed="$failed $1"
        fi
    done
    rm -rf "$logs"
    if [ -n "$failed" ]; then
        note "failed:$failed"
        exit 1
    fi
}

# run_tests DIR [CTEST ARGS...]: the tests of a build, one more at once than there are
# cores (a test that waits, on a killed writer or on LibreOffice, leaves its core to
# the others); a test without a TIMEOUT of its own is stopped after 300 s. The log is
# DIR/ctest.log.
run_tests() {
    dir=$1
    shift
    ctest --test-dir "$dir" --output-on-failure -j"$((jobs + 1))" --timeout 300 \
        --output-log "$dir/ctest.log" "$@"
}

# slowest LOG...: the ten slowest tests of the ctest logs, with their build directory.
slowest() {
    echo "The ten slowest tests (seconds):"
    for log in "$@"; do
        sed -n "s|^ *[0-9]*/[0-9]* Test *#[0-9]*: \([^ ]*\) .* \([0-9.]*\) sec\$|\2 $(dirname "$log")/\1|p" \
            "$log"
    done | sort -rn | head -n 10
}

# step NAME COMMAND...: run COMMAND, and note NAME with its seconds for the summary.
step() {
    name=$1
    shift
    began=$(date +%s)
    "$@"
    steps="$steps$(($(date +%s) - began)) $name
"
}
steps=

jobs=$(nproc)

[ $# -eq 1 ] || usage

case $1 in
example)
    # shellcheck disable=SC2086 # one word per package
    install_packages $BUILD_DEPS
    build build -DCMAKE_BUILD_TYPE=Release
    build/tco report config/seed-2026.ini
    build/tco report config/seed-2026.ini -o seed-2026.xlsx
    echo "The workbook is $(pwd)/seed-2026.xlsx"
    ;;
test)
    # shellcheck disable=SC2086 # one word per package
    install_packages $BUILD_DEPS $TEST_DEPS
    step "builds and LibreOffice check" builds
    # Then one step after the other: the tests keep both cores busy, and a test run
    # beside them only slows them down (docs/TESTING.md).
    step "Release tests" run_tests build
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
    export UBSAN_OPTIONS
    step "sanitizer tests" run_tests build-asan -LE 'slow|valgrind|source'

    # Fuzzing: each libFuzzer harness for 45 seconds, two at a time; any crash, leak or
    # timeout fails the run and keeps its input in build-fuzz/fuzz-artifacts/.
    step "fuzzing" env FUZZ_JOBS=2 sh fuzz/run.sh build-fuzz 45
    # The CSV reader and the price-list import: a short run.
    step "fuzzing the CSV reader" sh fuzz/run.sh build-fuzz 5 fuzz_csv
    slowest build/ctest.log build-asan/ctest.log
    printf 'The steps (seconds):\n%s' "$steps"
    ;;
*)
    usage
    ;;
esac
