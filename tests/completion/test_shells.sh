#!/bin/bash
# test_shells.sh TCO SOURCE_DIR - the completion scripts of bash, zsh and fish are
# what `tco completion SHELL` prints (made from the tool's table of commands and
# options), so that the shipped files cannot drift from the tool; and zsh and fish,
# their completion systems run for real (fish's `complete -C`; zsh's through a
# pseudo-terminal, zsh_complete.zsh), offer every command of `tco --help`, every
# option of each command's `tco COMMAND --help`, the formats and the shells. A shell that is not installed is skipped (exit 77
# when neither is).
set -u
export LC_ALL=C
TCO=$1
SRC=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
pass=0
bad() {
    echo "FAIL: $*"
    fail=1
}
ok() { pass=$((pass + 1)); }

# --- the shipped files are the generated ones ---
for pair in bash:tco.bash zsh:_tco fish:tco.fish; do
    shell=${pair%%:*}
    file=$SRC/completions/${pair#*:}
    "$TCO" completion "$shell" >"$work/gen" 2>"$work/err" || bad "tco completion $shell failed"
    [ -s "$work/err" ] && bad "tco completion $shell wrote to stderr: $(cat "$work/err")"
    cmp -s "$work/gen" "$file" && ok ||
        bad "$file is not the output of 'tco completion $shell' (run: tco completion $shell >$file)"
done
"$TCO" completion ksh >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -qF "tco: unknown shell 'ksh' (expected bash, zsh or fish)" "$work/err" && ok ||
    bad "tco completion ksh: $(cat "$work/err")"

# --- what each command offers, by its help (an independent route) ---
help_opts() {
    sed -n -E 's/^ {1,8}(-[^ ].*)$/\1/p' | sed -E 's/  .*//' | grep -oE -- '--?[A-Za-z0-9][A-Za-z0-9-]*' |
        sort -u
}
"$TCO" --help >"$work/help"
cmds=$(sed -n '/^Commands:/,/^$/p' "$work/help" | sed -n -E 's/^ +([a-z][a-z0-9-]*).*/\1/p')
[ -n "$cmds" ] || bad "no commands in tco --help"
for cmd in $cmds; do
    "$TCO" "$cmd" --help | help_opts >"$work/want.$cmd"
    [ -s "$work/want.$cmd" ] || bad "no options in tco $cmd --help"
done
printf '%s\n' -h --help --version | sort >"$work/want.top"

# same WHAT GOT WANT: the two files of words are the same.
same() {
    if cmp -s "$2" "$3"; then ok; else bad "$1: got '$(tr '\n' ' ' <"$2")', want '$(tr '\n' ' ' <"$3")'"; fi
}

tried=0
# --- fish: `complete -C` on the command lines ---
if command -v fish >/dev/null 2>&1; then
    tried=1
    cd "$work" && mkdir -p files && cd files && touch a.ini b.xml d.xlsx && cd "$work" || exit 1
    fc() { # fc LINE: the candidates fish offers for LINE, first column, sorted
        (cd "$work/files" && fish --no-config -c "source '$SRC/completions/tco.fish'; complete -C '$1'") |
            cut -f1 | sort -u
    }
    fc 'tco ' >"$work/got"
    printf '%s\n' $cmds | sort >"$work/want"
    same "fish: tco <TAB>" "$work/got" "$work/want"
    fc 'tco -' >"$work/got"
    same "fish: tco -<TAB>" "$work/got" "$work/want.top"
    for cmd in $cmds; do
        { fc "tco $cmd -"; fc "tco $cmd --"; } | sort -u >"$work/got"
        same "fish: tco $cmd -<TAB>" "$work/got" "$work/want.$cmd"
    done
    fc 'tco report a.ini --format ' >"$work/got"
    printf '%s\n' csv json md table xlsx >"$work/want"
    same "fish: --format <TAB>" "$work/got" "$work/want"
    fc 'tco report a.ini -f' >"$work/got"
    printf '%s\n' -fcsv -fjson -fmd -ftable -fxlsx >"$work/want"
    same "fish: -f<TAB>" "$work/got" "$work/want"
    fc 'tco report ' | grep -qx a.ini && ok || bad "fish: tco report <TAB> offers no a.ini"
    fc 'tco import ' | grep -qx d.xlsx && ok || bad "fish: tco import <TAB> offers no d.xlsx"
    fc 'tco completion ' >"$work/got"
    printf '%s\n' bash fish zsh >"$work/want"
    same "fish: tco completion <TAB>" "$work/got" "$work/want"
else
    echo "SKIP: fish is not installed"
fi

# --- zsh: its completion system driven for real (zsh_complete.zsh: an interactive
# zsh in a pseudo-terminal, LINE and a Tab typed, the candidates read back) ---
if command -v zsh >/dev/null 2>&1; then
    tried=1
    zc() { # zc LINE: the candidates zsh offers for LINE, sorted, one a line
        (cd "$work/files" && TCO_COMPLETIONS=$SRC/completions timeout 30 zsh -f \
            "$here/zsh_complete.zsh" "$1") | tr -d '\r' | sort -u
    }
    mkdir -p "$work/files" && touch "$work/files/a.ini" "$work/files/b.xml" "$work/files/d.xlsx"
    zc 'tco ' >"$work/got"
    printf '%s\n' $cmds | sort >"$work/want"
    same "zsh: tco <TAB>" "$work/got" "$work/want"
    zc 'tco -' >"$work/got"
    same "zsh: tco -<TAB>" "$work/got" "$work/want.top"
    for cmd in $cmds; do
        zc "tco $cmd -" >"$work/got"
        same "zsh: tco $cmd -<TAB>" "$work/got" "$work/want.$cmd"
    done
    zc 'tco report a.ini --format ' >"$work/got"
    printf '%s\n' csv json md table xlsx >"$work/want"
    same "zsh: --format <TAB>" "$work/got" "$work/want"
    zc 'tco report ' | grep -qx a.ini && ok || bad "zsh: tco report <TAB> offers no a.ini"
    zc 'tco completion ' >"$work/got"
    printf '%s\n' bash fish zsh >"$work/want"
    same "zsh: tco completion <TAB>" "$work/got" "$work/want"
else
    echo "SKIP: zsh is not installed"
fi
echo "$pass passed"
[ $tried -eq 0 ] && [ $fail -eq 0 ] && exit 77
exit $fail
