/* stmtplan.c - the plans' blocks of the Statements sheet (docs/WORKBOOK.md,
 * Statements; MODEL.md, A plan's statements): after the options', one a plan
 * in the Budget's order, with an option's lines: the fiscal years across, a
 * year's flow a SUMIFS of rows of the plan's sheet by its fiscal-year row, a
 * balance the row at the year's last month, the totals adding up the lines
 * above them. The rows are those xw_pl_stmt_layout hands over (planstmt.c);
 * every cached value is the engine's (c->st's plan_value). A plan whose sheet
 * lacks rows its statements need (MODEL.md lists the shapes) has no block. */
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/sheets.h"
#include "util/utf8.h"

#include <math.h>
#include <stdlib.h>

/* Whether plan p's statements have line col. */
static int sp_has(const xw_ctx *c, size_t p, int col)
{
    const xw_plansheet *ps = &c->ps[p];
    if (col < TCO_LINES)
        return col == TCO_LINE_RENTAL ? ps->st_rent[0] != XW_NONE || ps->st_rent[1] != XW_NONE ||
                                            ps->st_rent[2] != XW_NONE
                                      : ps->st_line[col] != XW_NONE;
    switch (col) {
    case TCO_STMT_LEASE_COST:
        return ps->st_lcost != XW_NONE;
    case TCO_STMT_DEPRECIATION:
        return ps->st_dep != XW_NONE;
    case TCO_STMT_LOSS_ON_SALE:
        return ps->st_loss != XW_NONE;
    case TCO_STMT_INVESTING_CASH:
        return ps->st_capex != XW_NONE || ps->st_resid != XW_NONE;
    case TCO_STMT_BOOK_VALUE:
        return ps->st_bv != XW_NONE;
    case TCO_STMT_INTEREST:
        return ps->st_lint[0] != XW_NONE;
    case TCO_STMT_FINANCING_CASH:
        return ps->st_loan != XW_NONE || ps->st_llprin != XW_NONE || ps->st_lprin[0] != XW_NONE;
    case TCO_STMT_LOAN_BALANCE:
        return ps->st_loan != XW_NONE;
    case TCO_STMT_ROU_ASSET:
        return ps->st_rou != XW_NONE;
    case TCO_STMT_LEASE_LIABILITY:
        return ps->st_ll != XW_NONE;
    case TCO_STMT_TAX:
    case TCO_STMT_AFTER_TAX:
        return ps->st_tax != XW_NONE;
    default: /* EBITDA, the pre-tax effect, operating and net cash */
        return 1;
    }
}

/* See sheets.h. */
int xw_stmt_plan_layout(xw_ctx *c, int row)
{
    size_t np = c->ps && c->bg_prow ? c->s->n_plans : 0;
    if (!np)
        return row;
    c->st_pline = malloc(np * TCO_STMT_COLS * sizeof *c->st_pline);
    c->st_plast = malloc(np * sizeof *c->st_plast);
    if (!c->st_pline || !c->st_plast) {
        c->nomem = 1;
        return row;
    }
    for (size_t p = 0; p < np; p++) {
        int *at = &c->st_pline[p * TCO_STMT_COLS], part = -1;
        c->st_plast[p] = XW_NONE;
        for (int col = 0; col < TCO_STMT_COLS; col++)
            at[col] = XW_NONE;
        if (!c->ps[p].st_ok || c->bg_prow[p] == XW_NONE)
            continue;
        c->st_plast[p] = row + 2;
        row += 3;
        for (int col = 0; col < TCO_STMT_COLS; col++) {
            if (!sp_has(c, p, col))
                continue;
            if (xw_stmt_part(col) != part) /* the part's heading */
                part = xw_stmt_part(col), row++;
            at[col] = row++;
        }
        row++;
    }
    return row;
}

/* Appends "+SUMIFS(row's months, fys, yr)" (or "-") of plan p's sheet to f
 * at *len. */
static void add_sumifs(const xw_ctx *c, size_t p, int row, int neg, const char *fys, const char *yr,
                       char *f, size_t fs, size_t *len)
{
    const xw_plansheet *ps = &c->ps[p];
    if (row == XW_NONE || *len >= fs)
        return;
    xw_refbuf r = xw_range(ps->quoted, row, XW_COL_M0, row, XW_COL_M0 + c->s->horizon_months);
    *len += (size_t)tci_utf8_format(f + *len, fs - *len, "%sSUMIFS(%s,%s,%s)",
                                    neg                  ? "-"
                                    : f[*len - 1] == '=' ? ""
                                                         : "+",
                                    r.s, fys, yr);
}

/* Appends "+cell" of plan p's line col (when it has it) in column ycol. */
static void add_cell(const xw_ctx *c, size_t p, int col, int ycol, char *f, size_t fs, size_t *len)
{
    int row = c->st_pline[p * TCO_STMT_COLS + col];
    if (row == XW_NONE || *len >= fs)
        return;
    *len += (size_t)tci_utf8_format(f + *len, fs - *len, "%s%s", f[*len - 1] == '=' ? "" : "+",
                                    xw_ref(NULL, row, ycol, 0, 0).s);
}

