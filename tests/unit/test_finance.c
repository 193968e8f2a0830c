/* test_finance.c - the financial functions of core/finance.c against
 * Microsoft's documented examples, the hand-worked examples of docs/MODEL.md
 * ("Financial functions"), and hostile values.
 *
 * Published figures are checked to their published rounding. Where a figure
 * is also given to 15 or more digits, it is the value that LibreOffice Calc
 * and Gnumeric both compute for the same formula (they agree to 1e-12). */
#include "check.h"
#include "core/finance.h"

#include <float.h>
#include <time.h>

/* |a - b| <= tol * max(1, |b|) */
static int near(double a, double b, double tol)
{
    return fabs(a - b) <= tol * fmax(1, fabs(b));
}

#define ASSERT_NEAR(a, b, tol) CU_ASSERT(near((a), (b), (tol)))

/* PMT: https://support.microsoft.com/en-us/excel/functions/pmt-function
 * 8% a year, 10 monthly payments, 10,000: (1,037.03); at the beginning of
 * each month (1,030.16); saving 50,000 over 18 years at 6%: (129.08). */
static void test_pmt_microsoft(void)
{
    CU_ASSERT_DOUBLE_EQUAL(tci_pmt(0.08 / 12, 10, 10000, 0, 0), -1037.03, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_pmt(0.08 / 12, 10, 10000, 0, 1), -1030.16, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_pmt(0.06 / 12, 18 * 12, 0, 50000, 0), -129.08, 0.005);
    ASSERT_NEAR(tci_pmt(0.08 / 12, 10, 10000, 0, 0), -1037.0320893591522, 1e-12);
    ASSERT_NEAR(tci_pmt(0.08 / 12, 10, 10000, 0, 1), -1030.1643271779658, 1e-12);
    ASSERT_NEAR(tci_pmt(0.06 / 12, 18 * 12, 0, 50000, 0), -129.08116086799092, 1e-12);
}

/* IPMT: https://support.microsoft.com/en-us/excel/ipmt-function
 * 8,000 at 10% over 3 years: the first month's interest (66.67); the last
 * year's, paid yearly (292.45). The same examples in the DAX reference,
 * https://learn.microsoft.com/en-us/dax/ipmt-function-dax, to 15 digits:
 * -66.6666666666667 and -292.447129909366. */
static void test_ipmt_microsoft(void)
{
    CU_ASSERT_DOUBLE_EQUAL(tci_ipmt(0.1 / 12, 1, 3 * 12, 8000, 0, 0), -66.67, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_ipmt(0.1, 3, 3, 8000, 0, 0), -292.45, 0.005);
    ASSERT_NEAR(tci_ipmt(0.1 / 12, 1, 3 * 12, 8000, 0, 0), -66.6666666666667, 1e-14);
    ASSERT_NEAR(tci_ipmt(0.1, 3, 3, 8000, 0, 0), -292.447129909366, 1e-14);
}

/* PPMT: https://support.microsoft.com/en-us/excel/functions/ppmt-function
 * 2,000 at 10% over 2 years, the first month's principal (75.62); 200,000 at
 * 8% over 10 years, the tenth year's (27,598.05). */
static void test_ppmt_microsoft(void)
{
    CU_ASSERT_DOUBLE_EQUAL(tci_ppmt(0.1 / 12, 1, 2 * 12, 2000, 0, 0), -75.62, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_ppmt(0.08, 10, 10, 200000, 0, 0), -27598.05, 0.005);
    ASSERT_NEAR(tci_ppmt(0.1 / 12, 1, 2 * 12, 2000, 0, 0), -75.62318600836635, 1e-12);
    ASSERT_NEAR(tci_ppmt(0.08, 10, 10, 200000, 0, 0), -27598.053462421376, 1e-12);
}

/* IRR: https://support.microsoft.com/en-us/excel/functions/irr-function
 * -70,000 then 12,000, 15,000, 18,000, 21,000, 26,000: after four years
 * -2.1%, after five 8.7%, after two (with a guess of -10%) -44.4%; to two
 * decimals -2.12%, 8.66%, -44.35%. The engine needs no guess. */
