/* test_discount.c - negotiated discounts and the cheapest offer (docs/MODEL.md,
 * "Negotiated discounts" and "The cheapest offer"): the hand-worked example
 * over tests/data/catalog/cheapest.xml, the tie rule, the most specific
 * discount, the one price chain with [fx] (a case's rate too), and every
 * error with its line.
 * The catalog: GPU tst-gpu; alpha-od (Alpha, on demand, 2.00 USD, us-east, 8
 * GPUs), beta-od (Beta, on demand, 2.00 USD, eu-west, 8), beta-1yr (Beta,
 * reserved 12 months, 1.60 USD, eu-west, 8), gamma-spot (Gamma, spot, 1.10
 * USD, us-east, 1), delta-od (Delta, on demand, 1.80 EUR, eu-central, 8). */
#include "check.h"

#include <math.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* The scenario of MODEL.md: USD, 12 months of 730 hours, [fx] EUR = 0.8
 * (1 EUR = 1.25 USD); DISCOUNTS and OPTIONS appended. Line 9 is the first
 * line after [fx]. */
#define HEAD                                                                                       \
    "[scenario]\nname = t\ncurrency = USD\nhorizon_months = 12\nhours_per_month = 730\n"           \
    "as_of = 2026-12-01\n[fx]\nEUR = 0.8\n"

/* The four discounts of the example, lines 9 to 24. */
#define DISCOUNTS                                                                                  \
    "[discount beta]\nprovider = Beta\nfraction = 0.10\n\n"                                        \
    "[discount beta-reserved]\nprovider = Beta\npricing = reserved\nfraction = 0.25\n\n"           \
    "[discount delta]\nprovider = Delta\noffer = delta-od\nfraction = 0.10\n\n"                    \
    "[discount alpha]\nprovider = alpha\nfraction = -0.05\n"

#define RENT(ID) "[option " ID "]\nacquire = rent\ncount = 8\nutilization = 1\n"

/* The options of the example. */
#define OD      RENT("od") "offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = on-demand\n"
#define BETA    RENT("beta") "offer = cheapest\noffer_gpu = tst-gpu\noffer_provider = Beta\n"
#define SPOT    RENT("spot") "offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = spot\n"
#define SPOT2   "offer_region = US-EAST\n"
#define DELTA   RENT("delta") "offer = delta-od\n"
#define OPTIONS OD BETA SPOT SPOT2 DELTA

/* 8 GPUs x 730 hours x 12 months: the GPU-hours of each option. */
#define HOURS 70080.0

/* Load text over the test catalog; the status into *st, the messages into d. */
static tco_scenario *load_d(const char *text, tco_status *st, tco_diags *d)
{
    static const char *const cats[] = {TCO_SOURCE_DIR "/tests/data/catalog/cheapest.xml", NULL};
    tco_load_options opts = {.catalogs_before = cats};
    tco_scenario *s = NULL;
    *st = tco_scenario_load_string_opt(text, "t.ini", &opts, &s, d);
    return s;
}

/* Load text that must load. */
static tco_scenario *load(const char *text)
{
    tco_diags *d = tco_diags_new();
    tco_status st;
    tco_scenario *s = load_d(text, &st, d);
    if (st != TCO_OK)
        check_print_diags(d);
    CU_ASSERT_EQUAL(st, TCO_OK);
    tco_diags_free(d);
    return s;
}

/* Load text that must fail (or warn, with want_ok) with a message holding `want`. */
static void expect(const char *text, int want_ok, const char *want)
{
    tco_diags *d = tco_diags_new();
    tco_status st;
    tco_scenario *s = load_d(text, &st, d);
    CU_ASSERT_EQUAL(st, want_ok ? TCO_OK : TCO_ERR_INPUT);
    const char *got = check_diags_text(d);
    if (!strstr(got, want) || st != (want_ok ? TCO_OK : TCO_ERR_INPUT)) {
        fprintf(stderr, "\nwanted: %s\ngot:    %s\n", want, got);
        CU_FAIL("message");
    }
    tco_scenario_free(s);
    tco_diags_free(d);
}

/* MODEL.md's example. On demand: alpha-od 2.00 x (1 + 0.05) = 2.10 (its
 * markup), beta-od 2.00 x (1 - 0.10) = 1.80 ([discount beta]; the reserved
 * one is not its pricing), delta-od 1.80 x (1 - 0.10) = 1.62 EUR / 0.8 =
 * 2.025 USD: beta-od, of 3. Beta's: beta-od 1.80, beta-1yr 1.60 x (1 - 0.25)
 * = 1.20 ([discount beta-reserved], more specific than [discount beta]):
 * beta-1yr, of 2, with its 12-month term. Spot in us-east (any case):
 * gamma-spot 1.10, of 1, no discount. delta named: 2.025 USD. */
