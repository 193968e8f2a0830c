/* option.c - one option's monthly cash-flow sheet. Each row is one formula
 * copied across the timeline; constants live on Inputs, and the rows are those
 * plan.c fixed before any sheet was written. */
#include "write/xlsx/sheets.h"
#include "core/core.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ===== Cells of an option sheet ===== */

/* One option's sheet, as its parts are written. */
typedef struct optw {
    xw_ctx *c;
    size_t i; /* the option */
    const tco_option *o;
    const tco_option_result *res;
    const xw_optsheet *L;
    lxw_worksheet *ws;
    int H, last;                 /* months; the column of the last */
    char cur[64];                /* the currency, as a unit */
    lxw_format *money, *money_t; /* money in a row, and in a total row */
} optw;

/* A row's label in column A (bold for a total) and its unit in column B. */
static void label_row(const optw *w, int row, const char *label, const char *unit, xw_style st)
{
    xw_text(w->c, w->ws, row, XW_COL_LABEL, label,
            xw_fmt(w->c, st == XS_TOTAL ? XS_TOTAL : XS_TEXT, XN_NONE));
    if (unit && *unit)
        xw_text(w->c, w->ws, row, XW_COL_UNIT, unit, xw_fmt(w->c, XS_KEY, XN_NONE));
}

/* Same-sheet references: $C$n for a driver, E$n for a timeline cell. */
static xw_refbuf drv(int row)
{
    return xw_ref(NULL, row, XW_COL_VAL, 1, 1);
}

/* (See drv.) */
static xw_refbuf at(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 0);
}

/* The option's input `key` on Inputs. */
static xw_refbuf in(const optw *w, tco_okey key)
{
    return xw_in(w->c, w->i, key);
}

/* A formula in (row, col) with its cached value. */
static void fig(const optw *w, int row, int col, const char *formula, double v, lxw_format *f)
{
    xw_fnum(w->c, w->ws, row, col, formula, v, f);
}

/* A driver: label, unit and a formula in column C with its cached value. */
static void driver(const optw *w, int row, const char *label, const char *unit, const char *formula,
                   double v, xw_numfmt nf)
{
    label_row(w, row, label, unit, XS_TEXT);
    fig(w, row, XW_COL_VAL, formula, v, xw_fmt(w->c, XS_CALC, nf));
}

/* =SUM over a row from column `first` to the last month, in column C, cached v. */
static void row_total(const optw *w, int row, int first, double v, xw_style st)
{
    char f[XW_FBUF];
    fig(w, row, XW_COL_VAL,
        xw_f(w->c, f, sizeof f, "=SUM(%s)", xw_range(NULL, row, first, row, w->last).s), v,
        xw_fmt(w->c, st, XN_MONEY));
}

/* The formula of a month's depreciation (the month in column col), in f. */
static void write_depreciation(const optw *w, char *f, size_t fs, int col)
{
    xw_ctx *c = w->c;
    const tco_option *o = w->o;
    const xw_optsheet *L = w->L;
    xw_refbuf yr = at(L->r_year, col), base = drv(L->lease ? L->k_ebuy : L->k_capex);
    char ybuf[XW_FBUF / 4], body[XW_FBUF];
    const char *y = yr.s, *b = base.s;
    if (L->lease) {
        /* A lease's hardware is owned from the month after its end (bought
         * out), its years counted from then. */
        tci_utf8_format(ybuf, sizeof ybuf, "(INT((%s-%s-1)/12)+1)", at(L->r_month, col).s,
                        in(w, TCO_O_LEASE_MONTHS).s);
        y = ybuf;
    }
    switch (o->depreciation) {
    case TCO_DEP_STRAIGHT_LINE:
        xw_f(c, body, sizeof body, "IF(%s>%s,0,SLN(%s,%s,%s)/12)", y, drv(L->k_life).s, b,
             drv(L->k_salvage).s, drv(L->k_life).s);
        break;
    case TCO_DEP_DOUBLE_DECLINING:
        xw_f(c, body, sizeof body, "IF(%s>%s,0,VDB(%s,%s,%s,%s-1,%s)/12)", y, drv(L->k_life).s, b,
             drv(L->k_salvage).s, drv(L->k_life).s, y, y);
        break;
    case TCO_DEP_SUM_OF_YEARS:
        xw_f(c, body, sizeof body, "IF(%s>%s,0,SYD(%s,%s,%s,%s)/12)", y, drv(L->k_life).s, b,
             drv(L->k_salvage).s, drv(L->k_life).s, y);
        break;
    case TCO_DEP_MACRS5:
    case TCO_DEP_MACRS7:
    default: {
        int mc = o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_f(c, body, sizeof body, "IF(%s>%s,0,%s*INDEX(%s,%s)/12)", y, drv(L->k_life).s, b,
             xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s, y);
        break;
    }
    }
    if (L->lease)
        xw_f(c, f, fs, "=IF(%s<=%s,0,%s)", at(L->r_month, col).s, in(w, TCO_O_LEASE_MONTHS).s,
             body);
    else
        xw_f(c, f, fs, "=%s", body);
}

/* ===== The sheet ===== */

