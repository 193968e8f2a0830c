/* stmtsheet.c - the Statements sheet (docs/WORKBOOK.md, Statements; MODEL.md,
 * Statements by fiscal year): per option, its income statement, cash-flow
 * statement and year-end balances, the lines down and the fiscal years
 * across. A year's flow is a SUMIFS of rows of the option's cash-flow sheet by
 * its fiscal-year row, a balance the row at the year's last month; the totals
 * (EBITDA, the pre- and after-tax effects, the net cash) add up the lines
 * above them. The years and every cached value are the engine's statements
 * (c->st, tco_statements_compute). The plans' blocks follow the options'
 * (stmtplan.c). */
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/sheets.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SM_LABEL_W    22 /* the lines' labels, at least */
#define SM_TITLE_ROWS 3

/* Whether option i's statements have line col (MODEL.md: a rent option has
 * only operating expenses and operating cash). */
static int sm_has(const xw_ctx *c, size_t i, int col)
{
    const xw_optsheet *L = &c->os[i];
    int on_books = L->st.r_roudep != XW_NONE, tax = L->r_tax != XW_NONE;
    if (col < TCO_LINES)
        return tco_cost_line_of((tco_cost_line)col, L->buy);
    switch (col) {
    case TCO_STMT_LEASE_COST:
        return L->st.r_lcost != XW_NONE;
    case TCO_STMT_DEPRECIATION:
        return L->buy;
    case TCO_STMT_INTEREST:
    case TCO_STMT_FINANCING_CASH:
        return L->loan || on_books;
    case TCO_STMT_LOSS_ON_SALE:
        return L->st.r_loss != XW_NONE;
    case TCO_STMT_TAX:
    case TCO_STMT_AFTER_TAX:
        return tax;
    case TCO_STMT_INVESTING_CASH:
        return L->buy && (!L->lease || L->st.r_loss != XW_NONE);
    case TCO_STMT_BOOK_VALUE:
        return L->st.r_bv != XW_NONE;
    case TCO_STMT_ROU_ASSET:
    case TCO_STMT_LEASE_LIABILITY:
        return L->lease;
    case TCO_STMT_LOAN_BALANCE:
        return L->loan;
    default: /* EBITDA, the pre-tax effect, operating and net cash */
        return 1;
    }
}

/* See sheets.h. Each option's block: its heading, the years, the years' last
 * months, then each part's heading and lines, and a blank row. */
void xw_statements_layout(xw_ctx *c)
{
    size_t n = c->s->n_options;
    if (!c->bg || tco_statements_compute(c->r, &c->st) != TCO_OK) {
        c->nomem = 1;
        return;
    }
    c->st_line = malloc((n * TCO_STMT_COLS + 1) * sizeof *c->st_line);
    c->st_last = malloc((n + 1) * sizeof *c->st_last);
    if (!c->st_line || !c->st_last) {
        c->nomem = 1;
        return;
    }
    int row = SM_TITLE_ROWS;
    for (size_t i = 0; i < n; i++) {
        int *at = &c->st_line[i * TCO_STMT_COLS], part = -1;
        c->st_last[i] = row + 2;
        row += 3;
        for (int col = 0; col < TCO_STMT_COLS; col++) {
            at[col] = XW_NONE;
            if (!sm_has(c, i, col))
                continue;
            if (xw_stmt_part(col) != part) /* the part's heading */
                part = xw_stmt_part(col), row++;
            at[col] = row++;
        }
        row++;
    }
    xw_stmt_plan_layout(c, row);
}

/* The cell of option i's line col in year column ycol, on this sheet. */
static xw_refbuf cell(const xw_ctx *c, size_t i, int col, int ycol)
{
    return xw_ref(NULL, c->st_line[i * TCO_STMT_COLS + col], ycol, 0, 0);
}

