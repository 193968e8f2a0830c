/* option.c - one option's monthly cash-flow sheet, described once: the table
 * option_rows names every row, top to bottom, with when the option has it, its
 * label, unit and style, and the writer of its cells (a formula over Inputs
 * and the sheet's own rows in each month, cached with the engine's value).
 * xw_option_layout fixes the rows from the table before any sheet is written,
 * so that a formula on any sheet can refer to any other; xw_write_option
 * writes them from the same table, row by row (the workbook is written in
 * constant_memory mode: a row's cells, then the next row's). */
#include "write/xlsx/sheets.h"
#include "write/xlsx/optw.h"
#include "core/core.h"
#include "core/factors.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ===== The sheet's frame ===== */

/* Column widths: labels, unit, total, then one per month. */
static void option_columns(const xw_optw *w)
{
    xw_ctx *c = w->c;
    double biggest = w->res->capex;
    for (int m = 1; m <= w->H; m++)
        biggest = fmax(biggest, fabs(w->res->monthly[m - 1].cumulative));
    worksheet_set_column(w->ws, XW_COL_LABEL, XW_COL_LABEL, 46, NULL);
    worksheet_set_column(w->ws, XW_COL_UNIT, XW_COL_UNIT, 14, NULL);
    worksheet_set_column(w->ws, XW_COL_VAL, XW_COL_VAL, xw_imax(14, xw_money_width(c, biggest) + 1),
                         NULL);
    worksheet_set_column(w->ws, XW_COL_M0, (lxw_col_t)w->last,
                         xw_imax(10, xw_money_width(c, biggest)), NULL);
}

/* The title, the subtitle and, when the model does not fit, a warning. */
static void option_title(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char t[XW_TBUF];
    if (L->buy)
        xw_labelf(c, t, sizeof t, "option.subtitle.buy",
                  "Bought: {count} GPUs in {servers} servers. Monthly cash flow in {currency}; "
                  "month 0 is the acquisition. Drivers are below the timeline; assumptions on "
                  "Inputs.",
                  "count", xw_int(w->o->count).s, "servers", xw_int(w->res->servers).s, "currency",
                  w->cur, NULL);
    else
        xw_labelf(c, t, sizeof t, "option.subtitle.rent",
                  "Rented ({pricing}): {count} GPUs. Monthly cash flow in {currency}; month 0 is "
                  "any upfront payment. Drivers are below the timeline; assumptions on Inputs.",
                  "pricing",
                  w->o->pricing == TCO_RESERVED ? xw_label(c, "common.reserved", "reserved")
                  : w->o->pricing == TCO_SPOT   ? xw_label(c, "common.spot", "spot")
                                                : xw_label(c, "common.on_demand", "on demand"),
                  "count", xw_int(w->o->count).s, "currency", w->cur, NULL);
    xw_title_line(c, w->ws, c->label[w->i], t);
    if (c->s->model_params > 0 && w->res->sizing.fits == 0) {
        if (isfinite(w->res->sizing.min_gpus)) {
            char gb[48], min[48];
            tci_utf8_format(gb, sizeof gb, "%.0f", w->res->sizing.memory_needed_gb);
            tci_utf8_format(min, sizeof min, "%.0f", w->res->sizing.min_gpus);
            xw_labelf(c, t, sizeof t, "option.nofit",
                      "Warning: the workload's model ({gb} GB) does not fit in these {count} "
                      "GPUs' memory; it needs at least {min}. Costed as written.",
                      "gb", gb, "count", xw_int(w->o->count).s, "min", min, NULL);
        } else {
            tci_utf8_format(t, sizeof t, "%s",
                            xw_label(c, "option.nofit.unknown",
                                     "Warning: the workload's model does not fit in these GPUs' "
                                     "memory. Costed as written."));
        }
        xw_text(c, w->ws, 2, 0, t, c->fmt_nofit);
    }
}

/* ===== The timeline's rows ===== */

/* The months (the row's heading: Month, Unit, Total). */
static void month_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, w->ws, row, XW_COL_LABEL, xw_label(c, "option.head.month", "Month"), head);
    xw_text(c, w->ws, row, XW_COL_UNIT, xw_label(c, "option.head.unit", "Unit"), head);
    xw_text(c, w->ws, row, XW_COL_VAL, xw_label(c, "option.head.total", "Total"), head);
    xw_num(c, w->ws, row, XW_COL_M0, 0, headnum);
    for (int m = 1; m <= w->H; m++)
        xw_ow_fig(w, row, XW_COL_M0 + m,
                  xw_formula(c, f, sizeof f, "=%s+1", xw_ref(NULL, row, XW_COL_M0 + m - 1, 0, 0).s),
                  m, headnum);
}

