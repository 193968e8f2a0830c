/* ini_plan.c - capacity planning's inputs (MODEL.md, Demand and Plans):
 * the [demand] section and its demand file, the [plan NAME] headers, their
 * keys' values, and each plan's parts resolved to options of the right
 * kind. */
#include "load/ini.h"
#include "util/utf8.h"
#include "core/core.h"
#include "util/readfile.h"
#include "util/suggest.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The plans' list, for its checks. */
static const tci_ini_named plan_list = {"plan",
                                        sizeof(tco_plan),
                                        offsetof(tco_plan, name),
                                        offsetof(tco_plan, line),
                                        offsetof(tco_plan, in_file),
                                        TCO_MAX_PLANS};

/* See ini.h. */
int tci_ini_begin_plan(loader *L, const char *name, size_t len, int line)
{
    tco_scenario *sc = L->s;
    void *items = sc->plans;
    tco_plan *p = tci_ini_named_add(L, &plan_list, &items, &sc->n_plans, name, len, line);
    sc->plans = items;
    if (!p)
        return -1;
    tci_ini_apply_defaults(p, tci_plan_key, TCI_P_COUNT);
    p->own_i = p->reserve_i = p->overflow_i = p->refresh_i = -1;
    return (int)(p - sc->plans);
}

/* The line of key `name` in the section of kind `kind` (and plan `index`),
 * with its file made the current one; 0 when it is not given. */
static int key_at(loader *L, enum section_kind kind, int index, const char *name)
{
    for (size_t i = 0; i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        const section *sec = &L->sections[e->section];
        if (sec->kind == kind && (kind != SEC_PLAN || sec->index == index) && e->name &&
            strcmp(e->name, name) == 0) {
            L->cur = e->file;
            return e->line;
        }
    }
    return 0;
}

/* One pair of [demand] or a [plan NAME] into its struct; an unknown key is
 * reported with the closest of the section's keys. */
static void convert(loader *L, const entry *e, void *base, const tco_keydef *(*get)(int), int n,
                    const char *secname)
{
    L->cur = e->file;
    int k = tci_ini_find_key(get, n, NULL, e->name);
    if (k >= 0) {
        tci_ini_set_value(L, base, get(k), e->value, e->line);
        return;
    }
    const char *cands[TCI_D_COUNT + TCI_P_COUNT];
    for (int i = 0; i < n; i++)
        cands[i] = get(i)->name;
    const char *hint = tci_ini_closest(L, e->name, cands, (size_t)n);
    if (hint)
        tci_ini_report(L, e->line, NULL, "unknown key '%s' in [%s]; did you mean '%s'?", e->name,
                       secname, hint);
    else
        tci_ini_report(L, e->line, NULL, "unknown key '%s' in [%s]", e->name, secname);
}

/* See ini.h. */
int tci_ini_seasonality(const char *list, double season[12], char *msg, size_t size)
{
    size_t n = 0;
    double sum = 0;
    while (list) {
        size_t len;
        const char *item = tci_ini_list_item(&list, &len);
        char buf[64];
        double x = 0;
        if (len == 0 || len >= sizeof buf) {
            snprintf(msg, size,
                     "'seasonality' needs 12 numbers separated by commas (item %zu is %s)", n + 1,
                     len ? "too long" : "empty");
            return -1;
        }
        memcpy(buf, item, len);
        buf[len] = '\0';
        if (!tci_ini_is_plain_number(buf, 0) || tci_ini_strtod(buf, &x) != 0 || x < 0 || x > 12) {
            snprintf(msg, size, "'seasonality' item %zu must be a number from 0 to 12 (got %s)",
                     n + 1, buf);
            return -1;
        }
        if (n < 12)
            season[n] = x;
        sum += x;
        n++;
    }
    if (n != 12) {
        snprintf(msg, size, "'seasonality' needs 12 factors, one a month (got %zu)", n);
        return -1;
    }
    if (fabs(sum - 12) > 1e-9) {
        snprintf(msg, size, "'seasonality' factors must average 1 (they sum to %.10g, not 12)",
                 sum);
        return -1;
    }
    return 0;
}

