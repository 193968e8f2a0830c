#!/bin/bash
# test_output_input.sh TCO SOURCE_DIR - an output never replaces an input: an
# output path that is the same file (device and inode) as the scenario, a file
# it includes, its catalog, the template (read, or named by a scenario or
# --template and not read), the imported workbook, also through a symbolic or
# a hard link, is refused with exit status 2 and
# "OUT: error: the output is the same file as the input 'IN'; choose another
# output path" before anything is written; the input stays byte for byte.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../cli/lib.sh"
export TCO_DATA_DIR="$SRC"
cd "$work" || exit 1

cat >site.ini <<'INI'
[site]
electricity_price = 0.1
INI
cat >s.ini <<'INI'
[scenario]
name = inputs
include = site.ini
catalog = cat.xml
template = tpl.xml
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
cp "$SRC/tests/corpus/ok-catalog.xml" cat.xml
cp "$SRC/templates/default.xml" tpl.xml
ln -s s.ini link.ini
ln s.ini hard.ini
mkdir keep
cp s.ini site.ini cat.xml tpl.xml keep/

# refused OUT IN CMD...: CMD writing to OUT is refused as replacing IN.
refused() {
    out=$1 in=$2
    shift 2
    expect_rc 2 timeout 60 "$TCO" "$@"
    expect_err "$out: error: the output is the same file as the input '$in'; choose another output path"
    for f in s.ini site.ini cat.xml tpl.xml; do
        cmp -s "$f" "keep/$f" || bad "$* changed $f"
    done
    [ -z "$(ls -A . | grep '^\.')" ] || bad "$*: a temporary file was left: $(ls -A)"
}

# report, in every format that writes a file.
refused s.ini s.ini report s.ini -o s.ini --format json
refused s.ini s.ini report s.ini -o s.ini --format csv
refused s.ini s.ini report s.ini -o s.ini --format md
refused s.ini s.ini report s.ini -o s.ini --format table
refused s.ini s.ini report s.ini -o s.ini --format xlsx
refused site.ini site.ini report s.ini -o site.ini --format json
refused cat.xml cat.xml report s.ini -o cat.xml --format csv
refused tpl.xml tpl.xml report s.ini -o tpl.xml --format xlsx
refused "$work/tpl.xml" tpl.xml report s.ini -o "$work/tpl.xml" --format md
# A symbolic link to the scenario, as the output or as the input; a hard link.
refused link.ini s.ini report s.ini -o link.ini --format json
refused s.ini link.ini report link.ini -o s.ini --format json
refused hard.ini s.ini report s.ini -o hard.ini --format json
refused ./s.ini s.ini report s.ini -o ./s.ini --format json
# --catalog and --template given on the command line.
refused cat.xml cat.xml report keep/s.ini --catalog cat.xml -o cat.xml --format json
refused tpl.xml tpl.xml report keep/s.ini --template tpl.xml -o tpl.xml --format xlsx
# The catalog listing, and the comparison (either scenario, or an include).
refused cat.xml cat.xml catalog --catalog cat.xml -o cat.xml --format json
refused s.ini s.ini compare keep/s.ini s.ini -o s.ini --format json
refused site.ini site.ini compare keep/s.ini s.ini -o site.ini --format json
# A template that a command names but does not read is an input all the same:
# the one a scenario names (compare, import) and --template (compare).
refused tpl.xml tpl.xml compare keep/s.ini s.ini -o tpl.xml --format json
refused tpl.xml tpl.xml compare keep/s.ini keep/s.ini --template tpl.xml -o tpl.xml --format json
expect_rc 0 timeout 120 "$TCO" report keep/s.ini -o book.xlsx
refused tpl.xml tpl.xml import book.xlsx --scenario s.ini -o tpl.xml
refused book.xlsx book.xlsx import book.xlsx --scenario s.ini -o book.xlsx
rm -f book.xlsx

# Another path is written as before.
expect_rc 0 timeout 60 "$TCO" report s.ini -o out.json
[ -s out.json ] && ok || bad "out.json not written"
finish
