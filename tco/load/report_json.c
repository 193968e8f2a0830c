/* report_json.c - a report read back from the JSON tco_report_write_json
 * wrote (tco_saved_report_load_file), for `tco compare OLD.json NEW.ini`:
 * parsed by jansson, checked as untrusted input, each option's figures kept
 * by the result field table (core/fields.h). */
#include "core/core.h"
#include "core/fields.h"
#include "tco.h"
#include "util/readfile.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The error of a report whose content is wrong: at line 0 (jansson keeps no
 * line for a value it parsed), TCO_ERR_INPUT. */
#define BAD(name, ...)                                                                             \
    (tco_diags_add(diags, TCO_SEV_ERROR, name, 0, NULL, __VA_ARGS__) == TCO_ERR_NOMEM              \
         ? TCO_ERR_NOMEM                                                                           \
         : TCO_ERR_INPUT)

/* The JSON type's name, for messages. */
static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "an array";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
    case JSON_REAL:
        return "a number";
    case JSON_TRUE:
    case JSON_FALSE:
        return "true or false";
    case JSON_NULL:
    default:
        return "null";
    }
}

/* One figure of option i, member v of field f, into *out. */
static tco_status read_figure(const char *name, size_t i, const tci_field *f, const json_t *v,
                              tci_saved_value *out, tco_diags *diags)
{
    const char *want = f->unit == TCI_FU_TEXT   ? "a string or null"
                       : f->unit == TCI_FU_FLAG ? "true or false"
                                                : "a number or null";
    if (json_is_null(v) && f->unit != TCI_FU_FLAG) {
        out->kind = TCI_SV_NULL;
    } else if (f->unit == TCI_FU_TEXT && json_is_string(v)) {
        out->kind = TCI_SV_TEXT;
        if (!(out->text = strdup(json_string_value(v))))
            return TCO_ERR_NOMEM;
    } else if (f->unit == TCI_FU_FLAG && json_is_boolean(v)) {
        out->kind = TCI_SV_NUMBER;
        out->number = json_is_true(v);
    } else if (f->unit != TCI_FU_TEXT && f->unit != TCI_FU_FLAG && json_is_number(v)) {
        out->kind = TCI_SV_NUMBER;
        out->number = json_number_value(v);
    } else {
        return BAD(name, "options[%zu].%s: %s expected, found %s", i, f->name, want, type_name(v));
    }
    return TCO_OK;
}

/* Option i of the report: its id into the scenario, its figures into r. */
static tco_status read_option(const char *name, size_t i, const json_t *o, tco_saved_report *r,
                              tco_diags *diags)
{
    if (!json_is_object(o))
        return BAD(name, "options[%zu]: an object expected, found %s", i, type_name(o));
    const json_t *id = json_object_get(o, "id");
    if (!json_is_string(id) || !*json_string_value(id))
        return BAD(name, "options[%zu]: no \"id\" string", i);
    if (tco_scenario_find(r->scenario, json_string_value(id)) >= 0)
        return BAD(name, "options[%zu]: the id '%s' is given twice", i, json_string_value(id));
    tco_option *opt = &r->scenario->options[i];
    if (!(opt->id = strdup(json_string_value(id))))
        return TCO_ERR_NOMEM;
    r->scenario->n_options = i + 1;
    for (int k = 0; k < TCI_F_COUNT; k++) {
        const tci_field *f = tci_field_get((tci_field_id)k);
        const json_t *v = json_object_get(o, f->name);
        if (!v || f->from == TCI_FROM_ID || !(f->outputs & TCI_OUT_JSON))
            continue;
        tco_status st = read_figure(name, i, f, v, &r->values[i * TCI_F_COUNT + (size_t)k], diags);
        if (st != TCO_OK)
            return st;
    }
    return TCO_OK;
}

