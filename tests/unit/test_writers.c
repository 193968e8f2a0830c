/* test_writers.c - the CSV and Markdown writers: their output is parsed back
 * (an RFC 4180 reader below) and compared with the figures of
 * tests/data/e2e/e2e-basic.expected, which come from the independent
 * reference implementation, to 1e-9; quoting, CSV-injection and Markdown
 * escaping of hostile labels; the atomic file variants and error paths. */
#include "check.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define E2E TCO_SOURCE_DIR "/tests/data/e2e/"

/* ===== Helpers ===== */

static tco_scenario *load(const char *text_or_path, int is_path)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_status st = is_path ? tco_scenario_load_file(text_or_path, &s, d)
                            : tco_scenario_load_string(text_or_path, "t.ini", &s, d);
    check_print_diags(d);
    CU_ASSERT_EQUAL(st, TCO_OK);
    tco_diags_free(d);
    return s;
}

static tco_result *compute(const tco_scenario *s)
{
    tco_result *r = NULL;
    CU_ASSERT_EQUAL(tco_compute(s, &r), TCO_OK);
    return r;
}

/* Replace an option's label (the scenario owns it and frees it with free). */
static void set_label(tco_scenario *s, size_t i, const char *label)
{
    free(s->options[i].label);
    s->options[i].label = strdup(label);
}

static char *csv_text(const tco_result *r, int monthly)
{
    FILE *f = tmpfile();
    CU_ASSERT_EQUAL(tco_report_write_csv_stream(r, f, monthly), TCO_OK);
    char *t = check_slurp(f);
    fclose(f);
    return t;
}

static char *md_text(const tco_result *r)
{
    FILE *f = tmpfile();
    CU_ASSERT_EQUAL(tco_report_write_md_stream(r, f), TCO_OK);
    char *t = check_slurp(f);
    fclose(f);
    return t;
}

/* ===== An RFC 4180 reader ===== */

#define MAX_FIELDS 64

typedef struct record {
    size_t n;
    char *f[MAX_FIELDS];
    int quoted[MAX_FIELDS]; /* the field was written in double quotes */
} record;

static void record_free(record *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->f[i]);
    r->n = 0;
}

/* Read one record at *p, which ends with CRLF (a bare CR or LF outside quotes
 * is a format error). Returns 0 at the end of the text, -1 on a format error. */
static int read_record(const char **p, record *r)
{
    const char *s = *p;
    memset(r, 0, sizeof *r);
    if (!*s)
        return 0;
    for (;;) {
        size_t cap = strlen(s) + 1, len = 0;
        char *field = malloc(cap);
        int q = *s == '"';
        if (q) {
            s++;
            for (;;) {
                if (!*s) {
                    free(field);
                    return -1;
                }
                if (*s == '"' && s[1] == '"') {
                    field[len++] = '"';
                    s += 2;
                } else if (*s == '"') {
                    s++;
                    break;
                } else {
                    field[len++] = *s++;
                }
            }
        } else {
            while (*s && *s != ',' && *s != '\r' && *s != '\n') {
                if (*s == '"') {
                    free(field);
                    return -1;
                }
                field[len++] = *s++;
            }
        }
        field[len] = '\0';
        if (r->n == MAX_FIELDS) {
            free(field);
            return -1;
        }
        r->quoted[r->n] = q;
        r->f[r->n++] = field;
        if (*s == ',') {
            s++;
            continue;
        }
        if (s[0] == '\r' && s[1] == '\n') {
            *p = s + 2;
            return 1;
        }
        return -1; /* a bare CR or LF, text after a closing quote, or no line end */
    }
}

