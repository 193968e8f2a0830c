#!/bin/sh
# run_corpus.sh TCO SOURCE_DIR [--part K/N] - run every case of the malformed-input
# corpus through `tco report CASE -o OUT.json` and `-o OUT.xlsx`. With --part K/N,
# only the Kth of every N cases (tests/part.sh).
#
# A case is NAME.ini, or NAME.gen: a shell script whose standard output is the
# input, for inputs too big to keep in the tree; NAME.xml files are catalogs and
# templates that cases name, not cases themselves. NAME.expect holds what the case
# must do: its first line is the exit status, every further line is one line
# that standard error must hold, with @FILE@ standing for the input's path and
# @DIR@ for its directory (where the files it names are looked for). A
# line ending in "..." matches any line that starts with the text before the
# dots; a line starting with "?" may appear but need not (a consequence of an
# earlier error, not what the case is about). Standard error must hold those
# lines and no others.
#
# For each output the runner also checks: when the exit status is 0, the output
# exists and nothing else was written beside it; otherwise nothing at all was
# written, and a file already at the output path is left byte for byte as it
# was. No temporary file may remain in either case.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../part.sh"
part_init "${3:-}" "${4:-}"
CORPUS=$SRC/tests/corpus
# The shipped catalog is the source tree's, wherever the binary is.
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
cases=0

bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
}

# check_stderr EXPECT STDERR FILE: the lines after the first of EXPECT against STDERR.
check_stderr() {
    awk -v file="$3" -v dir="$(dirname "$3")" '
        function replace(s, from, to,    i, out) {
            out = ""
            while ((i = index(s, from)) > 0) {
                out = out substr(s, 1, i - 1) to
                s = substr(s, i + length(from))
            }
            return out s
        }
        function subst(s) { return replace(replace(s, "@FILE@", file), "@DIR@", dir) }
        function matches(line, e,    p) {
            if (length(e) >= 3 && substr(e, length(e) - 2) == "...") {
                p = substr(e, 1, length(e) - 3)
                return substr(line, 1, length(p)) == p
            }
            return line == e
        }
        FNR == NR {
            if (FNR > 1) {
                n++
                optional[n] = substr($0, 1, 1) == "?"
                want[n] = subst(optional[n] ? substr($0, 2) : $0)
            }
            next
        }
        {
            found = 0
            for (i = 1; i <= n; i++)
                if (matches($0, want[i])) { seen[i] = 1; found = 1; break }
            if (!found) { print "  unexpected: " $0; bad = 1 }
        }
        END {
            for (i = 1; i <= n; i++)
                if (!seen[i] && !optional[i]) { print "  missing:    " want[i]; bad = 1 }
            exit bad
        }' "$1" "$2"
}

# run_case NAME INPUT EXPECT EXT: one run with output OUT.EXT.
run_case() {
    name=$1 input=$2 expect=$3 ext=$4
    dir=$work/out/$name.$ext
    mkdir -p "$dir"
    out=$dir/out.$ext
    if [ "$ext" = xlsx ]; then
        # A file already at the path: a failed run must leave it as it was.
        printf 'previous contents of %s\n' "$name" >"$out"
        cp "$out" "$work/previous"
    fi
    timeout 120 "$TCO" report "$input" -o "$out" >"$work/stdout" 2>"$work/stderr"
    rc=$?
    want=$(head -n 1 "$expect")
    if [ "$rc" != "$want" ]; then
        bad "$name ($ext): exit $rc, want $want"
        head -c 600 "$work/stderr"
        return
    fi
    if ! check_stderr "$expect" "$work/stderr" "$input" >"$work/diff"; then
        bad "$name ($ext): standard error differs"
        cat "$work/diff"
        return
    fi
    listing=$(ls -A "$dir")
    if [ "$rc" = 0 ]; then
        if [ ! -s "$out" ] || [ "$listing" != "out.$ext" ]; then
            bad "$name ($ext): want only out.$ext, found: $listing"
            return
        fi
        if [ "$ext" = xlsx ] && cmp -s "$out" "$work/previous"; then
            bad "$name ($ext): the previous file was not replaced"
            return
        fi
    elif [ "$ext" = xlsx ]; then
        if [ "$listing" != "out.$ext" ] || ! cmp -s "$out" "$work/previous"; then
            bad "$name ($ext): the previous file changed or files were added: $listing"
            return
        fi
    elif [ -n "$listing" ]; then
        bad "$name ($ext): output written for a failed run: $listing"
        return
    fi
    rm -rf "$dir"
    pass=$((pass + 1))
}

mkdir -p "$work/gen" "$work/out"
for expect in "$CORPUS"/*.expect; do
    in_part || continue
    name=$(basename "$expect" .expect)
    if [ -f "$CORPUS/$name.ini" ]; then
        input=$CORPUS/$name.ini
    elif [ -f "$CORPUS/$name.gen" ]; then
        input=$work/gen/$name.ini
        if ! sh "$CORPUS/$name.gen" >"$input"; then
            bad "$name: the generator failed"
            continue
        fi
    else
        bad "$name: no $name.ini or $name.gen"
        continue
    fi
    cases=$((cases + 1))
    run_case "$name" "$input" "$expect" json
    run_case "$name" "$input" "$expect" xlsx
    rm -f "$work/gen/$name.ini"
done

# Every input has its expectation.
for input in "$CORPUS"/*.ini "$CORPUS"/*.gen; do
    [ -e "$input" ] || continue
    name=$(basename "$input")
    name=${name%.*}
    [ -f "$CORPUS/$name.expect" ] || bad "$name: no $name.expect"
done

echo "$cases cases, $pass runs passed, $fail failed (part $part_k of $part_n)"
[ "$fail" -eq 0 ] && [ $((cases * part_n)) -ge 100 ]
