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
    worksheet_set_column(w->ws, XW_COL_LABEL, XW_COL_LABEL, 62, NULL); /* the longest label, bold */
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
                  "month 0 is the acquisition. Drivers above the timeline; assumptions on "
                  "Inputs.",
                  "count", xw_int(w->o->count).s, "servers", xw_int(w->res->servers).s, "currency",
                  w->cur, NULL);
    else
        xw_labelf(c, t, sizeof t, "option.subtitle.rent",
                  "Rented ({pricing}): {count} GPUs. Monthly cash flow in {currency}; month 0 is "
                  "any upfront payment. Drivers above the timeline; assumptions on Inputs.",
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

/* ===== The links from Inputs ===== */

/* See optw.h. */
int xw_linked_key(const xw_ctx *c, size_t i, tco_okey k)
{
    const tco_keydef *kd = tco_option_key(k);
    if (k == TCO_O_LOAN_MONTHS || k == TCO_O_LEASE_MONTHS || k == TCO_O_TERM_MONTHS ||
        k == TCO_O_DEPRECIATION_YEARS || k == TCO_O_UTILIZATION)
        return 0;
    return (kd->type == TCO_T_NUMBER || kd->type == TCO_T_INT) && kd->live &&
           xw_option_key_shown(c->s, i, k);
}

/* See optw.h. */
double xw_key_number(const xw_ctx *c, size_t i, tco_okey k)
{
    if (k == TCO_O_RESALE_FRACTION) /* the one in effect: from its decline when given */
        return c->r->options[i].residual_fraction;
    return xw_option_key_value(&c->s->options[i], k);
}

/* The links' heading, then each link: the key's label and unit as on Inputs,
 * and in column C its Inputs cell, cached with its value. */
static void links_rows(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], u[XW_TBUF], lb[XW_TBUF];
    xw_text(c, w->ws, row, 0, xw_label(c, "option.links", "Links (the option's inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, w->ws, row, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    for (int k = 0; k < TCO_O_COUNT; k++) {
        int at = w->L->k_link[k];
        if (at == XW_NONE || at == w->L->f_loan || at == w->L->f_lease || at == w->L->f_term ||
            at == w->L->k_life)
            continue;
        const tco_keydef *kd = tco_option_key((tco_okey)k);
        xw_key_unit(c, u, sizeof u, kd);
        xw_ow_label(w, at, xw_key_label(c, kd, -1, 0, lb, sizeof lb), u, XS_TEXT);
        double v = xw_key_number(c, w->i, (tco_okey)k); /* in the format Inputs shows it */
        xw_ow_fig(w, at, XW_COL_VAL,
                  xw_formula(c, f, sizeof f, "=%s", xw_in(c, w->i, (tco_okey)k).s), v,
                  xw_fmt(c, XS_CALC, xw_value_numfmt(kd->unit, v)));
    }
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
    for (int m = 0; m <= w->H; m++) /* month 0 at year 1's price: no power is bought */
        xw_ow_fig(w, row, XW_COL_M0 + m,
                  xw_formula(c, f, sizeof f, "=%s*(1+%s)^(MAX(%s,1)-1)",
                             xw_site_name(c, w->i, TCO_S_ELECTRICITY_PRICE).s,
                             xw_site_name(c, w->i, TCO_S_ELECTRICITY_ESCALATION).s,
                             xw_ow_at(w->L->r_year, XW_COL_M0 + m).s),
                  tci_electricity_price(c->s, w->o, m > 0 ? m : 1), xw_fmt(c, XS_CALC, XN_MONEY4));
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
    xw_ow_label(w, row,
                w->L->buy ? xw_label(c, "option.capex", "Capex")
                          : xw_label(c, "option.upfront", "Upfront payment"),
                w->cur, XS_TEXT);
    xw_ow_at0(w, row, w->L->k_capex, 0, w->res->capex);
    xw_ow_total(w, row, XW_COL_M0, w->res->capex, XS_CALC);
}

/* What a loan lends (money received at month 0) or a lease leaves unpaid of
 * the capex. */
static void lent_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    if (L->lease) {
        xw_ow_label(w, row, xw_label(c, "option.unpaid", "Less: not paid, leased"), w->cur,
                    XS_TEXT);
        xw_ow_at0(w, row, L->k_capex, 1, -w->res->capex);
        xw_ow_total(w, row, XW_COL_M0, -w->res->capex, XS_CALC);
        return;
    }
    xw_ow_label(w, row, xw_label(c, "option.lent", "Less: lent by the loan, received at month 0"),
                w->cur, XS_TEXT);
    xw_ow_at0(w, row, L->k_loan, 1, -w->res->loan_amount);
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
    xw_ow_total(w, row, XW_COL_M0, tco_option_line(w->res, k), XS_CALC);
    if (!applies)
        return;
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), u = xw_ow_drv(L->k_util),
              it_kw = xw_ow_drv(L->k_it_kw), prov_kw = xw_ow_drv(L->k_prov_kw),
              capex = xw_ow_drv(L->k_capex);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf price = xw_ow_at(L->r_price, col), factor = xw_ow_at(L->r_factor, col),
                  term = xw_ow_at(L->f_term, col), renew = xw_ow_at(L->f_renew, col),
                  op = xw_ow_at(L->f_op, col);
        xw_owrefs R = {.n = n.s,
                       .u = u.s,
                       .it_kw = it_kw.s,
                       .prov_kw = prov_kw.s,
                       .capex = capex.s,
                       .price = price.s,
                       .factor = factor.s,
                       .term = L->f_term != XW_NONE ? term.s : NULL,
                       .renew = L->f_renew != XW_NONE ? renew.s : NULL};
        char g[XW_FBUF];
        xw_ow_formula(w, XF_LINE(k), &R, g, sizeof g);
        /* The operating months only: month 0 has none. */
        xw_formula(c, f, sizeof f, "=(%s)*%s", g + 1, op.s);
        xw_ow_fig(w, row, col, f, m == 0 ? 0 : tco_month_line(&w->res->monthly[m - 1], k),
                  w->money);
    }
}

