/* import.c - `tco import`: a workbook's Inputs mapped back to the scenario's
 * keys by the key column tco wrote (never by row numbers), compared with the
 * scenario's values, the scenario rewritten with only the changed text.
 *
 * Inputs is found by its defined name TcoInputsLayout and marker
 * (TCI_INPUTS_LAYOUT). Key column: "[section] key" a global key, "[site NAME]
 * key" a site's, "[fx] CODE" a rate, "[option ID]" an option's heading (its
 * rows hold bare keys, each naming the option in column J), "[catalog gpu ID]
 * key" a catalog value, "[demand] key" (the 12 seasonality rows one key), and a
 * plan's block (defined names Plan{n}_OwnCount, _ReserveCount; buy_at rows one
 * key). An option's row that links to its base's or a catalog row (column K)
 * is unchanged while it holds the link. Values are converted as the loader
 * converts them (tci_ini_convert); a key that names a file, an option, a site
 * or a catalog entry is refused when changed, as is any row whose value is not
 * the one tco wrote (column F) and that no key maps back: nothing is dropped
 * without a word. */
#include "load/xlsx_read.h"
#include "load/ini.h"
#include "core/core.h"
#include "util/date.h"
#include "util/readfile.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A plan's staged purchases as Inputs shows them (MODEL.md, Staged purchases):
 * each one's month (k = 0) and GPUs (k = 1), their cells and rows. */
typedef struct imp_buys {
    const tci_xlsx_cell *cell[2][TCO_MAX_BUYS];
    int row[2][TCO_MAX_BUYS];
    unsigned char has[2][TCO_MAX_BUYS]; /* 1 when the row is on the sheet */
    int seen;                           /* 1 when any is */
} imp_buys;

typedef struct imp {
    tci_xlsx *x;
    const tco_scenario *s;
    const char *sheet; /* the Inputs sheet's name */
    tco_import *out;
    tco_diags *diags;
    const tci_xlsx_cell *asis;       /* the row's value as tco wrote it (column F), or NULL */
    int head_row;                    /* the headings' row (the layout marker's) */
    int plan_row[2 * TCO_MAX_PLANS]; /* each plan's own_count and reserve_count rows, or -1 */
    const tci_xlsx_cell *season[12]; /* the seasonality factors' cells */
    int season_row[12];              /* ... their rows, or -1 when not on the sheet */
    imp_buys *buys;                  /* per plan, or NULL when no plan has buy_at */
    int errors, nomem;
    int layout;                /* the Inputs sheet's layout: 2, or 1 (TCI_INPUTS_LAYOUT_1) */
    const tci_xlsx_cell *link; /* the row's base option, when its value links there (K) */
    int force;                 /* 1: a text that replaced a link is a change, even the same */
    const tci_xlsx_sheet *sh;  /* the Inputs sheet's cells */
    int tolerance_row;         /* the row of CheckTolerance on Inputs, or -1 */
} imp;

/* An error at cells first..last of column col of Inputs: "BOOK: Inputs!C14:
 * error: MSG", "BOOK: Inputs!C14:C25: error: MSG". */
static void range_err(imp *m, int first, int last, int col, const char *msg)
{
    char where[1200], cell[32], end[32];
    tci_xlsx_cell_name(cell, sizeof cell, first, col);
    tci_xlsx_cell_name(end, sizeof end, last, col);
    char *sh = tco_text_escape(m->sheet);
    snprintf(where, sizeof where, "%s: %s!%s%s%s", m->x->file, sh ? sh : "?", cell,
             last != first ? ":" : "", last != first ? end : "");
    free(sh);
    tco_diags_add(m->diags, TCO_SEV_ERROR, where, 0, NULL, "%s", msg);
    m->errors++;
}

