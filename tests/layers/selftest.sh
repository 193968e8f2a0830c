#!/bin/sh
# selftest.sh CC - test_layers.sh on a small tree that keeps every rule, then
# on copies of it that each break one rule: the check of that rule alone
# fails, naming the file.
set -u
CC=${1:-cc}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
}

# lines N TEXT: TEXT N times, one a line.
lines() {
    i=0
    while [ "$i" -lt "$1" ]; do
        echo "$2"
        i=$((i + 1))
    done
}

# A tree that keeps every rule.
clean=$work/clean
mkdir -p "$clean/tco/include" "$clean/tco/util" "$clean/tco/core" "$clean/tco/load" \
    "$clean/tco/write" "$clean/tco/cli"
cat >"$clean/tco/include/tco.h" <<'EOF'
#ifndef TCO_H
#define TCO_H
#include <stdio.h>
/* The public API; tco_hidden() is only named in this comment. */
int tco_ok(void);
#endif
EOF
printf '#include "tco.h"\nint tci_util(void);\n' >"$clean/tco/util/u.h"
printf '#include "util/u.h"\n\nint tci_util(void)\n{\n    return 0;\n}\n' >"$clean/tco/util/u.c"
{
    printf '#include "tco.h"\n#include "util/u.h"\n\nstatic int tco_local(void)\n{\n'
    printf '    return 1;\n}\n\nint tco_ok(void)\n{\n'
    lines 196 '    (void)0;'
    printf '    return tco_local() + tci_util();\n}\n'
} >"$clean/tco/core/c.c"
printf '#include "tco.h"\n' >"$clean/tco/write/w.h"
printf '#include "write/w.h"\n#include "util/u.h"\n' >"$clean/tco/write/w.c"
# A core accessor the writers may call, and a core computation they may not;
# pow, log and the computation named in a comment and in literals only.
printf 'int tci_core_get(void);\nint tci_core_compute(void);\n' >"$clean/tco/core/k.h"
printf '#include "core/k.h"\n\nint tci_core_get(void)\n{\n    return 1;\n}\n\nint tci_core_compute(void)\n{\n    return 2;\n}\n' \
    >"$clean/tco/core/k.c"
mkdir -p "$clean/tests/layers"
printf '# the functions of tco/core the writers may call\ntci_core_get   an accessor\n' \
    >"$clean/tests/layers/write_core_calls.txt"
cat >"$clean/tco/write/x.c" <<'EOF'
#include "write/w.h"
#include "core/k.h"

/* Not pow(2, 3) nor log(x), a comment; nor tci_core_compute() in one. */
static const char *formula(void)
{
    return "=EXP(1)+pow(2, 3)+tci_core_compute()";
}

int tci_write(void)
{
    return tci_core_get() + (formula()[0] == '(');
}
EOF
printf '#include "util/u.h"\n' >"$clean/tco/load/l.c"
printf '#include "tco.h"\nint cli_run(void);\n' >"$clean/tco/cli/cli.h"
printf '#include "cli/cli.h"\n#include "tco.h"\n#include <stdio.h>\n\nint main(void)\n{\n    return tco_ok();\n}\n' \
    >"$clean/tco/cli/main.c"
mkdir -p "$clean/docs/internals"
cat >"$clean/docs/internals/README.md" <<'EOF'
# The map

Every file of `tco/`, by its path under `tco/`:

| file | contents |
|---|---|
| `include/tco.h` | the public API |
| `util/u.c`, `util/u.h` | a helper |
| `core/c.c` | the model; `core/k.c` and `core/k.h`, an accessor and a computation |
| `load/l.c` | a loader |
| `write/w.c` | a writer; `write/w.h` declares it; `write/x.c`, another |
| `cli/main.c` | the tool, with `cli/cli.h` |
EOF
printf 'int tco_ok(void) { return 0; }\n' >"$work/lib_ok.c"
printf 'int tco_ok(void) { return 0; }\nint helper(void) { return 1; }\n' >"$work/lib_bad.c"
"$CC" -shared -fPIC -o "$work/libok.so" "$work/lib_ok.c" &&
    "$CC" -shared -fPIC -o "$work/libbad.so" "$work/lib_bad.c" || {
    echo "selftest.sh: $CC cannot build a shared library" >&2
    exit 1
}

sh "$here/test_layers.sh" "$clean" "$work/libok.so" "$CC" >"$work/out" 2>&1 &&
    grep -q '^9 passed, 0 failed$' "$work/out" && ok || bad "clean tree: $(cat "$work/out")"

