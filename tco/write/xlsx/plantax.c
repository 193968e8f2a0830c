/* plantax.c - a plan's tax block (MODEL.md, Plans after tax; planw.h), after
 * the plan's rows: each purchase's tax depreciation by the [tax] method over
 * twelve months a year from the month after it is owned, the tax on the
 * sales, the owned part's tax (-rate x its lines, a lease's payments, a
 * loan's interest and the tax depreciation, and the tax on the sales), the
 * reserved part's (-rate x its upfront and rental) and the overflow's (-rate x
 * the hours bought), the plan's tax, its net cost after tax and that at its
 * present value. Each row is one formula a month over Inputs (TaxRate,
 * TaxDeductInterest, the MACRS table) and the sheet's rows, cached with the
 * engine's value. */
#include "write/xlsx/planw.h"
#include "core/core.h"
#include "core/factors.h"
#include "util/utf8.h"
#include "write/xlsx/plan.h"
#include "write/xlsx/sheets.h"

#include <string.h>

/* ===== The depreciation ===== */

/* The option of the tax depreciation's life row `row` (k_tlife: the owned
 * part's, k_tlife_new: the refresh's). */
static const xw_optw *life_option(const pl_sheet *S, int row)
{
    return row == S->R.k_tlife_new ? &S->wn : &S->wo;
}

/* A life's driver: its label with its option, and xw_tax_life_drv's cell. */
static void life_drv(const pl_sheet *S, int row)
{
    const xw_optw *w = life_option(S, row);
    char t[XW_TBUF];
    xw_labelf(S->c, t, sizeof t, "plan.tlife", "Tax depreciation's life, in years: {option}",
              "option", S->c->id[w->i], NULL);
    pl_label(S, row, t, "", XS_TEXT);
    xw_tax_life_drv(w, row);
}

/* A salvage fraction's driver (k_tsalv: the owned option's, k_tsalv_new: the
 * refresh's): its Inputs cell, or a fixed number where Inputs has none (an
 * option depreciated by MACRS for its books has no salvage_fraction). */
static void salvage_drv(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const xw_optw *w = row == S->R.k_tsalv_new ? &S->wn : &S->wo;
    char t[XW_TBUF], f[XW_FBUF];
    xw_labelf(c, t, sizeof t, "plan.tsalv", "Tax salvage, a fraction of the basis: {option}",
              "option", c->id[w->i], NULL);
    pl_label(S, row, t, "", XS_TEXT);
    if (c->in_o[w->i * TCO_O_COUNT + TCO_O_SALVAGE_FRACTION] == XW_NONE)
        xw_num(c, S->ws, row, XW_COL_VAL, w->o->salvage_fraction, xw_fmt(c, XS_FIXED, XN_PCT));
    else
        pl_fig(S, row, XW_COL_VAL,
               xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_SALVAGE_FRACTION).s),
               w->o->salvage_fraction, xw_fmt(c, XS_CALC, XN_PCT));
}

