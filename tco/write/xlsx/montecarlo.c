/* montecarlo.c - the Monte Carlo sheet: how sure the ranking is, from the
 * engine's samples (tco_analysis) as labelled static values: percentiles,
 * chances and a histogram (docs/WORKBOOK.md). */
#include "write/xlsx/sheets.h"
#include "core/core.h"
#include "util/numtext.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIST_MAX 8 /* options drawn in the Monte Carlo histogram */

/* A bin edge for a category label: "$426k", in the unit that keeps bins apart. */
static void edge_text(xw_ctx *c, char *buf, size_t size, double v, double scale, const char *suffix,
                      int decimals)
{
    char num[64];
    tci_utf8_format(num, sizeof num, "%.*f%s", decimals, v / scale, suffix);
    xw_money_text(c, buf, size, num);
}

/* ===== The sheet ===== */

/* The Monte Carlo sheet as it is written. */
typedef struct mc_sheet {
    xw_ctx *c;
    lxw_worksheet *ws;
    const tco_analysis *A;
    xw_span sp; /* where the paragraphs wrap */
    xw_pager pg;
    lxw_format *fx_int, *fx_num, *fx_text;
    size_t *shown, ns;     /* the options drawn in the histogram */
    size_t varying;        /* the options whose total varies */
    int hh, hfirst, hlast; /* the histogram table's heading, first and last rows */
} mc_sheet;

/* Column widths, the pager, the title and its paragraph. */
static void mc_title(mc_sheet *S)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const size_t n = c->s->n_options;
    size_t ncols = n + 3 > 11 ? n + 3 : 11;
    worksheet_set_column(ws, 0, 0, 40, NULL);
    worksheet_set_column(ws, 1, (lxw_col_t)(ncols - 1), 15, NULL);
    worksheet_set_tab_color(ws, 0xED7D31);
    xw_pager_init(&S->pg, c, fmax(1000, xw_cols_px(40 + 15.0 * (double)(ncols - 1))));
    xw_span sp = {10, 40 + 15.0 * 10};
    S->sp = sp;
    xw_title(c, ws, sp, xw_label(c, "montecarlo.title", "Monte Carlo: how sure the ranking is"),
             xw_label(c, "montecarlo.subtitle",
                      "Each sample draws every uncertain input from its distribution and computes "
                      "every option (MODEL.md, Monte Carlo). Computed by tco for this scenario "
                      "(static values): write the workbook again after changing inputs; the same "
                      "seed gives the same figures on every machine."));
}

/* The run: seed, samples, date and generator, from `row`; returns the next row. */
static int mc_run(mc_sheet *S, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const tco_analysis *A = S->A;
    xw_section(c, ws, row++, xw_label(c, "montecarlo.run", "The run"));
    S->fx_int = xw_fmt(c, XS_FIXED, XN_INT), S->fx_num = xw_fmt_num(c, XS_FIXED, "0");
    S->fx_text = xw_fmt(c, XS_FIXED, XN_NONE);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.seed", "Seed"), NULL);
    xw_num(c, ws, row++, 1, (double)A->mc_seed, S->fx_num);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.samples", "Samples"), NULL);
    xw_num(c, ws, row++, 1, (double)A->mc_samples, S->fx_int);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.as_of", "Figures as of"), NULL);
    xw_text(c, ws, row++, 1, c->as_of ? c->as_of : xw_label(c, "montecarlo.no_date", "not given"),
            S->fx_text);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.generator", "Random numbers"), NULL);
    xw_text(c, ws, row++, 1,
            xw_label(c, "montecarlo.generator_name", "xoshiro256** seeded through splitmix64"),
            NULL);
    return row;
}

