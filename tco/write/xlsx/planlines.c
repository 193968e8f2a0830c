/* planlines.c - a plan's cash flow and drivers (MODEL.md, Plans): the owned
 * part's cost lines, the reserved part's and the overflow's, the plan's cost,
 * net cost and present value, and the drivers the formulas read; each the
 * option sheet's formula (xw_ow_formula) over the plan's counts. */
#include "write/xlsx/planw.h"
#include "core/core.h"
#include "core/factors.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The option of the owned GPUs in month m (1..H): the new one after a refresh. */
static const xw_optw *own_w(const pl_sheet *S, int m)
{
    int R = S->pr->refresh_month;
    return S->refresh && R > 0 && m > R ? &S->wn : &S->wo;
}

/* The electricity price row (of each month's option's site) and the capex:
 * at month 0, or with buy_at or a refresh each purchase's in its month. */
static void own_head(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], x[XW_FBUF / 2], y[XW_FBUF / 2], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.own", "Owned: {label}", "label", c->label[S->pl->own_i], NULL);
    xw_text(c, S->ws, R->s_own, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    xw_labelf(c, t, sizeof t, "unit.money_per_kwh", "{currency} per kWh", "currency", S->cur, NULL);
    pl_label(S, R->r_price, xw_label(c, "option.price", "Electricity price, escalated yearly"), t,
             XS_TEXT);
    for (int m = 1; m <= S->H; m++) {
        const xw_optw *ws[2] = {&S->wo, &S->wn};
        char *fx[2] = {x, y};
        for (int k = 0; k < 1 + S->refresh; k++)
            xw_formula(c, fx[k], sizeof x, "=%s*(1+%s)^(%s-1)",
                       xw_site_name(c, ws[k]->i, TCO_S_ELECTRICITY_PRICE).s,
                       xw_site_name(c, ws[k]->i, TCO_S_ELECTRICITY_ESCALATION).s,
                       pl_at(R->r_year, XW_COL_M0 + m).s);
        const tco_option *o = own_w(S, m)->o;
        pl_fig(S, R->r_price, XW_COL_M0 + m, pl_by_month(S, f, sizeof f, XW_COL_M0 + m, x, y),
               tci_electricity_price(c->s, o, m), xw_fmt(c, XS_CALC, XN_MONEY4));
    }
    pl_label(S, R->r_capex, xw_label(c, "option.capex", "Capex"), S->cur, XS_TEXT);
    pl_total(S, R->r_capex, XW_COL_M0, P->capex, XS_CALC, XN_MONEY);
    if (S->staged) { /* each purchase's capex in its month */
        for (int m = 0; m <= S->H; m++)
            pl_fig(S, R->r_capex, XW_COL_M0 + m,
                   xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,%s)", pl_buys(S, PB_CAPEX).s,
                              pl_buys(S, PB_MONTH).s, pl_at(R->r_month, XW_COL_M0 + m).s),
                   P->capex_at[m], S->money);
    } else {
        pl_fig(S, R->r_capex, XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", pl_drv(R->k_capex).s),
               P->capex, S->money);
    }
    if (R->r_lent == XW_NONE)
        return;
    if (S->sloan || S->slease) { /* each purchase's loan lent, or capex leased, in its month */
        double sum = 0;
        pl_label(S, R->r_lent,
                 !S->slease
                     ? xw_label(c, "plan.lent", "Less: lent by the loans, received in their months")
                 : !S->sloan ? xw_label(c, "plan.unpaid", "Less: not paid, leased, in their months")
                             : xw_label(c, "plan.lent_unpaid",
                                        "Less: lent by loans or leased, in their months"),
                 S->cur, XS_TEXT);
        for (int m = 0; m <= S->H; m++) {
            pl_fig(S, R->r_lent, XW_COL_M0 + m,
                   xw_formula(c, f, sizeof f, "=-SUMIFS(%s,%s,%s)", pl_buys(S, PB_LENT).s,
                              pl_buys(S, PB_MONTH).s, pl_at(R->r_month, XW_COL_M0 + m).s),
                   -P->lent_at[m], S->money);
            sum -= P->lent_at[m];
        }
        pl_total(S, R->r_lent, XW_COL_M0, sum, XS_CALC, XN_MONEY);
        return;
    }
    /* A lease pays none of the capex; a loan lends its amount at month 0. */
    double lent = S->lease ? -P->capex : -P->loan_amount;
    pl_label(S, R->r_lent,
             S->lease ? xw_label(c, "option.unpaid", "Less: not paid, leased")
                      : xw_label(c, "option.lent", "Less: lent by the loan, received at month 0"),
             S->cur, XS_TEXT);
    pl_fig(S, R->r_lent, XW_COL_M0,
           xw_formula(c, f, sizeof f, "=-%s", pl_drv(S->lease ? R->k_capex : R->k_loan).s), lent,
           S->money);
    pl_total(S, R->r_lent, XW_COL_M0, lent, XS_CALC, XN_MONEY);
}

/* With buy_at or a refresh, each purchase's loan (MODEL.md, Staged purchases:
 * it runs from its purchase, its month j the model's t + j; Refresh: what it
 * still owes repaid when sold): its interest and principal by month, the
 * option sheet's formulas over its row of the purchases' table; then the
 * balances still owed, each in the month its purchase is sold. */
