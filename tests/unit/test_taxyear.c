/* test_taxyear.c - tax depreciation by tax year (docs/MODEL.md, "Tax
 * depreciation by tax year"), against the examples worked out there by hand:
 * MACRS-5 under the half-year convention after section 179 expensing and 60%
 * bonus, checked with IRS Pub. 946 table A-1's percentages; the mid-quarter
 * convention (table A-5) for hardware placed in service in the last quarter
 * of its tax year; the phase-out; the budget's tax by fiscal year. Every
 * expected value is derived in the comments from the scenario's inputs. */
#include "check.h"

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* One option bought at 100,000 (1 GPU, no other cost, no power), sold for 10%
 * (10,000) at month 36; [tax] rate 0.25 with MACRS-5. START is the first
 * month of operation, TAX more [tax] keys. */
#define SCENARIO(START, TAX)                                                                       \
    "[scenario]\nname = t\nhorizon_months = 36\nhours_per_month = 100\ndiscount_rate = 0\n"        \
    "start = " START "\n[site]\nelectricity_price = 0\n"                                           \
    "[option own]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"                      \
    "resale_fraction = 0.1\n"                                                                      \
    "[tax]\nrate = 0.25\ndepreciation = macrs-5\n" TAX

static tco_result *run(const char *text, tco_scenario **s)
{
    tco_result *r = check_compute(text, "t.ini", s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

/* Pub. 946 table A-1, 5-year property, percent: 20, 32, 19.2, 11.52, 11.52,
 * 5.76. Start 2027-02: month 0 is January 2027, the first quarter of FY2027
 * (months 0..11), so the half-year convention. Section 179: the limit 30,000
 * falls by 100,000 - 80,000 = 20,000 to 10,000; bonus 60% of 90,000 = 54,000;
 * MACRS on 36,000: 7,200, 11,520, 6,912, 4,147.20, ... */
static void test_half_year_bonus_179(void)
{
    tco_scenario *s;
    tco_result *r = run(SCENARIO("2027-02", "expense_limit = 30000\nexpense_phaseout = 80000\n"
                                            "bonus_fraction = 0.6\n"),
                        &s);
    const tco_option_result *o = &r->options[0];
    CLOSE(o->tax_expensing, 10000);
    CLOSE(o->tax_bonus, 54000);
    CU_ASSERT_EQUAL(o->tax_convention, 0);
    /* FY2027: 10,000 + 54,000 + 0.20 * 36,000 = 71,200 over months 0..11. */
    CLOSE(o->tax_depreciation0, 71200.0 / 12);
    for (int m = 1; m <= 11; m++)
        CLOSE(o->monthly[m - 1].tax_depreciation, 71200.0 / 12);
    /* FY2028 (months 12..23): 0.32 * 36,000 = 11,520, 960 a month; FY2029
     * (24..35): 0.192 * 36,000 = 6,912, 576 a month; FY2030 (month 36 alone):
     * 0.1152 * 36,000 = 4,147.20. */
    for (int m = 12; m <= 23; m++)
        CLOSE(o->monthly[m - 1].tax_depreciation, 960);
    for (int m = 24; m <= 35; m++)
        CLOSE(o->monthly[m - 1].tax_depreciation, 576);
    CLOSE(o->monthly[35].tax_depreciation, 4147.2);
    /* 71,200 + 11,520 + 6,912 + 4,147.20 = 93,779.20; left 6,220.80 (=
     * 0.1152 + 0.0576 of 36,000); sold for 10,000: 0.25 * 3,779.20 = 944.80. */
    CLOSE(o->tax_depreciation, 93779.2);
    CLOSE(o->tax_book_value_end, 6220.8);
    CLOSE(o->tax_on_sale, 944.8);
    CLOSE(o->tax0, -0.25 * 71200.0 / 12);
    CLOSE(o->monthly[35].tax, -0.25 * 4147.2 + 944.8); /* -92 */
    /* Over the horizon -0.25 * (100,000 - 10,000): the order moves time only. */
    CLOSE(o->tax, -22500);
    CLOSE(o->after_tax_total, 90000 - 22500);
    /* The budget's tax by fiscal year: -0.25 * 71,200 = -17,800; -2,880;
     * -1,728; -1,036.80 + 944.80 = -92. */
    tco_budget *b = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(r, &b), TCO_OK);
    CU_ASSERT_EQUAL(b->n_years, 4);
    const double want[] = {-17800, -2880, -1728, -92};
    for (size_t y = 0; y < 4 && y < b->n_years; y++)
        CLOSE(b->value[y * TCO_BUDGET_COLS + TCO_BUDGET_TAX], want[y]);
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Start 2027-01: month 0 is December 2026, the last quarter of FY2026, all of
 * the year's basis placed in service there (more than 40%): the mid-quarter
 * convention, table A-5 (5, 38, 22.8, 13.68, 10.94, 9.58%). */
static void test_mid_quarter(void)
{
    tco_scenario *s;
    tco_result *r = run(SCENARIO("2027-01", ""), &s);
    const tco_option_result *o = &r->options[0];
    CU_ASSERT_EQUAL(o->tax_convention, 4);
    CLOSE(o->tax_expensing, 0);
    CLOSE(o->tax_bonus, 0);
    /* FY2026 is month 0 alone: 5,000 (the half-year table would give 20,000). */
    CLOSE(o->tax_depreciation0, 5000);
    CLOSE(o->tax0, -1250);
    /* FY2027 (months 1..12): 38,000 / 12; FY2028 (13..24): 22,800 / 12 = 1,900;
     * FY2029 (25..36): 13,680 / 12 = 1,140. */
    CLOSE(o->monthly[0].tax_depreciation, 38000.0 / 12);
    CLOSE(o->monthly[11].tax_depreciation, 38000.0 / 12);
    CLOSE(o->monthly[12].tax_depreciation, 1900);
    CLOSE(o->monthly[35].tax_depreciation, 1140);
    /* 5,000 + 38,000 + 22,800 + 13,680 = 79,480; left 20,520 (10.94 + 9.58%);
     * 0.25 * (10,000 - 20,520) = -2,630. */
    CLOSE(o->tax_depreciation, 79480);
    CLOSE(o->tax_book_value_end, 20520);
    CLOSE(o->tax_on_sale, -2630);
    CLOSE(o->tax, -22500);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A fiscal year from July: start 2027-05 makes month 0 April 2027, the tenth
 * month of FY2027 (July 2026 to June 2027), its last quarter: mid-quarter,
 * 5% of 100,000 over months 0..2 (April..June). From April, month 0 is the
 * first month of FY2028: half-year. */
static void test_fiscal_year_quarter(void)
{
    tco_scenario *s;
    tco_result *r = run(SCENARIO("2027-05\nfiscal_year_start = 7", ""), &s);
    CU_ASSERT_EQUAL(r->options[0].tax_convention, 4);
    CLOSE(r->options[0].tax_depreciation0, 5000.0 / 3);
    CLOSE(r->options[0].monthly[1].tax_depreciation, 5000.0 / 3);   /* month 2, June */
    CLOSE(r->options[0].monthly[2].tax_depreciation, 38000.0 / 12); /* month 3, July */
    tco_result_free(r);
    tco_scenario_free(s);
    r = run(SCENARIO("2027-05\nfiscal_year_start = 4", ""), &s);
    CU_ASSERT_EQUAL(r->options[0].tax_convention, 0);
    /* FY2028 (April 2027 to March 2028): months 0..11, 20,000 / 12. */
    CLOSE(r->options[0].tax_depreciation0, 20000.0 / 12);
    CLOSE(r->options[0].monthly[11].tax_depreciation, 32000.0 / 12);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The phase-out: a basis of 100,000 above 60,000 by 40,000 takes the whole
 * limit of 30,000 away; a limit of 150,000 with no phase-out expenses all of
 * it, in FY2027 (months 0..11, 100,000 / 12 each) and nothing after. */
static void test_expensing_limits(void)
{
    tco_scenario *s;
    tco_result *r =
        run(SCENARIO("2027-02", "expense_limit = 30000\nexpense_phaseout = 60000\n"), &s);
    CLOSE(r->options[0].tax_expensing, 0);
    CLOSE(r->options[0].tax_depreciation0, 20000.0 / 12);
    tco_result_free(r);
    tco_scenario_free(s);
    r = run(SCENARIO("2027-02", "expense_limit = 150000\n"), &s);
    CLOSE(r->options[0].tax_expensing, 100000);
    CLOSE(r->options[0].tax_bonus, 0);
    CLOSE(r->options[0].tax_depreciation0, 100000.0 / 12);
    CLOSE(r->options[0].monthly[12].tax_depreciation, 0);
    CLOSE(r->options[0].tax_book_value_end, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Pub. 946's tables as the library holds them: each sums to 100% (to 0.01). */
static void test_tables(void)
{
    for (int conv = 0; conv <= 4; conv++) {
        double s5 = 0, s7 = 0;
        for (int y = 1; y <= 8; y++) {
            s5 += tco_macrs_rate_at(5, conv, y);
            s7 += tco_macrs_rate_at(7, conv, y);
        }
        CU_ASSERT(fabs(s5 - 1) < 0.0001 + 1e-12);
        CU_ASSERT(fabs(s7 - 1) < 0.0001 + 1e-12);
    }
    CU_ASSERT_DOUBLE_EQUAL(tco_macrs_rate_at(5, 4, 1), 0.05, 1e-12);   /* */
    CU_ASSERT_DOUBLE_EQUAL(tco_macrs_rate_at(7, 1, 1), 0.25, 1e-12);   /* */
    CU_ASSERT_DOUBLE_EQUAL(tco_macrs_rate_at(5, 3, 2), 0.34, 1e-12);   /* */
    CU_ASSERT_DOUBLE_EQUAL(tco_macrs_rate_at(7, 2, 8), 0.0333, 1e-12); /* */
    CU_ASSERT_EQUAL(tco_macrs_rate_at(5, 5, 1), 0);
    CU_ASSERT_EQUAL(tco_macrs_rate_at(5, 0, 7), 0);
}

int main(void)
{
    static const check_case cases[] = {
        {"half-year, section 179 and bonus", test_half_year_bonus_179},
        {"mid-quarter", test_mid_quarter},
        {"the quarter of a fiscal year", test_fiscal_year_quarter},
        {"expensing limits", test_expensing_limits},
        {"Pub. 946 tables", test_tables},
        {NULL, NULL},
    };
    return check_run("taxyear", cases);
}
