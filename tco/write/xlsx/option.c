/* option.c - one option's monthly cash-flow sheet. Each row is one formula
 * copied across the timeline; constants live on Inputs, and the rows are those
 * plan.c fixed before any sheet was written. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/optw.h"
#include "core/core.h"
#include "core/factors.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ===== The sheet ===== */

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

/* The timeline's headings, months and years (frozen), and the cash flow's heading. */
static void option_timeline(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, w->ws, L->r_month, XW_COL_LABEL, xw_label(c, "option.head.month", "Month"), head);
    xw_text(c, w->ws, L->r_month, XW_COL_UNIT, xw_label(c, "option.head.unit", "Unit"), head);
    xw_text(c, w->ws, L->r_month, XW_COL_VAL, xw_label(c, "option.head.total", "Total"), head);
    /* Every sheet is written row by row, top to bottom (the workbook is
     * written in constant_memory mode): a row's cells, then the next row's. */
    xw_num(c, w->ws, L->r_month, XW_COL_M0, 0, headnum);
    for (int m = 1; m <= w->H; m++)
        xw_ow_fig(w, L->r_month, XW_COL_M0 + m,
                  xw_formula(c, f, sizeof f, "=%s+1",
                             xw_ref(NULL, L->r_month, XW_COL_M0 + m - 1, 0, 0).s),
                  m, headnum);
    xw_text(c, w->ws, L->r_year, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(w->ws, (lxw_row_t)L->r_year, XW_COL_UNIT, head);
    worksheet_write_blank(w->ws, (lxw_row_t)L->r_year, XW_COL_VAL, head);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf mo = xw_ow_at(L->r_month, col);
        xw_ow_fig(w, L->r_year, col,
                  xw_formula(c, f, sizeof f, "=IF(%s=0,0,INT((%s-1)/12)+1)", mo.s, mo.s),
                  m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(w->ws, (lxw_row_t)(L->r_year + 1), (lxw_col_t)XW_COL_M0);
    xw_write_fy_row(c, w->i);
    xw_labelf(c, t, sizeof t, "option.cash", "Monthly cash flow ({currency})", "currency", w->cur,
              NULL);
    xw_text(c, w->ws, L->s_cash, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
}

/* Escalation (buy) or decline (rent on demand) of the prices, in annual steps. */
static void option_factors(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    if (L->r_price != XW_NONE) {
        xw_labelf(c, t, sizeof t, "unit.money_per_kwh", "{currency} per kWh", "currency", w->cur,
                  NULL);
        xw_ow_label(w, L->r_price,
                    xw_label(c, "option.price", "Electricity price, escalated yearly"), t, XS_TEXT);
        for (int m = 1; m <= w->H; m++)
            xw_ow_fig(w, L->r_price, XW_COL_M0 + m,
                      xw_formula(c, f, sizeof f, "=%s*(1+%s)^(%s-1)",
                                 xw_site_name(c, w->i, TCO_S_ELECTRICITY_PRICE).s,
                                 xw_site_name(c, w->i, TCO_S_ELECTRICITY_ESCALATION).s,
                                 xw_ow_at(L->r_year, XW_COL_M0 + m).s),
                      tci_electricity_price(c->s, w->o, m), xw_fmt(c, XS_CALC, XN_MONEY4));
    }
    if (L->r_factor != XW_NONE) {
        xw_ow_label(w, L->r_factor,
                    xw_label(c, "option.factor", "Rental price factor after the yearly decline"),
                    xw_label(c, "unit.factor", "factor"), XS_TEXT);
        for (int m = 1; m <= w->H; m++)
            xw_ow_fig(w, L->r_factor, XW_COL_M0 + m,
                      xw_formula(c, f, sizeof f, "=(1-%s)^(%s-1)",
                                 xw_ow_in(w, TCO_O_PRICE_DECLINE).s,
                                 xw_ow_at(L->r_year, XW_COL_M0 + m).s),
                      tci_price_factor(-w->o->price_decline, m), xw_fmt(c, XS_CALC, XN_DEC6));
    }
}

/* Capex (or the upfront payment) at month 0. */
static void option_capex(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_label(w, L->r_capex,
                L->buy ? xw_label(c, "option.capex", "Capex")
                       : xw_label(c, "option.upfront", "Upfront payment"),
                w->cur, XS_TEXT);
    xw_ow_fig(w, L->r_capex, XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", xw_ow_drv(L->k_capex).s),
              w->res->capex, w->money);
    xw_ow_total(w, L->r_capex, XW_COL_M0, w->res->capex, XS_CALC);
    if (L->r_lent != XW_NONE && L->lease) {
        /* A lease pays none of the capex. */
        xw_ow_label(w, L->r_lent, xw_label(c, "option.unpaid", "Less: not paid, leased"), w->cur,
                    XS_TEXT);
        xw_ow_fig(w, L->r_lent, XW_COL_M0,
                  xw_formula(c, f, sizeof f, "=-%s", xw_ow_drv(L->k_capex).s), -w->res->capex,
                  w->money);
        xw_ow_total(w, L->r_lent, XW_COL_M0, -w->res->capex, XS_CALC);
    } else if (L->r_lent != XW_NONE) {
        /* The loan pays that much of the capex: money received at month 0. */
        xw_ow_label(w, L->r_lent,
                    xw_label(c, "option.lent", "Less: lent by the loan, received at month 0"),
                    w->cur, XS_TEXT);
        xw_ow_fig(w, L->r_lent, XW_COL_M0,
                  xw_formula(c, f, sizeof f, "=-%s", xw_ow_drv(L->k_loan).s), -w->res->loan_amount,
                  w->money);
        xw_ow_total(w, L->r_lent, XW_COL_M0, -w->res->loan_amount, XS_CALC);
    }
}

/* A loan's lines: each month's interest and principal of the level payment
 * while the loan runs (IPMT and PPMT, payments at the end of the month), and
 * at month H the balance still owed when the loan runs longer. */
static void option_loan(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    if (L->r_lint == XW_NONE)
        return;
    char f[XW_FBUF], t[XW_TBUF];
    xw_refbuf rate = xw_ow_drv(L->k_lrate), amount = xw_ow_drv(L->k_loan);
    const int rows[2] = {L->r_lint, L->r_lprin};
    const xw_owf fn[2] = {XF_LOAN_INTEREST, XF_LOAN_PRINCIPAL};
    xw_ow_label(w, L->r_lint, xw_label(c, "option.line.loan_interest", "Loan interest"), w->cur,
                XS_TEXT);
    /* Rows are written top to bottom: the interest row, then the principal. */
    for (int k = 0; k < 2; k++) {
        if (k == 1)
            xw_ow_label(w, L->r_lprin, xw_label(c, "option.line.loan_principal", "Loan principal"),
                        w->cur, XS_TEXT);
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            const tco_month *mo = &w->res->monthly[m - 1];
            xw_refbuf mon = xw_ow_at(L->r_month, col);
            xw_owrefs R = {.month = mon.s, .rate = rate.s, .amount = amount.s};
            xw_ow_fig(w, rows[k], col, xw_ow_formula(w, fn[k], &R, f, sizeof f),
                      k == 0 ? mo->loan_interest : mo->loan_principal, w->money);
        }
        xw_ow_total(w, rows[k], XW_COL_M0 + 1,
                    k == 0 ? w->res->loan_interest : w->res->loan_principal, XS_CALC);
    }
    xw_labelf(c, t, sizeof t, "option.line.loan_balance",
              "Loan balance still owed, paid at month {month}", "month", xw_int(w->H).s, NULL);
    xw_ow_label(w, L->r_lbal, t, w->cur, XS_TEXT);
    xw_refbuf prin = xw_range(NULL, L->r_lprin, XW_COL_M0 + 1, L->r_lprin, w->last);
    xw_owrefs B = {.amount = amount.s, .principal = prin.s};
    xw_ow_fig(w, L->r_lbal, w->last, xw_ow_formula(w, XF_LOAN_BALANCE, &B, f, sizeof f),
              w->res->loan_balance_at_horizon, w->money);
    xw_ow_total(w, L->r_lbal, XW_COL_M0, w->res->loan_balance_at_horizon, XS_CALC);
}

/* A lease's lines: the payment, in advance (month 0, then at the end of each
 * month for the next, while both the lease and the horizon run on), and the
 * buyout at the lease's end. */
static void option_lease(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    if (L->r_epay == XW_NONE)
        return;
    char f[XW_FBUF];
    xw_refbuf pmt = xw_ow_drv(L->k_epmt), buy = xw_ow_drv(L->k_ebuy);
    xw_ow_label(
        w, L->r_epay,
        xw_label(c, "option.line.lease_payment", "Lease payment, in advance for the next month"),
        w->cur, XS_TEXT);
    xw_ow_fig(w, L->r_epay, XW_COL_M0, xw_formula(c, f, sizeof f, "=%s", pmt.s),
              w->res->lease_payment, w->money);
    for (int m = 1; m <= w->H; m++) {
        xw_refbuf mon = xw_ow_at(L->r_month, XW_COL_M0 + m);
        xw_owrefs R = {.month = mon.s, .payment = pmt.s};
        xw_ow_fig(w, L->r_epay, XW_COL_M0 + m,
                  xw_ow_formula(w, XF_LEASE_PAYMENT_AT, &R, f, sizeof f),
                  w->res->monthly[m - 1].lease_payment, w->money);
    }
    xw_ow_total(w, L->r_epay, XW_COL_M0, w->res->lease_payments, XS_CALC);
    xw_ow_label(w, L->r_ebuy, xw_label(c, "option.line.lease_buyout", "Lease buyout, at its end"),
                w->cur, XS_TEXT);
    for (int m = 1; m <= w->H; m++) {
        xw_refbuf mon = xw_ow_at(L->r_month, XW_COL_M0 + m);
        xw_owrefs R = {.month = mon.s, .buyout = buy.s};
        xw_ow_fig(w, L->r_ebuy, XW_COL_M0 + m,
                  xw_ow_formula(w, XF_LEASE_BUYOUT_AT, &R, f, sizeof f),
                  w->res->monthly[m - 1].lease_buyout, w->money);
    }
    xw_ow_total(w, L->r_ebuy, XW_COL_M0 + 1, w->res->lease_buyout, XS_CALC);
}

/* The cost lines of MODEL.md (TCO_COST_LINES); a line that does not apply stays
 * empty. */
static void option_lines(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), u = xw_ow_drv(L->k_util),
              it_kw = xw_ow_drv(L->k_it_kw), prov_kw = xw_ow_drv(L->k_prov_kw),
              capex = xw_ow_drv(L->k_capex);
    for (int k = 0; k < TCO_LINES; k++) {
        int row = L->r_line[k], applies = tco_cost_line_of(k, L->buy);
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
            continue;
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            const tco_month *mo = &w->res->monthly[m - 1];
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
            double v = tco_month_line(mo, k);
            xw_ow_formula(w, XF_LINE(k), &R, f, sizeof f);
            xw_ow_fig(w, row, col, f, v, w->money);
        }
    }
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

