/* test_statements.c - the statements by fiscal year (docs/MODEL.md,
 * "Statements by fiscal year"), against the examples worked out there by
 * hand: a 3-year lease under each standard, with and without a buyout, and a
 * loan's balance at two fiscal year ends. Each expected value is derived in
 * the comment beside it, in closed form (a(k), the annuity factor) and to
 * the cent as MODEL.md prints it. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))
/* A figure MODEL.md prints to the cent. */
#define CENTS(a, b) CU_ASSERT(fabs((a) - (b)) < 0.006)

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

static tco_statements *statements_of(const tco_result *r)
{
    tco_statements *st = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_statements_compute(r, &st), TCO_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    return st;
}

static double val(const tco_statements *st, size_t i, size_t y, tco_stmt_col col)
{
    return st->value[(i * st->n_years + y) * TCO_STMT_COLS + col];
}

/* The annuity factor at 1% a month: a(k) = (1 - 1.01^-k) / 0.01. */
static double a1(int k)
{
    return (1 - pow(1.01, -k)) / 0.01;
}

/* Every year: EBITDA = the cost lines + lease cost, pre-tax = EBITDA +
 * depreciation + interest + loss, after-tax = pre-tax + tax, net cash = the
 * three sections = the budget's total. */
static void check_identities(const tco_statements *st)
{
    for (size_t i = 0; i < st->n_options; i++)
        for (size_t y = 0; y < st->n_years; y++) {
            double lines = val(st, i, y, TCO_STMT_LEASE_COST);
            for (int k = 0; k < TCO_LINES; k++)
                lines += val(st, i, y, (tco_stmt_col)(TCO_STMT_POWER + k));
            CLOSE(val(st, i, y, TCO_STMT_EBITDA), lines);
            CLOSE(val(st, i, y, TCO_STMT_PRE_TAX),
                  val(st, i, y, TCO_STMT_EBITDA) + val(st, i, y, TCO_STMT_DEPRECIATION) +
                      val(st, i, y, TCO_STMT_INTEREST) + val(st, i, y, TCO_STMT_LOSS_ON_SALE));
            CLOSE(val(st, i, y, TCO_STMT_AFTER_TAX),
                  val(st, i, y, TCO_STMT_PRE_TAX) + val(st, i, y, TCO_STMT_TAX));
            double cash = val(st, i, y, TCO_STMT_OPERATING_CASH) +
                          val(st, i, y, TCO_STMT_INVESTING_CASH) +
                          val(st, i, y, TCO_STMT_FINANCING_CASH);
            CLOSE(val(st, i, y, TCO_STMT_NET_CASH), cash);
            const tco_budget *b = st->budget;
            CLOSE(cash, b->value[(i * b->n_years + y) * TCO_BUDGET_COLS + TCO_BUDGET_TOTAL]);
            /* Month by month: a year's flows are its months' sums, its balances
             * those at the end of its last month. */
            const tco_fiscal_year *fy = &b->years[y];
            for (int col = 0; col < TCO_STMT_COLS; col++) {
                double months = 0;
                for (int m = fy->first_month; m <= fy->last_month; m++)
                    months +=
                        st->monthly[(i * st->n_months + (size_t)m) * TCO_STMT_COLS + (size_t)col];
                if (col >= TCO_STMT_FIRST_BALANCE)
                    months =
                        st->monthly[(i * st->n_months + (size_t)fy->last_month) * TCO_STMT_COLS +
                                    (size_t)col];
                CLOSE(months, val(st, i, y, (tco_stmt_col)col));
            }
        }
}

/* The sum over the years of column col of option i. */
static double sum(const tco_statements *st, size_t i, tco_stmt_col col)
{
    double t = 0;
    for (size_t y = 0; y < st->n_years; y++)
        t += val(st, i, y, col);
    return t;
}

/* MODEL.md's lease: 1 GPU at 100,000, no power, H = 36, 3,000 a month for 36
 * months; `extra` the option's other keys. */
static char *lease_text(char *buf, size_t size, const char *extra)
{
    snprintf(buf, size,
             "[scenario]\nname = t\nhorizon_months = 36\nhours_per_month = 100\n"
             "discount_rate = 0\n[site]\nelectricity_price = 0\n"
             "[option l]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"
             "financing = lease\nlease_payment = 3000\nlease_months = 36\n%s",
             extra);
    return buf;
}

/* Example A under ifrs16 and asc842-finance: LL(0) = 3,000 a(35) =
 * 88,225.74, ROU(0) = 91,225.74; LL(12) = 3,000 a(23) = 61,367.46, LL(24) =
 * 3,000 a(11) = 31,102.88; interest per year = the year's payments less the
 * fall of the liability. */
