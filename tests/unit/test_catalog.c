/* test_catalog.c - price catalogs: the shipped catalog and its figures, secure
 * parsing (XXE, entity bombs, DOCTYPEs, depth and size limits), every error
 * with its exact message and line, and merging of several catalogs.
 *
 * Runs in tests/data/catalog, so that diagnostics name files as written here. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <fcntl.h>
#include <libxml/parser.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DATA_DIR        TCO_SOURCE_DIR "/tests/data/catalog"
#define DEFAULT_CATALOG "../../../pricing/gpus.xml"

/* ===== Helpers ===== */

/* All diagnostics of `d`, one per line. */
/* Load `file` into `cat` and return its diagnostics. */
static const char *load(tco_catalog *cat, const char *file, tco_status *st)
{
    tco_diags *d = tco_diags_new();
    *st = tco_catalog_load_file(cat, file, d);
    const char *out = check_diags_text(d);
    tco_diags_free(d);
    return out;
}

static const char *load_string(tco_catalog *cat, const char *xml, const char *name, tco_status *st)
{
    tco_diags *d = tco_diags_new();
    *st = tco_catalog_load_string(cat, xml, strlen(xml), name, d);
    const char *out = check_diags_text(d);
    tco_diags_free(d);
    return out;
}

/* Expect loading `file` into an empty catalog to fail with `want_st` and
 * exactly the diagnostics `want`; the catalog stays empty. */
static void expect_file(const char *file, tco_status want_st, const char *want)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    const char *got = load(cat, file, &st);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  file: %s\n  want: %s\n  got:  %s\n", file, want, got);
    CU_ASSERT_STRING_EQUAL(got, want);
    CU_ASSERT_EQUAL(st, want_st);
    CU_ASSERT_EQUAL(cat->n_gpus, 0);
    CU_ASSERT_EQUAL(cat->n_offers, 0);
    CU_ASSERT_EQUAL(cat->n_files, 0);
    tco_catalog_free(cat);
}

static void expect_string(const char *xml, tco_status want_st, const char *want)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    const char *got = load_string(cat, xml, "t.xml", &st);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  want: %s\n  got:  %s\n", want, got);
    CU_ASSERT_STRING_EQUAL(got, want);
    CU_ASSERT_EQUAL(st, want_st);
    CU_ASSERT_EQUAL(cat->n_gpus + cat->n_offers + cat->n_files, 0);
    tco_catalog_free(cat);
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* 1 when `needle` occurs in any string the catalog holds. */
static int catalog_contains(const tco_catalog *cat, const char *needle)
{
    for (size_t i = 0; i < cat->n_gpus; i++) {
        const tco_gpu_model *g = &cat->gpus[i];
        const char *s[] = {g->id,       g->name,   g->vendor, g->memory_type,
                           g->currency, g->source, g->as_of};
        for (size_t k = 0; k < sizeof s / sizeof s[0]; k++)
            if (s[k] && strstr(s[k], needle))
                return 1;
    }
    for (size_t i = 0; i < cat->n_offers; i++) {
        const tco_offer *o = &cat->offers[i];
        const char *s[] = {o->id,       o->provider, o->gpu,    o->pricing,
                           o->currency, o->region,   o->source, o->as_of};
        for (size_t k = 0; k < sizeof s / sizeof s[0]; k++)
            if (s[k] && strstr(s[k], needle))
                return 1;
    }
    return 0;
}

/* A GPU and an offer from the text of a catalog, for string tests. */
#define GPU_A                                                                                      \
    "  <gpu id=\"a\"><name>A</name><vendor>V</vendor><fp16-tflops>1</fp16-tflops>\n"               \
    "    <memory-gb>1</memory-gb><tdp-w>1</tdp-w><source>s</source><as-of>2026-01-01</as-of>"      \
    "</gpu>\n"
#define OFFER(id, pricing)                                                                         \
    "  <offer id=\"" id "\"><provider>P</provider><gpu>a</gpu>\n"                                  \
    "    " pricing "\n"                                                                            \
    "    <price-per-gpu-hour currency=\"USD\">1</price-per-gpu-hour><source>s</source>"            \
    "<as-of>2026-01-01</as-of></offer>\n"

/* ===== The shipped catalog ===== */