static void own_finance_staged(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], g[XW_FBUF], t[XW_TBUF], who[XW_TBUF], off[XW_FBUF / 8];
    for (int j = 0; j < S->nb; j++) {
        const xw_optw *w;
        int row = xw_pl_loan_row(S, j);
        if (row == XW_NONE)
            continue;
        xw_pl_buy_loan(S, j, &w);
        xw_pl_buy_name(S, j, who, sizeof who);
        xw_refbuf bt = pl_buy(S, j, PB_MONTH), be = pl_buy(S, j, PB_SOLD),
                  rate = pl_buy(S, j, PB_LRATE), amount = pl_buy(S, j, PB_LENT);
        for (int k = 0; k < 2; k++) {
            const double *v = k == 0 ? P->lint : P->lprin;
            double sum = 0;
            if (k == 0)
                xw_labelf(c, t, sizeof t, "plan.loan_interest", "Loan interest: {purchase}",
                          "purchase", who, NULL);
            else
                xw_labelf(c, t, sizeof t, "plan.loan_principal", "Loan principal: {purchase}",
                          "purchase", who, NULL);
            pl_label(S, row + k, t, S->cur, XS_TEXT);
            for (int m = 1; m <= S->H; m++) {
                xw_refbuf mo = pl_at(R->r_month, XW_COL_M0 + m);
                xw_formula(c, off, sizeof off, "(%s-%s)", mo.s, bt.s);
                xw_owrefs L = {.month = off, .rate = rate.s, .amount = amount.s};
                xw_ow_formula(w, k == 0 ? XF_LOAN_INTEREST : XF_LOAN_PRINCIPAL, &L, g, sizeof g);
                pl_fig(S, row + k, XW_COL_M0 + m,
                       xw_formula(c, f, sizeof f, "=IF(AND(%s>%s,%s<=%s),%s,0)", mo.s, bt.s, mo.s,
                                  be.s, g + 1),
                       v[j * S->H + m - 1], S->money);
                sum += v[j * S->H + m - 1];
            }
            pl_total(S, row + k, XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
        }
    }
    double bal[TCO_MAX_HORIZON + 1] = {0}, sum = 0;
    for (int j = 0; j < S->nb; j++) {
        bal[(int)P->buy[j][PB_SOLD - PB_MONTH]] += P->buy[j][PB_LBAL - PB_MONTH];
        sum += P->buy[j][PB_LBAL - PB_MONTH];
    }
    pl_label(S, R->r_lbal,
             xw_label(c, "plan.loan_balance", "Loan balances still owed, repaid in the month sold"),
             S->cur, XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        pl_fig(S, R->r_lbal, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,%s)", pl_buys(S, PB_LBAL).s,
                          pl_buys(S, PB_SOLD).s, pl_at(R->r_month, XW_COL_M0 + m).s),
               bal[m], S->money);
    pl_total(S, R->r_lbal, XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
}

/* With buy_at or a refresh, the leases (MODEL.md, Financing with a lease, from
 * each purchase's month; Refresh: a lease returned when sold, its payments
 * still to come paid then): each month's payments, in advance (month 0's
 * too), those of the purchases whose lease runs in it; the buyouts, each in
 * the month its lease ends; with a refresh, the payments still to come of
 * the leases returned then. Sums over the purchases' table. */
static void own_lease_staged(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF];
    const int rows[3] = {R->r_epay, R->r_ebuy, R->r_eset};
    const double *v[3] = {P->epay_at, P->ebuy_at, P->eset_at};
    const char *names[3] = {
        xw_label(c, "plan.lease_payments", "Lease payments, in advance for the next month"),
        xw_label(c, "plan.lease_buyouts", "Lease buyouts, each at its lease's end"),
        xw_label(c, "plan.lease_returned", "Leases returned at the refresh: payments left")};
    for (int k = 0; k < 3; k++) {
        if (rows[k] == XW_NONE)
            continue;
        double sum = 0;
        pl_label(S, rows[k], names[k], S->cur, XS_TEXT);
        for (int m = k == 0 ? 0 : 1; m <= S->H; m++) {
            xw_refbuf mo = pl_at(R->r_month, XW_COL_M0 + m);
            if (k == 0)
                xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,\"<=\"&%s,%s,\">\"&%s,%s,\">\"&%s)",
                           pl_buys(S, PB_EPMT).s, pl_buys(S, PB_MONTH).s, mo.s,
                           pl_buys(S, PB_EEND).s, mo.s, pl_buys(S, PB_SOLD).s, mo.s);
            else if (k == 1)
                xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,%s)", pl_buys(S, PB_EBUY).s,
                           pl_buys(S, PB_EEND).s, mo.s);
            else
                xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,%s,%s,\"<\"&HorizonMonths)",
                           pl_buys(S, PB_EOWED).s, pl_buys(S, PB_SOLD).s, mo.s,
                           pl_buys(S, PB_SOLD).s);
            pl_fig(S, rows[k], XW_COL_M0 + m, f, v[k][m], S->money);
            sum += v[k][m];
        }
        pl_total(S, rows[k], k == 0 ? XW_COL_M0 : XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
    }
}

/* A loan's lines (MODEL.md, Financing with a loan): each month's interest and
 * principal while it runs and the balance owed at month H; a lease's (with a
 * lease): its payment, in advance, and its buyout. The option sheet's
 * formulas over the plan's drivers. */