/* The seasonality list into d->season, reported at its line when it is not
 * one (tci_ini_seasonality). */
static void read_seasonality(loader *L, tco_demand *d)
{
    int line = key_at(L, SEC_DEMAND, 0, "seasonality");
    char msg[300];
    if (tci_ini_seasonality(d->seasonality, d->season, msg, sizeof msg) != 0)
        tci_ini_report(L, line, NULL, "%s", msg);
}

/* Parse the demand file's text, file index fi: one value per line. 1 when
 * every line was read; else 0 (reported). */
static int parse_demand(loader *L, tco_demand *d, const char *text, size_t size, int fi)
{
    const char *p = text + tci_utf8_bom(text, size), *end = text + size;
    int line = 0;
    L->cur = fi;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *a = p, *b = nl ? nl : end;
        p = nl ? nl + 1 : end;
        line++;
        tci_ini_trim(&a, &b);
        if (a == b || *a == '#')
            continue;
        char buf[64];
        double x = 0;
        size_t len = (size_t)(b - a);
        int ok = len < sizeof buf;
        if (ok) {
            memcpy(buf, a, len);
            buf[len] = '\0';
            ok = !memchr(a, '\0', len) && tci_ini_is_plain_number(buf, 0) &&
                 tci_ini_strtod(buf, &x) == 0 && x >= 0 && x <= 1e12;
        }
        if (!ok) {
            tci_ini_report(L, line, NULL,
                           "expected one number of GPU-hours for month %zu (a plain number from "
                           "0 to 1e12)",
                           d->n_values + 1);
            return 0;
        }
        if (d->n_values >= TCO_MAX_HORIZON) {
            tci_ini_report(L, line, NULL, "more than %d monthly values (the longest horizon)",
                           TCO_MAX_HORIZON);
            return 0;
        }
        d->values[d->n_values++] = x;
    }
    return 1;
}

/* file = PATH: read it as every input is read, bounded, a regular file. */
static void read_demand_file(loader *L, tco_demand *d, int line)
{
    int at = L->cur;
    char *path = tci_ini_path_beside(L->s->files[at], d->file, strlen(d->file));
    if (!path) {
        L->nomem = 1;
        return;
    }
    tco_file_id id;
    const char *why = NULL;
    int not_regular = 0;
    FILE *f = tci_open_input(path, &id, &why, &not_regular);
    char *text = NULL;
    size_t size = 0;
    if (!f) {
        tci_ini_report(L, line, NULL, "cannot read demand file '%s': %s", d->file, why);
    } else {
        tco_status st = tci_read_all(f, TCO_MAX_FILE, 1, &text, &size);
        int err = errno;
        fclose(f);
        if (st == TCO_ERR_NOMEM)
            L->nomem = 1;
        else if (st == TCO_ERR_LIMIT)
            tci_ini_report(L, line, NULL, "demand file '%s' is larger than %d bytes", d->file,
                           TCO_MAX_FILE);
        else if (st != TCO_OK)
            tci_ini_report(L, line, NULL, "cannot read demand file '%s': %s", d->file,
                           strerror(err));
    }
    if (text) {
        int fi = tci_ini_add_file(L, path, id, at);
        int read = fi >= 0 && parse_demand(L, d, text, size, fi);
        L->cur = at;
        if (read && (int)d->n_values < L->s->horizon_months)
            tci_ini_report(L, line, NULL,
                           "demand file '%s' gives %zu monthly values; the horizon needs %d",
                           d->file, d->n_values, L->s->horizon_months);
    }
    free(text);
    free(path);
}

