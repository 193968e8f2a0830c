/* test_api.c - API options (docs/MODEL.md, API options) against the figures
 * worked out by hand there: the month's charge with caching and the price
 * decline, the unit cost per 1M tokens, the break-even in tokens a day of a
 * bought, a rented and a too-small option, the rate limit, and the loader's
 * rules for the tokens of a request and the keys of an API option. */
#include "check.h"

/* The MODEL.md example: hours_per_month 720, 24 months, 10 requests/s of
 * 1500 + 500 tokens. */
#define HEAD                                                                                       \
    "[scenario]\nname = api\nhorizon_months = 24\nhours_per_month = 720\ndiscount_rate = 0\n"      \
    "[site]\nelectricity_price = 0\n"                                                              \
    "[workload]\nmode = inference\nrequests_per_s = 10\n"

#define TOKENS "input_tokens_per_request = 1500\noutput_tokens_per_request = 500\n"

#define HOSTED                                                                                     \
    "[option hosted]\nacquire = api\nprice_per_million_input_tokens = 2.50\n"                      \
    "price_per_million_cached_tokens = 1.25\ncached_fraction = 0.4\n"                              \
    "price_per_million_output_tokens = 10\nprice_decline = 0.25\n"

#define OTHERS                                                                                     \
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 25000\ntdp_w = 700\n"                     \
    "staff_per_month = 5000\nthroughput = 5\n"                                                     \
    "[option own-one]\nacquire = buy\ncount = 1\ngpu_price = 5000000\ntdp_w = 700\n"               \
    "throughput = 5\n"                                                                             \
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 3\n"                          \
    "storage_per_month = 1000\nthroughput = 5\n"