/* Operating cost, cumulative cost and the residual value. */
static void option_costs(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    double opsum = 0;
    xw_ow_label(w, L->r_opcost,
                L->loan    ? xw_label(c, "option.opcost.loan", "Operating cost and loan payments")
                : L->lease ? xw_label(c, "option.opcost.lease", "Operating cost and lease payments")
                           : xw_label(c, "option.opcost", "Operating cost"),
                w->cur, XS_TOTAL);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        opsum += w->res->monthly[m - 1].cost;
        xw_ow_fig(w, L->r_opcost, col,
                  xw_formula(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, L->r_line[0], col, 0, 0).s,
                             xw_ref(NULL, L->r_last_line, col, 0, 0).s),
                  w->res->monthly[m - 1].cost, w->money_t);
    }
    xw_ow_total(w, L->r_opcost, XW_COL_M0 + 1, opsum, XS_TOTAL);

    xw_ow_label(w, L->r_cum, xw_label(c, "option.cum", "Cumulative cost, before residual"), w->cur,
                XS_TEXT);
    xw_ow_fig(w, L->r_cum, XW_COL_M0, month0(w, f, sizeof f), xw_paid0(c, w->i), w->money);
    for (int m = 1; m <= w->H; m++)
        xw_ow_fig(w, L->r_cum, XW_COL_M0 + m,
                  xw_formula(c, f, sizeof f, "=%s+%s",
                             xw_ref(NULL, L->r_cum, XW_COL_M0 + m - 1, 0, 0).s,
                             xw_ref(NULL, L->r_opcost, XW_COL_M0 + m, 0, 0).s),
                  w->res->monthly[m - 1].cumulative, w->money);

    if (L->r_commit != XW_NONE && L->lease) {
        /* The lease's months past the horizon, at its payment. */
        xw_refbuf pmt = xw_ow_drv(L->k_epmt);
        xw_owrefs R = {.payment = pmt.s};
        xw_ow_label(w, L->r_commit,
                    xw_label(c, "option.commit.lease",
                             "Owed after the horizon (the lease's months past it)"),
                    w->cur, XS_TEXT);
        xw_ow_fig(w, L->r_commit, XW_COL_VAL, xw_ow_formula(w, XF_LEASE_COMMIT, &R, f, sizeof f),
                  w->res->commitment_after_horizon, w->money);
    } else if (L->r_commit != XW_NONE) {
        /* The term's months past the horizon, at the reserved rate: to the end
         * of the term running at month H (the last renewal's, when it renews). */
        xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS);
        xw_owrefs R = {.n = n.s};
        xw_ow_label(
            w, L->r_commit,
            xw_label(c, "option.commit", "Committed after the horizon (the term's months past it)"),
            w->cur, XS_TEXT);
        xw_ow_fig(w, L->r_commit, XW_COL_VAL, xw_ow_formula(w, XF_COMMIT, &R, f, sizeof f),
                  w->res->commitment_after_horizon, w->money);
    }

    if (L->r_resid != XW_NONE) {
        xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}",
                  "month", xw_int(w->H).s, NULL);
        xw_ow_label(w, L->r_resid, t, w->cur, XS_TEXT);
        xw_ow_fig(w, L->r_resid, w->last,
                  xw_formula(c, f, sizeof f, "=%s", xw_ow_drv(L->k_residual).s), w->res->residual,
                  w->money);
        xw_ow_total(w, L->r_resid, XW_COL_M0, w->res->residual, XS_CALC);
    }
}

