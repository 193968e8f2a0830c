#!/bin/bash
# test_completion.sh TCO COMPLETION - the bash completion offers the commands, each
# command's options (every option its --help lists among them), the formats after
# --format, and scenario files; run by bash with simulated command lines.
set -u
export LC_ALL=C
TCO=$1
COMPLETION=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() {
    echo "FAIL: $*"
    fail=1
}
# shellcheck source=/dev/null
. "$COMPLETION"
complete -p tco >/dev/null 2>&1 || bad "the completion does not register tco"

# complete WORD...: the candidates for the last word, sorted, one line.
complete_line() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _tco 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
expect() { # expect WANT WORD...
    local want=$1 got
    shift
    got=$(complete_line "$@")
    [ "$got" = "$want" ] || bad "tco ${*:2}: got '$got', want '$want'"
}

cd "$work" || exit 1
mkdir dir
touch a.ini b.xml c.txt d.xlsx
expect "catalog compare import init report validate" tco ""
expect "report" tco re
expect "--help --version" tco --
expect "--help --version -h" tco -
expect "csv json md table xlsx" tco report a.ini -f ""
expect "csv json md table xlsx" tco report a.ini --format ""
expect "json" tco report a.ini --format = j
expect "a.ini dir" tco report ""
expect "a.ini b.xml dir" tco validate ""
expect "b.xml dir" tco report a.ini --catalog ""
expect "--monthly" tco report a.ini --mo
expect "d.xlsx dir" tco import ""
expect "a.ini dir" tco import d.xlsx --scenario ""
# The hidden command completion: the shells; its name is not offered.
expect "cn-west us-colo us-onprem" tco init --gpu h100-sxm5-80gb --site ""
expect "infer train" tco init --workload ""
expect "bash fish zsh" tco completion ""
expect "" tco compl

# Every option of the help is offered: for a command whose --help is its own,
# with that command; when commands share the general help, with at least one.
help_opts() {
    sed -n -E 's/^ {1,8}(-[^ ].*)$/\1/p' | sed -E 's/  .*//' | grep -oE -- '--?[A-Za-z0-9][A-Za-z0-9-]*'
}
"$TCO" --help >"$work/help"
offered_global=" $(complete_line tco -) "
for o in --help --version; do
    grep -qx -- "$o" <(help_opts <"$work/help") && [[ $offered_global != *" $o "* ]] &&
        bad "tco $o is not completed"
done
cmds=$(sed -n '/^Commands:/,/^$/p' "$work/help" | sed -n -E 's/^ +([a-z][a-z0-9-]*).*/\1/p')
[ -n "$cmds" ] || bad "no commands in tco --help"
any=" "
for cmd in $cmds; do
    [[ " $(complete_line tco "") " == *" $cmd "* ]] || bad "command $cmd is not completed"
    offered=" $(complete_line tco "$cmd" -) "
    any="$any${offered# }"
    "$TCO" "$cmd" --help >"$work/cmd_help" 2>/dev/null || bad "tco $cmd --help failed"
    cmp -s "$work/cmd_help" "$work/help" && continue # the general help: checked below
    for o in $(help_opts <"$work/cmd_help"); do
        [ "$o" = --version ] && continue # a global option
        [[ $offered == *" $o "* ]] || bad "tco $cmd $o is not completed"
    done
done
for o in $(help_opts <"$work/help"); do
    [ "$o" = --version ] && continue
    [[ $any == *" $o "* ]] || bad "$o is offered for no command"
done
exit $fail
