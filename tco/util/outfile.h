/* outfile.h - atomic output: a temporary file beside the target, renamed over
 * it on commit, so that a reader sees the old file or the new one, never half. */
#ifndef TCO_UTIL_OUTFILE_H
#define TCO_UTIL_OUTFILE_H

#include "tco.h"

#include <stdio.h>

/* An output file being written atomically: everything goes to a temporary
 * file beside the target, which replaces the target only on commit. */
typedef struct tci_outfile {
    char *tmp;        /* temporary path, beside the target */
    const char *path; /* target path (borrowed) */
    FILE *fp;         /* open stream on tmp, or NULL after reserve */
} tci_outfile;

/* Create the temporary file and open it for writing. */
tco_status tci_outfile_open(tci_outfile *f, const char *path, tco_diags *diags);
/* Create the temporary file and close it, for writers that open paths
 * themselves (libxlsxwriter); f->tmp names it. */
tco_status tci_outfile_reserve(tci_outfile *f, const char *path, tco_diags *diags);
/* Flush, sync and rename onto the target; a reserved file (fp NULL), which
 * another writer filled and closed, is opened by name and synced too. On
 * failure the temporary file is removed, the target is untouched and an error
 * is added to diags. */
tco_status tci_outfile_commit(tci_outfile *f, tco_diags *diags);
/* Remove the temporary file; safe after a failed open or a commit. */
void tci_outfile_abort(tci_outfile *f);

/* tco_write_atomic (declared in tco.h) is the whole cycle for stream writers. */

#endif /* TCO_UTIL_OUTFILE_H */
