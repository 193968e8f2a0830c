/* plan.c - demand and capacity plans (docs/MODEL.md, Demand and Plans): the
 * serving order month by month and each part's costs from the option model.
 * No I/O. */
#include "core/core.h"
#include "core/factors.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Month 1's demand of d in reference GPU-hours before growth and seasonality:
 * gpu_hours_per_month, or tokens_per_month over the reference's tokens an hour
 * (MODEL.md, Demand in tokens). */
static double demand_first(const tco_scenario *s, const tco_demand *d)
{
    if (!(d->tokens_per_month > 0))
        return d->gpu_hours_per_month;
    const double g = tci_api_tokens_per_ref_hour(s);
    return g > 0 ? d->tokens_per_month / g : 0;
}

/* See documentation in header file. */
double tco_demand_at(const tco_scenario *s, int m)
{
    const tco_demand *d = s ? s->demand : NULL;
    if (!d || m < 1 || m > s->horizon_months)
        return 0;
    if (d->n_values > 0)
        return (size_t)m <= d->n_values ? d->values[m - 1] : 0;
    return demand_first(s, d) * pow(1 + d->growth, (m - 1) / 12.0) * d->season[(m - 1) % 12];
}

/* The GPUs of a part: the plan's count, else the option's own. */
static int part_count(const tco_scenario *s, int i, int count)
{
    return i < 0 ? 0 : count >= 0 ? count : s->options[i].count;
}

/* A working copy of option i with `count` GPUs; the overflow's hourly price
 * alone (count 1, no storage, egress or upfront). */
static tco_option part_option(const tco_scenario *s, int i, int count, int hourly)
{
    tco_option o = s->options[i];
    o.count = count;
    if (hourly) {
        o.count = 1;
        o.storage_per_month = o.egress_tb_per_month = o.egress_per_tb = o.upfront = 0;
    }
    return o;
}

/* One purchase of the owned part (MODEL.md, Staged purchases and Refresh):
 * `count` GPUs of option i bought at model month t and held to month e (sold
 * then at their residual value of age e - t), `serving` of them in service,
 * the others spares priced with them (one option of `count` GPUs: its servers,
 * install and staff once). */
typedef struct batch {
    int i, count, t, e, serving;
} batch;

/* The most purchases of a plan: the staged ones, the spares, and the refresh
 * with its spares. */
#define MAX_BATCHES (TCO_MAX_BUYS + 3)

/* The owned part's purchases of plan p with a refresh at month R (0: none)
 * of `count` GPUs into b; returns their number. */
static int own_batches(const tco_scenario *s, const tco_plan *p, int own_count, int R, int count,
                       batch *b)
{
    const int H = s->horizon_months, e = R > 0 ? R : H;
    int n = 0;
    if (p->own_i < 0)
        return 0;
    if (p->n_buys > 0) {
        /* A purchase at or after the end (a case's shorter horizon): none. */
        for (size_t j = 0; j < p->n_buys && p->buy_month[j] < e; j++)
            b[n++] = (batch){p->own_i, p->buy_count[j], p->buy_month[j], e, p->buy_count[j]};
    } else if (own_count > 0) {
        b[n++] = (batch){p->own_i, own_count, 0, e, own_count};
    }
    /* The spares are bought with the first purchase, as part of it. */
    int first = p->n_buys > 0 ? p->buy_month[0] : 0;
    if (p->spares > 0 && first < e) {
        if (n > 0)
            b[0].count += p->spares;
        else
            b[n++] = (batch){p->own_i, p->spares, first, e, 0};
    }
    if (R > 0 && count + p->spares > 0)
        b[n++] = (batch){p->refresh_i, count + p->spares, R, H, count};
    return n;
}

/* Batch b's option alone over its months (sb: the scenario cut to them, o:
 * the option at the batch's count), at utilization 0 into m0 and 1 into m1:
 * its paid_0, and its total and NPV at 0. Returns 1 when it is sold before
 * the horizon. */
static int batch_months(const tco_scenario *s, const batch *b, tco_scenario *sb, tco_option *o,
                        tco_month *m0, tco_month *m1, double *paid0, double *t0, double *npv0)
{
    *sb = *s;
    sb->horizon_months = b->e - b->t;
    *o = part_option(s, b->i, b->count, 0);
    double p1, t1, npv1;
    const int sold = b->e < s->horizon_months;
    tci_option_months_at(sb, o, 0, b->t, sold, m0, paid0, t0, npv0);
    tci_option_months_at(sb, o, 1, b->t, sold, m1, &p1, &t1, &npv1);
    return sold;
}

/* What is left of a part's tax `all` once its months' are taken out: its
 * commitment's. 0 when within the last bits of `all` (a difference of sums
 * of the same terms, 5.7e-14 where there is none). */
static double tax_rest(double rest, double all)
{
    return fabs(rest) <= 1e-12 * fmax(1, fabs(all)) ? 0 : rest;
}

/* Option o's basis as a plan purchase by tax year: in *basis its capex, and
 * 1 when it is bought in cash or on a loan with a MACRS tax method (MODEL.md,
 * Tax depreciation by tax year); else 0. */
static int tax_basis(const tco_scenario *s, const tco_option *o, double *basis)
{
    int method = s->tax_depreciation >= 0 ? s->tax_depreciation : (int)o->depreciation;
    tco_plan_purchase q = {0};
    tci_part_figures(s, o, &q);
    *basis = q.capex;
    return o->acquire == TCO_BUY && o->financing != TCO_FIN_LEASE &&
           (method == TCO_DEP_MACRS5 || method == TCO_DEP_MACRS7);
}

