/* test_scenario.c - scenario loading: every validation error with its exact
 * message and line, and the values and defaults of valid files. */
#include "check.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A valid scenario; its last section is the rent option 'r' (lines 10-13),
 * so text appended to it starts at line 14 inside [option r]. */
static const char base[] = "[scenario]\n" /* 1 */
                           "name = t\n"   /* 2 */
                           "[site]\n"     /* 3 */
                           "electricity_price = 0.1\n"
                           "[option b]\n" /* 5 */
                           "acquire = buy\n"
                           "count = 8\n"
                           "gpu_price = 100\n"
                           "tdp_w = 700\n" /* 9 */
                           "[option r]\n"  /* 10 */
                           "acquire = rent\n"
                           "count = 8\n"
                           "price_per_gpu_hour = 2\n"; /* 13 */

/* The warnings of base, whose options leave out costs (MODEL.md, Completeness),
 * when its lines are moved down by `shift` lines: option b at line 5 and r at
 * 10. */
static const char *base_warnings(int shift)
{
    static char buf[512];
    snprintf(buf, sizeof buf,
             "t.ini:%d: warning: option 'b' is incomplete: no server_price, no server_power_w, "
             "no colo_per_kw_month (no colocation paid), no utilization (100%% assumed): buying "
             "is understated\n"
             "t.ini:%d: warning: option 'r' is incomplete: no utilization (100%% assumed): "
             "renting is overstated",
             5 + shift, 10 + shift);
    return buf;
}

/* Load `text` as t.ini and return all diagnostics, one per line. */
static const char *diagnostics_of(const char *text, tco_status *st)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    *st = tco_scenario_load_string(text, "t.ini", &s, d);
    CU_ASSERT((*st == TCO_OK) == (s != NULL));
    const char *out = check_diags_text(d);
    tco_scenario_free(s);
    tco_diags_free(d);
    return out;
}

/* Expect loading base + `tail` to fail with exactly `want`. */
static void expect(const char *tail, const char *want)
{
    char text[16384];
    snprintf(text, sizeof text, "%s%s", base, tail);
    tco_status st;
    const char *got = diagnostics_of(text, &st);
    CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  input tail: %s\n  want: %s\n  got:  %s\n", tail, want, got);
    CU_ASSERT_STRING_EQUAL(got, want);
}

/* Expect a whole text to fail with exactly `want`. */
static void expect_text(const char *text, const char *want)
{
    tco_status st;
    const char *got = diagnostics_of(text, &st);
    CU_ASSERT_EQUAL(st, TCO_ERR_INPUT);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  input: %s\n  want: %s\n  got:  %s\n", text, want, got);
    CU_ASSERT_STRING_EQUAL(got, want);
}

static void test_valid_base(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(base, "t.ini", &s, d), TCO_OK);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), base_warnings(0));
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->name, "t");
    CU_ASSERT_STRING_EQUAL(s->currency, "USD");
    CU_ASSERT_EQUAL(s->horizon_months, 36);
    CU_ASSERT_DOUBLE_EQUAL(s->discount_rate, 0.08, 0);
    CU_ASSERT_DOUBLE_EQUAL(s->hours_per_month, 730, 0);
    CU_ASSERT_DOUBLE_EQUAL(s->pue, 1.5, 0);
    CU_ASSERT_EQUAL(s->n_options, 2);
    const tco_option *b = &s->options[0];
    CU_ASSERT_STRING_EQUAL(b->id, "b");
    CU_ASSERT_STRING_EQUAL(b->label, "b");
    CU_ASSERT_EQUAL(b->acquire, TCO_BUY);
    CU_ASSERT_EQUAL(b->gpus_per_server, 8);
    CU_ASSERT_DOUBLE_EQUAL(b->idle_power_fraction, 0.12, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->load_power_fraction, 0.90, 0);
    CU_ASSERT_EQUAL(b->depreciation, TCO_DEP_STRAIGHT_LINE);
    CU_ASSERT_EQUAL(b->depreciation_years, 3);
    CU_ASSERT_DOUBLE_EQUAL(b->scaling_efficiency, 1, 0);
    CU_ASSERT_EQUAL(b->key_line[TCO_O_TDP_W], 9);
    CU_ASSERT_EQUAL(b->src[TCO_O_TDP_W], TCO_SRC_INI);
    CU_ASSERT_EQUAL(b->src[TCO_O_GPUS_PER_SERVER], TCO_SRC_DEFAULT);
    CU_ASSERT_EQUAL(s->options[1].pricing, TCO_ON_DEMAND);
    CU_ASSERT_DOUBLE_EQUAL(tco_option_utilization(s, b), 1, 0);
    tco_scenario_free(s);
    tco_diags_free(d);
}

