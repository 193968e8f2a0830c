/* csvread.c - the CSV reader of csvread.h: RFC 4180, streamed, bounded. */
#include "util/csvread.h"
#include "util/utf8.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK 65536 /* bytes read from a stream at a time */

struct tci_csv {
    FILE *in;                /* the stream, or NULL for a buffer */
    const unsigned char *p;  /* the bytes being read: block or the buffer */
    size_t len, pos;         /* their count, the next one */
    size_t total;            /* bytes consumed from the input so far */
    int eof;                 /* 1: the stream has no more blocks */
    int failed;              /* 1: an error was said; every call fails */
    int started;             /* 1: the byte-order mark was looked for */
    int line;                /* the line of the next byte */
    int rec_line;            /* the line where the record read last begins */
    long records;            /* records read */
    char *buf;               /* the record's fields, each NUL-terminated */
    size_t buf_len, buf_cap; /* bytes used in buf, and its size */
    size_t *starts;          /* offset in buf of each field */
    size_t n_fields;         /* fields of the record */
    size_t rec_bytes;        /* bytes of the record's text, quotes included */
    char *name;              /* the input's name in messages */
    unsigned char block[];   /* the stream's current block */
};

static tci_csv *reader_new(FILE *in, const char *name)
{
    tci_csv *r = calloc(1, sizeof *r + (in ? BLOCK : 0));
    if (!r)
        return NULL;
    r->in = in;
    r->line = 1;
    r->name = strdup(name ? name : "<string>");
    r->starts = malloc(TCI_CSV_MAX_FIELDS * sizeof *r->starts);
    r->buf_cap = 256;
    r->buf = malloc(r->buf_cap);
    if (!r->name || !r->starts || !r->buf) {
        tci_csv_free(r);
        return NULL;
    }
    return r;
}

tci_csv *tci_csv_open(FILE *in, const char *name)
{
    if (!in)
        return NULL;
    tci_csv *r = reader_new(in, name);
    if (r)
        r->p = r->block;
    return r;
}

tci_csv *tci_csv_open_mem(const char *data, size_t size, const char *name)
{
    tci_csv *r = reader_new(NULL, name);
    if (r) {
        r->p = (const unsigned char *)(data ? data : "");
        r->len = data ? size : 0;
        r->eof = 1;
    }
    return r;
}

void tci_csv_free(tci_csv *r)
{
    if (!r)
        return;
    free(r->buf);
    free(r->starts);
    free(r->name);
    free(r);
}

/* The next byte, or -1 at the end of the input (or on a read error, which
 * sets r->failed after saying it). */
static int next_byte(tci_csv *r, tco_diags *d)
{
    if (r->pos < r->len) {
        r->total++;
        return r->p[r->pos++];
    }
    if (r->eof || !r->in)
        return -1;
    r->len = fread(r->block, 1, BLOCK, r->in);
    r->pos = 0;
    if (r->len < BLOCK) {
        r->eof = 1;
        if (ferror(r->in)) {
            tco_diags_add(d, TCO_SEV_ERROR, r->name, r->line, NULL, "cannot read the file");
            r->failed = 1;
            return -1;
        }
    }
    if (r->len == 0)
        return -1;
    r->total++;
    return r->p[r->pos++];
}

/* Say an error at `line` and fail the reader. Returns -1. */
static int fail(tci_csv *r, tco_diags *d, int line, const char *msg)
{
    tco_diags_add(d, TCO_SEV_ERROR, r->name, line, NULL, "%s", msg);
    r->failed = 1;
    return -1;
}

/* Append byte c to the record's buffer, doubling it when full. 0, or -1 when
 * out of memory. */
static int put(tci_csv *r, char c)
{
    if (r->buf_len == r->buf_cap) {
        size_t cap = r->buf_cap * 2;
        char *b = realloc(r->buf, cap);
        if (!b)
            return -1;
        r->buf = b;
        r->buf_cap = cap;
    }
    r->buf[r->buf_len++] = c;
    return 0;
}

/* End the field being read: its terminator, its UTF-8 checked. 0, or -1
 * after saying why. */
static int end_field(tci_csv *r, tco_diags *d)
{
    if (put(r, '\0'))
        return fail(r, d, r->rec_line, "out of memory");
    if (!tci_utf8_valid(r->buf + r->starts[r->n_fields - 1]))
        return fail(r, d, r->rec_line, "a field is not valid UTF-8 text");
    return 0;
}

/* Begin a new field. 0, or -1 after saying there are too many. */
static int begin_field(tci_csv *r, tco_diags *d)
{
    if (r->n_fields == TCI_CSV_MAX_FIELDS)
        return fail(r, d, r->rec_line, "a record has more than 256 fields");
    r->starts[r->n_fields++] = r->buf_len;
    return 0;
}

