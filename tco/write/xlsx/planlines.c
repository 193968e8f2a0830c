/* planlines.c - a plan's cash flow (MODEL.md, Plans), its rows described once
 * in the table xw_pl_cash_rows (planw.h), which goes on from the serving rows
 * of plansheet.c: the owned part's cost lines, the reserved part's and the
 * overflow's, the plan's cost, net cost and present value; each row's writer
 * beside it, each cell the option sheet's formula (xw_ow_formula) over the
 * plan's counts, cached with the plan's figure from the result. */
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

/* A section's heading, in t. */
static void heading(const pl_sheet *S, int row, const char *t)
{
    xw_text(S->c, S->ws, row, 0, t, xw_fmt(S->c, XS_SECTION, XN_NONE));
}

/* ===== The owned part ===== */

static void cash_heading(const pl_sheet *S, int row)
{
    xw_ow_cash_heading(&S->wo, row);
}

static void own_heading(const pl_sheet *S, int row)
{
    char t[XW_TBUF];
    xw_labelf(S->c, t, sizeof t, "plan.own", "Owned: {label}", "label", S->c->label[S->pl->own_i],
              NULL);
    heading(S, row, t);
}

/* The electricity price of each month's option's site. */
static void price_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], x[XW_FBUF / 2], y[XW_FBUF / 2];
    for (int m = 0; m <= S->H; m++) { /* month 0 at year 1's price: no power is bought */
        const xw_optw *ws[2] = {&S->wo, &S->wn};
        char *fx[2] = {x, y};
        for (int k = 0; k < 1 + S->refresh; k++)
            xw_formula(c, fx[k], sizeof x, "=%s*(1+%s)^(MAX(%s,1)-1)",
                       xw_site_name(c, ws[k]->i, TCO_S_ELECTRICITY_PRICE).s,
                       xw_site_name(c, ws[k]->i, TCO_S_ELECTRICITY_ESCALATION).s,
                       pl_at(S->R.r_year, XW_COL_M0 + m).s);
        pl_fig(S, row, XW_COL_M0 + m, pl_by_month(S, f, sizeof f, XW_COL_M0 + m, x, y),
               tci_electricity_price(c->s, own_w(S, m > 0 ? m : 1)->o, m > 0 ? m : 1),
               xw_fmt(c, XS_CALC, XN_MONEY4));
    }
}

/* The capex: at month 0, or with buy_at or a refresh each purchase's in its
 * month. */
static void capex_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    char t[XW_FBUF];
    pl_total(S, row, XW_COL_M0, S->P->capex, XS_CALC, XN_MONEY);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        if (S->staged) /* the purchases bought in the month */
            xw_formula(c, f, sizeof f, "=%s",
                       pl_sum_flagged(S, t, sizeof t, PB_CAPEX, PF_BOUGHT, col));
        else
            xw_formula(c, f, sizeof f, "=%s*%s", pl_drv(S->R.k_capex).s, pl_at(S->R.f_m0, col).s);
        pl_fig(S, row, col, f, S->staged ? S->P->capex_at[m] : m == 0 ? S->P->capex : 0, S->money);
    }
}

/* What a loan lends or a lease leaves unpaid: at month 0, or each purchase's
 * in its month. */
static void lent_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_own *P = S->P;
    char f[XW_FBUF];
    if (S->sloan || S->slease) {
        double sum = 0;
        pl_label(S, row,
                 !S->slease
                     ? xw_label(c, "plan.lent", "Less: lent by the loans, received in their months")
                 : !S->sloan ? xw_label(c, "plan.unpaid", "Less: not paid, leased, in their months")
                             : xw_label(c, "plan.lent_unpaid",
                                        "Less: lent by loans or leased, in their months"),
                 S->cur, XS_TEXT);
        for (int m = 0; m <= S->H; m++) {
            char t[XW_FBUF];
            pl_fig(S, row, XW_COL_M0 + m,
                   xw_formula(c, f, sizeof f, "=-%s",
                              pl_sum_flagged(S, t, sizeof t, PB_LENT, PF_BOUGHT, XW_COL_M0 + m)),
                   -P->lent_at[m], S->money);
            sum -= P->lent_at[m];
        }
        pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
        return;
    }
    /* A lease pays none of the capex; a loan lends its amount at month 0. */
    double lent = S->lease ? -P->capex : -P->loan_amount;
    pl_label(S, row,
             S->lease ? xw_label(c, "option.unpaid", "Less: not paid, leased")
                      : xw_label(c, "option.lent", "Less: lent by the loan, received at month 0"),
             S->cur, XS_TEXT);
    for (int m = 0; m <= S->H; m++)
        pl_fig(S, row, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=-%s*%s",
                          pl_drv(S->lease ? S->R.k_capex : S->R.k_loan).s,
                          pl_at(S->R.f_m0, XW_COL_M0 + m).s),
               m == 0 ? lent : 0, S->money);
    pl_total(S, row, XW_COL_M0, lent, XS_CALC, XN_MONEY);
}

