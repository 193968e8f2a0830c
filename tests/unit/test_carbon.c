/* test_carbon.c - emissions by the GHG Protocol's scopes (docs/MODEL.md,
 * Carbon): the hand-worked example of tests/carbon/carbon.ini, location- and
 * market-based scope 2, a named site's own intensities against [site]'s, the
 * carbon price beside the total, and the errors at their lines. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

static tco_scenario *load(const char *text, tco_diags *d)
{
    tco_scenario *s = NULL;
    tco_scenario_load_string(text, "c.ini", &s, d);
    return s;
}

static tco_result *run(tco_scenario *s)
{
    tco_result *r = NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(tco_compute(s, &r), TCO_OK);
    return r;
}

static const tco_option_result *opt(const tco_result *r, const char *id)
{
    int i = tco_scenario_find(r->scenario, id);
    CU_ASSERT_FATAL(i >= 0);
    return &r->options[i];
}

/* MODEL.md's example, by hand. own: it_kw = (8 * 630 + 1000) / 1000 = 6.04;
 * 6.04 * 730 * 1.5 = 6,613.8 kWh a month, 79,365.6 over 12; x 0.4 / 1000 =
 * 31.74624 t; embodied (8 * 150 + 2,500) / 1000 = 3.7 t at month 0. green:
 * 6.04 * 730 * 1.2 = 5,291.04 kWh a month, 63,492.48 over 12; location-based
 * x 0.35 = 22.222368 t, market-based x 0.05 = 3.174624 t, which the sum takes.
 * cloud: 8 * 730 * 0.5 * 12 = 35,040 GPU-hours x 0.3 kg = 10.512 t. */
static void test_by_hand(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_file(TCO_SOURCE_DIR "/tests/carbon/carbon.ini", &s, d),
                    TCO_OK);
    tco_diags_free(d);
    tco_result *r = run(s);
    CU_ASSERT(tco_scenario_carbon(s));
    const tco_option_result *own = opt(r, "own"), *green = opt(r, "green"),
                            *cloud = opt(r, "cloud");
    CLOSE(own->electricity_kwh, 79365.6);
    CLOSE(own->scope2_location_tco2e, 31.74624);
    CU_ASSERT(isnan(own->scope2_market_tco2e)); /* no market intensity at [site] */
    CLOSE(own->scope3_purchased_tco2e, 0);
    CLOSE(own->scope3_capital_tco2e, 3.7);
    CLOSE(own->tco2e, 35.44624);
    CLOSE(own->carbon_cost, 2835.6992);
    CLOSE(green->electricity_kwh, 63492.48);
    CLOSE(green->scope2_location_tco2e, 22.222368);
    CLOSE(green->scope2_market_tco2e, 3.174624);
    CLOSE(green->tco2e, 6.874624);
    CLOSE(green->carbon_cost, 549.96992);
    CLOSE(cloud->scope2_location_tco2e, 0);
    CLOSE(cloud->scope3_purchased_tco2e, 10.512);
    CLOSE(cloud->scope3_capital_tco2e, 0);
    CLOSE(cloud->tco2e, 10.512);
    CLOSE(cloud->carbon_cost, 840.96);
    /* Per 1M tokens: a GPU-hour serves 10 * 500 * 3600 = 18M tokens. */
    CLOSE(cloud->tco2e_per_million_tokens, 0.3 / 1000 / 18);
    CLOSE(own->tco2e_per_million_tokens, 35.44624 / (70080 * 18.0));
    CLOSE(own->embodied_tco2e_per_million_tokens, 3.7 / 1261440);
    CLOSE(own->tco2e_per_unit, 35.44624 / (70080 * 36000.0)); /* units: requests */
    CU_ASSERT(isnan(own->tco2e_per_run));                     /* inference */
    /* The months: the embodied at month 0, the rest evenly after. */
    CU_ASSERT_PTR_NOT_NULL_FATAL(own->carbon);
    CLOSE(own->carbon[0].scope3_capital, 3.7);
    CLOSE(own->carbon[0].tco2e, 3.7);
    CLOSE(own->carbon[0].carbon_cost, 296);
    CLOSE(own->carbon[1].kwh, 6613.8);
    CLOSE(own->carbon[12].scope2_location, 2.64552);
    CLOSE(green->carbon[5].tco2e, 0.264552);
    CLOSE(cloud->carbon[0].tco2e, 0);
    CLOSE(cloud->carbon[12].scope3_purchased, 0.876);
    /* The totals are not moved: the carbon cost is beside them. */
    CLOSE(own->total, 247936.56);
    CLOSE(cloud->total, 87600);
    tco_result_free(r);
    tco_scenario_free(s);
}

