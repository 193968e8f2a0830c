/* tpl_report.c - write a scenario's workbook with a template, through the library
 * as `tco report` does (shipped catalog, analyses, SOURCE_DATE_EPOCH), for
 * tests/xlsx/templates.py until the CLI has --template.
 *
 *   tpl_report SCENARIO.ini OUT.xlsx [TEMPLATE.xml]
 *
 * Without a template the built-in English workbook is written. Diagnostics go
 * to stderr as FILE:LINE: error: ...; exit 0 when written, 2 for invalid input
 * (scenario or template), 1 otherwise. */
#include "tco.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_diags(const tco_diags *d)
{
    char line[4096];
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        tco_diag_format(tco_diags_get(d, i), line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: tpl_report SCENARIO.ini OUT.xlsx [TEMPLATE.xml]\n");
        return 2;
    }
    long long epoch = -1;
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde && *sde) {
        char *end;
        epoch = strtoll(sde, &end, 10);
        if (*end || epoch < 0)
            epoch = -1;
    }
    int rc = 1;
    tco_diags *d = tco_diags_new();
    tco_template *tpl = NULL;
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    if (!d)
        return 1;
    if (argc == 4) {
        tco_status st = tco_template_load_file(argv[3], &tpl, d);
        if (st != TCO_OK) {
            rc = st == TCO_ERR_INPUT || st == TCO_ERR_LIMIT ? 2 : 1;
            goto done;
        }
    }
    const char *before[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options lo = {before, NULL, NULL};
    tco_status st = tco_scenario_load_file_opt(argv[1], &lo, &s, d);
    if (st != TCO_OK) {
        rc = st == TCO_ERR_NOMEM ? 1 : 2;
        goto done;
    }
    if (tco_compute(s, &r) != TCO_OK || tco_analyze(r, NULL, NULL, &a) != TCO_OK)
        goto done;
    r->analysis = a;
    tco_xlsx_options opts = {.created = epoch, .tpl = tpl};
    if (tco_report_write_xlsx(r, argv[2], &opts, d) == TCO_OK)
        rc = 0;
done:
    print_diags(d);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
    tco_template_free(tpl);
    tco_diags_free(d);
    return rc;
}
