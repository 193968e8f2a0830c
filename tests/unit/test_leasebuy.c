/* test_leasebuy.c - lease against buy (docs/MODEL.md, "Lease against buy"):
 * a lease's bought twin, its implied rate and the net advantage to leasing,
 * against MODEL.md's example worked out by hand: hardware of 100,000 leased
 * for 2 months at 30,000 in advance and bought out for 41,107, taxed at 25%,
 * against a twin bought with a loan at 12%. */
#include "check.h"

#include <math.h>
#include <string.h>

/* Within half a cent: the figures worked by hand are rounded to cents. */
#define CENTS(a, b) CU_ASSERT(fabs((a) - (b)) < 0.005)
#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* The price and the rates of the example. */
#define C 100000.0
#define T 0.25
#define J (0.12 * (1 - T) / 12) /* 0.75% a month */

/* Loads `text`; the diagnostics' text into diag (when not NULL). */
static tco_scenario *load(const char *text, char *diag, size_t size)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_scenario_load_string(text, "t.ini", &s, d);
    if (diag)
        snprintf(diag, size, "%s", check_diags_text(d));
    else
        check_print_diags(d);
    tco_diags_free(d);
    return s;
}

/* MODEL.md's scenario: a cash option c, a loan option l and the lease e
 * (its keys `lease`), each 1 GPU of 100,000 depreciated straight-line over
 * a year and resold at `resale`; `tax` the [tax] section or "". */
static void text_of(char *text, size_t n, const char *lease, const char *resale, const char *tax)
{
    static const char hw[] = "acquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"
                             "depreciation = straight-line\ndepreciation_years = 1\n"
                             "server_price = 0\nserver_power_w = 0\nutilization = 1\n";
    snprintf(text, n,
             "[scenario]\nname = t\nhorizon_months = 2\nhours_per_month = 100\n"
             "discount_rate = 0\n[site]\nelectricity_price = 0\ncolo_per_kw_month = 0\n%s"
             "[option c]\n%sresale_fraction = %s\n"
             "[option l]\n%sresale_fraction = %s\nfinancing = loan\nloan_rate = 0.12\n"
             "loan_months = 2\n"
             "[option e]\n%sresale_fraction = %s\nfinancing = lease\nlease_payment = 30000\n"
             "lease_months = 2\n%s",
             tax, hw, resale, hw, resale, hw, resale, lease);
}

static tco_result *compute(const char *lease, const char *resale, const char *tax, tco_scenario **s)
{
    char text[2048];
    text_of(text, sizeof text, lease, resale, tax);
    *s = load(text, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(*s, &r), TCO_OK);
    return r;
}

#define TAX     "[tax]\nrate = 0.25\n"
#define BUYOUT  "lease_end = buyout\nbuyout_fraction = 0.41107\n"
#define RETURN_ "lease_end = return\n"

/* The NAL by hand: buy - lease = 77,500 at month 0 (the price less 75% of
 * 30,000), -2,083.33 - 22,500 = -24,583.33 at month 1 (the twin's
 * depreciation shield, 25% of 100,000 / 12, less the second payment after
 * tax), -53,746.92 at month 2 (the twin's -60,416.67 less the lease's
 * -6,669.75); discounted at 0.75% a month: 77,500 - 24,400.33 - 52,949.69. */
static double nal_by_hand(void)
{
    double shield = T * C / 12;                                     /* 2,083.33 */
    double buy2 = -shield - 50000 + T * (50000 - (C - 2 * C / 12)); /* -60,416.67 */
    double lease2 = 41107 - 50000 + T * (50000 - 41107);            /* -6,669.75 */
    double f1 = -shield - (1 - T) * 30000;                          /* -24,583.33 */
    return 77500 + f1 / (1 + J) + (buy2 - lease2) / ((1 + J) * (1 + J));
}

/* Bought out: the twin is the loan (c, in cash, comes first and is passed
 * over); 1% a month implied, 12.6825% a year; nal 149.98 at 9% a year. */