/* A loan's balance owed after each month (the corkscrew's closing), by the
 * engine's figures: lent at month 0, less each month's principal, all of it
 * repaid at month H when the loan runs longer. */
static double loan_owed(const xw_optw *w, int m)
{
    double b = w->res->loan_amount;
    for (int k = 1; k <= m; k++)
        b -= w->res->monthly[k - 1].loan_principal;
    return m == w->H ? 0 : b;
}

/* The balance owed at the start of each month: the month before's closing. */
static void loan_open_row(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(
            w, row, col,
            xw_formula(w->c, f, sizeof f, "=%s", xw_ref(NULL, w->L->r_lclose, col - 1, 0, 0).s),
            m == 0 ? 0 : loan_owed(w, m - 1), w->money);
    }
}

/* Each month's interest on the balance at its start, while the loan runs
 * (the level payment's interest: IPMT's, MODEL.md, Financing with a loan). */
static void loan_interest_row(const xw_optw *w, int row)
{
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(w->c, f, sizeof f, "=%s*%s*%s", xw_ref(NULL, L->r_lopen, col, 0, 0).s,
                             xw_ow_drv(L->k_lrate).s, xw_ow_at(L->f_loan, col).s),
                  m == 0 ? 0 : w->res->monthly[m - 1].loan_interest, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, w->res->loan_interest, XS_CALC);
}

/* The level payment less its interest, while the loan runs. */
static void loan_principal_row(const xw_optw *w, int row)
{
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(w->c, f, sizeof f, "=%s*%s-%s", xw_ow_drv(L->k_lpmt).s,
                             xw_ow_at(L->f_loan, col).s, xw_ref(NULL, L->r_lint, col, 0, 0).s),
                  m == 0 ? 0 : w->res->monthly[m - 1].loan_principal, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, w->res->loan_principal, XS_CALC);
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
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=(%s-%s-%s)*%s",
                             xw_ref(NULL, L->r_lopen, col, 0, 0).s,
                             xw_ref(NULL, L->r_lent, col, 0, 0).s,
                             xw_ref(NULL, L->r_lprin, col, 0, 0).s, xw_ow_at(L->f_end, col).s),
                  m == w->H ? w->res->loan_balance_at_horizon : 0, w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, w->res->loan_balance_at_horizon, XS_CALC);
}

/* The balance owed at the end of each month: the opening, plus what is lent,
 * less the principal and what is repaid at month H. */
