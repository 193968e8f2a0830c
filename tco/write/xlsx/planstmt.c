/* planstmt.c - the rows of a plan's sheet that its statements need and the
 * other rows do not hold (docs/MODEL.md, A plan's statements; docs/WORKBOOK.md,
 * Statements), in a block at the end of the sheet: for an owned part in cash
 * or on loans, its book depreciation by the owned option's method, its book
 * value after the sale at month H, the loss on that sale and the loans'
 * balance at each month's end; with buy_at or a refresh, each purchase's
 * depreciation by its option's method from its month and its book value
 * before its sale (at the refresh or month H); for an owned part leased at
 * once on the books (ifrs16, asc842-finance), the option sheet's lease rows
 * (optstmt.c) over the plan's drivers; under asc842-operating, the liability,
 * the straight-line cost and the asset, and when bought out the hardware's
 * book depreciation from the buyout, its book value and the loss on its sale. Each month one
 * formula over the sheet's flags and rows, the engine's month (tco_statements' plan_monthly,
 * plan_buy_dep, plan_buy_bv, plan_lease) cached. The Statements sheet
 * (stmtplan.c) adds them up by fiscal year, with the sheet's cost lines,
 * capex, residual, loan, lease and rent rows, which xw_pl_stmt_layout hands
 * it. */
#include "write/xlsx/planw.h"
#include "write/xlsx/sheets.h"
#include "util/utf8.h"

/* The engine's month m of plan S->p, statement column col. */
static double pmv(const pl_sheet *S, int m, int col)
{
    const tco_statements *st = S->c->st;
    if (!st || !st->plan_monthly)
        return 0;
    return st->plan_monthly[(S->p * st->n_months + (size_t)m) * TCO_STMT_COLS + (size_t)col];
}

/* The row of the plan's sheet that holds each month's tax, the statements'
 * tax line (MODEL.md, A plan's statements), or XW_NONE without [tax] (its Tax
 * block, plantax.c): the one place the tax line is read from. */
static int tax_row(const pl_rows *R)
{
    return R->r_tax;
}

/* See planw.h. */
void xw_pl_st_heading(const pl_sheet *S, int row)
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

/* The depreciation of capex b in the year y (text) of option w's life, by
 * its method, the salvage w's fraction of b, the life its sheet's (column C),
 * in the life's years only, /12; in f. */
const char *xw_pl_dep_of(const pl_sheet *S, const xw_optw *w, const char *b, const char *y, char *f,
                         size_t fs)
{
    xw_ctx *c = S->c;
    const xw_optsheet *O = &c->os[w->i];
    char sv[XW_FBUF / 8], body[XW_FBUF / 2];
    xw_refbuf life = xw_ref(O->quoted, O->k_life, XW_COL_VAL, 1, 1);
    const int macrs = w->o->depreciation == TCO_DEP_MACRS5 || w->o->depreciation == TCO_DEP_MACRS7;
    if (!macrs) /* MACRS has no salvage, nor Inputs a row of it */
        xw_formula(c, sv, sizeof sv, "%s*%s", b, xw_ow_in(w, TCO_O_SALVAGE_FRACTION).s);
    switch (w->o->depreciation) {
    case TCO_DEP_STRAIGHT_LINE:
        xw_formula(c, body, sizeof body, "SLN(%s,%s,%s)", b, sv, life.s);
        break;
    case TCO_DEP_DOUBLE_DECLINING:
        xw_formula(c, body, sizeof body, "VDB(%s,%s,%s,%s-1,%s)", b, sv, life.s, y, y);
        break;
    case TCO_DEP_SUM_OF_YEARS:
        xw_formula(c, body, sizeof body, "SYD(%s,%s,%s,%s)", b, sv, life.s, y);
        break;
    default: { /* MACRS: the table's rate of the year */
        int mc = w->o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_formula(c, body, sizeof body, "%s*INDEX(%s,%s)", b,
                   xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s,
                   y);
        break;
    }
    }
    return xw_formula(c, f, fs, "IF(AND(%s>=1,%s<=%s),%s/MonthsPerYear,0)", y, y, life.s, body);
}

/* ===== With buy_at or a refresh: each purchase's rows ===== */

/* Purchase j's year of ownership in the month in column col (its month 1 the
 * first), in t. */
