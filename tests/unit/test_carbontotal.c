/* test_carbontotal.c - the carbon cost in the total, [scenario]
 * carbon_in_total = yes (docs/MODEL.md, The carbon cost in the total): the
 * hand-worked example of a bought option and a rented baseline, the months,
 * the total, the NPV, the break-even, the tax, and the errors at the flag's
 * line. */
#include "check.h"
#include "tco_budget.h"
#include "tco_statements.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: H = 12, T = 730, [site] at 0.10 a kWh, PUE 1.5,
 * 0.4 kgCO2e a kWh; own buys 1 GPU of 1,000 W (idle 0.1, load 0.9) in a
 * server of 100 W at 10,000, 1,000 kg embodied; cloud rents 1 GPU at 2 an
 * hour, 0.5 kg a GPU-hour. The flag and the price are the last two lines of
 * [scenario] (lines 4 and 5), so that FLAG can leave them out. */
#define HEAD "[scenario]\nname = c\nhorizon_months = 12\n"
#define FLAG "carbon_price = 100\ncarbon_in_total = yes\n"
#define REST                                                                                       \
    "baseline = cloud\n"                                                                           \
    "[site]\nelectricity_price = 0.1\npue = 1.5\ncolo_per_kw_month = 0\n"                          \
    "grid_kgco2e_per_kwh = 0.4\n"                                                                  \
    "[option own]\nacquire = buy\ncount = 1\nutilization = 1\ngpu_price = 10000\n"                 \
    "server_price = 0\ngpus_per_server = 1\ntdp_w = 1000\nidle_power_fraction = 0.1\n"             \
    "server_power_w = 100\nmaintenance_rate = 0\nresale_fraction = 0\n"                            \
    "embodied_kgco2e = 1000\n"                                                                     \
    "[option cloud]\nacquire = rent\ncount = 1\nutilization = 1\nprice_per_gpu_hour = 2\n"         \
    "kgco2e_per_gpu_hour = 0.5\n"

static tco_scenario *load(const char *text, tco_diags *d)
{
    tco_scenario *s = NULL;
    tco_scenario_load_string(text, "c.ini", &s, d);
    return s;
}

static tco_result *run(tco_scenario *s)
{
    tco_result *r = NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    return r;
}

/* By hand. own at u: it_kw = (1,000 * (0.1 + 0.8 u) + 100) / 1000 = 0.2 + 0.8 u,
 * 1.0 at u = 1. A month: 730 kWh of IT load, 1,095 with cooling: power 73,
 * cooling 36.5; 1,095 * 0.4 / 1000 = 0.438 t, at 100 a tonne 43.8. Month 0:
 * 1 t embodied, 100. Total without the flag 10,000 + 12 * 109.5 = 11,314;
 * with it 11,314 + 100 + 12 * 43.8 = 11,939.6. cloud: 730 GPU-hours a month,
 * 1,460; 0.365 t, 36.5; 17,520 and 17,958. */
