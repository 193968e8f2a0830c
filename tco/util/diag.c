/* diag.c - status strings and the diagnostics list. */
#include "tco.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct tco_diags {
    tco_diag *items; /* kept messages, in the order added */
    size_t n;        /* items in use */
    size_t cap;      /* items allocated */
    size_t errors;   /* errors added, kept or not */
    size_t dropped;  /* errors past TCO_MAX_ERRORS that were not kept */
    size_t note;     /* index of the note that counts them, or SIZE_MAX */
};

static const char *const status_names[] = {
    "success",        "out of memory",    "invalid input", "input/output error",
    "limit exceeded", "invalid argument",
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
    tco_diags *diags = calloc(1, sizeof(tco_diags));
    if (diags)
        diags->note = SIZE_MAX;
    return diags;
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

/* Bytes of the control character at p (C0, DEL or a UTF-8 C1), or 0. Tab is
 * left alone. */
static int control_len(const unsigned char *p)
{
    if ((*p < 0x20 && *p != '\t') || *p == 0x7F)
        return 1;
    if (p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F)
        return 2;
    return 0;
}

/* Messages quote what the user wrote: show control characters as \xHH (C1 as
 * \u00HH), so a message stays on one line and cannot drive a terminal. Takes
 * m; returns it or its escaped copy, or NULL (m freed) when out of memory. */
static char *escape_controls(char *m)
{
    size_t extra = 0;
    for (const unsigned char *p = (const unsigned char *)m; *p; p++) {
        int n = control_len(p);
        if (n) {
            extra += n == 1 ? 3 : 4;
            p += n - 1;
        }
    }
    if (!extra)
        return m;
    char *e = malloc(strlen(m) + extra + 1), *q = e;
    if (!e) {
        free(m);
        return NULL;
    }
    for (const unsigned char *p = (const unsigned char *)m; *p;) {
        int n = control_len(p);
        if (n == 1)
            q += snprintf(q, 5, "\\x%02X", p[0]);
        else if (n == 2)
            q += snprintf(q, 7, "\\u%04X", p[1]);
        else
            *q++ = (char)*p;
        p += n ? n : 1;
    }
    *q = '\0';
    free(m);
    return e;
}

/* Keep one note after the kept errors that says how many more there were. */
static void note_dropped(tco_diags *diags, const char *file)
{
    char text[80];
    snprintf(text, sizeof text, "too many errors: %zu more %s not shown", diags->dropped,
             diags->dropped == 1 ? "is" : "are");
    char *message = strdup(text);
    if (!message)
        return; /* the errors kept are still right */
    if (diags->note != SIZE_MAX) {
        tco_diag *d = &diags->items[diags->note];
        free(d->message);
        d->message = message;
    } else if (diags_push(diags, TCO_SEV_NOTE, file, 0, NULL, message) == TCO_OK) {
        diags->note = diags->n - 1;
    }
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
            note_dropped(diags, file);
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
    if (!(message = escape_controls(message)))
        return TCO_ERR_NOMEM;
    return diags_push(diags, sev, file, line, section, message);
}

static const char *const severity_names[] = {"error", "warning", "note"};

/* See documentation in header file. */
int tco_diag_format(const tco_diag *d, char *buf, size_t size)
{
    const char *sev = (unsigned)d->severity < sizeof severity_names / sizeof severity_names[0]
                          ? severity_names[d->severity]
                          : "error";
    if (d->line > 0)
        return snprintf(buf, size, "%s:%d: %s: %s", d->file, d->line, sev, d->message);
    if (d->section)
        return snprintf(buf, size, "%s: [%s]: %s: %s", d->file, d->section, sev, d->message);
    return snprintf(buf, size, "%s: %s: %s", d->file, sev, d->message);
}