/* The years, the last row frozen above the cash flow. */
static void year_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, w->ws, row, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(w->ws, (lxw_row_t)row, XW_COL_UNIT, head);
    worksheet_write_blank(w->ws, (lxw_row_t)row, XW_COL_VAL, head);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf mo = xw_ow_at(w->L->r_month, col);
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=IF(%s=0,0,INT((%s-1)/12)+1)", mo.s, mo.s),
                  m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(w->ws, (lxw_row_t)(row + 1), (lxw_col_t)XW_COL_M0);
}

/* The fiscal years (budget.c). */
static void fy_row(const xw_optw *w, int row)
{
    (void)row;
    xw_write_fy_row(w->c, w->i);
}

/* A section's heading, in t. */
static void heading(const xw_optw *w, int row, const char *t)
{
    xw_text(w->c, w->ws, row, 0, t, xw_fmt(w->c, XS_SECTION, XN_NONE));
}

static void cash_heading(const xw_optw *w, int row)
{
    xw_ow_cash_heading(w, row);
}

/* Escalation of the electricity price (buy), in annual steps. */
static void price_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    for (int m = 1; m <= w->H; m++)
        xw_ow_fig(w, row, XW_COL_M0 + m,
                  xw_formula(c, f, sizeof f, "=%s*(1+%s)^(%s-1)",
                             xw_site_name(c, w->i, TCO_S_ELECTRICITY_PRICE).s,
                             xw_site_name(c, w->i, TCO_S_ELECTRICITY_ESCALATION).s,
                             xw_ow_at(w->L->r_year, XW_COL_M0 + m).s),
                  tci_electricity_price(c->s, w->o, m), xw_fmt(c, XS_CALC, XN_MONEY4));
}

/* Decline of the rental price (rent on demand), in annual steps. */
static void factor_row(const xw_optw *w, int row)
{
    xw_ow_factor_row(w, row, w->L->r_year);
}

/* Capex (or the upfront payment) at month 0. */
static void capex_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_ow_label(w, row,
                w->L->buy ? xw_label(c, "option.capex", "Capex")
                          : xw_label(c, "option.upfront", "Upfront payment"),
                w->cur, XS_TEXT);
    xw_ow_fig(w, row, XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", xw_ow_drv(w->L->k_capex).s),
              w->res->capex, w->money);
    xw_ow_total(w, row, XW_COL_M0, w->res->capex, XS_CALC);
}

/* What a loan lends (money received at month 0) or a lease leaves unpaid of
 * the capex. */
static void lent_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    if (L->lease) {
        xw_ow_label(w, row, xw_label(c, "option.unpaid", "Less: not paid, leased"), w->cur,
                    XS_TEXT);
        xw_ow_fig(w, row, XW_COL_M0, xw_formula(c, f, sizeof f, "=-%s", xw_ow_drv(L->k_capex).s),
                  -w->res->capex, w->money);
        xw_ow_total(w, row, XW_COL_M0, -w->res->capex, XS_CALC);
        return;
    }
    xw_ow_label(w, row, xw_label(c, "option.lent", "Less: lent by the loan, received at month 0"),
                w->cur, XS_TEXT);
    xw_ow_fig(w, row, XW_COL_M0, xw_formula(c, f, sizeof f, "=-%s", xw_ow_drv(L->k_loan).s),
              -w->res->loan_amount, w->money);
    xw_ow_total(w, row, XW_COL_M0, -w->res->loan_amount, XS_CALC);
}

/* A cost line of MODEL.md (TCO_COST_LINES); a line that does not apply stays
 * empty. */
static void line_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const int k = row - L->r_line[0], applies = tco_cost_line_of(k, L->buy);
    char f[XW_FBUF], t[XW_TBUF];
    const char *name = xw_line_label(c, k);
    if (applies)
        tci_utf8_format(t, sizeof t, "%s", name);
    else if (L->buy)
        xw_labelf(c, t, sizeof t, "option.line.owned", "{line}: none, the hardware is owned",
                  "line", name, NULL);
    else
        xw_labelf(c, t, sizeof t, "option.line.rented", "{line}: included in the rental price",
                  "line", name, NULL);
    xw_ow_label(w, row, t, w->cur, XS_TEXT);
    xw_ow_total(w, row, XW_COL_M0 + 1, tco_option_line(w->res, k), XS_CALC);
    if (!applies)
        return;
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), u = xw_ow_drv(L->k_util),
              it_kw = xw_ow_drv(L->k_it_kw), prov_kw = xw_ow_drv(L->k_prov_kw),
              capex = xw_ow_drv(L->k_capex);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf price = xw_ow_at(L->r_price, col), factor = xw_ow_at(L->r_factor, col),
                  month = xw_ow_at(L->r_month, col);
        xw_owrefs R = {.n = n.s,
                       .u = u.s,
                       .it_kw = it_kw.s,
                       .prov_kw = prov_kw.s,
                       .capex = capex.s,
                       .price = price.s,
                       .factor = factor.s,
                       .month = month.s};
        xw_ow_formula(w, XF_LINE(k), &R, f, sizeof f);
        xw_ow_fig(w, row, col, f, tco_month_line(&w->res->monthly[m - 1], k), w->money);
    }
}

