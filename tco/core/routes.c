/* routes.c - the Checks sheet's second routes (routes.h). */
#include "core/routes.h"
#include "core/core.h"
#include "core/factors.h"
#include "tco_budget.h"
#include "tco_statements.h"

#include <math.h>

/* See routes.h. */
double tci_route_operating_cost(const tco_option_result *r, int H)
{
    double sum = 0;
    for (int m = 1; m <= H; m++)
        sum += r->monthly[m - 1].cost;
    return sum;
}

/* See routes.h. */
double tci_route_operating_paid(const tco_option_result *r, int H, int lease)
{
    double paid = tci_route_operating_cost(r, H) + (lease ? r->lease_payment : 0);
    /* With carbon_in_total, month 0's carbon cost is operating too (MODEL.md,
     * The carbon cost in the total); without it nothing is added. */
    return r->carbon_cost0 != 0 ? paid + r->carbon_cost0 : paid;
}

/* See routes.h. */
double tci_route_lines(const tco_option_result *r, int H)
{
    double lines = tco_option_lines_add(-0.0, r) + r->loan_interest + r->loan_principal +
                   r->loan_balance_at_horizon + r->lease_payments + r->lease_buyout;
    /* The carbon cost's months 0..H, by their own route: 0 without the flag. */
    double co2 = r->carbon_cost0;
    for (int m = 1; m <= H; m++)
        co2 += r->monthly[m - 1].carbon_cost;
    return co2 != 0 ? lines + co2 : lines;
}

/* See routes.h. */
double tci_route_cumulative(const tco_option_result *r, int H)
{
    return r->paid0 + tci_route_operating_cost(r, H);
}

/* See routes.h. */
double tci_route_net(const tco_option_result *r, int H, int less_residual, int with_commitment)
{
    return tci_route_cumulative(r, H) - (less_residual ? r->residual : 0) +
           (with_commitment ? r->commitment_after_horizon : 0);
}

/* See routes.h. */
double tci_route_npv(const tco_option_result *r, int less_residual, double rm, int H,
                     int with_commitment)
{
    return tci_npv_of_months(r, r->paid0, less_residual, rm, H) +
           (with_commitment ? r->commitment_npv : 0);
}

/* See routes.h. */
double tci_route_depreciation(const tco_option_result *r, int lease)
{
    return (lease ? r->lease_buyout : r->capex) - r->book_value_end;
}

/* See routes.h. */
double tci_route_flow(const tco_option_result *r, const tco_option_result *b, int H)
{
    double sum = b->paid0 - r->paid0;
    for (int m = 1; m <= H; m++)
        sum += b->monthly[m - 1].cost - r->monthly[m - 1].cost;
    return sum + r->residual;
}

/* See routes.h. */
double tci_route_totals_difference(const tco_option_result *r, const tco_option_result *b,
                                   int b_commit, int r_commit)
{
    return b->total - r->total - (b_commit ? b->commitment_after_horizon : 0) +
           (r_commit ? r->commitment_after_horizon : 0);
}

/* See routes.h. */
double tci_route_summary_total(const tco_option_result *r, int with_commitment, int lease, int loan,
                               int buy)
{
    return tco_option_lines_add(r->capex, r) + (with_commitment ? r->commitment_after_horizon : 0) +
           (lease ? r->lease_payments + r->lease_buyout - r->capex : 0) +
           (loan
                ? r->loan_interest + r->loan_principal + r->loan_balance_at_horizon - r->loan_amount
                : 0) -
           (buy ? r->residual : 0);
}

/* See routes.h. */
double tci_route_per_gpu_hour(const tco_option_result *r)
{
    return isfinite(r->cost_per_gpu_hour) ? r->cost_per_gpu_hour * r->gpu_hours : r->total;
}

/* See routes.h. */
double tci_route_sweep_at(double u1, double t1, double un, double tn, double u)
{
    return t1 + (u - u1) * (tn - t1) / (un - u1);
}

/* See routes.h. */
double tci_route_tax(const tco_option_result *r, double rate, double deductions, int with_sale,
                     int with_commitment)
{
    return -rate * deductions + (with_sale ? r->tax_on_sale : 0) +
           (with_commitment ? r->commitment_tax : 0);
}

/* See routes.h. */
double tci_route_deductions(const tco_option_result *r, int H)
{
    double sum = 0;
    for (int m = 0; m <= H; m++)
        sum += tci_deductible(r, m);
    return sum;
}

/* See routes.h. */
double tci_route_after_tax_total(const tco_option_result *r)
{
    return r->total + r->tax;
}

