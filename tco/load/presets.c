/* presets.c - the site presets of `tco init --site NAME` (pricing/sites.ini;
 * docs/CATALOG.md, Site presets): each [NAME] a site's [site] keys with their
 * sources, in its currency, and the [fx] rate that converts the catalog's
 * prices into it. Read as hostile input: every problem at its line. */
#include "util/currency.h"
#include "util/date.h"
#include "util/readfile.h"
#include "util/utf8.h"
#include "core/core.h"

/* Debian's inih passes each pair's line to the handler (as in ini_keys.c). */
#define INI_HANDLER_LINENO 1
#include <ini.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Presets a file may hold: more is a mistake, not a catalog of sites. */
#define MAX_PRESETS 200

typedef struct reader {
    tco_site_presets *p;
    const char *file;
    tco_diags *d;
    int errors, nomem;
    const char *text; /* the file's */
} reader;

static void report(reader *r, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void report(reader *r, int line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    tci_vformat(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->errors++;
    if (tco_diags_add(r->d, TCO_SEV_ERROR, r->file, line, NULL, "%s", msg) != TCO_OK)
        r->nomem = 1;
}

/* *dst = a copy of value, once: a key given twice is an error. */
static void set_text(reader *r, char **dst, const char *name, const char *value, int line)
{
    if (*dst) {
        report(r, line, "'%s' is given twice", name);
        return;
    }
    if (!*value) {
        report(r, line, "'%s' is empty", name);
        return;
    }
    if (!(*dst = strdup(value)))
        r->nomem = 1;
}

/* value as a number of key k's range (the scenario's key table). */
static int number(reader *r, const char *name, const char *value, double lo, double hi, int line,
                  double *out)
{
    char *end;
    double x = strtod(value, &end);
    if (end == value || *end || !isfinite(x) || x < lo || x > hi) {
        report(r, line, "'%s' must be a number from %g to %g (got '%s')", name, lo, hi, value);
        return 0;
    }
    *out = x;
    return 1;
}

/* The site key named `name` (electricity_price, ...), as an index from
 * TCO_SITE_KEY_FIRST, or -1. */
static int site_key(const char *name, size_t len)
{
    for (int j = 0; j < TCO_SITE_KEYS; j++) {
        const char *k = tco_scenario_key((tco_skey)(TCO_SITE_KEY_FIRST + j))->name;
        if (strlen(k) == len && strncmp(k, name, len) == 0)
            return j;
    }
    return -1;
}

/* One pair of a preset. */
static void pair(reader *r, tco_site_preset *s, const char *name, const char *value, int line)
{
    const char *dot = strchr(name, '.');
    int j = site_key(name, dot ? (size_t)(dot - name) : strlen(name));
    if (strcmp(name, "label") == 0) {
        set_text(r, &s->label, name, value, line);
    } else if (strcmp(name, "currency") == 0) {
        if (!tci_currency_known(value))
            report(r, line, "'%s' is not an ISO 4217 currency code", value);
        else
            set_text(r, &s->currency, name, value, line);
    } else if (strcmp(name, "as_of") == 0 ||
               (dot && strncmp(name, "fx.", 3) == 0 && strstr(name + 3, ".") &&
                strcmp(strchr(name + 3, '.'), ".as_of") == 0)) {
        char why[128];
        if (tci_date_problem(value, why, sizeof why))
            report(r, line, "'%s' is not a date YYYY-MM-DD: %s", value, why);
        else
            set_text(r, name[0] == 'a' ? &s->as_of : &s->fx_as_of, name, value, line);
    } else if (j >= 0 && !dot) {
        const tco_keydef *k = tco_scenario_key((tco_skey)(TCO_SITE_KEY_FIRST + j));
        if (s->given[j])
            report(r, line, "'%s' is given twice", name);
        else if (number(r, name, value, k->lo, k->hi, line, &s->value[j]))
            s->given[j] = 1;
    } else if (j >= 0 && strcmp(dot, ".source") == 0) {
        set_text(r, &s->source[j], name, value, line);
    } else if (dot && strncmp(name, "fx.", 3) == 0) {
        const char *code = name + 3, *rest = strchr(code, '.');
        size_t n = rest ? (size_t)(rest - code) : strlen(code);
        char c[8];
        snprintf(c, sizeof c, "%.*s", (int)(n < 7 ? n : 7), code);
        if (n != 3 || !tci_currency_known(c))
            report(r, line, "'%s': fx. takes an ISO 4217 currency code", name);
        else if (s->fx_code && strcmp(s->fx_code, c) != 0)
            report(r, line, "'%s': a preset converts one currency (it has %s)", name, s->fx_code);
        else if (!s->fx_code && !(s->fx_code = strdup(c)))
            r->nomem = 1;
        else if (!rest)
            number(r, name, value, 1e-9, 1e9, line, &s->fx_rate);
        else if (strcmp(rest, ".source") == 0)
            set_text(r, &s->fx_source, name, value, line);
        else
            report(r, line, "unknown key '%s'", name);
    } else {
        report(r, line,
               "unknown key '%s' (label, currency, as_of, %s, %s, %s, %s, their .source, "
               "fx.CODE)",
               name, tco_scenario_key(TCO_S_ELECTRICITY_PRICE)->name,
               tco_scenario_key(TCO_S_ELECTRICITY_ESCALATION)->name,
               tco_scenario_key(TCO_S_PUE)->name, tco_scenario_key(TCO_S_COLO_PER_KW_MONTH)->name);
    }
}

/* The line of the header [section] last before `line` in text, or `line`. */
static int header_line(const char *text, const char *section, int line)
{
    int at = line, n = 1;
    size_t len = strlen(section);
    for (const char *q = text; *q && n < line; n++) {
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q == '[' && strncmp(q + 1, section, len) == 0 && q[1 + len] == ']')
            at = n;
        q = strchr(q, '\n');
        if (!q)
            break;
        q++;
    }
    return at;
}

/* A new preset [section], its header at `line`. */
static void begin(reader *r, const char *section, int line)
{
    tco_site_presets *p = r->p;
    size_t len = strlen(section);
    int ok = len > 0 && len <= 40;
    for (size_t i = 0; ok && i < len; i++)
        ok = (section[i] >= 'a' && section[i] <= 'z') || (section[i] >= '0' && section[i] <= '9') ||
             section[i] == '-';
    if (!ok) {
        report(r, line, "a preset's name is 1 to 40 lower-case letters, digits and '-'");
    } else if (tco_site_preset_find(p, section)) {
        report(r, line, "preset '%s' is given twice", section);
    } else if (p->n >= MAX_PRESETS) {
        report(r, line, "more than %d presets", MAX_PRESETS);
    } else {
        tco_site_preset *n = realloc(p->presets, (p->n + 1) * sizeof *n);
        if (!n) {
            r->nomem = 1;
            return;
        }
        p->presets = n;
        n = &p->presets[p->n++];
        memset(n, 0, sizeof *n);
        n->line = line;
        if (!(n->name = strdup(section)))
            r->nomem = 1;
    }
}

/* inih's handler: a pair, the first of its [NAME] beginning the preset. */
static int on_line(void *user, const char *section, const char *name, const char *value, int line)
{
    reader *r = user;
    tco_site_presets *p = r->p;
    if (!*section) {
        report(r, line, "'%s' is outside a preset's [NAME]", name);
        return 1;
    }
    if (!p->n || strcmp(p->presets[p->n - 1].name, section) != 0) {
        begin(r, section, header_line(r->text, section, line));
        if (!p->n || strcmp(p->presets[p->n - 1].name, section) != 0)
            return !r->nomem; /* reported */
    }
    if (!tci_utf8_valid(value) || !tci_utf8_valid(name))
        report(r, line, "invalid UTF-8");
    else
        pair(r, &p->presets[p->n - 1], name, value, line);
    return !r->nomem;
}

/* What each preset must have once read. */
static void check_whole(reader *r)
{
    for (size_t i = 0; i < r->p->n; i++) {
        const tco_site_preset *s = &r->p->presets[i];
        if (!s->label || !s->currency || !s->as_of)
            report(r, s->line, "preset '%s' needs label, currency and as_of", s->name);
        for (int j = 0; j < TCO_SITE_KEYS; j++)
            if (s->given[j] != (s->source[j] != NULL))
                report(r, s->line, "preset '%s': %s and its .source go together", s->name,
                       tco_scenario_key((tco_skey)(TCO_SITE_KEY_FIRST + j))->name);
        if (!s->given[TCO_S_ELECTRICITY_PRICE - TCO_SITE_KEY_FIRST] ||
            !s->given[TCO_S_PUE - TCO_SITE_KEY_FIRST] ||
            !s->given[TCO_S_COLO_PER_KW_MONTH - TCO_SITE_KEY_FIRST])
            report(r, s->line, "preset '%s' needs electricity_price, pue and colo_per_kw_month",
                   s->name);
        if (s->fx_code && (!(s->fx_rate > 0) || !s->fx_source || !s->fx_as_of))
            report(r, s->line, "preset '%s': fx.%s needs its rate, .source and .as_of", s->name,
                   s->fx_code);
        if (s->fx_code && s->currency && strcmp(s->fx_code, s->currency) == 0)
            report(r, s->line, "preset '%s' converts %s into itself", s->name, s->fx_code);
    }
}

/* See documentation in header file. */
tco_status tco_site_presets_load(const char *path, tco_site_presets **out, tco_diags *diags)
{
    *out = NULL;
    char *text = NULL;
    size_t size = 0;
    tco_file_id id;
    tco_status st = tci_read_file_limit(path, 1 << 20, &text, &size, &id, diags);
    if (st != TCO_OK)
        return st;
    tco_site_presets *p = calloc(1, sizeof *p);
    reader r = {p, path, diags, 0, !p, text};
    if (p && !(p->file = strdup(path)))
        r.nomem = 1;
    if (!r.nomem && memchr(text, '\0', size)) {
        report(&r, 1, "the file holds a NUL byte");
    } else if (!r.nomem) {
        int rc = ini_parse_string(text, on_line, &r);
        if (rc > 0 && !r.errors)
            report(&r, rc, "not a line of an INI file (a [NAME] or a key = value)");
        if (!r.errors && !r.nomem)
            check_whole(&r);
    }
    free(text);
    if (r.nomem) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "out of memory");
        tco_site_presets_free(p);
        return TCO_ERR_NOMEM;
    }
    if (r.errors) {
        tco_site_presets_free(p);
        return TCO_ERR_INPUT;
    }
    *out = p;
    return TCO_OK;
}

/* See documentation in header file. */
const tco_site_preset *tco_site_preset_find(const tco_site_presets *p, const char *name)
{
    for (size_t i = 0; p && name && i < p->n; i++)
        if (strcmp(p->presets[i].name, name) == 0)
            return &p->presets[i];
    return NULL;
}

/* See documentation in header file. */
void tco_site_presets_free(tco_site_presets *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++) {
        tco_site_preset *s = &p->presets[i];
        free(s->name);
        free(s->label);
        free(s->currency);
        free(s->as_of);
        for (int j = 0; j < TCO_SITE_KEYS; j++)
            free(s->source[j]);
        free(s->fx_code);
        free(s->fx_source);
        free(s->fx_as_of);
    }
    free(p->presets);
    free(p->file);
    free(p);
}
