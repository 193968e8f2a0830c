#!/bin/sh
# test_outputs.sh TCO SOURCE_DIR [--part K/N] - outputs in hostile places: devices, FIFOs and
# symbolic links (never replaced), the mode and owner of a file replaced, a
# standard output that cannot be written, the file size limit, an address-space
# limit and names of up to 255 bytes. See docs/HARDENING.md.
#
# Every run of tco is under `timeout`, so a hang fails the test. Parts that need
# root (the real /dev/null, owners) or a binary without AddressSanitizer (an
# address-space limit: the sanitizer cannot start under one) are skipped with a
# note when those are missing. With --part K/N, the Kth of the script's three
# parts of every N (tests/part.sh).
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../cli/lib.sh" # work, ok, bad, finish
. "$(dirname "$0")/../part.sh"    # part_init, in_part
SEED=$SRC/config/seed-2026.ini
# Private temporary directories of the workbook writer go here, to be checked.
mkdir "$work/tmp"
TMPDIR=$work/tmp
export TMPDIR
root=0
[ "$(id -u)" = 0 ] && root=1

# run WANT CMD...: run CMD under timeout (output in $work/out and $work/err).
run() {
    want=$1
    shift
    timeout 120 "$@" >"$work/out" 2>"$work/err"
    rc=$?
    [ "$rc" -eq "$want" ] && ok || bad "exit $rc, want $want: $* ($(head -c 300 "$work/err"))"
}

# has_line TEXT: standard error of the last run holds the line TEXT.
has_line() {
    grep -qxF -- "$1" "$work/err" && ok || bad "stderr lacks '$1': $(head -c 300 "$work/err")"
}

# only DIR NAMES: DIR holds exactly NAMES (ls -A, one per line, sorted).
only() {
    got=$(ls -A "$1" | tr '\n' ' ')
    [ "$got" = "${2:+$2 }" ] && ok || bad "$1 holds '$got', want '$2'"
}

# The script's three parts, one call of in_part each (tests/part.sh): sections 1
# to 3; the limits of section 4, (a) and (b); its long names, (c).
part_init "${3:-}" "${4:-}"

