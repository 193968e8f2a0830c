/* catalog_api.c - a catalog's API offers (<api-offer>; MODEL.md, API options,
 * docs/CATALOG.md): read from one file, checked, and merged into the catalog
 * apart from its GPU offers. */
#include "load/catalog_api.h"
#include "util/date.h"
#include "core/core.h"

#include <libxml/tree.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A price child: its number into *v (the schema has accepted it as a
 * non-negative decimal), and its currency, which must be the offer's. */
static void read_price(tci_xml *x, xmlNodePtr c, tco_api_offer *o, double *v, xmlNodePtr *first)
{
    char *text = tci_xml_text(x, c, NULL);
    char *end = NULL;
    double d = text ? strtod(text, &end) : NAN;
    if (text && (end == text || *end != '\0' || !isfinite(d) || d < 0))
        tci_xml_report(x, tci_xml_line(c), "'%s' is not a number of 0 or more for %s", text,
                       (const char *)c->name);
    else if (text)
        *v = d;
    free(text);
    char *cur = tci_xml_text(x, c, "currency");
    if (!cur)
        return;
    if (!o->currency) {
        o->currency = cur;
        *first = c;
        return;
    }
    if (strcmp(cur, o->currency) != 0)
        tci_xml_report(x, tci_xml_line(c),
                       "%s is in %s but %s (line %d) in %s: give an API offer's prices in one "
                       "currency",
                       (const char *)c->name, cur, (const char *)(*first)->name,
                       tci_xml_line(*first), o->currency);
    free(cur);
}

/* One <api-offer>. */
static void read_one(tci_xml *x, xmlNodePtr el, tco_api_offer *o)
{
    o->input_per_million = o->cached_per_million = o->output_per_million = NAN;
    o->line = tci_xml_line(el);
    o->id = tci_xml_text(x, el, "id");
    xmlNodePtr first = NULL;
    for (xmlNodePtr c = el->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        char **text = tci_xml_named(c, "provider") ? &o->provider
                      : tci_xml_named(c, "model")  ? &o->model
                      : tci_xml_named(c, "source") ? &o->source
                      : tci_xml_named(c, "as-of")  ? &o->as_of
                                                   : NULL;
        if (text && !*text)
            *text = tci_xml_text(x, c, NULL);
        if (tci_xml_named(c, "input-per-million"))
            read_price(x, c, o, &o->input_per_million, &first);
        else if (tci_xml_named(c, "cached-input-per-million"))
            read_price(x, c, o, &o->cached_per_million, &first);
        else if (tci_xml_named(c, "output-per-million"))
            read_price(x, c, o, &o->output_per_million, &first);
    }
    char why[64];
    const char *problem = o->as_of ? tci_date_problem(o->as_of, why, sizeof why) : NULL;
    if (problem)
        tci_xml_report(x, o->line, "'%s' is not a valid date for as-of: %s", o->as_of, problem);
}

/* See catalog_api.h. */
void tci_api_offers_read(tci_xml *x, xmlNodePtr root, tco_api_offer **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    size_t count = 0;
    for (xmlNodePtr e = root->children; e; e = e->next)
        count += tci_xml_named(e, "api-offer");
    if (!count)
        return;
    tco_api_offer *a = calloc(count, sizeof *a);
    if (!a) {
        x->nomem = 1;
        return;
    }
    for (xmlNodePtr e = root->children; e; e = e->next) {
        if (!tci_xml_named(e, "api-offer"))
            continue;
        tco_api_offer *o = &a[(*n)++];
        read_one(x, e, o);
        /* A file holds few of them: the ids compared pairwise. */
        for (size_t k = 0; o->id && k + 1 < *n; k++)
            if (a[k].id && strcmp(a[k].id, o->id) == 0) {
                tci_xml_report(x, o->line, "duplicate API offer id '%s' (first at line %d)", o->id,
                               a[k].line);
                break;
            }
    }
    *out = a;
}

/* The index of the catalog's API offer of that id, or -1. */
static long find(const tco_catalog *cat, const char *id)
{
    for (size_t i = 0; i < cat->n_api_offers; i++)
        if (strcmp(cat->api_offers[i].id, id) == 0)
            return (long)i;
    return -1;
}

/* See catalog_api.h. */
int tci_api_offers_reserve(tco_catalog *cat, const tco_api_offer *add, size_t n)
{
    size_t more = 0;
    for (size_t i = 0; i < n; i++)
        more += find(cat, add[i].id) < 0;
    tco_api_offer *grown = realloc(cat->api_offers, (cat->n_api_offers + more + 1) * sizeof *grown);
    if (!grown)
        return -1;
    cat->api_offers = grown;
    return 0;
}

/* See catalog_api.h. */
void tci_api_offers_move(tco_catalog *cat, tco_api_offer *add, size_t *n, const char *file)
{
    for (size_t i = 0; i < *n; i++) {
        add[i].file = file;
        long at = find(cat, add[i].id);
        if (at >= 0) {
            tci_catalog_api_offer_clear(&cat->api_offers[at]);
            cat->api_offers[at] = add[i];
        } else {
            cat->api_offers[cat->n_api_offers++] = add[i];
        }
    }
    *n = 0;
}
