/* catalog.c - load price catalogs (XML) securely, validate them against the
 * built-in schema (pricing/catalog.xsd) and merge them into a tco_catalog.
 *
 * A load runs in four steps over one buffer of at most TCO_MAX_FILE bytes:
 *   1. xmlsafe.c scans, parses and validates it securely: no network, no
 *      DTD (a DOCTYPE is refused), no entities, at most CATALOG_MAX_DEPTH
 *      levels and CATALOG_MAX_ATTRIBUTES attributes in a tag, the schema
 *      compiled into the library; every libxml2 message becomes a diagnostic.
 *   2. What XSD 1.0 cannot say is checked here: unique ids, offers naming a
 *      known GPU, low <= typical <= high, term-months only on reserved offers.
 *   3. Only when every step passed are the entries merged into the catalog;
 *      every allocation the merge needs is made first, so a failed load
 *      leaves the catalog as it was.
 * The catalog object itself (new, free, lookups) is core/catalog.c.
 */
#include "util/date.h"
#include "util/readfile.h"
#include "util/suggest.h"
#include "core/core.h"
#include "load/xmlsafe.h"
#include "load/catalog_api.h"
#include "load/catalog_region.h"

#include <libxml/hash.h>
#include <libxml/tree.h>

#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* pricing/catalog.xsd, NUL-terminated; generated at build time by cmake/embed.cmake.
 * Not tco_-prefixed, so the shared library's version script keeps it internal. */
extern const unsigned char embedded_catalog_xsd[];
extern const size_t embedded_catalog_xsd_len;

/* Deepest element nesting accepted. The schema needs 3 (catalog, gpu, price);
 * the limit stops a deep document long before it costs anything. */
#define CATALOG_MAX_DEPTH 32

/* Most attributes accepted in one tag. The format needs 4 (<price>); libxml2
 * 2.9 checks a tag's attributes for duplicates pairwise, so one tag with many
 * thousands of them would cost minutes of CPU. */
#define CATALOG_MAX_ATTRIBUTES 16

/* Name of the built-in schema in diagnostics (its errors are bugs of ours). */
#define SCHEMA_NAME "catalog.xsd (built in)"

/* ===== Loader state ===== */

typedef struct loader {
    tci_xml x;           /* the secure load: file name, diagnostics, document */
    tco_gpu_model *gpus; /* entries read from this file, in file order */
    size_t n_gpus;
    tco_offer *offers;
    size_t n_offers;
    tco_api_offer *api_offers; /* <api-offer> entries (catalog_api.c) */
    size_t n_api_offers;
    tco_grid_region *grid_regions; /* <grid-region> entries (catalog_region.c) */
    size_t n_grid_regions;
} loader;

/* ===== Step 2: read the entries ===== */
/* Parse a decimal the schema has accepted. Returns 1 when stored in *out. */
static int number_of(loader *L, xmlNodePtr el, const char *attr, const char *what, double *out)
{
    char *s = tci_xml_text(&L->x, el, attr);
    if (!s)
        return 0;
    char *end;
    double x = strtod(s, &end);
    int ok = end != s && *end == '\0' && isfinite(x) && x >= 0;
    if (ok)
        *out = x;
    else
        tci_xml_report(&L->x, tci_xml_line(el), "'%s' is not a number of 0 or more for %s", s,
                       what);
    free(s);
    return ok;
}

/* Read a text child into *dst (keeping the first if repeated). */
static void read_text(loader *L, xmlNodePtr c, char **dst)
{
    if (!*dst)
        *dst = tci_xml_text(&L->x, c, NULL);
}

/* Read a date child into *dst (keeping the first if repeated), checking it. */
static void read_date(loader *L, xmlNodePtr c, char **dst)
{
    char why[64];
    read_text(L, c, dst);
    const char *problem = *dst ? tci_date_problem(*dst, why, sizeof why) : NULL;
    if (problem)
        tci_xml_report(&L->x, tci_xml_line(c), "'%s' is not a valid date for as-of: %s", *dst,
                       problem);
}

