/* test_mc_range.c - the probability that a Monte Carlo distribution lands in
 * its key's range, against values worked out by hand and from tables of the
 * normal distribution; the analysis refuses a distribution that almost never
 * lands there instead of replacing its draws, and accepts one just above the
 * threshold. */
#include "check.h"
#include "core/core.h"

/* |a - b| within rel relative to b. */
static int rel_close(double a, double b, double rel)
{
    return fabs(a - b) <= rel * fabs(b);
}

static double in_range(tco_dist d, double a, double b, double c, double lo, double hi)
{
    const tco_uncertain u = {.dist = d, .a = a, .b = b, .c = c};
    return tci_dist_in_range(&u, lo, hi);
}

/* Standard normal table values: Phi(1) = 0.841344746, Phi(-2) = 0.022750132,
 * Phi(1) - Phi(-1) = 0.682689492, 1 - Phi(5) = 2.866515719e-7,
 * Phi(-10) = 7.619853024e-24. */
static void test_normal_table(void)
{
    CU_ASSERT(fabs(in_range(TCO_DIST_NORMAL, 0, 1, 0, -INFINITY, 1) - 0.841344746) < 1e-9);
    CU_ASSERT(fabs(in_range(TCO_DIST_NORMAL, 0, 1, 0, -INFINITY, -2) - 0.022750132) < 1e-9);
    CU_ASSERT(fabs(in_range(TCO_DIST_NORMAL, 0, 1, 0, -1, 1) - 0.682689492) < 1e-9);
    CU_ASSERT(rel_close(in_range(TCO_DIST_NORMAL, 0, 1, 0, 5, INFINITY), 2.866515719e-7, 1e-8));
    CU_ASSERT(rel_close(in_range(TCO_DIST_NORMAL, 0, 1, 0, -INFINITY, -10), 7.619853024e-24, 1e-8));
    /* Shifted and scaled: normal(10, 2) in [8, 12] is Phi(1) - Phi(-1). */
    CU_ASSERT(fabs(in_range(TCO_DIST_NORMAL, 10, 2, 0, 8, 12) - 0.682689492) < 1e-9);
    CU_ASSERT_EQUAL(in_range(TCO_DIST_NORMAL, 0, 1, 0, -INFINITY, INFINITY), 1);
}

/* A range far narrower than the deviation: the density at the mean, 1 /
 * (sd sqrt(2 pi)) = 0.3989422804 / sd, times the range's width; at the mean
 * and at an end of the range alike, where a difference of erfc would cancel
 * to 0. */
static void test_normal_tiny(void)
{
    /* normal(0.5, 1e300) in [0, 1]: 1 x 0.3989422804e-300. */
    CU_ASSERT(rel_close(in_range(TCO_DIST_NORMAL, 0.5, 1e300, 0, 0, 1), 3.989422804e-301, 1e-9));
    /* normal(0, 1e300) in [0, 1e12]: 1e12 x 0.3989422804e-300. */
    CU_ASSERT(rel_close(in_range(TCO_DIST_NORMAL, 0, 1e300, 0, 0, 1e12), 3.989422804e-289, 1e-9));
    /* normal(3, 1e200) in [1, 3]: 2 x 0.3989422804e-200. */
    CU_ASSERT(rel_close(in_range(TCO_DIST_NORMAL, 3, 1e200, 0, 1, 3), 7.978845608e-201, 1e-9));
}

/* The threshold of 1%: normal(0.5, SD) in [0, 1] is 2 Phi(0.5 / SD) - 1, and
 * for a small x, 2 Phi(x) - 1 = 2 x phi(0) (1 - x^2 / 6) with phi(0) =
 * 0.3989422804. SD = 40: x = 0.0125, 0.0099732973 (below); SD = 39.8:
 * x = 0.012562814, 0.0100234..., (above). */
static void test_threshold(void)
{
    double below = in_range(TCO_DIST_NORMAL, 0.5, 40, 0, 0, 1);
    double above = in_range(TCO_DIST_NORMAL, 0.5, 39.8, 0, 0, 1);
    CU_ASSERT(fabs(below - 0.0099732973) < 1e-10);
    CU_ASSERT(below < TCI_MC_MIN_IN_RANGE);
    CU_ASSERT(fabs(above - 0.0100234) < 1e-7);
    CU_ASSERT(above >= TCI_MC_MIN_IN_RANGE);
}