/* [demand]'s checks once its keys are read. */
static void check_demand(loader *L, tco_demand *d, const section *sec)
{
    tco_scenario *s = L->s;
    int line;
    if (!d->reference) {
        L->cur = sec->file;
        tci_ini_report(L, sec->line, NULL,
                       "[demand] needs 'reference': the option whose GPU-hours it counts");
    } else if ((d->ref = tco_scenario_find(s, d->reference)) < 0) {
        line = key_at(L, SEC_DEMAND, 0, "reference");
        const char *hint = tci_ini_closest_option(L, s, d->reference);
        if (hint)
            tci_ini_report(L, line, NULL, "reference '%s' is not an option; did you mean '%s'?",
                           d->reference, hint);
        else
            tci_ini_report(L, line, NULL, "reference '%s' is not an option", d->reference);
    }
    if (d->file) {
        static const char *const formula[] = {"gpu_hours_per_month", "growth", "seasonality",
                                              "tokens_per_month"};
        for (int i = 0; i < 4; i++)
            if ((line = key_at(L, SEC_DEMAND, 0, formula[i])) > 0)
                tci_ini_report(L, line, NULL,
                               "'%s' with 'file': give the demand by the file or by the "
                               "formula, not both",
                               formula[i]);
        read_demand_file(L, d, key_at(L, SEC_DEMAND, 0, "file"));
        return;
    }
    int tokens = key_at(L, SEC_DEMAND, 0, "tokens_per_month");
    if (tokens > 0 && key_at(L, SEC_DEMAND, 0, "gpu_hours_per_month") > 0)
        tci_ini_report(L, tokens, NULL,
                       "'tokens_per_month' with 'gpu_hours_per_month': give month 1's demand in "
                       "tokens or in GPU-hours, not both");
    else if (tokens > 0 && d->reference && d->ref >= 0 && !(tci_api_tokens_per_ref_hour(s) > 0))
        tci_ini_report(L, tokens, NULL,
                       "'tokens_per_month' needs a 'throughput' (requests/s per GPU) of the "
                       "reference '%s' and [workload] 'tokens_per_request' to turn tokens into "
                       "its GPU-hours",
                       d->reference);
    else if (tokens <= 0 && !key_at(L, SEC_DEMAND, 0, "gpu_hours_per_month")) {
        L->cur = sec->file;
        tci_ini_report(
            L, sec->line, NULL,
            "[demand] needs 'gpu_hours_per_month' (month 1's demand), 'tokens_per_month' or "
            "'file'");
    }
    if (d->seasonality)
        read_seasonality(L, d);
}

/* One part of plan p: the option named `id` (key `key`), which must be of
 * the kind `want` says; its index, or -1 (reported). */
static int resolve_part(loader *L, int pi, const char *key, const char *id, int want)
{
    static const char *const kinds[] = {"a buy option", "a rent option with pricing = reserved",
                                        "a rent option with pricing = on-demand"};
    const tco_scenario *s = L->s;
    int line = key_at(L, SEC_PLAN, pi, key);
    int i = tco_scenario_find(s, id);
    if (i < 0) {
        const char *hint = tci_ini_closest_option(L, s, id);
        if (hint)
            tci_ini_report(L, line, NULL, "%s '%s' is not an option; did you mean '%s'?", key, id,
                           hint);
        else
            tci_ini_report(L, line, NULL, "%s '%s' is not an option", key, id);
        return -1;
    }
    const tco_option *o = &s->options[i];
    int ok = want == 0   ? o->acquire == TCO_BUY
             : want == 1 ? o->acquire == TCO_RENT && o->pricing == TCO_RESERVED
                         : o->acquire == TCO_RENT && o->pricing == TCO_ON_DEMAND;
    if (o->acquire == TCO_API && want == 2) {
        /* MODEL.md, An API as a plan's overflow: the reference's GPU-hours
         * become tokens by its throughput. */
        const tco_option *ref =
            s->demand && s->demand->ref >= 0 ? &s->options[s->demand->ref] : NULL;
        if (ref && !(ref->throughput > 0 && ref->scaling_efficiency > 0)) {
            tci_ini_report(L, line, NULL,
                           "%s '%s' is an api option: the demand's reference '%s' needs a "
                           "'throughput' (requests/s per GPU) to turn its GPU-hours into tokens",
                           key, id, s->demand->reference);
            return -1;
        }
        return i;
    }
    if (o->acquire == TCO_API) {
        /* MODEL.md, An API as a plan's overflow: an API has no GPUs to own or
         * reserve. */
        tci_ini_report(L, line, NULL,
                       "%s '%s' is an api option; an API has no GPUs to %s: it can only be a "
                       "plan's overflow",
                       key, id, want == 0 ? "own" : "reserve");
        return -1;
    }
    if (!ok) {
        tci_ini_report(L, line, NULL, "%s '%s' must be %s", key, id, kinds[want]);
        return -1;
    }
    return i;
}

