/* test_listing.c - the catalog listings of the library,
 * tco_catalog_write_csv_stream and tco_catalog_write_json_stream: a small
 * catalog whose every output byte is written out by hand below, with text
 * that a spreadsheet would take for a formula. */
#include "check.h"

/* One GPU whose name starts with '=' and holds a comma and quotes, and whose
 * source starts with '-'; one reserved offer whose provider starts with '@'
 * and that has no region. */
static const char catalog_xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<catalog version=\"1\">\n"
    "  <gpu id=\"g1\">\n"
    "    <name>=Evil, \"GPU\"</name>\n"
    "    <vendor>V</vendor>\n"
    "    <fp16-tflops>989.5</fp16-tflops>\n"
    "    <memory-gb>80</memory-gb>\n"
    "    <tdp-w>700</tdp-w>\n"
    "    <price currency=\"USD\" typical=\"35000\"/>\n"
    "    <source>-src</source>\n"
    "    <as-of>2026-07-27</as-of>\n"
    "  </gpu>\n"
    "  <offer id=\"o1\">\n"
    "    <provider>@Cloud</provider>\n"
    "    <gpu>g1</gpu>\n"
    "    <pricing term-months=\"12\">reserved</pricing>\n"
    "    <price-per-gpu-hour currency=\"USD\">2.5</price-per-gpu-hour>\n"
    "    <source>list</source>\n"
    "    <as-of>2026-08-01</as-of>\n"
    "  </offer>\n"
    "</catalog>\n";

static const char csv_header[] = "kind,id,name,provider,gpu,pricing,term_months,fp16_tflops,"
                                 "memory_gb,tdp_w,price_typical,price_per_gpu_hour,currency,"
                                 "region,source,as_of,kgco2e_per_kwh,pue\r\n";

/* What a listing writer wrote (the caller frees it). */
static char *written(tco_status (*write)(const tco_catalog *, FILE *), const tco_catalog *cat)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(write(cat, f), TCO_OK);
    fclose(f);
    return buf;
}

static tco_catalog *load(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_diags *d = tco_diags_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(cat);
    tco_status st =
        tco_catalog_load_string(cat, catalog_xml, sizeof catalog_xml - 1, "listing.xml", d);
    if (st != TCO_OK)
        check_print_diags(d);
    CU_ASSERT_EQUAL_FATAL(st, TCO_OK);
    tco_diags_free(d);
    return cat;
}

/* The GPU row: name guarded (quote in front, quoted, inner quotes doubled),
 * the four offer columns empty, no price per GPU-hour or region, the source
 * guarded. The offer row: no name, the provider guarded, the four GPU
 * numbers empty. */
static void test_catalog_csv(void)
{
    tco_catalog *cat = load();
    char *csv = written(tco_catalog_write_csv_stream, cat);
    char want[1024];
    snprintf(
        want, sizeof want, "%s%s%s", csv_header,
        "gpu,g1,\"'=Evil, \"\"GPU\"\"\",,,,,989.5,80,700,35000,,USD,,\"'-src\",2026-07-27,,\r\n",
        "offer,o1,,\"'@Cloud\",g1,reserved,12,,,,,2.5,USD,,list,2026-08-01,,\r\n");
    CU_ASSERT_STRING_EQUAL(csv, want);
    free(csv);
    tco_catalog_free(cat);
}

/* JSON keeps the text as written (escaped as JSON); numbers the catalog does
 * not give are null. */
