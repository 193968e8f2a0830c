/* test_plan.c - demand and plans (docs/MODEL.md, "Demand (`[demand]`)" and
 * "Plans (`[plan NAME]`)"): MODEL.md's example worked by hand, demand by its
 * formula and from a file. Every expected value is derived in the comments. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

/* MODEL.md's example: H = 3, T = 100, electricity 0.1, PUE 1.5; gb bought (2
 * GPUs, 1,000 each, 1,000 W, idle 0.2, load 1, throughput 10), rv reserved at
 * 2 an hour, od on demand at 3 an hour with throughput 20 (k = 2). Demand 200
 * a month with seasonality 0.5, 1.5, 2.5, ...: D = 100, 300, 500. DISCOUNT
 * is the discount rate. */
#define EXAMPLE(DISCOUNT)                                                                          \
    "[scenario]\nname = plan example\nhorizon_months = 3\nhours_per_month = 100\n"                 \
    "discount_rate = " DISCOUNT "\n[site]\nelectricity_price = 0.1\npue = 1.5\n"                   \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"                      \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"                        \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"         \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan own-only]\nown = gb\nown_count = 2\n"                                                   \
    "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n"

static void test_plan_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE("0"), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT_EQUAL_FATAL(r->n_plans, 2);
    /* mix serves all demand: ranked first though own-only's total is lower. */
    CU_ASSERT_EQUAL(r->plan_rank[0], 1);
    CU_ASSERT_EQUAL(r->plan_rank[1], 0);
    const tco_plan_result *mix = &r->plans[1], *own = &r->plans[0];
    CU_ASSERT_STRING_EQUAL(mix->plan->name, "mix");
    CU_ASSERT_EQUAL(mix->own_count, 2); /* the option's count */
    CU_ASSERT_EQUAL(mix->reserve_count, 1);
    /* Month 1: D 100, owned 100 hours at u = 0.5; cost_own = 6 + 24u = 18,
     * reserved 200. Month 2: D 300, owned 200 (u 1, 30), reserved 100.
     * Month 3: D 500, owned 200, reserved 100, overflow 200 reference hours
     * = 100 od hours at 3 = 300. */
    static const double demand[] = {100, 300, 500}, own_h[] = {100, 200, 200}, util[] = {0.5, 1, 1},
                        res_h[] = {0, 100, 100}, over_h[] = {0, 0, 100}, own_c[] = {18, 30, 30},
                        over_c[] = {0, 0, 300}, cost[] = {218, 230, 530};
    for (int m = 0; m < 3; m++) {
        const tco_plan_month *pm = &mix->monthly[m];
        CLOSE(pm->demand, demand[m]);
        CLOSE(pm->own_hours, own_h[m]);
        CLOSE(pm->own_utilization, util[m]);
        CLOSE(pm->reserve_hours, res_h[m]);
        CLOSE(pm->overflow_hours, over_h[m]);
        CLOSE(pm->unserved, 0);
        CLOSE(pm->own_cost, own_c[m]);
        CLOSE(pm->reserve_cost, 200);
        CLOSE(pm->overflow_cost, over_c[m]);
        CLOSE(pm->cost, cost[m]);
        /* In reference GPU-hours (k 1 for gb and rv, 2 for od): 2 GPUs of
         * 200 hours and 1 of 100 reserved, 300 in all; served 100, 300,
         * 300 (idle 200, 0, 0); od's 100 hours in month 3 serve 200. */
        static const double s_own[] = {100, 200, 200}, served[] = {100, 300, 300},
                            idle[] = {200, 0, 0}, s_over[] = {0, 0, 200};
        CU_ASSERT_EQUAL(pm->own_gpus, 2);
        CLOSE(pm->own_served, s_own[m]);
        CLOSE(pm->reserve_capacity, 100);
        CLOSE(pm->reserve_served, res_h[m]);
        CLOSE(pm->capacity, 300);
        CLOSE(pm->served, served[m]);
        CLOSE(pm->idle, idle[m]);
        CLOSE(pm->overflow_served, s_over[m]);
    }
    CLOSE(mix->paid0, 2000);
    CLOSE(mix->own_total, 2078); /* 2,000 + 18 + 30 + 30 */
    CLOSE(mix->reserve_total, 600);
    CLOSE(mix->overflow_total, 300);
    CLOSE(mix->total, 2978);
    CLOSE(mix->npv, 2978); /* no discounting */
    CLOSE(mix->demand, 900);
    CLOSE(mix->own_hours, 500);
    CLOSE(mix->reserve_hours, 200);
    CLOSE(mix->overflow_hours, 100);
    /* own-only: the same owned part; 100 and 300 hours unserved. */
    CLOSE(own->total, 2078);
    CLOSE(own->unserved, 400);
    CLOSE(own->monthly[1].unserved, 100);
    CLOSE(own->monthly[2].unserved, 300);
    CLOSE(own->overflow_total, 0);
    tco_result_free(r);
    tco_scenario_free(s);

    /* At 1.01^12 - 1 a year, r_m = 0.01: npv = 2,000 + 218/1.01 + 230/1.01^2
     * + 530/1.01^3 = 2,955.72245392... */
    r = check_compute(EXAMPLE("0.12682503013196972"), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT(fabs(r->plans[1].npv - 2955.722453923659) < 1e-6);
    CLOSE(r->plans[1].total, 2978);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* D(m) = 1000 * 1.5^((m-1)/12) * f[(m-1) mod 12], f = 2, 0, 1, ..., 1. */
static void test_demand_formula(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        "[scenario]\nname = t\nhorizon_months = 24\n[option od]\nacquire = rent\ncount = 1\n"
        "price_per_gpu_hour = 1\n[demand]\nreference = od\ngpu_hours_per_month = 1000\n"
        "growth = 0.5\nseasonality = 2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1\n"
        "[plan p]\noverflow = od\n",
        "t.ini", &s);
    if (!r)
        return;
    CLOSE(tco_demand_at(s, 1), 2000);             /* f[0] = 2 */
    CLOSE(tco_demand_at(s, 2), 0);                /* f[1] = 0 */
    CLOSE(tco_demand_at(s, 7), 1000 * sqrt(1.5)); /* half a year */
    CLOSE(tco_demand_at(s, 13), 1500 * 2);        /* a year: 1.5 times, f[0] */
    CLOSE(tco_demand_at(s, 24), 1000 * pow(1.5, 23.0 / 12));
    CLOSE(tco_demand_at(s, 25), 0); /* past the horizon */
    /* Overflow alone at 1 an hour, T = 730: the plan's total is the demand. */
    double sum = 0;
    for (int m = 1; m <= 24; m++)
        sum += tco_demand_at(s, m);
    CLOSE(r->plans[0].total, sum);
    CLOSE(r->plans[0].overflow_hours, sum);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* file = demand.csv beside the scenario: comments and blank lines skipped,
 * CR LF allowed, values past the horizon unused. */
static void test_demand_file(void)
{
    char dir[] = "/tmp/tco-plan-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char ini[64], csv[64];
    snprintf(ini, sizeof ini, "%s/s.ini", dir);
    snprintf(csv, sizeof csv, "%s/demand.csv", dir);
    FILE *f = fopen(csv, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("# GPU-hours a month\r\n10\r\n\n  20.5\n30\n40\n", f);
    fclose(f);
    f = fopen(ini, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("[scenario]\nname = t\nhorizon_months = 3\n[option od]\nacquire = rent\ncount = 1\n"
          "price_per_gpu_hour = 2\n[demand]\nreference = od\nfile = demand.csv\n"
          "[plan p]\noverflow = od\n",
          f);
    fclose(f);
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_file(ini, &s, d), TCO_OK);
    check_print_diags(d);
    tco_result *r = NULL;
    if (s && tco_compute(s, &r) == TCO_OK) {
        CLOSE(tco_demand_at(s, 1), 10);
        CLOSE(tco_demand_at(s, 2), 20.5);
        CLOSE(tco_demand_at(s, 3), 30);
        CLOSE(r->plans[0].total, 2 * 60.5); /* 60.5 hours at 2 */
        /* The demand file is one of the scenario's inputs: never an output. */
        CU_ASSERT_PTR_NOT_NULL(tco_scenario_input_at(s, csv));
    }
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);
    /* A bad value: an error at the file's line. */
    f = fopen(csv, "w");
    fputs("10\n# x\n20 GPU-hours\n", f);
    fclose(f);
    d = tco_diags_new();
    s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_file(ini, &s, d), TCO_ERR_INPUT);
    const tco_diag *g = tco_diags_count(d) ? tco_diags_get(d, 0) : NULL;
    CU_ASSERT(g && g->line == 3 && strstr(g->file, "demand.csv") &&
              strstr(g->message, "expected one number of GPU-hours for month 2"));
    tco_diags_free(d);
    tco_scenario_free(s);
    unlink(csv);
    unlink(ini);
    rmdir(dir);
}

