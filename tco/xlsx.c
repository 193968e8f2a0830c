/* xlsx.c - the live workbook: entry point, atomic write, styles, safe strings,
 * and the About and Inputs sheets. The cash-flow, Summary and Checks sheets are
 * in xlsx_model.c; docs/WORKBOOK.md describes the layout.
 *
 * Every computed cell is a formula that refers to the Inputs sheet, written
 * with the engine's value as its cached result, so a spreadsheet that
 * recalculates shows the same figures and one that changes an input sees every
 * figure follow. */
#include "internal.h"
#include "xlsx_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define XW_MAX_TEXT  32000 /* characters in one cell (Excel stops at 32767) */
#define XW_MAX_SHEET 31    /* characters in a sheet name */

/* ===== Safe strings ===== */

/* Length of the UTF-8 sequence led by byte b of a valid string. */
static int utf8_len(unsigned char b)
{
    return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

static size_t put_fffd(char *out, size_t o)
{
    out[o] = (char)0xEF;
    out[o + 1] = (char)0xBF;
    out[o + 2] = (char)0xBD;
    return o + 3;
}

/* A copy of `in` that is valid UTF-8 without control characters, cut to at
 * most max_chars characters on a character boundary: invalid bytes become
 * U+FFFD, control characters a space. libxlsxwriter writes bytes through, so
 * this is what keeps a bad label from corrupting the file. NULL gives NULL. */
static char *clean_text(xw_ctx *c, const char *in, size_t max_chars)
{
    if (!in)
        return NULL;
    size_t n = strlen(in), o = 0, chars = 0;
    char *out = malloc(n * 3 + 1);
    if (!out) {
        c->nomem = 1;
        return NULL;
    }
    const unsigned char *p = (const unsigned char *)in;
    while (*p && chars < max_chars) {
        uint32_t cp;
        int len;
        if (*p < 0x80)
            cp = *p, len = 1;
        else if (*p >= 0xC2 && *p <= 0xDF)
            cp = *p & 0x1F, len = 2;
        else if (*p >= 0xE0 && *p <= 0xEF)
            cp = *p & 0x0F, len = 3;
        else if (*p >= 0xF0 && *p <= 0xF4)
            cp = *p & 0x07, len = 4;
        else
            cp = 0, len = 0;
        int ok = len > 0;
        for (int k = 1; ok && k < len; k++) {
            if ((p[k] & 0xC0) != 0x80)
                ok = 0;
            else
                cp = (cp << 6) | (p[k] & 0x3Fu);
        }
        if (ok && ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
                   (cp >= 0xD800 && cp <= 0xDFFF)))
            ok = 0;
        chars++;
        if (!ok) {
            o = put_fffd(out, o);
            p++;
            continue;
        }
        if (cp < 0x20 || cp == 0x7F)
            out[o++] = ' ';
        else if (cp == 0xFFFE || cp == 0xFFFF)
            o = put_fffd(out, o);
        else {
            memcpy(out + o, p, (size_t)len);
            o += (size_t)len;
        }
        p += len;
    }
    out[o] = '\0';
    return out;
}

/* See xlsx_internal.h. */
const char *xw_label(xw_ctx *c, const char *key, const char *english)
{
    (void)c;
    (void)key;
    return english; /* the template lookup comes with template support */
}

int xw_width(const char *s)
{
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (p && *p) {
        int len = utf8_len(*p);
        uint32_t cp = *p;
        if (len > 1) {
            cp = *p & (0x7F >> len);
            for (int k = 1; k < len && p[k]; k++)
                cp = (cp << 6) | (p[k] & 0x3Fu);
        }
        w += cp >= 0x2E80 && cp <= 0xFFEF ? 2 : 1;
        for (int k = 0; k < len && *p; k++)
            p++;
    }
    return w;
}

static char *xstrdup(xw_ctx *c, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        c->nomem = 1;
    else
        memcpy(d, s, n);
    return d;
}

/* ===== Sheet names ===== */

/* Excel reserves "History"; the fixed sheets take the rest. */
static const char *const reserved_sheets[] = {"About",  "Inputs",  "Summary",
                                              "Checks", "History", NULL};

static int ascii_casecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x += 32;
        if (y >= 'A' && y <= 'Z')
            y += 32;
        if (x != y || !x)
            return x - y;
    }
}

static int sheet_taken(char **taken, size_t n, const char *cand)
{
    for (const char *const *r = reserved_sheets; *r; r++)
        if (ascii_casecmp(*r, cand) == 0)
            return 1;
    for (size_t i = 0; i < n; i++)
        if (taken[i] && ascii_casecmp(taken[i], cand) == 0)
            return 1;
    return 0;
}

/* Bytes taken by the first `chars` characters of valid UTF-8 s. */
static size_t utf8_prefix(const char *s, size_t chars)
{
    size_t b = 0;
    while (s[b] && chars--)
        b += (size_t)utf8_len((unsigned char)s[b]);
    return b;
}

/* A valid, unique sheet name from `want` (clean UTF-8): at most 31 characters
 * cut on a character boundary, none of []:*?/\, apostrophes turned into
 * typographic ones (so no name starts or ends with one), never empty, unique
 * case-insensitively among `taken` and the fixed sheets (" (2)" and so on). */
static char *sheet_name(xw_ctx *c, const char *want, char **taken, size_t ntaken, size_t index)
{
    char base[XW_MAX_SHEET * 4 + 1];
    size_t bl = 0;
    int nch = 0;
    const char *p = want ? want : "";
    while (*p == ' ')
        p++;
    while (*p && nch < XW_MAX_SHEET) {
        int len = utf8_len((unsigned char)*p);
        if (len == 1 && strchr("[]:*?/\\", *p)) {
            base[bl++] = '_';
        } else if (len == 1 && *p == '\'') {
            if (bl + 3 > sizeof base - 1)
                break;
            memcpy(base + bl, "\xE2\x80\x99", 3);
            bl += 3;
        } else {
            if (bl + (size_t)len > sizeof base - 1)
                break;
            memcpy(base + bl, p, (size_t)len);
            bl += (size_t)len;
        }
        nch++;
        p += len;
    }
    while (bl > 0 && base[bl - 1] == ' ')
        bl--;
    base[bl] = '\0';
    if (bl == 0)
        snprintf(base, sizeof base, "Option %zu", index + 1);
    char cand[sizeof base + 16];
    for (int k = 1;; k++) {
        char suffix[16] = "";
        if (k > 1)
            snprintf(suffix, sizeof suffix, " (%d)", k);
        size_t keep = utf8_prefix(base, XW_MAX_SHEET - strlen(suffix));
        while (keep > 0 && base[keep - 1] == ' ')
            keep--;
        snprintf(cand, sizeof cand, "%.*s%s", (int)keep, base, suffix);
        if (!sheet_taken(taken, ntaken, cand))
            return xstrdup(c, cand);
    }
}

