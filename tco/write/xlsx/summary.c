/* summary.c - the Summary sheet: the options side by side, every figure a
 * formula on the cash-flow sheets, ranked, with the template's charts below. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/fields.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"
#include "util/utf8.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== Cells ===== */

/* The fields that repeat column C of a row of the option's sheet (a driver or a
 * total), and those that divide the total by it. */
static const struct {
    int fi;
    size_t row; /* offsetof the row in xw_optsheet */
    int per;    /* 1: the total per unit of it */
    int sign;   /* -1: the row's value negated (0 is 1) */
} sources[] = {
    {TCI_F_UTILIZATION, offsetof(xw_optsheet, k_util), 0, 0},
    {TCI_F_CAPEX, offsetof(xw_optsheet, k_capex), 0, 0},
    {TCI_F_COMMITMENT, offsetof(xw_optsheet, r_commit), 0, 0},
    /* A loan's proceeds, received: the "Less: lent" row's total (negative). */
    {TCI_F_LOAN_AMOUNT, offsetof(xw_optsheet, r_lent), 0, 0},
    {TCI_F_LOAN_PAYMENT, offsetof(xw_optsheet, k_lpmt), 0, 0},
    {TCI_F_LOAN_INTEREST, offsetof(xw_optsheet, r_lint), 0, 0},
    {TCI_F_LOAN_PRINCIPAL, offsetof(xw_optsheet, r_lprin), 0, 0},
    {TCI_F_LOAN_BALANCE, offsetof(xw_optsheet, r_lbal), 0, 0},
    {TCI_F_LEASE_PAYMENT, offsetof(xw_optsheet, k_epmt), 0, 0},
    {TCI_F_LEASE_PAYMENTS, offsetof(xw_optsheet, r_epay), 0, 0},
    {TCI_F_LEASE_BUYOUT, offsetof(xw_optsheet, r_ebuy), 0, 0},
    /* A receipt: negative, as on the option's sheet. */
    {TCI_F_RESIDUAL, offsetof(xw_optsheet, r_resid), 0, 0},
    {TCI_F_TOTAL, offsetof(xw_optsheet, r_net), 0, 0},
    {TCI_F_NPV, offsetof(xw_optsheet, r_pv), 0, 0},
    {TCI_F_TAX, offsetof(xw_optsheet, r_tax), 0, 0},
    {TCI_F_AFTER_TAX_TOTAL, offsetof(xw_optsheet, tx.r_atnet), 0, 0},
    {TCI_F_AFTER_TAX_NPV, offsetof(xw_optsheet, tx.r_atpv), 0, 0},
    {TCI_F_IRR_AFTER_TAX, offsetof(xw_optsheet, tx.k_irr), 0, 0},
    {TCI_F_MIRR_AFTER_TAX, offsetof(xw_optsheet, tx.k_mirr), 0, 0},
    {TCI_F_PAYBACK_MONTH_AFTER_TAX, offsetof(xw_optsheet, tx.k_pay), 0, 0},
    {TCI_F_DISCOUNTED_PAYBACK_MONTH_AFTER_TAX, offsetof(xw_optsheet, tx.k_dpay), 0, 0},
    {TCI_F_GPU_HOURS, offsetof(xw_optsheet, k_gpuh), 0, 0},
    {TCI_F_COST_PER_PFLOP_HOUR, offsetof(xw_optsheet, k_pflop), 1, 0},
    {TCI_F_COST_PER_UNIT, offsetof(xw_optsheet, k_units), 1, 0},
    {TCI_F_UNITS_PER_S_PER_KW, offsetof(xw_optsheet, k_wpkw), 0, 0},
    {TCI_F_IT_KW, offsetof(xw_optsheet, k_it_kw), 0, 0},
    {TCI_F_PROVISIONED_KW, offsetof(xw_optsheet, k_prov_kw), 0, 0},
    {TCI_F_DEPRECIATION, offsetof(xw_optsheet, r_dep), 0, 0},
    /* Carbon (MODEL.md, Carbon; optcarbon.c): each row's sum. */
    {TCI_F_SCOPE2_LOCATION, offsetof(xw_optsheet, co2.r_s2l), 0, 0},
    {TCI_F_SCOPE2_MARKET, offsetof(xw_optsheet, co2.r_s2m), 0, 0},
    {TCI_F_SCOPE3_PURCHASED, offsetof(xw_optsheet, co2.r_s3p), 0, 0},
    {TCI_F_SCOPE3_CAPITAL, offsetof(xw_optsheet, co2.r_s3c), 0, 0},
    {TCI_F_TCO2E, offsetof(xw_optsheet, co2.r_t), 0, 0},
    {TCI_F_CARBON_COST, offsetof(xw_optsheet, co2.r_cost), 0, 0},
};

/* The formula of a field of `sources` (or a cost line) for option sheet L, in f;
 * total: the Summary's total cell of the option. 0 for another field. */
static int summary_source(xw_ctx *c, const xw_optsheet *L, int fi, const char *total, char *f,
                          size_t size)
{
    int row = 0, per = 0, sign = 1, found = fi >= TCI_F_LINE(0) && fi < TCI_F_LINES_END;
    if (found)
        row = L->r_line[fi - TCI_F_LINE(0)];
    for (size_t k = 0; k < sizeof sources / sizeof sources[0] && !found; k++)
        if (sources[k].fi == fi) {
            row = *(const int *)(const void *)((const char *)L + sources[k].row);
            per = sources[k].per;
            sign = sources[k].sign < 0 ? -1 : 1;
            found = 1;
        }
    if (!found)
        return 0;
    xw_refbuf d = xw_ref(L->quoted, row, XW_COL_VAL, 1, 1);
    double scale = fi == TCI_F_COST_PER_UNIT ? tco_result_unit_scale(c->r).per : 1;
    char num[80];
    /* A cost per unit of work at the terminal table's scale (per 1M tokens). */
    if (scale > 1)
        tci_utf8_format(num, sizeof num, "%s*UnitScale", total);
    else
        tci_utf8_format(num, sizeof num, "%s", total);
    if (per)
        xw_formula_quotient(c, f, size, num, d.s);
    else
        xw_formula(c, f, size, sign < 0 ? "=-%s" : "=%s", d.s);
    return 1;
}

/* The field that orders the ranking and picks the headline ([scenario] rank_by;
 * MODEL.md, Taxes): the total, the NPV or the NPV after tax. */
static int rank_field(const xw_ctx *c)
{
    switch (c->s->rank_by) {
    case TCO_RANK_NPV:
        return TCI_F_NPV;
    case TCO_RANK_AFTER_TAX_NPV:
        return TCI_F_AFTER_TAX_NPV;
    case TCO_RANK_TOTAL:
    default:
        return TCI_F_TOTAL;
    }
}

/* The engine's value of the ranking's field for option i. */
static double rank_value(const xw_ctx *c, size_t i)
{
    const tco_option_result *r = &c->r->options[i];
    switch (c->s->rank_by) {
    case TCO_RANK_NPV:
        return r->npv;
    case TCO_RANK_AFTER_TAX_NPV:
        return r->after_tax_npv;
    case TCO_RANK_TOTAL:
    default:
        return r->total;
    }
}

