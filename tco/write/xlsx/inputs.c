/* inputs.c - the Inputs sheet: every assumption, global and per option, with
 * its unit and source; the workbook's formulas refer to its cells and defined
 * names. Numbers the formulas use are inputs (yellow), the others fixed. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/inputs.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"
#include "core/core.h"
#include "util/date.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ===== Source of an input ===== */

/* A key filled from the price catalog: the entry's file, line and as-of date,
 * and a stale mark on the price when it is older than stale_after_months. */
static void catalog_source(xw_ctx *c, char *buf, size_t size, const tco_option *o, tco_okey k)
{
    int from_offer =
        o->offer_entry && (k == TCO_O_GPU || k == TCO_O_PRICING || k == TCO_O_PRICE_PER_GPU_HOUR ||
                           k == TCO_O_TERM_MONTHS || k == TCO_O_EGRESS_PER_TB);
    const char *file = NULL, *as_of = NULL;
    int line = 0;
    if (k == TCO_O_KGCO2E_PER_GPU_HOUR && o->grid_region) { /* MODEL.md, Carbon */
        file = o->grid_region->file;
        line = o->grid_region->line;
        as_of = o->grid_region->as_of;
    } else if (from_offer) {
        file = o->offer_entry->file;
        line = o->offer_entry->line;
        as_of = o->offer_entry->as_of;
    } else if (o->model) {
        file = o->model->file;
        line = o->model->line;
        as_of = o->model->as_of;
    }
    if (!file) {
        tci_utf8_format(buf, size, "%s", xw_label(c, "source.catalog", "catalog"));
        return;
    }
    char *f = xw_clean_text(c, xw_base_name(file), 200), *a = xw_clean_text(c, as_of, 32);
    char fl[260];
    tci_utf8_format(fl, sizeof fl, "%s:%d", f ? f : "", line);
    if (a)
        xw_labelf(c, buf, size, "source.catalog.as_of", "catalog {file} (as of {date})", "file", fl,
                  "date", a, NULL);
    else
        xw_labelf(c, buf, size, "source.catalog.file", "catalog {file}", "file", fl, NULL);
    size_t n = strlen(buf);
    if (o->price_stale && (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR) && n < size)
        xw_labelf(c, buf + n, size - n, "source.stale", ", STALE: {months} months old", "months",
                  xw_int(o->price_age_months).s, NULL);
    free(f);
    free(a);
}

/* The label key of an INI key: "input.SECTION.NAME", with a suffix such as ".unit". */
static const char *key_label_key(char *buf, size_t size, const tco_keydef *kd, const char *suffix)
{
    tci_utf8_format(buf, size, "input.%s.%s%s", kd->section, kd->name, suffix);
    return buf;
}

/* See sheets.h: the unit beside a key's value, the template's
 * "input.SECTION.NAME.unit" (with {currency} and {unit} filled in), else the key
 * table's unit, the currency in front of money; "%" for fractions without a unit of
 * their own. */
void xw_key_unit(xw_ctx *c, char *buf, size_t size, const tco_keydef *kd)
{
    const char *ul = kd->unit_label ? kd->unit_label : "";
    char english[160], k[128];
    if (kd->unit == TCO_U_MONEY)
        tci_utf8_format(english, sizeof english, "{currency}%s%s", *ul ? " " : "", ul);
    else if (kd->unit == TCO_U_RATE)
        tci_utf8_format(english, sizeof english, "{unit}s/s per GPU");
    else
        tci_utf8_format(english, sizeof english, "%s", ul);
    if (kd->unit == TCO_U_FRACTION && !*ul)
        tci_utf8_format(buf, size, "%%");
    else if (!*english)
        buf[0] = '\0';
    else
        xw_labelf(c, buf, size, key_label_key(k, sizeof k, kd, ".unit"), english, "currency",
                  c->currency ? c->currency : "", "unit", c->unit ? c->unit : "", NULL);
}

/* A data validation from the key's range, so a typing slip is caught. */
static void validate_input(xw_ctx *c, lxw_worksheet *ws, int row, const tco_keydef *kd)
{
    if (!(kd->hi > kd->lo))
        return;
    xw_in_validate(c, ws, row, kd->name, kd->lo, kd->hi, kd->type == TCO_T_INT);
}

/* A data validation of a choice: one of the key's spellings. */
static void validate_choice(xw_ctx *c, lxw_worksheet *ws, int row, const tco_keydef *kd)
{
    char title[200], in_title[200], msg[600], cut[600];
    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = LXW_VALIDATION_TYPE_LIST;
    dv.value_list = (char **)(uintptr_t)kd->names; /* read only, though not const */
    dv.error_title = xw_label_cut(xw_label(c, "inputs.validation.title", "Out of range"), title,
                                  sizeof title, 32);
    dv.input_title = xw_label_cut(xw_label(c, "inputs.validation.input_title", "Input"), in_title,
                                  sizeof in_title, 32);
    xw_labelf(c, msg, sizeof msg, "inputs.validation.choice", "{key}: one of the listed values.",
              "key", kd->name, NULL);
    dv.input_message = xw_label_cut(msg, cut, sizeof cut, 255);
    xw_note(c, worksheet_data_validation_cell(ws, (lxw_row_t)row, XW_COL_VAL, &dv));
}

/* A data validation of a calendar month's cell (`start`): a date from
 * 1970-01 to 9999-12, the spreadsheet's serial days (1899-12-30 being 0). */
static void validate_month(xw_ctx *c, lxw_worksheet *ws, int row, const char *name)
{
    char msg[600], cut[600], title[200], in_title[200];
    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = LXW_VALIDATION_TYPE_DATE_NUMBER;
    dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
    dv.minimum_number = 25569;   /* 1970-01-01 */
    dv.maximum_number = 2958465; /* 9999-12-31 */
    xw_labelf(c, msg, sizeof msg, "inputs.validation.month",
              "{key} is a month: a date from {low} to {high}, its first day.", "key", name, "low",
              "1970-01", "high", "9999-12", NULL);
    dv.error_title = xw_label_cut(xw_label(c, "inputs.validation.title", "Out of range"), title,
                                  sizeof title, 32);
    dv.error_message = xw_label_cut(msg, cut, sizeof cut, 255);
    dv.input_title = xw_label_cut(xw_label(c, "inputs.validation.input_title", "Input"), in_title,
                                  sizeof in_title, 32);
    dv.input_message = dv.error_message;
    xw_note(c, worksheet_data_validation_cell(ws, (lxw_row_t)row, XW_COL_VAL, &dv));
}

/* 1 when a text key at `base` (a scenario or an option) is left unset: a
 * structural value with nothing to show or edit, so it takes no row. */
static int text_unset(const tco_keydef *kd, const char *base)
{
    return kd->type == TCO_T_STRING && !*(char *const *)(base + kd->offset);
}

/* 1 when global key k is shown: the [tax] keys with [tax] only, rank_by when
 * the scenario gives it, so that a workbook without them is as before; a text
 * key when it is set. */
