/* compare.c - the workbook of a comparison of two scenarios (tco_compare),
 * through the report workbook's primitives (cell.h, page.h, charts.h): the
 * same styles, number formats and print setup. Static values, like a
 * report's appendix; B - A and the change are formulas over them. Sheets:
 * Summary (each option's total and a chart of its change), Figures (every
 * figure of every option), Inputs (the inputs that differ). */
#include "tco.h"
#include "util/utf8.h"
#include "write/xlsx/book.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Columns of the Figures sheet. */
enum { FG_OPT, FG_LABEL, FG_A, FG_B, FG_DELTA, FG_CHANGE, FG_COLS };
/* Columns of the Summary's table. */
enum { SM_OPT, SM_A, SM_B, SM_DELTA, SM_CHANGE, SM_COLS };

#define HEAD_ROW 4  /* the headings of each sheet's table, below its title */
#define TEXT_COL 36 /* the widest column of values, in characters */

/* The number formats of a comparison beyond the report's. */
typedef struct cmp_formats {
    lxw_format *money;       /* money, zero as 0 (a dash here means "does not apply") */
    lxw_format *money_delta; /* money B - A, signed */
    lxw_format *cents;       /* a cost per GPU-hour */
    lxw_format *cents_delta; /* its B - A */
    lxw_format *small;       /* a small unit cost: significant digits */
    lxw_format *small_delta; /* its B - A */
    lxw_format *unit;        /* a cost per unit of work, at the comparison's scale */
    lxw_format *unit_delta;  /* its B - A */
    lxw_format *rate;        /* a rate as a percentage, 1 decimal */
    lxw_format *pp;          /* a change of a rate in percentage points */
    lxw_format *whole_delta; /* a change of a whole number or a month */
    lxw_format *dec_delta;   /* a change with 2 decimals */
    lxw_format *change;      /* a relative change, signed percentage */
    lxw_format *dash;        /* TCO_DASH and words, right-aligned */
    lxw_format *input_rate;  /* an input rate as typed: 0.###% */
    lxw_format *input_delta; /* the change of another input, signed, as typed */
    lxw_format *wrap;        /* text that wraps */
    char axis[200];          /* the chart's money axis and labels */
} cmp_formats;

/* A signed format from an unsigned one with `decimals` decimals: "+F", "-F", and
 * F for a change that rounds to zero (xw_signed_format). */
static lxw_format *signed_fmt(xw_ctx *c, const char *f, int decimals)
{
    char s[400];
    xw_signed_format(s, sizeof s, decimals, f);
    return xw_fmt_num(c, XS_FIXED, s);
}

/* A format of its own that prints no negative zero: "F", "-F" (xw_zero_format). */
static lxw_format *plain_fmt(xw_ctx *c, const char *f, int decimals)
{
    char s[400], neg[200];
    tci_utf8_format(neg, sizeof neg, "-%s", f);
    xw_zero_format(s, sizeof s, decimals, f, neg, NULL);
    return xw_fmt_num(c, XS_FIXED, s);
}

/* A money format with `decimals` and no dash for zero, and its signed form. */
static void money_fmts(xw_ctx *c, int decimals, lxw_format **plain, lxw_format **delta)
{
    char nf[200];
    xw_money_format(c, nf, sizeof nf, decimals, 0);
    if (plain)
        *plain = plain_fmt(c, nf, decimals);
    *delta = signed_fmt(c, nf, decimals);
}

/* Decimals that show TCO_UNIT_COST_DIGITS significant digits of the smallest
 * positive value of figure `name` in both scenarios, scaled by `per`. */
static int sig_decimals(const tco_comparison *cm, const char *name, double per)
{
    double lo = INFINITY;
    for (size_t i = 0; i < cm->n_options; i++) {
        const tco_figure_diff *f = tco_option_diff_figure(&cm->options[i], name);
        double v[2] = {f ? f->a * per : NAN, f ? f->b * per : NAN};
        for (int k = 0; k < 2; k++)
            if (isfinite(v[k]) && v[k] > 0 && v[k] < lo)
                lo = v[k];
    }
    int d = isfinite(lo) ? tco_sig_decimals(lo, TCO_UNIT_COST_DIGITS) : 2;
    return d < 2 ? 2 : d;
}