/* An error at a cell of Inputs: "BOOK: Inputs!C14: error: ...". */
static void cell_err(imp *m, int row, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void cell_err(imp *m, int row, int col, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    range_err(m, row, row, col, msg);
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
    m->head_row = row;
    if (tci_xlsx_read_sheet(x, (size_t)i, sh) != TCO_OK)
        return -1;
    const tci_xlsx_cell *mark = NULL;
    for (size_t k = 0; k < sh->n && !mark; k++)
        if (sh->cells[k].row == row && sh->cells[k].col == col)
            mark = &sh->cells[k];
    m->layout = !mark || mark->kind != TCI_CELL_TEXT           ? 0
                : strcmp(mark->text, TCI_INPUTS_LAYOUT) == 0   ? 2
                : strcmp(mark->text, TCI_INPUTS_LAYOUT_1) == 0 ? 1
                                                               : 0;
    if (!m->layout) {
        char *e = tco_text_escape(mark && mark->text ? mark->text : "");
        cell_err(m, row, col,
                 "the Inputs sheet's layout is '%s', not '%s' (nor '%s'): the workbook was "
                 "written by another version of tco, whose Inputs this one cannot read",
                 e ? e : "?", TCI_INPUTS_LAYOUT, TCI_INPUTS_LAYOUT_1);
        free(e);
        tci_xlsx_sheet_free(sh);
        return -1;
    }
    return i;
}

/* Free what change c holds. */
static void change_free(tco_import_change *c)
{
    free(c->key);
    free(c->section);
    free(c->name);
    free(c->old_text);
    free(c->new_text);
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
        change_free(c);
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
                                          {"site", "a site"},
                                          {"reference", "an option"}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(kd->name, keys[i][0]) == 0)
            return keys[i][1];
    return NULL;
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
        t = tci_serial_date(nb, sizeof nb, c->num, kd->type == TCO_T_MONTH);
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
    int force = m->force; /* a link replaced by this value: the option's own */
    if (!force && old && strcmp(t, old) == 0)
        return;
    if (!force && a && a->kind == TCI_CELL_TEXT && a->text && c->kind == TCI_CELL_TEXT &&
        strcmp(a->text, t) == 0)
        return;
    if (!force && a && a->kind == TCI_CELL_NUMBER && c->kind == TCI_CELL_NUMBER && a->num == c->num)
        return;
    const char *what = reference_key(kd);
    if (what) {
        cell_err(m, row, 2,
                 "%s: tco import does not change '%s', which names %s: change it in the "
                 "scenario file",
                 key, kd->name, what);
        return;
    }
    for (const char *p = t; *p; p++) /* C0 and DEL; C1 (U+0080..U+009F: C2 80..C2 9F) */
        if ((unsigned char)*p < 0x20 || *p == 0x7f ||
            ((unsigned char)p[0] == 0xC2 && (unsigned char)p[1] >= 0x80 &&
             (unsigned char)p[1] <= 0x9F)) {
            cell_err(m, row, 2,
                     "%s: the text has a line break or a control character, which a "
                     "scenario's line cannot hold",
                     key);
            return;
        }
    if (strchr(t, '"') && tci_ini_needs_quotes(t)) {
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
    if (!force && old && strcmp(nt, old) == 0) {
        free(nt);
        return;
    }
    add_text_change(m, key, section, kd->name, file, line, 0, 0, old, nt, row);
}

/* A global key "[section] name" in `row`: 1, or 0 when there is no such key. */
static int read_global(imp *m, const char *section, const char *name, const tci_xlsx_cell *c,
                       int row)
{
    const tco_scenario *s = m->s;
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *kd = tco_scenario_key((tco_skey)k);
        if (strcmp(kd->section, section) != 0 || strcmp(kd->name, name) != 0)
            continue;
        char key[300];
        snprintf(key, sizeof key, "%s.%s", kd->section, kd->name); /* = section, name */
        if (!numeric(kd)) {
            read_text(m, kd, s, key, section, s->key_file[k], s->key_line[k], c, row);
            return 1;
        }
        double v, old = key_number(kd, s);
        if (k == TCO_S_BYTES_PER_PARAM)
            old = tco_bytes_per_param(s);
        if (cell_number(m, c, row, kd, key, 0, &v) != 0 || v == old)
            return 1;
        add_change(m, key, section, name, s->key_file[k], s->key_line[k], old, v, row);
        return 1;
    }
    return 0;
}

/* A money key's cell in `row`, written back in the currency of rate `to` (0:
 * the scenario's), that of the section it goes to (MODEL.md, Sites): as
 * written while it holds tco's formula of `written`, or the number computed. */
static void read_money(imp *m, const tco_keydef *kd, const char *key, const char *sec,
                       const char *name, const char *file, int line, double written,
                       double computed, int to, const tci_xlsx_cell *c, int row)
{
    double v;
    if (c && !c->formula && (cell_number(m, c, row, kd, key, 0, &v) != 0 || v == computed))
        return;
    if (!c || !tci_import_money(m->sh, m->s, c, to, &v))
        cell_err(m, row, 2, "%s: write a number, or a price in %s as PRICE/Fx_%s", key,
                 to ? m->s->fx[to - 1].code : m->s->currency, to ? m->s->fx[to - 1].code : "CODE");
    else if (v != written)
        add_change(m, key, sec, name, file, line, written, v, row);
}

/* A named site's key in `row`: 1, or 0 when there is no such key. */
static int read_site(imp *m, const char *site, const char *name, const tci_xlsx_cell *c, int row)
{
    const tco_scenario *s = m->s;
    int i = tco_site_find(s, site);
    if (i < 0) {
        cell_err(m, row, 1, "the site '%s' is not in the scenario", site);
        return 1;
    }
    const tco_site *t = &s->sites[i];
    if (strcmp(name, "power_cap_kw") == 0) { /* the site's own, never [site]'s (MODEL.md) */
        char key[300], sec[300];
        double v;
        snprintf(key, sizeof key, "site %s.%s", t->name, name);
        snprintf(sec, sizeof sec, "site %s", t->name);
        if (!cell_number(m, c, row, tco_scenario_key(TCO_S_POWER_CAP_KW), key, 0, &v) &&
            v != t->power_cap_kw)
            add_change(m, key, sec, name, t->power_cap_line ? t->power_cap_file : t->file,
                       t->power_cap_line, t->power_cap_kw, v, row);
        return 1;
    }
    for (int j = 0; j < TCO_SITE_KEYS; j++) {
        tco_skey k = (tco_skey)(TCO_SITE_KEY_FIRST + j);
        const tco_keydef *kd = tco_scenario_key(k);
        if (strcmp(kd->name, name) != 0)
            continue;
        char key[300], sec[300];
        snprintf(key, sizeof key, "site %s.%s", t->name, kd->name); /* = site, name */
        snprintf(sec, sizeof sec, "site %s", t->name);
        double v, old = t->src[j] ? t->value[j] : key_number(kd, s);
        if (t->fx && kd->unit == TCO_U_MONEY && (t->src[j] || !(c && c->formula))) {
            read_money(m, kd, key, sec, name, t->src[j] ? t->key_file[j] : t->file,
                       t->src[j] ? t->key_line[j] : 0, t->key_fx[j] ? t->key_written[j] : old, old,
                       t->fx, c, row);
            return 1;
        }
        if (cell_number(m, c, row, kd, key, !t->src[j], &v) != 0 || v == old)
            return 1;
        add_change(m, key, sec, name, t->src[j] ? t->key_file[j] : t->file,
                   t->src[j] ? t->key_line[j] : 0, old, v, row);
        return 1;
    }
    return 0;
}

