#!/bin/bash
# test_catalog_import.sh TCO SOURCE_DIR - tco catalog import: each real-format
# sample of tests/data/catalog-import imports to a catalog that validates
# against pricing/catalog.xsd and loads with --catalog, at prices worked out
# by hand (docs/CATALOG.md, Refreshing prices); Google Cloud's GPUs priced as
# host + GPUs; spot apart; a scenario prices an imported offer; the summary
# names what it kept, merged, skipped and could not map; hostile lists give a
# FILE:LINE error or a clean catalog, exit 2 on error, the output untouched.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
D=$SRC/tests/data/catalog-import
XSD=$SRC/pricing/catalog.xsd

# imp NAME ARGS...: import into $work/NAME.xml, expecting success; validate it.
imp() {
    name=$1
    shift
    expect_rc 0 "$TCO" catalog import "$@" --as-of 2026-12-01 -o "$work/$name.xml"
    cp "$work/err" "$work/$name.err"
    if xmllint --noout --nonet --schema "$XSD" "$work/$name.xml" 2>"$work/lint"; then ok; else
        bad "$name.xml does not validate: $(head -c 300 "$work/lint")"; fi
    expect_rc 0 "$TCO" catalog --catalog "$work/$name.xml" --format csv
}

# prices NAME: "instance region pricing price" per offer, read from the XML.
prices() {
    "$PY" - "$work/$1.xml" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
for o in ET.parse(sys.argv[1]).getroot():
    src = o.findtext("source")
    inst = src.split(": ", 2)[1].split(" ")[0]
    print(inst, o.findtext("region"), o.findtext("pricing"), o.findtext("gpu"),
          o.findtext("price-per-gpu-hour"))
PYEOF
}

# has NAME LINE: the offers of NAME hold LINE.
has() {
    got=$(prices "$1")
    if grep -qxF -- "$2" <<<"$got"; then ok; else bad "$1 lacks '$2': $(tr '\n' ';' <<<"$got")"; fi
}

# --- SkyPilot, AWS: per-GPU prices, the cheapest zone for spot ---
imp aws "$D/aws-vms.csv" --from skypilot --provider aws
# p5.48xlarge, 8 x H100 at 98.32: 98.32 / 8 = 12.29; spot min over 6 zones
# 23.1583 / 8 = 2.8947875; us-east-2 spot 12.1195 / 8 = 1.5149375.
has aws "p5.48xlarge us-east-1 on-demand h100-sxm5-80gb 12.29"
has aws "p5.48xlarge us-east-1 spot h100-sxm5-80gb 2.8947875"
has aws "p5.48xlarge us-east-2 spot h100-sxm5-80gb 1.5149375"
# eu-north-1: 105.2024 / 8 = 13.1503; spot only in eun1-az3: 30.9109 / 8 = 3.8638625
has aws "p5.48xlarge eu-north-1 on-demand h100-sxm5-80gb 13.1503"
has aws "p5.48xlarge eu-north-1 spot h100-sxm5-80gb 3.8638625"
# p5en (H200): 84.8 / 8 = 10.6, spot 19.5489 / 8 = 2.4436125; p4d (A100 40 GB):
# 44.92215 / 8 = 5.61526875; p5e has no Price: spot alone, 13.4407 / 8 = 1.6800875
has aws "p5en.48xlarge us-east-1 on-demand h200-sxm-141gb 10.6"
has aws "p5en.48xlarge us-east-1 spot h200-sxm-141gb 2.4436125"
has aws "p4d.24xlarge ap-northeast-1 on-demand a100-sxm4-40gb 5.61526875"
has aws "p5e.48xlarge us-east-2 spot h200-sxm-141gb 1.6800875"
prices aws >"$work/aws.prices"
grep -q '^p5e.48xlarge us-east-2 on-demand' "$work/aws.prices" && bad "p5e on-demand without a Price" || ok
# p3.2xlarge, 1 x V100 (SXM2 16 GB) at 3.06; spot 0.6135 (the other zone has none);
# p3dn.24xlarge, 8 x V100-32GB at 31.212: 3.9015, spot 4.1825 / 8 = 0.5228125
has aws "p3.2xlarge us-east-1 on-demand v100-sxm2-16gb 3.06"
has aws "p3.2xlarge us-east-1 spot v100-sxm2-16gb 0.6135"
has aws "p3dn.24xlarge us-east-1 on-demand v100-sxm2-32gb 3.9015"
has aws "p3dn.24xlarge us-east-1 spot v100-sxm2-32gb 0.5228125"
[ "$(prices aws | wc -l)" -eq 18 ] && ok || bad "aws: $(prices aws | wc -l) offers, want 18"
grep -q '27 rows read: 24 kept as 18 offers (9 on-demand, 9 spot) of the provider AWS; 24 prices merged' "$work/aws.err" && ok || bad "aws summary: $(cat "$work/aws.err")"
for line in "skipped 2 rows: no GPU" "skipped 1 row: no price (Price and SpotPrice empty)" \
    "2 rows without an on-demand price (the spot price kept)" \
    "6 rows without a spot price (the on-demand price kept)"; do
    grep -qF "aws-vms.csv: note: $line" "$work/aws.err" && ok || bad "aws summary lacks '$line'"
