/* cell.c - the workbook's cell primitives: safe strings and labels, sheet
 * names, styles and number formats, cell references, cell writes, print setup
 * and the recorder of libxlsxwriter's errors. Every sheet is written through
 * these; they know no sheet. */
#include "write/xlsx/cell.h"
#include "util/numtext.h"
#include "util/utf8.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== Safe strings ===== */

/* U+FFFD, the replacement character, at out[o]; returns the next position. */
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
char *xw_clean_text(xw_ctx *c, const char *in, size_t max_chars)
{
    if (!in)
        return NULL;
    size_t n = strlen(in), o = 0, chars = 0;
    char *out = malloc(n * 3 + 1);
    if (!out) {
        c->nomem = 1;
        return NULL;
    }
    size_t i = 0;
    while (i < n && chars < max_chars) {
        uint32_t cp;
        size_t len = tci_utf8_decode(in + i, n - i, &cp);
        chars++;
        if (!len) {
            o = put_fffd(out, o);
            i++;
            continue;
        }
        if (cp < 0x20 || cp == 0x7F)
            out[o++] = ' ';
        else if (cp == 0xFFFE || cp == 0xFFFF)
            o = put_fffd(out, o);
        else {
            memcpy(out + o, in + i, len);
            o += len;
        }
        i += len;
    }
    out[o] = '\0';
    return out;
}

/* ===== Labels ===== */

/* See cell.h. The template's labels are valid UTF-8 and never empty
 * (the loader checks), and neither is the built-in English. */
const char *xw_label(xw_ctx *c, const char *key, const char *english)
{
    const char *t = c ? tci_template_label(c->tpl, key) : NULL;
    if (t && *t)
        return t;
    return english && *english ? english : key;
}

/* See cell.h. */
const char *xw_line_label(xw_ctx *c, tco_cost_line line)
{
    const tco_cost_line_info *l = tco_cost_line_get(line);
    return l ? xw_label(c, l->sheet_key, l->sheet_label) : "";
}

#define XW_MAX_ARGS 16 /* placeholders in one label */

/* See cell.h. The text is never used as a printf format, so a
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
    o = tci_utf8_cut(buf, o);
    buf[o] = '\0';
    return buf;
}

/* See cell.h. */
xw_numbuf xw_int(long long v)
{
    xw_numbuf b;
    tci_utf8_format(b.s, sizeof b.s, "%lld", v);
    return b;
}

/* `t` cut to `max` bytes on a character boundary into text, and the same text
 * as a formula's string literal (quoted, its quotes doubled) into lit: the one
 * place a label becomes a literal. lit holds at least 2 * max + 3 bytes. */
static void literal_of(const char *t, size_t max, char *text, char *lit)
{
    size_t n = strlen(t);
    if (n > max)
        n = tci_utf8_cut(t, max);
    memcpy(text, t, n);
    text[n] = '\0';
    char *q = lit;
    *q++ = '"';
    for (size_t k = 0; k < n; k++) {
        if (t[k] == '"')
            *q++ = '"';
        *q++ = t[k];
    }
    *q++ = '"';
    *q = '\0';
}

/* A label as a word (cell.h, xw_word): the text, cut to 60 bytes on a
 * character boundary, and the same text as a formula's string literal. */
static xw_word word_of(const char *t)
{
    xw_word w;
    literal_of(t, sizeof w.text - 4, w.text, w.lit);
    return w;
}

/* See cell.h. */
xw_phrase xw_phrase_of(const char *t)
{
    xw_phrase p;
    literal_of(t ? t : "", sizeof p.text - 6, p.text, p.lit);
    return p;
}

/* See cell.h. */
xw_word xw_be_word(xw_ctx *c, tco_breakeven_note note)
{
    /* The English words are tco_breakeven_note_name's. */
    switch (note) {
    case TCO_BE_ALWAYS:
        return word_of(xw_label(c, "word.always", "always"));
    case TCO_BE_PARALLEL:
        return word_of(xw_label(c, "word.parallel", "parallel"));
    default:
        return word_of(xw_label(c, "word.never", "never"));
    }
}

/* See cell.h. */
xw_word xw_na_word(xw_ctx *c)
{
    return word_of(xw_label(c, "word.na", "n/a"));
}

