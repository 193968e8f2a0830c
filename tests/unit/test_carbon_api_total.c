/* test_carbon_api_total.c - an API option's carbon cost in its total,
 * [scenario] carbon_in_total = yes (docs/MODEL.md, The carbon cost in the
 * total, An API option): the hand-worked example of
 * tests/carbon/carbon_total_api.ini, its months, total, cost per 1M tokens,
 * NPV, tax, budget and statements, the break-even in tokens a day of a bought
 * option against it, and the error at the flag's line without the API's
 * emissions figure. */
#include "check.h"
#include "tco_budget.h"
#include "tco_statements.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))

#define INI TCO_SOURCE_DIR "/tests/carbon/carbon_total_api.ini"

/* The scenario file's text, with its flag line replaced by `flag` when not
 * NULL (the caller frees it). */
static char *scenario_text(const char *flag)
{
    char *t = check_read_file(INI);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    const char *on = "carbon_in_total = yes";
    char *at = strstr(t, on);
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    if (!flag)
        return t;
    size_t n = strlen(t) + strlen(flag) + 1;
    char *u = malloc(n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    snprintf(u, n, "%.*s%s%s", (int)(at - t), t, flag, at + strlen(on));
    free(t);
    return u;
}

static tco_result *compute(const char *flag, tco_scenario **s)
{
    char *t = scenario_text(flag);
    tco_result *r = check_compute(t, "api.ini", s);
    free(t);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

/* By hand (MODEL.md). hosted: 2 requests a second x 730 x 3,600 = 5,256,000 a
 * month, 1,576.8 million input tokens at 1 and 1,051.2 million output tokens
 * at 4: 5,781.60 a month; 2,628 million tokens x 0.5 kg / 1000 = 1.314 t, at
 * 80 a tonne 105.12. own: 0.9 kW x 730 = 657 kWh a month at 0.10 (65.70) and
 * 0.5 kg (0.3285 t, 26.28); 1 t embodied at month 0, 80. */
static void test_by_hand(void)
{
    tco_scenario *a = NULL, *b = NULL;
    tco_result *ra = compute("carbon_in_total = no", &a), *rb = compute(NULL, &b);
    const tco_option_result *h0 = &ra->options[0], *h = &rb->options[0], *own0 = &ra->options[1],
                            *own = &rb->options[1];
    CLOSE(h0->total, 69379.2);
    CLOSE(h->total, 70640.64); /* + 15.768 t x 80 */
    CLOSE(h->carbon_cost, 1261.44);
    CLOSE(h->tco2e, 15.768);
    CU_ASSERT_EQUAL(h->carbon_cost0, 0); /* no hardware: nothing at month 0 */
    CU_ASSERT_EQUAL(h->paid0, 0);
    for (int m = 0; m < 12; m++) {
        CLOSE(h->monthly[m].rental, 5781.6);
        CLOSE(h->monthly[m].carbon_cost, 105.12);
        CLOSE(h->monthly[m].cost, 5886.72);
        CLOSE(h->monthly[m].cumulative, 5886.72 * (m + 1));
        CU_ASSERT_EQUAL(h0->monthly[m].carbon_cost, 0);
        CLOSE(h0->monthly[m].cost, 5781.6);
    }
    CLOSE(h->api_cost_per_million_tokens, 2.24); /* 70,640.64 / 31,536 */
    CLOSE(h0->api_cost_per_million_tokens, 2.2);
    CLOSE(h->tco2e_per_million_tokens, 0.0005); /* the tonnes as they were */
    /* The tokens are the workload's: the carbon cost adds nothing that
     * follows the utilization. */
    CU_ASSERT_EQUAL(h->total_per_utilization, h0->total_per_utilization);
    CLOSE(own0->total, 20788.4);
    CLOSE(own->total, 21183.76);
    CLOSE(own->total_per_utilization, 981.12);
    CLOSE(own->total_at_zero_utilization, 20202.64);
    /* With a discount rate of 8% a year, the NPV adds 105.12 a month
     * discounted. */
    double rm = pow(1.08, 1.0 / 12) - 1, pv = 0;
    for (int m = 1; m <= 12; m++)
        pv += 105.12 / pow(1 + rm, m);
    CLOSE(h->npv - h0->npv, pv);
    /* The tax at 25%: the carbon cost deducted as paid, 0.25 x 105.12 = 26.28
     * a month, 315.36 in all; the total after tax 0.75 x 70,640.64. */
    CLOSE(h->tax, -17660.16);
    CLOSE(h->tax - h0->tax, -315.36);
    CLOSE(h->monthly[4].tax - h0->monthly[4].tax, -26.28);
    CLOSE(h->after_tax_total, 52980.48);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

/* Break-even in tokens a day: D = 2 x 86,400 x 500 = 86.4e6 tokens a day, a =
 * 70,640.64 / 86.4e6 = 0.0008176; own serves cap = 10 x 500 x 86,400 = 432e6
 * and costs 20,202.64 + 981.12 u: x* = 20,202.64 / (0.0008176 - 981.12 /
 * 432e6). Without the flag a = 0.000803 and own 20,087.60 + 700.8 u. */
static void test_breakeven(void)
{
    tco_scenario *a = NULL, *b = NULL;
    tco_result *ra = compute("carbon_in_total = no", &a), *rb = compute(NULL, &b);
    CLOSE(rb->options[1].breakeven_tokens_per_day, 24778516.09984246);
    CLOSE(rb->options[1].breakeven_tokens_per_day, 20202.64 / (0.0008176 - 981.12 / 432e6));
    CLOSE(ra->options[1].breakeven_tokens_per_day, 20087.6 / (0.000803 - 700.8 / 432e6));
    CU_ASSERT(isnan(rb->options[0].breakeven_tokens_per_day)); /* the API itself */
    /* Neither bought nor the baseline: no break-even month, no returns. */
    CU_ASSERT_EQUAL(rb->options[0].breakeven_month, 0);
    CU_ASSERT(isnan(rb->options[0].irr));
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(a);
    tco_scenario_free(b);
}

/* The budget's one year (months 0..12): the rental stays the charge, 69,379.20;
 * the carbon column 1,261.44; the total after the tax 0.75 x 70,640.64. The
 * statements: EBITDA 70,640.64, operating cash after the tax 52,980.48, the
 * net cash the budget's total. */
static void test_budget_and_statements(void)
{
    tco_scenario *b = NULL;
    tco_result *rb = compute(NULL, &b);
    tco_budget *bu = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_budget_compute(rb, &bu), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(bu->n_years, 1);
    CU_ASSERT(tco_budget_col_shown(b, TCO_BUDGET_CARBON));
    const double *v = bu->value; /* option hosted, year 1 */
    CLOSE(v[TCO_BUDGET_RENTAL], 69379.2);
    CLOSE(v[TCO_BUDGET_CARBON], 1261.44);
    CLOSE(v[TCO_BUDGET_CAPEX], 0);
    CLOSE(v[TCO_BUDGET_TAX], -17660.16);
    CLOSE(v[TCO_BUDGET_TOTAL], 52980.48);
    tco_statements *st = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_statements_compute(rb, &st), TCO_OK);
    const double *sv = st->value;
    CLOSE(sv[TCO_STMT_EBITDA], 70640.64);
    CLOSE(sv[TCO_STMT_OPERATING_CASH], 52980.48);
    CLOSE(sv[TCO_STMT_NET_CASH], 52980.48);
    tco_statements_free(st);
    tco_budget_free(bu);
    tco_result_free(rb);
    tco_scenario_free(b);
}

/* Without kgco2e_per_million_tokens the API's emissions are unknown: the flag
 * is an error at its line (line 11 of the file). */
static void test_error(void)
{
    char *t = scenario_text(NULL);
    char *k = strstr(t, "kgco2e_per_million_tokens");
    CU_ASSERT_PTR_NOT_NULL_FATAL(k);
    memcpy(k, ";", 1); /* the key's line commented out */
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_NOT_EQUAL(tco_scenario_load_string(t, "api.ini", &s, d), TCO_OK);
    CU_ASSERT_PTR_NULL(s);
    const char *want = "api.ini:11: error: carbon_in_total = yes needs every option's emissions: "
                       "option 'hosted' has none (it has no kgco2e_per_million_tokens)";
    const char *got = check_diags_text(d);
    if (!strstr(got, want))
        fprintf(stderr, "\ngot: %s\nwant: %s\n", got, want);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, want));
    tco_scenario_free(s);
    tco_diags_free(d);
    free(t);
}

int main(void)
{
    static const check_case cases[] = {
        {"an API's carbon cost in its total, by hand", test_by_hand},
        {"the break-even in tokens a day against it", test_breakeven},
        {"its budget's carbon column and its statements", test_budget_and_statements},
        {"an API without its emissions under the flag", test_error},
        {NULL, NULL},
    };
    return check_run("carbon_api_total", cases);
}