static void init_formats(xw_ctx *c, const tco_comparison *cm, cmp_formats *F)
{
    money_fmts(c, 0, &F->money, &F->money_delta);
    money_fmts(c, 2, &F->cents, &F->cents_delta);
    xw_money_format(c, F->axis, sizeof F->axis, 0, 0);
    F->wrap = xw_fmt_num_own(c, XS_FIXED, "General");
    if (F->wrap) {
        format_set_align(F->wrap, LXW_ALIGN_LEFT);
        format_set_text_wrap(F->wrap);
    }
    money_fmts(c, sig_decimals(cm, "cost_per_pflop_hour", 1), &F->small, &F->small_delta);
    money_fmts(c, sig_decimals(cm, "cost_per_unit", cm->unit_scale.per), &F->unit, &F->unit_delta);
    F->rate = plain_fmt(c, "0.0%", 3);
    F->pp = signed_fmt(c, "0.0\" pp\"", 1);
    F->whole_delta = signed_fmt(c, "#,##0", 0);
    F->dec_delta = signed_fmt(c, "#,##0.00", 2);
    F->change = signed_fmt(c, "#,##0.0%", 3);
    F->dash = xw_fmt_num(c, XS_FIXED, "General");
    F->input_rate = plain_fmt(c, "0.0##%", 5);
    /* Not signed_fmt: a change that rounds to zero prints "0", not "0." */
    F->input_delta =
        xw_fmt_num(c, XS_FIXED, "[>=0.0000005]+#,##0.######;[<=-0.0000005]-#,##0.######;0");
}

/* The format of a figure's value, and of its B - A. */
static lxw_format *value_fmt(xw_ctx *c, const cmp_formats *F, tco_figure_kind k, int delta)
{
    switch (k) {
    case TCO_FIG_MONEY:
        return delta ? F->money_delta : F->money;
    case TCO_FIG_MONEY_CENTS:
        return delta ? F->cents_delta : F->cents;
    case TCO_FIG_UNIT_COST:
        return delta ? F->small_delta : F->small;
    case TCO_FIG_COST_PER_UNIT:
        return delta ? F->unit_delta : F->unit;
    case TCO_FIG_RATE:
        return delta ? F->pp : F->rate;
    case TCO_FIG_DECIMAL:
        return delta ? F->dec_delta : xw_fmt(c, XS_FIXED, XN_DEC2);
    case TCO_FIG_FLAG:
        return xw_fmt(c, XS_FIXED, XN_FLAG);
    default: /* whole numbers, months, ranks */
        return delta ? F->whole_delta : xw_fmt(c, XS_FIXED, XN_INT);
    }
}

/* ===== Cells ===== */

/* The receipts the comparison keeps as positive amounts, shown negative as the
 * report's workbook shows them (WORKBOOK.md, Conventions), with its labels. */
static const struct {
    const char *name, *label;
} receipts[] = {
    {"residual", "Residual value (received)"},
    {"loan_amount", "Loan proceeds at month 0 (received)"},
};

/* -1 for a figure shown as a receipt, else 1; its label in *label when -1. */
static double figure_sign(const tco_figure_diff *f, const char **label)
{
    for (size_t k = 0; k < sizeof receipts / sizeof receipts[0]; k++)
        if (f->name && strcmp(f->name, receipts[k].name) == 0) {
            if (label)
                *label = receipts[k].label;
            return -1;
        }
    return 1;
}

/* A figure's label for people: {unit} is A's unit of work, with the scale of
 * the cost per unit of work ("Cost per 1M samples"). */