/* 'name' with apostrophes doubled, as formulas need it. */
static char *quote_sheet(xw_ctx *c, const char *name)
{
    size_t n = strlen(name), q = 0;
    for (size_t i = 0; i < n; i++)
        q += name[i] == '\'';
    char *out = malloc(n + q + 3);
    if (!out) {
        c->nomem = 1;
        return NULL;
    }
    size_t o = 0;
    out[o++] = '\'';
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '\'')
            out[o++] = '\'';
        out[o++] = name[i];
    }
    out[o++] = '\'';
    out[o] = '\0';
    return out;
}

/* ===== Formats ===== */

/* Decimals that show about 3 significant digits of the smallest positive value. */
static int decimals_for(const tco_result *r, size_t field_offset)
{
    double lo = INFINITY;
    for (size_t i = 0; i < r->n_options; i++) {
        double v = *(const double *)((const char *)&r->options[i] + field_offset);
        if (isfinite(v) && v > 0 && v < lo)
            lo = v;
    }
    if (!isfinite(lo))
        return 2;
    int d = 2 - (int)floor(log10(lo));
    return d < 2 ? 2 : d > 10 ? 10 : d;
}

static void money_format(char *out, size_t size, const char *pfx, int decimals, int dash)
{
    char num[32] = "#,##0";
    if (decimals > 0) {
        strcat(num, ".");
        for (int i = 0; i < decimals && i < 12; i++)
            strcat(num, "0");
    }
    if (dash)
        snprintf(out, size, "%s%s;(%s%s);\"\xE2\x80\x93\"", pfx, num, pfx, num);
    else
        snprintf(out, size, "%s%s", pfx, num);
}

/* Number formats in the scenario's currency: "$" for USD, else the ISO code. */
static void init_numfmts(xw_ctx *c)
{
    char pfx[32] = "";
    const char *cur = c->currency ? c->currency : "";
    size_t n = strlen(cur), letters = 0;
    for (size_t i = 0; i < n; i++)
        letters += (cur[i] >= 'A' && cur[i] <= 'Z') || (cur[i] >= 'a' && cur[i] <= 'z');
    if (strcmp(cur, "USD") == 0)
        strcpy(pfx, "$");
    else if (n > 0 && n <= 8 && letters == n)
        snprintf(pfx, sizeof pfx, "\"%s \"", cur);
    money_format(c->nf[XN_MONEY], sizeof c->nf[0], pfx, 0, 1);
    money_format(c->nf[XN_MONEY2], sizeof c->nf[0], pfx, 2, 1);
    money_format(c->nf[XN_MONEY4], sizeof c->nf[0], pfx, 4, 0);
    snprintf(c->nf[XN_MONEY_IN], sizeof c->nf[0], "%s#,##0.00##", pfx);
    money_format(c->nf[XN_MONEY_PF], sizeof c->nf[0], pfx,
                 decimals_for(c->r, offsetof(tco_option_result, cost_per_pflop_hour)), 1);
    money_format(c->nf[XN_MONEY_UN], sizeof c->nf[0], pfx,
                 decimals_for(c->r, offsetof(tco_option_result, cost_per_unit)), 1);
    strcpy(c->nf[XN_GENERAL], "General");
    strcpy(c->nf[XN_PCT], "0.00%");
    strcpy(c->nf[XN_PCT4], "0.0000%");
    strcpy(c->nf[XN_INT], "#,##0");
    strcpy(c->nf[XN_DEC2], "#,##0.00");
    strcpy(c->nf[XN_DEC6], "0.000000");
    strcpy(c->nf[XN_SCI], "0.00E+00");
}

#define C_INPUT_FILL 0xFFF2CC
#define C_INPUT_FONT 0x0000FF
#define C_FIXED_FILL 0xF2F2F2
#define C_HEAD_FILL  0xDDEBF7
#define C_TITLE      0x1F3864
#define C_GREY       0x595959
#define C_LINK       0x0563C1

/* See xlsx_internal.h. Formats are made on first use and shared. */
lxw_format *xw_fmt(xw_ctx *c, xw_style st, xw_numfmt nf)
{
    if (c->fmt[st][nf])
        return c->fmt[st][nf];
    lxw_format *f = workbook_add_format(c->wb);
    if (!f) {
        c->nomem = 1;
        return NULL;
    }
    switch (st) {
    case XS_TEXT:
    case XS_CALC:
        break;
    case XS_INPUT:
        format_set_bg_color(f, C_INPUT_FILL);
        format_set_font_color(f, C_INPUT_FONT);
        format_set_border(f, LXW_BORDER_THIN);
        format_set_border_color(f, 0xBFBFBF);
        format_set_unlocked(f);
        break;
    case XS_FIXED:
        format_set_bg_color(f, C_FIXED_FILL);
        format_set_font_color(f, 0x404040);
        break;
    case XS_TOTAL:
        format_set_bold(f);
        format_set_top(f, LXW_BORDER_THIN);
        break;
    case XS_HEADER:
    case XS_HEADOPT:
        format_set_bold(f);
        format_set_bg_color(f, C_HEAD_FILL);
        format_set_bottom(f, LXW_BORDER_THIN);
        format_set_text_wrap(f);
        format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
        if (st == XS_HEADOPT)
            format_set_align(f, LXW_ALIGN_RIGHT);
        break;
    case XS_HEADNUM:
        format_set_bold(f);
        format_set_bg_color(f, C_HEAD_FILL);
        format_set_align(f, LXW_ALIGN_CENTER);
        break;
    case XS_UNIT:
        format_set_indent(f, 1);
        break;
    case XS_WRAP:
        format_set_text_wrap(f);
        format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
        break;
    case XS_TITLE:
        format_set_bold(f);
        format_set_font_size(f, 14);
        format_set_font_color(f, C_TITLE);
        break;
    case XS_SUBTITLE:
        format_set_italic(f);
        format_set_font_color(f, C_GREY);
        break;
    case XS_SECTION:
        format_set_bold(f);
        format_set_font_color(f, C_TITLE);
        format_set_bottom(f, LXW_BORDER_THIN);
        format_set_bottom_color(f, 0x8EA9DB);
        break;
    case XS_NOTE:
        format_set_italic(f);
        format_set_font_size(f, 9);
        format_set_font_color(f, C_GREY);
        break;
    case XS_KEY:
        format_set_font_size(f, 9);
        format_set_font_color(f, 0x808080);
        break;
    case XS_LINK:
        format_set_font_color(f, C_LINK);
        format_set_underline(f, LXW_UNDERLINE_SINGLE);
        break;
    case XS_CHECK:
        format_set_bold(f);
        format_set_align(f, LXW_ALIGN_CENTER);
        break;
    case XS_WARN:
        format_set_bold(f);
        format_set_font_color(f, 0xC00000);
        break;
    case XS_COUNT:
        break;
    }
    if (nf != XN_NONE) {
        format_set_num_format(f, c->nf[nf]);
        if (st == XS_CALC || st == XS_TOTAL || st == XS_INPUT || st == XS_FIXED || st == XS_LINK)
            format_set_align(f, LXW_ALIGN_RIGHT);
    }
    c->fmt[st][nf] = f;
    return f;
}

