/* import_ini.c - the scenario file with imported values in place: only the
 * value text of a changed key's line is replaced (its comment, spacing and
 * line ending kept), the line read as the loader reads it (tci_ini_lex_pair);
 * a key that was not written gets a line after the last line of its section,
 * or its section at the end of the file. */
#include "core/core.h"
#include "load/ini.h"
#include "util/readfile.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct line {
    const char *p;
    size_t len;     /* without the line ending */
    size_t end_len; /* the line ending's bytes */
} line;

/* The text between '[' and ']' of a header line, spaces collapsed, into buf;
 * 0 when the line is not a header. */
static int header_of(const line *l, char *buf, size_t size)
{
    const char *p = l->p, *e = l->p + l->len;
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= e || *p != '[')
        return 0;
    const char *close = memchr(p, ']', (size_t)(e - p));
    if (!close)
        return 0;
    size_t n = 0;
    int space = 0;
    for (const char *q = p + 1; q < close && n + 2 < size; q++) {
        if (*q == ' ' || *q == '\t') {
            space = n > 0;
            continue;
        }
        if (space)
            buf[n++] = ' ';
        space = 0;
        buf[n++] = *q;
    }
    buf[n] = '\0';
    return 1;
}

static int is_content(const line *l)
{
    const char *p = l->p, *e = l->p + l->len;
    while (p < e && isspace((unsigned char)*p))
        p++;
    return p < e && *p != ';' && *p != '#';
}

/* The value of `name = value ; comment` in l, as the loader reads it: its
 * start and length, quotes included. */
static int value_span(const line *l, size_t *start, size_t *len)
{
    tci_ini_pair pair;
    if (!tci_ini_lex_pair(l->p, l->len, &pair))
        return -1;
    *start = pair.value;
    *len = pair.value_len;
    return 0;
}

typedef struct buf {
    char *p;
    size_t n, cap;
    int nomem;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->nomem)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->nomem = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static void puts_b(buf *b, const char *s)
{
    put(b, s, strlen(s));
}

/* Change c's new value as the scenario writes it: a number's shortest text,
 * a text plain, or in double quotes when the loader would otherwise trim it
 * or read a comment in it. */
static void put_value(buf *b, const tco_import_change *c)
{
    char num[40];
    const char *t = c->new_text;
    if (!t) {
        puts_b(b, tco_format_double(num, sizeof num, c->new_value));
        return;
    }
    int quote = tci_ini_needs_quotes(t);
    if (quote)
        puts_b(b, "\"");
    puts_b(b, t);
    if (quote)
        puts_b(b, "\"");
}

/* Each added key's line (change c goes after line index after[c], -1 at the
 * end, -2 when it is not added): its line in the rewritten file, below the
 * keys added before it, and under a header of its own, after a blank line,
 * when its section is not in the file. */
static void place_added(tco_import *im, const int *after, size_t n_lines)
{
    int shift = 0;
    for (size_t i = 0; i < n_lines; i++)
        for (size_t c = 0; c < im->n; c++)
            if (after[c] == (int)i)
                im->changes[c].line = (int)i + 1 + ++shift;
    int cur = (int)n_lines + shift;
    const char *last_section = NULL;
    for (size_t c = 0; c < im->n; c++)
        if (after[c] == -1) {
            if (!last_section || strcmp(last_section, im->changes[c].section) != 0)
                cur += 2;
            last_section = im->changes[c].section;
            im->changes[c].line = ++cur;
        }
}

/* The lines of the n bytes at src (malloc'd, *count of them), or NULL when
 * out of memory. */
static line *split_lines(const char *src, size_t n, size_t *count)
{
    size_t n_lines = 0, cap = 64;
    line *lines = malloc(cap * sizeof *lines);
    for (size_t i = 0; lines && i < n;) {
        if (n_lines == cap) {
            line *nl = realloc(lines, cap * 2 * sizeof *nl);
            if (!nl) {
                free(lines);
                return NULL;
            }
            lines = nl;
            cap *= 2;
        }
        const char *nlp = memchr(src + i, '\n', n - i);
        size_t e = nlp ? (size_t)(nlp - src) : n, len = e - i, end = nlp ? 1 : 0;
        if (len > 0 && src[e - 1] == '\r') {
            len--;
            end++;
        }
        lines[n_lines++] = (line){src + i, len, end};
        i = e + (nlp ? 1 : 0);
    }
    *count = n_lines;
    return lines;
}

/* The line (1-based) of `name = ...` in [section] of the lines, or 0. */
static int key_line(const line *lines, size_t n_lines, const char *section, const char *name)
{
    char h[512];
    int in = 0;
    size_t nl = strlen(name);
    for (size_t i = 0; i < n_lines; i++) {
        const line *l = &lines[i];
        if (header_of(l, h, sizeof h)) {
            in = strcmp(h, section) == 0;
            continue;
        }
        tci_ini_pair pair;
        if (in && tci_ini_lex_pair(l->p, l->len, &pair) && pair.key_len == nl &&
            memcmp(l->p + pair.key, name, nl) == 0)
            return (int)i + 1;
    }
    return 0;
}

