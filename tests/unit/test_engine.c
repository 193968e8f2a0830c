/* test_engine.c - the engine against values worked out independently: a
 * hand-computed NPV, and end-to-end scenarios whose every figure comes from
 * tests/reference/tco_ref.py (an implementation of MODEL.md written apart
 * from this engine), compared to 1e-9. */
#include "check.h"

#include <stdio.h>
#include <string.h>

static tco_scenario *load(const char *text_or_path, int is_path)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = is_path ? tco_scenario_load_file(text_or_path, &s, d)
                            : tco_scenario_load_string(text_or_path, "t.ini", &s, d);
    check_print_diags(d);
    CU_ASSERT_EQUAL(st, TCO_OK);
    tco_diags_free(d);
    return s;
}

/* NPV by hand. 12 months at 10% a year: r_m = 1.1^(1/12) - 1, and a level
 * payment of 100 a month is worth 100 * (1 - 1.1^-1) / r_m
 * = 100 * 0.0909090909... / 0.0079741404289... = 1140.0488... The buy option
 * adds 1000 capex now and receives its 500 residual at month 12, worth
 * 500 / 1.1. Both options cost 100 a month. */
static void test_npv_by_hand(void)
{
    tco_scenario *s = load("[scenario]\nname = npv\nhorizon_months = 12\n"
                           "discount_rate = 0.10\nhours_per_month = 100\n"
                           "[site]\nelectricity_price = 0.2\n"
                           "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\n"
                           "tdp_w = 0\nstaff_per_month = 100\nresale_fraction = 0.5\n"
                           "[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n",
                           0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    double rm = 0.0079741404289037; /* 1.1^(1/12) - 1, to 14 digits */
    double annuity = 100 * (1 - 1 / 1.1) / rm;
    CU_ASSERT_DOUBLE_EQUAL(r->monthly_rate, rm, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].npv, annuity, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].npv, 1140.0488, 1e-4);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].npv, 1000 + annuity - 500 / 1.1, 1e-9);
    /* Totals: 1000 + 1200 - 500 and 1200. */
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total, 1700, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total, 1200, 1e-9);
    CU_ASSERT_EQUAL(r->rank[0], 1);
    /* Cumulative buy 1000 + 100m is never below rent 100m. */
    CU_ASSERT_EQUAL(r->options[0].breakeven_month, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The value of FIELD for option i, or 0 when the field is unknown. NAN stands
 * for null. */
static int field_value(const tco_result *res, size_t i, const char *f, double *v)
{
    const tco_option_result *r = &res->options[i];
    int month;
    char name[64];
    if (sscanf(f, "monthly.%d.%63s", &month, name) == 2) {
        if (month < 1 || month > res->scenario->horizon_months)
            return 0;
        const tco_month *m = &r->monthly[month - 1];
        const struct {
            const char *n;
            double v;
        } mf[] = {{"power", m->power},
                  {"cooling", m->cooling},
                  {"facility", m->facility},
                  {"maintenance", m->maintenance},
                  {"staff", m->staff},
                  {"rental", m->rental},
                  {"depreciation", m->depreciation},
                  {"cost", m->cost},
                  {"cumulative", m->cumulative}};
        for (size_t k = 0; k < sizeof mf / sizeof mf[0]; k++)
            if (strcmp(mf[k].n, name) == 0)
                return *v = mf[k].v, 1;
        return 0;
    }
    const struct {
        const char *n;
        double v;
    } of[] = {
        {"capex", r->capex},
        {"power", r->power},
        {"cooling", r->cooling},
        {"facility", r->facility},
        {"maintenance", r->maintenance},
        {"staff", r->staff},
        {"rental", r->rental},
        {"commitment_after_horizon", r->commitment_after_horizon},
        {"residual", r->residual},
        {"total", r->total},
        {"npv", r->npv},
        {"gpu_hours", r->gpu_hours},
        {"cost_per_gpu_hour", r->cost_per_gpu_hour},
        {"cost_per_pflop_hour", r->cost_per_pflop_hour},
        {"cost_per_unit", r->cost_per_unit},
        {"units_per_s_per_kw", r->units_per_s_per_kw},
        {"it_kw", r->it_kw},
        {"provisioned_kw", r->provisioned_kw},
        {"depreciation", r->depreciation},
        {"book_value_end", r->book_value_end},
        {"breakeven_month", r->breakeven_month ? (double)r->breakeven_month : NAN},
        {"breakeven_utilization", r->breakeven_utilization},
    };
    for (size_t k = 0; k < sizeof of / sizeof of[0]; k++)
        if (strcmp(of[k].n, f) == 0)
            return *v = of[k].v, 1;
    return 0;
}

/* Compare every line of NAME.expected with the engine's figures. */
static void compare_expected(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/e2e/%s.ini", TCO_SOURCE_DIR, name);
    tco_scenario *s = load(path, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *res = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &res), TCO_OK);
    snprintf(path, sizeof path, "%s/tests/data/e2e/%s.expected", TCO_SOURCE_DIR, name);
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char id[128], field[128], value[64];
    int lines = 0, bad = 0;
    while (fscanf(f, "%127s %127s %63s", id, field, value) == 3) {
        lines++;
        int i = tco_scenario_find(s, id);
        if (i >= 0 && strcmp(field, "breakeven_utilization_note") == 0) {
            const char *note = tco_breakeven_note_name(res->options[i].breakeven_utilization_note);
            if (strcmp(note ? note : "null", value) != 0 && bad++ < 10)
                fprintf(stderr, "%s: %s %s: engine %s, expected %s\n", name, id, field,
                        note ? note : "null", value);
            continue;
        }
        double got;
        if (i < 0 || !field_value(res, (size_t)i, field, &got)) {
            fprintf(stderr, "%s: unknown %s %s\n", name, id, field);
            bad++;
            continue;
        }
        int ok;
        if (strcmp(value, "null") == 0)
            ok = isnan(got);
        else
            ok = !isnan(got) && check_close(got, strtod(value, NULL));
        if (!ok && bad++ < 10)
            fprintf(stderr, "%s: %s %s: engine %.17g, expected %s\n", name, id, field, got, value);
    }
    fclose(f);
    CU_ASSERT(lines > 100);
    CU_ASSERT_EQUAL(bad, 0);
    tco_result_free(res);
    tco_scenario_free(s);
}