const char *xw_pl_buy_year(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "ROUNDUP((%s-%s)/MonthsPerYear,0)", pl_at(S->R.r_month, col).s,
                      pl_drv(pl_flag(S, PF_BOUGHT, j)).s);
}

/* See planw.h. */
double xw_pl_buy_value(const pl_sheet *S, int j, int m, int k)
{
    const tco_statements *st = S->c->st;
    if (!st || !st->plan_buy_dep)
        return 0;
    size_t at = (S->p * st->plan_buys + (size_t)j) * st->n_months + (size_t)m;
    return k == 0 ? st->plan_buy_dep[at] : k == 1 ? st->plan_buy_bv[at] : st->plan_buy_interest[at];
}

/* Each purchase's depreciation (k 0) in its months in service, from the
 * month after it, by its option's method over its capex; or (k 1) its book
 * value before a sale: the month before's, unless sold then, its capex in
 * its month, less its depreciation. One row a purchase, from `first`. */
static void buy_rows(const pl_sheet *S, int first, int k)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], g[XW_FBUF], t[XW_TBUF], who[XW_TBUF], y[XW_FBUF / 8];
    for (int j = 0; j < S->nb; j++) {
        int row = first + j;
        double sum = 0;
        xw_pl_buy_name(S, j, who, sizeof who);
        if (k == 0)
            xw_labelf(c, t, sizeof t, "plan.st.dep", "Depreciation: {purchase}", "purchase", who,
                      NULL);
        else
            xw_labelf(c, t, sizeof t, "plan.st.bbv", "Book value before a sale: {purchase}",
                      "purchase", who, NULL);
        pl_label(S, row, t, S->cur, XS_TEXT);
        xw_refbuf b = pl_buy(S, j, PB_CAPEX);
        for (int m = 0; m <= S->H; m++) {
            int col = XW_COL_M0 + m;
            double v = xw_pl_buy_value(S, j, m, k);
            if (k == 0) {
                xw_pl_buy_year(S, j, col, y, sizeof y);
                xw_formula(c, f, sizeof f, "=IF(%s=1,%s,0)", pl_at(pl_flag(S, PF_IN, j), col).s,
                           xw_pl_dep_of(S, xw_pl_buy_option(S, j), b.s, y, g, sizeof g));
                sum += v;
            } else {
                xw_formula(c, f, sizeof f, "=%s*(1-%s)+%s*%s-%s",
                           xw_ref(NULL, row, col - 1, 0, 0).s,
                           xw_ref(NULL, pl_flag(S, PF_SOLD, j), col - 1, 1, 0).s, b.s,
                           pl_at(pl_flag(S, PF_BOUGHT, j), col).s, pl_at(S->R.r_sbdep + j, col).s);
            }
            pl_fig(S, row, col, f, v, S->money);
        }
        if (k == 0)
            pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
    }
}

static void bdep_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, 0);
}

static void bbv_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, 1);
}

/* ===== The owned part's rows ===== */

/* The book depreciation of the month: bought at once, the owned option's
 * method over the plan's capex from month 1; with buy_at or a refresh, the
 * purchases' rows added up. */
static void f_dep(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char g[XW_FBUF];
    (void)row;
    if (S->staged) {
        xw_formula(S->c, f, fs, "=SUM(%s)", pl_buy_rows(S, S->R.r_sbdep, col).s);
        return;
    }
    xw_formula(
        S->c, f, fs, "=%s",
        xw_pl_dep_of(S, &S->wo, pl_drv(S->R.k_capex).s, pl_at(S->R.r_year, col).s, g, sizeof g));
}

static void dep_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_dep, TCO_STMT_DEPRECIATION);
}

/* Bought at once: the book value before the sale at month H, in the month in
 * column col (in t): the month before's, the capex paid in it, less its
 * depreciation. */
static const char *before_sale(const pl_sheet *S, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "(%s+%s-%s)", xw_ref(NULL, S->R.r_sbv, col - 1, 0, 0).s,
                      pl_at(S->R.r_capex, col).s, pl_at(S->R.r_sdep, col).s);
}

/* The loss on the sales of the month: the book value before them less the
 * residuals (their rows hold them as receipts, negative); with buy_at or a
 * refresh, of the purchases sold in it. */