static void test_values(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    char text[8192];
    /* A 300-character label survives (Debian's inih cuts lines at 200 by
     * default), quotes are removed, inline comments dropped, CRLF accepted. */
    char label[301];
    memset(label, 'x', 300);
    label[300] = '\0';
    snprintf(text, sizeof text,
             "\xEF\xBB\xBF[scenario]\r\nname = \"A, quoted name\" ; comment\r\n"
             "[workload]\nutilization = 0.25\n%s"
             "label = %s\nutilization = 0.5\n",
             base + strlen("[scenario]\nname = t\n"), label);
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "t.ini", &s, d), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->name, "A, quoted name");
    CU_ASSERT_EQUAL(strlen(s->options[1].label), 300);
    CU_ASSERT_DOUBLE_EQUAL(tco_option_utilization(s, &s->options[0]), 0.25, 0);
    CU_ASSERT_DOUBLE_EQUAL(tco_option_utilization(s, &s->options[1]), 0.5, 0);
    tco_scenario_free(s);
    /* Inside quotes, " ; " is text, not the start of a comment. */
    snprintf(text, sizeof text, "[scenario]\nname = \"Buy ; rent\"\nauthor = \"A ; B\" ; x\n%s",
             base + strlen("[scenario]\nname = t\n"));
    s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "t.ini", &s, d), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->name, "Buy ; rent");
    CU_ASSERT_STRING_EQUAL(s->author, "A ; B");
    tco_scenario_free(s);
    tco_diags_free(d);
    /* A quote opened and not closed is an error at its line. */
    expect("label = \"Buy ; rent\n",
           "t.ini:14: error: the value starts with '\"' but does not end with one: close the "
           "quotes (a ';' comment may follow the closing '\"')");
}

static void test_numbers(void)
{
    expect("tdp_w = 700W\n", "t.ini:14: error: '700W' is not a number for 'tdp_w': write a "
                             "plain number without a unit (700)");
    expect("upfront = 30,000\n", "t.ini:14: error: '30,000' is not a number for 'upfront': "
                                 "write 30000, without thousands separators");
    expect("utilization = 35%\n", "t.ini:14: error: '35%' is not a number for 'utilization': "
                                  "write fractions as decimals (0.35)");
    expect("utilization = nan\n", "t.ini:14: error: 'nan' is not a number for 'utilization'");
    expect("upfront = inf\n", "t.ini:14: error: 'inf' is not a number for 'upfront'");
    expect("upfront = 0x10\n", "t.ini:14: error: '0x10' is not a number for 'upfront': write a "
                               "decimal number");
    expect("utilization = 0,35\n", "t.ini:14: error: '0,35' is not a number for 'utilization': "
                                   "write decimals with a point (0.35)");
    expect("upfront = -1,5\n", "t.ini:14: error: '-1,5' is not a number for 'upfront': write "
                               "decimals with a point (-1.5)");
    expect("upfront = 1,234,567.5\n", "t.ini:14: error: '1,234,567.5' is not a number for "
                                      "'upfront': write 1234567.5, without thousands separators");
    expect("upfront = 12,34,567\n", "t.ini:14: error: '12,34,567' is not a number for 'upfront'");
    expect("upfront = 1,2345\n", "t.ini:14: error: '1,2345' is not a number for 'upfront': write "
                                 "decimals with a point (1.2345)");
    expect("upfront = 1e999\n", "t.ini:14: error: '1e999' is out of range for 'upfront'");
    /* Too close to 0: rounds to 0 (1e-400) or keeps only a few digits (1e-310). */
    expect("upfront = 1e-400\n", "t.ini:14: error: '1e-400' is out of range for 'upfront': too "
                                 "close to 0 (the smallest is about 2.2e-308); write 0 or a "
                                 "larger number");
    expect("upfront = -1e-310\n", "t.ini:14: error: '-1e-310' is out of range for 'upfront': "
                                  "too close to 0 (the smallest is about 2.2e-308); write 0 or "
                                  "a larger number");
    expect("upfront =\n", "t.ini:14: error: missing value for 'upfront'");
    expect("upfront = 12 34\n", "t.ini:14: error: '12 34' is not a number for 'upfront'");
    expect("[option c]\nacquire = rent\ncount = 8.5\nprice_per_gpu_hour = 1\n",
           "t.ini:16: error: 'count' must be a whole number (got 8.5)");
    expect("[option c]\nacquire = rent\ncount = 0\nprice_per_gpu_hour = 1\n",
           "t.ini:16: error: 'count' must be between 1 and 1e+06 (got 0)");
}

