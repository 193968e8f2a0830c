/* compare.c - two computed scenarios side by side: the inputs that differ and
 * each option's figures in both, for tco_compare_write_json, the workbook of
 * tco_compare_write_xlsx and the tool's table. No I/O. */
#include "tco.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The figures compared, indexed by tco_cmp_figure. */
static const struct {
    const char *name; /* as in tco_option_result and the JSON */
    size_t offset;    /* of the double in tco_option_result */
} figures[] = {
    [TCO_CMP_CAPEX] = {"capex", offsetof(tco_option_result, capex)},
    [TCO_CMP_TOTAL] = {"total", offsetof(tco_option_result, total)},
    [TCO_CMP_NPV] = {"npv", offsetof(tco_option_result, npv)},
    [TCO_CMP_COST_PER_GPU_HOUR] = {"cost_per_gpu_hour",
                                   offsetof(tco_option_result, cost_per_gpu_hour)},
    [TCO_CMP_BREAKEVEN_UTILIZATION] = {"breakeven_utilization",
                                       offsetof(tco_option_result, breakeven_utilization)},
};
_Static_assert(sizeof figures / sizeof figures[0] == TCO_CMP_COUNT, "one row per figure");

/* See documentation in tco.h. */
const char *tco_compare_figure_name(tco_cmp_figure figure)
{
    if ((unsigned)figure >= TCO_CMP_COUNT)
        return NULL;
    return figures[figure].name;
}

/* ===== Inputs ===== */

/* One input as text, for comparing and showing; "" when a text key is unset. */
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

/* Append one difference; -1 when out of memory. */
static int add_input(tco_comparison *c, size_t *cap, const char *key, const char *a, const char *b)
{
    if (c->n_inputs == *cap) {
        size_t n = *cap ? *cap * 2 : 32;
        tco_input_diff *p = realloc(c->inputs, n * sizeof *p);
        if (!p)
            return -1;
        c->inputs = p;
        *cap = n;
    }
    tco_input_diff *d = &c->inputs[c->n_inputs++];
    snprintf(d->key, sizeof d->key, "%s", key);
    snprintf(d->a, sizeof d->a, "%s", a);
    snprintf(d->b, sizeof d->b, "%s", b);
    return 0;
}

/* Append key d, named PREFIX.NAME, when its values differ in a and b (two
 * scenarios or two options; set_a, set_b: whether each gives the key
 * itself). -1 when out of memory. */
static int compare_key(tco_comparison *c, size_t *cap, const tco_keydef *d, const char *prefix,
                       const void *a, int set_a, const void *b, int set_b)
{
    char va[TCO_CMP_VALUE_MAX], vb[TCO_CMP_VALUE_MAX], key[TCO_CMP_KEY_MAX];
    value_text(d, a, set_a, va, sizeof va);
    value_text(d, b, set_b, vb, sizeof vb);
    snprintf(key, sizeof key, "%s.%s", prefix, d->name);
    return strcmp(va, vb) != 0 ? add_input(c, cap, key, va, vb) : 0;
}

/* The scenario keys that differ, then option by option of A (an option B
 * lacks as a whole), then the options only B has. */
static int compare_inputs(tco_comparison *c, const tco_scenario *a, const tco_scenario *b)
{
    char key[TCO_CMP_KEY_MAX];
    size_t cap = 0;
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *d = tco_scenario_key((tco_skey)k);
        if (compare_key(c, &cap, d, d->section, a, a->src[k] != TCO_SRC_DEFAULT, b,
                        b->src[k] != TCO_SRC_DEFAULT))
            return -1;
    }
    for (size_t i = 0; i < a->n_options; i++) {
        const tco_option *oa = &a->options[i];
        int j = tco_scenario_find(b, oa->id);
        if (j < 0) {
            snprintf(key, sizeof key, "[option %s]", oa->id);
            if (add_input(c, &cap, key, "present", "absent"))
                return -1;
            continue;
        }
        const tco_option *ob = &b->options[j];
        for (int k = 0; k < TCO_O_COUNT; k++)
            if (compare_key(c, &cap, tco_option_key((tco_okey)k), oa->id, oa,
                            oa->src[k] != TCO_SRC_DEFAULT, ob, ob->src[k] != TCO_SRC_DEFAULT))
                return -1;
    }
    for (size_t j = 0; j < b->n_options; j++) {
        if (tco_scenario_find(a, b->options[j].id) >= 0)
            continue;
        snprintf(key, sizeof key, "[option %s]", b->options[j].id);
        if (add_input(c, &cap, key, "absent", "present"))
            return -1;
    }
    return 0;
}

/* ===== Figures ===== */

static double figure_of(const tco_option_result *r, size_t k)
{
    return r ? *(const double *)((const char *)r + figures[k].offset) : NAN;
}

/* One option's figures; ra or rb is NULL when that scenario lacks it. */
static void option_diff(tco_option_diff *o, const char *id, const tco_option_result *ra,
                        const tco_option_result *rb)
{
    o->id = id;
    o->in_a = ra != NULL;
    o->in_b = rb != NULL;
    for (size_t k = 0; k < TCO_CMP_COUNT; k++) {
        tco_figure_diff *f = &o->figures[k];
        f->a = figure_of(ra, k);
        f->b = figure_of(rb, k);
        f->delta = f->b - f->a;
        f->change = !isnan(f->a) && !isnan(f->b) && f->a != 0 ? f->delta / fabs(f->a) : NAN;
    }
    o->breakeven_month_a = ra ? ra->breakeven_month : 0;
    o->breakeven_month_b = rb ? rb->breakeven_month : 0;
}

/* A's options in A's order, then those only B has. */
static int compare_figures(tco_comparison *c, const tco_result *a, const tco_result *b)
{
    const tco_scenario *sa = a->scenario, *sb = b->scenario;
    c->options = calloc(sa->n_options + sb->n_options + 1, sizeof *c->options);
    if (!c->options)
        return -1;
    for (size_t i = 0; i < sa->n_options; i++) {
        int j = tco_scenario_find(sb, sa->options[i].id);
        option_diff(&c->options[c->n_options++], sa->options[i].id, &a->options[i],
                    j >= 0 ? &b->options[j] : NULL);
    }
    for (size_t j = 0; j < sb->n_options; j++)
        if (tco_scenario_find(sa, sb->options[j].id) < 0)
            option_diff(&c->options[c->n_options++], sb->options[j].id, NULL, &b->options[j]);
    return 0;
}

/* ===== The comparison ===== */

/* See documentation in tco.h. */
tco_status tco_compare(const tco_result *a, const tco_result *b, tco_comparison **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!a || !b || !a->scenario || !b->scenario)
        return TCO_ERR_ARG;
    assert(a->n_options == a->scenario->n_options && b->n_options == b->scenario->n_options);
    tco_comparison *c = calloc(1, sizeof *c);
    if (!c)
        return TCO_ERR_NOMEM;
    c->a = a->scenario;
    c->b = b->scenario;
    if (compare_inputs(c, c->a, c->b) || compare_figures(c, a, b))
        goto fail;
    *out = c;
    return TCO_OK;
fail:
    tco_comparison_free(c);
    return TCO_ERR_NOMEM;
}

/* See documentation in tco.h. */
void tco_comparison_free(tco_comparison *c)
{
    if (!c)
        return;
    free(c->inputs);
    free(c->options);
    free(c);
}