/* A part of 0 GPUs costs nothing: own_count = 0 with install_price and
 * staff, reserve_count = 0 with upfront; the overflow at 3 an hour serves all
 * 100 + 300 + 500 = 900 hours of gb (k_od = 2: 450 od hours), 1,350. */
static void test_zero_parts(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        "[scenario]\nname = t\nhorizon_months = 3\nhours_per_month = 100\n[site]\n"
        "electricity_price = 0.1\n[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\n"
        "tdp_w = 1000\ninstall_price = 500\nstaff_per_month = 10\nthroughput = 10\n"
        "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nupfront = 50\n"
        "price_per_gpu_hour = 2\n[option od]\nacquire = rent\ncount = 1\n"
        "price_per_gpu_hour = 3\nthroughput = 20\n[demand]\nreference = gb\n"
        "gpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan z]\nown = gb\nown_count = 0\nreserve = rv\nreserve_count = 0\noverflow = od\n",
        "t.ini", &s);
    if (!r)
        return;
    CLOSE(r->plans[0].own_total, 0);
    CLOSE(r->plans[0].reserve_total, 0);
    CLOSE(r->plans[0].paid0, 0);
    CLOSE(r->plans[0].overflow_hours, 450);
    CLOSE(r->plans[0].total, 1350);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, Goodput: the example with gb at availability 0.9, rv at
 * failure_rate 3.65 and repair_days 10 (A = 1 - 36.5 / 365 = 0.9), od at
 * availability 0.5, and mix with own_count 2 and 1 spare. cap_own = 180,
 * cap_res = 90. Month 1: 100 owned hours, u = 100 / 300. Month 2: 180
 * owned (u = 0.6), 90 reserved, 30 reference hours over = 30 / (2 * 0.5) =
 * 30 od hours. Month 3: 180, 90, 230 over = 230 od hours. Owned: 3 GPUs,
 * cost_own = 9 + 36u = 21, 30.6, 30.6. */
