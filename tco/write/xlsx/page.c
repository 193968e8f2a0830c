/* page.c - the layout helpers the decision sheets share (page.h): titles,
 * sections, headings, wrapped paragraphs, page breaks, and the texts they
 * build from numbers and user strings. */
#include "write/xlsx/page.h"
#include "util/utf8.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* See page.h. */
const tco_analysis *xw_analysis(const xw_ctx *c)
{
    return c->r ? c->r->analysis : NULL;
}

/* See page.h. */
int xw_sheet_due(const xw_ctx *c, const lxw_worksheet *ws)
{
    return ws && !c->err && !c->nomem;
}

/* See page.h. */
const tco_analysis *xw_analysis_due(const xw_ctx *c, const lxw_worksheet *ws)
{
    return xw_sheet_due(c, ws) ? xw_analysis(c) : NULL;
}

/* ===== Texts ===== */

/* Text of a number format's literal part: quotes and backslash escapes removed. */
static void unquote(char *out, size_t size, const char *in, size_t len)
{
    size_t o = 0;
    for (size_t k = 0; k < len && o + 1 < size; k++) {
        if (in[k] == '"')
            continue;
        if (in[k] == '\\' && k + 1 < len)
            k++;
        out[o++] = in[k];
    }
    out[o] = '\0';
}

/* See page.h. */
void xw_money_text(xw_ctx *c, char *buf, size_t size, const char *number)
{
    char nf[160], pfx[64], sfx[64];
    xw_money_format(c, nf, sizeof nf, 0, 0);
    const char *num = strstr(nf, "#,##0");
    if (!num) {
        tci_utf8_format(buf, size, "%s %s", number, c->currency ? c->currency : "");
        return;
    }
    unquote(pfx, sizeof pfx, nf, (size_t)(num - nf));
    unquote(sfx, sizeof sfx, num + 5, strlen(num + 5));
    const char *parts[] = {pfx, number, sfx};
    size_t o = 0;
    for (int k = 0; k < 3; k++)
        for (const char *p = parts[k]; *p && o + 1 < size; p++)
            buf[o++] = *p;
    if (size)
        buf[o] = '\0';
}

/* See page.h. */
const char *xw_cell_text(char *buf, size_t size, const char *in)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)(in ? in : ""); *p && o + 1 < size; p++)
        buf[o++] = *p < 0x20 || *p == 0x7F ? ' ' : (char)*p;
    o = tci_utf8_cut(buf, o); /* do not end inside a character when cut */
    buf[o] = '\0';
    return buf;
}

/* ===== Headings and paragraphs ===== */

/* See page.h. */
void xw_section(xw_ctx *c, lxw_worksheet *ws, int row, const char *text)
{
    xw_text(c, ws, row, 0, text, xw_fmt(c, XS_SECTION, XN_NONE));
}

/* See page.h. */
void xw_header(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text)
{
    xw_text(c, ws, row, col, text, xw_fmt(c, col == 0 ? XS_HEADER : XS_HEADOPT, XN_NONE));
}

/* See page.h. */
void xw_header_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text)
{
    xw_text(c, ws, row, col, text, xw_fmt(c, XS_HEADER, XN_NONE));
}

/* See page.h. */
double xw_body_pt(const xw_ctx *c)
{
    return c->style && c->style->font_size > 0 ? c->style->font_size : 11;
}

/* See page.h. */
int xw_wrap_lines(const char *text, double chars, double pt)
{
    /* A column holds about one character of 11-point text per unit of width, less
     * the cell's margins; a wide (CJK) character counts two. */
    double per_line = (chars - 2) * 11 / (pt > 1 ? pt : 11);
    per_line = per_line < 4 ? 4 : per_line;
    int lines = (int)ceil(tci_utf8_width(text ? text : "") / per_line);
    return lines < 1 ? 1 : lines > XW_MAX_LINES ? XW_MAX_LINES : lines;
}

/* See page.h. */
double xw_lines_height(int lines, double pt)
{
    return (lines < 1 ? 1 : lines) * pt * 15 / 11 + 2;
}

