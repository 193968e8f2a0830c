/* test_feasibility.c - feasibility, the decision among feasible options and
 * count = auto (docs/MODEL.md, Feasibility and the decision), against figures
 * worked out by hand there. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static tco_scenario *load(const char *text, tco_diags *d)
{
    tco_scenario *s = NULL;
    tco_scenario_load_string(text, "f.ini", &s, d);
    return s;
}

static tco_result *run(const char *text, tco_scenario **s)
{
    tco_diags *d = tco_diags_new();
    *s = load(text, d);
    CU_ASSERT_PTR_NOT_NULL(*s);
    check_print_diags(d);
    tco_diags_free(d);
    tco_result *r = NULL;
    if (*s)
        CU_ASSERT_EQUAL(tco_compute(*s, &r), TCO_OK);
    return r;
}

/* The 70B model of MODEL.md: 70e9 x 2 bytes x 1.3 = 182 GB, at 5000 requests/s. */
#define WORKLOAD                                                                                   \
    "[scenario]\nname = f\n[site]\nelectricity_price = 0.1\n"                                      \
    "[workload]\nmodel_params = 70e9\nmode = inference\nbytes_per_param = 2\n"                     \
    "activation_overhead = 0.3\nrequests_per_s = 5000\n"

/* An RTX 4090 as MODEL.md has it: 24 GB, 1100 requests/s at 40% over PCIe. */
#define RTX      "memory_gb = 24\nthroughput = 1100\nscaling_efficiency = 0.4\n"
#define RTX_RENT "acquire = rent\nprice_per_gpu_hour = 0.6\n" RTX
#define RTX_BUY  "acquire = buy\ngpu_price = 1600\ntdp_w = 450\n" RTX
/* An H100: 80 GB, 1200 requests/s. */
#define H100 "memory_gb = 80\nthroughput = 1200\n"

/* MODEL.md's example of count = auto, by hand: RTX 4090 need_memory =
 * ceil(182 / 24) = 8, need_rate = ceil(5000 / 440) = 12: rented 12, bought
 * in 8-GPU servers 16; H100 need_memory = ceil(2.275) = 3, need_rate =
 * ceil(4.167) = 5: rented 5, bought 8. */