static void test_irr_microsoft(void)
{
    const double f[] = {-70000, 12000, 15000, 18000, 21000, 26000};
    double r = 0;
    const char *why = NULL;
    CU_ASSERT_EQUAL(tci_irr(f, 6, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 0.087, 0.0005);
    CU_ASSERT_DOUBLE_EQUAL(r, 0.0866, 0.00005);
    ASSERT_NEAR(r, 0.08663094803653161, 1e-12);
    CU_ASSERT_EQUAL(tci_irr(f, 5, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, -0.021, 0.0005);
    CU_ASSERT_DOUBLE_EQUAL(r, -0.0212, 0.00005);
    ASSERT_NEAR(r, -0.021244848273410992, 1e-12);
    CU_ASSERT_EQUAL(tci_irr(f, 3, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, -0.444, 0.0005);
    CU_ASSERT_DOUBLE_EQUAL(r, -0.4435, 0.00005);
    ASSERT_NEAR(r, -0.44350694133474056, 1e-12);
    /* NPV at the rate found is 0 to the precision of the flows */
    CU_ASSERT(fabs(f[0] + tci_npv(0.08663094803653161, f + 1, 5)) < 1e-6);
}

/* MIRR: https://support.microsoft.com/en-us/excel/functions/mirr-function
 * -120,000 then 39,000, 30,000, 21,000, 37,000, 46,000, borrowed at 10% and
 * reinvested at 12%: after five years 13%, after three -5%; reinvested at
 * 14%: 13%. To two decimals 12.61%, -4.80%, 13.48%. */
static void test_mirr_microsoft(void)
{
    const double f[] = {-120000, 39000, 30000, 21000, 37000, 46000};
    CU_ASSERT_DOUBLE_EQUAL(tci_mirr(f, 6, 0.10, 0.12), 0.13, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_mirr(f, 4, 0.10, 0.12), -0.05, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_mirr(f, 6, 0.10, 0.14), 0.13, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tci_mirr(f, 6, 0.10, 0.12), 0.1261, 0.00005);
    CU_ASSERT_DOUBLE_EQUAL(tci_mirr(f, 4, 0.10, 0.12), -0.0480, 0.00005);
    CU_ASSERT_DOUBLE_EQUAL(tci_mirr(f, 6, 0.10, 0.14), 0.1348, 0.00005);
    ASSERT_NEAR(tci_mirr(f, 6, 0.10, 0.12), 0.12609413036590517, 1e-12);
    ASSERT_NEAR(tci_mirr(f, 4, 0.10, 0.12), -0.04804465524998082, 1e-12);
    ASSERT_NEAR(tci_mirr(f, 6, 0.10, 0.14), 0.13475911082831485, 1e-12);
}

/* MODEL.md, the loan by hand: 331 at 10% over 3 periods. PMT = -133.1;
 * interest 33.1, 23.1, 12.1 on balances 331, 231, 121; principal 100, 110,
 * 121. Paid at the beginning: PMT = -121; interest 0, 21, 11; principal
 * 121, 100, 110. */
static void test_loan_by_hand(void)
{
    const double ip[] = {-33.1, -23.1, -12.1}, pp[] = {-100, -110, -121};
    const double ip1[] = {0, -21, -11}, pp1[] = {-121, -100, -110};
    ASSERT_NEAR(tci_pmt(0.1, 3, 331, 0, 0), -133.1, 1e-12);
    ASSERT_NEAR(tci_pmt(0.1, 3, 331, 0, 1), -121, 1e-12);
    double principal = 0, principal1 = 0;
    for (int per = 1; per <= 3; per++) {
        ASSERT_NEAR(tci_ipmt(0.1, per, 3, 331, 0, 0), ip[per - 1], 1e-12);
        ASSERT_NEAR(tci_ppmt(0.1, per, 3, 331, 0, 0), pp[per - 1], 1e-12);
        ASSERT_NEAR(tci_ipmt(0.1, per, 3, 331, 0, 1), ip1[per - 1], 1e-12);
        ASSERT_NEAR(tci_ppmt(0.1, per, 3, 331, 0, 1), pp1[per - 1], 1e-12);
        principal += tci_ppmt(0.1, per, 3, 331, 0, 0);
        principal1 += tci_ppmt(0.1, per, 3, 331, 0, 1);
    }
    /* the principal repaid is the loan */
    ASSERT_NEAR(principal, -331, 1e-12);
    ASSERT_NEAR(principal1, -331, 1e-12);
}

/* Rate 0: PMT = -(pv + fv) / nper, no interest. */
static void test_rate_zero(void)
{
    CU_ASSERT_DOUBLE_EQUAL(tci_pmt(0, 4, 1000, 0, 0), -250, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(tci_pmt(0, 4, 1000, 200, 1), -300, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(tci_ipmt(0, 2, 4, 1000, 0, 0), 0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(tci_ppmt(0, 2, 4, 1000, 0, 0), -250, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(tci_npv(0, (const double[]){60, 60}, 2), 120, 1e-12);
    /* IRR 0: -100, 50, 50 returns the money and nothing more */
    double r = 1;
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 50, 50}, 3, &r, NULL), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 0, 1e-12);
    /* MIRR at rates 0: (110 / 100)^(1/2) - 1 */
    ASSERT_NEAR(tci_mirr((const double[]){-100, 50, 60}, 3, 0, 0), sqrt(1.1) - 1, 1e-14);
}

/* MODEL.md, IRR by hand: -100, 60, 60. With x = 1/(1+r): 60x^2 + 60x - 100
 * = 0, x = (sqrt(69) - 3) / 6, r = 1/x - 1 = (sqrt(69) - 7) / 10 = 13.066%.
 * Annualised as a monthly rate: (1 + r)^12 - 1. */
static void test_irr_by_hand(void)
{
    double r = 0;
    const char *why = NULL;
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 60, 60}, 3, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, (sqrt(69) - 7) / 10, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(-100 + tci_npv(r, (const double[]){60, 60}, 2), 0, 1e-9);
    /* -100, 50, 66: 33x^2 + 25x - 50 = 0, x = 60/66 = 10/11, r = 10% */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 50, 66}, 3, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 0.1, 1e-12);
    /* the annual rate of 1% a month: 1.01^12 - 1 = 0.126825030131970 */
    CU_ASSERT_DOUBLE_EQUAL(tci_rate_annual(0.01), 0.12682503013196972, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(tci_rate_annual(0), 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(tci_rate_annual(-0.5), pow(0.5, 12) - 1, 1e-15);
    /* leading and trailing zero flows change nothing: 0, -100, 50, 66, 0 has
     * NPV(r) = (-100 + 50x + 66x^2) x, the same positive root */
    CU_ASSERT_EQUAL(tci_irr((const double[]){0, -100, 50, 66, 0}, 5, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 0.1, 1e-12);
}

/* The root rule of MODEL.md. */
static void test_irr_roots(void)
{
    double r = 0;
    const char *why = NULL;
    /* no sign change */
    CU_ASSERT_EQUAL(tci_irr((const double[]){100, 60, 60}, 3, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "no sign change");
    CU_ASSERT(isnan(r));
    why = NULL;
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 0, -5}, 3, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "no sign change");
    CU_ASSERT_EQUAL(tci_irr((const double[]){0, 0}, 2, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "no sign change");
    CU_ASSERT_EQUAL(tci_irr(NULL, 0, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "no sign change");
    CU_ASSERT_EQUAL(tci_irr((const double[]){-5}, 1, &r, &why), -1);
    /* -100, 230, -132: two sign changes; -132x^2 + 230x - 100 = 0 has x =
     * 10/11 and x = 5/6: NPV is 0 at 10% and at 20% */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 230, -132}, 3, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "more than one sign change and more than one rate with NPV 0");
    CU_ASSERT(isnan(r));
    /* -100, 230, -133: two sign changes, 230^2 < 4 * 100 * 133: no rate */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 230, -133}, 3, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "more than one sign change and no rate with NPV 0");
    /* -100, 110, -100, 110: three sign changes, one rate. With y = 1 + r,
     * NPV (1+r)^3 = -100y^3 + 110y^2 - 100y + 110 = -(y - 1.1)(100y^2 + 100),
     * whose only real root is y = 1.1: 10% */
    why = NULL;
    CU_ASSERT_EQUAL(tci_irr((const double[]){-100, 110, -100, 110}, 4, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 0.1, 1e-12);
    CU_ASSERT_PTR_NULL(why);
    /* -1000, 600, -100, 600: NPV = P(x) with P'(x) = 600 - 200x + 1800x^2 > 0
     * (200^2 < 4 * 1800 * 600): one rate; LibreOffice and Gnumeric: */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-1000, 600, -100, 600}, 4, &r, &why), 0);
    ASSERT_NEAR(r, 0.04947580883085529, 1e-12);
}

