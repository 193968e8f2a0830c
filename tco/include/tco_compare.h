/*
 * tco_compare.h - comparing two scenarios: part of the public API, kept in
 * its own file. tco.h includes it at its end; include tco.h, not this file.
 */
#ifndef TCO_COMPARE_H
#define TCO_COMPARE_H

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Comparing two scenarios ===== */

/* An input whose value differs between scenario A and scenario B. */
typedef struct tco_input_diff {
    char *key;             /* "site.pue" (section.key), "h100-buy.gpu_price" (ID.key), or
                              "[option ID]" for an option that only one scenario has */
    char *a;               /* the value in A as text, whole: a number with 15 significant
                              digits, an enumeration's spelling, "" for unset text;
                              "present" or "absent" for an option */
    char *b;               /* the value in B, likewise */
    const tco_keydef *def; /* the key's row of the key table; NULL for "[option ID]" */
    double a_value;        /* a number or whole-number key's value in A; NAN for any
                              other key */
    double b_value;        /* the same in B */
} tco_input_diff;

/* How a compared figure is measured, which says how it is shown
 * (tco_compare_cell) and whether a relative change means anything. */
typedef enum tco_figure_kind {
    TCO_FIG_TEXT,          /* text: a label, the acquisition, a note, a reason */
    TCO_FIG_MONEY,         /* in the currency, shown in whole units */
    TCO_FIG_MONEY_CENTS,   /* a cost per GPU-hour, shown with cents */
    TCO_FIG_UNIT_COST,     /* a small cost (per PFLOP-hour), TCO_UNIT_COST_DIGITS
                              significant digits */
    TCO_FIG_COST_PER_UNIT, /* the cost per unit of work, likewise, per unit_scale */
    TCO_FIG_RATE,          /* a fraction, shown as a percentage; its change in
                              percentage points */
    TCO_FIG_WHOLE,         /* GPUs, GPU-hours */
    TCO_FIG_DECIMAL,       /* kW, a work rate: two decimals */
    TCO_FIG_MONTH,         /* a month, 1..H; its change in months */
    TCO_FIG_RANK,          /* 1 = the lowest total */
    TCO_FIG_FLAG           /* 1 yes, 0 no */
} tco_figure_kind;

/* One figure of one option in A and in B: a per-option field of the report
 * (its JSON member of the same name). */
typedef struct tco_figure_diff {
    const char *name;     /* the report's name for it: "total", "breakeven_month" */
    const char *label;    /* for people: "Total cost of ownership"; "{unit}" stands for
                             the unit of work */
    tco_figure_kind kind; /* how it is measured */
    int brief;            /* 1 for the figures of the short views (the table and
                             Markdown): the report table's */
    int applies_a;        /* 1 when the figure has a meaning for the option in A (a
                             break-even only for a bought option against a rent
                             baseline); 0 when A lacks the option */
    int applies_b;        /* the same in B */
    double a, b;          /* a number figure's values; NAN when unknown, when it does
                             not apply, for a text figure */
    const char *text_a;   /* a text figure's value in A (borrowed from A's scenario or
                             static; NULL when none); for a number figure with no
                             number where it applies, the word for it ("never",
                             "always", "parallel"), else NULL */
    const char *text_b;   /* the same in B */
    double delta;         /* b - a (tco_compare_delta: 0 when within a relative
                             1e-12, noise); NAN when either is; a rate's in
                             fractions (x 100: percentage points) */
    double change;        /* delta / |a| for money and quantities (kinds MONEY to
                             DECIMAL but RATE); NAN for the others, when a is 0 or
                             either is NAN */
} tco_figure_diff;

/* One option (by id) in A and in B. */
typedef struct tco_option_diff {
    const char *id;           /* borrowed from A's scenario, else B's */
    int in_a, in_b;           /* 1 when that scenario has the option */
    size_t n_figures;         /* tco_comparison.n_figures */
    tco_figure_diff *figures; /* the report's per-option fields in its order (the
                                 result field table, tco/core/fields.c): every field
                                 of the report's JSON and its rank, the id aside */
} tco_option_diff;

