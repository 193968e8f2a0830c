/* planstmt.c - the rows of a plan's sheet that its statements need and the
 * other rows do not hold (docs/MODEL.md, A plan's statements; docs/WORKBOOK.md,
 * Statements), in a block at the end of the sheet: for an owned part bought
 * at once, in cash or on a loan, its book depreciation by the owned option's
 * method, its book value after the sale at month H, the loss on that sale and
 * the loan's balance at each month's end. Each month one formula over the
 * sheet's flags and rows, the engine's month (tco_statements' plan_monthly)
 * cached. The Statements sheet (stmtplan.c) adds them up by fiscal year, with
 * the sheet's cost lines, capex, residual, loan and rent rows, which
 * xw_pl_stmt_layout hands it. */
#include "write/xlsx/planw.h"
#include "write/xlsx/sheets.h"

/* The engine's month m of plan S->p, statement column col. */
static double pmv(const pl_sheet *S, int m, int col)
{
    const tco_statements *st = S->c->st;
    if (!st || !st->plan_monthly)
        return 0;
    return st->plan_monthly[(S->p * st->n_months + (size_t)m) * TCO_STMT_COLS + (size_t)col];
}

/* The row of the plan's sheet that holds each month's tax, the statements'
 * tax line (MODEL.md, A plan's statements), or XW_NONE while the sheet has
 * none: the one place the tax line is read from. */
static int tax_row(const pl_rows *R)
{
    (void)R;
    return XW_NONE;
}

static void st_heading(const pl_sheet *S, int row)
{
    xw_text(S->c, S->ws, row, 0,
            xw_label(S->c, "option.st.heading", "For the statements (the Statements sheet)"),
            xw_fmt(S->c, XS_SECTION, XN_NONE));
}

/* A row of one formula a month (fn, for the month in column col), cached
 * with the engine's statement column scol; a flow's total in column C (a
 * balance's column C stays empty: its month 0 reads it as the month before). */
typedef void (*cell_fn)(const pl_sheet *S, int row, int col, char *f, size_t fs);

static void month_row(const pl_sheet *S, int row, cell_fn fn, int scol)
{
    char f[XW_FBUF];
    double sum = 0;
    for (int m = 0; m <= S->H; m++) {
        double v = pmv(S, m, scol);
        sum += v;
        fn(S, row, XW_COL_M0 + m, f, sizeof f);
        pl_fig(S, row, XW_COL_M0 + m, f, v, S->money);
    }
    if (scol < TCO_STMT_FIRST_BALANCE)
        pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

/* The book depreciation of the month: the owned option's method over the
 * plan's capex, its salvage the option's fraction of it, in the years of the
 * option's life (its sheet's life in column C), from month 1. */
static void f_dep(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    xw_ctx *c = S->c;
    const xw_optsheet *O = &c->os[S->pl->own_i];
    char sv[XW_FBUF / 8], body[XW_FBUF / 2];
    (void)row;
    xw_refbuf b = pl_drv(S->R.k_capex), y = pl_at(S->R.r_year, col),
              life = xw_ref(O->quoted, O->k_life, XW_COL_VAL, 1, 1);
    xw_formula(c, sv, sizeof sv, "%s*%s", b.s, xw_ow_in(&S->wo, TCO_O_SALVAGE_FRACTION).s);
    switch (S->wo.o->depreciation) {
    case TCO_DEP_STRAIGHT_LINE:
        xw_formula(c, body, sizeof body, "SLN(%s,%s,%s)", b.s, sv, life.s);
        break;
    case TCO_DEP_DOUBLE_DECLINING:
        xw_formula(c, body, sizeof body, "VDB(%s,%s,%s,%s-1,%s)", b.s, sv, life.s, y.s, y.s);
        break;
    case TCO_DEP_SUM_OF_YEARS:
        xw_formula(c, body, sizeof body, "SYD(%s,%s,%s,%s)", b.s, sv, life.s, y.s);
        break;
    default: { /* MACRS: the table's rate of the year */
        int mc = S->wo.o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_formula(c, body, sizeof body, "%s*INDEX(%s,%s)", b.s,
                   xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s,
                   y.s);
        break;
    }
    }
    xw_formula(c, f, fs, "=IF(AND(%s>=1,%s<=%s),%s/12,0)", y.s, y.s, life.s, body);
}

static void dep_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_dep, TCO_STMT_DEPRECIATION);
}

