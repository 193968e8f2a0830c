/* import_cell.c - what a cell of Inputs says, for `tco import`: whether it is
 * as tco wrote it, a money value in the currency of the section it is
 * written back to (MODEL.md, Sites), and the words of a key of the key
 * column. */
#include "load/xlsx_read.h"
#include "core/core.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rate of fx (index + 1 in s->fx) as sheet sh has it, edited or not: the
 * number of its row "[fx] CODE"; the scenario's rate when the row holds none
 * (its own row reports that). */
static double sheet_rate(const tci_xlsx_sheet *sh, const tco_scenario *s, int fx)
{
    char key[16];
    snprintf(key, sizeof key, "[fx] %s", s->fx[fx - 1].code);
    for (size_t i = 0; i < sh->n; i++) {
        const tci_xlsx_cell *k = &sh->cells[i];
        if (k->col != 1 || k->kind != TCI_CELL_TEXT || !k->text || strcmp(k->text, key) != 0)
            continue;
        const tci_xlsx_cell *v = tci_xlsx_cell_at(sh, k->row, 2);
        if (v && v->kind == TCI_CELL_NUMBER && !v->formula && v->num > 0)
            return v->num;
        break;
    }
    return s->fx[fx - 1].rate;
}

/* The value as written of a converted value's formula t that begins with a
 * reference to column L ($L$40, as tco writes it): the number there in *p,
 * the rest of the formula in *end. 0 when t does not begin so, or the cell
 * holds no number. */
static int written_at(const tci_xlsx_sheet *sh, const char *t, double *p, char **end)
{
    const char *q = t;
    if (*q == '$')
        q++;
    if (*q != 'L' && *q != 'l')
        return 0;
    q++;
    if (*q == '$')
        q++;
    if (*q < '1' || *q > '9')
        return 0;
    char *e;
    long row = strtol(q, &e, 10);
    if (row < 1 || row > 1048576)
        return 0;
    const tci_xlsx_cell *v = tci_xlsx_cell_at(sh, (int)row - 1, 11);
    if (!v || v->kind != TCI_CELL_NUMBER)
        return 0;
    *p = v->num;
    *end = e;
    return 1;
}

/* See xlsx_read.h. */
int tci_import_money(const tci_xlsx_sheet *sh, const tco_scenario *s, const tci_xlsx_cell *c,
                     int to, double *out)
{
    double v;
    if (c->formula) {
        /* tco's formula of a converted value, P/Fx_CODE: P in CODE, the number
         * or a reference to the cell of its row's column L that holds it. */
        const char *t = c->ftext ? c->ftext : "";
        char *end;
        double p;
        if (!written_at(sh, t, &p, &end))
            p = strtod(t, &end);
        int from = 0;
        for (size_t k = 0; end != t && k < s->n_fx && !from; k++)
            if (strncmp(end, "/Fx_", 4) == 0 && strcmp(end + 4, s->fx[k].code) == 0)
                from = (int)k + 1;
        if (!from)
            return 0;
        if (from == to) {
            *out = p;
            return 1;
        }
        v = p / sheet_rate(sh, s, from);
    } else if (c->kind == TCI_CELL_NUMBER) {
        v = c->num; /* in the scenario's currency */
    } else {
        return 0;
    }
    *out = to ? v * sheet_rate(sh, s, to) : v;
    return 1;
}

/* See xlsx_read.h. */
int tci_import_same(const tci_xlsx_cell *c, const tci_xlsx_cell *as)
{
    if (c && c->kind == TCI_CELL_NONE)
        return 1; /* a formula saved without its value: as tco wrote it */
    int ce = !c || (c->kind == TCI_CELL_TEXT && (!c->text || !*c->text));
    int ae = !as || (as->kind == TCI_CELL_TEXT && (!as->text || !*as->text));
    if (ce || ae)
        return ce && ae;
    if (c->kind != as->kind)
        return 0;
    if (c->kind == TCI_CELL_NUMBER || c->kind == TCI_CELL_BOOL)
        return c->formula ? fabs(c->num - as->num) <= 1e-9 * fmax(1, fabs(as->num))
                          : c->num == as->num;
    return c->text && as->text && strcmp(c->text, as->text) == 0;
}

/* See xlsx_read.h. */
int tci_import_named_find(const tco_scenario *s, int discount, const char *name,
                          tci_import_named *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; !discount && i < s->n_fx; i++) {
        if (strcmp(s->fx[i].code, name) != 0)
            continue;
        out->kd = *tci_fx_key();
        snprintf(out->key, sizeof out->key, "fx.%s", s->fx[i].code);
        snprintf(out->section, sizeof out->section, "fx");
        out->name = s->fx[i].code;
        out->file = s->fx[i].file;
        out->line = s->fx[i].line;
        out->value = s->fx[i].rate;
        return 1;
    }
    for (size_t i = 0; discount && i < s->n_discounts; i++) {
        const tco_discount *d = &s->discounts[i];
        if (strcmp(d->name, name) != 0)
            continue;
        /* The loader's range: above -1 and below 1 (ini_discount.c). */
        out->kd = (tco_keydef){.name = "fraction",
                               .section = "discount",
                               .type = TCO_T_NUMBER,
                               .unit = TCO_U_RATIO,
                               .lo = -0.999999,
                               .hi = 0.999999};
        snprintf(out->key, sizeof out->key, "discount.%s.fraction", d->name);
        snprintf(out->section, sizeof out->section, "discount %s", d->name);
        out->name = "fraction";
        out->file = d->file;
        out->line = d->fraction_line;
        out->value = d->fraction;
        return 1;
    }
    return 0;
}

/* See xlsx_read.h. */
int tci_import_numbered(const char *name, const char *head, int *n, const char **rest)
{
    size_t len = strlen(head);
    return strncmp(name, head, len) == 0 && tco_parse_int(name + len, n, rest);
}

/* See xlsx_read.h. */
size_t tci_import_take(const char *p, const char *stop, char buf[256])
{
    size_t n = strcspn(p, stop), k = n < 255 ? n : 255;
    memcpy(buf, p, k);
    buf[k] = '\0';
    return n;
}