static void test_count_auto_by_hand(void)
{
    tco_scenario *s;
    tco_result *r = run(
        WORKLOAD
        "[option rtx-rent]\ncount = auto\n" RTX_RENT "[option rtx-buy]\ncount = auto\n" RTX_BUY
        "[option h100-rent]\ncount = auto\nacquire = rent\n"
        "price_per_gpu_hour = 3\n" H100 "[option h100-buy]\ncount = auto\nacquire = buy\n"
        "gpu_price = 30000\ntdp_w = 700\n" H100 "[option h100-one]\ncount = auto\nacquire = buy\n"
        "gpus_per_server = 1\ngpu_price = 30000\ntdp_w = 700\n" H100,
        &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    const int want[] = {12, 16, 5, 8, 5};
    for (size_t i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(s->options[i].count, want[i]);
        CU_ASSERT_EQUAL(s->options[i].count_auto, 1);
        CU_ASSERT_EQUAL(s->options[i].src[TCO_O_COUNT_GPUS], TCO_SRC_DERIVED);
        CU_ASSERT_EQUAL(r->options[i].infeasible, 0); /* sized to be feasible */
    }
    /* The sized count is the count: 12 rented GPUs cost 12 x 730 x 36 x 0.6. */
    CU_ASSERT(check_close(r->options[0].total, 12 * 730 * 36 * 0.6));
    CU_ASSERT(check_close(r->options[1].capex, 16 * 1600));
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A case is sized again with its own keys, and may give a number instead. At
 * 1000 requests/s the RTX 4090 needs ceil(1000 / 440) = 3 for the rate, 8 for
 * the memory: 8. */
static void test_count_auto_in_cases(void)
{
    tco_scenario *s;
    tco_result *r = run(WORKLOAD "[option rtx-rent]\ncount = auto\n" RTX_RENT
                                 "[case light]\nrequests_per_s = 1000\n"
                                 "[case fixed]\nrtx-rent.count = 20\n",
                        &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL_FATAL(s->n_cases, 2);
    CU_ASSERT_EQUAL(s->options[0].count, 12);
    CU_ASSERT_EQUAL(s->cases[0].scenario->options[0].count, 8);
    CU_ASSERT_EQUAL(s->cases[1].scenario->options[0].count, 20);
    CU_ASSERT_EQUAL(s->cases[1].scenario->options[0].count_auto, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* count = auto with nothing to size to is an error at the line of count. */
static void test_count_auto_errors(void)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"[scenario]\nname = f\n[option a]\nacquire = rent\ncount = auto\n"
         "price_per_gpu_hour = 1\nmemory_gb = 80\n",
         "f.ini:5: error: option 'a': 'count = auto' sizes the option to the [workload], which "
         "sizes no model: set [workload] model_params, or give a count"},
        {WORKLOAD "[option a]\nacquire = rent\ncount = auto\nprice_per_gpu_hour = 1\n"
                  "throughput = 100\n",
         "f.ini:13: error: option 'a': 'count = auto' needs the option's memory_gb (or a "
         "catalog gpu that gives it) to size it to the model"},
        {WORKLOAD "[option a]\nacquire = rent\ncount = auto\nprice_per_gpu_hour = 1\n"
                  "memory_gb = 80\n",
         "f.ini:13: error: option 'a': 'count = auto' needs the option's throughput to size it "
         "to requests_per_s"},
        {WORKLOAD "[option a]\nacquire = rent\ncount = auto\nprice_per_gpu_hour = 1\n"
                  "memory_gb = 80\nthroughput = 0.001\n",
         "f.ini:13: error: option 'a': 'count = auto' needs 5000000 GPUs, more than a count may "
         "be (1000000)"},
        {WORKLOAD "[option a]\nacquire = rent\ncount = Auto\nprice_per_gpu_hour = 1\n",
         "f.ini:13: error: 'Auto' is not a number for 'count'"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tco_diags *d = tco_diags_new();
        tco_scenario *s = load(cases[c].text, d);
        CU_ASSERT_PTR_NULL(s);
        const char *got = check_diags_text(d);
        if (strcmp(got, cases[c].want) != 0)
            fprintf(stderr, "case %zu: %s\n", c, got);
        CU_ASSERT_STRING_EQUAL(got, cases[c].want);
        tco_scenario_free(s);
        tco_diags_free(d);
    }
}

/* The rule with a target rate: 8 RTX 4090s hold the model (8 >= 8) but serve
 * 8 x 440 = 3520 requests/s, where ceil(5000 / 440) = 12 GPUs are needed. */
static void test_feasibility_rate(void)
{
    tco_scenario *s;
    tco_result *r = run(WORKLOAD "[option eight]\ncount = 8\n" RTX_RENT
                                 "[option twelve]\ncount = 12\n" RTX_RENT,
                        &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(r->options[0].sizing.fits, 1);
    CU_ASSERT_EQUAL(r->options[0].sizing.gpus_needed, 12);
    CU_ASSERT_EQUAL(r->options[0].infeasible, TCO_INFEASIBLE_RATE);
    CU_ASSERT_STRING_EQUAL(tco_infeasible_reason(r->options[0].infeasible),
                           "below the target rate");
    CU_ASSERT_EQUAL(r->options[1].infeasible, 0);
    CU_ASSERT_PTR_NULL(tco_infeasible_reason(r->options[1].infeasible));
    /* The eight are cheaper, but left out: the decision is the twelve. */
    CU_ASSERT_EQUAL(r->rank[0], 0);
    CU_ASSERT_EQUAL(r->cheapest, 1);
    CU_ASSERT_EQUAL(r->lowest_npv, 1);
    CU_ASSERT_EQUAL(r->lowest_cost_per_unit, 1);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_result_check(r, d), 1);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d),
                           "f.ini: [option eight]: warning: 8 GPUs serve 3520 units per second "
                           "(440 each); requests_per_s = 5000 needs at least 12 GPUs");
    tco_diags_free(d);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Memory and rate, each alone and both; unknown figures pass; no feasible
 * option leaves the decision empty. */
static void test_feasibility_reasons(void)
{
    tco_scenario *s;
    tco_result *r = run(WORKLOAD "[option one]\ncount = 1\n" RTX_RENT
                                 "[option seven]\ncount = 7\nacquire = rent\n"
                                 "price_per_gpu_hour = 1\nmemory_gb = 24\n",
                        &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    /* One card: ceil(182 / 24) = 8 to hold it, 12 for the rate. */
    CU_ASSERT_EQUAL(r->options[0].infeasible, TCO_INFEASIBLE_MEMORY | TCO_INFEASIBLE_RATE);
    CU_ASSERT_STRING_EQUAL(tco_infeasible_reason(r->options[0].infeasible),
                           "model does not fit in memory; below the target rate");
    /* Seven cards without a throughput: the rate is unknown, the memory short. */
    CU_ASSERT_EQUAL(r->options[1].infeasible, TCO_INFEASIBLE_MEMORY);
    CU_ASSERT_STRING_EQUAL(tco_infeasible_reason(r->options[1].infeasible),
                           "model does not fit in memory");
    CU_ASSERT_EQUAL(r->cheapest, -1);
    CU_ASSERT_EQUAL(r->lowest_npv, -1);
    CU_ASSERT_EQUAL(r->lowest_cost_per_unit, -1);
    tco_result_free(r);
    tco_scenario_free(s);
    /* No workload: every option is feasible, the cheapest is the first ranked. */
    r = run("[scenario]\nname = f\n[option a]\nacquire = rent\ncount = 2\n"
            "price_per_gpu_hour = 1\n[option b]\nacquire = rent\ncount = 1\n"
            "price_per_gpu_hour = 1\nmemory_gb = 1\n",
            &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(r->options[0].infeasible, 0);
    CU_ASSERT_EQUAL(r->options[1].infeasible, 0);
    CU_ASSERT_EQUAL(r->cheapest, 1);
    CU_ASSERT_EQUAL(r->lowest_cost_per_unit, -1); /* no throughput: no cost per unit */
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, The site's power limit: two options of 8 GPUs of 700 W and one
 * server of 1,000 W, provisioned_kw = (8 * 700 + 1000) / 1000 = 6.6, one at
 * [site], one at [site colo]; and a rent option, which has no site. site_cap
 * and colo_cap are the power_cap_kw lines of [site] and [site colo]. */
static tco_result *power_run(const char *site_cap, const char *colo_cap, tco_scenario **s)
{
    char text[2048];
    snprintf(text, sizeof text,
             "[scenario]\nname = p\nhorizon_months = 12\n"
             "[site]\nelectricity_price = 0.1\npue = 2.1\n%s"
             "[site colo]\nelectricity_price = 0.14\npue = 1.35\ncolo_per_kw_month = 150\n%s"
             "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"
             "server_power_w = 1000\n"
             "[option colo]\nbase = own\nsite = colo\n"
             "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n",
             site_cap, colo_cap);
    return run(text, s);
}

/* [site] 6.5 and [site colo] 10: own needs 6.6 kW, its site has 6.5, so it is
 * left out, "needs 6.6 kW, the site has 6.5"; colo fits (6.6 <= 10); the rent
 * option has no limit. At [site] 6.6 exactly, own fits. */
static void test_power_limit(void)
{
    tco_scenario *s;
    tco_result *r = power_run("power_cap_kw = 6.5\n", "power_cap_kw = 10\n", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].provisioned_kw, 6.6, 1e-12);
    CU_ASSERT_EQUAL(r->options[0].infeasible, TCO_INFEASIBLE_POWER);
    CU_ASSERT_STRING_EQUAL(r->options[0].infeasible_text, "needs 6.6 kW, the site has 6.5");
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].power_cap_kw, 6.5, 0);
    CU_ASSERT_EQUAL(r->options[1].infeasible, 0);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].power_cap_kw, 10, 0);
    CU_ASSERT_EQUAL(r->options[2].infeasible, 0);
    CU_ASSERT(isnan(r->options[2].power_cap_kw));
    CU_ASSERT(tco_scenario_power_capped(s));
    tco_result_free(r);
    tco_scenario_free(s);
    r = power_run("power_cap_kw = 6.6\n", "", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(r->options[0].infeasible, 0);
    CU_ASSERT_STRING_EQUAL(r->options[0].infeasible_text, "");
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A named site does not take [site]'s limit: [site] 6.5 and none at colo, so
 * colo has no limit and fits while own is left out. Without any limit the
 * scenario is not capped. */
static void test_power_limit_not_inherited(void)
{
    tco_scenario *s;
    tco_result *r = power_run("power_cap_kw = 6.5\n", "", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(r->options[0].infeasible, TCO_INFEASIBLE_POWER);
    CU_ASSERT_EQUAL(r->options[1].infeasible, 0);
    CU_ASSERT(isnan(r->options[1].power_cap_kw));
    CU_ASSERT(r->best != 0); /* own, left out, is never the decision */
    tco_result_free(r);
    tco_scenario_free(s);
    r = power_run("", "", &s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT(!tco_scenario_power_capped(s));
    CU_ASSERT(isnan(r->options[0].power_cap_kw));
    CU_ASSERT_EQUAL(r->options[0].infeasible, 0);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* A limit out of its range is an error at its line, in [site] and in a named
 * site. */
static void test_power_limit_errors(void)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"[scenario]\nname = f\n[site]\nelectricity_price = 0.1\npower_cap_kw = -1\n",
         "f.ini:5: error: 'power_cap_kw' must not be negative (got -1)\n"
         "f.ini: error: no options: add at least one [option ID] section"},
        {"[scenario]\nname = f\n[site]\nelectricity_price = 0.1\n[site b]\npower_cap_kw = 2e7\n",
         "f.ini:6: error: 'power_cap_kw' must be between 0 and 1e+07 (got 2e7)\n"
         "f.ini: error: no options: add at least one [option ID] section"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tco_diags *d = tco_diags_new();
        tco_scenario *s = load(cases[c].text, d);
        CU_ASSERT_PTR_NULL(s);
        const char *got = check_diags_text(d);
        CU_ASSERT_STRING_EQUAL(got, cases[c].want);
        tco_scenario_free(s);
        tco_diags_free(d);
    }
}

int main(void)
{
    static const check_case cases[] = {
        {"count = auto by hand", test_count_auto_by_hand},
        {"count = auto in cases", test_count_auto_in_cases},
        {"count = auto errors at its line", test_count_auto_errors},
        {"feasibility with a target rate", test_feasibility_rate},
        {"feasibility reasons and an empty decision", test_feasibility_reasons},
        {"the site's power limit, by hand", test_power_limit},
        {"a named site does not inherit the power limit", test_power_limit_not_inherited},
        {"power limit errors at their lines", test_power_limit_errors},
        {NULL, NULL},
    };
    return check_run("feasibility", cases);
}
