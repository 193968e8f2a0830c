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