/* See page.h. */
double xw_para(xw_ctx *c, lxw_worksheet *ws, int row, xw_span sp, const char *text, int is_note)
{
    double pt = is_note ? 9 : xw_body_pt(c);
    lxw_format *f = c->fmt_para[is_note != 0];
    if (!f) {
        f = workbook_add_format(c->wb);
        if (!f) {
            c->nomem = 1;
            return 0;
        }
        format_set_italic(f);
        format_set_font_color(f, 0x595959);
        if (c->style && c->style->font_name)
            format_set_font_name(f, c->style->font_name);
        format_set_font_size(f, pt);
        format_set_text_wrap(f);
        format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
        c->fmt_para[is_note != 0] = f;
    }
    /* Italic runs a little wider than upright text. */
    int lines = xw_wrap_lines(text, sp.chars * 0.95, pt);
    if (sp.last_col > 0)
        xw_note(c, worksheet_merge_range(ws, (lxw_row_t)row, 0, (lxw_row_t)row,
                                         (lxw_col_t)sp.last_col, text && *text ? text : " ", f));
    else
        xw_text(c, ws, row, 0, text, f);
    double h = xw_lines_height(lines, pt);
    worksheet_set_row(ws, (lxw_row_t)row, h, NULL);
    return h;
}

/* See page.h. */
int xw_label_cell(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text, double chars,
                  lxw_format *plain)
{
    double pt = xw_body_pt(c);
    int lines = xw_wrap_lines(text, chars, pt);
    if (lines < 2) {
        xw_text(c, ws, row, col, text, plain);
        return 1;
    }
    /* At the bottom, beside the row's numbers, however many lines another
     * program's fonts take. */
    lxw_format *f = c->fmt_label_wrap;
    if (!f) {
        f = workbook_add_format(c->wb);
        if (!f) {
            c->nomem = 1;
            return 1;
        }
        if (c->style && c->style->font_name)
            format_set_font_name(f, c->style->font_name);
        format_set_font_size(f, pt);
        format_set_text_wrap(f);
        format_set_align(f, LXW_ALIGN_VERTICAL_BOTTOM);
        c->fmt_label_wrap = f;
    }
    xw_text(c, ws, row, col, text, f);
    worksheet_set_row(ws, (lxw_row_t)row, xw_lines_height(lines, pt), NULL);
    return lines;
}

/* The last column of ws with a width set so far, or -1. */
static int last_set_col(const lxw_worksheet *ws)
{
    int last = -1;
    for (int k = 0; ws->col_options && k < ws->col_options_max; k++)
        if (ws->col_options[k] && (int)ws->col_options[k]->lastcol > last)
            last = (int)ws->col_options[k]->lastcol;
    return last;
}

/* The width in characters of column col of ws as set so far (0 when hidden). */
static double col_width(const lxw_worksheet *ws, int col)
{
    for (int k = 0; ws->col_options && k < ws->col_options_max; k++) {
        const lxw_col_options *o = ws->col_options[k];
        if (o && o->firstcol <= col && col <= o->lastcol)
            return o->hidden ? 0 : o->width;
    }
    return LXW_DEF_COL_WIDTH;
}

/* The last column shown of those ws has laid out so far, or 0. */
static int last_shown_col(const lxw_worksheet *ws)
{
    int col = last_set_col(ws);
    while (col > 0 && col_width(ws, col) <= 0)
        col--;
    return col > 0 ? col : 0;
}

/* The master check in the title row (repeated on every printed page,
 * xw_print_setup): one cell, right-aligned in the last column shown of those
 * laid out so far, `=` the Checks sheet's master check, read "Master check: OK"
 * through its number format, OK in green, else red. Its place depends on the
 * columns alone, not on the words, so that every template lays the sheet out
 * alike. None on About, which shows the master check in its own row, nor in a
 * workbook without Checks (a comparison). */
