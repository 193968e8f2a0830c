/* check.h - a thin layer over CUnit's basic runner for the unit tests. */
#ifndef TCO_CHECK_H
#define TCO_CHECK_H

#include "tco.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct check_case {
    const char *name;
    void (*fn)(void);
} check_case;

/* Run one suite with the basic runner; exit status 1 when anything failed. */
static inline int check_run(const char *suite_name, const check_case *cases)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
    for (const check_case *c = cases; suite && c->name; c++)
        if (!CU_add_test(suite, c->name, c->fn))
            return 2;
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    int failed = CU_get_number_of_failure_records() || CU_get_number_of_suites_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}

/* |a - b| within 1e-9 relative (absolute below 1). */
static inline int check_close(double a, double b)
{
    double scale = fmax(1, fmax(fabs(a), fabs(b)));
    return fabs(a - b) <= 1e-9 * scale;
}

/* The diagnostics as the tool prints them, one per line, in a buffer that the
 * next call overwrites. */
static inline const char *check_diags_text(const tco_diags *d)
{
    static char out[65536];
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < tco_diags_count(d) && n < sizeof out; i++) {
        char line[8192];
        tco_diag_format(tco_diags_get(d, i), line, sizeof line);
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%s", n ? "\n" : "", line);
    }
    return out;
}

/* Print the diagnostics to stderr, one per line: for a load expected to pass. */
static inline void check_print_diags(const tco_diags *d)
{
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        char line[8192];
        tco_diag_format(tco_diags_get(d, i), line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
}

/* This machine's name from /etc/hostname, or "": a secret that an XML
 * external entity could try to read. */
static inline void check_hostname(char *host, size_t size)
{
    host[0] = '\0';
    FILE *f = fopen("/etc/hostname", "r");
    if (f) {
        if (!fgets(host, (int)size, f))
            host[0] = '\0';
        fclose(f);
        host[strcspn(host, "\r\n")] = '\0';
    }
}

/* Everything a stream holds, from its start to where it stands, as a
 * NUL-terminated string (the caller frees it). */
static inline char *check_slurp(FILE *f)
{
    long n = ftell(f);
    char *buf = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (!buf)
        return NULL;
    rewind(f);
    size_t got = n > 0 ? fread(buf, 1, (size_t)n, f) : 0;
    buf[got] = '\0';
    return buf;
}

/* A whole file as a NUL-terminated string (the caller frees it), or NULL. */
static inline char *check_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    char *t = check_slurp(f);
    fclose(f);
    return t;
}

/* Load the scenario text (named `name` in messages, which are printed) and
 * compute it, asserting both succeed; *s is the scenario (NULL when it did
 * not load), the result NULL when there is none. */
static inline tco_result *check_compute(const char *text, const char *name, tco_scenario **s)
{
    tco_diags *d = tco_diags_new();
    *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_string(text, name, s, d), TCO_OK);
    check_print_diags(d);
    tco_diags_free(d);
    tco_result *r = NULL;
    if (*s)
        CU_ASSERT_EQUAL(tco_compute(*s, &r), TCO_OK);
    return r;
}

#endif /* TCO_CHECK_H */
