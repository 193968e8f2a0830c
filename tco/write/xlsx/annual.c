/* annual.c - the annual views (docs/WORKBOOK.md, Annual views): per option, the
 * budget's lines (capex, the cost lines, financing, residual, tax) down and its
 * fiscal years across, each cell a SUMIFS of the option sheet's rows by its
 * fiscal-year row, so that the printed pack shows each option on one page
 * while the months stay on their own sheets. The years, their number and
 * every cached value are the engine's budget (c->bg, tco_budget_compute). */
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/sheets.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Columns: the line, its total over the horizon, then one a fiscal year. */
enum { AN_LABEL, AN_TOTAL, AN_Y0 };

#define AN_LABEL_W    16 /* the lines' labels, at least */
#define AN_TITLE_ROWS 3

/* Whether option i has budget column k: a line of its kind, its financing, its
 * residual, its tax; the total always. */
static int an_has(const xw_ctx *c, size_t i, int k)
{
    const xw_optsheet *L = &c->os[i];
    int rows[5], neg[5];
    if (k == TCO_BUDGET_TOTAL)
        return 1;
    if (k >= (int)TCO_BUDGET_LINE(0) && k < (int)TCO_BUDGET_LINE(TCO_LINES)) {
        tco_line_kind kind = tco_cost_line_get(k - (int)TCO_BUDGET_LINE(0))->kind;
        if ((kind == TCO_LINE_RENTED) == (L->buy != 0))
            return 0;
    }
    return xw_budget_col_rows(c, i, k, rows, neg) > 0;
}

/* The label of budget column k. */
static const char *an_label(xw_ctx *c, int k)
{
    static const char *const keys[TCO_BUDGET_COLS][2] = {
        {XW_KEY("budget.col.capex"), "Capex"},
#define LINE_KEY(ID, name, kind, rate, summary, budget, ...) {"budget.col." #name, budget},
        TCO_COST_LINES(LINE_KEY) /* the cost lines */
#undef LINE_KEY
        {XW_KEY("budget.col.financing"), "Financing"},
        {XW_KEY("budget.col.residual"), "Residual"},
        {XW_KEY("budget.col.tax"), "Tax"},
        {XW_KEY("budget.col.total"), "Total"},
        {XW_KEY("budget.col.carbon"), "Carbon cost (in the total)"},
    };
    return xw_label(c, keys[k][0], keys[k][1]);
}

/* The heading over the lines. */
static const char *an_head(xw_ctx *c)
{
    return xw_label(c, "budget.head.year", "Fiscal year");
}

/* Rows a block of option i takes: its heading, the years' heading, its lines
 * and the total, and a blank row after it. */
static int an_rows(const xw_ctx *c, size_t i)
{
    int n = 0;
    for (int k = 0; k < TCO_BUDGET_COLS; k++)
        n += an_has(c, i, k);
    return n + 3;
}

/* Option i's line k in `row`: each year a SUMIFS over its sheet (the total a
 * SUM of the lines above), the engine's budget cached. */