/* The scenario's members the comparison shows: its name, currency, horizon. */
static tco_status read_scenario(const char *name, const json_t *root, tco_scenario *s,
                                tco_diags *diags)
{
    const json_t *sc = json_object_get(root, "scenario");
    if (!json_is_object(sc))
        return BAD(name, "not a tco report: no \"scenario\" object");
    const json_t *nm = json_object_get(sc, "name"), *cur = json_object_get(sc, "currency"),
                 *h = json_object_get(sc, "horizon_months");
    if (!json_is_string(nm))
        return BAD(name, "scenario.name: a string expected");
    if (cur && !json_is_string(cur))
        return BAD(name, "scenario.currency: a string expected, found %s", type_name(cur));
    if (h && (!json_is_integer(h) || json_integer_value(h) < 1 || json_integer_value(h) > 1200))
        return BAD(name, "scenario.horizon_months: a whole number of months expected");
    s->name = strdup(json_string_value(nm));
    s->currency = strdup(cur ? json_string_value(cur) : "USD");
    s->unit = strdup("unit");
    s->horizon_months = h ? (int)json_integer_value(h) : 0;
    return s->name && s->currency && s->unit ? TCO_OK : TCO_ERR_NOMEM;
}

/* The format version: TCO_REPORT_FORMAT_VERSION, or none (read as 1). */
static tco_status read_version(const char *name, const json_t *root, tco_saved_report *r,
                               tco_diags *diags)
{
    const json_t *v = json_object_get(root, "format_version");
    r->format_version = 1;
    if (!v)
        return TCO_OK;
    if (!json_is_integer(v))
        return BAD(name, "format_version: a whole number expected, found %s", type_name(v));
    if (json_integer_value(v) != TCO_REPORT_FORMAT_VERSION)
        return BAD(name, "format_version %lld: this tco reads reports of format_version %d",
                   (long long)json_integer_value(v), TCO_REPORT_FORMAT_VERSION);
    return TCO_OK;
}

/* The whole report, parsed, into a new saved report. */
static tco_status read_report(const char *name, const json_t *root, tco_saved_report **out,
                              tco_diags *diags)
{
    if (!json_is_object(root))
        return BAD(name, "not a tco report: the top level is %s, not an object", type_name(root));
    const json_t *opts = json_object_get(root, "options");
    if (!json_is_array(opts))
        return BAD(name, "not a tco report: no \"options\" array");
    size_t n = json_array_size(opts);
    tco_saved_report *r = calloc(1, sizeof *r);
    if (!r)
        return TCO_ERR_NOMEM;
    r->scenario = calloc(1, sizeof *r->scenario);
    if (!r->scenario) {
        free(r);
        return TCO_ERR_NOMEM;
    }
    r->scenario->options = calloc(n + 1, sizeof *r->scenario->options);
    r->values = calloc(n * TCI_F_COUNT + 1, sizeof *r->values);
    tco_status st = !r->scenario->options || !r->values ? TCO_ERR_NOMEM : TCO_OK;
    if (st == TCO_OK)
        st = read_version(name, root, r, diags);
    if (st == TCO_OK)
        st = read_scenario(name, root, r->scenario, diags);
    if (st == TCO_OK && !(r->scenario->file = strdup(name)))
        st = TCO_ERR_NOMEM;
    for (size_t i = 0; st == TCO_OK && i < n; i++)
        st = read_option(name, i, json_array_get(opts, i), r, diags);
    if (st != TCO_OK) {
        tco_saved_report_free(r);
        return st;
    }
    *out = r;
    return TCO_OK;
}

/* tci_parse_fn: the JSON text of a report. */
static tco_status parse_report(const char *text, size_t size, const char *name,
                               const tco_file_id *id, void *arg, tco_diags *diags)
{
    (void)id;
    json_error_t err;
    json_t *root = json_loadb(text ? text : "", size, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        int line = err.line > 0 ? err.line : 1;
        tco_status st =
            tco_diags_add(diags, TCO_SEV_ERROR, name, line, NULL, "not valid JSON: %s", err.text);
        return st == TCO_ERR_NOMEM ? st : TCO_ERR_INPUT;
    }
    tco_status st = read_report(name, root, arg, diags);
    json_decref(root);
    return st;
}

/* See documentation in tco.h. */
tco_status tco_saved_report_load_string(const char *text, size_t size, const char *name,
                                        tco_saved_report **out, tco_diags *diags)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!text && size)
        return TCO_ERR_ARG;
    return tci_parse_string(text, size, name, "report", parse_report, out, diags);
}

/* See documentation in tco.h. */
tco_status tco_saved_report_load_file(const char *path, tco_saved_report **out, tco_diags *diags)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!path)
        return TCO_ERR_ARG;
    return tci_parse_file(path, parse_report, out, diags);
}