static void loan_close_row(const xw_optw *w, int row)
{
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(
            w, row, col,
            xw_formula(w->c, f, sizeof f, "=%s-%s-%s-%s", xw_ref(NULL, L->r_lopen, col, 0, 0).s,
                       xw_ref(NULL, L->r_lent, col, 0, 0).s, xw_ref(NULL, L->r_lprin, col, 0, 0).s,
                       xw_ref(NULL, L->r_lbal, col, 0, 0).s),
            loan_owed(w, m), w->money);
    }
}

/* A lease's payment, in advance: month 0, then at the end of each month for
 * the next, while both the lease and the horizon run on. */
static void lease_payment_row(const xw_optw *w, int row)
{
    double v[TCO_MAX_HORIZON + 1];
    v[0] = w->res->lease_payment;
    for (int m = 1; m <= w->H; m++)
        v[m] = w->res->monthly[m - 1].lease_payment;
    xw_ow_times_flag(w, row, w->L->k_epmt, 0, w->L->f_lease, v);
    xw_ow_total(w, row, XW_COL_M0, w->res->lease_payments, XS_CALC);
}

/* A lease's buyout, at its end. */
static void lease_buyout_row(const xw_optw *w, int row)
{
    double v[TCO_MAX_HORIZON + 1] = {0};
    for (int m = 1; m <= w->H; m++)
        v[m] = w->res->monthly[m - 1].lease_buyout;
    xw_ow_times_flag(w, row, w->L->k_ebuy, 0, w->L->f_lend, v);
    xw_ow_total(w, row, XW_COL_M0, w->res->lease_buyout, XS_CALC);
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

/* The month's costs: the cost lines, with a loan's or a lease's. */
static void opcost_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    double opsum = 0, v;
    xw_ow_label(w, row,
                L->loan    ? xw_label(c, "option.opcost.loan", "Operating cost and loan payments")
                : L->lease ? xw_label(c, "option.opcost.lease", "Operating cost and lease payments")
                           : xw_label(c, "option.opcost", "Operating cost"),
                w->cur, XS_TOTAL);
    /* Month 0's: a lease's first payment; with carbon_in_total, the carbon
     * cost row above the cash flow, month 0's too (MODEL.md, The carbon cost
     * in the total). */
    const int co2 = c->s->carbon_in_total && L->co2.r_cost != XW_NONE;
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        v = m == 0 ? (L->lease ? w->res->lease_payment : 0) + w->res->carbon_cost0
                   : w->res->monthly[m - 1].cost;
        opsum += v;
        xw_formula(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, L->r_line[0], col, 0, 0).s,
                   xw_ref(NULL, L->r_last_line, col, 0, 0).s);
        if (co2)
            xw_formula(c, f, sizeof f, "=SUM(%s:%s)+%s", xw_ref(NULL, L->r_line[0], col, 0, 0).s,
                       xw_ref(NULL, L->r_last_line, col, 0, 0).s,
                       xw_ref(NULL, L->co2.r_cost, col, 0, 0).s);
        xw_ow_fig(w, row, col, f, v, w->money_t);
    }
    xw_ow_total(w, row, XW_COL_M0, opsum, XS_TOTAL);
}

/* What is paid in the month before the residual, in t (the month in column
 * col): the capex, less what a loan lends or a lease leaves unpaid, and the
 * month's costs. */
static const char *paid(const xw_optw *w, char *t, size_t ts, int col)
{
    const xw_optsheet *L = w->L;
    xw_refbuf capex = xw_ow_at(L->r_capex, col), cost = xw_ow_at(L->r_opcost, col);
    if (L->r_lent == XW_NONE)
        return xw_formula(w->c, t, ts, "%s+%s", capex.s, cost.s);
    return xw_formula(w->c, t, ts, "%s+%s+%s", capex.s, xw_ow_at(L->r_lent, col).s, cost.s);
}

/* The cumulative cost, before the residual: the month before's and this
 * month's payments (column C, left of month 0, is empty). */
static void cum_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], t[XW_FBUF / 2];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s+%s", xw_ref(NULL, row, col - 1, 0, 0).s,
                             paid(w, t, sizeof t, col)),
                  m == 0 ? xw_paid0(c, w->i) : w->res->monthly[m - 1].cumulative, w->money);
    }
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

