/* compare.c - `tco compare A.ini B.ini`: the library's comparison of two
 * scenarios (tco_compare) as a table, JSON, a workbook, CSV or Markdown. */
#include "cli/cli.h"
#include "cli/output.h"
#include "tco.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ===== The terminal table ===== */

#define GAP 2 /* spaces between columns */

/* How a cell sits in its column. */
enum {
    LEFT,
    RIGHT,
    NUMBER /* right-aligned among the column's numbers, which
              sit at its left among text */
};

/* The cells of one table: rows of `cols` cells, measured (tco_text_width:
 * the display width of the escaped text) in a first pass and printed in a
 * second. */
typedef struct table {
    int cols;
    int width[6]; /* of each column */
    int numw[6];  /* of the NUMBER cells of each column */
    FILE *out;    /* NULL while measuring */
} table;

/* One cell: measured, or printed in its column (the last one unpadded). */
static void cell(table *t, int col, const char *text, int align)
{
    int w = tco_text_width(text);
    if (!t->out) {
        t->width[col] = w > t->width[col] ? w : t->width[col];
        if (align == NUMBER && w > t->numw[col])
            t->numw[col] = w;
        return;
    }
    fprintf(t->out, "%*s", col == 0 ? 2 : GAP, "");
    int last = col == t->cols - 1;
    if (align == RIGHT) {
        tco_fput_text(t->out, text, -t->width[col], 0);
    } else {
        int lead = align == NUMBER ? t->numw[col] - w : 0;
        fprintf(t->out, "%*s", lead, "");
        tco_fput_text(t->out, text, last ? 0 : t->width[col] - lead, 0);
    }
    if (last)
        fputc('\n', t->out);
}

/* The inputs that differ: key, A, B, B - A; text left, numbers right. */
static void input_rows(table *t, const tco_comparison *c)
{
    static const char *const head[] = {"key", "A", "B", "B - A"};
    for (int k = 0; k < 4; k++)
        cell(t, k, head[k], k == 3 ? RIGHT : LEFT);
    for (size_t i = 0; i < c->n_inputs; i++) {
        const tco_input_diff *d = &c->inputs[i];
        char buf[3][TCO_NUMTEXT_MAX];
        int align = isnan(d->a_value) ? LEFT : NUMBER;
        cell(t, 0, d->key, LEFT);
        cell(t, 1, tco_compare_input_cell(buf[0], sizeof buf[0], d, TCO_CELL_A), align);
        cell(t, 2, tco_compare_input_cell(buf[1], sizeof buf[1], d, TCO_CELL_B), align);
        cell(t, 3, tco_compare_input_cell(buf[2], sizeof buf[2], d, TCO_CELL_DELTA), RIGHT);
    }
}

/* 1 when figure f is a row of the table: a brief one, the cost per unit of
 * work only when some option has one. */
static int shown(const tco_comparison *c, const tco_figure_diff *f)
{
    return f->brief && (f->kind != TCO_FIG_COST_PER_UNIT || c->per_unit);
}

/* The figures: option (or plan), figure, A, B, B - A, change; one that a
 * scenario lacks says so under its name. Sets *words when a break-even is a
 * word. */
static void figure_rows(table *t, const tco_comparison *c, const tco_option_diff *list, size_t n,
                        const char *what, int *words)
{
    const char *const head[] = {what, "figure", "A", "B", "B - A", "change"};
    for (int k = 0; k < 6; k++)
        cell(t, k, head[k], k >= 2 ? RIGHT : LEFT);
    for (size_t i = 0; i < n; i++) {
        const tco_option_diff *o = &list[i];
        int row = 0;
        for (size_t k = 0; k < o->n_figures; k++) {
            const tco_figure_diff *f = &o->figures[k];
            if (!shown(c, f))
                continue;
            const char *id = row == 0               ? o->id
                             : row == 1 && !o->in_b ? "(only in A)"
                             : row == 1 && !o->in_a ? "(only in B)"
                                                    : "";
            row++;
            char buf[4][TCO_NUMTEXT_MAX];
            cell(t, 0, id, LEFT);
            cell(t, 1, f->name, LEFT);
            for (int cl = 0; cl < 4; cl++)
                cell(t, 2 + cl, tco_compare_cell(buf[cl], sizeof buf[cl], c, f, (tco_cmp_cell)cl),
                     RIGHT);
            *words |= f->kind != TCO_FIG_TEXT &&
                      ((f->applies_a && f->text_a) || (f->applies_b && f->text_b));
        }
    }
}

/* The terminal table: both scenarios, the inputs that differ, then each
 * option's figures in both with B - A and the relative change, laid out in
 * columns as wide as their widest cell (MODEL.md, "Comparing two
 * scenarios"). */
