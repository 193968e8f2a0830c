/* fields.h - the figures of the Summary, in its order, which the Checks repeat
 * (fields.c): each one's JSON name, label, unit, the block it opens and the
 * engine's value. Not installed. */
#ifndef TCO_WRITE_XLSX_FIELDS_H
#define TCO_WRITE_XLSX_FIELDS_H

#include "write/xlsx/cell.h"

#include <stddef.h>

/* The figures, in the Summary's order. */
enum {
    XF_ID,
    XF_ACQUIRE,
    XF_COUNT,
    XF_UTIL,
    XF_CAPEX,
    XF_POWER,
    XF_COOLING,
    XF_FACILITY,
    XF_MAINT,
    XF_STAFF,
    XF_RENTAL,
    XF_RESIDUAL,
    XF_TOTAL,
    XF_NPV,
    XF_GPUH,
    XF_CPGH,
    XF_CPPH,
    XF_CPU,
    XF_UPSKW,
    XF_ITKW,
    XF_PROVKW,
    XF_DEP,
    XF_BV,
    XF_BEM,
    XF_BEU,
    XF_RANK,
    XF_N
};

/* One figure. */
typedef struct xw_field {
    const char *key;   /* JSON field name */
    const char *lkey;  /* its label's key */
    const char *label; /* {unit} is the unit of work where present */
    xw_numfmt nf;
    const char *group; /* key of the heading of the block this field opens, or NULL */
    size_t off;        /* the engine's double in tco_option_result, or (size_t)-1 */
} xw_field;


extern const xw_field xw_fields[XF_N];

/* A field's unit (empty when it has none), in buf. */
void xw_field_unit(xw_ctx *c, int fi, char *buf, size_t size);
/* A field's label: the template's, else the built-in one, in buf. */
void xw_field_label(xw_ctx *c, int fi, char *buf, size_t size);
/* A block heading by key (xw_fields[].group). */
const char *xw_group_label(xw_ctx *c, const char *key);
/* The engine's value of a field for option i: a number, or NAN with *text set. */
double xw_field_value(const tco_result *r, size_t i, int fi, const char **text);
/* Whether a field exists for option i (else the Summary shows a dash). */
int xw_field_applies(const xw_ctx *c, size_t i, int fi);

#endif /* TCO_WRITE_XLSX_FIELDS_H */
