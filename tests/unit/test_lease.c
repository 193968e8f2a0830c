/* test_lease.c - a bought option financed by a lease (docs/MODEL.md,
 * "Financing with a lease"), against the numbers worked out there by hand:
 * hardware of 100,000 leased at 3,000 a month, in advance, for 12 months. */
#include "check.h"

#include <math.h>

/* Loads `text`, or returns NULL when it does not load; its status goes to
 * *status when status is not NULL, else its diagnostics are printed. */
static tco_scenario *load(const char *text, tco_status *status)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string(text, "t.ini", &s, d);
    if (status)
        *status = st;
    else
        check_print_diags(d);
    tco_diags_free(d);
    return s;
}

/* The scenario of MODEL.md's example: horizon H, discount rate `dr`, the
 * lease's keys given; its result in *r. */
static tco_scenario *run(int H, const char *dr, const char *lease, tco_result **r)
{
    char text[1024];
    snprintf(text, sizeof text,
             "[scenario]\nname = t\nhorizon_months = %d\nhours_per_month = 100\n"
             "discount_rate = %s\n[site]\nelectricity_price = 0\n"
             "[option b]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"
             "resale_fraction = 0.2\nfinancing = lease\nlease_months = 12\n%s"
             "[option c]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n",
             H, dr, lease);
    tco_scenario *s = load(text, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, r), TCO_OK);
    return s;
}

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

#define BUYOUT "lease_payment = 3000\nlease_end = buyout\nbuyout_fraction = 0.1\n"

/* H = 36, a lease shorter than the horizon, bought out at month 12. */
static void lease_shorter(const char *lease)
{
    tco_result *r;
    tco_scenario *s = run(36, "0", lease, &r);
    const tco_option_result *b = &r->options[0], *c = &r->options[1];
    CLOSE(b->capex, 100000); /* the price, not paid */
    CLOSE(b->lease_payment, 3000);
    double cumulative = 3000; /* the first payment, at month 0 */
    for (int m = 1; m <= 36; m++) {
        const tco_month *mo = &b->monthly[m - 1];
        CLOSE(mo->lease_payment, m <= 11 ? 3000 : 0);
        CLOSE(mo->lease_buyout, m == 12 ? 10000 : 0);
        CLOSE(mo->depreciation, m <= 12 ? 0 : 10000.0 / 36);
        /* Off the books while leased; the buyout's 10,000 from month 12, less
         * 10,000 / 36 a month after it. */
        CLOSE(mo->book_value, m < 12 ? 0 : 10000 - 10000.0 / 36 * (m - 12));
        cumulative += (m <= 11 ? 3000 : 0) + (m == 12 ? 10000 : 0);
        CLOSE(mo->cumulative, cumulative);
    }
    CLOSE(b->monthly[11].cumulative, 46000);
    CLOSE(b->lease_payments, 36000);
    CLOSE(b->lease_buyout, 10000);
    CU_ASSERT_EQUAL(b->commitment_after_horizon, 0);
    CLOSE(b->depreciation, 10000.0 / 36 * 24);
    CLOSE(b->book_value_end, 10000 - 10000.0 / 36 * 24);
    CU_ASSERT_EQUAL(b->book_value0, 0);
    CLOSE(c->book_value0, 100000); /* bought in cash: on the books at month 0 */
    CLOSE(b->residual, 20000);
    CLOSE(b->total, 26000);
    CLOSE(b->npv, 26000); /* discount_rate 0 */
    /* Paid in cash: no lease figure. */
    CU_ASSERT_EQUAL(c->lease_payment, 0);
    CU_ASSERT_EQUAL(c->lease_payments, 0);
    CU_ASSERT_EQUAL(c->monthly[0].lease_payment, 0);
    CLOSE(c->total, 100000); /* no resale given */
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_lease_buyout(void)
{
    lease_shorter(BUYOUT);
}

/* lease_rate_factor = 0.03 of 100,000 is the same 3,000 a month. */
static void test_lease_rate_factor(void)
{
    lease_shorter("lease_rate_factor = 0.03\nlease_end = buyout\nbuyout_fraction = 0.1\n");
}

/* H = 12, returned: twelve payments, no residual although resale_fraction is
 * set, no depreciation. */
static void test_lease_return(void)
{
    tco_result *r;
    tco_scenario *s = run(12, "0", "lease_payment = 3000\n", &r);
    const tco_option_result *b = &r->options[0];
    CLOSE(b->monthly[0].cumulative, 6000);
    CU_ASSERT_EQUAL(b->monthly[11].lease_payment, 0);
    CU_ASSERT_EQUAL(b->lease_buyout, 0);
    CLOSE(b->lease_payments, 36000);
    CU_ASSERT_EQUAL(b->residual, 0);
    CU_ASSERT_EQUAL(b->depreciation, 0);
    CU_ASSERT_EQUAL(b->book_value_end, 0);
    CLOSE(b->total, 36000);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* H = 6: the lease runs past the horizon; months 7..12 are owed. At 1% a
 * month the NPV is 3,000 * sum_{t=0..11} 1.01^-t. A buyout past the horizon is
 * not counted: the same figures. */
static void lease_longer(const char *lease)
{
    tco_result *r;
    tco_scenario *s = run(6, "0.12682503013196977", lease, &r);
    const tco_option_result *b = &r->options[0];
    for (int m = 1; m <= 6; m++)
        CLOSE(b->monthly[m - 1].lease_payment, m <= 5 ? 3000 : 0);
    CLOSE(b->lease_payments, 18000);
    CLOSE(b->commitment_after_horizon, 18000);
    CU_ASSERT_EQUAL(b->lease_buyout, 0);
    CU_ASSERT_EQUAL(b->residual, 0);
    CU_ASSERT_EQUAL(b->depreciation, 0);
    CLOSE(b->total, 36000);
    CLOSE(b->commitment_npv, 16542.59102668307);
    CLOSE(b->npv, 34102.88474465843);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_lease_longer(void)
{
    lease_longer("lease_payment = 3000\n");
}

static void test_lease_longer_buyout(void)
{
    lease_longer(BUYOUT);
}

/* H = 36 with return: refused. */
static void test_lease_return_short(void)
{
    tco_status st;
    tco_scenario *s = load("[scenario]\nname = t\nhorizon_months = 36\n[site]\n"
                           "electricity_price = 0\n[option b]\nacquire = buy\ncount = 1\n"
                           "gpu_price = 100000\ntdp_w = 0\nfinancing = lease\n"
                           "lease_months = 12\nlease_payment = 3000\n",
                           &st);
    CU_ASSERT_PTR_NULL(s);
    CU_ASSERT_NOT_EQUAL(st, TCO_OK);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"lease shorter than the horizon, bought out", test_lease_buyout},
        {"lease by rate factor", test_lease_rate_factor},
        {"lease returned at the horizon", test_lease_return},
        {"lease longer than the horizon", test_lease_longer},
        {"lease longer than the horizon, buyout not counted", test_lease_longer_buyout},
        {"lease returned before the horizon is refused", test_lease_return_short},
        {NULL, NULL},
    };
    return check_run("lease", cases);
}
