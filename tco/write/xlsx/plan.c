/* plan.c - what is decided before any sheet is written (plan.h): the rows of
 * every option's cash-flow sheet, and which inputs the Workload sheet reads, so
 * that a formula on any sheet can refer to any other. */
#include "write/xlsx/plan.h"
#include "write/xlsx/cell.h"
#include "core/factors.h"
#include "util/utf8.h"

#include <math.h>

/* ===== Option sheets ===== */

/* See plan.h. */
double xw_price_factor(double rate, int m)
{
    return tci_price_factor(rate, m);
}

/* See plan.h. */
int xw_has_egress(const tco_scenario *s, size_t i)
{
    const tco_option *o = &s->options[i];
    if (o->acquire != TCO_RENT)
        return 0;
    if (o->src[TCO_O_EGRESS_TB_PER_MONTH] || o->src[TCO_O_EGRESS_PER_TB])
        return 1;
    for (size_t k = 0; k < s->n_ranges; k++) {
        const tco_param *p = &s->ranges[k].param;
        if (p->option == (int)i &&
            (p->key == TCO_O_EGRESS_TB_PER_MONTH || p->key == TCO_O_EGRESS_PER_TB))
            return 1;
    }
    return 0;
}

/* See plan.h. */
int xw_tax_method(const tco_scenario *s, const tco_option *o)
{
    return s->tax_depreciation >= 0 ? s->tax_depreciation : (int)o->depreciation;
}

/* See plan.h. */
double xw_paid0(const xw_ctx *c, size_t i)
{
    const tco_option_result *r = &c->r->options[i];
    return c->os[i].lease ? r->lease_payment : r->capex - r->loan_amount;
}

/* See plan.h. */
double xw_tax_deductible(const xw_ctx *c, size_t i, int m)
{
    const xw_optsheet *L = &c->os[i];
    if (m == 0)
        return !L->buy || L->lease ? xw_paid0(c, i) : 0;
    const tco_month *mo = &c->r->options[i].monthly[m - 1];
    return tco_month_lines_add(-0.0, mo) + mo->lease_payment +
           (c->s->deduct_interest ? mo->loan_interest : 0) + mo->tax_depreciation;
}

/* See plan.h. Rows are fixed here so that formulas on any sheet can refer to
 * any other before it is written; the cached break-even quantities are computed
 * here as the formulas do. */