static void test_buyout(void)
{
    tco_scenario *s;
    tco_result *r = compute(BUYOUT, "0.5", TAX, &s);
    const tco_option_result *e = &r->options[2];
    CU_ASSERT_EQUAL(e->compare_to, 1);
    /* 30,000 + 30,000 / 1.01 + 41,107 / 1.01^2 = 100,000. */
    CLOSE(30000 + 30000 / 1.01 + 41107 / (1.01 * 1.01), C);
    CU_ASSERT(fabs(e->implied_rate - 0.12682503013196977) < 1e-9);
    CLOSE(e->nal_rate, 0.09);
    CENTS(nal_by_hand(), 149.98);
    CENTS(e->nal, 149.98);
    CENTS(e->nal, nal_by_hand());
    /* Not leased: no twin, no figures. */
    for (int i = 0; i < 2; i++) {
        CU_ASSERT_EQUAL(r->options[i].compare_to, -1);
        CU_ASSERT(isnan(r->options[i].implied_rate));
        CU_ASSERT(isnan(r->options[i].nal));
    }
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Returned at month 2 = H, resale 41,107 for all: the lessee forgoes the
 * resale value, as the buyout above; buy(2) = -2,083.33 - 41,107 + 0.25 *
 * (41,107 - 83,333.33) = -53,746.92, lease 22,500, 22,500, 0: the same. */
static void test_return(void)
{
    tco_scenario *s;
    tco_result *r = compute(RETURN_, "0.41107", TAX, &s);
    const tco_option_result *e = &r->options[2];
    CU_ASSERT_EQUAL(e->compare_to, 1);
    CU_ASSERT(fabs(e->implied_rate - 0.12682503013196977) < 1e-9);
    CENTS(e->nal, 149.98);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* compare_to names the twin in cash: its rate is lease_discount_rate's, the
 * same 149.98; without lease_discount_rate, no NAL, the implied rate stays. */
static void test_cash_twin(void)
{
    tco_scenario *s;
    tco_result *r = compute(BUYOUT "compare_to = c\nlease_discount_rate = 0.12\n", "0.5", TAX, &s);
    const tco_option_result *e = &r->options[2];
    CU_ASSERT_EQUAL(e->compare_to, 0);
    CENTS(e->nal, 149.98);
    CLOSE(e->nal_rate, 0.09);
    tco_result_free(r);
    tco_scenario_free(s);
    r = compute(BUYOUT "compare_to = c\n", "0.5", TAX, &s);
    e = &r->options[2];
    CU_ASSERT_EQUAL(e->compare_to, 0);
    CU_ASSERT(isnan(e->nal));
    CU_ASSERT(isnan(e->nal_rate));
    CU_ASSERT(fabs(e->implied_rate - 0.12682503013196977) < 1e-9);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Without [tax] (t = 0), j = 1% a month, the implied rate: the lease's
 * flows are a loan at the twin's own rate and nal is 0 (buy - lease =
 * 70,000, -30,000, -41,107 + 50,000 - 50,000: 70,000 - 29,702.97 -
 * 40,297.03). */
static void test_untaxed(void)
{
    tco_scenario *s;
    tco_result *r = compute(BUYOUT, "0.5", "", &s);
    const tco_option_result *e = &r->options[2];
    CLOSE(e->nal_rate, 0.12);
    CU_ASSERT(fabs(e->nal) < 1e-6);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The loader's errors, at the key's line. */
static void refused(const char *lease, const char *want)
{
    char text[2048], diag[4096];
    text_of(text, sizeof text, lease, "0.5", "");
    tco_scenario *s = load(text, diag, sizeof diag);
    CU_ASSERT_PTR_NULL(s);
    if (!strstr(diag, want))
        fprintf(stderr, "\nwant '%s' in:\n%s\n", want, diag);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag, want));
    tco_scenario_free(s);
}

static void test_errors(void)
{
    refused(BUYOUT "compare_to = cc\n",
            "t.ini:50: error: compare_to 'cc' is not an option; did you mean 'c'?");
    refused(BUYOUT "compare_to = e\n", "t.ini:50: error: compare_to 'e' is not a bought twin of "
                                       "option 'e': it must be bought in cash or with a loan, "
                                       "with the same gpu and count");
    /* On an option not leased. */
    char text[2048], diag[4096];
    text_of(text, sizeof text, BUYOUT, "0.5", "");
    char *at = strstr(text, "loan_months = 2\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    char edited[2100];
    snprintf(edited, sizeof edited, "%.*scompare_to = c\n%s", (int)(at - text), text, at);
    tco_scenario *s = load(edited, diag, sizeof diag);
    CU_ASSERT_PTR_NULL(s);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag, "'compare_to' applies to financing = lease only; option "
                                        "'l' is financing = loan"));
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"lease bought out against a twin with a loan", test_buyout},
        {"lease returned: the resale value forgone", test_return},
        {"twin in cash named by compare_to", test_cash_twin},
        {"without tax the implied rate's loan is worth nothing", test_untaxed},
        {"compare_to refused", test_errors},
        {NULL, NULL},
    };
    return check_run("leasebuy", cases);
}
