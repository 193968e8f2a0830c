/* planstmtl.c - the rows of a plan's sheet that its statements need when a
 * purchase of its owned part is on a lease and the plan buys in stages or
 * refreshes (docs/MODEL.md, A plan's statements; docs/WORKBOOK.md,
 * Statements): each purchase measured as its option is, from its own month
 * (its lease's rate, liability and right-of-use asset at commencement, its
 * liability month by month, its depreciation, its asset before a sale, an
 * operating lease's straight-line cost and what is paid ahead of it, the loss
 * on its sale or on its lease's early return at the refresh, a lease on the
 * books' payments less their interest), then the plan's lines summed over the
 * purchases. A purchase paid otherwise has the rows of one in cash or on a
 * loan, and 0 in its lease's rows. Each month one formula over the purchases'
 * table, their flags and Inputs; the engine's months (tco_statements'
 * plan_buy_monthly, plan_buy_bv, plan_buy_interest, plan_lease, plan_monthly)
 * cached. */
#include "write/xlsx/planw.h"
#include "write/xlsx/sheets.h"
#include "util/utf8.h"

/* How purchase j is paid, as its statements take it. */
typedef enum sl_kind {
    SL_OWNED,     /* in cash or on a loan */
    SL_BOOKS,     /* leased on the books (ifrs16, asc842-finance), returned */
    SL_BOOKS_BUY, /* ... bought out */
    SL_OP,        /* leased under asc842-operating, returned */
    SL_OP_BUY     /* ... bought out */
} sl_kind;

static sl_kind kind_of(const pl_sheet *S, int j)
{
    const tco_option *o = xw_pl_buy_option(S, j)->o;
    if (o->financing != TCO_FIN_LEASE)
        return SL_OWNED;
    int buy = o->lease_end == TCO_LEASE_BUYOUT;
    if (o->lease_accounting == TCO_LEASE_ASC842_OPERATING)
        return buy ? SL_OP_BUY : SL_OP;
    return buy ? SL_BOOKS_BUY : SL_BOOKS;
}

static int on_books(sl_kind k)
{
    return k == SL_BOOKS || k == SL_BOOKS_BUY;
}

static int operating(sl_kind k)
{
    return k == SL_OP || k == SL_OP_BUY;
}

/* ===== The engine's figures ===== */

/* Purchase j's statement column col in model month m. */
static double bm(const pl_sheet *S, int j, int m, int col)
{
    const tco_statements *st = S->c->st;
    if (!st || !st->plan_buy_monthly)
        return 0;
    size_t at = (S->p * st->plan_buys + (size_t)j) * st->n_months + (size_t)m;
    return st->plan_buy_monthly[at * TCO_STMT_COLS + (size_t)col];
}

/* The plan's statement column col in model month m. */
static double pm(const pl_sheet *S, int m, int col)
{
    const tco_statements *st = S->c->st;
    if (!st || !st->plan_monthly)
        return 0;
    return st->plan_monthly[(S->p * st->n_months + (size_t)m) * TCO_STMT_COLS + (size_t)col];
}

/* 1 when the engine's purchase j owns its hardware at its sale: paid in cash
 * or on a loan, or its lease bought out within its months. */
static int owns(const pl_sheet *S, int j)
{
    const tco_plan_purchase *q = &S->pr->purchases[j];
    const tco_option *o = xw_pl_buy_option(S, j)->o;
    if (!q->lines[0])
        return 0;
    return o->financing != TCO_FIN_LEASE ||
           (o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= q->sold - q->month);
}

/* ===== Cells ===== */

/* Purchase j's flag of group g in column col. */
static xw_refbuf fl(const pl_sheet *S, int g, int j, int col)
{
    return pl_at(pl_flag(S, g, j), col);
}

/* Row `row` in the month before column col's. */
static xw_refbuf before(int row, int col)
{
    return xw_ref(NULL, row, col - 1, 0, 0);
}

/* Purchase j's payment in the month in column col, in advance, with its
 * buyout (in t). */
static const char *paid(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "(%s*%s+%s*%s)", pl_buy(S, j, PB_EPMT).s,
                      fl(S, PF_LEASE, j, col).s, pl_buy(S, j, PB_EBUY).s, fl(S, PF_LEND, j, col).s);
}

/* The month purchase j is sold before month H (1 = yes), in t. */
static const char *early(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s*(1-%s)", fl(S, PF_SOLD, j, col).s, pl_at(S->R.f_end, col).s);
}

/* The month purchase j's hardware or its right-of-use asset leaves the books
 * at its sale (in t): in cash or on a loan at its sale; a lease returned
 * early at the refresh; one bought out by its sale, at its sale. */