/* A rate "[fx] CODE" or a discount "[discount NAME] fraction" in `row`: 1. */
static int read_named(imp *m, int discount, const char *name, const tci_xlsx_cell *c, int row)
{
    tci_import_named n;
    double v;
    if (!tci_import_named_find(m->s, discount, name, &n))
        cell_err(m, row, 1, "the %s '%s' is not in the scenario",
                 discount ? "discount" : "exchange rate", name);
    else if (cell_number(m, c, row, &n.kd, n.key, 0, &v) == 0 && v != n.value)
        add_change(m, n.key, n.section, n.name, n.file, n.line, n.value, v, row);
    return 1;
}

/* Option o's key `name` in `row`: 1, or 0 when there is no such key. */
/* 1 when text t is "[option ID]", as tco writes an option's section. */
static int names_option(const char *t, const char *id)
{
    char want[300];
    snprintf(want, sizeof want, "[option %s]", id);
    return t && strcmp(t, want) == 0;
}

/* The link the row being read holds for option o's key k, as the hidden
 * column K names it: its base's section, "[option BASE]", or the Catalog
 * block's row of a catalog value, "[catalog gpu ID]"; NULL for a value of the
 * option's own. */
static const char *row_link(const imp *m, const tco_option *o, int k)
{
    const char *t = m->link && m->link->kind == TCI_CELL_TEXT ? m->link->text : NULL;
    if (t && strncmp(t, "[catalog ", 9) == 0)
        return o->src[k] == TCO_SRC_CATALOG ? t : NULL;
    return t && o->base && names_option(t, o->base) ? t : NULL;
}

/* The text of the cell (row, col) of Inputs, or NULL. */
static const char *text_at(const imp *m, int row, int col)
{
    const tci_xlsx_cell *c = tci_xlsx_cell_at(m->sh, row, col);
    return c && c->kind == TCI_CELL_TEXT ? c->text : NULL;
}

/* 1 when formula cell c, in option o's row of key `name`, is the link tco
 * wrote, named by the hidden column K (`to`): a reference to the value cell of
 * the same key in the base's rows ("[option BASE]"), or to the Catalog block's
 * row "[catalog ...] name" (`to` that row's section); a shared formula's cell,
 * whose text is its first cell's, is taken as written. */
static int link_kept(const imp *m, const tci_xlsx_cell *c, const tco_option *o, const char *name,
                     const char *to)
{
    int row, col, rc = tci_xlsx_formula_ref(c, m->sheet, &row, &col);
    if (rc != 1 || col != 2)
        return rc == 2;
    const char *key = text_at(m, row, 1);
    char want[600];
    if (strncmp(to, "[catalog ", 9) == 0) {
        snprintf(want, sizeof want, "%s %s", to, name);
        return key && strcmp(key, want) == 0;
    }
    return key && strcmp(key, name) == 0 && names_option(text_at(m, row, 9), o->base);
}

/* Option o's key `name` in `row`: 1, or 0 when there is no such key. A key o
 * does not set in its own section (inherited through base =, a default, a
 * catalog value) comes back, when edited, as a line of its own added to that
 * section: its base's line, and the options that follow it, stay. A row that
 * links to the base's cell or to a Catalog row (a formula, K naming it) is
 * unchanged while it holds that formula, whatever its value, and edited once it
 * holds a value: that value, even the same, is then the option's own. */
static int read_option_key(imp *m, const tco_option *o, const char *name, const tci_xlsx_cell *c,
                           int row)
{
    const tco_scenario *s = m->s;
    for (int k = 0; k < TCO_O_COUNT; k++) {
        const tco_keydef *kd = tco_option_key((tco_okey)k);
        if (strcmp(kd->name, name) != 0)
            continue;
        if (o->acquire == TCO_API && (k == TCO_O_COUNT_GPUS || k == TCO_O_UTILIZATION))
            return 1; /* shown, not inputs: none and 1 (MODEL.md, API options) */
        char key[300], sec[300];
        snprintf(key, sizeof key, "%s.%s", o->id, name);
        snprintf(sec, sizeof sec, "option %s", o->id);
        /* Where an edit goes: the option's own line, else a line added to its
         * section (file NULL, line 0). */
        int own = tci_option_writer(s, o, k) == o;
        const char *file = own ? o->key_file[k] : NULL;
        int line = own ? o->key_line[k] : 0;
        const char *to = row_link(m, o, k);
        int linked = to != NULL;
        if (linked && c && c->formula) {
            if (!link_kept(m, c, o, name, to))
                cell_err(m, row, 2,
                         "%s: the cell holds a formula other than the link to %s's %s: write a "
                         "value, or the link",
                         key, to, name);
            return 1; /* still the link */
        }
        if (!numeric(kd)) { /* a name typed over its link: unchanged when the same */
            m->force = linked && !reference_key(kd);
            read_text(m, kd, o, key, sec, file, line, c, row);
            m->force = 0;
            return 1;
        }
        int at = o->acquire == TCO_BUY && o->site ? tco_site_find(s, o->site) : -1;
        int cur = at >= 0 ? s->sites[at].fx : 0; /* the currency of o's section */
        if (kd->unit == TCO_U_MONEY && (cur || o->key_fx[k]) && o->src[k] != TCO_SRC_CATALOG) {
            double now = key_number(kd, o);
            read_money(m, kd, key, sec, name, file, line,
                       own && o->key_fx[k] ? o->key_written[k] : now, linked ? NAN : now, cur, c,
                       row);
            return 1;
        }
        int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
        /* The cells tco wrote as formulas: what they follow is imported instead. */
        int formula = (k == TCO_O_UTILIZATION && !o->src[k]) ||
                      (k == TCO_O_DEPRECIATION_YEARS && macrs) ||
                      (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) ||
                      ((o->fx || o->discount) && o->src[k] == TCO_SRC_CATALOG &&
                       k == (o->acquire == TCO_BUY ? TCO_O_GPU_PRICE : TCO_O_PRICE_PER_GPU_HOUR));
        double v, old = k == TCO_O_UTILIZATION ? tco_option_utilization(s, o) : key_number(kd, o);
        if (cell_number(m, c, row, kd, key, formula && !linked, &v) != 0 || (v == old && !linked))
            return 1;
        if (formula && !linked && k != TCO_O_UTILIZATION) {
            cell_err(m, row, 2,
                     "%s: tco wrote a formula here (the value follows other inputs); change "
                     "those, or the scenario file",
                     key);
            return 1;
        }
        add_change(m, key, sec, name, file, line, old, v, row);
        return 1;
    }
    return 0;
}

