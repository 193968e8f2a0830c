/* optimize.c - the Optimize sheet (MODEL.md, The cheapest plan): the result of
 * [optimize] as tco computed it, static values headed by whether the inputs
 * are still those it was computed for (AnalysesCurrent): the ranges searched,
 * the best plan and the runners-up, and the cost curve over own_count with its
 * chart. */
#include "write/xlsx/sheets.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdlib.h>

/* Columns of the tables. */
enum { OP_RANK, OP_OWN, OP_RES, OP_TOTAL, OP_NPV, OP_ATNPV, OP_OBJ, OP_UNSERVED, OP_N };

/* A value of the engine's, or the n/a word when it is not a number. */
static void value(xw_ctx *c, int row, int col, double v, xw_numfmt nf)
{
    if (isfinite(v))
        xw_engine_num(c, c->optimize, row, col, v, nf);
    else
        xw_text(c, c->optimize, row, col, xw_na_word(c).text, xw_fmt(c, XS_FIXED, XN_NONE));
}

/* A label in column A and a value in column B. */
static void fact(xw_ctx *c, int row, const char *text, double v, xw_numfmt nf)
{
    xw_text(c, c->optimize, row, 0, text, NULL);
    value(c, row, 1, v, nf);
}

/* One candidate's row of a table. */
static void candidate(xw_ctx *c, int row, const char *rank, const tco_candidate *k, int gap)
{
    xw_text(c, c->optimize, row, OP_RANK, rank, NULL);
    value(c, row, OP_OWN, k->own_count, XN_INT);
    value(c, row, OP_RES, k->reserve_count, XN_INT);
    value(c, row, OP_TOTAL, k->total, XN_MONEY);
    value(c, row, OP_NPV, k->npv, XN_MONEY);
    value(c, row, OP_ATNPV, k->after_tax_npv, XN_MONEY);
    if (gap && !isfinite(k->objective)) /* a gap in the chart: none serves the demand */
        worksheet_write_blank(c->optimize, (lxw_row_t)row, OP_OBJ, xw_fmt(c, XS_FIXED, XN_MONEY));
    else
        value(c, row, OP_OBJ, k->objective, XN_MONEY);
    value(c, row, OP_UNSERVED, k->unserved, XN_INT);
}

/* The tables' headings, the first column's `first`. */
static void head_labels(xw_ctx *c, const char *first, const char *h[OP_N])
{
    h[0] = first;
    h[1] = xw_label(c, "optimize.head.own", "Owned GPUs");
    h[2] = xw_label(c, "optimize.head.reserve", "Reserved GPUs");
    h[3] = xw_label(c, "optimize.head.total", "Total");
    h[4] = xw_label(c, "optimize.head.npv", "NPV");
    h[5] = xw_label(c, "optimize.head.after_tax_npv", "After-tax NPV");
    h[6] = xw_label(c, "optimize.head.objective", "Objective");
    h[7] = xw_label(c, "optimize.head.unserved", "Unserved GPU-hours");
}

/* The tables' headings in `row`. */
static void heads(xw_ctx *c, int row, const char *first)
{
    const char *h[OP_N];
    head_labels(c, first, h);
    for (int k = 0; k < OP_N; k++)
        xw_header(c, c->optimize, row, k, h[k]);
}

/* The columns' widths, each at least its heading's on one line; their sum
 * in characters. */
static double columns(xw_ctx *c)
{
    static const double widths[OP_N] = {34, 14, 14, 16, 16, 16, 16, 18};
    const char *h[OP_N];
    head_labels(c, xw_label(c, "optimize.head.rank", "Rank"), h);
    double sum = 0;
    for (int k = 0; k < OP_N; k++) {
        double w = fmax(widths[k], tci_utf8_width(h[k]) + 3);
        worksheet_set_column(c->optimize, (lxw_col_t)k, (lxw_col_t)k, w, NULL);
        sum += w;
    }
    return sum;
}

/* The cost curve's line chart, at `row`: the objective of the best candidate
 * at each own_count searched (gaps where none serves the demand). */
static void curve_chart(xw_ctx *c, int row, int first, int last)
{
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_LINE);
    if (!ch)
        return;
    char cats[400], vals[400];
    char *q = xw_quote_sheet(c, c->opt_name);
    if (!q)
        return;
    xw_chart_range(cats, sizeof cats, q, first, OP_OWN, last, OP_OWN);
    xw_chart_range(vals, sizeof vals, q, first, OP_OBJ, last, OP_OBJ);
    free(q);
    lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
    if (se) {
        chart_series_set_name(se, xw_label(c, "optimize.head.objective", "Objective"));
        xw_series_line(se, xw_colour(c, 0), 2.25f, LXW_CHART_LINE_DASH_SOLID);
        chart_series_set_marker_type(se, LXW_CHART_MARKER_CIRCLE);
    }
    xw_chart_title_money(c, ch, XW_KEY("optimize.chart"),
                         "Cost curve: the best objective at each owned count ({currency})");
    xw_axis_name(c, ch->x_axis, xw_label(c, "optimize.head.own", "Owned GPUs"));
    xw_axis_money(c, ch->y_axis, XW_KEY("optimize.axis"), "Objective ({currency})", XN_MONEY);
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    lxw_chart_options co = {0};
    co.x_scale = 900.0 / 480;
    co.y_scale = 380.0 / 288;
    xw_note(c, worksheet_insert_chart_opt(c->optimize, (lxw_row_t)row, 0, ch, &co));
}

