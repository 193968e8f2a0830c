/* factors.h - the model's factors of a month, each in the one expression the
 * workbook's cached values show beside its formulas: a month's discount
 * factor and present value, a year's price factor, the monthly rate of an
 * annual one, the resale fraction after some months (docs/MODEL.md, Totals
 * and present value, Buy options); an option's total at a utilization, and
 * where it meets the baseline's (Break-even); and the second routes of the Checks sheet,
 * which recompute an NPV from these factors rather than read it. The writers
 * call these and compute none of it themselves (tests/layers/test_layers.sh). */
#ifndef TCO_CORE_FACTORS_H
#define TCO_CORE_FACTORS_H

#include "tco.h"

/* 1 / (1 + rm)^m: month m's discount factor at the monthly rate rm. */
double tci_discount_factor(double rm, int m);

/* v / (1 + rm)^m: the present value of v paid at month m. */
double tci_present_value(double v, double rm, int m);

/* 1 / (1 + rate)^(months / 12): the discount factor of `months` at the annual
 * rate `rate`. */
double tci_discount_factor_annual(double rate, int months);

/* (1 + rate)^((m - 1) / 12), the division a whole number's: the price factor of
 * month m (1-based) when prices change by `rate` a year. */
double tci_price_factor(double rate, int m);

/* tci_net_cost(r, m, H) * tci_discount_factor(rm, m): the present value of
 * option result r's net cost at month m (0..H), the option sheet's. */
double tci_net_cost_pv(const tco_option_result *r, int m, int H, double rm);

/* electricity_price * tci_price_factor(electricity_escalation, m), at option
 * o's site: a kWh's price in month m (docs/MODEL.md, Buy options). */
double tci_electricity_price(const tco_scenario *s, const tco_option *o, int m);

/* price_per_gpu_hour * tci_price_factor(-price_decline, m): rent option o's
 * price of a GPU-hour in month m, on demand (docs/MODEL.md, Rent options). */
double tci_gpu_hour_price(const tco_option *o, int m);

/* (1 + annual)^(1/12) - 1: the monthly rate of an annual one. */
double tci_monthly_of_annual(double annual);

/* (1 - decline)^(months / 12): what is left of a price that loses `decline`
 * of its value a year, after `months`. */
double tci_resale_fraction(double decline, int months);

/* tdp_w * (idle_power_fraction + u * (load_power_fraction - idle_power_fraction)):
 * a GPU's draw in watts at utilization u (docs/MODEL.md, Buy options). */
double tci_gpu_watts(const tco_option *o, double u);

/* (gpus * tci_gpu_watts(o, u) + servers * server_power_w) / 1000: the IT load in
 * kW of `gpus` GPUs and `servers` servers of option o at utilization u. */
double tci_it_kw(const tco_option *o, double gpus, double servers, double u);

/* (gpus * tdp_w + servers * server_power_w) / 1000: the provisioned kW of `gpus`
 * GPUs and `servers` servers of option o, every GPU at its TDP (docs/MODEL.md,
 * Buy options; what a site's power limit is checked against). */
double tci_provisioned_kw(const tco_option *o, double gpus, double servers);

/* total_at_zero_utilization + total_per_utilization * u: option result r's
 * total at utilization u, the total being a line in u (docs/MODEL.md,
 * Break-even). */
double tci_total_at_utilization(const tco_option_result *r, double u);

/* total / (count * hours_per_month * H * u): option o's cost per GPU-hour used
 * when its total at utilization u is `total` (the utilization sweep's). */
double tci_cost_per_gpu_hour_at(const tco_scenario *s, const tco_option *o, double total, double u);

/* (r's total at 0 - b's) / (b's slope - r's): the utilization, in [0,1] or
 * not, at which option result r's total line meets the baseline b's; NAN when
 * the slopes are equal. */
double tci_utilization_crossing(const tco_option_result *r, const tco_option_result *b);

/* The NPV of option result r from its months: paid0, then each month m = 1..H's
 * cost (less the residual at month H when less_residual) divided by
 * (1 + rm)^m; the commitment past the horizon not included. */
double tci_npv_of_months(const tco_option_result *r, double paid0, int less_residual, double rm,
                         int H);

/* The same of the after-tax flow (tci_net_cost_after_tax of months 0..H). */
double tci_npv_after_tax_of_months(const tco_option_result *r, double rm, int H);

#endif
