/* test_plancarbontotal.c - a plan's carbon cost in its total, [scenario]
 * carbon_in_total = yes (docs/MODEL.md, A plan's carbon cost in its total):
 * the plan example of A plan's emissions (tCO2e 0.7, 0.11, 0.17, 0.21, a
 * carbon cost of 119) worked by hand into the months, the parts, the total,
 * the NPV, the tax, the budget and the statements; the cheapest plan by hand
 * and against brute force; nothing moves without the flag. */
#include "check.h"
#include "tco_budget.h"
#include "tco_statements.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* The plan example (test_plan.c, test_plan_carbon.c): H = 3, T = 100, PUE
 * 1.5, electricity 0.1; gb bought (2 GPUs of 1,000 W at 1,000, idle 0.2, load
 * 1, one server of no price and no power), rv reserved at 2 an hour, od on
 * demand at 3 with throughput 20 (k = 2); D = 100, 300, 500. Carbon: [site]
 * at 0.5 kgCO2e a kWh, gb 100 kg a GPU and 500 a server, rv 0.2 and od 0.4 kg
 * a GPU-hour, 100 a tonne. FLAG: the flag's line or none; MORE: [scenario]
 * lines; TAX: a [tax] section and gb's tax depreciation, or none. */
#define EXAMPLE(FLAG, MORE, TAX)                                                                   \
    "[scenario]\nname = plan carbon total\nhorizon_months = 3\nhours_per_month = 100\n"            \
    "carbon_price = 100\n" FLAG MORE                                                               \
    "[site]\nelectricity_price = 0.1\npue = 1.5\ngrid_kgco2e_per_kwh = 0.5\n"                      \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"                      \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"                        \
    "embodied_kgco2e = 100\nserver_embodied_kgco2e = 500\n" TAX                                    \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"         \
    "kgco2e_per_gpu_hour = 0.2\n"                                                                  \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "kgco2e_per_gpu_hour = 0.4\n"                                                                  \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan own-only]\nown = gb\nown_count = 2\n"                                                   \
    "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n"

#define ON       "carbon_in_total = yes\n"
#define RATE     "discount_rate = 0.12682503013196972\n" /* r_m = 0.01 */
#define TAX_KEYS "depreciation = straight-line\ndepreciation_years = 1\n[tax]\nrate = 0.25\n"

/* By hand (MODEL.md). mix: owned u = 0.5, 1, 1: kWh 180, 300, 300 x 0.5 kg =
 * 0.09, 0.15, 0.15 t, at 100 a tonne 9, 15, 15; embodied (2 * 100 + 500) kg
 * = 0.7 t at month 0, 70; rv 100 hours x 0.2 kg = 0.02 t a month, 2; od's 100
 * hours in month 3 x 0.4 kg = 0.04 t, 4. Without the flag: paid0 2,000, the
 * months 218, 230, 530, total 2,978 (own 2,078, reserved 600, overflow 300).
 * With it: paid0 2,070; 218 + 9 + 2 = 229, 230 + 15 + 2 = 247, 530 + 15 + 2
 * + 4 = 551; own 2,078 + 109 = 2,187, reserved 606, overflow 304, total 3,097
 * = 2,978 + 119. At r_m = 0.01 the NPV is 2,070 + 229/1.01 + 247/1.01^2 +
 * 551/1.01^3 = 3,073.66096898. own-only: 2,078 + 109 = 2,187. */