# broken LETTER TEXT [LIB]: after the caller changed a copy of the clean tree
# in $work/t, the check LETTER alone fails and its message holds TEXT.
broken() {
    sh "$here/test_layers.sh" "$work/t" "${3:-$work/libok.so}" "$CC" >"$work/out" 2>&1
    rc=$?
    if [ "$rc" -eq 1 ] && grep -q "^FAIL ($1)" "$work/out" && grep -qF -- "$2" "$work/out" &&
        grep -q '^8 passed, 1 failed$' "$work/out"; then
        ok
    else
        bad "($1) not caught alone (exit $rc, want 1 and '$2'): $(cat "$work/out")"
    fi
}
fresh() {
    rm -rf "$work/t"
    cp -R "$clean" "$work/t"
}
# named PATH...: the copy's map names each file PATH of tco/ (a path under tco/),
# so that a file added to break another rule keeps this one.
named() {
    for p in "$@"; do
        printf '| `%s` | added |\n' "$p" >>"$work/t/docs/internals/README.md"
    done
}

fresh
printf '#include "util/u.h"\n' >>"$work/t/tco/cli/main.c"
broken a 'tco/cli/main.c:9: the tool includes the internal header "util/u.h"'

fresh
printf '#include <util/u.h>\n' >>"$work/t/tco/cli/main.c"
broken a 'tco/cli/main.c:9: the tool includes the internal header "util/u.h"'

fresh
printf '#include "write/w.h"\n' >>"$work/t/tco/core/c.c"
broken b 'tco/core/c.c:'

fresh
printf '#include "load/l.h"\n' >>"$work/t/tco/write/w.c"
printf '#include "tco.h"\n' >"$work/t/tco/load/l.h"
named load/l.h
broken b 'tco/write/w.c:3: write includes "load/l.h"'

fresh
printf '#include "util/y.h"\n' >"$work/t/tco/util/x.h"
printf '#include "util/x.h"\n' >"$work/t/tco/util/y.h"
named util/x.h util/y.h
broken c 'tco/util/x.h'

fresh
lines 1201 '/* padding */' >"$work/t/tco/load/long.c"
named load/long.c
broken d 'tco/load/long.c: 1201 lines'

fresh
awk '{ print } /^int tco_ok\(void\)$/ { print "{"; print "    (void)2;"; getline }' \
    "$clean/tco/core/c.c" >"$work/t/tco/core/c.c"
broken e 'tco/core/c.c:9: tco_ok is 201 lines'

fresh
printf '\nint tco_hidden(void)\n{\n    return 2;\n}\n' >>"$work/t/tco/core/c.c"
broken f 'tco/core/c.c:210: tco_hidden is defined with the public prefix but not declared'

fresh
sed 's/^int tco_ok(void);$/int tco_ok(void);\nint tci_leak(void);/' "$clean/tco/include/tco.h" \
    >"$work/t/tco/include/tco.h"
broken f 'tco/include/tco.h: declares the internal name tci_leak'

fresh
broken g 'exports helper' "$work/libbad.so"

fresh
printf '#include "util/u.h"\n' >"$work/t/tco/load/m.c"
broken h 'tco/load/m.c: not named in docs/internals/README.md (name it `load/m.c`'

fresh
echo 'notes' >"$work/t/tco/write/NOTES"
broken h 'tco/write/NOTES: not named in docs/internals/README.md (name it `write/NOTES`'

fresh
printf '#include "util/u.h"\n' >"$work/t/tco/util/v.c"
echo 'util/v.c and v.c, named without backticks' >>"$work/t/docs/internals/README.md"
broken h 'tco/util/v.c: not named in docs/internals/README.md'

fresh
rm "$work/t/docs/internals/README.md"
broken h 'docs/internals/README.md: missing'

fresh
printf '\ndouble tci_write_pow(double x)\n{\n    return pow(1 + x, 2);\n}\n' >>"$work/t/tco/write/x.c"
broken i 'tco/write/x.c:17: calls pow()'

fresh
printf '\ndouble tci_write_digits(double x)\n{\n    return log10f(x);\n}\n' >>"$work/t/tco/write/x.c"
broken i 'tco/write/x.c:17: calls log10f()'

fresh
printf '\nint tci_write_more(void)\n{\n    return tci_core_compute();\n}\n' >>"$work/t/tco/write/x.c"
broken i 'tco/write/x.c:17: calls the core function tci_core_compute, which tests/layers/write_core_calls.txt does not allow'

fresh
printf 'tci_core_gone  an accessor no more\n' >>"$work/t/tests/layers/write_core_calls.txt"
broken i 'tests/layers/write_core_calls.txt: allows tci_core_gone, which no file of tco/core defines'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
