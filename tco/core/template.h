/* template.h - a workbook template as the workbook writer reads it: labels,
 * styles, the sheets and charts in order. The object and its accessors are
 * core/template.c; the loader (load/template.c) fills it from the XML. */
#ifndef TCO_CORE_TEMPLATE_H
#define TCO_CORE_TEMPLATE_H

#include "tco.h"

#include <stddef.h>

/* Sheet kinds; "options" is every cash-flow sheet. The built-in order
 * (tci_template_sheets without a template's) is the printed pack first (About
 * to Checks), then the monthly cash-flow sheets; see template.c. */
typedef enum tci_tpl_sheet {
    TCI_SHEET_ABOUT,
    TCI_SHEET_INPUTS,
    TCI_SHEET_OPTIONS,
    TCI_SHEET_SUMMARY,
    TCI_SHEET_BUDGET,
    TCI_SHEET_WORKLOAD,
    TCI_SHEET_BUY_VS_RENT,
    TCI_SHEET_SENSITIVITY,
    TCI_SHEET_CASES,
    TCI_SHEET_MONTE_CARLO,
    TCI_SHEET_CHECKS,
    TCI_SHEET_ANNUAL,     /* each option's cash flow by year, one page each */
    TCI_SHEET_STATEMENTS, /* each option's statements by fiscal year */
    TCI_SHEET_KINDS
} tci_tpl_sheet;

/* The Summary's charts, in the built-in order. */
typedef enum tci_tpl_chart {
    TCI_CHART_CUMULATIVE,
    TCI_CHART_BREAKDOWN,
    TCI_CHART_COST_PER_GPU_HOUR,
    TCI_CHART_FISCAL_YEARS,
    TCI_CHART_EMISSIONS,      /* MODEL.md, Carbon: drawn only with carbon figures */
    TCI_CHART_PLAN_EMISSIONS, /* MODEL.md, A plan's emissions: only with carbon figures
                                 and plans */
    TCI_CHART_KINDS
} tci_tpl_chart;

#define TCI_TPL_MAX_ACCENTS 16

/* How a template shows one currency. */
typedef struct tci_tpl_currency {
    char *code;   /* ISO 4217 */
    char *symbol; /* as written, without double quotes or backslashes */
    int after;    /* 1: after the amount */
} tci_tpl_currency;

/* A template's styles; colours are 0xRRGGBB, or -1 (and sizes 0, names NULL)
 * where the template keeps the built-in look. */
typedef struct tci_tpl_style {
    char *font_name;
    double font_size; /* points */
    long input_fill, input_color;
    long header_fill, header_color;
    long title_color;
    size_t n_accents;
    long accents[TCI_TPL_MAX_ACCENTS];
    int negatives_minus; /* 1: -1,234; 0: (1,234) */
    size_t n_currencies;
    tci_tpl_currency *currencies;
} tci_tpl_style;

/* Spellings of the kinds, indexed by tci_tpl_sheet and tci_tpl_chart. */
extern const char *const tci_tpl_sheet_kinds[TCI_SHEET_KINDS];
extern const char *const tci_tpl_chart_kinds[TCI_CHART_KINDS];

/* One label: a key and its text. */
typedef struct tci_tpl_label {
    char *key;
    char *text; /* collapsed, never empty, valid UTF-8 */
} tci_tpl_label;

struct tco_template {
    char *file;          /* the file it was read from, or NULL for a string */
    tco_file_id file_id; /* that file's identity */
    char *language;      /* BCP 47 tag */
    char *description;   /* or NULL */
    size_t n_labels;
    tci_tpl_label *labels; /* sorted by key */
    tci_tpl_style style;
    int has_sheets; /* <sheets> given: else the built-in order */
    size_t n_sheets;
    int sheets[TCI_SHEET_KINDS];
    int has_charts; /* <charts> given */
    size_t n_charts;
    int charts[TCI_CHART_KINDS];
};

/* A template with the built-in look (no colours, labels, sheets or charts of
 * its own), or NULL when out of memory. */
tco_template *tci_template_new(void);
/* The order of labels: by key (qsort and bsearch). */
int tci_template_label_cmp(const void *a, const void *b);

/* The template's text for `key` (never empty), or NULL when tpl is NULL or
 * has no such label. */
const char *tci_template_label(const tco_template *tpl, const char *key);
/* The number of the template's labels, and the key of label i (in key order). */
size_t tci_template_label_count(const tco_template *tpl);
const char *tci_template_label_key(const tco_template *tpl, size_t i);
/* The template's styles, or NULL when tpl is NULL. */
const tci_tpl_style *tci_template_style(const tco_template *tpl);
/* The sheet kinds in order, into kinds; returns their count. Without a
 * template or a <sheets> element, every kind in the built-in order. */
size_t tci_template_sheets(const tco_template *tpl, int kinds[TCI_SHEET_KINDS]);
/* The same for the Summary's charts (an empty <charts/> gives 0). */
size_t tci_template_charts(const tco_template *tpl, int kinds[TCI_CHART_KINDS]);
/* The spelling of a sheet kind: "about", "buy-vs-rent". */
const char *tci_template_sheet_kind(int kind);

#endif /* TCO_CORE_TEMPLATE_H */
