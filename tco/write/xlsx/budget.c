/* budget.c - fiscal years and the budget (docs/MODEL.md, "Fiscal years and the
 * budget"; docs/WORKBOOK.md, Budget): the fiscal-year row of each option sheet,
 * the Budget sheet (per option, the fiscal years by the columns of the budget,
 * each a SUMIFS over its option sheet's line by that row) and the Summary's
 * annual cash-flow chart. The fiscal years follow the Inputs StartMonth and
 * FiscalYearStart; their number and each cell's cached value are the engine's
 * (tco_budget_compute). */
#include "util/date.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"
#include "write/xlsx/sheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Budget's columns: the year, its calendar months, its model months, its
 * months of operation, partial, then the budget's columns (TCO_BUDGET_*). */
enum { BG_YEAR, BG_FROM, BG_TO, BG_FIRST, BG_LAST, BG_MONTHS, BG_PARTIAL, BG_COL0 = XW_BG_COL0 };
#define BG_COLS   (BG_COL0 + TCO_BUDGET_COLS)
#define BG_NARROW 11 /* the width of the months' columns */

/* The Budget's columns of scenario c: all of them with carbon_in_total, else
 * all but the carbon cost's, the last (MODEL.md, The carbon cost in the total). */
static int bg_cols(const xw_ctx *c)
{
    return BG_COLS - !tco_budget_col_shown(c->s, TCO_BUDGET_CARBON);
}

/* See sheets.h. Each option's block: its heading, the column headings, a row
 * per fiscal year and the total row, then a blank row. */
void xw_budget_layout(xw_ctx *c)
{
    size_t n = c->s->n_options;
    c->bg_row = calloc(n + 1, sizeof(int));
    if (!c->bg_row || tco_budget_compute(c->r, &c->bg) != TCO_OK) {
        c->nomem = 1;
        free(c->bg_row);
        c->bg_row = NULL;
        return;
    }
    int row = 4;
    for (size_t i = 0; i < n; i++) {
        c->bg_row[i] = row + 2;
        row += (int)c->bg->n_years + 4;
    }
    /* Then each plan with a sheet (MODEL.md, A plan's budget), likewise. */
    size_t np = c->ps ? c->s->n_plans : 0;
    if (np && !(c->bg_prow = calloc(np, sizeof(int)))) {
        c->nomem = 1;
        return;
    }
    for (size_t p = 0; p < np; p++) {
        c->bg_prow[p] = XW_NONE;
        if (c->ps[p].r_net == XW_NONE || c->ps[p].r_fy == XW_NONE)
            continue;
        c->bg_prow[p] = row + 2;
        row += (int)c->bg->n_years + 4;
    }
}

/* See sheets.h. */
double xw_fy_number(const xw_ctx *c, int m)
{
    for (size_t y = 0; y < c->bg->n_years; y++)
        if (m <= c->bg->years[y].last_month)
            return atof(c->bg->years[y].name + (c->s->start ? 2 : 1));
    return NAN;
}

/* The number format of fiscal-year numbers: "FY"0, or "Y"0 without start. */
static lxw_format *fy_format(xw_ctx *c, xw_style st)
{
    return xw_fmt_num(c, st, c->s->start ? "\"FY\"0" : "\"Y\"0");
}

/* See sheets.h. Month m's fiscal year: with a start month, the calendar year
 * its calendar month ends a fiscal year in; else 1 for months 0..12, 2 for
 * 13..24, ... */
void xw_write_fy_row(xw_ctx *c, size_t i)
{
    const xw_optsheet *L = &c->os[i];
    if (L->r_fy != XW_NONE)
        xw_fy_cells(c, L->ws, L->r_month, L->r_fy);
}

