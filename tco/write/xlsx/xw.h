/* xw.h - shared by the workbook writer's modules;
 * not installed. The layout of every sheet is decided once and kept here, so
 * that a formula on one sheet can name a cell on another. */
#ifndef TCO_WRITE_XLSX_XW_H
#define TCO_WRITE_XLSX_XW_H

#include "write/xlsx/cell.h"

/* ===== Sheets (xlsx_model.c) ===== */

void xw_option_layout(xw_ctx *c, size_t i);
void xw_write_option(xw_ctx *c, size_t i);
void xw_write_summary(xw_ctx *c);
void xw_write_checks(xw_ctx *c);

/* ===== Workload and analysis sheets (xlsx_workload.c, xlsx_analysis.c) ===== */

/* 1 when the scenario calls for the sheet of this kind (TCI_SHEET_WORKLOAD ...
 * TCI_SHEET_MONTE_CARLO): Workload when it sizes a model, Buy-vs-Rent always,
 * Sensitivity, Cases and Monte Carlo from result->analysis, when the caller set it.
 * build() (xlsx.c) then adds it where the template's order puts it. */
int xw_analysis_wanted(const xw_ctx *c, int kind);
/* Each writes its sheet; nothing when the sheet was not created. */
void xw_write_workload(xw_ctx *c);
void xw_write_buy_vs_rent(xw_ctx *c);
void xw_write_sensitivity(xw_ctx *c);
void xw_write_cases(xw_ctx *c);
void xw_write_monte_carlo(xw_ctx *c);
/* About: the contents line of the sheet of this kind, when there is one, at `row`;
 * returns the next free row. */
int xw_contents_analysis(xw_ctx *c, int kind, int row);
/* 1 when the Workload sheet's formulas read this input (global: a tco_skey, else a
 * tco_okey), so that Inputs styles it as an input. */
int xw_workload_input(const xw_ctx *c, int global, int key);
/* `text` as a string literal inside a formula: quoted, its quotes doubled. */
const char *xw_fquote(char *buf, size_t size, const char *text);

/* A sheet of a kind other than TCI_SHEET_OPTIONS, added under its name
 * (c->sheet[kind]); hidden when the template leaves the kind out. NULL after
 * an error (recorded in c). */
lxw_worksheet *xw_add_sheet(xw_ctx *c, int kind);
/* Chart titles and axis names: libxlsxwriter reads a leading '=' as a reference. */
void xw_chart_title(xw_ctx *c, lxw_chart *ch, const char *text);
void xw_axis_name(xw_ctx *c, lxw_chart_axis *axis, const char *text);
#endif /* TCO_WRITE_XLSX_XW_H */
