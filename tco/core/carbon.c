/* carbon.c - an option's emissions by the GHG Protocol's scopes (MODEL.md,
 * Carbon): the owned GPUs' electricity (scope 2, location- and market-based),
 * the rented GPU-hours (scope 3, category 1) and the embodied emissions of
 * bought hardware (scope 3, category 2), month by month, their sums, their
 * intensities per unit of work and their price. No I/O. */
#include "core/core.h"

#include <math.h>

/* See documentation in header file. */
int tco_scenario_carbon(const tco_scenario *s)
{
    if (!s)
        return 0;
    if (s->src[TCO_S_GRID_KGCO2E_PER_KWH] || s->src[TCO_S_MARKET_KGCO2E_PER_KWH] ||
        s->src[TCO_S_CARBON_PRICE])
        return 1;
    for (size_t i = 0; i < s->n_sites; i++)
        if (s->sites[i].carbon_line[0] || s->sites[i].carbon_line[1])
            return 1;
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        if (o->src[TCO_O_KGCO2E_PER_GPU_HOUR] == TCO_SRC_INI ||
            o->src[TCO_O_EMBODIED_KGCO2E] == TCO_SRC_INI ||
            o->src[TCO_O_SERVER_EMBODIED_KGCO2E] == TCO_SRC_INI ||
            o->src[TCO_O_KGCO2E_PER_MILLION_TOKENS] == TCO_SRC_INI)
            return 1;
    }
    return 0;
}

/* See documentation in header file. */
double tco_site_carbon(const tco_scenario *s, const tco_option *o, int which)
{
    if (!s || which < 0 || which > 1)
        return NAN;
    if (o && o->site_no > 0 && (size_t)o->site_no <= s->n_sites) {
        const tco_site *t = &s->sites[o->site_no - 1];
        /* A site with an intensity of its own is on its own grid: it takes
         * neither of [site]'s. */
        if (t->carbon_line[0] || t->carbon_line[1])
            return t->carbon_line[which] ? t->carbon[which] : NAN;
    }
    tco_skey key = which ? TCO_S_MARKET_KGCO2E_PER_KWH : TCO_S_GRID_KGCO2E_PER_KWH;
    if (!s->src[key])
        return NAN;
    return which ? s->market_kgco2e_per_kwh : s->grid_kgco2e_per_kwh;
}

/* The GPU-hours a rent option pays for in month m (1..H) at utilization u:
 * those of its rental (MODEL.md, Rent options; Spot capacity; Contract terms). */
static double rented_hours(const tco_scenario *s, const tco_option *o, double u, int m)
{
    const double T = s->hours_per_month;
    if (o->pricing == TCO_RESERVED) {
        int term = o->term_months > 0 ? o->term_months : s->horizon_months;
        if (m > term && o->after_term == TCO_AFTER_ON_DEMAND)
            return o->count * T * u;
        return o->count * T;
    }
    double h = o->count * T * u;
    return o->pricing == TCO_SPOT ? h / (1 - o->interruption_overhead) : h;
}

/* The tCO2e an API option's tokens of a month emit (MODEL.md, Carbon): NAN
 * without its kgco2e_per_million_tokens. */
static double api_tco2e(const tco_scenario *s, const tco_option *o)
{
    if (!o->src[TCO_O_KGCO2E_PER_MILLION_TOKENS])
        return NAN;
    double in, out;
    tci_api_tokens(s, &in, &out);
    return (in + out) / 1e6 * o->kgco2e_per_million_tokens / 1000;
}

/* Month m of option o (its IT load it_kw, servers and utilization u), into *c. */
static void carbon_month(const tco_scenario *s, const tco_option *o, double it_kw, int servers,
                         double u, int m, double grid, double market, tco_carbon_month *c)
{
    const int buy = o->acquire == TCO_BUY;
    c->kwh = c->scope2_location = c->scope2_market = c->scope3_purchased = c->scope3_capital = 0;
    if (m == 0) {
        /* No electricity yet: scope 2 is 0, or unknown where its intensity is. */
        c->scope2_location = isnan(grid) ? NAN : 0;
        c->scope2_market = isnan(market) ? NAN : 0;
        if (buy)
            c->scope3_capital =
                (o->count * o->embodied_kgco2e + servers * o->server_embodied_kgco2e) / 1000;
        c->tco2e = c->scope3_capital;
        c->carbon_cost = s->carbon_price > 0 ? c->tco2e * s->carbon_price : NAN;
        return;
    }
    if (buy) {
        c->kwh = it_kw * s->hours_per_month * tco_site_value(s, o, TCO_S_PUE);
        c->scope2_location = c->kwh * grid / 1000;
        c->scope2_market = c->kwh * market / 1000;
    } else if (o->acquire == TCO_API) {
        c->scope3_purchased = api_tco2e(s, o);
    } else {
        c->scope3_purchased = o->src[TCO_O_KGCO2E_PER_GPU_HOUR]
                                  ? rented_hours(s, o, u, m) * o->kgco2e_per_gpu_hour / 1000
                                  : NAN;
    }
    double scope2 = isnan(c->scope2_market) ? c->scope2_location : c->scope2_market;
    c->tco2e = scope2 + c->scope3_purchased + c->scope3_capital;
    c->carbon_cost = s->carbon_price > 0 ? c->tco2e * s->carbon_price : NAN;
}

