/* buyrent.c - the Buy-vs-Rent sheet: the utilization sweep as live formulas,
 * with the break-even utilization marked, and the cumulative cost against the
 * baseline (docs/WORKBOOK.md). */
#include "write/xlsx/sheets.h"
#include "core/factors.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options drawn in a chart: all, or the `max` lowest totals in input order. */
static size_t chart_options(const xw_ctx *c, size_t max, size_t *out)
{
    size_t n = c->s->n_options, k = 0;
    if (n <= max) {
        for (size_t i = 0; i < n; i++)
            out[k++] = i;
        return k;
    }
    unsigned char *keep = calloc(n, 1);
    if (!keep)
        return 0;
    for (size_t j = 0; j < max; j++)
        keep[c->r->rank[j]] = 1;
    for (size_t i = 0; i < n; i++)
        if (keep[i])
            out[k++] = i;
    free(keep);
    return k;
}

/* ===== The sheet ===== */

#define BR_CHART_W    480 /* pixels: two charts side by side */
#define BR_COL_W      14  /* the options' columns, in characters */
#define BR_COL_MIN    11  /* ... at their narrowest, printed portrait */
#define BR_CHART_ROWS 22  /* the rows a chart takes, stacked */

/* The Buy-vs-Rent sheet as it is written. */
typedef struct br_sheet {
    xw_ctx *c;
    lxw_worksheet *ws;
    const tco_analysis *A; /* the engine's sweep, or NULL */
    int b, H, npts;        /* the baseline, months, utilization points */
    lxw_format *money, *money2, *pct;
    xw_span sp; /* where the paragraphs wrap */
    xw_pager pg;
    int nbe, be_first;     /* bought options with a break-even row; the first row */
    int mcol;              /* the chart markers' first column, right of the printed page */
    int chart_top;         /* the charts' first row */
    int stacked;           /* 1: portrait, the charts one above the other */
    double col_w;          /* the options' columns' width, in characters */
    int ht, tfirst, tlast; /* the totals' heading row, first and last rows */
    size_t *shown, ns;     /* the options drawn in the charts */
} br_sheet;

/* Column widths, the pager, the title and its paragraph. */
static void br_title(br_sheet *B)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const size_t n = c->s->n_options;
    char t[XW_TBUF];
    worksheet_set_column(ws, 0, 0, 40, NULL);
    worksheet_set_tab_color(ws, 0x70AD47);
    /* The two charts one above the other over the options' columns when those
     * fit a portrait page at a readable scale (narrowed to BR_COL_MIN at
     * least), decided for 10-point text (zh-CN's, the smallest of the shipped
     * templates) so that every template lays the sheet out alike; printed
     * portrait when they fit there at the template's own readable scale, else
     * landscape. Else the charts side by side, 480 pixels
     * each: columns of 14 characters are 103 pixels and the first (40) 285, so
     * they reach column H, which prints at a readable scale on a landscape page. */
    int last_col = n > 1 ? (int)n : 1;
    B->stacked = floor((xw_page_chars(10, 1) - 40) / last_col) >= BR_COL_MIN;
    double w = floor((xw_page_chars(xw_body_pt(c), 1) - 40) / last_col);
    B->col_w = w > BR_COL_W ? BR_COL_W : w < BR_COL_MIN ? BR_COL_MIN : w;
    if (!B->stacked) {
        last_col = n > 7 ? (int)n : 7;
        B->col_w = BR_COL_W;
    }
    xw_pager_init(&B->pg, c, xw_cols_px(40 + B->col_w * last_col));
    worksheet_set_column(ws, 1, (lxw_col_t)last_col, B->col_w, NULL);
    B->pg.last_col = last_col;
    /* The chart markers, past a blank column after the print area. */
    B->mcol = last_col + 2;
    xw_labelf(c, t, sizeof t, "buy_vs_rent.subtitle",
              "What each option would cost over {months} months if its GPUs worked the share of "
              "hours in the first column, the same share for every option (as break-even "
              "utilization assumes). Live formulas: total = total at 0% utilization + cost of "
              "one unit of utilization x utilization, both from the option's cash-flow sheet.",
              "months", xw_int(B->H).s, NULL);
    xw_span sp = {last_col, 40 + B->col_w * last_col};
    B->sp = sp;
    xw_title(c, ws, sp, xw_label(c, "buy_vs_rent.title", "Buy or rent: cost against utilization"),
             t);
    /* After the title, whose master check goes in the last printed column. */
    worksheet_set_column(ws, (lxw_col_t)B->mcol, (lxw_col_t)(B->mcol + 1), 17, NULL);
}