/* The formula of plan p's line col in year column ycol (its year in the
 * heading's cell yr, its last month in the cell last), in f. */
static const char *sp_formula(xw_ctx *c, size_t p, int col, int ycol, const char *yr,
                              const char *last, char *f, size_t fs)
{
    const xw_plansheet *ps = &c->ps[p];
    const int H = c->s->horizon_months;
    xw_refbuf fys = xw_range(ps->quoted, ps->r_fy, XW_COL_M0, ps->r_fy, XW_COL_M0 + H);
    const char *y = fys.s;
    size_t len = 1;
    tci_utf8_format(f, fs, "=");
    if (col >= TCO_STMT_FIRST_BALANCE) {
        int row = col == TCO_STMT_BOOK_VALUE     ? ps->st_bv
                  : col == TCO_STMT_ROU_ASSET    ? ps->st_rou
                  : col == TCO_STMT_LOAN_BALANCE ? ps->st_loan
                                                 : ps->st_ll;
        return xw_formula(c, f, fs, "=INDEX(%s,1,%s+1)",
                          xw_range(ps->quoted, row, XW_COL_M0, row, XW_COL_M0 + H).s, last);
    }
    if (col < TCO_LINES) {
        add_sumifs(c, p, ps->st_line[col], 0, y, yr, f, fs, &len);
        if (col == TCO_LINE_RENTAL) /* the reserved part's upfront and rental, the overflow */
            for (int k = 0; k < 3; k++)
                add_sumifs(c, p, ps->st_rent[k], 0, y, yr, f, fs, &len);
        return len == 1 ? xw_formula(c, f, fs, "=0") : f;
    }
    switch (col) {
    case TCO_STMT_LEASE_COST:
        add_sumifs(c, p, ps->st_lcost, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_EBITDA:
        for (int k = 0; k <= TCO_STMT_LEASE_COST; k++)
            add_cell(c, p, k, ycol, f, fs, &len);
        /* With carbon_in_total, the carbon cost (MODEL.md, A plan's carbon
         * cost in its total); XW_NONE adds nothing. */
        add_sumifs(c, p, ps->r_co2_cost, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_DEPRECIATION:
        add_sumifs(c, p, ps->st_dep, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_INTEREST:
        for (int k = 0; k <= TCO_MAX_BUYS; k++)
            add_sumifs(c, p, ps->st_lint[k], 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_LOSS_ON_SALE:
        add_sumifs(c, p, ps->st_loss, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_PRE_TAX:
        add_cell(c, p, TCO_STMT_EBITDA, ycol, f, fs, &len);
        add_cell(c, p, TCO_STMT_DEPRECIATION, ycol, f, fs, &len);
        add_cell(c, p, TCO_STMT_INTEREST, ycol, f, fs, &len);
        add_cell(c, p, TCO_STMT_LOSS_ON_SALE, ycol, f, fs, &len);
        break;
    case TCO_STMT_TAX:
        add_sumifs(c, p, ps->st_tax, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_AFTER_TAX:
        add_cell(c, p, TCO_STMT_PRE_TAX, ycol, f, fs, &len);
        add_cell(c, p, TCO_STMT_TAX, ycol, f, fs, &len);
        break;
    case TCO_STMT_OPERATING_CASH: /* the cost lines, the tax and the interest paid */
        for (int k = 0; k < TCO_LINES; k++)
            add_cell(c, p, k, ycol, f, fs, &len);
        add_sumifs(c, p, ps->r_co2_cost, 0, y, yr, f, fs, &len); /* paid as it falls */
        add_cell(c, p, TCO_STMT_TAX, ycol, f, fs, &len);
        if (ps->st_epay == XW_NONE) { /* a loan's interest */
            add_cell(c, p, TCO_STMT_INTEREST, ycol, f, fs, &len);
            break;
        }
        /* a lease's payments; on the books less the principal: the interest paid */
        add_sumifs(c, p, ps->st_epay, 0, y, yr, f, fs, &len);
        add_sumifs(c, p, ps->st_ebuy, 0, y, yr, f, fs, &len);
        add_sumifs(c, p, ps->st_llprin, 1, y, yr, f, fs, &len);
        break;
    case TCO_STMT_INVESTING_CASH: /* the capex, less a refresh's sale and the residual */
        add_sumifs(c, p, ps->st_capex, 0, y, yr, f, fs, &len);
        add_sumifs(c, p, ps->st_sale, 0, y, yr, f, fs, &len);
        add_sumifs(c, p, ps->st_resid, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_FINANCING_CASH: /* lent (negative), the principal and the balance repaid; a
                                     lease's payments less their interest */
        add_sumifs(c, p, ps->st_lent, 0, y, yr, f, fs, &len);
        for (int k = 0; k <= TCO_MAX_BUYS; k++)
            add_sumifs(c, p, ps->st_lprin[k], 0, y, yr, f, fs, &len);
        add_sumifs(c, p, ps->st_lbal, 0, y, yr, f, fs, &len);
        add_sumifs(c, p, ps->st_llprin, 0, y, yr, f, fs, &len);
        break;
    case TCO_STMT_NET_CASH:
        add_cell(c, p, TCO_STMT_OPERATING_CASH, ycol, f, fs, &len);
        add_cell(c, p, TCO_STMT_INVESTING_CASH, ycol, f, fs, &len);
        add_cell(c, p, TCO_STMT_FINANCING_CASH, ycol, f, fs, &len);
        break;
    default:
        break;
    }
    if (len == 1)
        tci_utf8_format(f, fs, "=0");
    return f;
}

/* Plan p's block: its heading (linked to its sheet), the years, their last
 * months, the parts and their lines. */
static void sp_block(xw_ctx *c, size_t p)
{
    lxw_worksheet *ws = c->statements;
    const xw_plansheet *ps = &c->ps[p];
    const int ny = (int)c->st->n_years, H = c->s->horizon_months;
    const int lastrow = c->st_plast[p], head = lastrow - 1;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.title", "Plan {name}", "name", c->s->plans[p].name, NULL);
    xw_link(c, ws, head - 1, 0, ps->quoted, t, xw_fmt(c, XS_LINK, XN_GENERAL));
    lxw_format *yf = xw_fmt_num(c, XS_HEADNUM, c->s->start ? "\"FY\"0" : "\"Y\"0");
    xw_header_text(c, ws, head, 0, xw_label(c, "budget.head.year", "Fiscal year"));
    xw_header(c, ws, head, xw_stmt_col(-1), xw_label(c, "annual.head.total", "Horizon"));
    for (int y = 0; y < ny; y++) {
        const tco_fiscal_year *fy = &c->st->budget->years[y];
        int ycol = xw_stmt_col(y);
        if (y == 0)
            xw_formula(c, f, sizeof f, "=%s", xw_ref(ps->quoted, ps->r_fy, XW_COL_M0, 1, 1).s);
        else
            xw_formula(c, f, sizeof f, "=%s+1", xw_ref(NULL, head, ycol - 1, 0, 0).s);
        xw_fnum(c, ws, head, ycol, f, xw_fy_number(c, fy->first_month), yf);
    }
    xw_text(c, ws, lastrow, 0,
            xw_label(c, "statements.last_month", "The year's last month (balances at its end)"),
            xw_fmt(c, XS_NOTE, XN_NONE));
    xw_refbuf fys = xw_range(ps->quoted, ps->r_fy, XW_COL_M0, ps->r_fy, XW_COL_M0 + H);
    for (int y = 0; y < ny; y++) {
        int ycol = xw_stmt_col(y);
        xw_refbuf yr = xw_ref(NULL, head, ycol, 1, 0);
        xw_fnum(c, ws, lastrow, ycol,
                xw_formula(c, f, sizeof f, "=COUNTIF(%s,\"<\"&%s)+COUNTIF(%s,%s)-1", fys.s, yr.s,
                           fys.s, yr.s),
                c->st->budget->years[y].last_month, xw_fmt(c, XS_CALC, XN_INT));
    }
    int part = -1;
    for (int col = 0; col < TCO_STMT_COLS; col++) {
        int row = c->st_pline[p * TCO_STMT_COLS + col];
        if (row == XW_NONE)
            continue;
        if (xw_stmt_part(col) != part) {
            part = xw_stmt_part(col);
            xw_text(c, ws, row - 1, 0, xw_stmt_part_label(c, part), xw_fmt(c, XS_HEADER, XN_NONE));
        }
        xw_stmt_line(c, p, col, row, head, lastrow,
                     &c->st->plan_value[p * c->st->n_years * TCO_STMT_COLS], sp_formula);
    }
}

/* See sheets.h. */
int xw_write_stmt_plans(xw_ctx *c, xw_pager *pg)
{
    int end = 0;
    for (size_t p = 0; c->st_pline && p < c->s->n_plans && !c->err && !c->nomem; p++) {
        if (c->st_plast[p] == XW_NONE)
            continue;
        int first = c->st_plast[p] - 2, last = first;
        for (int col = 0; col < TCO_STMT_COLS; col++)
            last = xw_imax(last, c->st_pline[p * TCO_STMT_COLS + col]);
        xw_pager_block(pg, first, last - first + 1);
        sp_block(c, p);
        end = last + 2;
    }
    return end;
}

/* See sheets.h. */
double xw_stmt_plans_biggest(const xw_ctx *c)
{
    double biggest = 0;
    const tco_statements *st = c->st;
    for (size_t k = 0; st && st->plan_value && k < st->n_plans * st->n_years * TCO_STMT_COLS; k++)
        biggest = fmax(biggest, fabs(st->plan_value[k]));
    return biggest;
}
