/* optrows.c - the cells and rows an option's cash-flow sheet writes alike for
 * several figures (optw.h): labels, figures, drivers and totals; a month's
 * depreciation by a method (the book view's and the tax view's); a flow of
 * savings against the baseline and its returns (before and after tax). */
#include "write/xlsx/optw.h"
#include "write/xlsx/plan.h"
#include "core/factors.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ===== Cells ===== */

/* See optw.h. */
void xw_ow_factor_row(const xw_optw *w, int row, int year_row)
{
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) /* month 0 at year 1's: nothing is rented then */
        xw_ow_fig(
            w, row, XW_COL_M0 + m,
            xw_formula(w->c, f, sizeof f, "=(1-%s)^(MAX(%s,1)-1)",
                       xw_ow_in(w, TCO_O_PRICE_DECLINE).s, xw_ow_at(year_row, XW_COL_M0 + m).s),
            tci_price_factor(-w->o->price_decline, m > 0 ? m : 1), xw_fmt(w->c, XS_CALC, XN_DEC6));
}

/* See optw.h. */
void xw_flag_row(xw_ctx *c, lxw_worksheet *ws, int row, int month_row, int H, const char *link,
                 double lv, xw_flag_f fn, xw_flag_on on, const void *ctx, int j)
{
    char f[XW_FBUF];
    lxw_format *n = xw_fmt(c, XS_CALC, XN_INT);
    if (link)
        xw_fnum(c, ws, row, XW_COL_VAL, link, lv, n);
    xw_refbuf cc = xw_ref(NULL, row, XW_COL_VAL, 1, 1);
    for (int m = 0; m <= H; m++) {
        xw_refbuf mo = xw_ref(NULL, month_row, XW_COL_M0 + m, 1, 0);
        xw_fnum(c, ws, row, XW_COL_M0 + m, fn(ctx, j, f, sizeof f, mo.s, cc.s), on(ctx, j, m), n);
    }
}

/* A flag of the kinds every cash-flow sheet has, as xw_flag_row's context. */
typedef struct std_flag {
    xw_flag_kind kind;
    double cv, ov;  /* column C's value, and the other row's */
    const char *ot; /* the other row's column C */
} std_flag;

/* Its formula (a few dozen bytes: no overflow to record). */
static const char *std_formula(const void *ctx, int j, char *f, size_t fs, const char *mo,
                               const char *cc)
{
    const std_flag *d = ctx;
    (void)j;
    switch (d->kind) {
    case XW_FLAG_MONTH0:
        tci_utf8_format(f, fs, "=IF(%s=0,1,0)", mo);
        break;
    case XW_FLAG_OPERATING:
        tci_utf8_format(f, fs, "=IF(%s>0,1,0)", mo);
        break;
    case XW_FLAG_AT:
        tci_utf8_format(f, fs, "=IF(%s=%s,1,0)", mo, cc);
        break;
    case XW_FLAG_WITHIN:
        tci_utf8_format(f, fs, "=IF(AND(%s>0,%s<=%s),1,0)", mo, mo, cc);
        break;
    case XW_FLAG_AFTER:
        tci_utf8_format(f, fs, "=IF(AND(%s>0,%s>%s),1,0)", cc, mo, cc);
        break;
    case XW_FLAG_BEFORE_BOTH:
        tci_utf8_format(f, fs, "=IF(%s<MIN(%s,%s),1,0)", mo, cc, d->ot);
        break;
    case XW_FLAG_AT_OTHER:
        tci_utf8_format(f, fs, "=IF(%s=%s,1,0)", mo, d->ot);
        break;
    case XW_FLAG_RENEWAL:
    default:
        tci_utf8_format(f, fs, "=IF(AND(%s>%s,MOD(%s-1,%s)=0),1,0)", mo, d->ot, mo, d->ot);
        break;
    }
    return f;
}

