/* charts.h - helpers of the workbook's charts (charts.c): titles and axis names
 * in the template's font, series, their colours and ranges. */
#ifndef TCO_WRITE_XLSX_CHARTS_H
#define TCO_WRITE_XLSX_CHARTS_H

#include "write/xlsx/cell.h"

#include <stddef.h>
#include <stdint.h>

#define XW_MAX_SERIES 255 /* series in one chart */

/* The font of chart texts (NULL fields: the chart's defaults), bold or not. */
lxw_chart_font xw_chart_font(const xw_ctx *c, int bold);
/* Series colour k of the charts: the template's accents, else -1 (the
 * program's own colours). */
long xw_accent(const xw_ctx *c, size_t k);
/* A chart's title, and an axis's name: never read as a reference (libxlsxwriter
 * takes a leading '=' for one), cut on a character boundary when too long, in the
 * template's font (the title also sets the legend's); NULL is empty. */
void xw_chart_title(xw_ctx *c, lxw_chart *ch, const char *text);
void xw_axis_name(xw_ctx *c, lxw_chart_axis *axis, const char *text);
/* A chart's title from the label `key` (`english`) with {currency} filled in. */
void xw_chart_title_money(xw_ctx *c, lxw_chart *ch, const char *key, const char *english);
/* An axis of money: its name from the label `key` (`english`) with {currency}
 * filled in, its numbers in the number format nf. */
void xw_axis_money(xw_ctx *c, lxw_chart_axis *axis, const char *key, const char *english,
                   xw_numfmt nf);
/* The legend of a chart of n lines: below it, or none beyond 24 lines (it would
 * crowd out the chart). */
void xw_legend_lines(lxw_chart *ch, size_t n);
/* A series' bars or columns filled in one colour. */
void xw_series_solid(lxw_chart_series *se, unsigned colour);
/* Series k filled in the template's accent colour, when it has accents. */
void xw_series_fill(xw_ctx *c, lxw_chart_series *se, size_t k);
/* Series colour of option i: the template's accent, else the Office palette. */
unsigned xw_colour(const xw_ctx *c, size_t i);
/* A new chart of a type (LXW_CHART_...), NULL after a failed allocation (recorded in c). */
lxw_chart *xw_new_chart(xw_ctx *c, uint8_t type);
/* A new series, NULL after a failed allocation (recorded in c). */
lxw_chart_series *xw_add_series(xw_ctx *c, lxw_chart *ch, const char *cats, const char *vals);
/* A series' line: colour, width in points and dash type (LXW_CHART_LINE_DASH_...). */
void xw_series_line(lxw_chart_series *se, unsigned colour, float width, uint8_t dash_type);
/* "=Sheet!$A$1:$A$9" for chart ranges, in buf. */
const char *xw_chart_range(char *buf, size_t size, const char *quoted, int r1, int c1, int r2,
                           int c2);
/* Rows first to last of column col of the sheet ws, as a chart range in buf. */
const char *xw_column_range(char *buf, size_t size, const lxw_worksheet *ws, int first, int last,
                            int col);
/* A series of column col of the sheet ws, rows first to last, against the
 * categories cats, named by the heading in row `head` of that column; NULL after
 * a failed allocation (recorded in c). */
lxw_chart_series *xw_column_series(xw_ctx *c, lxw_chart *ch, lxw_worksheet *ws, const char *cats,
                                   int first, int last, int col, int head);

/* ===== Charts by month ===== */

/* The months 0 to H, from the first option sheet, as a chart range in buf. */
const char *xw_chart_months(const xw_ctx *c, char *buf, size_t size);
/* Option i's cumulative cost by month, from its cash-flow sheet, as a chart range
 * in buf. */
const char *xw_chart_cumulative(const xw_ctx *c, char *buf, size_t size, size_t i);
/* The month axis (x) of a chart by month: its name and a label every 3, 6 or 12
 * months, as the horizon is long. */
void xw_month_axis(xw_ctx *c, lxw_chart *ch);

#endif /* TCO_WRITE_XLSX_CHARTS_H */