places() {
    # ===== 1. Devices, FIFOs and symbolic links are never replaced =====

    ln -s /dev/null "$work/null"
    for f in json csv md table xlsx; do
        run 0 "$TCO" report "$SEED" -o "$work/null" --format $f
        [ -L "$work/null" ] && [ "$(readlink "$work/null")" = /dev/null ] && ok ||
            bad "$f: the link to /dev/null was replaced"
    done
    [ -c /dev/null ] && ok || bad "/dev/null is no longer a character device"
    if [ $root -eq 1 ]; then
        for f in json xlsx; do
            run 0 "$TCO" report "$SEED" -o /dev/null --format $f
            [ -c /dev/null ] && ok || bad "$f: /dev/null is no longer a character device"
        done
        ls -A /dev | grep -q '^\.null\.' && bad "a temporary file was left in /dev" || ok
    else
        echo "note: not root: -o /dev/null itself not tried"
    fi

    # The same content reaches a FIFO, through a link, as a regular file gets.
    mkfifo "$work/fifo"
    ln -s fifo "$work/fifo-link"
    for f in json xlsx; do
        run 0 "$TCO" report "$SEED" -o "$work/ref.$f"
        timeout 60 cat "$work/fifo" >"$work/got.$f" &
        reader=$!
        # Until cat has opened the FIFO, tco finds no reader: try again.
        tries=0
        while :; do
            timeout 120 "$TCO" report "$SEED" -o "$work/fifo-link" --format $f 2>"$work/err"
            rc=$?
            grep -q "no reader on the FIFO" "$work/err" && [ $tries -lt 100 ] || break
            sleep 0.05
            tries=$((tries + 1))
        done
        [ $rc -eq 0 ] && ok || bad "$f to a FIFO: exit $rc: $(head -c 300 "$work/err")"
        wait $reader
        cmp -s "$work/ref.$f" "$work/got.$f" && ok || bad "$f: the FIFO did not get the report"
        [ -p "$work/fifo" ] && [ -L "$work/fifo-link" ] && ok || bad "$f: the FIFO or its link was replaced"
    done
    # A FIFO that nobody reads fails at once instead of blocking.
    run 1 "$TCO" report "$SEED" -o "$work/fifo" --format json
    has_line "$work/fifo: error: cannot write: no reader on the FIFO"
    run 1 "$TCO" report "$SEED" -o "$work/fifo" --format xlsx
    has_line "$work/fifo: error: cannot write: no reader on the FIFO"

    # /dev/stdout leads through /proc to whatever standard output is: a pipe gets
    # the report; a regular file gets it through standard output, so that >> appends;
    # the link stays.
    ln -s /proc/self/fd/1 "$work/stdout"
    timeout 120 "$TCO" report "$SEED" -o "$work/stdout" --format json 2>"$work/err" | cat >"$work/piped.json"
    cmp -s "$work/ref.json" "$work/piped.json" && ok || bad "/dev/stdout as a pipe: the report did not arrive"
    run 0 "$TCO" report "$SEED" -o "$work/stdout" --format json
    [ -L "$work/stdout" ] && ok || bad "the link to standard output was replaced"
    cmp -s "$work/ref.json" "$work/out" && ok || bad "/dev/stdout as a file: the report did not arrive"
    for dev in /dev/stdout "$work/stdout"; do
        echo "earlier line" >"$work/log"
        timeout 120 "$TCO" report "$SEED" -o "$dev" --format json >>"$work/log" 2>"$work/err"
        { echo "earlier line"; cat "$work/ref.json"; } | cmp -s - "$work/log" && ok ||
            bad "-o $dev >> log: the log was not appended to"
    done

    # A link to a regular file: the file it leads to is replaced, the link stays.
    echo previous >"$work/real.json"
    ln -s real.json "$work/link.json"
    run 0 "$TCO" report "$SEED" -o "$work/link.json"
    [ -L "$work/link.json" ] && cmp -s "$work/ref.json" "$work/real.json" && ok ||
        bad "a link to a regular file was replaced, or its file not written"
    ln -s nowhere.json "$work/dangling.json"
    run 1 "$TCO" report "$SEED" -o "$work/dangling.json"
    has_line "$work/dangling.json: error: cannot write: the symbolic link leads to nothing"
    [ -L "$work/dangling.json" ] && [ ! -e "$work/nowhere.json" ] && ok || bad "the dangling link changed"
    mkdir "$work/dir.json"
    run 1 "$TCO" report "$SEED" -o "$work/dir.json"
    has_line "$work/dir.json: error: cannot write: Is a directory"

    # ===== 2. A file replaced keeps its mode (and owner); a new one gets the umask's =====

    mkdir "$work/modes"
    for f in json xlsx; do
        for mode in 600 640 664; do
            t=$work/modes/keep-$mode.$f
            echo previous >"$t"
            chmod $mode "$t"
            (umask 022 && exec timeout 120 "$TCO" report "$SEED" -o "$t" 2>"$work/err")
            m=$(stat -c %a "$t")
            [ "$m" = $mode ] && ok || bad "$f: a $mode target became $m"
        done
        (umask 022 && exec timeout 120 "$TCO" report "$SEED" -o "$work/modes/new022.$f")
        m=$(stat -c %a "$work/modes/new022.$f")
        [ "$m" = 644 ] && ok || bad "$f: a new file under umask 022 is $m, want 644"
        (umask 077 && exec timeout 120 "$TCO" report "$SEED" -o "$work/modes/new077.$f")
        m=$(stat -c %a "$work/modes/new077.$f")
        [ "$m" = 600 ] && ok || bad "$f: a new file under umask 077 is $m, want 600"
        if [ $root -eq 1 ]; then
            t=$work/modes/owned.$f
            echo previous >"$t"
            chown 1234:1234 "$t"
            chmod 640 "$t"
            run 0 "$TCO" report "$SEED" -o "$t"
            o=$(stat -c %u:%g:%a "$t")
            [ "$o" = 1234:1234:640 ] && ok || bad "$f: a target of 1234:1234 mode 640 became $o"
        fi
    done
    [ $root -eq 1 ] || echo "note: not root: owners not tried"

    # ===== 3. Standard output that cannot be written =====

    full_msg="tco: error: cannot write to standard output: No space left on device"
    if [ -w /dev/full ]; then
        while read -r args; do
            # shellcheck disable=SC2086 # the words are the arguments
            timeout 120 "$TCO" $args >/dev/full 2>"$work/err"
            rc=$?
            [ $rc -eq 1 ] && ok || bad "tco $args >/dev/full: exit $rc, want 1"
            has_line "$full_msg"
        done <<ARGS
--help
--version
help
version
report --help
validate --help
catalog --help
compare --help
validate $SEED
report $SEED
report $SEED --format table
report $SEED --format json
report $SEED --format csv
report $SEED --format csv --monthly
report $SEED --format md
report $SEED -o -
catalog
catalog --format table
catalog --format json
catalog --format csv
compare $SEED $SEED
compare $SEED $SEED --format json
ARGS
    else
        echo "note: no /dev/full: full standard output not tried"
    fi
    # A closed standard output.
    timeout 120 "$TCO" validate "$SEED" >&- 2>"$work/err"
    rc=$?
    [ $rc -eq 1 ] && ok || bad "validate with standard output closed: exit $rc, want 1"
    has_line "tco: error: cannot write to standard output: Bad file descriptor"
    # A closed standard output that nothing is written to is no failure.
    timeout 120 "$TCO" report "$SEED" -o "$work/quiet.json" >&- 2>"$work/err"
    rc=$?
    [ $rc -eq 0 ] && ok || bad "report -o FILE with standard output closed: exit $rc, want 0"
}