/* Its value in month m, by the same rule. */
static int std_value(const void *ctx, int j, int m)
{
    const std_flag *d = ctx;
    const double c = d->cv, o = d->ov;
    (void)j;
    switch (d->kind) {
    case XW_FLAG_MONTH0:
        return m == 0;
    case XW_FLAG_OPERATING:
        return m > 0;
    case XW_FLAG_AT:
        return m == c;
    case XW_FLAG_WITHIN:
        return m > 0 && m <= c;
    case XW_FLAG_AFTER:
        return c > 0 && m > c;
    case XW_FLAG_BEFORE_BOTH:
        return m < c && m < o;
    case XW_FLAG_AT_OTHER:
        return m == o;
    case XW_FLAG_RENEWAL:
    default:
        return o > 0 && m > o && (m - 1) % (int)o == 0;
    }
}

/* See optw.h. */
void xw_flag_std(xw_ctx *c, lxw_worksheet *ws, int row, int month_row, int H, xw_flag_kind kind,
                 const char *link, double cv, int other, double ov)
{
    xw_refbuf ot = xw_ref(NULL, other == XW_NONE ? row : other, XW_COL_VAL, 1, 1);
    std_flag d = {kind, cv, ov, ot.s};
    xw_flag_row(c, ws, row, month_row, H, link, cv, std_formula, std_value, &d, 0);
}

/* See optw.h. */
void xw_ow_times_flag(const xw_optw *w, int row, int drv, int neg, int flag, const double *v)
{
    char f[XW_FBUF];
    xw_refbuf d = xw_ow_drv(drv);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(
            w, row, col,
            xw_formula(w->c, f, sizeof f, "=%s%s*%s", neg ? "-" : "", d.s, xw_ow_at(flag, col).s),
            v[m], w->money);
    }
}

/* See optw.h. */
void xw_ow_at0(const xw_optw *w, int row, int drv, int neg, double v)
{
    double vs[TCO_MAX_HORIZON + 1] = {0};
    vs[0] = v;
    xw_ow_times_flag(w, row, drv, neg, w->L->f_m0, vs);
}

/* See optw.h. */
void xw_ow_cash_heading(const xw_optw *w, int row)
{
    char t[XW_TBUF];
    xw_labelf(w->c, t, sizeof t, "option.cash", "Monthly cash flow ({currency})", "currency",
              w->cur, NULL);
    xw_text(w->c, w->ws, row, 0, t, xw_fmt(w->c, XS_SECTION, XN_NONE));
}

/* See optw.h. */
void xw_ow_label(const xw_optw *w, int row, const char *label, const char *unit, xw_style st)
{
    xw_text(w->c, w->ws, row, XW_COL_LABEL, label,
            xw_fmt(w->c, st == XS_TOTAL ? XS_TOTAL : XS_TEXT, XN_NONE));
    if (unit && *unit)
        xw_text(w->c, w->ws, row, XW_COL_UNIT, unit, xw_fmt(w->c, XS_KEY, XN_NONE));
}

/* See optw.h. */
void xw_ow_fig(const xw_optw *w, int row, int col, const char *formula, double v, lxw_format *f)
{
    xw_fnum(w->c, w->ws, row, col, formula, v, f);
}

/* See optw.h. */
void xw_ow_driver(const xw_optw *w, int row, const char *label, const char *unit,
                  const char *formula, double v, xw_numfmt nf)
{
    xw_ow_label(w, row, label, unit, XS_TEXT);
    xw_ow_fig(w, row, XW_COL_VAL, formula, v, xw_fmt(w->c, XS_CALC, nf));
}

/* See optw.h. */
void xw_ow_total(const xw_optw *w, int row, int first, double v, xw_style st)
{
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(w->c, f, sizeof f, "=SUM(%s)", xw_range(NULL, row, first, row, w->last).s),
              v, xw_fmt(w->c, st, XN_MONEY));
}

/* ===== Formulas of drivers and cost lines ===== */