/* The lines of the changes a section's key gives without a line (a plan's,
 * the demand's: file set, line 0), where their files write them; those
 * files read as needed. */
static tco_status find_lines(tco_import *im, const char *main_file, const line *lines,
                             size_t n_lines, tco_diags *diags)
{
    for (size_t c = 0; c < im->n; c++) {
        tco_import_change *ch = &im->changes[c];
        if (ch->line > 0 || !ch->file)
            continue;
        if (strcmp(ch->file, main_file) == 0) {
            ch->line = key_line(lines, n_lines, ch->section, ch->name);
            continue;
        }
        char *src;
        size_t n, k = 0;
        tco_file_id id;
        tco_status st = tci_read_file(ch->file, &src, &n, &id, diags);
        if (st != TCO_OK)
            return st;
        line *other = split_lines(src, n, &k);
        if (other)
            ch->line = key_line(other, k, ch->section, ch->name);
        free(other);
        free(src);
        if (!other) {
            tco_diags_add(diags, TCO_SEV_ERROR, ch->file, 0, NULL, "out of memory");
            return TCO_ERR_NOMEM;
        }
    }
    return TCO_OK;
}

/* See tco.h. */
tco_status tco_import_apply(tco_import *im, const tco_scenario *s, char **text, size_t *size,
                            tco_diags *diags)
{
    if (text)
        *text = NULL;
    const char *main_file = s->files && s->n_files ? s->files[0] : s->file;
    char *src;
    size_t n;
    tco_file_id id;
    tco_status st = tci_read_file(main_file, &src, &n, &id, diags);
    if (st != TCO_OK)
        return st;
    size_t n_lines = 0;
    line *lines = split_lines(src, n, &n_lines);
    int *after = NULL; /* per change: the line index it goes after, -1 at the end */
    if (!lines || !(after = calloc(im->n + 1, sizeof *after))) {
        free(lines);
        free(src);
        tco_diags_add(diags, TCO_SEV_ERROR, main_file, 0, NULL, "out of memory");
        return TCO_ERR_NOMEM;
    }
    st = find_lines(im, main_file, lines, n_lines, diags);
    /* One value a key: two rows of Inputs for one key would write both. */
    for (size_t c = 0; c < im->n && st != TCO_ERR_NOMEM; c++)
        for (size_t k = 0; k < c; k++)
            if (strcmp(im->changes[k].key, im->changes[c].key) == 0) {
                char where[1200];
                snprintf(where, sizeof where, "%s!%s", im->place ? im->place : "Inputs",
                         im->changes[c].cell);
                tco_diags_add(diags, TCO_SEV_ERROR, where, 0, NULL,
                              "%s is also the key of %s: one row a key", im->changes[c].key,
                              im->changes[k].cell);
                st = TCO_ERR_INPUT;
                break;
            }
    /* Where each key not written goes: after its section's last line. */
    for (size_t c = 0; c < im->n && st != TCO_ERR_NOMEM; c++) {
        tco_import_change *ch = &im->changes[c];
        after[c] = -2;
        if (ch->line > 0) {
            if (!ch->file)
                ch->file = main_file;
            if (text && strcmp(ch->file, main_file) != 0) {
                tco_diags_add(diags, TCO_SEV_ERROR, ch->file, ch->line, NULL,
                              "%s is set in an included file, which `tco import -o` does not "
                              "rewrite: change it there",
                              ch->key);
                st = TCO_ERR_INPUT;
            }
            continue;
        }
        char h[512];
        int in = 0, last = -1;
        for (size_t i = 0; i < n_lines; i++) {
            if (header_of(&lines[i], h, sizeof h)) {
                in = strcmp(h, ch->section) == 0;
                if (in)
                    last = (int)i;
            } else if (in && is_content(&lines[i])) {
                last = (int)i;
            }
        }
        if (last < 0 &&
            (strncmp(ch->section, "option ", 7) == 0 || strncmp(ch->section, "site ", 5) == 0 ||
             strncmp(ch->section, "plan ", 5) == 0 || strcmp(ch->section, "demand") == 0)) {
            if (text) {
                tco_diags_add(diags, TCO_SEV_ERROR, main_file, 0, NULL,
                              "[%s] is not in this file (an included file has it), so %s cannot "
                              "be added: add it there",
                              ch->section, ch->key);
                st = TCO_ERR_INPUT;
            }
        }
        after[c] = last;
        ch->file = main_file;
        ch->added = 1;
    }
    place_added(im, after, n_lines);
    /* Each change's line in the new text: an added key's is placed; a
     * changed one moves down by the keys added above it. */
    for (size_t c = 0; c < im->n; c++) {
        tco_import_change *ch = &im->changes[c];
        ch->text_line = ch->line;
        for (size_t k = 0; !ch->added && k < im->n; k++)
            ch->text_line += im->changes[k].added && after[k] >= 0 && after[k] <= ch->line - 2;
    }
    if (st == TCO_OK && text) {
        buf b = {0};
        for (size_t i = 0; i < n_lines; i++) {
            const line *l = &lines[i];
            size_t vs = 0, vl = 0;
            const tco_import_change *hit = NULL;
            for (size_t c = 0; c < im->n; c++)
                if (!im->changes[c].added && im->changes[c].line == (int)i + 1 &&
                    strcmp(im->changes[c].file, main_file) == 0)
                    hit = &im->changes[c];
            if (hit && value_span(l, &vs, &vl) == 0) {
                put(&b, l->p, vs);
                put_value(&b, hit);
                put(&b, l->p + vs + vl, l->len - vs - vl + l->end_len);
            } else {
                put(&b, l->p, l->len + l->end_len);
            }
            for (size_t c = 0; c < im->n; c++)
                if (im->changes[c].added && after[c] == (int)i) {
                    if (l->end_len == 0)
                        puts_b(&b, "\n");
                    puts_b(&b, im->changes[c].name);
                    puts_b(&b, " = ");
                    put_value(&b, &im->changes[c]);
                    puts_b(&b, "\n");
                }
        }
        const char *last_section = NULL;
        for (size_t c = 0; c < im->n; c++)
            if (im->changes[c].added && after[c] == -1) {
                if (b.n && b.p[b.n - 1] != '\n')
                    puts_b(&b, "\n");
                if (!last_section || strcmp(last_section, im->changes[c].section) != 0) {
                    puts_b(&b, "\n[");
                    puts_b(&b, im->changes[c].section);
                    puts_b(&b, "]\n");
                }
                last_section = im->changes[c].section;
                puts_b(&b, im->changes[c].name);
                puts_b(&b, " = ");
                put_value(&b, &im->changes[c]);
                puts_b(&b, "\n");
            }
        if (b.nomem || !b.p) {
            free(b.p);
            if (b.nomem) {
                tco_diags_add(diags, TCO_SEV_ERROR, main_file, 0, NULL, "out of memory");
                st = TCO_ERR_NOMEM;
            } else {
                b.p = calloc(1, 1);
            }
        }
        if (st == TCO_OK) {
            *text = b.p;
            *size = b.n;
        }
    }
    free(after);
    free(lines);
    free(src);
    return st;
}