/* Each of the nb batches b' share of its tax year into sh (MODEL.md, Tax
 * depreciation by tax year): those bought in cash or on a loan with a MACRS
 * tax method are placed in service in their month. */
static void batch_shares(const tco_scenario *s, const batch *b, int nb, tci_tax_share *sh)
{
    for (int j = 0; j < nb; j++) {
        tco_option o = part_option(s, b[j].i, b[j].count, 0);
        sh[j] = (tci_tax_share){.t0 = b[j].t};
        sh[j].by_year = tax_basis(s, &o, &sh[j].basis);
    }
    tci_tax_shares(s, sh, nb);
}

/* Batch b's lines at u = 0 and u = 1, mixed by the pool's u(m), into the
 * owned part: its paid_0 at month t, its sale at month e < H; with [tax] its
 * share of its tax year, sh. */
static void batch_cost(const tco_scenario *s, const batch *b, tco_plan_result *r, tco_month *m0,
                       tco_month *m1, double rm, const tci_tax_share *sh)
{
    tco_scenario sb;
    tco_option o;
    double paid0, t0, npv0, discount = 1;
    const int sold = batch_months(s, b, &sb, &o, m0, m1, &paid0, &t0, &npv0);
    for (int m = 0; m < b->t; m++)
        discount /= 1 + rm;
    if (b->t == 0)
        r->paid0 += paid0;
    else
        r->monthly[b->t - 1].own_cost += paid0;
    r->own_total += t0;
    r->own_npv += npv0 * discount;
    double sale = paid0 - t0; /* the residual, less any commitment */
    for (int j = 1; j <= sb.horizon_months; j++) {
        tco_plan_month *pm = &r->monthly[b->t + j - 1];
        discount /= 1 + rm;
        double extra = pm->own_utilization * (m1[j - 1].cost - m0[j - 1].cost);
        pm->own_cost += m0[j - 1].cost + extra;
        sale += m0[j - 1].cost;
        r->own_total += extra;
        r->own_npv += extra * discount;
    }
    if (sold)
        r->monthly[b->e - 1].own_cost -= sale;
    if (!s->tax)
        return;
    /* The tax is linear in u as the lines it deducts are (MODEL.md, Plans
     * after tax): its lines at u = 0, and u(m) times those at 1 less 0. */
    double tax0, tax_npv0, tax1, tax_npv1, first;
    tci_option_tax_share_at(&sb, &o, 0, b->t, sold, m0, &tax0, &tax_npv0, &first, sh);
    tci_option_tax_share_at(&sb, &o, 1, b->t, sold, m1, &tax1, &tax_npv1, NULL, sh);
    discount = 1;
    for (int m = 0; m < b->t; m++)
        discount /= 1 + rm;
    r->after_tax_total += tax0;
    r->after_tax_npv += tax_npv0 * discount;
    /* Each month's tax (MODEL.md, A plan's budget): its tax_0 at its month,
     * then its months'; what is left of tax0 is the commitment's, at its sale
     * or past the horizon. */
    *(b->t == 0 ? &r->tax0 : &r->monthly[b->t - 1].tax) += first;
    *(b->t == 0 ? &r->own_tax0 : &r->monthly[b->t - 1].own_tax) += first;
    double rest = tax0 - first;
    for (int j = 1; j <= sb.horizon_months; j++) {
        discount /= 1 + rm;
        tco_plan_month *pm = &r->monthly[b->t + j - 1];
        double extra = pm->own_utilization * (m1[j - 1].tax - m0[j - 1].tax);
        r->after_tax_total += extra;
        r->after_tax_npv += extra * discount;
        pm->tax += m0[j - 1].tax + extra;
        pm->own_tax += m0[j - 1].tax + extra;
        rest -= m0[j - 1].tax;
    }
    /* The tax on its sale, in its last month's (MODEL.md, Taxes: month H's). */
    r->monthly[b->e - 1].own_sale_tax +=
        m0[sb.horizon_months - 1].tax + s->tax_rate * m0[sb.horizon_months - 1].deductible;
    rest = tax_rest(rest, tax0);
    if (sold) { /* what it still owed was paid at its sale, and deducted then */
        r->monthly[b->e - 1].tax += rest;
        r->monthly[b->e - 1].own_tax += rest;
    } else {
        r->commitment_tax += rest;
        r->own_commitment_tax += rest;
    }
}

/* What a plan's evaluation takes from its options whatever the month of its
 * refresh: its months' demand, the reserved part's costs and the overflow
 * option's hourly prices, computed once (fixed_parts_of) for every month the
 * search tries. */
typedef struct fixed_parts {
    double demand[TCO_MAX_HORIZON]; /* tco_demand_at(s, m) at m - 1 */
    double reserve_paid0, reserve_total, reserve_npv, reserve_tax, reserve_tax_npv;
    double reserve_cost[TCO_MAX_HORIZON];
    double reserve_tax0, reserve_tax_m[TCO_MAX_HORIZON]; /* its tax_0, each month's tax */
    double hourly[TCO_MAX_HORIZON]; /* the overflow's price of one GPU-hour in month m + 1 */
    double co2_hourly;              /* with carbon_in_total: the carbon cost of one of its
                                       GPU-hours (MODEL.md, A plan's carbon cost in its
                                       total); else 0 */
} fixed_parts;