/* Net cost, discount factors and present values. */
static void option_net(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_label(w, L->r_net,
                L->loan ? xw_label(c, "option.net.loan",
                                   "Net cost (capex - loan + operating cost and loan payments - "
                                   "residual)")
                : L->lease
                    ? xw_label(c, "option.net.lease",
                               "Net cost (lease payments + operating cost - residual)")
                    : xw_label(c, "option.net", "Net cost (capex + operating cost - residual)"),
                w->cur, XS_TOTAL);
    xw_ow_fig(w, L->r_net, XW_COL_M0, month0(w, f, sizeof f), tci_net_cost(w->res, 0, w->H),
              w->money_t);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        if (L->r_resid != XW_NONE)
            xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(NULL, L->r_opcost, col, 0, 0).s,
                       xw_ref(NULL, L->r_resid, col, 0, 0).s);
        else
            xw_formula(c, f, sizeof f, "=%s", xw_ref(NULL, L->r_opcost, col, 0, 0).s);
        xw_ow_fig(w, L->r_net, col, f, tci_net_cost(w->res, m, w->H), w->money_t);
    }
    sum_plus(w, L->r_net, L->r_commit, w->res->total);

    xw_ow_label(w, L->r_df, xw_label(c, "option.df", "Discount factor"),
                xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, L->r_df, col,
                  xw_formula(c, f, sizeof f, "=1/(1+%s)^%s", xw_ow_drv(L->k_rm).s,
                             xw_ow_at(L->r_month, col).s),
                  tci_discount_factor(c->r->monthly_rate, m), xw_fmt(c, XS_CALC, XN_DEC6));
    }
    xw_ow_label(w, L->r_pv, xw_label(c, "option.pv", "Present value"), w->cur, XS_TOTAL);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, L->r_pv, col,
                  xw_formula(c, f, sizeof f, "=%s*%s", xw_ref(NULL, L->r_net, col, 0, 0).s,
                             xw_ref(NULL, L->r_df, col, 0, 0).s),
                  tci_net_cost_pv(w->res, m, w->H, c->r->monthly_rate), w->money_t);
    }
    sum_plus(w, L->r_pv, L->r_commit_pv, w->res->npv);
    if (L->r_commit_pv != XW_NONE && L->lease) {
        xw_refbuf cm = xw_ow_drv(L->r_commit), rm = xw_ow_drv(L->k_rm), pmt = xw_ow_drv(L->k_epmt);
        xw_owrefs R = {.rm = rm.s, .commit = cm.s, .payment = pmt.s};
        xw_ow_label(w, L->r_commit_pv,
                    xw_label(c, "option.commit_pv.lease",
                             "Present value of what is owed after the horizon"),
                    w->cur, XS_TEXT);
        xw_ow_fig(w, L->r_commit_pv, XW_COL_VAL,
                  xw_ow_formula(w, XF_LEASE_COMMIT_PV, &R, f, sizeof f), w->res->commitment_npv,
                  w->money);
    } else if (L->r_commit_pv != XW_NONE) {
        /* Each committed month discounted at its own month: the sum of
         * (1+r)^-m over months H+1..E is ((1+r)^-H - (1+r)^-E) / r. */
        xw_refbuf cm = xw_ow_drv(L->r_commit), rm = xw_ow_drv(L->k_rm),
                  n = xw_ow_in(w, TCO_O_COUNT_GPUS);
        xw_owrefs R = {.n = n.s, .rm = rm.s, .commit = cm.s};
        xw_ow_label(
            w, L->r_commit_pv,
            xw_label(c, "option.commit_pv", "Present value of the commitment after the horizon"),
            w->cur, XS_TEXT);
        xw_ow_fig(w, L->r_commit_pv, XW_COL_VAL, xw_ow_formula(w, XF_COMMIT_PV, &R, f, sizeof f),
                  w->res->commitment_npv, w->money);
    }
}

