/* gen_scenario.c - write a synthetic scenario of N options over H months.
 *
 *   bench_gen N H [> scenario.ini]
 *
 * Of every five options three are bought and two rented (on demand, with a
 * yearly price decline, and reserved); the GPU cycles through H100-, A100- and
 * RTX 4090-like servers with the figures of config/seed-2026.ini. Bought
 * options take the five depreciation methods in turn (from 15 options on, all
 * of them appear), and every other one has a resale decline instead of a
 * resale fraction; every seventh option has its own utilization. The first
 * rented option is the baseline, so every bought option has its break-even
 * rows. Prices vary by a fixed pseudo-random sequence: the same N and H always
 * give the same file. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The figures of one GPU kind, from config/seed-2026.ini. */
typedef struct kind {
    const char *id;  /* in the option id */
    const char *gpu; /* catalog id (pricing/gpus.xml) */
    const char *label;
    double tdp_w, fp16_tflops, memory_gb, throughput, scaling;
    double gpu_price, server_price, server_power_w, resale_fraction;
    double price_per_gpu_hour; /* when rented */
} kind;

static const kind kinds[] = {
    {"h100", "h100-sxm5-80gb", "H100 SXM5 80GB", 700, 989, 80, 9.524, 1, 35000, 179200, 4600, 0.26,
     2.99},
    {"a100", "a100-sxm4-80gb", "A100 SXM4 80GB", 400, 312, 80, 5.882, 1, 12500, 66000, 3300, 0.19,
     1.49},
    {"rtx4090", "rtx-4090-24gb", "RTX 4090 24GB", 450, 330, 24, 0.833, 0.4, 1600, 8192, 2880, 0.2,
     0.69},
};

static const char *const methods[] = {"straight-line", "double-declining", "sum-of-years",
                                      "macrs-5", "macrs-7"};

/* splitmix64: a fixed sequence, the same on every machine. */
static uint64_t next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A factor in [1 - spread, 1 + spread]. */
static double jitter(uint64_t *x, double spread)
{
    double u = (double)(next(x) >> 11) * 0x1.0p-53;
    return 1 + spread * (2 * u - 1);
}

static long parse(const char *s, long lo, long hi, const char *what)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "bench_gen: %s must be a whole number in %ld..%ld\n", what, lo, hi);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: bench_gen OPTIONS MONTHS\n", stderr);
        return 2;
    }
    long n = parse(argv[1], 1, 1000, "OPTIONS");
    long h = parse(argv[2], 1, 120, "MONTHS");
    uint64_t seed = 2026;
    long first_rent = n >= 4 ? 3 : -1;

    printf("; Synthetic scenario for benchmarks: %ld options over %ld months.\n", n, h);
    printf("; Written by bench_gen %ld %ld; figures from config/seed-2026.ini.\n\n", n, h);
    printf("[scenario]\n");
    printf("name = Benchmark, %ld options x %ld months\n", n, h);
    printf("currency = USD\n");
    printf("horizon_months = %ld\n", h);
    printf("discount_rate = 0.08\n");
    printf("hours_per_month = 730\n");
    if (first_rent >= 0)
        printf("baseline = opt%04ld-%s-rent\n", first_rent + 1, kinds[first_rent % 3].id);
    printf("as_of = 2026-11-29\n");
    printf("author = bench_gen\n\n");
    printf("[site]\n");
    printf("electricity_price = 0.0826\n");
    printf("electricity_escalation = 0.03\n");
    printf("pue = 1.58\n");
    printf("colo_per_kw_month = 184.06\n\n");
    printf("[workload]\n");
    printf("utilization = 0.7\n");
    printf("unit = sample\n");

    for (long i = 0; i < n; i++) {
        const kind *k = &kinds[i % 3];
        int role = (int)(i % 5); /* 0-2 buy, 3 rent on demand, 4 rent reserved */
        int buy = role < 3;
        int count = 8 << (int)(next(&seed) % 3); /* 8, 16 or 32 GPUs */
        printf("\n[option opt%04ld-%s-%s]\n", i + 1, k->id, buy ? "buy" : "rent");
        printf("label = %s, %s #%ld (%d GPUs)\n", k->label,
               buy         ? "bought"
               : role == 3 ? "rented on demand"
                           : "rented, reserved",
               i + 1, count);
        printf("acquire = %s\n", buy ? "buy" : "rent");
        printf("gpu = %s\n", k->gpu);
        printf("count = %d\n", count);
        if (i % 7 == 6)
            printf("utilization = %.2f\n", 0.5 + 0.05 * (double)(i % 9));
        printf("fp16_tflops = %g\n", k->fp16_tflops);
        printf("memory_gb = %g\n", k->memory_gb);
        printf("throughput = %g\n", k->throughput);
        if (k->scaling < 1)
            printf("scaling_efficiency = %g\n", k->scaling);
        if (buy) {
            const char *method = methods[(i / 3) % 5];
            int macrs = method[0] == 'm';
            printf("tdp_w = %g\n", k->tdp_w);
            printf("gpu_price = %.2f\n", k->gpu_price * jitter(&seed, 0.15));
            printf("gpus_per_server = 8\n");
            printf("server_price = %.2f\n", k->server_price * jitter(&seed, 0.1));
            printf("network_price = %.2f\n", count > 8 ? 12000 * jitter(&seed, 0.2) : 0.0);
            printf("install_price = %.2f\n", 5000 * jitter(&seed, 0.5));
            printf("server_power_w = %g\n", k->server_power_w);
            printf("idle_power_fraction = 0.113\n");
            printf("load_power_fraction = 0.988\n");
            printf("maintenance_rate = %.3f\n", 0.05 * jitter(&seed, 0.5));
            printf("staff_per_month = %.2f\n", 1500 * jitter(&seed, 0.5));
            printf("depreciation = %s\n", method);
            if (!macrs) {
                printf("depreciation_years = %d\n", 3 + (int)(i % 3));
                printf("salvage_fraction = 0.05\n");
            }
            if (i % 2)
                printf("resale_decline = %.3f\n", 0.3 * jitter(&seed, 0.3));
            else
                printf("resale_fraction = %.3f\n", k->resale_fraction * jitter(&seed, 0.3));
        } else if (role == 3) {
            printf("pricing = on-demand\n");
            printf("price_per_gpu_hour = %.4f\n", k->price_per_gpu_hour * jitter(&seed, 0.2));
            printf("price_decline = %.3f\n", 0.12 * jitter(&seed, 0.5));
            printf("storage_per_month = %.2f\n", 200 * jitter(&seed, 0.5));
        } else {
            printf("pricing = reserved\n");
            printf("price_per_gpu_hour = %.4f\n", 0.7 * k->price_per_gpu_hour * jitter(&seed, 0.2));
            printf("upfront = %.2f\n", 20000 * jitter(&seed, 0.5));
            printf("storage_per_month = %.2f\n", 200 * jitter(&seed, 0.5));
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("bench_gen");
        return 1;
    }
    return 0;
}
