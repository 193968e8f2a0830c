#!/bin/sh
# test_man_help.sh TCO MANPAGE - the man page and the built-in help agree.
#
# - Every option that `tco --help` or `tco COMMAND --help` prints (for every
#   command listed under "Commands:") is in the OPTIONS section of the man
#   page, and every option there is in the help.
# - The commands under "Commands:" are the entries of the COMMANDS section.
# - The environment variables of the help are in the ENVIRONMENT section.
# - groff renders the page without a warning (skipped without groff).
#
# Options are found by pattern, not by name, so new commands and options are
# checked as they are added: in the help, an option line starts with at most
# 8 spaces and a '-', and its options come before the first run of two
# spaces; in the man page, an option is a tag line (after .TP) of OPTIONS.
set -u
TCO=$1
MAN=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() {
    echo "FAIL: $*"
    fail=1
}

OPT_RE='--?[A-Za-z0-9][A-Za-z0-9-]*'

# Options of a help text on stdin: those defined on option lines, and those
# named on Usage lines.
help_options() {
    tee "$work/help.tmp" | sed -n -E 's/^ {1,8}(-[^ ].*)$/\1/p' | sed -E 's/  .*//' |
        grep -oE -- "$OPT_RE"
    sed -n -E '/^(Usage:| +tco )/p' "$work/help.tmp" |
        grep -oE -- "(^|[][ |])$OPT_RE" | sed -E 's/^[][ |]//'
}

# The lines of man page section $1 (from ".SH $1" to the next ".SH").
man_section() {
    awk -v want="$1" '
        /^\.SH / { name = $0; sub(/^\.SH +/, "", name); gsub(/"/, "", name); on = (name == want); next }
        on { print }' "$MAN"
}

# The tag lines (the line after each .TP) of a section on stdin, with roff
# escapes for '-' and fonts removed.
tags() {
    awk 'tp { print; tp = 0 } /^\.TP/ { tp = 1 }' |
        sed -E 's/\\-/-/g; s/\\f[BIRP]//g; s/\\f\(..//g; s/\\[&c]//g'
}

# --- the help texts ---
"$TCO" --help >"$work/help" 2>"$work/err" || bad "tco --help failed: $(cat "$work/err")"
[ -s "$work/err" ] && bad "tco --help wrote to stderr: $(cat "$work/err")"
help_options <"$work/help" >"$work/help_opts"
# Commands: the first word of each line of the "Commands:" block.
sed -n '/^Commands:/,/^$/p' "$work/help" | sed -n -E 's/^ +([a-z][a-z0-9-]*).*/\1/p' |
    sort -u >"$work/help_cmds"
[ -s "$work/help_cmds" ] || bad "no commands found in tco --help"
while read -r cmd; do
    if "$TCO" "$cmd" --help >"$work/cmd_help" 2>"$work/err"; then
        [ -s "$work/err" ] && bad "tco $cmd --help wrote to stderr: $(cat "$work/err")"
        help_options <"$work/cmd_help" >>"$work/help_opts"
    else
        bad "tco $cmd --help failed: $(cat "$work/err")"
    fi
done <"$work/help_cmds"
sort -u "$work/help_opts" -o "$work/help_opts"

# --- the man page ---
man_section OPTIONS | tags | grep -oE -- "(^|[ \",])$OPT_RE" | sed -E 's/^[ ",]//' |
    sort -u >"$work/man_opts"
man_section COMMANDS | tags | sed -n -E 's/^\.[A-Z]+ +"?([a-z][a-z0-9-]*).*/\1/p' |
    sort -u >"$work/man_cmds"
[ -s "$work/man_opts" ] || bad "no options found in the OPTIONS section of $MAN"

# --- compare ---
comm -23 "$work/help_opts" "$work/man_opts" >"$work/missing"
comm -13 "$work/help_opts" "$work/man_opts" >"$work/extra"
[ -s "$work/missing" ] && bad "options in --help but not in the man page's OPTIONS:" $(cat "$work/missing")
[ -s "$work/extra" ] && bad "options in the man page's OPTIONS but in no --help:" $(cat "$work/extra")
comm -23 "$work/help_cmds" "$work/man_cmds" >"$work/missing"
comm -13 "$work/help_cmds" "$work/man_cmds" >"$work/extra"
[ -s "$work/missing" ] && bad "commands in --help but not in the man page's COMMANDS:" $(cat "$work/missing")
[ -s "$work/extra" ] && bad "commands in the man page's COMMANDS but not in --help:" $(cat "$work/extra")
sed -n '/^Environment:/,/^$/p' "$work/help" | sed -n -E 's/^ +([A-Z][A-Z0-9_]+) .*/\1/p' |
    while read -r var; do
        man_section ENVIRONMENT | tags | grep -qE "^\.B +$var\$" ||
            echo "$var" >>"$work/env_missing"
    done
[ -s "$work/env_missing" ] &&
    bad "environment variables in --help but not in the man page:" $(cat "$work/env_missing")
for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS FILES ENVIRONMENT "EXIT STATUS" \
    EXAMPLES; do
    grep -qE "^\.SH +\"?$section\"?\$" "$MAN" || bad "no $section section"
done

# --- rendering ---
if command -v groff >/dev/null 2>&1; then
    LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" >"$work/groff" 2>&1 ||
        bad "groff failed: $(cat "$work/groff")"
    [ -s "$work/groff" ] && bad "groff warnings: $(cat "$work/groff")"
    bs=$(printf '\b')
    LC_ALL=C.UTF-8 groff -man -Tutf8 "$MAN" 2>/dev/null | sed "s/.$bs//g" | grep -q "^OPTIONS" ||
        bad "groff rendered no OPTIONS heading"
else
    echo "SKIP: groff is not installed; the page was not rendered"
fi

n_opts=$(wc -l <"$work/help_opts")
n_cmds=$(wc -l <"$work/help_cmds")
echo "checked $n_opts options and $n_cmds commands"
exit $fail