static void test_catalog_json(void)
{
    tco_catalog *cat = load();
    char *json = written(tco_catalog_write_json_stream, cat);
    CU_ASSERT_STRING_EQUAL(
        json, "{\n  \"gpus\": [\n"
              "    {\"id\": \"g1\", \"name\": \"=Evil, \\\"GPU\\\"\", \"vendor\": \"V\", "
              "\"memory_type\": null, \"fp16_tflops\": 989.5, \"fp16_tflops_sparse\": null, "
              "\"fp32_tflops\": null, \"memory_gb\": 80, \"memory_bw_tbs\": null, "
              "\"nvlink_gbs\": null, \"pcie_gbs\": null, \"tdp_w\": 700, \"price_low\": null, "
              "\"price_typical\": 35000, \"price_high\": null, \"currency\": \"USD\", "
              "\"source\": \"-src\", \"as_of\": \"2026-07-27\"}\n"
              "  ],\n  \"offers\": [\n"
              "    {\"id\": \"o1\", \"provider\": \"@Cloud\", \"gpu\": \"g1\", \"pricing\": "
              "\"reserved\", \"term_months\": 12, \"price_per_gpu_hour\": 2.5, \"currency\": "
              "\"USD\", \"region\": null, \"source\": \"list\", \"as_of\": \"2026-08-01\"}\n"
              "  ]\n}\n");
    free(json);
    tco_catalog_free(cat);
}

/* An empty catalog: the header alone, two empty arrays. No catalog or no
 * stream: an argument error. */
static void test_catalog_empty(void)
{
    tco_catalog *cat = tco_catalog_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(cat);
    char *csv = written(tco_catalog_write_csv_stream, cat);
    CU_ASSERT_STRING_EQUAL(csv, csv_header);
    char *json = written(tco_catalog_write_json_stream, cat);
    CU_ASSERT_STRING_EQUAL(json, "{\n  \"gpus\": [\n  ],\n  \"offers\": [\n  ]\n}\n");
    CU_ASSERT_EQUAL(tco_catalog_write_csv_stream(NULL, stdout), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_catalog_write_json_stream(NULL, stdout), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_catalog_write_csv_stream(cat, NULL), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_catalog_write_json_stream(cat, NULL), TCO_ERR_ARG);
    free(csv);
    free(json);
    tco_catalog_free(cat);
}

/* Grid regions (MODEL.md, Carbon): a row of kind grid-region with its
 * provider (guarded), region, source, date and the two figures in the last
 * two columns, the others empty; the JSON's grid_regions after the offers,
 * only when the catalog has any. */
static void test_grid_regions(void)
{
    static const char xml[] = "<catalog version=\"1\">\n"
                              "  <grid-region id=\"r1\">\n"
                              "    <provider>=Cloud</provider>\n"
                              "    <region>us-east-1</region>\n"
                              "    <kgco2e-per-kwh>0.379069</kgco2e-per-kwh>\n"
                              "    <pue>1.135</pue>\n"
                              "    <source>CCF, Appendix V</source>\n"
                              "    <as-of>2026-12-07</as-of>\n"
                              "  </grid-region>\n"
                              "</catalog>\n";
    tco_catalog *cat = tco_catalog_new();
    CU_ASSERT_EQUAL_FATAL(tco_catalog_load_string(cat, xml, sizeof xml - 1, "g.xml", NULL), TCO_OK);
    char *csv = written(tco_catalog_write_csv_stream, cat);
    char want[1024];
    snprintf(want, sizeof want, "%s%s", csv_header,
             "grid-region,r1,,\"'=Cloud\",,,,,,,,,,us-east-1,\"CCF, Appendix V\",2026-12-07,"
             "0.379069,1.135\r\n");
    CU_ASSERT_STRING_EQUAL(csv, want);
    char *json = written(tco_catalog_write_json_stream, cat);
    CU_ASSERT_STRING_EQUAL(json, "{\n  \"gpus\": [\n  ],\n  \"offers\": [\n  ],\n"
                                 "  \"grid_regions\": [\n"
                                 "    {\"id\": \"r1\", \"provider\": \"=Cloud\", \"region\": "
                                 "\"us-east-1\", \"kgco2e_per_kwh\": 0.379069, \"pue\": 1.135, "
                                 "\"source\": \"CCF, Appendix V\", \"as_of\": \"2026-12-07\"}\n"
                                 "  ]\n}\n");
    free(csv);
    free(json);
    tco_catalog_free(cat);
}

int main(void)
{
    static const check_case cases[] = {
        {"catalog_csv", test_catalog_csv},
        {"catalog_json", test_catalog_json},
        {"catalog_empty", test_catalog_empty},
        {"grid_regions", test_grid_regions},
        {NULL, NULL},
    };
    return check_run("listing", cases);
}
