/* plan.c - demand and capacity plans (docs/MODEL.md, Demand and Plans): the
 * serving order month by month and each part's costs from the option model.
 * No I/O. */
#include "core/core.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* See documentation in header file. */
double tco_demand_at(const tco_scenario *s, int m)
{
    const tco_demand *d = s ? s->demand : NULL;
    if (!d || m < 1 || m > s->horizon_months)
        return 0;
    if (d->n_values > 0)
        return (size_t)m <= d->n_values ? d->values[m - 1] : 0;
    return d->gpu_hours_per_month * pow(1 + d->growth, (m - 1) / 12.0) * d->season[(m - 1) % 12];
}

/* Reference GPU-hours in one GPU-hour of option i (MODEL.md, Demand: k_X). */
static double per_hour(const tco_scenario *s, int i)
{
    const tco_option *x = &s->options[i];
    const tco_option *r = &s->options[s->demand->ref];
    return x->throughput > 0 && r->throughput > 0 ? x->throughput / r->throughput : 1;
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

/* The owned part: the option's lines at u = 0 and u = 1, mixed by u(m). */
static void own_part(const tco_scenario *s, int i, tco_plan_result *r, tco_month *m0, tco_month *m1,
                     double rm)
{
    const int H = s->horizon_months;
    tco_option o = part_option(s, i, r->own_count, 0);
    double paid0, t0, npv0, p1, t1, npv1;
    tci_option_months(s, &o, 0, m0, &paid0, &t0, &npv0);
    tci_option_months(s, &o, 1, m1, &p1, &t1, &npv1);
    r->paid0 += paid0;
    r->own_total = t0;
    r->own_npv = npv0;
    double discount = 1;
    for (int m = 0; m < H; m++) {
        tco_plan_month *pm = &r->monthly[m];
        discount /= 1 + rm;
        double extra = pm->own_utilization * (m1[m].cost - m0[m].cost);
        pm->own_cost = m0[m].cost + extra;
        r->own_total += extra;
        r->own_npv += extra * discount;
    }
}

/* The reserved part: the option as it computes itself, every hour paid. */
static void reserve_part(const tco_scenario *s, int i, tco_plan_result *r, tco_month *mo)
{
    tco_option o = part_option(s, i, r->reserve_count, 0);
    double paid0;
    tci_option_months(s, &o, 1, mo, &paid0, &r->reserve_total, &r->reserve_npv);
    r->paid0 += paid0;
    for (int m = 0; m < s->horizon_months; m++)
        r->monthly[m].reserve_cost = mo[m].cost;
}

/* The overflow part: the hours served at the month's hourly price. */
static void overflow_part(const tco_scenario *s, int i, tco_plan_result *r, tco_month *mo,
                          double rm)
{
    tco_option o = part_option(s, i, 1, 1);
    double paid0, total, npv, discount = 1;
    tci_option_months(s, &o, 1, mo, &paid0, &total, &npv);
    for (int m = 0; m < s->horizon_months; m++) {
        tco_plan_month *pm = &r->monthly[m];
        discount /= 1 + rm;
        pm->overflow_cost = pm->overflow_hours * (mo[m].rental / s->hours_per_month);
        r->overflow_total += pm->overflow_cost;
        r->overflow_npv += pm->overflow_cost * discount;
    }
}

/* The serving order of one month: owned, then reserved, then overflow. */
static void serve(const tco_scenario *s, const tco_plan *p, tco_plan_result *r, int m)
{
    const double T = s->hours_per_month;
    tco_plan_month *pm = &r->monthly[m - 1];
    double left = pm->demand = tco_demand_at(s, m);
    if (p->own_i >= 0 && r->own_count > 0) {
        double k = per_hour(s, p->own_i), served = fmin(left, r->own_count * T * k);
        pm->own_hours = served / k;
        pm->own_utilization = pm->own_hours / (r->own_count * T);
        left -= served;
    }
    if (p->reserve_i >= 0 && r->reserve_count > 0) {
        double k = per_hour(s, p->reserve_i), served = fmin(left, r->reserve_count * T * k);
        pm->reserve_hours = served / k;
        left -= served;
    }
    if (p->overflow_i >= 0)
        pm->overflow_hours = left / per_hour(s, p->overflow_i);
    else
        pm->unserved = left;
}

/* See core.h. */
void tci_plan_eval(const tco_scenario *s, const tco_plan *p, int own_count, int reserve_count,
                   tco_month *scratch, tco_plan_result *r)
{
    const int H = s->horizon_months;
    tco_plan_month *monthly = r->monthly;
    memset(monthly, 0, (size_t)H * sizeof *monthly);
    memset(r, 0, sizeof *r);
    r->monthly = monthly;
    r->plan = p;
    r->own_count = p->own_i >= 0 ? own_count : 0;
    r->reserve_count = p->reserve_i >= 0 ? reserve_count : 0;
    const double rm = tci_monthly_rate(s);
    tco_month *m0 = scratch, *m1 = scratch + H;
    for (int m = 1; m <= H; m++)
        serve(s, p, r, m);
    /* A part of 0 GPUs costs nothing, not even its option's fixed lines. */
    if (p->own_i >= 0 && r->own_count > 0)
        own_part(s, p->own_i, r, m0, m1, rm);
    if (p->reserve_i >= 0 && r->reserve_count > 0)
        reserve_part(s, p->reserve_i, r, m0);
    if (p->overflow_i >= 0)
        overflow_part(s, p->overflow_i, r, m0, rm);
    r->total = r->own_total + r->reserve_total + r->overflow_total;
    r->npv = r->own_npv + r->reserve_npv + r->overflow_npv;
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

/* 1 when plan a ranks before plan b: a plan that serves all demand before
 * one that does not, then the lower total, then file order. */
static int ranks_before(const tco_plan_result *p, size_t a, size_t b)
{
    int ua = p[a].unserved > 0, ub = p[b].unserved > 0;
    if (ua != ub)
        return ua < ub;
    if (p[a].total != p[b].total)
        return p[a].total < p[b].total;
    return a < b;
}

/* See core.h. */
tco_status tci_plans_compute(tco_result *res)
{
    const tco_scenario *s = res->scenario;
    if (!s->n_plans || !s->demand)
        return TCO_OK;
    const size_t H = (size_t)s->horizon_months, n = s->n_plans;
    res->plans = calloc(n, sizeof *res->plans);
    res->plan_rank = calloc(n, sizeof *res->plan_rank);
    tco_month *scratch = calloc(2 * H, sizeof *scratch);
    int ok = res->plans && res->plan_rank && scratch;
    if (res->plans)
        res->n_plans = n;
    for (size_t i = 0; ok && i < n; i++) {
        res->plans[i].monthly = calloc(H, sizeof(tco_plan_month));
        ok = res->plans[i].monthly != NULL;
        if (ok) {
            const tco_plan *p = &s->plans[i];
            tci_plan_eval(s, p, part_count(s, p->own_i, p->own_count),
                          part_count(s, p->reserve_i, p->reserve_count), scratch, &res->plans[i]);
        }
        res->plan_rank[i] = i;
    }
    free(scratch);
    if (!ok)
        return TCO_ERR_NOMEM;
    /* Insertion sort: a scenario has at most TCO_MAX_PLANS plans. */
    for (size_t i = 1; i < n; i++) {
        size_t v = res->plan_rank[i], j = i;
        for (; j > 0 && ranks_before(res->plans, v, res->plan_rank[j - 1]); j--)
            res->plan_rank[j] = res->plan_rank[j - 1];
        res->plan_rank[j] = v;
    }
    return TCO_OK;
}

/* See core.h. */
void tci_plans_free(tco_result *res)
{
    for (size_t i = 0; res->plans && i < res->n_plans; i++)
        free(res->plans[i].monthly);
    free(res->plans);
    free(res->plan_rank);
    res->plans = NULL;
    res->plan_rank = NULL;
    res->n_plans = 0;
}

/* See core.h. */
size_t tci_plan_best(const tco_plan_result *p, size_t n)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (ranks_before(p, i, best))
            best = i;
    return best;
}

/* See core.h. */
double tci_plan_capacity(const tco_scenario *s, int i)
{
    return s->hours_per_month * per_hour(s, i);
}