static void own_finance(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], t[XW_TBUF];
    const xw_optw *w = &S->wo;
    xw_refbuf rate = pl_drv(R->k_lrate), amount = pl_drv(R->k_loan), pmt = pl_drv(R->k_epmt),
              buy = pl_drv(R->k_ebuy);
    const int rows[4] = {R->r_lint, R->r_lprin, R->r_epay, R->r_ebuy};
    const xw_owf fn[4] = {XF_LOAN_INTEREST, XF_LOAN_PRINCIPAL, XF_LEASE_PAYMENT_AT,
                          XF_LEASE_BUYOUT_AT};
    const char *names[4] = {
        xw_label(c, "option.line.loan_interest", "Loan interest"),
        xw_label(c, "option.line.loan_principal", "Loan principal"),
        xw_label(c, "option.line.lease_payment", "Lease payment, in advance for the next month"),
        xw_label(c, "option.line.lease_buyout", "Lease buyout, at its end")};
    for (int k = 0; k < 4; k++) {
        if (rows[k] == XW_NONE)
            continue;
        double sum = 0;
        pl_label(S, rows[k], names[k], S->cur, XS_TEXT);
        if (k == 2) { /* the first payment, at month 0 */
            pl_fig(S, rows[k], XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", pmt.s),
                   P->lease_payment, S->money);
            sum += P->lease_payment;
        }
        for (int m = 1; m <= S->H; m++) {
            const tco_month *mo = &P->m0[m - 1];
            double v = k == 0   ? mo->loan_interest
                       : k == 1 ? mo->loan_principal
                       : k == 2 ? mo->lease_payment
                                : mo->lease_buyout;
            xw_refbuf mon = pl_at(R->r_month, XW_COL_M0 + m);
            xw_owrefs L = {.month = mon.s,
                           .rate = rate.s,
                           .amount = amount.s,
                           .payment = pmt.s,
                           .buyout = buy.s};
            pl_fig(S, rows[k], XW_COL_M0 + m, xw_ow_formula(w, fn[k], &L, f, sizeof f), v,
                   S->money);
            sum += v;
        }
        pl_total(S, rows[k], k == 2 ? XW_COL_M0 : XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
    }
    if (R->r_lbal == XW_NONE)
        return;
    double bal = S->H > 0 ? P->m0[S->H - 1].loan_balance : 0;
    xw_labelf(c, t, sizeof t, "option.line.loan_balance",
              "Loan balance still owed, paid at month {month}", "month", xw_int(S->H).s, NULL);
    pl_label(S, R->r_lbal, t, S->cur, XS_TEXT);
    xw_refbuf prin = xw_range(NULL, R->r_lprin, XW_COL_M0 + 1, R->r_lprin, S->last);
    xw_owrefs B = {.amount = amount.s, .principal = prin.s};
    pl_fig(S, R->r_lbal, S->last, xw_ow_formula(w, XF_LOAN_BALANCE, &B, f, sizeof f), bal,
           S->money);
    pl_total(S, R->r_lbal, XW_COL_M0, bal, XS_CALC, XN_MONEY);
}

/* The IT load at each month's utilization, of its option's GPUs and servers. */
static void own_it_kw(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], g[XW_FBUF], gw[XW_FBUF], fx[2][XW_FBUF];
    pl_label(S, R->r_it_kw, xw_label(c, "plan.it_kw", "IT load at the month's utilization"),
             xw_label(c, "unit.kw", "kW"), XS_TEXT);
    xw_refbuf servers = pl_drv(R->k_servers);
    const int bought = S->pr->own_count + S->pr->spares;
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf u = pl_at(R->r_u, col);
        char n[XW_FBUF / 4], sv[XW_FBUF / 4];
        pl_fleet_at(S, n, sizeof n, col);
        const xw_optw *ws[2] = {&S->wo, &S->wn};
        for (int k = 0; k < 1 + S->refresh; k++) {
            xw_owrefs G = {.u = u.s};
            xw_ow_formula(ws[k], XF_GPU_W, &G, g, sizeof g);
            xw_formula(c, gw, sizeof gw, "(%s)", g + 1);
            xw_owrefs K = {.n = n,
                           .gpu_w = gw,
                           .servers = S->staged ? pl_in_service(S, sv, sizeof sv, PB_SERVERS, col)
                                                : servers.s};
            xw_ow_formula(ws[k], XF_IT_KW, &K, fx[k], sizeof fx[k]);
        }
        const tco_option *o = own_w(S, m)->o;
        double uv = pm[m - 1].own_utilization;
        double kw = S->staged ? tci_it_kw(o, P->fleet[m - 1], P->servers_at[m - 1], uv)
                              : tci_it_kw(o, bought, P->servers, uv);
        pl_fig(S, R->r_it_kw, col, pl_by_month(S, f, sizeof f, col, fx[0], fx[1]), kw,
               xw_fmt(c, XS_CALC, XN_DEC2));
    }
}

/* Line k of month col by option w: the option sheet's formula over the plan's
 * cells; with buy_at or a refresh, a line paid whatever the GPUs (staff) over
 * the purchases in service, each paying its own. */