static const char *leaves(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    char e[XW_FBUF / 8];
    switch (kind_of(S, j)) {
    case SL_OWNED:
        return xw_formula(S->c, t, ts, "%s", fl(S, PF_SOLD, j, col).s);
    case SL_BOOKS:
    case SL_OP:
        return early(S, j, col, t, ts);
    default:
        (void)e;
        return xw_formula(S->c, t, ts, "%s*IF(%s<=%s,1,1-%s)", fl(S, PF_SOLD, j, col).s,
                          pl_buy(S, j, PB_EEND).s, pl_buy(S, j, PB_SOLD).s,
                          pl_at(S->R.f_end, col).s);
    }
}

/* The month purchase j's hardware, owned, is sold (in t). */
static const char *sold_owned(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    if (kind_of(S, j) == SL_OWNED)
        return xw_formula(S->c, t, ts, "%s", fl(S, PF_SOLD, j, col).s);
    return xw_formula(S->c, t, ts, "%s*IF(%s<=%s,1,0)", fl(S, PF_SOLD, j, col).s,
                      pl_buy(S, j, PB_EEND).s, pl_buy(S, j, PB_SOLD).s);
}

/* A label "{purchase}"-templated into row `row`. */
static void buy_label(const pl_sheet *S, int row, int j, const char *key, const char *english,
                      const char *unit)
{
    char t[XW_TBUF], who[XW_TBUF];
    xw_pl_buy_name(S, j, who, sizeof who);
    xw_labelf(S->c, t, sizeof t, key, english, "purchase", who, NULL);
    pl_label(S, row, t, unit, XS_TEXT);
}

/* ===== Each purchase's lease at commencement (column C) ===== */

/* Purchase j's lease's references: its table's payment, capex and resale
 * fraction, its months (the term known from the fraction when it is theirs). */
static xw_lease_refs refs_of(const pl_sheet *S, int j, xw_refbuf b[6], char *months, size_t ms)
{
    b[0] = pl_buy(S, j, PB_EPMT), b[1] = pl_buy(S, j, PB_CAPEX), b[2] = pl_buy(S, j, PB_CAPEX_GPU),
    b[3] = pl_buy(S, j, PB_CAPEX_INFRA), b[4] = pl_buy(S, j, PB_RESFRAC), b[5] = pl_drv(S->R.k_rm);
    xw_formula(S->c, months, ms, "%s-%s", pl_buy(S, j, PB_SOLD).s, pl_buy(S, j, PB_MONTH).s);
    return (xw_lease_refs){b[0].s, b[1].s, b[2].s, b[3].s, b[4].s, months, b[5].s};
}

/* Each purchase's lease's rate, monthly, as an option's (optstmt.c), over
 * its row of the purchases' table (column C; 0 for one paid otherwise). */
static void rate_rows(const pl_sheet *S, int first)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], months[XW_FBUF / 8];
    for (int j = 0; j < S->nb; j++) {
        int row = first + j;
        xw_refbuf b[6];
        buy_label(S, row, j, XW_KEY("plan.st.lrate"), "Lease's discount rate, monthly: {purchase}",
                  "%");
        if (kind_of(S, j) == SL_OWNED) {
            xw_num(c, S->ws, row, XW_COL_VAL, 0, xw_fmt(c, XS_FIXED, XN_PCT4));
            continue;
        }
        xw_lease_refs L = refs_of(S, j, b, months, sizeof months);
        pl_drv_fig(S, row, xw_lease_rate_formula(xw_pl_buy_option(S, j), &L, f, sizeof f),
                   xw_pl_lease_of(S, j).rate_monthly, XN_PCT4);
    }
}

/* The liability at commencement: the payments not yet paid, and a buyout,
 * discounted (k 0); the right-of-use asset: the liability and the first
 * payment (k 1). */
static void at_start_rows(const pl_sheet *S, int first, int k)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], months[XW_FBUF / 8];
    for (int j = 0; j < S->nb; j++) {
        int row = first + j;
        xw_refbuf b[6];
        if (k == 0)
            buy_label(S, row, j, XW_KEY("plan.st.lll0"),
                      "Lease liability at commencement: {purchase}", S->cur);
        else
            buy_label(S, row, j, XW_KEY("plan.st.lrou0"),
                      "Right-of-use asset at commencement: {purchase}", S->cur);
        if (kind_of(S, j) == SL_OWNED) {
            xw_num(c, S->ws, row, XW_COL_VAL, 0, xw_fmt(c, XS_FIXED, XN_MONEY));
            continue;
        }
        xw_lease_refs L = refs_of(S, j, b, months, sizeof months);
        tco_stmt_lease l = xw_pl_lease_of(S, j);
        if (k == 1)
            xw_formula(c, f, sizeof f, "=%s+%s", pl_drv(S->R.k_qll0 + j).s, L.P);
        else
            xw_lease_ll0_formula(xw_pl_buy_option(S, j), &L, pl_drv(S->R.k_qrate + j).s, f,
                                 sizeof f);
        pl_drv_fig(S, row, f, k == 0 ? l.liability0 : l.rou0, XN_MONEY);
    }
}

