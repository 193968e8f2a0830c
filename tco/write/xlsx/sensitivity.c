/* sensitivity.c - the Sensitivity sheet: tornado tables and charts of the
 * engine's one-at-a-time analysis (tco_analysis). The drivers' order is the
 * engine's; each end's input, total and swing are formulas over the model
 * (sensmodel.c), cached with the engine's values, so the tables and the charts
 * follow an edit of Inputs (docs/WORKBOOK.md). */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"
#include "write/xlsx/sensmodel.h"
#include "write/xlsx/inputs.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TORNADO_MAX 6 /* bought options that get a tornado chart */

/* Columns of a sensitivity table. */
enum {
    SE_DRIVER,
    SE_IN_LO,
    SE_IN_HI,
    SE_TOT_LO,
    SE_TOT_HI,
    SE_NPV_LO,
    SE_NPV_HI,
    SE_DIFF_LO,
    SE_DIFF_HI,
    SE_SWING,
    SE_CH_LO,
    SE_CH_HI,
    SE_LABEL,
    SE_N
};

/* How a driver's input is measured, for its number format and chart label. */
static tco_kunit driver_unit(const tco_scenario *s, const char *name)
{
    xw_sdrv d;
    if (!xw_sens_driver(s, name, &d))
        return TCO_U_NONE;
    return xw_sens_key(&d)->unit;
}

/* A swung input's limit v (its key kd's lo or hi) as a formula reads it: the
 * constant on Inputs that holds it (MoneyCeiling, PueCeiling), or the number
 * when it is 0 or 1 (docs/WORKBOOK.md, Constants). */
static void limit_text(const tco_keydef *kd, double v, char *buf, size_t size)
{
    const char *name = xw_in_limit(kd, v);
    if (name)
        tci_utf8_format(buf, size, "%s", name);
    else
        tco_format_double(buf, size, v);
}

/* The number format of a driver's input (a count's range need not be whole). */
static xw_numfmt unit_format(tco_kunit u)
{
    return u == TCO_U_MONEY ? XN_MONEY_IN : u == TCO_U_FRACTION ? XN_PCT : XN_NUM;
}

/* An input value for people: "$28,000", "$0.0661", "56%", "1.26". */
static void value_text(xw_ctx *c, char *buf, size_t size, tco_kunit u, double v)
{
    char num[64];
    if (!isfinite(v)) {
        tci_utf8_format(buf, size, "%s", xw_na_word(c).text);
        return;
    }
    if (u == TCO_U_FRACTION) {
        tci_utf8_format(buf, size, "%.3g%%", v * 100);
        return;
    }
    if (fabs(v) >= 1000)
        tco_group_thousands(num, sizeof num, v, 0);
    else
        tci_utf8_format(num, sizeof num, "%.3g", v);
    if (u == TCO_U_MONEY) {
        xw_money_text(c, buf, size, num);
    } else {
        tci_utf8_format(buf, size, "%s", num);
    }
}

/* The index of driver `name` in option j's entries (sorted by swing), or -1. */
static int find_index(const tco_analysis *A, size_t j, const char *name)
{
    for (size_t d = 0; d < A->n_drivers; d++)
        if (strcmp(A->sens[j * A->n_drivers + d].driver, name) == 0)
            return (int)d;
    return -1;
}

/* ===== The sheet ===== */

#define SE_CHART_W 490 /* a tornado chart's width in pixels, two side by side */

/* Column widths of a sensitivity table, in characters. */
static const double widths[SE_N] = {32, 11, 11, 12, 12, 12, 12, 14, 14, 12, 13, 13, 38};

/* The Sensitivity sheet as it is written. */
typedef struct se_sheet {
    xw_ctx *c;
    lxw_worksheet *ws;
    const tco_analysis *A;
    int b;          /* the baseline, or -1 */
    double total_w; /* the printed tables' width in characters (to the swing) */
    xw_pager pg;
    unsigned char *tornado; /* per option: 1 when it gets a tornado chart */
    int *hr;                /* per option: the row of its table's headings */
    int swing_row;          /* the row of the relative swing (its value in column B) */
    const char *heads[SE_N];
    lxw_format *fx_money, *calc_money;
    lxw_chart_options co; /* the tornado charts' size */
} se_sheet;