/* Option i's feasibility tests (MODEL.md, Feasibility and the decision) as
 * formulas over Inputs, each 1 when the option passes, else 0: its GPUs hold
 * the model (`holds`); they serve requests_per_s (`serves`, inference only;
 * an API option with a max_tokens_per_minute: the workload's tokens a minute
 * within it).
 * The engine's sizing, with the Workload sheet's rounding to whole GPUs; a test
 * whose input is 0 passes. No text in them, so that every template gives the
 * same formulas. */
static void feasibility_tests(xw_ctx *c, size_t i, char *holds, char *serves, size_t size)
{
    char mp[64], cnt[64], mem[64];
    tci_utf8_format(mp, sizeof mp, "%s", xw_in_global(c, TCO_S_MODEL_PARAMS).s);
    tci_utf8_format(cnt, sizeof cnt, "%s", xw_in(c, i, TCO_O_COUNT_GPUS).s);
    tci_utf8_format(mem, sizeof mem, "%s", xw_in(c, i, TCO_O_MEMORY_GB).s);
    xw_formula(c, holds, size,
               "=IF(AND(%s>0,%s>0),IF(%s<-INT(-ROUND(%s*%s*(1+%s)/BytesPerGigabyte/"
               "%s,RoundingDecimals)),0,1),1)",
               mp, mem, cnt, mp, xw_in_global(c, TCO_S_BYTES_PER_PARAM).s,
               xw_in_global(c, TCO_S_ACTIVATION_OVERHEAD).s, mem);
    if (c->sm_serves == XW_NONE)
        return;
    if (xw_api_limit_read(c->s, i)) { /* MODEL.md, API options: its rate limit */
        char lim[64], tok[XW_FBUF / 8];
        tci_utf8_format(lim, sizeof lim, "%s", xw_in(c, i, TCO_O_MAX_TOKENS_PER_MINUTE).s);
        xw_formula(c, serves, size, "=IF(%s*SecondsPerMinute*%s>%s,0,1)",
                   xw_in_global(c, TCO_S_REQUESTS_PER_S).s,
                   xw_request_tokens(c, tok, sizeof tok, 1), lim);
        return;
    }
    char rps[64], tp[64], se[64];
    tci_utf8_format(rps, sizeof rps, "%s", xw_in_global(c, TCO_S_REQUESTS_PER_S).s);
    tci_utf8_format(tp, sizeof tp, "%s", xw_in(c, i, TCO_O_THROUGHPUT).s);
    tci_utf8_format(se, sizeof se, "%s", xw_in(c, i, TCO_O_SCALING_EFFICIENCY).s);
    xw_formula(c, serves, size,
               "=IF(AND(%s>0,%s>0,%s>0),IF(%s<-INT(-ROUND(%s/IF(%s*%s>0,%s*%s,%s/"
               "%s),RoundingDecimals)),0,1),1)",
               mp, rps, tp, cnt, rps, tp, se, tp, se, rps, cnt);
}

/* Option i's test of its site's power limit (MODEL.md, The site's power limit)
 * in f: 1 when its provisioned kW (the row above) is within its site's
 * power_cap_kw on Inputs, or the site has none (0) or the option rents. */
static void fits_formula(xw_ctx *c, size_t i, char *f, size_t size)
{
    const int col = XW_SUM_COL0 + (int)i;
    if (c->s->options[i].acquire != TCO_BUY) {
        xw_formula(c, f, size, "=1");
        return;
    }
    const char *cap = xw_site_name(c, i, TCO_S_POWER_CAP_KW).s;
    xw_formula(c, f, size, "=IF(AND(%s>0,%s>%s),0,1)", cap,
               xw_ref(NULL, c->sm_rows[TCI_F_PROVISIONED_KW], col, 0, 0).s, cap);
}

/* Option i's Feasible cell: every test of the rows below passed. */
static void feasibility_formula(xw_ctx *c, size_t i, char *f, size_t size)
{
    const int col = XW_SUM_COL0 + (int)i;
    char tests[XW_FBUF];
    int n = tci_utf8_format(tests, sizeof tests, "%s=1", xw_ref(NULL, c->sm_holds, col, 0, 0).s);
    const int more[] = {c->sm_serves, c->sm_fits};
    for (size_t k = 0; k < sizeof more / sizeof *more; k++)
        if (more[k] != XW_NONE && n > 0 && (size_t)n < sizeof tests)
            n += tci_utf8_format(tests + n, sizeof tests - (size_t)n, ",%s=1",
                                 xw_ref(NULL, more[k], col, 0, 0).s);
    if (c->sm_serves == XW_NONE && c->sm_fits == XW_NONE)
        xw_formula(c, f, size, "=IF(%s,1,0)", tests);
    else
        xw_formula(c, f, size, "=IF(AND(%s),1,0)", tests);
}

/* The formula of option i's cell of field fi (in column col) in f; 0 for a field
 * without one. */