static const char *const summary_fields[] = {"id",
                                             "label",
                                             "acquire",
                                             "gpu",
                                             "count",
                                             "utilization",
                                             "capex",
                                             "power",
                                             "cooling",
                                             "facility",
                                             "maintenance",
                                             "staff",
                                             "rental",
                                             "commitment_after_horizon",
                                             "residual",
                                             "total",
                                             "npv",
                                             "gpu_hours",
                                             "cost_per_gpu_hour",
                                             "cost_per_pflop_hour",
                                             "cost_per_unit",
                                             "units_per_s_per_kw",
                                             "it_kw",
                                             "provisioned_kw",
                                             "depreciation",
                                             "book_value_end",
                                             "breakeven_month",
                                             "breakeven_utilization",
                                             "breakeven_utilization_note",
                                             "irr",
                                             "mirr",
                                             "payback_month",
                                             "discounted_payback_month",
                                             "irr_note",
                                             "feasible",
                                             "infeasible_reason",
                                             NULL};

static const char *const monthly_fields[] = {"id",
                                             "month",
                                             "paid0",
                                             "power",
                                             "cooling",
                                             "facility",
                                             "maintenance",
                                             "staff",
                                             "rental",
                                             "depreciation",
                                             "cost",
                                             "residual",
                                             "commitment_after_horizon",
                                             "cumulative",
                                             NULL};

static size_t count_names(const char *const *names)
{
    size_t n = 0;
    while (names[n])
        n++;
    return n;
}

/* ===== Expected figures ===== */

/* The value of FIELD for option ID in an .expected file (lines "ID FIELD
 * VALUE", VALUE "null" for unknown): 1 found, 0 not. */
static int expected_value(const char *path, const char *id, const char *field, char *out,
                          size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512], a[128], b[128], c[128];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        if (sscanf(line, "%127s %127s %127s", a, b, c) == 3 && strcmp(a, id) == 0 &&
            strcmp(b, field) == 0) {
            snprintf(out, size, "%s", c);
            found = 1;
        }
    fclose(f);
    return found;
}

/* A CSV field against the expected value: "null" is an empty field, a number
 * is equal to 1e-9 (relative; absolute below 1), a word is the same word. */
static int field_matches(const char *csv, const char *want)
{
    if (strcmp(want, "null") == 0)
        return *csv == '\0';
    if (strtod(want, NULL) == 0 && strspn(want, "0.") == 0)
        return strcmp(csv, want) == 0;
    char *end;
    double x = strtod(csv, &end);
    if (end == csv || *end)
        return 0;
    return check_close(x, strtod(want, NULL));
}

/* ===== CSV ===== */

/* The summary table of e2e-basic: header, one row per option in input order,
 * every figure as the reference computed it. */