static void an_line(xw_ctx *c, size_t i, int k, int row, int first, int head)
{
    lxw_worksheet *ws = c->annual;
    const xw_optsheet *L = &c->os[i];
    const int H = c->s->horizon_months, ny = (int)c->bg->n_years;
    const int total = k == TCO_BUDGET_TOTAL;
    lxw_format *fm = xw_fmt(c, total ? XS_TOTAL : XS_CALC, XN_MONEY);
    xw_refbuf fys = xw_range(L->quoted, L->r_fy, XW_COL_M0, L->r_fy, XW_COL_M0 + H);
    char f[XW_FBUF];
    double sum = 0;
    xw_text(c, ws, row, AN_LABEL, an_label(c, k), xw_fmt(c, total ? XS_TOTAL : XS_TEXT, XN_NONE));
    for (int y = 0; y < ny; y++) {
        double v = c->bg->value[(i * c->bg->n_years + (size_t)y) * TCO_BUDGET_COLS + (size_t)k];
        int col = AN_Y0 + y;
        sum += v;
        if (total) {
            xw_fnum(
                c, ws, row, col,
                xw_formula(c, f, sizeof f, "=SUM(%s)", xw_range(NULL, first, col, row - 1, col).s),
                v, fm);
            continue;
        }
        xw_refbuf yr = xw_ref(NULL, head, col, 1, 0);
        xw_fnum(c, ws, row, col, xw_budget_fy_formula(c, i, k, fys.s, yr.s, f, sizeof f), v, fm);
    }
    xw_fnum(
        c, ws, row, AN_TOTAL,
        xw_formula(c, f, sizeof f, "=SUM(%s)", xw_range(NULL, row, AN_Y0, row, AN_Y0 + ny - 1).s),
        sum, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* Option i's block from `row`: its heading (a link to its monthly sheet), the
 * years and the lines; returns the row after it. */
static int an_block(xw_ctx *c, size_t i, int row)
{
    lxw_worksheet *ws = c->annual;
    const xw_optsheet *L = &c->os[i];
    const int ny = (int)c->bg->n_years;
    char f[XW_FBUF];
    lxw_format *yf = xw_fmt_num(c, XS_HEADNUM, c->s->start ? "\"FY\"0" : "\"Y\"0");
    xw_section(c, ws, row, c->label[i]);
    int head = row + 1;
    xw_header_text(c, ws, head, AN_LABEL, an_head(c));
    xw_header(c, ws, head, AN_TOTAL, xw_label(c, "annual.head.total", "Horizon"));
    for (int y = 0; y < ny; y++) {
        double num = xw_fy_number(c, c->bg->years[y].first_month);
        if (y == 0)
            xw_fnum(
                c, ws, head, AN_Y0,
                xw_formula(c, f, sizeof f, "=%s", xw_ref(L->quoted, L->r_fy, XW_COL_M0, 1, 1).s),
                num, yf);
        else
            xw_fnum(c, ws, head, AN_Y0 + y,
                    xw_formula(c, f, sizeof f, "=%s+1", xw_ref(NULL, head, AN_Y0 + y - 1, 0, 0).s),
                    num, yf);
    }
    int r = head + 1;
    /* The lines in the budget's order, the carbon cost's (the last column)
     * before the total that adds it. */
    for (int j = 0; j < TCO_BUDGET_COLS; j++) {
        int k = j == TCO_BUDGET_TOTAL    ? TCO_BUDGET_CARBON
                : j == TCO_BUDGET_CARBON ? TCO_BUDGET_TOTAL
                                         : j;
        if (an_has(c, i, k)) {
            an_line(c, i, k, r, head + 1, head);
            r++;
        }
    }
    return r + 1;
}

/* See sheets.h. */
void xw_write_annual(xw_ctx *c)
{
    lxw_worksheet *ws = c->annual;
    if (!xw_sheet_due(c, ws) || !c->bg)
        return;
    const tco_scenario *s = c->s;
    char t[XW_TBUF];
    const int ny = (int)c->bg->n_years;
    double biggest = 0, label_w = AN_LABEL_W;
    size_t nv = c->bg->n_options * c->bg->n_years * TCO_BUDGET_COLS;
    for (size_t k = 0; k < nv; k++)
        biggest = fmax(biggest, fabs(c->bg->value[k]));
    for (size_t i = 0; i < s->n_options; i++)
        biggest = fmax(biggest, fabs(c->r->options[i].total) + fabs(c->r->options[i].capex));
    for (int k = 0; k < TCO_BUDGET_COLS; k++)
        if (tco_budget_col_shown(s, (tco_budget_col)k))
            label_w = fmax(label_w, tci_utf8_width(an_label(c, k)) + 2);
    label_w = fmax(label_w, tci_utf8_width(an_head(c)) * 1.1 + 2); /* bold */
    int money_w = xw_imax(11, xw_money_width(c, biggest) + 1);
    xw_set_col(ws, AN_LABEL, AN_LABEL, label_w);
    xw_set_col(ws, AN_TOTAL, AN_Y0 + ny - 1, money_w);
    xw_labelf(c, t, sizeof t, "annual.subtitle",
              "Each option's cash flow by fiscal year and line, in {currency}: each figure the "
              "sum of its monthly sheet's line over the months of the year (live). Horizon: all "
              "the years; a commitment past the horizon falls in no year.",
              "currency", c->currency, NULL);
    xw_span sp = {AN_Y0 + ny - 1, label_w + money_w * (ny + 1)};
    xw_title(c, ws, sp, xw_label(c, "annual.title", "Annual view"), t);
    xw_pager pg;
    xw_pager_init(&pg, c, xw_cols_px(label_w + money_w * (ny + 1)));
    pg.last_col = AN_Y0 + ny - 1;
    pg.page_start = AN_TITLE_ROWS;
    int row = AN_TITLE_ROWS;
    for (size_t i = 0; i < s->n_options && !c->err && !c->nomem; i++) {
        int n = an_rows(c, i);
        xw_pager_block(&pg, row, n - 1);
        row = an_block(c, i, row);
    }
    xw_pager_apply(c, ws, &pg, row - 2);
}