static int global_shown(const xw_ctx *c, int k)
{
    const tco_keydef *kd = tco_scenario_key((tco_skey)k);
    if (text_unset(kd, (const char *)c->s))
        return 0;
    if (strcmp(kd->section, "tax") == 0)
        return c->s->tax;
    if (strcmp(kd->section, "scenario") == 0 && strcmp(kd->name, "rank_by") == 0)
        return c->s->src[k] != 0;
    if (k == TCO_S_POWER_CAP_KW) /* a limit somewhere: each site's, an input */
        return tco_scenario_power_capped(c->s);
    if (k == TCO_S_GRID_KGCO2E_PER_KWH || k == TCO_S_MARKET_KGCO2E_PER_KWH ||
        k == TCO_S_CARBON_PRICE ||
        k == TCO_S_CARBON_IN_TOTAL) /* MODEL.md, Carbon: where the scenario gives it */
        return c->s->src[k] != 0;
    if (k == TCO_S_TOKENS_PER_REQUEST) /* the sum of the parts given: they are the inputs */
        return c->s->src[k] != TCO_SRC_DERIVED;
    if (k == TCO_S_INPUT_TOKENS_PER_REQUEST || k == TCO_S_OUTPUT_TOKENS_PER_REQUEST) {
        /* The parts of a request, where an API option reads them or they are given. */
        for (size_t i = 0; i < c->s->n_options; i++)
            if (c->s->options[i].acquire == TCO_API)
                return 1;
        return c->s->src[k] != 0;
    }
    return 1;
}

/* ===== Inputs ===== */

/* The value of a key of any type at `base` (a scenario or an option): a string,
 * an enumeration's spelling, or a number. Returns 1 for a number (in *num). */
static int key_value(xw_ctx *c, const tco_keydef *kd, const char *base, double *num, char **text)
{
    *text = NULL;
    switch (kd->type) {
    case TCO_T_STRING:
    case TCO_T_DATE:
    case TCO_T_MONTH:
        *text = xw_clean_text(c, *(char *const *)(base + kd->offset), XW_MAX_TEXT);
        return 0;
    case TCO_T_ENUM: {
        int v = *(const int *)(base + kd->offset), n = 0;
        while (kd->names && kd->names[n])
            n++;
        *text = xw_strdup(c, v >= 0 && v < n ? kd->names[v] : "?");
        return 0;
    }
    case TCO_T_INT:
        *num = *(const int *)(base + kd->offset);
        return 1;
    default:
        *num = *(const double *)(base + kd->offset);
        return 1;
    }
}

/* A calendar month YYYY-MM (`start`) in `row`: an input, the date of its first
 * day (a spreadsheet's serial day, 1899-12-30 being 0) shown as the month; an
 * empty input when it is not given, which formulas test with ISNUMBER. */
static void month_input(xw_ctx *c, int row, const char *name, const char *text)
{
    validate_month(c, c->inputs, row, name);
    int y, m;
    if (text && tci_month_read(text, &y, &m)) {
        double serial = (double)(tci_days_from_civil(y, m, 1) + 25569);
        xw_num(c, c->inputs, row, XW_COL_VAL, serial, xw_fmt(c, XS_INPUT, XN_MONTH));
        xw_in_asis_num(c, row, serial, 0);
    } else {
        xw_note(c, worksheet_write_blank(c->inputs, (lxw_row_t)row, XW_COL_VAL,
                                         xw_fmt(c, XS_INPUT, XN_MONTH)));
        xw_in_asis_text(c, row, "");
    }
}

/* Global key k's row: label, key, value (an input, or fixed), unit, source, and
 * its defined name when it has one. */
static void write_global(xw_ctx *c, int row, tco_skey k)
{
    char lb[XW_TBUF];
    const tco_scenario *s = c->s;
    const tco_keydef *kd = tco_scenario_key(k);
    lxw_worksheet *ws = c->inputs;
    char key[64], unit[96], src[160];
    tci_utf8_format(key, sizeof key, "[%s] %s", kd->section, kd->name);
    xw_key_unit(c, unit, sizeof unit, kd);
    xw_in_source(c, src, sizeof src, s->src[k], s->key_file[k], s->key_line[k]);
    xw_text(c, ws, row, 0, xw_key_label(c, kd, -1, 0, lb, sizeof lb), NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    double v = 0;
    char *text;
    int is_num = key_value(c, kd, (const char *)s, &v, &text);
    if (k == TCO_S_BYTES_PER_PARAM)
        v = tco_bytes_per_param(s); /* the value in effect: its default follows the mode */
    if (kd->type == TCO_T_MONTH) {
        if (!text)
            tci_utf8_format(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
        month_input(c, row, kd->name, text);
        free(text);
    } else if (!is_num && kd->live) {
        /* A choice the formulas read (TaxDeductInterest): an input, one of its
         * spellings. */
        xw_text(c, ws, row, XW_COL_VAL, text, xw_fmt(c, XS_INPUT, XN_NONE));
        validate_choice(c, ws, row, kd);
        xw_in_asis_text(c, row, text);
        free(text);
    } else if (!is_num) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", xw_fmt(c, XS_FIXED, XN_NONE));
        if (!text && kd->type != TCO_T_ENUM)
            tci_utf8_format(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
        xw_in_asis_text(c, row, text ? text : "\xE2\x80\x94");
        free(text);
    } else if (kd->live || xw_workload_input(c, 1, k)) {
        /* What the workbook's formulas read is an input (the workload keys when the
         * Workload sheet uses them); the others (catalog settings, workload keys
         * without a model) are shown for the record, styled as fixed. */
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, xw_value_numfmt(kd->unit, v)));
        validate_input(c, ws, row, kd);
    } else {
        /* The horizon sets the timeline's length: structural, like the rest. */
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_FIXED, xw_value_numfmt(kd->unit, v)));
    }
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    if (is_num)
        xw_in_asis_num(c, row, v, 0);
    if (kd->sheet_name) /* a defined name (WORKBOOK.md) */
        xw_in_name(c, kd->sheet_name, row, XW_COL_VAL);
}

/* See sheets.h: one option key's row; 0 when the key is not shown for this
 * option. */
