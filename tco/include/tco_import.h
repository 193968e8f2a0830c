/*
 * tco_import.h - a workbook's Inputs read back into its scenario (`tco
 * import`): part of the public API, kept in its own file. tco.h includes it
 * at its end; include tco.h, not this file.
 */
#ifndef TCO_IMPORT_H
#define TCO_IMPORT_H

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Import: a workbook's Inputs back into its scenario ===== */

/* One value of the workbook's Inputs sheet that differs from the scenario's. */
typedef struct tco_import_change {
    char *key;        /* "site.electricity_price", "ID.gpu_price", "site NAME.pue", "fx.EUR",
                         "demand.growth", "[plan NAME] own_count" */
    char *section;    /* its INI section: "site", "option ID", "site NAME", "fx", "demand",
                         "plan NAME" */
    char *name;       /* its name in that section: "gpu_price", "EUR" */
    const char *file; /* the file of its line (one of the scenario's files) */
    int line;         /* its line; for a key not written (added), where it goes
                         (after tco_import_apply), else 0 */
    int added;        /* 1: the scenario does not write the key (tco_import_apply) */
    double old_value; /* the scenario's value in effect */
    double new_value; /* the workbook's */
    char *old_text;   /* a text key's (a choice, a name, a month): the scenario's
                         value in effect (NULL when not set), else NULL */
    char *new_text;   /* a text key's: the workbook's, else NULL (a number) */
    char cell[16];    /* its cell on the Inputs sheet ("C14") */
    int text_line;    /* its line in the text tco_import_apply made, else 0 */
} tco_import_change;

typedef struct tco_import {
    size_t n; /* changes, in the order of the Inputs sheet */
    tco_import_change *changes;
    char *place; /* where its cells are, for messages: "BOOK: Inputs" */
} tco_import;

/* Read the Inputs sheet of the workbook at `book`, written by tco (its marker,
 * the defined name TcoInputsLayout, says so), and compare each value with
 * scenario s's: numbers, choices (one of the key's values), yes/no, months
 * and names, the demand's (its seasonality as the one key) and the plans'
 * counts; a key that names a file, an option, a site or a catalog entry is
 * refused when changed, and so is any other row whose value is not the one
 * tco wrote (nothing is dropped silently). The workbook is untrusted: a zip bomb, an unsafe path, a
 * DOCTYPE, a formula or text in an input's cell, a value outside its key's
 * range are errors, "BOOK: Inputs!C14: error: ..." (docs/tco.1, IMPORT). */
tco_status tco_import_read(const char *book, const tco_scenario *s, tco_import **out,
                           tco_diags *diags);
void tco_import_free(tco_import *im);
/* Place the keys not written (file, line) and, when text is not NULL, make the
 * scenario file's new text (malloc'd, *size bytes): only the changed values'
 * text replaced, every other byte kept, a key not written added after the
 * last line of its section. A change in an included file, or to a section
 * only an included file has, is an error when text is asked for. */
tco_status tco_import_apply(tco_import *im, const tco_scenario *s, char **text, size_t *size,
                            tco_diags *diags);
/* Check the text tco_import_apply made for scenario s before it is written:
 * loaded in full as s's own file (its includes, catalogs and demand file
 * beside it; opts as s was loaded with), every rule of the loader applied. An
 * error at a changed key's line is "BOOK: Inputs!C14: error: MSG"; one
 * elsewhere names its line in the new text. TCO_OK when the text loads. */
tco_status tco_import_verify(const tco_import *im, const tco_scenario *s, const char *text,
                             size_t size, const tco_load_options *opts, tco_diags *diags);
/* The shortest decimal text of v that reads back (strtod) as the same double,
 * the one the JSON, CSV, Markdown and comparison writers write every number
 * with: the fewest significant digits that read back, of those the one
 * nearest v; laid out as ECMAScript's Number::toString (JSON.stringify) lays
 * it out: plain digits when 1e-7 <= |v| < 1e21 ("0.7", "100",
 * "123456789012345680", "0.000001"), else one digit, the rest after a point
 * and a signed exponent ("1e+21", "1e-7", "5e-324", "1.7976931348623157e+308").
 * The point is always '.', whatever the locale; -0 is "0"; NaN and the
 * infinities are "nan", "inf" and "-inf" (the JSON writer writes null for
 * them, the CSV writer an empty field). buf of 32 bytes or more holds any.
 * Returns buf. */
const char *tco_format_double(char *buf, size_t size, double v);

#ifdef __cplusplus
}
#endif

#endif /* TCO_IMPORT_H */
