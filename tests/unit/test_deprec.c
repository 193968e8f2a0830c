/* test_deprec.c - depreciation functions against published values:
 * Microsoft's SLN, SYD, DDB and VDB documentation examples and the IRS
 * Publication 946 MACRS table A-1. */
#include "check.h"

static void test_sln(void)
{
    /* SLN(30000, 7500, 10) = 2250 */
    CU_ASSERT_DOUBLE_EQUAL(tco_sln(30000, 7500, 10), 2250, 1e-9);
}

static void test_syd(void)
{
    /* SYD(30000, 7500, 10, 1) = 4090.91 and year 10 = 409.09 */
    CU_ASSERT_DOUBLE_EQUAL(tco_syd(30000, 7500, 10, 1), 4090.91, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_syd(30000, 7500, 10, 10), 409.09, 0.005);
    /* exact: 22500 * 10 * 2 / 110 */
    CU_ASSERT_DOUBLE_EQUAL(tco_syd(30000, 7500, 10, 1), 22500.0 * 20 / 110, 1e-9);
}

static void test_ddb(void)
{
    CU_ASSERT_DOUBLE_EQUAL(tco_ddb(2400, 300, 3650, 1, 2), 1.32, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_ddb(2400, 300, 120, 1, 2), 40.00, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_ddb(2400, 300, 10, 1, 2), 480.00, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_ddb(2400, 300, 10, 2, 1.5), 306.00, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_ddb(2400, 300, 10, 10, 2), 22.12, 0.005);
}

static void test_vdb(void)
{
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(2400, 300, 3650, 0, 1, 2, 0), 1.32, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(2400, 300, 120, 0, 1, 2, 0), 40.00, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(2400, 300, 10, 0, 1, 2, 0), 480.00, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(2400, 300, 120, 6, 18, 2, 0), 396.31, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(2400, 300, 120, 6, 18, 1.5, 0), 311.81, 0.005);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(2400, 300, 10, 0, 0.875, 1.5, 0), 315.00, 0.005);
    /* The switch to straight line, worked by hand: 10000 over 5 years, no
     * salvage, 40% declining: 4000, 2400, 1440, then 2160 left over 2 years
     * = 1080 and 1080 (straight line beats 40% of 2160 = 864). */
    const double want[] = {4000, 2400, 1440, 1080, 1080};
    double sum = 0;
    for (int y = 1; y <= 5; y++) {
        double d = tco_vdb(10000, 0, 5, y - 1, y, 2, 0);
        CU_ASSERT_DOUBLE_EQUAL(d, want[y - 1], 1e-9);
        sum += d;
    }
    CU_ASSERT_DOUBLE_EQUAL(sum, 10000, 1e-9);
    /* Never below salvage: 1000 over 3 years with salvage 200. By hand:
     * 666.67 would leave 333.33, then 222.22 -> 111.11 < 200, so year 2 is
     * capped at 333.33 - 200 = 133.33 and year 3 is 0. */
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(1000, 200, 3, 0, 1, 2, 0), 2000.0 / 3, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(1000, 200, 3, 1, 2, 2, 0), 1000.0 / 3 - 200, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(tco_vdb(1000, 200, 3, 2, 3, 2, 0), 0, 1e-9);
}

static void test_macrs(void)
{
    const double five[] = {.2000, .3200, .1920, .1152, .1152, .0576};
    const double seven[] = {.1429, .2449, .1749, .1249, .0893, .0892, .0893, .0446};
    double s5 = 0, s7 = 0;
    for (int y = 1; y <= 6; y++) {
        CU_ASSERT_DOUBLE_EQUAL(tco_macrs_rate(5, y), five[y - 1], 1e-12);
        s5 += tco_macrs_rate(5, y);
    }
    for (int y = 1; y <= 8; y++) {
        CU_ASSERT_DOUBLE_EQUAL(tco_macrs_rate(7, y), seven[y - 1], 1e-12);
        s7 += tco_macrs_rate(7, y);
    }
    CU_ASSERT_DOUBLE_EQUAL(s5, 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(s7, 1, 1e-12);
    CU_ASSERT_EQUAL(tco_macrs_rate(5, 7), 0);
    CU_ASSERT_EQUAL(tco_macrs_rate(7, 0), 0);
}

static void test_option_methods(void)
{
    tco_option o = {0};
    o.acquire = TCO_BUY;
    o.depreciation_years = 4;
    o.salvage_fraction = 0.1;
    o.depreciation = TCO_DEP_STRAIGHT_LINE;
    CU_ASSERT_DOUBLE_EQUAL(tco_depreciation_annual(&o, 1000, 1), 225, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(tco_depreciation_annual(&o, 1000, 5), 0, 1e-9);
    o.depreciation = TCO_DEP_SUM_OF_YEARS; /* 900 * 4/10 */
    CU_ASSERT_DOUBLE_EQUAL(tco_depreciation_annual(&o, 1000, 1), 360, 1e-9);
    o.depreciation = TCO_DEP_MACRS5;
    CU_ASSERT_EQUAL(tco_depreciation_life(&o), 6);
    CU_ASSERT_DOUBLE_EQUAL(tco_depreciation_annual(&o, 1000, 2), 320, 1e-9);
    o.acquire = TCO_RENT;
    CU_ASSERT_DOUBLE_EQUAL(tco_depreciation_annual(&o, 1000, 2), 0, 1e-9);
}

int main(void)
{
    static const check_case cases[] = {
        {"SLN", test_sln}, {"SYD", test_syd},     {"DDB", test_ddb},
        {"VDB", test_vdb}, {"MACRS", test_macrs}, {"option methods", test_option_methods},
        {NULL, NULL},
    };
    return check_run("depreciation", cases);
}
