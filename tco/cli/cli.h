/* cli.h - the modules of the tco command-line tool, a client of tco.h alone.
 *
 * Calls go one way: main.c (options, loading, the commands) calls table.c
 * (the report's table, the catalog listing) and compare.c (tco compare);
 * main.c and compare.c call output.c (cli_emit, output.h). */
#ifndef TCO_CLI_CLI_H
#define TCO_CLI_CLI_H

#include "tco.h"

#include <stdio.h>

/* Print the report as a table: options ranked by total, key figures,
 * break-even, then the workload and the analyses. `color` adds terminal
 * colours. */
void cli_print_table(const tco_result *res, FILE *out, int color);

/* The sentence under a table that shows a break-even as a word: what the
 * words mean (the report's and the comparison's tables). */
extern const char cli_breakeven_words[];

/* List a catalog (a tco_catalog) as a table, as JSON or as CSV; stream
 * writers for cli_emit. */
tco_status cli_print_catalog(FILE *out, const void *cat);
tco_status cli_print_catalog_json(FILE *out, const void *cat);
tco_status cli_print_catalog_csv(FILE *out, const void *cat);

/* Output formats of tco compare. */
enum { CLI_TABLE, CLI_JSON, CLI_XLSX, CLI_CSV, CLI_MD };

/* Compare two computed scenarios: the inputs that differ and each option's
 * figures with their deltas (tco_compare), written to path (NULL or "-":
 * standard output) as a table, JSON, a workbook, CSV or Markdown (format:
 * CLI_TABLE, CLI_JSON, CLI_XLSX, CLI_CSV or CLI_MD). Returns an exit status
 * (output.h). */
int cli_compare(const tco_result *a, const tco_result *b, int format, const char *path,
                long long created, tco_diags *diags);

#endif /* TCO_CLI_CLI_H */
