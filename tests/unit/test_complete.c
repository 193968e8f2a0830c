/* test_complete.c - an option that leaves out a cost (MODEL.md, Completeness):
 * the keys named, their typical sizes from the catalog's <server>, worked by
 * hand, and the keys that count as given. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The scenario's diagnostics with the shipped catalog, one per line. */
static const char *warnings_of(const char *text)
{
    static const char *const cats[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options opts = {.catalogs_before = cats, .today = "2026-08-01"};
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string_opt(text, "t.ini", &opts, &s, d);
    CU_ASSERT_EQUAL(st, TCO_OK);
    const char *out = check_diags_text(d);
    tco_scenario_free(s);
    tco_diags_free(d);
    return out;
}

#define HEAD "[scenario]\nname = t\n[site]\nelectricity_price = 0.1\n" /* lines 1-4 */

/* An H100 bought at the catalog's price (30,000-40,000 a GPU): a server without
 * its GPUs is 0.64 x 8 x 30,000 = 153,600 to 0.64 x 8 x 40,000 = 204,800, and
 * draws 10,200 - 8 x 700 = 4,600 W. */
static void test_catalog_sizes(void)
{
    CU_ASSERT_STRING_EQUAL(
        warnings_of(HEAD "[option b]\nacquire = buy\ngpu = h100-sxm5-80gb\ncount = 8\n"),
        "t.ini:5: warning: option 'b' is incomplete: no server_price (a server of 8 NVIDIA H100 "
        "SXM5 80GB is typically 153,600-204,800 without its GPUs), no server_power_w "
        "(typically 4,600 W besides its GPUs), no colo_per_kw_month (no colocation paid), no "
        "utilization (100% assumed): buying is understated");
    /* 4 GPUs a server: 0.64 x 4 x 30,000 = 76,800 to 102,400; 4,600 / 8 x 4 = 2,300 W.
     * Its own GPU price, 20,000: one value, 0.64 x 4 x 20,000 = 51,200. */
    CU_ASSERT_STRING_EQUAL(
        warnings_of(HEAD "colo_per_kw_month = 0\n[option b]\nacquire = buy\n"
                         "gpu = h100-sxm5-80gb\ncount = 8\ngpus_per_server = 4\nutilization = 0.7\n"
                         "[option c]\nbase = b\ngpu_price = 20000\nserver_power_w = 0\n"),
        "t.ini:6: warning: option 'b' is incomplete: no server_price (a server of 4 NVIDIA H100 "
        "SXM5 80GB is typically 76,800-102,400 without its GPUs), no server_power_w (typically "
        "2,300 W besides its GPUs): buying is understated\n"
        "t.ini:12: warning: option 'c' is incomplete: no server_price (a server of 4 NVIDIA "
        "H100 SXM5 80GB is typically 51,200 without its GPUs): buying is understated");
    /* The A100 at 10,000-15,000: 0.66 x 8 x 10,000 = 52,800 to 79,200; 6,500 - 3,200 =
     * 3,300 W. */
    CU_ASSERT_STRING_EQUAL(
        warnings_of(HEAD "colo_per_kw_month = 150\n[workload]\nutilization = 0.5\n[option a]\n"
                         "acquire = buy\ngpu = a100-sxm4-80gb\ncount = 8\n"),
        "t.ini:8: warning: option 'a' is incomplete: no server_price (a server of 8 NVIDIA A100 "
        "SXM4 80GB is typically 52,800-79,200 without its GPUs), no server_power_w (typically "
        "3,300 W besides its GPUs): buying is understated");
}

/* Keys given anywhere count, even as 0: the option, its base, its named site,
 * [site] and [workload]. A reserved rental pays every hour: no utilization. */
static void test_given(void)
{
    CU_ASSERT_STRING_EQUAL(
        warnings_of(HEAD "colo_per_kw_month = 0\n[workload]\nutilization = 1\n"
                         "[option b]\nacquire = buy\ngpu = h100-sxm5-80gb\ncount = 8\n"
                         "server_price = 0\nserver_power_w = 0\n"
                         "[option c]\nbase = b\n"
                         "[option r]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n"),
        "");
    CU_ASSERT_STRING_EQUAL(
        warnings_of(HEAD "[site de]\ncolo_per_kw_month = 160\n"
                         "[option b]\nacquire = buy\ngpu = h100-sxm5-80gb\ncount = 8\n"
                         "server_price = 1\nserver_power_w = 1\nutilization = 0.9\nsite = de\n"
                         "[option r]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n"
                         "pricing = reserved\n"
                         "[option s]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 1\n"
                         "pricing = spot\n"),
        "t.ini:20: warning: option 's' is incomplete: no utilization (100% assumed): renting "
        "is overstated");
    /* No catalog GPU: the keys without sizes. */
    CU_ASSERT_STRING_EQUAL(
        warnings_of(HEAD "colo_per_kw_month = 1\n[option b]\nacquire = buy\ncount = 8\n"
                         "gpu_price = 100\ntdp_w = 700\nutilization = 0.5\n"),
        "t.ini:6: warning: option 'b' is incomplete: no server_price, no server_power_w: "
        "buying is understated");
}

/* The list itself: keys in order, sizes as numbers. */
static void test_list(void)
{
    static const char *const cats[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options opts = {.catalogs_before = cats, .today = "2026-08-01"};
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string_opt(
                              HEAD "[option b]\nacquire = buy\ngpu = rtx-4090-24gb\ncount = 8\n",
                              "t.ini", &opts, &s, NULL),
                          TCO_OK);
    tco_missing m[TCO_MISSING_MAX];
    CU_ASSERT_EQUAL_FATAL(tco_option_missing(s, &s->options[0], m), 4);
    CU_ASSERT_STRING_EQUAL(tco_missing_key(&m[0]), "server_price");
    /* One catalog price (1,600): 0.64 x 8 x 1,600 = 8,192. */
    CU_ASSERT(fabs(m[0].low - 8192) < 1e-9 && m[0].low == m[0].high);
    CU_ASSERT_STRING_EQUAL(tco_missing_key(&m[1]), "server_power_w");
    CU_ASSERT(fabs(m[1].low - 0.8 * 8 * 450) < 1e-9); /* 1.8 x TDP with the server */
    CU_ASSERT_STRING_EQUAL(tco_missing_key(&m[2]), "colo_per_kw_month");
    CU_ASSERT(isnan(m[2].low));
    CU_ASSERT_STRING_EQUAL(tco_missing_key(&m[3]), "utilization");
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"typical sizes from the catalog", test_catalog_sizes},
        {"keys given anywhere, even as 0", test_given},
        {"the list", test_list},
        {NULL, NULL},
    };
    return check_run("complete", cases);
}
