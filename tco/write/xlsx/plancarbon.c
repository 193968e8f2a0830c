/* plancarbon.c - a plan's emissions on its sheet (docs/MODEL.md, A plan's
 * emissions; planw.h): with carbon figures, a block after the tax block, its
 * rows described once in xw_pl_carbon_rows: the owned GPUs' kWh (the IT load
 * at the month's utilization x hours x PUE), scope 2 location- and
 * market-based, scope 3 purchased (the reserved and overflow GPU-hours) and
 * capital goods (each purchase's embodied emissions in its month), the
 * month's tCO2e and the carbon cost. Live formulas over the plan's rows,
 * flags and Inputs, cached with the engine's months; a figure the engine does
 * not know (no intensity, no kgCO2e) is the n/a word in column C. */
#include "write/xlsx/planw.h"
#include "write/xlsx/sheets.h"

#include <math.h>
#include <string.h>

/* The heading of the block. */
static void co2_heading(const pl_sheet *S, int row)
{
    xw_text(S->c, S->ws, row, 0,
            xw_label(S->c, XW_KEY("plan.co2"),
                     "Carbon (tCO2e, by the GHG Protocol's scopes; totals in column C)"),
            xw_fmt(S->c, XS_SECTION, XN_NONE));
}

/* The engine's month m (0..H) of the plan. */
static const tco_carbon_month *month(const pl_sheet *S, int m)
{
    return &S->pr->carbon[m];
}

/* The n/a word in column C: a figure the engine does not know. */
static void na(const pl_sheet *S, int row)
{
    xw_text(S->c, S->ws, row, XW_COL_VAL, xw_na_word(S->c).text, xw_fmt(S->c, XS_CALC, XN_NONE));
}

/* A row of months 0..H, each from `make` (its formula "=..." in the month's
 * column, month 0 included), cached `value`, summed in column C. */
static void months_row(const pl_sheet *S, int row, double (*value)(const tco_carbon_month *),
                       const char *(*make)(const pl_sheet *S, char *f, size_t fs, int col),
                       xw_numfmt nf)
{
    double sum = 0;
    for (int m = 0; m <= S->H; m++) {
        char f[XW_FBUF];
        double v = value(month(S, m));
        pl_fig(S, row, XW_COL_M0 + m, make(S, f, sizeof f, XW_COL_M0 + m), v,
               xw_fmt(S->c, XS_CALC, nf));
        sum += v;
    }
    pl_total(S, row, XW_COL_M0, sum, XS_TOTAL, nf);
}

/* The intensity (which 0: location-based, 1: market-based, 2: the sum's,
 * market-based where given) of the owned GPUs' site in month col: the owned
 * option's, after a refresh the new option's; into f as "=..."; NULL when a
 * site has none. */
static const char *intensity_at(const pl_sheet *S, char *f, size_t fs, int col, int which)
{
    xw_refbuf a, b;
    char x[XW_FBUF / 4] = "", y[XW_FBUF / 4] = "";
    const xw_optw *w[2] = {&S->wo, &S->wn};
    for (int k = 0; k < 1 + S->refresh; k++) {
        xw_refbuf *r = k ? &b : &a;
        int use = which < 2 ? which : xw_carbon_intensity(w[k], 1, r) ? 1 : 0;
        if (!xw_carbon_intensity(w[k], use, r))
            return NULL;
        tci_utf8_format(k ? y : x, sizeof x, "=%s", r->s);
    }
    return pl_by_month(S, f, fs, col, x, y);
}

/* The PUE of the owned GPUs' site in month col, as "=...". */
static const char *pue_at(const pl_sheet *S, char *f, size_t fs, int col)
{
    char x[XW_FBUF / 4], y[XW_FBUF / 4] = "";
    tci_utf8_format(x, sizeof x, "=%s", xw_site_name(S->c, (size_t)S->pl->own_i, TCO_S_PUE).s);
    if (S->refresh)
        tci_utf8_format(y, sizeof y, "=%s",
                        xw_site_name(S->c, (size_t)S->pl->refresh_i, TCO_S_PUE).s);
    return pl_by_month(S, f, fs, col, x, y);
}

