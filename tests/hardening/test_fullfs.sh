#!/bin/sh
# test_fullfs.sh TCO SOURCE_DIR - a full disk and a read-only directory give
# exit 1 and "PATH: error: cannot write: REASON", leave a file already at the
# path as it was and leave no temporary file.
#
# Needs root and permission to mount: the test runs in a private mount
# namespace (unshare -m), mounts a 64 KiB tmpfs (the full disk) and a read-only
# bind mount, and writes outputs larger than 64 KiB. As root, chmod does not
# stop writes, so mounts are the only honest way. Exits 77 (skipped) when they
# are not permitted.
set -u
TCO=$1
SRC=$2
if [ -z "${TCO_FULLFS_INNER:-}" ]; then
    if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null 2>&1 ||
        ! unshare -m sh -c 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" &&
                            umount "$d" && rmdir "$d"' 2>/dev/null; then
        echo "skipped: needs root and permission to mount a tmpfs (unshare -m)"
        exit 77
    fi
    TCO_FULLFS_INNER=1 exec unshare -m sh "$0" "$@"
fi

. "$(dirname "$0")/../cli/lib.sh" # work, ok, bad, finish
trap 'umount "$work/full" "$work/ro" 2>/dev/null; rm -rf "$work"' EXIT

# A scenario whose every output is larger than 64 KiB.
{
    printf '[scenario]\nname = full disk\nhorizon_months = 120\n[site]\nelectricity_price = 0.1\n'
    i=1
    while [ $i -le 40 ]; do
        printf '[option o%d]\nlabel = Option number %d with a long label for a wide table\n' $i $i
        printf 'acquire = rent\ncount = %d\nprice_per_gpu_hour = 2.%d\n' $i $i
        i=$((i + 1))
    done
} >"$work/big.ini"

mkdir "$work/full" "$work/ro" "$work/ro-src"
mount -t tmpfs -o size=64k tmpfs "$work/full"
echo "previous" >"$work/ro-src/keep"
mount --bind "$work/ro-src" "$work/ro"
mount -o remount,bind,ro "$work/ro"

help=$("$TCO" --help)
exts="json xlsx txt"
for f in csv md; do
    case $help in *".$f"*) exts="$exts $f" ;; esac
done

# check DIR EXT REASON: write out.EXT into DIR, which holds a previous file.
check() {
    dir=$1 ext=$2 reason=$3
    target=$dir/out.$ext
    if [ "$dir" = "$work/full" ]; then
        rm -f "$dir"/* "$dir"/.out.* 2>/dev/null
        echo "previous" >"$target"
        # Fill the disk: the write stops at the first byte that does not fit.
        head -c 100000 /dev/zero >"$dir/filler" 2>/dev/null
    fi
    before=$(ls -A "$dir")
    "$TCO" report "$work/big.ini" -o "$target" >"$work/out" 2>"$work/err"
    rc=$?
    [ $rc -eq 1 ] && ok || bad "$ext in $dir: exit $rc, want 1"
    # The tool's workbook is written in a child process and copied into place,
    # so its message carries the system's reason too.
    grep -qxF "$target: error: cannot write: $reason" "$work/err" && ok ||
        bad "$ext in $dir: want '$target: error: cannot write: $reason', got: $(cat "$work/err")"
    if [ "$dir" = "$work/full" ]; then
        [ "$(cat "$target")" = previous ] && ok || bad "$ext: the previous file changed"
    fi
    [ "$(ls -A "$dir")" = "$before" ] && ok || bad "$ext in $dir: files changed: $(ls -A "$dir")"
}

for ext in $exts; do
    check "$work/full" "$ext" "No space left on device"
    check "$work/ro" "$ext" "Read-only file system"
done
[ "$(cat "$work/ro/keep")" = previous ] && ok || bad "read-only: the previous file changed"

# Standard output on a full device.
"$TCO" report "$SRC/config/seed-2026.ini" -o - >/dev/full 2>"$work/err"
rc=$?
[ $rc -eq 1 ] && ok || bad "json to a full standard output: exit $rc, want 1"
grep -qxF "tco: error: cannot write to standard output: No space left on device" "$work/err" &&
    ok || bad "json to a full standard output: $(head -c 300 "$work/err")"

finish