static void test_default_catalog(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    const char *diags = load(cat, DEFAULT_CATALOG, &st);
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(diags, ""); /* not even a warning */
    CU_ASSERT_EQUAL(cat->n_files, 1);
    CU_ASSERT_STRING_EQUAL(cat->files[0], DEFAULT_CATALOG);

    /* Every GPU of the shipped catalog, in file order (docs/CATALOG.md, GPU models). */
    static const char *const gpus[] = {
        "h100-sxm5-80gb",    "h100-pcie-80gb", "h200-sxm-141gb",
        "a100-sxm4-80gb",    "a100-sxm4-40gb", "rtx-4090-24gb",
        "l40s-48gb",         "b200-192gb",     "b300-288gb",
        "gb200-186gb",       "h200-nvl-141gb", "h100-nvl-94gb",
        "l4-24gb",           "a10g-24gb",      "a10-24gb",
        "t4-16gb",           "rtx-5090-32gb",  "rtx-6000-ada-48gb",
        "rtx-pro-6000-96gb", "mi300x-192gb",   "mi325x-256gb",
        "mi355x-288gb",      "gaudi3-128gb",   "gaudi2-96gb",
        "v100-sxm2-16gb",    "v100-sxm2-32gb", "a100-pcie-40gb",
        "a100-pcie-80gb",    "rtx-a6000-48gb", "a40-48gb",
        "l40-48gb",          "gh200-96gb",     "quadro-rtx-6000-24gb",
        "p100-pcie-16gb",    "p40-24gb",       "p4-8gb",
        "k80-12gb",          "m60-8gb"};
    CU_ASSERT_EQUAL(cat->n_gpus, sizeof gpus / sizeof gpus[0]);
    for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++) {
        const tco_gpu_model *g = tco_catalog_gpu(cat, gpus[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        CU_ASSERT_PTR_EQUAL(g, &cat->gpus[i]);
        CU_ASSERT(g->fp16_tflops > 0 && g->memory_gb > 0 && g->tdp_w > 0);
        CU_ASSERT(g->memory_type && !isnan(g->memory_bw_tbs));
        /* Cited: a datasheet, the guide, or a page by its address; a price says its amount. */
        CU_ASSERT(strstr(g->source, "datasheet") || strstr(g->source, "guide") ||
                  strstr(g->source, "https://"));
        if (!isnan(g->price_typical))
            CU_ASSERT_PTR_NOT_NULL(strchr(g->source, '$'));
        /* Its server, with a source of its own. */
        CU_ASSERT(g->server_gpus > 0 && g->server_power_w > 0 && g->server_price_ratio > 0);
        CU_ASSERT(g->server_source && strstr(g->server_source, "Epoch"));
    }
    static const char *const offers[] = {
        "aws-p5-h100",       "gcp-a3-h100",    "azure-nd-h100-v5",  "coreweave-h100",
        "lambda-h100",       "runpod-h100",    "aws-p4d-a100-40gb", "lambda-a100-80gb",
        "runpod-a100-80gb",  "vast-a100-80gb", "runpod-rtx-4090",   "aws-p5-h100-1yr",
        "h100-contract-1yr", "spheron-b200"};
    for (size_t i = 0; i < sizeof offers / sizeof offers[0]; i++)
        CU_ASSERT_PTR_NOT_NULL(tco_catalog_offer(cat, offers[i]));
    CU_ASSERT(cat->n_offers >= 12);

    /* Every entry is sourced, dated, and points into the catalog's file list. */
    for (size_t i = 0; i < cat->n_gpus; i++) {
        const tco_gpu_model *g = &cat->gpus[i];
        CU_ASSERT(g->name && g->vendor && g->source && strlen(g->source) > 10);
        CU_ASSERT(g->as_of && strlen(g->as_of) == 10);
        CU_ASSERT_PTR_EQUAL(g->file, cat->files[0]);
        CU_ASSERT(g->line > 0);
        if (!isnan(g->price_typical))
            CU_ASSERT_STRING_EQUAL(g->currency, "USD");
    }
    for (size_t i = 0; i < cat->n_offers; i++) {
        const tco_offer *o = &cat->offers[i];
        CU_ASSERT_PTR_NOT_NULL(tco_catalog_gpu(cat, o->gpu));
        CU_ASSERT(o->source && o->as_of && o->provider && o->price_per_gpu_hour > 0);
        CU_ASSERT_STRING_EQUAL(o->currency, "USD");
        CU_ASSERT_PTR_EQUAL(o->file, cat->files[0]);
        CU_ASSERT((strcmp(o->pricing, "reserved") == 0) == (o->term_months > 0));
    }
    tco_catalog_free(cat);
}

/* H100 SXM5 80GB: the buying guide's table (2026-07-27) and the NVIDIA H100
 * datasheet (sparse FP16 1979; PCIe Gen5 x16 128 GB/s both directions). */
static void test_default_h100_figures(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, DEFAULT_CATALOG, &st);
    const tco_gpu_model *g = tco_catalog_gpu(cat, "h100-sxm5-80gb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_STRING_EQUAL(g->name, "NVIDIA H100 SXM5 80GB");
    CU_ASSERT_STRING_EQUAL(g->vendor, "NVIDIA");
    CU_ASSERT(check_close(g->fp16_tflops, 989));         /* guide, dense */
    CU_ASSERT(check_close(g->fp16_tflops_sparse, 1979)); /* datasheet */
    CU_ASSERT(check_close(g->fp32_tflops, 495));         /* guide, FP32 tensor (TF32) */
    CU_ASSERT(check_close(g->memory_gb, 80));
    CU_ASSERT_STRING_EQUAL(g->memory_type, "HBM3");
    CU_ASSERT(check_close(g->memory_bw_tbs, 3.35));
    CU_ASSERT(check_close(g->nvlink_gbs, 900));
    CU_ASSERT(check_close(g->pcie_gbs, 128));
    CU_ASSERT(check_close(g->tdp_w, 700));
    CU_ASSERT(check_close(g->price_low, 30000)); /* guide: $30,000-40,000 */
    CU_ASSERT(check_close(g->price_typical, 35000));
    CU_ASSERT(check_close(g->price_high, 40000));
    CU_ASSERT_STRING_EQUAL(g->currency, "USD");
    CU_ASSERT_STRING_EQUAL(g->as_of, "2026-07-27");
    CU_ASSERT_PTR_NOT_NULL(strstr(g->source, "guide"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g->source, "datasheet"));
    /* Its server: DGX H100 10.2 kW max less 8 x 700 W; Epoch's 1.64 x the GPUs. */
    CU_ASSERT_EQUAL(g->server_gpus, 8);
    CU_ASSERT(check_close(g->server_power_w, 10200 - 8 * 700));
    CU_ASSERT(check_close(g->server_price_ratio, 1.64 - 1));
    CU_ASSERT_PTR_NOT_NULL(g->server_source && strstr(g->server_source, "DGX H100"));

    /* A100 80GB: guide price range, datasheet bandwidth. */
    g = tco_catalog_gpu(cat, "a100-sxm4-80gb");
    CU_ASSERT(check_close(g->fp16_tflops, 312) && check_close(g->fp16_tflops_sparse, 624));
    CU_ASSERT(check_close(g->memory_bw_tbs, 2.039) && check_close(g->tdp_w, 400));
    CU_ASSERT(check_close(g->price_low, 10000) && check_close(g->price_typical, 12500) &&
              check_close(g->price_high, 15000));
    /* DGX A100 6.5 kW max less 8 x 400 W; Epoch's 1.66 for the A100. */
    CU_ASSERT(g->server_gpus == 8 && check_close(g->server_power_w, 6500 - 8 * 400) &&
              check_close(g->server_price_ratio, 1.66 - 1));
    /* RTX 4090: dense FP16 with FP32 accumulate; one price, no range; no NVLink. */
    g = tco_catalog_gpu(cat, "rtx-4090-24gb");
    CU_ASSERT(check_close(g->fp16_tflops, 165.2) && check_close(g->fp16_tflops_sparse, 330.4));
    CU_ASSERT(check_close(g->price_typical, 1600));
    CU_ASSERT(isnan(g->price_low) && isnan(g->price_high));
    CU_ASSERT(g->nvlink_gbs == 0);
    /* Epoch: other GPUs draw 1.8 x their TDP with their server. */
    CU_ASSERT(g->server_gpus == 8 && check_close(g->server_power_w, 0.8 * 8 * 450));
    /* Every GPU of the shipped catalog has its server. */
    for (size_t i = 0; i < cat->n_gpus; i++)
        CU_ASSERT(cat->gpus[i].server_gpus > 0 && cat->gpus[i].server_source);
    /* B200: datasheet figures, the price CNBC reported ($30,000-40,000 per unit,
     * 2024-10-03); no FP32 or PCIe figure. */
    g = tco_catalog_gpu(cat, "b200-192gb");
    CU_ASSERT(check_close(g->fp16_tflops, 2250) && check_close(g->tdp_w, 1000));
    CU_ASSERT(check_close(g->price_low, 30000) && check_close(g->price_typical, 35000) &&
              check_close(g->price_high, 40000));
    CU_ASSERT_STRING_EQUAL(g->currency, "USD");
    CU_ASSERT_STRING_EQUAL(g->as_of, "2024-10-03");
    CU_ASSERT_PTR_NOT_NULL(strstr(g->source, "CNBC"));
    CU_ASSERT(isnan(g->fp32_tflops) && isnan(g->pcie_gbs));
    /* A GPU without a price: every price is NAN and there is no currency. */
    g = tco_catalog_gpu(cat, "l40s-48gb");
    CU_ASSERT(isnan(g->price_low) && isnan(g->price_typical) && isnan(g->price_high));
    CU_ASSERT_PTR_NULL(g->currency);
    g = tco_catalog_gpu(cat, "h200-sxm-141gb");
    CU_ASSERT(check_close(g->memory_gb, 141) && check_close(g->memory_bw_tbs, 4.8));
    g = tco_catalog_gpu(cat, "a100-sxm4-40gb");
    CU_ASSERT(check_close(g->memory_gb, 40) && check_close(g->memory_bw_tbs, 1.555));
    tco_catalog_free(cat);
}

/* GPUs added from datasheets: figures worked by hand from the sources their
 * entries cite. Per GPU of a system: the HGX B300's 36 PFLOPS FP16 (sparse)
 * over 8 GPUs, dense half of it; the GB200 NVL72's 360 PFLOPS (sparse) over
 * 72. A datasheet's sparse FP8 over 4 (RTX 6000 Ada: 1,457). Servers: DGX B300
 * 14.5 kW less 8 x 1,100 W; Epoch's 1.8 x TDP (0.8 x 8 x 72 W for the L4) and
 * its V100 rule ((10 kW / 16 + 1.5 kW / 4) / 2 / 300 W = 5/3, 2/3 x 8 x 300 W);
 * the price ratios 1.69 (V100) and 1.54 (P100). Prices: RTX 5090 $1,999;
 * Gaudi 3 $125,000 for eight. */
static void test_default_added_figures(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, DEFAULT_CATALOG, &st);
    CU_ASSERT_EQUAL_FATAL(st, TCO_OK);
    const tco_gpu_model *g = tco_catalog_gpu(cat, "b300-288gb");
    CU_ASSERT(check_close(g->fp16_tflops, 36000.0 / 8 / 2) &&
              check_close(g->fp16_tflops_sparse, 36000.0 / 8));
    CU_ASSERT(check_close(g->fp32_tflops, 18000.0 / 8 / 2) && check_close(g->memory_gb, 288));
    CU_ASSERT(g->server_gpus == 8 && check_close(g->server_power_w, 14500 - 8 * 1100));
    g = tco_catalog_gpu(cat, "gb200-186gb");
    CU_ASSERT(check_close(g->fp16_tflops, 360000.0 / 72 / 2) && g->server_gpus == 4);
    CU_ASSERT(check_close(g->server_power_w, 0.8 * 4 * 1200));
    g = tco_catalog_gpu(cat, "rtx-6000-ada-48gb");
    CU_ASSERT(check_close(g->fp16_tflops, 1457.0 / 4) &&
              check_close(g->fp16_tflops_sparse, 1457.0 / 2));
    g = tco_catalog_gpu(cat, "l4-24gb");
    CU_ASSERT(check_close(g->fp16_tflops, 121) && check_close(g->tdp_w, 72));
    CU_ASSERT(check_close(g->server_power_w, 0.8 * 8 * 72) &&
              check_close(g->server_price_ratio, 1.64 - 1));
    g = tco_catalog_gpu(cat, "v100-sxm2-32gb");
    CU_ASSERT(
        check_close(g->server_power_w, ((10000.0 / 16 + 1500.0 / 4) / 2 / 300 - 1) * 8 * 300));
    CU_ASSERT(check_close(g->server_price_ratio, 1.69 - 1));
    CU_ASSERT(check_close(tco_catalog_gpu(cat, "p100-pcie-16gb")->server_price_ratio, 1.54 - 1));
    CU_ASSERT(check_close(tco_catalog_gpu(cat, "a100-pcie-80gb")->server_price_ratio, 1.66 - 1));
    /* Prices only where a list price is public; the entry is dated by it. */
    g = tco_catalog_gpu(cat, "rtx-5090-32gb");
    CU_ASSERT(check_close(g->price_typical, 1999) && isnan(g->price_low));
    CU_ASSERT_STRING_EQUAL(g->as_of, "2025-01-06");
    g = tco_catalog_gpu(cat, "gaudi3-128gb");
    CU_ASSERT(check_close(g->price_typical, 125000.0 / 8));
    CU_ASSERT_STRING_EQUAL(g->as_of, "2024-06-04");
    CU_ASSERT_STRING_EQUAL(g->vendor, "Intel");
    static const char *const unpriced[] = {"mi300x-192gb", "t4-16gb", "b300-288gb", "a10g-24gb"};
    for (size_t i = 0; i < sizeof unpriced / sizeof *unpriced; i++)
        CU_ASSERT(isnan(tco_catalog_gpu(cat, unpriced[i])->price_typical));
    /* AMD links its GPUs by Infinity Fabric: no NVLink figure; a CDNA 4 has no TF32. */
    g = tco_catalog_gpu(cat, "mi355x-288gb");
    CU_ASSERT(isnan(g->nvlink_gbs) && isnan(g->fp32_tflops) && check_close(g->tdp_w, 1400));
    tco_catalog_free(cat);
}