/* Number children of <gpu>, by element name. */
static const struct gpu_number {
    const char *name;
    size_t offset; /* of a double in tco_gpu_model */
} gpu_numbers[] = {
    {"fp16-tflops", offsetof(tco_gpu_model, fp16_tflops)},
    {"fp16-tflops-sparse", offsetof(tco_gpu_model, fp16_tflops_sparse)},
    {"fp32-tflops", offsetof(tco_gpu_model, fp32_tflops)},
    {"memory-gb", offsetof(tco_gpu_model, memory_gb)},
    {"memory-bandwidth-tbs", offsetof(tco_gpu_model, memory_bw_tbs)},
    {"nvlink-gbs", offsetof(tco_gpu_model, nvlink_gbs)},
    {"pcie-gbs", offsetof(tco_gpu_model, pcie_gbs)},
    {"tdp-w", offsetof(tco_gpu_model, tdp_w)},
};

/* A GPU's <price>: its currency and low <= typical <= high. */
static void read_price(loader *L, xmlNodePtr c, tco_gpu_model *g)
{
    if (!g->currency)
        g->currency = tci_xml_text(&L->x, c, "currency");
    xmlChar *a;
    if ((a = xmlGetNoNsProp(c, (const xmlChar *)"low")) != NULL) {
        xmlFree(a);
        number_of(L, c, "low", "price low", &g->price_low);
    }
    number_of(L, c, "typical", "price typical", &g->price_typical);
    if ((a = xmlGetNoNsProp(c, (const xmlChar *)"high")) != NULL) {
        xmlFree(a);
        number_of(L, c, "high", "price high", &g->price_high);
    }
    int line = tci_xml_line(c);
    if (!isnan(g->price_low) && !isnan(g->price_typical) && g->price_low > g->price_typical)
        tci_xml_report(&L->x, line, "price low %g is above typical %g", g->price_low,
                       g->price_typical);
    if (!isnan(g->price_high) && !isnan(g->price_typical) && g->price_typical > g->price_high)
        tci_xml_report(&L->x, line, "price typical %g is above high %g", g->price_typical,
                       g->price_high);
}

/* A GPU's <server gpus= power-w= price-ratio=> and its <source>. */
static void read_server(loader *L, xmlNodePtr c, tco_gpu_model *g)
{
    double gpus = NAN;
    number_of(L, c, "gpus", "server gpus", &gpus);
    number_of(L, c, "power-w", "server power-w", &g->server_power_w);
    number_of(L, c, "price-ratio", "server price-ratio", &g->server_price_ratio);
    if (gpus >= 1 && gpus <= 1000 && gpus == floor(gpus))
        g->server_gpus = (int)gpus;
    else if (!isnan(gpus))
        tci_xml_report(&L->x, tci_xml_line(c), "server gpus %g is not a whole number of 1 to 1000",
                       gpus);
    for (xmlNodePtr s = c->children; s; s = s->next)
        if (s->type == XML_ELEMENT_NODE && tci_xml_named(s, "source"))
            read_text(L, s, &g->server_source);
}

/* A GPU's <embodied kgco2e=> and its <source> (MODEL.md, Carbon). */
static void read_embodied(loader *L, xmlNodePtr c, tco_gpu_model *g)
{
    number_of(L, c, "kgco2e", "embodied kgco2e", &g->embodied_kgco2e);
    for (xmlNodePtr s = c->children; s; s = s->next)
        if (s->type == XML_ELEMENT_NODE && tci_xml_named(s, "source"))
            read_text(L, s, &g->embodied_source);
}

