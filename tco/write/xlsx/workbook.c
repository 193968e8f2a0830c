/* workbook.c - the live workbook: entry point, atomic write, and the About and
 * Inputs sheets. The cell primitives are in cell.c; the cash-flow, Summary and
 * Checks sheets in option.c; docs/WORKBOOK.md describes the layout.
 *
 * Every computed cell is a formula that refers to the Inputs sheet, written
 * with the engine's value as its cached result, so a spreadsheet that
 * recalculates shows the same figures and one that changes an input sees every
 * figure follow. */
#include "util/outfile.h"
#include "util/utf8.h"
#include "core/template.h"
#include "write/xlsx/xw.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ===== Source of an input ===== */

static const char *base_name(const char *path);

/* `file` is the key's own file (an included one), or NULL for the scenario's. */
static void source_text(xw_ctx *c, char *buf, size_t size, unsigned char src, const char *file,
                        int line)
{
    const char *name = c->file_base ? c->file_base : xw_label(c, "source.scenario", "scenario");
    if (file && file != c->s->file && strcmp(file, c->s->file) != 0 && tci_utf8_valid(file))
        name = base_name(file);
    if (src == TCO_SRC_INI && line > 0)
        snprintf(buf, size, "%s:%d", name, line);
    else if (src == TCO_SRC_INI)
        snprintf(buf, size, "%s", name);
    else if (src == TCO_SRC_DERIVED)
        snprintf(buf, size, "%s", xw_label(c, "source.derived", "derived"));
    else if (src == TCO_SRC_CATALOG)
        snprintf(buf, size, "%s", xw_label(c, "source.catalog", "catalog"));
    else
        snprintf(buf, size, "%s", xw_label(c, "source.default", "default"));
}

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "";
}

/* A key filled from the price catalog: the entry's file, line and as-of date,
 * and a stale mark on the price when it is older than stale_after_months. */
static void catalog_source(xw_ctx *c, char *buf, size_t size, const tco_option *o, tco_okey k)
{
    int from_offer =
        o->offer_entry && (k == TCO_O_GPU || k == TCO_O_PRICING || k == TCO_O_PRICE_PER_GPU_HOUR);
    const char *file = NULL, *as_of = NULL;
    int line = 0;
    if (from_offer) {
        file = o->offer_entry->file;
        line = o->offer_entry->line;
        as_of = o->offer_entry->as_of;
    } else if (o->model) {
        file = o->model->file;
        line = o->model->line;
        as_of = o->model->as_of;
    }
    if (!file) {
        snprintf(buf, size, "%s", xw_label(c, "source.catalog", "catalog"));
        return;
    }
    char *f = xw_clean_text(c, base_name(file), 200), *a = xw_clean_text(c, as_of, 32);
    char fl[260];
    snprintf(fl, sizeof fl, "%s:%d", f ? f : "", line);
    if (a)
        xw_labelf(c, buf, size, "source.catalog.as_of", "catalog {file} (as of {date})", "file",
                  fl, "date", a, NULL);
    else
        xw_labelf(c, buf, size, "source.catalog.file", "catalog {file}", "file", fl, NULL);
    size_t n = strlen(buf);
    if (o->price_stale && (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR) && n < size)
        xw_labelf(c, buf + n, size - n, "source.stale", ", STALE: {months} months old", "months",
                  xw_int(c, o->price_age_months), NULL);
    free(f);
    free(a);
}

static xw_numfmt unit_numfmt(tco_kunit u)
{
    switch (u) {
    case TCO_U_MONEY:
        return XN_MONEY_IN;
    case TCO_U_FRACTION:
        return XN_PCT;
    case TCO_U_COUNT:
    case TCO_U_YEARS:
    case TCO_U_MONTHS:
        return XN_INT;
    default:
        return XN_GENERAL;
    }
}

/* The label key of an INI key: "input.SECTION.NAME", with a suffix such as ".unit". */
static const char *key_label_key(char *buf, size_t size, const tco_keydef *kd, const char *suffix)
{
    snprintf(buf, size, "input.%s.%s%s", kd->section, kd->name, suffix);
    return buf;
}

/* A key's label for people, from the template ("input.SECTION.NAME"), else the key table's. */
static const char *key_label(xw_ctx *c, const tco_keydef *kd)
{
    char k[128];
    return xw_label(c, key_label_key(k, sizeof k, kd, ""), kd->label);
}

/* The unit beside a key's value: the template's "input.SECTION.NAME.unit" (with
 * {currency} and {unit} filled in), else the key table's unit, the currency in front
 * of money; "%" for fractions without a unit of their own. */
static void unit_text(xw_ctx *c, char *buf, size_t size, const tco_keydef *kd)
{
    const char *ul = kd->unit_label ? kd->unit_label : "";
    char english[160], k[128];
    if (kd->unit == TCO_U_MONEY)
        snprintf(english, sizeof english, "{currency}%s%s", *ul ? " " : "", ul);
    else if (kd->unit == TCO_U_RATE)
        snprintf(english, sizeof english, "{unit}s/s per GPU");
    else
        snprintf(english, sizeof english, "%s", ul);
    if (kd->unit == TCO_U_FRACTION && !*ul)
        snprintf(buf, size, "%%");
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
    char msg[1200], cut[1200], title[200], lo[32], hi[32];
    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = kd->type == TCO_T_INT ? LXW_VALIDATION_TYPE_INTEGER : LXW_VALIDATION_TYPE_DECIMAL;
    dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
    dv.minimum_number = kd->lo;
    dv.maximum_number = kd->hi;
    snprintf(lo, sizeof lo, "%g", kd->lo);
    snprintf(hi, sizeof hi, "%g", kd->hi);
    xw_labelf(c, msg, sizeof msg, "inputs.validation.message",
              "{key} must be between {low} and {high}.", "key", kd->name, "low", lo, "high", hi,
              NULL);
    /* libxlsxwriter refuses a title over 32 characters and a message over 255. */
    dv.error_title = xw_label_cut(xw_label(c, "inputs.validation.title", "Out of range"), title,
                               sizeof title, 32);
    dv.error_message = xw_label_cut(msg, cut, sizeof cut, 255);
    xw_note(c, worksheet_data_validation_cell(ws, (lxw_row_t)row, XW_COL_VAL, &dv));
}