/* kWh: the IT load at the month's utilization x hours x PUE, operating months. */
static const char *f_kwh(const pl_sheet *S, char *f, size_t fs, int col)
{
    char p[XW_FBUF / 2];
    pue_at(S, p, sizeof p, col);
    return xw_formula(S->c, f, fs, "=%s*%s*(%s)*%s", pl_at(S->R.r_it_kw, col).s,
                      xw_in_global(S->c, TCO_S_HOURS_PER_MONTH).s, p + 1, pl_at(S->R.f_op, col).s);
}

static double v_kwh(const tco_carbon_month *c)
{
    return c->kwh;
}

static void kwh_row(const pl_sheet *S, int row)
{
    months_row(S, row, v_kwh, f_kwh, XN_INT);
}

/* Scope 2: the month's kWh x its site's intensity / 1000. */
static const char *f_s2(const pl_sheet *S, char *f, size_t fs, int col, int which)
{
    char i[XW_FBUF / 2];
    intensity_at(S, i, sizeof i, col, which);
    return xw_formula(S->c, f, fs, "=%s*(%s)/KilogramsPerTonne", pl_at(S->R.r_co2_kwh, col).s,
                      i + 1);
}

static const char *f_s2l(const pl_sheet *S, char *f, size_t fs, int col)
{
    return f_s2(S, f, fs, col, 0);
}

static const char *f_s2m(const pl_sheet *S, char *f, size_t fs, int col)
{
    return f_s2(S, f, fs, col, 1);
}

static double v_s2l(const tco_carbon_month *c)
{
    return c->scope2_location;
}

static double v_s2m(const tco_carbon_month *c)
{
    return c->scope2_market;
}

static void s2_row(const pl_sheet *S, int row, int which)
{
    char t[XW_FBUF];
    if (!intensity_at(S, t, sizeof t, XW_COL_M0, which)) {
        na(S, row);
        return;
    }
    months_row(S, row, which ? v_s2m : v_s2l, which ? f_s2m : f_s2l, XN_DEC2);
}

static void s2l_row(const pl_sheet *S, int row)
{
    s2_row(S, row, 0);
}

static void s2m_row(const pl_sheet *S, int row)
{
    s2_row(S, row, 1);
}

/* Scope 3, purchased: the reserved GPUs' every hour and the overflow's hours
 * bought x each option's kgCO2e per GPU-hour / 1000 (an API overflow's: its
 * tokens / 1e6 x its kgCO2e per million tokens), operating months. */
static const char *f_s3p(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    char r[XW_FBUF / 2] = "0", o[XW_FBUF / 2] = "0";
    if (S->res)
        xw_formula(c, r, sizeof r, "%s*%s*%s", pl_res_n(S).s,
                   xw_in_global(c, TCO_S_HOURS_PER_MONTH).s,
                   xw_ow_in(&S->wr, TCO_O_KGCO2E_PER_GPU_HOUR).s);
    if (S->over && S->R.r_api_tok != XW_NONE) /* an API's tokens (MODEL.md, A plan's
                                                 emissions) */
        xw_formula(c, o, sizeof o, "%s/TokensPerMillion*%s", pl_at(S->R.r_api_tok, col).s,
                   xw_ow_in(&S->wv, TCO_O_KGCO2E_PER_MILLION_TOKENS).s);
    else if (S->over)
        xw_formula(c, o, sizeof o, "%s*%s", pl_at(S->R.r_h_over, col).s,
                   xw_ow_in(&S->wv, TCO_O_KGCO2E_PER_GPU_HOUR).s);
    return xw_formula(c, f, fs, "=(%s+%s)/KilogramsPerTonne*%s", r, o, pl_at(S->R.f_op, col).s);
}

static double v_s3p(const tco_carbon_month *c)
{
    return c->scope3_purchased;
}