static void test_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE(ON, RATE, ""), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
    const tco_plan_result *own = &r->plans[0], *mix = &r->plans[1];
    CLOSE(mix->carbon_cost0, 70);
    CLOSE(mix->paid0, 2070);
    static const double cost[] = {229, 247, 551}, co2[] = {11, 17, 21}, own_co2[] = {9, 15, 15},
                        over_co2[] = {0, 0, 4};
    for (int m = 0; m < 3; m++) {
        const tco_plan_month *pm = &mix->monthly[m];
        CLOSE(pm->cost, cost[m]);
        CLOSE(pm->carbon_cost, co2[m]);
        CLOSE(pm->own_carbon, own_co2[m]);
        CLOSE(pm->reserve_carbon, 2);
        CLOSE(pm->overflow_carbon, over_co2[m]);
        /* The emissions' own months, priced, are the same cost. */
        CLOSE(mix->carbon[m + 1].carbon_cost, co2[m]);
    }
    CLOSE(mix->monthly[2].overflow_cost, 304);
    CLOSE(mix->monthly[2].overflow_price, 3); /* the price row stays the rent's */
    CLOSE(mix->own_total, 2187);
    CLOSE(mix->reserve_total, 606);
    CLOSE(mix->overflow_total, 304);
    CLOSE(mix->total, 3097);
    CLOSE(mix->total - 2978, mix->carbon_cost);
    CLOSE(mix->npv, 3073.66096898);
    CLOSE(own->total, 2187);
    CLOSE(own->carbon_cost0, 70);
    /* The ranking: own-only serves less, so mix first whatever it costs. */
    CU_ASSERT_EQUAL(r->plan_rank[0], 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* With [tax] rate 0.25 and gb straight-line over a year (test_plan.c: tax
 * -96.17, -99.17, -549.17, after_tax_total 2,233.5): the carbon cost is
 * deducted as paid: month 0 -0.25 * 70 = -17.5; -0.25 * 11, 17, 21 more in
 * months 1..3: -98.92, -103.42, -554.42; -774.25 in all, after_tax_total
 * 3,097 - 774.25 = 2,322.75 (= 2,233.5 + 0.75 * 119). At r_m = 0.01:
 * 3,073.66096898 - 17.5 - 98.9167/1.01 - 103.4167/1.01^2 - 554.4167/1.01^3 =
 * 2,318.73337096. Budget (one year, months 0..3): own 2,078, reserve 600,
 * overflow 300, carbon 119, tax -774.25, total 2,322.75. Statements: EBITDA
 * the power and cooling 78, the rent 600 + 300 and the carbon cost 119:
 * 1,097; operating cash 1,097 - 774.25 = 322.75; investing 2,000 (the GPUs,
 * sold for 0); net cash 2,322.75, the budget's total. */
static void test_tax_budget_statements(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE(ON, RATE, TAX_KEYS), "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *mix = &r->plans[1];
    CLOSE(mix->tax0, -17.5);
    static const double tax[] = {-98.9166666667, -103.4166666667, -554.4166666667};
    for (int m = 0; m < 3; m++)
        CU_ASSERT(fabs(mix->monthly[m].tax - tax[m]) < 1e-6);
    CU_ASSERT(fabs(mix->monthly[2].overflow_tax - -76) < 1e-9); /* -0.25 * (300 + 4) */
    CU_ASSERT(fabs(mix->after_tax_total - 2322.75) < 1e-6);
    CU_ASSERT(fabs(mix->after_tax_npv - 2318.73337096) < 1e-6);
    tco_budget *b = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(r, &b), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 1);
    const double *v = &b->plan_value[1 * TCO_PLAN_BUDGET_COLS];
    CLOSE(v[TCO_PLAN_BUDGET_OWN], 2078);
    CLOSE(v[TCO_PLAN_BUDGET_RESERVE], 600);
    CLOSE(v[TCO_PLAN_BUDGET_OVERFLOW], 300);
    CLOSE(v[TCO_PLAN_BUDGET_CARBON], 119);
    CLOSE(v[TCO_PLAN_BUDGET_TAX], -774.25);
    CLOSE(v[TCO_PLAN_BUDGET_TOTAL], 2322.75);
    CU_ASSERT(tco_plan_budget_col_shown(s, TCO_PLAN_BUDGET_CARBON));
    CU_ASSERT_STRING_EQUAL(tco_plan_budget_col_name(TCO_PLAN_BUDGET_CARBON), "carbon");
    tco_statements *st = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_statements_compute(r, &st), TCO_OK);
    const double *sv = &st->plan_value[1 * st->n_years * TCO_STMT_COLS];
    CLOSE(sv[TCO_STMT_EBITDA], 1097);
    CLOSE(sv[TCO_STMT_RENTAL], 900);
    CLOSE(sv[TCO_STMT_OPERATING_CASH], 322.75);
    CLOSE(sv[TCO_STMT_INVESTING_CASH], 2000);
    CLOSE(sv[TCO_STMT_NET_CASH], 2322.75);
    CLOSE(sv[TCO_STMT_AFTER_TAX], 2322.75);
    tco_statements_free(st);
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The same keys without the flag: the tonnes and their cost beside the
 * totals, which are the example's (2,978; after tax 2,233.5), no carbon in
 * the months, no carbon column. */