static void ll0_rows(const pl_sheet *S, int first)
{
    at_start_rows(S, first, 0);
}

static void rou0_rows(const pl_sheet *S, int first)
{
    at_start_rows(S, first, 1);
}

/* ===== Each purchase's months ===== */

/* Purchase j's cell in column col of a row (f), by its kind; returns 0 when
 * the purchase has no such figure (a row of 0). */
typedef int (*buy_fn)(const pl_sheet *S, int j, int row, int col, char *f, size_t fs);
/* Its cached value in month m. */
typedef double (*buy_val)(const pl_sheet *S, int j, int m);

/* One row a purchase, from `first`: label, cells, and a flow's total in C. */
static void buy_rows(const pl_sheet *S, int first, const char *key, const char *english, buy_fn fn,
                     buy_val val, int flow)
{
    char f[XW_FBUF];
    for (int j = 0; j < S->nb; j++) {
        int row = first + j;
        double sum = 0;
        buy_label(S, row, j, key, english, S->cur);
        if (!fn(S, j, row, XW_COL_M0, f, sizeof f)) {
            pl_zeros(S, row, XN_MONEY);
            continue;
        }
        for (int m = 0; m <= S->H; m++) {
            double v = val(S, j, m);
            fn(S, j, row, XW_COL_M0 + m, f, sizeof f);
            pl_fig(S, row, XW_COL_M0 + m, f, v, S->money);
            sum += v;
        }
        if (flow)
            pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
    }
}

/* The depreciation of capex b in purchase j's year of ownership y (text). */
static const char *dep_at(const pl_sheet *S, int j, const char *b, const char *y, char *f,
                          size_t fs)
{
    return xw_pl_dep_of(S, xw_pl_buy_option(S, j), b, y, f, fs);
}

/* Depreciation: in cash or on a loan, the option's method over the capex
 * from the month after the purchase; on the books, the right-of-use asset
 * over the lease's term (returned) or by the method (bought out); under
 * asc842-operating bought out, the hardware's from the month after the
 * buyout, over the buyout price. */
static int f_dep(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    char g[XW_FBUF / 2], y[XW_FBUF / 8];
    const xw_optw *w = xw_pl_buy_option(S, j);
    xw_refbuf in = fl(S, PF_IN, j, col), mo = pl_at(S->R.r_month, col);
    (void)row;
    switch (kind_of(S, j)) {
    case SL_OWNED:
        xw_pl_buy_year(S, j, col, y, sizeof y);
        xw_formula(S->c, f, fs, "=%s*%s", in.s,
                   dep_at(S, j, pl_buy(S, j, PB_CAPEX).s, y, g, sizeof g));
        return 1;
    case SL_BOOKS:
        xw_formula(S->c, f, fs, "=%s/%s*%s*%s", pl_drv(S->R.k_qrou0 + j).s,
                   xw_ow_in(w, TCO_O_LEASE_MONTHS).s,
                   xw_ref(NULL, pl_flag(S, PF_LEASE, j), col - 1, 1, 0).s, in.s);
        return 1;
    case SL_BOOKS_BUY:
        xw_pl_buy_year(S, j, col, y, sizeof y);
        xw_formula(S->c, f, fs, "=%s*%s", in.s,
                   dep_at(S, j, pl_drv(S->R.k_qrou0 + j).s, y, g, sizeof g));
        return 1;
    case SL_OP_BUY:
        xw_formula(S->c, y, sizeof y, "ROUNDUP((%s-%s)/MonthsPerYear,0)", mo.s,
                   pl_buy(S, j, PB_EEND).s);
        xw_formula(S->c, f, fs, "=%s*%s", in.s,
                   dep_at(S, j, pl_buy(S, j, PB_EBUY).s, y, g, sizeof g));
        return 1;
    default:
        return 0;
    }
}

static double v_dep(const pl_sheet *S, int j, int m)
{
    return bm(S, j, m, TCO_STMT_DEPRECIATION);
}

static void dep_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.dep"), "Depreciation: {purchase}", f_dep, v_dep, 1);
}

/* The asset before a sale, end of month: the month before's unless it left
 * the books then, what comes on in the month (the capex when bought, the
 * right-of-use asset at commencement, an operating lease's buyout), less the
 * month's depreciation. */
