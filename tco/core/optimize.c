/* optimize.c - the cheapest plan (docs/MODEL.md, The cheapest plan): the
 * grid of [optimize] with its defaults, and the exhaustive search over it,
 * each candidate computed by the plan model (tci_plan_eval). No I/O. */
#include "core/core.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The peak demand in GPUs of option i: ceil(max D(m) / (T * k_i)). */
static double peak_gpus(const tco_scenario *s, int i)
{
    double peak = 0;
    for (int m = 1; m <= s->horizon_months; m++)
        peak = fmax(peak, tco_demand_at(s, m));
    return ceil(peak / tci_plan_capacity(s, i));
}

/* One part's range: the default maximum is the peak rounded up to a step,
 * at least the minimum. Its number of counts, or -1 when that maximum is
 * above TCI_OPTIMIZE_MAX_COUNT. */
static double part_range(const tco_scenario *s, int i, int lo, int hi, int step, int *out)
{
    if (i < 0) { /* a part the plan lacks: 0 only */
        out[0] = out[1] = 0;
        out[2] = 1;
        return 1;
    }
    if (hi < 0) {
        double top = ceil(peak_gpus(s, i) / step) * step;
        if (top > TCI_OPTIMIZE_MAX_COUNT)
            return -1;
        hi = top < lo ? lo : (int)top;
    }
    out[0] = lo;
    out[1] = hi;
    out[2] = step;
    return hi < lo ? 0 : (double)((hi - lo) / step + 1);
}

/* See core.h. */
double tci_optimize_grid(const tco_scenario *s, tco_optimize_result *r, int *which)
{
    const tco_optimize *z = s->optimize;
    const tco_plan *p = &s->plans[z->plan_i];
    int own[3], res[3];
    int own_step = z->own_step;
    if (own_step < 1)
        own_step = p->own_i >= 0 ? s->options[p->own_i].gpus_per_server : 1;
    double n_own = part_range(s, p->own_i, z->own_min, z->own_max, own_step, own);
    double n_res =
        part_range(s, p->reserve_i, z->reserve_min, z->reserve_max, z->reserve_step, res);
    *which = n_own < 0 ? 0 : 1;
    if (n_own < 0 || n_res < 0)
        return -1;
    r->own_min = own[0];
    r->own_max = own[1];
    r->own_step = own[2];
    r->reserve_min = res[0];
    r->reserve_max = res[1];
    r->reserve_step = res[2];
    return n_own * n_res;
}

/* The figure the search minimises (MODEL.md, Plans after tax, for the
 * after-tax NPV: NAN without [tax], which the loader refuses). */
/* See documentation in header file. */
double tco_plan_objective(const tco_plan_result *pr, tco_objective objective)
{
    switch (objective) {
    case TCO_OBJECTIVE_NPV:
        return pr->npv;
    case TCO_OBJECTIVE_AFTER_TAX_NPV:
        return pr->after_tax_npv;
    case TCO_OBJECTIVE_TOTAL:
    default:
        return pr->total;
    }
}

/* 1 when candidate a ranks before b: the lower objective, then the lower
 * own_count, then the lower reserve_count. */
static int better(const tco_candidate *a, const tco_candidate *b)
{
    if (a->objective != b->objective)
        return a->objective < b->objective;
    if (a->own_count != b->own_count)
        return a->own_count < b->own_count;
    return a->reserve_count < b->reserve_count;
}

/* Insert c into top (n of at most cap entries, best first); the new n. */
static size_t keep_top(tco_candidate *top, size_t n, size_t cap, const tco_candidate *c)
{
    if (n == cap && !better(c, &top[n - 1]))
        return n;
    size_t j = n < cap ? n++ : n - 1;
    for (; j > 0 && better(c, &top[j - 1]); j--)
        top[j] = top[j - 1];
    top[j] = *c;
    return n;
}

/* The search over r's grid (counts and steps are at most
 * TCI_OPTIMIZE_MAX_COUNT: a count plus a step fits an int); top holds cap
 * entries. The number kept. */
/* 1 when run asks the computation to stop. */
static int stop(const tco_run *run)
{
    return run && run->cancelled && run->cancelled(run->user);
}

