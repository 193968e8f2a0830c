/* stmtlines.c - the lines of the Statements sheet (docs/WORKBOOK.md, Statements):
 * their columns, their three parts, their labels and which are totals, shared
 * by the options' blocks (stmtsheet.c) and the plans' (stmtplan.c). */
#include "write/xlsx/cell.h"
#include "write/xlsx/sheets.h"

/* See sheets.h. */
int xw_stmt_col(int y)
{
    return XW_STMT_Y0 + y;
}

/* See sheets.h. */
int xw_stmt_part(int col)
{
    return col < TCO_STMT_OPERATING_CASH  ? XW_STMT_INCOME
           : col < TCO_STMT_FIRST_BALANCE ? XW_STMT_CASH
                                          : XW_STMT_BALANCES;
}

/* See sheets.h. */
const char *xw_stmt_label(xw_ctx *c, int col)
{
    static const char *const keys[TCO_STMT_COLS - TCO_LINES][2] = {
        {XW_KEY("statements.lease_cost"), "Straight-line lease cost"},
        {XW_KEY("statements.ebitda"), "EBITDA effect"},
        {XW_KEY("statements.depreciation"), "Depreciation"},
        {XW_KEY("statements.interest"), "Interest"},
        {XW_KEY("statements.loss_on_sale"), "Loss (gain) on sale"},
        {XW_KEY("statements.pre_tax"), "Pre-tax effect"},
        {XW_KEY("statements.tax"), "Tax (cash)"},
        {XW_KEY("statements.after_tax"), "After-tax effect"},
        {XW_KEY("statements.operating"), "Operating cash"},
        {XW_KEY("statements.investing"), "Investing cash"},
        {XW_KEY("statements.financing"), "Financing cash"},
        {XW_KEY("statements.net"), "Net cash (the Budget)"},
        {XW_KEY("statements.book_value"), "Book value"},
        {XW_KEY("statements.rou"), "Right-of-use asset"},
        {XW_KEY("statements.loan_balance"), "Loan balance"},
        {XW_KEY("statements.lease_liability"), "Lease liability"},
    };
    if (col < TCO_LINES)
        return xw_line_label(c, (tco_cost_line)col);
    return xw_label(c, keys[col - TCO_LINES][0], keys[col - TCO_LINES][1]);
}

/* See sheets.h. */
const char *xw_stmt_part_label(xw_ctx *c, int part)
{
    return part == XW_STMT_INCOME ? xw_label(c, "statements.part.income", "Income statement")
           : part == XW_STMT_CASH ? xw_label(c, "statements.part.cash", "Cash-flow statement")
                                  : xw_label(c, "statements.part.balances", "Year-end balances");
}

/* See sheets.h. */
int xw_stmt_is_total(int col)
{
    return col == TCO_STMT_EBITDA || col == TCO_STMT_PRE_TAX || col == TCO_STMT_AFTER_TAX ||
           col == TCO_STMT_NET_CASH;
}

/* See sheets.h. */
void xw_stmt_line(xw_ctx *c, size_t who, int col, int row, int head, int lastrow,
                  const double *years, xw_stmt_formula_fn formula)
{
    lxw_worksheet *ws = c->statements;
    const int ny = (int)c->st->n_years, total = xw_stmt_is_total(col);
    lxw_format *fm = xw_fmt(c, total ? XS_TOTAL : XS_CALC, XN_MONEY);
    char f[XW_FBUF];
    double sum = 0;
    xw_text(c, ws, row, XW_STMT_LABEL, xw_stmt_label(c, col),
            xw_fmt(c, total ? XS_TOTAL : XS_TEXT, XN_NONE));
    for (int y = 0; y < ny; y++) {
        double v = years[(size_t)y * TCO_STMT_COLS + (size_t)col];
        int ycol = xw_stmt_col(y);
        sum += v;
        xw_refbuf yr = xw_ref(NULL, head, ycol, 1, 0), last = xw_ref(NULL, lastrow, ycol, 1, 0);
        xw_fnum(c, ws, row, ycol, formula(c, who, col, ycol, yr.s, last.s, f, sizeof f), v, fm);
    }
    if (col >= TCO_STMT_FIRST_BALANCE) /* a balance has no total over the years: its Horizon
                                          cell stays empty */
        return;
    xw_fnum(c, ws, row, XW_STMT_TOTAL,
            xw_formula(c, f, sizeof f, "=SUM(%s)",
                       xw_range(NULL, row, xw_stmt_col(0), row, xw_stmt_col(ny - 1)).s),
            sum, xw_fmt(c, XS_TOTAL, XN_MONEY));
}
