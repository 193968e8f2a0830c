/* routes.h - the Checks sheet's second routes (docs/WORKBOOK.md, Checks):
 * each figure worked out again from the result's parts, as the Checks sheet's
 * formula works it out, apart from the figure it checks. The workbook caches
 * these beside its formulas; the writers compute none of them themselves
 * (tests/layers/test_layers.sh). The flags say which of the sheet's rows the
 * formula adds: a figure the option does not have is left out. */
#ifndef TCO_CORE_ROUTES_H
#define TCO_CORE_ROUTES_H

#include "tco.h"

/* The operating cost: the months' costs, months 1..H. */
double tci_route_operating_cost(const tco_option_result *r, int H);

/* The operating cost with a lease's first payment (at month 0, in its line's
 * total) when `lease`: what the option sheet's cost lines add up to. */
double tci_route_operating_paid(const tco_option_result *r, int H, int lease);

/* The cost lines' sums over the horizon, with a loan's and a lease's, and
 * with carbon_in_total the carbon cost's months 0..H. */
double tci_route_lines(const tco_option_result *r, int H);

/* paid0 and the operating cost: the cumulative cost at month H. */
double tci_route_cumulative(const tco_option_result *r, int H);

/* The cumulative cost, less the residual (less_residual), plus the commitment
 * past the horizon (with_commitment): the total. */
double tci_route_net(const tco_option_result *r, int H, int less_residual, int with_commitment);

/* The NPV from the months (tci_npv_of_months at the monthly rate rm), plus the
 * commitment's present value (with_commitment). */
double tci_route_npv(const tco_option_result *r, int less_residual, double rm, int H,
                     int with_commitment);

/* What depreciation adds up to: capex (a lease's buyout, `lease`) less the
 * book value at the end. */
double tci_route_depreciation(const tco_option_result *r, int lease);

/* The baseline b's flow against r, months 0..H: b's paid0 less r's, each
 * month's cost difference, and r's residual. */
double tci_route_flow(const tco_option_result *r, const tco_option_result *b, int H);

/* b's total less r's, without the commitments past the horizon of b (b_commit)
 * and of r (r_commit): what the flow adds up to. */
double tci_route_totals_difference(const tco_option_result *r, const tco_option_result *b,
                                   int b_commit, int r_commit);

/* The Summary's total from its lines: capex and the cost lines, the
 * commitment past the horizon (with_commitment), a lease's payments and
 * buyout less the capex it does not pay (lease), a loan's payments and
 * balance less what it lent (loan), less the residual (buy). */
double tci_route_summary_total(const tco_option_result *r, int with_commitment, int lease, int loan,
                               int buy);

/* The cost per GPU-hour times the GPU-hours; the total without GPU-hours. */
double tci_route_per_gpu_hour(const tco_option_result *r);

/* The sweep's straight line through (u1, t1) and (un, tn), at u. */
double tci_route_sweep_at(double u1, double t1, double un, double tn, double u);

/* -rate times the deductions, plus the tax on the sale (with_sale) and on the
 * commitment past the horizon (with_commitment): the tax. */
double tci_route_tax(const tco_option_result *r, double rate, double deductions, int with_sale,
                     int with_commitment);

/* The deductions of months 0..H. */
double tci_route_deductions(const tco_option_result *r, int H);

/* The total plus the tax: the total after tax. */
double tci_route_after_tax_total(const tco_option_result *r);

/* The NPV after tax from the months, plus the commitment's present value after
 * tax (with_commitment). */
double tci_route_after_tax_npv(const tco_option_result *r, double rm, int H, double rate,
                               int with_commitment);

/* The total after tax within the horizon: less the commitment past it and its
 * tax (with_commitment). */
double tci_route_after_tax_within(const tco_option_result *r, int with_commitment);

/* b's total after tax within the horizon less r's (b_commit, r_commit as
 * with_commitment): what the flow after tax adds up to. */
double tci_route_after_tax_difference(const tco_option_result *r, const tco_option_result *b,
                                      int b_commit, int r_commit);

/* The baseline b's flow after tax against r, months 0..H. */
double tci_route_after_tax_flow(const tco_option_result *r, const tco_option_result *b, int H);

/* The flow of months 0..H as the Budget counts it: paid0, less the residual
 * (less_residual), the months' costs, and the tax of months 0..H (with_tax). */
double tci_route_budget_flow(const tco_option_result *r, int H, int less_residual, int with_tax);

/* Option i's fiscal years' totals of a budget, added up. */
double tci_route_budget_years(const tco_budget *bg, size_t i);

/* Option i's statement line col over the fiscal years, added up. */
double tci_route_stmt_years(const tco_statements *st, size_t i, int col);

/* What option i's after-tax effects (pre-tax, !with_tax) add up to over the
 * horizon (MODEL.md, Statements: reconciliations): its total after tax
 * within the horizon (with_commitment: less the commitment past it and its
 * tax), plus the lease liability less the right-of-use asset at month H. */
double tci_route_stmt_horizon(const tco_option_result *r, const tco_statements *st, size_t i,
                              int with_tax, int with_commitment);

/* Plan p's fiscal years' totals of a budget (after tax with [tax]), added up. */
double tci_route_plan_budget_years(const tco_budget *bg, size_t p);

/* Plan result pr's commitments past the horizon after their tax: the
 * reserved term's months past it and the owned part's leases' payments still
 * owed at H, and commitment_tax (MODEL.md, A plan's budget); with [tax]. */
double tci_route_plan_commitments(const tco_plan_result *pr, int H);
/* Plan p's statement line col over the fiscal years, added up. */
double tci_route_plan_stmt_years(const tco_statements *st, size_t p, int col);

/* What plan p's after-tax effects (pre-tax, !with_tax) add up to over the
 * horizon (MODEL.md, A plan's statements): its total (after tax, with_tax)
 * less what falls past the horizon (the reserved term's commitment, the
 * leases' payments owed after it, and with_tax their tax), plus the lease
 * liability less the right-of-use asset at month H. */
double tci_route_plan_stmt_horizon(const tco_plan_result *r, const tco_statements *st, size_t p,
                                   int with_tax);

#endif
