/* test_plan_power.c - a plan at a site with a power limit (docs/MODEL.md, "A
 * plan at a site with a power limit" and "The cheapest plan"): MODEL.md's
 * examples worked by hand (a plan refused by the limit, spares, a staged plan
 * over the limit after its second purchase, a refresh), the ranking, and the
 * optimizer under the limit checked against every candidate of its grid
 * computed as a plan of its own. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: H = 3, D = 100, 300, 500, T = 100, no electricity cost;
 * `big`: 8 GPUs of 700 W at 10 each, one server of 4,600 W; `od` on demand
 * at 3 an hour, k = 2. SITE: [site]'s power_cap_kw line (or none), MORE:
 * sections after the options, PLANS: the plans. */
#define BASE(SITE, MORE, PLANS)                                                                    \
    "[scenario]\nname = plan power\nhorizon_months = 3\nhours_per_month = 100\n"                   \
    "discount_rate = 0\n[site]\nelectricity_price = 0\npue = 1.5\n" SITE                           \
    "[option big]\nacquire = buy\ncount = 8\ngpu_price = 10\ngpus_per_server = 8\n"                \
    "tdp_w = 700\nserver_power_w = 4600\nthroughput = 10\n"                                        \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n" MORE       \
    "[demand]\nreference = big\ngpu_hours_per_month = 200\n"                                       \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n" PLANS

#define TWO_PLANS                                                                                  \
    "[plan owned]\nown = big\nown_count = 8\noverflow = od\n[plan rented]\noverflow = od\n"

static const tco_plan_result *plan_named(const tco_result *r, const char *name)
{
    for (size_t i = 0; i < r->n_plans; i++)
        if (strcmp(r->plans[i].plan->name, name) == 0)
            return &r->plans[i];
    return NULL;
}

static void test_refused(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(BASE("power_cap_kw = 10\n", "", TWO_PLANS), "p.ini", &s);
    if (!r)
        return;
    const tco_plan_result *own = plan_named(r, "owned"), *rent = plan_named(r, "rented");
    CU_ASSERT_FATAL(own && rent);
    /* (8 * 700 + 1 * 4,600) / 1000 = 10.2 kW in every month, over 10. */
    for (int m = 0; m < 3; m++) {
        CLOSE(own->monthly[m].own_kw, 10.2);
        CLOSE(own->monthly[m].power_cap_kw, 10);
        CU_ASSERT_EQUAL(rent->monthly[m].own_kw, 0);
        CU_ASSERT(isnan(rent->monthly[m].power_cap_kw)); /* owns nothing: no site */
    }
    CLOSE(own->peak_kw, 10.2);
    CU_ASSERT_EQUAL(own->peak_month, 1);
    CLOSE(own->power_cap_kw, 10);
    CU_ASSERT_EQUAL(own->fits_power, 0);
    CU_ASSERT_EQUAL(own->over_month, 1);
    CU_ASSERT_EQUAL(own->unserved, 0);       /* it serves all demand ... */
    CU_ASSERT_FALSE(tco_plan_feasible(own)); /* ... but not within the site's power */
    char why[128];
    CU_ASSERT_STRING_EQUAL(tco_plan_power_text(own, why, sizeof why),
                           "needs 10.2 kW in month 1, the site has 10");
    CU_ASSERT_PTR_NULL(tco_plan_power_text(rent, why, sizeof why));
    CU_ASSERT_EQUAL(rent->fits_power, 1);
    CU_ASSERT_EQUAL(rent->peak_month, 0);
    CLOSE(own->total, 80);    /* 8 * 10, no electricity cost */
    CLOSE(rent->total, 1350); /* (50 + 150 + 250) * 3 */
    /* The cheaper `owned` ranks after the feasible `rented`. */
    CU_ASSERT_STRING_EQUAL(r->plans[r->plan_rank[0]].plan->name, "rented");
    CU_ASSERT_STRING_EQUAL(r->plans[r->plan_rank[1]].plan->name, "owned");
    tco_result_free(r);
    tco_scenario_free(s);
    /* At 10.2 exactly it fits and ranks first. */
    r = check_compute(BASE("power_cap_kw = 10.2\n", "", TWO_PLANS), "p.ini", &s);
    if (!r)
        return;
    own = plan_named(r, "owned");
    CU_ASSERT_FATAL(own != NULL);
    CU_ASSERT_EQUAL(own->fits_power, 1);
    CU_ASSERT(tco_plan_feasible(own));
    CU_ASSERT_STRING_EQUAL(r->plans[r->plan_rank[0]].plan->name, "owned");
    tco_result_free(r);
    tco_scenario_free(s);
    /* Without a limit: as before, the cheaper first. */
    r = check_compute(BASE("", "", TWO_PLANS), "p.ini", &s);
    if (!r)
        return;
    own = plan_named(r, "owned");
    CU_ASSERT_FATAL(own != NULL);
    CU_ASSERT_EQUAL(own->fits_power, 1);
    CU_ASSERT(isnan(own->power_cap_kw));
    CU_ASSERT_STRING_EQUAL(r->plans[r->plan_rank[0]].plan->name, "owned");
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Spares are powered: 9 GPUs in 2 servers, (9 * 700 + 2 * 4,600) / 1000. */
static void test_spares(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        BASE("power_cap_kw = 15\n", "", "[plan owned]\nown = big\nown_count = 8\nspares = 1\n"),
        "p.ini", &s);
    if (!r)
        return;
    CLOSE(r->plans[0].peak_kw, 15.5);
    CU_ASSERT_EQUAL(r->plans[0].fits_power, 0);
    char why[128];
    CU_ASSERT_STRING_EQUAL(tco_plan_power_text(&r->plans[0], why, sizeof why),
                           "needs 15.5 kW in month 1, the site has 15");
    tco_result_free(r);
    tco_scenario_free(s);
}