done

# --- SkyPilot, Google Cloud: GPUs priced apart, plus their host in the same zone ---
imp gcp "$D/gcp-vms.csv" --from skypilot --provider gcp
# a3-highgpu-1g + 1 x H100, us-central1: 1.18251 + 4.20076 = 5.38327; spot
# 0.27193 + 2.253 = 2.52493; us-east4: 1.18251 + 9.79655 = 10.97906, spot
# 0.21294 + 1.7632 = 1.97614
has gcp "a3-highgpu-1g us-central1 on-demand h100-sxm5-80gb 5.38327"
has gcp "a3-highgpu-1g us-central1 spot h100-sxm5-80gb 2.52493"
has gcp "a3-highgpu-1g us-east4 on-demand h100-sxm5-80gb 10.97906"
has gcp "a3-highgpu-1g us-east4 spot h100-sxm5-80gb 1.97614"
# a3-highgpu-4g + 4 x H100: (4.73003 + 16.80304) / 4 = 5.3832675; spot
# (1.08774 + 9.012) / 4 = 2.524935; us-east4 (4.73003 + 39.1862) / 4 = 10.9790575
has gcp "a3-highgpu-4g us-central1 on-demand h100-sxm5-80gb 5.3832675"
has gcp "a3-highgpu-4g us-central1 spot h100-sxm5-80gb 2.524935"
has gcp "a3-highgpu-4g us-east4 on-demand h100-sxm5-80gb 10.9790575"
[ "$(prices gcp | wc -l)" -eq 8 ] && ok || bad "gcp: $(prices gcp | wc -l) offers, want 8"
grep -q 'the host 1.18251 + 1 x H100 4.20076 an hour in zone us-central1-a (lines 3, 13)' "$work/gcp.xml" && ok || bad "gcp source text"
# H100-MEGA, H200 and L4 are mapped, but their hosts (a3-megagpu-8g, a3-ultragpu-8g,
# g2-standard-4) have no row in the sample
for line in "skipped 3 rows: a TPU" \
    "skipped 3 rows: a GPU priced apart from its host, whose host has no row in its zone"; do
    grep -qF "gcp-vms.csv: note: $line" "$work/gcp.err" && ok || bad "gcp summary lacks '$line'"
done

