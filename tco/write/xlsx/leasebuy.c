/* leasebuy.c - lease against buy on a leased option's sheet (docs/MODEL.md,
 * "Lease against buy"; optw.h): under the results, for a lease with a bought
 * twin whose term ends within the horizon, the hardware's flow bought less
 * leased by month (over the twin's sheet and this one), the lease's implied
 * rate (RATE over the lease's terms and the twin's price), the after-tax cost
 * of debt and the net advantage to leasing (NPV of the month row at it). Each
 * a formula over the sheets and Inputs, cached with the engine's value. */
#include "write/xlsx/optw.h"

#include <math.h>

/* "Lease against buy: TWIN". */
static void lb_heading(const xw_optw *w, int row)
{
    char t[XW_TBUF];
    xw_labelf(w->c, t, sizeof t, XW_KEY("option.lb"), "Lease against buying {label}", "label",
              w->c->label[w->res->compare_to], NULL);
    xw_text(w->c, w->ws, row, 0, t, xw_fmt(w->c, XS_SECTION, XN_NONE));
}

/* One side's hardware flow in column col, of the sheet `q` laid out as S: for
 * the twin its capex; for the lease its payment after tax and its buyout;
 * both less the tax depreciation's saving, with the residual (a receipt,
 * negative) and the tax on the sale at month H. `tax` is 1 with [tax]. */
static const char *side(const xw_optw *w, char *f, size_t fs, const char *q, const xw_optsheet *S,
                        int col, int tax)
{
    char own[XW_FBUF / 2], t[XW_FBUF / 2] = "";
    xw_refbuf resid = xw_ref(q, S->r_resid, col, 0, 0);
    if (S->lease)
        xw_formula(w->c, own, sizeof own, "%s*%s+%s", tax ? "(1-TaxRate)" : "1",
                   xw_ref(q, S->r_epay, col, 0, 0).s, xw_ref(q, S->r_ebuy, col, 0, 0).s);
    else
        xw_formula(w->c, own, sizeof own, "%s", xw_ref(q, S->r_capex, col, 0, 0).s);
    if (tax)
        xw_formula(w->c, t, sizeof t, "-TaxRate*%s+%s*%s", xw_ref(q, S->tx.r_tdep, col, 0, 0).s,
                   xw_ref(q, S->tx.k_tsale, XW_COL_VAL, 1, 1).s,
                   xw_ref(NULL, w->L->f_end, col, 0, 0).s);
    return xw_formula(w->c, f, fs, "(%s%s+%s)", own, t, resid.s);
}

/* Each month: the twin's hardware flow less the lease's; the total in C. */
static void lb_diff_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const tco_option_result *r = w->res;
    const xw_optsheet *T = &c->os[r->compare_to];
    const int tax = c->s->tax != 0;
    char f[XW_FBUF], a[XW_FBUF / 2], b[XW_FBUF / 2];
    double sum = 0;
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        double v = m == 0 ? r->lease_vs_buy0 : r->monthly[m - 1].lease_vs_buy;
        sum += v;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s-%s", side(w, a, sizeof a, T->quoted, T, col, tax),
                             side(w, b, sizeof b, NULL, w->L, col, tax)),
                  v, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, sum, XS_CALC);
}

/* The implied rate: RATE over the term, the payment, the twin's price and what
 * the lessee pays or forgoes at the end (the buyout, else the resale value),
 * payments in advance; made annual. */
static void lb_rate_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L, *T = &c->os[w->res->compare_to];
    char f[XW_FBUF], e[XW_FBUF / 2];
    if (w->o->lease_end == TCO_LEASE_BUYOUT)
        xw_formula(c, e, sizeof e, "%s", xw_ow_drv(L->k_ebuy).s);
    else
        xw_formula(c, e, sizeof e, "(%s+%s)*%s", xw_ow_drv(L->k_capex_gpu).s,
                   xw_ow_drv(L->k_capex_infra).s, xw_ow_drv(L->k_resfrac).s);
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(c, f, sizeof f, "=(1+RATE(%s,-%s,%s,-%s,1))^MonthsPerYear-1",
                         xw_ow_in(w, TCO_O_LEASE_MONTHS).s, xw_ow_drv(L->k_epmt).s,
                         xw_ref(T->quoted, T->k_capex, XW_COL_VAL, 1, 1).s, e),
              w->res->implied_rate, xw_fmt(c, XS_CALC, XN_PCT));
}

/* The after-tax cost of debt: lease_discount_rate when the lease gives it,
 * else the twin's loan_rate, times 1 - the tax rate. */
static void lb_kd_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_refbuf rd = w->o->src[TCO_O_LEASE_DISCOUNT_RATE]
                       ? xw_ow_in(w, TCO_O_LEASE_DISCOUNT_RATE)
                       : xw_in(c, (size_t)w->res->compare_to, TCO_O_LOAN_RATE);
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(c, f, sizeof f, c->s->tax ? "=%s*(1-TaxRate)" : "=%s", rd.s),
              w->res->nal_rate, xw_fmt(c, XS_CALC, XN_PCT));
}

/* The net advantage to leasing: month 0's flow and the NPV of the months' at
 * the monthly after-tax cost of debt. */
static void lb_nal_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(c, f, sizeof f, "=%s+NPV(%s/MonthsPerYear,%s)",
                         xw_ref(NULL, L->lb.r_diff, XW_COL_M0, 0, 0).s, xw_ow_drv(L->lb.k_kd).s,
                         xw_range(NULL, L->lb.r_diff, XW_COL_M0 + 1, L->lb.r_diff, w->last).s),
              w->res->nal, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* See optw.h. */
const xw_ow_row xw_leasebuy_rows[] = {
    OW_HEADING(lb.s_lb, OW_TWIN, lb_heading),
    OW_ROW(lb.r_diff, OW_TWIN, XW_KEY("option.lb.diff"),
           "Hardware's flow bought less leased (price, payments and buyout, tax depreciation "
           "saved, residual and its tax)",
           OU_CURRENCY, lb_diff_row),
    OW_ROW(lb.k_rate, OW_TWIN, XW_KEY("option.lb.rate"),
           "Lease's implied rate, annual: (1+RATE)^12-1", OU_PERCENT, lb_rate_row),
    OW_ROW(lb.k_kd, OW_TWIN | OW_NAL, XW_KEY("option.lb.kd"),
           "After-tax cost of debt, annual (nominal)", OU_PERCENT, lb_kd_row),
    OW_TOTAL(lb.k_nal, OW_TWIN | OW_NAL, XW_KEY("option.lb.nal"),
             "Net advantage to leasing (above 0: leasing saves)", lb_nal_row),
};

/* See optw.h. */
const size_t xw_n_leasebuy_rows = sizeof xw_leasebuy_rows / sizeof xw_leasebuy_rows[0];
