/* ini_discount.c - negotiated prices and the cheapest offer (MODEL.md,
 * Negotiated discounts, The cheapest offer): the [discount NAME] sections,
 * their keys checked against the catalogs read, and the offer a rent option
 * with `offer = cheapest` picks by its offer_* filters. Which discount
 * applies and which offer is cheapest is core/discount.c's rule. */
#include "load/ini.h"
#include "core/core.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How many [discount NAME] sections a scenario may have. */
#define MAX_DISCOUNTS 256

/* The discounts' list, for its checks. */
static const tci_ini_named discount_list = {"discount",
                                            sizeof(tco_discount),
                                            offsetof(tco_discount, name),
                                            offsetof(tco_discount, line),
                                            offsetof(tco_discount, file),
                                            MAX_DISCOUNTS};

/* The keys of a [discount NAME]. */
static const char *const discount_keys[] = {"provider", "pricing", "offer", "fraction"};

/* The pricing kinds an offer has. */
static const char *const pricing_kinds[] = {"on-demand", "spot", "reserved"};

/* See ini.h. */
int tci_ini_begin_discount(loader *L, const char *name, size_t len, int line)
{
    tco_scenario *s = L->s;
    void *items = s->discounts;
    tco_discount *d =
        tci_ini_named_add(L, &discount_list, &items, &s->n_discounts, name, len, line);
    s->discounts = items;
    if (!d)
        return -1;
    d->fraction = 0; /* until `fraction =` (required): a bad one fails the load alone */
    size_t n = strlen(d->name) + sizeof "discount.";
    if ((d->driver = malloc(n)) != NULL)
        snprintf(d->driver, n, "discount.%s", d->name);
    else
        L->nomem = 1;
    return (int)(d - s->discounts);
}

/* ===== Reading the sections ===== */

/* 1 when v is one of the pricing kinds; else reported at line as key's. */
static int pricing_ok(loader *L, const char *key, const char *v, int line)
{
    for (size_t i = 0; i < 3; i++)
        if (strcmp(v, pricing_kinds[i]) == 0)
            return 1;
    const char *hint = tci_ini_closest(L, v, pricing_kinds, 3);
    if (hint)
        tci_ini_report(L, line, NULL, "'%s' is not a pricing for '%s'; did you mean '%s'?", v, key,
                       hint);
    else
        tci_ini_report(L, line, NULL, "'%s' must be on-demand, spot or reserved (got '%s')", key,
                       v);
    return 0;
}

/* A copy of text v into *dst; 0 when out of memory. */
static int set_text(loader *L, char **dst, const char *v)
{
    free(*dst);
    if (!(*dst = strdup(v)))
        L->nomem = 1;
    return *dst != NULL;
}

/* One `key = value` of discount d. */
static void read_key(loader *L, tco_discount *d, const entry *e)
{
    if (strcmp(e->name, "fraction") == 0) {
        double was = d->fraction;
        if (!tci_ini_set_value(L, d, tci_discount_key(), e->value, e->line)) {
            d->fraction = was;
        } else if (d->fraction <= -1 || d->fraction >= 1) {
            tci_ini_report(L, e->line, NULL,
                           "'fraction' must be above -1 and below 1 (got %s): 0.15 is 15%% off "
                           "the catalog's price, -0.1 a markup of 10%%",
                           e->value);
            d->fraction = 0;
        }
        d->fraction_line = e->line;
    } else if (!*e->value) {
        tci_ini_report(L, e->line, NULL, "missing value for '%s'", e->name);
    } else if (strcmp(e->name, "provider") == 0) {
        set_text(L, &d->provider, e->value);
    } else if (strcmp(e->name, "pricing") == 0) {
        if (pricing_ok(L, "pricing", e->value, e->line))
            set_text(L, &d->pricing, e->value);
    } else if (strcmp(e->name, "offer") == 0) {
        set_text(L, &d->offer, e->value);
    } else {
        const char *hint = tci_ini_closest(L, e->name, discount_keys, 4);
        if (hint)
            tci_ini_report(L, e->line, NULL,
                           "unknown key '%s' in [discount %s]; did you mean '%s'?", e->name,
                           d->name, hint);
        else
            tci_ini_report(L, e->line, NULL,
                           "unknown key '%s' in [discount %s] (expected provider, pricing, offer "
                           "or fraction)",
                           e->name, d->name);
    }
}

/* "line N" of discount d, or "FILE:N" when it is in another file than `file`. */
static void where(char *buf, size_t size, const tco_discount *d, const char *file)
{
    if (d->file == file)
        snprintf(buf, size, "line %d", d->line);
    else
        snprintf(buf, size, "%s:%d", d->file, d->line);
}

