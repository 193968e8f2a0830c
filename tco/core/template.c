/* template.c - the workbook template object: a new one, freeing it, and what
 * the workbook writer asks of it: labels by key, styles, the order of sheets
 * and charts. The loader (load/template.c) reads the XML into it. */
#include "core/template.h"

#include <stdlib.h>
#include <string.h>

/* See core/template.h. */
const char *const tci_tpl_sheet_kinds[TCI_SHEET_KINDS] = {
    "about",       "inputs", "options",     "summary", "budget", "workload",  "buy-vs-rent",
    "sensitivity", "cases",  "monte-carlo", "checks",  "annual", "statements"};
const char *const tci_tpl_chart_kinds[TCI_CHART_KINDS] = {
    "cumulative", "breakdown", "cost-per-gpu-hour", "fiscal-years", "emissions", "plan-emissions"};

/* ===== Life ===== */

/* See core/template.h. */
tco_template *tci_template_new(void)
{
    tco_template *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    tci_tpl_style *st = &t->style;
    st->input_fill = st->input_color = st->header_fill = st->header_color = st->title_color = -1;
    return t;
}

/* See documentation in header file. */
void tco_template_free(tco_template *tpl)
{
    if (!tpl)
        return;
    for (size_t i = 0; i < tpl->n_labels; i++) {
        free(tpl->labels[i].key);
        free(tpl->labels[i].text);
    }
    free(tpl->labels);
    for (size_t i = 0; i < tpl->style.n_currencies; i++) {
        free(tpl->style.currencies[i].code);
        free(tpl->style.currencies[i].symbol);
    }
    free(tpl->style.currencies);
    free(tpl->style.font_name);
    free(tpl->file);
    free(tpl->language);
    free(tpl->description);
    free(tpl);
}

/* See documentation in header file. */
const char *tco_template_language(const tco_template *tpl)
{
    return tpl && tpl->language ? tpl->language : "en";
}

/* ===== For the workbook writer ===== */

/* See core/template.h. */
int tci_template_label_cmp(const void *a, const void *b)
{
    return strcmp(((const tci_tpl_label *)a)->key, ((const tci_tpl_label *)b)->key);
}

/* See core/template.h. */
const char *tci_template_label(const tco_template *tpl, const char *key)
{
    if (!tpl || !key || !tpl->n_labels)
        return NULL;
    tci_tpl_label want = {(char *)key, NULL};
    const tci_tpl_label *l =
        bsearch(&want, tpl->labels, tpl->n_labels, sizeof *tpl->labels, tci_template_label_cmp);
    return l ? l->text : NULL;
}

/* See core/template.h. */
size_t tci_template_label_count(const tco_template *tpl)
{
    return tpl ? tpl->n_labels : 0;
}

/* See core/template.h. */
const char *tci_template_label_key(const tco_template *tpl, size_t i)
{
    return tpl && i < tpl->n_labels ? tpl->labels[i].key : NULL;
}

/* See core/template.h. */
const tci_tpl_style *tci_template_style(const tco_template *tpl)
{
    return tpl ? &tpl->style : NULL;
}

/* The n kinds of a template's list into kinds, or, when list is NULL (no
 * template, or none given), all `all` kinds in their built-in order. Returns
 * how many. */
/* The built-in order of the sheets, as the model flows (each reads only those
 * before it, but Checks, which the others show): About, Inputs, the monthly
 * cash-flow sheets, then what summarises them, the annual views first. Every
 * sheet but the monthly ones makes the printed pack. */
static const int builtin_sheets[TCI_SHEET_KINDS] = {
    TCI_SHEET_ABOUT,       TCI_SHEET_INPUTS,      TCI_SHEET_OPTIONS,    TCI_SHEET_ANNUAL,
    TCI_SHEET_SUMMARY,     TCI_SHEET_BUDGET,      TCI_SHEET_STATEMENTS, TCI_SHEET_WORKLOAD,
    TCI_SHEET_BUY_VS_RENT, TCI_SHEET_SENSITIVITY, TCI_SHEET_CASES,      TCI_SHEET_MONTE_CARLO,
    TCI_SHEET_CHECKS};

/* The Summary's charts without a template's list: the cost breakdown first,
 * which the Summary's layout gives the page's width for its many lines. */
static const int builtin_charts[TCI_CHART_KINDS] = {
    TCI_CHART_BREAKDOWN,    TCI_CHART_CUMULATIVE, TCI_CHART_COST_PER_GPU_HOUR,
    TCI_CHART_FISCAL_YEARS, TCI_CHART_EMISSIONS,  TCI_CHART_PLAN_EMISSIONS};

static size_t kinds_in_order(const int *list, size_t n, int all, const int *builtin, int *kinds)
{
    if (list) {
        memcpy(kinds, list, n * sizeof *kinds);
        return n;
    }
    memcpy(kinds, builtin, (size_t)all * sizeof *kinds);
    return (size_t)all;
}

/* See core/template.h. */
size_t tci_template_sheets(const tco_template *tpl, int kinds[TCI_SHEET_KINDS])
{
    int given = tpl && tpl->has_sheets;
    return kinds_in_order(given ? tpl->sheets : NULL, given ? tpl->n_sheets : 0, TCI_SHEET_KINDS,
                          builtin_sheets, kinds);
}

/* See core/template.h. */
size_t tci_template_charts(const tco_template *tpl, int kinds[TCI_CHART_KINDS])
{
    int given = tpl && tpl->has_charts;
    return kinds_in_order(given ? tpl->charts : NULL, given ? tpl->n_charts : 0, TCI_CHART_KINDS,
                          builtin_charts, kinds);
}

/* See core/template.h. */
const char *tci_template_sheet_kind(int kind)
{
    return kind >= 0 && kind < TCI_SHEET_KINDS ? tci_tpl_sheet_kinds[kind] : "?";
}
