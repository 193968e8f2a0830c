/* scenario.c - the scenario object: freeing and copying it, the place of a
 * key's value, and the values in effect that the engine, the analyses and the
 * writers read. The INI loader (load/ini*.c) builds scenarios; nothing here
 * reads a file. */
#include "core/core.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ===== Life ===== */

/* See documentation in header file. */
void tco_scenario_free(tco_scenario *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n_ranges; i++)
        free(s->ranges[i].name);
    free(s->ranges);
    for (size_t i = 0; i < s->n_uncertain; i++)
        free(s->uncertain[i].name);
    free(s->uncertain);
    for (size_t i = 0; i < s->n_cases; i++) {
        tco_case *c = &s->cases[i];
        for (size_t k = 0; k < c->n_overrides; k++) {
            free(c->keys[k]);
            free(c->values[k]);
        }
        free(c->keys);
        free(c->values);
        free(c->name);
        tco_scenario_free(c->scenario);
    }
    free(s->cases);
    for (size_t i = 0; i < s->n_fx; i++) {
        free(s->fx[i].source);
        free(s->fx[i].as_of);
    }
    free(s->fx);
    for (size_t i = 0; i < s->n_files; i++)
        free(s->files[i]);
    free(s->files);
    free(s->file_ids);
    if (!s->catalog_borrowed)
        tco_catalog_free(s->catalog);
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        free(o->id);
        free(o->label);
        free(o->gpu);
        free(o->offer);
        free(o->base);
        free(o->site);
        free(o->compare_to);
        free(o->offer_gpu);
        free(o->offer_pricing);
        free(o->offer_provider);
        free(o->offer_region);
    }
    free(s->options);
    for (size_t i = 0; i < s->n_discounts; i++) {
        free(s->discounts[i].name);
        free(s->discounts[i].provider);
        free(s->discounts[i].pricing);
        free(s->discounts[i].offer);
        free(s->discounts[i].driver);
    }
    free(s->discounts);
    for (size_t i = 0; i < s->n_sites; i++)
        free(s->sites[i].name);
    free(s->sites);
    if (s->demand) {
        free(s->demand->reference);
        free(s->demand->seasonality);
        free(s->demand->file);
        free(s->demand);
    }
    for (size_t i = 0; i < s->n_plans; i++) {
        free(s->plans[i].name);
        free(s->plans[i].own);
        free(s->plans[i].reserve);
        free(s->plans[i].overflow);
        free(s->plans[i].buy_at);
        free(s->plans[i].refresh_to);
        free(s->plans[i].refresh_when);
    }
    free(s->plans);
    if (s->optimize) {
        free(s->optimize->plan);
        free(s->optimize);
    }
    free(s->file);
    free(s->name);
    free(s->currency);
    free(s->baseline);
    free(s->as_of);
    free(s->start);
    free(s->author);
    free(s->company);
    free(s->catalog_path);
    free(s->template_path);
    free(s->include);
    free(s->unit);
    free(s);
}

/* *dst = a copy of src, or nothing when src is NULL; 0 when out of memory. */
static int dup_field(char **dst, const char *src)
{
    if (!src)
        return 1;
    *dst = strdup(src);
    return *dst != NULL;
}

