/* ini_site.c - named sites (MODEL.md, Sites): the [site NAME] headers,
 * their keys' values, each buy option's `site =` resolved to its site, and
 * the warning for a site no option uses. */
#include "load/ini.h"
#include "util/suggest.h"

#include <ctype.h>
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
    if (j < 0 || j >= TCO_SITE_KEYS)
        return 0;
    /* The value is read as [site]'s would be, into a scenario of its own. */
    tco_scenario tmp;
    memset(&tmp, 0, sizeof tmp);
    if (!tci_ini_set_value(L, &tmp, k, v, line))
        return 0;
    t->value[j] = *(const double *)((const char *)&tmp + k->offset);
    t->src[j] = TCO_SRC_INI;
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