/* ===== References and cells ===== */

static void col_name(int col, char *out)
{
    char tmp[8];
    int n = 0;
    for (col++; col > 0 && n < 7; col = (col - 1) / 26)
        tmp[n++] = (char)('A' + (col - 1) % 26);
    for (int i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    out[n] = '\0';
}

/* See xlsx_internal.h. */
const char *xw_ref(xw_ctx *c, const char *quoted, int row, int col, int abs_row, int abs_col)
{
    char *b = c->ref[c->ref_i++ % 16], cn[8];
    col_name(col, cn);
    snprintf(b, sizeof c->ref[0], "%s%s%s%s%s%d", quoted ? quoted : "", quoted ? "!" : "",
             abs_col ? "$" : "", cn, abs_row ? "$" : "", row + 1);
    return b;
}

const char *xw_range(xw_ctx *c, const char *quoted, int r1, int c1, int r2, int c2)
{
    char *b = c->ref[c->ref_i++ % 16], a[8], z[8];
    col_name(c1, a);
    col_name(c2, z);
    snprintf(b, sizeof c->ref[0], "%s%s$%s$%d:$%s$%d", quoted ? quoted : "", quoted ? "!" : "", a,
             r1 + 1, z, r2 + 1);
    return b;
}

const char *xw_in(xw_ctx *c, size_t opt, tco_okey key)
{
    int row = c->in_o[opt * TCO_O_COUNT + key];
    if (row < 0) {
        if (!c->err)
            c->err = LXW_ERROR_PARAMETER_VALIDATION;
        return "0";
    }
    return xw_ref(c, "Inputs", row, XW_COL_VAL, 1, 1);
}

const char *xw_ing(xw_ctx *c, tco_skey key)
{
    if (c->in_g[key] < 0) {
        if (!c->err)
            c->err = LXW_ERROR_PARAMETER_VALIDATION;
        return "0";
    }
    return xw_ref(c, "Inputs", c->in_g[key], XW_COL_VAL, 1, 1);
}

const char *xw_f(xw_ctx *c, char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= size) {
        if (!c->err)
            c->err = LXW_ERROR_255_STRING_LENGTH_EXCEEDED;
        snprintf(buf, size, "=0");
    }
    return buf;
}

static void note(xw_ctx *c, lxw_error e)
{
    if (e != LXW_NO_ERROR && !c->err)
        c->err = e;
}

void xw_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text, lxw_format *f)
{
    note(c, worksheet_write_string(ws, (lxw_row_t)row, (lxw_col_t)col, text ? text : "", f));
}

void xw_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, lxw_format *f)
{
    if (isfinite(v))
        note(c, worksheet_write_number(ws, (lxw_row_t)row, (lxw_col_t)col, v, f));
    else
        xw_text(c, ws, row, col, "n/a", f);
}

void xw_fnum(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, double v,
             lxw_format *f)
{
    if (isfinite(v))
        note(c, worksheet_write_formula_num(ws, (lxw_row_t)row, (lxw_col_t)col, formula, f, v));
    else
        note(c, worksheet_write_formula_str(ws, (lxw_row_t)row, (lxw_col_t)col, formula, f, "n/a"));
}

void xw_fstr(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, const char *v,
             lxw_format *f)
{
    note(c,
         worksheet_write_formula_str(ws, (lxw_row_t)row, (lxw_col_t)col, formula, f, v ? v : ""));
}

static void set_col(lxw_worksheet *ws, int first, int last, double width)
{
    worksheet_set_column(ws, (lxw_col_t)first, (lxw_col_t)last, width, NULL);
}

/* ===== Print setup ===== */

/* See xlsx_internal.h. Header strings use & as a code, so the name's own &
 * is doubled; the header is cut well below libxlsxwriter's 255 bytes. */
void xw_print_setup(xw_ctx *c, lxw_worksheet *ws, int repeat_first, int repeat_last, int fit_wide)
{
    char header[800], name[700];
    size_t o = 0;
    const char *p = c->name ? c->name : "";
    size_t keep = utf8_prefix(p, 80);
    for (size_t i = 0; i < keep; i++) {
        if (p[i] == '&')
            name[o++] = '&';
        name[o++] = p[i];
    }
    name[o] = '\0';
    snprintf(header, sizeof header, "&L%s&R&A", name);
    worksheet_set_landscape(ws);
    worksheet_set_paper(ws, 9); /* A4; Letter users get the same fit */
    worksheet_set_margins(ws, 0.5, 0.5, 0.75, 0.75);
    note(c, worksheet_set_header(ws, header));
    note(c, worksheet_set_footer(ws,
                                 "&LTotal cost of ownership (tco " TCO_VERSION ")&RPage &P of &N"));
    if (fit_wide > 0)
        worksheet_fit_to_pages(ws, (uint16_t)fit_wide, 0);
    if (repeat_first >= 0)
        note(c, worksheet_repeat_rows(ws, (lxw_row_t)repeat_first, (lxw_row_t)repeat_last));
}

/* ===== Source of an input ===== */

static const char *base_name(const char *path);