/* Column widths: labels, unit, total, then one per month. */
static void option_columns(const optw *w)
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
static void option_title(const optw *w)
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
static void option_timeline(const optw *w)
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
        fig(w, L->r_month, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=%s+1", xw_ref(NULL, L->r_month, XW_COL_M0 + m - 1, 0, 0).s), m,
            headnum);
    xw_text(c, w->ws, L->r_year, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(w->ws, (lxw_row_t)L->r_year, XW_COL_UNIT, head);
    worksheet_write_blank(w->ws, (lxw_row_t)L->r_year, XW_COL_VAL, head);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf mo = at(L->r_month, col);
        fig(w, L->r_year, col, xw_f(c, f, sizeof f, "=IF(%s=0,0,INT((%s-1)/12)+1)", mo.s, mo.s),
            m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(w->ws, (lxw_row_t)(L->r_year + 1), (lxw_col_t)XW_COL_M0);
    xw_write_fy_row(c, w->i);
    xw_labelf(c, t, sizeof t, "option.cash", "Monthly cash flow ({currency})", "currency", w->cur,
              NULL);
    xw_text(c, w->ws, L->s_cash, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
}

/* Escalation (buy) or decline (rent on demand) of the prices, in annual steps. */
static void option_factors(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    if (L->r_price != XW_NONE) {
        xw_labelf(c, t, sizeof t, "unit.money_per_kwh", "{currency} per kWh", "currency", w->cur,
                  NULL);
        label_row(w, L->r_price, xw_label(c, "option.price", "Electricity price, escalated yearly"),
                  t, XS_TEXT);
        for (int m = 1; m <= w->H; m++)
            fig(w, L->r_price, XW_COL_M0 + m,
                xw_f(c, f, sizeof f, "=ElectricityPrice*(1+ElectricityEscalation)^(%s-1)",
                     at(L->r_year, XW_COL_M0 + m).s),
                c->s->electricity_price * xw_price_factor(c->s->electricity_escalation, m),
                xw_fmt(c, XS_CALC, XN_MONEY4));
    }
    if (L->r_factor != XW_NONE) {
        label_row(w, L->r_factor,
                  xw_label(c, "option.factor", "Rental price factor after the yearly decline"),
                  xw_label(c, "unit.factor", "factor"), XS_TEXT);
        for (int m = 1; m <= w->H; m++)
            fig(w, L->r_factor, XW_COL_M0 + m,
                xw_f(c, f, sizeof f, "=(1-%s)^(%s-1)", in(w, TCO_O_PRICE_DECLINE).s,
                     at(L->r_year, XW_COL_M0 + m).s),
                xw_price_factor(-w->o->price_decline, m), xw_fmt(c, XS_CALC, XN_DEC6));
    }
}

/* Capex (or the upfront payment) at month 0. */
static void option_capex(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    label_row(w, L->r_capex,
              L->buy ? xw_label(c, "option.capex", "Capex")
                     : xw_label(c, "option.upfront", "Upfront payment"),
              w->cur, XS_TEXT);
    fig(w, L->r_capex, XW_COL_M0, xw_f(c, f, sizeof f, "=%s", drv(L->k_capex).s), w->res->capex,
        w->money);
    row_total(w, L->r_capex, XW_COL_M0, w->res->capex, XS_CALC);
    if (L->r_lent != XW_NONE && L->lease) {
        /* A lease pays none of the capex. */
        label_row(w, L->r_lent, xw_label(c, "option.unpaid", "Less: not paid, leased"), w->cur,
                  XS_TEXT);
        fig(w, L->r_lent, XW_COL_M0, xw_f(c, f, sizeof f, "=-%s", drv(L->k_capex).s),
            -w->res->capex, w->money);
        row_total(w, L->r_lent, XW_COL_M0, -w->res->capex, XS_CALC);
    } else if (L->r_lent != XW_NONE) {
        /* The loan pays that much of the capex: money received at month 0. */
        label_row(w, L->r_lent,
                  xw_label(c, "option.lent", "Less: lent by the loan, received at month 0"), w->cur,
                  XS_TEXT);
        fig(w, L->r_lent, XW_COL_M0, xw_f(c, f, sizeof f, "=-%s", drv(L->k_loan).s),
            -w->res->loan_amount, w->money);
        row_total(w, L->r_lent, XW_COL_M0, -w->res->loan_amount, XS_CALC);
    }
}

/* A loan's lines: each month's interest and principal of the level payment
 * while the loan runs (IPMT and PPMT, payments at the end of the month), and
 * at month H the balance still owed when the loan runs longer. */
static void option_loan(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    if (L->r_lint == XW_NONE)
        return;
    char f[XW_FBUF], t[XW_TBUF];
    xw_refbuf n = in(w, TCO_O_LOAN_MONTHS), rate = drv(L->k_lrate), amount = drv(L->k_loan);
    const int rows[2] = {L->r_lint, L->r_lprin};
    const char *fn[2] = {"IPMT", "PPMT"};
    label_row(w, L->r_lint, xw_label(c, "option.line.loan_interest", "Loan interest"), w->cur,
              XS_TEXT);
    /* Rows are written top to bottom: the interest row, then the principal. */
    for (int k = 0; k < 2; k++) {
        if (k == 1)
            label_row(w, L->r_lprin, xw_label(c, "option.line.loan_principal", "Loan principal"),
                      w->cur, XS_TEXT);
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            const tco_month *mo = &w->res->monthly[m - 1];
            xw_refbuf mon = at(L->r_month, col);
            fig(w, rows[k], col,
                xw_f(c, f, sizeof f, "=IF(%s<=%s,-%s(%s,%s,%s,%s,0,0),0)", mon.s, n.s, fn[k],
                     rate.s, mon.s, n.s, amount.s),
                k == 0 ? mo->loan_interest : mo->loan_principal, w->money);
        }
        row_total(w, rows[k], XW_COL_M0 + 1,
                  k == 0 ? w->res->loan_interest : w->res->loan_principal, XS_CALC);
    }
    xw_labelf(c, t, sizeof t, "option.line.loan_balance",
              "Loan balance still owed, paid at month {month}", "month", xw_int(w->H).s, NULL);
    label_row(w, L->r_lbal, t, w->cur, XS_TEXT);
    fig(w, L->r_lbal, w->last,
        xw_f(c, f, sizeof f, "=IF(%s>HorizonMonths,%s-SUM(%s),0)", n.s, amount.s,
             xw_range(NULL, L->r_lprin, XW_COL_M0 + 1, L->r_lprin, w->last).s),
        w->res->loan_balance_at_horizon, w->money);
    row_total(w, L->r_lbal, XW_COL_M0, w->res->loan_balance_at_horizon, XS_CALC);
}

/* A lease's lines: the payment, in advance (month 0, then at the end of each
 * month for the next, while both the lease and the horizon run on), and the
 * buyout at the lease's end. */
static void option_lease(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    if (L->r_epay == XW_NONE)
        return;
    char f[XW_FBUF];
    xw_refbuf n = in(w, TCO_O_LEASE_MONTHS), pmt = drv(L->k_epmt), buy = drv(L->k_ebuy);
    label_row(
        w, L->r_epay,
        xw_label(c, "option.line.lease_payment", "Lease payment, in advance for the next month"),
        w->cur, XS_TEXT);
    fig(w, L->r_epay, XW_COL_M0, xw_f(c, f, sizeof f, "=%s", pmt.s), w->res->lease_payment,
        w->money);
    for (int m = 1; m <= w->H; m++) {
        xw_refbuf mon = at(L->r_month, XW_COL_M0 + m);
        fig(w, L->r_epay, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=IF(%s<=MIN(%s,HorizonMonths)-1,%s,0)", mon.s, n.s, pmt.s),
            w->res->monthly[m - 1].lease_payment, w->money);
    }
    row_total(w, L->r_epay, XW_COL_M0, w->res->lease_payments, XS_CALC);
    label_row(w, L->r_ebuy, xw_label(c, "option.line.lease_buyout", "Lease buyout, at its end"),
              w->cur, XS_TEXT);
    for (int m = 1; m <= w->H; m++) {
        xw_refbuf mon = at(L->r_month, XW_COL_M0 + m);
        fig(w, L->r_ebuy, XW_COL_M0 + m, xw_f(c, f, sizeof f, "=IF(%s=%s,%s,0)", mon.s, n.s, buy.s),
            w->res->monthly[m - 1].lease_buyout, w->money);
    }
    row_total(w, L->r_ebuy, XW_COL_M0 + 1, w->res->lease_buyout, XS_CALC);
}

/* The formula of a rent option's rental in the month of column col, in f. A
 * reserved option with a term pays its rate to the end of the term, then a
 * renewal (the upfront again in the first month of each) or the on-demand
 * rate. */
static void rental_formula(const optw *w, char *f, size_t fs, int col)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    xw_refbuf n = in(w, TCO_O_COUNT_GPUS), p = in(w, TCO_O_PRICE_PER_GPU_HOUR),
              st = in(w, TCO_O_STORAGE_PER_MONTH), mo = at(L->r_month, col);
    if (w->o->pricing == TCO_ON_DEMAND) {
        xw_f(c, f, fs, "=%s*HoursPerMonth*%s*%s*%s+%s", n.s, drv(L->k_util).s, p.s,
             at(L->r_factor, col).s, st.s);
    } else if (!L->term) {
        xw_f(c, f, fs, "=%s*HoursPerMonth*%s+%s", n.s, p.s, st.s);
    } else if (w->o->after_term == TCO_AFTER_ON_DEMAND) {
        xw_refbuf term = in(w, TCO_O_TERM_MONTHS);
        xw_f(c, f, fs, "=IF(%s<=%s,%s*HoursPerMonth*%s,%s*HoursPerMonth*%s*%s*%s)+%s", mo.s, term.s,
             n.s, p.s, n.s, drv(L->k_util).s, in(w, TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR).s,
             at(L->r_factor, col).s, st.s);
    } else {
        xw_refbuf term = in(w, TCO_O_TERM_MONTHS);
        xw_f(c, f, fs, "=%s*HoursPerMonth*%s+%s+IF(AND(%s>%s,MOD(%s-1,%s)=0),%s,0)", n.s, p.s, st.s,
             mo.s, term.s, mo.s, term.s, in(w, TCO_O_UPFRONT).s);
    }
}

