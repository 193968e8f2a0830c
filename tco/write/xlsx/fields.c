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
    /* tCO2e per training run reads a run's GPU-hours on the Workload sheet
     * (MODEL.md, Carbon): shown where that sheet sizes a run. */
    if (fi == TCI_F_TCO2E_PER_RUN && c->wl_gh == XW_NONE)
        return 0;
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
    case TCI_FU_KWH:
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
    case TCI_FU_TCO2E:
        return XN_DEC2;
    case TCI_FU_TCO2E_PER_UNIT: /* tonnes, not money, and tiny: three significant digits */
        return XN_SCI;
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
    {TCI_FU_TCO2E, XW_KEY("unit.tco2e"), "tCO2e"},
    {TCI_FU_KWH, XW_KEY("unit.kwh"), "kWh"},
};

/* The units of work a cost per unit is shown per, at the terminal table's
 * scale (MODEL.md, Unit costs for people): "1M tokens", "request". */
static const char *scaled_units(const xw_ctx *c, char *buf, size_t size)
{
    tco_unit_scale sc = tco_result_unit_scale(c->r);
    tci_utf8_format(buf, size, "%s%s%s", sc.prefix, c->unit, tco_unit_plural(c->unit, sc.per));
    return buf;
}

/* See fields.h. */
void xw_field_unit(xw_ctx *c, int fi, char *buf, size_t size)
{
    const char *cur = c->currency;
    tci_funit unit = tci_field_get((tci_field_id)fi)->unit;
    if (fi == TCI_F_BREAKEVEN_TOKENS_PER_DAY) { /* MODEL.md, API options: tokens */
        tci_utf8_format(buf, size, "%s", xw_label(c, XW_KEY("unit.tokens_a_day"), "tokens a day"));
        return;
    }
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
    case TCI_FU_MONEY_PER_UNIT: {
        /* At the terminal table's scale (MODEL.md, Unit costs for people). */
        char units[XW_TBUF];
        xw_labelf(c, buf, size, "unit.money_per_unit.scaled", "{currency} per {units}", "currency",
                  cur, "units", scaled_units(c, units, sizeof units), NULL);
        break;
    }
    default: /* text, rank */
        buf[0] = '\0';
        break;
    }
}

/* The workbook's own labels of fields whose figures it shows otherwise than the
 * other outputs: receipts negative (WORKBOOK.md, Conventions), a lease's capex
 * not paid, a loan's repayments within capex. */
static const struct {
    int fi;
    const char *key, *english;
} book_labels[] = {
    {TCI_F_CAPEX, XW_KEY("summary.field.capex.price"),
     "Capex (the hardware's price; none for a lease)"},
    {TCI_F_LOAN_AMOUNT, XW_KEY("summary.field.loan_proceeds"),
     "Loan proceeds at month 0 (received)"},
    {TCI_F_LOAN_PRINCIPAL, XW_KEY("summary.field.loan_principal.repays"),
     "Loan principal repaid (repays the proceeds)"},
    {TCI_F_LOAN_BALANCE, XW_KEY("summary.field.loan_balance.repays"),
     "Loan balance paid at the horizon (repays the proceeds)"},
    {TCI_F_RESIDUAL, XW_KEY("summary.field.residual.received"), "Residual value (received)"},
};

/* See fields.h. */
void xw_field_label(xw_ctx *c, int fi, char *buf, size_t size)
{
    const tci_field *f = tci_field_get((tci_field_id)fi);
    if (fi == TCI_F_COST_PER_UNIT) {
        char units[XW_TBUF];
        xw_labelf(c, buf, size, "summary.field.cost_per_unit.scaled", "Cost per {units}", "units",
                  scaled_units(c, units, sizeof units), NULL);
        return;
    }
    for (size_t k = 0; k < sizeof book_labels / sizeof book_labels[0]; k++)
        if (book_labels[k].fi == fi) {
            tci_utf8_format(buf, size, "%s",
                            xw_label(c, book_labels[k].key, book_labels[k].english));
            return;
        }
    /* The rank names the figure that orders it ([scenario] rank_by). */
    if (fi == TCI_F_RANK && c->s->rank_by == TCO_RANK_NPV) {
        tci_utf8_format(
            buf, size, "%s",
            xw_label(c, "summary.field.rank.npv", "Rank (1 = lowest net present value)"));
        return;
    }
    if (fi == TCI_F_RANK && c->s->rank_by == TCO_RANK_AFTER_TAX_NPV) {
        tci_utf8_format(buf, size, "%s",
                        xw_label(c, "summary.field.rank.after_tax_npv",
                                 "Rank (1 = lowest net present value after tax)"));
        return;
    }
    if (fi == TCI_F_CARBON_COST && c->s->carbon_in_total) { /* MODEL.md, The carbon cost in
                                                                the total */
        tci_utf8_format(
            buf, size, "%s",
            xw_label(c, "summary.field.carbon_cost.in_total", "Carbon cost (in the total)"));
        return;
    }
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
    double v = tci_field_number(f, c->r, i) * xw_field_sign(fi);
    if (fi == TCI_F_COST_PER_UNIT) /* at the table's scale */
        v *= tco_result_unit_scale(c->r).per;
    text[0] = '\0';
    if (fi == TCI_F_BREAKEVEN_TOKENS_PER_DAY && (tci_field_word(f, c->r, i) || v < 1)) {
        /* MODEL.md, API options: below a token a day, the table's words */
        tci_utf8_format(text, size, "%s",
                        v < 1 ? xw_tokens_any_word(c).text : xw_tokens_never_word(c).text);
        return v;
    }
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
size_t xw_breakdown_fields(const xw_ctx *c, int with_tax, int *fi, size_t max)
{
    static const int extra[] = {TCI_F_LOAN_INTEREST, TCI_F_LEASE_PAYMENTS, TCI_F_LEASE_BUYOUT,
                                TCI_F_COMMITMENT,    TCI_F_RESIDUAL,       TCI_F_TAX};
    size_t n = 0;
    for (int f = TCI_F_CAPEX; f < TCI_F_LINES_END && n < max; f++)
        if (xw_field_shown(c, f))
            fi[n++] = f;
    for (size_t k = 0; k < sizeof extra / sizeof extra[0] && n < max; k++)
        if (xw_field_shown(c, extra[k]) && (extra[k] != TCI_F_TAX || with_tax))
            fi[n++] = extra[k];
    return n;
}

/* See fields.h. */
double xw_field_sign(int fi)
{
    return fi == TCI_F_RESIDUAL || fi == TCI_F_LOAN_AMOUNT ? -1 : 1;
}

/* See fields.h. */
int xw_field_applies(const xw_ctx *c, size_t i, int fi)
{
    /* A lease pays no capex: its payments are the cost (MODEL.md, Leases). */
    if (fi == TCI_F_CAPEX && c->os[i].lease)
        return 0;
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
    case TCI_FA_CARBON_BUY: /* MODEL.md, Carbon */
        return c->os[i].buy;
    case TCI_FA_CARBON_RENT:
        return !c->os[i].buy;
    case TCI_FA_SELF_HOSTED: /* MODEL.md, API options */
        return c->s->options[i].acquire != TCO_API;
    case TCI_FA_ALL:
    default:
        return 1;
    }
}