/* `file` is the key's own file (an included one), or NULL for the scenario's. */
static void source_text(xw_ctx *c, char *buf, size_t size, unsigned char src, const char *file,
                        int line)
{
    const char *name = c->file_base ? c->file_base : "scenario";
    if (file && file != c->s->file && strcmp(file, c->s->file) != 0 && tco_utf8_valid(file))
        name = base_name(file);
    if (src == TCO_SRC_INI && line > 0)
        snprintf(buf, size, "%s:%d", name, line);
    else if (src == TCO_SRC_INI)
        snprintf(buf, size, "%s", name);
    else if (src == TCO_SRC_DERIVED)
        snprintf(buf, size, "derived");
    else if (src == TCO_SRC_CATALOG)
        snprintf(buf, size, "catalog");
    else
        snprintf(buf, size, "default");
}

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "";
}

/* A key filled from the price catalog: the entry's file, line and as-of date,
 * and a stale mark on the price when it is older than stale_after_months. */
static void catalog_source(xw_ctx *c, char *buf, size_t size, const tco_option *o, tco_okey k)
{
    int from_offer =
        o->offer_entry && (k == TCO_O_GPU || k == TCO_O_PRICING || k == TCO_O_PRICE_PER_GPU_HOUR);
    const char *file = NULL, *as_of = NULL;
    int line = 0;
    if (from_offer) {
        file = o->offer_entry->file;
        line = o->offer_entry->line;
        as_of = o->offer_entry->as_of;
    } else if (o->model) {
        file = o->model->file;
        line = o->model->line;
        as_of = o->model->as_of;
    }
    if (!file) {
        snprintf(buf, size, "catalog");
        return;
    }
    char *f = clean_text(c, base_name(file), 200), *a = clean_text(c, as_of, 32);
    int n = snprintf(buf, size, "catalog %s:%d%s%s%s", f ? f : "", line, a ? " (as of " : "",
                     a ? a : "", a ? ")" : "");
    if (o->price_stale && (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR) && n > 0 &&
        (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ", STALE: %d months old", o->price_age_months);
    free(f);
    free(a);
}

static xw_numfmt unit_numfmt(tco_kunit u)
{
    switch (u) {
    case TCO_U_MONEY:
        return XN_MONEY_IN;
    case TCO_U_FRACTION:
        return XN_PCT;
    case TCO_U_COUNT:
    case TCO_U_YEARS:
    case TCO_U_MONTHS:
        return XN_INT;
    default:
        return XN_GENERAL;
    }
}

static void unit_text(xw_ctx *c, char *buf, size_t size, const tco_keydef *kd)
{
    const char *ul = kd->unit_label ? kd->unit_label : "";
    if (kd->unit == TCO_U_MONEY)
        snprintf(buf, size, "%s%s%s", c->currency ? c->currency : "", *ul ? " " : "", ul);
    else if (kd->unit == TCO_U_FRACTION && !*ul)
        snprintf(buf, size, "%%");
    else if (kd->unit == TCO_U_RATE && c->unit)
        snprintf(buf, size, "%ss/s per GPU", c->unit);
    else
        snprintf(buf, size, "%s", ul);
}

/* A data validation from the key's range, so a typing slip is caught. */
static void validate_input(xw_ctx *c, lxw_worksheet *ws, int row, const tco_keydef *kd)
{
    if (!(kd->hi > kd->lo))
        return;
    char msg[160];
    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = kd->type == TCO_T_INT ? LXW_VALIDATION_TYPE_INTEGER : LXW_VALIDATION_TYPE_DECIMAL;
    dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
    dv.minimum_number = kd->lo;
    dv.maximum_number = kd->hi;
    snprintf(msg, sizeof msg, "%s must be between %g and %g.", kd->name, kd->lo, kd->hi);
    dv.error_title = "Out of range";
    dv.error_message = msg;
    note(c, worksheet_data_validation_cell(ws, (lxw_row_t)row, XW_COL_VAL, &dv));
}

/* ===== Inputs ===== */

/* Defined names on the global inputs (WORKBOOK.md). */
static const char *global_name(tco_skey k)
{
    switch (k) {
    case TCO_S_DISCOUNT_RATE:
        return "DiscountRate";
    case TCO_S_ELECTRICITY_PRICE:
        return "ElectricityPrice";
    case TCO_S_ELECTRICITY_ESCALATION:
        return "ElectricityEscalation";
    case TCO_S_PUE:
        return "PUE";
    case TCO_S_COLO_PER_KW_MONTH:
        return "ColoPerKwMonth";
    case TCO_S_HOURS_PER_MONTH:
        return "HoursPerMonth";
    case TCO_S_HORIZON_MONTHS:
        return "HorizonMonths";
    case TCO_S_UTILIZATION:
        return "WorkloadUtilization";
    default:
        return NULL;
    }
}

/* Global numbers that the workbook's formulas use: styled as inputs. The others
 * (sizing figures, catalog settings) are shown for the record, styled as fixed. */
static int global_live(tco_skey k)
{
    switch (k) {
    case TCO_S_DISCOUNT_RATE:
    case TCO_S_HOURS_PER_MONTH:
    case TCO_S_ELECTRICITY_PRICE:
    case TCO_S_ELECTRICITY_ESCALATION:
    case TCO_S_PUE:
    case TCO_S_COLO_PER_KW_MONTH:
    case TCO_S_UTILIZATION:
        return 1;
    default:
        return 0;
    }
}

/* Option numbers that the cash-flow sheets use. */
static int option_live(tco_okey k)
{
    switch (k) {
    case TCO_O_COUNT_GPUS:
    case TCO_O_UTILIZATION:
    case TCO_O_TDP_W:
    case TCO_O_FP16_TFLOPS:
    case TCO_O_THROUGHPUT:
    case TCO_O_SCALING_EFFICIENCY:
    case TCO_O_GPU_PRICE:
    case TCO_O_GPUS_PER_SERVER:
    case TCO_O_SERVER_PRICE:
    case TCO_O_NETWORK_PRICE:
    case TCO_O_INSTALL_PRICE:
    case TCO_O_SERVER_POWER_W:
    case TCO_O_IDLE_POWER_FRACTION:
    case TCO_O_LOAD_POWER_FRACTION:
    case TCO_O_MAINTENANCE_RATE:
    case TCO_O_STAFF_PER_MONTH:
    case TCO_O_DEPRECIATION_YEARS:
    case TCO_O_SALVAGE_FRACTION:
    case TCO_O_RESALE_FRACTION:
    case TCO_O_RESALE_DECLINE:
    case TCO_O_PRICE_PER_GPU_HOUR:
    case TCO_O_PRICE_DECLINE:
    case TCO_O_UPFRONT:
    case TCO_O_STORAGE_PER_MONTH:
        return 1;
    default:
        return 0;
    }
}

/* The value of a key of any type at `base` (a scenario or an option): a string,
 * an enumeration's spelling, or a number. Returns 1 for a number (in *num). */
static int key_value(xw_ctx *c, const tco_keydef *kd, const char *base, double *num, char **text)
{
    *text = NULL;
    switch (kd->type) {
    case TCO_T_STRING:
    case TCO_T_DATE:
        *text = clean_text(c, *(char *const *)(base + kd->offset), XW_MAX_TEXT);
        return 0;
    case TCO_T_ENUM: {
        int v = *(const int *)(base + kd->offset), n = 0;
        while (kd->names && kd->names[n])
            n++;
        *text = xstrdup(c, v >= 0 && v < n ? kd->names[v] : "?");
        return 0;
    }
    case TCO_T_INT:
        *num = *(const int *)(base + kd->offset);
        return 1;
    default:
        *num = *(const double *)(base + kd->offset);
        return 1;
    }
}

static void define_name(xw_ctx *c, const char *name, int row, int col)
{
    char f[64];
    char cn[8];
    col_name(col, cn);
    snprintf(f, sizeof f, "=Inputs!$%s$%d", cn, row + 1);
    note(c, workbook_define_name(c->wb, name, f));
}

static void write_global(xw_ctx *c, int row, tco_skey k)
{
    const tco_scenario *s = c->s;
    const tco_keydef *kd = tco_scenario_key(k);
    lxw_worksheet *ws = c->inputs;
    char key[64], unit[96], src[160];
    snprintf(key, sizeof key, "[%s] %s", kd->section, kd->name);
    unit_text(c, unit, sizeof unit, kd);
    source_text(c, src, sizeof src, s->src[k], s->key_file[k], s->key_line[k]);
    xw_text(c, ws, row, 0, kd->label, NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    double v = 0;
    char *text;
    if (!key_value(c, kd, (const char *)s, &v, &text)) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", xw_fmt(c, XS_FIXED, XN_NONE));
        if (!text && kd->type != TCO_T_ENUM)
            snprintf(src, sizeof src, "not set");
        free(text);
    } else if (global_live(k)) {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, unit_numfmt(kd->unit)));
        validate_input(c, ws, row, kd);
    } else {
        /* The horizon sets the timeline's length: structural, like the rest. */
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_FIXED, unit_numfmt(kd->unit)));
    }
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    const char *name = global_name(k);
    if (name)
        define_name(c, name, row, XW_COL_VAL);
}