static void test_csv_summary_e2e(void)
{
    const char *exp = E2E "e2e-basic.expected";
    tco_scenario *s = load(E2E "e2e-basic.ini", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    char *text = csv_text(r, 0);
    const char *p = text;
    record rec;
    CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1);
    size_t nf = count_names(summary_fields);
    CU_ASSERT_EQUAL(rec.n, nf);
    for (size_t k = 0; k < nf && k < rec.n; k++)
        CU_ASSERT_STRING_EQUAL(rec.f[k], summary_fields[k]);
    record_free(&rec);
    static const char *const ids[] = {"dgx-buy", "cloud"};
    static const char *const labels[] = {"8 GPUs, bought", "8 GPUs, on demand"};
    static const char *const acquire[] = {"buy", "rent"};
    size_t checked = 0;
    for (size_t i = 0; i < 2; i++) {
        CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1);
        CU_ASSERT_EQUAL_FATAL(rec.n, nf);
        CU_ASSERT_STRING_EQUAL(rec.f[0], ids[i]);
        CU_ASSERT_STRING_EQUAL(rec.f[1], labels[i]);
        CU_ASSERT_TRUE(rec.quoted[1]); /* it has a comma */
        CU_ASSERT_STRING_EQUAL(rec.f[2], acquire[i]);
        CU_ASSERT_STRING_EQUAL(rec.f[3], ""); /* no gpu key */
        CU_ASSERT_STRING_EQUAL(rec.f[4], "8");
        for (size_t k = 5; k < nf; k++) {
            char want[128];
            if (strcmp(summary_fields[k], "infeasible_reason") == 0) {
                CU_ASSERT_STRING_EQUAL(rec.f[k], ""); /* no workload: feasible */
                continue;
            }
            if (!expected_value(exp, ids[i], summary_fields[k], want, sizeof want)) {
                /* not in the file: utilization 1, and feasible (no workload) */
                CU_ASSERT(strcmp(summary_fields[k], "utilization") == 0 ||
                          strcmp(summary_fields[k], "feasible") == 0);
                CU_ASSERT_TRUE(field_matches(rec.f[k], "1"));
                continue;
            }
            if (!field_matches(rec.f[k], want))
                fprintf(stderr, "%s %s: csv '%s', expected %s\n", ids[i], summary_fields[k],
                        rec.f[k], want);
            CU_ASSERT_TRUE(field_matches(rec.f[k], want));
            checked++;
        }
        record_free(&rec);
    }
    CU_ASSERT_EQUAL(checked, 2 * (nf - 8));
    /* Unknown values are empty fields, not "nan" or "null" (in the rows: the
     * header has "infeasible_reason"). */
    const char *rows = strstr(text, "\r\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(rows);
    CU_ASSERT_PTR_NULL(strstr(rows, ",nan"));
    CU_ASSERT_PTR_NULL(strstr(rows, ",-nan"));
    CU_ASSERT_PTR_NULL(strstr(rows, ",inf"));
    CU_ASSERT_PTR_NULL(strstr(rows, ",null"));
    CU_ASSERT_EQUAL(read_record(&p, &rec), 0); /* nothing after the rows */
    free(text);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The reference's value of the monthly CSV's `field` of option id at month m
 * of H (MODEL.md, The monthly CSV): month 0 pays the capex (paid0; e2e-basic
 * has no loan or lease) and nothing else; month H has the residual, negative,
 * and the commitment past H, and its cumulative is the total; the other months'
 * cost lines, cost and cumulative are the reference's monthly figures. */
static int monthly_expected(const char *exp, const char *id, int m, int H, const char *field,
                            char *want, size_t size)
{
    char name[64];
    int row0 = m == 0, last = m == H;
    if (strcmp(field, "paid0") == 0 || (row0 && strcmp(field, "cumulative") == 0))
        return row0 ? expected_value(exp, id, "capex", want, size) : snprintf(want, size, "0") > 0;
    if (strcmp(field, "residual") == 0) {
        char r[128];
        if (!last)
            return snprintf(want, size, "0") > 0;
        if (!expected_value(exp, id, "residual", r, sizeof r))
            return 0;
        snprintf(want, size, "%.17g", 0.0 - strtod(r, NULL)); /* -0 is 0 */
        return 1;
    }
    if (strcmp(field, "commitment_after_horizon") == 0)
        return last ? expected_value(exp, id, field, want, size) : snprintf(want, size, "0") > 0;
    if (last && strcmp(field, "cumulative") == 0)
        return expected_value(exp, id, "total", want, size);
    if (row0)
        return snprintf(want, size, "0") > 0;
    snprintf(name, sizeof name, "monthly.%d.%s", m, field);
    return expected_value(exp, id, name, want, size);
}

/* The monthly table of scenario `ini`'s first option against rows worked out
 * by hand: want[m][k] is the value of column cols[k] at month m (0..H). */
static void monthly_by_hand(const char *ini, int H, const char *const *cols, size_t ncols,
                            const double (*want)[8])
{
    tco_scenario *s = load(ini, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    char *text = csv_text(r, 1);
    const char *p = strstr(text, "\r\n\r\nid,month,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    p += 4;
    record head, rec;
    CU_ASSERT_EQUAL_FATAL(read_record(&p, &head), 1);
    size_t at[8];
    for (size_t k = 0; k < ncols; k++) {
        at[k] = head.n;
        for (size_t j = 0; j < head.n; j++)
            if (strcmp(head.f[j], cols[k]) == 0)
                at[k] = j;
        CU_ASSERT_FATAL(at[k] < head.n);
    }
    for (int m = 0; m <= H; m++) {
        CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1);
        CU_ASSERT_EQUAL(strtol(rec.f[1], NULL, 10), m);
        for (size_t k = 0; k < ncols; k++) {
            double x = strtod(rec.f[at[k]], NULL);
            if (!check_close(x, want[m][k]))
                fprintf(stderr, "month %d %s: csv %s, by hand %.17g\n", m, cols[k], rec.f[at[k]],
                        want[m][k]);
            CU_ASSERT(check_close(x, want[m][k]));
        }
        record_free(&rec);
    }
    CU_ASSERT(check_close(want[H][ncols - 1], r->options[0].total)); /* ends at the total */
    record_free(&head);
    free(text);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* MODEL.md, The monthly CSV: the loan example (H = 2) with resale_fraction =
 * 0.5, and the lease example (H = 6, returned), row by row. */
static void test_csv_monthly_by_hand(void)
{
    static const char loan[] =
        "[scenario]\nname = t\nhorizon_months = 2\nhours_per_month = 100\n"
        "discount_rate = 0\n[site]\nelectricity_price = 0\n"
        "[option b]\nacquire = buy\ncount = 1\ngpu_price = 60602\ntdp_w = 0\n"
        "resale_fraction = 0.5\nfinancing = loan\nloan_fraction = 0.5\nloan_rate = 0.12\n"
        "loan_months = 3\n";
    static const char *const lcols[] = {
        "paid0", "loan_interest", "loan_principal",           "loan_balance",
        "cost",  "residual",      "commitment_after_horizon", "cumulative"};
    /* L = 30,301 at 1% a month: payment 10,303.01, interest 303.01 then 203.01,
     * the 10,201 still owed paid at month 2; the residual 60,602 * 0.5. */
    static const double lwant[][8] = {
        {30301, 0, 0, 0, 0, 0, 0, 30301},
        {0, 303.01, 10000, 0, 10303.01, 0, 0, 40604.01},
        {0, 203.01, 10100, 10201, 20504.01, -30301, 0, 30807.02},
    };
    monthly_by_hand(loan, 2, lcols, 8, lwant);
    static const char lease[] =
        "[scenario]\nname = t\nhorizon_months = 6\nhours_per_month = 100\n"
        "discount_rate = 0\n[site]\nelectricity_price = 0\n"
        "[option l]\nacquire = buy\ncount = 1\ngpu_price = 100000\ntdp_w = 0\n"
        "financing = lease\nlease_months = 12\nlease_payment = 3000\n";
    static const char *const pcols[] = {"paid0",     "lease_payment", "lease_buyout",
                                        "cost",      "residual",      "commitment_after_horizon",
                                        "cumulative"};
    /* 3,000 in advance: month 0 and months 1..5; months 7..12 owed past H. */
    static const double pwant[][8] = {
        {3000, 0, 0, 0, 0, 0, 3000},     {0, 3000, 0, 3000, 0, 0, 6000},
        {0, 3000, 0, 3000, 0, 0, 9000},  {0, 3000, 0, 3000, 0, 0, 12000},
        {0, 3000, 0, 3000, 0, 0, 15000}, {0, 3000, 0, 3000, 0, 0, 18000},
        {0, 0, 0, 0, 0, 18000, 36000},
    };
    monthly_by_hand(lease, 6, pcols, 7, pwant);
}

/* Numbers for machines are the shortest text that reads back (MODEL.md,
 * Output): utilization 0.7 is "0.7" in the JSON and the CSV, where %.17g
 * wrote 0.69999999999999996. */
static void test_shortest_numbers(void)
{
    static const char ini[] = "[scenario]\nname = t\nhorizon_months = 3\nhours_per_month = 100\n"
                              "[option r]\nacquire = rent\ncount = 1\nutilization = 0.7\n"
                              "price_per_gpu_hour = 0.1\n";
    tco_scenario *s = load(ini, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    FILE *f = tmpfile();
    CU_ASSERT_EQUAL(tco_report_write_json_stream(r, f), TCO_OK);
    char *json = check_slurp(f);
    fclose(f);
    char *csv = csv_text(r, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"utilization\": 0.7,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(csv, ",0.7,"));
    CU_ASSERT_PTR_NULL(strstr(json, "0.69999999999999996"));
    CU_ASSERT_PTR_NULL(strstr(csv, "0.69999999999999996"));
    free(csv);
    free(json);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* --monthly: a blank line, then one row per option and month 0..H. */
static void test_csv_monthly_e2e(void)
{
    const char *exp = E2E "e2e-basic.expected";
    tco_scenario *s = load(E2E "e2e-basic.ini", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    char *text = csv_text(r, 1);
    char *plain = csv_text(r, 0);
    /* The summary comes first, unchanged; then an empty record. */
    CU_ASSERT_EQUAL_FATAL(strncmp(text, plain, strlen(plain)), 0);
    const char *p = text + strlen(plain);
    CU_ASSERT_EQUAL_FATAL(strncmp(p, "\r\n", 2), 0);
    p += 2;
    record rec;
    CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1);
    size_t nf = count_names(monthly_fields);
    CU_ASSERT_EQUAL(rec.n, nf);
    for (size_t k = 0; k < nf && k < rec.n; k++)
        CU_ASSERT_STRING_EQUAL(rec.f[k], monthly_fields[k]);
    record_free(&rec);
    static const char *const ids[] = {"dgx-buy", "cloud"};
    size_t rows = 0, bad = 0;
    for (size_t i = 0; i < 2; i++) {
        for (int m = 0; m <= 24; m++) {
            CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1);
            CU_ASSERT_EQUAL_FATAL(rec.n, nf);
            CU_ASSERT_STRING_EQUAL(rec.f[0], ids[i]);
            CU_ASSERT_EQUAL(strtol(rec.f[1], NULL, 10), m);
            for (size_t k = 2; k < nf; k++) {
                char want[128];
                CU_ASSERT_TRUE_FATAL(
                    monthly_expected(exp, ids[i], m, 24, monthly_fields[k], want, sizeof want));
                if (!field_matches(rec.f[k], want)) {
                    fprintf(stderr, "%s %d %s: csv '%s', expected %s\n", ids[i], m,
                            monthly_fields[k], rec.f[k], want);
                    bad++;
                }
            }
            record_free(&rec);
            rows++;
        }
    }
    CU_ASSERT_EQUAL(rows, 50);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(read_record(&p, &rec), 0);
    free(plain);
    free(text);
    tco_result_free(r);
    tco_scenario_free(s);
}

static const char two_options[] = "[scenario]\nname = writers\nhorizon_months = 12\n"
                                  "[site]\nelectricity_price = 0.1\n"
                                  "[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\n"
                                  "tdp_w = 300\n"
                                  "[option r]\nacquire = rent\ncount = 1\n"
                                  "price_per_gpu_hour = 1\n";

/* Labels with a comma, a double quote, a line break, a leading '=', and
 * Chinese come back from an RFC 4180 reader as they were, apart from the
 * quote that defuses the formula. */
static void test_csv_quoting(void)
{
    static const struct {
        const char *label, *want;
        int quoted;
    } cases[] = {
        {"plain label", "plain label", 0},
        {"a, b", "a, b", 1},
        {"say \"hi\"", "say \"hi\"", 1},
        {"line one\nline two", "line one\nline two", 1},
        {"cr\r\nlf", "cr\r\nlf", 1},
        {"=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")", 1},
        {"+1+2", "'+1+2", 1},
        {"-2+3", "'-2+3", 1},
        {"@SUM(A1)", "'@SUM(A1)", 1},
        {"\t=1", "'\t=1", 1},
        {"\r=1", "'\r=1", 1},
        {"训练集群，租用", "训练集群，租用", 0},
        {"a=1, not a formula", "a=1, not a formula", 1},
        {"", "", 0},
    };
    tco_scenario *s = load(two_options, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        set_label(s, 0, cases[c].label);
        set_label(s, 1, "second");
        tco_result *r = compute(s);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        char *text = csv_text(r, 1);
        const char *p = text;
        record rec;
        CU_ASSERT_EQUAL(read_record(&p, &rec), 1); /* header */
        record_free(&rec);
        CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1);
        CU_ASSERT_EQUAL(rec.n, count_names(summary_fields));
        if (strcmp(rec.f[1], cases[c].want) != 0)
            fprintf(stderr, "label %zu: got '%s'\n", c, rec.f[1]);
        CU_ASSERT_STRING_EQUAL(rec.f[1], cases[c].want);
        CU_ASSERT_EQUAL(rec.quoted[1], cases[c].quoted);
        CU_ASSERT_STRING_EQUAL(rec.f[0], "b");
        record_free(&rec);
        CU_ASSERT_EQUAL_FATAL(read_record(&p, &rec), 1); /* option r */
        CU_ASSERT_STRING_EQUAL(rec.f[1], "second");
        record_free(&rec);
        /* The rest of the file still parses: the label did not break a record. */
        size_t n = 0;
        int st;
        while ((st = read_record(&p, &rec)) == 1) {
            record_free(&rec);
            n++;
        }
        CU_ASSERT_EQUAL(st, 0);
        CU_ASSERT_EQUAL(n, 1 + 1 + 2 * 13); /* blank record, header, months 0..12 of two */
        free(text);
        tco_result_free(r);
    }
    tco_scenario_free(s);
}

/* Ids and GPU names are text from the file too and get the same treatment. */
static void test_csv_gpu_and_id(void)
{
    tco_scenario *s = load(two_options, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    free(s->options[0].gpu);
    s->options[0].gpu = strdup("-h100, \"sxm\"");
    free(s->options[1].id);
    s->options[1].id = strdup("-r");
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    char *text = csv_text(r, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\r\nb,b,buy,\"'-h100, \"\"sxm\"\"\",1,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\r\n\"'-r\",r,rent,,1,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\r\n\"'-r\",12,"));
    free(text);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* ===== Markdown ===== */

/* Number of table cells in a row: unescaped pipes minus one. */
static int md_cells(const char *row, size_t len)
{
    int pipes = 0;
    for (size_t i = 0; i < len; i++) {
        if (row[i] == '\\')
            i++;
        else if (row[i] == '|')
            pipes++;
    }
    return pipes - 1;
}

static void test_md_e2e(void)
{
    tco_scenario *s = load(E2E "e2e-basic.ini", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    char *text = md_text(r);
    static const char want[] =
        "# e2e basic: buy vs rent\n"
        "\n"
        "24 months, money in USD, discount rate 8% a year. Options are ranked by total cost, "
        "cheapest first; break-even is against 8 GPUs, on demand.\n"
        "\n"
        "| Rank | Option | Acquire | Total (USD) | NPV | Per GPU-hour | Break-even month | "
        "Break-even utilization | IRR | MIRR | Payback month | Discounted payback month | "
        "Feasible |\n"
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        /* the returns: tests/reference/tco_ref.py's (e2e-basic.expected) */
        "| 1 | 8 GPUs, bought | buy | 228,760.00 | 236,751.30 | 2.38 | 12 | 40.6% | 125.3% | "
        "55.7% | 12 | 13 | yes |\n"
        "| 2 | 8 GPUs, on demand (baseline) | rent | 547,200.00 | 506,565.75 | 5.70 | "
        "\xE2\x80\x93 | \xE2\x80\x93 | \xE2\x80\x93 | \xE2\x80\x93 | \xE2\x80\x93 | "
        "\xE2\x80\x93 | yes |\n"
        "\n"
        "**Decision** (feasible options only):\n"
        "\n"
        "- Lowest total cost: 8 GPUs, bought, 228,760.00 USD\n"
        "- Lowest NPV: 8 GPUs, bought, 236,751.30 USD\n"
        "- Lowest cost per sample: 8 GPUs, bought, 6.619 USD per 1M samples\n";
    if (strcmp(text, want) != 0)
        fprintf(stderr, "got:\n%s\n", text);
    CU_ASSERT_STRING_EQUAL(text, want);
    free(text);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Hostile labels stay inside their cell, show as written and add no markup. */
static void test_md_escaping(void)
{
    static const struct {
        const char *label, *want;
    } cases[] = {
        {"a|b", "a\\|b"},
        {"back\\slash", "back\\\\slash"},
        {"*bold* _em_ `code`", "\\*bold\\* \\_em\\_ \\`code\\`"},
        {"[link](http://x)", "\\[link\\](http://x)"},
        {"<script>alert(1)</script>", "\\<script\\>alert(1)\\</script\\>"},
        {"&lt;b&gt;", "\\&lt;b\\&gt;"},
        {"two\nlines\r\n", "two lines  "},
        {"- item", "\\- item"},
        {"+ item", "\\+ item"},
        {"=== setext", "\\=== setext"},
        {"![img](x)", "\\!\\[img\\](x)"},
        {"# heading #", "\\# heading \\#"},
        {"~~strike~~", "\\~\\~strike\\~\\~"},
        {"a-b+c=d!", "a-b+c=d!"},
        {"训练集群 | 租用", "训练集群 \\| 租用"},
    };
    tco_scenario *s = load(two_options, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        set_label(s, 0, cases[c].label);
        tco_result *r = compute(s);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        char *text = md_text(r);
        char cell[256];
        snprintf(cell, sizeof cell, "| %s | buy | ", cases[c].want);
        if (!strstr(text, cell))
            fprintf(stderr, "case %zu: no '%s' in:\n%s\n", c, cell, text);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, cell));
        /* Every table row has the header's 13 cells, on one line; the table ends
         * at the blank line before the decision. */
        const char *line = strstr(text, "\n| Rank");
        CU_ASSERT_PTR_NOT_NULL_FATAL(line);
        line++;
        int rows = 0;
        while (*line && *line != '\n') {
            const char *nl = strchr(line, '\n');
            CU_ASSERT_PTR_NOT_NULL_FATAL(nl);
            CU_ASSERT_EQUAL(line[0], '|');
            CU_ASSERT_EQUAL(md_cells(line, (size_t)(nl - line)), 13);
            rows++;
            line = nl + 1;
        }
        CU_ASSERT_EQUAL(rows, 4); /* header, delimiter, two options */
        free(text);
        tco_result_free(r);
    }
    /* The scenario name in the heading is escaped the same way. */
    free(s->name);
    s->name = strdup("<b>big</b>\n# and a new heading");
    tco_result *r = compute(s);
    char *text = md_text(r);
    static const char heading[] = "# \\<b\\>big\\</b\\> \\# and a new heading\n\n";
    CU_ASSERT_EQUAL(strncmp(text, heading, strlen(heading)), 0);
    free(text);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* Money: thousands separators, 2 decimals, rounding, sign, unknown. */
static void test_md_money(void)
{
    static const struct {
        double x;
        const char *want;
    } cases[] = {
        {0, "0.00"},
        {0.004, "0.00"},
        {-0.004, "0.00"},
        {999.994, "999.99"},
        {999.995, "1,000.00"},
        {1234.5, "1,234.50"},
        {-1234.5, "-1,234.50"},
        {123456.789, "123,456.79"},
        {1e9, "1,000,000,000.00"},
        {1e12, "1,000,000,000,000.00"},
        {NAN, "n/a"},
    };
    tco_scenario *s = load(two_options, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        r->options[0].npv = cases[c].x;
        char *text = md_text(r);
        char cell[128];
        snprintf(cell, sizeof cell, " | %s | ", cases[c].want);
        const char *row = strstr(text, "\n| 1 | b |");
        if (!row)
            row = strstr(text, "\n| 2 | b |");
        CU_ASSERT_PTR_NOT_NULL_FATAL(row);
        /* total, then npv: the npv cell follows the total cell. */
        const char *total_end = strstr(row + 1, " | ");
        for (int k = 0; total_end && k < 3; k++)
            total_end = strstr(total_end + 3, " | ");
        CU_ASSERT_PTR_NOT_NULL_FATAL(total_end);
        if (strncmp(total_end, cell, strlen(cell)) != 0)
            fprintf(stderr, "money %g: row %.120s\n", cases[c].x, row + 1);
        CU_ASSERT_EQUAL(strncmp(total_end, cell, strlen(cell)), 0);
        free(text);
    }
    tco_result_free(r);
    tco_scenario_free(s);
}

/* ===== Files and errors ===== */

static void test_files(void)
{
    char dir[] = "/tmp/tco-writers-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char csv[256], md[256], missing[256];
    snprintf(csv, sizeof csv, "%s/out.csv", dir);
    snprintf(md, sizeof md, "%s/out.md", dir);
    snprintf(missing, sizeof missing, "%s/no/such/dir/out.csv", dir);
    tco_scenario *s = load(E2E "e2e-basic.ini", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = compute(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    tco_diags *d = tco_diags_new();

    CU_ASSERT_EQUAL(tco_report_write_csv(r, csv, 1, d), TCO_OK);
    CU_ASSERT_EQUAL(tco_report_write_md(r, md, d), TCO_OK);
    CU_ASSERT_EQUAL(tco_diags_count(d), 0);
    char *got = check_read_file(csv), *want = csv_text(r, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
    free(want);
    got = check_read_file(md);
    want = md_text(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
    free(want);

    /* A path that cannot be written: an error in diags, no file. */
    CU_ASSERT_EQUAL(tco_report_write_csv(r, missing, 0, d), TCO_ERR_IO);
    CU_ASSERT_EQUAL(tco_report_write_md(r, missing, d), TCO_ERR_IO);
    CU_ASSERT_EQUAL(tco_diags_errors(d), 2);
    if (tco_diags_count(d) > 0) {
        const tco_diag *g = tco_diags_get(d, 0);
        CU_ASSERT_STRING_EQUAL(g->file, missing);
        CU_ASSERT_PTR_NOT_NULL(strstr(g->message, "cannot write"));
    }
    CU_ASSERT_NOT_EQUAL(access(missing, F_OK), 0);

    /* Arguments. */
    CU_ASSERT_EQUAL(tco_report_write_csv(NULL, csv, 0, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_csv(r, NULL, 0, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_md(NULL, md, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_md(r, NULL, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_csv_stream(NULL, stdout, 0), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_csv_stream(r, NULL, 0), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_md_stream(NULL, stdout), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_md_stream(r, NULL), TCO_ERR_ARG);

    /* A stream that fails: the writers say so. */
    FILE *ro = fopen(csv, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ro);
    CU_ASSERT_EQUAL(tco_report_write_csv_stream(r, ro, 1), TCO_ERR_IO);
    clearerr(ro);
    CU_ASSERT_EQUAL(tco_report_write_md_stream(r, ro), TCO_ERR_IO);
    fclose(ro);

    unlink(csv);
    unlink(md);
    rmdir(dir);
    tco_diags_free(d);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"csv summary equals the reference (e2e-basic)", test_csv_summary_e2e},
        {"csv monthly equals the reference (e2e-basic)", test_csv_monthly_e2e},
        {"numbers as the shortest text that reads back: 0.7", test_shortest_numbers},
        {"monthly CSV by hand: month 0, residual, owed past H, ends at the total",
         test_csv_monthly_by_hand},
        {"csv quoting and formula injection", test_csv_quoting},
        {"csv ids and gpu names", test_csv_gpu_and_id},
        {"md summary (e2e-basic)", test_md_e2e},
        {"md escaping of labels and names", test_md_escaping},
        {"md money format", test_md_money},
        {"files, errors and arguments", test_files},
        {NULL, NULL},
    };
    return check_run("writers", cases);
}