/* See core.h. */
double tci_carbon_cost_month(const tco_scenario *s, const tco_option *o, double it_kw, int servers,
                             double u, int m)
{
    if (!s->carbon_in_total)
        return 0;
    const int buy = o->acquire == TCO_BUY;
    tco_carbon_month c;
    carbon_month(s, o, it_kw, servers, u, m, buy ? tco_site_carbon(s, o, 0) : 0,
                 buy ? tco_site_carbon(s, o, 1) : 0, &c);
    return c.carbon_cost;
}

/* See core.h. */
void tci_carbon_option(const tco_scenario *s, const tco_option *o, tco_option_result *r, int carbon)
{
    r->electricity_kwh = r->scope2_location_tco2e = r->scope2_market_tco2e =
        r->scope3_purchased_tco2e = r->scope3_capital_tco2e = r->tco2e = r->tco2e_per_unit =
            r->tco2e_per_million_tokens = r->tco2e_per_run = r->embodied_tco2e_per_unit =
                r->embodied_tco2e_per_million_tokens = r->carbon_cost = NAN;
    if (!carbon)
        return;
    const int H = s->horizon_months;
    const int buy = o->acquire == TCO_BUY;
    const double grid = buy ? tco_site_carbon(s, o, 0) : 0;
    const double market = buy ? tco_site_carbon(s, o, 1) : 0;
    double kwh = 0, loc = 0, mkt = 0, pur = 0, cap = 0, all = 0;
    for (int m = 0; m <= H; m++) {
        tco_carbon_month c;
        carbon_month(s, o, r->it_kw, r->servers, r->utilization, m, grid, market, &c);
        kwh += c.kwh;
        loc += c.scope2_location;
        mkt += c.scope2_market;
        pur += c.scope3_purchased;
        cap += c.scope3_capital;
        all += c.tco2e;
        if (r->carbon)
            r->carbon[m] = c;
    }
    r->electricity_kwh = kwh;
    r->scope2_location_tco2e = loc;
    r->scope2_market_tco2e = mkt;
    r->scope3_purchased_tco2e = pur;
    r->scope3_capital_tco2e = cap;
    r->tco2e = all;
    r->carbon_cost = s->carbon_price > 0 ? all * s->carbon_price : NAN;
    /* Intensities, as the costs per unit of work are (MODEL.md, Metrics,
     * Workload sizing); a zero denominator gives null. */
    r->tco2e_per_unit = tci_ratio_or_null(all, r->units);
    r->embodied_tco2e_per_unit = tci_ratio_or_null(cap, r->units);
    const tco_sizing *z = &r->sizing;
    if (s->model_params > 0 && s->mode == TCO_INFERENCE && z->per_gpu > 0 &&
        s->tokens_per_request > 0) {
        double tokens = r->gpu_hours * z->per_gpu * s->tokens_per_request * 3600;
        r->tco2e_per_million_tokens = tci_ratio_or_null(all, tokens / 1e6);
        r->embodied_tco2e_per_million_tokens = tci_ratio_or_null(cap, tokens / 1e6);
    }
    if (o->acquire == TCO_API) {
        /* An API's tokens are the workload's (MODEL.md, API options). */
        double in, out;
        tci_api_tokens(s, &in, &out);
        r->tco2e_per_million_tokens = tci_ratio_or_null(all, (in + out) * H / 1e6);
    }
    if (s->model_params > 0 && s->mode == TCO_TRAINING && !isnan(z->run_gpu_hours))
        r->tco2e_per_run = z->run_gpu_hours * tci_ratio_or_null(all, r->gpu_hours);
}