/* Bought option i's break-even row: the utilization, the total there, and the
 * chart marker's two cells right of the printed page (NA() without a
 * break-even, which charts skip and no page prints). */
static void br_breakeven_row(const br_sheet *B, size_t i, int row)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const xw_optsheet *L = &c->os[i];
    lxw_format *money = B->money, *pct = B->pct;
    char f[XW_FBUF];
    double u = c->r->options[i].breakeven_utilization;
    int ok = isfinite(u);
    double tot = ok ? tci_total_at_utilization(&c->r->options[i], u) : NAN;
    xw_label_cell(c, ws, row, 0, c->label[i], 40, NULL);
    xw_breakeven_formula(c, f, sizeof f, i);
    if (ok)
        xw_fnum(c, ws, row, 1, f, u, pct);
    else
        xw_fstr(c, ws, row, 1, f, xw_be_word(c, c->r->options[i].breakeven_utilization_note).text,
                pct);
    xw_refbuf bu = xw_ref(NULL, row, 1, 0, 0);
    xw_refbuf t0 = xw_ref(L->quoted, L->k_total0, XW_COL_VAL, 1, 1);
    xw_refbuf sl = xw_ref(L->quoted, L->k_slope, XW_COL_VAL, 1, 1);
    /* No total at a break-even that does not happen: a dash, as for a figure
     * that does not apply. */
    xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),%s+%s*%s,\"%s\")", bu.s, t0.s, sl.s, bu.s,
               XW_DASH);
    if (ok)
        xw_fnum(c, ws, row, 2, f, tot, money);
    else
        xw_fstr(c, ws, row, 2, f, XW_DASH, money);
    /* #N/A is what charts skip: no marker without a break-even. */
    xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),%s,NA())", bu.s, bu.s);
    if (ok)
        xw_fnum(c, ws, row, B->mcol, f, u, pct);
    else
        xw_fstr(c, ws, row, B->mcol, f, "#N/A", pct);
    xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),%s,NA())", bu.s, xw_ref(NULL, row, 2, 0, 0).s);
    if (ok)
        xw_fnum(c, ws, row, B->mcol + 1, f, tot, money);
    else
        xw_fstr(c, ws, row, B->mcol + 1, f, "#N/A", money);
}

/* Break-even utilization of each bought option, from `row`; returns the next row. */
static int br_breakeven(br_sheet *B, int row)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const size_t n = c->s->n_options;
    char t[XW_TBUF];
    B->nbe = 0, B->be_first = XW_NONE;
    for (size_t i = 0; i < n; i++)
        B->nbe += c->os[i].has_base;
    if (B->nbe == 0) {
        xw_para(c, ws, row++, B->sp,
                xw_label(c, "buy_vs_rent.no_baseline",
                         "No break-even: the scenario has no bought option to compare with a "
                         "rent baseline."),
                1);
        return row;
    }
    xw_labelf(c, t, sizeof t, "buy_vs_rent.breakeven",
              "Break-even utilization against the baseline: {label}", "label", c->label[B->b],
              NULL);
    xw_section(c, ws, row++, t);
    int hr = row++;
    xw_header(c, ws, hr, 0, xw_label(c, "buy_vs_rent.option", "Bought option"));
    const char *heads[] = {xw_label(c, "buy_vs_rent.beu", "Break-even utilization"),
                           xw_label(c, "buy_vs_rent.be_total", "Total at break-even")};
    xw_header(c, ws, hr, 1, heads[0]);
    xw_header(c, ws, hr, 2, heads[1]);
    xw_header(c, ws, hr, B->mcol, xw_label(c, "buy_vs_rent.marker_u", "Chart marker: utilization"));
    xw_header(c, ws, hr, B->mcol + 1,
              xw_label(c, "buy_vs_rent.marker_total", "Chart marker: total"));
    xw_header_height(ws, hr, heads, 2, B->col_w);
    B->be_first = row;
    for (size_t i = 0; i < n; i++)
        if (c->os[i].has_base)
            br_breakeven_row(B, i, row++);
    xw_para(c, ws, row++, B->sp,
            xw_label(c, "buy_vs_rent.be_note",
                     "Where the two totals do not meet between 0% and 100% utilization: always, "
                     "buying is cheaper at every utilization; never, at none; parallel, the "
                     "two cost the same at every utilization. The chart marks no break-even "
                     "then: the marker cells it reads, right of the printed page, hold NA(), "
                     "which charts skip."),
            1);
    return row;
}

