#!/bin/sh
# test_install.sh CMAKE BUILD_DIR SOURCE_DIR CC LIBDIR [EXTRA_CFLAGS] - install into a
# temporary prefix and use what was installed:
# - the files are where they belong, and nothing private is installed;
# - the installed tco runs: --version, and report on config/seed-2026.ini;
# - examples/api/*.c build against the installed header and library through
#   pkg-config, linked with the shared library (with an rpath) and with the
#   static one, and run;
# - a small CMake project builds with find_package(tco), against tco::tco and
#   tco::tco_static, and runs.
# The tree is installed in one place and moved to another before it is used,
# so the pkg-config and CMake files must not hard-code the prefix.
set -u
CMAKE=$1
BUILD=$2
SRC=$3
CC=$4
LIBDIR=$5
EXTRA_CFLAGS=${6:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() {
    echo "FAIL: $*"
    fail=1
}
CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -Werror $EXTRA_CFLAGS"

# --- install, then move the tree ---
if ! "$CMAKE" --install "$BUILD" --prefix "$work/staged" >"$work/install.log" 2>&1; then
    cat "$work/install.log"
    echo "FAIL: cmake --install"
    exit 1
fi
mv "$work/staged" "$work/prefix"
P=$work/prefix

version=$(sed -n -E 's/^#define TCO_VERSION "(.*)"$/\1/p' "$P/include/tco.h")
soversion=${version%%.*}
for f in bin/tco include/tco.h include/tco_budget.h include/tco_catalog.h include/tco_compare.h include/tco_lines.h include/tco_plan.h "$LIBDIR/libtco.a" "$LIBDIR/libtco.so" \
    "$LIBDIR/libtco.so.$soversion" "$LIBDIR/libtco.so.$version" "$LIBDIR/pkgconfig/tco.pc" \
    "$LIBDIR/cmake/tco/tcoConfig.cmake" "$LIBDIR/cmake/tco/tcoConfigVersion.cmake" \
    "$LIBDIR/cmake/tco/tcoTargets.cmake" share/man/man1/tco.1 \
    share/tco/pricing/catalog.xsd share/bash-completion/completions/tco \
    share/zsh/site-functions/_tco share/fish/vendor_completions.d/tco.fish; do
    [ -e "$P/$f" ] || bad "not installed: $f"
done
[ -d "$P/share/tco/templates" ] || bad "not installed: share/tco/templates/"
for f in "$SRC"/pricing/*.xml "$SRC"/pricing/*.xsd "$SRC"/templates/*.xml; do
    [ -e "$f" ] || continue
    rel=${f#"$SRC"/}
    cmp -s "$f" "$P/share/tco/$rel" || bad "not installed as it is: share/tco/$rel"
done
# The public headers: tco.h and the tco_*.h files it includes.
find "$P/include" -type f | grep -vE '/tco(_[a-z]+)?\.h$' >"$work/extra_headers" &&
    bad "private headers installed: $(cat "$work/extra_headers")"
find "$P/share/tco" -type f ! -name '*.xml' ! -name '*.xsd' >"$work/extra_data" &&
    [ -s "$work/extra_data" ] && bad "share/tco holds other files: $(cat "$work/extra_data")"
# libtco.so exports the functions of the public header and nothing else.
if command -v nm >/dev/null 2>&1; then
    grep -ohE 'tco_[a-z0-9_]+\(' "$P"/include/tco*.h | tr -d '(' | sort -u >"$work/api"
    nm -D --defined-only "$P/$LIBDIR/libtco.so" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' |
        sort -u >"$work/exported"
    comm -23 "$work/exported" "$work/api" >"$work/extra_symbols"
    [ -s "$work/extra_symbols" ] &&
        bad "libtco.so exports what tco.h does not declare: $(head -5 "$work/extra_symbols")"
    grep -qx tco_compute "$work/exported" || bad "libtco.so does not export tco_compute"
fi

# --- the installed command ---
out=$("$P/bin/tco" --version 2>&1) || bad "tco --version failed: $out"
[ "$out" = "tco $version" ] || bad "tco --version says '$out', want 'tco $version'"
"$P/bin/tco" report "$SRC/config/seed-2026.ini" >"$work/report" 2>"$work/err" ||
    bad "installed tco report failed: $(cat "$work/err")"
[ -s "$work/err" ] && bad "installed tco report wrote to stderr: $(cat "$work/err")"
grep -q "rank" "$work/report" || bad "installed tco report printed no table"
# The installed data, found through TCO_DATA_DIR.
TCO_DATA_DIR=$P/share/tco "$P/bin/tco" catalog -v >"$work/catalog" 2>"$work/err" ||
    bad "installed tco catalog with TCO_DATA_DIR failed: $(cat "$work/err")"
grep -q "$P/share/tco/pricing/" "$work/err" || bad "tco catalog did not read the installed catalog"
if command -v man >/dev/null 2>&1; then
    MANPATH=$P/share/man man -w tco >/dev/null 2>&1 || bad "man does not find tco(1) under $P/share/man"
fi
if command -v bash >/dev/null 2>&1; then
    bash -c ". '$P/share/bash-completion/completions/tco' && complete -p tco" >/dev/null 2>&1 ||
        bad "the installed bash completion does not register tco"
fi

# --- pkg-config: the examples against the installed header and library ---
PKG_CONFIG_PATH=$P/$LIBDIR/pkgconfig
export PKG_CONFIG_PATH
[ "$(pkg-config --modversion tco)" = "$version" ] || bad "pkg-config --modversion tco"
case $(pkg-config --variable=prefix tco) in
"$P"/* | "$P") ;;
*) bad "tco.pc prefix is $(pkg-config --variable=prefix tco), not under $P" ;;
esac
cflags=$(pkg-config --cflags tco)
libs=$(pkg-config --libs tco)
# Static: the static archive by name, then what it needs.
static_libs=$(pkg-config --static --libs tco | sed 's/-ltco\b/-Wl,-Bstatic -ltco -Wl,-Bdynamic/')
SEED=$SRC/config/seed-2026.ini
for c in "$SRC"/examples/api/*.c; do
    name=$(basename "$c" .c)
    for kind in shared static; do
        exe=$work/$name-$kind
        if [ $kind = shared ]; then
            # shellcheck disable=SC2086 # flags are words
            $CC $CFLAGS $cflags "$c" -o "$exe" $libs -Wl,-rpath,"$P/$LIBDIR" 2>"$work/cc" ||
                { bad "$name ($kind) does not build: $(cat "$work/cc")"; continue; }
        else
            # shellcheck disable=SC2086
            $CC $CFLAGS $cflags "$c" -o "$exe" $static_libs 2>"$work/cc" ||
                { bad "$name ($kind) does not build: $(cat "$work/cc")"; continue; }
        fi
        case $name in
        load_string) args= ;;
        breakeven) args=$SEED ;;
        write_report) args="$SEED $work/$name-$kind.json $work/$name-$kind.xlsx" ;;
        *) args=$SEED ;;
        esac
        # shellcheck disable=SC2086
        "$exe" $args >"$work/$name-$kind.out" 2>"$work/err" ||
            bad "$name ($kind) failed: $(cat "$work/err")"
        [ -s "$work/err" ] && bad "$name ($kind) wrote to stderr: $(cat "$work/err")"
    done
    cmp -s "$work/$name-shared.out" "$work/$name-static.out" ||
        bad "$name: the shared and static builds print different things"
    if command -v readelf >/dev/null 2>&1; then
        readelf -d "$work/$name-shared" | grep -q "NEEDED.*libtco\.so\.$soversion" ||
            bad "$name (shared) does not load libtco.so.$soversion"
        readelf -d "$work/$name-static" | grep -q "NEEDED.*libtco" &&
            bad "$name (static) loads libtco.so"
    fi
done
grep -q "h100-buy" "$work/load_string-shared.out" 2>/dev/null || bad "load_string printed no figures"
[ -s "$work/write_report-shared.xlsx" ] || bad "write_report (shared) wrote no workbook"

# --- CMake: find_package(tco) ---
mkdir "$work/consumer"
cp "$SRC/examples/api/load_string.c" "$work/consumer/"
cat >"$work/consumer/CMakeLists.txt" <<CMEOF
cmake_minimum_required(VERSION 3.18)
project(consumer C)
find_package(tco $version REQUIRED)
add_executable(with_shared load_string.c)
target_link_libraries(with_shared PRIVATE tco::tco)
add_executable(with_static load_string.c)
target_link_libraries(with_static PRIVATE tco::tco_static)
CMEOF
if "$CMAKE" -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$P" \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="$EXTRA_CFLAGS" >"$work/cmake.log" 2>&1 &&
    "$CMAKE" --build "$work/consumer/build" >>"$work/cmake.log" 2>&1; then
    for t in with_shared with_static; do
        "$work/consumer/build/$t" >"$work/$t.out" 2>"$work/err" || bad "$t failed: $(cat "$work/err")"
        cmp -s "$work/$t.out" "$work/load_string-shared.out" ||
            bad "$t prints other figures than the pkg-config build"
    done
else
    cat "$work/cmake.log"
    bad "the find_package(tco) project does not build"
fi

[ $fail -eq 0 ] && echo "installed into a temporary prefix and used it: ok"
exit $fail