/* See cell.h. */
xw_word xw_irr_word(xw_ctx *c, const char *note)
{
    /* The engine's reasons are finance.h's. */
    if (!note || strcmp(note, "no sign change") == 0)
        return word_of(xw_label(c, "word.irr.no_sign_change", "none: no sign change"));
    if (strstr(note, "more than one rate"))
        return word_of(xw_label(c, "word.irr.several_rates", "none: several rates"));
    if (strstr(note, "no rate"))
        return word_of(xw_label(c, "word.irr.no_rate", "none: no rate"));
    return xw_na_word(c);
}

/* See cell.h. */
xw_word xw_tokens_never_word(xw_ctx *c)
{
    return word_of(xw_label(c, XW_KEY("word.never_at_this_count"), "never at this count"));
}

/* See cell.h. */
xw_word xw_tokens_any_word(xw_ctx *c)
{
    return word_of(xw_label(c, XW_KEY("word.at_any_volume"), "at any volume"));
}

/* A label cut to at most max_chars characters (libxlsxwriter refuses longer
 * data validation titles and messages), in buf. */
char *xw_label_cut(const char *text, char *buf, size_t size, size_t max_chars)
{
    size_t b = tci_utf8_prefix(text, max_chars);
    if (b > size - 1)
        b = tci_utf8_cut(text, size - 1);
    memcpy(buf, text, b);
    buf[b] = '\0';
    return buf;
}

/* See cell.h. */
const char *xw_base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "";
}

/* See cell.h. */
char *xw_strdup(xw_ctx *c, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        c->nomem = 1;
    else
        memcpy(d, s, n);
    return d;
}

/* ===== Sheets and their names ===== */

/* Excel reserves "History". The fixed sheets' names come from the template's
 * labels and are taken before the option sheets are named. */
static const char *const reserved_sheets[] = {"History", NULL};

/* 1 when cand is a reserved name or one of the n names taken, whatever the
 * case: letters are compared case-folded, non-ASCII ones too (Übersicht and
 * üBERSICHT are the same sheet to Excel). */
static int sheet_taken(char **taken, size_t n, const char *cand)
{
    for (const char *const *r = reserved_sheets; *r; r++)
        if (tci_utf8_casecmp(*r, cand) == 0)
            return 1;
    for (size_t i = 0; i < n; i++)
        if (taken[i] && tci_utf8_casecmp(taken[i], cand) == 0)
            return 1;
    return 0;
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
        int len = (int)tci_utf8_len((unsigned char)*p);
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
char *xw_sheet_name(xw_ctx *c, const char *want, char **taken, size_t ntaken, const char *fallback)
{
    char base[XW_MAX_SHEET * 4 + 1];
    if (sheet_base(want, base, sizeof base) == 0 && sheet_base(fallback, base, sizeof base) == 0)
        tci_utf8_format(base, sizeof base, "Sheet");
    char cand[sizeof base + 16];
    for (int k = 1;; k++) {
        char suffix[16] = "";
        if (k > 1)
            tci_utf8_format(suffix, sizeof suffix, " (%d)", k);
        size_t keep = tci_utf8_prefix(base, XW_MAX_SHEET - strlen(suffix));
        while (keep > 0 && base[keep - 1] == ' ')
            keep--;
        tci_utf8_format(cand, sizeof cand, "%.*s%s", (int)keep, base, suffix);
        if (!sheet_taken(taken, ntaken, cand))
            return xw_strdup(c, cand);
    }
}

/* 'name' with apostrophes doubled, as formulas need it. */
char *xw_quote_sheet(xw_ctx *c, const char *name)
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
char *xw_formula_sheet(xw_ctx *c, const char *name)
{
    int bare = *name != '\0';
    for (const char *p = name; *p && bare; p++)
        bare = (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z');
    return bare ? xw_strdup(c, name) : xw_quote_sheet(c, name);
}

/* ===== Formats ===== */

/* See cell.h. */
int xw_sig_decimals(const void *base, size_t n, size_t stride, size_t offset, int sig)
{
    double lo = INFINITY;
    for (size_t i = 0; i < n; i++) {
        double v = *(const double *)((const char *)base + i * stride + offset);
        if (isfinite(v) && v > 0 && v < lo)
            lo = v;
    }
    if (!isfinite(lo))
        return 2;
    int d = tco_sig_decimals(lo, sig);
    return d < 2 ? 2 : d;
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
            tci_utf8_format(tc->after ? sfx : pfx, size, "\"%s\"", tc->symbol);
            return;
        }
    }
    size_t n = strlen(cur), letters = 0;
    for (size_t i = 0; i < n; i++)
        letters += (cur[i] >= 'A' && cur[i] <= 'Z') || (cur[i] >= 'a' && cur[i] <= 'z');
    if (strcmp(cur, "USD") == 0)
        tci_utf8_format(pfx, size, "$");
    else if (n > 0 && n <= 8 && letters == n)
        tci_utf8_format(pfx, size, "\"%s \"", cur);
}

