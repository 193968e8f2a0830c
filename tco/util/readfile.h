/* readfile.h - bounded reads of whole input files. */
#ifndef TCO_UTIL_READFILE_H
#define TCO_UTIL_READFILE_H

#include "tco.h"

#include <stdio.h>

/* Read the rest of f into a new buffer, with `extra` bytes to spare after the
 * data (for a terminator). The buffer grows as the data comes, so a small file
 * costs a small buffer. TCO_OK sets *buf and *size; TCO_ERR_LIMIT means f
 * holds more than `limit` bytes, TCO_ERR_IO a read error (errno says which),
 * TCO_ERR_NOMEM no memory; those leave *buf NULL. */
tco_status tci_read_all(FILE *f, size_t limit, size_t extra, char **buf, size_t *size);
/* Read the whole file at path, of at most TCO_MAX_FILE bytes, into *buf
 * (malloc'd, NUL-terminated after *size bytes). On failure *buf is NULL and
 * diags says why: cannot open, cannot read, too large, out of memory. */
tco_status tci_read_file(const char *path, char **buf, size_t *size, tco_diags *diags);

/* A loader's parse of one whole input: `size` bytes at text (followed by a
 * NUL when read from a file), named `name` in diagnostics; arg is the
 * loader's own. */
typedef tco_status (*tci_parse_fn)(const char *text, size_t size, const char *name, void *arg,
                                   tco_diags *diags);
/* A loader's file entry point: the file at path read (tci_read_file), then
 * parsed by parse. */
tco_status tci_parse_file(const char *path, tci_parse_fn parse, void *arg, tco_diags *diags);
/* A loader's string entry point: `size` bytes at text (which may be NULL
 * when size is 0), named `name` ("<string>" when NULL), parsed by parse;
 * but TCO_ERR_LIMIT, with "the KIND is N bytes; the limit is TCO_MAX_FILE"
 * in diags, when size is over that limit. */
tco_status tci_parse_string(const char *text, size_t size, const char *name, const char *kind,
                            tci_parse_fn parse, void *arg, tco_diags *diags);

#endif /* TCO_UTIL_READFILE_H */