/* Uniform and triangular, from their cumulative distribution functions.
 * triangular(0, 1, 4): F(x) = x^2 / 4 up to 1, 1 - (4 - x)^2 / 12 above:
 * F(1) = 1/4, 1 - F(2) = 4/12 = 1/3, F(3) - F(0.5) = 11/12 - 1/16 = 41/48. */
static void test_uniform_triangular(void)
{
    CU_ASSERT(check_close(in_range(TCO_DIST_UNIFORM, 0, 4, 0, 1, 2), 0.25));
    CU_ASSERT(check_close(in_range(TCO_DIST_UNIFORM, 0, 4, 0, -10, 10), 1));
    CU_ASSERT_EQUAL(in_range(TCO_DIST_UNIFORM, 0, 4, 0, 5, 6), 0);
    CU_ASSERT(check_close(in_range(TCO_DIST_TRIANGULAR, 0, 1, 4, -INFINITY, 1), 0.25));
    CU_ASSERT(check_close(in_range(TCO_DIST_TRIANGULAR, 0, 1, 4, 2, INFINITY), 1 / 3.0));
    CU_ASSERT(check_close(in_range(TCO_DIST_TRIANGULAR, 0, 1, 4, 0.5, 3), 41 / 48.0));
    /* The mode at an end. */
    CU_ASSERT(check_close(in_range(TCO_DIST_TRIANGULAR, 0, 0, 2, 1, 2), 0.25));
    CU_ASSERT(check_close(in_range(TCO_DIST_TRIANGULAR, 0, 2, 2, 0, 1), 0.25));
    /* Numbers that are not a distribution. */
    CU_ASSERT(isnan(in_range(TCO_DIST_NORMAL, 0, 0, 0, 0, 1)));
    CU_ASSERT(isnan(in_range(TCO_DIST_UNIFORM, 1, 1, 0, 0, 1)));
    CU_ASSERT(isnan(in_range(TCO_DIST_TRIANGULAR, 0, 3, 2, 0, 1)));
}

/* r: one GPU rented at 1 an hour, 100 hours a month for 12 months: its total
 * is 1200 x utilization. */
static const char scenario[] = "[scenario]\nname = a\nhorizon_months = 12\nhours_per_month = 100\n"
                               "[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n"
                               "[uncertainty]\nsamples = 2000\nutilization = normal(0.5, %s)\n";

static tco_scenario *load(const char *sd)
{
    char text[1024];
    snprintf(text, sizeof text, scenario, sd);
    tco_scenario *s = NULL;
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "a.ini", &s, d), TCO_OK);
    check_print_diags(d);
    tco_diags_free(d);
    return s;
}

/* A scenario built by a program may hold a distribution the loader refuses:
 * the analysis refuses it too, at once, instead of drawing in vain and
 * putting the mean in its place. */
static void test_analysis_refuses(void)
{
    tco_scenario *s = load("0.1");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    s->uncertain[0].b = 1e300;
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    tco_analysis *a = (tco_analysis *)1;
    CU_ASSERT_EQUAL(tco_analyze(r, NULL, NULL, &a), TCO_ERR_LIMIT);
    CU_ASSERT_PTR_NULL(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Just above the threshold, normal(0.5, 39.8) truncated to [0, 1] is flat
 * within 0.01% (its density falls by exp(-(0.5 / 39.8)^2 / 2) at the ends),
 * so r's total is close to uniform on [0, 1200]: mean 600, P10 120, P50 600,
 * P90 1080. The standard error of the mean of 2000 samples is
 * 1200 x 0.2887 / sqrt(2000) = 7.7, of a percentile about 8: 30 is about
 * 4 of them. */
static void test_just_above_threshold(void)
{
    tco_scenario *s = load("39.8");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    CU_ASSERT(fabs(a->mc[0].total_mean - 600) < 30);
    CU_ASSERT(fabs(a->mc[0].total_p10 - 120) < 30);
    CU_ASSERT(fabs(a->mc[0].total_p50 - 600) < 30);
    CU_ASSERT(fabs(a->mc[0].total_p90 - 1080) < 30);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {{"normal_table", test_normal_table},
                                       {"normal_tiny", test_normal_tiny},
                                       {"threshold", test_threshold},
                                       {"uniform_triangular", test_uniform_triangular},
                                       {"analysis_refuses", test_analysis_refuses},
                                       {"just_above_threshold", test_just_above_threshold},
                                       {NULL, NULL}};
    return check_run("mc_range", cases);
}