/* Plan p's fixed parts at `reserve_count` reserved GPUs into f; mo: H months
 * of scratch. The reserved part, the option as it computes itself with every
 * hour paid; the overflow's hourly price, that of its option at one GPU (no
 * storage, egress or upfront). */
static void fixed_parts_of(const tco_scenario *s, const tco_plan *p, int reserve_count,
                           tco_month *mo, fixed_parts *f)
{
    const int H = s->horizon_months;
    f->co2_hourly = 0;
    for (int m = 1; m <= H; m++)
        f->demand[m - 1] = tco_demand_at(s, m);
    if (p->reserve_i >= 0 && reserve_count > 0) {
        tco_option o = part_option(s, p->reserve_i, reserve_count, 0);
        tci_option_months(s, &o, 1, mo, &f->reserve_paid0, &f->reserve_total, &f->reserve_npv);
        for (int m = 0; m < H; m++)
            f->reserve_cost[m] = mo[m].cost;
        if (s->tax) {
            tci_option_tax_at(s, &o, 1, 0, 0, mo, &f->reserve_tax, &f->reserve_tax_npv,
                              &f->reserve_tax0);
            for (int m = 0; m < H; m++)
                f->reserve_tax_m[m] = mo[m].tax;
        }
    }
    if (p->overflow_i >= 0 && s->options[p->overflow_i].acquire == TCO_API) {
        /* An API: the tokens of a reference GPU-hour at its prices. */
        const tco_option *api = &s->options[p->overflow_i];
        for (int m = 0; m < H; m++)
            f->hourly[m] = tci_api_ref_hour_price(s, api, m + 1);
        /* With the flag, a reference GPU-hour's tokens' emissions at the carbon price. */
        if (s->carbon_in_total && api->src[TCO_O_KGCO2E_PER_MILLION_TOKENS])
            f->co2_hourly = tci_api_tokens_per_ref_hour(s) / 1e6 * api->kgco2e_per_million_tokens /
                            1000 * s->carbon_price;
    } else if (p->overflow_i >= 0) {
        tco_option o = part_option(s, p->overflow_i, 1, 1);
        double paid0, total, npv;
        tci_option_months(s, &o, 1, mo, &paid0, &total, &npv);
        for (int m = 0; m < H; m++)
            f->hourly[m] = mo[m].rental / s->hours_per_month;
        /* One GPU's month of hours on demand, every hour used (0 without the flag). */
        f->co2_hourly = tci_carbon_cost_month(s, &o, 0, 0, 1, 1) / s->hours_per_month;
    }
}

/* The reserved part, from f. */
static void reserve_part(const tco_scenario *s, tco_plan_result *r, const fixed_parts *f)
{
    r->reserve_total = f->reserve_total;
    r->reserve_npv = f->reserve_npv;
    r->paid0 += f->reserve_paid0;
    r->reserve_paid0 = f->reserve_paid0;
    for (int m = 0; m < s->horizon_months; m++)
        r->monthly[m].reserve_cost = f->reserve_cost[m];
    if (s->tax) {
        r->after_tax_total += f->reserve_tax;
        r->after_tax_npv += f->reserve_tax_npv;
        double rest = f->reserve_tax - f->reserve_tax0;
        r->tax0 += f->reserve_tax0;
        r->reserve_tax0 = f->reserve_tax0;
        for (int m = 0; m < s->horizon_months; m++) {
            r->monthly[m].tax += f->reserve_tax_m[m];
            r->monthly[m].reserve_tax = f->reserve_tax_m[m];
            rest -= f->reserve_tax_m[m];
        }
        r->reserve_commitment_tax = tax_rest(rest, f->reserve_tax); /* past the horizon */
        r->commitment_tax += r->reserve_commitment_tax;
    }
}

/* The overflow part: the hours served at the month's hourly price (f). */
static void overflow_part(const tco_scenario *s, tco_plan_result *r, double rm,
                          const fixed_parts *f)
{
    double discount = 1;
    for (int m = 0; m < s->horizon_months; m++) {
        tco_plan_month *pm = &r->monthly[m];
        discount /= 1 + rm;
        pm->overflow_cost = pm->overflow_hours * f->hourly[m];
        if (f->co2_hourly > 0) { /* MODEL.md, A plan's carbon cost in its total */
            pm->overflow_carbon = pm->overflow_hours * f->co2_hourly;
            pm->overflow_cost = pm->overflow_cost + pm->overflow_carbon;
        }
        if (s->tax) {
            pm->overflow_tax = -s->tax_rate * pm->overflow_cost;
            pm->tax += pm->overflow_tax;
        }
        r->overflow_total += pm->overflow_cost;
        r->overflow_npv += pm->overflow_cost * discount;
    }
    if (s->tax) { /* hours rented: deducted as they are paid */
        r->after_tax_total += -s->tax_rate * r->overflow_total;
        r->after_tax_npv += -s->tax_rate * r->overflow_npv;
    }
}

/* The serving order of one month: owned, then reserved, then overflow. The
 * owned GPUs in service are one pool of one option (the refresh's after
 * month R), spares among them serving nothing. */
