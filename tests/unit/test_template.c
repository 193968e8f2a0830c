/* test_template.c - workbook templates: the shipped templates load and hold every
 * label key the workbook writer uses; secure parsing (XXE, entity bombs, DOCTYPEs,
 * depth, attribute and size limits); every error with its exact message and line;
 * the rules the schema cannot say; and workbooks written with partial and hostile
 * templates.
 *
 * Runs in tests/data/template, so that diagnostics name files as written here. The
 * keys the writer uses are read from the sources (the .c files of TCO_SOURCE_DIR/tco/write/xlsx) as
 * scripts/template_keys.py reads them: the first string of every xw_label and
 * xw_labelf call and every XW_KEY("..."); then the keys made at run time, the cost
 * lines' (tco/include/tco_lines.h) and the Summary's, from the result field table
 * (tco/core/fields.c). */
#include "check.h"
#include "core/fields.h"
#include "core/template.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DATA_DIR    TCO_SOURCE_DIR "/tests/data/template"
#define DEFAULT_TPL TCO_SOURCE_DIR "/templates/default.xml"
#define ZH_TPL      TCO_SOURCE_DIR "/templates/zh-CN.xml"
#define SEED        TCO_SOURCE_DIR "/config/seed-2026.ini"
#define SECRET      "TCO-SECRET-5d1f0c9e" /* in tests/data/catalog/secret.txt */

/* ===== Helpers ===== */

/* All diagnostics of `d`, one per line. */
/* Load a file and expect `want_st` and exactly the diagnostics `want`. */
static void expect_file(const char *file, tco_status want_st, const char *want)
{
    tco_diags *d = tco_diags_new();
    tco_template *t = (tco_template *)1;
    tco_status st = tco_template_load_file(file, &t, d);
    const char *got = check_diags_text(d);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  file: %s\n  want: %s\n  got:  %s\n", file, want, got);
    CU_ASSERT_STRING_EQUAL(got, want);
    CU_ASSERT_EQUAL(st, want_st);
    CU_ASSERT_PTR_NULL(t);
    tco_template_free(t);
    tco_diags_free(d);
}

static void expect_string(const char *xml, tco_status want_st, const char *want)
{
    tco_diags *d = tco_diags_new();
    tco_template *t = NULL;
    tco_status st = tco_template_load_string(xml, strlen(xml), "t.xml", &t, d);
    const char *got = check_diags_text(d);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  want: %s\n  got:  %s\n", want, got);
    CU_ASSERT_STRING_EQUAL(got, want);
    CU_ASSERT_EQUAL(st, want_st);
    CU_ASSERT_EQUAL(st == TCO_OK, t != NULL);
    tco_template_free(t);
    tco_diags_free(d);
}

static tco_template *load_ok(const char *xml)
{
    tco_diags *d = tco_diags_new();
    tco_template *t = NULL;
    CU_ASSERT_EQUAL(tco_template_load_string(xml, strlen(xml), "t.xml", &t, d), TCO_OK);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "");
    tco_diags_free(d);
    return t;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

#define HEAD "<?xml version=\"1.0\"?>\n"

/* ===== The keys the writer uses ===== */

typedef struct keyset {
    char **keys;
    size_t n, cap;
} keyset;

static void add_key(keyset *ks, const char *key)
{
    for (size_t i = 0; i < ks->n; i++)
        if (strcmp(ks->keys[i], key) == 0)
            return;
    if (ks->n == ks->cap) {
        ks->cap = ks->cap ? 2 * ks->cap : 256;
        ks->keys = realloc(ks->keys, ks->cap * sizeof *ks->keys);
    }
    ks->keys[ks->n++] = strdup(key);
}

static void free_keys(keyset *ks)
{
    for (size_t i = 0; i < ks->n; i++)
        free(ks->keys[i]);
    free(ks->keys);
}

