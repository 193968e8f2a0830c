/* xlsx_analysis.c - the decision sheets: Buy-vs-Rent (the utilization sweep as
 * live formulas, with the break-even utilization marked, and the cumulative cost
 * against the baseline), Sensitivity (tornado tables and charts), Cases and
 * Monte Carlo. The last three hold the engine's results (tco_analysis) as
 * labelled static values: they come from running the model many times, which
 * a spreadsheet cannot do with plain formulas. docs/WORKBOOK.md describes them. */
#include "write/xlsx/xw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FBUF          2048 /* one formula */
#define TBUF          4096 /* one text built from user strings */
#define XW_MAX_SERIES 255  /* series in one chart */
#define TORNADO_MAX   6    /* bought options that get a tornado chart */
#define HIST_MAX      8    /* options drawn in the Monte Carlo histogram */

/* Series colours (the Office palette), so an option has one colour in every chart here. */
static const unsigned palette[] = {0x4472C4, 0xED7D31, 0xA5A5A5, 0xFFC000, 0x5B9BD5,
                                   0x70AD47, 0x264478, 0x9E480E, 0x636363, 0x997300};
#define PALETTE_N (sizeof palette / sizeof palette[0])

/* ===== Shared helpers (see xlsx_internal.h) ===== */

const char *xw_fquote(char *buf, size_t size, const char *text)
{
    size_t o = 0;
    if (size < 3) {
        if (size)
            buf[0] = '\0';
        return buf;
    }
    buf[o++] = '"';
    for (const char *p = text ? text : ""; *p && o + 3 < size; p++) {
        if (*p == '"')
            buf[o++] = '"';
        buf[o++] = *p;
    }
    buf[o++] = '"';
    buf[o] = '\0';
    return buf;
}

void xw_chart_title(xw_ctx *c, lxw_chart *ch, const char *text)
{
    char buf[TBUF];
    snprintf(buf, sizeof buf, "%s%s", text && text[0] == '=' ? " " : "", text ? text : "");
    chart_title_set_name(ch, buf);
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 1);
        chart_title_set_name_font(ch, &font);
        font = xw_chart_font(c, 0);
        chart_legend_set_font(ch, &font);
    }
}

void xw_axis_name(xw_ctx *c, lxw_chart_axis *axis, const char *text)
{
    char buf[TBUF];
    snprintf(buf, sizeof buf, "%s%s", text && text[0] == '=' ? " " : "", text ? text : "");
    chart_axis_set_name(axis, buf);
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 1), num = xw_chart_font(c, 0);
        chart_axis_set_name_font(axis, &font);
        chart_axis_set_num_font(axis, &num);
    }
}

/* Series colour of option i: the template's accent, else the Office palette. */
static unsigned colour(const xw_ctx *c, size_t i)
{
    long a = xw_accent(c, i);
    return a >= 0 ? (unsigned)a : palette[i % PALETTE_N];
}

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

/* Money as people read it in a label, "$28,000" or "28,000 EUR": the currency's
 * symbol or code where the workbook's number formats put it. */
static void money_text(xw_ctx *c, char *buf, size_t size, const char *number)
{
    char nf[160], pfx[64], sfx[64];
    xw_money_format(c, nf, sizeof nf, 0, 0);
    const char *num = strstr(nf, "#,##0");
    if (!num) {
        snprintf(buf, size, "%s %s", number, c->currency ? c->currency : "");
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

/* A copy of user text for a cell: control characters become spaces (the loader
 * has checked the UTF-8). */
static const char *cell_text(char *buf, size_t size, const char *in)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)(in ? in : ""); *p && o + 1 < size; p++)
        buf[o++] = *p < 0x20 || *p == 0x7F ? ' ' : (char)*p;
    /* Do not end inside a UTF-8 sequence when cut. */
    while (o > 0 && ((unsigned char)buf[o - 1] & 0xC0) == 0x80 && in && in[o]) {
        size_t k = o;
        while (k > 0 && ((unsigned char)buf[k - 1] & 0xC0) == 0x80)
            k--;
        o = k > 0 ? k - 1 : 0;
        break;
    }
    buf[o] = '\0';
    return buf;
}

static void section(xw_ctx *c, lxw_worksheet *ws, int row, const char *text)
{
    xw_text(c, ws, row, 0, text, xw_fmt(c, XS_SECTION, XN_NONE));
}

static void header(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text)
{
    xw_text(c, ws, row, col, text, xw_fmt(c, col == 0 ? XS_HEADER : XS_HEADOPT, XN_NONE));
}

/* A heading over text. */
static void header_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text)
{
    xw_text(c, ws, row, col, text, xw_fmt(c, XS_HEADER, XN_NONE));
}

/* Where a sheet's paragraphs wrap: columns A to last_col, `chars` characters wide. */
typedef struct span {
    int last_col;
    double chars;
} span;

/* A paragraph (subtitle or note) wrapped across the span, so that long text neither
 * hides under the next cells nor stretches the printed page. */
static void para(xw_ctx *c, lxw_worksheet *ws, int row, span sp, const char *text, int is_note)
{
    lxw_format *f = workbook_add_format(c->wb);
    if (!f) {
        c->nomem = 1;
        return;
    }
    format_set_italic(f);
    format_set_font_color(f, 0x595959);
    if (c->style && c->style->font_name)
        format_set_font_name(f, c->style->font_name);
    if (is_note)
        format_set_font_size(f, 9);
    format_set_text_wrap(f);
    format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
    double per_line = sp.chars * (is_note ? 1.15 : 0.95);
    int lines = (int)ceil(xw_width(text) / (per_line > 10 ? per_line : 10));
    lines = lines < 1 ? 1 : lines > 8 ? 8 : lines;
    if (sp.last_col > 0)
        xw_note(c, worksheet_merge_range(ws, (lxw_row_t)row, 0, (lxw_row_t)row, (lxw_col_t)sp.last_col,
                                      text && *text ? text : " ", f));
    else
        xw_text(c, ws, row, 0, text, f);
    worksheet_set_row(ws, (lxw_row_t)row, (is_note ? 12.0 : 15.0) * lines + 3, NULL);
}

static void title(xw_ctx *c, lxw_worksheet *ws, span sp, const char *t, const char *sub)
{
    xw_text(c, ws, 0, 0, t, xw_fmt(c, XS_TITLE, XN_NONE));
    para(c, ws, 1, sp, sub, 0);
}

/* A heading row tall enough for `texts` wrapped in columns `width` characters wide. */
static void header_height(lxw_worksheet *ws, int row, const char *const *texts, size_t n,
                          double width)
{
    int lines = 1, w = (int)width - 2 > 4 ? (int)width - 2 : 4;
    for (size_t k = 0; k < n; k++) {
        int l = (xw_width(texts[k]) + w - 1) / w;
        lines = l > lines ? l : lines;
    }
    lines = lines > 5 ? 5 : lines;
    worksheet_set_row(ws, (lxw_row_t)row, 15.0 * lines + 2, NULL);
}

/* Width in pixels of columns `chars` characters wide in all, as the Summary counts them. */
static double cols_px(double chars)
{
    return chars * 9.5 + 20;
}

/* Printing: scaled to fit `width_px` on a landscape A4 page wide, with page breaks
 * placed before blocks that would not fit on the page (a chart cut in two helps no
 * one). Fitting to the page width would drop the breaks, so a scale is used. */
#define XW_MAX_BREAKS 1000
typedef struct pager {
    int scale;         /* percent */
    int rows_per_page; /* 20-pixel rows at that scale */
    int page_start;
    int last_col; /* print area's last column, or -1 for the used range */
    int n;
    lxw_row_t breaks[XW_MAX_BREAKS + 1];
} pager;

static void pager_init(pager *p, double width_px)
{
    int scale = (int)(100 * 960 / (width_px > 1 ? width_px : 1));
    p->scale = scale > 100 ? 100 : scale < 10 ? 10 : scale;
    /* A4 landscape less margins, header and footer: about 600 pixels of rows at 100%. */
    p->rows_per_page = (int)(600.0 * 100 / p->scale / 20 * 0.92);
    p->page_start = 0;
    p->last_col = -1;
    p->n = 0;
}

static void pager_break(pager *p, int row)
{
    if (p->n < XW_MAX_BREAKS)
        p->breaks[p->n++] = (lxw_row_t)row;
    p->page_start = row;
}

/* A block of `rows` rows starts at `start`: break before it when it would not fit,
 * and inside it when it is longer than a page. */