/* See cell.h. */
void xw_zero_format(char *out, size_t size, int decimals, const char *pos, const char *neg,
                    const char *zero)
{
    /* Half the last digit shown: 0.5, 0.05, 0.005, ... */
    char half[24] = "0.";
    for (int i = 0; i < decimals && i < 15; i++)
        strcat(half, "0");
    strcat(half, "5");
    tci_utf8_format(out, size, "[=0]%s;[<=-%s]%s;%s", zero ? zero : pos, half, neg, pos);
}

/* See cell.h. */
void xw_signed_format(char *out, size_t size, int decimals, const char *f)
{
    char half[24] = "0.";
    for (int i = 0; i < decimals && i < 15; i++)
        strcat(half, "0");
    strcat(half, "5");
    tci_utf8_format(out, size, "[>=%s]+%s;[<=-%s]-%s;%s", half, f, half, f, f);
}

/* See cell.h. */
void xw_money_format(xw_ctx *c, char *out, size_t size, int decimals, int dash)
{
    char pfx[48], sfx[48], num[32] = "#,##0";
    currency_affixes(c, pfx, sfx, sizeof pfx);
    if (decimals > 0) {
        strcat(num, ".");
        for (int i = 0; i < decimals && i < 15; i++)
            strcat(num, "0");
    }
    if (!dash) {
        tci_utf8_format(out, size, "%s%s%s", pfx, num, sfx);
        return;
    }
    char pos[120], neg[130];
    tci_utf8_format(pos, sizeof pos, "%s%s%s", pfx, num, sfx);
    if (c->style && c->style->negatives_minus)
        tci_utf8_format(neg, sizeof neg, "-%s", pos);
    else
        tci_utf8_format(neg, sizeof neg, "(%s)", pos);
    xw_zero_format(out, size, decimals, pos, neg, dash > 0 ? "\"\xE2\x80\x93\"" : pos);
}

/* See cell.h. */
void xw_format_literal(char *out, size_t size, const char *text)
{
    size_t o = 0;
    for (const char *p = text ? text : ""; *p && o + 1 < size; p++)
        if (*p != '"' && *p != '\\')
            out[o++] = *p;
    out[tci_utf8_cut(out, o)] = '\0'; /* never part of a character */
}

/* See cell.h. */
void xw_flag_format(char *out, size_t size, const char *yes, const char *no)
{
    /* Room for both words with the format around them (22 bytes and the NUL). */
    char y[120], n[120];
    size_t room = size > 23 ? (size - 23) / 2 + 1 : 1;
    room = room < sizeof y ? room : sizeof y;
    xw_format_literal(y, room, yes);
    xw_format_literal(n, room, no);
    tci_utf8_format(out, size, "[=1]\"%s\";[=0]\"%s\";General", y, n);
}

