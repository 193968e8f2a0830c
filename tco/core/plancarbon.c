/* plancarbon.c - a plan's emissions by the GHG Protocol's scopes (MODEL.md,
 * A plan's emissions): the owned part's electricity month by month at the
 * plan's utilization (scope 2), each purchase's embodied emissions in its
 * month (scope 3, category 2), the reserved and overflow GPU-hours bought
 * or an API overflow's tokens (scope 3, category 1), their sums and their
 * price. No I/O. */
#include "core/core.h"
#include "core/factors.h"

#include <math.h>
#include <stdlib.h>

/* The option purchase j of plan p's result r buys: the refresh's for the last
 * one of a plan with a refresh, else the owned part's (plan.c keeps them in
 * that order). */
static const tco_option *purchase_option(const tco_scenario *s, const tco_plan *p,
                                         const tco_plan_result *r, size_t j)
{
    return &s->options[j == r->n_purchases - 1 && p->refresh_i >= 0 ? p->refresh_i : p->own_i];
}

/* A rented part's tCO2e of `hours` GPU-hours of option i: NAN without its
 * kgco2e_per_gpu_hour; 0 without hours. */
static double rented_tco2e(const tco_scenario *s, int i, double hours)
{
    if (i < 0 || !(hours > 0))
        return 0;
    const tco_option *o = &s->options[i];
    return o->src[TCO_O_KGCO2E_PER_GPU_HOUR] ? hours * o->kgco2e_per_gpu_hour / 1000 : NAN;
}

/* The overflow's tCO2e of month pm: an API's tokens at its kgCO2e per
 * million tokens (MODEL.md, A plan's emissions), NAN without that key; else
 * its GPU-hours' (rented_tco2e). */
static double overflow_tco2e(const tco_scenario *s, int i, const tco_plan_month *pm)
{
    if (i < 0 || s->options[i].acquire != TCO_API)
        return rented_tco2e(s, i, pm->overflow_hours);
    const tco_option *o = &s->options[i];
    return o->src[TCO_O_KGCO2E_PER_MILLION_TOKENS]
               ? pm->overflow_tokens / 1e6 * o->kgco2e_per_million_tokens / 1000
               : NAN;
}

/* Month m (0..H) of plan result r into *c: scope 2 of the purchases in
 * service, at the month's utilization; the purchases bought in it; the
 * reserved and overflow hours of months 1..H. loc_known, mkt_known: every
 * purchase's site has that intensity (a month without owned GPUs then has a
 * scope 2 of 0, else an unknown one, as an option's month 0). */
static void plan_month(const tco_scenario *s, const tco_plan *p, const tco_plan_result *r, int m,
                       int loc_known, int mkt_known, tco_carbon_month *c)
{
    c->kwh = c->scope3_purchased = c->scope3_capital = 0;
    c->scope2_location = loc_known ? 0 : NAN;
    c->scope2_market = mkt_known ? 0 : NAN;
    double scope2 = loc_known ? 0 : NAN; /* each purchase's market-based where given */
    const double T = s->hours_per_month;
    for (size_t j = 0; j < r->n_purchases; j++) {
        const tco_plan_purchase *q = &r->purchases[j];
        if (!q->lines[0]) /* none bought */
            continue;
        const tco_option *o = purchase_option(s, p, r, j);
        if (q->month == m)
            c->scope3_capital +=
                (q->count * o->embodied_kgco2e + q->servers * o->server_embodied_kgco2e) / 1000;
        if (!(q->month < m && m <= q->sold))
            continue;
        const double u = r->monthly[m - 1].own_utilization;
        const double kwh =
            tci_it_kw(o, q->count, q->servers, u) * T * tco_site_value(s, o, TCO_S_PUE);
        const double grid = tco_site_carbon(s, o, 0), market = tco_site_carbon(s, o, 1);
        c->kwh += kwh;
        c->scope2_location += kwh * grid / 1000;
        c->scope2_market += kwh * market / 1000;
        scope2 += kwh * (isnan(market) ? grid : market) / 1000;
    }
    if (m > 0) {
        const tco_plan_month *pm = &r->monthly[m - 1];
        c->scope3_purchased = rented_tco2e(s, p->reserve_i, r->reserve_count * T) +
                              overflow_tco2e(s, p->overflow_i, pm);
    }
    c->tco2e = scope2 + c->scope3_purchased + c->scope3_capital;
    c->carbon_cost = s->carbon_price > 0 ? c->tco2e * s->carbon_price : NAN;
}