/* ===== Inputs ===== */

/* Defined names on the global inputs (WORKBOOK.md). */
static const char *global_name(tco_skey k)
{
    switch (k) {
    case TCO_S_DISCOUNT_RATE:
        return "DiscountRate";
    case TCO_S_ELECTRICITY_PRICE:
        return "ElectricityPrice";
    case TCO_S_ELECTRICITY_ESCALATION:
        return "ElectricityEscalation";
    case TCO_S_PUE:
        return "PUE";
    case TCO_S_COLO_PER_KW_MONTH:
        return "ColoPerKwMonth";
    case TCO_S_HOURS_PER_MONTH:
        return "HoursPerMonth";
    case TCO_S_HORIZON_MONTHS:
        return "HorizonMonths";
    case TCO_S_UTILIZATION:
        return "WorkloadUtilization";
    default:
        return NULL;
    }
}

/* Global numbers that the workbook's formulas use: styled as inputs (and the workload
 * keys when the Workload sheet uses them, xw_workload_input). The others (catalog
 * settings, workload keys without a model) are shown for the record, styled as fixed. */
static int global_live(tco_skey k)
{
    switch (k) {
    case TCO_S_DISCOUNT_RATE:
    case TCO_S_HOURS_PER_MONTH:
    case TCO_S_ELECTRICITY_PRICE:
    case TCO_S_ELECTRICITY_ESCALATION:
    case TCO_S_PUE:
    case TCO_S_COLO_PER_KW_MONTH:
    case TCO_S_UTILIZATION:
        return 1;
    default:
        return 0;
    }
}

/* Option numbers that the cash-flow sheets use. */
static int option_live(tco_okey k)
{
    switch (k) {
    case TCO_O_COUNT_GPUS:
    case TCO_O_UTILIZATION:
    case TCO_O_TDP_W:
    case TCO_O_FP16_TFLOPS:
    case TCO_O_THROUGHPUT:
    case TCO_O_SCALING_EFFICIENCY:
    case TCO_O_GPU_PRICE:
    case TCO_O_GPUS_PER_SERVER:
    case TCO_O_SERVER_PRICE:
    case TCO_O_NETWORK_PRICE:
    case TCO_O_INSTALL_PRICE:
    case TCO_O_SERVER_POWER_W:
    case TCO_O_IDLE_POWER_FRACTION:
    case TCO_O_LOAD_POWER_FRACTION:
    case TCO_O_MAINTENANCE_RATE:
    case TCO_O_STAFF_PER_MONTH:
    case TCO_O_DEPRECIATION_YEARS:
    case TCO_O_SALVAGE_FRACTION:
    case TCO_O_RESALE_FRACTION:
    case TCO_O_RESALE_DECLINE:
    case TCO_O_PRICE_PER_GPU_HOUR:
    case TCO_O_PRICE_DECLINE:
    case TCO_O_UPFRONT:
    case TCO_O_STORAGE_PER_MONTH:
        return 1;
    default:
        return 0;
    }
}

/* The value of a key of any type at `base` (a scenario or an option): a string,
 * an enumeration's spelling, or a number. Returns 1 for a number (in *num). */
static int key_value(xw_ctx *c, const tco_keydef *kd, const char *base, double *num, char **text)
{
    *text = NULL;
    switch (kd->type) {
    case TCO_T_STRING:
    case TCO_T_DATE:
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

static void define_name(xw_ctx *c, const char *name, int row, int col)
{
    char f[400];
    char cn[8];
    xw_col_name(col, cn);
    snprintf(f, sizeof f, "=%s!$%s$%d", c->sheet_q[TCI_SHEET_INPUTS], cn, row + 1);
    xw_note(c, workbook_define_name(c->wb, name, f));
}

static void write_global(xw_ctx *c, int row, tco_skey k)
{
    const tco_scenario *s = c->s;
    const tco_keydef *kd = tco_scenario_key(k);
    lxw_worksheet *ws = c->inputs;
    char key[64], unit[96], src[160];
    snprintf(key, sizeof key, "[%s] %s", kd->section, kd->name);
    unit_text(c, unit, sizeof unit, kd);
    source_text(c, src, sizeof src, s->src[k], s->key_file[k], s->key_line[k]);
    xw_text(c, ws, row, 0, key_label(c, kd), NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    double v = 0;
    char *text;
    int is_num = key_value(c, kd, (const char *)s, &v, &text);
    if (k == TCO_S_BYTES_PER_PARAM)
        v = tco_bytes_per_param(s); /* the value in effect: its default follows the mode */
    if (!is_num) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", xw_fmt(c, XS_FIXED, XN_NONE));
        if (!text && kd->type != TCO_T_ENUM)
            snprintf(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
        free(text);
    } else if (global_live(k) || xw_workload_input(c, 1, k)) {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, unit_numfmt(kd->unit)));
        validate_input(c, ws, row, kd);
    } else {
        /* The horizon sets the timeline's length: structural, like the rest. */
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_FIXED, unit_numfmt(kd->unit)));
    }
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    const char *name = global_name(k);
    if (name)
        define_name(c, name, row, XW_COL_VAL);
}