# --- SkyPilot, Lambda: no AvailabilityZone, no spot; 23.92 / 8 = 2.99 ---
imp lambda "$D/lambda-vms.csv" --from skypilot --provider lambda
has lambda "gpu_8x_h100_sxm5 us-east-1 on-demand h100-sxm5-80gb 2.99"
has lambda "gpu_1x_h100_sxm5 us-west-1 on-demand h100-sxm5-80gb 3.29"
grep -q '<pricing>spot' "$work/lambda.xml" && bad "lambda: a spot offer without SpotPrice" || ok
# gpu_8x_a100 (40 GB) is the SXM4 board by Lambda's description of the type ("8x A100
# (40 GB SXM4)"): 10.32 / 8 = 1.29; gpu_8x_v100 names no form and Lambda's description
# none either: unmapped; GH200 of 96 GB at 1.49; 4 x A6000 at 3.2: 0.8
has lambda "gpu_8x_a100 us-east-1 on-demand a100-sxm4-40gb 1.29"
has lambda "gpu_8x_a100 us-west-1 on-demand a100-sxm4-40gb 1.29"
has lambda "gpu_1x_gh200 us-east-1 on-demand gh200-96gb 1.49"
has lambda "gpu_4x_a6000 us-east-1 on-demand rtx-a6000-48gb 0.8"
grep -qF "lambda-vms.csv: note: unmapped GPU V100 (1 row)" "$work/lambda.err" && ok ||
    bad "lambda summary lacks 'unmapped GPU V100 (1 row)'"
grep -qF "unmapped GPU A100" "$work/lambda.err" && bad "lambda: A100 still unmapped" || ok
# --- SkyPilot v8, Lambda: the instance type tells PCIe from SXM, A100-80GB its form ---
imp lambda8 "$D/lambda-v8-vms.csv" --from skypilot --provider lambda
has lambda8 "gpu_1x_h100_pcie us-east-1 on-demand h100-pcie-80gb 3.29"
has lambda8 "gpu_1x_h100_sxm5 us-east-1 on-demand h100-sxm5-80gb 4.29"
# 8.38 / 2 = 4.19; 22.32 / 8 = 2.79
has lambda8 "gpu_2x_h100_sxm5 us-east-1 on-demand h100-sxm5-80gb 4.19"
has lambda8 "gpu_8x_a100_80gb_sxm4 us-west-2 on-demand a100-sxm4-80gb 2.79"
has lambda8 "gpu_1x_a10 us-midwest-1 on-demand a10-24gb 1.29"

# --- the provider from SkyPilot's directory name ---
mkdir -p "$work/v7/lambda"
cp "$D/lambda-vms.csv" "$work/v7/lambda/vms.csv"
expect_rc 0 "$TCO" catalog import "$work/v7/lambda/vms.csv" --from skypilot --as-of 2026-12-01 -o "$work/dir.xml"
grep -q '<provider>Lambda</provider>' "$work/dir.xml" && ok || bad "provider from the directory"

# --- gpuhunt, CRLF, the provider from the file's name; an older file's columns ---
imp datacrunch "$D/datacrunch.csv" --from gpuhunt
grep -q '<provider>DataCrunch</provider>' "$work/datacrunch.xml" && ok || bad "gpuhunt provider"
has datacrunch "1H100.80S.30V FIN-01 on-demand h100-sxm5-80gb 3.95"
has datacrunch "1H100.80S.30V FIN-01 spot h100-sxm5-80gb 1.7"
imp old "$D/datacrunch-v1.csv" --from gpuhunt --provider datacrunch
has old "1H100.80S.30V FIN-01 spot h100-sxm5-80gb 1.7"

# --- the same import twice gives the same bytes (stable ids) ---
expect_rc 0 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --provider aws --as-of 2026-12-01 -o "$work/aws2.xml"
cmp -s "$work/aws.xml" "$work/aws2.xml" && ok || bad "a second import differs"

# --- filters ---
expect_rc 0 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --provider aws --as-of 2026-12-01 \
    --gpu h100-sxm5-80gb --region us-east-1 -o "$work/f.xml"
[ "$(grep -c '<offer' "$work/f.xml")" -eq 2 ] && ok || bad "filters: $(grep -c '<offer' "$work/f.xml") offers, want 2"
expect_rc 0 "$TCO" catalog import "$D/lambda-vms.csv" --from skypilot --provider lambda --as-of 2026-12-01 \
    --min-gpus 8 -o "$work/m.xml"