/* The residual value, received at month H: a receipt, so negative. */
static void resid_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char t[XW_TBUF];
    double v[TCO_MAX_HORIZON + 1] = {0};
    v[w->H] = -w->res->residual;
    xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}", "month",
              xw_int(w->H).s, NULL);
    xw_ow_label(w, row, t, w->cur, XS_TEXT);
    xw_ow_times_flag(w, row, w->L->k_residual, 1, w->L->f_end, v);
    xw_ow_total(w, row, XW_COL_M0, -w->res->residual, XS_CALC);
}

/* The net cost: what is paid at month 0, the months' costs, less the residual. */
static void net_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_label(w, row,
                L->loan ? xw_label(c, "option.net.loan",
                                   "Net cost (capex - loan + operating cost and loan payments + "
                                   "residual)")
                : L->lease
                    ? xw_label(c, "option.net.lease",
                               "Net cost (lease payments + operating cost + residual)")
                    : xw_label(c, "option.net", "Net cost (capex + operating cost + residual)"),
                w->cur, XS_TOTAL);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        char t[XW_FBUF / 2];
        paid(w, t, sizeof t, col);
        if (L->r_resid != XW_NONE)
            xw_formula(c, f, sizeof f, "=%s+%s", t, xw_ref(NULL, L->r_resid, col, 0, 0).s);
        else
            xw_formula(c, f, sizeof f, "=%s", t);
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
    for (int m = 0; m <= w->H; m++) {
        xw_ow_depreciation(w, f, sizeof f, XW_COL_M0 + m, w->o->depreciation, w->L->k_life,
                           w->L->k_salvage);
        xw_ow_fig(w, row, XW_COL_M0 + m, f, m == 0 ? 0 : w->res->monthly[m - 1].depreciation,
                  w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, w->res->depreciation, XS_CALC);
}

/* The book value at each month's end: a lease's hardware enters the books
 * when it is bought out. */
static void bv_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    /* The month before's (column C, left of month 0, is empty), plus what
     * enters the books (the capex, or a lease's buyout), less depreciation. */
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_formula(c, f, sizeof f, "=%s+%s-%s", xw_ref(NULL, row, col - 1, 0, 0).s,
                   xw_ref(NULL, L->lease ? L->r_ebuy : L->r_capex, col, 0, 0).s,
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

/* Whether option i has cost no more to date than the baseline at month m. */
static int cheaper_to_date(const xw_ctx *c, size_t i, int m)
{
    const tco_option_result *r = &c->r->options[i], *rb = &c->r->options[c->r->baseline];
    if (m == 0)
        return xw_paid0(c, i) <= xw_paid0(c, (size_t)c->r->baseline);
    return r->monthly[m - 1].cumulative <= rb->monthly[m - 1].cumulative;
}

/* 1 in a month when this option has cost no more to date than the baseline. */
static void flag_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=IF(%s<=%s,1,0)",
                             xw_ref(NULL, w->L->r_cum, col, 0, 0).s,
                             xw_ref(NULL, w->L->r_bcum, col, 0, 0).s),
                  cheaper_to_date(c, w->i, m), xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* 1 from the first month after which no month is dearer: the least flag
 * from this month to the last; the run of 1s that ends at H starts at the
 * break-even month. */
static void stay_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    int stays = 1;
    double v[TCO_MAX_HORIZON + 1];
    for (int m = w->H; m >= 0; m--)
        v[m] = stays = stays && cheaper_to_date(c, w->i, m);
    xw_refbuf end = xw_ref(NULL, w->L->r_flag, w->last, 1, 1);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=MIN(%s:%s)", xw_ow_at(w->L->r_flag, col).s, end.s),
                  v[m], xw_fmt(c, XS_CALC, XN_INT));
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
    [OU_TOKENS_MONTH] = {XW_KEY("unit.tokens_a_month"), "tokens a month"},
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
    case OU_MONEY_PER_M_TOKENS:
        return xw_labelf(w->c, buf, size, "unit.money_per_million_tokens",
                         "{currency} per million tokens", "currency", w->cur, NULL);
    default:
        return xw_label(w->c, unit_labels[u].key, unit_labels[u].english);
    }
}

/* The links, between the timing flags and the drivers. */
static const xw_ow_row link_rows[] = {
    OW_HEADING(s_links, 0, links_rows),
};