/* The option of the k-th block: the baseline's first, for the others' rows
 * read it from above, then the others in the scenario's order. */
static size_t se_nth(const se_sheet *S, size_t k)
{
    if (S->b < 0)
        return k;
    const size_t b = (size_t)S->b;
    return k == 0 ? b : k <= b ? k - 1 : k;
}

/* Column widths and the pager. */
static void se_columns(se_sheet *S)
{
    S->total_w = 0;
    for (int k = 0; k <= SE_SWING; k++) {
        worksheet_set_column(S->ws, (lxw_col_t)k, (lxw_col_t)k, widths[k], NULL);
        S->total_w += widths[k];
    }
    /* The changes and the charts' labels, right of the swing, are the charts'
     * data: on screen, not printed. */
    xw_pager_init(&S->pg, S->c, fmax(xw_cols_px(S->total_w), 920));
    S->pg.last_col = SE_SWING;
    worksheet_set_tab_color(S->ws, 0xED7D31);
}

/* Which options get a tornado: the first bought ones, and the cheapest (returned).
 * 0 after a failed allocation (recorded in c). */
static int se_tornadoes(se_sheet *S, size_t *cheapest)
{
    const tco_scenario *s = S->c->s;
    const size_t n = s->n_options;
    S->tornado = calloc(n, 1);
    if (!S->tornado) {
        S->c->nomem = 1;
        return 0;
    }
    int nt = 0, nbuy = 0;
    for (size_t i = 0; i < n; i++)
        nbuy += s->options[i].acquire == TCO_BUY;
    for (size_t i = 0; i < n && nt < TORNADO_MAX; i++)
        if (s->options[i].acquire == TCO_BUY || nbuy == 0)
            S->tornado[i] = 1, nt++;
    *cheapest = S->c->r->rank[0];
    S->tornado[*cheapest] = 1;
    return 1;
}

/* The title and the notes under it, counted by the pager; returns the first
 * free row. */
static int se_title(se_sheet *S, size_t cheapest)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const int b = S->b;
    char t[XW_TBUF], note[XW_TBUF];
    char sw[32];
    tci_utf8_format(sw, sizeof sw, "%g", c->s->swing * 100);
    xw_labelf(
        c, t, sizeof t, "sensitivity.subtitle",
        "Each driver moves to its low, then its high value, one at a time: x (1 - {swing}%) and "
        "x (1 + {swing}%) unless [sensitivity] gives a range. Every figure is a formula; the "
        "drivers' order and the chart labels are tco's: write the workbook again to rank "
        "anew.",
        "swing", sw, NULL);
    xw_span sp = {SE_SWING, S->total_w};
    double pt =
        xw_title(c, ws, sp,
                 xw_label(c, "sensitivity.title", "Sensitivity: which inputs move the answer"), t);
    xw_analyses_flag(c, ws, 2, 0, 3);
    int row = 3;
    if (b >= 0) {
        xw_labelf(c, t, sizeof t, "sensitivity.baseline_note",
                  "Bought options against the baseline, {label}: their swing is the change in "
                  "their total less the baseline's; others', in their own. The discount rate "
                  "moves the NPV only.",
                  "label", c->label[b], NULL);
    } else {
        tci_utf8_format(t, sizeof t, "%s",
                        xw_label(c, "sensitivity.own_note",
                                 "Each option's swing is the change in its own total. The "
                                 "discount rate moves the NPV only."));
    }
    size_t len = strlen(t);
    xw_labelf(c, note, sizeof note, "sensitivity.charts_note",
              "Charts: the first {n} bought options and the cheapest ({id}); a driver an "
              "option lacks ({na}) leaves it unchanged.",
              "n", xw_int(TORNADO_MAX).s, "id", c->id[cheapest], "na", xw_na_word(c).text, NULL);
    tci_utf8_format(t + len, sizeof t - len, " %s", note);
    pt += 15 + xw_para(c, ws, row++, sp, t, 1);
    S->swing_row = row;
    xw_text(c, ws, row, SE_DRIVER,
            xw_label(c, "sensitivity.relative_swing", "Relative swing of each input"), NULL);
    xw_num(c, ws, row++, SE_IN_LO, c->s->swing, xw_fmt(c, XS_FIXED, XN_PCT));
    xw_pager_block_pt(&S->pg, 1, pt + 15);
    return row;
}