static size_t search(const tco_scenario *s, tco_optimize_result *r, tco_month *scratch,
                     tco_plan_result *pr, tco_candidate *top, size_t cap, const tco_run *run,
                     long total, int *cancelled)
{
    const tco_optimize *z = s->optimize;
    const tco_plan *p = &s->plans[z->plan_i];
    size_t n_top = 0, k = 0;
    for (int own = r->own_min; own <= r->own_max; own += r->own_step, k++) {
        tco_candidate *curve = &r->curve[k];
        *curve = (tco_candidate){.own_count = own,
                                 .objective = NAN,
                                 .total = NAN,
                                 .npv = NAN,
                                 .after_tax_npv = NAN,
                                 .unserved = NAN};
        int curve_set = 0;
        for (int res = r->reserve_min; res <= r->reserve_max; res += r->reserve_step) {
            if (stop(run)) {
                *cancelled = 1;
                return 0;
            }
            if (run && run->progress)
                run->progress(run->user, (long)r->evaluated, total);
            tci_plan_eval(s, p, own, res, scratch, pr);
            tco_candidate c = {.own_count = own,
                               .reserve_count = res,
                               .total = pr->total,
                               .npv = pr->npv,
                               .after_tax_npv = pr->after_tax_npv,
                               .unserved = pr->unserved};
            c.objective = tco_plan_objective(pr, z->objective);
            r->evaluated++;
            if (!pr->fits_power) /* over the site's power limit: not searched further */
                r->over_power++;
            if (pr->over_rate_month) /* over the API's rate limit: likewise */
                r->over_rate_limit++;
            if (!tco_plan_feasible(pr))
                continue;
            r->feasible++;
            if (isnan(c.objective))
                continue;
            if (!curve_set || better(&c, curve)) {
                *curve = c;
                curve_set = 1;
            }
            n_top = keep_top(top, n_top, cap, &c);
        }
    }
    return n_top;
}

/* See core.h. */
tco_status tci_optimize_compute(tco_result *res, const tco_run *run)
{
    const tco_scenario *s = res->scenario;
    if (!s->optimize || !s->demand || !s->n_plans)
        return TCO_OK;
    tco_optimize_result *r = calloc(1, sizeof *r);
    if (!r)
        return TCO_ERR_NOMEM;
    res->optimize = r;
    r->optimize = s->optimize;
    int which;
    double n = tci_optimize_grid(s, r, &which);
    if (n < 0 || n > TCI_OPTIMIZE_MAX_CANDIDATES)
        return TCO_ERR_LIMIT;
    const size_t H = (size_t)s->horizon_months;
    const size_t cap = (size_t)s->optimize->runners_up + 1;
    r->n_curve = n > 0 ? (size_t)((r->own_max - r->own_min) / r->own_step + 1) : 0;
    r->curve = calloc(r->n_curve ? r->n_curve : 1, sizeof *r->curve);
    r->runners = calloc(cap, sizeof *r->runners);
    r->best_plan.monthly = calloc(H, sizeof(tco_plan_month));
    tco_month *scratch = calloc(TCI_PLAN_SCRATCH * H, sizeof *scratch);
    tco_plan_month *monthly = calloc(H, sizeof *monthly);
    tco_status st = TCO_ERR_NOMEM;
    if (r->curve && r->runners && r->best_plan.monthly && scratch && monthly) {
        tco_plan_result pr = {.monthly = monthly};
        int cancelled = 0;
        size_t kept =
            n > 0 ? search(s, r, scratch, &pr, r->runners, cap, run, (long)n, &cancelled) : 0;
        if (cancelled) {
            free(scratch);
            free(monthly);
            return TCO_ERR_CANCELLED;
        }
        if (run && run->progress && n > 0)
            run->progress(run->user, (long)n, (long)n);
        r->found = kept > 0;
        if (r->found) {
            r->best = r->runners[0];
            memmove(r->runners, r->runners + 1, (kept - 1) * sizeof *r->runners);
            r->n_runners = kept - 1;
            tci_plan_eval(s, &s->plans[s->optimize->plan_i], r->best.own_count,
                          r->best.reserve_count, scratch, &r->best_plan);
        }
        st = TCO_OK;
    }
    free(scratch);
    free(monthly);
    return st;
}

/* See core.h. */
void tci_optimize_free(tco_result *res)
{
    if (!res->optimize)
        return;
    free(res->optimize->curve);
    free(res->optimize->runners);
    free(res->optimize->best_plan.monthly);
    free(res->optimize);
    res->optimize = NULL;
}