/* A table of the sweep under its heading `title`, from `row`: a utilization
 * column and one column per option (*head: the heading row). Returns the first
 * row of figures. */
static int br_table_head(br_sheet *B, int row, const char *title, int *head)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const size_t n = c->s->n_options;
    xw_pager_block(&B->pg, row, B->npts + 3);
    xw_section(c, ws, row++, title);
    int h = row++;
    xw_header(c, ws, h, 0, xw_label(c, "buy_vs_rent.utilization", "Utilization"));
    for (size_t i = 0; i < n; i++)
        xw_header(c, ws, h, 1 + (int)i, c->label[i]);
    xw_header_height(ws, h, (const char *const *)c->label, n, B->col_w);
    *head = h;
    return row;
}

/* The sweep's utilization k (0-based). */
static double br_u(const br_sheet *B, int k)
{
    return B->A && B->A->sweep_u ? B->A->sweep_u[k] : (k + 1) / (double)B->npts;
}

/* Total cost of ownership at each utilization, from `row`; returns the next row. */
static int br_totals(br_sheet *B, int row)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const tco_analysis *A = B->A;
    const size_t n = c->s->n_options, npts = (size_t)B->npts;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "buy_vs_rent.totals",
              "Total cost of ownership at each utilization ({currency})", "currency", c->currency,
              NULL);
    row = br_table_head(B, row, t, &B->ht);
    B->tfirst = row;
    for (int k = 0; k < B->npts; k++, row++) {
        double u = br_u(B, k);
        xw_num(c, ws, row, 0, u, xw_fmt(c, XS_FIXED, XN_PCT));
        for (size_t i = 0; i < n; i++) {
            const xw_optsheet *L = &c->os[i];
            double v = A && A->sweep_total ? A->sweep_total[i * npts + (size_t)k]
                                           : tci_total_at_utilization(&c->r->options[i], u);
            xw_refbuf t0 = xw_ref(L->quoted, L->k_total0, XW_COL_VAL, 1, 1);
            xw_fnum(c, ws, row, 1 + (int)i,
                    xw_formula(c, f, sizeof f, "=%s+%s*%s", t0.s,
                               xw_ref(L->quoted, L->k_slope, XW_COL_VAL, 1, 1).s,
                               xw_ref(NULL, row, 0, 0, 1).s),
                    v, B->money);
        }
    }
    B->tlast = row - 1;
    c->br_first = B->tfirst;
    c->br_last = B->tlast;
    return row;
}

/* Cost per GPU-hour used at each utilization, from `row`; returns the next row. */
static int br_cost_per_gpu_hour(br_sheet *B, int row)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const tco_scenario *s = c->s;
    const tco_analysis *A = B->A;
    const size_t n = s->n_options, npts = (size_t)B->npts;
    char f[XW_FBUF], t[XW_TBUF];
    int hc;
    xw_labelf(c, t, sizeof t, "buy_vs_rent.cpgh",
              "Cost per GPU-hour used at each utilization ({currency} per GPU-hour)", "currency",
              c->currency, NULL);
    row = br_table_head(B, row, t, &hc);
    for (int k = 0; k < B->npts; k++, row++) {
        double u = br_u(B, k);
        xw_num(c, ws, row, 0, u, xw_fmt(c, XS_FIXED, XN_PCT));
        for (size_t i = 0; i < n; i++) {
            double v =
                A && A->sweep_cost_per_gpu_hour
                    ? A->sweep_cost_per_gpu_hour[i * npts + (size_t)k]
                    : tci_cost_per_gpu_hour_at(s, &s->options[i],
                                               tci_total_at_utilization(&c->r->options[i], u), u);
            xw_refbuf cnt = xw_in(c, i, TCO_O_COUNT_GPUS);
            xw_refbuf uu = xw_ref(NULL, row, 0, 0, 1);
            if (s->options[i].acquire == TCO_API) { /* no GPUs (MODEL.md, API options) */
                xw_fnum(c, ws, row, 1 + (int)i,
                        xw_formula(c, f, sizeof f, "=%s", xw_na_word(c).lit), NAN, B->money2);
                continue;
            }
            xw_fnum(c, ws, row, 1 + (int)i,
                    xw_formula(c, f, sizeof f,
                               "=IF(%s=0,%s,%s/(%s*HoursPerMonth*HorizonMonths*%s))", uu.s,
                               xw_na_word(c).lit, xw_ref(NULL, B->tfirst + k, 1 + (int)i, 0, 0).s,
                               cnt.s, uu.s),
                    v, B->money2);
        }
    }
    return row;
}