int xw_option_key_shown(const tco_scenario *s, size_t i, tco_okey k)
{
    const tco_option *o = &s->options[i];
    if (k == TCO_O_SITE) /* a buy option at a named site only */
        return o->acquire == TCO_BUY && o->site_no > 0;
    const tco_keydef *kd = tco_option_key(k);
    int buy = o->acquire == TCO_BUY;
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    if (k != TCO_O_LABEL && text_unset(kd, (const char *)o))
        return 0; /* an unset text (offer, base): nothing to show */
    if ((kd->applies == TCO_APPLIES_BUY && !buy) || (kd->applies == TCO_APPLIES_RENT && buy))
        return 0;
    /* An API option's keys (MODEL.md, API options): its cached price and its
     * rate limit where given (the input price stands for the cached one). */
    if (k == TCO_O_KGCO2E_PER_MILLION_TOKENS) /* MODEL.md, Carbon: with carbon figures only */
        return o->acquire == TCO_API && tco_scenario_carbon(s);
    if (kd->applies == TCO_APPLIES_API)
        return o->acquire == TCO_API &&
               ((k != TCO_O_PRICE_PER_MILLION_CACHED_TOKENS && k != TCO_O_MAX_TOKENS_PER_MINUTE) ||
                o->src[k]);
    if (o->acquire == TCO_API && (k == TCO_O_TDP_W || k == TCO_O_PRICING))
        return 0; /* the rental's other keys stay: the sheets' shared rows read them */
    if (k == TCO_O_RESALE_DECLINE && !o->src[k])
        return 0; /* only when it derives the resale fraction */
    if (k == TCO_O_OFFER_MIN_GPUS && !o->src[k])
        return 0; /* a filter of offer = cheapest, when given */
    if (k == TCO_O_KGCO2E_PER_GPU_HOUR && o->acquire == TCO_API)
        return 0; /* an API's emissions are per token */
    if ((k == TCO_O_KGCO2E_PER_GPU_HOUR || k == TCO_O_EMBODIED_KGCO2E ||
         k == TCO_O_SERVER_EMBODIED_KGCO2E) &&
        !tco_scenario_carbon(s))
        return 0; /* MODEL.md, Carbon: with carbon figures only */
    /* A contract term's keys go with reserved pricing that has a term; the
     * decline and the on-demand rate, with the on-demand months after it. */
    int term = !buy && o->pricing == TCO_RESERVED && o->term_months > 0;
    int od_after = term && o->after_term == TCO_AFTER_ON_DEMAND;
    if (k == TCO_O_PRICE_DECLINE && o->pricing == TCO_RESERVED && !od_after)
        return 0;
    if ((k == TCO_O_TERM_MONTHS || k == TCO_O_AFTER_TERM) && !term)
        return 0;
    if (k == TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR && !od_after)
        return 0;
    if (k == TCO_O_SALVAGE_FRACTION && macrs)
        return 0;
    /* Egress, where the option has it; the interruptions, with spot pricing. */
    if ((k == TCO_O_EGRESS_TB_PER_MONTH || k == TCO_O_EGRESS_PER_TB) && !xw_has_egress(s, i))
        return 0;
    if (k == TCO_O_INTERRUPTION_OVERHEAD && o->pricing != TCO_SPOT)
        return 0;
    /* Goodput, read by plans only (MODEL.md, Goodput): where it is given. */
    if ((k == TCO_O_AVAILABILITY || k == TCO_O_FAILURE_RATE || k == TCO_O_REPAIR_DAYS) &&
        !o->key_line[k])
        return 0;
    /* Lease against buy's keys (MODEL.md): on a lease that gives them. */
    if ((k == TCO_O_COMPARE_TO || k == TCO_O_LEASE_DISCOUNT_RATE) &&
        (o->financing != TCO_FIN_LEASE || !o->src[k]))
        return 0;
    /* Financing is shown for a loan, with the loan's keys, and for a lease,
     * with the lease's: of the payment and the rate factor, the one given. */
    if (k == TCO_O_FINANCING && o->financing == TCO_FIN_CASH)
        return 0;
    if ((k == TCO_O_LOAN_FRACTION || k == TCO_O_LOAN_RATE || k == TCO_O_LOAN_MONTHS) &&
        o->financing != TCO_FIN_LOAN)
        return 0;
    if ((k == TCO_O_LEASE_PAYMENT || k == TCO_O_LEASE_RATE_FACTOR || k == TCO_O_LEASE_MONTHS ||
         k == TCO_O_LEASE_END || k == TCO_O_BUYOUT_FRACTION || k == TCO_O_LEASE_ACCOUNTING) &&
        o->financing != TCO_FIN_LEASE)
        return 0;
    if (k == TCO_O_LEASE_PAYMENT && o->src[TCO_O_LEASE_RATE_FACTOR])
        return 0;
    if (k == TCO_O_LEASE_RATE_FACTOR && !o->src[TCO_O_LEASE_RATE_FACTOR])
        return 0;
    if (k == TCO_O_BUYOUT_FRACTION && o->lease_end != TCO_LEASE_BUYOUT)
        return 0;
    return 1;
}

/* 1 when option o's key k is a formula of the option's own on Inputs: a
 * utilization that follows [workload], a MACRS life, a resale fraction from
 * its decline, a catalog price converted by [fx]. */
static int own_formula(const tco_option *o, tco_okey k)
{
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    return (k == TCO_O_UTILIZATION && !o->src[k] && o->acquire != TCO_API) ||
           (k == TCO_O_DEPRECIATION_YEARS && macrs) ||
           (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) ||
           ((o->fx || o->discount) && o->src[k] == TCO_SRC_CATALOG &&
            k == (o->acquire == TCO_BUY ? TCO_O_GPU_PRICE : TCO_O_PRICE_PER_GPU_HOUR));
}

/* 1 when option o takes key k from option p, its base, as the loader gives it
 * (MODEL.md, base =): written on p's line (or p's base's), not in o's own
 * section; or left to its default in both; or filled from the catalog entry
 * that both name on p's line. */
static int takes_from(const tco_option *o, const tco_option *p, tco_okey k)
{
    switch (o->src[k]) {
    case TCO_SRC_INI:
        return p->src[k] == TCO_SRC_INI && o->key_line[k] == p->key_line[k] &&
               o->key_file[k] == p->key_file[k];
    case TCO_SRC_DEFAULT:
        return p->src[k] == TCO_SRC_DEFAULT;
    case TCO_SRC_CATALOG:
        /* A GPU filled from the catalog came from the offer: the offer decides (and
         * asking of the GPU again would not end). offer = cheapest may pick
         * another entry for o than for p: the entries are compared too. */
        return p->src[k] == TCO_SRC_CATALOG && o->offer_entry == p->offer_entry &&
               o->model == p->model &&
               (o->src[TCO_O_GPU] == TCO_SRC_CATALOG || takes_from(o, p, TCO_O_GPU)) &&
               (!o->src[TCO_O_OFFER] || takes_from(o, p, TCO_O_OFFER));
    default:
        return 0;
    }
}

/* The option whose cell option i's key k links to on Inputs: its base (base =)
 * when i takes k from it and the base's row of k holds the value i computes
 * with; else -1, the value i's own (written in its section, a formula of its
 * own, or a row its base does not show). So each value is in one cell, and an
 * edit of the base's cell moves every option that inherits it, as the same
 * edit of the scenario's line does. */
static int linked_base(xw_ctx *c, size_t i, tco_okey k)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    int b = o->base ? tco_scenario_find(s, o->base) : -1;
    if (b < 0 || (size_t)b == i || k == TCO_O_LABEL || k == TCO_O_BASE ||
        c->in_o[(size_t)b * TCO_O_COUNT + (size_t)k] == XW_NONE || own_formula(o, k))
        return -1;
    const tco_option *p = &s->options[b];
    if (own_formula(p, k) || !takes_from(o, p, k))
        return -1;
    const tco_keydef *kd = tco_option_key(k);
    double v = 0, w = 0;
    char *t = NULL, *u = NULL;
    int num = key_value(c, kd, (const char *)o, &v, &t);
    key_value(c, kd, (const char *)p, &w, &u);
    int same = num ? v == w : t && u && strcmp(t, u) == 0;
    free(t);
    free(u);
    return same ? b : -1;
}

/* Option i's key k in `row`, a link to option b's cell of the same key:
 * `=$C$64`, the engine's value cached, styled as a formula; its source says
 * which option it is inherited from, and the hidden column K names that
 * option for `tco import`. */
static void write_link(xw_ctx *c, size_t i, int row, tco_okey k, int b)
{
    const tco_keydef *kd = tco_option_key(k);
    lxw_worksheet *ws = c->inputs;
    char f[XW_FBUF], src[320], sec[300];
    xw_formula(c, f, sizeof f, "=%s",
               xw_ref(NULL, c->in_o[(size_t)b * TCO_O_COUNT + (size_t)k], XW_COL_VAL, 1, 1).s);
    double v = 0;
    char *text = NULL;
    if (key_value(c, kd, (const char *)&c->s->options[i], &v, &text)) {
        if (k == TCO_O_UTILIZATION)
            v = c->r->options[i].utilization;
        xw_fnum(c, ws, row, XW_COL_VAL, f, v, xw_fmt(c, XS_CALC, xw_value_numfmt(kd->unit, v)));
        xw_in_asis_num(c, row, v, 1);
    } else {
        xw_fstr(c, ws, row, XW_COL_VAL, f, text ? text : "", xw_fmt(c, XS_CALC, XN_NONE));
        xw_in_asis_text(c, row, text ? text : "");
    }
    free(text);
    tci_utf8_format(sec, sizeof sec, "[option %s]", c->s->options[b].id);
    xw_text(c, ws, row, IN_COL_LINK, sec, NULL);
    xw_labelf(c, src, sizeof src, "source.inherited", "inherited from [option {id}]", "id",
              c->id[b], NULL);
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
}