static void serve(const tco_scenario *s, const tco_plan *p, tco_plan_result *r, int m,
                  const double *demand, const batch *b, int nb)
{
    const double T = s->hours_per_month;
    tco_plan_month *pm = &r->monthly[m - 1];
    double left = pm->demand = demand[m - 1];
    int serving = 0, all = 0, pool = p->own_i;
    for (int j = 0; j < nb; j++)
        if (b[j].t < m && m <= b[j].e) {
            serving += b[j].serving;
            all += b[j].count;
            pool = b[j].i;
        }
    pm->own_gpus = serving;
    if (serving > 0) {
        const tco_option *o = &s->options[pool];
        double k = tci_per_hour(s, pool);
        pm->own_capacity = serving * T * k * tci_availability(o);
        double served = fmin(left, pm->own_capacity);
        pm->own_hours = served / k;
        pm->own_utilization = pm->own_hours / (all * T);
        left -= served;
    }
    if (p->reserve_i >= 0 && r->reserve_count > 0) {
        const tco_option *o = &s->options[p->reserve_i];
        double k = tci_per_hour(s, p->reserve_i);
        double served = fmin(left, r->reserve_count * T * k * tci_availability(o));
        pm->reserve_hours = served / k;
        left -= served;
    }
    if (p->overflow_i >= 0)
        pm->overflow_hours =
            left / (tci_per_hour(s, p->overflow_i) * tci_availability(&s->options[p->overflow_i]));
    else
        pm->unserved = left;
}

/* The site's power limit (MODEL.md, A plan at a site with a power limit):
 * each month's provisioned kW of the owned GPUs in service (the batches
 * bought before it and sold in it or after, spares included; one option's at
 * a time, so one site's) against its site's limit; the peak and the first
 * month over the limit. */
static void site_power(const tco_scenario *s, const tco_plan *p, tco_plan_result *r, const batch *b,
                       int nb)
{
    r->fits_power = 1;
    r->power_cap_kw = NAN;
    for (int m = 1; m <= s->horizon_months; m++) {
        tco_plan_month *pm = &r->monthly[m - 1];
        double kw = 0;
        /* The site: the refresh's option's after its month (with or without
         * GPUs), else the owned option's. */
        int pool = r->refresh_month > 0 && p->refresh_i >= 0 && m > r->refresh_month ? p->refresh_i
                                                                                     : p->own_i;
        for (int j = 0; j < nb; j++)
            if (b[j].t < m && m <= b[j].e && b[j].count > 0) {
                const tco_option *o = &s->options[b[j].i];
                double servers = (b[j].count + o->gpus_per_server - 1) / o->gpus_per_server;
                kw += tci_provisioned_kw(o, b[j].count, servers);
                pool = b[j].i;
            }
        double cap = pool >= 0 ? tci_power_cap_kw(s, &s->options[pool]) : 0;
        pm->own_kw = kw;
        pm->power_cap_kw = cap > 0 ? cap : NAN;
        if (kw > r->peak_kw) {
            r->peak_kw = kw;
            r->peak_month = m;
            r->power_cap_kw = pm->power_cap_kw;
        }
        if (cap > 0 && kw > cap && r->fits_power) {
            r->fits_power = 0;
            r->over_month = m;
            r->over_kw = kw;
            r->over_cap_kw = cap;
        }
    }
    if (r->peak_month == 0 && p->own_i >= 0) { /* no owned GPU in service: its site's */
        double cap = tci_power_cap_kw(s, &s->options[p->own_i]);
        r->power_cap_kw = cap > 0 ? cap : NAN;
    }
}

/* The API overflow's rate limit (MODEL.md, An API as a plan's overflow):
 * each month's overflow tokens a minute, its reference GPU-hours (k = 1) at g
 * tokens each over the month's T * 60 minutes, against the API's
 * max_tokens_per_minute; the first month over it. */
static void api_rate(const tco_scenario *s, const tco_plan *p, tco_plan_result *r)
{
    r->rate_limit_tpm = NAN;
    r->api_tokens_per_hour = tci_api_tokens_per_ref_hour(s);
    if (p->overflow_i < 0 || s->options[p->overflow_i].acquire != TCO_API)
        return;
    const double limit = s->options[p->overflow_i].max_tokens_per_minute;
    const double minutes = s->hours_per_month * 60;
    if (limit > 0)
        r->rate_limit_tpm = limit;
    for (int m = 1; m <= s->horizon_months; m++) {
        tco_plan_month *pm = &r->monthly[m - 1];
        /* The month's tokens over its minutes, as tokens_over(m) and the plan
         * sheet have them. */
        pm->overflow_tokens_per_minute = pm->overflow_hours * r->api_tokens_per_hour / minutes;
        if (limit > 0 && pm->overflow_tokens_per_minute > limit && !r->over_rate_month) {
            r->over_rate_month = m;
            r->over_rate_tpm = pm->overflow_tokens_per_minute;
        }
    }
}

/* See documentation in header file. */
int tco_plan_feasible(const tco_plan_result *pr)
{
    return pr && !(pr->unserved > 0) && pr->fits_power && !pr->over_rate_month;
}

/* See documentation in header file. */
const char *tco_plan_rate_text(const tco_plan_result *pr, char *buf, size_t size)
{
    if (!pr || !pr->over_rate_month || !buf || size == 0)
        return NULL;
    char need[TCO_NUMTEXT_MAX], limit[TCO_NUMTEXT_MAX];
    int d = 0; /* whole tokens, unless they would read as the limit itself */
    if (!(round(pr->over_rate_tpm) > round(pr->rate_limit_tpm)))
        d = 2;
    snprintf(buf, size,
             "over the API's rate limit: needs %s tokens a minute in month %d, the API "
             "allows %s",
             tco_group_thousands(need, sizeof need, pr->over_rate_tpm, d), pr->over_rate_month,
             tco_group_thousands(limit, sizeof limit, pr->rate_limit_tpm, d));
    return buf;
}