/* One whole number of `buy_at` item `item` from [a, b): `what` within lo..hi
 * into *x; 0 when it is not (reported). */
static int buy_number(loader *L, int line, size_t item, const char *a, const char *b,
                      const char *what, int lo, int hi, int *x)
{
    char buf[32];
    double v = 0;
    tci_ini_trim(&a, &b);
    size_t len = (size_t)(b - a);
    int ok = len > 0 && len < sizeof buf;
    if (ok) {
        memcpy(buf, a, len);
        buf[len] = '\0';
        ok = tci_ini_is_plain_number(buf, 1) && tci_ini_strtod(buf, &v) == 0 && v >= lo && v <= hi;
    }
    if (!ok) {
        tci_ini_report(L, line, NULL,
                       "'buy_at' item %zu: the %s must be a whole number from %d to %d", item, what,
                       lo, hi);
        return 0;
    }
    *x = (int)v;
    return 1;
}

/* buy_at = MONTH:GPUS, ... (MODEL.md, Staged purchases): months 0..H-1
 * increasing, counts above 0, at most TCO_MAX_BUYS pairs. */
static void read_buy_at(loader *L, tco_plan *p, int pi)
{
    int line = key_at(L, SEC_PLAN, pi, "buy_at");
    const int H = L->s->horizon_months;
    const char *list = p->buy_at;
    size_t n = 0;
    while (list) {
        size_t len;
        const char *item = tci_ini_list_item(&list, &len);
        const char *colon = len ? memchr(item, ':', len) : NULL;
        if (!colon) {
            tci_ini_report(L, line, NULL,
                           "'buy_at' item %zu is not MONTH:GPUS (give pairs such as 0:8, 12:8)",
                           n + 1);
            return;
        }
        if (n >= TCO_MAX_BUYS) {
            tci_ini_report(L, line, NULL, "'buy_at' gives more than %d purchases", TCO_MAX_BUYS);
            return;
        }
        int month, count;
        if (!buy_number(L, line, n + 1, item, colon, "month", 0, H - 1, &month) ||
            !buy_number(L, line, n + 1, colon + 1, item + len, "GPU count", 1, 1000000, &count))
            return;
        if (n > 0 && month <= p->buy_month[n - 1]) {
            tci_ini_report(L, line, NULL,
                           "'buy_at' months must increase: month %d is not after month %d", month,
                           p->buy_month[n - 1]);
            return;
        }
        p->buy_month[n] = month;
        p->buy_count[n++] = count;
    }
    p->n_buys = n;
}

/* refresh_to and refresh_month (MODEL.md, Refresh): both or neither, a
 * month 1..H-1 after every purchase, or auto. */
