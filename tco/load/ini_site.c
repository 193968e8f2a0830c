/* ini_site.c - named sites (MODEL.md, Sites): the [site NAME] headers,
 * their keys' values, each buy option's `site =` resolved to its site, the
 * warning for a site no option uses, and a site's own currency: the money
 * keys written in its section and in its options' sections converted by
 * [fx]. */
#include "load/ini.h"
#include "core/core.h"
#include "util/currency.h"
#include "util/suggest.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sites' list, for its checks. */
static const tci_ini_named site_list = {"site",
                                        sizeof(tco_site),
                                        offsetof(tco_site, name),
                                        offsetof(tco_site, line),
                                        offsetof(tco_site, file),
                                        TCO_MAX_SITES};

/* See ini.h. */
int tci_ini_begin_site(loader *L, const char *name, size_t len, int line)
{
    tco_scenario *sc = L->s;
    void *items = sc->sites;
    tco_site *t = tci_ini_named_add(L, &site_list, &items, &sc->n_sites, name, len, line);
    sc->sites = items;
    return t ? (int)(t - sc->sites) : -1;
}

/* See ini.h. */
int tci_ini_set_site_value(loader *L, tco_site *t, int key, const char *v, int line,
                           const char *file)
{
    const tco_keydef *k = tci_ini_skey(key);
    int j = key - TCO_SITE_KEY_FIRST;
    int own = key == TCO_S_POWER_CAP_KW; /* the site's own: never [site]'s */
    int co2 = key == TCO_S_GRID_KGCO2E_PER_KWH     ? 0
              : key == TCO_S_MARKET_KGCO2E_PER_KWH ? 1
                                                   : -1; /* MODEL.md, Carbon */
    if (!own && co2 < 0 && (j < 0 || j >= TCO_SITE_KEYS))
        return 0;
    /* The value is read as [site]'s would be, into a scenario of its own. */
    tco_scenario tmp;
    memset(&tmp, 0, sizeof tmp);
    if (!tci_ini_set_value(L, &tmp, k, v, line))
        return 0;
    if (co2 >= 0) {
        t->carbon[co2] = *(const double *)((const char *)&tmp + k->offset);
        t->carbon_line[co2] = line;
        t->carbon_file[co2] = file;
        return 1;
    }
    if (own) {
        t->power_cap_kw = tmp.power_cap_kw;
        t->power_cap_line = line;
        t->power_cap_file = file;
        return 1;
    }
    t->value[j] = *(const double *)((const char *)&tmp + k->offset);
    t->src[j] = TCO_SRC_INI;
    t->key_fx[j] = 0; /* in the scenario's currency until read as the site's */
    t->key_line[j] = line;
    t->key_file[j] = file;
    return 1;
}

/* See ini.h. */
void tci_ini_resolve_site(loader *L, tco_option *o)
{
    o->site_no = 0;
    if (!o->site || !o->key_line[TCO_O_SITE] || o->acquire != TCO_BUY)
        return;
    const tco_scenario *s = L->s;
    int i = tco_site_find(s, o->site);
    if (i >= 0) {
        o->site_no = i + 1;
        return;
    }
    tci_suggest sg;
    tci_suggest_init(&sg, o->site, &L->suggest_budget);
    for (size_t k = 0; k < s->n_sites && !tci_suggest_consider(&sg, s->sites[k].name); k++)
        ;
    int line = tci_ini_at_file(L, o->key_file[TCO_O_SITE], o->key_line[TCO_O_SITE]);
    if (sg.best)
        tci_ini_report(L, line, NULL,
                       "unknown site '%s' (no [site %s] section); did you mean '%s'?", o->site,
                       o->site, sg.best);
    else
        tci_ini_report(L, line, NULL, "unknown site '%s' (no [site %s] section)", o->site, o->site);
}

/* See ini.h. */
int tci_ini_needs_site_price(const tco_scenario *s, const tco_option *o)
{
    if (o->site_no > 0 && (size_t)o->site_no <= s->n_sites)
        return !s->sites[o->site_no - 1].src[TCO_S_ELECTRICITY_PRICE - TCO_SITE_KEY_FIRST];
    return 1;
}

