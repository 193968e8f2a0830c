/* output.c - where the tool's outputs go: a file written atomically by the
 * library, or standard output. */
#include "cli/output.h"
#include "tco.h"

#include <stdio.h>
#include <string.h>

/* See documentation in output.h. */
int cli_emit(const char *path, tco_write_fn write, const void *arg, tco_diags *d)
{
    if (path && strcmp(path, "-") != 0)
        return tco_write_atomic(path, write, arg, d) == TCO_OK ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
    tco_status st = write(stdout, arg);
    if (st == TCO_OK && fflush(stdout) != 0)
        st = TCO_ERR_IO;
    if (st != TCO_OK)
        fputs("tco: cannot write to standard output\n", stderr);
    return st == TCO_OK ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
}