/* ===== The Catalog block =====
 *
 * A value filled from the price catalog is in one cell, a row of the Catalog
 * block, for every option that takes it from the same entry: the options' cells
 * are links to it, so that an edit moves them all. */

/* See sheets.h. */
double xw_option_key_value(const tco_option *o, tco_okey k)
{
    const tco_keydef *kd = tco_option_key(k);
    const char *base = (const char *)o + kd->offset;
    return kd->type == TCO_T_INT ? *(const int *)base : *(const double *)base;
}

/* The catalog entry that option o's key k comes from: its offer's id for the
 * offer's numbers (*offer 1), its grid region's for the emissions of a rented
 * GPU-hour worked out from it (*offer 2; MODEL.md, Carbon), else its GPU's;
 * NULL when none. */
static const char *catalog_entry(const tco_option *o, tco_okey k, int *offer)
{
    if (k == TCO_O_KGCO2E_PER_GPU_HOUR && o->grid_region) {
        *offer = 2;
        return o->grid_region->id;
    }
    *offer = o->offer_entry &&
             (k == TCO_O_PRICE_PER_GPU_HOUR || k == TCO_O_EGRESS_PER_TB || k == TCO_O_TERM_MONTHS);
    return *offer ? o->offer_entry->id : o->model ? o->model->id : NULL;
}

/* The catalog section of option o's key k on Inputs: "[catalog gpu ID]" or
 * "[catalog offer ID]", into buf; 0 when o does not read k from a catalog row
 * (not a catalog number, a formula of its own, a link to its base's cell). */
static int catalog_section(xw_ctx *c, size_t i, tco_okey k, char *buf, size_t size)
{
    const tco_option *o = &c->s->options[i];
    int offer;
    const char *id = catalog_entry(o, k, &offer);
    const tco_keydef *kd = tco_option_key(k);
    if (!id || o->src[k] != TCO_SRC_CATALOG ||
        (kd->type != TCO_T_NUMBER && kd->type != TCO_T_INT) ||
        c->in_o[i * TCO_O_COUNT + (size_t)k] == XW_NONE || own_formula(o, k) ||
        linked_base(c, i, k) >= 0)
        return 0;
    tci_utf8_format(buf, size, "[catalog %s %s]",
                    offer == 2 ? "grid-region"
                    : offer    ? "offer"
                               : "gpu",
                    id);
    return 1;
}

/* The Catalog block's rows (c->in_cat), one per entry and key that an option
 * reads, in the options' order: the rows from `row`, after a heading. Returns
 * the number of rows (0: no block). */
static int catalog_layout(xw_ctx *c, int row)
{
    size_t n = c->s->n_options * TCO_O_COUNT;
    int count = 0;
    c->in_cat = malloc((n ? n : 1) * sizeof *c->in_cat);
    if (!c->in_cat) {
        c->nomem = 1;
        return 0;
    }
    for (size_t x = 0; x < n; x++)
        c->in_cat[x] = XW_NONE;
    for (size_t i = 0; i < c->s->n_options; i++)
        for (int k = 0; k < TCO_O_COUNT; k++) {
            char sec[300], other[300];
            if (!catalog_section(c, i, (tco_okey)k, sec, sizeof sec))
                continue;
            /* The row of an option before that reads the same entry's key. */
            for (size_t j = 0; j < i && c->in_cat[i * TCO_O_COUNT + (size_t)k] == XW_NONE; j++)
                if (c->in_cat[j * TCO_O_COUNT + (size_t)k] != XW_NONE &&
                    catalog_section(c, j, (tco_okey)k, other, sizeof other) &&
                    strcmp(sec, other) == 0 &&
                    xw_option_key_value(&c->s->options[j], k) ==
                        xw_option_key_value(&c->s->options[i], k))
                    c->in_cat[i * TCO_O_COUNT + (size_t)k] = c->in_cat[j * TCO_O_COUNT + (size_t)k];
            if (c->in_cat[i * TCO_O_COUNT + (size_t)k] == XW_NONE)
                c->in_cat[i * TCO_O_COUNT + (size_t)k] = row + 1 + count++;
        }
    return count;
}

/* The Catalog block from `row` (its heading), `count` rows after it: a row per entry and key, its
 * value an input (or fixed, as the options' rows of the key are), its source the entry; `[catalog
 * gpu ID] key` in the key column, which `tco import` reads. Returns the next row. */