/* Book view: depreciation and book value (not part of cost or NPV). */
static void option_book(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    if (L->buy) {
        const char *method =
            tco_option_key(TCO_O_DEPRECIATION)
                ->names[w->o->depreciation >= 0 && w->o->depreciation <= TCO_DEP_MACRS7
                            ? w->o->depreciation
                            : 0];
        char mk[64];
        tci_utf8_format(mk, sizeof mk, "depreciation.%s", method);
        xw_labelf(c, t, sizeof t, "option.book",
                  "Book view ({method}): does not change cost or NPV", "method",
                  xw_label(c, mk, method), NULL);
        xw_text(c, w->ws, L->s_book, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
        xw_ow_label(w, L->r_dep, xw_label(c, "option.dep", "Depreciation"), w->cur, XS_TEXT);
        for (int m = 1; m <= w->H; m++) {
            xw_ow_depreciation(w, f, sizeof f, XW_COL_M0 + m, w->o->depreciation, L->k_life,
                               L->k_salvage);
            xw_ow_fig(w, L->r_dep, XW_COL_M0 + m, f, w->res->monthly[m - 1].depreciation, w->money);
        }
        xw_ow_total(w, L->r_dep, XW_COL_M0 + 1, w->res->depreciation, XS_CALC);
        xw_ow_label(w, L->r_bv, xw_label(c, "option.bv", "Book value, end of month"), w->cur,
                    XS_TEXT);
        /* A lease's hardware enters the books when it is bought out. */
        xw_ow_fig(w, L->r_bv, XW_COL_M0,
                  L->lease ? "=0" : xw_formula(c, f, sizeof f, "=%s", xw_ow_drv(L->k_capex).s),
                  tci_book_value(w->res, 0), w->money);
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            if (L->lease)
                xw_formula(c, f, sizeof f, "=%s+%s-%s", xw_ref(NULL, L->r_bv, col - 1, 0, 0).s,
                           xw_ref(NULL, L->r_ebuy, col, 0, 0).s,
                           xw_ref(NULL, L->r_dep, col, 0, 0).s);
            else
                xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(NULL, L->r_bv, col - 1, 0, 0).s,
                           xw_ref(NULL, L->r_dep, col, 0, 0).s);
            xw_ow_fig(w, L->r_bv, col, f, tci_book_value(w->res, m), w->money);
        }
    }
}