/* The cells of one row of Inputs: its label (A), key (B), value (C), unit
 * or second value (D), and those values as computed (F, G). */
typedef struct row_cells {
    int row;
    const tci_xlsx_cell *a, *k, *v, *d, *f, *g;
    const tci_xlsx_cell *j; /* layout 2: an option's row names its section here */
    const tci_xlsx_cell *l; /* an option's row that links to its base's cell: the base (K) */
} row_cells;

/* What a row names in messages: its key, else its label. */
static const char *row_name(const row_cells *r)
{
    if (r->k && r->k->kind == TCI_CELL_TEXT && r->k->text && *r->k->text)
        return r->k->text;
    if (r->a && r->a->kind == TCI_CELL_TEXT && r->a->text)
        return r->a->text;
    return "";
}

/* A row no key maps back: an error when its value is not the one tco wrote
 * (an edit that would be lost), else passed over. */
static void check_unmapped(imp *m, const row_cells *r)
{
    int col = -1;
    if (r->f && !tci_import_same(r->v, r->f))
        col = 2;
    else if (r->g && !tci_import_same(r->d, r->g))
        col = 3;
    if (col < 0)
        return;
    char *e = tco_text_escape(row_name(r));
    cell_err(m, r->row, col, "tco import cannot bring back '%s': change it in the scenario file",
             e ? e : "?");
    free(e);
}

/* Plan p's refresh month in `row` (MODEL.md, Refresh): the one tco computed
 * with (with auto, the one chosen; 0: none), rewritten as refresh_month when
 * changed to a month from 1 to H-1 after the last purchase. Returns 1. */
static int read_refresh_month(imp *m, size_t p, const tci_xlsx_cell *c, int row)
{
    const tco_plan *pl = &m->s->plans[p];
    char key[300], sec[300], nt[24];
    snprintf(key, sizeof key, "[plan %s] refresh_month", pl->name);
    snprintf(sec, sizeof sec, "plan %s", pl->name);
    tco_keydef kd = *tci_plan_key(TCI_P_REFRESH_MONTH), any;
    kd.type = TCO_T_INT;
    kd.lo = 1;
    kd.hi = m->s->horizon_months - 1;
    any = kd;
    any.lo = any.hi = 0; /* the month written may be 0: no refresh */
    /* With auto, the month chosen is the one tco wrote (column F). */
    double v, old = pl->refresh_month;
    if (pl->refresh_month == TCO_REFRESH_AUTO)
        old = m->asis && m->asis->kind == TCI_CELL_NUMBER ? m->asis->num : 0;
    if (cell_number(m, c, row, &any, key, 0, &v) != 0 || v == old ||
        cell_number(m, c, row, &kd, key, 0, &v) != 0)
        return 1;
    int last = pl->n_buys > 0 ? pl->buy_month[pl->n_buys - 1] : 0;
    if (pl->n_buys > 0 && v <= last) {
        cell_err(m, row, 2, "%s: the refresh (%d) must come after the last purchase (month %d)",
                 key, (int)v, last);
        return 1;
    }
    snprintf(nt, sizeof nt, "%d", (int)v);
    char *d = strdup(nt);
    if (!d) {
        m->nomem = 1;
        return 1;
    }
    add_text_change(m, key, sec, "refresh_month", pl->in_file, 0, old, v, pl->refresh_when, d, row);
    return 1;
}

/* White space, as isspace takes it in the C locale. */
#define WHITE " \t\n\v\f\r"

/* Plan p's key `name` in `row` (MODEL.md, Plans): 1, or 0 when the key is
 * not one import maps back. */