/* The columns' headings. */
static void se_heads(se_sheet *S)
{
    xw_ctx *c = S->c;
    const char *heads[SE_N] = {
        xw_label(c, "sensitivity.driver", "Driver"),
        xw_label(c, "sensitivity.input_low", "Input, low end"),
        xw_label(c, "sensitivity.input_high", "Input, high end"),
        xw_label(c, "sensitivity.total_low", "Total, low end"),
        xw_label(c, "sensitivity.total_high", "Total, high end"),
        xw_label(c, "sensitivity.npv_low", "NPV, low end"),
        xw_label(c, "sensitivity.npv_high", "NPV, high end"),
        xw_label(c, "sensitivity.diff_low", "Less baseline, low end"),
        xw_label(c, "sensitivity.diff_high", "Less baseline, high end"),
        xw_label(c, "sensitivity.swing", "Swing"),
        xw_label(c, "sensitivity.change_low", "Change at the low end"),
        xw_label(c, "sensitivity.change_high", "Change at the high end"),
        xw_label(c, "sensitivity.chart_label_head", "Chart label: driver (low / high input)"),
    };
    memcpy(S->heads, heads, sizeof heads);
}

/* Option i's block heading and column headings from `row`; returns the heading row. */
static int se_block_head(const se_sheet *S, size_t i, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    char t[XW_TBUF];
    if (c->os[i].has_base)
        xw_labelf(c, t, sizeof t, "sensitivity.block_vs_base",
                  "{label} ({id}): against the baseline", "label", c->label[i], "id", c->id[i],
                  NULL);
    else
        xw_labelf(c, t, sizeof t, "sensitivity.block", "{label} ({id})", "label", c->label[i], "id",
                  c->id[i], NULL);
    xw_section(c, ws, row++, t);
    int hr = row;
    for (int k = 0; k < SE_N; k++)
        xw_header(c, ws, hr, k, S->heads[k]);
    int lines = 1;
    for (int k = 0; k < SE_N; k++)
        lines = xw_imax(lines, xw_wrap_lines(S->heads[k], widths[k], 11));
    worksheet_set_row(ws, (lxw_row_t)hr, xw_lines_height(lines, 11), NULL);
    return hr;
}

/* The row of option j's entry for driver `name` (its base row when name is NULL). */
static int se_row(const se_sheet *S, size_t j, const char *name)
{
    if (!name)
        return S->hr[j] + 1;
    int d = find_index(S->A, j, name);
    return d < 0 ? XW_NONE : S->hr[j] + 2 + d;
}

/* A cell of this sheet, as formulas refer to it. */
static xw_refbuf se_ref(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 1);
}

/* The row of option i's base, the inputs as they are: its total and NPV from its
 * cash-flow sheet; returns the figure the changes are measured from (the total
 * less the baseline's, or the total). */
