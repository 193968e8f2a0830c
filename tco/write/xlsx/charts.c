/* charts.c - helpers of the workbook's charts (charts.h): titles and axis
 * names, series and their colours, ranges. */
#include "write/xlsx/charts.h"
#include "util/utf8.h"

#include <stdio.h>
#include <string.h>

/* Series colours (the Office palette), so an option has one colour in every chart here. */
static const unsigned palette[] = {0x4472C4, 0xED7D31, 0xA5A5A5, 0xFFC000, 0x5B9BD5,
                                   0x70AD47, 0x264478, 0x9E480E, 0x636363, 0x997300};
#define PALETTE_N (sizeof palette / sizeof palette[0])

/* See charts.h. */
lxw_chart_font xw_chart_font(const xw_ctx *c, int bold)
{
    lxw_chart_font font;
    memset(&font, 0, sizeof font);
    font.bold = (uint8_t)(bold ? LXW_TRUE : LXW_FALSE);
    if (c->style && c->style->font_name)
        font.name = c->style->font_name;
    if (c->style && c->style->font_size > 0)
        font.size = c->style->font_size;
    return font;
}

/* See charts.h. */
long xw_accent(const xw_ctx *c, size_t k)
{
    if (!c->style || !c->style->n_accents)
        return -1;
    return c->style->accents[k % c->style->n_accents];
}

/* text into buf (size bytes), with a space in front when it starts with '='
 * (libxlsxwriter takes a leading '=' for a reference), cut on a character
 * boundary if it does not fit; NULL is empty. */
static void no_reference(char *buf, size_t size, const char *text)
{
    text = text ? text : "";
    size_t lead = text[0] == '=', n = strlen(text);
    if (lead + n >= size)
        n = tci_utf8_cut(text, size - lead - 1);
    buf[0] = ' ';
    memcpy(buf + lead, text, n);
    buf[lead + n] = '\0';
}

/* See charts.h. */
void xw_chart_title(xw_ctx *c, lxw_chart *ch, const char *text)
{
    char buf[XW_TBUF];
    no_reference(buf, sizeof buf, text);
    chart_title_set_name(ch, buf);
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 1);
        chart_title_set_name_font(ch, &font);
        font = xw_chart_font(c, 0);
        chart_legend_set_font(ch, &font);
    }
}

/* See charts.h. */
void xw_axis_name(xw_ctx *c, lxw_chart_axis *axis, const char *text)
{
    char buf[XW_TBUF];
    no_reference(buf, sizeof buf, text);
    chart_axis_set_name(axis, buf);
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 1), num = xw_chart_font(c, 0);
        chart_axis_set_name_font(axis, &font);
        chart_axis_set_num_font(axis, &num);
    }
}

/* See charts.h. */
void xw_chart_title_money(xw_ctx *c, lxw_chart *ch, const char *key, const char *english)
{
    char t[XW_TBUF];
    xw_labelf(c, t, sizeof t, key, english, "currency", c->currency, NULL);
    xw_chart_title(c, ch, t);
}

/* See charts.h. */
void xw_axis_money(xw_ctx *c, lxw_chart_axis *axis, const char *key, const char *english,
                   xw_numfmt nf)
{
    char t[XW_TBUF];
    xw_labelf(c, t, sizeof t, key, english, "currency", c->currency, NULL);
    xw_axis_name(c, axis, t);
    chart_axis_set_num_format(axis, c->nf[nf]);
}

/* See charts.h. */
void xw_legend_lines(lxw_chart *ch, size_t n)
{
    chart_legend_set_position(ch, n <= 24 ? LXW_CHART_LEGEND_BOTTOM : LXW_CHART_LEGEND_NONE);
}

/* See charts.h. */
void xw_series_solid(lxw_chart_series *se, unsigned colour)
{
    lxw_chart_fill fill;
    memset(&fill, 0, sizeof fill);
    fill.color = colour;
    chart_series_set_fill(se, &fill);
}