/* See ini.h. */
void tci_ini_warn_unused_sites(loader *L)
{
    const tco_scenario *s = L->s;
    for (size_t i = 0; i < s->n_sites; i++) {
        size_t k = 0;
        while (k < s->n_options && s->options[k].site_no != (int)i + 1)
            k++;
        if (k < s->n_options)
            continue;
        const tco_site *t = &s->sites[i];
        tci_ini_report(L, tci_ini_at_file(L, t->file, t->line), NULL,
                       "site '%s' is not used by any option (give a buy option site = %s)", t->name,
                       t->name);
        tci_ini_as_warning(L);
    }
}

/* ===== A site's currency ===== */

/* See ini.h. */
int tci_ini_site_currency_wanted(loader *L, int si, int line)
{
    if (L->sections[si].kind == SEC_SITE) {
        tci_ini_report(L, line, NULL,
                       "[site] is in the scenario's currency ([scenario] currency); a named "
                       "site ([site NAME]) may give its own");
        return 0;
    }
    for (size_t i = 0; i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        if (e->section == si && e->key < 0 && e->file == L->cur) {
            tci_ini_report(L, line, NULL, "duplicate key 'currency' (first at line %d)", e->line);
            return 0;
        }
    }
    return 1;
}

/* Named site t's currency, the value of entry e: checked, and its rate in
 * [fx] found (t->fx), or reported at the entry's line. */
static void read_currency(loader *L, tco_site *t, const entry *e)
{
    const tco_scenario *s = L->s;
    t->currency_line = e->line;
    if (!tci_currency_known(e->value)) {
        const char *meant = tci_currency_suggest(e->value);
        if (meant)
            tci_ini_report(L, e->line, NULL,
                           "'%s' is not an ISO 4217 currency code; did you mean %s?", e->value,
                           meant);
        else
            tci_ini_report(L, e->line, NULL,
                           "'%s' is not an ISO 4217 currency code such as USD, EUR or CNY",
                           e->value);
        return;
    }
    snprintf(t->currency, sizeof t->currency, "%s", e->value);
    if (strcmp(t->currency, s->currency) == 0)
        return; /* the scenario's own: nothing to convert */
    int r = tci_ini_fx_find(s, t->currency);
    if (r < 0) {
        tci_ini_report(L, e->line, NULL,
                       "site '%s' is in %s, and [fx] gives no rate for %s: add '%s = RATE' to "
                       "[fx] (units of %s per one %s)",
                       t->name, t->currency, t->currency, t->currency, t->currency, s->currency);
        return;
    }
    if (!isnan(s->fx[r].rate)) /* not a rate (reported): the load fails there */
        t->fx = r + 1;
}

/* Value *v of a money key, written in the currency of rate fx: kept as
 * written, converted in place. */
static void convert(const tco_scenario *s, int fx, double *v, unsigned short *key_fx,
                    double *written)
{
    *key_fx = (unsigned short)fx;
    *written = *v;
    *v = tci_fx_convert(s, fx, *v);
}

/* See ini.h. */
void tci_ini_site_currency(loader *L)
{
    tco_scenario *s = L->s;
    for (size_t i = 0; i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        const section *sec = &L->sections[e->section];
        if (sec->kind != SEC_SITE_AT || e->key >= 0 || sec->index < 0)
            continue;
        L->cur = e->file;
        read_currency(L, &s->sites[sec->index], e);
    }
    L->cur = 0;
    /* A site's own values (a value it takes from [site] is [site]'s). */
    for (size_t i = 0; i < s->n_sites; i++) {
        tco_site *t = &s->sites[i];
        for (int j = 0; j < TCO_SITE_KEYS && t->fx; j++)
            if (t->src[j] == TCO_SRC_INI &&
                tco_scenario_key((tco_skey)(TCO_SITE_KEY_FIRST + j))->unit == TCO_U_MONEY)
                convert(s, t->fx, &t->value[j], &t->key_fx[j], &t->key_written[j]);
    }
    /* The options' values, in the currency of the section that writes each. */
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        for (int k = 0; k < TCO_O_COUNT; k++) {
            const tco_keydef *kd = tco_option_key((tco_okey)k);
            if (o->src[k] != TCO_SRC_INI || kd->unit != TCO_U_MONEY || kd->type != TCO_T_NUMBER)
                continue;
            const tco_option *w = tci_option_writer(s, o, k);
            int site = w->acquire == TCO_BUY && w->site ? tco_site_find(s, w->site) : -1;
            if (site >= 0 && s->sites[site].fx)
                convert(s, s->sites[site].fx, (double *)tci_key_field(o, kd), &o->key_fx[k],
                        &o->key_written[k]);
        }
    }
}
