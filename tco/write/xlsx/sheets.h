/* sheets.h - the writers of the workbook's sheets, one module each; workbook.c
 * calls them in order once every sheet exists and plan.c has laid out the
 * option sheets. Each writes nothing when its sheet was not created. Not
 * installed. */
#ifndef TCO_WRITE_XLSX_SHEETS_H
#define TCO_WRITE_XLSX_SHEETS_H

#include "write/xlsx/cell.h"
#include "write/xlsx/ctx.h"

#include <stddef.h>

/* One kind of sheet (tci_tpl_sheet), described once in sheets.c. The
 * workbook writes the sheets in the order of their kinds, About last, once
 * every sheet exists and the option and plan sheets' rows are laid out. */
typedef struct xw_sheet_kind {
    const char *name_key, *name;         /* its name: the template's label and the English
                                            (NULL for "options": each option's sheet is
                                            named after it) */
    size_t slot;                         /* where xw_ctx keeps its worksheet: offsetof */
    int (*wanted)(const xw_ctx *c);      /* 1 when the scenario calls for it */
    void (*write)(xw_ctx *c);            /* its writer ("options": every cash-flow sheet) */
    const char *contents_key, *contents; /* its line in About's contents, or NULL */
    int fixed;                           /* 1: About links to it through the name formulas use */
} xw_sheet_kind;

/* The descriptor of `kind`, or NULL out of range. */
const xw_sheet_kind *xw_sheet_kind_get(int kind);

/* Where c keeps the worksheet of a sheet kind other than "options" (c->about,
 * c->summary ...; NULL in it while the workbook has no such sheet), or NULL for
 * "options" and any other kind. */
lxw_worksheet **xw_kind_sheet(xw_ctx *c, int kind);

/* The option whose cash-flow sheet comes k-th (k < n_options): the baseline's
 * first, which the others compare with, then the rest in the scenario's order
 * (flows run left to right: a sheet reads only the sheets before it). */
size_t xw_option_at(const xw_ctx *c, size_t k);

/* About (about.c): what the workbook compares, its conventions and contents;
 * written last, when every other sheet is known. */
void xw_write_about(xw_ctx *c);
/* Inputs (inputs.c): every assumption; fills c->in_g, c->in_o and the rows of
 * the constants, which every later sheet's formulas refer to. */
void xw_write_inputs(xw_ctx *c);
/* Whether option i's key k has a row on Inputs; its unit there (inputs.c),
 * for the cash-flow sheets' links (its label: xw_key_label, page.h). */
int xw_option_key_shown(const tco_scenario *s, size_t i, tco_okey k);
/* The value option o holds for its numeric key k (inputs.c). */
double xw_option_key_value(const tco_option *o, tco_okey k);
void xw_key_unit(xw_ctx *c, char *buf, size_t size, const tco_keydef *kd);
/* Option i's monthly cash-flow sheet (option.c): xw_option_layout fixes its
 * rows (c->os[i]) from the sheet's table before any sheet is written;
 * xw_write_option writes it in them. */
void xw_option_layout(xw_ctx *c, size_t i);
void xw_write_option(xw_ctx *c, size_t i);
/* Summary (summary.c): fills c->sm_rows for Checks. */
void xw_write_summary(xw_ctx *c);
/* The formula of option i's Summary cell (in column col) of the break-even in
 * tokens a day against the API (sumapi.c; MODEL.md, API options); 0 for
 * another field. */
int xw_summary_api_formula(xw_ctx *c, size_t i, int fi, int col, char *f, size_t size);
/* The Summary's charts (smcharts.c), in the template's order, in a box `width`
 * by `height` pixels from row `top` of the Summary, at most SM_CHARTS_PAGE of
 * them; the others from row *page2 (-1: none), a page below. Returns the
 * last row they take. */
#define SM_CHARTS_PAGE 5
int xw_summary_charts(xw_ctx *c, int top, double width, double height, int *page2);
/* The Summary's plans' emissions (smplanco2.c; MODEL.md, A plan's emissions),
 * with carbon figures and the plans' table: xw_sm_plan_co2_layout places the
 * block after row `row` (c->sm_pco2, c->sm_pco2_end; XW_NONE without it) and
 * returns its last row (`row` without it); xw_sm_plan_co2 writes it, headings
 * wrapped in columns `wo` characters wide; xw_sm_plan_co2_chart is the chart
 * of the plans' emissions by scope (NULL without the block). */
int xw_sm_plan_co2_layout(xw_ctx *c, int row);
/* Its columns of figures, one per plan (0 without it), which the Summary's
 * width counts. */
int xw_sm_plan_co2_cols(const xw_ctx *c);
void xw_sm_plan_co2(xw_ctx *c, int wo);
lxw_chart *xw_sm_plan_co2_chart(xw_ctx *c);
/* Checks (checks.c): the engine's figures beside the Summary's. */
void xw_write_checks(xw_ctx *c);
/* Workload (workload.c), Buy-vs-Rent (buyrent.c), Sensitivity (sensitivity.c),
 * Cases (cases.c), Monte Carlo (montecarlo.c). */
void xw_write_workload(xw_ctx *c);
/* The Workload sheet's rows, fixed before any sheet is written: c->wl_gh; and
 * the absolute reference to option i's GPU-hours a training run there (with
 * c->wl_gh set). */
