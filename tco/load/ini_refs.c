/* ini_refs.c - pass 4 of the INI loader and inheritance: the keys that
 * name other keys ([sensitivity] ranges, [uncertainty] distributions,
 * [case NAME] overrides, each resolved to a parameter of the base scenario)
 * and options that inherit the keys of another (base = OPTION). */
#include "load/ini.h"
#include "core/core.h"
#include "util/currency.h"
#include "util/utf8.h"

#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== Pass 4: keys that name other keys ===== */

/* Resolve "OPTION.KEY", whose option id is the first plen bytes of name;
 * NULL (reported) if unknown or not for the option. */
static const tco_keydef *resolve_option_key(loader *L, const char *name, size_t plen, int line,
                                            tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *kname = name + plen + 1;
    char id[TCO_MAX_ID + 8];
    snprintf(id, sizeof id, "%.*s",
             (int)tci_utf8_cut(name, plen < TCO_MAX_ID + 1 ? plen : TCO_MAX_ID + 1), name);
    int oi = tco_scenario_find(s, id);
    if (oi < 0) {
        const char *hint = tci_ini_closest_option(L, s, id);
        if (hint)
            tci_ini_report(L, line, NULL, "unknown option '%s' in '%s'; did you mean '%s'?", id,
                           name, hint);
        else
            tci_ini_report(L, line, NULL, "unknown option '%s' in '%s'", id, name);
        return NULL;
    }
    int key = tci_ini_find_key(tci_ini_okey, TCO_O_COUNT, NULL, kname);
    if (key < 0) {
        const char *cands[TCO_O_COUNT];
        for (int i = 0; i < TCO_O_COUNT; i++)
            cands[i] = tci_ini_okey(i)->name;
        const char *hint = tci_ini_closest(L, kname, cands, TCO_O_COUNT);
        if (hint)
            tci_ini_report(L, line, NULL, "unknown option key '%s' in '%s'; did you mean '%s'?",
                           kname, name, hint);
        else
            tci_ini_report(L, line, NULL, "unknown option key '%s' in '%s'", kname, name);
        return NULL;
    }
    const tco_option *o = &s->options[oi];
    const tco_keydef *k = tci_ini_okey(key);
    if (o->src[TCO_O_ACQUIRE] &&
        k->applies == (o->acquire == TCO_BUY ? TCO_APPLIES_RENT : TCO_APPLIES_BUY)) {
        tci_ini_wrong_acquire(L, line, o, k);
        return NULL;
    }
    *p = (tco_param){oi, key, 0};
    return k;
}

/* Resolve "site.NAME.KEY" (rest: "NAME.KEY"), a key of a named site (MODEL.md,
 * Sites); NULL (reported) if unknown. */
static const tco_keydef *resolve_site_key(loader *L, const char *name, const char *rest, int line,
                                          tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *dot = strchr(rest, '.');
    char site[TCO_MAX_ID + 8];
    size_t len = (size_t)(dot - rest);
    snprintf(site, sizeof site, "%.*s",
             (int)tci_utf8_cut(rest, len < TCO_MAX_ID + 1 ? len : TCO_MAX_ID + 1), rest);
    int si = tco_site_find(s, site);
    if (si < 0) {
        const char **cands = malloc((s->n_sites ? s->n_sites : 1) * sizeof *cands);
        if (!cands) {
            L->nomem = 1;
            return NULL;
        }
        for (size_t i = 0; i < s->n_sites; i++)
            cands[i] = s->sites[i].name;
        const char *hint = tci_ini_closest(L, site, cands, s->n_sites);
        if (hint)
            tci_ini_report(L, line, NULL, "unknown site '%s' in '%s'; did you mean '%s'?", site,
                           name, hint);
        else
            tci_ini_report(L, line, NULL, "unknown site '%s' in '%s'", site, name);
        free(cands);
        return NULL;
    }
    int key = tci_ini_find_key(tci_ini_skey, TCO_S_COUNT, "site", dot + 1);
    if (key < 0) {
        tci_ini_report(L, line, NULL, "unknown key '%s' in [site %s]", dot + 1, site);
        return NULL;
    }
    *p = (tco_param){-1, key, si + 1};
    return tci_ini_skey(key);
}

/* Resolve "fx.CODE", the rate of CODE in [fx]; NULL (reported) when [fx]
 * has none. */