/* One option key's row; returns 0 when the key is not shown for this option. */
static int option_key_shown(const tco_option *o, tco_okey k)
{
    const tco_keydef *kd = tco_option_key(k);
    int buy = o->acquire == TCO_BUY;
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    if ((kd->applies == TCO_APPLIES_BUY && !buy) || (kd->applies == TCO_APPLIES_RENT && buy))
        return 0;
    if (k == TCO_O_RESALE_DECLINE && !o->src[k])
        return 0; /* only when it derives the resale fraction */
    if (k == TCO_O_PRICE_DECLINE && o->pricing == TCO_RESERVED)
        return 0;
    if (k == TCO_O_SALVAGE_FRACTION && macrs)
        return 0;
    return 1;
}

static void write_option_key(xw_ctx *c, size_t i, int row, tco_okey k)
{
    const tco_option *o = &c->s->options[i];
    const tco_option_result *res = &c->r->options[i];
    const tco_keydef *kd = tco_option_key(k);
    lxw_worksheet *ws = c->inputs;
    char unit[96], src[160], f[512];
    unit_text(c, unit, sizeof unit, kd);
    if (o->src[k] == TCO_SRC_CATALOG)
        catalog_source(c, src, sizeof src, o, k);
    else
        source_text(c, src, sizeof src, o->src[k], o->key_file[k], o->key_line[k]);
    xw_text(c, ws, row, 0, key_label(c, kd), NULL);
    xw_text(c, ws, row, 1, kd->name, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    lxw_format *fixed = xw_fmt(c, XS_FIXED, XN_NONE);
    double v = 0;
    char *text = NULL;
    int is_num = key_value(c, kd, (const char *)o, &v, &text);
    if (k == TCO_O_LABEL) {
        xw_text(c, ws, row, XW_COL_VAL, c->label[i], fixed);
    } else if (!is_num) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", fixed);
        if (!text && kd->type != TCO_T_ENUM)
            snprintf(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
    } else if (k == TCO_O_UTILIZATION && !o->src[k]) {
        /* Follows the [workload] default, so changing that moves this option. */
        xw_fnum(c, ws, row, XW_COL_VAL, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_UTILIZATION)),
                res->utilization, xw_fmt(c, XS_CALC, XN_PCT));
        snprintf(src, sizeof src, "%s",
                 xw_label(c, "source.workload_utilization", "[workload] utilization"));
    } else if (k == TCO_O_DEPRECIATION_YEARS &&
               (o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7)) {
        /* The life of a MACRS class is the length of its table. */
        int col = o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=COUNT(%s)",
                     xw_range(c, NULL, c->in_macrs, col, c->in_macrs + 7, col)),
                tco_depreciation_life(o), xw_fmt(c, XS_CALC, XN_INT));
        snprintf(src, sizeof src, "%s", xw_label(c, "source.macrs_table", "MACRS table"));
    } else if (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) {
        /* Derived from the decline on the next row over the horizon. */
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=(1-%s)^(HorizonMonths/12)",
                     xw_ref(c, NULL, row + 1, XW_COL_VAL, 1, 1)),
                res->residual_fraction, xw_fmt(c, XS_CALC, XN_PCT));
        snprintf(src, sizeof src, "%s",
                 xw_label(c, "source.from_resale_decline", "from resale_decline"));
    } else if (option_live(k) || xw_workload_input(c, 0, k)) {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, unit_numfmt(kd->unit)));
        validate_input(c, ws, row, kd);
    } else {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_FIXED, unit_numfmt(kd->unit)));
    }
    free(text);
    int stale = o->src[k] == TCO_SRC_CATALOG && o->price_stale &&
                (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR);
    xw_text(c, ws, row, 4, src, xw_fmt(c, stale ? XS_WARN : XS_KEY, XN_NONE));
}

