/* scenario.c - load and validate scenario INI files.
 *
 * Loading runs in three passes over one buffer:
 *   1. a line scan that checks size, UTF-8, line length and line syntax, and
 *      records every section header with its line (inih does not report
 *      sections without keys, nor where a section starts);
 *   2. inih (the system library) splits key = value pairs; the handler only
 *      records them, with their lines, in file order;
 *   3. validation converts each recorded value by the key tables in keys.c
 *      and checks what involves several keys.
 * Every problem is collected, sorted by line and then handed to the caller's
 * diagnostics, so one run reports every error in a file.
 */
#include "util/readfile.h"
#include "core/core.h"
#include "util/date.h"
#include "util/suggest.h"
#include "util/utf8.h"

#define INI_HANDLER_LINENO 1
#include <ini.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ===== Pending messages ===== */

typedef struct pending {
    int file;       /* index into the scenario's files */
    int line;       /* 0 when the message is about a section, not a line */
    char *section;  /* section name for line-less messages, or NULL */
    tco_severity sev;
    char *message;
} pending;

enum section_kind {
    SEC_UNKNOWN,
    SEC_SCENARIO, /* sections that appear once: scenario .. uncertainty */
    SEC_SITE,
    SEC_WORKLOAD,
    SEC_SENSITIVITY,
    SEC_UNCERTAINTY,
    SEC_OPTION, /* [option ID] */
    SEC_CASE    /* [case NAME] */
};

/* A section header found by the line scan. */
typedef struct section {
    int file;     /* index into the scenario's files */
    enum section_kind kind;
    int line;     /* line of the header */
    int index;    /* option or case index for SEC_OPTION and SEC_CASE, else -1 */
    int valid;    /* 0 when the header was reported as an error */
} section;

/* A key = value pair recorded by the inih handler. */
typedef struct entry {
    int file;    /* index into the scenario's files */
    int line;
    int section; /* index into loader.sections */
    int key;     /* tco_skey or tco_okey by the section's kind; -1 in sections
                    whose keys name other keys (cases, sensitivity, uncertainty) */
    char *name;  /* the key as written, for key == -1 */
    char *value; /* trimmed, surrounding double quotes removed */
} entry;

typedef struct loader {
    const char *file;      /* the scenario's own file, as named */
    int cur;               /* index of the file being read or checked */
    size_t sec_begin;      /* first section of the file being read */
    int *opt_file;         /* per option: the file of its first header */
    int *case_file;        /* per case: likewise */
    int depth;             /* include nesting */
    int allow_include;     /* loading from a file: `include =` may read files */
    struct stat *seen;     /* device and inode of every file read, by index */
    tco_scenario *s;       /* scenario being built */
    pending *msgs;         /* messages, in the order found */
    size_t n_msgs;
    section *sections;     /* every header, in file order */
    size_t n_sections;
    entry *entries;        /* every pair, in file order */
    size_t n_entries;
    unsigned char *bad;    /* per line: 1 when the scan reported it */
    int n_lines;
    int section_of_kind[SEC_OPTION]; /* header of each once-only section, or -1 */
    int option_headers;    /* [option ...] headers seen, valid or not */
    int catalog_failed;    /* a catalog had errors (reported by its loader) */
    unsigned char *base_failed; /* per option: its base = could not be followed */
    int samples_line;      /* line of [uncertainty] samples, or 0 */
    int nomem;             /* an allocation failed */
} loader;

static void apply_defaults(void *base, const tco_keydef *(*get)(int), int count);
static const tco_keydef *okey(int i);

/* Room for one more item in an array of n items that only this function has
 * grown: the array, doubled when n is a power of two (or zero), or NULL when
 * out of memory (the array is then as it was). */
static void *grow(void *items, size_t n, size_t size)
{
    if (n & (n - 1))
        return items;
    return realloc(items, (n ? n * 2 : 4) * size);
}

/* Add a message at `line` of the current file (L->cur), or, when line is 0,
 * about `section` (may be NULL). An error, unless as_warning() follows. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void report(loader *L, int line, const char *section, const char *fmt, ...)
{
    pending *m = grow(L->msgs, L->n_msgs, sizeof *m);
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
    m[L->n_msgs++] = (pending){line ? L->cur : 0, line, sec, TCO_SEV_ERROR, text};
}

/* Make `file` (one of the scenario's files, or NULL for the scenario's own)
 * the file of the next message; returns `line`, so it can wrap a line
 * argument: report(L, at_file(L, o->key_file[k], o->key_line[k]), ...). */
static int at_file(loader *L, const char *file, int line)
{
    L->cur = 0;
    for (size_t i = 0; file && i < L->s->n_files; i++)
        if (L->s->files[i] == file)
            L->cur = (int)i;
    return line;
}

/* Turn the last message reported into a warning. */
static void as_warning(loader *L)
{
    if (L->n_msgs)
        L->msgs[L->n_msgs - 1].sev = TCO_SEV_WARNING;
}

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

/* ===== Suggestions ===== */

/* The closest candidate (see util/suggest.h), or NULL. */
static const char *closest(const char *word, const char *const *cands, size_t n)
{
    tci_suggest sg;
    tci_suggest_init(&sg, word);
    for (size_t i = 0; i < n && !tci_suggest_consider(&sg, cands[i]); i++)
        ;
    return sg.best;
}

/* The option id of s closest to word, or NULL. */
static const char *closest_option(const tco_scenario *s, const char *word)
{
    tci_suggest sg;
    tci_suggest_init(&sg, word);
    for (size_t i = 0; i < s->n_options && !tci_suggest_consider(&sg, s->options[i].id); i++)
        ;
    return sg.best;
}

/* ===== Text ===== */

/* Move a past the white space that starts [a, b) and b before the white space
 * that ends it. */
static void trim(const char **a, const char **b)
{
    while (*a < *b && isspace((unsigned char)**a))
        (*a)++;
    while (*b > *a && isspace((unsigned char)(*b)[-1]))
        (*b)--;
}

/* The next item of the comma-separated *list, trimmed: its start, with its
 * length (0 for an empty item) in *len. *list moves past the item's comma, or
 * becomes NULL after the last item. */
static const char *list_item(const char **list, size_t *len)
{
    const char *end = strchr(*list, ',');
    const char *a = *list, *b = end ? end : *list + strlen(*list);
    trim(&a, &b);
    *len = (size_t)(b - a);
    *list = end ? end + 1 : NULL;
    return a;
}

/* ===== Pass 1: the line scan ===== */

/* 1 for a character of an option id or case name. */
static int is_id_char(int c)
{
    return isalnum(c) || c == '-' || c == '_';
}

/* Names of the sections that appear once, indexed by kind - SEC_SCENARIO. */
static const char *const section_names[] = {"scenario", "site", "workload", "sensitivity",
                                            "uncertainty"};

/* Record a section header of the current file. */
static void add_section(loader *L, enum section_kind kind, int line, int valid, int index)
{
    section *s = grow(L->sections, L->n_sections, sizeof *s);
    if (!s) {
        L->nomem = 1;
        return;
    }
    L->sections = s;
    s[L->n_sections++] = (section){L->cur, kind, line, index, valid};
}

/* An [option ID] header: a new option with every default, or another header
 * of one that an other file began. */
static void add_option(loader *L, const char *id, size_t len, int line)
{
    tco_scenario *sc = L->s;
    for (size_t i = 0; i < sc->n_options; i++) {
        if (strlen(sc->options[i].id) == len && memcmp(sc->options[i].id, id, len) == 0) {
            if (L->opt_file[i] != L->cur) { /* also in another file: one option */
                add_section(L, SEC_OPTION, line, 1, (int)i);
                return;
            }
            report(L, line, NULL, "duplicate option id '%.*s' (first at line %d)", (int)len, id,
                   sc->options[i].line);
            add_section(L, SEC_OPTION, line, 0, -1);
            return;
        }
    }
    if (sc->n_options >= TCO_MAX_OPTIONS) {
        report(L, line, NULL, "too many options: the limit is %d", TCO_MAX_OPTIONS);
        add_section(L, SEC_OPTION, line, 0, -1);
        return;
    }
    tco_option *p = grow(sc->options, sc->n_options, sizeof *p);
    if (p)
        sc->options = p;
    int *f = p ? grow(L->opt_file, sc->n_options, sizeof *f) : NULL;
    if (!p || !f) {
        L->nomem = 1;
        return;
    }
    L->opt_file = f;
    f[sc->n_options] = L->cur;
    tco_option *o = &sc->options[sc->n_options];
    memset(o, 0, sizeof *o);
    apply_defaults(o, okey, TCO_O_COUNT);
    o->id = strndup(id, len);
    if (!o->id) {
        L->nomem = 1;
        return;
    }
    o->line = line;
    add_section(L, SEC_OPTION, line, 1, (int)sc->n_options);
    sc->n_options++;
}

/* A [case NAME] header: a new case, or another header of one that an other
 * file began. */
