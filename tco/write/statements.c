/* statements.c - what the JSON and the CSV write of the statements by fiscal
 * year (docs/MODEL.md, "Statements by fiscal year") besides the figures: a
 * lease's standard and rate, and the row of an option's fiscal year. */
#include "write/statements.h"

#include <math.h>

/* See statements.h. */
const char *tci_stmt_standard(const tco_option *o)
{
    if (o->acquire != TCO_BUY || o->financing != TCO_FIN_LEASE)
        return NULL;
    return tco_option_key(TCO_O_LEASE_ACCOUNTING)->names[o->lease_accounting];
}

/* See statements.h. */
double tci_stmt_rate(const tco_statements *st, size_t i)
{
    return st->lease[i].source == TCO_LEASE_RATE_NONE ? NAN : st->lease[i].rate;
}

/* See statements.h. */
const double *tci_stmt_row(const tco_statements *st, size_t i, size_t y)
{
    return &st->value[(i * st->n_years + y) * TCO_STMT_COLS];
}

/* See statements.h. */
const double *tci_stmt_plan_row(const tco_statements *st, size_t i, size_t y)
{
    return &st->plan_value[(i * st->n_years + y) * TCO_STMT_COLS];
}
