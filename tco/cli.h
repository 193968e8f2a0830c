/* cli.h - pieces of the tco command-line tool. */
#ifndef TCO_CLI_H
#define TCO_CLI_H

#include "tco.h"

#include <stdio.h>

/* Print the comparison table: options ranked by total, key figures, break-even. */
void tco_cli_print_table(const tco_result *res, FILE *out);

#endif /* TCO_CLI_H */
