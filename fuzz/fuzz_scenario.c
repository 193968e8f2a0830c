/* fuzz_scenario.c - libFuzzer harness for the scenario loader (string form),
 * then the engine, the analyses and the text writers on what loads.
 *
 * One input in 8 that mentions `gpu` or `offer` (chosen by a hash of the
 * input, so a run is repeatable) is loaded with a small catalog holding the
 * shipped ids the seeds use, so the catalog lookups and the keys they fill
 * are fuzzed too. Loading a catalog validates it against the schema, which
 * costs more than the rest of a run; the others are loaded without one.
 *
 * Besides the sanitizers' checks it asserts the loader's contract: a load that
 * fails leaves *out NULL and says why in the diagnostics; one that succeeds
 * has no errors. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include "tco.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Monte Carlo samples per run: enough to reach every line, few enough to keep
 * thousands of runs a second. */
#define FUZZ_MAX_SAMPLES 2000

/* Monte Carlo samples when a plan chooses its refresh month (refresh_month =
 * auto): each sample searches the months again, within the engine's bound
 * (TCI_MC_MAX_REFRESH_WORK, seconds in a release build) but past the
 * harness's timeout under the sanitizers at FUZZ_MAX_SAMPLES. */
#define FUZZ_MAX_REFRESH_SAMPLES 100

/* [optimize]'s candidates per count searched: the engine bounds a search by its
 * work (TCI_OPTIMIZE_MAX_WORK, seconds in a release build), which the
 * sanitizers slow past the harness's timeout; a shorter range reaches the same
 * lines. */
#define FUZZ_MAX_CANDIDATES 40

/* A range first..*last by step cut to FUZZ_MAX_CANDIDATES steps. */
static void cut_range(int first, int *last, int step)
{
    if (step > 0 && *last > first && (*last - first) / step > FUZZ_MAX_CANDIDATES)
        *last = first + FUZZ_MAX_CANDIDATES * step;
}

/* A catalog with the GPUs and an offer that the shipped scenarios name. */
static const char catalog_xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog version=\"1\">\n"
    "<gpu id=\"h100-sxm5-80gb\"><name>H100</name><vendor>NVIDIA</vendor>"
    "<fp16-tflops>989</fp16-tflops><memory-gb>80</memory-gb><tdp-w>700</tdp-w>"
    "<price currency=\"USD\" low=\"30000\" typical=\"35000\" high=\"40000\"/>"
    "<source>fuzz</source><as-of>2026-07-27</as-of></gpu>\n"
    "<gpu id=\"a100-sxm4-80gb\"><name>A100</name><vendor>NVIDIA</vendor>"
    "<fp16-tflops>312</fp16-tflops><memory-gb>80</memory-gb><tdp-w>400</tdp-w>"
    "<source>fuzz</source><as-of>2026-07-27</as-of></gpu>\n"
    "<gpu id=\"rtx-4090-24gb\"><name>RTX 4090</name><vendor>NVIDIA</vendor>"
    "<fp16-tflops>165</fp16-tflops><memory-gb>24</memory-gb><tdp-w>450</tdp-w>"
    "<price currency=\"EUR\" low=\"1500\" typical=\"1600\" high=\"1700\"/>"
    "<source>fuzz</source><as-of>2020-01-01</as-of></gpu>\n"
    "<offer id=\"aws-p5-h100\"><provider>AWS</provider><gpu>h100-sxm5-80gb</gpu>"
    "<pricing>on-demand</pricing><price-per-gpu-hour currency=\"USD\">6.88"
    "</price-per-gpu-hour><source>fuzz</source><as-of>2026-08-01</as-of></offer>\n"
    "<offer id=\"res-a100\"><provider>X</provider><gpu>a100-sxm4-80gb</gpu>"
    "<pricing term-months=\"12\">reserved</pricing>"
    "<price-per-gpu-hour currency=\"USD\">1.1</price-per-gpu-hour>"
    "<source>fuzz</source><as-of>2026-08-01</as-of></offer>\n"
    "</catalog>\n";
static char catalog_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(catalog_path, sizeof catalog_path, "/tmp/fuzz-catalog.XXXXXX");
    int fd = mkstemp(catalog_path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f || fputs(catalog_xml, f) < 0 || fclose(f) != 0)
        abort();
    tco_catalog *cat = tco_catalog_new(); /* the catalog itself must be valid */
    if (!cat || tco_catalog_load_file(cat, catalog_path, NULL) != TCO_OK || cat->n_offers != 2)
        abort();
    tco_catalog_free(cat);
    return 0;
}

static void remove_catalog(void) __attribute__((destructor));
static void remove_catalog(void)
{
    if (catalog_path[0])
        unlink(catalog_path);
}

static FILE *sink(void)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    return null;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a NUL inside the data shortens the string: also a case */

    tco_diags *d = tco_diags_new();
    tco_scenario *s = (tco_scenario *)1; /* must be reset by the loader */
    const char *before[] = {catalog_path, NULL};
    tco_load_options opts = {before, NULL, "2026-11-29"};
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    int with_catalog = (h & 7) == 0 && (strstr(text, "gpu") || strstr(text, "offer"));
    tco_status st = with_catalog ? tco_scenario_load_string_opt(text, "fuzz.ini", &opts, &s, d)
                                 : tco_scenario_load_string(text, "fuzz.ini", &s, d);
    if (!d) {
        tco_scenario_free(st == TCO_OK ? s : NULL);
        free(text);
        return 0;
    }
    if (st != TCO_OK && (s != NULL || tco_diags_errors(d) == 0))
        abort(); /* a failed load must say why, and return nothing */
    if (st == TCO_OK && tco_diags_errors(d) != 0)
        abort();
    char line[8192];
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        int n = tco_diag_format(tco_diags_get(d, i), line, sizeof line);
        if (n < 0 || memchr(line, '\n', strlen(line)))
            abort(); /* one message, one line */
    }
    if (st == TCO_OK) {
        if (s->mc_samples > FUZZ_MAX_SAMPLES)
            s->mc_samples = FUZZ_MAX_SAMPLES;
        for (size_t p = 0; p < s->n_plans; p++)
            if (s->plans[p].refresh_i >= 0 && s->plans[p].refresh_month == TCO_REFRESH_AUTO &&
                s->mc_samples > FUZZ_MAX_REFRESH_SAMPLES)
                s->mc_samples = FUZZ_MAX_REFRESH_SAMPLES;
        if (s->optimize) {
            cut_range(s->optimize->own_min, &s->optimize->own_max, s->optimize->own_step);
            cut_range(s->optimize->reserve_min, &s->optimize->reserve_max,
                      s->optimize->reserve_step);
        }
        tco_result *r = NULL;
        tco_analysis *a = NULL;
        if (tco_compute(s, &r) == TCO_OK) {
            tco_result_check(r, d);
            if (tco_analyze(r, NULL, NULL, &a) == TCO_OK)
                r->analysis = a;
            FILE *out = sink();
            if (out) {
                tco_report_write_json_stream(r, out);
                tco_report_write_csv_stream(r, out, 1);
                tco_report_write_md_stream(r, out);
            }
        }
        tco_analysis_free(a);
        tco_result_free(r);
        tco_scenario_free(s);
    }
    tco_diags_free(d);
    free(text);
    return 0;
}
