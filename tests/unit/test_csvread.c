/* test_csvread.c - the CSV reader (util/csvread.c), the Python-literal reader
 * (util/pylit.c) and the price-list import's string form
 * (tco_catalog_import_string), each against records, numbers and catalogs
 * worked out by hand. */
#include "check.h"
#include "util/csvread.h"
#include "util/pylit.h"
#include "load/catimport.h"

/* ===== Helpers ===== */

/* Every record of `text` (size bytes), fields joined by '|', records by '/',
 * each record preceded by its line and ':'; or "ERR" and the first message.
 * In a buffer the next call overwrites. */
static const char *records(const char *text, size_t size)
{
    static char out[8192];
    size_t n = 0;
    out[0] = '\0';
    tco_diags *d = tco_diags_new();
    tci_csv *r = tci_csv_open_mem(text, size, "t.csv");
    int rc;
    while ((rc = tci_csv_next(r, d)) == 1) {
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%d:", n ? "/" : "", tci_csv_line(r));
        for (size_t i = 0; i < tci_csv_fields(r); i++)
            n += (size_t)snprintf(out + n, sizeof out - n, "%s%s", i ? "|" : "",
                                  tci_csv_field(r, i, NULL));
    }
    if (rc < 0)
        snprintf(out, sizeof out, "ERR %s", check_diags_text(d));
    tci_csv_free(r);
    tco_diags_free(d);
    return out;
}

#define REC(lit) records(lit, sizeof lit - 1)

/* ===== The CSV reader ===== */

static void test_plain_records(void)
{
    CU_ASSERT_STRING_EQUAL(REC("a,b,c\n1,2,3\n"), "1:a|b|c/2:1|2|3");
    /* CRLF, no end on the last record, empty fields */
    CU_ASSERT_STRING_EQUAL(REC("a,b\r\n,\r\nx,"), "1:a|b/2:|/3:x|");
    /* empty lines are no records; the lines still count */
    CU_ASSERT_STRING_EQUAL(REC("\n\na\r\n\nb\n\n"), "3:a/5:b");
    CU_ASSERT_STRING_EQUAL(REC(""), "");
    /* the byte-order mark is skipped */
    CU_ASSERT_STRING_EQUAL(REC("\xEF\xBB\xBFh1,h2\n"), "1:h1|h2");
    /* UTF-8 text passes */
    CU_ASSERT_STRING_EQUAL(REC("\xE5\x8C\x97\xE4\xBA\xAC,x\n"), "1:\xE5\x8C\x97\xE4\xBA\xAC|x");
}

static void test_quoted_fields(void)
{
    /* a comma, a doubled quote, a line feed and a CRLF inside quotes */
    CU_ASSERT_STRING_EQUAL(REC("x,\"he said \"\"hi\"\", then\",z\r\n\"multi\nline\",\"\"\n"
                               "\"a\r\nb\",end\n"),
                           "1:x|he said \"hi\", then|z/2:multi\nline|/4:a\r\nb|end");
    /* a quoted field at the end of the input */
    CU_ASSERT_STRING_EQUAL(REC("\"q\""), "1:q");
    /* SkyPilot's GpuInfo, quoted with its commas */
    CU_ASSERT_STRING_EQUAL(REC("p5,\"{'Gpus': [{'Name': 'H100', 'Count': 8}]}\",98.32\n"),
                           "1:p5|{'Gpus': [{'Name': 'H100', 'Count': 8}]}|98.32");
}

static void test_errors(void)
{
    CU_ASSERT_STRING_EQUAL(REC("a,b\nc,d\0e\n"), "ERR t.csv:2: error: a NUL byte");
    CU_ASSERT_STRING_EQUAL(REC("a,b\"c\n"),
                           "ERR t.csv:1: error: a quote inside a field that is not quoted");
    CU_ASSERT_STRING_EQUAL(REC("x\n\"ab\"c,d\n"),
                           "ERR t.csv:2: error: text after a closing quote (a quote inside a "
                           "quoted field is written twice)");
    CU_ASSERT_STRING_EQUAL(REC("a\nb,\"open\n\nstill\n"),
                           "ERR t.csv:2: error: a quoted field is not closed");
    CU_ASSERT_STRING_EQUAL(REC("a\rb\n"),
                           "ERR t.csv:1: error: a carriage return not followed by a line feed");
    CU_ASSERT_STRING_EQUAL(REC("ok\n\xFF\xFE,x\n"),
                           "ERR t.csv:2: error: a field is not valid UTF-8 text");
    CU_ASSERT_STRING_EQUAL(REC("\xEF\xBB"), "ERR t.csv:1: error: a field is not valid UTF-8 text");
}

