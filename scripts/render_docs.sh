#!/bin/bash
# render_docs.sh - the pictures of the printed workbook in docs/images.
#
#   scripts/render_docs.sh [TCO]      (TCO: the tco binary, default build/tco)
#
# Writes the workbook of config/seed-2026.ini, the compare workbook of seed-2026
# against training-reserved and the workbook of config/financed-taxed.ini, prints them
# to PDF with LibreOffice and writes the first printed page of About, Summary and
# Sensitivity (seed workbook), the Summary's last page (its charts), the compare
# workbook's Summary and the first page of the loan option's sheet (financed-taxed) as
# PNG: docs/images/about.png, summary.png, summary-charts.png, sensitivity.png,
# compare.png, option-sheet.png.
# A page belongs to the sheet named at the right of its header.
# Needs soffice (LibreOffice), pdftotext and pdftoppm (poppler-utils). Builds nothing.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
tco=${1:-$repo/build/tco}
[ -x "$tco" ] || { echo "render_docs.sh: no tco executable at $tco" >&2; exit 2; }
out=$repo/docs/images
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export TCO_DATA_DIR="$repo" SOURCE_DATE_EPOCH=0
"$tco" report "$repo/config/seed-2026.ini" -o "$tmp/seed.xlsx" -q
"$tco" compare "$repo/config/seed-2026.ini" "$repo/config/training-reserved.ini" \
    -o "$tmp/compare.xlsx" -q
"$tco" report "$repo/config/financed-taxed.ini" -o "$tmp/financed.xlsx" -q
timeout 600 soffice --headless --norestore --nolockcheck \
    "-env:UserInstallation=file://$tmp/profile" --convert-to pdf --outdir "$tmp" \
    "$tmp/seed.xlsx" "$tmp/compare.xlsx" "$tmp/financed.xlsx" >/dev/null 2>&1

# first_page PDF SHEET: the number of the first page whose header ends with SHEET.
first_page() {
    local pages n
    pages=$(pdfinfo "$1" | awk '/^Pages:/ {print $2}')
    for n in $(seq 1 "$pages"); do
        if pdftotext -f "$n" -l "$n" -layout "$1" - | sed '/^[[:space:]]*$/d' | head -n 1 |
            sed 's/[[:space:]]*$//' | grep -q "[[:space:]]$2\$"; then
            echo "$n"
            return 0
        fi
    done
    echo "render_docs.sh: no page of $2 in $1" >&2
    return 1
}

# last_page PDF SHEET: the number of the last page of the run of pages of SHEET that
# starts at its first page.
last_page() {
    local n pages
    n=$(first_page "$1" "$2")
    pages=$(pdfinfo "$1" | awk '/^Pages:/ {print $2}')
    while [ "$n" -lt "$pages" ] &&
        pdftotext -f "$((n + 1))" -l "$((n + 1))" -layout "$1" - | sed '/^[[:space:]]*$/d' |
        head -n 1 | sed 's/[[:space:]]*$//' | grep -q "[[:space:]]$2\$"; do
        n=$((n + 1))
    done
    echo "$n"
}

# render PDF SHEET NAME [last]: that sheet's first page (or its last) as
# docs/images/NAME.png.
render() {
    local n
    if [ "${4:-}" = last ]; then
        n=$(last_page "$1" "$2")
    else
        n=$(first_page "$1" "$2")
    fi
    pdftoppm -f "$n" -l "$n" -r 80 -png -singlefile "$1" "$tmp/$3"
    mkdir -p "$out"
    cp "$tmp/$3.png" "$out/$3.png"
    echo "docs/images/$3.png: $2, page $n of $(basename "$1")"
}

render "$tmp/seed.pdf" About about
render "$tmp/seed.pdf" Summary summary
render "$tmp/seed.pdf" Summary summary-charts last
render "$tmp/seed.pdf" Sensitivity sensitivity
render "$tmp/compare.pdf" Summary compare
render "$tmp/financed.pdf" h100-loan option-sheet