static void add_case(loader *L, const char *name, size_t len, int line)
{
    tco_scenario *sc = L->s;
    for (size_t i = 0; i < sc->n_cases; i++) {
        if (strlen(sc->cases[i].name) == len && memcmp(sc->cases[i].name, name, len) == 0) {
            if (L->case_file[i] != L->cur) {
                add_section(L, SEC_CASE, line, 1, (int)i);
                return;
            }
            report(L, line, NULL, "duplicate case '%.*s' (first at line %d)", (int)len, name,
                   sc->cases[i].line);
            add_section(L, SEC_CASE, line, 0, -1);
            return;
        }
    }
    if (sc->n_cases >= TCO_MAX_CASES) {
        report(L, line, NULL, "too many cases: the limit is %d", TCO_MAX_CASES);
        add_section(L, SEC_CASE, line, 0, -1);
        return;
    }
    tco_case *p = grow(sc->cases, sc->n_cases, sizeof *p);
    if (p)
        sc->cases = p;
    int *f = p ? grow(L->case_file, sc->n_cases, sizeof *f) : NULL;
    if (!p || !f) {
        L->nomem = 1;
        return;
    }
    L->case_file = f;
    f[sc->n_cases] = L->cur;
    tco_case *c = &sc->cases[sc->n_cases];
    memset(c, 0, sizeof *c);
    c->name = strndup(name, len);
    if (!c->name) {
        L->nomem = 1;
        return;
    }
    c->line = line;
    add_section(L, SEC_CASE, line, 1, (int)sc->n_cases);
    sc->n_cases++;
}

/* "option ID" or "case NAME": check the id and add the section. */
static void scan_named(loader *L, enum section_kind kind, const char *id, size_t idlen,
                       int line)
{
    const char *what = kind == SEC_OPTION ? "option id" : "case name";
    if (kind == SEC_OPTION)
        L->option_headers++;
    if (idlen == 0) {
        report(L, line, NULL, "%s", kind == SEC_OPTION
                                        ? "an option section needs an id: [option ID]"
                                        : "a case section needs a name: [case NAME]");
        add_section(L, kind, line, 0, -1);
        return;
    }
    for (size_t i = 0; i < idlen; i++) {
        if (!is_id_char((unsigned char)id[i])) {
            report(L, line, NULL, "invalid %s '%.*s': use letters, digits, '-' and '_'", what,
                   (int)idlen, id);
            add_section(L, kind, line, 0, -1);
            return;
        }
    }
    if (idlen > TCO_MAX_ID) {
        report(L, line, NULL, "%s '%.*s' is longer than %d characters", what, (int)idlen, id,
               TCO_MAX_ID);
        add_section(L, kind, line, 0, -1);
        return;
    }
    if (kind == SEC_OPTION)
        add_option(L, id, idlen, line);
    else
        add_case(L, id, idlen, line);
}

/* Does [a, b) start with the word `w` followed by space or the end? */
static const char *after_word(const char *a, const char *b, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(b - a) < n || memcmp(a, w, n) != 0 ||
        (a + n < b && !isspace((unsigned char)a[n])))
        return NULL;
    a += n;
    while (a < b && isspace((unsigned char)*a))
        a++;
    return a;
}

/* Report the section name [a, a + len) as unknown, with the best hint. */
static void unknown_section(loader *L, const char *a, size_t len, int line)
{
    char name[64];
    snprintf(name, sizeof name, "%.*s", len < 60 ? (int)len : 60, a);
    static const char *const all[] = {"scenario", "site",   "workload", "sensitivity",
                                      "uncertainty", "option", "case"};
    const char *hint = closest(name, all, sizeof all / sizeof all[0]);
    if (!hint && strchr(name, ' ')) /* "options x", "cases bear": judge the first word */
        hint = (strncmp(name, "option", 6) == 0)  ? "option"
               : (strncmp(name, "case", 4) == 0) ? "case"
                                                 : NULL;
    if (hint && strcmp(hint, "option") == 0)
        report(L, line, NULL, "unknown section [%s]; did you mean [option ID]?", name);
    else if (hint && strcmp(hint, "case") == 0)
        report(L, line, NULL, "unknown section [%s]; did you mean [case NAME]?", name);
    else if (hint)
        report(L, line, NULL, "unknown section [%s]; did you mean [%s]?", name, hint);
    else
        report(L, line, NULL,
               "unknown section [%s]; expected [scenario], [site], [workload], [option ID], "
               "[case NAME], [sensitivity] or [uncertainty]",
               name);
    add_section(L, SEC_UNKNOWN, line, 0, -1);
}

/* A [header] line: text between the brackets, trimmed. */
static void scan_section(loader *L, const char *p, const char *end, int line)
{
    const char *close = memchr(p, ']', (size_t)(end - p));
    if (!close) {
        report(L, line, NULL, "missing ']' at the end of the section header");
        L->bad[line] = 1;
        add_section(L, SEC_UNKNOWN, line, 0, -1);
        return;
    }
    const char *rest = close + 1;
    while (rest < end && isspace((unsigned char)*rest))
        rest++;
    if (rest < end && *rest != ';' && *rest != '#') {
        report(L, line, NULL, "unexpected text after the section header: '%.*s'",
               (int)(end - rest), rest);
        L->bad[line] = 1;
    }
    const char *a = p + 1, *b = close;
    trim(&a, &b);
    size_t len = (size_t)(b - a);
    if (len == 0) {
        report(L, line, NULL, "empty section name");
        add_section(L, SEC_UNKNOWN, line, 0, -1);
        return;
    }
    const char *id;
    if ((id = after_word(a, b, "option"))) {
        scan_named(L, SEC_OPTION, id, (size_t)(b - id), line);
        return;
    }
    if ((id = after_word(a, b, "case"))) {
        scan_named(L, SEC_CASE, id, (size_t)(b - id), line);
        return;
    }
    for (int k = SEC_SCENARIO; k <= SEC_UNCERTAINTY; k++) {
        const char *want = section_names[k - SEC_SCENARIO];
        if (strlen(want) == len && memcmp(a, want, len) == 0) {
            int first = L->section_of_kind[k];
            if (first >= 0) {
                report(L, line, NULL, "duplicate section [%s] (first at line %d)", want,
                       L->sections[first].line);
                add_section(L, (enum section_kind)k, line, 0, -1);
                return;
            }
            L->section_of_kind[k] = (int)L->n_sections;
            add_section(L, (enum section_kind)k, line, 1, -1);
            return;
        }
    }
    unknown_section(L, a, len, line);
}

/* A rejected line (too long, invalid UTF-8) that starts a section: record an
 * invalid section, so the keys under it are skipped rather than reported
 * against the section before it. */
static void bad_header(loader *L, const char *p, size_t len, int line)
{
    const char *a = p, *b = p + len;
    while (a < b && isspace((unsigned char)*a))
        a++;
    if (a == b || *a != '[')
        return;
    for (a++; a < b && isspace((unsigned char)*a);)
        a++;
    if ((size_t)(b - a) >= 6 && memcmp(a, "option", 6) == 0)
        L->option_headers++;
    add_section(L, SEC_UNKNOWN, line, 0, -1);
}

/* A NUL byte in the text: report its line and return 1 (not a text file). */
static int nul_byte(loader *L, const char *text, size_t size)
{
    const char *nul = memchr(text, '\0', size);
    if (!nul)
        return 0;
    int line = 1;
    for (const char *p = text; p < nul; p++)
        line += *p == '\n';
    report(L, line, NULL, "the file contains a NUL byte: is it a text file?");
    return 1;
}