/* The IT load at each month's utilization, of its option's GPUs and servers. */
/* See planw.h. */
void xw_pl_it_kw_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const pl_own *P = S->P;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], g[XW_FBUF], gw[XW_FBUF], fx[2][XW_FBUF];
    xw_refbuf servers = pl_drv(R->k_servers);
    const int bought = S->pr->own_count + S->pr->spares;
    for (int m = 0; m <= S->H; m++) {
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
        double kw = 0;
        if (m > 0) {
            const tco_option *o = own_w(S, m)->o;
            double uv = pm[m - 1].own_utilization;
            kw = S->staged ? tci_it_kw(o, P->fleet[m - 1], P->servers_at[m - 1], uv)
                           : tci_it_kw(o, bought, P->servers, uv);
        }
        pl_by_month(S, g, sizeof g, col, fx[0], fx[1]);
        pl_fig(S, row, col, pl_if_flag(S, f, sizeof f, R->f_op, col, g), kw,
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
    /* Once for each purchase in service that bought GPUs. */
    return xw_formula(c, f, fs, "=%s*SUMPRODUCT((%s>0)*%s)", g + 1, pl_buys(S, PB_BOUGHT).s,
                      pl_flags(S, PF_IN, col).s);
}

/* A cost line of the owned part (the lines of a bought option, each on its
 * row): the plan's month figure, each month's utilization in it. */
static void line_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], x[XW_FBUF], y[XW_FBUF];
    int k = 0;
    while (S->R.r_line[k] != row)
        k++;
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].own_line[k];
    pl_label(S, row, xw_line_label(c, k), S->cur, XS_TEXT);
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        char g[XW_FBUF];
        own_line(S, &S->wo, k, col, x, sizeof x);
        if (S->refresh)
            own_line(S, &S->wn, k, col, y, sizeof y);
        pl_by_month(S, g, sizeof g, col, x, y);
        pl_fig(S, row, col, pl_if_flag(S, f, sizeof f, S->R.f_op, col, g),
               m == 0 ? 0 : pm[m - 1].own_line[k], S->money);
    }
}

/* A loan's interest (k 0) or principal (k 1) while it runs (MODEL.md,
 * Financing with a loan): the option sheet's formulas over the plan's
 * drivers. */