/* The six cost lines of MODEL.md; a line that does not apply stays empty. */
static void option_lines(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    const char *names[XL_LINES] = {xw_label(c, "option.line.power", "Power (IT load)"),
                                   xw_label(c, "option.line.cooling", "Cooling (PUE overhead)"),
                                   xw_label(c, "option.line.facility", "Facility (colocation)"),
                                   xw_label(c, "option.line.maintenance", "Maintenance"),
                                   xw_label(c, "option.line.staff", "Staff"),
                                   xw_label(c, "option.line.rental", "Rental")};
    double totals[XL_LINES] = {w->res->power,       w->res->cooling, w->res->facility,
                               w->res->maintenance, w->res->staff,   w->res->rental};
    for (int k = 0; k < XL_LINES; k++) {
        int row = L->r_line[k], applies = L->buy ? k != XL_RENTAL : k == XL_RENTAL;
        if (applies)
            tci_utf8_format(t, sizeof t, "%s", names[k]);
        else if (L->buy)
            xw_labelf(c, t, sizeof t, "option.line.owned", "{line}: none, the hardware is owned",
                      "line", names[k], NULL);
        else
            xw_labelf(c, t, sizeof t, "option.line.rented", "{line}: included in the rental price",
                      "line", names[k], NULL);
        label_row(w, row, t, w->cur, XS_TEXT);
        row_total(w, row, XW_COL_M0 + 1, totals[k], XS_CALC);
        if (!applies)
            continue;
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            const tco_month *mo = &w->res->monthly[m - 1];
            double v = 0;
            switch (k) {
            case XL_POWER:
                xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s", drv(L->k_it_kw).s,
                     at(L->r_price, col).s);
                v = mo->power;
                break;
            case XL_COOLING:
                xw_f(c, f, sizeof f, "=%s*HoursPerMonth*(PUE-1)*%s", drv(L->k_it_kw).s,
                     at(L->r_price, col).s);
                v = mo->cooling;
                break;
            case XL_FACILITY:
                xw_f(c, f, sizeof f, "=%s*ColoPerKwMonth", drv(L->k_prov_kw).s);
                v = mo->facility;
                break;
            case XL_MAINTENANCE:
                xw_f(c, f, sizeof f, "=%s*%s/12", drv(L->k_capex).s,
                     in(w, TCO_O_MAINTENANCE_RATE).s);
                v = mo->maintenance;
                break;
            case XL_STAFF:
                xw_f(c, f, sizeof f, "=%s", in(w, TCO_O_STAFF_PER_MONTH).s);
                v = mo->staff;
                break;
            default:
                rental_formula(w, f, sizeof f, col);
                v = mo->rental;
                break;
            }
            fig(w, row, col, f, v, w->money);
        }
    }
}

/* The number of committed months past the horizon as a formula, in buf: to
 * the end of the term that runs at month H, the last renewal's when it renews. */
static const char *committed_months(const optw *w, char *buf, size_t size)
{
    xw_refbuf term = in(w, TCO_O_TERM_MONTHS);
    if (w->o->after_term == TCO_AFTER_RENEW)
        tci_utf8_format(buf, size, "(-INT(-HorizonMonths/%s)*%s-HorizonMonths)", term.s, term.s);
    else
        tci_utf8_format(buf, size, "MAX(%s-HorizonMonths,0)", term.s);
    return buf;
}

/* The total of a row in column C: =SUM over months 0..H, plus the value of
 * row `plus` (a commitment past the horizon) when it exists; cached v. */
static void sum_plus(const optw *w, int row, int plus, double v)
{
    char f[XW_FBUF];
    if (plus == XW_NONE) {
        row_total(w, row, XW_COL_M0, v, XS_TOTAL);
        return;
    }
    fig(w, row, XW_COL_VAL,
        xw_f(w->c, f, sizeof f, "=SUM(%s)+%s", xw_range(NULL, row, XW_COL_M0, row, w->last).s,
             drv(plus).s),
        v, xw_fmt(w->c, XS_TOTAL, XN_MONEY));
}

/* The cash paid at month 0, in f: the capex, less what a loan lends; for a
 * lease, none of the capex but the first payment. */
static const char *month0(const optw *w, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    if (L->lease)
        return xw_f(w->c, f, fs, "=%s+%s+%s", at(L->r_capex, XW_COL_M0).s,
                    at(L->r_lent, XW_COL_M0).s, at(L->r_epay, XW_COL_M0).s);
    if (L->r_lent == XW_NONE)
        return xw_f(w->c, f, fs, "=%s", at(L->r_capex, XW_COL_M0).s);
    return xw_f(w->c, f, fs, "=%s+%s", at(L->r_capex, XW_COL_M0).s, at(L->r_lent, XW_COL_M0).s);
}