/* See documentation in header file. */
const char *tco_plan_power_text(const tco_plan_result *pr, char *buf, size_t size)
{
    if (!pr || pr->fits_power || !buf || size == 0)
        return NULL;
    snprintf(buf, size, "needs %g kW in month %d, the site has %g", pr->over_kw, pr->over_month,
             pr->over_cap_kw);
    return buf;
}

/* Plan p with a refresh at month R (0: none); f: its parts that R does not
 * change, for the same plan and counts. */
static void eval_at(const tco_scenario *s, const tco_plan *p, int own_count, int reserve_count,
                    int R, const fixed_parts *f, tco_month *scratch, tco_plan_result *r)
{
    const int H = s->horizon_months;
    tco_plan_month *monthly = r->monthly;
    memset(monthly, 0, (size_t)H * sizeof *monthly);
    memset(r, 0, sizeof *r);
    r->monthly = monthly;
    r->plan = p;
    if (p->own_i >= 0) {
        r->own_count = own_count;
        if (p->n_buys > 0)
            for (size_t j = r->own_count = 0; j < p->n_buys; j++)
                r->own_count += p->buy_count[j];
    }
    if (R > 0)
        r->refresh_count = p->refresh_count >= 0 ? p->refresh_count : r->own_count;
    batch b[MAX_BATCHES];
    int nb = own_batches(s, p, own_count, R, r->refresh_count, b);
    r->spares = p->own_i >= 0 ? p->spares : 0;
    r->refresh_month = R;
    r->reserve_count = p->reserve_i >= 0 ? reserve_count : 0;
    /* With [tax], the parts add their tax here; total and npv come last. */
    r->after_tax_total = r->after_tax_npv = s->tax ? 0 : NAN;
    const double rm = tci_monthly_rate(s);
    tco_month *m0 = scratch, *m1 = scratch + H;
    for (int m = 1; m <= H; m++)
        serve(s, p, r, m, f->demand, b, nb);
    site_power(s, p, r, b, nb);
    api_rate(s, p, r);
    /* A part of 0 GPUs costs nothing, not even its option's fixed lines. */
    tci_tax_share sh[MAX_BATCHES];
    if (s->tax)
        batch_shares(s, b, nb, sh);
    for (int j = 0; j < nb; j++)
        batch_cost(s, &b[j], r, m0, m1, rm, &sh[j]);
    if (p->reserve_i >= 0 && r->reserve_count > 0)
        reserve_part(s, r, f);
    if (p->overflow_i >= 0)
        overflow_part(s, r, rm, f);
    r->total = r->own_total + r->reserve_total + r->overflow_total;
    r->npv = r->own_npv + r->reserve_npv + r->overflow_npv;
    r->after_tax_total = r->total + r->after_tax_total;
    r->after_tax_npv = r->npv + r->after_tax_npv;
    for (int m = 0; m < H; m++) {
        tco_plan_month *pm = &r->monthly[m];
        pm->cost = pm->own_cost + pm->reserve_cost + pm->overflow_cost;
        r->demand += pm->demand;
        r->unserved += pm->unserved;
        r->own_hours += pm->own_hours;
        r->reserve_hours += pm->reserve_hours;
        r->overflow_hours += pm->overflow_hours;
    }
}

/* 1 when result a is better than result b: a feasible one (serving all demand
 * within the site's power limit and the API's rate limit) before one that is
 * not, then the lower total. */
static int better(const tco_plan_result *a, const tco_plan_result *b)
{
    int ua = !tco_plan_feasible(a), ub = !tco_plan_feasible(b);
    return ua != ub ? ua < ub : a->total < b->total;
}

/* See core.h. */
int tci_plan_evaluations(const tco_scenario *s, const tco_plan *p)
{
    if (p->refresh_i < 0 || p->own_i < 0 || p->refresh_month != TCO_REFRESH_AUTO)
        return 1;
    int first = p->n_buys > 0 ? p->buy_month[p->n_buys - 1] + 1 : 1;
    int months = s->horizon_months - first;
    return 2 + (months > 0 ? months : 0);
}

/* See core.h. */
void tci_plan_eval(const tco_scenario *s, const tco_plan *p, int own_count, int reserve_count,
                   tco_month *scratch, tco_plan_result *r)
{
    fixed_parts f;
    fixed_parts_of(s, p, reserve_count, scratch, &f);
    if (p->refresh_i < 0 || p->own_i < 0) {
        eval_at(s, p, own_count, reserve_count, 0, &f, scratch, r);
        return;
    }
    if (p->refresh_month != TCO_REFRESH_AUTO) {
        /* A refresh at or after the end (a case's shorter horizon): none. */
        int R = p->refresh_month < s->horizon_months ? p->refresh_month : 0;
        eval_at(s, p, own_count, reserve_count, R, &f, scratch, r);
        return;
    }
    /* auto: no refresh, then every month after the last purchase; the best
     * (ties: the earliest, no refresh first), computed again in full. */
    const int H = s->horizon_months;
    int first = p->n_buys > 0 ? p->buy_month[p->n_buys - 1] + 1 : 1, best = 0;
    eval_at(s, p, own_count, reserve_count, 0, &f, scratch, r);
    tco_plan_result keep = *r;
    for (int R = first; R < H; R++) {
        eval_at(s, p, own_count, reserve_count, R, &f, scratch, r);
        if (better(r, &keep)) {
            keep = *r;
            best = R;
        }
    }
    eval_at(s, p, own_count, reserve_count, best, &f, scratch, r);
}

