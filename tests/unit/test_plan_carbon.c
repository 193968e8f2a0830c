/* test_plan_carbon.c - a plan's emissions (docs/MODEL.md, A plan's
 * emissions): MODEL.md's plan example with carbon keys and a refresh to
 * another site, worked by hand in the comments; no figures without carbon. */
#include "check.h"

#include <math.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's plan example (test_plan.c): H = 3, T = 100, PUE 1.5; gb bought
 * (2 GPUs of 1,000 W, idle 0.2, load 1, no server power), rv reserved, od on
 * demand with throughput 20 (k = 2); D = 100, 300, 500. With carbon: [site]
 * at 0.5 kgCO2e per kWh, gb 100 kg a GPU and 500 a server, rv 0.2 and od 0.4
 * kg a GPU-hour, a carbon price of 100. */
#define EXAMPLE(PRICE, SITE, GB, RV, OD)                                                           \
    "[scenario]\nname = plan carbon\nhorizon_months = 3\nhours_per_month = 100\n" PRICE            \
    "[site]\nelectricity_price = 0.1\npue = 1.5\n" SITE                                            \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"                      \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n" GB                     \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n" RV      \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n" OD         \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan own-only]\nown = gb\nown_count = 2\n"                                                   \
    "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n"

#define CARBON_KEYS                                                                                \
    EXAMPLE("carbon_price = 100\n", "grid_kgco2e_per_kwh = 0.5\n",                                 \
            "embodied_kgco2e = 100\nserver_embodied_kgco2e = 500\n",                               \
            "kgco2e_per_gpu_hour = 0.2\n", "kgco2e_per_gpu_hour = 0.4\n")

/* mix: owned u = 0.5, 1, 1, it_kw = 2 * (0.2 + 0.8u) = 1.2, 2, 2; kWh = it_kw
 * * 100 * 1.5 = 180, 300, 300 (780), x 0.5 / 1000 = 0.09, 0.15, 0.15 t (0.39);
 * embodied (2 * 100 + 1 * 500) / 1000 = 0.7 t at month 0; rv's 1 * 100 hours
 * a month x 0.2 kg = 0.02 t a month (0.06); od's 100 hours in month 3 x 0.4 kg
 * = 0.04 t. tCO2e 0.7, 0.11, 0.17, 0.21: 1.19, x 100 = 119. own-only: the same
 * owned hours, no rented part: 0.39 + 0.7 = 1.09. */
