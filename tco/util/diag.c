/* diag.c - status strings and the diagnostics list. */
#include "tco.h"
#include "util/utf8.h"

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
    "limit exceeded", "invalid argument", "cancelled",
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

static char *escaped(char *m);

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
    d->file = escaped(strdup(file ? file : "<string>"));
    d->section = section ? escaped(strdup(section)) : NULL;
    if (!d->file || (section && !d->section)) {
        diag_clear(d);
        return TCO_ERR_NOMEM;
    }
    diags->n++;
    return TCO_OK;
}

/* ===== Text as a terminal shows it ===== */

/* The piece of text at p (NUL-terminated): its bytes in *n and its display
 * columns in *cols; returns 1 with its escape in esc (a control character:
 * C0 or DEL as \xHH, a C1 as \u00HH; a byte that is not valid UTF-8 as \xHH),
 * or 0 when it is shown as it is. */
static int text_piece(const unsigned char *p, size_t *n, int *cols, char esc[8])
{
    size_t avail = p[1] ? p[2] ? p[3] ? 4 : 3 : 2 : 1;
    uint32_t cp = 0;
    size_t len = tci_utf8_decode((const char *)p, avail, &cp);
    if (!len || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) {
        if (len == 2)
            snprintf(esc, 8, "\\u%04X", (unsigned)cp);
        else
            snprintf(esc, 8, "\\x%02X", p[0]);
        *n = len ? len : 1;
        *cols = (int)strlen(esc);
        return 1;
    }
    *n = len;
    *cols = tci_utf8_cp_width(cp);
    return 0;
}

/* See documentation in header file. */
int tco_text_width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t n;
        int cols;
        char esc[8];
        text_piece(p, &n, &cols, esc);
        w += cols;
        p += n;
    }
    return w;
}

/* See documentation in header file. */
char *tco_text_escape(const char *s)
{
    size_t size = 1;
    if (!s)
        s = "";
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n;
        int cols;
        char esc[8];
        size += text_piece(p, &n, &cols, esc) ? strlen(esc) : n;
        p += n;
    }
    char *out = malloc(size), *q = out;
    if (!out)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n;
        int cols;
        char esc[8];
        if (text_piece(p, &n, &cols, esc)) {
            memcpy(q, esc, strlen(esc));
            q += strlen(esc);
        } else {
            memcpy(q, p, n);
            q += n;
        }
        p += n;
    }
    *q = '\0';
    return out;
}

/* See documentation in header file. */
int tco_fput_text(FILE *out, const char *s, int width, int max)
{
    int w = 0, pad = width < 0 ? -width : width, full = tco_text_width(s);
    int shown = max > 0 && full > max ? max : full;
    if (width < 0)
        for (int i = shown; i < pad; i++)
            fputc(' ', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t n;
        int cols;
        char esc[8];
        int escaped = text_piece(p, &n, &cols, esc);
        if (w + cols > shown)
            break;
        if (escaped)
            fputs(esc, out);
        else
            fwrite(p, 1, n, out);
        w += cols;
        p += n;
    }
    if (width > 0)
        for (int i = w; i < pad; i++)
            fputc(' ', out);
    return w;
}

/* m (malloc'd) as tco_text_escape shows it: m itself when nothing needs an
 * escape, else its escaped copy with m freed; NULL (m freed) when out of
 * memory. */
static char *escaped(char *m)
{
    if (!m)
        return NULL;
    int plain = 1;
    for (const unsigned char *p = (const unsigned char *)m; *p && plain;) {
        size_t n;
        int cols;
        char esc[8];
        plain = !text_piece(p, &n, &cols, esc);
        p += n;
    }
    if (plain)
        return m;
    char *e = tco_text_escape(m);
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
    if (!(message = escaped(message)))
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
