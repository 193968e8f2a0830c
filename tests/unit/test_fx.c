/* test_fx.c - currency conversion (docs/MODEL.md, "Currency conversion
 * (`[fx]`)"): the hand-worked CNY example over the shipped USD catalog, and a
 * change of the rate through a case, a sensitivity range and Monte Carlo; a
 * site's own currency (MODEL.md, "A site's own currency"): the Frankfurt hall
 * in EUR against the same hall typed in USD.
 * Every expected value is derived in the comments from the inputs and the
 * catalog's prices (pricing/gpus.xml: h100-sxm5-80gb typical 35,000 USD,
 * runpod-h100 2.99 USD per GPU-hour). */
#include "check.h"

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: CNY, 12 months of 730 hours, no electricity, [fx] USD =
 * 0.1404; EXTRA is appended (analysis sections). */
#define EXAMPLE(EXTRA)                                                                             \
    "[scenario]\nname = t\ncurrency = CNY\nhorizon_months = 12\nhours_per_month = 730\n"           \
    "as_of = 2026-11-29\n[site]\nelectricity_price = 0\n[workload]\nutilization = 1\n"             \
    "[fx]\nUSD = 0.1404\nUSD.source = PBOC central parity\nUSD.as_of = 2026-11-27\n"               \
    "[option h100-buy]\nacquire = buy\ngpu = h100-sxm5-80gb\ncount = 8\ngpus_per_server = 8\n"     \
    "[option h100-cloud]\nacquire = rent\noffer = runpod-h100\ncount = 8\n" EXTRA

/* The buy option's capex in USD, 8 x 35,000, and the rent option's spend in
 * USD, 8 GPUs x 730 h x 12 months x 2.99 = 70,080 x 2.99. */
#define BUY_USD  280000.0
#define RENT_USD 209539.2