static void test_by_hand(void)
{
    tco_scenario *a = load(HEAD REST, NULL), *b = load(HEAD FLAG REST, NULL);
    tco_result *ra = run(a), *rb = run(b);
    const tco_option_result *own0 = &ra->options[0], *own = &rb->options[0],
                            *cloud0 = &ra->options[1], *cloud = &rb->options[1];
    CLOSE(own0->total, 11314);
    CLOSE(own->total, 11939.6);
    CLOSE(own->carbon_cost, 625.6); /* the figure: 6.256 t, all of it in the total */
    CLOSE(own->carbon_cost0, 100);
    CLOSE(own->paid0, 10100);
    CLOSE(own->capex, 10000);
    CLOSE(own->monthly[0].carbon_cost, 43.8);
    CLOSE(own->monthly[0].cost, 153.3);
    CLOSE(own->monthly[0].power, 73); /* the lines as before */
    CLOSE(own->monthly[11].cumulative, 11939.6);
    CU_ASSERT_EQUAL(own0->monthly[0].carbon_cost, 0);
    CU_ASSERT_EQUAL(own0->carbon_cost0, 0);
    CLOSE(cloud0->total, 17520);
    CLOSE(cloud->total, 17958);
    CLOSE(cloud->monthly[5].carbon_cost, 36.5);
    /* Break-even month: 10,100 + 153.3 m <= 1,496.5 m from m = 10,100 /
     * 1,343.2 = 7.52, month 8; the payback likewise. */
    CU_ASSERT_EQUAL(own->breakeven_month, 8);
    CLOSE(own->payback_month, 8);
    /* The IRR's flow: -10,100 at month 0, then 1,343.2 a month, whose NPV at
     * the IRR's monthly rate is 0. */
    double irr_m = pow(1 + own->irr, 1.0 / 12) - 1, flow = -10100;
    for (int m = 1; m <= 12; m++)
        flow += 1343.2 / pow(1 + irr_m, m);
    CU_ASSERT(fabs(flow) < 1e-6);
    /* Break-even utilization: a kWh of IT load costs 0.1 * 1.5 = 0.15 and
     * emits 1.5 * 0.4 = 0.6 kg, 0.06: 0.21. own(u) = 10,100 + 12 * (0.2 +
     * 0.8 u) * 730 * 0.21 = 10,467.92 + 1,471.68 u; cloud(u) = 12 * 730 u *
     * (2 + 0.05) = 17,958 u. u = 10,467.92 / (17,958 - 1,471.68). Without:
     * 10,262.8 + 1,051.2 u against 17,520 u. */
    CLOSE(own->total_per_utilization, 1471.68);
    CLOSE(cloud->total_per_utilization, 17958);
    CLOSE(own->breakeven_utilization, 10467.92 / (17958 - 1471.68));
    CLOSE(own0->breakeven_utilization, 10262.8 / (17520 - 1051.2));
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

/* With a discount rate of 10% a year (r_m = 1.1^(1/12) - 1) the NPV adds
 * 100 + 43.8 * the sum of 1 / (1 + r_m)^m over months 1..12; with [tax] at
 * 25% the carbon cost is deducted as paid: the tax falls by 0.25 * 625.6 =
 * 156.4, 25 of it at month 0, and the total after tax rises by 0.75 * 625.6
 * = 469.2. */
static void test_npv_and_tax(void)
{
    const char *disc = "discount_rate = 0.1\n";
    const char *tax = "[tax]\nrate = 0.25\n";
    char ta[2048], tb[2048];
    snprintf(ta, sizeof ta, "%s%s%s%s", HEAD, disc, REST, tax);
    snprintf(tb, sizeof tb, "%s%s%s%s%s", HEAD, FLAG, disc, REST, tax);
    tco_scenario *a = load(ta, NULL), *b = load(tb, NULL);
    tco_result *ra = run(a), *rb = run(b);
    const tco_option_result *own0 = &ra->options[0], *own = &rb->options[0];
    double rm = pow(1.1, 1.0 / 12) - 1, pv = 0;
    for (int m = 1; m <= 12; m++)
        pv += 43.8 / pow(1 + rm, m);
    CLOSE(own->npv - own0->npv, 100 + pv);
    CLOSE(own->tax - own0->tax, -156.4);
    CLOSE(own->tax0 - own0->tax0, -25);
    CLOSE(own->monthly[3].tax - own0->monthly[3].tax, -0.25 * 43.8);
    CLOSE(own->after_tax_total - own0->after_tax_total, 469.2);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

/* Without the flag nothing changes: the same scenario with the price alone
 * has the totals, the months' costs and the tax to the bit. */
static void test_off_is_unchanged(void)
{
    tco_scenario *a = load(HEAD REST, NULL),
                 *b = load(HEAD "carbon_price = 100\ncarbon_in_total = no\n" REST, NULL);
    tco_result *ra = run(a), *rb = run(b);
    for (size_t i = 0; i < 2; i++) {
        CU_ASSERT_EQUAL(ra->options[i].total, rb->options[i].total);
        CU_ASSERT_EQUAL(ra->options[i].npv, rb->options[i].npv);
        CU_ASSERT_EQUAL(ra->options[i].paid0, rb->options[i].paid0);
        CU_ASSERT_EQUAL(ra->options[i].total_per_utilization, rb->options[i].total_per_utilization);
        for (int m = 0; m < 12; m++)
            CU_ASSERT_EQUAL(
                memcmp(&ra->options[i].monthly[m], &rb->options[i].monthly[m], sizeof(tco_month)),
                0);
    }
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

/* The budget: capex stays the hardware's 10,000; the carbon column holds 100 +
 * 12 * 43.8 = 625.6, which the total adds: 10,000 + 1,314 + 625.6 = 11,939.6
 * (one fiscal year: months 0..12). The statements: EBITDA falls by the cost
 * lines and the carbon cost, 1,314 + 625.6 = 1,939.6, paid in operating cash;
 * the net cash is the budget's total. Without the flag the carbon column is
 * not written (and holds 0). */
static void test_budget_and_statements(void)
{
    tco_scenario *a = load(HEAD REST, NULL), *b = load(HEAD FLAG REST, NULL);
    tco_result *ra = run(a), *rb = run(b);
    tco_budget *ba = NULL, *bb = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(ra, &ba), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(rb, &bb), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(bb->n_years, 1);
    const double *v = bb->value, *w = ba->value; /* option own, year 1 */
    CLOSE(v[TCO_BUDGET_CAPEX], 10000);
    CLOSE(v[TCO_BUDGET_POWER], 12 * 73.0);
    CLOSE(v[TCO_BUDGET_CARBON], 625.6);
    CLOSE(v[TCO_BUDGET_TOTAL], 11939.6);
    CLOSE(w[TCO_BUDGET_TOTAL], 11314);
    CU_ASSERT_EQUAL(w[TCO_BUDGET_CARBON], 0);
    CU_ASSERT(tco_budget_col_shown(b, TCO_BUDGET_CARBON));
    CU_ASSERT(!tco_budget_col_shown(a, TCO_BUDGET_CARBON));
    CU_ASSERT(tco_budget_col_shown(a, TCO_BUDGET_TOTAL));
    tco_statements *st = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_statements_compute(rb, &st), TCO_OK);
    const double *sv = st->value;
    CLOSE(sv[TCO_STMT_EBITDA], 1939.6);
    CLOSE(sv[TCO_STMT_OPERATING_CASH], 1939.6);
    CLOSE(sv[TCO_STMT_INVESTING_CASH], 10000);
    CLOSE(sv[TCO_STMT_NET_CASH], 11939.6);
    tco_statements_free(st);
    tco_budget_free(ba);
    tco_budget_free(bb);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

static void test_errors(void)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {HEAD "carbon_in_total = yes\n" REST,
         "c.ini:4: error: carbon_in_total = yes needs [scenario] carbon_price, the price of a "
         "tonne of CO2e"},
        /* A plan's overflow without emissions: the option's error (MODEL.md, A
         * plan's carbon cost in its total). */
        {HEAD FLAG REST "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\n"
                        "[demand]\nreference = own\ngpu_hours_per_month = 100\n"
                        "[plan p]\nown = own\noverflow = od\n",
         "c.ini:5: error: carbon_in_total = yes needs every option's emissions: option 'od' "
         "has none (it has no kgco2e_per_gpu_hour)"},
        {HEAD FLAG REST "[option spot]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n",
         "c.ini:5: error: carbon_in_total = yes needs every option's emissions: option 'spot' "
         "has none (it has no kgco2e_per_gpu_hour)"},
        {HEAD FLAG "[site]\nelectricity_price = 0.1\n"
                   "[option own]\nacquire = buy\ncount = 1\ngpu_price = 10000\ntdp_w = 1000\n",
         "c.ini:5: error: carbon_in_total = yes needs every option's emissions: option 'own' "
         "has none (its site has no grid_kgco2e_per_kwh)"},
        {HEAD FLAG REST "[site near]\nelectricity_price = 0.1\nmarket_kgco2e_per_kwh = 0\n"
                        "[option mine]\nbase = own\nsite = near\n",
         NULL},
    };
    for (size_t c = 0; c < 4; c++) {
        tco_diags *d = tco_diags_new();
        tco_scenario *s = load(cases[c].text, d);
        CU_ASSERT_PTR_NULL(s);
        const char *got = check_diags_text(d);
        if (!strstr(got, cases[c].want))
            fprintf(stderr, "\ngot: %s\nwant: %s\n", got, cases[c].want);
        CU_ASSERT_PTR_NOT_NULL(strstr(got, cases[c].want));
        tco_scenario_free(s);
        tco_diags_free(d);
    }
    /* A named site with a market intensity of its own is on its own
     * contracts: its options' emissions are known. */
    tco_diags *d = tco_diags_new();
    tco_scenario *s = load(cases[4].text, d);
    if (!s)
        fprintf(stderr, "\n%s\n", check_diags_text(d));
    CU_ASSERT_PTR_NOT_NULL(s);
    tco_scenario_free(s);
    tco_diags_free(d);
}

int main(void)
{
    static const check_case cases[] = {
        {"the carbon cost in the total, by hand", test_by_hand},
        {"its NPV and its tax", test_npv_and_tax},
        {"without the flag, nothing changes", test_off_is_unchanged},
        {"the budget's carbon column and the statements", test_budget_and_statements},
        {"carbon_in_total errors at its line", test_errors},
        {NULL, NULL},
    };
    return check_run("carbontotal", cases);
}
