/* write_report.c - compute a scenario and write its figures: every figure as
 * JSON, and optionally the live workbook. Both files are written atomically,
 * so a failure leaves any older file as it was.
 *
 *   write_report SCENARIO.ini OUT.json [OUT.xlsx] */
#include <tco.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fputs("usage: write_report SCENARIO.ini OUT.json [OUT.xlsx]\n", stderr);
        return 2;
    }
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    int rc = 0;
    tco_status st = tco_scenario_load_file(argv[1], &s, d);
    if (st != TCO_OK) {
        rc = 2; /* the scenario is invalid; diags say where */
        goto done;
    }
    if ((st = tco_compute(s, &r)) != TCO_OK ||
        (st = tco_report_write_json(r, argv[2], d)) != TCO_OK) {
        rc = 1;
        goto done;
    }
    if (argc == 4) {
        /* created = -1: stamp the workbook with the scenario's as_of date, so the
         * same scenario always gives the same file. */
        tco_xlsx_options opts = {.created = -1};
        if ((st = tco_report_write_xlsx(r, argv[3], &opts, d)) != TCO_OK)
            rc = 1;
    }
done:
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        char buf[4096];
        tco_diag_format(tco_diags_get(d, i), buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
    }
    if (st != TCO_OK && tco_diags_errors(d) == 0)
        fprintf(stderr, "write_report: %s\n", tco_status_str(st));
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);
    return rc;
}
