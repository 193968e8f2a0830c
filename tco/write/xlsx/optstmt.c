/* optstmt.c - the rows of an option's cash-flow sheet that its statements
 * need and the other rows do not hold (docs/MODEL.md, Statements by fiscal
 * year; docs/WORKBOOK.md, Statements): a lease's discount rate, its
 * liability's corkscrew and its right-of-use asset, the straight-line cost of
 * an asc842-operating lease, the loss on the sale at month H and the book
 * value after it. Each month one formula over the sheet's flags and rows, the
 * engine's month (tco_statements' monthly values) cached. The Statements sheet
 * (stmtsheet.c) adds them up by fiscal year. */
#include "write/xlsx/optw.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"

#include <stdio.h>

/* The engine's month m of option w->i, column col. */
static double mv(const xw_optw *w, int m, int col)
{
    const tco_statements *st = w->c->st;
    if (!st)
        return 0;
    return st->monthly[(w->i * st->n_months + (size_t)m) * TCO_STMT_COLS + (size_t)col];
}

/* Same-sheet reference to a month's cell of `row`, relative (column col). */
static xw_refbuf at(int row, int col)
{
    return xw_ref(NULL, row, col, 0, 0);
}

static void st_heading(const xw_optw *w, int row)
{
    xw_text(w->c, w->ws, row, 0,
            xw_label(w->c, "option.st.heading", "For the statements (the Statements sheet)"),
            xw_fmt(w->c, XS_SECTION, XN_NONE));
}

/* See optw.h. The rate of a lease's liability, monthly: the rate implicit in
 * the lease (RATE over the term, the payment, the price and the buyout or the
 * lessor's residual at the term's end, payments in advance) when the residual
 * is known and the rate is 0 or more; else lease_discount_rate / 12 when
 * given, else the monthly discount rate. */
const char *xw_lease_rate_formula(const xw_optw *w, const xw_lease_refs *L, char *f, size_t fs)
{
    xw_ctx *c = w->c;
    const tco_option *o = w->o;
    char end[XW_FBUF / 4], fall[XW_FBUF / 4];
    xw_refbuf nb = xw_ow_in(w, TCO_O_LEASE_MONTHS);
    const char *n = nb.s;
    int known = 1, at_end = 0;
    if (o->lease_end == TCO_LEASE_BUYOUT)
        xw_formula(c, end, sizeof end, "%s*%s", xw_ow_in(w, TCO_O_BUYOUT_FRACTION).s, L->capex);
    else if (o->src[TCO_O_RESALE_DECLINE])
        xw_formula(c, end, sizeof end, "(%s+%s)*(1-%s)^(%s/MonthsPerYear)", L->hw_g, L->hw_i,
                   xw_ow_in(w, TCO_O_RESALE_DECLINE).s, n);
    else if (o->src[TCO_O_RESALE_FRACTION]) /* known when the term is its months */
        at_end = 1, xw_formula(c, end, sizeof end, "(%s+%s)*%s", L->hw_g, L->hw_i, L->resfrac);
    else
        known = 0;
    if (o->src[TCO_O_LEASE_DISCOUNT_RATE])
        xw_formula(c, fall, sizeof fall, "%s/MonthsPerYear",
                   xw_ow_in(w, TCO_O_LEASE_DISCOUNT_RATE).s);
    else
        xw_formula(c, fall, sizeof fall, "%s", L->rm);
    if (!known)
        return xw_formula(c, f, fs, "=%s", fall);
    char rate[XW_FBUF / 2];
    xw_formula(c, rate, sizeof rate, "RATE(%s,-%s,%s,-%s,1)", n, L->P, L->capex, end);
    if (at_end)
        return xw_formula(c, f, fs, "=IF(AND(%s=%s,IFERROR(%s,-1)>=0),%s,%s)", n, L->months, rate,
                          rate, fall);
    return xw_formula(c, f, fs, "=IF(IFERROR(%s,-1)>=0,%s,%s)", rate, rate, fall);
}

/* See optw.h. The liability at commencement: the payments not yet paid
 * (months 1 to the term's last but one, and a buyout at its end), discounted
 * at the rate (the text r). */