static const tco_keydef *resolve_fx(loader *L, const char *name, int line, tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *code = name + 3;
    int i = tci_ini_fx_find(s, code);
    if (i >= 0) {
        *p = (tco_param){TCO_PARAM_FX, i, 0};
        L->fx_key = *tci_fx_key();
        L->fx_key.name = name;
        return &L->fx_key;
    }
    const char *meant = tci_currency_suggest(code);
    if (meant && tci_ini_fx_find(s, meant) >= 0)
        tci_ini_report(L, line, NULL, "unknown exchange rate '%s'; did you mean 'fx.%s'?", name,
                       meant);
    else
        tci_ini_report(L, line, NULL,
                       "unknown exchange rate '%s': [fx] gives no rate for '%s' (add '%s = "
                       "RATE' there)",
                       name, code, code);
    return NULL;
}

/* Resolve "discount.NAME", the fraction of [discount NAME]; NULL (reported)
 * when there is no such section. */
static const tco_keydef *resolve_discount(loader *L, const char *name, int line, tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *dname = name + 9;
    for (size_t i = 0; i < s->n_discounts; i++)
        if (strcmp(s->discounts[i].name, dname) == 0) {
            *p = (tco_param){TCO_PARAM_DISCOUNT, (int)i, 0};
            L->discount_key = *tci_discount_key();
            L->discount_key.name = name;
            return &L->discount_key;
        }
    const char **names = malloc((s->n_discounts ? s->n_discounts : 1) * sizeof *names);
    if (!names) {
        L->nomem = 1;
        return NULL;
    }
    for (size_t i = 0; i < s->n_discounts; i++)
        names[i] = s->discounts[i].name;
    const char *hint = tci_ini_closest(L, dname, names, s->n_discounts);
    if (hint)
        tci_ini_report(L, line, NULL, "unknown discount '%s'; did you mean 'discount.%s'?", name,
                       hint);
    else
        tci_ini_report(L, line, NULL,
                       "unknown discount '%s': the scenario has no [discount %s] section", name,
                       dname);
    free(names);
    return NULL;
}

/* Resolve "KEY", "SECTION.KEY", "OPTION.KEY", "site.NAME.KEY", "fx.CODE" or
 * "discount.NAME"; NULL (reported) if unknown. */
static const tco_keydef *resolve(loader *L, const char *name, int line, tco_param *p)
{
    const tco_scenario *s = L->s;
    const char *dot = strchr(name, '.');
    if (dot && dot - name == 2 && memcmp(name, "fx", 2) == 0)
        return resolve_fx(L, name, line, p);
    if (dot && dot - name == 8 && memcmp(name, "discount", 8) == 0)
        return resolve_discount(L, name, line, p);
    if (!dot) {
        int k = tci_ini_find_key(tci_ini_skey, TCO_S_COUNT, NULL, name);
        if (k >= 0) {
            *p = (tco_param){-1, k, 0};
            return tci_ini_skey(k);
        }
        if (tci_ini_find_key(tci_ini_okey, TCO_O_COUNT, NULL, name) >= 0)
            tci_ini_report(L, line, NULL, "'%s' is an option key: write OPTION.%s, e.g. %s.%s",
                           name, name, s->n_options ? s->options[0].id : "gpu-buy", name);
        else
            tci_ini_report(L, line, NULL, "unknown key '%s'", name);
        return NULL;
    }
    size_t plen = (size_t)(dot - name);
    const char *kname = dot + 1;
    if (plen == 4 && memcmp(name, "site", 4) == 0 && strchr(kname, '.'))
        return resolve_site_key(L, name, kname, line, p);
    for (int k = SEC_SCENARIO; k <= SEC_WORKLOAD; k++) {
        const char *sec = tci_ini_section_names[k - SEC_SCENARIO];
        if (strlen(sec) == plen && memcmp(name, sec, plen) == 0) {
            int key = tci_ini_find_key(tci_ini_skey, TCO_S_COUNT, sec, kname);
            if (key < 0) {
                tci_ini_report(L, line, NULL, "unknown key '%s' in [%s]", kname, sec);
                return NULL;
            }
            *p = (tco_param){-1, key, 0};
            return tci_ini_skey(key);
        }
    }
    return resolve_option_key(L, name, plen, line, p);
}

/* Parse "x, y[, z]" (or "NAME(x, y[, z])" when fn is set) into up to 3 plain
 * numbers; returns how many, or -1. */
