/* optax.c - an option sheet's tax rows (MODEL.md, Taxes; optw.h), each the
 * writer of one row of the sheet's tables (option.c, optdriver.c): the tax
 * depreciation by the [tax] method, the deductible costs, each month's tax
 * (month H's with the tax on the sale), the net cost after tax and its present
 * value; the after-tax flow against the baseline and its returns. Each row is
 * one formula per month over Inputs (TaxRate, TaxDeductInterest) and the
 * sheet's own rows, cached with the engine's value. */
#include "write/xlsx/optw.h"
#include "core/core.h"
#include "core/factors.h"
#include "util/utf8.h"
#include "write/xlsx/plan.h"
#include "write/xlsx/sheets.h"

#include <math.h>

/* The tax's part of month m (0..H) of option r: tax_0, else the month's tax. */
static double tax_of(const tco_option_result *r, int m)
{
    return m == 0 ? r->tax0 : r->monthly[m - 1].tax;
}

/* See optw.h. The section's heading: the method for a bought option. */
void xw_tax_heading(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char t[XW_TBUF], mk[64];
    if (w->L->buy) {
        int method = xw_tax_method(c->s, w->o);
        const char *name = tco_option_key(TCO_O_DEPRECIATION)
                               ->names[method >= 0 && method <= TCO_DEP_MACRS7 ? method : 0];
        tci_utf8_format(mk, sizeof mk, "depreciation.%s", name);
        xw_labelf(c, t, sizeof t, "option.tax",
                  "Taxes: {method} depreciation for tax, at the tax rate on Inputs", "method",
                  xw_label(c, mk, name), NULL);
    } else {
        tci_utf8_format(t, sizeof t, "%s",
                        xw_label(c, "option.tax.rent", "Taxes: at the tax rate on Inputs"));
    }
    xw_text(c, w->ws, row, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
}

/* The formula of month `col`'s tax depreciation by tax year, in f (MODEL.md,
 * Tax depreciation by tax year): in a year of the recovery, section 179 and
 * bonus in year 1 and the rest times the year's MACRS rate (the half-year
 * table, or the fourth quarter's mid-quarter table when the flag says so),
 * over the months of the tax year in the horizon. */
static const char *by_year_formula(const xw_optw *w, char *f, size_t fs, int col)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    int mc = xw_tax_method(c->s, w->o) == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
    const char *inputs = c->sheet_q[TCI_SHEET_INPUTS];
    xw_refbuf y = xw_ow_at(L->tx.r_tyear, col), n = xw_ow_at(L->tx.r_tymonths, col);
    xw_refbuf hy = xw_range(inputs, c->in_macrs, mc, c->in_macrs + 7, mc),
              q4 = xw_range(inputs, c->in_macrs_q4, mc, c->in_macrs_q4 + 7, mc);
    xw_refbuf e = xw_ow_drv(L->tx.k_t179), b = xw_ow_drv(L->tx.k_tbonus),
              mq = xw_ow_drv(L->tx.k_tmq), base = xw_ow_drv(L->k_capex),
              life = xw_ow_drv(L->tx.k_tlife);
    return xw_formula(
        c, f, fs,
        "=IF(%s<=%s,(IF(%s=1,%s+%s,0)+(%s-%s-%s)*((1-%s)*INDEX(%s,%s)+%s*INDEX(%s,%s)))"
        "/%s,0)",
        y.s, life.s, y.s, e.s, b.s, base.s, e.s, b.s, mq.s, hy.s, y.s, mq.s, q4.s, y.s, n.s);
}

/* See optw.h. Tax depreciation by the [tax] method: by tax year for MACRS
 * (MODEL.md), else by the 12 months from the purchase. */
void xw_tax_depreciation_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        if (L->tx.r_tyear != XW_NONE)
            by_year_formula(w, f, sizeof f, XW_COL_M0 + m);
        else
            xw_ow_depreciation(w, f, sizeof f, XW_COL_M0 + m, xw_tax_method(c->s, w->o),
                               L->tx.k_tlife, L->tx.k_tsalv);
        xw_ow_fig(w, row, XW_COL_M0 + m, f,
                  m == 0 ? w->res->tax_depreciation0 : w->res->monthly[m - 1].tax_depreciation,
                  w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, w->res->tax_depreciation, XS_CALC);
}

/* See optw.h. Section 179: the limit less the basis over the phase-out's
 * threshold, within 0 and the basis. */
void xw_tax_179_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    xw_refbuf base = xw_ow_drv(w->L->k_capex);
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(w->c, f, sizeof f,
                         "=MIN(%s,MAX(0,TaxExpenseLimit-MAX(0,%s-TaxExpensePhaseout)))", base.s,
                         base.s),
              w->res->tax_expensing, xw_fmt(w->c, XS_CALC, XN_MONEY));
}

