#!/bin/bash
# test_options.sh TCO SOURCE_DIR - the command line's GNU conventions (getopt_long):
# "--" ends the options, grouped short options, a short option's value attached
# or apart, a long option's after '=' or apart, a long option by a unique prefix,
# an ambiguous prefix refused with its candidates; each command's own --help; a
# mistyped command or option answered with the closest one. Every error is a
# usage error: exit 2, one message naming the argument.
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR
SEED=$SRC/config/seed-2026.ini
cd "$work" || exit 1

# A scenario with one warning (a price in cents, not per kWh), to see -q at work.
cat >cents.ini <<'INI'
[scenario]
name = cents
as_of = 2026-01-01
[site]
electricity_price = 12
[option b]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
[option r]
acquire = rent
count = 8
price_per_gpu_hour = 2
INI

# --- "--" ends the options: a file whose name starts with '-' ---
cp cents.ini ./-x.ini
expect_rc 0 "$TCO" validate -q -- -x.ini
grep -qx -- '-x.ini: ok: 2 options, 0 cases, 0 uncertain inputs' out && ok || bad "-- -x.ini: $(cat out)"
expect_rc 2 "$TCO" validate -x.ini
expect_err "tco: unknown option '-x'"

# --- grouped short options: -qv is -q -v, in either order ---
expect_rc 0 "$TCO" validate cents.ini -v
grep -q "warning:" err && ok || bad "no warning without -q: $(cat err)"
for g in -qv -vq; do
    expect_rc 0 "$TCO" validate cents.ini "$g"
    grep -q "tco: reading the catalog" err && ok || bad "$g: -v not taken: $(cat err)"
    grep -q "warning:" err && bad "$g: -q not taken: $(cat err)" || ok
done

