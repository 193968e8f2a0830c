/* ini_scan.c - pass 1 of the INI loader: a line scan that checks UTF-8,
 * line length and line syntax, and records every section header with its
 * line, before inih reads the pairs. */
#include "load/ini.h"
#include "util/utf8.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== Pass 1: the line scan ===== */

/* See ini.h. */
const char *const tci_ini_section_names[] = {"scenario",    "site",        "workload",
                                             "sensitivity", "uncertainty", "tax",
                                             "fx",          "demand",      "optimize"};

/* Record a section header of the current file. */
static void add_section(loader *L, enum section_kind kind, int line, int valid, int index)
{
    section *s = tci_ini_grow(L->sections, L->n_sections, sizeof *s);
    if (!s) {
        L->nomem = 1;
        return;
    }
    L->sections = s;
    s[L->n_sections++] = (section){L->cur, kind, line, index, valid};
}

/* Record in *file_of that option or case n begins in the current file.
 * 0 when out of memory. */
static int note_file(loader *L, int **file_of, size_t n)
{
    int *f = tci_ini_grow(*file_of, n, sizeof *f);
    if (!f)
        return 0;
    *file_of = f;
    f[n] = L->cur;
    return 1;
}

/* A new option `id` with every default, begun at `line` of the current
 * file. 0 when out of memory. */
static int begin_option(loader *L, const char *id, size_t len, int line)
{
    tco_scenario *sc = L->s;
    tco_option *p = tci_ini_grow(sc->options, sc->n_options, sizeof *p);
    if (!p)
        return 0;
    sc->options = p;
    if (!note_file(L, &L->opt_file, sc->n_options))
        return 0;
    tco_option *o = &sc->options[sc->n_options];
    memset(o, 0, sizeof *o);
    tci_ini_apply_defaults(o, tci_ini_okey, TCO_O_COUNT);
    o->id = strndup(id, len);
    if (!o->id)
        return 0;
    o->line = line;
    sc->n_options++;
    return 1;
}

/* A new case `name`, begun at `line` of the current file. 0 when out of
 * memory. */
static int begin_case(loader *L, const char *name, size_t len, int line)
{
    tco_scenario *sc = L->s;
    tco_case *p = tci_ini_grow(sc->cases, sc->n_cases, sizeof *p);
    if (!p)
        return 0;
    sc->cases = p;
    if (!note_file(L, &L->case_file, sc->n_cases))
        return 0;
    tco_case *c = &sc->cases[sc->n_cases];
    memset(c, 0, sizeof *c);
    c->name = strndup(name, len);
    if (!c->name)
        return 0;
    c->line = line;
    sc->n_cases++;
    return 1;
}

/* An [option ID] or [case NAME] header (kind SEC_OPTION or SEC_CASE): a new
 * option or case, or another header of one that an other file began. */
static void add_named(loader *L, enum section_kind kind, const char *name, size_t len, int line)
{
    tco_scenario *sc = L->s;
    int option = kind == SEC_OPTION;
    size_t n = option ? sc->n_options : sc->n_cases;
    for (size_t i = 0; i < n; i++) {
        const char *have = option ? sc->options[i].id : sc->cases[i].name;
        if (strlen(have) != len || memcmp(have, name, len) != 0)
            continue;
        if ((option ? L->opt_file : L->case_file)[i] != L->cur) { /* one begun elsewhere */
            add_section(L, kind, line, 1, (int)i);
            return;
        }
        tci_ini_report(L, line, NULL, "duplicate %s '%.*s' (first at line %d)",
                       option ? "option id" : "case", (int)len, name,
                       option ? sc->options[i].line : sc->cases[i].line);
        add_section(L, kind, line, 0, -1);
        return;
    }
    int max = option ? TCO_MAX_OPTIONS : TCO_MAX_CASES;
    if (n >= (size_t)max) {
        tci_ini_report(L, line, NULL, "too many %s: the limit is %d", option ? "options" : "cases",
                       max);
        add_section(L, kind, line, 0, -1);
        return;
    }
    if (!(option ? begin_option(L, name, len, line) : begin_case(L, name, len, line))) {
        L->nomem = 1;
        return;
    }
    add_section(L, kind, line, 1, (int)n);
}

/* "option ID" or "case NAME": check the id and add the section. */
static void scan_named(loader *L, enum section_kind kind, const char *id, size_t idlen, int line)
{
    const char *what = kind == SEC_OPTION ? "option id" : "case name";
    if (kind == SEC_OPTION)
        L->option_headers++;
    if (idlen == 0) {
        tci_ini_report(L, line, NULL, "%s",
                       kind == SEC_OPTION ? "an option section needs an id: [option ID]"
                                          : "a case section needs a name: [case NAME]");
        add_section(L, kind, line, 0, -1);
        return;
    }
    if (!tci_ini_name_ok(L, what, id, idlen, line)) {
        add_section(L, kind, line, 0, -1);
        return;
    }
    add_named(L, kind, id, idlen, line);
}