static void read_refresh(loader *L, tco_plan *p, int pi)
{
    int line_m = key_at(L, SEC_PLAN, pi, "refresh_month");
    int line_c = key_at(L, SEC_PLAN, pi, "refresh_count");
    const int H = L->s->horizon_months;
    if (p->refresh_to && !p->own) {
        L->cur = 0;
        tci_ini_report(L, key_at(L, SEC_PLAN, pi, "refresh_to"), NULL,
                       "'refresh_to' needs 'own = OPTION': it replaces the owned GPUs");
        return;
    }
    if (!p->refresh_to) {
        if (line_m)
            tci_ini_report(L, key_at(L, SEC_PLAN, pi, "refresh_month"), NULL,
                           "'refresh_month' needs 'refresh_to = OPTION' (a buy option)");
        if (line_c)
            tci_ini_report(L, key_at(L, SEC_PLAN, pi, "refresh_count"), NULL,
                           "'refresh_count' needs 'refresh_to = OPTION' (a buy option)");
        return;
    }
    p->refresh_i = resolve_part(L, pi, "refresh_to", p->refresh_to, 0);
    if (!p->refresh_when) {
        tci_ini_report(L, key_at(L, SEC_PLAN, pi, "refresh_to"), NULL,
                       "'refresh_to' needs 'refresh_month' (a month from 1 to %d, or auto)", H - 1);
        p->refresh_i = -1;
        return;
    }
    int last = p->n_buys > 0 ? p->buy_month[p->n_buys - 1] : 0;
    double v = 0;
    line_m = key_at(L, SEC_PLAN, pi, "refresh_month");
    if (strcmp(p->refresh_when, "auto") == 0) {
        p->refresh_month = TCO_REFRESH_AUTO;
    } else if (!tci_ini_is_plain_number(p->refresh_when, 1) ||
               tci_ini_strtod(p->refresh_when, &v) != 0 || v < 1 || v > H - 1) {
        tci_ini_report(L, line_m, NULL,
                       "'refresh_month' must be a month from 1 to %d (the horizon less one), or "
                       "auto (got %s)",
                       H - 1, p->refresh_when);
        p->refresh_i = -1;
    } else if ((int)v <= last && p->n_buys > 0) {
        tci_ini_report(L, line_m, NULL,
                       "'refresh_month' %d is not after the last purchase of 'buy_at' (month %d)",
                       (int)v, last);
        p->refresh_i = -1;
    } else {
        p->refresh_month = (int)v;
    }
    if (p->refresh_month == TCO_REFRESH_AUTO && p->n_buys > 0 && last >= H - 1) {
        tci_ini_report(L, line_m, NULL,
                       "'refresh_month = auto' has no month to choose: the last purchase of "
                       "'buy_at' is at month %d, the horizon's last",
                       last);
        p->refresh_i = -1;
    }
}

/* See ini.h. */
void tci_ini_check_case_plans(loader *L, const tco_case *c)
{
    const tco_scenario *s = L->s;
    if (!s->demand || s->demand->ref < 0)
        return;
    const tco_option *ref = &s->options[s->demand->ref];
    if (tci_api_tokens_per_ref_hour(s) > 0)
        return;
    if (s->demand->tokens_per_month > 0) {
        /* MODEL.md, Demand in tokens: the tokens of a reference GPU-hour. */
        L->cur = 0;
        tci_ini_report(L, c->line, NULL,
                       "case '%s': [demand] 'tokens_per_month' needs a 'throughput', a "
                       "'scaling_efficiency' of the reference '%s' and [workload] "
                       "'tokens_per_request' above 0 to turn tokens into its GPU-hours",
                       c->name, s->demand->reference);
        return;
    }
    for (size_t i = 0; i < s->n_plans; i++) {
        const tco_plan *p = &s->plans[i];
        if (p->overflow_i < 0 || s->options[p->overflow_i].acquire != TCO_API)
            continue;
        /* MODEL.md, An API as a plan's overflow: at the case's key that
         * took the reference's tokens away. */
        tco_okey k = ref->throughput > 0 ? TCO_O_SCALING_EFFICIENCY : TCO_O_THROUGHPUT;
        L->cur = 0;
        int line = tci_ini_at_file(L, ref->key_file[k], ref->key_line[k]);
        tci_ini_report(L, line > 0 ? line : c->line, NULL,
                       "case '%s': the overflow '%s' of plan '%s' is an api option: the demand's "
                       "reference '%s' needs a 'throughput' (requests/s per GPU) and a "
                       "'scaling_efficiency' above 0 to turn its GPU-hours into tokens",
                       c->name, p->overflow, p->name, s->demand->reference);
        return;
    }
}