/* The uncertain inputs and their distributions, from `row`; returns the next row. */
static int mc_inputs(const mc_sheet *S, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const tco_scenario *s = c->s;
    char t[XW_TBUF];
    xw_section(c, ws, row++, xw_label(c, "montecarlo.inputs", "Uncertain inputs"));
    xw_header_text(c, ws, row, 0, xw_label(c, "montecarlo.key", "Key"));
    xw_header_text(c, ws, row, 1, xw_label(c, "montecarlo.distribution", "Distribution"));
    xw_header(c, ws, row, 2, xw_label(c, "montecarlo.low", "Low"));
    xw_header(c, ws, row, 3, xw_label(c, "montecarlo.mode", "Mode"));
    xw_header(c, ws, row, 4, xw_label(c, "montecarlo.high", "High"));
    xw_header(c, ws, row, 5, xw_label(c, "montecarlo.mean", "Mean"));
    xw_header(c, ws, row, 6, xw_label(c, "montecarlo.sd", "Standard deviation"));
    {
        const char *dh[] = {xw_label(c, "montecarlo.sd", "Standard deviation")};
        xw_header_height(ws, row++, dh, 1, 15);
    }
    for (size_t j = 0; j < s->n_uncertain; j++, row++) {
        const tco_uncertain *un = &s->uncertain[j];
        const char *dists[] = {xw_label(c, "montecarlo.triangular", "triangular"),
                               xw_label(c, "montecarlo.uniform", "uniform"),
                               xw_label(c, "montecarlo.normal", "normal")};
        int d = un->dist == TCO_DIST_UNIFORM ? 1 : un->dist == TCO_DIST_NORMAL ? 2 : 0;
        /* Columns low, mode, high, mean, sd: which of a, b, c go where. */
        double v[5] = {NAN, NAN, NAN, NAN, NAN};
        if (d == 0)
            v[0] = un->a, v[1] = un->b, v[2] = un->c;
        else if (d == 1)
            v[0] = un->a, v[2] = un->b;
        else
            v[3] = un->a, v[4] = un->b;
        /* In the key's own number format, as on Inputs. */
        const tco_keydef *kd = tci_param_key(un->param);
        if (un->param.option == TCO_PARAM_DISCOUNT)
            kd = NULL;    /* named by its name, as a rate is */
        char in[XW_TBUF]; /* the input in words, never its INI spelling */
        xw_text(
            c, ws, row, 0,
            xw_cell_text(t, sizeof t,
                         kd && un->param.option != TCO_PARAM_FX
                             ? xw_key_label(c, kd, un->param.option, un->param.site, in, sizeof in)
                             : un->name),
            NULL);
        xw_text(c, ws, row, 1, dists[d], S->fx_text);
        for (int k = 0; k < 5; k++) {
            lxw_format *fx = xw_fmt(c, XS_FIXED, xw_value_numfmt(kd ? kd->unit : TCO_U_NONE, v[k]));
            if (isfinite(v[k]))
                xw_num(c, ws, row, 2 + k, v[k], fx);
            else
                xw_text(c, ws, row, 2 + k, XW_DASH, fx);
        }
    }
    xw_para(c, ws, row++, S->sp,
            xw_label(c, "montecarlo.dist_note",
                     "A normal draw outside the key's valid range is drawn again."),
            1);
    return row;
}

/* The results per option, from `row`; returns the next row. */
static int mc_results(mc_sheet *S, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const tco_analysis *A = S->A;
    const size_t n = c->s->n_options;
    const int b = c->r->baseline;
    char t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "montecarlo.results", "Results by option ({currency})", "currency",
              c->currency, NULL);
    xw_pager_block(&S->pg, 0, row + 3 + (int)n);
    xw_section(c, ws, row++, t);
    const char *heads[] = {
        xw_label(c, "montecarlo.option", "Option"),
        xw_label(c, "montecarlo.total_mean", "Total, mean"),
        xw_label(c, "montecarlo.total_p10", "Total, P10"),
        xw_label(c, "montecarlo.total_p50", "Total, P50 (median)"),
        xw_label(c, "montecarlo.total_p90", "Total, P90"),
        xw_label(c, "montecarlo.npv_mean", "NPV, mean"),
        xw_label(c, "montecarlo.npv_p10", "NPV, P10"),
        xw_label(c, "montecarlo.npv_p50", "NPV, P50 (median)"),
        xw_label(c, "montecarlo.npv_p90", "NPV, P90"),
        xw_label(c, "montecarlo.p_cheapest", "Chance of being the cheapest"),
        xw_label(c, "montecarlo.p_beats", "Chance of beating the baseline"),
    };
    int hr = row++;
    for (int k = 0; k < 11; k++)
        xw_header(c, ws, hr, k, heads[k]);
    xw_header_height(ws, hr, heads + 1, 10, 15);
    for (size_t i = 0; i < n; i++, row++) {
        const struct tco_mc_option *m = &A->mc[i];
        double v[] = {m->total_mean, m->total_p10, m->total_p50, m->total_p90,
                      m->npv_mean,   m->npv_p10,   m->npv_p50,   m->npv_p90};
        xw_text(c, ws, row, 0, c->label[i], NULL);
        for (int k = 0; k < 8; k++)
            xw_engine_num(c, ws, row, 1 + k, v[k], XN_MONEY);
        xw_engine_num(c, ws, row, 9, m->p_cheapest, XN_PCT);
        if (isfinite(m->p_beats_baseline))
            xw_engine_num(c, ws, row, 10, m->p_beats_baseline, XN_PCT);
        else
            xw_text(c, ws, row, 10, XW_DASH, xw_fmt(c, XS_FIXED, XN_PCT));
    }
    if (b >= 0) {
        xw_labelf(c, t, sizeof t, "montecarlo.p_note",
                  "P10: 10% of samples cost less; P90: 90% do. Chance of beating the baseline: "
                  "bought options only, the share of samples whose total is below that of {label}.",
                  "label", c->label[b], NULL);
        xw_para(c, ws, row++, S->sp, t, 1);
    }
    return row;
}