/* The rows of the incremental flow against the baseline, before tax (the
 * rows of L). */
static xw_flowrows pretax_rows(const xw_optsheet *L)
{
    xw_flowrows R = {.flow = L->r_flow,
                     .sign = L->r_flow_sign,
                     .cum = L->r_flow_cum,
                     .neg = L->r_flow_below,
                     .dcum = L->r_flow_dcum,
                     .dneg = L->r_flow_dbelow,
                     .irrg = L->k_irrg,
                     .irr = L->k_irr,
                     .mirr = L->k_mirr,
                     .pay = L->k_pay,
                     .dpay = L->k_dpay};
    return R;
}

/* Returns against the baseline (MODEL.md): the incremental flow, the baseline's
 * net cost less this option's, and its cumulative sums for the payback months. */
static void option_flow(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const tco_option_result *rb = &c->r->options[c->r->baseline];
    double flow[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        flow[m] = tci_saving(w->res, rb, m, w->H);
    const char *labels[6] = {
        xw_label(c, "option.flow", "Saved against the baseline (its net cost - this net cost)"),
        xw_label(c, "option.fsign", "Sign of the last saving other than 0 (for IRR)"),
        xw_label(c, "option.fcum", "Saved to date"),
        xw_label(c, "option.fneg", "Not paid back: the month after (else 0)"),
        xw_label(c, "option.fdcum", "Saved to date, present value"),
        xw_label(c, "option.fdneg", "Not paid back in present value: the month after (else 0)")};
    xw_flowrows R = pretax_rows(L);
    xw_ow_flow(w, &R, c->os[c->r->baseline].r_net, L->r_net, flow, labels);
}

/* The IRR, the MIRR and the payback months of the incremental flow, in column C. */
static void option_returns(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const tco_option_result *r = w->res;
    const char *labels[5] = {
        xw_label(c, "option.irrg", "Where the IRR's iteration starts (tco's monthly rate)"),
        xw_label(c, "option.irr", "IRR of buying, annual: (1+IRR)^12-1"),
        xw_label(c, "option.mirr",
                 "MIRR of buying, annual, financed and reinvested at the monthly rate"),
        xw_label(c, "option.payback", "Payback month (the saving to date stays at or above 0)"),
        xw_label(c, "option.dpayback", "Discounted payback month (likewise, in present value)")};
    xw_flowrows R = pretax_rows(w->L);
    xw_flowfigs fg = {r->irr, r->mirr, r->payback_month, r->discounted_payback_month, r->irr_note};
    xw_ow_returns(w, &R, &fg, labels);
}

/* Against the baseline: its cumulative cost and where this option is cheaper. */
static void option_baseline(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    if (L->has_base) {
        int b = c->r->baseline;
        const xw_optsheet *B = &c->os[b];
        const tco_option_result *rb = &c->r->options[b];
        xw_labelf(c, t, sizeof t, "option.base", "Against the baseline: {label}", "label",
                  c->label[b], NULL);
        xw_text(c, w->ws, L->s_base, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
        xw_ow_label(w, L->r_bcum,
                    xw_label(c, "option.bcum", "Baseline cumulative cost, before residual"), w->cur,
                    XS_TEXT);
        for (int m = 0; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            double bc = m == 0 ? rb->capex : rb->monthly[m - 1].cumulative;
            xw_ow_fig(w, L->r_bcum, col,
                      xw_formula(c, f, sizeof f, "=%s", xw_ref(B->quoted, B->r_cum, col, 0, 0).s),
                      bc, w->money);
        }
        xw_ow_label(w, L->r_flag,
                    xw_label(c, "option.flag", "Cheaper to date than the baseline (1 = yes)"),
                    xw_label(c, "unit.flag", "flag"), XS_TEXT);
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            double bc = rb->monthly[m - 1].cumulative;
            xw_ow_fig(w, L->r_flag, col,
                      xw_formula(c, f, sizeof f, "=IF(%s<=%s,1,0)",
                                 xw_ref(NULL, L->r_cum, col, 0, 0).s,
                                 xw_ref(NULL, L->r_bcum, col, 0, 0).s),
                      w->res->monthly[m - 1].cumulative <= bc ? 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
        }
        /* 1 from the first month after which no month is dearer: the least
         * flag from this month to the last. */
        xw_ow_label(
            w, L->r_stay,
            xw_label(c, "option.stay", "At or below the baseline from here to the end (1 = yes)"),
            xw_label(c, "unit.flag", "flag"), XS_TEXT);
        /* The run of 1s that ends at H starts at the break-even month. */
        int stays = w->res->breakeven_month > 0 ? w->res->breakeven_month : w->H + 1;
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            xw_ow_fig(w, L->r_stay, col,
                      xw_formula(c, f, sizeof f, "=MIN(%s)",
                                 xw_range(NULL, L->r_flag, col, L->r_flag, w->last).s),
                      m >= stays ? 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
        }
        option_flow(w);
    }
}

/* Drivers: the per-option quantities the timeline uses, from Inputs. */
/* A lease's drivers: the payment (given, or the rate factor times the capex)
 * and the buyout price paid within the horizon. */
static void lease_drivers(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_refbuf capex = xw_ow_drv(L->k_capex);
    xw_owrefs R = {.capex = capex.s};
    xw_ow_driver(w, L->k_epmt, xw_label(c, "option.epmt", "Lease payment per month"), w->cur,
                 xw_ow_formula(w, XF_LEASE_PAYMENT, &R, f, sizeof f), w->res->lease_payment,
                 XN_MONEY);
    xw_ow_driver(w, L->k_ebuy, xw_label(c, "option.ebuy", "Buyout price, paid within the horizon"),
                 w->cur, xw_ow_formula(w, XF_LEASE_BUYOUT, &R, f, sizeof f), w->res->lease_buyout,
                 XN_MONEY);
}

static void option_drivers(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_text(c, w->ws, L->s_drivers, 0, xw_label(c, "option.drivers", "Drivers (from Inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, w->ws, L->s_drivers, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_ow_driver(w, L->k_util, xw_label(c, "option.util", "Utilization"), "%",
                 xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_UTILIZATION).s),
                 w->res->utilization, XN_PCT);
    if (L->buy) {
        xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), ku = xw_ow_drv(L->k_util),
                  servers = xw_ow_drv(L->k_servers), gpu_w = xw_ow_drv(L->k_gpu_w),
                  cg = xw_ow_drv(L->k_capex_gpu), ci = xw_ow_drv(L->k_capex_infra),
                  rf = xw_ow_drv(L->k_resfrac);
        xw_owrefs R = {.n = n.s,
                       .u = ku.s,
                       .servers = servers.s,
                       .gpu_w = gpu_w.s,
                       .capex_gpu = cg.s,
                       .capex_infra = ci.s,
                       .resfrac = rf.s};
        xw_ow_driver(w, L->k_servers, xw_label(c, "option.servers", "Servers"),
                     xw_label(c, "unit.servers", "servers"),
                     xw_ow_formula(w, XF_SERVERS, &R, f, sizeof f), w->res->servers, XN_INT);
        xw_ow_driver(w, L->k_capex_gpu, xw_label(c, "option.capex_gpu", "Capex: GPUs"), w->cur,
                     xw_ow_formula(w, XF_CAPEX_GPU, &R, f, sizeof f), w->res->capex_gpu, XN_MONEY);
        xw_ow_driver(w, L->k_capex_infra,
                     xw_label(c, "option.capex_infra", "Capex: servers and network"), w->cur,
                     xw_ow_formula(w, XF_CAPEX_INFRA, &R, f, sizeof f), w->res->capex_infra,
                     XN_MONEY);
        xw_ow_driver(w, L->k_capex,
                     xw_label(c, "option.capex_total", "Capex: total, paid at month 0"), w->cur,
                     xw_formula(c, f, sizeof f, "=%s+%s+%s", xw_ow_drv(L->k_capex_gpu).s,
                                xw_ow_drv(L->k_capex_infra).s, xw_ow_in(w, TCO_O_INSTALL_PRICE).s),
                     w->res->capex, XN_MONEY);
        double u = w->res->utilization;
        xw_ow_driver(w, L->k_gpu_w,
                     xw_label(c, "option.gpu_w", "Power per GPU at this utilization"),
                     xw_label(c, "unit.w", "W"), xw_ow_formula(w, XF_GPU_W, &R, f, sizeof f),
                     tci_gpu_watts(w->o, u), XN_DEC2);
        xw_ow_driver(w, L->k_it_kw, xw_label(c, "option.it_kw", "IT load"),
                     xw_label(c, "unit.kw", "kW"), xw_ow_formula(w, XF_IT_KW, &R, f, sizeof f),
                     w->res->it_kw, XN_DEC2);
        xw_ow_driver(w, L->k_prov_kw, xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
                     xw_label(c, "unit.kw", "kW"), xw_ow_formula(w, XF_PROV_KW, &R, f, sizeof f),
                     w->res->provisioned_kw, XN_DEC2);
        xw_ow_driver(w, L->k_resfrac, xw_label(c, "option.resfrac", "Resale value at the end"),
                     xw_label(c, "unit.pct_hardware", "% of hardware"),
                     xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_RESALE_FRACTION).s),
                     w->res->residual_fraction, XN_PCT);
        xw_ow_driver(w, L->k_residual,
                     xw_label(c, "option.residual", "Residual value (GPUs, servers and network)"),
                     w->cur,
                     xw_ow_formula(w, L->lease ? XF_LEASE_RESIDUAL : XF_RESIDUAL, &R, f, sizeof f),
                     w->res->residual, XN_MONEY);
        if (L->k_salvage != XW_NONE)
            xw_ow_driver(
                w, L->k_salvage, xw_label(c, "option.salvage", "Book salvage value"), w->cur,
                xw_formula(c, f, sizeof f, "=%s*%s", xw_ow_drv(L->lease ? L->k_ebuy : L->k_capex).s,
                           xw_ow_in(w, TCO_O_SALVAGE_FRACTION).s),
                w->res->salvage_value, XN_MONEY);
        xw_ow_driver(w, L->k_life, xw_label(c, "option.life", "Depreciation life"),
                     xw_label(c, "unit.years", "years"),
                     xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_DEPRECIATION_YEARS).s),
                     tco_depreciation_life(w->o), XN_INT);
        if (L->loan) {
            xw_refbuf capex = xw_ow_drv(L->k_capex), rate = xw_ow_drv(L->k_lrate),
                      amount = xw_ow_drv(L->k_loan);
            xw_owrefs D = {.capex = capex.s, .rate = rate.s, .amount = amount.s};
            xw_ow_driver(w, L->k_loan, xw_label(c, "option.loan", "Lent by the loan"), w->cur,
                         xw_ow_formula(w, XF_LOAN_AMOUNT, &D, f, sizeof f), w->res->loan_amount,
                         XN_MONEY);
            xw_ow_driver(w, L->k_lrate, xw_label(c, "option.lrate", "Loan interest rate per month"),
                         xw_label(c, "unit.pct_month", "% per month"),
                         xw_ow_formula(w, XF_LOAN_RATE, &D, f, sizeof f), w->res->loan_rate_monthly,
                         XN_PCT4);
            xw_ow_driver(w, L->k_lpmt, xw_label(c, "option.lpmt", "Loan payment per month (level)"),
                         w->cur, xw_ow_formula(w, XF_LOAN_PAYMENT, &D, f, sizeof f),
                         w->res->loan_payment, XN_MONEY);
        }
        if (L->lease)
            lease_drivers(w);
    } else {
        xw_ow_driver(w, L->k_capex, xw_label(c, "option.upfront0", "Upfront payment, month 0"),
                     w->cur, xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_UPFRONT).s),
                     w->res->capex, XN_MONEY);
    }
}

