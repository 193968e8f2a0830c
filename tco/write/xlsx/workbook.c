/* xlsx.c - the live workbook: entry point, atomic write, styles, safe strings,
 * and the About and Inputs sheets. The cash-flow, Summary and Checks sheets are
 * in xlsx_model.c; docs/WORKBOOK.md describes the layout.
 *
 * Every computed cell is a formula that refers to the Inputs sheet, written
 * with the engine's value as its cached result, so a spreadsheet that
 * recalculates shows the same figures and one that changes an input sees every
 * figure follow. */
#include "util/outfile.h"
#include "util/utf8.h"
#include "core/template.h"
#include "write/xlsx/xw.h"

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

/* ===== Labels ===== */

/* See xlsx_internal.h. The template's labels are valid UTF-8 and never empty
 * (the loader checks), and neither is the built-in English. */
const char *xw_label(xw_ctx *c, const char *key, const char *english)
{
    const char *t = c ? tci_template_label(c->tpl, key) : NULL;
    if (t && *t)
        return t;
    return english && *english ? english : key;
}

/* Bytes of the longest prefix of valid UTF-8 s[0..n) that ends on a character. */
static size_t utf8_cut(const char *s, size_t n)
{
    size_t b = 0;
    while (b < n) {
        size_t len = (size_t)utf8_len((unsigned char)s[b]);
        if (b + len > n)
            break;
        b += len;
    }
    return b;
}

#define XW_MAX_ARGS 16 /* placeholders in one label */

/* See xlsx_internal.h. The text is never used as a printf format, so a
 * template cannot inject conversions; a value is copied, never re-scanned. */
const char *xw_labelf(xw_ctx *c, char *buf, size_t size, const char *key, const char *english, ...)
{
    const char *names[XW_MAX_ARGS], *values[XW_MAX_ARGS];
    size_t n = 0;
    va_list ap;
    va_start(ap, english);
    for (;;) {
        const char *name = va_arg(ap, const char *);
        if (!name)
            break;
        const char *value = va_arg(ap, const char *);
        if (n < XW_MAX_ARGS) {
            names[n] = name;
            values[n] = value ? value : "";
            n++;
        }
    }
    va_end(ap);
    if (!size)
        return buf;
    const char *text = xw_label(c, key, english);
    size_t o = 0;
    int full = 0;
    for (const char *p = text; *p && !full;) {
        const char *piece = p;
        size_t len = 1, skip = 1;
        const char *close = *p == '{' ? strchr(p + 1, '}') : NULL;
        for (size_t k = 0; close && k < n; k++) {
            if (strlen(names[k]) == (size_t)(close - p - 1) &&
                memcmp(names[k], p + 1, (size_t)(close - p - 1)) == 0) {
                piece = values[k];
                len = strlen(piece);
                skip = (size_t)(close - p) + 1;
                break;
            }
        }
        if (o + len > size - 1) {
            len = size - 1 - o;
            full = 1;
        }
        memcpy(buf + o, piece, len);
        o += len;
        p += skip;
    }
    o = utf8_cut(buf, o);
    buf[o] = '\0';
    return buf;
}

/* See xlsx_internal.h. */
const char *xw_int(xw_ctx *c, long long v)
{
    char *b = c->num[c->num_i++ % 8];
    snprintf(b, sizeof c->num[0], "%lld", v);
    return b;
}

/* A label cut to at most max_chars characters (libxlsxwriter refuses longer
 * data validation titles and messages), in buf. */
