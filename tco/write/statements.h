/* statements.h - the statements by fiscal year (docs/MODEL.md, Statements by
 * fiscal year) as the JSON, the CSV and the Markdown write them. */
#ifndef TCO_WRITE_STATEMENTS_H
#define TCO_WRITE_STATEMENTS_H

#include "tco.h"

#include <stdio.h>

/* The JSON's `statements` member, after `fiscal_years`: `,\n  "statements":
 * [...]`, one object per option and fiscal year. */
tco_status tci_json_put_statements(FILE *out, const tco_result *res);

/* The CSV's statements table, after a blank line: the header option, year,
 * lease_accounting, lease_rate, lease_rate_source and the columns of
 * tco_stmt_col_name, one row per option and fiscal year. */
tco_status tci_csv_put_statements(FILE *out, const tco_result *res);

#endif /* TCO_WRITE_STATEMENTS_H */