/* Count one byte of the record's text against its limits. 0, or -1. */
static int count_byte(tci_csv *r, tco_diags *d)
{
    if (++r->rec_bytes > TCI_CSV_MAX_RECORD)
        return fail(r, d, r->rec_line, "a record is longer than 1 MiB (1048576 bytes)");
    if (r->total > TCI_CSV_MAX_BYTES)
        return fail(r, d, r->line, "the file is longer than 256 MiB");
    return 0;
}

/* The states of a field. */
enum { F_START, F_PLAIN, F_QUOTED, F_QUOTE_IN_QUOTED };

/* Read one record's bytes (the first already read: c). 1 with a record, -1
 * on an error. */
static int read_record(tci_csv *r, int c, tco_diags *d)
{
    int state = F_START;
    int quote_line = r->line;
    if (begin_field(r, d))
        return -1;
    for (;; c = next_byte(r, d)) {
        if (r->failed)
            return -1;
        if (c == 0)
            return fail(r, d, r->line, "a NUL byte");
        if (c >= 0 && (state == F_QUOTED || (c != '\n' && c != '\r')) && count_byte(r, d))
            return -1; /* the record's end is not its text */
        if (state == F_QUOTED) {
            if (c < 0)
                return fail(r, d, quote_line, "a quoted field is not closed");
            if (c == '"')
                state = F_QUOTE_IN_QUOTED;
            else {
                if (c == '\n')
                    r->line++;
                if (put(r, (char)c))
                    return fail(r, d, r->rec_line, "out of memory");
            }
            continue;
        }
        if (state == F_QUOTE_IN_QUOTED && c == '"') { /* "" is one quote */
            if (put(r, '"'))
                return fail(r, d, r->rec_line, "out of memory");
            state = F_QUOTED;
            continue;
        }
        /* Outside quotes: the field's and the record's ends. */
        if (c == '\r') {
            c = next_byte(r, d);
            if (c != '\n')
                return r->failed ? -1
                                 : fail(r, d, r->line,
                                        "a carriage return not followed by a "
                                        "line feed");
        }
        if (c < 0 || c == '\n') {
            if (c == '\n')
                r->line++;
            return end_field(r, d) ? -1 : 1;
        }
        if (c == ',') {
            if (end_field(r, d) || begin_field(r, d))
                return -1;
            state = F_START;
            continue;
        }
        if (state == F_QUOTE_IN_QUOTED)
            return fail(r, d, r->line,
                        "text after a closing quote (a quote inside a quoted "
                        "field is written twice)");
        if (c == '"') {
            if (state != F_START)
                return fail(r, d, r->line, "a quote inside a field that is not quoted");
            state = F_QUOTED;
            quote_line = r->line;
            continue;
        }
        state = F_PLAIN;
        if (put(r, (char)c))
            return fail(r, d, r->rec_line, "out of memory");
    }
}

int tci_csv_next(tci_csv *r, tco_diags *d)
{
    if (!r || r->failed)
        return -1;
    r->buf_len = 0;
    r->n_fields = 0;
    r->rec_bytes = 0;
    int c = next_byte(r, d);
    if (!r->started) { /* a byte-order mark: EF BB BF */
        r->started = 1;
        if (c == 0xEF) {
            int c2 = next_byte(r, d), c3 = c2 == 0xBB ? next_byte(r, d) : -1;
            if (c2 != 0xBB || c3 != 0xBF)
                return r->failed ? -1 : fail(r, d, 1, "a field is not valid UTF-8 text");
            c = next_byte(r, d);
        }
    }
    /* Empty lines are no records. */
    for (;;) {
        if (c == '\n') {
            r->line++;
            c = next_byte(r, d);
        } else if (c == '\r') {
            int n = next_byte(r, d);
            if (n != '\n')
                return r->failed ? -1
                                 : fail(r, d, r->line,
                                        "a carriage return not followed by a "
                                        "line feed");
            r->line++;
            c = next_byte(r, d);
        } else
            break;
    }
    if (r->failed)
        return -1;
    if (c < 0)
        return 0;
    if (r->records == TCI_CSV_MAX_RECORDS)
        return fail(r, d, r->line, "the file has more than 1000000 records");
    r->rec_line = r->line;
    r->records++;
    return read_record(r, c, d);
}

size_t tci_csv_fields(const tci_csv *r)
{
    return r->n_fields;
}

const char *tci_csv_field(const tci_csv *r, size_t i, size_t *len)
{
    const char *s = r->buf + r->starts[i];
    if (len) {
        size_t end = i + 1 < r->n_fields ? r->starts[i + 1] - 1 : r->buf_len - 1;
        *len = end - r->starts[i];
    }
    return s;
}

int tci_csv_line(const tci_csv *r)
{
    return r->rec_line;
}

const char *tci_csv_name(const tci_csv *r)
{
    return r->name;
}