static int read_plan_key(imp *m, size_t p, const char *name, const tci_xlsx_cell *c, int row)
{
    static const int keys[] = {TCI_P_OWN_COUNT, TCI_P_RESERVE_COUNT, TCI_P_SPARES,
                               TCI_P_REFRESH_COUNT};
    const tco_scenario *s = m->s;
    const tco_plan *pl = &s->plans[p];
    int j = 0, k = -1;
    const char *what = NULL;
    /* "buy_at, N, month" and "buy_at, N, GPUs": white space allowed after each
     * comma, none at the end. */
    if (m->buys && pl->n_buys > 0 && tci_import_numbered(name, "buy_at,", &j, &what) &&
        *what == ',' && j >= 1 && (size_t)j <= pl->n_buys) {
        what += 1 + strspn(what + 1, WHITE);
        k = strcmp(what, "month") == 0 ? 0 : strcmp(what, "GPUs") == 0 ? 1 : -1;
    }
    if (k >= 0) {
        imp_buys *b = &m->buys[p]; /* brought back as one key by plan_buys */
        b->cell[k][j - 1] = c;
        b->row[k][j - 1] = row;
        b->has[k][j - 1] = 1;
        b->seen = 1;
        return 1;
    }
    if (strcmp(name, "refresh_month") == 0 && pl->refresh_i >= 0)
        return read_refresh_month(m, p, c, row);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const tco_keydef *kd = tci_plan_key(keys[i]);
        if (strcmp(kd->name, name) != 0)
            continue;
        char key[300], sec[300];
        snprintf(key, sizeof key, "[plan %s] %s", pl->name, name);
        snprintf(sec, sizeof sec, "plan %s", pl->name);
        /* The counts in effect, as the plan's figures take them (plan.c). */
        int owned = pl->own_count >= 0 ? pl->own_count
                    : pl->own_i >= 0   ? s->options[pl->own_i].count
                                       : 0;
        if (pl->n_buys)
            owned = 0;
        for (size_t j = 0; j < pl->n_buys; j++)
            owned += pl->buy_count[j];
        double v, old = key_number(kd, pl);
        if (keys[i] == TCI_P_OWN_COUNT)
            old = owned;
        else if (keys[i] == TCI_P_RESERVE_COUNT && pl->reserve_count < 0)
            old = pl->reserve_i >= 0 ? s->options[pl->reserve_i].count : 0;
        else if (keys[i] == TCI_P_REFRESH_COUNT && pl->refresh_count < 0)
            old = owned;
        /* With buy_at, own_count is the purchases' sum, a formula; a
         * refresh_count not given is own_count's. */
        int sum = (keys[i] == TCI_P_OWN_COUNT && pl->n_buys > 0) ||
                  (keys[i] == TCI_P_REFRESH_COUNT && pl->refresh_count < 0);
        if (cell_number(m, c, row, kd, key, sum, &v) != 0 || v == old)
            return 1;
        if (keys[i] == TCI_P_OWN_COUNT && pl->n_buys) {
            cell_err(m, row, 2,
                     "%s: the plan buys its GPUs in stages ('buy_at'): change those in the "
                     "scenario file",
                     key);
            return 1;
        }
        add_change(m, key, sec, name, pl->in_file, 0, old, v, row);
        return 1;
    }
    return 0;
}

/* Plan p's staged purchases as edited on Inputs (MODEL.md, Staged purchases):
 * their months and GPUs make the one key buy_at, rewritten when any changed;
 * refused as the loader refuses them (a month outside 0..H-1 or not after the
 * one before, a count not from 1 to 1,000,000). */
static void plan_buys(imp *m, size_t p)
{
    const tco_plan *pl = &m->s->plans[p];
    const imp_buys *b = &m->buys[p];
    if (!b->seen)
        return;
    char key[300], sec[300], what[340];
    snprintf(key, sizeof key, "[plan %s] buy_at", pl->name);
    snprintf(sec, sizeof sec, "plan %s", pl->name);
    int v[2][TCO_MAX_BUYS] = {{0}}, changed = 0, bad = 0, at = -1;
    for (size_t j = 0; j < pl->n_buys; j++)
        for (int k = 0; k < 2; k++) {
            if (!b->has[k][j])
                continue;
            at = at < 0 ? b->row[k][j] : at;
            tco_keydef kd = *tci_plan_key(TCI_P_BUY_AT);
            kd.type = TCO_T_INT;
            kd.lo = k ? 1 : 0;
            kd.hi = k ? 1000000 : m->s->horizon_months - 1;
            snprintf(what, sizeof what, "%s, %zu, %s", key, j + 1, k ? "GPUs" : "month");
            double x;
            if (cell_number(m, b->cell[k][j], b->row[k][j], &kd, what, 0, &x) != 0) {
                bad = 1;
                continue;
            }
            if (!k && x > kd.hi) { /* a range of one month (H = 1) is a range too */
                char nb[40];
                cell_err(m, b->row[k][j], 2, "%s is %s; it must be between 0 and %d", what,
                         tco_format_double(nb, sizeof nb, x), (int)kd.hi);
                bad = 1;
                continue;
            }
            v[k][j] = (int)x;
            changed |= v[k][j] != (k ? pl->buy_count[j] : pl->buy_month[j]);
        }
    if (bad || !changed)
        return;
    for (size_t j = 0; j < pl->n_buys; j++)
        for (int k = 0; k < 2; k++)
            if (!b->has[k][j]) {
                cell_err(m, at, 1,
                         "%s: the row of purchase %zu's %s is missing, so the changed "
                         "purchases cannot be brought back",
                         key, j + 1, k ? "GPUs" : "month");
                return;
            }
    for (size_t j = 1; j < pl->n_buys; j++)
        if (v[0][j] <= v[0][j - 1]) {
            cell_err(m, b->row[0][j], 2,
                     "%s: purchase %zu's month (%d) is not after purchase %zu's (%d)", key, j + 1,
                     v[0][j], j, v[0][j - 1]);
            return;
        }
    char text[TCO_MAX_BUYS * 24];
    size_t n = 0;
    for (size_t j = 0; j < pl->n_buys; j++)
        n +=
            (size_t)snprintf(text + n, sizeof text - n, "%s%d:%d", j ? ", " : "", v[0][j], v[1][j]);
    char *nt = strdup(text);
    if (!nt) {
        m->nomem = 1;
        return;
    }
    add_text_change(m, key, sec, "buy_at", pl->in_file, 0, 0, 0, pl->buy_at, nt, at);
}