/* [scenario] start = v (line 3) in base: fails with "t.ini:3: error: 'v' is
 * not a month for 'start'" and `why`. */
static void expect_start(const char *v, const char *why)
{
    char text[1024], want[512];
    snprintf(text, sizeof text, "[scenario]\nname = t\nstart = %s\n%s", v,
             base + strlen("[scenario]\nname = t\n"));
    snprintf(want, sizeof want, "t.ini:3: error: '%s' is not a month for 'start': %s", v, why);
    expect_text(text, want);
}

static void test_months(void)
{
    static const char any[] = "write YYYY-MM (2027-05)";
    char text[1024];
    tco_status st;
    snprintf(text, sizeof text, "[scenario]\nname = t\nstart = 2027-05\n%s",
             base + strlen("[scenario]\nname = t\n"));
    CU_ASSERT_STRING_EQUAL(diagnostics_of(text, &st), base_warnings(1));
    CU_ASSERT_EQUAL(st, TCO_OK);
    /* YYYY-MM, its year before 1900 (checked first), its month not 01..12. */
    expect_start("1899-12", "the year must be 1900 to 9999");
    expect_start("0000-00", "the year must be 1900 to 9999");
    expect_start("2027-13", "the month must be 01 to 12");
    expect_start("2027-00", "the month must be 01 to 12");
    /* A month of one digit; a day after a month of one or two digits, itself of
     * one or two digits (its value unchecked): what was meant. */
    expect_start("2027-5", "write YYYY-MM with two digits (2027-05)");
    expect_start("2027-05-01", "write the month without a day (2027-05)");
    expect_start("2027-5-1", "write the month without a day (2027-05)");
    expect_start("2027-12-31", "write the month without a day (2027-12)");
    expect_start("2027-05-00", "write the month without a day (2027-05)");
    /* Else no guess: a signed day (-1 is no day), a day of three digits or none, a
     * month 0, 13 or of three digits, a year before 1900 or of five digits,
     * another separator, a sign, text after the month, words. */
    expect_start("2027-05--1", any);
    expect_start("2027-05-001", any);
    expect_start("2027-05-", any);
    expect_start("2027-0", any);
    expect_start("2027-13-01", any);
    expect_start("2027-005", any);
    expect_start("1899-5", any);
    expect_start("1899-05-01", any);
    expect_start("20270-05", any);
    expect_start("2027/05", any);
    expect_start("+2027-05", any);
    expect_start("2027-+5", any);
    expect_start("2027--5", any);
    expect_start("2027-5x", any);
    expect_start("2027", any);
    expect_start("May 2027", any);
}

static void test_ranges(void)
{
    expect("utilization = 1.5\n", "t.ini:14: error: 'utilization' must be a fraction between "
                                  "0 and 1 (got 1.5); write 0.35, not 35");
    expect("utilization = -0.35\n", "t.ini:14: error: 'utilization' must be a fraction between "
                                    "0 and 1 (got -0.35)");
    expect("upfront = -5\n", "t.ini:14: error: 'upfront' must not be negative (got -5)");
    expect("tdp_w = -1\n", "t.ini:14: error: 'tdp_w' must not be negative (got -1)");
    expect_text("[scenario]\nname = t\nhorizon_months = 121\n[option r]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:3: error: 'horizon_months' must be between 1 and 120 (got 121)");
    expect_text("[scenario]\nname = t\nhorizon_months = 0\n[option r]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:3: error: 'horizon_months' must be between 1 and 120 (got 0)");
    expect_text("[scenario]\nname = t\n[site]\npue = 3.5\n[option r]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:4: error: 'pue' must be between 1 and 3 (got 3.5)");
    expect_text("[scenario]\nname = t\n[site]\npue = 0.9\n[option r]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:4: error: 'pue' must be between 1 and 3 (got 0.9)");
    expect("[option c]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1\n"
           "depreciation_years = 11\n",
           "t.ini:19: error: 'depreciation_years' must be between 1 and 10 (got 11)");
}

static void test_enums(void)
{
    expect("pricing = Reserved\n", "t.ini:14: error: unknown pricing 'Reserved'; did you mean "
                                   "'reserved'? (expected on-demand, reserved or spot)");
    expect("[option c]\nacquire = purchase\ncount = 1\n",
           "t.ini:15: error: unknown acquire 'purchase' (expected buy, rent or api)");
    expect("[option c]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1\n"
           "depreciation = straightline\n",
           "t.ini:19: error: unknown depreciation 'straightline'; did you mean 'straight-line'? "
           "(expected straight-line, double-declining, sum-of-years, macrs-5 or macrs-7)");
}