/* The number of committed months past the horizon as a formula, in buf: to
 * the end of the term that runs at month H, the last renewal's when it renews. */
static const char *committed_months(const xw_optw *w, char *buf, size_t size)
{
    xw_refbuf term = xw_ow_in(w, TCO_O_TERM_MONTHS);
    if (w->o->after_term == TCO_AFTER_RENEW)
        tci_utf8_format(buf, size, "(-INT(-HorizonMonths/%s)*%s-HorizonMonths)", term.s, term.s);
    else
        tci_utf8_format(buf, size, "MAX(%s-HorizonMonths,0)", term.s);
    return buf;
}

/* A rent option's rental in a month, in f. A reserved option with a term pays
 * its rate to the end of the term, then a renewal (the upfront again in the
 * first month of each) or the on-demand rate. */
static const char *rental(const xw_optw *w, const xw_owrefs *R, char *f, size_t fs)
{
    xw_ctx *c = w->c;
    const char *n = R->n, *u = R->u, *fa = R->factor;
    xw_refbuf p = xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR), st = xw_ow_in(w, TCO_O_STORAGE_PER_MONTH);
    if (xw_has_egress(c->s, w->i)) {
        /* Storage and the egress, billed with the rental (MODEL.md, Egress). */
        xw_refbuf tb = xw_ow_in(w, TCO_O_EGRESS_TB_PER_MONTH),
                  pt = xw_ow_in(w, TCO_O_EGRESS_PER_TB);
        char both[sizeof st.s];
        xw_formula(c, both, sizeof both, "(%s+%s*%s)", st.s, tb.s, pt.s);
        snprintf(st.s, sizeof st.s, "%s", both);
    }
    int term = w->o->pricing == TCO_RESERVED && w->o->term_months > 0;
    if (w->o->acquire == TCO_API) { /* the workload's tokens at the year's prices */
        char g[XW_FBUF];
        const tco_option *o = w->o;
        xw_api_charge(c, xw_ow_in(w, TCO_O_PRICE_PER_MILLION_INPUT_TOKENS).s,
                      o->src[TCO_O_PRICE_PER_MILLION_CACHED_TOKENS]
                          ? xw_ow_in(w, TCO_O_PRICE_PER_MILLION_CACHED_TOKENS).s
                          : NULL,
                      xw_ow_in(w, TCO_O_CACHED_FRACTION).s,
                      xw_ow_in(w, TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS).s, g, sizeof g);
        return xw_formula(c, f, fs, "=%s*%s", g, fa);
    }
    if (w->o->pricing == TCO_ON_DEMAND)
        return xw_formula(c, f, fs, "=%s*HoursPerMonth*%s*%s*%s+%s", n, u, p.s, fa, st.s);
    if (w->o->pricing == TCO_SPOT) /* the hours lost to interruptions are paid too */
        return xw_formula(c, f, fs, "=%s*HoursPerMonth*%s*%s*%s/(1-%s)+%s", n, u, p.s, fa,
                          xw_ow_in(w, TCO_O_INTERRUPTION_OVERHEAD).s, st.s);
    if (!term)
        return xw_formula(c, f, fs, "=%s*HoursPerMonth*%s+%s", n, p.s, st.s);
    if (w->o->after_term == TCO_AFTER_ON_DEMAND) /* by the term's flag */
        return xw_formula(c, f, fs, "=IF(%s=1,%s*HoursPerMonth*%s,%s*HoursPerMonth*%s*%s*%s)+%s",
                          R->term, n, p.s, n, u, xw_ow_in(w, TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR).s,
                          fa, st.s);
    /* Renewed: a renewal's upfront in its first month, by its flag. */
    return xw_formula(c, f, fs, "=%s*HoursPerMonth*%s+%s+%s*%s", n, p.s, st.s, R->renew,
                      xw_ow_in(w, TCO_O_UPFRONT).s);
}