/* Check every line; record section headers. */
static void scan_lines(loader *L, const char *text, size_t size)
{
    const char *p = text, *end = text + size;
    if (size >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;
    int line = 0;
    while (p < end) {
        line++;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        size_t len = (size_t)(eol - p);
        if (len && eol[-1] == '\r')
            len--;
        if (len > TCO_MAX_LINE) {
            report(L, line, NULL, "line is %zu bytes long; the limit is %d", len, TCO_MAX_LINE);
            L->bad[line] = 1;
            bad_header(L, p, len, line);
            p = nl ? nl + 1 : end;
            continue;
        }
        for (size_t i = 0; i < len;) {
            size_t n = tci_utf8_decode(p + i, len - i, NULL);
            if (n == 0) {
                report(L, line, NULL, "invalid UTF-8 (byte 0x%02X at column %zu)",
                       (unsigned char)p[i], i + 1);
                L->bad[line] = 1;
                bad_header(L, p, len, line);
                break;
            }
            i += n;
        }
        if (!L->bad[line]) {
            const char *a = p, *b = p + len;
            while (a < b && isspace((unsigned char)*a))
                a++;
            if (a == b || *a == ';' || *a == '#') {
                /* blank or comment */
            } else if (*a == '[') {
                scan_section(L, a, b, line);
            } else {
                size_t klen = strcspn(a, "=:\n");
                if (a + klen >= b) {
                    report(L, line, NULL,
                           "expected 'key = value', a [section] header or a comment");
                    L->bad[line] = 1;
                } else if (klen == 0) {
                    report(L, line, NULL, "missing key name before '%c'", *a);
                    L->bad[line] = 1;
                } else if (L->n_sections == L->sec_begin) {
                    report(L, line, NULL, "key outside any section; start with [scenario]");
                    L->bad[line] = 1;
                }
            }
        }
        p = nl ? nl + 1 : end;
    }
    L->n_lines = line;
}

/* ===== Pass 2: inih ===== */

/* The section a line belongs to: the last header before it. */
static int section_at(const loader *L, int line)
{
    size_t lo = L->sec_begin, hi = L->n_sections;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (L->sections[mid].line < line)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == L->sec_begin ? -1 : (int)lo - 1;
}

/* The index of the key `name` in a key table (in `section` unless that is
 * NULL), or -1. */
static int find_key(const tco_keydef *(*get)(int), int count, const char *section,
                    const char *name)
{
    for (int i = 0; i < count; i++) {
        const tco_keydef *k = get(i);
        if (strcmp(k->name, name) == 0 && (!section || strcmp(k->section, section) == 0))
            return i;
    }
    return -1;
}

/* The scenario's and the options' key tables, as find_key reads them. */
static const tco_keydef *skey(int i)
{
    return tco_scenario_key((tco_skey)i);
}

static const tco_keydef *okey(int i)
{
    return tco_option_key((tco_okey)i);
}

/* Report an unknown key with the best hint we have. */
static void unknown_key(loader *L, int line, enum section_kind kind, const char *name)
{
    const char *secname = kind == SEC_OPTION ? "option" : section_names[kind - SEC_SCENARIO];
    const char *cands[TCO_S_COUNT + TCO_O_COUNT];
    size_t n = 0;
    if (kind == SEC_OPTION) {
        for (int i = 0; i < TCO_O_COUNT; i++)
            cands[n++] = okey(i)->name;
    } else {
        for (int i = 0; i < TCO_S_COUNT; i++)
            if (strcmp(skey(i)->section, secname) == 0)
                cands[n++] = skey(i)->name;
    }
    const char *hint = closest(name, cands, n);
    if (hint) {
        report(L, line, NULL, "unknown key '%s' in [%s]; did you mean '%s'?", name,
               kind == SEC_OPTION ? "option ID" : secname, hint);
        return;
    }
    /* A key that belongs in another section. */
    int s = find_key(skey, TCO_S_COUNT, NULL, name);
    if (s >= 0 && strcmp(skey(s)->section, secname) != 0) {
        report(L, line, NULL, "key '%s' belongs in [%s], not [%s]", name, skey(s)->section,
               kind == SEC_OPTION ? "option ID" : secname);
        return;
    }
    if (kind != SEC_OPTION && find_key(okey, TCO_O_COUNT, NULL, name) >= 0) {
        report(L, line, NULL, "key '%s' belongs in an [option ID] section, not [%s]", name,
               secname);
        return;
    }
    report(L, line, NULL, "unknown key '%s' in [%s]", name,
           kind == SEC_OPTION ? "option ID" : secname);
}

/* A key of a section whose keys name other keys ([case NAME], [sensitivity],
 * [uncertainty]): 1 when it is to be recorded; 0 when it repeats a key of the
 * section or is one too many (reported), or an earlier file gave it. */
static int naming_key_wanted(loader *L, int si, const char *name, int lineno)
{
    const section *sec = &L->sections[si];
    size_t in_section = 0;
    for (size_t i = L->n_entries; i-- > 0 && L->entries[i].section == si;) {
        if (strcmp(L->entries[i].name, name) == 0) {
            report(L, lineno, NULL, "duplicate key '%s' (first at line %d)", name,
                   L->entries[i].line);
            return 0;
        }
        in_section++;
    }
    if (in_section >= TCO_MAX_SECTION_KEYS) {
        report(L, lineno, NULL, "too many keys in this section: the limit is %d",
               TCO_MAX_SECTION_KEYS);
        return 0;
    }
    /* A key an earlier file gave in the same section wins. */
    for (size_t i = 0; L->cur > 0 && i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        const section *es = &L->sections[e->section];
        if (e->key < 0 && e->file != L->cur && es->kind == sec->kind &&
            es->index == sec->index && strcmp(e->name, name) == 0)
            return 0;
    }
    return 1;
}

/* A key of the scenario's sections or of an option: its index, recording
 * where it is given; -1 when it is unknown or repeated (reported), or an
 * earlier file (the including one) gave it. */
static int known_key(loader *L, const section *sec, const char *name, int lineno)
{
    int key;
    int *seen_line;
    const char **seen_file;
    if (sec->kind == SEC_OPTION) {
        key = find_key(okey, TCO_O_COUNT, NULL, name);
        if (key < 0) {
            unknown_key(L, lineno, sec->kind, name);
            return -1;
        }
        seen_line = &L->s->options[sec->index].key_line[key];
        seen_file = &L->s->options[sec->index].key_file[key];
    } else {
        key = find_key(skey, TCO_S_COUNT, section_names[sec->kind - SEC_SCENARIO], name);
        if (key < 0) {
            unknown_key(L, lineno, sec->kind, name);
            return -1;
        }
        seen_line = &L->s->key_line[key];
        seen_file = &L->s->key_file[key];
    }
    int include = seen_file == &L->s->key_file[TCO_S_INCLUDE];
    if (*seen_line && *seen_file != L->s->files[L->cur] && !include)
        return -1; /* an earlier file (the including one) gave it: that wins */
    if (*seen_line && *seen_file == L->s->files[L->cur]) {
        report(L, lineno, NULL, "duplicate key '%s' (first at line %d)", name, *seen_line);
        return -1;
    }
    if (!*seen_line) { /* each file's include is its own; the first is recorded */
        *seen_line = lineno;
        *seen_file = L->s->files[L->cur];
    }
    return key;
}

/* Record one pair of section si; the value loses surrounding double quotes,
 * and the name is kept for keys that name other keys (key -1). */
static void add_entry(loader *L, int si, int key, const char *name, const char *value,
                      int lineno)
{
    size_t len = strlen(value);
    if (len >= 2 && value[0] == '"' && value[len - 1] == '"') {
        value++;
        len -= 2;
    }
    entry *e = grow(L->entries, L->n_entries, sizeof *e);
    char *copy = strndup(value, len);
    char *kname = key < 0 ? strdup(name) : NULL;
    if (!e || !copy || (key < 0 && !kname)) {
        free(copy);
        free(kname);
        if (e)
            L->entries = e;
        L->nomem = 1;
        return;
    }
    L->entries = e;
    e[L->n_entries++] = (entry){
        .file = L->cur, .line = lineno, .section = si, .key = key, .value = copy, .name = kname};
}

/* inih's handler: record one key = value pair of a line the scan accepted,
 * in a section it accepted. */
static int on_pair(void *user, const char *sec_name, const char *name, const char *value,
                   int lineno)
{
    (void)sec_name; /* inih cuts long names; the scan knows the real section */
    loader *L = user;
    if (lineno <= 0 || lineno > L->n_lines || L->bad[lineno])
        return 1;
    int si = section_at(L, lineno);
    if (si < 0 || !L->sections[si].valid)
        return 1; /* already reported */
    const section *sec = &L->sections[si];
    int key = -1;
    if (sec->kind == SEC_CASE || sec->kind == SEC_SENSITIVITY || sec->kind == SEC_UNCERTAINTY) {
        /* Keys here name other keys; they are resolved after the base scenario. */
        if (!naming_key_wanted(L, si, name, lineno))
            return 1;
    } else if ((key = known_key(L, sec, name, lineno)) < 0) {
        return 1;
    }
    add_entry(L, si, key, name, value, lineno);
    return 1;
}

/* Passes 1 and 2 over the text of the file being read (L->cur): the line
 * scan, then inih's pairs. */
static void read_text(loader *L, const char *text, size_t size)
{
    scan_lines(L, text, size);
    if (L->nomem)
        return;
    /* inih's line buffer must hold any line, or it splits long lines and the
     * line numbers after them drift; the scan already rejected long lines. */
    ini_use_stack = false;
    ini_allow_realloc = true;
    ini_max_line = TCO_MAX_FILE + 3;
    ini_allow_multiline = false;
    ini_allow_inline_comments = true;
    ini_stop_on_first_error = false;
    ini_allow_no_value = false;
    int rc = ini_parse_string(text, on_pair, L);
    if (rc == -2)
        L->nomem = 1;
    else if (rc > 0 && rc <= L->n_lines && !L->bad[rc])
        report(L, rc, NULL, "cannot parse this line");
}

/* ===== Pass 3: values ===== */

/* Is s a plain decimal number: [+-]digits[.digits][e[+-]digits]? */
static int is_plain_number(const char *s, int integer)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    int digits = 0;
    while (isdigit((unsigned char)*p))
        p++, digits++;
    if (integer)
        return digits > 0 && *p == '\0';
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p))
            p++, digits++;
    }
    if (!digits)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return 0;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return *p == '\0';
}

/* 1 when v is digits grouped by commas in threes ("30,000", "-1,234.5"). */
static int thousands_grouped(const char *v)
{
    const char *p = v + (*v == '+' || *v == '-');
    size_t head = strspn(p, "0123456789");
    if (head == 0 || head > 3 || p[head] != ',')
        return 0;
    for (p += head; *p == ','; p += 4)
        if (strspn(p + 1, "0123456789") < 3 || isdigit((unsigned char)p[4]))
            return 0;
    return *p == '\0' || (*p == '.' && strspn(p + 1, "0123456789") == strlen(p + 1));
}