/* Appends "+SUMIFS(row's months, fys, yr)" (or "-") to f at *len. */
static void add_sumifs(const xw_ctx *c, size_t i, int row, int neg, const char *fys, const char *yr,
                       char *f, size_t fs, size_t *len)
{
    const xw_optsheet *L = &c->os[i];
    if (row == XW_NONE || *len >= fs)
        return;
    xw_refbuf r = xw_range(L->quoted, row, XW_COL_M0, row, XW_COL_M0 + c->s->horizon_months);
    *len += (size_t)tci_utf8_format(f + *len, fs - *len, "%sSUMIFS(%s,%s,%s)",
                                    neg                  ? "-"
                                    : f[*len - 1] == '=' ? ""
                                                         : "+",
                                    r.s, fys, yr);
}

/* Appends "+cell" of line col (when the option has it) to f at *len. */
static void add_cell(const xw_ctx *c, size_t i, int col, int ycol, char *f, size_t fs, size_t *len)
{
    if (c->st_line[i * TCO_STMT_COLS + col] == XW_NONE || *len >= fs)
        return;
    *len += (size_t)tci_utf8_format(f + *len, fs - *len, "%s%s", f[*len - 1] == '=' ? "" : "+",
                                    cell(c, i, col, ycol).s);
}

/* The formula of option i's line col in year column ycol (its year in the
 * heading's cell yr, its last month in the cell last), in f. */
