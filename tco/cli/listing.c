/* listing.c - `tco catalog`: the catalog listing, its filters (--gpu,
 * --provider, --pricing, --region, --max-price) and its order, and the
 * table, JSON and CSV forms of it. The filters and the order make a view of
 * the catalog (cli_catalog_select); each form writes the view as it would
 * the whole catalog, so the JSON and CSV keep their shape. */
#include "cli/cli.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== The view ===== */

/* 1 when offer o passes the offer filters of f. */
static int offer_kept(const tco_offer *o, const cli_catalog_filter *f)
{
    return (!f->gpu || strcmp(f->gpu, o->gpu) == 0) &&
           tco_offer_text_matches(f->provider, o->provider) &&
           tco_offer_text_matches(f->pricing, o->pricing) &&
           tco_offer_text_matches(f->region, o->region) &&
           (isnan(f->max_price) || o->price_per_gpu_hour <= f->max_price);
}

/* Offers in order: by currency (prices in two currencies are not compared),
 * then price per GPU-hour, then id. */
static int offer_order(const void *pa, const void *pb)
{
    const tco_offer *a = pa, *b = pb;
    int c = strcmp(a->currency, b->currency);
    if (c)
        return c;
    if (a->price_per_gpu_hour != b->price_per_gpu_hour)
        return a->price_per_gpu_hour < b->price_per_gpu_hour ? -1 : 1;
    return strcmp(a->id, b->id);
}

/* 1 when some filter of f selects offers (the GPU list then follows them). */
static int offer_filtered(const cli_catalog_filter *f)
{
    return f->provider || f->pricing || f->region || !isnan(f->max_price);
}

/* See documentation in cli.h. */
tco_status cli_catalog_select(const tco_catalog *cat, const cli_catalog_filter *f,
                              tco_catalog *view)
{
    *view = *cat;
    view->api_offers = NULL; /* the view's own, below: never the catalog's */
    view->grid_regions = NULL;
    view->gpus = calloc(cat->n_gpus ? cat->n_gpus : 1, sizeof *view->gpus);
    view->offers = calloc(cat->n_offers ? cat->n_offers : 1, sizeof *view->offers);
    if (!view->gpus || !view->offers) {
        cli_catalog_view_free(view);
        return TCO_ERR_NOMEM;
    }
    view->n_offers = 0;
    for (size_t i = 0; i < cat->n_offers; i++)
        if (offer_kept(&cat->offers[i], f))
            view->offers[view->n_offers++] = cat->offers[i];
    qsort(view->offers, view->n_offers, sizeof *view->offers, offer_order);
    /* API offers (MODEL.md, API options), in catalog order: none with a filter
     * of GPUs or GPU offers; the provider's with --provider. */
    view->api_offers = calloc(cat->n_api_offers ? cat->n_api_offers : 1, sizeof *view->api_offers);
    if (!view->api_offers) {
        cli_catalog_view_free(view);
        return TCO_ERR_NOMEM;
    }
    view->n_api_offers = 0;
    for (size_t i = 0; i < cat->n_api_offers; i++)
        if (!f->gpu && !f->pricing && !f->region && isnan(f->max_price) &&
            tco_offer_text_matches(f->provider, cat->api_offers[i].provider))
            view->api_offers[view->n_api_offers++] = cat->api_offers[i];
    /* Grid regions (MODEL.md, Carbon), in catalog order: none with a filter of
     * GPUs, pricing or price; those of the provider and region given. */
    view->grid_regions =
        calloc(cat->n_grid_regions ? cat->n_grid_regions : 1, sizeof *view->grid_regions);
    if (!view->grid_regions) {
        cli_catalog_view_free(view);
        return TCO_ERR_NOMEM;
    }
    view->n_grid_regions = 0;
    for (size_t i = 0; i < cat->n_grid_regions; i++)
        if (!f->gpu && !f->pricing && isnan(f->max_price) &&
            tco_offer_text_matches(f->provider, cat->grid_regions[i].provider) &&
            tco_offer_text_matches(f->region, cat->grid_regions[i].region))
            view->grid_regions[view->n_grid_regions++] = cat->grid_regions[i];
    /* GPUs in catalog order: the one --gpu names; else, with an offer filter,
     * those the offers kept name; else all. */
    view->n_gpus = 0;
    for (size_t i = 0; i < cat->n_gpus; i++) {
        const tco_gpu_model *g = &cat->gpus[i];
        int keep = !f->gpu && !offer_filtered(f);
        if (f->gpu)
            keep = strcmp(f->gpu, g->id) == 0;
        for (size_t k = 0; !keep && !f->gpu && k < view->n_offers; k++)
            keep = strcmp(view->offers[k].gpu, g->id) == 0;
        if (keep)
            view->gpus[view->n_gpus++] = *g;
    }
    return TCO_OK;
}

