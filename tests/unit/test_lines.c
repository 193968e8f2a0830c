/* test_lines.c - the cost lines' list (tco/include/tco_lines.h): the lines in
 * the order of docs/MODEL.md's cost lines, their names and template keys, which
 * options have them, their doubles read by line, and their sums, which add in
 * the list's order exactly as the hand-written sums did. Expected values are
 * written out by hand beside each check. */
#include "check.h"
#include "core/fields.h"

#include <math.h>
#include <string.h>

/* MODEL.md's cost lines, in its order, with the kind of option each belongs to
 * (1 bought, 0 rented), whether it follows the utilization and whether it is an
 * amount a month whatever the GPUs (staff(m) = staff_per_month). */
static const struct {
    const char *name;
    int buy, follows_u, each;
    const char *sheet_label;
} model[] = {
    {"power", 1, 1, 0, "Power (IT load)"},
    {"cooling", 1, 1, 0, "Cooling (PUE overhead)"},
    {"facility", 1, 0, 0, "Facility (colocation)"},
    {"maintenance", 1, 0, 0, "Maintenance"},
    {"staff", 1, 0, 1, "Staff"},
    {"rental", 0, 0, 0, "Rental"},
};
#define N_MODEL (sizeof model / sizeof model[0])

static void test_list(void)
{
    CU_ASSERT_EQUAL_FATAL(TCO_LINES, (int)N_MODEL);
    for (int k = 0; k < TCO_LINES; k++) {
        const tco_cost_line_info *l = tco_cost_line_get(k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(l);
        CU_ASSERT_STRING_EQUAL(l->name, model[k].name);
        CU_ASSERT_STRING_EQUAL(l->sheet_label, model[k].sheet_label);
        CU_ASSERT_EQUAL(l->kind == TCO_LINE_OWNED_U, model[k].follows_u);
        CU_ASSERT_EQUAL(l->kind == TCO_LINE_OWNED_EACH, model[k].each);
        /* Maintenance alone is a rate of capex a year (MODEL.md, Buy options). */
        CU_ASSERT_EQUAL(l->rate,
                        k == TCO_LINE_MAINTENANCE ? (int)TCO_O_MAINTENANCE_RATE : TCO_LINE_NO_RATE);
        CU_ASSERT_EQUAL(tco_cost_line_of(k, 1), model[k].buy);
        CU_ASSERT_EQUAL(tco_cost_line_of(k, 0), !model[k].buy);
        char key[64];
        snprintf(key, sizeof key, "summary.field.%s", model[k].name);
        CU_ASSERT_STRING_EQUAL(l->summary_key, key);
        snprintf(key, sizeof key, "budget.col.%s", model[k].name);
        CU_ASSERT_STRING_EQUAL(l->budget_key, key);
        snprintf(key, sizeof key, "option.line.%s", model[k].name);
        CU_ASSERT_STRING_EQUAL(l->sheet_key, key);
        /* The budget's column and the result field of the line bear its name. */
        CU_ASSERT_STRING_EQUAL(tco_budget_col_name(TCO_BUDGET_LINE(k)), model[k].name);
        CU_ASSERT_STRING_EQUAL(tci_field_get((tci_field_id)TCI_F_LINE(k))->name, model[k].name);
    }
    CU_ASSERT_PTR_NULL(tco_cost_line_get(TCO_LINES));
    CU_ASSERT_PTR_NULL(tco_cost_line_get((tco_cost_line)-1));
    CU_ASSERT_EQUAL(tco_cost_line_of(TCO_LINES, 1), 0);
    CU_ASSERT_EQUAL(tco_cost_line_of(TCO_LINES, 0), 0);
    /* The fields around the lines: capex before, the commitment after. */
    CU_ASSERT_EQUAL(TCI_F_LINE(0), TCI_F_CAPEX + 1);
    CU_ASSERT_EQUAL(TCI_F_LINES_END, TCI_F_COMMITMENT);
    CU_ASSERT_EQUAL(TCO_BUDGET_LINE(0), TCO_BUDGET_CAPEX + 1);
    CU_ASSERT_EQUAL(TCO_BUDGET_LINE(TCO_LINES), TCO_BUDGET_FINANCING);
}

static void test_read_by_line(void)
{
    tco_month mo = {0};
    mo.power = 1, mo.cooling = 2, mo.facility = 3, mo.maintenance = 4, mo.staff = 5, mo.rental = 6,
    mo.cost = 99;
    tco_option_result r = {0};
    r.power = 10, r.cooling = 20, r.facility = 30, r.maintenance = 40, r.staff = 50, r.rental = 60,
    r.capex = 1000;
    for (int k = 0; k < TCO_LINES; k++) {
        CU_ASSERT_EQUAL(tco_month_line(&mo, k), k + 1);
        CU_ASSERT_EQUAL(tco_option_line(&r, k), 10 * (k + 1));
    }
    CU_ASSERT_EQUAL(tco_month_line(&mo, TCO_LINES), 0);
    CU_ASSERT_EQUAL(tco_option_line(&r, -1), 0);
    /* 1 + 2 + ... + 6 = 21; 1000 + 10 + ... + 60 = 1210. */
    CU_ASSERT_EQUAL(tco_month_lines_add(-0.0, &mo), 21);
    CU_ASSERT_EQUAL(tco_option_lines_add(r.capex, &r), 1210);
}

/* The sums add in the list's order, from `from`: the same bits as the
 * expression written out, where another order would round differently. */
static void test_sum_order(void)
{
    tco_month mo = {0};
    mo.power = 1e16, mo.cooling = 1, mo.facility = 1, mo.maintenance = -1e16, mo.staff = 0.5,
    mo.rental = 0.25;
    /* ((((1e16 + 1) + 1) - 1e16) + 0.5) + 0.25: 1e16 + 1 rounds to 1e16 (the
     * spacing of doubles there is 2), twice, so the sum is 0.75; in the
     * other order (1e16 - 1e16 first) it would be 2.75. */
    CU_ASSERT_EQUAL(tco_month_lines_add(-0.0, &mo), 0.75);
    CU_ASSERT_EQUAL(tco_month_lines_add(-0.0, &mo),
                    mo.power + mo.cooling + mo.facility + mo.maintenance + mo.staff + mo.rental);
    /* From -0.0, a month of zeros sums to +0 as the written sum does, and a
     * month of -0.0 to -0.0. */
    tco_month z = {0};
    CU_ASSERT(!signbit(tco_month_lines_add(-0.0, &z)));
    z.power = z.cooling = z.facility = z.maintenance = z.staff = z.rental = -0.0;
    CU_ASSERT(signbit(tco_month_lines_add(-0.0, &z)));
    tco_option_result r = {0};
    r.power = 1e16, r.cooling = 1, r.facility = 1;
    /* From capex 1: (((1 + 1e16) + 1) + 1) + 0 + 0 + 0, the written expression. */
    CU_ASSERT_EQUAL(tco_option_lines_add(1, &r),
                    1 + r.power + r.cooling + r.facility + r.maintenance + r.staff + r.rental);
}

/* The engine's month: its cost is the sum of its lines; the option's line
 * totals are the sums of the months' lines. */
static void test_engine(void)
{
    /* A bought GPU at 12,000 with staff of 1,000 a month, maintenance of 6% a
     * year and no power; 8 GPUs rented at 2 an hour, 100 hours a month. */
    const char *text = "[scenario]\nname = t\nhorizon_months = 3\nhours_per_month = 100\n"
                       "[site]\nelectricity_price = 0\n"
                       "[option b]\nacquire = buy\ncount = 1\ngpu_price = 12000\ntdp_w = 0\n"
                       "staff_per_month = 1000\nmaintenance_rate = 0.06\n"
                       "[option r]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n";
    tco_scenario *s = NULL;
    tco_result *res = check_compute(text, "t.ini", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    for (size_t i = 0; i < res->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        int buy = s->options[i].acquire == TCO_BUY;
        for (int k = 0; k < TCO_LINES; k++) {
            double sum = 0;
            for (int m = 0; m < 3; m++)
                sum += tco_month_line(&r->monthly[m], k);
            CU_ASSERT_EQUAL(tco_option_line(r, k), sum);
            if (!tco_cost_line_of(k, buy))
                CU_ASSERT_EQUAL(sum, 0);
        }
        /* Staff: 3 * 1,000; the rental: 3 months * 8 GPUs * 100 h * 2. */
        CU_ASSERT_EQUAL(r->staff, buy ? 3000 : 0);
        /* Maintenance: capex 12,000 * 0.06 / 12 = 60 a month, 180 in 3. */
        if (buy)
            CU_ASSERT(fabs(r->maintenance - 180) < 1e-9 * 180 && r->capex == 12000);
        CU_ASSERT_EQUAL(r->rental, buy ? 0 : 4800);
        for (int m = 0; m < 3; m++)
            CU_ASSERT_EQUAL(r->monthly[m].cost, r->monthly[m].power + r->monthly[m].cooling +
                                                    r->monthly[m].facility +
                                                    r->monthly[m].maintenance +
                                                    r->monthly[m].staff + r->monthly[m].rental);
    }
    tco_result_free(res);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"the list", test_list},
        {"a line's double", test_read_by_line},
        {"the sums' order", test_sum_order},
        {"the engine's months", test_engine},
        {NULL, NULL},
    };
    return check_run("lines", cases);
}
