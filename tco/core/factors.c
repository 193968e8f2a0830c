/* factors.c - a month's factors, the total's line in the utilization, the
 * NPVs worked out from them (factors.h), and an option's availability and
 * residual fraction (core.h). */
#include "core/factors.h"
#include "core/core.h"

#include <math.h>

/* See factors.h. */
double tci_discount_factor(double rm, int m)
{
    return 1 / pow(1 + rm, m);
}

/* See factors.h. */
double tci_present_value(double v, double rm, int m)
{
    return v / pow(1 + rm, m);
}

/* See factors.h. */
double tci_discount_factor_annual(double rate, int months)
{
    return 1 / pow(1 + rate, months / 12.0);
}

/* See factors.h. */
double tci_price_factor(double rate, int m)
{
    return pow(1 + rate, (m - 1) / 12);
}

/* See factors.h. */
double tci_net_cost_pv(const tco_option_result *r, int m, int H, double rm)
{
    return tci_net_cost(r, m, H) * tci_discount_factor(rm, m);
}

/* See factors.h. */
double tci_electricity_price(const tco_scenario *s, const tco_option *o, int m)
{
    return tco_site_value(s, o, TCO_S_ELECTRICITY_PRICE) *
           tci_price_factor(tco_site_value(s, o, TCO_S_ELECTRICITY_ESCALATION), m);
}

/* See factors.h. */
double tci_gpu_hour_price(const tco_option *o, int m)
{
    return o->price_per_gpu_hour * tci_price_factor(-o->price_decline, m);
}

/* See factors.h. */
double tci_monthly_of_annual(double annual)
{
    return pow(1 + annual, 1.0 / 12) - 1;
}

/* See factors.h. */
double tci_resale_fraction(double decline, int months)
{
    return pow(1 - decline, months / 12.0);
}

/* See factors.h. */
double tci_npv_of_months(const tco_option_result *r, double paid0, int less_residual, double rm,
                         int H)
{
    double npv = paid0;
    for (int m = 1; m <= H; m++)
        npv += tci_present_value(
            r->monthly[m - 1].cost - (m == H && less_residual ? r->residual : 0), rm, m);
    return npv;
}

/* See factors.h. */
double tci_npv_after_tax_of_months(const tco_option_result *r, double rm, int H)
{
    double npv = tci_net_cost_after_tax(r, 0, H);
    for (int m = 1; m <= H; m++)
        npv += tci_present_value(tci_net_cost_after_tax(r, m, H), rm, m);
    return npv;
}

/* See factors.h. */
double tci_total_at_utilization(const tco_option_result *r, double u)
{
    return r->total_at_zero_utilization + r->total_per_utilization * u;
}

/* See factors.h. */
double tci_utilization_crossing(const tco_option_result *r, const tco_option_result *b)
{
    double den = b->total_per_utilization - r->total_per_utilization;
    return den == 0 ? NAN : (r->total_at_zero_utilization - b->total_at_zero_utilization) / den;
}

/* See factors.h. */
double tci_cost_per_gpu_hour_at(const tco_scenario *s, const tco_option *o, double total, double u)
{
    return total / (o->count * s->hours_per_month * s->horizon_months * u);
}

/* See factors.h. */
double tci_gpu_watts(const tco_option *o, double u)
{
    return o->tdp_w *
           (o->idle_power_fraction + u * (o->load_power_fraction - o->idle_power_fraction));
}

/* See factors.h. */
double tci_it_kw(const tco_option *o, double gpus, double servers, double u)
{
    return (gpus * tci_gpu_watts(o, u) + servers * o->server_power_w) / 1000;
}

/* See factors.h. */
double tci_provisioned_kw(const tco_option *o, double gpus, double servers)
{
    return (gpus * o->tdp_w + servers * o->server_power_w) / 1000;
}

/* See core.h. */
double tci_availability(const tco_option *o)
{
    return fmax(0.01, o->availability - o->failure_rate * o->repair_days / 365);
}

/* See core.h. */
double tci_residual_fraction(const tco_option *o, int months)
{
    if (o->src[TCO_O_RESALE_DECLINE])
        return tci_resale_fraction(o->resale_decline, months);
    return o->resale_fraction;
}