/* 1 when discounts a and b match the same offers with the same specificity. */
static int same_reach(const tco_discount *a, const tco_discount *b)
{
    if (!a->provider || !b->provider || strcasecmp(a->provider, b->provider) != 0)
        return 0;
    if (a->offer || b->offer)
        return a->offer && b->offer && strcmp(a->offer, b->offer) == 0;
    if (a->pricing || b->pricing)
        return a->pricing && b->pricing && strcmp(a->pricing, b->pricing) == 0;
    return 1;
}

/* Discount d against the catalog: its offer, its provider. */
static void check_against_catalog(loader *L, const tco_discount *d)
{
    const tco_catalog *cat = L->s->catalog;
    if (!cat || !d->provider)
        return;
    int line = tci_ini_at_file(L, d->file, d->line);
    if (d->offer) {
        const tco_offer *e = tco_catalog_offer(cat, d->offer);
        if (!e) {
            const char **ids = malloc((cat->n_offers + 1) * sizeof *ids);
            if (!ids) {
                L->nomem = 1;
                return;
            }
            for (size_t k = 0; k < cat->n_offers; k++)
                ids[k] = cat->offers[k].id;
            const char *hint = tci_ini_closest(L, d->offer, ids, cat->n_offers);
            if (hint)
                tci_ini_report(L, line, NULL,
                               "[discount %s]: unknown offer '%s' in the catalog; did you mean "
                               "'%s'?",
                               d->name, d->offer, hint);
            else
                tci_ini_report(L, line, NULL,
                               "[discount %s]: unknown offer '%s' in the catalog ('tco catalog' "
                               "lists them)",
                               d->name, d->offer);
            free(ids);
        } else if (!tco_offer_text_matches(d->provider, e->provider)) {
            tci_ini_report(L, line, NULL,
                           "[discount %s]: offer '%s' is from provider '%s', not '%s'", d->name,
                           d->offer, e->provider, d->provider);
        } else if (!tco_offer_text_matches(d->pricing, e->pricing)) {
            tci_ini_report(L, line, NULL, "[discount %s]: offer '%s' is priced %s, not %s", d->name,
                           d->offer, e->pricing, d->pricing);
        }
        return;
    }
    /* A provider no catalog offer has: the discount applies to nothing. A
     * warning, not an error: another catalog (--catalog) may have it. */
    const char **names = malloc((cat->n_offers + 1) * sizeof *names);
    if (!names) {
        L->nomem = 1;
        return;
    }
    size_t n = 0;
    for (size_t k = 0; k < cat->n_offers; k++) {
        const char *p = cat->offers[k].provider;
        if (tco_offer_text_matches(d->provider, p)) {
            free(names);
            return;
        }
        size_t j = 0;
        while (j < n && strcmp(names[j], p) != 0)
            j++;
        if (j == n)
            names[n++] = p;
    }
    const char *hint = tci_ini_closest(L, d->provider, names, n);
    if (hint)
        tci_ini_report(L, line, NULL,
                       "[discount %s]: no catalog offer is from provider '%s' (did you mean "
                       "'%s'?): the discount applies to nothing",
                       d->name, d->provider, hint);
    else
        tci_ini_report(L, line, NULL,
                       "[discount %s]: no catalog offer is from provider '%s': the discount "
                       "applies to nothing",
                       d->name, d->provider);
    tci_ini_as_warning(L);
    free(names);
}

/* See ini.h. */
void tci_ini_read_discounts(loader *L)
{
    tco_scenario *s = L->s;
    for (size_t i = 0; i < L->n_entries && !L->nomem; i++) {
        const entry *e = &L->entries[i];
        const section *sec = &L->sections[e->section];
        if (sec->kind != SEC_DISCOUNT || sec->index < 0)
            continue;
        L->cur = e->file;
        read_key(L, &s->discounts[sec->index], e);
    }
    for (size_t i = 0; i < s->n_discounts && !L->nomem; i++) {
        const tco_discount *d = &s->discounts[i];
        int line = tci_ini_at_file(L, d->file, d->line);
        if (!d->provider)
            tci_ini_report(L, line, NULL,
                           "[discount %s] needs 'provider = NAME': the provider of the offers it "
                           "applies to",
                           d->name);
        if (!d->fraction_line)
            tci_ini_report(L, line, NULL,
                           "[discount %s] needs 'fraction = F': 0.15 for 15%% off the catalog's "
                           "price, -0.1 for a markup of 10%%",
                           d->name);
        check_against_catalog(L, d);
        /* The most specific wins; two of one specificity over the same offers
         * would leave the choice to their order: an error naming both. */
        for (size_t j = 0; j < i; j++) {
            const tco_discount *b = &s->discounts[j];
            if (!same_reach(b, d))
                continue;
            char at[300];
            where(at, sizeof at, b, d->file);
            tci_ini_at_file(L, d->file, d->line);
            tci_ini_report(L, line, NULL,
                           "[discount %s] and [discount %s] (%s) apply to the same offers "
                           "(provider '%s'%s%s%s%s%s): keep one, or make one more specific "
                           "with pricing = or offer =",
                           d->name, b->name, at, d->provider, d->pricing ? ", pricing " : "",
                           d->pricing ? d->pricing : "", d->offer ? ", offer '" : "",
                           d->offer ? d->offer : "", d->offer ? "'" : "");
            break;
        }
    }
    L->cur = 0;
}

