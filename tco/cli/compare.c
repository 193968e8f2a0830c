/* compare.c - `tco compare A.ini B.ini`: the inputs that differ between two
 * scenarios, and each option's figures with their deltas, as a table, JSON
 * or a workbook. */
#include "cli/cli.h"
#include "util/outfile.h"
#include "util/utf8.h"
#include "write/json.h"

#include <math.h>
#include <string.h>
#include <xlsxwriter.h>

/* One input as text, for comparing and showing; "" when the key is unset. */
static void value_text(const tco_keydef *k, const void *base, int set, char *buf, size_t size)
{
    const char *p = (const char *)base + k->offset;
    if (!set && k->type == TCO_T_STRING) {
        snprintf(buf, size, "%s", "");
        return;
    }
    switch (k->type) {
    case TCO_T_STRING:
    case TCO_T_DATE: {
        const char *v = *(char *const *)p;
        snprintf(buf, size, "%s", v ? v : "");
        break;
    }
    case TCO_T_INT:
        snprintf(buf, size, "%d", *(const int *)p);
        break;
    case TCO_T_ENUM:
        snprintf(buf, size, "%s", k->names[*(const int *)p]);
        break;
    case TCO_T_NUMBER:
        snprintf(buf, size, "%.15g", *(const double *)p);
        break;
    }
}

/* The differences, collected once and written in any format. */
typedef struct input_diff {
    char key[96]; /* "site.pue" or "h100-buy.gpu_price" */
    char a[128], b[128];
} input_diff;

typedef struct figure_diff {
    const char *id;
    int in_a, in_b;
    const tco_option_result *ra, *rb;
} figure_diff;

typedef struct comparison {
    input_diff *inputs;
    size_t n_inputs, cap_inputs;
    figure_diff *figures;
    size_t n_figures;
} comparison;

static int add_input(comparison *c, const char *key, const char *a, const char *b)
{
    if (c->n_inputs == c->cap_inputs) {
        size_t cap = c->cap_inputs ? c->cap_inputs * 2 : 32;
        input_diff *p = realloc(c->inputs, cap * sizeof *p);
        if (!p)
            return -1;
        c->inputs = p;
        c->cap_inputs = cap;
    }
    input_diff *d = &c->inputs[c->n_inputs++];
    snprintf(d->key, sizeof d->key, "%s", key);
    snprintf(d->a, sizeof d->a, "%s", a);
    snprintf(d->b, sizeof d->b, "%s", b);
    return 0;
}

static int compare_inputs(comparison *c, const tco_scenario *a, const tco_scenario *b)
{
    char va[128], vb[128], key[96];
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *d = tco_scenario_key((tco_skey)k);
        value_text(d, a, a->src[k] != TCO_SRC_DEFAULT, va, sizeof va);
        value_text(d, b, b->src[k] != TCO_SRC_DEFAULT, vb, sizeof vb);
        snprintf(key, sizeof key, "%s.%s", d->section, d->name);
        if (strcmp(va, vb) != 0 && add_input(c, key, va, vb))
            return -1;
    }
    for (size_t i = 0; i < a->n_options; i++) {
        const tco_option *oa = &a->options[i];
        int j = tco_scenario_find(b, oa->id);
        if (j < 0) {
            snprintf(key, sizeof key, "[option %s]", oa->id);
            if (add_input(c, key, "present", "absent"))
                return -1;
            continue;
        }
        const tco_option *ob = &b->options[j];
        for (int k = 0; k < TCO_O_COUNT; k++) {
            const tco_keydef *d = tco_option_key((tco_okey)k);
            value_text(d, oa, oa->src[k] != TCO_SRC_DEFAULT, va, sizeof va);
            value_text(d, ob, ob->src[k] != TCO_SRC_DEFAULT, vb, sizeof vb);
            snprintf(key, sizeof key, "%s.%s", oa->id, d->name);
            if (strcmp(va, vb) != 0 && add_input(c, key, va, vb))
                return -1;
        }
    }
    for (size_t j = 0; j < b->n_options; j++) {
        if (tco_scenario_find(a, b->options[j].id) >= 0)
            continue;
        snprintf(key, sizeof key, "[option %s]", b->options[j].id);
        if (add_input(c, key, "absent", "present"))
            return -1;
    }
    return 0;
}

