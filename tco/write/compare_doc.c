/* compare_doc.c - a comparison of two scenarios (tco_compare) as CSV, through
 * the report's CSV field writer, and as Markdown, with the cells of
 * tco_compare_cell and the report Markdown's escapes. */
#include "tco.h"
#include "write/csv.h"
#include "write/markdown.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ===== CSV ===== */

/* The records of options or plans: name, figure, a, b, delta, change. */
static void csv_diffs(FILE *out, const tco_option_diff *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const tco_option_diff *o = &list[i];
        for (size_t k = 0; k < o->n_figures; k++) {
            const tco_figure_diff *f = &o->figures[k];
            tci_csv_text(out, o->id);
            fputc(',', out);
            tci_csv_text(out, f->name);
            fputc(',', out);
            if (f->kind == TCO_FIG_TEXT) {
                tci_csv_text(out, f->text_a);
                fputc(',', out);
                tci_csv_text(out, f->text_b);
                fputs(",,", out);
            } else {
                tci_csv_number(out, f->a);
                fputc(',', out);
                tci_csv_number(out, f->b);
                fputc(',', out);
                if (f->kind != TCO_FIG_FLAG)
                    tci_csv_number(out, f->delta);
                fputc(',', out);
                tci_csv_number(out, f->change);
            }
            fputs(TCI_CSV_EOL, out);
        }
    }
}