/* Explain why `v` is not a plain number. */
static void not_a_number(loader *L, int line, const char *key, const char *v)
{
    size_t lead = strspn(v, "+-0123456789.");
    const char *digits = v + (*v == '+' || *v == '-');
    if (thousands_grouped(v)) {
        char fixed[64];
        size_t j = 0;
        for (const char *p = v; *p && j + 1 < sizeof fixed; p++)
            if (*p != ',')
                fixed[j++] = *p;
        fixed[j] = '\0';
        report(L, line, NULL, "'%s' is not a number for '%s': write %s, without thousands "
                              "separators", v, key, fixed);
    } else if (lead && strchr(v, ',') && !strchr(v, '.') && strchr(v, ',') == strrchr(v, ',') &&
               strspn(v, "+-0123456789,") == strlen(v) && isdigit((unsigned char)v[lead + 1])) {
        char fixed[64];
        snprintf(fixed, sizeof fixed, "%.*s.%s", (int)lead, v, v + lead + 1);
        report(L, line, NULL, "'%s' is not a number for '%s': write decimals with a point (%s)",
               v, key, fixed);
    } else if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        report(L, line, NULL, "'%s' is not a number for '%s': write a decimal number", v, key);
    } else if (lead && strcmp(v + lead, "%") == 0) {
        char *end;
        double pct = strtod(v, &end);
        report(L, line, NULL, "'%s' is not a number for '%s': write fractions as decimals "
                              "(%g)", v, key, pct / 100);
    } else if (lead && lead < strlen(v) && isalpha((unsigned char)v[lead])) {
        report(L, line, NULL, "'%s' is not a number for '%s': write a plain number without "
                              "a unit (%.*s)", v, key, (int)lead, v);
    } else {
        report(L, line, NULL, "'%s' is not a number for '%s'", v, key);
    }
}

/* A string or date value into its field. Returns 1 when stored. */
static int set_text(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    if (*v == '\0') {
        report(L, line, NULL, "missing value for '%s'", k->name);
        return 0;
    }
    if (k->type == TCO_T_DATE && !tci_date_valid(v)) {
        report(L, line, NULL, "'%s' is not a date for '%s': write YYYY-MM-DD", v, k->name);
        return 0;
    }
    char *copy = strdup(v);
    if (!copy) {
        L->nomem = 1;
        return 0;
    }
    char **dst = tci_key_field(base, k);
    free(*dst);
    *dst = copy;
    return 1;
}

/* One of an enum key's names into its field. Returns 1 when stored. */
static int set_enum(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    int i = 0;
    for (; k->names[i]; i++)
        if (strcmp(k->names[i], v) == 0)
            break;
    if (k->names[i]) {
        *(int *)tci_key_field(base, k) = i;
        return 1;
    }
    char expected[160] = "";
    size_t n = 0;
    for (int j = 0; k->names[j]; j++)
        n += (size_t)snprintf(expected + n, sizeof expected - n, "%s%s",
                              j == 0 ? "" : k->names[j + 1] ? ", " : " or ", k->names[j]);
    const char *hint = closest(v, (const char *const *)k->names, (size_t)i);
    if (hint)
        report(L, line, NULL, "unknown %s '%s'; did you mean '%s'? (expected %s)", k->name, v,
               hint, expected);
    else
        report(L, line, NULL, "unknown %s '%s' (expected %s)", k->name, v, expected);
    return 0;
}

/* A whole or decimal number into its field, within the key's range. Returns
 * 1 when stored. */
static int set_number(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    int integer = k->type == TCO_T_INT;
    if (!is_plain_number(v, integer)) {
        if (integer && is_plain_number(v, 0))
            report(L, line, NULL, "'%s' must be a whole number (got %s)", k->name, v);
        else
            not_a_number(L, line, k->name, v);
        return 0;
    }
    errno = 0;
    char *end;
    double x = strtod(v, &end);
    if (!isfinite(x)) {
        report(L, line, NULL, "'%s' is out of range for '%s'", v, k->name);
        return 0;
    }
    if (x < k->lo || x > k->hi) {
        if (k->unit == TCO_U_FRACTION && k->lo == 0 && k->hi == 1 && x > 1)
            report(L, line, NULL,
                   "'%s' must be a fraction between 0 and 1 (got %s); write 0.35, not 35",
                   k->name, v);
        else if (k->unit == TCO_U_FRACTION && k->lo == 0 && k->hi == 1)
            report(L, line, NULL, "'%s' must be a fraction between 0 and 1 (got %s)", k->name,
                   v);
        else if (k->lo == 0 && x < 0)
            report(L, line, NULL, "'%s' must not be negative (got %s)", k->name, v);
        else
            report(L, line, NULL, "'%s' must be between %g and %g (got %s)", k->name, k->lo,
                   k->hi, v);
        return 0;
    }
    if (integer)
        *(int *)tci_key_field(base, k) = (int)x;
    else
        *(double *)tci_key_field(base, k) = x;
    return 1;
}

/* Convert one value into its field. Returns 1 when stored. */
static int set_value(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    if (*v == '\0' && k->type != TCO_T_STRING) {
        report(L, line, NULL, "missing value for '%s'", k->name);
        return 0;
    }
    switch (k->type) {
    case TCO_T_STRING:
    case TCO_T_DATE:
        return set_text(L, base, k, v, line);
    case TCO_T_ENUM:
        return set_enum(L, base, k, v, line);
    case TCO_T_INT:
    case TCO_T_NUMBER:
        return set_number(L, base, k, v, line);
    }
    return 0;
}

/* Set every number, whole number and choice of a key table to its default. */
static void apply_defaults(void *base, const tco_keydef *(*get)(int), int count)
{
    for (int i = 0; i < count; i++) {
        const tco_keydef *k = get(i);
        if (k->type == TCO_T_NUMBER)
            *(double *)tci_key_field(base, k) = k->def;
        else if (k->type == TCO_T_INT || k->type == TCO_T_ENUM)
            *(int *)tci_key_field(base, k) = (int)k->def;
    }
}

/* 1 when c is three capital letters, as ISO 4217 codes are. */
static int valid_currency(const char *c)
{
    return strlen(c) == 3 && isupper((unsigned char)c[0]) && isupper((unsigned char)c[1]) &&
           isupper((unsigned char)c[2]);
}

/* Report key k of option o, at `line`, as one for the other way to acquire. */
static void wrong_acquire(loader *L, int line, const tco_option *o, const tco_keydef *k)
{
    int buy = o->acquire == TCO_BUY;
    report(L, line, NULL, "'%s' applies to %s options only; option '%s' is acquire = %s",
           k->name, buy ? "rent" : "buy", o->id, buy ? "buy" : "rent");
}

#define KEY_AT(k) at_file(L, o->key_file[k], kl[k])

/* The line of the later of option o's keys a and b; that key's file becomes
 * the file of the next message. */
static int later_key(loader *L, const tco_option *o, int a, int b)
{
    const int *kl = o->key_line;
    int line = kl[a] > kl[b] ? kl[a] : kl[b];
    return at_file(L, line == kl[a] ? o->key_file[a] : o->key_file[b], line);
}

/* Checks of a buy option's keys; sec names its section. */
static void check_buy_option(loader *L, tco_option *o, const char *sec)
{
    const int *kl = o->key_line;
    const char *no_price = o->model ? " (the catalog gives no price for this GPU)" : "";
    if (!o->src[TCO_O_GPU_PRICE])
        report(L, 0, sec, "missing required key 'gpu_price' for a buy option%s", no_price);
    if (!o->src[TCO_O_TDP_W])
        report(L, 0, sec, "missing required key 'tdp_w' for a buy option");
    if (kl[TCO_O_RESALE_FRACTION] && kl[TCO_O_RESALE_DECLINE])
        report(L, later_key(L, o, TCO_O_RESALE_FRACTION, TCO_O_RESALE_DECLINE), NULL,
               "give resale_fraction or resale_decline, not both");
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    if (macrs && kl[TCO_O_DEPRECIATION_YEARS])
        report(L, KEY_AT(TCO_O_DEPRECIATION_YEARS), NULL,
               "'depreciation_years' cannot be set with %s: its life is fixed",
               okey(TCO_O_DEPRECIATION)->names[o->depreciation]);
    if (macrs && kl[TCO_O_SALVAGE_FRACTION])
        report(L, KEY_AT(TCO_O_SALVAGE_FRACTION), NULL,
               "'salvage_fraction' cannot be set with %s: MACRS ignores salvage",
               okey(TCO_O_DEPRECIATION)->names[o->depreciation]);
    if (o->idle_power_fraction > o->load_power_fraction) {
        int line = later_key(L, o, TCO_O_IDLE_POWER_FRACTION, TCO_O_LOAD_POWER_FRACTION);
        report(L, line, line ? NULL : sec,
               "idle_power_fraction (%g) is larger than load_power_fraction (%g)",
               o->idle_power_fraction, o->load_power_fraction);
    }
}

/* Checks that involve several keys of one option. */
static void check_option(loader *L, tco_option *o)
{
    char sec[64];
    snprintf(sec, sizeof sec, "option %s", o->id);
    const int *kl = o->key_line;
    if (!kl[TCO_O_ACQUIRE] || !o->src[TCO_O_ACQUIRE]) {
        if (!kl[TCO_O_ACQUIRE])
            report(L, 0, sec, "missing required key 'acquire' (buy or rent)");
        if (!kl[TCO_O_COUNT_GPUS])
            report(L, 0, sec, "missing required key 'count'");
        return;
    }
    if (!kl[TCO_O_COUNT_GPUS])
        report(L, 0, sec, "missing required key 'count'");
    int buy = o->acquire == TCO_BUY;
    for (int k = 0; k < TCO_O_COUNT; k++) {
        const tco_keydef *d = okey(k);
        if (kl[k] && d->applies == (buy ? TCO_APPLIES_RENT : TCO_APPLIES_BUY))
            wrong_acquire(L, KEY_AT(k), o, d);
    }
    if (buy) {
        check_buy_option(L, o, sec);
    } else {
        if (!o->src[TCO_O_PRICE_PER_GPU_HOUR])
            report(L, 0, sec, "missing required key 'price_per_gpu_hour' for a rent option");
        if (o->pricing == TCO_RESERVED && kl[TCO_O_PRICE_DECLINE])
            report(L, KEY_AT(TCO_O_PRICE_DECLINE), NULL,
                   "'price_decline' does not apply to reserved pricing (the rate is fixed)");
    }
    if (kl[TCO_O_OFFER] && !L->s->catalog)
        report(L, KEY_AT(TCO_O_OFFER), NULL, "'offer' names a catalog entry, but no price catalog "
                                         "was read");
}