/* A label key: lower-case dotted words, as the schema's pattern says. */
static int is_key(const char *s)
{
    int dots = 0, word = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '.') {
            if (!word)
                return 0;
            dots++;
            word = 0;
        } else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-') {
            word++;
        } else {
            return 0;
        }
    }
    return dots > 0 && word > 0;
}

/* The source with comments blanked out (strings and characters kept). */
static void blank_comments(char *s)
{
    for (char *p = s; *p; p++) {
        if (*p == '"' || *p == '\'') {
            char q = *p;
            for (p++; *p && *p != q; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (!*p)
                return;
        } else if (p[0] == '/' && p[1] == '*') {
            char *e = strstr(p + 2, "*/");
            char *end = e ? e + 2 : p + strlen(p);
            for (; p < end; p++)
                if (*p != '\n')
                    *p = ' ';
            p--;
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++)
                *p = ' ';
            if (!*p)
                return;
        }
    }
}

/* The first string literal inside the parentheses that open at `open`, when it is
 * a key; copied into key. */
static int first_literal(const char *open, char *key, size_t size)
{
    int depth = 0;
    for (const char *p = open; *p; p++) {
        if (*p == '(') {
            depth++;
        } else if (*p == ')') {
            if (--depth == 0)
                return 0;
        } else if (*p == '\'') {
            for (p++; *p && *p != '\''; p++)
                if (*p == '\\' && p[1])
                    p++;
        } else if (*p == '"') {
            const char *e = p + 1;
            while (*e && *e != '"')
                e += *e == '\\' && e[1] ? 2 : 1;
            size_t n = (size_t)(e - p - 1);
            if (n >= size)
                return 0;
            memcpy(key, p + 1, n);
            key[n] = '\0';
            return is_key(key);
        } else if (*p == ';' || *p == '{') {
            return 0;
        }
    }
    return 0;
}

static void source_keys(keyset *ks, const char *path)
{
    char *src = read_all(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    blank_comments(src);
    static const char *const marks[] = {"xw_label", "xw_labelf", "XW_KEY"};
    for (char *p = src; *p; p++) {
        for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
            size_t len = strlen(marks[m]);
            if (strncmp(p, marks[m], len) != 0)
                continue;
            char before = p > src ? p[-1] : ' ';
            if ((before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
                (before >= '0' && before <= '9') || before == '_')
                continue;
            const char *q = p + len;
            while (*q == ' ' || *q == '\t' || *q == '\n')
                q++;
            char key[128];
            if (*q == '(' && first_literal(q, key, sizeof key))
                add_key(ks, key);
        }
    }
    free(src);
}

/* Every key the writer can ask for. */
static void writer_keys(keyset *ks)
{
    DIR *dir = opendir(TCO_SOURCE_DIR "/tco/write/xlsx");
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    size_t files = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/tco/write/xlsx/%s", TCO_SOURCE_DIR, e->d_name);
        source_keys(ks, path);
        files++;
    }
    closedir(dir);
    CU_ASSERT(files >= 2);
    /* Made at run time: sheet names, INI keys and their units, Inputs sections,
     * depreciation methods. */
    char key[160];
    for (int k = 0; k < TCI_SHEET_KINDS; k++) {
        if (k == TCI_SHEET_OPTIONS)
            continue;
        snprintf(key, sizeof key, "sheet.%s", tci_template_sheet_kind(k));
        for (char *p = key; *p; p++)
            if (*p == '-')
                *p = '_';
        add_key(ks, key);
    }
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? TCO_O_COUNT : TCO_S_COUNT;
        for (int k = 0; k < n; k++) {
            const tco_keydef *kd =
                pass ? tco_option_key((tco_okey)k) : tco_scenario_key((tco_skey)k);
            snprintf(key, sizeof key, "input.%s.%s", kd->section, kd->name);
            add_key(ks, key);
            if (kd->unit == TCO_U_MONEY || kd->unit == TCO_U_RATE ||
                (kd->unit_label && *kd->unit_label)) {
                snprintf(key, sizeof key, "input.%s.%s.unit", kd->section, kd->name);
                add_key(ks, key);
            }
            if (!pass) {
                snprintf(key, sizeof key, "inputs.section.%s", kd->section);
                add_key(ks, key);
            }
        }
    }
    const char *const *methods = tco_option_key(TCO_O_DEPRECIATION)->names;
    for (size_t i = 0; methods && methods[i]; i++) {
        snprintf(key, sizeof key, "depreciation.%s", methods[i]);
        add_key(ks, key);
    }
    /* The cost lines' rows and columns, from their list. */
    for (int line = 0; line < TCO_LINES; line++) {
        const tco_cost_line_info *l = tco_cost_line_get(line);
        add_key(ks, l->summary_key);
        add_key(ks, l->budget_key);
        add_key(ks, l->sheet_key);
    }
    /* The Summary's rows and block headings, from the result field table. */
    for (int id = 0; id < TCI_F_COUNT; id++) {
        const tci_field *f = tci_field_get((tci_field_id)id);
        if (f->label_key)
            add_key(ks, f->label_key);
        if (f->group_key)
            add_key(ks, f->group_key);
    }
}

