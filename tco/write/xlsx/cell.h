/* cell.h - the workbook's cell primitives (cell.c): safe strings and labels,
 * sheet names, styles and number formats, cell references and writes, print
 * setup, and the recorder of libxlsxwriter's errors. Not installed. They know
 * no sheet: the sheets' writers are declared in sheets.h. */
#ifndef TCO_WRITE_XLSX_CELL_H
#define TCO_WRITE_XLSX_CELL_H

#include "write/xlsx/ctx.h"

#include <stddef.h>

#define XW_MAX_TEXT  32000 /* characters in one cell (Excel stops at 32767) */
#define XW_MAX_SHEET 31    /* characters in a sheet name */
#define XW_FBUF      2048  /* one formula */
#define XW_TBUF      4096  /* one text built from user strings */

/* ===== Safe strings ===== */

/* A copy of `in` that is valid UTF-8 without control characters, cut to at
 * most max_chars characters on a character boundary: invalid bytes become
 * U+FFFD, control characters a space. libxlsxwriter writes bytes through, so
 * this is what keeps a bad label from corrupting the file. NULL gives NULL;
 * so does a failed allocation (recorded in c). */
char *xw_clean_text(xw_ctx *c, const char *in, size_t max_chars);
/* The file name of a path: what follows its last '/' ("" for NULL). */
const char *xw_base_name(const char *path);
/* A copy of s; NULL after a failed allocation (recorded in c). */
char *xw_strdup(xw_ctx *c, const char *s);
/* A label cut to at most max_chars characters (libxlsxwriter refuses longer
 * data validation titles and messages), in buf. */
char *xw_label_cut(const char *text, char *buf, size_t size, size_t max_chars);

/* ===== Labels ===== */

/* Marks a label key that is not the first string of an xw_label* call (one in a
 * table), so that tests/unit/test_template.c finds every key in the sources. */
#define XW_KEY(key) key

/* The user-visible text for `key` (a dotted name such as "sheet.summary" or
 * "chart.cumulative.title") from the template, else `english`, the built-in
 * text. Every string a reader sees goes through here. */
const char *xw_label(xw_ctx *c, const char *key, const char *english);
/* The text of cost line `line`'s row on the option and plan sheets (its
 * option.line.NAME key). */
const char *xw_line_label(xw_ctx *c, tco_cost_line line);
/* xw_label with {name} placeholders filled in: after `english` come pairs of
 * strings, a placeholder's name and its value, then NULL. The result is in buf
 * (cut on a character boundary when too long) and is returned. A placeholder
 * the pairs do not name is written as it is. */
const char *xw_labelf(xw_ctx *c, char *buf, size_t size, const char *key, const char *english, ...)
#if defined(__GNUC__)
    __attribute__((sentinel))
#endif
    ;
/* An integer as text, for xw_labelf, returned by value (xw_refbuf's note). */
typedef struct xw_numbuf {
    char s[32];
} xw_numbuf;
xw_numbuf xw_int(long long v);

/* A word that a formula gives as its result, in the template's language (a
 * word.* label): the text a cell shows, and the same text as a formula's string
 * literal (quoted, its quotes doubled), cut to 60 bytes on a character
 * boundary. Returned by value (xw_refbuf's note). c may be NULL: the English. */
typedef struct xw_word {
    char text[64];
    char lit[132];
} xw_word;
/* A sentence that a formula gives as its result: its text, cut to 250 bytes on a
 * character boundary (a formula's string literal holds at most 255 characters),
 * and the same text as a string literal. Returned by value (xw_refbuf's note). */
typedef struct xw_phrase {
    char text[256];
    char lit[520];
} xw_phrase;
xw_phrase xw_phrase_of(const char *text);
/* The word where a break-even has no number (tco_breakeven_note_name: "always",
 * "never", "parallel"; "never" is also the break-even month's). */
xw_word xw_be_word(xw_ctx *c, tco_breakeven_note note);
/* The word of a figure that has no value: a ratio whose denominator is zero, a
 * figure that needs an input the option does not give ("n/a"). */
xw_word xw_na_word(xw_ctx *c);

/* The word for an IRR that has no number, by the engine's reason (irr_note;
 * NULL: "no sign change", which is also the word of a MIRR without one). */
xw_word xw_irr_word(xw_ctx *c, const char *note);

/* The word for a break-even in tokens a day that the option cannot reach at
 * its count (MODEL.md, API options: "never at this count"). */
xw_word xw_tokens_never_word(xw_ctx *c);
/* The word for a break-even below a token a day: an option that costs nothing
 * but what it serves is cheaper than the API at any volume (the table's words). */
