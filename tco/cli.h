/* cli.h - pieces of the tco command-line tool. */
#ifndef TCO_CLI_H
#define TCO_CLI_H

#include "tco.h"

#include <stdio.h>

/* Print the comparison table: options ranked by total, key figures, break-even,
 * then the workload and the analyses. `color` adds terminal colours. */
void tco_cli_print_table(const tco_result *res, FILE *out, int color);

/* List a catalog's GPUs and offers as a table, as JSON or as CSV. */
void tco_cli_print_catalog(const tco_catalog *cat, FILE *out);
void tco_cli_print_catalog_json(const tco_catalog *cat, FILE *out);
void tco_cli_print_catalog_csv(const tco_catalog *cat, FILE *out);

/* Output formats of tco compare. */
enum { TCO_CLI_TABLE, TCO_CLI_JSON, TCO_CLI_XLSX };

/* Compare two computed scenarios: the inputs that differ and each option's
 * figures with their deltas, written to path (NULL or "-": standard output)
 * as a table, JSON or a workbook. Returns an exit status. */
int tco_cli_compare(const tco_result *a, const tco_result *b, int format, const char *path,
                    long long created, tco_diags *diags);

#endif /* TCO_CLI_H */