static const char *figure_label(xw_ctx *c, const tco_comparison *cm, const tco_figure_diff *f,
                                char *buf, size_t size)
{
    static const char mark[] = "{unit}";
    const char *at = strstr(f->label, mark), *receipt = NULL;
    if (figure_sign(f, &receipt) < 0)
        tci_utf8_format(buf, size, "%s", receipt);
    else if (!at)
        tci_utf8_format(buf, size, "%s", f->label);
    else if (f->kind == TCO_FIG_COST_PER_UNIT) /* "Cost per 1M samples" */
        tci_utf8_format(buf, size, "%.*s%s%s%s%s", (int)(at - f->label), f->label,
                        cm->unit_scale.prefix, c->unit ? c->unit : "",
                        tco_unit_plural(c->unit ? c->unit : "", cm->unit_scale.per),
                        at + sizeof mark - 1);
    else
        tci_utf8_format(buf, size, "%.*s%s%s", (int)(at - f->label), f->label,
                        c->unit ? c->unit : "", at + sizeof mark - 1);
    return buf;
}

/* One side of figure f in a cell: its number, its text or word, or a dash. */
static void side_cell(xw_ctx *c, const cmp_formats *F, lxw_worksheet *ws, int row, int col,
                      const tco_comparison *cm, const tco_figure_diff *f, int b)
{
    char buf[XW_TBUF], shown[TCO_NUMTEXT_MAX];
    double x = b ? f->b : f->a;
    int cached = f->kind == TCO_FIG_COST_PER_UNIT;
    if (f->kind != TCO_FIG_TEXT && isfinite(x)) {
        xw_num(c, ws, row, col, (cached ? x * cm->unit_scale.per : x) * figure_sign(f, NULL),
               value_fmt(c, F, f->kind, 0));
        return;
    }
    const char *t = tco_compare_cell(shown, sizeof shown, cm, f, b ? TCO_CELL_B : TCO_CELL_A);
    xw_text(c, ws, row, col, xw_cell_text(buf, sizeof buf, t),
            f->kind == TCO_FIG_TEXT ? F->wrap : F->dash);
}

/* The formula "=IF(noise,0,EXPR)" of a change between the cells a and b:
 * a difference within a relative 1e-12 of both (tco_compare_delta; the
 * constant NoiseTolerance on Inputs) is 0, as in every other output of the
 * comparison. EXPR by `kind`: 0 B-A, 1 (B-A)*PointsPerUnit (a rate's
 * percentage points), 2 (B-A)/ABS(A) (the relative change). */
static const char *noise_formula(xw_ctx *c, char *fm, size_t size, const char *a, const char *b,
                                 int kind)
{
    static const char *const form[] = {
        "=IF(ABS(%s-%s)<=NoiseTolerance*MAX(ABS(%s),ABS(%s)),0,%s-%s)",
        "=IF(ABS(%s-%s)<=NoiseTolerance*MAX(ABS(%s),ABS(%s)),0,(%s-%s)*PointsPerUnit)",
        "=IF(ABS(%s-%s)<=NoiseTolerance*MAX(ABS(%s),ABS(%s)),0,(%s-%s)/ABS(%s))",
    };
    return xw_formula(c, fm, size, form[kind], b, a, a, b, b, a, a);
}

/* B - A and the change of figure f in columns col and col + 1, as formulas
 * over A (column ca) and B (cb) where both are numbers; else dashes. */