static int inputs_catalog(xw_ctx *c, int row, int count)
{
    lxw_worksheet *ws = c->inputs;
    xw_text(c, ws, row, 0, xw_label(c, "inputs.section.catalog", "Catalog"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    for (int r = row + 1; r <= row + count; r++) {
        size_t i = 0;
        int k = 0; /* the first option and key that read row r */
        for (size_t x = 0; x < c->s->n_options * TCO_O_COUNT; x++)
            if (c->in_cat[x] == r) {
                i = x / TCO_O_COUNT;
                k = (int)(x % TCO_O_COUNT);
                break;
            }
        const tco_option *o = &c->s->options[i];
        const tco_keydef *kd = tco_option_key((tco_okey)k);
        char sec[300], key[400], unit[96], src[320], label[XW_MAX_TEXT / 4], lb[XW_TBUF];
        catalog_section(c, i, (tco_okey)k, sec, sizeof sec);
        tci_utf8_format(key, sizeof key, "%s %s", sec, kd->name);
        int offer;
        char *id = xw_clean_text(c, catalog_entry(o, (tco_okey)k, &offer), 200);
        xw_labelf(c, label, sizeof label, "inputs.catalog.row", "{entry}: {label}", "entry",
                  id ? id : "", "label", xw_key_label(c, kd, -1, 0, lb, sizeof lb), NULL);
        free(id);
        xw_key_unit(c, unit, sizeof unit, kd);
        catalog_source(c, src, sizeof src, o, (tco_okey)k);
        double v = xw_option_key_value(o, (tco_okey)k);
        int input = kd->live || xw_workload_input(c, 0, k);
        xw_text(c, ws, r, 0, label, NULL);
        xw_text(c, ws, r, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
        xw_num(c, ws, r, XW_COL_VAL, v,
               xw_fmt(c, input ? XS_INPUT : XS_FIXED, xw_value_numfmt(kd->unit, v)));
        if (input)
            validate_input(c, ws, r, kd);
        xw_in_asis_num(c, r, v, 0);
        xw_text(c, ws, r, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
        int stale = o->price_stale && (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR);
        xw_text(c, ws, r, 4, src, xw_fmt(c, stale ? XS_WARN : XS_KEY, XN_NONE));
    }
    return row + count + 1;
}

/* Option i's key k in `row`, a link to its row of the Catalog block. */
static void write_catalog_link(xw_ctx *c, size_t i, int row, tco_okey k)
{
    const tco_keydef *kd = tco_option_key(k);
    lxw_worksheet *ws = c->inputs;
    char f[XW_FBUF], src[320], sec[300];
    double v = xw_option_key_value(&c->s->options[i], k);
    xw_formula(c, f, sizeof f, "=%s",
               xw_ref(NULL, c->in_cat[i * TCO_O_COUNT + (size_t)k], XW_COL_VAL, 1, 1).s);
    xw_fnum(c, ws, row, XW_COL_VAL, f, v, xw_fmt(c, XS_CALC, xw_value_numfmt(kd->unit, v)));
    xw_in_asis_num(c, row, v, 1);
    catalog_section(c, i, k, sec, sizeof sec);
    xw_text(c, ws, row, IN_COL_LINK, sec, NULL);
    xw_labelf(c, src, sizeof src, "source.catalog_row", "from the Catalog block: {entry}", "entry",
              sec, NULL);
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
}

/* A value written in another currency (a catalog's price, a value in a site's
 * currency), in `row` of Inputs: `=WRITTEN/Fx_CODE`, divided by the rate fx
 * (index + 1; 0: none) on Inputs (MODEL.md, Currency conversion), and a
 * catalog price under discount d (index + 1; 0: none) first times one less
 * its fraction's cell, `=WRITTEN*(1-$C$n)/Fx_CODE` (MODEL.md, Negotiated
 * discounts); cached with the engine's value v, so that an edit of the rate
 * or of the discount moves it; its note appended to src. The one formula of
 * a converted or discounted value. */
static void write_converted(xw_ctx *c, int row, const tco_keydef *kd, double written, int fx, int d,
                            double v, char *src, size_t size)
{
    char name[16] = "", price[64], f[XW_FBUF], times[64] = "", by[20] = "";
    if (fx) {
        tci_utf8_format(name, sizeof name, "Fx_%s", c->s->fx[fx - 1].code);
        tci_utf8_format(by, sizeof by, "/%s", name);
    }
    if (d && c->in_disc)
        tci_utf8_format(times, sizeof times, "*(1-%s)",
                        xw_ref(NULL, c->in_disc[d - 1], XW_COL_VAL, 1, 1).s);
    /* The value as written in the hidden column L, so that no number stands in
     * the formula (WORKBOOK.md, Constants). */
    xw_num(c, c->inputs, row, IN_COL_WRITTEN, written,
           xw_fmt(c, XS_TEXT, xw_value_numfmt(TCO_U_NONE, written)));
    xw_fnum(
        c, c->inputs, row, XW_COL_VAL,
        xw_formula(c, f, sizeof f, "=%s%s%s", xw_ref(NULL, row, IN_COL_WRITTEN, 1, 1).s, times, by),
        v, xw_fmt(c, XS_CALC, xw_value_numfmt(kd->unit, v)));
    xw_in_asis_num(c, row, v, 1);
    size_t n = strlen(src);
    tci_utf8_format(price, sizeof price, "%.10g", written);
    if (d && n < size) {
        char *dn = xw_clean_text(c, c->s->discounts[d - 1].name, 200);
        xw_labelf(c, src + n, size - n, "source.discount",
                  ": {price} less [discount {name}] on Inputs", "price", price, "name",
                  dn ? dn : "", NULL);
        free(dn);
        n = strlen(src);
    }
    if (fx && d && n < size)
        xw_labelf(c, src + n, size - n, "source.fx.discounted",
                  ", in {code} at the rate of {code} on Inputs", "code", c->s->fx[fx - 1].code,
                  "name", name, NULL);
    else if (fx && n < size)
        xw_labelf(c, src + n, size - n, "source.fx.converted",
                  ": {price} {code} at the rate of {code} on Inputs", "price", price, "code",
                  c->s->fx[fx - 1].code, "name", name, NULL);
}

/* Option i's key k in `row`: label, key, value (an input, a formula, or fixed),
 * unit and source (in red when a catalog price is stale). */
static void write_option_key(xw_ctx *c, size_t i, int row, tco_okey k)
{
    char lb[XW_TBUF];
    const tco_option *o = &c->s->options[i];
    const tco_option_result *res = &c->r->options[i];
    const tco_keydef *kd = tco_option_key(k);
    lxw_worksheet *ws = c->inputs;
    char unit[96], src[320], f[512];
    xw_key_unit(c, unit, sizeof unit, kd);
    if (o->src[k] == TCO_SRC_CATALOG)
        catalog_source(c, src, sizeof src, o, k);
    else
        xw_in_source(c, src, sizeof src, o->src[k], o->key_file[k], o->key_line[k]);
    if (k == TCO_O_OFFER && o->offer_candidates > 0 && o->offer_entry) {
        /* offer = cheapest: the pick, made when the workbook was written. */
        size_t n = strlen(src);
        char *id = xw_clean_text(c, o->offer_entry->id, 200);
        if (n < sizeof src && o->offer_candidates == 1)
            xw_labelf(c, src + n, sizeof src - n, "source.cheapest.one",
                      ": the one matching offer: {id} (fixed when written)", "id", id ? id : "",
                      NULL);
        else if (n < sizeof src)
            xw_labelf(c, src + n, sizeof src - n, "source.cheapest",
                      ": cheapest of {n} offers: {id} (fixed when written)", "n",
                      xw_int(o->offer_candidates).s, "id", id ? id : "", NULL);
        free(id);
    }
    xw_text(c, ws, row, 0, xw_key_label(c, kd, -1, 0, lb, sizeof lb), NULL);
    xw_text(c, ws, row, 1, kd->name, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    char sec[300]; /* the row's own section, which `tco import` ties it to */
    tci_utf8_format(sec, sizeof sec, "[option %s]", o->id);
    xw_text(c, ws, row, IN_COL_SECTION, sec, NULL);
    int b = linked_base(c, i, k);
    if (b >= 0) {
        write_link(c, i, row, k, b);
        return;
    }
    if (c->in_cat && c->in_cat[i * TCO_O_COUNT + (size_t)k] != XW_NONE) {
        write_catalog_link(c, i, row, k);
        return;
    }
    lxw_format *fixed = xw_fmt(c, XS_FIXED, XN_NONE);
    double v = 0;
    char *text = NULL;
    int is_num = key_value(c, kd, (const char *)o, &v, &text);
    if (k == TCO_O_LABEL) {
        xw_text(c, ws, row, XW_COL_VAL, c->label[i], fixed);
        xw_in_asis_text(c, row, c->label[i]);
    } else if (!is_num) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", fixed);
        if (!text && kd->type != TCO_T_ENUM)
            tci_utf8_format(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
        xw_in_asis_text(c, row, text ? text : "\xE2\x80\x94");
    } else if (k == TCO_O_UTILIZATION && !o->src[k] && o->acquire != TCO_API) {
        /* Follows the [workload] default, so changing that moves this option. */
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_UTILIZATION).s),
                res->utilization, xw_fmt(c, XS_CALC, XN_PCT));
        xw_in_asis_num(c, row, res->utilization, 1);
        tci_utf8_format(src, sizeof src, "%s",
                        xw_label(c, "source.workload_utilization", "[workload] utilization"));
    } else if (k == TCO_O_DEPRECIATION_YEARS &&
               (o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7)) {
        /* The life of a MACRS class is the length of its table. */
        int col = o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_formula(c, f, sizeof f, "=COUNT(%s)",
                           xw_range(NULL, c->in_macrs, col, c->in_macrs + 7, col).s),
                tco_depreciation_life(o), xw_fmt(c, XS_CALC, XN_INT));
        xw_in_asis_num(c, row, tco_depreciation_life(o), 1);
        tci_utf8_format(src, sizeof src, "%s", xw_label(c, "source.macrs_table", "MACRS table"));
    } else if (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) {
        /* Derived from the decline on the next row over the horizon. */
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_formula(c, f, sizeof f, "=(1-%s)^(HorizonMonths/MonthsPerYear)",
                           xw_ref(NULL, row + 1, XW_COL_VAL, 1, 1).s),
                res->residual_fraction, xw_fmt(c, XS_CALC, XN_PCT));
        xw_in_asis_num(c, row, res->residual_fraction, 1);
        tci_utf8_format(src, sizeof src, "%s",
                        xw_label(c, "source.from_resale_decline", "from the resale decline"));
    } else if ((o->fx || o->discount) && o->src[k] == TCO_SRC_CATALOG &&
               k == (o->acquire == TCO_BUY ? TCO_O_GPU_PRICE : TCO_O_PRICE_PER_GPU_HOUR)) {
        /* A catalog price in another currency, or under a discount. */
        write_converted(c, row, kd, o->fx_price, o->fx, o->discount, v, src, sizeof src);
    } else if (o->key_fx[k]) {
        /* A value written in its site's currency (MODEL.md, Sites). */
        write_converted(c, row, kd, o->key_written[k], o->key_fx[k], 0, v, src, sizeof src);
    } else if (kd->live || xw_workload_input(c, 0, k) ||
               (k == TCO_O_KGCO2E_PER_MILLION_TOKENS && o->src[k]) || /* read when given */
               (k == TCO_O_MAX_TOKENS_PER_MINUTE && xw_api_limit_read(c->s, i))) {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, xw_value_numfmt(kd->unit, v)));
        validate_input(c, ws, row, kd);
        xw_in_asis_num(c, row, v, 0);
    } else {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_FIXED, xw_value_numfmt(kd->unit, v)));
        xw_in_asis_num(c, row, v, 0);
    }
    free(text);
    int stale = o->src[k] == TCO_SRC_CATALOG && o->price_stale &&
                (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR);
    xw_text(c, ws, row, 4, src, xw_fmt(c, stale ? XS_WARN : XS_KEY, XN_NONE));
}

