#!/bin/bash
# test_special_inputs.sh TCO SOURCE_DIR - inputs that are not regular files
# (a FIFO, a directory, a device) are refused before any read, with exit
# status 2 and "PATH: error: cannot read: not a regular file (...)", by every
# path that reads one: the scenario argument, an included file, the scenario's
# catalog and --catalog, `tco catalog --catalog`, the scenario's template and
# --template. Opening a FIFO with no writer blocks forever and /dev/zero never
# ends, so every run is under `timeout 10`: a hang is exit 124, a failure.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../cli/lib.sh"
export TCO_DATA_DIR="$SRC"
cd "$work" || exit 1
mkfifo fifo fifo.ini fifo.xml || { echo "mkfifo failed"; exit 1; }
mkdir dir.ini dir.xml

rent='[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n'
printf "[scenario]\nname = ok\n$rent" >ok.ini
# run CMD...: under timeout; output in $work/out and $work/err.
run() { expect_rc 2 timeout 10 "$TCO" "$@"; }

# The scenario itself.
for input in fifo.ini dir.ini /dev/zero; do
    run validate "$input"
    case $input in
    fifo.ini) kind='a FIFO' ;; dir.ini) kind='a directory' ;; *) kind='a character device' ;;
    esac
    expect_err "$input: error: cannot read: not a regular file ($kind)"
    run report "$input" -o out.json
    expect_err "$input: error: cannot read: not a regular file ($kind)"
done
# /dev/stdin on a pipe is a FIFO too.
echo '[scenario]' | expect_rc 2 timeout 10 "$TCO" validate /dev/stdin
expect_err "/dev/stdin: error: cannot read: not a regular file (a FIFO)"

# include = FIFO, directory, device.
for inc in fifo dir.ini /dev/zero; do
    printf "[scenario]\nname = inc\ninclude = $inc\n$rent" >inc.ini
    run validate inc.ini
    case $inc in
    fifo) want="inc.ini:3: error: cannot read the included file 'fifo': not a regular file (a FIFO)" ;;
    dir.ini) want="inc.ini:3: error: cannot read the included file 'dir.ini': not a regular file (a directory)" ;;
    *) want="inc.ini:3: error: cannot read the included file '/dev/zero': not a regular file (a character device)" ;;
    esac
    expect_err "$want"
done

# catalog = FIFO in the scenario, --catalog, and `tco catalog --catalog`.
printf "[scenario]\nname = cat\ncatalog = fifo\n$rent" >cat.ini
run validate cat.ini
expect_err "fifo: error: cannot read: not a regular file (a FIFO)"
expect_err "cat.ini:3: error: the catalog 'fifo' could not be read"
run validate ok.ini --catalog fifo.xml
expect_err "fifo.xml: error: cannot read: not a regular file (a FIFO)"
run validate ok.ini --catalog /dev/zero
expect_err "/dev/zero: error: cannot read: not a regular file (a character device)"
run catalog --catalog fifo.xml
expect_err "fifo.xml: error: cannot read: not a regular file (a FIFO)"
run catalog --catalog dir.xml -o list.json
expect_err "dir.xml: error: cannot read: not a regular file (a directory)"

# template = FIFO in the scenario, and --template.
printf "[scenario]\nname = tpl\ntemplate = fifo.xml\n$rent" >tpl.ini
run validate tpl.ini
expect_err "fifo.xml: error: cannot read: not a regular file (a FIFO)"
expect_err "tpl.ini:3: error: the template 'fifo.xml' could not be read"
run report ok.ini --template "$work/fifo.xml" -o out.xlsx
expect_err "$work/fifo.xml: error: cannot read: not a regular file (a FIFO)"
run report ok.ini --template "$work/dir.xml" -o out.xlsx
expect_err "$work/dir.xml: error: cannot read: not a regular file (a directory)"

# Nothing was written.
[ -e out.json ] || [ -e out.xlsx ] || [ -e list.json ] && bad "an output was written" || ok
finish
