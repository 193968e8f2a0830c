/* compare_text.c - the cells of a comparison for people (tco_compare_cell,
 * tco_compare_input_cell): the one place that says how `tco compare`'s table
 * and Markdown write a figure, its change and an input. */
#include "tco.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* x for people by kind, with a leading '+' when `sign` and x > 0 (a value
 * that rounds to zero has no sign); NAN "n/a". */
static const char *number_text(char *buf, size_t size, const tco_comparison *c, tco_figure_kind k,
                               double x, int sign)
{
    char t[TCO_NUMTEXT_MAX];
    if (!isfinite(x)) {
        snprintf(buf, size, "n/a");
        return buf;
    }
    switch (k) {
    case TCO_FIG_MONEY:
        tco_group_thousands(t, sizeof t, x, 0);
        break;
    case TCO_FIG_MONEY_CENTS:
    case TCO_FIG_DECIMAL:
        tco_group_thousands(t, sizeof t, x, 2);
        break;
    case TCO_FIG_UNIT_COST:
        tco_format_sig(t, sizeof t, x, TCO_UNIT_COST_DIGITS);
        break;
    case TCO_FIG_COST_PER_UNIT:
        tco_format_sig(t, sizeof t, x * c->unit_scale.per, TCO_UNIT_COST_DIGITS);
        break;
    case TCO_FIG_RATE: /* a fraction: percent, or percentage points for a change */
        tco_group_thousands(t, sizeof t, x * 100, 1);
        break;
    case TCO_FIG_FLAG:
        snprintf(t, sizeof t, "%s", x ? "yes" : "no");
        break;
    default: /* whole numbers, months, ranks */
        tco_group_thousands(t, sizeof t, x, 0);
        break;
    }
    int plus = sign && t[0] != '-' && strspn(t, "0.,") != strlen(t);
    snprintf(buf, size, "%s%s", plus ? "+" : "", t);
    return buf;
}

/* See documentation in tco.h. */
const char *tco_compare_cell(char *buf, size_t size, const tco_comparison *c,
                             const tco_figure_diff *f, tco_cmp_cell cell)
{
    if (!buf || size == 0)
        return buf;
    snprintf(buf, size, "%s", TCO_DASH);
    if (!c || !f)
        return buf;
    if (cell == TCO_CELL_A || cell == TCO_CELL_B) {
        int b = cell == TCO_CELL_B;
        const char *text = b ? f->text_b : f->text_a;
        if (f->kind == TCO_FIG_TEXT)
            return text ? text : buf;
        if (!(b ? f->applies_b : f->applies_a))
            return buf;
        if (text) /* a break-even's word */
            return text;
        number_text(buf, size, c, f->kind, b ? f->b : f->a, 0);
        if (f->kind == TCO_FIG_RATE && isfinite(b ? f->b : f->a))
            strncat(buf, "%", size - strlen(buf) - 1);
        return buf;
    }
    if (f->kind == TCO_FIG_TEXT || f->kind == TCO_FIG_FLAG || isnan(f->delta))
        return buf;
    if (cell == TCO_CELL_DELTA) {
        number_text(buf, size, c, f->kind, f->delta, 1);
        if (f->kind == TCO_FIG_RATE)
            strncat(buf, " pp", size - strlen(buf) - 1);
        return buf;
    }
    if (isnan(f->change))
        return buf;
    number_text(buf, size, c, TCO_FIG_RATE, f->change, 1);
    strncat(buf, "%", size - strlen(buf) - 1);
    return buf;
}

/* Decimals of a number written with %.15g: the digits after its point; -1
 * when it has an exponent. */
static int text_decimals(const char *t)
{
    if (strpbrk(t, "eE"))
        return -1;
    const char *dot = strchr(t, '.');
    return dot ? (int)strlen(dot + 1) : 0;
}

/* See documentation in tco.h. */
const char *tco_compare_input_cell(char *buf, size_t size, const tco_input_diff *d,
                                   tco_cmp_cell cell)
{
    if (!buf || size == 0)
        return buf;
    snprintf(buf, size, "%s", TCO_DASH);
    if (!d)
        return buf;
    int number = d->def && !isnan(d->a_value) && !isnan(d->b_value);
    int rate = number && d->def->unit == TCO_U_FRACTION;
    int money = number && d->def->unit == TCO_U_MONEY;
    if (cell == TCO_CELL_A || cell == TCO_CELL_B) {
        const char *t = cell == TCO_CELL_B ? d->b : d->a;
        double x = cell == TCO_CELL_B ? d->b_value : d->a_value;
        if (rate) {
            snprintf(buf, size, "%.12g%%", x * 100);
            return buf;
        }
        int dec = text_decimals(t);
        if (money && dec >= 0 && dec <= 6)
            return tco_group_thousands(buf, size, x, dec);
        return t;
    }
    if (cell != TCO_CELL_DELTA || !number)
        return buf;
    double delta = tco_compare_delta(d->a_value, d->b_value);
    char t[TCO_NUMTEXT_MAX];
    if (rate) {
        snprintf(t, sizeof t, "%.12g", delta * 100);
        snprintf(buf, size, "%s%s pp", delta > 0 ? "+" : "", t);
        return buf;
    }
    int da = text_decimals(d->a), db = text_decimals(d->b);
    int dec = da > db ? da : db;
    if (da < 0 || db < 0 || dec > 6)
        snprintf(t, sizeof t, "%.12g", delta);
    else
        tco_group_thousands(t, sizeof t, delta, dec);
    snprintf(buf, size, "%s%s", delta > 0 ? "+" : "", t);
    return buf;
}
