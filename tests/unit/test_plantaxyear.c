/* test_plantaxyear.c - a plan's purchases depreciated for tax by tax year
 * (docs/MODEL.md, "Tax depreciation by tax year", "Plans after tax"): section
 * 179 shared by basis over the purchases placed in service in one tax year,
 * bonus on the rest, and the 40% test over the year's basis after section 179
 * that sends every purchase of the year to the mid-quarter table of its own
 * quarter (IRS Pub. 946, tables A-2..A-5). Every expected value is worked out
 * in the comments from the scenario's inputs and the tables. */
#include "check.h"

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* One GPU at 10,000 (nothing else, no power) resold for half its price at the
 * horizon, 24 months from start 2027-02 (month 0 is January 2027, calendar
 * fiscal years: FY2027 months 0..11, FY2028 12..23, FY2029 month 24); the
 * plan PLAN; [tax] rate 0.25, MACRS-5, section 179 up to 6,000, 50% bonus,
 * and TAX. */
#define SCENARIO(START, PLAN, TAX)                                                                 \
    "[scenario]\nname = t\nhorizon_months = 24\nhours_per_month = 100\ndiscount_rate = 0\n"        \
    "start = " START "\n[site]\nelectricity_price = 0\n"                                           \
    "[option own]\nacquire = buy\ncount = 1\ngpu_price = 10000\ntdp_w = 0\n"                       \
    "resale_fraction = 0.5\n"                                                                      \
    "[demand]\nreference = own\ngpu_hours_per_month = 100\n"                                       \
    "[plan p]\nown = own\n" PLAN "[tax]\nrate = 0.25\ndepreciation = macrs-5\n"                    \
    "expense_limit = 6000\nbonus_fraction = 0.5\n" TAX