/* See sheets.h. */
void xw_fy_cells(xw_ctx *c, lxw_worksheet *ws, int r_month, int r_fy)
{
    if (!c->bg)
        return;
    char f[XW_FBUF];
    xw_text(c, ws, r_fy, XW_COL_LABEL, xw_label(c, "option.fiscal_year", "Fiscal year"),
            xw_fmt(c, XS_TEXT, XN_NONE));
    lxw_format *fmt = fy_format(c, XS_CALC);
    for (int m = 0; m <= c->s->horizon_months; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf mr = xw_ref(NULL, r_month, col, 1, 0);
        const char *mo = mr.s;
        char cal[XW_FBUF / 4];
        tci_utf8_format(cal, sizeof cal,
                        "(YEAR(StartMonth)*MonthsPerYear+MONTH(StartMonth)-1+%s-1)", mo);
        xw_fnum(c, ws, r_fy, col,
                xw_formula(c, f, sizeof f,
                           "=IF(ISNUMBER(StartMonth),INT(%s/"
                           "MonthsPerYear)+IF(AND(FiscalYearStart>1,MOD(%s,MonthsPerYear)+1>="
                           "FiscalYearStart),1,0),IF(%s=0,1,INT((%s-1)/MonthsPerYear)+1))",
                           cal, cal, mo, mo),
                xw_fy_number(c, m), fmt);
    }
}

/* ===== The Budget sheet ===== */

/* See sheets.h. */
const char *xw_budget_fy_formula(const xw_ctx *c, size_t i, int col, const char *fys,
                                 const char *year, char *f, size_t fs)
{
    const xw_optsheet *L = &c->os[i];
    const int H = c->s->horizon_months;
    int rows[5], neg[5], n = xw_budget_col_rows(c, i, col, rows, neg);
    size_t len = 1;
    tci_utf8_format(f, fs, n ? "=" : "=0");
    for (int j = 0; j < n && len < fs; j++) {
        xw_refbuf line = xw_range(L->quoted, rows[j], XW_COL_M0, rows[j], XW_COL_M0 + H);
        len += (size_t)snprintf(f + len, fs - len, "%sSUMIFS(%s,%s,%s)",
                                neg[j] ? "-"
                                : j    ? "+"
                                       : "",
                                line.s, fys, year);
    }
    return f;
}

/* Row r (when it exists) into rows, subtracted when neg. */
static void add_row(int *rows, int *negs, int *n, int r, int neg)
{
    if (r == XW_NONE)
        return;
    rows[*n] = r;
    negs[(*n)++] = neg;
}

/* See sheets.h. */
int xw_budget_col_rows(const xw_ctx *c, size_t i, int col, int *rows, int *neg)
{
    const xw_optsheet *L = &c->os[i];
    int n = 0;
    switch (col) {
    case TCO_BUDGET_CAPEX: /* hardware bought in cash or with a loan: capex less the loan */
        if (L->buy && !L->lease) {
            add_row(rows, neg, &n, L->r_capex, 0);
            add_row(rows, neg, &n, L->r_lent, 0);
        }
        break;
    case TCO_BUDGET_RENTAL: /* with a rent option's upfront, at month 0 */
        add_row(rows, neg, &n, L->r_line[TCO_LINE_RENTAL], 0);
        if (!L->buy)
            add_row(rows, neg, &n, L->r_capex, 0);
        break;
    case TCO_BUDGET_FINANCING:
        add_row(rows, neg, &n, L->r_lint, 0);
        add_row(rows, neg, &n, L->r_lprin, 0);
        add_row(rows, neg, &n, L->r_lbal, 0);
        add_row(rows, neg, &n, L->r_epay, 0);
        add_row(rows, neg, &n, L->r_ebuy, 0);
        break;
    case TCO_BUDGET_RESIDUAL: /* a receipt, negative on the option's sheet */
        add_row(rows, neg, &n, L->r_resid, 0);
        break;
    case TCO_BUDGET_TAX:
        add_row(rows, neg, &n, L->r_tax, 0);
        break;
    case TCO_BUDGET_CARBON: /* MODEL.md, The carbon cost in the total */
        if (c->s->carbon_in_total)
            add_row(rows, neg, &n, L->co2.r_cost, 0);
        break;
    default: /* the other cost lines */
        add_row(rows, neg, &n, L->r_line[col - TCO_BUDGET_LINE(0)], 0);
        break;
    }
    return n;
}

