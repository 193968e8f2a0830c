/* test_plan_reports.c - plans in the reports (docs/MODEL.md, "Plans": the
 * ranking by rank_by; "Comparing two scenarios": plans): a small scenario
 * worked by hand. Every expected value is derived in the comments. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* H = 3, T = 100, r_m = 0.01 (discount_rate = 1.01^12 - 1), [tax] rate 0.25.
 * gb: bought, 1 GPU at 1,000, no power, straight-line tax depreciation over 1
 * year; od: on demand at 3.40 an hour, the same throughput (k = 1). Demand 100
 * reference GPU-hours a month. Plan `own` owns 1 gb (capacity 100: it serves
 * all); plan `rent` buys every hour on demand. RANK is the rank_by line,
 * EXTRA more sections.
 *
 * own:  total 1,000 (paid at month 0, no other cost, sold at H for 0), npv
 *       1,000. Tax: depreciation 1,000 / 12 = 83.333 a month, -20.8333 of tax
 *       in each month; book value 750 at month 3, sold for 0: tax on sale
 *       0.25 * (0 - 750) = -187.5. after_tax_total = 1,000 - 62.5 - 187.5 =
 *       750; after_tax_npv = 1,000 - 20.8333/1.01 - 20.8333/1.01^2 -
 *       208.3333/1.01^3 = 1,000 - 20.627063 - 20.422834 - 202.206281 =
 *       756.743822.
 * rent: 100 hours * 3.40 = 340 a month: total 1,020; npv = 340 * (1/1.01 +
 *       1/1.01^2 + 1/1.01^3) = 340 * 2.940985207 = 999.934970;
 *       after_tax_total 0.75 * 1,020 = 765, after_tax_npv 0.75 * 999.934970
 *       = 749.951228.
 * By total own ranks first (1,000 < 1,020), by npv rent (999.93 < 1,000), by
 * after_tax_npv rent (749.95 < 756.74). */
#define SMALL(RANK, EXTRA)                                                                         \
    "[scenario]\nname = plans ranked\nhorizon_months = 3\nhours_per_month = 100\n"                 \
    "discount_rate = 0.12682503013196972\n" RANK "[site]\nelectricity_price = 0.1\n"               \
    "[tax]\nrate = 0.25\n"                                                                         \
    "[option gb]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 0\nthroughput = 10\n"        \
    "depreciation = straight-line\ndepreciation_years = 1\n"                                       \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3.4\nthroughput = 10\n"          \
    "[demand]\nreference = gb\ngpu_hours_per_month = 100\n"                                        \
    "[plan own]\nown = gb\n"                                                                       \
    "[plan rent]\noverflow = od\n" EXTRA