/* One <gpu> element into g; numbers it does not give are NaN. */
static void read_gpu(loader *L, xmlNodePtr el, tco_gpu_model *g)
{
    double *nums[] = {
        &g->fp16_tflops,        &g->fp16_tflops_sparse, &g->fp32_tflops, &g->memory_gb,
        &g->memory_bw_tbs,      &g->nvlink_gbs,         &g->pcie_gbs,    &g->tdp_w,
        &g->price_low,          &g->price_typical,      &g->price_high,  &g->server_power_w,
        &g->server_price_ratio, &g->embodied_kgco2e};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        *nums[i] = NAN;
    g->line = tci_xml_line(el);
    g->id = tci_xml_text(&L->x, el, "id");
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (tci_xml_named(c, "name"))
            read_text(L, c, &g->name);
        else if (tci_xml_named(c, "vendor"))
            read_text(L, c, &g->vendor);
        else if (tci_xml_named(c, "memory-type"))
            read_text(L, c, &g->memory_type);
        else if (tci_xml_named(c, "source"))
            read_text(L, c, &g->source);
        else if (tci_xml_named(c, "as-of"))
            read_date(L, c, &g->as_of);
        else if (tci_xml_named(c, "price"))
            read_price(L, c, g);
        else if (tci_xml_named(c, "server"))
            read_server(L, c, g);
        else if (tci_xml_named(c, "embodied"))
            read_embodied(L, c, g);
        else
            for (size_t i = 0; i < sizeof gpu_numbers / sizeof gpu_numbers[0]; i++)
                if (tci_xml_named(c, gpu_numbers[i].name))
                    number_of(L, c, NULL, gpu_numbers[i].name,
                              (double *)((char *)g + gpu_numbers[i].offset));
    }
}

/* Reads the offer; *gpu_el is set to its <gpu> element for the reference check. */
static void read_offer(loader *L, xmlNodePtr el, tco_offer *o, xmlNodePtr *gpu_el)
{
    o->price_per_gpu_hour = NAN;
    o->egress_per_tb = NAN;
    o->line = tci_xml_line(el);
    o->id = tci_xml_text(&L->x, el, "id");
    *gpu_el = NULL;
    xmlNodePtr egress = NULL;
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (tci_xml_named(c, "provider")) {
            read_text(L, c, &o->provider);
        } else if (tci_xml_named(c, "gpu")) {
            read_text(L, c, &o->gpu);
            *gpu_el = c;
        } else if (tci_xml_named(c, "region")) {
            read_text(L, c, &o->region);
        } else if (tci_xml_named(c, "gpus")) {
            double gpus = NAN; /* 1..1000, whole: the schema's server-gpus */
            number_of(L, c, NULL, "gpus", &gpus);
            o->gpus = gpus >= 1 && gpus <= 1000 ? (int)gpus : 0;
        } else if (tci_xml_named(c, "source")) {
            read_text(L, c, &o->source);
        } else if (tci_xml_named(c, "as-of")) {
            read_date(L, c, &o->as_of);
        } else if (tci_xml_named(c, "price-per-gpu-hour")) {
            number_of(L, c, NULL, "price-per-gpu-hour", &o->price_per_gpu_hour);
            if (!o->currency)
                o->currency = tci_xml_text(&L->x, c, "currency");
        } else if (tci_xml_named(c, "egress-per-tb")) {
            number_of(L, c, NULL, "egress-per-tb", &o->egress_per_tb);
            egress = c;
        } else if (tci_xml_named(c, "pricing")) {
            read_text(L, c, &o->pricing);
            char *term = tci_xml_text(&L->x, c, "term-months");
            int reserved = o->pricing && strcmp(o->pricing, "reserved") == 0;
            if (term) {
                char *end;
                long t = strtol(term, &end, 10);
                if (end == term || *end || t < 1 || t > TCO_MAX_HORIZON)
                    tci_xml_report(&L->x, tci_xml_line(c),
                                   "term-months '%s' is not a whole number of 1 to %d", term,
                                   TCO_MAX_HORIZON);
                else if (!reserved)
                    tci_xml_report(&L->x, tci_xml_line(c),
                                   "term-months is only for reserved pricing");
                else
                    o->term_months = (int)t;
                free(term);
            } else if (reserved) {
                tci_xml_report(&L->x, tci_xml_line(c),
                               "reserved pricing needs term-months, e.g. "
                               "<pricing term-months=\"12\">reserved</pricing>");
            }
        }
    }
    /* One offer, one currency: the egress price is in the hourly price's. */
    char *cur = egress ? tci_xml_text(&L->x, egress, "currency") : NULL;
    if (cur && o->currency && strcmp(cur, o->currency) != 0)
        tci_xml_report(&L->x, tci_xml_line(egress),
                       "egress-per-tb is in %s but the offer's price-per-gpu-hour in %s: give "
                       "both in one currency",
                       cur, o->currency);
    free(cur);
}