static void delta_cells(xw_ctx *c, const cmp_formats *F, lxw_worksheet *ws, int row, int col,
                        int ca, int cb, const tco_comparison *cm, const tco_figure_diff *f)
{
    char fm[XW_FBUF];
    xw_refbuf a = xw_ref(NULL, row, ca, 0, 0), b = xw_ref(NULL, row, cb, 0, 0);
    if (f->kind == TCO_FIG_TEXT || f->kind == TCO_FIG_FLAG || isnan(f->delta)) {
        xw_text(c, ws, row, col, TCO_DASH, F->dash);
        xw_text(c, ws, row, col + 1, TCO_DASH, F->dash);
        return;
    }
    double per = (f->kind == TCO_FIG_COST_PER_UNIT ? cm->unit_scale.per : 1) * figure_sign(f, NULL);
    if (f->kind == TCO_FIG_RATE)
        xw_fnum(c, ws, row, col, noise_formula(c, fm, sizeof fm, a.s, b.s, 1), f->delta * 100,
                F->pp);
    else
        xw_fnum(c, ws, row, col, noise_formula(c, fm, sizeof fm, a.s, b.s, 0), f->delta * per,
                value_fmt(c, F, f->kind, 1));
    if (isnan(f->change))
        xw_text(c, ws, row, col + 1, TCO_DASH, F->dash);
    else
        xw_fnum(c, ws, row, col + 1, noise_formula(c, fm, sizeof fm, a.s, b.s, 2),
                f->change * figure_sign(f, NULL), F->change);
}

/* ===== Sheets ===== */

/* Title, both scenarios and a note in rows 0 to 3; the headings in HEAD_ROW. */
static void sheet_top(xw_ctx *c, lxw_worksheet *ws, const tco_comparison *cm, const char *title,
                      const char *const *head, int n)
{
    char t[XW_TBUF], name[XW_TBUF], file[XW_TBUF];
    xw_text(c, ws, 0, 0, title, xw_fmt(c, XS_TITLE, XN_NONE));
    const tco_scenario *sides[2] = {cm->a, cm->b};
    for (int k = 0; k < 2; k++) {
        xw_cell_text(name, sizeof name, sides[k]->name);
        xw_cell_text(file, sizeof file, xw_base_name(sides[k]->file));
        tci_utf8_format(t, sizeof t, "%s: %s (%s, %d months, %s)", k ? "B" : "A", name, file,
                        sides[k]->horizon_months, sides[k]->currency);
        xw_text(c, ws, 1 + k, 0, xw_cell_text(name, sizeof name, t),
                xw_fmt(c, XS_SUBTITLE, XN_NONE));
    }
    xw_text(c, ws, 3, 0,
            "Static values of tco compare; B \xE2\x88\x92 A and the change are formulas. Rates "
            "in %, their changes in percentage points (pp); " TCO_DASH ": does not apply.",
            xw_fmt(c, XS_NOTE, XN_NONE));
    for (int k = 0; k < n; k++)
        xw_header(c, ws, HEAD_ROW, k, head[k]);
}

/* Width in characters of a column showing `text`, at least `min`. */
static double width_of(const char *text, double min)
{
    double w = tci_utf8_width(text) + 2;
    return w < min ? min : w > 60 ? 60 : w;
}

/* The options in the Summary's order: those in both, then the others. */
static size_t summary_order(const tco_comparison *cm, size_t *order, size_t *n_both)
{
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < cm->n_options; i++)
            if ((cm->options[i].in_a && cm->options[i].in_b) == (pass == 0))
                order[n++] = i;
    *n_both = 0;
    while (*n_both < n && cm->options[order[*n_both]].in_a && cm->options[order[*n_both]].in_b)
        (*n_both)++;
    return n;
}

/* The chart of the change of each option's total (options in both). */
static void total_chart(xw_ctx *c, const cmp_formats *F, lxw_worksheet *ws, int first, int last,
                        int at_row, double width_px)
{
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_BAR);
    if (!ch)
        return;
    char cats[600], vals[600];
    xw_column_range(cats, sizeof cats, ws, first, last, SM_OPT);
    xw_column_range(vals, sizeof vals, ws, first, last, SM_DELTA);
    lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
    if (!se)
        return;
    xw_series_fill(c, se, 0);
    chart_series_set_invert_if_negative(se);
    chart_series_set_labels(se);
    chart_series_set_labels_num_format(se, F->axis);
    char t[XW_TBUF];
    tci_utf8_format(t, sizeof t, "Change in each option's total cost, B \xE2\x88\x92 A (%s)",
                    c->currency);
    xw_chart_title(c, ch, t);
    xw_axis_name(c, ch->x_axis, c->currency);
    chart_axis_set_num_format(ch->x_axis, F->axis);
    chart_axis_set_reverse(ch->y_axis); /* the table's order, top to bottom */
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    lxw_chart_options co;
    memset(&co, 0, sizeof co);
    co.x_scale = width_px / 480;
    int bars = last - first + 1;
    co.y_scale = (120.0 + 28.0 * (bars < 4 ? 4 : bars > 30 ? 30 : bars)) / 288;
    co.y_offset = 8;
    xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)at_row, 0, ch, &co));
}