/* The break-even markers of the sweep chart: one diamond per bought option that
 * breaks even, kept out of the legend (nser: the series so far). */
static void br_markers(const br_sheet *B, lxw_chart *ch, int nser)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    char vals[600];
    int16_t hide[256];
    int nhide = 0;
    int brow = B->be_first;
    for (size_t i = 0; i < c->s->n_options && !c->nomem && B->nbe > 0; i++) {
        if (!c->os[i].has_base)
            continue;
        int this_row = brow++;
        if (!isfinite(c->r->options[i].breakeven_utilization) || nhide >= 50)
            continue;
        char x[200];
        xw_column_range(x, sizeof x, ws, this_row, this_row, B->mcol);
        lxw_chart_series *se = xw_add_series(
            c, ch, x, xw_column_range(vals, sizeof vals, ws, this_row, this_row, B->mcol + 1));
        if (!se)
            break;
        chart_series_set_name_range(se, ws->name, (lxw_row_t)this_row, 0);
        lxw_chart_line none;
        memset(&none, 0, sizeof none);
        none.none = LXW_TRUE;
        chart_series_set_line(se, &none);
        chart_series_set_marker_type(se, LXW_CHART_MARKER_DIAMOND);
        chart_series_set_marker_size(se, 11);
        lxw_chart_fill fill;
        memset(&fill, 0, sizeof fill);
        fill.color = xw_colour(c, i);
        chart_series_set_marker_fill(se, &fill);
        lxw_chart_line border;
        memset(&border, 0, sizeof border);
        border.color = 0x000000;
        border.width = 1.25f;
        chart_series_set_marker_line(se, &border);
        hide[nhide++] = (int16_t)nser++;
    }
    hide[nhide] = -1;
    if (nhide > 0)
        xw_note(c, chart_legend_delete_series(ch, hide));
}

/* Option i's line in the charts: values vals against cats, named by its heading
 * over the totals, in its colour, dashed for the baseline. NULL after a failed
 * allocation (recorded in c). */
static lxw_chart_series *br_series(const br_sheet *B, lxw_chart *ch, const char *cats,
                                   const char *vals, size_t i)
{
    lxw_chart_series *se = xw_add_series(B->c, ch, cats, vals);
    if (!se)
        return NULL;
    chart_series_set_name_range(se, B->ws->name, (lxw_row_t)B->ht, (lxw_col_t)(1 + i));
    xw_series_line(se, xw_colour(B->c, i), B->ns <= 10 ? 2.25f : 1.0f,
                   (int)i == B->b ? LXW_CHART_LINE_DASH_DASH : LXW_CHART_LINE_DASH_SOLID);
    return se;
}

/* Chart 1: total against utilization, break-even marked. */
static void br_chart_sweep(const br_sheet *B, lxw_chart_options *co)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const size_t ns = B->ns;
    char cats[600], vals[600];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_SCATTER_STRAIGHT);
    int nser = 0;
    if (!ch)
        return;
    xw_column_range(cats, sizeof cats, ws, B->tfirst, B->tlast, 0);
    for (size_t k = 0; k < ns && !c->nomem; k++) {
        size_t i = B->shown[k];
        if (!br_series(B, ch, cats,
                       xw_column_range(vals, sizeof vals, ws, B->tfirst, B->tlast, 1 + (int)i), i))
            break;
        nser++;
    }
    br_markers(B, ch, nser);
    if (B->nbe > 0)
        xw_chart_title_money(
            c, ch, XW_KEY("chart.sweep.title_markers"),
            "Total cost against utilization ({currency}; diamonds: break-even with the "
            "baseline)");
    else
        xw_chart_title_money(c, ch, XW_KEY("chart.sweep.title"),
                             "Total cost against utilization ({currency})");
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.sweep.x", "Utilization (share of hours used)"));
    chart_axis_set_num_format(ch->x_axis, "0%");
    chart_axis_set_min(ch->x_axis, 0);
    chart_axis_set_max(ch->x_axis, 1);
    chart_axis_set_major_unit(ch->x_axis, 0.1);
    xw_axis_money(c, ch->y_axis, XW_KEY("chart.sweep.y"), "Total cost of ownership ({currency})",
                  XN_MONEY);
    xw_legend_lines(ch, ns);
    xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)B->chart_top, 0, ch, co));
}