# gpu_8x_h100_sxm5 in 3 regions and gpu_8x_a100 in 2 (gpu_8x_v100 is unmapped)
[ "$(grep -c '<offer' "$work/m.xml")" -eq 5 ] && ok || bad "--min-gpus 8: $(grep -c '<offer' "$work/m.xml") offers, want 5"
expect_rc 2 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --gpu h100-sxm5 --as-of 2026-12-01 -o "$work/g.xml"
expect_err "--gpu names 'h100-sxm5', which no catalog read has"

# --- a scenario prices imported offers: 8 GPUs x 730 hours x 2.99 = 17,461.60 a month at
# Lambda; 1 GPU x 730 x (1.18251 + 4.20076) = 3,929.7871 on Google Cloud's a3-highgpu-1g ---
gid=$("$PY" - "$work/gcp.xml" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
for o in ET.parse(sys.argv[1]).getroot():
    if (o.findtext("region") == "us-central1" and o.findtext("pricing") == "on-demand"
            and "a3-highgpu-1g:" in o.findtext("source")):
        print(o.get("id"))
PYEOF
)
id=$("$PY" - "$work/lambda.xml" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
for o in ET.parse(sys.argv[1]).getroot():
    if o.findtext("region") == "us-east-1" and "gpu_8x_h100_sxm5:" in o.findtext("source"):
        print(o.get("id"))
PYEOF
)
cat >"$work/s.ini" <<INI
[scenario]
name = imported
as_of = 2026-12-05
horizon_months = 12
[option c]
acquire = rent
count = 8
offer = $id
[option g]
acquire = rent
count = 1
offer = $gid
INI
expect_rc 0 "$TCO" report "$work/s.ini" --catalog "$work/lambda.xml" --catalog "$work/gcp.xml" -o "$work/s.json"
"$PY" - "$work/s.json" <<'PYEOF' && ok || bad "the scenario's rental with the imported offer"
import json, sys
c, g = json.load(open(sys.argv[1]))["options"]
assert c["gpu"] == "h100-sxm5-80gb", c["gpu"]
assert abs(c["monthly"][0]["rental"] - 8 * 730 * 2.99) < 1e-6, c["monthly"][0]["rental"]
assert abs(g["monthly"][0]["rental"] - 730 * (1.18251 + 4.20076)) < 1e-6, g["monthly"][0]["rental"]
PYEOF

# --- no --as-of: the file's date, with a warning ---
cp "$D/lambda-vms.csv" "$work/lambda.csv"
touch -d '2026-11-02 12:00:00 UTC' "$work/lambda.csv"
expect_rc 0 "$TCO" catalog import "$work/lambda.csv" --from skypilot --provider lambda -o "$work/n.xml"
expect_err "warning: no --as-of: the prices are dated 2026-11-02, the file's modification date (UTC)"
grep -q '<as-of>2026-11-02</as-of>' "$work/n.xml" && ok || bad "the file's date in as-of"

# --- usage ---
expect_rc 2 "$TCO" catalog import "$D/aws-vms.csv" -o "$work/u.xml"
expect_err "catalog import needs --from skypilot or --from gpuhunt"
expect_rc 2 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --provider aws
expect_err "catalog import needs an output file: -o OUT.xml"
expect_rc 2 "$TCO" catalog import "$work/datacrunch.csv" --from gpuhunt --as-of 2026-12-01 -o "$work/u.xml"
expect_err "cannot read"
expect_rc 2 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --provider aws --as-of 2026-13-01 -o "$work/u.xml"
expect_err "the as-of date is not a date written YYYY-MM-DD"
expect_rc 2 "$TCO" catalog --from skypilot
expect_err "--from applies to catalog import only"
expect_rc 2 "$TCO" catalog export x
expect_err "unknown catalog operand 'export'"
expect_rc 2 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --provider aws --as-of 2026-12-01 --source '=HYPERLINK("x")' -o "$work/u.xml"
expect_err "the source text must be UTF-8 of at most 1000 bytes, not beginning with = + - or @"
expect_rc 2 "$TCO" catalog import "$D/aws-vms.csv" --from skypilot --provider '<b>' --as-of 2026-12-01 -o "$work/u.xml"
expect_err "the provider's name is not plain text"
[ -e "$work/u.xml" ] && bad "an output written on a usage error" || ok

