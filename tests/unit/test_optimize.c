/* test_optimize.c - the cheapest plan (docs/MODEL.md, "The cheapest plan
 * (`[optimize]`)"): MODEL.md's example worked by hand, with and without an
 * overflow part, and the search against brute force on random small
 * scenarios, each candidate computed through the public path (a plan with
 * its counts fixed, loaded and computed by tco_compute). */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: Plans' example with gpu_price = 100 and the reserved
 * price 0.9: D = 100, 300, 500, T = 100, k_od = 2. PLAN is the plan's
 * parts, OPT the [optimize] section. */
#define EXAMPLE(PLAN, OPT)                                                                         \
    "[scenario]\nname = optimize example\nhorizon_months = 3\nhours_per_month = 100\n"             \
    "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1.5\n"                              \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"                       \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"                        \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 0.9\n"       \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan mix]\n" PLAN "[optimize]\n" OPT

#define GRID "own_max = 6\nown_step = 2\nreserve_max = 2\n"

static void check_candidate(const tco_candidate *c, int own, int res, double total)
{
    CU_ASSERT_EQUAL(c->own_count, own);
    CU_ASSERT_EQUAL(c->reserve_count, res);
    CLOSE(c->total, total);
    CLOSE(c->npv, total); /* no discounting */
    CLOSE(c->objective, total);
    CU_ASSERT(isnan(c->after_tax_npv));
}

