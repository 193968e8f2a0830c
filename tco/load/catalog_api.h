/* catalog_api.h - a catalog's API offers (<api-offer>; MODEL.md, API options):
 * read from one file, then merged into the catalog by catalog.c, in two steps
 * so that a failed load leaves the catalog as it was. */
#ifndef TCO_LOAD_CATALOG_API_H
#define TCO_LOAD_CATALOG_API_H

#include "load/xmlsafe.h"
#include "tco.h"

#include <stddef.h>

/* Read every <api-offer> child of root into a new array, *out of *n entries
 * (calloc'd; NULL and 0 when there is none), checking what the schema cannot:
 * ids unique within the file, the three prices in one currency. Problems are
 * reported through x; out of memory sets x->nomem. */
void tci_api_offers_read(tci_xml *x, struct _xmlNode *root, tco_api_offer **out, size_t *n);

/* Room in cat for the n offers of add whose ids it does not have yet.
 * Returns 0, or -1 when out of memory (cat unchanged but for its capacity). */
int tci_api_offers_reserve(tco_catalog *cat, const tco_api_offer *add, size_t n);

/* Move the n offers of add into cat (after tci_api_offers_reserve), each over
 * the entry of its id or after the last, their file `file` (borrowed from the
 * catalog); *n becomes 0, the entries now the catalog's. */
void tci_api_offers_move(tco_catalog *cat, tco_api_offer *add, size_t *n, const char *file);

#endif /* TCO_LOAD_CATALOG_API_H */
