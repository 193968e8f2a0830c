#!/bin/sh
# test_kill.sh TCO - atomic output under SIGKILL. A large scenario (200 options,
# 120 months) is written as a workbook, and as JSON, to a path that already holds
# a known file; the writer is killed with SIGKILL at several points of the write.
# Each time the file at the path must be byte for byte the previous one, and no
# other file may have taken its place. A killed run may leave its temporary file
# (.NAME.XXXXXX beside the target): nothing can remove it after SIGKILL.
# Finally an unkilled run replaces the file with a complete one.
set -u
TCO=$1
. "$(dirname "$0")/../cli/lib.sh" # work, ok, bad, finish

{
    printf '[scenario]\nname = SIGKILL test\nhorizon_months = 120\n'
    printf '[site]\nelectricity_price = 0.1\nelectricity_escalation = 0.03\n'
    i=1
    while [ $i -le 200 ]; do
        if [ $((i % 2)) -eq 0 ]; then
            printf '[option o%d]\nlabel = Bought %d\nacquire = buy\ncount = %d\n' $i $i $((8 * i))
            printf 'gpu_price = %d\ntdp_w = 700\nresale_fraction = 0.2\n' $((20000 + i * 10))
        else
            printf '[option o%d]\nlabel = Rented %d\nacquire = rent\ncount = %d\n' $i $i $((8 * i))
            printf 'price_per_gpu_hour = 2.%d\nprice_decline = 0.1\n' $i
        fi
        i=$((i + 1))
    done
} >"$work/big.ini"

# has_temporary DIR EXT: DIR holds a temporary file .out.EXT.*; asked every 10 ms
# while the writer computes, so it starts no process.
has_temporary() {
    for f in "$1"/.out."$2".*; do
        [ -e "$f" ] && return 0
    done
    return 1
}

# kill_during EXT DELAY: start a write of OUT.EXT, wait until its temporary file
# exists, sleep DELAY seconds, SIGKILL it; then check the target.
kill_during() {
    ext=$1 delay=$2
    dir=$work/$ext
    target=$dir/out.$ext
    "$TCO" report "$work/big.ini" -o "$target" >/dev/null 2>"$work/err" &
    pid=$!
    tries=0
    while ! has_temporary "$dir" "$ext" && kill -0 $pid 2>/dev/null &&
        [ $tries -lt 3000 ]; do
        sleep 0.01
        tries=$((tries + 1))
    done
    sleep "$delay"
    if kill -KILL $pid 2>/dev/null; then
        killed=1
    else
        killed=0
    fi
    wait $pid 2>/dev/null
    if cmp -s "$target" "$work/previous"; then
        ok
    elif [ "$killed" -eq 1 ]; then
        bad "$ext: killed after ${delay}s: the previous file changed"
    else
        # The run finished before the kill: it must have written a complete file.
        echo "note: $ext: the write ended before ${delay}s"
        cp "$work/previous" "$target"
        return
    fi
    others=$(ls -A "$dir" | grep -v "^out\.$ext\$" | grep -v "^\.out\.$ext\.......\$")
    [ -z "$others" ] && ok || bad "$ext: unexpected files after a kill: $others"
    if [ "$killed" -eq 1 ] && has_temporary "$dir" "$ext"; then
        mid=$((mid + 1))
    fi
    rm -f "$dir"/.out.$ext.*
}

for ext in xlsx json; do
    mkdir "$work/$ext"
    head -c 100000 /dev/urandom >"$work/previous"
    cp "$work/previous" "$work/$ext/out.$ext"
    mid=0
    if [ $ext = xlsx ]; then
        delays="0 0.05 0.1 0.2 0.3 0.5 0.7 1 1.5 2"
    else
        delays="0 0.01 0.02 0.05 0.1"
    fi
    for delay in $delays; do
        kill_during $ext "$delay"
    done
    # At least some kills must have landed while the temporary file existed.
    if [ "$mid" -ge 3 ]; then ok; else bad "$ext: only $mid kills landed during the write"; fi
    echo "$ext: $mid kills during the write, the previous file intact each time"
    "$TCO" report "$work/big.ini" -o "$work/$ext/out.$ext" 2>"$work/err"
    rc=$?
    [ $rc -eq 0 ] && ok || bad "$ext: the complete run failed ($rc): $(cat "$work/err")"
    if [ $ext = xlsx ]; then
        magic=$(head -c 2 "$work/$ext/out.$ext")
        [ "$magic" = PK ] && ok || bad "xlsx: the complete run wrote no workbook"
    else
        tail -c 2 "$work/$ext/out.$ext" | grep -q '}' && ok || bad "json: the output is incomplete"
    fi
    [ "$(ls -A "$work/$ext")" = "out.$ext" ] && ok || bad "$ext: files left: $(ls -A "$work/$ext")"
done
finish