static void print_table(const tco_comparison *c, FILE *out)
{
    const tco_scenario *sides[2] = {c->a, c->b};
    for (int k = 0; k < 2; k++) {
        fputs(k ? "B: " : "A: ", out);
        tco_fput_text(out, sides[k]->name, 0, 0);
        fputs(" (", out);
        tco_fput_text(out, sides[k]->file, 0, 0);
        fputs(")\n", out);
    }
    fputc('\n', out);
    if (!c->inputs_compared) {
        fputs("Inputs: not compared (a saved report carries no inputs).\n", out);
    } else if (c->n_inputs == 0) {
        fputs("Inputs: the same.\n", out);
    } else {
        fprintf(out, "Inputs that differ (%zu):\n", c->n_inputs);
        table t = {.cols = 4};
        input_rows(&t, c);
        t.out = out;
        input_rows(&t, c);
    }
    fputs("\nFigures (rates and their changes in percentage points, pp):\n", out);
    int words = 0;
    table t = {.cols = 6};
    figure_rows(&t, c, c->options, c->n_options, "option", &words);
    t.out = out;
    figure_rows(&t, c, c->options, c->n_options, "option", &words);
    if (c->n_plans) { /* capacity plans (MODEL.md, Comparing two scenarios) */
        fputs("\nPlans:\n", out);
        table tp = {.cols = 6};
        figure_rows(&tp, c, c->plans, c->n_plans, "plan", &words);
        tp.out = out;
        figure_rows(&tp, c, c->plans, c->n_plans, "plan", &words);
    }
    if (c->per_unit && c->unit_scale.per > 1) {
        fprintf(out, "cost_per_unit: per %s", c->unit_scale.prefix);
        tco_fput_text(out, c->a->unit, 0, 0);
        fprintf(out, "%s.\n", tco_unit_plural(c->a->unit, c->unit_scale.per));
    }
    if (words)
        fputs(cli_breakeven_words, out);
}

/* Stream writers for cli_emit. */
static tco_status table_to(FILE *out, const void *c)
{
    print_table(c, out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status json_to(FILE *out, const void *c)
{
    return tco_compare_write_json_stream(c, out);
}

static tco_status csv_to(FILE *out, const void *c)
{
    return tco_compare_write_csv_stream(c, out);
}

static tco_status md_to(FILE *out, const void *c)
{
    return tco_compare_write_md_stream(c, out);
}

/* A workbook writer for cli_emit_book. */
typedef struct book_args {
    const tco_comparison *c;
    long long created;
} book_args;

static tco_status xlsx_to(const char *path, const void *arg, tco_diags *d)
{
    const book_args *b = arg;
    return tco_compare_write_xlsx(b->c, path, b->created, d);
}

/* --fail-above: each option in both whose total rose past the limit, said
 * on stderr; CLI_EXIT_ABOVE when any did, else CLI_EXIT_OK. */
static int above_limit(const tco_comparison *c, const cli_limit *limit)
{
    int rc = CLI_EXIT_OK;
    for (size_t i = 0; limit->set && i < c->n_options; i++) {
        const tco_option_diff *o = &c->options[i];
        const tco_figure_diff *f = tco_option_diff_figure(o, "total");
        if (!o->in_a || !o->in_b || !f || isnan(f->delta) || f->delta <= 0)
            continue;
        int above = limit->percent ? f->a == 0 || f->delta / fabs(f->a) * 100 > limit->value
                                   : f->delta > limit->value;
        if (!above)
            continue;
        char delta[TCO_NUMTEXT_MAX], change[TCO_NUMTEXT_MAX];
        fputs("tco: ", stderr);
        tco_fput_text(stderr, o->id, 0, 0);
        fprintf(stderr, ": total rose by %s (%s), above --fail-above ",
                tco_compare_cell(delta, sizeof delta, c, f, TCO_CELL_DELTA),
                tco_compare_cell(change, sizeof change, c, f, TCO_CELL_CHANGE));
        tco_fput_text(stderr, limit->as, 0, 0);
        fputc('\n', stderr);
        rc = CLI_EXIT_ABOVE;
    }
    return rc;
}

/* See documentation in cli.h. */
int cli_compare(const tco_result *a, const tco_saved_report *sa, const tco_result *b,
                const tco_saved_report *sb, int format, const char *path, long long created,
                const cli_limit *limit, tco_diags *d)
{
    tco_comparison *c = NULL;
    tco_status st = tco_compare_saved(a, sa, b, sb, &c);
    if (st != TCO_OK) {
        fprintf(stderr, "tco: %s\n", st == TCO_ERR_NOMEM ? "out of memory" : tco_status_str(st));
        return CLI_EXIT_RUNTIME;
    }
    int rc;
    if (format == CLI_XLSX) {
        book_args b = {c, created};
        rc = cli_emit_book(path, xlsx_to, &b, d);
    } else {
        rc = cli_emit(path,
                      format == CLI_JSON  ? json_to
                      : format == CLI_CSV ? csv_to
                      : format == CLI_MD  ? md_to
                                          : table_to,
                      c, d);
    }
    if (rc == CLI_EXIT_OK)
        rc = above_limit(c, limit);
    tco_comparison_free(c);
    return rc;
}