/* See charts.h. */
void xw_series_fill(xw_ctx *c, lxw_chart_series *se, size_t k)
{
    long col = xw_accent(c, k);
    if (col >= 0)
        xw_series_solid(se, (unsigned)col);
}

/* See charts.h. */
unsigned xw_colour(const xw_ctx *c, size_t i)
{
    long a = xw_accent(c, i);
    return a >= 0 ? (unsigned)a : palette[i % PALETTE_N];
}

/* See charts.h. */
lxw_chart *xw_new_chart(xw_ctx *c, uint8_t type)
{
    lxw_chart *ch = workbook_add_chart(c->wb, type);
    if (!ch)
        c->nomem = 1;
    return ch;
}

/* See charts.h. */
lxw_chart_series *xw_add_series(xw_ctx *c, lxw_chart *ch, const char *cats, const char *vals)
{
    lxw_chart_series *se = chart_add_series(ch, cats, vals);
    if (!se) {
        c->nomem = 1;
        return NULL;
    }
    /* No cached values in the chart: libxlsxwriter 1.1.4 caches number cells
     * only, so a range of formulas would be cached as zeros (and in
     * constant_memory mode there is no cache at all). Readers draw the chart
     * from the cells, the same in both modes. */
    se->categories->ignore_cache = LXW_TRUE;
    se->values->ignore_cache = LXW_TRUE;
    se->title.range->ignore_cache = LXW_TRUE;
    return se;
}

/* See charts.h. */
void xw_series_line(lxw_chart_series *se, unsigned colour, float width, uint8_t dash_type)
{
    lxw_chart_line line;
    memset(&line, 0, sizeof line);
    line.color = colour;
    line.width = width;
    line.dash_type = dash_type;
    chart_series_set_line(se, &line);
}

/* See charts.h. */
const char *xw_chart_range(char *buf, size_t size, const char *quoted, int r1, int c1, int r2,
                           int c2)
{
    tci_utf8_format(buf, size, "=%s", xw_range(quoted, r1, c1, r2, c2).s);
    return buf;
}

/* See charts.h. */
const char *xw_column_range(char *buf, size_t size, const lxw_worksheet *ws, int first, int last,
                            int col)
{
    return xw_chart_range(buf, size, ws->quoted_name, first, col, last, col);
}

/* See charts.h. */
lxw_chart_series *xw_column_series(xw_ctx *c, lxw_chart *ch, lxw_worksheet *ws, const char *cats,
                                   int first, int last, int col, int head)
{
    char vals[600];
    lxw_chart_series *se =
        xw_add_series(c, ch, cats, xw_column_range(vals, sizeof vals, ws, first, last, col));
    if (se)
        chart_series_set_name_range(se, ws->name, (lxw_row_t)head, (lxw_col_t)col);
    return se;
}

/* ===== Charts by month ===== */

/* See charts.h. */
const char *xw_chart_months(const xw_ctx *c, char *buf, size_t size)
{
    const xw_optsheet *F = &c->os[0];
    return xw_chart_range(buf, size, F->quoted, F->r_month, XW_COL_M0, F->r_month,
                          XW_COL_M0 + c->s->horizon_months);
}

/* See charts.h. */
const char *xw_chart_cumulative(const xw_ctx *c, char *buf, size_t size, size_t i)
{
    const xw_optsheet *L = &c->os[i];
    return xw_chart_range(buf, size, L->quoted, L->r_cum, XW_COL_M0, L->r_cum,
                          XW_COL_M0 + c->s->horizon_months);
}

/* See charts.h. */
void xw_month_axis(xw_ctx *c, lxw_chart *ch)
{
    const int H = c->s->horizon_months;
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.cumulative.x", "Month (0 = acquisition)"));
    chart_axis_set_interval_unit(ch->x_axis, (uint16_t)(H > 60 ? 12 : H > 24 ? 6 : 3));
    chart_axis_set_interval_tick(ch->x_axis, (uint16_t)(H > 60 ? 12 : H > 24 ? 6 : 3));
}