static void s3p_row(const pl_sheet *S, int row)
{
    if (S->R.r_api_tok != XW_NONE)
        pl_label(S, row,
                 xw_label(S->c, XW_KEY("plan.co2.s3p_api"),
                          "Scope 3, purchased services: reserved GPU-hours x kgCO2e and the API's "
                          "tokens / 1M x kgCO2e (tCO2e)"),
                 "", XS_TEXT);
    else
        pl_label(S, row,
                 xw_label(S->c, XW_KEY("plan.co2.s3p"),
                          "Scope 3, purchased services: reserved and overflow GPU-hours x kgCO2e "
                          "(tCO2e)"),
                 "", XS_TEXT);
    if (isnan(S->pr->scope3_purchased_tco2e)) { /* a part without its kgCO2e key */
        na(S, row);
        return;
    }
    months_row(S, row, v_s3p, f_s3p, XN_DEC2);
}

/* Scope 3, capital goods: each purchase's GPUs x embodied_kgco2e and servers
 * x server_embodied_kgco2e / 1000 in the month it is bought (its flag); bought
 * at once, at month 0. */
static const char *f_s3c(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    if (!S->staged)
        return xw_formula(c, f, fs, "=(%s*%s+%s*%s)/KilogramsPerTonne*%s", pl_own_all(S).s,
                          xw_ow_in(&S->wo, TCO_O_EMBODIED_KGCO2E).s, pl_drv(S->R.k_servers).s,
                          xw_ow_in(&S->wo, TCO_O_SERVER_EMBODIED_KGCO2E).s,
                          pl_at(S->R.f_m0, col).s);
    /* One term a purchase, at its option's emissions: its flag of the month
     * bought x its GPUs and servers. */
    char sum[XW_FBUF] = "";
    size_t n = 0;
    for (int j = 0; j < S->nb; j++) {
        const xw_optw *w = xw_pl_buy_option(S, j);
        char t[XW_FBUF / 2];
        tci_utf8_format(t, sizeof t, "+%s*(%s*%s+%s*%s)", pl_at(pl_flag(S, PF_BOUGHT, j), col).s,
                        pl_buy(S, j, PB_BOUGHT).s, xw_ow_in(w, TCO_O_EMBODIED_KGCO2E).s,
                        pl_buy(S, j, PB_SERVERS).s, xw_ow_in(w, TCO_O_SERVER_EMBODIED_KGCO2E).s);
        size_t k = strlen(t);
        if (n + k < sizeof sum) {
            memcpy(sum + n, t, k + 1);
            n += k;
        }
    }
    return xw_formula(c, f, fs, "=(%s)/KilogramsPerTonne", n ? sum + 1 : "0");
}

static double v_s3c(const tco_carbon_month *c)
{
    return c->scope3_capital;
}

static void s3c_row(const pl_sheet *S, int row)
{
    months_row(S, row, v_s3c, f_s3c, XN_DEC2);
}

/* The month's tCO2e: the owned kWh at the intensity the sum takes (the
 * market-based where the site gives one), and scope 3. */
static const char *f_t(const pl_sheet *S, char *f, size_t fs, int col)
{
    char s2[XW_FBUF / 2] = "0", i[XW_FBUF / 2];
    if (S->own) {
        intensity_at(S, i, sizeof i, col, 2);
        tci_utf8_format(s2, sizeof s2, "%s*(%s)/KilogramsPerTonne+%s", pl_at(S->R.r_co2_kwh, col).s,
                        i + 1, pl_at(S->R.r_co2_s3c, col).s);
    }
    if (S->R.r_co2_s3p != XW_NONE)
        return xw_formula(S->c, f, fs, "=%s+%s", s2, pl_at(S->R.r_co2_s3p, col).s);
    return xw_formula(S->c, f, fs, "=%s", s2);
}

static double v_t(const tco_carbon_month *c)
{
    return c->tco2e;
}

static void t_row(const pl_sheet *S, int row)
{
    if (isnan(S->pr->tco2e)) {
        na(S, row);
        return;
    }
    months_row(S, row, v_t, f_t, XN_DEC2);
}

/* The carbon cost: the month's tCO2e x the carbon price (not in the total). */
static const char *f_cost(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=%s*%s", pl_at(S->R.r_co2_t, col).s,
                      xw_in_global(S->c, TCO_S_CARBON_PRICE).s);
}