static void loan_part_row(const pl_sheet *S, int row, int k)
{
    char f[XW_FBUF];
    char g[XW_FBUF];
    xw_refbuf rate = pl_drv(S->R.k_lrate), amount = pl_drv(S->R.k_loan);
    double sum = 0;
    for (int m = 0; m <= S->H; m++) { /* in the loan's payment months (its flag) */
        const tco_month *mo = m > 0 ? &S->P->m0[m - 1] : NULL;
        double v = !mo ? 0 : k == 0 ? mo->loan_interest : mo->loan_principal;
        xw_refbuf mon = pl_at(S->R.r_month, XW_COL_M0 + m);
        xw_owrefs L = {.month = mon.s, .rate = rate.s, .amount = amount.s};
        xw_ow_formula(&S->wo, k == 0 ? XF_LOAN_INTEREST : XF_LOAN_PRINCIPAL, &L, g, sizeof g);
        pl_fig(S, row, XW_COL_M0 + m, pl_if_flag(S, f, sizeof f, S->R.f_loan, XW_COL_M0 + m, g), v,
               S->money);
        sum += v;
    }
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

static void loan_interest_row(const pl_sheet *S, int row)
{
    loan_part_row(S, row, 0);
}

static void loan_principal_row(const pl_sheet *S, int row)
{
    loan_part_row(S, row, 1);
}

/* With buy_at or a refresh, each purchase's loan (MODEL.md, Staged purchases:
 * it runs from its purchase, its month j the model's t + j; Refresh: what it
 * still owes repaid when sold): its interest and principal by month on two
 * rows, the option sheet's formulas over its row of the purchases' table. */
static void staged_loan_rows(const pl_sheet *S, int first)
{
    xw_ctx *c = S->c;
    const pl_own *P = S->P;
    char f[XW_FBUF], g[XW_FBUF], t[XW_TBUF], who[XW_TBUF], off[XW_FBUF / 8];
    (void)first;
    for (int j = 0; j < S->nb; j++) {
        const xw_optw *w;
        int row = xw_pl_loan_row(S, j);
        if (row == XW_NONE)
            continue;
        xw_pl_buy_loan(S, j, &w);
        xw_pl_buy_name(S, j, who, sizeof who);
        xw_refbuf bt = pl_drv(pl_flag(S, PF_BOUGHT, j)), rate = pl_buy(S, j, PB_LRATE),
                  amount = pl_buy(S, j, PB_LENT);
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
            /* In its loan's payment months (its flag), its month j the
             * model's less the purchase's. */
            for (int m = 0; m <= S->H; m++) {
                int col = XW_COL_M0 + m;
                xw_refbuf mo = pl_at(S->R.r_month, col);
                xw_formula(c, off, sizeof off, "(%s-%s)", mo.s, bt.s);
                xw_owrefs L = {.month = off, .rate = rate.s, .amount = amount.s};
                xw_ow_formula(w, k == 0 ? XF_LOAN_INTEREST : XF_LOAN_PRINCIPAL, &L, g, sizeof g);
                double x = m > 0 ? v[j * S->H + m - 1] : 0;
                pl_fig(S, row + k, col, pl_if_flag(S, f, sizeof f, pl_flag(S, PF_LOAN, j), col, g),
                       x, S->money);
                sum += x;
            }
            pl_total(S, row + k, XW_COL_M0, sum, XS_CALC, XN_MONEY);
        }
    }
}

/* The balance a loan still owes: at month H, or with buy_at or a refresh
 * each purchase's in the month it is sold. */
static void loan_balance_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_own *P = S->P;
    char f[XW_FBUF], t[XW_TBUF];
    if (S->staged) {
        double bal[TCO_MAX_HORIZON + 1] = {0}, sum = 0;
        for (int j = 0; j < S->nb; j++) {
            bal[(int)P->buy[j][PB_SOLD - PB_MONTH]] += P->buy[j][PB_LBAL - PB_MONTH];
            sum += P->buy[j][PB_LBAL - PB_MONTH];
        }
        pl_label(
            S, row,
            xw_label(c, "plan.loan_balance", "Loan balances still owed, repaid in the month sold"),
            S->cur, XS_TEXT);
        for (int m = 0; m <= S->H; m++) { /* of the purchases sold in the month */
            char t2[XW_FBUF];
            pl_fig(S, row, XW_COL_M0 + m,
                   xw_formula(c, f, sizeof f, "=%s",
                              pl_sum_flagged(S, t2, sizeof t2, PB_LBAL, PF_SOLD, XW_COL_M0 + m)),
                   bal[m], S->money);
        }
        pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
        return;
    }
    double bal = S->H > 0 ? P->m0[S->H - 1].loan_balance : 0;
    xw_labelf(c, t, sizeof t, "option.line.loan_balance",
              "Loan balance still owed, paid at month {month}", "month", xw_int(S->H).s, NULL);
    pl_label(S, row, t, S->cur, XS_TEXT);
    xw_refbuf amount = pl_drv(S->R.k_loan);
    xw_refbuf prin = xw_range(NULL, S->R.r_lprin, XW_COL_M0, S->R.r_lprin, S->last);
    xw_owrefs B = {.amount = amount.s, .principal = prin.s};
    char g[XW_FBUF];
    xw_ow_formula(&S->wo, XF_LOAN_BALANCE, &B, g, sizeof g);
    for (int m = 0; m <= S->H; m++) /* at month H (its flag) */
        pl_fig(S, row, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=(%s)*%s", g + 1, pl_at(S->R.f_end, XW_COL_M0 + m).s),
               m == S->H ? bal : 0, S->money);
    pl_total(S, row, XW_COL_M0, bal, XS_CALC, XN_MONEY);
}