/* Operating cost, cumulative cost and the residual value. */
static void option_costs(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    double opsum = 0;
    label_row(w, L->r_opcost,
              L->loan    ? xw_label(c, "option.opcost.loan", "Operating cost and loan payments")
              : L->lease ? xw_label(c, "option.opcost.lease", "Operating cost and lease payments")
                         : xw_label(c, "option.opcost", "Operating cost"),
              w->cur, XS_TOTAL);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        opsum += w->res->monthly[m - 1].cost;
        fig(w, L->r_opcost, col,
            xw_f(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, L->r_line[0], col, 0, 0).s,
                 xw_ref(NULL, L->r_last_line, col, 0, 0).s),
            w->res->monthly[m - 1].cost, w->money_t);
    }
    row_total(w, L->r_opcost, XW_COL_M0 + 1, opsum, XS_TOTAL);

    label_row(w, L->r_cum, xw_label(c, "option.cum", "Cumulative cost, before residual"), w->cur,
              XS_TEXT);
    fig(w, L->r_cum, XW_COL_M0, month0(w, f, sizeof f), xw_paid0(c, w->i), w->money);
    for (int m = 1; m <= w->H; m++)
        fig(w, L->r_cum, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=%s+%s", xw_ref(NULL, L->r_cum, XW_COL_M0 + m - 1, 0, 0).s,
                 xw_ref(NULL, L->r_opcost, XW_COL_M0 + m, 0, 0).s),
            w->res->monthly[m - 1].cumulative, w->money);

    if (L->r_commit != XW_NONE && L->lease) {
        /* The lease's months past the horizon, at its payment. */
        xw_refbuf n = in(w, TCO_O_LEASE_MONTHS);
        label_row(w, L->r_commit,
                  xw_label(c, "option.commit.lease",
                           "Owed after the horizon (the lease's months past it)"),
                  w->cur, XS_TEXT);
        fig(w, L->r_commit, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=IF(%s>HorizonMonths,(%s-HorizonMonths)*%s,0)", n.s, n.s,
                 drv(L->k_epmt).s),
            w->res->commitment_after_horizon, w->money);
    } else if (L->r_commit != XW_NONE) {
        /* The term's months past the horizon, at the reserved rate: to the end
         * of the term running at month H (the last renewal's, when it renews). */
        char months[XW_FBUF / 4];
        label_row(
            w, L->r_commit,
            xw_label(c, "option.commit", "Committed after the horizon (the term's months past it)"),
            w->cur, XS_TEXT);
        fig(w, L->r_commit, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s*%s", in(w, TCO_O_COUNT_GPUS).s,
                 in(w, TCO_O_PRICE_PER_GPU_HOUR).s, committed_months(w, months, sizeof months)),
            w->res->commitment_after_horizon, w->money);
    }

    if (L->r_resid != XW_NONE) {
        xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}",
                  "month", xw_int(w->H).s, NULL);
        label_row(w, L->r_resid, t, w->cur, XS_TEXT);
        fig(w, L->r_resid, w->last, xw_f(c, f, sizeof f, "=%s", drv(L->k_residual).s),
            w->res->residual, w->money);
        row_total(w, L->r_resid, XW_COL_M0, w->res->residual, XS_CALC);
    }
}

/* Net cost, discount factors and present values. */
static void option_net(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    label_row(w, L->r_net,
              L->loan ? xw_label(c, "option.net.loan",
                                 "Net cost (capex - loan + operating cost and loan payments - "
                                 "residual)")
              : L->lease
                  ? xw_label(c, "option.net.lease",
                             "Net cost (lease payments + operating cost - residual)")
                  : xw_label(c, "option.net", "Net cost (capex + operating cost - residual)"),
              w->cur, XS_TOTAL);
    fig(w, L->r_net, XW_COL_M0, month0(w, f, sizeof f), xw_paid0(c, w->i), w->money_t);
    double df = 1, pv_cached[TCO_MAX_HORIZON + 1], net_cached[TCO_MAX_HORIZON + 1];
    net_cached[0] = xw_paid0(c, w->i);
    for (int m = 1; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        double net = w->res->monthly[m - 1].cost - (m == w->H && L->buy ? w->res->residual : 0);
        if (L->r_resid != XW_NONE)
            xw_f(c, f, sizeof f, "=%s-%s", xw_ref(NULL, L->r_opcost, col, 0, 0).s,
                 xw_ref(NULL, L->r_resid, col, 0, 0).s);
        else
            xw_f(c, f, sizeof f, "=%s", xw_ref(NULL, L->r_opcost, col, 0, 0).s);
        fig(w, L->r_net, col, f, net, w->money_t);
        net_cached[m] = net;
    }
    sum_plus(w, L->r_net, L->r_commit, w->res->total);

    label_row(w, L->r_df, xw_label(c, "option.df", "Discount factor"),
              xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        df = 1 / pow(1 + c->r->monthly_rate, m);
        fig(w, L->r_df, col,
            xw_f(c, f, sizeof f, "=1/(1+%s)^%s", drv(L->k_rm).s, at(L->r_month, col).s), df,
            xw_fmt(c, XS_CALC, XN_DEC6));
        pv_cached[m] = net_cached[m] * df;
    }
    label_row(w, L->r_pv, xw_label(c, "option.pv", "Present value"), w->cur, XS_TOTAL);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        fig(w, L->r_pv, col,
            xw_f(c, f, sizeof f, "=%s*%s", xw_ref(NULL, L->r_net, col, 0, 0).s,
                 xw_ref(NULL, L->r_df, col, 0, 0).s),
            pv_cached[m], w->money_t);
    }
    sum_plus(w, L->r_pv, L->r_commit_pv, w->res->npv);
    if (L->r_commit_pv != XW_NONE && L->lease) {
        /* Each payment past the horizon discounted at its start: the sum of
         * (1+r)^-t over t = H..n-1 is ((1+r)^-H - (1+r)^-n) (1+r) / r. */
        xw_refbuf cm = drv(L->r_commit), rm = drv(L->k_rm), n = in(w, TCO_O_LEASE_MONTHS);
        label_row(w, L->r_commit_pv,
                  xw_label(c, "option.commit_pv.lease",
                           "Present value of what is owed after the horizon"),
                  w->cur, XS_TEXT);
        fig(w, L->r_commit_pv, XW_COL_VAL,
            xw_f(c, f, sizeof f,
                 "=IF(%s>HorizonMonths,IF(%s=0,%s,%s*(1/(1+%s)^HorizonMonths-1/(1+%s)^%s)*(1+%s)/"
                 "%s),0)",
                 n.s, rm.s, cm.s, drv(L->k_epmt).s, rm.s, rm.s, n.s, rm.s, rm.s),
            w->res->commitment_npv, w->money);
    } else if (L->r_commit_pv != XW_NONE) {
        /* Each committed month discounted at its own month: the sum of
         * (1+r)^-m over months H+1..E is ((1+r)^-H - (1+r)^-E) / r. */
        xw_refbuf cm = drv(L->r_commit), rm = drv(L->k_rm);
        char months[XW_FBUF / 4];
        label_row(
            w, L->r_commit_pv,
            xw_label(c, "option.commit_pv", "Present value of the commitment after the horizon"),
            w->cur, XS_TEXT);
        fig(w, L->r_commit_pv, XW_COL_VAL,
            xw_f(c, f, sizeof f,
                 "=IF(%s=0,%s,%s*HoursPerMonth*%s*(1/(1+%s)^HorizonMonths-1/(1+%s)^(HorizonMonths+"
                 "%s))/%s)",
                 rm.s, cm.s, in(w, TCO_O_COUNT_GPUS).s, in(w, TCO_O_PRICE_PER_GPU_HOUR).s, rm.s,
                 rm.s, committed_months(w, months, sizeof months), rm.s),
            w->res->commitment_npv, w->money);
    }
}