#undef KEY_AT
#define KEY_AT(k) at_file(L, s->key_file[k], kl[k])

/* Checks that involve several keys of the scenario, and every option's. */
static void check_scenario(loader *L)
{
    tco_scenario *s = L->s;
    const int *kl = s->key_line;
    if (!kl[TCO_S_NAME])
        report(L, 0, "scenario", "missing required key 'name'");
    if (s->n_options == 0 && L->option_headers == 0)
        report(L, 0, NULL, "no options: add at least one [option ID] section");
    if (kl[TCO_S_CURRENCY] && s->src[TCO_S_CURRENCY] && !valid_currency(s->currency))
        report(L, KEY_AT(TCO_S_CURRENCY), NULL,
               "currency '%s' is not an ISO 4217 code such as USD, EUR or CNY", s->currency);
    int any_buy = 0;
    for (size_t i = 0; i < s->n_options; i++) {
        if (L->base_failed && L->base_failed[i])
            continue; /* its keys are incomplete; the base error says why */
        check_option(L, &s->options[i]);
        any_buy |= s->options[i].src[TCO_O_ACQUIRE] && s->options[i].acquire == TCO_BUY;
    }
    if (any_buy && !kl[TCO_S_ELECTRICITY_PRICE])
        report(L, 0, "site", "missing required key 'electricity_price' (buy options pay for "
                             "power)");
    if (kl[TCO_S_BASELINE] && s->baseline) {
        int b = tco_scenario_find(s, s->baseline);
        if (b < 0) {
            const char *hint = closest_option(s, s->baseline);
            if (hint)
                report(L, KEY_AT(TCO_S_BASELINE), NULL,
                       "baseline '%s' is not an option; did you mean '%s'?", s->baseline, hint);
            else
                report(L, KEY_AT(TCO_S_BASELINE), NULL, "baseline '%s' is not an option",
                       s->baseline);
        } else if (s->options[b].acquire != TCO_RENT) {
            report(L, KEY_AT(TCO_S_BASELINE), NULL,
                   "baseline '%s' is a buy option; the baseline must rent", s->baseline);
        }
    }
}

#undef KEY_AT

/* Pass 3: convert every recorded value of the scenario's sections and the
 * options into its field. */
static void convert_entries(loader *L)
{
    tco_scenario *s = L->s;
    for (size_t i = 0; i < L->n_entries; i++) {
        entry *e = &L->entries[i];
        section *sec = &L->sections[e->section];
        if (e->key < 0)
            continue; /* resolved later */
        L->cur = e->file;
        if (sec->kind == SEC_OPTION) {
            tco_option *o = &s->options[sec->index];
            if (set_value(L, o, okey(e->key), e->value, e->line))
                o->src[e->key] = TCO_SRC_INI;
        } else {
            if (set_value(L, s, skey(e->key), e->value, e->line))
                s->src[e->key] = TCO_SRC_INI;
        }
    }
}

/* ===== Catalogs ===== */

/* `rel` taken relative to the directory of `file` (unless it is absolute). */
static char *path_beside(const char *file, const char *rel, size_t rel_len)
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

/* Read one catalog into the scenario's; a catalog with errors (reported by
 * its loader, and at `line` when the scenario named it) fails the load. */
static tco_status load_one_catalog(loader *L, const char *path, int line, tco_diags *diags)
{
    if (!L->s->catalog && !(L->s->catalog = tco_catalog_new()))
        return TCO_ERR_NOMEM;
    tco_status st = tco_catalog_load_file(L->s->catalog, path, diags);
    if (st == TCO_ERR_NOMEM)
        return st;
    if (st != TCO_OK) {
        L->catalog_failed = 1;
        if (line)
            report(L, line, NULL, "the catalog '%s' could not be read", path);
    }
    return TCO_OK;
}

/* The shipped catalogs, the scenario's `catalog =` list (comma-separated,
 * relative to the scenario), then the caller's extra catalogs. */
static tco_status read_catalogs(loader *L, const tco_load_options *opts, tco_diags *diags)
{
    tco_status st = TCO_OK;
    for (const char *const *p = opts ? opts->catalogs_before : NULL; p && *p && !st; p++)
        st = load_one_catalog(L, *p, 0, diags);
    const char *list = L->s->catalog_path;
    while (list && *list && !st) {
        size_t len;
        const char *a = list_item(&list, &len);
        if (len == 0) {
            report(L, at_file(L, L->s->key_file[TCO_S_CATALOG], L->s->key_line[TCO_S_CATALOG]),
                   NULL, "empty catalog path in the list");
        } else {
            const char *from = L->s->key_file[TCO_S_CATALOG] ? L->s->key_file[TCO_S_CATALOG]
                                                              : L->file;
            char *path = path_beside(from, a, len);
            if (!path)
                return TCO_ERR_NOMEM;
            st = load_one_catalog(
                L, path, at_file(L, L->s->key_file[TCO_S_CATALOG], L->s->key_line[TCO_S_CATALOG]),
                diags);
            free(path);
        }
    }
    for (const char *const *p = opts ? opts->catalogs_after : NULL; p && *p && !st; p++)
        st = load_one_catalog(L, *p, 0, diags);
    return st;
}

/* Report an unknown catalog id with the closest one. */
static void unknown_id(loader *L, int line, const char *what, const char *id, const char **ids,
                       size_t n)
{
    const char *hint = closest(id, ids, n);
    if (hint)
        report(L, line, NULL, "unknown %s '%s' in the catalog; did you mean '%s'?", what, id,
               hint);
    else
        report(L, line, NULL, "unknown %s '%s' in the catalog ('tco catalog' lists them)", what,
               id);
}

/* Set a number from the catalog unless the scenario gave it. */
static void fill(tco_option *o, int key, double v)
{
    if (o->src[key] || isnan(v))
        return;
    *(double *)tci_key_field(o, okey(key)) = v;
    o->src[key] = TCO_SRC_CATALOG;
}

/* 1 when a catalog price is in the scenario's currency; else reported. */
static int same_currency(loader *L, const tco_option *o, const char *currency, int line,
                         const char *key, const char *id)
{
    if (!currency || strcmp(currency, L->s->currency) == 0)
        return 1;
    report(L, line, NULL, "the catalog prices '%s' in %s but the scenario's currency is %s: "
                          "give %s for option '%s' in %s", id, currency, L->s->currency, key,
           o->id, L->s->currency);
    return 0;
}

/* Where an option's catalog price comes from: the entry's date, and the key
 * that named the entry. */
typedef struct price_source {
    const char *date; /* NULL: the option has no catalog price */
    const char *file;
    int line;
} price_source;

/* Fill rent option o from the catalog offer it names. Returns 1 to go on to
 * its GPU, 0 when the offer is unknown (reported), -1 when out of memory. */
static int fill_from_offer(loader *L, tco_option *o, const char **ids, price_source *price)
{
    const tco_catalog *cat = L->s->catalog;
    const int *kl = o->key_line;
    const tco_offer *e = tco_catalog_offer(cat, o->offer);
    if (!e) {
        for (size_t k = 0; k < cat->n_offers; k++)
            ids[k] = cat->offers[k].id;
        unknown_id(L, at_file(L, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]), "offer", o->offer,
                   ids, cat->n_offers);
        return 0;
    }
    o->offer_entry = e;
    if (!o->src[TCO_O_GPU]) {
        free(o->gpu);
        if (!(o->gpu = strdup(e->gpu))) {
            L->nomem = 1;
            return -1;
        }
        o->src[TCO_O_GPU] = TCO_SRC_CATALOG;
    }
    if (!o->src[TCO_O_PRICE_PER_GPU_HOUR] &&
        same_currency(L, o, e->currency, at_file(L, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]),
                      "price_per_gpu_hour", e->id)) {
        fill(o, TCO_O_PRICE_PER_GPU_HOUR, e->price_per_gpu_hour);
        *price = (price_source){e->as_of, o->key_file[TCO_O_OFFER], kl[TCO_O_OFFER]};
    }
    if (!o->src[TCO_O_PRICING]) {
        o->pricing = strcmp(e->pricing, "reserved") == 0 ? TCO_RESERVED : TCO_ON_DEMAND;
        o->src[TCO_O_PRICING] = TCO_SRC_CATALOG;
    }
    return 1;
}

/* Fill option o from the catalog entry of its GPU. Returns 0 when the GPU is
 * unknown (reported), else 1. */