/* With buy_at or a refresh, a sum over the purchases' table of the leases
 * (MODEL.md, Financing with a lease, from each purchase's month; Refresh: a
 * lease returned when sold, its payments still to come paid then): k 0 each
 * month's payments, in advance (month 0's too), of the purchases whose lease
 * runs in it; 1 the buyouts, each in the month its lease ends; 2 the payments
 * still to come of the leases returned at the refresh. */
static void staged_lease_row(const pl_sheet *S, int row, int k)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    const double *v[3] = {S->P->epay_at, S->P->ebuy_at, S->P->eset_at};
    const char *names[3] = {
        xw_label(c, "plan.lease_payments", "Lease payments, in advance for the next month"),
        xw_label(c, "plan.lease_buyouts", "Lease buyouts, each at its lease's end"),
        xw_label(c, "plan.lease_returned", "Leases returned at the refresh: payments left")};
    double sum = 0;
    pl_label(S, row, names[k], S->cur, XS_TEXT);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        char t[XW_FBUF];
        if (k == 0) /* the leases paid in the month */
            xw_formula(c, f, sizeof f, "=%s",
                       pl_sum_flagged(S, t, sizeof t, PB_EPMT, PF_LEASE, col));
        else if (k == 1) /* those ending in it */
            xw_formula(c, f, sizeof f, "=%s",
                       pl_sum_flagged(S, t, sizeof t, PB_EBUY, PF_LEND, col));
        else /* those sold in it, before month H */
            xw_formula(c, f, sizeof f, "=%s*(1-%s)",
                       pl_sum_flagged(S, t, sizeof t, PB_EOWED, PF_SOLD, col),
                       pl_at(S->R.f_end, col).s);
        pl_fig(S, row, col, f, m == 0 && k > 0 ? 0 : v[k][m], S->money);
        sum += m == 0 && k > 0 ? 0 : v[k][m];
    }
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

/* A lease's payment (k 0, in advance: month 0's too) or buyout (k 1): the
 * option sheet's formulas over the plan's drivers; with buy_at or a refresh,
 * the sums over the purchases' table. */
static void lease_row(const pl_sheet *S, int row, int k)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    if (S->staged) {
        staged_lease_row(S, row, k);
        return;
    }
    xw_refbuf pmt = pl_drv(S->R.k_epmt), buy = pl_drv(S->R.k_ebuy);
    double sum = 0;
    pl_label(S, row,
             k == 0 ? xw_label(c, "option.line.lease_payment",
                               "Lease payment, in advance for the next month")
                    : xw_label(c, "option.line.lease_buyout", "Lease buyout, at its end"),
             S->cur, XS_TEXT);
    for (int m = 0; m <= S->H; m++) { /* in the months its flags mark */
        const tco_month *mo = m > 0 ? &S->P->m0[m - 1] : NULL;
        double v =
            k == 0 ? (mo ? mo->lease_payment : S->P->lease_payment) : (mo ? mo->lease_buyout : 0);
        pl_fig(S, row, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=%s*%s", k == 0 ? pmt.s : buy.s,
                          pl_at(k == 0 ? S->R.f_lease : S->R.f_lend, XW_COL_M0 + m).s),
               v, S->money);
        sum += v;
    }
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

static void lease_payment_row(const pl_sheet *S, int row)
{
    lease_row(S, row, 0);
}

static void lease_buyout_row(const pl_sheet *S, int row)
{
    lease_row(S, row, 1);
}

static void lease_returned_row(const pl_sheet *S, int row)
{
    staged_lease_row(S, row, 2);
}

/* The owned part's cost: its lines and the financing's, the rows above it.
 * The engine's own_cost holds a purchase's capex (paid in its month) and a
 * refresh's sale, which the sheet shows on their own rows: the row shows the
 * plan's own_operating. */
static void own_cost_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF];
    const int loan = S->loan || S->sloan, lease = S->lease || S->slease, last_line = row - 1;
    int first_line = last_line; /* the owned part's lines are the rows first_line..last_line */
    for (int k = TCO_LINES - 1; k >= 0; k--)
        if (R->r_line[k] != XW_NONE)
            first_line = R->r_line[k];
    pl_label(S, row,
             loan && lease
                 ? xw_label(c, "plan.opcost.both", "Owned: operating cost, loan and lease payments")
             : loan  ? xw_label(c, "plan.opcost.loan", "Owned: operating cost and loan payments")
             : lease ? xw_label(c, "plan.opcost.lease", "Owned: operating cost and lease payments")
                     : xw_label(c, "plan.own_cost", "Owned: operating cost"),
             S->cur, XS_TOTAL);
    /* Month 0's: a lease's first payment. */
    double first = S->staged ? S->P->epay_at[0] : S->lease ? S->P->lease_payment : 0;
    double sum = first;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].own_operating;
    pl_total(S, row, XW_COL_M0, sum, XS_TOTAL, XN_MONEY);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, row, col,
               xw_formula(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, first_line, col, 0, 0).s,
                          xw_ref(NULL, last_line, col, 0, 0).s),
               m == 0 ? first : pm[m - 1].own_operating, S->money_t);
    }
}

