/* test_fx.c - currency conversion (docs/MODEL.md, "Currency conversion
 * (`[fx]`)"): the hand-worked CNY example over the shipped USD catalog, and a
 * change of the rate through a case, a sensitivity range and Monte Carlo.
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

int main(void)
{
    static const check_case cases[] = {
        {"MODEL.md example", test_example},
        {"a price written is kept", test_written_price_kept},
        {"a rate moves every converted price", test_rate_moves_prices},
        {NULL, NULL}};
    return check_run("fx", cases);
}
