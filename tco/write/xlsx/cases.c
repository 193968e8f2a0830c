/* cases.c - the Cases sheet: the scenario's cases side by side, the engine's
 * results (tco_analysis) as labelled static values (docs/WORKBOOK.md). */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A figure of one option in one result, for the Cases table; a break-even
 * that does not happen is its word (xw_be_word), in word. */
static double case_value(xw_ctx *c, const tco_result *res, size_t i, int metric, const char **text,
                         xw_word *word)
{
    const tco_option_result *o = &res->options[i];
    int bought = res->scenario->options[i].acquire == TCO_BUY && res->baseline >= 0;
    *text = NULL;
    switch (metric) {
    case 0:
        return o->total;
    case 1:
        return o->npv;
    case 2:
        if (!isfinite(o->cost_per_gpu_hour))
            *word = xw_na_word(c), *text = word->text;
        return o->cost_per_gpu_hour;
    case 3:
        if (!bought)
            *text = XW_DASH;
        else if (o->breakeven_month <= 0)
            *word = xw_be_word(c, TCO_BE_NEVER), *text = word->text;
        return o->breakeven_month;
    default:
        if (!bought)
            *text = XW_DASH;
        else if (!isfinite(o->breakeven_utilization))
            *word = xw_be_word(c, o->breakeven_utilization_note), *text = word->text;
        return o->breakeven_utilization;
    }
}

/* ===== The sheet ===== */

/* The figures compared, one table each; `best`: the lowest of a column is marked. */
static const struct {
    const char *key, *english, *field;
    xw_numfmt nf;
    int best;
} metrics[] = {
    {XW_KEY("cases.total"), "Total cost of ownership ({currency})", "total", XN_MONEY, 1},
    {XW_KEY("cases.npv"), "Net present value of the cost ({currency})", "npv", XN_MONEY, 1},
    {XW_KEY("cases.cpgh"), "Cost per GPU-hour used ({currency} per GPU-hour)", "cost_per_gpu_hour",
     XN_MONEY2, 1},
    {XW_KEY("cases.bem"), "Break-even month against the baseline (month)", "breakeven_month",
     XN_INT, 0},
    {XW_KEY("cases.beu"), "Break-even utilization against the baseline (%)",
     "breakeven_utilization", XN_PCT, 0},
};

/* The Cases sheet as it is written. */
typedef struct cs_sheet {
    xw_ctx *c;
    lxw_worksheet *ws;
    const tco_analysis *A;
    size_t nc; /* cases */
    xw_pager pg;
} cs_sheet;

/* The result of column k: the base (0), else case k - 1. */
static const tco_result *cs_result(const cs_sheet *S, size_t k)
{
    return k == 0 ? S->c->r : S->A->cases[k - 1];
}

/* Column widths, the pager, the title and its paragraph. */
static void cs_title(cs_sheet *S)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const size_t nc = S->nc;
    worksheet_set_column(ws, 0, 0, 44, NULL);
    worksheet_set_column(ws, 1, 1, 30, NULL);
    worksheet_set_column(ws, 2, (lxw_col_t)(1 + nc), 17, NULL);
    worksheet_set_tab_color(ws, 0xED7D31);
    xw_pager_init(&S->pg, c, xw_cols_px(44 + 30 + 17.0 * (double)(nc > 1 ? nc : 1)));
    xw_span sp = {(int)(1 + nc), 44 + 30 + 17.0 * (double)nc};
    xw_title(c, ws, sp, xw_label(c, "cases.title", "Cases: the scenario under other assumptions"),
             xw_label(c, "cases.subtitle",
                      "Each case is the whole scenario with the keys below overriding, computed in "
                      "full (MODEL.md, Cases). Computed by tco for this scenario (static values): "
                      "write the workbook again after changing inputs. The lowest total, NPV and "
                      "cost per GPU-hour of each column are highlighted."));
}

/* What each case changes, from `row`; returns the next row. */
static int cs_overrides(const cs_sheet *S, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    char t[XW_TBUF];
    xw_section(c, ws, row++, xw_label(c, "cases.overrides", "What each case changes"));
    xw_header_text(c, ws, row, 0, xw_label(c, "cases.case", "Case"));
    xw_header_text(c, ws, row, 1, xw_label(c, "cases.key", "Input"));
    xw_header_text(c, ws, row++, 2, xw_label(c, "cases.value", "Value"));
    lxw_format *fx = xw_fmt(c, XS_FIXED, XN_NONE);
    for (size_t k = 0; k < S->nc; k++) {
        const tco_case *cs = &c->s->cases[k];
        for (size_t j = 0; j < cs->n_overrides; j++, row++) {
            xw_text(c, ws, row, 0, xw_cell_text(t, sizeof t, cs->name), NULL);
            char in[XW_TBUF]; /* the input in words, never its INI spelling */
            xw_text(c, ws, row, 1,
                    xw_cell_text(t, sizeof t, xw_spelled_label(c, cs->keys[j], in, sizeof in)), fx);
            xw_text(c, ws, row, 2, xw_cell_text(t, sizeof t, cs->values[j]), fx);
        }
        if (cs->n_overrides == 0) {
            xw_text(c, ws, row, 0, xw_cell_text(t, sizeof t, cs->name), NULL);
            xw_text(c, ws, row++, 1, xw_label(c, "cases.no_override", "(nothing: the base)"), fx);
        }
    }
    return row;
}

