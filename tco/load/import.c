/* import.c - `tco import`: the values of a workbook's Inputs sheet, mapped
 * back to the scenario's keys by the key column tco wrote (never by row
 * numbers), compared with the scenario's, and the scenario rewritten with
 * only the changed values' text replaced.
 *
 * The Inputs sheet is found through the defined name TcoInputsLayout, whose
 * cell holds the layout's marker (TCI_INPUTS_LAYOUT); a workbook without it
 * was not written by tco, one with another marker by another version. In the
 * key column, "[section] key" is a global key, "[site NAME] key" a named
 * site's, "[fx] CODE" an exchange rate, "[option ID]" the heading of an
 * option's block whose rows hold the bare keys. Other rows are not read.
 * Numbers, choices, months and names are imported, each converted as the
 * loader converts the key's value (tci_ini_convert); a key that names a file,
 * an option, a site or a catalog entry is refused when changed. */
#include "load/xlsx_read.h"
#include "load/ini.h"
#include "core/core.h"
#include "util/date.h"
#include "util/readfile.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See tco.h. */
const char *tco_format_double(char *buf, size_t size, double v)
{
    if (v == floor(v) && fabs(v) < 1e15) { /* a whole number, without an exponent */
        snprintf(buf, size, "%.0f", v == 0 ? 0.0 : v);
        return buf;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, size, "%.*g", p, v == 0 ? 0.0 : v);
        if (strtod(buf, NULL) == v)
            return buf;
    }
    snprintf(buf, size, "%.17g", v);
    return buf;
}

typedef struct imp {
    tci_xlsx *x;
    const tco_scenario *s;
    const char *sheet; /* the Inputs sheet's name */
    tco_import *out;
    tco_diags *diags;
    const tci_xlsx_cell *asis; /* the row's value as tco wrote it (column F), or NULL */
    int errors, nomem;
} imp;