/* See documentation in cli.h. */
void cli_catalog_view_free(tco_catalog *view)
{
    free(view->gpus);
    free(view->offers);
    free(view->api_offers);
    free(view->grid_regions);
    view->gpus = NULL;
    view->offers = NULL;
    view->api_offers = NULL;
    view->grid_regions = NULL;
    view->n_gpus = view->n_offers = view->n_api_offers = view->n_grid_regions = 0;
}

/* ===== The table ===== */

/* The widest of `head` and field `at` (a string, NULL shown as "-") of n
 * items of `size` bytes, in display columns (tco_text_width), at most max. */
static int column(const char *head, const void *items, size_t size, size_t at, size_t n, int max)
{
    int w = tco_text_width(head);
    for (size_t i = 0; i < n; i++) {
        const char *s = *(char *const *)((const char *)items + i * size + at);
        int len = tco_text_width(s ? s : "-");
        w = len > w ? len : w;
    }
    return w < max ? w : max;
}

#define ID_MAX   40 /* ids are at most 40 characters (pricing/catalog.xsd) */
#define TEXT_MAX 32 /* names, providers and regions are cut here */

/* The API offers (MODEL.md, API options), apart from the GPU offers: prices
 * per million tokens (a dash for a cached price not published). Nothing
 * when the listing has none. */
static void print_api_offers(FILE *out, const tco_catalog *cat)
{
    const tco_api_offer *a = cat->api_offers;
    size_t n = cat->n_api_offers, sz = sizeof *a;
    if (!n)
        return;
    int idw = column("id", a, sz, offsetof(tco_api_offer, id), n, ID_MAX);
    int provw = column("provider", a, sz, offsetof(tco_api_offer, provider), n, TEXT_MAX);
    int modw = column("model", a, sz, offsetof(tco_api_offer, model), n, TEXT_MAX);
    fprintf(out, "\nAPI offers (%zu), per 1M tokens\n", n);
    tco_fput_text(out, "id", idw, 0);
    fputc(' ', out);
    tco_fput_text(out, "provider", provw, 0);
    fputc(' ', out);
    tco_fput_text(out, "model", modw, 0);
    fprintf(out, " %8s %8s %8s      as of\n", "input", "cached", "output");
    for (size_t i = 0; i < n; i++) {
        char cached[24] = "-";
        if (!isnan(a[i].cached_per_million))
            snprintf(cached, sizeof cached, "%g", a[i].cached_per_million);
        tco_fput_text(out, a[i].id, idw, 0);
        fputc(' ', out);
        tco_fput_text(out, a[i].provider, provw, provw);
        fputc(' ', out);
        tco_fput_text(out, a[i].model, modw, modw);
        fprintf(out, " %8g %8s %8g ", a[i].input_per_million, cached, a[i].output_per_million);
        tco_fput_text(out, a[i].currency, 3, 0);
        fputs("  ", out);
        tco_fput_text(out, a[i].as_of, 0, 0);
        fputc('\n', out);
    }
}

/* The grid regions (MODEL.md, Carbon), apart from the offers: each
 * provider region's grid intensity and the provider's PUE. Nothing when the
 * listing has none. */
static void print_grid_regions(FILE *out, const tco_catalog *cat)
{
    const tco_grid_region *g = cat->grid_regions;
    size_t n = cat->n_grid_regions, sz = sizeof *g;
    if (!n)
        return;
    int idw = column("id", g, sz, offsetof(tco_grid_region, id), n, ID_MAX);
    int provw = column("provider", g, sz, offsetof(tco_grid_region, provider), n, TEXT_MAX);
    int regw = column("region", g, sz, offsetof(tco_grid_region, region), n, TEXT_MAX);
    fprintf(out, "\nGrid regions (%zu)\n", n);
    tco_fput_text(out, "id", idw, 0);
    fputc(' ', out);
    tco_fput_text(out, "provider", provw, 0);
    fputc(' ', out);
    tco_fput_text(out, "region", regw, 0);
    fprintf(out, " %10s %6s  as of\n", "kgCO2e/kWh", "PUE");
    for (size_t i = 0; i < n; i++) {
        tco_fput_text(out, g[i].id, idw, 0);
        fputc(' ', out);
        tco_fput_text(out, g[i].provider, provw, provw);
        fputc(' ', out);
        tco_fput_text(out, g[i].region, regw, regw);
        fprintf(out, " %10g %6g  ", g[i].kgco2e_per_kwh, g[i].pue);
        tco_fput_text(out, g[i].as_of, 0, 0);
        fputc('\n', out);
    }
}

