/* template.c - load workbook templates (XML) securely, validate them against
 * the built-in schema (templates/template.xsd) and keep what the workbook
 * writer asks for: labels by key, styles, and the order of sheets and charts.
 *
 * A load runs in two steps over one buffer of at most TCO_MAX_FILE bytes:
 *   1. xmlsafe.c scans, parses and validates it securely: no network, no DTD
 *      (a DOCTYPE is refused), no entities, at most TEMPLATE_MAX_DEPTH levels
 *      and TEMPLATE_MAX_ATTRIBUTES attributes in a tag, the schema compiled into
 *      the library; every libxml2 message becomes a FILE:LINE diagnostic.
 *   2. The document is read, checking what XSD 1.0 cannot say: the sheets
 *      include inputs and checks, no label is blank, every text is UTF-8.
 *      A label keeps its spaces (one may begin or end with a space, to be
 *      joined to other text); a line break in it, with the white space around
 *      it, becomes one space, so that a long label may be wrapped in the file.
 * Only a template that passed both is returned. The template object and its
 * accessors are core/template.c. */
#include "util/readfile.h"
#include "util/utf8.h"
#include "load/xmlsafe.h"
#include "core/template.h"

#include <libxml/tree.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* templates/template.xsd, NUL-terminated; generated at build time by cmake/embed.cmake. */
extern const unsigned char embedded_template_xsd[];
extern const size_t embedded_template_xsd_len;

/* Deepest element nesting accepted. The schema needs 4 (template, styles,
 * accents, color). */
#define TEMPLATE_MAX_DEPTH 16

/* Most attributes accepted in one tag; the format needs 3 (<currency>). See
 * catalog.c for why a tag's attributes are bounded at all. The scan counts
 * `="` in text too, so a label may hold a few such pairs. */
#define TEMPLATE_MAX_ATTRIBUTES 16

#define SCHEMA_NAME "template.xsd (built in)"

/* ===== Reading ===== */

/* The index of s in names[0..n), or -1 (also for NULL). */
static int kind_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* An RGB colour the schema has accepted ("#1F3864" or "1F3864"), in the
 * attribute `attr` of el or (attr NULL) its text; -1 when absent. */
static long colour_of(tci_xml *x, xmlNodePtr el, const char *attr)
{
    char *s = tci_xml_text(x, el, attr);
    if (!s)
        return -1;
    long v = strtol(s[0] == '#' ? s + 1 : s, NULL, 16);
    free(s);
    return v;
}

/* A zeroed array for the children of `list` named `child`, items of `size`
 * bytes: NULL when there is none, or when out of memory (x->nomem). */
static void *alloc_children(tci_xml *x, xmlNodePtr list, const char *child, size_t size)
{
    size_t count = 0;
    for (xmlNodePtr c = list->children; c; c = c->next)
        count += tci_xml_named(c, child);
    if (!count)
        return NULL;
    void *items = calloc(count, size);
    if (!items)
        x->nomem = 1;
    return items;
}