static tco_result *run(const char *text, tco_scenario **s)
{
    tco_result *r = check_compute(text, "t.ini", s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

/* The plan's tax of month m (0..H). */
static double tax_at(const tco_plan_result *p, int m)
{
    return m == 0 ? p->tax0 : p->monthly[m - 1].tax;
}

/* buy_at = 0:1, 9:2: 10,000 in January 2027 (quarter 1) and 20,000 in
 * October 2027 (month 9, quarter 4), both in FY2027, basis 30,000.
 * - Section 179: min(30,000, 6,000) = 6,000, shared by basis: 2,000 and 4,000.
 * - Bonus: 0.5 * 8,000 = 4,000 and 0.5 * 16,000 = 8,000.
 * - After section 179: 8,000 (Q1) and 16,000 (Q4): 16,000 / 24,000 = 66.7% in
 *   the last quarter, more than 40%: the mid-quarter convention, table A-2
 *   (35%, 26%, 15.6%) for the first and A-5 (5%, 38%, 22.8%) for the second.
 * - MACRS on the rest: 10,000 - 2,000 - 4,000 = 4,000 and 20,000 - 4,000 -
 *   8,000 = 8,000.
 * - FY2027: 4,000 * 35% + 6,000 = 7,400 over months 0..11 (616.67 a month);
 *   8,000 * 5% + 12,000 = 12,400 over months 9..11 (4,133.33 a month).
 *   FY2028: 4,000 * 26% = 1,040 (86.67 a month), 8,000 * 38% = 3,040 (253.33).
 *   FY2029, month 24 alone: 4,000 * 15.6% = 624, 8,000 * 22.8% = 1,824.
 * - Tax book values at 24: 4,000 - 1,400 - 1,040 - 624 = 936, 8,000 - 400 -
 *   3,040 - 1,824 = 2,736; sold for 5,000 and 10,000: tax on the sales 0.25 *
 *   4,064 = 1,016 and 0.25 * 7,264 = 1,816.
 * - The plan's tax: months 0..8 -0.25 * 616.67 = -154.17; 9..11 -0.25 *
 *   4,750 = -1,187.5; 12..23 -0.25 * 340 = -85; month 24 -0.25 * 2,448 +
 *   2,832 = 2,220. By fiscal year -4,950, -1,020 and 2,220: -3,750 = -0.25 *
 *   (30,000 - 15,000), after_tax_total 15,000 - 3,750 = 11,250. */
static void test_mid_quarter_two_purchases(void)
{
    tco_scenario *s;
    tco_result *r = run(SCENARIO("2027-02", "buy_at = 0:1, 9:2\n", ""), &s);
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 1);
    const tco_plan_result *p = &r->plans[0];
    CU_ASSERT_EQUAL_FATAL(p->n_purchases, 2);
    const tco_plan_purchase *a = &p->purchases[0], *b = &p->purchases[1];
    CU_ASSERT_EQUAL(a->tax_by_year, 1);
    CU_ASSERT_EQUAL(b->tax_by_year, 1);
    CLOSE(a->tax_expensing, 2000);
    CLOSE(b->tax_expensing, 4000);
    CLOSE(a->tax_bonus, 4000);
    CLOSE(b->tax_bonus, 8000);
    CU_ASSERT_EQUAL(a->tax_convention, 1);
    CU_ASSERT_EQUAL(b->tax_convention, 4);
    CLOSE(a->tax_depreciation0, 7400.0 / 12);
    CLOSE(b->tax_depreciation0, 12400.0 / 3);
    /* The purchases' lines run from the month after each: a's month m at
     * [m - 1], b's at [m - 10]. */
    CLOSE(a->lines[0][10].tax_depreciation, 7400.0 / 12); /* month 11 */
    CLOSE(a->lines[0][11].tax_depreciation, 1040.0 / 12); /* month 12 */
    CLOSE(a->lines[0][23].tax_depreciation, 624);         /* month 24 */
    CLOSE(b->lines[0][1].tax_depreciation, 12400.0 / 3);  /* month 11 */
    CLOSE(b->lines[0][2].tax_depreciation, 3040.0 / 12);  /* month 12 */
    CLOSE(b->lines[0][14].tax_depreciation, 1824);        /* month 24 */
    CLOSE(a->tax_on_sale, 1016);
    CLOSE(b->tax_on_sale, 1816);
    for (int m = 0; m <= 8; m++)
        CLOSE(tax_at(p, m), -0.25 * 7400 / 12);
    for (int m = 9; m <= 11; m++)
        CLOSE(tax_at(p, m), -1187.5);
    for (int m = 12; m <= 23; m++)
        CLOSE(tax_at(p, m), -85);
    CLOSE(tax_at(p, 24), 2220);
    CLOSE(p->monthly[23].own_sale_tax, 2832);
    CLOSE(p->total, 15000);
    CLOSE(p->after_tax_total, 11250);
    tco_budget *bg = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(r, &bg), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(bg->n_years, 3);
    const double want[] = {-4950, -1020, 2220};
    for (size_t y = 0; y < 3; y++)
        CLOSE(bg->plan_value[y * TCO_PLAN_BUDGET_COLS + TCO_PLAN_BUDGET_TAX], want[y]);
    tco_budget_free(bg);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* buy_at = 0:1, 6:2: the second in July 2027 (quarter 3): nothing in the
 * last quarter, the half-year table A-1 (20%, 32%, 19.2%) for both. FY2027:
 * 4,000 * 20% + 6,000 = 6,800 over months 0..11; 8,000 * 20% + 12,000 = 13,600
 * over months 6..11 (2,266.67 a month). Then buy_at = 0:1, 12:2 (January
 * 2028, FY2028): each tax year its own section 179 limit, 6,000 each: the
 * first expenses 6,000, bonus 2,000, rest 2,000 (A-1: 400 + 8,000 = 8,400 in
 * FY2027); the second 6,000, bonus 7,000, rest 7,000. */
static void test_half_year_and_years_apart(void)
{
    tco_scenario *s;
    tco_result *r = run(SCENARIO("2027-02", "buy_at = 0:1, 6:2\n", ""), &s);
    const tco_plan_purchase *a = &r->plans[0].purchases[0], *b = &r->plans[0].purchases[1];
    CU_ASSERT_EQUAL(a->tax_convention, 0);
    CU_ASSERT_EQUAL(b->tax_convention, 0);
    CLOSE(a->tax_depreciation0, 6800.0 / 12);
    CLOSE(b->tax_depreciation0, 13600.0 / 6);
    CLOSE(b->lines[0][4].tax_depreciation, 13600.0 / 6); /* month 11 */
    CLOSE(b->lines[0][5].tax_depreciation, 0.32 * 8000 / 12);
    tco_result_free(r);
    tco_scenario_free(s);
    r = run(SCENARIO("2027-02", "buy_at = 0:1, 12:2\n", ""), &s);
    a = &r->plans[0].purchases[0];
    b = &r->plans[0].purchases[1];
    CLOSE(a->tax_expensing, 6000);
    CLOSE(a->tax_bonus, 2000);
    CLOSE(b->tax_expensing, 6000);
    CLOSE(b->tax_bonus, 7000);
    CLOSE(a->tax_depreciation0, 8400.0 / 12);
    CLOSE(b->tax_depreciation0, (13000 + 0.2 * 7000) / 12);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The phase-out counts the year's basis: with expense_phaseout = 25,000 the
 * limit falls by 30,000 - 25,000 = 5,000 to 1,000, shared 333.33 and 666.67
 * (each purchase alone, under 25,000, would have had its 6,000). */
static void test_phaseout_over_the_year(void)
{
    tco_scenario *s;
    tco_result *r =
        run(SCENARIO("2027-02", "buy_at = 0:1, 9:2\n", "expense_phaseout = 25000\n"), &s);
    CLOSE(r->plans[0].purchases[0].tax_expensing, 1000.0 / 3);
    CLOSE(r->plans[0].purchases[1].tax_expensing, 2000.0 / 3);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A plan that owns the option's GPU at once, bought at month 0, is taxed as
 * the option is, month by month: start 2027-01 puts month 0 (December 2026)
 * in the last quarter of FY2026 (table A-5), with section 179 and bonus. */
static void test_at_once_equals_the_option(void)
{
    static const char *starts[] = {"2027-01", "2027-02", "2027-05"};
    for (size_t k = 0; k < 3; k++) {
        char text[2048];
        snprintf(text, sizeof text, SCENARIO("%s", "own_count = 1\n", ""), starts[k]);
        tco_scenario *s;
        tco_result *r = run(text, &s);
        const tco_option_result *o = &r->options[0];
        const tco_plan_result *p = &r->plans[0];
        CU_ASSERT_EQUAL(p->purchases[0].tax_convention, o->tax_convention);
        CLOSE(p->purchases[0].tax_expensing, o->tax_expensing);
        CLOSE(p->purchases[0].tax_bonus, o->tax_bonus);
        CLOSE(p->tax0, o->tax0);
        for (int m = 1; m <= 24; m++)
            CLOSE(p->monthly[m - 1].tax, o->monthly[m - 1].tax);
        CLOSE(p->after_tax_npv, o->after_tax_npv);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

int main(void)
{
    static const check_case cases[] = {
        {"two purchases, mid-quarter by hand", test_mid_quarter_two_purchases},
        {"half-year; tax years apart", test_half_year_and_years_apart},
        {"the phase-out over the year's basis", test_phaseout_over_the_year},
        {"bought at once equals the option", test_at_once_equals_the_option},
        {NULL, NULL},
    };
    return check_run("plantaxyear", cases);
}