static int compare_figures(comparison *c, const tco_result *a, const tco_result *b)
{
    const tco_scenario *sa = a->scenario, *sb = b->scenario;
    c->figures = calloc(sa->n_options + sb->n_options + 1, sizeof *c->figures);
    if (!c->figures)
        return -1;
    for (size_t i = 0; i < sa->n_options; i++) {
        int j = tco_scenario_find(sb, sa->options[i].id);
        c->figures[c->n_figures++] = (figure_diff){sa->options[i].id, 1, j >= 0, &a->options[i],
                                                   j >= 0 ? &b->options[j] : NULL};
    }
    for (size_t j = 0; j < sb->n_options; j++)
        if (tco_scenario_find(sa, sb->options[j].id) < 0)
            c->figures[c->n_figures++] =
                (figure_diff){sb->options[j].id, 0, 1, NULL, &b->options[j]};
    return 0;
}

/* The figures compared, by name. */
static const struct {
    const char *name;
    size_t offset;
} figures[] = {
    {"capex", offsetof(tco_option_result, capex)},
    {"total", offsetof(tco_option_result, total)},
    {"npv", offsetof(tco_option_result, npv)},
    {"cost_per_gpu_hour", offsetof(tco_option_result, cost_per_gpu_hour)},
    {"breakeven_utilization", offsetof(tco_option_result, breakeven_utilization)},
};
#define N_FIGURES (sizeof figures / sizeof figures[0])

static double fig(const tco_option_result *r, size_t k)
{
    return r ? *(const double *)((const char *)r + figures[k].offset) : NAN;
}

/* ===== Writers ===== */

static void print_table(const comparison *c, const tco_result *a, const tco_result *b,
                        FILE *out)
{
    fprintf(out, "A: %s (%s)\nB: %s (%s)\n\n", a->scenario->name, a->scenario->file,
            b->scenario->name, b->scenario->file);
    if (c->n_inputs == 0)
        fputs("Inputs: the same.\n", out);
    else
        fprintf(out, "Inputs that differ (%zu):\n  %-40s %20s %20s\n", c->n_inputs, "key", "A",
                "B");
    for (size_t i = 0; i < c->n_inputs; i++)
        fprintf(out, "  %-40s %20s %20s\n", c->inputs[i].key, c->inputs[i].a, c->inputs[i].b);
    fprintf(out, "\nFigures (B - A):\n  %-24s %-22s %16s %16s %16s %9s\n", "option", "figure",
            "A", "B", "delta", "delta %");
    for (size_t i = 0; i < c->n_figures; i++) {
        const figure_diff *f = &c->figures[i];
        if (!f->in_a || !f->in_b) {
            fprintf(out, "  %-24s only in %s\n", f->id, f->in_a ? "A" : "B");
            continue;
        }
        for (size_t k = 0; k < N_FIGURES; k++) {
            double x = fig(f->ra, k), y = fig(f->rb, k);
            char pct[24] = "";
            if (!isnan(x) && !isnan(y) && x != 0)
                snprintf(pct, sizeof pct, "%+.2f%%", (y - x) / fabs(x) * 100);
            fprintf(out, "  %-24s %-22s %16.2f %16.2f %+16.2f %9s\n", k ? "" : f->id,
                    figures[k].name, x, y, y - x, pct);
        }
        char ma[16] = "never", mb[16] = "never";
        if (f->ra->breakeven_month)
            snprintf(ma, sizeof ma, "%d", f->ra->breakeven_month);
        if (f->rb->breakeven_month)
            snprintf(mb, sizeof mb, "%d", f->rb->breakeven_month);
        fprintf(out, "  %-24s %-22s %16s %16s\n", "", "breakeven_month", ma, mb);
    }
}

