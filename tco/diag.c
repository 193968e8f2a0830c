/* diag.c - status strings and the diagnostics list. */
#include "tco.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct tco_diags {
    tco_diag *items; /* kept messages, in the order added */
    size_t n;        /* items in use */
    size_t cap;      /* items allocated */
    size_t errors;   /* errors added, kept or not */
    size_t dropped;  /* errors past TCO_MAX_ERRORS that were not kept */
};

static const char *const status_names[] = {
    "success", "out of memory", "invalid input", "input/output error", "limit exceeded",
    "invalid argument",
};

/* See documentation in header file. */
const char *tco_status_str(tco_status status)
{
    if ((unsigned)status >= sizeof status_names / sizeof status_names[0])
        return "unknown status";
    return status_names[status];
}

tco_diags *tco_diags_new(void)
{
    return calloc(1, sizeof(tco_diags));
}

static void diag_clear(tco_diag *d)
{
    free(d->file);
    free(d->section);
    free(d->message);
}

void tco_diags_free(tco_diags *diags)
{
    if (!diags)
        return;
    for (size_t i = 0; i < diags->n; i++)
        diag_clear(&diags->items[i]);
    free(diags->items);
    free(diags);
}

size_t tco_diags_count(const tco_diags *diags)
{
    return diags ? diags->n : 0;
}

size_t tco_diags_errors(const tco_diags *diags)
{
    return diags ? diags->errors : 0;
}

const tco_diag *tco_diags_get(const tco_diags *diags, size_t i)
{
    return diags && i < diags->n ? &diags->items[i] : NULL;
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static tco_status diags_push(tco_diags *diags, tco_severity sev, const char *file, int line,
                             const char *section, char *message)
{
    if (diags->n == diags->cap) {
        size_t cap = diags->cap ? diags->cap * 2 : 8;
        tco_diag *items = realloc(diags->items, cap * sizeof *items);
        if (!items) {
            free(message);
            return TCO_ERR_NOMEM;
        }
        diags->items = items;
        diags->cap = cap;
    }
    tco_diag *d = &diags->items[diags->n];
    d->severity = sev;
    d->line = line;
    d->message = message;
    d->file = strdup(file ? file : "<string>");
    d->section = dup_or_null(section);
    if (!d->file || (section && !d->section)) {
        diag_clear(d);
        return TCO_ERR_NOMEM;
    }
    diags->n++;
    return TCO_OK;
}

/* See documentation in header file. */
tco_status tco_diags_add(tco_diags *diags, tco_severity sev, const char *file, int line,
                         const char *section, const char *fmt, ...)
{
    if (!diags)
        return TCO_OK;
    if (sev == TCO_SEV_ERROR) {
        diags->errors++;
        if (diags->errors > TCO_MAX_ERRORS) {
            diags->dropped++;
            return TCO_OK;
        }
    }
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (len < 0)
        return TCO_ERR_ARG;
    char *message = malloc((size_t)len + 1);
    if (!message)
        return TCO_ERR_NOMEM;
    va_start(ap, fmt);
    vsnprintf(message, (size_t)len + 1, fmt, ap);
    va_end(ap);
    tco_status st = diags_push(diags, sev, file, line, section, message);
    if (st == TCO_OK && sev == TCO_SEV_ERROR && diags->errors == TCO_MAX_ERRORS) {
        char *note = strdup("too many errors; further errors are not shown");
        if (note)
            diags_push(diags, TCO_SEV_NOTE, file, 0, NULL, note);
    }
    return st;
}

static const char *const severity_names[] = {"error", "warning", "note"};

/* See documentation in header file. */
int tco_diag_format(const tco_diag *d, char *buf, size_t size)
{
    const char *sev = (unsigned)d->severity < 3 ? severity_names[d->severity] : "error";
    if (d->line > 0)
        return snprintf(buf, size, "%s:%d: %s: %s", d->file, d->line, sev, d->message);
    if (d->section)
        return snprintf(buf, size, "%s: [%s]: %s: %s", d->file, d->section, sev, d->message);
    return snprintf(buf, size, "%s: %s: %s", d->file, sev, d->message);
}