/* The <styles> element into st; colours and sizes it leaves out stay built in. */
static void read_styles(tci_xml *x, xmlNodePtr styles, tci_tpl_style *st)
{
    for (xmlNodePtr n = styles->children; n && !x->nomem; n = n->next) {
        if (tci_xml_named(n, "font")) {
            st->font_name = tci_xml_text(x, n, "name");
            char *size = tci_xml_text(x, n, "size");
            if (size)
                st->font_size = strtod(size, NULL);
            free(size);
        } else if (tci_xml_named(n, "input")) {
            st->input_fill = colour_of(x, n, "fill");
            st->input_color = colour_of(x, n, "color");
        } else if (tci_xml_named(n, "header")) {
            st->header_fill = colour_of(x, n, "fill");
            st->header_color = colour_of(x, n, "color");
        } else if (tci_xml_named(n, "title")) {
            st->title_color = colour_of(x, n, "color");
        } else if (tci_xml_named(n, "accents")) {
            for (xmlNodePtr c = n->children; c; c = c->next) {
                if (!tci_xml_named(c, "color") || st->n_accents >= TCI_TPL_MAX_ACCENTS)
                    continue;
                long v = colour_of(x, c, NULL);
                if (v >= 0)
                    st->accents[st->n_accents++] = v;
            }
        } else if (tci_xml_named(n, "number-formats")) {
            char *neg = tci_xml_text(x, n, "negatives");
            st->negatives_minus = neg && strcmp(neg, "minus") == 0;
            free(neg);
            st->currencies = alloc_children(x, n, "currency", sizeof *st->currencies);
            for (xmlNodePtr c = n->children; c && !x->nomem; c = c->next) {
                if (!tci_xml_named(c, "currency"))
                    continue;
                tci_tpl_currency *cur = &st->currencies[st->n_currencies++];
                cur->code = tci_xml_text(x, c, "code");
                cur->symbol = tci_xml_text_as(x, c, "symbol", strdup); /* as written */
                char *pos = tci_xml_text(x, c, "position");
                cur->after = pos && strcmp(pos, "after") == 0;
                free(pos);
                if (cur->symbol && !tci_utf8_valid(cur->symbol))
                    tci_xml_report(x, tci_xml_line(c), "the currency symbol is not valid UTF-8");
            }
        }
    }
    if (st->font_name && !tci_utf8_valid(st->font_name))
        tci_xml_report(x, tci_xml_line(styles), "the font name is not valid UTF-8");
}

/* The kinds of a <sheets> or <charts> list, in order. */
static size_t read_kinds(tci_xml *x, xmlNodePtr list, const char *child, const char *const *names,
                         int n_names, int *out)
{
    size_t n = 0;
    for (xmlNodePtr c = list->children; c && !x->nomem; c = c->next) {
        if (!tci_xml_named(c, child))
            continue;
        char *kind = tci_xml_text(x, c, "kind");
        int k = kind_index(names, n_names, kind);
        free(kind);
        int seen = 0;
        for (size_t i = 0; i < n; i++)
            seen |= out[i] == k;
        if (k >= 0 && !seen && n < (size_t)n_names)
            out[n++] = k;
    }
    return n;
}

/* A label's text as written, except that a run of white space holding a line
 * break (a label wrapped in the file) becomes one space, or nothing at either
 * end; other spaces are kept, so a label may begin or end with one. A
 * malloc'd copy, or NULL when out of memory. */
static char *label_text(const char *s)
{
    char *out = malloc(strlen(s) + 1), *q = out;
    if (!out)
        return NULL;
    while (*s) {
        size_t run = strspn(s, " \t\r\n"), brk = 0;
        if (!run) {
            *q++ = *s++;
            continue;
        }
        for (size_t i = 0; i < run; i++)
            brk |= s[i] == '\n' || s[i] == '\r';
        if (!brk) {
            for (size_t i = 0; i < run; i++)
                *q++ = ' '; /* a tab is a space in a cell */
        } else if (q != out && s[run]) {
            *q++ = ' ';
        }
        s += run;
    }
    *q = '\0';
    return out;
}

/* The <labels> element into t->labels, sorted by key; a blank label or one
 * that is not UTF-8 is an error. */
static void read_labels(tci_xml *x, xmlNodePtr list, tco_template *t)
{
    t->labels = alloc_children(x, list, "label", sizeof *t->labels);
    for (xmlNodePtr c = list->children; c && !x->nomem; c = c->next) {
        if (!tci_xml_named(c, "label"))
            continue;
        tci_tpl_label *l = &t->labels[t->n_labels++];
        l->key = tci_xml_text(x, c, "key");
        l->text = tci_xml_text_as(x, c, NULL, label_text);
        if (!l->key || !l->text)
            continue;
        if (strspn(l->text, " ") == strlen(l->text))
            tci_xml_report(x, tci_xml_line(c),
                           "label '%s' is blank: give it a text, or leave it out to use the "
                           "built-in English",
                           l->key);
        else if (!tci_utf8_valid(l->text))
            tci_xml_report(x, tci_xml_line(c), "label '%s' is not valid UTF-8", l->key);
    }
    if (x->nomem || !t->labels)
        return;
    qsort(t->labels, t->n_labels, sizeof *t->labels, tci_template_label_cmp);
    /* The schema's unique constraint has already refused duplicates. */
}

