/* optcarbon.c - an option's carbon on its cash-flow sheet (docs/MODEL.md,
 * Carbon; docs/WORKBOOK.md, Carbon), with carbon figures: the owned GPUs' kWh,
 * tCO2e by the GHG Protocol's scopes, their sum and the carbon cost. Each month
 * one formula over the sheet's drivers, flags and Inputs (the site's intensity,
 * the carbon price, the option's carbon keys), the engine's month cached; a
 * figure the engine does not know (no intensity given) is left empty. */
#include "write/xlsx/optw.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdio.h>

/* The defined name of option w's site's intensity (which 0: location-based,
 * 1: market-based) as MODEL.md reads it: a named site's own when it gives
 * either, else [site]'s; NULL when there is none (the engine's NAN). */
static const char *intensity_of(xw_ctx *c, const tco_option *o, int which, xw_refbuf *buf)
{
    const tco_scenario *s = c->s;
    tco_skey key = which ? TCO_S_MARKET_KGCO2E_PER_KWH : TCO_S_GRID_KGCO2E_PER_KWH;
    if (isnan(tco_site_carbon(s, o, which)))
        return NULL;
    int site = o->site_no;
    if (site > 0 && (size_t)site <= s->n_sites &&
        (s->sites[site - 1].carbon_line[0] || s->sites[site - 1].carbon_line[1]))
        *buf = xw_site_name_at(c, (size_t)site - 1, key);
    else
        *buf = xw_in_global(c, key);
    return buf->s;
}

/* (See intensity_of.) Option w's. */
static const char *intensity(const xw_optw *w, int which, xw_refbuf *buf)
{
    return intensity_of(w->c, w->o, which, buf);
}

/* See optw.h. */
const char *xw_carbon_kwh_cost(xw_ctx *c, size_t i, char *buf, size_t size)
{
    const tco_option *o = &c->s->options[i];
    xw_refbuf b;
    if (!c->s->carbon_in_total || o->acquire != TCO_BUY)
        return NULL;
    const char *in = intensity_of(c, o, 1, &b);
    if (!in)
        in = intensity_of(c, o, 0, &b);
    if (!in)
        return NULL;
    return xw_formula(c, buf, size, "%s/KilogramsPerTonne*%s", in,
                      xw_in_global(c, TCO_S_CARBON_PRICE).s);
}

/* See optw.h. */
const char *xw_carbon_intensity(const xw_optw *w, int which, xw_refbuf *buf)
{
    return intensity(w, which, buf);
}

/* The engine's month m of the option (NULL without its months). */
static const tco_carbon_month *month(const xw_optw *w, int m)
{
    return w->res->carbon ? &w->res->carbon[m] : NULL;
}

/* A row of months 0..H, each month's formula from `formula`, its cached
 * values v[0..H] in number format numfmt, their sum in column C. */
static void months_row(const xw_optw *w, int row, const double *v, int numfmt,
                       void (*formula)(const xw_optw *w, int col, char *f, size_t size))
{
    xw_ctx *c = w->c;
    double sum = 0;
    for (int m = 0; m <= w->H; m++) {
        char f[XW_FBUF];
        formula(w, XW_COL_M0 + m, f, sizeof f);
        xw_ow_fig(w, row, XW_COL_M0 + m, f, v[m], xw_fmt(c, XS_CALC, numfmt));
        sum += v[m];
    }
    char f[XW_FBUF];
    xw_ow_fig(
        w, row, XW_COL_VAL,
        xw_formula(c, f, sizeof f, "=SUM(%s)", xw_range(NULL, row, XW_COL_M0, row, w->last).s), sum,
        xw_fmt(c, XS_TOTAL, numfmt));
}

static void co2_heading(const xw_optw *w, int row)
{
    xw_text(w->c, w->ws, row, 0,
            xw_label(w->c, "option.co2.heading",
                     "Carbon (tCO2e, by the GHG Protocol's scopes; totals in column C)"),
            xw_fmt(w->c, XS_SECTION, XN_NONE));
}

/* kWh: it_kw x hours x PUE in the operating months. */
static void kwh_f(const xw_optw *w, int col, char *f, size_t size)
{
    xw_formula(w->c, f, size, "=%s*%s*%s*%s", xw_ow_drv(w->L->k_it_kw).s,
               xw_in_global(w->c, TCO_S_HOURS_PER_MONTH).s, xw_site_name(w->c, w->i, TCO_S_PUE).s,
               xw_ow_at(w->L->f_op, col).s);
}