static void test_goodput_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        "[scenario]\nname = goodput\nhorizon_months = 3\nhours_per_month = 100\n"
        "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1.5\n"
        "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
        "availability = 0.9\n"
        "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"
        "failure_rate = 3.65\nrepair_days = 10\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
        "availability = 0.5\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan mix]\nown = gb\nown_count = 2\nspares = 1\nreserve = rv\nreserve_count = 1\n"
        "overflow = od\n",
        "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    static const double own_h[] = {100, 180, 180}, util[] = {1.0 / 3, 0.6, 0.6},
                        res_h[] = {0, 90, 90}, over_h[] = {0, 30, 230}, own_c[] = {21, 30.6, 30.6},
                        cost[] = {221, 320.6, 920.6};
    for (int m = 0; m < 3; m++) {
        const tco_plan_month *pm = &p->monthly[m];
        CLOSE(pm->own_capacity, 180);
        CLOSE(pm->own_hours, own_h[m]);
        CLOSE(pm->own_utilization, util[m]);
        CLOSE(pm->reserve_hours, res_h[m]);
        CLOSE(pm->overflow_hours, over_h[m]);
        CLOSE(pm->own_cost, own_c[m]);
        CLOSE(pm->cost, cost[m]);
    }
    CU_ASSERT_EQUAL(p->own_count, 2);
    CU_ASSERT_EQUAL(p->spares, 1);
    CLOSE(p->paid0, 3000);
    CLOSE(p->own_total, 3082.2);
    CLOSE(p->reserve_total, 600);
    CLOSE(p->overflow_total, 780);
    CLOSE(p->total, 4462.2);
    CLOSE(p->npv, 4462.2);
    /* Outside plans nothing changes: rv pays 1 * 100 * 2 a month, od
     * 1 * 100 * 3 at utilization 1, whatever their availability. */
    CLOSE(r->options[0].capex, 2000);
    CLOSE(r->options[1].total, 600);
    CLOSE(r->options[2].total, 900);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, Goodput (spares): the spares are bought with the owned GPUs, one
 * option of own_count + spares GPUs. gb at 1,000 a GPU, 8 GPUs a server at
 * 40,000, install 5,000, staff 100 a month, no electricity; own_count = 4,
 * spares = 1: 5 GPUs in one server, paid_0 = 5,000 + 40,000 + 5,000 =
 * 50,000, staff 100 a month once: total 50,300 (two options of 4 and 1 GPUs
 * would pay two servers, two installs and two staff lines: 95,600). With
 * buy_at = 0:4, 1:4 the spare goes with the first purchase: months 0 and 1
 * pay 50,000 and 4,000 + 40,000 + 5,000 = 49,000 (a second server), with
 * the first's staff, 100, in month 1, and 100 + 100 in months 2 and 3:
 * total 50,000 + 49,100 + 200 + 200 = 99,500. */
