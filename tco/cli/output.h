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
    CLI_EXIT_USAGE = 2,   /* bad usage or bad input */
    CLI_EXIT_ABOVE = 3    /* compare --fail-above: an option's total rose past the limit */
};

/* Before anything is written: SIGXFSZ is ignored, so that a write past the
 * file size limit (ulimit -f) fails with EFBIG and is reported ("cannot
 * write: File too large") and the temporary file removed, instead of the
 * process being killed with the temporary file left behind. */
void cli_output_start(void);

/* The end of every command: standard output is flushed and closed. When
 * anything printed there was lost (a full disk, a closed pipe, a closed
 * descriptor), "tco: error: cannot write to standard output: REASON" goes to
 * standard error (once) and a successful `rc` becomes CLI_EXIT_RUNTIME.
 * Returns the exit status. */
int cli_output_end(int rc);

/* Write with a stream writer to `path` atomically (tco_write_atomic), or to
 * standard output when path is NULL or "-", or leads to the regular file that
 * standard output is (`-o /dev/stdout >> log` appends). Returns an exit status:
 * CLI_EXIT_OK, or CLI_EXIT_RUNTIME when it cannot write (the reason is in
 * diags for a file, on standard error for standard output). */
int cli_emit(const char *path, tco_write_fn write, const void *arg, tco_diags *diags);

/* A workbook writer for cli_emit_book: the library's workbook of `arg`
 * written to the file `path`, errors about it in diags. */
typedef tco_status (*cli_book_fn)(const char *path, const void *arg, tco_diags *diags);

/* Write a workbook to `path` (not "-"): `write` runs in a child process and
 * writes it into a private directory in $TMPDIR (or /tmp); the bytes are then
 * copied to `path` with tco_write_atomic. libxlsxwriter does not survive every
 * failed allocation (under an address-space limit it can crash) and does not
 * check its writes to its own temporary files: in the child, a crash or
 * SIGXFSZ (the file size limit, left at its default there so that no sheet is
 * cut short silently) ends the writer alone, and is reported as "PATH: error:
 * the workbook writer failed (killed by signal N: NAME)" or "PATH: error:
 * cannot write: File too large", with nothing left behind. The child's
 * messages come back into diags. Returns an exit status. */
int cli_emit_book(const char *path, cli_book_fn write, const void *arg, tco_diags *diags);

#endif /* TCO_CLI_OUTPUT_H */