static void kwh_row(const xw_optw *w, int row)
{
    double v[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        v[m] = month(w, m) ? month(w, m)->kwh : 0;
    months_row(w, row, v, XN_INT, kwh_f);
}

/* Scope 2 in tCO2e: the month's kWh x the intensity / 1000. */
static void s2_f(const xw_optw *w, int col, char *f, size_t size, int which)
{
    xw_refbuf b;
    xw_formula(w->c, f, size, "=%s*%s/KilogramsPerTonne", xw_ow_at(w->L->co2.r_kwh, col).s,
               intensity(w, which, &b));
}

static void s2l_f(const xw_optw *w, int col, char *f, size_t size)
{
    s2_f(w, col, f, size, 0);
}

static void s2m_f(const xw_optw *w, int col, char *f, size_t size)
{
    s2_f(w, col, f, size, 1);
}

static void s2_row(const xw_optw *w, int row, int which)
{
    xw_refbuf b;
    if (!intensity(w, which, &b)) { /* not given: unknown, as in the engine */
        xw_text(w->c, w->ws, row, XW_COL_VAL, xw_na_word(w->c).text,
                xw_fmt(w->c, XS_CALC, XN_NONE));
        return;
    }
    double v[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        v[m] = which ? month(w, m)->scope2_market : month(w, m)->scope2_location;
    months_row(w, row, v, XN_DEC2, which ? s2m_f : s2l_f);
}

static void s2l_row(const xw_optw *w, int row)
{
    s2_row(w, row, 0);
}

static void s2m_row(const xw_optw *w, int row)
{
    s2_row(w, row, 1);
}

/* Scope 3 category 1: the GPU-hours paid for (MODEL.md, Carbon) x the
 * GPU-hour's kgCO2e / 1000, in the operating months. */
static void s3p_f(const xw_optw *w, int col, char *f, size_t size)
{
    const tco_option *o = w->o;
    const xw_optsheet *L = w->L;
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), u = xw_ow_drv(L->k_util),
              kg = xw_ow_in(w, TCO_O_KGCO2E_PER_GPU_HOUR),
              T = xw_in_global(w->c, TCO_S_HOURS_PER_MONTH), op = xw_ow_at(L->f_op, col);
    char use[XW_FBUF];
    if (o->pricing == TCO_SPOT)
        xw_formula(w->c, use, sizeof use, "%s/(1-%s)", u.s,
                   xw_ow_in(w, TCO_O_INTERRUPTION_OVERHEAD).s);
    else if (o->pricing != TCO_RESERVED)
        xw_formula(w->c, use, sizeof use, "%s", u.s);
    else if (L->term && o->after_term == TCO_AFTER_ON_DEMAND) {
        xw_refbuf term = xw_ow_at(L->f_term, col);
        xw_formula(w->c, use, sizeof use, "(%s+(1-%s)*%s)", term.s, term.s, u.s);
    } else
        xw_formula(w->c, use, sizeof use, "1");
    xw_formula(w->c, f, size, "=%s*%s*%s*%s/KilogramsPerTonne*%s", n.s, T.s, use, kg.s, op.s);
}

/* An API option's: the workload's tokens of a month / 1e6 x kgCO2e per 1M
 * tokens / 1000, in the operating months (MODEL.md, Carbon). */
static void s3a_f(const xw_optw *w, int col, char *f, size_t size)
{
    xw_ctx *c = w->c;
    char tok[XW_FBUF / 8];
    xw_formula(c, f, size, "=%s*%s*SecondsPerHour*%s/TokensPerMillion*%s/KilogramsPerTonne*%s",
               xw_in_global(c, TCO_S_REQUESTS_PER_S).s, xw_in_global(c, TCO_S_HOURS_PER_MONTH).s,
               xw_request_tokens(c, tok, sizeof tok, 1),
               xw_ow_in(w, TCO_O_KGCO2E_PER_MILLION_TOKENS).s, xw_ow_at(w->L->f_op, col).s);
}

static void s3p_row(const xw_optw *w, int row)
{
    const int api = w->o->acquire == TCO_API;
    if (api) /* the row's label speaks of tokens, not GPU-hours */
        xw_ow_label(w, row,
                    xw_label(w->c, XW_KEY("option.co2.s3p_api"),
                             "Scope 3, purchased services: tokens / 1M x kgCO2e (tCO2e)"),
                    "", XS_TEXT);
    if (isnan(w->res->scope3_purchased_tco2e)) { /* no kgco2e_per_gpu_hour (per 1M tokens) */
        xw_text(w->c, w->ws, row, XW_COL_VAL, xw_na_word(w->c).text,
                xw_fmt(w->c, XS_CALC, XN_NONE));
        return;
    }
    double v[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        v[m] = month(w, m)->scope3_purchased;
    months_row(w, row, v, XN_DEC2, api ? s3a_f : s3p_f);
}

/* Scope 3 category 2: the embodied emissions bought, at month 0. */
static void s3c_f(const xw_optw *w, int col, char *f, size_t size)
{
    xw_formula(w->c, f, size, "=(%s*%s+%s*%s)/KilogramsPerTonne*%s",
               xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_EMBODIED_KGCO2E).s,
               xw_ow_drv(w->L->k_servers).s, xw_ow_in(w, TCO_O_SERVER_EMBODIED_KGCO2E).s,
               xw_ow_at(w->L->f_m0, col).s);
}

static void s3c_row(const xw_optw *w, int row)
{
    double v[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        v[m] = month(w, m)->scope3_capital;
    months_row(w, row, v, XN_DEC2, s3c_f);
}

/* The month's tCO2e: scope 2 (market-based when given) and scope 3. */
static void t_f(const xw_optw *w, int col, char *f, size_t size)
{
    const xw_optsheet *L = w->L;
    xw_refbuf b;
    if (L->buy)
        xw_formula(w->c, f, size, "=%s+%s",
                   xw_ow_at(intensity(w, 1, &b) ? L->co2.r_s2m : L->co2.r_s2l, col).s,
                   xw_ow_at(L->co2.r_s3c, col).s);
    else
        xw_formula(w->c, f, size, "=%s", xw_ow_at(L->co2.r_s3p, col).s);
}

static void t_row(const xw_optw *w, int row)
{
    if (isnan(w->res->tco2e)) {
        xw_text(w->c, w->ws, row, XW_COL_VAL, xw_na_word(w->c).text,
                xw_fmt(w->c, XS_CALC, XN_NONE));
        return;
    }
    double v[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        v[m] = month(w, m)->tco2e;
    months_row(w, row, v, XN_DEC2, t_f);
}

/* The carbon cost: the month's tCO2e x the carbon price (in the total only
 * with carbon_in_total). */
static void cost_f(const xw_optw *w, int col, char *f, size_t size)
{
    xw_formula(w->c, f, size, "=%s*%s", xw_ow_at(w->L->co2.r_t, col).s,
               xw_in_global(w->c, TCO_S_CARBON_PRICE).s);
}

static void cost_row(const xw_optw *w, int row)
{
    if (isnan(w->res->carbon_cost)) {
        xw_text(w->c, w->ws, row, XW_COL_VAL, xw_na_word(w->c).text,
                xw_fmt(w->c, XS_CALC, XN_NONE));
        return;
    }
    double v[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        v[m] = month(w, m)->carbon_cost;
    months_row(w, row, v, XN_MONEY, cost_f);
}

/* See optw.h. */
const char *xw_carbon_slope(const xw_optw *w, char *buf, size_t size)
{
    const tco_option *o = w->o;
    const xw_optsheet *L = w->L;
    xw_ctx *c = w->c;
    buf[0] = '\0';
    /* An API option's emissions follow the workload's tokens, not u. */
    if (!c->s->carbon_in_total || L->co2.r_cost == XW_NONE || o->acquire == TCO_API)
        return buf;
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), b,
              ops = xw_range(NULL, L->f_op, XW_COL_M0 + 1, L->f_op, w->last),
              price = xw_in_global(c, TCO_S_CARBON_PRICE);
    if (L->buy) { /* the kWh that follow u, at the intensity tCO2e takes */
        const char *in = intensity(w, 1, &b);
        if (!in)
            in = intensity(w, 0, &b);
        return xw_formula(
            c, buf, size,
            "+%s*%s*(%s-%s)/WattsPerKilowatt*HoursPerMonth*%s*%s/KilogramsPerTonne*%s*SUM(%s)", n.s,
            xw_ow_in(w, TCO_O_TDP_W).s, xw_ow_in(w, TCO_O_LOAD_POWER_FRACTION).s,
            xw_ow_in(w, TCO_O_IDLE_POWER_FRACTION).s, xw_site_name(c, w->i, TCO_S_PUE).s, in,
            price.s, ops.s);
    }
    xw_refbuf kg = xw_ow_in(w, TCO_O_KGCO2E_PER_GPU_HOUR);
    if (o->pricing == TCO_ON_DEMAND)
        return xw_formula(c, buf, size, "+%s*HoursPerMonth*%s/KilogramsPerTonne*%s*SUM(%s)", n.s,
                          kg.s, price.s, ops.s);
    if (o->pricing == TCO_SPOT)
        return xw_formula(c, buf, size, "+%s*HoursPerMonth*%s/KilogramsPerTonne*%s*SUM(%s)/(1-%s)",
                          n.s, kg.s, price.s, ops.s, xw_ow_in(w, TCO_O_INTERRUPTION_OVERHEAD).s);
    if (L->term && o->after_term == TCO_AFTER_ON_DEMAND) /* the months after the term */
        return xw_formula(
            c, buf, size, "+%s*HoursPerMonth*%s/KilogramsPerTonne*%s*(SUM(%s)-SUM(%s))", n.s, kg.s,
            price.s, ops.s, xw_range(NULL, L->f_term, XW_COL_M0 + 1, L->f_term, w->last).s);
    return buf; /* reserved: the hours paid whatever u */
}

/* The rows, with `in` the OW_* bit of where they stand: after the sheet's
 * other tables (OW_CARBON_BESIDE), or, with [scenario] carbon_in_total = yes,
 * above the cash flow (OW_CARBON_IN), whose operating cost then adds the
 * carbon cost row (MODEL.md, The carbon cost in the total). */
/* clang-format off */
#define CARBON_ROWS(in, cost_key, cost_english)                                                    \
    OW_HEADING(co2.s_co2, OW_CARBON | (in), co2_heading),                                          \
    OW_ROW(co2.r_kwh, OW_CARBON | OW_BUY | (in), XW_KEY("option.co2.kwh"),                         \
           "Electricity of the owned GPUs, IT load x PUE (kWh)", OU_NONE, kwh_row),                \
    OW_ROW(co2.r_s2l, OW_CARBON | OW_BUY | (in), XW_KEY("option.co2.s2l"),                         \
           "Scope 2, location-based: kWh x grid intensity (tCO2e)", OU_NONE, s2l_row),             \
    OW_ROW(co2.r_s2m, OW_CARBON | OW_BUY | (in), XW_KEY("option.co2.s2m"),                         \
           "Scope 2, market-based: kWh x contracted intensity (tCO2e)", OU_NONE, s2m_row),         \
    OW_ROW(co2.r_s3p, OW_CARBON_RENT | (in), XW_KEY("option.co2.s3p"),                             \
           "Scope 3, purchased services: GPU-hours paid x kgCO2e (tCO2e)", OU_NONE, s3p_row),      \
    OW_ROW(co2.r_s3c, OW_CARBON | OW_BUY | (in), XW_KEY("option.co2.s3c"),                         \
           "Scope 3, capital goods: embodied, at month 0 (tCO2e)", OU_NONE, s3c_row),              \
    OW_ROW(co2.r_t, OW_CARBON | (in), XW_KEY("option.co2.t"),                                      \
           "Emissions (tCO2e; scope 2 market-based where given)", OU_NONE, t_row),                 \
    OW_ROW(co2.r_cost, OW_CARBON_PRICE | (in), cost_key, cost_english, OU_CURRENCY, cost_row)

const xw_ow_row xw_carbon_rows[] = {
    CARBON_ROWS(OW_CARBON_BESIDE, XW_KEY("option.co2.cost"),
                "Carbon cost: tCO2e x carbon price (not in the total)"),
};

const xw_ow_row xw_carbon_rows_in[] = {
    CARBON_ROWS(OW_CARBON_IN, XW_KEY("option.co2.cost_in"),
                "Carbon cost: tCO2e x carbon price (in the operating cost below)"),
};
#undef CARBON_ROWS
/* clang-format on */

/* See optw.h. */
const size_t xw_n_carbon_rows = sizeof xw_carbon_rows / sizeof xw_carbon_rows[0];
const size_t xw_n_carbon_rows_in = sizeof xw_carbon_rows_in / sizeof xw_carbon_rows_in[0];