static void pager_block(pager *p, int start, int rows)
{
    if (start > p->page_start && start - p->page_start + rows > p->rows_per_page)
        pager_break(p, start);
    while (start + rows - p->page_start > p->rows_per_page)
        pager_break(p, p->page_start + p->rows_per_page);
}

static void pager_apply(xw_ctx *c, lxw_worksheet *ws, pager *p, int last_row)
{
    xw_print_setup(c, ws, -1, -1, 0);
    /* Charts reach past the last column with cells: print them whole. */
    if (p->last_col >= 0)
        xw_note(c, worksheet_print_area(ws, 0, 0, (lxw_row_t)last_row, (lxw_col_t)p->last_col));
    worksheet_set_print_scale(ws, (uint16_t)p->scale);
    if (p->n > 0) {
        p->breaks[p->n] = 0;
        xw_note(c, worksheet_set_h_pagebreaks(ws, p->breaks));
    }
}

/* A static value of the engine's (fixed style), "n/a" when unknown. */
static void engine_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, xw_numfmt nf)
{
    xw_num(c, ws, row, col, v, xw_fmt(c, XS_FIXED, nf));
}

static const char *dash(void)
{
    return "\xE2\x80\x93";
}

static lxw_chart *new_chart(xw_ctx *c, uint8_t type)
{
    lxw_chart *ch = workbook_add_chart(c->wb, type);
    if (!ch)
        c->nomem = 1;
    return ch;
}

static lxw_chart_series *add_series(xw_ctx *c, lxw_chart *ch, const char *cats, const char *vals)
{
    lxw_chart_series *se = chart_add_series(ch, cats, vals);
    if (!se)
        c->nomem = 1;
    return se;
}

static void series_colour(lxw_chart_series *se, unsigned colour, float width, uint8_t dash_type)
{
    lxw_chart_line line;
    memset(&line, 0, sizeof line);
    line.color = colour;
    line.width = width;
    line.dash_type = dash_type;
    chart_series_set_line(se, &line);
}

/* "=Sheet!$A$1:$A$9" for chart ranges. */
static const char *crange(xw_ctx *c, char *buf, size_t size, const char *quoted, int r1, int c1,
                          int r2, int c2)
{
    snprintf(buf, size, "=%s", xw_range(c, quoted, r1, c1, r2, c2));
    return buf;
}

/* ===== The sheets and their names ===== */

static const tco_analysis *analysis(const xw_ctx *c)
{
    return c->r ? c->r->analysis : NULL;
}

/* See xlsx_internal.h. The sheets are named in xlsx.c, from the labels
 * "sheet.workload", "sheet.buy_vs_rent", ... (valid and unique). */
int xw_analysis_wanted(const xw_ctx *c, int kind)
{
    const tco_analysis *A = analysis(c);
    switch (kind) {
    case TCI_SHEET_WORKLOAD:
        return c->s->model_params > 0;
    case TCI_SHEET_BUY_VS_RENT:
        return 1;
    case TCI_SHEET_SENSITIVITY:
        return A && A->n_drivers > 0 && A->sens;
    case TCI_SHEET_CASES:
        return A && A->n_cases > 0 && A->cases;
    case TCI_SHEET_MONTE_CARLO:
        return A && A->mc_samples > 0 && A->mc && A->mc_edges && A->mc_bins > 0;
    default:
        return 0;
    }
}

/* See xlsx_internal.h. */
int xw_contents_analysis(xw_ctx *c, int kind, int row)
{
    struct {
        int kind;
        lxw_worksheet *ws;
        const char *key, *english;
    } lines[] = {
        {TCI_SHEET_WORKLOAD, c->workload, XW_KEY("contents.workload"),
         "Whether the model fits each option's GPU memory, and what a training run or a "
         "thousand requests cost (live)"},
        {TCI_SHEET_BUY_VS_RENT, c->buyrent, XW_KEY("contents.buy_vs_rent"),
         "Total and cost per GPU-hour from 5% to 100% utilization (live), the break-even "
         "utilization, and the cumulative cost against the baseline"},
        {TCI_SHEET_SENSITIVITY, c->sensitivity, XW_KEY("contents.sensitivity"),
         "Which inputs move each option's total most: tables and tornado charts (computed by tco)"},
        {TCI_SHEET_CASES, c->cases, XW_KEY("contents.cases"),
         "The scenario's cases side by side (computed by tco)"},
        {TCI_SHEET_MONTE_CARLO, c->montecarlo, XW_KEY("contents.monte_carlo"),
         "How sure the ranking is: percentiles, chances and a histogram (computed by tco)"},
    };
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        lxw_worksheet *ws = lines[k].ws;
        if (!ws || lines[k].kind != kind)
            continue;
        char url[400];
        snprintf(url, sizeof url, "internal:%s!A1", ws->quoted_name);
        xw_note(c, worksheet_write_url_opt(c->about, (lxw_row_t)row, 0, url,
                                        xw_fmt(c, XS_LINK, XN_NONE), ws->name, NULL));
        xw_text(c, c->about, row++, 1, xw_label(c, lines[k].key, lines[k].english),
                xw_fmt(c, XS_WRAP, XN_NONE));
    }
    return row;
}

/* ===== Buy-vs-Rent ===== */

/* Options drawn in a chart: all, or the `max` lowest totals in input order. */
static size_t chart_options(const xw_ctx *c, size_t max, size_t *out)
{
    size_t n = c->s->n_options, k = 0;
    if (n <= max) {
        for (size_t i = 0; i < n; i++)
            out[k++] = i;
        return k;
    }
    unsigned char *keep = calloc(n, 1);
    if (!keep)
        return 0;
    for (size_t j = 0; j < max; j++)
        keep[c->r->rank[j]] = 1;
    for (size_t i = 0; i < n; i++)
        if (keep[i])
            out[k++] = i;
    free(keep);
    return k;
}

