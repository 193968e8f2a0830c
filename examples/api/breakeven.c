/* breakeven.c - when does buying pay off? Load the scenario named on the
 * command line and print, for each bought option, the first month its
 * cumulative cost is at or below the baseline rent option's, and the
 * utilization at which the two totals are equal.
 *
 *   breakeven SCENARIO.ini */
#include <tco.h>

#include <math.h>
#include <stdio.h>

/* Print what the loader found wrong, as FILE:LINE: error: MESSAGE. */
static void print_diags(const tco_diags *d)
{
    char buf[4096];
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        tco_diag_format(tco_diags_get(d, i), buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: breakeven SCENARIO.ini\n", stderr);
        return 2;
    }
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    int rc = 0;
    tco_status st = tco_scenario_load_file(argv[1], &s, d);
    print_diags(d); /* errors, or warnings about a valid scenario */
    if (st != TCO_OK) {
        rc = st == TCO_ERR_NOMEM ? 1 : 2; /* bad input, as the tco command says */
        goto done;
    }
    if ((st = tco_compute(s, &r)) != TCO_OK) {
        fprintf(stderr, "breakeven: %s\n", tco_status_str(st));
        rc = 1;
        goto done;
    }
    if (r->baseline < 0) {
        printf("%s: no rent option to break even against\n", s->name);
        goto done;
    }
    printf("against %s:\n", s->options[r->baseline].id);
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option_result *o = &r->options[i];
        if (s->options[i].acquire != TCO_BUY)
            continue;
        printf("%s: ", s->options[i].id);
        if (o->breakeven_month > 0)
            printf("month %d, ", o->breakeven_month);
        else
            printf("never within %d months, ", s->horizon_months);
        if (isnan(o->breakeven_utilization))
            printf("no break-even utilization\n");
        else
            printf("utilization %.4f\n", o->breakeven_utilization);
    }
done:
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);
    return rc;
}