/* See core.h. */
tco_status tci_plan_carbon(const tco_scenario *s, tco_plan_result *r)
{
    r->electricity_kwh = r->scope2_location_tco2e = r->scope2_market_tco2e =
        r->scope3_purchased_tco2e = r->scope3_capital_tco2e = r->tco2e = r->carbon_cost = NAN;
    r->tco2e_per_million_tokens = r->tco2e_per_run = r->embodied_tco2e_per_million_tokens = NAN;
    r->carbon = NULL;
    if (!tco_scenario_carbon(s))
        return TCO_OK;
    const int H = s->horizon_months;
    const tco_plan *p = r->plan;
    r->carbon = calloc((size_t)H + 1, sizeof *r->carbon);
    if (!r->carbon)
        return TCO_ERR_NOMEM;
    int loc_known = 1, mkt_known = 1;
    for (size_t j = 0; j < r->n_purchases; j++)
        if (r->purchases[j].lines[0]) {
            const tco_option *o = purchase_option(s, p, r, j);
            loc_known &= !isnan(tco_site_carbon(s, o, 0));
            mkt_known &= !isnan(tco_site_carbon(s, o, 1));
        }
    double kwh = 0, loc = 0, mkt = 0, pur = 0, cap = 0, all = 0;
    for (int m = 0; m <= H; m++) {
        tco_carbon_month *c = &r->carbon[m];
        plan_month(s, p, r, m, loc_known, mkt_known, c);
        kwh += c->kwh;
        loc += c->scope2_location;
        mkt += c->scope2_market;
        pur += c->scope3_purchased;
        cap += c->scope3_capital;
        all += c->tco2e;
    }
    r->electricity_kwh = kwh;
    r->scope2_location_tco2e = loc;
    r->scope2_market_tco2e = mkt;
    r->scope3_purchased_tco2e = pur;
    r->scope3_capital_tco2e = cap;
    r->tco2e = all;
    r->carbon_cost = s->carbon_price > 0 ? all * s->carbon_price : NAN;
    return TCO_OK;
}

/* See core.h. The work a plan does is the demand it serves, in reference
 * GPU-hours: its tokens at a reference GPU-hour's (g of MODEL.md, An API as a
 * plan's overflow), its runs at the reference's GPU-hours a run. */
void tci_plan_carbon_intensity(const tco_result *res, tco_plan_result *r)
{
    const tco_scenario *s = res->scenario;
    r->tco2e_per_million_tokens = r->tco2e_per_run = r->embodied_tco2e_per_million_tokens = NAN;
    if (!r->carbon || !s->demand)
        return;
    const double served = r->demand - r->unserved;
    const double g = tci_api_tokens_per_ref_hour(s);
    if (g > 0 && served > 0) {
        r->tco2e_per_million_tokens = tci_ratio_or_null(r->tco2e, served * g / 1e6);
        r->embodied_tco2e_per_million_tokens =
            tci_ratio_or_null(r->scope3_capital_tco2e, served * g / 1e6);
    }
    const int ref = s->demand->ref;
    if (s->model_params > 0 && s->mode == TCO_TRAINING && ref >= 0 &&
        (size_t)ref < res->n_options && served > 0) {
        const double run = res->options[ref].sizing.run_gpu_hours;
        if (isfinite(run) && run > 0)
            r->tco2e_per_run = run * r->tco2e / served;
    }
}