/* Number formats in the scenario's currency (see currency_affixes). */
static void init_numfmts(xw_ctx *c)
{
    char pfx[48], sfx[48];
    currency_affixes(c, pfx, sfx, sizeof pfx);
    xw_money_format(c, c->nf[XN_MONEY], sizeof c->nf[0], 0, 1);
    xw_money_format(c, c->nf[XN_MONEY2], sizeof c->nf[0], 2, 1);
    xw_money_format(c, c->nf[XN_MONEY4], sizeof c->nf[0], 4, -1);
    char in[120], in_neg[130];
    tci_utf8_format(in, sizeof in, "%s#,##0.00##%s", pfx, sfx);
    tci_utf8_format(in_neg, sizeof in_neg, c->style && c->style->negatives_minus ? "-%s" : "(%s)",
                    in);
    xw_zero_format(c->nf[XN_MONEY_IN], sizeof c->nf[0], 4, in, in_neg, NULL);
    xw_money_format(c, c->nf[XN_MONEY_PF], sizeof c->nf[0],
                    xw_sig_decimals(c->r->options, c->r->n_options, sizeof *c->r->options,
                                    offsetof(tco_option_result, cost_per_pflop_hour), 3),
                    1);
    /* Costs per unit of work at the terminal table's scale (per 1M tokens): the
     * decimals of four significant digits of the lowest, at that scale. */
    int un = xw_sig_decimals(c->r->options, c->r->n_options, sizeof *c->r->options,
                             offsetof(tco_option_result, cost_per_unit), TCO_UNIT_COST_DIGITS);
    for (double p = tco_result_unit_scale(c->r).per; p >= 10; p /= 10)
        un--;
    xw_money_format(c, c->nf[XN_MONEY_UN], sizeof c->nf[0], un < 2 ? 2 : un, 1);
    strcpy(c->nf[XN_GENERAL], "General");
    /* Plain numbers: a value that rounds to zero prints as zero, never -0. */
    static const struct {
        xw_numfmt nf;
        int decimals; /* of the value: two more than a percentage shows */
        const char *pos, *neg;
    } plain[] = {
        {XN_PCT, 4, "0.00%", "-0.00%"},        {XN_PCT4, 6, "0.0000%", "-0.0000%"},
        {XN_INT, 0, "#,##0", "-#,##0"},        {XN_DEC2, 2, "#,##0.00", "-#,##0.00"},
        {XN_DEC6, 6, "0.000000", "-0.000000"}, {XN_NUM, 6, "#,##0.00####", "-#,##0.00####"},
    };
    for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++)
        xw_zero_format(c->nf[plain[k].nf], sizeof c->nf[0], plain[k].decimals, plain[k].pos,
                       plain[k].neg, NULL);
    strcpy(c->nf[XN_SCI], "0.00E+00");
    xw_flag_format(c->nf[XN_FLAG], sizeof c->nf[0], xw_label(c, "summary.feasible.yes", "yes"),
                   xw_label(c, "summary.feasible.no", "NO"));
    tci_utf8_format(c->nf[XN_MONTH], sizeof c->nf[0], "yyyy\\-mm");
}

#define C_INPUT_FILL 0xFFF2CC
#define C_INPUT_FONT 0x0000FF
#define C_FIXED_FILL 0xF2F2F2
#define C_FIXED_FONT 0x404040
#define C_HEAD_FILL  0xDDEBF7
#define C_TITLE      0x1F3864
#define C_GREY       0x595959
#define C_LINK       0x0563C1

/* See cell.h. Formats are made on first use and shared. */
/* The format in use already that libxlsxwriter would give f's index, else f.
 * libxlsxwriter finds a format's index by hashing its bytes (its pointers
 * aside) and keeps the index only in the first format of a look: each cell of
 * an equal format made later (a plain style is the default format's look)
 * costs that hash again. The same lookup made once, with the same bytes,
 * gives the format whose index is kept: the cells get the same index. A
 * lookup that misses, whatever the reason, leaves f as it was. */
static lxw_format *used_twin(lxw_format *f)
{
    if (!f->xf_format_indices || f->xf_index != LXW_PROPERTY_UNSET)
        return f;
    lxw_format key;
    memcpy(&key, f, sizeof key);
    key.xf_format_indices = NULL;
    key.dxf_format_indices = NULL;
    key.num_xf_formats = NULL;
    key.num_dxf_formats = NULL;
    key.list_pointers.stqe_next = NULL;
    lxw_hash_element *e = lxw_hash_key_exists(f->xf_format_indices, &key, sizeof key);
    return e && e->value ? (lxw_format *)e->value : f;
}

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
    if (ts && ts->header_color >= 0 && (st == XS_HEADER || st == XS_HEADOPT || st == XS_HEADNUM))
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
        format_set_font_color(f, C_FIXED_FONT);
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
    c->fmt[st][nf] = used_twin(f);
    return c->fmt[st][nf];
}