static const xw_ow_row option_rows[] = {
    OW_HEADING(s_cash, 0, cash_heading),
    OW_ROW(r_price, OW_BUY, XW_KEY("option.price"), "Electricity price, escalated yearly",
           OU_MONEY_PER_KWH, price_row),
    OW_ROW(r_factor, OW_FACTOR, XW_KEY("option.factor"),
           "Rental price factor after the yearly decline", OU_FACTOR, factor_row),
    OW_OWN(r_capex, 0, capex_row),
    OW_OWN(r_lent, OW_FINANCED, lent_row),
    OW_ROW(r_lopen, OW_LOAN, XW_KEY("option.lopen"), "Loan balance, start of month", OU_CURRENCY,
           loan_open_row),
    {OW_AT(r_line), 0, 0, TCO_LINES, NULL, NULL, OU_NONE, XS_TEXT, line_row},
    OW_ROW(r_lint, OW_LOAN, XW_KEY("option.line.loan_interest"), "Loan interest", OU_CURRENCY,
           loan_interest_row),
    OW_ROW(r_lprin, OW_LOAN, XW_KEY("option.line.loan_principal"), "Loan principal", OU_CURRENCY,
           loan_principal_row),
    OW_OWN(r_lbal, OW_LOAN, loan_balance_row),
    OW_ROW(r_lclose, OW_LOAN, XW_KEY("option.lclose"), "Loan balance, end of month", OU_CURRENCY,
           loan_close_row),
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
    OW_OWN(r_commit_pv, OW_COMMIT, commit_pv_row),
    OW_TOTAL(r_pv, 0, XW_KEY("option.pv"), "Present value", pv_row),
    /* The book view. */
    OW_HEADING(s_book, OW_BUY, book_heading),
    OW_ROW(r_dep, OW_BUY, XW_KEY("option.dep"), "Depreciation", OU_CURRENCY, dep_row),
    OW_ROW(r_bv, OW_BUY, XW_KEY("option.bv"), "Book value, end of month", OU_CURRENCY, bv_row),
    /* The tax view (MODEL.md, Taxes; optax.c). */
    OW_HEADING(tx.s_tax, OW_TAX, xw_tax_heading),
    OW_ROW(tx.r_tyear, OW_TAXYEAR, XW_KEY("option.tyear"),
           "Year of the tax recovery (1 = the tax year placed in service)", OU_NONE,
           xw_tax_year_row),
    OW_ROW(tx.r_tymonths, OW_TAXYEAR, XW_KEY("option.tymonths"),
           "Months of the tax year in the horizon", OU_NONE, xw_tax_year_months_row),
    OW_ROW(tx.r_tdep, OW_BUY | OW_TAX, XW_KEY("option.tdep"), "Tax depreciation", OU_CURRENCY,
           xw_tax_depreciation_row),
    OW_OWN(tx.k_tbv, OW_BUY | OW_TAX, xw_tax_book_value_row),
    OW_ROW(tx.k_tsale, OW_BUY | OW_TAX, XW_KEY("option.tsale"),
           "Tax on the sale: rate x (residual - tax book value)", OU_CURRENCY, xw_tax_sale_row),
    OW_ROW(tx.r_ded, OW_TAX, XW_KEY("option.ded"), "Deductible: costs, interest, tax depreciation",
           OU_CURRENCY, xw_tax_deductible_row),
    OW_ROW(tx.k_ctax, OW_COMMIT | OW_TAX, XW_KEY("option.ctax"),
           "Tax on what is owed after the horizon", OU_CURRENCY, xw_tax_commitment_row),
    OW_TOTAL(r_tax, OW_TAX, XW_KEY("option.taxrow"),
             "Tax: -rate x deductible, and the tax on the sale", xw_tax_row),
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

/* The sheet's tables, top to bottom: the timing flags, the drivers
 * (optdriver.c), the cash flow and the views, the results (optdriver.c). */
static const struct {
    const xw_ow_row *rows;
    const size_t *n;
} tables[] = {
    {xw_timing_rows, &xw_n_timing_rows},
    {link_rows, &(const size_t){1}},
    {xw_driver_rows, &xw_n_driver_rows},
    {xw_carbon_rows_in, &xw_n_carbon_rows_in},
    {option_rows, &(const size_t){sizeof option_rows / sizeof option_rows[0]}},
    {xw_result_rows, &xw_n_result_rows},
    {xw_leasebuy_rows, &xw_n_leasebuy_rows},
    {xw_stmt_rows, &xw_n_stmt_rows},
    {xw_carbon_rows, &xw_n_carbon_rows},
    {xw_api_rows, &xw_n_api_rows},
};

/* Row k of the sheet's tables, or NULL past the last. */
static const xw_ow_row *row_at(size_t k)
{
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        if (k < *tables[t].n)
            return &tables[t].rows[k];
        k -= *tables[t].n;
    }
    return NULL;
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
    has |= L->term ? OW_TERM : 0;
    has |= L->term && o->after_term == TCO_AFTER_RENEW ? OW_RENEW : 0;
    has |= s->tax ? OW_TAX : 0;
    has |= L->has_base ? OW_BASE : 0;
    has |= L->buy && !macrs ? OW_SALVAGE : 0;
    has |= L->buy && s->tax && !tax_macrs ? OW_TAX_SALVAGE : 0;
    const tco_option_result *r = &c->r->options[i];
    has |= L->lease && r->compare_to >= 0 && !isnan(r->implied_rate) ? OW_TWIN : 0;
    has |= L->lease && r->compare_to >= 0 && !isnan(r->nal) ? OW_NAL : 0;
    has |= L->buy && !L->lease && s->tax && tax_macrs ? OW_TAXYEAR : 0;
    int op = o->lease_accounting == TCO_LEASE_ASC842_OPERATING;
    has |= L->lease && !op ? OW_ONBOOKS : 0;
    has |= L->lease && op ? OW_OPLEASE : 0;
    has |= L->buy && (!L->lease || o->lease_end == TCO_LEASE_BUYOUT) ? OW_OWNS : 0;
    has |= L->buy && (!L->lease || op) ? OW_BOOK : 0;
    const int carbon = tco_scenario_carbon(s);
    has |= carbon ? OW_CARBON : 0;
    has |= carbon && !L->buy ? OW_CARBON_RENT : 0;
    has |= carbon && s->carbon_price > 0 ? OW_CARBON_PRICE : 0;
    has |= s->carbon_in_total ? OW_CARBON_IN : OW_CARBON_BESIDE;
    has |= o->acquire == TCO_API ? OW_API : 0; /* MODEL.md, API options */
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
    const xw_ow_row *e;
    for (int k = 0; k < TCO_O_COUNT; k++)
        L->k_link[k] = XW_NONE;
    /* A row may be listed twice (the carbon rows: above the cash flow or after
     * the results); the entry the option has places it. */
    for (size_t k = 0; (e = row_at(k)) != NULL; k++)
        for (int j = 0; j < e->n; j++)
            rows_of(L, e)[j] = XW_NONE;
    for (size_t k = 0; (e = row_at(k)) != NULL; k++) {
        int *at = rows_of(L, e), here = (e->when & has) == e->when;
        r += here && e->gap;
        for (int j = 0; j < e->n && here; j++)
            at[j] = r++;
        if (e->at == OW_AT(s_links)) /* the links, each on its row */
            for (int key = 0; key < TCO_O_COUNT; key++)
                if (xw_linked_key(c, i, (tco_okey)key))
                    L->k_link[key] = r++;
    }
    /* The terms the flags link in their column C. */
    L->k_link[TCO_O_LOAN_MONTHS] = L->f_loan;
    L->k_link[TCO_O_LEASE_MONTHS] = L->f_lease;
    L->k_link[TCO_O_TERM_MONTHS] = L->f_term;
    if (L->k_life != XW_NONE && o->depreciation != TCO_DEP_MACRS5 &&
        o->depreciation != TCO_DEP_MACRS7)
        L->k_link[TCO_O_DEPRECIATION_YEARS] = L->k_life;
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
                 .last = XW_COL_M0 + H,
                 .link = c->os[i].k_link};
    tci_utf8_format(w.cur, sizeof w.cur, "%s", c->currency);
    w.money = xw_fmt(c, XS_CALC, XN_MONEY);
    w.money_t = xw_fmt(c, XS_TOTAL, XN_MONEY);
    option_columns(&w);
    option_title(&w);
    const xw_ow_row *e;
    const unsigned has = option_has(c, i);
    for (size_t k = 0; (e = row_at(k)) != NULL; k++) {
        const int *at = rows_of(&c->os[i], e);
        if ((e->when & has) != e->when)
            continue; /* the other entry of a row listed twice, or a row it has not */
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