/* One option key's row; returns 0 when the key is not shown for this option. */
static int option_key_shown(const tco_option *o, tco_okey k)
{
    const tco_keydef *kd = tco_option_key(k);
    int buy = o->acquire == TCO_BUY;
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    if ((kd->applies == TCO_APPLIES_BUY && !buy) || (kd->applies == TCO_APPLIES_RENT && buy))
        return 0;
    if (k == TCO_O_RESALE_DECLINE && !o->src[k])
        return 0; /* only when it derives the resale fraction */
    if (k == TCO_O_PRICE_DECLINE && o->pricing == TCO_RESERVED)
        return 0;
    if (k == TCO_O_SALVAGE_FRACTION && macrs)
        return 0;
    return 1;
}

static void write_option_key(xw_ctx *c, size_t i, int row, tco_okey k)
{
    const tco_option *o = &c->s->options[i];
    const tco_option_result *res = &c->r->options[i];
    const tco_keydef *kd = tco_option_key(k);
    lxw_worksheet *ws = c->inputs;
    char unit[96], src[160], f[512];
    unit_text(c, unit, sizeof unit, kd);
    if (o->src[k] == TCO_SRC_CATALOG)
        catalog_source(c, src, sizeof src, o, k);
    else
        source_text(c, src, sizeof src, o->src[k], o->key_file[k], o->key_line[k]);
    xw_text(c, ws, row, 0, kd->label, NULL);
    xw_text(c, ws, row, 1, kd->name, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    lxw_format *fixed = xw_fmt(c, XS_FIXED, XN_NONE);
    double v = 0;
    char *text = NULL;
    int is_num = key_value(c, kd, (const char *)o, &v, &text);
    if (k == TCO_O_LABEL) {
        xw_text(c, ws, row, XW_COL_VAL, c->label[i], fixed);
    } else if (!is_num) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", fixed);
        if (!text && kd->type != TCO_T_ENUM)
            snprintf(src, sizeof src, "not set");
    } else if (k == TCO_O_UTILIZATION && !o->src[k]) {
        /* Follows the [workload] default, so changing that moves this option. */
        xw_fnum(c, ws, row, XW_COL_VAL, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_UTILIZATION)),
                res->utilization, xw_fmt(c, XS_CALC, XN_PCT));
        snprintf(src, sizeof src, "[workload] utilization");
    } else if (k == TCO_O_DEPRECIATION_YEARS &&
               (o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7)) {
        /* The life of a MACRS class is the length of its table. */
        int col = o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=COUNT(%s)",
                     xw_range(c, NULL, c->in_macrs, col, c->in_macrs + 7, col)),
                tco_depreciation_life(o), xw_fmt(c, XS_CALC, XN_INT));
        snprintf(src, sizeof src, "MACRS table");
    } else if (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) {
        /* Derived from the decline on the next row over the horizon. */
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=(1-%s)^(HorizonMonths/12)",
                     xw_ref(c, NULL, row + 1, XW_COL_VAL, 1, 1)),
                res->residual_fraction, xw_fmt(c, XS_CALC, XN_PCT));
        snprintf(src, sizeof src, "from resale_decline");
    } else if (option_live(k)) {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, unit_numfmt(kd->unit)));
        validate_input(c, ws, row, kd);
    } else {
        xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_FIXED, unit_numfmt(kd->unit)));
    }
    free(text);
    int stale = o->src[k] == TCO_SRC_CATALOG && o->price_stale &&
                (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR);
    xw_text(c, ws, row, 4, src, xw_fmt(c, stale ? XS_WARN : XS_KEY, XN_NONE));
}