/* See xlsx_internal.h. */
void xw_write_buy_vs_rent(xw_ctx *c)
{
    lxw_worksheet *ws = c->buyrent;
    if (!ws || c->err || c->nomem)
        return;
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    const tco_analysis *A = analysis(c);
    const size_t n = s->n_options;
    const int b = r->baseline, H = s->horizon_months;
    const int npts = A && A->n_sweep > 0 && A->sweep_u && A->sweep_total ? (int)A->n_sweep : 20;
    char f[FBUF], t[TBUF], cats[600], vals[600];
    const char *q = ws->quoted_name;
    lxw_format *money = xw_fmt(c, XS_CALC, XN_MONEY), *money2 = xw_fmt(c, XS_CALC, XN_MONEY2),
               *pct = xw_fmt(c, XS_CALC, XN_PCT);

    worksheet_set_column(ws, 0, 0, 40, NULL);
    worksheet_set_tab_color(ws, 0x70AD47);
    /* Two charts side by side, 540 pixels each: columns of 17 characters are 124
     * pixels and the first (40) 285, so they reach column H. */
    const int chart_w = 540, last_col = n > 7 ? (int)n : 7;
    worksheet_set_column(ws, 1, (lxw_col_t)last_col, 17, NULL);
    pager pg;
    pager_init(&pg, cols_px(40 + 17.0 * last_col));
    pg.last_col = last_col;
    xw_labelf(c, t, sizeof t, "buy_vs_rent.subtitle",
              "What each option would cost over {months} months if its GPUs worked the share of "
              "hours in the first column, the same share for every option (as break-even "
              "utilization assumes). Live formulas: total = total at 0% utilization + cost of "
              "one unit of utilization x utilization, both from the option's cash-flow sheet.",
              "months", xw_int(c, H), NULL);
    span sp = {last_col, 40 + 17.0 * last_col};
    title(c, ws, sp, xw_label(c, "buy_vs_rent.title", "Buy or rent: cost against utilization"), t);

    int row = 3;
    /* ----- Break-even utilization of each bought option ----- */
    int nbe = 0, be_first = -1;
    for (size_t i = 0; i < n; i++)
        nbe += c->os[i].has_base;
    if (nbe > 0) {
        xw_labelf(c, t, sizeof t, "buy_vs_rent.breakeven",
                  "Break-even utilization against the baseline: {label}", "label", c->label[b],
                  NULL);
        section(c, ws, row++, t);
        int hr = row++;
        header(c, ws, hr, 0, xw_label(c, "buy_vs_rent.option", "Bought option"));
        header(c, ws, hr, 1, xw_label(c, "buy_vs_rent.beu", "Break-even utilization"));
        header(c, ws, hr, 2, xw_label(c, "buy_vs_rent.be_total", "Total at break-even"));
        header(c, ws, hr, 3, xw_label(c, "buy_vs_rent.marker_u", "Chart marker: utilization"));
        header(c, ws, hr, 4, xw_label(c, "buy_vs_rent.marker_total", "Chart marker: total"));
        worksheet_set_row(ws, (lxw_row_t)hr, 32, NULL);
        be_first = row;
        for (size_t i = 0; i < n; i++) {
            const xw_optsheet *L = &c->os[i];
            if (!L->has_base)
                continue;
            double u = r->options[i].breakeven_utilization;
            int ok = isfinite(u);
            double tot = ok ? L->total0 + L->slope * u : NAN;
            xw_text(c, ws, row, 0, c->label[i], NULL);
            const char *x = xw_ref(c, L->quoted, L->k_beu, XW_COL_VAL, 1, 1);
            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),IF(AND(%s>=0,%s<=1),%s,\"none\"),\"none\")", x,
                 x, x, x);
            if (ok)
                xw_fnum(c, ws, row, 1, f, u, pct);
            else
                xw_fstr(c, ws, row, 1, f, "none", pct);
            char bu[64], t0[300], sl[300];
            snprintf(bu, sizeof bu, "%s", xw_ref(c, NULL, row, 1, 0, 0));
            snprintf(t0, sizeof t0, "%s", xw_ref(c, L->quoted, L->k_total0, XW_COL_VAL, 1, 1));
            snprintf(sl, sizeof sl, "%s", xw_ref(c, L->quoted, L->k_slope, XW_COL_VAL, 1, 1));
            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),%s+%s*%s,\"none\")", bu, t0, sl, bu);
            if (ok)
                xw_fnum(c, ws, row, 2, f, tot, money);
            else
                xw_fstr(c, ws, row, 2, f, "none", money);
            /* #N/A is what charts skip: no marker without a break-even. */
            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),%s,NA())", bu, bu);
            if (ok)
                xw_fnum(c, ws, row, 3, f, u, pct);
            else
                xw_fstr(c, ws, row, 3, f, "#N/A", pct);
            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),%s,NA())", bu, xw_ref(c, NULL, row, 2, 0, 0));
            if (ok)
                xw_fnum(c, ws, row, 4, f, tot, money);
            else
                xw_fstr(c, ws, row, 4, f, "#N/A", money);
            row++;
        }
        para(c, ws, row++, sp,
             xw_label(c, "buy_vs_rent.be_note",
                      "none: the two totals do not meet between 0% and 100% utilization. The "
                      "marker columns hold #N/A then, which charts skip."),
             1);
    } else {
        para(c, ws, row++, sp,
             xw_label(c, "buy_vs_rent.no_baseline",
                      "No break-even: the scenario has no bought option to compare with a rent "
                      "baseline."),
             1);
    }
    row++;
    int chart_top = row;
    row += 23;
    pager_block(&pg, 0, row);

    /* ----- The sweep: total and cost per GPU-hour at each utilization ----- */
    xw_labelf(c, t, sizeof t, "buy_vs_rent.totals",
              "Total cost of ownership at each utilization ({currency})", "currency", c->currency,
              NULL);
    pager_block(&pg, row, npts + 3);
    section(c, ws, row++, t);
    int ht = row++;
    header(c, ws, ht, 0, xw_label(c, "buy_vs_rent.utilization", "Utilization"));
    for (size_t i = 0; i < n; i++)
        header(c, ws, ht, 1 + (int)i, c->label[i]);
    header_height(ws, ht, (const char *const *)c->label, n, 17);
    int tfirst = row;
    for (int k = 0; k < npts; k++, row++) {
        double u = A && A->sweep_u ? A->sweep_u[k] : (k + 1) / (double)npts;
        xw_num(c, ws, row, 0, u, xw_fmt(c, XS_FIXED, XN_PCT));
        for (size_t i = 0; i < n; i++) {
            const xw_optsheet *L = &c->os[i];
            double v = A && A->sweep_total ? A->sweep_total[i * (size_t)npts + (size_t)k]
                                           : L->total0 + L->slope * u;
            char t0[300];
            snprintf(t0, sizeof t0, "%s", xw_ref(c, L->quoted, L->k_total0, XW_COL_VAL, 1, 1));
            xw_fnum(c, ws, row, 1 + (int)i,
                    xw_f(c, f, sizeof f, "=%s+%s*%s", t0,
                         xw_ref(c, L->quoted, L->k_slope, XW_COL_VAL, 1, 1),
                         xw_ref(c, NULL, row, 0, 0, 1)),
                    v, money);
        }
    }
    int tlast = row - 1;
    row++;
    xw_labelf(c, t, sizeof t, "buy_vs_rent.cpgh",
              "Cost per GPU-hour used at each utilization ({currency} per GPU-hour)", "currency",
              c->currency, NULL);
    pager_block(&pg, row, npts + 3);
    section(c, ws, row++, t);
    int hc = row++;
    header(c, ws, hc, 0, xw_label(c, "buy_vs_rent.utilization", "Utilization"));
    for (size_t i = 0; i < n; i++)
        header(c, ws, hc, 1 + (int)i, c->label[i]);
    header_height(ws, hc, (const char *const *)c->label, n, 17);
    for (int k = 0; k < npts; k++, row++) {
        double u = A && A->sweep_u ? A->sweep_u[k] : (k + 1) / (double)npts;
        xw_num(c, ws, row, 0, u, xw_fmt(c, XS_FIXED, XN_PCT));
        for (size_t i = 0; i < n; i++) {
            const tco_option *o = &s->options[i];
            const xw_optsheet *L = &c->os[i];
            double tot = A && A->sweep_total ? A->sweep_total[i * (size_t)npts + (size_t)k]
                                             : L->total0 + L->slope * u;
            double v = A && A->sweep_cost_per_gpu_hour
                           ? A->sweep_cost_per_gpu_hour[i * (size_t)npts + (size_t)k]
                           : tot / (o->count * s->hours_per_month * H * u);
            char cnt[300], uu[64];
            snprintf(cnt, sizeof cnt, "%s", xw_in(c, i, TCO_O_COUNT_GPUS));
            snprintf(uu, sizeof uu, "%s", xw_ref(c, NULL, row, 0, 0, 1));
            xw_fnum(c, ws, row, 1 + (int)i,
                    xw_f(c, f, sizeof f, "=IF(%s=0,\"n/a\",%s/(%s*HoursPerMonth*HorizonMonths*%s))",
                         uu, xw_ref(c, NULL, tfirst + k, 1 + (int)i, 0, 0), cnt, uu),
                    v, money2);
        }
    }
    worksheet_freeze_panes(ws, 0, 1);

    /* ----- Chart 1: total against utilization, break-even marked ----- */
    lxw_chart_options co;
    memset(&co, 0, sizeof co);
    co.x_scale = chart_w / 480.0;
    co.y_scale = 420.0 / 288;
    co.y_offset = 4;
    size_t *shown = malloc((n ? n : 1) * sizeof *shown);
    if (!shown) {
        c->nomem = 1;
        return;
    }
    size_t ns = chart_options(c, 200, shown);
    lxw_chart *ch = new_chart(c, LXW_CHART_SCATTER_STRAIGHT);
    int16_t hide[256];
    int nhide = 0, nser = 0;
    if (ch) {
        crange(c, cats, sizeof cats, q, tfirst, 0, tlast, 0);
        for (size_t k = 0; k < ns && !c->nomem; k++) {
            size_t i = shown[k];
            lxw_chart_series *se =
                add_series(c, ch, cats,
                           crange(c, vals, sizeof vals, q, tfirst, 1 + (int)i, tlast, 1 + (int)i));
            if (!se)
                break;
            chart_series_set_name_range(se, ws->name, (lxw_row_t)ht, (lxw_col_t)(1 + i));
            series_colour(se, colour(c, i), ns <= 10 ? 2.25f : 1.0f,
                          (int)i == b ? LXW_CHART_LINE_DASH_DASH : LXW_CHART_LINE_DASH_SOLID);
            nser++;
        }
        int brow = be_first;
        for (size_t i = 0; i < n && !c->nomem && nbe > 0; i++) {
            if (!c->os[i].has_base)
                continue;
            int this_row = brow++;
            if (!isfinite(r->options[i].breakeven_utilization) || nhide >= 50)
                continue;
            char x[200];
            crange(c, x, sizeof x, q, this_row, 3, this_row, 3);
            lxw_chart_series *se =
                add_series(c, ch, x, crange(c, vals, sizeof vals, q, this_row, 4, this_row, 4));
            if (!se)
                break;
            chart_series_set_name_range(se, ws->name, (lxw_row_t)this_row, 0);
            lxw_chart_line none;
            memset(&none, 0, sizeof none);
            none.none = LXW_TRUE;
            chart_series_set_line(se, &none);
            chart_series_set_marker_type(se, LXW_CHART_MARKER_DIAMOND);
            chart_series_set_marker_size(se, 11);
            lxw_chart_fill fill;
            memset(&fill, 0, sizeof fill);
            fill.color = colour(c, i);
            chart_series_set_marker_fill(se, &fill);
            lxw_chart_line border;
            memset(&border, 0, sizeof border);
            border.color = 0x000000;
            border.width = 1.25f;
            chart_series_set_marker_line(se, &border);
            hide[nhide++] = (int16_t)nser++;
        }
        hide[nhide] = -1;
        if (nhide > 0)
            xw_note(c, chart_legend_delete_series(ch, hide));
        if (nbe > 0)
            xw_labelf(c, t, sizeof t, "chart.sweep.title_markers",
                      "Total cost against utilization ({currency}; diamonds: break-even with the "
                      "baseline)",
                      "currency", c->currency, NULL);
        else
            xw_labelf(c, t, sizeof t, "chart.sweep.title",
                      "Total cost against utilization ({currency})", "currency", c->currency, NULL);
        xw_chart_title(c, ch, t);
        xw_axis_name(c, ch->x_axis,
                     xw_label(c, "chart.sweep.x", "Utilization (share of hours used)"));
        chart_axis_set_num_format(ch->x_axis, "0%");
        chart_axis_set_min(ch->x_axis, 0);
        chart_axis_set_max(ch->x_axis, 1);
        chart_axis_set_major_unit(ch->x_axis, 0.1);
        xw_labelf(c, t, sizeof t, "chart.sweep.y", "Total cost of ownership ({currency})",
                  "currency", c->currency, NULL);
        xw_axis_name(c, ch->y_axis, t);
        chart_axis_set_num_format(ch->y_axis, c->nf[XN_MONEY]);
        chart_legend_set_position(ch, ns <= 24 ? LXW_CHART_LEGEND_BOTTOM : LXW_CHART_LEGEND_NONE);
        xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)chart_top, 0, ch, &co));
    }

    /* ----- Chart 2: cumulative cost of each bought option against the baseline ----- */
    ch = c->nomem ? NULL : new_chart(c, LXW_CHART_LINE);
    if (ch) {
        const xw_optsheet *F = &c->os[0];
        crange(c, cats, sizeof cats, F->quoted, F->r_month, XW_COL_M0, F->r_month, XW_COL_M0 + H);
        size_t drawn = 0;
        for (size_t k = 0; k < ns && !c->nomem; k++) {
            size_t i = shown[k];
            if (nbe > 0 && (int)i != b && !c->os[i].has_base)
                continue;
            const xw_optsheet *L = &c->os[i];
            lxw_chart_series *se = add_series(c, ch, cats,
                                              crange(c, vals, sizeof vals, L->quoted, L->r_cum,
                                                     XW_COL_M0, L->r_cum, XW_COL_M0 + H));
            if (!se)
                break;
            chart_series_set_name_range(se, ws->name, (lxw_row_t)ht, (lxw_col_t)(1 + i));
            series_colour(se, colour(c, i), ns <= 10 ? 2.25f : 1.0f,
                          (int)i == b ? LXW_CHART_LINE_DASH_DASH : LXW_CHART_LINE_DASH_SOLID);
            drawn++;
        }
        if (nbe > 0)
            xw_labelf(c, t, sizeof t, "chart.cumulative_vs_base.title",
                      "Cumulative cost, bought options against the baseline ({currency}; "
                      "baseline dashed)",
                      "currency", c->currency, NULL);
        else
            xw_labelf(c, t, sizeof t, "chart.cumulative_all.title",
                      "Cumulative cost by month ({currency})", "currency", c->currency, NULL);
        xw_chart_title(c, ch, t);
        xw_axis_name(c, ch->x_axis, xw_label(c, "chart.cumulative.x", "Month (0 = acquisition)"));
        chart_axis_set_interval_unit(ch->x_axis, (uint16_t)(H > 60 ? 12 : H > 24 ? 6 : 3));
        chart_axis_set_interval_tick(ch->x_axis, (uint16_t)(H > 60 ? 12 : H > 24 ? 6 : 3));
        xw_labelf(c, t, sizeof t, "chart.cumulative_vs_base.y",
                  "Cumulative cost, before residual ({currency})", "currency", c->currency, NULL);
        xw_axis_name(c, ch->y_axis, t);
        chart_axis_set_num_format(ch->y_axis, c->nf[XN_MONEY]);
        chart_legend_set_position(ch,
                                  drawn <= 24 ? LXW_CHART_LEGEND_BOTTOM : LXW_CHART_LEGEND_NONE);
        co.x_offset = chart_w + 15;
        xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)chart_top, 0, ch, &co));
    }
    free(shown);
    pager_apply(c, ws, &pg, row);
}

