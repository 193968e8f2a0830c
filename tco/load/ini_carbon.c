/* ini_carbon.c - the loader's checks of [scenario] carbon_in_total (MODEL.md,
 * The carbon cost in the total): a carbon price to pay, every option's
 * emissions known (and so every plan's). */
#include "load/ini.h"

#include <math.h>

/* What option o lacks for its tCO2e to be known (MODEL.md, Carbon), in words,
 * or NULL when nothing. */
static const char *carbon_missing(const tco_scenario *s, const tco_option *o)
{
    if (o->acquire == TCO_API)
        return o->src[TCO_O_KGCO2E_PER_MILLION_TOKENS] ? NULL
                                                       : "it has no kgco2e_per_million_tokens";
    if (o->acquire == TCO_BUY) {
        if (isnan(tco_site_carbon(s, o, 0)) && isnan(tco_site_carbon(s, o, 1)))
            return "its site has no grid_kgco2e_per_kwh";
        return NULL;
    }
    return o->src[TCO_O_KGCO2E_PER_GPU_HOUR] ? NULL : "it has no kgco2e_per_gpu_hour";
}

/* See ini.h. */
void tci_ini_check_carbon_total(loader *L)
{
    tco_scenario *s = L->s;
    const int *kl = s->key_line;
    if (!s->carbon_in_total)
        return;
    const int at =
        tci_ini_at_file(L, s->key_file[TCO_S_CARBON_IN_TOTAL], kl[TCO_S_CARBON_IN_TOTAL]);
    if (!(s->carbon_price > 0)) {
        tci_ini_report(L, at, NULL,
                       "carbon_in_total = yes needs [scenario] carbon_price, the price of a "
                       "tonne of CO2e");
        return;
    }
    /* A plan's parts are options, so every plan's emissions are known once
     * every option's are (MODEL.md, A plan's carbon cost in its total). */
    for (size_t i = 0; i < s->n_options; i++) {
        const char *why = carbon_missing(s, &s->options[i]);
        if (why) {
            tci_ini_report(L, at, NULL,
                           "carbon_in_total = yes needs every option's emissions: option '%s' has "
                           "none (%s)",
                           s->options[i].id, why);
            return;
        }
    }
}