static void f_loss(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2];
    (void)row;
    if (!S->staged) {
        xw_formula(S->c, f, fs, "=%s*%s+%s", before_sale(S, col, t, sizeof t),
                   pl_at(S->R.f_end, col).s, pl_at(S->R.r_resid, col).s);
        return;
    }
    xw_formula(S->c, f, fs, "=SUMPRODUCT(%s,%s)+%s%s%s", pl_buy_rows(S, S->R.r_sbbv, col).s,
               pl_flags(S, PF_SOLD, col).s, pl_at(S->R.r_resid, col).s,
               S->R.r_sale != XW_NONE ? "+" : "",
               S->R.r_sale != XW_NONE ? pl_at(S->R.r_sale, col).s : "");
}

static void loss_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_loss, TCO_STMT_LOSS_ON_SALE);
}

/* The book value at the month's end, 0 once sold; with buy_at or a refresh,
 * that of the purchases not sold in the month. */
static void f_bv(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2];
    (void)row;
    if (!S->staged) {
        xw_formula(S->c, f, fs, "=%s*(1-%s)", before_sale(S, col, t, sizeof t),
                   pl_at(S->R.f_end, col).s);
        return;
    }
    xw_refbuf b = pl_buy_rows(S, S->R.r_sbbv, col);
    xw_formula(S->c, f, fs, "=SUM(%s)-SUMPRODUCT(%s,%s)", b.s, b.s, pl_flags(S, PF_SOLD, col).s);
}

static void bv_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_bv, TCO_STMT_BOOK_VALUE);
}

/* The loans' balance at the month's end: the month before's, what they lend
 * (its row negative), less the principal (each loan's) and the balance
 * repaid. */
static void f_loan(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    size_t len = (size_t)tci_utf8_format(f, fs, "=%s-%s-%s", xw_ref(NULL, row, col - 1, 0, 0).s,
                                         pl_at(R->r_lent, col).s, pl_at(R->r_lbal, col).s);
    if (!S->staged) {
        tci_utf8_format(f + len, fs - len, "-%s", pl_at(R->r_lprin, col).s);
        return;
    }
    for (int j = 0; j < S->nb && len < fs; j++) {
        int r = xw_pl_loan_row(S, j);
        if (r != XW_NONE)
            len += (size_t)tci_utf8_format(f + len, fs - len, "-%s", pl_at(r + 1, col).s);
    }
}

static void loan_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_loan, TCO_STMT_LOAN_BALANCE);
}

/* ===== A lease on the books ===== */

/* See planw.h. */
tco_stmt_lease xw_pl_lease_of(const pl_sheet *S, int j)
{
    const tco_statements *st = S->c->st;
    tco_stmt_lease none = {0};
    return st && st->plan_lease ? st->plan_lease[S->p * st->plan_buys + (size_t)j] : none;
}

/* The plan's lease's references: its drivers. */
static xw_lease_refs refs_of(const pl_sheet *S, xw_refbuf b[6])
{
    const pl_rows *R = &S->R;
    b[0] = pl_drv(R->k_epmt), b[1] = pl_drv(R->k_capex), b[2] = pl_drv(R->k_capex_gpu),
    b[3] = pl_drv(R->k_capex_infra), b[4] = pl_drv(R->k_resfrac), b[5] = pl_drv(R->k_rm);
    return (xw_lease_refs){b[0].s, b[1].s, b[2].s, b[3].s, b[4].s, "HorizonMonths", b[5].s};
}

/* The lease's rate, monthly, as an option's (optstmt.c). */
static void rate_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    xw_refbuf b[6];
    xw_lease_refs L = refs_of(S, b);
    pl_drv_fig(S, row, xw_lease_rate_formula(&S->wo, &L, f, sizeof f),
               xw_pl_lease_of(S, 0).rate_monthly, XN_PCT4);
}

/* The liability at commencement: the payments not yet paid, discounted. */
static void ll0_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    xw_refbuf b[6];
    xw_lease_refs L = refs_of(S, b);
    pl_drv_fig(S, row, xw_lease_ll0_formula(&S->wo, &L, pl_drv(S->R.k_srate).s, f, sizeof f),
               xw_pl_lease_of(S, 0).liability0, XN_MONEY);
}

/* The right-of-use asset at commencement: the liability and the first
 * payment. */