/* MODEL.md, MIRR by hand: -50, -55, 144 financed at 10%, reinvested at 20%:
 * the payments at period 0 are 50 + 55/1.1 = 100, the income at period 2 is
 * 144, MIRR = (144 / 100)^(1/2) - 1 = 20%. */
static void test_mirr_by_hand(void)
{
    ASSERT_NEAR(tci_mirr((const double[]){-50, -55, 144}, 3, 0.1, 0.2), 0.2, 1e-14);
    /* -100, 60, 60 at 10% and 20%: (60 * 1.2 + 60) / 100 = 1.32 */
    ASSERT_NEAR(tci_mirr((const double[]){-100, 60, 60}, 3, 0.1, 0.2), sqrt(1.32) - 1, 1e-14);
    /* no income or no payment: the spreadsheet's #DIV/0! */
    CU_ASSERT(isnan(tci_mirr((const double[]){-100, -60}, 2, 0.1, 0.1)));
    CU_ASSERT(isnan(tci_mirr((const double[]){100, 0, 60}, 3, 0.1, 0.1)));
    CU_ASSERT(isnan(tci_mirr((const double[]){-100}, 1, 0.1, 0.1)));
    CU_ASSERT(isnan(tci_mirr(NULL, 0, 0.1, 0.1)));
}