static int f_abv(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    char on[XW_FBUF / 4], t[XW_FBUF / 4];
    xw_refbuf b = fl(S, PF_BOUGHT, j, col);
    switch (kind_of(S, j)) {
    case SL_OWNED:
        xw_formula(S->c, on, sizeof on, "%s*%s", pl_buy(S, j, PB_CAPEX).s, b.s);
        break;
    case SL_BOOKS:
    case SL_BOOKS_BUY:
        xw_formula(S->c, on, sizeof on, "%s*%s", pl_drv(S->R.k_qrou0 + j).s, b.s);
        break;
    case SL_OP_BUY:
        xw_formula(S->c, on, sizeof on, "%s*%s*%s", pl_buy(S, j, PB_EBUY).s,
                   fl(S, PF_LEND, j, col).s, fl(S, PF_IN, j, col).s);
        break;
    default:
        return 0;
    }
    leaves(S, j, col - 1, t, sizeof t);
    xw_formula(S->c, f, fs, "=%s*(1-%s)+%s-%s", before(row, col).s, t, on,
               pl_at(S->R.r_qbdep + j, col).s);
    return 1;
}

static double v_abv(const pl_sheet *S, int j, int m)
{
    return xw_pl_buy_value(S, j, m, 1);
}

static void abv_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.abv"),
             "Asset before a sale (hardware or right-of-use): {purchase}", f_abv, v_abv, 0);
}

/* The interest on the lease liability: the month before's liability x the
 * rate. */
static int f_int(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    (void)row;
    if (kind_of(S, j) == SL_OWNED)
        return 0;
    xw_formula(S->c, f, fs, "=%s*%s", before(S->R.r_qbll + j, col).s, pl_drv(S->R.k_qrate + j).s);
    return 1;
}

static double v_int(const pl_sheet *S, int j, int m)
{
    return xw_pl_buy_value(S, j, m, 2);
}

static void int_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.lint"), "Interest on the lease liability: {purchase}", f_int,
             v_int, 1);
}

/* The liability at the month's end: the month before's, at commencement,
 * the interest, less what is paid after commencement; 0 from the lease's
 * end, and once returned early at the refresh (what is left is settled). */
static int f_ll(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    char p[XW_FBUF / 4], e[XW_FBUF / 8];
    if (kind_of(S, j) == SL_OWNED)
        return 0;
    xw_formula(S->c, f, fs, "=(%s+%s*%s+%s-%s*%s)*(1-%s)*(1-%s)", before(row, col).s,
               pl_drv(S->R.k_qll0 + j).s, fl(S, PF_BOUGHT, j, col).s,
               pl_at(S->R.r_qbint + j, col).s, paid(S, j, col, p, sizeof p), fl(S, PF_IN, j, col).s,
               fl(S, PF_LEND, j, col).s, early(S, j, col, e, sizeof e));
    return 1;
}

static double v_ll(const pl_sheet *S, int j, int m)
{
    return bm(S, j, m, TCO_STMT_LEASE_LIABILITY);
}

static void ll_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.lll"), "Lease liability, end of month: {purchase}", f_ll,
             v_ll, 0);
}

/* asc842-operating: the lease cost, straight-line: the payment in each month
 * of the term after commencement. */
static int f_cost(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    (void)row;
    if (!operating(kind_of(S, j)))
        return 0;
    xw_formula(S->c, f, fs, "=%s*%s*%s", pl_buy(S, j, PB_EPMT).s,
               xw_ref(NULL, pl_flag(S, PF_LEASE, j), col - 1, 1, 0).s, fl(S, PF_IN, j, col).s);
    return 1;
}

static double v_cost(const pl_sheet *S, int j, int m)
{
    return bm(S, j, m, TCO_STMT_LEASE_COST);
}

static void cost_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.lcost"),
             "Lease cost, straight-line (ASC 842 operating): {purchase}", f_cost, v_cost, 1);
}

/* asc842-operating: the payments made less the lease cost, to the month's
 * end (the asset is the liability and this); 0 once returned early. */
static int f_ahead(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    char e[XW_FBUF / 8];
    if (!operating(kind_of(S, j)))
        return 0;
    xw_formula(S->c, f, fs, "=(%s+%s*%s-%s)*(1-%s)", before(row, col).s, pl_buy(S, j, PB_EPMT).s,
               fl(S, PF_LEASE, j, col).s, pl_at(S->R.r_qbcost + j, col).s,
               early(S, j, col, e, sizeof e));
    return 1;
}

static double v_ahead(const pl_sheet *S, int j, int m)
{
    return bm(S, j, m, TCO_STMT_ROU_ASSET) - bm(S, j, m, TCO_STMT_LEASE_LIABILITY);
}

static void ahead_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.lahead"), "Lease paid ahead of its cost: {purchase}",
             f_ahead, v_ahead, 0);
}

/* The loss on the sale (the asset before it less the residual, its table's)
 * or on the lease's early return at the refresh: the payments still to come
 * and the asset (or what is paid ahead) less the liability they settle. */