static void test_optimize_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(EXAMPLE("own = gb\nreserve = rv\noverflow = od\n", GRID), "t.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->own_min, 0);
    CU_ASSERT_EQUAL(o->own_max, 6);
    CU_ASSERT_EQUAL(o->own_step, 2);
    CU_ASSERT_EQUAL(o->reserve_min, 0);
    CU_ASSERT_EQUAL(o->reserve_max, 2);
    CU_ASSERT_EQUAL(o->reserve_step, 1);
    CU_ASSERT_EQUAL(o->evaluated, 12);
    CU_ASSERT_EQUAL(o->feasible, 12); /* overflow serves the rest */
    CU_ASSERT_FATAL(o->found);
    /* total = 109n + 0.12 * owned hours + 270r + 1.5 * hours left over. */
    check_candidate(&o->best, 4, 0, 682);       /* 436 + 96 + 150 */
    CU_ASSERT_EQUAL_FATAL(o->n_runners, 5);     /* the default */
    check_candidate(&o->runners[0], 6, 0, 762); /* 654 + 108 */
    check_candidate(&o->runners[1], 4, 1, 802); /* 532 + 270 */
    check_candidate(&o->runners[2], 2, 1, 848); /* 278 + 270 + 300 */
    check_candidate(&o->runners[3], 2, 0, 878); /* 278 + 600 */
    check_candidate(&o->runners[4], 2, 2, 968); /* 278 + 540 + 150 */
    CU_ASSERT_EQUAL_FATAL(o->n_curve, 4);
    check_candidate(&o->curve[0], 0, 2, 1140); /* 540 + 1.5 * 400 */
    check_candidate(&o->curve[1], 2, 1, 848);
    check_candidate(&o->curve[2], 4, 0, 682);
    check_candidate(&o->curve[3], 6, 0, 762);
    /* The best plan in full: owned 100, 300, 400 hours, 100 left over. */
    CU_ASSERT_EQUAL(o->best_plan.own_count, 4);
    CU_ASSERT_EQUAL(o->best_plan.reserve_count, 0);
    CLOSE(o->best_plan.total, 682);
    CLOSE(o->best_plan.own_total, 532);
    CLOSE(o->best_plan.overflow_total, 150);
    CLOSE(o->best_plan.monthly[2].overflow_hours, 50); /* 100 reference hours, k = 2 */
    /* The plan itself keeps the option's counts: 2 owned, 1 reserved. */
    CLOSE(r->plans[0].total, 848);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_optimize_infeasible(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(EXAMPLE("own = gb\nreserve = rv\n", GRID "runners_up = 2\n"), "t.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->evaluated, 12);
    /* 100n + 100r >= 500: (4, 1), (4, 2), (6, 0), (6, 1), (6, 2). */
    CU_ASSERT_EQUAL(o->feasible, 5);
    CU_ASSERT_FATAL(o->found);
    check_candidate(&o->best, 6, 0, 762);
    CU_ASSERT_EQUAL_FATAL(o->n_runners, 2);
    check_candidate(&o->runners[0], 4, 1, 802);
    check_candidate(&o->runners[1], 6, 1, 1032);
    CU_ASSERT_EQUAL_FATAL(o->n_curve, 4);
    CU_ASSERT(isnan(o->curve[0].objective));
    CU_ASSERT_EQUAL(o->curve[0].own_count, 0);
    CU_ASSERT(isnan(o->curve[1].objective));
    CU_ASSERT_EQUAL(o->curve[1].own_count, 2);
    check_candidate(&o->curve[2], 4, 1, 802);
    check_candidate(&o->curve[3], 6, 0, 762);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Nothing feasible: owned GPUs only, at most 4 (capacity 400 < 500). */
static void test_optimize_none(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(EXAMPLE("own = gb\n", "own_max = 4\nown_step = 1\n"), "t.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->evaluated, 5);
    CU_ASSERT_EQUAL(o->feasible, 0);
    CU_ASSERT_FALSE(o->found);
    CU_ASSERT_EQUAL(o->n_runners, 0);
    CU_ASSERT_EQUAL(o->n_curve, 5);
    CU_ASSERT_EQUAL(o->reserve_max, 0); /* no reserved part: 0 only */
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The defaults: peak 500 reference hours; own_step = gpus_per_server 8, so
 * own 0..8 (ceil(500 / 100) = 5, rounded up to 8); reserve 0..5 step 1. */
static void test_optimize_defaults(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(EXAMPLE("own = gb\nreserve = rv\noverflow = od\n", ""), "t.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->own_min, 0);
    CU_ASSERT_EQUAL(o->own_max, 8);
    CU_ASSERT_EQUAL(o->own_step, 8);
    CU_ASSERT_EQUAL(o->reserve_max, 5);
    CU_ASSERT_EQUAL(o->reserve_step, 1);
    CU_ASSERT_EQUAL(o->evaluated, 12); /* 2 own counts x 6 reserve counts */
    CU_ASSERT_EQUAL(o->n_curve, 2);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* tco_compute_into over a result of the same shape: the search again, the
 * first one's memory freed (the sanitizer build sees a leak). */
static void test_optimize_into(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(EXAMPLE("own = gb\nreserve = rv\noverflow = od\n", GRID), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL(tco_compute_into(s, &r), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->optimize);
    check_candidate(&r->optimize->best, 4, 0, 682);
    CU_ASSERT_EQUAL(r->optimize->n_runners, 5);
    CU_ASSERT_EQUAL(r->optimize->n_curve, 4);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* ===== Brute force ===== */

static unsigned long long rng_state = 88172645463325252ULL;

static double uniform(void) /* [0, 1) */
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}

static int randint(int lo, int hi) /* inclusive */
{
    return lo + (int)(uniform() * (hi - lo + 1));
}

/* One random small scenario: its text up to the plan's parts, and what the
 * search needs to enumerate it. */
typedef struct rcase {
    char base[4096];
    int has_own, has_res;
    int own_lo, own_hi, own_step, res_lo, res_hi, res_step;
    int objective; /* 0 total, 1 npv, 2 after_tax_npv (with [tax]) */
    int runners;
} rcase;

/* D(m) of MODEL.md's formula, written here again for the default maximum. */
static double demand(double g, double growth, const double *f, int m)
{
    return g * pow(1 + growth, (m - 1) / 12.0) * f[(m - 1) % 12];
}

static void make_case(rcase *c, int i)
{
    int H = randint(1, 24), per_server = randint(1, 4);
    double T = randint(50, 200), g = T * (0.5 + 9 * uniform()), growth = uniform() - 0.3;
    double f[12], sum = 0;
    for (int m = 0; m < 12; m++)
        sum += f[m] = 0.2 + uniform();
    for (int m = 0; m < 12; m++)
        f[m] *= 12 / sum;
    double tp_own = 5 + 10 * uniform(), tp_res = 5 + 10 * uniform(), tp_od = 5 + 10 * uniform();
    char season[512];
    size_t n = 0;
    for (int m = 0; m < 12; m++)
        n += (size_t)snprintf(season + n, sizeof season - n, "%s%.17g", m ? ", " : "", f[m]);
    /* The seasonality must sum to 12 within 1e-9: as written, it does. */
    c->has_own = c->has_res = 1;
    int parts = randint(0, 2);
    if (parts == 1)
        c->has_res = 0;
    else if (parts == 2)
        c->has_own = 0;
    int overflow = uniform() < 0.6;
    /* A third of the cases are taxed and searched by after-tax NPV, with the
     * GPUs depreciated for tax by a random method. */
    static const char *const methods[] = {"straight-line", "macrs-5", "double-declining"};
    char tax[128] = "";
    c->objective = randint(0, 2);
    if (c->objective == 2)
        snprintf(tax, sizeof tax, "[tax]\nrate = %.3f\ndepreciation = %s\n", 0.4 * uniform(),
                 methods[randint(0, 2)]);
    snprintf(
        c->base, sizeof c->base,
        "[scenario]\nname = random %d\nhorizon_months = %d\nhours_per_month = %g\n"
        "discount_rate = %.6f\n[site]\nelectricity_price = %.4f\npue = 1.3\n"
        "[option gb]\nacquire = buy\ncount = 1\ngpu_price = %.2f\ngpus_per_server = %d\n"
        "server_price = %.2f\ntdp_w = %d\nidle_power_fraction = 0.3\nthroughput = %.4f\n"
        "staff_per_month = %.2f\nresale_fraction = %.3f\n"
        "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = %.4f\n"
        "upfront = %.2f\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = %.4f\nprice_decline = %.3f\n"
        "throughput = %.4f\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = %.6f\ngrowth = %.4f\n"
        "seasonality = %s\n%s[plan p]\n%s%s%s",
        i, H, T, 0.2 * uniform(), 0.05 + 0.3 * uniform(), 200 + 4000 * uniform(), per_server,
        2000 * uniform(), randint(300, 1000), tp_own, 300 * uniform(), 0.5 * uniform(),
        0.5 + 2 * uniform(), 500 * uniform(), 1 + 3 * uniform(), 0.3 * uniform(), tp_od, g, growth,
        season, tax, c->has_own ? "own = gb\n" : "", c->has_res ? "reserve = rv\n" : "",
        overflow ? "overflow = od\n" : "");
    (void)tp_res;
    c->runners = randint(0, 6);
    double peak = 0;
    for (int m = 1; m <= H; m++)
        peak = fmax(peak, demand(g, growth, f, m));
    /* own: explicit bounds or the default maximum; k_own = 1 (reference). */
    c->own_lo = c->own_hi = 0;
    c->own_step = 1;
    if (c->has_own) {
        c->own_lo = randint(0, 2);
        c->own_step = randint(1, 3);
        if (uniform() < 0.5) {
            c->own_hi = c->own_lo + randint(0, 10);
        } else {
            c->own_hi = -1;
            c->own_step = per_server; /* the default step */
        }
        if (c->own_hi < 0) {
            int top = (int)(ceil(ceil(peak / T) / c->own_step) * c->own_step);
            c->own_hi = top < c->own_lo ? c->own_lo : top;
            c->own_step = -c->own_step; /* marks the defaults in the section */
        }
    }
    c->res_lo = c->res_hi = 0;
    c->res_step = 1;
    if (c->has_res) {
        c->res_lo = randint(0, 2);
        c->res_step = randint(1, 3);
        c->res_hi = c->res_lo + randint(0, 10);
    }
}

/* The [optimize] section of case c. */
static void optimize_section(const rcase *c, char *buf, size_t size)
{
    static const char *const objectives[] = {"total", "npv", "after_tax_npv"};
    size_t n = (size_t)snprintf(buf, size, "[optimize]\nobjective = %s\nrunners_up = %d\n",
                                objectives[c->objective], c->runners);
    if (c->has_own && c->own_step > 0)
        n += (size_t)snprintf(buf + n, size - n, "own_min = %d\nown_max = %d\nown_step = %d\n",
                              c->own_lo, c->own_hi, c->own_step);
    else if (c->has_own)
        n += (size_t)snprintf(buf + n, size - n, "own_min = %d\n", c->own_lo);
    if (c->has_res)
        snprintf(buf + n, size - n, "reserve_min = %d\nreserve_max = %d\nreserve_step = %d\n",
                 c->res_lo, c->res_hi, c->res_step);
}

/* The plan of case c with its counts fixed, computed by tco_compute. */
static int fixed_plan(const rcase *c, int own, int res, tco_candidate *out)
{
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", c->base);
    if (c->has_own)
        n += (size_t)snprintf(text + n, sizeof text - n, "own_count = %d\n", own);
    if (c->has_res)
        snprintf(text + n, sizeof text - n, "reserve_count = %d\n", res);
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, "b.ini", &s);
    if (!r) {
        tco_scenario_free(s);
        return 0;
    }
    const tco_plan_result *p = &r->plans[0];
    *out = (tco_candidate){.own_count = own,
                           .reserve_count = res,
                           .total = p->total,
                           .npv = p->npv,
                           .after_tax_npv = p->after_tax_npv,
                           .objective = c->objective == 2   ? p->after_tax_npv
                                        : c->objective == 1 ? p->npv
                                                            : p->total,
                           .unserved = p->unserved};
    tco_result_free(r);
    tco_scenario_free(s);
    return 1;
}

static int ranks_before(const tco_candidate *a, const tco_candidate *b)
{
    if (a->objective != b->objective)
        return a->objective < b->objective;
    if (a->own_count != b->own_count)
        return a->own_count < b->own_count;
    return a->reserve_count < b->reserve_count;
}

static int same(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(1, fmax(fabs(a), fabs(b)));
}

/* A caller's run (tco_run): the search reports the candidates done of the 12
 * before each, and 12 of 12 at its end; asked to stop at the 5th, it returns
 * TCO_ERR_CANCELLED and no result. */
typedef struct watch {
    long calls, last_done, last_total, stop_at;
    int asked;
} watch;

static void on_progress(void *user, long done, long total)
{
    watch *w = user;
    CU_ASSERT(done >= w->last_done && done <= total);
    w->calls++;
    w->last_done = done;
    w->last_total = total;
}

static int on_cancel(void *user)
{
    watch *w = user;
    return ++w->asked >= w->stop_at && w->stop_at > 0;
}

static void test_optimize_run(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(EXAMPLE("own = gb\nreserve = rv\noverflow = od\n", GRID), "t.ini", &s);
    tco_result_free(r);
    if (!s)
        return;
    watch w = {0};
    tco_run run = {on_progress, on_cancel, &w};
    CU_ASSERT_EQUAL(tco_compute_with(s, &run, &r), TCO_OK);
    CU_ASSERT_EQUAL(w.last_done, 12);
    CU_ASSERT_EQUAL(w.last_total, 12);
    CU_ASSERT_EQUAL(w.asked, 12); /* once a candidate */
    CU_ASSERT(w.calls >= 12);
    tco_result_free(r);
    watch stop = {.stop_at = 5};
    run.user = &stop;
    r = (tco_result *)&stop; /* overwritten */
    CU_ASSERT_EQUAL(tco_compute_with(s, &run, &r), TCO_ERR_CANCELLED);
    CU_ASSERT_PTR_NULL(r);
    /* Asked before each candidate, then told how many are done: the 5th ask
     * stops it with four computed, the last report "3 done" before the 4th. */
    CU_ASSERT_EQUAL(stop.asked, 5);
    CU_ASSERT_EQUAL(stop.last_done, 3);
    CU_ASSERT_STRING_EQUAL(tco_status_str(TCO_ERR_CANCELLED), "cancelled");
    tco_scenario_free(s);
}

static void test_optimize_brute_force(void)
{
    int cases = 0, found = 0, infeasible_seen = 0, taxed = 0;
    for (int i = 0; i < 60; i++) {
        rcase c;
        make_case(&c, i);
        char opt[512], text[8192];
        optimize_section(&c, opt, sizeof opt);
        snprintf(text, sizeof text, "%s%s", c.base, opt);
        tco_scenario *s = NULL;
        tco_result *r = check_compute(text, "r.ini", &s);
        if (!r) {
            tco_scenario_free(s);
            continue;
        }
        const tco_optimize_result *o = r->optimize;
        CU_ASSERT_PTR_NOT_NULL_FATAL(o);
        int step = abs(c.own_step);
        CU_ASSERT_EQUAL(o->own_min, c.own_lo);
        CU_ASSERT_EQUAL(o->own_max, c.own_hi);
        CU_ASSERT_EQUAL(o->own_step, step);
        CU_ASSERT_EQUAL(o->reserve_min, c.res_lo);
        CU_ASSERT_EQUAL(o->reserve_max, c.res_hi);
        /* Every candidate through the public path. */
        tco_candidate all[256];
        size_t n = 0, feasible = 0, k = 0;
        int ok = 1;
        for (int own = c.own_lo; own <= c.own_hi; own += step, k++) {
            tco_candidate cbest = {.objective = NAN};
            for (int res = c.res_lo; res <= c.res_hi; res += c.res_step) {
                tco_candidate x;
                ok = ok && n < 256 && fixed_plan(&c, own, res, &x);
                if (!ok)
                    break;
                if (x.unserved > 0) {
                    infeasible_seen++;
                    continue;
                }
                feasible++;
                all[n++] = x;
                if (isnan(cbest.objective) || ranks_before(&x, &cbest))
                    cbest = x;
            }
            CU_ASSERT_FATAL(ok && k < o->n_curve);
            CU_ASSERT_EQUAL(o->curve[k].own_count, own);
            if (isnan(cbest.objective)) {
                CU_ASSERT(isnan(o->curve[k].objective));
            } else {
                CU_ASSERT_EQUAL(o->curve[k].reserve_count, cbest.reserve_count);
                CU_ASSERT(same(o->curve[k].objective, cbest.objective));
            }
        }
        CU_ASSERT_EQUAL(o->n_curve, k);
        CU_ASSERT_EQUAL(o->feasible, feasible);
        /* Sort the feasible candidates: the best, then the runners-up. */
        for (size_t a = 1; a < n; a++)
            for (size_t b = a; b > 0 && ranks_before(&all[b], &all[b - 1]); b--) {
                tco_candidate t = all[b];
                all[b] = all[b - 1];
                all[b - 1] = t;
            }
        CU_ASSERT_EQUAL(o->found, n > 0);
        if (n > 0 && o->found) {
            found++;
            CU_ASSERT_EQUAL(o->best.own_count, all[0].own_count);
            CU_ASSERT_EQUAL(o->best.reserve_count, all[0].reserve_count);
            CU_ASSERT(same(o->best.objective, all[0].objective));
            CU_ASSERT(same(o->best_plan.total, all[0].total));
            if (c.objective == 2) {
                taxed++;
                CU_ASSERT(same(o->best.after_tax_npv, all[0].after_tax_npv));
                CU_ASSERT(same(o->best_plan.after_tax_npv, all[0].after_tax_npv));
            }
            size_t want = n - 1 < (size_t)c.runners ? n - 1 : (size_t)c.runners;
            CU_ASSERT_EQUAL_FATAL(o->n_runners, want);
            for (size_t j = 0; j < want; j++) {
                CU_ASSERT_EQUAL(o->runners[j].own_count, all[j + 1].own_count);
                CU_ASSERT_EQUAL(o->runners[j].reserve_count, all[j + 1].reserve_count);
                CU_ASSERT(same(o->runners[j].objective, all[j + 1].objective));
            }
        }
        cases++;
        tco_result_free(r);
        tco_scenario_free(s);
    }
    CU_ASSERT(cases >= 50);
    CU_ASSERT(found >= 25);         /* most cases have an optimum... */
    CU_ASSERT(infeasible_seen > 0); /* ... and some candidates do not serve demand */
    CU_ASSERT(taxed >= 5);          /* some of them by after-tax NPV */
}

int main(void)
{
    static const check_case cases[] = {
        {"optimize by hand", test_optimize_by_hand},
        {"infeasible candidates", test_optimize_infeasible},
        {"nothing feasible", test_optimize_none},
        {"default ranges", test_optimize_defaults},
        {"computed again into the same result", test_optimize_into},
        {"brute force", test_optimize_brute_force},
        {"a caller's run: progress and cancel", test_optimize_run},
        {NULL, NULL},
    };
    return check_run("optimize", cases);
}