static void test_limits(void)
{
    /* 256 fields pass, 257 do not */
    char line[600];
    memset(line, ',', 255);
    line[255] = '\n';
    const char *r = records(line, 256);
    CU_ASSERT_EQUAL(strncmp(r, "1:|", 3), 0);
    memset(line, ',', 256);
    line[256] = '\n';
    CU_ASSERT_STRING_EQUAL(records(line, 257),
                           "ERR t.csv:1: error: a record has more than 256 fields");
    /* a record of 1 MiB passes (its line feed not counted), one byte more does not */
    size_t big = TCI_CSV_MAX_RECORD;
    char *s = malloc(big + 2);
    memset(s, 'x', big + 1);
    s[big] = '\n';
    CU_ASSERT_EQUAL(strncmp(records(s, big + 1), "1:xxx", 5), 0);
    s[big] = 'x';
    s[big + 1] = '\n';
    CU_ASSERT_STRING_EQUAL(records(s, big + 2),
                           "ERR t.csv:1: error: a record is longer than 1 MiB (1048576 bytes)");
    free(s);
    /* 1,000,000 records pass, the next one does not */
    size_t n = (size_t)TCI_CSV_MAX_RECORDS + 1;
    char *many = malloc(2 * n);
    for (size_t i = 0; i < n; i++) {
        many[2 * i] = 'r';
        many[2 * i + 1] = '\n';
    }
    tco_diags *d = tco_diags_new();
    tci_csv *rd = tci_csv_open_mem(many, 2 * n, "many.csv");
    long count = 0;
    int rc;
    while ((rc = tci_csv_next(rd, d)) == 1)
        count++;
    CU_ASSERT_EQUAL(count, 1000000);
    CU_ASSERT_EQUAL(rc, -1);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d),
                           "many.csv:1000001: error: the file has more than 1000000 records");
    CU_ASSERT_EQUAL(tci_csv_next(rd, d), -1); /* and stays failed */
    tci_csv_free(rd);
    tco_diags_free(d);
    free(many);
}

/* A stream read in blocks: a quoted field of 150,000 bytes spans three. */
static void test_stream(void)
{
    FILE *f = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("h1,h2\r\n\"", f);
    for (int i = 0; i < 150000; i++)
        fputc(i % 1000 == 999 ? '\n' : 'a', f);
    fputs("\",tail\r\nlast,row", f);
    rewind(f);
    tco_diags *d = tco_diags_new();
    tci_csv *r = tci_csv_open(f, "big.csv");
    CU_ASSERT_EQUAL(tci_csv_next(r, d), 1);
    CU_ASSERT_EQUAL(tci_csv_next(r, d), 1);
    size_t len;
    tci_csv_field(r, 0, &len);
    CU_ASSERT_EQUAL(len, 150000);
    CU_ASSERT_STRING_EQUAL(tci_csv_field(r, 1, NULL), "tail");
    CU_ASSERT_EQUAL(tci_csv_line(r), 2);
    CU_ASSERT_EQUAL(tci_csv_next(r, d), 1);
    CU_ASSERT_EQUAL(tci_csv_line(r), 153); /* 2 + the 150 line feeds inside + its end */
    CU_ASSERT_STRING_EQUAL(tci_csv_field(r, 1, NULL), "row");
    CU_ASSERT_EQUAL(tci_csv_next(r, d), 0);
    tci_csv_free(r);
    tco_diags_free(d);
    fclose(f);
}

/* ===== Python literals ===== */