static int summary_formula(xw_ctx *c, size_t i, int fi, int col, char *f, size_t size)
{
    const tco_scenario *s = c->s;
    const xw_optsheet *L = &c->os[i];
    const char *q = L->quoted;
    xw_refbuf tot = xw_ref(NULL, c->sm_rows[TCI_F_TOTAL], col, 0, 0);
    const char *total = tot.s;
    if (summary_source(c, L, fi, total, f, size))
        return 1;
    switch (fi) {
    case TCI_F_COUNT_GPUS:
        xw_formula(c, f, size, "=%s", xw_in(c, i, TCO_O_COUNT_GPUS).s);
        break;
    case TCI_F_COST_PER_GPU_HOUR:
        xw_formula_quotient(c, f, size, total,
                            xw_ref(NULL, c->sm_rows[TCI_F_GPU_HOURS], col, 0, 0).s);
        break;
    case TCI_F_BOOK_VALUE_END:
        xw_formula(c, f, size, "=%s", xw_ref(q, L->r_bv, XW_COL_M0 + s->horizon_months, 1, 1).s);
        break;
    case TCI_F_BREAKEVEN_MONTH: {
        /* The first month from which the option stays at or below the baseline. */
        xw_refbuf stay =
            xw_range(q, L->r_stay, XW_COL_M0 + 1, L->r_stay, XW_COL_M0 + s->horizon_months);
        xw_formula(c, f, size, "=IF(SUM(%s)=0,%s,MATCH(1,%s,0))", stay.s,
                   xw_be_word(c, TCO_BE_NEVER).lit, stay.s);
        break;
    }
    case TCI_F_BREAKEVEN_UTILIZATION:
        xw_breakeven_formula(c, f, size, i);
        break;
    case TCI_F_IRR:
    case TCI_F_MIRR:
    case TCI_F_PAYBACK_MONTH:
    case TCI_F_DISCOUNTED_PAYBACK_MONTH: {
        /* The option sheet's cell of the figure. */
        int k = fi == TCI_F_IRR             ? L->k_irr
                : fi == TCI_F_MIRR          ? L->k_mirr
                : fi == TCI_F_PAYBACK_MONTH ? L->k_pay
                                            : L->k_dpay;
        xw_formula(c, f, size, "=%s", xw_ref(q, k, XW_COL_VAL, 1, 1).s);
        break;
    }
    case TCI_F_FEASIBLE:
        feasibility_formula(c, i, f, size);
        break;
    case TCI_F_TCO2E_PER_MILLION_TOKENS: {
        /* MODEL.md, Carbon: tco2e / (units x tokens_per_request) x 1e6, where the
         * units of work are requests (throughput given); else the engine's n/a. */
        if (s->options[i].acquire == TCO_API && !isnan(c->r->options[i].tco2e_per_million_tokens)) {
            /* An API's: over the workload's tokens in H months. */
            char den[XW_FBUF], num[XW_FBUF], tok[XW_FBUF / 8];
            tci_utf8_format(den, sizeof den, "(%s*HoursPerMonth*SecondsPerHour*%s*HorizonMonths)",
                            xw_in_global(c, TCO_S_REQUESTS_PER_S).s,
                            xw_request_tokens(c, tok, sizeof tok, 1));
            tci_utf8_format(num, sizeof num, "%s*TokensPerMillion",
                            xw_ref(NULL, c->sm_rows[TCI_F_TCO2E], col, 0, 0).s);
            xw_formula_quotient(c, f, size, num, den);
            break;
        }
        if (isnan(c->r->options[i].tco2e_per_million_tokens) || L->k_units == XW_NONE ||
            !(s->options[i].throughput > 0)) {
            xw_formula(c, f, size, "=%s", xw_na_word(c).lit);
            break;
        }
        char den[XW_FBUF], tok[XW_FBUF / 8];
        tci_utf8_format(den, sizeof den, "(%s*%s)", xw_ref(q, L->k_units, XW_COL_VAL, 1, 1).s,
                        xw_request_tokens(c, tok, sizeof tok, 0));
        char num[XW_FBUF];
        tci_utf8_format(num, sizeof num, "%s*TokensPerMillion",
                        xw_ref(NULL, c->sm_rows[TCI_F_TCO2E], col, 0, 0).s);
        xw_formula_quotient(c, f, size, num, den);
        break;
    }
    case TCI_F_TCO2E_PER_RUN: {
        /* MODEL.md, Carbon: run_gpu_hours x tco2e / gpu_hours, the run's
         * GPU-hours the Workload sheet's (shown only with that row). */
        xw_refbuf run = xw_workload_run_hours(c, i);
        xw_refbuf gh = xw_ref(NULL, c->sm_rows[TCI_F_GPU_HOURS], col, 0, 0);
        xw_formula(c, f, size, "=IF(AND(ISNUMBER(%s),%s<>0),%s*%s/%s,%s)", run.s, gh.s, run.s,
                   xw_ref(NULL, c->sm_rows[TCI_F_TCO2E], col, 0, 0).s, gh.s, xw_na_word(c).lit);
        break;
    }
    case TCI_F_RANK: {
        /* By the figure rank_by names; ties keep input order, as the engine's
         * ranking does. */
        int tr = c->sm_rows[rank_field(c)];
        int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)s->n_options - 1;
        xw_refbuf v = xw_ref(NULL, tr, col, 0, 0);
        xw_formula(c, f, size, "=RANK(%s,%s,1)+COUNTIF(%s:%s,%s)-1", v.s,
                   xw_range(NULL, tr, c0, tr, c1).s, xw_ref(NULL, tr, c0, 1, 1).s, v.s, v.s);
        break;
    }
    default:
        return xw_summary_api_formula(c, i, fi, col, f, size);
    }
    return 1;
}

/* A Summary cell: its formula and cached value. */
static void summary_cell(xw_ctx *c, size_t i, int fi, int row, int col)
{
    const xw_optsheet *L = &c->os[i];
    const tco_option *o = &c->s->options[i];
    lxw_worksheet *ws = c->summary;
    char f[XW_FBUF];
    xw_style st = fi == TCI_F_TOTAL ? XS_TOTAL : XS_CALC;
    lxw_format *fmt = xw_fmt(c, st, xw_field_numfmt(fi));
    char text[64];
    double v = xw_field_value(c, i, fi, text, sizeof text);
    if (fi == TCI_F_ID) {
        /* The option's id, linked to its cash-flow sheet. */
        xw_link(c, ws, row, col, L->quoted, c->id[i], xw_fmt(c, XS_LINK, XN_GENERAL));
        return;
    }
    if (fi == TCI_F_ACQUIRE) {
        xw_text(
            c, ws, row, col,
            L->buy                       ? xw_label(c, "summary.acquire.buy", "buy")
            : o->pricing == TCO_RESERVED ? xw_label(c, "summary.acquire.reserved", "rent, reserved")
            : o->pricing == TCO_SPOT     ? xw_label(c, "summary.acquire.spot", "rent, spot")
                                     : xw_label(c, "summary.acquire.on_demand", "rent, on demand"),
            xw_fmt(c, XS_CALC, XN_GENERAL));
        return;
    }
    if (!xw_field_applies(c, i, fi)) {
        xw_text(c, ws, row, col, "\xE2\x80\x93", xw_fmt(c, XS_CALC, XN_GENERAL));
        return;
    }
    if (!summary_formula(c, i, fi, col, f, sizeof f))
        return;
    if (*text)
        xw_fstr(c, ws, row, col, f, text, fmt);
    else
        xw_fnum(c, ws, row, col, f, v, fmt);
}

/* ===== The sheet ===== */

/* The Summary's column widths: labels (wa) and options (wo), in characters, and
 * the lines of the options' headings. */
/* A4 landscape less margins, header and footer, with a little room to
 * spare: pixels at 100%, as xw_cols_px counts them. */
#define SM_PAGE_W    990.0
#define SM_PAGE_H    660.0
#define SM_UNIT_W    20 /* the units' column, in characters */
#define SM_LABEL_MIN 36 /* the labels' column at its narrowest */

typedef struct sm_widths {
    int wa, wo, lines;
} sm_widths;

/* The label of the row of what each option pays at month 0. */
static const char *paid0_label(xw_ctx *c)
{
    return xw_label(c, "summary.paid0",
                    "Paid at month 0 (loan: down payment; lease: first payment)");
}

/* The best plan by rank_by when its sheet is written, else -1. */
static int best_plan(const xw_ctx *c)
{
    const tco_result *r = c->r;
    if (r->n_plans == 0 || !c->ps || !r->plan_rank || !c->ps[r->plan_rank[0]].ws)
        return -1;
    return (int)r->plan_rank[0];
}

/* The plans' headlines above the options' (their number): the best plan by
 * rank_by, and the optimum of [optimize] by its own objective. */
static int sm_headlines(const xw_ctx *c)
{
    return (best_plan(c) >= 0) + (c->r->optimize && c->optimize && c->r->optimize->optimize);
}

/* The figure rank_by names, in words (the headlines' labels). */
static const char *rank_words(xw_ctx *c, int by)
{
    return by == TCO_RANK_NPV ? xw_label(c, "summary.rank_by.npv", "net present value")
           : by == TCO_RANK_AFTER_TAX_NPV
               ? xw_label(c, "summary.rank_by.after_tax_npv", "net present value after tax")
               : xw_label(c, "summary.rank_by.total", "total cost of ownership");
}

/* The row of plan sheet ps whose column C holds the figure rank_by names:
 * its net cost (the total), present value (NPV) or present value after tax
 * (the after-tax NPV, MODEL.md, Plans after tax). */
static int rank_row(const xw_ctx *c, const xw_plansheet *ps)
{
    return c->s->rank_by == TCO_RANK_NPV             ? ps->r_pv
           : c->s->rank_by == TCO_RANK_AFTER_TAX_NPV ? ps->r_at_pv
                                                     : ps->r_net;
}

/* Plan result P's figure that rank_by names, as the engine ranks by it. */
static double rank_figure(const xw_ctx *c, const tco_plan_result *P)
{
    return c->s->rank_by == TCO_RANK_NPV             ? P->npv
           : c->s->rank_by == TCO_RANK_AFTER_TAX_NPV ? P->after_tax_npv
                                                     : P->total;
}