static int parse_numbers(const char *v, double out[3])
{
    int n = 0;
    const char *p = v;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        const char *start = p;
        while (*p && *p != ',' && *p != ')' && !isspace((unsigned char)*p))
            p++;
        char num[64];
        size_t len = (size_t)(p - start);
        if (len == 0 || len >= sizeof num || n == 3)
            return -1;
        memcpy(num, start, len);
        num[len] = '\0';
        if (!tci_ini_is_plain_number(num, 0))
            return -1;
        if (tci_ini_strtod(num, &out[n++]) != 0)
            return -1;
        while (isspace((unsigned char)*p))
            p++;
        if (*p != ',')
            return *p == '\0' ? n : -1;
        p++;
    }
}

/* A parameter that analyses may vary: numbers only, and not a resale
 * fraction that the option derives from its decline. */
static int variable(loader *L, const tco_keydef *k, tco_param p, const char *name, int line)
{
    if (k->type != TCO_T_NUMBER) {
        tci_ini_report(L, line, NULL,
                       "'%s' cannot vary: only numeric inputs can (not counts, "
                       "whole numbers, names or choices)",
                       name);
        return 0;
    }
    if (p.option >= 0 && p.key == TCO_O_RESALE_FRACTION &&
        L->s->options[p.option].key_line[TCO_O_RESALE_DECLINE]) {
        tci_ini_report(L, line, NULL,
                       "'%s' cannot vary: option '%s' derives it from resale_decline "
                       "(line %d)",
                       name, L->s->options[p.option].id,
                       L->s->options[p.option].key_line[TCO_O_RESALE_DECLINE]);
        return 0;
    }
    return 1;
}

/* 1 when x is within key k's range; else reported. */
static int in_range(loader *L, const tco_keydef *k, double x, const char *what, int line)
{
    if (x >= k->lo && x <= k->hi)
        return 1;
    tci_ini_report(L, line, NULL, "%s %g is outside the range of '%s' (%g to %g)", what, x, k->name,
                   k->lo, k->hi);
    return 0;
}

/* The copy of e's name that a new range or distribution keeps, once
 * tci_ini_grow has made room for it (`room`: what it returned, NULL when it
 * could not). NULL, with L->nomem set, when out of memory. */
static char *name_for(loader *L, const void *room, const entry *e)
{
    char *name = room ? strdup(e->name) : NULL;
    if (!name)
        L->nomem = 1;
    return name;
}

/* After "needs a range", what a range of two values that are not plain
 * numbers most likely means for key k ("20k, 40k": "; write 20000, 40000"),
 * into hint; "" when there is no such reading. */
static void range_hint(const tco_keydef *k, const char *v, char *hint, size_t size)
{
    hint[0] = '\0';
    double x[2];
    int n = 0, percent = 0;
    const char *p = v;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        while (len && isspace((unsigned char)*p))
            p++, len--;
        while (len && isspace((unsigned char)p[len - 1]))
            len--;
        char part[64], advice[256];
        if (n == 2 || len == 0 || len >= sizeof part)
            return;
        memcpy(part, p, len);
        part[len] = '\0';
        int pct = 0;
        if (tci_ini_is_plain_number(part, 0)) {
            if (tci_ini_strtod(part, &x[n]) != 0)
                return;
        } else if (!tci_ini_fix_number(k, part, &x[n], &pct, advice, sizeof advice)) {
            return;
        }
        percent |= pct;
        n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    if (n != 2)
        return;
    if (percent && k->unit != TCO_U_FRACTION)
        snprintf(hint, size,
                 ": the ends are values of '%s', not percentages; to move every driver by a "
                 "share of its value, set swing (0.1 for 10%%)",
                 k->name);
    else
        snprintf(hint, size, "; write %.15g, %.15g", x[0], x[1]);
}