static void title_check(xw_ctx *c, lxw_worksheet *ws)
{
    if (!c->checks || ws == c->about || !c->sheet_q[TCI_SHEET_CHECKS] || c->ck_master == XW_NONE)
        return;
    int at = last_shown_col(ws);
    if (at < 1)
        return;
    /* libxlsxwriter keeps 128 bytes of a number format. */
    char nf[128], lit[96], f[XW_FBUF];
    xw_format_literal(lit, sizeof lit, xw_label(c, "print.master_check", "Master check"));
    tci_utf8_format(nf, sizeof nf, "\"%s: \"@", lit);
    lxw_format *fm = xw_fmt_num_own(c, XS_CHECK, nf);
    if (!fm)
        return;
    format_set_align(fm, LXW_ALIGN_RIGHT);
    xw_fstr(c, ws, 0, at,
            xw_formula(c, f, sizeof f, "=%s",
                       xw_ref(c->sheet_q[TCI_SHEET_CHECKS], c->ck_master, XW_COL_VAL, 1, 1).s),
            "OK", fm);
    xw_block b = {0, at, 0, at};
    xw_mark_checks(c, ws, &b, 1);
}

/* See page.h. */
double xw_title(xw_ctx *c, lxw_worksheet *ws, xw_span sp, const char *t, const char *sub)
{
    xw_text(c, ws, 0, 0, t, xw_fmt(c, XS_TITLE, XN_NONE));
    title_check(c, ws);
    return xw_para(c, ws, 1, sp, sub, 0);
}

/* See page.h. The subtitle wraps over the columns laid out so far, so that
 * none of it is cut off on paper. */
void xw_title_line(xw_ctx *c, lxw_worksheet *ws, const char *t, const char *sub)
{
    xw_text(c, ws, 0, 0, t, xw_fmt(c, XS_TITLE, XN_NONE));
    title_check(c, ws);
    int last = last_shown_col(ws);
    double chars = 0;
    for (int col = 0; col <= last; col++)
        chars += col_width(ws, col);
    if (last > 0)
        xw_para(c, ws, 1, (xw_span){last, chars}, sub, 0);
    else
        xw_text(c, ws, 1, 0, sub, xw_fmt(c, XS_SUBTITLE, XN_NONE));
}

/* See page.h. */
void xw_header_height(lxw_worksheet *ws, int row, const char *const *texts, size_t n, double width)
{
    int lines = 1;
    for (size_t k = 0; k < n; k++) {
        int l = xw_wrap_lines(texts[k], width, 11);
        lines = l > lines ? l : lines;
    }
    worksheet_set_row(ws, (lxw_row_t)row, xw_lines_height(lines, 11), NULL);
}

/* See page.h. */
void xw_engine_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, xw_numfmt nf)
{
    xw_num(c, ws, row, col, v, xw_fmt(c, XS_FIXED, nf));
}

/* See page.h. */
void xw_analyses_flag(xw_ctx *c, lxw_worksheet *ws, int row, int col, int last_col)
{
    char f[XW_FBUF];
    xw_phrase cur = xw_phrase_of(
        xw_label(c, "word.analyses_current", "Computed by tco for the inputs as they stand"));
    xw_phrase stale = xw_phrase_of(
        xw_label(c, "word.analyses_stale",
                 "Recompute with tco: the inputs changed since these figures were computed"));
    xw_fstr(c, ws, row, col,
            xw_formula(c, f, sizeof f, "=IF(AnalysesCurrent,%s,%s)", cur.lit, stale.lit), cur.text,
            xw_fmt(c, XS_TEXT, XN_NONE));
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
    for (int bad = 0; bad < 2; bad++) {
        cf.value_string = bad ? "=NOT(AnalysesCurrent)" : "=AnalysesCurrent";
        cf.format = bad ? c->fmt_bad : c->fmt_ok;
        xw_note(c, worksheet_conditional_format_range(ws, (lxw_row_t)row, (lxw_col_t)col,
                                                      (lxw_row_t)row, (lxw_col_t)last_col, &cf));
    }
}

/* ===== Printed pages ===== */

/* See page.h. */
double xw_cols_px(double chars)
{
    return chars * 9.5 + 20;
}

/* The printable page at 100%, in pixels of 96 to the inch: A4 less the
 * margins (xw_print_setup), the header and the footer. */
#define PAGE_W_LAND 1000.0
#define PAGE_H_LAND 640.0
#define PAGE_W_PORT 690.0
#define PAGE_H_PORT 950.0
/* The same heights exactly, in points: A4 (595.28 by 841.89) less the top and
 * bottom margins (XW_MARGIN_TB, 72 points an inch); and the title row's height
 * (14-point text). */