static void test_structure(void)
{
    expect("price_per_gpu_hour = 3\n",
           "t.ini:14: error: duplicate key 'price_per_gpu_hour' (first at line 13)");
    expect("gpu_price = 500\n", "t.ini:14: error: 'gpu_price' applies to buy options only; "
                                "option 'r' is acquire = rent");
    expect("price_per_gpu_hr = 3\n", "t.ini:14: error: unknown key 'price_per_gpu_hr' in "
                                     "[option ID]; did you mean 'price_per_gpu_hour'?");
    expect("pue = 1.4\n", "t.ini:14: error: key 'pue' belongs in [site], not [option ID]");
    expect("colour = red\n", "t.ini:14: error: unknown key 'colour' in [option ID]");
    expect("[stie]\nx = 1\n", "t.ini:14: error: unknown section [stie]; did you mean [site]?");
    expect("[sites]\n", "t.ini:14: error: unknown section [sites]; did you mean [site]?");
    expect("[options x]\n", "t.ini:14: error: unknown section [options x]; did you mean "
                            "[option ID]?");
    expect("[costs]\n", "t.ini:14: error: unknown section [costs]; expected [scenario], "
                        "[site], [workload], [option ID], [case NAME], [sensitivity], "
                        "[uncertainty], [tax], [fx], [demand], [plan NAME], [optimize] or "
                        "[discount NAME]");
    expect("[Site]\n", "t.ini:14: error: unknown section [Site]; did you mean [site]?");
    expect("[site]\n", "t.ini:14: error: duplicate section [site] (first at line 3)");
    expect("[option b]\nacquire = buy\n",
           "t.ini:14: error: duplicate option id 'b' (first at line 5)");
    expect("[option]\n", "t.ini:14: error: an option section needs an id: [option ID]");
    expect("[option a b]\n",
           "t.ini:14: error: invalid option id 'a b': use letters, digits, '-' and '_'");
    expect("[option x\n", "t.ini:14: error: missing ']' at the end of the section header");
    expect("[workload] extra\n",
           "t.ini:14: error: unexpected text after the section header: 'extra'");
    expect("this is not a key\n",
           "t.ini:14: error: expected 'key = value', a [section] header or a comment");
    expect("= 5\n", "t.ini:14: error: missing key name before '='");
    expect_text("name = t\n[scenario]\n",
                "t.ini:1: error: key outside any section; start with [scenario]\n"
                "t.ini:2: error: [scenario]: missing required key 'name'\n"
                "t.ini: error: no options: add at least one [option ID] section");
    expect("[option c]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\nresale_fraction = 0.1\n",
           "t.ini:18: error: 'resale_fraction' applies to buy options only; option 'c' is "
           "acquire = rent");
}

static void test_required(void)
{
    /* At the section's header (line 14, after the scenario's 13 lines). */
    expect("[option x]\nacquire = buy\n",
           "t.ini:14: error: [option x]: missing required key 'count'\n"
           "t.ini:14: error: [option x]: missing required key 'gpu_price' for a buy option\n"
           "t.ini:14: error: [option x]: missing required key 'tdp_w' for a buy option");
    expect("[option x]\n",
           "t.ini:14: error: [option x]: missing required key 'acquire' (buy, rent or "
           "api)\nt.ini:14: error: [option x]: missing required key 'count'");
    expect("[option x]\nacquire = rent\ncount = 2\n", "t.ini:14: error: [option x]: missing "
                                                      "required key 'price_per_gpu_hour' for "
                                                      "a rent option");
    /* Without a [site] header: about the section alone; with one, at its line. */
    expect_text("[scenario]\nname = t\n[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\n"
                "tdp_w = 1\n",
                "t.ini: [site]: error: missing required key 'electricity_price' (buy options "
                "pay for power)");
    expect_text("[scenario]\nname = t\n[site]\npue = 1.2\n[option b]\nacquire = buy\ncount = 1\n"
                "gpu_price = 1000\ntdp_w = 1\n",
                "t.ini:3: error: [site]: missing required key 'electricity_price' (buy options "
                "pay for power)");
}