static double se_base_row(const se_sheet *S, size_t i, int base)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const tco_option_result *res = &c->r->options[i];
    const xw_optsheet *L = &c->os[i];
    const int vs_base = L->has_base;
    char f[XW_FBUF];
    double base_total = res->total,
           base_diff = vs_base ? res->total - c->r->options[S->b].total : NAN;
    xw_text(c, ws, base, SE_DRIVER, xw_label(c, "sensitivity.base", "Base (inputs as written)"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    xw_fnum(c, ws, base, SE_TOT_LO,
            xw_formula(c, f, sizeof f, "=%s", xw_ref(L->quoted, L->r_net, XW_COL_VAL, 1, 1).s),
            base_total, S->calc_money);
    xw_fnum(c, ws, base, SE_NPV_LO,
            xw_formula(c, f, sizeof f, "=%s", xw_ref(L->quoted, L->r_pv, XW_COL_VAL, 1, 1).s),
            res->npv, S->calc_money);
    if (vs_base)
        xw_fnum(c, ws, base, SE_DIFF_LO,
                xw_formula(c, f, sizeof f, "=%s-%s", se_ref(base, SE_TOT_LO).s,
                           se_ref(se_row(S, (size_t)S->b, NULL), SE_TOT_LO).s),
                base_diff, S->calc_money);
    else
        xw_text(c, ws, base, SE_DIFF_LO, XW_DASH, xw_fmt(c, XS_FIXED, XN_GENERAL));
    return vs_base ? base_diff : base_total;
}

/* The input cells of driver e in option i's row: the live value swung, a range's
 * ends, the baseline's input (from_base) or the n/a word. */
static void se_inputs(const se_sheet *S, size_t i, const tco_sens_entry *e, int row, double in_lo,
                      double in_hi, int from_base, lxw_format *fixed)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    char f[XW_FBUF], x0[XW_FBUF / 2];
    double lo, hi;
    xw_sdrv d;
    lxw_format *calc = xw_fmt(c, XS_CALC, unit_format(driver_unit(c->s, e->driver)));
    if (from_base) {
        int br = se_row(S, (size_t)S->b, e->driver);
        xw_fnum(c, ws, row, SE_IN_LO, xw_formula(c, f, sizeof f, "=%s", se_ref(br, SE_IN_LO).s),
                in_lo, calc);
        xw_fnum(c, ws, row, SE_IN_HI, xw_formula(c, f, sizeof f, "=%s", se_ref(br, SE_IN_HI).s),
                in_hi, calc);
    } else if (!isfinite(in_lo)) {
        xw_word na = xw_na_word(c);
        xw_text(c, ws, row, SE_IN_LO, na.text, fixed);
        xw_text(c, ws, row, SE_IN_HI, na.text, fixed);
    } else if (xw_sens_driver(c->s, e->driver, &d) &&
               xw_sens_swung(c, i, &d, x0, sizeof x0, &lo, &hi)) {
        xw_refbuf sw = se_ref(S->swing_row, SE_IN_LO);
        char tl[32], th[32];
        limit_text(xw_sens_key(&d), lo, tl, sizeof tl);
        limit_text(xw_sens_key(&d), hi, th, sizeof th);
        xw_fnum(c, ws, row, SE_IN_LO,
                xw_formula(c, f, sizeof f, "=MAX(%s,MIN(%s,%s*(1-%s)))", tl, th, x0, sw.s), in_lo,
                calc);
        xw_fnum(c, ws, row, SE_IN_HI,
                xw_formula(c, f, sizeof f, "=MAX(%s,MIN(%s,%s*(1+%s)))", tl, th, x0, sw.s), in_hi,
                calc);
    } else {
        xw_num(c, ws, row, SE_IN_LO, in_lo, fixed);
        xw_num(c, ws, row, SE_IN_HI, in_hi, fixed);
    }
}

/* Driver `name` in words (xw_key_label), never its INI spelling: the key's
 * label, after the option's or site's name a range names. */
static const char *driver_text(xw_ctx *c, const char *name, char *buf, size_t size)
{
    xw_sdrv d;
    if (!xw_sens_driver(c->s, name, &d)) {
        tci_utf8_format(buf, size, "%s", name);
        return buf;
    }
    if (d.only_option == TCO_PARAM_DISCOUNT) {
        char *nm = xw_clean_text(c, c->s->discounts[d.key].name, 200);
        xw_labelf(c, buf, size, "sensitivity.discount", "Discount ({name})", "name", nm ? nm : "",
                  NULL);
        free(nm);
        return buf;
    }
    return xw_key_label(c, xw_sens_key(&d), d.only_option, d.site, buf, size);
}

/* Option i's total (npv 0: col SE_TOT_LO or SE_TOT_HI) or NPV (npv 1: col
 * SE_NPV_LO or SE_NPV_HI) at one end of driver e: the base's (the option
 * sheet's) plus the change its input makes, at present value for the NPV; none
 * where the option lacks the input; the engine's value v where no formula gives
 * that change. */
static void se_end(const se_sheet *S, size_t i, const tco_sens_entry *e, int row, int base, int col,
                   double v, int npv)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], delta[XW_FBUF];
    xw_sdrv d;
    int k = 0, lo = col == (npv ? SE_NPV_LO : SE_TOT_LO);
    xw_refbuf in = se_ref(row, lo ? SE_IN_LO : SE_IN_HI),
              b = se_ref(base, npv ? SE_NPV_LO : SE_TOT_LO);
    if (isfinite(e->input_low))
        k = !xw_sens_driver(c->s, e->driver, &d) ? -1
            : npv ? xw_sens_npv_delta(c, i, &d, in.s, delta, sizeof delta)
                  : xw_sens_delta(c, i, &d, in.s, delta, sizeof delta);
    if (k < 0)
        xw_num(c, S->ws, row, col, v, S->fx_money);
    else if (k == 0)
        xw_fnum(c, S->ws, row, col, xw_formula(c, f, sizeof f, "=%s", b.s), v, S->calc_money);
    else
        xw_fnum(c, S->ws, row, col, xw_formula(c, f, sizeof f, "=%s+%s", b.s, delta), v,
                S->calc_money);
}