# --- hostile lists: a FILE:LINE error, exit 2, the output untouched ---
printf 'keep me\n' >"$work/out.xml"
# hostile NAME WANT: import $work/NAME.csv over out.xml; WANT the message.
hostile() {
    expect_rc 2 "$TCO" catalog import "$work/$1.csv" --from skypilot --provider aws --as-of 2026-12-01 -o "$work/out.xml"
    expect_err "$2"
    [ "$(cat "$work/out.xml")" = "keep me" ] && ok || bad "$1: the output was touched"
}
H='InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone'
printf '%s\np5.48xlarge,H100,8.0,192.0,2048.0,,98.32,,us-east-1,a\np5,H\000100,8,,,,1,,r,z\n' "$H" >"$work/nul.csv"
hostile nul "nul.csv:3: error: a NUL byte"
printf '%s\np5.48xlarge,H100,8,,,"{x,98.32,,us-east-1,a\n' "$H" >"$work/quote.csv"
hostile quote "quote.csv:2: error: a quoted field is not closed"
printf '%s\np5.48xlarge,H100,8,,,,98.32,"1"2,us-east-1,a\n' "$H" >"$work/quote2.csv"
hostile quote2 "quote2.csv:2: error: text after a closing quote"
"$PY" -c "import sys; sys.stdout.write('$H\n' + 'p5,H100,8,,,,98.32,,us-east-1,' + 'z' * 2000000 + '\n')" >"$work/huge.csv"
hostile huge "huge.csv:2: error: a record is longer than 1 MiB (1048576 bytes)"
# 100 MB in one quoted field: refused at its first MiB, the rest never read
{ printf '%s\np5,H100,8,,,,98.32,,us-east-1,"' "$H"; head -c 100000000 /dev/zero | tr '\0' 'x'; } >"$work/100mb.csv"
hostile 100mb "100mb.csv:2: error: a record is longer than 1 MiB (1048576 bytes)"
rm -f "$work/100mb.csv"
"$PY" -c "import sys; sys.stdout.write('$H\n' + 'p5,H100,8,,,,98.32,,us-east-1,a\n' * 1000000)" >"$work/many.csv"
hostile many "many.csv:1000001: error: the file has more than 1000000 records"
printf '%s\np5,H100,8,,,,98.32,,us-east-1,a\rb\n' "$H" >"$work/cr.csv"
hostile cr "cr.csv:2: error: a carriage return not followed by a line feed"
printf '%s\np5,H100,8,,,,1e999,,us-east-1,a\n' "$H" >"$work/inf.csv"
hostile inf "inf.csv:2: error: the price '1e999' is not a number"

# --- a clean catalog: BOM and CRLF read; formulas and markup never carried ---
printf '\357\273\277%s\r\n=cmd|x,H100,8,,,,98.32,,us-east-1,a\r\np5.48xlarge,H100,8,,,,98.32,,<script>,a\r\np5.48xlarge,@SUM(1),8,,,,98.32,,us-east-1,a\r\n"p5.48xlarge",H100,8,,,,98.32,,us-east-1,"use1-az1"\r\n' "$H" >"$work/clean.csv"
expect_rc 0 "$TCO" catalog import "$work/clean.csv" --from skypilot --provider aws --as-of 2026-12-01 -o "$work/clean.xml"
expect_err "skipped 3 rows: a name that is not plain text"
xmllint --noout --nonet --schema "$XSD" "$work/clean.xml" 2>/dev/null && ok || bad "clean.xml does not validate"
grep -q 'cmd\|script\|SUM' "$work/clean.xml" "$work/err" && bad "hostile text carried" || ok
[ "$(grep -c '<offer' "$work/clean.xml")" -eq 1 ] && ok || bad "clean: want 1 offer"
"$TCO" catalog --catalog "$work/clean.xml" --format csv -o "$work/clean-list.csv" >/dev/null 2>&1 && ok || bad "clean.xml does not list"
grep -q '^offer,[=+@-]\|,[=+@]' "$work/clean-list.csv" && bad "a formula in the listing" || ok

finish