static tco_scenario *load(const char *text)
{
    static const char *const cats[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options opts = {.catalogs_before = cats};
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string_opt(text, "t.ini", &opts, &s, d);
    if (st != TCO_OK)
        check_print_diags(d);
    CU_ASSERT_EQUAL(st, TCO_OK);
    tco_diags_free(d);
    return s;
}

/* The example: gpu_price = 35000 / 0.1404 = 249,287.749...; capex = total =
 * 8 x that = 1,994,301.994; price_per_gpu_hour = 2.99 / 0.1404 = 21.2963;
 * the rent total 70,080 x 2.99 / 0.1404 = 1,492,444.444. */
static void test_example(void)
{
    tco_scenario *s = load(EXAMPLE(""));
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(s->n_fx, 1);
    CU_ASSERT_STRING_EQUAL(s->fx[0].code, "USD");
    CLOSE(s->fx[0].rate, 0.1404);
    CU_ASSERT_STRING_EQUAL(s->fx[0].source, "PBOC central parity");
    CU_ASSERT_STRING_EQUAL(s->fx[0].as_of, "2026-11-27");
    CU_ASSERT_EQUAL(s->fx[0].stale, 0);
    const tco_option *buy = &s->options[0], *rent = &s->options[1];
    CU_ASSERT_EQUAL(buy->fx, 1);
    CLOSE(buy->fx_price, 35000);
    CLOSE(buy->gpu_price, 249287.74928774929);
    CU_ASSERT_EQUAL(rent->fx, 1);
    CLOSE(rent->fx_price, 2.99);
    CLOSE(rent->price_per_gpu_hour, 21.296296296296296);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CLOSE(r->options[0].capex, 1994301.9943019943);
    CLOSE(r->options[0].total, 1994301.9943019943);
    CLOSE(r->options[1].total, 1492444.4444444444);
    /* Rent is 501,857.55 cheaper. */
    CLOSE(r->options[0].total - r->options[1].total, 501857.54985754985);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A price written in the scenario is in its currency already: not converted. */
static void test_written_price_kept(void)
{
    tco_scenario *s = load(EXAMPLE("price_per_gpu_hour = 2.5\n"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(s->options[1].fx, 0);
    CLOSE(s->options[1].price_per_gpu_hour, 2.5);
    CU_ASSERT_EQUAL(s->options[0].fx, 1);
    tco_scenario_free(s);
}

/* At USD = 0.13 both totals grow by 0.1404 / 0.13: the buy total 280,000 /
 * 0.13 = 2,153,846.154, the rent total 209,539.2 / 0.13 = 1,611,840; at 0.15,
 * 280,000 / 0.15 = 1,866,666.667 and 209,539.2 / 0.15 = 1,396,928. */
static void test_rate_moves_prices(void)
{
    tco_scenario *s = load(EXAMPLE("[case weak]\nfx.USD = 0.13\n"
                                   "[sensitivity]\nfx.USD = 0.13, 0.15\n"
                                   "[uncertainty]\nsamples = 500\n"
                                   "fx.USD = uniform(0.13, 0.15)\n"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    /* The case. */
    CU_ASSERT_EQUAL_FATAL(a->n_cases, 1);
    CLOSE(a->cases[0]->options[0].total, BUY_USD / 0.13);
    CLOSE(a->cases[0]->options[1].total, RENT_USD / 0.13);
    CLOSE(a->cases[0]->options[0].total, 2153846.1538461538);
    CLOSE(a->cases[0]->options[1].total, 1611840);
    /* The base is untouched by the case. */
    CLOSE(s->fx[0].rate, 0.1404);
    CLOSE(r->options[0].total, BUY_USD / 0.1404);
    /* Sensitivity: the driver fx.USD, for each option. */
    int found = 0;
    for (size_t i = 0; i < 2; i++)
        for (size_t d = 0; d < a->n_drivers; d++) {
            const tco_sens_entry *e = &a->sens[i * a->n_drivers + d];
            if (strcmp(e->driver, "fx.USD") != 0)
                continue;
            found++;
            CLOSE(e->input_low, 0.13);
            CLOSE(e->input_high, 0.15);
            CLOSE(e->total_low, (i ? RENT_USD : BUY_USD) / 0.13);
            CLOSE(e->total_high, (i ? RENT_USD : BUY_USD) / 0.15);
            CLOSE(e->total_high, i ? 1396928 : 1866666.6666666667);
        }
    CU_ASSERT_EQUAL(found, 2);
    /* Monte Carlo: every draw divides both USD amounts by the same rate, so
     * every percentile keeps their ratio, and stays within the ends. */
    CU_ASSERT_EQUAL(a->mc_samples, 500);
    CLOSE(a->mc[0].total_p50 / a->mc[1].total_p50, BUY_USD / RENT_USD);
    CLOSE(a->mc[0].total_p10 / a->mc[1].total_p10, BUY_USD / RENT_USD);
    CU_ASSERT(a->mc[0].total_p10 >= BUY_USD / 0.15 && a->mc[0].total_p90 <= BUY_USD / 0.13);
    CU_ASSERT(a->mc[0].total_p10 < a->mc[0].total_p90);
    /* The analyses leave the base as it was. */
    CLOSE(s->options[0].gpu_price, 35000 / 0.1404);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md's Sites example with the colocation hall priced in EUR ([fx] EUR =
 * 0.8) or typed in USD (no [fx]): FX the [fx] section, SITE the hall's keys,
 * OPT the keys of its option; EXTRA is appended. */
#define FRA(FX, SITE, OPT, EXTRA)                                                                  \
    "[scenario]\nname = t\nhorizon_months = 12\n" FX                                               \
    "[site]\nelectricity_price = 0.10\nelectricity_escalation = 0.03\npue = 2.1\n"                 \
    "[site fra]\npue = 1.35\n" SITE                                                                \
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"                     \
    "server_power_w = 1000\n"                                                                      \
    "[option fra]\nbase = own\nsite = fra\n" OPT EXTRA
#define FRA_EUR(EXTRA)                                                                             \
    FRA("[fx]\nEUR = 0.8\n",                                                                       \
        "currency = EUR\nelectricity_price = 0.112\ncolo_per_kw_month = 120\n",                    \
        "install_price = 4000\n", EXTRA)
#define FRA_USD(EXTRA)                                                                             \
    FRA("", "electricity_price = 0.14\ncolo_per_kw_month = 150\n", "install_price = 5000\n", EXTRA)

/* By hand (MODEL.md, Sites): electricity 0.112 / 0.8 = 0.14 USD per kWh,
 * colocation 120 / 0.8 = 150 USD per kW-month, installation 4,000 / 0.8 =
 * 5,000 USD; gpu_price 30,000 is written in [option own], at [site]: USD, not
 * converted. fra: it_kw 6.04, 4,409.2 kWh a month; power 4,409.2 x 0.14 x 12 =
 * 7,407.456; cooling 4,409.2 x 0.35 x 0.14 x 12 = 2,592.6096; facility 6.6 x
 * 150 x 12 = 11,880; capex 8 x 30,000 + 5,000 = 245,000; total 266,880.0656.
 * own: 240,000 + 5,291.04 + 5,820.144 = 251,111.184. The same hall typed in
 * USD gives every figure the same. */
static void test_site_currency(void)
{
    tco_scenario *e = load(FRA_EUR("")), *u = load(FRA_USD(""));
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    const tco_site *t = &e->sites[0];
    CU_ASSERT_STRING_EQUAL(t->currency, "EUR");
    CU_ASSERT_EQUAL(t->fx, 1);
    CLOSE(t->value[TCO_S_ELECTRICITY_PRICE - TCO_SITE_KEY_FIRST], 0.14);
    CLOSE(t->key_written[TCO_S_ELECTRICITY_PRICE - TCO_SITE_KEY_FIRST], 0.112);
    CLOSE(t->value[TCO_S_COLO_PER_KW_MONTH - TCO_SITE_KEY_FIRST], 150);
    CLOSE(t->value[TCO_S_PUE - TCO_SITE_KEY_FIRST], 1.35); /* no money: as written */
    CU_ASSERT_EQUAL(t->key_fx[TCO_S_PUE - TCO_SITE_KEY_FIRST], 0);
    const tco_option *fra = &e->options[1];
    CLOSE(fra->install_price, 5000);
    CU_ASSERT_EQUAL(fra->key_fx[TCO_O_INSTALL_PRICE], 1);
    CLOSE(fra->key_written[TCO_O_INSTALL_PRICE], 4000);
    CLOSE(fra->gpu_price, 30000); /* inherited from [option own]: USD */
    CU_ASSERT_EQUAL(fra->key_fx[TCO_O_GPU_PRICE], 0);
    tco_result *re = NULL, *ru = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(e, &re), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_compute(u, &ru), TCO_OK);
    const tco_option_result *f = &re->options[1];
    CLOSE(f->power, 7407.456);
    CLOSE(f->cooling, 2592.6096);
    CLOSE(f->facility, 11880);
    CLOSE(f->capex, 245000);
    CLOSE(f->total, 266880.0656);
    CLOSE(re->options[0].total, 251111.184);
    for (size_t i = 0; i < 2; i++) {
        const tco_option_result *a = &re->options[i], *b = &ru->options[i];
        CLOSE(a->capex, b->capex);
        CLOSE(a->power, b->power);
        CLOSE(a->cooling, b->cooling);
        CLOSE(a->facility, b->facility);
        CLOSE(a->total, b->total);
        CLOSE(a->npv, b->npv);
        for (int m = 0; m < 12; m++) /* months 1..12 */
            CLOSE(a->monthly[m].cost, b->monthly[m].cost);
    }
    tco_result_free(re);
    tco_result_free(ru);
    tco_scenario_free(e);
    tco_scenario_free(u);
}

/* The rate moves every value written at the site; a case's own value is in
 * the scenario's currency. At EUR = 1 (case par): electricity 0.112, colocation
 * 120, installation 4,000 USD; power 4,409.2 x 0.112 x 12 = 5,925.9648;
 * cooling 4,409.2 x 0.35 x 0.112 x 12 = 2,074.08768; facility 6.6 x 120 x 12 =
 * 9,504; total 244,000 + 17,504.05248 = 261,504.05248. Case mixed: EUR = 1 and
 * site.fra.electricity_price = 0.14 (USD): power and cooling as in the base,
 * 7,407.456 + 2,592.6096, the rest at par, 244,000 + 9,504: 263,504.0656.
 * Case own_install: EUR = 1 and fra.install_price = 6000 (USD): the par case
 * with 6,000 of installation, 263,504.05248. Sensitivity fx.EUR = 0.8, 1: the
 * low end is the base, 266,880.0656. Monte Carlo fx.EUR = uniform(0.8, 1): fra
 * between the two, own the same in every draw (nothing of it is in EUR). */
static void test_site_rate_moves(void)
{
    tco_scenario *s = load(FRA_EUR("[case par]\nfx.EUR = 1\n"
                                   "[case mixed]\nsite.fra.electricity_price = 0.14\nfx.EUR = 1\n"
                                   "[case own_install]\nfra.install_price = 6000\n"
                                   "fx.EUR = 1\n"
                                   "[sensitivity]\nfx.EUR = 0.8, 1\n"
                                   "[uncertainty]\nsamples = 300\nfx.EUR = uniform(0.8, 1)\n"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(a->n_cases, 3);
    CLOSE(a->cases[0]->options[1].power, 5925.9648);
    CLOSE(a->cases[0]->options[1].total, 261504.05248);
    CLOSE(a->cases[0]->options[0].total, 251111.184); /* own: nothing in EUR */
    CLOSE(a->cases[1]->options[1].total, 263504.0656);
    CLOSE(a->cases[2]->options[1].total, 263504.05248);
    CU_ASSERT(a->mc[1].total_p10 >= 261504.05248 - 1e-6 && a->mc[1].total_p90 <= 266880.0657);
    CU_ASSERT(a->mc[1].total_p10 < a->mc[1].total_p90);
    CLOSE(a->mc[0].total_p10, 251111.184);
    CLOSE(a->mc[0].total_p90, 251111.184);
    int found = 0;
    for (size_t d = 0; d < a->n_drivers; d++) {
        const tco_sens_entry *x = &a->sens[1 * a->n_drivers + d];
        if (strcmp(x->driver, "fx.EUR") != 0)
            continue;
        found++;
        CLOSE(x->total_low, 266880.0656);
        CLOSE(x->total_high, 261504.05248);
    }
    CU_ASSERT_EQUAL(found, 1);
    CLOSE(s->sites[0].value[0], 0.14); /* the analyses leave the base as it was */
    CLOSE(s->options[1].install_price, 5000);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"MODEL.md example", test_example},
        {"a price written is kept", test_written_price_kept},
        {"a rate moves every converted price", test_rate_moves_prices},
        {"a site in EUR against the same site in USD", test_site_currency},
        {"a rate moves the values written at its site", test_site_rate_moves},
        {NULL, NULL}};
    return check_run("fx", cases);
}