/* Driver e's row of option i's table; base: the base's row, base_v its figure. */
static void se_driver_row(const se_sheet *S, size_t i, const tco_sens_entry *e, int row, int base,
                          double base_v)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const int vs_base = c->os[i].has_base;
    const int measure = vs_base ? SE_DIFF_LO : SE_TOT_LO;
    char t[XW_TBUF], f[XW_FBUF], lo[96], hi[96];
    tco_kunit unit = driver_unit(c->s, e->driver);
    double in_lo = e->input_low, in_hi = e->input_high;
    int from_base = 0;
    if (!isfinite(in_lo) && vs_base) {
        /* A driver of the baseline only (its rent price): show the baseline's input. */
        int db = find_index(S->A, (size_t)S->b, e->driver);
        const tco_sens_entry *eb = db < 0 ? NULL : &S->A->sens[(size_t)S->b * S->A->n_drivers + db];
        if (eb && isfinite(eb->input_low)) {
            in_lo = eb->input_low, in_hi = eb->input_high;
            from_base = 1;
        }
    }
    char dn[XW_TBUF];
    driver_text(c, e->driver, dn, sizeof dn);
    if (from_base)
        xw_labelf(c, t, sizeof t, "sensitivity.of_baseline", "{driver} (the baseline's)", "driver",
                  dn, NULL);
    else
        tci_utf8_format(t, sizeof t, "%s", dn);
    xw_text(c, ws, row, SE_DRIVER, t, NULL);
    se_inputs(S, i, e, row, in_lo, in_hi, from_base, xw_fmt(c, XS_FIXED, unit_format(unit)));
    se_end(S, i, e, row, base, SE_TOT_LO, e->total_low, 0);
    se_end(S, i, e, row, base, SE_TOT_HI, e->total_high, 0);
    se_end(S, i, e, row, base, SE_NPV_LO, e->npv_low, 1);
    se_end(S, i, e, row, base, SE_NPV_HI, e->npv_high, 1);
    if (vs_base) {
        int br = se_row(S, (size_t)S->b, e->driver);
        xw_fnum(
            c, ws, row, SE_DIFF_LO,
            xw_formula(c, f, sizeof f, "=%s-%s", se_ref(row, SE_TOT_LO).s, se_ref(br, SE_TOT_LO).s),
            e->diff_low, S->calc_money);
        xw_fnum(
            c, ws, row, SE_DIFF_HI,
            xw_formula(c, f, sizeof f, "=%s-%s", se_ref(row, SE_TOT_HI).s, se_ref(br, SE_TOT_HI).s),
            e->diff_high, S->calc_money);
    } else {
        xw_text(c, ws, row, SE_DIFF_LO, XW_DASH, xw_fmt(c, XS_FIXED, XN_GENERAL));
        xw_text(c, ws, row, SE_DIFF_HI, XW_DASH, xw_fmt(c, XS_FIXED, XN_GENERAL));
    }
    xw_fnum(c, ws, row, SE_SWING,
            xw_formula(c, f, sizeof f, "=ABS(%s-%s)", se_ref(row, measure + 1).s,
                       se_ref(row, measure).s),
            e->swing, S->calc_money);
    double vlo = vs_base ? e->diff_low : e->total_low, vhi = vs_base ? e->diff_high : e->total_high;
    xw_refbuf bref = xw_ref(NULL, base, measure, 1, 1);
    xw_fnum(c, ws, row, SE_CH_LO,
            xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(NULL, row, measure, 0, 0).s, bref.s),
            vlo - base_v, S->calc_money);
    xw_fnum(c, ws, row, SE_CH_HI,
            xw_formula(c, f, sizeof f, "=%s-%s", xw_ref(NULL, row, measure + 1, 0, 0).s, bref.s),
            vhi - base_v, S->calc_money);
    value_text(c, lo, sizeof lo, unit, in_lo);
    value_text(c, hi, sizeof hi, unit, in_hi);
    if (isfinite(in_lo) && from_base)
        xw_labelf(c, t, sizeof t, "sensitivity.chart_label_baseline",
                  "{driver}, baseline ({low} / {high})", "driver", dn, "low", lo, "high", hi, NULL);
    else if (isfinite(in_lo))
        xw_labelf(c, t, sizeof t, "sensitivity.chart_label", "{driver} ({low} / {high})", "driver",
                  dn, "low", lo, "high", hi, NULL);
    else
        tci_utf8_format(t, sizeof t, "%s", dn);
    xw_text(c, ws, row, SE_LABEL, t, NULL);
}

