/* api.c - API options (MODEL.md, API options): a hosted model paid by the
 * token. The workload's tokens a month, the month's charge before the price
 * decline, and each self-hosted option's break-even in tokens a day against
 * the scenario's first API option. No I/O. */
#include "core/core.h"
#include "core/factors.h"

#include <math.h>

/* Seconds in a day: the break-even's tokens a day. */
#define DAY_S 86400.0

/* See core.h. */
void tci_api_tokens(const tco_scenario *s, double *input, double *output)
{
    const double requests = s->requests_per_s * s->hours_per_month * 3600;
    *input = requests * s->input_tokens_per_request;
    *output = requests * s->output_tokens_per_request;
}

/* See core.h. */
double tci_api_cached_price(const tco_option *o)
{
    return o->src[TCO_O_PRICE_PER_MILLION_CACHED_TOKENS] ? o->price_per_million_cached_tokens
                                                         : o->price_per_million_input_tokens;
}

/* See core.h. */
double tci_api_month_charge(const tco_scenario *s, const tco_option *o)
{
    double in, out;
    tci_api_tokens(s, &in, &out);
    const double c = o->cached_fraction;
    const double per_input =
        (1 - c) * o->price_per_million_input_tokens + c * tci_api_cached_price(o);
    return in * per_input / 1e6 + out * o->price_per_million_output_tokens / 1e6;
}

/* See core.h. */
double tci_api_tokens_per_minute(const tco_scenario *s)
{
    return s->requests_per_s * 60 * (s->input_tokens_per_request + s->output_tokens_per_request);
}

/* See core.h. */
int tci_api_first(const tco_scenario *s)
{
    for (size_t i = 0; i < s->n_options; i++)
        if (s->options[i].acquire == TCO_API)
            return (int)i;
    return -1;
}

/* The break-even of self-hosted option o (result r) against an API whose
 * total is a per token a day over the horizon: into r. */
static void breakeven_one(const tco_scenario *s, const tco_option *o, tco_option_result *r,
                          double a)
{
    const double tokens = s->input_tokens_per_request + s->output_tokens_per_request;
    const double cap = o->count * o->throughput * o->scaling_efficiency * tokens * DAY_S;
    if (!(cap > 0))
        return; /* what it serves is unknown */
    const double margin = a - r->total_per_utilization / cap;
    if (!(margin > 0)) {
        r->breakeven_tokens_never = 1;
        return;
    }
    const double x = r->total_at_zero_utilization > 0 ? r->total_at_zero_utilization / margin : 0;
    if (x > cap)
        r->breakeven_tokens_never = 1;
    else
        r->breakeven_tokens_per_day = x;
}

/* See core.h. */
void tci_api_breakeven(const tco_scenario *s, tco_result *res)
{
    const int k = tci_api_first(s);
    const double day = tci_api_tokens_per_minute(s) * 60 * 24;
    if (k < 0 || !(day > 0))
        return;
    const double a = res->options[k].total / day;
    for (size_t i = 0; i < s->n_options; i++)
        if (s->options[i].acquire != TCO_API)
            breakeven_one(s, &s->options[i], &res->options[i], a);
}

/* See core.h. */
double tci_api_tokens_per_ref_hour(const tco_scenario *s)
{
    if (!s->demand || s->demand->ref < 0 || (size_t)s->demand->ref >= s->n_options)
        return 0; /* no reference, or none loaded yet: an error of its own */
    const tco_option *r = &s->options[s->demand->ref];
    return r->throughput * r->scaling_efficiency * s->tokens_per_request * 3600;
}

/* See core.h. */
double tci_api_ref_hour_price(const tco_scenario *s, const tco_option *o, int m)
{
    const double in = s->input_tokens_per_request, out = s->output_tokens_per_request;
    if (!(in + out > 0))
        return 0;
    const double c = o->cached_fraction;
    const double per_input =
        (1 - c) * o->price_per_million_input_tokens + c * tci_api_cached_price(o);
    const double per_token =
        (in * per_input + out * o->price_per_million_output_tokens) / 1e6 / (in + out);
    return tci_api_tokens_per_ref_hour(s) * per_token * tci_price_factor(-o->price_decline, m);
}
