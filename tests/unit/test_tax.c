/* test_tax.c - taxes (docs/MODEL.md, "Taxes (`[tax]`)"), against the numbers
 * worked out there by hand, and the cases the example does not reach: a lease
 * bought out and one returned, a rent option's upfront, a commitment past the
 * horizon, and the ranking by rank_by with the decision's `best`. Every
 * expected value is derived in the comments from the scenario's inputs. */
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

/* MODEL.md's example: H = 3, 100 hours a month, no discounting; `own` buys at
 * 20,100 with a loan of all of it at 1% a month over 2 months, 1,000 a month
 * of staff, straight line over 1 year, residual 0.5 * 20,100 = 10,050; the
 * baseline `cloud` rents at 50 an hour, 5,000 a month. TAX is the [tax]
 * section (or nothing). */
#define EXAMPLE(TAX)                                                                               \
    "[scenario]\nname = t\nhorizon_months = 3\nhours_per_month = 100\ndiscount_rate = 0\n"         \
    "baseline = cloud\n[site]\nelectricity_price = 0\n"                                            \
    "[option own]\nacquire = buy\ncount = 1\ngpu_price = 20100\ntdp_w = 0\n"                       \
    "financing = loan\nloan_fraction = 1\nloan_rate = 0.12\nloan_months = 2\n"                     \
    "staff_per_month = 1000\ndepreciation_years = 1\nresale_fraction = 0.5\n"                      \
    "[option cloud]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 50\n" TAX

/* The annual rate of the monthly IRR whose x = 1/(1 + r) is the positive
 * root of a x^2 - b x - c = 0 (a, b, c > 0): the flows 0, -c, -b, a. */
static double irr_of_quadratic(double a, double b, double c)
{
    double x = (b + sqrt(b * b + 4 * a * c)) / (2 * a);
    return pow(1 / x, 12) - 1;
}

/* Straight line, interest deductible (the example's first bullets). */
static void test_example_straight_line(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE("[tax]\nrate = 0.25\n"), &r);
    const tco_option_result *o = &r->options[0], *c = &r->options[1];
    /* The loan: 10,201 a month; interest 201 then 101. Pre-tax total
     * 11,201 + 11,201 + 1,000 - 10,050 = 13,352. */
    CLOSE(o->loan_payment, 10201);
    CLOSE(o->monthly[0].loan_interest, 201);
    CLOSE(o->monthly[1].loan_interest, 101);
    CLOSE(o->total, 13352);
    /* Capex is depreciated, not deducted at month 0 (a loan pays nothing then). */
    CLOSE(o->tax0, 0);
    /* 20,100 / 12 = 1,675 a month, 5,025 over 3 months; 15,075 left. */
    for (int m = 0; m < 3; m++)
        CLOSE(o->monthly[m].tax_depreciation, 1675);
    CLOSE(o->tax_depreciation, 5025);
    CLOSE(o->tax_book_value_end, 15075);
    /* Sold for 10,050 against 15,075: 0.25 * -5,025 = -1,256.25. */
    CLOSE(o->tax_on_sale, -1256.25);
    /* -0.25 * (1,000 + 201 + 1,675) = -719; -0.25 * (1,000 + 101 + 1,675) =
     * -694; -0.25 * (1,000 + 1,675) - 1,256.25 = -668.75 - 1,256.25 = -1,925. */
    CLOSE(o->monthly[0].tax, -719);
    CLOSE(o->monthly[1].tax, -694);
    CLOSE(o->monthly[2].tax, -1925);
    /* The deductions themselves: 1,000 + 201 + 1,675 = 2,876; 1,000 + 101 +
     * 1,675 = 2,776; 1,000 + 1,675 = 2,675; nothing at month 0. */
    CLOSE(o->deductible0, 0);
    CLOSE(o->monthly[0].deductible, 2876);
    CLOSE(o->monthly[1].deductible, 2776);
    CLOSE(o->monthly[2].deductible, 2675);
    CLOSE(o->commitment_tax, 0);
    CLOSE(o->tax, -3338); /* -719 - 694 - 1,925 = -0.25 * 13,352 */
    CLOSE(o->after_tax_total, 10014);
    CLOSE(o->after_tax_npv, 10014); /* no discounting */
    /* The book view is the option's own, unchanged. */
    CLOSE(o->depreciation, 5025);
    /* The baseline: 5,000 a month deducted, -1,250 a month; nothing owned. */
    CLOSE(c->tax0, 0);
    for (int m = 0; m < 3; m++) {
        CLOSE(c->monthly[m].tax, -1250);
        CU_ASSERT_EQUAL(c->monthly[m].tax_depreciation, 0);
    }
    CLOSE(c->tax_depreciation, 0);
    CLOSE(c->tax_book_value_end, 0);
    CLOSE(c->tax_on_sale, 0);
    CLOSE(c->tax, -3750);
    CLOSE(c->after_tax_total, 11250);
    CLOSE(c->after_tax_npv, 11250);
    /* Pre-tax flow 0, 5,000 - 11,201 = -6,201, -6,201, 5,000 - 1,000 + 10,050
     * = 14,050: 14,050 x^2 - 6,201 x - 6,201 = 0 (169.47% a year). */
    CLOSE(o->irr, irr_of_quadratic(14050, 6201, 6201));
    CU_ASSERT(fabs(o->irr - 1.6947) < 5e-5);
    /* After tax: 0, 3,750 - (11,201 - 719) = -6,732, 3,750 - (11,201 - 694) =
     * -6,757, 3,750 - (1,000 - 1,925) + 10,050 = 14,725:
     * 14,725 x^2 - 6,757 x - 6,732 = 0 (101.06% a year). */
    CLOSE(o->irr_after_tax, irr_of_quadratic(14725, 6757, 6732));
    CU_ASSERT(fabs(o->irr_after_tax - 1.0106) < 5e-5);
    CU_ASSERT_PTR_NULL(o->irr_after_tax_note);
    /* MIRR at 0%: payments -6,732 - 6,757 = -13,489, income 14,725, over 3
     * months: (14,725 / 13,489)^(1/3) a month, (14,725 / 13,489)^4 - 1 a year. */
    CLOSE(o->mirr_after_tax, pow(14725.0 / 13489, 4) - 1);
    /* Cumulative 0, -6,732, -13,489, 1,236: from month 3 (0 at month 0 falls
     * below 0 after); the same discounted at 0%. */
    CLOSE(o->payback_month_after_tax, 3);
    CLOSE(o->discounted_payback_month_after_tax, 3);
    CLOSE(o->payback_month, 3); /* 0, -6,201, -12,402, 1,648 */
    /* A rent option has no returns. */
    CU_ASSERT(isnan(c->irr_after_tax) && isnan(c->mirr_after_tax) &&
              isnan(c->payback_month_after_tax) && isnan(c->discounted_payback_month_after_tax));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* deduct_interest = no: the 302 of interest is not deducted. */