/* The months a lease is held: R->horizon, else the model's. */
static const char *held(const xw_owrefs *R)
{
    return R->horizon ? R->horizon : "HorizonMonths";
}

/* The condition, in t, under which a lease's hardware is owned at the end of
 * the months it is held (R->horizon): bought out at a month within them ("0"
 * when it is returned). */
static const char *owned_if(const xw_optw *w, const xw_owrefs *R, char *t, size_t ts)
{
    if (w->o->lease_end != TCO_LEASE_BUYOUT)
        return xw_formula(w->c, t, ts, "0");
    return xw_formula(w->c, t, ts, "%s<=%s", xw_ow_in(w, TCO_O_LEASE_MONTHS).s, held(R));
}

/* See optw.h. */
const char *xw_ow_formula(const xw_optw *w, xw_owf which, const xw_owrefs *R, char *f, size_t fs)
{
    xw_ctx *c = w->c;
    char months[XW_FBUF / 4];
    /* A cost line that is a rate of capex a year (TCO_COST_LINES). */
    if (which >= XF_LINE(0) && which < XF_LINE(TCO_LINES)) {
        int rate = tco_cost_line_get(which - XF_LINE(0))->rate;
        if (rate != TCO_LINE_NO_RATE)
            return xw_formula(c, f, fs, "=%s*%s/MonthsPerYear", R->capex,
                              xw_ow_in(w, (tco_okey)rate).s);
    }
    switch (which) {
    case XF_SERVERS:
        return xw_formula(c, f, fs, "=-INT(-%s/%s)", R->n, xw_ow_in(w, TCO_O_GPUS_PER_SERVER).s);
    case XF_CAPEX_GPU:
        return xw_formula(c, f, fs, "=%s*%s", R->n, xw_ow_in(w, TCO_O_GPU_PRICE).s);
    case XF_CAPEX_INFRA:
        return xw_formula(c, f, fs, "=%s*(%s+%s)", R->servers, xw_ow_in(w, TCO_O_SERVER_PRICE).s,
                          xw_ow_in(w, TCO_O_NETWORK_PRICE).s);
    case XF_GPU_W:
        return xw_formula(c, f, fs, "=%s*(%s+%s*(%s-%s))", xw_ow_in(w, TCO_O_TDP_W).s,
                          xw_ow_in(w, TCO_O_IDLE_POWER_FRACTION).s, R->u,
                          xw_ow_in(w, TCO_O_LOAD_POWER_FRACTION).s,
                          xw_ow_in(w, TCO_O_IDLE_POWER_FRACTION).s);
    case XF_IT_KW:
        return xw_formula(c, f, fs, "=(%s*%s+%s*%s)/WattsPerKilowatt", R->n, R->gpu_w, R->servers,
                          xw_ow_in(w, TCO_O_SERVER_POWER_W).s);
    case XF_PROV_KW:
        return xw_formula(c, f, fs, "=(%s*%s+%s*%s)/WattsPerKilowatt", R->n,
                          xw_ow_in(w, TCO_O_TDP_W).s, R->servers,
                          xw_ow_in(w, TCO_O_SERVER_POWER_W).s);
    case XF_RESIDUAL:
        return xw_formula(c, f, fs, "=(%s+%s)*%s", R->capex_gpu, R->capex_infra, R->resfrac);
    case XF_POWER:
        return xw_formula(c, f, fs, "=%s*HoursPerMonth*%s", R->it_kw, R->price);
    case XF_COOLING:
        return xw_formula(c, f, fs, "=%s*HoursPerMonth*(%s-1)*%s", R->it_kw,
                          xw_site_name(c, w->i, TCO_S_PUE).s, R->price);
    case XF_FACILITY:
        return xw_formula(c, f, fs, "=%s*%s", R->prov_kw,
                          xw_site_name(c, w->i, TCO_S_COLO_PER_KW_MONTH).s);
    case XF_STAFF:
        return xw_formula(c, f, fs, "=%s", xw_ow_in(w, TCO_O_STAFF_PER_MONTH).s);
    case XF_RENTAL:
        return rental(w, R, f, fs);
    case XF_COMMIT:
        /* The term's months past the horizon, at the reserved rate. */
        return xw_formula(c, f, fs, "=%s*HoursPerMonth*%s*%s", R->n,
                          xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s,
                          committed_months(w, months, sizeof months));
    case XF_LOAN_AMOUNT:
        return xw_formula(c, f, fs, "=%s*%s", xw_ow_in(w, TCO_O_LOAN_FRACTION).s, R->capex);
    case XF_LOAN_RATE:
        return xw_formula(c, f, fs, "=%s/MonthsPerYear", xw_ow_in(w, TCO_O_LOAN_RATE).s);
    case XF_LOAN_PAYMENT:
        return xw_formula(c, f, fs, "=-PMT(%s,%s,%s,0,0)", R->rate,
                          xw_ow_in(w, TCO_O_LOAN_MONTHS).s, R->amount);
    case XF_LOAN_INTEREST:
    case XF_LOAN_PRINCIPAL: {
        /* Payments at the end of the month: the caller keeps to the loan's
         * months by its flag. */
        xw_refbuf n = xw_ow_in(w, TCO_O_LOAN_MONTHS);
        return xw_formula(c, f, fs, "=-%s(%s,%s,%s,%s,0,0)",
                          which == XF_LOAN_INTEREST ? "IPMT" : "PPMT", R->rate, R->month, n.s,
                          R->amount);
    }
    case XF_LOAN_BALANCE:
        return xw_formula(c, f, fs, "=IF(%s>HorizonMonths,%s-SUM(%s),0)",
                          xw_ow_in(w, TCO_O_LOAN_MONTHS).s, R->amount, R->principal);
    case XF_LEASE_PAYMENT:
        if (w->o->src[TCO_O_LEASE_RATE_FACTOR])
            return xw_formula(c, f, fs, "=%s*%s", xw_ow_in(w, TCO_O_LEASE_RATE_FACTOR).s, R->capex);
        return xw_formula(c, f, fs, "=%s", xw_ow_in(w, TCO_O_LEASE_PAYMENT).s);
    case XF_LEASE_BUYOUT:
        if (w->o->lease_end != TCO_LEASE_BUYOUT)
            return xw_formula(c, f, fs, "=0");
        return xw_formula(c, f, fs, "=IF(%s,%s*%s,0)", owned_if(w, R, months, sizeof months),
                          xw_ow_in(w, TCO_O_BUYOUT_FRACTION).s, R->capex);
    case XF_LEASE_RESIDUAL:
        return xw_formula(c, f, fs, "=IF(%s,(%s+%s)*%s,0)", owned_if(w, R, months, sizeof months),
                          R->capex_gpu, R->capex_infra, R->resfrac);
    case XF_LEASE_COMMIT: {
        xw_refbuf n = xw_ow_in(w, TCO_O_LEASE_MONTHS);
        return xw_formula(c, f, fs, "=IF(%s>%s,(%s-%s)*%s,0)", n.s, held(R), n.s, held(R),
                          R->payment);
    }
    case XF_LEASE_COMMIT_PV: {
        /* Each payment past the horizon discounted at its start: the sum of
         * (1+r)^-t over t = H..n-1 is ((1+r)^-H - (1+r)^-n) (1+r) / r. */
        xw_refbuf n = xw_ow_in(w, TCO_O_LEASE_MONTHS);
        return xw_formula(
            c, f, fs, "=IF(%s>%s,IF(%s=0,%s,%s*(1/(1+%s)^%s-1/(1+%s)^%s)*(1+%s)/%s),0)", n.s,
            held(R), R->rm, R->commit, R->payment, R->rm, held(R), R->rm, n.s, R->rm, R->rm);
    }
    case XF_COMMIT_PV:
    default:
        /* Each committed month discounted at its own month: the sum of
         * (1+r)^-m over months H+1..E is ((1+r)^-H - (1+r)^-E) / r. */
        return xw_formula(
            c, f, fs,
            "=IF(%s=0,%s,%s*HoursPerMonth*%s*(1/(1+%s)^HorizonMonths-1/(1+%s)^(HorizonMonths+"
            "%s))/%s)",
            R->rm, R->commit, R->n, xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s, R->rm, R->rm,
            committed_months(w, months, sizeof months), R->rm);
    }
}