/* See routes.h. */
double tci_route_after_tax_npv(const tco_option_result *r, double rm, int H, double rate,
                               int with_commitment)
{
    return tci_npv_after_tax_of_months(r, rm, H) +
           (with_commitment ? (1 - rate) * r->commitment_npv : 0);
}

/* See routes.h. */
double tci_route_after_tax_within(const tco_option_result *r, int with_commitment)
{
    return r->after_tax_total -
           (with_commitment ? r->commitment_after_horizon + r->commitment_tax : 0);
}

/* See routes.h. */
double tci_route_after_tax_difference(const tco_option_result *r, const tco_option_result *b,
                                      int b_commit, int r_commit)
{
    return tci_route_after_tax_within(b, b_commit) - tci_route_after_tax_within(r, r_commit);
}

/* See routes.h. */
double tci_route_after_tax_flow(const tco_option_result *r, const tco_option_result *b, int H)
{
    double sum = 0;
    for (int m = 0; m <= H; m++)
        sum += tci_saving_after_tax(r, b, m, H);
    return sum;
}

/* See routes.h. */
double tci_route_budget_flow(const tco_option_result *r, int H, int less_residual, int with_tax)
{
    double flow = r->paid0 - (less_residual ? r->residual : 0);
    for (int m = 1; m <= H; m++)
        flow += r->monthly[m - 1].cost;
    if (with_tax) {
        flow += isnan(r->tax0) ? 0 : r->tax0;
        for (int m = 1; m <= H; m++)
            flow += r->monthly[m - 1].tax;
    }
    return flow;
}

/* See routes.h. */
double tci_route_budget_years(const tco_budget *bg, size_t i)
{
    double years = 0;
    for (size_t y = 0; y < bg->n_years; y++)
        years += bg->value[(i * bg->n_years + y) * TCO_BUDGET_COLS + TCO_BUDGET_TOTAL];
    return years;
}

/* See routes.h. */
double tci_route_stmt_years(const tco_statements *st, size_t i, int col)
{
    double years = 0;
    for (size_t y = 0; y < st->n_years; y++)
        years += st->value[(i * st->n_years + y) * TCO_STMT_COLS + (size_t)col];
    return years;
}

/* See routes.h. */
double tci_route_stmt_horizon(const tco_option_result *r, const tco_statements *st, size_t i,
                              int with_tax, int with_commitment)
{
    const double *end = &st->monthly[(i * st->n_months + st->n_months - 1) * TCO_STMT_COLS];
    double within = with_tax ? tci_route_after_tax_within(r, with_commitment)
                             : r->total - (with_commitment ? r->commitment_after_horizon : 0);
    return within + end[TCO_STMT_LEASE_LIABILITY] - end[TCO_STMT_ROU_ASSET];
}

/* See routes.h. */
double tci_route_plan_budget_years(const tco_budget *bg, size_t p)
{
    double years = 0;
    for (size_t y = 0; y < bg->n_years; y++)
        years +=
            bg->plan_value[(p * bg->n_years + y) * TCO_PLAN_BUDGET_COLS + TCO_PLAN_BUDGET_TOTAL];
    return years;
}

/* See routes.h. */
double tci_route_plan_stmt_years(const tco_statements *st, size_t p, int col)
{
    double years = 0;
    for (size_t y = 0; y < st->n_years; y++)
        years += st->plan_value[(p * st->n_years + y) * TCO_STMT_COLS + (size_t)col];
    return years;
}

/* See routes.h. */
double tci_route_plan_commitments(const tco_plan_result *pr, int H)
{
    double owed = pr->reserve_commitment + pr->commitment_tax;
    for (size_t j = 0; j < pr->n_purchases; j++)
        if (pr->purchases[j].sold == H)
            owed += pr->purchases[j].lease_owed;
    return owed;
}

/* See routes.h. */
double tci_route_plan_stmt_horizon(const tco_plan_result *r, const tco_statements *st, size_t p,
                                   int with_tax)
{
    const double *end = &st->plan_monthly[(p * st->n_months + st->n_months - 1) * TCO_STMT_COLS];
    const int H = (int)st->n_months - 1;
    double past = r->reserve_commitment;
    for (size_t j = 0; j < r->n_purchases; j++)
        if (r->purchases[j].sold == H)
            past += r->purchases[j].lease_owed;
    double within = with_tax ? r->after_tax_total - r->commitment_tax - past : r->total - past;
    return within + end[TCO_STMT_LEASE_LIABILITY] - end[TCO_STMT_ROU_ASSET];
}