/* Chart 2: cumulative cost of each bought option against the baseline (of every
 * option when none is bought), right of chart 1. */
static void br_chart_cumulative(const br_sheet *B, lxw_chart_options *co)
{
    xw_ctx *c = B->c;
    lxw_worksheet *ws = B->ws;
    const int b = B->b;
    const size_t ns = B->ns;
    char cats[600], vals[600];
    lxw_chart *ch = c->nomem ? NULL : xw_new_chart(c, LXW_CHART_LINE);
    if (!ch)
        return;
    xw_chart_months(c, cats, sizeof cats);
    size_t drawn = 0;
    for (size_t k = 0; k < ns && !c->nomem; k++) {
        size_t i = B->shown[k];
        if (B->nbe > 0 && (int)i != b && !c->os[i].has_base)
            continue;
        if (!br_series(B, ch, cats, xw_chart_cumulative(c, vals, sizeof vals, i), i))
            break;
        drawn++;
    }
    if (B->nbe > 0)
        xw_chart_title_money(c, ch, XW_KEY("chart.cumulative_vs_base.title"),
                             "Cumulative cost, bought options against the baseline ({currency}; "
                             "baseline dashed)");
    else
        xw_chart_title_money(c, ch, XW_KEY("chart.cumulative_all.title"),
                             "Cumulative cost by month ({currency})");
    xw_month_axis(c, ch);
    xw_axis_money(c, ch->y_axis, XW_KEY("chart.cumulative_vs_base.y"),
                  "Cumulative cost, before residual ({currency})", XN_MONEY);
    xw_legend_lines(ch, drawn);
    co->x_offset = B->stacked ? 0 : BR_CHART_W + 15;
    xw_note(c, worksheet_insert_chart_opt(
                   ws, (lxw_row_t)(B->chart_top + (B->stacked ? BR_CHART_ROWS : 0)), 0, ch, co));
}

/* See sheets.h. */
void xw_write_buy_vs_rent(xw_ctx *c)
{
    lxw_worksheet *ws = c->buyrent;
    if (!xw_sheet_due(c, ws))
        return;
    const tco_analysis *A = xw_analysis(c);
    const size_t n = c->s->n_options;
    br_sheet B = {.c = c, .ws = ws, .A = A, .b = c->r->baseline, .H = c->s->horizon_months};
    B.npts = A && A->n_sweep > 0 && A->sweep_u && A->sweep_total ? (int)A->n_sweep : 20;
    B.money = xw_fmt(c, XS_CALC, XN_MONEY);
    B.money2 = xw_fmt(c, XS_CALC, XN_MONEY2);
    B.pct = xw_fmt(c, XS_CALC, XN_PCT);
    br_title(&B);

    int row = br_breakeven(&B, 3);
    row++;
    B.chart_top = row;
    if (B.stacked) { /* page breaks between them when all do not fit */
        xw_pager_block(&B.pg, 0, row);
        xw_pager_block(&B.pg, row, BR_CHART_ROWS);
        xw_pager_block(&B.pg, row + BR_CHART_ROWS, BR_CHART_ROWS + 1);
        row += 2 * BR_CHART_ROWS + 1;
    } else {
        row += 23;
        xw_pager_block(&B.pg, 0, row);
    }
    /* The sweep: total and cost per GPU-hour at each utilization. */
    row = br_totals(&B, row);
    row++;
    row = br_cost_per_gpu_hour(&B, row);
    worksheet_freeze_panes(ws, 0, 1);

    lxw_chart_options co;
    memset(&co, 0, sizeof co);
    /* Stacked: as wide as the columns (285 pixels for the first, 7 a
     * character and 5 for each of the options'). */
    co.x_scale =
        B.stacked ? (285.0 + (B.col_w * 7 + 5) * (double)n - 4) / 480.0 : BR_CHART_W / 480.0;
    co.y_scale = 420.0 / 288;
    co.y_offset = 4;
    B.shown = malloc((n ? n : 1) * sizeof *B.shown);
    if (!B.shown) {
        c->nomem = 1;
        return;
    }
    B.ns = chart_options(c, 200, B.shown);
    br_chart_sweep(&B, &co);
    br_chart_cumulative(&B, &co);
    free(B.shown);
    xw_pager_apply(c, ws, &B.pg, row);
}