/* One [sensitivity] line: swing, or the range of an input. */
static void read_sensitivity(loader *L, const entry *e)
{
    tco_scenario *s = L->s;
    if (strcmp(e->name, "swing") == 0) {
        static const tco_keydef swing = {.name = "swing",
                                         .section = "sensitivity",
                                         .type = TCO_T_NUMBER,
                                         .unit = TCO_U_FRACTION,
                                         .offset = offsetof(tco_scenario, swing),
                                         .def = 0.2,
                                         .lo = 0,
                                         .hi = 1,
                                         .unit_label = "",
                                         .label = "Swing"};
        if (tci_ini_set_value(L, s, &swing, e->value, e->line) && s->swing == 0)
            tci_ini_report(L, e->line, NULL, "'swing' must be larger than 0");
        return;
    }
    tco_param p;
    const tco_keydef *k = resolve(L, e->name, e->line, &p);
    if (!k || !variable(L, k, p, e->name, e->line))
        return;
    double v[3];
    if (parse_numbers(e->value, v) != 2) {
        char hint[256];
        range_hint(k, e->value, hint, sizeof hint);
        tci_ini_report(L, e->line, NULL, "'%s' needs a range: LOW, HIGH (got '%s')%s", e->name,
                       e->value, hint);
        return;
    }
    if (v[0] > v[1]) {
        tci_ini_report(L, e->line, NULL, "the low end %g is above the high end %g", v[0], v[1]);
        return;
    }
    if (!in_range(L, k, v[0], "low end", e->line) || !in_range(L, k, v[1], "high end", e->line))
        return;
    tco_range *r = tci_ini_grow(s->ranges, s->n_ranges, sizeof *r);
    if (r)
        s->ranges = r;
    char *name = name_for(L, r, e);
    if (name)
        r[s->n_ranges++] = (tco_range){name, p, v[0], v[1], e->line};
}

/* [uncertainty] samples or seed: a whole number within its limits. */
static void read_mc_setting(loader *L, const entry *e)
{
    tco_scenario *s = L->s;
    int samples = e->name[1] == 'a';
    double hi = samples ? TCO_MAX_SAMPLES : 4294967295.0;
    if (!tci_ini_is_plain_number(e->value, 1)) {
        tci_ini_report(L, e->line, NULL, "'%s' must be a whole number (got %s)", e->name, e->value);
        return;
    }
    double x = strtod(e->value, NULL);
    if (x < samples || x > hi) {
        tci_ini_report(L, e->line, NULL, "'%s' must be between %d and %.0f (got %s)", e->name,
                       samples, hi, e->value);
        return;
    }
    if (samples) {
        s->mc_samples = (long)x;
        L->samples_line = e->line;
    } else {
        s->mc_seed = (unsigned long)x;
    }
}

/* 1 when distribution d with numbers v lands in key k's range often enough
 * for Monte Carlo (TCI_MC_MIN_IN_RANGE); else reported. A uniform or
 * triangular within the range always does; a normal may not when its
 * deviation dwarfs the range. */
static int lands_in_range(loader *L, const entry *e, const tco_keydef *k, tco_dist d,
                          const double v[3])
{
    const tco_uncertain u = {.dist = d, .a = v[0], .b = v[1], .c = v[2]};
    double p = tci_dist_in_range(&u, k->lo, k->hi);
    if (p >= TCI_MC_MIN_IN_RANGE)
        return 1;
    /* The fewest digits that still show p below the threshold. */
    char shown[32];
    for (int digits = 2; digits <= 17; digits++) {
        snprintf(shown, sizeof shown, "%.*g", digits, p);
        if (!(strtod(shown, NULL) >= TCI_MC_MIN_IN_RANGE))
            break;
    }
    tci_ini_report(L, e->line, NULL,
                   "'%s = %s' almost never falls in the range of '%s' (%g to %g): a draw "
                   "lands there with probability %s, and Monte Carlo needs at least %g%%; %s",
                   e->name, e->value, k->name, k->lo, k->hi, shown, TCI_MC_MIN_IN_RANGE * 100,
                   d == TCO_DIST_NORMAL ? "use a smaller standard deviation"
                                        : "narrow the distribution to the range");
    return 0;
}

/* The distribution e gives key k: its kind in *d and its numbers in v.
 * Returns 0 when it is not one, or not a valid one for k (reported). */