/* See documentation in cli.h. */
tco_status cli_print_catalog(FILE *out, const void *arg)
{
    const tco_catalog *cat = arg;
    char a[40];
    int idw = column("id", cat->gpus, sizeof *cat->gpus, offsetof(tco_gpu_model, id), cat->n_gpus,
                     ID_MAX);
    int namew = column("name", cat->gpus, sizeof *cat->gpus, offsetof(tco_gpu_model, name),
                       cat->n_gpus, TEXT_MAX);
    fprintf(out, "GPUs (%zu)\n", cat->n_gpus);
    tco_fput_text(out, "id", idw, 0);
    fputc(' ', out);
    tco_fput_text(out, "name", namew, 0);
    fprintf(out, " %9s %9s %8s %6s %12s  %s\n", "FP16 TF", "memory", "TB/s", "TDP W", "price",
            "as of");
    for (size_t i = 0; i < cat->n_gpus; i++) {
        const tco_gpu_model *g = &cat->gpus[i];
        char mem[24], bw[24] = "-"; /* a bandwidth the entry does not give: a dash */
        snprintf(mem, sizeof mem, "%g GB", g->memory_gb);
        if (!isnan(g->memory_bw_tbs))
            snprintf(bw, sizeof bw, "%g", g->memory_bw_tbs);
        tco_fput_text(out, g->id, idw, 0);
        fputc(' ', out);
        tco_fput_text(out, g->name, namew, namew);
        fprintf(out, " %9g %9s %8s %6g ", g->fp16_tflops, mem, bw, g->tdp_w);
        if (isnan(g->price_typical)) { /* the price and its currency, right-aligned in 12 */
            fprintf(out, "%12s", "-");
        } else {
            const char *num = tco_group_thousands(a, sizeof a, g->price_typical, 0);
            int w = (int)strlen(num) + 1 + tco_text_width(g->currency);
            fprintf(out, "%*s%s ", w < 12 ? 12 - w : 0, "", num);
            tco_fput_text(out, g->currency, 0, 0);
        }
        fputs("  ", out);
        tco_fput_text(out, g->as_of, 0, 0);
        fputc('\n', out);
    }

    const tco_offer *o = cat->offers;
    size_t n = cat->n_offers, sz = sizeof *o;
    int oidw = column("id", o, sz, offsetof(tco_offer, id), n, ID_MAX);
    int provw = column("provider", o, sz, offsetof(tco_offer, provider), n, TEXT_MAX);
    int gpuw = column("gpu", o, sz, offsetof(tco_offer, gpu), n, ID_MAX);
    int kindw = column("pricing", o, sz, offsetof(tco_offer, pricing), n, ID_MAX);
    int regw = column("region", o, sz, offsetof(tco_offer, region), n, TEXT_MAX);
    fprintf(out, "\nCloud offers (%zu)\n", n);
    const char *heads[] = {"id", "provider", "gpu", "pricing"};
    const int widths[] = {oidw, provw, gpuw, kindw};
    for (size_t k = 0; k < 4; k++) {
        tco_fput_text(out, heads[k], widths[k], 0);
        fputc(' ', out);
    }
    fprintf(out, "%6s %10s  ", "term", "per GPU-h");
    tco_fput_text(out, "region", regw, 0);
    fputs(" as of\n", out);
    for (size_t i = 0; i < n; i++) {
        char term[16] = "-";
        if (o[i].term_months)
            snprintf(term, sizeof term, "%dm", o[i].term_months);
        tco_fput_text(out, o[i].id, oidw, 0);
        fputc(' ', out);
        tco_fput_text(out, o[i].provider, provw, provw);
        fputc(' ', out);
        tco_fput_text(out, o[i].gpu, gpuw, 0);
        fputc(' ', out);
        tco_fput_text(out, o[i].pricing, kindw, 0);
        fprintf(out, " %6s %6.2f ", term, o[i].price_per_gpu_hour);
        tco_fput_text(out, o[i].currency, 3, 0);
        fputs("  ", out);
        tco_fput_text(out, o[i].region ? o[i].region : "-", regw, regw);
        fputc(' ', out);
        tco_fput_text(out, o[i].as_of, 0, 0);
        fputc('\n', out);
    }
    print_api_offers(out, cat);
    print_grid_regions(out, cat);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* ===== JSON and CSV ===== */

/* The JSON and CSV listings are the library's (tco_catalog_write_*_stream). */
tco_status cli_print_catalog_json(FILE *out, const void *arg)
{
    return tco_catalog_write_json_stream(arg, out);
}

tco_status cli_print_catalog_csv(FILE *out, const void *arg)
{
    return tco_catalog_write_csv_stream(arg, out);
}
