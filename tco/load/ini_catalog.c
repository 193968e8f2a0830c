/* ini_catalog.c - the INI loader's price catalogs: the shipped ones, the
 * scenario's `catalog =` list and the caller's, read into the scenario's
 * catalog; then every option filled from the entries it names, with the age
 * of its prices. */
#include "load/ini.h"
#include "core/core.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ===== Reading the catalogs ===== */

/* Read one catalog into the scenario's; a catalog with errors (reported by
 * its loader, and at `line` when the scenario named it) fails the load. */
static tco_status load_one_catalog(loader *L, const char *path, int line, tco_diags *diags)
{
    if (!L->s->catalog && !(L->s->catalog = tco_catalog_new()))
        return TCO_ERR_NOMEM;
    tco_status st = tco_catalog_load_file(L->s->catalog, path, diags);
    if (st == TCO_ERR_NOMEM)
        return st;
    if (st != TCO_OK) {
        L->catalog_failed = 1;
        if (line)
            tci_ini_report(L, line, NULL, "the catalog '%s' could not be read", path);
    }
    return TCO_OK;
}

/* See ini.h. */
tco_status tci_ini_read_catalogs(loader *L, const tco_load_options *opts, tco_diags *diags)
{
    tco_status st = TCO_OK;
    for (const char *const *p = opts ? opts->catalogs_before : NULL; p && *p && !st; p++)
        st = load_one_catalog(L, *p, 0, diags);
    /* Paths in the list are relative to the file that gives it. */
    const char *kfile = L->s->key_file[TCO_S_CATALOG];
    int kline = L->s->key_line[TCO_S_CATALOG];
    const char *list = L->s->catalog_path;
    while (list && *list && !st) {
        size_t len;
        const char *a = tci_ini_list_item(&list, &len);
        if (len == 0) {
            tci_ini_report(L, tci_ini_at_file(L, kfile, kline), NULL,
                           "empty catalog path in the list");
        } else {
            char *path = tci_ini_path_beside(kfile ? kfile : L->file, a, len);
            if (!path)
                return TCO_ERR_NOMEM;
            st = load_one_catalog(L, path, tci_ini_at_file(L, kfile, kline), diags);
            free(path);
        }
    }
    for (const char *const *p = opts ? opts->catalogs_after : NULL; p && *p && !st; p++)
        st = load_one_catalog(L, *p, 0, diags);
    return st;
}

/* ===== Options filled from the catalog ===== */

/* Report an unknown catalog id with the closest one. */
static void unknown_id(loader *L, int line, const char *what, const char *id, const char **ids,
                       size_t n)
{
    const char *hint = tci_ini_closest(L, id, ids, n);
    if (hint)
        tci_ini_report(L, line, NULL, "unknown %s '%s' in the catalog; did you mean '%s'?", what,
                       id, hint);
    else
        tci_ini_report(L, line, NULL, "unknown %s '%s' in the catalog ('tco catalog' lists them)",
                       what, id);
}

/* Set a number from the catalog unless the scenario gave it. */
static void fill(tco_option *o, int key, double v)
{
    if (o->src[key] || isnan(v))
        return;
    *(double *)tci_key_field(o, tci_ini_okey(key)) = v;
    o->src[key] = TCO_SRC_CATALOG;
}

/* Fill price key `key` of option o from catalog price v in `currency`: v
 * times (1 - fraction) of discount `discount` (0: none; MODEL.md, Negotiated
 * discounts), as it is in the scenario's currency, else divided by that
 * currency's rate in [fx] (MODEL.md, Currency conversion): the one price
 * chain. Returns 1 when filled; 0 when [fx] has no rate for the currency
 * (reported at line; the load fails there). */