static int f_loss(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    xw_ctx *c = S->c;
    sl_kind k = kind_of(S, j);
    char so[XW_FBUF / 4], e[XW_FBUF / 8], p[XW_FBUF / 4], left[XW_FBUF / 2];
    xw_refbuf abv = pl_at(S->R.r_qbabv + j, col), owed = pl_buy(S, j, PB_EOWED);
    (void)row;
    if (k == SL_OP) {
        xw_formula(c, f, fs, "=%s*(%s+%s+%s*%s-%s)", early(S, j, col, e, sizeof e), owed.s,
                   before(S->R.r_qbahead + j, col).s, pl_buy(S, j, PB_EPMT).s,
                   fl(S, PF_LEASE, j, col).s, pl_at(S->R.r_qbcost + j, col).s);
        return 1;
    }
    sold_owned(S, j, col, so, sizeof so);
    if (k == SL_OWNED) {
        xw_formula(c, f, fs, "=%s*(%s-%s)", so, abv.s, pl_buy(S, j, PB_RESIDUAL).s);
        return 1;
    }
    if (k == SL_OP_BUY)
        xw_formula(c, left, sizeof left, "%s+%s+%s*%s-%s", owed.s,
                   before(S->R.r_qbahead + j, col).s, pl_buy(S, j, PB_EPMT).s,
                   fl(S, PF_LEASE, j, col).s, pl_at(S->R.r_qbcost + j, col).s);
    else /* on the books: the asset, the payments left, less the liability */
        xw_formula(c, left, sizeof left, "%s+%s-(%s+%s-%s*%s)", abv.s, owed.s,
                   before(S->R.r_qbll + j, col).s, pl_at(S->R.r_qbint + j, col).s,
                   paid(S, j, col, p, sizeof p), fl(S, PF_IN, j, col).s);
    if (k == SL_BOOKS)
        xw_formula(c, f, fs, "=%s*(%s)", early(S, j, col, e, sizeof e), left);
    else /* bought out: sold when owned by then, else returned early */
        xw_formula(c, f, fs, "=%s*(%s-%s)+%s*IF(%s<=%s,0,1)*(%s)", so, abv.s,
                   pl_buy(S, j, PB_RESIDUAL).s, early(S, j, col, e, sizeof e),
                   pl_buy(S, j, PB_EEND).s, pl_buy(S, j, PB_SOLD).s, left);
    return 1;
}

static double v_loss(const pl_sheet *S, int j, int m)
{
    return bm(S, j, m, TCO_STMT_LOSS_ON_SALE);
}

static void loss_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.lloss"),
             "Loss on its sale or its lease's early return: {purchase}", f_loss, v_loss, 1);
}

/* On the books: what is paid less the interest paid with it (a month without
 * a payment accrues it), and the payments still to come at an early return:
 * financing cash. */
static int f_fin(const pl_sheet *S, int j, int row, int col, char *f, size_t fs)
{
    char p[XW_FBUF / 4], e[XW_FBUF / 8];
    (void)row;
    if (!on_books(kind_of(S, j)))
        return 0;
    paid(S, j, col, p, sizeof p);
    xw_formula(S->c, f, fs, "=%s-%s*SIGN(%s)+%s*%s", p, pl_at(S->R.r_qbint + j, col).s, p,
               early(S, j, col, e, sizeof e), pl_buy(S, j, PB_EOWED).s);
    return 1;
}

static double v_fin(const pl_sheet *S, int j, int m)
{
    return bm(S, j, m, TCO_STMT_FINANCING_CASH);
}

static void fin_rows(const pl_sheet *S, int first)
{
    buy_rows(S, first, XW_KEY("plan.st.lfin"),
             "Lease paid less the interest paid with it (financing cash): {purchase}", f_fin, v_fin,
             1);
}

/* ===== The plan's lines ===== */

/* Appends "+term" to f (at *len) for each purchase whose kind `pick` takes,
 * the term written by `term`; "0" when none. */
typedef int (*pick_fn)(sl_kind k);
typedef const char *(*term_fn)(const pl_sheet *S, int j, int col, char *t, size_t ts);

static void terms(const pl_sheet *S, int col, pick_fn pick, term_fn term, char *f, size_t fs,
                  size_t *len)
{
    char t[XW_FBUF / 2];
    int any = 0;
    for (int j = 0; j < S->nb && *len < fs; j++)
        if (pick(kind_of(S, j))) {
            *len +=
                (size_t)tci_utf8_format(f + *len, fs - *len, "+%s", term(S, j, col, t, sizeof t));
            any = 1;
        }
    if (!any && *len < fs)
        *len += (size_t)tci_utf8_format(f + *len, fs - *len, "+0");
}

static int pick_hw(sl_kind k)
{
    return k == SL_OWNED || k == SL_OP_BUY;
}

static int pick_books(sl_kind k)
{
    return on_books(k);
}

