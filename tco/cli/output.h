/* output.h - where the tool's outputs go, and its exit statuses.
 *
 * The bottom module of the tool: the command modules (main.c, compare.c)
 * call it, and it calls the library alone. */
#ifndef TCO_CLI_OUTPUT_H
#define TCO_CLI_OUTPUT_H

#include "tco.h"

/* Exit statuses of the tool (docs/tco.1, EXIT STATUS). */
enum {
    CLI_EXIT_OK = 0,      /* success */
    CLI_EXIT_RUNTIME = 1, /* an output cannot be written, out of memory */
    CLI_EXIT_USAGE = 2    /* bad usage or bad input */
};

/* Write with a stream writer to `path` atomically (tco_write_atomic), or to
 * standard output when path is NULL or "-". Returns an exit status:
 * CLI_EXIT_OK, or CLI_EXIT_RUNTIME when it cannot write (the reason is in
 * diags for a file, on standard error for standard output). */
int cli_emit(const char *path, tco_write_fn write, const void *arg, tco_diags *diags);

#endif /* TCO_CLI_OUTPUT_H */
