/* compare.c - two computed scenarios side by side: the inputs that differ and
 * each option's figures in both, for tco_compare_write_json, the workbook of
 * tco_compare_write_xlsx and the tool's table; either side may be a saved
 * report read back from its JSON (tco_compare_saved). No I/O. */
#include "core/core.h"
#include "core/fields.h"
#include "tco.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The figures of the short views (the table and Markdown): the columns of
 * the report's table. */
static const tci_field_id brief_fields[] = {
    TCI_F_COUNT_GPUS,
    TCI_F_UTILIZATION,
    TCI_F_CAPEX,
    TCI_F_TOTAL,
    TCI_F_NPV,
    TCI_F_COST_PER_GPU_HOUR,
    TCI_F_COST_PER_UNIT,
    TCI_F_BREAKEVEN_MONTH,
    TCI_F_BREAKEVEN_UTILIZATION,
    TCI_F_RANK,
    TCI_F_FEASIBLE,
};

/* One side of a comparison: a computed result, or a saved report. */
typedef struct side {
    const tco_result *res;         /* or NULL */
    const tco_saved_report *saved; /* when res is NULL */
} side;

static const tco_scenario *side_scenario(side s)
{
    return s.res ? s.res->scenario : s.saved->scenario;
}

/* A saved side's value of field fid for option i. */
static const tci_saved_value *saved_value(const tco_saved_report *r, size_t i, int fid)
{
    return &r->values[i * TCI_F_COUNT + (size_t)fid];
}

/* 1 when side s shows field fid: a result's report writes it (tci_field_in),
 * a saved report's JSON holds it for some option. */
static int side_has(side s, int fid)
{
    if (s.res)
        return tci_field_in(tci_field_get((tci_field_id)fid), s.res);
    for (size_t i = 0; i < s.saved->scenario->n_options; i++)
        if (saved_value(s.saved, i, fid)->kind != TCI_SV_ABSENT)
            return 1;
    return 0;
}

/* 1 when result field fid is a figure of the comparison: every per-option
 * field of the report's JSON and the rank; the id names the option. */
static int compared(int fid, side a, side b)
{
    const tci_field *f = tci_field_get((tci_field_id)fid);
    return f->from != TCI_FROM_ID && (f->outputs & (TCI_OUT_JSON | TCI_OUT_MD)) &&
           (side_has(a, fid) || side_has(b, fid));
}

/* The two sides being compared, for `compared`. */
typedef struct both {
    side a, b;
} both;

static int is_brief(tci_field_id id)
{
    for (size_t k = 0; k < sizeof brief_fields / sizeof brief_fields[0]; k++)
        if (brief_fields[k] == id)
            return 1;
    return 0;
}

/* How a field's unit reads in a comparison. */
static tco_figure_kind kind_of(const tci_field *f)
{
    switch (f->unit) {
    case TCI_FU_TEXT:
        return TCO_FIG_TEXT;
    case TCI_FU_MONEY:
        return TCO_FIG_MONEY;
    case TCI_FU_MONEY_PER_GPU_HOUR:
        return TCO_FIG_MONEY_CENTS;
    case TCI_FU_MONEY_PER_PFLOP_HOUR:
        return TCO_FIG_UNIT_COST;
    case TCI_FU_MONEY_PER_UNIT:
        return TCO_FIG_COST_PER_UNIT;
    case TCI_FU_FRACTION:
        return TCO_FIG_RATE;
    case TCI_FU_GPUS:
    case TCI_FU_GPU_HOURS:
    case TCI_FU_KWH:
        return TCO_FIG_WHOLE;
    case TCI_FU_UNITS_PER_S_PER_KW:
    case TCI_FU_KW:
    case TCI_FU_TCO2E:
        return TCO_FIG_DECIMAL;
    case TCI_FU_TCO2E_PER_UNIT:
        return TCO_FIG_UNIT_COST;
    case TCI_FU_MONTH:
        return TCO_FIG_MONTH;
    case TCI_FU_RANK:
        return TCO_FIG_RANK;
    case TCI_FU_FLAG:
    default:
        return TCO_FIG_FLAG;
    }
}

/* See documentation in tco.h. */
const tco_figure_diff *tco_option_diff_figure(const tco_option_diff *o, const char *name)
{
    for (size_t k = 0; o && name && k < o->n_figures; k++)
        if (strcmp(o->figures[k].name, name) == 0)
            return &o->figures[k];
    return NULL;
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
    case TCO_T_DATE:
    case TCO_T_MONTH: {
        const char *v = *(char *const *)p;
        return text_of("%s", v ? v : "");
    }
    case TCO_T_INT:
        return text_of("%d", *(const int *)p);
    case TCO_T_ENUM: /* -1: not given, where that means something ([tax] depreciation) */
        return text_of("%s", *(const int *)p >= 0 ? k->names[*(const int *)p] : "");
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
    c->inputs[c->n_inputs++] = (tco_input_diff){key, a, b, NULL, NAN, NAN};
    return 0;
}