static void test_rules(void)
{
    expect("pricing = reserved\nprice_decline = 0.1\n",
           "t.ini:15: error: 'price_decline' does not apply to reserved pricing (the rate is "
           "fixed); it applies after the term with after_term = on-demand");
    expect("[option c]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1\n"
           "resale_fraction = 0.3\nresale_decline = 0.2\n",
           "t.ini:20: error: give resale_fraction or resale_decline, not both");
    expect("[option c]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1\n"
           "depreciation = macrs-5\ndepreciation_years = 5\nsalvage_fraction = 0.1\n",
           "t.ini:20: error: 'depreciation_years' cannot be set with macrs-5: its life is fixed\n"
           "t.ini:21: error: 'salvage_fraction' cannot be set with macrs-5: MACRS ignores "
           "salvage");
    expect("[option c]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1\n"
           "idle_power_fraction = 0.95\n",
           "t.ini:19: error: idle_power_fraction (0.95) is larger than load_power_fraction "
           "(0.9)");
    expect_text("[scenario]\nname = t\nbaseline = b\n[site]\nelectricity_price = 1\n"
                "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1\n",
                "t.ini:3: error: baseline 'b' is a buy option; the baseline must rent");
    expect_text("[scenario]\nname = t\nbaseline = clod\n[option cloud]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:3: error: baseline 'clod' is not an option; did you mean 'cloud'?");
    expect_text("[scenario]\nname = t\ncurrency = usd\n[option r]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:3: error: currency 'usd' is not an ISO 4217 code; did you mean USD?");
    expect_text(
        "[scenario]\nname = t\nas_of = 2026-02-30\n[option r]\nacquire = rent\n"
        "count = 1\nprice_per_gpu_hour = 1\n",
        "t.ini:3: error: '2026-02-30' is not a date for 'as_of': the day must be from 01 to "
        "28 in 2026-02");
}

static void test_bytes(void)
{
    char tail[6000];
    /* An over-long line is an error, and lines after it keep their numbers. */
    int n = snprintf(tail, sizeof tail, "label = ");
    memset(tail + n, 'x', 5000);
    snprintf(tail + n + 5000, sizeof tail - (size_t)n - 5000, "\nupfront = -1\n");
    expect(tail, "t.ini:14: error: line is 5008 bytes long; the limit is 4096\n"
                 "t.ini:15: error: 'upfront' must not be negative (got -1)");
    expect("label = caf\xC3\n", "t.ini:14: error: invalid UTF-8 (byte 0xC3 at column 12)");
    expect("label = \xFF\xFE\n", "t.ini:14: error: invalid UTF-8 (byte 0xFF at column 9)");
    expect("label = \xED\xA0\x80\n", "t.ini:14: error: invalid UTF-8 (byte 0xED at column 9)");
    /* Chinese labels are fine. */
    tco_status st;
    char text[4096];
    snprintf(text, sizeof text, "%slabel = H100 \xE7\xA7\x9F\xE7\x94\xA8\n", base);
    CU_ASSERT_STRING_EQUAL(diagnostics_of(text, &st), base_warnings(0));
    CU_ASSERT_EQUAL(st, TCO_OK);
}

static void test_all_errors_reported(void)
{
    expect("upfront = -1\ncolour = red\nutilization = 2\n[sight]\n",
           "t.ini:14: error: 'upfront' must not be negative (got -1)\n"
           "t.ini:15: error: unknown key 'colour' in [option ID]\n"
           "t.ini:16: error: 'utilization' must be a fraction between 0 and 1 (got 2); write "
           "0.35, not 35\n"
           "t.ini:17: error: unknown section [sight]; expected [scenario], [site], [workload], "
           "[option ID], [case NAME], [sensitivity], [uncertainty], [tax], [fx], [demand], [plan "
           "NAME], [optimize] or [discount NAME]");
    /* The cap: 60 bad keys give 50 errors and a note. */
    char tail[4096];
    size_t n = 0;
    for (int i = 0; i < 60; i++)
        n += (size_t)snprintf(tail + n, sizeof tail - n, "bad%d = 1\n", i);
    char text[8192];
    snprintf(text, sizeof text, "%s%s", base, tail);
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "t.ini", &s, d), TCO_ERR_INPUT);
    CU_ASSERT_EQUAL(tco_diags_errors(d), 60);
    CU_ASSERT_EQUAL(tco_diags_count(d), TCO_MAX_ERRORS + 1);
    CU_ASSERT_EQUAL(tco_diags_get(d, TCO_MAX_ERRORS)->severity, TCO_SEV_NOTE);
    tco_diags_free(d);
}

static void test_file_errors(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_file("/nonexistent/x.ini", &s, d), TCO_ERR_IO);
    CU_ASSERT_PTR_NULL(s);
    char buf[512];
    tco_diag_format(tco_diags_get(d, 0), buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "/nonexistent/x.ini: error: cannot open: No such file or "
                                "directory");
    tco_diags_free(d);
    /* A directory and a device are refused before any read. */
    d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_scenario_load_file("/", &s, d), TCO_ERR_IO);
    CU_ASSERT_EQUAL(tco_scenario_load_file("/dev/zero", &s, d), TCO_ERR_IO);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d),
                           "/: error: cannot read: not a regular file (a directory)\n"
                           "/dev/zero: error: cannot read: not a regular file (a character "
                           "device)");
    tco_diags_free(d);
}

