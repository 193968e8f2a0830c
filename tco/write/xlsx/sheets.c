/* sheets.c - the workbook's sheet kinds, one descriptor a kind (sheets.h):
 * its name, when the scenario calls for it, where the writer keeps its
 * worksheet, its writer and its line in About's contents. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"

#include <stddef.h>

/* When the scenario calls for a sheet: always, when it sizes a model, and the
 * analyses' sheets from result->analysis, when the caller set it. */
static int always(const xw_ctx *c)
{
    (void)c;
    return 1;
}

static int sizes_model(const xw_ctx *c)
{
    return c->s->model_params > 0;
}

static int has_sensitivity(const xw_ctx *c)
{
    const tco_analysis *A = xw_analysis(c);
    return A && A->n_drivers > 0 && A->sens;
}

static int has_cases(const xw_ctx *c)
{
    const tco_analysis *A = xw_analysis(c);
    return A && A->n_cases > 0 && A->cases;
}

static int has_monte_carlo(const xw_ctx *c)
{
    const tco_analysis *A = xw_analysis(c);
    return A && A->mc_samples > 0 && A->mc;
}

/* See sheets.h. */
size_t xw_option_at(const xw_ctx *c, size_t k)
{
    const int b = c->r->baseline;
    if (b < 0)
        return k;
    if (k == 0)
        return (size_t)b;
    return k <= (size_t)b ? k - 1 : k;
}

/* The cash-flow sheets: each option's, then each plan's, then Optimize. */
static void write_cash_flows(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    for (size_t k = 0; k < s->n_options && !c->err && !c->nomem; k++)
        xw_write_option(c, xw_option_at(c, k));
    for (size_t p = 0; c->ps && p < s->n_plans; p++)
        xw_write_plan(c, p);
    xw_write_optimize(c);
}

/* The lines of About's contents of the fixed sheets link through the names
 * formulas use; those of the decision sheets through libxlsxwriter's quoted
 * names (fixed 0). */
static const xw_sheet_kind kinds[TCI_SHEET_KINDS] = {
#define KIND(NAME_KEY, NAME, MEMBER, WANTED, WRITE, CONTENTS_KEY, CONTENTS, FIXED)                 \
    {                                                                                              \
        .name_key = NAME_KEY, .name = NAME, .slot = offsetof(xw_ctx, MEMBER), .wanted = WANTED,    \
        .write = WRITE, .contents_key = CONTENTS_KEY, .contents = CONTENTS, .fixed = FIXED         \
    }
    [TCI_SHEET_ABOUT] =
        KIND(XW_KEY("sheet.about"), "About", about, always, xw_write_about, NULL, NULL, 0),
    [TCI_SHEET_INPUTS] =
        KIND(XW_KEY("sheet.inputs"), "Inputs", inputs, always, xw_write_inputs,
             XW_KEY("contents.inputs"),
             "Every assumption, global and per option, with its unit and source", 1),
    [TCI_SHEET_OPTIONS] = {.write = write_cash_flows},
    [TCI_SHEET_SUMMARY] =
        KIND(XW_KEY("sheet.summary"), "Summary", summary, always, xw_write_summary,
             XW_KEY("contents.summary"), "The options side by side, ranked, with the charts", 1),
    [TCI_SHEET_BUDGET] = KIND(XW_KEY("sheet.budget"), "Budget", budget, always, xw_write_budget,
                              XW_KEY("contents.budget"),
                              "Each option's cash flow by fiscal year, by line (live), and the "
                              "annual chart's figures",
                              1),
    [TCI_SHEET_WORKLOAD] = KIND(XW_KEY("sheet.workload"), "Workload", workload, sizes_model,
                                xw_write_workload, XW_KEY("contents.workload"),
                                "Whether the model fits each option's GPU memory, and what a "
                                "training run or a thousand requests cost (live)",
                                0),
    [TCI_SHEET_BUY_VS_RENT] = KIND(XW_KEY("sheet.buy_vs_rent"), "Buy-vs-Rent", buyrent, always,
                                   xw_write_buy_vs_rent, XW_KEY("contents.buy_vs_rent"),
                                   "Total and cost per GPU-hour from 5% to 100% utilization "
                                   "(live), the break-even utilization, and the cumulative cost "
                                   "against the baseline",
                                   0),
    [TCI_SHEET_SENSITIVITY] =
        KIND(XW_KEY("sheet.sensitivity"), "Sensitivity", sensitivity, has_sensitivity,
             xw_write_sensitivity, XW_KEY("contents.sensitivity"),
             "Which inputs move each option's total most: tables and "
             "tornado charts (live; drivers ranked by tco)",
             0),
    [TCI_SHEET_CASES] =
        KIND(XW_KEY("sheet.cases"), "Cases", cases, has_cases, xw_write_cases,
             XW_KEY("contents.cases"), "The scenario's cases side by side (computed by tco)", 0),
    [TCI_SHEET_MONTE_CARLO] =
        KIND(XW_KEY("sheet.monte_carlo"), "Monte Carlo", montecarlo, has_monte_carlo,
             xw_write_monte_carlo, XW_KEY("contents.monte_carlo"),
             "How sure the ranking is: percentiles, chances and a histogram "
             "(computed by tco)",
             0),
    [TCI_SHEET_CHECKS] = KIND(XW_KEY("sheet.checks"), "Checks", checks, always, xw_write_checks,
                              XW_KEY("contents.checks"),
                              "Integrity checks that hold for any inputs (the master check), and "
                              "the reconciliation with tco's figures",
                              1),
    [TCI_SHEET_ANNUAL] =
        KIND(XW_KEY("sheet.annual"), "Annual", annual, always, xw_write_annual,
             XW_KEY("contents.annual"),
             "Each option's cash flow by fiscal year and line (live), for the printed pack", 1),
    [TCI_SHEET_STATEMENTS] =
        KIND(XW_KEY("sheet.statements"), "Statements", statements, always, xw_write_statements,
             XW_KEY("contents.statements"),
             "Each option's income statement, cash flow and year-end balances by fiscal year "
             "(live)",
             1),
#undef KIND
};

/* See sheets.h. */
const xw_sheet_kind *xw_sheet_kind_get(int kind)
{
    return kind >= 0 && kind < TCI_SHEET_KINDS ? &kinds[kind] : NULL;
}

/* See sheets.h. */
lxw_worksheet **xw_kind_sheet(xw_ctx *c, int kind)
{
    const xw_sheet_kind *k = xw_sheet_kind_get(kind);
    return k && k->name_key ? (lxw_worksheet **)(void *)((char *)c + k->slot) : NULL;
}
