/* ini_complete.c - the warning of an option that leaves out a cost: each key
 * tco_option_missing names, with its typical size where the catalog knows it
 * (docs/MODEL.md, Completeness). */
#include "load/ini.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* What the warning says of each key left out, after "no KEY". */
static const struct {
    int okey, skey;
    const char *plain; /* without a typical size */
} phrases[] = {
    {TCO_O_SERVER_PRICE, -1, ""},
    {TCO_O_SERVER_POWER_W, -1, ""},
    {-1, TCO_S_COLO_PER_KW_MONTH, " (no colocation paid)"},
    {TCO_O_UTILIZATION, -1, " (100% assumed)"},
};

/* " (a server of 8 NVIDIA H100 SXM5 80GB is typically 153,600-204,800 without
 * its GPUs)" or " (typically 4,600 W besides its GPUs)" for key m of o, or the
 * plain phrase, into buf. */
static void phrase(char *buf, size_t size, const tco_option *o, const tco_missing *m)
{
    char lo[TCO_NUMTEXT_MAX], hi[TCO_NUMTEXT_MAX];
    buf[0] = '\0';
    if (!isnan(m->low)) {
        tco_group_thousands(lo, sizeof lo, m->low, 0);
        tco_group_thousands(hi, sizeof hi, m->high, 0);
        if (m->okey == TCO_O_SERVER_PRICE)
            snprintf(buf, size, " (a server of %d %s is typically %s%s%s without its GPUs)",
                     o->gpus_per_server, o->model->name, lo, strcmp(lo, hi) ? "-" : "",
                     strcmp(lo, hi) ? hi : "");
        else
            snprintf(buf, size, " (typically %s W besides its GPUs)", lo);
        return;
    }
    for (size_t i = 0; i < sizeof phrases / sizeof *phrases; i++)
        if (phrases[i].okey == m->okey && phrases[i].skey == m->skey)
            snprintf(buf, size, "%s", phrases[i].plain);
}

/* See ini.h. */
void tci_ini_warn_incomplete(loader *L)
{
    const tco_scenario *s = L->s;
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        tco_missing miss[TCO_MISSING_MAX];
        size_t n = tco_option_missing(s, o, miss);
        if (!n)
            continue;
        char text[6000] = "", part[1400];
        for (size_t k = 0; k < n; k++) {
            char what[1200];
            phrase(what, sizeof what, o, &miss[k]);
            snprintf(part, sizeof part, "%sno %s%s", k ? ", " : "", tco_missing_key(&miss[k]),
                     what);
            strncat(text, part, sizeof text - strlen(text) - 1);
        }
        L->cur = L->opt_file[i];
        tci_ini_report(L, o->line, NULL, "option '%s' is incomplete: %s: %s", o->id, text,
                       o->acquire == TCO_BUY ? "buying is understated" : "renting is overstated");
        tci_ini_as_warning(L);
    }
}