void xw_option_layout(xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    const tco_option_result *res = &c->r->options[i];
    xw_optsheet *L = &c->os[i];
    int *rows[] = {
        &L->r_month,       &L->r_year,     &L->r_price,     &L->r_factor,  &L->r_capex,
        &L->r_opcost,      &L->r_cum,      &L->r_commit,    &L->r_resid,   &L->r_net,
        &L->r_df,          &L->r_pv,       &L->r_commit_pv, &L->r_dep,     &L->r_bv,
        &L->r_bcum,        &L->r_flag,     &L->r_stay,      &L->s_cash,    &L->s_book,
        &L->s_base,        &L->s_drivers,  &L->k_util,      &L->k_servers, &L->k_capex_gpu,
        &L->k_capex_infra, &L->k_capex,    &L->k_gpu_w,     &L->k_it_kw,   &L->k_prov_kw,
        &L->k_resfrac,     &L->k_residual, &L->k_salvage,   &L->k_life,    &L->k_rm,
        &L->k_gpuh,        &L->k_pflop,    &L->k_units,     &L->k_wpkw,    &L->k_slope,
        &L->k_total0,      &L->k_beu,      &L->r_lent,      &L->r_lint,    &L->r_lprin,
        &L->r_lbal,        &L->k_loan,     &L->k_lrate,     &L->k_lpmt,    &L->r_epay,
        &L->r_ebuy,        &L->k_epmt,     &L->k_ebuy};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
        *rows[k] = XW_NONE;
    L->r_flow = L->r_fcum = L->r_fneg = L->r_fdcum = L->r_fdneg = XW_NONE;
    int *trows[] = {&L->r_tax,      &L->tx.s_tax,   &L->tx.r_tdep,  &L->tx.k_tbv,  &L->tx.k_tsale,
                    &L->tx.r_ded,   &L->tx.k_ctax,  &L->tx.r_atnet, &L->tx.r_atpv, &L->tx.k_tlife,
                    &L->tx.k_tsalv, &L->tx.r_flow,  &L->tx.r_fsign, &L->tx.r_fcum, &L->tx.r_fneg,
                    &L->tx.r_fdcum, &L->tx.r_fdneg, &L->tx.k_irrg,  &L->tx.k_irr,  &L->tx.k_mirr,
                    &L->tx.k_pay,   &L->tx.k_dpay};
    for (size_t k = 0; k < sizeof trows / sizeof trows[0]; k++)
        *trows[k] = XW_NONE;
    const int tax = s->tax;
    L->k_irr = L->k_mirr = L->k_pay = L->k_dpay = L->r_fsign = L->k_irrg = XW_NONE;
    L->r_fy = L->r_tax = XW_NONE;
    L->buy = o->acquire == TCO_BUY;
    L->has_base = L->buy && c->r->baseline >= 0;
    L->term = !L->buy && o->pricing == TCO_RESERVED && o->term_months > 0;
    L->loan = L->buy && o->financing == TCO_FIN_LOAN;
    L->lease = L->buy && o->financing == TCO_FIN_LEASE;
    L->lease_owned =
        L->lease && o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= s->horizon_months;
    int od_after = L->term && o->after_term == TCO_AFTER_ON_DEMAND;
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    int r = 3;
    L->r_month = r++;
    L->r_year = r++;
    L->r_fy = r++;
    L->s_cash = r++;
    if (L->buy)
        L->r_price = r++;
    else if (o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT || od_after)
        L->r_factor = r++;
    L->r_capex = r++;
    if (L->loan || L->lease)
        L->r_lent = r++;
    for (int k = 0; k < TCO_LINES; k++)
        L->r_line[k] = r++;
    L->r_last_line = L->r_line[TCO_LINES - 1];
    if (L->loan) {
        L->r_lint = r++;
        L->r_lprin = r++;
        L->r_last_line = L->r_lbal = r++;
    }
    if (L->lease) {
        L->r_epay = r++;
        L->r_last_line = L->r_ebuy = r++;
    }
    L->r_opcost = r++;
    L->r_cum = r++;
    if (L->term || L->lease)
        L->r_commit = r++;
    if (L->buy)
        L->r_resid = r++;
    L->r_net = r++;
    L->r_df = r++;
    L->r_pv = r++;
    if (L->term || L->lease)
        L->r_commit_pv = r++;
    if (L->buy) {
        r++;
        L->s_book = r++;
        L->r_dep = r++;
        L->r_bv = r++;
    }
    if (tax) {
        /* The tax view (MODEL.md, Taxes): below the book view. */
        r++;
        L->tx.s_tax = r++;
        if (L->buy) {
            L->tx.r_tdep = r++;
            L->tx.k_tbv = r++;
            L->tx.k_tsale = r++;
        }
        L->tx.r_ded = r++;
        L->r_tax = r++;
        if (L->term || L->lease)
            L->tx.k_ctax = r++;
        L->tx.r_atnet = r++;
        L->tx.r_atpv = r++;
    }
    if (L->has_base) {
        r++;
        L->s_base = r++;
        L->r_bcum = r++;
        L->r_flag = r++;
        L->r_stay = r++;
        L->r_flow = r++;
        L->r_fsign = r++;
        L->r_fcum = r++;
        L->r_fneg = r++;
        L->r_fdcum = r++;
        L->r_fdneg = r++;
        if (tax) {
            L->tx.r_flow = r++;
            L->tx.r_fsign = r++;
            L->tx.r_fcum = r++;
            L->tx.r_fneg = r++;
            L->tx.r_fdcum = r++;
            L->tx.r_fdneg = r++;
        }
    }
    r++;
    L->s_drivers = r++;
    L->k_util = r++;
    if (L->buy) {
        L->k_servers = r++;
        L->k_capex_gpu = r++;
        L->k_capex_infra = r++;
        L->k_capex = r++;
        L->k_gpu_w = r++;
        L->k_it_kw = r++;
        L->k_prov_kw = r++;
        L->k_resfrac = r++;
        L->k_residual = r++;
        if (!macrs)
            L->k_salvage = r++;
        L->k_life = r++;
        if (L->loan) {
            L->k_loan = r++;
            L->k_lrate = r++;
            L->k_lpmt = r++;
        }
        if (L->lease) {
            L->k_epmt = r++;
            L->k_ebuy = r++;
        }
        if (tax) {
            L->tx.k_tlife = r++;
            if (xw_tax_method(s, o) != TCO_DEP_MACRS5 && xw_tax_method(s, o) != TCO_DEP_MACRS7)
                L->tx.k_tsalv = r++;
        }
    } else {
        L->k_capex = r++;
    }
    L->k_rm = r++;
    L->k_gpuh = r++;
    L->k_pflop = r++;
    L->k_units = r++;
    if (L->buy)
        L->k_wpkw = r++;
    L->k_slope = r++;
    L->k_total0 = r++;
    if (L->has_base) {
        L->k_beu = r++;
        L->k_irrg = r++;
        L->k_irr = r++;
        L->k_mirr = r++;
        L->k_pay = r++;
        L->k_dpay = r++;
        if (tax) {
            L->tx.k_irrg = r++;
            L->tx.k_irr = r++;
            L->tx.k_mirr = r++;
            L->tx.k_pay = r++;
            L->tx.k_dpay = r++;
        }
    }

    /* Total cost per unit of utilization: the only terms that depend on u. */
    const int H = s->horizon_months;
    const double T = s->hours_per_month;
    double sum = 0;
    L->slope = 0;
    if (L->buy) {
        for (int m = 1; m <= H; m++)
            sum += tco_site_value(s, o, TCO_S_ELECTRICITY_PRICE) *
                   xw_price_factor(tco_site_value(s, o, TCO_S_ELECTRICITY_ESCALATION), m);
        L->slope = o->count * o->tdp_w * (o->load_power_fraction - o->idle_power_fraction) / 1000 *
                   T * tco_site_value(s, o, TCO_S_PUE) * sum;
    } else if (o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT) {
        for (int m = 1; m <= H; m++)
            sum += xw_price_factor(-o->price_decline, m);
        L->slope = o->count * T * o->price_per_gpu_hour * sum;
        if (o->pricing == TCO_SPOT) /* the hours lost to interruptions */
            L->slope = L->slope / (1 - o->interruption_overhead);
    } else if (od_after) {
        /* Reserved, then on demand: the months past the term follow u. */
        for (int m = o->term_months + 1; m <= H; m++)
            sum += xw_price_factor(-o->price_decline, m);
        L->slope = o->count * T * o->on_demand_price_per_gpu_hour * sum;
    }
    L->total0 = res->total - L->slope * res->utilization;
}