/* A loan's interest (k 0) or principal (k 1) each month of the level payment
 * while the loan runs (IPMT and PPMT, payments at the end of the month). */
static void loan_part_row(const xw_optw *w, int row, int k)
{
    char f[XW_FBUF];
    const xw_optsheet *L = w->L;
    xw_refbuf rate = xw_ow_drv(L->k_lrate), amount = xw_ow_drv(L->k_loan);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        const tco_month *mo = &w->res->monthly[m - 1];
        xw_refbuf mon = xw_ow_at(L->r_month, col);
        xw_owrefs R = {.month = mon.s, .rate = rate.s, .amount = amount.s};
        xw_ow_fig(w, row, col,
                  xw_ow_formula(w, k == 0 ? XF_LOAN_INTEREST : XF_LOAN_PRINCIPAL, &R, f, sizeof f),
                  k == 0 ? mo->loan_interest : mo->loan_principal, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0 + 1, k == 0 ? w->res->loan_interest : w->res->loan_principal,
                XS_CALC);
}

static void loan_interest_row(const xw_optw *w, int row)
{
    loan_part_row(w, row, 0);
}

static void loan_principal_row(const xw_optw *w, int row)
{
    loan_part_row(w, row, 1);
}

/* At month H, the balance still owed when the loan runs longer. */
static void loan_balance_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "option.line.loan_balance",
              "Loan balance still owed, paid at month {month}", "month", xw_int(w->H).s, NULL);
    xw_ow_label(w, row, t, w->cur, XS_TEXT);
    xw_refbuf amount = xw_ow_drv(L->k_loan);
    xw_refbuf prin = xw_range(NULL, L->r_lprin, XW_COL_M0 + 1, L->r_lprin, w->last);
    xw_owrefs B = {.amount = amount.s, .principal = prin.s};
    xw_ow_fig(w, row, w->last, xw_ow_formula(w, XF_LOAN_BALANCE, &B, f, sizeof f),
              w->res->loan_balance_at_horizon, w->money);
    xw_ow_total(w, row, XW_COL_M0, w->res->loan_balance_at_horizon, XS_CALC);
}

/* A lease's payment, in advance: month 0, then at the end of each month for
 * the next, while both the lease and the horizon run on. */
static void lease_payment_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_refbuf pmt = xw_ow_drv(w->L->k_epmt);
    xw_ow_fig(w, row, XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", pmt.s), w->res->lease_payment,
              w->money);
    for (int m = 1; m <= w->H; m++) {
        xw_refbuf mon = xw_ow_at(w->L->r_month, XW_COL_M0 + m);
        xw_owrefs R = {.month = mon.s, .payment = pmt.s};
        xw_ow_fig(w, row, XW_COL_M0 + m, xw_ow_formula(w, XF_LEASE_PAYMENT_AT, &R, f, sizeof f),
                  w->res->monthly[m - 1].lease_payment, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, w->res->lease_payments, XS_CALC);
}

/* A lease's buyout, at its end. */
static void lease_buyout_row(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    xw_refbuf buy = xw_ow_drv(w->L->k_ebuy);
    for (int m = 1; m <= w->H; m++) {
        xw_refbuf mon = xw_ow_at(w->L->r_month, XW_COL_M0 + m);
        xw_owrefs R = {.month = mon.s, .buyout = buy.s};
        xw_ow_fig(w, row, XW_COL_M0 + m, xw_ow_formula(w, XF_LEASE_BUYOUT_AT, &R, f, sizeof f),
                  w->res->monthly[m - 1].lease_buyout, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0 + 1, w->res->lease_buyout, XS_CALC);
}

/* The total of a row in column C: =SUM over months 0..H, plus the value of
 * row `plus` (a commitment past the horizon) when it exists; cached v. */
static void sum_plus(const xw_optw *w, int row, int plus, double v)
{
    char f[XW_FBUF];
    if (plus == XW_NONE) {
        xw_ow_total(w, row, XW_COL_M0, v, XS_TOTAL);
        return;
    }
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(w->c, f, sizeof f, "=SUM(%s)+%s",
                         xw_range(NULL, row, XW_COL_M0, row, w->last).s, xw_ow_drv(plus).s),
              v, xw_fmt(w->c, XS_TOTAL, XN_MONEY));
}

/* The cash paid at month 0, in f: the capex, less what a loan lends; for a
 * lease, none of the capex but the first payment. */