/* Purchase q's figures, of option o over its months (sb: the scenario cut to
 * them; its lines filled): those of its option at its count, its loan's
 * balance and its lease's buyout from its months, and the lease's payments
 * still to come at its sale (MODEL.md, Refresh; Financing with a lease). */
static void purchase_figures(const tco_scenario *s, const tco_scenario *sb, const tco_option *o,
                             tco_plan_purchase *q)
{
    const int months = q->sold - q->month, H = s->horizon_months;
    tci_part_figures(sb, o, q);
    for (int m = 0; m < months; m++) {
        q->loan_balance += q->lines[0][m].loan_balance;
        q->lease_buyout += q->lines[0][m].lease_buyout;
    }
    if (o->financing != TCO_FIN_LEASE || o->lease_months <= months)
        return;
    q->lease_owed = (o->lease_months - months) * q->lease_payment;
    if (q->sold < H)
        return;
    const double rm = tci_monthly_rate(s);
    for (int m = H; m < q->month + o->lease_months; m++)
        q->lease_owed_npv += tci_present_value(q->lease_payment, rm, m);
}

/* The purchases of plan p's result r (own_count: as tci_plan_eval had it),
 * each priced as batch_cost prices it, into r->purchases; 0 when out of
 * memory. */
static int keep_purchases(const tco_scenario *s, const tco_plan *p, int own_count,
                          tco_plan_result *r)
{
    const int H = s->horizon_months, R = r->refresh_month;
    if (p->own_i < 0)
        return 1;
    size_t n = (p->n_buys > 0 ? p->n_buys : 1) + (p->refresh_i >= 0);
    r->purchases = calloc(n, sizeof *r->purchases);
    if (!r->purchases)
        return 0;
    r->n_purchases = n;
    /* Every purchase's months and resale fraction, bought or not (a purchase
     * at or after the end, a refresh that auto leaves out: none bought). */
    for (size_t j = 0; j < n; j++) {
        tco_plan_purchase *q = &r->purchases[j];
        int refresh = p->refresh_i >= 0 && j == n - 1;
        q->month = refresh ? R : p->n_buys > 0 ? p->buy_month[j] : 0;
        q->sold = refresh || R == 0 ? H : R;
        q->residual_fraction = tci_residual_fraction(&s->options[refresh ? p->refresh_i : p->own_i],
                                                     q->sold - q->month);
        if (s->tax) { /* MODEL.md, Tax depreciation by tax year */
            double basis;
            q->tax_by_year = tax_basis(s, &s->options[refresh ? p->refresh_i : p->own_i], &basis);
            q->tax_quarter = tci_tax_quarter(s, q->month);
        }
    }
    batch b[MAX_BATCHES];
    int nb = own_batches(s, p, own_count, R, r->refresh_count, b);
    tci_tax_share sh[MAX_BATCHES];
    if (s->tax)
        batch_shares(s, b, nb, sh);
    for (int j = 0; j < nb; j++) {
        /* The refresh is the one batch kept to H after a refresh at R < H. */
        tco_plan_purchase *q = &r->purchases[R > 0 && b[j].e == H ? n - 1 : (size_t)j];
        const int months = b[j].e - b[j].t;
        q->month = b[j].t;
        q->sold = b[j].e;
        q->count = b[j].count;
        q->lines[0] = calloc((size_t)months, sizeof *q->lines[0]);
        q->lines[1] = calloc((size_t)months, sizeof *q->lines[1]);
        if (!q->lines[0] || !q->lines[1])
            return 0;
        tco_scenario sb;
        tco_option o;
        double total, npv;
        batch_months(s, &b[j], &sb, &o, q->lines[0], q->lines[1], &q->paid0, &total, &npv);
        purchase_figures(s, &sb, &o, q);
        if (s->tax) { /* its months' tax depreciation and its tax on the sale */
            double tax, tax_npv;
            q->tax_depreciation0 = tci_option_tax_share_at(
                &sb, &o, 0, b[j].t, b[j].e < H, q->lines[0], &tax, &tax_npv, NULL, &sh[j]);
            q->tax_expensing = sh[j].expensing;
            q->tax_bonus = sh[j].bonus;
            q->tax_convention = sh[j].convention;
            q->tax_on_sale =
                q->lines[0][months - 1].tax + s->tax_rate * q->lines[0][months - 1].deductible;
        }
    }
    return 1;
}

/* Plan p's months in its result r (its purchases kept): the owned part's
 * cost lines, each the sum of its purchases' lines at utilization 0 and 1
 * mixed by the month's utilization when it follows it, and the overflow's
 * hourly price (tco_plan_month); the reserved part's commitment, what its
 * total and NPV hold beyond its paid_0 and its months. */