static void test_example_no_interest(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE("[tax]\nrate = 0.25\ndeduct_interest = no\n"), &r);
    const tco_option_result *o = &r->options[0];
    /* -0.25 * (1,000 + 1,675) = -668.75 in months 1 and 2; month 3 as before. */
    CLOSE(o->monthly[0].tax, -668.75);
    CLOSE(o->monthly[1].tax, -668.75);
    CLOSE(o->monthly[2].tax, -1925);
    CLOSE(o->tax, -3262.5);
    CLOSE(o->after_tax_total, 10089.5); /* 75.5 = 0.25 * 302 more */
    tco_result_free(r);
    tco_scenario_free(s);
}

/* [tax] depreciation = macrs-5 over the option's straight line. */
static void test_example_macrs(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE("[tax]\nrate = 0.25\ndepreciation = macrs-5\n"), &r);
    const tco_option_result *o = &r->options[0];
    /* By tax year (MODEL.md, Tax depreciation by tax year): without start, tax
     * year 1 holds months 0..12; the hardware is placed in service at month 0,
     * the tax year's first quarter, so the half-year table A-1: 20% of 20,100
     * = 4,020 in tax year 1, in equal parts over its months 0..3 in the
     * horizon: 1,005 each; 20,100 - 4,020 = 16,080 left. */
    CLOSE(o->tax_depreciation0, 1005);
    for (int m = 0; m < 3; m++)
        CLOSE(o->monthly[m].tax_depreciation, 1005);
    CLOSE(o->tax_depreciation, 4020);
    CLOSE(o->tax_book_value_end, 16080);
    CU_ASSERT_EQUAL(o->tax_convention, 0);
    /* Month 0 deducts 1,005: -251.25. -0.25 * (1,000 + 201 + 1,005) = -551.5;
     * -0.25 * (1,000 + 101 + 1,005) = -526.5; -0.25 * 2,005 + 0.25 * (10,050 -
     * 16,080) = -501.25 - 1,507.5 = -2,008.75. */
    CLOSE(o->deductible0, 1005);
    CLOSE(o->tax0, -251.25);
    CLOSE(o->tax_on_sale, -1507.5);
    CLOSE(o->monthly[0].tax, -551.5);
    CLOSE(o->monthly[1].tax, -526.5);
    CLOSE(o->monthly[2].tax, -2008.75);
    CLOSE(o->tax, -3338); /* the method moves the deductions, not their sum */
    /* The book view keeps the option's straight line: 1,675 a month. */
    CLOSE(o->monthly[0].depreciation, 1675);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Without [tax]: every tax figure NAN, the monthly lines 0, best = cheapest. */