/* An error at a cell of Inputs: "BOOK: Inputs!C14: error: ...". */
static void cell_err(imp *m, int row, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void cell_err(imp *m, int row, int col, const char *fmt, ...)
{
    char msg[1024], where[1200], cell[32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tci_xlsx_cell_name(cell, sizeof cell, row, col);
    char *sh = tco_text_escape(m->sheet);
    snprintf(where, sizeof where, "%s: %s!%s", m->x->file, sh ? sh : "?", cell);
    free(sh);
    tco_diags_add(m->diags, TCO_SEV_ERROR, where, 0, NULL, "%s", msg);
    m->errors++;
}

/* The Inputs sheet: its index, after the marker's checks; -1 after an error. */
static long find_inputs(imp *m, tci_xlsx_sheet *sh)
{
    tci_xlsx *x = m->x;
    const tci_xlsx_name *n = tci_xlsx_name_find(x, "TcoInputsLayout");
    char *sheet = NULL;
    int row, col;
    if (!n) {
        tco_diags_add(m->diags, TCO_SEV_ERROR, x->file, 0, NULL,
                      "not a workbook written by tco: it has no defined name TcoInputsLayout "
                      "(the marker of tco's Inputs sheet)");
        return -1;
    }
    if (tci_xlsx_parse_ref(n->value, &sheet, &row, &col) != 0) {
        char *e = tco_text_escape(n->value);
        tco_diags_add(m->diags, TCO_SEV_ERROR, x->file, 0, NULL,
                      "the defined name TcoInputsLayout is '%s', not a cell of the Inputs sheet",
                      e ? e : "?");
        free(e);
        return -1;
    }
    long i = -1;
    for (size_t k = 0; k < x->n_sheets && i < 0; k++)
        if (strcmp(x->sheet_names[k], sheet) == 0)
            i = (long)k;
    if (i < 0) {
        char *e = tco_text_escape(sheet);
        tco_diags_add(m->diags, TCO_SEV_ERROR, x->file, 0, NULL,
                      "the Inputs sheet '%s' (named by TcoInputsLayout) is missing", e ? e : "?");
        free(e);
        free(sheet);
        return -1;
    }
    free(sheet);
    m->sheet = x->sheet_names[i];
    if (tci_xlsx_read_sheet(x, (size_t)i, sh) != TCO_OK)
        return -1;
    const tci_xlsx_cell *mark = NULL;
    for (size_t k = 0; k < sh->n && !mark; k++)
        if (sh->cells[k].row == row && sh->cells[k].col == col)
            mark = &sh->cells[k];
    if (!mark || mark->kind != TCI_CELL_TEXT || strcmp(mark->text, TCI_INPUTS_LAYOUT) != 0) {
        char *e = tco_text_escape(mark && mark->text ? mark->text : "");
        cell_err(m, row, col,
                 "the Inputs sheet's layout is '%s', not '%s': the workbook was written by "
                 "another version of tco, whose Inputs this one cannot read",
                 e ? e : "?", TCI_INPUTS_LAYOUT);
        free(e);
        tci_xlsx_sheet_free(sh);
        return -1;
    }
    return i;
}

/* Add a change to m->out; old_t and new_t for a text key (new_t is taken). */
static void add_text_change(imp *m, const char *key, const char *section, const char *name,
                            const char *file, int line, double old_v, double new_v,
                            const char *old_t, char *new_t, int row)
{
    tco_import *o = m->out;
    tco_import_change *n = realloc(o->changes, (o->n + 1) * sizeof *n);
    if (!n) {
        free(new_t);
        m->nomem = 1;
        return;
    }
    o->changes = n;
    tco_import_change *c = &n[o->n];
    memset(c, 0, sizeof *c);
    c->key = strdup(key);
    c->section = strdup(section);
    c->name = strdup(name);
    c->old_text = old_t ? strdup(old_t) : NULL;
    c->new_text = new_t;
    if (!c->key || !c->section || !c->name || (old_t && !c->old_text)) {
        free(c->key);
        free(c->section);
        free(c->name);
        free(c->old_text);
        free(c->new_text);
        m->nomem = 1;
        return;
    }
    c->file = file;
    c->line = line;
    c->old_value = old_v;
    c->new_value = new_v;
    tci_xlsx_cell_name(c->cell, sizeof c->cell, row, 2);
    o->n++;
}

/* Add a change of a number to m->out. */
static void add_change(imp *m, const char *key, const char *section, const char *name,
                       const char *file, int line, double old_v, double new_v, int row)
{
    add_text_change(m, key, section, name, file, line, old_v, new_v, NULL, NULL, row);
}

/* The number in the value cell of `row` for key kd, checked: 0 and *v, or -1
 * after an error. A formula is refused unless tco wrote one there
 * (formula_ok: then 1, nothing to read). */
static int cell_number(imp *m, const tci_xlsx_cell *c, int row, const tco_keydef *kd,
                       const char *key, int formula_ok, double *v)
{
    if (!c) {
        cell_err(m, row, 2, "%s: the value cell is empty", key);
        return -1;
    }
    if (c->formula) {
        if (formula_ok)
            return 1;
        cell_err(m, row, 2, "%s: the cell holds a formula; an input must be a number", key);
        return -1;
    }
    if (c->kind != TCI_CELL_NUMBER) {
        char *e = tco_text_escape(c->text ? c->text : "TRUE/FALSE");
        cell_err(m, row, 2, "%s: the cell holds the text '%s', not a number", key, e ? e : "?");
        free(e);
        return -1;
    }
    *v = c->num;
    char lo[40], hi[40];
    if (kd->hi > kd->lo && (c->num < kd->lo || c->num > kd->hi)) {
        char nb[40];
        cell_err(m, row, 2, "%s is %s; it must be between %s and %s", key,
                 tco_format_double(nb, sizeof nb, c->num), tco_format_double(lo, sizeof lo, kd->lo),
                 tco_format_double(hi, sizeof hi, kd->hi));
        return -1;
    }
    if (kd->type == TCO_T_INT && (c->num != floor(c->num) || fabs(c->num) > 2e9)) {
        char nb[40];
        cell_err(m, row, 2, "%s is %s; it must be a whole number", key,
                 tco_format_double(nb, sizeof nb, c->num));
        return -1;
    }
    return 0;
}

static double key_number(const tco_keydef *kd, const void *base)
{
    if (kd->type == TCO_T_INT)
        return *(const int *)((const char *)base + kd->offset);
    return *(const double *)((const char *)base + kd->offset);
}

static int numeric(const tco_keydef *kd)
{
    return kd->type == TCO_T_NUMBER || kd->type == TCO_T_INT;
}

/* Keys a workbook's edit does not change: each names something the loader
 * resolves (a file, an option, a site, a catalog entry, the currency or the
 * unit of work); NULL for the others, else what it names. */
static const char *reference_key(const tco_keydef *kd)
{
    static const char *const keys[][2] = {{"currency", "the scenario's currency"},
                                          {"unit", "the unit of work"},
                                          {"baseline", "an option"},
                                          {"base", "an option"},
                                          {"catalog", "a file"},
                                          {"template", "a file"},
                                          {"include", "a file"},
                                          {"gpu", "a catalog entry"},
                                          {"offer", "a catalog entry"},
                                          {"site", "a site"}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(kd->name, keys[i][0]) == 0)
            return keys[i][1];
    return NULL;
}

/* The date of spreadsheet serial day v (1899-12-30 being 0) as YYYY-MM
 * (month) or YYYY-MM-DD; the number's text when it is far from any date. */
static const char *serial_date(char *buf, size_t size, double v, int month)
{
    if (!(v >= 1 && v <= 3e6))
        return tco_format_double(buf, size, v);
    long long days = (long long)floor(v) - 25569;
    int y = 1970 + (int)floor((double)days / 365.2425), mo = 12;
    while (tci_days_from_civil(y, 1, 1) > days)
        y--;
    while (tci_days_from_civil(y + 1, 1, 1) <= days)
        y++;
    while (tci_days_from_civil(y, mo, 1) > days)
        mo--;
    if (month)
        snprintf(buf, size, "%04d-%02d", y, mo);
    else
        snprintf(buf, size, "%04d-%02d-%02d", y, mo,
                 (int)(days - tci_days_from_civil(y, mo, 1)) + 1);
    return buf;
}

/* A text key's cell (a choice, a month, a name) in `row`, for key kd of
 * `base` (the scenario or an option), converted as the loader converts it. */
static void read_text(imp *m, const tco_keydef *kd, const void *base, const char *key,
                      const char *section, const char *file, int line, const tci_xlsx_cell *c,
                      int row)
{
    const char *old = NULL;
    const char *field = (const char *)base + kd->offset;
    if (kd->type == TCO_T_ENUM) {
        int v = *(const int *)field, n = 0;
        while (kd->names[n])
            n++;
        old = v >= 0 && v < n ? kd->names[v] : NULL;
    } else {
        old = *(char *const *)field;
    }
    char nb[40];
    const char *t = NULL;
    if (c && c->formula) {
        cell_err(m, row, 2, "%s: the cell holds a formula; an input must be a value", key);
        return;
    }
    if (c && c->kind == TCI_CELL_NUMBER && (kd->type == TCO_T_MONTH || kd->type == TCO_T_DATE))
        t = serial_date(nb, sizeof nb, c->num, kd->type == TCO_T_MONTH);
    else if (c && c->kind == TCI_CELL_NUMBER)
        t = tco_format_double(nb, sizeof nb, c->num);
    else if (c && c->kind == TCI_CELL_TEXT)
        t = c->text;
    else if (c && c->kind != TCI_CELL_NUMBER) {
        char *e = tco_text_escape(c->text ? c->text : c->num ? "TRUE" : "FALSE");
        cell_err(m, row, 2, "%s: the cell holds '%s', not a value of '%s'", key, e ? e : "?",
                 kd->name);
        free(e);
        return;
    }
    const tci_xlsx_cell *a = m->asis;
    if (!t || !*t) {
        if (old && !(a && a->kind == TCI_CELL_TEXT && a->text && !*a->text))
            cell_err(m, row, 2, "%s: the value cell is empty", key);
        return;
    }
    /* Unchanged: the scenario's text, or the text tco showed for it (a label
     * by default, a name cleaned for the sheet, "not set"). */
    if (old && strcmp(t, old) == 0)
        return;
    if (a && a->kind == TCI_CELL_TEXT && a->text && c->kind == TCI_CELL_TEXT &&
        strcmp(a->text, t) == 0)
        return;
    if (a && a->kind == TCI_CELL_NUMBER && c->kind == TCI_CELL_NUMBER && a->num == c->num)
        return;
    const char *what = reference_key(kd);
    if (what) {
        cell_err(m, row, 2,
                 "%s: tco import does not change '%s', which names %s: change it in the "
                 "scenario file",
                 key, kd->name, what);
        return;
    }
    for (const char *p = t; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) {
            cell_err(m, row, 2,
                     "%s: the text has a line break or a control character, which a "
                     "scenario's line cannot hold",
                     key);
            return;
        }
    if (strchr(t, '"') && (t[0] == '"' || t[0] == ' ' || t[strlen(t) - 1] == ' ' ||
                           strstr(t, " ;") || strstr(t, " #"))) {
        cell_err(m, row, 2,
                 "%s: the text needs quotes in the scenario file and has a '\"' of its own: "
                 "change it there",
                 key);
        return;
    }
    char msg[600], *nt = NULL;
    int idx = 0, rc = tci_ini_convert(kd, t, &idx, &nt, msg, sizeof msg);
    if (rc == -2) {
        m->nomem = 1;
        return;
    }
    if (rc < 0) {
        cell_err(m, row, 2, "%s: %s", key, msg);
        return;
    }
    if (kd->type == TCO_T_ENUM && !(nt = strdup(kd->names[idx]))) {
        m->nomem = 1;
        return;
    }
    if (old && strcmp(nt, old) == 0) {
        free(nt);
        return;
    }
    add_text_change(m, key, section, kd->name, file, line, 0, 0, old, nt, row);
}

/* A global key "[section] name" in `row`. */
static void read_global(imp *m, const char *section, const char *name, const tci_xlsx_cell *c,
                        int row)
{
    const tco_scenario *s = m->s;
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *kd = tco_scenario_key((tco_skey)k);
        if (strcmp(kd->section, section) != 0 || strcmp(kd->name, name) != 0)
            continue;
        char key[300];
        snprintf(key, sizeof key, "%s.%s", section, name);
        if (!numeric(kd)) {
            read_text(m, kd, s, key, section, s->key_file[k], s->key_line[k], c, row);
            return;
        }
        double v, old = key_number(kd, s);
        if (k == TCO_S_BYTES_PER_PARAM)
            old = tco_bytes_per_param(s);
        if (cell_number(m, c, row, kd, key, 0, &v) != 0 || v == old)
            return;
        add_change(m, key, section, name, s->key_file[k], s->key_line[k], old, v, row);
        return;
    }
}

/* A named site's key in `row`. */
static void read_site(imp *m, const char *site, const char *name, const tci_xlsx_cell *c, int row)
{
    const tco_scenario *s = m->s;
    int i = tco_site_find(s, site);
    if (i < 0) {
        cell_err(m, row, 1, "the site '%s' is not in the scenario", site);
        return;
    }
    const tco_site *t = &s->sites[i];
    for (int j = 0; j < TCO_SITE_KEYS; j++) {
        tco_skey k = (tco_skey)(TCO_SITE_KEY_FIRST + j);
        const tco_keydef *kd = tco_scenario_key(k);
        if (strcmp(kd->name, name) != 0)
            continue;
        char key[300], sec[300];
        snprintf(key, sizeof key, "site %s.%s", site, name);
        snprintf(sec, sizeof sec, "site %s", site);
        double v, old = t->src[j] ? t->value[j] : key_number(kd, s);
        if (cell_number(m, c, row, kd, key, !t->src[j], &v) != 0 || v == old)
            return;
        add_change(m, key, sec, name, t->src[j] ? t->key_file[j] : t->file,
                   t->src[j] ? t->key_line[j] : 0, old, v, row);
        return;
    }
}

/* An exchange rate "[fx] CODE" in `row`. */
static void read_fx(imp *m, const char *code, const tci_xlsx_cell *c, int row)
{
    const tco_scenario *s = m->s;
    for (size_t i = 0; i < s->n_fx; i++) {
        if (strcmp(s->fx[i].code, code) != 0)
            continue;
        char key[32];
        snprintf(key, sizeof key, "fx.%s", code);
        double v;
        if (cell_number(m, c, row, tci_fx_key(), key, 0, &v) == 0 && v != s->fx[i].rate)
            add_change(m, key, "fx", code, s->fx[i].file, s->fx[i].line, s->fx[i].rate, v, row);
        return;
    }
    cell_err(m, row, 1, "the exchange rate '%s' is not in the scenario", code);
}

/* Option o's key `name` in `row`. */
static void read_option_key(imp *m, const tco_option *o, const char *name, const tci_xlsx_cell *c,
                            int row)
{
    const tco_scenario *s = m->s;
    for (int k = 0; k < TCO_O_COUNT; k++) {
        const tco_keydef *kd = tco_option_key((tco_okey)k);
        if (strcmp(kd->name, name) != 0)
            continue;
        char key[300], sec[300];
        snprintf(key, sizeof key, "%s.%s", o->id, name);
        snprintf(sec, sizeof sec, "option %s", o->id);
        if (!numeric(kd)) {
            read_text(m, kd, o, key, sec, o->key_file[k], o->key_line[k], c, row);
            return;
        }
        int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
        /* The cells tco wrote as formulas: what they follow is imported instead. */
        int formula = (k == TCO_O_UTILIZATION && !o->src[k]) ||
                      (k == TCO_O_DEPRECIATION_YEARS && macrs) ||
                      (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) ||
                      (o->fx && o->src[k] == TCO_SRC_CATALOG &&
                       k == (o->acquire == TCO_BUY ? TCO_O_GPU_PRICE : TCO_O_PRICE_PER_GPU_HOUR));
        double v, old = k == TCO_O_UTILIZATION ? tco_option_utilization(s, o) : key_number(kd, o);
        if (cell_number(m, c, row, kd, key, formula, &v) != 0 || v == old)
            return;
        if (formula && k != TCO_O_UTILIZATION) {
            cell_err(m, row, 2,
                     "%s: tco wrote a formula here (the value follows other inputs); change "
                     "those, or the scenario file",
                     key);
            return;
        }
        add_change(m, key, sec, name, o->key_file[k], o->key_line[k], old, v, row);
        return;
    }
}

/* Read every row of the Inputs sheet. */
static void read_rows(imp *m, const tci_xlsx_sheet *sh)
{
    const tco_option *opt = NULL;
    for (size_t i = 0; i < sh->n && !m->nomem; i++) {
        const tci_xlsx_cell *kc = &sh->cells[i];
        if (kc->col != 1 || kc->kind != TCI_CELL_TEXT || kc->formula)
            continue;
        const tci_xlsx_cell *vc = NULL;
        m->asis = NULL;
        for (size_t j = i + 1; j < sh->n && sh->cells[j].row == kc->row; j++)
            if (sh->cells[j].col == 2)
                vc = &sh->cells[j];
            else if (sh->cells[j].col == 5)
                m->asis = &sh->cells[j];
        const char *t = kc->text;
        char a[256], b[256];
        int row = kc->row;
        if (t[0] != '[') {
            if (opt)
                read_option_key(m, opt, t, vc, row);
            continue;
        }
        opt = NULL;
        if (sscanf(t, "[option %255[^]]]", a) == 1 && strlen(t) == strlen(a) + 9) {
            int k = tco_scenario_find(m->s, a);
            if (k < 0) {
                char *e = tco_text_escape(a);
                cell_err(m, row, 1, "the option '%s' is not in the scenario", e ? e : "?");
                free(e);
            } else {
                opt = &m->s->options[k];
            }
        } else if (sscanf(t, "[site %255[^]]] %255s", a, b) == 2) {
            read_site(m, a, b, vc, row);
        } else if (sscanf(t, "[fx] %255s", a) == 1) {
            read_fx(m, a, vc, row);
        } else if (sscanf(t, "[%255[^] ]] %255s", a, b) == 2) {
            read_global(m, a, b, vc, row);
        }
    }
}

/* See tco.h. */
void tco_import_free(tco_import *im)
{
    if (!im)
        return;
    for (size_t i = 0; i < im->n; i++) {
        free(im->changes[i].key);
        free(im->changes[i].section);
        free(im->changes[i].name);
        free(im->changes[i].old_text);
        free(im->changes[i].new_text);
    }
    free(im->changes);
    free(im);
}

/* The Inputs of workbook x (opened with status st) into *out. */
static tco_status import_open(tci_xlsx *x, tco_status st, const tco_scenario *s, tco_import **out,
                              tco_diags *diags)
{
    imp m = {.x = x, .s = s, .diags = diags};
    tci_xlsx_sheet sh = {0};
    if (st == TCO_OK && find_inputs(&m, &sh) < 0)
        st = TCO_ERR_INPUT;
    if (st == TCO_OK && !(m.out = calloc(1, sizeof *m.out)))
        st = TCO_ERR_NOMEM;
    if (st == TCO_OK) {
        read_rows(&m, &sh);
        st = m.nomem ? TCO_ERR_NOMEM : m.errors ? TCO_ERR_INPUT : TCO_OK;
    }
    tci_xlsx_sheet_free(&sh);
    const char *book = x->file;
    if (st == TCO_ERR_NOMEM)
        tco_diags_add(diags, TCO_SEV_ERROR, book, 0, NULL, "out of memory");
    tci_xlsx_close(x);
    if (st != TCO_OK) {
        tco_import_free(m.out);
        return st;
    }
    *out = m.out;
    return TCO_OK;
}

/* See tco.h. */
tco_status tco_import_read(const char *book, const tco_scenario *s, tco_import **out,
                           tco_diags *diags)
{
    *out = NULL;
    if (!book || !s)
        return TCO_ERR_ARG;
    tci_xlsx x;
    return import_open(&x, tci_xlsx_open(&x, book, diags), s, out, diags);
}

/* See xlsx_read.h. */
tco_status tci_import_read_mem(const char *name, const void *data, size_t size,
                               const tco_scenario *s, tco_import **out, tco_diags *diags)
{
    *out = NULL;
    if (!name || !s)
        return TCO_ERR_ARG;
    tci_xlsx x;
    return import_open(&x, tci_xlsx_open_mem(&x, name, data, size, diags), s, out, diags);
}