static const char *own_line(const pl_sheet *S, const xw_optw *w, int k, int col, char *f, size_t fs)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char g[XW_FBUF], pk[XW_FBUF / 4], cx[XW_FBUF / 4];
    xw_refbuf price = pl_at(R->r_price, col), it = pl_at(R->r_it_kw, col), n_in = pl_own_all(S),
              prov = pl_drv(R->k_prov_kw), capex = pl_drv(R->k_capex);
    xw_owrefs L = {
        .n = n_in.s, .it_kw = it.s, .prov_kw = prov.s, .capex = capex.s, .price = price.s};
    if (S->staged) {
        L.prov_kw = pl_in_service(S, pk, sizeof pk, PB_PROV_KW, col);
        L.capex = pl_in_service(S, cx, sizeof cx, PB_CAPEX, col);
    }
    xw_ow_formula(w, XF_LINE(k), &L, g, sizeof g);
    if (tco_cost_line_get(k)->kind != TCO_LINE_OWNED_EACH)
        return xw_formula(c, f, fs, "%s", g);
    if (!S->staged)
        return pl_if_any(S, f, fs, n_in.s, g);
    xw_refbuf mo = pl_at(R->r_month, col);
    return xw_formula(c, f, fs, "=%s*COUNTIFS(%s,\"<\"&%s,%s,\">=\"&%s,%s,\">0\")", g + 1,
                      pl_buys(S, PB_MONTH).s, mo.s, pl_buys(S, PB_SOLD).s, mo.s,
                      pl_buys(S, PB_BOUGHT).s);
}

/* See planw.h. */
void xw_pl_own_lines(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], x[XW_FBUF], y[XW_FBUF], t[XW_TBUF];
    own_head(S, P);
    own_it_kw(S, P);
    for (int k = 0; k < TCO_LINES; k++) {
        if (R->r_line[k] == XW_NONE)
            continue;
        double v[TCO_MAX_HORIZON], sum = 0;
        for (int m = 0; m < S->H; m++) {
            v[m] = pm[m].own_line[k];
            sum += v[m];
        }
        pl_label(S, R->r_line[k], xw_line_label(c, k), S->cur, XS_TEXT);
        pl_total(S, R->r_line[k], XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
        for (int m = 1; m <= S->H; m++) {
            int col = XW_COL_M0 + m;
            own_line(S, &S->wo, k, col, x, sizeof x);
            if (S->refresh)
                own_line(S, &S->wn, k, col, y, sizeof y);
            pl_fig(S, R->r_line[k], col, pl_by_month(S, f, sizeof f, col, x, y), v[m - 1],
                   S->money);
        }
    }
    if (S->sloan)
        own_finance_staged(S, P);
    if (S->slease)
        own_lease_staged(S, P);
    if (!S->staged)
        own_finance(S, P);
    /* The lines and the financing's, the rows just above. */
    const int loan = S->loan || S->sloan, lease = S->lease || S->slease,
              last_line = R->r_own_cost - 1;
    int first_line = last_line; /* the owned part's lines are the rows first_line..last_line */
    for (int k = TCO_LINES - 1; k >= 0; k--)
        if (R->r_line[k] != XW_NONE)
            first_line = R->r_line[k];
    pl_label(S, R->r_own_cost,
             loan && lease
                 ? xw_label(c, "plan.opcost.both", "Owned: operating cost, loan and lease payments")
             : loan  ? xw_label(c, "plan.opcost.loan", "Owned: operating cost and loan payments")
             : lease ? xw_label(c, "plan.opcost.lease", "Owned: operating cost and lease payments")
                     : xw_label(c, "plan.own_cost", "Owned: operating cost"),
             S->cur, XS_TOTAL);
    /* The engine's own_cost holds a purchase's capex (paid in its month) and
     * a refresh's sale: the sheet shows them on their own rows. */
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].own_cost - P->capex_at[m + 1] + P->lent_at[m + 1] + P->sale_at[m + 1];
    pl_total(S, R->r_own_cost, XW_COL_M0 + 1, sum, XS_TOTAL, XN_MONEY);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, R->r_own_cost, col,
               xw_formula(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, first_line, col, 0, 0).s,
                          xw_ref(NULL, last_line, col, 0, 0).s),
               pm[m - 1].own_cost - P->capex_at[m] + P->lent_at[m] + P->sale_at[m], S->money_t);
    }
    if (R->r_sale != XW_NONE) { /* MODEL.md, Refresh: the old GPUs sold at month R */
        double sold = 0;
        for (int m = 1; m <= S->H; m++)
            sold -= P->sale_at[m];
        pl_label(S, R->r_sale,
                 xw_label(c, "plan.sale", "Sale of the GPUs replaced, at their residual value"),
                 S->cur, XS_TEXT);
        pl_total(S, R->r_sale, XW_COL_M0 + 1, sold, XS_CALC, XN_MONEY);
        for (int m = 1; m <= S->H; m++) {
            xw_refbuf mo = pl_at(R->r_month, XW_COL_M0 + m);
            pl_fig(S, R->r_sale, XW_COL_M0 + m,
                   xw_formula(c, f, sizeof f, "=-SUMIFS(%s,%s,%s,%s,\"<\"&HorizonMonths)",
                              pl_buys(S, PB_RESIDUAL).s, pl_buys(S, PB_SOLD).s, mo.s,
                              pl_buys(S, PB_SOLD).s),
                   -P->sale_at[m], S->money);
        }
    }
    xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}", "month",
              xw_int(S->H).s, NULL);
    pl_label(S, R->r_resid, t, S->cur, XS_TEXT);
    pl_total(S, R->r_resid, XW_COL_M0, P->residual, XS_CALC, XN_MONEY);
    if (S->staged)
        xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,HorizonMonths)", pl_buys(S, PB_RESIDUAL).s,
                   pl_buys(S, PB_SOLD).s);
    else
        xw_formula(c, f, sizeof f, "=%s", pl_drv(R->k_residual).s);
    pl_fig(S, R->r_resid, S->last, f, P->residual, S->money);
    if (R->r_own_commit != XW_NONE) { /* a lease's months past the horizon */
        xw_refbuf pmt = pl_drv(R->k_epmt);
        xw_owrefs L = {.payment = pmt.s};
        pl_label(S, R->r_own_commit,
                 S->staged ? xw_label(c, "plan.commit.lease",
                                      "Owed after the horizon (the leases' months past it)")
                           : xw_label(c, "option.commit.lease",
                                      "Owed after the horizon (the lease's months past it)"),
                 S->cur, XS_TEXT);
        if (S->staged) /* the purchases held to H */
            xw_formula(c, f, sizeof f, "=SUMIFS(%s,%s,HorizonMonths)", pl_buys(S, PB_EOWED).s,
                       pl_buys(S, PB_SOLD).s);
        else
            xw_ow_formula(&S->wo, XF_LEASE_COMMIT, &L, f, sizeof f);
        pl_fig(S, R->r_own_commit, XW_COL_VAL, f, P->commit, S->money);
    }
}

