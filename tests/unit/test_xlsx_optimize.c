/* test_xlsx_optimize.c - the workbook's Optimize sheet is written from an
 * [optimize] result (tco_optimize_result) as the result holds it: this test
 * fills one in by hand for MODEL.md's example of plans and writes the
 * workbook; without a result the workbook has no Optimize sheet. With
 * TCO_OPTIMIZE_BOOK set, the workbook with the sheet is kept at that path
 * (tests/xlsx/optimize_sheet.py reads it). */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const scenario_text =
    "[scenario]\nname = optimize sheet\nhorizon_months = 3\nhours_per_month = 100\n"
    "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1.5\n"
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
    "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n";

/* The candidates: MODEL.md's mix at 2 owned and 1 reserved (2,978) is the
 * best; the curve over own_count 0..3 has no feasible plan at 0 (in this
 * made-up result) and the runners-up follow. */
static const tco_candidate best = {2, 1, 2978, 2978, NAN, 2978, 0};
static const tco_candidate runners[2] = {{3, 1, 3861, 3861, NAN, 3861, 0},
                                         {1, 1, 4100.5, 4100.5, NAN, 4100.5, 0}};
static const tco_candidate curve[4] = {{0, 0, 0, 0, NAN, NAN, 900},
                                       {1, 1, 4100.5, 4100.5, NAN, 4100.5, 0},
                                       {2, 1, 2978, 2978, NAN, 2978, 0},
                                       {3, 1, 3861, 3861, NAN, 3861, 0}};

/* The workbook of the example with a filled-in result into path. */
static tco_status write_with(const char *path, int found)
{
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string(scenario_text, "t.ini", &s, NULL), TCO_OK);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT_PTR_NULL(r->optimize); /* no [optimize] */
    tco_optimize opt = {.plan_i = 0, .objective = TCO_OBJECTIVE_TOTAL, .runners_up = 2};
    tco_optimize_result o = {.optimize = &opt,
                             .own_min = 0,
                             .own_max = 3,
                             .own_step = 1,
                             .reserve_min = 0,
                             .reserve_max = 1,
                             .reserve_step = 1,
                             .evaluated = 8,
                             .feasible = found ? 6 : 0,
                             .found = found,
                             .best = best,
                             .n_runners = found ? 2 : 0,
                             .runners = found ? (tco_candidate *)runners : NULL,
                             .n_curve = 4,
                             .curve = (tco_candidate *)curve};
    r->optimize = &o;
    tco_diags *d = tco_diags_new();
    tco_status st = tco_report_write_xlsx(r, path, NULL, d);
    CU_ASSERT_EQUAL(tco_diags_errors(d), 0);
    tco_diags_free(d);
    r->optimize = NULL; /* not the result's to free */
    tco_result_free(r);
    tco_scenario_free(s);
    return st;
}

/* A zip file was written at path. */
static int is_zip(const char *path)
{
    char b[2] = {0, 0};
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(b, 1, 2, f) : 0;
    if (f)
        fclose(f);
    return n == 2 && b[0] == 'P' && b[1] == 'K';
}

static void test_optimize_sheet(void)
{
    char path[] = "/tmp/tco-optimize-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    const char *keep = getenv("TCO_OPTIMIZE_BOOK");
    CU_ASSERT_EQUAL(write_with(keep && *keep ? keep : path, 1), TCO_OK);
    CU_ASSERT(is_zip(keep && *keep ? keep : path));
    /* Nothing serves the demand: the sheet says so, without a table. */
    CU_ASSERT_EQUAL(write_with(path, 0), TCO_OK);
    CU_ASSERT(is_zip(path));
    unlink(path);
}

int main(void)
{
    static const check_case cases[] = {{"optimize sheet", test_optimize_sheet}, {NULL, NULL}};
    return check_run("xlsx_optimize", cases);
}