/* See optw.h. Bonus: the fraction of the basis after section 179. */
void xw_tax_bonus_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(w->c, f, sizeof f, "=TaxBonusFraction*(%s-%s)", xw_ow_drv(w->L->k_capex).s,
                         xw_ow_drv(w->L->tx.k_t179).s),
              w->res->tax_bonus, xw_fmt(w->c, XS_CALC, XN_MONEY));
}

/* See optw.h. Month 0 in the last quarter of its tax year (its place in the
 * tax year, 0..11, at least 9): the calendar month before StartMonth against
 * FiscalYearStart; without a start month, month 0 opens year 1. */
void xw_tax_mq_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    xw_ow_fig(
        w, row, XW_COL_VAL,
        xw_formula(
            w->c, f, sizeof f,
            "=IF(ISNUMBER(StartMonth),IF(MOD(MONTH(StartMonth)-1-FiscalYearStart,MonthsPerYear)"
            ">=MonthsPerYear-MonthsPerQuarter,1,0),0)"),
        w->res->tax_convention == 4, xw_fmt(w->c, XS_CALC, XN_INT));
}

/* See optw.h. The year of the recovery: the month's fiscal year less month
 * 0's, plus 1. */
void xw_tax_year_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_refbuf fy0 = xw_ref(NULL, L->r_fy, XW_COL_M0, 1, 1);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s-%s+1", xw_ow_at(L->r_fy, col).s, fy0.s),
                  xw_fy_number(c, m) - xw_fy_number(c, 0) + 1, xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* See optw.h. The months 0..H in the month's fiscal year. */
void xw_tax_year_months_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_refbuf fys = xw_range(NULL, L->r_fy, XW_COL_M0, L->r_fy, w->last);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m, n = 0;
        for (size_t y = 0; y < c->bg->n_years && !n; y++) /* the budget's year of m */
            if (m <= c->bg->years[y].last_month)
                n = c->bg->years[y].last_month - c->bg->years[y].first_month + 1;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=COUNTIF(%s,%s)", fys.s, xw_ow_at(L->r_fy, col).s), n,
                  xw_fmt(c, XS_CALC, XN_INT));
    }
}

/* See optw.h. The tax book value at month H. */
void xw_tax_book_value_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "option.tbv", "Tax book value at month {month}", "month",
              xw_int(w->H).s, NULL);
    xw_ow_label(w, row, t, w->cur, XS_TEXT);
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(c, f, sizeof f, "=%s-SUM(%s)",
                         xw_ow_drv(L->lease ? L->k_ebuy : L->k_capex).s,
                         xw_range(NULL, L->tx.r_tdep, XW_COL_M0, L->tx.r_tdep, w->last).s),
              w->res->tax_book_value_end, w->money);
}

/* See optw.h. The tax on the sale: the rate times the residual over the tax
 * book value. */
void xw_tax_sale_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(c, f, sizeof f, "=TaxRate*(%s-%s)", xw_ow_drv(L->k_residual).s,
                         xw_ow_drv(L->tx.k_tbv).s),
              w->res->tax_on_sale, w->money);
}

/* The formula of month m's deductible (the month in column col), in f: the
 * cost lines, a lease's payments (month 0's too), a loan's interest, the tax
 * depreciation, a rental's upfront payment (month 0), and with
 * carbon_in_total the carbon cost (MODEL.md, The carbon cost in the total). */
static const char *deductible_formula(const xw_optw *w, char *f, size_t fs, int m)
{
    const xw_optsheet *L = w->L;
    int col = XW_COL_M0 + m;
    char lease[XW_FBUF / 4] = "", loan[XW_FBUF / 4] = "", dep[XW_FBUF / 4] = "",
                         co2[XW_FBUF / 8] = "";
    if (!L->buy)
        tci_utf8_format(lease, sizeof lease, "+%s", xw_ref(NULL, L->r_capex, col, 0, 0).s);
    if (L->lease)
        tci_utf8_format(lease, sizeof lease, "+%s", xw_ref(NULL, L->r_epay, col, 0, 0).s);
    if (L->loan)
        tci_utf8_format(loan, sizeof loan, "+IF(TaxDeductInterest=\"no\",0,%s)",
                        xw_ref(NULL, L->r_lint, col, 0, 0).s);
    if (L->tx.r_tdep != XW_NONE)
        tci_utf8_format(dep, sizeof dep, "+%s", xw_ref(NULL, L->tx.r_tdep, col, 0, 0).s);
    if (w->c->s->carbon_in_total && L->co2.r_cost != XW_NONE)
        tci_utf8_format(co2, sizeof co2, "+%s", xw_ref(NULL, L->co2.r_cost, col, 0, 0).s);
    return xw_formula(w->c, f, fs, "=SUM(%s:%s)%s%s%s%s", xw_ref(NULL, L->r_line[0], col, 0, 0).s,
                      xw_ref(NULL, L->r_line[TCO_LINES - 1], col, 0, 0).s, lease, loan, dep, co2);
}

