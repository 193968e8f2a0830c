/* test_analysis.c - sensitivity worked out by hand, the utilization sweep,
 * cases that change exactly what they override, and Monte Carlo: the mean of
 * a linear quantity converges to its analytic mean, and a seed reproduces. */
#include "check.h"
#include "core/core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* b: one GPU bought for 1000, no power (tdp 0): total 1000 whatever the
 * utilization. r: one GPU rented at 1 an hour, 100 hours a month for 12
 * months: total 1200 at utilization 1. */
static const char base[] = "[scenario]\nname = a\nhorizon_months = 12\nhours_per_month = 100\n"
                           "[site]\nelectricity_price = 0.1\n"
                           "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 0\n"
                           "[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n";

static tco_analysis *analyze(const char *tail, tco_scenario **s, tco_result **r)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", base, tail);
    tco_diags *d = tco_diags_new();
    *s = NULL;
    *r = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, "a.ini", s, d), TCO_OK);
    check_print_diags(d);
    tco_diags_free(d);
    tco_analysis *a = NULL;
    if (*s && tco_compute(*s, r) == TCO_OK)
        CU_ASSERT_EQUAL(tco_analyze(*r, NULL, NULL, &a), TCO_OK);
    return a;
}

static void release(tco_analysis *a, tco_scenario *s, tco_result *r)
{
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
}

static const tco_sens_entry *entry_of(const tco_analysis *a, size_t option, const char *driver)
{
    for (size_t d = 0; d < a->n_drivers; d++)
        if (strcmp(a->sens[option * a->n_drivers + d].driver, driver) == 0)
            return &a->sens[option * a->n_drivers + d];
    return NULL;
}

/* By hand, with the default swing of 20%:
 * gpu_price 800 / 1200: b total 800 / 1200, b - r = -400 / 0, swing 400.
 * price_per_gpu_hour 0.8 / 1.2: r total 960 / 1440, b - r = 40 / -440, swing 480.
 * utilization 0.8 / 1 (1.2 is clamped): r total 960 / 1200, b - r = 40 / -200.
 * staff (a [sensitivity] range 0..10 for b only): b total 1000 / 1120, swing 120. */