/* Column widths, the title, the subtitle and the headings (frozen). */
static void inputs_head(xw_ctx *c)
{
    char lb[XW_TBUF];
    lxw_worksheet *ws = c->inputs;
    int wa = 34;
    for (int k = 0; k < TCO_O_COUNT; k++) {
        int w = tci_utf8_width(xw_key_label(c, tco_option_key((tco_okey)k), -1, 0, lb, sizeof lb));
        wa = w + 2 > wa ? w + 2 : wa;
    }
    xw_set_col(ws, 0, 0, wa);
    xw_set_col(ws, 1, 1, 26); /* keys in 9 points: 31 characters */
    xw_set_col(ws, 2, 2, 18);
    xw_set_col(ws, 3, 3, 19);
    /* The sources fill the page's width at the readable scale: the more rows a
     * page holds. */
    double src = floor(xw_page_chars(xw_body_pt(c), 0) - wa - 26 - 18 - 19);
    xw_set_col(ws, 4, 4, src > 40 ? src : 40);
    lxw_row_col_options hidden = {.hidden = 1};
    xw_note(c, worksheet_set_column_opt(ws, IN_COL_ASIS, IN_COL_WRITTEN, 14, NULL, &hidden));
    worksheet_set_tab_color(ws, 0xFFD966);
    xw_title_line(
        c, ws, xw_label(c, "inputs.title", "Inputs"),
        xw_label(c, "inputs.subtitle",
                 "Yellow cells are inputs: change one and every sheet follows. Grey cells are "
                 "fixed: change them in the scenario file."));
    /* A thin gap above the headings: the title rows repeat on every page. */
    xw_note(c, worksheet_set_row(ws, 2, 6, NULL));
    const char *heads[] = {
        xw_label(c, "inputs.head.input", "Input"), xw_label(c, "inputs.head.key", "Key"),
        xw_label(c, "inputs.head.value", "Value"), xw_label(c, "inputs.head.unit", "Unit"),
        xw_label(c, "inputs.head.source", "Source")};
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, 3, k, heads[k], xw_fmt(c, XS_HEADER, XN_NONE));
    xw_text(c, ws, 3, IN_COL_ASIS, xw_label(c, "inputs.head.as_computed", "As computed"),
            xw_fmt(c, XS_HEADER, XN_NONE));
    xw_text(c, ws, 3, IN_COL_CHANGED, xw_label(c, "inputs.head.changed", "Changed (1 = yes)"),
            xw_fmt(c, XS_HEADER, XN_NONE));
    /* The layout's marker, which `tco import` checks before it reads a value
     * (the key column: "[section] key", "[option ID]" then the option's keys). */
    xw_text(c, ws, 3, IN_COL_LAYOUT, TCI_INPUTS_LAYOUT, NULL);
    xw_in_name(c, "TcoInputsLayout", 3, IN_COL_LAYOUT);
    worksheet_freeze_panes(ws, 4, 0);
}

/* Named site i's power limit in `row` (MODEL.md, The site's power limit): its
 * own, an input, 0 for none (never [site]'s); its defined name PowerCapKw_SUFFIX.
 * Returns the next row. */
