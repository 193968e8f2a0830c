/* fuzz_catalog.c - libFuzzer harness for the catalog loader (string form):
 * the input is loaded twice into one catalog, so merging is exercised, and
 * every entry loaded is looked up by its id. */
#include "tco.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tco_catalog *cat = tco_catalog_new();
    tco_diags *d = tco_diags_new();
    if (!cat || !d)
        goto done;
    for (int pass = 0; pass < 2; pass++) {
        size_t gpus = cat->n_gpus, offers = cat->n_offers;
        tco_status st = tco_catalog_load_string(cat, (const char *)data, size, "fuzz.xml", d);
        if (st != TCO_OK && tco_diags_errors(d) == 0)
            abort(); /* a failed load must say why */
        if (st != TCO_OK && (cat->n_gpus != gpus || cat->n_offers != offers))
            abort(); /* and add nothing */
        if (st != TCO_OK)
            break;
    }
    for (size_t i = 0; i < cat->n_gpus; i++)
        if (tco_catalog_gpu(cat, cat->gpus[i].id) != &cat->gpus[i])
            abort();
    for (size_t i = 0; i < cat->n_offers; i++)
        if (tco_catalog_offer(cat, cat->offers[i].id) != &cat->offers[i])
            abort();
    char line[8192];
    for (size_t i = 0; i < tco_diags_count(d); i++)
        tco_diag_format(tco_diags_get(d, i), line, sizeof line);
done:
    tco_diags_free(d);
    tco_catalog_free(cat);
    return 0;
}