/* tco_scenario_input_at: the scenario file under its own name, another
 * spelling and a hard link are inputs; another file, a missing one and a
 * scenario loaded from a string are not. */
static void test_input_at(void)
{
    char dir[] = "/tmp/tco-input-at-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char path[128], other[128], hard[128], twisted[160];
    snprintf(path, sizeof path, "%s/s.ini", dir);
    snprintf(other, sizeof other, "%s/o.ini", dir);
    snprintf(hard, sizeof hard, "%s/l.ini", dir);
    snprintf(twisted, sizeof twisted, "%s/../%s/./s.ini", dir, strrchr(dir, '/') + 1);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(base, f);
    fclose(f);
    f = fopen(other, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fclose(f);
    CU_ASSERT_EQUAL(link(path, hard), 0);
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_file(path, &s, NULL), TCO_OK);
    CU_ASSERT_PTR_EQUAL(tco_scenario_input_at(s, path), s->files[0]);
    CU_ASSERT_PTR_EQUAL(tco_scenario_input_at(s, twisted), s->files[0]);
    CU_ASSERT_PTR_EQUAL(tco_scenario_input_at(s, hard), s->files[0]);
    CU_ASSERT_PTR_NULL(tco_scenario_input_at(s, other));
    CU_ASSERT_PTR_NULL(tco_scenario_input_at(s, "/nonexistent/x.json"));
    CU_ASSERT_PTR_NULL(tco_scenario_input_at(NULL, path));
    tco_scenario_free(s);
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string(base, path, &s, NULL), TCO_OK);
    CU_ASSERT_PTR_NULL(tco_scenario_input_at(s, path));
    tco_scenario_free(s);
    remove(hard);
    remove(other);
    remove(path);
    rmdir(dir);
}

static void test_cases(void)
{
    /* A case overrides global and option keys; the base is untouched. */
    char text[4096];
    snprintf(text, sizeof text,
             "%s[case bear]\nsite.electricity_price = 0.2\nb.gpu_price = 150\n"
             "horizon_months = 24\n[case bull]\nr.price_per_gpu_hour = 1.5\n",
             base);
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "t.ini", &s, d), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(s->n_cases, 2);
    const tco_scenario *bear = s->cases[0].scenario;
    CU_ASSERT_STRING_EQUAL(s->cases[0].name, "bear");
    CU_ASSERT_EQUAL(s->cases[0].n_overrides, 3);
    CU_ASSERT_STRING_EQUAL(s->cases[0].keys[1], "b.gpu_price");
    CU_ASSERT_STRING_EQUAL(s->cases[0].values[1], "150");
    CU_ASSERT_DOUBLE_EQUAL(bear->electricity_price, 0.2, 0);
    CU_ASSERT_DOUBLE_EQUAL(bear->options[0].gpu_price, 150, 0);
    CU_ASSERT_EQUAL(bear->horizon_months, 24);
    CU_ASSERT_DOUBLE_EQUAL(bear->options[1].price_per_gpu_hour, 2, 0);
    CU_ASSERT_DOUBLE_EQUAL(s->electricity_price, 0.1, 0);
    CU_ASSERT_DOUBLE_EQUAL(s->options[0].gpu_price, 100, 0);
    CU_ASSERT_EQUAL(s->horizon_months, 36);
    CU_ASSERT_DOUBLE_EQUAL(s->cases[1].scenario->options[1].price_per_gpu_hour, 1.5, 0);
    tco_scenario_free(s);
    tco_diags_free(d);

    expect("[case bear]\nsite.electricity_price = -1\n",
           "t.ini:15: error: 'electricity_price' must not be negative (got -1)");
    expect("[case bear]\nbb.gpu_price = 1000\n",
           "t.ini:15: error: unknown option 'bb' in 'bb.gpu_price'; did you mean 'b'?");
    expect("[case bear]\nb.gpu_prize = 1\n", "t.ini:15: error: unknown option key "
                                             "'gpu_prize' in 'b.gpu_prize'; did you mean "
                                             "'gpu_price'?");
    expect("[case bear]\nr.gpu_price = 1000\n", "t.ini:15: error: 'gpu_price' applies to buy "
                                                "options only; option 'r' is acquire = rent");
    expect("[case bear]\ngpu_price = 1000\n", "t.ini:15: error: 'gpu_price' is an option key: "
                                              "write OPTION.gpu_price, e.g. b.gpu_price");
    expect("[case bear]\nr.pricing = reserved\nr.price_decline = 0.1\n",
           "t.ini:16: error: 'price_decline' does not apply to reserved pricing (the rate is "
           "fixed); it applies after the term with after_term = on-demand");
    expect("[case bear]\nsite.pue = 2\nsite.pue = 3\n",
           "t.ini:16: error: duplicate key 'site.pue' (first at line 15)");
    expect("[case bear]\n[case bear]\n",
           "t.ini:15: error: duplicate case 'bear' (first at line 14)");
    expect("[case]\n", "t.ini:14: error: a case section needs a name: [case NAME]");
    expect("[cases bear]\n", "t.ini:14: error: unknown section [cases bear]; did you mean "
                             "[case NAME]?");
}