static const char *month0(const xw_optw *w, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    if (L->lease)
        return xw_formula(w->c, f, fs, "=%s+%s+%s", xw_ow_at(L->r_capex, XW_COL_M0).s,
                          xw_ow_at(L->r_lent, XW_COL_M0).s, xw_ow_at(L->r_epay, XW_COL_M0).s);
    if (L->r_lent == XW_NONE)
        return xw_formula(w->c, f, fs, "=%s", xw_ow_at(L->r_capex, XW_COL_M0).s);
    return xw_formula(w->c, f, fs, "=%s+%s", xw_ow_at(L->r_capex, XW_COL_M0).s,
                      xw_ow_at(L->r_lent, XW_COL_M0).s);
}

/* The month's costs: the cost lines, with a loan's or a lease's. */
static void opcost_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    double opsum = 0;
    xw_ow_label(w, row,
                L->loan    ? xw_label(c, "option.opcost.loan", "Operating cost and loan payments")
                : L->lease ? xw_label(c, "option.opcost.lease", "Operating cost and lease payments")
                           : xw_label(c, "option.opcost", "Operating cost"),
                w->cur, XS_TOTAL);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        opsum += w->res->monthly[m - 1].cost;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, L->r_line[0], col, 0, 0).s,
                             xw_ref(NULL, L->r_last_line, col, 0, 0).s),
                  w->res->monthly[m - 1].cost, w->money_t);
    }
    xw_ow_total(w, row, XW_COL_M0 + 1, opsum, XS_TOTAL);
}

/* The cumulative cost, before the residual. */
static void cum_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_M0, month0(w, f, sizeof f), xw_paid0(c, w->i), w->money);
    for (int m = 1; m <= w->H; m++)
        xw_ow_fig(w, row, XW_COL_M0 + m,
                  xw_formula(c, f, sizeof f, "=%s+%s", xw_ref(NULL, row, XW_COL_M0 + m - 1, 0, 0).s,
                             xw_ref(NULL, w->L->r_opcost, XW_COL_M0 + m, 0, 0).s),
                  w->res->monthly[m - 1].cumulative, w->money);
}

/* What is owed past the horizon: a lease's months past it at its payment, or
 * a reserved term's at its rate (to the end of the term running at month H,
 * the last renewal's when it renews). */
static void commit_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    if (w->L->lease) {
        xw_refbuf pmt = xw_ow_drv(w->L->k_epmt);
        xw_owrefs R = {.payment = pmt.s};
        xw_ow_label(w, row,
                    xw_label(c, "option.commit.lease",
                             "Owed after the horizon (the lease's months past it)"),
                    w->cur, XS_TEXT);
        xw_ow_fig(w, row, XW_COL_VAL, xw_ow_formula(w, XF_LEASE_COMMIT, &R, f, sizeof f),
                  w->res->commitment_after_horizon, w->money);
        return;
    }
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS);
    xw_owrefs R = {.n = n.s};
    xw_ow_label(
        w, row,
        xw_label(c, "option.commit", "Committed after the horizon (the term's months past it)"),
        w->cur, XS_TEXT);
    xw_ow_fig(w, row, XW_COL_VAL, xw_ow_formula(w, XF_COMMIT, &R, f, sizeof f),
              w->res->commitment_after_horizon, w->money);
}

/* The residual value, received at month H. */
static void resid_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}", "month",
              xw_int(w->H).s, NULL);
    xw_ow_label(w, row, t, w->cur, XS_TEXT);
    xw_ow_fig(w, row, w->last, xw_formula(c, f, sizeof f, "=%s", xw_ow_drv(w->L->k_residual).s),
              w->res->residual, w->money);
    xw_ow_total(w, row, XW_COL_M0, w->res->residual, XS_CALC);
}

/* The net cost: what is paid at month 0, the months' costs, less the residual. */
static void net_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_label(w, row,
                L->loan ? xw_label(c, "option.net.loan",
                                   "Net cost (capex - loan + operating cost and loan payments - "
                                   "residual)")
                : L->lease
                    ? xw_label(c, "option.net.lease",
                               "Net cost (lease payments + operating cost - residual)")
                    : xw_label(c, "option.net", "Net cost (capex + operating cost - residual)"),
                w->cur, XS_TOTAL);
    xw_ow_fig(w, row, XW_COL_M0, month0(w, f, sizeof f), tci_net_cost(w->res, 0, w->H), w->money_t);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        if (L->r_resid != XW_NONE)
            xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(NULL, L->r_opcost, col, 0, 0).s,
                       xw_ref(NULL, L->r_resid, col, 0, 0).s);
        else
            xw_formula(c, f, sizeof f, "=%s", xw_ref(NULL, L->r_opcost, col, 0, 0).s);
        xw_ow_fig(w, row, col, f, tci_net_cost(w->res, m, w->H), w->money_t);
    }
    sum_plus(w, row, L->r_commit, w->res->total);
}

