/* checks.c - the Checks sheet: the master check, made of integrity checks that
 * hold for any inputs (each figure computed two ways), and below it the
 * reconciliation of the workbook's figures with those tco computed. */
#include "write/xlsx/sheets.h"
#include "core/core.h"
#include "core/factors.h"
#include "core/routes.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/fields.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Columns of the Checks sheet. Expected is the figure computed the other way
 * (integrity) or as tco computed it (reconciliation). */
enum { CK_OPTION, CK_FIGURE, CK_FIELD, CK_EXPECT, CK_BOOK, CK_SCALE, CK_DIFF, CK_STATUS, CK_N };

#define CK_W_OPTION 12 /* the widths of the option's and the check's columns, which wrap */
#define CK_W_FIGURE 63
#define CK_MX_HEAD  9 /* the matrix's headings' row, under its section's heading */

/* The columns' widths, in characters; the matrix widens an option's column to
 * its id (ck_col_width). */
static const double ck_widths[CK_N] = {CK_W_OPTION, CK_W_FIGURE, 19, 12, 12, 9, 9, 7};

static double ck_w_figure(const xw_ctx *c);

/* ===== Integrity checks ===== */

/* One integrity check: what it checks, the field it concerns (XW_NONE: none),
 * the workbook's figure and the same figure computed the other way, and the
 * scale of their difference (empty: the larger of the two, at least 1); each
 * formula with its cached value. */
typedef struct ck_item {
    const char *key, *english;
    int fi;
    xw_numfmt nf; /* both ways' number format */
    char book[1024], expect[1024], scale[1024];
    double vbook, vexpect, vscale;
} ck_item;

/* Integrity checks of one option, at most: 19, a statements' cash check a
 * fiscal year (at most H / 12 + 2 of them) and their horizon's check. */
#define CK_PER_OPTION (19 + TCO_MAX_HORIZON / 12 + 2 + 1)

/* The magnitude a difference is measured against: the figure itself (at least 1);
 * for depreciation and book value, the capex they come from, since a fully
 * depreciated asset's book value is zero plus rounding. */
static double check_scale(const tco_result *r, size_t i, int fi, double v)
{
    double s = isfinite(v) ? fabs(v) : 0;
    if (fi == TCI_F_DEPRECIATION || fi == TCI_F_BOOK_VALUE_END)
        s = fmax(s, fabs(r->options[i].capex));
    return fmax(1, s);
}

/* The next item of `it` (n so far), with what it checks. */
static ck_item *ck_add(ck_item *it, int *n, const char *key, const char *english, int fi)
{
    ck_item *k = &it[(*n)++];
    k->key = key;
    k->english = english;
    k->fi = fi;
    k->nf = XN_MONEY;
    k->book[0] = k->expect[0] = k->scale[0] = '\0';
    k->vscale = NAN;
    return k;
}

/* Option i's cell of Summary field fi. */
static xw_refbuf sm(const xw_ctx *c, size_t i, int fi)
{
    return xw_ref(c->sheet_q[TCI_SHEET_SUMMARY], c->sm_rows[fi], XW_SUM_COL0 + (int)i, 1, 1);
}

/* Cell (row, col) of option i's sheet. */
static xw_refbuf os(const xw_ctx *c, size_t i, int row, int col)
{
    return xw_ref(c->os[i].quoted, row, col, 1, 1);
}

/* A bought option's incremental flow against the baseline adds up to the
 * baseline's total less the option's, less the baseline's commitment past the
 * horizon (MODEL.md, "Returns of buying against the baseline"). */
static void ck_flow_item(xw_ctx *c, size_t i, ck_item *it, int *n)
{
    const xw_optsheet *L = &c->os[i];
    const int b = c->r->baseline;
    const xw_optsheet *B = &c->os[b];
    const tco_option_result *res = &c->r->options[i], *rb = &c->r->options[b];
    const int H = c->s->horizon_months;
    ck_item *k = ck_add(it, n, XW_KEY("checks.integrity.flow"),
                        "The saving against the baseline adds up to the difference of the totals",
                        TCI_F_IRR);
    xw_formula(c, k->book, sizeof k->book, "=SUM(%s)",
               xw_range(L->quoted, L->r_flow, XW_COL_M0, L->r_flow, XW_COL_M0 + H).s);
    /* Commitments past the horizon are in the totals, not in the flow. */
    xw_formula(c, k->expect, sizeof k->expect, "=%s-%s%s%s%s%s", sm(c, (size_t)b, TCI_F_TOTAL).s,
               sm(c, i, TCI_F_TOTAL).s, B->r_commit != XW_NONE ? "-" : "",
               B->r_commit != XW_NONE ? os(c, (size_t)b, B->r_commit, XW_COL_VAL).s : "",
               L->r_commit != XW_NONE ? "+" : "",
               L->r_commit != XW_NONE ? os(c, i, L->r_commit, XW_COL_VAL).s : "");
    k->vbook = tci_route_flow(res, rb, H);
    k->vexpect =
        tci_route_totals_difference(res, rb, B->r_commit != XW_NONE, L->r_commit != XW_NONE);
    /* The totals' size: the difference of two close totals is small. */
    xw_formula(c, k->scale, sizeof k->scale, "=MAX(1,ABS(%s),ABS(%s))",
               sm(c, (size_t)b, TCI_F_TOTAL).s, sm(c, i, TCI_F_TOTAL).s);
    k->vscale = fmax(1, fmax(fabs(rb->total), fabs(res->total)));
}

/* The option sheet's checks: the cost lines, the cumulative cost, the total,
 * the NPV two ways, the discount factor and depreciation. */
static void ck_sheet_items(xw_ctx *c, size_t i, ck_item *it, int *n)
{
    const xw_optsheet *L = &c->os[i];
    const tco_option_result *res = &c->r->options[i];
    const int H = c->s->horizon_months, last = XW_COL_M0 + H, V = XW_COL_VAL;
    ck_item *k = ck_add(it, n, XW_KEY("checks.integrity.lines"),
                        "The cost lines add up to the operating cost", XW_NONE);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_opcost, V).s);
    xw_formula(c, k->expect, sizeof k->expect, "=SUM(%s)%s%s",
               xw_range(L->quoted, L->r_line[0], V, L->r_last_line, V).s,
               c->s->carbon_in_total ? "+" : "",
               c->s->carbon_in_total ? os(c, i, L->co2.r_cost, V).s : "");
    k->vbook = tci_route_operating_paid(res, H, L->lease), k->vexpect = tci_route_lines(res, H);

    k = ck_add(it, n, XW_KEY("checks.integrity.cumulative"),
               "The cumulative cost at the last month is capex plus the operating cost", XW_NONE);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_cum, last).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s%s%s+%s", os(c, i, L->r_capex, V).s,
               L->r_lent != XW_NONE ? "+" : "",
               L->r_lent != XW_NONE ? os(c, i, L->r_lent, V).s : "", os(c, i, L->r_opcost, V).s);
    k->vbook = res->monthly[H - 1].cumulative, k->vexpect = tci_route_cumulative(res, H);

    k = ck_add(it, n, XW_KEY("checks.integrity.net"),
               "The total is capex plus the operating cost and the residual (a receipt), plus "
               "the commitment after the horizon",
               TCI_F_TOTAL);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_net, V).s);
    xw_formula(
        c, k->expect, sizeof k->expect, "=%s%s%s+%s%s%s%s%s", os(c, i, L->r_capex, V).s,
        L->r_lent != XW_NONE ? "+" : "", L->r_lent != XW_NONE ? os(c, i, L->r_lent, V).s : "",
        os(c, i, L->r_opcost, V).s, L->r_resid != XW_NONE ? "+" : "",
        L->r_resid != XW_NONE ? os(c, i, L->r_resid, V).s : "", L->r_commit != XW_NONE ? "+" : "",
        L->r_commit != XW_NONE ? os(c, i, L->r_commit, V).s : "");
    k->vbook = res->total;
    k->vexpect = tci_route_net(res, H, L->r_resid != XW_NONE, L->r_commit != XW_NONE);

    /* NPV() discounts its first value by one period: month 1 onwards. */
    k = ck_add(it, n, XW_KEY("checks.integrity.npv"),
               "NPV two ways: the present values against NPV() of the net cost", TCI_F_NPV);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_pv, V).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s+NPV(%s,%s)%s%s",
               os(c, i, L->r_net, XW_COL_M0).s, os(c, i, L->k_rm, V).s,
               xw_range(L->quoted, L->r_net, XW_COL_M0 + 1, L->r_net, last).s,
               L->r_commit_pv != XW_NONE ? "+" : "",
               L->r_commit_pv != XW_NONE ? os(c, i, L->r_commit_pv, V).s : "");
    double rm = c->r->monthly_rate;
    k->vbook = res->npv;
    k->vexpect = tci_route_npv(res, L->buy, rm, H, L->r_commit_pv != XW_NONE);

    k = ck_add(it, n, XW_KEY("checks.integrity.discount"),
               "The discount factor of the last month against the annual discount rate", XW_NONE);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_df, last).s);
    xw_formula(c, k->expect, sizeof k->expect, "=1/(1+DiscountRate)^(HorizonMonths/MonthsPerYear)");
    k->nf = XN_DEC6;
    k->vbook = tci_discount_factor(rm, H);
    k->vexpect = tci_discount_factor_annual(c->s->discount_rate, H);

    if (L->buy) {
        k = ck_add(it, n, XW_KEY("checks.integrity.depreciation"),
                   "Depreciation adds up to capex less the book value at the end",
                   TCI_F_DEPRECIATION);
        xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_dep, V).s);
        /* A lease's hardware is booked at its buyout. */
        xw_formula(c, k->expect, sizeof k->expect, "=%s-%s",
                   os(c, i, L->lease ? L->r_ebuy : L->r_capex, V).s, os(c, i, L->r_bv, last).s);
        k->vbook = res->depreciation;
        k->vexpect = tci_route_depreciation(res, L->lease);
    }
}

