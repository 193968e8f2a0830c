/* compare.c - two computed scenarios side by side: the inputs that differ and
 * each option's figures in both, for tco_compare_write_json, the workbook of
 * tco_compare_write_xlsx and the tool's table. No I/O. */
#include "tco.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
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

/* printf into a new string; NULL when out of memory. */
static char *text_of(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static char *text_of(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *t = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!t)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(t, (size_t)len + 1, fmt, ap);
    va_end(ap);
    return t;
}

/* One input as text, whole, for comparing and showing; "" when a text key is
 * unset. NULL when out of memory. */
static char *value_text(const tco_keydef *k, const void *base, int set)
{
    const char *p = (const char *)base + k->offset;
    if (!set && k->type == TCO_T_STRING)
        return text_of("%s", "");
    switch (k->type) {
    case TCO_T_STRING:
    case TCO_T_DATE: {
        const char *v = *(char *const *)p;
        return text_of("%s", v ? v : "");
    }
    case TCO_T_INT:
        return text_of("%d", *(const int *)p);
    case TCO_T_ENUM:
        return text_of("%s", k->names[*(const int *)p]);
    case TCO_T_NUMBER:
        return text_of("%.15g", *(const double *)p);
    }
    return NULL;
}

/* Append one difference, taking key, a and b (each freed on failure); -1
 * when out of memory. */
static int add_input(tco_comparison *c, size_t *cap, char *key, char *a, char *b)
{
    if (key && a && b && c->n_inputs == *cap) {
        size_t n = *cap ? *cap * 2 : 32;
        tco_input_diff *p = realloc(c->inputs, n * sizeof *p);
        if (p) {
            c->inputs = p;
            *cap = n;
        }
    }
    if (!key || !a || !b || c->n_inputs == *cap) {
        free(key);
        free(a);
        free(b);
        return -1;
    }
    c->inputs[c->n_inputs++] = (tco_input_diff){key, a, b};
    return 0;
}

/* Append key d, named PREFIX.NAME, when its values differ in a and b (two
 * scenarios or two options; set_a, set_b: whether each gives the key
 * itself). -1 when out of memory. */
static int compare_key(tco_comparison *c, size_t *cap, const tco_keydef *d, const char *prefix,
                       const void *a, int set_a, const void *b, int set_b)
{
    char *va = value_text(d, a, set_a), *vb = value_text(d, b, set_b);
    if (va && vb && strcmp(va, vb) == 0) {
        free(va);
        free(vb);
        return 0;
    }
    return add_input(c, cap, text_of("%s.%s", prefix, d->name), va, vb);
}

/* The scenario keys that differ, then option by option of A (an option B
 * lacks as a whole), then the options only B has. */
static int compare_inputs(tco_comparison *c, const tco_scenario *a, const tco_scenario *b)
{
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
            if (add_input(c, &cap, text_of("[option %s]", oa->id), text_of("present"),
                          text_of("absent")))
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
        if (add_input(c, &cap, text_of("[option %s]", b->options[j].id), text_of("absent"),
                      text_of("present")))
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
    for (size_t i = 0; i < c->n_inputs; i++) {
        free(c->inputs[i].key);
        free(c->inputs[i].a);
        free(c->inputs[i].b);
    }
    free(c->inputs);
    free(c->options);
    free(c);
}