/* ===== Sensitivity ===== */

/* Columns of a sensitivity table. */
enum {
    SE_DRIVER,
    SE_IN_LO,
    SE_IN_HI,
    SE_TOT_LO,
    SE_TOT_HI,
    SE_NPV_LO,
    SE_NPV_HI,
    SE_DIFF_LO,
    SE_DIFF_HI,
    SE_SWING,
    SE_CH_LO,
    SE_CH_HI,
    SE_LABEL,
    SE_N
};

/* How a driver's input is measured, for its number format and chart label. */
static tco_kunit driver_unit(const tco_scenario *s, const char *name)
{
    static const struct {
        const char *name;
        tco_kunit unit;
    } std[] = {{"gpu_price", TCO_U_MONEY},
               {"electricity_price", TCO_U_MONEY},
               {"pue", TCO_U_RATIO},
               {"utilization", TCO_U_FRACTION},
               {"resale_fraction", TCO_U_FRACTION},
               {"price_per_gpu_hour", TCO_U_MONEY},
               {"price_decline", TCO_U_FRACTION},
               {"discount_rate", TCO_U_FRACTION},
               {"maintenance_rate", TCO_U_FRACTION}};
    for (size_t k = 0; k < sizeof std / sizeof std[0]; k++)
        if (strcmp(std[k].name, name) == 0)
            return std[k].unit;
    for (size_t k = 0; k < s->n_ranges; k++) {
        const tco_range *rg = &s->ranges[k];
        if (rg->name && strcmp(rg->name, name) == 0)
            return rg->param.option < 0 ? tco_scenario_key((tco_skey)rg->param.key)->unit
                                        : tco_option_key((tco_okey)rg->param.key)->unit;
    }
    return TCO_U_NONE;
}

static xw_numfmt unit_format(tco_kunit u)
{
    return u == TCO_U_MONEY ? XN_MONEY_IN : u == TCO_U_FRACTION ? XN_PCT : XN_GENERAL;
}