/* The sweep's total of option i at its point p (0-based), as Buy-vs-Rent caches it. */
static double sweep_total(const xw_ctx *c, size_t i, int p, double *u)
{
    const tco_analysis *A = xw_analysis(c);
    int npts = c->br_last - c->br_first + 1;
    int engine = A && A->n_sweep == (size_t)npts && A->sweep_u && A->sweep_total;
    *u = engine ? A->sweep_u[p] : (p + 1) / (double)npts;
    return engine ? A->sweep_total[i * (size_t)npts + (size_t)p]
                  : tci_total_at_utilization(&c->r->options[i], *u);
}

/* The Summary's and the other sheets' checks: the Summary's lines, total and
 * NPV, the cost per GPU-hour, the utilization sweep and the break-even. */
static void ck_summary_items(xw_ctx *c, size_t i, ck_item *it, int *n)
{
    const xw_optsheet *L = &c->os[i];
    const tco_option_result *res = &c->r->options[i];
    const int V = XW_COL_VAL;
    ck_item *k = ck_add(it, n, XW_KEY("checks.integrity.summary_lines"),
                        "Summary: the cost breakdown (capex, the cost lines, financing, the "
                        "residual) gives the total",
                        TCI_F_TOTAL);
    xw_formula(c, k->book, sizeof k->book, "=%s", sm(c, i, TCI_F_TOTAL).s);
    /* The breakdown's rows: capex, the cost lines, a loan's interest, a lease's
     * payments and buyout, the commitment and the residual (negative); SUM leaves
     * out the dash of a figure that does not apply. */
    int parts[TCI_F_COUNT];
    size_t np = xw_breakdown_fields(c, 0, parts, TCI_F_COUNT);
    size_t o = (size_t)tci_utf8_format(k->expect, sizeof k->expect, "=SUM(");
    for (size_t p = 0; p < np && o < sizeof k->expect; p++)
        o += (size_t)tci_utf8_format(k->expect + o, sizeof k->expect - o, "%s%s", p ? "," : "",
                                     sm(c, i, parts[p]).s);
    if (c->s->carbon_in_total && o < sizeof k->expect) /* MODEL.md, The carbon cost in the total */
        o += (size_t)tci_utf8_format(k->expect + o, sizeof k->expect - o, ",%s",
                                     sm(c, i, TCI_F_CARBON_COST).s);
    if (o < sizeof k->expect)
        tci_utf8_format(k->expect + o, sizeof k->expect - o, ")");
    k->vbook = res->total;
    k->vexpect = tci_route_summary_total(res, L->term || L->lease, L->lease, L->loan, L->buy);
    if (c->s->carbon_in_total)
        k->vexpect = k->vexpect + res->carbon_cost;

    k = ck_add(it, n, XW_KEY("checks.integrity.summary_total"),
               "Summary: the total is the option sheet's", TCI_F_TOTAL);
    xw_formula(c, k->book, sizeof k->book, "=%s", sm(c, i, TCI_F_TOTAL).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s", os(c, i, L->r_net, V).s);
    k->vbook = k->vexpect = res->total;

    k = ck_add(it, n, XW_KEY("checks.integrity.summary_npv"),
               "Summary: the NPV is the option sheet's", TCI_F_NPV);
    xw_formula(c, k->book, sizeof k->book, "=%s", sm(c, i, TCI_F_NPV).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s", os(c, i, L->r_pv, V).s);
    k->vbook = k->vexpect = res->npv;

    /* Without GPU-hours the cost per GPU-hour is n/a: then the total itself. */
    k = ck_add(it, n, XW_KEY("checks.integrity.per_gpu_hour"),
               "Summary: the cost per GPU-hour times the GPU-hours gives the total",
               TCI_F_COST_PER_GPU_HOUR);
    xw_refbuf cp = sm(c, i, TCI_F_COST_PER_GPU_HOUR);
    xw_formula(c, k->book, sizeof k->book, "=IF(ISNUMBER(%s),%s*%s,%s)", cp.s, cp.s,
               sm(c, i, TCI_F_GPU_HOURS).s, sm(c, i, TCI_F_TOTAL).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s", sm(c, i, TCI_F_TOTAL).s);
    k->vbook = tci_route_per_gpu_hour(res);
    k->vexpect = res->total;

    if (c->buyrent && c->br_first != XW_NONE && c->br_last > c->br_first) {
        /* The sweep is a straight line in utilization: through its first and last
         * points, at the option's own utilization. */
        const char *q = c->sheet_q[TCI_SHEET_BUY_VS_RENT];
        int col = 1 + (int)i;
        double u1, un, t1 = sweep_total(c, i, 0, &u1),
                       tn = sweep_total(c, i, c->br_last - c->br_first, &un);
        k = ck_add(it, n, XW_KEY("checks.integrity.sweep"),
                   "Buy-vs-Rent: the sweep at the option's own utilization gives its total",
                   TCI_F_TOTAL);
        xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_net, V).s);
        xw_refbuf a1 = xw_ref(q, c->br_first, col, 1, 1), an = xw_ref(q, c->br_last, col, 1, 1),
                  x1 = xw_ref(q, c->br_first, 0, 1, 1), xn = xw_ref(q, c->br_last, 0, 1, 1);
        xw_formula(c, k->expect, sizeof k->expect, "=%s+(%s-%s)*(%s-%s)/(%s-%s)", a1.s,
                   os(c, i, L->k_util, V).s, x1.s, an.s, a1.s, xn.s, x1.s);
        k->vbook = res->total;
        k->vexpect = tci_route_sweep_at(u1, t1, un, tn, res->utilization);
    }

    if (L->has_base) {
        /* Where the two totals meet, they are equal; 0 = 0 when the slopes are. */
        const xw_optsheet *B = &c->os[c->r->baseline];
        xw_refbuf x = os(c, i, L->k_breakeven_u, V), t0 = os(c, i, L->k_total0, V),
                  sl = os(c, i, L->k_slope, V);
        xw_refbuf bt0 = xw_ref(B->quoted, B->k_total0, V, 1, 1),
                  bsl = xw_ref(B->quoted, B->k_slope, V, 1, 1);
        k = ck_add(it, n, XW_KEY("checks.integrity.breakeven"),
                   "At the break-even utilization the option and the baseline cost the same",
                   TCI_F_BREAKEVEN_UTILIZATION);
        xw_formula(c, k->book, sizeof k->book, "=IF(ISNUMBER(%s),%s+%s*%s,0)", x.s, t0.s, sl.s,
                   x.s);
        xw_formula(c, k->expect, sizeof k->expect, "=IF(ISNUMBER(%s),%s+%s*%s,0)", x.s, bt0.s,
                   bsl.s, x.s);
        xw_formula(c, k->scale, sizeof k->scale,
                   "=IF(ISNUMBER(%s),MAX(1,ABS(%s),ABS(%s*%s),ABS(%s),ABS(%s*%s)),1)", x.s, t0.s,
                   sl.s, x.s, bt0.s, bsl.s, x.s);
        const tco_option_result *rb = &c->r->options[c->r->baseline];
        double u = tci_utilization_crossing(res, rb);
        if (isnan(u)) {
            k->vbook = k->vexpect = 0, k->vscale = 1;
        } else {
            k->vbook = tci_total_at_utilization(res, u);
            k->vexpect = tci_total_at_utilization(rb, u);
            k->vscale = fmax(
                fmax(1, fmax(fabs(res->total_at_zero_utilization),
                             fabs(res->total_per_utilization * u))),
                fmax(fabs(rb->total_at_zero_utilization), fabs(rb->total_per_utilization * u)));
        }
        ck_flow_item(c, i, it, n);
    }
}

/* The tax rows' checks (MODEL.md, Taxes): the months' tax is -rate times the
 * deductions plus the tax on the sale and the commitment's; the total after
 * tax is the total plus the tax; the after-tax NPV two ways; a bought option's
 * after-tax saving against the baseline adds up to the difference of the
 * after-tax totals within the horizon. */
static void ck_tax_items(xw_ctx *c, size_t i, ck_item *it, int *n)
{
    const xw_optsheet *L = &c->os[i];
    const tco_option_result *res = &c->r->options[i];
    const int H = c->s->horizon_months, last = XW_COL_M0 + H, V = XW_COL_VAL;
    const double rate = c->s->tax_rate, rm = c->r->monthly_rate;
    if (L->r_tax == XW_NONE)
        return;
    double ded = tci_route_deductions(res, H);
    ck_item *k = ck_add(it, n, XW_KEY("checks.integrity.tax"),
                        "Taxes: the tax is -rate x the deductions, plus the tax on the sale and "
                        "on the commitment after the horizon",
                        TCI_F_TAX);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->r_tax, V).s);
    xw_formula(c, k->expect, sizeof k->expect, "=-TaxRate*SUM(%s)%s%s%s%s",
               xw_range(L->quoted, L->tx.r_ded, XW_COL_M0, L->tx.r_ded, last).s,
               L->tx.k_tsale != XW_NONE ? "+" : "",
               L->tx.k_tsale != XW_NONE ? os(c, i, L->tx.k_tsale, V).s : "",
               L->tx.k_ctax != XW_NONE ? "+" : "",
               L->tx.k_ctax != XW_NONE ? os(c, i, L->tx.k_ctax, V).s : "");
    /* The deductions' size: the tax is a difference of figures that large. */
    xw_formula(c, k->scale, sizeof k->scale, "=MAX(1,ABS(%s),ABS(TaxRate*SUM(%s)))",
               os(c, i, L->r_tax, V).s,
               xw_range(L->quoted, L->tx.r_ded, XW_COL_M0, L->tx.r_ded, last).s);
    k->vscale = fmax(1, fmax(fabs(res->tax), fabs(rate * ded)));
    k->vbook = res->tax;
    k->vexpect = tci_route_tax(res, rate, ded, L->tx.k_tsale != XW_NONE, L->tx.k_ctax != XW_NONE);

    k = ck_add(it, n, XW_KEY("checks.integrity.after_tax_total"),
               "Taxes: the total after tax is the total plus the tax", TCI_F_AFTER_TAX_TOTAL);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->tx.r_atnet, V).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s+%s", os(c, i, L->r_net, V).s,
               os(c, i, L->r_tax, V).s);
    k->vbook = res->after_tax_total, k->vexpect = tci_route_after_tax_total(res);

    /* NPV() discounts its first value by one period: month 1 onwards. */
    k = ck_add(it, n, XW_KEY("checks.integrity.after_tax_npv"),
               "Taxes: the NPV after tax two ways, the present values against NPV()",
               TCI_F_AFTER_TAX_NPV);
    xw_formula(c, k->book, sizeof k->book, "=%s", os(c, i, L->tx.r_atpv, V).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s+NPV(%s,%s)%s%s",
               os(c, i, L->tx.r_atnet, XW_COL_M0).s, os(c, i, L->k_rm, V).s,
               xw_range(L->quoted, L->tx.r_atnet, XW_COL_M0 + 1, L->tx.r_atnet, last).s,
               L->r_commit_pv != XW_NONE ? "+(1-TaxRate)*" : "",
               L->r_commit_pv != XW_NONE ? os(c, i, L->r_commit_pv, V).s : "");
    k->vbook = res->after_tax_npv;
    k->vexpect = tci_route_after_tax_npv(res, rm, H, rate, L->r_commit_pv != XW_NONE);

    if (L->tx.r_flow == XW_NONE)
        return;
    /* What falls within the horizon: the total after tax less the commitment
     * past it and its tax. */
    const int b = c->r->baseline;
    const xw_optsheet *B = &c->os[b];
    const tco_option_result *rb = &c->r->options[b];
    char within[2][XW_FBUF / 2];
    for (int s = 0; s < 2; s++) {
        size_t j = s == 0 ? (size_t)b : i;
        const xw_optsheet *J = &c->os[j];
        if (J->r_commit != XW_NONE)
            tci_utf8_format(within[s], sizeof within[s], "(%s-%s-%s)", os(c, j, J->tx.r_atnet, V).s,
                            os(c, j, J->r_commit, V).s, os(c, j, J->tx.k_ctax, V).s);
        else
            tci_utf8_format(within[s], sizeof within[s], "%s", os(c, j, J->tx.r_atnet, V).s);
    }
    k = ck_add(it, n, XW_KEY("checks.integrity.after_tax_flow"),
               "Taxes: the saving after tax adds up to the difference of the totals after tax "
               "within the horizon",
               TCI_F_IRR_AFTER_TAX);
    xw_formula(c, k->book, sizeof k->book, "=SUM(%s)",
               xw_range(L->quoted, L->tx.r_flow, XW_COL_M0, L->tx.r_flow, last).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s-%s", within[0], within[1]);
    k->vbook = tci_route_after_tax_flow(res, rb, H);
    k->vexpect =
        tci_route_after_tax_difference(res, rb, B->r_commit != XW_NONE, L->r_commit != XW_NONE);
    xw_formula(c, k->scale, sizeof k->scale, "=MAX(1,ABS(%s),ABS(%s))",
               os(c, (size_t)b, B->tx.r_atnet, V).s, os(c, i, L->tx.r_atnet, V).s);
    k->vscale = fmax(1, fmax(fabs(rb->after_tax_total), fabs(res->after_tax_total)));
}