static void write_inputs(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->inputs;
    int wa = 34;
    for (int k = 0; k < TCO_O_COUNT; k++) {
        int w = xw_width(key_label(c, tco_option_key((tco_okey)k)));
        wa = w + 2 > wa ? w + 2 : wa;
    }
    xw_set_col(ws, 0, 0, wa);
    xw_set_col(ws, 1, 1, 30);
    xw_set_col(ws, 2, 2, 18);
    xw_set_col(ws, 3, 3, 22);
    xw_set_col(ws, 4, 4, 40);
    worksheet_set_tab_color(ws, 0xFFD966);
    xw_text(c, ws, 0, 0, xw_label(c, "inputs.title", "Inputs"), xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            xw_label(c, "inputs.subtitle",
                     "Yellow cells are inputs: change one and every sheet follows. Grey cells are "
                     "fixed by the scenario's structure (names, methods, the horizon's length) or "
                     "are for the record only (catalog settings): change those in the scenario "
                     "file."),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    const char *heads[] = {xw_label(c, "inputs.head.input", "Input"),
                           xw_label(c, "inputs.head.key", "Key"),
                           xw_label(c, "inputs.head.value", "Value"),
                           xw_label(c, "inputs.head.unit", "Unit"),
                           xw_label(c, "inputs.head.source", "Source")};
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, 3, k, heads[k], xw_fmt(c, XS_HEADER, XN_NONE));
    worksheet_freeze_panes(ws, 4, 0);
    int row = 4;
    /* The global keys by section, sections in the order the key table has them. */
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    for (int first = 0; first < TCO_S_COUNT; first++) {
        const char *section = tco_scenario_key((tco_skey)first)->section;
        int seen = 0;
        for (int k = 0; k < first && !seen; k++)
            seen = strcmp(tco_scenario_key((tco_skey)k)->section, section) == 0;
        if (seen)
            continue;
        char head[64], hk[96];
        snprintf(head, sizeof head, "%s", section);
        if (head[0] >= 'a' && head[0] <= 'z')
            head[0] = (char)(head[0] - 32);
        snprintf(hk, sizeof hk, "inputs.section.%s", section);
        xw_text(c, ws, row++, 0, xw_label(c, hk, head), sec);
        for (int k = first; k < TCO_S_COUNT; k++) {
            if (strcmp(tco_scenario_key((tco_skey)k)->section, section) != 0)
                continue;
            c->in_g[k] = row;
            write_global(c, row++, (tco_skey)k);
        }
        row++;
    }
    xw_text(c, ws, row++, 0, xw_label(c, "inputs.constants", "Constants"), sec);
    c->in_sph = row;
    xw_text(c, ws, row, 0, xw_label(c, "inputs.seconds_per_hour", "Seconds per hour"), NULL);
    xw_num(c, ws, row, XW_COL_VAL, 3600, xw_fmt(c, XS_FIXED, XN_INT));
    xw_text(c, ws, row, 3, xw_label(c, "unit.seconds", "seconds"), xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, ws, row, 4, xw_label(c, "source.definition", "definition"),
            xw_fmt(c, XS_KEY, XN_NONE));
    define_name(c, "SecondsPerHour", row++, XW_COL_VAL);
    row++;
    xw_text(c, ws, row++, 0,
            xw_label(c, "inputs.macrs", "MACRS depreciation rates (half-year convention)"), sec);
    const char *mh[] = {xw_label(c, "inputs.macrs.year", "Year"), "",
                        xw_label(c, "inputs.macrs.5", "5-year property"),
                        xw_label(c, "inputs.macrs.7", "7-year property"),
                        xw_label(c, "inputs.head.source", "Source")};
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, row, k, mh[k], xw_fmt(c, XS_HEADER, XN_NONE));
    row++;
    c->in_macrs = row;
    for (int y = 1; y <= 8; y++, row++) {
        char yl[200];
        xw_text(c, ws, row, 0,
                xw_labelf(c, yl, sizeof yl, "inputs.macrs.year_n", "Year {n}", "n", xw_int(c, y),
                          NULL),
                NULL);
        if (y <= 6)
            xw_num(c, ws, row, 2, tco_macrs_rate(5, y), xw_fmt(c, XS_FIXED, XN_PCT));
        xw_num(c, ws, row, 3, tco_macrs_rate(7, y), xw_fmt(c, XS_FIXED, XN_PCT));
        xw_text(c, ws, row, 4, xw_label(c, "source.irs946", "IRS Publication 946, table A-1"),
                xw_fmt(c, XS_KEY, XN_NONE));
    }
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        row++;
        char head[XW_MAX_TEXT / 4];
        xw_labelf(c, head, sizeof head, "inputs.option", "Option {id}: {label} ({kind})", "id",
                  c->id[i], "label", c->label[i], "kind",
                  o->acquire == TCO_BUY ? xw_label(c, "common.buy", "buy")
                                        : xw_label(c, "common.rent", "rent"),
                  NULL);
        xw_text(c, ws, row++, 0, head, sec);
        int next = row;
        for (int k = 0; k < TCO_O_COUNT; k++)
            if (option_key_shown(o, (tco_okey)k))
                c->in_o[i * TCO_O_COUNT + (size_t)k] = next++;
        /* Rows are known before any is written, so a row may refer to the next. */
        for (int k = 0; k < TCO_O_COUNT; k++)
            if (c->in_o[i * TCO_O_COUNT + (size_t)k] >= 0)
                write_option_key(c, i, row++, (tco_okey)k);
    }
    xw_print_setup(c, ws, 3, 3, 1);
    worksheet_set_portrait(ws);
}

/* ===== About ===== */

/* Column B of About is 100 characters wide; longer text wraps onto taller rows. */
static void about_text(xw_ctx *c, int row, const char *value)
{
    int lines = (xw_width(value) + 94) / 95;
    if (lines > 1)
        worksheet_set_row(c->about, (lxw_row_t)row, 15.0 * (lines > 6 ? 6 : lines), NULL);
    xw_text(c, c->about, row, 1, value, xw_fmt(c, XS_WRAP, XN_NONE));
}

static void about_pair(xw_ctx *c, int row, const char *label, const char *value)
{
    xw_text(c, c->about, row, 0, label, xw_fmt(c, XS_WRAP, XN_NONE));
    about_text(c, row, value);
}

static void about_link(xw_ctx *c, int row, const char *sheet, const char *quoted, const char *what)
{
    char url[400];
    snprintf(url, sizeof url, "internal:%s!A1", quoted);
    xw_note(c, worksheet_write_url_opt(c->about, (lxw_row_t)row, 0, url, xw_fmt(c, XS_LINK, XN_NONE),
                                    sheet, NULL));
    about_text(c, row, what);
}

/* The worksheet of a sheet kind other than "options", or NULL when the
 * workbook has none. */
static lxw_worksheet *kind_sheet(xw_ctx *c, int kind)
{
    switch (kind) {
    case TCI_SHEET_ABOUT:
        return c->about;
    case TCI_SHEET_INPUTS:
        return c->inputs;
    case TCI_SHEET_SUMMARY:
        return c->summary;
    case TCI_SHEET_WORKLOAD:
        return c->workload;
    case TCI_SHEET_BUY_VS_RENT:
        return c->buyrent;
    case TCI_SHEET_SENSITIVITY:
        return c->sensitivity;
    case TCI_SHEET_CASES:
        return c->cases;
    case TCI_SHEET_MONTE_CARLO:
        return c->montecarlo;
    case TCI_SHEET_CHECKS:
        return c->checks;
    default:
        return NULL;
    }
}

