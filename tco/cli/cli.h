/* cli.h - pieces of the tco command-line tool. */
#ifndef TCO_CLI_CLI_H
#define TCO_CLI_CLI_H

#include "util/outfile.h"

#include <stdio.h>

/* Print the comparison table: options ranked by total, key figures, break-even,
 * then the workload and the analyses. `color` adds terminal colours. */
void cli_print_table(const tco_result *res, FILE *out, int color);

/* List a catalog (a tco_catalog) as a table, as JSON or as CSV; stream
 * writers for cli_emit. */
tco_status cli_print_catalog(FILE *out, const void *cat);
tco_status cli_print_catalog_json(FILE *out, const void *cat);
tco_status cli_print_catalog_csv(FILE *out, const void *cat);

/* Write with a stream writer to `path` atomically, or to standard output when
 * path is NULL or "-". Returns an exit status: 0, or 1 when it cannot write. */
int cli_emit(const char *path, tco_write_fn write, const void *arg, tco_diags *diags);

/* Output formats of tco compare. */
enum { CLI_TABLE, CLI_JSON, CLI_XLSX };

/* Compare two computed scenarios: the inputs that differ and each option's
 * figures with their deltas, written to path (NULL or "-": standard output)
 * as a table, JSON or a workbook. Returns an exit status. */
int cli_compare(const tco_result *a, const tco_result *b, int format, const char *path,
                    long long created, tco_diags *diags);

#endif /* TCO_CLI_CLI_H */