/* 1 when a plan with a sheet has an API overflow with a rate limit (MODEL.md,
 * An API as a plan's overflow): its "serves" column reads that limit too. */
static int api_limited(const xw_ctx *c)
{
    for (size_t p = 0; c->ps && p < c->s->n_plans; p++)
        if (c->ps[p].ws && c->ps[p].r_net != XW_NONE && c->ps[p].r_api_fits != XW_NONE)
            return 1;
    return 0;
}

/* The headlines of a scenario with plans, from row 2: the best plan by
 * rank_by (MODEL.md, Plans: serving all demand first), linked to its sheet,
 * with its figure; the optimum of [optimize] by its objective, linked to the
 * Optimize sheet. Returns the next row. */
static int sm_plan_headlines(xw_ctx *c)
{
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->summary;
    const int c0 = XW_SUM_COL0;
    char t[XW_TBUF], f[XW_FBUF];
    int row = 2;
    lxw_format *bold = xw_fmt(c, XS_TOTAL, XN_NONE), *money = xw_fmt(c, XS_TOTAL, XN_MONEY);
    if (best_plan(c) >= 0) {
        size_t b = (size_t)best_plan(c);
        const tco_plan_result *P = &r->plans[b];
        if (tco_scenario_power_capped(c->s)) /* MODEL.md, A plan at a site with a power limit */
            xw_labelf(c, t, sizeof t, "summary.best_plan.capped",
                      "Best plan by {figure} (serving all demand within the site's power limit "
                      "first)",
                      "figure", rank_words(c, c->s->rank_by), NULL);
        else if (api_limited(c)) /* MODEL.md, An API as a plan's overflow */
            xw_labelf(c, t, sizeof t, XW_KEY("summary.best_plan.rate"),
                      "Best plan by {figure} (serving all demand within the API's rate limit "
                      "first)",
                      "figure", rank_words(c, c->s->rank_by), NULL);
        else
            xw_labelf(c, t, sizeof t, "summary.best_plan",
                      "Best plan by {figure} (serving all demand first)", "figure",
                      rank_words(c, c->s->rank_by), NULL);
        xw_text(c, ws, row, 0, t, bold);
        xw_link(c, ws, row, c0, c->ps[b].quoted, c->s->plans[b].name,
                xw_fmt(c, XS_LINK, XN_GENERAL));
        xw_fnum(c, ws, row, c0 + 1,
                xw_formula(c, f, sizeof f, "=%s",
                           xw_ref(c->ps[b].quoted, rank_row(c, &c->ps[b]), XW_COL_VAL, 1, 1).s),
                rank_figure(c, P), money);
        row++;
    }
    const tco_optimize_result *O = r->optimize;
    if (O && c->optimize && O->optimize) {
        const tco_optimize *opt = O->optimize;
        xw_labelf(c, t, sizeof t, "summary.optimum",
                  "Cheapest plan found by the search, by {figure}", "figure",
                  rank_words(c, (int)opt->objective), NULL);
        xw_text(c, ws, row, 0, t, bold);
        char *q = xw_quote_sheet(c, c->opt_name);
        if (!q)
            return row;
        if (O->found) {
            char own[32], res[32];
            tci_utf8_format(own, sizeof own, "%d", O->best.own_count);
            tci_utf8_format(res, sizeof res, "%d", O->best.reserve_count);
            xw_labelf(c, t, sizeof t, "summary.optimum.counts",
                      "{plan}: {own} owned, {reserved} reserved GPUs", "plan",
                      opt->plan_i >= 0 ? c->s->plans[opt->plan_i].name : "", "own", own, "reserved",
                      res, NULL);
            xw_link(c, ws, row, c0, q, t, xw_fmt(c, XS_LINK, XN_GENERAL));
            xw_num(c, ws, row, c0 + 1, O->best.objective, money);
        } else {
            xw_link(c, ws, row, c0, q,
                    xw_label(c, "optimize.none", "No plan in the ranges serves all demand."),
                    xw_fmt(c, XS_LINK, XN_GENERAL));
        }
        free(q);
        row++;
    }
    return row;
}

/* Rows: headings, then the fields in blocks (c->sm_rows, for Checks too). */
static void sm_layout(xw_ctx *c)
{
    c->sm_header = 2 + sm_headlines(c) + 2; /* the options' line, a blank row */
    int row = c->sm_header + 1;
    c->sm_paid0 = XW_NONE;
    for (int fi = 0; fi < TCI_F_COUNT; fi++) {
        c->sm_rows[fi] = XW_NONE;
        if (!xw_field_shown(c, fi))
            continue;
        if (tci_field_get((tci_field_id)fi)->group_key)
            row += 2;
        c->sm_rows[fi] = row++;
        if (fi == TCI_F_CAPEX)
            c->sm_paid0 = row++;
    }
    /* The feasibility tests, then the feasible options' totals. */
    c->sm_holds = row++;
    c->sm_serves = c->s->mode == TCO_INFERENCE ? row++ : XW_NONE;
    c->sm_fits = tco_scenario_power_capped(c->s) ? row++ : XW_NONE;
    c->sm_feasible_total = row++;
    c->sm_last_row = row - 1;
    /* The plans, below a blank row: a heading, the column headings, a row
     * each (those with a sheet). */
    c->sm_plans = c->sm_plans_end = XW_NONE;
    size_t np = 0;
    for (size_t p = 0; c->ps && p < c->s->n_plans; p++)
        np += c->ps[p].ws != NULL && c->ps[p].r_net != XW_NONE;
    if (np) {
        c->sm_plans = row + 1;
        c->sm_plans_end = row + 2 + (int)np;
    }
    /* With carbon figures, the plans' emissions below them (smplanco2.c). */
    xw_sm_plan_co2_layout(c, c->sm_plans_end + 1);
}

/* The last row of the table and the plans (and their emissions) under it. */
static int sm_bottom(const xw_ctx *c)
{
    return c->sm_pco2_end != XW_NONE    ? c->sm_pco2_end
           : c->sm_plans_end != XW_NONE ? c->sm_plans_end
                                        : c->sm_last_row;
}

/* A plan's row of the Summary's plans table, with a site's power limit: whether
 * it fits (its sheet's flag in C; 1 without an owned part) and whether it is
 * feasible (it serves all demand and fits; MODEL.md, A plan at a site with a
 * power limit). */
static void sm_plan_power(xw_ctx *c, const xw_plansheet *ps, int row, const tco_plan_result *P)
{
    lxw_worksheet *ws = c->summary;
    const int c0 = XW_SUM_COL0;
    char f[XW_FBUF];
    lxw_format *flag = xw_fmt(c, XS_CALC, XN_FLAG);
    if (ps->r_kw_fits != XW_NONE)
        xw_formula(c, f, sizeof f, "=%s", xw_ref(ps->quoted, ps->r_kw_fits, XW_COL_VAL, 1, 1).s);
    else
        xw_formula(c, f, sizeof f, "=1");
    xw_fnum(c, ws, row, c0 + 3, f, P->fits_power, flag);
    xw_fnum(c, ws, row, c0 + 4,
            xw_formula(c, f, sizeof f, "=IF(AND(%s=1,%s=1),1,0)", xw_ref(NULL, row, c0 + 1, 0, 0).s,
                       xw_ref(NULL, row, c0 + 3, 0, 0).s),
            tco_plan_feasible(P), flag);
}

