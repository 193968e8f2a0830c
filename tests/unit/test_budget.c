/* test_budget.c - fiscal years and the budget (docs/MODEL.md, "Fiscal years
 * and the budget"), against the numbers worked out there by hand. Each
 * expected value is derived in the comment beside it. */
#include "check.h"

#include <math.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* Loads `text` and computes it; the result in *r. */
static tco_scenario *run(const char *text, tco_result **r)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string(text, "t.ini", &s, d);
    check_print_diags(d);
    tco_diags_free(d);
    CU_ASSERT_EQUAL_FATAL(st, TCO_OK);
    *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, r), TCO_OK);
    return s;
}

static tco_budget *budget_of(const tco_result *r)
{
    tco_budget *b = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(r, &b), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    return b;
}

static double val(const tco_budget *b, size_t i, size_t y, tco_budget_col col)
{
    return b->value[(i * b->n_years + y) * TCO_BUDGET_COLS + col];
}

/* Fiscal year y is `name`, model months first..last, `months` of operation,
 * from/to (NULL for ""), partial when months < 12. */
static void check_year(const tco_budget *b, size_t y, const char *name, int first, int last,
                       int months, const char *from, const char *to)
{
    CU_ASSERT_FATAL(y < b->n_years);
    const tco_fiscal_year *fy = &b->years[y];
    CU_ASSERT_STRING_EQUAL(fy->name, name);
    CU_ASSERT_EQUAL(fy->first_month, first);
    CU_ASSERT_EQUAL(fy->last_month, last);
    CU_ASSERT_EQUAL(fy->months, months);
    CU_ASSERT_EQUAL(fy->partial, months < 12);
    CU_ASSERT_STRING_EQUAL(fy->from, from ? from : "");
    CU_ASSERT_STRING_EQUAL(fy->to, to ? to : "");
}

/* Each year's total is the sum of its columns, and the years' totals of each
 * option add up to `want[i]`. */
static void check_sums(const tco_budget *b, const double *want)
{
    for (size_t i = 0; i < b->n_options; i++) {
        double all = 0;
        for (size_t y = 0; y < b->n_years; y++) {
            double cols = 0;
            for (int k = 0; k < TCO_BUDGET_TOTAL; k++)
                cols += val(b, i, y, (tco_budget_col)k);
            CLOSE(val(b, i, y, TCO_BUDGET_TOTAL), cols);
            all += val(b, i, y, TCO_BUDGET_TOTAL);
        }
        CLOSE(all, want[i]);
    }
}

/* MODEL.md's option: bought in cash at 12,000, 1,000 a month of staff, no
 * power, resale 0.25 (residual 3,000), straight-line over 1 year. */
#define BUY                                                                                        \
    "[site]\nelectricity_price = 0\n[option b]\nacquire = buy\ncount = 1\ngpu_price = 12000\n"     \
    "tdp_w = 0\nstaff_per_month = 1000\nresale_fraction = 0.25\n"                                  \
    "depreciation = straight-line\ndepreciation_years = 1\n"

static char *scenario_text(char *buf, size_t size, int H, const char *scenario_keys,
                           const char *options)
{
    snprintf(buf, size,
             "[scenario]\nname = t\nhorizon_months = %d\nhours_per_month = 100\n"
             "discount_rate = 0\n%s%s",
             H, scenario_keys, options);
    return buf;
}

/* MODEL.md's example: H = 15, start = 2027-05, fiscal_year_start = 7. Month 0
 * is April 2027, in FY2027 (July 2026 .. June 2027) with months 1, 2 (May,
 * June); months 3..14 are July 2027 .. June 2028, FY2028; month 15 is July
 * 2028, FY2029. With [tax] rate = 0.25 the tax column sums the engine's tax
 * lines (tax(m) = -0.25 * (1,000 staff + 1,000 tax depreciation) = -500 in months
 * 1..12, -0.25 * 1,000 = -250 in 13..15, plus the sale's 0.25 * (3,000 - 0)
 * = 750 at month 15; tax_0 = 0 for an option bought in cash). */
