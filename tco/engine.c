/* engine.c - the cost model of docs/MODEL.md, month by month. No I/O. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sums of one option's cost lines; what break-even needs without months. */
typedef struct totals {
    double capex, power, cooling, facility, maintenance, staff, rental, residual, total, npv;
} totals;

/* Fixed quantities of an option at utilization u. */
typedef struct plan {
    int servers;
    double capex_gpu, capex_infra, capex;
    double it_kw, provisioned_kw;
    double residual_fraction, residual;
} plan;

static plan make_plan(const tco_scenario *s, const tco_option *o, double u)
{
    plan p = {0};
    if (o->acquire == TCO_RENT) {
        p.capex = o->upfront;
        return p;
    }
    p.servers = (o->count + o->gpus_per_server - 1) / o->gpus_per_server;
    p.capex_gpu = o->count * o->gpu_price;
    p.capex_infra = p.servers * (o->server_price + o->network_price);
    p.capex = p.capex_gpu + p.capex_infra + o->install_price;
    double gpu_w = o->tdp_w * (o->idle_power_fraction +
                               u * (o->load_power_fraction - o->idle_power_fraction));
    p.it_kw = (o->count * gpu_w + p.servers * o->server_power_w) / 1000;
    p.provisioned_kw = (o->count * o->tdp_w + p.servers * o->server_power_w) / 1000;
    if (o->src[TCO_O_RESALE_DECLINE])
        p.residual_fraction = pow(1 - o->resale_decline, s->horizon_months / 12.0);
    else
        p.residual_fraction = o->resale_fraction;
    p.residual = (p.capex_gpu + p.capex_infra) * p.residual_fraction;
    return p;
}

/* Run the months of one option at utilization u, discounting at the monthly
 * rate rm. Fills `monthly` (H entries) when it is not NULL; returns the sums. */
static totals run_months(const tco_scenario *s, const tco_option *o, double u, const plan *p,
                         double rm, tco_month *monthly)
{
    totals t = {0};
    double npv = p->capex, discount = 1;
    const int H = s->horizon_months;
    const double T = s->hours_per_month;
    t.capex = p->capex;
    t.residual = p->residual;
    double cumulative = p->capex;
    double year_factor = 1; /* escalation or decline for the current year */
    for (int m = 1; m <= H; m++) {
        int y = (m - 1) / 12;
        if ((m - 1) % 12 == 0) {
            if (o->acquire == TCO_BUY)
                year_factor = pow(1 + s->electricity_escalation, y);
            else
                year_factor = pow(1 - o->price_decline, y);
        }
        tco_month mo = {0};
        if (o->acquire == TCO_BUY) {
            double price_kwh = s->electricity_price * year_factor;
            mo.power = p->it_kw * T * price_kwh;
            mo.cooling = p->it_kw * T * (s->pue - 1) * price_kwh;
            mo.facility = p->provisioned_kw * s->colo_per_kw_month;
            mo.maintenance = p->capex * o->maintenance_rate / 12;
            mo.staff = o->staff_per_month;
        } else if (o->pricing == TCO_ON_DEMAND) {
            mo.rental = o->count * T * u * o->price_per_gpu_hour * year_factor +
                        o->storage_per_month;
        } else {
            mo.rental = o->count * T * o->price_per_gpu_hour + o->storage_per_month;
        }
        mo.cost = mo.power + mo.cooling + mo.facility + mo.maintenance + mo.staff + mo.rental;
        cumulative += mo.cost;
        mo.cumulative = cumulative;
        discount /= 1 + rm;
        npv += mo.cost * discount;
        t.power += mo.power;
        t.cooling += mo.cooling;
        t.facility += mo.facility;
        t.maintenance += mo.maintenance;
        t.staff += mo.staff;
        t.rental += mo.rental;
        if (monthly)
            monthly[m - 1] = mo;
    }
    t.total = cumulative - p->residual;
    t.npv = npv - p->residual * discount;
    return t;
}

/* Total of an option as if its utilization were u. */
static double total_at(const tco_scenario *s, const tco_option *o, double u)
{
    plan p = make_plan(s, o, u);
    return run_months(s, o, u, &p, 0, NULL).total;
}

static double monthly_rate(const tco_scenario *s)
{
    return pow(1 + s->discount_rate, 1.0 / 12) - 1;
}

/* See internal.h. */
void tco_engine_totals(const tco_scenario *s, double *total, double *npv)
{
    double rm = monthly_rate(s);
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        double u = tco_option_utilization(s, o);
        plan p = make_plan(s, o, u);
        totals t = run_months(s, o, u, &p, rm, NULL);
        total[i] = t.total;
        if (npv)
            npv[i] = t.npv;
    }
}

