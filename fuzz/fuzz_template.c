/* fuzz_template.c - libFuzzer harness for the workbook template loader
 * (string form). One template in 16 that load (chosen by a hash of the input,
 * so a run is repeatable) is then used to write a small workbook, since the
 * writer is where its labels, formats and colours end up; writing a workbook
 * takes milliseconds, loading a template a fraction of one.
 *
 * Besides the sanitizers' checks it asserts the loader's contract: a failed
 * load returns no template and says why; a template that loads has a language
 * and is accepted by the writer. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "tco.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every sheet and chart of the workbook, kept small: two options, one case,
 * a sensitivity range and a few Monte Carlo samples over one year. */
static const char scenario_ini[] =
    "[scenario]\nname = template fuzzing\nhorizon_months = 12\nas_of = 2026-01-01\n"
    "[site]\nelectricity_price = 0.1\n"
    "[workload]\nmodel_params = 7e9\ntokens = 1e10\n"
    "[option own]\nlabel = Owned\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"
    "memory_gb = 80\nfp16_tflops = 989\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\nmemory_gb = 80\n"
    "fp16_tflops = 989\n"
    "[case cheap]\nelectricity_price = 0.05\n"
    "[sensitivity]\nown.gpu_price = 20000, 40000\n"
    "[uncertainty]\nsamples = 20\nelectricity_price = uniform(0.05, 0.2)\n";

static tco_scenario *scenario;
static tco_result *result;
static tco_analysis *analysis;
static char dir[64], out_path[96];

static void cleanup(void) __attribute__((destructor));
static void cleanup(void)
{
    if (out_path[0])
        unlink(out_path);
    if (dir[0])
        rmdir(dir);
    tco_analysis_free(analysis);
    tco_result_free(result);
    tco_scenario_free(scenario);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(dir, sizeof dir, "%s",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm/fuzz-template.XXXXXX"
                                           : "/tmp/fuzz-template.XXXXXX");
    if (!mkdtemp(dir) || tco_scenario_load_string(scenario_ini, "fuzz.ini", &scenario, NULL) ||
        tco_compute(scenario, &result) || tco_analyze(result, NULL, NULL, &analysis))
        abort();
    result->analysis = analysis;
    snprintf(out_path, sizeof out_path, "%s/out.xlsx", dir);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tco_diags *d = tco_diags_new();
    if (!d)
        return 0;
    tco_template *tpl = (tco_template *)1; /* must be reset by the loader */
    tco_status st = tco_template_load_string((const char *)data, size, "fuzz.xml", &tpl, d);
    if (st != TCO_OK && (tpl != NULL || tco_diags_errors(d) == 0))
        abort(); /* a failed load must say why, and return nothing */
    if (st == TCO_OK) {
        if (!tpl || !tco_template_language(tpl))
            abort();
        uint32_t h = 2166136261u; /* FNV-1a */
        for (size_t i = 0; i < size; i++)
            h = (h ^ data[i]) * 16777619u;
        if ((h & 15) == 0) {
            tco_xlsx_options opts = {.created = 0, .tpl = tpl};
            st = tco_report_write_xlsx(result, out_path, &opts, d);
            if (st != TCO_OK && tco_diags_errors(d) == 0)
                abort();
        }
        tco_template_free(tpl);
    }
    char line[8192];
    for (size_t i = 0; i < tco_diags_count(d); i++)
        tco_diag_format(tco_diags_get(d, i), line, sizeof line);
    tco_diags_free(d);
    return 0;
}