/* The date of the first day of model month m's calendar month (a serial day). */
static double month_serial(const xw_ctx *c, int m)
{
    long k = tci_month_index(c->s->start, m);
    return (double)(tci_days_from_civil((int)(k / 12), (int)(k % 12) + 1, 1) + 25569);
}

/* The column headings of an option's block, in `row`: label keys and English. */
static void bg_headings(xw_ctx *c, lxw_worksheet *ws, int row)
{
    static const char *const keys[BG_COLS][2] = {
        {XW_KEY("budget.head.year"), "Fiscal year"},
        {XW_KEY("budget.head.from"), "From"},
        {XW_KEY("budget.head.to"), "To"},
        {XW_KEY("budget.head.first"), "First month"},
        {XW_KEY("budget.head.last"), "Last month"},
        {XW_KEY("budget.head.months"), "Months of operation"},
        {XW_KEY("budget.head.partial"), "Partial"},
        {XW_KEY("budget.col.capex"), "Capex"},
#define LINE_KEY(ID, name, kind, rate, summary, budget, ...) {"budget.col." #name, budget},
        TCO_COST_LINES(LINE_KEY) /* the cost lines' columns */
#undef LINE_KEY
        {XW_KEY("budget.col.financing"), "Financing"},
        {XW_KEY("budget.col.residual"), "Residual"},
        {XW_KEY("budget.col.tax"), "Tax"},
        {XW_KEY("budget.col.total"), "Total"},
        {XW_KEY("budget.col.carbon"), "Carbon cost (in the total)"},
    };
    const char *texts[BG_COLS];
    for (int k = 0; k < bg_cols(c); k++)
        texts[k] = xw_label(c, keys[k][0], keys[k][1]);
    /* Tall enough for the narrowest columns' headings, wrapped. */
    xw_header_height(ws, row, texts + BG_FIRST, BG_COL0 - BG_FIRST, BG_NARROW);
    for (int k = 0; k < bg_cols(c); k++) {
        const char *t = texts[k];
        if (k == BG_YEAR)
            xw_header_text(c, ws, row, k, t);
        else
            xw_header(c, ws, row, k, t);
    }
}