/* ===== The cheapest offer ===== */

/* See ini.h. */
int tci_ini_check_offer_keys(loader *L, tco_option *o)
{
    static const int keys[] = {TCO_O_OFFER_GPU, TCO_O_OFFER_PRICING, TCO_O_OFFER_PROVIDER,
                               TCO_O_OFFER_REGION, TCO_O_OFFER_MIN_GPUS};
    int cheapest = o->offer && strcmp(o->offer, "cheapest") == 0;
    int ok = 1;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        int k = keys[i];
        if (!o->key_line[k] || cheapest)
            continue;
        tci_ini_report(L, tci_ini_at_file(L, o->key_file[k], o->key_line[k]), NULL,
                       "'%s' is a filter of 'offer = cheapest' (option '%s' %s)",
                       tci_ini_okey(k)->name, o->id, o->offer ? "names its offer" : "has no offer");
        ok = 0;
    }
    if (cheapest && o->offer_pricing && o->key_line[TCO_O_OFFER_PRICING] &&
        !pricing_ok(
            L, "offer_pricing", o->offer_pricing,
            tci_ini_at_file(L, o->key_file[TCO_O_OFFER_PRICING], o->key_line[TCO_O_OFFER_PRICING])))
        ok = 0;
    return ok;
}

/* The filters of option o, as "GPU 'x', provider 'y', ...", into buf. */
static void filters_text(char *buf, size_t size, const tco_option *o)
{
    int n = snprintf(buf, size, "offer_gpu '%s'", o->offer_gpu ? o->offer_gpu : "");
    const char *names[] = {"offer_pricing", "offer_provider", "offer_region"};
    const char *vals[] = {o->offer_pricing, o->offer_provider, o->offer_region};
    for (size_t i = 0; i < 3 && n >= 0 && (size_t)n < size; i++)
        if (vals[i])
            n += snprintf(buf + n, size - (size_t)n, ", %s '%s'", names[i], vals[i]);
    if (o->offer_min_gpus > 0 && n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n,
                 ", offer_min_gpus %d: an offer without <gpus> is left out", o->offer_min_gpus);
}

/* The pick failed (reported): the option's price is said to be missing there,
 * not again as a missing key. Returns 0. */
static int not_picked(tco_option *o)
{
    if (!o->src[TCO_O_PRICE_PER_GPU_HOUR])
        o->src[TCO_O_PRICE_PER_GPU_HOUR] = TCO_SRC_CATALOG;
    return 0;
}

/* See ini.h. */
int tci_ini_pick_cheapest(loader *L, tco_option *o)
{
    const tco_catalog *cat = L->s->catalog;
    int line = tci_ini_at_file(L, o->key_file[TCO_O_OFFER], o->key_line[TCO_O_OFFER]);
    if (!o->offer_gpu) {
        tci_ini_report(L, line, NULL,
                       "'offer = cheapest' needs 'offer_gpu = GPU': the catalog GPU whose offers "
                       "are compared (option '%s')",
                       o->id);
        return not_picked(o);
    }
    if (!tco_catalog_gpu(cat, o->offer_gpu)) {
        const char **ids = malloc((cat->n_gpus + 1) * sizeof *ids);
        if (!ids) {
            L->nomem = 1;
            return 0;
        }
        for (size_t k = 0; k < cat->n_gpus; k++)
            ids[k] = cat->gpus[k].id;
        const char *hint = tci_ini_closest(L, o->offer_gpu, ids, cat->n_gpus);
        int gl = tci_ini_at_file(L, o->key_file[TCO_O_OFFER_GPU], o->key_line[TCO_O_OFFER_GPU]);
        if (hint)
            tci_ini_report(L, gl, NULL, "unknown GPU '%s' in the catalog; did you mean '%s'?",
                           o->offer_gpu, hint);
        else
            tci_ini_report(L, gl, NULL,
                           "unknown GPU '%s' in the catalog ('tco catalog' lists them)",
                           o->offer_gpu);
        free(ids);
        return not_picked(o);
    }
    int matched = 0;
    const tco_offer *e = tci_cheapest_offer(L->s, o, &matched);
    if (!e) {
        char f[900];
        filters_text(f, sizeof f, o);
        tci_ini_at_file(L, o->key_file[TCO_O_OFFER], o->key_line[TCO_O_OFFER]);
        tci_ini_report(L, line, NULL,
                       "no catalog offer matches 'offer = cheapest' of option '%s' (%s; an offer "
                       "in a currency [fx] has no rate for is not compared)",
                       o->id, f);
        return not_picked(o);
    }
    o->offer_entry = e;
    o->offer_candidates = matched;
    return 1;
}