static void keep_months(const tco_scenario *s, const tco_plan *p, tco_plan_result *r)
{
    const int H = s->horizon_months;
    for (int k = 0; k < TCO_LINES; k++) {
        const tco_line_kind kind = tco_cost_line_get((tco_cost_line)k)->kind;
        if (kind == TCO_LINE_RENTED)
            continue;
        for (int m = 0; m < H; m++) {
            double a = 0, b = 0;
            for (size_t j = 0; j < r->n_purchases; j++) {
                const tco_plan_purchase *q = &r->purchases[j];
                if (q->lines[0] && m >= q->month && m < q->sold) {
                    a += tco_month_line(&q->lines[0][m - q->month], (tco_cost_line)k);
                    b += tco_month_line(&q->lines[1][m - q->month], (tco_cost_line)k);
                }
            }
            tco_plan_month *pm = &r->monthly[m];
            pm->own_line[k] = kind == TCO_LINE_OWNED_U ? a + pm->own_utilization * (b - a) : a;
        }
    }
    /* Reference GPU-hours, each part's k (the owned GPUs': the refresh's
     * option's after its month) and A. */
    const double T = s->hours_per_month;
    const int own = p->own_i >= 0, res = p->reserve_i >= 0, R = r->refresh_month;
    const double k_res = res ? tci_per_hour(s, p->reserve_i) : 1,
                 ka_res = res ? k_res * tci_availability(&s->options[p->reserve_i]) : 1;
    for (int m = 0; m < H; m++) {
        tco_plan_month *pm = &r->monthly[m];
        int i = own && p->refresh_i >= 0 && R > 0 && m + 1 > R ? p->refresh_i : p->own_i;
        const double k_own = own ? tci_per_hour(s, i) : 1;
        pm->own_served = pm->own_hours * k_own;
        pm->reserve_capacity = r->reserve_count * T * ka_res;
        pm->reserve_served = pm->reserve_hours * k_res;
        pm->capacity = (own ? pm->own_capacity : 0) + (res ? pm->reserve_capacity : 0);
        pm->served = pm->own_hours * k_own + pm->reserve_hours * k_res;
        pm->idle = (own ? pm->own_capacity - pm->own_hours * k_own : 0) +
                   (res ? pm->reserve_capacity - pm->reserve_hours * k_res : 0);
        if (p->overflow_i >= 0)
            pm->overflow_served =
                pm->overflow_hours *
                (tci_per_hour(s, p->overflow_i) * tci_availability(&s->options[p->overflow_i]));
    }
    /* The owned part's cost without its purchases' payments in their month
     * and a refresh's sale; its residual at H. */
    for (int m = 1; m <= H; m++) {
        double capex = 0, lent = 0, sale = 0;
        for (size_t j = 0; j < r->n_purchases; j++) {
            const tco_plan_purchase *q = &r->purchases[j];
            if (!q->lines[0])
                continue;
            const tco_option *o =
                &s->options[j == r->n_purchases - 1 && p->refresh_i >= 0 ? p->refresh_i : p->own_i];
            if (q->month == m) {
                capex += q->capex;
                lent += o->financing == TCO_FIN_LOAN    ? q->loan_amount
                        : o->financing == TCO_FIN_LEASE ? q->capex
                                                        : 0;
            }
            if (q->sold == m && m < H)
                sale += q->residual;
        }
        r->monthly[m - 1].own_operating = r->monthly[m - 1].own_cost - capex + lent + sale;
    }
    for (size_t j = 0; j < r->n_purchases; j++)
        if (r->purchases[j].lines[0] && r->purchases[j].sold == H)
            r->own_residual += r->purchases[j].residual;
    if (p->reserve_i >= 0 && r->reserve_count > 0) {
        /* What the reserved part's total has past its months: its commitment. */
        const double rm = tci_monthly_rate(s);
        double sum = 0, pv = 0;
        for (int m = 1; m <= H; m++) {
            sum += r->monthly[m - 1].reserve_cost;
            pv += tci_present_value(r->monthly[m - 1].reserve_cost, rm, m);
        }
        r->reserve_commitment = r->reserve_total - r->reserve_paid0 - sum;
        r->reserve_commitment_npv = r->reserve_npv - r->reserve_paid0 - pv;
    }
    if (p->overflow_i < 0)
        return;
    const tco_option *o = &s->options[p->overflow_i];
    for (int m = 1; m <= H; m++)
        r->monthly[m - 1].overflow_price =
            o->acquire == TCO_API ? tci_api_ref_hour_price(s, o, m) : tci_gpu_hour_price(o, m);
    if (o->acquire != TCO_API)
        return;
    /* An API's tokens: its reference GPU-hours (k = 1) at g tokens each. */
    const double g = tci_api_tokens_per_ref_hour(s);
    for (int m = 0; m < H; m++) {
        r->monthly[m].overflow_tokens = r->monthly[m].overflow_hours * g;
        r->overflow_tokens += r->monthly[m].overflow_tokens;
    }
}

/* With carbon_in_total (MODEL.md, A plan's carbon cost in its total), the
 * carbon cost each part's cost of a month holds, from the lines it was priced
 * with: each purchase's at its month (its paid0's) and at the month's
 * utilization after it, the reserved option's months at utilization 1; the
 * overflow's is overflow_part's. */