static void check_example_a_on_books(const char *standard)
{
    char text[1024], extra[256];
    snprintf(extra, sizeof extra,
             "lease_end = return\nlease_discount_rate = 0.12\nlease_accounting = %s\n", standard);
    tco_result *r;
    tco_scenario *s = run(lease_text(text, sizeof text, extra), &r);
    tco_statements *st = statements_of(r);
    CU_ASSERT_EQUAL_FATAL(st->n_years, 3);
    check_identities(st);
    const tco_stmt_lease *l = &st->lease[0];
    CU_ASSERT_EQUAL(l->source, TCO_LEASE_RATE_GIVEN); /* no resale: not implicit */
    CLOSE(l->rate_monthly, 0.01);
    CLOSE(l->rate, 0.12);
    double ll0 = 3000 * a1(35), rou0 = ll0 + 3000;
    double ll12 = 3000 * a1(23), ll24 = 3000 * a1(11);
    CLOSE(l->liability0, ll0);
    CENTS(l->liability0, 88225.74);
    CLOSE(l->rou0, rou0);
    CENTS(l->rou0, 91225.74);
    /* Interest: Y1 12 payments 36,000 - (LL0 - LL12) = 9,141.72; Y2 36,000
     * - (LL12 - LL24) = 5,735.42; Y3 11 payments 33,000 - LL24 = 1,897.12. */
    double in1 = 36000 - (ll0 - ll12), in2 = 36000 - (ll12 - ll24), in3 = 33000 - ll24;
    CENTS(in1, 9141.72);
    CENTS(in2, 5735.42);
    CENTS(in3, 1897.12);
    const double in[3] = {in1, in2, in3};
    const double llend[3] = {ll12, ll24, 0};
    const double rou_end[3] = {rou0 * 2 / 3, rou0 / 3, 0}; /* 60,817.16, 30,408.58, 0 */
    const double paid[3] = {39000, 36000, 33000};          /* 13, 12, 11 payments */
    for (size_t y = 0; y < 3; y++) {
        CLOSE(val(st, 0, y, TCO_STMT_EBITDA), 0);
        CLOSE(val(st, 0, y, TCO_STMT_LEASE_COST), 0);
        CLOSE(val(st, 0, y, TCO_STMT_DEPRECIATION), rou0 / 3); /* 30,408.58 */
        CLOSE(val(st, 0, y, TCO_STMT_INTEREST), in[y]);
        CLOSE(val(st, 0, y, TCO_STMT_PRE_TAX), rou0 / 3 + in[y]);
        CLOSE(val(st, 0, y, TCO_STMT_OPERATING_CASH), in[y]);
        CLOSE(val(st, 0, y, TCO_STMT_FINANCING_CASH), paid[y] - in[y]);
        CLOSE(val(st, 0, y, TCO_STMT_INVESTING_CASH), 0);
        CLOSE(val(st, 0, y, TCO_STMT_NET_CASH), paid[y]);
        CLOSE(val(st, 0, y, TCO_STMT_LEASE_LIABILITY), llend[y]);
        CLOSE(val(st, 0, y, TCO_STMT_ROU_ASSET), rou_end[y]);
        CLOSE(val(st, 0, y, TCO_STMT_BOOK_VALUE), 0);
        CLOSE(val(st, 0, y, TCO_STMT_LOAN_BALANCE), 0);
    }
    CENTS(val(st, 0, 0, TCO_STMT_PRE_TAX), 39550.30);
    CENTS(val(st, 0, 1, TCO_STMT_PRE_TAX), 36144.00);
    CENTS(val(st, 0, 2, TCO_STMT_PRE_TAX), 32305.70);
    CENTS(val(st, 0, 0, TCO_STMT_FINANCING_CASH), 29858.28);
    CENTS(val(st, 0, 0, TCO_STMT_ROU_ASSET), 60817.16);
    /* Month by month: month 1's interest 1% of LL(0) = 882.26; the liability
     * after month 1, LL(0) + 882.26 - 3,000 = 3,000 a(34) = 86,108.00. */
    const double *m1 = &st->monthly[1 * TCO_STMT_COLS];
    CENTS(st->lease_interest[1], 882.26);
    CLOSE(st->lease_interest[1], ll0 * 0.01);
    CENTS(m1[TCO_STMT_LEASE_LIABILITY], 86108.00);
    CLOSE(m1[TCO_STMT_LEASE_LIABILITY], 3000 * a1(34));
    CLOSE(m1[TCO_STMT_FINANCING_CASH], 3000 - ll0 * 0.01);
    CLOSE(st->monthly[TCO_STMT_FINANCING_CASH], 3000); /* month 0's payment */
    CLOSE(st->monthly[TCO_STMT_LEASE_LIABILITY], ll0);
    /* In all: 108,000 = total, the lease's 36 payments. */
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), 108000);
    CLOSE(r->options[0].total, 108000);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

static void test_lease_ifrs16(void)
{
    check_example_a_on_books("ifrs16");
}

static void test_lease_asc842_finance(void)
{
    check_example_a_on_books("asc842-finance");
}

/* Example A under asc842-operating: a lease cost of 3,000 a month, 36,000 a
 * year, inside EBITDA; every payment operating cash; the asset is the
 * liability plus the 3,000 paid ahead: 64,367.46, 34,102.88, 0. */
static void test_lease_asc842_operating(void)
{
    char text[1024];
    tco_result *r;
    tco_scenario *s = run(lease_text(text, sizeof text,
                                     "lease_end = return\nlease_discount_rate = 0.12\n"
                                     "lease_accounting = asc842-operating\n"),
                          &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    const double llend[3] = {3000 * a1(23), 3000 * a1(11), 0};
    const double rou_end[3] = {llend[0] + 3000, llend[1] + 3000, 0};
    const double paid[3] = {39000, 36000, 33000};
    for (size_t y = 0; y < 3; y++) {
        CLOSE(val(st, 0, y, TCO_STMT_LEASE_COST), 36000);
        CLOSE(val(st, 0, y, TCO_STMT_EBITDA), 36000);
        CLOSE(val(st, 0, y, TCO_STMT_DEPRECIATION), 0);
        CLOSE(val(st, 0, y, TCO_STMT_INTEREST), 0);
        CLOSE(val(st, 0, y, TCO_STMT_PRE_TAX), 36000);
        CLOSE(val(st, 0, y, TCO_STMT_OPERATING_CASH), paid[y]);
        CLOSE(val(st, 0, y, TCO_STMT_FINANCING_CASH), 0);
        CLOSE(val(st, 0, y, TCO_STMT_LEASE_LIABILITY), llend[y]);
        CLOSE(val(st, 0, y, TCO_STMT_ROU_ASSET), rou_end[y]);
    }
    CENTS(val(st, 0, 0, TCO_STMT_ROU_ASSET), 64367.46);
    CENTS(val(st, 0, 1, TCO_STMT_ROU_ASSET), 34102.88);
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), 108000);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