const char *xw_lease_ll0_formula(const xw_optw *w, const xw_lease_refs *L, const char *r, char *f,
                                 size_t fs)
{
    xw_refbuf n = xw_ow_in(w, TCO_O_LEASE_MONTHS);
    if (w->o->lease_end == TCO_LEASE_BUYOUT)
        return xw_formula(w->c, f, fs, "=PV(%s,%s-1,-%s)+%s*%s/(1+%s)^%s", r, n.s, L->P,
                          xw_ow_in(w, TCO_O_BUYOUT_FRACTION).s, L->capex, r, n.s);
    return xw_formula(w->c, f, fs, "=PV(%s,%s-1,-%s)", r, n.s, L->P);
}

/* The option's lease's references. */
static xw_lease_refs refs_of(const xw_optw *w, xw_refbuf b[6])
{
    const xw_optsheet *L = w->L;
    b[0] = xw_ow_drv(L->k_epmt), b[1] = xw_ow_drv(L->k_capex), b[2] = xw_ow_drv(L->k_capex_gpu),
    b[3] = xw_ow_drv(L->k_capex_infra), b[4] = xw_ow_drv(L->k_resfrac), b[5] = xw_ow_drv(L->k_rm);
    return (xw_lease_refs){b[0].s, b[1].s, b[2].s, b[3].s, b[4].s, "HorizonMonths", b[5].s};
}

static void rate_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_refbuf b[6];
    xw_lease_refs L = refs_of(w, b);
    xw_lease_rate_formula(w, &L, f, sizeof f);
    const tco_statements *st = c->st;
    xw_ow_driver(w, row,
                 xw_label(c, "option.st.rate",
                          "Lease's discount rate, monthly: implicit in the lease when it can be "
                          "determined"),
                 "%", f, st ? st->lease[w->i].rate_monthly : 0, XN_PCT4);
}

static void ll0_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_refbuf b[6];
    xw_lease_refs L = refs_of(w, b);
    xw_lease_ll0_formula(w, &L, xw_ow_drv(w->L->st.k_rate).s, f, sizeof f);
    xw_ow_driver(w, row,
                 xw_label(c, "option.st.ll0",
                          "Lease liability at commencement: the payments not yet paid, discounted"),
                 w->cur, f, c->st ? c->st->lease[w->i].liability0 : 0, XN_MONEY);
}

/* The right-of-use asset at commencement: the liability and the payment made
 * then. */
static void rou0_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    xw_formula(c, f, sizeof f, "=%s+%s", xw_ow_drv(w->L->st.k_ll0).s, xw_ow_drv(w->L->k_epmt).s);
    xw_ow_driver(w, row,
                 xw_label(c, "option.st.rou0",
                          "Right-of-use asset at commencement: the liability + the first payment"),
                 w->cur, f, c->st ? c->st->lease[w->i].rou0 : 0, XN_MONEY);
}

/* A row of one formula a month, built by fn for the month in column col,
 * cached with the engine's monthly column `col_of` (or, with col_of < 0, the
 * lease liability's interest). */
typedef void (*cell_fn)(const xw_optw *w, int row, int col, char *f, size_t fs);

static void month_row(const xw_optw *w, int row, cell_fn fn, int col_of)
{
    const tco_statements *st = w->c->st;
    char f[XW_FBUF];
    double sum = 0;
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        double v = col_of >= 0 ? mv(w, m, col_of)
                   : st        ? st->lease_interest[w->i * st->n_months + (size_t)m]
                               : 0;
        sum += v;
        fn(w, row, col, f, sizeof f);
        xw_ow_fig(w, row, col, f, v, w->money);
    }
    if (col_of < TCO_STMT_FIRST_BALANCE) /* a flow: its total in C */
        xw_ow_total(w, row, XW_COL_M0, sum, XS_CALC);
}

/* asc842-operating: the payment, in each month of the term. */
static void f_lcost(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    (void)row;
    xw_formula(w->c, f, fs, "=%s*%s", xw_ow_drv(w->L->k_epmt).s, xw_ow_at(w->L->st.f_term, col).s);
}

static void lcost_row(const xw_optw *w, int row)
{
    month_row(w, row, f_lcost, TCO_STMT_LEASE_COST);
}

/* The liability at the start of the month: the month before's end (column
 * C, left of month 0, is empty). */
static void f_llopen(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    (void)row;
    xw_formula(w->c, f, fs, "=%s", at(w->L->st.r_llclose, col - 1).s);
}

static void llopen_row(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        f_llopen(w, row, XW_COL_M0 + m, f, sizeof f);
        xw_ow_fig(w, row, XW_COL_M0 + m, f, m ? mv(w, m - 1, TCO_STMT_LEASE_LIABILITY) : 0,
                  w->money);
    }
}