/* ===== Depreciation ===== */

/* See optw.h. */
void xw_ow_depreciation(const xw_optw *w, char *f, size_t fs, int col, int method, int life,
                        int salvage)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    /* The year: of the timeline, or of a leased machine's ownership from the
     * month after the lease's end (bought out). */
    xw_refbuf yr = xw_ow_at(L->lease ? L->r_oyear : L->r_year, col),
              base = xw_ow_drv(L->lease ? L->k_ebuy : L->k_capex);
    xw_refbuf lf = xw_ow_drv(life), sv = xw_ow_drv(salvage == XW_NONE ? life : salvage);
    char body[XW_FBUF];
    const char *y = yr.s, *b = base.s;
    switch (method) {
    case TCO_DEP_STRAIGHT_LINE:
        xw_formula(c, body, sizeof body, "SLN(%s,%s,%s)/MonthsPerYear", b, sv.s, lf.s);
        break;
    case TCO_DEP_DOUBLE_DECLINING:
        xw_formula(c, body, sizeof body, "VDB(%s,%s,%s,%s-1,%s)/MonthsPerYear", b, sv.s, lf.s, y,
                   y);
        break;
    case TCO_DEP_SUM_OF_YEARS:
        xw_formula(c, body, sizeof body, "SYD(%s,%s,%s,%s)/MonthsPerYear", b, sv.s, lf.s, y);
        break;
    case TCO_DEP_MACRS5:
    case TCO_DEP_MACRS7:
    default: {
        int mc = method == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_formula(c, body, sizeof body, "%s*INDEX(%s,%s)/MonthsPerYear", b,
                   xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s,
                   y);
        break;
    }
    }
    /* In the years of the life only: the life's flag row. */
    xw_formula(c, f, fs, "=IF(%s=1,%s,0)", xw_ow_at(life, col).s, body);
}