#define BUYOUT                                                                                     \
    "lease_end = buyout\nbuyout_fraction = 0.1\nresale_fraction = 0.2\n"                           \
    "depreciation = straight-line\ndepreciation_years = 5\n"

/* PV at monthly rate i of MODEL.md's buyout lease's payments: 3,000 at
 * months 0..35, 10,000 at 36. */
static double buyout_pv(double i)
{
    double pv = 0;
    for (int t = 0; t < 36; t++)
        pv += 3000 / pow(1 + i, t);
    return pv + 10000 / pow(1 + i, 36);
}

/* Example B under ifrs16: the implicit rate makes the payments worth the
 * price, so LL(0) = 97,000 and ROU(0) = 100,000; depreciation 100,000 / 5 =
 * 20,000 a year; book value 40,000 at month 36, sold for 20,000: a loss of
 * 20,000; interest 115,000 - 97,000 = 18,000 in all; pre-tax 98,000 =
 * total. */
static void test_buyout_ifrs16(void)
{
    char text[1024];
    tco_result *r;
    tco_scenario *s = run(lease_text(text, sizeof text, BUYOUT), &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    const tco_stmt_lease *l = &st->lease[0];
    CU_ASSERT_EQUAL(l->source, TCO_LEASE_RATE_IMPLICIT);
    CU_ASSERT(fabs(buyout_pv(l->rate_monthly) - 100000) < 1e-6);
    CU_ASSERT(fabs(l->rate_monthly - 0.0089833) < 1e-7); /* 0.89833% a month */
    CLOSE(l->liability0, 97000);
    CLOSE(l->rou0, 100000);
    for (size_t y = 0; y < 3; y++)
        CLOSE(val(st, 0, y, TCO_STMT_DEPRECIATION), 20000);
    CLOSE(val(st, 0, 0, TCO_STMT_ROU_ASSET), 80000);
    CLOSE(val(st, 0, 1, TCO_STMT_ROU_ASSET), 60000);
    CLOSE(val(st, 0, 2, TCO_STMT_ROU_ASSET), 0); /* sold at month 36 */
    CLOSE(val(st, 0, 2, TCO_STMT_LOSS_ON_SALE), 20000);
    CLOSE(sum(st, 0, TCO_STMT_INTEREST), 18000);
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), 98000);
    CLOSE(r->options[0].total, 98000); /* 108,000 + 10,000 - 20,000 */
    /* LL(24): the payments of months 25..35 and the buyout at 36, at month
     * 24; Y3's financing is all of it, its interest 11 * 3,000 + 10,000 -
     * LL(24); investing the sale's -20,000. */
    double i = l->rate_monthly, ll24 = 10000 / pow(1 + i, 12);
    for (int t = 1; t <= 11; t++)
        ll24 += 3000 / pow(1 + i, t);
    CLOSE(val(st, 0, 1, TCO_STMT_LEASE_LIABILITY), ll24);
    CENTS(ll24, 40270.82);
    CLOSE(val(st, 0, 2, TCO_STMT_FINANCING_CASH), ll24);
    CLOSE(val(st, 0, 2, TCO_STMT_OPERATING_CASH), 43000 - ll24);
    CENTS(val(st, 0, 2, TCO_STMT_OPERATING_CASH), 2729.18);
    CLOSE(val(st, 0, 2, TCO_STMT_INVESTING_CASH), -20000);
    CLOSE(val(st, 0, 2, TCO_STMT_NET_CASH), 23000);
    CLOSE(val(st, 0, 2, TCO_STMT_LEASE_LIABILITY), 0);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Example B under asc842-operating: 36,000 of lease cost a year; the buyout
 * is investing cash at month 36 and the hardware's book value (depreciation
 * would start at month 37); sold for 20,000: a gain of 10,000. */
static void test_buyout_asc842_operating(void)
{
    char text[1024];
    tco_result *r;
    tco_scenario *s =
        run(lease_text(text, sizeof text, BUYOUT "lease_accounting = asc842-operating\n"), &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    CLOSE(val(st, 0, 0, TCO_STMT_PRE_TAX), 36000);
    CLOSE(val(st, 0, 1, TCO_STMT_PRE_TAX), 36000);
    CLOSE(val(st, 0, 2, TCO_STMT_PRE_TAX), 26000); /* 36,000 - 10,000 */
    CLOSE(val(st, 0, 2, TCO_STMT_LOSS_ON_SALE), -10000);
    CLOSE(sum(st, 0, TCO_STMT_DEPRECIATION), 0);
    CLOSE(val(st, 0, 2, TCO_STMT_OPERATING_CASH), 33000);
    CLOSE(val(st, 0, 2, TCO_STMT_INVESTING_CASH), -10000); /* 10,000 - 20,000 */
    CLOSE(val(st, 0, 2, TCO_STMT_FINANCING_CASH), 0);
    CLOSE(val(st, 0, 2, TCO_STMT_BOOK_VALUE), 0);
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), 98000);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Example C: a loan of 100,000 at 1% a month over 36 months, fiscal years
 * from July with month 1 in January 2027. The payment is 100,000 * 0.01 *
 * 1.01^36 / (1.01^36 - 1) = 3,321.43; the balance after month m is
 * payment * a(36 - m): 85,718.52 at FY2027's end (month 6), 54,465.72 at
 * FY2028's (month 18), 0 at FY2030's. */