/* Each month's discount factor. */
static void df_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=1/(1+%s)^%s", xw_ow_drv(w->L->k_rm).s,
                             xw_ow_at(w->L->r_month, col).s),
                  tci_discount_factor(c->r->monthly_rate, m), xw_fmt(c, XS_CALC, XN_DEC6));
    }
}

/* Each month's net cost at its present value; the NPV. */
static void pv_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s*%s", xw_ref(NULL, w->L->r_net, col, 0, 0).s,
                             xw_ref(NULL, w->L->r_df, col, 0, 0).s),
                  tci_net_cost_pv(w->res, m, w->H, c->r->monthly_rate), w->money_t);
    }
    sum_plus(w, row, w->L->r_commit_pv, w->res->npv);
}

/* The present value of what is owed past the horizon: a lease's, or a
 * reserved term's, each month discounted at its own month (the sum of
 * (1+r)^-m over months H+1..E is ((1+r)^-H - (1+r)^-E) / r). */
static void commit_pv_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_refbuf cm = xw_ow_drv(L->r_commit), rm = xw_ow_drv(L->k_rm);
    if (L->lease) {
        xw_refbuf pmt = xw_ow_drv(L->k_epmt);
        xw_owrefs R = {.rm = rm.s, .commit = cm.s, .payment = pmt.s};
        xw_ow_label(w, row,
                    xw_label(c, "option.commit_pv.lease",
                             "Present value of what is owed after the horizon"),
                    w->cur, XS_TEXT);
        xw_ow_fig(w, row, XW_COL_VAL, xw_ow_formula(w, XF_LEASE_COMMIT_PV, &R, f, sizeof f),
                  w->res->commitment_npv, w->money);
        return;
    }
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS);
    xw_owrefs R = {.n = n.s, .rm = rm.s, .commit = cm.s};
    xw_ow_label(
        w, row,
        xw_label(c, "option.commit_pv", "Present value of the commitment after the horizon"),
        w->cur, XS_TEXT);
    xw_ow_fig(w, row, XW_COL_VAL, xw_ow_formula(w, XF_COMMIT_PV, &R, f, sizeof f),
              w->res->commitment_npv, w->money);
}

/* The book view's heading: its method; it changes neither cost nor NPV. */
static void book_heading(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char t[XW_TBUF], mk[64];
    const char *method = tco_option_key(TCO_O_DEPRECIATION)
                             ->names[w->o->depreciation >= 0 && w->o->depreciation <= TCO_DEP_MACRS7
                                         ? w->o->depreciation
                                         : 0];
    tci_utf8_format(mk, sizeof mk, "depreciation.%s", method);
    xw_labelf(c, t, sizeof t, "option.book", "Book view ({method}): does not change cost or NPV",
              "method", xw_label(c, mk, method), NULL);
    heading(w, row, t);
}

/* Each month's depreciation by the option's method. */
static void dep_row(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    for (int m = 1; m <= w->H; m++) {
        xw_ow_depreciation(w, f, sizeof f, XW_COL_M0 + m, w->o->depreciation, w->L->k_life,
                           w->L->k_salvage);
        xw_ow_fig(w, row, XW_COL_M0 + m, f, w->res->monthly[m - 1].depreciation, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0 + 1, w->res->depreciation, XS_CALC);
}

/* The book value at each month's end: a lease's hardware enters the books
 * when it is bought out. */
static void bv_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_M0,
              L->lease ? "=0" : xw_formula(c, f, sizeof f, "=%s", xw_ow_drv(L->k_capex).s),
              tci_book_value(w->res, 0), w->money);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        if (L->lease)
            xw_formula(c, f, sizeof f, "=%s+%s-%s", xw_ref(NULL, row, col - 1, 0, 0).s,
                       xw_ref(NULL, L->r_ebuy, col, 0, 0).s, xw_ref(NULL, L->r_dep, col, 0, 0).s);
        else
            xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(NULL, row, col - 1, 0, 0).s,
                       xw_ref(NULL, L->r_dep, col, 0, 0).s);
        xw_ow_fig(w, row, col, f, tci_book_value(w->res, m), w->money);
    }
}

/* ===== Against the baseline ===== */

static void base_heading(const xw_optw *w, int row)
{
    char t[XW_TBUF];
    xw_labelf(w->c, t, sizeof t, "option.base", "Against the baseline: {label}", "label",
              w->c->label[w->c->r->baseline], NULL);
    heading(w, row, t);
}

/* The baseline's cumulative cost, from its sheet. */
static void bcum_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    const int b = c->r->baseline;
    const xw_optsheet *B = &c->os[b];
    const tco_option_result *rb = &c->r->options[b];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s", xw_ref(B->quoted, B->r_cum, col, 0, 0).s),
                  m == 0 ? rb->capex : rb->monthly[m - 1].cumulative, w->money);
    }
}