static int fill_price(loader *L, tco_option *o, int key, double v, int discount,
                      const char *currency, int line, const char *id)
{
    const tco_scenario *s = L->s;
    double net = tci_discounted(s, discount, v);
    if (!currency || strcmp(currency, s->currency) == 0) {
        fill(o, key, net);
        if (discount && !isnan(v)) {
            o->discount = discount;
            o->fx_price = v;
        }
        return 1;
    }
    int r = tci_ini_fx_find(s, currency);
    const char *kname = tci_ini_okey(key)->name;
    if (r < 0) {
        tci_ini_report(L, line, NULL,
                       "the catalog prices '%s' in %s but the scenario's currency is %s: "
                       "add '%s = RATE' to [fx] (units of %s per one %s), or give %s for "
                       "option '%s' in %s",
                       id, currency, s->currency, currency, currency, s->currency, kname, o->id,
                       s->currency);
        o->src[key] = TCO_SRC_CATALOG; /* said here, not again as a missing key */
        return 0;
    }
    if (isnan(s->fx[r].rate)) { /* not a rate (reported): the load fails there */
        o->src[key] = TCO_SRC_CATALOG;
        return 1;
    }
    if (isnan(v))
        return 1;
    fill(o, key, tci_fx_convert(s, r + 1, net));
    o->fx = r + 1;
    o->fx_price = v;
    o->discount = discount;
    return 1;
}

/* Where an option's catalog price comes from: the entry's date, and the key
 * that named the entry. */
typedef struct price_source {
    const char *date; /* NULL: the option has no catalog price */
    const char *file;
    int line;
} price_source;

/* Fill rent option o from the catalog offer it names. Returns 1 to go on to
 * its GPU, 0 when the offer is unknown (reported), -1 when out of memory. */
static int fill_from_offer(loader *L, tco_option *o, const char **ids, price_source *price)
{
    const tco_catalog *cat = L->s->catalog;
    const int *kl = o->key_line;
    int cheapest = strcmp(o->offer, "cheapest") == 0;
    if (cheapest && !tci_ini_pick_cheapest(L, o))
        return L->nomem ? -1 : 0;
    const tco_offer *e = cheapest ? o->offer_entry : tco_catalog_offer(cat, o->offer);
    if (!e) {
        for (size_t k = 0; k < cat->n_offers; k++)
            ids[k] = cat->offers[k].id;
        unknown_id(L, tci_ini_at_file(L, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]), "offer",
                   o->offer, ids, cat->n_offers);
        return 0;
    }
    o->offer_entry = e;
    if (!o->src[TCO_O_GPU]) {
        free(o->gpu);
        if (!(o->gpu = strdup(e->gpu))) {
            L->nomem = 1;
            return -1;
        }
        o->src[TCO_O_GPU] = TCO_SRC_CATALOG;
    }
    if (!o->src[TCO_O_PRICE_PER_GPU_HOUR] &&
        fill_price(L, o, TCO_O_PRICE_PER_GPU_HOUR, e->price_per_gpu_hour, tci_discount_for(L->s, e),
                   e->currency, tci_ini_at_file(L, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]),
                   e->id)) {
        *price = (price_source){e->as_of, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]};
    }
    /* The provider's egress price, where the offer publishes one, in the
     * currency of its hourly price: converted as that is, at the rate of the
     * load (an unlisted currency was reported above, unless the option gives
     * its own hourly price). */
    if (!o->src[TCO_O_EGRESS_PER_TB] && !isnan(e->egress_per_tb)) {
        int r = e->currency ? tci_ini_fx_find(L->s, e->currency) : -1;
        if (!e->currency || strcmp(e->currency, L->s->currency) == 0)
            fill(o, TCO_O_EGRESS_PER_TB, e->egress_per_tb);
        else if (r >= 0 && !isnan(L->s->fx[r].rate))
            fill(o, TCO_O_EGRESS_PER_TB, tci_fx_convert(L->s, r + 1, e->egress_per_tb));
        else if (r < 0 && o->src[TCO_O_PRICE_PER_GPU_HOUR] == TCO_SRC_INI)
            fill_price(L, o, TCO_O_EGRESS_PER_TB, e->egress_per_tb, 0, e->currency,
                       tci_ini_at_file(L, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]), e->id);
    }
    if (!o->src[TCO_O_PRICING]) {
        o->pricing = strcmp(e->pricing, "reserved") == 0 ? TCO_RESERVED
                     : strcmp(e->pricing, "spot") == 0   ? TCO_SPOT
                                                         : TCO_ON_DEMAND;
        o->src[TCO_O_PRICING] = TCO_SRC_CATALOG;
    }
    /* A reserved offer's term is the option's, unless the option gives its own. */
    if (!o->src[TCO_O_TERM_MONTHS] && o->pricing == TCO_RESERVED && e->term_months > 0) {
        o->term_months = e->term_months;
        o->src[TCO_O_TERM_MONTHS] = TCO_SRC_CATALOG;
    }
    return 1;
}

