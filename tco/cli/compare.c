/* compare.c - `tco compare A.ini B.ini`: the library's comparison of two
 * scenarios (tco_compare) as a table, JSON or a workbook. */
#include "cli/cli.h"
#include "cli/output.h"
#include "tco.h"

#include <math.h>
#include <stdio.h>

/* The terminal table: the inputs that differ, then each option's figures
 * with their deltas. */
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
    if (c->n_inputs == 0)
        fputs("Inputs: the same.\n", out);
    else
        fprintf(out, "Inputs that differ (%zu):\n  %-40s %20s %20s\n", c->n_inputs, "key", "A",
                "B");
    for (size_t i = 0; i < c->n_inputs; i++) {
        fputs("  ", out);
        tco_fput_text(out, c->inputs[i].key, 40, 0);
        fputc(' ', out);
        tco_fput_text(out, c->inputs[i].a, -20, 0);
        fputc(' ', out);
        tco_fput_text(out, c->inputs[i].b, -20, 0);
        fputc('\n', out);
    }
    fprintf(out, "\nFigures (B - A):\n  %-24s %-22s %16s %16s %16s %9s\n", "option", "figure", "A",
            "B", "delta", "delta %");
    for (size_t i = 0; i < c->n_options; i++) {
        const tco_option_diff *o = &c->options[i];
        fputs("  ", out);
        tco_fput_text(out, o->id, 24, 0);
        if (!o->in_a || !o->in_b) {
            fprintf(out, " only in %s\n", o->in_a ? "A" : "B");
            continue;
        }
        for (int k = 0; k < TCO_CMP_COUNT; k++) {
            const tco_figure_diff *f = &o->figures[k];
            char pct[24] = "";
            if (!isnan(f->a) && !isnan(f->b) && f->a != 0)
                snprintf(pct, sizeof pct, "%+.2f%%", f->change * 100);
            if (k)
                fprintf(out, "  %-24s", "");
            fprintf(out, " %-22s %16.2f %16.2f %+16.2f %9s\n",
                    tco_compare_figure_name((tco_cmp_figure)k), f->a, f->b, f->delta, pct);
        }
        char ma[16] = "never", mb[16] = "never";
        if (o->breakeven_month_a)
            snprintf(ma, sizeof ma, "%d", o->breakeven_month_a);
        if (o->breakeven_month_b)
            snprintf(mb, sizeof mb, "%d", o->breakeven_month_b);
        fprintf(out, "  %-24s %-22s %16s %16s\n", "", "breakeven_month", ma, mb);
    }
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

/* See documentation in cli.h. */
int cli_compare(const tco_result *a, const tco_result *b, int format, const char *path,
                long long created, tco_diags *d)
{
    tco_comparison *c = NULL;
    tco_status st = tco_compare(a, b, &c);
    if (st != TCO_OK) {
        fprintf(stderr, "tco: %s\n", st == TCO_ERR_NOMEM ? "out of memory" : tco_status_str(st));
        return CLI_EXIT_RUNTIME;
    }
    int rc;
    if (format == CLI_XLSX) {
        book_args b = {c, created};
        rc = cli_emit_book(path, xlsx_to, &b, d);
    } else {
        rc = cli_emit(path, format == CLI_JSON ? json_to : table_to, c, d);
    }
    tco_comparison_free(c);
    return rc;
}