/* A number or whole-number key's value; NAN for any other. */
static double value_number(const tco_keydef *k, const void *base)
{
    const char *p = (const char *)base + k->offset;
    if (k->type == TCO_T_NUMBER)
        return *(const double *)p;
    if (k->type == TCO_T_INT)
        return *(const int *)p;
    return NAN;
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
    if (add_input(c, cap, text_of("%s.%s", prefix, d->name), va, vb))
        return -1;
    tco_input_diff *in = &c->inputs[c->n_inputs - 1];
    in->def = d;
    in->a_value = value_number(d, a);
    in->b_value = value_number(d, b);
    return 0;
}

/* The value in effect of site key k at named site i of s (MODEL.md, Sites). */
static double site_value(const tco_scenario *s, size_t i, tco_skey k)
{
    tco_option probe = {0};
    probe.acquire = TCO_BUY;
    probe.site_no = (int)i + 1;
    return tco_site_value(s, &probe, k);
}

/* The named sites: the site keys in effect that differ, as site.NAME.KEY, in A's
 * order, then a site only one scenario has. -1 when out of memory. */
static int compare_sites(tco_comparison *c, size_t *cap, const tco_scenario *a,
                         const tco_scenario *b)
{
    for (size_t i = 0; i < a->n_sites; i++) {
        const char *name = a->sites[i].name;
        int j = tco_site_find(b, name);
        if (j < 0) {
            if (add_input(c, cap, text_of("[site %s]", name), text_of("present"),
                          text_of("absent")))
                return -1;
            continue;
        }
        for (int k = TCO_SITE_KEY_FIRST; k < TCO_SITE_KEY_FIRST + TCO_SITE_KEYS; k++) {
            const tco_keydef *d = tco_scenario_key((tco_skey)k);
            double va = site_value(a, i, (tco_skey)k), vb = site_value(b, (size_t)j, (tco_skey)k);
            char *ta = text_of("%.15g", va), *tb = text_of("%.15g", vb);
            if (ta && tb && strcmp(ta, tb) == 0) {
                free(ta);
                free(tb);
                continue;
            }
            if (add_input(c, cap, text_of("site.%s.%s", name, d->name), ta, tb))
                return -1;
            tco_input_diff *in = &c->inputs[c->n_inputs - 1];
            in->def = d;
            in->a_value = va;
            in->b_value = vb;
        }
    }
    for (size_t j = 0; j < b->n_sites; j++)
        if (tco_site_find(a, b->sites[j].name) < 0 &&
            add_input(c, cap, text_of("[site %s]", b->sites[j].name), text_of("absent"),
                      text_of("present")))
            return -1;
    return 0;
}

/* ===== The inputs of demand and plans ===== */

/* Text of an optional string; "" when not given. */
static char *opt_text(const char *v)
{
    return text_of("%s", v ? v : "");
}

/* A count as written: "" when not given (-1: the option's count). */
static char *count_text(int n)
{
    return n < 0 ? text_of("%s", "") : text_of("%d", n);
}

/* Append NAME = (ta, tb) when they differ, taking both; a number's values
 * (NAN for text). -1 when out of memory. */
static int add_if_differs(tco_comparison *c, size_t *cap, char *key, char *ta, char *tb, double va,
                          double vb)
{
    if (key && ta && tb && strcmp(ta, tb) == 0) {
        free(key);
        free(ta);
        free(tb);
        return 0;
    }
    if (add_input(c, cap, key, ta, tb))
        return -1;
    c->inputs[c->n_inputs - 1].a_value = va;
    c->inputs[c->n_inputs - 1].b_value = vb;
    return 0;
}