static void test_spares_by_hand(void)
{
    static const char *const plans[] = {"own_count = 4\n", "buy_at = 0:4, 1:4\n"};
    static const double paid0[] = {50000, 50000}, total[] = {50300, 99500}, month1[] = {100, 49100};
    for (int k = 0; k < 2; k++) {
        char ini[1024];
        snprintf(ini, sizeof ini,
                 "[scenario]\nname = spares\nhorizon_months = 3\nhours_per_month = 100\n"
                 "discount_rate = 0\n[site]\nelectricity_price = 0\n"
                 "[option gb]\nacquire = buy\ncount = 4\ngpu_price = 1000\n"
                 "gpus_per_server = 8\nserver_price = 40000\ninstall_price = 5000\n"
                 "staff_per_month = 100\ntdp_w = 1000\n"
                 "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
                 "[plan p]\nown = gb\n%sspares = 1\n",
                 plans[k]);
        tco_scenario *s = NULL;
        tco_result *r = check_compute(ini, "t.ini", &s);
        if (!r)
            continue;
        const tco_plan_result *p = &r->plans[0];
        CU_ASSERT_EQUAL(p->spares, 1);
        CLOSE(p->paid0, paid0[k]);
        CLOSE(p->monthly[0].own_cost, month1[k]);
        CLOSE(p->total, total[k]);
        tco_result_free(r);
        tco_scenario_free(s);
    }
}

/* MODEL.md, Staged purchases: the plan example's gb (3 + 12u a GPU a month:
 * power 2 + 8u, cooling 1 + 4u), buy_at = 0:1, 1:1, overflow od (k 2, 3 an
 * hour). Month 1: 1 GPU, 100 hours, u 1, cost 15 plus the second GPU's
 * 1,000. Months 2 and 3: 2 GPUs, 200 hours (u 1, 30), over 100 and 300
 * reference hours = 50 and 150 od hours = 150 and 450. */