static int site_power_cap(xw_ctx *c, size_t i, const char *name, int row)
{
    char lb[XW_TBUF], key[96], unit[96], src[160];
    const tco_site *t = &c->s->sites[i];
    const tco_keydef *kd = tco_scenario_key(TCO_S_POWER_CAP_KW);
    lxw_worksheet *ws = c->inputs;
    tci_utf8_format(key, sizeof key, "[site %s] %s", name ? name : "", kd->name);
    xw_key_unit(c, unit, sizeof unit, kd);
    xw_text(c, ws, row, 0, xw_key_label(c, kd, -1, 0, lb, sizeof lb), NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    xw_num(c, ws, row, XW_COL_VAL, t->power_cap_kw,
           xw_fmt(c, XS_INPUT, xw_value_numfmt(kd->unit, t->power_cap_kw)));
    validate_input(c, ws, row, kd);
    xw_in_asis_num(c, row, t->power_cap_kw, 0);
    if (t->power_cap_line)
        xw_in_source(c, src, sizeof src, TCO_SRC_INI, t->power_cap_file, t->power_cap_line);
    else
        tci_utf8_format(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    xw_in_name(c, xw_site_name_at(c, i, TCO_S_POWER_CAP_KW).s, row, XW_COL_VAL);
    return row + 1;
}

/* Named site i's own carbon intensity (which 0: grid_kgco2e_per_kwh, 1:
 * market_kgco2e_per_kwh; MODEL.md, Carbon) in `row`, an input named
 * GridKgco2ePerKwh_SUFFIX or MarketKgco2ePerKwh_SUFFIX; returns the next row. */
static int site_carbon(xw_ctx *c, size_t i, const char *name, int row, int which)
{
    char lb[XW_TBUF], key[96], unit[96], src[160];
    const tco_site *t = &c->s->sites[i];
    tco_skey k = which ? TCO_S_MARKET_KGCO2E_PER_KWH : TCO_S_GRID_KGCO2E_PER_KWH;
    const tco_keydef *kd = tco_scenario_key(k);
    lxw_worksheet *ws = c->inputs;
    tci_utf8_format(key, sizeof key, "[site %s] %s", name ? name : "", kd->name);
    xw_key_unit(c, unit, sizeof unit, kd);
    xw_text(c, ws, row, 0, xw_key_label(c, kd, -1, 0, lb, sizeof lb), NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    xw_num(c, ws, row, XW_COL_VAL, t->carbon[which],
           xw_fmt(c, XS_INPUT, xw_value_numfmt(kd->unit, t->carbon[which])));
    validate_input(c, ws, row, kd);
    xw_in_asis_num(c, row, t->carbon[which], 0);
    xw_in_source(c, src, sizeof src, TCO_SRC_INI, t->carbon_file[which], t->carbon_line[which]);
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    xw_in_name(c, xw_site_name_at(c, i, k).s, row, XW_COL_VAL);
    return row + 1;
}

/* Named site i's block (MODEL.md, Sites), from `row`: a heading, then each site
 * key with its defined name (ElectricityPrice_SUFFIX): an input where the site
 * gives it, else a formula on [site]'s input. Returns the next row. */
static int inputs_site(xw_ctx *c, size_t i, int row)
{
    char lb[XW_TBUF];
    const tco_site *t = &c->s->sites[i];
    lxw_worksheet *ws = c->inputs;
    char head[XW_MAX_TEXT / 4], *name = xw_clean_text(c, t->name, XW_MAX_TEXT);
    xw_labelf(c, head, sizeof head, "inputs.site", "Site {name}", "name", name ? name : "", NULL);
    xw_text(c, ws, row++, 0, head, xw_fmt(c, XS_SECTION, XN_NONE));
    for (int j = 0; j < TCO_SITE_KEYS; j++, row++) {
        tco_skey k = (tco_skey)(TCO_SITE_KEY_FIRST + j);
        const tco_keydef *kd = tco_scenario_key(k);
        char key[96], unit[96], src[160], f[XW_FBUF];
        tci_utf8_format(key, sizeof key, "[site %s] %s", name ? name : "", kd->name);
        xw_key_unit(c, unit, sizeof unit, kd);
        xw_text(c, ws, row, 0, xw_key_label(c, kd, -1, 0, lb, sizeof lb), NULL);
        xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
        xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
        if (t->src[j] && t->key_fx[j]) { /* written in the site's currency */
            xw_in_source(c, src, sizeof src, t->src[j], t->key_file[j], t->key_line[j]);
            write_converted(c, row, kd, t->key_written[j], t->key_fx[j], 0, t->value[j], src,
                            sizeof src);
        } else if (t->src[j]) {
            double v = t->value[j];
            xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, xw_value_numfmt(kd->unit, v)));
            validate_input(c, ws, row, kd);
            xw_in_asis_num(c, row, v, 0);
            xw_in_source(c, src, sizeof src, t->src[j], t->key_file[j], t->key_line[j]);
        } else {
            /* Follows [site]: changing that moves this site too. */
            tco_option probe = {0};
            double v = tco_site_value(c->s, &probe, k);
            xw_fnum(c, ws, row, XW_COL_VAL, xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, k).s),
                    v, xw_fmt(c, XS_CALC, xw_value_numfmt(kd->unit, v)));
            xw_in_asis_num(c, row, v, 1);
            tci_utf8_format(src, sizeof src, "%s", xw_label(c, "source.site", "[site]"));
        }
        xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
        c->in_site[i * TCO_SITE_KEYS + (size_t)j] = row;
        xw_in_name(c, xw_site_name_at(c, i, k).s, row, XW_COL_VAL);
    }
    if (tco_scenario_power_capped(c->s))
        row = site_power_cap(c, i, name, row);
    for (int which = 0; which < 2; which++) /* MODEL.md, Carbon: the site's own */
        if (c->s->sites[i].carbon_line[which])
            row = site_carbon(c, i, name, row, which);
    free(name);
    return row + 1;
}

/* The exchange rates of [fx], one row each, from `row` (nothing without
 * [fx]); returns the next row. Each rate is an input named Fx_CODE, which the
 * prices converted by it divide by (MODEL.md, Currency conversion). */