static void test_loan_balances(void)
{
    tco_result *r;
    tco_scenario *s =
        run("[scenario]\nname = t\nhorizon_months = 36\nhours_per_month = 100\n"
            "discount_rate = 0\nstart = 2027-01\nfiscal_year_start = 7\n"
            "[site]\nelectricity_price = 0\n[option b]\nacquire = buy\ncount = 1\n"
            "gpu_price = 100000\ntdp_w = 0\nfinancing = loan\nloan_rate = 0.12\nloan_months = 36\n",
            &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    CU_ASSERT_EQUAL_FATAL(st->n_years, 4);
    CU_ASSERT_STRING_EQUAL(st->budget->years[0].name, "FY2027");
    CU_ASSERT_EQUAL(st->budget->years[0].last_month, 6);
    CU_ASSERT_EQUAL(st->budget->years[1].last_month, 18);
    double pmt = 100000 * 0.01 * pow(1.01, 36) / (pow(1.01, 36) - 1);
    CENTS(pmt, 3321.43);
    double b6 = pmt * a1(30), b18 = pmt * a1(18);
    CLOSE(val(st, 0, 0, TCO_STMT_LOAN_BALANCE), b6);
    CENTS(val(st, 0, 0, TCO_STMT_LOAN_BALANCE), 85718.52);
    CLOSE(val(st, 0, 1, TCO_STMT_LOAN_BALANCE), b18);
    CENTS(val(st, 0, 1, TCO_STMT_LOAN_BALANCE), 54465.72);
    CLOSE(val(st, 0, 3, TCO_STMT_LOAN_BALANCE), 0);
    /* Interest: FY2027 6 payments less the fall of the balance, 5,647.11;
     * FY2028 12 payments less 85,718.52 - 54,465.72: 8,604.37. */
    CLOSE(val(st, 0, 0, TCO_STMT_INTEREST), 6 * pmt - (100000 - b6));
    CENTS(val(st, 0, 0, TCO_STMT_INTEREST), 5647.11);
    CLOSE(val(st, 0, 1, TCO_STMT_INTEREST), 12 * pmt - (b6 - b18));
    CENTS(val(st, 0, 1, TCO_STMT_INTEREST), 8604.37);
    /* FY2027's cash: investing 100,000, financing -100,000 + 14,281.48,
     * operating the interest; net 6 payments, 19,928.59. */
    CLOSE(val(st, 0, 0, TCO_STMT_INVESTING_CASH), 100000);
    CLOSE(val(st, 0, 0, TCO_STMT_FINANCING_CASH), -100000 + (100000 - b6));
    CENTS(val(st, 0, 0, TCO_STMT_NET_CASH), 19928.59);
    /* Book value: straight-line over 3 years (the default), 100,000 / 36 a
     * month: 100,000 - 6 * 2,777.78 at month 6; 0 once sold at month 36. */
    CLOSE(val(st, 0, 0, TCO_STMT_BOOK_VALUE), 100000 - 6 * 100000 / 36.0);
    CLOSE(val(st, 0, 3, TCO_STMT_BOOK_VALUE), 0);
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), r->options[0].total);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The reconciliations with [tax] and a lease past the horizon: the after-tax
 * effects add up to after_tax_total - commitment_after_horizon -
 * commitment_tax + LL(H) - ROU(H). H = 12 of a 36-month lease returned. */
static void test_reconciliation(void)
{
    static const char *const standards[] = {"ifrs16", "asc842-finance", "asc842-operating"};
    for (int k = 0; k < 3; k++) {
        char text[1024], extra[256];
        snprintf(extra, sizeof extra,
                 "lease_end = return\nlease_discount_rate = 0.12\nlease_accounting = %s\n"
                 "staff_per_month = 500\n[tax]\nrate = 0.25\n",
                 standards[k]);
        lease_text(text, sizeof text, extra);
        char *h = strstr(text, "horizon_months = 36");
        CU_ASSERT_PTR_NOT_NULL_FATAL(h);
        memcpy(h, "horizon_months = 12", 19);
        tco_result *r;
        tco_scenario *s = run(text, &r);
        tco_statements *st = statements_of(r);
        check_identities(st);
        const tco_option_result *o = &r->options[0];
        size_t last = st->n_years - 1;
        double ll = val(st, 0, last, TCO_STMT_LEASE_LIABILITY);
        double rou = val(st, 0, last, TCO_STMT_ROU_ASSET);
        /* LL(12) is what is owed for months 12..35, at 1%: 3,000 (1 + a(23)). */
        CLOSE(ll, 3000 * (1 + a1(23)));
        CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), o->total - o->commitment_after_horizon + ll - rou);
        CLOSE(sum(st, 0, TCO_STMT_AFTER_TAX),
              o->after_tax_total - o->commitment_after_horizon - o->commitment_tax + ll - rou);
        tco_statements_free(st);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

/* The implicit rate of a lease returned, with the residual known from
 * resale_decline: the lessor's residual at month 36 is 100,000 * (1 -
 * 0.25)^3 = 42,187.5, and the rate i_L makes 3,000 at months 0..35 and
 * 42,187.5 at month 36 worth the price, 100,000. The residual is the
 * lessor's, not a lease payment: LL(0) = 100,000 - 3,000 - 42,187.5 v^36 and
 * ROU(0) = 100,000 - 42,187.5 v^36, depreciated over the term. */