static void test_tornado_by_hand(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a = analyze("[sensitivity]\nb.staff_per_month = 0, 10\n", &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->n_drivers, 10); /* nine standard drivers and the staff range */
    const tco_sens_entry *top = &a->sens[0];
    CU_ASSERT_STRING_EQUAL(top->driver, "price_per_gpu_hour");
    CU_ASSERT_DOUBLE_EQUAL(top->swing, 480, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(top->diff_low, 40, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(top->diff_high, -440, 1e-9);
    CU_ASSERT(isnan(top->input_low)); /* b has no rental price */
    const tco_sens_entry *second = &a->sens[1];
    CU_ASSERT_STRING_EQUAL(second->driver, "gpu_price");
    CU_ASSERT_DOUBLE_EQUAL(second->input_low, 800, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(second->input_high, 1200, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(second->total_low, 800, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(second->total_high, 1200, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(second->swing, 400, 1e-9);
    const tco_sens_entry *u = entry_of(a, 0, "utilization");
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    CU_ASSERT_DOUBLE_EQUAL(u->diff_low, 40, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(u->diff_high, -200, 1e-9);
    const tco_sens_entry *staff = entry_of(a, 0, "b.staff_per_month");
    CU_ASSERT_PTR_NOT_NULL_FATAL(staff);
    CU_ASSERT_DOUBLE_EQUAL(staff->total_high, 1120, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(staff->swing, 120, 1e-9);
    /* The rent option is ranked by its own total. */
    const tco_sens_entry *rtop = &a->sens[a->n_drivers];
    CU_ASSERT_STRING_EQUAL(rtop->driver, "price_per_gpu_hour");
    CU_ASSERT_DOUBLE_EQUAL(rtop->swing, 480, 1e-9);
    CU_ASSERT(isnan(rtop->diff_low));
    /* The discount rate moves NPV, not the total. */
    const tco_sens_entry *dr = entry_of(a, 1, "discount_rate");
    CU_ASSERT_DOUBLE_EQUAL(dr->swing, 0, 1e-9);
    CU_ASSERT(dr->npv_low > dr->npv_high);
    release(a, s, r);
}

/* The workbook's Sensitivity formulas (docs/WORKBOOK.md, Sensitivity), worked by
 * hand. b: one GPU bought for 1000 at 1 kW, utilization 0.5 (0.5 kW of IT load),
 * PUE 1.5, electricity 0.1 escalating 10% a year, 24 months of 100 hours:
 * electricity prices sum to 0.1 x (12 + 12 x 1.1) = 2.52, power and cooling
 * 0.5 x 100 x 1.5 x 2.52 = 189, maintenance 1000 x 0.12 / 12 x 24 = 240,
 * residual 250: total 1000 + 189 + 240 - 250 = 1179. r: one GPU on demand at 1 an
 * hour, decline 10%: factors sum to 12 + 12 x 0.9 = 22.8, total 100 x 0.5 x 22.8 =
 * 1140. Each end is the total plus (new - old) x the cost of one unit of the input:
 *   electricity_price 0.08 / 0.12: 0.5 x 100 x 1.5 x 25.2 = 1890 a unit: -37.8 / +37.8
 *   pue 1.2 / 2 (range): 0.5 x 100 x 2.52 = 126 a unit: -37.8 / +63
 *   gpu_price 800 / 1200: 1 + 0.12 x 24 / 12 - 0.25 = 0.99 a unit: -198 / +198
 *   utilization 0.25 / 1 (range): slope 1 x 100 x 1.5 x 2.52 = 378: -94.5 / +189;
 *     r's 100 x 22.8 = 2280: -570 / +1140
 *   resale_fraction 0.2 / 0.3: -1000 a unit: +50 / -50
 *   maintenance_rate 0.096 / 0.144: 1000 x 24 / 12 = 2000 a unit: -48 / +48
 *   b.install_price 0 / 100 (range): 1 + 0.12 x 24 / 12 = 1.24 a unit: 0 / +124
 *   b.tdp_w 500 / 1500 (range): 0.5 x 100 x 1.5 x 2.52 / 1000 = 0.189 a watt: -94.5 / +94.5
 *   hours_per_month 50 / 200 (range): b 0.5 x 1.5 x 2.52 = 1.89 an hour: -94.5 / +189;
 *     r 0.5 x 22.8 = 11.4: -570 / +1140
 *   price_per_gpu_hour 0.8 / 1.2: 100 x 0.5 x 22.8 = 1140 a unit: -228 / +228
 *   r.storage_per_month 0 / 10 (range): 24 a unit: 0 / +240
 * and the yearly declines change the second year's power of the year:
 *   electricity_escalation 0 / 0.2 (range): 0.5 x 100 x 1.5 x 0.1 x 12 x (e - 0.1): -9 / +9
 *   price_decline 0.08 / 0.12: 100 x 0.5 x 1 x 12 x ((1 - d) - 0.9): +12 / -12 */
static void test_workbook_formulas_by_hand(void)
{
    static const char text[] =
        "[scenario]\nname = a\nhorizon_months = 24\nhours_per_month = 100\n"
        "[site]\nelectricity_price = 0.1\nelectricity_escalation = 0.1\npue = 1.5\n"
        "colo_per_kw_month = 0\n"
        "[workload]\nutilization = 0.5\n"
        "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ngpus_per_server = 1\n"
        "server_price = 0\nnetwork_price = 0\ninstall_price = 0\nserver_power_w = 0\n"
        "tdp_w = 1000\nidle_power_fraction = 0\nload_power_fraction = 1\n"
        "maintenance_rate = 0.12\nstaff_per_month = 0\nresale_fraction = 0.25\n"
        "[option r]\nacquire = rent\npricing = on-demand\ncount = 1\nprice_per_gpu_hour = 1\n"
        "price_decline = 0.1\nstorage_per_month = 0\n"
        "[sensitivity]\npue = 1.2, 2\nutilization = 0.25, 1\nb.install_price = 0, 100\n"
        "b.tdp_w = 500, 1500\nhours_per_month = 50, 200\nr.storage_per_month = 0, 10\n"
        "electricity_escalation = 0, 0.2\n";
    static const struct {
        size_t option;
        const char *driver;
        double low, high;
    } want[] = {
        {0, "electricity_price", 1141.2, 1216.8},
        {0, "pue", 1141.2, 1242},
        {0, "gpu_price", 981, 1377},
        {0, "utilization", 1084.5, 1368},
        {0, "resale_fraction", 1229, 1129},
        {0, "maintenance_rate", 1131, 1227},
        {0, "b.install_price", 1179, 1303},
        {0, "b.tdp_w", 1084.5, 1273.5},
        {0, "hours_per_month", 1084.5, 1368},
        {0, "electricity_escalation", 1170, 1188},
        {0, "discount_rate", 1179, 1179},
        {1, "utilization", 570, 2280},
        {1, "hours_per_month", 570, 2280},
        {1, "price_per_gpu_hour", 912, 1368},
        {1, "r.storage_per_month", 1140, 1380},
        {1, "price_decline", 1152, 1128},
        {1, "electricity_price", 1140, 1140},
    };
    tco_scenario *s;
    tco_result *r = check_compute(text, "a.ini", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total, 1179, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total, 1140, 1e-9);
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const tco_sens_entry *e = entry_of(a, want[k].option, want[k].driver);
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        CU_ASSERT_DOUBLE_EQUAL(e->total_low, want[k].low, 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(e->total_high, want[k].high, 1e-9);
        if (fabs(e->total_low - want[k].low) > 1e-9 || fabs(e->total_high - want[k].high) > 1e-9)
            printf("\n%s of %s: %.17g / %.17g\n", want[k].driver, want[k].option ? "r" : "b",
                   e->total_low, e->total_high);
    }
    release(a, s, r);
}

static void test_explicit_global_range(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a = analyze("[sensitivity]\nswing = 0.5\nutilization = 0.25, 0.75\n", &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->n_drivers, 9);
    const tco_sens_entry *u = entry_of(a, 1, "utilization");
    CU_ASSERT_DOUBLE_EQUAL(u->input_low, 0.25, 0);
    CU_ASSERT_DOUBLE_EQUAL(u->total_low, 300, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(u->total_high, 900, 1e-9);
    const tco_sens_entry *g = entry_of(a, 0, "gpu_price"); /* swing 50% */
    CU_ASSERT_DOUBLE_EQUAL(g->total_low, 500, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(g->total_high, 1500, 1e-9);
    release(a, s, r);
}

static void test_sweep(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a = analyze("", &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL_FATAL(a->n_sweep, 20);
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_u[0], 0.05, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_u[9], 0.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_u[19], 1, 0);
    /* At 50%: r pays 600 for 600 GPU-hours; b still 1000. */
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_total[20 + 9], 600, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_cost_per_gpu_hour[20 + 9], 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_total[9], 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->sweep_cost_per_gpu_hour[9], 1000.0 / 600, 1e-12);
    /* Break-even at u* = 1000 / 1200, between sweep points 16 and 17. */
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].breakeven_utilization, 1000.0 / 1200, 1e-12);
    release(a, s, r);
}

static void test_case_changes_exactly(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a = analyze("[case pricey]\nr.price_per_gpu_hour = 2\nb.gpu_price = 500\n"
                              "[case short]\nhorizon_months = 6\n",
                              &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL_FATAL(a->n_cases, 2);
    const tco_result *c = a->cases[0];
    CU_ASSERT_DOUBLE_EQUAL(c->options[0].total, 500, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(c->options[1].total, 2400, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(c->options[0].capex, 500, 1e-9);
    CU_ASSERT_EQUAL(c->options[0].breakeven_month, 3); /* 500 <= 200 x 3, not 200 x 2 */
    /* Everything else as in the base. */
    CU_ASSERT_DOUBLE_EQUAL(c->options[1].gpu_hours, r->options[1].gpu_hours, 0);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total, 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total, 1200, 1e-9);
    const tco_result *sh = a->cases[1];
    CU_ASSERT_EQUAL(sh->scenario->horizon_months, 6);
    CU_ASSERT_DOUBLE_EQUAL(sh->options[1].total, 600, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(sh->options[0].total, 1000, 1e-9);
    release(a, s, r);
}

/* r's price drawn uniformly from 0.5 to 1.5: 20000 samples, seed 42. */
static const char MC_UNIFORM_PRICE[] = "[uncertainty]\nsamples = 20000\nseed = 42\n"
                                       "r.price_per_gpu_hour = uniform(0.5, 1.5)\n";

/* r's total is 1200 x price, linear in the price. With the price uniform on
 * [0.5, 1.5] its mean is 1200 and its standard deviation 1200 / sqrt(12) =
 * 346.4, so the mean of 20000 samples is within 4 standard errors (9.8) of
 * 1200. b beats r when 1200 p > 1000: P = (1.5 - 5/6) / 1 = 2/3, within 4
 * standard errors sqrt(2/9 / 20000) = 0.0033. */
static void test_monte_carlo_converges(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a = analyze(MC_UNIFORM_PRICE, &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->mc_samples, 20000);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_mean, 1200, 4 * 346.41 / sqrt(20000));
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_p50, 1200, 15);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_p10, 1200 * 0.6, 15);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_p90, 1200 * 1.4, 15);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[0].total_mean, 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[0].p_beats_baseline, 2.0 / 3, 4 * sqrt(2.0 / 9 / 20000));
    CU_ASSERT_DOUBLE_EQUAL(a->mc[0].p_cheapest + a->mc[1].p_cheapest, 1, 1e-12);
    CU_ASSERT(isnan(a->mc[1].p_beats_baseline));
    long sum = 0;
    for (size_t k = 0; k < a->mc_bins; k++)
        sum += a->mc[1].hist[k];
    CU_ASSERT_EQUAL(sum, 20000);
    release(a, s, r);

    /* Triangular(1, 2, 4) has mean 7/3 and variance (1+4+16-2-4-8)/18 = 7/18. */
    a = analyze("[uncertainty]\nsamples = 20000\nr.price_per_gpu_hour = triangular(1, 2, 4)\n", &s,
                &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_mean, 1200 * 7.0 / 3,
                           4 * 1200 * sqrt(7.0 / 18) / sqrt(20000));
    release(a, s, r);

    /* Normal(1, 0.1): mean 1200, sd 120 (truncation at 0 never bites). */
    a = analyze("[uncertainty]\nsamples = 20000\nr.price_per_gpu_hour = normal(1, 0.1)\n", &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_mean, 1200, 4 * 120 / sqrt(20000));
    CU_ASSERT_DOUBLE_EQUAL(a->mc[1].total_p90 - a->mc[1].total_p10, 2 * 1.2816 * 120, 10);
    release(a, s, r);
}

/* MODEL.md, Monte Carlo, the histogram's worked example: totals 1..8 over 8
 * samples give IQR 6.25 - 2.75 = 3.5 and the width 2 x 3.5 / 8^(1/3) = 3.5, so 2
 * bins from 1 to 8; an option that does not vary is left out; a second option
 * with the totals 10, 10.5, ..., 13.5 (IQR 1.75) narrows the width to 1.75:
 * ceil((13.5 - 1) / 1.75) = 8 bins. */
static void test_histogram_bins_by_hand(void)
{
    enum { N = 8 };
    /* The quartiles of 1..8 are 2.75 and 6.25 (ranks 1.75 and 5.25), of 10, 10.5,
     * ..., 13.5 10.875 and 12.625; the second option does not vary. */
    const double iqr[3] = {6.25 - 2.75, 0, 12.625 - 10.875};
    const unsigned char one[3] = {1, 0, 0}, two[3] = {1, 0, 1}, none[3] = {0, 0, 0};
    CU_ASSERT_EQUAL(tci_mc_bins(3, one, iqr, N, 1, 8), 2);
    CU_ASSERT_EQUAL(tci_mc_bins(3, two, iqr, N, 1, 13.5), 8);
    CU_ASSERT_EQUAL(tci_mc_bins(3, none, iqr, N, INFINITY, -INFINITY), 0);
    /* Varying, but no interquartile range above zero: one total of 8 differs
     * (the totals 2, 1, 1, 1, 1, 1, 1, 1). */
    const double flat[3] = {0, 0, 0};
    CU_ASSERT_EQUAL(tci_mc_bins(3, one, flat, N, 1, 2), TCI_MC_BINS_DEFAULT);
}

/* Through the analysis: b does not vary (its total is 1000 in every sample), so it
 * has no histogram; r's total is 1200 p with p uniform on [0.5, 1.5], about uniform
 * on [600, 1800]: IQR about 600 and the width about 2 x 600 / 20000^(1/3) = 44.2, so
 * about 1200 / 44.2 = 27.1 bins: 27 or 28 as the samples' IQR falls (the rule
 * itself is worked by hand above), holding every sample. The JSON says null for
 * b's histogram. */
static void test_histogram_leaves_out_constant(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a = analyze(MC_UNIFORM_PRICE, &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NULL(a->mc[0].hist);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a->mc[1].hist);
    CU_ASSERT(a->mc_bins == 27 || a->mc_bins == 28);
    CU_ASSERT(a->mc_edges[0] >= 600 && a->mc_edges[0] < 601);
    CU_ASSERT(a->mc_edges[a->mc_bins] > 1799 && a->mc_edges[a->mc_bins] <= 1800);
    long sum = 0;
    for (size_t k = 0; k < a->mc_bins; k++)
        sum += a->mc[1].hist[k];
    CU_ASSERT_EQUAL(sum, 20000);
    r->analysis = a;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CU_ASSERT_EQUAL(tco_report_write_json_stream(r, f), TCO_OK);
    fclose(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"histogram\": null"));
    free(buf);
    r->analysis = NULL;
    release(a, s, r);
}

static void test_seed_reproduces(void)
{
    const char *u = "[uncertainty]\nsamples = 3000\nseed = 9\n"
                    "site.electricity_price = triangular(0.05, 0.1, 0.2)\n"
                    "r.price_per_gpu_hour = normal(1, 0.2)\nb.gpu_price = uniform(800, 1200)\n";
    tco_scenario *s1, *s2;
    tco_result *r1, *r2;
    tco_analysis *a1 = analyze(u, &s1, &r1), *a2 = analyze(u, &s2, &r2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a2);
    for (size_t i = 0; i < 2; i++) {
        CU_ASSERT(memcmp(&a1->mc[i], &a2->mc[i], offsetof(struct tco_mc_option, hist)) == 0);
        CU_ASSERT(memcmp(a1->mc[i].hist, a2->mc[i].hist, a1->mc_bins * sizeof(long)) == 0);
    }
    release(a2, s2, r2);
    /* Another seed gives other samples. */
    char other[1024];
    snprintf(other, sizeof other, "%s", u);
    memcpy(strstr(other, "seed = 9"), "seed = 8", 8);
    a2 = analyze(other, &s2, &r2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a2);
    CU_ASSERT(a1->mc[1].total_mean != a2->mc[1].total_mean);
    release(a2, s2, r2);
    release(a1, s1, r1);
}

/* MODEL.md, Monte Carlo, "Monte Carlo of plans by hand": the plan example of
 * MODEL.md (H = 3, T = 100, no discounting; demand 100, 300, 500 hours of gb)
 * with od's price p uniform(2, 4). od alone, 1 GPU every hour: 300 p. mix:
 * 2,078 owned + 600 reserved + 100 od hours = 2,678 + 100 p = 2,678 + od / 3.
 * rent: 900 reference hours / k_od 2 = 450 od hours = 450 p = 1.5 od.
 * own-only: 2,078 in every sample, 400 hours unserved. rent (at most 1,800)
 * is below mix (at least 2,878) in every sample. */
static void test_monte_carlo_plans_by_hand(void)
{
    static const char text[] =
        "[scenario]\nname = plans\nhorizon_months = 3\nhours_per_month = 100\n"
        "discount_rate = 0\n"
        "[site]\nelectricity_price = 0.1\npue = 1.5\n"
        "[workload]\nutilization = 1\n"
        "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
        "idle_power_fraction = 0.2\nload_power_fraction = 1\nthroughput = 10\n"
        "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"
        "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"
        "[demand]\nreference = gb\ngpu_hours_per_month = 200\n"
        "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"
        "[plan own-only]\nown = gb\nown_count = 2\n"
        "[plan mix]\nown = gb\nreserve = rv\nreserve_count = 1\noverflow = od\n"
        "[plan rent]\noverflow = od\n"
        "[uncertainty]\nsamples = 1001\nseed = 7\nod.price_per_gpu_hour = uniform(2, 4)\n";
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string(text, "p.ini", &s, d), TCO_OK);
    check_print_diags(d);
    tco_diags_free(d);
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(a->mc_n_plans, 3);
    const struct tco_mc_option *od = &a->mc[2];
    const struct tco_mc_plan *own = &a->mc_plans[0], *mix = &a->mc_plans[1],
                             *rent = &a->mc_plans[2];
    /* od varies over 300 x [2, 4]. */
    CU_ASSERT(od->total_p10 > 600 && od->total_p90 < 1200 && od->total_p10 < od->total_p90);
    const double od_q[8] = {od->total_mean, od->total_p10, od->total_p50, od->total_p90,
                            od->npv_mean,   od->npv_p10,   od->npv_p50,   od->npv_p90};
    const double mix_q[8] = {mix->total_mean, mix->total_p10, mix->total_p50, mix->total_p90,
                             mix->npv_mean,   mix->npv_p10,   mix->npv_p50,   mix->npv_p90};
    const double rent_q[8] = {rent->total_mean, rent->total_p10, rent->total_p50, rent->total_p90,
                              rent->npv_mean,   rent->npv_p10,   rent->npv_p50,   rent->npv_p90};
    const double own_q[8] = {own->total_mean, own->total_p10, own->total_p50, own->total_p90,
                             own->npv_mean,   own->npv_p10,   own->npv_p50,   own->npv_p90};
    for (int k = 0; k < 8; k++) {
        CU_ASSERT(check_close(mix_q[k], 2678 + od_q[k] / 3));
        CU_ASSERT(check_close(rent_q[k], 1.5 * od_q[k]));
        CU_ASSERT(check_close(own_q[k], 2078));
    }
    CU_ASSERT_EQUAL(rent->p_best, 1);
    CU_ASSERT_EQUAL(mix->p_best, 0);
    CU_ASSERT_EQUAL(own->p_best, 0);
    release(a, s, r);
}

/* Without plans there are no plan statistics. */
/* x[0..n-1] sorted, n >= 2: the percentile p by the rule of MODEL.md (linear
 * between the closest ranks, the spreadsheet's PERCENTILE.INC). */
static double sorted_at(const double *x, size_t n, double p)
{
    double h = (double)(n - 1) * p;
    size_t lo = (size_t)floor(h);
    return lo + 1 >= n ? x[n - 1] : x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Option i's values of every sample (at v[k * n + i]), sorted into col; their
 * sum in the samples' order. */
static double sorted_column(const double *v, size_t n, size_t i, long N, double *col)
{
    double sum = 0;
    for (long k = 0; k < N; k++)
        sum += col[k] = v[(size_t)k * n + i];
    qsort(col, (size_t)N, sizeof *col, by_value);
    return sum;
}

static int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Every mean and percentile of a's Monte Carlo against the samples sorted. */
static void check_against_sort(const tco_analysis *a, size_t n, long N, const double *total,
                               const double *npv, double *col)
{
    for (size_t i = 0; i < n; i++) {
        const struct tco_mc_option *m = &a->mc[i];
        double sum = sorted_column(total, n, i, N, col);
        CU_ASSERT(same_bits(m->total_mean, sum / N));
        CU_ASSERT(same_bits(m->total_p10, sorted_at(col, (size_t)N, 0.1)));
        CU_ASSERT(same_bits(m->total_p50, sorted_at(col, (size_t)N, 0.5)));
        CU_ASSERT(same_bits(m->total_p90, sorted_at(col, (size_t)N, 0.9)));
        sum = sorted_column(npv, n, i, N, col);
        CU_ASSERT(same_bits(m->npv_mean, sum / N));
        CU_ASSERT(same_bits(m->npv_p10, sorted_at(col, (size_t)N, 0.1)));
        CU_ASSERT(same_bits(m->npv_p50, sorted_at(col, (size_t)N, 0.5)));
        CU_ASSERT(same_bits(m->npv_p90, sorted_at(col, (size_t)N, 0.9)));
    }
}

/* Monte Carlo of the scenario `text` (N samples) against its samples sorted
 * (drawn by tci_mc_samples, the engine without its memo): the NPVs kept whole
 * (a pilot above N), in windows placed by the first `pilot` samples, and in
 * windows too narrow to hold the percentiles (pilot / 64, no margin), so that
 * the samples are drawn again. */
static void mc_against_sort(const char *text, long N, long pilot)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string(text, "mc.ini", &s, d), TCO_OK);
    check_print_diags(d);
    tco_diags_free(d);
    CU_ASSERT_EQUAL_FATAL(s->mc_samples, N);
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    size_t n = s->n_options;
    double *total = malloc(sizeof(double) * n * (size_t)N);
    double *npv = malloc(sizeof(double) * n * (size_t)N), *col = malloc(sizeof(double) * (size_t)N);
    CU_ASSERT_FATAL(total && npv && col);
    CU_ASSERT_EQUAL_FATAL(tci_mc_samples(r, total, npv), TCO_OK);
    const struct {
        long pilot;
        double margin;
    } ways[] = {{N + 1, 8}, {pilot, 8}, {pilot / 64, 0}};
    long was_pilot = tci_mc_pilot;
    double was_margin = tci_mc_margin;
    for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
        tci_mc_pilot = ways[w].pilot, tci_mc_margin = ways[w].margin;
        tco_analysis *a = NULL;
        CU_ASSERT_EQUAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
        if (a)
            check_against_sort(a, n, N, total, npv, col);
        tco_analysis_free(a);
    }
    tci_mc_pilot = was_pilot, tci_mc_margin = was_margin;
    free(total);
    free(npv);
    free(col);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The seed with the six uncertain inputs of bench/uncertainty-seed.ini at
 * 100,001 samples, by the default pilot of 65,536; then a scenario of 30 months
 * whose discount rate, escalation, utilization and price decline are drawn (a
 * loan, a reserved term followed by on-demand), 3,000 samples, a pilot of 1,024:
 * every mean and percentile is that of the samples sorted, bit for bit. */
static void test_monte_carlo_against_sort(void)
{
    FILE *f = fopen(TCO_SOURCE_DIR "/config/seed-2026.ini", "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text - 1024, f);
    fclose(f);
    snprintf(text + len, 1024, "%s",
             "\n[uncertainty]\nsamples = 100001\nseed = 1\n"
             "site.electricity_price = triangular(0.06, 0.0826, 0.14)\n"
             "site.pue = uniform(1.2, 1.8)\nutilization = triangular(0.4, 0.7, 0.95)\n"
             "h100-buy.gpu_price = triangular(30000, 35000, 40000)\n"
             "h100-cloud.price_per_gpu_hour = normal(2.99, 0.4)\n"
             "h100-cloud.price_decline = uniform(0.05, 0.28)\n");
    mc_against_sort(text, 100001, 65536);
    mc_against_sort(
        "[scenario]\nname = a\nhorizon_months = 30\nhours_per_month = 100\n"
        "[site]\nelectricity_price = 0.1\nelectricity_escalation = 0.05\n"
        "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 500\n"
        "financing = loan\nloan_months = 12\nloan_rate = 0.1\n"
        "[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\nprice_decline = 0.1\n"
        "[option v]\nacquire = rent\npricing = reserved\nterm_months = 12\n"
        "after_term = on-demand\non_demand_price_per_gpu_hour = 2\ncount = 1\n"
        "price_per_gpu_hour = 1\n"
        "[uncertainty]\nsamples = 3000\ndiscount_rate = uniform(0.02, 0.12)\n"
        "r.price_decline = uniform(0, 0.3)\nelectricity_escalation = uniform(0, 0.1)\n"
        "utilization = uniform(0.3, 1)\n",
        3000, 1024);
}

static void test_monte_carlo_without_plans(void)
{
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a =
        analyze("[uncertainty]\nsamples = 10\nr.price_per_gpu_hour = uniform(1, 2)\n", &s, &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->mc_n_plans, 0);
    CU_ASSERT_PTR_NULL(a->mc_plans);
    release(a, s, r);
}

int main(void)
{
    static const check_case cases[] = {
        {"tornado by hand", test_tornado_by_hand},
        {"the workbook's sensitivity formulas by hand", test_workbook_formulas_by_hand},
        {"explicit global range", test_explicit_global_range},
        {"utilization sweep", test_sweep},
        {"cases change exactly their keys", test_case_changes_exactly},
        {"Monte Carlo converges", test_monte_carlo_converges},
        {"same seed, same output", test_seed_reproduces},
        {"histogram bins by hand", test_histogram_bins_by_hand},
        {"histogram leaves out an option that does not vary", test_histogram_leaves_out_constant},
        {"Monte Carlo of plans by hand", test_monte_carlo_plans_by_hand},
        {"Monte Carlo without plans", test_monte_carlo_without_plans},
        {"Monte Carlo's percentiles against the samples sorted", test_monte_carlo_against_sort},
        {NULL, NULL},
    };
    return check_run("analysis", cases);
}