static int pick_op(sl_kind k)
{
    return operating(k);
}

static int pick_op_buy(sl_kind k)
{
    return k == SL_OP_BUY;
}

static int pick_owned(sl_kind k)
{
    return k == SL_OWNED;
}

/* The asset after its sale, end of month (in t). */
static const char *t_after(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    char x[XW_FBUF / 4];
    return xw_formula(S->c, t, ts, "%s*(1-%s)", pl_at(S->R.r_qbabv + j, col).s,
                      leaves(S, j, col, x, sizeof x));
}

/* An operating lease's asset: the liability and what is paid ahead. */
static const char *t_oprou(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s+%s", pl_at(S->R.r_qbll + j, col).s,
                      pl_at(S->R.r_qbahead + j, col).s);
}

static const char *t_int(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s", pl_at(S->R.r_qbint + j, col).s);
}

static const char *t_buyout(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s*%s", pl_buy(S, j, PB_EBUY).s, fl(S, PF_LEND, j, col).s);
}

static const char *t_capex(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    return xw_formula(S->c, t, ts, "%s*%s", pl_buy(S, j, PB_CAPEX).s, fl(S, PF_BOUGHT, j, col).s);
}

static const char *t_lent(const pl_sheet *S, int j, int col, char *t, size_t ts)
{
    const xw_optw *w;
    if (!xw_pl_buy_loan(S, j, &w))
        return xw_formula(S->c, t, ts, "0");
    return xw_formula(S->c, t, ts, "%s*%s", pl_buy(S, j, PB_LENT).s, fl(S, PF_BOUGHT, j, col).s);
}

/* Which plan line a row is. */
typedef enum sl_line {
    SLL_DEP,
    SLL_LOSS,
    SLL_BV,
    SLL_ROU,
    SLL_LL,
    SLL_INT,
    SLL_COST,
    SLL_FIN,
    SLL_OPCASH,
    SLL_CAPEX,
    SLL_LENT,
    SLL_LOAN
} sl_line;

/* Line `line`'s formula in column col, in f. */
static void line_formula(const pl_sheet *S, sl_line line, int row, int col, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    size_t len = 1;
    tci_utf8_format(f, fs, "=");
    switch (line) {
    case SLL_DEP:
        xw_formula(S->c, f, fs, "=SUM(%s)", pl_buy_rows(S, R->r_qbdep, col).s);
        return;
    case SLL_LOSS:
        xw_formula(S->c, f, fs, "=SUM(%s)", pl_buy_rows(S, R->r_qbloss, col).s);
        return;
    case SLL_LL:
        xw_formula(S->c, f, fs, "=SUM(%s)", pl_buy_rows(S, R->r_qbll, col).s);
        return;
    case SLL_COST:
        xw_formula(S->c, f, fs, "=SUM(%s)", pl_buy_rows(S, R->r_qbcost, col).s);
        return;
    case SLL_FIN:
        xw_formula(S->c, f, fs, "=SUM(%s)", pl_buy_rows(S, R->r_qbfin, col).s);
        return;
    case SLL_BV:
        terms(S, col, pick_hw, t_after, f, fs, &len);
        break;
    case SLL_ROU:
        terms(S, col, pick_books, t_after, f, fs, &len);
        terms(S, col, pick_op, t_oprou, f, fs, &len);
        break;
    case SLL_INT:
        terms(S, col, pick_books, t_int, f, fs, &len);
        break;
    case SLL_OPCASH: { /* every payment, less the books' financing and the operating buyouts */
        len += (size_t)tci_utf8_format(f + len, fs - len, "%s+%s", pl_at(R->r_epay, col).s,
                                       pl_at(R->r_ebuy, col).s);
        if (R->r_eset != XW_NONE)
            len += (size_t)tci_utf8_format(f + len, fs - len, "+%s", pl_at(R->r_eset, col).s);
        if (R->r_qfin != XW_NONE)
            len += (size_t)tci_utf8_format(f + len, fs - len, "-%s", pl_at(R->r_qfin, col).s);
        for (int j = 0; j < S->nb; j++) {
            char t[XW_FBUF / 4];
            int r = xw_pl_loan_row(S, j);
            if (kind_of(S, j) == SL_OP_BUY)
                len += (size_t)tci_utf8_format(f + len, fs - len, "-%s",
                                               t_buyout(S, j, col, t, sizeof t));
            if (r != XW_NONE) /* a loan's interest */
                len += (size_t)tci_utf8_format(f + len, fs - len, "+%s", pl_at(r, col).s);
        }
        break;
    }
    case SLL_CAPEX:
        terms(S, col, pick_owned, t_capex, f, fs, &len);
        terms(S, col, pick_op_buy, t_buyout, f, fs, &len);
        break;
    case SLL_LENT:
        len += (size_t)tci_utf8_format(f + len, fs - len, "-(0");
        terms(S, col, pick_owned, t_lent, f, fs, &len);
        tci_utf8_format(f + len, fs - len, ")");
        break;
    case SLL_LOAN: /* the month before's, what is lent, less the principal and the balance repaid */
        len += (size_t)tci_utf8_format(f + len, fs - len, "%s-%s-%s", before(row, col).s,
                                       pl_at(R->r_qlent, col).s, pl_at(R->r_lbal, col).s);
        for (int j = 0; j < S->nb; j++) {
            int r = xw_pl_loan_row(S, j);
            if (r != XW_NONE)
                len += (size_t)tci_utf8_format(f + len, fs - len, "-%s", pl_at(r + 1, col).s);
        }
        break;
    }
}