/* See documentation in tco.h. */
tco_status tco_compare_write_csv_stream(const tco_comparison *c, FILE *out)
{
    if (!c || !out)
        return TCO_ERR_ARG;
    fputs("option,figure,a,b,delta,change" TCI_CSV_EOL, out);
    csv_diffs(out, c->options, c->n_options);
    if (c->n_plans) { /* capacity plans: a block of their own */
        fputs(TCI_CSV_EOL "plan,figure,a,b,delta,change" TCI_CSV_EOL, out);
        csv_diffs(out, c->plans, c->n_plans);
    }
    fputs(TCI_CSV_EOL "input,a,b" TCI_CSV_EOL, out);
    for (size_t i = 0; i < c->n_inputs; i++) {
        const tco_input_diff *d = &c->inputs[i];
        tci_csv_text(out, d->key);
        fputc(',', out);
        tci_csv_text(out, d->a);
        fputc(',', out);
        tci_csv_text(out, d->b);
        fputs(TCI_CSV_EOL, out);
    }
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status csv_to(FILE *out, const void *c)
{
    return tco_compare_write_csv_stream(c, out);
}

/* See documentation in tco.h. */
tco_status tco_compare_write_csv(const tco_comparison *c, const char *path, tco_diags *diags)
{
    if (!c || !path)
        return TCO_ERR_ARG;
    return tco_write_atomic(path, csv_to, c, diags);
}

/* ===== Markdown ===== */

/* A figure's label for people: {unit} is A's unit of work. */
static void put_label(FILE *out, const tco_comparison *c, const char *label)
{
    static const char mark[] = "{unit}";
    const char *at = strstr(label, mark);
    if (!at) {
        tci_md_text(out, label);
        return;
    }
    char head[256];
    size_t n = (size_t)(at - label) < sizeof head - 1 ? (size_t)(at - label) : sizeof head - 1;
    memcpy(head, label, n);
    head[n] = '\0';
    tci_md_text(out, head);
    tci_md_text(out, c->a->unit);
    tci_md_text(out, at + sizeof mark - 1);
}

/* A cell: a number or word written into buf as it is (digits, signs,
 * separators, words: nothing Markdown reads), a scenario's text escaped. */
static void put_cell(FILE *out, const char *buf, const char *text)
{
    if (text == buf)
        fputs(text, out);
    else
        tci_md_text(out, text);
}

/* The inputs that differ, as a table. */
static void md_inputs(FILE *out, const tco_comparison *c)
{
    if (!c->inputs_compared) {
        fputs("## Inputs\n\nNot compared: a saved report carries no inputs.\n", out);
        return;
    }
    if (c->n_inputs == 0) {
        fputs("## Inputs\n\nThe same in both.\n", out);
        return;
    }
    fprintf(out,
            "## Inputs that differ (%zu)\n\n| Key | A | B | B \u2212 A |\n|---|---|---|---:|\n",
            c->n_inputs);
    for (size_t i = 0; i < c->n_inputs; i++) {
        const tco_input_diff *d = &c->inputs[i];
        char buf[TCO_NUMTEXT_MAX];
        fputs("| ", out);
        tci_md_text(out, d->key);
        for (int cl = 0; cl < 3; cl++) {
            fputs(" | ", out);
            put_cell(out, buf, tco_compare_input_cell(buf, sizeof buf, d, (tco_cmp_cell)cl));
        }
        fputs(" |\n", out);
    }
}

/* One option's or plan's brief figures, as a table. */
static void md_option(FILE *out, const tco_comparison *c, const tco_option_diff *o)
{
    fputs("\n### ", out);
    tci_md_text(out, o->id);
    if (!o->in_a || !o->in_b)
        fprintf(out, " (only in %s)", o->in_a ? "A" : "B");
    fputs("\n\n| Figure | A | B | B \u2212 A | Change |\n|---|---:|---:|---:|---:|\n", out);
    for (size_t k = 0; k < o->n_figures; k++) {
        const tco_figure_diff *f = &o->figures[k];
        if (!f->brief || (f->kind == TCO_FIG_COST_PER_UNIT && !c->per_unit))
            continue;
        fputs("| ", out);
        put_label(out, c, f->label);
        if (f->kind == TCO_FIG_COST_PER_UNIT && c->unit_scale.per > 1) {
            fprintf(out, " (per %s", c->unit_scale.prefix);
            tci_md_text(out, c->a->unit);
            fputc(')', out);
        }
        for (int cl = 0; cl < 4; cl++) {
            char buf[TCO_NUMTEXT_MAX];
            fputs(" | ", out);
            put_cell(out, buf, tco_compare_cell(buf, sizeof buf, c, f, (tco_cmp_cell)cl));
        }
        fputs(" |\n", out);
    }
}

/* See documentation in tco.h. */
tco_status tco_compare_write_md_stream(const tco_comparison *c, FILE *out)
{
    if (!c || !out)
        return TCO_ERR_ARG;
    fputs("# Comparison: ", out);
    tci_md_text(out, c->a->name);
    fputs(" (A) and ", out);
    tci_md_text(out, c->b->name);
    fputs(" (B)\n\n", out);
    const tco_scenario *sides[2] = {c->a, c->b};
    for (int k = 0; k < 2; k++) {
        fprintf(out, "- %s: ", k ? "B" : "A");
        tci_md_text(out, sides[k]->name);
        fputs(" (", out);
        tci_md_text(out, sides[k]->file);
        fprintf(out, "), %d months, money in ", sides[k]->horizon_months);
        tci_md_text(out, sides[k]->currency);
        fputc('\n', out);
    }
    fputs("\nRates are percentages; their changes are in percentage points (pp). "
          "\u2013: does not apply.\n\n",
          out);
    md_inputs(out, c);
    fputs("\n## Figures\n", out);
    for (size_t i = 0; i < c->n_options; i++)
        md_option(out, c, &c->options[i]);
    if (c->n_plans)
        fputs("\n## Plans\n", out);
    for (size_t i = 0; i < c->n_plans; i++)
        md_option(out, c, &c->plans[i]);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status md_to(FILE *out, const void *c)
{
    return tco_compare_write_md_stream(c, out);
}

/* See documentation in tco.h. */
tco_status tco_compare_write_md(const tco_comparison *c, const char *path, tco_diags *diags)
{
    if (!c || !path)
        return TCO_ERR_ARG;
    return tco_write_atomic(path, md_to, c, diags);
}