/* Book view: depreciation and book value (not part of cost or NPV). */
static void option_book(const optw *w)
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
        label_row(w, L->r_dep, xw_label(c, "option.dep", "Depreciation"), w->cur, XS_TEXT);
        for (int m = 1; m <= w->H; m++) {
            write_depreciation(w, f, sizeof f, XW_COL_M0 + m);
            fig(w, L->r_dep, XW_COL_M0 + m, f, w->res->monthly[m - 1].depreciation, w->money);
        }
        row_total(w, L->r_dep, XW_COL_M0 + 1, w->res->depreciation, XS_CALC);
        label_row(w, L->r_bv, xw_label(c, "option.bv", "Book value, end of month"), w->cur,
                  XS_TEXT);
        /* A lease's hardware enters the books when it is bought out. */
        double bv = L->lease ? 0 : w->res->capex;
        fig(w, L->r_bv, XW_COL_M0, L->lease ? "=0" : xw_f(c, f, sizeof f, "=%s", drv(L->k_capex).s),
            bv, w->money);
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            bv += w->res->monthly[m - 1].lease_buyout - w->res->monthly[m - 1].depreciation;
            if (m == w->H)
                bv = w->res->book_value_end;
            if (L->lease)
                xw_f(c, f, sizeof f, "=%s+%s-%s", xw_ref(NULL, L->r_bv, col - 1, 0, 0).s,
                     xw_ref(NULL, L->r_ebuy, col, 0, 0).s, xw_ref(NULL, L->r_dep, col, 0, 0).s);
            else
                xw_f(c, f, sizeof f, "=%s-%s", xw_ref(NULL, L->r_bv, col - 1, 0, 0).s,
                     xw_ref(NULL, L->r_dep, col, 0, 0).s);
            fig(w, L->r_bv, col, f, bv, w->money);
        }
    }
}

/* A row of the cumulative sum of the incremental flow, each month's flow
 * times `df` (a discount factor row) when df is not XW_NONE, then the row
 * `neg` of the month after each month whose sum is below 0 (else 0): the
 * payback month is their largest, none when it exceeds H. */
static void flow_cum_rows(const optw *w, int cum, int neg, int df, const double *flow,
                          const char *cum_label, const char *neg_label)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    double run = 0, sums[TCO_MAX_HORIZON + 1];
    label_row(w, cum, cum_label, w->cur, XS_TEXT);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        double d = df == XW_NONE ? 1 : 1 / pow(1 + c->r->monthly_rate, m);
        run += flow[m] * d;
        sums[m] = run;
        xw_refbuf fl = xw_ref(NULL, L->r_flow, col, 0, 0);
        char term[XW_FBUF / 4];
        if (df == XW_NONE)
            tci_utf8_format(term, sizeof term, "%s", fl.s);
        else
            tci_utf8_format(term, sizeof term, "%s*%s", fl.s, xw_ref(NULL, df, col, 0, 0).s);
        if (m == 0)
            xw_f(c, f, sizeof f, "=%s", term);
        else
            xw_f(c, f, sizeof f, "=%s+%s", xw_ref(NULL, cum, col - 1, 0, 0).s, term);
        fig(w, cum, col, f, run, w->money);
    }
    label_row(w, neg, neg_label, xw_label(c, "unit.month", "month"), XS_TEXT);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        fig(w, neg, col,
            xw_f(c, f, sizeof f, "=IF(%s<0,%s+1,0)", xw_ref(NULL, cum, col, 0, 0).s,
                 at(L->r_month, col).s),
            sums[m] < 0 ? m + 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* Returns against the baseline (MODEL.md): the incremental flow, the baseline's
 * net cost less this option's, and its cumulative sums for the payback months. */
static void option_flow(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const xw_optsheet *B = &c->os[c->r->baseline];
    const tco_option_result *rb = &c->r->options[c->r->baseline];
    char f[XW_FBUF];
    double flow[TCO_MAX_HORIZON + 1];
    label_row(
        w, L->r_flow,
        xw_label(c, "option.flow", "Saved against the baseline (its net cost - this net cost)"),
        w->cur, XS_TOTAL);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        flow[m] = tci_net_cost(rb, m, w->H) - tci_net_cost(w->res, m, w->H);
        fig(w, L->r_flow, col,
            xw_f(c, f, sizeof f, "=%s-%s", xw_ref(B->quoted, B->r_net, col, 0, 0).s,
                 xw_ref(NULL, L->r_net, col, 0, 0).s),
            flow[m], w->money_t);
    }
    label_row(w, L->r_fsign,
              xw_label(c, "option.fsign", "Sign of the last saving other than 0 (for IRR)"),
              xw_label(c, "unit.flag", "flag"), XS_TEXT);
    double sign = 0;
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf fl = xw_ref(NULL, L->r_flow, col, 0, 0);
        sign = flow[m] > 0 ? 1 : flow[m] < 0 ? -1 : sign;
        if (m == 0)
            xw_f(c, f, sizeof f, "=SIGN(%s)", fl.s);
        else
            xw_f(c, f, sizeof f, "=IF(%s=0,%s,SIGN(%s))", fl.s,
                 xw_ref(NULL, L->r_fsign, col - 1, 0, 0).s, fl.s);
        fig(w, L->r_fsign, col, f, sign, xw_fmt(c, XS_CALC, XN_INT));
    }
    flow_cum_rows(w, L->r_fcum, L->r_fneg, XW_NONE, flow,
                  xw_label(c, "option.fcum", "Saved to date"),
                  xw_label(c, "option.fneg", "Not paid back: the month after (else 0)"));
    flow_cum_rows(
        w, L->r_fdcum, L->r_fdneg, L->r_df, flow,
        xw_label(c, "option.fdcum", "Saved to date, present value"),
        xw_label(c, "option.fdneg", "Not paid back in present value: the month after (else 0)"));
}

/* The IRR, the MIRR and the payback months of the incremental flow, in column
 * C: the spreadsheet's IRR and MIRR annualised, the word of the engine's
 * reason where the flow has no rate. */
