/* ini_include.c - files a scenario includes (include = PATH[, PATH...]),
 * read into the loader as parts of the scenario, each as its own file: keys
 * the including files give win over an included file's own. */
#include "load/ini.h"
#include "util/readfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== Included files: include = PATH[, PATH...] ===== */

#define MAX_INCLUDE_DEPTH 8

/* Report that file `from` includes `path`, which is file `again`, one of the
 * files whose includes led to `from`: "A -> B -> A", from `again` down. */
static void report_cycle(loader *L, const char *path, int from, int again, int line)
{
    size_t len = strlen(path) + 1;
    for (int k = from; k >= 0; k = k == again ? -1 : L->includer[k])
        len += strlen(L->s->files[k]) + 4;
    char *chain = malloc(len);
    if (!chain) {
        L->nomem = 1;
        return;
    }
    /* Written from the end, since the chain is walked from `from` upwards. */
    char *p = chain + len - 1;
    *p = '\0';
    p -= strlen(path);
    memcpy(p, path, strlen(path));
    for (int k = from; k >= 0; k = k == again ? -1 : L->includer[k]) {
        size_t n = strlen(L->s->files[k]);
        p -= 4;
        memcpy(p, " -> ", 4);
        p -= n;
        memcpy(p, L->s->files[k], n);
    }
    tci_ini_report(L, line, NULL,
                   "including '%s' again would never end: includes form a cycle (%s)", path, p);
    free(chain);
}

/* Open an included file that is to be read: not one of the files whose
 * includes led here (a cycle, reported), not one read already through
 * another include (skipped: a file is read once), and not nested too deep.
 * NULL when it is not to be read; *id is the file's identity. */
static FILE *open_include(loader *L, const char *path, int from, int line, tco_file_id *id)
{
    const char *why;
    int not_regular;
    FILE *f = tci_open_input(path, id, &why, &not_regular);
    if (!f) {
        tci_ini_report(L, line, NULL, "cannot read the included file '%s': %s", path, why);
        return NULL;
    }
    for (int k = from; k >= 0; k = L->includer[k]) {
        if (tci_same_file(L->s->file_ids[k], *id)) {
            fclose(f);
            report_cycle(L, path, from, k, line);
            return NULL;
        }
    }
    for (size_t i = 0; i < L->s->n_files; i++) {
        if (tci_same_file(L->s->file_ids[i], *id)) {
            fclose(f);
            return NULL; /* read already, through another include */
        }
    }
    if (L->depth >= MAX_INCLUDE_DEPTH) {
        fclose(f);
        tci_ini_report(L, line, NULL, "includes nest deeper than %d files", MAX_INCLUDE_DEPTH);
        return NULL;
    }
    return f;
}

/* Read the text of included file idx as its own file: its own lines,
 * sections and once-only sections, then the files it includes. */
static void read_own_file(loader *L, int idx, const char *buf, size_t n, unsigned char *bad)
{
    int saved_cur = L->cur, saved_lines = L->n_lines;
    unsigned char *saved_bad = L->bad;
    size_t saved_begin = L->sec_begin;
    int saved_kinds[SEC_OPTION];
    memcpy(saved_kinds, L->section_of_kind, sizeof saved_kinds);
    for (int k = 0; k < SEC_OPTION; k++)
        L->section_of_kind[k] = -1;
    L->cur = idx;
    L->bad = bad;
    L->sec_begin = L->n_sections;
    if (!tci_ini_nul_byte(L, buf, n)) {
        tci_ini_read_text(L, buf, n);
        L->depth++;
        tci_ini_read_includes(L, idx);
        L->depth--;
    }
    L->cur = saved_cur;
    L->bad = saved_bad;
    L->n_lines = saved_lines;
    L->sec_begin = saved_begin;
    memcpy(L->section_of_kind, saved_kinds, sizeof saved_kinds);
}

/* Read one included file into the loader, as if it were part of the scenario;
 * keys the including files give win over its own. */
static void include_file(loader *L, const char *path, int from, int line)
{
    tco_file_id id;
    FILE *f = open_include(L, path, from, line, &id);
    if (!f)
        return;
    char *buf;
    size_t n;
    tco_status rd = tci_read_all(f, TCO_MAX_FILE, 1, &buf, &n);
    fclose(f);
    if (rd == TCO_ERR_NOMEM) {
        L->nomem = 1;
        return;
    }
    if (rd != TCO_OK) {
        tci_ini_report(L, line, NULL,
                       rd == TCO_ERR_IO ? "cannot read the included file '%s'"
                                        : "the included file '%s' is larger than the limit",
                       path);
        return;
    }
    buf[n] = '\0';
    int idx = tci_ini_add_file(L, path, id, from);
    unsigned char *bad = calloc(1, n + 2);
    if (idx >= 0 && bad)
        read_own_file(L, idx, buf, n, bad);
    else
        L->nomem = 1;
    free(buf);
    free(bad);
}

/* See ini.h. */
void tci_ini_read_includes(loader *L, int from)
{
    const entry *inc = NULL;
    for (size_t i = 0; i < L->n_entries && !inc; i++)
        if (L->entries[i].file == from && L->entries[i].key == TCO_S_INCLUDE &&
            L->sections[L->entries[i].section].kind == SEC_SCENARIO)
            inc = &L->entries[i];
    if (!inc)
        return;
    int line = inc->line;
    if (!L->allow_include) {
        tci_ini_report(L, line, NULL,
                       "include needs a scenario file: a scenario read from a string "
                       "cannot include files");
        return;
    }
    char *list = strdup(inc->value); /* entries may move while files are read */
    if (!list) {
        L->nomem = 1;
        return;
    }
    for (const char *p = list; p && !L->nomem;) {
        size_t len;
        const char *a = tci_ini_list_item(&p, &len);
        L->cur = from;
        if (len == 0) {
            tci_ini_report(L, line, NULL, "empty path in the include list");
        } else {
            char *path = tci_ini_path_beside(L->s->files[from], a, len);
            if (!path) {
                L->nomem = 1;
                break;
            }
            include_file(L, path, from, line);
            free(path);
        }
        L->cur = from;
    }
    free(list);
}