/* What the figures below are measured over (a case may change the horizon), from
 * `row`; returns the next row. */
static int cs_settings(cs_sheet *S, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    char t[XW_TBUF];
    xw_pager_block(&S->pg, row, 5);
    xw_section(c, ws, row++, xw_label(c, "cases.settings", "Measured over"));
    int hs = row++;
    xw_header_text(c, ws, hs, 0, "");
    xw_header(c, ws, hs, 1, xw_label(c, "cases.base", "Base"));
    for (size_t k = 0; k < S->nc; k++)
        xw_header(c, ws, hs, 2 + (int)k, xw_cell_text(t, sizeof t, c->s->cases[k].name));
    xw_text(c, ws, row, 0, xw_label(c, "cases.horizon", "Horizon (months)"), NULL);
    for (size_t k = 0; k <= S->nc; k++)
        xw_engine_num(c, ws, row, 1 + (int)k, cs_result(S, k)->scenario->horizon_months, XN_INT);
    row++;
    xw_text(c, ws, row, 0, xw_label(c, "cases.baseline", "Baseline (rent option)"), NULL);
    for (size_t k = 0; k <= S->nc; k++) {
        const tco_result *res = cs_result(S, k);
        xw_text(c, ws, row, 1 + (int)k, res->baseline >= 0 ? c->id[res->baseline] : XW_DASH,
                xw_fmt(c, XS_FIXED, XN_GENERAL));
    }
    return row;
}

/* The lowest figure of each column of rows first..last marked (fmt_best). */
static void cs_best(const cs_sheet *S, int first, int last)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
    xw_formula(c, f, sizeof f, "=AND(ISNUMBER(%s),%s=MIN(%s))", xw_ref(NULL, first, 1, 0, 0).s,
               xw_ref(NULL, first, 1, 0, 0).s, xw_range(NULL, first, 1, last, 1).s);
    /* xw_range is absolute: make the column relative for the whole block. */
    char *p = f, rel[XW_FBUF];
    size_t o = 0;
    for (; *p && o + 1 < sizeof rel; p++) {
        if (*p == '$' && p[1] >= 'A' && p[1] <= 'Z')
            continue;
        rel[o++] = *p;
    }
    rel[o] = '\0';
    cf.value_string = rel;
    cf.format = c->fmt_best;
    xw_note(c, worksheet_conditional_format_range(S->ws, (lxw_row_t)first, 1, (lxw_row_t)last,
                                                  (lxw_col_t)(1 + S->nc), &cf));
}

/* The table of metric m, every option in the base and each case, from `row`;
 * returns the next row. */
static int cs_metric(cs_sheet *S, size_t m, int row)
{
    xw_ctx *c = S->c;
    lxw_worksheet *ws = S->ws;
    const size_t n = c->s->n_options;
    char t[XW_TBUF];
    xw_labelf(c, t, sizeof t, metrics[m].key, metrics[m].english, "currency", c->currency, NULL);
    xw_pager_block(&S->pg, row, 3 + (int)n);
    xw_section(c, ws, row++, t);
    int hr = row++;
    xw_header(c, ws, hr, 0, xw_label(c, "cases.option", "Option"));
    xw_header(c, ws, hr, 1, xw_label(c, "cases.base", "Base"));
    for (size_t k = 0; k < S->nc; k++)
        xw_header(c, ws, hr, 2 + (int)k, xw_cell_text(t, sizeof t, c->s->cases[k].name));
    int first = row;
    for (size_t i = 0; i < n; i++, row++) {
        xw_text(c, ws, row, 0, c->label[i], NULL);
        for (size_t k = 0; k <= S->nc; k++) {
            const char *text;
            xw_word word;
            double v = case_value(c, cs_result(S, k), i, (int)m, &text, &word);
            if (text)
                xw_text(c, ws, row, 1 + (int)k, text, xw_fmt(c, XS_FIXED, metrics[m].nf));
            else
                xw_engine_num(c, ws, row, 1 + (int)k, v, metrics[m].nf);
        }
    }
    if (metrics[m].best && n > 1)
        cs_best(S, first, row - 1);
    return row;
}

/* See sheets.h. */
void xw_write_cases(xw_ctx *c)
{
    const tco_analysis *A = xw_analysis_due(c, c->cases);
    if (!A)
        return;
    cs_sheet S = {.c = c, .ws = c->cases, .A = A, .nc = A->n_cases};
    cs_title(&S);
    xw_analyses_flag(c, S.ws, 2, 0, 3);
    int row = cs_overrides(&S, 3);
    row++;
    row = cs_settings(&S, row);
    row += 2;
    for (size_t m = 0; m < sizeof metrics / sizeof metrics[0]; m++) {
        row = cs_metric(&S, m, row);
        row++;
    }
    xw_pager_apply(c, S.ws, &S.pg, row);
}