/* A row "[demand] KEY" (MODEL.md, Demand): 1, or 0 when the scenario has no
 * [demand] or the key is not one import maps back. The seasonality factors
 * are gathered for demand_season. */
static int read_demand(imp *m, const char *name, const row_cells *r)
{
    const tco_demand *d = m->s->demand;
    if (!d)
        return 0;
    char key[300];
    int n = 0;
    const char *rest = NULL;
    const tco_keydef *kd = NULL;
    /* "seasonality, N" and "file, N", white space allowed at the end. */
    if (tci_import_numbered(name, "seasonality,", &n, &rest) && rest[strspn(rest, WHITE)] == '\0' &&
        n >= 1 && n <= 12) {
        m->season[n - 1] = r->v;
        m->season_row[n - 1] = r->row;
        return 1;
    }
    if (tci_import_numbered(name, "file,", &n, &rest) && rest[strspn(rest, WHITE)] == '\0') {
        if (!tci_import_same(r->v, r->f)) {
            char *e = tco_text_escape(d->file ? d->file : "");
            cell_err(m, r->row, 2,
                     "demand.file, month %d: tco import does not change the values of the demand "
                     "file: edit the demand file '%s'",
                     n, e ? e : "?");
            free(e);
        }
        return 1;
    }
    if (d->tokens_per_month > 0 && strcmp(name, "gpu_hours_per_month") == 0)
        return 1; /* derived from tokens_per_month (MODEL.md, Demand in tokens) */
    for (int k = 0; k < TCI_D_COUNT && !kd; k++)
        if (strcmp(tci_demand_key(k)->name, name) == 0 &&
            (k == TCI_D_REFERENCE || k == TCI_D_GPU_HOURS || k == TCI_D_GROWTH ||
             k == TCI_D_TOKENS))
            kd = tci_demand_key(k);
    if (!kd)
        return 0;
    snprintf(key, sizeof key, "demand.%s", name);
    if (!numeric(kd)) {
        read_text(m, kd, d, key, "demand", d->in_file, 0, r->v, r->row);
        return 1;
    }
    double v, old = key_number(kd, d);
    if (cell_number(m, r->v, r->row, kd, key, 0, &v) == 0 && v != old)
        add_change(m, key, "demand", name, d->in_file, 0, old, v, r->row);
    return 1;
}

/* The 12 seasonality factors gathered by read_demand: when one changed, the
 * one key `seasonality = f1, ..., f12`, checked as the loader checks it. */
static void demand_season(imp *m)
{
    const tco_demand *d = m->s->demand;
    int first = -1, last = -1, changed = 0, bad = 0;
    double f[12];
    tco_keydef kd = *tci_demand_key(TCI_D_SEASONALITY);
    kd.type = TCO_T_NUMBER;
    kd.lo = 0;
    kd.hi = 12;
    for (int k = 0; k < 12; k++) {
        if (m->season_row[k] < 0)
            continue;
        first = first < 0 ? m->season_row[k] : first;
        last = m->season_row[k];
        char key[64];
        snprintf(key, sizeof key, "demand.seasonality, %d", k + 1);
        if (cell_number(m, m->season[k], m->season_row[k], &kd, key, 0, &f[k]) != 0)
            bad = 1;
        else if (f[k] != d->season[k])
            changed = 1;
    }
    if (first < 0 || bad || !changed)
        return;
    for (int k = 0; k < 12; k++)
        if (m->season_row[k] < 0) {
            cell_err(m, first, 1,
                     "demand.seasonality: the row of month %d's factor is missing, so the "
                     "changed factors cannot be brought back",
                     k + 1);
            return;
        }
    char text[12 * 40], nb[40], msg[300];
    size_t n = 0;
    for (int k = 0; k < 12; k++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", k ? ", " : "",
                              tco_format_double(nb, sizeof nb, f[k]));
    double check[12];
    if (tci_ini_seasonality(text, check, msg, sizeof msg) != 0) {
        char full[400];
        snprintf(full, sizeof full, "demand.seasonality: %s", msg);
        range_err(m, first, last, 2, full);
        return;
    }
    char *nt = strdup(text);
    if (!nt) {
        m->nomem = 1;
        return;
    }
    add_text_change(m, "demand.seasonality", "demand", "seasonality", d->in_file, 0, 0, 0,
                    d->seasonality, nt, first);
}

/* The row of defined name `name` when it is a cell of Inputs (its column in
 * *col), else -1. */
static int name_row(imp *m, const char *name, int *col)
{
    const tci_xlsx_name *n = tci_xlsx_name_find(m->x, name);
    char *sheet = NULL;
    int row = -1, c;
    if (!n || tci_xlsx_parse_ref(n->value, &sheet, &row, col ? col : &c) != 0 ||
        strcmp(sheet, m->sheet) != 0)
        row = -1;
    free(sheet);
    return row;
}

/* Each plan's rows, by the defined names Plan{n}_OwnCount and
 * Plan{n}_ReserveCount on Inputs, -1 when there is none; and the checks'
 * tolerance's (CheckTolerance: the workbook's own setting), passed over. A name of a plan the
 * scenario does not have is an error. */