static void test_e2e_basic(void)
{
    compare_expected("e2e-basic");
}

static void test_e2e_mixed(void)
{
    compare_expected("e2e-mixed");
}

static void test_e2e_edge(void)
{
    compare_expected("e2e-edge");
}

/* The hand computation in e2e-basic.ini's header, checked directly too. */
static void test_e2e_basic_by_hand(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/e2e/e2e-basic.ini", TCO_SOURCE_DIR);
    tco_scenario *s = load(path, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *res = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &res), TCO_OK);
    const tco_option_result *b = &res->options[0], *c = &res->options[1];
    CU_ASSERT_DOUBLE_EQUAL(b->capex, 250000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->it_kw, 8, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[0].power, 400, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[0].cooling, 200, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[12].power, 420, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->residual, 96000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->total, 228760, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(c->total, 547200, 1e-9);
    CU_ASSERT_EQUAL(b->breakeven_month, 12);
    CU_ASSERT_DOUBLE_EQUAL(b->breakeven_utilization, 217247.2 / 535687.2, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(b->book_value_end, 250000.0 / 3, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->cost_per_gpu_hour, 228760.0 / 96000, 1e-12);
    tco_result_free(res);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"NPV by hand", test_npv_by_hand},          {"e2e-basic by hand", test_e2e_basic_by_hand},
        {"e2e-basic vs reference", test_e2e_basic}, {"e2e-mixed vs reference", test_e2e_mixed},
        {"e2e-edge vs reference", test_e2e_edge},   {NULL, NULL},
    };
    return check_run("engine", cases);
}
