/* sensmodel.h - the Sensitivity sheet's model (sensmodel.c): for each driver and
 * option, the input at each end and the change in the option's total as formulas
 * over Inputs and the option's cash-flow sheet (docs/WORKBOOK.md, Sensitivity), so
 * the tornado follows an edit of Inputs. Not installed. */
#ifndef TCO_WRITE_XLSX_SENSMODEL_H
#define TCO_WRITE_XLSX_SENSMODEL_H

#include "write/xlsx/ctx.h"

#include <stddef.h>

/* A sensitivity driver (tco_sens_entry.driver) as the scenario defines it. */
typedef struct xw_sdrv {
    int global;      /* 1: a tco_skey; 0: a tco_okey */
    int key;         /* the key */
    int only_option; /* >= 0: an extra driver of one option's [sensitivity] range;
                        TCO_PARAM_DISCOUNT: the fraction of discount `key` */
    int site;        /* a global key of named site site - 1 (site.NAME.KEY), or 0 */
} xw_sdrv;

/* The driver named `name`: a standard driver (a key with a `driver` number), else
 * the [sensitivity] range of that name. 0 when there is none. */
int xw_sens_driver(const tco_scenario *s, const char *name, xw_sdrv *d);

/* The key row of driver d: a scenario's or an option's key, or a discount's
 * fraction (tci_discount_key). */
const tco_keydef *xw_sens_key(const xw_sdrv *d);

/* Whether option i's input at the ends of driver d is its live value swung by the
 * relative swing (1: the base value's reference in x0, the key's range in *lo and
 * *hi), or fixed: a [sensitivity] range's end, or no input (0). */
int xw_sens_swung(xw_ctx *c, size_t i, const xw_sdrv *d, char *x0, size_t size, double *lo,
                  double *hi);

/* The change in option i's total when driver d's input is the cell `in`, as an
 * expression in out: 1 when written, 0 when the driver leaves the total unchanged,
 * -1 when no formula gives it (the caller keeps the engine's value). */
int xw_sens_delta(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out, size_t size);

/* The change in option i's NPV when driver d's input is the cell `in`, as
 * xw_sens_delta: the change of the total with each month discounted, or for
 * the discount rate the net costs discounted again at `in`. */
int xw_sens_npv_delta(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out,
                      size_t size);

#endif /* TCO_WRITE_XLSX_SENSMODEL_H */