/* MODEL.md, Refresh: the old GPUs sold at month R, at their residual value. */
static void sale_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    double sold = 0;
    for (int m = 1; m <= S->H; m++)
        sold -= S->P->sale_at[m];
    pl_total(S, row, XW_COL_M0, sold, XS_CALC, XN_MONEY);
    for (int m = 0; m <= S->H; m++) { /* those sold in the month, before month H */
        int col = XW_COL_M0 + m;
        char t[XW_FBUF];
        pl_fig(S, row, col,
               xw_formula(c, f, sizeof f, "=-%s*(1-%s)",
                          pl_sum_flagged(S, t, sizeof t, PB_RESIDUAL, PF_SOLD, col),
                          pl_at(S->R.f_end, col).s),
               m > 0 ? -S->P->sale_at[m] : 0, S->money);
    }
}

/* The residual value of the GPUs held to month H: a receipt, so negative. */
static void resid_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], t[XW_TBUF], g[XW_FBUF];
    xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}", "month",
              xw_int(S->H).s, NULL);
    pl_label(S, row, t, S->cur, XS_TEXT);
    pl_total(S, row, XW_COL_M0, -S->pr->own_residual, XS_CALC, XN_MONEY);
    for (int m = 0; m <= S->H; m++) { /* at month H (its flag): those sold then */
        int col = XW_COL_M0 + m;
        if (S->staged)
            pl_sum_flagged(S, g, sizeof g, PB_RESIDUAL, PF_SOLD, col);
        else
            xw_formula(c, g, sizeof g, "%s", pl_drv(S->R.k_residual).s);
        pl_fig(S, row, col, xw_formula(c, f, sizeof f, "=-%s*%s", g, pl_at(S->R.f_end, col).s),
               m == S->H ? -S->pr->own_residual : 0, S->money);
    }
}

/* A lease's months past the horizon. */
static void own_commit_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    xw_refbuf pmt = pl_drv(S->R.k_epmt);
    xw_owrefs L = {.payment = pmt.s};
    pl_label(S, row,
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
    pl_fig(S, row, XW_COL_VAL, f, S->P->commit, S->money);
}

/* ===== The reserved part and the overflow ===== */

static void res_heading(const pl_sheet *S, int row)
{
    char t[XW_TBUF];
    xw_labelf(S->c, t, sizeof t, "plan.res", "Reserved: {label}", "label",
              S->c->label[S->pl->reserve_i], NULL);
    heading(S, row, t);
}

static void res_factor_row(const pl_sheet *S, int row)
{
    xw_ow_factor_row(&S->wr, row, S->R.r_year);
}

/* The reserved part's upfront payment, with the plan's count. */
static void res_upfront_row(const pl_sheet *S, int row)
{
    char f[XW_FBUF], g[XW_FBUF];
    xw_refbuf n = pl_res_n(S);
    pl_total(S, row, XW_COL_M0, S->res_paid0, XS_CALC, XN_MONEY);
    xw_formula(S->c, g, sizeof g, "=%s", xw_ow_in(&S->wr, TCO_O_UPFRONT).s);
    pl_if_any(S, f, sizeof f, n.s, g);
    for (int m = 0; m <= S->H; m++) /* at month 0 (its flag) */
        pl_fig(S, row, XW_COL_M0 + m,
               xw_formula(S->c, g, sizeof g, "=(%s)*%s", f + 1, pl_at(S->R.f_m0, XW_COL_M0 + m).s),
               m == 0 ? S->res_paid0 : 0, S->money);
}

