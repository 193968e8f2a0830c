/* ini.c - load and validate scenario INI files: the public load functions and
 * the loader's life, which runs the passes in order.
 *
 * Loading runs in passes over one buffer (load/ini.h names the modules):
 *   1. a line scan that checks size, UTF-8, line length and line syntax, and
 *      records every section header with its line (inih does not report
 *      sections without keys, nor where a section starts);
 *   2. inih (the system library) splits key = value pairs; the handler only
 *      records them, with their lines, in file order; included files are
 *      read so too;
 *   3. validation converts each recorded value by the key tables in keys.c
 *      (after options inherit their base's keys, and before the catalogs
 *      fill what the scenario leaves out, and options with count = auto are
 *      sized to the workload) and checks what involves several keys;
 *   4. the keys that name other keys: sensitivity ranges, distributions
 *      and cases.
 * Every problem is collected, sorted by line and then handed to the caller's
 * diagnostics, so one run reports every error in a file. The helpers every
 * pass uses (messages, arrays, lists, paths) are in ini_util.c.
 */
#include "load/ini.h"
#include "util/readfile.h"
#include "util/suggest.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ===== The load ===== */

/* Line-less messages sort after all lines; otherwise keep the order found. */
static int pending_cmp(const void *a, const void *b)
{
    const pending *x = a, *y = b;
    if (x->file != y->file && x->line && y->line)
        return x->file < y->file ? -1 : 1;
    long lx = x->line ? x->line : INT32_MAX, ly = y->line ? y->line : INT32_MAX;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* A copy of v in *dst unless *dst is set. */
static tco_status set_string(char **dst, const char *v)
{
    if (*dst)
        return TCO_OK;
    *dst = strdup(v);
    return *dst ? TCO_OK : TCO_ERR_NOMEM;
}

/* Free the loader's own memory (not the scenario). */
static void loader_free(loader *L)
{
    for (size_t i = 0; i < L->n_msgs; i++) {
        free(L->msgs[i].message);
        free(L->msgs[i].section);
    }
    free(L->msgs);
    for (size_t i = 0; i < L->n_entries; i++) {
        free(L->entries[i].value);
        free(L->entries[i].name);
    }
    free(L->entries);
    free(L->sections);
    free(L->bad);
    free(L->quoted);
    free(L->base_failed);
    free(L->opt_file);
    free(L->includer);
    free(L->case_file);
}

/* Start a loader for `file`, of `size` bytes: an empty scenario with every
 * default, its own file first among the scenario's files. */
static tco_status loader_start(loader *L, const char *file, size_t size, const tco_file_id *id,
                               int allow_include)
{
    L->file = file;
    L->suggest_budget = TCI_SUGGEST_BUDGET;
    for (int k = 0; k < SEC_OPTION; k++)
        L->section_of_kind[k] = -1;
    L->s = calloc(1, sizeof *L->s);
    L->bad = calloc(1, 2 + size); /* lines <= bytes + 1 */
    if (!L->s || !L->bad)
        return TCO_ERR_NOMEM;
    L->s->file = strdup(file);
    L->allow_include = allow_include;
    tco_file_id self = id ? *id : (tco_file_id){0, 0};
    if (!L->s->file || tci_ini_add_file(L, file, self, -1) != 0)
        return TCO_ERR_NOMEM;
    tci_ini_apply_defaults(L->s, tci_ini_skey, TCO_S_COUNT);
    L->s->swing = 0.2;
    L->s->mc_samples = 10000;
    L->s->mc_seed = 1;
    return TCO_OK;
}

/* 1 when a message so far is an error (warnings do not count). */
static int any_error(const loader *L)
{
    for (size_t i = 0; i < L->n_msgs; i++)
        if (L->msgs[i].sev == TCO_SEV_ERROR)
            return 1;
    return 0;
}

/* Every pass over the scenario's text, its included files and its catalogs.
 * Problems of the input become messages; the status is TCO_ERR_NOMEM when
 * out of memory, else TCO_OK. */
static tco_status run_passes(loader *L, const char *text, size_t size, const tco_load_options *opts,
                             tco_diags *diags)
{
    if (tci_ini_nul_byte(L, text, size))
        return TCO_OK;
    const char *cr = memchr(text, '\r', size);
    if (cr && !memchr(text, '\n', size) && cr + 1 < text + size) {
        tci_ini_report(L, 1, NULL,
                       "lines end with a carriage return (CR) alone: save the file with "
                       "LF or CR LF line ends");
        return TCO_OK;
    }
    tci_ini_read_text(L, text, size);
    if (L->nomem)
        return TCO_ERR_NOMEM;
    tci_ini_read_includes(L, 0);
    L->cur = 0;
    if (L->nomem)
        return TCO_ERR_NOMEM;
    tci_ini_inherit_bases(L);
    tci_ini_convert_entries(L);
    if (set_string(&L->s->currency, "USD") || set_string(&L->s->unit, "unit"))
        return TCO_ERR_NOMEM;
    tci_ini_read_fx(L);
    tci_ini_site_currency(L);
    tco_status st = tci_ini_read_catalogs(L, opts, diags);
    if (st != TCO_OK)
        return st;
    tci_ini_read_discounts(L);
    tci_ini_fill_from_catalog(L, opts);
    tci_ini_size_auto(L);
    for (size_t i = 0; i < L->s->n_options; i++) {
        tco_option *o = &L->s->options[i];
        if (set_string(&o->label, o->id))
            return TCO_ERR_NOMEM;
    }
    tci_ini_check_scenario(L);
    tci_ini_read_plans(L);
    tci_ini_check_carbon_total(L);
    tci_ini_read_optimize(L);
    if (!any_error(L)) /* an unknown site's error says more */
        tci_ini_warn_unused_sites(L);
    /* Cases are built on a valid base only; a warning (a stale catalog price)
     * leaves the base valid. */
    tci_ini_resolve_sections(L, !any_error(L));
    tci_ini_check_case_demand(L);
    if (!any_error(L)) /* an error says more, and the option may not be whole */
        tci_ini_warn_incomplete(L);
    return TCO_OK;
}

/* Hand the messages to diags, sorted by file and line. TCO_ERR_INPUT when
 * one is an error or a catalog could not be read. */
static tco_status hand_over(loader *L, tco_diags *diags)
{
    if (L->nomem)
        return TCO_ERR_NOMEM;
    tco_status st = TCO_OK;
    if (L->n_msgs)
        qsort(L->msgs, L->n_msgs, sizeof *L->msgs, pending_cmp);
    size_t n_errors = 0;
    for (size_t i = 0; i < L->n_msgs; i++) {
        const pending *m = &L->msgs[i];
        if (i && m->line == m[-1].line && strcmp(m->message, m[-1].message) == 0)
            continue; /* an inherited value's error, already said */
        n_errors += m->sev == TCO_SEV_ERROR;
        const char *mfile = (size_t)m->file < L->s->n_files ? L->s->files[m->file] : L->file;
        if (tco_diags_add(diags, m->sev, mfile, m->line, m->section, "%s", m->message) != TCO_OK)
            st = TCO_ERR_NOMEM;
    }
    if (st == TCO_OK && (n_errors > 0 || L->catalog_failed))
        st = TCO_ERR_INPUT;
    return st;
}

/* What a load needs besides the text. */
typedef struct load_args {
    const tco_load_options *opts;
    int allow_include; /* from a file: `include =` may read files */
    tco_scenario **out;
} load_args;

/* Load a scenario from `size` bytes of text read from `file` (a
 * tci_parse_fn; arg is a load_args). */
static tco_status load_buffer(const char *text, size_t size, const char *file,
                              const tco_file_id *id, void *arg, tco_diags *diags)
{
    const load_args *a = arg;
    loader L = {0};
    tco_status st = loader_start(&L, file, size, id, a->allow_include);
    if (st == TCO_OK)
        st = run_passes(&L, text, size, a->opts, diags);
    if (st == TCO_OK)
        st = hand_over(&L, diags);
    if (st == TCO_ERR_NOMEM)
        tco_diags_add(diags, TCO_SEV_ERROR, file, 0, NULL, "out of memory");
    if (st == TCO_OK)
        *a->out = L.s;
    else
        tco_scenario_free(L.s);
    loader_free(&L);
    return st;
}

/* ===== Public API ===== */

/* See documentation in header file. */
tco_status tco_scenario_load_string(const char *text, const char *name, tco_scenario **out,
                                    tco_diags *diags)
{
    return tco_scenario_load_string_opt(text, name, NULL, out, diags);
}

/* See documentation in header file. */
tco_status tco_scenario_load_file(const char *path, tco_scenario **out, tco_diags *diags)
{
    return tco_scenario_load_file_opt(path, NULL, out, diags);
}

/* See documentation in header file. */
tco_status tco_scenario_load_string_opt(const char *text, const char *name,
                                        const tco_load_options *opts, tco_scenario **out,
                                        tco_diags *diags)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!text)
        return TCO_ERR_ARG;
    load_args a = {opts, 0, out};
    return tci_parse_string(text, strlen(text), name, "scenario", load_buffer, &a, diags);
}