/* Line `line`'s cached value in month m. */
static double line_value(const pl_sheet *S, sl_line line, int m)
{
    double v = 0;
    switch (line) {
    case SLL_DEP:
        return pm(S, m, TCO_STMT_DEPRECIATION);
    case SLL_LOSS:
        return pm(S, m, TCO_STMT_LOSS_ON_SALE);
    case SLL_BV:
        return pm(S, m, TCO_STMT_BOOK_VALUE);
    case SLL_ROU:
        return pm(S, m, TCO_STMT_ROU_ASSET);
    case SLL_LL:
        return pm(S, m, TCO_STMT_LEASE_LIABILITY);
    case SLL_COST:
        return pm(S, m, TCO_STMT_LEASE_COST);
    case SLL_LOAN:
        return pm(S, m, TCO_STMT_LOAN_BALANCE);
    default:
        break;
    }
    for (int j = 0; j < S->nb; j++) {
        const tco_plan_purchase *q = &S->pr->purchases[j];
        sl_kind k = kind_of(S, j);
        if (!q->lines[0])
            continue;
        switch (line) {
        case SLL_INT:
            v += on_books(k) ? bm(S, j, m, TCO_STMT_INTEREST) : 0;
            break;
        case SLL_FIN:
            v += on_books(k) ? bm(S, j, m, TCO_STMT_FINANCING_CASH) : 0;
            break;
        case SLL_OPCASH: /* its operating cash less its lines: its financing's */
            v += bm(S, j, m, TCO_STMT_OPERATING_CASH);
            for (int l = 0; l < TCO_LINES; l++)
                v -= bm(S, j, m, TCO_STMT_POWER + l);
            break;
        case SLL_CAPEX: /* its investing cash, less what its sale brings */
            v += bm(S, j, m, TCO_STMT_INVESTING_CASH) +
                 (m == q->sold && owns(S, j) ? q->residual : 0);
            break;
        case SLL_LENT:
            v -= k == SL_OWNED && m == q->month ? q->loan_amount : 0;
            break;
        default:
            break;
        }
    }
    return v;
}

/* A plan line's row: one formula a month, a flow's total in C. */
static void line_row(const pl_sheet *S, int row, sl_line line, int flow)
{
    char f[XW_FBUF];
    double sum = 0;
    for (int m = 0; m <= S->H; m++) {
        double v = line_value(S, line, m);
        sum += v;
        line_formula(S, line, row, XW_COL_M0 + m, f, sizeof f);
        pl_fig(S, row, XW_COL_M0 + m, f, v, S->money);
    }
    if (flow)
        pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
}

#define LINE_ROW(name, line, flow)                                                                 \
    static void name(const pl_sheet *S, int row)                                                   \
    {                                                                                              \
        line_row(S, row, line, flow);                                                              \
    }
LINE_ROW(dep_row, SLL_DEP, 1)
LINE_ROW(loss_row, SLL_LOSS, 1)
LINE_ROW(bv_row, SLL_BV, 0)
LINE_ROW(rou_row, SLL_ROU, 0)
LINE_ROW(ll_row, SLL_LL, 0)
LINE_ROW(int_row, SLL_INT, 1)
LINE_ROW(cost_row, SLL_COST, 1)
LINE_ROW(fin_row, SLL_FIN, 1)
LINE_ROW(opcash_row, SLL_OPCASH, 1)
LINE_ROW(capex_row, SLL_CAPEX, 1)
LINE_ROW(lent_row, SLL_LENT, 1)
LINE_ROW(loan_row, SLL_LOAN, 0)
#undef LINE_ROW

#define PBUYS(member, when, cells)                                                                 \
    {                                                                                              \
        PAT(member), (when), 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,      \
            (cells)                                                                                \
    }