/* See cell.h. */
xw_numfmt xw_unit_numfmt(tco_kunit u)
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
        return XN_NUM;
    }
}

/* See cell.h. */
xw_numfmt xw_value_numfmt(tco_kunit u, double v)
{
    xw_numfmt nf = xw_unit_numfmt(u);
    return nf == XN_NUM && isfinite(v) && fabs(v) < 1e15 && v == floor(v) ? XN_INT : nf;
}

/* See cell.h. */
lxw_format *xw_fmt_num_own(xw_ctx *c, xw_style st, const char *num_format)
{
    lxw_format *f = workbook_add_format(c->wb);
    if (!f) {
        c->nomem = 1;
        return NULL;
    }
    if (st == XS_FIXED) {
        format_set_bg_color(f, C_FIXED_FILL);
        format_set_font_color(f, C_FIXED_FONT);
    } else if (st == XS_TOTAL) {
        format_set_bold(f);
        format_set_top(f, LXW_BORDER_THIN);
    }
    format_set_num_format(f, num_format);
    format_set_align(f, LXW_ALIGN_RIGHT);
    xw_fmt_font(c, f);
    return f;
}

/* See cell.h. A format of the same style and number format is the same
 * format: made again, each cell of it would cost libxlsxwriter a lookup
 * (used_twin). */
lxw_format *xw_fmt_num(xw_ctx *c, xw_style st, const char *num_format)
{
    for (size_t k = 0; k < c->n_fmt_num; k++)
        if (c->fmt_num[k].st == st && strcmp(c->fmt_num[k].f->num_format, num_format) == 0)
            return c->fmt_num[k].f;
    lxw_format *f = xw_fmt_num_own(c, st, num_format);
    if (f && c->n_fmt_num < sizeof c->fmt_num / sizeof c->fmt_num[0]) {
        c->fmt_num[c->n_fmt_num].st = st;
        c->fmt_num[c->n_fmt_num++].f = f;
    }
    return f;
}

/* See cell.h. */
void xw_fmt_font(const xw_ctx *c, lxw_format *f)
{
    if (!f || !c->style)
        return;
    if (c->style->font_name)
        format_set_font_name(f, c->style->font_name);
    if (c->style->font_size > 0)
        format_set_font_size(f, c->style->font_size);
}

/* The template's font on the workbook's default format, which the Normal
 * style and every cell without a format of its own use. */
static void default_font(xw_ctx *c)
{
    xw_fmt_font(c, c->wb->formats ? STAILQ_FIRST(c->wb->formats) : NULL);
}

/* See cell.h. */
void xw_formats_init(xw_ctx *c)
{
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
}

/* ===== References and cells ===== */

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

/* The quoted sheet name and '!' at b (an xw_refbuf's text), when there is
 * one; room is left for two cell references after it. */
static char *put_sheet(char *b, const char *quoted)
{
    if (!quoted)
        return b;
    size_t len = strlen(quoted), room = sizeof(xw_refbuf) - 2 * 24;
    memcpy(b, quoted, len < room ? len : room);
    b += len < room ? len : room;
    *b++ = '!';
    return b;
}

/* See cell.h. */
xw_refbuf xw_ref(const char *quoted, int row, int col, int abs_row, int abs_col)
{
    xw_refbuf b;
    put_cell(put_sheet(b.s, quoted), row, col, abs_row, abs_col);
    return b;
}

/* See cell.h. */
xw_refbuf xw_range(const char *quoted, int r1, int c1, int r2, int c2)
{
    xw_refbuf b;
    char *p = put_cell(put_sheet(b.s, quoted), r1, c1, 1, 1);
    *p++ = ':';
    put_cell(p, r2, c2, 1, 1);
    return b;
}

/* An absolute reference to the value of an Inputs row, or "0" with an error
 * recorded in c when the row does not exist (XW_NONE). */
static xw_refbuf input_ref(xw_ctx *c, int row)
{
    if (row == XW_NONE) {
        xw_refbuf zero = {"0"};
        if (!c->err)
            c->err = LXW_ERROR_PARAMETER_VALIDATION;
        return zero;
    }
    return xw_ref(c->sheet_q[TCI_SHEET_INPUTS], row, XW_COL_VAL, 1, 1);
}