static void option_returns(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const tco_option_result *r = w->res;
    char f[XW_FBUF];
    xw_refbuf flow = xw_range(NULL, L->r_flow, XW_COL_M0, L->r_flow, w->last);
    xw_refbuf rm = drv(L->k_rm);
    xw_word nosign = xw_irr_word(c, NULL);
    lxw_format *pct = xw_fmt(c, XS_CALC, XN_PCT), *mon = xw_fmt(c, XS_CALC, XN_INT);
    /* No sign change: neither IRR nor MIRR has a rate. */
    char same[XW_FBUF / 4];
    tci_utf8_format(same, sizeof same, "OR(MIN(%s)>=0,MAX(%s)<=0)", flow.s, flow.s);

    /* Where the IRR's iteration starts: tco's monthly rate, which it finds
     * without a guess (LibreOffice's IRR takes at most 10 steps from its guess
     * and may not reach a rate far below 0 from one further off); without one,
     * the MIRR's monthly rate. */
    label_row(w, L->k_irrg,
              xw_label(c, "option.irrg", "Where the IRR's iteration starts (tco's monthly rate)"),
              "%", XS_TEXT);
    if (isfinite(r->irr)) {
        xw_num(c, w->ws, L->k_irrg, XW_COL_VAL, pow(1 + r->irr, 1.0 / 12) - 1,
               xw_fmt(c, XS_FIXED, XN_PCT));
    } else {
        double g = isfinite(r->mirr) ? pow(1 + r->mirr, 1.0 / 12) - 1 : 0;
        fig(w, L->k_irrg, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=IF(%s,0,MIRR(%s,%s,%s))", same, flow.s, rm.s, rm.s), g, pct);
    }
    /* One sign change: exactly one rate, the spreadsheet's IRR. More: the
     * engine's answer decides between the IRR and the reason there is none. */
    xw_word na = xw_na_word(c);
    char irr[XW_FBUF / 2], changes[XW_FBUF / 2];
    tci_utf8_format(irr, sizeof irr, "IFERROR((1+IRR(%s,%s))^12-1,%s)", flow.s, drv(L->k_irrg).s,
                    na.lit);
    tci_utf8_format(changes, sizeof changes, "SUMPRODUCT((%s<>%s)*(%s<>0))",
                    xw_range(NULL, L->r_fsign, XW_COL_M0 + 1, L->r_fsign, w->last).s,
                    xw_range(NULL, L->r_fsign, XW_COL_M0, L->r_fsign, w->last - 1).s,
                    xw_range(NULL, L->r_fsign, XW_COL_M0, L->r_fsign, w->last - 1).s);
    label_row(w, L->k_irr, xw_label(c, "option.irr", "IRR of buying, annual: (1+IRR)^12-1"), "%",
              XS_TEXT);
    int several = !isfinite(r->irr) && r->irr_note && strcmp(r->irr_note, "no sign change") != 0;
    xw_f(c, f, sizeof f, "=IF(%s,%s,IF(%s=1,%s,%s))", same, nosign.lit, changes, irr,
         several ? xw_irr_word(c, r->irr_note).lit : irr);
    if (isfinite(r->irr))
        fig(w, L->k_irr, XW_COL_VAL, f, r->irr, pct);
    else
        xw_fstr(c, w->ws, L->k_irr, XW_COL_VAL, f, xw_irr_word(c, r->irr_note).text, pct);

    label_row(w, L->k_mirr,
              xw_label(c, "option.mirr",
                       "MIRR of buying, annual, financed and reinvested at the monthly rate"),
              "%", XS_TEXT);
    xw_f(c, f, sizeof f, "=IF(%s,%s,(1+MIRR(%s,%s,%s))^12-1)", same, nosign.lit, flow.s, rm.s,
         rm.s);
    if (isfinite(r->mirr))
        fig(w, L->k_mirr, XW_COL_VAL, f, r->mirr, pct);
    else
        xw_fstr(c, w->ws, L->k_mirr, XW_COL_VAL, f, nosign.text, pct);

    const int rows[2] = {L->k_pay, L->k_dpay}, negs[2] = {L->r_fneg, L->r_fdneg};
    const double vals[2] = {r->payback_month, r->discounted_payback_month};
    const char *keys[2] = {XW_KEY("option.payback"), XW_KEY("option.dpayback")};
    const char *english[2] = {"Payback month (the saving to date stays at or above 0)",
                              "Discounted payback month (likewise, in present value)"};
    xw_word never = xw_be_word(c, TCO_BE_NEVER);
    for (int k = 0; k < 2; k++) {
        xw_refbuf neg = xw_range(NULL, negs[k], XW_COL_M0, negs[k], w->last);
        label_row(w, rows[k], xw_label(c, keys[k], english[k]), xw_label(c, "unit.month", "month"),
                  XS_TEXT);
        xw_f(c, f, sizeof f, "=IF(MAX(%s)>%s,%s,MAX(%s))", neg.s, at(L->r_month, w->last).s,
             never.lit, neg.s);
        if (isfinite(vals[k]))
            fig(w, rows[k], XW_COL_VAL, f, vals[k], mon);
        else
            xw_fstr(c, w->ws, rows[k], XW_COL_VAL, f, never.text, mon);
    }
}

/* Against the baseline: its cumulative cost and where this option is cheaper. */
static void option_baseline(const optw *w)
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
        label_row(w, L->r_bcum,
                  xw_label(c, "option.bcum", "Baseline cumulative cost, before residual"), w->cur,
                  XS_TEXT);
        for (int m = 0; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            double bc = m == 0 ? rb->capex : rb->monthly[m - 1].cumulative;
            fig(w, L->r_bcum, col,
                xw_f(c, f, sizeof f, "=%s", xw_ref(B->quoted, B->r_cum, col, 0, 0).s), bc,
                w->money);
        }
        label_row(w, L->r_flag,
                  xw_label(c, "option.flag", "Cheaper to date than the baseline (1 = yes)"),
                  xw_label(c, "unit.flag", "flag"), XS_TEXT);
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            double bc = rb->monthly[m - 1].cumulative;
            fig(w, L->r_flag, col,
                xw_f(c, f, sizeof f, "=IF(%s<=%s,1,0)", xw_ref(NULL, L->r_cum, col, 0, 0).s,
                     xw_ref(NULL, L->r_bcum, col, 0, 0).s),
                w->res->monthly[m - 1].cumulative <= bc ? 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
        }
        /* 1 from the first month after which no month is dearer: the least
         * flag from this month to the last. */
        label_row(
            w, L->r_stay,
            xw_label(c, "option.stay", "At or below the baseline from here to the end (1 = yes)"),
            xw_label(c, "unit.flag", "flag"), XS_TEXT);
        int stays = w->H + 1; /* the first month of the run of 1s that ends at H */
        while (stays > 1 &&
               w->res->monthly[stays - 2].cumulative <= rb->monthly[stays - 2].cumulative)
            stays--;
        for (int m = 1; m <= w->H; m++) {
            int col = XW_COL_M0 + m;
            fig(w, L->r_stay, col,
                xw_f(c, f, sizeof f, "=MIN(%s)",
                     xw_range(NULL, L->r_flag, col, L->r_flag, w->last).s),
                m >= stays ? 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
        }
        option_flow(w);
    }
}

/* Drivers: the per-option quantities the timeline uses, from Inputs. */
/* The condition, in t, under which a lease's hardware is owned at the horizon:
 * bought out at a month within it ("0" when it is returned). */
static const char *owned_if(const optw *w, char *t, size_t ts)
{
    if (w->o->lease_end != TCO_LEASE_BUYOUT)
        return xw_f(w->c, t, ts, "0");
    return xw_f(w->c, t, ts, "%s<=HorizonMonths", in(w, TCO_O_LEASE_MONTHS).s);
}

/* A lease's drivers: the payment (given, or the rate factor times the capex)
 * and the buyout price paid within the horizon. */
static void lease_drivers(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_FBUF / 4];
    driver(w, L->k_epmt, xw_label(c, "option.epmt", "Lease payment per month"), w->cur,
           w->o->src[TCO_O_LEASE_RATE_FACTOR]
               ? xw_f(c, f, sizeof f, "=%s*%s", in(w, TCO_O_LEASE_RATE_FACTOR).s, drv(L->k_capex).s)
               : xw_f(c, f, sizeof f, "=%s", in(w, TCO_O_LEASE_PAYMENT).s),
           w->res->lease_payment, XN_MONEY);
    driver(w, L->k_ebuy, xw_label(c, "option.ebuy", "Buyout price, paid within the horizon"),
           w->cur,
           w->o->lease_end == TCO_LEASE_BUYOUT
               ? xw_f(c, f, sizeof f, "=IF(%s,%s*%s,0)", owned_if(w, t, sizeof t),
                      in(w, TCO_O_BUYOUT_FRACTION).s, drv(L->k_capex).s)
               : "=0",
           w->res->lease_buyout, XN_MONEY);
}

