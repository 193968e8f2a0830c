/* smcharts.c - the Summary's charts: cumulative cost by month, the cost
 * breakdown, the cost per GPU-hour and the emissions by scope, each over the
 * Summary's or the option sheets' cells, placed by the template's list. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/fields.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1. Cumulative cost by month: where the lines cross is the break-even. */
static lxw_chart *chart_cumulative(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    int c0 = XW_SUM_COL0;
    char cats[400], vals[400];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_LINE);
    if (!ch)
        return NULL;
    xw_chart_months(c, cats, sizeof cats);
    lxw_chart_line line;
    memset(&line, 0, sizeof line);
    line.width = n <= 10 ? 2.25f : 1.0f;
    /* Excel draws at most 255 series in a chart: beyond that, the lowest totals. */
    size_t shown = n < XW_MAX_SERIES ? n : XW_MAX_SERIES;
    for (size_t k = 0; k < shown; k++) {
        size_t i = n > XW_MAX_SERIES ? c->r->rank[k] : k;
        lxw_chart_series *se =
            xw_add_series(c, ch, cats, xw_chart_cumulative(c, vals, sizeof vals, i));
        if (!se)
            return NULL;
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)c->sm_header,
                                    (lxw_col_t)(c0 + (int)i));
        long col = xw_accent(c, k);
        if (col >= 0)
            line.color = (lxw_color_t)col;
        chart_series_set_line(se, &line);
    }
    if (n > XW_MAX_SERIES)
        xw_chart_title_money(
            c, ch, XW_KEY("chart.cumulative.title.top"),
            "Cumulative cost by month, before residual ({currency}): the 255 lowest totals");
    else
        xw_chart_title_money(c, ch, XW_KEY("chart.cumulative.title"),
                             "Cumulative cost by month, before residual ({currency})");
    xw_month_axis(c, ch);
    xw_axis_money(c, ch->y_axis, XW_KEY("chart.cumulative.y_currency"),
                  "Cumulative cost ({currency})", XN_MONEY);
    xw_legend_lines(ch, n);
    return ch;
}

/* 2. Cost breakdown per option, stacked. */
static lxw_chart *chart_breakdown(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    const char *sum_q = c->sheet_q[TCI_SHEET_SUMMARY];
    char t[XW_TBUF], cats[400], vals[400];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_COLUMN_STACKED);
    if (!ch)
        return NULL;
    xw_chart_range(cats, sizeof cats, sum_q, c->sm_header, c0, c->sm_header, c1);
    /* Every line that reaches the total (the tax too when the ranking is after
     * tax), so that each column adds up to it; receipts below the axis. */
    const int after_tax = s->rank_by == TCO_RANK_AFTER_TAX_NPV;
    int parts[TCI_F_COUNT];
    size_t np = xw_breakdown_fields(c, after_tax, parts, TCI_F_COUNT);
    for (size_t k = 0; k < np; k++) {
        int row = c->sm_rows[parts[k]];
        xw_chart_range(vals, sizeof vals, sum_q, row, c0, row, c1);
        lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
        if (!se)
            return NULL;
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)row, 0);
        xw_series_solid(se, xw_colour(c, k));
    }
    if (after_tax)
        xw_labelf(c, t, sizeof t, "chart.breakdown.title.after_tax",
                  "Cost breakdown by option over {months} months, after tax ({currency}; "
                  "receipts and savings negative)",
                  "months", xw_int(s->horizon_months).s, "currency", c->currency, NULL);
    else
        xw_labelf(c, t, sizeof t, "chart.breakdown.title",
                  "Cost breakdown by option over {months} months ({currency}; receipts "
                  "negative)",
                  "months", xw_int(s->horizon_months).s, "currency", c->currency, NULL);
    xw_chart_title(c, ch, t);
    /* Its long title at the body's size: the columns keep the chart's height. */
    lxw_chart_font title = xw_chart_font(c, 1);
    title.size = xw_body_pt(c);
    chart_title_set_name_font(ch, &title);
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.breakdown.x", "Option"));
    /* The options' names below the receipts' bars, not over them. */
    chart_axis_set_label_position(ch->x_axis, LXW_CHART_AXIS_LABEL_POSITION_LOW);
    xw_axis_money(c, ch->y_axis, XW_KEY("chart.breakdown.y"), "Cost ({currency})", XN_MONEY);
    chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
    chart_set_series_gap(ch, 60);
    return ch;
}

/* 3. Cost per GPU-hour per option. */
static lxw_chart *chart_cost_per_gpu_hour(xw_ctx *c)
{
    size_t n = c->s->n_options;
    int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    const char *sum_q = c->sheet_q[TCI_SHEET_SUMMARY];
    char cats[400], vals[400];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_COLUMN);
    if (!ch)
        return NULL;
    int row = c->sm_rows[TCI_F_COST_PER_GPU_HOUR];
    xw_chart_range(cats, sizeof cats, sum_q, c->sm_header, c0, c->sm_header, c1);
    xw_chart_range(vals, sizeof vals, sum_q, row, c0, row, c1);
    lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
    if (!se)
        return NULL;
    chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)row, 0);
    xw_series_fill(c, se, 0);
    if (n <= 16) {
        chart_series_set_labels(se);
        chart_series_set_labels_num_format(se, c->nf[XN_MONEY2]);
        if (c->style && c->style->font_name) {
            lxw_chart_font font = xw_chart_font(c, 0);
            chart_series_set_labels_font(se, &font);
        }
    }
    xw_chart_title_money(c, ch, XW_KEY("chart.cost_per_gpu_hour.title"),
                         "Cost per GPU-hour used ({currency})");
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.cost_per_gpu_hour.x", "Option"));
    xw_axis_money(c, ch->y_axis, XW_KEY("chart.cost_per_gpu_hour.y"), "{currency} per GPU-hour",
                  XN_MONEY2);
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    return ch;
}