static void test_default_offers(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, DEFAULT_CATALOG, &st);
    const tco_offer *o = tco_catalog_offer(cat, "aws-p5-h100");
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_STRING_EQUAL(o->provider, "AWS");
    CU_ASSERT_STRING_EQUAL(o->gpu, "h100-sxm5-80gb");
    CU_ASSERT_STRING_EQUAL(o->pricing, "on-demand");
    CU_ASSERT_EQUAL(o->term_months, 0);
    CU_ASSERT(check_close(o->price_per_gpu_hour, 6.88)); /* $55.04 / 8 */
    CU_ASSERT_PTR_NULL(o->region);
    CU_ASSERT_STRING_EQUAL(o->as_of, "2026-08-01");

    /* Reserved prices are the on-demand list price less Epoch's discounts. */
    static const struct {
        const char *id, *base;
        double discount;
        int term;
    } reserved[] = {
        {"aws-p5-h100-1yr", "aws-p5-h100", 0.41, 12},
        {"aws-p5-h100-3yr", "aws-p5-h100", 0.64, 36},
        {"gcp-a3-h100-1yr", "gcp-a3-h100", 0.37, 12},
        {"gcp-a3-h100-3yr", "gcp-a3-h100", 0.56, 36},
        {"azure-nd-h100-v5-1yr", "azure-nd-h100-v5", 0.25, 12},
        {"azure-nd-h100-v5-3yr", "azure-nd-h100-v5", 0.49, 36},
    };
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        const tco_offer *r = tco_catalog_offer(cat, reserved[i].id);
        const tco_offer *b = tco_catalog_offer(cat, reserved[i].base);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_STRING_EQUAL(r->pricing, "reserved");
        CU_ASSERT_EQUAL(r->term_months, reserved[i].term);
        CU_ASSERT(
            check_close(r->price_per_gpu_hour, b->price_per_gpu_hour * (1 - reserved[i].discount)));
    }
    o = tco_catalog_offer(cat, "h100-contract-1yr");
    CU_ASSERT(check_close(o->price_per_gpu_hour, 2.35));
    CU_ASSERT_EQUAL(o->term_months, 12);
    CU_ASSERT_STRING_EQUAL(o->as_of, "2026-03-01");
    o = tco_catalog_offer(cat, "aws-p4d-a100-40gb");
    CU_ASSERT_STRING_EQUAL(o->gpu, "a100-sxm4-40gb");
    CU_ASSERT(check_close(o->price_per_gpu_hour, 2.75));
    /* The B200 on demand: Spheron's list price on 2026-03-17. */
    o = tco_catalog_offer(cat, "spheron-b200");
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_STRING_EQUAL(o->gpu, "b200-192gb");
    CU_ASSERT_STRING_EQUAL(o->pricing, "on-demand");
    CU_ASSERT(check_close(o->price_per_gpu_hour, 6.03));
    CU_ASSERT_STRING_EQUAL(o->as_of, "2026-03-17");
    tco_catalog_free(cat);
}