static double v_cost(const tco_carbon_month *c)
{
    return c->carbon_cost;
}

static void cost_row(const pl_sheet *S, int row)
{
    if (isnan(S->pr->carbon_cost)) {
        na(S, row);
        return;
    }
    months_row(S, row, v_cost, f_cost, XN_MONEY);
}

/* The reference GPU-hours served in column col, as a formula term: the demand
 * less what is left unserved (all of it with an overflow); in column C, their
 * sums (absolute references), else the month's. */
static const char *served(const pl_sheet *S, char *t, size_t ts, int col)
{
    const pl_rows *R = &S->R;
    const int abs = col == XW_COL_VAL;
    if (R->r_unserved != XW_NONE)
        return xw_formula(S->c, t, ts, "(%s-%s)", xw_ref(NULL, R->r_demand, col, 1, abs).s,
                          xw_ref(NULL, R->r_unserved, col, 1, abs).s);
    return xw_formula(S->c, t, ts, "%s", xw_ref(NULL, R->r_demand, col, 1, abs).s);
}

/* The tokens served in the month: the demand less what is left unserved, in
 * reference GPU-hours, x g (MODEL.md, A plan's emissions). */
static void tok_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    double sum = 0;
    for (int m = 0; m <= S->H; m++) {
        const int col = XW_COL_M0 + m;
        const tco_plan_month *pm = m ? &S->pr->monthly[m - 1] : NULL;
        const double v = pm ? (pm->demand - pm->unserved) * S->pr->api_tokens_per_hour : 0;
        char f[XW_FBUF], t[XW_FBUF / 2];
        xw_formula(c, f, sizeof f, "=%s*%s", served(S, t, sizeof t, col), pl_drv(R->k_api_g).s);
        pl_fig(S, row, col, f, v, xw_fmt(c, XS_CALC, XN_INT));
        sum += v;
    }
    pl_total(S, row, XW_COL_M0, sum, XS_TOTAL, XN_INT);
}

/* tCO2e per 1M tokens served (k 0: the emissions', 1: the embodied part's, a
 * management metric), in column C: the block's sum over the tokens'. */
static void per_tokens(const pl_sheet *S, int row, int k)
{
    xw_ctx *c = S->c;
    const double v = k ? S->pr->embodied_tco2e_per_million_tokens : S->pr->tco2e_per_million_tokens;
    const int num = k ? S->R.r_co2_s3c : S->R.r_co2_t;
    char f[XW_FBUF];
    if (isnan(v) || num == XW_NONE) {
        na(S, row);
        return;
    }
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(c, f, sizeof f, "=%s/%s*TokensPerMillion", pl_drv(num).s,
                      pl_drv(S->R.r_co2_tok).s),
           v, xw_fmt(c, XS_CALC, XN_SCI));
}

/* tCO2e per training run, in column C: a run's GPU-hours of the reference (the
 * Workload sheet's) x the block's sum / the reference GPU-hours served, the
 * demand less what is left unserved (MODEL.md, A plan's emissions). */
static void run_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    xw_refbuf run = xw_workload_run_hours(c, (size_t)c->s->demand->ref);
    char t[XW_FBUF / 2], f[XW_FBUF];
    const char *sv = served(S, t, sizeof t, XW_COL_VAL);
    xw_formula(c, f, sizeof f, "=IF(AND(ISNUMBER(%s),%s>0),%s*%s/%s,%s)", run.s, sv, run.s,
               pl_drv(R->r_co2_t).s, sv, xw_na_word(c).lit);
    const double v = S->pr->tco2e_per_run;
    lxw_format *fmt = xw_fmt(c, XS_CALC, XN_DEC2);
    if (isnan(v))
        xw_fstr(c, S->ws, row, XW_COL_VAL, f, xw_na_word(c).text, fmt);
    else
        pl_fig(S, row, XW_COL_VAL, f, v, fmt);
}

static void tpm_row(const pl_sheet *S, int row)
{
    per_tokens(S, row, 0);
}

static void etpm_row(const pl_sheet *S, int row)
{
    per_tokens(S, row, 1);
}

