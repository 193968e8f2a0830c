/* plancarbontotal.c - a plan's carbon cost in its total on its sheet
 * (docs/MODEL.md, A plan's carbon cost in its total; planw.h): with
 * [scenario] carbon_in_total = yes the carbon block stands above the cash
 * flow (plancarbon.c's xw_pl_carbon_rows_in), with the owned part's IT load
 * before it (the row its kWh read) and each part's carbon cost after it: the
 * owned part's (its emissions, the rented parts' taken out, x the carbon
 * price), the reserved part's and the overflow's (their GPU-hours x kgCO2e x
 * the carbon price). The plan's cost row adds the carbon cost row, each
 * part's tax row its part's (planlines.c, plantax.c). Live formulas over the
 * carbon block, the plan's rows and Inputs, cached with the engine's months. */
#include "write/xlsx/planw.h"

/* A part's carbon cost row: each month's formula (make) and cached value
 * (value, month 0..H), their sum in C. */
static void part_row(const pl_sheet *S, int row,
                     const char *(*make)(const pl_sheet *S, char *f, size_t fs, int col),
                     double (*value)(const pl_sheet *S, int m))
{
    double sum = 0;
    for (int m = 0; m <= S->H; m++) {
        char f[XW_FBUF];
        sum += value(S, m);
        pl_fig(S, row, XW_COL_M0 + m, make(S, f, sizeof f, XW_COL_M0 + m), value(S, m), S->money);
    }
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

/* The owned part's: the month's tCO2e less the rented parts' (scope 3,
 * purchased), x the carbon price; month 0's the embodied emissions'. */
static const char *f_own(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    xw_refbuf price = xw_in_global(c, TCO_S_CARBON_PRICE);
    if (S->R.r_co2_s3p == XW_NONE)
        return xw_formula(c, f, fs, "=%s*%s", pl_at(S->R.r_co2_t, col).s, price.s);
    return xw_formula(c, f, fs, "=(%s-%s)*%s", pl_at(S->R.r_co2_t, col).s,
                      pl_at(S->R.r_co2_s3p, col).s, price.s);
}

static double v_own(const pl_sheet *S, int m)
{
    return m == 0 ? S->pr->carbon_cost0 : S->pr->monthly[m - 1].own_carbon;
}

/* The reserved part's: every hour of its GPUs, operating months. */
static const char *f_res(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    return xw_formula(c, f, fs, "=%s*%s*%s/KilogramsPerTonne*%s*%s", pl_res_n(S).s,
                      xw_in_global(c, TCO_S_HOURS_PER_MONTH).s,
                      xw_ow_in(&S->wr, TCO_O_KGCO2E_PER_GPU_HOUR).s,
                      xw_in_global(c, TCO_S_CARBON_PRICE).s, pl_at(S->R.f_op, col).s);
}

static double v_res(const pl_sheet *S, int m)
{
    return m == 0 ? 0 : S->pr->monthly[m - 1].reserve_carbon;
}

/* The overflow's: the hours bought, operating months; an API's tokens sent. */
static const char *f_over(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    if (S->R.r_api_tok != XW_NONE)
        return xw_formula(c, f, fs, "=%s/TokensPerMillion*%s/KilogramsPerTonne*%s*%s",
                          pl_at(S->R.r_api_tok, col).s,
                          xw_ow_in(&S->wv, TCO_O_KGCO2E_PER_MILLION_TOKENS).s,
                          xw_in_global(c, TCO_S_CARBON_PRICE).s, pl_at(S->R.f_op, col).s);
    return xw_formula(c, f, fs, "=%s*%s/KilogramsPerTonne*%s*%s", pl_at(S->R.r_h_over, col).s,
                      xw_ow_in(&S->wv, TCO_O_KGCO2E_PER_GPU_HOUR).s,
                      xw_in_global(c, TCO_S_CARBON_PRICE).s, pl_at(S->R.f_op, col).s);
}

static double v_over(const pl_sheet *S, int m)
{
    return m == 0 ? 0 : S->pr->monthly[m - 1].overflow_carbon;
}

static void own_row(const pl_sheet *S, int row)
{
    part_row(S, row, f_own, v_own);
}

static void res_row(const pl_sheet *S, int row)
{
    part_row(S, row, f_res, v_res);
}

static void over_row(const pl_sheet *S, int row)
{
    if (S->R.r_api_tok != XW_NONE)
        pl_label(S, row,
                 xw_label(S->c, XW_KEY("plan.co2.api"),
                          "API: carbon cost (tokens sent x kgCO2e per 1M x carbon price)"),
                 S->cur, XS_TEXT);
    part_row(S, row, f_over, v_over);
}

/* See planw.h. */
const pl_row xw_pl_ctotal_head_rows[] = {
    PLABEL(r_it_kw, PW_OWN | PW_CTOTAL, XW_KEY("plan.it_kw"), "IT load at the month's utilization",
           PU_KW, xw_pl_it_kw_row),
};

/* See planw.h. */
const size_t xw_pl_n_ctotal_head_rows =
    sizeof xw_pl_ctotal_head_rows / sizeof xw_pl_ctotal_head_rows[0];

/* See planw.h. */
const pl_row xw_pl_ctotal_rows[] = {
    PLABEL(r_co2_own, PW_OWN | PW_CTOTAL, XW_KEY("plan.co2.own"),
           "Owned: carbon cost (its emissions x carbon price)", PU_CURRENCY, own_row),
    PLABEL(r_co2_res, PW_RES | PW_CTOTAL, XW_KEY("plan.co2.res"),
           "Reserved: carbon cost (GPU-hours x kgCO2e x carbon price)", PU_CURRENCY, res_row),
    PLABEL(r_co2_over, PW_OVER | PW_CTOTAL, XW_KEY("plan.co2.over"),
           "On demand: carbon cost (hours bought x kgCO2e x carbon price)", PU_CURRENCY, over_row),
};

/* See planw.h. */
const size_t xw_pl_n_ctotal_rows = sizeof xw_pl_ctotal_rows / sizeof xw_pl_ctotal_rows[0];