/* See optw.h. Each month's deductible. */
void xw_tax_deductible_row(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    double sum = 0;
    for (int m = 0; m <= w->H; m++) {
        sum += xw_tax_deductible(w->c, w->i, m);
        xw_ow_fig(w, row, XW_COL_M0 + m, deductible_formula(w, f, sizeof f, m),
                  xw_tax_deductible(w->c, w->i, m), w->money);
    }
    xw_ow_total(w, row, XW_COL_M0, sum, XS_CALC);
}

/* See optw.h. Each month's tax: -rate x deductible, and the tax on the sale;
 * its total with the commitment's. */
void xw_tax_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const tco_option_result *r = w->res;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf d = xw_ref(NULL, L->tx.r_ded, col, 0, 0);
        if (L->tx.k_tsale != XW_NONE) /* the sale's, at month H */
            xw_formula(c, f, sizeof f, "=-TaxRate*%s+%s*%s", d.s, xw_ow_drv(L->tx.k_tsale).s,
                       xw_ow_at(L->f_end, col).s);
        else
            xw_formula(c, f, sizeof f, "=-TaxRate*%s", d.s);
        xw_ow_fig(w, row, col, f, tax_of(r, m), w->money_t);
    }
    xw_refbuf months = xw_range(NULL, row, XW_COL_M0, row, w->last);
    if (L->tx.k_ctax != XW_NONE)
        xw_formula(c, f, sizeof f, "=SUM(%s)+%s", months.s, xw_ow_drv(L->tx.k_ctax).s);
    else
        xw_formula(c, f, sizeof f, "=SUM(%s)", months.s);
    xw_ow_fig(w, row, XW_COL_VAL, f, r->tax, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* See optw.h. The tax on what is owed past the horizon. */
void xw_tax_commitment_row(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(w->c, f, sizeof f, "=-TaxRate*%s", xw_ow_drv(w->L->r_commit).s),
              w->res->commitment_tax, w->money);
}

/* See optw.h. The net cost after tax: the net cost and the tax. */
void xw_tax_net_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const tco_option_result *r = w->res;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s+%s", xw_ref(NULL, L->r_net, col, 0, 0).s,
                             xw_ref(NULL, L->r_tax, col, 0, 0).s),
                  tci_net_cost_after_tax(r, m, w->H), w->money_t);
    }
    xw_refbuf months = xw_range(NULL, row, XW_COL_M0, row, w->last);
    if (L->r_commit != XW_NONE)
        xw_formula(c, f, sizeof f, "=SUM(%s)+%s+%s", months.s, xw_ow_drv(L->r_commit).s,
                   xw_ow_drv(L->tx.k_ctax).s);
    else
        xw_formula(c, f, sizeof f, "=SUM(%s)", months.s);
    xw_ow_fig(w, row, XW_COL_VAL, f, r->after_tax_total, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* See optw.h. The net cost after tax at its present value; the after-tax NPV. */
void xw_tax_pv_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    const tco_option_result *r = w->res;
    char f[XW_FBUF];
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=%s*%s", xw_ref(NULL, L->tx.r_atnet, col, 0, 0).s,
                             xw_ref(NULL, L->r_df, col, 0, 0).s),
                  tci_present_value(tci_net_cost_after_tax(r, m, w->H), c->r->monthly_rate, m),
                  w->money_t);
    }
    xw_refbuf months = xw_range(NULL, row, XW_COL_M0, row, w->last);
    if (L->r_commit_pv != XW_NONE)
        xw_formula(c, f, sizeof f, "=SUM(%s)+(1-TaxRate)*%s", months.s,
                   xw_ow_drv(L->r_commit_pv).s);
    else
        xw_formula(c, f, sizeof f, "=SUM(%s)", months.s);
    xw_ow_fig(w, row, XW_COL_VAL, f, r->after_tax_npv, xw_fmt(c, XS_TOTAL, XN_MONEY));
}

/* The rows of the after-tax flow of L. */
static xw_flowrows aftertax_rows(const xw_optsheet *L)
{
    xw_flowrows R = {.flow = L->tx.r_flow,
                     .sign = L->tx.r_flow_sign,
                     .cum = L->tx.r_flow_cum,
                     .neg = L->tx.r_flow_below,
                     .dcum = L->tx.r_flow_dcum,
                     .dneg = L->tx.r_flow_dbelow,
                     .irrg = L->tx.k_irrg,
                     .irr = L->tx.k_irr,
                     .mirr = L->tx.k_mirr,
                     .pay = L->tx.k_pay,
                     .dpay = L->tx.k_dpay};
    return R;
}

