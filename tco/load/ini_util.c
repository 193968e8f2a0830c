/* ini_util.c - what every pass of the INI loader uses: growing arrays, the
 * scenario's list of files read, the messages collected for the caller, "did you mean", comma lists
 * and paths beside the scenario. It calls no pass, so the passes and ini.c, which runs them, call
 * down to it only. */
#include "load/ini.h"
#include "core/core.h"
#include "util/suggest.h"
#include "util/utf8.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== Names of sections ===== */

/* 1 for a character of a section's name: an option id, a case, site or plan
 * name. */
static int is_id_char(int c)
{
    return isalnum(c) || c == '-' || c == '_';
}

/* See ini.h. */
int tci_ini_name_ok(loader *L, const char *what, const char *name, size_t len, int line)
{
    for (size_t i = 0; i < len; i++) {
        if (!is_id_char((unsigned char)name[i])) {
            tci_ini_report(L, line, NULL, "invalid %s '%.*s': use letters, digits, '-' and '_'",
                           what, (int)len, name);
            return 0;
        }
    }
    if (len > TCO_MAX_ID) {
        tci_ini_report(L, line, NULL, "%s '%.*s' is longer than %d characters", what, (int)len,
                       name, TCO_MAX_ID);
        return 0;
    }
    return 1;
}

/* See ini.h. */
void *tci_ini_named_add(loader *L, const tci_ini_named *k, void **items, size_t *n,
                        const char *name, size_t len, int line)
{
    char what[32];
    snprintf(what, sizeof what, "%s name", k->what);
    if (!tci_ini_name_ok(L, what, name, len, line))
        return NULL;
    const char *file = L->s->files[L->cur];
    for (size_t i = 0; i < *n; i++) {
        const char *e = (const char *)*items + i * k->size;
        const char *e_name = *(char *const *)(const void *)(e + k->name_at);
        const char *e_file = *(const char *const *)(const void *)(e + k->file_at);
        int e_line = *(const int *)(const void *)(e + k->line_at);
        if (strlen(e_name) != len || memcmp(e_name, name, len) != 0)
            continue;
        if (e_file == file)
            tci_ini_report(L, line, NULL, "duplicate %s '%.*s' (first at line %d)", k->what,
                           (int)len, name, e_line);
        else
            tci_ini_report(L, line, NULL, "duplicate %s '%.*s' (first at %s:%d)", k->what, (int)len,
                           name, e_file, e_line);
        return NULL;
    }
    if (*n >= k->max) {
        tci_ini_report(L, line, NULL, "too many %ss: the limit is %zu", k->what, k->max);
        return NULL;
    }
    char *grown = tci_ini_grow(*items, *n, k->size), *copy = strndup(name, len);
    if (grown)
        *items = grown;
    if (!grown || !copy) {
        free(copy);
        L->nomem = 1;
        return NULL;
    }
    char *e = grown + *n * k->size;
    memset(e, 0, k->size);
    *(char **)(void *)(e + k->name_at) = copy;
    *(int *)(void *)(e + k->line_at) = line;
    *(const char **)(void *)(e + k->file_at) = file;
    ++*n;
    return e;
}

/* ===== Arrays and messages ===== */

/* See ini.h. */
void *tci_ini_grow(void *items, size_t n, size_t size)
{
    if (n & (n - 1))
        return items;
    return realloc(items, (n ? n * 2 : 4) * size);
}