/* ===== Secure parsing ===== */

/* An external entity naming a local file: refused, and the file's content is
 * nowhere, neither in the diagnostics nor in the catalog. */
static void test_xxe_local_file(void)
{
    char host[256];
    check_hostname(host, sizeof host);
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, DEFAULT_CATALOG, &st);
    const char *got = load(cat, "xxe-local-file.xml", &st);
    CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
    CU_ASSERT_STRING_EQUAL(got, "xxe-local-file.xml:3: error: a DOCTYPE is not allowed in a "
                                "catalog (no DTDs, no entities): remove it");
    if (strlen(host) >= 4) { /* long enough not to match by chance */
        CU_ASSERT_PTR_NULL(strstr(got, host));
        CU_ASSERT_FALSE(catalog_contains(cat, host));
    }
    CU_ASSERT_PTR_NULL(tco_catalog_gpu(cat, "xxe"));
    CU_ASSERT_EQUAL(cat->n_files, 1);
    tco_catalog_free(cat);
}

/* The same with files beside the catalog (secret.txt holds a marker): a
 * general entity, and an external DTD with a parameter entity. */
static void test_xxe_secret(void)
{
    static const char secret[] = "TCO-SECRET-5d1f0c9e";
    static const char *const files[] = {"xxe-relative.xml", "xxe-parameter.xml"};
    for (size_t i = 0; i < 2; i++) {
        tco_catalog *cat = tco_catalog_new();
        tco_status st;
        load(cat, DEFAULT_CATALOG, &st);
        const char *got = load(cat, files[i], &st);
        CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
        CU_ASSERT_PTR_NOT_NULL(strstr(got, ":3: error: a DOCTYPE is not allowed"));
        CU_ASSERT_PTR_NULL(strstr(got, secret));
        CU_ASSERT_FALSE(catalog_contains(cat, secret));
        CU_ASSERT_EQUAL(cat->n_gpus, 38);
        tco_catalog_free(cat);
    }
    /* The string form has no directory to resolve against, but is refused alike. */
    expect_string("<?xml version=\"1.0\"?>\n"
                  "<!DOCTYPE catalog [<!ENTITY x SYSTEM \"" DATA_DIR "/secret.txt\">]>\n"
                  "<catalog version=\"1\">&x;</catalog>\n",
                  TCO_ERR_INPUT,
                  "t.xml:2: error: a DOCTYPE is not allowed in a catalog (no DTDs, no "
                  "entities): remove it");
}

/* Billion laughs: refused before a single entity is declared. The time is a
 * security property (an entity bomb must not cost the caller), so it is
 * measured here; it is well under a millisecond in practice. */
static void test_billion_laughs(void)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_file("billion-laughs.xml", TCO_ERR_INPUT,
                "billion-laughs.xml:3: error: a DOCTYPE is not allowed in a catalog (no DTDs, "
                "no entities): remove it");
    CU_ASSERT(seconds_since(&t0) < 1.0);
}

static void test_doctype_only(void)
{
    expect_file("doctype-only.xml", TCO_ERR_INPUT,
                "doctype-only.xml:4: error: a DOCTYPE is not allowed in a catalog (no DTDs, no "
                "entities): remove it");
    /* A DOCTYPE split over lines is reported where it starts. */
    expect_string("<?xml version=\"1.0\"?>\n<!DOCTYPE\n\n  catalog>\n<catalog version=\"1\"/>",
                  TCO_ERR_INPUT,
                  "t.xml:2: error: a DOCTYPE is not allowed in a catalog (no DTDs, no "
                  "entities): remove it");
}

/* Without a DOCTYPE no entity can be declared, so a reference is an error. */
static void test_undeclared_entity(void)
{
    expect_string("<?xml version=\"1.0\"?>\n<catalog version=\"1\">\n&x;</catalog>\n",
                  TCO_ERR_INPUT, "t.xml:3: error: Entity 'x' not defined");
}

static void test_depth_limit(void)
{
    expect_file("deep.xml", TCO_ERR_LIMIT,
                "deep.xml:35: error: elements are nested more than "
                "32 deep");
    /* A million levels on one line: refused at the 33rd, at once. */
    enum { LEVELS = 1000000 };
    char *xml = malloc(3 * LEVELS + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    for (size_t i = 0; i < LEVELS; i++)
        memcpy(xml + 3 * i, "<a>", 3);
    xml[3 * LEVELS] = '\0';
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_string(xml, TCO_ERR_LIMIT, "t.xml:1: error: elements are nested more than 32 deep");
    CU_ASSERT(seconds_since(&t0) < 1.0);
    free(xml);
}

static void test_size_limit(void)
{
    /* The string form: exactly at the limit is accepted, one byte more is not.
     * The padding is many short comments: libxml2 refuses a single comment or
     * text node over 10 MB by itself. */
    size_t size = TCO_MAX_FILE;
    char *xml = malloc(size + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    static const char head[] = "<catalog version=\"1\">\n", tail[] = "</catalog>\n";
    memcpy(xml, head, sizeof head - 1);
    size_t n = sizeof head - 1, end = size - (sizeof tail - 1);
    while (end - n >= 100) {
        memcpy(xml + n, "<!--", 4);
        memset(xml + n + 4, '.', 92);
        memcpy(xml + n + 96, "-->\n", 4);
        n += 100;
    }
    memset(xml + n, ' ', end - n);
    memcpy(xml + end, tail, sizeof tail - 1);
    xml[size] = ' ';
    tco_catalog *cat = tco_catalog_new();
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_catalog_load_string(cat, xml, size, "max.xml", d), TCO_OK);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "");
    CU_ASSERT_EQUAL(cat->n_files, 1);
    tco_diags_free(d);
    d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_catalog_load_string(cat, xml, size + 1, "big.xml", d), TCO_ERR_LIMIT);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d),
                           "big.xml: error: the catalog is 16777217 bytes; the limit is 16777216");
    tco_diags_free(d);
    free(xml);

    /* The file form: a sparse file one byte over the limit. */
    char path[] = "/tmp/tco-catalog-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT_EQUAL(ftruncate(fd, TCO_MAX_FILE + 1), 0);
    close(fd);
    d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_catalog_load_file(cat, path, d), TCO_ERR_LIMIT);
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d),
                                  ": error: the file is larger than the limit of "
                                  "16777216 bytes"));
    unlink(path);
    CU_ASSERT_EQUAL(cat->n_files, 1);
    tco_diags_free(d);
    tco_catalog_free(cat);
}

/* One tag with 80000 attributes: libxml2 2.9 compares a tag's attributes
 * pairwise (minutes for this one), so it is refused before parsing. */