static void test_sensitivity_and_uncertainty(void)
{
    char text[4096];
    snprintf(text, sizeof text,
             "%s[sensitivity]\nswing = 0.1\nelectricity_price = 0.05, 0.2\n"
             "b.gpu_price = 80, 130\n[uncertainty]\nsamples = 500\nseed = 7\n"
             "site.pue = triangular(1.2, 1.4, 1.9)\nr.price_per_gpu_hour = uniform(1, 3)\n"
             "b.maintenance_rate = normal(0.05, 0.01)\n",
             base);
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "t.ini", &s, d), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_DOUBLE_EQUAL(s->swing, 0.1, 0);
    CU_ASSERT_EQUAL_FATAL(s->n_ranges, 2);
    CU_ASSERT_EQUAL(s->ranges[1].param.option, 0);
    CU_ASSERT_EQUAL(s->ranges[1].param.key, TCO_O_GPU_PRICE);
    CU_ASSERT_DOUBLE_EQUAL(s->ranges[1].high, 130, 0);
    CU_ASSERT_EQUAL(s->mc_samples, 500);
    CU_ASSERT_EQUAL(s->mc_seed, 7);
    CU_ASSERT_EQUAL_FATAL(s->n_uncertain, 3);
    CU_ASSERT_EQUAL(s->uncertain[0].dist, TCO_DIST_TRIANGULAR);
    CU_ASSERT_EQUAL(s->uncertain[0].param.option, -1);
    CU_ASSERT_EQUAL(s->uncertain[0].param.key, TCO_S_PUE);
    CU_ASSERT_DOUBLE_EQUAL(s->uncertain[0].c, 1.9, 0);
    CU_ASSERT_EQUAL(s->uncertain[2].dist, TCO_DIST_NORMAL);
    tco_scenario_free(s);
    tco_diags_free(d);

    expect("[sensitivity]\npue = 1.8, 1.2\n",
           "t.ini:15: error: the low end 1.8 is above the high end 1.2");
    expect("[sensitivity]\npue = 0.5, 1.2\n",
           "t.ini:15: error: low end 0.5 is outside the range of 'pue' (1 to 3)");
    expect("[sensitivity]\npue = 1.2\n",
           "t.ini:15: error: 'pue' needs a range: LOW, HIGH (got '1.2')");
    expect("[sensitivity]\nswing = 0\n", "t.ini:15: error: 'swing' must be larger than 0");
    expect("[uncertainty]\nsite.pue = triangular(1.9, 1.4, 1.2)\n",
           "t.ini:15: error: triangular needs low <= mode <= high and low < high (got 1.9, "
           "1.4, 1.2)");
    expect("[uncertainty]\nr.price_per_gpu_hour = uniform(3, 1)\n",
           "t.ini:15: error: uniform needs low < high (got 3, 1)");
    expect("[uncertainty]\nsite.pue = normal(1.4, 0)\n",
           "t.ini:15: error: normal needs a standard deviation above 0 (got 0)");
    expect("[uncertainty]\nsite.pue = lognormal(1, 2)\n",
           "t.ini:15: error: 'lognormal(1, 2)' is not a distribution: write triangular(LOW, "
           "MODE, HIGH), uniform(LOW, HIGH) or normal(MEAN, SD)");
    expect("[uncertainty]\nsite.pue = uniform(1, 2, 3)\n",
           "t.ini:15: error: uniform takes 2 plain numbers (got '1, 2, 3')");
    expect("[uncertainty]\nutilization = uniform(0.5, 1.5)\n",
           "t.ini:15: error: high 1.5 is outside the range of 'utilization' (0 to 1)");
    expect("[uncertainty]\nb.count = uniform(1, 9)\n",
           "t.ini:15: error: 'b.count' cannot vary: only numeric inputs can (not counts, whole "
           "numbers, names or choices)");
    expect("[uncertainty]\nscenario.horizon_months = uniform(1, 9)\n",
           "t.ini:15: error: 'scenario.horizon_months' cannot vary: only numeric inputs can "
           "(not counts, whole numbers, names or choices)");
    expect("[uncertainty]\nb.pricing = uniform(1, 9)\n",
           "t.ini:15: error: 'pricing' applies to rent options only; option 'b' is acquire = "
           "buy");
    expect("[uncertainty]\ncolour = uniform(1, 9)\n", "t.ini:15: error: unknown key 'colour'");
    expect("[uncertainty]\nsamples = 1000000\nb.gpu_price = uniform(1, 2)\n"
           "[option c]\nbase = r\n[option d]\nbase = r\n"
           "[option e]\nbase = r\n[option f]\nbase = r\n[option g]\nbase = r\n"
           "[option h]\nbase = r\n[option i]\nbase = r\n[option j]\nbase = r\n"
           "[option k]\nbase = r\n[option l]\nbase = r\n[option m]\nbase = r\n"
           "[option n]\nbase = r\n[option o]\nbase = r\n[option p]\nbase = r\n"
           "[option q]\nbase = r\n[option s]\nbase = r\n[option t]\nbase = r\n"
           "[option u]\nbase = r\n[option v]\nbase = r\n",
           "t.ini:15: error: 1000000 samples of 21 options are too many: samples x options may "
           "be at most 20000000");
    expect("[uncertainty]\nsamples = 0\n",
           "t.ini:15: error: 'samples' must be between 1 and 1000000 (got 0)");
    expect("[uncertainty]\nsite.pue = uniform(1.2, 1.5)\npue = uniform(1.3, 1.6)\n",
           "t.ini:16: error: 'pue' is the same input as 'site.pue' (line 15)");
}