/* Comparisons spent on "did you mean" per load: enough for every typo in any
 * real catalog, while a file of thousands of unknown ids over thousands of
 * GPUs still gets its errors at once. */
#define SUGGESTION_BUDGET 20000

/* Index element n by the id of its entry in `seen`, or report the id as a
 * duplicate ("duplicate WHAT id") of the first element that has it. */
static void index_id(loader *L, xmlHashTablePtr seen, const char *what, const char *id, int line,
                     xmlNodePtr n)
{
    xmlNodePtr first = xmlHashLookup(seen, (const xmlChar *)id);
    if (first)
        tci_xml_report(&L->x, line, "duplicate %s id '%s' (first at line %d)", what, id,
                       tci_xml_line(first));
    else if (xmlHashAddEntry(seen, (const xmlChar *)id, n) != 0)
        L->x.nomem = 1;
}

/* Read every entry of L->x.doc into L->gpus and L->offers, checking what the
 * schema cannot. `known` maps the ids of the catalog's GPUs before this file. */
static void read_entries(loader *L, const tco_catalog *cat, xmlHashTablePtr known)
{
    xmlNodePtr root = xmlDocGetRootElement(L->x.doc);
    size_t n_gpu = 0, n_offer = 0, budget = SUGGESTION_BUDGET;
    for (xmlNodePtr n = root->children; n; n = n->next) {
        n_gpu += tci_xml_named(n, "gpu");
        n_offer += tci_xml_named(n, "offer");
    }
    xmlHashTablePtr gpus = xmlHashCreate((int)(n_gpu < 16 ? 16 : n_gpu));
    xmlHashTablePtr offers = xmlHashCreate((int)(n_offer < 16 ? 16 : n_offer));
    L->gpus = calloc(n_gpu ? n_gpu : 1, sizeof *L->gpus);
    L->offers = calloc(n_offer ? n_offer : 1, sizeof *L->offers);
    if (!gpus || !offers || !L->gpus || !L->offers) {
        L->x.nomem = 1;
        goto done;
    }
    /* GPU ids first: an offer may name a GPU defined further down. */
    for (xmlNodePtr n = root->children; n && !L->x.nomem; n = n->next) {
        if (!tci_xml_named(n, "gpu"))
            continue;
        tco_gpu_model *g = &L->gpus[L->n_gpus++];
        read_gpu(L, n, g);
        if (g->id)
            index_id(L, gpus, "GPU", g->id, g->line, n);
    }
    for (xmlNodePtr n = root->children; n && !L->x.nomem; n = n->next) {
        if (!tci_xml_named(n, "offer"))
            continue;
        tco_offer *o = &L->offers[L->n_offers++];
        xmlNodePtr gpu_el;
        read_offer(L, n, o, &gpu_el);
        if (!o->id)
            continue;
        index_id(L, offers, "offer", o->id, o->line, n);
        if (o->gpu && !xmlHashLookup(gpus, (const xmlChar *)o->gpu) &&
            !xmlHashLookup(known, (const xmlChar *)o->gpu)) {
            tci_suggest s;
            tci_suggest_init(&s, o->gpu, &budget);
            /* In file order, this file first: ties go to the first candidate. */
            for (size_t i = 0; i < L->n_gpus; i++)
                tci_suggest_consider(&s, L->gpus[i].id);
            for (size_t i = 0; i < cat->n_gpus; i++)
                tci_suggest_consider(&s, cat->gpus[i].id);
            int line = tci_xml_line(gpu_el ? gpu_el : n);
            if (s.best)
                tci_xml_report(&L->x, line, "offer '%s': unknown GPU '%s'; did you mean '%s'?",
                               o->id, o->gpu, s.best);
            else
                tci_xml_report(&L->x, line, "offer '%s': unknown GPU '%s'", o->id, o->gpu);
        }
    }
done:
    xmlHashFree(gpus, NULL);
    xmlHashFree(offers, NULL);
}

