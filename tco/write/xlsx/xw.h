/* xw.h - shared by the workbook writer's modules;
 * not installed. The layout of every sheet is decided once and kept here, so
 * that a formula on one sheet can name a cell on another. */
#ifndef TCO_WRITE_XLSX_XW_H
#define TCO_WRITE_XLSX_XW_H

#include "core/template.h"
#include "tco.h"

#include <xlsxwriter.h>

/* ===== Styles and number formats ===== */

/* The role of a cell; one look per role (FAST: inputs, calculations, fixed). */
typedef enum xw_style {
    XS_TEXT,     /* plain labels */
    XS_INPUT,    /* an assumption the reader may change: pale yellow, blue font, unlocked */
    XS_CALC,     /* a formula */
    XS_FIXED,    /* fixed by the scenario's structure or by law (change it in the INI) */
    XS_TOTAL,    /* a formula that closes a block: bold, rule above */
    XS_HEADER,   /* column headings */
    XS_HEADNUM,  /* timeline headings (month numbers), centred */
    XS_TITLE,    /* sheet title */
    XS_SUBTITLE, /* the line under a title */
    XS_SECTION,  /* a block heading inside a sheet */
    XS_NOTE,     /* small explanatory text */
    XS_KEY,      /* field names beside labels: small grey */
    XS_LINK,     /* internal hyperlinks */
    XS_HEADOPT,  /* an option's column heading: wrapped, right-aligned */
    XS_UNIT,     /* units beside values: indented */
    XS_WRAP,     /* long text that wraps */
    XS_CHECK,    /* a check result */
    XS_WARN,     /* a warning: red, bold */
    XS_COUNT
} xw_style;

typedef enum xw_numfmt {
    XN_NONE,     /* the style's default (text) */
    XN_GENERAL,  /* plain numbers as typed */
    XN_MONEY,    /* whole currency units, negatives in brackets, zero as a dash */
    XN_MONEY2,   /* currency with cents */
    XN_MONEY4,   /* energy prices: 4 decimals */
    XN_MONEY_IN, /* money inputs: 2 to 4 decimals as typed */
    XN_MONEY_PF, /* cost per PFLOP-hour: decimals to show 3 significant digits */
    XN_MONEY_UN, /* cost per unit of work: likewise */
    XN_PCT,      /* 0.00% */
    XN_PCT4,     /* 0.0000% (monthly rates) */
    XN_INT,      /* #,##0 */
    XN_DEC2,     /* #,##0.00 */
    XN_DEC6,     /* discount factors */
    XN_SCI,      /* relative differences */
    XN_COUNT
} xw_numfmt;

/* ===== Layout of one option's cash-flow sheet ===== */

/* Cost lines of MODEL.md, in its order. */
enum { XL_POWER, XL_COOLING, XL_FACILITY, XL_MAINTENANCE, XL_STAFF, XL_RENTAL, XL_LINES };

/* 0-based rows of one option sheet; -1 where the row does not exist. Columns are
 * fixed: A label, B unit, C total or driver value, D month 0, E.. months 1..H. */
typedef struct xw_optsheet {
    char *name;        /* sheet name: valid, unique, at most 31 characters */
    char *quoted;      /* 'name' with apostrophes doubled, for formulas */
    lxw_worksheet *ws; /* the sheet */
    int buy;           /* 1 for a buy option */
    int has_base;      /* 1 when a buy option is compared with a rent baseline */
    /* timeline rows */
    int r_month, r_year, r_price, r_factor, r_capex, r_line[XL_LINES], r_opcost, r_cum, r_resid,
        r_net, r_df, r_pv, r_dep, r_bv, r_bcum, r_flag;
    /* block headings */
    int s_cash, s_book, s_base, s_drivers;
    /* driver rows (value in column C) */
    int k_util, k_servers, k_capex_gpu, k_capex_infra, k_capex, k_gpu_w, k_it_kw, k_prov_kw,
        k_resfrac, k_residual, k_salvage, k_life, k_rm, k_gpuh, k_pflop, k_units, k_wpkw, k_slope,
        k_total0, k_beu;
    double slope;  /* cached: total cost per unit of utilization */
    double total0; /* cached: total cost at utilization 0 */
} xw_optsheet;