static void option_drivers(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_FBUF / 4];
    xw_text(c, w->ws, L->s_drivers, 0, xw_label(c, "option.drivers", "Drivers (from Inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, w->ws, L->s_drivers, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    driver(w, L->k_util, xw_label(c, "option.util", "Utilization"), "%",
           xw_f(c, f, sizeof f, "=%s", in(w, TCO_O_UTILIZATION).s), w->res->utilization, XN_PCT);
    if (L->buy) {
        driver(w, L->k_servers, xw_label(c, "option.servers", "Servers"),
               xw_label(c, "unit.servers", "servers"),
               xw_f(c, f, sizeof f, "=-INT(-%s/%s)", in(w, TCO_O_COUNT_GPUS).s,
                    in(w, TCO_O_GPUS_PER_SERVER).s),
               w->res->servers, XN_INT);
        driver(w, L->k_capex_gpu, xw_label(c, "option.capex_gpu", "Capex: GPUs"), w->cur,
               xw_f(c, f, sizeof f, "=%s*%s", in(w, TCO_O_COUNT_GPUS).s, in(w, TCO_O_GPU_PRICE).s),
               w->res->capex_gpu, XN_MONEY);
        driver(w, L->k_capex_infra, xw_label(c, "option.capex_infra", "Capex: servers and network"),
               w->cur,
               xw_f(c, f, sizeof f, "=%s*(%s+%s)", drv(L->k_servers).s, in(w, TCO_O_SERVER_PRICE).s,
                    in(w, TCO_O_NETWORK_PRICE).s),
               w->res->capex_infra, XN_MONEY);
        driver(w, L->k_capex, xw_label(c, "option.capex_total", "Capex: total, paid at month 0"),
               w->cur,
               xw_f(c, f, sizeof f, "=%s+%s+%s", drv(L->k_capex_gpu).s, drv(L->k_capex_infra).s,
                    in(w, TCO_O_INSTALL_PRICE).s),
               w->res->capex, XN_MONEY);
        double u = w->res->utilization;
        driver(w, L->k_gpu_w, xw_label(c, "option.gpu_w", "Power per GPU at this utilization"),
               xw_label(c, "unit.w", "W"),
               xw_f(c, f, sizeof f, "=%s*(%s+%s*(%s-%s))", in(w, TCO_O_TDP_W).s,
                    in(w, TCO_O_IDLE_POWER_FRACTION).s, drv(L->k_util).s,
                    in(w, TCO_O_LOAD_POWER_FRACTION).s, in(w, TCO_O_IDLE_POWER_FRACTION).s),
               w->o->tdp_w * (w->o->idle_power_fraction +
                              u * (w->o->load_power_fraction - w->o->idle_power_fraction)),
               XN_DEC2);
        driver(w, L->k_it_kw, xw_label(c, "option.it_kw", "IT load"), xw_label(c, "unit.kw", "kW"),
               xw_f(c, f, sizeof f, "=(%s*%s+%s*%s)/1000", in(w, TCO_O_COUNT_GPUS).s,
                    drv(L->k_gpu_w).s, drv(L->k_servers).s, in(w, TCO_O_SERVER_POWER_W).s),
               w->res->it_kw, XN_DEC2);
        driver(w, L->k_prov_kw, xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
               xw_label(c, "unit.kw", "kW"),
               xw_f(c, f, sizeof f, "=(%s*%s+%s*%s)/1000", in(w, TCO_O_COUNT_GPUS).s,
                    in(w, TCO_O_TDP_W).s, drv(L->k_servers).s, in(w, TCO_O_SERVER_POWER_W).s),
               w->res->provisioned_kw, XN_DEC2);
        driver(w, L->k_resfrac, xw_label(c, "option.resfrac", "Resale value at the end"),
               xw_label(c, "unit.pct_hardware", "% of hardware"),
               xw_f(c, f, sizeof f, "=%s", in(w, TCO_O_RESALE_FRACTION).s),
               w->res->residual_fraction, XN_PCT);
        driver(w, L->k_residual,
               xw_label(c, "option.residual", "Residual value (GPUs, servers and network)"), w->cur,
               L->lease ? xw_f(c, f, sizeof f, "=IF(%s,(%s+%s)*%s,0)", owned_if(w, t, sizeof t),
                               drv(L->k_capex_gpu).s, drv(L->k_capex_infra).s, drv(L->k_resfrac).s)
                        : xw_f(c, f, sizeof f, "=(%s+%s)*%s", drv(L->k_capex_gpu).s,
                               drv(L->k_capex_infra).s, drv(L->k_resfrac).s),
               w->res->residual, XN_MONEY);
        if (L->k_salvage != XW_NONE)
            driver(w, L->k_salvage, xw_label(c, "option.salvage", "Book salvage value"), w->cur,
                   xw_f(c, f, sizeof f, "=%s*%s", drv(L->lease ? L->k_ebuy : L->k_capex).s,
                        in(w, TCO_O_SALVAGE_FRACTION).s),
                   (L->lease ? w->res->lease_buyout : w->res->capex) * w->o->salvage_fraction,
                   XN_MONEY);
        driver(w, L->k_life, xw_label(c, "option.life", "Depreciation life"),
               xw_label(c, "unit.years", "years"),
               xw_f(c, f, sizeof f, "=%s", in(w, TCO_O_DEPRECIATION_YEARS).s),
               tco_depreciation_life(w->o), XN_INT);
        if (L->loan) {
            driver(w, L->k_loan, xw_label(c, "option.loan", "Lent by the loan"), w->cur,
                   xw_f(c, f, sizeof f, "=%s*%s", in(w, TCO_O_LOAN_FRACTION).s, drv(L->k_capex).s),
                   w->res->loan_amount, XN_MONEY);
            driver(w, L->k_lrate, xw_label(c, "option.lrate", "Loan interest rate per month"),
                   xw_label(c, "unit.pct_month", "% per month"),
                   xw_f(c, f, sizeof f, "=%s/12", in(w, TCO_O_LOAN_RATE).s), w->o->loan_rate / 12,
                   XN_PCT4);
            driver(w, L->k_lpmt, xw_label(c, "option.lpmt", "Loan payment per month (level)"),
                   w->cur,
                   xw_f(c, f, sizeof f, "=-PMT(%s,%s,%s,0,0)", drv(L->k_lrate).s,
                        in(w, TCO_O_LOAN_MONTHS).s, drv(L->k_loan).s),
                   w->res->loan_payment, XN_MONEY);
        }
        if (L->lease)
            lease_drivers(w);
    } else {
        driver(w, L->k_capex, xw_label(c, "option.upfront0", "Upfront payment, month 0"), w->cur,
               xw_f(c, f, sizeof f, "=%s", in(w, TCO_O_UPFRONT).s), w->res->capex, XN_MONEY);
    }
}