static void test_pylit(void)
{
    double v = 0;
    CU_ASSERT_EQUAL(tci_pylit_find_number("{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', "
                                          "'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], "
                                          "'TotalGpuMemoryInMiB': 655360}",
                                          "MemoryInfo", "SizeInMiB", &v),
                    1);
    CU_ASSERT_EQUAL(v, 81920);
    CU_ASSERT_EQUAL(tci_pylit_find_number("{'Gpus': [{'MemoryInfo': {'SizeInMiB': 144384}}]}",
                                          "MemoryInfo", "SizeInMiB", &v),
                    1);
    CU_ASSERT_EQUAL(v, 144384);
    /* double quotes, escapes, True/False/None, a trailing comma, an exponent */
    CU_ASSERT_EQUAL(tci_pylit_find_number("{\"a\": [True, False, None, 'it\\'s'], "
                                          "'MemoryInfo': {'x': -1.5, 'SizeInMiB': 4.5e3,},}",
                                          "MemoryInfo", "SizeInMiB", &v),
                    1);
    CU_ASSERT_EQUAL(v, 4500);
    /* SizeInMiB outside MemoryInfo is not it */
    CU_ASSERT_EQUAL(tci_pylit_find_number("{'SizeInMiB': 5}", "MemoryInfo", "SizeInMiB", &v), 0);
    CU_ASSERT_EQUAL(tci_pylit_find_number("{}", "MemoryInfo", "SizeInMiB", &v), 0);
    /* not literals: code, a bare name, a call, an open string, a stray token */
    const char *bad[] = {"__import__('os').system('x')",
                         "tpu-v6e-1",
                         "{'a': f(1)}",
                         "{'a': 'open}",
                         "{'a': 1} 2",
                         "{'a' 1}",
                         "",
                         "{'a': 0x10}",
                         "{'a': '\\n'}",
                         "{1: 2}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CU_ASSERT_EQUAL(tci_pylit_find_number(bad[i], "MemoryInfo", "SizeInMiB", &v), -1);
    /* 16 levels pass, 17 do not */
    char deep[64] = "";
    for (int i = 0; i < 16; i++)
        strcat(deep, "[");
    for (int i = 0; i < 16; i++)
        strcat(deep, "]");
    CU_ASSERT_EQUAL(tci_pylit_find_number(deep, "MemoryInfo", "SizeInMiB", &v), 0);
    char deeper[64] = "[";
    strcat(deeper, deep);
    strcat(deeper, "]");
    CU_ASSERT_EQUAL(tci_pylit_find_number(deeper, "MemoryInfo", "SizeInMiB", &v), -1);
}

/* ===== The import's string form ===== */

static const char *imported(const char *csv, tco_import_from from, const char *name,
                            tco_status want)
{
    static char out[16384];
    tco_diags *d = tco_diags_new();
    tco_catalog_import_opts o = {.from = from, .as_of = "2026-12-01"};
    char *xml = NULL;
    tco_status st = tco_catalog_import_string(csv, strlen(csv), name, &o, &xml, NULL, d);
    CU_ASSERT_EQUAL(st, want);
    if (st != want)
        check_print_diags(d);
    snprintf(out, sizeof out, "%s\n--\n%s", xml ? xml : "", check_diags_text(d));
    free(xml);
    tco_diags_free(d);
    return out;
}

#define SKY_HEAD                                                                                   \
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,"       \
    "Region,AvailabilityZone\n"

/* p5.48xlarge: 98.32 / 8 = 12.29 on-demand; spot, the cheapest zone:
 * min(30.6846, 23.1583) / 8 = 2.8947875. */
static void test_import_prices(void)
{
    const char *x = imported(SKY_HEAD "p5.48xlarge,H100,8.0,192.0,2048.0,,98.32,30.684600,"
                                      "us-east-1,use1-az1\n"
                                      "p5.48xlarge,H100,8.0,192.0,2048.0,,98.32,23.158300,"
                                      "us-east-1,use1-az3\n",
                             TCO_IMPORT_SKYPILOT, "cat/aws/vms.csv", TCO_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<provider>AWS</provider>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<price-per-gpu-hour currency=\"USD\">12.29<"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<price-per-gpu-hour currency=\"USD\">2.8947875<"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "in zone use1-az3 (line 3), the cheapest of 2 rows"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "2 rows read: 2 kept as 2 offers (1 on-demand, 1 spot)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "2 prices merged"));
    /* gpuhunt: the provider from the file's name; spot a row of its own */
    x = imported("instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot\r\n"
                 "gpu_2x_h100_sxm5,us-east-1,6.38,52,450,2,H100,80,False\r\n",
                 TCO_IMPORT_GPUHUNT, "lambda.csv", TCO_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<provider>Lambda</provider>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, ">3.19<"));
    /* gpuhunt's TPUs, by their vendor: skipped, not unmapped */
    x = imported("instance_name,location,price,gpu_count,gpu_name,spot,gpu_vendor\n"
                 "v5litepod-1,us-west4,1.2,1,v5litepod,False,google\n",
                 TCO_IMPORT_GPUHUNT, "gcp.csv", TCO_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "skipped 1 row: a TPU"));
    CU_ASSERT_PTR_NULL(strstr(x, "unmapped"));
}

