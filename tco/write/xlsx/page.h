/* page.h - the layout helpers the decision sheets share (page.c): a title with
 * its paragraph (and every sheet's title with its subtitle), sections, headings,
 * wrapped notes, page breaks placed before blocks, and texts for people built from
 * numbers and user strings. */
#ifndef TCO_WRITE_XLSX_PAGE_H
#define TCO_WRITE_XLSX_PAGE_H

#include "write/xlsx/cell.h"

#include <stddef.h>

/* Zero, or not applicable: an en dash. */
#define XW_DASH "\xE2\x80\x93"

/* The engine's analyses of the result (Sensitivity, Cases, Monte Carlo), or NULL. */
const tco_analysis *xw_analysis(const xw_ctx *c);
/* 1 when the decision sheet ws is to be written: the workbook has it and nothing
 * has failed so far. */
int xw_sheet_due(const xw_ctx *c, const lxw_worksheet *ws);
/* The analyses the sheet ws shows (Sensitivity, Cases, Monte Carlo) when it is to
 * be written (xw_sheet_due), else NULL. */
const tco_analysis *xw_analysis_due(const xw_ctx *c, const lxw_worksheet *ws);

/* ===== Texts ===== */

/* Money as people read it in a label, "$28,000" or "28,000 EUR": the currency's
 * symbol or code where the workbook's number formats put it. */
void xw_money_text(xw_ctx *c, char *buf, size_t size, const char *number);
/* A copy of user text for a cell: control characters become spaces (the loader
 * has checked the UTF-8). Returns buf. */
const char *xw_cell_text(char *buf, size_t size, const char *in);

/* ===== Headings and paragraphs ===== */

/* Where a sheet's paragraphs wrap: columns A to last_col, `chars` characters wide. */
typedef struct xw_span {
    int last_col;
    double chars;
} xw_span;

/* The most lines a wrapped cell's row is made tall for. */
#define XW_MAX_LINES 12
/* The workbook's body text size in points (the template's, else 11). */
double xw_body_pt(const xw_ctx *c);
/* Lines `text` takes wrapped in a cell `chars` characters wide at `pt` points
 * (1 to XW_MAX_LINES). */
int xw_wrap_lines(const char *text, double chars, double pt);
/* The height in points of a row of `lines` lines of `pt`-point text. */
double xw_lines_height(int lines, double pt);

/* A block heading in column A. */
void xw_section(xw_ctx *c, lxw_worksheet *ws, int row, const char *text);
/* A column heading: left-aligned in column A, right-aligned over numbers elsewhere. */
void xw_header(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text);
/* A heading over text. */
void xw_header_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text);
/* A label in a column `chars` characters wide: in `plain` when it fits on one
 * line, else wrapped on a row tall enough for it (never cut on paper). Returns
 * its lines. */
int xw_label_cell(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text, double chars,
                  lxw_format *plain);
/* A paragraph (subtitle or note) wrapped across the span, so that long text neither
 * hides under the next cells nor stretches the printed page. Returns its row's
 * height in points. */
double xw_para(xw_ctx *c, lxw_worksheet *ws, int row, xw_span sp, const char *text, int is_note);
/* The sheet's title in row 1 and its paragraph in row 2 (whose height in points
 * it returns). */
double xw_title(xw_ctx *c, lxw_worksheet *ws, xw_span sp, const char *t, const char *sub);
/* The sheet's title in row 1 and its subtitle in row 2, on one line each (About,
 * Inputs, the option sheets, Summary, Workload, Checks). */
void xw_title_line(xw_ctx *c, lxw_worksheet *ws, const char *t, const char *sub);
/* A heading row tall enough for `texts` wrapped in columns `width` characters wide. */
void xw_header_height(lxw_worksheet *ws, int row, const char *const *texts, size_t n, double width);
/* A static value of the engine's (fixed style), the n/a word (xw_na_word) when unknown. */
void xw_engine_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, xw_numfmt nf);

/* Whether the engine's analyses were computed for the inputs as they stand, in
 * words in (row, col): a formula over the defined name AnalysesCurrent (Inputs),
 * green while it holds, red with "Recompute with tco" once an input is changed;
 * the colour covers the columns col to last_col, under the words' overflow. */