static void test_base(void)
{
    /* 'used' inherits every key of 'b' but its label, and overrides the price. */
    char text[4096];
    snprintf(text, sizeof text,
             "%s[option used]\nbase = b\ngpu_price = 40\n"
             "[option used2]\nbase = used\nlabel = twice removed\n",
             base);
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "t.ini", &s, d), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    const tco_option *u = &s->options[2], *u2 = &s->options[3];
    CU_ASSERT_EQUAL(u->acquire, TCO_BUY);
    CU_ASSERT_EQUAL(u->count, 8);
    CU_ASSERT_DOUBLE_EQUAL(u->tdp_w, 700, 0);
    CU_ASSERT_DOUBLE_EQUAL(u->gpu_price, 40, 0);
    CU_ASSERT_STRING_EQUAL(u->label, "used");
    CU_ASSERT_EQUAL(u->key_line[TCO_O_TDP_W], 9); /* where the value is written */
    CU_ASSERT_EQUAL(u->key_line[TCO_O_GPU_PRICE], 16);
    CU_ASSERT_DOUBLE_EQUAL(u2->gpu_price, 40, 0); /* through two levels */
    CU_ASSERT_STRING_EQUAL(u2->label, "twice removed");
    tco_scenario_free(s);
    tco_diags_free(d);

    expect("[option x]\nbase = y\n[option y]\nbase = x\n",
           "t.ini:15: error: option 'x' inherits from itself: base = y closes a cycle");
    expect("[option x]\nbase = x\n",
           "t.ini:15: error: option 'x' inherits from itself: base = x closes a cycle");
    expect_text("[scenario]\nname = t\ninclude = other.ini\n[option r]\nacquire = rent\n"
                "count = 1\nprice_per_gpu_hour = 1\n",
                "t.ini:3: error: include needs a scenario file: a scenario read from a string "
                "cannot include files");
    expect("[option x]\nbase = bb\n",
           "t.ini:15: error: base 'bb' is not an option; did you mean 'b'?");
    /* An inherited key that does not fit the option's kind is reported where it
     * is written. */
    expect("[option x]\nbase = b\nacquire = rent\nprice_per_gpu_hour = 1\n",
           "t.ini:8: error: 'gpu_price' applies to buy options only; option 'x' is acquire = "
           "rent");
}

int main(void)
{
    static const check_case cases[] = {
        {"valid base and defaults", test_valid_base},
        {"values, quotes, long lines, BOM, CRLF", test_values},
        {"inputs by device and inode", test_input_at},
        {"numbers", test_numbers},
        {"months", test_months},
        {"ranges", test_ranges},
        {"enumerations", test_enums},
        {"structure", test_structure},
        {"required keys", test_required},
        {"rules across keys", test_rules},
        {"bytes: length and UTF-8", test_bytes},
        {"all errors reported, capped", test_all_errors_reported},
        {"file errors", test_file_errors},
        {"cases", test_cases},
        {"sensitivity and uncertainty", test_sensitivity_and_uncertainty},
        {"base = OPTION", test_base},
        {NULL, NULL},
    };
    return check_run("scenario", cases);
}