/* Its rental at utilization 1: the option's own line with the plan's count. */
static void res_rental_row(const pl_sheet *S, int row)
{
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], g[XW_FBUF];
    xw_refbuf n = pl_res_n(S);
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += tci_plan_reserve_rent(&pm[m]);
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
    for (int m = 0; m <= S->H; m++) { /* the operating months, its term's by its flags */
        int col = XW_COL_M0 + m;
        char h[XW_FBUF];
        xw_refbuf factor = pl_at(S->R.r_res_factor, col), term = pl_at(S->R.f_rterm, col),
                  renew = pl_at(S->R.f_rrenew, col);
        xw_owrefs L = {.n = n.s,
                       .u = "1",
                       .factor = factor.s,
                       .term = S->R.f_rterm != XW_NONE ? term.s : NULL,
                       .renew = S->R.f_rrenew != XW_NONE ? renew.s : NULL};
        xw_ow_formula(&S->wr, XF_RENTAL, &L, g, sizeof g);
        pl_if_any(S, h, sizeof h, n.s, g);
        pl_fig(S, row, col, pl_if_flag(S, f, sizeof f, S->R.f_op, col, h),
               m > 0 ? tci_plan_reserve_rent(&pm[m - 1]) : 0, S->money);
    }
}

/* What its term commits past the horizon. */
static void res_commit_row(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    xw_refbuf n = pl_res_n(S);
    xw_owrefs L = {.n = n.s};
    pl_fig(S, row, XW_COL_VAL, xw_ow_formula(&S->wr, XF_COMMIT, &L, f, sizeof f), S->res_commit,
           S->money);
}

static void over_heading(const pl_sheet *S, int row)
{
    char t[XW_TBUF];
    if (S->wv.o->acquire == TCO_API)
        xw_labelf(S->c, t, sizeof t, XW_KEY("plan.over_api"),
                  "API: {label}; its price of a reference GPU-hour is the tokens that hour "
                  "serves at the API's prices",
                  "label", S->c->label[S->pl->overflow_i], NULL);
    else
        xw_labelf(S->c, t, sizeof t, "plan.over", "On demand: {label}", "label",
                  S->c->label[S->pl->overflow_i], NULL);
    heading(S, row, t);
}

static void over_factor_row(const pl_sheet *S, int row)
{
    xw_ow_factor_row(&S->wv, row, S->R.r_year);
}

/* An API overflow's price of a reference GPU-hour at its year-1 prices, in
 * g (MODEL.md, An API as a plan's overflow): the tokens of the reference's
 * GPU-hour, throughput * scaling_efficiency * the request's tokens * 3600,
 * at the API's blended price of a token. */
static const char *over_api_price(const pl_sheet *S, char *g, size_t gs)
{
    xw_ctx *c = S->c;
    const xw_optw *w = &S->wv;
    const size_t ref = (size_t)c->s->demand->ref;
    xw_refbuf in = xw_in_global(c, TCO_S_INPUT_TOKENS_PER_REQUEST),
              out = xw_in_global(c, TCO_S_OUTPUT_TOKENS_PER_REQUEST),
              pi = xw_ow_in(w, TCO_O_PRICE_PER_MILLION_INPUT_TOKENS),
              pc = w->o->src[TCO_O_PRICE_PER_MILLION_CACHED_TOKENS]
                       ? xw_ow_in(w, TCO_O_PRICE_PER_MILLION_CACHED_TOKENS)
                       : pi,
              fr = xw_ow_in(w, TCO_O_CACHED_FRACTION),
              po = xw_ow_in(w, TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS);
    return xw_formula(c, g, gs,
                      "%s*%s*SecondsPerHour*(%s*((1-%s)*%s+%s*%s)+%s*%s)/TokensPerMillion",
                      xw_in(c, ref, TCO_O_THROUGHPUT).s, xw_in(c, ref, TCO_O_SCALING_EFFICIENCY).s,
                      in.s, fr.s, pi.s, fr.s, pc.s, out.s, po.s);
}

/* The overflow's price of a GPU-hour each month (an API's: of a reference
 * GPU-hour). */
static void over_price_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    char g[XW_FBUF];
    char p[XW_FBUF];
    const xw_refbuf hourly = xw_ow_in(&S->wv, TCO_O_PRICE_PER_GPU_HOUR);
    const char *price = S->wv.o->acquire == TCO_API ? over_api_price(S, p, sizeof p) : hourly.s;
    for (int m = 0; m <= S->H; m++) {
        xw_formula(c, g, sizeof g, "=%s*%s", price, pl_at(S->R.r_ov_factor, XW_COL_M0 + m).s);
        pl_fig(S, row, XW_COL_M0 + m, pl_if_flag(S, f, sizeof f, S->R.f_op, XW_COL_M0 + m, g),
               m > 0 ? S->pr->monthly[m - 1].overflow_price : 0, xw_fmt(c, XS_CALC, XN_MONEY4));
    }
}