static void test_implicit_return(void)
{
    char text[1024];
    tco_result *r;
    tco_scenario *s =
        run(lease_text(text, sizeof text, "lease_end = return\nresale_decline = 0.25\n"), &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    const tco_stmt_lease *l = &st->lease[0];
    CU_ASSERT_EQUAL(l->source, TCO_LEASE_RATE_IMPLICIT);
    double i = l->rate_monthly, pv = 42187.5 / pow(1 + i, 36);
    for (int t = 0; t < 36; t++)
        pv += 3000 / pow(1 + i, t);
    CU_ASSERT(fabs(pv - 100000) < 1e-6);
    double rv = 42187.5 / pow(1 + i, 36);
    CLOSE(l->liability0, 97000 - rv);
    CLOSE(l->rou0, 100000 - rv);
    CLOSE(val(st, 0, 0, TCO_STMT_DEPRECIATION), (100000 - rv) / 3);
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), 108000);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The same lease returned at n = H = 36 with resale_fraction = 0.2 instead:
 * the lessor's residual is the hardware's resale value, 0.2 x 100,000 =
 * 20,000 (the lessee's own residual is 0, nothing being sold), so the rate
 * solves 100,000 = 3,000 (1 + v + ... + v^35) + 20,000 v^36: i = 1.2723% a
 * month (by bisection, by hand), against 0.4469% without the residual. */
static void test_implicit_return_fraction(void)
{
    char text[1024];
    tco_result *r;
    tco_scenario *s =
        run(lease_text(text, sizeof text, "lease_end = return\nresale_fraction = 0.2\n"), &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    const tco_stmt_lease *l = &st->lease[0];
    CU_ASSERT_EQUAL(l->source, TCO_LEASE_RATE_IMPLICIT);
    double i = l->rate_monthly, pv = 20000 / pow(1 + i, 36);
    for (int t = 0; t < 36; t++)
        pv += 3000 / pow(1 + i, t);
    CU_ASSERT(fabs(pv - 100000) < 1e-6);
    CU_ASSERT(fabs(i - 0.012723) < 5e-7);
    double rv = 20000 / pow(1 + i, 36);
    CLOSE(l->liability0, 97000 - rv);
    CLOSE(l->rou0, 100000 - rv);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Neither the implicit rate nor lease_discount_rate: the scenario's monthly
 * rate, r_m = 1.08^(1/12) - 1 at discount_rate 0.08; lease_rate = 12 r_m. */
static void test_scenario_rate(void)
{
    tco_result *r;
    char text2[1024];
    snprintf(text2, sizeof text2,
             "[scenario]\nname = t\nhorizon_months = 36\nhours_per_month = 100\n"
             "discount_rate = 0.08\n[site]\nelectricity_price = 0\n"
             "[option l]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"
             "financing = lease\nlease_payment = 3000\nlease_months = 36\n");
    tco_scenario *s = run(text2, &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    const tco_stmt_lease *l = &st->lease[0];
    CU_ASSERT_EQUAL(l->source, TCO_LEASE_RATE_SCENARIO);
    double rm = pow(1.08, 1 / 12.0) - 1;
    CLOSE(l->rate_monthly, rm);
    CLOSE(l->rate, 12 * rm);
    CLOSE(l->liability0, 3000 * (1 - pow(1 + rm, -35)) / rm);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A buyout past the horizon (H = 24 of a 36-month lease) under ifrs16: no
 * sale, the asset depreciated over its 5-year life (20,000 a year of ROU(0)
 * = 100,000), 60,000 left at month 24, and the liability LL(24) still owed:
 * the payments of months 24..35 and the buyout at 36, at the implicit rate. */
static void test_buyout_past_horizon(void)
{
    char text[1024];
    tco_result *r;
    lease_text(text, sizeof text, BUYOUT);
    char *h = strstr(text, "horizon_months = 36");
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    memcpy(h, "horizon_months = 24", 19);
    tco_scenario *s = run(text, &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    CU_ASSERT_EQUAL_FATAL(st->n_years, 2);
    double i = st->lease[0].rate_monthly;
    CU_ASSERT(fabs(buyout_pv(i) - 100000) < 1e-6);
    double ll24 = 10000 / pow(1 + i, 12);
    for (int t = 0; t <= 11; t++)
        ll24 += 3000 / pow(1 + i, t);
    CLOSE(val(st, 0, 1, TCO_STMT_LEASE_LIABILITY), ll24);
    CLOSE(val(st, 0, 1, TCO_STMT_ROU_ASSET), 60000);
    CLOSE(val(st, 0, 1, TCO_STMT_LOSS_ON_SALE), 0);
    CLOSE(val(st, 0, 1, TCO_STMT_DEPRECIATION), 20000);
    /* Pre-tax over the horizon: total - commitment + LL(24) - ROU(24). */
    const tco_option_result *o = &r->options[0];
    CLOSE(sum(st, 0, TCO_STMT_PRE_TAX), o->total - o->commitment_after_horizon + ll24 - 60000);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A rent option: operating expenses and operating cash only. */
static void test_rent(void)
{
    tco_result *r;
    tco_scenario *s =
        run("[scenario]\nname = t\nhorizon_months = 12\nhours_per_month = 100\ndiscount_rate = 0\n"
            "[option c]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n",
            &r);
    tco_statements *st = statements_of(r);
    check_identities(st);
    CLOSE(val(st, 0, 0, TCO_STMT_RENTAL), 2400); /* 12 * 100 h * 2 */
    CLOSE(val(st, 0, 0, TCO_STMT_EBITDA), 2400);
    CLOSE(val(st, 0, 0, TCO_STMT_OPERATING_CASH), 2400);
    CU_ASSERT_EQUAL(st->lease[0].source, TCO_LEASE_RATE_NONE);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The keys' errors: a lease key on an option not leased. */
static void test_key_errors(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string(
        "[scenario]\nname = t\n[site]\nelectricity_price = 0\n[option b]\nacquire = buy\n"
        "count = 1\ngpu_price = 1\ntdp_w = 0\nlease_accounting = ifrs16\n",
        "t.ini", &s, d);
    CU_ASSERT_NOT_EQUAL(st, TCO_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d),
                                  "t.ini:10: error: 'lease_accounting' applies to financing = "
                                  "lease only"));
    tco_diags_free(d);
    tco_scenario_free(s);
}

/* ===== A plan's statements (MODEL.md, A plan's statements) ===== */

static double plan_val(const tco_statements *st, size_t i, size_t y, tco_stmt_col col)
{
    return st->plan_value[(i * st->n_years + y) * TCO_STMT_COLS + col];
}

/* tests/data/plan-statements.ini, worked by hand in MODEL.md: months 0..9
 * are FY2027, 10..21 FY2028, 22..24 FY2029. A GPU draws 2 + 8u a month; the
 * first purchase (2 GPUs, 2,400) serves 200 hours in months 1..12 (u = 1:
 * 20 a month), the reserved GPU 100 (200 a month), the overflow 20 (60); in
 * months 13..24 the 3 GPUs serve all 240 (u = 0.8: 16.8 + 8.4 = 25.2). The
 * second purchase (1,200) at month 12. Depreciation 100 and 50 a month;
 * residuals 600 and 300 at month 24 against book values 0 and 600: a gain
 * of 600 and a loss of 300. Tax: -0.25 * (20 + 100 + 200 + 60) = -95 in
 * months 1..12, -0.25 * (25.2 + 150 + 200) = -93.8 in 13..24, and at month
 * 24 0.25 * (600 - 0) + 0.25 * (300 - 600) = +75 on the sales. */
static void test_plan_by_hand(void)
{
    const char *path = TCO_SOURCE_DIR "/tests/data/plan-statements.ini";
    char *text = check_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, path, &s);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    tco_statements *st = statements_of(r);
    CU_ASSERT_EQUAL_FATAL(st->n_years, 3);
    CU_ASSERT_EQUAL_FATAL(st->n_plans, 1);
    static const struct {
        tco_stmt_col col;
        double want[3];
    } rows[] = {
        {TCO_STMT_POWER, {9 * 20, 3 * 20 + 9 * 25.2, 3 * 25.2}},
        {TCO_STMT_RENTAL, {9 * 260, 12 * 200 + 3 * 60, 3 * 200}},
        {TCO_STMT_EBITDA, {2520, 2866.8, 675.6}},
        {TCO_STMT_DEPRECIATION, {900, 1200 + 450, 450}},
        {TCO_STMT_INTEREST, {0, 0, 0}},
        {TCO_STMT_LOSS_ON_SALE, {0, 0, -600 + 300}},
        {TCO_STMT_PRE_TAX, {3420, 4516.8, 825.6}},
        {TCO_STMT_TAX, {9 * -95, 3 * -95 + 9 * -93.8, 3 * -93.8 + 75}},
        {TCO_STMT_AFTER_TAX, {2565, 3387.6, 619.2}},
        {TCO_STMT_OPERATING_CASH, {2520 - 855, 2866.8 - 1129.2, 675.6 - 206.4}},
        {TCO_STMT_INVESTING_CASH, {2400, 1200, -900}},
        {TCO_STMT_FINANCING_CASH, {0, 0, 0}},
        {TCO_STMT_NET_CASH, {4065, 2937.6, -430.8}},
        {TCO_STMT_BOOK_VALUE, {2400 - 900, 2400 - 2100 + 1200 - 450, 0}},
        {TCO_STMT_ROU_ASSET, {0, 0, 0}},
        {TCO_STMT_LOAN_BALANCE, {0, 0, 0}},
        {TCO_STMT_LEASE_LIABILITY, {0, 0, 0}},
    };
    double net = 0, pre = 0, after = 0;
    for (size_t k = 0; k < sizeof rows / sizeof *rows; k++)
        for (size_t y = 0; y < 3; y++)
            if (!check_close(plan_val(st, 0, y, rows[k].col), rows[k].want[y])) {
                CU_FAIL("a plan's statement");
                printf("\n  %s %s: %.10g, want %.10g\n", st->budget->years[y].name,
                       tco_stmt_col_name(rows[k].col), plan_val(st, 0, y, rows[k].col),
                       rows[k].want[y]);
            }
    for (size_t y = 0; y < 3; y++) {
        const double *b = &st->budget->plan_value[y * TCO_PLAN_BUDGET_COLS];
        CLOSE(plan_val(st, 0, y, TCO_STMT_NET_CASH), b[TCO_PLAN_BUDGET_TOTAL]);
        net += plan_val(st, 0, y, TCO_STMT_NET_CASH);
        pre += plan_val(st, 0, y, TCO_STMT_PRE_TAX);
        after += plan_val(st, 0, y, TCO_STMT_AFTER_TAX);
    }
    /* total = 3,600 of capex + 240 + 302.4 of power + 4,800 reserved + 720
     * on demand - 900 = 8,762.4; after tax 0.75 of it, 6,571.8. */
    CLOSE(pre, 8762.4);
    CLOSE(r->plans[0].total, 8762.4);
    CLOSE(after, 6571.8);
    CLOSE(net, 6571.8);
    CLOSE(r->plans[0].after_tax_total, 6571.8);
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The same plan's months (the workbook's plan rows cache them): month 12
 * pays the second purchase's 1,200 (investing) and depreciates the first's
 * 100; month 13 depreciates 100 + 50; the book value at month 12's end is
 * 2,400 - 1,200 + 1,200 = 2,400, at month 23's 2,400 - 2,300 + 1,200 - 550
 * = 750; month 24 sells both: the loss -600 + 300, the book value 0; month
 * 5 pays 20 of power, 200 + 60 of rent, -95 of tax. Each year's flows are
 * the sums of its months', its balances its last month's. */
static void test_plan_months(void)
{
    const char *path = TCO_SOURCE_DIR "/tests/data/plan-statements.ini";
    char *text = check_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, path, &s);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    tco_statements *st = statements_of(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st->plan_monthly);
    CU_ASSERT_EQUAL_FATAL(st->n_months, 25);
#define PM(m, col) st->plan_monthly[(size_t)(m)*TCO_STMT_COLS + (col)]
    CLOSE(PM(0, TCO_STMT_INVESTING_CASH), 2400);
    CLOSE(PM(0, TCO_STMT_BOOK_VALUE), 2400);
    CLOSE(PM(0, TCO_STMT_DEPRECIATION), 0);
    CLOSE(PM(5, TCO_STMT_POWER), 20);
    CLOSE(PM(5, TCO_STMT_RENTAL), 260);
    CLOSE(PM(5, TCO_STMT_TAX), -95);
    CLOSE(PM(12, TCO_STMT_INVESTING_CASH), 1200);
    CLOSE(PM(12, TCO_STMT_DEPRECIATION), 100);
    CLOSE(PM(12, TCO_STMT_BOOK_VALUE), 2400);
    CLOSE(PM(13, TCO_STMT_DEPRECIATION), 150);
    CLOSE(PM(23, TCO_STMT_BOOK_VALUE), 750);
    CLOSE(PM(24, TCO_STMT_LOSS_ON_SALE), -300);
    CLOSE(PM(24, TCO_STMT_INVESTING_CASH), -900);
    CLOSE(PM(24, TCO_STMT_BOOK_VALUE), 0);
    for (size_t y = 0; y < st->n_years; y++) {
        const tco_fiscal_year *fy = &st->budget->years[y];
        for (int col = 0; col < TCO_STMT_COLS; col++) {
            double sum = 0;
            for (int m = fy->first_month; m <= fy->last_month; m++)
                sum += PM(m, col);
            CLOSE(col < TCO_STMT_FIRST_BALANCE ? sum : PM(fy->last_month, col),
                  plan_val(st, 0, y, (tco_stmt_col)col));
        }
    }
#undef PM
    tco_statements_free(st);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Every plan of tests/data/plans.ini (staged purchases, refreshes, loans, a
 * lease past the horizon, one returned at a refresh, a reserved term past
 * it), with and without [tax]:
 * each year's net cash is the plan budget's total; the pre-tax effects add up
 * to the plan's total less what falls past the horizon (the reserved
 * commitment, the lease payments owed past H) plus LL(H) - ROU(H), the
 * after-tax effects likewise to after_tax_total less commitment_tax too. */
static void test_plan_reconciliations(void)
{
    char *text = check_read_file(TCO_SOURCE_DIR "/tests/data/plans.ini");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    size_t n = strlen(text);
    const char tax[] = "\n[tax]\nrate = 0.25\n";
    char *full = malloc(n + sizeof tax);
    CU_ASSERT_PTR_NOT_NULL_FATAL(full);
    memcpy(full, text, n);
    memcpy(full + n, tax, sizeof tax);
    for (int taxed = 0; taxed < 2; taxed++) {
        tco_scenario *s = NULL;
        tco_result *r = check_compute(taxed ? full : text, "plans.ini", &s);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        tco_statements *st = statements_of(r);
        CU_ASSERT_EQUAL(st->n_plans, r->n_plans);
        const int H = s->horizon_months;
        for (size_t i = 0; i < st->n_plans; i++) {
            const tco_plan_result *p = &r->plans[i];
            double pre = 0, after = 0, past = p->reserve_commitment;
            for (size_t j = 0; j < p->n_purchases; j++)
                if (p->purchases[j].lines[0] && p->purchases[j].sold == H)
                    past += p->purchases[j].lease_owed;
            for (size_t y = 0; y < st->n_years; y++) {
                double b = st->budget->plan_value[(i * st->n_years + y) * TCO_PLAN_BUDGET_COLS +
                                                  TCO_PLAN_BUDGET_TOTAL];
                CU_ASSERT(fabs(plan_val(st, i, y, TCO_STMT_NET_CASH) - b) <=
                          1e-9 * fmax(1, fabs(b)));
                pre += plan_val(st, i, y, TCO_STMT_PRE_TAX);
                after += plan_val(st, i, y, TCO_STMT_AFTER_TAX);
            }
            size_t last = st->n_years - 1;
            double adj = plan_val(st, i, last, TCO_STMT_LEASE_LIABILITY) -
                         plan_val(st, i, last, TCO_STMT_ROU_ASSET);
            double want = p->total - past + adj;
            CU_ASSERT(fabs(pre - want) <= 1e-9 * fabs(want));
            if (taxed) {
                want = p->after_tax_total - past - p->commitment_tax + adj;
                CU_ASSERT(fabs(after - want) <= 1e-9 * fabs(want));
            } else {
                CU_ASSERT_EQUAL(after, pre);
            }
        }
        tco_statements_free(st);
        tco_result_free(r);
        tco_scenario_free(s);
    }
    free(full);
    free(text);
}

/* A leased purchase returned at a refresh before its term ends (MODEL.md, A
 * plan's statements; Refresh, "a leased refresh by hand", without power):
 * 100 a month for 5 months, returned at month 2 with 3 payments still to
 * come, 300 paid then; at r_m = 0, LL(0) = 400 and ROU(0) = 500. gn's 2
 * GPUs (200) bought at month 2, sold at month 3 for 0, straight-line over 1
 * year (200/12 in month 3). One year, Y1 (months 0..3).
 * - ifrs16: the asset depreciated 100 a month (months 1, 2): 300 left; the
 *   liability 300 (no payment in month 2): settled by the 300 paid, a loss
 *   of 300 + 300 - 300 = 300. Financing 100 + 100 + 300 = 500.
 * - asc842-operating: lease cost 100 in months 1 and 2; nothing paid ahead
 *   at month 2: a loss of 300; every payment, 500, operating cash. */
static void test_plan_lease_returned(void)
{
    for (int operating = 0; operating < 2; operating++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "[scenario]\nname = returned\nhorizon_months = 3\nhours_per_month = 100\n"
                 "discount_rate = 0\n[site]\nelectricity_price = 0\n"
                 "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 0\n"
                 "throughput = 10\nfinancing = lease\nlease_payment = 100\nlease_months = 5\n"
                 "lease_end = return\n%s"
                 "[option gn]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 0\n"
                 "throughput = 20\ndepreciation = straight-line\ndepreciation_years = 1\n"
                 "[demand]\nreference = gb\ngpu_hours_per_month = 100\n"
                 "[plan refresh]\nown = gb\nrefresh_to = gn\nrefresh_month = 2\n",
                 operating ? "lease_accounting = asc842-operating\n" : "");
        tco_scenario *s = NULL;
        tco_result *r = check_compute(text, "t.ini", &s);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        tco_statements *st = statements_of(r);
        CU_ASSERT_EQUAL_FATAL(st->n_plans, 1);
        CU_ASSERT_EQUAL_FATAL(st->n_years, 1);
        CLOSE(r->plans[0].total, 700);
        const double dep_gn = 200.0 / 12;
        CLOSE(plan_val(st, 0, 0, TCO_STMT_LEASE_COST), operating ? 200 : 0);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_EBITDA), operating ? 200 : 0);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_DEPRECIATION), (operating ? 0 : 200) + dep_gn);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_INTEREST), 0);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_LOSS_ON_SALE), 300 + 200 - dep_gn);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_PRE_TAX), 700);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_OPERATING_CASH), operating ? 500 : 0);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_INVESTING_CASH), 200);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_FINANCING_CASH), operating ? 0 : 500);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_NET_CASH), 700);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_ROU_ASSET), 0);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_LEASE_LIABILITY), 0);
        CLOSE(plan_val(st, 0, 0, TCO_STMT_BOOK_VALUE), 0);
        tco_statements_free(st);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