/* Fiscal year y of option i in `row`. */
static void bg_year(xw_ctx *c, size_t i, size_t y, int row, lxw_format *const *fm)
{
    lxw_worksheet *ws = c->budget;
    const xw_optsheet *L = &c->os[i];
    const tco_fiscal_year *fy = &c->bg->years[y];
    const double *v = &c->bg->value[(i * c->bg->n_years + y) * TCO_BUDGET_COLS];
    const int H = c->s->horizon_months;
    char f[XW_FBUF];
    xw_refbuf yr = xw_ref(NULL, row, BG_YEAR, 0, 1), first = xw_ref(NULL, row, BG_FIRST, 0, 1),
              last = xw_ref(NULL, row, BG_LAST, 0, 1), mon = xw_ref(NULL, row, BG_MONTHS, 0, 1);
    xw_refbuf fys = xw_range(L->quoted, L->r_fy, XW_COL_M0, L->r_fy, XW_COL_M0 + H);
    xw_refbuf fys1 = xw_range(L->quoted, L->r_fy, XW_COL_M0 + 1, L->r_fy, XW_COL_M0 + H);
    double num = xw_fy_number(c, fy->first_month);
    if (y == 0)
        xw_fnum(c, ws, row, BG_YEAR,
                xw_formula(c, f, sizeof f, "=%s", xw_ref(L->quoted, L->r_fy, XW_COL_M0, 1, 1).s),
                num, fm[0]);
    else
        xw_fnum(c, ws, row, BG_YEAR,
                xw_formula(c, f, sizeof f, "=%s+1", xw_ref(NULL, row - 1, BG_YEAR, 0, 1).s), num,
                fm[0]);
    for (int k = 0; k < 2; k++) {
        int m = k ? fy->last_month : fy->first_month;
        xw_refbuf mm = k ? last : first;
        xw_formula(
            c, f, sizeof f,
            "=IF(ISNUMBER(StartMonth),DATE(YEAR(StartMonth),MONTH(StartMonth)+%s-1,1),\"%s\")",
            mm.s, XW_DASH);
        if (c->s->start)
            xw_fnum(c, ws, row, BG_FROM + k, f, month_serial(c, m), fm[1]);
        else
            xw_fstr(c, ws, row, BG_FROM + k, f, XW_DASH, fm[1]);
    }
    xw_fnum(c, ws, row, BG_FIRST, xw_formula(c, f, sizeof f, "=COUNTIF(%s,\"<\"&%s)", fys.s, yr.s),
            fy->first_month, fm[2]);
    xw_fnum(c, ws, row, BG_LAST,
            xw_formula(c, f, sizeof f, "=%s+COUNTIF(%s,%s)-1", first.s, fys.s, yr.s),
            fy->last_month, fm[2]);
    xw_fnum(c, ws, row, BG_MONTHS, xw_formula(c, f, sizeof f, "=COUNTIF(%s,%s)", fys1.s, yr.s),
            fy->months, fm[2]);
    xw_fnum(c, ws, row, BG_PARTIAL, xw_formula(c, f, sizeof f, "=IF(%s<MonthsPerYear,1,0)", mon.s),
            fy->partial, fm[3]);
    for (int k = 0; k < TCO_BUDGET_TOTAL; k++)
        xw_fnum(c, ws, row, BG_COL0 + k, xw_budget_fy_formula(c, i, k, fys.s, yr.s, f, sizeof f),
                v[k], fm[4]);
    xw_formula(c, f, sizeof f, "=SUM(%s)",
               xw_range(NULL, row, BG_COL0, row, BG_COL0 + TCO_BUDGET_TOTAL - 1).s);
    if (bg_cols(c) == BG_COLS) { /* the carbon cost, right of the total that adds it */
        char g[XW_FBUF];
        xw_fnum(c, ws, row, BG_COL0 + TCO_BUDGET_CARBON,
                xw_budget_fy_formula(c, i, TCO_BUDGET_CARBON, fys.s, yr.s, g, sizeof g),
                v[TCO_BUDGET_CARBON], fm[4]);
        xw_formula(c, g, sizeof g, "%s+%s", f,
                   xw_ref(NULL, row, BG_COL0 + TCO_BUDGET_CARBON, 0, 0).s);
        memcpy(f, g, sizeof f);
    }
    xw_fnum(c, ws, row, BG_COL0 + TCO_BUDGET_TOTAL, f, v[TCO_BUDGET_TOTAL], fm[5]);
}