/* 1234567 -> "1,234,567" (v >= 0, whole). */
static void grouped(char *buf, size_t size, double v)
{
    char raw[64];
    snprintf(raw, sizeof raw, "%.0f", fabs(v));
    size_t n = strlen(raw), o = 0;
    if (v < 0 && o + 1 < size)
        buf[o++] = '-';
    for (size_t k = 0; k < n && o + 2 < size; k++) {
        if (k > 0 && (n - k) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = raw[k];
    }
    buf[o] = '\0';
}

/* An input value for people: "$28,000", "$0.0661", "56%", "1.26". */
static void value_text(xw_ctx *c, char *buf, size_t size, tco_kunit u, double v)
{
    char num[64];
    if (!isfinite(v)) {
        snprintf(buf, size, "n/a");
        return;
    }
    if (u == TCO_U_FRACTION) {
        snprintf(buf, size, "%.3g%%", v * 100);
        return;
    }
    if (fabs(v) >= 1000)
        grouped(num, sizeof num, v);
    else
        snprintf(num, sizeof num, "%.3g", v);
    if (u == TCO_U_MONEY) {
        money_text(c, buf, size, num);
    } else {
        snprintf(buf, size, "%s", num);
    }
}

/* The entry of driver `name` for option j, or NULL. */
static const tco_sens_entry *find_entry(const tco_analysis *A, size_t j, const char *name)
{
    for (size_t d = 0; d < A->n_drivers; d++)
        if (strcmp(A->sens[j * A->n_drivers + d].driver, name) == 0)
            return &A->sens[j * A->n_drivers + d];
    return NULL;
}

/* See xlsx_internal.h. */
void xw_write_sensitivity(xw_ctx *c)
{
    lxw_worksheet *ws = c->sensitivity;
    const tco_analysis *A = analysis(c);
    if (!ws || !A || c->err || c->nomem)
        return;
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    const size_t n = s->n_options, nd = A->n_drivers;
    const int b = r->baseline;
    char t[TBUF], f[FBUF], cats[600], vals[600], lo[96], hi[96];
    const char *q = ws->quoted_name;

    static const double widths[SE_N] = {34, 12, 12, 13, 13, 13, 13, 14, 14, 13, 13, 13, 38};
    double total_w = 0;
    for (int k = 0; k < SE_N; k++) {
        worksheet_set_column(ws, (lxw_col_t)k, (lxw_col_t)k, widths[k], NULL);
        total_w += widths[k];
    }
    pager pg;
    pager_init(&pg, fmax(cols_px(total_w), 920));
    worksheet_set_tab_color(ws, 0xED7D31);

    /* Which options get a tornado: the first bought ones, and the cheapest. */
    unsigned char *tornado = calloc(n, 1);
    if (!tornado) {
        c->nomem = 1;
        return;
    }
    int nt = 0, nbuy = 0;
    for (size_t i = 0; i < n; i++)
        nbuy += s->options[i].acquire == TCO_BUY;
    for (size_t i = 0; i < n && nt < TORNADO_MAX; i++)
        if (s->options[i].acquire == TCO_BUY || nbuy == 0)
            tornado[i] = 1, nt++;
    size_t cheapest = r->rank[0];
    tornado[cheapest] = 1;

    char sw[32];
    snprintf(sw, sizeof sw, "%g", s->swing * 100);
    xw_labelf(c, t, sizeof t, "sensitivity.subtitle",
              "Each driver is moved to its low and then its high value, one at a time, everything "
              "else held (MODEL.md, Sensitivity): the value x (1 - {swing}%) and x (1 + {swing}%) "
              "unless [sensitivity] gives a range. Computed by tco for this scenario (static "
              "values): write the workbook again after changing inputs.",
              "swing", sw, NULL);
    span sp = {SE_N - 1, total_w};
    title(c, ws, sp, xw_label(c, "sensitivity.title", "Sensitivity: which inputs move the answer"),
          t);
    int row = 2;
    if (b >= 0) {
        xw_labelf(c, t, sizeof t, "sensitivity.baseline_note",
                  "Bought options are measured against the baseline, {label}: their swing is the "
                  "change in their total minus the baseline's, which is what decides buying "
                  "against renting. Other options: the change in their own total. discount_rate "
                  "moves the NPV only, so its swing is zero.",
                  "label", c->label[b], NULL);
    } else {
        snprintf(t, sizeof t, "%s",
                 xw_label(c, "sensitivity.own_note",
                          "Each option's swing is the change in its own total. discount_rate "
                          "moves the NPV only, so its swing is zero."));
    }
    para(c, ws, row++, sp, t, 1);
    xw_labelf(c, t, sizeof t, "sensitivity.charts_note",
              "Tornado charts are drawn for the first {n} bought options and for the cheapest "
              "option ({id}), largest swing on top; every option's table is here. Drivers an "
              "option does not have (n/a) leave it unchanged.",
              "n", xw_int(c, TORNADO_MAX), "id", c->id[cheapest], NULL);
    para(c, ws, row++, sp, t, 1);
    row++;

    const char *heads[SE_N] = {
        xw_label(c, "sensitivity.driver", "Driver"),
        xw_label(c, "sensitivity.input_low", "Input, low end"),
        xw_label(c, "sensitivity.input_high", "Input, high end"),
        xw_label(c, "sensitivity.total_low", "Total, low end"),
        xw_label(c, "sensitivity.total_high", "Total, high end"),
        xw_label(c, "sensitivity.npv_low", "NPV, low end"),
        xw_label(c, "sensitivity.npv_high", "NPV, high end"),
        xw_label(c, "sensitivity.diff_low", "Total less the baseline's, low end"),
        xw_label(c, "sensitivity.diff_high", "Total less the baseline's, high end"),
        xw_label(c, "sensitivity.swing", "Swing"),
        xw_label(c, "sensitivity.change_low", "Change at the low end"),
        xw_label(c, "sensitivity.change_high", "Change at the high end"),
        xw_label(c, "sensitivity.chart_label_head", "Chart label: driver (low / high input)"),
    };
    lxw_format *fx_money = xw_fmt(c, XS_FIXED, XN_MONEY),
               *calc_money = xw_fmt(c, XS_CALC, XN_MONEY);
    lxw_chart_options co;
    memset(&co, 0, sizeof co);
    co.x_scale = 900.0 / 480;
    co.y_offset = 6;

    for (size_t i = 0; i < n && !c->err && !c->nomem; i++) {
        const tco_option_result *res = &r->options[i];
        const int vs_base = c->os[i].has_base;
        const tco_sens_entry *E = &A->sens[i * nd];
        int moving = 0;
        for (size_t d = 0; d < nd; d++)
            moving += E[d].swing > 0;
        int chart_h = tornado[i] && moving > 0 ? 110 + 34 * moving : 0;
        pager_block(&pg, row, 4 + (int)nd + (chart_h ? 2 + (chart_h + 19) / 20 : 0));
        if (vs_base)
            xw_labelf(c, t, sizeof t, "sensitivity.block_vs_base",
                      "{label} ({id}): against the baseline", "label", c->label[i], "id", c->id[i],
                      NULL);
        else
            xw_labelf(c, t, sizeof t, "sensitivity.block", "{label} ({id})", "label", c->label[i],
                      "id", c->id[i], NULL);
        section(c, ws, row++, t);
        int hr = row++;
        for (int k = 0; k < SE_N; k++)
            header(c, ws, hr, k, heads[k]);
        int lines = 1;
        for (int k = 0; k < SE_N; k++) {
            int w = (int)widths[k] - 2, l = (xw_width(heads[k]) + w - 1) / w;
            lines = l > lines ? l : lines;
        }
        worksheet_set_row(ws, (lxw_row_t)hr, 15.0 * (lines > 5 ? 5 : lines) + 2, NULL);

        /* The base: the inputs as written. */
        int base = row++;
        double base_total = res->total,
               base_diff = vs_base ? res->total - r->options[b].total : NAN;
        xw_text(c, ws, base, SE_DRIVER, xw_label(c, "sensitivity.base", "Base (inputs as written)"),
                xw_fmt(c, XS_TOTAL, XN_NONE));
        engine_num(c, ws, base, SE_TOT_LO, base_total, XN_MONEY);
        engine_num(c, ws, base, SE_NPV_LO, res->npv, XN_MONEY);
        if (vs_base)
            engine_num(c, ws, base, SE_DIFF_LO, base_diff, XN_MONEY);
        else
            xw_text(c, ws, base, SE_DIFF_LO, dash(), xw_fmt(c, XS_FIXED, XN_GENERAL));
        const int measure = vs_base ? SE_DIFF_LO : SE_TOT_LO;
        double base_v = vs_base ? base_diff : base_total;

        int first = row;
        for (size_t d = 0; d < nd; d++, row++) {
            const tco_sens_entry *e = &E[d];
            tco_kunit unit = driver_unit(s, e->driver);
            double in_lo = e->input_low, in_hi = e->input_high;
            int from_base = 0;
            if (!isfinite(in_lo) && vs_base) {
                /* A driver of the baseline only (its rent price): show the baseline's input. */
                const tco_sens_entry *eb = find_entry(A, (size_t)b, e->driver);
                if (eb && isfinite(eb->input_low)) {
                    in_lo = eb->input_low, in_hi = eb->input_high;
                    from_base = 1;
                }
            }
            if (from_base)
                xw_labelf(c, t, sizeof t, "sensitivity.of_baseline", "{driver} (the baseline's)",
                          "driver", e->driver, NULL);
            else
                snprintf(t, sizeof t, "%s", e->driver);
            xw_text(c, ws, row, SE_DRIVER, t, NULL);
            lxw_format *inf = xw_fmt(c, XS_FIXED, unit_format(unit));
            if (isfinite(in_lo)) {
                xw_num(c, ws, row, SE_IN_LO, in_lo, inf);
                xw_num(c, ws, row, SE_IN_HI, in_hi, inf);
            } else {
                xw_text(c, ws, row, SE_IN_LO, "n/a", inf);
                xw_text(c, ws, row, SE_IN_HI, "n/a", inf);
            }
            xw_num(c, ws, row, SE_TOT_LO, e->total_low, fx_money);
            xw_num(c, ws, row, SE_TOT_HI, e->total_high, fx_money);
            xw_num(c, ws, row, SE_NPV_LO, e->npv_low, fx_money);
            xw_num(c, ws, row, SE_NPV_HI, e->npv_high, fx_money);
            if (vs_base) {
                xw_num(c, ws, row, SE_DIFF_LO, e->diff_low, fx_money);
                xw_num(c, ws, row, SE_DIFF_HI, e->diff_high, fx_money);
            } else {
                xw_text(c, ws, row, SE_DIFF_LO, dash(), xw_fmt(c, XS_FIXED, XN_GENERAL));
                xw_text(c, ws, row, SE_DIFF_HI, dash(), xw_fmt(c, XS_FIXED, XN_GENERAL));
            }
            xw_num(c, ws, row, SE_SWING, e->swing, xw_fmt(c, XS_FIXED, XN_MONEY));
            double vlo = vs_base ? e->diff_low : e->total_low,
                   vhi = vs_base ? e->diff_high : e->total_high;
            char bref[64];
            snprintf(bref, sizeof bref, "%s", xw_ref(c, NULL, base, measure, 1, 1));
            xw_fnum(c, ws, row, SE_CH_LO,
                    xw_f(c, f, sizeof f, "=%s-%s", xw_ref(c, NULL, row, measure, 0, 0), bref),
                    vlo - base_v, calc_money);
            xw_fnum(c, ws, row, SE_CH_HI,
                    xw_f(c, f, sizeof f, "=%s-%s", xw_ref(c, NULL, row, measure + 1, 0, 0), bref),
                    vhi - base_v, calc_money);
            value_text(c, lo, sizeof lo, unit, in_lo);
            value_text(c, hi, sizeof hi, unit, in_hi);
            if (isfinite(in_lo) && from_base)
                xw_labelf(c, t, sizeof t, "sensitivity.chart_label_baseline",
                          "{driver}, baseline ({low} / {high})", "driver", e->driver, "low", lo,
                          "high", hi, NULL);
            else if (isfinite(in_lo))
                xw_labelf(c, t, sizeof t, "sensitivity.chart_label", "{driver} ({low} / {high})",
                          "driver", e->driver, "low", lo, "high", hi, NULL);
            else
                snprintf(t, sizeof t, "%s", e->driver);
            xw_text(c, ws, row, SE_LABEL, t, NULL);
        }
        int last = row - 1;
        (void)last;

        if (chart_h > 0) {
            lxw_chart *ch = new_chart(c, LXW_CHART_BAR);
            if (!ch)
                break;
            crange(c, cats, sizeof cats, q, first, SE_LABEL, first + moving - 1, SE_LABEL);
            for (int k = 0; k < 2; k++) {
                int col = k ? SE_CH_HI : SE_CH_LO;
                lxw_chart_series *se = add_series(
                    c, ch, cats,
                    crange(c, vals, sizeof vals, q, first, col, first + moving - 1, col));
                if (!se)
                    break;
                chart_series_set_name_range(se, ws->name, (lxw_row_t)hr, (lxw_col_t)col);
                lxw_chart_fill fill;
                memset(&fill, 0, sizeof fill);
                fill.color = k ? 0xED7D31 : 0x4472C4;
                chart_series_set_fill(se, &fill);
            }
            chart_set_series_overlap(ch, 100);
            chart_set_series_gap(ch, 40);
            if (vs_base)
                xw_labelf(c, t, sizeof t, "chart.tornado.title_vs_base",
                          "{id}: change in total less the baseline's, by driver ({currency})", "id",
                          c->id[i], "currency", c->currency, NULL);
            else
                xw_labelf(c, t, sizeof t, "chart.tornado.title",
                          "{id}: change in total, by driver ({currency})", "id", c->id[i],
                          "currency", c->currency, NULL);
            xw_chart_title(c, ch, t);
            /* In libxlsxwriter's bar charts x is the horizontal value axis and y the
             * vertical category axis: the largest swing (first row) goes on top. */
            chart_axis_set_reverse(ch->y_axis);
            chart_axis_set_crossing_max(ch->y_axis);
            /* Driver names at the left edge, clear of the bars that go left of zero. */
            chart_axis_set_label_position(ch->y_axis, LXW_CHART_AXIS_LABEL_POSITION_LOW);
            xw_labelf(c, t, sizeof t, "chart.tornado.x", "Change from the base ({currency})",
                      "currency", c->currency, NULL);
            xw_axis_name(c, ch->x_axis, t);
            chart_axis_set_num_format(ch->x_axis, c->nf[XN_MONEY]);
            chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
            co.y_scale = chart_h / 288.0;
            xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)(row + 1), 0, ch, &co));
            row += 2 + (chart_h + 19) / 20;
        }
        row++;
    }
    free(tornado);
    pager_apply(c, ws, &pg, row);
}