# ===== 4. Limits =====

sh "$SRC/tests/corpus/limit-options-1000-ok.gen" >"$work/big.ini"
mkdir "$work/lim"

# limited EXT LIMIT...: report big.ini to lim/out.EXT under the limit command
# (a previous file there), expecting exit 1, the line MSG, the previous file
# unchanged and nothing else left.
limited() {
    ext=$1 msg=$2
    shift 2
    echo previous >"$work/lim/out.$ext"
    run 1 "$@" "$TCO" report "$work/big.ini" -o "$work/lim/out.$ext"
    has_line "$work/lim/out.$ext: error: $msg"
    [ "$(cat "$work/lim/out.$ext")" = previous ] && ok || bad "$ext: the previous file changed"
    only "$work/lim" "out.$ext"
    only "$work/tmp" ""
    rm -f "$work/lim/out.$ext"
}

limits() {
    # (a) The file size limit: 8 blocks (a few KiB) stops every output; 9,200,000
    # bytes holds the workbook (8.4 MB) but not its largest sheet before compression
    # (10 MB), which must not be cut short silently.
    for ext in json xlsx; do
        limited $ext "cannot write: File too large" sh -c 'ulimit -f 8 && exec "$@"' sh
    done
    limited xlsx "cannot write: File too large" prlimit --fsize=9200000

    # (b) An address-space limit under which libxlsxwriter crashes.
    if ! prlimit --as=100000000 "$TCO" --version >/dev/null 2>&1; then
        echo "note: $TCO cannot start under an address-space limit (AddressSanitizer): skipped"
    else
        echo previous >"$work/lim/out.xlsx"
        run 1 prlimit --as=100000000 "$TCO" report "$work/big.ini" -o "$work/lim/out.xlsx"
        grep -q "^$work/lim/out.xlsx: error: \(the workbook writer failed (killed by signal [0-9]*: .*)\|cannot write workbook: out of memory\)\$" \
            "$work/err" && ok || bad "address-space limit: $(head -c 300 "$work/err")"
        [ "$(cat "$work/lim/out.xlsx")" = previous ] && ok || bad "as limit: the previous file changed"
        only "$work/lim" out.xlsx
        only "$work/tmp" ""
    fi
}

# (c) Names of 249 and 255 bytes, ASCII and multibyte (2- and 3-byte
# characters): every legal name can be written, and the temporary file's name
# is the target's cut on a character boundary.
rep() { # rep N TEXT: TEXT N times
    i=0
    while [ $i -lt "$1" ]; do
        printf '%s' "$2"
        i=$((i + 1))
    done
}

long_names() {
    mkdir "$work/long"
    for name in "$(rep 244 a).json" "$(rep 250 a).json" "$(rep 122 é).json" "$(rep 125 é).json" \
        "$(rep 83 €)a.json" "$(rep 83 €).xlsx" "$(rep 250 b).xlsx"; do
        bytes=$(printf '%s' "$name" | wc -c)
        run 0 "$TCO" report "$SEED" -o "$work/long/$name"
        [ -s "$work/long/$name" ] && ok || bad "a name of $bytes bytes was not written"
        only "$work/long" "$name"
        rm -f "$work/long/$name"
    done
    # Catch the temporary file of a workbook of 1,000 options while it is written.
    name="$(rep 83 €).xlsx"
    timeout 120 "$TCO" report "$work/big.ini" -o "$work/long/$name" 2>"$work/err" &
    writer=$!
    tmp=
    tries=0
    while [ -z "$tmp" ] && [ $tries -lt 2000 ] && kill -0 $writer 2>/dev/null; do
        tmp=$(ls -A "$work/long" | grep '^\.' | head -n 1)
        tries=$((tries + 1))
    done
    wait $writer
    [ $? -eq 0 ] && ok || bad "the long-named workbook failed: $(head -c 300 "$work/err")"
    if [ -n "$tmp" ]; then
        # "." + 82 characters of 3 bytes (246 bytes: 247 would cut one) + ".XXXXXX"
        case $tmp in
        ".$(rep 82 €)."??????) ok ;;
        *) bad "temporary name '$tmp' is not the target's cut on a character boundary" ;;
        esac
    else
        echo "note: the temporary file was not seen"
    fi
    only "$work/long" "$name"
}

in_part && places
in_part && limits
in_part && long_names

finish