static void test_ranked_by_rank_by(void)
{
    static const char *const ranks[] = {"", "rank_by = npv\n", "rank_by = after_tax_npv\n"};
    static const size_t first[] = {0, 1, 1}; /* own, rent, rent */
    for (int k = 0; k < 3; k++) {
        char text[2048];
        snprintf(text, sizeof text, SMALL("%s", ""), ranks[k]);
        tco_scenario *s = NULL;
        tco_result *r = check_compute(text, "t.ini", &s);
        if (!r)
            return;
        CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
        const tco_plan_result *own = &r->plans[0], *rent = &r->plans[1];
        CLOSE(own->total, 1000);
        CLOSE(own->npv, 1000);
        CU_ASSERT(fabs(own->after_tax_total - 750) < 1e-6);
        CU_ASSERT(fabs(own->after_tax_npv - 756.743822) < 1e-6);
        CLOSE(rent->total, 1020);
        CU_ASSERT(fabs(rent->npv - 999.934970) < 1e-6);
        CU_ASSERT(fabs(rent->after_tax_total - 765) < 1e-6);
        CU_ASSERT(fabs(rent->after_tax_npv - 749.951228) < 1e-6);
        CU_ASSERT_EQUAL(r->plan_rank[0], first[k]);
        CU_ASSERT_EQUAL(r->plan_rank[1], 1 - first[k]);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

/* A figure of plan p named `name`, or NULL. */
static const tco_figure_diff *plan_fig(const tco_option_diff *p, const char *name)
{
    return tco_option_diff_figure(p, name);
}

/* 1 when comparison c has input `key` with values a and b. */
static int has_input(const tco_comparison *c, const char *key, const char *a, const char *b)
{
    for (size_t i = 0; i < c->n_inputs; i++)
        if (strcmp(c->inputs[i].key, key) == 0)
            return strcmp(c->inputs[i].a, a) == 0 && strcmp(c->inputs[i].b, b) == 0;
    return 0;
}

/* A: SMALL ranked by total. B: od at 3.00 an hour, own_count 2 in plan own,
 * and a third plan `half` (own 1 gb, no overflow) only B has, demand 100.
 * B's rent: 300 a month, total 900, npv 300 * 2.940985207 = 882.295562;
 * delta -120 (change -120 / 1,020 = -11.7647%), npv delta 882.295562 -
 * 999.934970 = -117.639408. B's own: 2 GPUs, capex 2,000, total 2,000
 * (delta +1,000, +100%), own_count 1 -> 2. Ranks: A own 1, rent 2; B rent
 * (900) 1, half (1,000) 2, own (2,000) 3: rank delta for rent -1, own +2.
 * Inputs that differ: od.price_per_gpu_hour (the option key), then the
 * plans': plan.own.own_count "" -> "2" (not given in A), "[plan half]"
 * absent -> present. */
static void test_compare_plans(void)
{
    tco_scenario *sa = NULL, *sb = NULL;
    tco_result *ra = check_compute(SMALL("", ""), "a.ini", &sa);
    tco_result *rb = check_compute(
        "[scenario]\nname = plans ranked\nhorizon_months = 3\nhours_per_month = 100\n"
        "discount_rate = 0.12682503013196972\n[site]\nelectricity_price = 0.1\n"
        "[tax]\nrate = 0.25\n"
        "[option gb]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 0\nthroughput = 10\n"
        "depreciation = straight-line\ndepreciation_years = 1\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 10\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 100\n"
        "[plan own]\nown = gb\nown_count = 2\n[plan rent]\noverflow = od\n"
        "[plan half]\nown = gb\n",
        "b.ini", &sb);
    tco_comparison *c = NULL;
    if (!ra || !rb || tco_compare(ra, rb, &c) != TCO_OK || !c) {
        CU_FAIL("compare");
        goto done;
    }
    CU_ASSERT_EQUAL_FATAL(c->n_plans, 3);
    size_t n = 0;
    CU_ASSERT_STRING_EQUAL(tco_plan_figure_name(0, &n), "own");
    /* Without carbon figures on either side, the figures up to the rank. */
    CU_ASSERT_EQUAL_FATAL(c->n_plan_figures, 26);
    CU_ASSERT_STRING_EQUAL(tco_plan_figure_name(25, NULL), "rank");
    CU_ASSERT_STRING_EQUAL(tco_plan_figure_name(26, NULL), "electricity_kwh");
    CU_ASSERT_EQUAL(n, 36);
    CU_ASSERT_PTR_NULL(tco_plan_figure_name(n, NULL));
    const tco_option_diff *own = &c->plans[0], *rent = &c->plans[1], *half = &c->plans[2];
    CU_ASSERT_STRING_EQUAL(own->id, "own");
    CU_ASSERT_STRING_EQUAL(rent->id, "rent");
    CU_ASSERT_STRING_EQUAL(half->id, "half");
    CU_ASSERT(own->in_a && own->in_b && rent->in_a && rent->in_b);
    CU_ASSERT(!half->in_a && half->in_b);
    const tco_figure_diff *f = plan_fig(rent, "total");
    CU_ASSERT_FATAL(f != NULL);
    CLOSE(f->a, 1020);
    CLOSE(f->b, 900);
    CLOSE(f->delta, -120);
    CLOSE(f->change, -120.0 / 1020);
    f = plan_fig(rent, "npv");
    CU_ASSERT(fabs(f->delta - -117.639408) < 1e-6);
    f = plan_fig(rent, "after_tax_total"); /* 0.75 * 900 - 765 = -90 */
    CU_ASSERT(f->applies_a && f->applies_b);
    CU_ASSERT(fabs(f->delta - -90) < 1e-6);
    f = plan_fig(own, "own_count");
    CLOSE(f->a, 1);
    CLOSE(f->b, 2);
    f = plan_fig(own, "total");
    CLOSE(f->delta, 1000);
    CLOSE(f->change, 1);
    f = plan_fig(own, "own");
    CU_ASSERT_STRING_EQUAL(f->text_a, "gb");
    CU_ASSERT_STRING_EQUAL(f->text_b, "gb");
    f = plan_fig(rent, "own"); /* no owned part: does not apply */
    CU_ASSERT(f->text_a == NULL && !f->applies_a);
    CLOSE(plan_fig(rent, "rank")->delta, -1);
    CLOSE(plan_fig(own, "rank")->delta, 2);
    f = plan_fig(half, "total");
    CU_ASSERT(isnan(f->a) && !f->applies_a);
    CLOSE(f->b, 1000);
    CLOSE(plan_fig(half, "rank")->b, 2);
    CU_ASSERT(isnan(plan_fig(own, "refresh_month")->a)); /* no refresh */
    CU_ASSERT(has_input(c, "od.price_per_gpu_hour", "3.4", "3"));
    CU_ASSERT(has_input(c, "plan.own.own_count", "", "2"));
    CU_ASSERT(has_input(c, "[plan half]", "absent", "present"));
    CU_ASSERT(!has_input(c, "plan.rent.overflow", "od", "od"));
    /* Every output names the plans: JSON, CSV, Markdown. */
    char *out = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&out, &size);
    CU_ASSERT_FATAL(mem != NULL);
    CU_ASSERT_EQUAL(tco_compare_write_json_stream(c, mem), TCO_OK);
    CU_ASSERT_EQUAL(tco_compare_write_csv_stream(c, mem), TCO_OK);
    CU_ASSERT_EQUAL(tco_compare_write_md_stream(c, mem), TCO_OK);
    fclose(mem);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"plans\": [\n    {\"name\": \"own\", \"in_a\": true"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\r\nplan,figure,a,b,delta,change\r\nown,own,gb,gb,,\r\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "rent,total,1020,900,-120,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "## Plans\n\n### own\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "### half (only in B)"));
    free(out);
done:
    tco_comparison_free(c);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(sa);
    tco_scenario_free(sb);
}

/* The report's CSV and Markdown name the plans (MODEL.md, Plans): SMALL
 * ranked by total, the figures derived above. CSV: a record per plan in file
 * order after a blank record, each figure of the comparison's list (a part's
 * option id, none empty; no refresh: refresh_month empty). own: paid0 = capex
 * 1,000 = own_total = total = npv (paid at month 0, sold for 0), after tax
 * 750 and 756.743822; demand 3 * 100 = 300 reference GPU-hours, all owned.
 * rent: 3 * 340 = 1,020 on demand. Markdown: in rank order, own (1,000) then
 * rent (1,020), money with cents and thousands grouped. */
static void test_report_plans(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(SMALL("", ""), "t.ini", &s);
    if (!r)
        return;
    char *out = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&out, &size);
    CU_ASSERT_FATAL(mem != NULL);
    CU_ASSERT_EQUAL(tco_report_write_csv_stream(r, mem, 0), TCO_OK);
    CU_ASSERT_EQUAL(tco_report_write_md_stream(r, mem), TCO_OK);
    fclose(mem);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(out, "\r\n\r\nplan,own,own_count,reserve,reserve_count,overflow,spares,"
                    "refresh_month,refresh_count,serves_demand,paid0,own_total,reserve_total,"
                    "overflow_total,total,own_npv,reserve_npv,overflow_npv,npv,after_tax_total,"
                    "after_tax_npv,demand,unserved,own_hours,reserve_hours,overflow_hours,rank\r\n"
                    "own,gb,1,,0,,0,,0,1,1000,1000,0,0,1000,1000,0,0,1000,750,756.7438"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(out, ",300,0,300,0,0,1\r\nrent,,0,,0,od,0,,0,1,0,0,0,1020,1020,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, ",300,0,0,0,300,2\r\n"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(out, "\n**Plans**, ranked by total cost, feasible plans first:\n"));
    const char *own =
        strstr(out, "| own | gb | 1 | \xE2\x80\x93 | 0 | \xE2\x80\x93 | yes | 1,000.00 | "
                    "1,000.00 | 750.00 | 756.74 | 0 | 1 |\n");
    const char *rent =
        strstr(out, "| rent | \xE2\x80\x93 | 0 | \xE2\x80\x93 | 0 | od | yes | 1,020.00 | "
                    "999.93 | 765.00 | 749.95 | 0 | 2 |\n");
    CU_ASSERT(own != NULL && rent != NULL && own < rent);
    free(out);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, A plan's budget: H = 14 (Y1 months 0..12, Y2 13..14), no
 * discounting, [tax] rate 0.25. gb: 1 GPU at 1,000, straight-line tax
 * depreciation over 1 year: 83.333 a month in months 1..12, so -20.8333 of
 * tax in each (-250 in Y1), book value 0 at month 12; sold at H for 0: no tax
 * on the sale, none in Y2. od on demand at 3.40 an hour (340 a month for the
 * 100 hours demanded, -85 of tax); rv reserved at 2 an hour for its 1 GPU
 * (200 a month whatever it serves, -50 of tax).
 * own:  Y1 own 1,000, tax -250, total 750; Y2 0.
 * rent: Y1 overflow 12 * 340 = 4,080, tax -1,020, total 3,060; Y2 overflow
 *       680, tax -170, total 510.
 * mix (own 1 gb, reserve 1 rv, overflow od; gb serves all 100 hours): Y1 own
 *       1,000, reserve 12 * 200 = 2,400, tax -250 - 600 = -850, total 2,550;
 *       Y2 reserve 400, tax -100, total 300.
 * Each plan's totals add up to after_tax_total (no commitment): 750, 3,570,
 * 2,850 = 0.75 * 3,800 (pre-tax 1,000 + 2,800: the GPU fully deducted). */
static void test_plan_budget(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        "[scenario]\nname = plan budget\nhorizon_months = 14\nhours_per_month = 100\n"
        "discount_rate = 0\n[site]\nelectricity_price = 0.1\n[tax]\nrate = 0.25\n"
        "[option gb]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 0\nthroughput = 10\n"
        "depreciation = straight-line\ndepreciation_years = 1\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3.4\nthroughput = 10\n"
        "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 100\n"
        "[plan own]\nown = gb\n[plan rent]\noverflow = od\n"
        "[plan mix]\nown = gb\nreserve = rv\noverflow = od\n",
        "t.ini", &s);
    tco_budget *b = NULL;
    if (!r || tco_budget_compute(r, &b) != TCO_OK || !b) {
        CU_FAIL("budget");
        goto done;
    }
    CU_ASSERT_EQUAL_FATAL(b->n_years, 2);
    CU_ASSERT_EQUAL_FATAL(b->n_plans, 3);
    CU_ASSERT_STRING_EQUAL(tco_plan_budget_col_name(TCO_PLAN_BUDGET_OVERFLOW), "overflow");
    CU_ASSERT_PTR_NULL(tco_plan_budget_col_name(TCO_PLAN_BUDGET_COLS));
    /* own, reserve, overflow, tax, total; plan by plan, Y1 then Y2. */
    static const double want[3][2][TCO_PLAN_BUDGET_COLS] = {
        {{1000, 0, 0, -250, 750}, {0, 0, 0, 0, 0}},
        {{0, 0, 4080, -1020, 3060}, {0, 0, 680, -170, 510}},
        {{1000, 2400, 0, -850, 2550}, {0, 400, 0, -100, 300}},
    };
    for (size_t i = 0; i < 3; i++) {
        double sum = 0;
        for (size_t y = 0; y < 2; y++) {
            const double *v = &b->plan_value[(i * 2 + y) * TCO_PLAN_BUDGET_COLS];
            for (int k = 0; k < TCO_PLAN_BUDGET_COLS; k++)
                CU_ASSERT(fabs(v[k] - want[i][y][k]) < 1e-9);
            sum += v[TCO_PLAN_BUDGET_TOTAL];
        }
        CU_ASSERT(fabs(sum - r->plans[i].after_tax_total) < 1e-9);
        CLOSE(r->plans[i].commitment_tax, 0);
    }
    CU_ASSERT(fabs(r->plans[0].monthly[0].tax - -1000.0 / 48) < 1e-12); /* -20.8333 */
    CLOSE(r->plans[2].monthly[13].tax, -50);
done:
    tco_budget_free(b);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The months' tax of every plan of tests/data/plans.ini with [tax] (staged
 * purchases, refreshes sold before the horizon, loans, leases owed past it, a
 * reserved term past it): tax0 + the months' + commitment_tax is the plan's
 * after-tax total less its total, and commitment_tax is the rate times what
 * falls past the horizon (a reserved term.s months past it and the payments still
 * owed on leases kept to H), deducted as it is paid: every other tax falls
 * in a month of the horizon. */
static void test_plan_tax_by_month(void)
{
    char *text = check_read_file(TCO_SOURCE_DIR "/tests/data/plans.ini");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    size_t n = strlen(text);
    const char tax[] = "\n[tax]\nrate = 0.25\ndepreciation = macrs-5\n";
    char *full = malloc(n + sizeof tax);
    CU_ASSERT_PTR_NOT_NULL_FATAL(full);
    memcpy(full, text, n);
    memcpy(full + n, tax, sizeof tax);
    tco_scenario *s = NULL;
    tco_result *r = check_compute(full, "plans.ini", &s);
    int nonzero = 0;
    for (size_t i = 0; r && i < r->n_plans; i++) {
        const tco_plan_result *p = &r->plans[i];
        double sum = p->tax0 + p->commitment_tax;
        for (int m = 0; m < s->horizon_months; m++)
            sum += p->monthly[m].tax;
        CU_ASSERT(fabs(sum - (p->after_tax_total - p->total)) < 1e-6 * fabs(p->total));
        double past = p->reserve_commitment;
        for (size_t j = 0; j < p->n_purchases; j++)
            if (p->purchases[j].sold == s->horizon_months)
                past += p->purchases[j].lease_owed;
        CU_ASSERT(fabs(p->commitment_tax - -0.25 * past) < 1e-6);
        nonzero += past > 0;
    }
    CU_ASSERT(nonzero >= 2); /* lease and staged-lease: payments owed past H */
    tco_result_free(r);
    tco_scenario_free(s);
    free(full);
    free(text);
}

/* MODEL.md, Refresh, "a leased refresh by hand" (tests/unit/test_plan.c):
 * gb leased (100 a month for its 2 GPUs, 5 months, returned), refreshed at
 * month 2 to 2 gn bought at 200, od above them; [tax] rate 0.25. Its
 * after-tax NPV there is npv - 25 - 29.5/1.01 - 120/1.01^2 - 95/1.01^3: the
 * tax of month 0 is -25 (the first payment, 0.25 * 100), of month 1 -29.5,
 * of month 2 -120 (with the three payments still to come, 300, paid and
 * deducted at the sale), of month 3 -95; nothing past the horizon. */
static void test_refresh_tax_by_month(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        "[scenario]\nname = refresh\nhorizon_months = 3\nhours_per_month = 100\n"
        "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1.5\n"
        "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
        "financing = lease\nlease_payment = 100\nlease_months = 5\nlease_end = return\n"
        "[option gn]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 20\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan r]\nown = gb\nown_count = 2\nrefresh_to = gn\nrefresh_month = 2\n"
        "overflow = od\n[tax]\nrate = 0.25\n",
        "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    CU_ASSERT(fabs(p->tax0 - -25) < 1e-9);
    CU_ASSERT(fabs(p->monthly[0].tax - -29.5) < 1e-9);
    CU_ASSERT(fabs(p->monthly[1].tax - -120) < 1e-9);
    CU_ASSERT(fabs(p->monthly[2].tax - -95) < 1e-9);
    CU_ASSERT(fabs(p->commitment_tax) < 1e-9);
    CU_ASSERT(fabs(p->after_tax_total - 808.5) < 1e-9);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"plans ranked by rank_by", test_ranked_by_rank_by},
        {"compare shows plans", test_compare_plans},
        {"a plan's budget by hand", test_plan_budget},
        {"plans in the report's CSV and Markdown", test_report_plans},
        {"a plan's tax by month", test_plan_tax_by_month},
        {"a refresh's tax by month", test_refresh_tax_by_month},
        {NULL, NULL},
    };
    return check_run("plan_reports", cases);
}