static void rou0_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    xw_formula(S->c, f, sizeof f, "=%s+%s", pl_drv(S->R.k_sll0).s, pl_drv(S->R.k_epmt).s);
    pl_drv_fig(S, row, f, xw_pl_lease_of(S, 0).rou0, XN_MONEY);
}

/* The liability at the start of the month: the month before's end. */
static void llopen_row(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        xw_formula(S->c, f, sizeof f, "=%s", xw_ref(NULL, S->R.r_sllclose, col - 1, 0, 0).s);
        pl_fig(S, row, col, f, m ? pmv(S, m - 1, TCO_STMT_LEASE_LIABILITY) : 0, S->money);
    }
}

static void f_llint(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    (void)row;
    xw_formula(S->c, f, fs, "=%s*%s", pl_at(S->R.r_sllopen, col).s, pl_drv(S->R.k_srate).s);
}

/* Cached with the engine's interest on the plan's lease (under
 * asc842-operating inside the straight-line cost). */
static void llint_row(const pl_sheet *S, int row)
{
    const tco_statements *st = S->c->st;
    char f[XW_FBUF];
    double sum = 0;
    for (int m = 0; m <= S->H; m++) {
        double v = st ? st->plan_lease_interest[S->p * st->n_months + (size_t)m] : 0;
        sum += v;
        f_llint(S, row, XW_COL_M0 + m, f, sizeof f);
        pl_fig(S, row, XW_COL_M0 + m, f, v, S->money);
    }
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

/* The start, the liability recognised at month 0, the interest, less the
 * payments and the buyout of months 1 to H; 0 from the lease's last month
 * (paid off: no rounding of the rate left over, as the engine's). */
static void f_llclose(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    (void)row;
    xw_formula(S->c, f, fs, "=(%s+%s*%s+%s-(%s+%s)*%s)*(1-%s)", pl_at(R->r_sllopen, col).s,
               pl_drv(R->k_sll0).s, pl_at(R->f_m0, col).s, pl_at(R->r_sllint, col).s,
               pl_at(R->r_epay, col).s, pl_at(R->r_ebuy, col).s, pl_at(R->f_op, col).s,
               pl_at(R->f_lend, col).s);
}

static void llclose_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_llclose, TCO_STMT_LEASE_LIABILITY);
}

/* What is paid less the interest paid with it (month 0's payment whole); a
 * month without a payment accrues its interest. */
static void f_llprin(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    (void)row;
    xw_refbuf p = pl_at(S->R.r_epay, col), b = pl_at(S->R.r_ebuy, col);
    xw_formula(S->c, f, fs, "=%s+%s-%s*SIGN(%s+%s)", p.s, b.s, pl_at(S->R.r_sllint, col).s, p.s,
               b.s);
}

static void llprin_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_llprin, TCO_STMT_FINANCING_CASH);
}

/* The months of the lease's term, 1 to lease_months, in column col (in t):
 * the payment flag of the month before, in an operating month. */
static const char *term_at(const pl_sheet *S, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s*%s", pl_at(S->R.f_op, col).s,
                      xw_ref(NULL, S->R.f_lease, col - 1, 1, 0).s);
}

/* asc842-operating: the payment, in each month of the term. */
static void f_lcost(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 4];
    (void)row;
    xw_formula(S->c, f, fs, "=%s*%s", pl_drv(S->R.k_epmt).s, term_at(S, col, t, sizeof t));
}

static void lcost_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_lcost, TCO_STMT_LEASE_COST);
}

/* asc842-operating: the liability, the payments made to date less the lease
 * cost to date. */
static void f_orou(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    (void)row;
    xw_formula(S->c, f, fs, "=%s+SUM(%s:%s)-SUM(%s:%s)", pl_at(R->r_sllclose, col).s,
               xw_ref(NULL, R->r_epay, XW_COL_M0, 0, 1).s, pl_at(R->r_epay, col).s,
               xw_ref(NULL, R->r_slcost, XW_COL_M0, 0, 1).s, pl_at(R->r_slcost, col).s);
}

static void orou_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_orou, TCO_STMT_ROU_ASSET);
}

/* Returned, the asset over the term (its months 1 to lease_months: the
 * payment flag of the month before, in an operating month); bought out, by
 * the option's method over its life from month 1. */
