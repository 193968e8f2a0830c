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

/* Open the file at path to read it, refusing what is not a regular file
 * before any read: a FIFO or a terminal would block the read forever, a
 * device such as /dev/zero never ends, a directory cannot be read. The open
 * itself does not block (O_NONBLOCK, cleared again for the read). Returns
 * the stream, with the file's identity in *id; or NULL with the reason in
 * *why: strerror(errno) when it cannot be opened (*not_regular 0), or
 * "not a regular file (a FIFO)" and the like (*not_regular 1). */
FILE *tci_open_input(const char *path, tco_file_id *id, const char **why, int *not_regular);
/* Read the whole file at path (tci_open_input), of at most TCO_MAX_FILE
 * bytes, into *buf (malloc'd, NUL-terminated after *size bytes), with its
 * identity in *id. On failure *buf is NULL and diags says why: cannot open,
 * cannot read (also: not a regular file), too large, out of memory. */
tco_status tci_read_file(const char *path, char **buf, size_t *size, tco_file_id *id,
                         tco_diags *diags);
/* The same with a limit of its own, in bytes (a workbook's: xlsx_read.h). */
tco_status tci_read_file_limit(const char *path, size_t limit, char **buf, size_t *size,
                               tco_file_id *id, tco_diags *diags);

/* 1 when the two identities are of the same file. */
int tci_same_file(tco_file_id a, tco_file_id b);
/* When `path` names the same file (device and inode, so also through a hard
 * or a symbolic link) as one of the n files whose identities are ids and
 * names are names: that name; else NULL (also when nothing is at path). */
const char *tci_input_at(const char *path, char *const *names, const tco_file_id *ids, size_t n);

/* A loader's parse of one whole input: `size` bytes at text (followed by a
 * NUL when read from a file), named `name` in diagnostics, the file's
 * identity `id` (NULL for a string); arg is the loader's own. */
typedef tco_status (*tci_parse_fn)(const char *text, size_t size, const char *name,
                                   const tco_file_id *id, void *arg, tco_diags *diags);
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