/* Fill API option o from the catalog's API offer it names (MODEL.md, API
 * options): each price the option does not give, converted as a GPU offer's
 * price is (no discount). Returns 1 when found, 0 when not (reported). */
static int fill_from_api_offer(loader *L, tco_option *o, price_source *price)
{
    const tco_catalog *cat = L->s->catalog;
    const int line = tci_ini_at_file(L, o->key_file[TCO_O_OFFER], o->key_line[TCO_O_OFFER]);
    if (strcmp(o->offer, "cheapest") == 0) {
        tci_ini_report(L, line, NULL,
                       "option '%s' is acquire = api: 'offer = cheapest' picks among GPU offers; "
                       "name an API offer ('tco catalog' lists them)",
                       o->id);
        return 0;
    }
    const tco_api_offer *e = tco_catalog_api_offer(cat, o->offer);
    if (!e) {
        const char **ids = malloc((cat->n_api_offers + 1) * sizeof *ids);
        if (!ids) {
            L->nomem = 1;
            return 0;
        }
        for (size_t k = 0; k < cat->n_api_offers; k++)
            ids[k] = cat->api_offers[k].id;
        unknown_id(L, line, "API offer", o->offer, ids, cat->n_api_offers);
        free(ids);
        return 0;
    }
    const struct {
        int key;
        double v;
    } prices[] = {{TCO_O_PRICE_PER_MILLION_INPUT_TOKENS, e->input_per_million},
                  {TCO_O_PRICE_PER_MILLION_CACHED_TOKENS, e->cached_per_million},
                  {TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS, e->output_per_million}};
    int filled = 0;
    for (size_t k = 0; k < sizeof prices / sizeof *prices; k++)
        if (!o->src[prices[k].key] && !isnan(prices[k].v))
            filled |= fill_price(L, o, prices[k].key, prices[k].v, 0, e->currency, line, e->id);
    if (filled)
        *price = (price_source){e->as_of, o->key_file[TCO_O_OFFER], o->key_line[TCO_O_OFFER]};
    return 1;
}

/* Fill option o from the catalog entry of its GPU. Returns 0 when the GPU is
 * unknown (reported), else 1. */
static int fill_from_gpu(loader *L, tco_option *o, const char **ids, price_source *price)
{
    const tco_catalog *cat = L->s->catalog;
    const int *kl = o->key_line;
    const tco_gpu_model *m = tco_catalog_gpu(cat, o->gpu);
    int line = kl[TCO_O_GPU] ? kl[TCO_O_GPU] : kl[TCO_O_OFFER];
    const char *file = kl[TCO_O_GPU] ? o->key_file[TCO_O_GPU] : o->key_file[TCO_O_OFFER];
    tci_ini_at_file(L, file, line);
    if (!m) {
        for (size_t k = 0; k < cat->n_gpus; k++)
            ids[k] = cat->gpus[k].id;
        unknown_id(L, line, "GPU", o->gpu, ids, cat->n_gpus);
        return 0;
    }
    o->model = m;
    fill(o, TCO_O_TDP_W, m->tdp_w);
    fill(o, TCO_O_FP16_TFLOPS, m->fp16_tflops);
    fill(o, TCO_O_MEMORY_GB, m->memory_gb);
    if (o->acquire == TCO_BUY) /* MODEL.md, Carbon: cited in the catalog */
        fill(o, TCO_O_EMBODIED_KGCO2E, m->embodied_kgco2e);
    if (o->acquire == TCO_BUY && !o->src[TCO_O_GPU_PRICE] && !isnan(m->price_typical) &&
        fill_price(L, o, TCO_O_GPU_PRICE, m->price_typical, 0, m->currency, line, m->id)) {
        *price = (price_source){m->as_of, file, line};
    }
    return 1;
}

