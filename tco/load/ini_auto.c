/* ini_auto.c - `count = auto`: options sized to the [workload] (MODEL.md,
 * Feasibility) once the catalogs have filled their keys, in the base scenario
 * and again in each case, whose keys may change the workload. */
#include "load/ini.h"
#include "core/core.h"

#include <math.h>

/* See ini.h. */
void tci_ini_size_auto(loader *L)
{
    tco_scenario *s = L->s;
    const double most = tci_ini_okey(TCO_O_COUNT_GPUS)->hi;
    for (size_t i = 0; i < s->n_options; i++) {
        tco_option *o = &s->options[i];
        if (!o->count_auto || (L->base_failed && L->base_failed[i]))
            continue;
        double n;
        tci_auto_status st = tci_auto_count(s, o, &n);
        if (st == TCI_AUTO_OK) {
            o->count = (int)n;
            o->src[TCO_O_COUNT_GPUS] = TCO_SRC_DERIVED;
            continue;
        }
        int line = tci_ini_at_file(L, o->key_file[TCO_O_COUNT_GPUS], o->key_line[TCO_O_COUNT_GPUS]);
        switch (st) {
        case TCI_AUTO_NO_WORKLOAD:
            tci_ini_report(L, line, NULL,
                           "option '%s': 'count = auto' sizes the option to the [workload], "
                           "which sizes no model: set [workload] model_params, or give a count",
                           o->id);
            break;
        case TCI_AUTO_NO_MEMORY:
            tci_ini_report(L, line, NULL,
                           "option '%s': 'count = auto' needs the option's memory_gb (or a "
                           "catalog gpu that gives it) to size it to the model",
                           o->id);
            break;
        case TCI_AUTO_NO_THROUGHPUT:
            tci_ini_report(L, line, NULL,
                           "option '%s': 'count = auto' needs the option's throughput to size it "
                           "to requests_per_s",
                           o->id);
            break;
        default:
            if (isfinite(n))
                tci_ini_report(L, line, NULL,
                               "option '%s': 'count = auto' needs %.15g GPUs, more than a count "
                               "may be (%.15g)",
                               o->id, n, most);
            else
                tci_ini_report(L, line, NULL,
                               "option '%s': 'count = auto' cannot size the option: its "
                               "memory_gb of %g GB is too small to count the GPUs that hold "
                               "the model",
                               o->id, o->memory_gb);
            break;
        }
    }
}