/* Summary: each option's total in A and B, B - A and the change, and the
 * chart of the change. */
static void summary_sheet(xw_ctx *c, const cmp_formats *F, const tco_comparison *cm)
{
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, "Summary");
    if (!ws) {
        c->nomem = 1;
        return;
    }
    static const char *const head[SM_COLS] = {"Option", "Total cost, A", "Total cost, B",
                                              "B \xE2\x88\x92 A", "Change"};
    sheet_top(c, ws, cm, "Comparison of two scenarios: total cost of ownership", head, SM_COLS);
    size_t *order = malloc((cm->n_options + 1) * sizeof *order), n_both;
    if (!order) {
        c->nomem = 1;
        return;
    }
    size_t n = summary_order(cm, order, &n_both);
    double w_opt = 10, w_num = 16;
    int row = HEAD_ROW + 1;
    for (size_t k = 0; k < n; k++, row++) {
        const tco_option_diff *o = &cm->options[order[k]];
        const tco_figure_diff *f = tco_option_diff_figure(o, "total");
        char buf[XW_TBUF], t[XW_TBUF];
        xw_cell_text(buf, sizeof buf, o->id);
        if (!o->in_a || !o->in_b)
            tci_utf8_format(t, sizeof t, "%s (only in %s)", buf, o->in_a ? "A" : "B");
        else
            tci_utf8_format(t, sizeof t, "%s", buf);
        xw_text(c, ws, row, SM_OPT, t, xw_fmt(c, XS_TEXT, XN_NONE));
        w_opt = fmax(w_opt, width_of(t, 10));
        side_cell(c, F, ws, row, SM_A, cm, f, 0);
        side_cell(c, F, ws, row, SM_B, cm, f, 1);
        delta_cells(c, F, ws, row, SM_DELTA, SM_A, SM_B, cm, f);
        w_num = fmax(w_num, xw_money_width(c, fmax(fabs(f->a), fabs(f->b))) + 3);
    }
    free(order);
    xw_set_col(ws, SM_OPT, SM_OPT, w_opt);
    xw_set_col(ws, SM_A, SM_DELTA, w_num);
    xw_set_col(ws, SM_CHANGE, SM_CHANGE, 12);
    worksheet_freeze_panes(ws, HEAD_ROW + 1, 0);
    /* The chart as wide as the table, in the print area (7 pixels a character
     * and 5 a column, as spreadsheets lay columns out). */
    double width_px = 7 * (w_opt + 3 * w_num + 12) + 5 * SM_COLS - 4;
    int last = row;
    if (n_both > 0) {
        total_chart(c, F, ws, HEAD_ROW + 1, HEAD_ROW + (int)n_both, row + 1, width_px);
        int bars = (int)n_both < 4 ? 4 : (int)n_both > 30 ? 30 : (int)n_both;
        last = row + 2 + (int)ceil((120.0 + 28.0 * bars) / 20);
    }
    xw_print_setup(c, ws, HEAD_ROW, HEAD_ROW, 1);
    xw_note(c, worksheet_print_area(ws, 0, 0, (lxw_row_t)last, SM_CHANGE));
}

/* The options, then the plans: entry i of both lists. */
static const tco_option_diff *diff_at(const tco_comparison *cm, size_t i)
{
    return i < cm->n_options ? &cm->options[i] : &cm->plans[i - cm->n_options];
}