static void test_example(void)
{
    char text[2048];
    tco_result *r;
    tco_scenario *s = run(
        scenario_text(text, sizeof text, 15, "start = 2027-05\nfiscal_year_start = 7\n", BUY), &r);
    CLOSE(r->options[0].residual, 3000); /* 12,000 * 0.25 */
    CLOSE(r->options[0].total, 24000);   /* 12,000 + 15 * 1,000 - 3,000 */
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 3);
    CU_ASSERT_EQUAL(b->n_options, 1);
    check_year(b, 0, "FY2027", 0, 2, 2, "2027-04", "2027-06");
    check_year(b, 1, "FY2028", 3, 14, 12, "2027-07", "2028-06");
    check_year(b, 2, "FY2029", 15, 15, 1, "2028-07", "2028-07");
    /* Pre-tax: FY2027 capex 12,000 + staff 2 * 1,000 = 14,000; FY2028 staff
     * 12 * 1,000 = 12,000; FY2029 staff 1,000 - residual 3,000 = -2,000. */
    CLOSE(val(b, 0, 0, TCO_BUDGET_CAPEX), 12000);
    CLOSE(val(b, 0, 0, TCO_BUDGET_STAFF), 2000);
    CLOSE(val(b, 0, 0, TCO_BUDGET_TAX), 0);
    CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 14000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_CAPEX), 0);
    CLOSE(val(b, 0, 1, TCO_BUDGET_STAFF), 12000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_TOTAL), 12000);
    CLOSE(val(b, 0, 2, TCO_BUDGET_STAFF), 1000);
    CLOSE(val(b, 0, 2, TCO_BUDGET_RESIDUAL), -3000);
    CLOSE(val(b, 0, 2, TCO_BUDGET_TOTAL), -2000);
    for (size_t y = 0; y < 3; y++) /* nothing else is paid */
        for (int k = TCO_BUDGET_POWER; k <= TCO_BUDGET_FINANCING; k++)
            if (k != TCO_BUDGET_STAFF)
                CLOSE(val(b, 0, y, (tco_budget_col)k), 0);
    check_sums(b, (double[]){24000}); /* the total, 24,000 */
    tco_budget_free(b);

    tco_result_free(r);
    tco_scenario_free(s);

    /* With [tax] rate = 0.25: the engine's tax lines in the tax column. */
    s = run(scenario_text(text, sizeof text, 15,
                          "start = 2027-05\nfiscal_year_start = 7\n[tax]\nrate = 0.25\n", BUY),
            &r);
    CLOSE(r->options[0].after_tax_total, 18000); /* 24,000 - 0.25 * 24,000 */
    b = budget_of(r);
    /* FY2027: tax of months 1, 2 = -1,000; total 14,000 - 1,000 = 13,000. */
    CLOSE(val(b, 0, 0, TCO_BUDGET_TAX), -1000);
    CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 13000);
    /* FY2028: months 3..12 at -500 (-5,000) and 13, 14 at -250 (-500): -5,500;
     * total 12,000 - 5,500 = 6,500. */
    CLOSE(val(b, 0, 1, TCO_BUDGET_TAX), -5500);
    CLOSE(val(b, 0, 1, TCO_BUDGET_TOTAL), 6500);
    /* FY2029: -250 + 750 = 500; total 1,000 - 3,000 + 500 = -1,500. */
    CLOSE(val(b, 0, 2, TCO_BUDGET_TAX), 500);
    CLOSE(val(b, 0, 2, TCO_BUDGET_TOTAL), -1500);
    /* 13,000 + 6,500 - 1,500 = 18,000 = after_tax_total, 24,000 - 0.25 * 24,000. */
    check_sums(b, (double[]){18000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);

    /* Without start: Y1 months 0..12 (12 of operation), Y2 months 13..15 (3). */
    s = run(scenario_text(text, sizeof text, 15, "", BUY), &r);
    b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
    check_year(b, 0, "Y1", 0, 12, 12, NULL, NULL);
    check_year(b, 1, "Y2", 13, 15, 3, NULL, NULL);
    /* Y1: 12,000 + 12 * 1,000 = 24,000; Y2: 3 * 1,000 - 3,000 = 0. */
    CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 24000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_TOTAL), 0);
    check_sums(b, (double[]){24000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* fiscal_year_start = 1 (the calendar year), given and by default: start
 * 2027-05, H = 15: month 0 April 2027 .. month 8 December 2027 in FY2027
 * (8 months of operation, May..December), months 9..15 (January .. July
 * 2028) in FY2028 (7). */
static void test_calendar_year(void)
{
    const char *keys[] = {"start = 2027-05\nfiscal_year_start = 1\n", "start = 2027-05\n"};
    for (int k = 0; k < 2; k++) {
        char text[2048];
        tco_result *r;
        tco_scenario *s = run(scenario_text(text, sizeof text, 15, keys[k], BUY), &r);
        tco_budget *b = budget_of(r);
        CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
        check_year(b, 0, "FY2027", 0, 8, 8, "2027-04", "2027-12");
        check_year(b, 1, "FY2028", 9, 15, 7, "2028-01", "2028-07");
        /* 12,000 + 8,000 = 20,000; 7,000 - 3,000 = 4,000. */
        CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 20000);
        CLOSE(val(b, 0, 1, TCO_BUDGET_TOTAL), 4000);
        check_sums(b, (double[]){24000});
        tco_budget_free(b);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

/* A start in January: month 0 is the December before, a fiscal year of its
 * own holding month 0 only (no month of operation, partial), capex only.
 * start = 2028-01, H = 12: FY2027 = month 0 (December 2027): 12,000;
 * FY2028 = months 1..12: 12 * 1,000 - 3,000 = 9,000. */
static void test_start_january(void)
{
    char text[2048];
    tco_result *r;
    tco_scenario *s = run(scenario_text(text, sizeof text, 12, "start = 2028-01\n", BUY), &r);
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
    check_year(b, 0, "FY2027", 0, 0, 0, "2027-12", "2027-12");
    check_year(b, 1, "FY2028", 1, 12, 12, "2028-01", "2028-12");
    CLOSE(val(b, 0, 0, TCO_BUDGET_CAPEX), 12000);
    CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 12000);
    for (int k = TCO_BUDGET_POWER; k < TCO_BUDGET_TOTAL; k++)
        CLOSE(val(b, 0, 0, (tco_budget_col)k), 0);
    CLOSE(val(b, 0, 1, TCO_BUDGET_STAFF), 12000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_RESIDUAL), -3000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_TOTAL), 9000);
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A loan's payments are in financing, its down payment in capex, and a
 * lease's payments (its month-0 payment included) in financing. */
static void test_financing(void)
{
    /* MODEL.md's loan: 60,602 half lent at 1% a month over 3 months, H = 3,
     * payment 10,303.01. start = 2027-12: month 0 November 2027 and month 1
     * December are FY2027: capex 30,301 (the down payment), financing
     * 10,303.01; months 2, 3 are FY2028: 2 * 10,303.01 = 20,606.02. The
     * years add to 61,210.03, the total. */
    char text[2048];
    tco_result *r;
    tco_scenario *s = run(scenario_text(text, sizeof text, 3, "start = 2027-12\n",
                                        "[site]\nelectricity_price = 0\n[option l]\nacquire = "
                                        "buy\ncount = 1\ngpu_price = 60602\ntdp_w = 0\n"
                                        "financing = loan\nloan_fraction = 0.5\n"
                                        "loan_rate = 0.12\nloan_months = 3\n"),
                          &r);
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
    check_year(b, 0, "FY2027", 0, 1, 1, "2027-11", "2027-12");
    check_year(b, 1, "FY2028", 2, 3, 2, "2028-01", "2028-02");
    CLOSE(val(b, 0, 0, TCO_BUDGET_CAPEX), 30301);
    CLOSE(val(b, 0, 0, TCO_BUDGET_FINANCING), 10303.01);
    CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 40604.01);
    CLOSE(val(b, 0, 1, TCO_BUDGET_CAPEX), 0);
    CLOSE(val(b, 0, 1, TCO_BUDGET_FINANCING), 20606.02);
    check_sums(b, (double[]){61210.03});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);

    /* MODEL.md's lease: 3,000 a month in advance for 12 months, H = 12,
     * returned. start = 2027-07, fiscal_year_start = 7: month 0 (June 2027)
     * is FY2027: the first payment 3,000, in financing, no capex; months
     * 1..12 (July 2027 .. June 2028) are FY2028: 11 payments, 33,000 (none
     * at month 12). 3,000 + 33,000 = 36,000, the total. */
    s = run(scenario_text(text, sizeof text, 12, "start = 2027-07\nfiscal_year_start = 7\n",
                          "[site]\nelectricity_price = 0\n[option e]\nacquire = buy\ncount = 1\n"
                          "gpu_price = 100000\ntdp_w = 0\nfinancing = lease\nlease_months = 12\n"
                          "lease_payment = 3000\n"),
            &r);
    b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
    check_year(b, 0, "FY2027", 0, 0, 0, "2027-06", "2027-06");
    check_year(b, 1, "FY2028", 1, 12, 12, "2027-07", "2028-06");
    CLOSE(val(b, 0, 0, TCO_BUDGET_CAPEX), 0);
    CLOSE(val(b, 0, 0, TCO_BUDGET_FINANCING), 3000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_FINANCING), 33000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_TOTAL), 33000);
    check_sums(b, (double[]){36000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A rent option's upfront is in rental. MODEL.md's reserved option at 1,000
 * a month, term 12, renewed, upfront 500 at month 0 and months 13 and 25,
 * H = 36: Y1 (months 0..12) 500 + 12,000 = 12,500; Y2 (13..24) 12,500; Y3
 * (25..36) 12,500; 37,500 in all, the total. */
static void test_rent_upfront(void)
{
    char text[2048];
    tco_result *r;
    tco_scenario *s =
        run(scenario_text(text, sizeof text, 36, "",
                          "[option c]\nacquire = rent\ncount = 1\npricing = reserved\n"
                          "price_per_gpu_hour = 10\nterm_months = 12\nupfront = 500\n"),
            &r);
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 3);
    check_year(b, 0, "Y1", 0, 12, 12, NULL, NULL);
    check_year(b, 1, "Y2", 13, 24, 12, NULL, NULL);
    check_year(b, 2, "Y3", 25, 36, 12, NULL, NULL);
    for (size_t y = 0; y < 3; y++) {
        CLOSE(val(b, 0, y, TCO_BUDGET_CAPEX), 0);
        CLOSE(val(b, 0, y, TCO_BUDGET_RENTAL), 12500);
        CLOSE(val(b, 0, y, TCO_BUDGET_TOTAL), 12500);
    }
    check_sums(b, (double[]){37500});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* H = 1: one year, months 0..1, one month of operation, partial: 12,000 +
 * 1,000 - 3,000 = 10,000. */
static void test_one_month(void)
{
    char text[2048];
    tco_result *r;
    tco_scenario *s = run(scenario_text(text, sizeof text, 1, "", BUY), &r);
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 1);
    check_year(b, 0, "Y1", 0, 1, 1, NULL, NULL);
    CLOSE(val(b, 0, 0, TCO_BUDGET_TOTAL), 10000);
    check_sums(b, (double[]){10000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* H = 120: without start, Y1 months 0..12, then Y2..Y10 of 12 months each,
 * Y10 = months 109..120. With start = 2027-05 and fiscal_year_start = 7:
 * FY2027 months 0..2, FY2028..FY2036 months 3+12k..14+12k (k = 0..8, up to
 * month 110), FY2037 months 111..120 (July 2036 .. April 2037, 10 months). The
 * total: 12,000 + 120 * 1,000 - 3,000 = 129,000. */
static void test_ten_years(void)
{
    char text[2048];
    tco_result *r;
    tco_scenario *s = run(scenario_text(text, sizeof text, 120, "", BUY), &r);
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 10);
    check_year(b, 0, "Y1", 0, 12, 12, NULL, NULL);
    check_year(b, 9, "Y10", 109, 120, 12, NULL, NULL);
    for (size_t y = 1; y < 10; y++)
        CU_ASSERT_EQUAL(b->years[y].first_month, 12 * (int)y + 1);
    CLOSE(val(b, 0, 9, TCO_BUDGET_TOTAL), 12000 - 3000); /* 12 * 1,000 - 3,000 */
    check_sums(b, (double[]){129000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);

    s = run(scenario_text(text, sizeof text, 120, "start = 2027-05\nfiscal_year_start = 7\n", BUY),
            &r);
    b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 11);
    check_year(b, 0, "FY2027", 0, 2, 2, "2027-04", "2027-06");
    check_year(b, 1, "FY2028", 3, 14, 12, "2027-07", "2028-06");
    check_year(b, 9, "FY2036", 99, 110, 12, "2035-07", "2036-06");
    check_year(b, 10, "FY2037", 111, 120, 10, "2036-07", "2037-04");
    CLOSE(val(b, 0, 10, TCO_BUDGET_STAFF), 10000);
    CLOSE(val(b, 0, 10, TCO_BUDGET_TOTAL), 7000); /* 10,000 - 3,000 */
    check_sums(b, (double[]){129000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A commitment past the horizon is in no fiscal year: a reserved term of 36
 * months at 1,000 a month with H = 24 has total 24,000 + 12,000 committed =
 * 36,000; its years Y1 (months 0..12) 12,000 and Y2 (13..24) 12,000 add up
 * to 24,000 = total - commitment_after_horizon. */
static void test_commitment(void)
{
    char text[2048];
    tco_result *r;
    tco_scenario *s = run(scenario_text(text, sizeof text, 24, "",
                                        "[option c]\nacquire = rent\ncount = 1\n"
                                        "pricing = reserved\nprice_per_gpu_hour = 10\n"
                                        "term_months = 36\n"),
                          &r);
    CLOSE(r->options[0].commitment_after_horizon, 12000);
    CLOSE(r->options[0].total, 36000);
    tco_budget *b = budget_of(r);
    CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
    CLOSE(val(b, 0, 0, TCO_BUDGET_RENTAL), 12000);
    CLOSE(val(b, 0, 1, TCO_BUDGET_RENTAL), 12000);
    check_sums(b, (double[]){24000});
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The columns' names, and the arguments refused. */
static void test_api(void)
{
    static const char *const names[] = {"capex",       "power", "cooling", "facility",
                                        "maintenance", "staff", "rental",  "financing",
                                        "residual",    "tax",   "total",   "carbon"};
    for (int k = 0; k < TCO_BUDGET_COLS; k++)
        CU_ASSERT_STRING_EQUAL(tco_budget_col_name((tco_budget_col)k), names[k]);
    CU_ASSERT_PTR_NULL(tco_budget_col_name(TCO_BUDGET_COLS));
    tco_budget *b = (tco_budget *)&b;
    CU_ASSERT_EQUAL(tco_budget_compute(NULL, &b), TCO_ERR_ARG);
    CU_ASSERT_PTR_NULL(b);
    tco_budget_free(NULL);
}

int main(void)
{
    static const check_case cases[] = {
        {"MODEL.md's example", test_example},
        {"fiscal_year_start = 1", test_calendar_year},
        {"a start in January", test_start_january},
        {"a loan's and a lease's payments", test_financing},
        {"a rent option's upfront", test_rent_upfront},
        {"H = 1", test_one_month},
        {"H = 120", test_ten_years},
        {"a commitment past the horizon", test_commitment},
        {"the API", test_api},
        {NULL, NULL},
    };
    return check_run("budget", cases);
}