/* See plan.h. */
const char *xw_breakeven_formula(xw_ctx *c, char *f, size_t size, size_t i)
{
    const xw_optsheet *L = &c->os[i], *B = &c->os[c->r->baseline];
    xw_refbuf x = xw_ref(L->quoted, L->k_beu, XW_COL_VAL, 1, 1);
    xw_refbuf t0 = xw_ref(L->quoted, L->k_total0, XW_COL_VAL, 1, 1);
    xw_refbuf b0 = xw_ref(B->quoted, B->k_total0, XW_COL_VAL, 1, 1);
    xw_word always = xw_be_word(c, TCO_BE_ALWAYS), never = xw_be_word(c, TCO_BE_NEVER),
            parallel = xw_be_word(c, TCO_BE_PARALLEL);
    /* Outside 0..1 (or with parallel totals) the side at 0% is the side at
     * every utilization. */
    char side[XW_FBUF / 4];
    tci_utf8_format(side, sizeof side, "IF(%s<%s,%s,%s)", t0.s, b0.s, always.lit, never.lit);
    return xw_f(c, f, size, "=IF(ISNUMBER(%s),IF(AND(%s>=0,%s<=1),%s,%s),IF(%s=%s,%s,%s))", x.s,
                x.s, x.s, x.s, side, t0.s, b0.s, parallel.lit, side);
}

/* ===== Workload ===== */

/* See plan.h. */
int xw_workload_input(const xw_ctx *c, int global, int key)
{
    if (!c->s || !(c->s->model_params > 0))
        return 0;
    if (!global)
        return key == TCO_O_MEMORY_GB;
    switch (key) {
    case TCO_S_MODEL_PARAMS:
    case TCO_S_BYTES_PER_PARAM:
    case TCO_S_ACTIVATION_OVERHEAD:
        return 1;
    case TCO_S_TOKENS:
    case TCO_S_MFU:
        return c->s->mode == TCO_TRAINING;
    case TCO_S_REQUESTS_PER_S:
    case TCO_S_TOKENS_PER_REQUEST:
        return c->s->mode == TCO_INFERENCE;
    default:
        return 0;
    }
}