/* The index of discount `name` in s, or -1. */
static int discount_find(const tco_scenario *s, const char *name)
{
    for (size_t i = 0; i < s->n_discounts; i++)
        if (strcmp(s->discounts[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* The negotiated discounts (MODEL.md, Negotiated discounts): each one's keys
 * that differ, as discount.NAME.KEY, in A's order, then a discount only one
 * scenario has. -1 when out of memory. */
static int compare_discounts(tco_comparison *c, size_t *cap, const tco_scenario *a,
                             const tco_scenario *b)
{
    for (size_t i = 0; i < a->n_discounts; i++) {
        const tco_discount *da = &a->discounts[i];
        int j = discount_find(b, da->name);
        if (j < 0) {
            if (add_input(c, cap, text_of("[discount %s]", da->name), text_of("present"),
                          text_of("absent")))
                return -1;
            continue;
        }
        const tco_discount *db = &b->discounts[j];
        const char *names[] = {"provider", "pricing", "offer"};
        const char *ta[] = {da->provider, da->pricing, da->offer};
        const char *tb[] = {db->provider, db->pricing, db->offer};
        for (int k = 0; k < 3; k++)
            if (add_if_differs(c, cap, text_of("discount.%s.%s", da->name, names[k]),
                               text_of("%s", ta[k] ? ta[k] : ""), text_of("%s", tb[k] ? tb[k] : ""),
                               NAN, NAN))
                return -1;
        if (add_if_differs(c, cap, text_of("discount.%s.fraction", da->name),
                           text_of("%.15g", da->fraction), text_of("%.15g", db->fraction),
                           da->fraction, db->fraction))
            return -1;
    }
    for (size_t j = 0; j < b->n_discounts; j++)
        if (discount_find(a, b->discounts[j].name) < 0 &&
            add_input(c, cap, text_of("[discount %s]", b->discounts[j].name), text_of("absent"),
                      text_of("present")))
            return -1;
    return 0;
}

/* The keys of [demand] (demand.KEY) and of a plan in both (plan.NAME.KEY), as
 * written, in the order of MODEL.md's tables. */
static int compare_demand(tco_comparison *c, size_t *cap, const tco_demand *a, const tco_demand *b)
{
    if (!a || !b)
        return a == b ? 0
                      : add_input(c, cap, text_of("[demand]"), text_of(a ? "present" : "absent"),
                                  text_of(b ? "present" : "absent"));
    return add_if_differs(c, cap, text_of("demand.reference"), opt_text(a->reference),
                          opt_text(b->reference), NAN, NAN) ||
           add_if_differs(c, cap, text_of("demand.gpu_hours_per_month"),
                          text_of("%.15g", a->gpu_hours_per_month),
                          text_of("%.15g", b->gpu_hours_per_month), a->gpu_hours_per_month,
                          b->gpu_hours_per_month) ||
           add_if_differs(c, cap, text_of("demand.growth"), text_of("%.15g", a->growth),
                          text_of("%.15g", b->growth), a->growth, b->growth) ||
           add_if_differs(c, cap, text_of("demand.seasonality"), opt_text(a->seasonality),
                          opt_text(b->seasonality), NAN, NAN) ||
           add_if_differs(c, cap, text_of("demand.file"), opt_text(a->file), opt_text(b->file), NAN,
                          NAN) ||
           add_if_differs(
               c, cap, text_of("demand.tokens_per_month"), text_of("%.15g", a->tokens_per_month),
               text_of("%.15g", b->tokens_per_month), a->tokens_per_month, b->tokens_per_month);
}

/* The number of a plan's count or NAN when not given. */
static double count_value(int n)
{
    return n < 0 ? NAN : n;
}

static int compare_plan(tco_comparison *c, size_t *cap, const tco_plan *a, const tco_plan *b)
{
    const char *n = a->name;
    return add_if_differs(c, cap, text_of("plan.%s.own", n), opt_text(a->own), opt_text(b->own),
                          NAN, NAN) ||
           add_if_differs(c, cap, text_of("plan.%s.own_count", n), count_text(a->own_count),
                          count_text(b->own_count), count_value(a->own_count),
                          count_value(b->own_count)) ||
           add_if_differs(c, cap, text_of("plan.%s.reserve", n), opt_text(a->reserve),
                          opt_text(b->reserve), NAN, NAN) ||
           add_if_differs(c, cap, text_of("plan.%s.reserve_count", n), count_text(a->reserve_count),
                          count_text(b->reserve_count), count_value(a->reserve_count),
                          count_value(b->reserve_count)) ||
           add_if_differs(c, cap, text_of("plan.%s.overflow", n), opt_text(a->overflow),
                          opt_text(b->overflow), NAN, NAN) ||
           add_if_differs(c, cap, text_of("plan.%s.spares", n), text_of("%d", a->spares),
                          text_of("%d", b->spares), a->spares, b->spares) ||
           add_if_differs(c, cap, text_of("plan.%s.buy_at", n), opt_text(a->buy_at),
                          opt_text(b->buy_at), NAN, NAN) ||
           add_if_differs(c, cap, text_of("plan.%s.refresh_to", n), opt_text(a->refresh_to),
                          opt_text(b->refresh_to), NAN, NAN) ||
           add_if_differs(c, cap, text_of("plan.%s.refresh_month", n), opt_text(a->refresh_when),
                          opt_text(b->refresh_when), NAN, NAN) ||
           add_if_differs(c, cap, text_of("plan.%s.refresh_count", n), count_text(a->refresh_count),
                          count_text(b->refresh_count), count_value(a->refresh_count),
                          count_value(b->refresh_count));
}

/* The index of the plan named `name` in s, or -1. */
static int plan_find(const tco_scenario *s, const char *name)
{
    for (size_t i = 0; i < s->n_plans; i++)
        if (strcmp(s->plans[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* [demand], then A's plans in A's order ("[plan NAME]" when B lacks it, else
 * its keys that differ), then "[plan NAME]" for each plan only B has. */
static int compare_plan_inputs(tco_comparison *c, size_t *cap, const tco_scenario *a,
                               const tco_scenario *b)
{
    if (compare_demand(c, cap, a->demand, b->demand))
        return -1;
    for (size_t i = 0; i < a->n_plans; i++) {
        int j = plan_find(b, a->plans[i].name);
        if (j < 0 ? add_input(c, cap, text_of("[plan %s]", a->plans[i].name), text_of("present"),
                              text_of("absent"))
                  : compare_plan(c, cap, &a->plans[i], &b->plans[j]))
            return -1;
    }
    for (size_t j = 0; j < b->n_plans; j++)
        if (plan_find(a, b->plans[j].name) < 0 &&
            add_input(c, cap, text_of("[plan %s]", b->plans[j].name), text_of("absent"),
                      text_of("present")))
            return -1;
    return 0;
}

/* The scenario keys that differ, the named sites', then option by option of A
 * (an option B lacks as a whole), then the options only B has, then [demand]
 * and the plans. */
static int compare_inputs(tco_comparison *c, const tco_scenario *a, const tco_scenario *b)
{
    size_t cap = 0;
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *d = tco_scenario_key((tco_skey)k);
        if (compare_key(c, &cap, d, d->section, a, a->src[k] != TCO_SRC_DEFAULT, b,
                        b->src[k] != TCO_SRC_DEFAULT))
            return -1;
    }
    if (compare_sites(c, &cap, a, b) || compare_discounts(c, &cap, a, b))
        return -1;
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
    return compare_plan_inputs(c, &cap, a, b);
}

/* ===== Figures ===== */

/* Whether field f has a meaning for option i of saved report r, as
 * tci_field_applies says of a result, from what the JSON holds: a bought
 * option's fields for an option whose acquire is "buy" (a break-even's when
 * the report has a rent option, the default baseline), a loan's when its
 * loan_amount is above 0, a lease's when its lease_payment is, a commitment
 * after the horizon when it is not 0 or the option is leased (the JSON does not
 * say which rent options are reserved), an API option's for an option whose
 * acquire is "api" and a self-hosted one's for the others. */
static int saved_applies(const tco_saved_report *r, size_t i, const tci_field *f, int fid)
{
    const tci_saved_value *acq = saved_value(r, i, TCI_F_ACQUIRE);
    int buy = acq->kind == TCI_SV_TEXT && strcmp(acq->text, "buy") == 0;
    const tci_saved_value *loan = saved_value(r, i, TCI_F_LOAN_AMOUNT),
                          *lease = saved_value(r, i, TCI_F_LEASE_PAYMENT),
                          *v = saved_value(r, i, fid);
    int rent = 0; /* a baseline: the first rent option, unless another is named */
    for (size_t k = 0; k < r->scenario->n_options && !rent; k++) {
        const tci_saved_value *a = saved_value(r, k, TCI_F_ACQUIRE);
        rent = a->kind == TCI_SV_TEXT && strcmp(a->text, "rent") == 0;
    }
    switch (f->applies) {
    case TCI_FA_ALL:
    case TCI_FA_TAX:
        return 1;
    case TCI_FA_BASELINE:
    case TCI_FA_TAX_BASELINE:
        return buy && rent;
    case TCI_FA_TERM: /* a reserved term that ends in the horizon is 0: not told apart */
        return (v->kind == TCI_SV_NUMBER && v->number != 0) ||
               (buy && lease->kind == TCI_SV_NUMBER && lease->number > 0);
    case TCI_FA_LOAN:
        return buy && loan->kind == TCI_SV_NUMBER && loan->number > 0;
    case TCI_FA_LEASE:
        return buy && lease->kind == TCI_SV_NUMBER && lease->number > 0;
    case TCI_FA_CARBON:
    case TCI_FA_CARBON_PRICE:
        return v->kind == TCI_SV_NUMBER;
    case TCI_FA_CARBON_RENT:
        return !buy && v->kind == TCI_SV_NUMBER;
    case TCI_FA_CARBON_BUY:
        return buy && v->kind == TCI_SV_NUMBER;
    case TCI_FA_API: /* MODEL.md, API options */
        return acq->kind == TCI_SV_TEXT && strcmp(acq->text, "api") == 0;
    case TCI_FA_SELF_HOSTED:
        return !(acq->kind == TCI_SV_TEXT && strcmp(acq->text, "api") == 0);
    case TCI_FA_BUY:
    case TCI_FA_SITE:
    case TCI_FA_POWER:
    default:
        return buy;
    }
}

/* One side of figure fid of option i of side s; `has` 0 when that side lacks
 * the option. A saved side's figure applies when its JSON holds a value
 * (null: it does not). */
static void figure_side(int fid, side s, int has, size_t i, int *applies, double *x,
                        const char **text)
{
    const tci_field *rf = tci_field_get((tci_field_id)fid);
    const tco_result *res = s.res;
    *applies = 0;
    *x = NAN;
    *text = NULL;
    if (!has)
        return;
    if (!res) {
        const tci_saved_value *v = saved_value(s.saved, i, fid);
        *applies = v->kind != TCI_SV_ABSENT && saved_applies(s.saved, i, rf, fid);
        if (v->kind == TCI_SV_TEXT || rf->unit == TCI_FU_TEXT)
            *text = v->text; /* text shows whether it applies or not, as a result's */
        else if (*applies && v->kind == TCI_SV_NUMBER)
            *x = v->number; /* null where it applies: unknown, "n/a" */
        return;
    }
    *applies = tci_field_applies(rf, res, i);
    if (rf->unit == TCI_FU_TEXT) {
        *text = tci_field_text(rf, res, i);
        return;
    }
    if (!*applies)
        return;
    *x = tci_field_number(rf, res, i);
    if (isnan(*x))
        *text = tci_field_word(rf, res, i);
}

/* See documentation in tco.h. */
double tco_compare_delta(double a, double b)
{
    double d = b - a;
    return fabs(d) <= 1e-12 * fmax(fabs(a), fabs(b)) ? 0 : d; /* NAN stays NAN */
}

/* 1 for the kinds whose relative change means something. */
static int has_change(tco_figure_kind k)
{
    return k == TCO_FIG_MONEY || k == TCO_FIG_MONEY_CENTS || k == TCO_FIG_UNIT_COST ||
           k == TCO_FIG_COST_PER_UNIT || k == TCO_FIG_WHOLE || k == TCO_FIG_DECIMAL;
}

/* One option's figures: index ia of side A (in_a 0 when A lacks it), ib of
 * side B. */
static void option_diff(tco_option_diff *o, tco_figure_diff *figs, size_t n, both ab,
                        const char *id, int in_a, size_t ia, int in_b, size_t ib)
{
    o->id = id;
    o->in_a = in_a;
    o->in_b = in_b;
    o->n_figures = n;
    o->figures = figs;
    size_t k = 0;
    for (int fid = 0; fid < TCI_F_COUNT; fid++) {
        const tci_field *rf = tci_field_get((tci_field_id)fid);
        if (!compared(fid, ab.a, ab.b))
            continue;
        tco_figure_diff *f = &figs[k++];
        f->name = rf->name;
        f->label = rf->label;
        f->kind = kind_of(rf);
        f->brief = is_brief((tci_field_id)fid);
        figure_side(fid, ab.a, in_a, ia, &f->applies_a, &f->a, &f->text_a);
        figure_side(fid, ab.b, in_b, ib, &f->applies_b, &f->b, &f->text_b);
        f->delta = tco_compare_delta(f->a, f->b);
        f->change =
            has_change(f->kind) && !isnan(f->delta) && f->a != 0 ? f->delta / fabs(f->a) : NAN;
    }
    assert(k == n);
}

/* The number of figures of each option. */
static size_t figure_count(both ab)
{
    size_t n = 0;
    for (int k = 0; k < TCI_F_COUNT; k++)
        n += compared(k, ab.a, ab.b);
    return n;
}

/* A's options in A's order, then those only B has. */
static int compare_figures(tco_comparison *c, both ab)
{
    const tco_scenario *sa = side_scenario(ab.a), *sb = side_scenario(ab.b);
    size_t n = figure_count(ab), most = sa->n_options + sb->n_options;
    c->n_figures = n;
    c->options = calloc(most + 1, sizeof *c->options);
    tco_figure_diff *figs = calloc(most * n + 1, sizeof *figs);
    if (!c->options || !figs) {
        free(figs);
        return -1;
    }
    for (size_t i = 0; i < sa->n_options; i++) {
        int j = tco_scenario_find(sb, sa->options[i].id);
        option_diff(&c->options[c->n_options], figs + c->n_options * n, n, ab, sa->options[i].id, 1,
                    i, j >= 0, j >= 0 ? (size_t)j : 0);
        c->n_options++;
    }
    for (size_t j = 0; j < sb->n_options; j++)
        if (tco_scenario_find(sa, sb->options[j].id) < 0) {
            option_diff(&c->options[c->n_options], figs + c->n_options * n, n, ab,
                        sb->options[j].id, 0, 0, 1, j);
            c->n_options++;
        }
    if (c->n_options == 0)
        free(figs); /* no option holds it */
    return 0;
}

/* ===== Plans ===== */

/* Where a plan's figure comes from. */
typedef enum plan_from {
    PF_NUMBER, /* a double of tco_plan_result at `offset` */
    PF_INT,    /* an int of tco_plan_result at `offset` */
    PF_PART,   /* the option id of a part (offset: 0 own, 1 reserve, 2 overflow) */
    PF_SERVES, /* 1 when the plan serves all demand */
    PF_RANK    /* its place in plan_rank, 1 = best */
} plan_from;

/* A plan's figure: its report JSON member, label, kind and source. */
typedef struct plan_figure {
    const char *name, *label;
    tco_figure_kind kind;
    plan_from from;
    size_t offset;
    int brief; /* a row of the short views */
    int tax;   /* applies only with [tax] */
} plan_figure;

#define PN(f) PF_NUMBER, offsetof(tco_plan_result, f)
#define PI(f) PF_INT, offsetof(tco_plan_result, f)

/* The figures of a plan, in the order of its members in the report's JSON
 * (MODEL.md, Plans), then its rank. */
static const plan_figure plan_figures[] = {
    {"own", "Owned part", TCO_FIG_TEXT, PF_PART, 0, 0, 0},
    {"own_count", "Owned GPUs", TCO_FIG_WHOLE, PI(own_count), 1, 0},
    {"reserve", "Reserved part", TCO_FIG_TEXT, PF_PART, 1, 0, 0},
    {"reserve_count", "Reserved GPUs", TCO_FIG_WHOLE, PI(reserve_count), 1, 0},
    {"overflow", "Overflow part", TCO_FIG_TEXT, PF_PART, 2, 0, 0},
    {"spares", "Spare GPUs", TCO_FIG_WHOLE, PI(spares), 0, 0},
    {"refresh_month", "Refresh month", TCO_FIG_MONTH, PI(refresh_month), 0, 0},
    {"refresh_count", "GPUs bought at the refresh", TCO_FIG_WHOLE, PI(refresh_count), 0, 0},
    {"serves_demand", "Serves all demand", TCO_FIG_FLAG, PF_SERVES, 0, 1, 0},
    {"paid0", "Paid at month 0", TCO_FIG_MONEY, PN(paid0), 0, 0},
    {"own_total", "Owned part's total", TCO_FIG_MONEY, PN(own_total), 0, 0},
    {"reserve_total", "Reserved part's total", TCO_FIG_MONEY, PN(reserve_total), 0, 0},
    {"overflow_total", "Overflow's total", TCO_FIG_MONEY, PN(overflow_total), 0, 0},
    {"total", "Total cost of ownership", TCO_FIG_MONEY, PN(total), 1, 0},
    {"own_npv", "Owned part's NPV", TCO_FIG_MONEY, PN(own_npv), 0, 0},
    {"reserve_npv", "Reserved part's NPV", TCO_FIG_MONEY, PN(reserve_npv), 0, 0},
    {"overflow_npv", "Overflow's NPV", TCO_FIG_MONEY, PN(overflow_npv), 0, 0},
    {"npv", "Net present cost (NPV)", TCO_FIG_MONEY, PN(npv), 1, 0},
    {"after_tax_total", "Total after tax", TCO_FIG_MONEY, PN(after_tax_total), 1, 1},
    {"after_tax_npv", "NPV after tax", TCO_FIG_MONEY, PN(after_tax_npv), 1, 1},
    {"demand", "Demand (reference GPU-hours)", TCO_FIG_WHOLE, PN(demand), 0, 0},
    {"unserved", "Unserved demand (reference GPU-hours)", TCO_FIG_WHOLE, PN(unserved), 1, 0},
    {"own_hours", "GPU-hours owned", TCO_FIG_WHOLE, PN(own_hours), 0, 0},
    {"reserve_hours", "GPU-hours reserved", TCO_FIG_WHOLE, PN(reserve_hours), 0, 0},
    {"overflow_hours", "GPU-hours of overflow", TCO_FIG_WHOLE, PN(overflow_hours), 0, 0},
    {"rank", "Rank (1 = best)", TCO_FIG_RANK, PF_RANK, 0, 1, 0},
    /* Carbon (MODEL.md, A plan's emissions): only with carbon figures, from
     * PLAN_FIRST_CARBON on; the carbon cost, last, only when priced. */
    {"electricity_kwh", "Electricity of owned GPUs (kWh)", TCO_FIG_WHOLE, PN(electricity_kwh), 0,
     0},
    {"scope2_location_tco2e", "Scope 2, location-based (tCO2e)", TCO_FIG_DECIMAL,
     PN(scope2_location_tco2e), 0, 0},
    {"scope2_market_tco2e", "Scope 2, market-based (tCO2e)", TCO_FIG_DECIMAL,
     PN(scope2_market_tco2e), 0, 0},
    {"scope3_purchased_tco2e", "Scope 3, purchased services (tCO2e)", TCO_FIG_DECIMAL,
     PN(scope3_purchased_tco2e), 0, 0},
    {"scope3_capital_tco2e", "Scope 3, capital goods (tCO2e)", TCO_FIG_DECIMAL,
     PN(scope3_capital_tco2e), 0, 0},
    {"tco2e", "Emissions (tCO2e)", TCO_FIG_DECIMAL, PN(tco2e), 1, 0},
    {"tco2e_per_million_tokens", "tCO2e per 1M tokens", TCO_FIG_UNIT_COST,
     PN(tco2e_per_million_tokens), 0, 0},
    {"tco2e_per_run", "tCO2e per training run", TCO_FIG_DECIMAL, PN(tco2e_per_run), 0, 0},
    {"embodied_tco2e_per_million_tokens",
     "Embodied tCO2e per 1M tokens, amortised (management metric)", TCO_FIG_UNIT_COST,
     PN(embodied_tco2e_per_million_tokens), 0, 0},
    {"carbon_cost", "Carbon cost (not in the total)", TCO_FIG_MONEY, PN(carbon_cost), 1, 0},
};

/* The first carbon figure: the figures before it are every plan's. */
#define PLAN_FIRST_CARBON 26

#undef PN
#undef PI

#define N_PLAN_FIGURES (sizeof plan_figures / sizeof *plan_figures)
_Static_assert(PLAN_FIRST_CARBON < N_PLAN_FIGURES, "the plans' carbon figures");

/* See documentation in tco.h. */
const char *tco_plan_figure_name(size_t k, size_t *count)
{
    if (count)
        *count = N_PLAN_FIGURES;
    return k < N_PLAN_FIGURES ? plan_figures[k].name : NULL;
}

/* 1 when plan figure pf is in res's outputs: every figure, but a carbon
 * figure only with carbon figures (tco_scenario_carbon), and the carbon cost
 * only when priced too. */
static int plan_carbon_in(const plan_figure *pf, const tco_result *res)
{
    if (pf < &plan_figures[PLAN_FIRST_CARBON])
        return 1;
    if (!res || !tco_scenario_carbon(res->scenario))
        return 0;
    return strcmp(pf->name, "carbon_cost") != 0 || res->scenario->carbon_price > 0;
}

/* Plan figure pf's label in res: the carbon cost says whether it is in the
 * plan's total (carbon_in_total; MODEL.md, A plan's carbon cost in its total). */
static const char *plan_label(const plan_figure *pf, const tco_result *res)
{
    if (res && res->scenario->carbon_in_total && strcmp(pf->name, "carbon_cost") == 0)
        return "Carbon cost (in the total)";
    return pf->label;
}

/* One side of plan figure pf of plan i of res; res NULL when that scenario
 * lacks the plan. A part's id is borrowed from the scenario. */
static void plan_side(const plan_figure *pf, const tco_result *res, size_t i, int *applies,
                      double *x, const char **text)
{
    *applies = 0;
    *x = NAN;
    *text = NULL;
    if (!res)
        return;
    const tco_plan_result *r = &res->plans[i];
    const tco_plan *p = r->plan;
    const char *base = (const char *)r;
    switch (pf->from) {
    case PF_PART: {
        int parts[3] = {p->own_i, p->reserve_i, p->overflow_i};
        const char *ids[3] = {p->own, p->reserve, p->overflow};
        *text = parts[pf->offset] >= 0 ? ids[pf->offset] : NULL;
        *applies = *text != NULL;
        return;
    }
    case PF_SERVES:
        *x = r->unserved > 0 ? 0 : 1;
        break;
    case PF_RANK:
        for (size_t k = 0; k < res->n_plans; k++)
            if (res->plan_rank[k] == i)
                *x = (double)(k + 1);
        break;
    case PF_INT:
        *x = *(const int *)(const void *)(base + pf->offset);
        break;
    case PF_NUMBER:
        *x = *(const double *)(const void *)(base + pf->offset);
        break;
    }
    *applies = !(pf->tax && !res->scenario->tax) &&
               !(strcmp(pf->name, "refresh_month") == 0 && p->refresh_i < 0) &&
               plan_carbon_in(pf, res);
    if (!*applies)
        *x = NAN;
}

/* See fields.h. */
void tci_plan_figure(size_t k, const tco_result *res, size_t i, tci_plan_value *v)
{
    const plan_figure *pf = &plan_figures[k < N_PLAN_FIGURES ? k : 0];
    v->name = pf->name;
    v->label = plan_label(pf, res);
    v->kind = pf->kind;
    v->brief = pf->brief;
    v->tax = pf->tax;
    v->carbon = pf >= &plan_figures[PLAN_FIRST_CARBON];
    v->shown = plan_carbon_in(pf, res) && !(pf->tax && !(res && res->scenario->tax));
    plan_side(pf, res, i, &v->applies, &v->x, &v->text);
}

/* One plan in A and in B (ra or rb NULL when that scenario lacks it): its
 * first n figures. */
static void plan_diff(tco_option_diff *o, tco_figure_diff *figs, size_t n, const char *name,
                      const tco_result *ra, size_t ia, const tco_result *rb, size_t ib)
{
    o->id = name;
    o->in_a = ra != NULL;
    o->in_b = rb != NULL;
    o->n_figures = n;
    o->figures = figs;
    for (size_t k = 0; k < n; k++) {
        const plan_figure *pf = &plan_figures[k];
        tco_figure_diff *f = &figs[k];
        f->name = pf->name;
        f->label = plan_label(pf, ra ? ra : rb);
        f->kind = pf->kind;
        f->brief = pf->brief;
        plan_side(pf, ra, ia, &f->applies_a, &f->a, &f->text_a);
        plan_side(pf, rb, ib, &f->applies_b, &f->b, &f->text_b);
        f->delta = tco_compare_delta(f->a, f->b);
        f->change =
            has_change(f->kind) && !isnan(f->delta) && f->a != 0 ? f->delta / fabs(f->a) : NAN;
    }
}

/* A's plans in A's order, then those only B has (a result without [demand]
 * has no plans computed). */
static int compare_plans(tco_comparison *c, const tco_result *a, const tco_result *b)
{
    /* The carbon figures, last, when either side has them. */
    const size_t na = a->n_plans, nb = b->n_plans,
                 n = tco_scenario_carbon(a->scenario) || tco_scenario_carbon(b->scenario)
                         ? N_PLAN_FIGURES
                         : PLAN_FIRST_CARBON;
    c->n_plan_figures = n;
    if (na + nb == 0)
        return 0;
    c->plans = calloc(na + nb, sizeof *c->plans);
    tco_figure_diff *figs = calloc((na + nb) * n, sizeof *figs);
    if (!c->plans || !figs) {
        free(figs);
        return -1;
    }
    for (size_t i = 0; i < na; i++) {
        const char *name = a->plans[i].plan->name;
        int j = b->n_plans ? plan_find(b->scenario, name) : -1;
        plan_diff(&c->plans[c->n_plans], figs + c->n_plans * n, n, name, a, i, j >= 0 ? b : NULL,
                  j >= 0 ? (size_t)j : 0);
        c->n_plans++;
    }
    for (size_t j = 0; j < nb; j++) {
        const char *name = b->plans[j].plan->name;
        if (a->n_plans && plan_find(a->scenario, name) >= 0)
            continue;
        plan_diff(&c->plans[c->n_plans], figs + c->n_plans * n, n, name, NULL, 0, b, j);
        c->n_plans++;
    }
    return 0;
}

/* Whether either side has a cost per unit of work, and the scale at which
 * the lower of the results' reads best. */
static void unit_scale(tco_comparison *c, both ab)
{
    const side sides[2] = {ab.a, ab.b};
    c->unit_scale = tco_result_unit_scale(NULL);
    for (int k = 0; k < 2; k++) {
        const tco_result *r = sides[k].res;
        if (!r) {
            for (size_t i = 0; i < sides[k].saved->scenario->n_options; i++)
                c->per_unit |=
                    saved_value(sides[k].saved, i, TCI_F_COST_PER_UNIT)->kind == TCI_SV_NUMBER;
            continue;
        }
        for (size_t i = 0; i < r->n_options; i++)
            c->per_unit |= !isnan(r->options[i].cost_per_unit);
        tco_unit_scale s = tco_result_unit_scale(r);
        if (s.per > c->unit_scale.per)
            c->unit_scale = s;
    }
}

/* ===== The comparison ===== */

/* The comparison of two sides; inputs only when both are results. */
static tco_status compare_sides(both ab, tco_comparison **out)
{
    tco_comparison *c = calloc(1, sizeof *c);
    if (!c)
        return TCO_ERR_NOMEM;
    c->a = side_scenario(ab.a);
    c->b = side_scenario(ab.b);
    c->inputs_compared = ab.a.res && ab.b.res;
    /* The plans: only when both sides are computed (a saved report has none). */
    if ((c->inputs_compared && compare_inputs(c, c->a, c->b)) || compare_figures(c, ab) ||
        (c->inputs_compared && compare_plans(c, ab.a.res, ab.b.res)))
        goto fail;
    unit_scale(c, ab);
    *out = c;
    return TCO_OK;
fail:
    tco_comparison_free(c);
    return TCO_ERR_NOMEM;
}

/* See documentation in tco.h. */
tco_status tco_compare(const tco_result *a, const tco_result *b, tco_comparison **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!a || !b || !a->scenario || !b->scenario)
        return TCO_ERR_ARG;
    assert(a->n_options == a->scenario->n_options && b->n_options == b->scenario->n_options);
    return compare_sides((both){{a, NULL}, {b, NULL}}, out);
}

/* See documentation in tco.h. */
tco_status tco_compare_saved(const tco_result *a, const tco_saved_report *sa, const tco_result *b,
                             const tco_saved_report *sb, tco_comparison **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if ((!a && !sa) || (!b && !sb) || (a && !a->scenario) || (b && !b->scenario))
        return TCO_ERR_ARG;
    return compare_sides((both){{a, a ? NULL : sa}, {b, b ? NULL : sb}}, out);
}

/* See documentation in tco.h. */
const tco_scenario *tco_saved_report_scenario(const tco_saved_report *r)
{
    return r ? r->scenario : NULL;
}

/* See documentation in tco.h. */
void tco_saved_report_free(tco_saved_report *r)
{
    if (!r)
        return;
    size_t n = r->scenario ? r->scenario->n_options : 0;
    for (size_t k = 0; r->values && k < n * TCI_F_COUNT; k++)
        free(r->values[k].text);
    free(r->values);
    tco_scenario_free(r->scenario);
    free(r);
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
    if (c->n_options)
        free(c->options[0].figures); /* one block for every option */
    free(c->options);
    if (c->n_plans)
        free(c->plans[0].figures); /* likewise for the plans */
    free(c->plans);
    free(c);
}