/* 5. Emissions by option, stacked by scope (MODEL.md, Carbon): scope 2
 * location-based, scope 3's purchased services and capital goods. */
static lxw_chart *chart_emissions(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)s->n_options - 1;
    const char *sum_q = c->sheet_q[TCI_SHEET_SUMMARY];
    char t[XW_TBUF], cats[400], vals[400];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_COLUMN_STACKED);
    if (!ch)
        return NULL;
    xw_chart_range(cats, sizeof cats, sum_q, c->sm_header, c0, c->sm_header, c1);
    static const int parts[] = {TCI_F_SCOPE2_LOCATION, TCI_F_SCOPE3_PURCHASED,
                                TCI_F_SCOPE3_CAPITAL};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        int row = c->sm_rows[parts[k]];
        xw_chart_range(vals, sizeof vals, sum_q, row, c0, row, c1);
        lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
        if (!se)
            return NULL;
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)row, 0);
        xw_series_solid(se, xw_colour(c, k));
    }
    xw_labelf(c, t, sizeof t, "chart.emissions.title",
              "Emissions by option and scope over {months} months (tCO2e; scope 2 "
              "location-based)",
              "months", xw_int(s->horizon_months).s, NULL);
    xw_chart_title(c, ch, t);
    lxw_chart_font title = xw_chart_font(c, 1);
    title.size = xw_body_pt(c);
    chart_title_set_name_font(ch, &title);
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.breakdown.x", "Option"));
    xw_axis_name(c, ch->y_axis, xw_label(c, "chart.emissions.y", "tCO2e"));
    chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
    chart_set_series_gap(ch, 60);
    return ch;
}

/* The template's chart number k. */
static lxw_chart *sm_chart(xw_ctx *c, int k)
{
    switch (c->charts[k]) {
    case TCI_CHART_CUMULATIVE:
        return chart_cumulative(c);
    case TCI_CHART_BREAKDOWN:
        return chart_breakdown(c);
    case TCI_CHART_COST_PER_GPU_HOUR:
        return chart_cost_per_gpu_hour(c);
    case TCI_CHART_FISCAL_YEARS:
        return xw_budget_chart(c);
    case TCI_CHART_EMISSIONS:
        return chart_emissions(c);
    case TCI_CHART_PLAN_EMISSIONS:
        return xw_sm_plan_co2_chart(c);
    default:
        return NULL;
    }
}

/* The rows a page of charts `height` pixels high takes. */
static int page_rows(double height)
{
    return (int)ceil((height + 8) / 20);
}

/* See sheets.h. The template's charts, in its order, together in a box
 * `width` by `height` pixels from row `top`: one fills it; two share it one
 * above the other; of more, the first takes the upper half (the built-in
 * first is the cost breakdown, whose many lines need the width) and the
 * others the lower half side by side, one with a legend of the options half
 * as wide again as one without (the cost per GPU-hour). A sixth and later
 * chart (the plans' emissions) goes on the next page, each in half of it at
 * the box's width, so that the first page reads as before. */
int xw_summary_charts(xw_ctx *c, int top, double width, double height, int *page2)
{
    int all = c->n_charts < TCI_CHART_KINDS ? c->n_charts : TCI_CHART_KINDS;
    int n = all < SM_CHARTS_PAGE ? all : SM_CHARTS_PAGE;
    const double gap = 12;
    int last = top + page_rows(height);
    *page2 = -1;
    if (all > n) {
        *page2 = last + 1;
        const double h = (height - gap) / 2;
        for (int k = n; k < all; k++) {
            lxw_chart *ch = sm_chart(c, k);
            if (!ch)
                break;
            lxw_chart_options co;
            memset(&co, 0, sizeof co);
            co.y_offset = 4 + (int32_t)((k - n) * (h + gap));
            co.x_scale = width / 480;
            co.y_scale = (h - 4) / 288;
            xw_note(c, worksheet_insert_chart_opt(c->summary, (lxw_row_t)*page2, 0, ch, &co));
        }
        last = *page2 + page_rows(height);
    }
    double weight[TCI_CHART_KINDS] = {0}, weights = 0;
    for (int k = 1; k < n; k++)
        weights += weight[k] = c->charts[k] == TCI_CHART_COST_PER_GPU_HOUR ? 2 : 3;
    double x = 0;
    for (int k = 0; k < n; k++) {
        lxw_chart *ch = sm_chart(c, k);
        if (!ch)
            return last;
        int lower = k > 0 && n > 1, across = n > 2 && k > 0;
        double w = across ? (width - gap * (n - 2)) * weight[k] / weights : width;
        double h = n > 1 ? (height - gap) / 2 : height;
        lxw_chart_options co;
        memset(&co, 0, sizeof co);
        co.x_offset = across ? (int32_t)x : 0;
        x += across ? w + gap : 0;
        co.y_offset = 4 + (lower ? (int32_t)(h + gap) : 0);
        co.x_scale = w / 480;
        co.y_scale = (h - 4) / 288;
        xw_note(c, worksheet_insert_chart_opt(c->summary, (lxw_row_t)top, 0, ch, &co));
    }
    return last;
}