/* The plans, ranked as the options are (MODEL.md, Plans): per plan in file
 * order, its name linked to its sheet, the figure rank_by names (its sheet's
 * total, NPV or NPV after tax), whether it serves all demand (its sheet's unserved total is 0,
 * or it has an overflow part) and its rank: serving plans first, then the
 * lower figure, equal ones in file order; with [tax], its total and NPV after
 * tax. */
static void sm_plans(xw_ctx *c, int wo)
{
    if (c->sm_plans == XW_NONE)
        return;
    lxw_worksheet *ws = c->summary;
    const tco_result *r = c->r;
    const int c0 = XW_SUM_COL0, h = c->sm_plans, first = h + 2, last = c->sm_plans_end;
    char t[XW_TBUF], f[XW_FBUF];
    if (tco_scenario_power_capped(c->s))
        xw_labelf(c, t, sizeof t, "summary.plans.capped",
                  "Plans, ranked as the options are: the feasible ones (serving all demand within "
                  "the site's power limit) first, then by {figure}",
                  "figure", rank_words(c, c->s->rank_by), NULL);
    else if (api_limited(c))
        xw_labelf(c, t, sizeof t, XW_KEY("summary.plans.rate"),
                  "Plans, ranked as the options are: those serving all demand within the API's "
                  "rate limit first, then by {figure}",
                  "figure", rank_words(c, c->s->rank_by), NULL);
    else
        xw_labelf(c, t, sizeof t, "summary.plans",
                  "Plans, ranked as the options are: those serving all demand first, then by "
                  "{figure}",
                  "figure", rank_words(c, c->s->rank_by), NULL);
    xw_text(c, ws, h, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    /* With a site's power limit, two more columns (MODEL.md, A plan at a site
     * with a power limit): whether the plan fits it, and whether it is
     * feasible (serves all demand and fits), which the rank then reads; with
     * [tax], the total and NPV after tax after them (MODEL.md, Plans after
     * tax). */
    const int capped = tco_scenario_power_capped(c->s), np = capped ? 5 : 3, fc = capped ? 4 : 1;
    const int nh = np + (c->s->tax ? 2 : 0);
    const char *heads[7] = {rank_words(c, c->s->rank_by),
                            api_limited(c)
                                ? xw_label(c, XW_KEY("summary.plans.serves_rate"),
                                           "Serves all demand within the API's rate limit")
                                : xw_label(c, "summary.plans.serves", "Serves all demand"),
                            xw_label(c, "summary.plans.rank", "Rank"),
                            xw_label(c, "summary.plans.fits_power", "Fits the site's power limit"),
                            xw_label(c, "summary.plans.feasible", "Feasible"),
                            NULL,
                            NULL};
    heads[np] = xw_label(c, "summary.plans.after_tax_total", "total after tax");
    heads[np + 1] = xw_label(c, "summary.rank_by.after_tax_npv", "net present value after tax");
    /* Tall enough for the headings wrapped in the options' columns. */
    xw_header_height(ws, h + 1, heads, (size_t)nh, wo);
    xw_header_text(c, ws, h + 1, 0, xw_label(c, "summary.plans.plan", "Plan"));
    for (int k = 0; k < nh; k++)
        xw_header(c, ws, h + 1, c0 + k, heads[k]);
    xw_refbuf vs = xw_range(NULL, first, c0, last, c0),
              ss = xw_range(NULL, first, c0 + fc, last, c0 + fc);
    int row = first;
    for (size_t p = 0; c->ps && p < c->s->n_plans; p++) {
        const xw_plansheet *ps = &c->ps[p];
        if (!ps->ws || ps->r_net == XW_NONE)
            continue;
        const tco_plan_result *P = &r->plans[p];
        xw_link(c, ws, row, 0, ps->quoted, c->s->plans[p].name, xw_fmt(c, XS_LINK, XN_GENERAL));
        xw_text(c, ws, row, 2, c->currency, xw_fmt(c, XS_KEY, XN_NONE));
        lxw_format *money = xw_fmt(c, XS_CALC, XN_MONEY);
        xw_fnum(c, ws, row, c0,
                xw_formula(c, f, sizeof f, "=%s",
                           xw_ref(ps->quoted, rank_row(c, ps), XW_COL_VAL, 1, 1).s),
                rank_figure(c, P), money);
        if (ps->r_at_net != XW_NONE) /* with [tax]: the total and NPV after tax */
            for (int k = 0; k < 2; k++)
                xw_fnum(c, ws, row, c0 + np + k,
                        xw_formula(
                            c, f, sizeof f, "=%s",
                            xw_ref(ps->quoted, k ? ps->r_at_pv : ps->r_at_net, XW_COL_VAL, 1, 1).s),
                        k ? P->after_tax_npv : P->after_tax_total, money);
        if (ps->r_unserved != XW_NONE)
            xw_formula(c, f, sizeof f, "=IF(%s>0,0,1)",
                       xw_ref(ps->quoted, ps->r_unserved, XW_COL_VAL, 1, 1).s);
        else if (ps->r_api_fits != XW_NONE) /* MODEL.md, An API as a plan's overflow */
            xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),1,0)*%s",
                       xw_ref(ps->quoted, ps->r_s_over, XW_COL_VAL, 1, 1).s,
                       xw_ref(ps->quoted, ps->r_api_fits, XW_COL_VAL, 1, 1).s);
        else
            xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),1,0)",
                       xw_ref(ps->quoted, ps->r_s_over, XW_COL_VAL, 1, 1).s);
        xw_fnum(c, ws, row, c0 + 1, f, P->unserved > 0 || P->over_rate_month ? 0 : 1,
                xw_fmt(c, XS_CALC, XN_FLAG));
        if (capped)
            sm_plan_power(c, ps, row, P);
        xw_refbuf v = xw_ref(NULL, row, c0, 0, 0), s = xw_ref(NULL, row, c0 + fc, 0, 0);
        char ties[XW_FBUF / 2] = "";
        if (row > first)
            tci_utf8_format(ties, sizeof ties, "+COUNTIFS(%s,%s,%s,%s)",
                            xw_range(NULL, first, c0 + fc, row - 1, c0 + fc).s, s.s,
                            xw_range(NULL, first, c0, row - 1, c0).s, v.s);
        double rank = 0;
        for (size_t k = 0; k < r->n_plans; k++)
            if (r->plan_rank[k] == p)
                rank = (double)(k + 1);
        xw_fnum(c, ws, row, c0 + 2,
                xw_formula(c, f, sizeof f, "=1+COUNTIF(%s,\">\"&%s)+COUNTIFS(%s,%s,%s,\"<\"&%s)%s",
                           ss.s, s.s, ss.s, s.s, vs.s, v.s, ties),
                rank, xw_fmt(c, XS_CALC, XN_INT));
        row++;
    }
}

/* The Summary's columns of figures: one per option, or as many as the plans'
 * emissions have when more (smplanco2.c). */
static size_t sm_cols(const xw_ctx *c)
{
    const size_t k = (size_t)xw_sm_plan_co2_cols(c);
    return k > c->s->n_options ? k : c->s->n_options;
}