/* The message m of a load of the new text, where it is: at a changed key's
 * cell when it is at that key's line of the main file; else at its line of the
 * new text. */
static void verify_message(const tco_import *im, const char *main_file, const tco_diag *m,
                           tco_diags *diags)
{
    for (size_t c = 0; m->line > 0 && c < im->n; c++) {
        const tco_import_change *ch = &im->changes[c];
        if (ch->text_line == m->line && strcmp(m->file, main_file) == 0) {
            char where[1200];
            snprintf(where, sizeof where, "%s!%s", im->place ? im->place : "Inputs", ch->cell);
            tco_diags_add(diags, m->severity, where, 0, NULL, "%s: %s", ch->key, m->message);
            return;
        }
    }
    if (strcmp(m->file, main_file) == 0 && m->line > 0)
        tco_diags_add(diags, m->severity, im->place ? im->place : main_file, 0, NULL,
                      "with the workbook's values, line %d of %s would be refused: %s", m->line,
                      main_file, m->message);
    else
        tco_diags_add(diags, m->severity, im->place ? im->place : main_file, 0, NULL,
                      "with the workbook's values, the scenario would be refused: %s: %s", m->file,
                      m->message);
}

/* See tco.h. */
tco_status tco_import_verify(const tco_import *im, const tco_scenario *s, const char *text,
                             size_t size, const tco_load_options *opts, tco_diags *diags)
{
    const char *main_file = s->files && s->n_files ? s->files[0] : s->file;
    tco_diags *got = tco_diags_new();
    if (!got)
        return TCO_ERR_NOMEM;
    tco_scenario *again = NULL;
    tco_status st = tci_scenario_load_as(text, size, main_file, opts, &again, got);
    tco_scenario_free(again);
    if (st != TCO_OK)
        for (size_t i = 0; i < tco_diags_count(got); i++) {
            const tco_diag *m = tco_diags_get(got, i);
            if (m->severity == TCO_SEV_ERROR)
                verify_message(im, main_file, m, diags);
        }
    tco_diags_free(got);
    return st == TCO_OK ? TCO_OK : st == TCO_ERR_NOMEM ? TCO_ERR_NOMEM : TCO_ERR_INPUT;
}
