/* leasebuy.c - lease against buy (docs/MODEL.md, "Lease against buy"): a
 * leased option's bought twin, the lease's implied rate and the net advantage
 * to leasing at the after-tax cost of debt. compute.c calls it once every
 * option's figures are known; the loader asks it whether `compare_to` names a
 * twin. */
#include "core/core.h"
#include "core/finance.h"

#include <math.h>
#include <string.h>

/* 1 when both GPU names are unset or equal. */
static int same_gpu(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

/* See core.h. */
int tci_lease_twin_ok(const tco_option *lease, const tco_option *o)
{
    return o != lease && o->acquire == TCO_BUY && o->financing != TCO_FIN_LEASE &&
           o->count == lease->count && same_gpu(o->gpu, lease->gpu);
}

/* See core.h. */
int tci_lease_twin(const tco_scenario *s, size_t i)
{
    const tco_option *l = &s->options[i];
    if (l->acquire != TCO_BUY || l->financing != TCO_FIN_LEASE)
        return -1;
    if (l->compare_to) {
        int k = tco_scenario_find(s, l->compare_to);
        return k >= 0 && tci_lease_twin_ok(l, &s->options[k]) ? k : -1;
    }
    int first = -1;
    for (size_t k = 0; k < s->n_options; k++) {
        if (!tci_lease_twin_ok(l, &s->options[k]))
            continue;
        if (s->options[k].financing == TCO_FIN_LOAN)
            return (int)k;
        if (first < 0)
            first = (int)k;
    }
    return first;
}

/* The implied monthly rate of lease l (result r) against the price C: the
 * IRR of C - P at month 0, -P in months 1..n-1 and -E at month n. */
static double implied_monthly(const tco_option *l, const tco_option_result *r, double C)
{
    const int n = l->lease_months;
    double E = l->lease_end == TCO_LEASE_BUYOUT
                   ? l->buyout_fraction * r->capex
                   : (r->capex_gpu + r->capex_infra) * tci_residual_fraction(l, n);
    double flows[TCI_IRR_MAX_FLOWS];
    if (n < 1 || (size_t)n + 1 > TCI_IRR_MAX_FLOWS)
        return NAN;
    flows[0] = C - r->lease_payment;
    for (int k = 1; k < n; k++)
        flows[k] = -r->lease_payment;
    flows[n] = -E;
    double i = NAN;
    if (tci_irr(flows, (size_t)n + 1, &i, NULL) != 0)
        return NAN;
    return i;
}

/* The hardware's flow of month m (0..H) of option result r at tax rate t:
 * for a bought option its price at month 0; for a lease its payments after
 * tax and its buyout; the depreciation's tax saving; the residual after the
 * tax on the sale at month H. */
static double hardware_flow(const tco_option_result *r, int leased, double t, int taxed, int m,
                            int H)
{
    double f;
    if (m == 0)
        return leased ? (1 - t) * r->lease_payment : r->capex;
    const tco_month *mo = &r->monthly[m - 1];
    f = leased ? (1 - t) * mo->lease_payment + mo->lease_buyout : 0;
    if (taxed)
        f -= t * mo->tax_depreciation;
    if (m == H)
        f += -r->residual + (taxed ? r->tax_on_sale : 0);
    return f;
}

/* See core.h. */
void tci_lease_vs_buy(const tco_scenario *s, tco_result *res)
{
    const int H = s->horizon_months;
    const int taxed = s->tax != 0;
    const double t = taxed ? s->tax_rate : 0;
    for (size_t i = 0; i < res->n_options; i++) {
        tco_option_result *r = &res->options[i];
        r->compare_to = tci_lease_twin(s, i);
        r->implied_rate = r->nal_rate = r->nal = NAN;
        r->lease_vs_buy0 = 0;
        for (int m = 1; m <= H; m++)
            r->monthly[m - 1].lease_vs_buy = 0;
        const tco_option *l = &s->options[i];
        if (r->compare_to < 0 || l->lease_months > H)
            continue;
        const tco_option *tw = &s->options[r->compare_to];
        const tco_option_result *b = &res->options[r->compare_to];
        r->implied_rate = tci_rate_annual(implied_monthly(l, r, b->capex));
        for (int m = 0; m <= H; m++) {
            double d = hardware_flow(b, 0, t, taxed, m, H) - hardware_flow(r, 1, t, taxed, m, H);
            *(m == 0 ? &r->lease_vs_buy0 : &r->monthly[m - 1].lease_vs_buy) = d;
        }
        double rd = l->src[TCO_O_LEASE_DISCOUNT_RATE] ? l->lease_discount_rate
                    : tw->financing == TCO_FIN_LOAN   ? tw->loan_rate
                                                      : NAN;
        if (isnan(rd))
            continue;
        const double j = rd * (1 - t) / 12;
        double nal = r->lease_vs_buy0, v = 1;
        for (int m = 1; m <= H; m++) {
            v /= 1 + j;
            nal += r->monthly[m - 1].lease_vs_buy * v;
        }
        r->nal_rate = j * 12;
        r->nal = nal;
    }
}