static void find_plans(imp *m)
{
    const tco_scenario *s = m->s;
    static const char *const what[] = {"OwnCount", "ReserveCount"};
    m->tolerance_row = name_row(m, "CheckTolerance", NULL);
    for (size_t p = 0; p < TCO_MAX_PLANS + 1; p++)
        for (int k = 0; k < 2; k++) {
            char nm[48];
            snprintf(nm, sizeof nm, "Plan%zu_%s", p + 1, what[k]);
            int col, row = name_row(m, nm, &col);
            if (p < TCO_MAX_PLANS)
                m->plan_row[2 * p + (size_t)k] = -1;
            if (row < 0)
                continue;
            if (p >= s->n_plans) {
                cell_err(m, row, col,
                         "the workbook has a plan number %zu (the defined name %s) and the "
                         "scenario %zu plan(s): it was written from another scenario",
                         p + 1, nm, s->n_plans);
                return;
            }
            m->plan_row[2 * p + (size_t)k] = row;
        }
}

/* The plan whose own_count or reserve_count is in `row`, or -1. */
static int plan_at(const imp *m, int row)
{
    for (size_t p = 0; p < m->s->n_plans && p < TCO_MAX_PLANS; p++)
        if (m->plan_row[2 * p] == row || m->plan_row[2 * p + 1] == row)
            return (int)p;
    return -1;
}

/* Layout 2: the option a row names in column J ("[option ID]", exactly as
 * tco writes it), or NULL. */
static const tco_option *row_option(const imp *m, const row_cells *r)
{
    const char *t = r->j && r->j->kind == TCI_CELL_TEXT ? r->j->text : NULL;
    size_t n = t ? strlen(t) : 0;
    if (n < 10 || strncmp(t, "[option ", 8) != 0 || t[n - 1] != ']' || n - 9 > 255)
        return NULL;
    char id[256];
    memcpy(id, t + 8, n - 9);
    id[n - 9] = '\0';
    int k = tco_scenario_find(m->s, id);
    return k >= 0 ? &m->s->options[k] : NULL;
}

/* A row of the Catalog block, "[catalog gpu ID] key": when its value was
 * edited, the key's line added to the section of each option whose row links
 * to it (K naming the row's section, the option's cell still that formula):
 * the catalog file is not rewritten. 1, or 0 when there is no such key. */
static int read_catalog(imp *m, const char *t, const row_cells *r)
{
    const char *close = strstr(t, "] ");
    char sec[300], key[600], osec[300];
    int k = 0, n = close ? (int)(close + 1 - t) : 0;
    if (n <= 0 || n >= (int)sizeof sec)
        return 0;
    snprintf(sec, sizeof sec, "%.*s", n, t);
    while (k < TCO_O_COUNT && strcmp(tco_option_key((tco_okey)k)->name, close + 2) != 0)
        k++;
    if (k == TCO_O_COUNT)
        return 0;
    const tco_keydef *kd = tco_option_key((tco_okey)k);
    double v = 0;
    if (cell_number(m, r->v, r->row, kd, t, 0, &v) != 0 || tci_import_same(r->v, r->f))
        return 1;
    for (size_t i = 0; i < m->sh->n; i++) {
        const tci_xlsx_cell *l = &m->sh->cells[i], *c;
        const tco_option *o;
        if (l->col != 10 || l->kind != TCI_CELL_TEXT || strcmp(l->text, sec) != 0)
            continue;
        const char *kt = text_at(m, l->row, 1);
        o = row_option(m, &(row_cells){.j = tci_xlsx_cell_at(m->sh, l->row, 9)});
        if (!o || !kt || strcmp(kt, kd->name) != 0 || !(c = tci_xlsx_cell_at(m->sh, l->row, 2)) ||
            !c->formula)
            continue;
        snprintf(key, sizeof key, "%s.%s", o->id, kd->name);
        snprintf(osec, sizeof osec, "option %s", o->id);
        add_change(m, key, osec, kd->name, NULL, 0, key_number(kd, o), v, r->row);
    }
    return 1;
}

/* The key of row r, "[...] ..." or an option's or a plan's bare key: 1 when
 * it is mapped back (or an error said why not). */
static int read_key(imp *m, const row_cells *r, const tco_option **opt, int *plan)
{
    const char *t = r->k->text, *p;
    char a[256], b[256];
    size_t n;
    if (t[0] != '[')
        return *opt         ? read_option_key(m, *opt, t, r->v, r->row)
               : *plan >= 0 ? read_plan_key(m, (size_t)*plan, t, r->v, r->row)
                            : 0;
    *opt = NULL;
    *plan = -1;
    /* "[option ID]": one white space after "option", an ID of 1 to 255 bytes
     * that does not start with white space, the closing bracket last. */
    if (strncmp(t, "[option", 7) == 0 && isspace((unsigned char)t[7]) &&
        !isspace((unsigned char)t[8]) && (n = tci_import_take(t + 8, "]", a)) >= 1 && n <= 255 &&
        strcmp(t + 8 + n, "]") == 0) {
        int k = tco_scenario_find(m->s, a);
        if (k < 0) {
            char *e = tco_text_escape(a);
            cell_err(m, r->row, 1, "the option '%s' is not in the scenario", e ? e : "?");
            free(e);
        } else {
            *opt = &m->s->options[k];
        }
        return 1;
    }
    if (strncmp(t, "[demand] ", 9) == 0)
        return read_demand(m, t + 9, r);
    if (strncmp(t, "[catalog ", 9) == 0)
        return read_catalog(m, t, r);
    /* "[site NAME] key", "[fx] CODE", "[section] key": white space allowed
     * before a site's name and before the word after the bracket; a name of 1
     * to 255 bytes, the word's first 255 taken, what follows it passed over. */
    if (strncmp(t, "[site", 5) == 0) {
        p = t + 5 + strspn(t + 5, WHITE);
        if ((n = tci_import_take(p, "]", a)) >= 1 && n <= 255 && p[n] == ']' &&
            tci_import_take(p + n + 1 + strspn(p + n + 1, WHITE), WHITE, b) >= 1)
            return read_site(m, a, b, r->v, r->row);
    }
    if (strncmp(t, "[fx]", 4) == 0 && tci_import_take(t + 4 + strspn(t + 4, WHITE), WHITE, a) >= 1)
        return read_named(m, 0, a, r->v, r->row);
    if (strncmp(t, "[discount", 9) == 0 &&
        (n = tci_import_take(p = t + 9 + strspn(t + 9, WHITE), "]", a)) && n <= 255 &&
        p[n] == ']' && strcmp(p + n + 1 + strspn(p + n + 1, WHITE), "fraction") == 0)
        return read_named(m, 1, a, r->v, r->row);
    p = t + 1;
    if ((n = tci_import_take(p, "] ", a)) >= 1 && n <= 255 && p[n] == ']' &&
        tci_import_take(p + n + 1 + strspn(p + n + 1, WHITE), WHITE, b) >= 1)
        return read_global(m, a, b, r->v, r->row);
    return 0;
}