static void test_attribute_bomb(void)
{
    enum { ATTRS = 80000 };
    char *xml = malloc(ATTRS * 12 + 64);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    size_t n = (size_t)sprintf(xml, "<catalog version=\"1\"\n");
    for (int i = 0; i < ATTRS; i++)
        n += (size_t)sprintf(xml + n, " a%d='>'", i); /* a '>' in a value does not end the tag */
    strcpy(xml + n, "/>");
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_string(xml, TCO_ERR_LIMIT, "t.xml:1: error: more than 16 attributes in one tag");
    CU_ASSERT(seconds_since(&t0) < 1.0);
    free(xml);
    /* Sixteen are accepted by the scan (and then refused by the schema). */
    expect_string("<catalog version=\"1\" a1=\"\" a2=\"\" a3=\"\" a4=\"\" a5=\"\" a6=\"\" "
                  "a7=\"\" a8=\"\" a9=\"\" a10=\"\" a11=\"\" a12=\"\" a13=\"\" a14=\"\" "
                  "a15=\"\"/>",
                  TCO_ERR_INPUT,
                  "t.xml:1: error: Element 'catalog', attribute 'a1': The attribute 'a1' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a2': The attribute 'a2' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a3': The attribute 'a3' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a4': The attribute 'a4' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a5': The attribute 'a5' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a6': The attribute 'a6' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a7': The attribute 'a7' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a8': The attribute 'a8' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a9': The attribute 'a9' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a10': The attribute 'a10' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a11': The attribute 'a11' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a12': The attribute 'a12' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a13': The attribute 'a13' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a14': The attribute 'a14' is not "
                  "allowed.\n"
                  "t.xml:1: error: Element 'catalog', attribute 'a15': The attribute 'a15' is not "
                  "allowed.");
}

/* Catalogs are read as UTF-8 whatever they declare: no other encoding can
 * hide markup from the checks above. */
static void test_encoding(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    /* A UTF-8 byte order mark and a (wrong, ignored) declaration are fine. */
    CU_ASSERT_STRING_EQUAL(load_string(cat,
                                       "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
                                       "<catalog version=\"1\">" GPU_A "</catalog>",
                                       "t.xml", &st),
                           "");
    CU_ASSERT_EQUAL(st, TCO_OK);
    tco_catalog_free(cat);
    expect_string("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<catalog version=\"1\">\n"
                  "<!-- caf\xE9 -->\n</catalog>\n",
                  TCO_ERR_INPUT,
                  "t.xml:3: error: Input is not proper UTF-8, indicate encoding ! Bytes: 0xE9 0x20 "
                  "0x2D 0x2D");
    expect_string("\xFF\xFE<", TCO_ERR_INPUT, "t.xml:1: error: Start tag expected, '<' not found");
}

/* Text split by comments, processing instructions and CDATA is joined before
 * validation (libxml2 2.9 would join it in quadratic time). */
static void test_split_text(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    CU_ASSERT_STRING_EQUAL(
        load_string(cat,
                    "<catalog version=\"1\"><gpu id=\"a\"><name>NVIDIA<!-- x --> H<?p?>100"
                    "<![CDATA[ <SXM5>]]></name><vendor>V</vendor><fp16-tflops>9<!---->89"
                    "</fp16-tflops><memory-gb>1</memory-gb><tdp-w>1</tdp-w><source>s</source>"
                    "<as-of>2026-01-01</as-of></gpu></catalog>",
                    "t.xml", &st),
        "");
    CU_ASSERT_EQUAL_FATAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].name, "NVIDIA H100 <SXM5>");
    CU_ASSERT(check_close(cat->gpus[0].fp16_tflops, 989));
    tco_catalog_free(cat);

    /* A name of 200000 pieces: joined, then too long for the schema. */
    enum { PIECES = 200000 };
    char *xml = malloc(PIECES * 8 + 256);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    size_t n = (size_t)sprintf(xml, "<catalog version=\"1\">\n" GPU_A "<gpu id=\"b\"><name>");
    for (int i = 0; i < PIECES; i++, n += 8)
        memcpy(xml + n, "a<!---->", 8);
    strcpy(xml + n, "</name></gpu></catalog>");
    cat = tco_catalog_new();
    const char *got = load_string(cat, xml, "t.xml", &st);
    CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "t.xml:4: error: Element 'name': [facet 'maxLength'] "
                                       "The value has a length of '200000'"));
    tco_catalog_free(cat);
    free(xml);
}

/* libxml2 writes nothing to stderr, and its process-wide hooks are restored. */
static void test_quiet_and_restored(void)
{
    xmlExternalEntityLoader before = xmlGetExternalEntityLoader();
    fflush(stderr);
    int saved = dup(2);
    char path[] = "/tmp/tco-stderr-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(saved >= 0 && fd >= 0);
    dup2(fd, 2);
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, "malformed.xml", &st);
    load(cat, "unknown-element.xml", &st);
    load(cat, "xxe-local-file.xml", &st);
    load_string(cat, "<catalog version=\"1\"><gpu", "t.xml", &st);
    tco_catalog_free(cat);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    struct stat sb;
    CU_ASSERT_EQUAL(fstat(fd, &sb), 0);
    CU_ASSERT_EQUAL(sb.st_size, 0);
    close(fd);
    unlink(path);
    CU_ASSERT_PTR_EQUAL(xmlGetExternalEntityLoader(), before);
}

/* ===== Errors with their lines ===== */

/* <name> opened at line 4 is never closed; libxml2 notices at line 6. */
static void test_malformed(void)
{
    expect_file("malformed.xml", TCO_ERR_INPUT,
                "malformed.xml:6: error: Opening and ending tag mismatch: name line 4 and gpu\n"
                "malformed.xml:7: error: Opening and ending tag mismatch: gpu line 3 and catalog\n"
                "malformed.xml:8: error: Premature end of data in tag catalog line 2");
    expect_string("<catalog version=\"1\">\n<gpu id=\"a>\n</catalog>\n", TCO_ERR_INPUT,
                  "t.xml:3: error: Unescaped '<' not allowed in attributes values\n"
                  "t.xml:3: error: attributes construct error\n"
                  "t.xml:3: error: Couldn't find end of Start Tag gpu line 2");
    expect_string("", TCO_ERR_INPUT, "t.xml:1: error: Document is empty");
}