/* Does [a, b) start with the word `w` followed by space or the end? */
static const char *after_word(const char *a, const char *b, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(b - a) < n || memcmp(a, w, n) != 0 || (a + n < b && !isspace((unsigned char)a[n])))
        return NULL;
    a += n;
    while (a < b && isspace((unsigned char)*a))
        a++;
    return a;
}

/* Report the section name [a, a + len) as unknown, with the best hint. */
static void unknown_section(loader *L, const char *a, size_t len, int line)
{
    char name[64]; /* the scan has checked the line's UTF-8: cut on a character */
    snprintf(name, sizeof name, "%.*s", (int)tci_utf8_cut(a, len < 60 ? len : 60), a);
    static const char *const all[] = {
        "scenario", "site", "workload", "sensitivity", "uncertainty", "tax",     "fx",
        "option",   "case", "demand",   "plan",        "optimize",    "discount"};
    const char *hint = tci_ini_closest(L, name, all, sizeof all / sizeof all[0]);
    if (!hint && strchr(name, ' ')) /* "options x", "cases bear": judge the first word */
        hint = (strncmp(name, "option", 6) == 0) ? "option"
               : (strncmp(name, "case", 4) == 0) ? "case"
                                                 : NULL;
    if (hint && strcmp(hint, "plan") == 0)
        tci_ini_report(L, line, NULL, "unknown section [%s]; did you mean [plan NAME]?", name);
    else if (hint && strcmp(hint, "discount") == 0)
        tci_ini_report(L, line, NULL, "unknown section [%s]; did you mean [discount NAME]?", name);
    else if (hint && strcmp(hint, "option") == 0)
        tci_ini_report(L, line, NULL, "unknown section [%s]; did you mean [option ID]?", name);
    else if (hint && strcmp(hint, "case") == 0)
        tci_ini_report(L, line, NULL, "unknown section [%s]; did you mean [case NAME]?", name);
    else if (hint)
        tci_ini_report(L, line, NULL, "unknown section [%s]; did you mean [%s]?", name, hint);
    else
        tci_ini_report(
            L, line, NULL,
            "unknown section [%s]; expected [scenario], [site], [workload], [option ID], "
            "[case NAME], [sensitivity], [uncertainty], [tax], [fx], [demand], [plan NAME], "
            "[optimize] or [discount NAME]",
            name);
    add_section(L, SEC_UNKNOWN, line, 0, -1);
}

