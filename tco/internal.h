/* internal.h - helpers shared by the library's writers; not installed. */
#ifndef TCO_INTERNAL_H
#define TCO_INTERNAL_H

#include "tco.h"

#include <stdio.h>

/* An output file being written atomically: everything goes to a temporary
 * file beside the target, which replaces the target only on commit. */
typedef struct tco_outfile {
    char *tmp;        /* temporary path, beside the target */
    const char *path; /* target path (borrowed) */
    FILE *fp;         /* open stream on tmp, or NULL after reserve */
} tco_outfile;

/* Create the temporary file and open it for writing. */
tco_status tco_outfile_open(tco_outfile *f, const char *path, tco_diags *diags);
/* Create the temporary file and close it, for writers that open paths
 * themselves (libxlsxwriter); f->tmp names it. */
tco_status tco_outfile_reserve(tco_outfile *f, const char *path, tco_diags *diags);
/* Flush, sync and rename onto the target. On failure the temporary file is
 * removed, the target is untouched and an error is added to diags. */
tco_status tco_outfile_commit(tco_outfile *f, tco_diags *diags);
/* Remove the temporary file; safe after a failed open or a commit. */
void tco_outfile_abort(tco_outfile *f);

/* A writer of a whole output to a stream. */
typedef tco_status (*tco_stream_fn)(FILE *out, const void *arg);

/* Write `path` atomically with `write`: open, write, commit, or on failure
 * remove the temporary file and say why in diags. */
tco_status tco_outfile_write(const char *path, tco_stream_fn write, const void *arg,
                             tco_diags *diags);

/* Read the rest of f into a new buffer, with `extra` bytes to spare after the
 * data (for a terminator). The buffer grows as the data comes, so a small file
 * costs a small buffer. TCO_OK sets *buf and *size; TCO_ERR_LIMIT means f
 * holds more than `limit` bytes, TCO_ERR_IO a read error (errno says which),
 * TCO_ERR_NOMEM no memory; those leave *buf NULL. */
tco_status tco_read_all(FILE *f, size_t limit, size_t extra, char **buf, size_t *size);
/* Read the whole file at path, of at most TCO_MAX_FILE bytes, into *buf
 * (malloc'd, NUL-terminated after *size bytes). On failure *buf is NULL and
 * diags says why: cannot open, cannot read, too large, out of memory. */
tco_status tco_read_file(const char *path, char **buf, size_t *size, tco_diags *diags);

/* A deep copy of a scenario without its ranges, cases and distributions. */
tco_scenario *tco_scenario_clone(const tco_scenario *s);

/* Where a numeric parameter lives in s, or NULL when the key is not a number. */
double *tco_param_ptr(tco_scenario *s, tco_param p);

/* Total and NPV (npv may be NULL) of every option, without months. */
void tco_engine_totals(const tco_scenario *s, double *total, double *npv);

/* JSON: a string, fully escaped (NULL is null), and a number with 17
 * significant digits (NAN is null). */
void tco_json_string(FILE *out, const char *s);
void tco_json_number(FILE *out, double x);

/* 1 when s is valid UTF-8. */
int tco_utf8_valid(const char *s);

/* ===== Secure XML (xmlsafe.c), for the catalog and template loaders ===== */

struct _xmlDoc;
struct _xmlNode;

/* One secure load of an XML document: no network, no DTD (a DOCTYPE is
 * refused), no entities, bounded depth and attributes per tag, validated
 * against a schema compiled into the library. Use:
 *   tco_xml x = {.file = name, .kind = "template", .xsd = ..., ...};
 *   tco_xml_begin(&x);
 *   if (tco_xml_parse(&x, buf, size) == 0) read x.doc, tco_xml_report() problems;
 *   tco_status st = tco_xml_status(&x);
 *   tco_xml_end(&x);
 * Between begin and end libxml2's process-wide hooks (external entity
 * loader, error handlers) belong to the load; end restores them. */
typedef struct tco_xml {
    /* Set by the caller. */
    const char *file;         /* name in messages */
    const char *kind;         /* "catalog", "template": in messages */
    const unsigned char *xsd; /* the schema's text */
    size_t xsd_len;
    const char *xsd_name;     /* name of the schema in its own errors */
    int max_depth;            /* deepest element nesting accepted */
    int max_attributes;       /* most attributes accepted in one tag */
    tco_diags *diags;         /* may be NULL */
    /* Results. */
    struct _xmlDoc *doc;      /* the valid document after tco_xml_parse, else NULL */
    size_t errors;            /* errors reported by any step or by the reader */
    int nomem;                /* an allocation failed */
    int refused;              /* refused by a limit or the DOCTYPE rule */
    tco_status refusal;       /* status for that refusal */
    /* Private. */
    const char *err_file;     /* file name for libxml2 messages: file, or xsd_name */
    int depth;                /* element nesting while parsing */
    void (*saved_loader)(void), (*saved_serror)(void), (*saved_gerror)(void);
    void *saved_sctx, *saved_gctx;
} tco_xml;