static void test_without_flag(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE("", RATE, TAX_KEYS), "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *mix = &r->plans[1];
    CLOSE(mix->carbon_cost, 119);
    CLOSE(mix->total, 2978);
    CU_ASSERT(fabs(mix->after_tax_total - 2233.5) < 1e-6);
    CU_ASSERT_EQUAL(mix->carbon_cost0, 0);
    for (int m = 0; m < 3; m++)
        CU_ASSERT_EQUAL(mix->monthly[m].carbon_cost, 0);
    CU_ASSERT(!tco_plan_budget_col_shown(s, TCO_PLAN_BUDGET_CARBON));
    CU_ASSERT(tco_plan_budget_col_shown(s, TCO_PLAN_BUDGET_TOTAL));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* ===== The cheapest plan with the flag ===== */

/* The cheapest plan's example (test_optimize.c: gb at 100 a GPU, rv at 0.9
 * an hour, no discounting) with the carbon keys above; PLAN: the plan's
 * parts and counts, OPT: [optimize] or none. */
#define OPT_EXAMPLE(PLAN, OPT)                                                                     \
    "[scenario]\nname = optimize carbon\nhorizon_months = 3\nhours_per_month = 100\n"              \
    "discount_rate = 0\ncarbon_price = 100\ncarbon_in_total = yes\n"                               \
    "[site]\nelectricity_price = 0.1\npue = 1.5\ngrid_kgco2e_per_kwh = 0.5\n"                      \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"                       \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"                        \
    "embodied_kgco2e = 100\nserver_embodied_kgco2e = 500\n"                                        \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 0.9\n"       \
    "kgco2e_per_gpu_hour = 0.2\n"                                                                  \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "kgco2e_per_gpu_hour = 0.4\n"                                                                  \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan mix]\nown = gb\nreserve = rv\noverflow = od\n" PLAN OPT

#define GRID "[optimize]\nown_max = 6\nown_step = 2\nreserve_max = 2\n"

static void check_candidate(const tco_candidate *c, int own, int res, double total)
{
    CU_ASSERT_EQUAL(c->own_count, own);
    CU_ASSERT_EQUAL(c->reserve_count, res);
    CLOSE(c->objective, total);
}

/* By hand, n owned and r reserved GPUs (one server for n = 2..6). Owned: its
 * kWh a month 30 n + 1.2 h_own(m) (it_kw = 0.2 n + 0.008 h_own), at 0.5 kg
 * and 100 a tonne 1.5 n + 0.06 h_own; embodied (100 n + 500) kg: 10 n + 50
 * when n > 0. Reserved 2 a GPU a month, 6 r; overflow 0.4 kg an od hour, half
 * an od hour a reference hour: 0.02 a reference hour. test_optimize.c's
 * totals plus the carbon cost:
 *   n = 0: 1,350 + 18 = 1,368; 1,170 + 6 + 12 = 1,188; 1,140 + 12 + 8 = 1,160
 *   n = 2 (500 owned hours, 50 + 29 + 30 = 109): 878 + 109 + 8 = 995;
 *          848 + 109 + 6 + 4 = 967; 968 + 109 + 12 + 2 = 1,091
 *   n = 4 (800 hours, 50 + 58 + 48 = 156): 682 + 156 + 2 = 840; 802 + 162 = 964;
 *          1,072 + 168 = 1,240
 *   n = 6 (900 hours, 50 + 87 + 54 = 191): 953; 1,032 + 197 = 1,229; 1,302 + 203 = 1,505
 * The best is (4, 0) at 840, then (6, 0) 953, (4, 1) 964, (2, 1) 967, (2, 0)
 * 995; the curve 1,160, 967, 840, 953. */
static void test_optimize_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(OPT_EXAMPLE("", GRID), "o.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_FATAL(o->found);
    check_candidate(&o->best, 4, 0, 840);
    CU_ASSERT_EQUAL_FATAL(o->n_runners, 5);
    check_candidate(&o->runners[0], 6, 0, 953);
    check_candidate(&o->runners[1], 4, 1, 964);
    check_candidate(&o->runners[2], 2, 1, 967);
    check_candidate(&o->runners[3], 2, 0, 995);
    check_candidate(&o->runners[4], 2, 2, 1091);
    CU_ASSERT_EQUAL_FATAL(o->n_curve, 4);
    check_candidate(&o->curve[0], 0, 2, 1160);
    check_candidate(&o->curve[1], 2, 1, 967);
    check_candidate(&o->curve[2], 4, 0, 840);
    check_candidate(&o->curve[3], 6, 0, 953);
    CLOSE(o->best_plan.total, 840);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The optimum against every candidate of the grid computed as a plan of its
 * own, its counts written (ties: the lower own_count, then reserve_count). */
static void test_optimize_brute_force(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(OPT_EXAMPLE("", GRID), "o.ini", &s);
    if (!r)
        return;
    double best = INFINITY;
    int best_own = -1, best_res = -1;
    for (int own = 0; own <= 6; own += 2)
        for (int res = 0; res <= 2; res++) {
            char counts[128], text[4096];
            snprintf(counts, sizeof counts, "own_count = %d\nreserve_count = %d\n", own, res);
            snprintf(text, sizeof text, OPT_EXAMPLE("%s", ""), counts);
            tco_scenario *sc = NULL;
            tco_result *rc = check_compute(text, "b.ini", &sc);
            CU_ASSERT_PTR_NOT_NULL_FATAL(rc);
            const tco_plan_result *p = &rc->plans[0];
            CU_ASSERT(tco_plan_feasible(p));
            CLOSE(p->total, p->paid0 + p->monthly[0].cost + p->monthly[1].cost +
                                p->monthly[2].cost - p->own_residual);
            if (p->total < best) {
                best = p->total;
                best_own = own;
                best_res = res;
            }
            tco_result_free(rc);
            tco_scenario_free(sc);
        }
    check_candidate(&r->optimize->best, best_own, best_res, best);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* ===== Every plan of tests/data/plans.ini ===== */

/* text with every `from` replaced by `to`, in a new buffer (the caller frees it). */
static char *replace_all(const char *text, const char *from, const char *to)
{
    size_t n = 0, lf = strlen(from), lt = strlen(to);
    for (const char *q = strstr(text, from); q; q = strstr(q + lf, from))
        n++;
    char *out = malloc(strlen(text) + n * lt + 1), *w = out;
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    const char *q = text, *hit;
    while ((hit = strstr(q, from)) != NULL) {
        memcpy(w, q, (size_t)(hit - q));
        w += hit - q;
        memcpy(w, to, lt);
        w += lt;
        q = hit + lf;
    }
    strcpy(w, q);
    return out;
}

/* Every plan of the file at path (n_plans of them; tests/data/plans.ini: staged
 * purchases, refreshes, loans, leases past the horizon and returned at a
 * refresh, spares), with [tax] at 0.25 and carbon keys, without and with the
 * flag: the flag's total less the total without it is the plan's carbon cost
 * (its months summed), its NPV's the months' present value at its monthly
 * rate (plans.ini: r_m = 1.08^(1/12) - 1), its after-tax total's 0.75 of
 * it (deducted as paid, nothing past the horizon); the budget's carbon column
 * adds up to it and each year's net cash is the budget's total. */
static void every_plan_of(const char *path, size_t n_plans)
{
    char *text = check_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char *a = replace_all(text, "[site]\n", "[site]\ngrid_kgco2e_per_kwh = 0.4\n");
    char *b = replace_all(a, "acquire = rent\n", "acquire = rent\nkgco2e_per_gpu_hour = 0.3\n");
    char *c = replace_all(b, "acquire = buy\n",
                          "acquire = buy\nembodied_kgco2e = 150\nserver_embodied_kgco2e = 900\n");
    char *off = replace_all(c, "[scenario]\n", "[scenario]\ncarbon_price = 85\n");
    char *on =
        replace_all(off, "carbon_price = 85\n", "carbon_price = 85\ncarbon_in_total = yes\n");
    const char tax[] = "\n[tax]\nrate = 0.25\n";
    char *texts[2] = {malloc(strlen(off) + sizeof tax), malloc(strlen(on) + sizeof tax)};
    CU_ASSERT_PTR_NOT_NULL_FATAL(texts[0]);
    CU_ASSERT_PTR_NOT_NULL_FATAL(texts[1]);
    strcat(strcpy(texts[0], off), tax);
    strcat(strcpy(texts[1], on), tax);
    tco_scenario *s0 = NULL, *s1 = NULL;
    tco_result *r0 = check_compute(texts[0], path, &s0);
    tco_result *r1 = check_compute(texts[1], path, &s1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r1);
    CU_ASSERT_EQUAL_FATAL(r0->n_plans, r1->n_plans);
    CU_ASSERT_EQUAL(r1->n_plans, n_plans);
    tco_statements *st = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_statements_compute(r1, &st), TCO_OK);
    const int H = s1->horizon_months;
    const double rm = pow(1 + s1->discount_rate, 1.0 / 12) - 1;
    for (size_t i = 0; i < r1->n_plans; i++) {
        const tco_plan_result *p0 = &r0->plans[i], *p1 = &r1->plans[i];
        CU_ASSERT_PTR_NOT_NULL_FATAL(p1->carbon);
        double sum = 0, pv = 0;
        for (int m = 0; m <= H; m++) {
            sum += p1->carbon[m].carbon_cost;
            pv += p1->carbon[m].carbon_cost / pow(1 + rm, m);
        }
        CU_ASSERT(sum > 0);
        CU_ASSERT(fabs(p1->total - p0->total - sum) <= 1e-9 * p1->total);
        CU_ASSERT(fabs(p1->npv - p0->npv - pv) <= 1e-9 * p1->npv);
        CU_ASSERT(fabs(p1->after_tax_total - p0->after_tax_total - 0.75 * sum) <=
                  1e-9 * p1->after_tax_total);
        CU_ASSERT(fabs(p1->carbon_cost - sum) <= 1e-9 * sum);
        double carbon = 0;
        for (size_t y = 0; y < st->n_years; y++) {
            const double *v = &st->budget->plan_value[(i * st->n_years + y) * TCO_PLAN_BUDGET_COLS];
            const double *sv = &st->plan_value[(i * st->n_years + y) * TCO_STMT_COLS];
            carbon += v[TCO_PLAN_BUDGET_CARBON];
            CU_ASSERT(fabs(sv[TCO_STMT_NET_CASH] - v[TCO_PLAN_BUDGET_TOTAL]) <=
                      1e-9 * fmax(1, fabs(v[TCO_PLAN_BUDGET_TOTAL])));
        }
        CU_ASSERT(fabs(carbon - sum) <= 1e-9 * sum);
    }
    tco_statements_free(st);
    tco_result_free(r0);
    tco_result_free(r1);
    tco_scenario_free(s0);
    tco_scenario_free(s1);
    free(texts[0]);
    free(texts[1]);
    free(on);
    free(off);
    free(c);
    free(b);
    free(a);
    free(text);
}

static void test_every_plan(void)
{
    every_plan_of(TCO_SOURCE_DIR "/tests/data/plans.ini", 12);
}

/* The same of tests/data/plan-staged-leases.ini: purchases in stages and
 * refreshes on leases (IFRS 16, ASC 842 finance and operating, returned early or
 * bought out), each purchase's statements its own, the plan's carbon cost whole. */
static void test_every_staged_lease(void)
{
    every_plan_of(TCO_SOURCE_DIR "/tests/data/plan-staged-leases.ini", 8);
}

/* An API as the overflow with the flag (tests/api/api-plan-limit.ini and
 * carbon_in_total, MODEL.md, A plan's carbon cost in its total): a reference
 * GPU-hour is 0.5 x 0.8 x 2,000 x 3,600 = 2,880,000 tokens, 1.44 kgCO2e at 0.5
 * kg per 1M, 0.144 at 100 a tonne. `api` sends all 150 x 13 = 1,950 reference
 * hours (the seasonality's 13 months sum to 13): 2.808 t, 280.8 on top of its
 * 22,032; `burst` 750 hours (1.08 t, 108: 16,496 + 108 = 16,604), `two` 100
 * (0.144 t, 14.4: 17,152 + 14.4 = 17,166.4); the owned GPUs (8,000 each) emit
 * nothing (a grid of 0), so each overflow's total is the plan's less them. */
static void test_api_overflow(void)
{
    char *text = check_read_file(TCO_SOURCE_DIR "/tests/api/api-plan-limit.ini");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char *on =
        replace_all(text, "carbon_price = 100\n", "carbon_price = 100\ncarbon_in_total = yes\n");
    tco_scenario *s = NULL;
    tco_result *r = check_compute(on, "api-plan-limit.ini", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    const char *names[] = {"two", "burst", "api"};
    const double totals[] = {17166.4, 16604, 22312.8}, costs[] = {14.4, 108, 280.8};
    for (size_t i = 0; i < r->n_plans; i++)
        for (int k = 0; k < 3; k++)
            if (strcmp(r->plans[i].plan->name, names[k]) == 0) {
                CLOSE(r->plans[i].total, totals[k]);
                CLOSE(r->plans[i].carbon_cost, costs[k]);
                CLOSE(r->plans[i].overflow_total, totals[k] - (k == 0 ? 16000 : k == 1 ? 8000 : 0));
            }
    tco_result_free(r);
    tco_scenario_free(s);
    free(on);
    free(text);
}

int main(void)
{
    static const check_case cases[] = {
        {"a plan's carbon cost in its total, by hand", test_by_hand},
        {"its tax, budget and statements", test_tax_budget_statements},
        {"nothing moves without the flag", test_without_flag},
        {"the cheapest plan with the carbon cost", test_optimize_by_hand},
        {"the cheapest plan against brute force", test_optimize_brute_force},
        {"every plan of plans.ini with the flag", test_every_plan},
        {"every plan of plan-staged-leases.ini with the flag", test_every_staged_lease},
        {"an API overflow's carbon cost in the plan's total", test_api_overflow},
        {NULL, NULL},
    };
    return check_run("plancarbontotal", cases);
}