static char *label_cut(const char *text, char *buf, size_t size, size_t max_chars)
{
    size_t b = 0, chars = 0;
    while (text[b] && chars < max_chars) {
        size_t len = (size_t)utf8_len((unsigned char)text[b]);
        if (b + len > size - 1)
            break;
        b += len;
        chars++;
    }
    memcpy(buf, text, b);
    buf[b] = '\0';
    return buf;
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

/* Excel reserves "History". The fixed sheets' names come from the template's
 * labels and are taken before the option sheets are named. */
static const char *const reserved_sheets[] = {"History", NULL};

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

/* `want` made a sheet name's base in base (XW_MAX_SHEET * 4 + 1 bytes): leading and
 * trailing spaces dropped, at most 31 characters, []:*?/\ as '_', apostrophes as
 * typographic ones. Returns its length in bytes. */
static size_t sheet_base(const char *want, char *base, size_t size)
{
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
            if (bl + 3 > size - 1)
                break;
            memcpy(base + bl, "\xE2\x80\x99", 3);
            bl += 3;
        } else {
            if (bl + (size_t)len > size - 1)
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
    return bl;
}

/* A valid, unique sheet name from `want` (clean UTF-8): at most 31 characters
 * cut on a character boundary, none of []:*?/\, apostrophes turned into
 * typographic ones (so no name starts or ends with one), never empty (then
 * `fallback`, cleaned alike), unique case-insensitively among `taken` and
 * Excel's reserved names (" (2)" and so on). */
static char *sheet_name(xw_ctx *c, const char *want, char **taken, size_t ntaken,
                        const char *fallback)
{
    char base[XW_MAX_SHEET * 4 + 1];
    if (sheet_base(want, base, sizeof base) == 0 && sheet_base(fallback, base, sizeof base) == 0)
        snprintf(base, sizeof base, "Sheet");
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

/* The name as a formula writes it: bare when it is ASCII letters only (Inputs,
 * so the built-in English formulas read as before), else quoted. */
static char *formula_sheet(xw_ctx *c, const char *name)
{
    int bare = *name != '\0';
    for (const char *p = name; *p && bare; p++)
        bare = (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z');
    return bare ? xstrdup(c, name) : quote_sheet(c, name);
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

/* The currency's symbol in number formats, before or after the amount: the
 * template's (quoted) when it names the currency, else "$" for USD and the
 * ISO code and a space before the amount for the others. */
static void currency_affixes(const xw_ctx *c, char *pfx, char *sfx, size_t size)
{
    const char *cur = c->currency ? c->currency : "";
    pfx[0] = sfx[0] = '\0';
    const tci_tpl_style *st = c->style;
    for (size_t i = 0; st && i < st->n_currencies; i++) {
        const tci_tpl_currency *tc = &st->currencies[i];
        if (tc->code && tc->symbol && strcmp(tc->code, cur) == 0) {
            /* The schema keeps '"' and '\\' out of the symbol. */
            snprintf(tc->after ? sfx : pfx, size, "\"%s\"", tc->symbol);
            return;
        }
    }
    size_t n = strlen(cur), letters = 0;
    for (size_t i = 0; i < n; i++)
        letters += (cur[i] >= 'A' && cur[i] <= 'Z') || (cur[i] >= 'a' && cur[i] <= 'z');
    if (strcmp(cur, "USD") == 0)
        snprintf(pfx, size, "$");
    else if (n > 0 && n <= 8 && letters == n)
        snprintf(pfx, size, "\"%s \"", cur);
}

/* See xlsx_internal.h. */
void xw_money_format(xw_ctx *c, char *out, size_t size, int decimals, int dash)
{
    char pfx[48], sfx[48], num[32] = "#,##0";
    currency_affixes(c, pfx, sfx, sizeof pfx);
    if (decimals > 0) {
        strcat(num, ".");
        for (int i = 0; i < decimals && i < 12; i++)
            strcat(num, "0");
    }
    int minus = c->style && c->style->negatives_minus;
    if (dash && minus)
        snprintf(out, size, "%s%s%s;-%s%s%s;\"\xE2\x80\x93\"", pfx, num, sfx, pfx, num, sfx);
    else if (dash)
        snprintf(out, size, "%s%s%s;(%s%s%s);\"\xE2\x80\x93\"", pfx, num, sfx, pfx, num, sfx);
    else
        snprintf(out, size, "%s%s%s", pfx, num, sfx);
}

/* Number formats in the scenario's currency (see currency_affixes). */
static void init_numfmts(xw_ctx *c)
{
    char pfx[48], sfx[48];
    currency_affixes(c, pfx, sfx, sizeof pfx);
    xw_money_format(c, c->nf[XN_MONEY], sizeof c->nf[0], 0, 1);
    xw_money_format(c, c->nf[XN_MONEY2], sizeof c->nf[0], 2, 1);
    xw_money_format(c, c->nf[XN_MONEY4], sizeof c->nf[0], 4, 0);
    snprintf(c->nf[XN_MONEY_IN], sizeof c->nf[0], "%s#,##0.00##%s", pfx, sfx);
    xw_money_format(c, c->nf[XN_MONEY_PF], sizeof c->nf[0],
                    decimals_for(c->r, offsetof(tco_option_result, cost_per_pflop_hour)), 1);
    xw_money_format(c, c->nf[XN_MONEY_UN], sizeof c->nf[0],
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
    /* The template's look where it has one (-1: the built-in colour). */
    const tci_tpl_style *ts = c->style;
    long input_fill = ts && ts->input_fill >= 0 ? ts->input_fill : C_INPUT_FILL;
    long input_color = ts && ts->input_color >= 0 ? ts->input_color : C_INPUT_FONT;
    long head_fill = ts && ts->header_fill >= 0 ? ts->header_fill : C_HEAD_FILL;
    long title = ts && ts->title_color >= 0 ? ts->title_color : C_TITLE;
    double body = ts && ts->font_size > 0 ? ts->font_size : 11;
    xw_fmt_font(c, f);
    if (ts && ts->header_color >= 0 &&
        (st == XS_HEADER || st == XS_HEADOPT || st == XS_HEADNUM))
        format_set_font_color(f, (lxw_color_t)ts->header_color);
    switch (st) {
    case XS_TEXT:
    case XS_CALC:
        break;
    case XS_INPUT:
        format_set_bg_color(f, (lxw_color_t)input_fill);
        format_set_font_color(f, (lxw_color_t)input_color);
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
        format_set_bg_color(f, (lxw_color_t)head_fill);
        format_set_bottom(f, LXW_BORDER_THIN);
        format_set_text_wrap(f);
        format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
        if (st == XS_HEADOPT)
            format_set_align(f, LXW_ALIGN_RIGHT);
        break;
    case XS_HEADNUM:
        format_set_bold(f);
        format_set_bg_color(f, (lxw_color_t)head_fill);
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
        format_set_font_size(f, body + 3);
        format_set_font_color(f, (lxw_color_t)title);
        break;
    case XS_SUBTITLE:
        format_set_italic(f);
        format_set_font_color(f, C_GREY);
        break;
    case XS_SECTION:
        format_set_bold(f);
        format_set_font_color(f, (lxw_color_t)title);
        format_set_bottom(f, LXW_BORDER_THIN);
        format_set_bottom_color(f, 0x8EA9DB);
        break;
    case XS_NOTE:
        format_set_italic(f);
        format_set_font_size(f, body - 2);
        format_set_font_color(f, C_GREY);
        break;
    case XS_KEY:
        format_set_font_size(f, body - 2);
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

/* See xlsx_internal.h. */
void xw_fmt_font(const xw_ctx *c, lxw_format *f)
{
    if (!f || !c->style)
        return;
    if (c->style->font_name)
        format_set_font_name(f, c->style->font_name);
    if (c->style->font_size > 0)
        format_set_font_size(f, c->style->font_size);
}

/* See xlsx_internal.h. */
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

/* See xlsx_internal.h. */
long xw_accent(const xw_ctx *c, size_t k)
{
    if (!c->style || !c->style->n_accents)
        return -1;
    return c->style->accents[k % c->style->n_accents];
}

/* The template's font on the workbook's default format, which the Normal
 * style and every cell without a format of its own use. */
static void default_font(xw_ctx *c)
{
    xw_fmt_font(c, c->wb->formats ? STAILQ_FIRST(c->wb->formats) : NULL);
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

/* A cell reference written in place ($ before the column and row when
 * asked): one is built for nearly every formula cell, and snprintf costs many
 * times as much. Returns the end of what was written. */
static char *put_cell(char *p, int row, int col, int abs_row, int abs_col)
{
    char tmp[12];
    int n = 0;
    if (abs_col)
        *p++ = '$';
    for (col++; col > 0 && n < 7; col = (col - 1) / 26)
        tmp[n++] = (char)('A' + (col - 1) % 26);
    while (n)
        *p++ = tmp[--n];
    if (abs_row)
        *p++ = '$';
    unsigned v = (unsigned)row + 1;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *p++ = tmp[--n];
    *p = '\0';
    return p;
}

/* The quoted sheet name and '!' at b, when there is one; room is left for
 * two cell references after it. */
static char *put_sheet(xw_ctx *c, char *b, const char *quoted)
{
    if (!quoted)
        return b;
    size_t len = strlen(quoted), room = sizeof c->ref[0] - 2 * 24;
    memcpy(b, quoted, len < room ? len : room);
    b += len < room ? len : room;
    *b++ = '!';
    return b;
}

/* See xlsx_internal.h. */
const char *xw_ref(xw_ctx *c, const char *quoted, int row, int col, int abs_row, int abs_col)
{
    char *b = c->ref[c->ref_i++ % 16];
    put_cell(put_sheet(c, b, quoted), row, col, abs_row, abs_col);
    return b;
}

const char *xw_range(xw_ctx *c, const char *quoted, int r1, int c1, int r2, int c2)
{
    char *b = c->ref[c->ref_i++ % 16];
    char *p = put_cell(put_sheet(c, b, quoted), r1, c1, 1, 1);
    *p++ = ':';
    put_cell(p, r2, c2, 1, 1);
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
    return xw_ref(c, c->sheet_q[TCI_SHEET_INPUTS], row, XW_COL_VAL, 1, 1);
}

const char *xw_ing(xw_ctx *c, tco_skey key)
{
    if (c->in_g[key] < 0) {
        if (!c->err)
            c->err = LXW_ERROR_PARAMETER_VALIDATION;
        return "0";
    }
    return xw_ref(c, c->sheet_q[TCI_SHEET_INPUTS], c->in_g[key], XW_COL_VAL, 1, 1);
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

/* The first max_chars characters of s with every & doubled, as header and
 * footer strings need (& starts a code there); out holds 8 * max_chars + 1. */
static void amp_escape(const char *s, size_t max_chars, char *out)
{
    size_t o = 0, keep = utf8_prefix(s, max_chars);
    for (size_t i = 0; i < keep; i++) {
        if (s[i] == '&')
            out[o++] = '&';
        out[o++] = s[i];
    }
    out[o] = '\0';
}

/* See xlsx_internal.h. Header strings use & as a code, so the name's own &
 * is doubled; the header is cut well below libxlsxwriter's 255 bytes. */
void xw_print_setup(xw_ctx *c, lxw_worksheet *ws, int repeat_first, int repeat_last, int fit_wide)
{
    char header[800], name[700], footer[1300], left[700], right[500], t[520];
    amp_escape(c->name ? c->name : "", 80, name);
    snprintf(header, sizeof header, "&L%s&R&A", name);
    amp_escape(xw_labelf(c, t, sizeof t, "print.footer", "Total cost of ownership (tco {version})",
                         "version", TCO_VERSION, NULL),
               40, left);
    /* The page codes go in after the label's own & are doubled. */
    amp_escape(xw_label(c, "print.page", "Page {page} of {pages}"), 60, t);
    xw_labelf(NULL, right, sizeof right, "print.page", t, "page", "&P", "pages", "&N", NULL);
    snprintf(footer, sizeof footer, "&L%s&R%s", left, right);
    worksheet_set_landscape(ws);
    worksheet_set_paper(ws, 9); /* A4; Letter users get the same fit */
    worksheet_set_margins(ws, 0.5, 0.5, 0.75, 0.75);
    note(c, worksheet_set_header(ws, header));
    note(c, worksheet_set_footer(ws, footer));
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
    const char *name = c->file_base ? c->file_base : xw_label(c, "source.scenario", "scenario");
    if (file && file != c->s->file && strcmp(file, c->s->file) != 0 && tci_utf8_valid(file))
        name = base_name(file);
    if (src == TCO_SRC_INI && line > 0)
        snprintf(buf, size, "%s:%d", name, line);
    else if (src == TCO_SRC_INI)
        snprintf(buf, size, "%s", name);
    else if (src == TCO_SRC_DERIVED)
        snprintf(buf, size, "%s", xw_label(c, "source.derived", "derived"));
    else if (src == TCO_SRC_CATALOG)
        snprintf(buf, size, "%s", xw_label(c, "source.catalog", "catalog"));
    else
        snprintf(buf, size, "%s", xw_label(c, "source.default", "default"));
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
        snprintf(buf, size, "%s", xw_label(c, "source.catalog", "catalog"));
        return;
    }
    char *f = clean_text(c, base_name(file), 200), *a = clean_text(c, as_of, 32);
    char fl[260];
    snprintf(fl, sizeof fl, "%s:%d", f ? f : "", line);
    if (a)
        xw_labelf(c, buf, size, "source.catalog.as_of", "catalog {file} (as of {date})", "file",
                  fl, "date", a, NULL);
    else
        xw_labelf(c, buf, size, "source.catalog.file", "catalog {file}", "file", fl, NULL);
    size_t n = strlen(buf);
    if (o->price_stale && (k == TCO_O_GPU_PRICE || k == TCO_O_PRICE_PER_GPU_HOUR) && n < size)
        xw_labelf(c, buf + n, size - n, "source.stale", ", STALE: {months} months old", "months",
                  xw_int(c, o->price_age_months), NULL);
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

/* The label key of an INI key: "input.SECTION.NAME", with a suffix such as ".unit". */
static const char *key_label_key(char *buf, size_t size, const tco_keydef *kd, const char *suffix)
{
    snprintf(buf, size, "input.%s.%s%s", kd->section, kd->name, suffix);
    return buf;
}

/* A key's label for people, from the template ("input.SECTION.NAME"), else the key table's. */
static const char *key_label(xw_ctx *c, const tco_keydef *kd)
{
    char k[128];
    return xw_label(c, key_label_key(k, sizeof k, kd, ""), kd->label);
}

/* The unit beside a key's value: the template's "input.SECTION.NAME.unit" (with
 * {currency} and {unit} filled in), else the key table's unit, the currency in front
 * of money; "%" for fractions without a unit of their own. */
static void unit_text(xw_ctx *c, char *buf, size_t size, const tco_keydef *kd)
{
    const char *ul = kd->unit_label ? kd->unit_label : "";
    char english[160], k[128];
    if (kd->unit == TCO_U_MONEY)
        snprintf(english, sizeof english, "{currency}%s%s", *ul ? " " : "", ul);
    else if (kd->unit == TCO_U_RATE)
        snprintf(english, sizeof english, "{unit}s/s per GPU");
    else
        snprintf(english, sizeof english, "%s", ul);
    if (kd->unit == TCO_U_FRACTION && !*ul)
        snprintf(buf, size, "%%");
    else if (!*english)
        buf[0] = '\0';
    else
        xw_labelf(c, buf, size, key_label_key(k, sizeof k, kd, ".unit"), english, "currency",
                  c->currency ? c->currency : "", "unit", c->unit ? c->unit : "", NULL);
}

/* A data validation from the key's range, so a typing slip is caught. */
static void validate_input(xw_ctx *c, lxw_worksheet *ws, int row, const tco_keydef *kd)
{
    if (!(kd->hi > kd->lo))
        return;
    char msg[1200], cut[1200], title[200], lo[32], hi[32];
    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = kd->type == TCO_T_INT ? LXW_VALIDATION_TYPE_INTEGER : LXW_VALIDATION_TYPE_DECIMAL;
    dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
    dv.minimum_number = kd->lo;
    dv.maximum_number = kd->hi;
    snprintf(lo, sizeof lo, "%g", kd->lo);
    snprintf(hi, sizeof hi, "%g", kd->hi);
    xw_labelf(c, msg, sizeof msg, "inputs.validation.message",
              "{key} must be between {low} and {high}.", "key", kd->name, "low", lo, "high", hi,
              NULL);
    /* libxlsxwriter refuses a title over 32 characters and a message over 255. */
    dv.error_title = label_cut(xw_label(c, "inputs.validation.title", "Out of range"), title,
                               sizeof title, 32);
    dv.error_message = label_cut(msg, cut, sizeof cut, 255);
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

/* Global numbers that the workbook's formulas use: styled as inputs (and the workload
 * keys when the Workload sheet uses them, xw_workload_input). The others (catalog
 * settings, workload keys without a model) are shown for the record, styled as fixed. */
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
    char f[400];
    char cn[8];
    col_name(col, cn);
    snprintf(f, sizeof f, "=%s!$%s$%d", c->sheet_q[TCI_SHEET_INPUTS], cn, row + 1);
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
    xw_text(c, ws, row, 0, key_label(c, kd), NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    double v = 0;
    char *text;
    int is_num = key_value(c, kd, (const char *)s, &v, &text);
    if (k == TCO_S_BYTES_PER_PARAM)
        v = tco_bytes_per_param(s); /* the value in effect: its default follows the mode */
    if (!is_num) {
        xw_text(c, ws, row, XW_COL_VAL, text ? text : "\xE2\x80\x94", xw_fmt(c, XS_FIXED, XN_NONE));
        if (!text && kd->type != TCO_T_ENUM)
            snprintf(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
        free(text);
    } else if (global_live(k) || xw_workload_input(c, 1, k)) {
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
    xw_text(c, ws, row, 0, key_label(c, kd), NULL);
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
            snprintf(src, sizeof src, "%s", xw_label(c, "source.not_set", "not set"));
    } else if (k == TCO_O_UTILIZATION && !o->src[k]) {
        /* Follows the [workload] default, so changing that moves this option. */
        xw_fnum(c, ws, row, XW_COL_VAL, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_UTILIZATION)),
                res->utilization, xw_fmt(c, XS_CALC, XN_PCT));
        snprintf(src, sizeof src, "%s",
                 xw_label(c, "source.workload_utilization", "[workload] utilization"));
    } else if (k == TCO_O_DEPRECIATION_YEARS &&
               (o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7)) {
        /* The life of a MACRS class is the length of its table. */
        int col = o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=COUNT(%s)",
                     xw_range(c, NULL, c->in_macrs, col, c->in_macrs + 7, col)),
                tco_depreciation_life(o), xw_fmt(c, XS_CALC, XN_INT));
        snprintf(src, sizeof src, "%s", xw_label(c, "source.macrs_table", "MACRS table"));
    } else if (k == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) {
        /* Derived from the decline on the next row over the horizon. */
        xw_fnum(c, ws, row, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=(1-%s)^(HorizonMonths/12)",
                     xw_ref(c, NULL, row + 1, XW_COL_VAL, 1, 1)),
                res->residual_fraction, xw_fmt(c, XS_CALC, XN_PCT));
        snprintf(src, sizeof src, "%s",
                 xw_label(c, "source.from_resale_decline", "from resale_decline"));
    } else if (option_live(k) || xw_workload_input(c, 0, k)) {
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
        int w = xw_width(key_label(c, tco_option_key((tco_okey)k)));
        wa = w + 2 > wa ? w + 2 : wa;
    }
    set_col(ws, 0, 0, wa);
    set_col(ws, 1, 1, 30);
    set_col(ws, 2, 2, 18);
    set_col(ws, 3, 3, 22);
    set_col(ws, 4, 4, 40);
    worksheet_set_tab_color(ws, 0xFFD966);
    xw_text(c, ws, 0, 0, xw_label(c, "inputs.title", "Inputs"), xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            xw_label(c, "inputs.subtitle",
                     "Yellow cells are inputs: change one and every sheet follows. Grey cells are "
                     "fixed by the scenario's structure (names, methods, the horizon's length) or "
                     "are for the record only (catalog settings): change those in the scenario "
                     "file."),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    const char *heads[] = {xw_label(c, "inputs.head.input", "Input"),
                           xw_label(c, "inputs.head.key", "Key"),
                           xw_label(c, "inputs.head.value", "Value"),
                           xw_label(c, "inputs.head.unit", "Unit"),
                           xw_label(c, "inputs.head.source", "Source")};
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
        char head[64], hk[96];
        snprintf(head, sizeof head, "%s", section);
        if (head[0] >= 'a' && head[0] <= 'z')
            head[0] = (char)(head[0] - 32);
        snprintf(hk, sizeof hk, "inputs.section.%s", section);
        xw_text(c, ws, row++, 0, xw_label(c, hk, head), sec);
        for (int k = first; k < TCO_S_COUNT; k++) {
            if (strcmp(tco_scenario_key((tco_skey)k)->section, section) != 0)
                continue;
            c->in_g[k] = row;
            write_global(c, row++, (tco_skey)k);
        }
        row++;
    }
    xw_text(c, ws, row++, 0, xw_label(c, "inputs.constants", "Constants"), sec);
    c->in_sph = row;
    xw_text(c, ws, row, 0, xw_label(c, "inputs.seconds_per_hour", "Seconds per hour"), NULL);
    xw_num(c, ws, row, XW_COL_VAL, 3600, xw_fmt(c, XS_FIXED, XN_INT));
    xw_text(c, ws, row, 3, xw_label(c, "unit.seconds", "seconds"), xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, ws, row, 4, xw_label(c, "source.definition", "definition"),
            xw_fmt(c, XS_KEY, XN_NONE));
    define_name(c, "SecondsPerHour", row++, XW_COL_VAL);
    row++;
    xw_text(c, ws, row++, 0,
            xw_label(c, "inputs.macrs", "MACRS depreciation rates (half-year convention)"), sec);
    const char *mh[] = {xw_label(c, "inputs.macrs.year", "Year"), "",
                        xw_label(c, "inputs.macrs.5", "5-year property"),
                        xw_label(c, "inputs.macrs.7", "7-year property"),
                        xw_label(c, "inputs.head.source", "Source")};
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, row, k, mh[k], xw_fmt(c, XS_HEADER, XN_NONE));
    row++;
    c->in_macrs = row;
    for (int y = 1; y <= 8; y++, row++) {
        char yl[200];
        xw_text(c, ws, row, 0,
                xw_labelf(c, yl, sizeof yl, "inputs.macrs.year_n", "Year {n}", "n", xw_int(c, y),
                          NULL),
                NULL);
        if (y <= 6)
            xw_num(c, ws, row, 2, tco_macrs_rate(5, y), xw_fmt(c, XS_FIXED, XN_PCT));
        xw_num(c, ws, row, 3, tco_macrs_rate(7, y), xw_fmt(c, XS_FIXED, XN_PCT));
        xw_text(c, ws, row, 4, xw_label(c, "source.irs946", "IRS Publication 946, table A-1"),
                xw_fmt(c, XS_KEY, XN_NONE));
    }
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        row++;
        char head[XW_MAX_TEXT / 4];
        xw_labelf(c, head, sizeof head, "inputs.option", "Option {id}: {label} ({kind})", "id",
                  c->id[i], "label", c->label[i], "kind",
                  o->acquire == TCO_BUY ? xw_label(c, "common.buy", "buy")
                                        : xw_label(c, "common.rent", "rent"),
                  NULL);
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

/* The worksheet of a sheet kind other than "options", or NULL when the
 * workbook has none. */
static lxw_worksheet *kind_sheet(xw_ctx *c, int kind)
{
    switch (kind) {
    case TCI_SHEET_ABOUT:
        return c->about;
    case TCI_SHEET_INPUTS:
        return c->inputs;
    case TCI_SHEET_SUMMARY:
        return c->summary;
    case TCI_SHEET_WORKLOAD:
        return c->workload;
    case TCI_SHEET_BUY_VS_RENT:
        return c->buyrent;
    case TCI_SHEET_SENSITIVITY:
        return c->sensitivity;
    case TCI_SHEET_CASES:
        return c->cases;
    case TCI_SHEET_MONTE_CARLO:
        return c->montecarlo;
    case TCI_SHEET_CHECKS:
        return c->checks;
    default:
        return NULL;
    }
}

/* About's contents: a link to every sheet shown, in the workbook's order. */
static int about_contents(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    char buf[XW_MAX_TEXT / 4];
    static const struct {
        const char *key, *english;
    } what[TCI_SHEET_KINDS] = {
        [TCI_SHEET_INPUTS] = {XW_KEY("contents.inputs"),
                              "Every assumption, global and per option, with its unit and source"},
        [TCI_SHEET_SUMMARY] = {XW_KEY("contents.summary"),
                               "The options side by side, ranked, with the charts"},
        [TCI_SHEET_CHECKS] = {XW_KEY("contents.checks"),
                              "The engine's figures beside the workbook's formulas, and the "
                              "master check"},
    };
    int order[TCI_SHEET_KINDS];
    size_t n = tci_template_sheets(c->tpl, order);
    for (size_t k = 0; k < n; k++) {
        int kind = order[k];
        if (kind == TCI_SHEET_ABOUT)
            continue;
        if (kind == TCI_SHEET_OPTIONS) {
            for (size_t i = 0; i < s->n_options; i++) {
                xw_labelf(c, buf, sizeof buf, "contents.option",
                          "Monthly cash flow: {label} ({kind})", "label", c->label[i], "kind",
                          s->options[i].acquire == TCO_BUY ? xw_label(c, "common.buy", "buy")
                                                           : xw_label(c, "common.rent", "rent"),
                          NULL);
                about_link(c, row++, c->os[i].name, c->os[i].quoted, buf);
            }
        } else if (kind_sheet(c, kind) && what[kind].key) {
            about_link(c, row++, c->sheet[kind], c->sheet_q[kind],
                       xw_label(c, what[kind].key, what[kind].english));
        } else if (kind_sheet(c, kind)) {
            row = xw_contents_analysis(c, kind, row); /* xlsx_analysis.c */
        }
    }
    return row;
}

static void write_about(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->about;
    char buf[XW_MAX_TEXT / 4], f[512];
    set_col(ws, 0, 0, 24);
    set_col(ws, 1, 1, 100);
    worksheet_set_tab_color(ws, 0x4472C4);
    worksheet_gridlines(ws, LXW_HIDE_ALL_GRIDLINES);
    xw_text(c, ws, 0, 0, c->name, xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            xw_label(c, "about.subtitle",
                     "Total cost of ownership of GPU compute: buy or rent, month by month"),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    int row = 3;
    xw_text(c, ws, row++, 0, xw_label(c, "about.scenario", "Scenario"), sec);
    size_t nbuy = 0;
    for (size_t i = 0; i < s->n_options; i++)
        nbuy += s->options[i].acquire == TCO_BUY;
    const char *nopt = xw_int(c, (long long)s->n_options), *nb = xw_int(c, (long long)nbuy),
               *nr = xw_int(c, (long long)(s->n_options - nbuy)),
               *months = xw_int(c, s->horizon_months);
    if (s->n_options == 1)
        xw_labelf(c, buf, sizeof buf, "about.purpose.one",
                  "Compares 1 option ({buy} bought, {rent} rented) over {months} months: total "
                  "cost of ownership, net present value, cost per GPU-hour and, for bought "
                  "hardware, when it breaks even with renting.",
                  "buy", nb, "rent", nr, "months", months, NULL);
    else
        xw_labelf(c, buf, sizeof buf, "about.purpose",
                  "Compares {n} options ({buy} bought, {rent} rented) over {months} months: "
                  "total cost of ownership, net present value, cost per GPU-hour and, for "
                  "bought hardware, when it breaks even with renting.",
                  "n", nopt, "buy", nb, "rent", nr, "months", months, NULL);
    about_pair(c, row++, xw_label(c, "about.field.purpose", "Purpose"), buf);
    about_pair(c, row++, xw_label(c, "about.field.as_of", "Figures as of"),
               c->as_of ? c->as_of : xw_label(c, "about.as_of.none", "not given"));
    about_pair(c, row++, xw_label(c, "about.field.currency", "Currency"), c->currency);
    xw_labelf(c, buf, sizeof buf, "about.horizon",
              "{months} months; month 0 is the acquisition, months 1-{months} operation",
              "months", months, NULL);
    about_pair(c, row++, xw_label(c, "about.field.horizon", "Horizon"), buf);
    if (r->baseline >= 0)
        xw_labelf(c, buf, sizeof buf, "about.baseline",
                  "{label} ({id}): bought options break even against it", "label",
                  c->label[r->baseline], "id", c->id[r->baseline], NULL);
    else
        snprintf(buf, sizeof buf, "%s",
                 xw_label(c, "about.baseline.none", "none: the scenario has no rent option"));
    about_pair(c, row++, xw_label(c, "about.field.baseline", "Baseline"), buf);
    about_pair(c, row++, xw_label(c, "about.field.file", "Scenario file"),
               c->file_base ? c->file_base : xw_label(c, "about.file.none", "(string)"));
    if (c->author)
        about_pair(c, row++, xw_label(c, "about.field.author", "Author"), c->author);
    if (c->company)
        about_pair(c, row++, xw_label(c, "about.field.company", "Company"), c->company);
    about_pair(c, row++, xw_label(c, "about.field.tool", "Tool"), "tco " TCO_VERSION);
    xw_text(c, ws, row, 0, xw_label(c, "about.field.master_check", "Master check"),
            xw_fmt(c, XS_TEXT, XN_NONE));
    xw_fstr(c, ws, row, 1,
            xw_f(c, f, sizeof f, "=%s",
                 xw_ref(c, c->sheet_q[TCI_SHEET_CHECKS], c->ck_master, XW_COL_VAL, 1, 1)),
            "OK", xw_fmt(c, XS_CHECK, XN_NONE));
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

    xw_text(c, ws, row++, 0, xw_label(c, "about.legend", "Legend"), sec);
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.input", "Input"),
            xw_fmt(c, XS_INPUT, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.input.text",
                        "An assumption (Inputs sheet): change it and every figure follows."));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.formula", "Formula"),
            xw_fmt(c, XS_CALC, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.formula.text",
                        "Computed from the inputs; every figure is a formula. Do not overwrite."));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.fixed", "Fixed"),
            xw_fmt(c, XS_FIXED, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.fixed.text",
                        "Set by the scenario's structure (names, methods, horizon) or by law "
                        "(MACRS rates): change it in the scenario file."));
    xw_labelf(c, buf, sizeof buf, "about.units",
              "Money in {currency}; energy in kWh; power in kW (W per device); time in months.",
              "currency", c->currency, NULL);
    about_pair(c, row++, xw_label(c, "about.field.units", "Units"), buf);
    about_pair(c, row++, xw_label(c, "about.field.signs", "Sign convention"),
               xw_label(c, "about.signs",
                        "Costs are positive. The residual (resale) value is a positive amount "
                        "that is subtracted. Net present value discounts monthly at the annual "
                        "discount rate."));
    about_pair(c, row++, xw_label(c, "about.field.tokens", "n/a, none, \xE2\x80\x93"),
               xw_label(c, "about.tokens",
                        "n/a: a ratio whose denominator is zero (no FLOPS or throughput given, "
                        "or zero utilization). none: no break-even within the horizon or "
                        "between 0% and 100% utilization. \xE2\x80\x93: zero, or not applicable "
                        "to this kind of option."));
    row++;
    xw_text(c, ws, row++, 0, xw_label(c, "about.contents", "Contents"), sec);
    about_contents(c, row);
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
    for (int k = 0; k < TCI_SHEET_KINDS; k++) {
        free(c->sheet[k]);
        free(c->sheet_q[k]);
    }
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
        c->name = xstrdup(c, xw_label(c, "common.scenario", "Scenario"));
    c->unit = clean_opt(c, s->unit, 40);
    if (!c->unit)
        c->unit = xstrdup(c, xw_label(c, "common.unit_of_work", "unit"));
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
    /* The fixed sheets are named first, from their labels; the option sheets
     * then take names that none of them has. */
    static const char *const english[TCI_SHEET_KINDS] = {
        [TCI_SHEET_ABOUT] = "About",          [TCI_SHEET_INPUTS] = "Inputs",
        [TCI_SHEET_OPTIONS] = NULL,           [TCI_SHEET_SUMMARY] = "Summary",
        [TCI_SHEET_WORKLOAD] = "Workload",    [TCI_SHEET_BUY_VS_RENT] = "Buy-vs-Rent",
        [TCI_SHEET_SENSITIVITY] = "Sensitivity", [TCI_SHEET_CASES] = "Cases",
        [TCI_SHEET_MONTE_CARLO] = "Monte Carlo", [TCI_SHEET_CHECKS] = "Checks"};
    char **taken = calloc(n + TCI_SHEET_KINDS, sizeof *taken);
    if (!taken) {
        c->nomem = 1;
        return;
    }
    size_t nt = 0;
    for (int k = 0; k < TCI_SHEET_KINDS && !c->nomem; k++) {
        if (!english[k])
            continue;
        char key[64]; /* sheet.KIND, with '_' for '-': sheet.buy_vs_rent */
        snprintf(key, sizeof key, "sheet.%s", tci_template_sheet_kind(k));
        for (char *q = key; *q; q++)
            if (*q == '-')
                *q = '_';
        char *want = clean_text(c, xw_label(c, key, english[k]), XW_MAX_TEXT);
        c->sheet[k] = sheet_name(c, want, taken, nt, english[k]);
        free(want);
        if (c->sheet[k]) {
            taken[nt++] = c->sheet[k];
            c->sheet_q[k] = formula_sheet(c, c->sheet[k]);
        }
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
        char fallback[200];
        xw_labelf(c, fallback, sizeof fallback, "sheet.option", "Option {n}", "n",
                  xw_int(c, (long long)i + 1), NULL);
        c->os[i].name = sheet_name(c, c->id[i], taken, nt, fallback);
        taken[nt++] = c->os[i].name;
        if (c->os[i].name)
            c->os[i].quoted = quote_sheet(c, c->os[i].name);
    }
    free(taken);
}

static lxw_worksheet *add_sheet(xw_ctx *c, const char *name)
{
    if (c->err || c->nomem)
        return NULL;
    if (!name || !*name) { /* never reaches libxlsxwriter (it overflows on "") */
        note(c, LXW_ERROR_SHEETNAME_LENGTH_EXCEEDED);
        return NULL;
    }
    lxw_error e = workbook_validate_sheet_name(c->wb, name);
    if (e) {
        note(c, e);
        return NULL;
    }
    /* The name is valid and free, so a failure is memory or, in constant_memory
     * mode, the sheet's temporary file (one stays open per sheet until the
     * workbook is closed: too many sheets for the open-file limit). */
    errno = 0;
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, name);
    if (!ws && errno && errno != ENOMEM) {
        c->sys_errno = errno;
        note(c, LXW_ERROR_CREATING_TMPFILE);
    } else if (!ws) {
        c->nomem = 1;
    }
    return ws;
}

/* See xlsx_internal.h. */
lxw_worksheet *xw_add_sheet(xw_ctx *c, int kind)
{
    if (kind < 0 || kind >= TCI_SHEET_KINDS || kind == TCI_SHEET_OPTIONS)
        return NULL;
    lxw_worksheet *ws = add_sheet(c, c->sheet[kind]);
    if (ws && !c->shown[kind])
        worksheet_hide(ws);
    return ws;
}

/* Add the sheets of one kind where the workbook's order has them. */
static void add_kind(xw_ctx *c, int kind)
{
    const tco_scenario *s = c->s;
    switch (kind) {
    case TCI_SHEET_ABOUT:
        c->about = xw_add_sheet(c, kind);
        break;
    case TCI_SHEET_INPUTS:
        c->inputs = xw_add_sheet(c, kind);
        break;
    case TCI_SHEET_OPTIONS:
        for (size_t i = 0; i < s->n_options; i++) {
            c->os[i].ws = add_sheet(c, c->os[i].name);
            if (c->os[i].ws && !c->shown[kind])
                worksheet_hide(c->os[i].ws);
        }
        break;
    case TCI_SHEET_SUMMARY:
        c->summary = xw_add_sheet(c, kind);
        break;
    case TCI_SHEET_CHECKS:
        c->checks = xw_add_sheet(c, kind);
        break;
    default: /* the analysis sheets, when the scenario calls for them (xlsx_analysis.c) */
        if (xw_analysis_wanted(c, kind)) {
            lxw_worksheet *ws = xw_add_sheet(c, kind);
            if (kind == TCI_SHEET_WORKLOAD)
                c->workload = ws;
            else if (kind == TCI_SHEET_BUY_VS_RENT)
                c->buyrent = ws;
            else if (kind == TCI_SHEET_SENSITIVITY)
                c->sensitivity = ws;
            else if (kind == TCI_SHEET_CASES)
                c->cases = ws;
            else if (kind == TCI_SHEET_MONTE_CARLO)
                c->montecarlo = ws;
        }
        break;
    }
}

static void build(xw_ctx *c, const tco_xlsx_options *opts)
{
    const tco_scenario *s = c->s;
    int order[TCI_SHEET_KINDS];
    size_t n_order = tci_template_sheets(c->tpl, order);
    for (size_t k = 0; k < n_order; k++)
        c->shown[order[k]] = 1;
    c->n_charts = (int)tci_template_charts(c->tpl, c->charts);
    prepare(c);
    if (c->nomem)
        return;
    default_font(c);
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
    xw_fmt_font(c, c->fmt_nofit);

    /* The sheets in the template's order. The option sheets and the Summary are
     * written even when it leaves them out, hidden at the end, since the Summary
     * and Checks refer to them. */
    for (size_t k = 0; k < n_order; k++)
        add_kind(c, order[k]);
    if (!c->shown[TCI_SHEET_OPTIONS])
        add_kind(c, TCI_SHEET_OPTIONS);
    if (!c->shown[TCI_SHEET_SUMMARY])
        add_kind(c, TCI_SHEET_SUMMARY);
    if (c->err || c->nomem)
        return;

    for (size_t i = 0; i < s->n_options; i++)
        xw_option_layout(c, i);
    c->ck_master = 3;
    write_inputs(c);
    for (size_t i = 0; i < s->n_options && !c->err && !c->nomem; i++)
        xw_write_option(c, i);
    xw_write_summary(c);
    xw_write_workload(c);
    xw_write_buy_vs_rent(c);
    xw_write_sensitivity(c);
    xw_write_cases(c);
    xw_write_monte_carlo(c);
    xw_write_checks(c);
    if (c->about)
        write_about(c);
    worksheet_activate(c->about ? c->about : c->inputs);

    char subject[600], comments[1200], keywords[600];
    xw_labelf(c, subject, sizeof subject, "doc.subject",
              "Total cost of ownership of GPU compute over {months} months", "months",
              xw_int(c, s->horizon_months), NULL);
    xw_labelf(c, comments, sizeof comments, "doc.comments",
              "A live model: every figure is a formula on the Inputs sheet. Written by tco "
              "{version} from {file}.",
              "version", TCO_VERSION, "file",
              c->file_base ? c->file_base : xw_label(c, "doc.file.none", "a scenario"), NULL);
    snprintf(keywords, sizeof keywords, "%s", xw_label(c, "doc.keywords", "TCO, GPU, buy or rent"));
    lxw_doc_properties props;
    memset(&props, 0, sizeof props);
    props.title = c->name;
    props.subject = subject;
    props.author = c->author;
    props.company = c->company;
    props.keywords = keywords;
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
    tci_outfile out;
    tco_status st = tci_outfile_reserve(&out, path, diags);
    if (st != TCO_OK)
        return st;

    xw_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        tci_outfile_abort(&out);
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        return TCO_ERR_NOMEM;
    }
    c->r = result;
    c->s = result->scenario;
    c->tpl = opts ? opts->tpl : NULL;
    c->style = tci_template_style(c->tpl);
    /* constant_memory: each row goes to the sheet's temporary file when the
     * next row starts, so memory stays flat however many options and months
     * (every sheet is written top to bottom); strings are written inline. */
    lxw_workbook_options wo;
    memset(&wo, 0, sizeof wo);
    wo.constant_memory = LXW_TRUE;
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
    } else if (c->sys_errno) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "cannot write workbook: cannot create a temporary file for a sheet: %s",
                      strerror(c->sys_errno));
        st = TCO_ERR_IO;
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
        st = tci_outfile_commit(&out, diags);
    else
        tci_outfile_abort(&out);
    ctx_free(c);
    free(c);
    return st;
}