#define STAGED "[plan owned]\nown = big\nbuy_at = 0:8, 2:8\noverflow = od\n"

static void test_staged(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(BASE("power_cap_kw = 15\n", "", STAGED), "p.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    /* The second 8 serve from month 3: 10.2, 10.2, 20.4. */
    CLOSE(p->monthly[0].own_kw, 10.2);
    CLOSE(p->monthly[1].own_kw, 10.2);
    CLOSE(p->monthly[2].own_kw, 20.4);
    CU_ASSERT_EQUAL(p->fits_power, 0);
    CU_ASSERT_EQUAL(p->over_month, 3);
    CLOSE(p->peak_kw, 20.4);
    CU_ASSERT_EQUAL(p->peak_month, 3);
    char why[128];
    CU_ASSERT_STRING_EQUAL(tco_plan_power_text(p, why, sizeof why),
                           "needs 20.4 kW in month 3, the site has 15");
    /* Each purchase's provisioned kW, the figure the months sum. */
    CU_ASSERT_EQUAL_FATAL(p->n_purchases, 2);
    CLOSE(p->purchases[0].provisioned_kw, 10.2);
    CLOSE(p->purchases[1].provisioned_kw, 10.2);
    tco_result_free(r);
    tco_scenario_free(s);
    r = check_compute(BASE("power_cap_kw = 20.4\n", "", STAGED), "p.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL(r->plans[0].fits_power, 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* `new`: 4 GPUs of 1,000 W, a server of 1,000 W: 5 kW. SITE of `new`. */
#define NEW(SITE)                                                                                  \
    "[option new]\nacquire = buy\ncount = 4\ngpu_price = 10\ntdp_w = 1000\n"                       \
    "server_power_w = 1000\nthroughput = 10\n" SITE
#define REFRESH                                                                                    \
    "[plan owned]\nown = big\nown_count = 8\noverflow = od\nrefresh_to = new\n"                    \
    "refresh_month = 2\nrefresh_count = 4\n"

static void test_refresh(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(BASE("power_cap_kw = 12\n", NEW(""), REFRESH), "p.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    /* Month 2 (the refresh's) counts the replaced GPUs alone: 10.2, not 15.2. */
    CLOSE(p->monthly[0].own_kw, 10.2);
    CLOSE(p->monthly[1].own_kw, 10.2);
    CLOSE(p->monthly[2].own_kw, 5);
    CU_ASSERT_EQUAL(p->fits_power, 1);
    tco_result_free(r);
    tco_scenario_free(s);
    /* `new` at a hall of 4.5 kW: the months after the refresh are checked there. */
    r = check_compute(BASE("power_cap_kw = 12\n",
                           NEW("site = hall\n[site hall]\nelectricity_price = 0\n"
                               "power_cap_kw = 4.5\n"),
                           REFRESH),
                      "p.ini", &s);
    if (!r)
        return;
    p = &r->plans[0];
    CLOSE(p->monthly[1].power_cap_kw, 12);
    CLOSE(p->monthly[2].power_cap_kw, 4.5);
    CU_ASSERT_EQUAL(p->fits_power, 0);
    char why[128];
    CU_ASSERT_STRING_EQUAL(tco_plan_power_text(p, why, sizeof why),
                           "needs 5 kW in month 3, the site has 4.5");
    tco_result_free(r);
    tco_scenario_free(s);
    /* refresh_count = 0: no GPUs after the refresh, at the hall's limit still. */
    r = check_compute(BASE("power_cap_kw = 12\n",
                           NEW("site = hall\n[site hall]\nelectricity_price = 0\n"
                               "power_cap_kw = 4.5\n"),
                           "[plan owned]\nown = big\nown_count = 8\noverflow = od\n"
                           "refresh_to = new\nrefresh_month = 2\nrefresh_count = 0\n"),
                      "p.ini", &s);
    if (!r)
        return;
    p = &r->plans[0];
    CU_ASSERT_EQUAL(p->monthly[2].own_kw, 0);
    CLOSE(p->monthly[2].power_cap_kw, 4.5);
    CU_ASSERT_EQUAL(p->fits_power, 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* ===== The optimizer under the limit ===== */

/* The cheapest plan's example (test_optimize.c): `gb` 1,000 W a GPU, no
 * server power; CAP: [site]'s limit line; PLAN: the plan's parts; OPT: the
 * [optimize] section, or none. */
#define OPT_EXAMPLE(CAP, PLAN, OPT)                                                                \
    "[scenario]\nname = optimize example\nhorizon_months = 3\nhours_per_month = 100\n"             \
    "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1.5\n" CAP                          \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"                       \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"                        \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 0.9\n"       \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan mix]\n" PLAN OPT

#define MIX  "own = gb\nreserve = rv\noverflow = od\n"
#define GRID "[optimize]\nown_max = 6\nown_step = 2\nreserve_max = 2\n"

static void check_candidate(const tco_candidate *c, int own, int res, double total)
{
    CU_ASSERT_EQUAL(c->own_count, own);
    CU_ASSERT_EQUAL(c->reserve_count, res);
    CLOSE(c->objective, total);
}

static void test_optimize_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(OPT_EXAMPLE("power_cap_kw = 3\n", MIX, GRID), "o.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->evaluated, 12);
    CU_ASSERT_EQUAL(o->over_power, 6); /* n = 4 and 6, each with r = 0, 1, 2 */
    CU_ASSERT_EQUAL(o->feasible, 6);
    CU_ASSERT_FATAL(o->found);
    check_candidate(&o->best, 2, 1, 848); /* 278 + 270 + 300 */
    CU_ASSERT_EQUAL_FATAL(o->n_runners, 5);
    check_candidate(&o->runners[0], 2, 0, 878);
    check_candidate(&o->runners[1], 2, 2, 968);
    check_candidate(&o->runners[2], 0, 2, 1140);
    check_candidate(&o->runners[3], 0, 1, 1170);
    check_candidate(&o->runners[4], 0, 0, 1350);
    CU_ASSERT_EQUAL_FATAL(o->n_curve, 4);
    check_candidate(&o->curve[0], 0, 2, 1140);
    check_candidate(&o->curve[1], 2, 1, 848);
    CU_ASSERT(isnan(o->curve[2].objective));
    CU_ASSERT(isnan(o->curve[3].objective));
    CU_ASSERT_EQUAL(o->best_plan.fits_power, 1);
    CLOSE(o->best_plan.peak_kw, 2);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* One candidate computed as a plan of its own (its counts written, no
 * [optimize]): its total and whether it fits and serves; 0 on failure. */
static int fixed_plan(const char *cap, int own, int res, double *total, int *feasible)
{
    char plan[256], text[4096];
    snprintf(plan, sizeof plan, MIX "own_count = %d\nreserve_count = %d\n", own, res);
    snprintf(text, sizeof text, OPT_EXAMPLE("%s", "%s", ""), cap, plan);
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, "b.ini", &s);
    int ok = r && r->n_plans == 1;
    if (ok) {
        *total = r->plans[0].total;
        *feasible = r->plans[0].unserved <= 0 && r->plans[0].fits_power;
        /* The fit by hand: n GPUs of 1 kW against the limit. */
        double kw = own, limit = cap[0] ? strtod(cap + strlen("power_cap_kw = "), NULL) : 0;
        CU_ASSERT_EQUAL(r->plans[0].fits_power, !(limit > 0 && kw > limit));
    }
    tco_result_free(r);
    tco_scenario_free(s);
    return ok;
}

/* The optimum under each limit against the best of every candidate that fits,
 * each computed alone (ties: the lower own_count, then reserve_count, as the
 * grid is walked in that order). */
static void test_optimize_brute_force(void)
{
    static const char *const caps[] = {"",
                                       "power_cap_kw = 1\n",
                                       "power_cap_kw = 2\n",
                                       "power_cap_kw = 3\n",
                                       "power_cap_kw = 4.5\n",
                                       "power_cap_kw = 6\n"};
    for (size_t k = 0; k < sizeof caps / sizeof *caps; k++) {
        char text[4096];
        snprintf(text, sizeof text, OPT_EXAMPLE("%s", MIX, GRID), caps[k]);
        tco_scenario *s = NULL;
        tco_result *r = check_compute(text, "o.ini", &s);
        if (!r)
            return;
        const tco_optimize_result *o = r->optimize;
        CU_ASSERT_PTR_NOT_NULL_FATAL(o);
        double best = INFINITY;
        int best_own = -1, best_res = -1;
        size_t fit = 0, over = 0;
        for (int own = 0; own <= 6; own += 2)
            for (int res = 0; res <= 2; res++) {
                double total = NAN;
                int feasible = 0;
                CU_ASSERT_FATAL(fixed_plan(caps[k], own, res, &total, &feasible));
                if (!feasible) {
                    over++; /* with an overflow part, only the limit refuses */
                    continue;
                }
                fit++;
                if (total < best) {
                    best = total;
                    best_own = own;
                    best_res = res;
                }
            }
        CU_ASSERT_EQUAL(o->feasible, fit);
        CU_ASSERT_EQUAL(o->over_power, over);
        CU_ASSERT_EQUAL(o->found, fit > 0);
        if (fit > 0)
            check_candidate(&o->best, best_own, best_res, best);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

int main(void)
{
    static const check_case cases[] = {
        {"a plan refused by the limit", test_refused},
        {"spares are powered", test_spares},
        {"a staged plan over the limit after its second purchase", test_staged},
        {"a refresh counts the new GPUs from the month after", test_refresh},
        {"the optimizer under the limit", test_optimize_by_hand},
        {"the optimizer against brute force", test_optimize_brute_force},
        {NULL, NULL},
    };
    return check_run("plan_power", cases);
}