#define PAGE_PT_LAND (595.28 - 2 * 72 * XW_MARGIN_TB)
#define PAGE_PT_PORT (841.89 - 2 * 72 * XW_MARGIN_TB)
#define TITLE_PT     20.0

/* The scale at which text of pt points prints at XW_MIN_PRINT_PT, in percent. */
static int min_scale_pt(double pt)
{
    return (int)ceil(100 * XW_MIN_PRINT_PT / (pt > 1 ? pt : 11));
}

/* See page.h. */
int xw_min_scale(const xw_ctx *c)
{
    return min_scale_pt(xw_body_pt(c));
}

/* See page.h. */
double xw_page_chars(double pt, int portrait)
{
    return ((portrait ? PAGE_W_PORT : PAGE_W_LAND) * 100 / min_scale_pt(pt) - 20) / 9.5;
}

/* See page.h. */
void xw_pager_init(xw_pager *p, const xw_ctx *c, double width_px)
{
    int min = xw_min_scale(c);
    double w = width_px > 1 ? width_px : 1;
    /* Portrait when the columns fit its width at a readable scale: more rows a
     * page; else landscape, at the scale that fits the width, never below the
     * readable one (a sheet wider than that is laid out narrower). */
    p->portrait = 100 * PAGE_W_PORT / w >= min;
    int scale = (int)(100 * (p->portrait ? PAGE_W_PORT : PAGE_W_LAND) / w);
    p->scale = scale > 100 ? 100 : scale < min ? min : scale;
    /* 20-pixel rows, less the title row repeated on every page. */
    double h = p->portrait ? PAGE_H_PORT : PAGE_H_LAND;
    p->rows_per_page = (int)(h * 100 / p->scale / 20 * 0.92) - 1; /* taller rows: room */
    p->page_pt = (p->portrait ? PAGE_PT_PORT : PAGE_PT_LAND) * 100 / p->scale - TITLE_PT;
    p->used_pt = 0;
    p->page_start = 0;
    p->last_col = XW_NONE;
    p->n = 0;
}

/* See page.h. */
void xw_pager_readable(xw_pager *p, const xw_ctx *c)
{
    int min = xw_min_scale(c);
    if (p->scale <= min)
        return;
    p->scale = min;
    double h = p->portrait ? PAGE_H_PORT : PAGE_H_LAND;
    p->rows_per_page = (int)(h * 100 / p->scale / 20 * 0.92) - 1;
}

/* A page break before `row`, where the next page starts. */
static void pager_break(xw_pager *p, int row)
{
    if (p->n < XW_MAX_BREAKS)
        p->breaks[p->n++] = (lxw_row_t)row;
    p->page_start = row;
}

/* See page.h. */
void xw_pager_block(xw_pager *p, int start, int rows)
{
    if (start > p->page_start && start - p->page_start + rows > p->rows_per_page)
        pager_break(p, start);
    while (start + rows - p->page_start > p->rows_per_page)
        pager_break(p, p->page_start + p->rows_per_page);
}

/* See page.h. */
void xw_pager_block_pt(xw_pager *p, int start, double pt)
{
    if (p->used_pt > 0 && p->used_pt + pt > p->page_pt) {
        pager_break(p, start);
        p->used_pt = 0;
    }
    p->used_pt += pt;
}

/* See page.h. */
void xw_pager_apply(xw_ctx *c, lxw_worksheet *ws, xw_pager *p, int last_row)
{
    /* The title on every page; the blocks keep their own headings whole. */
    xw_print_setup(c, ws, 0, 0, 0);
    /* Charts reach past the last column with cells, and below the last row. */
    int col = p->last_col != XW_NONE ? p->last_col : (int)ws->dim_colmax;
    int row = last_row > (int)ws->dim_rowmax ? last_row : (int)ws->dim_rowmax;
    xw_note(c, worksheet_print_area(ws, 0, 0, (lxw_row_t)row, (lxw_col_t)col));
    if (p->portrait)
        worksheet_set_portrait(ws);
    worksheet_set_print_scale(ws, (uint16_t)p->scale);
    if (p->n > 0) {
        p->breaks[p->n] = 0;
        xw_note(c, worksheet_set_h_pagebreaks(ws, p->breaks));
    }
}

/* ===== Inputs named for people ===== */