void xw_analyses_flag(xw_ctx *c, lxw_worksheet *ws, int row, int col, int last_col);

/* ===== Inputs named for people ===== */

/* The label for people of key kd, as the analyses name an input: the template's
 * Inputs label ("input.SECTION.NAME"), else the key table's; after the option's
 * id when option >= 0, after the named site's name when site > 0 (the site's
 * index + 1). In buf; returns buf. The one lookup the Sensitivity, Cases and
 * Monte Carlo sheets name their inputs through, never by their INI spelling. */
const char *xw_key_label(xw_ctx *c, const tco_keydef *kd, int option, int site, char *buf,
                         size_t size);
/* The same for an input written as a scenario spells it in [case NAME] or
 * [uncertainty] ("horizon_months", "site.electricity_price",
 * "site.NAME.electricity_price", "OPTION.gpu_price"); the spelling itself when
 * it names no key. */
const char *xw_spelled_label(xw_ctx *c, const char *spelled, char *buf, size_t size);

/* ===== Printed pages ===== */

/* Width in pixels of columns `chars` characters wide in all, as the Summary counts them. */
double xw_cols_px(double chars);

/* The smallest size in points that a number prints at (font size x scale). */
#define XW_MIN_PRINT_PT 8.0
/* The smallest print scale, in percent, at which the workbook's body text
 * prints at XW_MIN_PRINT_PT or more (73 for 11-point text). */
int xw_min_scale(const xw_ctx *c);

/* Printing: scaled to fit `width_px` on an A4 page wide (portrait when it fits
 * at a readable scale, else landscape), never below xw_min_scale, with page
 * breaks placed before blocks that would not fit on the page (a chart cut in
 * two helps no one). Fitting to the page width would drop the breaks, so a scale
 * is used. */
#define XW_MAX_BREAKS 1000
typedef struct xw_pager {
    int portrait;      /* 1: portrait, 0: landscape */
    int scale;         /* percent */
    int rows_per_page; /* 20-pixel rows at that scale */
    double page_pt;    /* a page's height under its title row, in points at that scale */
    double used_pt;    /* of which the blocks since the last break take (xw_pager_block_pt) */
    int page_start;
    int last_col; /* print area's last column, or XW_NONE for the used range */
    int n;
    lxw_row_t breaks[XW_MAX_BREAKS + 1];
} xw_pager;

/* The columns' width in characters that fills a landscape page (portrait: 1)
 * at the scale at which text of `pt` points is readable (xw_min_scale), as
 * xw_cols_px counts them. */
double xw_page_chars(double pt, int portrait);
/* A pager for a sheet `width_px` pixels wide. */
void xw_pager_init(xw_pager *p, const xw_ctx *c, double width_px);
/* The pager at the smallest readable scale (xw_min_scale), for the most rows
 * a page: a sheet of short blocks that would otherwise print one a page. */
void xw_pager_readable(xw_pager *p, const xw_ctx *c);
/* A block of `rows` rows starts at `start`: break before it when it would not fit,
 * and inside it when it is longer than a page. */
void xw_pager_block(xw_pager *p, int start, int rows);
/* The same, for a sheet whose rows' heights are known: a block `pt` points tall
 * starts at `start` (the sheet's title row, repeated on every page, not counted);
 * break before it when it would not fit. A sheet uses one of the two. */
void xw_pager_block_pt(xw_pager *p, int start, double pt);
/* The sheet's print setup (the title row repeated on every page), scale, print
 * area (through last_row, and last_col or the last column with cells) and page
 * breaks. */
void xw_pager_apply(xw_ctx *c, lxw_worksheet *ws, xw_pager *p, int last_row);

/* A sheet fitted to the page's width printed at a readable scale instead
 * (xw_min_scale or more): portrait when its columns fit there, else landscape,
 * two pages wide with column A repeated when they do not fit one. */
void xw_print_readable(xw_ctx *c, lxw_worksheet *ws);

#endif /* TCO_WRITE_XLSX_PAGE_H */