/* ===== Cases ===== */

/* A figure of one option in one result, for the Cases table. */
static double case_value(const tco_result *res, size_t i, int metric, const char **text)
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
            *text = "n/a";
        return o->cost_per_gpu_hour;
    case 3:
        if (!bought)
            *text = dash();
        else if (o->breakeven_month <= 0)
            *text = "none";
        return o->breakeven_month;
    default:
        if (!bought)
            *text = dash();
        else if (!isfinite(o->breakeven_utilization))
            *text = "none";
        return o->breakeven_utilization;
    }
}

/* See xlsx_internal.h. */
void xw_write_cases(xw_ctx *c)
{
    lxw_worksheet *ws = c->cases;
    const tco_analysis *A = analysis(c);
    if (!ws || !A || c->err || c->nomem)
        return;
    const tco_scenario *s = c->s;
    const size_t n = s->n_options, nc = A->n_cases;
    char t[TBUF], f[FBUF];
    worksheet_set_column(ws, 0, 0, 44, NULL);
    worksheet_set_column(ws, 1, 1, 30, NULL);
    worksheet_set_column(ws, 2, (lxw_col_t)(1 + nc), 17, NULL);
    worksheet_set_tab_color(ws, 0xED7D31);
    pager pg;
    pager_init(&pg, cols_px(44 + 30 + 17.0 * (double)(nc > 1 ? nc : 1)));
    span sp = {(int)(1 + nc), 44 + 30 + 17.0 * (double)nc};
    title(c, ws, sp, xw_label(c, "cases.title", "Cases: the scenario under other assumptions"),
          xw_label(c, "cases.subtitle",
                   "Each case is the whole scenario with the keys below overriding, computed in "
                   "full (MODEL.md, Cases). Computed by tco for this scenario (static values): "
                   "write the workbook again after changing inputs. The lowest total, NPV and "
                   "cost per GPU-hour of each column are highlighted."));
    int row = 3;
    section(c, ws, row++, xw_label(c, "cases.overrides", "What each case changes"));
    header_text(c, ws, row, 0, xw_label(c, "cases.case", "Case"));
    header_text(c, ws, row, 1, xw_label(c, "cases.key", "Key"));
    header_text(c, ws, row++, 2, xw_label(c, "cases.value", "Value"));
    lxw_format *fx = xw_fmt(c, XS_FIXED, XN_NONE);
    for (size_t k = 0; k < nc; k++) {
        const tco_case *cs = &s->cases[k];
        for (size_t j = 0; j < cs->n_overrides; j++, row++) {
            xw_text(c, ws, row, 0, cell_text(t, sizeof t, cs->name), NULL);
            xw_text(c, ws, row, 1, cell_text(t, sizeof t, cs->keys[j]), fx);
            xw_text(c, ws, row, 2, cell_text(t, sizeof t, cs->values[j]), fx);
        }
        if (cs->n_overrides == 0) {
            xw_text(c, ws, row, 0, cell_text(t, sizeof t, cs->name), NULL);
            xw_text(c, ws, row++, 1, xw_label(c, "cases.no_override", "(nothing: the base)"), fx);
        }
    }
    row++;

    /* What the figures below are measured over: a case may change the horizon. */
    pager_block(&pg, row, 5);
    section(c, ws, row++, xw_label(c, "cases.settings", "Measured over"));
    int hs = row++;
    header_text(c, ws, hs, 0, "");
    header(c, ws, hs, 1, xw_label(c, "cases.base", "Base"));
    for (size_t k = 0; k < nc; k++)
        header(c, ws, hs, 2 + (int)k, cell_text(t, sizeof t, s->cases[k].name));
    xw_text(c, ws, row, 0, xw_label(c, "cases.horizon", "Horizon (months)"), NULL);
    for (size_t k = 0; k <= nc; k++) {
        const tco_result *res = k == 0 ? c->r : A->cases[k - 1];
        engine_num(c, ws, row, 1 + (int)k, res->scenario->horizon_months, XN_INT);
    }
    row++;
    xw_text(c, ws, row, 0, xw_label(c, "cases.baseline", "Baseline (rent option)"), NULL);
    for (size_t k = 0; k <= nc; k++) {
        const tco_result *res = k == 0 ? c->r : A->cases[k - 1];
        xw_text(c, ws, row, 1 + (int)k, res->baseline >= 0 ? c->id[res->baseline] : dash(),
                xw_fmt(c, XS_FIXED, XN_GENERAL));
    }
    row += 2;

    static const struct {
        const char *key, *english, *field;
        xw_numfmt nf;
        int best;
    } metrics[] = {
        {XW_KEY("cases.total"), "Total cost of ownership ({currency})", "total", XN_MONEY, 1},
        {XW_KEY("cases.npv"), "Net present value of the cost ({currency})", "npv", XN_MONEY, 1},
        {XW_KEY("cases.cpgh"), "Cost per GPU-hour used ({currency} per GPU-hour)",
         "cost_per_gpu_hour", XN_MONEY2, 1},
        {XW_KEY("cases.bem"), "Break-even month against the baseline (month)", "breakeven_month",
         XN_INT, 0},
        {XW_KEY("cases.beu"), "Break-even utilization against the baseline (%)",
         "breakeven_utilization", XN_PCT, 0},
    };
    for (size_t m = 0; m < sizeof metrics / sizeof metrics[0]; m++) {
        xw_labelf(c, t, sizeof t, metrics[m].key, metrics[m].english, "currency", c->currency,
                  NULL);
        pager_block(&pg, row, 3 + (int)n);
        section(c, ws, row++, t);
        int hr = row++;
        header(c, ws, hr, 0, xw_label(c, "cases.option", "Option"));
        header(c, ws, hr, 1, xw_label(c, "cases.base", "Base"));
        for (size_t k = 0; k < nc; k++)
            header(c, ws, hr, 2 + (int)k, cell_text(t, sizeof t, s->cases[k].name));
        int first = row;
        for (size_t i = 0; i < n; i++, row++) {
            xw_text(c, ws, row, 0, c->label[i], NULL);
            for (size_t k = 0; k <= nc; k++) {
                const tco_result *res = k == 0 ? c->r : A->cases[k - 1];
                const char *text;
                double v = case_value(res, i, (int)m, &text);
                if (text)
                    xw_text(c, ws, row, 1 + (int)k, text, xw_fmt(c, XS_FIXED, metrics[m].nf));
                else
                    engine_num(c, ws, row, 1 + (int)k, v, metrics[m].nf);
            }
        }
        if (metrics[m].best && n > 1) {
            lxw_conditional_format cf;
            memset(&cf, 0, sizeof cf);
            cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
            xw_f(c, f, sizeof f, "=AND(ISNUMBER(%s),%s=MIN(%s))", xw_ref(c, NULL, first, 1, 0, 0),
                 xw_ref(c, NULL, first, 1, 0, 0), xw_range(c, NULL, first, 1, row - 1, 1));
            /* xw_range is absolute: make the column relative for the whole block. */
            char *p = f, rel[FBUF];
            size_t o = 0;
            for (; *p && o + 1 < sizeof rel; p++) {
                if (*p == '$' && p[1] >= 'A' && p[1] <= 'Z')
                    continue;
                rel[o++] = *p;
            }
            rel[o] = '\0';
            cf.value_string = rel;
            cf.format = c->fmt_best;
            xw_note(c, worksheet_conditional_format_range(
                        ws, (lxw_row_t)first, 1, (lxw_row_t)(row - 1), (lxw_col_t)(1 + nc), &cf));
        }
        row++;
    }
    pager_apply(c, ws, &pg, row);
}

