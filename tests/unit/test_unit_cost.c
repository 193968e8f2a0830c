/* test_unit_cost.c - small unit costs for people (docs/MODEL.md, "Unit costs
 * for people"): four significant digits, and the scale at which the lowest
 * cost per unit of work reads best, against the page's hand-worked example. */
#include "check.h"

static void expect_sig(double x, int sig, const char *want)
{
    char buf[TCO_NUMTEXT_MAX];
    tco_format_sig(buf, sizeof buf, x, sig);
    if (strcmp(buf, want) != 0)
        fprintf(stderr, "tco_format_sig(%.17g, %d): '%s', want '%s'\n", x, sig, buf, want);
    CU_ASSERT_STRING_EQUAL(buf, want);
}

static void test_four_digits(void)
{
    expect_sig(1460.0 / 2.628e9 * 1e6, 4, "0.5556");
    expect_sig(63.3412, 4, "63.34");
    expect_sig(3.18249, 4, "3.182");
    expect_sig(0.4, 4, "0.4000");
    expect_sig(1234.56, 4, "1,235");
    expect_sig(1234567.8, 4, "1,234,568");
    expect_sig(9.99996, 4, "10.00"); /* rounds up to the next power of ten */
    expect_sig(0.00063772, 4, "0.0006377");
    expect_sig(9.478523623807168e-07, 4, "0.0000009479");
    expect_sig(-0.0123456, 4, "-0.01235");
    expect_sig(2.5e-18, 4, "2.500e-18");
    expect_sig(0, 4, "0");
    expect_sig(NAN, 4, "n/a");
    expect_sig(INFINITY, 4, "n/a");
    CU_ASSERT_EQUAL(tco_sig_decimals(5.5556e-7, 4), 10);
    CU_ASSERT_EQUAL(tco_sig_decimals(63.34, 4), 2);
    CU_ASSERT_EQUAL(tco_sig_decimals(12345, 4), 0);
    CU_ASSERT_EQUAL(tco_sig_decimals(0, 4), 0);
    char small[4];
    CU_ASSERT_STRING_EQUAL(tco_format_sig(small, sizeof small, 0.5556, 4), "###");
}

/* Every scenario here is named "u.ini" in messages. */
static tco_result *run(const char *text, tco_scenario **s)
{
    return check_compute(text, "u.ini", s);
}

/* MODEL.md's example: 1460 / 2.628e9 = 5.5556e-7 per request; per 1M: 0.5556. */
static void test_scale_by_hand(void)
{
    tco_scenario *s;
    tco_result *r = run("[scenario]\nname = u\nhorizon_months = 1\n[workload]\nunit = request\n"
                        "[option a]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n"
                        "throughput = 1000\n"
                        "[option b]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\n"
                        "throughput = 1000\n",
                        &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT(check_close(r->options[0].cost_per_unit, 1460.0 / 2628000000.0));
    CU_ASSERT(check_close(r->options[1].cost_per_unit, 2190.0 / 2628000000.0));
    tco_unit_scale sc = tco_result_unit_scale(r);
    CU_ASSERT_EQUAL(sc.per, 1e6);
    CU_ASSERT_STRING_EQUAL(sc.prefix, "1M ");
    char buf[64];
    CU_ASSERT_STRING_EQUAL(
        tco_format_sig(buf, sizeof buf, r->options[0].cost_per_unit * sc.per, TCO_UNIT_COST_DIGITS),
        "0.5556");
    CU_ASSERT_STRING_EQUAL(
        tco_format_sig(buf, sizeof buf, r->options[1].cost_per_unit * sc.per, TCO_UNIT_COST_DIGITS),
        "0.8333");
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The scale's ends: a cost of 0.5556 per unit stays per unit; 0.00005556
 * (x 1e3 = 0.0556 < 0.1) goes to per 1M; no throughput, no scale. */
static void test_scale_ends(void)
{
    static const struct {
        const char *throughput;
        double per;
        const char *prefix;
    } cases[] = {{"throughput = 0.001\n", 1, ""},
                 {"throughput = 10\n", 1e6, "1M "},
                 {"throughput = 1\n", 1e3, "1k "},
                 {"", 1, ""}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "[scenario]\nname = u\nhorizon_months = 1\n"
                 "[option a]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n%s",
                 cases[i].throughput);
        tco_scenario *s;
        tco_result *r = run(text, &s);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        tco_unit_scale sc = tco_result_unit_scale(r);
        CU_ASSERT_EQUAL(sc.per, cases[i].per);
        CU_ASSERT_STRING_EQUAL(sc.prefix, cases[i].prefix);
        tco_result_free(r);
        tco_scenario_free(s);
    }
    tco_unit_scale none = tco_result_unit_scale(NULL);
    CU_ASSERT_EQUAL(none.per, 1);
}

int main(void)
{
    static const check_case cases[] = {
        {"four significant digits", test_four_digits},
        {"scale by hand (MODEL.md)", test_scale_by_hand},
        {"scale at its ends", test_scale_ends},
        {NULL, NULL},
    };
    return check_run("unit_cost", cases);
}
