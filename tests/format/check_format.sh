#!/bin/sh
# check_format.sh SOURCE_DIR [CLANG_FORMAT] - every C file is formatted.
#
# Runs clang-format --dry-run --Werror, with SOURCE_DIR/.clang-format, over every .c
# and .h file under tco/, tests/, bench/, fuzz/ and examples/ of SOURCE_DIR (the files
# git knows, tracked or not ignored, in a git checkout; every such file otherwise), and
# fails on any file whose format differs, naming the files and the command that fixes
# them. CLANG_FORMAT is the program (default: clang-format-14, else clang-format); the
# style is that of clang-format 14, which other versions may not reproduce.
#
# Exit 0 when every file is formatted, 1 when one is not, 77 (skipped) when there is
# no clang-format.
set -u

src=$1
cf=${2:-}
if [ -z "$cf" ]; then
    cf=$(command -v clang-format-14 || command -v clang-format || true)
fi
if [ -z "$cf" ] || ! command -v "$cf" >/dev/null 2>&1; then
    echo "SKIP: clang-format is not installed (Debian: apt-get install clang-format)"
    exit 77
fi
cd "$src" || exit 1
if [ ! -f .clang-format ]; then
    echo "FAIL: no .clang-format in $src"
    exit 1
fi
version=$("$cf" --version | sed -n 's/.*version \([0-9][0-9]*\).*/\1/p')
if [ "$version" != 14 ]; then
    echo "note: $cf is version ${version:-unknown}; the tree is formatted with clang-format 14"
fi

dirs="tco tests bench fuzz examples"
list=$(mktemp)
trap 'rm -f "$list"' EXIT INT TERM
if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
    [ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ]; then
    # shellcheck disable=SC2086 # one word per directory
    git ls-files --cached --others --exclude-standard -- $dirs |
        grep -E '\.[ch]$' | sort -u >"$list"
else
    # shellcheck disable=SC2086 # one word per directory
    find $dirs -type f \( -name '*.c' -o -name '*.h' \) 2>/dev/null | sort >"$list"
fi
n=$(wc -l <"$list")
if [ "$n" -eq 0 ]; then
    echo "FAIL: no C files under $dirs of $src"
    exit 1
fi

# One clang-format over every file (a start costs about 0.1 s, the whole tree about 2 s):
# the loop below, which names the files that differ, runs only when that call fails.
if tr '\n' '\0' <"$list" | xargs -0 "$cf" --style=file --dry-run --Werror >/dev/null 2>&1; then
    echo "ok: $n C files formatted ($cf)"
    exit 0
fi

bad=
nbad=0
while read -r f; do
    [ -f "$f" ] || continue # deleted but not yet committed
    if ! "$cf" --style=file --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad="$bad $f"
        nbad=$((nbad + 1))
    fi
done <"$list"

if [ "$nbad" -eq 0 ]; then
    echo "ok: $n C files formatted ($cf)"
    exit 0
fi
echo "FAIL: $nbad of $n C files are not formatted as .clang-format says:"
for f in $bad; do
    echo "  $f"
done
first=${bad# }
first=${first%% *}
echo "The first difference, in $first (- as it is, + as clang-format writes it):"
"$cf" --style=file "$first" | diff -u "$first" - | sed -n '3,30p'
echo "To fix, from $(pwd -P):"
echo "  clang-format -i$bad"
exit 1