static double ratio_or_null(double num, double den)
{
    return den != 0 ? num / den : NAN;
}

/* Memory fit, training time and serving cost of the [workload] model. */
static void size_workload(const tco_scenario *s, const tco_option *o, tco_option_result *r)
{
    tco_sizing *z = &r->sizing;
    z->memory_needed_gb = z->min_gpus = z->train_hours = z->train_days = z->run_gpu_hours =
        z->cost_per_run = z->runs_in_horizon = z->tokens_per_currency =
            z->cost_per_million_tokens = z->cost_per_thousand_requests = z->gpus_needed = NAN;
    z->fits = -1;
    if (s->model_params <= 0)
        return;
    z->memory_needed_gb =
        s->model_params * tco_bytes_per_param(s) * (1 + s->activation_overhead) / 1e9;
    if (o->memory_gb > 0) {
        z->min_gpus = ceil(z->memory_needed_gb / o->memory_gb);
        z->fits = o->count >= z->min_gpus;
    }
    double rate = r->cost_per_gpu_hour; /* TCO per used GPU-hour */
    if (s->mode == TCO_TRAINING) {
        double flops_per_s =
            o->count * o->fp16_tflops * 1e12 * s->mfu * o->scaling_efficiency;
        if (s->tokens <= 0 || flops_per_s <= 0)
            return;
        z->train_hours = 6 * s->model_params * s->tokens / flops_per_s / 3600;
        z->train_days = z->train_hours / 24;
        z->run_gpu_hours = o->count * z->train_hours;
        z->cost_per_run = z->run_gpu_hours * rate;
        z->runs_in_horizon =
            floor(s->hours_per_month * s->horizon_months * r->utilization / z->train_hours);
        z->tokens_per_currency = ratio_or_null(s->tokens, z->cost_per_run);
    } else {
        double per_gpu = o->throughput * o->scaling_efficiency;
        if (per_gpu <= 0 && s->requests_per_s > 0)
            per_gpu = s->requests_per_s / o->count;
        if (per_gpu <= 0)
            return;
        z->cost_per_thousand_requests = rate / (per_gpu * 3600) * 1000;
        if (s->tokens_per_request > 0)
            z->cost_per_million_tokens = rate / (per_gpu * s->tokens_per_request * 3600) * 1e6;
        if (s->requests_per_s > 0 && o->throughput > 0)
            z->gpus_needed = ceil(s->requests_per_s / per_gpu);
    }
}

static void compute_option(const tco_scenario *s, const tco_option *o, tco_option_result *r,
                           double rm)
{
    const int H = s->horizon_months;
    const double T = s->hours_per_month;
    double u = tco_option_utilization(s, o);
    plan p = make_plan(s, o, u);
    totals t = run_months(s, o, u, &p, rm, r->monthly);

    r->utilization = u;
    r->servers = p.servers;
    r->capex_gpu = p.capex_gpu;
    r->capex_infra = p.capex_infra;
    r->capex = p.capex;
    r->power = t.power;
    r->cooling = t.cooling;
    r->facility = t.facility;
    r->maintenance = t.maintenance;
    r->staff = t.staff;
    r->rental = t.rental;
    r->residual_fraction = p.residual_fraction;
    r->residual = p.residual;
    r->total = t.total;
    r->it_kw = p.it_kw;
    r->provisioned_kw = p.provisioned_kw;

    r->npv = t.npv;

    /* Book view. */
    double dep = 0;
    int year = 0;
    double annual = 0;
    for (int m = 1; m <= H; m++) {
        int y = (m - 1) / 12 + 1;
        if (y != year) {
            year = y;
            annual = tco_depreciation_annual(o, p.capex, y);
        }
        r->monthly[m - 1].depreciation = annual / 12;
        dep += annual / 12;
    }
    r->depreciation = dep;
    r->book_value_end = o->acquire == TCO_BUY ? p.capex - dep : 0;

    /* Metrics; a zero denominator gives null. */
    r->gpu_hours = o->count * T * H * u;
    r->cost_per_gpu_hour = ratio_or_null(r->total, r->gpu_hours);
    r->cost_per_pflop_hour =
        ratio_or_null(r->total, o->count * o->fp16_tflops / 1000 * T * H * u);
    r->units = o->throughput * o->count * o->scaling_efficiency * 3600 * T * H * u;
    r->cost_per_unit = ratio_or_null(r->total, r->units);
    r->units_per_s_per_kw =
        o->acquire == TCO_BUY && o->throughput > 0
            ? ratio_or_null(o->throughput * o->count * o->scaling_efficiency, p.it_kw)
            : NAN;
    r->breakeven_month = 0;
    r->breakeven_utilization = NAN;
    size_workload(s, o, r);
}

