#!/bin/sh
# test_layers.sh SOURCE_DIR [LIBRARY [CC]] - the house rules of the source
# tree, each failure naming its file:
#
#   a  the tool (tco/cli) includes only "tco.h", its own "cli/..." headers and
#      <system> headers (an internal header in <...> counts as internal)
#   b  the layers: util includes nothing of core, load, write or cli; core
#      nothing of load, write or cli; load nothing of write or cli; write
#      nothing of load or cli; the public header nothing of the tree
#   c  no include circles among the files of tco/
#   d  no file of tco/ over 1,200 lines
#   e  no function over 200 lines (from the line at column 0 that starts its
#      definition to its closing brace at column 0)
#   f  every function named tco_* defined outside tco/cli and not static is
#      declared in tco/include/tco.h, and tco.h declares no tci_ name
#   g  the shared library LIBRARY exports tco_ names only (nm -D); skipped
#      without LIBRARY
#   h  the map of the code, docs/internals/README.md, names every file of tco/
#      (any file, not only .c and .h) by its path under tco/ in backticks:
#      `write/xlsx/option.c` for tco/write/xlsx/option.c
#   i  the writers present what the engine computed: no file of tco/write
#      calls pow, exp or log (nor their f and l forms, exp2, expm1, log2,
#      log10, log1p), and the only functions of tco/core they call are those
#      tests/layers/write_core_calls.txt (in SOURCE_DIR) allows; comments and
#      string literals do not count
#
# CC (default cc) preprocesses tco.h for f, which so ignores its comments. Prints each failure
# and a closing "N passed, N failed"; exits 1 when any check failed.
set -u

[ $# -ge 1 ] || {
    echo "usage: test_layers.sh SOURCE_DIR [LIBRARY [CC]]" >&2
    exit 2
}
cd "$1" || exit 2
LIB=${2:-}
CC=${3:-cc}
MAX_FILE_LINES=1200
MAX_FUNCTION_LINES=200
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0

# check LETTER TITLE: run after a check wrote its failures, one a line, to
# $work/fail; prints them and counts the check.
check() {
    if [ -s "$work/fail" ]; then
        failed=$((failed + 1))
        echo "FAIL ($1) $2:"
        sed 's/^/  /' "$work/fail"
    else
        passed=$((passed + 1))
        echo "ok   ($1) $2"
    fi
    : >"$work/fail"
}

[ -d tco ] || {
    echo "test_layers.sh: no tco/ in $(pwd)" >&2
    exit 2
}
find tco -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort >"$work/files"
: >"$work/fail"