#define BASE                                                                                       \
    "[scenario]\nname = c\nhorizon_months = 12\n"                                                  \
    "[site]\nelectricity_price = 0.1\npue = 1.5\n"
#define OWN                                                                                        \
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"                     \
    "server_power_w = 1000\n"

/* Without any carbon key no option has a carbon figure; a price changes no
 * total, no NPV and no ranking. */
static void test_price_beside_the_total(void)
{
    tco_scenario *a = load(BASE OWN "[option cloud]\nacquire = rent\ncount = 8\n"
                                    "price_per_gpu_hour = 2.5\n",
                           NULL);
    tco_scenario *b =
        load("[scenario]\nname = c\nhorizon_months = 12\ncarbon_price = 1000\n"
             "[site]\nelectricity_price = 0.1\npue = 1.5\ngrid_kgco2e_per_kwh = 0.9\n" OWN
             "embodied_kgco2e = 1000\n[option cloud]\nacquire = rent\ncount = 8\n"
             "price_per_gpu_hour = 2.5\nkgco2e_per_gpu_hour = 0.01\n",
             NULL);
    tco_result *ra = run(a), *rb = run(b);
    CU_ASSERT(!tco_scenario_carbon(a));
    CU_ASSERT(tco_scenario_carbon(b));
    CU_ASSERT_PTR_NULL(ra->options[0].carbon);
    for (size_t i = 0; i < 2; i++) {
        CU_ASSERT(isnan(ra->options[i].tco2e));
        CU_ASSERT(isnan(ra->options[i].carbon_cost));
        CU_ASSERT_EQUAL(ra->options[i].total, rb->options[i].total);
        CU_ASSERT_EQUAL(ra->options[i].npv, rb->options[i].npv);
        CU_ASSERT_EQUAL(ra->rank[i], rb->rank[i]);
    }
    /* own: 6.04 * 730 * 1.5 * 12 = 79,365.6 kWh x 0.9 = 71.42904 t, + 8 t
     * embodied = 79.42904 t, x 1,000 = 79,429.04; cloud: 8 * 730 * 12 = 70,080
     * GPU-hours x 0.01 kg = 0.7008 t, x 1,000 = 700.8. */
    CLOSE(rb->options[0].tco2e, 79.42904);
    CLOSE(rb->options[0].carbon_cost, 79429.04);
    CLOSE(rb->options[1].carbon_cost, 700.8);
    /* The cheaper to run is still first, though it emits far more. */
    CU_ASSERT_EQUAL(rb->rank[0], 1);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

/* A named site with an intensity of its own takes neither of [site]'s; one
 * with none takes both. A market-based intensity replaces the location-based
 * one in the sum, never in scope2_location_tco2e. */
static void test_sites_and_market(void)
{
    tco_scenario *s =
        load(BASE "grid_kgco2e_per_kwh = 0.4\nmarket_kgco2e_per_kwh = 0.1\n"
                  "[site same]\nelectricity_price = 0.2\n"
                  "[site other]\nelectricity_price = 0.2\ngrid_kgco2e_per_kwh = 0.2\n" OWN
                  "[option at-same]\nbase = own\nsite = same\n"
                  "[option at-other]\nbase = own\nsite = other\n",
             NULL);
    tco_result *r = run(s);
    const tco_option_result *own = opt(r, "own"), *same = opt(r, "at-same"),
                            *other = opt(r, "at-other");
    /* 79,365.6 kWh at each (PUE 1.5 everywhere). */
    CLOSE(own->scope2_location_tco2e, 31.74624);
    CLOSE(own->scope2_market_tco2e, 7.93656);
    CLOSE(own->tco2e, 7.93656);
    CLOSE(same->scope2_location_tco2e, 31.74624);
    CLOSE(same->scope2_market_tco2e, 7.93656);
    CLOSE(other->scope2_location_tco2e, 15.87312);
    CU_ASSERT(isnan(other->scope2_market_tco2e)); /* [site]'s contract stays there */
    CLOSE(other->tco2e, 15.87312);
    CU_ASSERT(isnan(tco_site_carbon(s, &s->options[2], 1)));
    CLOSE(tco_site_carbon(s, &s->options[1], 1), 0.1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A rented option without kgco2e_per_gpu_hour, a bought one at a site without
 * an intensity: null, never 0. Reserved GPUs count every hour paid. */
static void test_unknown_and_reserved(void)
{
    tco_scenario *s =
        load(BASE OWN "embodied_kgco2e = 100\n"
                      "[option od]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n"
                      "utilization = 0.5\n"
                      "[option rs]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n"
                      "pricing = reserved\nutilization = 0.5\nkgco2e_per_gpu_hour = 0.5\n",
             NULL);
    tco_result *r = run(s);
    CU_ASSERT(isnan(opt(r, "own")->scope2_location_tco2e));
    CU_ASSERT(isnan(opt(r, "own")->tco2e));
    CLOSE(opt(r, "own")->scope3_capital_tco2e, 0.8);
    CU_ASSERT(isnan(opt(r, "od")->tco2e));
    /* 8 * 730 * 12 = 70,080 GPU-hours paid, used or not: x 0.5 kg = 35.04 t. */
    CLOSE(opt(r, "rs")->scope3_purchased_tco2e, 35.04);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The catalog's A100 SXM4 40GB carries 318 kgCO2e a GPU (pricing/gpus.xml, cited):
 * a bought option takes it where it gives none, 8 x 318 / 1000 = 2.544 t at
 * month 0; its own value wins; the catalog alone has no carbon figures. */
static void test_catalog_embodied(void)
{
    static const char *const cats[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options opts = {.catalogs_before = cats, .today = "2026-12-01"};
    static const char *const texts[] = {
        BASE "grid_kgco2e_per_kwh = 0.4\n[option a]\nacquire = buy\ngpu = a100-sxm4-40gb\n"
             "count = 8\ngpu_price = 10000\n[option b]\nbase = a\nembodied_kgco2e = 100\n",
        BASE "[option a]\nacquire = buy\ngpu = a100-sxm4-40gb\ncount = 8\ngpu_price = 10000\n",
    };
    for (int k = 0; k < 2; k++) {
        tco_scenario *s = NULL;
        CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string_opt(texts[k], "c.ini", &opts, &s, NULL),
                              TCO_OK);
        CLOSE(s->options[0].embodied_kgco2e, 318);
        CU_ASSERT_EQUAL(s->options[0].src[TCO_O_EMBODIED_KGCO2E], TCO_SRC_CATALOG);
        tco_result *r = run(s);
        if (k == 0) {
            CLOSE(r->options[0].scope3_capital_tco2e, 2.544);
            CLOSE(r->options[1].scope3_capital_tco2e, 0.8);
        } else {
            CU_ASSERT(!tco_scenario_carbon(s));
            CU_ASSERT(isnan(r->options[0].scope3_capital_tco2e));
        }
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

/* MODEL.md's API example (tests/carbon/carbon-api.ini), by hand: 2 requests a
 * second of 300 + 200 tokens, T = 730: 2 * 730 * 3600 = 5,256,000 requests
 * and 2,628,000,000 tokens a month, 2,628 million x 0.5 kg = 1,314 kg = 1.314 t
 * a month, 15.768 t over 12 months; x 80 = 1,261.44; per 1M tokens 0.5 kg =
 * 0.0005 t. */
static void test_api_by_hand(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_file(TCO_SOURCE_DIR "/tests/carbon/carbon-api.ini", &s, d),
                    TCO_OK);
    tco_diags_free(d);
    tco_result *r = run(s);
    CU_ASSERT(tco_scenario_carbon(s));
    const tco_option_result *api = opt(r, "hosted"), *unknown = opt(r, "unknown");
    CLOSE(api->electricity_kwh, 0);
    CLOSE(api->scope2_location_tco2e, 0);
    CLOSE(api->scope2_market_tco2e, 0);
    CLOSE(api->scope3_capital_tco2e, 0);
    CLOSE(api->scope3_purchased_tco2e, 15.768);
    CLOSE(api->tco2e, 15.768);
    CLOSE(api->carbon_cost, 1261.44);
    CLOSE(api->tco2e_per_million_tokens, 0.0005);
    CU_ASSERT(isnan(api->tco2e_per_unit)); /* no GPUs: no units of work */
    CU_ASSERT_PTR_NOT_NULL_FATAL(api->carbon);
    CLOSE(api->carbon[0].tco2e, 0);
    CLOSE(api->carbon[1].scope3_purchased, 1.314);
    CLOSE(api->carbon[12].tco2e, 1.314);
    CLOSE(api->carbon[12].carbon_cost, 105.12);
    /* Without the key: null, never a guessed 0; the charges are alike. */
    CU_ASSERT(isnan(unknown->scope3_purchased_tco2e));
    CU_ASSERT(isnan(unknown->tco2e));
    CU_ASSERT(isnan(unknown->tco2e_per_million_tokens));
    CLOSE(api->total, unknown->total);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_errors(void)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {BASE "grid_kgco2e_per_kwh = 400\n" OWN,
         "c.ini:7: error: 'grid_kgco2e_per_kwh' must be between 0 and 5 (got 400)"},
        {BASE "[site b]\nelectricity_price = 0.1\nmarket_kgco2e_per_kwh = -1\n" OWN,
         "c.ini:9: error: 'market_kgco2e_per_kwh' must not be negative (got -1)"},
        {BASE OWN "kgco2e_per_gpu_hour = 0.3\n",
         "c.ini:13: error: 'kgco2e_per_gpu_hour' applies to rent options only; option 'own' is "
         "acquire = buy"},
        {BASE OWN "kgco2e_per_million_tokens = 0.5\n",
         "c.ini:13: error: 'kgco2e_per_million_tokens' applies to api options only; option 'own' "
         "is acquire = buy"},
        {BASE "[workload]\nmode = inference\nrequests_per_s = 1\ninput_tokens_per_request = 1\n"
              "output_tokens_per_request = 1\n[option api]\nacquire = api\n"
              "price_per_million_input_tokens = 1\nprice_per_million_output_tokens = 1\n"
              "kgco2e_per_gpu_hour = 0.3\n",
         "c.ini:16: error: 'kgco2e_per_gpu_hour' does not apply to api options"},
        {BASE "[workload]\nmode = inference\nrequests_per_s = 1\ninput_tokens_per_request = 1\n"
              "output_tokens_per_request = 1\n[option api]\nacquire = api\n"
              "price_per_million_input_tokens = 1\nprice_per_million_output_tokens = 1\n"
              "kgco2e_per_million_tokens = -2\n",
         "c.ini:16: error: 'kgco2e_per_million_tokens' must not be negative (got -2)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tco_diags *d = tco_diags_new();
        tco_scenario *s = load(cases[c].text, d);
        CU_ASSERT_PTR_NULL(s);
        const char *got = check_diags_text(d);
        if (!strstr(got, cases[c].want))
            fprintf(stderr, "\ngot: %s\nwant: %s\n", got, cases[c].want);
        CU_ASSERT_PTR_NOT_NULL(strstr(got, cases[c].want));
        tco_scenario_free(s);
        tco_diags_free(d);
    }
}

int main(void)
{
    static const check_case cases[] = {
        {"carbon by scope, by hand", test_by_hand},
        {"the carbon price is beside the total", test_price_beside_the_total},
        {"named sites' intensities and market-based scope 2", test_sites_and_market},
        {"unknown emissions are null; reserved hours", test_unknown_and_reserved},
        {"the catalog's embodied emissions", test_catalog_embodied},
        {"carbon errors at their lines", test_errors},
        {"an API option's tokens, by hand", test_api_by_hand},
        {NULL, NULL},
    };
    return check_run("carbon", cases);
}
