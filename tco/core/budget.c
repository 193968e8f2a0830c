/* budget.c - fiscal years and the budget (docs/MODEL.md, "Fiscal years and
 * the budget", "A plan's budget"): each option's and each plan's flows of
 * months 0..H summed by the fiscal year they fall in. */
#include "tco.h"
#include "core/core.h"
#include "util/date.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const col_names[TCO_BUDGET_COLS] = {
    [TCO_BUDGET_CAPEX] = "capex",       [TCO_BUDGET_FINANCING] = "financing",
    [TCO_BUDGET_RESIDUAL] = "residual", [TCO_BUDGET_TAX] = "tax",
    [TCO_BUDGET_TOTAL] = "total",       [TCO_BUDGET_CARBON] = "carbon",
#define LINE_NAME(ID, name, ...) [TCO_BUDGET_##ID] = #name,
    TCO_COST_LINES(LINE_NAME) /* the cost lines' columns: "power", ..., "rental" */
#undef LINE_NAME
};

/* See tco_budget.h. */
int tco_budget_col_shown(const tco_scenario *s, tco_budget_col col)
{
    return col != TCO_BUDGET_CARBON || (s && s->carbon_in_total);
}

/* See tco.h. */
const char *tco_budget_col_name(tco_budget_col col)
{
    return (unsigned)col < TCO_BUDGET_COLS ? col_names[col] : NULL;
}

static const char *const plan_col_names[TCO_PLAN_BUDGET_COLS] = {
    [TCO_PLAN_BUDGET_OWN] = "own",           [TCO_PLAN_BUDGET_RESERVE] = "reserve",
    [TCO_PLAN_BUDGET_OVERFLOW] = "overflow", [TCO_PLAN_BUDGET_TAX] = "tax",
    [TCO_PLAN_BUDGET_TOTAL] = "total",       [TCO_PLAN_BUDGET_CARBON] = "carbon",
};

/* See tco_budget.h. */
int tco_plan_budget_col_shown(const tco_scenario *s, tco_plan_budget_col col)
{
    return col != TCO_PLAN_BUDGET_CARBON || (s && s->carbon_in_total);
}

/* See tco.h. */
const char *tco_plan_budget_col_name(tco_plan_budget_col col)
{
    return (unsigned)col < TCO_PLAN_BUDGET_COLS ? plan_col_names[col] : NULL;
}

/* Adds month m's flows of plan result p to row v (TCO_PLAN_BUDGET_COLS
 * columns): MODEL.md, A plan's budget. */
static void add_plan_month(const tco_plan_result *p, int m, int H, double *v)
{
    /* With carbon_in_total each part's cost holds its carbon cost: the
     * column of its own (MODEL.md, A plan's carbon cost in its total); the
     * carbon figures are 0 without the flag. */
    if (m == 0) {
        v[TCO_PLAN_BUDGET_OWN] += p->paid0 - p->reserve_paid0 - p->carbon_cost0;
        v[TCO_PLAN_BUDGET_RESERVE] += p->reserve_paid0;
        v[TCO_PLAN_BUDGET_TAX] += p->tax0;
        v[TCO_PLAN_BUDGET_CARBON] += p->carbon_cost0;
        return;
    }
    const tco_plan_month *pm = &p->monthly[m - 1];
    v[TCO_PLAN_BUDGET_OWN] += pm->own_cost - pm->own_carbon - (m == H ? p->own_residual : 0);
    v[TCO_PLAN_BUDGET_RESERVE] += tci_plan_reserve_rent(pm);
    v[TCO_PLAN_BUDGET_OVERFLOW] += tci_plan_overflow_rent(pm);
    v[TCO_PLAN_BUDGET_TAX] += pm->tax;
    v[TCO_PLAN_BUDGET_CARBON] += pm->carbon_cost;
}

/* Model month m as YYYY-MM (start's years are 1900..9999, the horizon at
 * most 120 months). */
static void month_text(char *buf, size_t size, const tco_scenario *s, int m)
{
    long c = tci_month_index(s->start, m);
    unsigned y = (unsigned)(c / 12) % 100000u, mo = (unsigned)(c % 12) % 12u + 1;
    snprintf(buf, size, "%04u-%02u", y, mo);
}