#define XW_COL_LABEL 0
#define XW_COL_UNIT  1
#define XW_COL_VAL   2 /* totals and drivers */
#define XW_COL_M0    3 /* month 0; month m is column XW_COL_M0 + m */

/* Summary: A label, B field, C unit, D.. one column per option. */
#define XW_SUM_COL0 3

/* ===== The writer's state ===== */

typedef struct xw_ctx {
    const tco_template *tpl; /* labels and styles, or NULL for the built-in ones */
    const tci_tpl_style *style; /* the template's styles, or NULL */
    /* Every sheet kind but "options": its name (valid, unique, from the label
     * "sheet.KIND") and the name as formulas write it; whether it is shown. */
    char *sheet[TCI_SHEET_KINDS], *sheet_q[TCI_SHEET_KINDS];
    int shown[TCI_SHEET_KINDS];
    int charts[TCI_CHART_KINDS]; /* the Summary's charts, in order */
    int n_charts;
    /* rotating buffers for numbers put into labels (xw_int) */
    char num[8][32];
    int num_i;
    const tco_result *r;
    const tco_scenario *s;
    lxw_workbook *wb;
    lxw_error err;          /* first libxlsxwriter error, or 0 */
    int nomem;              /* an allocation failed */
    int sys_errno;          /* a temporary file could not be made: why */
    char nf[XN_COUNT][112]; /* number format strings */
    lxw_format *fmt[XS_COUNT][XN_COUNT];
    lxw_format *fmt_ok, *fmt_bad, *fmt_best; /* conditional formats */
    lxw_format *fmt_nofit;                   /* a sizing warning: red text */
    /* user strings, checked as UTF-8 and cleaned of control characters */
    char *name, *unit, *file_base, *currency, *as_of, *author, *company;
    char **label, **id; /* per option */
    xw_optsheet *os;    /* per option */
    lxw_worksheet *about, *inputs, *summary, *checks;
    /* Workload and analysis sheets (xlsx_workload.c, xlsx_analysis.c); NULL when absent. */
    lxw_worksheet *workload, *buyrent, *sensitivity, *cases, *montecarlo;
    /* Inputs: 0-based rows of each global key (-1 if absent), of each option key
     * (n_options x TCO_O_COUNT, -1 if absent), of constants and of the MACRS table. */
    int in_g[TCO_S_COUNT];
    int *in_o;
    int in_sph, in_macrs;
    /* Summary rows, by field (see xlsx_model.c); filled by the Summary writer for Checks. */
    int sm_rows[32];
    int sm_header, sm_last_row;
    int ck_master; /* Checks row of the master check */
    /* rotating buffers for cell references inside one formula */
    char ref[16][320];
    int ref_i;
} xw_ctx;

/* ===== Helpers (xlsx.c) ===== */