/* What differs between two computed scenarios A and B. */
typedef struct tco_comparison {
    const tco_scenario *a, *b; /* borrowed: the results' scenarios, which must
                                  outlive the comparison */
    size_t n_inputs;
    tco_input_diff *inputs; /* the [scenario], [site] and [workload] keys in
                               table order; then, for each of A's options in
                               A's order, "[option ID]" when B lacks it, else
                               its keys in table order; then "[option ID]"
                               for each option only B has, in B's order; then
                               [demand]'s keys (demand.KEY) and each plan's
                               (plan.NAME.KEY, "[plan NAME]"), as written: no
                               def, a count's values as numbers */
    size_t n_options;
    tco_option_diff *options;  /* A's options in A's order, then those only B
                                  has, in B's order */
    size_t n_figures;          /* figures per option */
    int per_unit;              /* 1 when an option of A or B has a cost per unit of work */
    tco_unit_scale unit_scale; /* the scale at which both scenarios' costs per unit of
                                  work read best (tco_result_unit_scale of the lower) */
    int inputs_compared;       /* 1 when both sides are computed scenarios; 0 when a
                                  side is a saved report (tco_compare_saved), which
                                  carries no inputs: n_inputs is then 0 */
    size_t n_plans;            /* the capacity plans (MODEL.md, Comparing two scenarios:
                                  plans): A's in A's order, then those only B has */
    tco_option_diff *plans;    /* each plan as an option_diff: id is the plan's name,
                                  figures the first n_plan_figures of
                                  tco_plan_figure_name in its order */
    size_t n_plan_figures;     /* figures per plan: all of them when A or B has carbon
                                  figures, else those before the carbon figures
                                  (MODEL.md, Plans in a comparison) */
} tco_comparison;

/* b - a, or 0 when |b - a| <= 1e-12 * max(|a|, |b|): a difference that small
 * is the noise of doubles (a figure summed in another order, an input written
 * 0.3 or 0.1 + 0.2), and every output of a comparison shows it as no change.
 * NAN when either is NAN. */
double tco_compare_delta(double a, double b);

/* The name of a plan's figure k in a comparison (0 <= k < count; "total",
 * "after_tax_npv", "rank"), the member of the report JSON's plan of that name;
 * NULL out of range. *count (when not NULL) is their number. */
const char *tco_plan_figure_name(size_t k, size_t *count);

/* The figure of option o named `name` ("total"), or NULL. */
const tco_figure_diff *tco_option_diff_figure(const tco_option_diff *o, const char *name);

/* Compare two results: every input whose value as text differs (keys left at
 * their default compare as their default value, unset text as ""), and the
 * figures of every option of either, matched by id. The figures are copied:
 * the results may be freed before *out, their scenarios may not. Returns
 * TCO_ERR_NOMEM or TCO_ERR_ARG (NULL arguments) with *out NULL.
 *
 * @code
 *   tco_comparison *c = NULL;
 *   if (tco_compare(ra, rb, &c) == TCO_OK)
 *       for (size_t i = 0; i < c->n_inputs; i++)
 *           printf("%s: %s -> %s\n", c->inputs[i].key, c->inputs[i].a, c->inputs[i].b);
 *   tco_comparison_free(c);
 * @endcode */
tco_status tco_compare(const tco_result *a, const tco_result *b, tco_comparison **out);
void tco_comparison_free(tco_comparison *comparison);

/* ===== Saved reports ===== */

/* The version of the layout of the report's JSON (its "format_version",
 * docs/report.schema.json) and of the comparison's JSON: raised when a member
 * is removed or changes its meaning, not when one is added. */
#define TCO_REPORT_FORMAT_VERSION  1
#define TCO_COMPARE_FORMAT_VERSION 1