/* Entry i's name in a cell: an option's id, "[plan NAME]" for a plan. */
static const char *diff_name(char *buf, size_t size, const tco_comparison *cm, size_t i)
{
    if (i < cm->n_options)
        return xw_cell_text(buf, size, cm->options[i].id);
    char name[XW_TBUF];
    snprintf(name, sizeof name, "[plan %s]", cm->plans[i - cm->n_options].id);
    return xw_cell_text(buf, size, name);
}

/* Figures: every figure of every option and plan, in A and B, B - A and the
 * change. */
static void figures_sheet(xw_ctx *c, const cmp_formats *F, const tco_comparison *cm)
{
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, "Figures");
    if (!ws) {
        c->nomem = 1;
        return;
    }
    static const char *const head[FG_COLS] = {"Option", "Figure",           "A",
                                              "B",      "B \xE2\x88\x92 A", "Change"};
    sheet_top(c, ws, cm, "Comparison of two scenarios: every figure", head, FG_COLS);
    /* Columns as wide as their widest text, A and B at most TEXT_COL: longer
     * text wraps in a row tall enough for it. */
    double w[FG_COLS] = {10, 24, 14, 14, 14, 12};
    char label[XW_TBUF], buf[XW_TBUF], shown[TCO_NUMTEXT_MAX];
    for (size_t i = 0; i < cm->n_options + cm->n_plans; i++) {
        const tco_option_diff *o = diff_at(cm, i);
        w[FG_OPT] = fmax(w[FG_OPT], width_of(diff_name(buf, sizeof buf, cm, i), 10));
        for (size_t k = 0; k < o->n_figures; k++) {
            const tco_figure_diff *f = &o->figures[k];
            w[FG_LABEL] =
                fmax(w[FG_LABEL], width_of(figure_label(c, cm, f, label, sizeof label), 24));
            for (int s = 0; s < 4; s++) {
                const char *t = tco_compare_cell(shown, sizeof shown, cm, f, (tco_cmp_cell)s);
                w[FG_A + s] = fmin(TEXT_COL, fmax(w[FG_A + s], width_of(t, 10) + (s < 2 ? 2 : 0)));
            }
        }
    }
    int row = HEAD_ROW + 1;
    for (size_t i = 0; i < cm->n_options + cm->n_plans; i++) {
        const tco_option_diff *o = diff_at(cm, i);
        char id[XW_TBUF];
        diff_name(id, sizeof id, cm, i);
        for (size_t k = 0; k < o->n_figures; k++, row++) {
            const tco_figure_diff *f = &o->figures[k];
            xw_text(c, ws, row, FG_OPT, id, xw_fmt(c, XS_TEXT, XN_NONE));
            figure_label(c, cm, f, label, sizeof label);
            xw_text(c, ws, row, FG_LABEL, xw_cell_text(buf, sizeof buf, label),
                    xw_fmt(c, XS_TEXT, XN_NONE));
            side_cell(c, F, ws, row, FG_A, cm, f, 0);
            side_cell(c, F, ws, row, FG_B, cm, f, 1);
            delta_cells(c, F, ws, row, FG_DELTA, FG_A, FG_B, cm, f);
            if (f->kind != TCO_FIG_TEXT)
                continue;
            int lines = 1;
            for (int s = 0; s < 2; s++) {
                const char *t = tco_compare_cell(shown, sizeof shown, cm, f, (tco_cmp_cell)s);
                int l = (int)ceil(tci_utf8_width(t) / (w[FG_A + s] - 2));
                lines = l > lines ? l : lines;
            }
            if (lines > 1)
                worksheet_set_row(ws, (lxw_row_t)row, 15.0 * (lines > 8 ? 8 : lines), NULL);
        }
    }
    for (int k = 0; k < FG_COLS; k++)
        xw_set_col(ws, k, k, w[k]);
    worksheet_freeze_panes(ws, HEAD_ROW + 1, 0);
    xw_note(c, worksheet_autofilter(ws, HEAD_ROW, 0,
                                    (lxw_row_t)(row > HEAD_ROW + 1 ? row - 1 : HEAD_ROW),
                                    FG_COLS - 1));
    xw_print_setup(c, ws, HEAD_ROW, HEAD_ROW, 1);
    xw_note(c, worksheet_print_area(ws, 0, 0, (lxw_row_t)(row > HEAD_ROW ? row - 1 : HEAD_ROW),
                                    FG_COLS - 1));
}