static int read_distribution(loader *L, const entry *e, const tco_keydef *k, tco_dist *d,
                             double v[3])
{
    static const struct {
        const char *name;
        tco_dist dist;
        int args;
    } dists[] = {{"triangular", TCO_DIST_TRIANGULAR, 3},
                 {"uniform", TCO_DIST_UNIFORM, 2},
                 {"normal", TCO_DIST_NORMAL, 2}};
    const char *open = strchr(e->value, '(');
    size_t vlen = strlen(e->value);
    int which = -1;
    for (int i = 0; open && i < (int)(sizeof dists / sizeof dists[0]); i++)
        if ((size_t)(open - e->value) == strlen(dists[i].name) &&
            memcmp(e->value, dists[i].name, strlen(dists[i].name)) == 0)
            which = i;
    if (which < 0 || e->value[vlen - 1] != ')') {
        tci_ini_report(L, e->line, NULL,
                       "'%s' is not a distribution: write triangular(LOW, MODE, "
                       "HIGH), uniform(LOW, HIGH) or normal(MEAN, SD)",
                       e->value);
        return 0;
    }
    char args[TCO_MAX_LINE + 1]; /* a value is part of one line: never cut */
    snprintf(args, sizeof args, "%.*s", (int)(vlen - (size_t)(open - e->value) - 2), open + 1);
    if (parse_numbers(args, v) != dists[which].args) {
        tci_ini_report(L, e->line, NULL, "%s takes %d plain numbers (got '%s')", dists[which].name,
                       dists[which].args, args);
        return 0;
    }
    *d = dists[which].dist;
    if (*d == TCO_DIST_TRIANGULAR && !(v[0] <= v[1] && v[1] <= v[2] && v[0] < v[2])) {
        tci_ini_report(L, e->line, NULL,
                       "triangular needs low <= mode <= high and low < high (got %g, "
                       "%g, %g)",
                       v[0], v[1], v[2]);
        return 0;
    }
    if (*d == TCO_DIST_UNIFORM && !(v[0] < v[1])) {
        tci_ini_report(L, e->line, NULL, "uniform needs low < high (got %g, %g)", v[0], v[1]);
        return 0;
    }
    if (*d == TCO_DIST_NORMAL && !(v[1] > 0)) {
        tci_ini_report(L, e->line, NULL, "normal needs a standard deviation above 0 (got %g)",
                       v[1]);
        return 0;
    }
    if (*d == TCO_DIST_NORMAL
            ? !in_range(L, k, v[0], "the mean", e->line)
            : !in_range(L, k, v[0], "low", e->line) ||
                  !in_range(L, k, *d == TCO_DIST_UNIFORM ? v[1] : v[2], "high", e->line))
        return 0;
    return lands_in_range(L, e, k, *d, v);
}

/* One [uncertainty] line: samples, seed, or a distribution of an input. */
static void read_uncertainty(loader *L, const entry *e)
{
    tco_scenario *s = L->s;
    if (strcmp(e->name, "samples") == 0 || strcmp(e->name, "seed") == 0) {
        read_mc_setting(L, e);
        return;
    }
    tco_param p;
    const tco_keydef *k = resolve(L, e->name, e->line, &p);
    if (!k || !variable(L, k, p, e->name, e->line))
        return;
    tco_dist d;
    double v[3] = {0, 0, 0};
    if (!read_distribution(L, e, k, &d, v))
        return;
    for (size_t i = 0; i < s->n_uncertain; i++) {
        const tco_param q = s->uncertain[i].param;
        if (q.option == p.option && q.key == p.key && q.site == p.site) {
            tci_ini_report(L, e->line, NULL, "'%s' is the same input as '%s' (line %d)", e->name,
                           s->uncertain[i].name, s->uncertain[i].line);
            return;
        }
    }
    tco_uncertain *u = tci_ini_grow(s->uncertain, s->n_uncertain, sizeof *u);
    if (u)
        s->uncertain = u;
    char *name = name_for(L, u, e);
    if (name)
        u[s->n_uncertain++] = (tco_uncertain){name, p, d, v[0], v[1], v[2], e->line};
}

/* Build every case: a copy of the base scenario with the case's keys set,
 * checked as a whole (errors point at the case's lines). */