static void heading(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char t[XW_TBUF], mk[64];
    int method = xw_tax_method(c->s, S->own ? S->wo.o : &c->s->options[0]);
    const char *name = tco_option_key(TCO_O_DEPRECIATION)
                           ->names[method >= 0 && method <= TCO_DEP_MACRS7 ? method : 0];
    if (S->own) {
        tci_utf8_format(mk, sizeof mk, "depreciation.%s", name);
        xw_labelf(c, t, sizeof t, "option.tax",
                  "Taxes: {method} depreciation for tax, at the tax rate on Inputs", "method",
                  xw_label(c, mk, name), NULL);
    } else {
        tci_utf8_format(t, sizeof t, "%s",
                        xw_label(c, "option.tax.rent", "Taxes: at the tax rate on Inputs"));
    }
    xw_text(c, S->ws, row, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
}

/* What a purchase's depreciation and sale read: the month after which it is
 * owned, its tax basis and residual, as references; its flags in month col
 * (the timing block's): owned (from the month after its purchase, or after
 * its lease's end, to its sale) and sold. */
typedef struct buy_refs {
    xw_refbuf from, base, resid;
    char owned[256], sold[64];
    const xw_optw *w;
    int life, salv; /* its life's and salvage fraction's driver rows */
} buy_refs;

/* Purchase j's references in month col (bought at once: j = 0): a lease's
 * hardware is owned from the lease's end, its buyout the basis. */
static buy_refs buy_of(const pl_sheet *S, int j, int col)
{
    buy_refs b;
    if (S->staged) {
        int lease = xw_pl_buy_lease(S, j);
        b.w = xw_pl_buy_option(S, j);
        b.from = pl_buy(S, j, lease ? PB_EEND : PB_MONTH);
        b.base = pl_buy(S, j, lease ? PB_EBUY : PB_CAPEX);
        b.resid = pl_buy(S, j, PB_RESIDUAL);
        b.life = xw_pl_is_refresh(S, j) ? S->R.k_tlife_new : S->R.k_tlife;
        b.salv = xw_pl_is_refresh(S, j) ? S->R.k_tsalv_new : S->R.k_tsalv;
        xw_refbuf in = pl_at(pl_flag(S, PF_IN, j), col);
        if (lease)
            tci_utf8_format(b.owned, sizeof b.owned, "%s*(1-%s)*(1-%s)", in.s,
                            pl_at(pl_flag(S, PF_LEASE, j), col).s,
                            pl_at(pl_flag(S, PF_LEND, j), col).s);
        else
            tci_utf8_format(b.owned, sizeof b.owned, "%s", in.s);
        tci_utf8_format(b.sold, sizeof b.sold, "%s", pl_at(pl_flag(S, PF_SOLD, j), col).s);
        return b;
    }
    b.w = &S->wo;
    b.from = S->lease ? pl_drv(S->R.f_lease) : xw_ref(NULL, S->R.r_month, XW_COL_M0, 1, 1);
    b.base = pl_drv(S->lease ? S->R.k_ebuy : S->R.k_capex);
    b.resid = pl_drv(S->R.k_residual);
    b.life = S->R.k_tlife;
    b.salv = S->R.k_tsalv;
    xw_refbuf op = pl_at(S->R.f_op, col);
    if (S->lease)
        tci_utf8_format(b.owned, sizeof b.owned, "%s*(1-%s)*(1-%s)", op.s,
                        pl_at(S->R.f_lease, col).s, pl_at(S->R.f_lend, col).s);
    else
        tci_utf8_format(b.owned, sizeof b.owned, "%s", op.s);
    tci_utf8_format(b.sold, sizeof b.sold, "%s", pl_at(S->R.f_end, col).s);
    return b;
}

/* Month col's tax depreciation of purchase b, in f: in the months it is
 * owned, within its life (the year of its age, from the month after it is
 * owned; none while a lease runs on past the horizon), the year's depreciation by the method over
 * twelve (MODEL.md, Plans after tax: no section 179 or bonus). */
static const char *dep_formula(const pl_sheet *S, const buy_refs *b, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    xw_refbuf mo = pl_at(S->R.r_month, col), life = pl_drv(b->life);
    char y[256], body[XW_FBUF / 2], sv[256] = "";
    tci_utf8_format(y, sizeof y, "(INT((%s-%s-1)/MonthsPerYear)+1)", mo.s, b->from.s);
    int method = xw_tax_method(c->s, b->w->o);
    if (method != TCO_DEP_MACRS5 && method != TCO_DEP_MACRS7)
        tci_utf8_format(sv, sizeof sv, "%s*%s", b->base.s, pl_drv(b->salv).s);
    switch (method) {
    case TCO_DEP_STRAIGHT_LINE:
        tci_utf8_format(body, sizeof body, "SLN(%s,%s,%s)/MonthsPerYear", b->base.s, sv, life.s);
        break;
    case TCO_DEP_DOUBLE_DECLINING:
        tci_utf8_format(body, sizeof body, "VDB(%s,%s,%s,%s-1,%s)/MonthsPerYear", b->base.s, sv,
                        life.s, y, y);
        break;
    case TCO_DEP_SUM_OF_YEARS:
        tci_utf8_format(body, sizeof body, "SYD(%s,%s,%s,%s)/MonthsPerYear", b->base.s, sv, life.s,
                        y);
        break;
    default: {
        int mc = method == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        tci_utf8_format(
            body, sizeof body, "%s*INDEX(%s,%s)/MonthsPerYear", b->base.s,
            xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s, y);
    }
    }
    return xw_formula(c, f, fs, "=IF(%s=1,IF(AND(%s>=1,%s<=%s),%s,0),0)", b->owned, y, y, life.s,
                      body);
}

/* Purchase q's tax depreciation in month m (0..H). */
static double dep_value(const tco_plan_purchase *q, int m)
{
    if (q->lines[0] && q->tax_by_year && m == q->month) /* by tax year: its own month's */
        return q->tax_depreciation0;
    if (!q->lines[0] || m <= q->month || m > q->sold)
        return 0;
    return q->lines[0][m - q->month - 1].tax_depreciation;
}

/* Each purchase's tax depreciation, one row each. */
static void dep_rows(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], t[XW_TBUF], nm[XW_TBUF];
    const int n = S->staged ? S->nb : 1;
    for (int j = 0; j < n; j++) {
        const tco_plan_purchase *q = &S->pr->purchases[j]; /* the table's order */
        if (S->staged) {
            xw_labelf(c, t, sizeof t, "plan.tdep.buy", "Tax depreciation: {purchase}", "purchase",
                      xw_pl_buy_name(S, j, nm, sizeof nm), NULL);
            pl_label(S, row + j, t, S->cur, XS_TEXT);
        } else {
            pl_label(S, row + j, xw_label(c, "option.tdep", "Tax depreciation"), S->cur, XS_TEXT);
        }
        double sum = 0;
        for (int m = 0; m <= S->H; m++) {
            sum += dep_value(q, m);
            buy_refs b = buy_of(S, j, XW_COL_M0 + m);
            if (xw_pl_buy_by_year(S, j)) /* MODEL.md, Tax depreciation by tax year */
                xw_pl_ty_dep_formula(S, j, b.life, f, sizeof f, XW_COL_M0 + m);
            else
                dep_formula(S, &b, f, sizeof f, XW_COL_M0 + m);
            pl_fig(S, row + j, XW_COL_M0 + m, f, dep_value(q, m), S->money);
        }
        pl_total(S, row + j, XW_COL_M0, sum, XS_CALC, XN_MONEY);
    }
}

