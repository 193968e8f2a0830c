/* catalog.c - the price catalog object: a new one, freeing it and its
 * entries, looking entries up by id and matching an offer's provider, pricing
 * or region as given. The catalog loader (load/catalog.c)
 * reads the XML and merges its entries in. */
#include "core/core.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ===== Matching ===== */

/* See tco_catalog.h. */
int tco_offer_text_matches(const char *want, const char *have)
{
    return !want || (have && strcasecmp(want, have) == 0);
}

/* ===== Entries ===== */

/* See core.h. */
void tci_catalog_gpu_clear(tco_gpu_model *g)
{
    free(g->id);
    free(g->name);
    free(g->vendor);
    free(g->memory_type);
    free(g->currency);
    free(g->source);
    free(g->server_source);
    free(g->embodied_source);
    free(g->as_of);
}

/* See core.h. */
void tci_catalog_offer_clear(tco_offer *o)
{
    free(o->id);
    free(o->provider);
    free(o->gpu);
    free(o->pricing);
    free(o->currency);
    free(o->region);
    free(o->source);
    free(o->as_of);
}

/* See core.h. */
void tci_catalog_api_offer_clear(tco_api_offer *o)
{
    free(o->id);
    free(o->provider);
    free(o->model);
    free(o->currency);
    free(o->source);
    free(o->as_of);
}

/* See core.h. */
void tci_catalog_grid_region_clear(tco_grid_region *r)
{
    free(r->id);
    free(r->provider);
    free(r->region);
    free(r->source);
    free(r->as_of);
}

/* ===== The catalog ===== */

/* See documentation in header file. */
tco_catalog *tco_catalog_new(void)
{
    return calloc(1, sizeof(tco_catalog));
}

/* See documentation in header file. */
void tco_catalog_free(tco_catalog *cat)
{
    if (!cat)
        return;
    for (size_t i = 0; i < cat->n_gpus; i++)
        tci_catalog_gpu_clear(&cat->gpus[i]);
    for (size_t i = 0; i < cat->n_offers; i++)
        tci_catalog_offer_clear(&cat->offers[i]);
    for (size_t i = 0; i < cat->n_api_offers; i++)
        tci_catalog_api_offer_clear(&cat->api_offers[i]);
    free(cat->api_offers);
    for (size_t i = 0; i < cat->n_grid_regions; i++)
        tci_catalog_grid_region_clear(&cat->grid_regions[i]);
    free(cat->grid_regions);
    for (size_t i = 0; i < cat->n_files; i++)
        free(cat->files[i]);
    free(cat->gpus);
    free(cat->offers);
    free(cat->files);
    free(cat->file_ids);
    free(cat);
}

/* ===== Lookups ===== */

/* See documentation in header file. */
const tco_gpu_model *tco_catalog_gpu(const tco_catalog *cat, const char *id)
{
    if (!cat || !id)
        return NULL;
    for (size_t i = 0; i < cat->n_gpus; i++)
        if (strcmp(cat->gpus[i].id, id) == 0)
            return &cat->gpus[i];
    return NULL;
}

/* See documentation in header file. */
const tco_offer *tco_catalog_offer(const tco_catalog *cat, const char *id)
{
    if (!cat || !id)
        return NULL;
    for (size_t i = 0; i < cat->n_offers; i++)
        if (strcmp(cat->offers[i].id, id) == 0)
            return &cat->offers[i];
    return NULL;
}

/* See documentation in header file. */
const tco_api_offer *tco_catalog_api_offer(const tco_catalog *cat, const char *id)
{
    if (!cat || !id)
        return NULL;
    for (size_t i = 0; i < cat->n_api_offers; i++)
        if (strcmp(cat->api_offers[i].id, id) == 0)
            return &cat->api_offers[i];
    return NULL;
}

/* See documentation in header file. */
const tco_grid_region *tco_catalog_grid_region(const tco_catalog *cat, const char *provider,
                                               const char *region)
{
    if (!cat || !provider || !region)
        return NULL;
    for (size_t i = cat->n_grid_regions; i-- > 0;) /* the last read wins */
        if (tco_offer_text_matches(provider, cat->grid_regions[i].provider) &&
            tco_offer_text_matches(region, cat->grid_regions[i].region))
            return &cat->grid_regions[i];
    return NULL;
}