/* Column widths from the labels (wrapped in the heading row). */
static sm_widths sm_columns(xw_ctx *c)
{
    lxw_worksheet *ws = c->summary;
    const size_t n = sm_cols(c);
    const int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    char t[XW_TBUF];
    int wa = 30;
    for (int fi = 0; fi < TCI_F_COUNT; fi++) {
        if (!xw_field_shown(c, fi))
            continue;
        xw_field_label(c, fi, t, sizeof t);
        wa = xw_imax(wa, tci_utf8_width(t) + 2);
    }
    if (c->sm_paid0 != XW_NONE)
        wa = xw_imax(wa, tci_utf8_width(paid0_label(c)) + 2);
    wa = wa > 60 ? 60 : wa;
    int wo = 16, lines = 1;
    for (size_t i = 0; i < c->s->n_options; i++)
        wo = xw_imax(wo, xw_money_width(c, c->r->options[i].total) + 2);
    wo = wo > 24 ? 24 : wo;
    /* At the readable scale the table fits the page's width when it can: the
     * labels' column narrows (to SM_LABEL_MIN at least) and its longer labels
     * wrap (sm_label). A table wider than that prints two pages wide, its
     * labels whole. */
    double room = ((SM_PAGE_W * 100 / xw_min_scale(c)) - 20) / 9.5 - SM_UNIT_W - (double)wo * n;
    if (wa > room && room >= SM_LABEL_MIN)
        wa = (int)room;
    c->sm_label_w = wa;
    worksheet_set_column(ws, 0, 0, wa, NULL);
    /* Column B, the JSON field names, hidden: people read the labels in A. */
    lxw_row_col_options hide = {.hidden = 1, .level = 0, .collapsed = 0};
    worksheet_set_column_opt(ws, 1, 1, 22, NULL, &hide);
    worksheet_set_column(ws, 2, 2, SM_UNIT_W, NULL);
    for (size_t i = 0; i < c->s->n_options; i++) {
        lines = xw_imax(lines, xw_wrap_lines(c->label[i], wo, 11));
    }
    worksheet_set_column(ws, (lxw_col_t)c0, (lxw_col_t)c1, wo, NULL);
    sm_widths w = {wa, wo, lines};
    return w;
}

/* A row's label in column A, wrapped on a taller row when longer than the
 * column (sm_columns). */
static void sm_label(xw_ctx *c, int row, const char *text, xw_style st)
{
    lxw_format *f = xw_fmt(c, st, XN_NONE);
    if (st != XS_TEXT)
        xw_text(c, c->summary, row, 0, text, f);
    else
        c->sm_wrapped += xw_label_cell(c, c->summary, row, 0, text, c->sm_label_w, f) - 1;
}

/* The title, the subtitle, the lowest total and the headings (frozen). */
static void sm_title(xw_ctx *c, int lines)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->summary;
    const size_t n = s->n_options;
    const int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    char t[XW_TBUF], sub[XW_TBUF], f[XW_FBUF];
    xw_labelf(c, t, sizeof t, "summary.title", "Summary: {name}", "name", c->name, NULL);
    if (s->rank_by == TCO_RANK_TOTAL)
        xw_labelf(c, sub, sizeof sub, "summary.subtitle",
                  "Totals over {months} months in {currency}: costs and outflows positive, "
                  "receipts and savings negative (a loan's proceeds, the residual value, a tax "
                  "saving); each total is the sum of its breakdown. Net present value at the "
                  "discount rate on Inputs. The lowest total of the feasible options is "
                  "highlighted.",
                  "months", xw_int(s->horizon_months).s, "currency", c->currency, NULL);
    else
        xw_labelf(c, sub, sizeof sub, "summary.subtitle.rank_by",
                  "Totals over {months} months in {currency}: costs and outflows positive, "
                  "receipts and savings negative (a loan's proceeds, the residual value, a tax "
                  "saving); each total is the sum of its breakdown. Net present value at the "
                  "discount rate on Inputs. Options are ranked by {field}, and the lowest of "
                  "the feasible options is highlighted.",
                  "months", xw_int(s->horizon_months).s, "currency", c->currency, "field",
                  s->rank_by == TCO_RANK_NPV
                      ? xw_label(c, "summary.rank_by.npv", "net present value")
                      : xw_label(c, "summary.rank_by.after_tax_npv", "net present value after tax"),
                  NULL);
    xw_title_line(c, ws, t, sub);
    const int lr = sm_plan_headlines(c); /* the options' headline */
    xw_text(
        c, ws, lr, 0,
        s->rank_by == TCO_RANK_NPV
            ? xw_label(c, "summary.lowest.npv", "Lowest net present value (feasible options)")
        : s->rank_by == TCO_RANK_AFTER_TAX_NPV
            ? xw_label(c, "summary.lowest.after_tax_npv",
                       "Lowest net present value after tax (feasible options)")
            : xw_label(c, "summary.lowest", "Lowest total cost of ownership (feasible options)"),
        xw_fmt(c, XS_TOTAL, XN_NONE));
    /* The lowest of the feasible options' totals; the first of equal ones, as the
     * engine picks (MODEL.md, Feasibility). */
    int hr = c->sm_feasible_total;
    xw_refbuf h = xw_range(NULL, hr, c0, hr, c1);
    xw_refbuf names = xw_range(NULL, c->sm_header, c0, c->sm_header, c1);
    if (n == 1) /* Gnumeric's INDEX of a one-cell range is #REF! */
        xw_formula(c, f, sizeof f, "=IF(COUNT(%s)=0,\"%s\",%s)", h.s, XW_DASH,
                   xw_ref(NULL, c->sm_header, c0, 0, 0).s);
    else
        xw_formula(c, f, sizeof f, "=IF(COUNT(%s)=0,\"%s\",INDEX(%s,1,MATCH(MIN(%s),%s,0)))", h.s,
                   XW_DASH, names.s, h.s, h.s);
    xw_fstr(c, ws, lr, c0, f, c->r->best >= 0 ? c->label[c->r->best] : XW_DASH,
            xw_fmt(c, XS_TOTAL, XN_NONE));

    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE);
    worksheet_set_row(ws, (lxw_row_t)c->sm_header, xw_lines_height(lines, 11), NULL);
    xw_text(c, ws, c->sm_header, 0, xw_label(c, "summary.head.figure", "Figure"), head);
    xw_text(c, ws, c->sm_header, 1, xw_label(c, "summary.head.field", "Field"), head);
    xw_text(c, ws, c->sm_header, 2, xw_label(c, "summary.head.unit", "Unit"), head);
    for (size_t i = 0; i < n; i++)
        xw_text(c, ws, c->sm_header, c0 + (int)i, c->label[i], xw_fmt(c, XS_HEADOPT, XN_NONE));
    worksheet_freeze_panes(ws, (lxw_row_t)(c->sm_header + 1), (lxw_col_t)c0);
}

