/* csvread.h - the library's one CSV reader (RFC 4180), for the public price
 * lists `tco catalog import` reads (docs/CATALOG.md, Refreshing prices).
 *
 * A record is a line of fields separated by commas, ended by CRLF or LF (the
 * last record may lack its end). A field that begins with a double quote is
 * quoted: it runs to the next quote that is not doubled, may hold commas, CR
 * and LF, and "" stands for one quote; after its closing quote comes a comma
 * or the record's end. A UTF-8 byte-order mark at the start is skipped. An
 * empty line is no record. Everything else is an error, said as FILE:LINE at
 * the line where the record begins (the line of the fault for a NUL or a
 * quote left open): a NUL byte, text that is not UTF-8, a quote inside an
 * unquoted field, text after a closing quote, a CR not followed by LF, a
 * quoted field still open at the end of the input, a record longer than
 * TCI_CSV_MAX_RECORD bytes or of more than TCI_CSV_MAX_FIELDS fields, more
 * than TCI_CSV_MAX_RECORDS records, more than TCI_CSV_MAX_BYTES bytes.
 *
 * The reader streams: it holds one record at a time, reads its input in
 * blocks, and does a constant amount of work per byte (the record's buffer
 * doubles as it grows), so that a file of any size costs time in proportion
 * to its size and memory in proportion to its longest record. */
#ifndef TCO_UTIL_CSVREAD_H
#define TCO_UTIL_CSVREAD_H

#include "tco.h"

#include <stddef.h>
#include <stdio.h>

#define TCI_CSV_MAX_RECORD  (1024 * 1024)       /* bytes in one record, quotes included */
#define TCI_CSV_MAX_FIELDS  256                 /* fields in one record */
#define TCI_CSV_MAX_RECORDS 1000000             /* records in one input, the header included */
#define TCI_CSV_MAX_BYTES   (256 * 1024 * 1024) /* bytes in one input */

typedef struct tci_csv tci_csv;

/* A reader of the stream `in` (not closed by the reader), or of the `size`
 * bytes at `data` (not copied: they must outlive the reader); `name` is the
 * file named in messages. NULL when out of memory. */
tci_csv *tci_csv_open(FILE *in, const char *name);
tci_csv *tci_csv_open_mem(const char *data, size_t size, const char *name);
/* Free the reader; NULL is a no-op. */
void tci_csv_free(tci_csv *r);

/* Read the next record: 1 when there is one, 0 at the end of the input, -1
 * on an error, said in diags (TCO_ERR_NOMEM's message when out of memory);
 * after -1 every call returns -1. */
int tci_csv_next(tci_csv *r, tco_diags *diags);

/* The fields of the record read last: their count, and field i (0-based,
 * below the count) as a NUL-terminated string of *len bytes (len may be
 * NULL); valid until the next call of tci_csv_next. */
size_t tci_csv_fields(const tci_csv *r);
const char *tci_csv_field(const tci_csv *r, size_t i, size_t *len);

/* The line (1-based) where the record read last begins. */
int tci_csv_line(const tci_csv *r);

/* The input's name, as given to tci_csv_open. */
const char *tci_csv_name(const tci_csv *r);

#endif /* TCO_UTIL_CSVREAD_H */