/* A rental price factor row: (1 - decline)^(year - 1), option w's decline. */
static void factor_row(const pl_sheet *S, const xw_optw *w, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    pl_label(S, row, xw_label(c, "option.factor", "Rental price factor after the yearly decline"),
             xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        pl_fig(S, row, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=(1-%s)^(%s-1)", xw_ow_in(w, TCO_O_PRICE_DECLINE).s,
                          pl_at(S->R.r_year, XW_COL_M0 + m).s),
               tci_price_factor(-w->o->price_decline, m), xw_fmt(c, XS_CALC, XN_DEC6));
}

/* The reserved part: its upfront, its rental at utilization 1 and what is
 * committed past the horizon; the option's own lines with the plan's count. */
void xw_pl_reserved(const pl_sheet *S, double paid0, double commit)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wr;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], g[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.res", "Reserved: {label}", "label", c->label[S->pl->reserve_i],
              NULL);
    xw_text(c, S->ws, R->s_res, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    if (R->r_res_factor != XW_NONE)
        factor_row(S, w, R->r_res_factor);
    xw_refbuf n = pl_res_n(S);
    pl_label(S, R->r_res_up, xw_label(c, "option.upfront", "Upfront payment"), S->cur, XS_TEXT);
    pl_total(S, R->r_res_up, XW_COL_M0, paid0, XS_CALC, XN_MONEY);
    xw_formula(c, g, sizeof g, "=%s", xw_ow_in(w, TCO_O_UPFRONT).s);
    pl_fig(S, R->r_res_up, XW_COL_M0, pl_if_any(S, f, sizeof f, n.s, g), paid0, S->money);
    pl_label(S, R->r_res_rent, xw_label(c, "option.line.rental", "Rental"), S->cur, XS_TEXT);
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].reserve_cost;
    pl_total(S, R->r_res_rent, XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf factor = pl_at(R->r_res_factor, col), month = pl_at(R->r_month, col);
        xw_owrefs L = {.n = n.s, .u = "1", .factor = factor.s, .month = month.s};
        xw_ow_formula(w, XF_RENTAL, &L, g, sizeof g);
        pl_fig(S, R->r_res_rent, col, pl_if_any(S, f, sizeof f, n.s, g), pm[m - 1].reserve_cost,
               S->money);
    }
    if (R->r_res_commit != XW_NONE) {
        xw_owrefs L = {.n = n.s};
        pl_label(
            S, R->r_res_commit,
            xw_label(c, "option.commit", "Committed after the horizon (the term's months past it)"),
            S->cur, XS_TEXT);
        pl_fig(S, R->r_res_commit, XW_COL_VAL, xw_ow_formula(w, XF_COMMIT, &L, f, sizeof f), commit,
               S->money);
    }
}

/* The overflow: the hours bought at the month's hourly price. */
void xw_pl_overflow(const pl_sheet *S)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wv;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.over", "On demand: {label}", "label",
              c->label[S->pl->overflow_i], NULL);
    xw_text(c, S->ws, R->s_over, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    factor_row(S, w, R->r_ov_factor);
    xw_labelf(c, t, sizeof t, "plan.per_hour", "{currency} per GPU-hour", "currency", S->cur, NULL);
    pl_label(S, R->r_ov_price, xw_label(c, "plan.ov_price", "Price per GPU-hour"), t, XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        pl_fig(S, R->r_ov_price, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=%s*%s", xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s,
                          pl_at(R->r_ov_factor, XW_COL_M0 + m).s),
               pm[m - 1].overflow_price, xw_fmt(c, XS_CALC, XN_MONEY4));
    pl_label(S, R->r_ov_cost, xw_label(c, "plan.ov_cost", "On-demand hours bought"), S->cur,
             XS_TEXT);
    pl_total(S, R->r_ov_cost, XW_COL_M0 + 1, S->pr->overflow_total, XS_CALC, XN_MONEY);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, R->r_ov_cost, col,
               xw_formula(c, f, sizeof f, "=%s*%s", pl_at(R->r_h_over, col).s,
                          pl_at(R->r_ov_price, col).s),
               pm[m - 1].overflow_cost, S->money);
    }
}