/* Text from the list never reaches the catalog as markup or a formula. */
static void test_import_hostile(void)
{
    const char *x = imported(SKY_HEAD "=HYPERLINK(1),H100,8,,,,98.32,,us-east-1,a\n"
                                      "p5.48xlarge,H100,8,,,,98.32,,<b>us</b>,a\n"
                                      "p5.48xlarge,@SUM(A1),8,,,,98.32,,us-east-1,a\n"
                                      "p5.48xlarge,H100,8,,,,98.32,,-us-east-1,a\n",
                             TCO_IMPORT_SKYPILOT, "aws/vms.csv", TCO_OK);
    CU_ASSERT_PTR_NULL(strstr(x, "<offer"));
    CU_ASSERT_PTR_NULL(strstr(x, "HYPERLINK"));
    CU_ASSERT_PTR_NULL(strstr(x, "<b>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "skipped 4 rows: a name that is not plain text"));
    /* a price that is no number is an error at its line */
    x = imported(SKY_HEAD "p5,H100,8,,,,=1+1,,us-east-1,a\n", TCO_IMPORT_SKYPILOT, "aws/vms.csv",
                 TCO_ERR_INPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "aws/vms.csv:2: error: the price '=1+1' is not a number"));
    /* a header without the needed columns */
    x = imported("a,b\n1,2\n", TCO_IMPORT_GPUHUNT, "x.csv", TCO_ERR_INPUT);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(x, "x.csv:1: error: the header has no column 'instance_name': is this a gpuhunt "
                  "CSV?"));
    /* a row of another width */
    x = imported(SKY_HEAD "p5,H100\n", TCO_IMPORT_SKYPILOT, "aws/vms.csv", TCO_ERR_INPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "aws/vms.csv:2: error: the row has 2 fields; the header "
                                     "has 10"));
}

/* ===== The import's tables ===== */

/* Every GPU the map names is a GPU of the shipped catalog. */
static void test_map_names_catalog_gpus(void)
{
    tco_catalog *cat = tco_catalog_new();
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL_FATAL(tco_catalog_load_file(cat, TCO_SOURCE_DIR "/pricing/gpus.xml", d),
                          TCO_OK);
    for (size_t i = 0; i < tci_n_gpu_rules; i++) {
        if (!tco_catalog_gpu(cat, tci_gpu_rules[i].gpu))
            fprintf(stderr, "the GPU map names '%s', not in pricing/gpus.xml\n",
                    tci_gpu_rules[i].gpu);
        CU_ASSERT_PTR_NOT_NULL(tco_catalog_gpu(cat, tci_gpu_rules[i].gpu));
    }
    tco_diags_free(d);
    tco_catalog_free(cat);
}

