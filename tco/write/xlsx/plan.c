/* plan.c - what is decided before any sheet is written (plan.h): the rows of
 * every option's cash-flow sheet, and which inputs the Workload sheet reads, so
 * that a formula on any sheet can refer to any other. */
#include "write/xlsx/plan.h"
#include "write/xlsx/cell.h"
#include "core/core.h"
#include "core/factors.h"
#include "util/utf8.h"

#include <math.h>

/* ===== Option sheets ===== */

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
    return c->r->options[i].paid0;
}

/* See plan.h. */
double xw_tax_deductible(const xw_ctx *c, size_t i, int m)
{
    const tco_option_result *r = &c->r->options[i];
    return tci_deductible(r, m);
}

/* What a row of an option sheet needs of its option: every bit of its `when`. */
enum {
    OW_BUY = 1 << 0,         /* bought (cash, loan or lease) */
    OW_FACTOR = 1 << 1,      /* rented at a price that changes by month: on demand,
                                spot, or on demand after its term */
    OW_FINANCED = 1 << 2,    /* a loan or a lease */
    OW_LOAN = 1 << 3,        /* a loan */
    OW_LEASE = 1 << 4,       /* a lease */
    OW_COMMIT = 1 << 5,      /* a reserved term or a lease: owed past the horizon */
    OW_TAX = 1 << 6,         /* the scenario has [tax] */
    OW_BASE = 1 << 7,        /* bought, against a rent baseline */
    OW_SALVAGE = 1 << 8,     /* bought, depreciated by a method with a salvage value */
    OW_TAX_SALVAGE = 1 << 9, /* likewise in the tax view */
};

/* One row of an option sheet, or `n` rows in a row (the cost lines), in the
 * order of the sheet: where xw_optsheet keeps its index, when it exists, and
 * whether a blank row comes before it (a section's heading). */
typedef struct ow_row {
    size_t at;
    unsigned when;
    unsigned char gap, n;
} ow_row;

#define ROW(member, when)                                                                          \
    {                                                                                              \
        offsetof(xw_optsheet, member), (when), 0, 1                                                \
    }
#define HEADING(member, when)                                                                      \
    {                                                                                              \
        offsetof(xw_optsheet, member), (when), 1, 1                                                \
    }

/* The rows of an option sheet, top to bottom: the timeline, the cash flow and
 * its lines, the book view, the tax view, the comparison with the baseline, and
 * the drivers in column C. */
static const ow_row option_rows[] = {
    ROW(r_month, 0),
    ROW(r_year, 0),
    ROW(r_fy, 0),
    ROW(s_cash, 0),
    ROW(r_price, OW_BUY),
    ROW(r_factor, OW_FACTOR),
    ROW(r_capex, 0),
    ROW(r_lent, OW_FINANCED),
    {offsetof(xw_optsheet, r_line), 0, 0, TCO_LINES},
    ROW(r_lint, OW_LOAN),
    ROW(r_lprin, OW_LOAN),
    ROW(r_lbal, OW_LOAN),
    ROW(r_epay, OW_LEASE),
    ROW(r_ebuy, OW_LEASE),
    ROW(r_opcost, 0),
    ROW(r_cum, 0),
    ROW(r_commit, OW_COMMIT),
    ROW(r_resid, OW_BUY),
    ROW(r_net, 0),
    ROW(r_df, 0),
    ROW(r_pv, 0),
    ROW(r_commit_pv, OW_COMMIT),
    /* The book view. */
    HEADING(s_book, OW_BUY),
    ROW(r_dep, OW_BUY),
    ROW(r_bv, OW_BUY),
    /* The tax view (MODEL.md, Taxes). */
    HEADING(tx.s_tax, OW_TAX),
    ROW(tx.r_tdep, OW_BUY | OW_TAX),
    ROW(tx.k_tbv, OW_BUY | OW_TAX),
    ROW(tx.k_tsale, OW_BUY | OW_TAX),
    ROW(tx.r_ded, OW_TAX),
    ROW(r_tax, OW_TAX),
    ROW(tx.k_ctax, OW_COMMIT | OW_TAX),
    ROW(tx.r_atnet, OW_TAX),
    ROW(tx.r_atpv, OW_TAX),
    /* Against the baseline: the flow of savings and its returns. */
    HEADING(s_base, OW_BASE),
    ROW(r_bcum, OW_BASE),
    ROW(r_flag, OW_BASE),
    ROW(r_stay, OW_BASE),
    ROW(r_flow, OW_BASE),
    ROW(r_flow_sign, OW_BASE),
    ROW(r_flow_cum, OW_BASE),
    ROW(r_flow_below, OW_BASE),
    ROW(r_flow_dcum, OW_BASE),
    ROW(r_flow_dbelow, OW_BASE),
    ROW(tx.r_flow, OW_BASE | OW_TAX),
    ROW(tx.r_flow_sign, OW_BASE | OW_TAX),
    ROW(tx.r_flow_cum, OW_BASE | OW_TAX),
    ROW(tx.r_flow_below, OW_BASE | OW_TAX),
    ROW(tx.r_flow_dcum, OW_BASE | OW_TAX),
    ROW(tx.r_flow_dbelow, OW_BASE | OW_TAX),
    /* The drivers, in column C. */
    HEADING(s_drivers, 0),
    ROW(k_util, 0),
    ROW(k_servers, OW_BUY),
    ROW(k_capex_gpu, OW_BUY),
    ROW(k_capex_infra, OW_BUY),
    ROW(k_capex, 0),
    ROW(k_gpu_w, OW_BUY),
    ROW(k_it_kw, OW_BUY),
    ROW(k_prov_kw, OW_BUY),
    ROW(k_resfrac, OW_BUY),
    ROW(k_residual, OW_BUY),
    ROW(k_salvage, OW_SALVAGE),
    ROW(k_life, OW_BUY),
    ROW(k_loan, OW_LOAN),
    ROW(k_lrate, OW_LOAN),
    ROW(k_lpmt, OW_LOAN),
    ROW(k_epmt, OW_LEASE),
    ROW(k_ebuy, OW_LEASE),
    ROW(tx.k_tlife, OW_BUY | OW_TAX),
    ROW(tx.k_tsalv, OW_TAX_SALVAGE),
    ROW(k_rm, 0),
    ROW(k_gpuh, 0),
    ROW(k_pflop, 0),
    ROW(k_units, 0),
    ROW(k_wpkw, OW_BUY),
    ROW(k_slope, 0),
    ROW(k_total0, 0),
    ROW(k_breakeven_u, OW_BASE),
    ROW(k_irrg, OW_BASE),
    ROW(k_irr, OW_BASE),
    ROW(k_mirr, OW_BASE),
    ROW(k_pay, OW_BASE),
    ROW(k_dpay, OW_BASE),
    ROW(tx.k_irrg, OW_BASE | OW_TAX),
    ROW(tx.k_irr, OW_BASE | OW_TAX),
    ROW(tx.k_mirr, OW_BASE | OW_TAX),
    ROW(tx.k_pay, OW_BASE | OW_TAX),
    ROW(tx.k_dpay, OW_BASE | OW_TAX),
};