/* About's contents: a link to every sheet shown, in the workbook's order. */
static int about_contents(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    char buf[XW_MAX_TEXT / 4];
    static const struct {
        const char *key, *english;
    } what[TCI_SHEET_KINDS] = {
        [TCI_SHEET_INPUTS] = {XW_KEY("contents.inputs"),
                              "Every assumption, global and per option, with its unit and source"},
        [TCI_SHEET_SUMMARY] = {XW_KEY("contents.summary"),
                               "The options side by side, ranked, with the charts"},
        [TCI_SHEET_CHECKS] = {XW_KEY("contents.checks"),
                              "The engine's figures beside the workbook's formulas, and the "
                              "master check"},
    };
    int order[TCI_SHEET_KINDS];
    size_t n = tci_template_sheets(c->tpl, order);
    for (size_t k = 0; k < n; k++) {
        int kind = order[k];
        if (kind == TCI_SHEET_ABOUT)
            continue;
        if (kind == TCI_SHEET_OPTIONS) {
            for (size_t i = 0; i < s->n_options; i++) {
                xw_labelf(c, buf, sizeof buf, "contents.option",
                          "Monthly cash flow: {label} ({kind})", "label", c->label[i], "kind",
                          s->options[i].acquire == TCO_BUY ? xw_label(c, "common.buy", "buy")
                                                           : xw_label(c, "common.rent", "rent"),
                          NULL);
                about_link(c, row++, c->os[i].name, c->os[i].quoted, buf);
            }
        } else if (kind_sheet(c, kind) && what[kind].key) {
            about_link(c, row++, c->sheet[kind], c->sheet_q[kind],
                       xw_label(c, what[kind].key, what[kind].english));
        } else if (kind_sheet(c, kind)) {
            row = xw_contents_analysis(c, kind, row); /* xlsx_analysis.c */
        }
    }
    return row;
}

static void write_about(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->about;
    char buf[XW_MAX_TEXT / 4], f[512];
    xw_set_col(ws, 0, 0, 24);
    xw_set_col(ws, 1, 1, 100);
    worksheet_set_tab_color(ws, 0x4472C4);
    worksheet_gridlines(ws, LXW_HIDE_ALL_GRIDLINES);
    xw_text(c, ws, 0, 0, c->name, xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            xw_label(c, "about.subtitle",
                     "Total cost of ownership of GPU compute: buy or rent, month by month"),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    int row = 3;
    xw_text(c, ws, row++, 0, xw_label(c, "about.scenario", "Scenario"), sec);
    size_t nbuy = 0;
    for (size_t i = 0; i < s->n_options; i++)
        nbuy += s->options[i].acquire == TCO_BUY;
    const char *nopt = xw_int(c, (long long)s->n_options), *nb = xw_int(c, (long long)nbuy),
               *nr = xw_int(c, (long long)(s->n_options - nbuy)),
               *months = xw_int(c, s->horizon_months);
    if (s->n_options == 1)
        xw_labelf(c, buf, sizeof buf, "about.purpose.one",
                  "Compares 1 option ({buy} bought, {rent} rented) over {months} months: total "
                  "cost of ownership, net present value, cost per GPU-hour and, for bought "
                  "hardware, when it breaks even with renting.",
                  "buy", nb, "rent", nr, "months", months, NULL);
    else
        xw_labelf(c, buf, sizeof buf, "about.purpose",
                  "Compares {n} options ({buy} bought, {rent} rented) over {months} months: "
                  "total cost of ownership, net present value, cost per GPU-hour and, for "
                  "bought hardware, when it breaks even with renting.",
                  "n", nopt, "buy", nb, "rent", nr, "months", months, NULL);
    about_pair(c, row++, xw_label(c, "about.field.purpose", "Purpose"), buf);
    about_pair(c, row++, xw_label(c, "about.field.as_of", "Figures as of"),
               c->as_of ? c->as_of : xw_label(c, "about.as_of.none", "not given"));
    about_pair(c, row++, xw_label(c, "about.field.currency", "Currency"), c->currency);
    xw_labelf(c, buf, sizeof buf, "about.horizon",
              "{months} months; month 0 is the acquisition, months 1-{months} operation",
              "months", months, NULL);
    about_pair(c, row++, xw_label(c, "about.field.horizon", "Horizon"), buf);
    if (r->baseline >= 0)
        xw_labelf(c, buf, sizeof buf, "about.baseline",
                  "{label} ({id}): bought options break even against it", "label",
                  c->label[r->baseline], "id", c->id[r->baseline], NULL);
    else
        snprintf(buf, sizeof buf, "%s",
                 xw_label(c, "about.baseline.none", "none: the scenario has no rent option"));
    about_pair(c, row++, xw_label(c, "about.field.baseline", "Baseline"), buf);
    about_pair(c, row++, xw_label(c, "about.field.file", "Scenario file"),
               c->file_base ? c->file_base : xw_label(c, "about.file.none", "(string)"));
    if (c->author)
        about_pair(c, row++, xw_label(c, "about.field.author", "Author"), c->author);
    if (c->company)
        about_pair(c, row++, xw_label(c, "about.field.company", "Company"), c->company);
    about_pair(c, row++, xw_label(c, "about.field.tool", "Tool"), "tco " TCO_VERSION);
    xw_text(c, ws, row, 0, xw_label(c, "about.field.master_check", "Master check"),
            xw_fmt(c, XS_TEXT, XN_NONE));
    xw_fstr(c, ws, row, 1,
            xw_f(c, f, sizeof f, "=%s",
                 xw_ref(c, c->sheet_q[TCI_SHEET_CHECKS], c->ck_master, XW_COL_VAL, 1, 1)),
            "OK", xw_fmt(c, XS_CHECK, XN_NONE));
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_CELL;
    cf.criteria = LXW_CONDITIONAL_CRITERIA_EQUAL_TO;
    cf.value_string = "\"OK\"";
    cf.format = c->fmt_ok;
    xw_note(c, worksheet_conditional_format_cell(ws, (lxw_row_t)row, 1, &cf));
    cf.criteria = LXW_CONDITIONAL_CRITERIA_NOT_EQUAL_TO;
    cf.format = c->fmt_bad;
    xw_note(c, worksheet_conditional_format_cell(ws, (lxw_row_t)row, 1, &cf));
    row += 2;

    xw_text(c, ws, row++, 0, xw_label(c, "about.legend", "Legend"), sec);
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.input", "Input"),
            xw_fmt(c, XS_INPUT, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.input.text",
                        "An assumption (Inputs sheet): change it and every figure follows."));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.formula", "Formula"),
            xw_fmt(c, XS_CALC, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.formula.text",
                        "Computed from the inputs; every figure is a formula. Do not overwrite."));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.fixed", "Fixed"),
            xw_fmt(c, XS_FIXED, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.fixed.text",
                        "Set by the scenario's structure (names, methods, horizon) or by law "
                        "(MACRS rates): change it in the scenario file."));
    xw_labelf(c, buf, sizeof buf, "about.units",
              "Money in {currency}; energy in kWh; power in kW (W per device); time in months.",
              "currency", c->currency, NULL);
    about_pair(c, row++, xw_label(c, "about.field.units", "Units"), buf);
    about_pair(c, row++, xw_label(c, "about.field.signs", "Sign convention"),
               xw_label(c, "about.signs",
                        "Costs are positive. The residual (resale) value is a positive amount "
                        "that is subtracted. Net present value discounts monthly at the annual "
                        "discount rate."));
    about_pair(c, row++, xw_label(c, "about.field.tokens", "n/a, none, \xE2\x80\x93"),
               xw_label(c, "about.tokens",
                        "n/a: a ratio whose denominator is zero (no FLOPS or throughput given, "
                        "or zero utilization). none: no break-even within the horizon or "
                        "between 0% and 100% utilization. \xE2\x80\x93: zero, or not applicable "
                        "to this kind of option."));
    row++;
    xw_text(c, ws, row++, 0, xw_label(c, "about.contents", "Contents"), sec);
    about_contents(c, row);
    xw_print_setup(c, ws, -1, -1, 1);
    worksheet_set_portrait(ws);
}

