/* test_engine.c - the engine against values worked out independently: a
 * hand-computed NPV, and end-to-end scenarios whose every figure comes from
 * tests/reference/tco_ref.py (an implementation of MODEL.md written apart
 * from this engine), compared to 1e-9. */
#include "check.h"
#include "core/factors.h"

#include <math.h>
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
                  {"tax_depreciation", m->tax_depreciation},
                  {"tax", m->tax},
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
        {"irr", r->irr},
        {"mirr", r->mirr},
        {"payback_month", r->payback_month},
        {"discounted_payback_month", r->discounted_payback_month},
        {"tax0", r->tax0},
        {"tax_depreciation", r->tax_depreciation},
        {"tax_book_value_end", r->tax_book_value_end},
        {"tax_on_sale", r->tax_on_sale},
        {"commitment_tax", r->commitment_tax},
        {"tax", r->tax},
        {"after_tax_total", r->after_tax_total},
        {"after_tax_npv", r->after_tax_npv},
        {"irr_after_tax", r->irr_after_tax},
        {"mirr_after_tax", r->mirr_after_tax},
        {"payback_month_after_tax", r->payback_month_after_tax},
        {"discounted_payback_month_after_tax", r->discounted_payback_month_after_tax},
    };
    for (size_t k = 0; k < sizeof of / sizeof of[0]; k++)
        if (strcmp(of[k].n, f) == 0)
            return *v = of[k].v, 1;
    return 0;
}

