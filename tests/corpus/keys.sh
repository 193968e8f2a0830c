# Shared by the limit-section-keys-* generators, which set SECTION VALUE COUNT as
# the positional parameters and source this file. It writes 101 rent
# options (lines 3..406), the header [SECTION] (line 407), then COUNT distinct keys
# oN.KEY = VALUE, so the key number K is on line 407 + K; then [workload] with its
# utilization, so that the options are complete (MODEL.md, Completeness).
section=$1 value=$2 count=$3
printf '[scenario]\nname = corpus\n'
i=1
while [ $i -le 101 ]; do
    printf '[option o%d]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n' $i
    i=$((i + 1))
done
printf '[%s]\n' "$section"
n=0
i=1
while [ $n -lt "$count" ]; do
    for key in upfront storage_per_month utilization throughput memory_gb fp16_tflops tdp_w \
               scaling_efficiency price_per_gpu_hour price_decline; do
        [ $n -lt "$count" ] || break
        printf 'o%d.%s = %s\n' $i $key "$value"
        n=$((n + 1))
    done
    i=$((i + 1))
done
printf '[workload]\nutilization = 1\n'