/* ===== Document properties ===== */

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar. */
static long long days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* opts->created when given, else as_of at 00:00 UTC, else the epoch. The
 * library reads no clock: libxlsxwriter takes 0 as "now", so the epoch is
 * written as its first second. */
static long long creation_time(const tco_scenario *s, const tco_xlsx_options *opts)
{
    long long t = opts ? opts->created : -1;
    if (t < 0) {
        t = 0;
        const char *a = s->as_of;
        if (a && strlen(a) == 10 && a[4] == '-' && a[7] == '-') {
            char *end;
            long y = strtol(a, &end, 10), m = strtol(a + 5, &end, 10), d = strtol(a + 8, &end, 10);
            if (y >= 1970 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31)
                t = days_from_civil((int)y, (int)m, (int)d) * 86400LL;
        }
    }
    return t > 0 ? t : 1;
}

/* ===== The workbook ===== */

static void ctx_free(xw_ctx *c)
{
    free(c->name);
    free(c->unit);
    free(c->file_base);
    free(c->currency);
    free(c->as_of);
    free(c->author);
    free(c->company);
    for (size_t i = 0; c->label && i < c->s->n_options; i++)
        free(c->label[i]);
    for (size_t i = 0; c->id && i < c->s->n_options; i++)
        free(c->id[i]);
    free(c->label);
    free(c->id);
    for (size_t i = 0; c->os && i < c->s->n_options; i++) {
        free(c->os[i].name);
        free(c->os[i].quoted);
    }
    free(c->os);
    free(c->in_o);
    for (int k = 0; k < TCI_SHEET_KINDS; k++) {
        free(c->sheet[k]);
        free(c->sheet_q[k]);
    }
}

/* Clean copies of every user string; an empty one counts as absent. */
static char *clean_opt(xw_ctx *c, const char *s, size_t max)
{
    if (!s || !*s)
        return NULL;
    return xw_clean_text(c, s, max);
}