/* See sheets.h. */
void xw_write_optimize(xw_ctx *c)
{
    const tco_optimize_result *O = c->r->optimize;
    if (!c->optimize || !O || c->err || c->nomem)
        return;
    lxw_worksheet *ws = c->optimize;
    const tco_scenario *s = c->s;
    const tco_optimize *opt = O->optimize;
    int pi = opt ? opt->plan_i : -1;
    char t[XW_TBUF], sub[XW_TBUF];
    /* The objective in words, never its INI spelling. */
    tco_objective ob = opt ? opt->objective : TCO_OBJECTIVE_TOTAL;
    const char *obj =
        ob == TCO_OBJECTIVE_NPV ? xw_label(c, "summary.rank_by.npv", "net present value")
        : ob == TCO_OBJECTIVE_AFTER_TAX_NPV
            ? xw_label(c, "summary.rank_by.after_tax_npv", "net present value after tax")
            : xw_label(c, "summary.rank_by.total", "total cost of ownership");
    double width = columns(c);
    xw_labelf(c, t, sizeof t, "optimize.title", "Optimize: plan {plan}", "plan",
              pi >= 0 && (size_t)pi < s->n_plans ? s->plans[pi].name : "", NULL);
    xw_labelf(
        c, sub, sizeof sub, "optimize.subtitle",
        "The cheapest counts of owned and reserved GPUs by {objective}, as tco searched them: "
        "static values in {currency}, which do not follow the Inputs sheet.",
        "objective", obj, "currency", c->currency, NULL);
    xw_title_line(c, ws, t, sub);
    xw_analyses_flag(c, ws, 2, 0, OP_N - 1);
    int row = 4;
    xw_section(c, ws, row++, xw_label(c, "optimize.search", "The search"));
    xw_text(c, ws, row, 0, xw_label(c, "optimize.objective", "Objective"), NULL);
    xw_text(c, ws, row++, 1, obj, xw_fmt(c, XS_FIXED, XN_NONE));
    fact(c, row++, xw_label(c, "optimize.own_min", "Owned GPUs from"), O->own_min, XN_INT);
    fact(c, row++, xw_label(c, "optimize.own_max", "Owned GPUs to"), O->own_max, XN_INT);
    fact(c, row++, xw_label(c, "optimize.own_step", "Owned GPUs in steps of"), O->own_step, XN_INT);
    fact(c, row++, xw_label(c, "optimize.reserve_min", "Reserved GPUs from"), O->reserve_min,
         XN_INT);
    fact(c, row++, xw_label(c, "optimize.reserve_max", "Reserved GPUs to"), O->reserve_max, XN_INT);
    fact(c, row++, xw_label(c, "optimize.reserve_step", "Reserved GPUs in steps of"),
         O->reserve_step, XN_INT);
    fact(c, row++, xw_label(c, "optimize.evaluated", "Plans computed"), (double)O->evaluated,
         XN_INT);
    if (tco_scenario_power_capped(c->s)) { /* MODEL.md, The cheapest plan: the limit */
        fact(c, row++,
             xw_label(c, "optimize.feasible.capped",
                      "Plans that serve all demand within the site's power limit"),
             (double)O->feasible, XN_INT);
        fact(c, row++,
             xw_label(c, "optimize.over_power", "Plans over the site's power limit, skipped"),
             (double)O->over_power, XN_INT);
    } else {
        fact(c, row++, xw_label(c, "optimize.feasible", "Plans that serve all demand"),
             (double)O->feasible, XN_INT);
    }
    const tco_plan *pl = &c->s->plans[O->optimize->plan_i];
    if (pl->overflow_i >= 0 && c->s->options[pl->overflow_i].acquire == TCO_API &&
        c->s->options[pl->overflow_i].max_tokens_per_minute > 0) /* ... and the API's */
        fact(c, row++,
             xw_label(c, XW_KEY("optimize.over_rate_limit"),
                      "Plans over the API's rate limit, skipped"),
             (double)O->over_rate_limit, XN_INT);
    row++;
    xw_section(c, ws, row++, xw_label(c, "optimize.best", "The best plan and the runners-up"));
    if (!O->found) {
        xw_text(c, ws, row++, 0,
                xw_label(c, "optimize.none", "No plan in the ranges serves all demand."),
                xw_fmt(c, XS_WARN, XN_NONE));
    } else {
        heads(c, row++, xw_label(c, "optimize.head.rank", "Rank"));
        candidate(c, row++, xw_label(c, "optimize.rank.best", "Best"), &O->best, 0);
        for (size_t k = 0; k < O->n_runners && O->runners; k++)
            candidate(c, row++, xw_int((long long)k + 2).s, &O->runners[k], 0);
    }
    row++;
    xw_section(c, ws, row++,
               xw_label(c, "optimize.curve", "Cost curve: the best plan at each owned count"));
    heads(c, row++, "");
    int first = row;
    for (size_t k = 0; k < O->n_curve && O->curve; k++) {
        const tco_candidate *cv = &O->curve[k];
        candidate(c, row++, "", cv, 1);
    }
    int last = row - 1;
    row++;
    /* Printed with breaks before a block that would not fit: the chart is
     * never cut in two, and the print area takes it in. */
    xw_pager pg;
    xw_pager_init(&pg, c, fmax(900, xw_cols_px(width)));
    xw_pager_block(&pg, 0, row);
    if (O->n_curve > 0 && O->curve) {
        const int chart_rows = 20;
        xw_pager_block(&pg, row, chart_rows);
        curve_chart(c, row, first, last);
        row += chart_rows;
    }
    xw_pager_apply(c, ws, &pg, row);
}