/* Adds month m's flows of option i to row v (TCO_BUDGET_COLS columns). */
static void add_month(const tco_result *r, size_t i, int m, double *v)
{
    const tco_option *o = &r->scenario->options[i];
    const tco_option_result * or = &r->options[i];
    if (m == 0) {
        int col = o->acquire == TCO_RENT          ? TCO_BUDGET_RENTAL
                  : o->financing == TCO_FIN_LEASE ? TCO_BUDGET_FINANCING
                                                  : TCO_BUDGET_CAPEX;
        /* With carbon_in_total, paid0 holds month 0's carbon cost: its column
         * is the carbon cost's (MODEL.md, The carbon cost in the total). */
        v[col] += or->paid0 - or->carbon_cost0;
        v[TCO_BUDGET_CARBON] += or->carbon_cost0;
        v[TCO_BUDGET_TAX] += isnan(or->tax0) ? 0 : or->tax0;
        return;
    }
    const tco_month *mo = & or->monthly[m - 1];
    for (int line = 0; line < TCO_LINES; line++)
        v[TCO_BUDGET_LINE(line)] += tco_month_line(mo, line);
    v[TCO_BUDGET_FINANCING] += mo->loan_interest + mo->loan_principal + mo->loan_balance +
                               mo->lease_payment + mo->lease_buyout;
    v[TCO_BUDGET_TAX] += mo->tax;
    v[TCO_BUDGET_CARBON] += mo->carbon_cost;
    if (m == r->scenario->horizon_months)
        v[TCO_BUDGET_RESIDUAL] -= or->residual;
}

/* See tco.h. */
tco_status tco_budget_compute(const tco_result *r, tco_budget **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!r || !r->scenario)
        return TCO_ERR_ARG;
    const tco_scenario *s = r->scenario;
    int H = s->horizon_months;
    tco_budget *b = calloc(1, sizeof *b);
    if (!b)
        return TCO_ERR_NOMEM;
    /* At most one year for month 0 and one for each month after. */
    b->years = calloc((size_t)H + 1, sizeof *b->years);
    if (!b->years) {
        tco_budget_free(b);
        return TCO_ERR_NOMEM;
    }
    long cur = 0;
    for (int m = 0; m <= H; m++) {
        long y = tci_fiscal_year_of(s, m);
        if (b->n_years == 0 || y != cur) {
            tco_fiscal_year *fy = &b->years[b->n_years++];
            snprintf(fy->name, sizeof fy->name, "%s%ld", s->start ? "FY" : "Y", y);
            fy->first_month = m;
            if (s->start)
                month_text(fy->from, sizeof fy->from, s, m);
            cur = y;
        }
        tco_fiscal_year *fy = &b->years[b->n_years - 1];
        fy->last_month = m;
        fy->months += m > 0;
        if (s->start)
            month_text(fy->to, sizeof fy->to, s, m);
    }
    b->n_options = r->n_options;
    b->value = calloc(b->n_options * b->n_years * TCO_BUDGET_COLS + 1, sizeof *b->value);
    if (!b->value) {
        tco_budget_free(b);
        return TCO_ERR_NOMEM;
    }
    b->n_plans = r->n_plans;
    if (b->n_plans) {
        b->plan_value = calloc(b->n_plans * b->n_years * TCO_PLAN_BUDGET_COLS, sizeof(double));
        if (!b->plan_value) {
            tco_budget_free(b);
            return TCO_ERR_NOMEM;
        }
    }
    for (size_t y = 0; y < b->n_years; y++) {
        tco_fiscal_year *fy = &b->years[y];
        fy->partial = fy->months < 12;
        for (size_t i = 0; i < b->n_plans; i++) {
            double *v = &b->plan_value[(i * b->n_years + y) * TCO_PLAN_BUDGET_COLS];
            for (int m = fy->first_month; m <= fy->last_month; m++)
                add_plan_month(&r->plans[i], m, H, v);
            for (int k = 0; k < TCO_PLAN_BUDGET_TOTAL; k++)
                v[TCO_PLAN_BUDGET_TOTAL] += v[k];
            if (s->carbon_in_total)
                v[TCO_PLAN_BUDGET_TOTAL] += v[TCO_PLAN_BUDGET_CARBON];
        }
        for (size_t i = 0; i < b->n_options; i++) {
            double *v = &b->value[(i * b->n_years + y) * TCO_BUDGET_COLS];
            for (int m = fy->first_month; m <= fy->last_month; m++)
                add_month(r, i, m, v);
            for (int k = 0; k < TCO_BUDGET_TOTAL; k++)
                v[TCO_BUDGET_TOTAL] += v[k];
            if (s->carbon_in_total)
                v[TCO_BUDGET_TOTAL] += v[TCO_BUDGET_CARBON];
        }
    }
    *out = b;
    return TCO_OK;
}

/* See tco.h. */
void tco_budget_free(tco_budget *b)
{
    if (!b)
        return;
    free(b->years);
    free(b->value);
    free(b->plan_value);
    free(b);
}