static void f_roudep(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    char g[XW_FBUF], t[XW_FBUF / 4];
    (void)row;
    xw_refbuf b = pl_drv(R->k_srou0);
    if (S->wo.o->lease_end != TCO_LEASE_BUYOUT)
        xw_formula(S->c, f, fs, "=%s/%s*%s", b.s, xw_ow_in(&S->wo, TCO_O_LEASE_MONTHS).s,
                   term_at(S, col, t, sizeof t));
    else
        xw_formula(S->c, f, fs, "=%s",
                   xw_pl_dep_of(S, &S->wo, b.s, pl_at(R->r_year, col).s, g, sizeof g));
}

static void roudep_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_roudep, TCO_STMT_DEPRECIATION);
}

/* The sale at month H (in t): bought out within the horizon, its term
 * edited or not. */
static const char *lease_sold(const pl_sheet *S, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s*IF(%s<=HorizonMonths,1,0)", pl_at(S->R.f_end, col).s,
                      xw_ow_in(&S->wo, TCO_O_LEASE_MONTHS).s);
}

/* The asset before a sale at month H (in t). */
static const char *rou_before(const pl_sheet *S, int col, char *t, size_t ts)
{
    const pl_rows *R = &S->R;
    return xw_formula(S->c, t, ts, "(%s+%s*%s-%s)", xw_ref(NULL, R->r_srou, col - 1, 0, 0).s,
                      pl_drv(R->k_srou0).s, pl_at(R->f_m0, col).s, pl_at(R->r_sroudep, col).s);
}

static void f_rou(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2], s[XW_FBUF / 4];
    (void)row;
    rou_before(S, col, t, sizeof t);
    if (S->wo.o->lease_end == TCO_LEASE_BUYOUT)
        xw_formula(S->c, f, fs, "=%s*(1-%s)", t, lease_sold(S, col, s, sizeof s));
    else
        xw_formula(S->c, f, fs, "=%s", t);
}

static void rou_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_rou, TCO_STMT_ROU_ASSET);
}

/* Bought out: the asset before the sale at month H less the residual. */
static void f_lloss(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2], s[XW_FBUF / 4];
    (void)row;
    xw_formula(S->c, f, fs, "=%s*%s+%s", rou_before(S, col, t, sizeof t),
               lease_sold(S, col, s, sizeof s), pl_at(S->R.r_resid, col).s);
}

static void lloss_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_lloss, TCO_STMT_LOSS_ON_SALE);
}

/* ===== asc842-operating, bought out: the hardware on the books ===== */

/* The hardware's year of ownership in the month in column col (its first
 * month the one after the buyout, month lease_months), in t. */
static const char *obuy_year(const pl_sheet *S, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "ROUNDUP((%s-%s)/MonthsPerYear,0)", pl_at(S->R.r_month, col).s,
                      xw_ow_in(&S->wo, TCO_O_LEASE_MONTHS).s);
}

/* The book depreciation: the option's method over the buyout price, from
 * the month after the buyout (none before it, nor with no buyout within the
 * horizon). */
static void f_obdep(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char g[XW_FBUF], y[XW_FBUF / 8];
    (void)row;
    obuy_year(S, col, y, sizeof y);
    xw_formula(S->c, f, fs, "=%s", xw_pl_dep_of(S, &S->wo, pl_drv(S->R.k_ebuy).s, y, g, sizeof g));
}

static void obdep_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_obdep, TCO_STMT_DEPRECIATION);
}

/* The hardware's book value before a sale at month H (in t): the month
 * before's, the buyout paid in the month, less its depreciation. */
static const char *obuy_before(const pl_sheet *S, int col, char *t, size_t ts)
{
    const pl_rows *R = &S->R;
    return xw_formula(S->c, t, ts, "(%s+%s-%s)", xw_ref(NULL, R->r_sobv, col - 1, 0, 0).s,
                      pl_at(R->r_ebuy, col).s, pl_at(R->r_sobdep, col).s);
}

/* The loss on the sale at month H: the book value before it less the
 * residual (its row negative). */
static void f_oloss(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2], s[XW_FBUF / 4];
    (void)row;
    xw_formula(S->c, f, fs, "=%s*%s+%s", obuy_before(S, col, t, sizeof t),
               lease_sold(S, col, s, sizeof s), pl_at(S->R.r_resid, col).s);
}

static void oloss_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_oloss, TCO_STMT_LOSS_ON_SALE);
}