static void print_json(const comparison *c, const tco_result *a, const tco_result *b, FILE *out)
{
    fputs("{\n  \"a\": {\"name\": ", out);
    tci_json_string(out, a->scenario->name);
    fputs(", \"file\": ", out);
    tci_json_string(out, a->scenario->file);
    fputs("},\n  \"b\": {\"name\": ", out);
    tci_json_string(out, b->scenario->name);
    fputs(", \"file\": ", out);
    tci_json_string(out, b->scenario->file);
    fputs("},\n  \"inputs\": [", out);
    for (size_t i = 0; i < c->n_inputs; i++) {
        fprintf(out, "%s\n    {\"key\": ", i ? "," : "");
        tci_json_string(out, c->inputs[i].key);
        fputs(", \"a\": ", out);
        tci_json_string(out, c->inputs[i].a);
        fputs(", \"b\": ", out);
        tci_json_string(out, c->inputs[i].b);
        fputc('}', out);
    }
    fputs(c->n_inputs ? "\n  ],\n  \"options\": [" : "],\n  \"options\": [", out);
    for (size_t i = 0; i < c->n_figures; i++) {
        const figure_diff *f = &c->figures[i];
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, f->id);
        fprintf(out, ", \"in_a\": %s, \"in_b\": %s", f->in_a ? "true" : "false",
                f->in_b ? "true" : "false");
        for (size_t k = 0; k < N_FIGURES; k++) {
            double x = fig(f->ra, k), y = fig(f->rb, k);
            fprintf(out, ", \"%s\": {\"a\": ", figures[k].name);
            tci_json_number(out, x);
            fputs(", \"b\": ", out);
            tci_json_number(out, y);
            fputs(", \"delta\": ", out);
            tci_json_number(out, y - x);
            fputc('}', out);
        }
        fputc('}', out);
    }
    fputs("\n  ]\n}\n", out);
}