/* Drivers of the unit costs: discount rate, GPU-hours, PFLOP-hours, work done. */
static void option_usage(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const double T = c->s->hours_per_month;
    char f[XW_FBUF], t[XW_TBUF];
    driver(w, L->k_rm, xw_label(c, "option.rm", "Monthly discount rate"),
           xw_label(c, "unit.pct_month", "% per month"), "=(1+DiscountRate)^(1/12)-1",
           c->r->monthly_rate, XN_PCT4);
    driver(w, L->k_gpuh, xw_label(c, "option.gpuh", "GPU-hours used over the horizon"),
           xw_label(c, "unit.gpu_hours", "GPU-hours"),
           xw_f(c, f, sizeof f, "=%s*HoursPerMonth*HorizonMonths*%s", in(w, TCO_O_COUNT_GPUS).s,
                drv(L->k_util).s),
           w->res->gpu_hours, XN_INT);
    driver(w, L->k_pflop, xw_label(c, "option.pflop", "PFLOP-hours used (FP16 peak)"),
           xw_label(c, "unit.pflop_hours", "PFLOP-hours"),
           xw_f(c, f, sizeof f, "=%s*%s/1000*HoursPerMonth*HorizonMonths*%s",
                in(w, TCO_O_COUNT_GPUS).s, in(w, TCO_O_FP16_TFLOPS).s, drv(L->k_util).s),
           w->o->count * w->o->fp16_tflops / 1000 * T * w->H * w->res->utilization, XN_INT);
    xw_labelf(c, t, sizeof t, "option.units", "Work done over the horizon ({unit}s)", "unit",
              c->unit, NULL);
    driver(w, L->k_units, t, c->unit,
           xw_f(c, f, sizeof f, "=%s*%s*%s*SecondsPerHour*HoursPerMonth*HorizonMonths*%s",
                in(w, TCO_O_THROUGHPUT).s, in(w, TCO_O_COUNT_GPUS).s,
                in(w, TCO_O_SCALING_EFFICIENCY).s, drv(L->k_util).s),
           w->res->units, XN_INT);
    if (L->k_wpkw != XW_NONE) {
        xw_labelf(c, t, sizeof t, "option.wpkw", "Work rate per kW of IT load ({unit}s per second)",
                  "unit", c->unit, NULL);
        xw_refbuf tp = in(w, TCO_O_THROUGHPUT);
        label_row(w, L->k_wpkw, t, xw_label(c, "unit.per_s_per_kw", "per s per kW"), XS_TEXT);
        fig(w, L->k_wpkw, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=IF(OR(%s<=0,%s=0),%s,%s*%s*%s/%s)", tp.s, drv(L->k_it_kw).s,
                 xw_na_word(c).lit, tp.s, in(w, TCO_O_COUNT_GPUS).s,
                 in(w, TCO_O_SCALING_EFFICIENCY).s, drv(L->k_it_kw).s),
            w->res->units_per_s_per_kw, xw_fmt(c, XS_CALC, XN_DEC2));
    }
}

/* Break-even utilization: total(u) = total(0) + slope * u for every option. */
static void option_breakeven(const optw *w)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    if (L->buy) {
        driver(w, L->k_slope,
               xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"), w->cur,
               xw_f(c, f, sizeof f, "=%s*%s*(%s-%s)/1000*HoursPerMonth*PUE*SUM(%s)",
                    in(w, TCO_O_COUNT_GPUS).s, in(w, TCO_O_TDP_W).s,
                    in(w, TCO_O_LOAD_POWER_FRACTION).s, in(w, TCO_O_IDLE_POWER_FRACTION).s,
                    xw_range(NULL, L->r_price, XW_COL_M0 + 1, L->r_price, w->last).s),
               L->slope, XN_MONEY);
    } else if (w->o->pricing == TCO_ON_DEMAND) {
        driver(w, L->k_slope,
               xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"), w->cur,
               xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUM(%s)", in(w, TCO_O_COUNT_GPUS).s,
                    in(w, TCO_O_PRICE_PER_GPU_HOUR).s,
                    xw_range(NULL, L->r_factor, XW_COL_M0 + 1, L->r_factor, w->last).s),
               L->slope, XN_MONEY);
    } else if (L->r_factor != XW_NONE) {
        /* Reserved, then on demand: the months past the term follow u. */
        driver(w, L->k_slope,
               xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"), w->cur,
               xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUMIF(%s,\">\"&%s,%s)",
                    in(w, TCO_O_COUNT_GPUS).s, in(w, TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR).s,
                    xw_range(NULL, L->r_month, XW_COL_M0 + 1, L->r_month, w->last).s,
                    in(w, TCO_O_TERM_MONTHS).s,
                    xw_range(NULL, L->r_factor, XW_COL_M0 + 1, L->r_factor, w->last).s),
               L->slope, XN_MONEY);
    } else {
        label_row(
            w, L->k_slope,
            xw_label(c, "option.slope.reserved", "Cost per unit of utilization (reserved: none)"),
            w->cur, XS_TEXT);
        xw_num(c, w->ws, L->k_slope, XW_COL_VAL, 0, xw_fmt(c, XS_FIXED, XN_MONEY));
    }
    driver(w, L->k_total0, xw_label(c, "option.total0", "Total cost at 0% utilization"), w->cur,
           xw_f(c, f, sizeof f, "=%s-%s*%s", drv(L->r_net).s, drv(L->k_slope).s, drv(L->k_util).s),
           L->total0, XN_MONEY);
    if (L->k_beu != XW_NONE) {
        const xw_optsheet *B = &c->os[c->r->baseline];
        xw_refbuf bs = xw_ref(B->quoted, B->k_slope, XW_COL_VAL, 1, 1);
        xw_refbuf bt = xw_ref(B->quoted, B->k_total0, XW_COL_VAL, 1, 1);
        double den = B->slope - L->slope;
        label_row(w, L->k_beu,
                  xw_label(c, "option.beu", "Break-even utilization, before the 0-100% limits"),
                  "%", XS_TEXT);
        xw_word na = xw_na_word(c);
        xw_f(c, f, sizeof f, "=IF(%s-%s=0,%s,(%s-%s)/(%s-%s))", bs.s, drv(L->k_slope).s, na.lit,
             drv(L->k_total0).s, bt.s, bs.s, drv(L->k_slope).s);
        if (den == 0)
            xw_fstr(c, w->ws, L->k_beu, XW_COL_VAL, f, na.text, xw_fmt(c, XS_CALC, XN_PCT));
        else
            fig(w, L->k_beu, XW_COL_VAL, f, (L->total0 - B->total0) / den,
                xw_fmt(c, XS_CALC, XN_PCT));
        option_returns(w);
    }
}

/* See sheets.h. */
void xw_write_option(xw_ctx *c, size_t i)
{
    const int H = c->s->horizon_months;
    optw w = {.c = c,
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
    option_baseline(&w);
    option_drivers(&w);
    option_usage(&w);
    option_breakeven(&w);

    xw_print_setup(c, w.ws, 0, w.L->r_year, (w.H + 13) / 13);
    worksheet_repeat_columns(w.ws, 0, XW_COL_VAL);
}
