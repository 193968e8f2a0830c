/* inputs.h - what the Inputs sheet's modules share: a value's source, its
 * validation, its hidden copy as computed and its defined name (inputcell.c),
 * and the demand's and plans' blocks (inputplan.c), which inputs.c calls. */
#ifndef TCO_WRITE_XLSX_INPUTS_H
#define TCO_WRITE_XLSX_INPUTS_H

#include "write/xlsx/ctx.h"

/* Inputs' hidden columns beside each value (WORKBOOK.md, Inputs as computed). */
#define IN_COL_ASIS    5  /* F: column C as computed */
#define IN_COL_ASIS_D  6  /* G: column D as computed (the MACRS table) */
#define IN_COL_CHANGED 7  /* H: 1 when the row was changed */
#define IN_COL_LAYOUT  8  /* I: the layout's marker, in the headings' row */
#define IN_COL_SECTION 9  /* J: an option's row, its section ("[option ID]") */
#define IN_COL_LINK    10 /* K: an option's row that links to its base's, the base's section */
#define IN_COL_WRITTEN 11 /* L: a converted value as written, which its formula reads */

/* The source of a value read from the scenario, into buf: `FILE:LINE` (file
 * the key's own, NULL for the scenario's), `default`, `derived`, `catalog`. */
void xw_in_source(xw_ctx *c, char *buf, size_t size, unsigned char src, const char *file, int line);
/* A data validation of the value cell of `row`: a number from lo to hi (a whole
 * one when `whole`), with an input message and an error message naming `name`. */
void xw_in_validate(xw_ctx *c, lxw_worksheet *ws, int row, const char *name, double lo, double hi,
                    int whole);
/* Row `row`'s hidden copy of its number v as computed (column F) and its
 * Changed flag (H): equal exactly, or within CheckTolerance for a formula. */
void xw_in_asis_num(xw_ctx *c, int row, double v, int formula);
/* Row `row`'s Changed flag (H): `=IF(test,0,1)`, cached 0. */
void xw_in_changed(xw_ctx *c, int row, const char *test);
/* Row `row`'s hidden copy of its text as computed (F) and its Changed flag. */
void xw_in_asis_text(xw_ctx *c, int row, const char *text);
/* A defined name for cell (row, col) of Inputs. */
void xw_in_name(xw_ctx *c, const char *name, int row, int col);
/* The workbook's constants (MonthsPerYear, WattsPerKilowatt ...; inconst.c),
 * one fixed cell and defined name each, from `row`. Returns the next row. */
int xw_in_constants(xw_ctx *c, int row);
/* The defined name of the constant that holds kd's limit v (MoneyCeiling,
 * PueCeiling), which the Sensitivity's swung inputs are kept within; NULL
 * when none does (a limit of 0 or 1 is written as it is). */
const char *xw_in_limit(const tco_keydef *kd, double v);
/* The demand's block (MODEL.md, Demand) from `row`: the reference option,
 * month 1's demand, the growth and the 12 seasonality factors, or the demand
 * file's values over the horizon. Returns the next row. */
int xw_in_demand(xw_ctx *c, int row);
/* Each plan's block (MODEL.md, Plans) from `row`: Plan{n}_OwnCount (or its
 * staged purchases), Plan{n}_Spares, the refresh and Plan{n}_ReserveCount, for
 * the parts it has. Returns the next row. */
int xw_in_plans(xw_ctx *c, int row);

/* The MACRS tables from `row` (inmacrs.c), their first rows in c->in_macrs,
 * in_macrs_q4 and in_macrs_at; returns the next row. */
int xw_in_macrs(xw_ctx *c, int row);

#endif /* TCO_WRITE_XLSX_INPUTS_H */
