/* test_xlsx.c - the workbook writer's edges that the spreadsheet tests in
 * tests/xlsx/ cannot reach through an INI file: invalid UTF-8 and control
 * characters in strings, ids that make bad sheet names, the creation time, the
 * atomic write's error paths (the target untouched, no temporary left), and
 * every shipped scenario written row by row. */
#include "check.h"
#include "load/xlsx_read.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const scenario_text =
    "[scenario]\nname = writer test\nhorizon_months = 14\nas_of = 2026-11-29\n"
    "[site]\nelectricity_price = 0.1\n"
    "[option b]\nacquire = buy\ncount = 8\ngpu_price = 1000\ntdp_w = 300\n"
    "depreciation = double-declining\ndepreciation_years = 2\n"
    "[option r]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 1.5\n";

static tco_scenario *load(void)
{
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(scenario_text, "t.ini", &s, NULL), TCO_OK);
    return s;
}

/* A fresh directory for one test (caller removes it with rmtree). */
static char *tempdir(void)
{
    char *d = strdup("/tmp/tco-xlsx-XXXXXX");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(d));
    return d;
}

static void rmtree(const char *dir)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    char path[4096];
    while (dp && (e = readdir(dp))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            rmtree(path);
        else
            unlink(path);
    }
    if (dp)
        closedir(dp);
    rmdir(dir);
}

static size_t entries(const char *dir)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    size_t n = 0;
    while (dp && (e = readdir(dp)))
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (dp)
        closedir(dp);
    return n;
}

/* The whole file, or NULL; *size is set. */
static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = malloc(n > 0 ? (size_t)n : 1);
    *size = fread(buf, 1, n > 0 ? (size_t)n : 0, f);
    fclose(f);
    return buf;
}

static tco_status write_book(const tco_scenario *s, const char *path, long long created,
                             tco_diags *d)
{
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    tco_xlsx_options o = {.created = created};
    tco_status st = tco_report_write_xlsx(r, path, &o, d);
    tco_result_free(r);
    return st;
}

static void replace(char **field, const char *value)
{
    free(*field);
    *field = strdup(value);
}

/* Bytes that are not UTF-8, control characters and ids no sheet may be named
 * still give a workbook (a zip file): the writer cleans what it writes. */
static void test_hostile_strings(void)
{
    tco_scenario *s = load();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    replace(&s->name, "bad \xff\xfe name\x01 & \xed\xa0\x80 surrogate");
    replace(&s->options[0].label, "=cmd|\x07 \xc3\x28 \xf0\x9f\x98\x80 ok");
    replace(&s->options[0].id, "a/b:[c]*?\\'x'");
    replace(&s->options[1].id, "");
    replace(&s->unit, "\xe6\xa0\xb7\xe6\x9c\xac\xff");
    char *dir = tempdir(), path[4200];
    snprintf(path, sizeof path, "%s/hostile.xlsx", dir);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(write_book(s, path, -1, d), TCO_OK);
    CU_ASSERT_EQUAL(tco_diags_errors(d), 0);
    size_t n = 0;
    char *buf = slurp(path, &n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    CU_ASSERT_TRUE(n > 1000 && memcmp(buf, "PK", 2) == 0);
    /* Nothing but the workbook in the directory: the temporary was renamed. */
    CU_ASSERT_EQUAL(entries(dir), 1);
    free(buf);
    tco_diags_free(d);
    rmtree(dir);
    free(dir);
    tco_scenario_free(s);
}

/* The same result and creation time give the same bytes; -1 uses as_of. */
static void test_same_bytes(void)
{
    tco_scenario *s = load();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    char *dir = tempdir(), a[4200], b[4200], c[4200];
    snprintf(a, sizeof a, "%s/a.xlsx", dir);
    snprintf(b, sizeof b, "%s/b.xlsx", dir);
    snprintf(c, sizeof c, "%s/c.xlsx", dir);
    CU_ASSERT_EQUAL(write_book(s, a, -1, NULL), TCO_OK);
    sleep(1);
    CU_ASSERT_EQUAL(write_book(s, b, -1, NULL), TCO_OK);
    CU_ASSERT_EQUAL(write_book(s, c, 0, NULL), TCO_OK);
    size_t na = 0, nb = 0, nc = 0;
    char *x = slurp(a, &na), *y = slurp(b, &nb), *z = slurp(c, &nc);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_PTR_NOT_NULL_FATAL(y);
    CU_ASSERT_PTR_NOT_NULL_FATAL(z);
    CU_ASSERT_TRUE(na == nb && memcmp(x, y, na) == 0);
    /* created = 0 differs from as_of (and reads no clock: see determinism.sh). */
    CU_ASSERT_FALSE(na == nc && memcmp(x, z, na) == 0);
    free(x);
    free(y);
    free(z);
    rmtree(dir);
    free(dir);
    tco_scenario_free(s);
}

/* A path that cannot be written: an error naming it, TCO_ERR_IO, nothing left. */
static void test_unwritable(void)
{
    tco_scenario *s = load();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    char *dir = tempdir(), path[4200], msg[4400];
    snprintf(path, sizeof path, "%s/no/such/dir/x.xlsx", dir);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(write_book(s, path, -1, d), TCO_ERR_IO);
    CU_ASSERT_TRUE_FATAL(tco_diags_errors(d) >= 1);
    tco_diag_format(tco_diags_get(d, 0), msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, path));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "cannot write"));
    CU_ASSERT_EQUAL(entries(dir), 0);
    tco_diags_free(d);

    /* The target is a directory: the rename fails, the directory and its content
     * stay, and the temporary beside it is removed. */
    snprintf(path, sizeof path, "%s/book.xlsx", dir);
    CU_ASSERT_EQUAL_FATAL(mkdir(path, 0755), 0);
    char inner[4300];
    snprintf(inner, sizeof inner, "%s/keep", path);
    FILE *f = fopen(inner, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("old", f);
    fclose(f);
    d = tco_diags_new();
    CU_ASSERT_EQUAL(write_book(s, path, -1, d), TCO_ERR_IO);
    CU_ASSERT_TRUE(tco_diags_errors(d) >= 1);
    CU_ASSERT_EQUAL(entries(dir), 1);
    CU_ASSERT_EQUAL(entries(path), 1);
    tco_diags_free(d);
    rmtree(dir);
    free(dir);
    tco_scenario_free(s);
}