# The project's includes: FILE:LINE:NAME, one a line; "NAME", and <NAME>
# when it names a file of the tree (the build puts tco/ on the include path).
# Each awk below reads every file in one run (xargs; a file's name is FILENAME).
xargs awk 'match($0, /^[ \t]*#[ \t]*include[ \t]*["<][^">]*[">]/) {
        s = substr($0, RSTART, RLENGTH); q = s
        sub(/^[^"<]*["<]/, "", s); sub(/[">]$/, "", s)
        if (q ~ /"$/) print FILENAME ":" FNR ":" s
        else print FILENAME ":" FNR ":" s ":angle"
    }' <"$work/files" | while IFS=: read -r f line name angle; do
    [ -z "$angle" ] || [ -f "tco/$name" ] || [ -f "tco/include/$name" ] || continue
    echo "$f:$line:$name"
done >"$work/includes"

# ----- a: the tool includes the public header alone -----
grep '^tco/cli/' "$work/includes" | while IFS=: read -r f line name; do
    case $name in
    tco.h | cli/*) ;;
    *) echo "$f:$line: the tool includes the internal header \"$name\" (only \"tco.h\", \"cli/...\" and <system> headers)" ;;
    esac
done >>"$work/fail"
check a "the tool includes only tco.h, cli/ and system headers"

# ----- b: the layers -----
while IFS=: read -r f line name; do
    layer=${f#tco/}
    layer=${layer%%/*}
    case $layer in
    util) banned="core load write cli" ;;
    core) banned="load write cli" ;;
    load) banned="write cli" ;;
    write) banned="load cli" ;;
    include) banned="util core load write cli" ;;
    *) banned="" ;;
    esac
    for b in $banned; do
        case $name in
        "$b"/*) echo "$f:$line: $layer includes \"$name\" of the $b layer above it" ;;
        esac
    done
done <"$work/includes" >>"$work/fail"
check b "util -> core -> load, write -> cli: no include goes up or across"

# ----- c: no include circles -----
# An include resolves against tco/ (the include root), tco/include/, then the
# including file's directory; tsort finds any loop among the edges.
while IFS=: read -r f line name; do
    for cand in "tco/$name" "tco/include/$name" "${f%/*}/$name"; do
        if [ -f "$cand" ]; then
            echo "$f $cand"
            break
        fi
    done
done <"$work/includes" >"$work/edges"
if ! tsort "$work/edges" >/dev/null 2>"$work/tsort"; then
    {
        echo "an include circle through these files:"
        sed -n 's/^tsort: //p' "$work/tsort" | grep -v 'input contains a loop' | sed 's/^/  /'
    } >>"$work/fail"
fi
check c "no include circles"

# ----- d: file length -----
# wc -l over every file at once: a line each, and a "total" line after each call.
xargs wc -l <"$work/files" | awk -v max="$MAX_FILE_LINES" '
    $2 != "total" && $1 > max { print $2 ": " $1 " lines (at most " max ")" }' >>"$work/fail"
check d "no file over $MAX_FILE_LINES lines"

# ----- e and f: the functions defined -----
# FILE:LINE:LINES:STATIC:NAME for each function body: its definition starts at
# the last line at column 0 that begins a name (not a comment, a directive or
# a brace) and has a '(' by the line where the body's '{' opens at column 0
# (alone, or at the end of that line), and ends at the next '}' at column 0.
xargs awk '
    function name_of(sig,   s) {
        s = sig
        sub(/\(.*/, "", s)
        sub(/[ \t*]+$/, "", s)
        sub(/.*[^A-Za-z0-9_]/, "", s)
        return s
    }
    FNR == 1 { inbody = 0; start = 0; sig = ""; f = FILENAME }
    inbody && /^}/ {
        print f ":" start ":" (FNR - start + 1) ":" static ":" name
        inbody = 0
        next
    }
    inbody { next }
    /^[A-Za-z_]/ && !/^(typedef|struct|union|enum)[ \t]/ && !/;[ \t]*$/ {
        start = FNR; sig = $0
        if (sig ~ /\(/ && sig !~ /=/ && sig ~ /\{[ \t]*$/) {
            inbody = 1; static = (sig ~ /^static[ \t]/); name = name_of(sig)
        }
        next
    }
    /^\{/ && start && sig ~ /\(/ && sig !~ /=/ {
        inbody = 1; static = (sig ~ /^static[ \t]/); name = name_of(sig)
        next
    }
    start && /^[ \t]/ && !/^[ \t]*(\/\*|\*)/ { sig = sig " " $0; next }
    { start = 0; sig = "" }
    ' <"$work/files" >"$work/functions"

while IFS=: read -r f line n static name; do
    [ "$n" -le "$MAX_FUNCTION_LINES" ] ||
        echo "$f:$line: $name is $n lines (at most $MAX_FUNCTION_LINES)"
done <"$work/functions" >>"$work/fail"
check e "no function over $MAX_FUNCTION_LINES lines"

# tco.h as the compiler sees it: no comments (which name functions too).
if ! "$CC" -E -P -x c tco/include/tco.h >"$work/tco.h" 2>"$work/cc.err"; then
    echo "tco/include/tco.h: $CC -E fails: $(head -c 300 "$work/cc.err")" >>"$work/fail"
fi
grep '^tco/' "$work/functions" | grep -v '^tco/cli/' | while IFS=: read -r f line n static name; do
    case $name in tco_*) ;; *) continue ;; esac
    [ "$static" = 0 ] || continue
    grep -Eq "(^|[^A-Za-z0-9_])$name[ \t]*\(" "$work/tco.h" ||
        echo "$f:$line: $name is defined with the public prefix but not declared in tco/include/tco.h (declare it there, or name it tci_ or make it static)"
done >>"$work/fail"
grep -ow 'tci_[A-Za-z0-9_]*' "$work/tco.h" | LC_ALL=C sort -u | while read -r name; do
    echo "tco/include/tco.h: declares the internal name $name (tci_ names belong in the internal headers)"
done >>"$work/fail"
check f "tco_ functions are declared in tco.h, which declares no tci_ name"

# ----- g: the exports -----
if [ -n "$LIB" ]; then
    if ! nm -D --defined-only "$LIB" >"$work/nm" 2>"$work/nm.err"; then
        echo "$LIB: nm -D --defined-only failed: $(head -c 300 "$work/nm.err")" >>"$work/fail"
    fi
    awk 'NF >= 2 { print $NF }' "$work/nm" | grep -v '^tco_' | sed "s|^|$LIB: exports |; s|\$| (only tco_ names; see cmake/libtco.map)|" >>"$work/fail"
    check g "the shared library exports tco_ names only"
else
    echo "skip (g) the shared library exports tco_ names only: no LIBRARY given"
fi

# ----- h: the map names every file -----
MAP=docs/internals/README.md
if [ -f "$MAP" ]; then
    find tco -type f | LC_ALL=C sort | awk -v map="$MAP" '
        BEGIN { while ((getline line < map) > 0) text = text "\n" line }
        {
            rel = substr($0, 5)
            if (!index(text, "`" rel "`"))
                print $0 ": not named in " map " (name it `" rel "`, with a line on what it holds)"
        }' >>"$work/fail"
else
    echo "$MAP: missing (the map that names every file of tco/)" >>"$work/fail"
fi
check h "$MAP names every file of tco/"

# ----- i: the writers present, the engine computes -----
# The files of tco/write as the compiler reads their code: comments and the
# text of string and character literals blanked, lines kept. A call is a name
# followed by "(".
grep '^tco/write/' "$work/files" | xargs awk '
    FNR == 1 { incomment = 0; f = FILENAME }
    {
        out = ""; n = length($0); i = 1
        while (i <= n) {
            c = substr($0, i, 1); d = substr($0, i, 2)
            if (incomment) {
                if (d == "*/") { incomment = 0; i += 2 } else i++
                continue
            }
            if (d == "/*") { incomment = 1; i += 2; out = out " "; continue }
            if (d == "//") break
            if (c == "\"" || c == "'\''") {
                q = c; out = out q; i++
                while (i <= n && substr($0, i, 1) != q)
                    i += substr($0, i, 1) == "\\" ? 2 : 1
                out = out q; i++
                continue
            }
            out = out c; i++
        }
        print f ":" FNR ":" out
    }' >"$work/writecode"

# The functions of tco/core that are not static, and those of them the
# writers may call (tests/layers/write_core_calls.txt in the tree: NAME, then
# why; # starts a comment).
awk -F: '$1 ~ /^tco\/core\// && $4 == 0 && $5 ~ /^tci_/ { print $5 }' "$work/functions" |
    LC_ALL=C sort -u >"$work/corefns"
allowed=tests/layers/write_core_calls.txt
: >"$work/allowed"
[ ! -f "$allowed" ] || sed 's/#.*//' "$allowed" | awk 'NF { print $1 }' | LC_ALL=C sort -u >"$work/allowed"
awk -v allowed="$allowed" '
    FILENAME == ARGV[1] { core[$1] = 1; next }
    FILENAME == ARGV[2] { ok[$1] = 1; next }
    {
        k = index($0, ":"); f = substr($0, 1, k - 1); code = substr($0, k + 1)
        k = index(code, ":"); line = substr(code, 1, k - 1); code = substr(code, k + 1)
        rest = code
        while (match(rest, /(^|[^A-Za-z0-9_])(pow|exp|exp2|exp10|expm1|log|log2|log10|log1p)[fl]?[ \t]*\(/)) {
            name = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
            sub(/^[^a-z]/, "", name); sub(/[ \t]*\($/, "", name)
            print f ":" line ": calls " name "(): the writers take what they show from the result or a core function (core/factors.h), and compute none of it"
        }
        rest = code
        while (match(rest, /(^|[^A-Za-z0-9_])tci_[A-Za-z0-9_]*[ \t]*\(/)) {
            name = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
            sub(/^[^t]/, "", name); sub(/[ \t]*\($/, "", name)
            if ((name in core) && !(name in ok))
                print f ":" line ": calls the core function " name ", which " allowed " does not allow (the writers read the result and the tables; what they show is computed in core)"
        }
    }' "$work/corefns" "$work/allowed" "$work/writecode" >>"$work/fail"
while read -r name; do
    grep -qx "$name" "$work/corefns" ||
        echo "$allowed: allows $name, which no file of tco/core defines"
done <"$work/allowed" >>"$work/fail"
check i "the writers call no pow, exp or log, and only the core functions $allowed allows"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
