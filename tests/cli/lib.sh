# lib.sh - shared by the command-line tests (sourced): a work directory that is
# removed on exit, pass/fail counting, and expectations on the exit status and
# standard error of a command.
PY=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_rc WANT CMD...: run CMD (output in $work/out and $work/err) and
# compare its exit status.
expect_rc() {
    want=$1
    shift
    "$@" >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" -eq "$want" ]; then ok; else bad "exit $rc, want $want: $* ($(head -c 400 "$work/err"))"; fi
}

# expect_err TEXT: the last command's standard error holds TEXT.
expect_err() {
    if grep -qF -- "$1" "$work/err"; then ok; else bad "stderr lacks '$1': $(head -c 400 "$work/err")"; fi
}

# finish: print the closing count; the exit status says whether all passed.
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