/* An existing workbook is replaced whole on success. */
static void test_replaces(void)
{
    tco_scenario *s = load();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    char *dir = tempdir(), path[4200];
    snprintf(path, sizeof path, "%s/book.xlsx", dir);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("old", f);
    fclose(f);
    CU_ASSERT_EQUAL(write_book(s, path, 1700000000, NULL), TCO_OK);
    size_t n = 0;
    char *buf = slurp(path, &n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    CU_ASSERT_TRUE(n > 1000 && memcmp(buf, "PK", 2) == 0);
    CU_ASSERT_EQUAL(entries(dir), 1);
    free(buf);
    rmtree(dir);
    free(dir);
    tco_scenario_free(s);
}

/* The number of shared strings of the workbook at `path`, read by tco's own
 * workbook reader (0 when it has no shared-string table), or -1. */
static long shared_strings(const char *path)
{
    tci_xlsx x;
    long n = tci_xlsx_open(&x, path, NULL) == TCO_OK ? (long)x.n_strings : -1;
    tci_xlsx_close(&x);
    return n;
}

/* Write `ini` (with the shipped catalog and its analyses) into dir, row by row
 * (constant_memory) and by its size; count the scenarios read. */
static void both_modes(const char *ini, const char *dir, int *count)
{
    const char *before[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options lo = {.catalogs_before = before};
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_file_opt(ini, &lo, &s, d), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_analyze(r, NULL, NULL, &a), TCO_OK);
    r->analysis = a;
    char rows[4200], sized[4200];
    snprintf(rows, sizeof rows, "%s/rows.xlsx", dir);
    snprintf(sized, sizeof sized, "%s/sized.xlsx", dir);
    tco_xlsx_options o = {.created = -1, .constant_memory = 1};
    /* Every row after the one above it, or libxlsxwriter refuses the cell. */
    if (tco_report_write_xlsx(r, rows, &o, d) != TCO_OK || tco_diags_errors(d) != 0) {
        fprintf(stderr, "%s: cannot be written row by row\n", ini);
        CU_FAIL_FATAL("a sheet written out of row order");
    }
    CU_ASSERT_EQUAL(shared_strings(rows), 0);
    o.constant_memory = 0;
    CU_ASSERT_EQUAL(tco_report_write_xlsx(r, sized, &o, d), TCO_OK);
    double units = ((double)s->n_options + (double)s->n_plans) * s->horizon_months;
    long n = shared_strings(sized);
    CU_ASSERT_TRUE(n >= 0 && (n > 0) == (units <= 1000));
    (*count)++;
    r->analysis = NULL;
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);
}

/* The .ini files of `sub` (under the source tree) and of its directories. */
static void each_ini(const char *sub, const char *dir, int *count)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", TCO_SOURCE_DIR, sub);
    DIR *dp = opendir(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dp);
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t len = strlen(e->d_name);
        char next[1024];
        snprintf(next, sizeof next, "%s/%s", sub, e->d_name);
        snprintf(path, sizeof path, "%s/%s", TCO_SOURCE_DIR, next);
        struct stat st;
        if (e->d_name[0] == '.' || stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            each_ini(next, dir, count);
        else if (len > 4 && strcmp(e->d_name + len - 4, ".ini") == 0)
            both_modes(path, dir, count);
    }
    closedir(dp);
}

/* Every shipped scenario's workbook written row by row (as a workbook of more
 * than 1,000 option-months always is): every sheet writer goes top to bottom,
 * which a small workbook, built in memory, would not show. Strings in place
 * then; in a shared table when the size alone decides and it is small. */
static void test_every_scenario_row_by_row(void)
{
    char *dir = tempdir();
    int count = 0;
    each_ini("config", dir, &count);
    each_ini("examples", dir, &count);
    CU_ASSERT_TRUE(count >= 20);
    rmtree(dir);
    free(dir);
}

static void test_bad_arguments(void)
{
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_report_write_xlsx(NULL, "/tmp/x.xlsx", NULL, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_diags_errors(d), 1);
    tco_scenario *s = load();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT_EQUAL(tco_report_write_xlsx(r, "", NULL, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_report_write_xlsx(r, NULL, NULL, d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_diags_errors(d), 3);
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);
}

int main(void)
{
    static const check_case cases[] = {
        {"hostile strings", test_hostile_strings},
        {"same bytes", test_same_bytes},
        {"unwritable path", test_unwritable},
        {"replaces an existing file", test_replaces},
        {"bad arguments", test_bad_arguments},
        {"every shipped scenario, row by row", test_every_scenario_row_by_row},
        {NULL, NULL},
    };
    return check_run("xlsx", cases);
}