/* The bits of option_rows' `when` that option i has. */
static unsigned option_has(const xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    const xw_optsheet *L = &c->os[i];
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    int tax_method = xw_tax_method(s, o);
    int tax_macrs = tax_method == TCO_DEP_MACRS5 || tax_method == TCO_DEP_MACRS7;
    int od_after = L->term && o->after_term == TCO_AFTER_ON_DEMAND;
    unsigned has = 0;
    has |= L->buy ? OW_BUY : 0;
    has |= !L->buy && (o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT || od_after)
               ? OW_FACTOR
               : 0;
    has |= L->loan || L->lease ? OW_FINANCED : 0;
    has |= L->loan ? OW_LOAN : 0;
    has |= L->lease ? OW_LEASE : 0;
    has |= L->term || L->lease ? OW_COMMIT : 0;
    has |= s->tax ? OW_TAX : 0;
    has |= L->has_base ? OW_BASE : 0;
    has |= L->buy && !macrs ? OW_SALVAGE : 0;
    has |= L->buy && s->tax && !tax_macrs ? OW_TAX_SALVAGE : 0;
    return has;
}

/* See plan.h. Rows are fixed here so that formulas on any sheet can refer to
 * any other before it is written. */
void xw_option_layout(xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    xw_optsheet *L = &c->os[i];
    L->buy = o->acquire == TCO_BUY;
    L->has_base = L->buy && c->r->baseline >= 0;
    L->term = !L->buy && o->pricing == TCO_RESERVED && o->term_months > 0;
    L->loan = L->buy && o->financing == TCO_FIN_LOAN;
    L->lease = L->buy && o->financing == TCO_FIN_LEASE;
    L->lease_owned =
        L->lease && o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= s->horizon_months;
    const unsigned has = option_has(c, i);
    int r = 3;
    for (size_t k = 0; k < sizeof option_rows / sizeof option_rows[0]; k++) {
        const ow_row *w = &option_rows[k];
        int *at = (int *)(void *)((char *)L + w->at), here = (w->when & has) == w->when;
        r += here && w->gap;
        for (int j = 0; j < w->n; j++)
            at[j] = here ? r++ : XW_NONE;
    }
    L->r_last_line = L->lease ? L->r_ebuy : L->loan ? L->r_lbal : L->r_line[TCO_LINES - 1];
}

/* See plan.h. */
const char *xw_breakeven_formula(xw_ctx *c, char *f, size_t size, size_t i)
{
    const xw_optsheet *L = &c->os[i], *B = &c->os[c->r->baseline];
    xw_refbuf x = xw_ref(L->quoted, L->k_breakeven_u, XW_COL_VAL, 1, 1);
    xw_refbuf t0 = xw_ref(L->quoted, L->k_total0, XW_COL_VAL, 1, 1);
    xw_refbuf b0 = xw_ref(B->quoted, B->k_total0, XW_COL_VAL, 1, 1);
    xw_word always = xw_be_word(c, TCO_BE_ALWAYS), never = xw_be_word(c, TCO_BE_NEVER),
            parallel = xw_be_word(c, TCO_BE_PARALLEL);
    /* Outside 0..1 (or with parallel totals) the side at 0% is the side at
     * every utilization. */
    char side[XW_FBUF / 4];
    tci_utf8_format(side, sizeof side, "IF(%s<%s,%s,%s)", t0.s, b0.s, always.lit, never.lit);
    return xw_formula(c, f, size, "=IF(ISNUMBER(%s),IF(AND(%s>=0,%s<=1),%s,%s),IF(%s=%s,%s,%s))",
                      x.s, x.s, x.s, x.s, side, t0.s, b0.s, parallel.lit, side);
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
