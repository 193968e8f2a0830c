/* fields.c - the workbook's view of the result field table (fields.h): which
 * fields the Summary and the Checks show, and each one's number format, unit,
 * label, block heading and engine value. */
#include "write/xlsx/fields.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>

/* See fields.h. */
int xw_field_shown(const xw_ctx *c, int fi)
{
    const tci_field *f = tci_field_get((tci_field_id)fi);
    return f && (f->outputs & TCI_OUT_SUMMARY) && tci_field_in(f, c->r);
}

/* See fields.h. */
int xw_field_checked(const xw_ctx *c, int fi)
{
    return xw_field_shown(c, fi) && tci_field_get((tci_field_id)fi)->unit != TCI_FU_TEXT;
}

/* See fields.h. */
xw_numfmt xw_field_numfmt(int fi)
{
    switch (tci_field_get((tci_field_id)fi)->unit) {
    case TCI_FU_GPUS:
    case TCI_FU_GPU_HOURS:
    case TCI_FU_MONTH:
    case TCI_FU_RANK:
        return XN_INT;
    case TCI_FU_FRACTION:
        return XN_PCT;
    case TCI_FU_MONEY:
        return XN_MONEY;
    case TCI_FU_MONEY_PER_GPU_HOUR:
        return XN_MONEY2;
    case TCI_FU_MONEY_PER_PFLOP_HOUR:
        return XN_MONEY_PF;
    case TCI_FU_MONEY_PER_UNIT:
        return XN_MONEY_UN;
    case TCI_FU_UNITS_PER_S_PER_KW:
    case TCI_FU_KW:
        return XN_DEC2;
    case TCI_FU_FLAG:
        return XN_FLAG;
    case TCI_FU_TEXT:
    default:
        return XN_NONE;
    }
}

/* The units shown as a label of their own. */
static const struct {
    tci_funit unit;
    const char *key, *english;
} unit_labels[] = {
    {TCI_FU_GPUS, XW_KEY("unit.gpus"), "GPUs"},
    {TCI_FU_GPU_HOURS, XW_KEY("unit.gpu_hours"), "GPU-hours"},
    {TCI_FU_UNITS_PER_S_PER_KW, XW_KEY("unit.per_s_per_kw"), "per s per kW"},
    {TCI_FU_KW, XW_KEY("unit.kw"), "kW"},
    {TCI_FU_MONTH, XW_KEY("unit.month"), "month"},
};

/* See fields.h. */
void xw_field_unit(xw_ctx *c, int fi, char *buf, size_t size)
{
    const char *cur = c->currency;
    tci_funit unit = tci_field_get((tci_field_id)fi)->unit;
    for (size_t k = 0; k < sizeof unit_labels / sizeof unit_labels[0]; k++)
        if (unit_labels[k].unit == unit) {
            tci_utf8_format(buf, size, "%s",
                            xw_label(c, unit_labels[k].key, unit_labels[k].english));
            return;
        }
    switch (unit) {
    case TCI_FU_FRACTION:
        tci_utf8_format(buf, size, "%%");
        break;
    case TCI_FU_MONEY:
        tci_utf8_format(buf, size, "%s", cur);
        break;
    case TCI_FU_MONEY_PER_GPU_HOUR:
        xw_labelf(c, buf, size, "unit.money_per_gpu_hour", "{currency} per GPU-hour", "currency",
                  cur, NULL);
        break;
    case TCI_FU_MONEY_PER_PFLOP_HOUR:
        xw_labelf(c, buf, size, "unit.money_per_pflop_hour", "{currency} per PFLOP-hour",
                  "currency", cur, NULL);
        break;
    case TCI_FU_MONEY_PER_UNIT:
        xw_labelf(c, buf, size, "unit.money_per_unit", "{currency} per {unit}", "currency", cur,
                  "unit", c->unit, NULL);
        break;
    default: /* text, rank */
        buf[0] = '\0';
        break;
    }
}

/* See fields.h. */
void xw_field_label(xw_ctx *c, int fi, char *buf, size_t size)
{
    const tci_field *f = tci_field_get((tci_field_id)fi);
    xw_labelf(c, buf, size, f->label_key, f->label, "unit", c->unit, NULL);
}

/* See fields.h. */
const char *xw_group_label(xw_ctx *c, int fi)
{
    const tci_field *f = tci_field_get((tci_field_id)fi);
    return f->group_key ? xw_label(c, f->group_key, f->group) : NULL;
}

/* See fields.h. */
double xw_field_value(xw_ctx *c, size_t i, int fi, char *text, size_t size)
{
    const tci_field *f = tci_field_get((tci_field_id)fi);
    double v = tci_field_number(f, c->r, i);
    text[0] = '\0';
    if (isfinite(v))
        return v;
    if (tci_field_word(f, c->r, i) && (fi == TCI_F_IRR || fi == TCI_F_MIRR ||
                                       fi == TCI_F_IRR_AFTER_TAX || fi == TCI_F_MIRR_AFTER_TAX)) {
        const char *note = fi == TCI_F_IRR             ? c->r->options[i].irr_note
                           : fi == TCI_F_IRR_AFTER_TAX ? c->r->options[i].irr_after_tax_note
                                                       : NULL;
        tci_utf8_format(text, size, "%s", xw_irr_word(c, note).text);
    } else if (tci_field_word(f, c->r, i)) {
        tco_breakeven_note note = fi != TCI_F_BREAKEVEN_UTILIZATION
                                      ? TCO_BE_NEVER
                                      : c->r->options[i].breakeven_utilization_note;
        tci_utf8_format(text, size, "%s", xw_be_word(c, note).text);
    } else {
        tci_utf8_format(text, size, "%s", xw_na_word(c).text);
    }
    return v;
}

/* See fields.h. */
int xw_field_applies(const xw_ctx *c, size_t i, int fi)
{
    switch (tci_field_get((tci_field_id)fi)->applies) {
    case TCI_FA_BUY:
        return c->os[i].buy;
    case TCI_FA_BASELINE:
        return c->os[i].has_base;
    case TCI_FA_TERM:
        return c->os[i].term || c->os[i].lease;
    case TCI_FA_LOAN:
        return c->os[i].loan;
    case TCI_FA_LEASE:
        return c->os[i].lease;
    case TCI_FA_TAX:
        return c->s->tax;
    case TCI_FA_TAX_BASELINE:
        return c->s->tax && c->os[i].has_base;
    case TCI_FA_ALL:
    default:
        return 1;
    }
}