static void build_cases(loader *L)
{
    tco_scenario *base = L->s;
    for (size_t ci = 0; ci < base->n_cases; ci++) {
        tco_case *c = &base->cases[ci];
        tco_scenario *copy = tci_scenario_clone(base);
        if (!copy) {
            L->nomem = 1;
            return;
        }
        c->scenario = copy;
        for (size_t i = 0; i < L->n_entries; i++) {
            const entry *e = &L->entries[i];
            const section *sec = &L->sections[e->section];
            if (sec->kind != SEC_CASE || sec->index != (int)ci)
                continue;
            L->cur = e->file;
            char **keys = tci_ini_grow(c->keys, c->n_overrides, sizeof *keys);
            if (keys)
                c->keys = keys;
            char **values = tci_ini_grow(c->values, c->n_overrides, sizeof *values);
            if (values)
                c->values = values;
            char *k = strdup(e->name), *v = strdup(e->value);
            if (!keys || !values || !k || !v) {
                free(k);
                free(v);
                L->nomem = 1;
                return;
            }
            c->keys[c->n_overrides] = k;
            c->values[c->n_overrides++] = v;
            tco_param p;
            const tco_keydef *kd = resolve(L, e->name, e->line, &p);
            if (!kd)
                continue;
            if (p.option == TCO_PARAM_FX) {
                /* A rate moves every price converted by it. */
                if (tci_ini_set_value(L, &copy->fx[p.key], kd, e->value, e->line))
                    tci_fx_apply(copy);
                continue;
            }
            if (p.option == TCO_PARAM_DISCOUNT) {
                /* A discount moves every catalog price it applies to. */
                tco_discount *dc = &copy->discounts[p.key];
                if (!tci_ini_set_value(L, dc, kd, e->value, e->line))
                    continue;
                if (dc->fraction <= -1 || dc->fraction >= 1)
                    tci_ini_report(L, e->line, NULL,
                                   "'%s' must be above -1 and below 1 (got %s): 0.15 is 15%% off "
                                   "the catalog's price, -0.1 a markup of 10%%",
                                   e->name, e->value);
                else
                    tci_discount_apply(copy, p.key + 1, NULL, NULL);
                continue;
            }
            if (p.option < 0 && (p.key == TCO_S_CATALOG || p.key == TCO_S_TEMPLATE)) {
                tci_ini_report(L, e->line, NULL, "'%s' cannot change in a case", kd->name);
                continue;
            }
            if (p.option >= 0 && (p.key == TCO_O_GPU || p.key == TCO_O_OFFER ||
                                  (p.key >= TCO_O_OFFER_GPU && p.key <= TCO_O_OFFER_MIN_GPUS))) {
                /* The catalog fills an option once, from the base scenario. */
                tci_ini_report(L, e->line, NULL,
                               "'%s' cannot change in a case: the catalog fills the option "
                               "once; override the keys it fills instead",
                               e->name);
                continue;
            }
            if (p.site > 0) { /* a named site's key */
                tci_ini_set_site_value(L, &copy->sites[p.site - 1], p.key, e->value, e->line,
                                       base->files[e->file]);
                continue;
            }
            void *target = p.option < 0 ? (void *)copy : (void *)&copy->options[p.option];
            if (!tci_ini_set_value(L, target, kd, e->value, e->line))
                continue;
            if (p.option < 0) {
                copy->src[p.key] = TCO_SRC_INI;
                copy->key_line[p.key] = e->line;
                copy->key_file[p.key] = base->files[e->file];
            } else {
                copy->options[p.option].src[p.key] = TCO_SRC_INI;
                copy->options[p.option].key_fx[p.key] = 0; /* the scenario's currency */
                copy->options[p.option].key_line[p.key] = e->line;
                copy->options[p.option].key_file[p.key] = base->files[e->file];
            }
        }
        L->s = copy;
        tci_ini_size_auto(L);
        tci_ini_check_scenario(L);
        tci_ini_check_case_plans(L, c);
        tci_ini_check_carbon_total(L); /* a case's flag or price, as the base's */
        L->s = base;
    }
}