/* The Budget's fiscal years add up to the option's flow of months 0..H: the
 * net cost (and the tax, when the sheet has its row) without the commitment
 * past the horizon (MODEL.md, Fiscal years and the budget). */
static void ck_budget_item(xw_ctx *c, size_t i, ck_item *it, int *n)
{
    const xw_optsheet *L = &c->os[i];
    const tco_option_result *res = &c->r->options[i];
    const int H = c->s->horizon_months;
    if (!c->bg || !c->bg_row)
        return;
    ck_item *k =
        ck_add(it, n, XW_KEY("checks.integrity.budget"),
               "The fiscal years' totals add up to the cash flow of months 0 to H", XW_NONE);
    int total = c->bg_row[i] + (int)c->bg->n_years;
    xw_formula(c, k->book, sizeof k->book, "=%s",
               xw_ref(c->sheet_q[TCI_SHEET_BUDGET], total, XW_BG_COL0 + TCO_BUDGET_TOTAL, 1, 1).s);
    char tax[XW_FBUF / 2] = "";
    if (L->r_tax != XW_NONE)
        tci_utf8_format(tax, sizeof tax, "+SUM(%s)",
                        xw_range(L->quoted, L->r_tax, XW_COL_M0, L->r_tax, XW_COL_M0 + H).s);
    xw_formula(c, k->expect, sizeof k->expect, "=SUM(%s)%s",
               xw_range(L->quoted, L->r_net, XW_COL_M0, L->r_net, XW_COL_M0 + H).s, tax);
    k->vbook = tci_route_budget_years(c->bg, i);
    k->vexpect = tci_route_budget_flow(res, H, L->buy, L->r_tax != XW_NONE);
}