/* The tax on the sales: in each purchase's month sold, the rate times its
 * residual less its tax book value then (its basis less its depreciation to
 * date). */
static void sale_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const int n = S->staged ? S->nb : 1;
    char f[XW_FBUF];
    double sum = 0;
    for (int m = 0; m <= S->H; m++)
        sum += m == 0 ? 0 : S->pr->monthly[m - 1].own_sale_tax;
    pl_total(S, row, XW_COL_M0, sum, XS_CALC, XN_MONEY);
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        size_t len = 0;
        f[0] = '=';
        f[1] = '\0';
        for (int j = 0; j < n; j++) {
            buy_refs b = buy_of(S, j, col);
            int r = S->R.r_tdep + j;
            len = strlen(f);
            tci_utf8_format(f + len, sizeof f - len, "%sIF(%s=1,TaxRate*(%s-%s+SUM(%s:%s)),0)",
                            j ? "+" : "", b.sold, b.resid.s, b.base.s,
                            xw_ref(NULL, r, XW_COL_M0, 1, 1).s, pl_at(r, col).s);
        }
        char g[XW_FBUF];
        pl_fig(S, row, col, xw_formula(c, g, sizeof g, "%s", f),
               m == 0 ? 0 : S->pr->monthly[m - 1].own_sale_tax, S->money);
    }
}

/* ===== Each part's tax ===== */

/* The owned part's deductible of month col as a formula term, in t: its
 * lines, a lease's payments (and those still to come of a lease returned at
 * the refresh), a loan's interest unless TaxDeductInterest says no, and the
 * purchases' tax depreciation. */