/* Option i's tornado chart, chart_h pixels high, at `row`: the `moving` drivers
 * from row `first`, series named from the heading row hr. 0 after a failed
 * allocation. */
static int se_chart(se_sheet *S, size_t i, int first, int moving, int hr, int chart_h, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    char t[XW_TBUF], cats[600];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_BAR);
    if (!ch)
        return 0;
    xw_column_range(cats, sizeof cats, ws, first, first + moving - 1, SE_LABEL);
    for (int k = 0; k < 2; k++) {
        int col = k ? SE_CH_HI : SE_CH_LO;
        lxw_chart_series *se =
            xw_column_series(c, ch, ws, cats, first, first + moving - 1, col, hr);
        if (!se)
            break;
        xw_series_solid(se, k ? 0xED7D31 : 0x4472C4);
    }
    chart_set_series_overlap(ch, 100);
    chart_set_series_gap(ch, 40);
    if (c->os[i].has_base)
        xw_labelf(c, t, sizeof t, "chart.tornado.title_vs_base",
                  "{id}: change in total less the baseline's, by driver ({currency})", "id",
                  c->id[i], "currency", c->currency, NULL);
    else
        xw_labelf(c, t, sizeof t, "chart.tornado.title",
                  "{id}: change in total, by driver ({currency})", "id", c->id[i], "currency",
                  c->currency, NULL);
    xw_chart_title(c, ch, t);
    /* In libxlsxwriter's bar charts x is the horizontal value axis and y the
     * vertical category axis: the largest swing (first row) goes on top. */
    chart_axis_set_reverse(ch->y_axis);
    chart_axis_set_crossing_max(ch->y_axis);
    /* Driver names at the left edge, clear of the bars that go left of zero. */
    chart_axis_set_label_position(ch->y_axis, LXW_CHART_AXIS_LABEL_POSITION_LOW);
    xw_axis_money(c, ch->x_axis, XW_KEY("chart.tornado.x"), "Change from the base ({currency})",
                  XN_MONEY);
    chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
    S->co.y_scale = chart_h / 288.0;
    xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)(row + 1), 0, ch, &S->co));
    return 1;
}

/* Option i's chart height in pixels (0 without one); *moving: its drivers with a swing. */
static int se_chart_h(const se_sheet *S, size_t i, int *moving)
{
    const size_t nd = S->A->n_drivers;
    const tco_sens_entry *E = &S->A->sens[i * nd];
    *moving = 0;
    for (size_t d = 0; d < nd; d++)
        *moving += E[d].swing > 0;
    return S->tornado[i] && *moving > 0 ? 96 + 26 * *moving : 0;
}

/* The rows option i's table takes from its first, with a blank row after it
 * (the charts follow the tables, se_charts). */
static int se_block_rows(const se_sheet *S, size_t i)
{
    (void)i;
    return 3 + (int)S->A->n_drivers;
}

/* Option i's block from `row`: its table (its tornado chart follows the tables);
 * returns the next row. The rows are those se_layout fixed (S->hr). */
static int se_block(se_sheet *S, size_t i, int row)
{
    const size_t nd = S->A->n_drivers;
    const tco_sens_entry *E = &S->A->sens[i * nd];
    const int next = row + se_block_rows(S, i);
    /* The headings' row is taller than the others. */
    int lines = 1;
    for (int k = 0; k < SE_N; k++)
        lines = xw_imax(lines, xw_wrap_lines(S->heads[k], widths[k], 11));
    xw_pager_block_pt(&S->pg, row, 15.0 * (next - row - 1) + xw_lines_height(lines, 11));
    int hr = se_block_head(S, i, row);
    row = hr + 1;
    int base = row++;
    double base_v = se_base_row(S, i, base);
    for (size_t d = 0; d < nd; d++, row++)
        se_driver_row(S, i, &E[d], row, base, base_v);
    return next;
}