void xw_workload_layout(xw_ctx *c);
xw_refbuf xw_workload_run_hours(const xw_ctx *c, size_t i);
void xw_write_buy_vs_rent(xw_ctx *c);
void xw_write_sensitivity(xw_ctx *c);
void xw_write_cases(xw_ctx *c);
void xw_write_monte_carlo(xw_ctx *c);
/* Budget (budget.c): the fiscal years of tco_budget_compute. xw_budget_layout
 * computes them and fixes the sheet's rows (c->bg, c->bg_row) before any sheet
 * is written; xw_write_fy_row writes option i's fiscal-year row (c->os[i].r_fy)
 * as its sheet is written; xw_budget_chart is the Summary's annual cash flow. */
void xw_budget_layout(xw_ctx *c);
void xw_write_fy_row(xw_ctx *c, size_t i);
/* The fiscal-year row `r_fy` of sheet ws whose months are in row r_month
 * (its label and a formula a month), an option's or a plan's. */
void xw_fy_cells(xw_ctx *c, lxw_worksheet *ws, int r_month, int r_fy);
void xw_write_budget(xw_ctx *c);
lxw_chart *xw_budget_chart(xw_ctx *c);
/* The number of the fiscal year of model month m (2028 for FY2028, 1 for Y1). */
double xw_fy_number(const xw_ctx *c, int m);
/* The rows of option i's cash-flow sheet that budget column `col`
 * (tco_budget_col, before the total) adds up by fiscal year, up to 5, in rows,
 * each subtracted when neg[k]; returns how many (0: the column is 0 for it). */
int xw_budget_col_rows(const xw_ctx *c, size_t i, int col, int *rows, int *neg);
/* In f, the formula of budget column `col` of option i in one fiscal year: the
 * SUMIFS of xw_budget_col_rows' rows over the option sheet's fiscal years `fys`
 * where they equal `year` (a cell), "=0" when the column has none. */
const char *xw_budget_fy_formula(const xw_ctx *c, size_t i, int col, const char *fys,
                                 const char *year, char *f, size_t fs);
/* The annual views (annual.c; docs/WORKBOOK.md, Annual views): each option's
 * budget lines across its fiscal years, one block a page, live SUMIFS over its
 * cash-flow sheet's fiscal-year row; the engine's budget (c->bg) cached. */
void xw_write_annual(xw_ctx *c);

/* The Statements sheet (stmtsheet.c; docs/WORKBOOK.md, Statements): each
 * option's income statement, cash-flow statement and year-end balances by
 * fiscal year, live over its cash-flow sheet's rows, the engine's statements
 * (c->st, tco_statements_compute) cached. xw_statements_layout computes them
 * and fixes the sheet's rows (c->st_line, c->st_last) before any sheet is
 * written. */
void xw_statements_layout(xw_ctx *c);
void xw_write_statements(xw_ctx *c);
/* The Statements sheet's columns (stmtlines.c): the line, its total over the
 * horizon, then one a fiscal year; the column of fiscal year y (y = -1: the
 * horizon's). */
enum { XW_STMT_LABEL, XW_STMT_TOTAL, XW_STMT_Y0 };
int xw_stmt_col(int y);

/* Plans (plansheet.c; MODEL.md, Demand and Plans): xw_plan_layout fixes the
 * rows of plan p's sheet that other sheets read (c->ps[p]) before any sheet
 * is written; xw_write_plan writes the sheet. */
void xw_plan_layout(xw_ctx *c, size_t p);
void xw_write_plan(xw_ctx *c, size_t p);
/* Optimize (optimize.c): the static result of [optimize] (c->r->optimize),
 * headed by whether the inputs are those it was computed for. */
void xw_write_optimize(xw_ctx *c);

/* The Statements sheet's lines (stmtlines.c), shared by the options' and the
 * plans' blocks: line col's label, its part (the statements' three parts, a
 * heading row each before its first line) and the part's heading, and whether
 * it is a total line (bold, a rule above). */
enum { XW_STMT_INCOME, XW_STMT_CASH, XW_STMT_BALANCES };
const char *xw_stmt_label(xw_ctx *c, int col);
int xw_stmt_part(int col);
const char *xw_stmt_part_label(xw_ctx *c, int part);
int xw_stmt_is_total(int col);
/* Line col of an option's or a plan's block (who) in `row` of the Statements
 * sheet: its label, each fiscal year's formula (formula(c, who, col, the year's
 * column, its fiscal-year cell head, its last-month cell lastrow)) with the
 * engine's figure of that year cached (years: who's years, TCO_STMT_COLS
 * figures each), and a flow's total over the horizon. */
typedef const char *(*xw_stmt_formula_fn)(xw_ctx *c, size_t who, int col, int ycol, const char *yr,
                                          const char *last, char *f, size_t fs);
void xw_stmt_line(xw_ctx *c, size_t who, int col, int row, int head, int lastrow,
                  const double *years, xw_stmt_formula_fn formula);
/* The plans' blocks of the Statements sheet (stmtplan.c; MODEL.md, A plan's
 * statements), after the options': xw_stmt_plan_layout fixes their rows
 * (c->st_pline, c->st_plast) from `row`, the first after the options'
 * blocks, and returns the row after them; xw_write_stmt_plans writes them,
 * each a block of the pager, and returns the row after the last (0: none);
 * xw_stmt_plans_biggest is the largest of their figures. */
/* The Budget's column of a plan's total (budget.c): after tax with [tax]. */
int xw_bg_plan_total_col(const xw_ctx *c);
struct xw_pager;
int xw_stmt_plan_layout(xw_ctx *c, int row);
int xw_write_stmt_plans(xw_ctx *c, struct xw_pager *pg);
double xw_stmt_plans_biggest(const xw_ctx *c);

#endif /* TCO_WRITE_XLSX_SHEETS_H */