/* 1 in a month when this option has cost no more to date than the baseline. */
static void flag_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    const tco_option_result *rb = &c->r->options[c->r->baseline];
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=IF(%s<=%s,1,0)",
                             xw_ref(NULL, w->L->r_cum, col, 0, 0).s,
                             xw_ref(NULL, w->L->r_bcum, col, 0, 0).s),
                  w->res->monthly[m - 1].cumulative <= rb->monthly[m - 1].cumulative ? 1 : 0,
                  xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* 1 from the first month after which no month is dearer: the least flag
 * from this month to the last; the run of 1s that ends at H starts at the
 * break-even month. */
static void stay_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    int stays = w->res->breakeven_month > 0 ? w->res->breakeven_month : w->H + 1;
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=MIN(%s)",
                             xw_range(NULL, w->L->r_flag, col, w->L->r_flag, w->last).s),
                  m >= stays ? 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* Returns against the baseline (MODEL.md): the incremental flow, the
 * baseline's net cost less this option's, and its cumulative sums for the
 * payback months; its six rows, from the first. */
static void flow_rows(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const tco_option_result *rb = &c->r->options[c->r->baseline];
    double flow[TCO_MAX_HORIZON + 1];
    (void)row;
    for (int m = 0; m <= w->H; m++)
        flow[m] = tci_saving(w->res, rb, m, w->H);
    const char *labels[6] = {
        xw_label(c, "option.flow", "Saved against the baseline (its net cost - this net cost)"),
        xw_label(c, "option.fsign", "Sign of the last saving other than 0 (for IRR)"),
        xw_label(c, "option.fcum", "Saved to date"),
        xw_label(c, "option.fneg", "Not paid back: the month after (else 0)"),
        xw_label(c, "option.fdcum", "Saved to date, present value"),
        xw_label(c, "option.fdneg", "Not paid back in present value: the month after (else 0)")};
    xw_flowrows R = xw_ow_pretax_rows(w->L);
    xw_ow_flow(w, &R, c->os[c->r->baseline].r_net, w->L->r_net, flow, labels);
}

/* ===== The rows, described once ===== */

/* The units that are a label of their own: its key and English text. */
static const struct {
    const char *key, *english;
} unit_labels[] = {
    [OU_FACTOR] = {XW_KEY("unit.factor"), "factor"},
    [OU_FLAG] = {XW_KEY("unit.flag"), "flag"},
    [OU_SERVERS] = {XW_KEY("unit.servers"), "servers"},
    [OU_W] = {XW_KEY("unit.w"), "W"},
    [OU_KW] = {XW_KEY("unit.kw"), "kW"},
    [OU_PCT_HARDWARE] = {XW_KEY("unit.pct_hardware"), "% of hardware"},
    [OU_YEARS] = {XW_KEY("unit.years"), "years"},
    [OU_PCT_MONTH] = {XW_KEY("unit.pct_month"), "% per month"},
    [OU_GPU_HOURS] = {XW_KEY("unit.gpu_hours"), "GPU-hours"},
    [OU_PFLOP_HOURS] = {XW_KEY("unit.pflop_hours"), "PFLOP-hours"},
};

/* Unit u as option w's sheet shows it, in buf. */
static const char *unit_text(const xw_optw *w, xw_ow_unit u, char *buf, size_t size)
{
    switch (u) {
    case OU_NONE:
        return "";
    case OU_CURRENCY:
        return w->cur;
    case OU_MONEY_PER_KWH:
        return xw_labelf(w->c, buf, size, "unit.money_per_kwh", "{currency} per kWh", "currency",
                         w->cur, NULL);
    case OU_PERCENT:
        return "%";
    default:
        return xw_label(w->c, unit_labels[u].key, unit_labels[u].english);
    }
}

/* The rows of an option sheet, top to bottom: the timeline, the cash flow and
 * its lines, the book view, the tax view and the comparison with the
 * baseline; the drivers in column C follow (optdriver.c). */