/* A deep copy of the scenario without its ranges, cases and distributions. */
tco_scenario *tci_scenario_clone(const tco_scenario *s)
{
    tco_scenario *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *s;
    c->include = NULL;
    c->file = c->name = c->currency = c->baseline = c->as_of = c->start = c->author = c->company =
        c->catalog_path = c->template_path = c->unit = NULL;
    c->options = NULL;
    c->n_options = 0;
    c->sites = NULL;
    c->n_sites = 0;
    c->demand = NULL;
    c->plans = NULL;
    c->n_plans = 0;
    c->optimize = NULL; /* a case or a sample does not search */
    c->ranges = NULL;
    c->n_ranges = 0;
    c->cases = NULL;
    c->n_cases = 0;
    c->uncertain = NULL;
    c->n_uncertain = 0;
    c->catalog_borrowed = 1; /* entries stay owned by the original */
    c->files = NULL;         /* key_file still points into the original's */
    c->file_ids = NULL;
    c->n_files = 0;
    int ok = dup_field(&c->file, s->file) && dup_field(&c->name, s->name) &&
             dup_field(&c->currency, s->currency) && dup_field(&c->baseline, s->baseline) &&
             dup_field(&c->as_of, s->as_of) && dup_field(&c->start, s->start) &&
             dup_field(&c->author, s->author) && dup_field(&c->company, s->company) &&
             dup_field(&c->catalog_path, s->catalog_path) &&
             dup_field(&c->template_path, s->template_path) && dup_field(&c->unit, s->unit) &&
             dup_field(&c->include, s->include);
    c->fx = NULL;
    c->n_fx = 0;
    if (ok && s->n_fx) {
        c->fx = calloc(s->n_fx, sizeof *c->fx);
        ok = c->fx != NULL;
        for (size_t i = 0; ok && i < s->n_fx; i++) {
            c->fx[i] = s->fx[i];
            c->fx[i].source = c->fx[i].as_of = NULL;
            c->n_fx = i + 1;
            ok = dup_field(&c->fx[i].source, s->fx[i].source) &&
                 dup_field(&c->fx[i].as_of, s->fx[i].as_of);
        }
    }
    if (ok && s->n_options) {
        c->options = calloc(s->n_options, sizeof *c->options);
        ok = c->options != NULL;
        for (size_t i = 0; ok && i < s->n_options; i++) {
            tco_option *o = &c->options[i];
            *o = s->options[i];
            o->id = o->label = o->gpu = o->offer = o->base = o->site = o->compare_to = NULL;
            o->offer_gpu = o->offer_pricing = o->offer_provider = o->offer_region = NULL;
            c->n_options = i + 1;
            ok = dup_field(&o->id, s->options[i].id) && dup_field(&o->label, s->options[i].label) &&
                 dup_field(&o->gpu, s->options[i].gpu) &&
                 dup_field(&o->offer, s->options[i].offer) &&
                 dup_field(&o->base, s->options[i].base) &&
                 dup_field(&o->site, s->options[i].site) &&
                 dup_field(&o->compare_to, s->options[i].compare_to) &&
                 dup_field(&o->offer_gpu, s->options[i].offer_gpu) &&
                 dup_field(&o->offer_pricing, s->options[i].offer_pricing) &&
                 dup_field(&o->offer_provider, s->options[i].offer_provider) &&
                 dup_field(&o->offer_region, s->options[i].offer_region);
        }
    }
    c->discounts = NULL;
    c->n_discounts = 0;
    if (ok && s->n_discounts) {
        c->discounts = calloc(s->n_discounts, sizeof *c->discounts);
        ok = c->discounts != NULL;
        for (size_t i = 0; ok && i < s->n_discounts; i++) {
            const tco_discount *d = &s->discounts[i];
            tco_discount *e = &c->discounts[i];
            *e = *d;
            e->name = e->provider = e->pricing = e->offer = e->driver = NULL;
            c->n_discounts = i + 1;
            ok = dup_field(&e->name, d->name) && dup_field(&e->provider, d->provider) &&
                 dup_field(&e->pricing, d->pricing) && dup_field(&e->offer, d->offer) &&
                 dup_field(&e->driver, d->driver);
        }
    }
    if (ok && s->n_sites) {
        c->sites = calloc(s->n_sites, sizeof *c->sites);
        ok = c->sites != NULL;
        for (size_t i = 0; ok && i < s->n_sites; i++) {
            c->sites[i] = s->sites[i];
            c->sites[i].name = NULL;
            c->n_sites = i + 1;
            ok = dup_field(&c->sites[i].name, s->sites[i].name);
        }
    }
    if (ok && s->demand) {
        c->demand = malloc(sizeof *c->demand);
        ok = c->demand != NULL;
        if (ok) {
            *c->demand = *s->demand;
            c->demand->reference = c->demand->seasonality = c->demand->file = NULL;
            ok = dup_field(&c->demand->reference, s->demand->reference) &&
                 dup_field(&c->demand->seasonality, s->demand->seasonality) &&
                 dup_field(&c->demand->file, s->demand->file);
        }
    }
    if (ok && s->n_plans) {
        c->plans = calloc(s->n_plans, sizeof *c->plans);
        ok = c->plans != NULL;
        for (size_t i = 0; ok && i < s->n_plans; i++) {
            const tco_plan *p = &s->plans[i];
            tco_plan *q = &c->plans[i];
            *q = *p;
            q->name = q->own = q->reserve = q->overflow = NULL;
            q->buy_at = q->refresh_to = q->refresh_when = NULL;
            c->n_plans = i + 1;
            ok = dup_field(&q->name, p->name) && dup_field(&q->own, p->own) &&
                 dup_field(&q->reserve, p->reserve) && dup_field(&q->overflow, p->overflow) &&
                 dup_field(&q->buy_at, p->buy_at) && dup_field(&q->refresh_to, p->refresh_to) &&
                 dup_field(&q->refresh_when, p->refresh_when);
        }
    }
    if (!ok) {
        tco_scenario_free(c);
        return NULL;
    }
    return c;
}