/* Break-even of buy option i against the baseline rent option b. */
static void breakeven(const tco_scenario *s, tco_result *res, size_t i, int b)
{
    const tco_option *o = &s->options[i], *base = &s->options[b];
    tco_option_result *r = &res->options[i];
    const tco_option_result *rb = &res->options[b];
    for (int m = 1; m <= s->horizon_months; m++) {
        if (r->monthly[m - 1].cumulative <= rb->monthly[m - 1].cumulative) {
            r->breakeven_month = m;
            break;
        }
    }
    /* Both totals are affine in u: buy(u) = a0 + a1 u, rent(u) = b0 + b1 u. */
    double a0 = total_at(s, o, 0), a1 = total_at(s, o, 1) - a0;
    double b0 = total_at(s, base, 0), b1 = total_at(s, base, 1) - b0;
    if (a1 != b1) {
        double u = (b0 - a0) / (a1 - b1);
        if (u >= 0 && u <= 1)
            r->breakeven_utilization = u;
    }
}

/* An option's place in the ranking: cheapest total first, then input order. */
typedef struct ranked {
    double total;
    size_t index;
} ranked;

static int by_total(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    if (a->total != b->total)
        return a->total < b->total ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* See documentation in header file. */
tco_status tco_compute(const tco_scenario *s, tco_result **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!s || s->horizon_months < 1 || s->horizon_months > TCO_MAX_HORIZON)
        return TCO_ERR_ARG;
    tco_result *res = calloc(1, sizeof *res);
    if (!res)
        return TCO_ERR_NOMEM;
    res->scenario = s;
    res->n_options = s->n_options;
    res->options = calloc(s->n_options ? s->n_options : 1, sizeof *res->options);
    res->rank = calloc(s->n_options ? s->n_options : 1, sizeof *res->rank);
    if (!res->options || !res->rank)
        goto nomem;
    for (size_t i = 0; i < s->n_options; i++) {
        res->options[i].monthly = calloc((size_t)s->horizon_months, sizeof(tco_month));
        if (!res->options[i].monthly)
            goto nomem;
    }
    res->monthly_rate = monthly_rate(s);
    for (size_t i = 0; i < s->n_options; i++)
        compute_option(s, &s->options[i], &res->options[i], res->monthly_rate);

    res->baseline = s->baseline ? tco_scenario_find(s, s->baseline) : -1;
    if (res->baseline < 0 || s->options[res->baseline].acquire != TCO_RENT) {
        res->baseline = -1;
        for (size_t i = 0; i < s->n_options; i++) {
            if (s->options[i].acquire == TCO_RENT) {
                res->baseline = (int)i;
                break;
            }
        }
    }
    if (res->baseline >= 0)
        for (size_t i = 0; i < s->n_options; i++)
            if (s->options[i].acquire == TCO_BUY)
                breakeven(s, res, i, res->baseline);

    ranked *order = malloc((s->n_options ? s->n_options : 1) * sizeof *order);
    if (!order)
        goto nomem;
    for (size_t i = 0; i < s->n_options; i++)
        order[i] = (ranked){res->options[i].total, i};
    if (s->n_options)
        qsort(order, s->n_options, sizeof *order, by_total);
    for (size_t i = 0; i < s->n_options; i++)
        res->rank[i] = order[i].index;
    free(order);
    *out = res;
    return TCO_OK;
nomem:
    tco_result_free(res);
    return TCO_ERR_NOMEM;
}

/* See documentation in header file. */
size_t tco_result_check(const tco_result *res, tco_diags *diags)
{
    const tco_scenario *s = res->scenario;
    size_t n = 0;
    for (size_t i = 0; i < res->n_options; i++) {
        const tco_option *o = &s->options[i];
        const tco_sizing *z = &res->options[i].sizing;
        if (z->fits != 0)
            continue;
        char sec[64];
        snprintf(sec, sizeof sec, "option %s", o->id);
        tco_diags_add(diags, TCO_SEV_WARNING, s->file, 0, sec,
                      "the model needs %.0f GB (%g parameters x %g bytes x %g); %d GPU%s of "
                      "%g GB hold%s %g GB: at least %.0f GPUs are needed",
                      z->memory_needed_gb, s->model_params, tco_bytes_per_param(s),
                      1 + s->activation_overhead, o->count, o->count == 1 ? "" : "s",
                      o->memory_gb, o->count == 1 ? "s" : "", o->count * o->memory_gb, z->min_gpus);
        n++;
    }
    return n;
}

void tco_result_free(tco_result *res)
{
    if (!res)
        return;
    if (res->options)
        for (size_t i = 0; i < res->n_options; i++)
            free(res->options[i].monthly);
    free(res->options);
    free(res->rank);
    free(res);
}
