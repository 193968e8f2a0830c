/* test_plan_api.c - an API as a plan's overflow (docs/MODEL.md, "An API as a
 * plan's overflow"): MODEL.md's example worked by hand, the optimizer over
 * it, and the errors of an API as another part. Every expected value is
 * derived in the comments. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: H = 13, T = 100, no discounting, no power; gb bought,
 * 1 GPU at 8,000, throughput 0.5 requests/s at scaling_efficiency 0.8 (the
 * reference); a request is 1,500 input and 500 output tokens; hosted at 2.50
 * / 10 / 1.25 per million input / output / cached tokens, 40% cached, its
 * prices 25% lower a year. Demand 150 reference GPU-hours a month. Lines:
 * [scenario] 1-5, [site] 6-7, [workload] 8-12, [option gb] 13-19,
 * [option hosted] 20-26, [demand] 27-29, then EXTRA from line 30. */
#define EXAMPLE(REF, EXTRA)                                                                        \
    "[scenario]\nname = api overflow\nhorizon_months = 13\nhours_per_month = 100\n"                \
    "discount_rate = 0\n[site]\nelectricity_price = 0\n"                                           \
    "[workload]\nmode = inference\nrequests_per_s = 1\ninput_tokens_per_request = 1500\n"          \
    "output_tokens_per_request = 500\n"                                                            \
    "[option gb]\nacquire = buy\ncount = 1\ngpu_price = 8000\ntdp_w = 1000\n" REF                  \
    "[option hosted]\nacquire = api\nprice_per_million_input_tokens = 2.50\n"                      \
    "price_per_million_output_tokens = 10\nprice_per_million_cached_tokens = 1.25\n"               \
    "cached_fraction = 0.4\nprice_decline = 0.25\n"                                                \
    "[demand]\nreference = gb\ngpu_hours_per_month = 150\n" EXTRA

#define THROUGHPUT "throughput = 0.5\nscaling_efficiency = 0.8\n"

#define PLANS                                                                                      \
    "[plan burst]\nown = gb\nown_count = 1\noverflow = hosted\n"                                   \
    "[plan api]\noverflow = hosted\n"