/* A plan's checks once its keys are read. */
static void check_plan(loader *L, tco_plan *p, int pi, int has_demand)
{
    L->cur = 0;
    int header = tci_ini_at_file(L, p->in_file, p->line);
    if (!has_demand)
        tci_ini_report(L, header, NULL,
                       "plan '%s' needs a [demand] section: the GPU-hours it serves", p->name);
    if (!p->own && !p->reserve && !p->overflow) {
        L->cur = 0;
        tci_ini_report(L, tci_ini_at_file(L, p->in_file, p->line), NULL,
                       "plan '%s' has no part: give own, reserve or overflow", p->name);
    }
    if (p->own)
        p->own_i = resolve_part(L, pi, "own", p->own, 0);
    if (p->reserve)
        p->reserve_i = resolve_part(L, pi, "reserve", p->reserve, 1);
    if (p->overflow)
        p->overflow_i = resolve_part(L, pi, "overflow", p->overflow, 2);
    int line;
    if (!p->own && (line = key_at(L, SEC_PLAN, pi, "own_count")) > 0)
        tci_ini_report(L, line, NULL, "'own_count' needs 'own = OPTION' (a buy option)");
    if (!p->reserve && (line = key_at(L, SEC_PLAN, pi, "reserve_count")) > 0)
        tci_ini_report(L, line, NULL,
                       "'reserve_count' needs 'reserve = OPTION' (a reserved rent option)");
    if (!p->own && (line = key_at(L, SEC_PLAN, pi, "spares")) > 0)
        tci_ini_report(L, line, NULL, "'spares' needs 'own = OPTION' (a buy option)");
    if (p->buy_at) {
        if (!p->own)
            tci_ini_report(L, key_at(L, SEC_PLAN, pi, "buy_at"), NULL,
                           "'buy_at' needs 'own = OPTION' (a buy option)");
        else if ((line = key_at(L, SEC_PLAN, pi, "own_count")) > 0)
            tci_ini_report(L, line, NULL,
                           "'own_count' with 'buy_at': give the owned GPUs by one or the other");
        else
            read_buy_at(L, p, pi);
    }
    read_refresh(L, p, pi);
}

/* See ini.h. */
void tci_ini_read_plans(loader *L)
{
    tco_scenario *s = L->s;
    const section *dsec = NULL;
    for (size_t i = 0; i < L->n_sections && !dsec; i++)
        if (L->sections[i].kind == SEC_DEMAND && L->sections[i].valid)
            dsec = &L->sections[i];
    if (!dsec && !s->n_plans)
        return;
    if (dsec) {
        s->demand = calloc(1, sizeof *s->demand);
        if (!s->demand) {
            L->nomem = 1;
            return;
        }
        tci_ini_apply_defaults(s->demand, tci_demand_key, TCI_D_COUNT);
        for (int m = 0; m < 12; m++)
            s->demand->season[m] = 1;
        s->demand->line = dsec->line;
        s->demand->in_file = s->files[dsec->file];
    }
    for (size_t i = 0; i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        const section *sec = &L->sections[e->section];
        if (sec->kind == SEC_DEMAND && s->demand)
            convert(L, e, s->demand, tci_demand_key, TCI_D_COUNT, "demand");
        else if (sec->kind == SEC_PLAN)
            convert(L, e, &s->plans[sec->index], tci_plan_key, TCI_P_COUNT, "plan NAME");
    }
    if (s->demand)
        check_demand(L, s->demand, dsec);
    for (size_t i = 0; i < s->n_plans; i++)
        check_plan(L, &s->plans[i], (int)i, s->demand != NULL);
    if (s->demand && !s->n_plans) {
        L->cur = dsec->file;
        tci_ini_report(L, dsec->line, NULL,
                       "[demand] is not used by any plan (add a [plan NAME] section)");
        tci_ini_as_warning(L);
    }
    L->cur = 0;
}

/* See ini.h. */
void tci_ini_check_case_demand(loader *L)
{
    const tco_scenario *s = L->s;
    if (!s->demand || !s->demand->file)
        return;
    for (size_t i = 0; i < s->n_cases; i++) {
        const tco_case *c = &s->cases[i];
        if (c->scenario && (size_t)c->scenario->horizon_months > s->demand->n_values) {
            L->cur = L->case_file ? L->case_file[i] : 0;
            tci_ini_report(L, c->line, NULL,
                           "case '%s' has a horizon of %d months; the demand file gives %zu "
                           "monthly values",
                           c->name, c->scenario->horizon_months, s->demand->n_values);
        }
    }
}

/* See ini.h. */
int tci_ini_section_key_at(loader *L, enum section_kind kind, int index, const char *name)
{
    return key_at(L, kind, index, name);
}

/* See ini.h. */
void tci_ini_convert_pair(loader *L, const entry *e, void *base, const tco_keydef *(*get)(int),
                          int n, const char *secname)
{
    convert(L, e, base, get, n, secname);
}