/* Drivers of the unit costs: discount rate, GPU-hours, PFLOP-hours, work done. */
static void option_usage(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    xw_ow_driver(w, L->k_rm, xw_label(c, "option.rm", "Monthly discount rate"),
                 xw_label(c, "unit.pct_month", "% per month"), "=(1+DiscountRate)^(1/12)-1",
                 c->r->monthly_rate, XN_PCT4);
    xw_ow_driver(w, L->k_gpuh, xw_label(c, "option.gpuh", "GPU-hours used over the horizon"),
                 xw_label(c, "unit.gpu_hours", "GPU-hours"),
                 xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*HorizonMonths*%s",
                            xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_drv(L->k_util).s),
                 w->res->gpu_hours, XN_INT);
    xw_ow_driver(w, L->k_pflop, xw_label(c, "option.pflop", "PFLOP-hours used (FP16 peak)"),
                 xw_label(c, "unit.pflop_hours", "PFLOP-hours"),
                 xw_formula(c, f, sizeof f, "=%s*%s/1000*HoursPerMonth*HorizonMonths*%s",
                            xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_FP16_TFLOPS).s,
                            xw_ow_drv(L->k_util).s),
                 w->res->pflop_hours, XN_INT);
    xw_labelf(c, t, sizeof t, "option.units", "Work done over the horizon ({unit}s)", "unit",
              c->unit, NULL);
    xw_ow_driver(w, L->k_units, t, c->unit,
                 xw_formula(c, f, sizeof f,
                            "=%s*%s*%s*SecondsPerHour*HoursPerMonth*HorizonMonths*%s",
                            xw_ow_in(w, TCO_O_THROUGHPUT).s, xw_ow_in(w, TCO_O_COUNT_GPUS).s,
                            xw_ow_in(w, TCO_O_SCALING_EFFICIENCY).s, xw_ow_drv(L->k_util).s),
                 w->res->units, XN_INT);
    if (L->k_wpkw != XW_NONE) {
        xw_labelf(c, t, sizeof t, "option.wpkw", "Work rate per kW of IT load ({unit}s per second)",
                  "unit", c->unit, NULL);
        xw_refbuf tp = xw_ow_in(w, TCO_O_THROUGHPUT);
        xw_ow_label(w, L->k_wpkw, t, xw_label(c, "unit.per_s_per_kw", "per s per kW"), XS_TEXT);
        xw_ow_fig(w, L->k_wpkw, XW_COL_VAL,
                  xw_formula(c, f, sizeof f, "=IF(OR(%s<=0,%s=0),%s,%s*%s*%s/%s)", tp.s,
                             xw_ow_drv(L->k_it_kw).s, xw_na_word(c).lit, tp.s,
                             xw_ow_in(w, TCO_O_COUNT_GPUS).s,
                             xw_ow_in(w, TCO_O_SCALING_EFFICIENCY).s, xw_ow_drv(L->k_it_kw).s),
                  w->res->units_per_s_per_kw, xw_fmt(c, XS_CALC, XN_DEC2));
    }
}