/* ===== Step 3: merge ===== */

/* Map each id to its index + 1 (a payload cannot be NULL). */
static xmlHashTablePtr index_ids(size_t n, const char *(*id_at)(const tco_catalog *, size_t),
                                 const tco_catalog *cat)
{
    xmlHashTablePtr h = xmlHashCreate((int)(n < 16 ? 16 : n));
    for (size_t i = 0; h && i < n; i++) {
        if (xmlHashUpdateEntry(h, (const xmlChar *)id_at(cat, i), (void *)(uintptr_t)(i + 1),
                               NULL) != 0) {
            xmlHashFree(h, NULL);
            return NULL;
        }
    }
    return h;
}

/* The id of the catalog's GPU i, and of its offer i (for index_ids). */
static const char *gpu_id_at(const tco_catalog *cat, size_t i)
{
    return cat->gpus[i].id;
}

static const char *offer_id_at(const tco_catalog *cat, size_t i)
{
    return cat->offers[i].id;
}

/* Where an entry with this id goes among the n of the catalog that `old`
 * indexes: over the old entry of that id (*replace set), or after the last
 * (n grows). */
static size_t place_of(xmlHashTablePtr old, const char *id, size_t *n, int *replace)
{
    uintptr_t at = (uintptr_t)xmlHashLookup(old, (const xmlChar *)id);
    *replace = at != 0;
    return at ? at - 1 : (*n)++;
}

/* Move the file's entries into the catalog. Every allocation is made before
 * the catalog changes, so on failure it is as it was. */
static tco_status merge(loader *L, tco_catalog *cat, xmlHashTablePtr old_gpus, tco_file_id id)
{
    tco_status st = TCO_ERR_NOMEM;
    xmlHashTablePtr old_offers = index_ids(cat->n_offers, offer_id_at, cat);
    char *file = strdup(L->x.file);
    if (!old_offers || !file)
        goto done;
    size_t add_gpus = 0, add_offers = 0;
    for (size_t i = 0; i < L->n_gpus; i++)
        add_gpus += !xmlHashLookup(old_gpus, (const xmlChar *)L->gpus[i].id);
    for (size_t i = 0; i < L->n_offers; i++)
        add_offers += !xmlHashLookup(old_offers, (const xmlChar *)L->offers[i].id);
    tco_gpu_model *gpus = realloc(cat->gpus, (cat->n_gpus + add_gpus + 1) * sizeof *gpus);
    if (!gpus)
        goto done;
    cat->gpus = gpus;
    tco_offer *offers = realloc(cat->offers, (cat->n_offers + add_offers + 1) * sizeof *offers);
    if (!offers)
        goto done;
    cat->offers = offers;
    char **files = realloc(cat->files, (cat->n_files + 1) * sizeof *files);
    if (!files)
        goto done;
    cat->files = files;
    tco_file_id *ids = realloc(cat->file_ids, (cat->n_files + 1) * sizeof *ids);
    if (!ids)
        goto done;
    cat->file_ids = ids;
    if (tci_api_offers_reserve(cat, L->api_offers, L->n_api_offers) != 0)
        goto done;
    if (tci_grid_regions_reserve(cat, L->grid_regions, L->n_grid_regions) != 0)
        goto done;

    /* Nothing below can fail. */
    cat->file_ids[cat->n_files] = id;
    cat->files[cat->n_files++] = file;
    file = NULL;
    int replace;
    for (size_t i = 0; i < L->n_gpus; i++) {
        tco_gpu_model *g = &L->gpus[i];
        g->file = cat->files[cat->n_files - 1];
        size_t at = place_of(old_gpus, g->id, &cat->n_gpus, &replace);
        if (replace)
            tci_catalog_gpu_clear(&cat->gpus[at]);
        cat->gpus[at] = *g;
    }
    for (size_t i = 0; i < L->n_offers; i++) {
        tco_offer *o = &L->offers[i];
        o->file = cat->files[cat->n_files - 1];
        size_t at = place_of(old_offers, o->id, &cat->n_offers, &replace);
        if (replace)
            tci_catalog_offer_clear(&cat->offers[at]);
        cat->offers[at] = *o;
    }
    tci_api_offers_move(cat, L->api_offers, &L->n_api_offers, cat->files[cat->n_files - 1]);
    tci_grid_regions_move(cat, L->grid_regions, &L->n_grid_regions, cat->files[cat->n_files - 1]);
    /* The entries now belong to the catalog. */
    L->n_gpus = L->n_offers = 0;
    st = TCO_OK;
done:
    free(file);
    xmlHashFree(old_offers, NULL);
    return st;
}