/* A report read back from the JSON that tco_report_write_json wrote (`tco
 * report x.ini -o x.json`): the scenario's name and currency, and each
 * option's id and every per-option figure of the result field table found in
 * it, to be compared with a computed scenario or another saved report
 * (tco_compare_saved). Opaque; made by tco_saved_report_load_file or
 * tco_saved_report_load_string, freed by tco_saved_report_free. */
typedef struct tco_saved_report tco_saved_report;

/* Read a saved report from the file at path (at most TCO_MAX_FILE bytes, a
 * regular file) as untrusted input: JSON that does not parse (an error at
 * its line), a duplicate member, a top level that is not an object, a
 * format_version other than TCO_REPORT_FORMAT_VERSION (a report without one,
 * written before it existed, is read as version 1), no "scenario" object
 * with a string "name", no "options" array, an option without a string
 * "id" or with an id seen before, a figure of the wrong JSON type (a number
 * or null for a number figure, a string or null for a text one, true or
 * false for a flag): each is an error in diags (TCO_ERR_INPUT), *out NULL.
 * Members that are not figures (monthly, sizing, fx, the analyses) are
 * passed over. */
tco_status tco_saved_report_load_file(const char *path, tco_saved_report **out, tco_diags *diags);

/* The same from `size` bytes at text, named `name` in diagnostics. */
tco_status tco_saved_report_load_string(const char *text, size_t size, const char *name,
                                        tco_saved_report **out, tco_diags *diags);

/* The report's scenario as far as the JSON tells it: its name, currency,
 * horizon, the file it was read from (tco_scenario.file) and its options'
 * ids; nothing else is set. Owned by the report. */
const tco_scenario *tco_saved_report_scenario(const tco_saved_report *report);

void tco_saved_report_free(tco_saved_report *report);

/* Compare as tco_compare does, where either side may be a saved report: side
 * A is the result a, or when a is NULL the saved report sa; B likewise. The
 * figures of a saved side are those its JSON holds (a figure the report does
 * not write, as the rank, or null there, does not apply on that side);
 * inputs are compared only when both sides are results (inputs_compared).
 * TCO_ERR_ARG when a side is missing. */
tco_status tco_compare_saved(const tco_result *a, const tco_saved_report *sa, const tco_result *b,
                             const tco_saved_report *sb, tco_comparison **out);

/* The cells of a comparison for people, as `tco compare`'s table and its
 * Markdown show them (docs/MODEL.md, "Comparing two scenarios"). */
typedef enum tco_cmp_cell {
    TCO_CELL_A,     /* the value in A */
    TCO_CELL_B,     /* the value in B */
    TCO_CELL_DELTA, /* B - A */
    TCO_CELL_CHANGE /* (B - A) / |A| */
} tco_cmp_cell;

/* An en dash: where a value does not apply. */
#define TCO_DASH "\xE2\x80\x93"

/* One cell of figure f of comparison c, in buf (TCO_NUMTEXT_MAX bytes hold any).
 * A and B: money with thousands separators in whole units (a cost per GPU-hour
 * with cents), the small unit costs with TCO_UNIT_COST_DIGITS significant
 * digits (the cost per unit of work at c's unit_scale), a rate as a percentage
 * with one decimal ("80.8%"), whole numbers, months and ranks as they are, a
 * flag "yes" or "no", text as it is; where a break-even has no number, its
 * word ("never", "always", "parallel"); TCO_DASH where the figure does not
 * apply (a rent option's break-even, an option the scenario lacks); "n/a" for
 * any other unknown value. DELTA: B - A likewise with its sign ("+4,721,183",
 * "+3" months), a rate's in percentage points ("+11.1 pp"); "0" when equal;
 * TCO_DASH for text and flags, or when either side has no number. CHANGE: the
 * relative change as a signed percentage with one decimal ("+14.5%"); TCO_DASH
 * where it means nothing (kinds RATE, MONTH, RANK, FLAG, TEXT), when A is 0
 * or either side has no number. Returns buf, or for a text figure's A and B
 * its text (NULL: TCO_DASH), which the caller escapes for its output. */