/* ===== Keys and parameters ===== */

/* See core.h. */
void *tci_key_field(void *base, const tco_keydef *k)
{
    return (char *)base + k->offset;
}

/* The current value of a numeric parameter (a double key). */
double *tci_param_ptr(tco_scenario *s, tco_param p)
{
    if (p.option == TCO_PARAM_FX)
        return (size_t)p.key < s->n_fx ? &s->fx[p.key].rate : NULL;
    if (p.option == TCO_PARAM_DISCOUNT)
        return (size_t)p.key < s->n_discounts ? &s->discounts[p.key].fraction : NULL;
    if (p.option < 0 && p.site > 0) /* a named site's key */
        return &s->sites[p.site - 1].value[p.key - TCO_SITE_KEY_FIRST];
    const tco_keydef *k = tci_param_key(p);
    void *base = p.option < 0 ? (void *)s : (void *)&s->options[p.option];
    return k->type == TCO_T_NUMBER ? (double *)tci_key_field(base, k) : NULL;
}

/* See core.h. */
double *tci_fx_price(tco_option *o)
{
    if (!o->fx)
        return NULL;
    return o->acquire == TCO_BUY ? &o->gpu_price : &o->price_per_gpu_hour;
}

/* See core.h. The price chain's first step, before tci_fx_convert. */
double tci_discounted(const tco_scenario *s, int discount, double price)
{
    if (discount <= 0 || (size_t)discount > s->n_discounts)
        return price;
    return price * (1 - s->discounts[discount - 1].fraction);
}

/* See core.h. */
double tci_fx_convert(const tco_scenario *s, int fx, double written)
{
    assert(fx >= 1 && (size_t)fx <= s->n_fx);
    return written / s->fx[fx - 1].rate;
}

/* See core.h. */
void tci_fx_apply_rate(tco_scenario *s, int fx, double rate, void (*set)(void *, double *, double),
                       void *arg)
{
    /* Each value with its place, as written (a catalog's, a site's section's),
     * divided by the rate: the one conversion (MODEL.md, Currency conversion). */
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        double *at = tci_fx_price(o);
        int key = o->acquire == TCO_BUY ? TCO_O_GPU_PRICE : TCO_O_PRICE_PER_GPU_HOUR;
        if (at && o->fx == fx && o->src[key] == TCO_SRC_CATALOG) {
            double p = tci_discounted(s, o->discount, o->fx_price);
            set ? set(arg, at, p / rate) : (void)(*at = p / rate);
        }
        for (int k = 0; k < TCO_O_COUNT; k++) {
            if (o->key_fx[k] != fx)
                continue;
            double *v = tci_key_field(o, tco_option_key((tco_okey)k));
            set ? set(arg, v, o->key_written[k] / rate) : (void)(*v = o->key_written[k] / rate);
        }
    }
    for (size_t i = 0; i < s->n_sites; i++) {
        tco_site *t = &s->sites[i];
        for (int j = 0; j < TCO_SITE_KEYS; j++) {
            if (t->key_fx[j] != fx)
                continue;
            double *v = &t->value[j];
            set ? set(arg, v, t->key_written[j] / rate) : (void)(*v = t->key_written[j] / rate);
        }
    }
}