static void write_inputs(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->inputs;
    int wa = 34;
    for (int k = 0; k < TCO_O_COUNT; k++) {
        int w = xw_width(tco_option_key((tco_okey)k)->label);
        wa = w + 2 > wa ? w + 2 : wa;
    }
    set_col(ws, 0, 0, wa);
    set_col(ws, 1, 1, 30);
    set_col(ws, 2, 2, 18);
    set_col(ws, 3, 3, 22);
    set_col(ws, 4, 4, 40);
    worksheet_set_tab_color(ws, 0xFFD966);
    xw_text(c, ws, 0, 0, "Inputs", xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            "Yellow cells are inputs: change one and every sheet follows. Grey cells are "
            "fixed by the scenario's structure (names, methods, the horizon's length) or "
            "are for the record only (sizing figures): change those in the scenario file.",
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    static const char *const heads[] = {"Input", "Key", "Value", "Unit", "Source"};
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, 3, k, heads[k], xw_fmt(c, XS_HEADER, XN_NONE));
    worksheet_freeze_panes(ws, 4, 0);
    int row = 4;
    /* The global keys by section, sections in the order the key table has them. */
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    for (int first = 0; first < TCO_S_COUNT; first++) {
        const char *section = tco_scenario_key((tco_skey)first)->section;
        int seen = 0;
        for (int k = 0; k < first && !seen; k++)
            seen = strcmp(tco_scenario_key((tco_skey)k)->section, section) == 0;
        if (seen)
            continue;
        char head[64];
        snprintf(head, sizeof head, "%s", section);
        if (head[0] >= 'a' && head[0] <= 'z')
            head[0] = (char)(head[0] - 32);
        xw_text(c, ws, row++, 0, head, sec);
        for (int k = first; k < TCO_S_COUNT; k++) {
            if (strcmp(tco_scenario_key((tco_skey)k)->section, section) != 0)
                continue;
            c->in_g[k] = row;
            write_global(c, row++, (tco_skey)k);
        }
        row++;
    }
    xw_text(c, ws, row++, 0, "Constants", sec);
    c->in_sph = row;
    xw_text(c, ws, row, 0, "Seconds per hour", NULL);
    xw_num(c, ws, row, XW_COL_VAL, 3600, xw_fmt(c, XS_FIXED, XN_INT));
    xw_text(c, ws, row, 3, "seconds", xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, ws, row, 4, "definition", xw_fmt(c, XS_KEY, XN_NONE));
    define_name(c, "SecondsPerHour", row++, XW_COL_VAL);
    row++;
    xw_text(c, ws, row++, 0, "MACRS depreciation rates (half-year convention)", sec);
    static const char *const mh[] = {"Year", "", "5-year property", "7-year property", "Source"};
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, row, k, mh[k], xw_fmt(c, XS_HEADER, XN_NONE));
    row++;
    c->in_macrs = row;
    for (int y = 1; y <= 8; y++, row++) {
        char yl[32];
        snprintf(yl, sizeof yl, "Year %d", y);
        xw_text(c, ws, row, 0, yl, NULL);
        if (y <= 6)
            xw_num(c, ws, row, 2, tco_macrs_rate(5, y), xw_fmt(c, XS_FIXED, XN_PCT));
        xw_num(c, ws, row, 3, tco_macrs_rate(7, y), xw_fmt(c, XS_FIXED, XN_PCT));
        xw_text(c, ws, row, 4, "IRS Publication 946, table A-1", xw_fmt(c, XS_KEY, XN_NONE));
    }
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        row++;
        char head[XW_MAX_TEXT / 4];
        snprintf(head, sizeof head, "Option %s: %s (%s)", c->id[i], c->label[i],
                 o->acquire == TCO_BUY ? "buy" : "rent");
        xw_text(c, ws, row++, 0, head, sec);
        int next = row;
        for (int k = 0; k < TCO_O_COUNT; k++)
            if (option_key_shown(o, (tco_okey)k))
                c->in_o[i * TCO_O_COUNT + (size_t)k] = next++;
        /* Rows are known before any is written, so a row may refer to the next. */
        for (int k = 0; k < TCO_O_COUNT; k++)
            if (c->in_o[i * TCO_O_COUNT + (size_t)k] >= 0)
                write_option_key(c, i, row++, (tco_okey)k);
    }
    xw_print_setup(c, ws, 3, 3, 1);
    worksheet_set_portrait(ws);
}

/* ===== About ===== */

/* Column B of About is 100 characters wide; longer text wraps onto taller rows. */
static void about_text(xw_ctx *c, int row, const char *value)
{
    int lines = (xw_width(value) + 94) / 95;
    if (lines > 1)
        worksheet_set_row(c->about, (lxw_row_t)row, 15.0 * (lines > 6 ? 6 : lines), NULL);
    xw_text(c, c->about, row, 1, value, xw_fmt(c, XS_WRAP, XN_NONE));
}

static void about_pair(xw_ctx *c, int row, const char *label, const char *value)
{
    xw_text(c, c->about, row, 0, label, xw_fmt(c, XS_WRAP, XN_NONE));
    about_text(c, row, value);
}

static void about_link(xw_ctx *c, int row, const char *sheet, const char *quoted, const char *what)
{
    char url[400];
    snprintf(url, sizeof url, "internal:%s!A1", quoted);
    note(c, worksheet_write_url_opt(c->about, (lxw_row_t)row, 0, url, xw_fmt(c, XS_LINK, XN_NONE),
                                    sheet, NULL));
    about_text(c, row, what);
}