/* See cell.h. */
xw_refbuf xw_in(xw_ctx *c, size_t opt, tco_okey key)
{
    return input_ref(c, c->in_o[opt * TCO_O_COUNT + key]);
}

/* See cell.h. */
xw_refbuf xw_in_global(xw_ctx *c, tco_skey key)
{
    return input_ref(c, c->in_g[key]);
}

/* See cell.h. */
const char *xw_request_tokens(xw_ctx *c, char *buf, size_t size, int parts)
{
    if (parts || c->in_g[TCO_S_TOKENS_PER_REQUEST] == XW_NONE)
        return xw_formula(c, buf, size, "(%s+%s)",
                          xw_in_global(c, TCO_S_INPUT_TOKENS_PER_REQUEST).s,
                          xw_in_global(c, TCO_S_OUTPUT_TOKENS_PER_REQUEST).s);
    return xw_formula(c, buf, size, "%s", xw_in_global(c, TCO_S_TOKENS_PER_REQUEST).s);
}

/* See cell.h. */
xw_refbuf xw_site_name_at(const xw_ctx *c, size_t site, tco_skey key)
{
    xw_refbuf b;
    const char *nm = c->site_nm && site < c->s->n_sites ? c->site_nm[site] : NULL;
    tci_utf8_format(b.s, sizeof b.s, nm ? "%s_%s" : "%s", tco_scenario_key(key)->sheet_name,
                    nm ? nm : "");
    return b;
}

/* See cell.h. */
xw_refbuf xw_site_name(const xw_ctx *c, size_t opt, tco_skey key)
{
    const tco_option *o = &c->s->options[opt];
    if (o->acquire == TCO_BUY && o->site_no > 0)
        return xw_site_name_at(c, (size_t)o->site_no - 1, key);
    xw_refbuf b;
    tci_utf8_format(b.s, sizeof b.s, "%s", tco_scenario_key(key)->sheet_name);
    return b;
}

/* See cell.h. */
const char *xw_formula(xw_ctx *c, char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = tci_vformat(buf, size, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= size) {
        if (!c->err)
            c->err = LXW_ERROR_255_STRING_LENGTH_EXCEEDED;
        tci_utf8_format(buf, size, "=0");
    }
    return buf;
}

/* See cell.h. */
const char *xw_formula_quotient(xw_ctx *c, char *buf, size_t size, const char *num, const char *den)
{
    return xw_formula(c, buf, size, "=IF(%s=0,%s,%s/%s)", den, xw_na_word(c).lit, num, den);
}

/* See cell.h. */
void xw_note(xw_ctx *c, lxw_error e)
{
    if (e != LXW_NO_ERROR && !c->err)
        c->err = e;
}

/* See cell.h. */
void xw_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text, lxw_format *f)
{
    xw_note(c, worksheet_write_string(ws, (lxw_row_t)row, (lxw_col_t)col, text ? text : "", f));
}

/* See cell.h. */
void xw_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, lxw_format *f)
{
    if (isfinite(v))
        xw_note(c, worksheet_write_number(ws, (lxw_row_t)row, (lxw_col_t)col, v, f));
    else
        xw_text(c, ws, row, col, xw_na_word(c).text, f);
}

void xw_fnum(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, double v,
             lxw_format *f)
{
    if (isfinite(v))
        xw_note(c, worksheet_write_formula_num(ws, (lxw_row_t)row, (lxw_col_t)col, formula, f, v));
    else
        xw_note(c, worksheet_write_formula_str(ws, (lxw_row_t)row, (lxw_col_t)col, formula, f,
                                               xw_na_word(c).text));
}

void xw_fstr(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, const char *v,
             lxw_format *f)
{
    xw_note(
        c, worksheet_write_formula_str(ws, (lxw_row_t)row, (lxw_col_t)col, formula, f, v ? v : ""));
}