/* A [header] line: text between the brackets, trimmed. */
static void scan_section(loader *L, const char *p, const char *end, int line)
{
    const char *close = memchr(p, ']', (size_t)(end - p));
    if (!close) {
        tci_ini_report(L, line, NULL, "missing ']' at the end of the section header");
        L->bad[line] = 1;
        add_section(L, SEC_UNKNOWN, line, 0, -1);
        return;
    }
    const char *rest = close + 1;
    while (rest < end && isspace((unsigned char)*rest))
        rest++;
    if (rest < end && *rest != ';' && *rest != '#') {
        tci_ini_report(L, line, NULL, "unexpected text after the section header: '%.*s'",
                       (int)(end - rest), rest);
        L->bad[line] = 1;
    }
    const char *a = p + 1, *b = close;
    tci_ini_trim(&a, &b);
    size_t len = (size_t)(b - a);
    if (len == 0) {
        tci_ini_report(L, line, NULL, "empty section name");
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
    if ((id = after_word(a, b, "site")) && id < b) { /* [site NAME] */
        int si = tci_ini_begin_site(L, id, (size_t)(b - id), line);
        add_section(L, SEC_SITE_AT, line, si >= 0, si);
        return;
    }
    if ((id = after_word(a, b, "plan")) && id < b) { /* [plan NAME] */
        int pi = tci_ini_begin_plan(L, id, (size_t)(b - id), line);
        add_section(L, SEC_PLAN, line, pi >= 0, pi);
        return;
    }
    if ((id = after_word(a, b, "discount")) && id < b) { /* [discount NAME] */
        int di = tci_ini_begin_discount(L, id, (size_t)(b - id), line);
        add_section(L, SEC_DISCOUNT, line, di >= 0, di);
        return;
    }
    for (int k = SEC_SCENARIO; k <= SEC_OPTIMIZE; k++) {
        const char *want = tci_ini_section_names[k - SEC_SCENARIO];
        if (strlen(want) == len && memcmp(a, want, len) == 0) {
            int first = L->section_of_kind[k];
            if (first >= 0) {
                tci_ini_report(L, line, NULL, "duplicate section [%s] (first at line %d)", want,
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

/* See ini.h. */
int tci_ini_lex_pair(const char *p, size_t len, tci_ini_pair *pair)
{
    const char *a = p, *b = p + len;
    while (a < b && isspace((unsigned char)*a))
        a++;
    if (a == b || *a == ';' || *a == '#' || *a == '[')
        return 0;
    const char *eq = a;
    while (eq < b && *eq != '=' && *eq != ':')
        eq++;
    if (eq == b)
        return 0;
    const char *ke = eq;
    while (ke > a && isspace((unsigned char)ke[-1]))
        ke--;
    const char *v = eq + 1, *e = NULL;
    while (v < b && isspace((unsigned char)*v))
        v++;
    pair->quoted = 0;
    if (v < b && *v == '"') {
        pair->quoted = -1;
        for (const char *q = memchr(v + 1, '"', (size_t)(b - v - 1)); q && !e;
             q = memchr(q + 1, '"', (size_t)(b - q - 1))) {
            const char *r = q + 1;
            while (r < b && isspace((unsigned char)*r))
                r++;
            if (r == b || (*r == ';' && r > q + 1)) {
                e = q + 1;
                pair->quoted = 1;
            }
        }
    }
    if (!e) { /* to a ';' after a space or tab, the spaces before it trimmed */
        int was_space = 0;
        for (e = v; e < b && !(was_space && *e == ';'); e++)
            was_space = isspace((unsigned char)*e);
        while (e > v && isspace((unsigned char)e[-1]))
            e--;
    }
    *pair = (tci_ini_pair){(size_t)(a - p), (size_t)(ke - a), (size_t)(v - p), (size_t)(e - v),
                           pair->quoted};
    return 1;
}

/* See ini.h. */
int tci_ini_needs_quotes(const char *t)
{
    size_t n = strlen(t);
    if (n && (isspace((unsigned char)t[0]) || isspace((unsigned char)t[n - 1]) || t[0] == '"'))
        return 1;
    for (size_t i = 1; i < n; i++)
        if (t[i] == ';' && isspace((unsigned char)t[i - 1]))
            return 1;
    return 0;
}

/* A value of line [a, b) in double quotes is recorded for on_pair (a " ;"
 * inside the quotes is part of the value, which inih would cut); a value that
 * starts with a quote without a closing one is reported. */
static void scan_quoted(loader *L, const char *a, const char *b, int line)
{
    tci_ini_pair pair;
    if (!tci_ini_lex_pair(a, (size_t)(b - a), &pair) || pair.quoted == 0)
        return;
    if (pair.quoted < 0) {
        tci_ini_report(L, line, NULL,
                       "the value starts with '\"' but does not end with one: close the quotes "
                       "(a ';' comment may follow the closing '\"')");
        L->bad[line] = 1;
        return;
    }
    quoted *grown = tci_ini_grow(L->quoted, L->n_quoted, sizeof *grown);
    if (!grown) {
        L->nomem = 1;
        return;
    }
    L->quoted = grown;
    grown[L->n_quoted++] = (quoted){line, a + pair.value, pair.value_len};
}

/* See ini.h. */
int tci_ini_nul_byte(loader *L, const char *text, size_t size)
{
    const char *nul = memchr(text, '\0', size);
    if (!nul)
        return 0;
    int line = 1;
    for (const char *p = text; p < nul; p++)
        line += *p == '\n';
    tci_ini_report(L, line, NULL, "the file contains a NUL byte: is it a text file?");
    return 1;
}

/* See ini.h. */
void tci_ini_scan_lines(loader *L, const char *text, size_t size)
{
    const char *p = text + tci_utf8_bom(text, size), *end = text + size;
    int line = 0;
    L->n_quoted = 0; /* those of the file read before are used up */
    while (p < end) {
        line++;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        size_t len = (size_t)(eol - p);
        if (len && eol[-1] == '\r')
            len--;
        if (len > TCO_MAX_LINE) {
            tci_ini_report(L, line, NULL, "line is %zu bytes long; the limit is %d", len,
                           TCO_MAX_LINE);
            L->bad[line] = 1;
            bad_header(L, p, len, line);
            p = nl ? nl + 1 : end;
            continue;
        }
        for (size_t i = 0; i < len;) {
            size_t n = tci_utf8_decode(p + i, len - i, NULL);
            if (n == 0) {
                tci_ini_report(L, line, NULL, "invalid UTF-8 (byte 0x%02X at column %zu)",
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
                    tci_ini_report(L, line, NULL,
                                   "expected 'key = value', a [section] header or a comment");
                    L->bad[line] = 1;
                } else if (klen == 0) {
                    tci_ini_report(L, line, NULL, "missing key name before '%c'", *a);
                    L->bad[line] = 1;
                } else if (L->n_sections == L->sec_begin) {
                    tci_ini_report(L, line, NULL, "key outside any section; start with [scenario]");
                    L->bad[line] = 1;
                } else {
                    scan_quoted(L, a, b, line);
                }
            }
        }
        p = nl ? nl + 1 : end;
    }
    L->n_lines = line;
}