/* MODEL.md, payback by hand. */
static void test_payback(void)
{
    /* never: the cumulative flow -100, -70, -40 ends below 0 */
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 30, 30}, 3, 0), TCI_PAYBACK_NEVER);
    /* exact: -100, -50, 0; 0 counts */
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 50, 50}, 3, 0), 2);
    /* dipping below again: -100, -40, 20, -10, 10: period 2 is no payback,
     * period 4 is */
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 60, 60, -30, 20}, 5, 0), 4);
    /* never negative: period 0 */
    CU_ASSERT_EQUAL(tci_payback((const double[]){0, 10}, 2, 0), 0);
    CU_ASSERT_EQUAL(tci_payback(NULL, 0, 0), TCI_PAYBACK_NEVER);
    /* discounted at 25%: -100, 75, 50 is -100, 60, 32: -100, -40, -8, never;
     * undiscounted -100, -25, 25: period 2 */
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 75, 50}, 3, 0.25), TCI_PAYBACK_NEVER);
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 75, 50}, 3, 0), 2);
    /* discounted exactly to 0: 62.5 / 1.25 = 50, 78.125 / 1.5625 = 50 */
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 62.5, 78.125}, 3, 0.25), 2);
}

/* Hostile values: NaN, never a crash, a hang or a number. */
static void test_hostile(void)
{
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 3; i++) {
        double v = bad[i];
        CU_ASSERT(isnan(tci_pmt(v, 10, 1000, 0, 0)));
        CU_ASSERT(isnan(tci_pmt(0.01, v, 1000, 0, 0)));
        CU_ASSERT(isnan(tci_pmt(0.01, 10, v, 0, 0)));
        CU_ASSERT(isnan(tci_pmt(0.01, 10, 1000, v, 0)));
        CU_ASSERT(isnan(tci_ipmt(0.01, v, 10, 1000, 0, 0)));
        CU_ASSERT(isnan(tci_ppmt(v, 1, 10, 1000, 0, 0)));
        CU_ASSERT(isnan(tci_rate_annual(v)));
        const double f[] = {-100, v, 60};
        double r = 0;
        const char *why = NULL;
        CU_ASSERT_EQUAL(tci_irr(f, 3, &r, &why), -1);
        CU_ASSERT_STRING_EQUAL(why, "a flow is not a finite number");
        CU_ASSERT(isnan(r));
        CU_ASSERT(isnan(tci_mirr(f, 3, 0.1, 0.1)));
        CU_ASSERT(isnan(tci_mirr((const double[]){-100, 60}, 2, v, 0.1)));
        CU_ASSERT(isnan(tci_npv(0.1, f, 3)));
        CU_ASSERT(isnan(tci_npv(v, (const double[]){1}, 1)));
        CU_ASSERT_EQUAL(tci_payback(f, 3, 0), TCI_PAYBACK_INVALID);
        CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 60}, 2, v), TCI_PAYBACK_INVALID);
    }
    /* nper <= 0, rate <= -1, type not 0 or 1, per outside 1..nper */
    CU_ASSERT(isnan(tci_pmt(0.01, 0, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_pmt(0.01, -3, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_pmt(-1, 10, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_pmt(-2, 10, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_pmt(0.01, 10, 1000, 0, 2)));
    CU_ASSERT(isnan(tci_pmt(0.01, 10, 1000, 0, -1)));
    CU_ASSERT(isnan(tci_ipmt(0.01, 0, 10, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_ipmt(0.01, 11, 10, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_ppmt(0.01, 0.5, 10, 1000, 0, 0)));
    CU_ASSERT(isnan(tci_rate_annual(-1)));
    CU_ASSERT(isnan(tci_npv(-1, (const double[]){1}, 1)));
    CU_ASSERT(isnan(tci_mirr((const double[]){-100, 60}, 2, 0.1, -1)));
    CU_ASSERT_EQUAL(tci_payback((const double[]){-100, 60}, 2, -1), TCI_PAYBACK_INVALID);
    /* a cumulative flow that overflows is no number either */
    CU_ASSERT_EQUAL(tci_payback((const double[]){DBL_MAX, DBL_MAX, -1}, 3, 0), TCI_PAYBACK_INVALID);
    /* a long loan: (1.01)^1e9 overflows; the payment is the interest, 10 */
    ASSERT_NEAR(tci_pmt(0.01, 1e9, 1000, 0, 0), -10, 1e-12);
    /* IPMT's balance after 5e8 periods is (1.01)^5e8 times (pv + pmt / rate)
     * less pmt / rate, a product of an overflow and rounding: NaN, no
     * infinity */
    CU_ASSERT(isnan(tci_ipmt(0.01, 5e8, 1e9, 1000, 0, 0)));
    /* a tiny rate: the rate-0 payment to within the interest */
    ASSERT_NEAR(tci_pmt(1e-300, 4, 1000, 0, 0), -250, 1e-12);
}

/* IRR on extreme and long flows: an answer or a reason, in bounded time. */
static void test_irr_extremes(void)
{
    double r = 0;
    const char *why = NULL;
    /* magnitudes far apart: -1e-300 then 1e300: 1 + r = 1e600 is beyond a
     * double */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-1e-300, 1e300}, 2, &r, &why), -1);
    CU_ASSERT_STRING_EQUAL(why, "the rate is beyond the range of numbers");
    /* -1e300, 1e300 then zeros: 0% */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-1e300, 1e300, 0, 0}, 4, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 0, 1e-12);
    /* 1 + r = 1e-100 (r just above -1): -1, 1e-100 */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-1, 1e-100}, 2, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, -1 + 1e-100, 1e-12);
    /* 1 + r = 2: -1, 2 */
    CU_ASSERT_EQUAL(tci_irr((const double[]){-1, 2}, 2, &r, &why), 0);
    CU_ASSERT_DOUBLE_EQUAL(r, 1, 1e-12);
    /* 100 paid at month 0, 1 a month in months 1..599, then +-1e-9 a month
     * in months 600..1200, the sign changing every month: 602 sign changes.
     * With x = 1/(1+r), NPV = -100 + H(x) + T(x), H = x + ... + x^599 and
     * T = e 1e-9 x^600 (1 + x^601) / (1 + x), e = -1 when month 600 is
     * negative, +1 when it is positive. e = +1: H and T rise with x, so NPV
     * rises from -100 and is 0 once: one rate (about 1% a month, the
     * annuity's). e = -1: NPV is -100 at x = 0, about 499 at x = 1 and
     * falls without bound as x grows: two rates. Both scan the whole range
     * in bounded time. */
    enum { N = 1201 };
    static double f[N];
    for (int e = 1; e >= -1; e -= 2) {
        f[0] = -100;
        for (int k = 1; k < N; k++)
            f[k] = k < 600 ? 1 : (k % 2 ? -e : e) * 1e-9;
        why = NULL;
        clock_t t0 = clock();
        int rc = tci_irr(f, N, &r, &why);
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        CU_ASSERT(secs < 10);
        if (e == 1) {
            CU_ASSERT_EQUAL(rc, 0);
            CU_ASSERT(r > 0.009 && r < 0.011);
            CU_ASSERT(fabs(f[0] + tci_npv(r, f + 1, N - 1)) < 1e-9);
        } else {
            CU_ASSERT_EQUAL(rc, -1);
            CU_ASSERT_STRING_EQUAL(why ? why : "",
                                   "more than one sign change and more than one rate with NPV 0");
        }
    }
}

int main(void)
{
    static const check_case cases[] = {
        {"PMT: Microsoft's examples", test_pmt_microsoft},
        {"IPMT: Microsoft's examples", test_ipmt_microsoft},
        {"PPMT: Microsoft's examples", test_ppmt_microsoft},
        {"IRR: Microsoft's examples", test_irr_microsoft},
        {"MIRR: Microsoft's examples", test_mirr_microsoft},
        {"loan by hand", test_loan_by_hand},
        {"rate 0", test_rate_zero},
        {"IRR by hand", test_irr_by_hand},
        {"IRR: the root rule", test_irr_roots},
        {"MIRR by hand", test_mirr_by_hand},
        {"payback by hand", test_payback},
        {"hostile values", test_hostile},
        {"IRR: extreme and long flows", test_irr_extremes},
        {NULL, NULL},
    };
    return check_run("finance", cases);
}
