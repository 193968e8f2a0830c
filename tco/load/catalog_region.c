/* catalog_region.c - a catalog's grid regions (<grid-region>; MODEL.md,
 * Carbon, docs/CATALOG.md): read from one file, checked, and merged into the
 * catalog apart from its offers. */
#include "load/catalog_region.h"
#include "util/date.h"
#include "core/core.h"

#include <libxml/tree.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A number child into *v, reported at its line unless it is a number of lo
 * to hi (the schema has accepted it as a non-negative decimal). */
static void read_number(tci_xml *x, xmlNodePtr c, double lo, double hi, double *v)
{
    char *text = tci_xml_text(x, c, NULL);
    if (!text)
        return;
    char *end = NULL;
    double d = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(d) || d < lo || d > hi)
        tci_xml_report(x, tci_xml_line(c), "'%s' is not a number of %g to %g for %s", text, lo, hi,
                       (const char *)c->name);
    else
        *v = d;
    free(text);
}

/* One <grid-region>. */
static void read_one(tci_xml *x, xmlNodePtr el, tco_grid_region *r)
{
    r->kgco2e_per_kwh = r->pue = NAN;
    r->line = tci_xml_line(el);
    r->id = tci_xml_text(x, el, "id");
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        char **text = tci_xml_named(c, "provider") ? &r->provider
                      : tci_xml_named(c, "region") ? &r->region
                      : tci_xml_named(c, "source") ? &r->source
                      : tci_xml_named(c, "as-of")  ? &r->as_of
                                                   : NULL;
        if (text && !*text)
            *text = tci_xml_text(x, c, NULL);
        /* The bounds of the scenario keys the two figures stand for (core/keys.c). */
        const tco_keydef *k = tci_xml_named(c, "kgco2e-per-kwh")
                                  ? tco_scenario_key(TCO_S_GRID_KGCO2E_PER_KWH)
                              : tci_xml_named(c, "pue") ? tco_scenario_key(TCO_S_PUE)
                                                        : NULL;
        if (k)
            read_number(x, c, k->lo, k->hi,
                        k == tco_scenario_key(TCO_S_PUE) ? &r->pue : &r->kgco2e_per_kwh);
    }
    char why[64];
    const char *problem = r->as_of ? tci_date_problem(r->as_of, why, sizeof why) : NULL;
    if (problem)
        tci_xml_report(x, r->line, "'%s' is not a valid date for as-of: %s", r->as_of, problem);
}

/* Report r when an entry before it in a (k < at) has its id, or its provider
 * and region. A file holds few of them: compared pairwise. */
static void check_unique(tci_xml *x, const tco_grid_region *a, size_t at)
{
    const tco_grid_region *r = &a[at];
    for (size_t k = 0; k < at; k++) {
        if (r->id && a[k].id && strcmp(a[k].id, r->id) == 0) {
            tci_xml_report(x, r->line, "duplicate grid region id '%s' (first at line %d)", r->id,
                           a[k].line);
            return;
        }
        if (r->provider && r->region && a[k].provider && a[k].region &&
            tco_offer_text_matches(a[k].provider, r->provider) &&
            tco_offer_text_matches(a[k].region, r->region)) {
            tci_xml_report(x, r->line,
                           "grid region '%s': provider '%s' and region '%s' are those of '%s' "
                           "(line %d)",
                           r->id ? r->id : "", r->provider, r->region, a[k].id ? a[k].id : "",
                           a[k].line);
            return;
        }
    }
}

/* See catalog_region.h. */
void tci_grid_regions_read(tci_xml *x, xmlNodePtr root, tco_grid_region **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    size_t count = 0;
    for (xmlNodePtr e = root->children; e; e = e->next)
        count += tci_xml_named(e, "grid-region");
    if (!count)
        return;
    tco_grid_region *a = calloc(count, sizeof *a);
    if (!a) {
        x->nomem = 1;
        return;
    }
    for (xmlNodePtr e = root->children; e; e = e->next) {
        if (!tci_xml_named(e, "grid-region"))
            continue;
        read_one(x, e, &a[*n]);
        check_unique(x, a, (*n)++);
    }
    *out = a;
}

/* The index of the catalog's grid region of that id, or -1. */
static long find(const tco_catalog *cat, const char *id)
{
    for (size_t i = 0; i < cat->n_grid_regions; i++)
        if (strcmp(cat->grid_regions[i].id, id) == 0)
            return (long)i;
    return -1;
}

/* See catalog_region.h. */
int tci_grid_regions_reserve(tco_catalog *cat, const tco_grid_region *add, size_t n)
{
    size_t more = 0;
    for (size_t i = 0; i < n; i++)
        more += find(cat, add[i].id) < 0;
    tco_grid_region *grown =
        realloc(cat->grid_regions, (cat->n_grid_regions + more + 1) * sizeof *grown);
    if (!grown)
        return -1;
    cat->grid_regions = grown;
    return 0;
}

/* See catalog_region.h. */
void tci_grid_regions_move(tco_catalog *cat, tco_grid_region *add, size_t *n, const char *file)
{
    for (size_t i = 0; i < *n; i++) {
        add[i].file = file;
        long at = find(cat, add[i].id);
        if (at >= 0) {
            tci_catalog_grid_region_clear(&cat->grid_regions[at]);
            cat->grid_regions[at] = add[i];
        } else {
            cat->grid_regions[cat->n_grid_regions++] = add[i];
        }
    }
    *n = 0;
}