static void test_staged_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        "[scenario]\nname = staged\nhorizon_months = 3\nhours_per_month = 100\n"
        "discount_rate = 0.12682503013196972\n[site]\nelectricity_price = 0.1\npue = 1.5\n"
        "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan staged]\nown = gb\nbuy_at = 0:1, 1:1\noverflow = od\n",
        "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    static const double cap[] = {100, 200, 200}, own_h[] = {100, 200, 200},
                        own_c[] = {1015, 30, 30}, over_h[] = {0, 50, 150},
                        cost[] = {1015, 180, 480};
    for (int m = 0; m < 3; m++) {
        const tco_plan_month *pm = &p->monthly[m];
        CLOSE(pm->own_capacity, cap[m]);
        CLOSE(pm->own_hours, own_h[m]);
        CLOSE(pm->own_utilization, 1);
        CLOSE(pm->own_cost, own_c[m]);
        CLOSE(pm->overflow_hours, over_h[m]);
        CLOSE(pm->cost, cost[m]);
    }
    CU_ASSERT_EQUAL(p->own_count, 2);
    CLOSE(p->paid0, 1000);
    CLOSE(p->own_total, 2075);
    CLOSE(p->overflow_total, 600);
    CLOSE(p->total, 2675);
    /* r_m = 0.01: 1,000 + 1,015/1.01 + 180/1.01^2 + 480/1.01^3 =
     * 2,647.28705... */
    CU_ASSERT(fabs(p->npv - (1000 + 1015 / 1.01 + 180 / (1.01 * 1.01) + 480 / pow(1.01, 3))) <
              1e-9);
    CU_ASSERT(fabs(p->npv - 2647.28705) < 1e-4);
    /* Each purchase as the plan priced it: 1,000 at its month, 3 a month at
     * u = 0 and 15 at u = 1, to month 3. */
    CU_ASSERT_EQUAL(p->n_purchases, 2);
    for (size_t j = 0; j < 2 && j < p->n_purchases; j++) {
        const tco_plan_purchase *q = &p->purchases[j];
        CU_ASSERT_EQUAL(q->month, (int)j);
        CU_ASSERT_EQUAL(q->sold, 3);
        CU_ASSERT_EQUAL(q->count, 1);
        CLOSE(q->paid0, 1000);
        for (int m = 0; m < 3 - (int)j; m++) {
            CLOSE(q->lines[0][m].cost, 3);
            CLOSE(q->lines[1][m].power, 10);
            CLOSE(q->lines[1][m].cost, 15);
        }
    }
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, Staged purchases: a batch follows the model's years and its own
 * age. H = 24, electricity 0.1 doubling in year 2, PUE 1, 1 kW a GPU busy or
 * idle: 10 a month in year 1, 20 in year 2. buy_at = 0:1, 12:1 with
 * resale_decline 0.5: the first GPU 12 * 10 + 12 * 20 = 360 and 1,000 *
 * 0.5^2 = 250 back; the second, bought at month 12, 12 * 20 = 240 and
 * 1,000 * 0.5 = 500 back. Total 2,000 + 600 - 750 = 1,850. The purchases'
 * figures: 1 server and capex 1,000 each, 1 kW provisioned, resale
 * fractions 0.25 (age 24) and 0.5 (age 12); the owned part's power line 10
 * in month 1 (one GPU), 10 in month 12, 40 in month 13 (two at 20). */
