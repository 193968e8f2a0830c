/* complete.c - the keys an option leaves out whose defaults understate a cost
 * (docs/MODEL.md, Completeness): named by the loader's warning, marked by the
 * table and listed by the JSON. */
#include "core/core.h"

#include <math.h>

/* Whether site key `key` is given for option o: by its named site, else by
 * [site] (tco_site_value's order). (electricity_price needs no check: a
 * bought option without one is an error.) */
static int site_given(const tco_scenario *s, const tco_option *o, tco_skey key)
{
    int j = (int)key - TCO_SITE_KEY_FIRST;
    if (o->site_no > 0 && (size_t)o->site_no <= s->n_sites && s->sites[o->site_no - 1].src[j])
        return 1;
    return s->src[key] != TCO_SRC_DEFAULT;
}

/* Whether o's total follows its utilization's default of 1 in a way that
 * favours it or its rival: a bought option's power and every hour's worth, an
 * on-demand or spot rental's hours. A reserved rental pays every hour. */
static int uses_utilization(const tco_option *o)
{
    return o->acquire == TCO_BUY || (o->acquire == TCO_RENT && o->pricing != TCO_RESERVED);
}

/* The typical server price (without its GPUs) of bought option o, from its
 * catalog GPU's <server> price ratio: ratio x GPUs per server x GPU price; a
 * range when the GPU price is the catalog's and the catalog gives its low and
 * high (scaled alike, so converted by [fx] as the price was). */
static void typical_server_price(const tco_option *o, tco_missing *m)
{
    const tco_gpu_model *g = o->model;
    if (!g || !g->server_gpus || isnan(g->server_price_ratio) || !(o->gpu_price > 0))
        return;
    double each = g->server_price_ratio * o->gpus_per_server * o->gpu_price;
    m->low = m->high = each;
    if (o->src[TCO_O_GPU_PRICE] == TCO_SRC_CATALOG && g->price_typical > 0 &&
        !isnan(g->price_low) && !isnan(g->price_high)) {
        m->low = each * g->price_low / g->price_typical;
        m->high = each * g->price_high / g->price_typical;
    }
}

/* The typical power of o's server without its GPUs: the catalog's server
 * power per GPU times o's GPUs per server. */
static void typical_server_power(const tco_option *o, tco_missing *m)
{
    const tco_gpu_model *g = o->model;
    if (g && g->server_gpus && !isnan(g->server_power_w))
        m->low = m->high = g->server_power_w / g->server_gpus * o->gpus_per_server;
}

/* See documentation in header file. */
size_t tco_option_missing(const tco_scenario *s, const tco_option *o,
                          tco_missing out[TCO_MISSING_MAX])
{
    size_t n = 0;
#define MISSING(ok, sk) (out[n] = (tco_missing){(ok), (sk), NAN, NAN}, &out[n++])
    if (o->acquire == TCO_BUY) {
        if (o->src[TCO_O_SERVER_PRICE] == TCO_SRC_DEFAULT)
            typical_server_price(o, MISSING(TCO_O_SERVER_PRICE, -1));
        if (o->src[TCO_O_SERVER_POWER_W] == TCO_SRC_DEFAULT)
            typical_server_power(o, MISSING(TCO_O_SERVER_POWER_W, -1));
        if (!site_given(s, o, TCO_S_COLO_PER_KW_MONTH))
            MISSING(-1, TCO_S_COLO_PER_KW_MONTH);
    }
    if (uses_utilization(o) && o->src[TCO_O_UTILIZATION] == TCO_SRC_DEFAULT &&
        s->src[TCO_S_UTILIZATION] == TCO_SRC_DEFAULT)
        MISSING(TCO_O_UTILIZATION, -1);
#undef MISSING
    return n;
}

/* See documentation in header file. */
const char *tco_missing_key(const tco_missing *m)
{
    return m->okey >= 0 ? tco_option_key((tco_okey)m->okey)->name
                        : tco_scenario_key((tco_skey)m->skey)->name;
}