static void write_about(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->about;
    char buf[XW_MAX_TEXT / 4], f[256];
    set_col(ws, 0, 0, 24);
    set_col(ws, 1, 1, 100);
    worksheet_set_tab_color(ws, 0x4472C4);
    worksheet_gridlines(ws, LXW_HIDE_ALL_GRIDLINES);
    xw_text(c, ws, 0, 0, c->name, xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0, "Total cost of ownership of GPU compute: buy or rent, month by month",
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    int row = 3;
    xw_text(c, ws, row++, 0, "Scenario", sec);
    size_t nbuy = 0;
    for (size_t i = 0; i < s->n_options; i++)
        nbuy += s->options[i].acquire == TCO_BUY;
    snprintf(buf, sizeof buf,
             "Compares %zu option%s (%zu bought, %zu rented) over %d months: total cost of "
             "ownership, net present value, cost per GPU-hour and, for bought hardware, when it "
             "breaks even with renting.",
             s->n_options, s->n_options == 1 ? "" : "s", nbuy, s->n_options - nbuy,
             s->horizon_months);
    about_pair(c, row++, "Purpose", buf);
    about_pair(c, row++, "Figures as of", c->as_of ? c->as_of : "not given");
    about_pair(c, row++, "Currency", c->currency);
    snprintf(buf, sizeof buf, "%d months; month 0 is the acquisition, months 1-%d operation",
             s->horizon_months, s->horizon_months);
    about_pair(c, row++, "Horizon", buf);
    if (r->baseline >= 0)
        snprintf(buf, sizeof buf, "%s (%s): bought options break even against it",
                 c->label[r->baseline], c->id[r->baseline]);
    else
        snprintf(buf, sizeof buf, "none: the scenario has no rent option");
    about_pair(c, row++, "Baseline", buf);
    about_pair(c, row++, "Scenario file", c->file_base ? c->file_base : "(string)");
    if (c->author)
        about_pair(c, row++, "Author", c->author);
    if (c->company)
        about_pair(c, row++, "Company", c->company);
    about_pair(c, row++, "Tool", "tco " TCO_VERSION);
    xw_text(c, ws, row, 0, "Master check", xw_fmt(c, XS_TEXT, XN_NONE));
    xw_fstr(c, ws, row, 1,
            xw_f(c, f, sizeof f, "=%s", xw_ref(c, "Checks", c->ck_master, XW_COL_VAL, 1, 1)), "OK",
            xw_fmt(c, XS_CHECK, XN_NONE));
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_CELL;
    cf.criteria = LXW_CONDITIONAL_CRITERIA_EQUAL_TO;
    cf.value_string = "\"OK\"";
    cf.format = c->fmt_ok;
    note(c, worksheet_conditional_format_cell(ws, (lxw_row_t)row, 1, &cf));
    cf.criteria = LXW_CONDITIONAL_CRITERIA_NOT_EQUAL_TO;
    cf.format = c->fmt_bad;
    note(c, worksheet_conditional_format_cell(ws, (lxw_row_t)row, 1, &cf));
    row += 2;

    xw_text(c, ws, row++, 0, "Legend", sec);
    xw_text(c, ws, row, 0, "Input", xw_fmt(c, XS_INPUT, XN_NONE));
    about_text(c, row++, "An assumption (Inputs sheet): change it and every figure follows.");
    xw_text(c, ws, row, 0, "Formula", xw_fmt(c, XS_CALC, XN_NONE));
    about_text(c, row++, "Computed from the inputs; every figure is a formula. Do not overwrite.");
    xw_text(c, ws, row, 0, "Fixed", xw_fmt(c, XS_FIXED, XN_NONE));
    about_text(c, row++,
               "Set by the scenario's structure (names, methods, horizon) or by law (MACRS "
               "rates): change it in the scenario file.");
    snprintf(buf, sizeof buf,
             "Money in %s; energy in kWh; power in kW (W per device); time in months.",
             c->currency);
    about_pair(c, row++, "Units", buf);
    about_pair(c, row++, "Sign convention",
               "Costs are positive. The residual (resale) value is a positive amount that is "
               "subtracted. Net present value discounts monthly at the annual discount rate.");
    about_pair(c, row++, "n/a, none, \xE2\x80\x93",
               "n/a: a ratio whose denominator is zero (no FLOPS or throughput given, or zero "
               "utilization). none: no break-even within the horizon or between 0% and 100% "
               "utilization. \xE2\x80\x93: zero, or not applicable to this kind of option.");
    row++;
    xw_text(c, ws, row++, 0, "Contents", sec);
    about_link(c, row++, "Inputs", "Inputs",
               "Every assumption, global and per option, with its unit and source");
    for (size_t i = 0; i < s->n_options; i++) {
        snprintf(buf, sizeof buf, "Monthly cash flow: %s (%s)", c->label[i],
                 s->options[i].acquire == TCO_BUY ? "buy" : "rent");
        about_link(c, row++, c->os[i].name, c->os[i].quoted, buf);
    }
    about_link(c, row++, "Summary", "Summary", "The options side by side, ranked, with the charts");
    about_link(c, row++, "Checks", "Checks",
               "The engine's figures beside the workbook's formulas, and the master check");
    xw_print_setup(c, ws, -1, -1, 1);
    worksheet_set_portrait(ws);
}

/* ===== Document properties ===== */

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar. */
static long long days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* opts->created when given, else as_of at 00:00 UTC, else the epoch. The
 * library reads no clock: libxlsxwriter takes 0 as "now", so the epoch is
 * written as its first second. */
static long long creation_time(const tco_scenario *s, const tco_xlsx_options *opts)
{
    long long t = opts ? opts->created : -1;
    if (t < 0) {
        t = 0;
        const char *a = s->as_of;
        if (a && strlen(a) == 10 && a[4] == '-' && a[7] == '-') {
            char *end;
            long y = strtol(a, &end, 10), m = strtol(a + 5, &end, 10), d = strtol(a + 8, &end, 10);
            if (y >= 1970 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31)
                t = days_from_civil((int)y, (int)m, (int)d) * 86400LL;
        }
    }
    return t > 0 ? t : 1;
}

/* ===== The workbook ===== */

static void ctx_free(xw_ctx *c)
{
    free(c->name);
    free(c->unit);
    free(c->file_base);
    free(c->currency);
    free(c->as_of);
    free(c->author);
    free(c->company);
    for (size_t i = 0; c->label && i < c->s->n_options; i++)
        free(c->label[i]);
    for (size_t i = 0; c->id && i < c->s->n_options; i++)
        free(c->id[i]);
    free(c->label);
    free(c->id);
    for (size_t i = 0; c->os && i < c->s->n_options; i++) {
        free(c->os[i].name);
        free(c->os[i].quoted);
    }
    free(c->os);
    free(c->in_o);
}

/* Clean copies of every user string; an empty one counts as absent. */
static char *clean_opt(xw_ctx *c, const char *s, size_t max)
{
    if (!s || !*s)
        return NULL;
    return clean_text(c, s, max);
}

static void prepare(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    c->name = clean_opt(c, s->name, 255);
    if (!c->name)
        c->name = xstrdup(c, "Scenario");
    c->unit = clean_opt(c, s->unit, 40);
    if (!c->unit)
        c->unit = xstrdup(c, "unit");
    c->currency = clean_opt(c, s->currency, 8);
    if (!c->currency)
        c->currency = xstrdup(c, "USD");
    c->as_of = clean_opt(c, s->as_of, 32);
    c->author = clean_opt(c, s->author, 255);
    c->company = clean_opt(c, s->company, 255);
    if (s->file && *s->file) {
        const char *slash = strrchr(s->file, '/');
        c->file_base = clean_opt(c, slash ? slash + 1 : s->file, 255);
    }
    c->label = calloc(n, sizeof *c->label);
    c->id = calloc(n, sizeof *c->id);
    c->os = calloc(n, sizeof *c->os);
    c->in_o = malloc(n * TCO_O_COUNT * sizeof *c->in_o);
    if (!c->label || !c->id || !c->os || !c->in_o) {
        c->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n * TCO_O_COUNT; i++)
        c->in_o[i] = -1;
    for (int k = 0; k < TCO_S_COUNT; k++)
        c->in_g[k] = -1;
    char **taken = calloc(n, sizeof *taken);
    if (!taken) {
        c->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n && !c->nomem; i++) {
        const tco_option *o = &s->options[i];
        c->id[i] = clean_opt(c, o->id, 255);
        if (!c->id[i]) {
            char tmp[32];
            snprintf(tmp, sizeof tmp, "option-%zu", i + 1);
            c->id[i] = xstrdup(c, tmp);
        }
        c->label[i] = clean_opt(c, o->label, 1000);
        if (!c->label[i])
            c->label[i] = xstrdup(c, c->id[i] ? c->id[i] : "");
        c->os[i].name = sheet_name(c, c->id[i], taken, i, i);
        taken[i] = c->os[i].name;
        if (c->os[i].name)
            c->os[i].quoted = quote_sheet(c, c->os[i].name);
    }
    free(taken);
}

static lxw_worksheet *add_sheet(xw_ctx *c, const char *name)
{
    if (c->err || c->nomem)
        return NULL;
    lxw_error e = workbook_validate_sheet_name(c->wb, name);
    if (e) {
        note(c, e);
        return NULL;
    }
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, name);
    if (!ws)
        note(c, LXW_ERROR_SHEETNAME_ALREADY_USED);
    return ws;
}