static const char *own_deductible(const pl_sheet *S, char *t, size_t ts, int col)
{
    const pl_rows *R = &S->R;
    int first = XW_NONE, last = XW_NONE;
    for (int k = 0; k < TCO_LINES; k++)
        if (R->r_line[k] != XW_NONE) {
            first = first == XW_NONE ? R->r_line[k] : first;
            last = R->r_line[k];
        }
    size_t len;
    tci_utf8_format(t, ts, "SUM(%s:%s)", pl_at(first, col).s, pl_at(last, col).s);
    const int extra[2] = {R->r_epay, R->r_eset};
    for (int k = 0; k < 2; k++)
        if (extra[k] != XW_NONE) {
            len = strlen(t);
            tci_utf8_format(t + len, ts - len, "+%s", pl_at(extra[k], col).s);
        }
    char in[XW_FBUF / 2] = "";
    if (S->loan)
        tci_utf8_format(in, sizeof in, "%s", pl_at(R->r_lint, col).s);
    for (int j = 0; S->sloan && j < S->nb; j++) {
        int r = xw_pl_loan_row(S, j);
        if (r == XW_NONE)
            continue;
        len = strlen(in);
        tci_utf8_format(in + len, sizeof in - len, "%s%s", len ? "+" : "", pl_at(r, col).s);
    }
    if (in[0]) {
        len = strlen(t);
        tci_utf8_format(t + len, ts - len, "+IF(TaxDeductInterest=\"no\",0,%s)", in);
    }
    len = strlen(t);
    const int n = S->staged ? S->nb : 1;
    tci_utf8_format(t + len, ts - len, "+SUM(%s:%s)", pl_at(R->r_tdep, col).s,
                    pl_at(R->r_tdep + n - 1, col).s);
    return t;
}

/* A part's tax row: its label, each month's formula (make) and cached value
 * (value, month 0..H), and in C its sum with the tax on a commitment (row
 * `commit`'s C times -TaxRate; XW_NONE: none), cached with its months' and
 * commitment_tax. */
static void part_row(const pl_sheet *S, int row, const char *key, const char *english,
                     const char *(*make)(const pl_sheet *S, char *f, size_t fs, int col),
                     double (*value)(const pl_sheet *S, int m), int commit, double commitment_tax)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    double total = commitment_tax;
    pl_label(S, row, xw_label(c, key, english), S->cur, XS_TEXT);
    for (int m = 0; m <= S->H; m++) {
        total += value(S, m);
        pl_fig(S, row, XW_COL_M0 + m, make(S, f, sizeof f, XW_COL_M0 + m), value(S, m), S->money);
    }
    xw_refbuf months = xw_range(NULL, row, XW_COL_M0, row, S->last);
    if (commit != XW_NONE)
        xw_formula(c, f, sizeof f, "=SUM(%s)-TaxRate*%s", months.s, pl_drv(commit).s);
    else
        xw_formula(c, f, sizeof f, "=SUM(%s)", months.s);
    pl_fig(S, row, XW_COL_VAL, f, total, xw_fmt(c, XS_CALC, XN_MONEY));
}

/* "+" and part row `row`'s cell in column col into t, or "" when the sheet
 * has no such row: with carbon_in_total each part's carbon cost, deducted as
 * it is paid (MODEL.md, A plan's carbon cost in its total). */
static const char *plus_row(char *t, size_t ts, int row, int col)
{
    if (row == XW_NONE)
        t[0] = '\0';
    else
        tci_utf8_format(t, ts, "+%s", pl_at(row, col).s);
    return t;
}

static const char *own_formula(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF], co2[XW_FBUF / 8];
    return xw_formula(S->c, f, fs, "=-TaxRate*(%s%s)+%s", own_deductible(S, t, sizeof t, col),
                      plus_row(co2, sizeof co2, S->R.r_co2_own, col), pl_at(S->R.r_tsale, col).s);
}

