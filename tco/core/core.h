/* core.h - what the core's modules and the loaders share inside the library:
 * copies of a scenario, the place of a key's value and of a parameter, the
 * catalog's entries, the engine's totals alone. */
#ifndef TCO_CORE_CORE_H
#define TCO_CORE_CORE_H

#include "tco.h"

/* A deep copy of a scenario without its ranges, cases and distributions. */
tco_scenario *tci_scenario_clone(const tco_scenario *s);

/* Where key k's value lives in base (a tco_scenario or a tco_option, by the
 * key's table). */
void *tci_key_field(void *base, const tco_keydef *k);

/* Where a numeric parameter lives in s, or NULL when the key is not a number. */
double *tci_param_ptr(tco_scenario *s, tco_param p);

/* Free the strings of one catalog entry (not the entry itself). */
void tci_catalog_gpu_clear(tco_gpu_model *g);
void tci_catalog_offer_clear(tco_offer *o);

/* Total and NPV (npv may be NULL) of every option, without months. */
void tci_engine_totals(const tco_scenario *s, double *total, double *npv);

#endif /* TCO_CORE_CORE_H */