/* ===== A flow against the baseline and its returns ===== */

/* A row of the cumulative sum of the flow in row `flow_row`, each month's flow
 * times `df` (a discount factor row) when df is not XW_NONE, then the row `neg`
 * of the month after each month whose sum is below 0 (else 0): the payback
 * month is their largest, none when it exceeds H. */
static void flow_cum_rows(const xw_optw *w, int flow_row, int cum, int neg, int df,
                          const double *flow, const char *cum_label, const char *neg_label)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    double run = 0, sums[TCO_MAX_HORIZON + 1];
    xw_ow_label(w, cum, cum_label, w->cur, XS_TEXT);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        double d = df == XW_NONE ? 1 : tci_discount_factor(c->r->monthly_rate, m);
        run += flow[m] * d;
        sums[m] = run;
        xw_refbuf fl = xw_ref(NULL, flow_row, col, 0, 0);
        char term[XW_FBUF / 4];
        if (df == XW_NONE)
            tci_utf8_format(term, sizeof term, "%s", fl.s);
        else
            tci_utf8_format(term, sizeof term, "%s*%s", fl.s, xw_ref(NULL, df, col, 0, 0).s);
        /* The month before's sum (column C, left of month 0, is empty). */
        xw_formula(c, f, sizeof f, "=%s+%s", xw_ref(NULL, cum, col - 1, 0, 0).s, term);
        xw_ow_fig(w, cum, col, f, run, w->money);
    }
    xw_ow_label(w, neg, neg_label, xw_label(c, "unit.month", "month"), XS_TEXT);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, neg, col,
                  xw_formula(c, f, sizeof f, "=IF(%s<0,%s+1,0)", xw_ref(NULL, cum, col, 0, 0).s,
                             xw_ow_at(L->r_month, col).s),
                  sums[m] < 0 ? m + 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* See optw.h. */