lxw_format *xw_fmt(xw_ctx *c, xw_style st, xw_numfmt nf);
/* A reference such as $C$5 or 'Sheet'!E12. quoted may be NULL (same sheet). */
const char *xw_ref(xw_ctx *c, const char *quoted, int row, int col, int abs_row, int abs_col);
/* A range such as 'Sheet'!$E$12:$AN$12 (absolute). */
const char *xw_range(xw_ctx *c, const char *quoted, int r1, int c1, int r2, int c2);
/* An absolute reference to an option input on the Inputs sheet. */
const char *xw_in(xw_ctx *c, size_t opt, tco_okey key);
/* An absolute reference to a global input on the Inputs sheet. */
const char *xw_ing(xw_ctx *c, tco_skey key);
/* printf into a formula buffer; an over-long formula is an error recorded in c. */
const char *xw_f(xw_ctx *c, char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

void xw_text(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *text, lxw_format *f);
void xw_num(xw_ctx *c, lxw_worksheet *ws, int row, int col, double v, lxw_format *f);
/* A formula with its cached number; a non-finite number is cached as "n/a". */
void xw_fnum(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, double v,
             lxw_format *f);
void xw_fstr(xw_ctx *c, lxw_worksheet *ws, int row, int col, const char *formula, const char *v,
             lxw_format *f);
/* Display width of a UTF-8 string, counting wide (CJK) characters twice. */
int xw_width(const char *s);
/* The user-visible text for `key` (a dotted name such as "sheet.summary" or
 * "chart.cumulative.title") from the template, else `english`, the built-in
 * text. Every string a reader sees goes through here. */
const char *xw_label(xw_ctx *c, const char *key, const char *english);

/* ===== Sheets (xlsx_model.c) ===== */

void xw_option_layout(xw_ctx *c, size_t i);
void xw_write_option(xw_ctx *c, size_t i);
void xw_write_summary(xw_ctx *c);
void xw_write_checks(xw_ctx *c);

/* Print setup shared by every sheet: landscape A4, header with the scenario name,
 * footer with page numbers, rows repeated (repeat_first < 0: none) and, when
 * fit_wide > 0, fitted to that many pages wide. */
void xw_print_setup(xw_ctx *c, lxw_worksheet *ws, int repeat_first, int repeat_last, int fit_wide);

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
/* Chart titles and axis names: libxlsxwriter reads a leading '=' as a reference. */
void xw_chart_title(xw_ctx *c, lxw_chart *ch, const char *text);
void xw_axis_name(xw_ctx *c, lxw_chart_axis *axis, const char *text);
/* A right-aligned number format of its own (charts and uncommon units). */
lxw_format *xw_fmt_num(xw_ctx *c, xw_style st, const char *num_format);

/* ===== Templates: labels, sheet names (xlsx.c) ===== */

/* Marks a label key that is not the first string of an xw_label* call (one in a
 * table), so that tests/unit/test_template.c finds every key in the sources. */
#define XW_KEY(key) key

/* xw_label with {name} placeholders filled in: after `english` come pairs of
 * strings, a placeholder's name and its value, then NULL. The result is in buf
 * (cut on a character boundary when too long) and is returned. A placeholder
 * the pairs do not name is written as it is. */
const char *xw_labelf(xw_ctx *c, char *buf, size_t size, const char *key, const char *english, ...)
#if defined(__GNUC__)
    __attribute__((sentinel))
#endif
    ;
/* A money number format with `decimals` decimals in the scenario's currency, as
 * the template shows it (symbol before or after, negatives in brackets or with a
 * minus sign); zero as a dash when `dash`. */
void xw_money_format(xw_ctx *c, char *out, size_t size, int decimals, int dash);
/* An integer as text, for xw_labelf (eight rotating buffers). */
const char *xw_int(xw_ctx *c, long long v);
/* A sheet of a kind other than TCI_SHEET_OPTIONS, added under its name
 * (c->sheet[kind]); hidden when the template leaves the kind out. NULL after
 * an error (recorded in c). */
lxw_worksheet *xw_add_sheet(xw_ctx *c, int kind);
/* The template's font name and size on a format made outside xw_fmt (the
 * built-in look when the template has none); then set the format's own size. */
void xw_fmt_font(const xw_ctx *c, lxw_format *f);
/* The font of chart texts (NULL fields: the chart's defaults), bold or not. */
lxw_chart_font xw_chart_font(const xw_ctx *c, int bold);
/* Series colour k of the charts: the template's accents, else -1 (the
 * program's own colours). */
long xw_accent(const xw_ctx *c, size_t k);

#endif /* TCO_WRITE_XLSX_XW_H */