static int fill_from_gpu(loader *L, tco_option *o, const char **ids, price_source *price)
{
    const tco_catalog *cat = L->s->catalog;
    const int *kl = o->key_line;
    const tco_gpu_model *m = tco_catalog_gpu(cat, o->gpu);
    int line = kl[TCO_O_GPU] ? kl[TCO_O_GPU] : kl[TCO_O_OFFER];
    const char *file = kl[TCO_O_GPU] ? o->key_file[TCO_O_GPU] : o->key_file[TCO_O_OFFER];
    at_file(L, file, line);
    if (!m) {
        for (size_t k = 0; k < cat->n_gpus; k++)
            ids[k] = cat->gpus[k].id;
        unknown_id(L, line, "GPU", o->gpu, ids, cat->n_gpus);
        return 0;
    }
    o->model = m;
    fill(o, TCO_O_TDP_W, m->tdp_w);
    fill(o, TCO_O_FP16_TFLOPS, m->fp16_tflops);
    fill(o, TCO_O_MEMORY_GB, m->memory_gb);
    if (o->acquire == TCO_BUY && !o->src[TCO_O_GPU_PRICE] && !isnan(m->price_typical) &&
        same_currency(L, o, m->currency, line, "gpu_price", m->id)) {
        fill(o, TCO_O_GPU_PRICE, m->price_typical);
        *price = (price_source){m->as_of, file, line};
    }
    return 1;
}

/* The age of option o's catalog price on `today`, with a warning when it is
 * stale. */
static void check_price_age(loader *L, tco_option *o, const price_source *price,
                            const char *today)
{
    const tco_scenario *s = L->s;
    if (!price->date || !today)
        return;
    o->price_age_months = tco_months_between(price->date, today);
    if (o->price_age_months > s->stale_after_months) {
        o->price_stale = 1;
        report(L, at_file(L, price->file, price->line), NULL,
               "the catalog price for option '%s' is from %s, %d "
               "months before %s (stale_after_months = %d)",
               o->id, price->date, o->price_age_months, today, s->stale_after_months);
        as_warning(L);
    }
}

/* Fill every option from the catalog entries it names: what the scenario
 * does not give itself. */
static void fill_from_catalog(loader *L, const tco_load_options *opts)
{
    tco_scenario *s = L->s;
    const tco_catalog *cat = s->catalog;
    if (!cat)
        return;
    const char *today = s->as_of ? s->as_of : opts ? opts->today : NULL;
    const char **ids = malloc((cat->n_gpus + cat->n_offers + 1) * sizeof *ids);
    if (!ids) {
        L->nomem = 1;
        return;
    }
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        const int *kl = o->key_line;
        price_source price = {NULL, NULL, 0};
        o->price_age_months = -1;
        if (o->offer && kl[TCO_O_OFFER] && o->acquire == TCO_RENT) {
            int r = fill_from_offer(L, o, ids, &price);
            if (r < 0)
                break;
            if (r == 0)
                continue;
        }
        if (o->gpu && (kl[TCO_O_GPU] || o->src[TCO_O_GPU] == TCO_SRC_CATALOG) &&
            !fill_from_gpu(L, o, ids, &price))
            continue;
        check_price_age(L, o, &price, today);
    }
    free(ids);
}

/* ===== Included files: include = PATH[, PATH...] ===== */

#define MAX_INCLUDE_DEPTH 8

/* Add a file to the scenario's files: its index, or -1 when out of memory. */
static int add_file(loader *L, const char *path, const struct stat *st)
{
    tco_scenario *s = L->s;
    char **files = grow(s->files, s->n_files, sizeof *files);
    if (files)
        s->files = files;
    struct stat *seen = files ? grow(L->seen, s->n_files, sizeof *seen) : NULL;
    if (seen)
        L->seen = seen; /* the old block is gone once realloc succeeds */
    char *copy = seen ? strdup(path) : NULL;
    if (!copy) {
        L->nomem = 1;
        return -1;
    }
    seen[s->n_files] = *st;
    files[s->n_files] = copy;
    return (int)s->n_files++;
}

static void read_includes(loader *L, int from);

/* Open an included file that is to be read: not one read already (a file
 * that includes it is a cycle, reported) and not nested too deep. NULL when
 * it is not to be read; *st is the file's identity. */