/* ===== The shipped templates ===== */

static tco_template *load_shipped(const char *path)
{
    tco_diags *d = tco_diags_new();
    tco_template *t = NULL;
    tco_status st = tco_template_load_file(path, &t, d);
    if (st != TCO_OK)
        fprintf(stderr, "\n%s\n", check_diags_text(d));
    CU_ASSERT_EQUAL(st, TCO_OK);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), ""); /* not even a warning */
    tco_diags_free(d);
    return t;
}

static void test_shipped_load(void)
{
    tco_template *en = load_shipped(DEFAULT_TPL), *zh = load_shipped(ZH_TPL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(en);
    CU_ASSERT_PTR_NOT_NULL_FATAL(zh);
    CU_ASSERT_STRING_EQUAL(tco_template_language(en), "en");
    CU_ASSERT_STRING_EQUAL(tco_template_language(zh), "zh-CN");
    CU_ASSERT_STRING_EQUAL(tco_template_language(NULL), "en");
    /* Every sheet and chart, in the built-in order, as the model flows: About,
     * Inputs, the monthly sheets, the annual views, ..., Checks. */
    int kinds[TCI_SHEET_KINDS], builtin[TCI_SHEET_KINDS], charts[TCI_CHART_KINDS];
    CU_ASSERT_EQUAL(tci_template_sheets(NULL, builtin), TCI_SHEET_KINDS);
    CU_ASSERT_EQUAL(builtin[2], TCI_SHEET_OPTIONS);
    CU_ASSERT_EQUAL(builtin[3], TCI_SHEET_ANNUAL);
    CU_ASSERT_EQUAL(builtin[TCI_SHEET_KINDS - 1], TCI_SHEET_CHECKS);
    for (int t = 0; t < 2; t++) {
        tco_template *tpl = t ? zh : en;
        CU_ASSERT_EQUAL(tci_template_sheets(tpl, kinds), TCI_SHEET_KINDS);
        for (int k = 0; k < TCI_SHEET_KINDS; k++)
            CU_ASSERT_EQUAL(kinds[k], builtin[k]);
        CU_ASSERT_EQUAL(tci_template_charts(tpl, charts), TCI_CHART_KINDS);
    }
    const tci_tpl_style *st = tci_template_style(zh);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    CU_ASSERT_STRING_EQUAL(st->font_name, "Noto Sans CJK SC");
    CU_ASSERT_EQUAL(st->n_accents, 10);
    CU_ASSERT_EQUAL(st->negatives_minus, 1);
    CU_ASSERT_EQUAL(st->n_currencies, 1);
    CU_ASSERT_STRING_EQUAL(st->currencies[0].symbol, "\xC2\xA5"); /* ¥ */
    CU_ASSERT_STRING_EQUAL(tci_template_label(zh, "sheet.summary"), "汇总");
    CU_ASSERT_STRING_EQUAL(tci_template_label(en, "sheet.summary"), "Summary");
    CU_ASSERT_PTR_NULL(tci_template_label(en, "no.such.key"));
    CU_ASSERT_PTR_NULL(tci_template_label(NULL, "sheet.summary"));
    tco_template_free(en);
    tco_template_free(zh);
}

/* Both templates have every key the writer uses, and no other. */
static void test_shipped_complete(void)
{
    keyset ks = {0};
    writer_keys(&ks);
    CU_ASSERT(ks.n > 300);
    static const char *const files[] = {DEFAULT_TPL, ZH_TPL};
    for (size_t f = 0; f < 2; f++) {
        tco_template *t = load_shipped(files[f]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        size_t missing = 0, unused = 0;
        for (size_t i = 0; i < ks.n; i++) {
            if (!tci_template_label(t, ks.keys[i])) {
                fprintf(stderr, "\n  %s has no label '%s'", files[f], ks.keys[i]);
                missing++;
            }
        }
        for (size_t i = 0; i < tci_template_label_count(t); i++) {
            const char *key = tci_template_label_key(t, i);
            int used = 0;
            for (size_t k = 0; k < ks.n && !used; k++)
                used = strcmp(ks.keys[k], key) == 0;
            if (!used) {
                fprintf(stderr, "\n  %s has label '%s', which the writer never uses", files[f],
                        key);
                unused++;
            }
        }
        CU_ASSERT_EQUAL(missing, 0);
        CU_ASSERT_EQUAL(unused, 0);
        tco_template_free(t);
    }
    free_keys(&ks);
}

/* zh-CN is Chinese throughout: its sheet names, headings and chart titles. */
static void test_zh_chinese(void)
{
    tco_template *zh = load_shipped(ZH_TPL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(zh);
    static const char *const keys[] = {"sheet.about",
                                       "sheet.inputs",
                                       "sheet.summary",
                                       "sheet.checks",
                                       "sheet.workload",
                                       "sheet.buy_vs_rent",
                                       "sheet.sensitivity",
                                       "sheet.cases",
                                       "sheet.monte_carlo",
                                       "chart.cumulative.title",
                                       "chart.breakdown.title",
                                       "chart.cost_per_gpu_hour.title",
                                       "about.legend",
                                       "summary.field.total",
                                       "summary.field.npv",
                                       "summary.field.breakeven_month",
                                       "input.site.electricity_price",
                                       "option.line.cooling"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *t = tci_template_label(zh, keys[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        int cjk = 0; /* a character of U+4E00..U+9FFF: 3 bytes led by E4..E9 */
        for (const unsigned char *p = (const unsigned char *)t; *p; p++)
            cjk |= *p >= 0xE4 && *p <= 0xE9;
        if (!cjk)
            fprintf(stderr, "\n  zh-CN %s is not Chinese: %s", keys[i], t);
        CU_ASSERT(cjk);
    }
    CU_ASSERT_STRING_EQUAL(tci_template_label(zh, "summary.field.total"), "总拥有成本");
    CU_ASSERT_STRING_EQUAL(tci_template_label(zh, "summary.field.npv"), "成本的净现值");
    tco_template_free(zh);
}

/* ===== Secure parsing ===== */

/* A local file named by an external entity: refused at the DOCTYPE, its content
 * in no diagnostic. */
static void test_xxe_local_file(void)
{
    char host[256];
    check_hostname(host, sizeof host);
    tco_diags *d = tco_diags_new();
    tco_template *t = NULL;
    CU_ASSERT_EQUAL(tco_template_load_file("xxe-local-file.xml", &t, d), TCO_ERR_INPUT);
    CU_ASSERT_PTR_NULL(t);
    const char *got = check_diags_text(d);
    CU_ASSERT_STRING_EQUAL(got, "xxe-local-file.xml:3: error: a DOCTYPE is not allowed in a "
                                "template (no DTDs, no entities): remove it");
    if (strlen(host) >= 4)
        CU_ASSERT_PTR_NULL(strstr(got, host));
    tco_diags_free(d);
}

static void test_xxe_secret(void)
{
    static const char *const files[] = {"xxe-relative.xml", "xxe-parameter.xml"};
    for (size_t i = 0; i < 2; i++) {
        tco_diags *d = tco_diags_new();
        tco_template *t = NULL;
        CU_ASSERT_EQUAL(tco_template_load_file(files[i], &t, d), TCO_ERR_INPUT);
        CU_ASSERT_PTR_NULL(t);
        const char *got = check_diags_text(d);
        CU_ASSERT_PTR_NOT_NULL(strstr(got, ":3: error: a DOCTYPE is not allowed in a template"));
        CU_ASSERT_PTR_NULL(strstr(got, SECRET));
        tco_diags_free(d);
    }
    /* The string form, with an absolute path: refused alike. */
    expect_string(HEAD "<!DOCTYPE template [<!ENTITY x SYSTEM \"" TCO_SOURCE_DIR
                       "/tests/data/catalog/secret.txt\">]>\n"
                       "<template version=\"1\" language=\"en\"><labels>"
                       "<label key=\"sheet.summary\">&x;</label></labels></template>\n",
                  TCO_ERR_INPUT,
                  "t.xml:2: error: a DOCTYPE is not allowed in a template (no DTDs, no "
                  "entities): remove it");
}

/* The refused template's content reaches no workbook either: there is none. A
 * secret read by any means would show in the written workbook's sheet names. */
static void test_xxe_no_output(void)
{
    char path[] = "/tmp/tco-tpl-xxe-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    unlink(path);
    tco_template *t = NULL;
    CU_ASSERT_EQUAL(tco_template_load_file("xxe-relative.xml", &t, NULL), TCO_ERR_INPUT);
    CU_ASSERT_PTR_NULL(t);
    struct stat sb;
    CU_ASSERT_NOT_EQUAL(stat(path, &sb), 0);
}

static void test_billion_laughs(void)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_file("billion-laughs.xml", TCO_ERR_INPUT,
                "billion-laughs.xml:3: error: a DOCTYPE is not allowed in a template (no DTDs, "
                "no entities): remove it");
    CU_ASSERT(seconds_since(&t0) < 1.0);
}

static void test_undeclared_entity(void)
{
    expect_string(HEAD "<template version=\"1\" language=\"en\">\n&x;</template>\n", TCO_ERR_INPUT,
                  "t.xml:3: error: Entity 'x' not defined");
}

static void test_limits(void)
{
    /* Depth: a million levels on one line, refused at the 17th at once. */
    enum { LEVELS = 1000000 };
    char *xml = malloc(3 * LEVELS + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    for (size_t i = 0; i < LEVELS; i++)
        memcpy(xml + 3 * i, "<a>", 3);
    xml[3 * LEVELS] = '\0';
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_string(xml, TCO_ERR_LIMIT, "t.xml:1: error: elements are nested more than 16 deep");
    CU_ASSERT(seconds_since(&t0) < 1.0);
    free(xml);
    /* Attributes: 80000 in one tag, refused before libxml2 compares them pairwise. */
    enum { ATTRS = 80000 };
    xml = malloc(ATTRS * 12 + 64);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    size_t n = (size_t)sprintf(xml, "<template version=\"1\"\n");
    for (int i = 0; i < ATTRS; i++)
        n += (size_t)sprintf(xml + n, " a%d='>'", i);
    strcpy(xml + n, "/>");
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_string(xml, TCO_ERR_LIMIT, "t.xml:1: error: more than 16 attributes in one tag");
    CU_ASSERT(seconds_since(&t0) < 1.0);
    free(xml);
    /* Size: one byte over the limit, before anything is parsed. */
    tco_template *t = NULL;
    xml = calloc((size_t)TCO_MAX_FILE + 2, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    memset(xml, ' ', (size_t)TCO_MAX_FILE + 1);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_template_load_string(xml, (size_t)TCO_MAX_FILE + 1, "big.xml", &t, d),
                    TCO_ERR_LIMIT);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d),
                           "big.xml: error: the template is 16777217 bytes; the limit is 16777216");
    CU_ASSERT_PTR_NULL(t);
    tco_diags_free(d);
    free(xml);
}

/* ===== Errors with their lines ===== */

static void test_malformed(void)
{
    expect_file("malformed.xml", TCO_ERR_INPUT,
                "malformed.xml:6: error: Opening and ending tag mismatch: label line 4 and labels\n"
                "malformed.xml:7: error: Opening and ending tag mismatch: labels line 3 and "
                "template\n"
                "malformed.xml:8: error: Premature end of data in tag template line 2");
    expect_string("", TCO_ERR_INPUT, "t.xml:1: error: Document is empty");
    expect_file("no-such-file.xml", TCO_ERR_IO,
                "no-such-file.xml: error: cannot open: No such file or directory");
}

static void test_schema_violations(void)
{
    expect_file("schema-violation.xml", TCO_ERR_INPUT,
                "schema-violation.xml:8: error: Element 'sheet', attribute 'kind': [facet "
                "'enumeration'] The value 'pivot' is not an element of the set {'about', "
                "'inputs', 'options', 'summary', 'budget', 'workload', 'buy-vs-rent', "
                "'sensitivity', 'cases', 'monte-carlo', 'checks', 'annual', "
                "'statements'}.");
    expect_string(HEAD "<template version=\"1\">\n</template>", TCO_ERR_INPUT,
                  "t.xml:2: error: Element 'template': The attribute 'language' is required but "
                  "missing.");
    expect_string(HEAD "<template version=\"1\" language=\"en\">\n  <labels>\n"
                       "    <label key=\"Sheet Summary\">x</label>\n  </labels>\n</template>",
                  TCO_ERR_INPUT,
                  "t.xml:4: error: Element 'label', attribute 'key': [facet 'pattern'] The value "
                  "'Sheet Summary' is not accepted by the pattern "
                  "'[a-z0-9][a-z0-9_\\-]*(\\.[a-z0-9_\\-]+){1,5}'.");
    expect_string(HEAD "<template version=\"1\" language=\"en\">\n  <labels>\n"
                       "    <label key=\"sheet.summary\">A</label>\n"
                       "    <label key=\"sheet.summary\">B</label>\n  </labels>\n</template>",
                  TCO_ERR_INPUT,
                  "t.xml:5: error: Element 'label': Duplicate key-sequence ['sheet.summary'] in "
                  "unique identity-constraint 'unique-label'.");
    expect_string(HEAD "<template version=\"1\" language=\"en\">\n  <styles>\n"
                       "    <input fill=\"yellow\"/>\n  </styles>\n</template>",
                  TCO_ERR_INPUT,
                  "t.xml:4: error: Element 'input', attribute 'fill': [facet 'pattern'] The value "
                  "'yellow' is not accepted by the pattern '#?[0-9A-Fa-f]{6}'.");
    /* A quote in a currency symbol would end the number format's literal. */
    expect_string(HEAD "<template version=\"1\" language=\"en\"><styles><number-formats>\n"
                       "<currency code=\"EUR\" symbol='E\"'/></number-formats></styles></template>",
                  TCO_ERR_INPUT,
                  "t.xml:3: error: Element 'currency', attribute 'symbol': [facet 'pattern'] The "
                  "value 'E\"' is not accepted by the pattern '[^\"\\\\]+'.");
    expect_string("<catalog version=\"1\"/>", TCO_ERR_INPUT,
                  "t.xml:1: error: Element 'catalog': No matching global declaration available "
                  "for the validation root.");
}

/* What the schema cannot say: the sheets the formulas need, blank labels. */
static void test_loader_rules(void)
{
    expect_file("no-checks.xml", TCO_ERR_INPUT,
                "no-checks.xml:4: error: the sheets must include <sheet kind=\"checks\"/>: the "
                "workbook's formulas depend on it");
    expect_string(HEAD "<template version=\"1\" language=\"en\">\n<sheets>\n"
                       "<sheet kind=\"about\"/></sheets></template>",
                  TCO_ERR_INPUT,
                  "t.xml:3: error: the sheets must include <sheet kind=\"inputs\"/>: the "
                  "workbook's formulas depend on it\n"
                  "t.xml:3: error: the sheets must include <sheet kind=\"checks\"/>: the "
                  "workbook's formulas depend on it");
    expect_string(HEAD "<template version=\"1\" language=\"en\"><labels>\n"
                       "<label key=\"sheet.summary\">\n   \n</label></labels></template>",
                  TCO_ERR_INPUT,
                  "t.xml:3: error: label 'sheet.summary' is blank: give it a text, or leave it "
                  "out to use the built-in English");
}

/* ===== Reading ===== */

static void test_partial_and_order(void)
{
    /* Nothing but a language: every default. */
    tco_template *t = load_ok("<template version=\"1\" language=\"de-DE\"/>");
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    CU_ASSERT_STRING_EQUAL(tco_template_language(t), "de-DE");
    int kinds[TCI_SHEET_KINDS], charts[TCI_CHART_KINDS];
    CU_ASSERT_EQUAL(tci_template_sheets(t, kinds), TCI_SHEET_KINDS);
    CU_ASSERT_EQUAL(tci_template_charts(t, charts), TCI_CHART_KINDS);
    CU_ASSERT_EQUAL(tci_template_style(t)->input_fill, -1);
    CU_ASSERT_PTR_NULL(tci_template_style(t)->font_name);
    tco_template_free(t);
    /* Chosen sheets and charts in their order; a label wrapped over lines is joined,
     * its own spaces kept. */
    t = load_ok("<template version=\"1\" language=\"en\">"
                "<styles><input fill=\"#ABCDEF\"/><number-formats negatives=\"minus\">"
                "<currency code=\"EUR\" symbol=\" EUR\" position=\"after\"/></number-formats>"
                "</styles>"
                "<sheets><sheet kind=\"checks\"/><sheet kind=\"summary\"/>"
                "<sheet kind=\"inputs\"/></sheets>"
                "<charts><chart kind=\"cost-per-gpu-hour\"/></charts>"
                "<labels><label key=\"about.subtitle\">\n  Two\n   lines  here \n</label>"
                "<label key=\"source.stale\"> (stale)</label></labels></template>");
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    CU_ASSERT_EQUAL(tci_template_sheets(t, kinds), 3);
    CU_ASSERT(kinds[0] == TCI_SHEET_CHECKS && kinds[1] == TCI_SHEET_SUMMARY &&
              kinds[2] == TCI_SHEET_INPUTS);
    CU_ASSERT_EQUAL(tci_template_charts(t, charts), 1);
    CU_ASSERT_EQUAL(charts[0], TCI_CHART_COST_PER_GPU_HOUR);
    CU_ASSERT_STRING_EQUAL(tci_template_label(t, "about.subtitle"), "Two lines  here");
    /* Spaces that join a label to other text are kept. */
    CU_ASSERT_STRING_EQUAL(tci_template_label(t, "source.stale"), " (stale)");
    const tci_tpl_style *st = tci_template_style(t);
    CU_ASSERT_EQUAL(st->input_fill, 0xABCDEF);
    CU_ASSERT_EQUAL(st->negatives_minus, 1);
    CU_ASSERT_STRING_EQUAL(st->currencies[0].symbol, " EUR");
    CU_ASSERT_EQUAL(st->currencies[0].after, 1);
    tco_template_free(t);
    /* No charts at all. */
    t = load_ok("<template version=\"1\" language=\"en\"><charts/></template>");
    CU_ASSERT_EQUAL(tci_template_charts(t, charts), 0);
    tco_template_free(t);
}

static void test_arguments(void)
{
    tco_template *t = NULL;
    CU_ASSERT_EQUAL(tco_template_load_file(NULL, &t, NULL), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_template_load_file("x.xml", NULL, NULL), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_template_load_string(NULL, 5, "x", &t, NULL), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_template_load_string(NULL, 0, NULL, &t, NULL), TCO_ERR_INPUT);
    CU_ASSERT_PTR_NULL(t);
    tco_template_free(NULL);
}

/* ===== Workbooks written with templates ===== */

static tco_status write_with(const char *xml, const char *out)
{
    tco_diags *d = tco_diags_new();
    tco_template *t = NULL;
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_status st = tco_template_load_string(xml, strlen(xml), "t.xml", &t, d);
    if (st == TCO_OK)
        st = tco_scenario_load_file(SEED, &s, d);
    if (st == TCO_OK)
        st = tco_compute(s, &r);
    if (st == TCO_OK) {
        tco_xlsx_options opts = {.created = 1, .tpl = t};
        st = tco_report_write_xlsx(r, out, &opts, d);
    }
    if (st != TCO_OK)
        fprintf(stderr, "\n%s\n", check_diags_text(d));
    tco_result_free(r);
    tco_scenario_free(s);
    tco_template_free(t);
    tco_diags_free(d);
    return st;
}

/* Sheet names from labels are made valid and unique: characters Excel refuses,
 * over-long names, names that collide with each other or with an option id. */
static void test_hostile_sheet_names(void)
{
    char dir[] = "/tmp/tco-tpl-XXXXXX", path[64];
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/book.xlsx", dir);
    static const char xml[] =
        "<template version=\"1\" language=\"en\"><labels>"
        "<label key=\"sheet.summary\">[Sum]: a/b\\c*?</label>"
        "<label key=\"sheet.inputs\">'Inputs' and a name much longer than thirty-one</label>"
        "<label key=\"sheet.checks\">summary</label>"
        "<label key=\"sheet.about\">h100-buy</label>"
        "<label key=\"sheet.buy_vs_rent\">History</label>"
        "<label key=\"chart.cumulative.title\">=Summary!A1</label>"
        "<label key=\"print.footer\">R&amp;D &amp;P</label>"
        "<label key=\"inputs.validation.title\">A title far longer than the thirty-two "
        "characters allowed</label>"
        "</labels></template>";
    CU_ASSERT_EQUAL(write_with(xml, path), TCO_OK);
    unlink(path);
    rmdir(dir);
}

/* Only some sheets and no charts; a template without the Summary still writes it
 * (hidden), since Checks refers to it. */
static void test_chosen_sheets(void)
{
    char dir[] = "/tmp/tco-tpl-XXXXXX", path[64];
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/book.xlsx", dir);
    CU_ASSERT_EQUAL(write_with("<template version=\"1\" language=\"en\"><sheets>"
                               "<sheet kind=\"checks\"/><sheet kind=\"inputs\"/></sheets>"
                               "<charts/></template>",
                               path),
                    TCO_OK);
    CU_ASSERT_EQUAL(write_with("<template version=\"1\" language=\"en\"><charts>"
                               "<chart kind=\"breakdown\"/></charts></template>",
                               path),
                    TCO_OK);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    if (chdir(DATA_DIR) != 0) {
        perror(DATA_DIR);
        return 2;
    }
    static const check_case cases[] = {
        {"shipped templates load", test_shipped_load},
        {"shipped templates have every key", test_shipped_complete},
        {"zh-CN is Chinese", test_zh_chinese},
        {"XXE naming a local file", test_xxe_local_file},
        {"XXE naming a secret", test_xxe_secret},
        {"XXE writes nothing", test_xxe_no_output},
        {"billion laughs", test_billion_laughs},
        {"undeclared entity", test_undeclared_entity},
        {"depth, attribute and size limits", test_limits},
        {"malformed XML", test_malformed},
        {"schema violations", test_schema_violations},
        {"loader rules", test_loader_rules},
        {"partial templates and order", test_partial_and_order},
        {"arguments", test_arguments},
        {"hostile sheet names", test_hostile_sheet_names},
        {"chosen sheets and charts", test_chosen_sheets},
        {NULL, NULL},
    };
    return check_run("template", cases);
}