/* The rows, with `in` the PW_* bit of where they stand: after the tax block
 * (PW_NO_CTOTAL), or, with [scenario] carbon_in_total = yes, above the cash
 * flow (PW_CTOTAL), whose cost rows then add the carbon cost (MODEL.md, A
 * plan's carbon cost in its total; plancarbontotal.c). */
/* clang-format off */
#define CARBON_ROWS(in, cost_key, cost_english)                                                    \
    PHEADING(s_co2, PW_CARBON | (in), co2_heading),                                                \
    PLABEL(r_co2_kwh, PW_CARBON | PW_OWN | (in), XW_KEY("plan.co2.kwh"),                           \
           "Electricity of the owned GPUs, IT load x hours x PUE (kWh)", PU_NONE, kwh_row),        \
    PLABEL(r_co2_s2l, PW_CARBON | PW_OWN | (in), XW_KEY("plan.co2.s2l"),                           \
           "Scope 2, location-based: kWh x grid intensity (tCO2e)", PU_NONE, s2l_row),             \
    PLABEL(r_co2_s2m, PW_CARBON | PW_OWN | (in), XW_KEY("plan.co2.s2m"),                           \
           "Scope 2, market-based: kWh x contracted intensity (tCO2e)", PU_NONE, s2m_row),         \
    POWN(r_co2_s3p, PW_CARBON | PW_CARBON_RENTED | (in), s3p_row),                                 \
    PLABEL(r_co2_s3c, PW_CARBON | PW_OWN | (in), XW_KEY("plan.co2.s3c"),                           \
           "Scope 3, capital goods: embodied, in each purchase's month (tCO2e)", PU_NONE,          \
           s3c_row),                                                                               \
    PLABEL(r_co2_t, PW_CARBON | (in), XW_KEY("plan.co2.t"),                                        \
           "Emissions (tCO2e; scope 2 market-based where given)", PU_NONE, t_row),                 \
    PLABEL(r_co2_cost, PW_CARBON | PW_CARBON_PRICE | (in), cost_key, cost_english, PU_CURRENCY,    \
           cost_row),                                                                              \
    PLABEL(r_co2_tok, PW_CARBON | PW_G | (in), XW_KEY("plan.co2.tok"),                             \
           "Tokens served: (demand - unserved) x g", PU_NONE, tok_row),                            \
    PLABEL(k_co2_tpm, PW_CARBON | PW_G | (in), XW_KEY("plan.co2.tpm"),                             \
           "tCO2e per 1M tokens served", PU_NONE, tpm_row),                                        \
    PLABEL(k_co2_etpm, PW_CARBON | PW_G | PW_OWN | (in), XW_KEY("plan.co2.etpm"),                  \
           "Embodied tCO2e per 1M tokens served (a management metric: capital goods spread "       \
           "over the work)", PU_NONE, etpm_row),                                                  \
    PLABEL(k_co2_run, PW_CARBON | PW_RUN | (in), XW_KEY("plan.co2.run"),                           \
           "tCO2e per training run: a run's reference GPU-hours (Workload) x tCO2e / reference "   \
           "GPU-hours served", PU_NONE, run_row)

/* See planw.h. */
const pl_row xw_pl_carbon_rows[] = {
    CARBON_ROWS(PW_NO_CTOTAL, XW_KEY("plan.co2.cost"),
                "Carbon cost: tCO2e x carbon price (not in the total)"),
};

/* See planw.h. */
const pl_row xw_pl_carbon_rows_in[] = {
    CARBON_ROWS(PW_CTOTAL, XW_KEY("plan.co2.cost_in"),
                "Carbon cost: tCO2e x carbon price (in the plan's cost below)"),
};
#undef CARBON_ROWS
/* clang-format on */

/* See planw.h. */
const size_t xw_pl_n_carbon_rows = sizeof xw_pl_carbon_rows / sizeof xw_pl_carbon_rows[0];
const size_t xw_pl_n_carbon_rows_in = sizeof xw_pl_carbon_rows_in / sizeof xw_pl_carbon_rows_in[0];