/* One side of input d: a number in its format, else its text. */
static void input_side(xw_ctx *c, const cmp_formats *F, lxw_worksheet *ws, int row, int col,
                       const tco_input_diff *d, int b)
{
    char buf[XW_TBUF];
    double x = b ? d->b_value : d->a_value;
    if (d->def && !isnan(d->a_value) && !isnan(d->b_value)) {
        lxw_format *f = d->def->unit == TCO_U_FRACTION ? F->input_rate
                        : d->def->unit == TCO_U_MONEY
                            ? xw_fmt(c, XS_FIXED, XN_MONEY_IN)
                            : xw_fmt(c, XS_FIXED, xw_value_numfmt(d->def->unit, x));
        xw_num(c, ws, row, col, x, f);
        return;
    }
    xw_text(c, ws, row, col, xw_cell_text(buf, sizeof buf, b ? d->b : d->a),
            xw_fmt(c, XS_FIXED, XN_NONE));
}

/* The constants the change formulas read (no number in a formula: WORKBOOK.md,
 * Conventions), under the inputs from `row`, each with its defined name;
 * returns the next row. */
static int constants(xw_ctx *c, lxw_worksheet *ws, int row)
{
    static const struct {
        const char *name, *label;
        double v;
        xw_numfmt nf;
    } k[] = {{"NoiseTolerance", "Noise of a change, relative", 1e-12, XN_SCI},
             {"PointsPerUnit", "Points per unit of a rate", 100, XN_INT}};
    xw_text(c, ws, row++, 0, "Constants", xw_fmt(c, XS_SECTION, XN_NONE));
    for (size_t i = 0; i < sizeof k / sizeof *k; i++, row++) {
        xw_text(c, ws, row, 0, k[i].label, xw_fmt(c, XS_TEXT, XN_NONE));
        xw_num(c, ws, row, 1, k[i].v, xw_fmt(c, XS_FIXED, k[i].nf));
        xw_define_name(c, k[i].name, "Inputs", row, 1);
    }
    return row;
}

