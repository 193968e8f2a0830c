#!/bin/bash
# test_interrupt.sh TCO SOURCE_DIR - a long computation shows a bar on a
# terminal and stops at an interrupt (SIGINT) with nothing written: the
# cheapest plan's search (bench/optimize-refresh.ini, about 5 s) and Monte
# Carlo (bench/mc-refresh.ini, about 8 s), each interrupted after 1.5 s: exit
# 130, "tco: interrupted; nothing written", no output file and no temporary
# file beside it. On a terminal (script(1), when it is there) the search draws
# its bar first.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
cd "$work" || exit 1

# interrupted SCENARIO: its report stopped by SIGINT after 1.5 s.
interrupted() {
    "$TCO" report "$SRC/bench/$1" -o out.json 2>err &
    pid=$!
    sleep 1.5
    kill -INT "$pid"
    wait "$pid"
    rc=$?
    [ "$rc" -eq 130 ] && ok || bad "$1: exit $rc, want 130 ($(head -c 300 err))"
    grep -qF "tco: interrupted; nothing written" err && ok || bad "$1: stderr: $(head -c 300 err)"
    [ -z "$(ls -A | grep -v '^err$')" ] && ok || bad "$1: left $(ls -A)"
    rm -f err
}
interrupted optimize-refresh.ini
interrupted mc-refresh.ini

if command -v script >/dev/null; then
    script -qec "'$TCO' report '$SRC/bench/optimize-refresh.ini' -o out.json & pid=\$!; sleep 1.5; kill -INT \$pid; wait \$pid" /dev/null >tty.txt
    grep -q "Searching \[#*" tty.txt && ok || bad "no bar on a terminal: $(head -c 300 tty.txt)"
    grep -qF "tco: interrupted; nothing written" tty.txt && ok || bad "not interrupted on a terminal"
    [ ! -e out.json ] && ok || bad "out.json written on a terminal"
    rm -f tty.txt
fi
finish