/* The hours bought at the month's price. */
static void over_cost_row(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    /* Its rent: with carbon_in_total, without the carbon cost the engine's
     * overflow cost holds (its own row, r_co2_over). */
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += tci_plan_overflow_rent(&S->pr->monthly[m]);
    pl_total(S, row, XW_COL_M0, S->c->s->carbon_in_total ? sum : S->pr->overflow_total, XS_CALC,
             XN_MONEY);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, row, col,
               xw_formula(S->c, f, sizeof f, "=%s*%s", pl_at(S->R.r_h_over, col).s,
                          pl_at(S->R.r_ov_price, col).s),
               m > 0 ? tci_plan_overflow_rent(&S->pr->monthly[m - 1]) : 0, S->money);
    }
}

/* ===== The plan ===== */

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

static void plan_heading(const pl_sheet *S, int row)
{
    heading(S, row, xw_label(S->c, "plan.plan", "The plan"));
}

/* The plan's cost: month 0 paid, then each month's. */
static void cost_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], t[XW_FBUF / 2];
    double sum = S->pr->paid0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].cost;
    pl_total(S, row, XW_COL_M0, sum, XS_TOTAL, XN_MONEY);
    /* The capex, less what loans lend or leases leave unpaid, the owned
     * part's costs (a lease's first payment at month 0), a refresh's sale,
     * the reserved part's upfront and rental, the overflow; with
     * carbon_in_total the carbon cost (MODEL.md, A plan's carbon cost in its
     * total: its row above the cash flow). */
    const int rows[8] = {S->own ? R->r_capex : XW_NONE,
                         R->r_lent,
                         R->r_own_cost,
                         R->r_sale,
                         R->r_res_up,
                         R->r_res_rent,
                         R->r_ov_cost,
                         S->c->s->carbon_in_total ? R->r_co2_cost : XW_NONE};
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        plus_cells(t, sizeof t, rows, 8, col);
        pl_fig(S, row, col, xw_formula(c, f, sizeof f, "=%s", t[0] ? t : "0"),
               m == 0 ? S->pr->paid0 : pm[m - 1].cost, S->money_t);
    }
}

/* The plan's net cost: its cost less the residual; the total with what is
 * owed past the horizon. */
static void net_row(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    sum_plus(S, row, S->R.r_res_commit, S->R.r_own_commit, S->pr->total);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        if (S->R.r_resid != XW_NONE) /* the residual, a receipt */
            xw_formula(S->c, f, sizeof f, "=%s+%s", pl_at(S->R.r_cost, col).s,
                       pl_at(S->R.r_resid, col).s);
        else
            xw_formula(S->c, f, sizeof f, "=%s", pl_at(S->R.r_cost, col).s);
        pl_fig(S, row, col, f, tci_plan_net_cost(S->pr, m, S->H), S->money_t);
    }
}

static void df_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    for (int m = 0; m <= S->H; m++)
        pl_fig(S, row, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=1/(1+%s)^%s", pl_drv(S->R.k_rm).s,
                          pl_at(S->R.r_month, XW_COL_M0 + m).s),
               tci_discount_factor(c->r->monthly_rate, m), xw_fmt(c, XS_CALC, XN_DEC6));
}

/* The plan's net cost at its present value; the NPV with what is owed past
 * the horizon. */
static void pv_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    sum_plus(S, row, S->R.k_commit_pv, S->R.k_own_commit_pv, S->pr->npv);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(
            S, row, col,
            xw_formula(c, f, sizeof f, "=%s*%s", pl_at(S->R.r_net, col).s, pl_at(S->R.r_df, col).s),
            tci_present_value(tci_plan_net_cost(S->pr, m, S->H), c->r->monthly_rate, m),
            S->money_t);
    }
}

/* ===== The rows ===== */