static void test_api(void)
{
    CU_ASSERT_STRING_EQUAL(tco_stmt_col_name(TCO_STMT_POWER), "power");
    CU_ASSERT_STRING_EQUAL(tco_stmt_col_name(TCO_STMT_EBITDA), "ebitda_effect");
    CU_ASSERT_STRING_EQUAL(tco_stmt_col_name(TCO_STMT_LEASE_LIABILITY), "lease_liability");
    CU_ASSERT_PTR_NULL(tco_stmt_col_name(TCO_STMT_COLS));
    for (int k = 0; k < TCO_STMT_COLS; k++)
        CU_ASSERT_PTR_NOT_NULL(tco_stmt_col_name((tco_stmt_col)k));
    CU_ASSERT_STRING_EQUAL(tco_lease_rate_source_name(TCO_LEASE_RATE_IMPLICIT), "implicit");
    CU_ASSERT_PTR_NULL(tco_lease_rate_source_name(TCO_LEASE_RATE_NONE));
    tco_statements *st = (tco_statements *)&st;
    CU_ASSERT_EQUAL(tco_statements_compute(NULL, &st), TCO_ERR_ARG);
    CU_ASSERT_PTR_NULL(st);
    tco_statements_free(NULL);
}

int main(void)
{
    static const check_case cases[] = {
        {"example A: ifrs16", test_lease_ifrs16},
        {"example A: asc842-finance", test_lease_asc842_finance},
        {"example A: asc842-operating", test_lease_asc842_operating},
        {"example B: a buyout under ifrs16", test_buyout_ifrs16},
        {"example B: a buyout under asc842-operating", test_buyout_asc842_operating},
        {"example C: a loan's balance at fiscal year ends", test_loan_balances},
        {"the reconciliations", test_reconciliation},
        {"the implicit rate of a lease returned", test_implicit_return},
        {"the implicit rate of a lease returned at H, by resale_fraction",
         test_implicit_return_fraction},
        {"the scenario's rate", test_scenario_rate},
        {"a buyout past the horizon", test_buyout_past_horizon},
        {"a rent option", test_rent},
        {"the keys' errors", test_key_errors},
        {"a plan's statements by hand", test_plan_by_hand},
        {"a plan's months", test_plan_months},
        {"a plan's reconciliations", test_plan_reconciliations},
        {"a plan with a lease returned at a refresh", test_plan_lease_returned},
        {"the API", test_api},
        {NULL, NULL},
    };
    return check_run("statements", cases);
}