static const char *sm_formula(xw_ctx *c, size_t i, int col, int ycol, const char *yr,
                              const char *last, char *f, size_t fs)
{
    const xw_optsheet *L = &c->os[i];
    const int H = c->s->horizon_months;
    xw_refbuf fys = xw_range(L->quoted, L->r_fy, XW_COL_M0, L->r_fy, XW_COL_M0 + H);
    const char *y = fys.s;
    int on_books = L->st.r_roudep != XW_NONE;
    size_t len = 1;
    tci_utf8_format(f, fs, "=");
    if (col >= TCO_STMT_FIRST_BALANCE) {
        int row = col == TCO_STMT_BOOK_VALUE     ? L->st.r_bv
                  : col == TCO_STMT_ROU_ASSET    ? L->st.r_rou
                  : col == TCO_STMT_LOAN_BALANCE ? L->r_lclose
                                                 : L->st.r_llclose;
        return xw_formula(c, f, fs, "=INDEX(%s,1,%s+1)",
                          xw_range(L->quoted, row, XW_COL_M0, row, XW_COL_M0 + H).s, last);
    }
    if (col < TCO_LINES) {
        add_sumifs(c, i, L->r_line[col], 0, y, yr, f, fs, &len);
        if (col == TCO_LINE_RENTAL && !L->buy) /* a rent option's upfront, at month 0 */
            add_sumifs(c, i, L->r_capex, 0, y, yr, f, fs, &len);
        return f;
    }
    switch (col) {
    case TCO_STMT_LEASE_COST:
        add_sumifs(c, i, L->st.r_lcost, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_EBITDA:
        for (int k = 0; k <= TCO_STMT_LEASE_COST; k++)
            add_cell(c, i, k, ycol, f, fs, &len);
        if (c->s->carbon_in_total) /* MODEL.md, The carbon cost in the total */
            add_sumifs(c, i, L->co2.r_cost, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_DEPRECIATION:
        add_sumifs(c, i, on_books ? L->st.r_roudep : L->r_dep, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_INTEREST:
        add_sumifs(c, i, L->loan ? L->r_lint : L->st.r_llint, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_LOSS_ON_SALE:
        add_sumifs(c, i, L->st.r_loss, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_PRE_TAX:
        add_cell(c, i, TCO_STMT_EBITDA, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_DEPRECIATION, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_INTEREST, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_LOSS_ON_SALE, ycol, f, fs, &len);
        break;
    case TCO_STMT_TAX:
        add_sumifs(c, i, L->r_tax, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_AFTER_TAX:
        add_cell(c, i, TCO_STMT_PRE_TAX, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_TAX, ycol, f, fs, &len);
        break;
    case TCO_STMT_OPERATING_CASH:
        /* The cost lines and the tax paid; interest paid; an operating
         * lease's payments, month 0's among them. */
        for (int k = 0; k < TCO_LINES; k++)
            add_cell(c, i, k, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_TAX, ycol, f, fs, &len);
        if (c->s->carbon_in_total)
            add_sumifs(c, i, L->co2.r_cost, 0, y, yr, f, fs, &len);
        if (L->loan)
            add_sumifs(c, i, L->r_lint, 0, y, yr, f, fs, &len);
        if (L->lease) /* on the books, what is paid less the principal: the interest */
            add_sumifs(c, i, L->r_epay, 0, y, yr, f, fs, &len);
        if (on_books) {
            add_sumifs(c, i, L->r_ebuy, 0, y, yr, f, fs, &len);
            add_sumifs(c, i, L->st.r_llprin, 1, y, yr, f, fs, &len);
        }
        break;
    case TCO_STMT_INVESTING_CASH:
        if (!L->lease)
            add_sumifs(c, i, L->r_capex, 0, y, yr, f, fs, &len);
        else if (!on_books)
            add_sumifs(c, i, L->r_ebuy, 0, y, yr, f, fs, &len);
        add_sumifs(c, i, L->r_resid, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_FINANCING_CASH:
        if (L->loan) {
            add_sumifs(c, i, L->r_lent, 0, y, yr, f, fs, &len);
            add_sumifs(c, i, L->r_lprin, 0, y, yr, f, fs, &len);
            add_sumifs(c, i, L->r_lbal, 0, y, yr, f, fs, &len);
        } else {
            add_sumifs(c, i, L->st.r_llprin, 0, y, yr, f, fs, &len);
        }
        break;
    case TCO_STMT_NET_CASH:
        add_cell(c, i, TCO_STMT_OPERATING_CASH, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_INVESTING_CASH, ycol, f, fs, &len);
        add_cell(c, i, TCO_STMT_FINANCING_CASH, ycol, f, fs, &len);
        break;
    default:
        break;
    }
    if (len == 1)
        tci_utf8_format(f, fs, "=0");
    return f;
}

/* Option i's block: its heading (the option's label), the years, their
 * last months, the parts and their lines. */
static void sm_block(xw_ctx *c, size_t i)
{
    lxw_worksheet *ws = c->statements;
    const xw_optsheet *L = &c->os[i];
    const int ny = (int)c->st->n_years, H = c->s->horizon_months;
    const int lastrow = c->st_last[i], head = lastrow - 1;
    char f[XW_FBUF];
    xw_section(c, ws, head - 1, c->label[i]);
    lxw_format *yf = xw_fmt_num(c, XS_HEADNUM, c->s->start ? "\"FY\"0" : "\"Y\"0");
    xw_header_text(c, ws, head, XW_STMT_LABEL, xw_label(c, "budget.head.year", "Fiscal year"));
    xw_header(c, ws, head, XW_STMT_TOTAL, xw_label(c, "annual.head.total", "Horizon"));
    for (int y = 0; y < ny; y++) {
        const tco_fiscal_year *fy = &c->st->budget->years[y];
        double num = xw_fy_number(c, fy->first_month);
        int ycol = XW_STMT_Y0 + y;
        if (y == 0)
            xw_formula(c, f, sizeof f, "=%s", xw_ref(L->quoted, L->r_fy, XW_COL_M0, 1, 1).s);
        else
            xw_formula(c, f, sizeof f, "=%s+1", xw_ref(NULL, head, ycol - 1, 0, 0).s);
        xw_fnum(c, ws, head, ycol, f, num, yf);
    }
    xw_text(c, ws, lastrow, XW_STMT_LABEL,
            xw_label(c, "statements.last_month", "The year's last month (balances at its end)"),
            xw_fmt(c, XS_NOTE, XN_NONE));
    xw_refbuf fys = xw_range(L->quoted, L->r_fy, XW_COL_M0, L->r_fy, XW_COL_M0 + H);
    for (int y = 0; y < ny; y++) {
        const tco_fiscal_year *fy = &c->st->budget->years[y];
        int ycol = XW_STMT_Y0 + y;
        xw_refbuf yr = xw_ref(NULL, head, ycol, 1, 0);
        xw_fnum(c, ws, lastrow, ycol,
                xw_formula(c, f, sizeof f, "=COUNTIF(%s,\"<\"&%s)+COUNTIF(%s,%s)-1", fys.s, yr.s,
                           fys.s, yr.s),
                fy->last_month, xw_fmt(c, XS_CALC, XN_INT));
    }
    int part = -1;
    for (int col = 0; col < TCO_STMT_COLS; col++) {
        int row = c->st_line[i * TCO_STMT_COLS + col];
        if (row == XW_NONE)
            continue;
        if (xw_stmt_part(col) != part) {
            part = xw_stmt_part(col);
            xw_text(c, ws, row - 1, XW_STMT_LABEL, xw_stmt_part_label(c, part),
                    xw_fmt(c, XS_HEADER, XN_NONE));
        }
        xw_stmt_line(c, i, col, row, head, lastrow,
                     &c->st->value[i * c->st->n_years * TCO_STMT_COLS], sm_formula);
    }
}

/* See sheets.h. */
void xw_write_statements(xw_ctx *c)
{
    lxw_worksheet *ws = c->statements;
    if (!xw_sheet_due(c, ws) || !c->st || !c->st_line || !c->st_last)
        return;
    const tco_scenario *s = c->s;
    const int ny = (int)c->st->n_years;
    char t[XW_TBUF];
    double biggest = 0, label_w = SM_LABEL_W;
    size_t nv = c->st->n_options * c->st->n_years * TCO_STMT_COLS;
    for (size_t k = 0; k < nv; k++)
        biggest = fmax(biggest, fabs(c->st->value[k]));
    for (size_t i = 0; i < s->n_options; i++)
        biggest = fmax(biggest, fabs(c->r->options[i].total) + fabs(c->r->options[i].capex));
    biggest = fmax(biggest, xw_stmt_plans_biggest(c));
    for (int col = 0; col < TCO_STMT_COLS; col++)
        label_w = fmax(
            label_w, tci_utf8_width(xw_stmt_label(c, col)) * (xw_stmt_is_total(col) ? 1.1 : 1) + 2);
    int money_w = xw_imax(11, xw_money_width(c, biggest));
    xw_set_col(ws, XW_STMT_LABEL, XW_STMT_LABEL, label_w);
    xw_set_col(ws, XW_STMT_TOTAL, XW_STMT_Y0 + ny - 1, money_w);
    xw_labelf(c, t, sizeof t, "statements.subtitle",
              "Each option's income statement, cash flow and year-end balances by fiscal year, in "
              "{currency}, a cost view: costs and outflows positive, receipts and gains "
              "negative. Each flow is the sum of its monthly sheet's rows over the year's months, "
              "each balance the row at the year's last month (live). Tax is the Budget's cash "
              "tax (no deferred tax). Each plan's follow, over its sheet's rows.",
              "currency", c->currency, NULL);
    xw_span sp = {XW_STMT_Y0 + ny - 1, label_w + money_w * (ny + 1)};
    xw_title(c, ws, sp, xw_label(c, "statements.title", "Statements by fiscal year"), t);
    xw_pager pg;
    xw_pager_init(&pg, c, xw_cols_px(label_w + money_w * (ny + 1)));
    xw_pager_readable(&pg, c); /* two options' blocks a page */
    pg.last_col = XW_STMT_Y0 + ny - 1;
    pg.page_start = SM_TITLE_ROWS;
    int end = SM_TITLE_ROWS;
    for (size_t i = 0; i < s->n_options && !c->err && !c->nomem; i++) {
        int first = c->st_last[i] - 2, last = first;
        for (int col = 0; col < TCO_STMT_COLS; col++)
            last = xw_imax(last, c->st_line[i * TCO_STMT_COLS + col]);
        xw_pager_block(&pg, first, last - first + 1);
        sm_block(c, i);
        end = last + 2;
    }
    end = xw_imax(end, xw_write_stmt_plans(c, &pg));
    xw_pager_apply(c, ws, &pg, end - 2);
}