static void test_staged_years(void)
{
    tco_scenario *s = NULL;
    tco_result *r =
        check_compute("[scenario]\nname = staged\nhorizon_months = 24\nhours_per_month = 100\n"
                      "[site]\nelectricity_price = 0.1\nelectricity_escalation = 1\npue = 1\n"
                      "[option gb]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1000\n"
                      "idle_power_fraction = 1\nload_power_fraction = 1\nresale_decline = 0.5\n"
                      "[demand]\nreference = gb\ngpu_hours_per_month = 10\n"
                      "[plan staged]\nown = gb\nbuy_at = 0:1, 12:1\n",
                      "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    CLOSE(p->monthly[0].own_cost, 10);
    CLOSE(p->monthly[11].own_cost, 10 + 1000); /* the second GPU bought */
    CLOSE(p->monthly[12].own_cost, 40);
    CLOSE(p->monthly[23].own_cost, 40);
    CLOSE(p->own_total, 1850);
    CLOSE(p->total, 1850);
    CU_ASSERT_EQUAL_FATAL(p->n_purchases, 2);
    static const double fraction[] = {0.25, 0.5}, residual[] = {250, 500};
    for (int j = 0; j < 2; j++) {
        const tco_plan_purchase *q = &p->purchases[j];
        CU_ASSERT_EQUAL(q->month, 12 * j);
        CU_ASSERT_EQUAL(q->sold, 24);
        CU_ASSERT_EQUAL(q->servers, 1);
        CLOSE(q->capex_gpu, 1000);
        CLOSE(q->capex_infra, 0);
        CLOSE(q->capex, 1000);
        CLOSE(q->provisioned_kw, 1);
        CLOSE(q->residual_fraction, fraction[j]);
        CLOSE(q->residual, residual[j]);
        CLOSE(q->loan_amount + q->lease_payment + q->lease_owed, 0); /* paid in cash */
    }
    CLOSE(p->monthly[0].own_line[TCO_LINE_POWER], 10);
    CLOSE(p->monthly[11].own_line[TCO_LINE_POWER], 10);
    CLOSE(p->monthly[12].own_line[TCO_LINE_POWER], 40);
    CLOSE(p->monthly[12].own_line[TCO_LINE_COOLING], 0); /* PUE 1 */
    CLOSE(p->monthly[12].own_line[TCO_LINE_RENTAL], 0);
    /* Month 12's own cost holds the second GPU's 1,000: without it, 10. The
     * residuals at H: 250 + 500. */
    CLOSE(p->monthly[11].own_operating, 10);
    CLOSE(p->monthly[12].own_operating, 40);
    CLOSE(p->own_residual, 750);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, Refresh: the plan example's gb (2 GPUs, resale_fraction 0.5)
 * replaced by gn (1,000 W, 100 a GPU, throughput 20: k 2) with overflow od.
 * refresh_month = 2: months 1, 2 as before (18, 30; 150 over in month 2);
 * month 2 also buys 2 gn (200) and sells 2 gb (1,000): 30 + 200 - 1,000 =
 * -770; month 3: cap 2 * 100 * 2 = 400, 200 gn hours (u 1, 30), 100
 * reference hours over = 150. own 2,000 + 18 - 770 + 30 = 1,278; total
 * 1,578. auto: no refresh 1,678; month 1: gb 2,000 + 18 - 1,000, gn 200 +
 * 24 (u 0.75) + 30, over 150: 1,422 (the least); month 2: 1,578. */
#define REFRESH(WHEN) REFRESH_WITH("resale_fraction = 0.5\n", WHEN, "0")
/* The same with GB the keys of gb after its power and DISCOUNT the rate. */
#define REFRESH_WITH(GB, WHEN, DISCOUNT)                                                           \
    "[scenario]\nname = refresh\nhorizon_months = 3\nhours_per_month = 100\n"                      \
    "discount_rate = " DISCOUNT "\n[site]\nelectricity_price = 0.1\npue = 1.5\n"                   \
    "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"                      \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n" GB                     \
    "[option gn]\nacquire = buy\ncount = 2\ngpu_price = 100\ntdp_w = 1000\n"                       \
    "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 20\n"                        \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"                                        \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan r]\nown = gb\nown_count = 2\nrefresh_to = gn\nrefresh_month = " WHEN "\n"               \
    "overflow = od\n"

static void test_refresh_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(REFRESH("2"), "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    static const double cap[] = {200, 200, 400}, own_h[] = {100, 200, 200},
                        own_c[] = {18, -770, 30}, over_h[] = {0, 50, 50};
    for (int m = 0; m < 3; m++) {
        CLOSE(p->monthly[m].own_capacity, cap[m]);
        CLOSE(p->monthly[m].own_hours, own_h[m]);
        CLOSE(p->monthly[m].own_cost, own_c[m]);
        CLOSE(p->monthly[m].overflow_hours, over_h[m]);
    }
    CU_ASSERT_EQUAL(p->refresh_month, 2);
    CU_ASSERT_EQUAL(p->refresh_count, 2);
    CLOSE(p->paid0, 2000);
    /* The purchases: 2 gb from month 0, sold at 2; the refresh's 2 gn from
     * month 2 to 3, 200 then, 30 a month at u = 1. */
    CU_ASSERT_EQUAL(p->n_purchases, 2);
    if (p->n_purchases == 2) {
        CU_ASSERT(p->purchases[0].month == 0 && p->purchases[0].sold == 2);
        CU_ASSERT_EQUAL(p->purchases[0].count, 2);
        CLOSE(p->purchases[0].paid0, 2000);
        CU_ASSERT(p->purchases[1].month == 2 && p->purchases[1].sold == 3);
        CU_ASSERT_EQUAL(p->purchases[1].count, 2);
        CLOSE(p->purchases[1].paid0, 200);
        CLOSE(p->purchases[1].lines[1][0].cost, 30);
    }
    /* Month 2 without the 2 gn bought (200) and the 2 gb sold (1,000): its
     * lines, 30. The gn have no resale value: no residual at H. */
    CLOSE(p->monthly[1].own_operating, 30);
    CLOSE(p->own_residual, 0);
    CLOSE(p->own_total, 1278);
    CLOSE(p->overflow_total, 300);
    CLOSE(p->total, 1578);
    tco_result_free(r);
    tco_scenario_free(s);

    r = check_compute(REFRESH("auto"), "t.ini", &s);
    if (!r)
        return;
    p = &r->plans[0];
    CU_ASSERT_EQUAL(p->refresh_month, 1);
    CLOSE(p->monthly[1].own_utilization, 0.75);
    CLOSE(p->total, 1422);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, Refresh, "a leased refresh by hand": gb leased (100 a month for
 * the 2 GPUs, 5 months, returned), refreshed at month 2, r_m = 0.01: the
 * three payments still to come are paid at month 2. Own lines 118, 530, 30;
 * total 1,078; npv 100 + 118/1.01 + 680/1.01^2 + 180/1.01^3 =
 * 1,058.13922339 (1,055.23706275 with the three paid at their own months).
 * With [tax] rate 0.25: after_tax_total 808.5, after_tax_npv 1,058.13922339
 * - 25 - 29.5/1.01 - 120/1.01^2 - 95/1.01^3 = 794.08971262. The leased
 * purchase: its payment 100, 3 * 100 = 300 still to come when sold at month
 * 2 (paid then: no present value past the horizon), no residual (returned),
 * no buyout; the refresh's 2 gn, 200 paid in cash, sold at H for 0. The
 * owned part's power: month 1 at u = 100 / 200 = 0.5, 2 GPUs of 1 kW at
 * 0.2 + 0.5 * 0.8 = 0.6: 1.2 kW * 100 h * 0.1 = 12; cooling 0.5 of it, 6. */
#define LEASED_GB "financing = lease\nlease_payment = 100\nlease_months = 5\nlease_end = return\n"
static void test_leased_refresh_by_hand(void)
{
    tco_scenario *s = NULL;
    tco_result *r = check_compute(
        REFRESH_WITH(LEASED_GB, "2", "0.12682503013196977") "[tax]\nrate = 0.25\n", "t.ini", &s);
    if (!r)
        return;
    const tco_plan_result *p = &r->plans[0];
    static const double own_c[] = {118, 530, 30};
    for (int m = 0; m < 3; m++)
        CLOSE(p->monthly[m].own_cost, own_c[m]);
    CLOSE(p->paid0, 100);
    CLOSE(p->own_total, 778);
    CLOSE(p->total, 1078);
    CU_ASSERT(fabs(p->npv - 1058.13922339) < 1e-6);
    CU_ASSERT(fabs(p->after_tax_total - 808.5) < 1e-6);
    CU_ASSERT(fabs(p->after_tax_npv - 794.08971262) < 1e-6);
    CU_ASSERT_EQUAL_FATAL(p->n_purchases, 2);
    const tco_plan_purchase *q = &p->purchases[0];
    CLOSE(q->lease_payment, 100);
    CLOSE(q->lease_owed, 300);
    CLOSE(q->lease_owed_npv, 0);
    CLOSE(q->residual, 0);
    CLOSE(q->lease_buyout, 0);
    CLOSE(q->capex, 2000);
    q = &p->purchases[1];
    CU_ASSERT(q->month == 2 && q->sold == 3);
    CLOSE(q->capex, 200);
    CLOSE(q->lease_payment + q->lease_owed + q->loan_amount, 0);
    CLOSE(p->monthly[0].own_line[TCO_LINE_POWER], 12);
    CLOSE(p->monthly[0].own_line[TCO_LINE_COOLING], 6);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, Plans after tax: the plan example (mix) with [tax] rate 0.25
 * and gb depreciated straight-line over 1 year: 2,000 / 12 a month, book
 * value 1,500 at month 3, sold for 0: tax on sale -375. tax(1) = -0.25 *
 * (18 + 166.67 + 200) = -96.1667; tax(2) = -0.25 * (30 + 166.67 + 200) =
 * -99.1667; tax(3) = -0.25 * (30 + 166.67 + 200 + 300) - 375 = -549.1667:
 * -744.5 = -0.25 * 2,978 in all; after_tax_total 2,233.5. At r_m = 0.01:
 * 2,955.72245392 - 96.1667/1.01 - 99.1667/1.01^2 - 549.1667/1.01^3 =
 * 2,230.27948467. */
static void test_after_tax_by_hand(void)
{
    static const char *const rates[] = {"0", "0.12682503013196972"};
    static const double total[] = {2233.5, 2233.5}, npv[] = {2233.5, 2230.27948467};
    for (int k = 0; k < 2; k++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "[scenario]\nname = tax\nhorizon_months = 3\nhours_per_month = 100\n"
                 "discount_rate = %s\n[site]\nelectricity_price = 0.1\npue = 1.5\n"
                 "[tax]\nrate = 0.25\n"
                 "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
                 "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
                 "depreciation = straight-line\ndepreciation_years = 1\n"
                 "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\n"
                 "price_per_gpu_hour = 2\n"
                 "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\n"
                 "throughput = 20\n[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
                 "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
                 "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n",
                 rates[k]);
        tco_scenario *s = NULL;
        tco_result *r = check_compute(text, "t.ini", &s);
        if (!r)
            return;
        CLOSE(r->plans[0].total, 2978);
        CU_ASSERT(fabs(r->plans[0].after_tax_total - total[k]) < 1e-6);
        CU_ASSERT(fabs(r->plans[0].after_tax_npv - npv[k]) < 1e-6);
        /* By part (the workbook's tax rows): owned -0.25 * (18 + 166.67),
         * -0.25 * (30 + 166.67) twice and the sale's -375 in month 3;
         * reserved -0.25 * 200 a month; overflow -0.25 * 300 in month 3. */
        const tco_plan_result *p = &r->plans[0];
        const double own[3] = {-46.1666666667, -49.1666666667, -424.1666666667};
        for (int m = 0; m < 3; m++) {
            CU_ASSERT(fabs(p->monthly[m].own_tax - own[m]) < 1e-6);
            CU_ASSERT(fabs(p->monthly[m].reserve_tax - -50) < 1e-9);
            CU_ASSERT(fabs(p->monthly[m].overflow_tax - (m == 2 ? -75 : 0)) < 1e-9);
            CU_ASSERT(fabs(p->monthly[m].own_sale_tax - (m == 2 ? -375 : 0)) < 1e-9);
            CU_ASSERT(fabs(p->purchases[0].lines[0][m].tax_depreciation - 2000.0 / 12) < 1e-9);
        }
        CU_ASSERT(fabs(p->purchases[0].tax_on_sale - -375) < 1e-9);
        CU_ASSERT(p->own_tax0 == 0 && p->reserve_tax0 == 0);
        CU_ASSERT(p->own_commitment_tax == 0 && p->reserve_commitment_tax == 0);
        tco_result_free(r);
        tco_scenario_free(s);
    }
    /* Without [tax]: null. */
    tco_scenario *s = NULL;
    tco_result *r = check_compute(EXAMPLE("0"), "t.ini", &s);
    if (!r)
        return;
    CU_ASSERT(isnan(r->plans[1].after_tax_total) && isnan(r->plans[1].after_tax_npv));
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"plan by hand", test_plan_by_hand},
        {"demand by formula", test_demand_formula},
        {"demand file", test_demand_file},
        {"parts of 0 GPUs", test_zero_parts},
        {"goodput by hand", test_goodput_by_hand},
        {"spares by hand", test_spares_by_hand},
        {"staged purchases by hand", test_staged_by_hand},
        {"staged purchases follow the model's years", test_staged_years},
        {"refresh by hand", test_refresh_by_hand},
        {"a leased refresh by hand", test_leased_refresh_by_hand},
        {"after tax by hand", test_after_tax_by_hand},
        {NULL, NULL},
    };
    return check_run("plan", cases);
}