static void prepare(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    c->name = clean_opt(c, s->name, 255);
    if (!c->name)
        c->name = xw_strdup(c, xw_label(c, "common.scenario", "Scenario"));
    c->unit = clean_opt(c, s->unit, 40);
    if (!c->unit)
        c->unit = xw_strdup(c, xw_label(c, "common.unit_of_work", "unit"));
    c->currency = clean_opt(c, s->currency, 8);
    if (!c->currency)
        c->currency = xw_strdup(c, "USD");
    c->as_of = clean_opt(c, s->as_of, 32);
    c->author = clean_opt(c, s->author, 255);
    c->company = clean_opt(c, s->company, 255);
    if (s->file && *s->file) {
        const char *slash = strrchr(s->file, '/');
        c->file_base = clean_opt(c, slash ? slash + 1 : s->file, 255);
    }
    c->label = calloc(n, sizeof *c->label);
    c->id = calloc(n, sizeof *c->id);
    c->os = calloc(n, sizeof *c->os);
    c->in_o = malloc(n * TCO_O_COUNT * sizeof *c->in_o);
    if (!c->label || !c->id || !c->os || !c->in_o) {
        c->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n * TCO_O_COUNT; i++)
        c->in_o[i] = -1;
    for (int k = 0; k < TCO_S_COUNT; k++)
        c->in_g[k] = -1;
    /* The fixed sheets are named first, from their labels; the option sheets
     * then take names that none of them has. */
    static const char *const english[TCI_SHEET_KINDS] = {
        [TCI_SHEET_ABOUT] = "About",          [TCI_SHEET_INPUTS] = "Inputs",
        [TCI_SHEET_OPTIONS] = NULL,           [TCI_SHEET_SUMMARY] = "Summary",
        [TCI_SHEET_WORKLOAD] = "Workload",    [TCI_SHEET_BUY_VS_RENT] = "Buy-vs-Rent",
        [TCI_SHEET_SENSITIVITY] = "Sensitivity", [TCI_SHEET_CASES] = "Cases",
        [TCI_SHEET_MONTE_CARLO] = "Monte Carlo", [TCI_SHEET_CHECKS] = "Checks"};
    char **taken = calloc(n + TCI_SHEET_KINDS, sizeof *taken);
    if (!taken) {
        c->nomem = 1;
        return;
    }
    size_t nt = 0;
    for (int k = 0; k < TCI_SHEET_KINDS && !c->nomem; k++) {
        if (!english[k])
            continue;
        char key[64]; /* sheet.KIND, with '_' for '-': sheet.buy_vs_rent */
        snprintf(key, sizeof key, "sheet.%s", tci_template_sheet_kind(k));
        for (char *q = key; *q; q++)
            if (*q == '-')
                *q = '_';
        char *want = xw_clean_text(c, xw_label(c, key, english[k]), XW_MAX_TEXT);
        c->sheet[k] = xw_sheet_name(c, want, taken, nt, english[k]);
        free(want);
        if (c->sheet[k]) {
            taken[nt++] = c->sheet[k];
            c->sheet_q[k] = xw_formula_sheet(c, c->sheet[k]);
        }
    }
    for (size_t i = 0; i < n && !c->nomem; i++) {
        const tco_option *o = &s->options[i];
        c->id[i] = clean_opt(c, o->id, 255);
        if (!c->id[i]) {
            char tmp[32];
            snprintf(tmp, sizeof tmp, "option-%zu", i + 1);
            c->id[i] = xw_strdup(c, tmp);
        }
        c->label[i] = clean_opt(c, o->label, 1000);
        if (!c->label[i])
            c->label[i] = xw_strdup(c, c->id[i] ? c->id[i] : "");
        char fallback[200];
        xw_labelf(c, fallback, sizeof fallback, "sheet.option", "Option {n}", "n",
                  xw_int(c, (long long)i + 1), NULL);
        c->os[i].name = xw_sheet_name(c, c->id[i], taken, nt, fallback);
        taken[nt++] = c->os[i].name;
        if (c->os[i].name)
            c->os[i].quoted = xw_quote_sheet(c, c->os[i].name);
    }
    free(taken);
}

static lxw_worksheet *add_sheet(xw_ctx *c, const char *name)
{
    if (c->err || c->nomem)
        return NULL;
    if (!name || !*name) { /* never reaches libxlsxwriter (it overflows on "") */
        xw_note(c, LXW_ERROR_SHEETNAME_LENGTH_EXCEEDED);
        return NULL;
    }
    lxw_error e = workbook_validate_sheet_name(c->wb, name);
    if (e) {
        xw_note(c, e);
        return NULL;
    }
    /* The name is valid and free, so a failure is memory or, in constant_memory
     * mode, the sheet's temporary file (one stays open per sheet until the
     * workbook is closed: too many sheets for the open-file limit). */
    errno = 0;
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, name);
    if (!ws && errno && errno != ENOMEM) {
        c->sys_errno = errno;
        xw_note(c, LXW_ERROR_CREATING_TMPFILE);
    } else if (!ws) {
        c->nomem = 1;
    }
    return ws;
}

/* See xlsx_internal.h. */
lxw_worksheet *xw_add_sheet(xw_ctx *c, int kind)
{
    if (kind < 0 || kind >= TCI_SHEET_KINDS || kind == TCI_SHEET_OPTIONS)
        return NULL;
    lxw_worksheet *ws = add_sheet(c, c->sheet[kind]);
    if (ws && !c->shown[kind])
        worksheet_hide(ws);
    return ws;
}

/* Add the sheets of one kind where the workbook's order has them. */
static void add_kind(xw_ctx *c, int kind)
{
    const tco_scenario *s = c->s;
    switch (kind) {
    case TCI_SHEET_ABOUT:
        c->about = xw_add_sheet(c, kind);
        break;
    case TCI_SHEET_INPUTS:
        c->inputs = xw_add_sheet(c, kind);
        break;
    case TCI_SHEET_OPTIONS:
        for (size_t i = 0; i < s->n_options; i++) {
            c->os[i].ws = add_sheet(c, c->os[i].name);
            if (c->os[i].ws && !c->shown[kind])
                worksheet_hide(c->os[i].ws);
        }
        break;
    case TCI_SHEET_SUMMARY:
        c->summary = xw_add_sheet(c, kind);
        break;
    case TCI_SHEET_CHECKS:
        c->checks = xw_add_sheet(c, kind);
        break;
    default: /* the analysis sheets, when the scenario calls for them (xlsx_analysis.c) */
        if (xw_analysis_wanted(c, kind)) {
            lxw_worksheet *ws = xw_add_sheet(c, kind);
            if (kind == TCI_SHEET_WORKLOAD)
                c->workload = ws;
            else if (kind == TCI_SHEET_BUY_VS_RENT)
                c->buyrent = ws;
            else if (kind == TCI_SHEET_SENSITIVITY)
                c->sensitivity = ws;
            else if (kind == TCI_SHEET_CASES)
                c->cases = ws;
            else if (kind == TCI_SHEET_MONTE_CARLO)
                c->montecarlo = ws;
        }
        break;
    }
}