/* In t, "A+B+..." of the cells of `rows` (those not XW_NONE) in column col
 * (the drivers' column: absolute references); "" when none. */
static void plus_cells(char *t, size_t ts, const int *rows, int n, int col)
{
    size_t len = 0;
    t[0] = '\0';
    for (int k = 0; k < n; k++)
        if (rows[k] != XW_NONE) {
            xw_refbuf r = col == XW_COL_VAL ? pl_drv(rows[k]) : pl_at(rows[k], col);
            tci_utf8_format(t + len, ts - len, "%s%s", len ? "+" : "", r.s);
            len = strlen(t);
        }
}

/* Row `row`'s =SUM over month 0..H in column C, plus the drivers a and b (in
 * column C; XW_NONE: none), cached v. */
static void sum_plus(const pl_sheet *S, int row, int a, int b, double v)
{
    char f[XW_FBUF], t[XW_FBUF / 2];
    const int rows[2] = {a, b};
    plus_cells(t, sizeof t, rows, 2, XW_COL_VAL);
    if (!t[0]) {
        pl_total(S, row, XW_COL_M0, v, XS_TOTAL, XN_MONEY);
        return;
    }
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=SUM(%s)+%s",
                      xw_range(NULL, row, XW_COL_M0, row, S->last).s, t),
           v, xw_fmt(S->c, XS_TOTAL, XN_MONEY));
}

/* The plan's cost, net cost, discount factors and present values; total and
 * NPV in column C. */
void xw_pl_totals(const pl_sheet *S, double residual, double commit_pv)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], t[XW_FBUF / 2];
    xw_text(c, S->ws, R->s_plan, 0, xw_label(c, "plan.plan", "The plan"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    pl_label(S, R->r_cost, xw_label(c, "plan.cost", "Cost: month 0 paid, then each month's"),
             S->cur, XS_TOTAL);
    double sum = S->pr->paid0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].cost;
    pl_total(S, R->r_cost, XW_COL_M0, sum, XS_TOTAL, XN_MONEY);
    /* Month 0: the capex, less what a loan lends or a lease leaves unpaid, a
     * lease's first payment, the reserved part's upfront. */
    const int rows0[4] = {S->own ? R->r_capex : XW_NONE, R->r_lent, R->r_epay, R->r_res_up};
    plus_cells(t, sizeof t, rows0, 4, XW_COL_M0);
    pl_fig(S, R->r_cost, XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", t[0] ? t : "0"), S->pr->paid0,
           S->money_t);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        char sumt[XW_FBUF] = "";
        size_t len = 0;
        /* With buy_at, the capex of the purchases of month m too, less what
         * their loans lend. */
        const int rows[6] = {S->staged ? R->r_capex : XW_NONE,
                             S->staged ? R->r_lent : XW_NONE,
                             R->r_own_cost,
                             R->r_sale,
                             R->r_res_rent,
                             R->r_ov_cost};
        for (int k = 0; k < 6; k++)
            if (rows[k] != XW_NONE) {
                tci_utf8_format(sumt + len, sizeof sumt - len, "%s%s", len ? "+" : "",
                                pl_at(rows[k], col).s);
                len = strlen(sumt);
            }
        pl_fig(S, R->r_cost, col, xw_formula(c, f, sizeof f, "=%s", len ? sumt : "0"),
               pm[m - 1].cost, S->money_t);
    }
    pl_label(S, R->r_net, xw_label(c, "plan.net", "Net cost (cost - residual)"), S->cur, XS_TOTAL);
    sum_plus(S, R->r_net, R->r_res_commit, R->r_own_commit, S->pr->total);
    double net[TCO_MAX_HORIZON + 1];
    net[0] = S->pr->paid0;
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        if (m > 0)
            net[m] = pm[m - 1].cost - (m == S->H ? residual : 0);
        if (R->r_resid != XW_NONE)
            xw_formula(c, f, sizeof f, "=%s-%s", pl_at(R->r_cost, col).s, pl_at(R->r_resid, col).s);
        else
            xw_formula(c, f, sizeof f, "=%s", pl_at(R->r_cost, col).s);
        pl_fig(S, R->r_net, col, f, net[m], S->money_t);
    }
    pl_label(S, R->r_df, xw_label(c, "option.df", "Discount factor"),
             xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 0; m <= S->H; m++)
        pl_fig(S, R->r_df, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=1/(1+%s)^%s", pl_drv(R->k_rm).s,
                          pl_at(R->r_month, XW_COL_M0 + m).s),
               tci_discount_factor(c->r->monthly_rate, m), xw_fmt(c, XS_CALC, XN_DEC6));
    pl_label(S, R->r_pv, xw_label(c, "option.pv", "Present value"), S->cur, XS_TOTAL);
    sum_plus(S, R->r_pv, R->k_commit_pv, R->k_own_commit_pv, S->pr->npv);
    (void)commit_pv;
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, R->r_pv, col,
               xw_formula(c, f, sizeof f, "=%s*%s", pl_at(R->r_net, col).s, pl_at(R->r_df, col).s),
               tci_present_value(net[m], c->r->monthly_rate, m), S->money_t);
    }
}