/* The options with a histogram (those whose total varies), at most HIST_MAX of
 * them with the lowest mean total, in input order, in S->shown; 0 after a failed
 * allocation (recorded in c). */
static int mc_shown(mc_sheet *S)
{
    const tco_analysis *A = S->A;
    const size_t n = S->c->s->n_options;
    size_t *shown = malloc((n ? n : 1) * sizeof *shown), varying = 0;
    unsigned char *keep = calloc(n ? n : 1, 1);
    if (!shown || !keep) {
        free(shown);
        free(keep);
        S->c->nomem = 1;
        return 0;
    }
    size_t ns = 0;
    for (size_t k = 0; k < HIST_MAX; k++) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (!keep[i] && A->mc[i].hist &&
                (best == n || A->mc[i].total_mean < A->mc[best].total_mean))
                best = i;
        if (best == n)
            break;
        keep[best] = 1;
    }
    for (size_t i = 0; i < n; i++)
        if (keep[i])
            shown[ns++] = i;
    free(keep);
    for (size_t i = 0; i < n; i++)
        varying += A->mc[i].hist != NULL;
    S->shown = shown;
    S->ns = ns;
    S->varying = varying;
    return 1;
}

/* The histogram's table of samples per bin, from `row`; returns the next row. */
static int mc_histogram(mc_sheet *S, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const tco_analysis *A = S->A;
    const size_t nb = A->mc_bins, ns = S->ns;
    char t[XW_TBUF], lo[64], hi[64];
    xw_labelf(c, t, sizeof t, "montecarlo.histogram",
              "Distribution of the total: samples per bin ({currency})", "currency", c->currency,
              NULL);
    xw_pager_block(&S->pg, row, 4 + (int)nb);
    xw_section(c, ws, row++, t);
    int hh = row++;
    xw_header_text(c, ws, hh, 0, xw_label(c, "montecarlo.bin", "Total between"));
    xw_header(c, ws, hh, 1, xw_label(c, "montecarlo.bin_from", "From"));
    xw_header(c, ws, hh, 2, xw_label(c, "montecarlo.bin_to", "To"));
    const char *hl[HIST_MAX];
    for (size_t k = 0; k < ns; k++) {
        xw_header(c, ws, hh, 3 + (int)k, c->label[S->shown[k]]);
        hl[k] = c->label[S->shown[k]];
    }
    xw_header_height(ws, hh, hl, ns, 15);
    double top = fmax(fabs(A->mc_edges[0]), fabs(A->mc_edges[nb]));
    double width = (A->mc_edges[nb] - A->mc_edges[0]) / (double)nb;
    double scale = top >= 1e6 ? 1e6 : top >= 1e3 ? 1e3 : 1;
    const char *suffix = scale == 1e6 ? "M" : scale == 1e3 ? "k" : "";
    int decimals = tci_step_decimals(width / scale);
    decimals = decimals < 0 ? 0 : decimals > 6 ? 6 : decimals;
    int hfirst = row;
    lxw_format *fx_money = xw_fmt(c, XS_FIXED, XN_MONEY);
    for (size_t k = 0; k < nb; k++, row++) {
        edge_text(c, lo, sizeof lo, A->mc_edges[k], scale, suffix, decimals);
        edge_text(c, hi, sizeof hi, A->mc_edges[k + 1], scale, suffix, decimals);
        tci_utf8_format(t, sizeof t, "%s\xE2\x80\x93%s", lo, hi);
        xw_text(c, ws, row, 0, t, NULL);
        xw_num(c, ws, row, 1, A->mc_edges[k], fx_money);
        xw_num(c, ws, row, 2, A->mc_edges[k + 1], fx_money);
        for (size_t j = 0; j < ns; j++)
            xw_num(c, ws, row, 3 + (int)j, (double)A->mc[S->shown[j]].hist[k], S->fx_int);
    }
    S->hh = hh, S->hfirst = hfirst, S->hlast = row - 1;
    xw_para(c, ws, row++, S->sp,
            xw_label(c, "montecarlo.bin_note",
                     "Bins of equal width over the totals of the options whose total varies, at "
                     "most as wide as the Freedman-Diaconis rule gives for the narrowest of them "
                     "(MODEL.md, Monte Carlo); a bin holds totals from its lower edge up to, not "
                     "including, its upper edge (the last includes it). Options that no "
                     "uncertain input reaches have one total each and are left out."),
            1);
    if (ns < S->varying) {
        xw_labelf(c, t, sizeof t, "montecarlo.hist_note",
                  "The {n} options with the lowest mean total are shown.", "n", xw_int(HIST_MAX).s,
                  NULL);
        xw_para(c, ws, row++, S->sp, t, 1);
    }
    return row;
}