/* See page.h. */
const char *xw_key_label(xw_ctx *c, const tco_keydef *kd, int option, int site, char *buf,
                         size_t size)
{
    char key[128], input[XW_TBUF];
    tci_utf8_format(key, sizeof key, "input.%s.%s", kd->section, kd->name);
    tci_utf8_format(input, sizeof input, "%s", xw_label(c, key, kd->label));
    if (option >= 0 && (size_t)option < c->s->n_options)
        xw_labelf(c, buf, size, "analysis.input.option", "{option}: {input}", "option",
                  c->id[option], "input", input, NULL);
    else if (site > 0 && (size_t)site <= c->s->n_sites)
        xw_labelf(c, buf, size, "analysis.input.site", "site {site}: {input}", "site",
                  c->s->sites[site - 1].name, "input", input, NULL);
    else
        tci_utf8_format(buf, size, "%s", input);
    return buf;
}

/* See page.h. */
const char *xw_spelled_label(xw_ctx *c, const char *spelled, char *buf, size_t size)
{
    const tco_scenario *s = c->s;
    const char *dot = strrchr(spelled, '.');
    const char *name = dot ? dot + 1 : spelled;
    size_t plen = dot ? (size_t)(dot - spelled) : 0;
    int option = -1, site = 0, global = 1;
    if (plen > 5 && strncmp(spelled, "site.", 5) == 0) {
        for (size_t k = 0; k < s->n_sites; k++)
            if (strlen(s->sites[k].name) == plen - 5 &&
                strncmp(s->sites[k].name, spelled + 5, plen - 5) == 0)
                site = (int)k + 1;
        if (!site) {
            tci_utf8_format(buf, size, "%s", spelled);
            return buf;
        }
    } else if (plen > 0 && !(plen == 4 && strncmp(spelled, "site", 4) == 0) &&
               !(plen == 8 && strncmp(spelled, "scenario", 8) == 0) &&
               !(plen == 8 && strncmp(spelled, "workload", 8) == 0)) {
        global = 0;
        for (size_t i = 0; i < s->n_options; i++)
            if (strlen(c->id[i]) == plen && strncmp(c->id[i], spelled, plen) == 0)
                option = (int)i;
        if (option < 0) {
            tci_utf8_format(buf, size, "%s", spelled);
            return buf;
        }
    }
    if (global)
        for (int k = 0; k < TCO_S_COUNT; k++)
            if (strcmp(tco_scenario_key((tco_skey)k)->name, name) == 0)
                return xw_key_label(c, tco_scenario_key((tco_skey)k), -1, site, buf, size);
    for (int k = 0; k < TCO_O_COUNT; k++)
        if (strcmp(tco_option_key((tco_okey)k)->name, name) == 0)
            return xw_key_label(c, tco_option_key((tco_okey)k), option, 0, buf, size);
    tci_utf8_format(buf, size, "%s", spelled);
    return buf;
}

/* Columns' widths in characters over first..last, hidden ones left out. */
static double cols_chars(const lxw_worksheet *ws, int first, int last)
{
    double w = 0;
    for (int col = first; col <= last; col++)
        w += col_width(ws, col);
    return w;
}

/* See page.h. */
void xw_print_readable(xw_ctx *c, lxw_worksheet *ws)
{
    if (!ws || !ws->fit_page || ws->fit_height == 1)
        return; /* a scale of its own, or a one-page sheet */
    int last = ws->print_area.in_use ? (int)ws->print_area.last_col : (int)ws->dim_colmax;
    double w = xw_cols_px(cols_chars(ws, 0, last));
    int min = xw_min_scale(c);
    int port = (int)(100 * PAGE_W_PORT / w), land = (int)(100 * PAGE_W_LAND / w);
    if (port >= min) {
        worksheet_set_portrait(ws);
        worksheet_set_print_scale(ws, (uint16_t)(port > 100 ? 100 : port));
        return;
    }
    worksheet_set_print_scale(ws, (uint16_t)(land > 100 ? 100 : land < min ? min : land));
    /* Two pages wide: the labels on each, when the print titles' name (the
     * sheet's name twice, rows and columns) fits libxlsxwriter's 128 bytes. */
    if (land < min && strlen(ws->quoted_name) <= 48)
        xw_note(c, worksheet_repeat_columns(ws, 0, 0));
}
