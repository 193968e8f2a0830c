/* xlsx_read.c - a workbook read as untrusted input.
 *
 * The .xlsx is a zip (read by libzip from a buffer, its consistency checked)
 * of XML parts (parsed by xmlsafe.c: no DTD, a DOCTYPE refused, no entities,
 * no network, bounded depth). Before any part is read, every entry's name is
 * checked (no "..", no absolute path, no backslash, no duplicate) and the
 * entries are counted; a part read is refused when it declares more than
 * TCI_XLSX_MAX_PART bytes inflated, and again when inflating it gives more
 * than it declared or than that limit, and the bytes inflated from all parts
 * are bounded by TCI_XLSX_MAX_TOTAL: a zip bomb stops at the limit. A part
 * that is not read (an option's sheet, a chart) is never inflated: the
 * largest workbook tco writes has parts above the limit.
 */
#include "load/xlsx_read.h"
#include "load/xmlsafe.h"
#include "util/readfile.h"

#include <libxml/tree.h>
#include <zip.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REL_DOC "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"

/* An error about the workbook, or about one of its parts (part non-NULL). */
static void xerr(tci_xlsx *x, const char *part, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void xerr(tci_xlsx *x, const char *part, int line, const char *fmt, ...)
{
    char msg[1024], file[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (part)
        snprintf(file, sizeof file, "%s: %s", x->file, part);
    else
        snprintf(file, sizeof file, "%s", x->file);
    tco_diags_add(x->diags, TCO_SEV_ERROR, file, line, NULL, "%s", msg);
}

/* An error about the sheet in `part`, at cell `where` ("H6") when not NULL:
 * "BOOK: Inputs!H6: error: ...", "BOOK: Inputs: error: ...", the sheet by its
 * name in the workbook (the part's when it has none). */
static void sheet_xerr(tci_xlsx *x, const char *part, const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void sheet_xerr(tci_xlsx *x, const char *part, const char *where, const char *fmt, ...)
{
    char msg[1024], file[1400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *sheet = part;
    for (size_t i = 0; i < x->n_sheets; i++)
        if (x->sheet_parts[i] && part && strcmp(x->sheet_parts[i], part) == 0)
            sheet = x->sheet_names[i];
    char *e = tco_text_escape(sheet ? sheet : "?");
    snprintf(file, sizeof file, "%s: %s%s%s", x->file, e ? e : "?", where ? "!" : "",
             where ? where : "");
    free(e);
    tco_diags_add(x->diags, TCO_SEV_ERROR, file, 0, NULL, "%s", msg);
}

static tco_status nomem(tci_xlsx *x)
{
    xerr(x, NULL, 0, "out of memory");
    return TCO_ERR_NOMEM;
}

/* ===== The zip ===== */

/* 1 when an entry's name is safe to follow: not absolute, no backslash, no
 * ".." component, no control character, not empty. */
static int safe_name(const char *n)
{
    if (!*n || *n == '/' || strchr(n, '\\') || strchr(n, ':'))
        return 0;
    for (const char *p = n; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return 0;
    for (const char *p = n; *p;) {
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return 0;
        p += len;
        if (*p == '/')
            p++;
    }
    return 1;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Check every entry of the zip: count, names, duplicates, declared sizes. */
static tco_status check_entries(tci_xlsx *x, zip_t *z)
{
    zip_int64_t n = zip_get_num_entries(z, 0);
    if (n < 0 || n > TCI_XLSX_MAX_ENTRIES) {
        xerr(x, NULL, 0, "the workbook holds %lld entries; the limit is %d", (long long)n,
             TCI_XLSX_MAX_ENTRIES);
        return TCO_ERR_LIMIT;
    }
    const char **names = calloc((size_t)n + 1, sizeof *names);
    if (!names)
        return nomem(x);
    tco_status st = TCO_OK;
    for (zip_int64_t i = 0; i < n && st == TCO_OK; i++) {
        zip_stat_t sb;
        const char *name = zip_get_name(z, (zip_uint64_t)i, ZIP_FL_ENC_RAW);
        if (!name || zip_stat_index(z, (zip_uint64_t)i, ZIP_FL_ENC_RAW, &sb) != 0) {
            xerr(x, NULL, 0, "entry %lld of the zip cannot be read: %s", (long long)i,
                 zip_strerror(z));
            st = TCO_ERR_INPUT;
        } else if (!safe_name(name)) {
            char *e = tco_text_escape(name);
            xerr(x, NULL, 0,
                 "the zip entry '%s' has an unsafe name (an absolute path, '..', a backslash or "
                 "a control character): refused",
                 e ? e : "?");
            free(e);
            st = TCO_ERR_INPUT;
        }
        names[i] = name;
    }
    if (st == TCO_OK) {
        qsort(names, (size_t)n, sizeof *names, cmp_str);
        for (zip_int64_t i = 1; i < n && st == TCO_OK; i++)
            if (strcmp(names[i - 1], names[i]) == 0) {
                char *e = tco_text_escape(names[i]);
                xerr(x, NULL, 0, "the zip holds two entries named '%s': refused", e ? e : "?");
                free(e);
                st = TCO_ERR_INPUT;
            }
    }
    free(names);
    return st;
}

/* Read part `name` whole (NUL-terminated) into *out, *size bytes; *out NULL
 * and TCO_OK when the part is absent and `optional`. */
static tco_status read_part(tci_xlsx *x, const char *name, int optional, char **out, size_t *size)
{
    zip_t *z = x->zip;
    *out = NULL;
    *size = 0;
    zip_int64_t i = zip_name_locate(z, name, ZIP_FL_ENC_RAW);
    if (i < 0) {
        if (optional)
            return TCO_OK;
        xerr(x, NULL, 0, "the workbook has no part %s", name);
        return TCO_ERR_INPUT;
    }
    zip_stat_t sb;
    if (zip_stat_index(z, (zip_uint64_t)i, 0, &sb) != 0 || !(sb.valid & ZIP_STAT_SIZE)) {
        xerr(x, name, 0, "the part's size cannot be read: %s", zip_strerror(z));
        return TCO_ERR_INPUT;
    }
    if (sb.size > TCI_XLSX_MAX_PART) {
        xerr(x, name, 0, "the part declares %llu bytes inflated; the limit is %llu",
             (unsigned long long)sb.size, (unsigned long long)TCI_XLSX_MAX_PART);
        return TCO_ERR_LIMIT;
    }
    zip_file_t *f = zip_fopen_index(z, (zip_uint64_t)i, 0);
    if (!f) {
        xerr(x, name, 0, "the part cannot be read: %s", zip_strerror(z));
        return TCO_ERR_INPUT;
    }
    size_t cap = sb.size < 65536 ? 65536 : (size_t)sb.size + 1, len = 0;
    char *buf = malloc(cap + 1);
    tco_status st = buf ? TCO_OK : TCO_ERR_NOMEM;
    while (st == TCO_OK) {
        if (len == cap) {
            char *nb = cap < TCI_XLSX_MAX_PART + 1 ? realloc(buf, cap * 2 + 1) : NULL;
            if (!nb) {
                st = cap < TCI_XLSX_MAX_PART + 1 ? TCO_ERR_NOMEM : TCO_ERR_LIMIT;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        zip_int64_t r = zip_fread(f, buf + len, cap - len);
        if (r < 0) {
            xerr(x, name, 0, "the part cannot be inflated: %s", zip_file_strerror(f));
            st = TCO_ERR_INPUT;
            break;
        }
        if (r == 0)
            break;
        len += (size_t)r;
        x->total += (size_t)r;
        if (len > sb.size || len > TCI_XLSX_MAX_PART) {
            xerr(x, name, 0,
                 "the part inflates to more than it declares (%llu bytes) or than the limit "
                 "(%llu bytes): refused",
                 (unsigned long long)sb.size, (unsigned long long)TCI_XLSX_MAX_PART);
            st = TCO_ERR_LIMIT;
        } else if (x->total > TCI_XLSX_MAX_TOTAL) {
            xerr(x, name, 0, "the parts read inflate to more than %llu bytes in all: refused",
                 (unsigned long long)TCI_XLSX_MAX_TOTAL);
            st = TCO_ERR_LIMIT;
        }
    }
    zip_fclose(f);
    if (st == TCO_OK && len != sb.size) {
        xerr(x, name, 0, "the part inflates to %llu bytes but declares %llu",
             (unsigned long long)len, (unsigned long long)sb.size);
        st = TCO_ERR_INPUT;
    }
    if (st != TCO_OK) {
        if (st == TCO_ERR_NOMEM)
            nomem(x);
        free(buf);
        return st;
    }
    buf[len] = '\0';
    *out = buf;
    *size = len;
    return TCO_OK;
}

/* ===== XML parts ===== */

/* Parse a part with the secure settings; the caller reads p->doc, then
 * tci_xml_end. Returns 0 on success. */
static int parse_part(tci_xlsx *x, tci_xml *p, char *label, size_t lsize, const char *name,
                      const char *text, size_t size)
{
    snprintf(label, lsize, "%s: %s", x->file, name);
    memset(p, 0, sizeof *p);
    p->file = label;
    p->kind = "workbook part";
    p->max_depth = 64;
    p->max_attributes = 256;
    p->diags = x->diags;
    tci_xml_begin(p);
    return tci_xml_parse(p, text, size);
}

/* Read and parse part `name`: the document, or NULL (with the status in *st). */
static int load_part(tci_xlsx *x, tci_xml *p, char *label, size_t lsize, const char *name,
                     int optional, tco_status *st)
{
    char *text;
    size_t size;
    *st = read_part(x, name, optional, &text, &size);
    if (*st != TCO_OK || !text)
        return -1;
    int rc = parse_part(x, p, label, lsize, name, text, size);
    free(text);
    if (rc != 0) {
        *st = tci_xml_status(p);
        if (*st == TCO_OK)
            *st = TCO_ERR_INPUT;
        tci_xml_end(p);
        return -1;
    }
    return 0;
}

static char *prop(xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    char *s = strdup((const char *)v);
    xmlFree(v);
    return s;
}

/* The first child element of n named `name`, or NULL. */
static xmlNode *child(xmlNode *n, const char *name)
{
    for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (tci_xml_named(c, name))
            return c;
    return NULL;
}

/* The text of an element, every descendant text joined; NULL when out of memory. */
static char *text_of(xmlNode *n)
{
    xmlChar *v = xmlNodeGetContent(n);
    char *s = strdup(v ? (const char *)v : "");
    xmlFree(v);
    return s;
}

/* A part named by a relationship's target, relative to xl/; NULL when unsafe. */
static char *resolve_target(const char *target)
{
    char buf[1024];
    if (target[0] == '/')
        snprintf(buf, sizeof buf, "%s", target + 1);
    else
        snprintf(buf, sizeof buf, "xl/%s", target);
    return safe_name(buf) ? strdup(buf) : NULL;
}

/* xl/workbook.xml: the sheets (name, relationship id) and the defined names. */
static tco_status read_workbook(tci_xlsx *x, char ***rids)
{
    tci_xml p;
    char label[1200];
    tco_status st;
    if (load_part(x, &p, label, sizeof label, "xl/workbook.xml", 0, &st) != 0)
        return st;
    xmlNode *root = xmlDocGetRootElement(p.doc);
    xmlNode *sheets = child(root, "sheets"), *names = child(root, "definedNames");
    size_t ns = 0, nn = 0;
    for (xmlNode *c = sheets ? sheets->children : NULL; c; c = c->next)
        ns += tci_xml_named(c, "sheet");
    for (xmlNode *c = names ? names->children : NULL; c; c = c->next)
        nn += tci_xml_named(c, "definedName");
    x->sheet_names = calloc(ns + 1, sizeof *x->sheet_names);
    x->sheet_parts = calloc(ns + 1, sizeof *x->sheet_parts);
    *rids = calloc(ns + 1, sizeof **rids);
    x->names = calloc(nn + 1, sizeof *x->names);
    st = x->sheet_names && x->sheet_parts && *rids && x->names ? TCO_OK : TCO_ERR_NOMEM;
    for (xmlNode *c = sheets ? sheets->children : NULL; c && st == TCO_OK; c = c->next) {
        if (!tci_xml_named(c, "sheet"))
            continue;
        size_t i = x->n_sheets++;
        x->sheet_names[i] = prop(c, "name");
        (*rids)[i] = prop(c, "id");
        if (!x->sheet_names[i] || !(*rids)[i]) {
            xerr(x, "xl/workbook.xml", tci_xml_line(c), "a sheet without a name or an id");
            st = TCO_ERR_INPUT;
        }
    }
    for (xmlNode *c = names ? names->children : NULL; c && st == TCO_OK; c = c->next) {
        if (!tci_xml_named(c, "definedName"))
            continue;
        tci_xlsx_name *d = &x->names[x->n_names++];
        d->name = prop(c, "name");
        d->value = text_of(c);
        char *local = prop(c, "localSheetId");
        d->local = local != NULL;
        free(local);
        if (!d->name || !d->value)
            st = TCO_ERR_NOMEM;
    }
    if (st == TCO_ERR_NOMEM)
        nomem(x);
    tci_xml_end(&p);
    return st;
}

/* xl/_rels/workbook.xml.rels: each sheet's part. */
static tco_status read_rels(tci_xlsx *x, char **rids)
{
    tci_xml p;
    char label[1200];
    tco_status st;
    const char *part = "xl/_rels/workbook.xml.rels";
    if (load_part(x, &p, label, sizeof label, part, 0, &st) != 0)
        return st;
    for (xmlNode *c = xmlDocGetRootElement(p.doc)->children; c && st == TCO_OK; c = c->next) {
        if (!tci_xml_named(c, "Relationship"))
            continue;
        char *id = prop(c, "Id"), *target = prop(c, "Target"), *mode = prop(c, "TargetMode");
        for (size_t i = 0; id && target && i < x->n_sheets; i++) {
            if (strcmp(rids[i], id) != 0 || x->sheet_parts[i])
                continue;
            if (mode && strcmp(mode, "External") == 0)
                x->sheet_parts[i] = NULL;
            else if (!(x->sheet_parts[i] = resolve_target(target))) {
                char *e = tco_text_escape(target);
                xerr(x, part, tci_xml_line(c), "the target '%s' is an unsafe path: refused",
                     e ? e : "?");
                free(e);
                st = TCO_ERR_INPUT;
            }
        }
        free(id);
        free(target);
        free(mode);
    }
    tci_xml_end(&p);
    return st;
}

/* xl/sharedStrings.xml: each <si>'s text (<t>, or its runs' <t>s; phonetic
 * runs left out). */
static tco_status read_strings(tci_xlsx *x)
{
    tci_xml p;
    char label[1200];
    tco_status st;
    if (load_part(x, &p, label, sizeof label, "xl/sharedStrings.xml", 1, &st) != 0)
        return st;
    if (!p.doc && st == TCO_OK)
        return TCO_OK; /* no shared strings */
    xmlNode *root = xmlDocGetRootElement(p.doc);
    size_t n = 0;
    for (xmlNode *c = root->children; c; c = c->next)
        n += tci_xml_named(c, "si");
    x->strings = calloc(n + 1, sizeof *x->strings);
    st = x->strings ? TCO_OK : TCO_ERR_NOMEM;
    for (xmlNode *c = root->children; c && st == TCO_OK; c = c->next) {
        if (!tci_xml_named(c, "si"))
            continue;
        size_t len = 0;
        char *s = calloc(1, 1);
        for (xmlNode *r = c->children; r && s; r = r->next) {
            xmlNode *t = tci_xml_named(r, "t") ? r : tci_xml_named(r, "r") ? child(r, "t") : NULL;
            if (!t)
                continue;
            char *piece = text_of(t);
            char *ns = piece ? realloc(s, len + strlen(piece) + 1) : NULL;
            if (!ns) {
                free(piece);
                free(s);
                s = NULL;
                break;
            }
            s = ns;
            memcpy(s + len, piece, strlen(piece) + 1);
            len += strlen(piece);
            free(piece);
        }
        if (!s)
            st = TCO_ERR_NOMEM;
        else
            x->strings[x->n_strings++] = s;
    }
    if (st == TCO_ERR_NOMEM)
        nomem(x);
    tci_xml_end(&p);
    return st;
}

/* ===== Open ===== */

/* See xlsx_read.h. */
tco_status tci_xlsx_open_mem(tci_xlsx *x, const char *name, const void *data, size_t size,
                             tco_diags *diags)
{
    memset(x, 0, sizeof *x);
    x->file = name;
    x->diags = diags;
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(size ? data : "", size, 0, &ze);
    zip_t *z = src ? zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze) : NULL;
    if (!z) {
        xerr(x, NULL, 0, "not a workbook: the file cannot be read as a zip archive (%s)",
             zip_error_strerror(&ze));
        zip_source_free(src);
        zip_error_fini(&ze);
        return TCO_ERR_INPUT;
    }
    zip_error_fini(&ze);
    x->zip = z;
    tco_status st = check_entries(x, z);
    char **rids = NULL;
    if (st == TCO_OK)
        st = read_workbook(x, &rids);
    if (st == TCO_OK)
        st = read_rels(x, rids);
    for (size_t i = 0; rids && i < x->n_sheets; i++)
        free(rids[i]);
    free(rids);
    if (st == TCO_OK)
        st = read_strings(x);
    return st;
}

/* See xlsx_read.h. */
tco_status tci_xlsx_open(tci_xlsx *x, const char *path, tco_diags *diags)
{
    size_t size;
    tco_file_id id;
    char *data;
    memset(x, 0, sizeof *x);
    x->file = path;
    tco_status st = tci_read_file_limit(path, TCI_XLSX_MAX_FILE, &data, &size, &id, diags);
    if (st != TCO_OK)
        return st;
    st = tci_xlsx_open_mem(x, path, data, size, diags);
    x->data = data;
    return st;
}

/* See xlsx_read.h. */
void tci_xlsx_close(tci_xlsx *x)
{
    if (x->zip)
        zip_discard(x->zip);
    for (size_t i = 0; i < x->n_sheets; i++) {
        free(x->sheet_names[i]);
        free(x->sheet_parts[i]);
    }
    free(x->sheet_names);
    free(x->sheet_parts);
    for (size_t i = 0; i < x->n_names; i++) {
        free(x->names[i].name);
        free(x->names[i].value);
    }
    free(x->names);
    for (size_t i = 0; i < x->n_strings; i++)
        free(x->strings[i]);
    free(x->strings);
    free(x->data);
    memset(x, 0, sizeof *x);
}

/* See xlsx_read.h. */
const tci_xlsx_name *tci_xlsx_name_find(const tci_xlsx *x, const char *name)
{
    for (size_t i = 0; i < x->n_names; i++)
        if (!x->names[i].local && strcmp(x->names[i].name, name) == 0)
            return &x->names[i];
    return NULL;
}

/* ===== References ===== */

/* Parse "$C$14" or "C14" at *p; returns 0 and advances *p on success. */
static int parse_cell(const char **p, int *row, int *col)
{
    const char *s = *p;
    long c = 0, r = 0;
    if (*s == '$')
        s++;
    int nl = 0;
    while (*s >= 'A' && *s <= 'Z' && nl < 3) {
        c = c * 26 + (*s++ - 'A' + 1);
        nl++;
    }
    if (!nl || c > 16384)
        return -1;
    if (*s == '$')
        s++;
    int nd = 0;
    while (*s >= '0' && *s <= '9' && nd < 8) {
        r = r * 10 + (*s++ - '0');
        nd++;
    }
    if (!nd || r < 1 || r > 1048576)
        return -1;
    *row = (int)r - 1;
    *col = (int)c - 1;
    *p = s;
    return 0;
}

/* See xlsx_read.h. */
int tci_xlsx_parse_ref(const char *ref, char **sheet, int *row, int *col)
{
    const char *p = ref;
    *sheet = NULL;
    if (*p == '=')
        p++;
    size_t n = strlen(p);
    char *name = malloc(n + 1), *q = name;
    if (!name)
        return -1;
    if (*p == '\'') {
        for (p++; *p; p++) {
            if (*p == '\'' && p[1] == '\'')
                *q++ = *p++;
            else if (*p == '\'')
                break;
            else
                *q++ = *p;
        }
        if (*p != '\'') {
            free(name);
            return -1;
        }
        p++;
    } else {
        while (*p && *p != '!')
            *q++ = *p++;
    }
    *q = '\0';
    const char *e = *p == '!' ? p + 1 : p;
    if (*p != '!' || !*name || parse_cell(&e, row, col) != 0 || *e) {
        free(name);
        return -1;
    }
    *sheet = name;
    return 0;
}

/* See xlsx_read.h. */
void tci_xlsx_cell_name(char *buf, size_t size, int row, int col)
{
    char letters[8];
    int n = 0;
    for (int c = col + 1; c > 0 && n < 7; c = (c - 1) / 26)
        letters[n++] = (char)('A' + (c - 1) % 26);
    char rev[8];
    for (int i = 0; i < n; i++)
        rev[i] = letters[n - 1 - i];
    rev[n] = '\0';
    snprintf(buf, size, "%s%d", rev, row + 1);
}

/* ===== A sheet ===== */

/* One <c> element into *cell; returns 0, 1 for a cell without a value (styled
 * only; a formula's without a cached value: TCI_CELL_NONE), or -1 after an
 * error. */
static int read_cell(tci_xlsx *x, const char *part, xmlNode *c, tci_xlsx_cell *cell)
{
    char *t = prop(c, "t");
    xmlNode *v = child(c, "v"), *is = child(c, "is");
    xmlNode *f = child(c, "f");
    cell->formula = f != NULL;
    if (f && !(cell->ftext = text_of(f))) {
        free(t);
        return -1;
    }
    char *vt = v ? text_of(v) : NULL;
    int rc = 0;
    char where[32];
    tci_xlsx_cell_name(where, sizeof where, cell->row, cell->col);
    if (cell->formula && (!vt || !*vt) && !(t && strcmp(t, "str") == 0)) {
        /* A formula saved without its value (openpyxl writes <v></v> or none):
         * nothing to read but that it is a formula. */
        cell->kind = TCI_CELL_NONE;
        free(t);
        free(vt);
        return 1;
    }
    if (t && strcmp(t, "s") == 0) {
        char *end;
        errno = 0;
        unsigned long k = vt ? strtoul(vt, &end, 10) : 0;
        if (!vt || end == vt || *end || errno || k >= x->n_strings) {
            sheet_xerr(x, part, where,
                       "the cell names a shared string that does "
                       "not exist");
            rc = -1;
        } else {
            cell->kind = TCI_CELL_TEXT;
            cell->text = strdup(x->strings[k]);
            rc = cell->text ? 0 : -1;
        }
    } else if (t && strcmp(t, "inlineStr") == 0) {
        cell->kind = TCI_CELL_TEXT;
        xmlNode *tn = is ? child(is, "t") : NULL;
        cell->text = tn ? text_of(tn) : is ? text_of(is) : strdup("");
        rc = cell->text ? 0 : -1;
    } else if (t && (strcmp(t, "str") == 0 || strcmp(t, "e") == 0)) {
        cell->kind = strcmp(t, "e") == 0 ? TCI_CELL_ERROR : TCI_CELL_TEXT;
        cell->text = strdup(vt ? vt : "");
        rc = cell->text ? 0 : -1;
    } else if (t && strcmp(t, "b") == 0) {
        cell->kind = TCI_CELL_BOOL;
        cell->num = vt && strcmp(vt, "1") == 0;
    } else if (!t || strcmp(t, "n") == 0) {
        cell->kind = TCI_CELL_NUMBER;
        if (!vt || !*vt) {
            rc = 1; /* an empty cell: styled only */
        } else {
            char *end;
            errno = 0;
            cell->num = strtod(vt, &end);
            if (end == vt || *end || !isfinite(cell->num)) {
                char *e = tco_text_escape(vt);
                sheet_xerr(x, part, where,
                           "the cell holds '%s', which is not a "
                           "number",
                           e ? e : "?");
                free(e);
                rc = -1;
            }
        }
    } else {
        char *e = tco_text_escape(t);
        sheet_xerr(x, part, where, "the cell has the unknown type '%s'", e ? e : "?");
        free(e);
        rc = -1;
    }
    free(t);
    free(vt);
    return rc;
}

/* See xlsx_read.h. */
tco_status tci_xlsx_read_sheet(tci_xlsx *x, size_t i, tci_xlsx_sheet *out)
{
    memset(out, 0, sizeof *out);
    const char *part = i < x->n_sheets ? x->sheet_parts[i] : NULL;
    if (!part) {
        xerr(x, NULL, 0, "the sheet '%s' has no part in the workbook",
             i < x->n_sheets ? x->sheet_names[i] : "?");
        return TCO_ERR_INPUT;
    }
    tci_xml p;
    char label[1200];
    tco_status st;
    if (load_part(x, &p, label, sizeof label, part, 0, &st) != 0)
        return st;
    xmlNode *data = child(xmlDocGetRootElement(p.doc), "sheetData");
    size_t cap = 0;
    int row = -1;
    for (xmlNode *r = data ? data->children : NULL; r && st == TCO_OK; r = r->next) {
        if (!tci_xml_named(r, "row"))
            continue;
        char *rs = prop(r, "r");
        long rn = rs ? strtol(rs, NULL, 10) : row + 2;
        free(rs);
        if (rn < 1 || rn > 1048576 || rn - 1 <= row) {
            sheet_xerr(x, part, NULL, "row %ld is out of order or out of range", rn);
            st = TCO_ERR_INPUT;
            break;
        }
        row = (int)rn - 1;
        int col = -1;
        for (xmlNode *c = r->children; c && st == TCO_OK; c = c->next) {
            if (!tci_xml_named(c, "c"))
                continue;
            char *ref = prop(c, "r");
            int rr = row, cc = col + 1;
            if (ref) {
                const char *q = ref;
                if (parse_cell(&q, &rr, &cc) != 0 || *q || rr != row || cc <= col) {
                    sheet_xerr(x, part, NULL,
                               "a cell reference in row %d is out of order or malformed", row + 1);
                    st = TCO_ERR_INPUT;
                }
                free(ref);
            }
            if (st != TCO_OK || cc > 16383)
                break;
            col = cc;
            if (out->n == cap) {
                if (cap >= TCI_XLSX_MAX_CELLS) {
                    sheet_xerr(x, part, NULL, "the sheet has more than %d cells",
                               TCI_XLSX_MAX_CELLS);
                    st = TCO_ERR_LIMIT;
                    break;
                }
                size_t nc = cap ? cap * 2 : 256;
                tci_xlsx_cell *n = realloc(out->cells, nc * sizeof *n);
                if (!n) {
                    st = nomem(x);
                    break;
                }
                out->cells = n;
                cap = nc;
            }
            tci_xlsx_cell *cell = &out->cells[out->n];
            memset(cell, 0, sizeof *cell);
            cell->row = row;
            cell->col = col;
            int rc = read_cell(x, part, c, cell);
            if (rc < 0) {
                free(cell->text), free(cell->ftext);
                st = TCO_ERR_INPUT;
            } else if (rc == 0 || cell->formula)
                out->n++;
        }
    }
    tci_xml_end(&p);
    if (st != TCO_OK)
        tci_xlsx_sheet_free(out);
    return st;
}

/* See xlsx_read.h. */
void tci_xlsx_sheet_free(tci_xlsx_sheet *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->cells[i].text), free(s->cells[i].ftext);
    free(s->cells);
    memset(s, 0, sizeof *s);
}

/* See xlsx_read.h. */
const tci_xlsx_cell *tci_xlsx_cell_at(const tci_xlsx_sheet *sh, int row, int col)
{
    size_t lo = 0, hi = sh->n; /* the cells are in the document's order */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const tci_xlsx_cell *c = &sh->cells[mid];
        if (c->row < row || (c->row == row && c->col < col))
            lo = mid + 1;
        else
            hi = mid;
    }
    const tci_xlsx_cell *c = lo < sh->n ? &sh->cells[lo] : NULL;
    return c && c->row == row && c->col == col ? c : NULL;
}

/* See xlsx_read.h. */
int tci_xlsx_formula_ref(const tci_xlsx_cell *c, const char *sheet, int *row, int *col)
{
    const char *f = c->ftext;
    if (!c->formula || !f || !*f)
        return c->formula ? 2 : 0;
    size_t n = strlen(f) + 3;
    char *ref = malloc(n), *name = NULL;
    int rc = 0;
    if (ref) {
        snprintf(ref, n, "%s%s", strchr(f, '!') ? "" : "X!", f);
        rc = tci_xlsx_parse_ref(ref, &name, row, col) == 0 &&
             (!strchr(f, '!') || strcmp(name, sheet) == 0);
    }
    free(name);
    free(ref);
    return rc;
}
