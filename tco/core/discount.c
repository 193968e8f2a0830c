/* discount.c - negotiated prices and the cheapest offer (MODEL.md, Negotiated
 * discounts, The cheapest offer): which [discount NAME] applies to a catalog
 * offer, the offer's price after it, which offers a rent option's filters
 * keep, and the cheapest of them by the documented order. */
#include "core/core.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* ===== Matching ===== */

/* See core.h. */
int tci_discount_specificity(const tco_discount *d)
{
    return d->offer ? 3 : d->pricing ? 2 : 1;
}

/* See core.h. */
int tci_discount_matches(const tco_discount *d, const tco_offer *e)
{
    return tco_offer_text_matches(d->provider, e->provider) &&
           tco_offer_text_matches(d->pricing, e->pricing) &&
           (!d->offer || strcmp(d->offer, e->id) == 0);
}

/* See core.h. */
int tci_discount_for(const tco_scenario *s, const tco_offer *e)
{
    int best = 0, best_spec = 0;
    for (size_t i = 0; i < s->n_discounts; i++) {
        const tco_discount *d = &s->discounts[i];
        int spec = tci_discount_specificity(d);
        /* Two sections of one specificity that match the same offer are refused
         * by the loader, so the first of the most specific is the one. */
        if (spec > best_spec && tci_discount_matches(d, e)) {
            best = (int)i + 1;
            best_spec = spec;
        }
    }
    return best;
}

/* ===== A discount moved by an analysis ===== */

/* See core.h. */
int tci_discount_prices(const tco_option *o, int k)
{
    return o->discount && (!k || o->discount == k) && o->acquire == TCO_RENT &&
           o->src[TCO_O_PRICE_PER_GPU_HOUR] == TCO_SRC_CATALOG;
}

/* See core.h. */
void tci_discount_apply(tco_scenario *s, int k, void (*set)(void *, double *, double), void *arg)
{
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        if (!tci_discount_prices(o, k))
            continue;
        double p = tci_discounted(s, o->discount, o->fx_price);
        if (o->fx)
            p = tci_fx_convert(s, o->fx, p);
        if (set)
            set(arg, &o->price_per_gpu_hour, p);
        else
            o->price_per_gpu_hour = p;
    }
}

/* ===== The cheapest offer ===== */

/* See core.h. */
int tci_offer_kept(const tco_option *o, const tco_offer *e)
{
    return o->offer_gpu && strcmp(o->offer_gpu, e->gpu) == 0 &&
           tco_offer_text_matches(o->offer_pricing, e->pricing) &&
           tco_offer_text_matches(o->offer_provider, e->provider) &&
           tco_offer_text_matches(o->offer_region, e->region) &&
           (o->offer_min_gpus <= 0 || e->gpus >= o->offer_min_gpus);
}

/* See core.h. */
double tci_offer_price_in(const tco_scenario *s, const tco_offer *e)
{
    double p = tci_discounted(s, tci_discount_for(s, e), e->price_per_gpu_hour);
    if (!e->currency || strcmp(e->currency, s->currency) == 0)
        return p;
    for (size_t r = 0; r < s->n_fx; r++)
        if (strcmp(s->fx[r].code, e->currency) == 0)
            return isnan(s->fx[r].rate) ? NAN : tci_fx_convert(s, (int)r + 1, p);
    return NAN;
}

/* See core.h. */
const tco_offer *tci_cheapest_offer(const tco_scenario *s, const tco_option *o, int *matched)
{
    const tco_catalog *cat = s->catalog;
    const tco_offer *best = NULL;
    double best_price = NAN;
    *matched = 0;
    for (size_t k = 0; cat && k < cat->n_offers; k++) {
        const tco_offer *e = &cat->offers[k];
        if (!tci_offer_kept(o, e))
            continue;
        double p = tci_offer_price_in(s, e);
        if (isnan(p))
            continue; /* no rate for its currency: not compared */
        ++*matched;
        if (!best || p < best_price || (p == best_price && strcmp(e->id, best->id) < 0)) {
            best = e;
            best_price = p;
        }
    }
    return best;
}
