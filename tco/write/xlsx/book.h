/* book.h - an xlsx file written atomically (book.c): the one way the library's
 * workbooks, the report's and the comparison's, are opened on a temporary file
 * beside the target and then put in place, synced and renamed, or removed. */
#ifndef TCO_WRITE_XLSX_BOOK_H
#define TCO_WRITE_XLSX_BOOK_H

#include "tco.h"
#include "util/outfile.h"

#include <xlsxwriter.h>

/* A workbook being written to the temporary file of its target. */
typedef struct xw_book {
    tci_outfile out;  /* the temporary file and the target */
    lxw_workbook *wb; /* the workbook, until xw_book_close */
} xw_book;

/* Reserve the temporary file beside `path` (for a device or a FIFO, in the
 * temporary directory: it is copied there on commit; see tci_outfile_reserve)
 * and start a workbook on it; with
 * `constant_memory`, each row is written out when the next one starts (every
 * sheet must then be written top to bottom). On failure nothing is left behind
 * and diags says why. */
tco_status xw_book_open(xw_book *b, const char *path, int constant_memory, tco_diags *diags);

/* Close the workbook: libxlsxwriter writes the file and frees the workbook.
 * Returns libxlsxwriter's error, or LXW_NO_ERROR. */
lxw_error xw_book_close(xw_book *b);

/* When `ok`, sync the file and rename it onto the target, or copy it to the
 * device or FIFO (a failure there is
 * reported in diags); otherwise remove it. The target is untouched on failure. */
tco_status xw_book_commit(xw_book *b, int ok, tco_diags *diags);

#endif /* TCO_WRITE_XLSX_BOOK_H */
