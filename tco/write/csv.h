/* csv.h - the one CSV field writer (csv.c), for the library's CSV outputs:
 * the report's, the catalog listing's and the comparison's. */
#ifndef TCO_WRITE_CSV_H
#define TCO_WRITE_CSV_H

#include "tco.h"

#include <stdio.h>

/* RFC 4180 ends every record with CRLF. */
#define TCI_CSV_EOL "\r\n"

/* A text field, quoted only when it must be, and guarded against formula
 * injection by its column: a leading = + - @ TAB or CR gets a single quote
 * and the field is quoted. NULL is an empty field. */
void tci_csv_text(FILE *out, const char *s);
/* A number field: the shortest text that reads back as x (tco_format_double),
 * unknown (NAN) empty, -0 as 0. */
void tci_csv_number(FILE *out, double x);

/* The CSV's statements table, after a blank line: the header option, year,
 * lease_accounting, lease_rate, lease_rate_source and the columns of
 * tco_stmt_col_name, one row per option and fiscal year (MODEL.md, Statements
 * by fiscal year). */
tco_status tci_csv_put_statements(FILE *out, const tco_result *res);

#endif /* TCO_WRITE_CSV_H */