static const xw_ow_row option_rows[] = {
    OW_OWN(r_month, 0, month_row),
    OW_OWN(r_year, 0, year_row),
    OW_OWN(r_fy, 0, fy_row),
    OW_OWN(s_cash, 0, cash_heading),
    OW_ROW(r_price, OW_BUY, XW_KEY("option.price"), "Electricity price, escalated yearly",
           OU_MONEY_PER_KWH, price_row),
    OW_ROW(r_factor, OW_FACTOR, XW_KEY("option.factor"),
           "Rental price factor after the yearly decline", OU_FACTOR, factor_row),
    OW_OWN(r_capex, 0, capex_row),
    OW_OWN(r_lent, OW_FINANCED, lent_row),
    {OW_AT(r_line), 0, 0, TCO_LINES, NULL, NULL, OU_NONE, XS_TEXT, line_row},
    OW_ROW(r_lint, OW_LOAN, XW_KEY("option.line.loan_interest"), "Loan interest", OU_CURRENCY,
           loan_interest_row),
    OW_ROW(r_lprin, OW_LOAN, XW_KEY("option.line.loan_principal"), "Loan principal", OU_CURRENCY,
           loan_principal_row),
    OW_OWN(r_lbal, OW_LOAN, loan_balance_row),
    OW_ROW(r_epay, OW_LEASE, XW_KEY("option.line.lease_payment"),
           "Lease payment, in advance for the next month", OU_CURRENCY, lease_payment_row),
    OW_ROW(r_ebuy, OW_LEASE, XW_KEY("option.line.lease_buyout"), "Lease buyout, at its end",
           OU_CURRENCY, lease_buyout_row),
    OW_OWN(r_opcost, 0, opcost_row),
    OW_ROW(r_cum, 0, XW_KEY("option.cum"), "Cumulative cost, before residual", OU_CURRENCY,
           cum_row),
    OW_OWN(r_commit, OW_COMMIT, commit_row),
    OW_OWN(r_resid, OW_BUY, resid_row),
    OW_OWN(r_net, 0, net_row),
    OW_ROW(r_df, 0, XW_KEY("option.df"), "Discount factor", OU_FACTOR, df_row),
    OW_TOTAL(r_pv, 0, XW_KEY("option.pv"), "Present value", pv_row),
    OW_OWN(r_commit_pv, OW_COMMIT, commit_pv_row),
    /* The book view. */
    OW_HEADING(s_book, OW_BUY, book_heading),
    OW_ROW(r_dep, OW_BUY, XW_KEY("option.dep"), "Depreciation", OU_CURRENCY, dep_row),
    OW_ROW(r_bv, OW_BUY, XW_KEY("option.bv"), "Book value, end of month", OU_CURRENCY, bv_row),
    /* The tax view (MODEL.md, Taxes; optax.c). */
    OW_HEADING(tx.s_tax, OW_TAX, xw_tax_heading),
    OW_ROW(tx.r_tdep, OW_BUY | OW_TAX, XW_KEY("option.tdep"), "Tax depreciation", OU_CURRENCY,
           xw_tax_depreciation_row),
    OW_OWN(tx.k_tbv, OW_BUY | OW_TAX, xw_tax_book_value_row),
    OW_ROW(tx.k_tsale, OW_BUY | OW_TAX, XW_KEY("option.tsale"),
           "Tax on the sale: rate x (residual - tax book value)", OU_CURRENCY, xw_tax_sale_row),
    OW_ROW(tx.r_ded, OW_TAX, XW_KEY("option.ded"), "Deductible: costs, interest, tax depreciation",
           OU_CURRENCY, xw_tax_deductible_row),
    OW_TOTAL(r_tax, OW_TAX, XW_KEY("option.taxrow"),
             "Tax: -rate x deductible, and the tax on the sale", xw_tax_row),
    OW_ROW(tx.k_ctax, OW_COMMIT | OW_TAX, XW_KEY("option.ctax"),
           "Tax on what is owed after the horizon", OU_CURRENCY, xw_tax_commitment_row),
    OW_TOTAL(tx.r_atnet, OW_TAX, XW_KEY("option.atnet"), "Net cost after tax (net cost + tax)",
             xw_tax_net_row),
    OW_TOTAL(tx.r_atpv, OW_TAX, XW_KEY("option.atpv"), "Present value after tax", xw_tax_pv_row),
    /* Against the baseline: the flow of savings and its returns. */
    OW_HEADING(s_base, OW_BASE, base_heading),
    OW_ROW(r_bcum, OW_BASE, XW_KEY("option.bcum"), "Baseline cumulative cost, before residual",
           OU_CURRENCY, bcum_row),
    OW_ROW(r_flag, OW_BASE, XW_KEY("option.flag"), "Cheaper to date than the baseline (1 = yes)",
           OU_FLAG, flag_row),
    OW_ROW(r_stay, OW_BASE, XW_KEY("option.stay"),
           "At or below the baseline from here to the end (1 = yes)", OU_FLAG, stay_row),
    OW_OWN(r_flow, OW_BASE, flow_rows),
    OW_GROUPED(r_flow_sign, OW_BASE),
    OW_GROUPED(r_flow_cum, OW_BASE),
    OW_GROUPED(r_flow_below, OW_BASE),
    OW_GROUPED(r_flow_dcum, OW_BASE),
    OW_GROUPED(r_flow_dbelow, OW_BASE),
    OW_OWN(tx.r_flow, OW_BASE | OW_TAX, xw_tax_flow_rows),
    OW_GROUPED(tx.r_flow_sign, OW_BASE | OW_TAX),
    OW_GROUPED(tx.r_flow_cum, OW_BASE | OW_TAX),
    OW_GROUPED(tx.r_flow_below, OW_BASE | OW_TAX),
    OW_GROUPED(tx.r_flow_dcum, OW_BASE | OW_TAX),
    OW_GROUPED(tx.r_flow_dbelow, OW_BASE | OW_TAX),
};