static void test_example(void)
{
    tco_scenario *s = load(HEAD DISCOUNTS OPTIONS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(s->n_discounts, 4);
    const tco_option *od = &s->options[0], *beta = &s->options[1], *spot = &s->options[2],
                     *delta = &s->options[3];
    CU_ASSERT_STRING_EQUAL(od->offer_entry->id, "beta-od");
    CU_ASSERT_EQUAL(od->offer_candidates, 3);
    CU_ASSERT_EQUAL(od->discount, 1);
    CLOSE(od->fx_price, 2.0);
    CLOSE(od->price_per_gpu_hour, 1.8);
    CU_ASSERT_STRING_EQUAL(beta->offer_entry->id, "beta-1yr");
    CU_ASSERT_EQUAL(beta->offer_candidates, 2);
    CU_ASSERT_EQUAL(beta->discount, 2);
    CLOSE(beta->price_per_gpu_hour, 1.2);
    CU_ASSERT_EQUAL(beta->pricing, TCO_RESERVED);
    CU_ASSERT_EQUAL(beta->term_months, 12);
    CU_ASSERT_STRING_EQUAL(spot->offer_entry->id, "gamma-spot");
    CU_ASSERT_EQUAL(spot->offer_candidates, 1);
    CU_ASSERT_EQUAL(spot->discount, 0);
    CLOSE(spot->price_per_gpu_hour, 1.1);
    CU_ASSERT_EQUAL(delta->offer_candidates, 0);
    CU_ASSERT_EQUAL(delta->discount, 3);
    CU_ASSERT_EQUAL(delta->fx, 1);
    CLOSE(delta->fx_price, 1.8);
    CLOSE(delta->price_per_gpu_hour, 2.025);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CLOSE(r->options[0].total, HOURS * 1.8);   /* 126,144 */
    CLOSE(r->options[1].total, HOURS * 1.2);   /* 84,096 */
    CLOSE(r->options[2].total, HOURS * 1.1);   /* 77,088 */
    CLOSE(r->options[3].total, HOURS * 2.025); /* 141,912 */
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Without discounts the on-demand offers are alpha-od 2.00, beta-od 2.00 and
 * delta-od 1.80 / 0.8 = 2.25: a tie, which the lower id in byte order breaks
 * ("alpha-od" < "beta-od"); [discount beta] alone makes beta-od the cheapest. */
static void test_tie_and_winner(void)
{
    tco_scenario *s = load(HEAD RENT("od") "offer = cheapest\noffer_gpu = tst-gpu\n"
                                           "offer_pricing = on-demand\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->options[0].offer_entry->id, "alpha-od");
    CU_ASSERT_EQUAL(s->options[0].offer_candidates, 3);
    CU_ASSERT_EQUAL(s->options[0].discount, 0);
    CLOSE(s->options[0].price_per_gpu_hour, 2.0);
    tco_scenario_free(s);
    s = load(HEAD "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT(
        "od") "offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = on-demand\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->options[0].offer_entry->id, "beta-od");
    CLOSE(s->options[0].price_per_gpu_hour, 1.8);
    tco_scenario_free(s);
}

/* offer_min_gpus: gamma-spot is a 1-GPU instance; at least 8 leaves alpha-od,
 * beta-od, beta-1yr and delta-od (4), the cheapest beta-1yr at 1.60 USD. */
static void test_min_gpus(void)
{
    tco_scenario *s =
        load(HEAD RENT("big") "offer = cheapest\noffer_gpu = tst-gpu\noffer_min_gpus = 8\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->options[0].offer_entry->id, "beta-1yr");
    CU_ASSERT_EQUAL(s->options[0].offer_candidates, 4);
    CLOSE(s->options[0].price_per_gpu_hour, 1.6);
    tco_scenario_free(s);
}

/* A price written in the scenario is the user's own: no discount. */
static void test_written_price_kept(void)
{
    tco_scenario *s = load(HEAD DISCOUNTS RENT("b") "offer = beta-od\nprice_per_gpu_hour = 3\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(s->options[0].discount, 0);
    CLOSE(s->options[0].price_per_gpu_hour, 3.0);
    tco_scenario_free(s);
}

/* A case's rate moves the discounted price along the one chain: delta-od at
 * EUR = 0.75 is 1.80 x 0.9 / 0.75 = 2.16 USD. */
static void test_case_rate(void)
{
    tco_scenario *s = load(HEAD DISCOUNTS RENT("delta") "offer = delta-od\n"
                                                        "[case weak]\nfx.EUR = 0.75\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    CLOSE(r->options[0].total, HOURS * 2.025);
    CU_ASSERT_EQUAL_FATAL(a->n_cases, 1);
    CLOSE(a->cases[0]->options[0].total, HOURS * 2.16);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Option i's entry of driver `name` in A, or NULL. */
static const tco_sens_entry *sens_of(const tco_analysis *A, size_t i, const char *name)
{
    for (size_t d = 0; d < A->n_drivers; d++)
        if (strcmp(A->sens[i * A->n_drivers + d].driver, name) == 0)
            return &A->sens[i * A->n_drivers + d];
    return NULL;
}

/* Scenario text analysed: its result and analysis into *r and *a. */
static tco_scenario *analyse(const char *text, tco_result **r, tco_analysis **a)
{
    tco_scenario *s = load(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, r), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_analyze(*r, NULL, NULL, a), TCO_OK);
    return s;
}

/* A discount as a driver (MODEL.md, Negotiated discounts): beta-od at 2.00
 * USD under [discount beta] 10% costs 70,080 x 1.80 = 126,144. With swing =
 * 1 its ends are 10% x 0 = 0 and 10% x 2 = 20%: 70,080 x 2.00 = 140,160 and
 * 70,080 x 1.60 = 112,128; the range 0, 0.3 gives 140,160 and 70,080 x 1.40
 * = 98,112. gamma-spot, under no discount, has no input and does not move.
 * delta-od, 1.80 EUR under [discount delta] 10% at EUR = 0.8, swung by half:
 * 5% and 15%, 70,080 x 1.80 x 0.95 / 0.8 = 149,796 and x 0.85 / 0.8 =
 * 134,028 (the one price chain). */
static void test_sensitivity(void)
{
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    tco_scenario *s = analyse(HEAD "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT(
                                  "b") "offer = beta-od\n" RENT("g") "offer = gamma-spot\n"
                                                                     "[sensitivity]\nswing = 1\n",
                              &r, &a);
    CLOSE(r->options[0].total, HOURS * 1.8); /* 126,144 */
    const tco_sens_entry *e = sens_of(a, 0, "discount.beta");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CLOSE(e->input_low, 0);
    CLOSE(e->input_high, 0.2);
    CLOSE(e->total_low, 140160);
    CLOSE(e->total_high, 112128);
    CLOSE(e->swing, 28032);
    e = sens_of(a, 1, "discount.beta");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT(isnan(e->input_low) && isnan(e->input_high));
    CLOSE(e->total_low, HOURS * 1.1);
    CLOSE(e->total_high, HOURS * 1.1);
    CLOSE(s->options[0].price_per_gpu_hour, 1.8); /* the scenario itself unchanged */
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);

    s = analyse(HEAD "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT(
                    "b") "offer = beta-od\n[sensitivity]\ndiscount.beta = 0, 0.3\n",
                &r, &a);
    e = sens_of(a, 0, "discount.beta");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CLOSE(e->total_low, 140160);
    CLOSE(e->total_high, 98112);
    CU_ASSERT_EQUAL(a->n_drivers, 10); /* the nine standard ones and the discount, once */
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);

    s = analyse(HEAD "[discount delta]\nprovider = Delta\nfraction = 0.10\n" RENT(
                    "d") "offer = delta-od\n[sensitivity]\nswing = 0.5\n",
                &r, &a);
    CLOSE(r->options[0].total, HOURS * 2.025); /* 141,912 */
    e = sens_of(a, 0, "discount.delta");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CLOSE(e->input_low, 0.05);
    CLOSE(e->input_high, 0.15);
    CLOSE(e->total_low, 149796);
    CLOSE(e->total_high, 134028);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);

    /* A discount that prices no option is no driver. */
    s = analyse(
        HEAD "[discount alpha]\nprovider = Alpha\nfraction = 0.10\n" RENT("b") "offer = beta-od\n",
        &r, &a);
    CU_ASSERT_PTR_NULL(sens_of(a, 0, "discount.alpha"));
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A case and Monte Carlo reach a discount too: the case at 20% pays 70,080 x
 * 1.60 = 112,128; drawn uniform(0.1, 0.3), beta-od's total 140,160 x (1 - f)
 * lies between 98,112 and 126,144 with its mean near 112,128 (2,000 draws:
 * the mean of f is 0.2 within 0.0029 three times in a thousand), and the
 * option under no discount does not vary. */
static void test_case_and_monte_carlo(void)
{
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    tco_scenario *s = analyse(
        HEAD
        "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT("b") "offer = beta-od\n" RENT(
            "g") "offer = gamma-spot\n"
                 "[case deep]\ndiscount.beta = 0.2\n"
                 "[uncertainty]\nsamples = 2000\ndiscount.beta = uniform(0.1, 0.3)\n",
        &r, &a);
    CU_ASSERT_EQUAL_FATAL(a->n_cases, 1);
    CLOSE(a->cases[0]->options[0].total, 112128);
    CLOSE(a->cases[0]->options[1].total, HOURS * 1.1);
    CU_ASSERT_EQUAL_FATAL(a->mc_samples, 2000);
    CU_ASSERT(a->mc[0].total_p10 >= 98112 - 1e-6 && a->mc[0].total_p90 <= 126144 + 1e-6);
    CU_ASSERT(a->mc[0].total_p10 < a->mc[0].total_p90);
    CU_ASSERT(fabs(a->mc[0].total_mean - 112128) < 140160 * 0.0029);
    CLOSE(a->mc[1].total_mean, HOURS * 1.1);
    CU_ASSERT_PTR_NULL(a->mc[1].hist);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
    expect(HEAD "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT(
               "b") "offer = beta-od\n[sensitivity]\ndiscount.betta = 0, 0.2\n",
           0, "t.ini:18: error: unknown discount 'discount.betta'; did you mean 'discount.beta'?");
    expect(HEAD "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT(
               "b") "offer = beta-od\n[case c]\ndiscount.beta = 1\n",
           0, "t.ini:18: error: 'discount.beta' must be above -1 and below 1 (got 1)");
    expect(HEAD "[discount beta]\nprovider = Beta\nfraction = 0.10\n" RENT(
               "b") "offer = beta-od\n[uncertainty]\ndiscount.beta = uniform(0.1, 1.5)\n",
           0, "t.ini:18: error: high 1.5 is outside the range of 'discount.beta' (-1 to 1)");
}