/* The instance type or the memory decides; nothing else is guessed. */
static void test_map_decisions(void)
{
    int named;
    const char *g = tci_gpu_map("H100", "gpu_1x_h100_pcie", 80, &named);
    CU_ASSERT(g && strcmp(g, "h100-pcie-80gb") == 0);
    g = tci_gpu_map("h100", "p5.48xlarge", NAN, &named);
    CU_ASSERT(g && strcmp(g, "h100-sxm5-80gb") == 0);
    CU_ASSERT_PTR_NULL(tci_gpu_map("H100", "gpu_8x_h100", 80, &named)); /* which H100? */
    g = tci_gpu_map("H100", "NVIDIA H100 80GB HBM3", 80, &named);
    CU_ASSERT(g && strcmp(g, "h100-sxm5-80gb") == 0);
    g = tci_gpu_map("H100", "Standard_NC40ads_H100_v5", 94, &named); /* the NVL's 94 GB */
    CU_ASSERT(g && strcmp(g, "h100-nvl-94gb") == 0);
    g = tci_gpu_map("H200", "gpu_1x_h200_nvl", NAN, &named);
    CU_ASSERT(g && strcmp(g, "h200-nvl-141gb") == 0);
    g = tci_gpu_map("A100", "gpu_1x_a100_pcie", 40, &named);
    CU_ASSERT(g && strcmp(g, "a100-pcie-40gb") == 0);
    CU_ASSERT_EQUAL(named, 1);
    g = tci_gpu_map("A100", "gpu_1x_a100_sxm4", 40, &named);
    CU_ASSERT(g && strcmp(g, "a100-sxm4-40gb") == 0);
    g = tci_gpu_map("A100", "gpu_8x_a100_80gb_sxm4", 80, &named);
    CU_ASSERT(g && strcmp(g, "a100-sxm4-80gb") == 0);
    CU_ASSERT_PTR_NULL(tci_gpu_map("A100", "gpu_1x_a100_sxm4", NAN, &named)); /* no memory */
    /* Lambda's own descriptions: "8x A100 (40 GB SXM4)", "1x A100 (40 GB PCIe)"; by
     * the whole type, with the memory; its 2x and 4x are described nowhere cited. */
    g = tci_gpu_map("A100", "gpu_8x_a100", 40, &named);
    CU_ASSERT(g && strcmp(g, "a100-sxm4-40gb") == 0);
    g = tci_gpu_map("A100", "GPU_1X_A100", 40, &named);
    CU_ASSERT(g && strcmp(g, "a100-pcie-40gb") == 0);
    CU_ASSERT_PTR_NULL(tci_gpu_map("A100", "gpu_8x_a100", NAN, &named)); /* no memory */
    CU_ASSERT_PTR_NULL(tci_gpu_map("A100", "gpu_2x_a100", 40, &named));
    CU_ASSERT_PTR_NULL(tci_gpu_map("A100", "gpu_8x_a100_40gb", 40, &named)); /* not the type */
    /* H100-NVLINK: NVLink is the SXM5's and the PCIe cards' (bridged); 94 GB is the NVL. */
    g = tci_gpu_map("H100-NVLINK", "x", 94, &named);
    CU_ASSERT(g && strcmp(g, "h100-nvl-94gb") == 0);
    CU_ASSERT_PTR_NULL(tci_gpu_map("H100-NVLINK", "x", 80, &named));
    CU_ASSERT_EQUAL(named, 1);
    g = tci_gpu_map("V100", "p3.2xlarge", 16, &named);
    CU_ASSERT(g && strcmp(g, "v100-sxm2-16gb") == 0);
    CU_ASSERT_PTR_NULL(tci_gpu_map("V100", "Standard_NC6s_v3", 16, &named)); /* PCIe */
    CU_ASSERT_EQUAL(named, 1);
    CU_ASSERT_PTR_NULL(tci_gpu_map("GH200", "gpu_1x_gh200", 144, &named)); /* no entry */
    CU_ASSERT_PTR_NULL(tci_gpu_map("A30", "x", 24, &named));
    CU_ASSERT_EQUAL(named, 0);
    CU_ASSERT_STRING_EQUAL(tci_gcp_host("H100", 8), "a3-highgpu-8g");
    CU_ASSERT_STRING_EQUAL(tci_gcp_host("A100", 16), "a2-megagpu-16g");
    CU_ASSERT_PTR_NULL(tci_gcp_host("H100", 3));
    CU_ASSERT_PTR_NULL(tci_gcp_host("T4", 1));
    CU_ASSERT(tci_gcp_is_host("a2-ultragpu-8g") && !tci_gcp_is_host("n1-highmem-8"));
    CU_ASSERT_STRING_EQUAL(tci_provider_name("gcp"), "Google Cloud");
    CU_ASSERT_STRING_EQUAL(tci_provider_name("nebius"), "nebius");
}

int main(void)
{
    static const check_case cases[] = {
        {"plain records", test_plain_records},
        {"quoted fields", test_quoted_fields},
        {"errors", test_errors},
        {"limits", test_limits},
        {"a stream in blocks", test_stream},
        {"Python literals", test_pylit},
        {"import: prices", test_import_prices},
        {"import: hostile text", test_import_hostile},
        {"the GPU map names the catalog's GPUs", test_map_names_catalog_gpus},
        {"the GPU map's decisions", test_map_decisions},
        {NULL, NULL},
    };
    return check_run("csvread", cases);
}