static const char *res_formula(const pl_sheet *S, char *f, size_t fs, int col)
{
    char co2[XW_FBUF / 8];
    return xw_formula(S->c, f, fs, "=-TaxRate*(%s+%s%s)", pl_at(S->R.r_res_up, col).s,
                      pl_at(S->R.r_res_rent, col).s,
                      plus_row(co2, sizeof co2, S->R.r_co2_res, col));
}

static const char *over_formula(const pl_sheet *S, char *f, size_t fs, int col)
{
    char co2[XW_FBUF / 8];
    if (S->R.r_co2_over == XW_NONE)
        return xw_formula(S->c, f, fs, "=-TaxRate*%s", pl_at(S->R.r_ov_cost, col).s);
    return xw_formula(S->c, f, fs, "=-TaxRate*(%s%s)", pl_at(S->R.r_ov_cost, col).s,
                      plus_row(co2, sizeof co2, S->R.r_co2_over, col));
}

/* Each part's tax of month m (0..H), as the engine keeps it. */
static double own_value(const pl_sheet *S, int m)
{
    return m == 0 ? S->pr->own_tax0 : S->pr->monthly[m - 1].own_tax;
}

static double res_value(const pl_sheet *S, int m)
{
    return m == 0 ? S->pr->reserve_tax0 : S->pr->monthly[m - 1].reserve_tax;
}

static double over_value(const pl_sheet *S, int m)
{
    return m == 0 ? 0 : S->pr->monthly[m - 1].overflow_tax;
}

static void own_tax_row(const pl_sheet *S, int row)
{
    part_row(S, row, XW_KEY("plan.town"),
             "Owned: tax (-rate x deductible, and the tax on the sales)", own_formula, own_value,
             S->R.r_own_commit, S->pr->own_commitment_tax);
}

static void res_tax_row(const pl_sheet *S, int row)
{
    if (S->R.r_co2_res != XW_NONE) /* MODEL.md, A plan's carbon cost in its total */
        part_row(S, row, XW_KEY("plan.tres.co2"),
                 "Reserved: tax (-rate x upfront, rental and carbon cost)", res_formula, res_value,
                 S->R.r_res_commit, S->pr->reserve_commitment_tax);
    else
        part_row(S, row, XW_KEY("plan.tres"), "Reserved: tax (-rate x upfront and rental)",
                 res_formula, res_value, S->R.r_res_commit, S->pr->reserve_commitment_tax);
}

static void over_tax_row(const pl_sheet *S, int row)
{
    if (S->R.r_co2_over != XW_NONE)
        part_row(S, row, XW_KEY("plan.tover.co2"),
                 "On demand: tax (-rate x the hours bought and their carbon cost)", over_formula,
                 over_value, XW_NONE, 0);
    else
        part_row(S, row, XW_KEY("plan.tover"), "On demand: tax (-rate x the hours bought)",
                 over_formula, over_value, XW_NONE, 0);
}

/* ===== The plan's ===== */

/* The parts' tax rows' cells in column col, "+"-joined, in t. */
static const char *parts(const pl_sheet *S, char *t, size_t ts, int col)
{
    const int rows[3] = {S->R.r_town, S->R.r_tres, S->R.r_tover};
    size_t len = 0;
    t[0] = '\0';
    for (int k = 0; k < 3; k++)
        if (rows[k] != XW_NONE) {
            xw_refbuf r = col == XW_COL_VAL ? pl_drv(rows[k]) : pl_at(rows[k], col);
            tci_utf8_format(t + len, ts - len, "%s%s", len ? "+" : "", r.s);
            len = strlen(t);
        }
    return t[0] ? t : "0";
}