static FILE *open_include(loader *L, const char *path, int from, int line, struct stat *st)
{
    FILE *f = fopen(path, "rb");
    if (!f || fstat(fileno(f), st) != 0) {
        report(L, line, NULL, "cannot read the included file '%s': %s", path, strerror(errno));
        if (f)
            fclose(f);
        return NULL;
    }
    for (size_t i = 0; i < L->s->n_files; i++) {
        if (L->seen[i].st_dev == st->st_dev && L->seen[i].st_ino == st->st_ino) {
            fclose(f);
            if ((int)i <= from) /* a file that is including it: a cycle */
                report(L, line, NULL, "including '%s' again would never end: includes form a "
                                      "cycle", path);
            return NULL; /* read already, through another include */
        }
    }
    if (L->depth >= MAX_INCLUDE_DEPTH) {
        fclose(f);
        report(L, line, NULL, "includes nest deeper than %d files", MAX_INCLUDE_DEPTH);
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
    if (!nul_byte(L, buf, n)) {
        read_text(L, buf, n);
        L->depth++;
        read_includes(L, idx);
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
    struct stat st;
    FILE *f = open_include(L, path, from, line, &st);
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
        report(L, line, NULL, rd == TCO_ERR_IO ? "cannot read the included file '%s'"
                                               : "the included file '%s' is larger than the limit",
               path);
        return;
    }
    buf[n] = '\0';
    int idx = add_file(L, path, &st);
    unsigned char *bad = calloc(1, n + 2);
    if (idx >= 0 && bad)
        read_own_file(L, idx, buf, n, bad);
    else
        L->nomem = 1;
    free(buf);
    free(bad);
}

/* Read the files that file `from` includes, in the order it names them. */
static void read_includes(loader *L, int from)
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
        report(L, line, NULL, "include needs a scenario file: a scenario read from a string "
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
        const char *a = list_item(&p, &len);
        L->cur = from;
        if (len == 0) {
            report(L, line, NULL, "empty path in the include list");
        } else {
            char *path = path_beside(L->s->files[from], a, len);
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

/* ===== Pass 4: keys that name other keys ===== */

/* Resolve "OPTION.KEY", whose option id is the first plen bytes of name;
 * NULL (reported) if unknown or not for the option. */
static const tco_keydef *resolve_option_key(loader *L, const char *name, size_t plen, int line,
                                            tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *kname = name + plen + 1;
    char id[TCO_MAX_ID + 8];
    snprintf(id, sizeof id, "%.*s", plen < TCO_MAX_ID + 1 ? (int)plen : TCO_MAX_ID + 1, name);
    int oi = tco_scenario_find(s, id);
    if (oi < 0) {
        const char *hint = closest_option(s, id);
        if (hint)
            report(L, line, NULL, "unknown option '%s' in '%s'; did you mean '%s'?", id, name,
                   hint);
        else
            report(L, line, NULL, "unknown option '%s' in '%s'", id, name);
        return NULL;
    }
    int key = find_key(okey, TCO_O_COUNT, NULL, kname);
    if (key < 0) {
        const char *cands[TCO_O_COUNT];
        for (int i = 0; i < TCO_O_COUNT; i++)
            cands[i] = okey(i)->name;
        const char *hint = closest(kname, cands, TCO_O_COUNT);
        if (hint)
            report(L, line, NULL, "unknown option key '%s' in '%s'; did you mean '%s'?", kname,
                   name, hint);
        else
            report(L, line, NULL, "unknown option key '%s' in '%s'", kname, name);
        return NULL;
    }
    const tco_option *o = &s->options[oi];
    const tco_keydef *k = okey(key);
    if (o->src[TCO_O_ACQUIRE] &&
        k->applies == (o->acquire == TCO_BUY ? TCO_APPLIES_RENT : TCO_APPLIES_BUY)) {
        wrong_acquire(L, line, o, k);
        return NULL;
    }
    *p = (tco_param){oi, key};
    return k;
}

/* Resolve "KEY", "SECTION.KEY" or "OPTION.KEY"; NULL (reported) if unknown. */
static const tco_keydef *resolve(loader *L, const char *name, int line, tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *dot = strchr(name, '.');
    if (!dot) {
        int k = find_key(skey, TCO_S_COUNT, NULL, name);
        if (k >= 0) {
            *p = (tco_param){-1, k};
            return skey(k);
        }
        if (find_key(okey, TCO_O_COUNT, NULL, name) >= 0)
            report(L, line, NULL, "'%s' is an option key: write OPTION.%s, e.g. %s.%s", name,
                   name, s->n_options ? s->options[0].id : "gpu-buy", name);
        else
            report(L, line, NULL, "unknown key '%s'", name);
        return NULL;
    }
    size_t plen = (size_t)(dot - name);
    const char *kname = dot + 1;
    for (int k = SEC_SCENARIO; k <= SEC_WORKLOAD; k++) {
        const char *sec = section_names[k - SEC_SCENARIO];
        if (strlen(sec) == plen && memcmp(name, sec, plen) == 0) {
            int key = find_key(skey, TCO_S_COUNT, sec, kname);
            if (key < 0) {
                report(L, line, NULL, "unknown key '%s' in [%s]", kname, sec);
                return NULL;
            }
            *p = (tco_param){-1, key};
            return skey(key);
        }
    }
    return resolve_option_key(L, name, plen, line, p);
}


/* Parse "x, y[, z]" (or "NAME(x, y[, z])" when fn is set) into up to 3 plain
 * numbers; returns how many, or -1. */
static int parse_numbers(const char *v, double out[3])
{
    int n = 0;
    const char *p = v;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        const char *start = p;
        while (*p && *p != ',' && *p != ')' && !isspace((unsigned char)*p))
            p++;
        char num[64];
        size_t len = (size_t)(p - start);
        if (len == 0 || len >= sizeof num || n == 3)
            return -1;
        memcpy(num, start, len);
        num[len] = '\0';
        if (!is_plain_number(num, 0))
            return -1;
        out[n++] = strtod(num, NULL);
        if (!isfinite(out[n - 1]))
            return -1;
        while (isspace((unsigned char)*p))
            p++;
        if (*p != ',')
            return *p == '\0' ? n : -1;
        p++;
    }
}

/* A parameter that analyses may vary: numbers only, and not a resale
 * fraction that the option derives from its decline. */
static int variable(loader *L, const tco_keydef *k, tco_param p, const char *name, int line)
{
    if (k->type != TCO_T_NUMBER) {
        report(L, line, NULL, "'%s' cannot vary: only numeric inputs can (not counts, "
                              "whole numbers, names or choices)", name);
        return 0;
    }
    if (p.option >= 0 && p.key == TCO_O_RESALE_FRACTION &&
        L->s->options[p.option].key_line[TCO_O_RESALE_DECLINE]) {
        report(L, line, NULL, "'%s' cannot vary: option '%s' derives it from resale_decline "
                              "(line %d)", name, L->s->options[p.option].id,
               L->s->options[p.option].key_line[TCO_O_RESALE_DECLINE]);
        return 0;
    }
    return 1;
}

/* 1 when x is within key k's range; else reported. */
static int in_range(loader *L, const tco_keydef *k, double x, const char *what, int line)
{
    if (x >= k->lo && x <= k->hi)
        return 1;
    report(L, line, NULL, "%s %g is outside the range of '%s' (%g to %g)", what, x, k->name,
           k->lo, k->hi);
    return 0;
}

/* One [sensitivity] line: swing, or the range of an input. */
static void read_sensitivity(loader *L, const entry *e)
{
    tco_scenario *s = L->s;
    if (strcmp(e->name, "swing") == 0) {
        static const tco_keydef swing = {"swing", "sensitivity", TCO_T_NUMBER, TCO_U_FRACTION,
                                         0, offsetof(tco_scenario, swing), 0.2, 0, 1, NULL, "",
                                         "Swing"};
        if (set_value(L, s, &swing, e->value, e->line) && s->swing == 0)
            report(L, e->line, NULL, "'swing' must be larger than 0");
        return;
    }
    tco_param p;
    const tco_keydef *k = resolve(L, e->name, e->line, &p);
    if (!k || !variable(L, k, p, e->name, e->line))
        return;
    double v[3];
    if (parse_numbers(e->value, v) != 2) {
        report(L, e->line, NULL, "'%s' needs a range: LOW, HIGH (got '%s')", e->name,
               e->value);
        return;
    }
    if (v[0] > v[1]) {
        report(L, e->line, NULL, "the low end %g is above the high end %g", v[0], v[1]);
        return;
    }
    if (!in_range(L, k, v[0], "low end", e->line) || !in_range(L, k, v[1], "high end", e->line))
        return;
    tco_range *r = grow(s->ranges, s->n_ranges, sizeof *r);
    char *name = strdup(e->name);
    if (!r || !name) {
        free(name);
        if (r)
            s->ranges = r;
        L->nomem = 1;
        return;
    }
    s->ranges = r;
    r[s->n_ranges++] = (tco_range){name, p, v[0], v[1], e->line};
}

/* [uncertainty] samples or seed: a whole number within its limits. */
static void read_mc_setting(loader *L, const entry *e)
{
    tco_scenario *s = L->s;
    int samples = e->name[1] == 'a';
    double hi = samples ? TCO_MAX_SAMPLES : 4294967295.0;
    if (!is_plain_number(e->value, 1)) {
        report(L, e->line, NULL, "'%s' must be a whole number (got %s)", e->name, e->value);
        return;
    }
    double x = strtod(e->value, NULL);
    if (x < samples || x > hi) {
        report(L, e->line, NULL, "'%s' must be between %d and %.0f (got %s)", e->name, samples,
               hi, e->value);
        return;
    }
    if (samples) {
        s->mc_samples = (long)x;
        L->samples_line = e->line;
    } else {
        s->mc_seed = (unsigned long)x;
    }
}

/* The distribution e gives key k: its kind in *d and its numbers in v.
 * Returns 0 when it is not one, or not a valid one for k (reported). */
static int read_distribution(loader *L, const entry *e, const tco_keydef *k, tco_dist *d,
                             double v[3])
{
    static const struct {
        const char *name;
        tco_dist dist;
        int args;
    } dists[] = {{"triangular", TCO_DIST_TRIANGULAR, 3},
                 {"uniform", TCO_DIST_UNIFORM, 2},
                 {"normal", TCO_DIST_NORMAL, 2}};
    const char *open = strchr(e->value, '(');
    size_t vlen = strlen(e->value);
    int which = -1;
    for (int i = 0; open && i < 3; i++)
        if ((size_t)(open - e->value) == strlen(dists[i].name) &&
            memcmp(e->value, dists[i].name, strlen(dists[i].name)) == 0)
            which = i;
    if (which < 0 || e->value[vlen - 1] != ')') {
        report(L, e->line, NULL, "'%s' is not a distribution: write triangular(LOW, MODE, "
                                 "HIGH), uniform(LOW, HIGH) or normal(MEAN, SD)", e->value);
        return 0;
    }
    char args[256];
    snprintf(args, sizeof args, "%.*s", (int)(vlen - (size_t)(open - e->value) - 2), open + 1);
    if (parse_numbers(args, v) != dists[which].args) {
        report(L, e->line, NULL, "%s takes %d plain numbers (got '%s')", dists[which].name,
               dists[which].args, args);
        return 0;
    }
    *d = dists[which].dist;
    if (*d == TCO_DIST_TRIANGULAR && !(v[0] <= v[1] && v[1] <= v[2] && v[0] < v[2])) {
        report(L, e->line, NULL, "triangular needs low <= mode <= high and low < high (got %g, "
                                 "%g, %g)", v[0], v[1], v[2]);
        return 0;
    }
    if (*d == TCO_DIST_UNIFORM && !(v[0] < v[1])) {
        report(L, e->line, NULL, "uniform needs low < high (got %g, %g)", v[0], v[1]);
        return 0;
    }
    if (*d == TCO_DIST_NORMAL && !(v[1] > 0)) {
        report(L, e->line, NULL, "normal needs a standard deviation above 0 (got %g)", v[1]);
        return 0;
    }
    if (*d == TCO_DIST_NORMAL ? !in_range(L, k, v[0], "the mean", e->line)
                              : !in_range(L, k, v[0], "low", e->line) ||
                                    !in_range(L, k, *d == TCO_DIST_UNIFORM ? v[1] : v[2], "high",
                                              e->line))
        return 0;
    return 1;
}

/* One [uncertainty] line: samples, seed, or a distribution of an input. */
static void read_uncertainty(loader *L, const entry *e)
{
    tco_scenario *s = L->s;
    if (strcmp(e->name, "samples") == 0 || strcmp(e->name, "seed") == 0) {
        read_mc_setting(L, e);
        return;
    }
    tco_param p;
    const tco_keydef *k = resolve(L, e->name, e->line, &p);
    if (!k || !variable(L, k, p, e->name, e->line))
        return;
    tco_dist d;
    double v[3] = {0, 0, 0};
    if (!read_distribution(L, e, k, &d, v))
        return;
    for (size_t i = 0; i < s->n_uncertain; i++) {
        const tco_param q = s->uncertain[i].param;
        if (q.option == p.option && q.key == p.key) {
            report(L, e->line, NULL, "'%s' is the same input as '%s' (line %d)", e->name,
                   s->uncertain[i].name, s->uncertain[i].line);
            return;
        }
    }
    tco_uncertain *u = grow(s->uncertain, s->n_uncertain, sizeof *u);
    char *name = strdup(e->name);
    if (!u || !name) {
        free(name);
        if (u)
            s->uncertain = u;
        L->nomem = 1;
        return;
    }
    s->uncertain = u;
    u[s->n_uncertain++] = (tco_uncertain){name, p, d, v[0], v[1], v[2], e->line};
}

/* Build every case: a copy of the base scenario with the case's keys set,
 * checked as a whole (errors point at the case's lines). */
static void build_cases(loader *L)
{
    tco_scenario *base = L->s;
    for (size_t ci = 0; ci < base->n_cases; ci++) {
        tco_case *c = &base->cases[ci];
        tco_scenario *copy = tci_scenario_clone(base);
        if (!copy) {
            L->nomem = 1;
            return;
        }
        c->scenario = copy;
        for (size_t i = 0; i < L->n_entries; i++) {
            const entry *e = &L->entries[i];
            const section *sec = &L->sections[e->section];
            if (sec->kind != SEC_CASE || sec->index != (int)ci)
                continue;
            L->cur = e->file;
            char **keys = grow(c->keys, c->n_overrides, sizeof *keys);
            if (keys)
                c->keys = keys;
            char **values = grow(c->values, c->n_overrides, sizeof *values);
            if (values)
                c->values = values;
            char *k = strdup(e->name), *v = strdup(e->value);
            if (!keys || !values || !k || !v) {
                free(k);
                free(v);
                L->nomem = 1;
                return;
            }
            c->keys[c->n_overrides] = k;
            c->values[c->n_overrides++] = v;
            tco_param p;
            const tco_keydef *kd = resolve(L, e->name, e->line, &p);
            if (!kd)
                continue;
            if (p.option < 0 && (p.key == TCO_S_CATALOG || p.key == TCO_S_TEMPLATE)) {
                report(L, e->line, NULL, "'%s' cannot change in a case", kd->name);
                continue;
            }
            void *target = p.option < 0 ? (void *)copy : (void *)&copy->options[p.option];
            if (!set_value(L, target, kd, e->value, e->line))
                continue;
            if (p.option < 0) {
                copy->src[p.key] = TCO_SRC_INI;
                copy->key_line[p.key] = e->line;
                copy->key_file[p.key] = base->files[e->file];
            } else {
                copy->options[p.option].src[p.key] = TCO_SRC_INI;
                copy->options[p.option].key_line[p.key] = e->line;
                copy->options[p.option].key_file[p.key] = base->files[e->file];
            }
        }
        L->s = copy;
        check_scenario(L);
        L->s = base;
    }
}

/* Pass 4: [sensitivity] and [uncertainty], then the cases (when with_cases). */
static void resolve_sections(loader *L, int with_cases)
{
    for (size_t i = 0; i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        enum section_kind kind = L->sections[e->section].kind;
        L->cur = e->file;
        if (kind == SEC_SENSITIVITY)
            read_sensitivity(L, e);
        else if (kind == SEC_UNCERTAINTY)
            read_uncertainty(L, e);
    }
    const tco_scenario *s = L->s;
    if (s->n_uncertain && (double)s->mc_samples * (double)s->n_options > TCO_MAX_MC_VALUES) {
        L->cur = 0;
        report(L, L->samples_line, L->samples_line ? NULL : "uncertainty",
               "%ld samples of %zu options are too many: samples x options may be at most "
               "%ld", s->mc_samples, s->n_options, TCO_MAX_MC_VALUES);
    }
    if (with_cases && L->s->n_cases)
        build_cases(L);
}

/* ===== Inheritance: base = OPTION ===== */

/* The section index of option i. */
static int option_section(const loader *L, int i)
{
    for (size_t k = 0; k < L->n_sections; k++)
        if (L->sections[k].kind == SEC_OPTION && L->sections[k].index == i)
            return (int)k;
    return -1;
}

/* Give option i every key of its base it does not set itself (not `label`,
 * which stays its own, nor `base`), after the base has inherited its own. The
 * copies keep the lines where the values are written. */
static void inherit(loader *L, int i, unsigned char *state)
{
    if (state[i] == 2)
        return;
    tco_option *o = &L->s->options[i];
    int line = at_file(L, o->key_file[TCO_O_BASE], o->key_line[TCO_O_BASE]);
    const char *want = NULL;
    for (size_t k = 0; k < L->n_entries; k++)
        if (L->entries[k].key == TCO_O_BASE && L->sections[L->entries[k].section].index == i &&
            L->sections[L->entries[k].section].kind == SEC_OPTION)
            want = L->entries[k].value;
    if (state[i] == 1) {
        report(L, line, NULL, "option '%s' inherits from itself: base = %s closes a cycle",
               o->id, want ? want : "");
        L->base_failed[i] = 1;
        state[i] = 2;
        return;
    }
    state[i] = 1;
    int b = want ? tco_scenario_find(L->s, want) : -1;
    if (want && b < 0) {
        const char *hint = closest_option(L->s, want);
        if (hint)
            report(L, line, NULL, "base '%s' is not an option; did you mean '%s'?", want, hint);
        else
            report(L, line, NULL, "base '%s' is not an option", want);
        L->base_failed[i] = 1;
    } else if (b >= 0) {
        inherit(L, b, state);
        if (L->base_failed[b])
            L->base_failed[i] = 1;
        if (state[i] == 2) /* a cycle through us was reported */
            return;
        int sec = option_section(L, i);
        size_t n = L->n_entries; /* the base's entries, including what it inherited */
        for (size_t k = 0; k < n && sec >= 0; k++) {
            entry e = L->entries[k];
            if (L->sections[e.section].kind != SEC_OPTION ||
                L->sections[e.section].index != b || e.key == TCO_O_LABEL ||
                e.key == TCO_O_BASE || o->key_line[e.key])
                continue;
            entry *grown = grow(L->entries, L->n_entries, sizeof *grown);
            char *copy = strdup(e.value);
            if (!grown || !copy) {
                free(copy);
                if (grown)
                    L->entries = grown;
                L->nomem = 1;
                return;
            }
            L->entries = grown;
            L->entries[L->n_entries++] = (entry){
                .file = e.file, .line = e.line, .section = sec, .key = e.key, .value = copy};
            o->key_line[e.key] = e.line;
            o->key_file[e.key] = L->s->files[e.file];
        }
    }
    state[i] = 2;
}

/* Give every option with a base the keys it inherits. */
static void inherit_bases(loader *L)
{
    size_t n = L->s->n_options;
    unsigned char *state = calloc(n ? n : 1, 1);
    L->base_failed = calloc(n ? n : 1, 1);
    if (!state || !L->base_failed) {
        free(state);
        L->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n && !L->nomem; i++)
        if (L->s->options[i].key_line[TCO_O_BASE])
            inherit(L, (int)i, state);
    free(state);
}

/* ===== Public API ===== */

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
    free(L->base_failed);
    free(L->opt_file);
    free(L->seen);
    free(L->case_file);
}

/* Start a loader for `file`, of `size` bytes: an empty scenario with every
 * default, its own file first among the scenario's files. */
static tco_status loader_start(loader *L, const char *file, size_t size, int allow_include)
{
    L->file = file;
    for (int k = 0; k < SEC_OPTION; k++)
        L->section_of_kind[k] = -1;
    L->s = calloc(1, sizeof *L->s);
    L->bad = calloc(1, 2 + size); /* lines <= bytes + 1 */
    if (!L->s || !L->bad)
        return TCO_ERR_NOMEM;
    L->s->file = strdup(file);
    struct stat self = {0};
    if (allow_include)
        stat(file, &self);
    L->allow_include = allow_include;
    if (!L->s->file || add_file(L, file, &self) != 0)
        return TCO_ERR_NOMEM;
    apply_defaults(L->s, skey, TCO_S_COUNT);
    L->s->swing = 0.2;
    L->s->mc_samples = 10000;
    L->s->mc_seed = 1;
    return TCO_OK;
}

/* Every pass over the scenario's text, its included files and its catalogs.
 * Problems of the input become messages; the status is TCO_ERR_NOMEM when
 * out of memory, else TCO_OK. */
static tco_status run_passes(loader *L, const char *text, size_t size,
                             const tco_load_options *opts, tco_diags *diags)
{
    if (nul_byte(L, text, size))
        return TCO_OK;
    const char *cr = memchr(text, '\r', size);
    if (cr && !memchr(text, '\n', size) && cr + 1 < text + size) {
        report(L, 1, NULL, "lines end with a carriage return (CR) alone: save the file with "
                           "LF or CR LF line ends");
        return TCO_OK;
    }
    read_text(L, text, size);
    if (L->nomem)
        return TCO_ERR_NOMEM;
    read_includes(L, 0);
    L->cur = 0;
    if (L->nomem)
        return TCO_ERR_NOMEM;
    inherit_bases(L);
    convert_entries(L);
    if (set_string(&L->s->currency, "USD") || set_string(&L->s->unit, "unit"))
        return TCO_ERR_NOMEM;
    tco_status st = read_catalogs(L, opts, diags);
    if (st != TCO_OK)
        return st;
    fill_from_catalog(L, opts);
    for (size_t i = 0; i < L->s->n_options; i++) {
        tco_option *o = &L->s->options[i];
        if (set_string(&o->label, o->id))
            return TCO_ERR_NOMEM;
    }
    check_scenario(L);
    resolve_sections(L, L->n_msgs == 0); /* cases are built on a valid base only */
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

/* Load a scenario from `size` bytes of text read from `file`. */
static tco_status load_buffer(const char *text, size_t size, const char *file,
                              const tco_load_options *opts, int opts_allow_include,
                              tco_scenario **out, tco_diags *diags)
{
    *out = NULL;
    loader L = {0};
    tco_status st = loader_start(&L, file, size, opts_allow_include);
    if (st == TCO_OK)
        st = run_passes(&L, text, size, opts, diags);
    if (st == TCO_OK)
        st = hand_over(&L, diags);
    if (st == TCO_ERR_NOMEM)
        tco_diags_add(diags, TCO_SEV_ERROR, file, 0, NULL, "out of memory");
    if (st == TCO_OK)
        *out = L.s;
    else
        tco_scenario_free(L.s);
    loader_free(&L);
    return st;
}

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
    if (!name)
        name = "<string>";
    size_t size = strlen(text);
    if (size > TCO_MAX_FILE) {
        tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL,
                      "the scenario is %zu bytes; the limit is %d", size, TCO_MAX_FILE);
        return TCO_ERR_LIMIT;
    }
    return load_buffer(text, size, name, opts, 0, out, diags);
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
    char *buf;
    size_t n;
    tco_status st = tci_read_file(path, &buf, &n, diags);
    if (st == TCO_OK)
        st = load_buffer(buf, n, path, opts, 1, out, diags);
    free(buf);
    return st;
}