void xw_ow_flow(const xw_optw *w, const xw_flowrows *R, int base_row, int own_row,
                const double *flow, const char *const labels[6])
{
    xw_ctx *c = w->c;
    const xw_optsheet *B = &c->os[c->r->baseline];
    char f[XW_FBUF];
    xw_ow_label(w, R->flow, labels[0], w->cur, XS_TOTAL);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, R->flow, col,
                  xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(B->quoted, base_row, col, 0, 0).s,
                             xw_ref(NULL, own_row, col, 0, 0).s),
                  flow[m], w->money_t);
    }
    xw_ow_label(w, R->sign, labels[1], xw_label(c, "unit.flag", "flag"), XS_TEXT);
    double sign = 0;
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf fl = xw_ref(NULL, R->flow, col, 0, 0);
        sign = flow[m] > 0 ? 1 : flow[m] < 0 ? -1 : sign;
        /* The month before's sign when the flow is 0 (column C, left of
         * month 0, is empty: 0). */
        xw_formula(c, f, sizeof f, "=IF(%s=0,%s,SIGN(%s))", fl.s,
                   xw_ref(NULL, R->sign, col - 1, 0, 0).s, fl.s);
        xw_ow_fig(w, R->sign, col, f, sign, xw_fmt(c, XS_CALC, XN_INT));
    }
    flow_cum_rows(w, R->flow, R->cum, R->neg, XW_NONE, flow, labels[2], labels[3]);
    flow_cum_rows(w, R->flow, R->dcum, R->dneg, w->L->r_df, flow, labels[4], labels[5]);
}

/* See optw.h. The spreadsheet's IRR and MIRR annualised, the word of the
 * engine's reason where the flow has no rate. */