/* See ini.h. */
void tci_ini_resolve_sections(loader *L, int with_cases)
{
    for (size_t i = 0; i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        enum section_kind kind = L->sections[e->section].kind;
        L->cur = e->file;
        if (kind == SEC_SENSITIVITY)
            read_sensitivity(L, e);
        else if (kind == SEC_UNCERTAINTY)
            read_uncertainty(L, e);
    }
    const tco_scenario *s = L->s;
    /* Monte Carlo computes the plans too (MODEL.md, Monte Carlo). */
    size_t plans = s->demand ? s->n_plans : 0;
    if (s->n_uncertain &&
        (double)s->mc_samples * (double)(s->n_options + plans) > TCO_MAX_MC_VALUES) {
        L->cur = 0;
        if (plans)
            tci_ini_report(L, L->samples_line, L->samples_line ? NULL : "uncertainty",
                           "%ld samples of %zu options and %zu plans are too many: samples x "
                           "(options + plans) may be at most %ld",
                           s->mc_samples, s->n_options, plans, TCO_MAX_MC_VALUES);
        else
            tci_ini_report(L, L->samples_line, L->samples_line ? NULL : "uncertainty",
                           "%ld samples of %zu options are too many: samples x options may be at "
                           "most %ld",
                           s->mc_samples, s->n_options, TCO_MAX_MC_VALUES);
    }
    /* ... and each plan's refresh search, a sample at a time. */
    double extra = 0;
    for (size_t p = 0; p < plans; p++)
        extra += tci_plan_evaluations(s, &s->plans[p]) - 1;
    if (s->n_uncertain &&
        (double)s->mc_samples * extra * s->horizon_months > TCI_MC_MAX_REFRESH_WORK) {
        L->cur = 0;
        tci_ini_report(L, L->samples_line, L->samples_line ? NULL : "uncertainty",
                       "%ld samples of plans choosing their refresh_month would compute %.0f "
                       "plan-months: samples x %.0f evaluations beyond one a plan x %d months; "
                       "the limit is %.0f: fewer samples, or a refresh_month",
                       s->mc_samples, (double)s->mc_samples * extra * s->horizon_months, extra,
                       s->horizon_months, TCI_MC_MAX_REFRESH_WORK);
    }
    if (with_cases && L->s->n_cases)
        build_cases(L);
}

/* ===== Inheritance: base = OPTION ===== */

/* The section index of option i. */
static int option_section(const loader *L, int i)
{
    for (size_t k = 0; k < L->n_sections; k++)
        if (L->sections[k].kind == SEC_OPTION && L->sections[k].index == i)
            return (int)k;
    return -1;
}

/* Give option i every key of its base it does not set itself (not `label`,
 * which stays its own, nor `base`), after the base has inherited its own. The
 * copies keep the lines where the values are written. */
static void inherit(loader *L, int i, unsigned char *state)
{
    if (state[i] == 2)
        return;
    tco_option *o = &L->s->options[i];
    int line = tci_ini_at_file(L, o->key_file[TCO_O_BASE], o->key_line[TCO_O_BASE]);
    const char *want = NULL;
    for (size_t k = 0; k < L->n_entries; k++)
        if (L->entries[k].key == TCO_O_BASE && L->sections[L->entries[k].section].index == i &&
            L->sections[L->entries[k].section].kind == SEC_OPTION)
            want = L->entries[k].value;
    if (state[i] == 1) {
        tci_ini_report(L, line, NULL, "option '%s' inherits from itself: base = %s closes a cycle",
                       o->id, want ? want : "");
        L->base_failed[i] = 1;
        state[i] = 2;
        return;
    }
    state[i] = 1;
    int b = want ? tco_scenario_find(L->s, want) : -1;
    if (want && b < 0) {
        const char *hint = tci_ini_closest_option(L, L->s, want);
        if (hint)
            tci_ini_report(L, line, NULL, "base '%s' is not an option; did you mean '%s'?", want,
                           hint);
        else
            tci_ini_report(L, line, NULL, "base '%s' is not an option", want);
        L->base_failed[i] = 1;
    } else if (b >= 0) {
        inherit(L, b, state);
        if (L->base_failed[b])
            L->base_failed[i] = 1;
        if (state[i] == 2) /* a cycle through us was reported */
            return;
        int sec = option_section(L, i);
        size_t n = L->n_entries; /* the base's entries, including what it inherited */
        for (size_t k = 0; k < n && sec >= 0; k++) {
            entry e = L->entries[k];
            if (L->sections[e.section].kind != SEC_OPTION || L->sections[e.section].index != b ||
                e.key == TCO_O_LABEL || e.key == TCO_O_BASE || o->key_line[e.key])
                continue;
            entry inherited = {.file = e.file, .line = e.line, .section = sec, .key = e.key};
            if (!tci_ini_add_entry(L, inherited, e.value, strlen(e.value), NULL))
                return;
            o->key_line[e.key] = e.line;
            o->key_file[e.key] = L->s->files[e.file];
        }
    }
    state[i] = 2;
}

/* See ini.h. */
void tci_ini_inherit_bases(loader *L)
{
    size_t n = L->s->n_options;
    unsigned char *state = calloc(n ? n : 1, 1);
    L->base_failed = calloc(n ? n : 1, 1);
    if (!state || !L->base_failed) {
        free(state);
        L->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n && !L->nomem; i++)
        if (L->s->options[i].key_line[TCO_O_BASE])
            inherit(L, (int)i, state);
    free(state);
}