/* See planw.h. */
const pl_row xw_pl_stmt_lease_rows[] = {
    PHEADING(s_stq, PW_ST_SLEASE, xw_pl_st_heading),
    PBUYS(k_qrate, PW_ST_SLEASE, rate_rows),
    PBUYS(k_qll0, PW_ST_SLEASE, ll0_rows),
    PBUYS(k_qrou0, PW_ST_SLEASE, rou0_rows),
    PBUYS(r_qbdep, PW_ST_SLEASE, dep_rows),
    PBUYS(r_qbabv, PW_ST_SLEASE, abv_rows),
    PBUYS(r_qbint, PW_ST_SLEASE, int_rows),
    PBUYS(r_qbll, PW_ST_SLEASE, ll_rows),
    PBUYS(r_qbcost, PW_ST_SLEASE | PW_ST_SLOP, cost_rows),
    PBUYS(r_qbahead, PW_ST_SLEASE | PW_ST_SLOP, ahead_rows),
    PBUYS(r_qbloss, PW_ST_SLEASE, loss_rows),
    PBUYS(r_qbfin, PW_ST_SLEASE | PW_ST_SLBOOKS, fin_rows),
    PLABEL(r_qdep, PW_ST_SLEASE, XW_KEY("option.dep"), "Depreciation", PU_CURRENCY, dep_row),
    PLABEL(r_qloss, PW_ST_SLEASE, XW_KEY("plan.st.loss"),
           "Loss on the sales: book value before them - residual (negative: a gain)", PU_CURRENCY,
           loss_row),
    PLABEL(r_qbv, PW_ST_SLEASE, XW_KEY("plan.st.bv"), "Book value after the sales, end of month",
           PU_CURRENCY, bv_row),
    PLABEL(r_qrou, PW_ST_SLEASE, XW_KEY("option.st.rou"), "Right-of-use asset, end of month",
           PU_CURRENCY, rou_row),
    PLABEL(r_qll, PW_ST_SLEASE, XW_KEY("plan.st.ll"), "Lease liabilities, end of month",
           PU_CURRENCY, ll_row),
    PLABEL(r_qint, PW_ST_SLEASE | PW_ST_SLBOOKS, XW_KEY("plan.st.int"),
           "Interest on the lease liabilities (on the books)", PU_CURRENCY, int_row),
    PLABEL(r_qcost, PW_ST_SLEASE | PW_ST_SLOP, XW_KEY("option.st.lcost"),
           "Lease cost, straight-line over the term (ASC 842 operating)", PU_CURRENCY, cost_row),
    PLABEL(r_qfin, PW_ST_SLEASE | PW_ST_SLBOOKS, XW_KEY("option.st.llprin"),
           "Lease paid less the interest paid with it (financing cash)", PU_CURRENCY, fin_row),
    PLABEL(r_qopcash, PW_ST_SLEASE, XW_KEY("plan.st.opcash"),
           "Leases and loans: operating cash (interest paid, operating leases' payments)",
           PU_CURRENCY, opcash_row),
    PLABEL(r_qcapex, PW_ST_SLEASE, XW_KEY("plan.st.capex"),
           "Capex paid: purchases not leased, operating leases' buyouts (investing cash)",
           PU_CURRENCY, capex_row),
    PLABEL(r_qlent, PW_ST_SLEASE | PW_STAGED_LOAN, XW_KEY("plan.st.lent"),
           "Lent by the loans (financing cash)", PU_CURRENCY, lent_row),
    PLABEL(r_qloan, PW_ST_SLEASE | PW_STAGED_LOAN, XW_KEY("option.lclose"),
           "Loan balance, end of month", PU_CURRENCY, loan_row),
};

/* See planw.h. */
const size_t xw_pl_n_stmt_lease_rows =
    sizeof xw_pl_stmt_lease_rows / sizeof xw_pl_stmt_lease_rows[0];

/* See planw.h. */
void xw_pl_stmt_lease_layout(const pl_rows *R, xw_plansheet *ps)
{
    if (R->r_qdep == XW_NONE)
        return;
    ps->st_dep = R->r_qdep;
    ps->st_loss = R->r_qloss;
    ps->st_bv = R->r_qbv;
    ps->st_rou = R->r_qrou;
    ps->st_ll = R->r_qll;
    ps->st_lcost = R->r_qcost;
    ps->st_capex = R->r_qcapex;
    ps->st_resid = R->r_resid;
    ps->st_lent = R->r_qlent;
    ps->st_loan = R->r_qloan;
    ps->st_lbal = R->r_qloan != XW_NONE ? R->r_lbal : XW_NONE;
    ps->st_epay = R->r_qopcash;
    ps->st_ebuy = ps->st_llprin = XW_NONE;
    int k = 0;
    while (k <= TCO_MAX_BUYS && ps->st_lint[k] != XW_NONE)
        k++;
    if (k <= TCO_MAX_BUYS) { /* after the loans' */
        ps->st_lint[k] = R->r_qint;
        ps->st_lprin[k] = R->r_qfin;
    }
}