void xw_ow_returns(const xw_optw *w, const xw_flowrows *R, const xw_flowfigs *fg,
                   const char *const labels[5])
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_refbuf flow = xw_range(NULL, R->flow, XW_COL_M0, R->flow, w->last);
    xw_refbuf rm = xw_ow_drv(L->k_rm);
    xw_word nosign = xw_irr_word(c, NULL);
    lxw_format *pct = xw_fmt(c, XS_CALC, XN_PCT), *mon = xw_fmt(c, XS_CALC, XN_INT);
    /* No sign change: neither IRR nor MIRR has a rate. */
    char same[XW_FBUF / 4];
    tci_utf8_format(same, sizeof same, "OR(MIN(%s)>=0,MAX(%s)<=0)", flow.s, flow.s);

    /* Where the IRR's iteration starts: tco's monthly rate, which it finds
     * without a guess (LibreOffice's IRR takes at most 10 steps from its guess
     * and may not reach a rate far below 0 from one further off); without one,
     * the MIRR's monthly rate. */
    xw_ow_label(w, R->irrg, labels[0], "%", XS_TEXT);
    if (isfinite(fg->irr)) {
        xw_num(c, w->ws, R->irrg, XW_COL_VAL, tci_monthly_of_annual(fg->irr),
               xw_fmt(c, XS_FIXED, XN_PCT));
    } else {
        double g = isfinite(fg->mirr) ? tci_monthly_of_annual(fg->mirr) : 0;
        xw_ow_fig(w, R->irrg, XW_COL_VAL,
                  xw_formula(c, f, sizeof f, "=IF(%s,0,MIRR(%s,%s,%s))", same, flow.s, rm.s, rm.s),
                  g, pct);
    }
    /* One sign change: exactly one rate, the spreadsheet's IRR. More: the
     * engine's answer decides between the IRR and the reason there is none. */
    xw_word na = xw_na_word(c);
    char irr[XW_FBUF], changes[XW_FBUF / 2];
    /* From where tco's rate was: kept when it is a rate of the flow as it stands
     * (above -100% a month, and its present value there, NPV() of the flow,
     * within 1e-6 of the flow's range: an edit may move the rate so far that the
     * spreadsheet's IRR, in its few steps, ends where it is not, or at a root
     * below -100%), else from the MIRR's monthly rate. */
    xw_refbuf g = xw_ow_drv(R->irrg);
    tci_utf8_format(
        irr, sizeof irr,
        "IFERROR((1+IF(AND(IRR(%s,%s)>-1,ABS(NPV(IRR(%s,%s),%s))<=IrrTolerance*(MAX(%s)-MIN(%s))),"
        "IRR(%s,%s),IRR(%s,MIRR(%s,%s,%s))))^MonthsPerYear-1,%s)",
        flow.s, g.s, flow.s, g.s, flow.s, flow.s, flow.s, flow.s, g.s, flow.s, flow.s, rm.s, rm.s,
        na.lit);
    tci_utf8_format(changes, sizeof changes, "SUMPRODUCT((%s<>%s)*(%s<>0))",
                    xw_range(NULL, R->sign, XW_COL_M0 + 1, R->sign, w->last).s,
                    xw_range(NULL, R->sign, XW_COL_M0, R->sign, w->last - 1).s,
                    xw_range(NULL, R->sign, XW_COL_M0, R->sign, w->last - 1).s);
    xw_ow_label(w, R->irr, labels[1], "%", XS_TEXT);
    int several = !isfinite(fg->irr) && fg->irr_note && strcmp(fg->irr_note, "no sign change") != 0;
    xw_formula(c, f, sizeof f, "=IF(%s,%s,IF(%s=1,%s,%s))", same, nosign.lit, changes, irr,
               several ? xw_irr_word(c, fg->irr_note).lit : irr);
    if (isfinite(fg->irr))
        xw_ow_fig(w, R->irr, XW_COL_VAL, f, fg->irr, pct);
    else
        xw_fstr(c, w->ws, R->irr, XW_COL_VAL, f, xw_irr_word(c, fg->irr_note).text, pct);

    xw_ow_label(w, R->mirr, labels[2], "%", XS_TEXT);
    xw_formula(c, f, sizeof f, "=IF(%s,%s,(1+MIRR(%s,%s,%s))^MonthsPerYear-1)", same, nosign.lit,
               flow.s, rm.s, rm.s);
    if (isfinite(fg->mirr))
        xw_ow_fig(w, R->mirr, XW_COL_VAL, f, fg->mirr, pct);
    else
        xw_fstr(c, w->ws, R->mirr, XW_COL_VAL, f, nosign.text, pct);

    const int rows[2] = {R->pay, R->dpay}, negs[2] = {R->neg, R->dneg};
    const double vals[2] = {fg->pay, fg->dpay};
    xw_word never = xw_be_word(c, TCO_BE_NEVER);
    for (int k = 0; k < 2; k++) {
        xw_refbuf neg = xw_range(NULL, negs[k], XW_COL_M0, negs[k], w->last);
        xw_ow_label(w, rows[k], labels[3 + k], xw_label(c, "unit.month", "month"), XS_TEXT);
        xw_formula(c, f, sizeof f, "=IF(MAX(%s)>%s,%s,MAX(%s))", neg.s, xw_ow_drv(L->f_end).s,
                   never.lit, neg.s);
        if (isfinite(vals[k]))
            xw_ow_fig(w, rows[k], XW_COL_VAL, f, vals[k], mon);
        else
            xw_fstr(c, w->ws, rows[k], XW_COL_VAL, f, never.text, mon);
    }
}