/* The plan's tax: the parts'; in C their totals (with the commitments'). */
static void tax_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const tco_plan_result *pr = S->pr;
    char f[XW_FBUF], t[XW_FBUF];
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, row, col, xw_formula(c, f, sizeof f, "=%s", parts(S, t, sizeof t, col)),
               m == 0 ? pr->tax0 : pr->monthly[m - 1].tax, S->money_t);
    }
    pl_fig(S, row, XW_COL_VAL, xw_formula(c, f, sizeof f, "=%s", parts(S, t, sizeof t, XW_COL_VAL)),
           pr->after_tax_total - pr->total, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* The net cost after tax: the net cost and the tax; the after-tax total. */
static void at_net_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(S, row, col,
               xw_formula(c, f, sizeof f, "=%s+%s", pl_at(S->R.r_net, col).s,
                          pl_at(S->R.r_tax, col).s),
               tci_plan_net_cost_after_tax(S->pr, m, S->H), S->money_t);
    }
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(c, f, sizeof f, "=%s+%s", pl_drv(S->R.r_net).s, pl_drv(S->R.r_tax).s),
           S->pr->after_tax_total, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* Its present value; the after-tax NPV with what is owed past the horizon,
 * after its tax. */
static void at_pv_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        pl_fig(
            S, row, col,
            xw_formula(c, f, sizeof f, "=%s*%s", pl_at(S->R.r_at_net, col).s,
                       pl_at(S->R.r_df, col).s),
            tci_present_value(tci_plan_net_cost_after_tax(S->pr, m, S->H), c->r->monthly_rate, m),
            S->money_t);
    }
    char t[XW_FBUF / 2] = "";
    const int commits[2] = {S->R.k_commit_pv, S->R.k_own_commit_pv};
    for (int k = 0; k < 2; k++)
        if (commits[k] != XW_NONE) {
            size_t len = strlen(t);
            tci_utf8_format(t + len, sizeof t - len, "%s%s", len ? "+" : "", pl_drv(commits[k]).s);
        }
    xw_refbuf months = xw_range(NULL, row, XW_COL_M0, row, S->last);
    if (t[0])
        xw_formula(c, f, sizeof f, "=SUM(%s)+(1-TaxRate)*(%s)", months.s, t);
    else
        xw_formula(c, f, sizeof f, "=SUM(%s)", months.s);
    pl_fig(S, row, XW_COL_VAL, f, S->pr->after_tax_npv, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* ===== The rows ===== */

/* See planw.h. */
const pl_row xw_pl_tax_rows[] = {
    PHEADING(s_tax, PW_TAX, heading),
    POWN(k_tlife, PW_TAX | PW_OWN, life_drv),
    POWN(k_tlife_new, PW_TAX | PW_REFRESH, life_drv),
    POWN(k_tsalv, PW_TAX_SALV | PW_OWN, salvage_drv),
    POWN(k_tsalv_new, PW_TAX_SALV | PW_REFRESH, salvage_drv),
    {PAT(k_tyyear), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_year_rows},
    {PAT(k_tyq), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_quarter_rows},
    {PAT(k_tybasis), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_basis_rows},
    {PAT(k_tyybasis), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_ybasis_rows},
    {PAT(k_ty179), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_179_rows},
    {PAT(k_tybonus), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_bonus_rows},
    {PAT(k_tytable), PW_TAX_YEAR, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     xw_pl_ty_table_rows},
    POWN(r_tdep, PW_TAX | PW_NOT_STAGED, dep_rows),
    {PAT(r_tdep), PW_TAX | PW_STAGED, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0,
     0, dep_rows},
    PLABEL(r_tsale, PW_TAX | PW_OWN, XW_KEY("plan.tsale"),
           "Tax on the sales: rate x (residual - tax book value then)", PU_CURRENCY, sale_row),
    POWN(r_town, PW_TAX | PW_OWN, own_tax_row),
    POWN(r_tres, PW_TAX | PW_RES, res_tax_row),
    POWN(r_tover, PW_TAX | PW_OVER, over_tax_row),
    PTOTAL(r_tax, PW_TAX, XW_KEY("option.taxrow"),
           "Tax: -rate x deductible, and the tax on the sale", tax_row),
    PTOTAL(r_at_net, PW_TAX, XW_KEY("option.atnet"), "Net cost after tax (net cost + tax)",
           at_net_row),
    PTOTAL(r_at_pv, PW_TAX, XW_KEY("option.atpv"), "Present value after tax", at_pv_row),
};

/* See planw.h. */
const size_t xw_pl_n_tax_rows = sizeof xw_pl_tax_rows / sizeof xw_pl_tax_rows[0];
