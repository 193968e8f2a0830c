/* fuzz_report.c - libFuzzer harness for the saved report's loader (string
 * form, tco_saved_report_load_string): the JSON of `tco report -o x.json`
 * read back for `tco compare OLD.json NEW.ini`. A report that loads is then
 * compared with a small computed scenario, on either side, and the comparison
 * written as JSON and as a table's cells, where its text and numbers end up.
 *
 * Besides the sanitizers' checks it asserts the loader's contract: a failed
 * load returns no report and says why; a report that loads has a scenario
 * whose options have ids. */
#include "tco.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char scenario_ini[] =
    "[scenario]\nname = report fuzzing\nhorizon_months = 12\n"
    "[site]\nelectricity_price = 0.1\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\n";

static tco_scenario *scenario;
static tco_result *result;
static FILE *sink;

static void cleanup(void) __attribute__((destructor));
static void cleanup(void)
{
    tco_result_free(result);
    tco_scenario_free(scenario);
    if (sink)
        fclose(sink);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    sink = fopen("/dev/null", "w");
    if (!sink || tco_scenario_load_string(scenario_ini, "fuzz.ini", &scenario, NULL) ||
        tco_compute(scenario, &result))
        abort();
    return 0;
}

/* Write comparison c as JSON and every figure's cells. */
static void use(const tco_comparison *c)
{
    if (tco_compare_write_json_stream(c, sink) != TCO_OK)
        abort();
    char buf[TCO_NUMTEXT_MAX];
    for (size_t i = 0; i < c->n_options; i++)
        for (size_t k = 0; k < c->options[i].n_figures; k++)
            for (int cell = TCO_CELL_A; cell <= TCO_CELL_CHANGE; cell++)
                tco_compare_cell(buf, sizeof buf, c, &c->options[i].figures[k], (tco_cmp_cell)cell);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tco_diags *d = tco_diags_new();
    if (!d)
        return 0;
    tco_saved_report *r = (tco_saved_report *)1; /* must be reset by the loader */
    tco_status st = tco_saved_report_load_string((const char *)data, size, "fuzz.json", &r, d);
    if (st != TCO_OK && (r != NULL || tco_diags_errors(d) == 0))
        abort(); /* a failed load must say why, and return nothing */
    if (st == TCO_OK) {
        const tco_scenario *s = tco_saved_report_scenario(r);
        if (!r || !s)
            abort();
        for (size_t i = 0; i < s->n_options; i++)
            if (!s->options[i].id)
                abort();
        tco_comparison *c = NULL;
        if (tco_compare_saved(NULL, r, result, NULL, &c) == TCO_OK)
            use(c);
        tco_comparison_free(c);
        c = NULL;
        if (tco_compare_saved(result, NULL, NULL, r, &c) == TCO_OK)
            use(c);
        tco_comparison_free(c);
        tco_saved_report_free(r);
    }
    char line[8192];
    for (size_t i = 0; i < tco_diags_count(d); i++)
        tco_diag_format(tco_diags_get(d, i), line, sizeof line);
    tco_diags_free(d);
    return 0;
}
