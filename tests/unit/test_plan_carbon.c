/* test_plan_carbon.c - a plan's emissions (docs/MODEL.md, A plan's
 * emissions): MODEL.md's plan example with carbon keys and a refresh to
 * another site, worked by hand in the comments; no figures without carbon. */
#include "check.h"

#include <math.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's plan example (test_plan.c): H = 3, T = 100, PUE 1.5; gb bought
 * (2 GPUs of 1,000 W, idle 0.2, load 1, no server power), rv reserved, od on
 * demand with throughput 20 (k = 2); D = 100, 300, 500. With carbon: [site]
 * at 0.5 kgCO2e per kWh, gb 100 kg a GPU and 500 a server, rv 0.2 and od 0.4
 * kg a GPU-hour, a carbon price of 100. */
#define EXAMPLE(PRICE, SITE, GB, RV, OD)                                                           \
    "[scenario]\nname = plan carbon\nhorizon_months = 3\nhours_per_month = 100\n" PRICE            \
    "[site]\nelectricity_price = 0.1\npue = 1.5\n" SITE                                            \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"                      \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n" GB                     \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n" RV      \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n" OD         \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan own-only]\nown = gb\nown_count = 2\n"                                                   \
    "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n"

#define CARBON_KEYS                                                                                \
    EXAMPLE("carbon_price = 100\n", "grid_kgco2e_per_kwh = 0.5\n",                                 \
            "embodied_kgco2e = 100\nserver_embodied_kgco2e = 500\n",                               \
            "kgco2e_per_gpu_hour = 0.2\n", "kgco2e_per_gpu_hour = 0.4\n")

/* mix: owned u = 0.5, 1, 1, it_kw = 2 * (0.2 + 0.8u) = 1.2, 2, 2; kWh = it_kw
 * * 100 * 1.5 = 180, 300, 300 (780), x 0.5 / 1000 = 0.09, 0.15, 0.15 t (0.39);
 * embodied (2 * 100 + 1 * 500) / 1000 = 0.7 t at month 0; rv's 1 * 100 hours
 * a month x 0.2 kg = 0.02 t a month (0.06); od's 100 hours in month 3 x 0.4 kg
 * = 0.04 t. tCO2e 0.7, 0.11, 0.17, 0.21: 1.19, x 100 = 119. own-only: the same
 * owned hours, no rented part: 0.39 + 0.7 = 1.09. */
static void test_plan_carbon_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(CARBON_KEYS, "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
    const tco_plan_result *own = &r->plans[0], *mix = &r->plans[1];
    CLOSE(mix->electricity_kwh, 780);
    CLOSE(mix->scope2_location_tco2e, 0.39);
    CU_ASSERT(isnan(mix->scope2_market_tco2e)); /* no market intensity at [site] */
    CLOSE(mix->scope3_capital_tco2e, 0.7);
    CLOSE(mix->scope3_purchased_tco2e, 0.1);
    CLOSE(mix->tco2e, 1.19);
    CLOSE(mix->carbon_cost, 119);
    CU_ASSERT_PTR_NOT_NULL_FATAL(mix->carbon);
    static const double kwh[] = {0, 180, 300, 300}, t[] = {0.7, 0.11, 0.17, 0.21},
                        pur[] = {0, 0.02, 0.02, 0.06};
    for (int m = 0; m <= 3; m++) {
        CLOSE(mix->carbon[m].kwh, kwh[m]);
        CLOSE(mix->carbon[m].scope3_purchased, pur[m]);
        CLOSE(mix->carbon[m].tco2e, t[m]);
    }
    CLOSE(mix->carbon[0].scope2_location, 0);
    CLOSE(mix->carbon[0].carbon_cost, 70);
    CLOSE(own->electricity_kwh, 780);
    CLOSE(own->scope3_purchased_tco2e, 0);
    CLOSE(own->tco2e, 1.09);
    /* The totals are not moved by carbon. */
    CLOSE(mix->total, 2078 + 600 + 300);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A refresh to gn at [site green] (PUE 1.2, grid 0.3, market 0.1, 50 kg a
 * GPU) at month 2, od's overflow at 0.4 kg. gb: u = 0.5, 1 in months 1, 2:
 * 180 + 300 = 480 kWh x 0.5 = 0.24 t; gn (k = 2) serves 400 of month 3's
 * 500 in 200 of its hours, u = 1: it_kw 2, 2 * 100 * 1.2 = 240 kWh, location
 * 0.072 t, market 0.024 t, which the sum takes; the market-based total is
 * null ([site] has none). Embodied 0.7 t at month 0 and 2 * 50 / 1000 = 0.1 t
 * at month 2; od (300 - 200) / 2 = 50 hours in months 2 and 3, 0.04 t.
 * tCO2e 0.24 + 0.024 + 0.8 + 0.04 = 1.104. */
static void test_refresh_carbon_by_hand(void)
{
    static const char *const text =
        "[scenario]\nname = refresh carbon\nhorizon_months = 3\nhours_per_month = 100\n"
        "carbon_price = 100\n"
        "[site]\nelectricity_price = 0.1\npue = 1.5\ngrid_kgco2e_per_kwh = 0.5\n"
        "[site green]\nelectricity_price = 0.1\npue = 1.2\ngrid_kgco2e_per_kwh = 0.3\n"
        "market_kgco2e_per_kwh = 0.1\n"
        "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
        "resale_fraction = 0.5\nembodied_kgco2e = 100\nserver_embodied_kgco2e = 500\n"
        "[option gn]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 20\nsite = green\n"
        "embodied_kgco2e = 50\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
        "kgco2e_per_gpu_hour = 0.4\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan r]\nown = gb\nown_count = 2\nrefresh_to = gn\nrefresh_month = 2\n"
        "overflow = od\n";
    tco_scenario *s = NULL;
    tco_result *r = check_compute(text, "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    CLOSE(p->electricity_kwh, 720);
    CLOSE(p->scope2_location_tco2e, 0.312);
    CU_ASSERT(isnan(p->scope2_market_tco2e));
    CLOSE(p->scope3_capital_tco2e, 0.8);
    CLOSE(p->scope3_purchased_tco2e, 0.04);
    CLOSE(p->tco2e, 1.104);
    CLOSE(p->carbon_cost, 110.4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p->carbon);
    CLOSE(p->carbon[2].scope3_capital, 0.1);
    CLOSE(p->carbon[2].tco2e, 0.15 + 0.1 + 0.02);
    CLOSE(p->carbon[3].kwh, 240);
    CLOSE(p->carbon[3].scope2_location, 0.072);
    CLOSE(p->carbon[3].tco2e, 0.024 + 0.02);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Without a carbon key: no plan figure, no months. */
static void test_no_carbon(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE("", "", "", "", ""), "t.ini", &s);
    if (!r)
        return;
    for (size_t i = 0; i < r->n_plans; i++) {
        CU_ASSERT_PTR_NULL(r->plans[i].carbon);
        CU_ASSERT(isnan(r->plans[i].tco2e));
        CU_ASSERT(isnan(r->plans[i].carbon_cost));
    }
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"a plan's carbon by hand", test_plan_carbon_by_hand},
        {"a refreshed plan's carbon at two sites by hand", test_refresh_carbon_by_hand},
        {"no plan carbon without carbon keys", test_no_carbon},
        {NULL, NULL},
    };
    return check_run("plan_carbon", cases);
}