#define N_ROWS (sizeof option_rows / sizeof option_rows[0])

/* Row k of the sheet: option_rows', then the drivers'. */
static const xw_ow_row *row_at(size_t k)
{
    return k < N_ROWS ? &option_rows[k] : &xw_driver_rows[k - N_ROWS];
}

/* The rows of entry e of option_rows in L: n of them. */
static int *rows_of(xw_optsheet *L, const xw_ow_row *e)
{
    return (int *)(void *)((char *)L + e->at);
}

/* The bits of option_rows' `when` that option i has. */
static unsigned option_has(const xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    const xw_optsheet *L = &c->os[i];
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    int tax_method = xw_tax_method(s, o);
    int tax_macrs = tax_method == TCO_DEP_MACRS5 || tax_method == TCO_DEP_MACRS7;
    int od_after = L->term && o->after_term == TCO_AFTER_ON_DEMAND;
    unsigned has = 0;
    has |= L->buy ? OW_BUY : 0;
    has |= !L->buy && (o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT || od_after)
               ? OW_FACTOR
               : 0;
    has |= L->loan || L->lease ? OW_FINANCED : 0;
    has |= L->loan ? OW_LOAN : 0;
    has |= L->lease ? OW_LEASE : 0;
    has |= L->term || L->lease ? OW_COMMIT : 0;
    has |= s->tax ? OW_TAX : 0;
    has |= L->has_base ? OW_BASE : 0;
    has |= L->buy && !macrs ? OW_SALVAGE : 0;
    has |= L->buy && s->tax && !tax_macrs ? OW_TAX_SALVAGE : 0;
    return has;
}

/* See sheets.h. Rows are fixed here so that formulas on any sheet can refer to
 * any other before it is written. */
void xw_option_layout(xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    xw_optsheet *L = &c->os[i];
    L->buy = o->acquire == TCO_BUY;
    L->has_base = L->buy && c->r->baseline >= 0;
    L->term = !L->buy && o->pricing == TCO_RESERVED && o->term_months > 0;
    L->loan = L->buy && o->financing == TCO_FIN_LOAN;
    L->lease = L->buy && o->financing == TCO_FIN_LEASE;
    L->lease_owned =
        L->lease && o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= s->horizon_months;
    const unsigned has = option_has(c, i);
    int r = 3;
    for (size_t k = 0; k < N_ROWS + xw_n_driver_rows; k++) {
        const xw_ow_row *e = row_at(k);
        int *at = rows_of(L, e), here = (e->when & has) == e->when;
        r += here && e->gap;
        for (int j = 0; j < e->n; j++)
            at[j] = here ? r++ : XW_NONE;
    }
    L->r_last_line = L->lease ? L->r_ebuy : L->loan ? L->r_lbal : L->r_line[TCO_LINES - 1];
}

/* See sheets.h. */
void xw_write_option(xw_ctx *c, size_t i)
{
    const int H = c->s->horizon_months;
    xw_optw w = {.c = c,
                 .i = i,
                 .o = &c->s->options[i],
                 .res = &c->r->options[i],
                 .L = &c->os[i],
                 .ws = c->os[i].ws,
                 .H = H,
                 .last = XW_COL_M0 + H};
    tci_utf8_format(w.cur, sizeof w.cur, "%s", c->currency);
    w.money = xw_fmt(c, XS_CALC, XN_MONEY);
    w.money_t = xw_fmt(c, XS_TOTAL, XN_MONEY);
    option_columns(&w);
    option_title(&w);
    for (size_t k = 0; k < N_ROWS + xw_n_driver_rows; k++) {
        const xw_ow_row *e = row_at(k);
        const int *at = rows_of(&c->os[i], e);
        for (int j = 0; j < e->n; j++) {
            if (at[j] == XW_NONE)
                continue;
            if (e->key) {
                char u[XW_TBUF];
                xw_ow_label(&w, at[j], xw_label(c, e->key, e->english),
                            unit_text(&w, e->unit, u, sizeof u), e->style);
            }
            if (e->cells)
                e->cells(&w, at[j]);
        }
    }
    xw_print_setup(c, w.ws, 0, w.L->r_year, (w.H + 13) / 13);
    worksheet_repeat_columns(w.ws, 0, XW_COL_VAL);
}