static void test_plan_carbon_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(CARBON_KEYS, "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
    const tco_plan_result *own = &r->plans[0], *mix = &r->plans[1];
    CLOSE(mix->electricity_kwh, 780);
    CLOSE(mix->scope2_location_tco2e, 0.39);
    CU_ASSERT(isnan(mix->scope2_market_tco2e)); /* no market intensity at [site] */
    CLOSE(mix->scope3_capital_tco2e, 0.7);
    CLOSE(mix->scope3_purchased_tco2e, 0.1);
    CLOSE(mix->tco2e, 1.19);
    CLOSE(mix->carbon_cost, 119);
    CU_ASSERT_PTR_NOT_NULL_FATAL(mix->carbon);
    static const double kwh[] = {0, 180, 300, 300}, t[] = {0.7, 0.11, 0.17, 0.21},
                        pur[] = {0, 0.02, 0.02, 0.06};
    for (int m = 0; m <= 3; m++) {
        CLOSE(mix->carbon[m].kwh, kwh[m]);
        CLOSE(mix->carbon[m].scope3_purchased, pur[m]);
        CLOSE(mix->carbon[m].tco2e, t[m]);
    }
    CLOSE(mix->carbon[0].scope2_location, 0);
    CLOSE(mix->carbon[0].carbon_cost, 70);
    CLOSE(own->electricity_kwh, 780);
    CLOSE(own->scope3_purchased_tco2e, 0);
    CLOSE(own->tco2e, 1.09);
    /* The totals are not moved by carbon. */
    CLOSE(mix->total, 2078 + 600 + 300);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A refresh to gn at [site green] (PUE 1.2, grid 0.3, market 0.1, 50 kg a
 * GPU) at month 2, od's overflow at 0.4 kg. gb: u = 0.5, 1 in months 1, 2:
 * 180 + 300 = 480 kWh x 0.5 = 0.24 t; gn (k = 2) serves 400 of month 3's
 * 500 in 200 of its hours, u = 1: it_kw 2, 2 * 100 * 1.2 = 240 kWh, location
 * 0.072 t, market 0.024 t, which the sum takes; the market-based total is
 * null ([site] has none). Embodied 0.7 t at month 0 and 2 * 50 / 1000 = 0.1 t
 * at month 2; od (300 - 200) / 2 = 50 hours in months 2 and 3, 0.04 t.
 * tCO2e 0.24 + 0.024 + 0.8 + 0.04 = 1.104. */
static void test_refresh_carbon_by_hand(void)
{
    static const char *const text =
        "[scenario]\nname = refresh carbon\nhorizon_months = 3\nhours_per_month = 100\n"
        "carbon_price = 100\n"
        "[site]\nelectricity_price = 0.1\npue = 1.5\ngrid_kgco2e_per_kwh = 0.5\n"
        "[site green]\nelectricity_price = 0.1\npue = 1.2\ngrid_kgco2e_per_kwh = 0.3\n"
        "market_kgco2e_per_kwh = 0.1\n"
        "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
        "resale_fraction = 0.5\nembodied_kgco2e = 100\nserver_embodied_kgco2e = 500\n"
        "[option gn]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 20\nsite = green\n"
        "embodied_kgco2e = 50\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
        "kgco2e_per_gpu_hour = 0.4\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan r]\nown = gb\nown_count = 2\nrefresh_to = gn\nrefresh_month = 2\n"
        "overflow = od\n";
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    CLOSE(p->electricity_kwh, 720);
    CLOSE(p->scope2_location_tco2e, 0.312);
    CU_ASSERT(isnan(p->scope2_market_tco2e));
    CLOSE(p->scope3_capital_tco2e, 0.8);
    CLOSE(p->scope3_purchased_tco2e, 0.04);
    CLOSE(p->tco2e, 1.104);
    CLOSE(p->carbon_cost, 110.4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p->carbon);
    CLOSE(p->carbon[2].scope3_capital, 0.1);
    CLOSE(p->carbon[2].tco2e, 0.15 + 0.1 + 0.02);
    CLOSE(p->carbon[3].kwh, 240);
    CLOSE(p->carbon[3].scope2_location, 0.072);
    CLOSE(p->carbon[3].tco2e, 0.024 + 0.02);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The intensities (MODEL.md, A plan's emissions), on the example above with
 * a [workload] of inference at 500 tokens a request: a reference GPU-hour
 * (gb: throughput 10, scaling efficiency 1) serves 10 * 500 * 3600 = 18e6
 * tokens. mix serves all 100 + 300 + 500 = 900 reference hours, 16,200
 * million tokens: 1.19 / 16,200 = 7.3457e-5 tCO2e per 1M tokens, of which
 * the embodied 0.7 / 16,200 = 4.3210e-5; own-only serves 900 - 400 = 500
 * hours, 9,000 million tokens: 1.09 / 9,000 = 1.2111e-4 (0.7 / 9,000 =
 * 7.7778e-5 embodied). No run without a training workload. */
static void test_plan_intensity_tokens(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        CARBON_KEYS "[workload]\nmode = inference\ntokens_per_request = 500\n", "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *own = &r->plans[0], *mix = &r->plans[1];
    CLOSE(mix->tco2e_per_million_tokens, 1.19 / 16200);
    CLOSE(mix->embodied_tco2e_per_million_tokens, 0.7 / 16200);
    CLOSE(own->tco2e_per_million_tokens, 1.09 / 9000);
    CLOSE(own->embodied_tco2e_per_million_tokens, 0.7 / 9000);
    CU_ASSERT(isnan(mix->tco2e_per_run));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Per training run: a model of 1e9 parameters trained on 3e9 tokens needs 6 *
 * 1e9 * 3e9 = 1.8e19 FLOP; gb at 100 TFLOPS and mfu 0.5 does 5e13 a second, so
 * a run takes 1.8e19 / 5e13 / 3600 = 100 reference GPU-hours. mix: 1.19 t over
 * 900 hours served, 100 * 1.19 / 900 = 0.13222 t a run; own-only 100 * 1.09 /
 * 500 = 0.218. No tokens without tokens_per_request. The option gb: 2 GPUs
 * at 2 kW x 100 hours x 1.5 = 300 kWh a month, 900 x 0.5 / 1000 = 0.45 t and
 * its 0.7 t embodied, 1.15 t in 600 GPU-hours: 100 * 1.15 / 600 = 0.19167 t a
 * run; od gives no TFLOPS: null. */
#define RUN_KEYS                                                                                   \
    EXAMPLE("carbon_price = 100\n", "grid_kgco2e_per_kwh = 0.5\n",                                 \
            "embodied_kgco2e = 100\nserver_embodied_kgco2e = 500\nfp16_tflops = 100\n",            \
            "kgco2e_per_gpu_hour = 0.2\n", "kgco2e_per_gpu_hour = 0.4\n")
#define TRAINING "[workload]\nmode = training\nmodel_params = 1e9\ntokens = 3e9\nmfu = 0.5\n"

static void test_plan_intensity_run(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(RUN_KEYS TRAINING, "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *own = &r->plans[0], *mix = &r->plans[1];
    CLOSE(r->options[0].sizing.run_gpu_hours, 100);
    CLOSE(mix->tco2e_per_run, 100 * 1.19 / 900);
    CLOSE(own->tco2e_per_run, 100 * 1.09 / 500);
    CLOSE(r->options[0].tco2e, 1.15);
    CLOSE(r->options[0].tco2e_per_run, 100 * 1.15 / 600);
    CU_ASSERT(isnan(r->options[2].tco2e_per_run));
    CU_ASSERT(isnan(mix->tco2e_per_million_tokens));
    CU_ASSERT(isnan(mix->embodied_tco2e_per_million_tokens));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The report of scenario `text` as CSV then Markdown, in a string to free. */
static char *report_text(const char *text)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, "t.ini", &s);
    if (!r)
        return NULL;
    char *out = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&out, &size);
    CU_ASSERT_FATAL(mem != NULL);
    CU_ASSERT_EQUAL(tco_report_write_csv_stream(r, mem, 0), TCO_OK);
    CU_ASSERT_EQUAL(tco_report_write_md_stream(r, mem), TCO_OK);
    fclose(mem);
    tco_result_free(r);
    tco_scenario_free(s);
    return out;
}

/* The plans' CSV and Markdown (MODEL.md, A plan's emissions) of the tokens
 * example: after the rank, electricity_kwh .. carbon_cost. mix: 780 kWh,
 * scope 2 0.39 (market-based empty: [site] gives none), scope 3 0.1 and 0.7,
 * 1.19 t, 1.19 / 16,200 per 1M tokens, no run (empty), 0.7 / 16,200
 * embodied, 119 of carbon cost. The Markdown: tonnes with 3 decimals, the
 * intensities with 6 (7.3457e-5: 0.000073), a figure unknown a dash. */
static void test_plan_carbon_reports(void)
{
    char *out = report_text(CARBON_KEYS "[workload]\nmode = inference\ntokens_per_request = 500\n");
    if (!out)
        return;
    CU_ASSERT_PTR_NOT_NULL(strstr(out, ",overflow_hours,rank,electricity_kwh,scope2_location_tco2e,"
                                       "scope2_market_tco2e,scope3_purchased_tco2e,"
                                       "scope3_capital_tco2e,tco2e,tco2e_per_million_tokens,"
                                       "tco2e_per_run,embodied_tco2e_per_million_tokens,"
                                       "carbon_cost\r\n"));
    const char *mix = strstr(out, "\r\nmix,gb,2,rv,1,od,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mix);
    /* Its fields after the rank: the name and 24 figures (no after-tax ones
     * without [tax]) before them. */
    const char *p = mix + 2;
    for (int k = 0; k < 25 && p; k++)
        p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    static const double want[] = {780,  0.39,         NAN, 0.1,         0.7,
                                  1.19, 1.19 / 16200, NAN, 0.7 / 16200, 119};
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        char *end;
        double x = strtod(p, &end);
        if (isnan(want[k])) {
            CU_ASSERT(end == p && *p == ',');
        } else {
            CLOSE(x, want[k]);
        }
        p = strpbrk(p, ",\r");
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        p++;
    }
    CU_ASSERT_EQUAL(p[-1], '\r');
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " | Rank (1 = best) | Electricity of owned GPUs (kWh) | "
                                       "Scope 2, location-based (tCO2e) |"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "| Carbon cost (not in the total) (USD) |\n"));
    /* Each plan's row: its parts and total, its NPV (discounted at the default
     * rate), then its unserved hours, rank and carbon figures. */
    const char *m = strstr(out, "| mix | gb | 2 | rv | 1 | od | yes | 2,978.00 | ");
    const char *o = strstr(out, "| own-only | gb | 2 | \xE2\x80\x93 | 0 | \xE2\x80\x93 | no | "
                                "2,078.00 | ");
    CU_ASSERT_FATAL(m != NULL && o != NULL);
    m = strchr(m + 1, '\n');
    o = strchr(o + 1, '\n');
    static const char mt[] = " | 0 | 1 | 780 | 0.390 | \xE2\x80\x93 | 0.100 | 0.700 | 1.190 | "
                             "0.000073 | \xE2\x80\x93 | 0.000043 | 119.00 |",
                      ot[] = " | 400 | 2 | 780 | 0.390 | \xE2\x80\x93 | 0.000 | 0.700 | 1.090 | "
                             "0.000121 | \xE2\x80\x93 | 0.000078 | 109.00 |";
    CU_ASSERT(m && strncmp(m - (sizeof mt - 1), mt, sizeof mt - 1) == 0);
    CU_ASSERT(o && strncmp(o - (sizeof ot - 1), ot, sizeof ot - 1) == 0);
    free(out);
}

/* Without carbon figures the plans' records end at the rank, as before; with
 * carbon figures but no price, at the embodied intensity (no carbon cost). */
static void test_plan_carbon_reports_absent(void)
{
    char *out = report_text(EXAMPLE("", "", "", "", ""));
    if (out) {
        CU_ASSERT_PTR_NOT_NULL(strstr(out, ",overflow_hours,rank\r\n"));
        CU_ASSERT_PTR_NULL(strstr(out, "tco2e"));
        CU_ASSERT_PTR_NULL(strstr(out, "tCO2e"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "| Rank (1 = best) |\n"));
        free(out);
    }
    out = report_text(EXAMPLE("", "grid_kgco2e_per_kwh = 0.5\n", "", "", ""));
    if (out) {
        CU_ASSERT_PTR_NOT_NULL(strstr(out, ",embodied_tco2e_per_million_tokens\r\n"));
        CU_ASSERT_PTR_NULL(strstr(out, "carbon_cost"));
        CU_ASSERT_PTR_NULL(strstr(out, "Carbon cost"));
        free(out);
    }
}

/* tco compare shows the plans' carbon figures when either side has carbon
 * figures: mix's tCO2e 1.19 in B, null in A (no carbon keys); without them
 * on either side, the figures up to the rank. */
static void test_plan_carbon_compare(void)
{
    tco_scenario *sa = NULL, *sb = NULL;
    tco_result *ra = check_compute(EXAMPLE("", "", "", "", ""), "a.ini", &sa);
    tco_result *rb = check_compute(CARBON_KEYS, "b.ini", &sb);
    tco_comparison *c = NULL, *d = NULL;
    if (ra && rb && tco_compare(ra, rb, &c) == TCO_OK && tco_compare(ra, ra, &d) == TCO_OK) {
        size_t n = 0;
        tco_plan_figure_name(0, &n);
        CU_ASSERT_EQUAL(c->n_plan_figures, n);
        CU_ASSERT_EQUAL(d->n_plan_figures, 26);
        CU_ASSERT_STRING_EQUAL(c->plans[1].id, "mix");
        const tco_figure_diff *f = tco_option_diff_figure(&c->plans[1], "tco2e");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT(isnan(f->a));
        CLOSE(f->b, 1.19);
        f = tco_option_diff_figure(&c->plans[1], "carbon_cost");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CLOSE(f->b, 119);
        CU_ASSERT_PTR_NULL(tco_option_diff_figure(&d->plans[1], "tco2e"));
    } else
        CU_FAIL("compare");
    tco_comparison_free(c);
    tco_comparison_free(d);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(sa);
    tco_scenario_free(sb);
}

/* An API as the overflow (tests/carbon/carbon-plan-api.ini; MODEL.md, An API
 * as a plan's overflow): H = 13, T = 100, a reference GPU-hour of gb serves
 * 0.5 * 0.8 * 2,000 * 3,600 = 2,880,000 tokens; hosted at 0.5 kgCO2e per 1M
 * tokens, [site] at 0.4 kgCO2e per kWh, PUE 1.5. api: 150 reference hours a
 * month, 432 million tokens, 0.216 t; 2.808 t over 13 months, 0.0005 t per
 * 1M tokens (the API's own figure), 280.8 at 100. burst: gb serves 100 hours
 * at u = 1, 0.9 kW (1,000 W at the default load fraction 0.9) x 100 x 1.5 =
 * 135 kWh a month, 1,755 in all, 0.702 t; the API 50 hours, 144 million
 * tokens, 0.072 t a month, 0.936 t; 1.638 t over 5,616 million tokens served:
 * 2.9167e-4 per 1M. */
static void test_api_overflow_carbon(void)
{
    char *text = check_read_file(TCO_SOURCE_DIR "/tests/carbon/carbon-plan-api.ini");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, "carbon-plan-api.ini", &s);
    free(text);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
    const tco_plan_result *burst = &r->plans[0], *api = &r->plans[1];
    CLOSE(api->scope3_purchased_tco2e, 2.808);
    CLOSE(api->carbon[1].scope3_purchased, 0.216);
    CLOSE(api->tco2e, 2.808);
    CLOSE(api->carbon_cost, 280.8);
    CLOSE(api->tco2e_per_million_tokens, 0.0005);
    CLOSE(burst->electricity_kwh, 1755);
    CLOSE(burst->scope2_location_tco2e, 0.702);
    CLOSE(burst->scope3_purchased_tco2e, 0.936);
    CLOSE(burst->tco2e, 1.638);
    CLOSE(burst->tco2e_per_million_tokens, 1.638 / 5616);
    CLOSE(burst->embodied_tco2e_per_million_tokens, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Without a carbon key: no plan figure, no months. */
static void test_no_carbon(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE("", "", "", "", ""), "t.ini", &s);
    if (!r)
        return;
    for (size_t i = 0; i < r->n_plans; i++) {
        CU_ASSERT_PTR_NULL(r->plans[i].carbon);
        CU_ASSERT(isnan(r->plans[i].tco2e));
        CU_ASSERT(isnan(r->plans[i].carbon_cost));
        CU_ASSERT(isnan(r->plans[i].tco2e_per_million_tokens));
    }
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"a plan's carbon by hand", test_plan_carbon_by_hand},
        {"a refreshed plan's carbon at two sites by hand", test_refresh_carbon_by_hand},
        {"no plan carbon without carbon keys", test_no_carbon},
        {"a plan's tCO2e per 1M tokens by hand", test_plan_intensity_tokens},
        {"a plan's tCO2e per training run by hand", test_plan_intensity_run},
        {"plans' carbon in the CSV and Markdown", test_plan_carbon_reports},
        {"no plans' carbon columns without carbon figures", test_plan_carbon_reports_absent},
        {"plans' carbon in a comparison", test_plan_carbon_compare},
        {"an API overflow's intensities by hand", test_api_overflow_carbon},
        {NULL, NULL},
    };
    return check_run("plan_carbon", cases);
}