/* The book value at the month's end, 0 once sold. */
static void f_obv(const pl_sheet *S, int row, int col, char *f, size_t fs)
{
    char t[XW_FBUF / 2], s[XW_FBUF / 4];
    (void)row;
    xw_formula(S->c, f, fs, "=%s*(1-%s)", obuy_before(S, col, t, sizeof t),
               lease_sold(S, col, s, sizeof s));
}

static void obv_row(const pl_sheet *S, int row)
{
    month_row(S, row, f_obv, TCO_STMT_BOOK_VALUE);
}

/* See planw.h. */
const pl_row xw_pl_stmt_rows[] = {
    PHEADING(s_st, PW_ST_OWN, xw_pl_st_heading),
    {PAT(r_sbdep), PW_ST_OWN | PW_STAGED, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL,
     0, 0, bdep_rows},
    {PAT(r_sbbv), PW_ST_OWN | PW_STAGED, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL,
     0, 0, bbv_rows},
    PLABEL(r_sdep, PW_ST_OWN, XW_KEY("option.dep"), "Depreciation", PU_CURRENCY, dep_row),
    PLABEL(r_sloss, PW_ST_OWN, XW_KEY("plan.st.loss"),
           "Loss on the sales: book value before them - residual (negative: a gain)", PU_CURRENCY,
           loss_row),
    PLABEL(r_sbv, PW_ST_OWN, XW_KEY("plan.st.bv"), "Book value after the sales, end of month",
           PU_CURRENCY, bv_row),
    PLABEL(r_sloan, PW_ST_OWN | PW_ANY_LOAN, XW_KEY("option.lclose"), "Loan balance, end of month",
           PU_CURRENCY, loan_row),
    /* A lease on the books. */
    PHEADING(s_stl, PW_ST_LL, xw_pl_st_heading),
    PLABEL(k_srate, PW_ST_LL, XW_KEY("option.st.rate"),
           "Lease's discount rate, monthly: implicit in the lease when it can be determined",
           PU_PERCENT, rate_drv),
    PLABEL(k_sll0, PW_ST_LL, XW_KEY("option.st.ll0"),
           "Lease liability at commencement: the payments not yet paid, discounted", PU_CURRENCY,
           ll0_drv),
    PLABEL(k_srou0, PW_ST_LEASE, XW_KEY("option.st.rou0"),
           "Right-of-use asset at commencement: the liability + the first payment", PU_CURRENCY,
           rou0_drv),
    PLABEL(r_sllopen, PW_ST_LL, XW_KEY("option.st.llopen"), "Lease liability, start of month",
           PU_CURRENCY, llopen_row),
    PLABEL(r_sllint, PW_ST_LL, XW_KEY("option.st.llint"),
           "Interest on the lease liability: start x rate", PU_CURRENCY, llint_row),
    PLABEL(r_sllclose, PW_ST_LL, XW_KEY("option.st.llclose"),
           "Lease liability, end of month: start + at commencement + interest - paid", PU_CURRENCY,
           llclose_row),
    PLABEL(r_slcost, PW_ST_OPLEASE, XW_KEY("option.st.lcost"),
           "Lease cost, straight-line over the term (ASC 842 operating)", PU_CURRENCY, lcost_row),
    PLABEL(r_sorou, PW_ST_OPLEASE, XW_KEY("option.st.rou"), "Right-of-use asset, end of month",
           PU_CURRENCY, orou_row),
    PLABEL(r_sllprin, PW_ST_LEASE, XW_KEY("option.st.llprin"),
           "Lease paid less the interest paid with it (financing cash)", PU_CURRENCY, llprin_row),
    PLABEL(r_sroudep, PW_ST_LEASE, XW_KEY("option.st.roudep"),
           "Depreciation of the right-of-use asset", PU_CURRENCY, roudep_row),
    PLABEL(r_srou, PW_ST_LEASE, XW_KEY("option.st.rou"), "Right-of-use asset, end of month",
           PU_CURRENCY, rou_row),
    PLABEL(r_slloss, PW_ST_LEASE, XW_KEY("plan.st.loss"),
           "Loss on the sales: book value before them - residual (negative: a gain)", PU_CURRENCY,
           lloss_row),
    /* asc842-operating, bought out: the hardware from the buyout. */
    PLABEL(r_sobdep, PW_ST_OPBUY, XW_KEY("option.dep"), "Depreciation", PU_CURRENCY, obdep_row),
    PLABEL(r_soloss, PW_ST_OPBUY, XW_KEY("plan.st.loss"),
           "Loss on the sales: book value before them - residual (negative: a gain)", PU_CURRENCY,
           oloss_row),
    PLABEL(r_sobv, PW_ST_OPBUY, XW_KEY("plan.st.bv"), "Book value after the sales, end of month",
           PU_CURRENCY, obv_row),
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
    ps->st_sale = R->r_sale;
    ps->st_resid = pl->own_i >= 0 ? R->r_resid : XW_NONE;
    ps->st_lent = R->r_sloan != XW_NONE ? R->r_lent : XW_NONE;
    ps->st_lbal = R->r_sloan != XW_NONE ? R->r_lbal : XW_NONE;
    for (int j = 0; j <= TCO_MAX_BUYS; j++)
        ps->st_lint[j] = ps->st_lprin[j] = XW_NONE;
    if (R->r_lint != XW_NONE) {
        ps->st_lint[0] = R->r_lint;
        ps->st_lprin[0] = R->r_lprin;
    }
    /* With buy_at or a refresh, each loan's pair of rows (MODEL.md, Staged
     * purchases): those of the owned option's purchases, then the refresh's. */
    int nloan = 0;
    if (R->r_blint != XW_NONE) {
        if (c->s->options[pl->own_i].financing == TCO_FIN_LOAN)
            nloan += pl->n_buys > 0 ? (int)pl->n_buys : 1;
        if (pl->refresh_i >= 0 && c->s->options[pl->refresh_i].financing == TCO_FIN_LOAN)
            nloan++;
    }
    for (int k = 0; k < nloan && k <= TCO_MAX_BUYS; k++) {
        ps->st_lint[k] = R->r_blint + 2 * k;
        ps->st_lprin[k] = R->r_blint + 2 * k + 1;
    }
    ps->st_dep = R->r_sroudep != XW_NONE ? R->r_sroudep : R->r_sdep;
    ps->st_bv = R->r_sbv;
    ps->st_loss = R->r_sloss;
    ps->st_loan = R->r_sloan;
    ps->st_tax = tax_row(R);
    /* A lease on the books: no capex in investing (its lent row cancels it),
     * the residual only when bought out. */
    ps->st_epay = ps->st_ebuy = ps->st_llprin = ps->st_rou = ps->st_ll = ps->st_lcost = XW_NONE;
    if (R->r_slcost != XW_NONE) { /* asc842-operating: the cost, the payments */
        ps->st_capex = ps->st_resid = ps->st_loss = ps->st_dep = XW_NONE;
        ps->st_lcost = R->r_slcost;
        ps->st_epay = R->r_epay;
        ps->st_ebuy = R->r_ebuy;
        ps->st_rou = R->r_sorou;
        ps->st_ll = R->r_sllclose;
        if (R->r_sobdep != XW_NONE) { /* bought out: the buyout is the hardware's capex */
            ps->st_ebuy = XW_NONE;
            ps->st_capex = R->r_ebuy;
            ps->st_resid = R->r_resid;
            ps->st_dep = R->r_sobdep;
            ps->st_loss = R->r_soloss;
            ps->st_bv = R->r_sobv;
        }
    } else if (R->r_sllint != XW_NONE) {
        int out = c->s->options[pl->own_i].lease_end == TCO_LEASE_BUYOUT;
        ps->st_capex = XW_NONE;
        ps->st_resid = out ? R->r_resid : XW_NONE;
        ps->st_loss = out ? R->r_slloss : XW_NONE;
        ps->st_lint[0] = R->r_sllint;
        ps->st_epay = R->r_epay;
        ps->st_ebuy = R->r_ebuy;
        ps->st_llprin = R->r_sllprin;
        ps->st_rou = R->r_srou;
        ps->st_ll = R->r_sllclose;
    }
    ps->st_commit[0] = R->r_res_commit;
    ps->st_commit[1] = R->r_own_commit;
    ps->st_ok =
        R->r_fy != XW_NONE && R->r_net != XW_NONE &&
        (pl->own_i < 0 || R->r_sdep != XW_NONE || R->r_sllint != XW_NONE || R->r_qdep != XW_NONE) &&
        (!c->s->tax || ps->st_tax != XW_NONE);
}