/* See planw.h. */
const pl_row xw_pl_cash_rows[] = {
    /* The cash flow: the owned part. */
    PHEADING(s_cash, 0, cash_heading),
    POWN(s_own, PW_OWN, own_heading),
    PLABEL(r_price, PW_OWN, XW_KEY("option.price"), "Electricity price, escalated yearly",
           PU_MONEY_PER_KWH, price_row),
    PLABEL(r_capex, PW_OWN, XW_KEY("option.capex"), "Capex", PU_CURRENCY, capex_row),
    POWN(r_lent, PW_LENT, lent_row),
    PLABEL(r_it_kw, PW_OWN | PW_NO_CTOTAL, XW_KEY("plan.it_kw"),
           "IT load at the month's utilization", PU_KW, xw_pl_it_kw_row),
    {PAT(r_line), PW_OWN, 0, PN_OWNED_LINES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     line_row},
    PLABEL(r_lint, PW_FIN_LOAN, XW_KEY("option.line.loan_interest"), "Loan interest", PU_CURRENCY,
           loan_interest_row),
    PLABEL(r_lprin, PW_FIN_LOAN, XW_KEY("option.line.loan_principal"), "Loan principal",
           PU_CURRENCY, loan_principal_row),
    /* each loan's interest and principal */
    {PAT(r_blint), PW_STAGED_LOAN, 0, PN_LOAN_ROWS, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     staged_loan_rows},
    POWN(r_lbal, PW_ANY_LOAN, loan_balance_row),
    POWN(r_epay, PW_ANY_LEASE, lease_payment_row),
    POWN(r_ebuy, PW_ANY_LEASE, lease_buyout_row),
    POWN(r_eset, PW_STAGED_LEASE | PW_REFRESH, lease_returned_row),
    POWN(r_own_cost, PW_OWN, own_cost_row),
    PLABEL(r_sale, PW_REFRESH, XW_KEY("plan.sale"),
           "Sale of the GPUs replaced, at their residual value", PU_CURRENCY, sale_row),
    POWN(r_resid, PW_OWN, resid_row),
    POWN(r_own_commit, PW_ANY_LEASE, own_commit_row),
    PLABEL(k_own_commit_pv, PW_ANY_LEASE, XW_KEY("option.commit_pv.lease"),
           "Present value of what is owed after the horizon", PU_CURRENCY, xw_pl_own_commit_pv_drv),
    /* The reserved part and the overflow. */
    POWN(s_res, PW_RES, res_heading),
    PLABEL(r_res_factor, PW_RES_OD_AFTER, XW_KEY("option.factor"),
           "Rental price factor after the yearly decline", PU_FACTOR, res_factor_row),
    PLABEL(r_res_up, PW_RES, XW_KEY("option.upfront"), "Upfront payment", PU_CURRENCY,
           res_upfront_row),
    PLABEL(r_res_rent, PW_RES, XW_KEY("option.line.rental"), "Rental", PU_CURRENCY, res_rental_row),
    PLABEL(r_res_commit, PW_RES_TERM, XW_KEY("option.commit"),
           "Committed after the horizon (the term's months past it)", PU_CURRENCY, res_commit_row),
    PLABEL(k_commit_pv, PW_RES_TERM, XW_KEY("option.commit_pv"),
           "Present value of the commitment after the horizon", PU_CURRENCY, xw_pl_commit_pv_drv),
    POWN(s_over, PW_OVER, over_heading),
    PLABEL(r_ov_factor, PW_OVER, XW_KEY("option.factor"),
           "Rental price factor after the yearly decline", PU_FACTOR, over_factor_row),
    PLABEL(r_ov_price, PW_OVER, XW_KEY("plan.ov_price"), "Price per GPU-hour",
           PU_MONEY_PER_GPU_HOUR, over_price_row),
    PLABEL(r_ov_cost, PW_OVER, XW_KEY("plan.ov_cost"), "On-demand hours bought", PU_CURRENCY,
           over_cost_row),
    /* The plan. */
    PHEADING(s_plan, 0, plan_heading),
    PTOTAL(r_cost, 0, XW_KEY("plan.cost"), "Cost: month 0 paid, then each month's", cost_row),
    PTOTAL(r_net, 0, XW_KEY("plan.net"), "Net cost (cost + residual)", net_row),
    PLABEL(r_df, 0, XW_KEY("option.df"), "Discount factor", PU_FACTOR, df_row),
    PTOTAL(r_pv, 0, XW_KEY("option.pv"), "Present value", pv_row),
};

/* See planw.h. */
const size_t xw_pl_n_cash_rows = sizeof xw_pl_cash_rows / sizeof xw_pl_cash_rows[0];