/* See ini.h. */
tco_status tci_scenario_load_as(const char *text, size_t size, const char *path,
                                const tco_load_options *opts, tco_scenario **out, tco_diags *diags)
{
    *out = NULL;
    struct stat st;
    tco_file_id id = {0, 0};
    if (stat(path, &st) == 0)
        id = (tco_file_id){(unsigned long long)st.st_dev, (unsigned long long)st.st_ino};
    if (size > TCO_MAX_FILE) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "the scenario is %zu bytes; the limit is %d", size, TCO_MAX_FILE);
        return TCO_ERR_LIMIT;
    }
    load_args a = {opts, 1, out};
    return load_buffer(text, size, path, &id, &a, diags);
}

/* See documentation in header file. */
tco_status tco_scenario_load_file_opt(const char *path, const tco_load_options *opts,
                                      tco_scenario **out, tco_diags *diags)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!path)
        return TCO_ERR_ARG;
    load_args a = {opts, 1, out};
    return tci_parse_file(path, load_buffer, &a, diags);
}

/* See documentation in header file. */
const char *tco_scenario_input_at(const tco_scenario *s, const char *path)
{
    if (!s)
        return NULL;
    const char *in = tci_input_at(path, s->files, s->file_ids, s->n_files);
    return in ? in : tco_catalog_input_at(s->catalog, path);
}