/* The histogram's chart, at chart_top above its table. */
static void mc_chart(const mc_sheet *S, int chart_top)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    char t[XW_TBUF], cats[600];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_COLUMN);
    if (!ch)
        return;
    xw_column_range(cats, sizeof cats, ws, S->hfirst, S->hlast, 0);
    for (size_t k = 0; k < S->ns && !c->nomem; k++) {
        lxw_chart_series *se =
            xw_column_series(c, ch, ws, cats, S->hfirst, S->hlast, 3 + (int)k, S->hh);
        if (!se)
            break;
        xw_series_solid(se, xw_colour(c, S->shown[k]));
    }
    chart_set_series_gap(ch, 30);
    char ns_[32];
    tco_group_thousands(ns_, sizeof ns_, (double)S->A->mc_samples, 0);
    xw_labelf(c, t, sizeof t, "chart.histogram.title",
              "Total cost of ownership over {samples} samples ({currency})", "samples", ns_,
              "currency", c->currency, NULL);
    xw_chart_title(c, ch, t);
    xw_labelf(c, t, sizeof t, "chart.histogram.x", "Total cost of ownership ({currency})",
              "currency", c->currency, NULL);
    xw_axis_name(c, ch->x_axis, t);
    xw_axis_name(c, ch->y_axis, xw_label(c, "chart.histogram.y", "Samples"));
    chart_axis_set_num_format(ch->y_axis, "#,##0");
    chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
    lxw_chart_options co;
    memset(&co, 0, sizeof co);
    co.x_scale = 960.0 / 480;
    co.y_scale = 430.0 / 288;
    co.y_offset = 4;
    xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)chart_top, 0, ch, &co));
}

/* See sheets.h. */
void xw_write_monte_carlo(xw_ctx *c)
{
    const tco_analysis *A = xw_analysis_due(c, c->montecarlo);
    if (!A)
        return;
    mc_sheet S = {.c = c, .ws = c->montecarlo, .A = A};
    mc_title(&S);
    xw_analyses_flag(c, S.ws, 2, 0, 3);
    int row = mc_run(&S, 3);
    row++;
    row = mc_inputs(&S, row);
    row++;
    row = mc_results(&S, row);
    row++;
    /* The histogram of totals: the chart, then its table. */
    if (!mc_shown(&S))
        return;
    if (S.ns == 0 || A->mc_bins == 0 || !A->mc_edges) {
        xw_para(c, S.ws, row++, S.sp,
                xw_label(c, "montecarlo.no_histogram",
                         "No histogram: no option's total varies, since no uncertain input "
                         "reaches any option."),
                1);
        free(S.shown);
        xw_pager_apply(c, S.ws, &S.pg, row);
        return;
    }
    const int chart_rows = 23;
    int chart_top = row;
    xw_pager_block(&S.pg, chart_top, chart_rows);
    row += chart_rows;
    row = mc_histogram(&S, row);
    mc_chart(&S, chart_top);
    free(S.shown);
    xw_pager_apply(c, S.ws, &S.pg, row);
}
