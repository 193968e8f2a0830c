/* sizing.c - what the [workload] model needs of an option (MODEL.md, Workload
 * sizing and Feasibility): the memory and the GPUs that hold it, the GPUs a
 * request rate needs, `count = auto`, a training run's time and cost, the cost
 * of serving. No I/O. */
#include "core/core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* x, or the whole number it is within 5e-10 of: a quotient such as 3360 / 80
 * may come out as 42.000000000000007, which must not round up to 43. The
 * workbook does the same with ROUND(x, 9). */
static double snap(double x)
{
    double r = nearbyint(x);
    return fabs(x - r) <= 5e-10 ? r : x;
}

/* The memory the [workload] model needs, in GB (MODEL.md, Workload sizing). */
static double memory_needed_gb(const tco_scenario *s)
{
    return s->model_params * tco_bytes_per_param(s) * (1 + s->activation_overhead) / 1e9;
}

/* GPUs of option o whose memory holds the model: min_gpus (memory_gb > 0). */
static double gpus_to_hold(const tco_scenario *s, const tco_option *o)
{
    return ceil(snap(memory_needed_gb(s) / o->memory_gb));
}

/* GPUs that serve requests_per_s at per_gpu requests per second each. */
static double gpus_for_rate(const tco_scenario *s, double per_gpu)
{
    return ceil(snap(s->requests_per_s / per_gpu));
}

/* See core.h. */
tci_auto_status tci_auto_count(const tco_scenario *s, const tco_option *o, double *count)
{
    *count = NAN;
    if (!(s->model_params > 0))
        return TCI_AUTO_NO_WORKLOAD;
    if (!(o->memory_gb > 0))
        return TCI_AUTO_NO_MEMORY;
    double n = gpus_to_hold(s, o);
    if (s->mode == TCO_INFERENCE && s->requests_per_s > 0) {
        double per_gpu = o->throughput * o->scaling_efficiency;
        if (!(per_gpu > 0))
            return TCI_AUTO_NO_THROUGHPUT;
        double rate = gpus_for_rate(s, per_gpu);
        n = rate > n ? rate : n;
    }
    n = n < 1 ? 1 : n;
    if (o->acquire == TCO_BUY && o->gpus_per_server > 0)
        n = ceil(n / o->gpus_per_server) * o->gpus_per_server;
    *count = n;
    return n <= tco_option_key(TCO_O_COUNT_GPUS)->hi ? TCI_AUTO_OK : TCI_AUTO_TOO_MANY;
}

/* See documentation in header file. */
const char *tco_infeasible_reason(unsigned infeasible)
{
    switch (infeasible & (TCO_INFEASIBLE_MEMORY | TCO_INFEASIBLE_RATE)) {
    case TCO_INFEASIBLE_MEMORY:
        return "model does not fit in memory";
    case TCO_INFEASIBLE_RATE:
        return "below the target rate";
    case TCO_INFEASIBLE_MEMORY | TCO_INFEASIBLE_RATE:
        return "model does not fit in memory; below the target rate";
    default:
        return NULL;
    }
}

/* See documentation in header file. */
const char *tco_option_infeasible_text(const tco_option_result *r, char *buf, size_t size)
{
    if (!r || !r->infeasible || !buf || size == 0)
        return NULL;
    const char *words = tco_infeasible_reason(r->infeasible);
    if (!(r->infeasible & TCO_INFEASIBLE_POWER))
        snprintf(buf, size, "%s", words ? words : "");
    else
        snprintf(buf, size, "%s%sneeds %g kW, the site has %g", words ? words : "",
                 words ? "; " : "", r->provisioned_kw, r->power_cap_kw);
    if (r->infeasible & TCO_INFEASIBLE_RATE_LIMIT) {
        /* An API option's (MODEL.md, API options): after the others, joined alike. */
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%sover the API's rate limit", n ? "; " : "");
    }
    return buf;
}

/* See core.h. */
void tci_size_workload(const tco_scenario *s, const tco_option *o, tco_option_result *r)
{
    tco_sizing *z = &r->sizing;
    z->memory_needed_gb = z->min_gpus = z->train_hours = z->train_days = z->run_gpu_hours =
        z->cost_per_run = z->runs_in_horizon = z->tokens_per_currency = z->cost_per_million_tokens =
            z->cost_per_thousand_requests = z->gpus_needed = NAN;
    z->fits = -1;
    z->run_flops = 6 * s->model_params * s->tokens;
    z->flops_per_s = o->count * o->fp16_tflops * 1e12 * s->mfu * o->scaling_efficiency;
    z->per_gpu = o->throughput * o->scaling_efficiency;
    if (z->per_gpu <= 0 && s->requests_per_s > 0 && o->count > 0)
        z->per_gpu = s->requests_per_s / o->count;
    if (s->model_params <= 0)
        return;
    if (o->acquire == TCO_API) {
        /* MODEL.md, API options: no GPUs, no memory limit; the unit costs are
         * the total over the workload's tokens and requests. */
        const double H = s->horizon_months, T = s->hours_per_month;
        double in, out;
        tci_api_tokens(s, &in, &out);
        z->memory_needed_gb = memory_needed_gb(s);
        if (s->mode == TCO_INFERENCE) {
            z->cost_per_million_tokens = tci_ratio_or_null(r->total, (in + out) * H) * 1e6;
            z->cost_per_thousand_requests =
                tci_ratio_or_null(r->total, s->requests_per_s * 3600 * T * H) * 1000;
        }
        return;
    }
    z->memory_needed_gb = memory_needed_gb(s);
    if (o->memory_gb > 0) {
        z->min_gpus = gpus_to_hold(s, o);
        z->fits = o->count >= z->min_gpus;
    }
    double rate = r->cost_per_gpu_hour; /* TCO per used GPU-hour */
    if (s->mode == TCO_TRAINING) {
        if (s->tokens <= 0 || z->flops_per_s <= 0)
            return;
        z->train_hours = z->run_flops / z->flops_per_s / 3600;
        z->train_days = z->train_hours / 24;
        z->run_gpu_hours = o->count * z->train_hours;
        z->cost_per_run = z->run_gpu_hours * rate;
        z->runs_in_horizon =
            floor(snap(s->hours_per_month * s->horizon_months * r->utilization / z->train_hours));
        z->tokens_per_currency = tci_ratio_or_null(s->tokens, z->cost_per_run);
    } else {
        double per_gpu = z->per_gpu;
        if (per_gpu <= 0)
            return;
        z->cost_per_thousand_requests = rate / (per_gpu * 3600) * 1000;
        if (s->tokens_per_request > 0)
            z->cost_per_million_tokens = rate / (per_gpu * s->tokens_per_request * 3600) * 1e6;
        if (s->requests_per_s > 0 && o->throughput > 0)
            z->gpus_needed = gpus_for_rate(s, per_gpu);
    }
}