static void build(xw_ctx *c, const tco_xlsx_options *opts)
{
    const tco_scenario *s = c->s;
    prepare(c);
    if (c->nomem)
        return;
    init_numfmts(c);
    c->fmt_ok = workbook_add_format(c->wb);
    c->fmt_bad = workbook_add_format(c->wb);
    c->fmt_best = workbook_add_format(c->wb);
    c->fmt_nofit = workbook_add_format(c->wb);
    if (!c->fmt_ok || !c->fmt_bad || !c->fmt_best || !c->fmt_nofit) {
        c->nomem = 1;
        return;
    }
    format_set_bg_color(c->fmt_ok, 0xC6EFCE);
    format_set_font_color(c->fmt_ok, 0x006100);
    format_set_bg_color(c->fmt_bad, 0xFFC7CE);
    format_set_font_color(c->fmt_bad, 0x9C0006);
    format_set_bg_color(c->fmt_best, 0xE2EFDA);
    format_set_bold(c->fmt_best);
    format_set_font_color(c->fmt_nofit, 0xC00000);
    format_set_bold(c->fmt_nofit);
    format_set_align(c->fmt_nofit, LXW_ALIGN_RIGHT);

    c->about = add_sheet(c, "About");
    c->inputs = add_sheet(c, "Inputs");
    for (size_t i = 0; i < s->n_options; i++)
        c->os[i].ws = add_sheet(c, c->os[i].name);
    c->summary = add_sheet(c, "Summary");
    c->checks = add_sheet(c, "Checks");
    if (c->err || c->nomem)
        return;

    for (size_t i = 0; i < s->n_options; i++)
        xw_option_layout(c, i);
    c->ck_master = 3;
    write_inputs(c);
    for (size_t i = 0; i < s->n_options && !c->err && !c->nomem; i++)
        xw_write_option(c, i);
    xw_write_summary(c);
    xw_write_checks(c);
    write_about(c);
    worksheet_activate(c->about);

    char subject[300], comments[600];
    snprintf(subject, sizeof subject, "Total cost of ownership of GPU compute over %d months",
             s->horizon_months);
    snprintf(comments, sizeof comments,
             "A live model: every figure is a formula on the Inputs "
             "sheet. Written by tco %s from %s.",
             TCO_VERSION, c->file_base ? c->file_base : "a scenario");
    lxw_doc_properties props;
    memset(&props, 0, sizeof props);
    props.title = c->name;
    props.subject = subject;
    props.author = c->author;
    props.company = c->company;
    props.keywords = "TCO, GPU, buy or rent";
    props.comments = comments;
    props.created = (time_t)creation_time(s, opts);
    note(c, workbook_set_properties(c->wb, &props));
}

/* See documentation in header file. */
tco_status tco_report_write_xlsx(const tco_result *result, const char *path,
                                 const tco_xlsx_options *opts, tco_diags *diags)
{
    if (!path || !*path) {
        tco_diags_add(diags, TCO_SEV_ERROR, "<workbook>", 0, NULL,
                      "cannot write workbook: no output path");
        return TCO_ERR_ARG;
    }
    if (!result || !result->scenario || result->n_options == 0 ||
        result->n_options != result->scenario->n_options || result->scenario->horizon_months < 1 ||
        result->scenario->horizon_months > TCO_MAX_HORIZON) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "cannot write workbook: no computed options");
        return TCO_ERR_ARG;
    }
    tco_outfile out;
    tco_status st = tco_outfile_reserve(&out, path, diags);
    if (st != TCO_OK)
        return st;

    xw_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        tco_outfile_abort(&out);
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        return TCO_ERR_NOMEM;
    }
    c->r = result;
    c->s = result->scenario;
    lxw_workbook_options wo;
    memset(&wo, 0, sizeof wo);
    c->wb = workbook_new_opt(out.tmp, &wo);
    if (!c->wb) {
        c->nomem = 1;
    } else {
        build(c, opts);
        lxw_error e = workbook_close(c->wb); /* also frees it */
        if (e && !c->err)
            c->err = e;
    }
    st = TCO_OK;
    if (c->nomem) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        st = TCO_ERR_NOMEM;
    } else if (c->err) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      lxw_strerror(c->err));
        st = TCO_ERR_IO;
    } else {
        /* libxlsxwriter closed the file without syncing it. */
        int fd = open(out.tmp, O_RDONLY);
        if (fd < 0 || fsync(fd) != 0) {
            tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                          strerror(errno));
            st = TCO_ERR_IO;
        }
        if (fd >= 0)
            close(fd);
    }
    if (st == TCO_OK)
        st = tco_outfile_commit(&out, diags);
    else
        tco_outfile_abort(&out);
    ctx_free(c);
    free(c);
    return st;
}
