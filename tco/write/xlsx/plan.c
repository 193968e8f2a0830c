/* plan.c - what is decided before any sheet is written (plan.h): what an
 * option's sheet shows and reads (its rows are fixed by option.c's table),
 * and which inputs the Workload sheet reads, so that a formula on any sheet
 * can refer to any other. */
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

/* See plan.h. */
int xw_api_limit_read(const tco_scenario *s, size_t i)
{
    const tco_option *o = &s->options[i];
    return o->acquire == TCO_API && o->max_tokens_per_minute > 0;
}