/* Break-even utilization: total(u) = total(0) + slope * u for every option. */
static void option_breakeven(const xw_optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    if (L->buy) {
        xw_ow_driver(
            w, L->k_slope, xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"),
            w->cur,
            xw_formula(c, f, sizeof f, "=%s*%s*(%s-%s)/1000*HoursPerMonth*%s*SUM(%s)",
                       xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_TDP_W).s,
                       xw_ow_in(w, TCO_O_LOAD_POWER_FRACTION).s,
                       xw_ow_in(w, TCO_O_IDLE_POWER_FRACTION).s, xw_site_name(c, w->i, TCO_S_PUE).s,
                       xw_range(NULL, L->r_price, XW_COL_M0 + 1, L->r_price, w->last).s),
            w->res->total_per_utilization, XN_MONEY);
    } else if (w->o->pricing == TCO_ON_DEMAND) {
        xw_ow_driver(
            w, L->k_slope, xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"),
            w->cur,
            xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUM(%s)",
                       xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s,
                       xw_range(NULL, L->r_factor, XW_COL_M0 + 1, L->r_factor, w->last).s),
            w->res->total_per_utilization, XN_MONEY);
    } else if (w->o->pricing == TCO_SPOT) {
        xw_ow_driver(
            w, L->k_slope, xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"),
            w->cur,
            xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUM(%s)/(1-%s)",
                       xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s,
                       xw_range(NULL, L->r_factor, XW_COL_M0 + 1, L->r_factor, w->last).s,
                       xw_ow_in(w, TCO_O_INTERRUPTION_OVERHEAD).s),
            w->res->total_per_utilization, XN_MONEY);
    } else if (L->r_factor != XW_NONE) {
        /* Reserved, then on demand: the months past the term follow u. */
        xw_ow_driver(w, L->k_slope,
                     xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"),
                     w->cur,
                     xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUMIF(%s,\">\"&%s,%s)",
                                xw_ow_in(w, TCO_O_COUNT_GPUS).s,
                                xw_ow_in(w, TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR).s,
                                xw_range(NULL, L->r_month, XW_COL_M0 + 1, L->r_month, w->last).s,
                                xw_ow_in(w, TCO_O_TERM_MONTHS).s,
                                xw_range(NULL, L->r_factor, XW_COL_M0 + 1, L->r_factor, w->last).s),
                     w->res->total_per_utilization, XN_MONEY);
    } else {
        xw_ow_label(
            w, L->k_slope,
            xw_label(c, "option.slope.reserved", "Cost per unit of utilization (reserved: none)"),
            w->cur, XS_TEXT);
        xw_num(c, w->ws, L->k_slope, XW_COL_VAL, 0, xw_fmt(c, XS_FIXED, XN_MONEY));
    }
    xw_ow_driver(w, L->k_total0, xw_label(c, "option.total0", "Total cost at 0% utilization"),
                 w->cur,
                 xw_formula(c, f, sizeof f, "=%s-%s*%s", xw_ow_drv(L->r_net).s,
                            xw_ow_drv(L->k_slope).s, xw_ow_drv(L->k_util).s),
                 w->res->total_at_zero_utilization, XN_MONEY);
    if (L->k_breakeven_u != XW_NONE) {
        const xw_optsheet *B = &c->os[c->r->baseline];
        xw_refbuf bs = xw_ref(B->quoted, B->k_slope, XW_COL_VAL, 1, 1);
        xw_refbuf bt = xw_ref(B->quoted, B->k_total0, XW_COL_VAL, 1, 1);
        double x = tci_utilization_crossing(w->res, &c->r->options[c->r->baseline]);
        xw_ow_label(w, L->k_breakeven_u,
                    xw_label(c, "option.beu", "Break-even utilization, before the 0-100% limits"),
                    "%", XS_TEXT);
        xw_word na = xw_na_word(c);
        xw_formula(c, f, sizeof f, "=IF(%s-%s=0,%s,(%s-%s)/(%s-%s))", bs.s, xw_ow_drv(L->k_slope).s,
                   na.lit, xw_ow_drv(L->k_total0).s, bt.s, bs.s, xw_ow_drv(L->k_slope).s);
        if (isnan(x))
            xw_fstr(c, w->ws, L->k_breakeven_u, XW_COL_VAL, f, na.text, xw_fmt(c, XS_CALC, XN_PCT));
        else
            xw_ow_fig(w, L->k_breakeven_u, XW_COL_VAL, f, x, xw_fmt(c, XS_CALC, XN_PCT));
        option_returns(w);
    }
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
    option_timeline(&w);
    option_factors(&w);
    option_capex(&w);
    option_lines(&w);
    option_loan(&w);
    option_lease(&w);
    option_costs(&w);
    option_net(&w);
    option_book(&w);
    xw_tax_section(&w);
    option_baseline(&w);
    xw_tax_flow(&w);
    option_drivers(&w);
    xw_tax_drivers(&w);
    option_usage(&w);
    option_breakeven(&w);
    xw_tax_returns(&w);

    xw_print_setup(c, w.ws, 0, w.L->r_year, (w.H + 13) / 13);
    worksheet_repeat_columns(w.ws, 0, XW_COL_VAL);
}