static void test_no_tax(void)
{
    tco_result *r;
    tco_scenario *s = run(EXAMPLE(""), &r);
    CU_ASSERT_EQUAL(s->tax, 0);
    for (size_t i = 0; i < 2; i++) {
        const tco_option_result *o = &r->options[i];
        CU_ASSERT(isnan(o->deductible0));
        for (int m = 0; m < 3; m++)
            CU_ASSERT_EQUAL(o->monthly[m].deductible, 0);
        CU_ASSERT(isnan(o->tax0) && isnan(o->tax_depreciation) && isnan(o->tax_book_value_end) &&
                  isnan(o->tax_on_sale) && isnan(o->commitment_tax) && isnan(o->tax) &&
                  isnan(o->after_tax_total) && isnan(o->after_tax_npv));
        CU_ASSERT(isnan(o->irr_after_tax) && isnan(o->mirr_after_tax) &&
                  isnan(o->payback_month_after_tax) &&
                  isnan(o->discounted_payback_month_after_tax));
        CU_ASSERT_PTR_NULL(o->irr_after_tax_note);
        for (int m = 0; m < 3; m++) {
            CU_ASSERT_EQUAL(o->monthly[m].tax, 0);
            CU_ASSERT_EQUAL(o->monthly[m].tax_depreciation, 0);
        }
    }
    /* own 13,352 < cloud 15,000 */
    CU_ASSERT_EQUAL(r->best, 0);
    CU_ASSERT_EQUAL(r->cheapest, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md's lease: hardware of 100,000 leased at 3,000 a month in advance for
 * 12 months, resale 0.2, straight line over 3 years; [tax] rate 0.25. */
#define LEASE(H, END)                                                                              \
    "[scenario]\nname = t\nhorizon_months = " #H "\nhours_per_month = 100\n"                       \
    "discount_rate = 0\n[site]\nelectricity_price = 0\n"                                           \
    "[option b]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"                        \
    "resale_fraction = 0.2\nfinancing = lease\nlease_months = 12\nlease_payment = 3000\n" END      \
    "[tax]\nrate = 0.25\n"

/* Bought out at month 12 for 10,000, H = 36: the payments are deducted in
 * their months (month 0's too), the buyout depreciated from month 13. */
static void test_lease_buyout(void)
{
    tco_result *r;
    tco_scenario *s = run(LEASE(36, "lease_end = buyout\nbuyout_fraction = 0.1\n"), &r);
    const tco_option_result *o = &r->options[0];
    CLOSE(o->total, 26000); /* MODEL.md, Financing with a lease */
    /* Month 0: the first payment, -0.25 * 3,000 = -750; months 1..11 the same. */
    CLOSE(o->tax0, -750);
    CLOSE(o->deductible0, 3000);
    for (int m = 1; m <= 11; m++) {
        CLOSE(o->monthly[m - 1].deductible, 3000);
        CLOSE(o->monthly[m - 1].tax, -750);
        CU_ASSERT_EQUAL(o->monthly[m - 1].tax_depreciation, 0);
    }
    /* Month 12: the buyout, not deductible, no payment, not yet depreciated. */
    CLOSE(o->monthly[11].tax, 0);
    CU_ASSERT_EQUAL(o->monthly[11].tax_depreciation, 0);
    /* Months 13..36: 10,000 / 3 / 12 = 277.78 a month, -69.44 of tax. */
    for (int m = 13; m <= 35; m++) {
        CLOSE(o->monthly[m - 1].tax_depreciation, 10000.0 / 36);
        CLOSE(o->monthly[m - 1].tax, -0.25 * 10000.0 / 36);
    }
    /* 24 months: 6,666.67; book 3,333.33; sold for 20,000: 0.25 * 16,666.67. */
    CLOSE(o->tax_depreciation, 10000.0 * 24 / 36);
    CLOSE(o->tax_book_value_end, 10000.0 / 3);
    CLOSE(o->tax_on_sale, 0.25 * (20000 - 10000.0 / 3));
    CLOSE(o->monthly[35].tax, -0.25 * 10000.0 / 36 + 0.25 * (20000 - 10000.0 / 3));
    /* -750 * 12 - 0.25 * 6,666.67 + 4,166.67 = -6,500 = -0.25 * 26,000. */
    CLOSE(o->tax, -6500);
    CLOSE(o->after_tax_total, 19500);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Returned at month 12, H = 12: nothing owned, nothing depreciated or sold. */
static void test_lease_return(void)
{
    tco_result *r;
    tco_scenario *s = run(LEASE(12, "lease_end = return\n"), &r);
    const tco_option_result *o = &r->options[0];
    CLOSE(o->total, 36000);
    CLOSE(o->tax0, -750);
    for (int m = 1; m <= 11; m++)
        CLOSE(o->monthly[m - 1].tax, -750);
    CLOSE(o->monthly[11].tax, 0);
    CLOSE(o->tax_depreciation, 0);
    CLOSE(o->tax_book_value_end, 0);
    CLOSE(o->tax_on_sale, 0);
    CLOSE(o->tax, -9000); /* -0.25 * 36,000 */
    CLOSE(o->after_tax_total, 27000);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A reserved rent option, H = 6, 1% a month: 1,200 upfront at month 0, 1,000
 * a month (10 an hour, 100 hours), a 12-month term: 6 months committed past
 * the horizon. */
static void test_rent_upfront_commitment(void)
{
    tco_result *r;
    tco_scenario *s = run("[scenario]\nname = t\nhorizon_months = 6\nhours_per_month = 100\n"
                          "discount_rate = 0.12682503013196977\n"
                          "[option res]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 10\n"
                          "pricing = reserved\nterm_months = 12\nupfront = 1200\n"
                          "[tax]\nrate = 0.25\n",
                          &r);
    const tco_option_result *o = &r->options[0];
    /* total 1,200 + 6 * 1,000 + 6,000 committed = 13,200. */
    CLOSE(o->commitment_after_horizon, 6000);
    CLOSE(o->total, 13200);
    CLOSE(o->tax0, -300); /* the upfront, deducted at month 0 */
    CLOSE(o->deductible0, 1200);
    for (int m = 0; m < 6; m++) {
        CLOSE(o->monthly[m].deductible, 1000); /* 100 h * 10 */
        CLOSE(o->monthly[m].tax, -250);
    }
    CLOSE(o->commitment_tax, -1500); /* -0.25 * 6,000 */
    CLOSE(o->tax, -3300);            /* -300 - 1,500 - 1,500 = -0.25 * 13,200 */
    CLOSE(o->after_tax_total, 9900);
    /* Every flow is deducted in its month: after_tax_npv = 0.75 npv, npv =
     * 1,200 + 1,000 * sum_{m=1..12} 1.01^-m = 1,200 + 100,000 (1 - 1.01^-12). */
    double npv = 1200 + 100000 * (1 - pow(1.01, -12));
    CU_ASSERT(fabs(o->npv - npv) < 1e-6);
    CU_ASSERT(fabs(o->after_tax_npv - 0.75 * npv) < 1e-6);
    CU_ASSERT(isnan(o->irr_after_tax)); /* a rent option has no returns */
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Three options, H = 2, 1% a month (d1 = 1/1.01, d2 = 1/1.0201): a and b buy
 * at 1,980 and 1,960 (straight line over 1 year, no residual), c rents at
 * 1,000 a month. RANK and WORKLOAD are added. */
#define RANKED(RANK, WORKLOAD)                                                                     \
    "[scenario]\nname = t\nhorizon_months = 2\nhours_per_month = 100\n"                            \
    "discount_rate = 0.12682503013196977\n" RANK "[site]\nelectricity_price = 0\n" WORKLOAD        \
    "[option a]\nacquire = buy\ncount = 1\ngpu_price = 1980\ntdp_w = 0\nmemory_gb = 80\n"          \
    "depreciation_years = 1\nresale_fraction = 0\n"                                                \
    "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1960\ntdp_w = 0\nmemory_gb = 80\n"          \
    "depreciation_years = 1\nresale_fraction = 0\n"                                                \
    "[option c]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 10\nmemory_gb = 10\n"             \
    "[tax]\nrate = 0.25\n"

/* Totals: a 1,980, b 1,960, c 2,000. NPV: a 1,980, b 1,960 (paid at month 0),
 * c = 1,000 (d1 + d2) = 990.10 + 980.30 = 1,970.40. After-tax NPV: c = 0.75 *
 * 1,970.40 = 1,477.80; a buy option of price P deducts P/12 at months 1 and 2
 * and sells for 0 at month 2 with 10P/12 left (a loss, deducted): P - 0.25 P
 * (d1/12 + d2/12 + 10 d2/12) = P (1 - 0.25 * 0.981113) = 0.754722 P: a
 * 1,494.35, b 1,479.25. */
static void test_rank_by(void)
{
    static const size_t by_total[] = {1, 0, 2}, by_npv[] = {1, 2, 0}, by_after_tax[] = {2, 1, 0};
    const double d1 = 1 / 1.01, d2 = 1 / 1.0201, f = (d1 + d2 + 10 * d2) / 12;
    tco_result *r;
    tco_scenario *s = run(RANKED("", ""), &r);
    CU_ASSERT(fabs(r->options[2].npv - 1000 * (d1 + d2)) < 1e-6);
    CU_ASSERT(fabs(r->options[2].after_tax_npv - 750 * (d1 + d2)) < 1e-6);
    CU_ASSERT(fabs(r->options[0].after_tax_npv - 1980 * (1 - 0.25 * f)) < 1e-6);
    CU_ASSERT(fabs(r->options[1].after_tax_npv - 1960 * (1 - 0.25 * f)) < 1e-6);
    for (int k = 0; k < 3; k++)
        CU_ASSERT_EQUAL(r->rank[k], by_total[k]);
    CU_ASSERT_EQUAL(r->best, 1);
    CU_ASSERT_EQUAL(r->cheapest, 1);
    tco_result_free(r);
    tco_scenario_free(s);

    s = run(RANKED("rank_by = npv\n", ""), &r);
    CU_ASSERT_EQUAL(s->rank_by, TCO_RANK_NPV);
    for (int k = 0; k < 3; k++)
        CU_ASSERT_EQUAL(r->rank[k], by_npv[k]);
    CU_ASSERT_EQUAL(r->best, 1);
    CU_ASSERT_EQUAL(r->lowest_npv, 1);
    tco_result_free(r);
    tco_scenario_free(s);

    s = run(RANKED("rank_by = after_tax_npv\n", ""), &r);
    for (int k = 0; k < 3; k++)
        CU_ASSERT_EQUAL(r->rank[k], by_after_tax[k]);
    CU_ASSERT_EQUAL(r->best, 2);
    CU_ASSERT_EQUAL(r->cheapest, 1); /* still the lowest total */
    CU_ASSERT_EQUAL(r->lowest_npv, 1);
    tco_result_free(r);
    tco_scenario_free(s);

    /* c cannot hold a model of 1e9 parameters (16 bytes each and 20% more:
     * 19.2 GB in 10 GB): it stays first in the ranking, and best is b. */
    s = run(RANKED("rank_by = after_tax_npv\n", "[workload]\nmodel_params = 1e9\n"), &r);
    CU_ASSERT_EQUAL(r->options[2].infeasible, TCO_INFEASIBLE_MEMORY);
    for (int k = 0; k < 3; k++)
        CU_ASSERT_EQUAL(r->rank[k], by_after_tax[k]);
    CU_ASSERT_EQUAL(r->best, 1);
    CU_ASSERT_EQUAL(r->cheapest, 1);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Equal values keep input order: two identical rent options. */
static void test_rank_ties(void)
{
    tco_result *r;
    tco_scenario *s = run("[scenario]\nname = t\nhorizon_months = 2\nrank_by = after_tax_npv\n"
                          "[option x]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n"
                          "[option y]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n"
                          "[tax]\nrate = 0.3\n",
                          &r);
    CU_ASSERT_EQUAL(r->rank[0], 0);
    CU_ASSERT_EQUAL(r->rank[1], 1);
    CU_ASSERT_EQUAL(r->best, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"example, straight line", test_example_straight_line},
        {"example, interest not deductible", test_example_no_interest},
        {"example, macrs-5", test_example_macrs},
        {"no [tax]", test_no_tax},
        {"lease bought out", test_lease_buyout},
        {"lease returned", test_lease_return},
        {"rent upfront and commitment", test_rent_upfront_commitment},
        {"rank_by and best", test_rank_by},
        {"rank ties", test_rank_ties},
        {NULL, NULL},
    };
    return check_run("tax", cases);
}
