/* outfile.h - atomic output: a temporary file beside the target, renamed over
 * it on commit, so that a reader sees the old file or the new one, never half.
 * A target that is a character device or a FIFO (/dev/null, /dev/stdout, a
 * named pipe) is written in place instead: a rename would replace it. */
#ifndef TCO_UTIL_OUTFILE_H
#define TCO_UTIL_OUTFILE_H

#include "tco.h"

#include <stdio.h>
#include <sys/types.h>

/* An output file being written: everything goes to a temporary file beside
 * the target, which replaces the target only on commit; or, for a device or
 * a FIFO, straight to the target (a reserved file then goes to a temporary
 * file in the temporary directory, copied to the target on commit). */
typedef struct tci_outfile {
    char *tmp;        /* temporary path, or NULL when writing in place */
    char *dest;       /* what is renamed over: the target, or the file a
                         symbolic link at the target leads to */
    const char *path; /* target path as given (borrowed), named in messages */
    FILE *fp;         /* open stream on tmp or the target, or NULL after reserve */
    int direct;       /* the target is a device or a FIFO: written in place */
    int existed;      /* a regular file was at dest: its mode and owner are kept */
    mode_t mode;      /* the existing file's permission bits */
    uid_t uid;        /* ... and its owner and group */
    gid_t gid;
} tci_outfile;

/* Create the temporary file and open it for writing (or open the device or
 * FIFO). */
tco_status tci_outfile_open(tci_outfile *f, const char *path, tco_diags *diags);
/* Create the temporary file and close it, for writers that open paths
 * themselves (libxlsxwriter); f->tmp names it. */
tco_status tci_outfile_reserve(tci_outfile *f, const char *path, tco_diags *diags);
/* Flush, sync and rename onto the target; a reserved file (fp NULL), which
 * another writer filled and closed, is opened by name and synced too (or, for
 * a device or a FIFO, copied to it). On failure the temporary file is removed,
 * the target is untouched and an error is added to diags. */
tco_status tci_outfile_commit(tci_outfile *f, tco_diags *diags);
/* Remove the temporary file; safe after a failed open or a commit. */
void tci_outfile_abort(tci_outfile *f);

/* tco_write_atomic (declared in tco.h) is the whole cycle for stream writers. */

#endif /* TCO_UTIL_OUTFILE_H */