/* The rows of the two feasibility tests, 1 (yes) or 0 (no) for each option. */
static void sm_feasibility_tests(xw_ctx *c)
{
    lxw_worksheet *ws = c->summary;
    const struct {
        int row;
        const char *key, *english;
        unsigned bit;
    } tests[] = {
        {c->sm_holds, XW_KEY("summary.holds_model"), "Holds the model in its GPUs' memory",
         TCO_INFEASIBLE_MEMORY},
        {c->sm_serves, XW_KEY("summary.serves_rate"), "Serves the target request rate",
         TCO_INFEASIBLE_RATE},
        {c->sm_fits, XW_KEY("summary.fits_power"), "Fits the site's power limit",
         TCO_INFEASIBLE_POWER},
    };
    char holds[XW_FBUF], serves[XW_FBUF], fits[XW_FBUF];
    for (size_t k = 0; k < sizeof tests / sizeof *tests; k++) {
        if (tests[k].row == XW_NONE)
            continue;
        sm_label(c, tests[k].row, xw_label(c, tests[k].key, tests[k].english), XS_TEXT);
        for (size_t i = 0; i < c->s->n_options; i++) {
            feasibility_tests(c, i, holds, serves, sizeof holds);
            fits_formula(c, i, fits, sizeof fits);
            xw_fnum(c, ws, tests[k].row, XW_SUM_COL0 + (int)i,
                    k == 0   ? holds
                    : k == 1 ? serves
                             : fits,
                    c->r->options[i].infeasible &
                            (tests[k].bit | (k == 1 ? TCO_INFEASIBLE_RATE_LIMIT : 0))
                        ? 0
                        : 1,
                    xw_fmt(c, XS_CALC, XN_FLAG));
        }
    }
}

/* The row of each feasible option's total (a dash for one left out), over
 * which the lowest total is picked: no array formula, so that every spreadsheet
 * program computes it alike. */
static void sm_feasible_total(xw_ctx *c)
{
    lxw_worksheet *ws = c->summary;
    const int hr = c->sm_feasible_total, fr = c->sm_rows[TCI_F_FEASIBLE], fi = rank_field(c);
    char f[XW_FBUF], unit[128];
    sm_label(c, hr,
             c->s->rank_by == TCO_RANK_NPV
                 ? xw_label(c, "summary.feasible_npv",
                            "Net present value of a feasible option (the lowest is picked)")
             : c->s->rank_by == TCO_RANK_AFTER_TAX_NPV
                 ? xw_label(c, "summary.feasible_after_tax_npv",
                            "Net present value after tax of a feasible option (the lowest is "
                            "picked)")
                 : xw_label(c, "summary.feasible_total",
                            "Total of a feasible option (the lowest is picked)"),
             XS_TEXT);
    xw_field_unit(c, fi, unit, sizeof unit);
    xw_text(c, ws, hr, 2, unit, xw_fmt(c, XS_KEY, XN_NONE));
    for (size_t i = 0; i < c->s->n_options; i++) {
        int col = XW_SUM_COL0 + (int)i;
        xw_formula(c, f, sizeof f, "=IF(%s=1,%s,\"\xE2\x80\x93\")", xw_ref(NULL, fr, col, 0, 0).s,
                   xw_ref(NULL, c->sm_rows[fi], col, 0, 0).s);
        if (c->r->options[i].infeasible)
            xw_fstr(c, ws, hr, col, f, "\xE2\x80\x93", xw_fmt(c, XS_CALC, XN_MONEY));
        else
            xw_fnum(c, ws, hr, col, f, rank_value(c, i), xw_fmt(c, XS_CALC, XN_MONEY));
    }
}

/* The row of what each option pays at month 0 (MODEL.md, Totals: paid_0):
 * the option sheet's net cost at month 0; a loan's down payment, a lease's
 * first payment, a rent option's upfront. Not a part of the breakdown: capex
 * is (a loan's share of it repaid by the loan's payments). */
static void sm_paid0(xw_ctx *c)
{
    lxw_worksheet *ws = c->summary;
    char f[XW_FBUF];
    if (c->sm_paid0 == XW_NONE)
        return;
    sm_label(c, c->sm_paid0, paid0_label(c), XS_TEXT);
    xw_text(c, ws, c->sm_paid0, 2, c->currency, xw_fmt(c, XS_KEY, XN_NONE));
    for (size_t i = 0; i < c->s->n_options; i++) {
        const xw_optsheet *L = &c->os[i];
        xw_formula(c, f, sizeof f, "=%s", xw_ref(L->quoted, L->r_net, XW_COL_M0, 1, 1).s);
        xw_fnum(c, ws, c->sm_paid0, XW_SUM_COL0 + (int)i, f, c->r->options[i].paid0,
                xw_fmt(c, XS_CALC, XN_MONEY));
    }
}

/* The fields' rows, under their blocks' headings, the row of feasible totals,
 * and the cheapest feasible column highlighted. */