/* The one text match of the catalog's filters (tco_catalog.h): NULL is any,
 * else equal ignoring ASCII case; an offer without the text never matches. */
static void test_text_matches(void)
{
    CU_ASSERT_TRUE(tco_offer_text_matches(NULL, "AWS"));
    CU_ASSERT_TRUE(tco_offer_text_matches(NULL, NULL));
    CU_ASSERT_TRUE(tco_offer_text_matches("aws", "AWS"));
    CU_ASSERT_TRUE(tco_offer_text_matches("US-EAST", "us-east"));
    CU_ASSERT_FALSE(tco_offer_text_matches("aws", NULL));
    CU_ASSERT_FALSE(tco_offer_text_matches("aws", "aws-2"));
    CU_ASSERT_FALSE(tco_offer_text_matches("on-demand", "spot"));
}

/* Every error at its line. */
static void test_errors(void)
{
    /* Two sections of one specificity over the same offers: both lines. */
    expect(HEAD "[discount a]\nprovider = Beta\nfraction = 0.1\n"
                "[discount b]\nprovider = beta\nfraction = 0.2\n" RENT("o") "offer = beta-od\n",
           0,
           "t.ini:12: error: [discount b] and [discount a] (line 9) apply to the same offers "
           "(provider 'beta')");
    expect(HEAD "[discount a]\nprovider = Beta\npricing = spot\nfraction = 0.1\n"
                "[discount b]\nprovider = Beta\npricing = spot\nfraction = 0.2\n" RENT(
                    "o") "offer = beta-od\n",
           0, "t.ini:13: error: [discount b] and [discount a] (line 9) apply to the same offers");
    expect(HEAD "[discount a]\nprovider = Beta\nfraction = 1\n" RENT("o") "offer = beta-od\n", 0,
           "t.ini:11: error: 'fraction' must be above -1 and below 1 (got 1)");
    expect(HEAD "[discount a]\nprovider = Beta\nfraction = 15%\n" RENT("o") "offer = beta-od\n", 0,
           "t.ini:11: error:");
    expect(HEAD "[discount a]\nfraction = 0.1\n" RENT("o") "offer = beta-od\n", 0,
           "t.ini:9: error: [discount a] needs 'provider = NAME'");
    expect(HEAD "[discount a]\nprovider = Beta\n" RENT("o") "offer = beta-od\n", 0,
           "t.ini:9: error: [discount a] needs 'fraction = F'");
    expect(HEAD "[discount a]\nprovider = Beta\npricing = ondemand\nfraction = 0.1\n", 0,
           "t.ini:11: error: 'ondemand' is not a pricing for 'pricing'; did you mean "
           "'on-demand'?");
    expect(HEAD "[discount a]\nprovider = Beta\nrate = 0.1\n", 0,
           "t.ini:11: error: unknown key 'rate' in [discount a]");
    expect(HEAD "[discount a]\nprovider = Alpha\noffer = beta-od\nfraction = 0.1\n", 0,
           "t.ini:9: error: [discount a]: offer 'beta-od' is from provider 'Beta', not 'Alpha'");
    expect(HEAD "[discount a]\nprovider = Beta\noffer = beta-0d\nfraction = 0.1\n", 0,
           "t.ini:9: error: [discount a]: unknown offer 'beta-0d' in the catalog; did you mean "
           "'beta-od'?");
    /* A provider no offer has: a warning, the load goes on. */
    expect(HEAD "[discount a]\nprovider = Betta\nfraction = 0.1\n" RENT("o") "offer = beta-od\n", 1,
           "t.ini:9: warning: [discount a]: no catalog offer is from provider 'Betta' (did you "
           "mean 'Beta'?): the discount applies to nothing");
    /* The cheapest offer. */
    expect(HEAD RENT("o") "offer = cheapest\n", 0,
           "t.ini:13: error: 'offer = cheapest' needs 'offer_gpu = GPU'");
    expect(HEAD RENT("o") "offer = cheapest\noffer_gpu = tst-gpx\n", 0,
           "t.ini:14: error: unknown GPU 'tst-gpx' in the catalog; did you mean 'tst-gpu'?");
    expect(HEAD RENT("o") "offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = spot\n"
                          "offer_region = eu-west\n",
           0,
           "t.ini:13: error: no catalog offer matches 'offer = cheapest' of option 'o' "
           "(offer_gpu 'tst-gpu', offer_pricing 'spot', offer_region 'eu-west'");
    expect(HEAD RENT("o") "offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = Spot\n", 0,
           "t.ini:15: error: 'Spot' is not a pricing for 'offer_pricing'; did you mean 'spot'?");
    expect(HEAD RENT("o") "offer = beta-od\noffer_gpu = tst-gpu\n", 0,
           "t.ini:14: error: 'offer_gpu' is a filter of 'offer = cheapest' (option 'o' names "
           "its offer)");
    /* The pick is made once, from the base scenario: a case cannot move a filter. */
    expect(
        HEAD RENT("o") "offer = cheapest\noffer_gpu = tst-gpu\n[case c]\no.offer_pricing = spot\n",
        0,
        "t.ini:16: error: 'o.offer_pricing' cannot change in a case: the catalog fills the "
        "option once");
    /* offer_min_gpus leaves out the offers that do not say how many GPUs they have. */
    expect(HEAD RENT("o") "offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = spot\n"
                          "offer_min_gpus = 2\n",
           0,
           "t.ini:13: error: no catalog offer matches 'offer = cheapest' of option 'o' "
           "(offer_gpu 'tst-gpu', offer_pricing 'spot', offer_min_gpus 2: an offer without "
           "<gpus> is left out;");
    /* An offer in a currency [fx] has no rate for is not compared. */
    expect("[scenario]\nname = t\ncurrency = USD\n" RENT("o") "offer = cheapest\n"
                                                              "offer_gpu = tst-gpu\n"
                                                              "offer_provider = Delta\n",
           0, "t.ini:8: error: no catalog offer matches 'offer = cheapest' of option 'o'");
}

int main(void)
{
    static const check_case cases[] = {
        {"MODEL.md example", test_example},
        {"a tie, and a discount that changes the winner", test_tie_and_winner},
        {"offer_min_gpus", test_min_gpus},
        {"a price written is kept", test_written_price_kept},
        {"a case's rate moves a discounted price", test_case_rate},
        {"errors", test_errors},
        {"the catalog's text match", test_text_matches},
        {"a discount as a sensitivity driver", test_sensitivity},
        {"a discount in a case and in Monte Carlo", test_case_and_monte_carlo},
        {NULL, NULL}};
    return check_run("discount", cases);
}