/* The tornado charts under the tables, from `row`: two side by side, each
 * half the tables' width, a pair never cut by a page break (one chart alone
 * takes the whole width). Returns the row after them. */
static int se_charts(se_sheet *S, int row)
{
    const size_t n = S->c->s->n_options;
    size_t charted = 0, pair[2];
    int moving;
    for (size_t i = 0; i < n; i++)
        charted += se_chart_h(S, i, &moving) > 0;
    S->co.x_scale = (charted > 1 ? SE_CHART_W : 2 * SE_CHART_W + 20) / 480.0;
    size_t k = 0;
    for (size_t q = 0; q < n && !S->c->err && !S->c->nomem; q++) {
        size_t i = se_nth(S, q);
        if (se_chart_h(S, i, &moving) == 0)
            continue;
        pair[k++] = i;
        if (k < 2 && q + 1 < n)
            continue;
        int rows = 0;
        for (size_t j = 0; j < k; j++)
            rows = xw_imax(rows, (se_chart_h(S, pair[j], &moving) + 19) / 20 + 2);
        xw_pager_block_pt(&S->pg, row, 15.0 * rows);
        for (size_t j = 0; j < k; j++) {
            int h = se_chart_h(S, pair[j], &moving);
            S->co.x_offset = j ? SE_CHART_W + 20 : 0;
            se_chart(S, pair[j], S->hr[pair[j]] + 2, moving, S->hr[pair[j]], h, row);
        }
        row += rows;
        k = 0;
    }
    if (k > 0) { /* the last one, alone */
        int h = se_chart_h(S, pair[0], &moving);
        xw_pager_block_pt(&S->pg, row, 15.0 * ((h + 19) / 20 + 2));
        S->co.x_offset = 0;
        se_chart(S, pair[0], S->hr[pair[0]] + 2, moving, S->hr[pair[0]], h, row);
        row += (h + 19) / 20 + 2;
    }
    return row;
}

/* The heading row of every option's block, from `row` (so a row may refer to the
 * baseline's, above it). 0 after a failed allocation (recorded in c). */
static int se_layout(se_sheet *S, int row)
{
    S->hr = calloc(S->c->s->n_options ? S->c->s->n_options : 1, sizeof *S->hr);
    if (!S->hr) {
        S->c->nomem = 1;
        return 0;
    }
    for (size_t k = 0; k < S->c->s->n_options; k++) {
        size_t i = se_nth(S, k);
        S->hr[i] = row + 1;
        row += se_block_rows(S, i);
    }
    return 1;
}

/* See sheets.h. */
void xw_write_sensitivity(xw_ctx *c)
{
    const tco_analysis *A = xw_analysis_due(c, c->sensitivity);
    if (!A)
        return;
    se_sheet S = {.c = c, .ws = c->sensitivity, .A = A, .b = c->r->baseline};
    se_columns(&S);
    size_t cheapest;
    if (!se_tornadoes(&S, &cheapest))
        return;
    int row = se_title(&S, cheapest);
    /* The charts' data, after the title (its master check in the last printed
     * column). */
    for (int k = SE_SWING + 1; k < SE_N; k++)
        worksheet_set_column(S.ws, (lxw_col_t)k, (lxw_col_t)k, widths[k], NULL);
    if (!se_layout(&S, row)) {
        free(S.tornado);
        return;
    }
    se_heads(&S);
    S.fx_money = xw_fmt(c, XS_FIXED, XN_MONEY);
    S.calc_money = xw_fmt(c, XS_CALC, XN_MONEY);
    S.co.y_offset = 6;
    for (size_t k = 0; k < c->s->n_options && !c->err && !c->nomem; k++)
        row = se_block(&S, se_nth(&S, k), row);
    row = se_charts(&S, row);
    free(S.tornado);
    free(S.hr);
    xw_pager_apply(c, S.ws, &S.pg, row);
}