static void f_llint(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    (void)row;
    xw_formula(w->c, f, fs, "=%s*%s", at(w->L->st.r_llopen, col).s, xw_ow_drv(w->L->st.k_rate).s);
}

static void llint_row(const xw_optw *w, int row)
{
    month_row(w, row, f_llint, -1);
}

/* The start, the liability recognised at month 0, the interest, less the
 * payments and the buyout made in months 1 to H (month 0's is not in it). */
static void f_llclose(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    (void)row;
    xw_formula(w->c, f, fs, "=%s+%s*%s+%s-(%s+%s)*%s", at(L->st.r_llopen, col).s,
               xw_ow_drv(L->st.k_ll0).s, xw_ow_at(L->f_m0, col).s, at(L->st.r_llint, col).s,
               at(L->r_epay, col).s, at(L->r_ebuy, col).s, xw_ow_at(L->f_op, col).s);
}

static void llclose_row(const xw_optw *w, int row)
{
    month_row(w, row, f_llclose, TCO_STMT_LEASE_LIABILITY);
}

/* On the books: what is paid less the interest paid with it (month 0's
 * payment whole); a month without a payment accrues its interest. */
static void f_llprin(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    (void)row;
    xw_refbuf p = at(L->r_epay, col), b = at(L->r_ebuy, col);
    xw_formula(w->c, f, fs, "=%s+%s-%s*SIGN(%s+%s)", p.s, b.s, at(L->st.r_llint, col).s, p.s, b.s);
}

static void llprin_row(const xw_optw *w, int row)
{
    month_row(w, row, f_llprin, TCO_STMT_FINANCING_CASH);
}

/* On the books: returned, the asset over the term; bought out, over the
 * hardware's life by the option's own method, from month 1 (MODEL.md). */
static void f_roudep(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    (void)row;
    xw_refbuf b = xw_ow_drv(L->st.k_rou0);
    if (w->o->lease_end != TCO_LEASE_BUYOUT) {
        xw_formula(c, f, fs, "=%s/%s*%s", b.s, xw_ow_drv(L->f_lease).s,
                   xw_ow_at(L->st.f_term, col).s);
        return;
    }
    xw_refbuf y = xw_ow_at(L->r_year, col), life = xw_ow_drv(L->k_life);
    char sv[XW_FBUF / 8], body[XW_FBUF / 2];
    xw_formula(c, sv, sizeof sv, "%s*%s", b.s, xw_ow_in(w, TCO_O_SALVAGE_FRACTION).s);
    switch (w->o->depreciation) {
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
        int mc = w->o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_formula(c, body, sizeof body, "%s*INDEX(%s,%s)", b.s,
                   xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s,
                   y.s);
        break;
    }
    }
    xw_formula(c, f, fs, "=IF(AND(%s>=1,%s<=%s),%s/MonthsPerYear,0)", y.s, y.s, life.s, body);
}

static void roudep_row(const xw_optw *w, int row)
{
    month_row(w, row, f_roudep, TCO_STMT_DEPRECIATION);
}

/* The sale at month H in the month in column col (in t): the end flag; a
 * lease's only when bought out within the horizon (its term edited or not). */
static const char *sold(const xw_optw *w, int col, char *t, size_t ts)
{
    xw_refbuf end = xw_ow_at(w->L->f_end, col);
    if (!w->L->lease)
        return xw_formula(w->c, t, ts, "%s", end.s);
    return xw_formula(w->c, t, ts, "%s*IF(%s<=HorizonMonths,1,0)", end.s,
                      xw_ow_in(w, TCO_O_LEASE_MONTHS).s);
}

/* The asset before a sale at month H, on the books (in t): the month
 * before's, what is recognised at month 0, less the depreciation. */
static const char *rou_before(const xw_optw *w, int col, char *t, size_t ts)
{
    const xw_optsheet *L = w->L;
    return xw_formula(w->c, t, ts, "(%s+%s*%s-%s)", at(L->st.r_rou, col - 1).s,
                      xw_ow_drv(L->st.k_rou0).s, xw_ow_at(L->f_m0, col).s,
                      at(L->st.r_roudep, col).s);
}

/* On the books: the asset's corkscrew, 0 after a sale at month H;
 * asc842-operating: the liability plus the payments made less the lease
 * cost to date. */