/* ===== Drivers ===== */

/* A driver: label, unit and a formula in column C with its cached value. */
static void driver(const pl_sheet *S, int row, const char *text, const char *unit, const char *f,
                   double v, xw_numfmt nf)
{
    xw_ow_driver(&S->wo, row, text, unit, f, v, nf);
}

/* Reference GPU-hours in one GPU-hour of option i (k_X): a driver. */
static void k_driver(const pl_sheet *S, int row, int i)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], t[XW_TBUF];
    xw_refbuf tp = xw_in(c, (size_t)i, TCO_O_THROUGHPUT),
              tr = xw_in(c, (size_t)c->s->demand->ref, TCO_O_THROUGHPUT);
    xw_labelf(c, t, sizeof t, "plan.k", "Reference GPU-hours in one {option} GPU-hour", "option",
              c->id[i], NULL);
    driver(S, row, t, xw_label(c, "unit.factor", "factor"),
           xw_formula(c, f, sizeof f, "=IF(AND(%s>0,%s>0),%s/%s,1)", tp.s, tr.s, tp.s, tr.s),
           tci_per_hour(c->s, i), XN_NUM);
}

/* Option i's availability A (MODEL.md, Goodput): =MAX(0.01,availability -
 * failure_rate*repair_days/365) over the keys it gives on Inputs, the others at
 * their defaults; a driver. */
static void a_driver(const pl_sheet *S, int row, int i)
{
    if (row == XW_NONE)
        return;
    xw_ctx *c = S->c;
    const tco_option *o = &c->s->options[i];
    char f[XW_FBUF], t[XW_TBUF], v[3][XW_TBUF / 4];
    static const tco_okey keys[3] = {TCO_O_AVAILABILITY, TCO_O_FAILURE_RATE, TCO_O_REPAIR_DAYS};
    const double def[3] = {o->availability, o->failure_rate, o->repair_days};
    for (int k = 0; k < 3; k++)
        if (o->key_line[keys[k]])
            tci_utf8_format(v[k], sizeof v[k], "%s", xw_in(c, (size_t)i, keys[k]).s);
        else
            tci_utf8_format(v[k], sizeof v[k], "%.17g", def[k]);
    xw_labelf(c, t, sizeof t, "plan.a", "Availability of {option} GPUs (A)", "option", c->id[i],
              NULL);
    driver(S, row, t, xw_label(c, "input.option.availability.unit", "of hours"),
           xw_formula(c, f, sizeof f, "=MAX(0.01,%s-%s*%s/365)", v[0], v[1], v[2]),
           c->r->options[i].availability, XN_PCT);
}

/* A loan's drivers (its amount, monthly rate and level payment) or a lease's
 * (its payment, of 0 GPUs none; its buyout; the present value of what is owed
 * past the horizon): the option sheet's formulas over the plan's capex. */
static void finance_drivers(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wo;
    char f[XW_FBUF], g[XW_FBUF];
    xw_refbuf capex = pl_drv(R->k_capex), rate = pl_drv(R->k_lrate), amount = pl_drv(R->k_loan),
              rm = pl_drv(R->k_rm), cm = pl_drv(R->r_own_commit), pmt = pl_drv(R->k_epmt),
              n = pl_own_all(S);
    xw_owrefs D = {.capex = capex.s,
                   .rate = rate.s,
                   .amount = amount.s,
                   .rm = rm.s,
                   .commit = cm.s,
                   .payment = pmt.s};
    if (S->loan) {
        driver(S, R->k_loan, xw_label(c, "option.loan", "Lent by the loan"), S->cur,
               xw_ow_formula(w, XF_LOAN_AMOUNT, &D, f, sizeof f), P->loan_amount, XN_MONEY);
        driver(S, R->k_lrate, xw_label(c, "option.lrate", "Loan interest rate per month"),
               xw_label(c, "unit.pct_month", "% per month"),
               xw_ow_formula(w, XF_LOAN_RATE, &D, f, sizeof f),
               c->r->options[w->i].loan_rate_monthly, XN_PCT4);
        driver(S, R->k_lpmt, xw_label(c, "option.lpmt", "Loan payment per month (level)"), S->cur,
               xw_ow_formula(w, XF_LOAN_PAYMENT, &D, f, sizeof f), P->loan_payment, XN_MONEY);
    }
    if (!S->lease)
        return;
    xw_ow_formula(w, XF_LEASE_PAYMENT, &D, g, sizeof g);
    driver(S, R->k_epmt, xw_label(c, "option.epmt", "Lease payment per month"), S->cur,
           pl_if_any(S, f, sizeof f, n.s, g), P->lease_payment, XN_MONEY);
    driver(S, R->k_ebuy, xw_label(c, "option.ebuy", "Buyout price, paid within the horizon"),
           S->cur, xw_ow_formula(w, XF_LEASE_BUYOUT, &D, f, sizeof f), P->lease_buyout, XN_MONEY);
    driver(S, R->k_own_commit_pv,
           xw_label(c, "option.commit_pv.lease", "Present value of what is owed after the horizon"),
           S->cur, xw_ow_formula(w, XF_LEASE_COMMIT_PV, &D, f, sizeof f), P->commit_pv, XN_MONEY);
}