static void keep_carbon(const tco_scenario *s, const tco_plan *p, tco_plan_result *r)
{
    if (!s->carbon_in_total)
        return;
    const int H = s->horizon_months;
    tco_option res = {0};
    if (p->reserve_i >= 0 && r->reserve_count > 0)
        res = part_option(s, p->reserve_i, r->reserve_count, 0);
    for (size_t j = 0; j < r->n_purchases; j++)
        if (r->purchases[j].lines[0] && r->purchases[j].month == 0)
            r->carbon_cost0 += r->purchases[j].carbon_cost0;
    for (int m = 1; m <= H; m++) {
        tco_plan_month *pm = &r->monthly[m - 1];
        for (size_t j = 0; j < r->n_purchases; j++) {
            const tco_plan_purchase *q = &r->purchases[j];
            if (!q->lines[0])
                continue;
            if (q->month == m)
                pm->own_carbon += q->carbon_cost0;
            if (q->month < m && m <= q->sold) {
                const double c0 = q->lines[0][m - 1 - q->month].carbon_cost,
                             c1 = q->lines[1][m - 1 - q->month].carbon_cost;
                pm->own_carbon += c0 + pm->own_utilization * (c1 - c0);
            }
        }
        if (res.count > 0)
            pm->reserve_carbon = tci_carbon_cost_month(s, &res, 0, 0, 1, m);
        pm->carbon_cost = pm->own_carbon + pm->reserve_carbon + pm->overflow_carbon;
        pm->own_operating = pm->own_operating - pm->own_carbon; /* its lines and financing */
    }
}

/* A plan's figure that [scenario] rank_by names: its total, NPV or NPV after
 * tax (MODEL.md, Plans). */
static double rank_value(const tco_plan_result *p, tco_rank_by by)
{
    return by == TCO_RANK_NPV ? p->npv : by == TCO_RANK_AFTER_TAX_NPV ? p->after_tax_npv : p->total;
}

/* 1 when result a ranks above b: a feasible one (serving all demand within the
 * site's power limit and the API's rate limit) before one that is not, then
 * the lower figure that rank_by names. */
static int ranked_above(const tco_plan_result *a, const tco_plan_result *b, tco_rank_by by)
{
    int ua = !tco_plan_feasible(a), ub = !tco_plan_feasible(b);
    return ua != ub ? ua < ub : rank_value(a, by) < rank_value(b, by);
}

/* 1 when plan a ranks before plan b: the better by rank_by, then file order. */
static int ranks_before(const tco_plan_result *p, size_t a, size_t b, tco_rank_by by)
{
    return ranked_above(&p[a], &p[b], by) || (!ranked_above(&p[b], &p[a], by) && a < b);
}

/* See core.h. */
tco_status tci_plans_compute(tco_result *res)
{
    const tco_scenario *s = res->scenario;
    if (!s->n_plans || !s->demand)
        return TCO_OK;
    const size_t H = (size_t)s->horizon_months, n = s->n_plans;
    res->demand_gpu_hours = demand_first(s, s->demand);
    res->plans = calloc(n, sizeof *res->plans);
    res->plan_rank = calloc(n, sizeof *res->plan_rank);
    tco_month *scratch = calloc(TCI_PLAN_SCRATCH * H, sizeof *scratch);
    int ok = res->plans && res->plan_rank && scratch;
    if (res->plans)
        res->n_plans = n;
    for (size_t i = 0; ok && i < n; i++) {
        res->plans[i].monthly = calloc(H, sizeof(tco_plan_month));
        ok = res->plans[i].monthly != NULL;
        if (ok) {
            const tco_plan *p = &s->plans[i];
            int own = part_count(s, p->own_i, p->own_count);
            tci_plan_eval(s, p, own, part_count(s, p->reserve_i, p->reserve_count), scratch,
                          &res->plans[i]);
            ok = keep_purchases(s, p, own, &res->plans[i]);
            if (ok) {
                keep_months(s, p, &res->plans[i]);
                keep_carbon(s, p, &res->plans[i]);
            }
            if (ok) /* MODEL.md, A plan's emissions */
                ok = tci_plan_carbon(s, &res->plans[i]) == TCO_OK;
            if (ok)
                tci_plan_carbon_intensity(res, &res->plans[i]);
        }
        res->plan_rank[i] = i;
    }
    free(scratch);
    if (!ok)
        return TCO_ERR_NOMEM;
    /* Insertion sort: a scenario has at most TCO_MAX_PLANS plans. */
    for (size_t i = 1; i < n; i++) {
        size_t v = res->plan_rank[i], j = i;
        for (; j > 0 && ranks_before(res->plans, v, res->plan_rank[j - 1], s->rank_by); j--)
            res->plan_rank[j] = res->plan_rank[j - 1];
        res->plan_rank[j] = v;
    }
    return TCO_OK;
}

/* See core.h. */
void tci_plans_free(tco_result *res)
{
    for (size_t i = 0; res->plans && i < res->n_plans; i++) {
        tco_plan_result *r = &res->plans[i];
        for (size_t j = 0; j < r->n_purchases; j++) {
            free(r->purchases[j].lines[0]);
            free(r->purchases[j].lines[1]);
        }
        free(r->purchases);
        free(r->monthly);
        free(r->carbon);
    }
    free(res->plans);
    free(res->plan_rank);
    res->plans = NULL;
    res->plan_rank = NULL;
    res->n_plans = 0;
}

/* See core.h. */
size_t tci_plan_best(const tco_plan_result *p, size_t n, tco_rank_by by)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (ranks_before(p, i, best, by))
            best = i;
    return best;
}

/* See core.h. */
double tci_plan_capacity(const tco_scenario *s, int i)
{
    return s->hours_per_month * tci_per_hour(s, i) * tci_availability(&s->options[i]);
}