static void test_schema_violations(void)
{
    expect_file("negative-price.xml", TCO_ERR_INPUT,
                "negative-price.xml:7: error: Element 'price-per-gpu-hour': [facet "
                "'minInclusive'] The value '-1.5' is less than the minimum value allowed ('0').");
    expect_file("missing-source.xml", TCO_ERR_INPUT,
                "missing-source.xml:3: error: Element 'gpu': Missing child element(s). Expected "
                "is one of ( fp16-tflops-sparse, fp32-tflops, memory-type, memory-bandwidth-tbs, "
                "nvlink-gbs, pcie-gbs, price, server, embodied, source ).");
    expect_file("unknown-element.xml", TCO_ERR_INPUT,
                "unknown-element.xml:8: error: Element 'tdp-watts': This element is not "
                "expected. Expected is one of ( fp16-tflops-sparse, fp32-tflops, memory-type, "
                "memory-bandwidth-tbs, nvlink-gbs, pcie-gbs, tdp-w, price, server, embodied ).");
    /* Ids, dates, pricing kinds and the version, each at its own line. */
    expect_string("<catalog version=\"1\">\n"
                  "  <gpu id=\"has space\"/>\n"
                  "</catalog>\n",
                  TCO_ERR_INPUT,
                  "t.xml:2: error: Element 'gpu', attribute 'id': [facet 'pattern'] The value "
                  "'has space' is not accepted by the pattern '[A-Za-z0-9_\\-]{1,40}'.\n"
                  "t.xml:2: error: Element 'gpu': Missing child element(s). Expected is one of "
                  "( name, vendor, fp16-tflops, fp16-tflops-sparse, fp32-tflops, memory-gb, "
                  "memory-type, memory-bandwidth-tbs, nvlink-gbs, pcie-gbs ).");
    expect_string("<catalog version=\"1\">\n" OFFER("o", "<pricing>hourly</pricing>") "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:3: error: Element 'pricing': [facet 'enumeration'] The value 'hourly' "
                  "is not an element of the set {'on-demand', 'reserved', 'spot'}.");
    expect_string("<catalog version=\"2\"/>", TCO_ERR_INPUT,
                  "t.xml:1: error: Element 'catalog', attribute 'version': The value '2' does "
                  "not match the fixed value constraint '1'.");
    expect_string("<catalog version=\"1\">\n"
                  "  <gpu id=\"a\"><name>A</name><vendor>V</vendor><fp16-tflops>1</fp16-tflops>\n"
                  "    <memory-gb>1</memory-gb><tdp-w>1</tdp-w><source>s</source>\n"
                  "    <as-of>2026-02-30</as-of></gpu>\n"
                  "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:4: error: Element 'as-of': '2026-02-30' is not a valid value of the "
                  "atomic type 'date'.");
    expect_string("<prices/>", TCO_ERR_INPUT,
                  "t.xml:1: error: Element 'prices': No matching global declaration available "
                  "for the validation root.");
}

static void test_duplicate_ids(void)
{
    expect_file("duplicate.xml", TCO_ERR_INPUT,
                "duplicate.xml:12: error: duplicate GPU id 'twice' (first at line 3)");
    expect_string("<catalog version=\"1\">\n" GPU_A OFFER("o", "<pricing>spot</pricing>")
                      OFFER("o", "<pricing>spot</pricing>") "</catalog>",
                  TCO_ERR_INPUT, "t.xml:7: error: duplicate offer id 'o' (first at line 4)");
}

static void test_unknown_gpu(void)
{
    expect_file("unknown-gpu.xml", TCO_ERR_INPUT,
                "unknown-gpu.xml:5: error: offer 'typo': unknown GPU 'h100-sxm-80gb'\n"
                "unknown-gpu.xml:13: error: offer 'nothing-close': unknown GPU 'quantum-9000'");
    /* After the default catalog, the typo has a close match; the load fails as a
     * whole and the catalog is unchanged. */
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, DEFAULT_CATALOG, &st);
    const char *got = load(cat, "unknown-gpu.xml", &st);
    CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
    CU_ASSERT_STRING_EQUAL(got, "unknown-gpu.xml:5: error: offer 'typo': unknown GPU "
                                "'h100-sxm-80gb'; did you mean 'h100-sxm5-80gb'?\n"
                                "unknown-gpu.xml:13: error: offer 'nothing-close': unknown GPU "
                                "'quantum-9000'");
    CU_ASSERT_EQUAL(cat->n_gpus, 38);
    CU_ASSERT_EQUAL(cat->n_offers, 22);
    CU_ASSERT_EQUAL(cat->n_files, 1);
    CU_ASSERT_PTR_NULL(tco_catalog_offer(cat, "typo"));
    /* A spot offer with the provider's egress price; an offer without one. */
    const tco_offer *spot = tco_catalog_offer(cat, "gcp-a3-h100-spot");
    CU_ASSERT_PTR_NOT_NULL_FATAL(spot);
    CU_ASSERT_STRING_EQUAL(spot->pricing, "spot");
    CU_ASSERT_DOUBLE_EQUAL(spot->price_per_gpu_hour, 6.571, 0);
    CU_ASSERT_DOUBLE_EQUAL(spot->egress_per_tb, 120, 0);
    CU_ASSERT_TRUE(isnan(tco_catalog_offer(cat, "gcp-a3-h100")->egress_per_tb));
    tco_catalog_free(cat);
}

static void test_price_order(void)
{
    expect_file("price-order.xml", TCO_ERR_INPUT,
                "price-order.xml:9: error: price low 40000 is above typical 35000\n"
                "price-order.xml:9: error: price typical 35000 is above high 30000");
    /* Equal figures are in order. */
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    const char *got =
        load_string(cat,
                    "<catalog version=\"1\"><gpu id=\"a\"><name>A</name><vendor>V</vendor>"
                    "<fp16-tflops>1</fp16-tflops><memory-gb>1</memory-gb><tdp-w>1</tdp-w>"
                    "<price currency=\"EUR\" low=\"5\" typical=\"5\" high=\"5\"/><source>s</source>"
                    "<as-of>2026-01-01</as-of></gpu></catalog>",
                    NULL, &st);
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(got, "");
    CU_ASSERT_STRING_EQUAL(cat->files[0], "<string>");
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].currency, "EUR");
    tco_catalog_free(cat);
}

/* A GPU's <server>: read with its source; its GPUs a whole number of 1 or
 * more, its source required (the schema). */
#define SERVER_GPU(server)                                                                         \
    "<catalog version=\"1\">\n<gpu id=\"a\"><name>A</name><vendor>V</vendor>"                      \
    "<fp16-tflops>1</fp16-tflops><memory-gb>1</memory-gb><tdp-w>100</tdp-w>\n" server              \
    "<source>s</source><as-of>2026-01-01</as-of></gpu></catalog>"
static void test_server(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    const char *got =
        load_string(cat,
                    SERVER_GPU("<server gpus=\"4\" power-w=\"250.5\" price-ratio=\"0.5\">"
                               "<source>vendor sheet</source></server>"),
                    NULL, &st);
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(got, "");
    CU_ASSERT(cat->gpus[0].server_gpus == 4 && cat->gpus[0].server_power_w == 250.5 &&
              cat->gpus[0].server_price_ratio == 0.5);
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].server_source, "vendor sheet");
    tco_catalog_free(cat);
    /* Without one, no server figures. */
    cat = tco_catalog_new();
    load_string(cat, SERVER_GPU(""), NULL, &st);
    CU_ASSERT(st == TCO_OK && cat->gpus[0].server_gpus == 0 && !cat->gpus[0].server_source);
    tco_catalog_free(cat);
    expect_string(SERVER_GPU("<server gpus=\"0\" power-w=\"1\" price-ratio=\"1\">"
                             "<source>s</source></server>"),
                  TCO_ERR_INPUT,
                  "t.xml:3: error: Element 'server', attribute 'gpus': [facet 'minInclusive'] "
                  "The value '0' is less than the minimum value allowed ('1').");
    expect_string(SERVER_GPU("<server gpus=\"8\" power-w=\"1\" price-ratio=\"1\"/>"), TCO_ERR_INPUT,
                  "t.xml:3: error: Element 'server': Missing child element(s). Expected is "
                  "( source ).");
}