/* Rent option o's kgco2e_per_gpu_hour from the catalog grid region of its
 * offer's provider and region (MODEL.md, Carbon), unless it gives its own:
 * a GPU's draw at load (tdp_w x load_power_fraction) times the provider's
 * PUE and the grid's intensity. */
static void fill_from_grid_region(loader *L, tco_option *o)
{
    const tco_offer *e = o->offer_entry;
    if (o->acquire != TCO_RENT || !e || o->src[TCO_O_KGCO2E_PER_GPU_HOUR])
        return;
    const tco_grid_region *g = tco_catalog_grid_region(L->s->catalog, e->provider, e->region);
    if (!g || isnan(o->tdp_w))
        return;
    o->kgco2e_per_gpu_hour = o->tdp_w * o->load_power_fraction / 1000 * g->pue * g->kgco2e_per_kwh;
    o->src[TCO_O_KGCO2E_PER_GPU_HOUR] = TCO_SRC_CATALOG;
    o->grid_region = g;
}

/* The age of option o's catalog price on `today`, with a warning when it is
 * stale. */
static void check_price_age(loader *L, tco_option *o, const price_source *price, const char *today)
{
    const tco_scenario *s = L->s;
    if (!price->date || !today)
        return;
    o->price_age_months = tco_months_between(price->date, today);
    if (o->price_age_months > s->stale_after_months) {
        o->price_stale = 1;
        tci_ini_report(L, tci_ini_at_file(L, price->file, price->line), NULL,
                       "the catalog price for option '%s' is from %s, %d "
                       "months before %s (stale_after_months = %d)",
                       o->id, price->date, o->price_age_months, today, s->stale_after_months);
        tci_ini_as_warning(L);
    }
}

/* See ini.h. */
void tci_ini_fill_from_catalog(loader *L, const tco_load_options *opts)
{
    tco_scenario *s = L->s;
    const tco_catalog *cat = s->catalog;
    const char *today = s->as_of ? s->as_of : opts ? opts->today : NULL;
    tci_ini_fx_age(L, today);
    if (!cat)
        return;
    const char **ids = malloc((cat->n_gpus + cat->n_offers + 1) * sizeof *ids);
    if (!ids) {
        L->nomem = 1;
        return;
    }
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        const int *kl = o->key_line;
        price_source price = {NULL, NULL, 0};
        o->price_age_months = -1;
        if (!tci_ini_check_offer_keys(L, o))
            continue;
        if (o->acquire == TCO_API) {
            if (o->offer && kl[TCO_O_OFFER] && fill_from_api_offer(L, o, &price))
                check_price_age(L, o, &price, today);
            continue;
        }
        if (o->offer && kl[TCO_O_OFFER] && o->acquire == TCO_RENT) {
            int r = fill_from_offer(L, o, ids, &price);
            if (r < 0)
                break;
            if (r == 0)
                continue;
        }
        if (o->gpu && (kl[TCO_O_GPU] || o->src[TCO_O_GPU] == TCO_SRC_CATALOG) &&
            !fill_from_gpu(L, o, ids, &price))
            continue;
        fill_from_grid_region(L, o);
        check_price_age(L, o, &price, today);
    }
    free(ids);
}