# --- a value: -oFILE, -o FILE, --output=FILE, --output FILE, a unique prefix ---
"$TCO" report "$SEED" -o want.json 2>/dev/null || bad "report -o want.json"
i=0
for form in "-oFILE" "-o FILE" "--output=FILE" "--output FILE" "--out=FILE" "--outp FILE" \
    "-qoFILE"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # the words of the form are the arguments
    expect_rc 0 "$TCO" report "$SEED" ${form//FILE/got$i.json}
    cmp -s want.json "got$i.json" && ok || bad "$form: the output differs from -o FILE's"
done
# The operand after the options, and options after it, are all taken.
expect_rc 0 "$TCO" report -o got_first.json "$SEED"
cmp -s want.json got_first.json && ok || bad "options before the operand"
# A prefix of a long option without a value: --fisc is --fiscal-years.
"$TCO" report "$SEED" --format csv --fiscal-years >fy_full.csv 2>/dev/null
"$TCO" report "$SEED" --form=csv --fisc >fy_prefix.csv 2>/dev/null
"$TCO" report "$SEED" --format csv >no_fy.csv 2>/dev/null
cmp -s fy_full.csv fy_prefix.csv && ok || bad "--fisc is not --fiscal-years"
cmp -s fy_full.csv no_fy.csv && bad "--fiscal-years changed nothing" || ok

# --- errors ---
expect_rc 2 "$TCO" report "$SEED" --f json
expect_err "tco: option '--f' is ambiguous; it could be '--format', '--fiscal-years'"
[ -e json ] && bad "an ambiguous option wrote something" || ok
expect_rc 2 "$TCO" report "$SEED" --fromat json
expect_err "tco: unknown option '--fromat'; did you mean '--format'?"
expect_rc 2 "$TCO" report "$SEED" --fromat=json
expect_err "tco: unknown option '--fromat=json'; did you mean '--format'?"
expect_rc 2 "$TCO" report "$SEED" --strcit
expect_err "did you mean '--strict'?"
expect_rc 2 "$TCO" repot "$SEED"
expect_err "tco: unknown command 'repot'; did you mean 'report'?"
expect_rc 2 "$TCO" compre a.ini b.ini
expect_err "tco: unknown command 'compre'; did you mean 'compare'?"
# A scenario given without a command: the command that computes it.
expect_rc 2 "$TCO" my-scenario.ini
expect_err "tco: unknown command 'my-scenario.ini'; to compute a scenario, put 'report' before it"
expect_rc 2 "$TCO" xyzzy
expect_err "tco: unknown command 'xyzzy'"
grep -q "did you mean" err && bad "a suggestion for xyzzy: $(cat err)" || ok
expect_rc 2 "$TCO" report "$SEED" --diff
expect_err "tco: option '--diff' does not apply to report"
expect_rc 2 "$TCO" report "$SEED" -o
expect_err "tco: option '-o' needs a value"
expect_rc 2 "$TCO" validate "$SEED" -o x.json
expect_err "tco: option '-o' does not apply to validate"
expect_rc 2 "$TCO" report "$SEED" --output
expect_err "tco: option '--output' needs a value"
expect_rc 2 "$TCO" report "$SEED" --quiet=yes
expect_err "tco: option '--quiet' takes no value"
expect_rc 2 "$TCO" report "$SEED" -qz
expect_err "tco: unknown option '-z'"
expect_rc 2 "$TCO" report "$SEED" "$SEED"
expect_err "tco: unexpected argument '$SEED'"
for e in err; do
    [ "$(grep -c . "$e")" -eq 2 ] && ok || bad "a usage error is not two lines: $(cat "$e")"
done

# --- each command's own help: its usage, and exactly its options (by hand) ---
check_help() { # check_help CMD OPTION...
    local cmd=$1
    shift
    expect_rc 0 "$TCO" "$cmd" --help
    [ -s err ] && bad "$cmd --help wrote to stderr"
    head -1 out | grep -q "^Usage: tco $cmd " && ok || bad "$cmd --help: $(head -1 out)"
    got=$(sed -n -E 's/^ {1,8}(-[^ ].*)$/\1/p' out | sed -E 's/  .*//' |
        grep -oE -- '--?[A-Za-z0-9][A-Za-z0-9-]*' | sort | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$got" = "$want" ] && ok || bad "$cmd --help lists '$got', want '$want'"
    "$TCO" help "$cmd" >help_cmd 2>&1
    cmp -s out help_cmd && ok || bad "tco help $cmd differs from tco $cmd --help"
    "$TCO" "$cmd" -h >help_h 2>&1
    cmp -s out help_h && ok || bad "tco $cmd -h differs from tco $cmd --help"
}
common="-q --quiet -v --verbose -h --help --catalog"
# shellcheck disable=SC2086 # the lists are words
check_help report -o --output -f --format --template --monthly --fiscal-years --statements --strict $common
# shellcheck disable=SC2086
check_help validate --template --strict $common
# shellcheck disable=SC2086
check_help catalog -o --output -f --format --strict --gpu --provider --pricing --region --max-price --from --as-of --source --min-gpus $common
# shellcheck disable=SC2086
check_help compare -o --output -f --format --template --fail-above --strict $common
# shellcheck disable=SC2086
check_help import -o --output --scenario --diff $common
check_help init -o --output --gpu --count --vs --horizon --site --workload --gpu-price -h --help
check_help completion -h --help
# tco --help: every command but the hidden one, and --version.
expect_rc 0 "$TCO" --hel
grep -q "^  import BOOK.xlsx" out && ok || bad "--hel is not --help"
grep -q "completion" out && bad "the hidden command completion is in --help" || ok
expect_rc 0 "$TCO" --vers
grep -qE '^tco [0-9.]+$' out && ok || bad "--vers is not --version"
expect_rc 2 "$TCO" --bogus
expect_err "tco: unknown option '--bogus'"
expect_rc 2 "$TCO" report --version
expect_err "tco: option '--version' does not apply to report"
finish