static int inputs_fx(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->inputs;
    if (!s->n_fx)
        return row;
    const char *cur = c->currency ? c->currency : "";
    xw_text(c, ws, row++, 0, xw_label(c, "inputs.section.fx", "Exchange rates"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    tco_keydef kd = *tci_fx_key();
    for (size_t k = 0; k < s->n_fx; k++, row++) {
        const tco_fx *fx = &s->fx[k];
        char label[200], key[32], unit[96], src[600], name[16];
        xw_labelf(c, label, sizeof label, "inputs.fx.rate",
                  "Exchange rate: {code} per one {currency}", "code", fx->code, "currency", cur,
                  NULL);
        tci_utf8_format(key, sizeof key, "[fx] %s", fx->code);
        xw_labelf(c, unit, sizeof unit, "inputs.fx.unit", "{code} per {currency}", "code", fx->code,
                  "currency", cur, NULL);
        char *from = xw_clean_text(c, fx->source, 400), *date = xw_clean_text(c, fx->as_of, 32);
        if (from && date)
            xw_labelf(c, src, sizeof src, "source.fx.as_of", "{source} (as of {date})", "source",
                      from, "date", date, NULL);
        else if (from)
            tci_utf8_format(src, sizeof src, "%s", from);
        else
            xw_in_source(c, src, sizeof src, TCO_SRC_INI, fx->file, fx->line);
        free(from);
        size_t n = strlen(src);
        if (fx->stale && n < sizeof src)
            xw_labelf(c, src + n, sizeof src - n, "source.stale", ", STALE: {months} months old",
                      "months", xw_int(fx->age_months).s, NULL);
        if (date && !from) {
            n = strlen(src);
            if (n < sizeof src)
                xw_labelf(c, src + n, sizeof src - n, "source.fx.date", " (as of {date})", "date",
                          date, NULL);
        }
        free(date);
        xw_text(c, ws, row, 0, label, NULL);
        xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
        xw_num(c, ws, row, XW_COL_VAL, fx->rate, xw_fmt(c, XS_INPUT, XN_NUM));
        validate_input(c, ws, row, &kd);
        xw_in_asis_num(c, row, fx->rate, 0);
        xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
        xw_text(c, ws, row, 4, src, xw_fmt(c, fx->stale ? XS_WARN : XS_KEY, XN_NONE));
        tci_utf8_format(name, sizeof name, "Fx_%s", fx->code);
        xw_in_name(c, name, row, XW_COL_VAL);
    }
    return row + 1;
}

/* The negotiated discounts, one row each, from `row` (nothing without
 * [discount NAME]); returns the next row. Each fraction is an input, which
 * the catalog prices it applies to multiply by one less it (MODEL.md,
 * Negotiated discounts); key "[discount NAME] fraction", which tco import
 * reads. */
static int inputs_discounts(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->inputs;
    if (!s->n_discounts)
        return row;
    if (!(c->in_disc = malloc(s->n_discounts * sizeof *c->in_disc))) {
        c->nomem = 1;
        return row;
    }
    xw_text(c, ws, row++, 0, xw_label(c, "inputs.section.discounts", "Negotiated discounts"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    const tco_keydef *kd = tci_discount_key(); /* validated from -1 to 1 */
    for (size_t k = 0; k < s->n_discounts; k++, row++) {
        const tco_discount *d = &s->discounts[k];
        char label[600], key[300], reach[500], src[400];
        char *nm = xw_clean_text(c, d->name, 200), *pv = xw_clean_text(c, d->provider, 200),
             *of = xw_clean_text(c, d->offer ? d->offer : d->pricing, 200);
        if (of)
            tci_utf8_format(reach, sizeof reach, "%s, %s", pv ? pv : "", of);
        else
            tci_utf8_format(reach, sizeof reach, "%s", pv ? pv : "");
        xw_labelf(c, label, sizeof label, "inputs.discount.row", "Discount: {reach} ({name})",
                  "reach", reach, "name", nm ? nm : "", NULL);
        tci_utf8_format(key, sizeof key, "[discount %s] fraction", nm ? nm : "");
        free(nm);
        free(pv);
        free(of);
        xw_in_source(c, src, sizeof src, TCO_SRC_INI, d->file, d->fraction_line);
        xw_text(c, ws, row, 0, label, NULL);
        xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
        xw_num(c, ws, row, XW_COL_VAL, d->fraction, xw_fmt(c, XS_INPUT, XN_PCT));
        validate_input(c, ws, row, kd);
        xw_in_asis_num(c, row, d->fraction, 0);
        xw_text(c, ws, row, 3, xw_label(c, "inputs.discount.unit", "off the catalog price"),
                xw_fmt(c, XS_UNIT, XN_NONE));
        xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
        c->in_disc[k] = row;
    }
    return row + 1;
}

/* The global keys by section, sections in the order the key table has them, from
 * `row`; returns the next row. */
static int inputs_globals(xw_ctx *c, int row)
{
    int fx_done = 0; /* the exchange rates, before [site] */
    lxw_worksheet *ws = c->inputs;
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    for (int first = 0; first < TCO_S_COUNT; first++) {
        const char *section = tco_scenario_key((tco_skey)first)->section;
        int seen = !global_shown(c, first);
        for (int k = 0; k < first && !seen; k++)
            seen =
                strcmp(tco_scenario_key((tco_skey)k)->section, section) == 0 && global_shown(c, k);
        if (seen)
            continue;
        if (strcmp(section, "site") == 0 && !fx_done) { /* the sites' values divide by them */
            row = inputs_discounts(c, inputs_fx(c, row));
            fx_done = 1;
        }
        char head[64], hk[96];
        tci_utf8_format(head, sizeof head, "%s", section);
        if (head[0] >= 'a' && head[0] <= 'z')
            head[0] = (char)(head[0] - 32);
        tci_utf8_format(hk, sizeof hk, "inputs.section.%s", section);
        xw_text(c, ws, row++, 0, xw_label(c, hk, head), sec);
        for (int k = first; k < TCO_S_COUNT; k++) {
            if (strcmp(tco_scenario_key((tco_skey)k)->section, section) != 0 || !global_shown(c, k))
                continue;
            c->in_g[k] = row;
            write_global(c, row++, (tco_skey)k);
        }
        row++;
        if (strcmp(section, "site") == 0) /* the named sites follow [site] */
            for (size_t i = 0; i < c->s->n_sites; i++)
                row = inputs_site(c, i, row);
    }
    return fx_done ? row : inputs_discounts(c, inputs_fx(c, row));
}

/* The constants (SecondsPerHour, the checks' tolerance, then inconst.c's) and the MACRS tables
 * (half-year, and mid-quarter in the fourth quarter, then in the first three), from `row`; returns
 * the next row. */
static int inputs_constants(xw_ctx *c, int row)
{
    lxw_worksheet *ws = c->inputs;
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    xw_text(c, ws, row++, 0, xw_label(c, "inputs.constants", "Constants"), sec);
    c->in_sph = row;
    xw_text(c, ws, row, 0, xw_label(c, "inputs.seconds_per_hour", "Seconds per hour"), NULL);
    xw_num(c, ws, row, XW_COL_VAL, 3600, xw_fmt(c, XS_FIXED, XN_INT));
    xw_in_asis_num(c, row, 3600, 0);
    xw_text(c, ws, row, 3, xw_label(c, "unit.seconds", "seconds"), xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, ws, row, 4, xw_label(c, "source.definition", "definition"),
            xw_fmt(c, XS_KEY, XN_NONE));
    xw_in_name(c, "SecondsPerHour", row++, XW_COL_VAL);
    /* The Checks' tolerance: how far apart two routes to a figure may be, relative
     * (the workbook's own setting, which `tco import` passes over). */
    xw_text(c, ws, row, 0, xw_label(c, "inputs.check_tolerance", "Tolerance of the checks"), NULL);
    xw_num(c, ws, row, XW_COL_VAL, XW_CHECK_TOLERANCE, xw_fmt(c, XS_INPUT, XN_SCI));
    xw_in_validate(c, ws, row, "CheckTolerance", 0, 0.01, 0);
    xw_in_asis_num(c, row, XW_CHECK_TOLERANCE, 0);
    xw_text(c, ws, row, 3, xw_label(c, "unit.relative", "relative"), xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, ws, row, 4, xw_label(c, "source.workbook", "the workbook's setting"),
            xw_fmt(c, XS_KEY, XN_NONE));
    xw_in_name(c, "CheckTolerance", row++, XW_COL_VAL);
    row = xw_in_constants(c, row);
    row++;
    return xw_in_macrs(c, row);
}

/* Option i's keys under their heading, from `row`; returns the next row. */
static int inputs_option(xw_ctx *c, size_t i, int row)
{
    const tco_option *o = &c->s->options[i];
    char head[XW_MAX_TEXT / 4];
    xw_labelf(c, head, sizeof head, "inputs.option", "Option {id}: {label} ({kind})", "id",
              c->id[i], "label", c->label[i], "kind",
              o->acquire == TCO_BUY   ? xw_label(c, "common.buy", "buy")
              : o->acquire == TCO_API ? xw_label(c, "common.api", "API")
                                      : xw_label(c, "common.rent", "rent"),
              NULL);
    char key[256];
    tci_utf8_format(key, sizeof key, "[option %s]", c->s->options[i].id);
    xw_text(c, c->inputs, row, 0, head, xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, c->inputs, row++, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    /* Rows are known before any is written (options_layout), so a row may
     * refer to the next, or to another option's. */
    for (int k = 0; k < TCO_O_COUNT; k++)
        if (c->in_o[i * TCO_O_COUNT + (size_t)k] != XW_NONE)
            write_option_key(c, i, row++, (tco_okey)k);
    return row;
}

/* Each option's rows on Inputs (c->in_o), the blocks from `row` on, each a
 * blank row, its heading and a row per key it shows: known before any block is
 * written, so that an option's row may link to its base's, above or below. */
static void options_layout(xw_ctx *c, int row)
{
    for (size_t i = 0; i < c->s->n_options; i++) {
        row += 2;
        for (int k = 0; k < TCO_O_COUNT; k++)
            if (xw_option_key_shown(c->s, i, (tco_okey)k))
                c->in_o[i * TCO_O_COUNT + (size_t)k] = row++;
    }
}

/* See sheets.h. */
void xw_write_inputs(xw_ctx *c)
{
    inputs_head(c);
    int row = inputs_globals(c, 4);
    row = inputs_constants(c, row);
    /* The Catalog block goes between the constants and the options, whose rows
     * it needs to know which values it holds: the options' rows move below it. */
    options_layout(c, row);
    int n_cat = catalog_layout(c, row + 1);
    if (n_cat > 0) {
        row = inputs_catalog(c, row + 1, n_cat);
        options_layout(c, row);
    }
    for (size_t i = 0; i < c->s->n_options; i++)
        row = inputs_option(c, i, row + 1);
    if (c->ps) {
        row = xw_in_demand(c, row + 1);
        row = xw_in_plans(c, row);
    }
    /* TRUE while every value is the one tco computed with (the flags above). */
    char f[XW_FBUF];
    xw_formula(c, f, sizeof f, "=SUM(%s)=0",
               xw_range(c->sheet_q[TCI_SHEET_INPUTS], 4, IN_COL_CHANGED, row, IN_COL_CHANGED).s);
    xw_note(c, workbook_define_name(c->wb, "AnalysesCurrent", f));
    xw_print_setup(c, c->inputs, 3, 3, 1);
    free(c->in_cat);
    c->in_cat = NULL;
}