/* The book value before the sale at month H, in the month in column col (in
 * t): the month before's, the capex paid in it, less its depreciation. */
static const char *before_sale(const pl_sheet *S, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "(%s+%s-%s)", xw_ref(NULL, S->R.r_sbv, col - 1, 0, 0).s,
                      pl_at(S->R.r_capex, col).s, pl_at(S->R.r_sdep, col).s);
}

/* The book value at the month's end, 0 once sold at month H. */
static void f_bv(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2];
    (void)row;
    xw_formula(S->c, f, fs, "=%s*(1-%s)", before_sale(S, col, t, sizeof t),
               pl_at(S->R.f_end, col).s);
}

static void bv_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_bv, TCO_STMT_BOOK_VALUE);
}

/* At month H: the book value before the sale less the residual (its row
 * holds it as a receipt, negative). */
static void f_loss(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2];
    (void)row;
    xw_formula(S->c, f, fs, "=%s*%s+%s", before_sale(S, col, t, sizeof t), pl_at(S->R.f_end, col).s,
               pl_at(S->R.r_resid, col).s);
}

static void loss_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_loss, TCO_STMT_LOSS_ON_SALE);
}

/* The loan's balance at the month's end: the month before's, what it lends
 * (its row negative), less the principal and the balance repaid. */
static void f_loan(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    xw_formula(S->c, f, fs, "=%s-%s-%s-%s", xw_ref(NULL, row, col - 1, 0, 0).s,
               pl_at(R->r_lent, col).s, pl_at(R->r_lprin, col).s, pl_at(R->r_lbal, col).s);
}

static void loan_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_loan, TCO_STMT_LOAN_BALANCE);
}

/* See planw.h. */
const pl_row xw_pl_stmt_rows[] = {
    PHEADING(s_st, PW_ST_OWN, st_heading),
    PLABEL(r_sdep, PW_ST_OWN, XW_KEY("option.dep"), "Depreciation", PU_CURRENCY, dep_row),
    PLABEL(r_sbv, PW_ST_OWN, XW_KEY("option.st.bv"),
           "Book value after the sale at the horizon, end of month", PU_CURRENCY, bv_row),
    PLABEL(r_sloss, PW_ST_OWN, XW_KEY("option.st.loss"),
           "Loss on the sale at the horizon: book value before it - residual (negative: a gain)",
           PU_CURRENCY, loss_row),
    PLABEL(r_sloan, PW_ST_OWN | PW_FIN_LOAN, XW_KEY("option.lclose"), "Loan balance, end of month",
           PU_CURRENCY, loan_row),
};

/* See planw.h. */
const size_t xw_pl_n_stmt_rows = sizeof xw_pl_stmt_rows / sizeof xw_pl_stmt_rows[0];

/* See planw.h. The Statements sheet shows a plan whose owned part (if any)
 * has the rows above, with its Budget block, and with [tax] a tax row. */
void xw_pl_stmt_layout(const xw_ctx *c, size_t p, const pl_rows *R, xw_plansheet *ps)
{
    const tco_plan *pl = &c->s->plans[p];
    for (int k = 0; k < TCO_LINES; k++)
        ps->st_line[k] = pl->own_i >= 0 ? R->r_line[k] : XW_NONE;
    ps->st_rent[0] = R->r_res_up;
    ps->st_rent[1] = R->r_res_rent;
    ps->st_rent[2] = R->r_ov_cost;
    ps->st_capex = pl->own_i >= 0 ? R->r_capex : XW_NONE;
    ps->st_resid = pl->own_i >= 0 ? R->r_resid : XW_NONE;
    ps->st_lent = R->r_lint != XW_NONE ? R->r_lent : XW_NONE;
    ps->st_lint = R->r_lint;
    ps->st_lprin = R->r_lprin;
    ps->st_lbal = R->r_lint != XW_NONE ? R->r_lbal : XW_NONE;
    ps->st_dep = R->r_sdep;
    ps->st_bv = R->r_sbv;
    ps->st_loss = R->r_sloss;
    ps->st_loan = R->r_sloan;
    ps->st_tax = tax_row(R);
    ps->st_commit[0] = R->r_res_commit;
    ps->st_commit[1] = R->r_own_commit;
    ps->st_ok = R->r_fy != XW_NONE && R->r_net != XW_NONE &&
                (pl->own_i < 0 || R->r_sdep != XW_NONE) && (!c->s->tax || ps->st_tax != XW_NONE);
}
