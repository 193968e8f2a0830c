/* test_returns.c - the returns of buying against the baseline (docs/MODEL.md,
 * "Returns of buying against the baseline"), against the numbers worked out
 * there by hand: the flow -2000, 1100, 1210 has a monthly IRR of 10%, a
 * monthly MIRR at 1% of sqrt(2321/2000) - 1, and pays back at month 2. */
#include "check.h"

/* The scenario `text` computed, its result in *r. */
static tco_scenario *run(const char *text, tco_result **r)
{
    tco_scenario *s;
    *r = check_compute(text, "t.ini", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*r);
    return s;
}

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: H = 2, 1% a month, renting at 1500 a month against
 * buying at 2000 with 400 a month of staff and a residual of 110. */
#define EXAMPLE(PRICE)                                                                             \
    "[scenario]\nname = t\nhorizon_months = 2\nhours_per_month = 100\n"                            \
    "discount_rate = 0.12682503013196977\n[site]\nelectricity_price = 0\n"                         \
    "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 2000\ntdp_w = 0\n"                        \
    "staff_per_month = 400\nresale_fraction = 0.055\n"                                             \
    "[option cloud]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = " PRICE "\n"

static void test_returns_by_hand(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE("15"), &r);
    const tco_option_result *b = &r->options[0];
    /* Monthly IRR 10%: 1.1^12 - 1. */
    CLOSE(b->irr, 2.138428376721003);
    CU_ASSERT_PTR_NULL(b->irr_note);
    /* MIRR at 1%: FV_inc = 1100 * 1.01 + 1210 = 2321, (2321/2000)^6 - 1. */
    CLOSE(b->mirr, 1.442704141589903);
    /* Cumulative -2000, -900, 310; discounted -2000, -910.89, 275.27. */
    CLOSE(b->payback_month, 2);
    CLOSE(b->discounted_payback_month, 2);
    CU_ASSERT_EQUAL(b->breakeven_month, 2);
    /* The baseline and rent options: not applicable. */
    const tco_option_result *c = &r->options[1];
    CU_ASSERT_TRUE(isnan(c->irr) && isnan(c->mirr) && isnan(c->payback_month) &&
                   isnan(c->discounted_payback_month));
    CU_ASSERT_PTR_NULL(c->irr_note);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Renting at 250 a month: the flow -2000, -150, -40 never changes sign. */
static void test_no_sign_change(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE("2.5"), &r);
    const tco_option_result *b = &r->options[0];
    CU_ASSERT_TRUE(isnan(b->irr));
    CU_ASSERT_STRING_EQUAL(b->irr_note, "no sign change");
    CU_ASSERT_TRUE(isnan(b->mirr));
    CU_ASSERT_TRUE(isnan(b->payback_month));
    CU_ASSERT_TRUE(isnan(b->discounted_payback_month));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A payback that dips back: -1000, then 100 a month for 12 months, -400,
 * and -400 + 700 at month 14. The cumulative flow is 0 at month 10, 200 at
 * 12, -200 at 13 and 100 at 14: the payback is month 14, not 10; without the
 * residual buying ends 600 above the baseline (no break-even month). */
static void test_payback_dips_back(void)
{
    tco_result *r;
    tco_scenario *s = run("[scenario]\nname = t\nhorizon_months = 14\nhours_per_month = 100\n"
                          "discount_rate = 0\n[site]\nelectricity_price = 0\n"
                          "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 0\n"
                          "staff_per_month = 900\nresale_fraction = 0.7\n"
                          "[option cloud]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 10\n"
                          "price_decline = 0.5\n",
                          &r);
    const tco_option_result *b = &r->options[0];
    CLOSE(b->payback_month, 14);
    CLOSE(b->discounted_payback_month, 14); /* discount rate 0 */
    CU_ASSERT_EQUAL(b->breakeven_month, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The example's hardware leased instead, 500 a month in advance for the two
 * months: nothing of the 2000 is paid at month 0, only the first payment.
 * The lease pays 500, 500 + 400, 400 (no payment in its last month, no
 * residual): the flow is -500, 1500 - 900 = 600, 1500 - 400 = 1100. The IRR:
 * 1100 x^2 + 600 x - 500 = 0 at x = 1 / (1 + r) = 1000 / 2200, so 1 + r = 2.2
 * a month; MIRR at 1%: FV_inc = 600 * 1.01 + 1100 = 1706 against 500;
 * cumulative -500, 100, 1200 (discounted -500, 94.06, ...): payback month 1. */
static void test_lease_returns(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE("15") "[option lease]\nacquire = buy\ncount = 1\n"
                                        "gpu_price = 2000\ntdp_w = 0\nstaff_per_month = 400\n"
                                        "financing = lease\nlease_payment = 500\n"
                                        "lease_months = 2\n",
                          &r);
    const tco_option_result *e = &r->options[2];
    CLOSE(e->paid0, 500);
    CLOSE(e->total, 1800);
    CLOSE(e->irr, 12854.002631049229); /* 2.2^12 - 1 */
    CU_ASSERT_PTR_NULL(e->irr_note);
    CLOSE(e->mirr, 1576.8079318029413); /* (1706 / 500)^6 - 1 */
    CLOSE(e->payback_month, 1);
    CLOSE(e->discounted_payback_month, 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* No baseline (no rent option): every return is null, with no reason. */
static void test_no_baseline(void)
{
    tco_result *r;
    tco_scenario *s = run("[scenario]\nname = t\nhorizon_months = 2\n"
                          "[site]\nelectricity_price = 0\n"
                          "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 2000\ntdp_w = 0\n",
                          &r);
    const tco_option_result *b = &r->options[0];
    CU_ASSERT_TRUE(isnan(b->irr) && isnan(b->mirr) && isnan(b->payback_month) &&
                   isnan(b->discounted_payback_month));
    CU_ASSERT_PTR_NULL(b->irr_note);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"returns by hand", test_returns_by_hand},
        {"no sign change", test_no_sign_change},
        {"payback dips back", test_payback_dips_back},
        {"no baseline", test_no_baseline},
        {"a lease's month 0 is its first payment", test_lease_returns},
        {NULL, NULL},
    };
    return check_run("returns", cases);
}
