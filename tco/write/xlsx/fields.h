/* fields.h - the workbook's view of the result field table (core/fields.h): the
 * fields the Summary shows, in the table's order, which the Checks repeat, with
 * the number format, unit, label and block heading each shows and the engine's
 * value (fields.c). A field is named by its tci_field_id. Not installed. */
#ifndef TCO_WRITE_XLSX_FIELDS_H
#define TCO_WRITE_XLSX_FIELDS_H

#include "core/fields.h"
#include "write/xlsx/cell.h"

#include <stddef.h>

/* 1 when the Summary shows field fi (a row of its own). */
int xw_field_shown(const xw_ctx *c, int fi);
/* 1 when the Checks compare field fi: the Summary's numeric fields. */
int xw_field_checked(const xw_ctx *c, int fi);
/* The number format of field fi's figures, by its unit. */
xw_numfmt xw_field_numfmt(int fi);
/* Field fi's unit, as the Summary's Unit column shows it (empty when it has
 * none), in buf. */
void xw_field_unit(xw_ctx *c, int fi, char *buf, size_t size);
/* Field fi's label: the template's, else the table's English, in buf. */
void xw_field_label(xw_ctx *c, int fi, char *buf, size_t size);
/* The heading of the block field fi opens (the table's group_key), or NULL. */
const char *xw_group_label(xw_ctx *c, int fi);
/* The engine's value of field fi for option i: a number (text empty), or NAN
 * with the text that stands for it in text (a break-even that does not happen:
 * its word, xw_be_word; else the n/a word, xw_na_word). */
double xw_field_value(xw_ctx *c, size_t i, int fi, char *text, size_t size);
/* The Summary's fields that add up to an option's total (its cost breakdown,
 * the table's rows and the chart's series): capex, the cost lines, a loan's
 * interest, a lease's payments and buyout, the commitment past the horizon,
 * the residual (negative) and, with with_tax, the tax (then they add up to the
 * total after tax). A loan's principal and balance repay what it lent, which
 * capex holds, so they are not among them. The fields shown, in fi (at most
 * max); returns how many. */
size_t xw_breakdown_fields(const xw_ctx *c, int with_tax, int *fi, size_t max);
/* The sign the workbook shows field fi's engine value with (WORKBOOK.md,
 * Conventions: costs and outflows positive, receipts negative): -1 for the
 * receipts the engine keeps as positive amounts (the residual, a loan's
 * proceeds), else 1. xw_field_value applies it. */
double xw_field_sign(int fi);
/* Whether field fi exists for option i (else the Summary shows a dash). */
int xw_field_applies(const xw_ctx *c, size_t i, int fi);

#endif /* TCO_WRITE_XLSX_FIELDS_H */