/* See cell.h. */
void xw_mark_checks(xw_ctx *c, lxw_worksheet *ws, const xw_block *b, size_t n)
{
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_CELL;
    cf.value_string = "\"OK\"";
    for (int bad = 0; bad < 2; bad++) {
        cf.criteria =
            bad ? LXW_CONDITIONAL_CRITERIA_NOT_EQUAL_TO : LXW_CONDITIONAL_CRITERIA_EQUAL_TO;
        cf.format = bad ? c->fmt_bad : c->fmt_ok;
        for (size_t k = 0; k < n; k++)
            xw_note(c, worksheet_conditional_format_range(ws, (lxw_row_t)b[k].r1,
                                                          (lxw_col_t)b[k].c1, (lxw_row_t)b[k].r2,
                                                          (lxw_col_t)b[k].c2, &cf));
    }
}

/* See cell.h. */
void xw_define_name(xw_ctx *c, const char *name, const char *quoted, int row, int col)
{
    char f[400];
    tci_utf8_format(f, sizeof f, "=%s", xw_ref(quoted, row, col, 1, 1).s);
    xw_note(c, workbook_define_name(c->wb, name, f));
}

/* See cell.h. */
void xw_link(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *quoted, const char *text,
             lxw_format *f)
{
    char url[400];
    tci_utf8_format(url, sizeof url, "internal:%s!A1", quoted);
    xw_note(c, worksheet_write_url_opt(ws, (lxw_row_t)row, (lxw_col_t)col, url, f, text, NULL));
}

/* See cell.h. */
void xw_set_col(lxw_worksheet *ws, int first, int last, double width)
{
    worksheet_set_column(ws, (lxw_col_t)first, (lxw_col_t)last, width, NULL);
}

/* See cell.h. */
int xw_imax(int a, int b)
{
    return a > b ? a : b;
}

/* See cell.h. */
int xw_money_width(xw_ctx *c, double v)
{
    int digits = tci_whole_digits(v);
    return digits + (digits - 1) / 3 + (int)strlen(c->currency) + 4;
}

/* ===== Print setup ===== */

/* The first max_chars characters of s with every & doubled, as header and
 * footer strings need (& starts a code there); out holds 8 * max_chars + 1. */
static void amp_escape(const char *s, size_t max_chars, char *out)
{
    size_t o = 0, keep = tci_utf8_prefix(s, max_chars);
    for (size_t i = 0; i < keep; i++) {
        if (s[i] == '&')
            out[o++] = '&';
        out[o++] = s[i];
    }
    out[o] = '\0';
}

/* See cell.h. Header strings use & as a code, so the name's own &
 * is doubled; the header is cut well below libxlsxwriter's 255 bytes. */
void xw_print_setup(xw_ctx *c, lxw_worksheet *ws, int repeat_first, int repeat_last, int fit_wide)
{
    char header[800], name[700], footer[1300], left[700], right[500], t[520];
    amp_escape(c->name ? c->name : "", 80, name);
    tci_utf8_format(header, sizeof header, "&L%s&R&A", name);
    amp_escape(xw_labelf(c, t, sizeof t, "print.footer", "Total cost of ownership (tco {version})",
                         "version", TCO_VERSION, NULL),
               40, left);
    /* The page codes go in after the label's own & are doubled. */
    amp_escape(xw_label(c, "print.page", "Page {page} of {pages}"), 60, t);
    xw_labelf(NULL, right, sizeof right, "print.page", t, "page", "&P", "pages", "&N", NULL);
    tci_utf8_format(footer, sizeof footer, "&L%s&R%s", left, right);
    worksheet_set_landscape(ws);
    worksheet_set_paper(ws, 9); /* A4; Letter users get the same fit */
    worksheet_set_margins(ws, 0.4, 0.4, XW_MARGIN_TB, XW_MARGIN_TB); /* header, footer: 0.3 */
    xw_note(c, worksheet_set_header(ws, header));
    xw_note(c, worksheet_set_footer(ws, footer));
    if (fit_wide > 0)
        worksheet_fit_to_pages(ws, (uint16_t)fit_wide, 0);
    /* The title row, with the master check (page.c), on every page, down to
     * the sheet's own headings. */
    xw_note(c,
            worksheet_repeat_rows(ws, 0, (lxw_row_t)(repeat_first != XW_NONE ? repeat_last : 0)));
    /* The cells written so far; a sheet with charts past them sets its own. */
    if (ws->dim_rowmin <= ws->dim_rowmax)
        xw_note(c, worksheet_print_area(ws, 0, 0, ws->dim_rowmax, ws->dim_colmax));
}
