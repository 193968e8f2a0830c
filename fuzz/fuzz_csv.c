/* fuzz_csv.c - libFuzzer harness for the CSV reader (util/csvread.c) and the
 * price-list import (tco_catalog_import_string): every record of the input is
 * read, each field's length checked against its text; then the input is
 * imported as SkyPilot's vms.csv and as a gpuhunt CSV (its first byte picks
 * which first), and a catalog the import writes must load, schema and all,
 * after a catalog of the GPU map's GPUs. A failure must say why. */
#include "tco.h"
#include "util/csvread.h"
#include "util/utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The GPUs the GPU map names, with the figures the schema needs. */
#define GPU(id)                                                                                    \
    "<gpu id=\"" id "\"><name>x</name><vendor>x</vendor><fp16-tflops>1</fp16-tflops>"              \
    "<memory-gb>1</memory-gb><tdp-w>1</tdp-w><source>x</source><as-of>2026-01-01</as-of></gpu>"
static const char gpus_xml[] = "<catalog version=\"1\">" GPU("h100-sxm5-80gb") GPU("h100-pcie-80gb")
    GPU("h200-sxm-141gb") GPU("a100-sxm4-80gb") GPU("a100-sxm4-40gb") GPU("b200-192gb")
        GPU("l40s-48gb") GPU("rtx-4090-24gb") "</catalog>";

static void read_all(const uint8_t *data, size_t size)
{
    tco_diags *d = tco_diags_new();
    tci_csv *r = tci_csv_open_mem((const char *)data, size, "fuzz.csv");
    if (!d || !r)
        goto done;
    int rc;
    while ((rc = tci_csv_next(r, d)) == 1) {
        if (tci_csv_fields(r) == 0 || tci_csv_line(r) < 1)
            abort();
        for (size_t i = 0; i < tci_csv_fields(r); i++) {
            size_t len;
            const char *f = tci_csv_field(r, i, &len);
            if (strlen(f) != len || !tci_utf8_valid(f))
                abort(); /* no NUL inside, valid text */
        }
    }
    if (rc < 0 && tco_diags_errors(d) == 0)
        abort();
done:
    tci_csv_free(r);
    tco_diags_free(d);
}

static void import(const uint8_t *data, size_t size, tco_import_from from)
{
    tco_diags *d = tco_diags_new();
    tco_catalog *cat = tco_catalog_new();
    if (!d || !cat)
        goto done;
    if (tco_catalog_load_string(cat, gpus_xml, sizeof gpus_xml - 1, "gpus.xml", d) != TCO_OK)
        abort();
    tco_catalog_import_opts o = {.from = from, .as_of = "2026-12-01", .gpus = cat};
    char *xml = NULL;
    size_t len = 0;
    tco_status st = tco_catalog_import_string(
        (const char *)data, size, from == TCO_IMPORT_GPUHUNT ? "x/runpod.csv" : "x/aws/vms.csv", &o,
        &xml, &len, d);
    if (st != TCO_OK && tco_diags_errors(d) == 0)
        abort();
    if (st == TCO_OK) {
        if (!xml || strlen(xml) != len)
            abort();
        if (tco_catalog_load_string(cat, xml, len, "imported.xml", d) != TCO_OK)
            abort(); /* what the import writes is a valid catalog */
    }
    free(xml);
done:
    tco_catalog_free(cat);
    tco_diags_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    read_all(data, size);
    int hunt_first = size > 0 && (data[0] & 1);
    import(data, size, hunt_first ? TCO_IMPORT_GPUHUNT : TCO_IMPORT_SKYPILOT);
    import(data, size, hunt_first ? TCO_IMPORT_SKYPILOT : TCO_IMPORT_GPUHUNT);
    return 0;
}