/* Option i's block from its heading row. */
static void bg_block(xw_ctx *c, size_t i, lxw_format *const *fm)
{
    lxw_worksheet *ws = c->budget;
    int first = c->bg_row[i], ny = (int)c->bg->n_years, total = first + ny;
    char f[XW_FBUF];
    xw_section(c, ws, first - 2, c->label[i]);
    bg_headings(c, ws, first - 1);
    for (int y = 0; y < ny; y++)
        bg_year(c, i, (size_t)y, first + y, fm);
    xw_text(c, ws, total, BG_YEAR, xw_label(c, "budget.total", "Total"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    for (int k = BG_FROM; k < bg_cols(c); k++) {
        if (k < BG_MONTHS || k == BG_PARTIAL) {
            worksheet_write_blank(ws, (lxw_row_t)total, (lxw_col_t)k, xw_fmt(c, XS_TOTAL, XN_NONE));
            continue;
        }
        double sum = 0;
        for (int y = 0; y < ny; y++)
            sum += k == BG_MONTHS
                       ? c->bg->years[y].months
                       : c->bg->value[(i * c->bg->n_years + (size_t)y) * TCO_BUDGET_COLS +
                                      (size_t)(k - BG_COL0)];
        xw_fnum(c, ws, total, k,
                xw_formula(c, f, sizeof f, "=SUM(%s)", xw_range(NULL, first, k, total - 1, k).s),
                sum, k == BG_MONTHS ? xw_fmt(c, XS_TOTAL, XN_INT) : xw_fmt(c, XS_TOTAL, XN_MONEY));
    }
}

/* ===== The plans' blocks (MODEL.md, A plan's budget) ===== */

/* The plan blocks' columns from BG_COL0: owned, reserved, overflow, total
 * before tax; with [tax] the tax (the plan sheet's tax row) and the total
 * after tax (BP_COLS_TAX columns); with carbon_in_total the carbon cost after
 * them, which the total before tax adds (BP_CARBON, the block's last column:
 * MODEL.md, A plan's carbon cost in its total). */
enum {
    BP_OWN,
    BP_RES,
    BP_OVER,
    BP_TOTAL,
    BP_COLS,
    BP_TAX = BP_COLS,
    BP_AT_TOTAL,
    BP_COLS_TAX,
    BP_CARBON = BP_COLS_TAX
};
_Static_assert(BP_AT_TOTAL == XW_BP_AT_TOTAL, "the Checks sheet reads the total after tax");

/* The engine's figure of a plan block's column k in a year's values v;
 * `carbon`: the scenario's carbon_in_total. */
static double bp_value(const double *v, int k, int carbon)
{
    switch (k) {
    case BP_TOTAL: {
        double sum =
            v[TCO_PLAN_BUDGET_OWN] + v[TCO_PLAN_BUDGET_RESERVE] + v[TCO_PLAN_BUDGET_OVERFLOW];
        return carbon ? sum + v[TCO_PLAN_BUDGET_CARBON] : sum;
    }
    case BP_TAX:
        return v[TCO_PLAN_BUDGET_TAX];
    case BP_AT_TOTAL:
        return v[TCO_PLAN_BUDGET_TOTAL];
    case BP_CARBON:
        return v[TCO_PLAN_BUDGET_CARBON];
    default:
        return v[k];
    }
}

/* SUMIFS of the rows of plan p's sheet (n of them, XW_NONE skipped) over the
 * months whose fiscal year is `year`, in f; "=0" without a row. */
static const char *bp_formula(const xw_ctx *c, size_t p, const int *rows, int n, const char *year,
                              char *f, size_t fs)
{
    const xw_plansheet *ps = &c->ps[p];
    const int H = c->s->horizon_months;
    xw_refbuf fys = xw_range(ps->quoted, ps->r_fy, XW_COL_M0, ps->r_fy, XW_COL_M0 + H);
    size_t len = 1;
    int any = 0;
    tci_utf8_format(f, fs, "=");
    for (int j = 0; j < n && len < fs; j++) {
        if (rows[j] == XW_NONE)
            continue;
        xw_refbuf line = xw_range(ps->quoted, rows[j], XW_COL_M0, rows[j], XW_COL_M0 + H);
        len += (size_t)snprintf(f + len, fs - len, "%sSUMIFS(%s,%s,%s)", any++ ? "+" : "", line.s,
                                fys.s, year);
    }
    if (!any)
        tci_utf8_format(f, fs, "=0");
    return f;
}

/* Plan p's block from its first year row: its heading (linked to its
 * sheet), the column headings, a row per fiscal year (the year and its
 * months as the first option's block has them) and the total row. */
static void bp_block(xw_ctx *c, size_t p, lxw_format *const *fm)
{
    lxw_worksheet *ws = c->budget;
    const xw_plansheet *ps = &c->ps[p];
    int first = c->bg_prow[p], ny = (int)c->bg->n_years, total = first + ny;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.title", "Plan {name}", "name", c->s->plans[p].name, NULL);
    xw_link(c, ws, first - 2, BG_YEAR, ps->quoted, t, xw_fmt(c, XS_LINK, XN_GENERAL));
    static const char *const keys[BP_COLS_TAX][2] = {
        {XW_KEY("budget.plan.own"), "Owned"},
        {XW_KEY("budget.plan.reserve"), "Reserved"},
        {XW_KEY("budget.plan.overflow"), "On demand"},
        {XW_KEY("budget.plan.total"), "Total before tax"},
        {XW_KEY("budget.col.tax"), "Tax"},
        {XW_KEY("budget.plan.after_tax"), "Total after tax"},
    };
    const int carbon = c->s->carbon_in_total;
    const int ntax = ps->r_tax != XW_NONE ? BP_COLS_TAX : BP_COLS, ncols = ntax + carbon;
    /* The block's column k (from BG_COL0) as a column of bp_value. */
#define BP_OF(k) ((k) == ntax ? BP_CARBON : (k))
    const char *texts[BG_COL0 + BP_COLS_TAX + 1];
    static const char *const heads[BG_COL0][2] = {
        {"budget.head.year", "Fiscal year"},
        {"budget.head.from", "From"},
        {"budget.head.to", "To"},
        {"budget.head.first", "First month"},
        {"budget.head.last", "Last month"},
        {"budget.head.months", "Months of operation"},
        {"budget.head.partial", "Partial"},
    };
    for (int k = 0; k < BG_COL0; k++)
        texts[k] = xw_label(c, heads[k][0], heads[k][1]);
    for (int k = 0; k < ntax; k++)
        texts[BG_COL0 + k] = xw_label(c, keys[k][0], keys[k][1]);
    if (carbon)
        texts[BG_COL0 + ntax] = xw_label(c, "budget.col.carbon", "Carbon cost (in the total)");
    xw_header_height(ws, first - 1, texts + BG_FIRST, BG_COL0 - BG_FIRST, BG_NARROW);
    for (int k = 0; k < BG_COL0 + ncols; k++) {
        if (k == BG_YEAR)
            xw_header_text(c, ws, first - 1, k, texts[k]);
        else
            xw_header(c, ws, first - 1, k, texts[k]);
    }
    const size_t n = c->bg->n_years;
    for (int y = 0; y < ny; y++) {
        int row = first + y;
        /* The year and its months: those of the first option's block. */
        for (int k = BG_YEAR; k < BG_COL0; k++) {
            const tco_fiscal_year *fy = &c->bg->years[y];
            double v = k == BG_YEAR     ? xw_fy_number(c, fy->first_month)
                       : k == BG_FROM   ? (c->s->start ? month_serial(c, fy->first_month) : NAN)
                       : k == BG_TO     ? (c->s->start ? month_serial(c, fy->last_month) : NAN)
                       : k == BG_FIRST  ? fy->first_month
                       : k == BG_LAST   ? fy->last_month
                       : k == BG_MONTHS ? fy->months
                                        : fy->partial;
            xw_formula(c, f, sizeof f, "=%s", xw_ref(NULL, c->bg_row[0] + y, k, 0, 0).s);
            lxw_format *fmt = k == BG_YEAR                 ? fm[0]
                              : k == BG_FROM || k == BG_TO ? fm[1]
                              : k == BG_PARTIAL            ? fm[3]
                                                           : fm[2];
            if (isnan(v))
                xw_fstr(c, ws, row, k, f, XW_DASH, fmt);
            else
                xw_fnum(c, ws, row, k, f, v, fmt);
        }
        const double *v = &c->bg->plan_value[((size_t)p * n + (size_t)y) * TCO_PLAN_BUDGET_COLS];
        xw_refbuf yr = xw_ref(NULL, row, BG_YEAR, 0, 1);
        const int *rows[3] = {ps->bg_own, ps->bg_res, &ps->bg_over};
        const int nrows[3] = {5, 2, 1};
        for (int k = 0; k < BP_TOTAL; k++)
            xw_fnum(c, ws, row, BG_COL0 + k, bp_formula(c, p, rows[k], nrows[k], yr.s, f, sizeof f),
                    v[k], fm[4]);
        xw_formula(c, f, sizeof f, "=SUM(%s)",
                   xw_range(NULL, row, BG_COL0, row, BG_COL0 + BP_TOTAL - 1).s);
        if (carbon) { /* the carbon cost, right of the totals that add it */
            char g[XW_FBUF];
            xw_fnum(c, ws, row, BG_COL0 + ntax,
                    bp_formula(c, p, &ps->r_co2_cost, 1, yr.s, g, sizeof g),
                    bp_value(v, BP_CARBON, carbon), fm[4]);
            xw_formula(c, g, sizeof g, "%s+%s", f, xw_ref(NULL, row, BG_COL0 + ntax, 0, 0).s);
            memcpy(f, g, sizeof f);
        }
        xw_fnum(c, ws, row, BG_COL0 + BP_TOTAL, f, bp_value(v, BP_TOTAL, carbon), fm[5]);
        if (ntax == BP_COLS_TAX) { /* the tax, and the total after it */
            xw_fnum(c, ws, row, BG_COL0 + BP_TAX,
                    bp_formula(c, p, &ps->r_tax, 1, yr.s, f, sizeof f), bp_value(v, BP_TAX, carbon),
                    fm[4]);
            xw_fnum(c, ws, row, BG_COL0 + BP_AT_TOTAL,
                    xw_formula(c, f, sizeof f, "=%s+%s",
                               xw_ref(NULL, row, BG_COL0 + BP_TOTAL, 0, 0).s,
                               xw_ref(NULL, row, BG_COL0 + BP_TAX, 0, 0).s),
                    bp_value(v, BP_AT_TOTAL, carbon), fm[5]);
        }
    }
    xw_text(c, ws, total, BG_YEAR, xw_label(c, "budget.total", "Total"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    for (int k = BG_FROM; k < BG_COL0 + ncols; k++) {
        if (k < BG_MONTHS || k == BG_PARTIAL) {
            worksheet_write_blank(ws, (lxw_row_t)total, (lxw_col_t)k, xw_fmt(c, XS_TOTAL, XN_NONE));
            continue;
        }
        double sum = 0;
        for (size_t y = 0; y < n; y++) {
            const double *v = &c->bg->plan_value[((size_t)p * n + y) * TCO_PLAN_BUDGET_COLS];
            sum +=
                k == BG_MONTHS ? c->bg->years[y].months : bp_value(v, BP_OF(k - BG_COL0), carbon);
        }
        xw_fnum(c, ws, total, k,
                xw_formula(c, f, sizeof f, "=SUM(%s)", xw_range(NULL, first, k, total - 1, k).s),
                sum, k == BG_MONTHS ? xw_fmt(c, XS_TOTAL, XN_INT) : xw_fmt(c, XS_TOTAL, XN_MONEY));
    }
#undef BP_OF
}

/* See sheets.h. */
void xw_write_budget(xw_ctx *c)
{
    lxw_worksheet *ws = c->budget;
    if (!xw_sheet_due(c, ws) || !c->bg)
        return;
    char t[XW_TBUF], partial[200];
    if (c->s->start)
        xw_labelf(c, t, sizeof t, "budget.subtitle",
                  "Each option's cash flow by fiscal year, in {currency}: costs positive, receipts "
                  "(the residual) and tax savings negative. A fiscal year begins in the calendar "
                  "month the fiscal year's first month on Inputs gives and is named by the "
                  "calendar year it ends in; month 1 is the start month on Inputs, month 0 "
                  "(acquisition) the month before. Partial years are marked. A commitment past "
                  "the horizon falls in no year.",
                  "currency", c->currency, NULL);
    else
        xw_labelf(c, t, sizeof t, "budget.subtitle.horizon",
                  "Each option's cash flow by year of the horizon, in {currency}: costs "
                  "positive, receipts (the residual) and tax savings negative. Y1 holds months "
                  "0-12, Y2 months 13-24, and so on (give the scenario a start month, in its "
                  "file or on Inputs, for fiscal years). Partial years are marked. A commitment "
                  "past the horizon falls in no year.",
                  "currency", c->currency, NULL);
    xw_flag_format(partial, sizeof partial, xw_label(c, "budget.partial", "partial"), "");
    lxw_format *fm[6] = {fy_format(c, XS_CALC),        xw_fmt(c, XS_CALC, XN_MONTH),
                         xw_fmt(c, XS_CALC, XN_INT),   xw_fmt_num(c, XS_CALC, partial),
                         xw_fmt(c, XS_CALC, XN_MONEY), xw_fmt(c, XS_TOTAL, XN_MONEY)};
    double biggest = 0;
    size_t nv = c->bg->n_options * c->bg->n_years * TCO_BUDGET_COLS;
    for (size_t k = 0; k < nv; k++)
        biggest = fmax(biggest, fabs(c->bg->value[k]));
    for (size_t i = 0; i < c->s->n_options; i++)
        biggest = fmax(biggest, fabs(c->r->options[i].total) + fabs(c->r->options[i].capex));
    xw_set_col(ws, BG_YEAR, BG_YEAR, 14);
    xw_set_col(ws, BG_FROM, BG_TO, 10);
    xw_set_col(ws, BG_FIRST, BG_PARTIAL, BG_NARROW);
    xw_set_col(ws, BG_COL0, bg_cols(c) - 1, xw_imax(12, xw_money_width(c, biggest) + 1));
    /* After the widths: the master check goes right of the title (page.c). */
    xw_title_line(c, ws, xw_label(c, "budget.title", "Budget by fiscal year"), t);
    for (size_t i = 0; i < c->s->n_options && !c->err && !c->nomem; i++)
        bg_block(c, i, fm);
    for (size_t p = 0; c->bg_prow && p < c->s->n_plans && !c->err && !c->nomem; p++)
        if (c->bg_prow[p] != XW_NONE && c->s->n_options)
            bp_block(c, p, fm);
    xw_print_setup(c, ws, 0, 1, 1);
}

/* ===== The Summary's chart ===== */

/* See sheets.h. Clustered columns: one series per option (at most
 * XW_MAX_SERIES), the fiscal years as categories, the Budget's totals. */
lxw_chart *xw_budget_chart(xw_ctx *c)
{
    if (!c->bg || !c->budget)
        return NULL;
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_COLUMN);
    if (!ch)
        return NULL;
    const char *q = c->sheet_q[TCI_SHEET_BUDGET];
    int ny = (int)c->bg->n_years, tc = BG_COL0 + TCO_BUDGET_TOTAL;
    char cats[400], vals[400];
    xw_chart_range(cats, sizeof cats, q, c->bg_row[0], BG_YEAR, c->bg_row[0] + ny - 1, BG_YEAR);
    size_t n = c->s->n_options < XW_MAX_SERIES ? c->s->n_options : XW_MAX_SERIES;
    for (size_t i = 0; i < n; i++) {
        xw_chart_range(vals, sizeof vals, q, c->bg_row[i], tc, c->bg_row[i] + ny - 1, tc);
        lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
        if (!se)
            return NULL;
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_BUDGET], (lxw_row_t)(c->bg_row[i] - 2),
                                    BG_YEAR);
        xw_series_solid(se, xw_colour(c, i));
    }
    xw_chart_title_money(c, ch, XW_KEY("chart.fiscal_years.title"),
                         "Cash flow by fiscal year, after residual ({currency})");
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.fiscal_years.x", "Fiscal year"));
    /* The years as the Budget shows them (FY2028), below a year that pays back. */
    chart_axis_set_num_format(ch->x_axis, c->s->start ? "\"FY\"0" : "\"Y\"0");
    chart_axis_set_label_position(ch->x_axis, LXW_CHART_AXIS_LABEL_POSITION_LOW);
    xw_axis_money(c, ch->y_axis, XW_KEY("chart.fiscal_years.y"), "Cash flow ({currency})",
                  XN_MONEY);
    xw_legend_lines(ch, n);
    return ch;
}

/* See sheets.h. */
int xw_bg_plan_total_col(const xw_ctx *c)
{
    return XW_BG_COL0 + (c->s->tax ? BP_AT_TOTAL : BP_TOTAL);
}
