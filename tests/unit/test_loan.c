/* test_loan.c - a bought option financed by a loan (docs/MODEL.md, "Financing
 * with a loan"), against the numbers worked out there by hand: 30,301 lent at
 * 1% a month over 3 months pays 10,303.01 a month, of which 303.01, 203.01
 * and 102.01 are interest and 10,000, 10,100 and 10,201 principal. */
#include "check.h"

static tco_scenario *load(const char *text)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string(text, "t.ini", &s, d);
    check_print_diags(d);
    CU_ASSERT_EQUAL(st, TCO_OK);
    tco_diags_free(d);
    return s;
}

/* The scenario of MODEL.md's example with horizon H, the loan's rate, term
 * and share given, and its result in *r. */
static tco_scenario *run(int H, const char *loan, tco_result **r)
{
    char text[1024];
    snprintf(text, sizeof text,
             "[scenario]\nname = t\nhorizon_months = %d\nhours_per_month = 100\n"
             "discount_rate = 0\n[site]\nelectricity_price = 0\n"
             "[option b]\nacquire = buy\ncount = 1\ngpu_price = 60602\ntdp_w = 0\n"
             "financing = loan\n%s"
             "[option c]\nacquire = buy\ncount = 1\ngpu_price = 60602\ntdp_w = 0\n",
             H, loan);
    tco_scenario *s = load(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, r), TCO_OK);
    return s;
}

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

#define HALF "loan_fraction = 0.5\nloan_rate = 0.12\nloan_months = 3\n"

/* H = 3: the whole loan within the horizon. */
static void test_loan_by_hand(void)
{
    tco_result *r;
    tco_scenario *s = run(3, HALF, &r);
    const tco_option_result *b = &r->options[0], *c = &r->options[1];
    CLOSE(b->capex, 60602); /* the price */
    CLOSE(b->loan_amount, 30301);
    CLOSE(b->loan_payment, 10303.01);
    CLOSE(b->loan_rate_monthly, 0.01);        /* 12% a year */
    CU_ASSERT_EQUAL(c->loan_rate_monthly, 0); /* paid in cash: no loan */
    const double interest[] = {303.01, 203.01, 102.01}, principal[] = {10000, 10100, 10201};
    double cumulative = 30301;
    for (int m = 0; m < 3; m++) {
        CLOSE(b->monthly[m].loan_interest, interest[m]);
        CLOSE(b->monthly[m].loan_principal, principal[m]);
        CU_ASSERT_EQUAL(b->monthly[m].loan_balance, 0);
        CLOSE(b->monthly[m].cost, 10303.01);
        cumulative += 10303.01;
        CLOSE(b->monthly[m].cumulative, cumulative);
    }
    CLOSE(b->loan_interest, 608.03);
    CLOSE(b->loan_principal, 30301);
    CU_ASSERT_EQUAL(b->loan_balance_at_horizon, 0);
    CLOSE(b->total, 61210.03);
    CLOSE(b->npv, 61210.03);                  /* discount_rate 0 */
    CLOSE(b->depreciation, 60602.0 / 36 * 3); /* straight line over 3 years: 3 months */
    /* Paid in cash: no loan figure, month 0 pays the price. */
    CU_ASSERT_EQUAL(c->loan_amount, 0);
    CU_ASSERT_EQUAL(c->loan_interest, 0);
    CU_ASSERT_EQUAL(c->monthly[0].loan_principal, 0);
    CLOSE(c->total, 60602);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* H = 2: the 10,201 still owed is paid at month 2. */
static void test_loan_past_horizon(void)
{
    tco_result *r;
    tco_scenario *s = run(2, HALF, &r);
    const tco_option_result *b = &r->options[0];
    CU_ASSERT_EQUAL(b->monthly[0].loan_balance, 0);
    CLOSE(b->monthly[1].loan_balance, 10201);
    CLOSE(b->monthly[1].cost, 20504.01);
    CLOSE(b->loan_balance_at_horizon, 10201);
    CLOSE(b->loan_interest, 506.02);
    CLOSE(b->total, 61108.02);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Rate 0: 60,602 / 4 a month, no interest; H = 3 leaves one payment owed. */
static void test_loan_zero_rate(void)
{
    tco_result *r;
    tco_scenario *s = run(3, "loan_rate = 0\nloan_months = 4\n", &r);
    const tco_option_result *b = &r->options[0];
    CLOSE(b->loan_amount, 60602);
    CLOSE(b->loan_payment, 15150.5);
    CU_ASSERT_EQUAL(b->loan_interest, 0);
    CLOSE(b->monthly[0].loan_principal, 15150.5);
    CLOSE(b->loan_balance_at_horizon, 15150.5);
    CLOSE(b->monthly[0].cumulative, 15150.5); /* nothing paid at month 0 */
    CLOSE(b->total, 60602);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Discounted at the loan's own rate (1% a month), its payments are worth what
 * was lent, so the NPV is the price. */
/* The book salvage: salvage_fraction 0.1 of the capex 60,602 (the loan
 * lends part of it; the books hold all of it) = 6,060.2; none without the
 * key. */
static void test_loan_salvage(void)
{
    tco_result *r;
    tco_scenario *s = run(3, HALF "salvage_fraction = 0.1\n", &r);
    CLOSE(r->options[0].salvage_value, 6060.2);
    CU_ASSERT_EQUAL(r->options[1].salvage_value, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_loan_npv(void)
{
    tco_scenario *s = load("[scenario]\nname = t\nhorizon_months = 3\nhours_per_month = 100\n"
                           "discount_rate = 0.12682503013196977\n[site]\nelectricity_price = 0\n"
                           "[option b]\nacquire = buy\ncount = 1\ngpu_price = 60602\ntdp_w = 0\n"
                           "financing = loan\n" HALF);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CLOSE(r->options[0].npv, 60602);
    CLOSE(r->options[0].total, 61210.03);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"loan by hand", test_loan_by_hand},
        {"loan past the horizon", test_loan_past_horizon},
        {"loan at rate 0", test_loan_zero_rate},
        {"loan NPV at its own rate", test_loan_npv},
        {"the book salvage of a financed capex", test_loan_salvage},
        {NULL, NULL},
    };
    return check_run("loan", cases);
}