void tco_xml_begin(tco_xml *x);
/* Scan, parse and validate. Returns 0 when x->doc holds a valid document. */
int tco_xml_parse(tco_xml *x, const char *xml, size_t size);
/* TCO_ERR_NOMEM (with an "out of memory" diagnostic), the refusal, TCO_ERR_INPUT
 * when any error was reported, else TCO_OK. */
tco_status tco_xml_status(tco_xml *x);
/* Free the document and restore libxml2's hooks. */
void tco_xml_end(tco_xml *x);
/* An error at `line` of the file (0: no line). */
void tco_xml_report(tco_xml *x, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Line of an element (or of an attribute's element), 0 when unknown. */
int tco_xml_line(const struct _xmlNode *node);
/* The text of an element or the value of its attribute `attr`, white space
 * collapsed as xs:token does; NULL when absent or out of memory (x->nomem). */
char *tco_xml_text(tco_xml *x, struct _xmlNode *el, const char *attr);
/* 1 when n is an element named `name`. */
int tco_xml_named(const struct _xmlNode *n, const char *name);
/* TCO_ERR_LIMIT with "the KIND is N bytes; the limit is TCO_MAX_FILE" when
 * size is over the limit, else TCO_OK. */
tco_status tco_xml_check_size(const char *name, const char *kind, size_t size, tco_diags *diags);

/* ===== Workbook templates (template.c), for the workbook writer ===== */

/* Sheet kinds, in the built-in order; "options" is every cash-flow sheet. */
typedef enum tco_tpl_sheet {
    TCO_SHEET_ABOUT,
    TCO_SHEET_INPUTS,
    TCO_SHEET_OPTIONS,
    TCO_SHEET_SUMMARY,
    TCO_SHEET_WORKLOAD,
    TCO_SHEET_BUY_VS_RENT,
    TCO_SHEET_SENSITIVITY,
    TCO_SHEET_CASES,
    TCO_SHEET_MONTE_CARLO,
    TCO_SHEET_CHECKS,
    TCO_SHEET_KINDS
} tco_tpl_sheet;

/* The Summary's charts, in the built-in order. */
typedef enum tco_tpl_chart {
    TCO_CHART_CUMULATIVE,
    TCO_CHART_BREAKDOWN,
    TCO_CHART_COST_PER_GPU_HOUR,
    TCO_CHART_KINDS
} tco_tpl_chart;

#define TCO_TPL_MAX_ACCENTS 16

/* How a template shows one currency. */
typedef struct tco_tpl_currency {
    char *code;   /* ISO 4217 */
    char *symbol; /* as written, without double quotes or backslashes */
    int after;    /* 1: after the amount */
} tco_tpl_currency;

/* A template's styles; colours are 0xRRGGBB, or -1 (and sizes 0, names NULL)
 * where the template keeps the built-in look. */
typedef struct tco_tpl_style {
    char *font_name;
    double font_size;          /* points */
    long input_fill, input_color;
    long header_fill, header_color;
    long title_color;
    size_t n_accents;
    long accents[TCO_TPL_MAX_ACCENTS];
    int negatives_minus;       /* 1: -1,234; 0: (1,234) */
    size_t n_currencies;
    tco_tpl_currency *currencies;
} tco_tpl_style;

/* The template's text for `key` (never empty), or NULL when tpl is NULL or
 * has no such label. */
const char *tco_template_label(const tco_template *tpl, const char *key);
/* The number of the template's labels, and the key of label i (in key order). */
size_t tco_template_label_count(const tco_template *tpl);
const char *tco_template_label_key(const tco_template *tpl, size_t i);
/* The template's styles, or NULL when tpl is NULL. */
const tco_tpl_style *tco_template_style(const tco_template *tpl);
/* The sheet kinds in order, into kinds; returns their count. Without a
 * template or a <sheets> element, every kind in the built-in order. */
size_t tco_template_sheets(const tco_template *tpl, int kinds[TCO_SHEET_KINDS]);
/* The same for the Summary's charts (an empty <charts/> gives 0). */
size_t tco_template_charts(const tco_template *tpl, int kinds[TCO_CHART_KINDS]);
/* The spelling of a sheet kind: "about", "buy-vs-rent". */
const char *tco_template_sheet_kind(int kind);

#endif /* TCO_INTERNAL_H */