xw_word xw_tokens_any_word(xw_ctx *c);

/* ===== Sheets and their names ===== */

/* A valid, unique sheet name from `want` (clean UTF-8): at most 31 characters
 * cut on a character boundary, none of []:*?/\, apostrophes turned into
 * typographic ones (so no name starts or ends with one), never empty (then
 * `fallback`, cleaned alike), unique case-insensitively among `taken` and
 * Excel's reserved names (" (2)" and so on). */
char *xw_sheet_name(xw_ctx *c, const char *want, char **taken, size_t ntaken, const char *fallback);
/* 'name' with apostrophes doubled, as formulas need it. */
char *xw_quote_sheet(xw_ctx *c, const char *name);
/* The name as a formula writes it: bare when it is ASCII letters only (Inputs,
 * so the built-in English formulas read as before), else quoted. */
char *xw_formula_sheet(xw_ctx *c, const char *name);

/* ===== Styles and number formats ===== */

/* The template's font on the workbook's default format, the number formats in
 * the scenario's currency and the conditional formats (c->fmt_ok ...); an
 * allocation failure is recorded in c. */
void xw_formats_init(xw_ctx *c);
/* The format of a cell of role st with number format nf, made on first use. */
lxw_format *xw_fmt(xw_ctx *c, xw_style st, xw_numfmt nf);
/* The number format of an INI key's value, by its unit (Inputs, Monte Carlo). */
xw_numfmt xw_unit_numfmt(tco_kunit u);
/* The same for the value v written as a constant: a whole number of a unit
 * shown with decimals (XN_NUM) as a whole number (XN_INT). */
xw_numfmt xw_value_numfmt(tco_kunit u, double v);
/* A right-aligned number format (charts and uncommon units), shared by every
 * call with the same style and number format: never change it. */
lxw_format *xw_fmt_num(xw_ctx *c, xw_style st, const char *num_format);
/* The same, a format of its own that the caller may change. */
lxw_format *xw_fmt_num_own(xw_ctx *c, xw_style st, const char *num_format);
/* The template's font name and size on a format made outside xw_fmt (the
 * built-in look when the template has none); then set the format's own size. */
void xw_fmt_font(const xw_ctx *c, lxw_format *f);
/* Decimals that show `sig` significant digits (tco_sig_decimals) of the smallest
 * positive one of n doubles, `offset` bytes into each of n elements `stride` bytes
 * apart from base: 2 to 15 (2 when none is positive). */
int xw_sig_decimals(const void *base, size_t n, size_t stride, size_t offset, int sig);
/* A money number format with `decimals` decimals in the scenario's currency, as
 * the template shows it (symbol before or after, negatives in brackets or with a
 * minus sign), a value that rounds to zero shown as zero (xw_zero_format): zero as
 * a dash when dash > 0, as zero when dash < 0. With dash 0, the bare amount (one
 * section: "$#,##0.00"), to build other formats and texts from. */
void xw_money_format(xw_ctx *c, char *out, size_t size, int decimals, int dash);
/* A number format that never prints a negative zero ("-0", "($0)"): pos for
 * positive values, neg for those that round, at `decimals` decimals of the value
 * (a percentage's shown decimals and 2), to a negative number, and zero (pos when
 * NULL) for zero: "[=0]zero;[<=-0.005]neg;pos". A value between prints as pos
 * does, a zero without a sign (so in LibreOffice and Gnumeric alike). */
void xw_zero_format(char *out, size_t size, int decimals, const char *pos, const char *neg,
                    const char *zero);
/* The signed form of the one-section format f, "+f" and "-f", with a value that
 * rounds to zero at `decimals` decimals printed as f, without a sign. */
void xw_signed_format(char *out, size_t size, int decimals, const char *f);

/* `text` as it may stand inside the double quotes of a number format's literal:
 * without double quotes and backslashes, cut on a character to fit size. */
void xw_format_literal(char *out, size_t size, const char *text);
/* A number format that shows 1 as `yes` and 0 as `no` (other numbers as they are),
 * the words cut to fit size. */
void xw_flag_format(char *out, size_t size, const char *yes, const char *no);

/* ===== References ===== */

/* A reference or range as text, returned by value: use its .s in the
 * expression that made it (C11 keeps such a temporary until the end of the full
 * expression, so it is safe as a printf argument), or keep the struct in a
 * variable; never keep .s beyond the expression. */
typedef struct xw_refbuf {
    char s[320];
} xw_refbuf;