/* ===== Loading ===== */

/* Load one catalog document of `size` bytes, named `name`, into the
 * tco_catalog `to` (a tci_parse_fn). */
static tco_status load_buffer(const char *xml, size_t size, const char *name, const tco_file_id *id,
                              void *to, tco_diags *diags)
{
    tco_catalog *cat = to;
    loader L = {.x = {.file = name,
                      .kind = "catalog",
                      .xsd = embedded_catalog_xsd,
                      .xsd_len = embedded_catalog_xsd_len,
                      .xsd_name = SCHEMA_NAME,
                      .max_depth = CATALOG_MAX_DEPTH,
                      .max_attributes = CATALOG_MAX_ATTRIBUTES,
                      .diags = diags}};
    xmlHashTablePtr old_gpus = NULL;

    tci_xml_begin(&L.x);
    if (tci_xml_parse(&L.x, xml, size) == 0) {
        old_gpus = index_ids(cat->n_gpus, gpu_id_at, cat);
        if (!old_gpus)
            L.x.nomem = 1;
        else
            read_entries(&L, cat, old_gpus);
        if (!L.x.nomem)
            tci_api_offers_read(&L.x, xmlDocGetRootElement(L.x.doc), &L.api_offers,
                                &L.n_api_offers);
        if (!L.x.nomem)
            tci_grid_regions_read(&L.x, xmlDocGetRootElement(L.x.doc), &L.grid_regions,
                                  &L.n_grid_regions);
    }

    tco_status st = tci_xml_status(&L.x);
    if (st == TCO_OK) {
        st = merge(&L, cat, old_gpus, id ? *id : (tco_file_id){0, 0});
        if (st != TCO_OK)
            tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL, "out of memory");
    }

    for (size_t i = 0; i < L.n_gpus; i++)
        tci_catalog_gpu_clear(&L.gpus[i]);
    for (size_t i = 0; i < L.n_offers; i++)
        tci_catalog_offer_clear(&L.offers[i]);
    for (size_t i = 0; i < L.n_api_offers; i++)
        tci_catalog_api_offer_clear(&L.api_offers[i]);
    for (size_t i = 0; i < L.n_grid_regions; i++)
        tci_catalog_grid_region_clear(&L.grid_regions[i]);
    free(L.grid_regions);
    free(L.gpus);
    free(L.offers);
    free(L.api_offers);
    xmlHashFree(old_gpus, NULL);
    tci_xml_end(&L.x);
    return st;
}

/* See documentation in header file. */
tco_status tco_catalog_load_string(tco_catalog *cat, const char *xml, size_t size, const char *name,
                                   tco_diags *diags)
{
    if (!cat || (!xml && size))
        return TCO_ERR_ARG;
    return tci_parse_string(xml, size, name, "catalog", load_buffer, cat, diags);
}

/* See documentation in header file. */
tco_status tco_catalog_load_file(tco_catalog *cat, const char *path, tco_diags *diags)
{
    if (!cat || !path)
        return TCO_ERR_ARG;
    return tci_parse_file(path, load_buffer, cat, diags);
}

/* See documentation in header file. */
const char *tco_catalog_input_at(const tco_catalog *cat, const char *path)
{
    return cat ? tci_input_at(path, cat->files, cat->file_ids, cat->n_files) : NULL;
}