static void sm_fields(xw_ctx *c)
{
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->summary;
    const size_t n = c->s->n_options;
    const int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    char t[XW_TBUF], f[XW_FBUF], unit[128];
    for (int fi = 0; fi < TCI_F_COUNT; fi++) {
        int rr = c->sm_rows[fi];
        if (rr == XW_NONE)
            continue;
        if (tci_field_get((tci_field_id)fi)->group_key) {
            if (fi == TCI_F_BREAKEVEN_MONTH && r->baseline >= 0)
                xw_labelf(c, t, sizeof t, "summary.group.baseline.option",
                          "Against the baseline: {label}", "label", c->label[r->baseline], NULL);
            else if (fi == TCI_F_BREAKEVEN_MONTH)
                tci_utf8_format(t, sizeof t, "%s",
                                xw_label(c, "summary.group.baseline.none",
                                         "Against the baseline: none (no rent option)"));
            else
                tci_utf8_format(t, sizeof t, "%s", xw_group_label(c, fi));
            xw_text(c, ws, rr - 1, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
        }
        xw_field_label(c, fi, t, sizeof t);
        xw_style st = fi == TCI_F_TOTAL ? XS_TOTAL : XS_TEXT;
        sm_label(c, rr, t, st);
        xw_text(c, ws, rr, 1, tci_field_get((tci_field_id)fi)->name, xw_fmt(c, XS_KEY, XN_NONE));
        xw_field_unit(c, fi, unit, sizeof unit);
        xw_text(c, ws, rr, 2, unit, xw_fmt(c, XS_KEY, XN_NONE));
        for (size_t i = 0; i < n; i++)
            summary_cell(c, i, fi, rr, c0 + (int)i);
        if (fi == TCI_F_CAPEX)
            sm_paid0(c);
    }

    sm_feasibility_tests(c);
    sm_feasible_total(c);

    /* Highlighted: the column of the lowest feasible total (the first of equal
     * ones); in red, the verdict and reason of an option left out. */
    int hr = c->sm_feasible_total;
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
    xw_formula(c, f, sizeof f, "=COLUMN(%s)-COLUMN(%s)+1=MATCH(MIN(%s),%s,0)",
               xw_ref(NULL, hr, c0, 1, 0).s, xw_ref(NULL, hr, c0, 1, 1).s,
               xw_range(NULL, hr, c0, hr, c1).s, xw_range(NULL, hr, c0, hr, c1).s);
    cf.value_string = f;
    cf.format = c->fmt_best;
    xw_note(c,
            worksheet_conditional_format_range(ws, (lxw_row_t)c->sm_rows[TCI_F_ID], (lxw_col_t)c0,
                                               (lxw_row_t)c->sm_last_row, (lxw_col_t)c1, &cf));
    int fr = c->sm_rows[TCI_F_FEASIBLE];
    xw_formula(c, f, sizeof f, "=%s=0", xw_ref(NULL, fr, c0, 1, 0).s);
    cf.value_string = f;
    cf.format = c->fmt_nofit;
    int last = c->sm_fits != XW_NONE     ? c->sm_fits
               : c->sm_serves != XW_NONE ? c->sm_serves
                                         : c->sm_holds;
    xw_note(c, worksheet_conditional_format_range(ws, (lxw_row_t)fr, (lxw_col_t)c0, (lxw_row_t)last,
                                                  (lxw_col_t)c1, &cf));
}

/* The engine's workload sizing under the table, for the record (not formulas),
 * when the scenario sizes a model; returns the charts' first row. */
static int sm_sizing(xw_ctx *c)
{
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->summary;
    const int c0 = XW_SUM_COL0;
    char t[XW_TBUF];
    if (!(c->s->model_params > 0))
        return sm_bottom(c) + 3;
    int sr = sm_bottom(c) + 2;
    xw_text(c, ws, sr, 0,
            xw_label(c, "summary.sizing", "Workload sizing (engine figures, not live)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    sm_label(c, sr + 1, xw_label(c, "summary.sizing.fits", "Model fits in the GPUs' memory"),
             XS_TEXT);
    xw_text(c, ws, sr + 1, 1, "sizing.fits", xw_fmt(c, XS_KEY, XN_NONE));
    for (size_t i = 0; i < c->s->n_options; i++) {
        const tco_sizing *z = &r->options[i].sizing;
        char min[48];
        tci_utf8_format(min, sizeof min, "%.0f", z->min_gpus);
        if (z->fits == 1)
            tci_utf8_format(t, sizeof t, "%s", xw_label(c, "summary.sizing.yes", "yes"));
        else if (z->fits == 0 && isfinite(z->min_gpus))
            xw_labelf(c, t, sizeof t, "summary.sizing.needs", "NO: needs {n} GPUs", "n", min, NULL);
        else if (z->fits == 0)
            tci_utf8_format(t, sizeof t, "%s", xw_label(c, "summary.sizing.no", "NO"));
        else
            tci_utf8_format(t, sizeof t, "%s", xw_label(c, "summary.sizing.unknown", "unknown"));
        xw_text(c, ws, sr + 1, c0 + (int)i, t,
                z->fits == 0 ? c->fmt_nofit : xw_fmt(c, XS_FIXED, XN_GENERAL));
    }
    return sr + 4;
}

/* A column `chars` characters wide, in the pixels that place a chart over it
 * (a digit of 11-point Calibri is 7 pixels, and 5 of margins). */
static double col_px(double chars)
{
    return chars * 7 + 5;
}

/* Page breaks of the table (rows sm_header + 1 .. top - 1) printed at scale
 * s under its repeated headings (`head` pixels): whole blocks (a heading and
 * its rows) on each page. */
static void sm_table_breaks(xw_ctx *c, int top, double s, double head, lxw_row_t *breaks, int *nb)
{
    int starts[TCI_F_COUNT + 2], n = 0;
    for (int fi = 0; fi < TCI_F_COUNT; fi++)
        if (c->sm_rows[fi] != XW_NONE && tci_field_get((tci_field_id)fi)->group_key)
            starts[n++] = c->sm_rows[fi] - 1;
    if (top > c->sm_last_row + 3) /* the workload sizing */
        starts[n++] = c->sm_last_row + 2;
    starts[n] = top;
    /* 20-pixel rows, 15 more for each wrapped line, counted on every page. */
    double room = SM_PAGE_H / s - head - 15.0 * c->sm_wrapped;
    double used = 20.0 * (n > 0 ? starts[0] - c->sm_header - 1 : 0);
    for (int k = 0; k < n; k++) {
        double h = 20.0 * (starts[k + 1] - starts[k]);
        if (used > 0 && used + h > room && *nb < 16) {
            breaks[(*nb)++] = (lxw_row_t)starts[k];
            used = 0;
        }
        used += h;
    }
}

/* Landscape, at a scale at which the numbers are readable (xw_min_scale or
 * more): the table (rows above `top`) on the first page when it fits there,
 * else on as many pages as it needs, broken between its blocks, with the
 * title and the options' headings repeated on each; a table wider than the
 * page at that scale prints two pages wide, its labels repeated. The charts
 * together on the next page, filling it at the same scale, over the table's
 * columns and empty columns added up to the page's width. Widths are counted
 * as xw_cols_px does (the wider fonts that stand in for Calibri where it is
 * missing). Fitting to the page would drop the page breaks, so the scale is
 * computed. */
static void sm_print(xw_ctx *c, int top, sm_widths w)
{
    lxw_worksheet *ws = c->summary;
    const int n = (int)sm_cols(c);
    const double pad = 8, lo = xw_min_scale(c) / 100.0;
    double chars = w.wa + SM_UNIT_W + (double)w.wo * n; /* column B hidden */
    /* The rows repeated on every page: the title, the subtitle (about three
     * lines), the lowest total and the headings. */
    double head = 20.0 * (c->sm_header - 1) + xw_lines_height(3, 11) + xw_lines_height(w.lines, 11);
    double table_h = head + 20.0 * (top - 1 - c->sm_header) + 15.0 * c->sm_wrapped;
    double sw = fmin(1, SM_PAGE_W / xw_cols_px(chars));
    double s = fmin(sw, SM_PAGE_H / table_h);
    int wide = 0;
    lxw_row_t breaks[20];
    int nb = 0;
    if (s < lo) {
        s = fmax(floor(sw * 100) / 100, lo);
        wide = sw < lo;
        sm_table_breaks(c, top, s, head, breaks, &nb);
    }
    int last_row = top - 1, last_col = XW_SUM_COL0 + n - 1;
    if (c->n_charts > 0) {
        double page_chars = (SM_PAGE_W / s - 20) / 9.5;
        int extra = (int)((page_chars - chars) * 9.5 / xw_cols_px(pad) * 0.95);
        if (extra > 0) {
            xw_set_col(ws, last_col + 1, last_col + extra, pad);
            last_col += extra;
        }
        double width = col_px(w.wa) + col_px(SM_UNIT_W) + col_px(w.wo) * n;
        width += col_px(pad) * (extra > 0 ? extra : 0) - 4;
        if (wide) /* on the first page's width */
            width = fmin(width, col_px(page_chars) * 0.97);
        /* Less the rows repeated above; the table's room to spare is not
         * needed under charts, which do not grow in another program. */
        double height = (SM_PAGE_H - 20) / s - head - 16;
        int page2;
        last_row = xw_summary_charts(c, top, width, height, &page2);
        breaks[nb++] = (lxw_row_t)top;
        if (page2 >= 0) /* the plans' emissions (MODEL.md, A plan's emissions) */
            breaks[nb++] = (lxw_row_t)page2;
    }
    breaks[nb] = 0;
    if (nb > 0)
        xw_note(c, worksheet_set_h_pagebreaks(ws, breaks));
    xw_print_setup(c, ws, 0, c->sm_header, 0);
    worksheet_set_print_scale(ws, (uint16_t)floor(s * 100 + 1e-6));
    if (wide)
        xw_note(c, worksheet_repeat_columns(ws, 0, 2));
    xw_note(c, worksheet_print_area(ws, 0, 0, (lxw_row_t)last_row, (lxw_col_t)last_col));
}

/* See sheets.h. */
void xw_write_summary(xw_ctx *c)
{
    worksheet_set_tab_color(c->summary, 0x70AD47);
    sm_layout(c);
    sm_widths w = sm_columns(c);
    sm_title(c, w.lines);
    sm_fields(c);
    sm_plans(c, w.wo);
    xw_sm_plan_co2(c, w.wo);
    sm_print(c, sm_sizing(c), w);
}