static void build(xw_ctx *c, const tco_xlsx_options *opts)
{
    const tco_scenario *s = c->s;
    int order[TCI_SHEET_KINDS];
    size_t n_order = tci_template_sheets(c->tpl, order);
    for (size_t k = 0; k < n_order; k++)
        c->shown[order[k]] = 1;
    c->n_charts = (int)tci_template_charts(c->tpl, c->charts);
    prepare(c);
    if (c->nomem)
        return;
    xw_formats_init(c);
    if (c->nomem)
        return;

    /* The sheets in the template's order. The option sheets and the Summary are
     * written even when it leaves them out, hidden at the end, since the Summary
     * and Checks refer to them. */
    for (size_t k = 0; k < n_order; k++)
        add_kind(c, order[k]);
    if (!c->shown[TCI_SHEET_OPTIONS])
        add_kind(c, TCI_SHEET_OPTIONS);
    if (!c->shown[TCI_SHEET_SUMMARY])
        add_kind(c, TCI_SHEET_SUMMARY);
    if (c->err || c->nomem)
        return;

    for (size_t i = 0; i < s->n_options; i++)
        xw_option_layout(c, i);
    c->ck_master = 3;
    write_inputs(c);
    for (size_t i = 0; i < s->n_options && !c->err && !c->nomem; i++)
        xw_write_option(c, i);
    xw_write_summary(c);
    xw_write_workload(c);
    xw_write_buy_vs_rent(c);
    xw_write_sensitivity(c);
    xw_write_cases(c);
    xw_write_monte_carlo(c);
    xw_write_checks(c);
    if (c->about)
        write_about(c);
    worksheet_activate(c->about ? c->about : c->inputs);

    char subject[600], comments[1200], keywords[600];
    xw_labelf(c, subject, sizeof subject, "doc.subject",
              "Total cost of ownership of GPU compute over {months} months", "months",
              xw_int(c, s->horizon_months), NULL);
    xw_labelf(c, comments, sizeof comments, "doc.comments",
              "A live model: every figure is a formula on the Inputs sheet. Written by tco "
              "{version} from {file}.",
              "version", TCO_VERSION, "file",
              c->file_base ? c->file_base : xw_label(c, "doc.file.none", "a scenario"), NULL);
    snprintf(keywords, sizeof keywords, "%s", xw_label(c, "doc.keywords", "TCO, GPU, buy or rent"));
    lxw_doc_properties props;
    memset(&props, 0, sizeof props);
    props.title = c->name;
    props.subject = subject;
    props.author = c->author;
    props.company = c->company;
    props.keywords = keywords;
    props.comments = comments;
    props.created = (time_t)creation_time(s, opts);
    xw_note(c, workbook_set_properties(c->wb, &props));
}

/* See documentation in header file. */
tco_status tco_report_write_xlsx(const tco_result *result, const char *path,
                                 const tco_xlsx_options *opts, tco_diags *diags)
{
    if (!path || !*path) {
        tco_diags_add(diags, TCO_SEV_ERROR, "<workbook>", 0, NULL,
                      "cannot write workbook: no output path");
        return TCO_ERR_ARG;
    }
    if (!result || !result->scenario || result->n_options == 0 ||
        result->n_options != result->scenario->n_options || result->scenario->horizon_months < 1 ||
        result->scenario->horizon_months > TCO_MAX_HORIZON) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "cannot write workbook: no computed options");
        return TCO_ERR_ARG;
    }
    tci_outfile out;
    tco_status st = tci_outfile_reserve(&out, path, diags);
    if (st != TCO_OK)
        return st;

    xw_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        tci_outfile_abort(&out);
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        return TCO_ERR_NOMEM;
    }
    c->r = result;
    c->s = result->scenario;
    c->tpl = opts ? opts->tpl : NULL;
    c->style = tci_template_style(c->tpl);
    /* constant_memory: each row goes to the sheet's temporary file when the
     * next row starts, so memory stays flat however many options and months
     * (every sheet is written top to bottom); strings are written inline. */
    lxw_workbook_options wo;
    memset(&wo, 0, sizeof wo);
    wo.constant_memory = LXW_TRUE;
    c->wb = workbook_new_opt(out.tmp, &wo);
    if (!c->wb) {
        c->nomem = 1;
    } else {
        build(c, opts);
        lxw_error e = workbook_close(c->wb); /* also frees it */
        if (e && !c->err)
            c->err = e;
    }
    st = TCO_OK;
    if (c->nomem) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        st = TCO_ERR_NOMEM;
    } else if (c->sys_errno) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "cannot write workbook: cannot create a temporary file for a sheet: %s",
                      strerror(c->sys_errno));
        st = TCO_ERR_IO;
    } else if (c->err) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      lxw_strerror(c->err));
        st = TCO_ERR_IO;
    } else {
        /* libxlsxwriter closed the file without syncing it. */
        int fd = open(out.tmp, O_RDONLY);
        if (fd < 0 || fsync(fd) != 0) {
            tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                          strerror(errno));
            st = TCO_ERR_IO;
        }
        if (fd >= 0)
            close(fd);
    }
    if (st == TCO_OK)
        st = tci_outfile_commit(&out, diags);
    else
        tci_outfile_abort(&out);
    ctx_free(c);
    free(c);
    return st;
}