/* See core.h. */
void tci_fx_apply(tco_scenario *s)
{
    for (size_t k = 0; k < s->n_fx; k++)
        tci_fx_apply_rate(s, (int)k + 1, s->fx[k].rate, NULL, NULL);
}

/* See core.h. */
const tco_option *tci_option_writer(const tco_scenario *s, const tco_option *o, int k)
{
    for (int hops = 0; o->base && o->key_line[k] && hops < TCO_MAX_OPTIONS; hops++) {
        int b = tco_scenario_find(s, o->base);
        if (b < 0 || s->options[b].key_line[k] != o->key_line[k] ||
            s->options[b].key_file[k] != o->key_file[k])
            break;
        o = &s->options[b];
    }
    return o;
}

/* ===== Values in effect ===== */

/* See documentation in header file. */
double tco_option_utilization(const tco_scenario *s, const tco_option *o)
{
    if (o->acquire == TCO_API)
        return 1; /* billed for the workload's tokens (MODEL.md, API options) */
    if (o->src[TCO_O_UTILIZATION])
        return o->utilization;
    return s->utilization; /* [workload] value, default 1 */
}

/* See documentation in header file. */
double tco_bytes_per_param(const tco_scenario *s)
{
    if (s->src[TCO_S_BYTES_PER_PARAM])
        return s->bytes_per_param;
    return s->mode == TCO_TRAINING ? 16 : 2;
}

/* See documentation in header file. */
int tco_scenario_find(const tco_scenario *s, const char *id)
{
    for (size_t i = 0; i < s->n_options; i++)
        if (strcmp(s->options[i].id, id) == 0)
            return (int)i;
    return -1;
}

/* See documentation in header file. */
int tco_site_find(const tco_scenario *s, const char *name)
{
    for (size_t i = 0; i < s->n_sites; i++)
        if (strcmp(s->sites[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* See documentation in header file. */
double tco_site_value(const tco_scenario *s, const tco_option *o, tco_skey key)
{
    const tco_keydef *k = tco_scenario_key(key);
    int j = (int)key - TCO_SITE_KEY_FIRST;
    if (o && o->site_no > 0 && (size_t)o->site_no <= s->n_sites && j >= 0 && j < TCO_SITE_KEYS &&
        s->sites[o->site_no - 1].src[j])
        return s->sites[o->site_no - 1].value[j];
    return *(const double *)((const char *)s + k->offset);
}

/* See core.h. */
double tci_power_cap_kw(const tco_scenario *s, const tco_option *o)
{
    if (o->acquire != TCO_BUY)
        return 0;
    return o->site_no > 0 && (size_t)o->site_no <= s->n_sites
               ? s->sites[o->site_no - 1].power_cap_kw
               : s->power_cap_kw;
}

/* See documentation in header file. */
int tco_scenario_power_capped(const tco_scenario *s)
{
    if (!s)
        return 0;
    int capped = s->power_cap_kw > 0;
    for (size_t i = 0; i < s->n_sites; i++)
        capped |= s->sites[i].power_cap_kw > 0;
    return capped;
}

/* See documentation in header file. */
int tco_scenario_baseline(const tco_scenario *s)
{
    int b = s->baseline ? tco_scenario_find(s, s->baseline) : -1;
    if (b >= 0 && s->options[b].acquire == TCO_RENT)
        return b;
    for (size_t i = 0; i < s->n_options; i++)
        if (s->options[i].acquire == TCO_RENT)
            return (int)i;
    return -1;
}