/* Read every row of the Inputs sheet below its headings. A bare key belongs
 * to the option its row names in column J (layout 2); in a workbook of
 * layout 1, to the option block above it ("[option ID]", its rows unbroken),
 * a gap or a heading ending the block so that rows whose "[option ID]" cell
 * was cleared are no option's (their edits refused), not the option's above.
 * A plan's bare key belongs to the plan block it is in (a run of rows holding
 * a plan's own_count or reserve_count). */
static void read_rows(imp *m, const tci_xlsx_sheet *sh)
{
    const tco_option *opt = NULL;
    int plan = -1, prev = -1;
    for (int k = 0; k < 12; k++)
        m->season_row[k] = -1;
    find_plans(m);
    for (size_t i = 0; i < sh->n && !m->nomem;) {
        row_cells r = {.row = sh->cells[i].row};
        for (; i < sh->n && sh->cells[i].row == r.row; i++) {
            const tci_xlsx_cell *c = &sh->cells[i];
            const tci_xlsx_cell **slot[] = {&r.a, &r.k, &r.v, &r.d, NULL, &r.f,
                                            &r.g, NULL, NULL, &r.j, &r.l};
            if (c->col >= 0 && c->col < 11 && slot[c->col])
                *slot[c->col] = c;
        }
        if (r.row <= m->head_row || r.row == m->tolerance_row)
            continue; /* the checks' tolerance: the workbook's own, no scenario's key */
        if (r.row != prev + 1 || (!r.k && !r.v)) { /* a gap, or a heading */
            plan = -1;
            opt = NULL;
        }
        prev = r.row;
        int p = plan_at(m, r.row);
        if (p >= 0) {
            plan = p;
            opt = NULL;
        }
        if (m->layout >= 2) /* the row names its option itself, or is none's */
            opt = row_option(m, &r);
        m->asis = r.f;
        m->link = r.l;
        int mapped = 0;
        if (r.k && r.k->kind == TCI_CELL_TEXT && !r.k->formula && r.k->text)
            mapped = read_key(m, &r, &opt, &plan);
        if (!mapped)
            check_unmapped(m, &r);
    }
    if (!m->nomem)
        demand_season(m);
    for (size_t p = 0; m->buys && p < m->s->n_plans && !m->nomem; p++)
        plan_buys(m, p);
}

/* See tco.h. */
void tco_import_free(tco_import *im)
{
    if (!im)
        return;
    for (size_t i = 0; i < im->n; i++)
        change_free(&im->changes[i]);
    free(im->changes);
    free(im->place);
    free(im);
}

/* The Inputs of workbook x (opened with status st) into *out. */
static tco_status import_open(tci_xlsx *x, tco_status st, const tco_scenario *s, tco_import **out,
                              tco_diags *diags)
{
    imp m = {.x = x, .s = s, .diags = diags, .tolerance_row = -1};
    tci_xlsx_sheet sh = {0};
    if (st == TCO_OK && find_inputs(&m, &sh) < 0)
        st = TCO_ERR_INPUT;
    if (st == TCO_OK && !(m.out = calloc(1, sizeof *m.out)))
        st = TCO_ERR_NOMEM;
    for (size_t p = 0; st == TCO_OK && p < s->n_plans && !m.buys; p++)
        if (s->plans[p].n_buys > 0 && !(m.buys = calloc(s->n_plans, sizeof *m.buys)))
            st = TCO_ERR_NOMEM;
    if (st == TCO_OK) {
        char *sheet = tco_text_escape(m.sheet);
        size_t n = strlen(x->file) + (sheet ? strlen(sheet) : 1) + 3;
        if (!sheet || !(m.out->place = malloc(n)))
            st = TCO_ERR_NOMEM;
        else
            snprintf(m.out->place, n, "%s: %s", x->file, sheet);
        free(sheet);
    }
    if (st == TCO_OK) {
        m.sh = &sh;
        read_rows(&m, &sh);
        st = m.nomem ? TCO_ERR_NOMEM : m.errors ? TCO_ERR_INPUT : TCO_OK;
    }
    tci_xlsx_sheet_free(&sh);
    free(m.buys);
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
