/* catalog_region.h - a catalog's grid regions (<grid-region>; MODEL.md,
 * Carbon; docs/CATALOG.md): read from one file, then merged into the catalog
 * by catalog.c, in two steps so that a failed load leaves the catalog as it
 * was. */
#ifndef TCO_LOAD_CATALOG_REGION_H
#define TCO_LOAD_CATALOG_REGION_H

#include "load/xmlsafe.h"
#include "tco.h"

#include <stddef.h>

/* Read every <grid-region> child of root into a new array, *out of *n
 * entries (calloc'd; NULL and 0 when there is none), checking what the schema
 * cannot: the intensity 0..5 kgCO2e per kWh, the PUE 1..3, the ids unique
 * within the file, and one entry per provider and region (ignoring ASCII
 * case) within the file. Problems are reported through x; out of memory sets
 * x->nomem. */
void tci_grid_regions_read(tci_xml *x, struct _xmlNode *root, tco_grid_region **out, size_t *n);

/* Room in cat for the n grid regions of add whose ids it does not have yet.
 * Returns 0, or -1 when out of memory (cat unchanged but for its capacity). */
int tci_grid_regions_reserve(tco_catalog *cat, const tco_grid_region *add, size_t n);

/* Move the n grid regions of add into cat (after tci_grid_regions_reserve),
 * each over the entry of its id or after the last, their file `file`
 * (borrowed from the catalog); *n becomes 0, the entries now the catalog's. */
void tci_grid_regions_move(tco_catalog *cat, tco_grid_region *add, size_t *n, const char *file);

#endif /* TCO_LOAD_CATALOG_REGION_H */