/* Compare every line of NAME.expected with the engine's figures, but for the
 * budget and statements by fiscal year (lines "ID fiscal_years.YEAR.COLUMN" and
 * "ID statements.YEAR.COLUMN"), which tests/reference/e2e_json.py compares with
 * the JSON report (test reference_e2e_json). */
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
        if (strncmp(field, "fiscal_years.", 13) == 0 || strncmp(field, "statements.", 11) == 0)
            continue;
        lines++;
        int i = tco_scenario_find(s, id);
        if (i >= 0 && strcmp(field, "breakeven_utilization_note") == 0) {
            const char *note = tco_breakeven_note_name(res->options[i].breakeven_utilization_note);
            if (strcmp(note ? note : "null", value) != 0 && bad++ < 10)
                fprintf(stderr, "%s: %s %s: engine %s, expected %s\n", name, id, field,
                        note ? note : "null", value);
            continue;
        }
        int after_tax = strcmp(field, "irr_after_tax_note") == 0;
        if (i >= 0 && (strcmp(field, "irr_note") == 0 || after_tax)) {
            /* The reference writes the phrase with '_' for its spaces. */
            const char *phrase =
                after_tax ? res->options[i].irr_after_tax_note : res->options[i].irr_note;
            char note[128];
            snprintf(note, sizeof note, "%s", phrase ? phrase : "null");
            for (char *p = note; *p; p++)
                *p = *p == ' ' ? '_' : *p;
            if (strcmp(note, value) != 0 && bad++ < 10)
                fprintf(stderr, "%s: %s %s: engine %s, expected %s\n", name, id, field, note,
                        value);
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

static void test_e2e_spot(void)
{
    compare_expected("e2e-spot");
}

static void test_e2e_mixed(void)
{
    compare_expected("e2e-mixed");
}

static void test_e2e_edge(void)
{
    compare_expected("e2e-edge");
}

/* e2e-mixed with [tax]: every tax figure, monthly tax line and after-tax
 * return as the reference computes them from MODEL.md's Taxes. */
static void test_e2e_tax(void)
{
    compare_expected("e2e-tax");
}

/* Fiscal years from April with partial first and last years, after tax: the
 * MACRS mid-quarter table after section 179 and bonus, and renewed terms. */
static void test_e2e_fiscal(void)
{
    compare_expected("e2e-fiscal");
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

/* Compute a scenario given as text; the caller frees both. */
static tco_result *run(const char *text, tco_scenario **s)
{
    *s = load(text, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(*s, &r), TCO_OK);
    return r;
}

#define HEAD                                                                                       \
    "[scenario]\nname = t\nhorizon_months = 36\nhours_per_month = 100\ndiscount_rate = 0\n"        \
    "[site]\nelectricity_price = 0\n"

/* Payback by hand (docs/MODEL.md, Metrics): the first month from which buying
 * stays at or below the baseline to the end, not the first month it dips. */
static void test_payback_by_hand(void)
{
    tco_scenario *s;
    /* Rent 1000, 500, 250 a month by year; buy 2000 + 800 a month: at or below
     * in months 10..13, above from month 14 to 36. */
    tco_result *r = run(HEAD "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 2000\n"
                             "tdp_w = 0\nstaff_per_month = 800\n"
                             "[option cloud]\nacquire = rent\ncount = 1\n"
                             "price_per_gpu_hour = 10\nprice_decline = 0.5\n",
                        &s);
    const tco_option_result *b = &r->options[0];
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[9].cumulative, 10000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].monthly[9].cumulative, 10000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[13].cumulative, 13200, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].monthly[13].cumulative, 13000, 1e-9);
    CU_ASSERT_EQUAL(b->breakeven_month, 0); /* not 10: it rises above again */
    /* 30,800 at any u against 21,000 u: they meet at u = 1.47, outside 0..1. */
    CU_ASSERT_DOUBLE_EQUAL(b->total, 30800, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total, 21000, 1e-9);
    CU_ASSERT_TRUE(isnan(b->breakeven_utilization));
    CU_ASSERT_EQUAL(b->breakeven_utilization_note, TCO_BE_NEVER);
    /* The lines (MODEL.md, Break-even): the rent's slope 100 hours x 10 x (12 x 1
     * + 12 x 0.5 + 12 x 0.25) = 21,000 and 0 at u = 0; the buy flat at 30,800.
     * They meet at 30,800 / 21,000. */
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total_per_utilization, 21000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total_at_zero_utilization, 0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->total_per_utilization, 0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->total_at_zero_utilization, 30800, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(tci_utilization_crossing(b, &r->options[1]), 30800.0 / 21000, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(tci_total_at_utilization(&r->options[1], 0.5), 10500, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(tci_cost_per_gpu_hour_at(s, &s->options[1], 10500, 0.5),
                           10500 / (1 * 100 * 36 * 0.5), 1e-12);
    tco_result_free(r);
    tco_scenario_free(s);

    /* A reserved baseline renewed each year, its 3000 upfront paid again in
     * months 13 and 25; buy 4000 + 1100 a month. buy - rent: 1000 + 100m in
     * months 1-12, -2000 + 100m in 13-24 (at or below in 13-20), -5000 + 100m
     * in 25-36: payback at month 25. */
    r = run(HEAD "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 4000\ntdp_w = 0\n"
                 "staff_per_month = 1100\n"
                 "[option cloud]\nacquire = rent\ncount = 1\npricing = reserved\n"
                 "price_per_gpu_hour = 10\nterm_months = 12\nafter_term = renew\n"
                 "upfront = 3000\n",
            &s);
    b = &r->options[0];
    const tco_option_result *c = &r->options[1];
    CU_ASSERT_DOUBLE_EQUAL(c->monthly[12].cumulative, 3000 + 13000 + 3000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[19].cumulative - c->monthly[19].cumulative, 0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[20].cumulative - c->monthly[20].cumulative, 100, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[24].cumulative - c->monthly[24].cumulative, -2500, 1e-9);
    CU_ASSERT_EQUAL(b->breakeven_month, 25);
    CU_ASSERT_DOUBLE_EQUAL(b->total, 43600, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(c->total, 45000, 1e-9);
    CU_ASSERT_TRUE(isnan(b->breakeven_utilization));
    CU_ASSERT_EQUAL(b->breakeven_utilization_note, TCO_BE_ALWAYS); /* both flat, buy lower */
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The three notes of a break-even utilization that is no number, by hand. */
static void test_breakeven_notes(void)
{
    tco_scenario *s;
    /* always: rent(u) = 12 x 500 storage + 12,000 u; buy(u) = 1000 + 12 x 10 u
     * (1 kW at u, 100 hours, 0.1 a kWh): u* = 5000 / -11,880 < 0, buy lower. */
    tco_result *r = run("[scenario]\nname = t\nhorizon_months = 12\nhours_per_month = 100\n"
                        "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1\n"
                        "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1000\n"
                        "idle_power_fraction = 0\nload_power_fraction = 1\n"
                        "[option cloud]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 10\n"
                        "storage_per_month = 500\n",
                        &s);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total, 1120, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total, 18000, 1e-9);
    CU_ASSERT_TRUE(isnan(r->options[0].breakeven_utilization));
    CU_ASSERT_EQUAL(r->options[0].breakeven_utilization_note, TCO_BE_ALWAYS);
    CU_ASSERT_EQUAL(r->options[0].breakeven_month, 1); /* 1010 <= 1500, and on */
    /* The lines: buy 1000 + 120 u, rent 6000 + 12,000 u, meeting at -5000 / 11,880. */
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total_per_utilization, 120, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total_at_zero_utilization, 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total_per_utilization, 12000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->options[1].total_at_zero_utilization, 6000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(tci_utilization_crossing(&r->options[0], &r->options[1]),
                           -5000.0 / 11880, 1e-12);
    CU_ASSERT_EQUAL(r->options[1].breakeven_utilization_note, TCO_BE_NOTE_NONE);
    CU_ASSERT_STRING_EQUAL(tco_breakeven_note_name(TCO_BE_ALWAYS), "always");
    CU_ASSERT_STRING_EQUAL(tco_breakeven_note_name(TCO_BE_NEVER), "never");
    CU_ASSERT_STRING_EQUAL(tco_breakeven_note_name(TCO_BE_PARALLEL), "parallel");
    CU_ASSERT_PTR_NULL(tco_breakeven_note_name(TCO_BE_NOTE_NONE));
    tco_result_free(r);
    tco_scenario_free(s);

    /* parallel: 12,000 bought against 12 x 1000 reserved, neither moves with u.
     * The cumulative costs meet at month 12: payback then. */
    r = run("[scenario]\nname = t\nhorizon_months = 12\nhours_per_month = 100\n"
            "discount_rate = 0\n[site]\nelectricity_price = 0\n"
            "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 12000\ntdp_w = 0\n"
            "[option cloud]\nacquire = rent\ncount = 1\npricing = reserved\n"
            "price_per_gpu_hour = 10\n",
            &s);
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].total, r->options[1].total, 0);
    CU_ASSERT_TRUE(isnan(r->options[0].breakeven_utilization));
    CU_ASSERT_EQUAL(r->options[0].breakeven_utilization_note, TCO_BE_PARALLEL);
    CU_ASSERT_EQUAL(r->options[0].breakeven_month, 12);
    tco_result_free(r);
    tco_scenario_free(s);

    /* A break-even utilization that is a number has no note: e2e-basic's. */
    r = run("[scenario]\nname = t\nhorizon_months = 12\nhours_per_month = 100\n"
            "discount_rate = 0\n[site]\nelectricity_price = 0.1\npue = 1\n"
            "[option buy]\nacquire = buy\ncount = 1\ngpu_price = 6000\ntdp_w = 1000\n"
            "idle_power_fraction = 0\nload_power_fraction = 1\n"
            "[option cloud]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 10\n",
            &s);
    /* 6000 + 120 u = 12,000 u: u* = 6000 / 11,880. */
    CU_ASSERT_DOUBLE_EQUAL(r->options[0].breakeven_utilization, 6000.0 / 11880, 1e-12);
    CU_ASSERT_EQUAL(r->options[0].breakeven_utilization_note, TCO_BE_NOTE_NONE);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Contract terms by hand (docs/MODEL.md, Contract terms): a 12-month term in a
 * 36-month horizon, renewed or followed by the on-demand rate; a 36-month
 * term in a 24-month case, owed in full. */
static void test_terms_by_hand(void)
{
    tco_scenario *s;
    tco_result *r = run(HEAD "[option renew]\nacquire = rent\ncount = 1\npricing = reserved\n"
                             "price_per_gpu_hour = 10\nterm_months = 12\nafter_term = renew\n"
                             "upfront = 500\n"
                             "[option od]\nacquire = rent\ncount = 1\npricing = reserved\n"
                             "price_per_gpu_hour = 10\nterm_months = 12\n"
                             "after_term = on-demand\non_demand_price_per_gpu_hour = 20\n"
                             "price_decline = 0.25\nutilization = 0.5\n",
                        &s);
    const tco_option_result *a = &r->options[0], *b = &r->options[1];
    CU_ASSERT_DOUBLE_EQUAL(a->capex, 500, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->monthly[11].rental, 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->monthly[12].rental, 1500, 1e-9); /* month 13: renewal */
    CU_ASSERT_DOUBLE_EQUAL(a->monthly[13].rental, 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->monthly[24].rental, 1500, 1e-9); /* month 25 */
    CU_ASSERT_DOUBLE_EQUAL(a->commitment_after_horizon, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(a->total, 37500, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[11].rental, 1000, 1e-9); /* the term: every hour */
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[12].rental, 750, 1e-9);  /* 100 x 0.5 x 20 x 0.75 */
    CU_ASSERT_DOUBLE_EQUAL(b->monthly[35].rental, 562.5, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(b->commitment_after_horizon, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->total, 27750, 1e-9);
    tco_result_free(r);
    tco_scenario_free(s);

    /* 36 months at 1000 in a 24-month case: 24,000 within it, 12,000 owed after;
     * the NPV discounts each of the 36 months at its own month, as the 36-month
     * base does. */
    tco_scenario *base = load("[scenario]\nname = t\nhorizon_months = 36\nhours_per_month = 100\n"
                              "discount_rate = 0.08\n"
                              "[option c]\nacquire = rent\ncount = 1\npricing = reserved\n"
                              "price_per_gpu_hour = 10\nterm_months = 36\n"
                              "[case short]\nhorizon_months = 24\n",
                              0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    CU_ASSERT_EQUAL_FATAL(base->n_cases, 1);
    tco_result *rb = NULL, *rc = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(base, &rb), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_compute(base->cases[0].scenario, &rc), TCO_OK);
    const tco_option_result *o = &rc->options[0];
    double rm = pow(1.08, 1.0 / 12) - 1, npv = 0, owed_npv = 0;
    for (int m = 1; m <= 36; m++) {
        npv += 1000 / pow(1 + rm, m);
        if (m > 24)
            owed_npv += 1000 / pow(1 + rm, m);
    }
    CU_ASSERT_DOUBLE_EQUAL(o->rental, 24000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(o->commitment_after_horizon, 12000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(o->total, 36000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(o->commitment_npv, owed_npv, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(o->npv, npv, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(rb->options[0].total, 36000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(rb->options[0].npv, npv, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(rb->options[0].commitment_after_horizon, 0, 0);
    tco_result_free(rb);
    tco_result_free(rc);
    tco_scenario_free(base);
}

/* docs/MODEL.md, Sites: two buy options at two sites, worked by hand there. Both:
 * it_kw * T = 6.04 * 730 = 4,409.2 kWh a month, provisioned_kw 6.6, capex 240,000,
 * H = 12 (no escalation within the first year). */
#define SITES_EXAMPLE                                                                              \
    "[scenario]\nname = Own room or colocation\nhorizon_months = 12\n"                             \
    "[site]\nelectricity_price = 0.10\nelectricity_escalation = 0.03\npue = 2.1\n"                 \
    "[site colo]\nelectricity_price = 0.14\npue = 1.35\ncolo_per_kw_month = 150\n"                 \
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"                     \
    "server_power_w = 1000\n"                                                                      \
    "[option colo]\nbase = own\nsite = colo\n"

static void test_sites_by_hand(void)
{
    tco_scenario *s;
    tco_result *r = run(SITES_EXAMPLE "[case cheap]\nsite.colo.electricity_price = 0.07\n"
                                      "[sensitivity]\nsite.colo.electricity_price = 0.10, 0.20\n"
                                      "[uncertainty]\nsamples = 200\n"
                                      "site.colo.electricity_price = uniform(0.10, 0.20)\n",
                        &s);
    CU_ASSERT_EQUAL_FATAL(s->n_sites, 1);
    CU_ASSERT_EQUAL(s->options[0].site_no, 0);
    CU_ASSERT_EQUAL(s->options[1].site_no, 1);
    /* A key the named site does not give: [site]'s. */
    CU_ASSERT_DOUBLE_EQUAL(tco_site_value(s, &s->options[1], TCO_S_ELECTRICITY_ESCALATION), 0.03,
                           0);
    const tco_option_result *own = &r->options[0], *colo = &r->options[1];
    /* own at [site]: 4,409.2 * 0.10 = 440.92 a month; cooling 440.92 * 1.1 = 485.012 */
    CU_ASSERT_DOUBLE_EQUAL(own->monthly[0].power, 440.92, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(own->monthly[0].cooling, 485.012, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(own->monthly[0].facility, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(own->power, 5291.04, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(own->cooling, 5820.144, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(own->facility, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(own->total, 251111.184, 1e-8);
    /* colo at [site colo]: 4,409.2 * 0.14 = 617.288; cooling 4,409.2 * 0.35 * 0.14 =
     * 216.0508; facility 6.6 * 150 = 990 */
    CU_ASSERT_DOUBLE_EQUAL(colo->monthly[0].power, 617.288, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(colo->monthly[0].cooling, 216.0508, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(colo->monthly[0].facility, 990, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(colo->power, 7407.456, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(colo->cooling, 2592.6096, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(colo->facility, 11880, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(colo->total, 261880.0656, 1e-8);
    CU_ASSERT_DOUBLE_EQUAL(colo->total - own->total, 10768.8816, 1e-8);

    /* The case moves colo's price alone: 4,409.2 * 12 * 0.07 = 3,703.728 of power,
     * 1,296.3048 of cooling. */
    tco_result *rc = NULL;
    CU_ASSERT_EQUAL_FATAL(s->n_cases, 1);
    CU_ASSERT_EQUAL_FATAL(tco_compute(s->cases[0].scenario, &rc), TCO_OK);
    CU_ASSERT_DOUBLE_EQUAL(rc->options[0].total, 251111.184, 1e-8);
    CU_ASSERT_DOUBLE_EQUAL(rc->options[1].total, 256880.0328, 1e-8);
    tco_result_free(rc);

    /* The sensitivity range of site.colo.electricity_price: at 0.10, colo pays
     * 5,291.04 + 1,851.864 + 11,880; at 0.20, 10,582.08 + 3,703.728 + 11,880; own not
     * at all. */
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    int seen = 0;
    for (size_t i = 0; i < 2; i++)
        for (size_t d = 0; d < a->n_drivers; d++) {
            const tco_sens_entry *e = &a->sens[i * a->n_drivers + d];
            if (strcmp(e->driver, "site.colo.electricity_price") != 0)
                continue;
            seen++;
            CU_ASSERT_DOUBLE_EQUAL(e->total_low, i ? 259022.904 : 251111.184, 1e-8);
            CU_ASSERT_DOUBLE_EQUAL(e->total_high, i ? 266165.808 : 251111.184, 1e-8);
        }
    CU_ASSERT_EQUAL(seen, 2);
    /* Monte Carlo: colo's price drawn in [0.10, 0.20] keeps its totals within the
     * sensitivity's ends; own's does not move. */
    CU_ASSERT_EQUAL_FATAL(a->mc_samples, 200);
    CU_ASSERT_PTR_NULL(a->mc[0].hist);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[0].total_p10, 251111.184, 1e-8);
    CU_ASSERT_DOUBLE_EQUAL(a->mc[0].total_p90, 251111.184, 1e-8);
    CU_ASSERT_PTR_NOT_NULL(a->mc[1].hist);
    CU_ASSERT(a->mc[1].total_p10 >= 259022.904 - 1e-6 && a->mc[1].total_p90 <= 266165.808 + 1e-6);
    CU_ASSERT(a->mc[1].total_p90 > a->mc[1].total_p10);
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);

    /* base = carries the site: colo2 is at colo, at 16 GPUs twice colo's power. */
    r = run(SITES_EXAMPLE "[option colo2]\nbase = colo\ncount = 16\n", &s);
    CU_ASSERT_EQUAL(s->options[2].site_no, 1);
    CU_ASSERT_DOUBLE_EQUAL(r->options[2].power, 2 * 7407.456, 1e-8);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Egress and spot capacity by hand (docs/MODEL.md, Egress; Spot capacity):
 * 24 months of 100 hours, no discounting. */
static void test_egress_spot_by_hand(void)
{
    tco_scenario *s;
    tco_result *r =
        run("[scenario]\nname = t\nhorizon_months = 24\nhours_per_month = 100\ndiscount_rate = 0\n"
            "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 10\n"
            "egress_tb_per_month = 5\negress_per_tb = 90\n"
            "[option sp]\nacquire = rent\npricing = spot\ncount = 1\nutilization = 0.5\n"
            "price_per_gpu_hour = 4\ninterruption_overhead = 0.2\nprice_decline = 0.25\n"
            "egress_tb_per_month = 2\negress_per_tb = 50\n"
            "[option sp0]\nacquire = rent\npricing = spot\ncount = 1\nutilization = 0.5\n"
            "price_per_gpu_hour = 4\nprice_decline = 0.25\n"
            "egress_tb_per_month = 2\negress_per_tb = 50\n"
            "[option res]\nacquire = rent\npricing = reserved\ncount = 1\n"
            "price_per_gpu_hour = 10\nterm_months = 36\negress_tb_per_month = 1\n"
            "egress_per_tb = 100\n",
            &s);
    const tco_option_result *od = &r->options[0], *sp = &r->options[1], *sp0 = &r->options[2],
                            *res = &r->options[3];
    /* On demand: 100 x 10 + 5 x 90 = 1450 a month. */
    CU_ASSERT_DOUBLE_EQUAL(od->monthly[0].rental, 1450, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(od->total, 34800, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(od->gpu_hours, 2400, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(od->cost_per_gpu_hour, 14.5, 1e-12);
    /* Spot: 62.5 paid hours a month for 50 of work; 350, then 287.5. */
    CU_ASSERT_DOUBLE_EQUAL(sp->monthly[0].rental, 350, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(sp->monthly[12].rental, 287.5, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(sp->total, 7650, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(sp->gpu_hours, 1200, 1e-9); /* the work, not the hours paid */
    CU_ASSERT_DOUBLE_EQUAL(sp->cost_per_gpu_hour, 6.375, 1e-12);
    /* Without the overhead spot costs what on demand would: 6,600. */
    CU_ASSERT_DOUBLE_EQUAL(sp0->total, 6600, 1e-9);
    /* Reserved for 36 months: egress within the horizon only; the 12 months
     * owed after it at the rate alone. */
    CU_ASSERT_DOUBLE_EQUAL(res->rental, 24 * 1100.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(res->commitment_after_horizon, 12000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(res->total, 38400, 1e-9);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* 1 when a and b hold the same figures, bit for bit: every option's fields
 * and months, the ranking, the decision and the plans. */
static int same_result(const tco_result *a, const tco_result *b)
{
    if (a->n_options != b->n_options || a->horizon_months != b->horizon_months ||
        a->baseline != b->baseline || a->cheapest != b->cheapest || a->best != b->best ||
        a->lowest_npv != b->lowest_npv || a->n_plans != b->n_plans)
        return 0;
    const size_t H = (size_t)a->horizon_months;
    for (size_t i = 0; i < a->n_options; i++) {
        tco_option_result x = a->options[i], y = b->options[i];
        if (memcmp(x.monthly, y.monthly, H * sizeof *x.monthly) || a->rank[i] != b->rank[i])
            return 0;
        x.monthly = y.monthly = NULL;
        if (memcmp(&x, &y, sizeof x))
            return 0;
    }
    for (size_t i = 0; i < a->n_plans; i++)
        if (a->plans[i].total != b->plans[i].total || a->plans[i].npv != b->plans[i].npv ||
            memcmp(a->plans[i].monthly, b->plans[i].monthly, H * sizeof *a->plans[i].monthly) ||
            a->plan_rank[i] != b->plan_rank[i])
            return 0;
    return 1;
}

/* tco_compute_into: one result recomputed for scenarios in turn holds what a
 * fresh tco_compute gives each, bit for bit. The taxed, financed scenario
 * comes first so that its tax, loan and returns figures would be left
 * behind in a result reused for the untaxed one of the same shape, whose
 * first option is rented; then a scenario of
 * another horizon (a new result), then plans, then the first again. */
static void test_compute_into(void)
{
    char taxed[256], plans[256];
    snprintf(taxed, sizeof taxed, "%s/tests/data/taxed.ini", TCO_SOURCE_DIR);
    snprintf(plans, sizeof plans, "%s/config/seed-2026.ini", TCO_SOURCE_DIR);
    tco_scenario *sc[4] = {
        load(taxed, 1),
        load("[scenario]\nname = same shape\nhorizon_months = 3\nhours_per_month = 100\n"
             "baseline = cloud\n[site]\nelectricity_price = 0.3\n"
             "[option cloud]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n"
             "[option own]\nacquire = buy\ncount = 2\ngpu_price = 9000\ntdp_w = 700\n"
             "[option two]\nacquire = buy\ncount = 1\ngpu_price = 5000\ntdp_w = 300\n",
             0),
        load("[scenario]\nname = plans\nhorizon_months = 5\nhours_per_month = "
             "100\n[site]\nelectricity_price = 0.1\n"
             "[option gb]\nacquire = buy\ncount = 2\ngpu_price = 1000\ntdp_w = 1000\n"
             "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\n"
             "[demand]\nreference = gb\ngpu_hours_per_month = 300\ngrowth = 0.5\n"
             "[plan mix]\nown = gb\nown_count = 2\noverflow = od\n",
             0),
        load(plans, 1),
    };
    for (int k = 0; k < 4; k++)
        CU_ASSERT_PTR_NOT_NULL_FATAL(sc[k]);
    static const int order[] = {0, 1, 1, 2, 3, 2, 0};
    tco_result *reused = NULL;
    for (size_t k = 0; k < sizeof order / sizeof *order; k++) {
        tco_result *fresh = NULL;
        CU_ASSERT_EQUAL_FATAL(tco_compute(sc[order[k]], &fresh), TCO_OK);
        CU_ASSERT_EQUAL_FATAL(tco_compute_into(sc[order[k]], &reused), TCO_OK);
        CU_ASSERT(same_result(fresh, reused));
        CU_ASSERT_PTR_EQUAL(reused->scenario, sc[order[k]]);
        tco_result_free(fresh);
    }
    /* A bad scenario frees the result and says so. */
    CU_ASSERT_EQUAL(tco_compute_into(NULL, &reused), TCO_ERR_ARG);
    CU_ASSERT_PTR_NULL(reused);
    CU_ASSERT_EQUAL(tco_compute_into(sc[0], NULL), TCO_ERR_ARG);
    for (int k = 0; k < 4; k++)
        tco_scenario_free(sc[k]);
}

int main(void)
{
    static const check_case cases[] = {
        {"NPV by hand", test_npv_by_hand},
        {"e2e-basic by hand", test_e2e_basic_by_hand},
        {"e2e-basic vs reference", test_e2e_basic},
        {"e2e-mixed vs reference", test_e2e_mixed},
        {"e2e-edge vs reference", test_e2e_edge},
        {"e2e-tax vs reference", test_e2e_tax},
        {"e2e-spot vs reference", test_e2e_spot},
        {"e2e-fiscal vs reference", test_e2e_fiscal},
        {"payback by hand", test_payback_by_hand},
        {"break-even notes", test_breakeven_notes},
        {"contract terms by hand", test_terms_by_hand},
        {"two sites by hand", test_sites_by_hand},
        {"egress and spot by hand", test_egress_spot_by_hand},
        {"compute into a reused result", test_compute_into},
        {NULL, NULL},
    };
    return check_run("engine", cases);
}
