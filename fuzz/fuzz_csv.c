/* fuzz_csv.c - libFuzzer harness for the CSV reader (util/csvread.c) and the
 * price-list import (tco_catalog_import_string): every record of the input is
 * read, each field's length checked against its text; then the input is
 * imported as SkyPilot's vms.csv and as a gpuhunt CSV (its first byte picks
 * which first), and a catalog the import writes must load, schema and all,
 * after a catalog of the GPU map's GPUs. A failure must say why. */
#include "tco.h"
#include "util/csvread.h"
#include "util/utf8.h"
#include "load/catimport.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A catalog of every GPU the GPU map names, with the figures the schema needs,
 * made once. */
static char gpus_xml[16384];
static size_t gpus_len;

static void make_gpus(void)
{
    size_t n = (size_t)snprintf(gpus_xml, sizeof gpus_xml, "<catalog version=\"1\">");
    for (size_t i = 0; i < tci_n_gpu_rules; i++) {
        int seen = 0;
        for (size_t k = 0; k < i; k++)
            seen |= strcmp(tci_gpu_rules[k].gpu, tci_gpu_rules[i].gpu) == 0;
        if (!seen)
            n += (size_t)snprintf(gpus_xml + n, sizeof gpus_xml - n,
                                  "<gpu id=\"%s\"><name>x</name><vendor>x</vendor>"
                                  "<fp16-tflops>1</fp16-tflops><memory-gb>1</memory-gb>"
                                  "<tdp-w>1</tdp-w><source>x</source><as-of>2026-01-01</as-of>"
                                  "</gpu>",
                                  tci_gpu_rules[i].gpu);
    }
    n += (size_t)snprintf(gpus_xml + n, sizeof gpus_xml - n, "</catalog>");
    if (n >= sizeof gpus_xml)
        abort();
    gpus_len = n;
}

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
    if (!gpus_len)
        make_gpus();
    if (tco_catalog_load_string(cat, gpus_xml, gpus_len, "gpus.xml", d) != TCO_OK)
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