/* A plain workbook of the comparison: static values, like a report appendix. */
static tco_status write_xlsx(const comparison *c, const tco_result *a, const tco_result *b,
                             const char *path, long long created, tco_diags *d)
{
    const char *strings[] = {a->scenario->name, b->scenario->name, a->scenario->file,
                             b->scenario->file};
    for (size_t i = 0; i < 4; i++)
        if (!tci_utf8_valid(strings[i])) {
            tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "invalid UTF-8 in a scenario name");
            return TCO_ERR_INPUT;
        }
    tci_outfile f;
    tco_status st = tci_outfile_reserve(&f, path, d);
    if (st != TCO_OK)
        return st;
    lxw_workbook *wb = workbook_new(f.tmp);
    if (!wb) {
        tci_outfile_abort(&f);
        tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook");
        return TCO_ERR_IO;
    }
    lxw_doc_properties props = {.title = "tco comparison",
                                .subject = "Inputs and figures of two scenarios"};
    props.created = (time_t)(created >= 0 ? created : 0);
    workbook_set_properties(wb, &props);
    lxw_format *bold = workbook_add_format(wb);
    format_set_bold(bold);
    lxw_format *money = workbook_add_format(wb);
    format_set_num_format(money, "#,##0.00;[Red]-#,##0.00");
    lxw_format *pct = workbook_add_format(wb);
    format_set_num_format(pct, "0.00%");
    lxw_worksheet *in = workbook_add_worksheet(wb, "Inputs");
    worksheet_set_column(in, 0, 0, 40, NULL);
    worksheet_set_column(in, 1, 2, 24, NULL);
    worksheet_write_string(in, 0, 0, "Key", bold);
    worksheet_write_string(in, 0, 1, "A", bold);
    worksheet_write_string(in, 0, 2, "B", bold);
    for (size_t i = 0; i < c->n_inputs; i++) {
        worksheet_write_string(in, (lxw_row_t)(i + 1), 0, c->inputs[i].key, NULL);
        worksheet_write_string(in, (lxw_row_t)(i + 1), 1, c->inputs[i].a, NULL);
        worksheet_write_string(in, (lxw_row_t)(i + 1), 2, c->inputs[i].b, NULL);
    }
    lxw_worksheet *fg = workbook_add_worksheet(wb, "Figures");
    worksheet_set_column(fg, 0, 1, 24, NULL);
    worksheet_set_column(fg, 2, 5, 16, NULL);
    static const char *const head[] = {"Option", "Figure", "A", "B", "B - A", "Change"};
    for (int k = 0; k < 6; k++)
        worksheet_write_string(fg, 0, (lxw_col_t)k, head[k], bold);
    worksheet_freeze_panes(fg, 1, 0);
    lxw_row_t row = 1;
    for (size_t i = 0; i < c->n_figures; i++) {
        const figure_diff *fd = &c->figures[i];
        if (!fd->in_a || !fd->in_b) {
            worksheet_write_string(fg, row, 0, fd->id, NULL);
            worksheet_write_string(fg, row++, 1, fd->in_a ? "only in A" : "only in B", NULL);
            continue;
        }
        for (size_t k = 0; k < N_FIGURES; k++, row++) {
            double x = fig(fd->ra, k), y = fig(fd->rb, k);
            worksheet_write_string(fg, row, 0, fd->id, NULL);
            worksheet_write_string(fg, row, 1, figures[k].name, NULL);
            if (isnan(x))
                worksheet_write_string(fg, row, 2, "n/a", NULL);
            else
                worksheet_write_number(fg, row, 2, x, money);
            if (isnan(y))
                worksheet_write_string(fg, row, 3, "n/a", NULL);
            else
                worksheet_write_number(fg, row, 3, y, money);
            if (isnan(x) || isnan(y))
                continue;
            char formula[96];
            snprintf(formula, sizeof formula, "=D%u-C%u", row + 1, row + 1);
            worksheet_write_formula_num(fg, row, 4, formula, money, y - x);
            snprintf(formula, sizeof formula, "=IF(C%u=0,\"\",(D%u-C%u)/ABS(C%u))", row + 1,
                     row + 1, row + 1, row + 1);
            if (x != 0)
                worksheet_write_formula_num(fg, row, 5, formula, pct, (y - x) / fabs(x));
            else
                worksheet_write_formula_str(fg, row, 5, formula, pct, "");
        }
    }
    lxw_error err = workbook_close(wb);
    if (err) {
        tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      lxw_strerror(err));
        tci_outfile_abort(&f);
        return TCO_ERR_IO;
    }
    return tci_outfile_commit(&f, d);
}

/* Stream writers for cli_emit. */
typedef struct compare_args {
    const comparison *c;
    const tco_result *a, *b;
} compare_args;

static tco_status table_to(FILE *out, const void *arg)
{
    const compare_args *x = arg;
    print_table(x->c, x->a, x->b, out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status json_to(FILE *out, const void *arg)
{
    const compare_args *x = arg;
    print_json(x->c, x->a, x->b, out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in cli.h. */
int cli_compare(const tco_result *a, const tco_result *b, int format, const char *path,
                    long long created, tco_diags *d)
{
    comparison c = {0};
    int rc = 0;
    if (compare_inputs(&c, a->scenario, b->scenario) || compare_figures(&c, a, b)) {
        fputs("tco: out of memory\n", stderr);
        rc = 1;
        goto done;
    }
    if (format == CLI_XLSX) {
        tco_status st = write_xlsx(&c, a, b, path, created, d);
        rc = st == TCO_OK ? 0 : st == TCO_ERR_INPUT ? 2 : 1;
        goto done;
    }
    compare_args args = {&c, a, b};
    rc = cli_emit(path, format == CLI_JSON ? json_to : table_to, &args, d);
done:
    free(c.inputs);
    free(c.figures);
    return rc;
}