static void test_reserved_term(void)
{
    expect_string("<catalog version=\"1\">\n" GPU_A OFFER("r", "<pricing>reserved</pricing>")
                      OFFER("d", "<pricing term-months=\"12\">on-demand</pricing>") "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:5: error: reserved pricing needs term-months, e.g. <pricing "
                  "term-months=\"12\">reserved</pricing>\n"
                  "t.xml:8: error: term-months is only for reserved pricing");
    expect_string("<catalog version=\"1\">\n" GPU_A OFFER(
                      "r", "<pricing term-months=\"0\">reserved</pricing>") "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:5: error: Element 'pricing', attribute 'term-months': [facet "
                  "'minInclusive'] The value '0' is less than the minimum value allowed ('1').");
}

/* ===== Merging ===== */

static void test_override(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    CU_ASSERT_STRING_EQUAL(load(cat, "base.xml", &st), "");
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(load(cat, "override.xml", &st), "");
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_EQUAL_FATAL(cat->n_files, 2);
    CU_ASSERT_STRING_EQUAL(cat->files[0], "base.xml");
    CU_ASSERT_STRING_EQUAL(cat->files[1], "override.xml");

    /* A replaced entry keeps its place; new entries follow in file order. */
    CU_ASSERT_EQUAL_FATAL(cat->n_gpus, 3);
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].id, "gpu-a");
    CU_ASSERT_STRING_EQUAL(cat->gpus[1].id, "gpu-b");
    CU_ASSERT_STRING_EQUAL(cat->gpus[2].id, "gpu-c");
    const tco_gpu_model *a = tco_catalog_gpu(cat, "gpu-a");
    CU_ASSERT_STRING_EQUAL(a->name, "Test GPU A, revised");
    CU_ASSERT(check_close(a->fp16_tflops, 110) && check_close(a->price_typical, 950));
    CU_ASSERT(isnan(a->price_low) && isnan(a->price_high)); /* nothing kept from base */
    CU_ASSERT_PTR_EQUAL(a->file, cat->files[1]);
    CU_ASSERT_EQUAL(a->line, 13);
    CU_ASSERT_PTR_EQUAL(tco_catalog_gpu(cat, "gpu-b")->file, cat->files[0]);
    CU_ASSERT_EQUAL(tco_catalog_gpu(cat, "gpu-b")->line, 14);

    CU_ASSERT_EQUAL_FATAL(cat->n_offers, 2);
    const tco_offer *o = &cat->offers[0];
    CU_ASSERT_STRING_EQUAL(o->id, "cloud-a");
    CU_ASSERT_STRING_EQUAL(o->gpu, "gpu-c");
    CU_ASSERT_STRING_EQUAL(o->pricing, "spot");
    CU_ASSERT(check_close(o->price_per_gpu_hour, 0.75));
    CU_ASSERT_PTR_NULL(o->region);
    CU_ASSERT_PTR_EQUAL(o->file, cat->files[1]);
    o = &cat->offers[1];
    CU_ASSERT_STRING_EQUAL(o->id, "cloud-b");
    CU_ASSERT_STRING_EQUAL(o->gpu, "gpu-b"); /* defined only in base.xml */
    CU_ASSERT_STRING_EQUAL(o->pricing, "reserved");
    CU_ASSERT_EQUAL(o->term_months, 12);
    CU_ASSERT_STRING_EQUAL(o->currency, "EUR");
    CU_ASSERT_EQUAL(o->line, 5);
    tco_catalog_free(cat);

    /* Alone, override.xml names a GPU nobody defined. */
    expect_file("override.xml", TCO_ERR_INPUT,
                "override.xml:7: error: offer 'cloud-b': unknown GPU 'gpu-b'; did you mean "
                "'gpu-a'?");
}

/* A failed load leaves every entry as it was. */
static void test_unchanged_on_error(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    load(cat, "base.xml", &st);
    static const char *const bad[] = {"malformed.xml",      "negative-price.xml", "duplicate.xml",
                                      "unknown-gpu.xml",    "price-order.xml",    "deep.xml",
                                      "billion-laughs.xml", "missing.xml"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        load(cat, bad[i], &st);
        CU_ASSERT_NOT_EQUAL(st, TCO_OK);
        CU_ASSERT_EQUAL(cat->n_gpus, 2);
        CU_ASSERT_EQUAL(cat->n_offers, 1);
        CU_ASSERT_EQUAL(cat->n_files, 1);
        CU_ASSERT_STRING_EQUAL(cat->gpus[0].name, "Test GPU A");
    }
    /* A file that is valid but replaces gpu-a with an error elsewhere: no change. */
    const char *got = load_string(cat,
                                  "<catalog version=\"1\">\n"
                                  "  <gpu id=\"gpu-a\"><name>New</name><vendor>V</vendor>"
                                  "<fp16-tflops>1</fp16-tflops><memory-gb>1</memory-gb>"
                                  "<tdp-w>1</tdp-w><source>s</source><as-of>2026-01-01</as-of>"
                                  "</gpu>\n" OFFER("x", "<pricing>spot</pricing>") "</catalog>",
                                  "t.xml", &st);
    CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
    CU_ASSERT_STRING_EQUAL(got, "t.xml:3: error: offer 'x': unknown GPU 'a'");
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].name, "Test GPU A");
    CU_ASSERT_EQUAL(cat->n_files, 1);
    tco_catalog_free(cat);
}

/* A grid region (MODEL.md, Carbon) from its figures, each on a line of its own. */
#define GRID(id, provider, region, kg, pue)                                                        \
    "  <grid-region" id "><provider>" provider "</provider><region>" region "</region>\n"          \
    "    <kgco2e-per-kwh>" kg "</kgco2e-per-kwh>\n"                                                \
    "    <pue>" pue "</pue><source>s</source><as-of>2026-01-01</as-of></grid-region>\n"

/* A grid region's errors, each at its line: the schema's (a number that is
 * not one, a missing id or figure), the loader's (the bounds of the figures,
 * a duplicate id, a provider and region given twice in any case); nothing is
 * added. */