/* ===== Monte Carlo ===== */

/* A bin edge for a category label: "$426k", in the unit that keeps bins apart. */
static void edge_text(xw_ctx *c, char *buf, size_t size, double v, double scale, const char *suffix,
                      int decimals)
{
    char num[64];
    snprintf(num, sizeof num, "%.*f%s", decimals, v / scale, suffix);
    money_text(c, buf, size, num);
}

/* See xlsx_internal.h. */
void xw_write_monte_carlo(xw_ctx *c)
{
    lxw_worksheet *ws = c->montecarlo;
    const tco_analysis *A = analysis(c);
    if (!ws || !A || c->err || c->nomem)
        return;
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    const size_t n = s->n_options, nb = A->mc_bins;
    const int b = r->baseline;
    char t[TBUF], lo[64], hi[64], cats[600], vals[600];
    const char *q = ws->quoted_name;
    size_t ncols = n + 3 > 11 ? n + 3 : 11;
    worksheet_set_column(ws, 0, 0, 40, NULL);
    worksheet_set_column(ws, 1, (lxw_col_t)(ncols - 1), 15, NULL);
    worksheet_set_tab_color(ws, 0xED7D31);
    pager pg;
    pager_init(&pg, fmax(1000, cols_px(40 + 15.0 * (double)(ncols - 1))));
    span sp = {10, 40 + 15.0 * 10};
    title(c, ws, sp, xw_label(c, "montecarlo.title", "Monte Carlo: how sure the ranking is"),
          xw_label(c, "montecarlo.subtitle",
                   "Each sample draws every uncertain input from its distribution and computes "
                   "every option (MODEL.md, Monte Carlo). Computed by tco for this scenario "
                   "(static values): write the workbook again after changing inputs; the same "
                   "seed gives the same figures on every machine."));

    int row = 3;
    section(c, ws, row++, xw_label(c, "montecarlo.run", "The run"));
    lxw_format *fx_int = xw_fmt(c, XS_FIXED, XN_INT), *fx_num = xw_fmt(c, XS_FIXED, XN_GENERAL),
               *fx_text = xw_fmt(c, XS_FIXED, XN_NONE);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.seed", "Seed"), NULL);
    xw_num(c, ws, row++, 1, (double)A->mc_seed, fx_num);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.samples", "Samples"), NULL);
    xw_num(c, ws, row++, 1, (double)A->mc_samples, fx_int);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.as_of", "Figures as of"), NULL);
    xw_text(c, ws, row++, 1, c->as_of ? c->as_of : xw_label(c, "montecarlo.no_date", "not given"),
            fx_text);
    xw_text(c, ws, row, 0, xw_label(c, "montecarlo.generator", "Random numbers"), NULL);
    xw_text(c, ws, row++, 1,
            xw_label(c, "montecarlo.generator_name", "xoshiro256** seeded through splitmix64"),
            NULL);
    row++;
    section(c, ws, row++, xw_label(c, "montecarlo.inputs", "Uncertain inputs"));
    header_text(c, ws, row, 0, xw_label(c, "montecarlo.key", "Key"));
    header_text(c, ws, row, 1, xw_label(c, "montecarlo.distribution", "Distribution"));
    header(c, ws, row, 2, xw_label(c, "montecarlo.low", "Low"));
    header(c, ws, row, 3, xw_label(c, "montecarlo.mode", "Mode"));
    header(c, ws, row, 4, xw_label(c, "montecarlo.high", "High"));
    header(c, ws, row, 5, xw_label(c, "montecarlo.mean", "Mean"));
    header(c, ws, row, 6, xw_label(c, "montecarlo.sd", "Standard deviation"));
    {
        const char *dh[] = {xw_label(c, "montecarlo.sd", "Standard deviation")};
        header_height(ws, row++, dh, 1, 15);
    }
    for (size_t j = 0; j < s->n_uncertain; j++, row++) {
        const tco_uncertain *un = &s->uncertain[j];
        const char *dists[] = {xw_label(c, "montecarlo.triangular", "triangular"),
                               xw_label(c, "montecarlo.uniform", "uniform"),
                               xw_label(c, "montecarlo.normal", "normal")};
        int d = un->dist == TCO_DIST_UNIFORM ? 1 : un->dist == TCO_DIST_NORMAL ? 2 : 0;
        /* Columns low, mode, high, mean, sd: which of a, b, c go where. */
        double v[5] = {NAN, NAN, NAN, NAN, NAN};
        if (d == 0)
            v[0] = un->a, v[1] = un->b, v[2] = un->c;
        else if (d == 1)
            v[0] = un->a, v[2] = un->b;
        else
            v[3] = un->a, v[4] = un->b;
        xw_text(c, ws, row, 0, cell_text(t, sizeof t, un->name), NULL);
        xw_text(c, ws, row, 1, dists[d], fx_text);
        for (int k = 0; k < 5; k++) {
            if (isfinite(v[k]))
                xw_num(c, ws, row, 2 + k, v[k], fx_num);
            else
                xw_text(c, ws, row, 2 + k, dash(), fx_num);
        }
    }
    para(c, ws, row++, sp,
         xw_label(c, "montecarlo.dist_note",
                  "A normal draw outside the key's valid range is drawn again."),
         1);
    row++;

    /* ----- Results per option ----- */
    xw_labelf(c, t, sizeof t, "montecarlo.results", "Results by option ({currency})", "currency",
              c->currency, NULL);
    pager_block(&pg, 0, row + 3 + (int)n);
    section(c, ws, row++, t);
    const char *heads[] = {
        xw_label(c, "montecarlo.option", "Option"),
        xw_label(c, "montecarlo.total_mean", "Total, mean"),
        xw_label(c, "montecarlo.total_p10", "Total, P10"),
        xw_label(c, "montecarlo.total_p50", "Total, P50 (median)"),
        xw_label(c, "montecarlo.total_p90", "Total, P90"),
        xw_label(c, "montecarlo.npv_mean", "NPV, mean"),
        xw_label(c, "montecarlo.npv_p10", "NPV, P10"),
        xw_label(c, "montecarlo.npv_p50", "NPV, P50 (median)"),
        xw_label(c, "montecarlo.npv_p90", "NPV, P90"),
        xw_label(c, "montecarlo.p_cheapest", "Chance of being the cheapest"),
        xw_label(c, "montecarlo.p_beats", "Chance of beating the baseline"),
    };
    int hr = row++;
    for (int k = 0; k < 11; k++)
        header(c, ws, hr, k, heads[k]);
    header_height(ws, hr, heads + 1, 10, 15);
    for (size_t i = 0; i < n; i++, row++) {
        const struct tco_mc_option *m = &A->mc[i];
        double v[] = {m->total_mean, m->total_p10, m->total_p50, m->total_p90,
                      m->npv_mean,   m->npv_p10,   m->npv_p50,   m->npv_p90};
        xw_text(c, ws, row, 0, c->label[i], NULL);
        for (int k = 0; k < 8; k++)
            engine_num(c, ws, row, 1 + k, v[k], XN_MONEY);
        engine_num(c, ws, row, 9, m->p_cheapest, XN_PCT);
        if (isfinite(m->p_beats_baseline))
            engine_num(c, ws, row, 10, m->p_beats_baseline, XN_PCT);
        else
            xw_text(c, ws, row, 10, dash(), xw_fmt(c, XS_FIXED, XN_PCT));
    }
    if (b >= 0) {
        xw_labelf(c, t, sizeof t, "montecarlo.p_note",
                  "P10: 10% of samples cost less; P90: 90% do. Chance of beating the baseline: "
                  "bought options only, the share of samples whose total is below that of {label}.",
                  "label", c->label[b], NULL);
        para(c, ws, row++, sp, t, 1);
    }
    row++;

    /* ----- Histogram of totals: the chart, then its table ----- */
    size_t *shown = malloc((n ? n : 1) * sizeof *shown);
    unsigned char *keep = calloc(n ? n : 1, 1);
    if (!shown || !keep) {
        free(shown);
        free(keep);
        c->nomem = 1;
        return;
    }
    /* The HIST_MAX options with the lowest mean total, in input order. */
    size_t ns = 0;
    for (size_t k = 0; k < n && k < HIST_MAX; k++) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (!keep[i] && (best == n || A->mc[i].total_mean < A->mc[best].total_mean))
                best = i;
        keep[best] = 1;
    }
    for (size_t i = 0; i < n; i++)
        if (keep[i])
            shown[ns++] = i;
    free(keep);
    const int chart_rows = 23;
    int chart_top = row;
    pager_block(&pg, chart_top, chart_rows);
    row += chart_rows;

    xw_labelf(c, t, sizeof t, "montecarlo.histogram",
              "Distribution of the total: samples per bin ({currency})", "currency", c->currency,
              NULL);
    pager_block(&pg, row, 4 + (int)nb);
    section(c, ws, row++, t);
    int hh = row++;
    header_text(c, ws, hh, 0, xw_label(c, "montecarlo.bin", "Total between"));
    header(c, ws, hh, 1, xw_label(c, "montecarlo.bin_from", "From"));
    header(c, ws, hh, 2, xw_label(c, "montecarlo.bin_to", "To"));
    const char *hl[HIST_MAX];
    for (size_t k = 0; k < ns; k++) {
        header(c, ws, hh, 3 + (int)k, c->label[shown[k]]);
        hl[k] = c->label[shown[k]];
    }
    header_height(ws, hh, hl, ns, 15);
    double top = fmax(fabs(A->mc_edges[0]), fabs(A->mc_edges[nb]));
    double width = (A->mc_edges[nb] - A->mc_edges[0]) / (double)nb;
    double scale = top >= 1e6 ? 1e6 : top >= 1e3 ? 1e3 : 1;
    const char *suffix = scale == 1e6 ? "M" : scale == 1e3 ? "k" : "";
    int decimals = width / scale >= 1 ? 0 : (int)ceil(-log10(width / scale));
    decimals = decimals < 0 ? 0 : decimals > 6 ? 6 : decimals;
    int hfirst = row;
    lxw_format *fx_money = xw_fmt(c, XS_FIXED, XN_MONEY);
    for (size_t k = 0; k < nb; k++, row++) {
        edge_text(c, lo, sizeof lo, A->mc_edges[k], scale, suffix, decimals);
        edge_text(c, hi, sizeof hi, A->mc_edges[k + 1], scale, suffix, decimals);
        snprintf(t, sizeof t, "%s\xE2\x80\x93%s", lo, hi);
        xw_text(c, ws, row, 0, t, NULL);
        xw_num(c, ws, row, 1, A->mc_edges[k], fx_money);
        xw_num(c, ws, row, 2, A->mc_edges[k + 1], fx_money);
        for (size_t j = 0; j < ns; j++)
            xw_num(c, ws, row, 3 + (int)j, (double)A->mc[shown[j]].hist[k], fx_int);
    }
    int hlast = row - 1;
    para(c, ws, row++, sp,
         xw_label(c, "montecarlo.bin_note",
                  "20 bins of equal width over every option's totals; a bin holds totals from "
                  "its lower edge up to, not including, its upper edge (the last includes it)."),
         1);
    if (ns < n) {
        xw_labelf(c, t, sizeof t, "montecarlo.hist_note",
                  "The {n} options with the lowest mean total are shown.", "n", xw_int(c, HIST_MAX),
                  NULL);
        para(c, ws, row++, sp, t, 1);
    }

    lxw_chart *ch = new_chart(c, LXW_CHART_COLUMN);
    if (ch) {
        crange(c, cats, sizeof cats, q, hfirst, 0, hlast, 0);
        for (size_t k = 0; k < ns && !c->nomem; k++) {
            lxw_chart_series *se =
                add_series(c, ch, cats,
                           crange(c, vals, sizeof vals, q, hfirst, 3 + (int)k, hlast, 3 + (int)k));
            if (!se)
                break;
            chart_series_set_name_range(se, ws->name, (lxw_row_t)hh, (lxw_col_t)(3 + k));
            lxw_chart_fill fill_;
            memset(&fill_, 0, sizeof fill_);
            fill_.color = colour(c, shown[k]);
            chart_series_set_fill(se, &fill_);
        }
        chart_set_series_gap(ch, 30);
        char ns_[32];
        grouped(ns_, sizeof ns_, (double)A->mc_samples);
        xw_labelf(c, t, sizeof t, "chart.histogram.title",
                  "Total cost of ownership over {samples} samples ({currency})", "samples", ns_,
                  "currency", c->currency, NULL);
        xw_chart_title(c, ch, t);
        xw_labelf(c, t, sizeof t, "chart.histogram.x", "Total cost of ownership ({currency})",
                  "currency", c->currency, NULL);
        xw_axis_name(c, ch->x_axis, t);
        xw_axis_name(c, ch->y_axis, xw_label(c, "chart.histogram.y", "Samples"));
        chart_axis_set_num_format(ch->y_axis, "#,##0");
        chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
        lxw_chart_options co;
        memset(&co, 0, sizeof co);
        co.x_scale = 960.0 / 480;
        co.y_scale = 430.0 / 288;
        co.y_offset = 4;
        xw_note(c, worksheet_insert_chart_opt(ws, (lxw_row_t)chart_top, 0, ch, &co));
    }
    free(shown);
    pager_apply(c, ws, &pg, row);
}