/* Read x->doc into t, reporting what the schema cannot check. */
static void read_template(tci_xml *x, tco_template *t)
{
    xmlNodePtr root = xmlDocGetRootElement(x->doc);
    t->language = tci_xml_text(x, root, "language");
    for (xmlNodePtr n = root->children; n && !x->nomem; n = n->next) {
        if (tci_xml_named(n, "description")) {
            t->description = tci_xml_text(x, n, NULL);
        } else if (tci_xml_named(n, "styles")) {
            read_styles(x, n, &t->style);
        } else if (tci_xml_named(n, "sheets")) {
            t->has_sheets = 1;
            t->n_sheets =
                read_kinds(x, n, "sheet", tci_tpl_sheet_kinds, TCI_SHEET_KINDS, t->sheets);
            static const int required[] = {TCI_SHEET_INPUTS, TCI_SHEET_CHECKS};
            for (size_t r = 0; r < sizeof required / sizeof required[0]; r++) {
                int found = 0;
                for (size_t i = 0; i < t->n_sheets; i++)
                    found |= t->sheets[i] == required[r];
                if (!found)
                    tci_xml_report(x, tci_xml_line(n),
                                   "the sheets must include <sheet kind=\"%s\"/>: the "
                                   "workbook's formulas depend on it",
                                   tci_tpl_sheet_kinds[required[r]]);
            }
        } else if (tci_xml_named(n, "charts")) {
            t->has_charts = 1;
            t->n_charts =
                read_kinds(x, n, "chart", tci_tpl_chart_kinds, TCI_CHART_KINDS, t->charts);
        } else if (tci_xml_named(n, "labels")) {
            read_labels(x, n, t);
        }
    }
}

/* ===== Loading ===== */

/* Load one template document of `size` bytes, named `name`, into
 * *(tco_template **)out (a tci_parse_fn). */
static tco_status load_buffer(const char *xml, size_t size, const char *name, const tco_file_id *id,
                              void *out, tco_diags *diags)
{
    tci_xml x = {.file = name,
                 .kind = "template",
                 .xsd = embedded_template_xsd,
                 .xsd_len = embedded_template_xsd_len,
                 .xsd_name = SCHEMA_NAME,
                 .max_depth = TEMPLATE_MAX_DEPTH,
                 .max_attributes = TEMPLATE_MAX_ATTRIBUTES,
                 .diags = diags};
    tco_template *t = tci_template_new();
    tci_xml_begin(&x);
    if (!t || (id && !(t->file = strdup(name))))
        x.nomem = 1;
    else if (tci_xml_parse(&x, xml, size) == 0)
        read_template(&x, t);
    if (t && id)
        t->file_id = *id;
    tco_status st = tci_xml_status(&x);
    tci_xml_end(&x);
    if (st != TCO_OK) {
        tco_template_free(t);
        return st;
    }
    *(tco_template **)out = t;
    return TCO_OK;
}

/* See documentation in header file. */
tco_status tco_template_load_string(const char *xml, size_t size, const char *name,
                                    tco_template **out, tco_diags *diags)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!xml && size)
        return TCO_ERR_ARG;
    return tci_parse_string(xml, size, name, "template", load_buffer, out, diags);
}

/* See documentation in header file. */
tco_status tco_template_load_file(const char *path, tco_template **out, tco_diags *diags)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!path)
        return TCO_ERR_ARG;
    return tci_parse_file(path, load_buffer, out, diags);
}

/* See documentation in header file. */
const char *tco_template_input_at(const tco_template *tpl, const char *path)
{
    return tpl && tpl->file ? tci_input_at(path, &tpl->file, &tpl->file_id, 1) : NULL;
}