/* Inputs: each input that differs, A, B and B - A for numbers. */
static void inputs_sheet(xw_ctx *c, const cmp_formats *F, const tco_comparison *cm)
{
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, "Inputs");
    if (!ws) {
        c->nomem = 1;
        return;
    }
    static const char *const head[] = {"Key", "A", "B", "B \xE2\x88\x92 A"};
    sheet_top(c, ws, cm, "Comparison of two scenarios: the inputs that differ", head, 4);
    double w[4] = {24, 14, 14, 14};
    int row = HEAD_ROW + 1;
    for (size_t i = 0; i < cm->n_inputs; i++, row++) {
        const tco_input_diff *d = &cm->inputs[i];
        char buf[XW_TBUF], fm[XW_FBUF];
        xw_text(c, ws, row, 0, xw_cell_text(buf, sizeof buf, d->key), xw_fmt(c, XS_TEXT, XN_NONE));
        w[0] = fmax(w[0], width_of(buf, 24));
        input_side(c, F, ws, row, 1, d, 0);
        input_side(c, F, ws, row, 2, d, 1);
        for (int s = 0; s < 2; s++)
            w[1 + s] = fmax(w[1 + s], width_of(xw_cell_text(buf, sizeof buf, s ? d->b : d->a), 14));
        xw_refbuf a = xw_ref(NULL, row, 1, 0, 0), b = xw_ref(NULL, row, 2, 0, 0);
        if (!d->def || isnan(d->a_value) || isnan(d->b_value))
            xw_text(c, ws, row, 3, TCO_DASH, F->dash);
        else if (d->def->unit == TCO_U_FRACTION)
            xw_fnum(c, ws, row, 3, noise_formula(c, fm, sizeof fm, a.s, b.s, 1),
                    tco_compare_delta(d->a_value, d->b_value) * 100, F->pp);
        else
            xw_fnum(c, ws, row, 3, noise_formula(c, fm, sizeof fm, a.s, b.s, 0),
                    tco_compare_delta(d->a_value, d->b_value), F->input_delta);
    }
    if (cm->n_inputs == 0)
        xw_text(c, ws, row++, 0, "The same in both.", xw_fmt(c, XS_TEXT, XN_NONE));
    row = constants(c, ws, row + 1);
    w[0] = fmax(w[0], 28); /* the constants' labels */
    for (int k = 0; k < 4; k++)
        xw_set_col(ws, k, k, w[k]);
    worksheet_freeze_panes(ws, HEAD_ROW + 1, 0);
    xw_print_setup(c, ws, HEAD_ROW, HEAD_ROW, 1);
    xw_note(c, worksheet_print_area(ws, 0, 0, (lxw_row_t)(row - 1), 3));
}

/* ===== The workbook ===== */

/* The document's properties: title, subject, creation time. */
static void properties(xw_ctx *c, const tco_comparison *cm, long long created)
{
    char title[600], a[260], b[260];
    xw_label_cut(xw_cell_text(a, sizeof a, cm->a->name), a, sizeof a, 100);
    xw_label_cut(xw_cell_text(b, sizeof b, cm->b->name), b, sizeof b, 100);
    tci_utf8_format(title, sizeof title, "Comparison: %s and %s", a, b);
    lxw_doc_properties props = {.title = title,
                                .subject = "Inputs and figures of two scenarios",
                                .comments = "Written by tco compare"};
    props.created = (time_t)(created >= 0 ? created : 0);
    xw_note(c, workbook_set_properties(c->wb, &props));
}

/* See documentation in tco.h. */
tco_status tco_compare_write_xlsx(const tco_comparison *cm, const char *path, long long created,
                                  tco_diags *d)
{
    if (!cm || !path)
        return TCO_ERR_ARG;
    const char *strings[] = {cm->a->name, cm->b->name, cm->a->file, cm->b->file};
    for (size_t i = 0; i < 4; i++)
        if (!tci_utf8_valid(strings[i])) {
            tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "invalid UTF-8 in a scenario name");
            return TCO_ERR_INPUT;
        }
    xw_book book;
    tco_status st = xw_book_open(&book, path, 0, d);
    if (st != TCO_OK)
        return st;
    static const tco_result no_result; /* the report's formats need no option here */
    xw_ctx c;
    memset(&c, 0, sizeof c);
    c.wb = book.wb;
    c.s = cm->a;
    c.r = &no_result;
    c.name = xw_clean_text(&c, cm->a->name, 200);
    c.currency = xw_clean_text(&c, cm->a->currency, 20);
    c.unit = xw_clean_text(&c, cm->a->unit, 100);
    if (!c.nomem) {
        xw_formats_init(&c);
        cmp_formats F;
        init_formats(&c, cm, &F);
        properties(&c, cm, created);
        summary_sheet(&c, &F, cm);
        figures_sheet(&c, &F, cm);
        inputs_sheet(&c, &F, cm);
    }
    lxw_error err = xw_book_close(&book);
    free(c.name);
    free(c.currency);
    free(c.unit);
    int ok = !err && !c.err && !c.nomem;
    if (!ok)
        tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      c.nomem ? "out of memory" : lxw_strerror(err ? err : c.err));
    return xw_book_commit(&book, ok, d);
}
