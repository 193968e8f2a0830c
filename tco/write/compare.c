/* compare.c - the JSON of a comparison of two scenarios (tco_compare). */
#include "tco.h"
#include "write/json.h"

#include <math.h>
#include <stdio.h>

/* A flag as the report's JSON writes it; null when unknown. */
static void flag(FILE *out, double x)
{
    fputs(isnan(x) ? "null" : x ? "true" : "false", out);
}

/* One option or plan (`key` "id" or "name"): its name, where it is, and
 * each figure's A, B, delta and change. */
static void put_diff(FILE *out, const tco_option_diff *o, const char *key)
{
    fprintf(out, "{\"%s\": ", key);
    tci_json_string(out, o->id);
    fprintf(out, ", \"in_a\": %s, \"in_b\": %s", o->in_a ? "true" : "false",
            o->in_b ? "true" : "false");
    for (size_t k = 0; k < o->n_figures; k++) {
        const tco_figure_diff *f = &o->figures[k];
        fputs(", ", out);
        tci_json_string(out, f->name);
        fputs(": {\"a\": ", out);
        if (f->kind == TCO_FIG_TEXT) {
            tci_json_string(out, f->text_a);
            tci_json_text_member(out, "b", f->text_b);
        } else if (f->kind == TCO_FIG_FLAG) { /* true or false, as the report's */
            flag(out, f->a);
            fputs(", \"b\": ", out);
            flag(out, f->b);
        } else {
            tci_json_number(out, f->a);
            tci_json_number_member(out, "b", f->b);
            tci_json_number_member(out, "delta", f->delta);
            tci_json_number_member(out, "change", f->change);
        }
        fputc('}', out);
    }
    fputc('}', out);
}

/* See documentation in tco.h. */
tco_status tco_compare_write_json_stream(const tco_comparison *c, FILE *out)
{
    if (!c || !out)
        return TCO_ERR_ARG;
    fprintf(out, "{\n  \"format_version\": %d,\n  \"a\": {\"name\": ", TCO_COMPARE_FORMAT_VERSION);
    tci_json_string(out, c->a->name);
    tci_json_text_member(out, "file", c->a->file);
    fputs("},\n  \"b\": {\"name\": ", out);
    tci_json_string(out, c->b->name);
    tci_json_text_member(out, "file", c->b->file);
    fprintf(out, "},\n  \"inputs_compared\": %s,\n  \"inputs\": [",
            c->inputs_compared ? "true" : "false");
    for (size_t i = 0; i < c->n_inputs; i++) {
        fprintf(out, "%s\n    {\"key\": ", i ? "," : "");
        tci_json_string(out, c->inputs[i].key);
        tci_json_text_member(out, "a", c->inputs[i].a);
        tci_json_text_member(out, "b", c->inputs[i].b);
        fputc('}', out);
    }
    fputs(c->n_inputs ? "\n  ],\n  \"options\": [" : "],\n  \"options\": [", out);
    for (size_t i = 0; i < c->n_options; i++) {
        fputs(i ? ",\n    " : "\n    ", out);
        put_diff(out, &c->options[i], "id");
    }
    if (c->n_plans) { /* capacity plans: only when either scenario has any */
        fputs("\n  ],\n  \"plans\": [", out);
        for (size_t i = 0; i < c->n_plans; i++) {
            fputs(i ? ",\n    " : "\n    ", out);
            put_diff(out, &c->plans[i], "name");
        }
    }
    fputs("\n  ]\n}\n", out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status json_to(FILE *out, const void *c)
{
    return tco_compare_write_json_stream(c, out);
}

/* See documentation in tco.h. */
tco_status tco_compare_write_json(const tco_comparison *c, const char *path, tco_diags *diags)
{
    if (!c || !path)
        return TCO_ERR_ARG;
    return tco_write_atomic(path, json_to, c, diags);
}