/* See ini.h. */
void tci_ini_report(loader *L, int line, const char *section, const char *fmt, ...)
{
    pending *m = tci_ini_grow(L->msgs, L->n_msgs, sizeof *m);
    if (!m) {
        L->nomem = 1;
        return;
    }
    L->msgs = m;
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL;
    char *sec = section ? strdup(section) : NULL;
    if (!text || (section && !sec)) {
        free(text);
        free(sec);
        L->nomem = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(text, (size_t)len + 1, fmt, ap);
    va_end(ap);
    if (!(text = tci_name_invisible(text))) {
        free(sec);
        L->nomem = 1;
        return;
    }
    m[L->n_msgs++] = (pending){line ? L->cur : 0, line, sec, TCO_SEV_ERROR, text};
}

/* See ini.h. */
int tci_ini_at_file(loader *L, const char *file, int line)
{
    L->cur = 0;
    for (size_t i = 0; file && i < L->s->n_files; i++)
        if (L->s->files[i] == file)
            L->cur = (int)i;
    return line;
}

/* See ini.h. */
void tci_ini_as_warning(loader *L)
{
    if (L->n_msgs)
        L->msgs[L->n_msgs - 1].sev = TCO_SEV_WARNING;
}

/* ===== Suggestions ===== */

/* See ini.h. */
const char *tci_ini_closest(loader *L, const char *word, const char *const *cands, size_t n)
{
    tci_suggest sg;
    tci_suggest_init(&sg, word, &L->suggest_budget);
    for (size_t i = 0; i < n && !tci_suggest_consider(&sg, cands[i]); i++)
        ;
    return sg.best;
}

/* See ini.h. */
const char *tci_ini_closest_option(loader *L, const tco_scenario *s, const char *word)
{
    tci_suggest sg;
    tci_suggest_init(&sg, word, &L->suggest_budget);
    for (size_t i = 0; i < s->n_options && !tci_suggest_consider(&sg, s->options[i].id); i++)
        ;
    return sg.best;
}

/* ===== Text and paths ===== */

/* See ini.h. */
void tci_ini_trim(const char **a, const char **b)
{
    while (*a < *b && isspace((unsigned char)**a))
        (*a)++;
    while (*b > *a && isspace((unsigned char)(*b)[-1]))
        (*b)--;
}

/* See ini.h. */
const char *tci_ini_list_item(const char **list, size_t *len)
{
    const char *end = strchr(*list, ',');
    const char *a = *list, *b = end ? end : *list + strlen(*list);
    tci_ini_trim(&a, &b);
    *len = (size_t)(b - a);
    *list = end ? end + 1 : NULL;
    return a;
}

/* See ini.h. */
char *tci_ini_path_beside(const char *file, const char *rel, size_t rel_len)
{
    const char *slash = strrchr(file, '/');
    size_t dir = rel[0] == '/' || !slash ? 0 : (size_t)(slash - file) + 1;
    char *p = malloc(dir + rel_len + 1);
    if (p) {
        memcpy(p, file, dir);
        memcpy(p + dir, rel, rel_len);
        p[dir + rel_len] = '\0';
    }
    return p;
}

/* ===== The key tables ===== */

/* See ini.h. */
int tci_ini_find_key(const tco_keydef *(*get)(int), int count, const char *section,
                     const char *name)
{
    for (int i = 0; i < count; i++) {
        const tco_keydef *k = get(i);
        if (strcmp(k->name, name) == 0 && (!section || strcmp(k->section, section) == 0))
            return i;
    }
    return -1;
}

/* See ini.h. */
const tco_keydef *tci_ini_skey(int i)
{
    return tco_scenario_key((tco_skey)i);
}

/* See ini.h. */
const tco_keydef *tci_ini_okey(int i)
{
    return tco_option_key((tco_okey)i);
}

/* See ini.h. */
void tci_ini_apply_defaults(void *base, const tco_keydef *(*get)(int), int count)
{
    for (int i = 0; i < count; i++) {
        const tco_keydef *k = get(i);
        if (k->type == TCO_T_NUMBER)
            *(double *)tci_key_field(base, k) = k->def;
        else if (k->type == TCO_T_INT || k->type == TCO_T_ENUM)
            *(int *)tci_key_field(base, k) = (int)k->def;
    }
}

/* See ini.h. */
int tci_ini_add_file(loader *L, const char *path, tco_file_id id, int includer)
{
    tco_scenario *s = L->s;
    char **files = tci_ini_grow(s->files, s->n_files, sizeof *files);
    if (files)
        s->files = files;
    tco_file_id *ids = files ? tci_ini_grow(s->file_ids, s->n_files, sizeof *ids) : NULL;
    if (ids)
        s->file_ids = ids; /* the old block is gone once realloc succeeds */
    int *by = ids ? tci_ini_grow(L->includer, s->n_files, sizeof *by) : NULL;
    if (by)
        L->includer = by;
    char *copy = by ? strdup(path) : NULL;
    if (!copy) {
        L->nomem = 1;
        return -1;
    }
    ids[s->n_files] = id;
    by[s->n_files] = includer;
    files[s->n_files] = copy;
    return (int)s->n_files++;
}