const char *tco_compare_cell(char *buf, size_t size, const tco_comparison *c,
                             const tco_figure_diff *f, tco_cmp_cell cell);

/* One cell of input d, in buf, as tco_compare_cell: A and B are the values
 * as text, a rate (a fraction key) as a percentage ("8%"), money with
 * thousands separators; DELTA is B - A for a number key (a rate's in
 * percentage points, "+2 pp"), TCO_DASH for any other; CHANGE is TCO_DASH.
 * Returns buf, or the input's own text (to be escaped by the caller). */
const char *tco_compare_input_cell(char *buf, size_t size, const tco_input_diff *d,
                                   tco_cmp_cell cell);

/* Write the comparison as JSON: {"format_version": TCO_COMPARE_FORMAT_VERSION,
 * "a": {"name", "file"}, "b": {...}, "inputs_compared": true or false, "inputs":
 * [{"key", "a", "b"}], "options": [{"id", "in_a", "in_b", and for each figure
 * (every per-option member of the report's JSON, and "rank") "NAME": {"a",
 * "b"} and for a number figure "delta" and "change"}], and when there are
 * plans "plans": [{"name", "in_a", "in_b", and the plan figures likewise}]}:
 * text as JSON strings,
 * a flag true or false, numbers as tco_format_double writes them (a rate in
 * fractions), unknown ones null. */
tco_status tco_compare_write_json_stream(const tco_comparison *comparison, FILE *out);

/* The same, written atomically to `path` (see tco_write_atomic). */
tco_status tco_compare_write_json(const tco_comparison *comparison, const char *path,
                                  tco_diags *diags);

/* Write the comparison as CSV (RFC 4180, the report CSV's field rules and
 * formula-injection guard): a header "option,figure,a,b,delta,change", then
 * a record per option and figure (every figure of the JSON, in its order),
 * with plans a blank record, "plan,figure,a,b,delta,change" and a record
 * per plan and figure:
 * numbers as tco_format_double writes them (a rate in fractions), text as it is,
 * unknown values empty; then a blank record and "input,a,b" with a record
 * per input that differs. */
tco_status tco_compare_write_csv_stream(const tco_comparison *comparison, FILE *out);
tco_status tco_compare_write_csv(const tco_comparison *comparison, const char *path,
                                 tco_diags *diags);

/* Write the comparison as Markdown: a title, both scenarios, the inputs that
 * differ and a table per option (then, under "Plans", per plan) of the
 * brief figures with the cells of
 * tco_compare_cell; scenario text escaped as the report's Markdown does. */
tco_status tco_compare_write_md_stream(const tco_comparison *comparison, FILE *out);
tco_status tco_compare_write_md(const tco_comparison *comparison, const char *path,
                                tco_diags *diags);

/* Write the comparison as a workbook of static values, written atomically,
 * with the report workbook's styles, number formats and print setup
 * (landscape, fitted to the page width, headings repeated, page numbers in
 * the footer): a sheet "Summary" (title, both scenarios, each option's total
 * in A and B with the change, and a chart of the change), "Figures" (every
 * figure of every option, then of every plan as "[plan NAME]": A, B, and the
 * formulas B - A and the change) and "Inputs" (key, A, B). `created` is the
 * creation time stamped in it (Unix seconds), 0 or less for the time of
 * writing. TCO_ERR_INPUT when a scenario's name or file is not valid UTF-8,
 * TCO_ERR_IO when the file cannot be written; diags says why. */
tco_status tco_compare_write_xlsx(const tco_comparison *comparison, const char *path,
                                  long long created, tco_diags *diags);

#ifdef __cplusplus
}
#endif

#endif /* TCO_COMPARE_H */