static void test_grid_region_errors(void)
{
    expect_string(
        "<catalog version=\"1\">\n" GRID(" id=\"r\"", "P", "x", "abc", "1.1") "</catalog>",
        TCO_ERR_INPUT,
        "t.xml:3: error: Element 'kgco2e-per-kwh': 'abc' is not a valid value of the "
        "atomic type 'non-negative-number'.");
    expect_string(
        "<catalog version=\"1\">\n" GRID(" id=\"r\"", "P", "x", "1e-1", "1.1") "</catalog>",
        TCO_ERR_INPUT,
        "t.xml:3: error: Element 'kgco2e-per-kwh': '1e-1' is not a valid value of the "
        "atomic type 'non-negative-number'.");
    expect_string("<catalog version=\"1\">\n" GRID("", "P", "x", "0.4", "1.1") "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:2: error: Element 'grid-region': The attribute 'id' is required but "
                  "missing.");
    expect_string("<catalog version=\"1\">\n"
                  "  <grid-region id=\"r\"><provider>P</provider><region>x</region>\n"
                  "    <kgco2e-per-kwh>0.4</kgco2e-per-kwh><source>s</source>\n"
                  "    <as-of>2026-01-01</as-of></grid-region>\n"
                  "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:2: error: Element 'grid-region': Missing child element(s). Expected is "
                  "( pue ).");
    expect_string(
        "<catalog version=\"1\">\n" GRID(" id=\"r\"", "P", "x", "5.01", "0.99") "</catalog>",
        TCO_ERR_INPUT,
        "t.xml:3: error: '5.01' is not a number of 0 to 5 for kgco2e-per-kwh\n"
        "t.xml:4: error: '0.99' is not a number of 1 to 3 for pue");
    expect_string("<catalog version=\"1\">\n" GRID(" id=\"r\"", "P", "x", "0", "3.5") "</catalog>",
                  TCO_ERR_INPUT, "t.xml:4: error: '3.5' is not a number of 1 to 3 for pue");
    expect_string("<catalog version=\"1\">\n" GRID(" id=\"r\"", "P", "x", "0.4", "1.1")
                      GRID(" id=\"r\"", "P", "y", "0.4", "1.1") "</catalog>",
                  TCO_ERR_INPUT, "t.xml:5: error: duplicate grid region id 'r' (first at line 2)");
    expect_string("<catalog version=\"1\">\n" GRID(" id=\"r\"", "Acme", "east-1", "0.4", "1.1")
                      GRID(" id=\"s\"", "ACME", "East-1", "0.3", "1.2") "</catalog>",
                  TCO_ERR_INPUT,
                  "t.xml:5: error: grid region 's': provider 'ACME' and region 'East-1' are those "
                  "of 'r' (line 2)");
    /* The bounds themselves are figures of a grid region. */
    tco_catalog *cat = tco_catalog_new();
    tco_status st;
    CU_ASSERT_STRING_EQUAL(
        load_string(cat,
                    "<catalog version=\"1\">\n" GRID(" id=\"r\"", "P", "x", "5", "3")
                        GRID(" id=\"s\"", "P", "y", "0", "1") "</catalog>",
                    "t.xml", &st),
        "");
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_EQUAL_FATAL(cat->n_grid_regions, 2);
    CU_ASSERT(check_close(cat->grid_regions[0].kgco2e_per_kwh, 5));
    CU_ASSERT(check_close(cat->grid_regions[1].pue, 1));
    CU_ASSERT_EQUAL(cat->grid_regions[1].line, 5);
    /* A later file with an error leaves them as they were. */
    static const char bad[] =
        "<catalog version=\"1\">" GRID(" id=\"r\"", "P", "x", "9", "1") "</catalog>";
    CU_ASSERT_EQUAL(tco_catalog_load_string(cat, bad, strlen(bad), "u.xml", NULL), TCO_ERR_INPUT);
    CU_ASSERT_EQUAL(cat->n_grid_regions, 2);
    CU_ASSERT(check_close(cat->grid_regions[0].kgco2e_per_kwh, 5));
    tco_catalog_free(cat);
}

static void test_api_edges(void)
{
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_catalog_load_file(NULL, "x.xml", d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_catalog_load_string(NULL, "", 0, "x", d), TCO_ERR_ARG);
    tco_catalog *cat = tco_catalog_new();
    CU_ASSERT_EQUAL(tco_catalog_load_file(cat, NULL, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_catalog_load_string(cat, NULL, 5, "x", d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_diags_count(d), 0);
    CU_ASSERT_EQUAL(tco_catalog_load_file(cat, "missing.xml", d), TCO_ERR_IO);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "missing.xml: error: cannot open: No such file or "
                                                "directory");
    /* Diagnostics may be discarded. */
    CU_ASSERT_EQUAL(tco_catalog_load_file(cat, "malformed.xml", NULL), TCO_ERR_INPUT);
    CU_ASSERT_EQUAL(tco_catalog_load_file(cat, "base.xml", NULL), TCO_OK);
    CU_ASSERT_PTR_NULL(tco_catalog_gpu(cat, "nope"));
    CU_ASSERT_PTR_NULL(tco_catalog_gpu(cat, NULL));
    CU_ASSERT_PTR_NULL(tco_catalog_gpu(NULL, "gpu-a"));
    CU_ASSERT_PTR_NULL(tco_catalog_offer(cat, "gpu-a")); /* separate id spaces */
    CU_ASSERT_PTR_NOT_NULL(tco_catalog_offer(cat, "cloud-a"));
    tco_catalog_free(cat);

    /* White space in text is collapsed as the schema's xs:token does. */
    cat = tco_catalog_new();
    tco_status st;
    load_string(cat,
                "<catalog version=\"1\"><gpu id=\"a\"><name>\n  Two\t\n  words  </name>"
                "<vendor>V</vendor><fp16-tflops> 1.5 </fp16-tflops><memory-gb>1</memory-gb>"
                "<tdp-w>1</tdp-w><source>s</source><as-of> 2026-01-01 </as-of></gpu></catalog>",
                "t.xml", &st);
    CU_ASSERT_EQUAL_FATAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].name, "Two words");
    CU_ASSERT_STRING_EQUAL(cat->gpus[0].as_of, "2026-01-01");
    CU_ASSERT(check_close(cat->gpus[0].fp16_tflops, 1.5));
    CU_ASSERT_PTR_NULL(cat->gpus[0].memory_type);
    tco_catalog_free(cat);
    tco_catalog_free(NULL);
    tco_diags_free(d);
}

int main(void)
{
    if (chdir(DATA_DIR) != 0) {
        perror(DATA_DIR);
        return 2;
    }
    static const check_case cases[] = {
        {"default catalog: required entries", test_default_catalog},
        {"default catalog: H100, A100, 4090, B200 figures", test_default_h100_figures},
        {"default catalog: offers and reserved prices", test_default_offers},
        {"default catalog: GPUs added from datasheets", test_default_added_figures},
        {"XXE naming /etc/hostname is refused", test_xxe_local_file},
        {"XXE naming a file beside the catalog is refused", test_xxe_secret},
        {"billion laughs refused within a second", test_billion_laughs},
        {"DOCTYPE alone is refused", test_doctype_only},
        {"undeclared entity", test_undeclared_entity},
        {"depth limit", test_depth_limit},
        {"size limit", test_size_limit},
        {"attribute bomb refused within a second", test_attribute_bomb},
        {"catalogs are read as UTF-8", test_encoding},
        {"text split by comments is joined", test_split_text},
        {"nothing on stderr; hooks restored", test_quiet_and_restored},
        {"malformed XML with its line", test_malformed},
        {"schema violations with their line", test_schema_violations},
        {"duplicate ids", test_duplicate_ids},
        {"unknown GPU in an offer", test_unknown_gpu},
        {"price low <= typical <= high", test_price_order},
        {"a GPU's server", test_server},
        {"term-months only and always on reserved", test_reserved_term},
        {"later catalog overrides earlier", test_override},
        {"failed load leaves the catalog unchanged", test_unchanged_on_error},
        {"API edges", test_api_edges},
        {"a grid region's errors", test_grid_region_errors},
        {NULL, NULL},
    };
    int rc = check_run("catalog", cases);
    xmlCleanupParser();
    return rc;
}