static void f_rou(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    char t[XW_FBUF / 2], s[XW_FBUF / 4];
    (void)row;
    if (L->st.r_roudep == XW_NONE) {
        xw_formula(w->c, f, fs, "=%s+SUM(%s:%s)-SUM(%s:%s)", at(L->st.r_llclose, col).s,
                   xw_ref(NULL, L->r_epay, XW_COL_M0, 0, 1).s, at(L->r_epay, col).s,
                   xw_ref(NULL, L->st.r_lcost, XW_COL_M0, 0, 1).s, at(L->st.r_lcost, col).s);
        return;
    }
    rou_before(w, col, t, sizeof t);
    if (L->st.r_loss != XW_NONE)
        xw_formula(w->c, f, fs, "=%s*(1-%s)", t, sold(w, col, s, sizeof s));
    else
        xw_formula(w->c, f, fs, "=%s", t);
}

static void rou_row(const xw_optw *w, int row)
{
    month_row(w, row, f_rou, TCO_STMT_ROU_ASSET);
}

/* At month H: the book value before the sale (the hardware's, or the
 * right-of-use asset's on the books) and the residual, a receipt. */
static void f_loss(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    char t[XW_FBUF / 2], s[XW_FBUF / 4];
    (void)row;
    if (L->st.r_roudep != XW_NONE)
        rou_before(w, col, t, sizeof t);
    else
        xw_formula(w->c, t, sizeof t, "%s", at(L->r_bv, col).s);
    xw_formula(w->c, f, fs, "=%s*%s+%s", t, sold(w, col, s, sizeof s), at(L->r_resid, col).s);
}

static void loss_row(const xw_optw *w, int row)
{
    month_row(w, row, f_loss, TCO_STMT_LOSS_ON_SALE);
}

/* The book value, 0 once sold at month H. */
static void f_bv(const xw_optw *w, int row, int col, char *f, size_t fs)
{
    const xw_optsheet *L = w->L;
    char s[XW_FBUF / 4];
    (void)row;
    if (L->st.r_loss != XW_NONE)
        xw_formula(w->c, f, fs, "=%s*(1-%s)", at(L->r_bv, col).s, sold(w, col, s, sizeof s));
    else
        xw_formula(w->c, f, fs, "=%s", at(L->r_bv, col).s);
}

static void bv_row(const xw_optw *w, int row)
{
    month_row(w, row, f_bv, TCO_STMT_BOOK_VALUE);
}

/* See optw.h. */
const xw_ow_row xw_stmt_rows[] = {
    OW_HEADING(st.s_st, OW_BUY, st_heading),
    OW_OWN(st.k_rate, OW_LEASE, rate_drv),
    OW_OWN(st.k_ll0, OW_LEASE, ll0_drv),
    OW_OWN(st.k_rou0, OW_ONBOOKS, rou0_drv),
    OW_ROW(st.r_lcost, OW_OPLEASE, XW_KEY("option.st.lcost"),
           "Lease cost, straight-line over the term (ASC 842 operating)", OU_CURRENCY, lcost_row),
    OW_ROW(st.r_llopen, OW_LEASE, XW_KEY("option.st.llopen"), "Lease liability, start of month",
           OU_CURRENCY, llopen_row),
    OW_ROW(st.r_llint, OW_LEASE, XW_KEY("option.st.llint"),
           "Interest on the lease liability: start x rate", OU_CURRENCY, llint_row),
    OW_ROW(st.r_llclose, OW_LEASE, XW_KEY("option.st.llclose"),
           "Lease liability, end of month: start + at commencement + interest - paid", OU_CURRENCY,
           llclose_row),
    OW_ROW(st.r_llprin, OW_ONBOOKS, XW_KEY("option.st.llprin"),
           "Lease paid less the interest paid with it (financing cash)", OU_CURRENCY, llprin_row),
    OW_ROW(st.r_roudep, OW_ONBOOKS, XW_KEY("option.st.roudep"),
           "Depreciation of the right-of-use asset", OU_CURRENCY, roudep_row),
    OW_ROW(st.r_rou, OW_LEASE, XW_KEY("option.st.rou"), "Right-of-use asset, end of month",
           OU_CURRENCY, rou_row),
    OW_ROW(st.r_loss, OW_OWNS, XW_KEY("option.st.loss"),
           "Loss on the sale at the horizon: book value before it - residual (negative: a gain)",
           OU_CURRENCY, loss_row),
    OW_ROW(st.r_bv, OW_BOOK, XW_KEY("option.st.bv"),
           "Book value after the sale at the horizon, end of month", OU_CURRENCY, bv_row),
};

/* See optw.h. */
const size_t xw_n_stmt_rows = sizeof xw_stmt_rows / sizeof xw_stmt_rows[0];