static void test_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE(THROUGHPUT, PLANS), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
    const tco_plan_result *burst = &r->plans[0], *api = &r->plans[1];
    /* g = 0.5 * 0.8 * 2,000 * 3,600 = 2,880,000 tokens a reference GPU-hour;
     * a token: (1,500 * (0.6 * 2.50 + 0.4 * 1.25) + 500 * 10) / 2,000 = 4.00
     * per million; a reference GPU-hour 2.88 * 4.00 = 11.52 in year 1,
     * 11.52 * 0.75 = 8.64 in month 13. */
    for (int m = 0; m < 13; m++) {
        const double price = m < 12 ? 11.52 : 8.64;
        const tco_plan_month *pb = &burst->monthly[m], *pa = &api->monthly[m];
        CLOSE(pb->overflow_price, price);
        CLOSE(pa->overflow_price, price);
        /* burst: the GPU serves 100, the API 50 (k = 1, A = 1). */
        CLOSE(pb->own_hours, 100);
        CLOSE(pb->overflow_hours, 50);
        CLOSE(pb->overflow_served, 50);
        CLOSE(pb->overflow_cost, 50 * price); /* 576, then 432 */
        CLOSE(pb->overflow_tokens, 144e6);    /* 50 * 2,880,000 */
        CLOSE(pb->unserved, 0);
        CLOSE(pa->overflow_hours, 150);
        CLOSE(pa->overflow_cost, 150 * price); /* 1,728, then 1,296 */
    }
    /* 50 hours = 144e6 tokens = 144 million at 4.00 = 576: the same. */
    CLOSE(burst->overflow_total, 7344); /* 12 * 576 + 432 */
    CLOSE(burst->total, 15344);         /* 8,000 + 7,344 */
    CLOSE(burst->npv, 15344);
    CLOSE(burst->overflow_hours, 650);
    CLOSE(burst->overflow_tokens, 1.872e9); /* 13 * 144e6 */
    CLOSE(api->overflow_total, 22032);      /* 12 * 1,728 + 1,296 */
    CLOSE(api->total, 22032);
    /* Both serve the demand: ranked by total, burst first. */
    CU_ASSERT_EQUAL(r->plan_rank[0], 0);
    CU_ASSERT_EQUAL(r->plan_rank[1], 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_tax(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE(THROUGHPUT, "[plan api]\noverflow = hosted\n"
                                                      "[tax]\nrate = 0.25\n"),
                                  "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *api = &r->plans[0];
    /* Deducted as paid: -0.25 * 1,728 = -432, then -0.25 * 1,296 = -324. */
    for (int m = 0; m < 13; m++) {
        CLOSE(api->monthly[m].overflow_tax, m < 12 ? -432 : -324);
        CLOSE(api->monthly[m].tax, m < 12 ? -432 : -324);
    }
    CLOSE(api->after_tax_total, 16524); /* 0.75 * 22,032 */
    CLOSE(api->after_tax_npv, 16524);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_optimize(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE(THROUGHPUT, "[plan burst]\nown = gb\noverflow = hosted\n"
                                                      "[optimize]\nown_min = 0\nown_max = 2\n"
                                                      "own_step = 1\n"),
                                  "t.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->evaluated, 3);
    CU_ASSERT_EQUAL(o->feasible, 3); /* the API serves the rest */
    CU_ASSERT_FATAL(o->found);
    /* n = 0: 22,032; n = 1: 15,344; n = 2: 16,000 (200 hours >= 150: no
     * API). */
    CU_ASSERT_EQUAL(o->best.own_count, 1);
    CLOSE(o->best.total, 15344);
    CU_ASSERT_EQUAL_FATAL(o->n_runners, 2);
    CU_ASSERT_EQUAL(o->runners[0].own_count, 2);
    CLOSE(o->runners[0].total, 16000);
    CU_ASSERT_EQUAL(o->runners[1].own_count, 0);
    CLOSE(o->runners[1].total, 22032);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The example's text with its demand of 150 GPU-hours replaced by `demand`,
 * in buf. */
static const char *with_demand(char *buf, size_t size, const char *text, const char *demand)
{
    const char *at = strstr(text, "gpu_hours_per_month = 150\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    snprintf(buf, size, "%.*s%s%s", (int)(at - text), text, demand,
             at + strlen("gpu_hours_per_month = 150\n"));
    return buf;
}

static void test_demand_tokens(void)
{
    static char text[4096];
    tco_scenario *s = NULL;
    tco_result *r = check_compute(with_demand(text, sizeof text, EXAMPLE(THROUGHPUT, PLANS),
                                              "tokens_per_month = 288000000\n"),
                                  "t.ini", &s);
    if (!r)
        return;
    /* 288e6 tokens / 2,880,000 tokens a reference GPU-hour = 100 GPU-hours a
     * month: burst's GPU serves them all (no overflow: 8,000), api buys 100
     * hours at 11.52, then 8.64: 12 * 1,152 + 864 = 14,688. */
    const tco_plan_result *burst = &r->plans[0], *api = &r->plans[1];
    for (int m = 0; m < 13; m++) {
        CLOSE(burst->monthly[m].demand, 100);
        CLOSE(burst->monthly[m].own_hours, 100);
        CLOSE(burst->monthly[m].overflow_hours, 0);
        CLOSE(api->monthly[m].overflow_cost, m < 12 ? 1152 : 864);
    }
    CLOSE(burst->total, 8000);
    CLOSE(api->total, 14688);
    CLOSE(api->demand, 1300);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A load that fails with exactly `want` among its messages. */
static void load_fails(const char *text, const char *want)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string(text, "t.ini", &s, d);
    CU_ASSERT_NOT_EQUAL(st, TCO_OK);
    const char *got = check_diags_text(d);
    if (!strstr(got, want))
        fprintf(stderr, "\nwanted: %s\ngot: %s\n", want, got);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, want));
    tco_scenario_free(s);
    tco_diags_free(d);
}

static void test_errors(void)
{
    /* With THROUGHPUT, [plan x] is line 30 and its part line 31. */
    load_fails(EXAMPLE(THROUGHPUT, "[plan x]\nown = hosted\n"),
               "t.ini:31: error: own 'hosted' is an api option; an API has no GPUs to own: it "
               "can only be a plan's overflow");
    load_fails(EXAMPLE(THROUGHPUT, "[plan x]\nreserve = hosted\n"),
               "t.ini:31: error: reserve 'hosted' is an api option; an API has no GPUs to "
               "reserve: it can only be a plan's overflow");
    /* Without the reference's two keys, [plan x] is line 28, its part 29. */
    load_fails(EXAMPLE("", "[plan x]\noverflow = hosted\n"),
               "t.ini:29: error: overflow 'hosted' is an api option: the demand's reference 'gb' "
               "needs a 'throughput' (requests/s per GPU) to turn its GPU-hours into tokens");
    /* Demand in tokens with GPU-hours (line 29 holds tokens_per_month, 30 the
     * hours), or without the reference's throughput (line 27). */
    static char text[4096];
    load_fails(with_demand(text, sizeof text, EXAMPLE(THROUGHPUT, ""),
                           "tokens_per_month = 1e9\ngpu_hours_per_month = 1\n"),
               "t.ini:29: error: 'tokens_per_month' with 'gpu_hours_per_month': give month 1's "
               "demand in tokens or in GPU-hours, not both");
    load_fails(with_demand(text, sizeof text, EXAMPLE("", ""), "tokens_per_month = 1e9\n"),
               "t.ini:27: error: 'tokens_per_month' needs a 'throughput' (requests/s per GPU) of "
               "the reference 'gb' and [workload] 'tokens_per_request' to turn tokens into its "
               "GPU-hours");
    /* A case that takes the reference's throughput away: at its key, line 33. */
    load_fails(EXAMPLE(THROUGHPUT, "[plan x]\noverflow = hosted\n[case slow]\ngb.throughput = 0\n"),
               "t.ini:33: error: case 'slow': the overflow 'hosted' of plan 'x' is an api option: "
               "the demand's reference 'gb' needs a 'throughput' (requests/s per GPU) and a "
               "'scaling_efficiency' above 0 to turn its GPU-hours into tokens");
}

/* ===== The API's rate limit (MODEL.md, An API as a plan's overflow) ===== */

/* text with the first `from` replaced by `to`, in buf. */
static const char *replace(char *buf, size_t size, const char *text, const char *from,
                           const char *to)
{
    const char *at = strstr(text, from);
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    snprintf(buf, size, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return buf;
}

/* The example with month 3's demand doubled and month 9's none (seasonality
 * 2 in March, 0 in September: 150, 150, 300, 150, ..., 0 in month 9, ...
 * reference GPU-hours; month 13 is a January, 150), the API's rate limit
 * `limit` (its key line, or "") and EXTRA. */
static const char *rate_example(char *buf, size_t size, const char *limit, const char *extra)
{
    char a[4096], b[4096];
    snprintf(a, sizeof a, "%s", EXAMPLE(THROUGHPUT, "%s"));
    char *mark = strstr(a, "%s");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mark);
    snprintf(mark, sizeof a - (size_t)(mark - a), "%s", extra);
    replace(b, sizeof b, a, "gpu_hours_per_month = 150\n",
            "gpu_hours_per_month = 150\nseasonality = 1, 1, 2, 1, 1, 1, 1, 1, 0, 1, 1, 1\n");
    char line[128];
    snprintf(line, sizeof line, "price_decline = 0.25\n%s", limit);
    return replace(buf, size, b, "price_decline = 0.25\n", line);
}

#define LIMIT "max_tokens_per_minute = 50000\n"

static void test_rate_limit(void)
{
    static char text[4096];
    tco_scenario *s = NULL;
    tco_result *r = check_compute(rate_example(text, sizeof text, LIMIT,
                                               PLANS "[plan two]\nown = gb\nown_count = 2\n"
                                                     "overflow = hosted\n"),
                                  "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 3);
    const tco_plan_result *burst = &r->plans[0], *api = &r->plans[1], *two = &r->plans[2];
    /* A month of T = 100 hours is 6,000 minutes; a reference GPU-hour is
     * 2,880,000 tokens: an overflow hour a month is 2,880,000 / 6,000 = 480
     * tokens a minute. burst sends 50 hours (24,000 a minute), 200 in month
     * 3 (96,000 > 50,000); api 150 (72,000 > 50,000 from month 1), 300 in
     * month 3; two 0, then 100 in month 3 (48,000 <= 50,000). */
    for (int m = 0; m < 13; m++) {
        const int none = m == 8; /* September: no demand */
        CLOSE(burst->monthly[m].overflow_tokens_per_minute, none ? 0 : m == 2 ? 96000 : 24000);
        CLOSE(api->monthly[m].overflow_tokens_per_minute, none ? 0 : m == 2 ? 144000 : 72000);
        CLOSE(two->monthly[m].overflow_tokens_per_minute, m == 2 ? 48000 : 0);
        /* tokens a minute = the month's tokens / (T * 60) */
        CLOSE(burst->monthly[m].overflow_tokens / 6000,
              burst->monthly[m].overflow_tokens_per_minute);
    }
    CLOSE(burst->rate_limit_tpm, 50000);
    CU_ASSERT_EQUAL(burst->over_rate_month, 3);
    CLOSE(burst->over_rate_tpm, 96000);
    CU_ASSERT_EQUAL(api->over_rate_month, 1);
    CLOSE(api->over_rate_tpm, 72000);
    CU_ASSERT_EQUAL(two->over_rate_month, 0);
    CU_ASSERT_FALSE(tco_plan_feasible(burst));
    CU_ASSERT_FALSE(tco_plan_feasible(api));
    CU_ASSERT_TRUE(tco_plan_feasible(two));
    char why[192];
    CU_ASSERT_STRING_EQUAL(tco_plan_rate_text(burst, why, sizeof why),
                           "over the API's rate limit: needs 96,000 tokens a minute in month 3, "
                           "the API allows 50,000");
    CU_ASSERT_STRING_EQUAL(tco_plan_rate_text(api, why, sizeof why),
                           "over the API's rate limit: needs 72,000 tokens a minute in month 1, "
                           "the API allows 50,000");
    CU_ASSERT_PTR_NULL(tco_plan_rate_text(two, why, sizeof why));
    /* Totals: burst 8,000 + (10 * 50 + 200) * 11.52 + 50 * 8.64 = 8,000 +
     * 8,064 + 432 = 16,496; api (10 * 150 + 300) * 11.52 + 150 * 8.64 =
     * 20,736 + 1,296 = 22,032; two 16,000 + 100 * 11.52 = 17,152. */
    CLOSE(burst->total, 16496);
    CLOSE(api->total, 22032);
    CLOSE(two->total, 17152);
    /* two alone is feasible: first, though burst costs less; then burst,
     * api by total. */
    CU_ASSERT_EQUAL(r->plan_rank[0], 2);
    CU_ASSERT_EQUAL(r->plan_rank[1], 0);
    CU_ASSERT_EQUAL(r->plan_rank[2], 1);
    tco_result_free(r);
    tco_scenario_free(s);
    /* Without a limit, every month fits: no limit, no month over. */
    r = check_compute(rate_example(text, sizeof text, "", PLANS), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT(isnan(r->plans[0].rate_limit_tpm));
    CU_ASSERT_EQUAL(r->plans[0].over_rate_month, 0);
    CU_ASSERT_TRUE(tco_plan_feasible(&r->plans[1]));
    CLOSE(r->plans[1].monthly[2].overflow_tokens_per_minute, 144000);
    tco_result_free(r);
    tco_scenario_free(s);
    /* At exactly the peak: 96,000 <= 96,000 fits. */
    r = check_compute(rate_example(text, sizeof text, "max_tokens_per_minute = 96000\n", PLANS),
                      "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL(r->plans[0].over_rate_month, 0);
    CU_ASSERT_EQUAL(r->plans[1].over_rate_month, 3); /* 72,000 <= 96,000 < 144,000 */
    CLOSE(r->plans[1].over_rate_tpm, 144000);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The search over own_count 0..3 with the limit of 50,000 tokens a minute:
 * month 3's overflow is max(0, 300 - 100n) hours, 480 tokens a minute each:
 * n = 0 (144,000) and 1 (96,000) are over; n = 2 (48,000) and 3 (0) fit. */
static void test_rate_optimize(void)
{
    static char text[4096];
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute(rate_example(text, sizeof text, LIMIT,
                                   "[plan burst]\nown = gb\noverflow = hosted\n"
                                   "[optimize]\nown_min = 0\nown_max = 3\nown_step = 1\n"),
                      "t.ini", &s);
    if (!r)
        return;
    const tco_optimize_result *o = r->optimize;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->evaluated, 4);
    CU_ASSERT_EQUAL(o->over_rate_limit, 2);
    CU_ASSERT_EQUAL(o->over_power, 0);
    CU_ASSERT_EQUAL(o->feasible, 2);
    CU_ASSERT_FATAL(o->found);
    /* n = 2: 16,000 + 100 * 11.52 = 17,152; n = 3: 24,000 (no overflow).
     * Without the limit n = 1 would win at 16,496. */
    CU_ASSERT_EQUAL(o->best.own_count, 2);
    CLOSE(o->best.total, 17152);
    CU_ASSERT_EQUAL_FATAL(o->n_runners, 1);
    CU_ASSERT_EQUAL(o->runners[0].own_count, 3);
    CLOSE(o->runners[0].total, 24000);
    CU_ASSERT_EQUAL_FATAL(o->n_curve, 4);
    CU_ASSERT(isnan(o->curve[0].objective));
    CU_ASSERT(isnan(o->curve[1].objective));
    CLOSE(o->curve[2].objective, 17152);
    CLOSE(o->curve[3].objective, 24000);
    CU_ASSERT_EQUAL(o->best_plan.over_rate_month, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The optimum under each limit against every candidate computed as a plan of
 * its own (own_count written, no [optimize]), its fit worked out by hand:
 * month 3's overflow, max(0, 300 - 100n) hours at 480 tokens a minute each,
 * within the limit (none: always). */
static void test_rate_brute_force(void)
{
    static const double limits[] = {0, 20000, 48000, 50000, 95999, 96000, 144000};
    for (size_t k = 0; k < sizeof limits / sizeof *limits; k++) {
        char line[64] = "", text[4096];
        if (limits[k] > 0)
            snprintf(line, sizeof line, "max_tokens_per_minute = %.0f\n", limits[k]);
        tco_scenario *s = NULL;
        tco_result *r =
            check_compute(rate_example(text, sizeof text, line,
                                       "[plan burst]\nown = gb\noverflow = hosted\n"
                                       "[optimize]\nown_min = 0\nown_max = 3\nown_step = 1\n"),
                          "o.ini", &s);
        if (!r)
            return;
        const tco_optimize_result *o = r->optimize;
        CU_ASSERT_PTR_NOT_NULL_FATAL(o);
        double best = INFINITY;
        int best_own = -1;
        size_t fit = 0;
        for (int own = 0; own <= 3; own++) {
            char plan[128], one[4096];
            snprintf(plan, sizeof plan,
                     "[plan burst]\nown = gb\nown_count = %d\noverflow = hosted\n", own);
            tco_scenario *s1 = NULL;
            tco_result *r1 = check_compute(rate_example(one, sizeof one, line, plan), "b.ini", &s1);
            CU_ASSERT_PTR_NOT_NULL_FATAL(r1);
            const tco_plan_result *p = &r1->plans[0];
            const double peak = fmax(0, 300 - 100.0 * own) * 480;
            const int fits = !(limits[k] > 0) || peak <= limits[k];
            CU_ASSERT_EQUAL(tco_plan_feasible(p), fits);
            CU_ASSERT_EQUAL(p->over_rate_month == 0, fits);
            if (fits && p->total < best) {
                best = p->total;
                best_own = own;
            }
            fit += (size_t)fits;
            tco_result_free(r1);
            tco_scenario_free(s1);
        }
        CU_ASSERT_EQUAL(o->feasible, fit);
        CU_ASSERT_EQUAL(o->over_rate_limit, 4 - fit);
        CU_ASSERT_EQUAL(o->found, fit > 0);
        if (fit > 0) {
            CU_ASSERT_EQUAL(o->best.own_count, best_own);
            CLOSE(o->best.total, best);
        }
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

/* ===== The API overflow's emissions (MODEL.md, A plan's emissions) ===== */

static void test_carbon(void)
{
    static char text[4096];
    tco_scenario *s = NULL;
    /* kgco2e_per_million_tokens = 0.5 on hosted; [site] grid 0 (the owned
     * GPU's scope 2 is 0), carbon_price 100. */
    char a[4096], b[4096];
    replace(a, sizeof a, EXAMPLE(THROUGHPUT, PLANS), "price_decline = 0.25\n",
            "price_decline = 0.25\nkgco2e_per_million_tokens = 0.5\n");
    replace(b, sizeof b, a, "discount_rate = 0\n", "discount_rate = 0\ncarbon_price = 100\n");
    tco_result *r = check_compute(replace(text, sizeof text, b, "electricity_price = 0\n",
                                          "electricity_price = 0\ngrid_kgco2e_per_kwh = 0\n"),
                                  "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *burst = &r->plans[0], *api = &r->plans[1];
    CU_ASSERT_PTR_NOT_NULL_FATAL(burst->carbon);
    CU_ASSERT_PTR_NOT_NULL_FATAL(api->carbon);
    /* burst: 144 million tokens a month x 0.5 kg = 72 kg = 0.072 t; api: 432
     * million, 0.216 t; month 0 none. */
    CLOSE(burst->carbon[0].scope3_purchased, 0);
    CLOSE(api->carbon[0].tco2e, 0);
    for (int m = 1; m <= 13; m++) {
        CLOSE(burst->carbon[m].scope3_purchased, 0.072);
        CLOSE(api->carbon[m].scope3_purchased, 0.216);
        CLOSE(api->carbon[m].tco2e, 0.216);
        CLOSE(api->carbon[m].carbon_cost, 21.6);
    }
    CLOSE(burst->scope3_purchased_tco2e, 0.936); /* 13 x 0.072 */
    CLOSE(api->scope3_purchased_tco2e, 2.808);   /* 13 x 0.216 */
    CLOSE(api->tco2e, 2.808);
    CLOSE(api->carbon_cost, 280.8);
    CLOSE(api->electricity_kwh, 0);
    /* burst's owned GPU: scope 2 at 0 kg a kWh, no embodied emissions given. */
    CLOSE(burst->scope2_location_tco2e, 0);
    CLOSE(burst->scope3_capital_tco2e, 0);
    CLOSE(burst->tco2e, 0.936);
    tco_result_free(r);
    tco_scenario_free(s);
    /* Without the API's kgco2e_per_million_tokens: scope 3 category 1 and
     * the sum unknown. */
    r = check_compute(replace(text, sizeof text, EXAMPLE(THROUGHPUT, PLANS),
                              "electricity_price = 0\n",
                              "electricity_price = 0\ngrid_kgco2e_per_kwh = 0\n"),
                      "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->plans[1].carbon);
    CU_ASSERT(isnan(r->plans[1].scope3_purchased_tco2e));
    CU_ASSERT(isnan(r->plans[1].tco2e));
    CU_ASSERT(isnan(r->plans[1].carbon[1].scope3_purchased));
    CU_ASSERT(isnan(r->plans[0].tco2e));
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"an API overflow by hand", test_by_hand},
        {"an API overflow's tax", test_tax},
        {"the optimizer with an API overflow", test_optimize},
        {"demand in tokens", test_demand_tokens},
        {"an API as another part", test_errors},
        {"an API overflow over its rate limit", test_rate_limit},
        {"the optimizer under an API's rate limit", test_rate_optimize},
        {"the optimizer against every candidate under a rate limit", test_rate_brute_force},
        {"an API overflow's emissions", test_carbon},
        {NULL, NULL},
    };
    return check_run("plan_api", cases);
}
