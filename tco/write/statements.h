/* statements.h - the statements by fiscal year (docs/MODEL.md, Statements by
 * fiscal year): what the JSON (json.c) and the CSV (csv.c) write besides the
 * figures. */
#ifndef TCO_WRITE_STATEMENTS_H
#define TCO_WRITE_STATEMENTS_H

#include "tco.h"

#include <stddef.h>

/* The name of option o's lease_accounting, or NULL when it is not leased. */
const char *tci_stmt_standard(const tco_option *o);

/* A leased option i's annual rate in st, NAN otherwise (null, an empty field). */
double tci_stmt_rate(const tco_statements *st, size_t i);

/* The TCO_STMT_COLS figures of option i's fiscal year y in st. */
const double *tci_stmt_row(const tco_statements *st, size_t i, size_t y);

/* The TCO_STMT_COLS figures of plan i's fiscal year y in st (MODEL.md, A
 * plan's statements). */
const double *tci_stmt_plan_row(const tco_statements *st, size_t i, size_t y);

#endif /* TCO_WRITE_STATEMENTS_H */