/* See optw.h. The after-tax flow against the baseline: its six rows. */
void xw_tax_flow_rows(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    (void)row;
    const tco_option_result *rb = &c->r->options[c->r->baseline];
    double flow[TCO_MAX_HORIZON + 1];
    for (int m = 0; m <= w->H; m++)
        flow[m] = tci_saving_after_tax(w->res, rb, m, w->H);
    const char *labels[6] = {
        xw_label(c, "option.atflow", "Saved after tax (against the baseline)"),
        xw_label(c, "option.atfsign", "Sign of the last saving after tax other than 0 (for IRR)"),
        xw_label(c, "option.atfcum", "Saved after tax to date"),
        xw_label(c, "option.atfneg", "Not paid back after tax: the month after (else 0)"),
        xw_label(c, "option.atfdcum", "Saved after tax to date, present value"),
        xw_label(c, "option.atfdneg", "Not paid back after tax (PV): the month after (else 0)")};
    xw_flowrows R = aftertax_rows(L);
    xw_ow_flow(w, &R, c->os[c->r->baseline].tx.r_atnet, L->tx.r_atnet, flow, labels);
}

/* See optw.h. The tax depreciation's life: the MACRS table's length for a
 * MACRS method, else the option's depreciation_years (not on Inputs when the
 * option's own method is MACRS: the key's default). */
void xw_tax_life_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    int method = xw_tax_method(c->s, w->o);
    int tax_macrs = method == TCO_DEP_MACRS5 || method == TCO_DEP_MACRS7;
    int own_macrs = w->o->depreciation == TCO_DEP_MACRS5 || w->o->depreciation == TCO_DEP_MACRS7;
    tco_option taxed = *w->o;
    taxed.depreciation = (tco_depreciation)method;
    int life = tco_depreciation_life(&taxed);
    lxw_format *calc = xw_fmt(c, XS_CALC, XN_INT);
    if (tax_macrs) {
        int mc = method == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_ow_fig(
            w, row, XW_COL_VAL,
            xw_formula(
                c, f, sizeof f, "=COUNT(%s)",
                xw_range(c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc).s),
            life, calc);
    } else if (!own_macrs) {
        xw_ow_fig(w, row, XW_COL_VAL,
                  xw_formula(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_DEPRECIATION_YEARS).s), life,
                  calc);
    } else {
        xw_num(c, w->ws, row, XW_COL_VAL, life, xw_fmt(c, XS_FIXED, XN_INT));
    }
}

/* See optw.h. The tax salvage: the base times the option's salvage_fraction
 * (a fixed number when the option's own method is MACRS, which has none). */
void xw_tax_salvage_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    if (w->o->depreciation == TCO_DEP_MACRS5 || w->o->depreciation == TCO_DEP_MACRS7) {
        xw_num(c, w->ws, row, XW_COL_VAL, w->res->salvage_value, xw_fmt(c, XS_FIXED, XN_MONEY));
        return;
    }
    xw_ow_fig(w, row, XW_COL_VAL,
              xw_formula(c, f, sizeof f, "=%s*%s", xw_ow_drv(L->lease ? L->k_ebuy : L->k_capex).s,
                         xw_ow_in(w, TCO_O_SALVAGE_FRACTION).s),
              w->res->salvage_value, xw_fmt(c, XS_CALC, XN_MONEY));
}

/* See optw.h. The after-tax flow's returns: its five rows. */
void xw_tax_returns_rows(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const tco_option_result *r = w->res;
    (void)row;
    const char *labels[5] = {
        xw_label(c, "option.atirrg", "Where the after-tax IRR starts (tco's monthly rate)"),
        xw_label(c, "option.atirr", "IRR of buying after tax, annual: (1+IRR)^12-1"),
        xw_label(c, "option.atmirr", "MIRR of buying after tax, annual (as the MIRR above)"),
        xw_label(c, "option.atpayback", "Payback month after tax (saving to date stays >= 0)"),
        xw_label(c, "option.atdpayback", "Discounted payback month after tax (in present value)")};
    xw_flowrows R = aftertax_rows(w->L);
    xw_flowfigs fg = {r->irr_after_tax, r->mirr_after_tax, r->payback_month_after_tax,
                      r->discounted_payback_month_after_tax, r->irr_after_tax_note};
    xw_ow_returns(w, &R, &fg, labels);
}