/* The Statements sheet's checks (MODEL.md, Statements: reconciliations): in
 * each fiscal year, operating, investing and financing cash add up to the
 * Budget's total; over the horizon, the after-tax effects (pre-tax without
 * [tax]) add up to the total after tax within the horizon, plus the lease
 * liability less the right-of-use asset left at its end. */
static void ck_statement_items(xw_ctx *c, size_t i, ck_item *it, int *n)
{
    const xw_optsheet *L = &c->os[i];
    const tco_option_result *res = &c->r->options[i];
    const int H = c->s->horizon_months, last = XW_COL_M0 + H, V = XW_COL_VAL;
    if (!c->st || !c->st_line || !c->statements || !c->bg || !c->bg_row)
        return;
    const char *q = c->sheet_q[TCI_SHEET_STATEMENTS];
    const int *line = &c->st_line[i * TCO_STMT_COLS];
    const int cash[3] = {TCO_STMT_OPERATING_CASH, TCO_STMT_INVESTING_CASH, TCO_STMT_FINANCING_CASH};
    for (size_t y = 0; y < c->st->n_years; y++) {
        ck_item *k = ck_add(it, n, XW_KEY("checks.integrity.statements_cash"),
                            "Statements: cash sections = the Budget, each year", XW_NONE);
        size_t o = (size_t)tci_utf8_format(k->book, sizeof k->book, "=0");
        for (int j = 0; j < 3 && o < sizeof k->book; j++)
            if (line[cash[j]] != XW_NONE)
                o += (size_t)tci_utf8_format(k->book + o, sizeof k->book - o, "+%s",
                                             xw_ref(q, line[cash[j]], xw_stmt_col((int)y), 1, 1).s);
        xw_formula(c, k->expect, sizeof k->expect, "=%s",
                   xw_ref(c->sheet_q[TCI_SHEET_BUDGET], c->bg_row[i] + (int)y,
                          XW_BG_COL0 + TCO_BUDGET_TOTAL, 1, 1)
                       .s);
        k->vbook = c->st->value[(i * c->st->n_years + y) * TCO_STMT_COLS + TCO_STMT_NET_CASH];
        k->vexpect = c->bg->value[(i * c->bg->n_years + y) * TCO_BUDGET_COLS + TCO_BUDGET_TOTAL];
    }
    const int tax = L->r_tax != XW_NONE, commit = L->r_commit != XW_NONE;
    const int col = tax ? TCO_STMT_AFTER_TAX : TCO_STMT_PRE_TAX;
    ck_item *k = ck_add(it, n, XW_KEY("checks.integrity.statements_horizon"),
                        "Statements: after-tax effects = total after tax",
                        tax ? TCI_F_AFTER_TAX_TOTAL : TCI_F_TOTAL);
    xw_formula(c, k->book, sizeof k->book, "=%s", xw_ref(q, line[col], xw_stmt_col(-1), 1, 1).s);
    char ends[XW_FBUF / 2] = "";
    if (L->st.r_llclose != XW_NONE)
        tci_utf8_format(ends, sizeof ends, "+%s-%s", os(c, i, L->st.r_llclose, last).s,
                        os(c, i, L->st.r_rou, last).s);
    char within[XW_FBUF / 2];
    if (tax && commit)
        tci_utf8_format(within, sizeof within, "%s-%s-%s", os(c, i, L->tx.r_atnet, V).s,
                        os(c, i, L->r_commit, V).s, os(c, i, L->tx.k_ctax, V).s);
    else if (commit)
        tci_utf8_format(within, sizeof within, "%s-%s", os(c, i, L->r_net, V).s,
                        os(c, i, L->r_commit, V).s);
    else
        tci_utf8_format(within, sizeof within, "%s", os(c, i, tax ? L->tx.r_atnet : L->r_net, V).s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s%s", within, ends);
    k->vbook = tci_route_stmt_years(c->st, i, col);
    k->vexpect = tci_route_stmt_horizon(res, c->st, i, tax, commit);
}

/* Plan p's Statements checks (MODEL.md, A plan's statements), in it;
 * returns how many: in each fiscal year, operating, investing and financing
 * cash add up to the Budget's total of the plan; over the horizon, the
 * after-tax effects (pre-tax without a tax row) add up to the plan's total
 * less what falls past the horizon (the reserved term's commitment, the
 * leases' months), plus the lease liability less the right-of-use asset at
 * month H, with its tax of months 0..H. None without its block. */
static int ck_plan_items(xw_ctx *c, size_t p, ck_item *it)
{
    int n = 0;
    if (!c->st || !c->st_pline || !c->statements || !c->bg || !c->bg_prow ||
        c->st_plast[p] == XW_NONE)
        return 0;
    const xw_plansheet *ps = &c->ps[p];
    const int H = c->s->horizon_months, V = XW_COL_VAL;
    const char *q = c->sheet_q[TCI_SHEET_STATEMENTS];
    const int *line = &c->st_pline[p * TCO_STMT_COLS];
    const int cash[3] = {TCO_STMT_OPERATING_CASH, TCO_STMT_INVESTING_CASH, TCO_STMT_FINANCING_CASH};
    for (size_t y = 0; y < c->st->n_years; y++) {
        ck_item *k = ck_add(it, &n, XW_KEY("checks.integrity.statements_cash"),
                            "Statements: cash sections = the Budget, each year", XW_NONE);
        size_t o = (size_t)tci_utf8_format(k->book, sizeof k->book, "=0");
        for (int j = 0; j < 3 && o < sizeof k->book; j++)
            if (line[cash[j]] != XW_NONE)
                o += (size_t)tci_utf8_format(k->book + o, sizeof k->book - o, "+%s",
                                             xw_ref(q, line[cash[j]], xw_stmt_col((int)y), 1, 1).s);
        xw_formula(c, k->expect, sizeof k->expect, "=%s",
                   xw_ref(c->sheet_q[TCI_SHEET_BUDGET], c->bg_prow[p] + (int)y,
                          xw_bg_plan_total_col(c), 1, 1)
                       .s);
        k->vbook = c->st->plan_value[(p * c->st->n_years + y) * TCO_STMT_COLS + TCO_STMT_NET_CASH];
        k->vexpect = c->bg->plan_value[(p * c->bg->n_years + y) * TCO_PLAN_BUDGET_COLS +
                                       TCO_PLAN_BUDGET_TOTAL];
    }
    const int tax = ps->st_tax != XW_NONE, col = tax ? TCO_STMT_AFTER_TAX : TCO_STMT_PRE_TAX;
    ck_item *k = ck_add(it, &n, XW_KEY("checks.integrity.statements_horizon"),
                        "Statements: after-tax effects = total after tax", XW_NONE);
    xw_formula(c, k->book, sizeof k->book, "=%s", xw_ref(q, line[col], xw_stmt_col(-1), 1, 1).s);
    size_t o = (size_t)tci_utf8_format(k->expect, sizeof k->expect, "=%s",
                                       xw_ref(ps->quoted, ps->r_net, V, 1, 1).s);
    for (int j = 0; j < 2 && o < sizeof k->expect; j++)
        if (ps->st_commit[j] != XW_NONE)
            o += (size_t)tci_utf8_format(k->expect + o, sizeof k->expect - o, "-%s",
                                         xw_ref(ps->quoted, ps->st_commit[j], V, 1, 1).s);
    if (ps->st_ll != XW_NONE && o < sizeof k->expect) /* LL(H) - ROU(H) */
        o += (size_t)tci_utf8_format(k->expect + o, sizeof k->expect - o, "+%s-%s",
                                     xw_ref(ps->quoted, ps->st_ll, XW_COL_M0 + H, 1, 1).s,
                                     xw_ref(ps->quoted, ps->st_rou, XW_COL_M0 + H, 1, 1).s);
    if (tax && o < sizeof k->expect)
        tci_utf8_format(k->expect + o, sizeof k->expect - o, "+SUM(%s)",
                        xw_range(ps->quoted, ps->st_tax, XW_COL_M0, ps->st_tax, XW_COL_M0 + H).s);
    k->vbook = tci_route_plan_stmt_years(c->st, p, col);
    k->vexpect = tci_route_plan_stmt_horizon(&c->r->plans[p], c->st, p, tax);
    return n;
}

/* Option i's integrity checks, in it; returns how many. */
static int ck_items(xw_ctx *c, size_t i, ck_item *it)
{
    int n = 0;
    ck_sheet_items(c, i, it, &n);
    ck_summary_items(c, i, it, &n);
    ck_tax_items(c, i, it, &n);
    ck_budget_item(c, i, it, &n);
    ck_statement_items(c, i, it, &n);
    return n;
}

/* The option's id and what a row checks, wrapped in their columns, on a row
 * tall enough for them (a label is never cut on paper). */
static void ck_names(xw_ctx *c, int row, const char *id, const char *what)
{
    lxw_worksheet *ws = c->checks;
    lxw_format *wrap = xw_fmt(c, XS_WRAP, XN_NONE);
    xw_text(c, ws, row, CK_OPTION, id, wrap);
    xw_text(c, ws, row, CK_FIGURE, what, wrap);
    double pt = xw_body_pt(c);
    int lines =
        xw_imax(xw_wrap_lines(id, CK_W_OPTION, pt), xw_wrap_lines(what, ck_w_figure(c), pt));
    if (lines > 1)
        worksheet_set_row(ws, (lxw_row_t)row, xw_lines_height(lines, pt), NULL);
}

/* An integrity check in `row` of what `id` names (an option's id, a plan's
 * name): both ways, the scale, the difference and the status. */
static void ck_integrity_named(xw_ctx *c, const char *id, const ck_item *k, int row)
{
    lxw_worksheet *ws = c->checks;
    char f[XW_FBUF];
    xw_numfmt nf = k->nf;
    ck_names(c, row, id, xw_label(c, k->key, k->english));
    if (k->fi != XW_NONE)
        xw_text(c, ws, row, CK_FIELD, tci_field_get((tci_field_id)k->fi)->name,
                xw_fmt(c, XS_KEY, XN_NONE));
    xw_fnum(c, ws, row, CK_EXPECT, k->expect, k->vexpect, xw_fmt(c, XS_CALC, nf));
    xw_fnum(c, ws, row, CK_BOOK, k->book, k->vbook, xw_fmt(c, XS_CALC, nf));
    xw_refbuf e = xw_ref(NULL, row, CK_EXPECT, 0, 0), w = xw_ref(NULL, row, CK_BOOK, 0, 0),
              sc = xw_ref(NULL, row, CK_SCALE, 0, 0), rd = xw_ref(NULL, row, CK_DIFF, 0, 0);
    double scale =
        isfinite(k->vscale) ? k->vscale : fmax(1, fmax(fabs(k->vbook), fabs(k->vexpect)));
    if (k->scale[0])
        xw_fnum(c, ws, row, CK_SCALE, k->scale, scale, xw_fmt(c, XS_CALC, XN_INT));
    else
        xw_fnum(c, ws, row, CK_SCALE,
                xw_formula(c, f, sizeof f, "=MAX(1,ABS(%s),ABS(%s))", w.s, e.s), scale,
                xw_fmt(c, XS_CALC, XN_INT));
    double diff = (k->vbook - k->vexpect) / scale;
    xw_fnum(c, ws, row, CK_DIFF, xw_formula(c, f, sizeof f, "=(%s-%s)/%s", w.s, e.s, sc.s), diff,
            xw_fmt(c, XS_CALC, XN_SCI));
    xw_fstr(c, ws, row, CK_STATUS,
            xw_formula(c, f, sizeof f, "=IF(ABS(%s)<=CheckTolerance,\"OK\",\"CHECK\")", rd.s),
            fabs(diff) <= XW_CHECK_TOLERANCE ? "OK" : "CHECK", xw_fmt(c, XS_CHECK, XN_NONE));
}

/* ===== Reconciliation with tco's figures ===== */

/* The reconciliation of option i's field fi in `row`: tco's value, the Summary's,
 * the scale, the difference and the status. */
static void ck_row(xw_ctx *c, size_t i, int fi, int row)
{
    lxw_worksheet *ws = c->checks;
    char f[XW_FBUF], t[XW_TBUF];
    char text[64];
    double v = xw_field_value(c, i, fi, text, sizeof text);
    xw_numfmt nf = xw_field_numfmt(fi);
    xw_field_label(c, fi, t, sizeof t);
    ck_names(c, row, c->id[i], t);
    xw_text(c, ws, row, CK_FIELD, tci_field_get((tci_field_id)fi)->name,
            xw_fmt(c, XS_KEY, XN_NONE));
    if (*text)
        xw_text(c, ws, row, CK_EXPECT, text, xw_fmt(c, XS_FIXED, nf));
    else
        xw_num(c, ws, row, CK_EXPECT, v, xw_fmt(c, XS_FIXED, nf));
    xw_formula(c, f, sizeof f, "=%s", sm(c, i, fi).s);
    if (*text)
        xw_fstr(c, ws, row, CK_BOOK, f, text, xw_fmt(c, XS_CALC, nf));
    else
        xw_fnum(c, ws, row, CK_BOOK, f, v, xw_fmt(c, XS_CALC, nf));
    xw_num(c, ws, row, CK_SCALE, check_scale(c->r, i, fi, v), xw_fmt(c, XS_FIXED, XN_INT));
    xw_refbuf d = xw_ref(NULL, row, CK_EXPECT, 0, 0), w = xw_ref(NULL, row, CK_BOOK, 0, 0),
              sc = xw_ref(NULL, row, CK_SCALE, 0, 0), rd = xw_ref(NULL, row, CK_DIFF, 0, 0);
    xw_formula(c, f, sizeof f, "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),(%s-%s)/%s,\"\")", d.s, w.s, w.s,
               d.s, sc.s);
    if (*text)
        xw_fstr(c, ws, row, CK_DIFF, f, "", xw_fmt(c, XS_CALC, XN_SCI));
    else
        xw_fnum(c, ws, row, CK_DIFF, f, 0, xw_fmt(c, XS_CALC, XN_SCI));
    xw_formula(c, f, sizeof f,
               "=IF(ISNUMBER(%s),IF(ISNUMBER(%s),IF(ABS(%s)<=CheckTolerance,\"OK\",\"CHECK\"),"
               "\"CHECK\"),IF(ISNUMBER(%s),\"CHECK\",IF(%s=%s,\"OK\",\"CHECK\")))",
               d.s, w.s, rd.s, w.s, d.s, w.s);
    xw_fstr(c, ws, row, CK_STATUS, f, "OK", xw_fmt(c, XS_CHECK, XN_NONE));
}

/* The reconciliation of plan p's total (npv 0) or NPV (npv 1) in `row`: tco's
 * value and the plan sheet's (MODEL.md, Plans). */
static void ck_plan_row(xw_ctx *c, size_t p, int npv, int row)
{
    lxw_worksheet *ws = c->checks;
    const xw_plansheet *ps = &c->ps[p];
    const tco_plan_result *pr = &c->r->plans[p];
    char f[XW_FBUF];
    double v = npv ? pr->npv : pr->total;
    char *nm = xw_clean_text(c, c->s->plans[p].name, 200);
    xw_text(c, ws, row, CK_OPTION, nm ? nm : "", NULL);
    free(nm);
    xw_text(c, ws, row, CK_FIGURE,
            npv ? xw_label(c, "checks.plan.npv", "Plan: NPV")
                : xw_label(c, "checks.plan.total", "Plan: total"),
            NULL);
    xw_text(c, ws, row, CK_FIELD, npv ? "plans.npv" : "plans.total", xw_fmt(c, XS_KEY, XN_NONE));
    xw_num(c, ws, row, CK_EXPECT, v, xw_fmt(c, XS_FIXED, XN_MONEY));
    xw_fnum(c, ws, row, CK_BOOK,
            xw_formula(c, f, sizeof f, "=%s",
                       xw_ref(ps->quoted, npv ? ps->r_pv : ps->r_net, XW_COL_VAL, 1, 1).s),
            v, xw_fmt(c, XS_CALC, XN_MONEY));
    xw_num(c, ws, row, CK_SCALE, fmax(1, fabs(v)), xw_fmt(c, XS_FIXED, XN_INT));
    xw_refbuf d = xw_ref(NULL, row, CK_EXPECT, 0, 0), w = xw_ref(NULL, row, CK_BOOK, 0, 0),
              sc = xw_ref(NULL, row, CK_SCALE, 0, 0), rd = xw_ref(NULL, row, CK_DIFF, 0, 0);
    xw_fnum(c, ws, row, CK_DIFF, xw_formula(c, f, sizeof f, "=(%s-%s)/%s", w.s, d.s, sc.s), 0,
            xw_fmt(c, XS_CALC, XN_SCI));
    xw_fstr(c, ws, row, CK_STATUS,
            xw_formula(c, f, sizeof f, "=IF(ABS(%s)<=CheckTolerance,\"OK\",\"CHECK\")", rd.s), "OK",
            xw_fmt(c, XS_CHECK, XN_NONE));
}

/* The plans whose sheets the workbook has: each gives two reconciliation rows. */
static int ck_plans(const xw_ctx *c)
{
    int n = 0;
    for (size_t p = 0; c->ps && p < c->s->n_plans; p++)
        n += c->ps[p].ws != NULL;
    return n;
}

/* The reconciliation from `row` (its section heading): whether the inputs are
 * those tco computed with, how many rows agree, then a row per figure. Returns
 * the last row. */
static int ck_reconciliation(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->checks;
    char f[XW_FBUF];
    int count = 0;
    for (size_t i = 0; i < s->n_options; i++)
        for (int fi = 0; fi < TCI_F_COUNT; fi++)
            count += xw_field_checked(c, fi) && xw_field_applies(c, i, fi);
    count += 2 * ck_plans(c);
    xw_section(c, ws, row++,
               xw_label(c, "checks.reconciliation",
                        "Reconciliation with tco's figures (not part of the master check)"));
    xw_text(c, ws, row, 0, xw_label(c, "checks.inputs_as_computed", "Inputs"), NULL);
    xw_analyses_flag(c, ws, row++, CK_FIGURE, CK_FIGURE);
    int first = row + 1, last = first + count - 1;
    xw_refbuf status = xw_range(NULL, first, CK_STATUS, last, CK_STATUS);
    xw_text(c, ws, row, 0, xw_label(c, "checks.reconciled", "Rows that agree with tco"), NULL);
    xw_fnum(c, ws, row, CK_FIGURE, xw_formula(c, f, sizeof f, "=COUNTIF(%s,\"OK\")", status.s),
            count, xw_fmt(c, XS_CALC, XN_INT));
    xw_fnum(c, ws, row++, CK_FIELD, xw_formula(c, f, sizeof f, "=ROWS(%s)", status.s), count,
            xw_fmt(c, XS_CALC, XN_INT));
    for (size_t i = 0; i < s->n_options; i++)
        for (int fi = 0; fi < TCI_F_COUNT; fi++)
            if (xw_field_checked(c, fi) && xw_field_applies(c, i, fi))
                ck_row(c, i, fi, row++);
    for (size_t p = 0; c->ps && p < s->n_plans; p++)
        for (int npv = 0; c->ps[p].ws && npv < 2; npv++)
            ck_plan_row(c, p, npv, row++);
    return row - 1;
}

/* An option's integrity check in `row`. */
static void ck_integrity_row(xw_ctx *c, size_t i, const ck_item *k, int row)
{
    ck_integrity_named(c, c->id[i], k, row);
}

/* With [tax], plan p's Budget, its fiscal years' totals after tax, and its
 * commitments past the horizon after their tax add up to its total after tax
 * (MODEL.md, A plan's budget); 0 when the plan has no such check. */
static int ck_plan_budget_item(xw_ctx *c, size_t p, ck_item *k)
{
    const xw_plansheet *ps = c->ps ? &c->ps[p] : NULL;
    const tco_plan_result *pr = &c->r->plans[p];
    if (!ps || !ps->ws || ps->r_at_net == XW_NONE || !c->bg || !c->bg_prow ||
        c->bg_prow[p] == XW_NONE)
        return 0;
    int n = 0;
    ck_add(k, &n, XW_KEY("checks.plan.budget"),
           "Plan: the fiscal years' totals after tax and the commitments past the horizon after "
           "their tax add up to the total after tax",
           XW_NONE);
    int total = c->bg_prow[p] + (int)c->bg->n_years;
    char commit[XW_FBUF / 2] = "";
    for (int j = 0; j < 2; j++)
        if (ps->r_commit[j] != XW_NONE) {
            size_t len = strlen(commit);
            tci_utf8_format(commit + len, sizeof commit - len, "%s%s", len ? "+" : "",
                            xw_ref(ps->quoted, ps->r_commit[j], XW_COL_VAL, 1, 1).s);
        }
    xw_refbuf years =
        xw_ref(c->sheet_q[TCI_SHEET_BUDGET], total, XW_BG_COL0 + XW_BP_AT_TOTAL, 1, 1);
    if (commit[0])
        xw_formula(c, k->book, sizeof k->book, "=%s+(1-TaxRate)*(%s)", years.s, commit);
    else
        xw_formula(c, k->book, sizeof k->book, "=%s", years.s);
    xw_formula(c, k->expect, sizeof k->expect, "=%s",
               xw_ref(ps->quoted, ps->r_at_net, XW_COL_VAL, 1, 1).s);
    k->vbook = tci_route_plan_budget_years(c->bg, p) +
               tci_route_plan_commitments(pr, c->s->horizon_months);
    k->vexpect = pr->after_tax_total;
    return 1;
}

/* ===== The printed matrix: each check by option ===== */

/* Whether integrity check k agrees within the tolerance (its cached status). */
static int ck_ok(const ck_item *k)
{
    double sc = isfinite(k->vscale) ? k->vscale : fmax(1, fmax(fabs(k->vbook), fabs(k->vexpect)));
    return fabs(k->vbook - k->vexpect) / sc <= XW_CHECK_TOLERANCE;
}

/* The kinds of integrity check, each once, in the order the options list them
 * (a kind only some options have goes after the kind before it in theirs):
 * taken from ck_items, so that a new kind of check is a row of the matrix. */
typedef struct ck_matrix {
    const char **key;     /* each kind's label key */
    const char **english; /* and its English words */
    int n;                /* the kinds */
} ck_matrix;

/* The index of `key` among m's kinds, or -1. */
static int ck_kind_at(const ck_matrix *m, const char *key)
{
    for (int k = 0; k < m->n; k++)
        if (strcmp(m->key[k], key) == 0)
            return k;
    return -1;
}

/* m's kinds over every option's checks; 0 after a failed allocation (recorded in c). */
static int ck_matrix_kinds(xw_ctx *c, ck_matrix *m, ck_item *it)
{
    size_t most = c->s->n_options * CK_PER_OPTION + 1;
    m->n = 0;
    m->key = calloc(most, sizeof *m->key);
    m->english = calloc(most, sizeof *m->english);
    if (!m->key || !m->english) {
        c->nomem = 1;
        return 0;
    }
    for (size_t i = 0; i < c->s->n_options; i++) {
        int n = ck_items(c, i, it), prev = -1;
        for (int j = 0; j < n; j++) {
            int at = ck_kind_at(m, it[j].key);
            if (at < 0) {
                at = prev + 1;
                memmove(m->key + at + 1, m->key + at, (size_t)(m->n - at) * sizeof *m->key);
                memmove(m->english + at + 1, m->english + at,
                        (size_t)(m->n - at) * sizeof *m->english);
                m->key[at] = it[j].key, m->english[at] = it[j].english;
                m->n++;
            }
            prev = at;
        }
    }
    return 1;
}

/* An option's column of the matrix (and its column below). */
static int ck_opt_col(size_t i)
{
    return CK_FIELD + (int)i;
}

/* Column col's width but the check's: its own, widened to the id of the option
 * the matrix shows there, so that no id is cut. */
static double ck_col_own(const xw_ctx *c, int col)
{
    double w = col < CK_N ? ck_widths[col] : 0;
    if (col >= CK_FIELD && (size_t)(col - CK_FIELD) < c->s->n_options)
        w = fmax(w, fmax(7, tci_utf8_width(c->id[col - CK_FIELD]) + 2));
    return w;
}

static int ck_last_col(const xw_ctx *c);

/* The check's column: CK_W_FIGURE, narrowed (to 30 at least) so that the
 * printed columns fit the page's width at the readable scale when the options'
 * columns take more room. */
static double ck_w_figure(const xw_ctx *c)
{
    double others = 0;
    for (int k = 0; k <= ck_last_col(c); k++)
        others += k == CK_FIGURE ? 0 : ck_col_own(c, k);
    double room = floor(xw_page_chars(xw_body_pt(c), 0)) - others;
    return fmax(30, fmin(CK_W_FIGURE, room));
}

/* Column col's width. */
static double ck_col_width(const xw_ctx *c, int col)
{
    return col == CK_FIGURE ? ck_w_figure(c) : ck_col_own(c, col);
}

/* The last printed column: the status, or the matrix's last option. */
static int ck_last_col(const xw_ctx *c)
{
    return xw_imax(CK_STATUS, ck_opt_col(c->s->n_options ? c->s->n_options - 1 : 0));
}

/* The matrix from CK_MX_HEAD: a row per kind of check in its words, a column
 * per option, each cell the status of that check for that option, counted
 * over the integrity rows first..last below (their option, check and status
 * columns) with the option and the check read from the matrix's own headings;
 * blank where the option has no such check. Returns its last row. */
static int ck_matrix_write(xw_ctx *c, const ck_matrix *m, ck_item *it, int first, int last)
{
    lxw_worksheet *ws = c->checks;
    const size_t n_opt = c->s->n_options;
    xw_section(
        c, ws, CK_MX_HEAD - 1,
        xw_label(c, "checks.integrity", "Integrity: true for any inputs (the master check)"));
    xw_text(c, ws, CK_MX_HEAD, CK_FIGURE, xw_label(c, "checks.head.check", "Check"),
            xw_fmt(c, XS_HEADER, XN_NONE));
    for (size_t i = 0; i < n_opt; i++)
        xw_text(c, ws, CK_MX_HEAD, ck_opt_col(i), c->id[i], xw_fmt(c, XS_HEADER, XN_NONE));
    unsigned char *st = calloc((size_t)(m->n ? m->n : 1) * (n_opt ? n_opt : 1), 1);
    if (!st) {
        c->nomem = 1;
        return CK_MX_HEAD;
    }
    for (size_t i = 0; i < n_opt; i++) {
        int n = ck_items(c, i, it);
        for (int j = 0; j < n; j++) {
            int k = ck_kind_at(m, it[j].key);
            unsigned char v = ck_ok(&it[j]) ? 1 : 2;
            if (k >= 0 && st[(size_t)k * n_opt + i] < v)
                st[(size_t)k * n_opt + i] = v;
        }
    }
    xw_refbuf opt = xw_range(NULL, first, CK_OPTION, last, CK_OPTION),
              chk = xw_range(NULL, first, CK_FIGURE, last, CK_FIGURE),
              sts = xw_range(NULL, first, CK_STATUS, last, CK_STATUS);
    lxw_format *wrap = xw_fmt(c, XS_WRAP, XN_NONE), *fm = xw_fmt(c, XS_CHECK, XN_NONE);
    double pt = xw_body_pt(c);
    char f[XW_FBUF];
    for (int k = 0; k < m->n; k++) {
        int row = CK_MX_HEAD + 1 + k;
        const char *what = xw_label(c, m->key[k], m->english[k]);
        xw_text(c, ws, row, CK_FIGURE, what, wrap);
        int lines = xw_wrap_lines(what, ck_w_figure(c), pt);
        if (lines > 1)
            worksheet_set_row(ws, (lxw_row_t)row, xw_lines_height(lines, pt), NULL);
        xw_refbuf w = xw_ref(NULL, row, CK_FIGURE, 0, 1);
        for (size_t i = 0; i < n_opt; i++) {
            xw_refbuf o = xw_ref(NULL, CK_MX_HEAD, ck_opt_col(i), 1, 0);
            xw_formula(c, f, sizeof f,
                       "=IF(COUNTIFS(%s,%s,%s,%s)=0,\"\",IF(COUNTIFS(%s,%s,%s,%s,%s,\"OK\")="
                       "COUNTIFS(%s,%s,%s,%s),\"OK\",\"CHECK\"))",
                       opt.s, o.s, chk.s, w.s, opt.s, o.s, chk.s, w.s, sts.s, opt.s, o.s, chk.s,
                       w.s);
            unsigned char v = st[(size_t)k * n_opt + i];
            xw_fstr(c, ws, row, ck_opt_col(i), f, v == 0 ? "" : v == 1 ? "OK" : "CHECK", fm);
        }
    }
    free(st);
    return CK_MX_HEAD + m->n;
}

/* The matrix's cells to its row mlast and column mcol: green OK, red CHECK, and
 * a blank (a check the option does not have) unmarked. */
static void ck_matrix_mark(xw_ctx *c, int mlast, int mcol)
{
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_CELL;
    cf.criteria = LXW_CONDITIONAL_CRITERIA_EQUAL_TO;
    for (int bad = 0; bad < 2; bad++) {
        cf.value_string = bad ? "\"CHECK\"" : "\"OK\"";
        cf.format = bad ? c->fmt_bad : c->fmt_ok;
        xw_note(c, worksheet_conditional_format_range(c->checks, CK_MX_HEAD + 1, CK_FIELD,
                                                      (lxw_row_t)mlast, (lxw_col_t)mcol, &cf));
    }
}

/* ===== The sheet ===== */

/* The title, the master check over the `count` rows of `status` and the
 * tolerance (the defined name CheckTolerance). */
static void ck_head(xw_ctx *c, const char *status, int count, int agree)
{
    lxw_worksheet *ws = c->checks;
    char f[XW_FBUF];
    worksheet_set_tab_color(ws, 0xA5A5A5);
    double width = 0;
    for (int k = 0; k <= ck_last_col(c); k++) {
        worksheet_set_column(ws, (lxw_col_t)k, (lxw_col_t)k, ck_col_width(c, k), NULL);
        width += ck_col_width(c, k);
    }
    xw_title_line(c, ws, xw_label(c, "checks.title", "Checks"),
                  xw_label(c, "checks.subtitle",
                           "Integrity checks: each figure computed two ways, which agree whatever "
                           "the inputs. Difference = (workbook - expected) / scale, the scale the "
                           "larger of the two (at least 1). The master check is OK only when "
                           "every integrity check is."));
    /* Wrapped over the printed columns, so that none of it is cut on paper. */
    xw_para(c, ws, 2, (xw_span){ck_last_col(c), width},
            xw_label(c, "checks.note",
                     "Below them, the reconciliation compares each key figure with tco's, "
                     "computed for the inputs as written: after an input is changed the figures "
                     "it moves differ until the workbook is written again with tco, which leaves "
                     "the master check as it is."),
            0);
    xw_text(c, ws, c->ck_master, 0, xw_label(c, "checks.master", "Master check"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    xw_fstr(c, ws, c->ck_master, XW_COL_VAL,
            xw_formula(c, f, sizeof f, "=IF(COUNTIF(%s,\"OK\")=ROWS(%s),\"OK\",\"CHECK\")", status,
                       status),
            agree == count ? "OK" : "CHECK", xw_fmt(c, XS_CHECK, XN_NONE));
    xw_define_name(c, "MasterCheck", c->sheet_q[TCI_SHEET_CHECKS], c->ck_master, XW_COL_VAL);
    xw_text(c, ws, c->ck_master + 1, 0, xw_label(c, "checks.agree", "Rows that agree"), NULL);
    xw_fnum(c, ws, c->ck_master + 1, XW_COL_VAL,
            xw_formula(c, f, sizeof f, "=COUNTIF(%s,\"OK\")", status), agree,
            xw_fmt(c, XS_CALC, XN_INT));
    xw_text(c, ws, c->ck_master + 2, 0, xw_label(c, "checks.rows", "Rows checked"), NULL);
    xw_fnum(c, ws, c->ck_master + 2, XW_COL_VAL, xw_formula(c, f, sizeof f, "=ROWS(%s)", status),
            count, xw_fmt(c, XS_CALC, XN_INT));
    xw_text(c, ws, c->ck_master + 3, 0, xw_label(c, "checks.tolerance", "Tolerance"), NULL);
    /* An input of Inputs (the defined name CheckTolerance), shown here. */
    xw_fnum(c, ws, c->ck_master + 3, XW_COL_VAL, "=CheckTolerance", XW_CHECK_TOLERANCE,
            xw_fmt(c, XS_CALC, XN_SCI));

    /* The title row, with the master check, stays in view. */
    worksheet_freeze_panes(ws, 1, 0);
}

/* The section of the integrity checks one by one, and the columns' headings in
 * row hd, under the matrix (rows are written in order). */
static void ck_detail_head(xw_ctx *c, int hd)
{
    lxw_worksheet *ws = c->checks;
    const char *heads[CK_N] = {xw_label(c, "checks.head.option", "Option"),
                               xw_label(c, "checks.head.check", "Check"),
                               xw_label(c, "checks.head.field", "Field"),
                               xw_label(c, "checks.head.expected", "Expected"),
                               xw_label(c, "checks.head.workbook", "Workbook value"),
                               xw_label(c, "checks.head.scale", "Scale"),
                               xw_label(c, "checks.head.difference", "Difference"),
                               xw_label(c, "checks.head.status", "Status")};
    xw_section(c, ws, hd - 1,
               xw_label(c, XW_KEY("checks.detail"),
                        "The integrity checks one by one (read on screen; the table above sums "
                        "them up)"));
    for (int k = 0; k < CK_N; k++)
        xw_text(c, ws, hd, k, heads[k], xw_fmt(c, XS_HEADER, XN_NONE));
    /* Tall enough for the narrow columns' headings, wrapped. */
    xw_header_height(ws, hd, heads + CK_EXPECT, CK_N - CK_EXPECT, 10);
}

/* See sheets.h. */
void xw_write_checks(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    ck_item it[CK_PER_OPTION];
    ck_matrix m = {0};
    if (!ck_matrix_kinds(c, &m, it)) {
        free(m.key);
        free(m.english);
        return;
    }
    int count = 0, agree = 0;
    for (size_t i = 0; i < s->n_options; i++) {
        int n = ck_items(c, i, it);
        count += n;
        for (int k = 0; k < n; k++)
            agree += ck_ok(&it[k]);
    }
    for (size_t p = 0; p < s->n_plans; p++) /* then the plans' */
        if (ck_plan_budget_item(c, p, it)) {
            count++;
            agree += ck_ok(it);
        }
    for (size_t p = 0; c->st_pline && p < s->n_plans; p++) {
        int n = ck_plan_items(c, p, it);
        count += n;
        for (int k = 0; k < n; k++)
            agree += ck_ok(&it[k]);
    }
    /* The matrix, a blank row, the detail's section and headings, its rows. */
    const int hd = CK_MX_HEAD + m.n + 3, first = hd + 1, lastr = first + count - 1;
    xw_refbuf status = xw_range(NULL, first, CK_STATUS, lastr, CK_STATUS);
    ck_head(c, status.s, count, agree);
    int mlast = ck_matrix_write(c, &m, it, first, lastr);
    free(m.key);
    free(m.english);
    ck_detail_head(c, hd);
    int row = first;
    for (size_t i = 0; i < s->n_options; i++) {
        int n = ck_items(c, i, it);
        for (int k = 0; k < n; k++)
            ck_integrity_row(c, i, &it[k], row++);
    }
    for (size_t p = 0; c->st_pline && p < s->n_plans; p++) {
        int n = ck_plan_items(c, p, it);
        char *nm = xw_clean_text(c, c->s->plans[p].name, 200);
        for (int k = 0; k < n; k++)
            ck_integrity_named(c, nm ? nm : "", &it[k], row++);
        free(nm);
    }
    for (size_t p = 0; p < s->n_plans; p++)
        if (ck_plan_budget_item(c, p, it)) {
            char *nm = xw_clean_text(c, s->plans[p].name, 200);
            ck_integrity_named(c, nm ? nm : "", it, row++);
            free(nm);
        }
    int rfirst = row + 1;
    int rlast = ck_reconciliation(c, rfirst);
    const int lastc = ck_last_col(c);
    const xw_block marked[] = {{first, CK_STATUS, lastr, CK_STATUS},
                               {rfirst + 3, CK_STATUS, rlast, CK_STATUS},
                               {c->ck_master, XW_COL_VAL, c->ck_master, XW_COL_VAL}};
    xw_mark_checks(c, c->checks, marked, 3);
    if (mlast > CK_MX_HEAD && s->n_options > 0)
        ck_matrix_mark(c, mlast, ck_opt_col(s->n_options - 1));
    xw_print_setup(c, c->checks, CK_MX_HEAD, CK_MX_HEAD, 0);
    /* The columns' width on one page, at a fixed scale: fitted to the width,
     * LibreOffice may count one page more than it prints, and print it empty. */
    double width = 0;
    for (int k = 0; k <= lastc; k++)
        width += ck_col_width(c, k);
    xw_pager pg;
    xw_pager_init(&pg, c, xw_cols_px(width));
    worksheet_set_print_scale(c->checks, (uint16_t)pg.scale);
    /* The printed pack holds the master check and the matrix of the integrity
     * checks it is made of; the checks one by one and the reconciliation with
     * tco's figures, below, are read on screen (docs/WORKBOOK.md, Printing). */
    xw_note(c, worksheet_print_area(c->checks, 0, 0, (lxw_row_t)mlast, (lxw_col_t)lastc));
}