/* A reference such as $C$5 or 'Sheet'!E12. quoted may be NULL (same sheet). */
xw_refbuf xw_ref(const char *quoted, int row, int col, int abs_row, int abs_col);
/* A range such as 'Sheet'!$E$12:$AN$12 (absolute). */
xw_refbuf xw_range(const char *quoted, int r1, int c1, int r2, int c2);
/* An absolute reference to an option input on the Inputs sheet ("0", with an
 * error recorded in c, when Inputs has no row for it). */
xw_refbuf xw_in(xw_ctx *c, size_t opt, tco_okey key);
/* An absolute reference to a global input on the Inputs sheet (likewise). */
xw_refbuf xw_in_global(xw_ctx *c, tco_skey key);
/* A request's tokens on Inputs, in buf (MODEL.md, API options: the tokens of a
 * request): with `parts`, or where Inputs carries the parts and not the whole
 * (tokens_per_request derived from them), "(input+output)"; else the whole's
 * cell, tokens_per_request. */
const char *xw_request_tokens(xw_ctx *c, char *buf, size_t size, int parts);
/* API option i's charge in a month at its year-1 prices (MODEL.md, API
 * options), in buf: requests_per_s * HoursPerMonth * 3600 * (input * ((1 - c)
 * * p_in + c * p_cached) + output * p_out) / 1000000, the workload's cells on
 * Inputs and the option's four given as in, cached (NULL when the option
 * gives no cached price: the input price stands for it), frac and out. */
const char *xw_api_charge(xw_ctx *c, const char *in, const char *cached, const char *frac,
                          const char *out, char *buf, size_t size);
/* The defined name of site key `key` (TCO_S_ELECTRICITY_PRICE ..
 * TCO_S_COLO_PER_KW_MONTH) at option opt's site: the key's own name
 * ("PUE") at [site], else with the named site's suffix ("PUE_colo"). */
xw_refbuf xw_site_name(const xw_ctx *c, size_t opt, tco_skey key);
/* The defined name of site key `key` at named site `site` (its index). */
xw_refbuf xw_site_name_at(const xw_ctx *c, size_t site, tco_skey key);
/* printf into a formula buffer; an over-long formula is an error recorded in c. */
const char *xw_formula(xw_ctx *c, char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The quotient num/den as a formula, the n/a word (xw_na_word) where den is
 * zero, in buf. */
const char *xw_formula_quotient(xw_ctx *c, char *buf, size_t size, const char *num,
                                const char *den);

/* ===== Cells ===== */

/* Records libxlsxwriter's error e, unless an earlier one is recorded. */
void xw_note(xw_ctx *c, lxw_error e);
void xw_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text, lxw_format *f);
/* A number; a non-finite one is written as the n/a word (xw_na_word). */
void xw_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, lxw_format *f);
/* A formula with its cached number; a non-finite number is cached as the n/a
 * word (xw_na_word). */
void xw_fnum(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, double v,
             lxw_format *f);
/* A formula with its cached text. */
void xw_fstr(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, const char *v,
             lxw_format *f);
/* Cells of a sheet: rows r1 to r2 of columns c1 to c2. */
typedef struct xw_block {
    int r1, c1, r2, c2;
} xw_block;
/* The n blocks of checks marked: "OK" in green (c->fmt_ok), anything else in red
 * (c->fmt_bad). */
void xw_mark_checks(xw_ctx *c, lxw_worksheet *ws, const xw_block *b, size_t n);
/* A workbook-wide name for an absolute reference to a cell of the sheet `quoted`. */
void xw_define_name(xw_ctx *c, const char *name, const char *quoted, int row, int col);
/* A link to cell A1 of the sheet `quoted` (its name as formulas write it),
 * showing `text`. */
void xw_link(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *quoted, const char *text,
             lxw_format *f);
/* The width of columns first..last, in characters. */
void xw_set_col(lxw_worksheet *ws, int first, int last, double width);
/* The larger of a and b. */
int xw_imax(int a, int b);
/* Width of a money column that must show `v` with separators and a symbol. */
int xw_money_width(xw_ctx *c, double v);

/* ===== Print setup ===== */

/* The page's top and bottom margins, in inches (xw_print_setup), which the
 * pager's page heights leave out (page.c). */
#define XW_MARGIN_TB 0.55

/* Print setup shared by every sheet: landscape A4, header with the scenario name
 * and the sheet name, footer with page numbers, rows repeated (repeat_first XW_NONE:
 * none), when fit_wide > 0 fitted to that many pages wide, and a print area over
 * the cells written so far (called last; a sheet whose charts reach past its cells
 * sets its own print area after it). */
void xw_print_setup(xw_ctx *c, lxw_worksheet *ws, int repeat_first, int repeat_last, int fit_wide);

#endif /* TCO_WRITE_XLSX_CELL_H */
