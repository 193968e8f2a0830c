/* compute.c - tco_compute: every option's figures (engine.c), then the
 * plans of the demand over them (plan.c) and the cheapest plan
 * (optimize.c); and tco_result_free. */
#include "core/core.h"

/* tco_compute_into with run's callbacks (MODEL.md, The cheapest plan: the
 * search reports and asks). */
static tco_status compute_into(const tco_scenario *s, const tco_run *run, tco_result **io)
{
    if (io && *io) { /* recomputed in full; the options' months are kept */
        tci_optimize_free(*io);
        tci_plans_free(*io);
    }
    tco_status st = tci_compute_options(s, io);
    if (st != TCO_OK)
        return st;
    tci_lease_vs_buy(s, *io);
    st = tci_plans_compute(*io);
    if (st == TCO_OK)
        st = tci_optimize_compute(*io, run);
    if (st != TCO_OK) {
        tco_result_free(*io);
        *io = NULL;
    }
    return st;
}

/* See documentation in header file. */
tco_status tco_compute(const tco_scenario *s, tco_result **out)
{
    return tco_compute_with(s, NULL, out);
}

/* See documentation in header file. */
tco_status tco_compute_with(const tco_scenario *s, const tco_run *run, tco_result **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    return compute_into(s, run, out);
}

/* See documentation in header file. */
tco_status tco_compute_into(const tco_scenario *s, tco_result **io)
{
    return compute_into(s, NULL, io);
}

/* See documentation in header file. */
void tco_result_free(tco_result *res)
{
    if (!res)
        return;
    tci_optimize_free(res);
    tci_plans_free(res);
    tci_result_free_options(res);
}