void xw_pl_drivers(const pl_sheet *S, const pl_own *P, double commit_pv)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], g[XW_FBUF];
    xw_text(c, S->ws, R->s_drivers, 0, xw_label(c, "option.drivers", "Drivers (from Inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, S->ws, R->s_drivers, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    driver(S, R->k_rm, xw_label(c, "option.rm", "Monthly discount rate"),
           xw_label(c, "unit.pct_month", "% per month"), "=(1+DiscountRate)^(1/12)-1",
           c->r->monthly_rate, XN_PCT4);
    if (S->own) {
        k_driver(S, R->k_own, S->pl->own_i);
        a_driver(S, R->k_a_own, S->pl->own_i);
    }
    if (S->refresh) { /* MODEL.md, Refresh: the new GPUs' k and A */
        k_driver(S, R->k_new, S->pl->refresh_i);
        a_driver(S, R->k_a_new, S->pl->refresh_i);
    }
    if (S->own && S->staged)
        xw_pl_buy_table(S, P);
    if (S->own && S->staged && R->k_own_commit_pv != XW_NONE) /* the leases held to H */
        driver(S, R->k_own_commit_pv,
               xw_label(c, "option.commit_pv.lease",
                        "Present value of what is owed after the horizon"),
               S->cur, xw_formula(c, f, sizeof f, "=SUM(%s)", pl_buys(S, PB_EOWEDPV).s),
               P->commit_pv, XN_MONEY);
    if (S->own && !S->staged) {
        const xw_optw *w = &S->wo;
        xw_refbuf n = pl_own_all(S), servers = pl_drv(R->k_servers), cg = pl_drv(R->k_capex_gpu),
                  ci = pl_drv(R->k_capex_infra), rf = pl_drv(R->k_resfrac);
        xw_owrefs D = {.n = n.s,
                       .servers = servers.s,
                       .capex_gpu = cg.s,
                       .capex_infra = ci.s,
                       .resfrac = rf.s};
        if (R->k_bought != XW_NONE)
            driver(S, R->k_bought,
                   xw_label(c, "plan.bought", "Owned GPUs bought (own_count + spares)"),
                   xw_label(c, "unit.gpus", "GPUs"),
                   xw_formula(c, f, sizeof f, "=%s+%s", pl_own_n(S).s, pl_spares_n(S).s),
                   S->pr->own_count + S->pr->spares, XN_INT);
        driver(S, R->k_servers, xw_label(c, "option.servers", "Servers"),
               xw_label(c, "unit.servers", "servers"),
               xw_ow_formula(w, XF_SERVERS, &D, f, sizeof f), P->servers, XN_INT);
        driver(S, R->k_capex_gpu, xw_label(c, "option.capex_gpu", "Capex: GPUs"), S->cur,
               xw_ow_formula(w, XF_CAPEX_GPU, &D, f, sizeof f), P->capex_gpu, XN_MONEY);
        driver(S, R->k_capex_infra, xw_label(c, "option.capex_infra", "Capex: servers and network"),
               S->cur, xw_ow_formula(w, XF_CAPEX_INFRA, &D, f, sizeof f), P->capex_infra, XN_MONEY);
        xw_formula(c, g, sizeof g, "=%s+%s+%s", cg.s, ci.s, xw_ow_in(w, TCO_O_INSTALL_PRICE).s);
        driver(S, R->k_capex, xw_label(c, "option.capex_total", "Capex: total, paid at month 0"),
               S->cur, pl_if_any(S, f, sizeof f, n.s, g), P->capex, XN_MONEY);
        driver(S, R->k_prov_kw, xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
               xw_label(c, "unit.kw", "kW"), xw_ow_formula(w, XF_PROV_KW, &D, f, sizeof f),
               P->prov_kw, XN_DEC2);
        driver(S, R->k_resfrac, xw_label(c, "option.resfrac", "Resale value at the end"),
               xw_label(c, "unit.pct_hardware", "% of hardware"),
               xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_RESALE_FRACTION).s), P->resfrac,
               XN_PCT);
        driver(S, R->k_residual,
               xw_label(c, "option.residual", "Residual value (GPUs, servers and network)"), S->cur,
               xw_ow_formula(w, S->lease ? XF_LEASE_RESIDUAL : XF_RESIDUAL, &D, f, sizeof f),
               P->residual, XN_MONEY);
        finance_drivers(S, P);
    }
    if (S->res) {
        k_driver(S, R->k_res, S->pl->reserve_i);
        a_driver(S, R->k_a_res, S->pl->reserve_i);
        if (R->k_commit_pv != XW_NONE) {
            xw_refbuf n = pl_res_n(S), rm = pl_drv(R->k_rm), cm = pl_drv(R->r_res_commit);
            xw_owrefs D = {.n = n.s, .rm = rm.s, .commit = cm.s};
            driver(S, R->k_commit_pv,
                   xw_label(c, "option.commit_pv",
                            "Present value of the commitment after the horizon"),
                   S->cur, xw_ow_formula(&S->wr, XF_COMMIT_PV, &D, f, sizeof f), commit_pv,
                   XN_MONEY);
        }
    }
    if (S->over) {
        k_driver(S, R->k_over, S->pl->overflow_i);
        a_driver(S, R->k_a_over, S->pl->overflow_i);
    }
}