static tco_result *compute(const char *text, tco_scenario **s)
{
    tco_result *r = check_compute(text, "t.ini", s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

static void test_by_hand(void)
{
    tco_scenario *s;
    tco_result *r = compute(HEAD TOKENS HOSTED OTHERS, &s);
    const tco_option_result *api = &r->options[0], *own = &r->options[1], *one = &r->options[2],
                            *cloud = &r->options[3];
    /* 25,920,000 requests a month; 38,880 and 12,960 million tokens. */
    CU_ASSERT(check_close(api->tokens_per_month, 51.84e9));
    /* 38,880 x (0.6 x 2.50 + 0.4 x 1.25) + 12,960 x 10 = 77,760 + 129,600. */
    CU_ASSERT(check_close(api->monthly[0].rental, 207360));
    CU_ASSERT(check_close(api->monthly[11].rental, 207360));
    CU_ASSERT(check_close(api->monthly[12].rental, 155520)); /* x 0.75 in year 2 */
    CU_ASSERT(check_close(api->rental, 4354560));
    CU_ASSERT(check_close(api->total, 4354560));
    CU_ASSERT(check_close(api->npv, 4354560));
    CU_ASSERT(check_close(api->api_cost_per_million_tokens, 3.5));
    /* No GPUs: nothing per GPU-hour, no power, no capex. */
    CU_ASSERT_EQUAL(s->options[0].count, 0);
    CU_ASSERT_EQUAL(api->capex, 0);
    CU_ASSERT_EQUAL(api->power, 0);
    CU_ASSERT_EQUAL(api->gpu_hours, 0);
    CU_ASSERT(isnan(api->cost_per_gpu_hour));
    CU_ASSERT(isnan(api->cost_per_unit));
    CU_ASSERT_EQUAL(api->total_per_utilization, 0);
    CU_ASSERT_EQUAL(api->infeasible, 0);
    CU_ASSERT(isnan(api->breakeven_tokens_per_day));
    /* a = 4,354,560 / 1.728e9 = 0.00252 per token a day. */
    CU_ASSERT(check_close(own->total, 320000));
    CU_ASSERT(check_close(own->breakeven_tokens_per_day, 320000 / 0.00252));
    CU_ASSERT_EQUAL(own->breakeven_tokens_never, 0);
    /* Rented: slope 414,720, total0 24,000, cap 6.912e9: 24,000 / 0.00246. */
    CU_ASSERT(check_close(cloud->total_per_utilization, 414720));
    CU_ASSERT(check_close(cloud->breakeven_tokens_per_day, 24000 / 0.00246));
    /* One GPU: 1.98e9 tokens a day needed, 864e6 served. */
    CU_ASSERT(isnan(one->breakeven_tokens_per_day));
    CU_ASSERT_EQUAL(one->breakeven_tokens_never, 1);
    /* The API takes part in the ranking: third of four. */
    CU_ASSERT_EQUAL(r->rank[2], 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Without a cached price, the cached tokens cost the input price: 38,880 x
 * 2.50 + 129,600 = 226,800 a month; no decline: 24 x 226,800. */
static void test_cached_default(void)
{
    tco_scenario *s;
    tco_result *r = compute(HEAD TOKENS "[option hosted]\nacquire = api\n"
                                        "price_per_million_input_tokens = 2.50\n"
                                        "cached_fraction = 0.4\n"
                                        "price_per_million_output_tokens = 10\n",
                            &s);
    CU_ASSERT(check_close(r->options[0].monthly[0].rental, 226800));
    CU_ASSERT(check_close(r->options[0].total, 24 * 226800.0));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The workload needs 10 x 60 x 2000 = 1,200,000 tokens a minute. */
static void test_rate_limit(void)
{
    tco_scenario *s;
    tco_result *r = compute(HEAD TOKENS HOSTED "max_tokens_per_minute = 1000000\n"
                                               "[option big]\nacquire = api\n"
                                               "price_per_million_input_tokens = 100\n"
                                               "price_per_million_output_tokens = 100\n"
                                               "max_tokens_per_minute = 1200000\n",
                            &s);
    CU_ASSERT_EQUAL(r->options[0].infeasible, TCO_INFEASIBLE_RATE_LIMIT);
    CU_ASSERT_STRING_EQUAL(r->options[0].infeasible_text, "over the API's rate limit");
    CU_ASSERT_EQUAL(r->options[1].infeasible, 0); /* at the limit is within it */
    CU_ASSERT_EQUAL(r->cheapest, 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The parts of a request's tokens: tokens_per_request from them, or one from
 * the other and the whole. */
static void test_token_parts(void)
{
    tco_scenario *s;
    tco_result *r = compute(HEAD TOKENS HOSTED, &s);
    CU_ASSERT_EQUAL(s->tokens_per_request, 2000);
    CU_ASSERT_EQUAL(s->src[TCO_S_TOKENS_PER_REQUEST], TCO_SRC_DERIVED);
    tco_result_free(r);
    tco_scenario_free(s);
    r = compute(HEAD "tokens_per_request = 2000\noutput_tokens_per_request = 500\n" HOSTED, &s);
    CU_ASSERT_EQUAL(s->input_tokens_per_request, 1500);
    CU_ASSERT(check_close(r->options[0].total, 4354560));
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
    /* Lines: [scenario] 1-5, [site] 6-7, [workload] 8-10, then the keys;
     * TOKENS 11-12, HOSTED 13-19. */
    load_fails(HEAD "tokens_per_request = 2100\n" TOKENS HOSTED,
               "t.ini:11: error: tokens_per_request of 2100 is not input_tokens_per_request + "
               "output_tokens_per_request (1500 + 500 = 2000)");
    load_fails(HEAD "input_tokens_per_request = 1500\n" HOSTED,
               "t.ini:11: error: 'input_tokens_per_request' needs 'output_tokens_per_request' "
               "too");
    load_fails(HEAD "tokens_per_request = 1000\ninput_tokens_per_request = 1500\n" HOSTED,
               "t.ini:12: error: 'input_tokens_per_request' of 1500 is more than "
               "tokens_per_request (1000)");
    load_fails(HEAD "tokens_per_request = 2000\n" HOSTED,
               "t.ini:13: error: option 'hosted' is acquire = api: it is paid by the token, so "
               "[workload] needs mode = inference, requests_per_s, input_tokens_per_request and "
               "output_tokens_per_request");
    load_fails(HEAD TOKENS HOSTED "count = 8\n",
               "t.ini:20: error: option 'hosted' is acquire = api: a hosted model has no GPUs "
               "to count; leave out 'count'");
    load_fails(HEAD TOKENS HOSTED "throughput = 5\n",
               "t.ini:20: error: 'throughput' does not apply to api options");
    load_fails(HEAD TOKENS "[option hosted]\nacquire = api\nprice_per_million_input_tokens = 1\n",
               "t.ini:13: error: option 'hosted' is acquire = api: it needs "
               "'price_per_million_output_tokens'");
    load_fails(HEAD TOKENS "[option g]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n"
                           "cached_fraction = 0.5\n",
               "t.ini:17: error: 'cached_fraction' applies to api options only; option 'g' is "
               "acquire = rent");
    load_fails(HEAD TOKENS HOSTED "[option r]\nacquire = rent\npricing = reserved\ncount = 1\n"
                                  "price_per_gpu_hour = 1\n"
                                  "[plan p]\nreserve = hosted\nreserve_count = 1\n"
                                  "overflow = r\n[demand]\ngpu_hours_per_month = 100\n"
                                  "reference = r\n",
               "t.ini:26: error: reserve 'hosted' is an api option; an API has no GPUs to "
               "reserve: it can only be a plan's overflow");
}

/* A catalog's API offers (pricing/catalog.xsd): read, looked up, replaced by
 * a later file's entry of the same id; one currency, unique ids. */
#define API_OFFER(id, in, out, cur2)                                                               \
    "<api-offer id=\"" id "\"><provider>P</provider><model>m</model>"                              \
    "<input-per-million currency=\"USD\">" in "</input-per-million>"                               \
    "<output-per-million currency=\"" cur2 "\">" out "</output-per-million>"                       \
    "<source>s</source><as-of>2026-01-01</as-of></api-offer>\n"

static void test_catalog(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_diags *d = tco_diags_new();
    const char *a = "<catalog version=\"1\">\n" API_OFFER("x", "1.5", "6", "USD") "</catalog>\n";
    CU_ASSERT_EQUAL(tco_catalog_load_string(cat, a, strlen(a), "a.xml", d), TCO_OK);
    const tco_api_offer *x = tco_catalog_api_offer(cat, "x");
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_EQUAL(x->input_per_million, 1.5);
    CU_ASSERT(isnan(x->cached_per_million));
    CU_ASSERT_EQUAL(x->line, 2);
    CU_ASSERT_EQUAL(cat->n_offers, 0);
    /* A later file's x replaces it; y is added. */
    const char *b = "<catalog version=\"1\">\n" API_OFFER("x", "2", "8", "USD")
        API_OFFER("y", "1", "1", "USD") "</catalog>\n";
    CU_ASSERT_EQUAL(tco_catalog_load_string(cat, b, strlen(b), "b.xml", d), TCO_OK);
    CU_ASSERT_EQUAL(cat->n_api_offers, 2);
    CU_ASSERT_EQUAL(tco_catalog_api_offer(cat, "x")->input_per_million, 2);
    CU_ASSERT_STRING_EQUAL(tco_catalog_api_offer(cat, "x")->file, "b.xml");
    /* Two currencies, a duplicate id: refused at their lines, nothing added. */
    const char *c = "<catalog version=\"1\">\n" API_OFFER("z", "1", "1", "EUR")
        API_OFFER("w", "1", "1", "USD") API_OFFER("w", "1", "1", "USD") "</catalog>\n";
    CU_ASSERT_NOT_EQUAL(tco_catalog_load_string(cat, c, strlen(c), "c.xml", d), TCO_OK);
    const char *got = check_diags_text(d);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "c.xml:2: error: output-per-million is in EUR but "
                                       "input-per-million (line 2) in USD"));
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "c.xml:4: error: duplicate API offer id 'w' (first at "
                                       "line 3)"));
    CU_ASSERT_EQUAL(cat->n_api_offers, 2);
    CU_ASSERT_PTR_NULL(tco_catalog_api_offer(cat, "z"));
    tco_diags_free(d);
    tco_catalog_free(cat);
}

int main(void)
{
    static const check_case cases[] = {
        {"API option by hand", test_by_hand},
        {"cached price defaults to the input price", test_cached_default},
        {"rate limit", test_rate_limit},
        {"parts of a request's tokens", test_token_parts},
        {"errors at their lines", test_errors},
        {"API offers in a catalog", test_catalog},
        {NULL, NULL},
    };
    return check_run("api", cases);
}
